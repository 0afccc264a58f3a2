"""The state hashes of the bundled scenarios, for comparing machines and numeric kernels.

Every bundled scenario is played by its default computer players for a fixed number of
decisions (or to the end), and the state hash printed. The same hexwar version gives the same
hashes on every x86-64 machine, whatever BLAS kernel numpy dispatches to and whatever SIMD
level it uses: run this under two settings and compare::

    python -m hexwar.testing.determinism --json > a.json
    OPENBLAS_CORETYPE=Nehalem python -m hexwar.testing.determinism --json > b.json
    cmp a.json b.json

``tests/test_determinism.py`` does exactly that for the kernels the CPU supports.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from hexwar.agents import agent_names
from hexwar.core import registry
from hexwar.sessions import Session, resolve_scenario

STEPS = 40
"""Decisions played in each scenario (a whole game where it ends sooner)."""


def bundled() -> list[str]:
    """Every bundled scenario id, ``ruleset/name``, in order."""
    return sorted(sid for r in registry.all_rulesets() for sid in r.bundled_scenarios())


def state_hash(scenario: str, seed: int, max_steps: int | None) -> str:
    """The state hash after the default agents play ``max_steps`` decisions (None: the end)."""
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    agents = {side: agent_names(ruleset)[0] for side in ruleset.info.sides}
    session = Session.start(resolved, seed=seed, agents=agents)
    session.run(max_steps=max_steps)
    return session.game.state_hash()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hexwar.testing.determinism",
        description="Print the state hash of each bundled scenario after a fixed number of "
        "decisions, to compare machines and numeric kernels.",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of every game (default 1)")
    parser.add_argument(
        "--steps", type=int, default=STEPS, help=f"decisions per scenario (default {STEPS})"
    )
    parser.add_argument(
        "--full",
        action="append",
        default=[],
        metavar="SCENARIO",
        help="also play this scenario to the end (repeatable): a bundled id, RULESET/NAME",
    )
    parser.add_argument(
        "--only", action="append", default=[], metavar="SCENARIO", help="only these scenarios"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args(argv)
    hashes: dict[str, str] = {}
    for scenario in args.only or bundled():
        hashes[f"{scenario}@{args.steps}"] = state_hash(scenario, args.seed, args.steps)
    for scenario in args.full:
        hashes[f"{scenario}@end"] = state_hash(scenario, args.seed, None)
    if args.json:
        json.dump(hashes, sys.stdout, indent=1, sort_keys=True)
        sys.stdout.write("\n")
    else:
        for key, value in hashes.items():
            print(f"{value[:12]}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
