"""The one public path every ruleset shares: turn order, sealed orders, concession, game over,
views and records (DESIGN.md, "The game protocol")."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from hexwar.core import registry
from hexwar.core.errors import (
    GameOverError,
    IllegalOrderError,
    RecordError,
    ScenarioError,
    UnknownRulesetError,
)
from hexwar.core.events import EventLog, render_text
from hexwar.core.game import Decision, Ruleset, RulesetInfo, TurnStructure
from hexwar.core.orders import CONCEDE, MAX_ORDER_CHARS, JsonValue
from hexwar.core.views import View
from hexwar.sessions import resolve_scenario
from tests.fixtures.tiny import TinyGame, TinyOrder, TinyRuleset, TinySealedRuleset


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


# -- the protocol's details, each at the point a mutation of the core left unchecked ------------


class _ThreeSidedRuleset(TinyRuleset):
    """The tiny duel with a third side that never moves: a concession then leaves two."""

    info: ClassVar[RulesetInfo] = replace(TinyRuleset.info, sides=("red", "blue", "green"))


class _SideRecordingRuleset(TinyRuleset):
    """The tiny duel whose order reader notes which side each order was read for."""

    def __init__(self) -> None:
        self.read_for: list[str] = []

    def parse_order(self, side: str, data: JsonValue | str) -> TinyOrder:
        self.read_for.append(side)
        return super().parse_order(side, data)


def _duel(ruleset: TinyRuleset) -> TinyGame:
    scenario = resolve_scenario("tiny/duel").scenario
    game = ruleset.new_game(scenario, seed=1, scenario_id="tiny/duel")
    assert isinstance(game, TinyGame)
    return game


def test_game_over_is_an_event_everyone_sees_with_the_outcome_as_data() -> None:
    """DESIGN.md "The game protocol": the end of the game is written into the log."""
    game = _game()
    game.submit("red", "rest")
    game.submit("blue", CONCEDE)
    last = game.events()[-1]
    assert (last.kind, last.text) == ("game-over", "Game over: blue concedes")
    assert last.data == {"winner": "red", "reason": "blue concedes"}
    assert last.time == game.events()[-2].time  # stamped with the last event's time
    assert last in game.events("red")
    assert last in game.events("blue")
    assert game.state_json()["outcome"] == {"winner": "red", "reason": "blue concedes"}


def test_game_over_in_an_empty_log_is_stamped_at_time_zero() -> None:
    game = _game()
    game.log = EventLog()
    game.submit("red", CONCEDE)
    assert [(e.time, e.kind) for e in game.events()] == [(0, "game-over")]


def test_concession_among_three_sides_names_no_winner() -> None:
    """Conceding hands the game to the opponent only when there is exactly one."""
    game = _duel(_ThreeSidedRuleset())
    game.submit("red", CONCEDE)
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (None, "red concedes")
    assert "\noutcome: nobody wins: red concedes\n" in game.report()


def test_concession_is_recorded_at_the_decision_it_ends() -> None:
    game = _game()
    game.submit("red", "rest")
    conceded = game.submit("blue", CONCEDE)
    assert (conceded.seq, conceded.step, conceded.side) == (1, 1, "blue")
    assert conceded.order == dict(CONCEDE)


def test_sealed_decision_keeps_its_step_and_prompt_while_orders_come_in() -> None:
    game = _game("tiny-sealed/sealed")
    before = game.decision()
    assert before is not None
    assert before.prompt == "round 1"
    game.submit("blue", "rest")
    assert game.decision() == Decision(before.step, frozenset({"red"}), "round 1")


def test_refusals_name_the_order_and_the_rule() -> None:
    game = _game()
    with pytest.raises(IllegalOrderError) as turn:
        game.submit("blue", "rest")
    assert str(turn.value) == "blue has no decision to make now (waiting for red) [turn order]"
    assert turn.value.order == "rest"
    sealed = _game("tiny-sealed/sealed")
    sealed.submit("red", "rest")
    with pytest.raises(IllegalOrderError) as twice:
        sealed.submit("red", "strike 1")
    assert str(twice.value) == (
        "red has already given sealed orders for step 0 [one order per decision]"
    )
    assert (twice.value.rule, twice.value.order) == ("one order per decision", "strike 1")


def test_sealed_decision_lists_every_side_waited_for() -> None:
    class _ThreeSidedSealed(TinySealedRuleset):
        info: ClassVar[RulesetInfo] = replace(
            TinySealedRuleset.info, sides=("red", "blue", "green")
        )

    game = _duel(_ThreeSidedSealed())
    with pytest.raises(IllegalOrderError) as info:
        game.submit("green", "rest")
    assert str(info.value) == (
        "green has no decision to make now (waiting for blue, red) [turn order]"
    )


def test_orders_after_the_end_are_refused_with_the_reason() -> None:
    game = _game()
    game.submit("red", CONCEDE)
    with pytest.raises(GameOverError, match=r"^the game is over \(red concedes\); no more orders$"):
        game.submit("blue", "rest")


def test_unknown_side_names_the_rule_and_the_sides() -> None:
    with pytest.raises(IllegalOrderError) as info:
        _game().view("green")
    assert str(info.value) == "unknown side 'green'; tiny has red, blue [sides]"
    assert info.value.rule == "sides"


def test_shared_order_limits_apply_before_the_rulesets_reader() -> None:
    """docs/architecture.md, order limits: every ruleset refuses an over-long order alike."""
    game = _game()
    with pytest.raises(IllegalOrderError) as info:
        game.submit("red", "rest " + "x" * MAX_ORDER_CHARS)
    assert info.value.rule == "order limits"


def test_an_order_object_is_taken_as_it_is_and_text_is_read_for_its_side() -> None:
    ruleset = _SideRecordingRuleset()
    game = _duel(ruleset)
    game.submit("red", TinyOrder("rest"))
    assert ruleset.read_for == []  # an Order object is not parsed again
    game.submit("blue", "strike 1")
    assert ruleset.read_for == ["blue"]
    assert [o.order for o in game.orders] == [
        {"action": "rest", "power": 0},
        {"action": "strike", "power": 1},
    ]


class _LeakyGame(TinyGame):
    def _view(self, side: str) -> dict[str, Any]:
        return {"reach": math.inf}

    def _summary(self) -> dict[str, Any]:
        return {"odds": math.nan}


def test_views_and_summaries_that_json_cannot_carry_are_refused() -> None:
    """DESIGN.md: a view is JSON-able, checked where the game hands it out."""
    scenario = resolve_scenario("tiny/duel").scenario
    game = _LeakyGame(TinyRuleset(), scenario, seed=1, scenario_id="tiny/duel")
    with pytest.raises(TypeError, match=r"^view\.reach: inf is not finite$"):
        game.view("red")
    with pytest.raises(TypeError, match=r"^view\.odds: nan is not finite$"):
        game.summary()


def test_designers_report_layout() -> None:
    """The report: six head lines, then each section as '== title ==', a blank line and its
    text with one final newline."""
    game = _game()
    text = game.report()
    lines = text.split("\n")
    assert lines[:7] == [
        "Tiny duel (test fixture) (tiny 1): designer's report",
        "scenario: tiny/duel",
        "seed: 1",
        "decisions: 0",
        "outcome: unfinished",
        f"state: {game.state_hash()}",
        "",
    ]
    log = render_text(game.events())
    assert text.endswith(f"\n== Log ==\n\n{log}\n== Hit points ==\n\nblue: 4\nred: 4\n")


def test_record_keeps_the_agents_named() -> None:
    record = _game().record(agents={"red": "random", "blue": "mcts"})
    assert record.agents == {"red": "random", "blue": "mcts"}


def test_bundled_scenarios_are_the_toml_and_json_files_by_stem(tmp_path: Path) -> None:
    for name in ("sinai.v2.toml", "duel.json", "notes.txt", "b.TOML"):
        (tmp_path / name).write_text("", encoding="utf-8")

    class _Dir(TinySealedRuleset):
        scenario_dir = tmp_path

    found = Ruleset.bundled_scenarios(_Dir())
    assert list(found) == ["tiny-sealed/duel", "tiny-sealed/sinai.v2"]

    class _None(TinySealedRuleset):
        scenario_dir = None

    class _Missing(TinySealedRuleset):
        scenario_dir = tmp_path / "absent"

    assert Ruleset.bundled_scenarios(_None()) == {}
    assert Ruleset.bundled_scenarios(_Missing()) == {}


def test_core_defaults_of_a_ruleset_that_adds_nothing(tmp_path: Path) -> None:
    """What a ruleset gets without the optional hooks (docs/architecture.md, "Adding a
    ruleset"): the view as indented JSON, a JSON order prompt, no files of its own, no legal
    order list, no series."""
    ruleset = TinySealedRuleset()
    game = _game("tiny-sealed/sealed")
    view = game.view("red")
    assert Ruleset.render_view(ruleset, view) == (
        '{\n  "round": 1,\n  "hit_points": 4,\n  "reserve": 2,\n  "enemy_hit_points": 4\n}'
    )
    accents = View("tiny-sealed", "red", 0, {"leader": "Rommel, Wüstenfuchs"})
    assert Ruleset.render_view(ruleset, accents) == '{\n  "leader": "Rommel, Wüstenfuchs"\n}'
    assert Ruleset.order_help(ruleset, view) == "Enter an order as JSON."
    card = tmp_path / "duel.txt"
    card.write_text("DUEL tiny-sealed\n", encoding="utf-8")
    assert ruleset.claim_scenario_files([card]) == 0
    with pytest.raises(ScenarioError) as info:
        ruleset.read_scenario_files([card])
    assert (
        str(info.value) == f"{card}: the tiny-sealed ruleset reads scenarios from TOML or JSON only"
    )
    with pytest.raises(ScenarioError, match=r"^the tiny-sealed ruleset reads scenarios"):
        ruleset.read_scenario_files([])
    with pytest.raises(
        NotImplementedError, match=r"^the tiny-sealed ruleset lists no legal orders$"
    ):
        Ruleset.legal_orders(ruleset, view)
    assert game.series() == {}


def test_series_that_json_cannot_carry_are_refused() -> None:
    class _BadSeries(TinyGame):
        def _series(self) -> dict[str, Any]:
            return {"series": [{"y": [math.inf]}]}

    scenario = resolve_scenario("tiny/duel").scenario
    game = _BadSeries(TinyRuleset(), scenario, seed=1, scenario_id="tiny/duel")
    with pytest.raises(TypeError, match=r"^view\.series\[0\]\.y\[0\]: inf is not finite$"):
        game.series()
