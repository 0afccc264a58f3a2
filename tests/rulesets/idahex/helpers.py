"""Helpers shared by the IDAHEX rule tests (seed 000)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hexwar.core.errors import InvalidInputError
from hexwar.rulesets.idahex.design import Unit

from .sinai import SINAI, unit


def _refused(call: Callable[[], object]) -> list[tuple[str | None, str]]:
    with pytest.raises(InvalidInputError) as info:
        call()
    return [(p.path, p.message) for p in info.value.problems]


F50 = SINAI[0]


def holding(number: int, cell: int, posture: int = 10, **amounts: float) -> Unit:
    """Sinai unit ``number`` at ``cell`` holding only ``amounts`` (``r6=.5``: resource 6)."""
    u = unit(number, cell, posture)
    res = [0.0] * len(u.resources)
    for key, q in amounts.items():
        res[int(key[1:]) - 1] = q
    return u.model_copy(update={"resources": tuple(res)})


def _per_type(table: Any, butype: int, row: Any) -> tuple[Any, ...]:
    """``table`` (indexed by unit type) with unit type ``butype``'s entry replaced by ``row``."""
    out = list(table)
    out[butype - 1] = row
    return tuple(out)


def _refusal(make: Callable[[], object]) -> tuple[str | None, str]:
    with pytest.raises(InvalidInputError) as info:
        make()
    problem = info.value.problems[0]
    return (problem.path, problem.message)


def _problems(make: Callable[[], object]) -> list[tuple[str | None, str]]:
    with pytest.raises(InvalidInputError) as info:
        make()
    return [(p.path, p.message) for p in info.value.problems]
