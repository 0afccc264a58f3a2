"""Fuzz: orders of every ruleset, as text and as JSON, mutated, are read or refused with an
IllegalOrderError naming the rule -- by the reader and by the game they are given to (issue 15,
item 9; architecture: "orders get an IllegalOrderError naming the rule")."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwar.core.errors import HexwarError, IllegalOrderError
from hexwar.core.game import Game
from hexwar.sessions import ResolvedScenario, resolve_scenario
from tests.fuzz.conftest import FUZZ, FUZZ_SLOW, data_mutations, text_mutations

SCENARIOS = {
    "aggressor": "aggressor/sector",
    "airwar": "airwar/small-three-cities",
    "idahex": "idahex/sinai",
    "tactical": "tactical/meeting1941",
    "flankbattle": "flankbattle/hastings",
}

# Each notation's examples, from the order modules' documentation.
EXAMPLES = {
    "aggressor": [
        "3 4",
        "3 7 @KH recon",
        "unit 2 key 7 @@",
        "0",
        "partisans 2",
        "setup armor@LH infantry@LI artillery@LJ",
    ],
    "airwar": [
        "cities K20 D30 H14",
        "units K3x3 L4x2 M5; unproductive K45",
        "K5-K6x2 K7-K7 K9>D30 K9>H20x2",
        "K40>>D30",
        "K5@K6x2",
        "pass",
    ],
    "idahex": [
        "mission 16,31,0 16,11,0 12,10,2.65 units 4,9 mode 0",
        "mission tf 3 12,10; cancel 3",
        "transfer 12 givers 5 takers 4,9 amounts 6=10,7=5",
        "deliver tf 3 12 size 0.5 to 4,9; undeliver 2",
        "cas 38 aircraft 4,0,2",
        "interdiction 49 priority 3,4,1,2 aircraft 0,6,0",
        "pass",
    ],
    "tactical": [
        "move A1 3,4; fire T1 G2; assault A2 G2; smoke M1 5,2; dismount R1; move C1 3,4",
        "pass",
    ],
    "flankbattle": [
        "default",
        '{"flanks": [{"x": 60, "y": 120, "infantry": 700, "cavalry": 0, "artillery": 0, '
        '"ships": 0, "maneuver": "Normal"}, {"x": 60, "y": 200, "infantry": 5, '
        '"maneuver": "Hit and run"}]}',
    ],
}


@cache
def resolved(ruleset: str) -> ResolvedScenario:
    return resolve_scenario(SCENARIOS[ruleset])


def new_game(ruleset: str) -> Game[Any, Any]:
    r = resolved(ruleset)
    return r.ruleset.new_game(r.scenario, seed=1, scenario_id=r.scenario_id)


@cache
def json_examples(ruleset: str) -> list[dict[str, Any]]:
    """The JSON form of each example, and of the first computer-chosen orders."""
    game = new_game(ruleset)
    out = []
    for text in EXAMPLES[ruleset]:
        out.append({"order": game.ruleset.parse_order(game.info.sides[0], text).to_json()})
    import numpy as np

    side = sorted(game.decision().sides)[0]  # type: ignore[union-attr]
    for seed in range(3):
        order = game.ruleset.random_order(game.view(side), np.random.default_rng(seed))
        out.append({"order": order.to_json()})
    return out


def texts(ruleset: str) -> st.SearchStrategy[str]:
    return st.sampled_from(EXAMPLES[ruleset]).flatmap(
        lambda text: text_mutations(text, extra=["x99", "@", ",", "-", ">", ">>", "x0", "tf"])
    )


def jsons(ruleset: str) -> st.SearchStrategy[Any]:
    return st.sampled_from(json_examples(ruleset)).flatmap(
        lambda wrapped: data_mutations(wrapped).map(lambda d: d.get("order"))
    )


def read_or_refuse(game: Game[Any, Any], order: Any) -> None:
    side = game.info.sides[0]
    try:
        game.ruleset.parse_order(side, order)
    except IllegalOrderError as e:
        error: IllegalOrderError = e
    else:
        return
    assert error.rule, f"an IllegalOrderError without its rule: {error}"


def submit_or_refuse(ruleset: str, order: Any) -> None:
    game = new_game(ruleset)
    side = sorted(game.decision().sides)[0]  # type: ignore[union-attr]
    before = game.state_hash()
    try:
        game.submit(side, order)
    except HexwarError:
        assert game.state_hash() == before  # a refused order changes nothing


@pytest.mark.parametrize("ruleset", sorted(SCENARIOS))
def test_mutated_order_text_is_read_or_refused_by_rule(ruleset: str) -> None:
    game = new_game(ruleset)

    @FUZZ
    @given(texts(ruleset))
    def check(text: str) -> None:
        read_or_refuse(game, text)

    check()


@pytest.mark.parametrize("ruleset", sorted(SCENARIOS))
def test_mutated_order_json_is_read_or_refused_by_rule(ruleset: str) -> None:
    game = new_game(ruleset)

    @FUZZ
    @given(jsons(ruleset))
    def check(order: Any) -> None:
        read_or_refuse(game, order)

    check()


@pytest.mark.parametrize("ruleset", sorted(SCENARIOS))
def test_mutated_orders_given_to_a_game_are_played_or_refused(ruleset: str) -> None:
    @FUZZ_SLOW
    @given(texts(ruleset) | jsons(ruleset))
    def check(order: Any) -> None:
        submit_or_refuse(ruleset, order)

    check()
