"""The one board renderer: a :class:`~hexwar.core.boards.Board` as an SVG map with its legend.

Every ruleset's board is drawn here, in the manner of a printed war-game map: terrain fills
with textures, hex labels in the ruleset's own notation, hexside features as heavy edges,
counters as square pieces with NATO-style unit-type symbols, values and state pips. Every text
is escaped; hexes carry ``data-label`` and counters ``data-ref`` so the page can insert them
into the order being written.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from html import escape

from hexwar.core.boards import Board, Counter, Front, Style
from hexwar.core.hexes import Hex

__all__ = ["render_board"]

_SQRT3 = math.sqrt(3.0)
_FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"


def _a(text: object) -> str:
    """Escape for an attribute or element text."""
    return escape(str(text), quote=True)


def _fmt(x: float) -> str:
    return f"{x:.1f}"


class _Geometry:
    def __init__(self, board: Board, size: float, origin: tuple[float, float] = (0, 0)) -> None:
        self.size = size
        self.pointy = board.orientation == "pointy"
        self.fx = -1.0 if board.mirror == "horizontal" else 1.0
        self.fy = -1.0 if board.mirror == "vertical" else 1.0
        self.origin = origin
        self._cache: dict[float, list[tuple[float, float]]] = {}

    def centre(self, h: Hex) -> tuple[float, float]:
        s = self.size
        if self.pointy:
            x, y = s * _SQRT3 * (h.q + h.r / 2), s * 1.5 * h.r
        else:
            x, y = s * 1.5 * h.q, s * _SQRT3 * (h.r + h.q / 2)
        return x * self.fx - self.origin[0], y * self.fy - self.origin[1]

    def _offsets(self, scale: float) -> list[tuple[float, float]]:
        offsets = self._cache.get(scale)
        if offsets is None:
            start = 30 if self.pointy else 0
            r = self.size * scale
            offsets = [
                (
                    r * math.cos(math.radians(start + 60 * i)),
                    r * math.sin(math.radians(start + 60 * i)),
                )
                for i in range(6)
            ]
            self._cache[scale] = offsets
        return offsets

    def corners(self, h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        return [(cx + dx, cy + dy) for dx, dy in self._offsets(scale)]

    def points(self, h: Hex, scale: float = 1.0) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.corners(h, scale))

    def shared_edge(self, a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners that hexes ``a`` and ``b`` share (their common hexside)."""
        ca = self.corners(a)
        cb = self.corners(b)
        common = [p for p in ca if any(math.dist(p, q) < self.size * 0.05 for q in cb)]
        if len(common) != 2:  # not adjacent: draw across the midpoint instead
            (ax, ay), (bx, by) = self.centre(a), self.centre(b)
            mx, my = (ax + bx) / 2, (ay + by) / 2
            return (mx, my), (mx, my)
        return common[0], common[1]


_PATTERNS = """
<pattern id="pat-contours" width="18" height="12" patternUnits="userSpaceOnUse">
  <path d="M0 8 Q4.5 2 9 8 T18 8" fill="none" stroke="#8a6d3b" stroke-width="0.8"
    opacity="0.55"/>
</pattern>
<pattern id="pat-trees" width="10" height="10" patternUnits="userSpaceOnUse">
  <circle cx="3" cy="3" r="2.2" fill="#2f5f2a" opacity="0.55"/>
  <circle cx="8" cy="8" r="1.8" fill="#2f5f2a" opacity="0.45"/>
</pattern>
<pattern id="pat-orchard" width="8" height="8" patternUnits="userSpaceOnUse">
  <circle cx="4" cy="4" r="1.4" fill="#3f7a2a" opacity="0.6"/>
</pattern>
<pattern id="pat-marsh" width="12" height="8" patternUnits="userSpaceOnUse">
  <path d="M1 6 h4 M7 3 h4" stroke="#2e6f8e" stroke-width="0.9" opacity="0.7"/>
  <path d="M3 6 v-3 M9 3 v-2" stroke="#4d7a3a" stroke-width="0.7" opacity="0.7"/>
</pattern>
<pattern id="pat-waves" width="14" height="8" patternUnits="userSpaceOnUse">
  <path d="M0 5 Q3.5 2 7 5 T14 5" fill="none" stroke="#ffffff" stroke-width="0.7"
    opacity="0.6"/>
</pattern>
<pattern id="pat-buildings" width="9" height="9" patternUnits="userSpaceOnUse">
  <rect x="1" y="1" width="3.5" height="3.5" fill="#5a4a42" opacity="0.55"/>
  <rect x="5.5" y="5" width="3" height="3" fill="#5a4a42" opacity="0.45"/>
</pattern>
<pattern id="pat-fields" width="8" height="8" patternUnits="userSpaceOnUse"
  patternTransform="rotate(35)">
  <path d="M0 4 h8" stroke="#9a8b3a" stroke-width="0.7" opacity="0.55"/>
</pattern>
<pattern id="pat-hatch" width="6" height="6" patternUnits="userSpaceOnUse"
  patternTransform="rotate(45)">
  <path d="M0 3 h6" stroke="#4a6b00" stroke-width="1.6" opacity="0.7"/>
</pattern>
<pattern id="pat-rough" width="10" height="10" patternUnits="userSpaceOnUse">
  <path d="M2 7 l2 -3 l2 3 M6 4 l1.5 -2 l1.5 2" fill="none" stroke="#6b5a3a"
    stroke-width="0.7" opacity="0.6"/>
</pattern>
<pattern id="pat-dots" width="6" height="6" patternUnits="userSpaceOnUse">
  <circle cx="3" cy="3" r="0.8" fill="#6b6b6b" opacity="0.5"/>
</pattern>
<filter id="shadow" x="-20%" y="-20%" width="150%" height="150%">
  <feDropShadow dx="1.2" dy="1.6" stdDeviation="0.8" flood-opacity="0.45"/>
</filter>
"""
_KNOWN_PATTERNS = {
    "contours",
    "trees",
    "orchard",
    "marsh",
    "waves",
    "buildings",
    "fields",
    "hatch",
    "rough",
    "dots",
}


def _symbol(kind: str, x: float, y: float, w: float, h: float, ink: str) -> str:
    """A NATO-style unit symbol in the box of width ``w`` and height ``h`` centred at x, y."""
    left, top, right, bottom = x - w / 2, y - h / 2, x + w / 2, y + h / 2
    box = (
        f'<rect x="{_fmt(left)}" y="{_fmt(top)}" width="{_fmt(w)}" height="{_fmt(h)}" '
        f'fill="none" stroke="{ink}" stroke-width="1.1"/>'
    )
    stroke = f'stroke="{ink}" stroke-width="1.1" fill="none"'
    match kind:
        case "infantry":
            inner = (
                f'<path d="M{_fmt(left)} {_fmt(top)} L{_fmt(right)} {_fmt(bottom)} '
                f'M{_fmt(left)} {_fmt(bottom)} L{_fmt(right)} {_fmt(top)}" {stroke}/>'
            )
        case "armor":
            inner = (
                f'<rect x="{_fmt(left + w * 0.18)}" y="{_fmt(top + h * 0.22)}" '
                f'width="{_fmt(w * 0.64)}" height="{_fmt(h * 0.56)}" rx="{_fmt(h * 0.28)}" '
                f"{stroke}/>"
            )
        case "artillery":
            inner = f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(h * 0.17)}" fill="{ink}"/>'
        case "support":
            inner = (
                f'<path d="M{_fmt(left)} {_fmt(bottom - h * 0.3)} H{_fmt(right)}" {stroke}/>'
                f'<path d="M{_fmt(x - w * 0.12)} {_fmt(y - h * 0.05)} h{_fmt(w * 0.24)}" '
                f"{stroke}/>"
            )
        case "airbase":
            inner = (
                f'<path d="M{_fmt(x)} {_fmt(y)} C{_fmt(x - w * 0.2)} {_fmt(top + 1)} '
                f"{_fmt(left + 2)} {_fmt(top + 2)} {_fmt(left + 2)} {_fmt(y)} "
                f"S{_fmt(x - w * 0.2)} {_fmt(bottom - 1)} {_fmt(x)} {_fmt(y)} "
                f"C{_fmt(x + w * 0.2)} {_fmt(top + 1)} {_fmt(right - 2)} {_fmt(top + 2)} "
                f"{_fmt(right - 2)} {_fmt(y)} S{_fmt(x + w * 0.2)} {_fmt(bottom - 1)} "
                f'{_fmt(x)} {_fmt(y)}" {stroke}/>'
            )
        case "missile":
            inner = (
                f'<path d="M{_fmt(x)} {_fmt(bottom - 1)} V{_fmt(top + 1.5)} '
                f"M{_fmt(x - w * 0.12)} {_fmt(top + h * 0.35)} L{_fmt(x)} {_fmt(top + 1.5)} "
                f'L{_fmt(x + w * 0.12)} {_fmt(top + h * 0.35)}" {stroke}/>'
            )
        case "hq":
            inner = (
                f'<text x="{_fmt(x)}" y="{_fmt(y + h * 0.22)}" font-size="{_fmt(h * 0.62)}" '
                f'text-anchor="middle" font-weight="bold" fill="{ink}">HQ</text>'
            )
        case "technical":
            inner = (
                f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(h * 0.26)}" {stroke}/>'
                f'<path d="M{_fmt(x - h * 0.4)} {_fmt(y)} h{_fmt(h * 0.8)} M{_fmt(x)} '
                f'{_fmt(y - h * 0.4)} v{_fmt(h * 0.8)}" {stroke}/>'
            )
        case "nuked":
            inner = (
                f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(h * 0.34)}" fill="#f2d600" '
                f'stroke="{ink}" stroke-width="0.8"/>'
                f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(h * 0.08)}" fill="{ink}"/>'
            )
        case "aircraft":
            return (
                f'<path d="M{_fmt(x)} {_fmt(top - h * 0.2)} '
                f"L{_fmt(x + w * 0.1)} {_fmt(y - h * 0.1)} "
                f"L{_fmt(right)} {_fmt(y + h * 0.15)} L{_fmt(x + w * 0.1)} {_fmt(y + h * 0.15)} "
                f"L{_fmt(x + w * 0.08)} {_fmt(bottom)} L{_fmt(x + w * 0.22)} "
                f"{_fmt(bottom + h * 0.25)} L{_fmt(x - w * 0.22)} {_fmt(bottom + h * 0.25)} "
                f"L{_fmt(x - w * 0.08)} {_fmt(bottom)} L{_fmt(x - w * 0.1)} {_fmt(y + h * 0.15)} "
                f"L{_fmt(left)} {_fmt(y + h * 0.15)} L{_fmt(x - w * 0.1)} {_fmt(y - h * 0.1)} Z"
                f'" fill="{ink}"/>'
            )
        case "commander":
            r1, r2 = h * 0.55, h * 0.22
            pts = []
            for i in range(10):
                r = r1 if i % 2 == 0 else r2
                ang = math.radians(-90 + 36 * i)
                pts.append(f"{_fmt(x + r * math.cos(ang))},{_fmt(y + r * math.sin(ang))}")
            return f'<polygon points="{" ".join(pts)}" fill="{ink}"/>'
        case _:  # unknown / unidentified
            inner = (
                f'<text x="{_fmt(x)}" y="{_fmt(y + h * 0.3)}" font-size="{_fmt(h * 0.9)}" '
                f'text-anchor="middle" font-weight="bold" fill="{ink}">?</text>'
            )
    return box + inner


def _counter(board: Board, geo: _Geometry, c: Counter, dx: float, dy: float) -> str:
    side = board.sides[c.side]
    cx, cy = geo.centre(c.at)
    cx, cy = cx + dx, cy + dy
    s = geo.size * 1.12
    x0, y0 = cx - s / 2, cy - s / 2
    own = board.viewer is None or board.viewer == c.side
    parts = [
        f'<g class="counter{" own" if own else " enemy"}" data-ref="{_a(c.ref)}" '
        f'data-side="{_a(c.side)}" data-hex="{_a(str(c.at))}" filter="url(#shadow)">',
        f"<title>{_a(c.name or c.ref)}</title>",
        f'<rect class="face" x="{_fmt(x0)}" y="{_fmt(y0)}" width="{_fmt(s)}" '
        f'height="{_fmt(s)}" rx="2" fill="{_a(side.colour)}" stroke="#1a1a1a" '
        f'stroke-width="0.8"/>',
        _symbol(c.symbol, cx, cy - s * 0.02, s * 0.62, s * 0.38, _a(side.ink)),
    ]
    font = s * 0.24
    if c.top:
        parts.append(
            f'<text x="{_fmt(cx)}" y="{_fmt(y0 + font * 1.0)}" font-size="{_fmt(font)}" '
            f'text-anchor="middle" fill="{_a(side.ink)}">{_a(c.top)}</text>'
        )
    if c.bottom:
        parts.append(
            f'<text x="{_fmt(cx)}" y="{_fmt(y0 + s - font * 0.3)}" font-size="{_fmt(font * 1.05)}" '
            f'text-anchor="middle" font-weight="bold" fill="{_a(side.ink)}">{_a(c.bottom)}</text>'
        )
    for i, flag in enumerate(c.flags):
        style = board.flag_styles[flag]
        parts.append(
            f'<rect x="{_fmt(x0 + s - 5.5)}" y="{_fmt(y0 + 1.5 + i * 4.5)}" width="4" '
            f'height="3.5" fill="{_a(style.colour)}" stroke="#000" stroke-width="0.3">'
            f"<title>{_a(style.label)}</title></rect>"
        )
    if c.count > 1:
        parts.append(
            f'<circle cx="{_fmt(x0 + s)}" cy="{_fmt(y0)}" r="{_fmt(font * 0.75)}" fill="#fff" '
            f'stroke="#000" stroke-width="0.6"/><text x="{_fmt(x0 + s)}" '
            f'y="{_fmt(y0 + font * 0.32)}" font-size="{_fmt(font * 0.95)}" text-anchor="middle" '
            f'font-weight="bold" fill="#000">{c.count}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _front(board: Board, geo: _Geometry, f: Front) -> str:
    """A FEBA inside its hex: a line across the hex, square to the attackers' direction, at
    ``position`` of the hex's depth from the edge they attack from; the ground they hold is
    shaded."""
    st = board.trace_styles[f.kind]
    cx, cy = geo.centre(f.at)
    ux, uy = 1.0, 0.0
    if f.origins:
        ox = sum(geo.centre(h)[0] for h in f.origins) / len(f.origins)
        oy = sum(geo.centre(h)[1] for h in f.origins) / len(f.origins)
        norm = math.hypot(cx - ox, cy - oy)
        if norm > 1e-9:
            ux, uy = (cx - ox) / norm, (cy - oy) / norm
    depth = geo.size * _SQRT3  # centre to centre: the cell's depth (seed 000, §2.1)
    p = min(max(f.position, 0.0), 1.0)
    d = (p - 0.5) * depth  # signed distance of the line from the centre

    def chord(dist: float) -> tuple[tuple[float, float], tuple[float, float]]:
        half = max(geo.size - abs(dist) / _SQRT3, geo.size * 0.2) * 0.92
        mx, my = cx + ux * dist, cy + uy * dist
        return (mx - uy * half, my + ux * half), (mx + uy * half, my - ux * half)

    (x1, y1), (x2, y2) = chord(d)
    (x3, y3), (x4, y4) = chord(-0.5 * depth * 0.98)
    title = _a(f.label or st.label)
    # the figure under the hex's counters, above its lower edge
    tx, ty = cx, cy + geo.size * 0.8
    return (
        f'<g class="front" data-hex="{_a(str(f.at))}" data-position="{p:.3f}">'
        f'<polygon points="{_fmt(x1)},{_fmt(y1)} {_fmt(x2)},{_fmt(y2)} {_fmt(x4)},{_fmt(y4)} '
        f'{_fmt(x3)},{_fmt(y3)}" fill="{_a(st.colour)}" fill-opacity="0.22"/>'
        f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" '
        f'stroke="#111" stroke-width="6" stroke-linecap="round" opacity="0.55"/>'
        f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" '
        f'stroke="{_a(st.colour)}" stroke-width="3.5" stroke-linecap="round" {_dash(st)}>'
        f"<title>{title}</title></line>"
        f'<text x="{_fmt(tx)}" y="{_fmt(ty)}" font-size="{_fmt(geo.size * 0.26)}" '
        f'text-anchor="middle" font-weight="bold" fill="{_a(st.colour)}" stroke="#fff" '
        f'stroke-width="2.5" paint-order="stroke">FEBA {p:.2f}</text></g>'
    )


def _fill(style: Style) -> str:
    return _a(style.colour)


def _legend(board: Board, width: float, y: float) -> tuple[str, float]:
    """The legend under the map: every style in use, each with its swatch. Returns the SVG and
    its height."""
    entries: list[tuple[str, str]] = []  # (swatch svg at 0,0 in a 18x14 box, label)
    used_terrain = {c.terrain for c in board.hexes}
    for key, st in board.terrain.items():
        if key not in used_terrain:
            continue
        pat = (
            f'<rect width="18" height="14" fill="url(#pat-{_a(st.pattern)})"/>'
            if st.pattern in _KNOWN_PATTERNS
            else ""
        )
        entries.append(
            (
                f'<rect width="18" height="14" fill="{_fill(st)}" stroke="#555" '
                f'stroke-width="0.5"/>{pat}',
                st.label,
            )
        )
    for key, ss in board.sides.items():
        entries.append(
            (
                f'<rect width="18" height="14" rx="2" fill="{_a(ss.colour)}" stroke="#000" '
                f'stroke-width="0.6"/>',
                f"{ss.label}" + (" (you)" if board.viewer == key else ""),
            )
        )
    symbols = sorted({c.symbol for c in board.counters})
    names = {
        "infantry": "infantry",
        "armor": "armour",
        "artillery": "artillery / gun",
        "support": "support",
        "airbase": "airbase",
        "missile": "missile",
        "hq": "headquarters",
        "technical": "technical",
        "nuked": "nuked",
        "unknown": "unidentified",
        "aircraft": "air units (badge: how many)",
        "commander": "commander",
    }
    for sym in symbols:
        entries.append(
            (
                '<rect width="18" height="14" fill="#eee" stroke="#999" stroke-width="0.4"/>'
                + _symbol(sym, 9, 7, 14, 9, "#111"),
                names.get(sym, sym),
            )
        )
    used_markers = {m.kind for m in board.markers}
    for key, st in board.marker_styles.items():
        if key in used_markers:
            entries.append((_marker_shape(key, st, 9, 7, 6), st.label))
    used_sides = {s.kind for s in board.hexsides}
    for key, st in board.hexside_styles.items():
        if key in used_sides:
            entries.append(
                (
                    f'<path d="M1 7 H17" stroke="{_a(st.colour)}" stroke-width="3.2" {_dash(st)}/>',
                    st.label,
                )
            )
    used_traces = {t.kind for t in board.traces} | {f.kind for f in board.fronts}
    for key, st in board.trace_styles.items():
        if key in used_traces:
            entries.append(
                (
                    f'<path d="M1 7 H17" stroke="{_a(st.colour)}" stroke-width="2.4" {_dash(st)}/>',
                    st.label,
                )
            )
    used_hl = {h.kind for h in board.highlights}
    for key, st in board.highlight_styles.items():
        if key in used_hl:
            entries.append((_highlight_swatch(st), st.label))
    used_flags = {f for c in board.counters for f in c.flags}
    for key, st in board.flag_styles.items():
        if key in used_flags:
            entries.append(
                (
                    f'<rect x="6" y="4" width="6" height="6" fill="{_a(st.colour)}" '
                    f'stroke="#000" stroke-width="0.4"/>',
                    "pip: " + st.label,
                )
            )
    col_w = 250.0
    cols = max(1, int((width - 20) // col_w))
    rows = math.ceil(len(entries) / cols)
    out = [
        f'<g class="legend" transform="translate(10,{_fmt(y)})">',
        '<text x="0" y="12" font-size="12" font-weight="bold" fill="#222">Legend</text>',
    ]
    for i, (swatch, label) in enumerate(entries):
        r, c = divmod(i, cols)
        out.append(
            f'<g transform="translate({_fmt(c * col_w)},{_fmt(20 + r * 18)})">{swatch}'
            f'<text x="24" y="11" font-size="11" fill="#222">{_a(label)}</text></g>'
        )
    out.append("</g>")
    return "".join(out), 28 + rows * 18


def _dash(st: Style) -> str:
    if st.pattern == "thin":
        return 'stroke-dasharray="3 2"'
    return 'stroke-dasharray="5 3"' if st.pattern == "dashed" else ""


def _highlight_swatch(st: Style) -> str:
    pat = (
        f'<rect width="18" height="14" fill="url(#pat-{_a(st.pattern)})"/>'
        if st.pattern in _KNOWN_PATTERNS
        else ""
    )
    return (
        f'<rect width="18" height="14" fill="{_a(st.colour)}" fill-opacity="0.35" '
        f'stroke="{_a(st.colour)}" stroke-width="1.2"/>{pat}'
    )


def _marker_shape(kind: str, st: Style, x: float, y: float, r: float) -> str:
    colour = _a(st.colour)
    if st.pattern == "star" or kind == "objective":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.45
            ang = math.radians(-90 + 36 * i)
            pts.append(f"{_fmt(x + rr * math.cos(ang))},{_fmt(y + rr * math.sin(ang))}")
        return (
            f'<polygon points="{" ".join(pts)}" fill="{colour}" stroke="#000" stroke-width="0.7"/>'
        )
    if st.pattern == "airport":
        return (
            f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r)}" fill="#fff" '
            f'stroke="{colour}" stroke-width="1.6"/><path d="M{_fmt(x - r * 0.7)} '
            f"{_fmt(y + r * 0.4)} L{_fmt(x + r * 0.7)} {_fmt(y - r * 0.4)} M{_fmt(x - r * 0.4)} "
            f'{_fmt(y - r * 0.5)} L{_fmt(x + r * 0.4)} {_fmt(y + r * 0.5)}" stroke="{colour}" '
            f'stroke-width="1.6"/>'
        )
    if st.pattern == "cross":
        return (
            f'<path d="M{_fmt(x - r)} {_fmt(y - r)} L{_fmt(x + r)} {_fmt(y + r)} '
            f'M{_fmt(x - r)} {_fmt(y + r)} L{_fmt(x + r)} {_fmt(y - r)}" stroke="{colour}" '
            f'stroke-width="2"/>'
        )
    # a city: a square with a smaller square inside (a town plan)
    return (
        f'<rect x="{_fmt(x - r)}" y="{_fmt(y - r)}" width="{_fmt(2 * r)}" height="{_fmt(2 * r)}" '
        f'fill="{colour}" stroke="#000" stroke-width="0.8"/><rect x="{_fmt(x - r * 0.45)}" '
        f'y="{_fmt(y - r * 0.45)}" width="{_fmt(r * 0.9)}" height="{_fmt(r * 0.9)}" '
        f'fill="#fff" stroke="#000" stroke-width="0.5"/>'
    )


def render_board(board: Board, *, size: float = 28.0, legend: bool = True) -> str:
    """The board as a standalone SVG document (map, then legend); its ``data-status``
    attribute holds the board's status lines as JSON."""
    geo = _Geometry(board, size)
    xs: list[float] = []
    ys: list[float] = []
    for cell in board.hexes:
        for x, y in geo.corners(cell.at):
            xs.append(x)
            ys.append(y)
    if not xs:
        xs, ys = [0.0], [0.0]
    margin = size * 0.5
    ox, oy = min(xs) - margin, min(ys) - margin
    width = max(xs) - min(xs) + 2 * margin
    map_h = max(ys) - min(ys) + 2 * margin
    width = max(width, 420.0)

    sg = _Geometry(board, size, (ox, oy))
    shift = sg.centre
    out: list[str] = []
    out.append('<g class="terrain">')
    for cell in board.hexes:
        st = board.terrain[cell.terrain]
        out.append(
            f'<polygon class="hex" data-label="{_a(cell.label)}" data-hex="{_a(str(cell.at))}" '
            f'points="{sg.points(cell.at)}" fill="{_fill(st)}" stroke="#6d6a5c" '
            f'stroke-width="0.6"><title>{_a(cell.label)}: {_a(st.label)}</title></polygon>'
        )
        if st.pattern in _KNOWN_PATTERNS:
            out.append(
                f'<polygon points="{sg.points(cell.at, 0.97)}" fill="url(#pat-{st.pattern})" '
                f'pointer-events="none"/>'
            )
    out.append("</g>")
    out.append('<g class="highlights" pointer-events="none">')
    for hl in board.highlights:
        st = board.highlight_styles[hl.kind]
        attrs = (
            f' class="sight" data-counter="{_a(hl.counter)}" style="display:none"'
            if hl.counter is not None
            else f' class="hl-{_a(hl.kind)}"'
        )
        out.append(f"<g{attrs}>")
        for h in hl.hexes:
            pat = (
                f'<polygon points="{sg.points(h, 0.9)}" fill="url(#pat-{st.pattern})"/>'
                if st.pattern in _KNOWN_PATTERNS
                else ""
            )
            out.append(
                f'<polygon points="{sg.points(h, 0.94)}" fill="{_a(st.colour)}" '
                f'fill-opacity="0.16" stroke="{_a(st.colour)}" stroke-width="1" '
                f'stroke-opacity="0.6"/>{pat}'
            )
        out.append("</g>")
    out.append("</g>")
    out.append('<g class="labels" pointer-events="none" fill="#4a463a">')
    font = size * 0.3
    for cell in board.hexes:
        x, y = shift(cell.at)
        out.append(
            f'<text x="{_fmt(x)}" y="{_fmt(y - size * 0.58)}" font-size="{_fmt(font)}" '
            f'text-anchor="middle">{_a(cell.label)}</text>'
        )
        if cell.note:
            out.append(
                f'<text x="{_fmt(x)}" y="{_fmt(y + size * 0.78)}" font-size="{_fmt(font * 0.9)}" '
                f'text-anchor="middle" fill="#7a6a4a">{_a(cell.note)}</text>'
            )
    out.append("</g>")
    out.append('<g class="traces" pointer-events="none" fill="none">')
    for tr in board.traces:
        st = board.trace_styles[tr.kind]
        pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in (shift(h) for h in tr.hexes))
        if st.pattern == "thin":  # a minor line (a cross-country route): no casing
            out.append(
                f'<polyline points="{pts}" stroke="{_a(st.colour)}" stroke-width="1.2" '
                f'stroke-dasharray="3 2" opacity="0.8"><title>{_a(tr.label or st.label)}'
                "</title></polyline>"
            )
            continue
        out.append(
            f'<polyline points="{pts}" stroke="#3b3b3b" stroke-width="4.2" '
            f'stroke-linecap="round" stroke-linejoin="round" opacity="0.5"/>'
            f'<polyline points="{pts}" stroke="{_a(st.colour)}" stroke-width="2.6" '
            f'stroke-linecap="round" stroke-linejoin="round" {_dash(st)}>'
            f"<title>{_a(tr.label or st.label)}</title></polyline>"
        )
    out.append("</g>")
    out.append('<g class="hexsides" pointer-events="none">')
    for hs in board.hexsides:
        st = board.hexside_styles[hs.kind]
        (x1, y1), (x2, y2) = sg.shared_edge(hs.a, hs.b)
        out.append(
            f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" '
            f'stroke="{_a(st.colour)}" stroke-width="3.2" stroke-linecap="round" {_dash(st)}/>'
        )
    out.append("</g>")
    out.append('<g class="markers" pointer-events="none">')
    for m in board.markers:
        st = board.marker_styles[m.kind]
        x, y = shift(m.at)
        ring = ""
        if m.side is not None and m.side in board.sides:
            ring = (
                f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(size * 0.5)}" fill="none" '
                f'stroke="{_a(board.sides[m.side].colour)}" stroke-width="2.5"/>'
            )
        label = (
            f'<text x="{_fmt(x)}" y="{_fmt(y + size * 0.62)}" font-size="{_fmt(font)}" '
            f'text-anchor="middle" font-weight="bold" fill="#222">{_a(m.label)}</text>'
            if m.label
            else ""
        )
        out.append(
            f'<g class="marker" data-hex="{_a(str(m.at))}">'
            f"<title>{_a(st.label)}{': ' + _a(m.label) if m.label else ''}</title>{ring}"
            f"{_marker_shape(m.kind, st, x, y - size * 0.05, size * 0.3)}{label}</g>"
        )
    out.append("</g>")
    out.append('<g class="counters">')
    stacks: dict[Hex, list[Counter]] = defaultdict(list)
    for c in board.counters:
        stacks[c.at].append(c)
    for c in board.counters:
        i = stacks[c.at].index(c)
        n = len(stacks[c.at])
        off = (i - (n - 1) / 2) * size * 0.22
        out.append(_counter(board, sg, c, off, off))
    out.append("</g>")
    if board.fronts:
        out.append('<g class="fronts" pointer-events="none">')
        out.extend(_front(board, sg, f) for f in board.fronts)
        out.append("</g>")
    legend_svg, legend_h = _legend(board, width, map_h + 6) if legend else ("", 0.0)
    total_h = map_h + 6 + legend_h
    status = json.dumps([list(line) for line in board.status], ensure_ascii=False)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" role="img" '
        f'data-status="{_a(status)}" '
        f'aria-label="{_a(board.title)}" viewBox="0 0 {_fmt(width)} {_fmt(total_h)}" '
        f'width="{_fmt(width)}" height="{_fmt(total_h)}" font-family="{_FONT}">'
        f"<defs>{_PATTERNS}</defs>"
        f'<rect width="{_fmt(width)}" height="{_fmt(total_h)}" fill="#f7f3e3"/>'
    )
    return head + '<g class="map">' + "".join(out) + "</g>" + legend_svg + "</svg>"
