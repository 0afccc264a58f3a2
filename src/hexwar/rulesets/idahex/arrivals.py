"""The reinforcement schedule (the scenario's ``arrivals``; ruling in docs/rulings/idahex.md,
"Arrivals").

The manual brings a reinforcement in by a mission: the design data put it in posture class 0
at the cell where it is expected to enter, and 'when t >= tr the player whose side should
receive the resources can issue a mission command to activate the unit' (seed 000 §4.1,
Example 2); a unit activated elsewhere first changes location in class 0 (Example 3, '8, 0, 0'
then '8, 10, 0'). A schedule lets the design say it: at ``tinit`` the game gives each arriving
unit that mission itself, with the arrival time as the start time of its first order ('If
there is a start time associated with it, execution does not begin until the current time
equals or exceeds the start time', §4.1). Everything after is the manual's: the change of
location and the activation take no time (§3.2, case 1), an activation in a cell the enemy
owns or holds waits with a warning to its player (§3.3.5), and a unit that becomes active in a
cell where its side defends joins the defence.

Until its time a scheduled unit is the design's, not its player's: a command naming it or its
task force is refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexwar.core.errors import IllegalOrderError
from hexwar.rulesets.idahex.engine import Engine
from hexwar.rulesets.idahex.postures import Order
from hexwar.rulesets.idahex.scenario import ARRIVALS_RULE, Arrival

__all__ = ["bring_in", "check_not_awaited"]


def bring_in(engine: Engine, arrivals: Sequence[Arrival]) -> None:
    """Give every scheduled unit its arrival mission (call at ``tinit``, before any event)."""
    for a in arrivals:
        u = engine.units[a.unit]
        orders = [Order(a.cell, 10, a.time)]
        if a.cell != u.location:
            orders = [Order(a.cell, 0, a.time), Order(a.cell, 10)]
        orders += [Order(o.objective, o.posture) for o in a.orders]
        tf = engine.create_mission(u.side, [u.number], orders)
        engine.note(
            "arrival",
            f"unit {u.number} ({u.name}) is scheduled to arrive in cell {a.cell} at "
            f"t = {a.time:g} (task force {tf.number})",
            [u.side],
            level=1,
            player_level=0,
            unit=u.number,
            cell=a.cell,
            time=a.time,
        )


def check_not_awaited(engine: Engine, awaited: dict[int, float], units: Sequence[int]) -> None:
    """Refuse a command naming a unit whose scheduled arrival is still to come.

    Raises:
        IllegalOrderError: the first such unit, with its arrival time.
    """
    for n in units:
        time = awaited.get(n)
        u = engine.units.get(n)
        if time is not None and u is not None and not u.active and engine.t < time:
            raise IllegalOrderError(
                f"unit {n} arrives at t = {time:g} by the design's schedule: until then it "
                "takes no command",
                rule=ARRIVALS_RULE,
            )
