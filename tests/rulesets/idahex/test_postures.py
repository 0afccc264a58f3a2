"""IDAHEX postures and status sequencing (seed 000, §2.2.1, §3.1, §3.2 cases, §4.1 examples)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.core.numberings import IdahexGrid
from hexwar.rulesets.idahex.delays import (
    within_class_delay,
)
from hexwar.rulesets.idahex.postures import (
    DESTROYED,
    Order,
    PostureClass,
    PostureConfig,
    Status,
    TransitionKind,
    classify,
    is_posture,
    mission_statuses,
    next_status,
    posture_class,
    status_sequence,
)
from tests.rulesets.idahex.helpers import _problems

from .test_delays import DATA

# Figure 3.3 itself is not in the seed text. nrank1 = 4 follows from its rim examples (§5.3);
# the examples only use cells up to 17, and ncells = 30 is the core tests' reading.
FIGURE_3_3 = IdahexGrid(30, 4)

# §3.1: 'let npost(1) = 4, npost(2) = 1, npost(3) = 2, npost(4) = 3, and set pmapup and
# pmapdn as follows' (the configuration of Table 3.2 and of the §4.1 examples).
TABLE_3_2_PMAP = {
    10: (20, -10),
    11: (20, -10),
    12: (20, -10),
    13: (20, -10),
    20: (30, 42),
    30: (40, 42),
    31: (41, 42),
    40: (10, 42),
    41: (11, 42),
    42: (13, 42),
}
TABLE_3_2 = PostureConfig(
    (4, 1, 2, 3),
    pmapup={pp: up for pp, (up, _) in TABLE_3_2_PMAP.items()},
    pmapdn={pp: dn for pp, (_, dn) in TABLE_3_2_PMAP.items()},
)
DEFAULT = PostureConfig()
# A valid configuration in which no two postures of a class share a pmapup or pmapdn value
# where the constraints allow it, so a symbolic 'pmapup(32)' cannot pass as 'pmapup(30)'.
SCRAMBLED = PostureConfig(
    (10, 10, 10, 10),
    pmapup={pp: 10 * (pp // 10 % 4 + 1) + (pp % 10 + 3) % 10 for pp in range(10, 50)},
    pmapdn={pp: 40 + (pp % 10 + 7) % 10 for pp in range(20, 50)},
)
CONFIGS = pytest.mark.parametrize(
    "config", [DEFAULT, TABLE_3_2, SCRAMBLED], ids=["default", "table_3_2", "scrambled"]
)


def up(pp: int) -> Callable[[PostureConfig], int]:
    return lambda c: c.up(pp)


def dn(pp: int) -> Callable[[PostureConfig], int]:
    return lambda c: c.dn(pp)


def same(p: int) -> Callable[[PostureConfig], int]:
    return lambda c: p


# -- Table 3.1 ------------------------------------------------------------------------------

# Table 3.1. EXAMPLES OF STATUS CHANGES (Refer to Figure 3.3): task force elements, present
# location, posture, objective, desired posture, desired objective, next location, next
# posture, next posture class, next objective.
Row = tuple[str, int, int, int, int, int, int, Callable[[PostureConfig], int], int, int]
TABLE_3_1: list[Row] = [
    ("4,9", 17, 10, 17, 10, 13, 17, up(10), 2, 13),
    ("4,9", 17, 20, 13, 10, 13, 17, up(20), 3, 13),
    ("4,9", 17, 30, 13, 10, 13, 17, up(30), 4, 13),
    ("4,9", 17, 40, 13, 10, 13, 13, up(40), 1, 13),
    ("4,9", 17, 12, 17, 10, 13, 17, up(12), 2, 13),
    ("4,9", 17, 11, 17, 15, 17, 17, same(15), 1, 17),
    ("4,9", 17, 10, 17, 22, 13, 17, up(10), 2, 13),
    ("4,9", 17, 15, 17, 22, 13, 17, up(15), 2, 13),
    ("4,9", 17, 32, 16, 41, 16, 17, up(32), 4, 16),
    ("4,9", 17, 32, 16, 10, 16, 17, up(32), 4, 16),
    ("21", 6, 12, 6, 10, 6, 6, same(10), 1, 6),
    ("21", 6, 12, 6, 31, 9, 6, up(12), 2, 9),
    ("21", 6, 31, 9, 40, 9, 6, up(31), 4, 9),
    ("21", 6, 43, 9, 40, 9, 6, same(40), 4, 9),
    ("21", 6, 40, 9, 10, 9, 9, up(40), 1, 9),
    ("21", 6, 40, 9, 10, 6, 6, dn(40), 4, 6),
    ("21", 6, 42, 9, 11, 6, 6, dn(42), 4, 6),
    ("21", 6, 31, 9, 10, 6, 6, dn(31), 4, 6),
    ("21", 6, 23, 9, 14, 6, 6, dn(23), 4, 6),
    ("21", 6, 44, 6, 10, 6, 6, up(44), 1, 6),
    ("21", 6, 44, 6, 11, 6, 6, up(44), 1, 6),
]


@CONFIGS
@pytest.mark.parametrize("row", TABLE_3_1, ids=[f"row{i}" for i in range(1, 22)])
def test_table_3_1_next_status_seed000_s3_1(config: PostureConfig, row: Row) -> None:
    _, pl, pp, po, dp, do, nl, np, npc, no = row
    nxt = next_status(Status(pl, pp, po), Order(do, dp), config)
    assert nxt == Status(nl, np(config), no)
    assert nxt.posture_class == npc


def test_table_3_1_cells_are_active_and_objectives_adjacent_in_figure_3_3_seed000_s3_1() -> None:
    """Every move in Table 3.1 is between neighbouring active cells of Figure 3.3."""
    for _, pl, _, po, _, do, nl, _, _, no in TABLE_3_1:
        for cell in (pl, po, do, nl, no):
            assert FIGURE_3_3.is_active(cell)
        for cell in {po, do, no} - {pl}:
            assert cell in FIGURE_3_3.rim(pl)


# -- Table 3.2 ------------------------------------------------------------------------------

# Table 3.2. EXAMPLES OF STATUS SEQUENCES: present location, posture, objective, desired
# posture, desired objective, then the sequence of statuses (location/posture/objective).
TABLE_3_2_ROWS = [
    ((6, 10, 6), (10, 9), ["6/20/9", "6/30/9", "6/40/9", "9/10/9"]),
    ((6, 11, 6), (31, 9), ["6/20/9", "6/30/9", "6/31/9"]),
    ((6, 31, 9), (10, 9), ["6/41/9", "9/11/9", "9/10/9"]),
    ((6, 31, 9), (40, 9), ["6/41/9", "6/40/9"]),
    ((6, 0, 6), (10, 6), ["6/10/6"]),
    ((6, 40, 9), (10, 6), ["6/42/6", "6/13/6", "6/10/6"]),
]


@pytest.mark.parametrize(
    ("present", "desired", "expected"), TABLE_3_2_ROWS, ids=[f"row{i}" for i in range(1, 7)]
)
def test_table_3_2_status_sequences_seed000_s3_1(
    present: tuple[int, int, int], desired: tuple[int, int], expected: list[str]
) -> None:
    dp, do = desired
    sequence = status_sequence(Status(*present), Order(do, dp), TABLE_3_2)
    assert [str(s) for s in sequence] == expected


def test_table_3_2_last_example_aborts_an_attack_seed000_s3_1() -> None:
    """'The last example in the table depicts a task force aborting an attack and reverting
    to a hold posture at its present location.'"""
    present = Status(6, 40, 9)
    first, *rest = status_sequence(present, Order(6, 10), TABLE_3_2)
    assert classify(present, first) is TransitionKind.ABORT
    assert first.reverting
    assert all(s.location == 6 for s in rest)


# -- the simplified configuration of §3.1 ---------------------------------------------------

SIMPLIFIED = PostureConfig((2, 1, 1, 1))


def test_simplified_configuration_move_and_transfer_posture_seed000_s3_1() -> None:
    """'let npost(1) = 2, npost(2) = npost(3) = npost(4) = 1, and accept the default values
    ... a task force in a hold posture in cell 6 whose desired posture is 11 and desired
    objective is 9 would go through the following sequence of statuses'."""
    for hold in SIMPLIFIED.postures(1):
        sequence = status_sequence(Status(6, hold, 6), Order(9, 11), SIMPLIFIED)
        assert [str(s) for s in sequence] == ["6/20/9", "6/30/9", "6/40/9", "9/10/9", "9/11/9"]


def test_simplified_configuration_abort_goes_straight_to_hold_seed000_s3_1() -> None:
    """'location = 6, posture = 40, objective = 9 ... desired posture = 10, desired
    objective = 6, would go through the following sequence: 6 40 6, 6 10 6'."""
    sequence = status_sequence(Status(6, 40, 9), Order(6, 10), SIMPLIFIED)
    assert [str(s) for s in sequence] == ["6/40/6", "6/10/6"]


# -- §4.1 mission examples ------------------------------------------------------------------


@pytest.mark.parametrize("hold", TABLE_3_2.postures(1))
def test_mission_example_1_seed000_s4_1(hold: int) -> None:
    """'Assume units 4 and 9 are both in the same hold posture in cell 17' with the orders
    '16, 31, 0', '16, 11, 0', '12, 10, 2.65'."""
    orders = [Order.from_str(o) for o in ("16, 31, 0", "16, 11, 0", "12, 10, 2.65")]
    sequence = mission_statuses(Status(17, hold, 17), orders, TABLE_3_2)
    assert [str(s) for s in sequence] == [
        "17/20/16",
        "17/30/16",
        "17/31/16",
        "17/41/16",
        "16/11/16",
        "16/20/12",
        "16/30/12",
        "16/40/12",
        "12/10/12",
    ]


@pytest.mark.parametrize("inactive", range(10))
def test_mission_example_2_activation_and_move_seed000_s4_1(inactive: int) -> None:
    """'Assume the posture class of unit 21 is 0' with the orders '6, 12, 0', '9, 12, 0'."""
    orders = [Order.from_str(o) for o in ("6, 12, 0", "9, 12, 0")]
    sequence = mission_statuses(Status(6, inactive, 6), orders, TABLE_3_2)
    assert [str(s) for s in sequence] == [
        "6/10/6",
        "6/12/6",
        "6/20/9",
        "6/30/9",
        "6/40/9",
        "9/10/9",
        "9/12/9",
    ]


@pytest.mark.parametrize("inactive", range(10))
def test_mission_example_3_activation_elsewhere_seed000_s4_1(inactive: int) -> None:
    """'the Blue player activates unit 21 in cell 8 instead of its present location, cell 6'
    with the orders '8, 0, 0', '8, 10, 0'."""
    orders = [Order.from_str(o) for o in ("8, 0, 0", "8, 10, 0")]
    sequence = mission_statuses(Status(6, inactive, 6), orders, TABLE_3_2)
    assert [str(s) for s in sequence] == ["8/0/8", "8/10/8"]


def test_mission_examples_move_between_neighbouring_active_cells_seed000_s4_1() -> None:
    for a, b in ((17, 16), (16, 12), (6, 9)):
        assert FIGURE_3_3.is_active(a)
        assert FIGURE_3_3.is_active(b)
        assert b in FIGURE_3_3.rim(a)


def test_inactive_unit_first_assumes_posture_10_seed000_s4_1() -> None:
    """'An inactive unit first assumes posture 10 when it is activated.'"""
    for dp in (11, 20, 31, 42):
        assert next_status(Status(6, 3, 6), Order(9, dp), TABLE_3_2) == Status(6, 10, 6)


# -- transitions the tables do not show -----------------------------------------------------


def test_retargeting_a_movement_aborts_and_starts_afresh_seed000_s3_1() -> None:
    """Only a hold may take a new objective, so a movement toward 9 ordered to 10 reverts."""
    sequence = status_sequence(Status(6, 30, 9), Order(10, 10), TABLE_3_2)
    assert [str(s) for s in sequence] == [
        "6/42/6",
        "6/13/6",
        "6/20/10",
        "6/30/10",
        "6/40/10",
        "10/10/10",
    ]


def test_reverting_task_force_ordered_elsewhere_finishes_reverting_first_seed000_s3_1() -> None:
    assert next_status(Status(6, 42, 6), Order(9, 10), TABLE_3_2) == Status(6, 13, 6)


def test_desired_attack_posture_ends_oriented_toward_objective_seed000_s3_1() -> None:
    sequence = status_sequence(Status(6, 10, 6), Order(9, 41), TABLE_3_2)
    assert [str(s) for s in sequence] == ["6/20/9", "6/30/9", "6/40/9", "6/41/9"]


def test_order_already_fulfilled_has_no_next_status_seed000_s3_1() -> None:
    assert next_status(Status(6, 31, 9), Order(9, 31), TABLE_3_2) is None
    assert status_sequence(Status(9, 12, 9), Order(9, 12), TABLE_3_2) == ()


def test_class_0_postures_are_not_distinguished_seed000_s2_2_1() -> None:
    """'IDAHEX does not distinguish among the postures in posture class 0'."""
    assert next_status(Status(8, 3, 8), Order(8, 0), TABLE_3_2) is None


def test_destruction_order_goes_straight_to_minus_10_seed000_s3_3_2() -> None:
    """§3.3.2 step 4: 'desired objective = pl, desired posture = -10'."""
    present = Status(6, 40, 9)
    nxt = next_status(present, Order(6, DESTROYED), TABLE_3_2)
    assert nxt == Status(6, -10, 6)
    assert classify(present, nxt) is TransitionKind.NONPOSITIVE


def test_destroyed_unit_cannot_come_back_to_life_seed000_s3_2_7() -> None:
    with pytest.raises(IllegalOrderError, match=r"come back to life.*§3\.2\.7"):
        next_status(Status(6, DESTROYED, 6), Order(6, 10), TABLE_3_2)
    with pytest.raises(IllegalOrderError, match="come back to life"):
        status_sequence(Status(6, DESTROYED, 6), Order(8, 0), TABLE_3_2)


@pytest.mark.parametrize("dp", [20, 31, 40])
def test_holding_task_force_cannot_orient_toward_its_own_cell_seed000_s3_1(dp: int) -> None:
    with pytest.raises(IllegalOrderError, match=r"own cell 6.*§3\.1") as info:
        next_status(Status(6, 10, 6), Order(6, dp), TABLE_3_2)
    assert info.value.order == Order(6, dp)


def test_mission_with_unexecutable_later_order_is_refused_seed000_s4_1() -> None:
    orders = [Order(9, 10), Order(9, 31)]
    with pytest.raises(IllegalOrderError, match=r"9/10/9"):
        mission_statuses(Status(6, 10, 6), orders, TABLE_3_2)


# -- §3.2 cases -----------------------------------------------------------------------------


def test_table_3_2_transitions_fall_into_section_3_2_cases_seed000_s3_2() -> None:
    kinds = []
    for present, (dp, do), _ in TABLE_3_2_ROWS:
        status = Status(*present)
        for nxt in status_sequence(status, Order(do, dp), TABLE_3_2):
            kinds.append(classify(status, nxt).value)
            status = nxt
    assert kinds == [
        "3.2.2", "3.2.5", "3.2.3", "3.2.6",
        "3.2.2", "3.2.5", "3.2.1",
        "3.2.3", "3.2.6", "3.2.1",
        "3.2.3", "3.2.1",
        "3.2.7",
        "3.2.7 case (2)", "3.2.7", "3.2.1",
    ]  # fmt: skip


def test_classify_refuses_a_transition_section_3_1_never_makes_seed000_s3_2() -> None:
    with pytest.raises(InvalidInputError, match=r"6/20/9 -> 9/30/8"):
        classify(Status(6, 20, 9), Status(9, 30, 8))


# -- posture configuration ------------------------------------------------------------------


def test_default_pmapup_and_pmapdn_seed000_s3_1() -> None:
    assert [DEFAULT.up(pp) for pp in (10, 19, 20, 29, 30, 39, 40, 49)] == [
        20, 20, 30, 30, 40, 40, 10, 10,
    ]  # fmt: skip
    assert [DEFAULT.dn(pp) for pp in (10, 19, 20, 29, 30, 39, 40, 49)] == [
        -10, -10, 40, 40, 40, 40, 40, 40,
    ]  # fmt: skip


def test_table_3_2_configuration_seed000_s3_1() -> None:
    for pp, (u, d) in TABLE_3_2_PMAP.items():
        assert (TABLE_3_2.up(pp), TABLE_3_2.dn(pp)) == (u, d)
    assert TABLE_3_2.postures(1) == (10, 11, 12, 13)
    assert TABLE_3_2.postures(2) == (20,)
    assert TABLE_3_2.postures(3) == (30, 31)
    assert TABLE_3_2.postures(4) == (40, 41, 42)


def test_every_constraint_violation_is_reported_with_its_field_seed000_s3_1() -> None:
    with pytest.raises(InvalidInputError) as info:
        PostureConfig(
            (0, 1, 11, 1),
            pmapup={15: 30, 25: 25, 33: 41, 44: 20, 55: 10},
            pmapdn={12: 40, 22: 10, 47: -10},
        )
    assert sorted((p.path, p.message) for p in info.value.problems) == [
        ("npost(1)", "must be an integer 1..10, got 0"),
        ("npost(3)", "must be an integer 1..10, got 11"),
        ("pmapdn(12)", "must be -10 for posture 12, got 40"),
        ("pmapdn(22)", "must be 40..49 for posture 22, got 10"),
        ("pmapdn(47)", "must be 40..49 for posture 47, got -10"),
        ("pmapup(15)", "must be 20..29 for posture 15, got 30"),
        ("pmapup(25)", "must be 30..39 for posture 25, got 25"),
        ("pmapup(44)", "must be 10..19 for posture 44, got 20"),
        ("pmapup(55)", "no such posture: modifications are for 10..49"),
    ]


def test_problems_are_reported_in_posture_order() -> None:
    with pytest.raises(InvalidInputError) as info:
        PostureConfig(pmapup={45: 20, "x": 20, 9: 20, 15: 30})  # type: ignore[dict-item]
    paths = [p.path for p in info.value.problems]
    assert paths == ["pmapup(9)", "pmapup(15)", "pmapup(45)", "pmapup('x')"]


def test_pmapup_constraint_ends_are_accepted_seed000_s3_1() -> None:
    config = PostureConfig(pmapup={19: 29, 20: 30, 39: 49, 40: 19}, pmapdn={20: 49, 49: 40})
    assert (config.up(19), config.up(39), config.up(40), config.dn(20)) == (29, 49, 19, 49)


def test_npost_must_have_four_entries() -> None:
    with pytest.raises(InvalidInputError, match=r"npost: must give 4 values"):
        PostureConfig((1, 1, 1))


def test_non_integer_modifications_are_refused() -> None:
    with pytest.raises(InvalidInputError, match=r"pmapup\(10\): must be 20\.\.29") as info:
        PostureConfig(pmapup={10: 20.0, 11: True})  # type: ignore[dict-item]
    assert len(info.value.problems) == 2


def test_posture_config_repr_pastes_back() -> None:
    assert eval(repr(TABLE_3_2)) == TABLE_3_2
    assert repr(DEFAULT) == "PostureConfig(npost=(1, 1, 1, 1))"
    assert hash(eval(repr(SCRAMBLED))) == hash(SCRAMBLED)


def test_pmap_of_a_non_active_posture_is_refused() -> None:
    with pytest.raises(InvalidInputError, match=r"pmapup is defined for postures 10\.\.49"):
        DEFAULT.up(5)
    with pytest.raises(InvalidInputError, match=r"pmapdn is defined for postures 10\.\.49"):
        DEFAULT.dn(50)
    with pytest.raises(InvalidInputError, match=r"npost is defined for 1\.\.4"):
        DEFAULT.postures(0)


# -- postures, statuses, orders -------------------------------------------------------------


def test_posture_class_is_floor_of_posture_over_10_seed000_s2_2_1() -> None:
    assert posture_class(-10) is PostureClass.DESTROYED
    assert {posture_class(p) for p in range(10)} == {PostureClass.INACTIVE}
    assert [posture_class(p) for p in (10, 29, 30, 49)] == [1, 2, 3, 4]
    assert [c.active for c in PostureClass] == [False, False, True, True, True, True]


@pytest.mark.parametrize("p", [-11, -9, -1, 50, 100])
def test_numbers_outside_the_posture_numbering_are_not_postures(p: int) -> None:
    assert not is_posture(p)
    with pytest.raises(InvalidInputError, match=f"bad posture {p}"):
        posture_class(p)


def test_status_text_round_trip() -> None:
    s = Status(17, 32, 16)
    assert str(s) == "17/32/16"
    assert Status.from_str("17/32/16") == s
    assert eval(repr(s)) == s


@pytest.mark.parametrize("text", ["17/32", "a/b/c", "1/2/3/4", ""])
def test_bad_status_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidInputError, match="location/posture/objective"):
        Status.from_str(text)


def test_hold_objective_is_the_location_seed000_s2_2_1() -> None:
    """'Its objective is, by convention, its location.'"""
    with pytest.raises(InvalidInputError, match=r"objective: must equal the location \(6\)"):
        Status(6, 10, 9)
    with pytest.raises(InvalidInputError, match="objective: must equal the location"):
        Status(6, 0, 8)


def test_disengagement_and_movement_are_toward_another_cell_seed000_s2_2_1() -> None:
    for posture in (20, 31):
        with pytest.raises(InvalidInputError, match="objective: must differ from the location"):
            Status(6, posture, 6)
    assert Status(6, 44, 6).reverting


def test_status_fields_must_be_integers_and_postures() -> None:
    with pytest.raises(InvalidInputError) as info:
        Status(6.0, True, "9")  # type: ignore[arg-type]
    assert [p.path for p in info.value.problems] == ["location", "posture", "objective"]
    with pytest.raises(InvalidInputError, match="posture: no such posture 55"):
        Status(6, 55, 9)


def test_order_text_is_the_mission_command_line_seed000_s4_1() -> None:
    assert Order.from_str("12, 10, 2.65") == Order(12, 10, 2.65)
    assert Order.from_str(" 16,31 ") == Order(16, 31)
    assert str(Order(12, 10, 2.65)) == "12, 10, 2.65"
    assert str(Order(16, 31)) == "16, 31"
    assert Order.from_str(str(Order(16, 31, 0))) == Order(16, 31, 0)


@pytest.mark.parametrize("text", ["16", "16, x", "16, 31, 0, 1", "16, 31, soon"])
def test_bad_order_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidInputError, match="objective, posture"):
        Order.from_str(text)


def test_order_fields_are_checked() -> None:
    with pytest.raises(InvalidInputError) as info:
        Order(9, 60, float("nan"))
    assert [p.path for p in info.value.problems] == ["posture", "start"]
    with pytest.raises(InvalidInputError, match="start: must be a finite number"):
        Order(9, 10, float("inf"))


# -- properties -----------------------------------------------------------------------------

POSTURES = st.sampled_from([DESTROYED, *range(50)])
CELLS = st.integers(1, 30)


@st.composite
def configs(draw: st.DrawFn) -> PostureConfig:
    keys = st.integers(10, 49)
    ups = draw(st.dictionaries(keys, st.integers(0, 9)))
    dns = draw(st.dictionaries(st.integers(20, 49), st.integers(40, 49)))
    return PostureConfig(
        draw(st.tuples(*[st.integers(1, 10)] * 4)),
        pmapup={pp: 10 * (pp // 10 % 4 + 1) + d for pp, d in ups.items()},
        pmapdn=dns,
    )


@st.composite
def statuses(draw: st.DrawFn) -> Status:
    location, posture = draw(CELLS), draw(POSTURES)
    if posture < 20:
        return Status(location, posture, location)
    if posture < 40:
        return Status(location, posture, draw(CELLS.filter(lambda c: c != location)))
    return Status(location, posture, draw(CELLS))


def _walk(status: Status, order: Order, config: PostureConfig) -> tuple[list[Status], str]:
    """The statuses :func:`next_status` goes through, and the rule that stopped it, if any."""
    walked = [status]
    while True:
        try:
            nxt = next_status(walked[-1], order, config)
        except IllegalOrderError as e:
            return walked, e.rule
        if nxt is None:
            return walked, ""
        walked.append(nxt)


@given(configs(), statuses(), st.builds(Order, CELLS, POSTURES))
def test_every_sequence_ends_in_the_desired_status_within_7_steps_seed000_s3_1(
    config: PostureConfig, status: Status, order: Order
) -> None:
    walked, refused = _walk(status, order, config)
    assert len(walked) <= 8
    for a, b in pairwise(walked):
        assert isinstance(classify(a, b), TransitionKind)
    end = walked[-1]
    if refused == "seed 000 §3.2.7":
        assert walked == [status]
        assert status.posture == DESTROYED
    elif refused:
        assert refused == "seed 000 §3.1"
        assert end.posture_class is PostureClass.HOLD
        assert end.location == order.objective
        assert order.posture_class > PostureClass.HOLD
    else:
        assert end.objective == order.objective
        assert status_sequence(status, order, config) == tuple(walked[1:])


@pytest.mark.found_by_full_run
def test_3_2_1_a_change_within_a_class_is_told_under_3_2_1_with_its_ptran() -> None:
    """§3.2.1: d = ptran(ppc, j, k), 0 if j = k, under §3.2.1 in every case: 11 -> 11 is 0,
    11 -> 13 is ptran(1, 2, 4) = .5, 31 -> 30 is ptran(3, 2, 1) = inf (the receipt shows the
    ptran term it read)."""
    same = within_class_delay(11, 11, DATA)
    assert (same.value, same.section, str(same)) == (0.0, "3.2.1", "d = 0 (§3.2.1)")
    d = within_class_delay(11, 13, DATA)
    assert (d.value, d.terms["ptran"], d.section) == (0.5, 0.5, "3.2.1")
    never = within_class_delay(31, 30, DATA)
    assert (never.terms["ptran"], never.section) == (math.inf, "3.2.1")


@pytest.mark.found_by_full_run
def test_3_2_1_a_posture_outside_npost_is_refused_with_the_class_s_postures() -> None:
    """§3.2.1, ptran(ppc, j, k) for j, k <= npost(ppc): npost(2) = 1, so class 2 has posture
    20 only, and 20 -> 22 (k = 3) is refused saying so."""
    with pytest.raises(InvalidInputError) as info:
        within_class_delay(20, 22, DATA)
    assert info.value.problems[0].message == (
        "ptran(2, 1, 3) is not in the design data: npost(2) = 1, so posture class 2 has "
        "postures 20..20"
    )


@pytest.mark.found_by_mutation
def test_3_2_1_the_four_posture_classes_are_given() -> None:
    """ptran(i, j, k) for the posture classes i = 1..4 (§3.2.1)."""
    assert _problems(lambda: replace(DATA, ptran=DATA.ptran[:3])) == [
        ("ptran", "must give posture classes 1..4")
    ]


@pytest.mark.found_by_mutation
def test_3_2_1_a_bad_transition_time_names_its_class() -> None:
    """ptran(2, 1, 1) = -1: a time is >= 0 (or inf); the path names the class, 2."""
    ptran = (DATA.ptran[0], ((-1,),), *DATA.ptran[2:])
    assert _problems(lambda: replace(DATA, ptran=ptran)) == [
        ("ptran(2, 1, 1)", "must be a number >= 0 (or inf), got -1")
    ]


@pytest.mark.found_by_mutation
def test_3_2_1_class_3_has_npost_3_rows_from_airmove() -> None:
    """npost(3) = len(airmove) = 2 here: class 3 given with one row is refused (its size comes
    from airmove, not from the rows given)."""
    ptran = (*DATA.ptran[:2], ((0,),), DATA.ptran[3])
    assert _problems(lambda: replace(DATA, ptran=ptran)) == [
        ("ptran(3, *)", "must have 2 values, got 1")
    ]


@pytest.mark.found_by_mutation
def test_3_2_1_a_class_given_as_one_number_has_no_rows() -> None:
    """A posture class must be a square of npost(i) = 1..10 rows; a single number has none."""
    ptran = (5.0, *DATA.ptran[1:])
    assert _problems(lambda: replace(DATA, ptran=ptran)) == [
        ("ptran(1, *)", "must give npost(i) = 1..10 rows")
    ]


def test_an_order_read_again_is_the_same_value_made_once() -> None:
    """orders.py hands out the Order made for a text or JSON fields at every reading of them
    (an order is a value); a start of -0.0 is still read as itself."""
    from hexwar.rulesets.idahex.orders import parse_commands

    text = parse_commands("mission 12,10 13,10 12,10 units 1")
    orders = text.commands[0].orders  # type: ignore[union-attr]
    assert orders[0] is orders[2]
    assert orders[0] == Order(12, 10)
    data = parse_commands(
        {
            "commands": [
                {"mission": {"orders": [[5, 10, 0.0], [5, 10, -0.0], [5, 10, 0.0]], "units": [1]}}
            ]
        }
    )
    read = data.commands[0].orders  # type: ignore[union-attr]
    assert read[0] is read[2]
    assert str(read[1]) == "5, 10, -0"
    assert str(read[0]) == "5, 10, 0"
