"""One skeleton for every ruleset package (STYLE.md, habit 13; issue 40): a module name means
the same role in every package, so a newcomer knows the room before opening it.

For each bundled ruleset, every hook the package implements lives in the module named for its
role (a ruleset that does without a role has no such module), and no module bears a name that
another package uses for a different role (``keys.py`` for the console, ``agent.py`` for the
computer player, ``commands.py`` for the orders)."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path
from typing import Any

import pytest

from hexwar.core import registry
from hexwar.core.game import Ruleset

# hook of Ruleset -> the module of the package that holds what the hook returns
ROLES = {
    "legal_orders": "legal",
    "describe_choices": "choices",
    "describe_board": "drawing",
    "determinise": "determinise",
    "terminal_ui": "terminal",
    "agents": "ai",
    "commands": "cli",
    "web_extension": "web",
    "observation_encoder": "observe",
    "summary_losses": "timeline",
    "search_profile": "search",
    "render_view": "render",  # or the console's own overview (terminal.py)
}
ALSO = {"render_view": "terminal"}
# module names that meant another role somewhere, and the name that role has now
MISNAMED = {
    "keys": "terminal",
    "agent": "ai",
    "agents": "ai",
    "commands": "orders",
    "board_drawing": "drawing",
}
ALWAYS = ("ruleset", "scenario", "game", "orders")

BUNDLED = [r for r in registry.all_rulesets() if type(r).__module__.startswith("hexwar.rulesets.")]


def _package(ruleset: Ruleset[Any, Any]) -> Path:
    module = importlib.import_module(type(ruleset).__module__)
    assert module.__file__ is not None
    return Path(module.__file__).parent


def _overrides(ruleset: Ruleset[Any, Any], hook: str) -> bool:
    return getattr(type(ruleset), hook) is not getattr(Ruleset, hook, None)


def _present(package: Path, name: str) -> bool:
    return (package / f"{name}.py").is_file() or (package / name / "__init__.py").is_file()


def test_the_five_bundled_rulesets_are_checked() -> None:
    assert len(BUNDLED) == 5, [r.info.id for r in BUNDLED]


@pytest.mark.parametrize("ruleset", BUNDLED, ids=lambda r: r.info.id)
def test_every_package_has_the_skeletons_rooms(ruleset: Ruleset[Any, Any]) -> None:
    """ruleset.py, scenario.py, game.py and orders.py in every package; the module of each
    role whose hook the ruleset implements."""
    package = _package(ruleset)
    missing = [name for name in ALWAYS if not _present(package, name)]
    missing += [
        f"{module} (for {hook})"
        for hook, module in ROLES.items()
        if _overrides(ruleset, hook)
        and not _present(package, module)
        and not (hook in ALSO and _present(package, ALSO[hook]))
    ]
    assert not missing, f"{package.name}: no {', '.join(missing)}"


@pytest.mark.parametrize("ruleset", BUNDLED, ids=lambda r: r.info.id)
def test_no_module_bears_another_roles_name(ruleset: Ruleset[Any, Any]) -> None:
    package = _package(ruleset)
    wrong = [
        f"{name}.py (the role's name is {MISNAMED[name]}.py)"
        for name in MISNAMED
        if _present(package, name)
    ]
    assert not wrong, f"{package.name}: {', '.join(wrong)}"


@pytest.mark.parametrize("ruleset", BUNDLED, ids=lambda r: r.info.id)
def test_each_roles_hook_is_written_in_its_module(ruleset: Ruleset[Any, Any]) -> None:
    """The hook's body reaches into its role's module (``from .<role> import ...``), so the
    role's code is found where its name says."""
    package = _package(ruleset)
    off = []
    for hook, module in ROLES.items():
        if not _overrides(ruleset, hook) or hook in ("render_view", "legal_orders"):
            continue
        source = inspect.getsource(getattr(type(ruleset), hook))
        here = f"hexwar.rulesets.{package.name}.{module}"
        imported = f"hexwar.rulesets.{package.name} import {module}"
        module_source = (package / "ruleset.py").read_text(encoding="utf-8")
        if here not in source and here not in module_source and imported not in module_source:
            off.append(f"{hook} (not from {module})")
    assert not off, f"{package.name}: {', '.join(off)}"
