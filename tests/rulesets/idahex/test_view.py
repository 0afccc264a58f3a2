"""The view's own helpers (``hexwar.rulesets.idahex.view``)."""

from __future__ import annotations

import math
import random
import re
import struct
from typing import Any

import numpy as np
import pytest

from hexwar.rulesets.idahex import consumption
from hexwar.rulesets.idahex import view as view_module
from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.rulesets.idahex.view import rounded
from hexwar.sessions import Session, resolve_scenario


def _bits(x: float) -> bytes:
    return struct.pack("<d", x)


def test_rounded_gives_the_very_bits_of_round_to_six_digits() -> None:
    """``rounded`` takes ``round(x, 6)``'s value without its decimal conversion where it
    can prove it the same: checked bit for bit (the sign of zero too) on holdings of every
    size, values a hair from a tie in the sixth decimal, ties, zeros and values that round
    to one (of either sign, subnormals too), huge, infinite and NaN values."""
    r = random.Random(20261207)
    values = [0.0, -0.0, 5e-7, -5e-7, 4e-7, -4e-7, 2.5e-7, 1.5e-6, 2.5e-6, 0.0000005, 1e6, -1e6]
    values += [999_999.9999995, -999_999.9999995, 1e12, -1e300, math.inf, -math.inf]
    values += [5e-324, -5e-324, 1e-320, -1e-320, 2.2e-308, -2.2e-308, 4.9975e-7, -4.9975e-7]
    for _ in range(20_000):
        values.append(r.uniform(-1e6, 1e6))
        values.append(r.uniform(-10.0, 10.0))
        values.append(r.uniform(0.0, 1e-5))
        values.append(r.uniform(-6e-7, 6e-7))  # rounds to a zero of its sign, or near it
        values.append(r.expovariate(1e-3))
        k = r.randint(-(10**12), 10**12)
        for eps in (0.0, 1e-12, -1e-12, 1e-9, -1e-9):
            values.append((k + 0.5) / 1e6 + eps)  # a tie in the sixth decimal, or near one
            values.append(k / 1e6 + eps)
    got = rounded(values)
    for x, y in zip(values, got, strict=True):
        assert _bits(y) == _bits(round(x, 6)), x
    nan = rounded([math.nan])[0]
    assert math.isnan(nan)


def _sinai(agent: str = "legacy") -> tuple[Session, IdahexGame]:
    session = Session.start(
        resolve_scenario("idahex/sinai"), seed=1, agents=dict.fromkeys(("red", "blue"), agent)
    )
    game = session.game
    assert isinstance(game, IdahexGame)
    return session, game


def test_the_owner_map_follows_every_change_of_hands() -> None:
    """The view's owner map is handed out again while ``Engine.owner_changes`` holds: it
    counts the cells changing hands (one "owner" note each), and at every decision of a
    whole game the map handed out is the engine's."""
    session, game = _sinai()
    e = game.engine
    seen = 0
    while game.outcome() is None:
        session.run(max_steps=game.step + 1)
        owner = game.view("blue").data["owner"]
        assert owner == {str(c): o for c, o in sorted(e.owner.items())}
        seen += owner is not game.view("red").data["owner"]
    assert seen == 0  # both sides share the map
    changes = [ev for ev in game.events(None) if ev.kind == "owner"]
    assert e.owner_changes == len(changes) > 0


def test_a_unit_value_json_cannot_carry_is_named() -> None:
    """A unit's piece is handed to the cache unchecked only when its values are of exact
    JSON types: a NaN holding, a numpy integer or a NaN ``tentry`` take the full check,
    which names them (an infinite ``tentry`` is never, ``None``)."""
    _, game = _sinai()
    u = game._own_units[0][0]
    at = f"view.('unit', {u.number})"
    resources = u.resources.copy()
    resources[2] = math.nan
    u.resources = resources
    with pytest.raises(TypeError, match="^" + re.escape(f"{at}.resources[2]: nan is not finite")):
        game.view("red")
    u.resources = np.zeros(len(resources))
    u.location = np.int64(u.location)  # type: ignore[assignment]
    with pytest.raises(TypeError, match="^" + re.escape(f"{at}.location: int64 is not JSON-able")):
        game.view("red")
    u.location = int(u.location)
    u.tentry = math.nan
    with pytest.raises(TypeError, match="^" + re.escape(f"{at}.tentry: nan is not finite")):
        game.view("red")
    u.tentry = -math.inf  # never, as +inf: None
    assert game.view("red").data["units"][0]["tentry"] is None


def test_a_view_is_passed_whole_only_when_its_numbers_are_plain() -> None:
    """A view of pieces and plain numbers is handed to the cache whole, and the game's check
    passes it; a number JSON cannot carry (here an infinite next period start) leaves it to
    the game's check, which names it."""
    _, game = _sinai()
    data = game.view("red").data
    assert id(data) in game._shared.ids
    assert game._period is not None
    game._kept["next period"] = (game._period.number, math.inf)
    with pytest.raises(TypeError, match=r"^view\.next_period: inf is not finite$"):
        game.view("red")


def _engaged(game: IdahexGame) -> set[int]:
    e = game.engine
    return {n for g in e.engagements.values() for n in g.attackers | g.defenders}


@pytest.mark.parametrize("agent", ["legacy", "ai"])
def test_lists_kept_by_version_are_those_made_afresh(
    agent: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A view hands out its side's units while the side's version of its units holds, and
    the enemy in contact while both sides' moves hold; a frame's supply step keeps the units
    able to consume while the side's moves hold. At every decision of a whole game, and at
    every frame's supply step, each is what is made afresh without them."""
    session, game = _sinai(agent)
    frames = 0
    frame_demands = consumption.frame_demands

    def checked(game: IdahexGame, engine: Any, tables: Any, units: Any, *rest: Any) -> Any:
        nonlocal frames
        frames += 1
        engaged = _engaged(game)
        fresh = [
            u
            for u in game._own_units[tables.side - 1]
            if u.posture >= 10 and (u.posture >= 20 or not tables.idle[0] or u.number in engaged)
        ]
        assert units == fresh
        return frame_demands(game, engine, tables, units, *rest)

    monkeypatch.setattr(consumption, "frame_demands", checked)
    while game.outcome() is None:
        session.run(max_steps=game.step + 1)
        engaged = _engaged(game)
        for side, s in (("red", 1), ("blue", 2)):
            data = game.view(side).data
            for key in ("own pieces", "enemy pieces", "watched"):
                game._kept.pop((key, s), None)
            assert data["units"] == view_module.own_pieces(game, s, engaged)
            assert data["enemy"] == view_module.enemy_pieces(game, s)
    assert frames > 100


def test_a_side_counts_its_units_changes_and_moves() -> None:
    """A unit's new holdings bump its side's version of its units, not its moves; a new
    posture bumps both; setting a field to the value it has bumps neither."""
    _, game = _sinai()
    e = game.engine
    u = game._own_units[1][0]
    versions = list(e.unit_versions)
    u.resources = u.resources.copy()
    assert e.unit_versions == versions
    u.resources = u.resources * 0.5
    assert e.unit_versions == [*versions[:2], versions[2] + 1, *versions[3:]]
    u.posture = u.posture + 1
    assert e.unit_versions == [*versions[:2], versions[2] + 2, versions[3], versions[4] + 1]
