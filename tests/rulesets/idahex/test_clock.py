"""IDAHEX time and the event queue (seed 000, §2.3 Time, §3.3 queue order and eps)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.clock import (
    Break,
    BreakKind,
    Clock,
    EventQueue,
    Key,
    Priority,
    Timing,
    status_change_priority,
)

# File 50 group 2 of the sample data (§9.2.1) is '0 1000. .25 .5 1.0 .1'. Read in the stated
# order (tinit, tend, tframe, tcycle, tpd, delta) it gives tcycle = .5 < tpd = 1.0; with the
# period and cycle the other way round it satisfies every §10 bound (see the rulings).
SAMPLE = Timing(tinit=0.0, tend=1000.0, tframe=0.25, tcycle=1.0, tpd=0.5)
SMALL = Timing(tinit=2.0, tend=5.0, tframe=0.5, tcycle=2.0, tpd=1.0)

FE, CS, PS = BreakKind.FRAME_END, BreakKind.CYCLE_START, BreakKind.PERIOD_START


def timing(**changes: float) -> Timing:
    values = {"tinit": 0.0, "tend": 10.0, "tframe": 0.25, "tcycle": 1.0, "tpd": 0.5}
    values.update(changes)
    return Timing(**values)


# -- Timing: the §10 bounds -----------------------------------------------------------------


def test_sample_data_times_are_valid_with_period_shorter_than_cycle_seed000_s9_2_1() -> None:
    assert (SAMPLE.frames_per_period, SAMPLE.periods_per_cycle) == (2, 2)
    assert SAMPLE.frames_per_cycle == 4


def test_sample_data_times_in_the_stated_read_order_break_tcycle_lb_seed000_s10() -> None:
    """§10: 'tcycle  length of cycle LB = tpd'."""
    with pytest.raises(InvalidInputError) as info:
        Timing(tinit=0, tend=1000, tframe=0.25, tcycle=0.5, tpd=1.0)
    assert [str(p) for p in info.value.problems] == ["tcycle: must be >= tpd (1), got 0.5"]


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"tinit": -1.0, "tend": 0.0}, "tinit: must be >= 0, got -1"),
        ({"tend": -0.5, "tinit": 0.0}, "tend: must be >= tinit (0), got -0.5"),
        ({"tframe": 0.0}, "tframe: must be > 0, got 0"),
        ({"tframe": 1.0}, "tpd: must be >= tframe (1), got 0.5"),
        ({"tframe": 0.2}, "tpd: must be a whole number of frames (tframe = 0.2), got 0.5"),
        ({"tcycle": 0.75}, "tcycle: must be a whole number of periods (tpd = 0.5), got 0.75"),
    ],
)
def test_time_bounds_seed000_s10(changes: dict[str, float], problem: str) -> None:
    """§10: tinit LB = 0; tend LB = tinit; tframe LB = 0, UB = tpd; tpd LB = tframe,
    UB = tcycle; tcycle LB = tpd; §2.3: cycles of whole periods, periods of whole frames."""
    with pytest.raises(InvalidInputError) as info:
        timing(**changes)
    assert [str(p) for p in info.value.problems] == [problem]


def test_every_time_problem_is_reported() -> None:
    with pytest.raises(InvalidInputError) as info:
        Timing(tinit=-1, tend=-2, tframe=-1, tcycle=0.1, tpd=0.5)
    assert [p.path for p in info.value.problems] == ["tinit", "tend", "tframe", "tcycle"]


def test_times_must_be_finite_numbers() -> None:
    with pytest.raises(InvalidInputError) as info:
        Timing(tinit=math.nan, tend=math.inf, tframe="1", tcycle=True, tpd=1.0)  # type: ignore[arg-type]
    assert [p.path for p in info.value.problems] == ["tinit", "tend", "tframe", "tcycle"]


def test_cycles_periods_and_frames_may_all_be_the_same_length_seed000_s2_3() -> None:
    """'Cycles, periods, and frames may all be the same length'."""
    t = timing(tframe=1.0, tpd=1.0, tcycle=1.0)
    assert (t.frames_per_period, t.periods_per_cycle) == (1, 1)


def test_decimal_lengths_divide_exactly() -> None:
    t = timing(tframe=0.1, tpd=0.3, tcycle=0.9)
    assert (t.frames_per_period, t.periods_per_cycle) == (3, 3)


def test_eps_is_a_hundredth_of_a_frame_seed000_s3_3() -> None:
    """'The variable eps = tframe / 100.'"""
    assert SAMPLE.eps == 0.0025
    assert Clock[int](SMALL).eps == 0.005


# -- Timing: frame, period and cycle arithmetic ---------------------------------------------


def test_first_cycle_period_and_frame_start_at_tinit_seed000_s2_3() -> None:
    assert SMALL.cycle_start(1) == SMALL.period_start(1) == SMALL.lattice_time(0) == 2.0
    assert [SMALL.frame_end(n) for n in (1, 2, 3)] == [2.5, 3.0, 3.5]
    assert [SMALL.period_start(n) for n in (1, 2, 3)] == [2.0, 3.0, 4.0]
    assert [SMALL.cycle_start(n) for n in (1, 2)] == [2.0, 4.0]


@pytest.mark.parametrize(
    ("t", "frame", "period", "cycle"),
    [(2.0, 1, 1, 1), (2.49, 1, 1, 1), (2.5, 2, 1, 1), (3.0, 3, 2, 1), (4.0, 5, 3, 2)],
)
def test_intervals_are_closed_at_their_start_seed000_s2_3(
    t: float, frame: int, period: int, cycle: int
) -> None:
    assert (SMALL.frame_number(t), SMALL.cycle_number(t)) == (frame, cycle)
    assert SMALL.period_start(period) <= t < SMALL.period_start(period + 1)


def test_breaks_lie_on_one_frame_lattice() -> None:
    """0.1 is not exact in binary; period starts are still exactly frame ends."""
    t = timing(tframe=0.1, tpd=0.3, tcycle=0.9, tend=100.0)
    for n in range(2, 200):
        assert t.period_start(n) == t.frame_end(3 * (n - 1))
        assert t.frame_number(t.period_start(n)) == 3 * (n - 1) + 1
        assert t.frame_number(t.period_start(n)) == 3 * (n - 1) + 1


def test_time_before_tinit_has_no_frame() -> None:
    with pytest.raises(InvalidInputError, match="must be a finite time >= tinit"):
        SMALL.frame_number(1.9)
    with pytest.raises(InvalidInputError, match="numbered from 1"):
        SMALL.period_start(0)


def test_breaks_in_order_seed000_s2_3() -> None:
    """'A "break" occurs at the start of each cycle, the start of each period, and the end of
    each frame'; none starts at tend, where the game ends."""
    assert [(str(b), SMALL.break_time(b)) for b in SMALL.breaks()] == [
        ("start of cycle 1", 2.0),
        ("start of period 1", 2.0),
        ("end of frame 1", 2.5),
        ("end of frame 2", 3.0),
        ("start of period 2", 3.0),
        ("end of frame 3", 3.5),
        ("end of frame 4", 4.0),
        ("start of cycle 2", 4.0),
        ("start of period 3", 4.0),
        ("end of frame 5", 4.5),
        ("end of frame 6", 5.0),
    ]


def test_decisions_are_taken_at_cycle_and_period_starts_seed000_s2_3() -> None:
    """'at the start of each cycle, IDAHEX accepts players' air strike specifications; at
    the start of each period, it accepts players' commands'."""
    assert [k.decision for k in BreakKind] == [False, True, True]


# -- the event queue ------------------------------------------------------------------------


def test_attack_class_status_change_comes_after_others_at_equal_times_seed000_s3_3() -> None:
    """'A change of status by a task force in the attack posture class comes after a change
    of status by a task force in another posture class if both events are scheduled for the
    same time.'"""
    q: EventQueue[str] = EventQueue()
    q.schedule("attacker", 3.0, status_change_priority(42))
    q.schedule("mover", 3.0, status_change_priority(31))
    q.schedule("holder", 3.0, status_change_priority(10))
    q.schedule("disengager", 3.0, status_change_priority(20))
    assert [q.pop()[1] for _ in range(4)] == ["mover", "holder", "disengager", "attacker"]


def test_only_attack_postures_go_last() -> None:
    assert {p: status_change_priority(p) for p in (-10, 0, 19, 39, 40, 49)} == {
        -10: Priority.STATUS_CHANGE,
        0: Priority.STATUS_CHANGE,
        19: Priority.STATUS_CHANGE,
        39: Priority.STATUS_CHANGE,
        40: Priority.ATTACK_STATUS_CHANGE,
        49: Priority.ATTACK_STATUS_CHANGE,
    }


def test_attack_class_rule_applies_to_equal_times_only_seed000_s3_3() -> None:
    """An attacker at t still goes before a mover at t + eps/4 (the §3.3.1 pursuit lag)."""
    q: EventQueue[str] = EventQueue()
    t, eps = 3.0, SAMPLE.eps
    q.schedule("mover", t + eps / 4, Priority.STATUS_CHANGE)
    q.schedule("attacker", t, Priority.ATTACK_STATUS_CHANGE)
    assert [q.pop()[1], q.pop()[1]] == ["attacker", "mover"]


def test_equal_keys_resolve_in_scheduling_order() -> None:
    q: EventQueue[int] = EventQueue()
    for tf in (5, 3, 9, 1):
        q.schedule(tf, 1.0)
    assert [q.pop()[1] for _ in range(4)] == [5, 3, 9, 1]


@given(
    st.lists(
        st.tuples(
            st.integers(0, 20),
            st.sampled_from([0, 2.5, 2.5 + SAMPLE.eps, math.inf]),
            st.sampled_from(list(Priority)),
        ),
        max_size=40,
    )
)
def test_queue_order_is_time_priority_then_scheduling_order(
    ops: list[tuple[int, float, Priority]],
) -> None:
    q: EventQueue[int] = EventQueue()
    last: dict[int, tuple[float, int, int]] = {}
    for i, (item, time, priority) in enumerate(ops):
        q.schedule(item, time, priority)
        last[item] = (time, priority, i)
    popped = [q.pop()[1] for _ in range(len(q))]
    assert popped == sorted(last, key=last.__getitem__)


def test_rescheduling_replaces_the_pending_event_seed000_s3_3() -> None:
    """'changing the times at which events are scheduled to occur'."""
    q: EventQueue[str] = EventQueue()
    q.schedule("a", 5.0)
    q.schedule("b", 4.0)
    q.schedule("a", 3.0)
    assert len(q) == 2
    assert q.key("a") == Key(3.0, Priority.STATUS_CHANGE, 2)
    assert [item for _, item in q] == ["a", "b"]
    assert [q.pop()[1], q.pop()[1]] == ["a", "b"]
    assert q.peek() is None


def test_cancelled_events_never_occur() -> None:
    q: EventQueue[str] = EventQueue()
    q.schedule("a", 1.0)
    q.schedule("b", 2.0)
    assert q.cancel("a")
    assert not q.cancel("a")
    assert "a" not in q
    assert q.pop()[1] == "b"
    with pytest.raises(IndexError, match="empty event queue"):
        q.pop()


def test_front_of_queue_goes_ahead_of_everything_at_that_time_seed000_s3_3_2() -> None:
    """§3.3.2 step 1: 'schedule its next change of status for time t, and place it ahead of
    task force m in the queue' -- for each such task force, in turn."""
    q: EventQueue[str] = EventQueue()
    q.schedule("m", 3.0, Priority.STATUS_CHANGE)
    q.schedule("frame end", 3.0, Priority.FRAME_END)
    q.schedule_front("first", 3.0)
    q.schedule_front("second", 3.0)
    q.schedule("earlier", 2.0, Priority.ATTACK_STATUS_CHANGE)
    assert [q.pop()[1] for _ in range(5)] == ["earlier", "first", "second", "frame end", "m"]


def test_infinite_time_means_after_the_end_of_the_game_seed000_s3_3_2() -> None:
    """§3.3.2 step 4: 'Reschedule the next change of status of task force m to occur at time
    t + ∞'."""
    q: EventQueue[str] = EventQueue()
    q.schedule("engaged", math.inf)
    q.schedule("other", 1e300)
    assert [q.pop()[1], q.pop()[1]] == ["other", "engaged"]


@pytest.mark.parametrize("bad", [math.nan, -math.inf, "soon", None])
def test_queue_refuses_times_that_are_not_times(bad: object) -> None:
    q: EventQueue[str] = EventQueue()
    with pytest.raises(InvalidInputError, match="time: must be a number or \\+inf"):
        q.schedule("a", bad)  # type: ignore[arg-type]


# -- the clock ------------------------------------------------------------------------------


def run(clock: Clock[str]) -> list[tuple[float, str]]:
    """Every stop and every event in between, as (t, name)."""
    seen: list[tuple[float, str]] = []

    def occur(key: Key, item: str | Break) -> None:
        seen.append((clock.t, str(item)))

    for stop in clock.stops(occur):
        seen.append((clock.t, f"STOP {stop}"))
    return seen


def test_game_starts_with_decision_points_at_tinit_seed000_s2_3() -> None:
    clock: Clock[str] = Clock(SMALL)
    assert clock.t == 2.0
    assert clock.next_stop(lambda key, item: None) == Break(CS, 1)
    assert clock.next_stop(lambda key, item: None) == Break(PS, 1)
    assert clock.t == 2.0


def test_clock_jumps_from_event_to_event_and_stops_at_decisions_seed000_s2_3() -> None:
    clock: Clock[str] = Clock(SMALL)
    clock.schedule_status_change("TF 7 attacks", 3.0, posture=40)
    clock.schedule_status_change("TF 8 moves", 3.0, posture=30)
    clock.schedule_status_change("TF 9 disengages", 2.7, posture=10)
    assert run(clock) == [
        (2.0, "STOP start of cycle 1"),
        (2.0, "STOP start of period 1"),
        (2.5, "end of frame 1"),
        (2.7, "TF 9 disengages"),
        (3.0, "end of frame 2"),
        (3.0, "STOP start of period 2"),
        (3.0, "TF 8 moves"),
        (3.0, "TF 7 attacks"),
        (3.5, "end of frame 3"),
        (4.0, "end of frame 4"),
        (4.0, "STOP start of cycle 2"),
        (4.0, "STOP start of period 3"),
        (4.5, "end of frame 5"),
        (5.0, "end of frame 6"),
    ]
    assert clock.over
    assert clock.t == 5.0


def test_stops_are_the_decision_breaks_of_the_timing() -> None:
    clock: Clock[str] = Clock(SAMPLE)
    stops = list(clock.stops(lambda key, item: None))
    assert stops == [b for b in SAMPLE.breaks() if b.kind.decision]
    assert len(stops) == 1000 + 2000


def test_events_at_tend_occur_and_later_ones_never_seed000_s2_3() -> None:
    """'The game ends when t = tend'."""
    clock: Clock[str] = Clock(SMALL)
    clock.schedule("at tend", 5.0)
    clock.schedule("after tend", 5.01)
    clock.schedule("never", math.inf)
    names = [name for _, name in run(clock)]
    assert names[-2:] == ["end of frame 6", "at tend"]
    assert "after tend" in clock.queue
    assert clock.advance() is None


def test_game_with_tend_equal_to_tinit_has_no_decision_point() -> None:
    clock: Clock[str] = Clock(timing(tinit=3.0, tend=3.0))
    assert clock.next_stop(lambda key, item: None) is None
    assert clock.t == 3.0


def test_tend_inside_a_frame_ends_the_game_before_that_frame_is_assessed() -> None:
    clock: Clock[str] = Clock(timing(tend=0.6))
    assert run(clock)[-2:] == [(0.5, "end of frame 2"), (0.5, "STOP start of period 2")]
    assert clock.advance() is None
    assert clock.t == 0.6


def test_front_of_queue_at_the_current_time_seed000_s3_3_4() -> None:
    """§3.3.4: 'its next change of status is scheduled for time t, and it is placed at the
    front of the queue'."""
    clock: Clock[str] = Clock(SMALL)
    clock.schedule_status_change("m", 2.6, posture=41)
    clock.schedule("n", 2.6)
    order: list[str] = []

    def occur(key: Key, item: str | Break) -> None:
        order.append(str(item))
        if item == "n":
            clock.schedule_front("counterattacked")

    clock.next_stop(occur)
    clock.next_stop(occur)
    clock.next_stop(occur)
    assert order[:4] == ["end of frame 1", "n", "counterattacked", "m"]


def test_events_without_their_keys_occur_in_the_same_order() -> None:
    """next_stop(keys=False) lets the same events occur in the same order, each given
    ``None`` for its key (a caller that does not read the keys has none made)."""
    seen: dict[bool, list[tuple[object, str]]] = {}
    for keys in (True, False):
        clock: Clock[str] = Clock(SMALL)
        clock.schedule_status_change("m", 2.6, posture=41)
        clock.schedule("n", 2.6)
        clock.schedule("o", 2.3)
        got: list[tuple[object, str]] = []
        for _ in range(3):
            clock.next_stop(lambda key, item, got=got: got.append((key, str(item))), keys=keys)
        seen[keys] = got
    assert [item for _, item in seen[False]] == [item for _, item in seen[True]]
    assert {key for key, _ in seen[False]} == {None}
    assert all(isinstance(key, Key) for key, _ in seen[True])


def test_scheduling_in_the_past_is_refused() -> None:
    clock: Clock[str] = Clock(SMALL)
    clock.next_stop(lambda key, item: None)
    clock.schedule("ok", 2.0)
    with pytest.raises(InvalidInputError, match="time: must not be before the current time 2"):
        clock.schedule("late", 1.5)
    with pytest.raises(InvalidInputError, match="must not be before"):
        clock.schedule_front("late", 1.0)


def test_cancelling_through_the_clock() -> None:
    clock: Clock[str] = Clock(SMALL)
    clock.schedule("a", 2.2)
    assert clock.cancel("a")
    assert "a" not in [name for _, name in run(clock)]


def test_same_schedule_gives_the_same_history() -> None:
    """Determinism: ties resolve the same way on every run."""

    def history() -> list[tuple[float, str]]:
        clock: Clock[str] = Clock(SMALL)
        for i, posture in enumerate((40, 10, 45, 30, 20, 41)):
            clock.schedule_status_change(f"TF {i}", 3.0, posture)
        return run(clock)

    first = history()
    assert first == history()
    at_3 = [name for t, name in first if t == 3.0 and name.startswith("TF")]
    assert at_3 == ["TF 1", "TF 3", "TF 4", "TF 0", "TF 2", "TF 5"]


def test_a_pending_event_is_one_plain_tuple_the_collector_lets_go() -> None:
    """The queue's entries hold numbers and a task force's number: once looked at, Python's
    collector stops tracking them (a Key, a tuple subclass, it never does)."""
    import gc

    q: EventQueue[int] = EventQueue()
    q.push(7, 1.5, int(Priority.STATUS_CHANGE))
    q.schedule(8, 1.5, Priority.STATUS_CHANGE)
    assert q.key(7) == Key(1.5, int(Priority.STATUS_CHANGE), 0)
    assert type(q.key(8)) is Key
    gc.collect()
    assert not any(gc.is_tracked(entry) for entry in q._heap)
    assert list(q) == [(Key(1.5, 4, 0), 7), (Key(1.5, 4, 1), 8)]
    q.schedule(7, 2.0)  # the first entry is superseded, then skipped
    assert q.pop() == (Key(1.5, 4, 1), 8)
    assert q.pop() == (Key(2.0, 4, 2), 7)
