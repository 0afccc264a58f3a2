"""Postures, posture classes and status sequencing (seed 000, §2.2.1 and §3.1).

A battle unit's (or task force's) *status* is its location, posture and objective (§2.2.1). An
*order* names a desired objective and a desired posture (§3.1). Given a status and the active
order, :func:`next_status` gives the next status, reconstructing the logic of Figures 3.1 and
3.2 (the figures themselves are not in the seed text; the reconstruction reproduces every row
of Tables 3.1 and 3.2 and the mission examples of §4.1, and the rulings it needs are listed in
``docs/rulings/idahex.md``). :func:`classify` names the §3.2 case that schedules a transition,
which is what the delay computation (``wait``) dispatches on.

Postures are plain integers, exactly as the manual numbers them: ``-10`` destroyed, ``0..9``
inactive, ``10..19`` hold, ``20..29`` disengagement, ``30..39`` movement, ``40..49`` attack.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum
from types import MappingProxyType

from hexwar.core.errors import IllegalOrderError, InvalidInputError, Problem

__all__ = [
    "DESTROYED",
    "STANDARD_POSTURE",
    "Order",
    "PostureClass",
    "PostureConfig",
    "Status",
    "TransitionKind",
    "classify",
    "is_posture",
    "mission_statuses",
    "next_status",
    "posture_class",
    "status_sequence",
]

DESTROYED = -10
"""The one posture of posture class -1 (§2.2.1: 'Posture class -1 consists of just one
posture, numbered -10')."""

_RULE = "seed 000 §3.1"

_INF = float("inf")


class PostureClass(IntEnum):
    """The six posture classes of §2.2.1; ``floor(p/10)`` of any posture ``p`` in the class."""

    DESTROYED = -1
    INACTIVE = 0
    HOLD = 1
    DISENGAGEMENT = 2
    MOVEMENT = 3
    ATTACK = 4

    @property
    def active(self) -> bool:
        """Whether units in this class are active (a positive posture class, §2.2.1)."""
        return self > 0


_CLASSES = (
    PostureClass.DESTROYED,
    PostureClass.INACTIVE,
    PostureClass.HOLD,
    PostureClass.DISENGAGEMENT,
    PostureClass.MOVEMENT,
    PostureClass.ATTACK,
)
"""The class of posture ``p`` (a posture number) is ``_CLASSES[p // 10 + 1]``: the members
themselves, looked up rather than built by ``PostureClass(...)`` at every call (the engine
asks for classes several times an event)."""

STANDARD_POSTURE: Mapping[PostureClass, int] = MappingProxyType(
    {
        PostureClass.HOLD: 10,
        PostureClass.DISENGAGEMENT: 20,
        PostureClass.MOVEMENT: 30,
        PostureClass.ATTACK: 40,
    }
)
"""§2.2.1: 'There must be one posture numbered 10, one numbered 20, one numbered 30, and one
numbered 40. These are the standard hold, disengagement, movement, and attack postures'."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_posture(p: object) -> bool:
    """Whether ``p`` is a posture number: -10, 0..9 (class 0) or 10..49 (§2.2.1)."""
    return isinstance(p, int) and not isinstance(p, bool) and (p == DESTROYED or 0 <= p <= 49)


def posture_class(p: int) -> PostureClass:
    """The posture class of posture ``p``: ``[floor](p/10)`` (§2.2.1).

    Raises:
        InvalidInputError: ``p`` is not a posture number.
    """
    if not is_posture(p):
        raise InvalidInputError(
            f"bad posture {p!r}: postures are -10 (destroyed), 0..9 (inactive) and 10..49"
        )
    return PostureClass(p // 10)


# -- posture configuration ------------------------------------------------------------------


def _default_up(pp: int) -> int:
    # §3.1: pmapup(pp) = 20, 30, 40, 10 for pp in 10-19, 20-29, 30-39, 40-49.
    return (20, 30, 40, 10)[pp // 10 - 1]


def _default_dn(pp: int) -> int:
    # §3.1: pmapdn(pp) = -10 for pp in 10-19 and 40 for pp in 20-49.
    return DESTROYED if pp < 20 else 40


def _up_range(pp: int) -> range:
    """§3.1: where ``pmapup(pp)`` must lie -- the next higher class, cyclically."""
    nxt = pp // 10 % 4 + 1
    return range(10 * nxt, 10 * nxt + 10)


def _dn_range(pp: int) -> range:
    """§3.1: where ``pmapdn(pp)`` must lie: exactly -10 for holds, an attack posture else."""
    return range(DESTROYED, DESTROYED + 1) if pp < 20 else range(40, 50)


def _range_text(r: range) -> str:
    return str(r.start) if len(r) == 1 else f"{r.start}..{r.stop - 1}"


class PostureConfig:
    """The designer's posture configuration: ``npost``, ``pmapup`` and ``pmapdn`` (§2.2.1, §3.1).

    ``pmapup`` and ``pmapdn`` are defined for every posture 10..49; the designer's
    modifications replace the defaults for the postures they name (File 50 group 27 reads
    ``i, pmapup(i), pmapdn(i)`` triples over the defaults). Every modification is checked
    against the §3.1 constraints and every problem is reported.

    Args:
        npost: ``(npost(1), npost(2), npost(3), npost(4))``, each 1..10 (§10).
        pmapup: modified ``pmapup`` values, posture -> posture.
        pmapdn: modified ``pmapdn`` values, posture -> posture.

    Raises:
        InvalidInputError: one :class:`Problem` per broken rule, each naming its field in the
            manual's notation (``npost(2)``, ``pmapup(31)``).
    """

    __slots__ = ("_dn", "_npost", "_up")

    def __init__(
        self,
        npost: Iterable[int] = (1, 1, 1, 1),
        pmapup: Mapping[int, int] | None = None,
        pmapdn: Mapping[int, int] | None = None,
    ) -> None:
        npost = tuple(npost)
        up = dict(pmapup or {})
        dn = dict(pmapdn or {})
        problems = _check_npost(npost)
        problems += _check_map("pmapup", up, _up_range)
        problems += _check_map("pmapdn", dn, _dn_range)
        if problems:
            raise InvalidInputError(problems)
        self._npost: tuple[int, int, int, int] = (npost[0], npost[1], npost[2], npost[3])
        self._up = tuple(up.get(pp, _default_up(pp)) for pp in range(10, 50))
        self._dn = tuple(dn.get(pp, _default_dn(pp)) for pp in range(10, 50))

    @property
    def npost(self) -> tuple[int, int, int, int]:
        """Number of postures in posture classes 1..4."""
        return self._npost

    def postures(self, pc: int) -> tuple[int, ...]:
        """The postures the design data give class ``pc`` (1..4): ``10*pc .. 10*pc+npost-1``.

        File 50 reads per-posture data for exactly these (e.g. group 62,
        ``do 5 i = 40, 39+npost(4)``); other postures of the class are still valid posture
        numbers and share the standard posture's combat data (group 41, ``poff``).
        """
        if not 1 <= pc <= 4:
            raise InvalidInputError(f"bad posture class {pc!r}: npost is defined for 1..4")
        return tuple(range(10 * pc, 10 * pc + self._npost[pc - 1]))

    def _active(self, pp: int, name: str) -> int:
        if not (is_posture(pp) and pp >= 10):
            raise InvalidInputError(f"bad posture {pp!r}: {name} is defined for postures 10..49")
        return pp - 10

    def up(self, pp: int) -> int:
        """``pmapup(pp)``: the first posture entered on moving to the next higher class."""
        if type(pp) is int and 10 <= pp <= 49:  # (what _active checks, asked every event)
            return self._up[pp - 10]
        return self._up[self._active(pp, "pmapup")]

    def dn(self, pp: int) -> int:
        """``pmapdn(pp)``: the posture entered on aborting toward a hold at the location."""
        if type(pp) is int and 10 <= pp <= 49:
            return self._dn[pp - 10]
        return self._dn[self._active(pp, "pmapdn")]

    def modifications(self) -> tuple[dict[int, int], dict[int, int]]:
        """The ``pmapup`` and ``pmapdn`` entries that differ from the defaults."""
        up = {pp: v for pp, v in zip(range(10, 50), self._up, strict=True) if v != _default_up(pp)}
        dn = {pp: v for pp, v in zip(range(10, 50), self._dn, strict=True) if v != _default_dn(pp)}
        return up, dn

    def __repr__(self) -> str:
        up, dn = self.modifications()
        parts = [f"npost={self._npost!r}"]
        if up:
            parts.append(f"pmapup={up!r}")
        if dn:
            parts.append(f"pmapdn={dn!r}")
        return f"PostureConfig({', '.join(parts)})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PostureConfig):
            return NotImplemented
        return (self._npost, self._up, self._dn) == (other._npost, other._up, other._dn)

    def __hash__(self) -> int:
        return hash((self._npost, self._up, self._dn))


def _check_npost(npost: tuple[object, ...]) -> list[Problem]:
    if len(npost) != 4:
        return [Problem(f"must give 4 values (classes 1..4), got {len(npost)}", path="npost")]
    problems = []
    for i, n in enumerate(npost, start=1):
        if not (isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 10):
            # §2.2.1: 'at least one posture and no more than 10 postures'.
            problems.append(Problem(f"must be an integer 1..10, got {n!r}", path=f"npost({i})"))
    return problems


def _check_map(
    name: str, values: Mapping[int, int], allowed: Callable[[int], range]
) -> list[Problem]:
    problems = []
    # Report in posture order; keys that are not integers (bad input) go last.
    for pp in sorted(values, key=lambda k: (0, k, "") if _is_int(k) else (1, 0, repr(k))):
        v = values[pp]
        path = f"{name}({pp!r})"
        if not (_is_int(pp) and 10 <= pp <= 49):
            problems.append(Problem("no such posture: modifications are for 10..49", path=path))
            continue
        r = allowed(pp)
        if not _is_int(v) or v not in r:
            problems.append(
                Problem(f"must be {_range_text(r)} for posture {pp}, got {v!r}", path=path)
            )
    return problems


# -- statuses and orders --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Status:
    """A task force's status: location, posture and objective (§2.2.1).

    Cells are plain cell numbers and are not checked against an area of war: §3.2 gives an
    objective outside it (or inactive) an infinite delay rather than refusing it. The text
    form is ``location/posture/objective``, e.g. ``"17/20/13"``.

    Raises:
        InvalidInputError: a field is not an integer, the posture is not a posture number, a
            hold or inactive status has an objective other than its location, or a
            disengagement or movement status has its own location as objective.
    """

    location: int
    posture: int
    objective: int

    def __post_init__(self) -> None:
        problems = [
            Problem(f"must be an integer, got {getattr(self, f)!r}", path=f)
            for f in ("location", "posture", "objective")
            if not _is_int(getattr(self, f))
        ]
        if not problems and not is_posture(self.posture):
            problems.append(Problem(f"no such posture {self.posture}: -10, 0..49", path="posture"))
        if problems:
            raise InvalidInputError(problems)
        pc = self.posture_class
        if pc <= PostureClass.HOLD and self.objective != self.location:
            # §2.2.1: a hold's 'objective is, by convention, its location'; Table 3.2 and
            # §4.1 example 3 show the same for class 0.
            raise InvalidInputError(
                [
                    Problem(
                        f"must equal the location ({self.location}) in posture "
                        f"{self.posture}, got {self.objective}",
                        path="objective",
                    )
                ]
            )
        if pc in (PostureClass.DISENGAGEMENT, PostureClass.MOVEMENT) and (
            self.objective == self.location
        ):
            raise InvalidInputError(
                [
                    Problem(
                        f"must differ from the location in posture {self.posture}: only an "
                        "attack posture may be oriented toward its own cell",
                        path="objective",
                    )
                ]
            )

    @property
    def posture_class(self) -> PostureClass:
        """``[floor](posture/10)``."""
        return _CLASSES[self.posture // 10 + 1]

    @property
    def active(self) -> bool:
        """Whether the posture class is positive (§2.2.1)."""
        return self.posture >= 10

    @property
    def reverting(self) -> bool:
        """Attacking toward its own location: aborting toward a hold there (§2.2.1, §3.1)."""
        return self.posture_class is PostureClass.ATTACK and self.objective == self.location

    def __str__(self) -> str:
        return f"{self.location}/{self.posture}/{self.objective}"

    @classmethod
    def from_str(cls, text: str) -> Status:
        """Parse ``"location/posture/objective"``, e.g. ``"17/20/13"``."""
        parts = text.split("/")
        try:
            if len(parts) != 3:
                raise ValueError
            location, posture, objective = (int(p) for p in parts)
        except ValueError:
            raise InvalidInputError(
                f"bad status {text!r}: must be location/posture/objective, e.g. '17/20/13'"
            ) from None
        return cls(location, posture, objective)


_new = object.__new__
_set = object.__setattr__


_INTERNED: dict[tuple[int, int, int], Status] = {}
_INTERNED_MOST = 200_000


def trusted_status(location: int, posture: int, objective: int) -> Status:
    """``Status(location, posture, objective)`` without its checks, for the statuses the
    sequencing derives from checked ones (the checks would pass: see :func:`next_status`)
    and the engine's units' own; the event loop asks for several every event.

    A status is a value (frozen): each one asked for in plain integers is made once and
    handed out again (up to :data:`_INTERNED_MOST` of them), not made anew every event."""
    key = (location, posture, objective)
    status = _INTERNED.get(key)
    if status is None:
        status = _new(Status)
        _set(status, "location", location)
        _set(status, "posture", posture)
        _set(status, "objective", objective)
        if (
            len(_INTERNED) < _INTERNED_MOST
            and type(location) is int
            and type(posture) is int
            and type(objective) is int
        ):  # (an equal key of another type, a numpy integer, keeps its own status)
            _INTERNED[key] = status
    return status


@dataclass(frozen=True, slots=True)
class Order:
    """An order: desired objective, desired posture and an optional start time (§3.1, §4.1).

    The text form is the mission command's line, ``"objective, posture[, start]"``, e.g.
    ``"12, 10, 2.65"``. The start time is the earliest time the task force should begin
    executing the order; it matters to scheduling, not to the sequence of statuses.
    """

    objective: int
    posture: int
    start: float | None = None

    def __post_init__(self) -> None:
        posture, start = self.posture, self.start
        # The usual order passes every check below at once (a mission may hold hundreds).
        if (
            type(self.objective) is int
            and type(posture) is int
            and (posture == DESTROYED or 0 <= posture <= 49)
            and (start is None or (type(start) is float and -_INF < start < _INF))
        ):
            return
        problems = [
            Problem(f"must be an integer, got {getattr(self, f)!r}", path=f)
            for f in ("objective", "posture")
            if not _is_int(getattr(self, f))
        ]
        if not problems and not is_posture(self.posture):
            problems.append(Problem(f"no such posture {self.posture}: -10, 0..49", path="posture"))
        if start is not None and (
            isinstance(start, bool)
            or not isinstance(start, int | float)
            or start != start  # NaN
            or start in (float("inf"), float("-inf"))
        ):
            problems.append(Problem(f"must be a finite number, got {start!r}", path="start"))
        if problems:
            raise InvalidInputError(problems)

    @property
    def posture_class(self) -> PostureClass:
        """The desired posture class."""
        return _CLASSES[self.posture // 10 + 1]

    def __str__(self) -> str:
        start = "" if self.start is None else f", {self.start:g}"
        return f"{self.objective}, {self.posture}{start}"

    @classmethod
    def from_str(cls, text: str) -> Order:
        """Parse a mission command order line, e.g. ``"16, 31, 0"`` (§4.1)."""
        parts = [p.strip() for p in text.split(",")]
        try:
            if len(parts) not in (2, 3):
                raise ValueError
            objective, posture = int(parts[0]), int(parts[1])
            start = float(parts[2]) if len(parts) == 3 else None
        except ValueError:
            raise InvalidInputError(
                f"bad order {text!r}: must be 'objective, posture[, start]', e.g. '16, 31, 0'"
            ) from None
        return cls(objective, posture, start)


# -- sequencing -----------------------------------------------------------------------------


def next_status(status: Status, order: Order, config: PostureConfig) -> Status | None:
    """The next status of a task force executing ``order`` (seed 000 §3.1, Figures 3.1, 3.2).

    Returns ``None`` when the order is complete: the status has the desired posture and
    objective (for class 0, any inactive posture). Otherwise, with ``pl``, ``pp``, ``po`` the
    present location, posture and objective and ``do``, ``dp`` the desired ones:

    * destroyed (posture -10): no next status (§3.2.7: 'A destroyed unit cannot come back to
      life');
    * desired class <= 0: straight to ``(do, dp, do)`` (§3.2.8; §4.1 example 3);
    * inactive, desired class > 0: activation at ``pl`` in posture 10 (§4.1: 'An inactive
      unit first assumes posture 10 when it is activated');
    * holding (``po = pl``): at ``do`` with a hold desired, straight to ``dp``; toward another
      cell, ``(pl, pmapup(pp), do)``;
    * disengaging, moving or attacking toward ``do``: straight to ``dp`` if it is in the same
      class, else up a class, ``(pl, pmapup(pp), po)`` -- an attacker occupies its objective,
      ``(po, pmapup(pp), po)``;
    * attacking toward its own cell (reverting), desired elsewhere: finish reverting,
      ``(pl, pmapup(pp), pl)``, then start afresh from the hold;
    * disengaging, moving or attacking toward another cell: abort, ``(pl, pmapdn(pp), pl)``.

    Raises:
        IllegalOrderError: the task force is destroyed, or a holding task force is ordered to
            disengage, move or attack toward its own cell: no status sequence does either.
    """
    # Posture classes as ``posture // 10``, the class's number (-1 for -10), compared as
    # plain integers (the engine asks at every event; the members compare equal to them).
    pl, pp, po = status.location, status.posture, status.objective
    do, dp = order.objective, order.posture
    ppc, dpc = pp // 10, dp // 10
    if po == do and (dpc == 0 if ppc == 0 else pp == dp):  # _complete(status, order)
        return None
    if ppc == -1:
        # The manual lets Figure 3.1 produce the revival and gives it an infinite delay
        # (§3.2.7); refusing it here has the same effect and tells the caller why.
        raise IllegalOrderError(
            f"order {order} cannot be executed from status {status}: a destroyed unit "
            "cannot come back to life",
            rule="seed 000 §3.2.7",
            order=order,
        )
    if dpc <= 0:  # (not active)
        return trusted_status(do, dp, do)
    if ppc == 0:
        return trusted_status(pl, STANDARD_POSTURE[PostureClass.HOLD], pl)
    if ppc == 1:
        if do != pl:
            return trusted_status(pl, config.up(pp), do)
        if dpc == 1:
            return trusted_status(pl, dp, pl)
        raise IllegalOrderError(
            f"order {order} cannot be executed from status {status}: a holding task force "
            f"cannot enter posture {dp} oriented toward its own cell {pl}",
            rule=_RULE,
            order=order,
        )
    if po == do:
        if dpc == ppc:
            return trusted_status(pl, dp, po)
        if ppc == 4:
            return trusted_status(po, config.up(pp), po)
        return trusted_status(pl, config.up(pp), po)
    if po == pl:
        return trusted_status(pl, config.up(pp), pl)
    return trusted_status(pl, config.dn(pp), pl)


def status_sequence(status: Status, order: Order, config: PostureConfig) -> tuple[Status, ...]:
    """Every status a task force enters while executing ``order``, in order (§3.1).

    Ignores delays: it is the sequence the task force goes through if every transition
    completes.

    Raises:
        IllegalOrderError: see :func:`next_status`.
    """
    return tuple(_steps(status, order, config))


def _steps(status: Status, order: Order, config: PostureConfig) -> Iterator[Status]:
    # Terminates: each branch of next_status moves up the cycle hold -> disengagement ->
    # movement -> attack -> hold at most once per objective, and an abort or reversion always
    # lands in a hold; the longest sequence has 7 statuses (see the property test).
    current: Status | None = next_status(status, order, config)
    while current is not None:
        yield current
        current = next_status(current, order, config)


def mission_statuses(
    status: Status, orders: Iterable[Order], config: PostureConfig
) -> tuple[Status, ...]:
    """The statuses a task force goes through executing a mission, order after order (§4.1).

    'A mission's orders are stored in a pop-up stack, and are executed in sequence ... When
    execution of the order is completed, it is removed from the stack, and the next order, if
    any, pops to the top.' Start times are a scheduling matter and are ignored here.

    Raises:
        IllegalOrderError: an order cannot be executed from the status the previous orders
            leave the task force in.
    """
    out: list[Status] = []
    for order in orders:
        for s in _steps(status, order, config):
            out.append(s)
            status = s
    return tuple(out)


# -- §3.2 transition cases ------------------------------------------------------------------


class TransitionKind(Enum):
    """The §3.2 case that computes a transition's delay; the value is the section."""

    WITHIN_CLASS = "3.2.1"
    """``npc = ppc > 0, no = po``: ``ptran``."""
    HOLD_TO_DISENGAGEMENT = "3.2.2"
    """``ppc = 1, npc = 2``: delay 0."""
    MOVEMENT_TO_ATTACK = "3.2.3"
    """``ppc = 3, npc = 4, no = po``: march delay (§3.2.3) or air movement delay (§3.2.4),
    as ``airmove(pp-29)`` says."""
    DISENGAGEMENT_TO_MOVEMENT = "3.2.5"
    """``ppc = 2, npc = 3, no = po``: disengagement delay."""
    OCCUPATION = "3.2.6"
    """``ppc = 4, npc = 1, no != pl``: attack delay."""
    HOLD_AT_LOCATION = "3.2.7"
    """``npc = 1 != ppc, no = pl``: delay 0, or infinite from posture -10."""
    ABORT = "3.2.7 case (2)"
    """``ppc >= 2, npc = 4, po != pl, no = pl``: delay 0 (§3.2.7's case (2))."""
    NONPOSITIVE = "3.2.8"
    """``np < 10``: delay 0."""


def classify(present: Status, following: Status) -> TransitionKind:
    """The §3.2 case of the transition from ``present`` to ``following``.

    Raises:
        InvalidInputError: :func:`next_status` never produces this transition.
    """
    # Classes as ``posture // 10`` (the class's number), compared as plain integers.
    ppc, npc = present.posture // 10, following.posture // 10
    pl, po, nl, no = present.location, present.objective, following.location, following.objective
    if npc <= 0:  # (not active)
        return TransitionKind.NONPOSITIVE
    if ppc >= 2 and npc == 4 and nl == pl:
        if no == pl != po:
            return TransitionKind.ABORT
        if ppc == 3 and no == po:
            return TransitionKind.MOVEMENT_TO_ATTACK
    if ppc == -1:
        pass  # §3.2.7: 'A destroyed unit cannot come back to life'.
    elif ppc == 0:
        if npc == 1 and nl == pl:
            return TransitionKind.HOLD_AT_LOCATION
    elif npc == ppc:
        if no == po and nl == pl:
            return TransitionKind.WITHIN_CLASS
    elif ppc == 1 and npc == 2:
        if nl == pl and no != pl:
            return TransitionKind.HOLD_TO_DISENGAGEMENT
    elif ppc == 2 and npc == 3:
        if no == po and nl == pl:
            return TransitionKind.DISENGAGEMENT_TO_MOVEMENT
    elif ppc == 4 and npc == 1:
        if po != pl and nl == no == po:
            return TransitionKind.OCCUPATION
        if po == pl and nl == no == pl:
            return TransitionKind.HOLD_AT_LOCATION
    raise InvalidInputError(
        f"no §3.2 case for the transition {present} -> {following}: §3.1 never produces it"
    )
