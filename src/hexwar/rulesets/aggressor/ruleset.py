"""The ``aggressor`` ruleset: Aggressor (seed 003_1698e9697f800457.txt)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from hexwar.core.boards import Board
from hexwar.core.choices import ChoiceMark
from hexwar.core.game import AgentFactory, ObservationEncoder, Ruleset, RulesetInfo, TurnStructure
from hexwar.core.orders import JsonValue, check_order
from hexwar.core.search import SearchProfile
from hexwar.core.views import View
from hexwar.rulesets.aggressor.game import AggressorGame
from hexwar.rulesets.aggressor.legal import legal_orders, placements
from hexwar.rulesets.aggressor.orders import AggressorOrder, parse_order
from hexwar.rulesets.aggressor.render import render, unit_table
from hexwar.rulesets.aggressor.scenario import AggressorScenario
from hexwar.rulesets.aggressor.terminal import KeyboardPlayer, single_key_reader

if TYPE_CHECKING:
    import typer

from hexwar.rulesets.aggressor.amend import HELP as AMENDMENT_HELP

__all__ = ["AggressorRuleset"]

_HELP = """Orders (the original keys):
  U K          unit U presses key K: 1 upper left, 2 lower left, 3 above, 4 below,
               5 upper right, 6 lower right -- moves, attacks an enemy there, or asks an
               adjacent Support unit for supply
  U 7 @XY      unit U performs its special function at @XY (@@ partisan contact, its own
               hex replacement; an airbase may add 'recon' or 'strike')
  0            end your turn
  partisans N  (when asked) use N of your partisans
  setup TYPE@XY ... (18 of them) your set-up in your own territory ({area}),
               e.g. {example} ..."""
# SET UP (seed 003): West sets up on the left of the border column K, East on the right; each
# side's example lies within its own set-up area.
_SETUP_AREA = {"west": "columns A-J", "east": "columns L-U"}
_SETUP_EXAMPLE = {
    "west": "setup armor@CH infantry@CI support@BH",
    "east": "setup armor@SH infantry@SI support@TH",
}


class AggressorRuleset(Ruleset[AggressorScenario, AggressorOrder]):
    """Aggressor: 18 battalions a side, observation, CBR, partisans, nine sectors."""

    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="aggressor",
        version="1.0",
        title="Aggressor (battalion hex game, Sector module)",
        sides=("west", "east"),
        turn_structure=TurnStructure.ALTERNATING,
        hidden_information=True,
        stochastic=True,
        seed_document="003_1698e9697f800457.txt",
        summary="West and East each set up 18 units, then alternate turns; observe, attack, "
        "launch CBR missiles, raise partisans; control 5 of the 9 sectors to win.",
    )
    scenario_model = AggressorScenario
    amendments = ("move", "remove", "hold", "end")
    amendment_help = AMENDMENT_HELP
    scenario_dir = resources.files("hexwar.rulesets.aggressor") / "scenarios"

    def new_game(
        self, scenario: AggressorScenario, *, seed: int, scenario_id: str
    ) -> AggressorGame:
        return AggressorGame(self, scenario, seed=seed, scenario_id=scenario_id)

    def parse_order(self, side: str, data: JsonValue | str) -> AggressorOrder:
        check_order(data)
        return parse_order(data)

    def legal_orders(self, view: View, plan: AggressorOrder | None = None) -> list[AggressorOrder]:
        """Every order of the turn or the partisan choice; at set-up, a menu of set-ups
        (:mod:`hexwar.rulesets.aggressor.legal`)."""
        return legal_orders(view.data, setups=True)

    def placements(
        self, view: View, plan: AggressorOrder | None = None
    ) -> list[AggressorOrder] | None:
        """The set-up one unit at a time (:func:`.legal.placements`)."""
        return placements(view.data, plan)

    def computer_sides(self, scenario: AggressorScenario) -> list[str]:
        """The scenario's ``computer`` option ("isAi": none, west, east or both)."""
        chosen = scenario.options.computer
        return {"none": [], "both": list(self.info.sides)}.get(chosen, [chosen])

    def determinise(self, view: View, rng: np.random.Generator) -> AggressorGame:
        """A world drawn from the view (:mod:`hexwar.rulesets.aggressor.determinise`)."""
        from hexwar.rulesets.aggressor.determinise import determinise

        return determinise(self, view.data, rng)

    def search_profile(self) -> SearchProfile:
        """What the ``mcts`` search knows of the ruleset (:mod:`.search`)."""
        from hexwar.rulesets.aggressor.search import PROFILE

        return PROFILE

    def render_view(self, view: View) -> str:
        return render(view.data) + "\nYour units:\n" + unit_table(view.data)

    def order_help(self, view: View) -> str:
        return _HELP.format(area=_SETUP_AREA[view.side], example=_SETUP_EXAMPLE[view.side])

    def describe_board(self, view: View) -> Board:
        from hexwar.rulesets.aggressor.drawing import describe_board

        return describe_board(view)

    def observation_encoder(self, views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
        """The research adapters' planes and vector (:mod:`.observe`)."""
        from hexwar.rulesets.aggressor.observe import encoder

        return encoder(views)

    def summary_strengths(self, summary: Mapping[str, Any]) -> dict[tuple[str, str, str], float]:
        """Each side's strength in a summary, for the plots (:mod:`.timeline`)."""
        from hexwar.rulesets.aggressor.timeline import strengths

        return strengths(summary)

    def summary_losses(self, summary: Mapping[str, Any]) -> tuple[str, dict[str, dict[str, float]]]:
        """What each side lost, by type, for the plots (:mod:`.timeline`)."""
        from hexwar.rulesets.aggressor.timeline import losses

        return losses(summary)

    def describe_choices(
        self,
        view: View,
        orders: Sequence[AggressorOrder],
        plan: AggressorOrder | None = None,
    ) -> list[ChoiceMark]:
        """The unit, the hex and the kind of each order (:mod:`.choices`)."""
        from hexwar.rulesets.aggressor.choices import describe_choices

        return describe_choices(view, orders, plan)

    def terminal_ui(self, side: str) -> KeyboardPlayer:
        """The original key controls (TURN SEQUENCE E) for ``hexwar play``: single key presses
        on a terminal, one key per line otherwise."""
        return KeyboardPlayer(side, single_key_reader())

    def agents(self) -> Mapping[str, AgentFactory]:
        from hexwar.rulesets.aggressor.ai import ComputerPlayer

        return {"ai": ComputerPlayer, "computer": ComputerPlayer}  # "computer": the old name

    def commands(self) -> typer.Typer:
        from hexwar.rulesets.aggressor.cli import app

        return app
