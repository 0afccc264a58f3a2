"""The umpire's amendments in the core (issue 19, item 4): the order type, how a game records
and replays them, the notice every side gets, and a clear refusal where a ruleset takes none.

The tiny fixture ruleset (tests/fixtures/tiny.py) takes only the core's own kind, ``end``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hexwar.core import registry
from hexwar.core.errors import GameOverError, IllegalOrderError
from hexwar.core.game import Game
from hexwar.core.orders import AMEND_RULE, UMPIRE, Amendment
from hexwar.core.records import GameRecord
from hexwar.sessions import Session, resolve_scenario
from hexwar.store import GameStore


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
