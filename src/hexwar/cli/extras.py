"""The optional extras a command needs, checked before the command does any work.

A command that needs a library of an extra (``analysis``, ``research``, ``web``) calls
:func:`require` first: without the library it stops with one line naming what is missing and
how to install it (``hexwar: hexwar sweep needs pyarrow: pip install 'hexwar[analysis]'``, exit
2), before any game is played, instead of a traceback at the first import, perhaps after the
games. The check looks the module up without importing it (``importlib.util.find_spec``), so
it costs microseconds and keeps the command's imports lazy.
"""

from __future__ import annotations

import importlib.util

from hexwar.core.errors import HexwarError

__all__ = ["MissingExtraError", "missing", "require"]


class MissingExtraError(HexwarError, ImportError):
    """A library of an optional extra is not installed."""


def missing(module: str) -> bool:
    """Whether ``module`` cannot be imported (not installed, or blocked)."""
    try:
        return importlib.util.find_spec(module) is None
    except (ImportError, ValueError):  # a parent missing, or sys.modules[module] is None
        return True


def require(what: str, extra: str, *modules: str) -> None:
    """Stop with the install hint if any of ``modules`` is missing; ``what`` is the thing that
    needs it ("hexwar sweep", "hexwar run --plots")."""
    for module in modules:
        if missing(module):
            raise MissingExtraError(f"{what} needs {module}: pip install 'hexwar[{extra}]'")
