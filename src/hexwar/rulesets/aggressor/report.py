"""The end of an Aggressor game: the umpire's summary and the designer's report."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hexwar.rulesets.aggressor import rules as rl
from hexwar.rulesets.aggressor.render import draw_map

if TYPE_CHECKING:
    from hexwar.rulesets.aggressor.game import AggressorGame


def summary(game: AggressorGame) -> dict[str, Any]:
    """The umpire's account: every unit of each side (type, hex, Range and Strength), the
    units eliminated, the sectors each side holds, the aggressor and the CBR hexes."""
    sides: dict[str, Any] = {}
    for side in rl.SIDES:
        held = [n for n, c in zip(rl.SECTOR_NAMES, game.control, strict=True) if c == side]
        count, all_columns = game.sectors_won(side)
        alive = {u.number for u in game.units[side]}
        sides[side] = {
            "sectors_held": held,
            "sectors": count,
            "one_in_each_column": all_columns,
            "partisans": game.partisans[side],
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
                    "in_cbr": u.cell in game.cbr,
                }
                for u in game.units[side]
            ],
            "eliminated": [
                {"number": n, "type": t}
                for n, t in enumerate(game.chosen[side], 1)
                if n not in alive
            ],
        }
    return {
        "round": game.round,
        "turns_played": game.turns_played,
        "first_mover": game.first_mover,
        "aggressor": game.aggressor,
        "control": dict(zip(rl.SECTOR_NAMES, game.control, strict=True)),
        "cbr": sorted(rl.label(c) for c in game.cbr),
        "sides": sides,
    }


def report_sections(game: AggressorGame) -> list[tuple[str, str]]:
    """The designer's report: the sectors, every unit at the end, the umpire's map."""
    account = game._summary()
    rows = [f"{'':12}{'west column':<14}{'centre':<14}east column"]
    for r, row_name in enumerate(("north", "middle", "south")):
        cells = []
        for c in range(3):
            name = rl.SECTOR_NAMES[c * 3 + r]
            cells.append(f"{name:<3}{account['control'][name] or '-':<11}")
        rows.append((f"  {row_name:<10}" + "".join(cells)).rstrip())
    rows.append("")
    for side, data in account["sides"].items():
        columns = ", one in each column" if data["one_in_each_column"] else ""
        rows.append(f"{side} holds {data['sectors']} of the 9 sectors{columns}")
    rows.append(f"aggressor: {account['aggressor'] or 'none declared'}")
    rows.append(f"CBR hexes: {', '.join(account['cbr']) or 'none'}")
    units: list[str] = []
    for side, data in account["sides"].items():
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
        game.scenario.terrain,
        game.cbr,
        {u.cell: u.kind for u in game.units["west"]},
        {u.cell: u.kind for u in game.units["east"]},
    )
    legend = "West in capitals, East in lower case (every unit shown, identified)."
    return [
        ("Sectors", "\n".join(rows)),
        ("Units at the end", "\n".join(units)),
        ("The map at the end", "\n".join([*board, "", legend])),
    ]
