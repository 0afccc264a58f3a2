"""Follow-up attacks on a unit in a village (docs/tactical.md, "The computer opponent"): a
second attack on an enemy unit whose fallback hexes the attackers cannot see is given when
the unit most likely still stands where it was (COMBAT RESULTS TABLE; TERRAIN MORALE
MODIFIERS; docs/rulings/tactical.md, morale and retreat)."""

from __future__ import annotations

from typing import Any

import numpy as np

from hexwar.core.hexes import Hex
from hexwar.rulesets.tactical.ai import TacticalAgent

from .conftest import make_game, make_scenario

# A village block: 4,0 (X1's hex), 4,-1, 4,1, 5,-1, 5,0, 5,1, 6,-1. Seen from 3,0 and 3,1 the
# buildings of 4,0 hide 5,-1 and 5,0, the hexes X1 would fall back to.
_VILLAGE = ["........", "....vv..", "....vvv.", "....vv..", "........", "........"]


def _position(**changes: Any) -> Any:
    units = make_scenario().model_dump(mode="json")["units"]
    out = [{k: v for k, v in u.items() if v is not None} for u in units]
    for u in out:
        u.update({"A1": {"at": "3,0"}, "AHQ": {"at": "1,1"}}.get(u["id"], {}))
    a2 = {"id": "A2", "side": "allied", "name": "A2", "kind": "infantry", "at": "3,1", "sp": 4,
          "morale": 6, "hq": "AHQ"}  # fmt: skip
    return make_game(
        map={"terrain": _VILLAGE},
        units=[*out, a2],
        objectives=[{"at": "4,0", "vp": 10, "owner": "axis"}],
        opportunity_fire=False,
        **changes,
    )


def _attacks_on(orders: Any, target: str) -> list[str]:
    return [a.unit for a in orders.actions if a.verb in ("fire", "assault") and a.target == target]


def test_a_village_unit_is_attacked_again_though_its_fallback_hexes_are_hidden() -> None:
    """A1 (3,0) and A2 (3,1), 4 SPs of infantry each (attack 4), stand next to X1 (4 SPs,
    defense 4, morale 6) in the village at 4,0. Odds 4 x .7 (village) : 4 = 0.7, pro-rated
    between the 1:2 and 1:1 rows: loss 1 5.5 %, disruption 10.5 %, morale check 20 %, no loss
    of 2 or 3. So one unit attack costs X1 at most 1 SP, and its net result (the worst of 4
    draws) is a morale check with chance .84^4 - .64^4 = 0.33; X1 fails it on a d10 above
    6 + 2 (village) = 20 %, and only then falls back, to 5,0 or 5,-1, hidden from both
    attackers by the buildings of 4,0. After the first attack X1 still stands in 4,0 with
    chance 1 - 0.33 x 0.2 = 0.93: the computer attacks it again (it would not if it gave
    only attacks that cannot come to nothing), and its orders are legal."""
    game = _position()
    board = game.board
    for hidden in (Hex(5, 0), Hex(5, -1)):
        assert not board.line_of_sight(Hex(3, 0), hidden)
        assert not board.line_of_sight(Hex(3, 1), hidden)
    view = game.view("allied")
    orders = TacticalAgent(game.ruleset, "allied").act(view, np.random.default_rng(0))
    assert len(_attacks_on(orders, "X1")) >= 2
    assert set(_attacks_on(orders, "X1")) == {"A1", "A2"}

    careful = TacticalAgent(game.ruleset, "allied")
    careful.least_hit = 1.01  # only attacks that cannot come to nothing
    assert len(_attacks_on(careful.act(view, np.random.default_rng(0)), "X1")) == 1

    game.submit("allied", orders)  # every action legal when given


def test_follow_ups_stop_once_the_unit_may_well_be_gone() -> None:
    """X1 has 1 SP left. One unit attack removes it from 4,0 when one of the four draws is
    a loss (1 - .945^4 = 0.20) or the net result is a morale check it fails (0.33 x 0.2 =
    0.07; a failed check with hidden hexes behind falls back): it stays with chance 0.73
    after the first attack (>= 0.6: a follow-up is given) and at most 0.73^2 = 0.54 after
    the second (< 0.6: a disruption now counts as a morale check, so no better): exactly
    two attacks on X1."""
    game = _position()
    game.units["X1"].sp = 1
    view = game.view("allied")
    orders = TacticalAgent(game.ruleset, "allied").act(view, np.random.default_rng(0))
    stays = 1 - (1 - 0.945**4) - 0.33 * 0.2
    assert stays >= TacticalAgent.least_hit > stays**2
    assert len(_attacks_on(orders, "X1")) == 2
