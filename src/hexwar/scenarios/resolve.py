"""Scenario arguments resolved: a bundled scenario id (``<ruleset>/<name>``) or a scenario file,
read and validated by its ruleset's model. Every front end and tool resolves through here; a
ruleset's own commands may too (this sits below the rulesets' command modules, above the core).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from hexwar.core import registry
from hexwar.core.errors import UnknownScenarioError
from hexwar.core.game import Ruleset
from hexwar.scenarios.loading import load_document, peek_ruleset, validate

__all__ = ["ResolvedScenario", "bundled_scenario", "resolve_scenario"]


@dataclass(frozen=True, slots=True)
class ResolvedScenario:
    ruleset: Ruleset[Any, Any]
    scenario: BaseModel
    scenario_id: str


def _read(source: Path | Traversable, name: str) -> Any:
    if isinstance(source, Path):
        return load_document(source)
    text = source.read_text(encoding="utf-8")
    return load_document(text, fmt="json" if source.name.endswith(".json") else "toml", name=name)


def resolve_scenario(arg: str) -> ResolvedScenario:
    """A bundled scenario id (``<ruleset>/<name>``) or a path to a scenario file, validated."""
    path = Path(arg)
    if path.suffix in {".toml", ".json"} or path.exists():
        if not path.is_file():
            raise UnknownScenarioError(f"{arg}: no such file")
        document = _read(path, arg)
        ruleset = registry.get(peek_ruleset(document))
        return ResolvedScenario(ruleset, validate(document, ruleset.scenario_model), arg)
    return bundled_scenario(arg)


def bundled_scenario(arg: str) -> ResolvedScenario:
    """A bundled scenario by its id (``<ruleset>/<name>``), validated; never a file (a server
    resolves its callers' scenarios here: a path names no bundled scenario, whatever the
    file system holds)."""
    ruleset_id, _, _ = arg.partition("/")
    ruleset = registry.get(ruleset_id)
    bundled = ruleset.bundled_scenarios()
    if arg not in bundled:
        known = ", ".join(bundled) or "none"
        raise UnknownScenarioError(f"unknown scenario {arg!r} (bundled with {ruleset_id}: {known})")
    document = _read(bundled[arg], arg)
    return ResolvedScenario(ruleset, validate(document, ruleset.scenario_model), arg)
