"""TURN SEQUENCE (seed 003): set-up, a side's turn begun (A-C) and ended (sector control, the
victory check F, the round limit)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwar.core.errors import IllegalOrderError
from hexwar.core.events import ALL
from hexwar.rulesets.aggressor import activity, combat
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.orders import AggressorOrder
from hexwar.rulesets.aggressor.scenario import Placement, setup_problems
from hexwar.rulesets.aggressor.state import Unit

if TYPE_CHECKING:
    from hexwar.rulesets.aggressor.game import AggressorGame


def check_setup(game: AggressorGame, side: str, order: AggressorOrder) -> None:
    placements = tuple(Placement(type=t, at=at) for t, at in order.placements)
    problems = setup_problems(side, placements)
    if problems:
        path, message = problems[0]
        where = f"unit {int(path[0]) + 1}: " if path else ""
        raise IllegalOrderError(f"{where}{message}", rule="SET UP", order=order)


def place(game: AggressorGame, side: str, placements: list[tuple[str, str]]) -> None:
    game.chosen[side] = [type_ for type_, _ in placements]
    for number, (type_, at) in enumerate(placements, 1):
        strength = game.scenario.strength.get(side, {}).get(type_)  # type: ignore[call-overload]
        unit = Unit.new(side, number, type_, rl.parse_label(at), strength=strength)
        game.units[side].append(unit)
        game.at[unit.cell] = unit


def start_turn(game: AggressorGame, side: str) -> None:
    """A) active side, B) observation, C) enemy partisan use (may wait for the enemy)."""
    game.phase = "turn"
    game.active = side
    for u in game.units[side]:
        u.start_cell = u.cell
        u.moved = 0
        u.entered = False
        u.halted = u.attacked = u.special_done = u.acted = u.frozen = False
    game.log.append(game.round, "turn", f"Round {game.round}: {side}'s turn", visible_to=ALL)
    game._observe(side)
    if game.partisans[rl.other(side)] > 0:
        game.phase = "partisans"
        return
    continue_turn(game)


def continue_turn(game: AggressorGame) -> None:
    """D) CBR hex effects, then E) the unit activity cycle."""
    game.phase = "turn"
    side = game.active
    for u in list(game.units[side]):
        if u.cell in game.cbr and not u.entered_last_turn:
            combat.step_loss(game, u, "CBR hex effects (TURN SEQUENCE D)")
    if game._outcome is None and not activity.options_left(game, side):
        game._end_turn(f"{side}'s turn ends: no unit has an option left")


def end_turn(game: AggressorGame, text: str) -> None:
    side = game.active
    game.log.append(game.round, "end-turn", text, visible_to=ALL)
    for u in game.units[side]:
        # MOVEMENT: a unit that does nothing digs in; TURN SEQUENCE C: a unit frozen by
        # partisans is not emplaced on the following turns.
        u.emplaced = not u.acted and not u.frozen
        u.entered_last_turn = u.entered
    game.turns_played += 1
    update_control(game)
    if check_victory(game, side):
        return
    if side != game.first_mover:
        if game.round >= game.scenario.max_rounds:
            time_up(game)
            return
        game.round += 1
    start_turn(game, rl.other(side))


def update_control(game: AggressorGame) -> None:
    """GAME OBJECT: the last occupying side controls a sector; a sector both sides occupy
    keeps its controller (docs/rulings/aggressor.md)."""
    present: list[set[str]] = [set() for _ in range(9)]
    for side in rl.SIDES:
        for u in game.units[side]:
            present[rl.sector_of(u.cell)].add(side)
    for s, sides in enumerate(present):
        if len(sides) == 1:
            (owner,) = sides
            if game.control[s] != owner:
                game.control[s] = owner
                game.log.append(
                    game.round,
                    "control",
                    f"{owner} takes control of sector {rl.SECTOR_NAMES[s]}",
                    visible_to=ALL,
                )


def sectors_won(game: AggressorGame, side: str) -> tuple[int, bool]:
    """How many sectors ``side`` controls, and whether it holds one in every column."""
    held = [s for s in range(9) if game.control[s] == side]
    columns = {rl.sector_column(s) for s in held}
    return len(held), len(columns) == 3


def check_victory(game: AggressorGame, side: str) -> bool:
    """F) at the end of ``side``'s turn: does its opponent control enough sectors? Also:
    a side with no units left loses (docs/rulings/aggressor.md)."""
    enemy = rl.other(side)
    n, all_columns = game.sectors_won(enemy)
    if n >= 5 and (game.aggressor != enemy or all_columns):
        role = " as the aggressor, with one in each column" if game.aggressor == enemy else ""
        game._finish(enemy, f"{enemy} controls {n} of the 9 sectors{role} (VICTORY)")
        return True
    for loser in (side, enemy):
        if not game.units[loser]:
            winner = rl.other(loser)
            if not game.units[winner]:
                game._finish(None, "both armies are eliminated")
            else:
                game._finish(winner, f"{loser} has no units left")
            return True
    return False


def time_up(game: AggressorGame) -> None:
    west, _ = game.sectors_won("west")
    east, _ = game.sectors_won("east")
    limit = game.scenario.max_rounds
    if west == east:
        game._finish(None, f"{limit} rounds played, {west} sectors each: no victory")
    else:
        winner = "west" if west > east else "east"
        game._finish(
            winner,
            f"{limit} rounds played without a victory; {winner} holds more sectors "
            f"({max(west, east)} to {min(west, east)})",
        )
