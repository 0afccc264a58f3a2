"""``hexwar tournament`` (issue 21, item 6): pairs on both sides, W/D/L, ratings, CSV, plot."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexwar.core.orders import CONCEDE
from hexwar.rl.tournament import GameResult, Tournament, rate, run_tournament, tournament_size

pytest.importorskip("joblib")


def _r(a: str, b: str, winner: int | None) -> GameResult:
    return GameResult((a, b), 0, winner, "", (1, 1), (0.1, 0.2))


def test_bradley_terry_orders_the_stronger_agent_first() -> None:
    """A beats B 8 games of 10, B beats C 8 of 10: ratings A > B > C, and with the Elo scale
    a 4:1 score is about 400 log10(4) = 241 points (less, pulled in by the prior draw)."""
    games = [_r("A", "B", 0)] * 8 + [_r("A", "B", 1)] * 2 + [_r("B", "C", 0)] * 8
    games += [_r("B", "C", 1)] * 2
    ratings = rate(games, ["A", "B", "C"])
    assert [r.agent for r in ratings] == ["A", "B", "C"]
    gap = ratings[0].elo - ratings[1].elo
    assert 120 < gap < 241
    assert all(r.low <= r.elo <= r.high for r in ratings)


def test_a_draw_counts_half_to_each() -> None:
    ratings = rate([_r("A", "B", None)] * 4, ["A", "B"])
    assert ratings[0].elo == pytest.approx(ratings[1].elo)


def test_tournament_plays_each_pair_on_both_sides_and_writes_csv_and_plot(
    tmp_path: Path,
) -> None:
    """Two agents, one seed per side: two games, each agent once on each side."""
    t = run_tournament("flankbattle/marathon", ["random", "random"], 1)
    assert t.agents == ["random"]  # a name given twice is one agent
    t = Tournament("tiny", ["A", "B"], [_r("A", "B", 0), _r("B", "A", 1)], [])
    t.ratings = rate(t.results, t.agents)
    assert t.pairs() == [{"agent": "A", "opponent": "B", "wins": 2, "draws": 0, "losses": 0}]
    assert t.time_per_decision() == {"A": pytest.approx(0.15), "B": pytest.approx(0.15)}
    t.write_csv(tmp_path / "t.csv")
    assert (tmp_path / "t.csv").read_text().count("\n") == 4  # header, two ratings, one pair
    t.plot(tmp_path / "t.png")
    assert (tmp_path / "t.png").stat().st_size > 0
    assert "| A | B | 2 | 0 | 0 |" in t.table()


def test_games_are_played_on_both_sides(tmp_path: Path) -> None:
    t = run_tournament("aggressor/sector", ["computer", "random"], 1, max_steps=6)
    assert sorted(r.agents for r in t.results) == [("computer", "random"), ("random", "computer")]


def test_progress_sees_every_game_in_order_and_changes_nothing() -> None:
    """Issue 21 item 6 (a long run shows its progress): ``on_game`` gets each game's result
    as it comes in, in the games' order; three agents and two seeds are 3 pairs x 2 sides x 2
    seeds = 12 games, and the results are those of a run without it."""
    seen: list[GameResult] = []
    agents = ["ai", "computer", "random"]
    t = run_tournament("aggressor/sector", agents, 2, max_steps=3, on_game=seen.append)
    assert tournament_size(agents, 2) == 12
    assert seen == t.results
    assert len(seen) == 12
    again = run_tournament("aggressor/sector", agents, 2, max_steps=3)
    assert [(r.agents, r.seed, r.winner, r.decisions) for r in again.results] == [
        (r.agents, r.seed, r.winner, r.decisions) for r in t.results
    ]


class _Concession:
    def to_json(self) -> dict[str, bool]:
        return dict(CONCEDE)


class _Conceder:
    """An agent that concedes at once (a sealed order of the air war's first decision)."""

    def act(self, view: object, rng: object) -> _Concession:
        return _Concession()


def test_a_concession_in_a_sealed_decision_ends_the_game_without_the_others_orders(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 38 item 5, beside the search: when side 1's sealed order concedes, side 2's
    order of the same decision is not submitted into the finished game (GameOverError
    before); side 2 wins by the concession."""
    import hexwar.rl.tournament as tournament

    real = tournament.make_agent

    def agents(ruleset: object, side: str, name: str) -> object:
        return _Conceder() if side == "1" else real(ruleset, side, name)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament, "make_agent", agents)
    result = tournament.play_game("airwar/small-three-cities", ["random", "random"], 1, None, 0.1)
    assert result.winner == 1
    assert result.decisions == (1, 0)
