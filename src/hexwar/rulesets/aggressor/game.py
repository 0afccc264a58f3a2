"""An Aggressor game on the hexwar protocol (seed 003_1698e9697f800457.txt).

Decisions: each side's set-up (unless the scenario carries a saved one), then alternating
turns. A turn is TURN SEQUENCE A-F: the active side's observation (B), the enemy's partisan
answer if it has partisans (C, a decision of the *enemy*), CBR effects (D), then one order per
key press of the unit activity cycle (E) until key 0 or no option is left, and the victory
check of the opponent (F).

Fog of war: each side keeps what it learnt at its own observation phase (and from recon and
combat during its turn); its view shows its own units and that knowledge only, and the events
it may see. Adjudication receipts (strengths, chances and rolls) are umpire-only events, since
they would reveal hidden strengths; the reports both sides see carry what the seed reports.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hexwar.core.errors import IllegalOrderError
from hexwar.core.events import ALL, Modifier, Receipt
from hexwar.core.game import Decision, Game
from hexwar.core.orders import Amendment
from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.amend import amend
from hexwar.rulesets.aggressor.legal import has_options
from hexwar.rulesets.aggressor.orders import PARTISAN_TARGET, AggressorOrder
from hexwar.rulesets.aggressor.render import draw_map
from hexwar.rulesets.aggressor.scenario import (
    ARMY_SIZE,
    AggressorScenario,
    Placement,
    setup_problems,
)
from hexwar.rulesets.aggressor.state import Unit, can_attack, can_move, can_special, shown_type

__all__ = ["AggressorGame"]

UMPIRE: frozenset[str] = frozenset()  # events only the umpire (full log) sees
_VERBS = {"ambush": "ambushes"}  # the forms of attack as verbs, where adding 's' will not do


class AggressorGame(Game[AggressorScenario, AggressorOrder]):
    """One game of Aggressor."""

    def __init__(self, ruleset: Any, scenario: AggressorScenario, **kw: Any) -> None:
        super().__init__(ruleset, scenario, **kw)
        self.opts = scenario.options
        self.rough = scenario.rough_cells()
        self.cbr: set[int] = set()
        self.units: dict[str, list[Unit]] = {s: [] for s in rl.SIDES}
        self.chosen: dict[str, list[str]] = {s: [] for s in rl.SIDES}  # types in choice order
        self.at: dict[int, Unit] = {}
        self.phase = "setup"
        self.setup_side = "west"
        self.round = 1
        self.active = "west"
        self.turns_played = 0
        self.aggressor: str | None = None
        self.partisans = dict.fromkeys(rl.SIDES, 0)
        self.control: list[str | None] = [
            "west" if rl.sector_column(s) == 0 else "east" if rl.sector_column(s) == 2 else None
            for s in range(9)
        ]
        # What each side knows of the enemy: cell -> shown type (None: unidentified).
        self.known: dict[str, dict[int, str | None]] = {s: {} for s in rl.SIDES}
        # Enemy units a side identified at its latest observation phase (carried one turn).
        self.identified: dict[str, set[tuple[str, int]]] = {s: set() for s in rl.SIDES}
        setup = scenario.setup
        if setup is not None:
            self.first_mover = setup.first_mover
            self.log.append(
                0, "setup", f"Saved set-up loaded; {self.first_mover} moves first", visible_to=ALL
            )
        elif scenario.first_mover != "random":
            self.first_mover = scenario.first_mover
            self.log.append(
                0, "first-mover", f"{self.first_mover} moves first (scenario)", visible_to=ALL
            )
        else:
            self.first_mover = rl.SIDES[self.dice.choice_index("first mover", 2)]
            self.log.append(
                0,
                "first-mover",
                f"{self.first_mover} moves first (drawn at set-up, TURN SEQUENCE A)",
                receipt=Receipt(rolls=self.dice.take(), result=self.first_mover),
                visible_to=ALL,
            )
        if setup is not None:
            for side in rl.SIDES:
                self._place(side, [(p.type, p.at) for p in getattr(setup, side)])
            self._start_turn(self.first_mover)

    # -- protocol hooks ------------------------------------------------------------------------

    def _awaiting(self) -> Decision:
        if self.phase == "setup":
            return Decision(self.step, frozenset({self.setup_side}), "set up your 18 units")
        if self.phase == "partisans":
            enemy = rl.other(self.active)
            return Decision(
                self.step,
                frozenset({enemy}),
                f"round {self.round}: {self.active} begins its turn; {enemy}, use partisans?",
            )
        return Decision(
            self.step, frozenset({self.active}), f"round {self.round}: {self.active} to act"
        )

    def _check(self, side: str, order: AggressorOrder) -> None:
        if self.phase == "setup":
            if order.kind != "setup":
                raise IllegalOrderError("set up your units first", rule="SET UP", order=order)
            self._check_setup(side, order)
            return
        if self.phase == "partisans":
            if order.kind != "partisans":
                raise IllegalOrderError(
                    "answer whether to use partisans ('partisans N')",
                    rule="TURN SEQUENCE C",
                    order=order,
                )
            if order.count > self.partisans[side]:
                raise IllegalOrderError(
                    f"you have {self.partisans[side]} partisans, not {order.count}",
                    rule="TURN SEQUENCE C",
                    order=order,
                )
            return
        if order.kind in {"setup", "partisans"}:
            raise IllegalOrderError(
                f"a {order.kind} order is not due now; it is {side}'s turn",
                rule="TURN SEQUENCE E",
                order=order,
            )
        if order.kind == "end":
            return
        unit = self._own_unit(side, order)
        if order.kind == "key":
            self._plan_key(unit, order)
        else:
            self._plan_special(unit, order)

    def _resolve(self, orders: Mapping[str, AggressorOrder]) -> None:
        ((side, order),) = orders.items()
        if order.kind == "setup":
            self._place(side, list(order.placements))
            self.log.append(0, "setup", f"{side} has set up its {ARMY_SIZE} units", visible_to=ALL)
            if side == "west":
                self.setup_side = "east"
            else:
                self._start_turn(self.first_mover)
            return
        if order.kind == "partisans":
            self._use_partisans(side, order.count)
            self._continue_turn()
            return
        if order.kind == "end":
            self._end_turn(f"{side} ends its turn")
            return
        unit = self._own_unit(side, order)
        if order.kind == "key":
            self._do_key(unit, order)
        else:
            self._do_special(unit, order)
        if self._outcome is None and not self._has_options(side):
            self._end_turn(f"{side}'s turn ends: no unit has an option left")

    def _amend(self, amendment: Amendment) -> None:
        amend(self, amendment)  # the umpire's changes: rulesets/aggressor/amend.py

    def _view(self, side: str) -> dict[str, Any]:
        enemy = rl.other(side)
        known = self.known[side]
        return {
            "side": side,
            "phase": self.phase,
            "round": self.round,
            "max_rounds": self.scenario.max_rounds,
            "active": self.active if self.phase != "setup" else self.setup_side,
            "first_mover": self.first_mover,
            "aggressor": self.aggressor,
            "options": self.opts.model_dump(mode="json"),
            "terrain": list(self.scenario.terrain),
            "cbr": sorted(rl.label(c) for c in self.cbr),
            "control": dict(zip(rl.SECTOR_NAMES, self.control, strict=True)),
            "partisans": self.partisans[side],
            "partisans_to_use": self.partisans[side]
            if self.phase == "partisans" and self.active == enemy
            else 0,
            "setup_due": self.phase == "setup" and self.setup_side == side,
            "units": [self._unit_view(u) for u in self.units[side]],
            "enemy": [{"at": rl.label(c), "type": t} for c, t in sorted(known.items())],
            "enemy_units_left": len(self.units[enemy]) if not self.opts.observation else None,
        }

    def _unit_view(self, u: Unit) -> dict[str, Any]:
        return {
            "number": u.number,
            "type": u.kind,
            "at": rl.label(u.cell),
            "range": u.range,
            "strength": u.strength,
            "max_range": u.max_range,
            "max_strength": u.max_strength,
            "start": rl.label(u.start_cell),
            "moved": u.moved,
            "halted": u.halted,
            "attacked": u.attacked,
            "special_done": u.special_done,
            "acted": u.acted,
            "frozen": u.frozen,
            "emplaced": u.emplaced,
            "in_cbr": u.cell in self.cbr,
        }

    def _state_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "setup_side": self.setup_side,
            "round": self.round,
            "active": self.active,
            "first_mover": self.first_mover,
            "turns_played": self.turns_played,
            "aggressor": self.aggressor,
            "partisans": self.partisans,
            "control": self.control,
            "cbr": sorted(self.cbr),
            "units": {s: [u.to_json() for u in us] for s, us in self.units.items()},
            "known": {s: sorted([c, t] for c, t in k.items()) for s, k in self.known.items()},
            "identified": {s: sorted(map(list, i)) for s, i in self.identified.items()},
        }

    def _summary(self) -> dict[str, Any]:
        """The umpire's account: every unit of each side (type, hex, Range and Strength), the
        units eliminated, the sectors each side holds, the aggressor and the CBR hexes."""
        sides: dict[str, Any] = {}
        for side in rl.SIDES:
            held = [n for n, c in zip(rl.SECTOR_NAMES, self.control, strict=True) if c == side]
            count, all_columns = self.sectors_won(side)
            alive = {u.number for u in self.units[side]}
            sides[side] = {
                "sectors_held": held,
                "sectors": count,
                "one_in_each_column": all_columns,
                "partisans": self.partisans[side],
                "units": [
                    {
                        "number": u.number,
                        "type": u.kind,
                        "hex": rl.label(u.cell),
                        "range": u.range,
                        "strength": u.strength,
                        "max_range": u.max_range,
                        "max_strength": u.max_strength,
                        "emplaced": u.emplaced,
                        "in_cbr": u.cell in self.cbr,
                    }
                    for u in self.units[side]
                ],
                "eliminated": [
                    {"number": n, "type": t}
                    for n, t in enumerate(self.chosen[side], 1)
                    if n not in alive
                ],
            }
        return {
            "round": self.round,
            "turns_played": self.turns_played,
            "first_mover": self.first_mover,
            "aggressor": self.aggressor,
            "control": dict(zip(rl.SECTOR_NAMES, self.control, strict=True)),
            "cbr": sorted(rl.label(c) for c in self.cbr),
            "sides": sides,
        }

    def _report_sections(self) -> list[tuple[str, str]]:
        """The designer's report: the sectors, every unit at the end, the umpire's map."""
        summary = self._summary()
        rows = [f"{'':12}{'west column':<14}{'centre':<14}east column"]
        for r, row_name in enumerate(("north", "middle", "south")):
            cells = []
            for c in range(3):
                name = rl.SECTOR_NAMES[c * 3 + r]
                cells.append(f"{name:<3}{summary['control'][name] or '-':<11}")
            rows.append((f"  {row_name:<10}" + "".join(cells)).rstrip())
        rows.append("")
        for side, data in summary["sides"].items():
            columns = ", one in each column" if data["one_in_each_column"] else ""
            rows.append(f"{side} holds {data['sectors']} of the 9 sectors{columns}")
        rows.append(f"aggressor: {summary['aggressor'] or 'none declared'}")
        rows.append(f"CBR hexes: {', '.join(summary['cbr']) or 'none'}")
        units: list[str] = []
        for side, data in summary["sides"].items():
            units.append(
                f"{side}: {len(data['units'])} units left, {len(data['eliminated'])} eliminated, "
                f"{data['partisans']} partisans"
            )
            for u in data["units"]:
                flags = ("  dug in" if u["emplaced"] else "") + ("  in CBR" if u["in_cbr"] else "")
                units.append(
                    f"  unit {u['number']:>2} {u['type']:<10} {u['hex']}  range "
                    f"{u['range']}/{u['max_range']}  strength {u['strength']}/"
                    f"{u['max_strength']}{flags}"
                )
            if data["eliminated"]:
                units.append(
                    "  eliminated: "
                    + ", ".join(f"{e['number']} {e['type']}" for e in data["eliminated"])
                )
        board = draw_map(
            self.scenario.terrain,
            self.cbr,
            {u.cell: u.kind for u in self.units["west"]},
            {u.cell: u.kind for u in self.units["east"]},
        )
        legend = "West in capitals, East in lower case (every unit shown, identified)."
        return [
            ("Sectors", "\n".join(rows)),
            ("Units at the end", "\n".join(units)),
            ("The map at the end", "\n".join([*board, "", legend])),
        ]

    # -- set-up --------------------------------------------------------------------------------

    def _check_setup(self, side: str, order: AggressorOrder) -> None:
        placements = tuple(Placement(type=t, at=at) for t, at in order.placements)
        problems = setup_problems(side, placements)
        if problems:
            path, message = problems[0]
            where = f"unit {int(path[0]) + 1}: " if path else ""
            raise IllegalOrderError(f"{where}{message}", rule="SET UP", order=order)

    def _place(self, side: str, placements: list[tuple[str, str]]) -> None:
        self.chosen[side] = [type_ for type_, _ in placements]
        for number, (type_, at) in enumerate(placements, 1):
            strength = self.scenario.strength.get(side, {}).get(type_)  # type: ignore[call-overload]
            unit = Unit.new(side, number, type_, rl.parse_label(at), strength=strength)
            self.units[side].append(unit)
            self.at[unit.cell] = unit

    # -- turn sequence -------------------------------------------------------------------------

    def _start_turn(self, side: str) -> None:
        """A) active side, B) observation, C) enemy partisan use (may wait for the enemy)."""
        self.phase = "turn"
        self.active = side
        for u in self.units[side]:
            u.start_cell = u.cell
            u.moved = 0
            u.entered = False
            u.halted = u.attacked = u.special_done = u.acted = u.frozen = False
        self.log.append(self.round, "turn", f"Round {self.round}: {side}'s turn", visible_to=ALL)
        self._observe(side)
        if self.partisans[rl.other(side)] > 0:
            self.phase = "partisans"
            return
        self._continue_turn()

    def _continue_turn(self) -> None:
        """D) CBR hex effects, then E) the unit activity cycle."""
        self.phase = "turn"
        side = self.active
        for u in list(self.units[side]):
            if u.cell in self.cbr and not u.entered_last_turn:
                self._step_loss(u, "CBR hex effects (TURN SEQUENCE D)")
        if self._outcome is None and not self._has_options(side):
            self._end_turn(f"{side}'s turn ends: no unit has an option left")

    def _end_turn(self, text: str) -> None:
        side = self.active
        self.log.append(self.round, "end-turn", text, visible_to=ALL)
        for u in self.units[side]:
            # MOVEMENT: a unit that does nothing digs in; TURN SEQUENCE C: a unit frozen by
            # partisans is not emplaced on the following turns.
            u.emplaced = not u.acted and not u.frozen
            u.entered_last_turn = u.entered
        self.turns_played += 1
        self._update_control()
        if self._check_victory(side):
            return
        if side != self.first_mover:
            if self.round >= self.scenario.max_rounds:
                self._time_up()
                return
            self.round += 1
        self._start_turn(rl.other(side))

    def _update_control(self) -> None:
        """GAME OBJECT: the last occupying side controls a sector; a sector both sides occupy
        keeps its controller (docs/rulings/aggressor.md)."""
        present: list[set[str]] = [set() for _ in range(9)]
        for side in rl.SIDES:
            for u in self.units[side]:
                present[rl.sector_of(u.cell)].add(side)
        for s, sides in enumerate(present):
            if len(sides) == 1:
                (owner,) = sides
                if self.control[s] != owner:
                    self.control[s] = owner
                    self.log.append(
                        self.round,
                        "control",
                        f"{owner} takes control of sector {rl.SECTOR_NAMES[s]}",
                        visible_to=ALL,
                    )

    def sectors_won(self, side: str) -> tuple[int, bool]:
        """How many sectors ``side`` controls, and whether it holds one in every column."""
        held = [s for s in range(9) if self.control[s] == side]
        columns = {rl.sector_column(s) for s in held}
        return len(held), len(columns) == 3

    def _check_victory(self, side: str) -> bool:
        """F) at the end of ``side``'s turn: does its opponent control enough sectors? Also:
        a side with no units left loses (docs/rulings/aggressor.md)."""
        enemy = rl.other(side)
        n, all_columns = self.sectors_won(enemy)
        if n >= 5 and (self.aggressor != enemy or all_columns):
            role = " as the aggressor, with one in each column" if self.aggressor == enemy else ""
            self._finish(enemy, f"{enemy} controls {n} of the 9 sectors{role} (VICTORY)")
            return True
        for loser in (side, enemy):
            if not self.units[loser]:
                winner = rl.other(loser)
                if not self.units[winner]:
                    self._finish(None, "both armies are eliminated")
                else:
                    self._finish(winner, f"{loser} has no units left")
                return True
        return False

    def _time_up(self) -> None:
        west, _ = self.sectors_won("west")
        east, _ = self.sectors_won("east")
        limit = self.scenario.max_rounds
        if west == east:
            self._finish(None, f"{limit} rounds played, {west} sectors each: no victory")
        else:
            winner = "west" if west > east else "east"
            self._finish(
                winner,
                f"{limit} rounds played without a victory; {winner} holds more sectors "
                f"({max(west, east)} to {min(west, east)})",
            )

    # -- B) observation ------------------------------------------------------------------------

    def _observe(self, side: str) -> None:
        """OBSERVATION: range = current range; identification criteria; an identified unit is
        carried into the next turn; unidentified ones must be reacquired."""
        enemy = rl.other(side)
        own = self.units[side]
        known: dict[int, str | None] = {}
        now_identified: set[tuple[str, int]] = set()
        carried = self.identified[side]
        for e in self.units[enemy]:
            e_cbr = e.cell in self.cbr
            if not self.opts.observation:
                known[e.cell] = shown_type(e, True, e_cbr)
                e.seen_by_enemy = True
                continue
            observed = identified = False
            e_clear = e.cell not in self.rough
            for o in own:
                d = rl.DIST[o.cell][e.cell]
                if d > o.range:
                    continue
                observed = True
                if self._identifies(o, e, d, e_clear):
                    identified = True
                    break
            key = (enemy, e.number)
            e.seen_by_enemy = observed or key in carried
            if identified:
                now_identified.add(key)
            if observed or key in carried:
                known[e.cell] = shown_type(e, identified or key in carried, e_cbr)
        self.known[side] = known
        self.identified[side] = now_identified
        n_id = sum(1 for t in known.values() if t is not None)
        self.log.append(
            self.round,
            "observation",
            f"{side} observes {len(known)} enemy units ({n_id} identified)",
            visible_to=side,
            data={"observed": len(known), "identified": n_id},
        )

    def _identifies(self, o: Unit, e: Unit, d: int, e_clear: bool) -> bool:
        """OBSERVATION, criteria for identification, read as: the observer is not in a CBR hex,
        and (it is dug in, or the observed unit is not emplaced and in clear terrain, or the
        distance is at most Range/2 rounded up) (docs/rulings/aggressor.md)."""
        if o.cell in self.cbr:
            return False
        return o.emplaced or (not e.emplaced and e_clear) or d <= (o.range + 1) // 2

    # -- C) partisans --------------------------------------------------------------------------

    def _use_partisans(self, user: str, count: int) -> None:
        """TURN SEQUENCE C: a random spot in the acting side's territory per partisan used;
        the acting units within 3 hexes of it are frozen for this turn."""
        acting = self.active
        if count == 0:
            self.log.append(self.round, "partisans", f"{user} holds its partisans", visible_to=user)
            return
        home = [c for c in range(rl.NCELLS) if rl.territory(c) == acting]
        for _ in range(count):
            spot = home[self.dice.choice_index("partisan activity spot", len(home))]
            rolls = self.dice.take()
            self.partisans[user] -= 1
            frozen = [
                u for u in self.units[acting] if rl.DIST[u.cell][spot] <= self.opts.partisan_radius
            ]
            for u in frozen:
                u.frozen = True
            names = ", ".join(f"{u.number} {u.kind}" for u in frozen) or "none"
            self.log.append(
                self.round,
                "partisans",
                f"Partisan activity at {rl.label(spot)}: {acting} units busy this turn: {names}",
                visible_to=acting,
            )
            self.log.append(
                self.round,
                "partisans",
                f"{user} partisans strike at {rl.label(spot)}",
                visible_to=user,
                receipt=Receipt(inputs={"radius": self.opts.partisan_radius}, rolls=rolls),
            )

    # -- E) orders: checks ---------------------------------------------------------------------

    def _own_unit(self, side: str, order: AggressorOrder) -> Unit:
        numbers = {u.number: u for u in self.units[side]}
        unit = numbers.get(order.unit)
        if unit is None:
            raise IllegalOrderError(
                f"{side} has no unit {order.unit} (eliminated or never chosen)",
                rule="UNIT TYPES",
                order=order,
            )
        if unit.frozen:
            raise IllegalOrderError(
                f"unit {unit.number} is busy suppressing partisans this turn",
                rule="TURN SEQUENCE C",
                order=order,
            )
        return unit

    def _may_attack(self, unit: Unit) -> bool:
        return can_attack(
            unit.attacked,
            unit.special_done,
            unit.frozen,
            unit.cell in self.cbr,
            mobile=self.opts.mobile_attacks,
            movement_left=self._may_move(unit),
        )

    def _may_move(self, unit: Unit) -> bool:
        return can_move(
            unit.range,
            unit.moved,
            unit.halted,
            unit.special_done,
            unit.frozen,
            unit.cell in self.rough,
        )

    def _plan_key(self, unit: Unit, order: AggressorOrder) -> str:
        """What key ``order.key`` does for ``unit`` as its side sees the map: 'attack',
        'supply' or 'move'; IllegalOrderError if it can do none of them."""
        side = unit.side
        target = rl.NEIGHBOURS[unit.cell][order.key - 1]
        if target < 0:
            raise IllegalOrderError(
                f"unit {unit.number} at {rl.label(unit.cell)}: key {order.key} leads off the map",
                rule="MAP BOARD",
                order=order,
            )
        occupant = self.at.get(target)
        if occupant is not None and occupant.side == side:
            if occupant.type != "support":
                raise IllegalOrderError(
                    f"{rl.label(target)} holds your unit {occupant.number}; no stacking",
                    rule="MOVEMENT",
                    order=order,
                )
            self._check_special(unit, order)
            if not unit.reduced:
                raise IllegalOrderError(
                    f"unit {unit.number} is at full Range and Strength: no supply needed",
                    rule="SPECIAL FUNCTIONS / Supply Request",
                    order=order,
                )
            return "supply"
        if target in self.known[side]:
            if not self._may_attack(unit):
                raise IllegalOrderError(
                    f"unit {unit.number} may not attack now (once per turn, not after a special "
                    f"function, not from a CBR hex"
                    + (", and with a movement point left)" if self.opts.mobile_attacks else ")"),
                    rule="COMBAT",
                    order=order,
                )
            return "attack"
        if not self._may_move(unit):
            raise IllegalOrderError(
                f"unit {unit.number} cannot move another hex this turn",
                rule="MOVEMENT",
                order=order,
            )
        return "move"

    def _check_special(self, unit: Unit, order: AggressorOrder) -> None:
        if not can_special(unit.acted, unit.frozen, unit.cell in self.cbr):
            why = "it is in a CBR hex" if unit.cell in self.cbr else "it has already acted"
            raise IllegalOrderError(
                f"unit {unit.number} may not perform a special function: {why}",
                rule="SPECIAL FUNCTIONS",
                order=order,
            )

    def _plan_special(self, unit: Unit, order: AggressorOrder) -> str:
        """Which special function ``order`` asks of ``unit``; IllegalOrderError if none."""
        self._check_special(unit, order)
        side = unit.side

        def refuse(message: str, rule: str) -> IllegalOrderError:
            return IllegalOrderError(
                f"unit {unit.number} ({unit.kind}): {message}",
                rule=f"SPECIAL FUNCTIONS / {rule}",
                order=order,
            )

        if order.target == PARTISAN_TARGET:
            if self.aggressor is not None:
                raise refuse("no partisan contact after an aggressor is declared", "Partisans")
            if rl.territory(unit.start_cell) != rl.other(side):
                raise refuse("partisan contact needs a turn begun in enemy territory", "Partisans")
            return "partisan"
        target = rl.parse_label(order.target)
        if target == unit.cell:
            if unit.type not in {"infantry", "support"}:
                raise refuse("only Infantry and Support units take Replacement", "Replacement")
            if not unit.reduced:
                raise refuse("already at full Range and Strength", "Replacement")
            return "replacement"
        occupant = self.at.get(target)
        if occupant is not None and occupant.side == side and unit.type != "missile":
            raise refuse(f"{order.target} holds your own unit {occupant.number}", "targets")
        if unit.type == "airbase":
            mission = order.mission or ("strike" if target in self.known[side] else "recon")
            if mission == "strike" and target not in self.known[side]:
                raise refuse(
                    f"a Strike attacks 'the enemy unit at the target coordinates': you observe "
                    f"no enemy unit at {order.target} (fly a recon mission to look)",
                    "Recon/Strike Air Mission",
                )
            return mission
        if unit.type == "missile":
            if not unit.missiles:
                raise refuse("its missiles are already launched (Technical)", "CBR Missile Launch")
            d = rl.DIST[unit.cell][target]
            if d > rl.MISSILE_RANGE:
                raise refuse(f"{order.target} is {d} hexes away; missiles reach 8", "CBR Launch")
            return "launch"
        if unit.type == "artillery":
            d = rl.DIST[unit.cell][target]
            if d > unit.range:
                raise refuse(
                    f"{order.target} is {d} hexes away, beyond its Range {unit.range}",
                    "Indirect Fire",
                )
            if target not in self.known[side]:
                raise refuse(
                    f"Indirect Fire 'may be directed against an enemy target': you observe no "
                    f"enemy unit at {order.target}",
                    "Indirect Fire",
                )
            return "fire"
        raise refuse(f"no special function aims at {order.target}", "types")

    def _has_options(self, side: str) -> bool:
        """Whether any unit can still do something (TURN SEQUENCE E: the turn ends by itself
        when none can). Judged from the side's own view, so it leaks nothing."""
        return has_options(self._view(side))

    # -- E) orders: resolution -----------------------------------------------------------------

    def _do_key(self, unit: Unit, order: AggressorOrder) -> None:
        plan = self._plan_key(unit, order)
        target = rl.NEIGHBOURS[unit.cell][order.key - 1]
        if plan == "supply":
            self._supply(unit, self.at[target])
        elif plan == "attack":
            self._attack(unit, self.at[target], "ground")
        else:
            self._move(unit, target)

    def _do_special(self, unit: Unit, order: AggressorOrder) -> None:
        plan = self._plan_special(unit, order)
        unit.special_done = unit.acted = True
        if plan == "partisan":
            self._partisan_contact(unit)
            return
        target = rl.parse_label(order.target)
        match plan:
            case "replacement":
                self._replacement(unit)
            case "recon":
                self._recon(unit, target)
            case "strike":
                self._strike(unit, target)
            case "launch":
                self._launch(unit, target)
            case "fire":
                self._indirect_fire(unit, target)

    def _report(self, text: str, side: str | None = None, **data: Any) -> None:
        self.log.append(
            self.round,
            data.pop("kind", "report"),
            text,
            visible_to="*" if side is None else side,
            data=data,
        )

    def _receipt(self, kind: str, text: str, receipt: Receipt) -> None:
        self.log.append(self.round, kind, text, visible_to=UMPIRE, receipt=receipt)

    def _step_loss(self, unit: Unit, cause: str) -> None:
        """A step loss (COMBAT): Range first, then Strength; Strength 0 eliminates."""
        unit.range, unit.strength = rl.step_loss(unit.range, unit.strength)
        self._report(
            f"{unit.side} unit {unit.number} ({unit.kind}) at {rl.label(unit.cell)} takes a step "
            f"loss ({cause}): now range {unit.range}, strength {unit.strength}",
            unit.side,
            kind="step-loss",
        )
        if unit.strength <= 0:
            self._eliminate(unit)

    def _eliminate(self, unit: Unit, *, public: bool = False) -> None:
        """COMBAT: 'removed from the map and irretrievably eliminated'. Both sides hear of it
        when the enemy knew the unit or ``public`` (a hit both sides were told of); otherwise
        only its owner (docs/rulings/aggressor.md)."""
        self.units[unit.side].remove(unit)
        del self.at[unit.cell]
        enemy = rl.other(unit.side)
        known = unit.cell in self.known[enemy]
        self.known[enemy].pop(unit.cell, None)
        self.identified[enemy].discard((unit.side, unit.number))
        self._report(
            f"The unit at {rl.label(unit.cell)} is eliminated",
            None if known or public else unit.side,
            kind="eliminated",
        )

    def _move(self, unit: Unit, target: int) -> None:
        """MOVEMENT: one hex; range-0 units' 50% attempt; a bump into an unseen unit; the zone
        of control halt; CBR entry step loss."""
        side = unit.side
        occupant = self.at.get(target)
        if occupant is not None:  # an enemy unit the side did not know about
            self.known[side][target] = None
            if self._may_attack(unit):
                self._report(
                    f"unit {unit.number} runs into an unseen unit at {rl.label(target)}",
                    side,
                    kind="contact",
                )
                self._attack(unit, occupant, "ground")
            else:
                unit.halted = unit.acted = True
                self._report(
                    f"unit {unit.number} runs into an unseen unit at {rl.label(target)} and halts",
                    side,
                    kind="contact",
                )
            return
        unit.acted = True
        if unit.range == 0:
            unit.moved = 1
            ok = self.dice.chance("range-0 move attempt", 0.5)
            self._receipt(
                "move-attempt",
                f"{side} unit {unit.number}: range-0 move attempt",
                Receipt(table="MOVEMENT: 50%", rolls=self.dice.take(), result=ok),
            )
            if not ok:
                self._report(f"unit {unit.number}: Immobile this turn", side, kind="immobile")
                return
        else:
            unit.moved += 1
        enemy = rl.other(side)
        source = unit.cell
        del self.at[source]
        unit.cell = target
        self.at[target] = unit
        unit.entered = True
        self._report(
            f"unit {unit.number} moves {rl.label(source)} -> {rl.label(target)}", side, kind="move"
        )
        zoc = [
            e
            for e in self.units[enemy]
            if rl.DIST[e.cell][source] == 1 and rl.DIST[e.cell][target] == 1
        ]
        if zoc:
            unit.halted = True
            self._report(
                f"unit {unit.number} shifts around an enemy unit and halts (zone of control)",
                side,
                kind="zoc",
            )
        if target in self.cbr:
            self._step_loss(unit, "entered a CBR hex")

    def _declare_aggressor(self, side: str, target: int, why: str) -> None:
        """GAME OBJECT: the first side to attack on the enemy's side of the border."""
        if self.aggressor is None and rl.territory(target) == rl.other(side):
            self.aggressor = side
            self._report(
                f"{side} {why} across the border at {rl.label(target)}: {side} is the "
                "AGGRESSOR for the rest of the game",
                kind="aggressor",
            )

    def _resolve_hit(self, label: str, p: float) -> tuple[bool, int | float]:
        """One attack roll: a uniform draw against ``p``, or with the die factor a d10 that
        hits on at most 10 p spots and always on a 1."""
        if self.opts.die_factor:
            roll = self.dice.die(label, 10)
            return roll == 1 or roll <= rl.die_hit_chance(p) * 10 + 1e-9, roll
        return self.dice.chance(label, p), 0

    def _attack(self, attacker: Unit, defender: Unit, how: str) -> None:
        """COMBAT: a normal attack, an Assault or an Ambush."""
        side = attacker.side
        self._declare_aggressor(side, defender.cell, "attacks")
        attacker.attacked = attacker.acted = True
        ambush = attacker.moved == 0 and not attacker.seen_by_enemy
        if self.opts.mobile_attacks:
            attacker.moved += 1  # OPTIONAL RULES / Mobile Attacks: the attack uses a point
            assault = rl.DIST[attacker.start_cell][defender.cell] > 1
        else:
            assault = rl.DIST[attacker.start_cell][attacker.cell] > 1
        ambush = ambush and not assault
        form = "assault" if assault else "ambush" if ambush else "attack"
        d_cell = defender.cell
        rough = d_cell in self.rough
        cbr = d_cell in self.cbr
        d_strength = defender.strength  # before the attack, for the receipt
        p = rl.hit_chance(
            attacker.strength, d_strength, rough=rough, cbr=cbr, emplaced=defender.emplaced
        )
        results: list[str] = []
        if assault:
            hit = self.dice.chance("assault", 0.5)
            results.append("hit" if hit else "miss")
            if hit:
                defender.strength -= 1
        else:
            for n in range(2 if ambush else 1):
                hit, _ = self._resolve_hit(f"attack {n + 1}", p)
                results.append("hit" if hit else "miss")
                if hit:
                    defender.range, defender.strength = rl.step_loss(
                        defender.range, defender.strength
                    )
                if defender.strength <= 0:
                    break
        self._receipt(
            "combat",
            f"{side} {attacker.kind} {form} on {rl.label(d_cell)}",
            Receipt(
                inputs={
                    "attacker_strength": attacker.strength,
                    "defender_strength": d_strength,
                    "form": form,
                },
                table="COMBAT: 50% + 10% x (A - D)",
                modifiers=tuple(
                    m
                    for m, on in (
                        (Modifier("rough or CBR defender", "-10%"), rough or cbr),
                        (Modifier("emplaced defender", "-10%"), defender.emplaced),
                    )
                    if on
                ),
                rolls=self.dice.take(),
                result={"chance": 0.5 if assault else p, "results": results},
            ),
        )
        self._combat_report(side, attacker.kind, defender, form, results)
        if (
            self.opts.mobile_attacks
            and defender.strength <= 0
            and how == "ground"
            and attacker.strength > 0
        ):
            self._eliminate(defender)
            self._advance_into(attacker, d_cell)
        elif defender.strength <= 0:
            self._eliminate(defender)

    def _combat_report(
        self, side: str, kind: str, defender: Unit, form: str, results: list[str]
    ) -> None:
        """COMBAT: the attacker's type, the defender's hex, the form and the result go to both
        sides, with {DEF} if the defender is emplaced."""
        dfn = " {DEF}" if defender.emplaced else ""
        self._report(
            f"{side} {kind} {_VERBS.get(form, form + 's')} {rl.label(defender.cell)}{dfn}: "
            f"{', '.join(results)}",
            kind="combat",
            attacker_side=side,
            attacker_type=kind,
            target=rl.label(defender.cell),
            form=form,
            results=results,
            emplaced=defender.emplaced,
        )

    def _advance_into(self, unit: Unit, cell: int) -> None:
        """Mobile Attacks: "If any atkd tgt is destroyed, the attacking unit must be moved into
        its place"."""
        del self.at[unit.cell]
        unit.cell = cell
        self.at[cell] = unit
        unit.entered = True
        self._report(f"unit {unit.number} advances into {rl.label(cell)}", unit.side, kind="move")
        if cell in self.cbr:
            self._step_loss(unit, "entered a CBR hex")

    def _supply(self, unit: Unit, support: Unit) -> None:
        """SPECIAL FUNCTIONS / Supply Request: the Support unit takes a step loss; the supplied
        unit gains Strength if below maximum, else Range."""
        unit.special_done = unit.acted = True
        gained = self._increment(unit)
        self._report(
            f"unit {unit.number} draws supply from support unit {support.number}: {gained} +1",
            unit.side,
            kind="supply",
        )
        self._step_loss(support, "gave supply")

    @staticmethod
    def _increment(unit: Unit) -> str:
        if unit.strength < unit.max_strength:
            unit.strength += 1
            return "strength"
        unit.range += 1
        return "range"

    def _partisan_contact(self, unit: Unit) -> None:
        """SPECIAL FUNCTIONS / Partisan Contact: 50% - 10% x rated attack Strength."""
        p = rl.partisan_chance(unit.attack_strength)
        ok = self.dice.chance("partisan contact", p)
        receipt = Receipt(
            inputs={"attack_strength": unit.attack_strength},
            table="50% - 10% x Strength",
            rolls=self.dice.take(),
            result=ok,
        )
        if ok:
            self.partisans[unit.side] += 1
        self.log.append(
            self.round,
            "partisan-contact",
            f"unit {unit.number} seeks partisans: "
            + (f"contact made ({self.partisans[unit.side]} available)" if ok else "no contact"),
            visible_to=unit.side,
            receipt=receipt,
        )

    def _replacement(self, unit: Unit) -> None:
        """SPECIAL FUNCTIONS / Replacement: 60% at home, 40% in enemy territory."""
        home = rl.territory(unit.cell) == unit.side
        p = rl.replacement_chance(home)
        ok = self.dice.chance("replacement", p)
        receipt = Receipt(inputs={"home_territory": home}, rolls=self.dice.take(), result=ok)
        gained = self._increment(unit) if ok else ""
        self.log.append(
            self.round,
            "replacement",
            f"unit {unit.number} seeks replacements: " + (f"{gained} +1" if ok else "none arrive"),
            visible_to=unit.side,
            receipt=receipt,
        )

    def _air_loss(self, base: Unit, target: int, strike: bool) -> None:
        """SPECIAL FUNCTIONS / Recon-Strike: the chance of a step loss after the mission."""
        d = rl.DIST[base.cell][target]
        if self.opts.air_loss == "dice":
            sides = self.opts.air_loss_die
            threshold = rl.air_loss_threshold(d, base.strength, strike)
            a = self.dice.die("anti-aircraft die 1", sides)
            b = self.dice.die("anti-aircraft die 2", sides)
            lost = a + b <= threshold
            table = f"2d{sides} <= (distance{' + Strength' if strike else ''}) / 2 = {threshold}"
        else:
            lost = self.dice.chance("anti-aircraft", rl.air_loss_chance(d, base.strength))
            table = "distance / 28 / Strength"
        self._receipt(
            "air-loss",
            f"{base.side} airbase {base.number}: anti-aircraft",
            Receipt(
                inputs={"distance": d, "strength": base.strength},
                table=table,
                rolls=self.dice.take(),
                result=lost,
            ),
        )
        if lost:
            self._step_loss(base, "anti-aircraft measures")

    def _recon(self, base: Unit, target: int) -> None:
        """Recon: unobserved enemy units on the traced line are revealed as unidentified."""
        side = base.side
        found = 0
        for c in rl.line_cells(base.cell, target):
            u = self.at.get(c)
            if u is not None and u.side != side and c not in self.known[side]:
                self.known[side][c] = None
                u.seen_by_enemy = True
                found += 1
        self._report(
            f"airbase {base.number} flies recon to {rl.label(target)}: {found} unit(s) found",
            side,
            kind="recon",
        )
        self._air_loss(base, target, strike=False)

    def _strike(self, base: Unit, target: int) -> None:
        """Strike: the unit at the target is attacked with the airbase's current Strength."""
        self._fire(base, target, base.strength, "strike")
        if base.strength > 0 and base in self.units[base.side]:
            self._air_loss(base, target, strike=True)

    def _indirect_fire(self, gun: Unit, target: int) -> None:
        """Indirect Fire: an attack with the artillery's current Strength out to its Range."""
        self._fire(gun, target, gun.strength, "indirect fire")

    def _fire(self, shooter: Unit, target: int, strength: int, form: str) -> None:
        side = shooter.side
        defender = self.at.get(target)
        if defender is None or defender.side == side:
            self._report(
                f"{side} {shooter.kind} {form} at {rl.label(target)}: no target there",
                side,
                kind="combat",
            )
            return
        self._declare_aggressor(side, target, f"opens {form}")
        rough, cbr = target in self.rough, target in self.cbr
        p = rl.hit_chance(
            strength, defender.strength, rough=rough, cbr=cbr, emplaced=defender.emplaced
        )
        hit, _ = self._resolve_hit(form, p)
        self._receipt(
            "combat",
            f"{side} {shooter.kind} {form} on {rl.label(target)}",
            Receipt(
                inputs={"attacker_strength": strength, "defender_strength": defender.strength},
                table="COMBAT: 50% + 10% x (A - D)",
                rolls=self.dice.take(),
                result={"chance": p, "hit": hit},
            ),
        )
        if hit:
            defender.range, defender.strength = rl.step_loss(defender.range, defender.strength)
        self.known[side].setdefault(target, None)
        self._combat_report(side, shooter.kind, defender, form, ["hit" if hit else "miss"])
        if defender.strength <= 0:
            self._eliminate(defender)

    def _launch(self, launcher: Unit, target: int) -> None:
        """CBR Missile Launch: implied Strength 4, a hit eliminates, the hex turns CBR, the
        launcher becomes Technical; a survivor is hit by the CBR hex at the start of its turn
        (the timing note)."""
        side = launcher.side
        launcher.missiles = False
        self._declare_aggressor(side, target, "launches CBR missiles")
        defender = self.at.get(target)
        was_cbr = target in self.cbr
        self.cbr.add(target)
        text = f"{side} launches CBR missiles at {rl.label(target)}"
        if defender is None:
            self._report(f"{text}: the hex is contaminated", kind="cbr")
            return
        p = rl.hit_chance(
            rl.MISSILE_ATTACK_STRENGTH,
            defender.strength,
            rough=target in self.rough,
            cbr=was_cbr,
            emplaced=defender.emplaced,
        )
        hit, _ = self._resolve_hit("missile", p)
        self._receipt(
            "combat",
            text,
            Receipt(
                inputs={"attacker_strength": 4, "defender_strength": defender.strength},
                table="COMBAT: 50% + 10% x (A - D)",
                rolls=self.dice.take(),
                result={"chance": p, "hit": hit},
            ),
        )
        self._report(
            f"{text}: {'hit' if hit else 'miss'}; the hex is contaminated",
            kind="cbr",
            target=rl.label(target),
            results=["hit" if hit else "miss"],
        )
        if hit:
            self._eliminate(defender, public=True)
        else:
            defender.entered_last_turn = False
            if defender.side == side:
                defender.entered = False
