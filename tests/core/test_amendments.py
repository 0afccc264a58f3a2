"""The umpire's amendments in the core (issue 19, item 4): the order type, how a game records
and replays them, the notice every side gets, and a clear refusal where a ruleset takes none.

The tiny fixture ruleset (tests/fixtures/tiny.py) takes only the core's own kind, ``end``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import pytest

from hexwar.core import registry
from hexwar.core.errors import GameOverError, IllegalOrderError
from hexwar.core.game import Decision, Game, RulesetInfo, TurnStructure
from hexwar.core.orders import AMEND_RULE, UMPIRE, Amendment
from hexwar.core.records import GameRecord
from hexwar.sessions import Session, resolve_scenario
from hexwar.store import GameStore
from tests.core.helpers import _game
from tests.fixtures.tiny import TinyOrder, TinyRuleset, TinyScenario


def _duel() -> Game[Any, Any]:
    resolved = resolve_scenario("tiny/duel")
    return resolved.ruleset.new_game(resolved.scenario, seed=3, scenario_id="tiny/duel")


@pytest.mark.parametrize(
    "text",
    [
        "move west 3 to @KH: a counter knocked over",
        "remove 2 C7x2: agreed by both players",
        "hold C by nobody: the sector was never taken",
        "end east: west left the table",
        "end nobody: time ran out",
    ],
)
def test_an_amendment_reads_back_from_its_text_and_its_json(text: str) -> None:
    amendment = Amendment.parse(text)
    assert str(amendment) == text
    assert Amendment.from_json(amendment.to_json()) == amendment
    assert Amendment.read(text) == Amendment.read(amendment.to_json()) == amendment


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ("move west 3 to @KH", "write an amendment as"),  # no reason
        ("move west 3: no target", "write a move as"),
        ("hold C: no holder", "write a holding as"),
        ("teleport 3: x", "must be one of"),
        ({"amend": "end", "side": "east"}, "needs its reason"),
        ({"amend": "remove", "reason": "x"}, "needs 'unit'"),
        ({"amend": "end", "reason": "x", "unit": "3"}, "has no field unit"),
        ({"amend": "end", "reason": "x" * 501}, "longer than 500"),
    ],
)
def test_a_malformed_amendment_is_refused_naming_what_is_wrong(given: Any, says: str) -> None:
    with pytest.raises(IllegalOrderError, match=says) as caught:
        Amendment.read(given)
    assert caught.value.rule == AMEND_RULE


def test_the_umpires_ruling_ends_the_game_every_side_is_told_and_a_replay_repeats_it() -> None:
    game = _duel()
    game.submit("red", "strike 1")
    submitted = game.submit(UMPIRE, "end blue: red struck below the belt")
    assert (submitted.side, submitted.seq, submitted.step) == (UMPIRE, 1, 1)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner == "blue"
    assert outcome.reason == "the umpire's ruling: red struck below the belt"
    for side in ("red", "blue"):
        texts = [e.text for e in game.events(side)]
        assert "The umpire amends the game: red struck below the belt" in texts
    replayed = registry.replay(GameRecord.from_json(game.record().to_json()))
    assert replayed.state_hash() == game.state_hash()
    with pytest.raises(GameOverError):
        game.submit(UMPIRE, "end red: second thoughts")


def test_a_ruleset_without_the_kind_refuses_it_clearly_and_nothing_changes() -> None:
    game = _duel()
    before = game.state_hash()
    with pytest.raises(IllegalOrderError, match=r"takes no 'move' amendment \(it takes: end\)"):
        game.submit(UMPIRE, "move red to 1,1: test")
    with pytest.raises(IllegalOrderError, match="unknown side 'green' to win"):
        game.submit(UMPIRE, "end green: test")
    assert game.state_hash() == before
    assert game.orders == ()


def test_only_the_umpire_amends() -> None:
    game = _duel()
    with pytest.raises(IllegalOrderError, match="only the umpire"):
        game.submit("red", Amendment("end", "mine", side="red"))
    with pytest.raises(IllegalOrderError):
        game.submit("red", {"amend": "end", "reason": "mine", "side": "red"})


def test_an_amendment_is_stored_like_any_order_and_resumes(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        session = Session.start(resolve_scenario("tiny/duel"), seed=3, agents={}, store=store)
        session.submit("red", "rest")
        session.submit(UMPIRE, "end nobody: the hall closes")
        assert session.game_id is not None
        assert store.status(session.game_id) == "finished"
        resumed = Session.resume(store, session.game_id)
    assert resumed.game.orders[-1].side == UMPIRE
    assert resumed.game.state_hash() == session.game.state_hash()


@pytest.mark.parametrize("ruleset", registry.all_rulesets(), ids=lambda r: r.info.id)
def test_the_umpires_help_writes_the_change_alone_as_the_form_asks(ruleset: Any) -> None:
    """Issue 39 item 9: the umpire's page asks for the change and, in a field of its own, the
    reason, and joins them as ``CHANGE: REASON``; so each example of the ruleset's help is the
    change alone (no ``: REASON`` inside it), and with a reason joined it is an amendment of a
    kind the ruleset takes."""
    lines = ruleset.amendment_help.splitlines()
    assert lines
    for line in lines:
        change = line.split("  ")[0].strip()  # the comment, after two spaces or more, aside
        assert ":" not in change, line
        assert "REASON" not in line, line
        assert Amendment.parse(f"{change}: a reason").kind in ruleset.amendments, line


def _refusal(game: Game[Any, Any], side: str, order: Any) -> IllegalOrderError:
    with pytest.raises(IllegalOrderError) as caught:
        game.submit(side, order)
    return caught.value


class _TakesMoves(TinyRuleset):
    """The tiny duel with a ruleset that lists ``move`` among its amendments but has no
    ``_amend`` of its own: the core's default refuses it (``Game._amend``'s docstring:
    "Default: refuses")."""

    amendments: ClassVar[tuple[str, ...]] = ("end", "move")


def _notices(game: Game[Any, Any], side: str | None) -> list[Any]:
    return [e for e in game.events(side) if e.kind == "amendment"]


class _CouncilGame(Game[TinyScenario, TinyOrder]):
    """Three sides give sealed orders each step and nothing else happens: the smallest game in
    which two sides' sealed orders can be pending at once (the protocol sets no limit on the
    number of sides)."""

    def _awaiting(self) -> Decision:
        return Decision(self.step, frozenset(self.info.sides), "vote")

    def _check(self, side: str, order: TinyOrder) -> None:
        pass

    def _resolve(self, orders: Mapping[str, TinyOrder]) -> None:
        pass

    def _view(self, side: str) -> dict[str, Any]:
        return {"step": self.step}

    def _state_json(self) -> dict[str, Any]:
        return {}


class _CouncilRuleset(TinyRuleset):
    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="council",
        version="1",
        title="Three sides, sealed orders (test)",
        sides=("red", "blue", "green"),
        turn_structure=TurnStructure.SIMULTANEOUS,
        hidden_information=False,
        stochastic=False,
        seed_document="none",
    )

    def new_game(self, scenario: TinyScenario, *, seed: int, scenario_id: str) -> _CouncilGame:
        return _CouncilGame(self, scenario, seed=seed, scenario_id=scenario_id)


@pytest.mark.found_by_full_run
def test_an_amendment_that_is_neither_text_nor_an_object_is_refused_saying_so() -> None:
    """``Game.amend``: "a malformed amendment ... (rule ``umpire amendments``)"; a list is
    neither the text form nor the JSON object, and the message is all the umpire is told."""
    game = _game()
    refusal = _refusal(game, UMPIRE, ["end", "nobody"])
    assert str(refusal) == "an amendment is text or a JSON object [umpire amendments]"
    assert refusal.rule == AMEND_RULE
    assert refusal.order == ["end", "nobody"]
    assert game.orders == ()


@pytest.mark.found_by_full_run
def test_a_kind_the_ruleset_does_not_take_is_refused_naming_the_kinds_it_takes() -> None:
    """A ruleset taking two kinds (end, move) refuses ``hold`` and lists both, comma
    separated; the refusal carries the amendment's JSON form."""
    game = _game(ruleset=_TakesMoves())
    refusal = _refusal(game, UMPIRE, "hold C by nobody: never taken")
    assert str(refusal) == (
        "the tiny ruleset takes no 'hold' amendment (it takes: end, move) [umpire amendments]"
    )
    assert refusal.rule == AMEND_RULE
    assert refusal.order == {"amend": "hold", "reason": "never taken", "place": "C", "side": None}


@pytest.mark.found_by_full_run
def test_a_listed_kind_without_the_rulesets_hook_is_refused_by_the_core_default() -> None:
    """``Game._amend``'s default: the kind is refused with rule ``umpire amendments`` and the
    amendment's JSON, and nothing is recorded or changed."""
    game = _game(ruleset=_TakesMoves())
    before = game.state_hash()
    refusal = _refusal(game, UMPIRE, "move red 1 to @KH: the counter fell")
    assert str(refusal) == "the tiny ruleset takes no 'move' amendment [umpire amendments]"
    assert refusal.rule == AMEND_RULE
    assert refusal.order == {
        "amend": "move",
        "reason": "the counter fell",
        "unit": "red 1",
        "to": "@KH",
    }
    assert game.orders == ()
    assert game.state_hash() == before


@pytest.mark.found_by_full_run
def test_an_end_for_an_unknown_side_names_the_sides_the_game_has() -> None:
    game = _game()
    refusal = _refusal(game, UMPIRE, "end green: test")
    assert str(refusal) == (
        "unknown side 'green' to win; tiny has red, blue (or nobody) [umpire amendments]"
    )
    assert refusal.rule == AMEND_RULE
    assert refusal.order == {"amend": "end", "reason": "test", "side": "green"}


@pytest.mark.found_by_full_run
def test_a_side_that_amends_is_refused_under_the_amendments_rule() -> None:
    """``Game.submit``: side ``umpire`` gives amendments; a player's is refused, rule
    ``umpire amendments``."""
    refusal = _refusal(_game(), "red", Amendment("end", "mine", side="red"))
    assert str(refusal) == "red may not amend the game: only the umpire does [umpire amendments]"
    assert refusal.rule == AMEND_RULE


@pytest.mark.found_by_full_run
def test_no_amendment_after_the_end_and_the_umpire_is_told_why() -> None:
    """``Game.amend`` raises GameOverError once the game is over, naming how it ended."""
    game = _game()
    game.submit("red", {"concede": True})
    with pytest.raises(GameOverError) as caught:
        game.submit(UMPIRE, "end blue: too late")
    assert str(caught.value) == "the game is over (red concedes); no more orders"


@pytest.mark.found_by_full_run
def test_an_amendment_withdraws_the_sealed_orders_and_every_side_is_told() -> None:
    """``Game.amend``: "Every side is told that the umpire amended the game and why ...
    Sealed orders already given for the pending decision are withdrawn: those sides order
    again." Red has sealed its order in the sealed duel; the umpire then ends the game."""
    game = _game("tiny-sealed/sealed")
    game.submit("red", "strike 1")
    submitted = game.submit(UMPIRE, "end blue: red's seal was broken")
    assert (submitted.seq, submitted.step, submitted.side) == (1, 0, UMPIRE)
    assert submitted.order == {"amend": "end", "reason": "red's seal was broken", "side": "blue"}
    for side in ("red", "blue", None):
        (notice,) = _notices(game, side)
        assert notice.kind == "amendment"
        assert notice.text == (
            "The umpire amends the game: red's seal was broken"
            " (the sealed orders of red are withdrawn: order again)"
        )
        assert notice.data == {"reason": "red's seal was broken", "order": 1, "withdrawn": ["red"]}
    assert game.state_json()["sealed"] == {}


@pytest.mark.found_by_full_run
def test_an_amendment_with_no_sealed_orders_says_only_its_reason() -> None:
    game = _game()
    game.submit("red", "rest")
    game.submit(UMPIRE, "end nobody: the hall closes")
    (notice,) = _notices(game, "blue")
    assert notice.text == "The umpire amends the game: the hall closes"
    assert notice.data == {"reason": "the hall closes", "order": 1, "withdrawn": []}


@pytest.mark.found_by_full_run
def test_the_notice_lists_every_side_whose_sealed_orders_are_withdrawn() -> None:
    game = _game(ruleset=_CouncilRuleset())
    game.submit("red", "rest")
    game.submit("blue", "rest")
    game.submit(UMPIRE, "end nobody: the vote was rigged")
    (notice,) = _notices(game, "green")
    assert notice.text == (
        "The umpire amends the game: the vote was rigged"
        " (the sealed orders of blue, red are withdrawn: order again)"
    )
    assert notice.data == {
        "reason": "the vote was rigged",
        "order": 2,
        "withdrawn": ["blue", "red"],
    }
