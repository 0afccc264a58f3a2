"""Choices over HTTP (issue 39 item 1): ``GET`` and ``POST /api/games/{id}/choices``, the
seat's legal choices from the lists the research driver numbers, each with the piece and the
hexes of ``board.svg`` it points at, and a plan built on the server choice by choice."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient

from hexwar.core import registry
from hexwar.core.choices import notation
from hexwar.rl.driver import Driver
from hexwar.rulesets.aggressor import rules as rl
from hexwar.web.app import create_app
from hexwar.web.svg import render_board
from tests.web.conftest import bearer, new_game

SCENARIOS = [s for r in registry.all_rulesets() for s in r.bundled_scenarios()]
# The computer ("ai") plays the second side where a game against it ends within seconds;
# both seats are human elsewhere.
AGAINST_AI = {"aggressor", "tactical", "flankbattle"}
# Decisions taken (POSTs) before a game is left unfinished. A random air war player takes
# ~1,000 choices to lose even to the computer (each unit step is one), an IDAHEX game runs
# 2,000 steps of its clock: those are cut here, after dozens of decisions each. Every other
# game must end well before its bound.
CAPS = {"airwar": 60, "idahex": 60}
BOUND = 2_000
SVG_EVERY = 20  # the marks of every SVG_EVERY-th list are checked against board.svg
WAIT = 60.0  # seconds a test waits for a computer player at most (a hang guard, not a check)

_DATA_HEX = re.compile(r'<polygon class="hex" data-label="[^"]*" data-hex="([^"]+)"')
_DATA_REF = re.compile(r'class="counter[^"]*" data-ref="([^"]+)"')


def _choices(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game_id}/choices", headers=bearer(token))
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def _take(client: TestClient, game_id: str, token: str, step: int, index: int, **extra: Any) -> Any:
    body = {"step": step, "index": index, **extra}
    return client.post(f"/api/games/{game_id}/choices", json=body, headers=bearer(token))


def _state(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game_id}/state", headers=bearer(token))
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def _board(client: TestClient, game_id: str, token: str) -> tuple[set[str], set[str]]:
    """The hexes (``data-hex``) and the counters (``data-ref``) of the seat's board.svg."""
    svg = client.get(f"/api/games/{game_id}/board.svg", headers=bearer(token)).text
    return set(_DATA_HEX.findall(svg)), set(_DATA_REF.findall(svg))


def _check_list(listed: dict[str, Any]) -> None:
    """A list's shape: entries numbered 0..n-1, each with its text, marks and kind."""
    assert [c["index"] for c in listed["choices"]] == list(range(len(listed["choices"])))
    for c in listed["choices"]:
        assert c["text"]
        assert c["kind"]
        assert all(isinstance(h, str) for h in c["hexes"])


def _check_marks(client: TestClient, game_id: str, token: str, listed: dict[str, Any]) -> None:
    hexes, refs = _board(client, game_id, token)
    for c in listed["choices"]:
        assert set(c["hexes"]) <= hexes, c
        assert c["piece"] is None or c["piece"] in refs, c


def _first_side_with_choices(
    client: TestClient, game_id: str, tokens: dict[str, str]
) -> tuple[str, dict[str, Any]] | None:
    for side, token in tokens.items():
        listed = _choices(client, game_id, token)
        if listed["choices"]:
            return side, listed
    return None


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One app for the module (each test plays games of its own): its computer players'
    processes start once."""
    with TestClient(create_app(tmp_path_factory.mktemp("choices-home"))) as c:
        yield c


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_bundled_scenario_plays_through_choices_alone(
    client: TestClient, scenario: str
) -> None:
    """Issue 39 item 1: a client that only ever picks from ``/choices`` plays every bundled
    scenario (and the test suite's tiny rulesets, which have no hook of their own) to its
    end: random picks from a fixed seed, one human seat against the computer or both human;
    the air war and IDAHEX are cut at ``CAPS`` decisions. Each list is numbered from 0; a
    choice that does not submit extends the plan (the answer's plan is its text); the marks
    point at hexes and counters of ``board.svg``."""
    ruleset = registry.get(scenario.split("/")[0])
    sides = ruleset.info.sides
    ai = ruleset.info.id in AGAINST_AI
    seats = {s: ("ai" if ai and s == sides[1] else "human") for s in sides}
    game = new_game(client, scenario, seats, seed=3)
    gid = game["id"]
    humans = {s: game["tokens"][s] for s in sides if seats[s] == "human"}
    watcher = next(iter(humans.values()))
    cap = CAPS.get(ruleset.info.id, BOUND)
    rng = np.random.default_rng(39)
    lists = {s: _choices(client, gid, t) for s, t in humans.items()}
    decisions = 0
    while decisions < cap:
        side = next((s for s, listed in lists.items() if listed["choices"]), None)
        if side is None:  # the computer decides, or the game is over
            if _state(client, gid, watcher)["outcome"] is not None:
                break
            deadline = time.monotonic() + WAIT
            while not any(listed["choices"] for listed in lists.values()):
                assert time.monotonic() < deadline, "the computer player never answered"
                time.sleep(0.02)
                lists = {s: _choices(client, gid, t) for s, t in humans.items()}
                if _state(client, gid, watcher)["outcome"] is not None:
                    break
            continue
        listed = lists[side]
        _check_list(listed)
        if decisions % SVG_EVERY == 0:
            _check_marks(client, gid, humans[side], listed)
        i = int(rng.integers(len(listed["choices"])))
        chosen = listed["choices"][i]
        r = _take(client, gid, humans[side], listed["step"], i)
        assert r.status_code == 200, r.text
        answer = r.json()
        decisions += 1
        if answer.get("submitted") is None:  # the plan grew by this choice
            assert chosen["kind"] != "submit"
            assert answer["plan"] == chosen["text"]
            lists[side] = answer
            continue
        # An order went in: every seat's list may change (the next turn, a sealed order).
        lists = {s: answer if s == side else _choices(client, gid, t) for s, t in humans.items()}
    outcome = _state(client, gid, watcher)["outcome"]
    if ruleset.info.id in CAPS:
        assert decisions == cap or outcome is not None
    else:
        assert outcome is not None, f"{scenario}: not over after {decisions} decisions"


@pytest.mark.parametrize(
    "scenario",
    [
        "aggressor/sector",
        "tactical/meeting1941",
        "airwar/small-three-cities",
        "idahex/sinai",
        "flankbattle/hastings",
    ],
)
def test_the_web_and_the_research_driver_list_the_same_choices(
    client: TestClient, scenario: str
) -> None:
    """Issue 39 item 1: for the same game the web's ``/choices`` and
    :class:`hexwar.rl.driver.Driver` list the same orders, in the same order, step after
    step and choice after choice (both build them with ``list_choices``; the web places a
    set-up piece by piece, the driver's ``setups="pieces"``)."""
    ruleset = registry.get(scenario.split("/")[0])
    sides = ruleset.info.sides
    game = new_game(client, scenario, dict.fromkeys(sides, "human"), seed=5)
    gid, tokens = game["id"], {s: game["tokens"][s] for s in sides}
    driver = Driver(scenario, seed=5, setups="pieces")
    rng = np.random.default_rng(7)
    compared = 0
    for _ in range(40):
        awaiting = driver.awaiting()
        if not awaiting:
            break
        for side in sides:
            listed = _choices(client, gid, tokens[side])
            assert [c["text"] for c in listed["choices"]] == [
                notation(o) for o in driver.choices(side)
            ]
            plan = driver.plans[side]
            assert listed["plan"] == (None if plan is None else notation(plan))
            assert listed["step"] == driver.game.step
        side = awaiting[0]
        n = len(driver.choices(side))
        i = int(rng.integers(n))
        r = _take(client, gid, tokens[side], driver.game.step, i)
        assert r.status_code == 200, r.text
        driver.act(side, i)
        compared += 1
    assert compared >= 2


@pytest.fixture
def aggressor(client: TestClient) -> dict[str, Any]:
    """An Aggressor game with two human seats, at its first set-up."""
    return new_game(client, "aggressor/sector", {"west": "human", "east": "human"}, seed=2)


def _mover(client: TestClient, game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    found = _first_side_with_choices(client, game["id"], _seats(game))
    assert found is not None
    return found


def _seats(game: dict[str, Any]) -> dict[str, str]:
    return {s: t for s, t in game["tokens"].items() if s != "umpire"}


def test_a_stale_step_is_409(client: TestClient, aggressor: dict[str, Any]) -> None:
    """Issue 39 item 1: a choice made for a step the game has left answers 409, and takes
    nothing."""
    gid = aggressor["id"]
    side, listed = _mover(client, aggressor)
    token = aggressor["tokens"][side]
    r = _take(client, gid, token, listed["step"] + 1, 0)
    assert r.status_code == 409
    assert "read the choices again" in r.json()["detail"]
    send = len(listed["choices"]) - 1  # the set-up, the units not placed placed at random
    r = _take(client, gid, token, listed["step"], send)
    assert r.status_code == 200, r.text
    assert r.json()["submitted"]["step"] == listed["step"]
    r = _take(client, gid, token, listed["step"], send)
    assert r.status_code == 409
    assert _state(client, gid, token)["orders"] == 1


def test_a_plan_other_than_the_one_read_is_409(client: TestClient) -> None:
    """Issue 39 item 1: with ``plan``, a choice read with another plan (another tab of the
    seat extended it meanwhile) answers 409; the plan is kept as it was."""
    game = new_game(client, "tactical/meeting1941", {"allied": "human", "axis": "human"})
    side, listed = _mover(client, game)
    token, gid = game["tokens"][side], game["id"]
    assert listed["plan"] is None
    grown = _take(client, gid, token, listed["step"], 0, plan=None)
    assert grown.status_code == 200, grown.text
    assert grown.json()["plan"] == listed["choices"][0]["text"]
    r = _take(client, gid, token, listed["step"], 0, plan=None)
    assert r.status_code == 409
    assert _choices(client, gid, token)["plan"] == listed["choices"][0]["text"]


def test_a_stepwise_plan_is_built_on_the_server_and_submitted_by_its_last_entry(
    client: TestClient,
) -> None:
    """Issue 39 item 1 (docs/research.md, stepwise lists): every entry but the last extends
    the plan, the plan is the seat's on the server (a fresh GET shows it), and the last entry
    submits it: the order stored is the plan, in the same notation."""
    game = new_game(client, "tactical/meeting1941", {"allied": "human", "axis": "human"})
    side, listed = _mover(client, game)
    token, gid = game["tokens"][side], game["id"]
    assert listed["choices"][-1]["kind"] == "submit"
    listed = _take(client, gid, token, listed["step"], 0).json()
    plan = listed["plan"]
    assert _choices(client, gid, token)["plan"] == plan
    assert listed["choices"][-1]["text"] == plan
    r = _take(client, gid, token, listed["step"], len(listed["choices"]) - 1)
    assert r.status_code == 200, r.text
    submitted = r.json()["submitted"]
    assert submitted["late"] is False
    replay = client.get(f"/api/games/{gid}/replay", headers=bearer(token)).json()
    assert replay["frames"][-1]["text"] == plan


def test_an_index_outside_the_list_is_422(client: TestClient, aggressor: dict[str, Any]) -> None:
    """Issue 39 item 1: an index past the list's end is 422 naming the choices offered; a
    malformed body is 422 naming its field."""
    side, listed = _mover(client, aggressor)
    token, gid = aggressor["tokens"][side], aggressor["id"]
    n = len(listed["choices"])
    r = _take(client, gid, token, listed["step"], n)
    assert r.status_code == 422
    assert f"0..{n - 1}" in r.json()["detail"]
    r = client.post(
        f"/api/games/{gid}/choices", json={"step": "0", "index": 0}, headers=bearer(token)
    )
    assert r.status_code == 422
    assert "step" in str(r.json()["detail"])
    assert _state(client, gid, token)["orders"] == 0


def test_a_seat_that_has_nothing_to_decide_gets_the_empty_list(
    client: TestClient, aggressor: dict[str, Any]
) -> None:
    """Issue 39 item 1: not the seat's turn, an empty list (and a choice is 409)."""
    side, listed = _mover(client, aggressor)
    other = next(s for s in _seats(aggressor) if s != side)
    token, gid = aggressor["tokens"][other], aggressor["id"]
    waiting = _choices(client, gid, token)
    assert waiting == {"step": listed["step"], "plan": None, "actions": [], "choices": []}
    assert _take(client, gid, token, listed["step"], 0).status_code == 409


def test_the_umpire_gets_the_empty_list_and_may_not_choose(
    client: TestClient, aggressor: dict[str, Any]
) -> None:
    """Issue 39 item 1: the umpire gives no orders (docs/web.md): its list is empty and a
    choice is refused with 403, as its orders are."""
    _side, listed = _mover(client, aggressor)
    umpire, gid = aggressor["tokens"]["umpire"], aggressor["id"]
    assert _choices(client, gid, umpire) == {
        "step": listed["step"],
        "plan": None,
        "actions": [],
        "choices": [],
    }
    r = _take(client, gid, umpire, listed["step"], 0)
    assert r.status_code == 403
    assert "umpire" in r.json()["detail"]


def test_a_choice_waits_for_the_computers_answer_and_wakes_the_streams(
    client: TestClient,
) -> None:
    """Issue 39 item 1: a submitted choice is stored like a typed order; the reply comes
    after the computer's answer (Aggressor: east sets up once west has), so the list it
    carries is the seat's next decision or, if the computer's turn comes first, empty."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "ai"}, seed=4)
    gid, token = game["id"], game["tokens"]["west"]
    listed = _choices(client, gid, token)
    kinds = [c["kind"] for c in listed["choices"]]
    assert kinds == ["place"] * (len(kinds) - 1) + ["submit"]
    r = _take(client, gid, token, listed["step"], len(kinds) - 1)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["submitted"]["message"] == f"ok: order {answer['submitted']['seq']} accepted"
    state = _state(client, gid, token)
    assert state["orders"] >= 2  # west's set-up and east's answer
    assert answer["step"] == state["step"]


# -- what a choice points at (the rulesets' describe_choices hooks) ------------------------------


def test_an_aggressor_move_choice_marks_the_hex_in_its_keys_direction(
    client: TestClient, aggressor: dict[str, Any]
) -> None:
    """Aggressor TURN SEQUENCE E: key K moves unit U to the adjacent hex in direction K; the
    choice ``U K`` names U's counter and marks that hex, which board.svg draws."""
    gid = aggressor["id"]
    for _ in range(2):  # both set-ups, each unit placed at random (the Send entry)
        side, listed = _mover(client, aggressor)
        send = len(listed["choices"]) - 1
        r = _take(client, gid, aggressor["tokens"][side], listed["step"], send)
        assert r.status_code == 200
    side, listed = _mover(client, aggressor)
    token = aggressor["tokens"][side]
    moves = [c for c in listed["choices"] if c["kind"] == "move"]
    assert moves
    view = client.get(f"/api/games/{gid}/view", headers=bearer(token)).json()["view"]["data"]
    at = {str(u["number"]): u["at"] for u in view["units"]}
    hexes, refs = _board(client, gid, token)
    for c in moves:
        unit, key = c["text"].split()
        assert c["piece"] == unit
        target = rl.NEIGHBOURS[rl.parse_label(at[unit])][int(key) - 1]
        assert c["hexes"] == [str(rl.hex_of(target))]
        assert c["hexes"][0] in hexes
        assert unit in refs
    assert listed["choices"][-1]["kind"] == "end"


def test_an_air_war_set_up_is_placed_city_by_city_then_unit_by_unit(client: TestClient) -> None:
    """Air war §2.0 (initial stage: each player places the opponent's cities, then its own
    units), by pointing (issue 39 item 2, "placement by clicking"): each choice but the last
    places one city (``city``) or one unit (``place``) and marks its field on board.svg; the
    last (``submit``) is the plan with the rest placed at random and marks the fields placed
    so far. Two cities, then Send; two units on one field, then Send."""
    game = new_game(client, "airwar/small-three-cities", {"1": "human", "2": "human"})
    gid, token = game["id"], game["tokens"]["1"]
    hexes, _refs = _board(client, gid, token)
    board = client.get(f"/api/games/{gid}/board", headers=bearer(token)).json()  # fixed board
    by_label = {h["label"]: h["at"] for h in board["hexes"]}
    listed = _choices(client, gid, token)
    step = listed["step"]
    placed: list[str] = []
    for _ in range(2):
        *cities, send = listed["choices"]
        assert {c["kind"] for c in cities} == {"city"}
        assert send["kind"] == "submit"
        assert send["hexes"] == [by_label[f] for f in placed]
        for c in cities:
            assert c["piece"] is None
            assert c["text"].startswith("cities " + " ".join([*placed, ""]))
            assert c["hexes"] == [by_label[c["text"].split()[-1]]]
            assert c["action"] in (c["text"], c["text"].split()[-1])  # the first: "cities F"
            assert set(c["hexes"]) <= hexes
        placed.append(cities[0]["text"].split()[-1])
        listed = _take(client, gid, token, step, 0).json()
        assert listed["actions"][-1].split()[-1] == placed[-1]
    # the Send entry: 3 cities (§3.1.1), the two placed first
    send = listed["choices"][-1]
    assert send["text"].split()[1:3] == placed
    assert len(send["text"].split()) == 4
    listed = _take(client, gid, token, step, len(listed["choices"]) - 1).json()
    assert listed["submitted"] is not None
    # player 2 places 1's cities too; then each places its own units
    other = game["tokens"]["2"]
    two = _choices(client, gid, other)
    _take(client, gid, other, two["step"], len(two["choices"]) - 1)
    listed = _choices(client, gid, token)
    *units, send = listed["choices"]
    assert {c["kind"] for c in units} == {"place"}
    field = units[0]["text"].removeprefix("units ")
    for n in (1, 2):
        listed = _take(client, gid, token, listed["step"], units[0]["index"]).json()
        assert listed["plan"] == f"units {field}" + (f"x{n}" if n > 1 else "")
        units = listed["choices"][:-1]
        assert listed["choices"][-1]["hexes"] == [by_label[field]]
    done = _take(client, gid, token, listed["step"], len(listed["choices"]) - 1).json()
    assert done["submitted"] is not None


def test_an_aggressor_set_up_is_placed_unit_by_unit(client: TestClient) -> None:
    """Aggressor SET UP (18 units, one a hex, in the side's own territory), by pointing: each
    free hex of west's territory (columns A-J) is offered once per unit type; a hex taken is
    offered no more; the Send entry keeps the units placed and draws the rest."""
    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"}, seed=2)
    gid, token = game["id"], game["tokens"]["west"]
    listed = _choices(client, gid, token)
    *places, send = listed["choices"]
    assert len(places) == 10 * 15 * 6  # hexes of columns A-J x the six unit types
    assert {c["kind"] for c in places} == {"place"}
    assert send["kind"] == "submit"
    assert all(c["hexes"] == [str(rl.hex_of(rl.parse_label(c["text"][-3:])))] for c in places)
    first = next(c for c in places if c["text"] == "setup armor@CD")
    listed = _take(client, gid, token, listed["step"], first["index"]).json()
    assert listed["actions"] == ["armor@CD"]  # the keyword every first action shares, dropped
    *places, send = listed["choices"]
    assert len(places) == (10 * 15 - 1) * 6
    assert not any(c["text"].endswith("@CD") for c in places)
    assert send["hexes"] == first["hexes"]
    second = next(c for c in places if c["text"].endswith("infantry@AA"))
    assert second["action"] == "infantry@AA"
    listed = _take(client, gid, token, listed["step"], second["index"]).json()
    sent = listed["choices"][-1]["text"].split()
    assert sent[:3] == ["setup", "armor@CD", "infantry@AA"]
    assert len(sent) == 1 + 18
    r = _take(client, gid, token, listed["step"], len(listed["choices"]) - 1)
    assert r.status_code == 200
    assert r.json()["submitted"] is not None


def test_a_tactical_fire_choice_marks_its_targets_hex() -> None:
    """Seed 002 (fire at an enemy unit in sight): ``fire UNIT ENEMY`` names the firing unit's
    counter and marks the hex where the enemy unit is seen, the hex of that enemy's counter on
    the map (board.svg's renderer); ``assault`` alike."""
    driver = Driver("tactical/meeting1941", seed=1)
    rng = np.random.default_rng(0)
    for _ in range(400):
        side = driver.awaiting()[0]
        orders = driver.choices(side)
        view = driver.view(side)
        marks = driver.ruleset.describe_choices(view, orders, driver.plans[side])
        fire = [(o, m) for o, m in zip(orders, marks, strict=True) if m.kind == "fire"]
        if fire:
            break
        driver.act(side, int(rng.integers(len(orders))))
    else:
        pytest.fail("no fire choice in 400 random choices")
    svg = render_board(driver.ruleset.describe_board(view))
    enemy_at = dict(
        re.findall(
            r'class="counter enemy" data-ref="([^"]+)" data-side="[^"]+" '
            r'data-hex="([^"]+)"',
            svg,
        )
    )
    for order, mark in fire:
        action = order.actions[-1]  # type: ignore[attr-defined]
        assert mark.piece == action.unit
        assert [str(h) for h in mark.hexes] == [enemy_at[action.target]]


def test_a_plans_actions_are_listed_and_each_can_be_taken_back(client: TestClient) -> None:
    """Issue 39 item 2 ("taken actions are listed beside the map, each removable (undo) until
    the plan is sent"), on the server: each choice taken adds one action in words; undoing
    the first keeps the second where the new list still offers it (the same piece, kind and
    hexes), so the plan is then the second action alone, as if it had been taken first."""
    game = new_game(client, "tactical/meeting1941", {"allied": "human", "axis": "human"})
    side, listed = _mover(client, game)
    token, gid = game["tokens"][side], game["id"]
    step = listed["step"]
    first = listed["choices"][0]
    one = _take(client, gid, token, step, 0).json()
    assert one["actions"] == [first["text"]]
    other = next(c for c in one["choices"][:-1] if c["piece"] != first["piece"])
    two = _take(client, gid, token, step, other["index"]).json()
    assert len(two["actions"]) == 2
    assert two["actions"][0] == first["text"]
    assert two["actions"][1] in other["text"]
    assert first["text"] not in two["actions"][1]
    back = client.post(
        f"/api/games/{gid}/choices", json={"step": step, "undo": 0}, headers=bearer(token)
    )
    assert back.status_code == 200, back.text
    after = back.json()
    assert after["actions"] == [two["actions"][1]]
    alone = next(
        c
        for c in listed["choices"]
        if c["piece"] == other["piece"]
        and c["hexes"] == other["hexes"]
        and c["kind"] == other["kind"]
    )
    assert after["plan"] == alone["text"]
    r = client.post(
        f"/api/games/{gid}/choices", json={"step": step, "undo": 5}, headers=bearer(token)
    )
    assert r.status_code == 422
    assert "no action 5" in r.json()["detail"]


def test_auto_submits_the_computers_order_for_the_decision(client: TestClient) -> None:
    """Issue 39 item 2, the set-up's **Auto** (the terminal's ``:auto``): the seat's order is
    the one the ruleset's ``ai`` gives for the decision, drawn from the stream that agent uses
    at it (seed 003's Aggressor set-up, west), stored like any order."""
    from hexwar.agents import AI, agent_rng, make_agent
    from hexwar.sessions import Session, bundled_scenario

    game = new_game(client, "aggressor/sector", {"west": "human", "east": "human"}, seed=5)
    token, gid = game["tokens"]["west"], game["id"]
    listed = _choices(client, gid, token)
    r = client.post(
        f"/api/games/{gid}/choices",
        json={"step": listed["step"], "auto": True},
        headers=bearer(token),
    )
    assert r.status_code == 200, r.text
    assert r.json()["submitted"]["step"] == listed["step"]
    alone = Session.start(bundled_scenario("aggressor/sector"), seed=5, agents={})
    view = alone.game.view("west")
    expected = make_agent(alone.game.ruleset, "west", AI).act(
        view, agent_rng(5, "west", listed["step"])
    )
    replay = client.get(f"/api/games/{gid}/replay", headers=bearer(token)).json()
    assert replay["frames"][-1]["text"] == str(expected)


@pytest.mark.parametrize(
    "body",
    [{"step": 0}, {"step": 0, "index": 0, "undo": 0}, {"step": 0, "index": 0, "auto": True}],
    ids=["none", "index-and-undo", "index-and-auto"],
)
def test_a_choice_body_says_one_thing(
    client: TestClient, aggressor: dict[str, Any], body: dict[str, Any]
) -> None:
    """Issue 39 item 1's body: one of index, undo or auto; anything else is 422."""
    r = client.post(
        f"/api/games/{aggressor['id']}/choices",
        json=body,
        headers=bearer(aggressor["tokens"]["west"]),
    )
    assert r.status_code == 422
    assert "one of index, undo or auto" in str(r.json()["detail"])
