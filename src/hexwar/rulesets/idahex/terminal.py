"""Terminal play of IDAHEX: a commander's console in the manner of the manual's dialogue (§4).

At each period start the player enters commands one per line -- the §4 commands and, at cycle
starts, the §6 air strikes -- checks them (``list``, ``drop``), asks for what a commander needs
to know (own units, a unit, a cell, the engagements, the enemy in contact, the map) and sends
the lot with ``done``. Everything shown comes from the side's view: its own units and what it
observes (docs/rulings/idahex.md, "What a side sees").
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hexwar.core import screen
from hexwar.core.errors import IllegalOrderError
from hexwar.core.numberings import IdahexGrid
from hexwar.core.views import View
from hexwar.rulesets.idahex.orders import (
    Cancel,
    Commands,
    Delivery,
    Mission,
    Strike,
    Transfer,
    parse_commands,
)

__all__ = ["IdahexTerminal"]

ORDER_WORDS = ("mission", "cancel", "transfer", "deliver", "undeliver", "cas", "interdiction")
STRIKES = ("cas", "interdiction")

HELP = """Commands for this period, one per line (checked as you type; 'done' sends them):
  mission OBJ,POST[,START] ... units U1,U2 [mode M]   a new mission (§4.1)
  mission tf N OBJ,POST[,START] ...   new orders for mission N; cancel N: end it
  transfer CELL [givers ..] [takers ..] [amounts TYPE=AMT,..]  a transfer §4.2.1
  deliver tf N CELL [size S] [to U1,U2]   a delivery order §4.2.2; undeliver N
  cas CELL aircraft N1,N2,..                close air support (§6, cycle starts)
  interdiction CELL priority P1,P2,P3,P4 aircraft N1,..  interdiction (the same)
Your commands so far: list | drop N | clear | done (send them; none: none sent)
What you know:
  status       the time, period, cycle; whether air strikes may be entered now
  units        your units               unit N   one unit in full, its resources
  tfs          your task forces, missions and delivery orders
  cell N       a cell: owner, environment, units there, neighbours
  engagements  the engagements you are in (FEBA, your units, the enemy seen)
  enemy        enemy units in contact    map      the area of war   help  this
Leaving: concede | quit (the game is saved; 'hexwar resume' continues it)
Postures: 10-19 hold, 20-29 disengage, 30-39 move, 40-49 attack, 0 inactive,
-10 destroyed."""

Writer = Callable[[str], None]


class IdahexTerminal:
    """The console of one side; it keeps the commands typed so far until they are accepted."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.pending: list[str] = []
        self._sent: tuple[int, list[str]] | None = None
        self._warned: tuple[int, tuple[str, ...]] | None = None
        self._grid: IdahexGrid | None = None

    def next_order(self, view: View, read: Callable[[str], str], write: Writer) -> str | None:
        width = screen.size()[0]

        def wrapped(text: str, out: Writer = write) -> None:
            out(screen.wrap(text, width))  # the answers fit the terminal's width

        write = wrapped
        if self._sent is not None and self._sent[0] == view.step:
            # The same decision again: the commands sent were refused; keep them to mend.
            self.pending = self._sent[1]
            write("Your commands are kept: 'list' them, 'drop N' the wrong one, then 'done'.")
        else:
            self.pending = []
            write(self._status(view.data))
            write("Type 'help' for the commands, 'done' to send yours.")
        self._sent = None
        while True:
            line = read(f"{self.side} t={view.data['time']:g}> ").strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ORDER_WORDS:
                self._add(view.data, word, line, write)
            elif word in ("done", "send", "end"):
                warnings = self.far_objectives(view.data, self.pending)
                if warnings and self._warned != (view.step, tuple(self.pending)):
                    self._warned = (view.step, tuple(self.pending))
                    write("\n".join(warnings))
                    write("Mend them ('list', 'drop N'), or 'done' again to send them as they are.")
                    continue
                self._sent = (view.step, list(self.pending))
                return "; ".join(self.pending) or "pass"
            elif word in ("quit", "q", ":quit"):
                return None
            elif word in ("concede", ":concede"):
                return ":concede"
            else:
                self._inform(view.data, word, rest.split(), write)

    # -- the commands typed ---------------------------------------------------------------

    def _add(self, data: Mapping[str, Any], word: str, line: str, write: Writer) -> None:
        problem = self.check(data, line, self.pending)
        if problem is not None:
            write(problem)
            return
        self.pending.append(line)
        write(f"  + {len(self.pending)}: {line}")

    @staticmethod
    def check(data: Mapping[str, Any], line: str, pending: Sequence[str] = ()) -> str | None:
        """What is wrong with one command line as typed (``None``: nothing): air strikes out
        of a cycle start, a line the notation does not read, or what the view already shows
        wrong (:func:`typed_problem`: not your unit, no such task force, a cell outside the
        area of war, a unit in a mission of ``pending`` or of a task force). The game checks the
        rest when the commands are sent."""
        word = line.split(maxsplit=1)[0].lower() if line.strip() else ""
        if word not in ORDER_WORDS:
            return f"not a command: {line!r} (one of {', '.join(ORDER_WORDS)})"
        if word in STRIKES and not data["design"]["strikes_now"]:
            return "not now: air strikes are entered at the start of a cycle only (§6)"
        try:
            commands = parse_commands(line)
        except IllegalOrderError as e:
            return f"not understood: {e}"
        found = typed_problem(data, commands, pending)
        return None if found is None else f"refused: {found}"

    def ask(self, data: Mapping[str, Any], line: str) -> str:
        """The answer to one of the console's information requests (``unit 4``, ``cell 38``,
        ``engagements``, ``map``...; see ``help``), from the side's view ``data``."""
        word, _, rest = line.strip().partition(" ")
        out: list[str] = []
        self._inform(data, word.lower(), rest.split(), out.append)
        return "\n".join(out)

    def _inform(
        self, data: Mapping[str, Any], word: str, args: Sequence[str], write: Writer
    ) -> None:
        number = int(args[0]) if args and args[0].isascii() and args[0].isdigit() else None
        if word in ("help", "?", ":help"):
            write(HELP)
        elif word == "list":
            write(
                "\n".join(f"  {i}: {c}" for i, c in enumerate(self.pending, start=1))
                or "  no commands yet"
            )
        elif word == "drop" and number is not None and 1 <= number <= len(self.pending):
            write(f"  dropped {number}: {self.pending.pop(number - 1)}")
        elif word == "clear":
            self.pending.clear()
            write("  no commands yet")
        elif word == "status":
            write(self._status(data))
        elif word == "units":
            write(self._units(data))
        elif word == "unit" and number is not None:
            write(self._unit(data, number))
        elif word in ("tfs", "missions"):
            write(self._task_forces(data))
        elif word == "cell" and number is not None:
            write(self._cell(data, number))
        elif word in ("engagements", "engagement"):
            write(self._engagements(data, number))
        elif word == "enemy":
            write(self._enemy(data["enemy"]))
        elif word == "map":
            write(self._map(data))
        else:
            write(f"unknown command {word!r}; type 'help'")

    def far_objectives(self, data: Mapping[str, Any], pending: Sequence[str]) -> list[str]:
        """A warning for each mission order whose objective is neither the cell its task force
        will be in nor adjacent to it (the units' cell for the first order, the previous
        order's objective for the next): "If cell po is not adjacent to cell pl, then d =
        +infinity: a task force in a march posture cannot jump over cells" (seed 000 §3.2.3);
        only airmobile units in an air movement posture get there (§3.1, §3.2.4). Such an
        order may be given, but a task force on the ground stalls on it."""
        if "units" not in data or "task_forces" not in data:
            return []
        grid = self._area(data["design"])
        at = {int(u["number"]): int(u["location"]) for u in data["units"]}
        tf_units = {int(tf["number"]): list(tf["units"]) for tf in data["task_forces"]}
        out = []
        for i, line in enumerate(pending, start=1):
            try:
                commands = parse_commands(line).commands
            except IllegalOrderError:
                continue
            for c in commands:
                if not isinstance(c, Mission):
                    continue
                units = c.units if c.task_force is None else tf_units.get(c.task_force, [])
                if not units or units[0] not in at:
                    continue
                here = at[units[0]]
                for o in c.orders:
                    if o.posture < 10:
                        continue  # inactive: no move
                    near = {m for m in grid.active_rim(here) if m is not None}
                    if o.objective != here and o.objective not in near:
                        out.append(
                            f"warning: command {i} ({line}): cell {o.objective} is not adjacent "
                            f"to cell {here}; a task force marching cannot jump over cells, "
                            "only airmobile units in an air movement posture get there: on "
                            "the ground it stalls [seed 000 §3.1, §3.2.3]"
                        )
                    here = o.objective
        return out

    # -- what the side knows ----------------------------------------------------------------

    def overview(self, d: Mapping[str, Any]) -> str:
        """Everything at a glance: status, units, task forces, enemy in contact, engagements."""
        return "\n".join(
            [
                self._status(d),
                "Your units:",
                self._units(d),
                "Your task forces and delivery orders:",
                self._task_forces(d),
                "Enemy units in contact:",
                self._enemy(d["enemy"]),
                "Your engagements:",
                self._engagements(d, None),
            ]
        )

    def _status(self, d: Mapping[str, Any]) -> str:
        air = "air strikes may be entered" if d["design"]["strikes_now"] else "no air strikes now"
        n_units = sum(1 for u in d["units"] if u["posture_class"] >= 1)
        return (
            f"IDAHEX, {self.side}: t = {d['time']:g}, period {d['period']}, cycle {d['cycle']};\n"
            f"{n_units} active units, {len(d['engagements'])} engagements, "
            f"{len(d['enemy'])} enemy units in contact; {air}."
        )

    @staticmethod
    def _units(d: Mapping[str, Any]) -> str:
        lines = ["  unit name              type  cell posture objective  task force"]
        for u in d["units"]:
            tf = "-" if u["task_force"] is None else str(u["task_force"])
            flag = "  ENGAGED" if u["engaged"] else ""
            lines.append(
                f"  {u['number']:>4} {u['name'][:17]:<17} {u['type']:>4} {u['location']:>5} "
                f"{u['posture']:>7} {u['objective']:>9}  {tf:>10}{flag}"
            )
        return "\n".join(lines)

    @staticmethod
    def _unit(d: Mapping[str, Any], number: int) -> str:
        u = next((u for u in d["units"] if u["number"] == number), None)
        if u is None:
            return f"you have no unit {number}"
        design = d["design"]
        names = design["resource_names"]
        toe = design["toe"][str(u["type"])]
        lines = [
            f"unit {u['number']} {u['name']}: type {u['type']}, cell {u['location']}, posture "
            f"{u['posture']}, objective {u['objective']}, entered its posture class at "
            f"{u['tentry']:g}" + (", engaged" if u["engaged"] else ""),
            f"  task force: {u['task_force'] if u['task_force'] is not None else 'none'}; "
            f"neighbouring cells: {', '.join(map(str, u['adjacent']))}",
            f"  {'resource':<16}{'holds':>12}{'planned (toe)':>15}",
        ]
        for name, have, plan in zip(names, u["resources"], toe, strict=True):
            lines.append(f"  {name:<16}{have:>12.6g}{plan:>15.6g}")
        return "\n".join(lines)

    @staticmethod
    def _task_forces(d: Mapping[str, Any]) -> str:
        lines = []
        for tf in d["task_forces"]:
            orders = " ".join(
                f"{o},{p}" + ("" if s is None else f",{s:g}") for o, p, s in tf["orders"]
            )
            due = "never" if tf["due"] is None else f"{tf['due']:g}"
            warn = f"\n      ! {tf['warning']}" if tf["warning"] else ""
            lines.append(
                f"  mission {tf['number']}: units {', '.join(map(str, tf['units']))}, mode "
                f"{tf['mode']}; orders {orders or '-'}; next {tf['next']} at {due}{warn}"
            )
        for dv in d["deliveries"]:
            lines.append(
                f"  delivery order {dv['number']}: task force {dv['task_force']} at cell "
                f"{dv['cell']}, size {dv['size']:g}"
            )
        return "\n".join(lines) or "  no task forces and no delivery orders"

    @staticmethod
    def _enemy(enemy: Sequence[Mapping[str, Any]]) -> str:
        lines = [
            f"  {u['number']:>4} {u['name'][:17]:<17} type {u['type']:>2} cell {u['location']:>4} "
            f"posture class {u['posture_class']}"
            for u in enemy
        ]
        return "\n".join(lines) or "  no enemy unit in contact"

    def _cell(self, d: Mapping[str, Any], cell: int) -> str:
        design = d["design"]
        grid = self._area(design)
        if not 1 <= cell <= grid.ncells:
            return f"there is no cell {cell} (cells 1..{grid.ncells})"
        if not grid.is_active(cell):
            return f"cell {cell} is inactive: outside the area of war"
        env = int(design["environment"][str(cell)])
        owner = {"1": "red", "2": "blue"}.get(str(d["owner"].get(str(cell))), "nobody")
        names = design["environment_names"]
        own = [f"{u['number']} {u['name']}" for u in d["units"] if u["location"] == cell]
        seen = [f"{u['number']} {u['name']}" for u in d["enemy"] if u["location"] == cell]
        fight = [g for g in d["engagements"] if g["cell"] == cell]
        lines = [
            f"cell {cell}: owned by {owner}; environment {env} "
            f"({names[env - 1] if 1 <= env <= len(names) else '?'})",
            f"  your units: {', '.join(own) or 'none'}",
            f"  enemy seen: {', '.join(seen) or 'none'}",
            f"  neighbours: {', '.join(str(c) for c in grid.active_rim(cell) if c is not None)}",
        ]
        if fight:
            lines.append(
                f"  engagement: {fight[0]['attacker']} attacking, FEBA {fight[0]['feba']:.3f}"
            )
        return "\n".join(lines)

    @staticmethod
    def _engagements(d: Mapping[str, Any], cell: int | None) -> str:
        lines = []
        for g in d["engagements"]:
            if cell is not None and g["cell"] != cell:
                continue
            near = {
                g["cell"],
                *(c for u in d["units"] if u["location"] == g["cell"] for c in u["adjacent"]),
            }
            enemy = [
                f"{u['number']} (cell {u['location']})" for u in d["enemy"] if u["location"] in near
            ]
            lines.append(
                f"  cell {g['cell']}: {g['attacker']} attacking since t = {g['since']:g}, FEBA "
                f"{g['feba']:.3f}; your units {', '.join(map(str, g['own_units']))}; enemy seen "
                f"near: {', '.join(enemy) or 'none'}"
            )
        return "\n".join(lines) or "  no engagement" + ("" if cell is None else f" at cell {cell}")

    def _map(self, d: Mapping[str, Any]) -> str:
        """The area of war by ranks (columns); each cell as number, owner, contents."""
        grid = self._area(d["design"])
        at: dict[tuple[int, int], int] = {}
        for n in range(1, grid.ncells + 1):
            at[grid.rank_position(n)] = n
        own = {int(u["location"]) for u in d["units"] if u["posture_class"] >= 1}
        enemy = {int(u["location"]) for u in d["enemy"]}
        fights = {int(g["cell"]) for g in d["engagements"]}
        owner = {int(c): o for c, o in d["owner"].items()}

        def glyph(n: int | None) -> str:
            if n is None or not grid.is_active(n):
                return "      "
            mark = "X" if n in fights else "!" if n in enemy else "*" if n in own else "."
            return f"{n:>4}{'RB'[owner[n] - 1] if owner.get(n) in (1, 2) else ' '}{mark}"

        rows = 1 + max(p for _, p in at)
        lines = []
        for p in range(rows):
            for parity in (0, 1):
                cells = [
                    glyph(at.get((k, p))) if k % 2 == parity else "      "
                    for k in range(grid.ranks)
                ]
                text = " ".join(cells).rstrip()
                if text:
                    lines.append(text)
        lines.append("R/B: owner   *: your units   !: enemy seen   X: engagement   .: none")
        return "\n".join(lines)

    def _area(self, design: Mapping[str, Any]) -> IdahexGrid:
        if self._grid is None:
            self._grid = IdahexGrid(
                int(design["ncells"]), int(design["nrank1"]), frozenset(design["inactive"])
            )
        return self._grid


def typed_problem(
    data: Mapping[str, Any], commands: Commands, pending: Sequence[str]
) -> str | None:
    """What the view already shows to be wrong with a command as it is typed, with the rule
    (the same words as the game's check when the commands are sent): a unit that is not yours or
    already in a task force (or in a mission typed before), a task force you do not have, a cell
    outside the area of war. What only the situation at the period's resolution decides is
    left to the game."""
    if "units" not in data or "task_forces" not in data:
        return None  # not a side's view (the umpire's): the game checks the commands
    ncells = int(data["design"]["ncells"])
    units = {int(u["number"]): u for u in data["units"]}
    task_forces = {int(tf["number"]) for tf in data["task_forces"]}
    claimed: set[int] = set()
    for line in pending:
        with contextlib.suppress(IllegalOrderError):
            for c in parse_commands(line).commands:
                if isinstance(c, Mission) and c.task_force is None:
                    claimed.update(c.units)

    def cell(n: int) -> str | None:
        if 1 <= n <= ncells:
            return None
        return f"cell {n} is not in the area of war (cells 1..{ncells}) [seed 000 §2.1]"

    def own(n: int) -> str | None:
        return None if n in units else f"unit {n} is not one of your units [seed 000 §4]"

    def task_force(n: int) -> str | None:
        return None if n in task_forces else f"you have no task force {n} [seed 000 §4.1]"

    for c in commands.commands:
        found: list[str | None] = []
        if isinstance(c, Mission):
            found += [cell(o.objective) for o in c.orders]
            if c.task_force is not None:
                found.append(task_force(c.task_force))
            for n in c.units:
                found.append(own(n))
                if n in units and (units[n]["task_force"] is not None or n in claimed):
                    found.append(
                        f"unit {n} already belongs to a task force; modify its mission instead "
                        "[seed 000 §3]"
                    )
        elif isinstance(c, Cancel):
            found.append(task_force(c.task_force))
        elif isinstance(c, Delivery):
            found += [cell(c.cell), task_force(c.task_force)]
        elif isinstance(c, Transfer):
            found.append(cell(c.cell))
            found += [own(n) for n in (*(c.givers or ()), *(c.takers or ()))]
        elif isinstance(c, Strike):
            found.append(cell(c.cell))
        problems = [p for p in found if p is not None]
        if problems:
            return "; ".join(dict.fromkeys(problems))
    return None
