"""The research adapters' observation of a flank battle (issue 43: the planes were 1 x 1 x 1):
the deployment problem of seed 004 (Terrain map; Flank mechanics) -- the map's terrain, each
flank's strength by role and maneuver where it stands, both militaries' size and composition --
encoded from ``view(side)`` alone. Expected values are worked out by hand from the channel list
in :mod:`hexwar.rulesets.flankbattle.observe`."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hexwar.core import registry
from hexwar.rl.observe import Encoder
from hexwar.rulesets.flankbattle.game import FlankbattleGame
from hexwar.rulesets.flankbattle.orders import Deployment
from hexwar.rulesets.flankbattle.terrain import SIZE, coarse_rows, generic_map
from hexwar.sessions import resolve_scenario


def _terrain() -> list[str]:
    rows = ["p" * 40 for _ in range(40)]
    rows[3] = "w" * 40  # a river across the map, pixels y 30-39
    rows[10] = "p" * 20 + "h" + "p" * 19  # a hill in the cell of pixels x 200-209, y 100-109
    return rows


def _flank(
    x: float, y: float, inf: int, cav: int = 0, art: int = 0, ships: int = 0, m: str = "Normal"
) -> dict[str, Any]:
    return {"x": x, "y": y, "infantry": inf, "cavalry": cav, "artillery": art, "ships": ships,
            "maneuver": m}  # fmt: skip


def _deployment_view() -> dict[str, Any]:
    return {
        "phase": "deployment",
        "side": "attacker",
        "terrain": _terrain(),
        "military": {
            "size": 2000,
            "totals": {"infantry": 1600, "cavalry": 200, "artillery": 200},
            "ships": 10,
        },
        "default_flanks": [_flank(55, 123, 600, 200, 200, 10, "Position"), _flank(400, 400, 1000)],
        "enemy": {"size": 3000, "totals": {"infantry": 3000}, "ships": 30},
    }


def test_a_deployment_view_gives_terrain_flanks_by_role_and_maneuver_and_both_militaries() -> None:
    """Cells are 10 x 10 pixels: the flank at (55, 123) stands in row 12, column 5; the one at
    the map's corner (400, 400) in the last cell. Men count / both militaries' 5000 men, ships
    / both fleets' 40; the maneuver planes count flanks (Position is the second of seed 004's
    five); the enemy planes stay 0 (its deployment is sealed)."""
    view = _deployment_view()
    planes, vector = Encoder(registry.get("flankbattle"), [view]).encode(view)
    assert planes.shape == (18, 40, 40)
    expected = np.zeros((18, 40, 40), np.float32)
    expected[0] = 1
    expected[0, 3] = expected[0, 10, 20] = 0
    expected[1, 3] = 1  # water
    expected[4, 10, 20] = 1  # high ground
    expected[5, 12, 5] = np.float32(600 / 5000)
    expected[6, 12, 5] = expected[7, 12, 5] = np.float32(200 / 5000)
    expected[8, 12, 5] = np.float32(10 / 40)
    expected[5, 39, 39] = np.float32(1000 / 5000)
    expected[14, 12, 5] = 1  # Position
    expected[13, 39, 39] = 1  # Normal
    assert np.array_equal(planes, expected)
    # deployment, over; shares of the 5000 men; men / 10^5; own roles / 2000 and ships / 100;
    # the enemy's; 2 flanks / 10; the map's plain 1559, water 40, high ground 1 of 1600 cells;
    # won, hours, men left (after the battle only)
    want = [1, 0, 0.4, 0.6, 0.02, 0.03, 0.8, 0.1, 0.1, 0.1, 1, 0, 0, 0.3, 0.2]
    want += [1559 / 1600, 40 / 1600, 0, 0, 1 / 1600, 0, 0, 0, 0]
    assert np.array_equal(vector, np.array(want, np.float32))


def test_a_finished_battle_shows_both_sides_flanks_as_the_receipt_leaves_them() -> None:
    """After the battle the receipt is public: each side's flanks, men by role from its
    ``units``, at their last places; the vector adds won, hours / 100 and the men each side has
    left of its start (1500 of 2000, 600 of 3000), and keeps the composition the deployment
    view showed."""
    first = _deployment_view()
    over = {
        "phase": "over",
        "side": "attacker",
        "report": {
            "winner": "attacker",
            "hours": 9,
            "belligerents": [
                {"side": "attacker", "starting_size": 2000, "final_size": 1500,
                 "flanks": [{"x": 10, "y": 10, "units": {"infantry": 1000}, "ships": 4,
                             "maneuver": "Hit and run"}]},
                {"side": "defender", "starting_size": 3000, "final_size": 600,
                 "flanks": [{"x": 390, "y": 0, "units": {"artillery": 600}, "ships": 4,
                             "maneuver": "Normal"}]},
            ],
        },
    }  # fmt: skip
    planes, vector = Encoder(registry.get("flankbattle"), [first]).encode(over)
    assert planes[5, 1, 1] == np.float32(1000 / 5000)
    assert planes[8, 1, 1] == np.float32(4 / 8)
    assert planes[11, 0, 39] == np.float32(600 / 5000)  # the enemy's artillery
    assert planes[12, 0, 39] == np.float32(4 / 8)
    assert planes[16, 1, 1] == 1  # Hit and run, the fourth maneuver
    assert planes[5:].sum() == pytest.approx(0.2 + 0.5 + 0.12 + 0.5 + 1)
    want = [0, 1, 0.4, 0.6, 0.02, 0.03, 0.8, 0.1, 0.1, 0.1, 1, 0, 0, 0.3, 0.2]
    want += [1559 / 1600, 40 / 1600, 0, 0, 1 / 1600, 1, 0.09, 0.75, 0.2]
    assert np.array_equal(vector, np.array(want, np.float32))


def _game(
    scenario: str = "flankbattle/hastings", **flanks: list[dict[str, Any]]
) -> FlankbattleGame:
    """A game of ``scenario`` with the named sides' flanks replaced."""
    resolved = resolve_scenario(scenario)
    model = resolved.scenario
    for side, specs in flanks.items():
        belligerent = getattr(model, side).model_copy(update={"flanks": specs})
        model = model.model_copy(update={side: belligerent})
    game = resolved.ruleset.new_game(model, seed=3, scenario_id=resolved.scenario_id)
    assert isinstance(game, FlankbattleGame)
    return game


def _observe(game: FlankbattleGame, side: str) -> tuple[np.ndarray, np.ndarray]:
    views = [game.view(s).data for s in ("attacker", "defender")]
    return Encoder(game.ruleset, views).encode(game.view(side).data)


# Hastings' Housecarls and Fyrd (7000 men: infantry 0.3, artillery 0.7) in two flanks, moved
_OTHER_DEFENCE = [
    {"x": 250, "y": 150, "infantry": 2100, "artillery": 2000, "maneuver": "Hit and run"},
    {"x": 250, "y": 250, "infantry": 0, "artillery": 2900, "maneuver": "Pillaging"},
]
# the Norman Host (8000: infantry 0.5, cavalry and artillery 0.25) in one flank on the hill
_OTHER_ATTACK = [
    {"x": 320, "y": 200, "infantry": 4000, "cavalry": 2000, "artillery": 2000, "maneuver": "Normal"}
]


def test_the_enemy_s_sealed_deployment_does_not_leak_into_the_observation() -> None:
    """Fog (seed 004: each side arranges its flanks unseen; the core holds sealed orders):
    two Hastings games differing only in the defender's flanks give the attacker the same
    planes and vector; the defender, whose own flanks they are, sees the difference."""
    a, b = _game(), _game(defender=_OTHER_DEFENCE)
    for x, y in zip(_observe(a, "attacker"), _observe(b, "attacker"), strict=True):
        assert np.array_equal(x, y)
    assert not np.array_equal(_observe(a, "defender")[0], _observe(b, "defender")[0])


def test_different_deployments_give_different_observations() -> None:
    """The attacker's own flanks are in its planes: Hastings with the Norman Host in one flank
    on the hill (x 320, y 200: the map's high ground) instead of three at x 150 is another
    observation, and the flank's men stand in the cell whose terrain plane says high ground.
    After the battle, two deployments of the menu (the default and all flanks advanced with
    the Position maneuver) leave different observations too."""
    a, b = _game(), _game(attacker=_OTHER_ATTACK)
    pa, pb = _observe(a, "attacker")[0], _observe(b, "attacker")[0]
    assert not np.array_equal(pa, pb)
    assert pb[5, 20, 32] == np.float32(4000 / 15000)
    assert pb[4, 20, 32] == 1
    finished = []
    for order in (Deployment(), registry.get("flankbattle").legal_orders(a.view("attacker"))[7]):
        game = _game()
        game.submit("attacker", order)
        game.submit("defender", Deployment())
        assert game.outcome() is not None
        finished.append(_observe(game, "attacker")[0])
    assert not np.array_equal(*finished)


def test_the_coarse_map_keeps_a_river_and_its_bridge() -> None:
    """A view's ``terrain``: 40 rows of 40 cells of 10 x 10 pixels, each the feature of most of
    its pixels, a tie going to the first in the legend (plain). The generic River with Bridge
    map has water at x 185-214: columns 19 and 20 (x 190-209) are water, columns 18 and 21
    hold 5 columns of water in 10, a tie, and are plain; the bridge (plain across the river at
    y 192-207) fills 8 of the 10 pixel rows of rows 19 and 20, which are plain."""
    rows = coarse_rows(generic_map("River with Bridge"))
    assert len(rows) == 40
    assert {len(r) for r in rows} == {40}
    assert SIZE // 40 == 10
    for y in (0, 10, 18, 21, 39):
        assert rows[y][17:23] == "ppwwpp", y
    assert rows[19][17:23] == rows[20][17:23] == "pppppp"
