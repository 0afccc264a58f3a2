"""Engel's Iwo Jima through the whole engine (docs/validation.md, "Iwo Jima (Engel 1954)"):
``examples/validation/iwo-jima.toml`` played by ``hexwar run`` with ``hold`` on both sides --
every American landing comes in by the design's schedule of arrivals (docs/rulings/idahex.md,
"Arrivals") -- against Engel's fitted model, the whole 36 days (a few seconds).

Engel (1954): ``dA/dt = -a J + P(t)``, ``dJ/dt = -b A``, ``a = 0.0544``, ``b = 0.0106``,
``A(0) = 0``, ``J(0) = 21,500``, ``P`` = 54,000 men a day during day 1, 6,000 during day 3,
13,000 during day 6. The game's frame of ``h = 0.05`` day is the step of seed 000 §5.1 ('The
quantity destroyed in one frame is katk(i,j,k) = tframe * katk(i,j,k)'), each landing's
``P h`` men arriving at the frame's start:

    A' = A + P h - a h J,   J' = J - b h (A + P h).

The expected values are computed here from these formulas, never from the engine: the exact
solution of the model (``cosh``/``sinh`` on each day, where ``P`` is constant), the frame
recurrence, and the tolerance between them, derived from the model (see
:func:`first_order_bound`).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hexwar.cli.main import app
from hexwar.rulesets.idahex.builder import engel_iwo_jima
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.scenario import to_toml
from hexwar.sessions import Session, resolve_scenario

SCENARIO = Path(__file__).resolve().parents[3] / "examples" / "validation" / "iwo-jima.toml"
A_RATE, B_RATE = 0.0544, 0.0106
LANDINGS = {0: 54_000.0, 2: 6_000.0, 5: 13_000.0}  # the day starting at t -> men that day
J0, DAYS, H = 21_500.0, 36, 0.05
W, R = math.sqrt(A_RATE * B_RATE), math.sqrt(A_RATE / B_RATE)


def flow(a: float, j: float, tau: float, p: float) -> tuple[float, float]:
    """The model's exact solution ``tau`` days on, with ``p`` men landing a day: about the
    rest point ``(0, p / a)`` the deviations ``u, v`` obey ``u' = -a v, v' = -b u``, so
    ``u = u0 cosh(wt) - r v0 sinh(wt)``, ``v = v0 cosh(wt) - u0 sinh(wt) / r`` with
    ``w = sqrt(ab)``, ``r = sqrt(a / b)``."""
    u, v = a, j - p / A_RATE
    c, s = math.cosh(W * tau), math.sinh(W * tau)
    return u * c - R * v * s, v * c - u * s / R + p / A_RATE


def engel() -> list[tuple[float, float]]:
    out = [(0.0, J0)]
    for day in range(DAYS):
        out.append(flow(*out[-1], 1.0, LANDINGS.get(day, 0.0)))
    return out


def frames() -> list[tuple[float, float]]:
    """The frame recurrence at the end of each day."""
    a, j = 0.0, J0
    out = [(a, j)]
    per_day = round(1 / H)
    for day in range(DAYS):
        landed = LANDINGS.get(day, 0.0) * H
        for _ in range(per_day):
            a += landed
            a, j = a - A_RATE * H * j, j - B_RATE * H * a
        out.append((a, j))
    return out


def first_order_bound(steps: int = 20) -> list[tuple[float, float]]:
    """How far frames of ``h`` may take the strengths from the model by day ``t``.

    One frame's local error, from the Taylor series of the exact flow ``e^{hK} x + (h I +
    h**2 K / 2) P e1`` against the recurrence ``(I + hK)(x + P h e1)``, with ``K = [[0, -a],
    [-b, 0]]`` and ``K**2 = ab I``, is ``-(h**2 / 2) (ab A, ab J + b P)`` plus terms of order
    ``h**3`` (a frame never straddles a change of ``P``: the landings start and end on day
    boundaries, frame boundaries). Carried to ``t`` by the model's flow matrix ``Phi`` and
    summed over the ``t / h`` frames, the error is, to first order in ``h``,
    ``(h / 2) * integral_0^t Phi(t - s) g(s) ds`` with ``g = -(ab A, ab J + b P)``; its
    component ``i`` is at most ``(h / 2) * integral_0^t sum_k |Phi_ik(t - s)| |g_k(s)| ds``,
    the bound returned (by the midpoint rule, ``steps`` points a day; ``g`` is smooth within
    a day)."""
    ds = 1.0 / steps
    points = []
    a, j = 0.0, J0
    for day in range(DAYS):
        p = LANDINGS.get(day, 0.0)
        for k in range(steps):
            ma, mj = flow(a, j, ds / 2, p)
            points.append(
                (day + (k + 0.5) * ds, A_RATE * B_RATE * ma, A_RATE * B_RATE * mj + B_RATE * p)
            )
            a, j = flow(a, j, ds, p)
    out = [(0.0, 0.0)]
    for t in range(1, DAYS + 1):
        ba = bj = 0.0
        for s, ga, gj in points:
            if s > t:
                break
            c, sh = math.cosh(W * (t - s)), math.sinh(W * (t - s))
            ba += (c * ga + R * sh * gj) * ds
            bj += (sh / R * ga + c * gj) * ds
        out.append((H / 2 * ba, H / 2 * bj))
    return out


MARGIN = 1.1
"""The bound is first order in ``h``; the neglected terms are smaller by a factor of order
``h * max(a, b) = 0.003`` -- a tenth more is room enough."""


@pytest.fixture(scope="module")
def game_by_day() -> list[tuple[float, float]]:
    """US and Japanese strengths (men of the active units) at the end of each day, from the
    session ``hexwar run`` plays, both sides ``hold`` (one period a day: step ``d`` is day
    ``d``)."""
    session = Session.start(
        resolve_scenario(str(SCENARIO)), seed=1, agents={"red": "hold", "blue": "hold"}
    )
    game = session.game
    assert isinstance(game, IdahexGame)
    out = [(0.0, J0)]
    for day in range(1, DAYS + 1):
        session.run(max_steps=day)
        units = game.engine.units.values()
        out.append(
            (
                sum(float(u.resources[0]) for u in units if u.side == 2 and u.active),
                sum(float(u.resources[0]) for u in units if u.side == 1 and u.active),
            )
        )
    return out


def test_the_example_file_is_the_builders_engel_design() -> None:
    """The file the page runs is :func:`engel_iwo_jima`'s design, with its 60 arrivals: the
    day's men in 20 equal parts, one a frame of its day, each attacking cell 2 ('2, 10')."""
    assert SCENARIO.read_text(encoding="utf-8") == to_toml(engel_iwo_jima().scenario())
    scenario = engel_iwo_jima().scenario()
    assert len(scenario.arrivals) == 60
    assert sum(u.resources[0] for u in scenario.design.units if u.butype == 2) == 73_000.0
    assert [u.resources for u in scenario.design.units if u.butype == 1] == [(21_500.0,)]
    assert {(a.cell, a.orders[0].objective, a.orders[0].posture) for a in scenario.arrivals} == {
        (6, 2, 10)
    }


def test_engel_1954_the_game_stays_within_the_first_order_bound_of_the_model(
    game_by_day: list[tuple[float, float]],
) -> None:
    """Seed 000 §5.1 with the schedule of arrivals: every day, both strengths are within
    ``MARGIN`` times the first-order bound of Engel's exact solution (at day 36: about 80 US
    and 40 Japanese men)."""
    model, bound = engel(), first_order_bound()
    for day in range(1, DAYS + 1):
        (ga, gj), (a, j), (ba, bj) = game_by_day[day], model[day], bound[day]
        assert abs(ga - a) <= MARGIN * ba, f"day {day}: US {ga:.1f} against {a:.1f}"
        assert abs(gj - j) <= MARGIN * bj, f"day {day}: Japanese {gj:.1f} against {j:.1f}"
    # The bound is not vacuous: at day 36 it is under 0.2 % of either side's strength at the
    # start of the battle or the end of the landings.
    assert bound[DAYS][0] < 0.002 * 73_000
    assert bound[DAYS][1] < 0.002 * J0


def test_engel_1954_the_game_is_the_frame_recurrence(
    game_by_day: list[tuple[float, float]],
) -> None:
    """The engine adds nothing of its own: each day's strengths are those of the frame
    recurrence to a millionth of a man per thousand (the order of the sums aside)."""
    for day, ((ga, gj), (a, j)) in enumerate(zip(game_by_day, frames(), strict=True)):
        assert ga == pytest.approx(a, rel=1e-9, abs=1e-6), f"day {day}: US"
        assert gj == pytest.approx(j, rel=1e-9, abs=1e-6), f"day {day}: Japanese"


def test_engel_1954_hexwar_run_as_the_page_shows_it() -> None:
    """``hexwar run examples/validation/iwo-jima.toml --agent red=hold --agent blue=hold``
    plays the 36 days to ``tend``; its summary holds the last row of the page's table."""
    args = ["run", str(SCENARIO), "--agent", "red=hold", "--agent", "blue=hold", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["summary"]["time"] == 36.0
    sides = out["summary"]["sides"]
    a, j = frames()[DAYS]
    assert sides["blue"]["resources_at_end"][0] == pytest.approx(a, abs=1e-5)
    assert sides["red"]["resources_at_end"][0] == pytest.approx(j, abs=1e-5)
