"""The ``airwar`` ruleset: the air war games of seed 001 ("Some Air War Games", 1953)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any, ClassVar

import numpy as np

from hexwar.core.boards import Board
from hexwar.core.choices import ChoiceMark
from hexwar.core.game import (
    AgentFactory,
    ObservationEncoder,
    Ruleset,
    RulesetInfo,
    TimeLimit,
    TurnStructure,
)
from hexwar.core.orders import JsonValue, check_order
from hexwar.core.search import SearchProfile
from hexwar.core.views import View
from hexwar.rulesets.airwar import legal
from hexwar.rulesets.airwar.amend import HELP as AMENDMENT_HELP
from hexwar.rulesets.airwar.game import AirwarGame
from hexwar.rulesets.airwar.orders import AirwarOrder, parse_order
from hexwar.rulesets.airwar.render import render_view
from hexwar.rulesets.airwar.scenario import AirwarScenario

__all__ = ["AirwarRuleset"]

_HELP = {
    "cities": "cities F1 F2 ...   the opponent's cities, in his territory (the rules:\n"
    "                   docs/airwar.md); in the terminal ':auto' gives the computer's\n"
    "                   placement",
    "units": "units F1x3 F2 ...  your units (at most three a field), e.g. units K5x3 L6x2 M7"
    "\n                   unequal game, player A: add 'unproductive FIELD'"
    "\n                   in the terminal ':auto' gives the computer's set-up",
    "move": "FROM-TO[xN] move N units to an adjacent field; FROM>TO fly one unit from an\n"
    "airport; FROM>TOx2 fly two to another airport of yours; FROM>>AIRPORT double\n"
    "transportation (§3.2.2); units not named stay. 'pass': everyone stays.",
    "fire": "FROM@TARGET[xN]  N units on FROM fire on an adjacent field (two shots kill one);\n"
    "units on a contested field fire on it by themselves. 'pass': hold fire.",
}


class AirwarRuleset(Ruleset[AirwarScenario, AirwarOrder]):
    """The air war games: two players, sealed simultaneous moves, aim fire, production."""

    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="airwar",
        version="1.0",
        title="Some Air War Games (Wine and Thrall, 1953)",
        sides=("1", "2"),
        turn_structure=TurnStructure.SIMULTANEOUS,
        hidden_information=True,
        stochastic=False,
        seed_document="001_b1ecb90c57bd2991.txt",
        summary="Two players on a hex board place each other's cities, then move, fly and "
        "fire in sealed simultaneous stages; cities produce units; kill every enemy unit.",
    )
    scenario_model = AirwarScenario
    amendments = ("move", "remove", "hold", "end")
    amendment_help = AMENDMENT_HELP
    scenario_dir = resources.files("hexwar.rulesets.airwar") / "scenarios"

    def new_game(self, scenario: AirwarScenario, *, seed: int, scenario_id: str) -> AirwarGame:
        return AirwarGame(self, scenario, seed=seed, scenario_id=scenario_id)

    def parse_order(self, side: str, data: JsonValue | str) -> AirwarOrder:
        check_order(data)
        return parse_order(data)

    def legal_orders(self, view: View, plan: AirwarOrder | None = None) -> list[AirwarOrder]:
        """A menu of placements, then every move and fire one unit at a time
        (:mod:`hexwar.rulesets.airwar.legal`)."""
        return legal.legal_orders(view.data, plan)

    def legal_choices(self, view: View, plan: AirwarOrder | None = None) -> Sequence[AirwarOrder]:
        """The same list, its move and fire entries built when read (a unit step's list has
        a few hundred entries; the random agent reads one of each)."""
        return legal.legal_choices(view.data, plan)

    def stepwise(self, view: View) -> bool:
        return legal.stepwise(view.data)

    def placements(self, view: View, plan: AirwarOrder | None = None) -> list[AirwarOrder] | None:
        """The initial stage city by city or unit by unit (:func:`.legal.placements`)."""
        return legal.placements(view.data, plan)

    def determinise(self, view: View, rng: np.random.Generator) -> AirwarGame:
        """The position the view shows (:mod:`hexwar.rulesets.airwar.determinise`)."""
        from hexwar.rulesets.airwar.determinise import determinise

        return determinise(self, view.data, rng)

    def search_profile(self) -> SearchProfile:
        """What the ``mcts`` search knows of the ruleset (:mod:`.search`)."""
        from hexwar.rulesets.airwar.search import PROFILE

        return PROFILE

    def render_view(self, view: View) -> str:
        """The board compact (runs of empty rows as one line) and 80 columns wide: at 80x24
        the small board's placement stages fit with the prompt (docs/airwar.md)."""
        return render_view(view.data, compact=True, width=80)

    def order_help(self, view: View) -> str:
        return _HELP[str(view.data["phase"])]

    def describe_board(self, view: View) -> Board:
        from hexwar.rulesets.airwar.drawing import describe_board

        return describe_board(view)

    def observation_encoder(self, views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
        """The research adapters' planes and vector (:mod:`.observe`)."""
        from hexwar.rulesets.airwar.observe import encoder

        return encoder(views)

    def summary_strengths(self, summary: Mapping[str, Any]) -> dict[tuple[str, str, str], float]:
        """Each side's strength in a summary, for the plots (:mod:`.timeline`)."""
        from hexwar.rulesets.airwar.timeline import strengths

        return strengths(summary)

    def summary_losses(self, summary: Mapping[str, Any]) -> tuple[str, dict[str, dict[str, float]]]:
        """What each side lost, by type, for the plots (:mod:`.timeline`)."""
        from hexwar.rulesets.airwar.timeline import losses

        return losses(summary)

    def describe_choices(
        self, view: View, orders: Sequence[AirwarOrder], plan: AirwarOrder | None = None
    ) -> list[ChoiceMark]:
        """The placements' fields; each unit step's field, target and kind (:mod:`.choices`)."""
        from hexwar.rulesets.airwar.choices import describe_choices

        return describe_choices(view, orders, plan)

    def time_limit(self, view: View) -> TimeLimit | None:
        """§4's time limit per move (moving and firing stages). A late order is ``pass``, or
        where a field holds a fourth unit (§3.2.2, ruling 14) the least move that takes it
        off: the plan the legal list ends on (docs/rulings/airwar.md, ruling 22); marked
        ``late`` (``late pass``), so the log tells a timeout from a pass."""
        seconds = view.data["scenario"].get("move_time_limit_s")
        if not seconds or view.data["phase"] not in ("move", "fire"):
            return None
        listed = legal.legal_choices(view.data)
        late = listed[len(listed) - 1] if listed else AirwarOrder()
        return TimeLimit(float(seconds), str(late.marked_late()))

    def side_names(self, scenario: AirwarScenario) -> Mapping[str, str]:
        """E.g. "player 1 (A: 6 cities, 4 productive, 60 units)" (ruling 7: the paper's
        letters where it gives them)."""
        out: dict[str, str] = {}
        for side in self.info.sides:
            p = scenario.players[side]
            letter = "" if p.label == side else f"{p.label}: "
            out[side] = (
                f"player {side} ({letter}{p.cities} cities, {p.productive} productive, "
                f"{p.units} units)"
            )
        return out

    def agents(self) -> Mapping[str, AgentFactory]:
        from hexwar.rulesets.airwar.ai import AirwarAI

        def make(ruleset: Ruleset[Any, Any], side: str) -> AirwarAI:
            return AirwarAI(side)

        return {"ai": make}
