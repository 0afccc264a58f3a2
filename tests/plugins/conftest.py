"""Set-up of the plug-in tests: the skirmish ruleset (tests/plugins/skirmish) registered.

Registration is by ``HEXWAR_RULESETS`` only, as for any ruleset that is not installed:

- subprocesses (``hexwar run``, ``tournament``, ``sweep``, ``serve``) get their own
  environment, ``plugin_env``: ``HEXWAR_RULESETS=tests.plugins.skirmish:SkirmishRuleset`` and
  the repository on ``PYTHONPATH``;
- in this process the registry has already read ``HEXWAR_RULESETS`` (tests/conftest.py sets
  it to the tiny fixture rulesets at import, and the registry reads it once per process), so
  each test adds the ruleset with ``registry.register``, the registry's public way to add one,
  and the registry is given back as it was afterwards (it has no way to remove a ruleset,
  hence the copy), so that no other test module meets the plug-in.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Any

import pytest

from hexwar.core import registry

from .skirmish import SkirmishRuleset

SPEC = "tests.plugins.skirmish:SkirmishRuleset"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def skirmish(monkeypatch: pytest.MonkeyPatch) -> SkirmishRuleset:
    """The skirmish ruleset, registered in this process for the test's length."""
    registry.all_rulesets()  # discovery first: it runs once, and would not see the copy below
    monkeypatch.setattr(registry, "_registry", dict(registry._registry))
    ruleset = SkirmishRuleset()
    registry.register(ruleset)
    return ruleset


@pytest.fixture
def plugin_env(hexwar_home: Path) -> dict[str, str]:
    """The environment of a ``hexwar`` subprocess that knows the plug-in through
    ``HEXWAR_RULESETS`` alone."""
    env = dict(os.environ)
    env["HEXWAR_HOME"] = str(hexwar_home)
    env["HEXWAR_RULESETS"] = SPEC
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def hidden_variant(game: Any, side: str) -> Any:
    """The same game with one thing ``side`` cannot see changed: the strength of the first
    enemy unit out of its sight (``None`` when it sees every enemy unit)."""
    from .skirmish.game import SkirmishGame

    other = registry.replay(game.record())
    assert isinstance(other, SkirmishGame)
    for unit in sorted(other.units.values(), key=lambda u: u.id):
        if unit.side != side and not other.sees(side, unit.at):
            unit.strength = 1 if unit.strength > 1 else 2
            return other
    return None
