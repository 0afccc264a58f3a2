"""Scenario and data files: TOML or JSON, validated by pydantic models, every problem located.

See :mod:`hexwar.scenarios.loading` for the key-path notation and what "strict" means.
"""

from hexwar.scenarios.loading import (
    RULESET_KEY,
    Document,
    Format,
    KeyPath,
    ScenarioModel,
    canonical_json,
    content_hash,
    format_path,
    json_schema,
    load,
    load_document,
    peek_ruleset,
    validate,
)

__all__ = [
    "RULESET_KEY",
    "Document",
    "Format",
    "KeyPath",
    "ScenarioModel",
    "canonical_json",
    "content_hash",
    "format_path",
    "json_schema",
    "load",
    "load_document",
    "peek_ruleset",
    "validate",
]
