"""The ``tactical`` ruleset: registration, orders, the random agent, the terminal board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, ClassVar

import numpy as np
import typer

from hexwar.core.boards import Board
from hexwar.core.choices import ChoiceMark
from hexwar.core.game import AgentFactory, ObservationEncoder, Ruleset, RulesetInfo, TurnStructure
from hexwar.core.orders import JsonValue, check_order
from hexwar.core.search import SearchProfile
from hexwar.core.views import View
from hexwar.rulesets.tactical.amend import HELP as AMENDMENT_HELP
from hexwar.rulesets.tactical.game import TacticalGame
from hexwar.rulesets.tactical.legal import legal_orders
from hexwar.rulesets.tactical.orders import TurnOrders, parse_orders
from hexwar.rulesets.tactical.render import full_text
from hexwar.rulesets.tactical.scenario import TacticalScenario
from hexwar.rulesets.tactical.terminal import TacticalTerminal

__all__ = ["TacticalRuleset"]

_HELP = """Orders for this phase: actions separated by ';', carried out in order
('pass': none).
  move UNIT Q,R       move a unit or commander (cheapest path within its AP)
  fire UNIT ENEMY     fire at an enemy unit you see, in range (40 AP, 1 ammo)
  assault UNIT ENEMY  attack an adjacent enemy (cost to enter + 20 AP); advance
                      if it clears
  smoke UNIT Q,R      a gun lays smoke on a hex in range (40 AP)
  mount UNIT TANK     infantry climbs onto a tank in its hex (10 AP); it then
                      moves with it
  dismount UNIT       riders get off their vehicle (10 AP from a tank)
Hexes are q,r as the board's labels show them (column q, line r).
AP left at the end of your phase pay for opportunity fire at enemy units moving
in sight (40 AP a shot, automatic, at odds of 1:2 or better unless the scenario
says otherwise). Example: move A1 3,4; fire T1 G2; assault A2 G2"""


class TacticalRuleset(Ruleset[TacticalScenario, TurnOrders]):
    """The WWII tactical game on the seed 002 parameter sheet."""

    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="tactical",
        version="1.0",
        title="WWII tactical game (the parameter sheet)",
        sides=("allied", "axis"),
        turn_structure=TurnStructure.ALTERNATING,
        hidden_information=True,
        stochastic=True,
        seed_document="002_f443a2e233840574.txt",
        summary="Platoons, guns, tanks and HQs on 250 m hexes in 6-minute turns: fire and "
        "assault on the CRT, morale, line of sight, commanders and supply.",
    )
    scenario_model = TacticalScenario
    amendments = ("move", "remove", "hold", "end")
    amendment_help = AMENDMENT_HELP
    scenario_dir = resources.files("hexwar.rulesets.tactical") / "scenarios"

    def new_game(self, scenario: TacticalScenario, *, seed: int, scenario_id: str) -> TacticalGame:
        return TacticalGame(self, scenario, seed=seed, scenario_id=scenario_id)

    def parse_order(self, side: str, data: JsonValue | str) -> TurnOrders:
        check_order(data)
        return parse_orders(data)

    def legal_orders(self, view: View, plan: TurnOrders | None = None) -> list[TurnOrders]:
        """Built one action at a time (:mod:`hexwar.rulesets.tactical.legal`)."""
        return legal_orders(view.data, plan)

    def stepwise(self, view: View) -> bool:
        return True

    def determinise(self, view: View, rng: np.random.Generator) -> TacticalGame:
        """A world drawn from the view (:mod:`hexwar.rulesets.tactical.determinise`)."""
        from hexwar.rulesets.tactical.determinise import determinise

        return determinise(self, view.data, view.step, rng)

    def search_profile(self) -> SearchProfile:
        """What the ``mcts`` search knows of the ruleset (:mod:`.search`)."""
        from hexwar.rulesets.tactical.search import PROFILE

        return PROFILE

    def agents(self) -> Mapping[str, AgentFactory]:
        from hexwar.rulesets.tactical.ai import TacticalAgent

        return {"ai": TacticalAgent}

    def render_view(self, view: View) -> str:
        """The board, its key, the legend and the units, 80 columns wide (the terminal shows
        the board and its key at each decision, the rest on demand: :mod:`.terminal`)."""
        return full_text(view.data)

    def order_help(self, view: View) -> str:
        return _HELP

    def describe_board(self, view: View) -> Board:
        from hexwar.rulesets.tactical.drawing import describe_board

        return describe_board(view)

    def observation_encoder(self, views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
        """The research adapters' planes and vector (:mod:`.observe`)."""
        from hexwar.rulesets.tactical.observe import encoder

        return encoder(views)

    def summary_strengths(self, summary: Mapping[str, Any]) -> dict[tuple[str, str, str], float]:
        """Each side's strength in a summary, for the plots (:mod:`.timeline`)."""
        from hexwar.rulesets.tactical.timeline import strengths

        return strengths(summary)

    def summary_losses(self, summary: Mapping[str, Any]) -> tuple[str, dict[str, dict[str, float]]]:
        """What each side lost, by type, for the plots (:mod:`.timeline`)."""
        from hexwar.rulesets.tactical.timeline import losses

        return losses(summary)

    def describe_choices(
        self, view: View, orders: Sequence[TurnOrders], plan: TurnOrders | None = None
    ) -> list[ChoiceMark]:
        """The unit, the hex and the verb of each next action (:mod:`.choices`)."""
        from hexwar.rulesets.tactical.choices import describe_choices

        return describe_choices(view, orders, plan)

    def terminal_ui(self, side: str) -> TacticalTerminal:
        """``hexwar play``: the board, then orders at a prompt that takes ``help``."""
        return TacticalTerminal(self, side)

    def commands(self) -> typer.Typer:
        """``hexwar tactical odds``: the designer's CRT calculator."""
        from hexwar.rulesets.tactical.cli import app

        commands: typer.Typer = app
        return commands
