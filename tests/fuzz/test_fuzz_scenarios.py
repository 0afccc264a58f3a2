"""Fuzz: scenario files (TOML and JSON) of every ruleset, mutated as text and as data, load
into a game or are refused at their file (issue 15, item 9; architecture: "files get every error
with its location"). A scenario that validates must also start a game."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwar.core import registry
from hexwar.core.records import encode_nonfinite
from hexwar.scenarios import load_document, peek_ruleset, validate
from tests.fuzz.conftest import FUZZ, FUZZ_SLOW, data_mutations, refused_or_done, text_mutations

BUNDLED = {
    "aggressor": "sector.toml",
    "airwar": "small-unequal.toml",
    "idahex": "sinai.toml",
    "tactical": "meeting1941.toml",
    "flankbattle": "marathon.toml",
}


def bundled_text(ruleset: str) -> str:
    folder = resources.files(f"hexwar.rulesets.{ruleset}") / "scenarios"
    return (folder / BUNDLED[ruleset]).read_text(encoding="utf-8")


def load_and_start(text: str, name: str) -> None:
    """What `hexwar run FILE` does with a file before the first order."""
    document = load_document(text, name=name)
    ruleset = registry.get(peek_ruleset(document))
    scenario = validate(document, ruleset.scenario_model)
    game = ruleset.new_game(scenario, seed=1, scenario_id=name)
    game.view(game.info.sides[0])


def _strategy(kind: str, ruleset: str) -> st.SearchStrategy[str]:
    text = bundled_text(ruleset)
    if kind == "toml":
        return text_mutations(text)
    data = load_document(text, fmt="toml").data
    json_text = json.dumps(encode_nonfinite(data), indent=1)
    if kind == "json":
        return text_mutations(json_text)
    return data_mutations(data).map(lambda d: json.dumps(_jsonable(d), indent=1, allow_nan=True))


def _jsonable(value: Any) -> Any:
    """TOML dates become strings; JSON writes everything else (inf as Infinity)."""
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    if isinstance(value, int | float | str | bool) or value is None:
        return value
    return str(value)


@pytest.mark.parametrize("ruleset", sorted(BUNDLED))
@pytest.mark.parametrize("kind", ["toml", "json", "data"])
def test_mutated_scenario_loads_or_is_refused_at_its_file(kind: str, ruleset: str) -> None:
    name = f"{ruleset}-fuzz.{'toml' if kind == 'toml' else 'json'}"

    @(FUZZ_SLOW if ruleset == "idahex" else FUZZ)
    @given(_strategy(kind, ruleset))
    def check(text: str) -> None:
        refused_or_done(lambda: load_and_start(text, name), file=name)

    check()
