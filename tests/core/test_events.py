"""The event log: total order, per-side visibility, receipts, and the four renderers."""

from __future__ import annotations

import copy
import gc
import inspect
import json
import pickle

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


def test_a_reader_after_a_sequence_number_gets_what_it_has_not_seen() -> None:
    """A reader holding the log up to ``after`` (the web's news, the spectators') reads the
    same events as the whole log filtered by ``seq > after``, for every side and the
    umpire, from before the first event to past the last."""
    log = _log()
    for side in ("red", "blue", None):
        whole = log.for_side(side)
        for after in range(-3, 5):
            got = log.for_side(side, after)
            assert [e.to_json() for e in got] == [e.to_json() for e in whole if e.seq > after]


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


def test_the_log_hands_out_the_events_appended() -> None:
    """The log keeps rows of plain values and makes each event again when asked: equal to
    the one appended, field for field, in every way of reading the log."""
    log = EventLog()
    made = [
        log.append(0, "a", "one", visible_to="red", data={"n": 1, "s": "x", "f": 0.5}),
        log.append_owned(0.5, "b", "two", frozenset({"red", "blue"}), {}),
        log.append(1, "c", "three", visible_to=ALL, receipt=Receipt(result="hit")),
    ]
    log.add(2.0, "d", "four", frozenset({"blue"}), {"tf": 3, "status": "1/10/1"})
    events = list(log)
    assert events[:3] == made
    assert [e.seq for e in events] == [0, 1, 2, 3]
    assert list(events[0].data) == ["n", "s", "f"]  # (the keys in their order)
    assert log[-1] == events[3]
    assert log[-1].visible_to == frozenset({"blue"})
    assert log[-1].data == {"tf": 3, "status": "1/10/1"}
    assert log[1:3] == events[1:3]
    assert log[::-1] == events[::-1]
    with pytest.raises(IndexError):
        log[4]
    assert log.to_json() == [e.to_json() for e in events]
    for side in ("red", "blue", "green", None):
        assert log.for_side(side) == [e for e in events if e.visible(side)]
    assert list(pickle.loads(pickle.dumps(log))) == events


def test_an_event_of_plain_values_is_left_out_of_the_collectors_walks() -> None:
    """A row whose values are all atomic is a tuple the collector stops tracking, so a long
    game's log does not make each full collection longer; one holding a container stays
    tracked, as any container."""
    log = EventLog()
    log.add(0, "status", "task force 1: 1/10/1 -> 1/20/2", frozenset({"red"}), {"tf": 1})
    log.add(1, "note", "a list in its data", frozenset(), {"cells": [1, 2]})
    gc.collect()
    gc.collect()  # (a tuple is let go once the tuples it holds were: they may come after it)
    assert not gc.is_tracked(log._rows[0])
    assert gc.is_tracked(log._rows[1])


def test_an_event_given_as_keys_and_values_is_the_one_a_dict_of_them_makes() -> None:
    log, other = EventLog(), EventLog()
    seen = frozenset({"red"})
    log.add(2.5, "status", "task force 1: 1/10/1 -> 1/20/2", seen, {"tf": 1, "status": "1/20/2"})
    other.add_fields(
        2.5, "status", "task force 1: 1/10/1 -> 1/20/2", seen, ("tf", "status"), (1, "1/20/2")
    )
    assert other._rows == log._rows
    assert other[0] == log[0]
    with pytest.raises(ValueError, match="precedes"):
        other.add_fields(1.0, "status", "late", seen, ("tf",), (1,))


def test_equal_rows_are_shared_and_give_the_events_appended() -> None:
    """A row of str and int data values is shared with the equal row logged before; rows
    whose values are equal but of other types (1, 1.0, True; 0.0 and -0.0) or that hold a
    receipt or a container are not, and every event comes back as it was appended, its
    time's type included."""
    log = EventLog()
    seen = frozenset({"red"})
    given = [
        (0, "status", "task force 1: a -> b", {"tf": 1, "status": "b"}, None),
        (0.5, "status", "task force 1: a -> b", {"tf": 1, "status": "b"}, None),
        (1.0, "status", "task force 1: a -> b", {"tf": 1.0, "status": "b"}, None),
        (1.5, "status", "task force 1: a -> b", {"tf": True, "status": "b"}, None),
        (2, "note", "zero", {"x": 0.0}, None),
        (2.5, "note", "zero", {"x": -0.0}, None),
        (3.0, "note", "cells", {"cells": [1, 2]}, None),
        (3.5, "note", "cells", {"cells": [1, 2]}, None),
        (4.0, "note", "judged", {}, Receipt(result="hit")),
        (4.5, "note", "judged", {}, Receipt(result="hit")),
        (5.0, "status", "task force 1: a -> b", {"tf": 1, "status": "b"}, None),
    ]
    made = [
        log.append(t, kind, text, visible_to=seen, data=data, receipt=receipt)
        for t, kind, text, data, receipt in given
    ]
    rows = log._rows
    assert rows[1] is rows[0]
    assert rows[10] is rows[0]
    assert len({id(r) for r in rows[2:10]}) == 8
    events = list(log)
    assert events == made
    for e, (t, _, _, data, _) in zip(events, given, strict=True):
        assert type(e.time) is type(t)
        assert e.time == t
        assert [type(v) for v in e.data.values()] == [type(v) for v in data.values()]
    assert [str(e.data.get("x")) for e in events[4:6]] == ["0.0", "-0.0"]
    assert log.to_json() == [e.to_json() for e in events]
    again = pickle.loads(pickle.dumps(log))
    assert list(again) == events
    copied = copy.deepcopy(log)
    assert list(copied) == events
    copied.add(6.0, "status", "task force 1: a -> b", seen, {"tf": 1, "status": "b"})
    assert copied[-1].data == {"tf": 1, "status": "b"}
    assert len(log) == len(given)


def test_float_times_kept_as_doubles_turn_to_any_times_at_the_first_other() -> None:
    log = EventLog()
    seen = frozenset({"blue"})
    log.add(0.25, "a", "one", seen, {})
    log.add(1.0, "b", "two", seen, {})
    assert type(log._times) is not list
    log.add(2, "c", "three", seen, {})
    log.add(2.5, "d", "four", seen, {})
    assert [(type(e.time), e.time) for e in log] == [
        (float, 0.25),
        (float, 1.0),
        (int, 2),
        (float, 2.5),
    ]
    with pytest.raises(ValueError, match="precedes"):
        log.add(2.25, "e", "late", seen, {})
