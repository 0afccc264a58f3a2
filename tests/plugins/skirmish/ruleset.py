"""The skirmish ruleset: metadata and the hooks the core and the front ends call."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib.resources import files
from typing import Any, ClassVar

import numpy as np

from hexwar.core.boards import Board
from hexwar.core.choices import ChoiceMark
from hexwar.core.game import AgentFactory, Ruleset, RulesetInfo, TurnStructure
from hexwar.core.orders import JsonValue
from hexwar.core.views import View

from . import ai, choices, determinise, drawing, legal, render
from .game import SkirmishGame
from .orders import SkirmishOrder
from .scenario import SIDES, SkirmishScenario


class SkirmishRuleset(Ruleset[SkirmishScenario, SkirmishOrder]):
    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="skirmish",
        version="1",
        title="Skirmish (plug-in example)",
        sides=SIDES,
        turn_structure=TurnStructure.ALTERNATING,
        hidden_information=True,
        stochastic=True,
        seed_document="none",
        summary="Two small forces on a 7x7 map, fog of war, a d6 to hit, an objective to hold.",
    )
    scenario_model = SkirmishScenario
    scenario_dir = files(__package__) / "scenarios"

    def new_game(self, scenario: SkirmishScenario, *, seed: int, scenario_id: str) -> SkirmishGame:
        return SkirmishGame(self, scenario, seed=seed, scenario_id=scenario_id)

    def parse_order(self, side: str, data: JsonValue | str) -> SkirmishOrder:
        if isinstance(data, str):
            return SkirmishOrder.from_str(data)
        return SkirmishOrder.from_json(data)

    def legal_orders(self, view: View, plan: SkirmishOrder | None = None) -> list[SkirmishOrder]:
        return legal.legal_orders(view.data, view.side)

    def describe_choices(
        self, view: View, orders: Sequence[SkirmishOrder], plan: SkirmishOrder | None = None
    ) -> list[ChoiceMark]:
        return choices.describe_choices(orders)

    def describe_board(self, view: View) -> Board:
        return drawing.describe_board(view.data, view.side)

    def determinise(self, view: View, rng: np.random.Generator) -> SkirmishGame:
        return determinise.determinise(self, view.data, rng)  # the core sets the step (world)

    def agents(self) -> Mapping[str, AgentFactory]:
        return {"ai": ai.SkirmishAI}

    def render_view(self, view: View) -> str:
        return render.render_view(view.data)

    def order_help(self, view: View) -> str:
        return render.ORDER_HELP

    def summary_strengths(self, summary: Mapping[str, Any]) -> Mapping[tuple[str, str, str], float]:
        """Each side's strength left, for the plot of a game over time."""
        return {("strength", s, s): float(v["strength"]) for s, v in summary["sides"].items()}

    def computer_sides(self, scenario: SkirmishScenario) -> Sequence[str]:
        """In terminal play without --side, the human plays red."""
        return ["blue"]
