"""The players' commands as JSON and text (seed 000 §4): a mission's orders written once per
order object, the same JSON and text as each line written anew."""

from __future__ import annotations

import json

from hexwar.rulesets.idahex import orders as orders_module
from hexwar.rulesets.idahex.orders import Mission, parse_commands
from hexwar.rulesets.idahex.postures import Order


def _fresh(o: Order) -> list[float]:
    return [o.objective, o.posture] if o.start is None else [o.objective, o.posture, o.start]


def test_a_missions_orders_are_written_once_per_order_as_each_line_would_be() -> None:
    text = "mission 16,31 16,11 12,10,2.65 16,31 12,10,2.65 12,10,-0 units 4,9 mode 0"
    commands = parse_commands(text)
    (mission,) = commands.commands
    assert isinstance(mission, Mission)
    data = commands.to_json()
    lines = data["commands"][0]["mission"]["orders"]
    assert lines == [_fresh(o) for o in mission.orders]
    assert [type(x) for line in lines for x in line] == [
        type(x) for o in mission.orders for x in _fresh(o)
    ]
    assert lines[0] is lines[3]  # (one object per order read: one list)
    assert str(lines[5][2]) == "-0.0"
    assert str(commands) == text
    assert parse_commands(data) == commands
    assert parse_commands(json.loads(json.dumps(data))) == commands
    assert parse_commands(str(commands)) == commands


def test_orders_made_apart_are_written_alike_and_the_kept_forms_start_afresh() -> None:
    a, b = Order(3, 10), Order(3, 10)
    m = Mission((a, b, Order(5, 20, 1.5)), (1,))
    assert m.to_json() == {
        "mission": {"orders": [[3, 10], [3, 10], [5, 20, 1.5]], "units": [1], "mode": 0}
    }
    assert str(m) == "mission 3,10 3,10 5,20,1.5 units 1 mode 0"
    orders_module._FORMS.clear()
    assert Mission((a,), task_force=2).to_json() == {
        "mission": {"orders": [[3, 10]], "task_force": 2}
    }
    assert str(Mission((b,), task_force=2)) == "mission tf 2 3,10"
