"""Whether the bundled battles' deployments decide their winner (issue 43: "flankbattle/
trafalgar is decided before anyone chooses"). Trafalgar is kept to history's inputs and says in
its file that it is one-sided (docs/flankbattle.md); these tests pin that it is, that its
choices still change its cost, and that Hastings and Marathon are the contested battles the
file points researchers to. Every pairing of the two sides' menus (``legal_orders``, seed
004's five maneuvers at the default places and advanced, and the default) is played."""

from __future__ import annotations

from importlib import resources

import pytest

from hexwar.rulesets.flankbattle.game import FlankbattleGame
from hexwar.sessions import resolve_scenario


def _pairings(scenario: str, seed: int) -> list[FlankbattleGame]:
    resolved = resolve_scenario(scenario)
    ruleset = resolved.ruleset
    first = ruleset.new_game(resolved.scenario, seed=seed, scenario_id=resolved.scenario_id)
    attacks = ruleset.legal_orders(first.view("attacker"))
    defences = ruleset.legal_orders(first.view("defender"))
    games = []
    for a in attacks:
        for d in defences:
            game = ruleset.new_game(resolved.scenario, seed=seed, scenario_id=resolved.scenario_id)
            assert isinstance(game, FlankbattleGame)
            game.submit("attacker", a)
            game.submit("defender", d)
            games.append(game)
    assert len(games) == 11 * 11
    return games


def _lost(game: FlankbattleGame, side: int) -> float:
    b = game.view("attacker").data["report"]["belligerents"][side]
    return 1 - b["final_size"] / b["starting_size"]


def test_trafalgar_says_it_is_one_sided_and_is() -> None:
    """The file's header says the British win whatever either side deploys; over seeds 0-2
    every one of the 121 pairings ends with the attacker (the British) winning."""
    text = (
        resources.files("hexwar.rulesets.flankbattle") / "scenarios" / "trafalgar.toml"
    ).read_text(encoding="utf-8")
    assert "A one-sided battle, on purpose" in text
    for seed in range(3):
        winners = {g.outcome().winner for g in _pairings("flankbattle/trafalgar", seed)}
        assert winners == {"attacker"}, seed


def test_trafalgar_s_deployments_change_its_cost() -> None:
    """The choices matter to the losses: on seeds 0 and 1 the 121 pairings move the allies'
    losses by more than 20 points of their men (measured: 38 % to 63 %, 46 % to 90 %), and on
    seed 1 the British losses by more than a factor 3 (5.8 % to 19.7 %)."""
    for seed in (0, 1):
        games = _pairings("flankbattle/trafalgar", seed)
        allied = [_lost(g, 1) for g in games]
        assert max(allied) - min(allied) > 0.20, seed
        if seed == 1:
            british = [_lost(g, 0) for g in games]
            assert max(british) > 3 * min(british)


@pytest.mark.parametrize("scenario", ["flankbattle/hastings", "flankbattle/marathon"])
def test_hastings_and_marathon_winners_depend_on_the_deployments(scenario: str) -> None:
    """The contested battles: on seed 0 some pairings go to the attacker and some to the
    defender."""
    winners = {g.outcome().winner for g in _pairings(scenario, 0)}
    assert winners == {"attacker", "defender"}
