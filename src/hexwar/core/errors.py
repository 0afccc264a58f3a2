"""One exception base for everything hexwar raises on purpose.

Specific errors also subclass a builtin so callers that know nothing of hexwar can still catch
them (``IllegalOrderError`` is a ``ValueError``). Messages name the bad input and the rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


class HexwarError(Exception):
    """Base of every error hexwar raises deliberately."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One located problem in an input file: ``file:line: key.path: message``."""

    message: str
    file: str | None = None
    line: int | None = None
    path: str = ""

    def __str__(self) -> str:
        where = ""
        if self.file is not None:
            where = f"{self.file}:{self.line}: " if self.line is not None else f"{self.file}: "
        elif self.line is not None:
            where = f"line {self.line}: "
        key = f"{self.path}: " if self.path else ""
        return f"{where}{key}{self.message}"


class InvalidInputError(HexwarError, ValueError):
    """Input that cannot be used; carries every problem found, each with its location."""

    def __init__(self, problems: Iterable[Problem] | str) -> None:
        if isinstance(problems, str):
            problems = [Problem(problems)]
        self.problems: Sequence[Problem] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class ScenarioError(InvalidInputError):
    """A scenario (or other data) file that fails to load or validate."""


class RecordError(InvalidInputError):
    """A game record that cannot be replayed: wrong ruleset, version or scenario."""


class IllegalOrderError(HexwarError, ValueError):
    """An order refused at submission; ``rule`` names the rule it breaks."""

    def __init__(self, message: str, *, rule: str = "", order: object = None) -> None:
        self.rule = rule
        self.order = order
        text = f"{message} [{rule}]" if rule else message
        super().__init__(text)


class UnknownRulesetError(HexwarError, KeyError):
    """No ruleset is registered under the given id."""

    def __str__(self) -> str:  # KeyError would repr() its argument
        return str(self.args[0]) if self.args else "unknown ruleset"


class UnknownScenarioError(HexwarError, LookupError):
    """No bundled scenario or file matches the given name."""


class UnknownGameError(HexwarError, LookupError):
    """No stored game has the given id."""


class GameOverError(HexwarError, RuntimeError):
    """An order or advance was attempted on a finished game."""
