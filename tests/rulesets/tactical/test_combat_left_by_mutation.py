"""Combat rules that a mutation of the tactical game once changed without failing a test (the
sixth round's full run, docs/testing.md): the COMBAT RESULTS TABLE on every path, a unit
attack's receipt, the commanders' risk, riders under fire, opportunity fire, results applied
and the break point. Each is checked where the game applies it -- orders in, events, receipts
and state out -- at its boundary; the expected values are worked by hand from seed 002 (the
parameter sheet) and docs/rulings/tactical.md. The map is conftest.py's 8x6 open test map.

Where a draw decides, the game's dice are scripted (:class:`_Scripted`): the single attacks'
uniform draws and the yes/no chances take listed values, recorded in the receipts as the real
draws are, so the result each must give can be read off the seed's rows by hand.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

from hexwar.core.events import ALL, Modifier
from hexwar.core.rng import Roll
from hexwar.rulesets.tactical.combat import resolve_many
from hexwar.rulesets.tactical.game import TacticalGame
from hexwar.rulesets.tactical.tables import sheet

from .conftest import make_game, make_scenario
from .test_crt_prorating import SEED_CRT

BASE = make_scenario().model_dump(exclude_none=True)["units"]  # AHQ, A1, XHQ, X1
EVERYONE = frozenset({ALL})
NO_EFFECT = 0.99  # a single attack's draw above every row's chances but 10:1's (105 %)


class _Scripted:
    """The game's dice with listed draws: ``uniform`` (one per single attack on the CRT) takes
    ``uniforms`` in order, ``chance`` takes the draw listed for its label (else 0.99: fails
    every chance below 99 %), ``die`` shows ``die`` if given; each is recorded for the receipt
    as the real dice record it."""

    def __init__(
        self,
        dice: Any,
        uniforms: list[float] | None = None,
        chances: dict[str, float] | None = None,
        die: int | None = None,
    ) -> None:
        self._dice = dice
        self._uniforms = list(uniforms or [])
        self._chances = chances or {}
        self._die = die

    def uniform(self, label: str, low: float = 0.0, high: float = 1.0) -> float:
        u = self._uniforms.pop(0) if self._uniforms else NO_EFFECT
        self._dice.pending.append(Roll(label, u))
        return u

    def chance(self, label: str, p: float) -> bool:
        u = self._chances.get(label, 0.99)
        ok = u < p
        self._dice.pending.append(Roll(label, u, chance=p, success=ok))
        return ok

    def die(self, label: str, sides: int = 6) -> int:
        if self._die is None:
            return int(self._dice.die(label, sides))
        self._dice.pending.append(Roll(label, self._die, sides=sides))
        return self._die

    def __getattr__(self, name: str) -> Any:
        return getattr(self._dice, name)


def _script(game: TacticalGame, **how: Any) -> None:
    game.dice = _Scripted(game.dice, **how)  # type: ignore[assignment]


def _unit(uid: str, side: str, kind: str, at: str, **more: Any) -> dict[str, Any]:
    hq = "AHQ" if side == "allied" else "XHQ"
    return {"id": uid, "side": side, "name": uid, "kind": kind, "at": at, "sp": 4, "morale": 6,
            "hq": hq, **more}  # fmt: skip


def _events(game: TacticalGame, kind: str) -> list[Any]:
    return [e for e in game.events() if e.kind == kind]


# -- the COMBAT RESULTS TABLE on every path -----------------------------------------------------


@pytest.mark.parametrize("i", range(len(SEED_CRT)))
def test_odds_exactly_on_a_crt_line_take_that_line_on_the_estimate_path(i: int) -> None:
    """COMBAT RESULTS TABLE: only odds *between* two lines are pro-rated; odds exactly on a line
    take its chances as printed (15:1: 35, 25, 25, 10, 5 %), in the computer player's estimate
    (``chances_at``) and the vectorised resolution's running sums, to the last bit."""
    a, b, *percent = SEED_CRT[i]
    chances = [p / 100 for p in percent]
    crt = sheet().crt
    assert [float(x) for x in crt.chances_at([a / b])[0]] == chances
    running = [float(c[0]) for c in crt.cumulative_columns([a / b])]
    assert running == pytest.approx(list(np.cumsum(chances)), abs=1e-15)


def test_odds_below_the_first_crt_line_take_the_first_line_on_every_path() -> None:
    """docs/rulings/tactical.md, Beyond the table: odds below 1:6 use the 1:6 line (no effect
    at all): 1:10 in the estimate, in the vectorised resolution's running sums and in the
    game's lookup -- not the line from 1:6 to 1:5 carried on below 1:6."""
    crt = sheet().crt
    assert [float(x) for x in crt.chances_at([0.1])[0]] == [0.0] * 5
    assert [float(c[0]) for c in crt.cumulative_columns([0.1])] == [0.0] * 5
    assert crt.describe(crt.lookup(1.0, 10.0)) == "1:6"


def _by_hand(ratio: float, draws: list[float]) -> list[int]:
    """Each draw's result index on the seed's rows (0 loss 3 ... 4 morale check, 5 none),
    pro-rated by hand between the two lines ``ratio`` falls between."""
    keys = [a / b for a, b, *_ in SEED_CRT]
    if ratio <= keys[0]:
        percent = SEED_CRT[0][2:]
    elif ratio >= keys[-1]:
        percent = SEED_CRT[-1][2:]
    else:
        i = max(k for k in range(len(keys)) if keys[k] <= ratio)
        w = (ratio - keys[i]) / (keys[i + 1] - keys[i])
        pairs = zip(SEED_CRT[i][2:], SEED_CRT[i + 1][2:], strict=True)
        percent = tuple(p + w * (q - p) for p, q in pairs)
    out = []
    for u in draws:
        acc, idx = 0.0, 5
        for j, p in enumerate(percent):
            acc += p / 100
            if u < acc:
                idx = j
                break
        out.append(idx)
    return out


LOSS = {0: 3, 1: 2, 2: 1}


@pytest.mark.parametrize("rule", ["worst", "sum"])
def test_the_vectorised_resolution_gives_the_seeds_results_draw_by_draw(rule: str) -> None:
    """COMBAT RESULTS TABLE through ``resolve_many`` (every line, a quarter of the way between
    lines, beyond the last; units of 1 to 4 SPs): unit attack ``k`` makes one single attack per
    SP, on draw ``j`` of its row of draws (the generator's ``random(n)`` once per single attack
    ``j``); each single result is read off the seed's rows by hand, and the net result is the
    most severe (``worst``: loss 3 is 3 SPs, a disruption or morale check only on its own) or
    the SPs added up with any disruption or morale check (``sum``). The draws past a unit's
    SPs count for nothing, even on the 10:1 line whose chances add up to 105 %."""
    keys = [a / b for a, b, *_ in SEED_CRT]
    ratios = keys + [k + (n - k) / 4 for k, n in itertools.pairwise(keys)] + [40.0]
    sps = [1 + k % 4 for k in range(len(ratios))]
    loss, dis, mc = resolve_many(ratios, sps, np.random.default_rng(22), rule)
    again = np.random.default_rng(22)
    rows = [again.random(len(ratios)) for _ in range(max(sps))]
    expected = []
    for k, (ratio, n) in enumerate(zip(ratios, sps, strict=True)):
        single = _by_hand(ratio, [float(rows[j][k]) for j in range(n)])
        if rule == "worst":
            worst = min(single)
            expected.append((LOSS.get(worst, 0), worst == 3, worst == 4))
        else:
            expected.append((sum(LOSS.get(i, 0) for i in single), 3 in single, 4 in single))
    assert list(zip(loss.tolist(), dis.tolist(), mc.tolist(), strict=True)) == expected
    # The draws reach every kind of result, so each is checked above.
    assert {3, 0} <= set(loss.tolist())
    assert any(dis)
    assert any(mc)
    assert not all(mc)


def test_the_vectorised_resolution_of_no_attacks_is_empty() -> None:
    """``resolve_many`` of no unit attacks: no results (and no draw)."""
    loss, dis, mc = resolve_many([], [], np.random.default_rng(1))
    assert (len(loss), len(dis), len(mc)) == (0, 0, 0)


def test_the_sum_rule_keeps_a_disruption_that_any_single_attack_gave() -> None:
    """docs/rulings/tactical.md, Combination rule ``sum``: the net result "also disrupts ...
    if any single attack did". A1 (4 SPs, 1:1 on X1: loss 1 below 0.10, disruption below 0.25,
    morale check below 0.45) draws 0.20, then three of no effect: X1 is disrupted."""
    game = make_game(combination="sum")
    _script(game, uniforms=[0.20, NO_EFFECT, NO_EFFECT, NO_EFFECT])
    game.submit("allied", "fire A1 X1")
    (fire,) = _events(game, "fire")
    assert fire.text == "A1 fires at X1 at 4,0: disrupted"
    assert game.units["X1"].disrupted


# -- a unit attack's receipt ------------------------------------------------------------------


def test_a_unit_attacks_receipt_gives_its_strengths_and_modifiers() -> None:
    """COMBAT RESULTS TABLE, TERRAIN COMBAT MODIFIERS, COMMANDERS (COMMAND): the receipt of A1's
    fire at the tank T in the forest (.8) with the captain K (Command 2) stacked: 4 single
    attacks, the base attack against a hard target (8.123456), net attack (8.123456 + 2) x .8 =
    8.0987648 to four places, net defense 2.123456 to four places, the modifiers named; A2's
    fire at T without a commander lists the forest alone."""
    rows = ["." * 8] * 6
    rows[2] = "....F..."  # 4,0
    units = [BASE[0], {**BASE[1], "attack_hard": 8.123456}, BASE[2],
             _unit("T", "axis", "armor", "4,0", defense=2.123456),
             _unit("A2", "allied", "infantry", "2,2")]  # fmt: skip
    captain = {"id": "K", "side": "allied", "name": "Capt", "at": "2,1", "leadership": 5,
               "command": 2, "ap": 100}  # fmt: skip
    game = make_game(map={"terrain": rows}, units=units, commanders=[captain])
    _script(game)
    game.submit("allied", "fire A1 T; fire A2 T")
    first, second = _events(game, "fire")
    r = first.receipt
    assert r.table == "COMBAT RESULTS TABLE"
    assert r.inputs == {"attacker": "A1", "target": "T", "attacks": 4, "base_attack": 8.123456,
                        "command": 2, "net_attack": 8.0988, "net_defense": 2.1235,
                        "target_type": "hard"}  # fmt: skip
    assert r.modifiers == (Modifier("forest", "x0.8"), Modifier("command", "+2"))
    assert r.result == {"single": ["none"] * 4, "net": "no effect"}
    assert second.receipt.modifiers == (Modifier("forest", "x0.8"),)
    assert second.receipt.inputs["command"] == 0


# -- the commanders' risk ---------------------------------------------------------------------


def test_the_commanders_at_risk_are_rolled_lender_first_and_die_below_four_percent() -> None:
    """MISCELLANEOUS, "The % chance that a commander will be killed during an attack: 4";
    docs/rulings/tactical.md, COMMANDERS: rolled for the commander lending Command (first)
    and for every commander in the target hex. K lends Command to A1's fire and draws 0.04
    (survives: not below 4 %); M with X1 draws 0.0399 and is killed: both sides are told, and
    M is off the map."""
    k = {"id": "K", "side": "allied", "name": "Capt", "at": "2,1", "leadership": 5,
         "command": 2, "ap": 100}  # fmt: skip
    m = {"id": "M", "side": "axis", "name": "Maj", "at": "4,0", "leadership": 5, "command": 1}
    game = make_game(commanders=[k, m])
    _script(game, chances={"commander K killed": 0.04, "commander M killed": 0.0399})
    game.submit("allied", "fire A1 X1")
    (fire,) = _events(game, "fire")
    risk = [(r.label, r.success) for r in fire.receipt.rolls if r.label.startswith("commander")]
    assert risk == [("commander K killed", False), ("commander M killed", True)]
    (told,) = _events(game, "commander-killed")
    assert (told.time, told.text, told.visible_to) == (
        1,
        "commander Maj (axis) is killed at 4,0",
        EVERYONE,
    )
    assert (game.commanders["M"].fate, game.commanders["M"].hex) == ("killed", None)
    assert (game.commanders["K"].fate, str(game.commanders["K"].hex)) == (None, "2,1")


# -- riders under fire ------------------------------------------------------------------------


def test_a_rider_struck_to_a_morale_check_is_thrown_off_and_checks_its_morale() -> None:
    """docs/rulings/tactical.md, Riders under fire: A1's fire at the tank T (hard attack 1 on
    defense 10: 1:10, below the first line, no effect) also strikes its rider R as a soft
    target (4 on 4, 1:1), one draw per A1 SP, labelled as rider attacks: 0.30 is a morale
    check (0.25 to 0.45), the rest nothing. R is thrown off T and takes the morale check: a
    d10 of 5 against morale 6 in the open (-1): it holds."""
    units = [*BASE[:3], _unit("T", "axis", "armor", "4,0", sp=2),
             _unit("R", "axis", "infantry", "4,0", mounted="tank")]  # fmt: skip
    game = make_game(units=units)
    _script(game, uniforms=[NO_EFFECT] * 4 + [0.30, NO_EFFECT, NO_EFFECT, NO_EFFECT], die=5)
    game.submit("allied", "fire A1 T")
    tank, rider = _events(game, "fire")
    assert tank.text == "A1 fires at T at 4,0: no effect"
    assert rider.text == "A1's fire also strikes R riding T at 4,0: morale check"
    assert [(x.label, x.value) for x in rider.receipt.rolls] == [
        ("rider attack 1", 0.30), ("rider attack 2", NO_EFFECT),
        ("rider attack 3", NO_EFFECT), ("rider attack 4", NO_EFFECT),
    ]  # fmt: skip
    (off,) = _events(game, "riders-off")
    assert (off.text, off.visible_to) == ("R is thrown off T at 4,0", EVERYONE)
    (check,) = _events(game, "morale-check")
    assert check.text == "R holds"
    assert [(x.label, x.value) for x in check.receipt.rolls] == [("morale check", 5)]
    assert (game.units["R"].carrier, game.units["R"].mounted) == (None, None)


# -- results applied ---------------------------------------------------------------------------


def test_hard_losses_add_up_as_sps_lost_and_whole_wreck_sps_in_the_hex() -> None:
    """Parameter Data (wreck SPs) and docs/tactical.md (victory points): each SP a hard unit
    loses leaves one wreck SP in its hex, and each is an SP its side has lost. A1 and A2 (hard
    attack 10 on the tank T's 10: 1:1) each draw 0.05 (loss 1, below 0.10): T loses 2 SPs, the
    hex 4,0 holds 2 wreck SPs (whole SPs, as the allies' view shows them), the axis has lost 2
    SPs and the allies score 2 VP."""
    units = [BASE[0], {**BASE[1], "attack_hard": 10.0}, BASE[2],
             _unit("T", "axis", "armor", "4,0"),
             _unit("A2", "allied", "infantry", "2,2", attack_hard=10.0)]  # fmt: skip
    game = make_game(units=units)
    hit = [0.05, NO_EFFECT, NO_EFFECT, NO_EFFECT]
    _script(game, uniforms=hit + hit)
    game.submit("allied", "fire A1 T; fire A2 T")
    assert game.units["T"].sp == 2
    assert game.lost["axis"] == 2
    wrecks = game.view("allied").data["wrecks"]
    assert wrecks == {"4,0": 2}
    assert all(type(n) is int for n in wrecks.values())
    assert game.score()["allied"] == 2


def test_an_eliminated_unit_is_told_to_both_sides_and_its_whole_loss_counts_at_the_break() -> None:
    """docs/tactical.md, Winning: a side whose combat units have lost at least the break point
    of their starting SPs breaks. A1 (soft attack 60 on X1's 4: 15:1) draws 0.10 (loss 3,
    below 0.35) against X1 of 1 SP: X1 is eliminated (both sides told), its 1 SP lost whole,
    so the axis (X1 and X2, 1 SP each) has lost 1 of 2 SPs: exactly its 50 % break point."""
    units = [BASE[0], {**BASE[1], "attack_soft": 60.0}, BASE[2], {**BASE[3], "sp": 1},
             _unit("X2", "axis", "infantry", "7,0", sp=1)]  # fmt: skip
    game = make_game(units=units, break_percent=50)
    _script(game, uniforms=[0.10, NO_EFFECT, NO_EFFECT, NO_EFFECT])
    game.submit("allied", "fire A1 X1")
    (gone,) = _events(game, "eliminated")
    assert (gone.text, gone.visible_to) == ("X1 is eliminated at 4,0", EVERYONE)
    assert str(game.units["A1"].hex) == "2,1"  # a fire does not advance
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == (
        "allied",
        "axis breaks: its combat units lost 1 of 2 SPs (break point 50%)",
    )


# -- assaults --------------------------------------------------------------------------------


def test_an_assault_that_leaves_the_target_in_its_hex_does_not_advance() -> None:
    """docs/tactical.md, Assault: the assaulting unit advances only into a hex the attack has
    emptied. A1 at 3,1 assaults X1 at 4,0 and draws nothing: X1 holds its hex, A1 stays."""
    units = [BASE[0], {**BASE[1], "at": "3,1"}, *BASE[2:]]
    game = make_game(units=units)
    _script(game)
    game.submit("allied", "assault A1 X1")
    assert _events(game, "assault")
    assert not _events(game, "advance")
    assert str(game.units["A1"].hex) == "3,1"


def test_an_assault_that_empties_the_hex_advances_out_of_its_position_and_takes_commanders() -> (
    None
):
    """docs/tactical.md, Assault; docs/rulings/tactical.md, Improved positions and COMMANDERS:
    A1, dug in at 3,1 (soft attack 60 on X1's 4: 15:1), draws 0.10 (loss 3, below 0.35) and
    eliminates X1 of 1 SP; it advances into 4,0, leaving its improved position, and the axis
    major M, alone there now (he survives the 4 % roll), is captured."""
    units = [BASE[0], {**BASE[1], "at": "3,1", "attack_soft": 60.0}, BASE[2],
             {**BASE[3], "sp": 1}, _unit("X2", "axis", "infantry", "7,0")]  # fmt: skip
    m = {"id": "M", "side": "axis", "name": "Maj", "at": "4,0", "leadership": 5, "command": 1}
    game = make_game(units=units, commanders=[m])
    game.units["A1"].improved = True
    _script(game, uniforms=[0.10, NO_EFFECT, NO_EFFECT, NO_EFFECT])
    game.submit("allied", "assault A1 X1")
    (advance,) = _events(game, "advance")
    assert advance.text == "A1 advances from 3,1 into 4,0"
    assert game.units["A1"].improved is False
    assert (game.commanders["M"].fate, game.commanders["M"].hex) == ("captured", None)


# -- opportunity fire ----------------------------------------------------------------------------


def _movers_fire(game: TacticalGame) -> list[str]:
    return [e.text.split()[0] for e in _events(game, "opportunity-fire")]


def test_opportunity_fire_best_odds_first_and_it_stops_when_the_mover_is_disrupted() -> None:
    """docs/rulings/tactical.md, Opportunity fire: best odds first; the fire stops when the
    mover is newly disrupted. A1 enters 3,1 beside X2 (soft attack 8 on A1's 4: 2:1) and X1
    (4 on 4: 1:1): X2 fires, then X1; when X2's first draw is 0.30 (a disruption on the 2:1
    line, 0.15 to 0.40), A1 is disrupted and X1 holds its fire."""
    units = [*BASE, _unit("X2", "axis", "infantry", "4,1", attack_soft=8.0)]
    game = make_game(units=units)
    _script(game)
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == ["X2", "X1"]
    game = make_game(units=units)
    _script(game, uniforms=[0.30, NO_EFFECT, NO_EFFECT, NO_EFFECT])
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == ["X2"]
    assert game.units["A1"].disrupted


def test_opportunity_fire_stops_when_a_disrupted_mover_is_driven_back() -> None:
    """docs/rulings/tactical.md, Opportunity fire: the fire stops when the mover is driven out
    of the hex, even one already disrupted (a disruption on it is a morale check). A1,
    disrupted, enters 3,1; X2's first draw 0.30 disrupts it again: a morale check, a d10 of 10
    fails, A1 falls back, and X1 does not fire at it."""
    units = [*BASE, _unit("X2", "axis", "infantry", "4,1", attack_soft=8.0)]
    game = make_game(units=units)
    game.units["A1"].disrupted = True
    _script(game, uniforms=[0.30, NO_EFFECT, NO_EFFECT, NO_EFFECT], die=10)
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == ["X2"]
    assert [e.text for e in _events(game, "morale-check")] == ["A1 breaks"]
    assert str(game.units["A1"].hex) != "3,1"


@pytest.mark.parametrize(("ap", "fires"), [(40, True), (39, False)])
def test_opportunity_fire_needs_a_fire_actions_ap_left(ap: int, fires: bool) -> None:
    """docs/rulings/tactical.md, Opportunity fire: a unit fires with "at least the fire
    action's AP (40) left". X1 with exactly 40 AP fires at A1 entering 3,1; with 39 it does
    not."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "ap": ap}])
    _script(game)
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == (["X1"] if fires else [])


@pytest.mark.parametrize(("visibility", "fires"), [(2, True), (1, False)])
def test_opportunity_fire_reaches_exactly_the_visibility(visibility: int, fires: bool) -> None:
    """docs/rulings/tactical.md, Opportunity fire: the hex entered must be "within
    visibility". X1 at 5,0 (range 2) is 2 hexes from 3,1: it fires at A1 entering it with a
    visibility of 2, not of 1."""
    game = make_game(units=[*BASE[:3], {**BASE[3], "at": "5,0"}], visibility=visibility)
    _script(game)
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == (["X1"] if fires else [])


def test_an_hq_never_opportunity_fires_even_armed_by_its_scenario() -> None:
    """docs/rulings/tactical.md, Opportunity fire: "every non-HQ unit". The axis HQ, given a
    soft attack of 4, 6 rounds and a range of 2 by the scenario, stands at 4,0 beside 3,1; X1
    is out of range at 7,0: A1 enters 3,1 unopposed."""
    hq = {**BASE[2], "at": "4,0", "attack_soft": 4.0, "ammo": 6, "range": 2}
    game = make_game(units=[BASE[0], BASE[1], hq, {**BASE[3], "at": "7,0"}])
    _script(game)
    game.submit("allied", "move A1 3,1")
    assert _movers_fire(game) == []
    assert str(game.units["A1"].hex) == "3,1"


def test_an_order_not_carried_out_leaves_the_later_orders_to_be_carried_out() -> None:
    """docs/rulings/tactical.md, Opportunity fire, effect on the move: a unit pinned by it
    goes to ground, "a later order for it that needs AP is not carried out" -- and only that
    order. A1 moving to 3,1 is disrupted by X1's fire (0.20: a disruption on the 1:1 line,
    0.10 to 0.25); its fire is not carried out, A2's fire after it is."""
    units = [*BASE, _unit("A2", "allied", "infantry", "2,2")]
    game = make_game(units=units)
    _script(game, uniforms=[0.20, NO_EFFECT, NO_EFFECT, NO_EFFECT])
    game.submit("allied", "move A1 3,1; fire A1 X1; fire A2 X1")
    assert len(_events(game, "not-carried-out")) == 1
    assert [e.text.split()[0] for e in _events(game, "fire")] == ["A2"]


# -- supply ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "draw", "range_50", "result"),
    [("battalion", 0.5, 8.0, "81%: success"), ("battalion", 0.9, 8.0, "81%: failure"),
     ("army", 0.9, "infinite", "100%: success")],
)  # fmt: skip
def test_a_resupply_attempts_receipt(
    level: str, draw: float, range_50: float | str, result: str
) -> None:
    """SUPPLY RANGES; docs/rulings/tactical.md, the chance formula: A1, short of ammunition,
    tries to resupply at the start of its next phase from AHQ 3 hexes away: a battalion HQ
    (50 % at 8 hexes) gives 1 - 0.5 x 3/8 = 81.25 %, the draw 0.5 succeeds and 0.9 fails; an
    Army HQ (infinite range) always succeeds. The receipt names the unit, the HQ, the distance
    and the 50 % range, the table, the draw and the result."""
    units = [{**BASE[0], "hq_level": level}, *BASE[1:]]
    game = make_game(units=units)
    game.units["A1"].ammo = 5
    _script(game, chances={"resupply": draw})
    game.submit("allied", "")
    game.submit("axis", "")
    (attempt,) = _events(game, "resupply")
    r = attempt.receipt
    assert r.inputs == {"unit": "A1", "hq": "AHQ", "distance": 3, "range_50": range_50}
    assert r.table == "SUPPLY RANGES"
    assert [(x.label, x.value) for x in r.rolls] == [("resupply", draw)]
    assert r.result == result
