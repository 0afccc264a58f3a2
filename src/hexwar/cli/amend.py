"""``hexwar amend``: the umpire's amendment of a stored game (docs/web.md, The umpire)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from hexwar.core.orders import UMPIRE, Amendment
from hexwar.sessions import Session
from hexwar.store import GameStore

__all__ = ["amend"]

_HELP = (
    "The amendment with its reason: 'move UNIT to HEX: REASON', 'remove UNIT: REASON', "
    "'hold PLACE by SIDE: REASON' or 'end SIDE: REASON' (SIDE: a side, or nobody); units, "
    "hexes and places in the ruleset's notation (docs/web.md, The umpire)."
)


def amend(
    game_id: Annotated[str, typer.Argument(metavar="ID", help="A game id (or a unique prefix).")],
    amendment: Annotated[str, typer.Argument(metavar="AMENDMENT", help=_HELP)],
) -> None:
    """Amend a stored game as its umpire: move or remove a unit, change a holding, end the game
    with a ruling. The amendment is stored as an order of side 'umpire' (replay and verify
    repeat it) and every side is told of it with the reason. Not while `hexwar serve` holds
    the game: amend it on the umpire's page there."""
    with GameStore() as store:
        session = Session.resume(store, game_id)
        submitted = session.submit(UMPIRE, amendment)
        session.play_agents()  # a computer whose sealed order was withdrawn orders again
    text = Amendment.read(submitted.order)
    outcome = session.game.outcome()
    Console(soft_wrap=True).print(
        f"game {session.game_id}: amendment {submitted.seq} recorded: {text}"
        + (f"\nGame over: {outcome.reason}" if outcome is not None else ""),
        markup=False,
        highlight=False,
    )
