"""Terrain maps (seed 004, Terrain map; Location: Terrain).

A map is a 400 x 400 grid of five features: plain (white), water (blue), forest (green), cliffs
(grey) and high ground (brown). An image (any format Pillow reads: PNG, GIF, BMP, JPEG ...) is
read pixel by pixel into the feature whose legend colour is nearest (so cyan becomes water); a
smaller image is padded with plain, a larger one clipped. An image of more than
:data:`MAX_PIXELS` pixels is refused before it is decoded.

The generic maps for the Location tab's terrain values are drawn by code, so they ship without
binary files; ``hexwar flankbattle maps --out DIR`` writes them as PNG files to edit.
"""

from __future__ import annotations

import functools
import io
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hexwar.core.errors import Problem, ScenarioError

__all__ = [
    "FEATURES",
    "LEGEND",
    "SIZE",
    "Grid",
    "classify",
    "coarse_rows",
    "decode_image",
    "encode_png",
    "generic_map",
    "grid_from_rows",
    "grid_to_rows",
    "image_suffixes",
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


# -- images -------------------------------------------------------------------------------------

# A map is 400 x 400; larger pictures are clipped, but each is decoded whole first. This many
# pixels (64 MiB as RGBA) is far beyond any map and refuses a decompression bomb -- a small file
# that declares a huge picture -- before a byte of it is decompressed.
MAX_PIXELS = 4096 * 4096
# Raster formats a map may come in. Others Pillow knows are left out on purpose: EPS would run
# Ghostscript, and icon, scientific and camera formats are no way to draw a map.
IMAGE_FORMATS = ("PNG", "GIF", "BMP", "JPEG", "TIFF", "WEBP", "PPM")


def decode_image(data: bytes, name: str = "<image>") -> npt.NDArray[np.uint8]:
    """RGB pixels ``[y, x, 3]`` of an image in one of :data:`IMAGE_FORMATS` (read by Pillow;
    the first frame of an animation), alpha composited over white: transparent is plain.

    Raises:
        MapError: not an image, damaged, or larger than :data:`MAX_PIXELS` pixels.
    """
    from PIL import Image, UnidentifiedImageError

    def too_large(size: str) -> MapError:
        return MapError(
            [
                Problem(
                    f"the image is {size}, more than the {MAX_PIXELS:,} pixels a terrain map "
                    f"may have (a map is {SIZE} x {SIZE}; larger pictures are clipped): "
                    "refused unread, as a decompression bomb would be",
                    name,
                )
            ]
        )

    try:
        with warnings.catch_warnings():
            # Pillow warns of pictures past its own (higher) bomb limit; ours refuses them.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=IMAGE_FORMATS)
        with image:
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise too_large(f"{width} x {height} pixels")
            rgba = _rgba(image)
    except MapError:
        raise
    except Image.DecompressionBombError:
        raise too_large("larger than Pillow will open") from None
    except UnidentifiedImageError:
        formats = ", ".join(IMAGE_FORMATS)
        raise MapError([Problem(f"not an image in a map format ({formats})", name)]) from None
    # Pillow reports a file it cannot read with whatever its decoder met: OSError (truncated
    # data), SyntaxError (broken PNG chunks), ValueError, EOFError ...
    except Exception as e:  # every one of them is this input's fault
        raise MapError([Problem(f"cannot read the image: {e or type(e).__name__}", name)]) from None
    rgb, alpha = rgba[:, :, :3], rgba[:, :, 3:]
    out: npt.NDArray[np.uint8] = ((rgb * alpha + 255 * (255 - alpha)) // 255).astype(np.uint8)
    return out


def _rgba(image: Any) -> npt.NDArray[np.int64]:
    """8-bit RGBA of a Pillow image. Pillow clips deep greyscale to 255 when converting, so
    16-bit (and 32-bit integer) greys keep their high byte instead, as the picture shows them."""
    if image.mode.startswith("I"):
        grey = np.asarray(image, dtype=np.int64)
        if image.mode == "I":  # deep PNG greys, or a 32-bit TIFF: read as 16-bit
            grey = np.clip(grey, 0, 0xFFFF)
        grey = grey >> 8
    elif image.mode == "F":
        grey = np.clip(np.asarray(image, dtype=np.float64), 0, 255).astype(np.int64)
    else:
        return np.asarray(image.convert("RGBA"), dtype=np.int64)
    opaque = np.full(grey.shape, 255, dtype=np.int64)
    return np.stack([grey, grey, grey, opaque], axis=2)


def image_suffixes() -> frozenset[str]:
    """File suffixes of :data:`IMAGE_FORMATS` (``.png``, ``.gif``, ``.jpg`` ...)."""
    from PIL import Image

    return frozenset(
        suffix for suffix, fmt in Image.registered_extensions().items() if fmt in IMAGE_FORMATS
    )


def encode_png(rgb: npt.NDArray[np.uint8]) -> bytes:
    """An 8-bit RGB PNG of ``rgb[y, x, 3]``."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(rgb, dtype=np.uint8)).save(buffer, "PNG")
    return buffer.getvalue()


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
    """The terrain grid of an image file (see :func:`decode_image`)."""
    try:
        data = path.read_bytes()
    except OSError as e:
        raise MapError([Problem(f"cannot read the map: {e.strerror}", str(path))]) from None
    return classify(decode_image(data, str(path)))


def grid_to_png(grid: Grid) -> bytes:
    return encode_png(LEGEND.astype(np.uint8)[grid])


def grid_to_rows(grid: Grid) -> list[str]:
    """The grid as 400 strings of feature letters (p w f c h), for scenario files."""
    table = np.frombuffer(LETTERS.encode(), dtype=np.uint8)
    return [table[row].tobytes().decode() for row in grid]


COARSE = 10  # pixels a side of a coarse map's cell (a 40 x 40 summary of the 400 x 400 map)


def coarse_rows(grid: Grid, cell: int = COARSE) -> list[str]:
    """The map in cells of ``cell`` x ``cell`` pixels, each the letter (p w f c h) of the
    feature most of its pixels have (ties: the first in :data:`FEATURES`), row by row: the
    summary a side's view carries (the map is public; a river 30 pixels wide and a bridge 16
    pixels long keep their cells). Every game of a war summarises the same map: the summary
    is kept for the last few maps, by their pixels."""
    return list(_coarse_rows(np.ascontiguousarray(grid, dtype=np.uint8).tobytes(), cell))


@functools.lru_cache(maxsize=16)
def _coarse_rows(pixels: bytes, cell: int) -> tuple[str, ...]:
    grid = np.frombuffer(pixels, dtype=np.uint8).reshape(SIZE, SIZE)
    n = SIZE // cell
    blocks = grid[: n * cell, : n * cell].reshape(n, cell, n, cell).transpose(0, 2, 1, 3)
    counts = np.stack([(blocks == f).sum(axis=(2, 3)) for f in range(len(FEATURES))])
    major = counts.argmax(axis=0)  # the first of equal counts
    return tuple("".join(LETTERS[f] for f in row) for row in major)


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
    defenders' on the right (x = 350). Each is drawn once and shared, read-only, by every
    battle on it (drawing one was a third of a battle's time).
    """
    return _generic_map(terrain)


@functools.cache
def _generic_map(terrain: str) -> Grid:
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
    g.flags.writeable = False
    return g
