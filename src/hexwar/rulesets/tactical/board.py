"""The board: terrain, base elevation, roads, hexside features, specials; movement costs and
line of sight on it. Static for a game and public (both sides know the map), so it travels in
every view and an agent rebuilds it from there (:meth:`Board.from_json`).
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Hashable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from hexwar.core.hexes import Hex, line_both, line_both_steps
from hexwar.rulesets.tactical.scenario import TacticalScenario
from hexwar.rulesets.tactical.tables import VEHICLES, rules, sheet

__all__ = ["Board", "shared", "side_key"]


def _hex_lines(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The one or two hex lines from ``a`` to ``b`` (two where they differ)."""
    return tuple(dict.fromkeys(tuple(x) for x in line_both(a, b)))


class _Grid:
    """A board's hexes by number, for its lines of sight: the hexes of its box and one more all
    round are numbered ``(q - q0) * stride + (r - r0)``, ``stride`` twice the box's height, so
    that a step ``(dq, dr)`` between two of them is the number ``dq * stride + dr`` wherever it
    starts. A line between two hexes of the board stays within one hex of their box (each cube
    coordinate of the lerp lies between theirs, and rounding moves it by at most one), and is
    its first hex plus the steps of ``b - a`` (:func:`hexwar.core.hexes.line_both_steps`): so
    a sight line is the box's own hexes at its first hex's number plus its steps' numbers, kept
    for each ``b - a``. No hex is made for a new pair's lines: they left a page's garbage
    collector some 30 new objects a pair to go through, most of the work of its new sights."""

    __slots__ = ("cells", "number", "steps", "stride")

    def __init__(self, board: Iterable[Hex]) -> None:
        hexes = list(board) or [Hex(0, 0)]
        q0 = min(h.q for h in hexes) - 1
        q1 = max(h.q for h in hexes) + 1
        r0 = min(h.r for h in hexes) - 1
        r1 = max(h.r for h in hexes) + 1
        self.stride = stride = 2 * (r1 - r0 + 1)
        self.cells = [Hex(q, r) for q in range(q0, q1 + 1) for r in range(r0, r0 + stride)]
        self.number = {h: (h.q - q0) * stride + h.r - r0 for h in board}
        self.steps: dict[int, tuple[tuple[int, ...], ...]] = {}

    def lines(self, a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...] | None:
        """``_hex_lines(a, b)`` for two hexes of the board, else ``None``."""
        start = self.number.get(a)
        end = self.number.get(b)
        if start is None or end is None:
            return None
        steps = self.steps.get(end - start)
        if steps is None:
            stride = self.stride
            steps = self.steps[end - start] = tuple(
                dict.fromkeys(
                    tuple(q * stride + r for q, r in line) for line in line_both_steps(b - a)
                )
            )
        hexes = self.cells.__getitem__
        first = start.__add__
        if len(steps) == 1:
            return (tuple(map(hexes, map(first, steps[0]))),)
        return tuple([tuple(map(hexes, map(first, line))) for line in steps])


def side_key(a: Hex, b: Hex) -> str:
    """The text of the hexside between two adjacent hexes, lower hex first: ``"q,r|q,r"``."""
    lo, hi = (a, b) if a < b else (b, a)
    return f"{lo}|{hi}"


# Boards by their map's JSON (:func:`shared`), and how many movement searches a board keeps.
_SHARED: dict[str, Board] = {}
MAX_REACHES = 512


def shared(data: Mapping[str, Any]) -> Board:
    """The board of a map's JSON, one per process and map: a board is never changed by a
    game, so the worlds a search draws from one view and the computer players rebuilding the
    board from each view share its memos (step costs, sight lines, movement searches)."""
    key = json.dumps(data, sort_keys=True)
    board = _SHARED.get(key)
    if board is None:
        if len(_SHARED) >= 8:
            _SHARED.clear()
        board = _SHARED[key] = Board.from_json(data)
    return board


@dataclass(frozen=True)
class Board:
    terrain: Mapping[Hex, str]
    elevation: Mapping[Hex, float]
    roads: frozenset[str] = frozenset()
    features: Mapping[str, str] = field(default_factory=dict)
    specials: Mapping[Hex, str] = field(default_factory=dict)
    blocked: frozenset[Hex] = frozenset()
    # Memos: sight by the terrain alone (line_of_sight's, and the computer player's), and the
    # movement searches of the planners on the board (Planner.reach; at most MAX_REACHES).
    bare_sight: dict[tuple[Hex, Hex], bool] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    reaches: dict[Hashable, Mapping[Hex, tuple[float, Hex | None]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def from_scenario(cls, s: TacticalScenario) -> Board:
        terrain = s.board_hexes()
        elev = s.elevations()
        roads: set[str] = set()
        for chain in s.map.roads:
            hexes = [Hex.from_str(t) for t in chain]
            roads.update(side_key(a, b) for a, b in itertools.pairwise(hexes))
        features = {}
        for hs in s.map.hexsides:
            a, b = (Hex.from_str(t) for t in hs.at.split("|"))
            features[side_key(a, b)] = hs.feature
        return cls(
            terrain=terrain,
            elevation={h: elev.get(h, 0.0) for h in terrain},
            roads=frozenset(roads),
            features=features,
            specials={Hex.from_str(sp.at): sp.kind for sp in s.map.specials},
            blocked=frozenset(Hex.from_str(t) for t in s.map.blocked),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hexes": [[h.q, h.r, t, self.elevation[h]] for h, t in sorted(self.terrain.items())],
            "roads": sorted(self.roads),
            "hexsides": dict(sorted(self.features.items())),
            "specials": {str(h): k for h, k in sorted(self.specials.items())},
            "blocked": [str(h) for h in sorted(self.blocked)],
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Board:
        return cls(
            terrain={Hex(q, r): t for q, r, t, _ in d["hexes"]},
            elevation={Hex(q, r): float(e) for q, r, _, e in d["hexes"]},
            roads=frozenset(d["roads"]),
            features=dict(d["hexsides"]),
            specials={Hex.from_str(k): v for k, v in d["specials"].items()},
            blocked=frozenset(Hex.from_str(t) for t in d["blocked"]),
        )

    def __post_init__(self) -> None:
        # Hexside lookups by ordered pairs of hexes, both ways: movement searches ask often.
        feats: dict[tuple[Hex, Hex], str] = {}
        for key, f in self.features.items():
            a, b = (Hex.from_str(t) for t in key.split("|"))
            feats[a, b] = feats[b, a] = f
        roads: set[tuple[Hex, Hex]] = set()
        for key in self.roads:
            a, b = (Hex.from_str(t) for t in key.split("|"))
            roads.update({(a, b), (b, a)})
        object.__setattr__(self, "_feats", feats)
        object.__setattr__(self, "_roads", frozenset(roads))
        # Memos of pure functions of the (immutable) board: step costs and sight lines.
        object.__setattr__(self, "_costs", {})
        object.__setattr__(self, "_lines", {})
        object.__setattr__(self, "_grid", None)  # made with the first sight line
        object.__setattr__(self, "_kept_heights", None)  # and the heights it is read against

    def __contains__(self, h: object) -> bool:
        return h in self.terrain

    def feature(self, a: Hex, b: Hex) -> str | None:
        feats: dict[tuple[Hex, Hex], str] = self._feats  # type: ignore[attr-defined]
        return feats.get((a, b))

    def has_road(self, a: Hex, b: Hex) -> bool:
        return (a, b) in self._roads  # type: ignore[attr-defined]

    # -- movement ------------------------------------------------------------------------------

    def step_cost(self, frm: Hex, to: Hex, mobility: str, sp_in_hex: int = 0) -> float | None:
        """AP to move from ``frm`` into the adjacent ``to`` (``None``: not allowed).

        ``sp_in_hex`` counts the SPs that will be in ``to`` with the mover: more than the sheet's
        "Maximum Strength Points per Road" (12) negate the road there (Parameter Data). Vehicles
        cannot cross a hexside with more than 50 m of elevation change (MISCELLANEOUS). A blocked
        hex costs 65 AP to enter (MISCELLANEOUS). The rest is rules.toml.
        """
        negated = sp_in_hex > sheet().parameters["max_sp_per_road"]
        key = (frm, to, mobility, negated)
        costs: dict[tuple[Hex, Hex, str, bool], float | None] = self._costs  # type: ignore[attr-defined]
        if key not in costs:
            costs[key] = self._step_cost(frm, to, mobility, negated)
        return costs[key]

    def _step_cost(self, frm: Hex, to: Hex, mobility: str, negated: bool) -> float | None:
        if to not in self.terrain or frm.distance(to) != 1:
            return None
        if mobility in VEHICLES:
            limit = sheet().misc["vehicle_max_elevation_change"]
            if abs(self.elevation[to] - self.elevation[frm]) > limit:
                return None
        r = rules()
        road = self.has_road(frm, to)
        cross = 0.0
        feature = self.feature(frm, to)
        if feature is not None and not road:
            extra = r.crossing[mobility].get(feature)
            if extra is None:
                return None
            cross = extra
        if to in self.blocked:
            return cross + sheet().misc["blocked_hex_ap"]
        if road and not negated:
            return r.movement[mobility]["road"]
        enter = r.movement[mobility].get(self.terrain[to])
        return None if enter is None else enter + cross

    def can_stand(self, h: Hex, mobility: str) -> bool:
        """Whether a unit of ``mobility`` may be in ``h`` at all (its terrain is enterable)."""
        return h in self.terrain and self.terrain[h] in rules().movement[mobility]

    # -- line of sight -------------------------------------------------------------------------

    def top(self, h: Hex, smoke: bool) -> float:
        """Base elevation plus the TERRAIN HEIGHT of the hex (smoke: at least 20 m)."""
        heights = sheet().height
        tall = heights[self.terrain[h]]
        if smoke:
            tall = max(tall, heights["smoke"])
        return self.elevation[h] + tall

    def line_of_sight(
        self,
        a: Hex,
        b: Hex,
        *,
        units_sp: Mapping[Hex, int] | None = None,
        wreck_sp: Mapping[Hex, int] | None = None,
        smoke: Iterable[Hex] = (),
    ) -> bool:
        """Whether ``a`` sees ``b`` (sheet: TERRAIN HEIGHT, Parameter Data).

        The sight line runs from ``eye_height`` above ``a``'s base elevation to the same height
        above ``b``'s. A hex strictly between them blocks it if its top (base elevation plus
        terrain height, or smoke's 20 m) rises above the line there, or if it holds at least
        13 non-wreck SPs or 6 wreck SPs. Where the line runs along hexsides, it is clear if
        either side of it is (docs/rulings/tactical.md).
        """
        if a == b:
            return True
        bare = self.bare_sight.get((a, b))
        if bare is None:
            bare = self.bare_sight[a, b] = self._sight(a, b, {}, {}, set())
        if not bare:
            return False  # stacks, wrecks and smoke only ever block more
        if not (units_sp or wreck_sp or smoke):
            return True
        smoky = smoke if isinstance(smoke, AbstractSet) else set(smoke)
        return self._clear_past(a, b, units_sp or {}, wreck_sp or {}, smoky)

    def seen_from(
        self,
        eye: Hex,
        hexes: Iterable[Hex],
        *,
        units_sp: Mapping[Hex, int] | None = None,
        wreck_sp: Mapping[Hex, int] | None = None,
        smoke: Iterable[Hex] = (),
    ) -> list[Hex]:
        """The hexes of ``hexes`` that ``eye`` sees, in their order: :meth:`line_of_sight`
        from ``eye`` to each, with what is the same for all of them read once."""
        smoky = smoke if isinstance(smoke, AbstractSet) else set(smoke)
        stacks = units_sp or {}
        wrecks = wreck_sp or {}
        more = bool(stacks or wrecks or smoky)
        bare_sight = self.bare_sight
        out = []
        for h in hexes:
            if h != eye:
                bare = bare_sight.get((eye, h))
                if bare is None:
                    bare = bare_sight[eye, h] = self._sight(eye, h, {}, {}, set())
                if not bare or (more and not self._clear_past(eye, h, stacks, wrecks, smoky)):
                    continue
            out.append(h)
        return out

    def _clear_past(
        self,
        a: Hex,
        b: Hex,
        stacks: Mapping[Hex, int],
        wrecks: Mapping[Hex, int],
        smoky: AbstractSet[Hex],
    ) -> bool:
        """Whether a line of sight clear by the terrain alone stays clear past ``stacks``,
        ``wrecks`` and the smoke: only a hex between that holds one can block it."""
        p = sheet().parameters
        heavy, wrecked = p["los_block_non_wreck_sp"], p["los_block_wreck_sp"]
        for line in self.sight_lines(a, b):
            for h in line[1:-1]:
                if h in smoky or stacks.get(h, 0) >= heavy or wrecks.get(h, 0) >= wrecked:
                    return self._sight(a, b, stacks, wrecks, smoky)
        return True  # nothing in between that could block: as the terrain makes it

    def _sight(
        self,
        a: Hex,
        b: Hex,
        stacks: Mapping[Hex, int],
        wrecks: Mapping[Hex, int],
        smoky: AbstractSet[Hex],
    ) -> bool:
        p = sheet().parameters
        heavy, wrecked = p["los_block_non_wreck_sp"], p["los_block_wreck_sp"]
        tops, smoked, eyes = self._heights()
        ya = eyes[a]
        rise = eyes[b] - ya
        walls = rules().hexside_height
        feats: dict[tuple[Hex, Hex], str] = self._feats  # type: ignore[attr-defined]
        elevation = self.elevation
        for path in self.sight_lines(a, b):
            n = len(path) - 1
            clear = True
            for i in range(1, n):
                h = path[i]
                top = tops.get(h)
                if top is None:
                    continue  # off the board
                if smoky and h in smoky:
                    top = smoked[h]
                if (
                    top > ya + rise * i / n
                    or (stacks and stacks.get(h, 0) >= heavy)
                    or (wrecks and wrecks.get(h, 0) >= wrecked)
                ):
                    clear = False
                    break
            # Hedges, bocage and walls between the hexes in between (a unit holds the
            # hexsides of its own hex and looks over them), where the line crosses them.
            for i in range(1, n - 1) if clear and feats else ():
                f = feats.get((path[i], path[i + 1]))
                if f is None:
                    continue
                sight = ya + rise * (i + 0.5) / n
                base = max(elevation[path[i]], elevation[path[i + 1]])
                if base + walls.get(f, 0.0) > sight:
                    clear = False
                    break
            if clear:
                return True
        return False

    def vantage(self, h: Hex) -> float:
        """The height a unit in ``h`` sees from and is seen at: ``eye_height`` over the base
        elevation, or with ``see_over = "low-cover"`` the top of low cover in its own hex (a
        field or marsh, at most the eye height plus ``low_cover`` metres: a unit holds the
        edge of its field and looks over the crop) -- docs/rulings/tactical.md, Line of
        sight."""
        r = rules()
        eye = self.elevation[h] + r.eye_height
        if r.see_over == "eye":
            return eye
        return max(eye, self.top(h, False)) if self._low(h) else eye

    def _heights(self) -> tuple[dict[Hex, float], dict[Hex, float], dict[Hex, float]]:
        """Each hex's :meth:`top` without smoke and with it, and its :meth:`vantage`, kept (the
        board never changes): the sight of a new pair reads them for every hex between."""
        kept: tuple[dict[Hex, float], dict[Hex, float], dict[Hex, float]] | None
        kept = self._kept_heights  # type: ignore[attr-defined]
        if kept is None:
            kept = (
                {h: self.top(h, False) for h in self.terrain},
                {h: self.top(h, True) for h in self.terrain},
                {h: self.vantage(h) for h in self.terrain},
            )
            object.__setattr__(self, "_kept_heights", kept)
        return kept

    def _low(self, h: Hex) -> bool:
        return sheet().height[self.terrain[h]] <= rules().low_cover

    def sight_lines(self, a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
        """The one or two hex lines from ``a`` to ``b`` (two where it runs along hexsides)."""
        lines: dict[tuple[Hex, Hex], tuple[tuple[Hex, ...], ...]] = self._lines  # type: ignore[attr-defined]
        found = lines.get((a, b))
        if found is None:
            grid: _Grid | None = self._grid  # type: ignore[attr-defined]
            if grid is None:
                grid = _Grid(self.terrain)
                object.__setattr__(self, "_grid", grid)
            found = lines[a, b] = grid.lines(a, b) or _hex_lines(a, b)
        return found

    # -- combat modifiers ----------------------------------------------------------------------

    def entry_hexside(self, a: Hex, b: Hex) -> list[str | None]:
        """The features of the hexsides by which a line of fire from ``a`` enters ``b`` (two
        when the line runs along a hexside, else one; ``None`` for a plain hexside)."""
        out: list[str | None] = []
        for path in self.sight_lines(a, b):
            if len(path) >= 2:
                out.append(self.feature(path[-2], path[-1]))
        return out

    def terrain_modifiers(
        self, attacker: Hex, target: Hex, *, vehicle: bool, improved: bool
    ) -> list[tuple[str, float]]:
        """Every TERRAIN COMBAT MODIFIER for an attack from ``attacker`` on a unit in
        ``target``; they multiply (the sheet's forest behind a hedge: .8 x .9 = .72)."""
        s = sheet()
        t = self.terrain[target]
        mods = [(t, s.combat_full_hex[t])]
        if self.elevation[attacker] != self.elevation[target]:
            mods.append(("uphill/downhill", s.combat_full_hex["uphill_downhill"]))
        factors = []
        for f in self.entry_hexside(attacker, target):
            if f is None:
                factors.append(("", 1.0))
            else:
                v = s.combat_hexside[f]
                factors.append((f, 0.0 if v is None else v))
        # two candidate hexsides: the defender's better one (docs/rulings)
        name, factor = min(factors, key=lambda x: x[1], default=("", 1.0))
        if name:
            mods.append((name, factor))
        special = self.specials.get(target)
        if (special in ("bunker", "pillbox") and not vehicle) or special in (
            "trench",
            "beach_obstacles",
        ):
            mods.append((special, s.combat_special[special]))
        if improved:
            mods.append(("improved position", s.combat_special["improved_position"]))
        return mods


def product(mods: Iterable[tuple[str, float]]) -> float:
    return math.prod(f for _, f in mods)
