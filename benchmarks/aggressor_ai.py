"""Aggressor's computer player against the random agent (issue 6, item 8).

Plays 100 seeded games of ``aggressor/sector`` (the computer takes West in even seeds and East
in odd ones) and prints the computer's win rate (target: at least 90 of 100) and the mean
time it spends per turn of its own (target: at most 2 s), with the random agent's time per
turn in the same games as the baseline ratio. With ``--self-play`` it then plays the computer
against itself in as many seeded games and prints how many end in a sector victory, how many
at the turn limit, the mean number of rounds, and when and why a side became the aggressor:
the rounds of the declarations, the term of the computer's estimate that weighed most
(``aggression.assess``), the rounds by the partisans the declaring side held, the declaring
side's results, and the games with partisan contact. ``--games`` prints one line per
self-play game with the estimate that declared; ``--self-play-only`` skips the games against
random. Run from the repository root:

    .venv/bin/python benchmarks/aggressor_ai.py [GAMES] [--self-play] [--self-play-only] [--games]
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

import numpy as np

from hexwar.core.orders import Order
from hexwar.core.views import View
from hexwar.rulesets.aggressor.aggression import PARTISAN_WORTH, Assessment, assess
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.sessions import Session, resolve_scenario


class Timed:
    """Wraps an agent: total time spent, and the number of distinct turns it acted in."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.seconds = 0.0
        self.turns: set[tuple[int, int]] = set()
        self.game = 0

    def act(self, view: View, rng: np.random.Generator) -> Order:
        start = time.perf_counter()
        order: Order = self.agent.act(view, rng)
        self.seconds += time.perf_counter() - start
        if view.data["phase"] == "turn":
            self.turns.add((self.game, view.data["round"]))
        return order


class Assessing:
    """Wraps the computer player: its estimate (aggression.assess) at its last order while no
    side was declared (for the declaring side: the order that declared)."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.last: tuple[int, Assessment] | None = None

    def act(self, view: View, rng: np.random.Generator) -> Order:
        data = view.data
        if data["phase"] == "turn" and data["aggressor"] is None:
            self.last = (int(data["round"]), assess(data))
        order: Order = self.agent.act(view, rng)
        return order


def _deciding_term(a: Assessment) -> str:
    """The largest term for declaring (what tipped the estimate)."""
    if not a.declare:
        return "not chosen (a move into an unseen enemy unit)"
    if a.enemy_one_from_victory:
        return "enemy one sector from victory"
    terms = {
        "first volley (strike - reply)": a.strike - a.reply,
        "partisans": a.partisans,
        "sectors behind": a.sectors,
        "standoff": a.standoff,
    }
    return max(terms, key=lambda k: terms[k])


def self_play(games: int, verbose: bool) -> None:
    """The computer against itself: how games end, and when and why a side declares."""
    resolved = resolve_scenario("aggressor/sector")
    ends: Counter[str] = Counter()
    rounds = 0
    when: Counter[str] = Counter()
    why: Counter[str] = Counter()
    declarer: Counter[str] = Counter()
    partisan_games = {"declared": 0, "never": 0}
    by_partisans: dict[str, list[int]] = {}
    by_edge: list[tuple[float, int]] = []
    for seed in range(games):
        session = Session.start(
            resolved, seed=seed, agents=dict.fromkeys(("west", "east"), "computer")
        )
        watch = {side: Assessing(session.agents[side]) for side in ("west", "east")}
        session.agents.update(watch)
        session.run()
        game = session.game
        assert isinstance(game, AggressorGame)
        outcome = game.outcome()
        reason = outcome.reason if outcome else "unfinished"
        winner = outcome.winner if outcome else None
        ends["turn limit" if "rounds played" in reason else "victory"] += 1
        ends[f"{winner or 'nobody'} wins"] += 1
        rounds += game.summary()["round"]
        events = game.events(None)
        declared = [int(e.time) for e in events if e.kind == "aggressor"]
        made = sum(1 for e in events if e.kind == "partisan-contact" and "contact made" in e.text)
        ends["games with partisans"] += 1 if made else 0
        line = f"seed {seed}: "
        if declared:
            side = game.aggressor or "?"
            when[str(declared[0])] += 1
            last = watch[side].last
            term = _deciding_term(last[1]) if last else "?"
            why[term] += 1
            if last and last[1].declare:
                held = round(last[1].partisans / PARTISAN_WORTH)
                by_partisans.setdefault(f"{min(held, 2)}{'+' if held >= 2 else ''}", []).append(
                    declared[0]
                )
                by_edge.append((last[1].edge, declared[0]))
            won = "won" if winner == side else "lost" if winner else "drawn"
            declarer[won] += 1
            partisan_games["declared"] += 1 if made else 0
            line += f"{side} declares in round {declared[0]} ({last[1].reason() if last else '?'})"
        else:
            when["never"] += 1
            partisan_games["never"] += 1 if made else 0
            line += "nobody declares"
        if verbose:
            print(f"{line}; partisan contacts {made}; {reason}")
    print(f"{games} games of aggressor/sector, computer against computer")
    print(
        f"sector victories {ends['victory']}, turn limit {ends['turn limit']}; west wins "
        f"{ends['west wins']}, east wins {ends['east wins']}, no winner {ends['nobody wins']}; "
        f"mean rounds {rounds / games:.1f}"
    )
    rows = sorted((int(k), v) for k, v in when.items() if k != "never")
    print(
        "aggressor declared in round: "
        + ", ".join(f"{r}: {n}" for r, n in rows)
        + f"; never: {when['never']}"
    )
    n_declared = games - when["never"]
    if n_declared:
        print(
            "the term that weighed most when the declaring side decided: "
            + ", ".join(f"{k} {v}" for k, v in why.most_common())
        )
        print(
            "declaration round by partisans the declaring side held: "
            + "; ".join(
                f"{k}: {len(v)} games, rounds {min(v)}-{max(v)}, mean {sum(v) / len(v):.1f}"
                for k, v in sorted(by_partisans.items())
            )
        )
        by_edge.sort()
        thirds = [by_edge[i * len(by_edge) // 3 : (i + 1) * len(by_edge) // 3] for i in range(3)]
        print(
            "declaration round by the declaring side's edge in the front (thirds of the games): "
            + "; ".join(
                f"edge {t[0][0]:+.2f}..{t[-1][0]:+.2f}: mean round "
                f"{sum(r for _, r in t) / len(t):.1f}"
                for t in thirds
                if t
            )
        )
        print(
            f"the declaring side won {declarer['won']}, lost {declarer['lost']}, "
            f"drew {declarer['drawn']} of {n_declared} "
            f"({100 * declarer['won'] / n_declared:.0f} %)"
        )
    print(
        f"games with partisan contact: {ends['games with partisans']}/{games} "
        f"({partisan_games['declared']} of {n_declared} with a declaration, "
        f"{partisan_games['never']} of {when['never']} without)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=100, help="games (default 100)")
    parser.add_argument(
        "--self-play", action="store_true", help="then the computer against itself as well"
    )
    parser.add_argument(
        "--games", dest="verbose", action="store_true", help="one line per self-play game"
    )
    parser.add_argument(
        "--self-play-only", action="store_true", help="skip the games against random"
    )
    args = parser.parse_args()
    if args.self_play_only:
        self_play(args.games, args.verbose)
        return
    games = args.games
    resolved = resolve_scenario("aggressor/sector")
    results: Counter[str] = Counter()
    computer_time = Timed(None)
    random_time = Timed(None)
    by_declarer: dict[str, Counter[str]] = {}
    computer_rounds: Counter[int] = Counter()
    for seed in range(games):
        computer = "west" if seed % 2 == 0 else "east"
        other = "east" if computer == "west" else "west"
        session = Session.start(resolved, seed=seed, agents={computer: "computer", other: "random"})
        for side, timer in ((computer, computer_time), (other, random_time)):
            timer.agent = session.agents[side]
            timer.game = seed
            session.agents[side] = timer
        session.run()
        outcome = session.game.outcome()
        winner = outcome.winner if outcome else None
        result = "computer" if winner == computer else "random" if winner else "draw"
        results[result] += 1
        game = session.game
        assert isinstance(game, AggressorGame)
        declared = [int(e.time) for e in game.events(None) if e.kind == "aggressor"]
        who = "nobody" if not declared else "computer" if game.aggressor == computer else "random"
        by_declarer.setdefault(who, Counter())[result] += 1
        if who == "computer":
            computer_rounds[declared[0]] += 1
    per_turn = computer_time.seconds / max(1, len(computer_time.turns))
    baseline = random_time.seconds / max(1, len(random_time.turns))
    print(f"{games} games of aggressor/sector, computer against random")
    print(
        f"computer wins {results['computer']}/{games}, random wins {results['random']}, "
        f"draws {results['draw']} (target: computer >= 90/100)"
    )
    for who, counts in sorted(by_declarer.items()):
        n = sum(counts.values())
        print(
            f"aggressor {who}: {n} games, computer wins {counts['computer']} "
            f"({100 * counts['computer'] / n:.0f} %)"
        )
    print(
        "the computer declared in round: "
        + ", ".join(f"{r}: {n}" for r, n in sorted(computer_rounds.items()))
    )
    print(f"random agent per turn (baseline): {baseline * 1e3:8.2f} ms")
    print(f"computer player per turn        : {per_turn * 1e3:8.2f} ms (target <= 2000 ms)")
    print(f"ratio computer/random: {per_turn / baseline:.1f}")
    if args.self_play:
        self_play(games, args.verbose)


if __name__ == "__main__":
    main()
