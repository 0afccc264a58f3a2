"""The ``flankbattle`` ruleset: the map-game war algorithm of seed 004."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, ClassVar

import typer

from hexwar.core.choices import ChoiceMark
from hexwar.core.game import AgentFactory, ObservationEncoder, Ruleset, RulesetInfo, TurnStructure
from hexwar.core.orders import JsonValue, check_order
from hexwar.core.views import View
from hexwar.rulesets.flankbattle import legal
from hexwar.rulesets.flankbattle.game import FlankbattleGame
from hexwar.rulesets.flankbattle.orders import Deployment
from hexwar.rulesets.flankbattle.render import render_view
from hexwar.rulesets.flankbattle.scenario import FlankbattleScenario

__all__ = ["FlankbattleRuleset"]

_HELP = """Your deployment: 'default' (the scenario's own flanks if it gives them, else
three flanks with the military spread evenly), or JSON:
  {"flanks": [{"x": 60, "y": 120, "infantry": 700, "cavalry": 0, "artillery": 0,
               "ships": 0, "maneuver": "Normal"}, ...]}
Maneuvers: Normal, Position, Feigned Retreat, Hit and run, Pillaging.
The flanks must hold your whole military within 10 soldiers (and one ship)."""


class FlankbattleRuleset(Ruleset[FlankbattleScenario, Deployment]):
    """Two belligerents place flanks on a terrain map; the war then resolves to the end."""

    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="flankbattle",
        version="1.0",
        title="The map-game flank battle algorithm",
        sides=("attacker", "defender"),
        turn_structure=TurnStructure.BATCH,
        hidden_information=False,
        stochastic=True,
        seed_document="004_afaccbb657d76b46.txt",
        summary="Both sides deploy flanks (sealed); an hourly battle, occupation and "
        "stability follow, and a wiki receipt is posted.",
    )
    scenario_model = FlankbattleScenario
    scenario_dir = resources.files("hexwar.rulesets.flankbattle") / "scenarios"

    def new_game(
        self, scenario: FlankbattleScenario, *, seed: int, scenario_id: str
    ) -> FlankbattleGame:
        return FlankbattleGame(self, scenario, seed=seed, scenario_id=scenario_id)

    def parse_order(self, side: str, data: JsonValue | str) -> Deployment:
        check_order(data)
        return Deployment.parse(data)

    def legal_orders(self, view: View, plan: Deployment | None = None) -> list[Deployment]:
        """A documented menu of sensible orders (:mod:`hexwar.rulesets.flankbattle.legal`)."""
        return legal.legal_orders(view.data)

    def observation_encoder(self, views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
        """The research adapters' planes and vector (:mod:`.observe`)."""
        from hexwar.rulesets.flankbattle.observe import encoder

        return encoder(views)

    def summary_losses(self, summary: Mapping[str, Any]) -> tuple[str, dict[str, dict[str, float]]]:
        """What each side lost, by type, for the plots (:mod:`.timeline`)."""
        from hexwar.rulesets.flankbattle.timeline import losses

        return losses(summary)

    def describe_choices(
        self, view: View, orders: Sequence[Deployment], plan: Deployment | None = None
    ) -> list[ChoiceMark]:
        """Each deployment of the menu: ``deploy``, on no hex (:mod:`.choices`)."""
        from hexwar.rulesets.flankbattle.choices import describe_choices

        return describe_choices(orders)

    def render_view(self, view: View) -> str:
        return render_view(view.data)

    def order_help(self, view: View) -> str:
        return _HELP

    def agents(self) -> Mapping[str, AgentFactory]:
        """``ai``: the scenario's deployment (the bundled battles' historical ones)."""
        from hexwar.rulesets.flankbattle.ai import ScenarioDeployment

        def make(ruleset: Ruleset[Any, Any], side: str) -> ScenarioDeployment:
            return ScenarioDeployment(side)

        return {"ai": make}

    def commands(self) -> typer.Typer:
        """``hexwar flankbattle import | resolve | maps | example``."""
        from hexwar.rulesets.flankbattle.cli import app

        return app

    def web_extension(self) -> object:
        """The moderator's page and the battlefield panel on the game page
        (:mod:`hexwar.rulesets.flankbattle.web`)."""
        from hexwar.rulesets.flankbattle.web import extension

        return extension()
