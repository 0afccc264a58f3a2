"""The plot of docs/validation.md: a builder design played through the whole IDAHEX engine
against the discrete Lanchester square law computed independently.

Red's 100 rifles attack Blue's 40 (``hexwar.rulesets.idahex.builder``, the design of
``tests/rulesets/idahex/test_validation.py``): one weapon type a side, no ``frdval`` scaling,
full intensity (``TI = 1``), no supplies. Red is the computer commander, Blue holds; one
decision a frame. The engine's strengths after each frame are drawn as points, the square law
``A' = A - b D, D' = D - a A`` as lines, and below them the invariant ``a A**2 - b D**2`` over
its predicted value ``(1 - a b)**n (a A0**2 - b D0**2)``.

Needs the ``analysis`` extra (matplotlib). Run from the repository root:
``.venv/bin/python benchmarks/idahex_lanchester_plot.py [--out docs/validation-lanchester.png]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from hexwar.rulesets.idahex.builder import lanchester_duel
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.scenario import to_toml
from hexwar.sessions import Session, resolve_scenario

RED_RATE, BLUE_RATE, TFRAME = 0.02, 0.03, 0.25
A0, D0 = 100.0, 40.0
FRAMES = 36


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/validation-lanchester.png"))
    args = parser.parse_args()
    design = lanchester_duel(RED_RATE, BLUE_RATE, TFRAME, A0, D0)
    path = args.out.with_suffix(".toml")
    path.write_text(to_toml(design.scenario()), encoding="utf-8")
    try:
        resolved = resolve_scenario(str(path))
        session = Session.start(resolved, seed=1, agents={"red": "ai", "blue": "hold"})
        game = session.game
        assert isinstance(game, IdahexGame)
        engine = [(A0, D0)]
        for k in range(1, FRAMES + 1):
            session.run(max_steps=k)
            red, blue = (float(game.engine.units[n].resources[0]) for n in (1, 2))
            engine.append((red, blue))
    finally:
        path.unlink()
    a, b = TFRAME * RED_RATE, TFRAME * BLUE_RATE
    law = [(A0, D0)]
    for _ in range(FRAMES):
        x, y = law[-1]
        law.append((x - b * y, y - a * x))
    frames = list(range(FRAMES + 1))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True, height_ratios=(3, 1))
    top.plot(frames, [x for x, _ in law], "-", color="tab:red", label="Red, square law")
    top.plot(frames, [y for _, y in law], "-", color="tab:blue", label="Blue, square law")
    top.plot(frames, [x for x, _ in engine], "o", color="tab:red", ms=3, label="Red, hexwar run")
    top.plot(frames, [y for _, y in engine], "o", color="tab:blue", ms=3, label="Blue, hexwar run")
    top.set_ylabel("rifles")
    top.legend()
    top.set_title("IDAHEX engine against the discrete Lanchester square law")
    i0 = a * A0 * A0 - b * D0 * D0
    ratio = [(a * x * x - b * y * y) / (i0 * (1 - a * b) ** n) for n, (x, y) in enumerate(engine)]
    bottom.plot(frames, ratio, "o-", ms=3, color="black")
    bottom.set_ylabel("invariant / law")
    bottom.set_xlabel(f"frame (tframe = {TFRAME} day)")
    bottom.ticklabel_format(useOffset=False)
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    worst = max(max(abs(x - p), abs(y - q)) for (x, y), (p, q) in zip(engine, law, strict=True))
    print(f"wrote {args.out}; largest difference engine - law: {worst:.3g} weapons")


if __name__ == "__main__":
    main()
