"""Terrain maps come from any common image format, and a picture that cannot be a map is
refused with a located error (seed 004, Terrain map: "a 400x400 image"; issue 15, item 3)."""

from __future__ import annotations

import io
import struct
import sys
import time
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from hexwar.rulesets.flankbattle.terrain import (
    CLIFFS,
    FOREST,
    LEGEND,
    MAX_PIXELS,
    PLAIN,
    SIZE,
    WATER,
    MapError,
    classify,
    decode_image,
    read_map,
)

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(header: bytes, *chunks: tuple[bytes, bytes]) -> bytes:
    body = b"".join(chunk(kind, data) for kind, data in chunks)
    return SIGNATURE + chunk(b"IHDR", header) + body + chunk(b"IEND", b"")


def saved(rgb: np.ndarray, fmt: str, **options: object) -> bytes:
    buffer = io.BytesIO()
    Image.fromarray(rgb.astype(np.uint8)).save(buffer, fmt, **options)
    return buffer.getvalue()


def quarters() -> np.ndarray:
    """A 40 x 40 picture: water, forest, cliffs and plain quarters in legend colours."""
    rgb = np.empty((40, 40, 3), dtype=np.uint8)
    rgb[:20, :20], rgb[:20, 20:] = LEGEND[WATER], LEGEND[FOREST]
    rgb[20:, :20], rgb[20:, 20:] = LEGEND[CLIFFS], LEGEND[PLAIN]
    return rgb


@pytest.mark.parametrize(("fmt", "options"), [("PNG", {}), ("GIF", {}), ("BMP", {}), ("TIFF", {})])
def test_lossless_formats_give_the_same_map(fmt: str, options: dict[str, object]) -> None:
    grid = classify(decode_image(saved(quarters(), fmt, **options), f"map.{fmt.lower()}"))
    expected = classify(quarters())
    assert np.array_equal(grid, expected)
    assert grid.shape == (SIZE, SIZE)  # padded with plain to 400 x 400


def test_jpeg_colours_read_as_their_nearest_legend_feature() -> None:
    # JPEG is lossy: a quarter's pixels shift a little, but stay nearest to their legend colour.
    grid = classify(decode_image(saved(quarters(), "JPEG", quality=90), "map.jpg"))
    assert (grid[5, 5], grid[5, 35], grid[35, 5], grid[35, 35]) == (WATER, FOREST, CLIFFS, PLAIN)


def test_transparent_pixels_are_plain() -> None:
    rgba = np.zeros((4, 4, 4), dtype=np.uint8)  # transparent black
    assert classify(decode_image(saved(rgba, "PNG"), "clear.png"))[0, 0] == PLAIN


def test_16_bit_grey_keeps_its_high_byte() -> None:
    grey = np.full((2, 2), 0x8080, dtype=np.uint16)  # 128: grey, the colour of cliffs
    buffer = io.BytesIO()
    Image.fromarray(grey).save(buffer, "PNG")
    assert decode_image(buffer.getvalue(), "deep.png")[0, 0].tolist() == [128, 128, 128]


def test_decompression_bomb_is_refused_before_decoding() -> None:
    # Was: a 1.1 MB PNG bomb took 12.9 GB and 33 s. This one declares 60,000 x 60,000 pixels.
    bomb = png(
        struct.pack(">IIBBBBB", 60_000, 60_000, 1, 0, 0, 0, 0),
        (b"IDAT", zlib.compress(bytes(1_000_000), 9)),
    )
    start = time.perf_counter()
    with pytest.raises(MapError) as info:
        decode_image(bomb, "bomb.png")
    assert time.perf_counter() - start < 5  # refused from the header, not decoded
    (problem,) = info.value.problems
    assert problem.file == "bomb.png"
    assert "refused unread" in problem.message


def test_a_picture_just_past_the_pixel_limit_is_refused_with_its_size() -> None:
    side = int(MAX_PIXELS**0.5) + 1
    header = png(struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0), (b"IDAT", b""))
    with pytest.raises(MapError, match=f"the image is {side} x {side} pixels"):
        decode_image(header, "big.png")


def test_png_with_a_short_ihdr_is_a_located_error() -> None:
    # Was: struct.error traceback from the hand-written decoder.
    data = png(struct.pack(">IIB", 4, 4, 8), (b"IDAT", zlib.compress(bytes(20))))
    with pytest.raises(MapError) as info:
        decode_image(data, "short.png")
    assert info.value.problems[0].file == "short.png"


def test_png_with_a_bad_palette_is_read_or_refused_never_a_traceback() -> None:
    # Was: ValueError from reshaping a PLTE of 4 bytes. Pillow reads the one whole colour.
    data = png(
        struct.pack(">IIBBBBB", 2, 2, 8, 3, 0, 0, 0),
        (b"PLTE", b"\x00\x40\xff\x04"),
        (b"IDAT", zlib.compress(bytes(6))),
    )
    assert classify(decode_image(data, "palette.png"))[0, 0] == WATER


def test_not_an_image_names_the_formats_read(tmp_path: Path) -> None:
    path = tmp_path / "map.png"
    path.write_bytes(b"not a picture")
    with pytest.raises(MapError, match="not an image in a map format \\(PNG, GIF, BMP"):
        read_map(path)


def test_cli_resolve_with_a_bomb_map_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hexwar.cli.main import main

    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(png(struct.pack(">IIBBBBB", 60_000, 60_000, 1, 0, 0, 0, 0), (b"IDAT", b"")))
    argv, sys.argv = sys.argv, ["hexwar", "flankbattle", "resolve", "--example", "--map", str(bomb)]
    try:
        main()
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    finally:
        sys.argv = argv
    err = capsys.readouterr().err
    assert code == 2
    assert "Traceback" not in err
    assert f"{bomb}: the image is larger than Pillow will open" in err
    assert "refused unread" in err
