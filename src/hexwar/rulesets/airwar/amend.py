"""The umpire's amendments of an air war game (``Game._amend``; docs/web.md, The umpire).

A player's units are counted by field (§2.0), so a unit is written ``PLAYER FIELD`` with an
optional count: ``1 K25`` (one of player 1's units on K25), ``2 C7x3`` (three). A move keeps
§2.0's stack of at most three units of one colour on a field. Holdings are the cities, by
their field: ``hold K25 by 2`` gives control and possession of the city (§2.1) to player 2
(never to nobody: a city always has a holder). Everything on the boards is known to both
players once the initial stage is over, so both are told every change; amendments of units or
cities wait until both have placed theirs.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.core.events import ALL
from hexwar.core.hexes import Hex
from hexwar.core.orders import AMEND_RULE, Amendment
from hexwar.rulesets.airwar.board import SIDES
from hexwar.rulesets.airwar.rules import MAX_STACK

if TYPE_CHECKING:
    from hexwar.rulesets.airwar.game import AirwarGame

__all__ = ["HELP", "amend"]

HELP = (
    "move 1 K25x2 to K24          (PLAYER FIELD, xN for N units; a field as labelled)\n"
    "remove 2 C7\n"
    "hold K25 by 2                (a city by its field; by a player)\n"
    "end 1                        (the winner, or nobody)"
)
_UNITS = re.compile(r"\s*([12])\s+(\S+?)(?:\s*x\s*(\d+))?\s*")


def _refuse(message: str, amendment: Amendment) -> IllegalOrderError:
    return IllegalOrderError(message, rule=AMEND_RULE, order=amendment.to_json())


def _field(game: AirwarGame, text: str, amendment: Amendment) -> Hex:
    try:
        h = game.pos.geo.parse(text.strip())
    except (InvalidInputError, ValueError) as e:
        raise _refuse(str(e), amendment) from None
    if h not in game.pos.geo:
        raise _refuse(f"{text.strip()} is not a field of the board", amendment)
    return h


def amend(game: AirwarGame, amendment: Amendment) -> None:
    """Carry out ``amendment`` (move, remove or hold), every check before any change."""
    from hexwar.rulesets.airwar.game import CITIES, UNITS

    if game.phase in (CITIES, UNITS):
        raise _refuse("the initial stage is not over: nothing is on the boards yet", amendment)
    pos = game.pos
    geo = pos.geo
    if amendment.kind == "hold":
        h = _field(game, amendment.place, amendment)
        city = pos.city_at(h)
        if city is None:
            raise _refuse(f"no city on {geo.label(h)}", amendment)
        if amendment.side not in SIDES:
            raise _refuse("a city is held by player 1 or player 2 (§2.1), not by nobody", amendment)
        if city.holder != amendment.side:
            city.holder = amendment.side
            city.changed = pos.cycle
            city.streak = 0
            city.eligible = False
        game.log.append(
            game._clock(),
            "amended",
            f"The city {geo.label(h)} is held by player {amendment.side} (umpire)",
            visible_to=ALL,
        )
        return
    match = _UNITS.fullmatch(amendment.unit)
    if match is None:
        raise _refuse(
            f"write units as PLAYER FIELD[xN] ('1 K25x2'), not {amendment.unit!r}", amendment
        )
    side, n = match.group(1), int(match.group(3) or 1)
    h = _field(game, match.group(2), amendment)
    have = pos.count(side, h)
    if n < 1 or n > have:
        raise _refuse(
            f"player {side} has {have} unit{'s' if have != 1 else ''} on {geo.label(h)}, not {n}",
            amendment,
        )
    what = f"{n} unit{'s' if n > 1 else ''} of player {side}"
    if amendment.kind == "move":
        to = _field(game, amendment.to, amendment)
        if to == h:
            raise _refuse(f"the units are on {geo.label(h)} already", amendment)
        if pos.count(side, to) + n > MAX_STACK:
            raise _refuse(
                f"{geo.label(to)} would hold more than {MAX_STACK} units of player {side} (§2.0)",
                amendment,
            )
        verb = "move" if n > 1 else "moves"
        text = f"{what} {verb} from {geo.label(h)} to {geo.label(to)} (umpire)"
    else:
        text = f"{what} on {geo.label(h)} {'are' if n > 1 else 'is'} removed (umpire)"
    if have == n:
        del pos.units[side][h]
    else:
        pos.units[side][h] = have - n
    if amendment.kind == "move":
        pos.units[side][to] = pos.count(side, to) + n
    game.log.append(game._clock(), "amended", text, visible_to=ALL)
