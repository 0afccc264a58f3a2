"""Small IDAHEX games on the Sinai design data (seed 000 §9.2) for the rule tests: a few real
Sinai units placed where a test needs them, commands at period starts, and direct placement
of task forces in any status for the tactical situations of §3.3."""

from __future__ import annotations

from typing import Any

from hexwar.rulesets.idahex.design import File50, Unit, load_sinai
from hexwar.rulesets.idahex.engine import TaskForce
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.postures import Order, Status, next_status
from hexwar.rulesets.idahex.ruleset import IdahexRuleset
from hexwar.rulesets.idahex.scenario import IdahexScenario

SINAI = load_sinai()
BY_NUMBER = {u.number: u for u in SINAI[0].units}


def unit(number: int, cell: int, posture: int = 10, tentry: float = 0.0) -> Unit:
    """Sinai unit ``number`` moved to ``cell`` in ``posture``."""
    u = BY_NUMBER[number]
    return u.model_copy(update={"buloc": cell, "bupost": posture, "tentry": tentry})


def game(*units: Unit, **design: Any) -> IdahexGame:
    f50, f60 = SINAI
    blue = [u.number for u in units if f50.flag[u.butype - 1] == 2]
    update = {"units": units, "iblul": min(blue, default=f50.iblul), **design}
    d: File50 = f50.model_copy(update=update)
    scenario = IdahexScenario(ruleset="idahex", title="test", design=d, maps=f60)
    g = IdahexRuleset().new_game(scenario, seed=1, scenario_id="test")
    assert isinstance(g, IdahexGame)
    return g


def play(g: IdahexGame, red: str = "", blue: str = "") -> None:
    """One period: both sides' commands, then the clock runs to the next period start."""
    g.submit("red", red)
    g.submit("blue", blue)


def status(g: IdahexGame, n: int) -> str:
    return str(g.engine.units[n].status)


def place(
    g: IdahexGame,
    n: int,
    where: str,
    orders: str = "",
    at: float | None = None,
    tentry: float | None = None,
) -> TaskForce:
    """Put unit ``n`` in status ``where`` ("pl/post/po") as a task force of its own with the
    orders ``orders`` ("po,post po,post ..."), its next change of status due at ``at`` (never,
    if ``None``), as if earlier events had brought it there."""
    e = g.engine
    u = e.units[n]
    e._move(u, Status.from_str(where))
    if tentry is not None:
        u.tentry = tentry
    tf = e.constitute(u)
    tf.orders = [Order.from_str(o) for o in orders.split()]
    tf.next = next_status(u.status, tf.orders[0], g.rules.postures) if tf.orders else None
    e.clock.cancel(tf.number)
    if at is not None:
        e.clock.schedule_status_change(tf.number, at, u.posture)
    return tf
