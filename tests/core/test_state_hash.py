"""The state hash covers every part of a game (docs/architecture.md, "The game protocol": the
state hash covers the ruleset's state, the event log, the stream state, sealed orders and the
outcome, so two games with equal hashes are the same game). Each test changes one part alone
on a replayed copy of a game and requires the hash to change; a hash that ignored that part
would let two different games pass as one (a replay on another machine could diverge
unnoticed)."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

import pytest

from hexwar.core import game as game_module
from hexwar.core import registry
from hexwar.core.game import Outcome
from hexwar.core.records import content_hash
from hexwar.testing import play_out


def _pair(scenario: str, steps: int) -> tuple[Any, Any]:
    game = play_out(scenario, 3, steps)
    copy = registry.replay(game.record())
    assert copy.state_hash() == game.state_hash()
    return game, copy


def _draw(g: Any) -> None:
    g.dice.generator.random()  # one draw: the stream moves on, nothing else changes


def _ruleset_state(g: Any) -> None:
    g.reserve["red"] += 1


def _event(g: Any) -> None:
    g.log.append(g.log[-1].time, "note", "an extra line in the log", visible_to="red")


def _step(g: Any) -> None:
    g._step += 1


def _outcome(g: Any) -> None:
    g._outcome = Outcome("red", "an umpire's ruling")


CHANGES: dict[str, Callable[[Any], None]] = {
    "rng": _draw,
    "state": _ruleset_state,
    "events": _event,
    "step": _step,
    "outcome": _outcome,
}


@pytest.mark.parametrize("part", sorted(CHANGES))
def test_state_hash_changes_with_each_part_of_the_state_alone(part: str) -> None:
    game, copy = _pair("tiny/duel", 6)
    before = deepcopy(copy.state_json())  # the ruleset may hand out its live objects
    CHANGES[part](copy)
    after = copy.state_json()
    assert [k for k in before if before[k] != after[k]] == [part]  # that part alone changed
    assert copy.state_hash() != game.state_hash()


def test_state_hash_changes_with_a_sealed_order_alone() -> None:
    game, copy = _pair("tiny-sealed/sealed", 4)
    assert game.decision() is not None
    before = deepcopy(copy.state_json())  # the ruleset may hand out its live objects
    copy._sealed["red"] = copy.ruleset.parse_order("red", "rest")
    after = copy.state_json()
    assert [k for k in before if before[k] != after[k]] == ["sealed"]
    assert copy.state_hash() != game.state_hash()


def test_state_json_has_exactly_the_documented_parts() -> None:
    """A new part must get its own test above: the list of parts is pinned here."""
    game = play_out("tiny/duel", 3, 2)
    assert sorted(game.state_json()) == sorted([*CHANGES, "sealed"])


@pytest.mark.parametrize("scenario", ["tiny/duel", "tiny-sealed/sealed", "idahex/sinai"])
@pytest.mark.parametrize("block", [1, 3, 4096])
def test_state_hash_is_the_hash_of_the_whole_state_json(
    scenario: str, block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``state_hash`` writes the log's JSON a block of events at a time: the same text, so
    the same hash as the whole :meth:`state_json`'s canonical JSON (blocks of one event, of
    a few, and the default; a finished game and an unfinished one)."""
    monkeypatch.setattr(game_module, "_EVENTS_HASHED", block)
    for steps in (3, 12):
        game = play_out(scenario, 5, steps)
        assert game.state_hash() == content_hash(game.state_json())
    assert len(game.log) > 3 * block or block == 4096  # (several blocks)


def test_a_game_with_its_own_state_json_hashes_that() -> None:
    game = play_out("tiny/duel", 3, 4)
    game.state_json = lambda: {"mine": 1}  # type: ignore[method-assign]
    assert game.state_hash() == content_hash({"mine": 1})
