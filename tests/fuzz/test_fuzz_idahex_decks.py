"""Fuzz: IDAHEX card decks (seed 000 §9: File 50 design data, File 60 map changes), mutated, are
read into a scenario or refused at their file and card (issue 15, item 9)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from hexwar.core import registry
from hexwar.rulesets.idahex.design import sinai_dir
from tests.fuzz.conftest import FUZZ_SLOW, refused_or_done, text_mutations

FILE50 = (sinai_dir() / "file50.txt").read_text(encoding="utf-8")
FILE60 = (sinai_dir() / "file60.txt").read_text(encoding="utf-8")
CARD_PIECES = ["    ", "1.", "-1", "E+99", "99999", "*", "\n", " " * 80]


def read_deck(file50: str, file60: str) -> None:
    """What `hexwar validate file50.txt file60.txt` does with a deck."""
    ruleset = registry.get("idahex")
    with tempfile.TemporaryDirectory() as folder:
        paths = [Path(folder) / "file50.txt", Path(folder) / "file60.txt"]
        paths[0].write_text(file50, encoding="utf-8")
        paths[1].write_text(file60, encoding="utf-8")
        if ruleset.claim_scenario_files(paths) == 0:
            return  # no longer shaped like a deck: the loader reads it as TOML or JSON instead
        scenario = ruleset.read_scenario_files(paths[: ruleset.claim_scenario_files(paths)])
        ruleset.new_game(scenario, seed=1, scenario_id="fuzz")


@FUZZ_SLOW
@given(
    st.one_of(
        st.tuples(text_mutations(FILE50, extra=CARD_PIECES), st.just(FILE60)),
        st.tuples(st.just(FILE50), text_mutations(FILE60, extra=CARD_PIECES)),
    )
)
def test_mutated_card_deck_reads_or_is_refused_at_its_file(decks: tuple[str, str]) -> None:
    refused_or_done(lambda: read_deck(*decks), file="file")
