"""The Iwo Jima section of docs/validation.md: Engel's battle played from its scenario file
through the whole IDAHEX engine against Engel's fitted model, day by day.

Engel (1954) fitted the Lanchester square law with reinforcements to the battle of Iwo Jima:

    dA/dt = -a J + P(t),   dJ/dt = -b A,   a = 0.0544, b = 0.0106,

with ``A`` the American and ``J`` the Japanese strength (men), ``A(0) = 0``, ``J(0) = 21,500``
(none added) and American landings ``P`` of 54,000 men during the first day, 6,000 during the
third and 13,000 during the sixth. The model is solved exactly here (on each day ``P`` is a
constant, and the system with constant ``P`` has a closed form in ``cosh`` and ``sinh``).

The game is ``examples/validation/iwo-jima.toml`` (``hexwar.rulesets.idahex.builder.
engel_iwo_jima``): every landing is a schedule of arrivals, a unit a frame, each attacking
the Japanese cell as it lands; both sides are played by ``hold`` (no commands: the schedule
is the design's). The script prints the day-by-day table of the page (Markdown), the largest
relative errors and the first-order error predicted from the model, and draws the plot.

Needs the ``analysis`` extra (matplotlib). Run from the repository root:
``.venv/bin/python benchmarks/idahex_iwo_jima.py [--out docs/validation-iwo-jima.png]``
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.sessions import Session, resolve_scenario

SCENARIO = Path(__file__).resolve().parent.parent / "examples" / "validation" / "iwo-jima.toml"
A_RATE, B_RATE = 0.0544, 0.0106
LANDINGS = {0: 54_000.0, 2: 6_000.0, 5: 13_000.0}  # day starting at t -> men landed that day
J0, DAYS, TFRAME = 21_500.0, 36, 0.05
OMEGA, RATIO = math.sqrt(A_RATE * B_RATE), math.sqrt(A_RATE / B_RATE)


def flow(a: float, j: float, tau: float, p: float) -> tuple[float, float]:
    """The exact solution after ``tau`` days with landings ``p`` a day: about the rest point
    ``(0, p / a)`` the deviations follow the square law's ``cosh``/``sinh`` solution."""
    u, v = a, j - p / A_RATE
    c, s = math.cosh(OMEGA * tau), math.sinh(OMEGA * tau)
    return u * c - RATIO * v * s, v * c - u * s / RATIO + p / A_RATE


def model() -> list[tuple[float, float]]:
    """Engel's model at the end of each day 0..36."""
    out = [(0.0, J0)]
    for day in range(DAYS):
        out.append(flow(*out[-1], 1.0, LANDINGS.get(day, 0.0)))
    return out


def first_order_error(steps: int = 40) -> list[tuple[float, float]]:
    """The error of frames of ``TFRAME`` predicted from the model, to first order:
    ``(h/2) * integral_0^t Phi(t - s) (-ab A(s), -(ab J(s) + b P(s))) ds`` (the frame's local
    error is ``-(h**2/2) (ab A, ab J + b P)``; ``Phi`` is the model's flow matrix)."""
    ds = 1.0 / steps
    points: list[tuple[float, float, float, float]] = []  # s, A(s), J(s), P(s) at midpoints
    a, j = 0.0, J0
    for day in range(DAYS):
        p = LANDINGS.get(day, 0.0)
        for k in range(steps):
            ma, mj = flow(a, j, ds / 2, p)
            points.append((day + (k + 0.5) * ds, ma, mj, p))
            a, j = flow(a, j, ds, p)
    out = [(0.0, 0.0)]
    for t in range(1, DAYS + 1):
        ea = ej = 0.0
        for s, ma, mj, p in points:
            if s > t:
                break
            c, sh = math.cosh(OMEGA * (t - s)), math.sinh(OMEGA * (t - s))
            ga, gj = A_RATE * B_RATE * ma, A_RATE * B_RATE * mj + B_RATE * p
            ea -= (c * ga - RATIO * sh * gj) * ds
            ej -= (-sh / RATIO * ga + c * gj) * ds
        out.append((TFRAME / 2 * ea, TFRAME / 2 * ej))
    return out


def game_by_day() -> list[tuple[float, float]]:
    """American and Japanese strengths (active units' men) at the end of each day, from the
    session ``hexwar run`` plays (one period a day: step ``d`` stops at ``t = d``)."""
    session = Session.start(
        resolve_scenario(str(SCENARIO)), seed=1, agents={"red": "hold", "blue": "hold"}
    )
    game = session.game
    assert isinstance(game, IdahexGame)
    out = [(0.0, J0)]
    for day in range(1, DAYS + 1):
        session.run(max_steps=day)
        units = game.engine.units.values()
        us = sum(float(u.resources[0]) for u in units if u.side == 2 and u.active)
        jp = sum(float(u.resources[0]) for u in units if u.side == 1 and u.active)
        out.append((us, jp))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/validation-iwo-jima.png"))
    args = parser.parse_args()
    law, game, predicted = model(), game_by_day(), first_order_error()
    print(
        "| day | US, Engel | US, hexwar run | error | Japanese, Engel | Japanese, hexwar run "
        "| error |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    worst_us = worst_jp = (0.0, 0)
    for day in range(1, DAYS + 1):
        (a, j), (ga, gj) = law[day], game[day]
        ra, rj = (ga - a) / a, (gj - j) / j
        worst_us = max(worst_us, (abs(ra), day))
        worst_jp = max(worst_jp, (abs(rj), day))
        print(f"| {day} | {a:,.0f} | {ga:,.0f} | {ra:+.3%} | {j:,.0f} | {gj:,.0f} | {rj:+.2%} |")
    print(
        f"largest relative error: US {worst_us[0]:.3%} (day {worst_us[1]}), "
        f"Japanese {worst_jp[0]:.2%} (day {worst_jp[1]})"
    )
    for day in (1, 6, 20, 36):
        (a, j), (ga, gj), (ea, ej) = law[day], game[day], predicted[day]
        print(
            f"day {day}: game - model US {ga - a:+.1f}, Japanese {gj - j:+.1f} men; "
            f"predicted first-order error US {ea:+.1f}, Japanese {ej:+.1f}"
        )
    days = list(range(DAYS + 1))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6.5), sharex=True, height_ratios=(3, 1.3))
    top.plot(days, [a for a, _ in law], "-", color="tab:blue", label="US, Engel's model")
    top.plot(days, [j for _, j in law], "-", color="tab:red", label="Japanese, Engel's model")
    top.plot(days, [a for a, _ in game], "o", ms=3, color="tab:blue", label="US, hexwar run")
    top.plot(days, [j for _, j in game], "o", ms=3, color="tab:red", label="Japanese, hexwar run")
    top.set_ylabel("men")
    top.set_title("Iwo Jima: IDAHEX engine against Engel's fitted model (1954)")
    top.legend()
    bottom.plot(
        days,
        [g[0] - m[0] for g, m in zip(game, law, strict=True)],
        "o",
        ms=3,
        color="tab:blue",
        label="US, game - model",
    )
    bottom.plot(
        days,
        [g[1] - m[1] for g, m in zip(game, law, strict=True)],
        "o",
        ms=3,
        color="tab:red",
        label="Japanese, game - model",
    )
    bottom.plot(
        days,
        [e[0] for e in predicted],
        "-",
        color="tab:blue",
        lw=0.8,
        label="first-order prediction",
    )
    bottom.plot(days, [e[1] for e in predicted], "-", color="tab:red", lw=0.8)
    bottom.set_ylabel("men")
    bottom.set_xlabel(f"day (frames of {TFRAME} day)")
    bottom.legend(fontsize="small", ncol=3)
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
