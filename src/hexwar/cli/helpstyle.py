"""One style for every ``--help`` of the ``hexwar`` command, set in one place.

Typer's rich help shows a type beside every parameter: ``<bool>`` beside a flag (which takes
no value: ``--resume true`` is refused), ``<str>`` beside an argument already named by its
metavar, ``<int>``/``<float>`` beside an option without one; it shows a required argument as
``{name}`` in the usage line and keeps the single line breaks of a command's later help
paragraphs, so a docstring wrapped to the source's width comes out hard-wrapped. Here:

- a flag shows no metavar; an option or argument shows its upper-case metavar (SCENARIO, N,
  PATH, SECONDS, SIDE=AGENT), one derived from its type or name where the source gives none;
- the usage line names arguments as click does: ``SCENARIO``, ``[RULESET]``, ``FILE...``;
- every help paragraph is one paragraph that rich wraps to the terminal (a paragraph starting
  with ``\\b``, or a line starting with ``- `` or ``* ``, keeps its line breaks).

:func:`restyle` applies it to a command and everything under it; the root command applies it
to each command it hands out, so that every command of hexwar, of its rulesets and of its
layers (sweep, tournament, serve) is shown alike without each option spelling it out.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from typer.core import TyperArgument, TyperOption

_LIST_ITEM = re.compile(r"\s*[-*] ")


class _Option(TyperOption):
    """An option shown in hexwar's help style (the class of every option once restyled)."""

    def display_type_rich(self, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        metavar = self.metavar or _derived_metavar(self)
        return f"{metavar}..." if self.nargs not in (0, 1) else metavar


class _Argument(TyperArgument):
    """An argument shown in hexwar's help style: its metavar, no type beside it."""

    @property
    def display_name_raw(self) -> str:
        return self.metavar or (self.name or "value").upper()

    def display_type_rich(self, ctx: Any) -> str | None:
        return None

    def _usage_display_name(self) -> str:
        name = self.display_name_raw
        if self.nargs != 1 and not name.endswith("..."):
            name += "..."
        return name if self.required else f"[{name}]"


def _derived_metavar(option: TyperOption) -> str:
    """The metavar of an option whose source gives none: its choices (``a|b``), ``N`` for an
    integer, ``NUMBER`` for a float, else its name in capitals (``--json-dir``: JSON_DIR)."""
    descriptor = getattr(option, "type_descriptor", None)
    choices = getattr(descriptor, "choices", None)
    if choices:
        return "|".join(str(c.value if isinstance(c, Enum) else c) for c in choices)
    annotation = getattr(descriptor, "annotation", None)
    if annotation is int:
        return "N"
    if annotation is float:
        return "NUMBER"
    return (option.name or "value").upper()


def unwrap(text: str | None) -> str | None:
    """``text`` with the single line breaks inside each paragraph made spaces (a paragraph
    starting with ``\\b`` and list items keep theirs)."""
    if not text:
        return text
    paragraphs = text.split("\n\n")
    return "\n\n".join(p if p.lstrip().startswith("\b") else _join(p) for p in paragraphs)


def _join(paragraph: str) -> str:
    lines = paragraph.split("\n")
    joined = lines[0]
    for line in lines[1:]:
        keep = _LIST_ITEM.match(line) is not None or not joined.strip()
        joined += "\n" + line if keep else " " + line.strip()
    return joined


def restyle(command: Any, ctx: Any) -> None:
    """Give ``command`` (a click command of typer's) and every command under it hexwar's help
    style: its parameters (the ``--help`` option too) and its help text. Idempotent."""
    command.help = unwrap(command.help)
    for param in command.get_params(ctx):
        if isinstance(param, TyperOption) and not isinstance(param, _Option):
            param.__class__ = _Option  # adds no state: only how the option is shown
        elif isinstance(param, TyperArgument) and not isinstance(param, _Argument):
            param.__class__ = _Argument
        param.help = unwrap(getattr(param, "help", None))
    for name in getattr(command, "commands", {}):
        restyle(command.commands[name], ctx)
