"""The event log: total order, per-side visibility, receipts, and the four renderers."""

from __future__ import annotations

import inspect
import json

import pytest

from hexwar.core.events import (
    ALL,
    Event,
    EventLog,
    Modifier,
    Receipt,
    render_json,
    render_markdown,
    render_mediawiki,
    render_text,
)
from hexwar.core.rng import Roll


def _log() -> EventLog:
    log = EventLog()
    log.append(1, "move", "red moves", visible_to="red")
    log.append(
        1,
        "attack",
        "red attacks blue at @CD: hit",
        receipt=Receipt(
            inputs={"attacker": 3, "defender": 2},
            table="hit chance",
            row="+1 strength",
            modifiers=(Modifier("rough terrain", "-10%"),),
            rolls=(Roll("hit", 0.31, chance=0.5, success=True),),
            result="hit",
        ),
        visible_to=ALL,
    )
    log.append(2, "spot", "blue spots a unit", visible_to={"blue"})
    return log


def test_sequence_numbers_give_a_total_order() -> None:
    assert [e.seq for e in _log()] == [0, 1, 2]


def test_time_cannot_run_backwards() -> None:
    log = _log()
    with pytest.raises(ValueError, match="precedes"):
        log.append(1, "late", "too late", visible_to=ALL)


def test_each_side_sees_only_its_events() -> None:
    log = _log()
    assert [e.kind for e in log.for_side("red")] == ["move", "attack"]
    assert [e.kind for e in log.for_side("blue")] == ["attack", "spot"]
    assert len(log.for_side(None)) == 3


def test_event_json_round_trip_keeps_the_receipt() -> None:
    for event in _log():
        assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event


def test_text_renderer_shows_the_receipt() -> None:
    text = render_text(_log().for_side("red"))
    assert "red attacks blue at @CD: hit" in text
    assert "table: hit chance, row +1 strength" in text
    assert "modifiers: rough terrain -10%" in text
    assert "roll hit: 0.31 vs 50% -> success" in text


def test_json_renderer_is_a_list_of_events() -> None:
    data = json.loads(render_json(_log()))
    assert [e["kind"] for e in data] == ["move", "attack", "spot"]
    assert data[1]["receipt"]["rolls"][0]["success"] is True
    assert data[0]["visible_to"] == ["red"]


def test_markdown_renderer_nests_receipts() -> None:
    md = render_markdown(_log(), title="Battle")
    assert md.startswith("# Battle\n")
    assert "- **1** red attacks blue at @CD: hit" in md
    assert "  - result: hit" in md


def test_mediawiki_renderer_is_a_wikitable() -> None:
    wiki = render_mediawiki(_log(), title="Battle")
    assert wiki.startswith("== Battle ==")
    assert '{| class="wikitable"' in wiki
    assert wiki.rstrip().endswith("|}")
    assert wiki.count("|-") == 3


def test_all_marker_makes_an_event_public() -> None:
    log = EventLog()
    event = log.append(0, "x", "public", visible_to=ALL)
    assert event.visible_to == frozenset({ALL})
    assert event.visible("anyone")


def test_every_event_names_who_sees_it() -> None:
    """Issue 15: ``visible_to`` defaulted to everyone, so a forgotten one leaked the event;
    now it has no default (the type checker, and Python itself, insist on it)."""
    parameter = inspect.signature(EventLog.append).parameters["visible_to"]
    assert parameter.default is inspect.Parameter.empty
    with pytest.raises(TypeError, match="visible_to"):
        EventLog().append(0, "x", "who sees this?")  # type: ignore[call-arg]
