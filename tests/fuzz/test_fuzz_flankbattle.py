"""Fuzz: flankbattle's own readers -- the four CSV tabs, parameters.json, Soldier.json and
terrain map images -- read mutated input or refuse it at its file (issue 15, item 9)."""

from __future__ import annotations

import copy
import io
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from hexwar.rulesets.flankbattle.database import example_csv_texts, read_tabs
from hexwar.rulesets.flankbattle.params import (
    default_parameters,
    default_units,
    parameters_from_data,
    units_from_data,
)
from hexwar.rulesets.flankbattle.terrain import LEGEND, classify, decode_image, generic_map
from tests.fuzz.conftest import (
    FUZZ,
    byte_mutations,
    data_mutations,
    refused_or_done,
    text_mutations,
)

TEXTS = example_csv_texts()


@FUZZ
@given(
    st.sampled_from(sorted(TEXTS)).flatmap(
        lambda tab: st.tuples(
            st.just(tab), text_mutations(TEXTS[tab], extra=['","', '"', "\n", ",,,,"])
        )
    )
)
def test_mutated_csv_tab_imports_or_is_refused_at_its_file(tab_text: tuple[str, str]) -> None:
    tab, text = tab_text
    texts = {name: (f"{name}.csv", t) for name, t in TEXTS.items()}
    texts[tab] = (f"{tab}.csv", text)
    refused_or_done(lambda: read_tabs(texts, default_parameters(), default_units()), file=".csv")


PARAMETERS = copy.deepcopy(default_parameters().data)


@FUZZ
@given(data_mutations(PARAMETERS))
def test_mutated_parameters_json_loads_or_is_refused_by_key(data: dict[str, Any]) -> None:
    refused_or_done(lambda: parameters_from_data(data, "parameters.json"), file="parameters.json")


SOLDIERS = {name: unit.to_json() for name, unit in default_units().items()}


@FUZZ
@given(data_mutations(SOLDIERS))
def test_mutated_soldier_json_loads_or_is_refused_by_key(data: dict[str, Any]) -> None:
    refused_or_done(lambda: units_from_data(data, "Soldier.json"), file="Soldier.json")


def _image(fmt: str) -> bytes:
    rgb = LEGEND.astype(np.uint8)[generic_map("Normal River")[::20, ::20]]  # 20 x 20
    buffer = io.BytesIO()
    Image.fromarray(rgb).save(buffer, fmt)
    return buffer.getvalue()


IMAGES = {fmt: _image(fmt) for fmt in ("PNG", "GIF", "BMP", "JPEG")}


@FUZZ
@given(st.sampled_from(sorted(IMAGES)).flatmap(lambda fmt: byte_mutations(IMAGES[fmt])))
def test_mutated_map_image_reads_or_is_refused_at_its_file(data: bytes) -> None:
    rgb = refused_or_done(lambda: decode_image(data, "map.img"), file="map.img")
    if rgb is not None:
        classify(rgb)
