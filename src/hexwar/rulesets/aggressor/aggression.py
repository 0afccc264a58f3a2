"""When the computer becomes the aggressor: an estimate, from its view, of what declaring now
gives and costs (seed 003, GAME OBJECT and SPECIAL FUNCTIONS / Partisan Contact).

What the seed makes of the role:

* "The first side to attack in any manner a unit which is located on the enemy's side of the
  border is assigned the role of 'aggressor' ... This includes the launch of CBR missiles,
  even into an unoccupied hex in enemy territory." Declaring is the only way to hit the enemy
  units that stand on their own side of the border.
* "Becoming the aggressor carries with it one provision for winning the game: the minimum of
  5 sectors under the aggressor side's control must include at least one in each of the 3
  columns of sectors."
* "Partisan Contact cannot be attempted after the aggressor's side has been declared": the
  declaration ends contact for both sides; partisans already contacted stay usable, and each
  one used freezes the enemy's units within 3 hexes of a spot in the enemy's home territory
  (TURN SEQUENCE C), which is worth most when the two sides are fighting.
* After the round limit the side holding more sectors wins, declared or not
  (docs/rulings/aggressor.md): a side ahead in sectors wins by keeping the peace.

The estimate is counted in *steps* (one step = one point of Range or Strength, what a hit
takes; an Armor has 6). :func:`assess` adds up, from the view alone:

``strike``
    the enemy steps the side's first volley across the border takes now: for every unit still
    free to act, its best shot at an observed enemy unit on the enemy's side of the border --
    an attack from the next hex or Indirect Fire (hit chance x one step), a CBR missile
    within 8 hexes (hit chance at Strength 4 x all the target's steps: a hit eliminates), a
    Strike (hit chance x one step, less the airbase's anti-aircraft risk);
``reply`` (a cost)
    the side's steps the enemy's answering volley can take: each observed enemy unit's best
    shot at one of the side's units (its cover and digging in counted), and for each armed
    Missile and Airbase of the side beyond those it sees of the enemy's, a like enemy unit
    unseen, aimed at the side's most exposed unit in the front (it assumes the enemy's army is
    like its own);
``partisans``
    :data:`PARTISAN_WORTH` steps for each partisan the side holds (it keeps them for war);
``sectors``
    :data:`SECTOR_WORTH` steps per sector the enemy holds more than the side (negative when the
    side is ahead: the round limit gives it the game if it keeps the peace), growing with the
    share of the rounds played (x 1 at the start, x 3 at the limit);
``standoff``
    with the sectors level, the limit ends in no victory: :data:`STANDOFF` steps times the
    share of the rounds played doubled (at most 1), times ``0.5 + edge``, the edge being the
    side's lead in the front (the columns within :data:`FRONT` of the border): ``(own steps -
    observed enemy steps) / (their sum)`` there; never below 0. So a side that sees itself the
    stronger where it would strike breaks the standoff first, and one facing a massed enemy
    waits;
``column`` (a cost)
    :data:`COLUMN_COST` steps when the side holds no sector in the enemy's column of sectors
    (the aggressor's extra victory condition), nothing when it already does;
``contact`` (a cost)
    what the contact attempts given up are worth: for every unit of the side in enemy
    territory still free to seek partisans this turn, its chance (50% - 10% x Strength) times
    :data:`PARTISAN_WORTH`; half that for a unit that will be there next turn.

The side declares -- opens fire, strikes or launches across the border -- when the enemy
holds four sectors (one from victory), or when ``strike - reply + partisans + sectors +
standoff - column - contact`` reaches :data:`THRESHOLD`. It is re-assessed before every order,
so within a turn the units that can seek partisan contact try first and the volley follows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hexwar.core import exact
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.legal import Board

__all__ = [
    "COLUMN_COST",
    "PARTISAN_WORTH",
    "SECTOR_WORTH",
    "STANDOFF",
    "THRESHOLD",
    "Assessment",
    "assess",
    "enemy_steps",
]

# The tuning (in steps); benchmarks/aggressor_ai.py --self-play shows what it gives.
THRESHOLD = 3.0
PARTISAN_WORTH = 1.5  # one enemy turn of the ~3 units near the spot lost (TURN SEQUENCE C)
SECTOR_WORTH = 2.0
STANDOFF = 8.0
COLUMN_COST = 1.5
FRONT = 3  # columns either side of the border whose forces the standoff term weighs
MISSILE_RANGE = 8  # SPECIAL FUNCTIONS / CBR Missile Launch: "up to 8 hexes"


def enemy_strength(kind: str | None) -> int:
    """The Strength the computer assumes for an enemy unit it sees as ``kind`` (an
    unidentified or nuked unit: 2, the middle of the range)."""
    if kind is None or kind not in rl.UNIT_TYPES:
        return {"technical": 1}.get(kind or "", 2)
    return rl.UNIT_TYPES[kind].strength


def enemy_steps(kind: str | None) -> int:
    """The steps the computer assumes an enemy unit seen as ``kind`` has (its type's starting
    Range + Strength; 4 for an unidentified or nuked one)."""
    if kind is None or kind not in rl.UNIT_TYPES:
        return {"technical": 2}.get(kind or "", 4)
    t = rl.UNIT_TYPES[kind]
    return t.range + t.strength


@dataclass(frozen=True)
class Assessment:
    """The terms of the estimate (steps) and the verdict; see the module docstring."""

    strike: float
    reply: float
    partisans: float
    sectors: float
    standoff: float
    column: float
    contact: float
    enemy_one_from_victory: bool
    edge: float = 0.0  # the front's balance the standoff term weighs (-1 .. 1)

    @property
    def value(self) -> float:
        return (
            self.strike
            - self.reply
            + self.partisans
            + self.sectors
            + self.standoff
            - self.column
            - self.contact
        )

    @property
    def declare(self) -> bool:
        return self.enemy_one_from_victory or self.value >= THRESHOLD

    def reason(self) -> str:
        """The terms in one line (for the benchmark's and the tests' reports)."""
        if self.enemy_one_from_victory:
            return "the enemy holds four sectors"
        terms = (
            f"strike {self.strike:.1f} - reply {self.reply:.1f} + partisans "
            f"{self.partisans:.1f} + sectors {self.sectors:.1f} + standoff "
            f"{self.standoff:.1f} - column {self.column:.1f} - contact {self.contact:.1f} "
            f"= {self.value:.1f}"
        )
        return f"{terms} {'>=' if self.declare else '<'} {THRESHOLD:g}"


def _best_shot(u: Mapping[str, Any], cell: int, board: Board, side: str) -> float:
    """The enemy steps unit ``u`` can expect to take across the border with one order now."""
    if u["frozen"] or u["attacked"] or u["special_done"] or u["in_cbr"]:
        return 0.0
    kind = u["type"]
    best = 0.0
    for target, seen in board.enemy.items():
        if rl.territory(target) != rl.other(side):
            continue
        d = rl.DIST[cell][target]
        cover = {"rough": target in board.rough, "cbr": target in board.cbr}
        if kind == "missile" and not u["acted"] and d <= MISSILE_RANGE:
            p = rl.hit_chance(rl.MISSILE_ATTACK_STRENGTH, enemy_strength(seen), **cover)
            best = max(best, p * enemy_steps(seen))
        elif kind == "artillery" and not u["acted"] and d <= u["range"]:
            best = max(best, rl.hit_chance(u["strength"], enemy_strength(seen), **cover))
        elif kind == "airbase" and not u["acted"]:
            p = rl.hit_chance(u["strength"], enemy_strength(seen), **cover)
            best = max(best, p - rl.air_loss_chance(d, u["strength"]))
        elif d == 1 and kind != "airbase":
            best = max(best, rl.hit_chance(u["strength"], enemy_strength(seen), **cover))
    return best


def _shot_at(kind: str | None, d: int, u: Mapping[str, Any], cell: int, board: Board) -> float:
    """The steps an enemy unit seen as ``kind``, ``d`` hexes away, can expect to take from our
    unit ``u`` at ``cell`` with one order (its cover and digging-in counted: COMBAT)."""
    cover = {
        "rough": cell in board.rough,
        "cbr": cell in board.cbr,
        "emplaced": bool(u["emplaced"]),
    }
    if kind == "missile" and d <= MISSILE_RANGE:
        p = rl.hit_chance(rl.MISSILE_ATTACK_STRENGTH, u["strength"], **cover)
        return p * int(u["range"] + u["strength"])
    strength = enemy_strength(kind)
    if kind == "airbase" or (kind == "artillery" and d <= rl.UNIT_TYPES["artillery"].range):
        return rl.hit_chance(strength, u["strength"], **cover)
    if d == 1:
        return rl.hit_chance(strength, u["strength"], **cover)
    return 0.0


def _reply(board: Board) -> float:
    """The side's steps the enemy's answering volley can take: every
    observed enemy unit's best shot at one of our units, and, for each armed Missile or
    Airbase of ours beyond those of the enemy's in sight, a like one of the enemy's unseen
    aimed at our most exposed unit in the front (the computer assumes the enemy's army is
    like its own)."""
    total = 0.0
    for ecell, kind in board.enemy.items():
        total += max(
            (_shot_at(kind, rl.DIST[ecell][c], u, c, board) for c, u in board.own.items()),
            default=0.0,
        )
    front = [(c, u) for c, u in board.own.items() if _front(c)]
    seen = list(board.enemy.values())
    for kind in ("missile", "airbase"):
        hidden = sum(1 for u in board.own.values() if u["type"] == kind) - seen.count(kind)
        if hidden > 0 and front:
            best = max(_shot_at(kind, 0, u, c, board) for c, u in front)
            total += hidden * best
    return total


def _front(cell: int) -> bool:
    """Whether ``cell`` lies in the front: within :data:`FRONT` columns of the border."""
    return abs(cell // rl.ROWS - rl.BORDER_COLUMN) <= FRONT


def assess(view: Mapping[str, Any], board: Board | None = None) -> Assessment:
    """The estimate for the side whose ``view`` this is, no side being declared yet."""
    board = board or Board(view)
    side = view["side"]
    enemy = rl.other(side)
    control = list(view["control"].values())
    own = sum(1 for c in control if c == side)
    theirs = sum(1 for c in control if c == enemy)
    played = min(1.0, max(0.0, (int(view["round"]) - 1) / max(1, int(view["max_rounds"]))))

    strike = exact.sum_left(_best_shot(u, cell, board, side) for cell, u in board.own.items())
    reply = _reply(board)
    partisans = PARTISAN_WORTH * int(view["partisans"])
    sectors = SECTOR_WORTH * (theirs - own) * (1 + 2 * played)
    standoff = 0.0
    mine = sum(u["range"] + u["strength"] for c, u in board.own.items() if _front(c))
    seen = sum(enemy_steps(k) for c, k in board.enemy.items() if _front(c))
    edge = (mine - seen) / (mine + seen) if mine + seen else 0.0
    if own == theirs:
        standoff = max(0.0, STANDOFF * min(1.0, 2 * played) * (0.5 + edge))
    far = 2 if side == "west" else 0
    holds_far = any(control[s] == side for s in range(9) if rl.sector_column(s) == far)
    column = 0.0 if holds_far else COLUMN_COST
    contact = 0.0
    for cell, u in board.own.items():
        if rl.territory(cell) != enemy or u["in_cbr"]:
            continue
        chance = rl.partisan_chance(u["strength"])
        ready = not u["acted"] and rl.parse_label(u["start"]) == cell
        contact += chance * PARTISAN_WORTH * (1.0 if ready else 0.5)
    return Assessment(
        strike=strike,
        reply=reply,
        partisans=partisans,
        sectors=sectors,
        standoff=standoff,
        column=column,
        contact=contact,
        enemy_one_from_victory=theirs >= 4,
        edge=edge,
    )
