"""The board: which hexes exist, what is in them, what lies between them, and named regions.

A ``HexMap`` is an immutable value. Changes return a new map (``with_hex``, ``with_side``,
``with_region``), so a game state can hold one and share it freely between views. It
serialises to a JSON-able dict and back (``to_json`` / ``from_json``), hexes written in their
``"q,r"`` text form and hexsides as ``"q,r|q,r"``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from hexwar.core.errors import InvalidInputError, Problem
from hexwar.core.hexes import Hex, distance
from hexwar.core.views import JsonValue

__all__ = ["HexInfo", "HexMap", "Hexside", "JsonValue", "SideInfo"]


MAP_FORMAT_VERSION = 1


def _freeze(extra: Mapping[str, JsonValue]) -> Mapping[str, JsonValue]:
    return MappingProxyType(dict(extra))


def _extra_key(extra: Mapping[str, JsonValue]) -> str:
    # Free-form values may be lists or dicts; their canonical JSON text is hashable.
    return json.dumps(dict(extra), sort_keys=True)


@dataclass(frozen=True, slots=True, order=True)
class Hexside:
    """The side shared by two adjacent hexes; unordered, so ``Hexside(a, b) == Hexside(b, a)``.

    The pair is stored with ``a < b``. Text form: ``"q,r|q,r"``.

    Raises:
        InvalidInputError: the two hexes are not adjacent.
    """

    a: Hex
    b: Hex

    def __post_init__(self) -> None:
        if distance(self.a, self.b) != 1:
            raise InvalidInputError(
                f"bad hexside {self.a}|{self.b}: a hexside joins two adjacent hexes"
            )
        if self.b < self.a:
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    @classmethod
    def from_str(cls, text: str) -> Hexside:
        """Parse ``"q,r|q,r"``, the inverse of ``str``.

        Raises:
            InvalidInputError: not two hexes separated by ``|``, or not adjacent.
        """
        parts = text.split("|")
        if len(parts) != 2:
            raise InvalidInputError(f"bad hexside {text!r}: expected 'q,r|q,r'")
        return cls(Hex.from_str(parts[0]), Hex.from_str(parts[1]))

    def __str__(self) -> str:
        return f"{self.a}|{self.b}"

    def __repr__(self) -> str:
        return f"Hexside({self.a!r}, {self.b!r})"

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        """The two hexes, lower first."""
        return self.a, self.b

    def other(self, h: Hex) -> Hex:
        """The hex across this side from ``h``.

        Raises:
            InvalidInputError: ``h`` is not one of the two hexes.
        """
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise InvalidInputError(f"hex {h} is not on hexside {self}")


@dataclass(frozen=True, slots=True)
class HexInfo:
    """What a hex holds.

    Attributes:
        terrain: terrain (IDAHEX: environment) name.
        elevation: height, in whatever unit the ruleset uses.
        owner: the side owning the hex, if any.
        active: ``False`` excludes the hex from play (IDAHEX inactive cells).
        extra: free-form JSON-able data for the ruleset; read-only.
    """

    terrain: str = "clear"
    elevation: float = 0.0
    owner: str | None = None
    active: bool = True
    extra: Mapping[str, JsonValue] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", _freeze(self.extra))

    def __hash__(self) -> int:
        return hash((self.terrain, self.elevation, self.owner, self.active, _extra_key(self.extra)))


@dataclass(frozen=True, slots=True)
class SideInfo:
    """What lies along a hexside (IDAHEX ``rtetype`` / ``bartype``, seed 000, §2.1).

    Attributes:
        route: type of route between the two hexes, ignoring barriers.
        barrier: type of the barrier complex (river, ridge, ...), if any.
        features: further named features, e.g. ``"hedge"``, ``"wall"``.
        extra: free-form JSON-able data for the ruleset; read-only.
    """

    route: str | None = None
    barrier: str | None = None
    features: frozenset[str] = frozenset()
    extra: Mapping[str, JsonValue] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "features", frozenset(self.features))
        object.__setattr__(self, "extra", _freeze(self.extra))

    def __hash__(self) -> int:
        return hash((self.route, self.barrier, self.features, _extra_key(self.extra)))


_NO_SIDE = SideInfo()


class HexMap:
    """A board: hexes with ``HexInfo``, hexsides with ``SideInfo``, and named regions.

    Hexsides without an entry carry ``SideInfo()``; entries equal to it are dropped so equal
    maps compare equal.

    Args:
        cells: every hex of the board and what it holds.
        sides: hexside attributes; both hexes of each side must be on the board.
        regions: name -> hexes (territories, sectors, no-man's-land); all on the board.

    Raises:
        InvalidInputError: a side or region reaching off the board, each problem reported.
    """

    __slots__ = ("_cells", "_regions", "_sides")

    def __init__(
        self,
        cells: Mapping[Hex, HexInfo],
        sides: Mapping[Hexside, SideInfo] | None = None,
        regions: Mapping[str, Iterable[Hex]] | None = None,
    ) -> None:
        self._cells: Mapping[Hex, HexInfo] = MappingProxyType(dict(cells))
        self._sides: Mapping[Hexside, SideInfo] = MappingProxyType(
            {s: i for s, i in (sides or {}).items() if i != _NO_SIDE}
        )
        self._regions: Mapping[str, frozenset[Hex]] = MappingProxyType(
            {name: frozenset(hs) for name, hs in (regions or {}).items()}
        )
        problems = [
            Problem(f"hexside {s} leaves the map", path=f"sides.{s}")
            for s in self._sides
            if s.a not in self._cells or s.b not in self._cells
        ]
        for name, hs in self._regions.items():
            off = sorted(h for h in hs if h not in self._cells)
            if off:
                shown = ", ".join(str(h) for h in off[:5])
                problems.append(
                    Problem(f"{len(off)} hexes off the map: {shown}", path=f"regions.{name}")
                )
        if problems:
            raise InvalidInputError(problems)

    @classmethod
    def from_hexes(
        cls,
        hexes: Iterable[Hex],
        *,
        terrain: str = "clear",
        inactive: Iterable[Hex] = (),
        regions: Mapping[str, Iterable[Hex]] | None = None,
    ) -> HexMap:
        """A board of ``hexes``, all of one ``terrain``, some of them inactive."""
        off = frozenset(inactive)
        cells = {h: HexInfo(terrain=terrain, active=h not in off) for h in hexes}
        return cls(cells, regions=regions)

    # -- reading --------------------------------------------------------------------------

    @property
    def cells(self) -> Mapping[Hex, HexInfo]:
        """Every hex and what it holds (read-only)."""
        return self._cells

    @property
    def sides(self) -> Mapping[Hexside, SideInfo]:
        """Every hexside with non-default attributes (read-only)."""
        return self._sides

    @property
    def regions(self) -> Mapping[str, frozenset[Hex]]:
        """Every named region (read-only)."""
        return self._regions

    def __contains__(self, h: object) -> bool:
        return h in self._cells

    def __iter__(self) -> Iterator[Hex]:
        """The hexes in sorted order."""
        return iter(sorted(self._cells))

    def __len__(self) -> int:
        return len(self._cells)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HexMap):
            return NotImplemented
        return (
            self._cells == other._cells
            and self._sides == other._sides
            and self._regions == other._regions
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<HexMap {len(self._cells)} hexes, {len(self._sides)} sides, "
            f"regions {sorted(self._regions)}>"
        )

    def info(self, h: Hex) -> HexInfo:
        """What hex ``h`` holds.

        Raises:
            InvalidInputError: ``h`` is not on the map.
        """
        try:
            return self._cells[h]
        except KeyError:
            raise InvalidInputError(f"hex {h} is not on the map") from None

    def is_active(self, h: Hex) -> bool:
        """Whether ``h`` is on the map and active."""
        info = self._cells.get(h)
        return info is not None and info.active

    def side(self, a: Hex, b: Hex) -> SideInfo:
        """What lies between adjacent hexes ``a`` and ``b`` (``SideInfo()`` if nothing).

        Raises:
            InvalidInputError: ``a`` and ``b`` are not adjacent.
        """
        return self._sides.get(Hexside(a, b), _NO_SIDE)

    def neighbors(self, h: Hex) -> list[Hex]:
        """The active on-map neighbours of ``h``, in ``Direction`` order."""
        return [nb for nb in h.neighbors() if self.is_active(nb)]

    def region(self, name: str) -> frozenset[Hex]:
        """The hexes of region ``name``.

        Raises:
            InvalidInputError: no region has that name.
        """
        try:
            return self._regions[name]
        except KeyError:
            known = ", ".join(sorted(self._regions)) or "none"
            raise InvalidInputError(f"no region {name!r} (regions: {known})") from None

    def regions_of(self, h: Hex) -> tuple[str, ...]:
        """Names of the regions containing ``h``, sorted."""
        return tuple(sorted(name for name, hs in self._regions.items() if h in hs))

    # -- changing -------------------------------------------------------------------------

    def with_hexes(self, changes: Mapping[Hex, HexInfo]) -> HexMap:
        """A copy with the given hexes set (added if new)."""
        return HexMap({**self._cells, **changes}, self._sides, self._regions)

    def with_hex(self, h: Hex, info: HexInfo) -> HexMap:
        """A copy with hex ``h`` set to ``info`` (added if new)."""
        return self.with_hexes({h: info})

    def with_side(self, a: Hex, b: Hex, info: SideInfo) -> HexMap:
        """A copy with the hexside between ``a`` and ``b`` set to ``info``."""
        return HexMap(self._cells, {**self._sides, Hexside(a, b): info}, self._regions)

    def with_region(self, name: str, hexes: Iterable[Hex]) -> HexMap:
        """A copy with region ``name`` set to ``hexes``."""
        return HexMap(self._cells, self._sides, {**self._regions, name: frozenset(hexes)})

    def without_region(self, name: str) -> HexMap:
        """A copy without region ``name`` (unchanged if there is none)."""
        regions = {k: v for k, v in self._regions.items() if k != name}
        return HexMap(self._cells, self._sides, regions)

    # -- serialising ----------------------------------------------------------------------

    def to_json(self) -> dict[str, JsonValue]:
        """A JSON-able dict; fields equal to their defaults are left out."""
        hexes: list[JsonValue] = []
        for h in sorted(self._cells):
            info = self._cells[h]
            entry: dict[str, JsonValue] = {"hex": str(h)}
            if info.terrain != "clear":
                entry["terrain"] = info.terrain
            if info.elevation != 0.0:
                entry["elevation"] = info.elevation
            if info.owner is not None:
                entry["owner"] = info.owner
            if not info.active:
                entry["active"] = False
            if info.extra:
                entry["extra"] = dict(info.extra)
            hexes.append(entry)
        sides: list[JsonValue] = []
        for s in sorted(self._sides):
            side = self._sides[s]
            item: dict[str, JsonValue] = {"side": str(s)}
            if side.route is not None:
                item["route"] = side.route
            if side.barrier is not None:
                item["barrier"] = side.barrier
            if side.features:
                features: list[JsonValue] = [*sorted(side.features)]
                item["features"] = features
            if side.extra:
                item["extra"] = dict(side.extra)
            sides.append(item)
        regions: dict[str, JsonValue] = {
            name: [str(h) for h in sorted(hs)] for name, hs in sorted(self._regions.items())
        }
        return {"version": MAP_FORMAT_VERSION, "hexes": hexes, "sides": sides, "regions": regions}

    @classmethod
    def from_json(cls, data: object) -> HexMap:
        """Read a map written by ``to_json`` (omitted fields take their defaults).

        Raises:
            InvalidInputError: every problem found, each with its key path.
        """
        reader = _Reader()
        result = reader.map(data)
        if reader.problems or result is None:
            raise InvalidInputError(reader.problems)
        return result


class _Reader:
    """Collects every problem in a map dict instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, path: str, message: str) -> None:
        self.problems.append(Problem(message, path=path))

    def map(self, data: object) -> HexMap | None:
        if not isinstance(data, dict):
            self.fail("", f"a map must be an object, got {type(data).__name__}")
            return None
        version = data.get("version", MAP_FORMAT_VERSION)
        if version != MAP_FORMAT_VERSION:
            self.fail("version", f"unsupported map version {version!r}: expected 1")
        unknown = sorted(set(data) - {"version", "hexes", "sides", "regions"})
        if unknown:
            self.fail("", f"unknown keys {unknown}")
        cells: dict[Hex, HexInfo] = {}
        for i, entry in enumerate(self.items(data, "hexes")):
            path = f"hexes[{i}]"
            got = self.hex_entry(entry, path)
            if got is not None:
                if got[0] in cells:
                    self.fail(f"{path}.hex", f"hex {got[0]} listed twice")
                cells[got[0]] = got[1]
        sides: dict[Hexside, SideInfo] = {}
        for i, entry in enumerate(self.items(data, "sides")):
            path = f"sides[{i}]"
            side = self.side_entry(entry, path)
            if side is not None:
                if side[0] in sides:
                    self.fail(f"{path}.side", f"hexside {side[0]} listed twice")
                sides[side[0]] = side[1]
        regions: dict[str, list[Hex]] = {}
        raw_regions = data.get("regions", {})
        if not isinstance(raw_regions, dict):
            self.fail("regions", "must be an object of name -> list of hexes")
            raw_regions = {}
        for name, members in raw_regions.items():
            path = f"regions.{name}"
            if not isinstance(members, list):
                self.fail(path, "must be a list of 'q,r' hexes")
                continue
            found = (self.hex_text(m, f"{path}[{j}]") for j, m in enumerate(members))
            regions[name] = [h for h in found if h is not None]
        if self.problems:
            return None
        try:
            return HexMap(cells, sides, regions)
        except InvalidInputError as exc:
            self.problems.extend(exc.problems)
            return None

    def items(self, data: dict[str, object], key: str) -> list[object]:
        value = data.get(key, [])
        if not isinstance(value, list):
            self.fail(key, "must be a list")
            return []
        return value

    def hex_text(self, value: object, path: str) -> Hex | None:
        if not isinstance(value, str):
            self.fail(path, f"must be a 'q,r' string, got {value!r}")
            return None
        try:
            return Hex.from_str(value)
        except InvalidInputError as exc:
            self.fail(path, str(exc))
            return None

    def text(self, entry: dict[str, object], key: str, path: str, default: str) -> str:
        value = entry.get(key, default)
        if isinstance(value, str):
            return value
        self.fail(f"{path}.{key}", f"must be a string, got {value!r}")
        return default

    def optional_text(self, entry: dict[str, object], key: str, path: str) -> str | None:
        value = entry.get(key)
        if value is None or isinstance(value, str):
            return value
        self.fail(f"{path}.{key}", f"must be a string or null, got {value!r}")
        return None

    def number(self, entry: dict[str, object], key: str, path: str, default: float) -> float:
        value = entry.get(key, default)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        self.fail(f"{path}.{key}", f"must be a number, got {value!r}")
        return default

    def flag(self, entry: dict[str, object], key: str, path: str, default: bool) -> bool:
        value = entry.get(key, default)
        if isinstance(value, bool):
            return value
        self.fail(f"{path}.{key}", f"must be true or false, got {value!r}")
        return default

    def extra(self, entry: dict[str, object], path: str) -> dict[str, JsonValue]:
        extra = entry.get("extra", {})
        if not isinstance(extra, dict) or not all(isinstance(k, str) for k in extra):
            self.fail(f"{path}.extra", f"must be an object, got {extra!r}")
            return {}
        try:
            json.dumps(extra)
        except (TypeError, ValueError) as exc:
            self.fail(f"{path}.extra", f"must hold JSON values only: {exc}")
            return {}
        return extra

    def unknown_keys(self, entry: dict[str, object], known: set[str], path: str) -> None:
        unknown = sorted(set(entry) - known)
        if unknown:
            self.fail(path, f"unknown keys {unknown}")

    def hex_entry(self, entry: object, path: str) -> tuple[Hex, HexInfo] | None:
        if not isinstance(entry, dict):
            self.fail(path, "must be an object with at least 'hex'")
            return None
        before = len(self.problems)
        self.unknown_keys(entry, {"hex", "terrain", "elevation", "owner", "active", "extra"}, path)
        h = self.hex_text(entry.get("hex"), f"{path}.hex")
        info = HexInfo(
            terrain=self.text(entry, "terrain", path, "clear"),
            elevation=self.number(entry, "elevation", path, 0.0),
            owner=self.optional_text(entry, "owner", path),
            active=self.flag(entry, "active", path, True),
            extra=self.extra(entry, path),
        )
        if len(self.problems) > before or h is None:
            return None
        return h, info

    def side_entry(self, entry: object, path: str) -> tuple[Hexside, SideInfo] | None:
        if not isinstance(entry, dict):
            self.fail(path, "must be an object with at least 'side'")
            return None
        before = len(self.problems)
        self.unknown_keys(entry, {"side", "route", "barrier", "features", "extra"}, path)
        side: Hexside | None = None
        raw = entry.get("side")
        if not isinstance(raw, str):
            self.fail(f"{path}.side", f"must be a 'q,r|q,r' string, got {raw!r}")
        else:
            try:
                side = Hexside.from_str(raw)
            except InvalidInputError as exc:
                self.fail(f"{path}.side", str(exc))
        features = entry.get("features", [])
        if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
            self.fail(f"{path}.features", f"must be a list of strings, got {features!r}")
            features = []
        info = SideInfo(
            route=self.optional_text(entry, "route", path),
            barrier=self.optional_text(entry, "barrier", path),
            features=frozenset(features),
            extra=self.extra(entry, path),
        )
        if len(self.problems) > before or side is None:
            return None
        return side, info
