"""Terrain maps (seed 004, Terrain map; Location: Terrain).

A map is a 400 x 400 grid of five features: plain (white), water (blue), forest (green), cliffs
(grey) and high ground (brown). A PNG is read pixel by pixel into the feature whose legend
colour is nearest (so cyan becomes water); a smaller image is padded with plain, a larger one
clipped. PNG is decoded here with ``zlib`` (no imaging library needed): 1-16 bit greyscale,
RGB, palette, with or without alpha, non-interlaced.

The generic maps for the Location tab's terrain values are drawn by code, so they ship without
binary files; ``hexwar flankbattle maps --out DIR`` writes them as PNG files to edit.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import numpy.typing as npt

from hexwar.core.errors import Problem, ScenarioError

__all__ = [
    "FEATURES",
    "LEGEND",
    "SIZE",
    "Grid",
    "classify",
    "decode_png",
    "encode_png",
    "generic_map",
    "grid_from_rows",
    "grid_to_rows",
    "read_map",
]

SIZE = 400
PLAIN, WATER, FOREST, CLIFFS, HIGH = range(5)
FEATURES = ("plain", "water", "forest", "cliffs", "high ground")
LETTERS = "pwfch"
# Legend colours. Water is a slightly green-tinted blue so that cyan lies nearer to it than to
# white, as the seed's example requires.
LEGEND = np.array(
    [(255, 255, 255), (0, 64, 255), (0, 150, 0), (128, 128, 128), (150, 90, 40)], dtype=np.int32
)

Grid = npt.NDArray[np.uint8]  # [y, x] -> feature index


class MapError(ScenarioError):
    """A terrain map that cannot be read."""


# -- PNG ----------------------------------------------------------------------------------------

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _unfilter(raw: bytes, height: int, stride: int, bpp: int, name: str) -> npt.NDArray[np.uint8]:
    out = np.zeros((height, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.int64)
    pos = 0
    for y in range(height):
        if pos + 1 + stride > len(raw):
            raise MapError([Problem("PNG image data ends early", name)])
        kind = raw[pos]
        line = np.frombuffer(raw, dtype=np.uint8, count=stride, offset=pos + 1).astype(np.int64)
        pos += 1 + stride
        if kind == 0:
            cur = line
        elif kind == 2:
            cur = (line + prev) & 0xFF
        elif kind in (1, 3, 4):
            vals = line.tolist()
            up = prev.tolist()
            for i in range(stride):
                left = vals[i - bpp] if i >= bpp else 0
                if kind == 1:
                    pred = left
                elif kind == 3:
                    pred = (left + up[i]) >> 1
                else:
                    pred = _paeth(left, up[i], up[i - bpp] if i >= bpp else 0)
                vals[i] = (vals[i] + pred) & 0xFF
            cur = np.array(vals, dtype=np.int64)
        else:
            raise MapError([Problem(f"PNG row {y} has unknown filter type {kind}", name)])
        out[y] = cur
        prev = cur
    return out


def decode_png(data: bytes, name: str = "<png>") -> npt.NDArray[np.uint8]:
    """RGB pixels ``[y, x, 3]`` of a PNG (alpha composited over white: transparent is plain)."""
    if not data.startswith(_SIGNATURE):
        raise MapError([Problem("not a PNG file (bad signature)", name)])
    pos = len(_SIGNATURE)
    header: tuple[int, ...] | None = None
    palette: npt.NDArray[np.int64] | None = None
    alpha_table: bytes = b""
    idat: list[bytes] = []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = np.frombuffer(body, dtype=np.uint8).reshape(-1, 3).astype(np.int64)
        elif kind == b"tRNS":
            alpha_table = body
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    if header is None:
        raise MapError([Problem("PNG file has no IHDR header", name)])
    width, height, depth, color, _, _, interlace = header
    if color not in _CHANNELS or depth not in (1, 2, 4, 8, 16):
        raise MapError([Problem(f"unsupported PNG colour type {color} / depth {depth}", name)])
    if interlace:
        raise MapError(
            [Problem("interlaced PNG is not supported; save it without interlacing", name)]
        )
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as e:
        raise MapError([Problem(f"PNG image data is damaged: {e}", name)]) from None
    channels = _CHANNELS[color]
    bits = depth * channels
    stride = (width * bits + 7) // 8
    rows = _unfilter(raw, height, stride, max(1, bits // 8), name)
    if depth < 8:
        unpacked = np.unpackbits(rows, axis=1).reshape(height, -1, depth)
        weights = 1 << np.arange(depth - 1, -1, -1)
        samples = (unpacked * weights).sum(axis=2)[:, : width * channels].astype(np.int64)
        if color == 0:
            samples = samples * 255 // ((1 << depth) - 1)
    elif depth == 16:
        samples = rows.reshape(height, -1)[:, 0::2].astype(np.int64)
    else:
        samples = rows.astype(np.int64)
    px = samples.reshape(height, width, channels)
    alpha: npt.NDArray[np.int64] | None = None
    if color == 3:
        if palette is None:
            raise MapError([Problem("palette PNG without a PLTE chunk", name)])
        index = np.clip(px[:, :, 0], 0, len(palette) - 1)
        rgb = palette[index]
        if alpha_table:
            table = np.full(len(palette), 255, dtype=np.int64)
            table[: len(alpha_table)] = np.frombuffer(alpha_table, dtype=np.uint8)
            alpha = table[index]
    elif color in (0, 4):
        rgb = np.repeat(px[:, :, :1], 3, axis=2)
        alpha = px[:, :, 1] if color == 4 else None
    else:
        rgb = px[:, :, :3]
        alpha = px[:, :, 3] if color == 6 else None
    if alpha is not None:
        a = alpha[:, :, None]
        rgb = (rgb * a + 255 * (255 - a)) // 255
    out: npt.NDArray[np.uint8] = rgb.astype(np.uint8)
    return out


def encode_png(rgb: npt.NDArray[np.uint8]) -> bytes:
    """An 8-bit RGB PNG of ``rgb[y, x, 3]``."""
    height, width, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[y].tobytes() for y in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        _SIGNATURE
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def classify(rgb: npt.NDArray[np.uint8]) -> Grid:
    """Seed 004: each pixel becomes the legend feature of nearest colour; the grid is padded
    with plain to 400 x 400 or clipped to it."""
    clipped = rgb[:SIZE, :SIZE].astype(np.int32)
    dist = ((clipped[:, :, None, :] - LEGEND[None, None, :, :]) ** 2).sum(axis=3)
    features = dist.argmin(axis=2).astype(np.uint8)
    grid = np.zeros((SIZE, SIZE), dtype=np.uint8)
    grid[: features.shape[0], : features.shape[1]] = features
    return grid


def read_map(path: Path) -> Grid:
    try:
        data = path.read_bytes()
    except OSError as e:
        raise MapError([Problem(f"cannot read the map: {e.strerror}", str(path))]) from None
    return classify(decode_png(data, str(path)))


def grid_to_png(grid: Grid) -> bytes:
    return encode_png(LEGEND.astype(np.uint8)[grid])


def grid_to_rows(grid: Grid) -> list[str]:
    """The grid as 400 strings of feature letters (p w f c h), for scenario files."""
    table = np.frombuffer(LETTERS.encode(), dtype=np.uint8)
    return [table[row].tobytes().decode() for row in grid]


def grid_from_rows(rows: list[str]) -> Grid:
    lookup = np.zeros(256, dtype=np.uint8)
    for i, letter in enumerate(LETTERS):
        lookup[ord(letter)] = i
    grid = np.zeros((SIZE, SIZE), dtype=np.uint8)
    for y, row in enumerate(rows[:SIZE]):
        codes = np.frombuffer(row[:SIZE].encode(), dtype=np.uint8)
        grid[y, : len(codes)] = lookup[codes]
    return grid


# -- generic maps --------------------------------------------------------------------------------


def _disc(
    grid: Grid, cx: float, cy: float, rx: float, ry: float, feature: int, rim: int | None = None
) -> None:
    y, x = np.mgrid[0:SIZE, 0:SIZE]
    d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2
    grid[d <= 1.0] = feature
    if rim is not None:
        grid[(d > 0.8) & (d <= 1.0)] = rim


def generic_map(terrain: str) -> Grid:
    """The bundled generic map for a Location terrain value (seed 004, Location: Terrain).

    Maps are drawn with the attackers' default positions on the left (x = 50) and the
    defenders' on the right (x = 350).
    """
    g = np.zeros((SIZE, SIZE), dtype=np.uint8)
    y, x = np.mgrid[0:SIZE, 0:SIZE]
    if terrain == "Plain":
        _disc(g, 200, 40, 60, 25, FOREST)
        _disc(g, 200, 370, 50, 20, FOREST)
    elif terrain == "Hill":
        _disc(g, 330, 200, 90, 150, HIGH)
        _disc(g, 120, 60, 40, 30, FOREST)
    elif terrain == "Hillcountry":
        for cx, cy in ((120, 90), (320, 120), (200, 260), (340, 330)):
            _disc(g, cx, cy, 60, 55, HIGH)
        _disc(g, 60, 330, 50, 50, FOREST)
        _disc(g, 260, 20, 60, 20, FOREST)
    elif terrain == "Mountain Pass":
        g[(y < 150) | (y > 250)] = CLIFFS
        g[((y >= 150) & (y < 165)) | ((y > 235) & (y <= 250))] = HIGH
    elif terrain == "Mountain":
        g[:] = HIGH
        _disc(g, 200, 80, 120, 50, CLIFFS)
        _disc(g, 220, 330, 110, 50, CLIFFS)
        g[(y > 170) & (y < 230)] = HIGH
    elif terrain == "Sea":
        g[:] = WATER
    elif terrain == "Normal Coast":
        g[x < 130] = WATER
    elif terrain == "Hard Coast":
        g[x < 130] = WATER
        g[(x >= 130) & (x < 150)] = CLIFFS
        g[(x >= 130) & (x < 150) & (y > 180) & (y < 220)] = PLAIN  # a landing beach
        g[x >= 150] = np.where(g[x >= 150] == PLAIN, HIGH, g[x >= 150])
    elif terrain == "Normal River":
        g[(x >= 185) & (x < 215)] = WATER
        _disc(g, 320, 80, 40, 30, FOREST)
    elif terrain == "Channel":
        g[(x >= 120) & (x < 280)] = WATER
    elif terrain == "River with Bridge":
        g[(x >= 185) & (x < 215)] = WATER
        g[(x >= 185) & (x < 215) & (y >= 192) & (y < 208)] = PLAIN
    elif terrain == "Island":
        g[:] = WATER
        _disc(g, 270, 200, 110, 140, HIGH, rim=PLAIN)
        _disc(g, 300, 200, 40, 50, FOREST)
    else:
        raise MapError([Problem(f"no generic map for terrain {terrain!r}")])
    return g
