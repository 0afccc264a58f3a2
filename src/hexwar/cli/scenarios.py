"""``hexwar scenarios``: list the bundled scenarios (``hexwar scenarios [RULESET]``, the
listing written in :mod:`hexwar.cli.main`) or write one out as an editable file
(``hexwar scenarios export ID -o FILE``).

The export is each ruleset's :meth:`~hexwar.core.game.Ruleset.export_scenario`: the scenario in
its ruleset's own scenario format, which ``hexwar run FILE`` and every other scenario argument
read back as the same scenario. An unknown id, a FILE of another format, or an existing FILE
without ``--force`` exits with status 2 before anything is written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from typer.core import TyperGroup

from hexwar.cli.checks import InvalidArgumentError, writable
from hexwar.core import registry
from hexwar.core.errors import UnknownScenarioError

__all__ = ["export_scenario", "scenarios_app"]

err = Console(stderr=True, soft_wrap=True)


class _ListByDefault(TyperGroup):
    """``hexwar scenarios`` and ``hexwar scenarios RULESET`` list (the ``list`` command);
    ``hexwar scenarios export ...`` exports."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in ctx.help_option_names):
            args = ["list", *args]
        result: list[str] = super().parse_args(ctx, args)
        return result


def _bundled() -> dict[str, str]:
    """Every bundled scenario id with the id of its ruleset."""
    return {sid: r.info.id for r in registry.all_rulesets() for sid in r.bundled_scenarios()}


def export_scenario(
    scenario_id: Annotated[
        str,
        typer.Argument(
            metavar="ID", help="A bundled scenario's id (`hexwar scenarios` lists them)."
        ),
    ],
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="The file to write; its suffix must be the scenario format's (.toml for "
            "every bundled scenario).",
        ),
    ],
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
) -> None:
    """Write a bundled scenario as an editable file in its ruleset's scenario format.

    The file reads back as the same scenario: `hexwar run FILE --seed N` plays the game
    `hexwar run ID --seed N` plays. Edit it, check it with `hexwar validate FILE`."""
    bundled = _bundled()
    if scenario_id not in bundled:
        known = ", ".join(bundled) or "none"
        raise UnknownScenarioError(f"unknown scenario {scenario_id!r} (bundled: {known})")
    suffix, text = registry.get(bundled[scenario_id]).export_scenario(scenario_id)
    if output.suffix.lower() != suffix:
        raise InvalidArgumentError(
            f"--output {output}: {scenario_id} is written as a {suffix} file; name FILE "
            f"{output.with_suffix(suffix).name} or another *{suffix}"
        )
    if output.exists() and not force:
        raise InvalidArgumentError(f"--output {output}: the file exists; --force overwrites it")
    if output.is_dir():
        raise InvalidArgumentError(f"--output {output}: a directory, not a file")
    writable(output, "--output")
    output.write_text(text, encoding="utf-8")
    err.print(f"wrote {output} ({scenario_id})", markup=False, highlight=False)


def scenarios_app(listing: Callable[..., None]) -> typer.Typer:
    """The ``scenarios`` group: ``listing`` (the listing command) as ``list``, the default,
    and ``export``."""
    app = typer.Typer(
        cls=_ListByDefault,
        name="scenarios",
        help="List the bundled scenarios (`hexwar scenarios [RULESET]`), or write one out as an "
        "editable scenario file (`hexwar scenarios export ID -o FILE`).",
        add_completion=False,
        rich_markup_mode="rich",
    )
    app.command("list")(listing)
    app.command("export")(export_scenario)
    return app
