"""Game records (DESIGN.md, "Records and the state hash"): the canonical JSON spelling that the
scenario hash and the state hash are taken of, infinities spelt so that JSON can carry them,
and the record's own JSON form, which exports and ``replay`` read back."""

from __future__ import annotations

import datetime
import hashlib
import math
from dataclasses import replace
from typing import Any

import pytest
from pydantic import Field

from hexwar.core import registry
from hexwar.core.records import GameRecord, canonical_json, content_hash
from hexwar.sessions import resolve_scenario
from tests.fixtures.tiny import TinyScenario, TinySealedRuleset


def test_canonical_json_sorts_keys_without_spaces_and_keeps_utf8() -> None:
    data = {"b": [1, 2.5], "a": {"é": "ß", "c": None}, "d": datetime.date(1953, 1, 2)}
    assert canonical_json(data) == '{"a":{"c":null,"é":"ß"},"b":[1,2.5],"d":"1953-01-02"}'


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_canonical_json_refuses_what_json_cannot_spell(bad: float) -> None:
    with pytest.raises(ValueError, match="Out of range float values are not JSON compliant"):
        canonical_json({"x": [bad]})


def test_canonical_json_refuses_other_objects() -> None:
    with pytest.raises(TypeError, match=r"^not JSON data: \{1\}$"):
        canonical_json({"x": {1}})


def test_scenario_hash_is_the_sha256_of_the_scenarios_canonical_json() -> None:
    game = _tiny_game()
    text = '{"hit_points":4,"max_rounds":25,"reserve":2,"ruleset":"tiny","title":"A short duel"}'
    expected = hashlib.sha256(text.encode()).hexdigest()
    assert game.record().scenario_hash == expected
    assert content_hash(game.record().scenario) == expected


class _ReachScenario(TinyScenario):
    reach: float = 1.0
    ranges: list[float] = Field(default_factory=list)


class _ReachRuleset(TinySealedRuleset):
    scenario_model = _ReachScenario


def test_infinite_scenario_values_are_tagged_in_the_record_and_read_back() -> None:
    """records.NONFINITE_KEY: an impassable barrier's infinite delay survives a record."""
    ruleset = _ReachRuleset()
    scenario = _ReachScenario(
        ruleset="tiny-sealed", title="far", reach=math.inf, ranges=[-math.inf, 2.5, math.inf]
    )
    record = ruleset.new_game(scenario, seed=3, scenario_id="far").record()
    assert record.scenario["reach"] == {"__float__": "inf"}
    assert record.scenario["ranges"] == [{"__float__": "-inf"}, 2.5, {"__float__": "inf"}]
    assert record.scenario["max_rounds"] == 30  # other numbers as they are
    again = ruleset.scenario_from_json(record.scenario)
    assert isinstance(again, _ReachScenario)
    assert again.reach == math.inf
    assert again.ranges == [-math.inf, 2.5, math.inf]


def test_a_finite_float_is_not_tagged() -> None:
    ruleset = _ReachRuleset()
    scenario = _ReachScenario(ruleset="tiny-sealed", title="near", reach=-0.5, ranges=[0.0])
    record = ruleset.new_game(scenario, seed=3, scenario_id="near").record()
    assert (record.scenario["reach"], record.scenario["ranges"]) == (-0.5, [0.0])
    assert ruleset.scenario_from_json(record.scenario) == scenario


def _tiny_game() -> Any:
    resolved = resolve_scenario("tiny/duel")
    return resolved.ruleset.new_game(resolved.scenario, seed=7, scenario_id="tiny/duel")


def test_record_json_form() -> None:
    """The record's JSON: format 1, what replays the game, and the state hash when known."""
    game = _tiny_game()
    game.submit("red", "rest")
    record = replace(game.record(agents={"red": "random"}), state_hash="abc")
    assert record.to_json() == {
        "format": 1,
        "ruleset": "tiny",
        "ruleset_version": "1",
        "scenario_id": "tiny/duel",
        "scenario_hash": record.scenario_hash,
        "scenario": {
            "ruleset": "tiny",
            "title": "A short duel",
            "hit_points": 4,
            "reserve": 2,
            "max_rounds": 25,
        },
        "seed": 7,
        "agents": {"red": "random"},
        "orders": [{"seq": 0, "step": 0, "side": "red", "order": {"action": "rest", "power": 0}}],
        "state_hash": "abc",
    }
    assert "state_hash" not in replace(record, state_hash=None).to_json()


def test_record_json_reads_back_to_the_same_record_and_game() -> None:
    game = _tiny_game()
    game.submit("red", "strike 1")
    record = game.record(agents={"red": "random", "blue": "human"})
    back = GameRecord.from_json(record.to_json())
    assert back == record
    assert registry.replay(back).state_hash() == game.state_hash()
    hashed = replace(record, state_hash=game.state_hash())
    assert GameRecord.from_json(hashed.to_json()) == hashed


def test_record_json_without_agents_and_orders_is_a_game_not_begun() -> None:
    data = _tiny_game().record().to_json()
    del data["agents"], data["orders"]
    data["seed"] = "7"  # numbers written as text are read as numbers
    back = GameRecord.from_json(data)
    assert (back.agents, back.orders, back.seed, back.state_hash) == ({}, (), 7, None)
    assert back == _tiny_game().record()
