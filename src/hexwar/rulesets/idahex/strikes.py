"""Air support (seed 000 §6): a strike command checked against the design data and the clock,
then assessed on its targets."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

import numpy as np

from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.rulesets.idahex import periods
from hexwar.rulesets.idahex.air import (
    POSTURE_CLASSES,
    AirStrike,
    StrikeRecord,
    StrikeRole,
    Supported,
    assess_strike_trusted,
    cas_indices,
    interdiction_indices,
)
from hexwar.rulesets.idahex.orders import (
    Strike,
)

if TYPE_CHECKING:
    from hexwar.rulesets.idahex.game import IdahexGame

_STRIKES_KEPT = 1024
"""At most this many checked strike commands are kept (then forgotten all at once)."""


def checked_strike(game: IdahexGame, s: int, c: Strike) -> AirStrike:
    """The strike checked against the design data and the clock (§6)."""
    if not game._at_cycle_start():
        raise IllegalOrderError(
            f"air strikes are entered at the start of a cycle (every "
            f"{game.rules.design.tcycle:g} days from t = {game.rules.design.tinit:g}); "
            f"t = {game.engine.t:g} is not one",
            rule="seed 000 §6",
            order=str(c),
        )
    periods.check_cell(game, c.cell)
    # A strike is a value: the same command of the same side is the same strike, checked
    # once (a commander repeats its strikes cycle after cycle). The command enters the key
    # as its fields, the values its own hash and equality compare (the dataclass's generated
    # methods run as Python code; a tuple of plain values is hashed and compared in C).
    key = (s, c.role, c.cell, c.aircraft, c.priority)
    try:
        strike = game._strikes.get(key)
    except TypeError:  # a command built with lists, not tuples: checked every time
        strike = None
    if strike is not None:
        return strike
    try:
        strike = AirStrike(s, c.cell, StrikeRole(c.role), c.aircraft, c.priority)
        strike.check(game._air_tables[s - 1])
    except InvalidInputError as e:
        raise IllegalOrderError(f"{c}: {e}", rule="seed 000 §6", order=str(c)) from None
    if len(game._strikes) > _STRIKES_KEPT:
        game._strikes.clear()
    with contextlib.suppress(TypeError):
        game._strikes[key] = strike
    return strike


def fly_strike(game: IdahexGame, s: int, c: Strike) -> None:
    """§6: assess the strike on its targets now; a CAS record serves the cycle."""
    e = game.engine
    strike = checked_strike(game, s, c)
    if strike.role is StrikeRole.CAS:
        eng = e.engagements.get(c.cell)
        if eng is None:
            e.note(
                "warning",
                f"{c}: there is no engagement at cell {c.cell}; no strike occurs",
                [s],
                player_level=0,
            )
            return
        members = eng.defenders if eng.attacker == s else eng.attackers
        enemy = [e.units[n] for n in sorted(members) if e.units[n].active]
        supported = Supported.ATTACKERS if eng.attacker == s else Supported.DEFENDERS
        classes = [u.pc for u in enemy]
        index = cas_indices(classes, supported)
    else:
        enemy = e.units_at(c.cell, 3 - s)  # the active enemy units there
        supported = None
        classes = [u.pc for u in enemy]
        _, index = interdiction_indices(strike.asprty or POSTURE_CLASSES, classes)
    targets = [enemy[i] for i in index]
    pcs = [classes[i] for i in index]
    side_name = "Red" if s == 1 else "Blue"
    # The role as the notes write it (StrikeRole's str value; formatting the enum member
    # runs Enum.__format__'s Python code).
    role = "cas" if strike.role is StrikeRole.CAS else "interdiction"
    # What a side learns from its own strike (docs/rulings/idahex.md, 'Air strikes and
    # the fog of war'): the results where it sees the target units, else only that the
    # strike was flown -- the same words whether or not anything was there. Interdiction
    # targets are all in the target cell.
    if supported is None:
        observed = e.observes(s, c.cell)
    else:
        cells = {u.location for u in targets} or {c.cell}
        observed = all(e.observes(s, cell) for cell in cells)
    if not observed:
        e.note(
            "air",
            f"{side_name} {role} strike on cell {c.cell}: flown; the cell is out of "
            "contact and the results are not observed",
            [s],
            player_level=0,
            cell=c.cell,
        )
    if not targets:
        if observed:
            e.note("air", f"{c}: no enemy unit to strike at cell {c.cell}", [s], player_level=0)
        return
    env = e.environment(c.cell)
    numbers = tuple([u.number for u in targets])
    # The assessment is a function of the strike and its targets' state: the same
    # strike on the same targets holding the same resources (a strike that destroyed
    # nothing, flown again next cycle) has the same outcome, taken again -- and so is the
    # report's account of the losses, kept with it. The strike and the supported side enter
    # the key as their plain values (hashing an enum member is a Python call).
    key = (
        s,
        c.cell,
        strike.role is StrikeRole.CAS,
        strike.ascomp,
        strike.asprty,
        env,
        supported is Supported.ATTACKERS,
        numbers,
        tuple(pcs),
        targets[0].resources.tobytes()
        if len(targets) == 1
        else b"".join([u.resources.tobytes() for u in targets]),
    )
    t = e.clock.t  # (Engine.t)
    if game._assessed_at != t:  # a new cycle's strikes: the last cycle's are the ones before
        game._assessed_before = game._assessed
        game._assessed = {}
        game._assessed_at = t
    found = game._assessed.get(key)
    if found is None and game._assessed_before:
        found = game._assessed_before.pop(key, None)
        if found is not None:
            game._assessed[key] = found
    if found is None:
        remaining, record = assess_strike_trusted(
            game._air_tables[s - 1],
            strike,
            [u.resources.tolist() for u in targets],
            pcs,
            env,
            supported=supported,
            units=numbers,
        )
        found = (remaining, record, _account(game, s, numbers, record))
        if len(game._assessed) > _STRIKES_KEPT:
            game._assessed.clear()
        game._assessed[key] = found
    remaining, record, account = found
    for u, left in zip(targets, remaining, strict=True):
        u.resources = np.array(left, dtype=np.float64)
    game.combat.air_records.append(record)
    e.note(
        "air",
        f"{side_name} {role} strike on cell {c.cell} {account}",
        _SEEN[s][observed],  # (a frozenset: the note takes it as it is)
        player_level=0,
        cell=c.cell,
    )
    for u in targets:
        game.combat.vanish(e, u)


_SEEN: tuple[tuple[frozenset[int], ...], ...] = (
    (),
    (frozenset((2,)), frozenset((1, 2))),
    (frozenset((1,)), frozenset((1, 2))),
)
"""The sides told of side ``s``'s strike, ``_SEEN[s][observed]``: the target side, and
the striking side where it observes the results."""

_LOSS = "%.3g %s"
"""A resource's loss in the report: the amount to three significant digits, the name."""


def _account(game: IdahexGame, s: int, numbers: tuple[int, ...], record: StrikeRecord) -> str:
    """The report's words for a strike's losses: ``(units 3, 7): 1.2 tanks, ...``, the
    losses of each resource type summed over the target units."""
    lost = record.loss_totals()
    names = game.rules.resources[2 - s].names  # one name per resource type: nrs(v)
    # (A list for join, not a generator: join makes one of it anyway.)
    # ("%.3g" % x is format(x, ".3g"): the same conversion, without the format spec parsed
    # for each number.)
    items = ", ".join([_LOSS % pair for pair in zip(lost, names) if pair[0] > 0.0])  # noqa: B905
    return f"(units {', '.join(map(str, numbers))}): {items or 'no losses'}"
