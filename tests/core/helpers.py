"""Helpers shared by the rule tests of this folder (and the float lines, the oracle of the
integer ones, for the rulesets' tests too)."""

from __future__ import annotations

from typing import Any

from hexwar.core.game import Ruleset
from hexwar.core.hexes import Hex, distance
from hexwar.sessions import resolve_scenario


def _game(scenario: str = "tiny/duel", ruleset: Ruleset[Any, Any] | None = None) -> Any:
    resolved = resolve_scenario(scenario)
    rules = ruleset if ruleset is not None else resolved.ruleset
    return rules.new_game(resolved.scenario, seed=3, scenario_id=scenario)


# The nudge of the lines by float lerp, in hexes on each cube coordinate (q, r, s).
_EPS = (1e-6, 2e-6, -3e-6)


def _cube_round(q: float, r: float, s: float) -> Hex:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


def _lerp_line(a: Hex, b: Hex, sign: int) -> list[Hex]:
    n = distance(a, b)
    eq, er, es = (sign * e for e in _EPS)
    aq, ar, as_ = a.q + eq, a.r + er, a.s + es
    bq, br, bs = b.q + eq, b.r + er, b.s + es
    if n == 0:
        return [a]
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(_cube_round(aq + (bq - aq) * t, ar + (br - ar) * t, as_ + (bs - as_) * t))
    return out


def lerp_line_both(a: Hex, b: Hex) -> tuple[list[Hex], list[Hex]]:
    """The oracle of ``hexwar.core.hexes.line_both``: its lines as they were made until
    2026-12, by a float lerp from ``a`` to ``b`` nudged a few millionths of a hex to either
    side and cube rounding of each point, which the integer lines must give hex for hex (the
    tactical game's line of sight, seed 002, and the cells of Aggressor's recon line, seed
    003, were decided on them)."""
    return _lerp_line(a, b, +1), _lerp_line(a, b, -1)
