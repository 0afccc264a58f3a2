"""The one public path every ruleset shares: turn order, sealed orders, concession, game over,
views and records (DESIGN.md, "The game protocol")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hexwar.core import registry
from hexwar.core.errors import (
    GameOverError,
    IllegalOrderError,
    RecordError,
    UnknownRulesetError,
)
from hexwar.core.game import TurnStructure
from hexwar.core.orders import CONCEDE
from hexwar.sessions import resolve_scenario
from tests.fixtures.tiny import TinyGame


def _game(scenario: str = "tiny/duel", seed: int = 1) -> TinyGame:
    resolved = resolve_scenario(scenario)
    game = resolved.ruleset.new_game(resolved.scenario, seed=seed, scenario_id=scenario)
    assert isinstance(game, TinyGame)
    return game


def test_registry_finds_rulesets_named_in_the_environment() -> None:
    assert registry.get("tiny").info.turn_structure is TurnStructure.ALTERNATING
    assert "tiny-sealed" in [r.info.id for r in registry.all_rulesets()]


def test_unknown_ruleset_names_the_known_ones() -> None:
    with pytest.raises(UnknownRulesetError, match=r"known: .*tiny"):
        registry.get("chess")


def test_only_the_awaited_side_may_order() -> None:
    game = _game()
    with pytest.raises(IllegalOrderError, match=r"\[turn order\]"):
        game.submit("blue", "rest")


def test_unknown_side_is_refused() -> None:
    with pytest.raises(IllegalOrderError, match="unknown side 'green'"):
        _game().submit("green", "rest")


def test_ruleset_check_refuses_with_the_rule_it_breaks() -> None:
    game = _game()
    game.reserve["red"] = 0
    with pytest.raises(IllegalOrderError) as info:
        game.submit("red", "strike 3")
    assert info.value.rule == "reserve"
    assert game.orders == ()  # a refused order is not recorded


def test_malformed_order_text_is_refused() -> None:
    with pytest.raises(IllegalOrderError, match="syntax"):
        _game().submit("red", "fly away")


def test_accepted_orders_are_numbered_and_recorded_as_json() -> None:
    game = _game()
    first = game.submit("red", "rest")
    second = game.submit("blue", "strike 1")
    assert (first.seq, first.step, first.side) == (0, 0, "red")
    assert (second.seq, second.step) == (1, 1)
    assert game.orders[1].order == {"action": "strike", "power": 1}


def test_sealed_orders_wait_for_every_side() -> None:
    game = _game("tiny-sealed/sealed")
    decision = game.decision()
    assert decision is not None
    assert decision.sides == {"red", "blue"}
    game.submit("red", "rest")
    pending = game.decision()
    assert pending is not None
    assert pending.sides == {"blue"}
    assert game.step == 0  # nothing resolved yet
    with pytest.raises(IllegalOrderError, match="already given sealed orders"):
        game.submit("red", "rest")
    game.submit("blue", "rest")
    assert game.step == 1


def test_sealed_order_is_not_in_the_other_sides_view() -> None:
    game = _game("tiny-sealed/sealed")
    before = game.view("blue").to_json()
    game.submit("red", "strike 1")
    assert game.view("blue").to_json() == before


def test_concession_ends_the_game_for_the_other_side() -> None:
    game = _game()
    game.submit("blue", dict(CONCEDE))
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == ("red", "blue concedes")
    assert game.decision() is None
    with pytest.raises(GameOverError):
        game.submit("red", "rest")


def test_concession_is_replayed_from_the_record() -> None:
    game = _game()
    game.submit("red", "rest")
    game.submit("red", dict(CONCEDE))
    again = registry.replay(game.record())
    assert again.outcome() == game.outcome()
    assert again.state_hash() == game.state_hash()


def test_record_with_another_version_is_refused() -> None:
    stale = replace(_game().record(), ruleset_version="0")
    with pytest.raises(RecordError, match="made with tiny 0"):
        registry.replay(stale)


def test_record_with_a_changed_scenario_is_refused() -> None:
    record = _game().record()
    tampered = replace(record, scenario={**record.scenario, "hit_points": 9})
    with pytest.raises(RecordError, match="does not match its recorded hash"):
        registry.replay(tampered)


def test_state_hash_changes_with_the_state() -> None:
    game = _game()
    before = game.state_hash()
    game.submit("red", "rest")
    assert game.state_hash() != before


def test_hidden_bonus_event_is_seen_only_by_its_side() -> None:
    game = _game()
    bonus = next(e for e in game.events() if e.kind == "bonus")
    (lucky,) = bonus.visible_to
    unlucky = "blue" if lucky == "red" else "red"
    assert bonus in game.events(lucky)
    assert bonus not in game.events(unlucky)
    assert bonus.receipt is not None
    assert [r.label for r in bonus.receipt.rolls] == ["who gets the bonus", "bonus reserve"]


def test_designers_report_holds_the_umpires_whole_log_then_the_ruleset_sections() -> None:
    """DESIGN.md "The game protocol": the designer's report is the umpire's view, hidden
    events included, followed by the ruleset's own sections."""
    game = _game()
    game.submit("red", CONCEDE)
    bonus = next(e for e in game.events() if e.kind == "bonus")
    text = game.report()
    assert "outcome: blue wins: red concedes" in text
    assert f"state: {game.state_hash()}" in text
    assert bonus.text in text  # seen by one side only, yet in the report
    assert text.index("== Log ==") < text.index("== Hit points ==")


def test_summary_is_the_rulesets_jsonable_account() -> None:
    game = _game()
    assert game.summary() == {"hit_points": {"red": 4, "blue": 4}, "rounds": game.round}
