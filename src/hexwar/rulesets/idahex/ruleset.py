"""The ``idahex`` ruleset: IDAHEX 1.0, the theater-level model of seed 000."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

import typer

from hexwar.core.boards import Board
from hexwar.core.choices import ChoiceMark
from hexwar.core.game import AgentFactory, ObservationEncoder, Ruleset, RulesetInfo, TurnStructure
from hexwar.core.orders import JsonValue, check_order
from hexwar.core.views import View
from hexwar.rulesets.idahex import legal
from hexwar.rulesets.idahex.ai import HoldingAgent, IdahexAgent
from hexwar.rulesets.idahex.ai_legacy import LegacyAgent
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.orders import Commands, parse_commands
from hexwar.rulesets.idahex.scenario import IdahexScenario, claim_card_deck, read_card_deck
from hexwar.rulesets.idahex.terminal import IdahexTerminal

__all__ = ["IdahexRuleset"]

_HELP = """Commands for this period, separated by ';' (an empty line or 'pass': none):
  mission OBJ,POST[,START] ... units U1,U2 [mode M]   new task force and its mission
  mission tf N OBJ,POST[,START] ...                   replace the orders of mission N
  cancel N                                            cancel mission N
  transfer CELL [givers ..] [takers ..] [amounts TYPE=AMT,..]
  deliver tf N CELL [size S] [to U1,U2]               a delivery order
  undeliver N                                         cancel delivery order N
  cas CELL aircraft N1,N2,..                          close air support (§6, cycle starts)
  interdiction CELL priority P1,P2,P3,P4 aircraft N1,..   air interdiction (§6)
Example: mission 16,31,0 16,11,0 12,10,2.65 units 4,9 mode 0"""


class IdahexRuleset(Ruleset[IdahexScenario, Commands]):
    """IDAHEX: task forces on a numbered cell map, an event-driven clock, missions."""

    info: ClassVar[RulesetInfo] = RulesetInfo(
        id="idahex",
        version="1.0",
        title="IDAHEX 1.0 (theater-level ground and air model)",
        sides=("red", "blue"),
        turn_structure=TurnStructure.EVENT_DRIVEN,
        hidden_information=True,
        stochastic=False,
        seed_document="000_fc4ea78f2a1f36af.txt",
        summary="Red and Blue command task forces; the clock runs from event to event and "
        "stops at every period start for both sides' sealed commands.",
    )
    scenario_model = IdahexScenario
    scenario_dir = resources.files("hexwar.rulesets.idahex") / "scenarios"

    def new_game(self, scenario: IdahexScenario, *, seed: int, scenario_id: str) -> IdahexGame:
        return IdahexGame(self, scenario, seed=seed, scenario_id=scenario_id)

    def parse_order(self, side: str, data: JsonValue | str) -> Commands:
        check_order(data)
        return parse_commands(data)

    def agents(self) -> Mapping[str, AgentFactory]:
        """``ai``: the computer commander of :mod:`hexwar.rulesets.idahex.ai`; ``hold``: one
        who gives no commands; ``legacy``: the first commander
        (:mod:`hexwar.rulesets.idahex.ai_legacy`), kept as a yardstick."""
        return {"ai": IdahexAgent, "hold": HoldingAgent, "legacy": LegacyAgent}

    def legal_orders(self, view: View, plan: Commands | None = None) -> list[Commands]:
        """A documented menu of sensible orders (:mod:`hexwar.rulesets.idahex.legal`)."""
        return legal.legal_orders(view.data)

    def render_view(self, view: View) -> str:
        """The console's overview: status, units, task forces, enemy, engagements."""
        return IdahexTerminal(view.side).overview(view.data)

    def describe_board(self, view: View) -> Board:
        """The area of war as the side sees it (:mod:`hexwar.rulesets.idahex.drawing`)."""
        from hexwar.rulesets.idahex.drawing import describe_board

        return describe_board(view)

    def observation_encoder(self, views: Sequence[Mapping[str, Any]]) -> ObservationEncoder:
        """The research adapters' planes and vector (:mod:`.observe`)."""
        from hexwar.rulesets.idahex.observe import encoder

        return encoder(views)

    def summary_strengths(self, summary: Mapping[str, Any]) -> dict[tuple[str, str, str], float]:
        """Each side's strength in a summary, for the plots (:mod:`.timeline`)."""
        from hexwar.rulesets.idahex.timeline import strengths

        return strengths(summary)

    def summary_losses(self, summary: Mapping[str, Any]) -> tuple[str, dict[str, dict[str, float]]]:
        """What each side lost, by type, for the plots (:mod:`.timeline`)."""
        from hexwar.rulesets.idahex.timeline import losses

        return losses(summary)

    def describe_choices(
        self, view: View, orders: Sequence[Commands], plan: Commands | None = None
    ) -> list[ChoiceMark]:
        """The menu's unit and the cell it is sent to hold (:mod:`.choices`)."""
        from hexwar.rulesets.idahex.choices import describe_choices

        return describe_choices(view, orders)

    def order_help(self, view: View) -> str:
        return _HELP

    def terminal_ui(self, side: str) -> IdahexTerminal:
        """The commander's console (:mod:`hexwar.rulesets.idahex.terminal`)."""
        return IdahexTerminal(side)

    def commands(self) -> typer.Typer:
        """``hexwar idahex convert``: card decks to scenario files and back (§9)."""
        from hexwar.rulesets.idahex.cli import app

        return app

    def web_extension(self) -> object:
        """The commands panel on the game page (:mod:`hexwar.rulesets.idahex.web`)."""
        from hexwar.rulesets.idahex.web import extension

        return extension()

    def claim_scenario_files(self, paths: Sequence[Path]) -> int:
        """A File 50 card deck, and the File 60 deck after it if any (§9.1)."""
        return claim_card_deck(paths)

    def read_scenario_files(self, paths: Sequence[Path]) -> IdahexScenario:
        """The scenario of a File 50 deck and an optional File 60 deck, in that order."""
        return read_card_deck(paths)
