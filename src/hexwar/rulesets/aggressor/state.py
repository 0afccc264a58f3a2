"""The units of an Aggressor game and the legality tests shared by the game and its agents."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from hexwar.rulesets.aggressor.rules import UNIT_TYPES, movement_allowance

__all__ = ["Unit", "can_attack", "can_move", "can_special", "shown_type"]


@dataclass(slots=True)
class Unit:
    """One battalion. ``number`` is its place in its side's choice order (1..18)."""

    side: str
    number: int
    type: str
    cell: int
    range: int
    strength: int
    max_range: int
    max_strength: int
    missiles: bool = False  # a Missile unit that has not launched (SPECIAL FUNCTIONS)
    emplaced: bool = False  # dug in: did nothing in its last turn (MOVEMENT)
    # this turn (reset at the start of its side's turn)
    start_cell: int = -1
    moved: int = 0  # hexes moved (a range-0 attempt counts one, MOVEMENT)
    entered: bool = False  # actually moved into a hex this turn
    halted: bool = False  # zone of control, or a bump into an unseen unit
    attacked: bool = False
    special_done: bool = False
    acted: bool = False  # moved, attempted to move, attacked or performed a special function
    frozen: bool = False  # busy with partisans (TURN SEQUENCE C)
    # across turns
    entered_last_turn: bool = False  # TURN SEQUENCE D: "did not move into them on their last turn"
    seen_by_enemy: bool = False  # observed in the enemy's latest turn (COMBAT / Ambush)

    @classmethod
    def new(
        cls, side: str, number: int, type_: str, cell: int, *, strength: int | None = None
    ) -> Unit:
        """A unit as set up: the type's Range and Strength (``strength`` instead, if given:
        a scenario's ``strength`` table)."""
        t = UNIT_TYPES[type_]
        s = t.strength if strength is None else strength
        return cls(
            side,
            number,
            type_,
            cell,
            t.range,
            s,
            t.range,
            s,
            missiles=type_ == "missile",
            start_cell=cell,
        )

    @property
    def kind(self) -> str:
        """The type shown: a Missile unit without missiles is Technical (EXTRA TYPES)."""
        return "technical" if self.type == "missile" and not self.missiles else self.type

    @property
    def reduced(self) -> bool:
        return self.range < self.max_range or self.strength < self.max_strength

    @property
    def attack_strength(self) -> int:
        """Rated attack Strength (Partisan Contact): the missile attack value while armed."""
        return 4 if self.missiles else self.strength

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def can_move(
    range_: int, moved: int, halted: bool, special_done: bool, frozen: bool, rough: bool
) -> bool:
    """MOVEMENT: another hex if (range, halved up in rough) - hexes moved >= 1; a range-0 unit
    may attempt one move."""
    if frozen or halted or special_done:
        return False
    if range_ == 0:
        return moved == 0
    return movement_allowance(range_, rough) - moved >= 1


def can_attack(
    attacked: bool,
    special_done: bool,
    frozen: bool,
    in_cbr: bool,
    *,
    mobile: bool = False,
    movement_left: bool = True,
) -> bool:
    """COMBAT: once per turn, not after a special function, not from a CBR hex; with Mobile
    Attacks, only with a movement point left (OPTIONAL RULES)."""
    if frozen or attacked or special_done or in_cbr:
        return False
    return movement_left or not mobile


def can_special(acted: bool, frozen: bool, in_cbr: bool) -> bool:
    """SPECIAL FUNCTIONS: no other movement nor action this turn, not in a CBR hex."""
    return not (acted or frozen or in_cbr)


def shown_type(unit: Unit, identified: bool, in_cbr: bool) -> str | None:
    """What an enemy sees of ``unit``: its type if identified, ``nuked`` in a CBR hex (EXTRA
    TYPES: "type not revealed"), ``None`` (Unidentified) otherwise."""
    if not identified:
        return None
    return "nuked" if in_cbr else unit.kind
