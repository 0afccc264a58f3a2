"""Seed 004, the aftermath: the leaders' risk, casualties, stability and the occupation."""

from __future__ import annotations

import copy
import math
from typing import Any, cast

import numpy as np
import pytest

from hexwar.rulesets.flankbattle.aftermath import (
    Occupation,
    leader_fates,
    occupy,
    stability_changes,
)
from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.flanks import FlankSpec, validity
from hexwar.rulesets.flankbattle.params import (
    Parameters,
    default_parameters,
)
from tests.rulesets.flankbattle.helpers import P, _hastings_flanks, _term, _testland

from .conftest import WarFactory, battle_of, duel, edited_parameters


def _after_the_battle(battle: Battle, occupation_score: float) -> tuple[float, float]:
    """Each side's stability after the attacker's victory, the same random numbers."""
    occupation = Occupation(1.0, occupation_score, 0.0, "", 0, "")
    winner, loser = stability_changes(battle, 0, occupation, [], {}, np.random.default_rng(1))
    return winner.after, loser.after


def _edit(db: Database, tab: str, name: str, **fields: Any) -> None:
    """Change the row ``name`` of the database tab ``tab`` before the war is set up."""
    row = next(r for r in db.tables[tab] if r["name"] == name)
    row.update(fields)


class _Draws:
    """The battle's stream as the aftermath reads it (``random()`` only), giving the uniform
    draws listed, in order; a draw more than listed is an error."""

    def __init__(self, *draws: float) -> None:
        self.draws = list(draws)

    def random(self) -> float:
        return self.draws.pop(0)


def _stream(*draws: float) -> np.random.Generator:
    return cast(np.random.Generator, _Draws(*draws))


def _first_draws(seed: int, n: int) -> list[float]:
    """The first ``n`` uniform draws of the stream seeded ``seed``."""
    rng = np.random.default_rng(seed)
    return [float(rng.random()) for _ in range(n)]


def _no_occupation() -> Occupation:
    return Occupation(1.0, 999.0, 3.0, "", 0, "")


def _wiped_out_under_a_calm_harold(war: WarFactory, params: Parameters = P) -> Battle:
    """Hastings with Harold's Martial 0 and every Norman gone: William's chance is below 0
    ((R - 40 + Training/2 + 3.8)/100 + 0/8000, R < 10, Training at most 10): he dies whatever
    the roll; Harold's is above 1 ((R - 0 + 5.2/2 + 4.4)/100 + 7000/7000): he survives."""
    battle = duel(war(map_name="Plain", params=params))
    battle.flanks[0].scale(0.0)
    assert battle.final_size(0) == 0.0
    return battle


def _no_maximum_military() -> Parameters:
    """The bundled parameters with a pre-modern nation fielding 0% of its population."""
    data = copy.deepcopy(default_parameters().data)
    data["maximum_military"]["ratio"]["pre_modern"] = [0.0, 0.0]
    data["battle"]["stability_never_rises"] = 0.0
    return Parameters(data)


def _occupiers(war: WarFactory, params: Parameters = P) -> tuple[Battle, float, float]:
    """The Normans having won with half their starting morale left (Starting Military 8000 x
    20 x Morale Bonus / 2: one round's morale step, Morale - Morale^2/(8000 x 20 x Morale
    Bonus), halves it), on land that carries them (no attrition); with the Knights' Efficiency
    and the occupation base (Occupation score: (Winner Occupation Base/Loser Occupation Base)
    /(Loser Disease Power*Winner Medicine), Influenza's power 1.2)."""
    battle = duel(war(map_name="Plain", params=params))
    normans, english = (s.vars for s in battle.sides)
    per_soldier = params.battle["morale_per_soldier"]
    battle.flanks[0].morale = 8000.0 * per_soldier * normans.morale_bonus.value / 2.0
    battle.sides[0].local_population, battle.sides[0].capacity = 1e6, 1.0
    medicine = params.ordered("Medicine", normans.nation["medicine"], "occupation_divisor")
    power = params.disease(english.nation["disease"])["power"]
    base = normans.occupation_base.value / english.occupation_base.value / (power * medicine)
    return battle, normans.units["cavalry"].efficiency.value, base


@pytest.mark.found_by_mutation
def test_the_age_of_civilization_in_the_occupation_base() -> None:
    """Seed 004, Occupation Base: the special calculation Age^(1/log(2))/10^10, Age the war's
    year less the Age of Civilization (the ruling on Occupation Base special calculations).
    Testland's civilization at the seed's default, -2000: 3,066 years in 1066,
    3066^(1/log10 2) / 10^10 = 38.21."""
    side = _testland()
    age = _term(side.occupation_base, "Age^(1/log(2))/10^10")
    assert age == pytest.approx(3066.0 ** (1.0 / math.log10(2.0)) / 1e10, rel=1e-12)
    assert round(age, 2) == 38.21


@pytest.mark.found_by_mutation
def test_the_winners_stability_loss_has_no_occupation_term(war: WarFactory) -> None:
    """Seed 004, Stability reduction: Stability = (Stability*Innate Stability) - ((Military
    Casualties/Maximum Military)/(Economy*2))*log(Occupation+1)*3 + Random Number, and
    "log(Occupation+1) is dropped for the winner". Each side lost as many as its maximum
    military (ratio 1). An occupation score of 999 instead of 0 (log 3 instead of 0) leaves the
    winner's stability as it is and costs the loser (1/(2 x Economy)) x 3 x 3 = 4.5 / Economy
    more."""
    battle = duel(war(map_name="Plain"))
    for state in battle.sides:
        state.killed = state.vars.maximum_military
    (won_0, lost_0), (won_999, lost_999) = (
        _after_the_battle(battle, 0.0),
        _after_the_battle(battle, 999.0),
    )
    assert won_999 == won_0
    economy = battle.sides[1].vars.economy.value
    assert lost_0 - lost_999 == pytest.approx(4.5 / economy, rel=1e-9)


@pytest.mark.found_by_mutation
def test_each_sides_military_leader_risks_his_life_at_his_age(war: WarFactory) -> None:
    """Seed 004, Military ("Military leaders can be killed during the battle") and Leader: P =
    (Random[0-10] - Martial*10 + Training/2 + Leader Age/10)/100 + Final/Original military
    size. At Hastings William (born 1028) and Harold (born 1022) lead their armies and are
    their nations' leaders: each has a fate. William born ten years earlier (1018: 48 years old
    in 1066, not 38) has, with the same draws, 10/10/100 = 0.01 more chance to survive."""
    battle = duel(war(map_name="Plain"))
    fates = leader_fates(battle, 1066, np.random.default_rng(1))
    assert [(f.side, f.name, f.national) for f in fates] == [
        (0, "William the Conqueror", True),
        (1, "Harold Godwinson", True),
    ]
    william = battle.sides[0].vars.military_leader
    assert william is not None
    william["birth_year"] = 1018.0
    older = leader_fates(battle, 1066, np.random.default_rng(1))
    assert older[0].probability - fates[0].probability == pytest.approx(0.01, abs=1e-12)
    assert older[1].probability == fates[1].probability


@pytest.mark.found_by_mutation
def test_a_leaders_chance_to_survive_counts_his_units_training(war: WarFactory) -> None:
    """Seed 004, Leader: P = (Random[0-10] - Martial*10 + Training/2 + Leader Age/10)/100 +
    Final/Original military size, Training "the average skills of the units near him". William
    (Martial 4, 38 in 1066) leads 4,000 Soldiers (Tactical Training 5), 2,000 Knights (8) and
    2,000 Archers (6): an average of 6. Before any loss (Final/Original 1) and with the random
    number the stream's first draw x 10, P = (R - 40 + 3 + 3.8)/100 + 1."""
    battle = duel(war(map_name="Plain"))
    (william, _) = leader_fates(battle, 1066, np.random.default_rng(1))
    r10 = float(np.random.default_rng(1).random()) * 10.0
    assert william.probability == pytest.approx((r10 - 40.0 + 3.0 + 3.8) / 100 + 1.0, abs=1e-12)


@pytest.mark.found_by_mutation
def test_a_winner_with_any_morale_left_occupies(war: WarFactory) -> None:
    """Seed 004, Occupation score: "The occupation phase begins as soon as the battle phase
    ends"; each round the occupation value grows by the Efficiency rate. The Normans won with
    half a point of morale left (of 20 a soldier): the occupation still runs its rounds."""
    from hexwar.rulesets.flankbattle.aftermath import occupy

    battle = duel(war(map_name="Plain"))
    battle.flanks[0].morale = 0.5
    occupation = occupy(battle, 0, np.random.default_rng(1))
    assert occupation.rounds >= 1
    assert occupation.score > occupation.base


@pytest.mark.found_by_mutation
def test_an_occupier_above_its_carrying_capacity_loses_morale_to_attrition(war: WarFactory) -> None:
    """Seed 004, Occupation score: each round the occupation value grows by the Efficiency rate
    (the Normans' best land Efficiency, the Knights' 0.70975), and an occupier above its
    carrying capacity suffers attrition, (Attrition + Random) x Size x (L - 1) soldiers (seed
    004, Carrying capacity), each taking his 20 points of morale. With one round allowed, 8000
    Normans at 1.5 times their capacity (local population 1000) lose (0.01 + r x 0.05) x 8000
    x 0.5 soldiers, r the stream's first draw; the score is the base times 1.70975, the base
    (Winner Occupation Base / Loser Occupation Base) / (Loser Disease Power x Winner Medicine),
    Influenza's power 1.2. The moderator's log is told each note with its round."""
    from hexwar.rulesets.flankbattle.aftermath import occupy

    battle = duel(war(map_name="Plain", params=edited_parameters(occupation_max_rounds=1.0)))
    side = battle.sides[0]
    side.local_population, side.capacity = 1000.0, 8000.0 / 1.5 / 1000.0
    told: list[tuple[int, str]] = []
    occupation = occupy(battle, 0, np.random.default_rng(1), log=lambda n, t: told.append((n, t)))
    r = float(np.random.default_rng(1).random())
    lost_morale = (0.01 + r * 0.05) * 8000 * 0.5 * 20
    assert occupation.rounds == 1
    assert occupation.events[0][1].startswith("Occupation phase begins: base ")
    assert occupation.events[1] == (1, f"Occupation attrition: morale -{lost_morale:.0f}")
    assert occupation.score == pytest.approx(occupation.base * 1.70975, rel=1e-12)
    assert told == occupation.events
    normans, english = (s.vars for s in battle.sides)
    medicine = battle.params.ordered("Medicine", normans.nation["medicine"], "occupation_divisor")
    assert occupation.base == pytest.approx(
        normans.occupation_base.value / english.occupation_base.value / (1.2 * medicine),
        rel=1e-12,
    )


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("government", "factor", "note"),
    [
        ("Feudal", 0.7, "the national leader was killed: Innate Stability -30%"),
        ("Dictatorship", 0.55, "the national leader was killed (totalitarian): -45%"),
        ("Proletariat", 0.55, "the national leader was killed (totalitarian): -45%"),
    ],
)
def test_a_national_leader_killed_leading_the_army_costs_his_nation_innate_stability(
    db: Database, war: WarFactory, government: str, factor: float, note: str
) -> None:
    """Seed 004, Military: "If the military leader is the same as the national leader, and is
    killed in battle, it will take severe affect on stability"; Stability reduction: "If the
    national leader is killed, and the government is dictatorship or proletariat, then Innate
    Stability is reduced by 45%"; "in all other circumstances ... by 30%"; "the death of the
    leader does not depend on losing the battle". William, Normandy's leader, dies leading its
    army, which wins; Harold survives: Normandy's Innate Stability x 0.7 (Feudal) or x 0.55,
    England's kept."""
    _edit(db, "Nation", "Normandy", federal_government=government)
    _edit(db, "Leader", "Harold Godwinson", martial=0.0)
    battle = _wiped_out_under_a_calm_harold(war)
    fates = leader_fates(battle, 1066, np.random.default_rng(1))
    assert [(f.side, f.name, f.national, f.survived) for f in fates] == [
        (0, "William the Conqueror", True, False),
        (1, "Harold Godwinson", True, True),
    ]
    normans, english = stability_changes(
        battle, 0, _no_occupation(), fates, {}, np.random.default_rng(1)
    )
    assert normans.innate < 1.0
    assert normans.innate_after == pytest.approx(normans.innate * factor, rel=1e-12)
    assert normans.notes == [note]
    assert (english.innate_after, english.notes) == (english.innate, [])


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("government", "factors", "factor", "note"),
    [
        (
            "Feudal",
            {"leader_killed_factor": 0.5},
            0.5,
            "the national leader was killed: Innate Stability -50%",
        ),
        (
            "Proletariat",
            {"leader_killed_totalitarian_factor": 0.25},
            0.25,
            "the national leader was killed (totalitarian): -75%",
        ),
    ],
)
def test_the_moderators_factors_for_a_killed_national_leader_are_applied(
    db: Database,
    war: WarFactory,
    government: str,
    factors: dict[str, float],
    factor: float,
    note: str,
) -> None:
    """Seed 004, "these parameters were moved to external JSON files": a parameters file's
    ``leader_killed_factor`` and ``leader_killed_totalitarian_factor`` replace the seed's 70%
    and 55% of Innate Stability kept when the national leader is killed, and the note tells
    the loss the moderator's factor gave (50% and 75%, not the seed's 30% and 45%)."""
    _edit(db, "Nation", "Normandy", federal_government=government)
    _edit(db, "Leader", "Harold Godwinson", martial=0.0)
    battle = _wiped_out_under_a_calm_harold(war, edited_parameters(**factors))
    fates = leader_fates(battle, 1066, np.random.default_rng(1))
    normans, _ = stability_changes(battle, 1, _no_occupation(), fates, {}, np.random.default_rng(1))
    assert normans.innate_after == pytest.approx(normans.innate * factor, rel=1e-12)
    assert note in normans.notes


@pytest.mark.found_by_mutation
def test_a_military_leader_who_does_not_lead_the_nation_dies_without_costing_its_stability(
    db: Database, war: WarFactory
) -> None:
    """Seed 004, Leader: "Both of these leaders can be the same person, but this runs a risk of
    Stability loss if the leader gets killed". Normandy without a national leader: William
    leads only its army, dies, and its Innate Stability is kept."""
    _edit(db, "Nation", "Normandy", leader=None)
    _edit(db, "Leader", "Harold Godwinson", martial=0.0)
    battle = _wiped_out_under_a_calm_harold(war)
    fates = leader_fates(battle, 1066, np.random.default_rng(1))
    william = fates[0]
    assert william.name == "William the Conqueror"
    assert (william.national, william.survived) == (False, False)
    normans, _ = stability_changes(battle, 1, _no_occupation(), fates, {}, np.random.default_rng(1))
    assert (normans.innate_after, normans.notes) == (normans.innate, [])


@pytest.mark.found_by_mutation
def test_a_side_without_a_military_leader_risks_none_and_the_other_still_does(
    db: Database, war: WarFactory
) -> None:
    """Seed 004, Military: "Military leaders can be killed during the battle" -- each side's,
    if it has one. The Norman Host's Leader cell blank: only Harold's fate is drawn."""
    _edit(db, "Military", "Norman Host", leader=None)
    battle = duel(war(map_name="Plain"))
    fates = leader_fates(battle, 1066, np.random.default_rng(1))
    assert [(f.side, f.name) for f in fates] == [(1, "Harold Godwinson")]


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("birth", "age"), [(None, 30), (1036.0, 30), (1066.0, 30), (1070.0, 30), (1065.0, 1)]
)
def test_a_leader_without_a_birth_year_before_the_war_is_30(
    war: WarFactory, birth: float | None, age: int
) -> None:
    """Seed 004, Leader: "If no birth year is given, or is entered incorrectly, then the leader
    is assumed to be 30 years old by default" (docs/rulings/flankbattle.md: a birth year out of
    range). Born in the war's year or after it is no age: 30, as born in 1036; born the year
    before, 1. P = (R - Martial x 10 + Training/2 + Age/10)/100 + 1, William's Martial 4 and
    his units' Training 6 (as above), R the stream's first draw x 10."""
    battle = duel(war(map_name="Plain"))
    william = battle.sides[0].vars.military_leader
    assert william is not None
    william["birth_year"] = birth
    fate = leader_fates(battle, 1066, np.random.default_rng(1))[0]
    r10 = _first_draws(1, 1)[0] * 10.0
    assert fate.probability == pytest.approx((r10 - 40.0 + 3.0 + age / 10) / 100 + 1.0, abs=1e-12)


@pytest.mark.found_by_mutation
def test_the_moderators_martial_weight_counts_in_a_leaders_chance(war: WarFactory) -> None:
    """Seed 004, Leader: P = (Random[0-10] - Martial*10 + ...)/100 + ...; docs/rulings
    (Leader survival): "Martial weighs x10 as written (``martial_weight``)". A parameters file
    weighing Martial x5 raises each leader's chance by Martial x 5/100 on the same draws:
    William (Martial 4) 0.20, Harold (Martial 3) 0.15."""
    tens = leader_fates(duel(war(map_name="Plain")), 1066, np.random.default_rng(1))
    fives = leader_fates(
        duel(war(map_name="Plain", params=edited_parameters(martial_weight=5.0))),
        1066,
        np.random.default_rng(1),
    )
    assert [five.probability - ten.probability for five, ten in zip(fives, tens, strict=True)] == (
        pytest.approx([0.20, 0.15], abs=1e-12)
    )


@pytest.mark.found_by_mutation
def test_a_leader_of_a_single_soldier_counts_him_in_his_chance(war: WarFactory) -> None:
    """Seed 004, Leader: P = (...)/100 + (Final military size / Original military size). The
    smallest military the Military tab allows, one man (Size 1), kept: the ratio is 1/1.
    William leads one Soldier (Tactical Training 5): P = (R - 40 + 2.5 + 3.8)/100 + 1."""
    battle = _hastings_flanks(
        war, ([FlankSpec(200, 200, 1, 0, 0, 0)], [FlankSpec(205, 200, 1050, 0, 2450, 0)])
    )
    assert battle.sides[0].start_size == 1.0
    william = leader_fates(battle, 1066, np.random.default_rng(1))[0]
    r10 = _first_draws(1, 1)[0] * 10.0
    assert william.probability == pytest.approx((r10 - 40.0 + 2.5 + 3.8) / 100 + 1.0, abs=1e-12)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("before", "never_rises", "random_counts", "after", "text"),
    [
        (100.0, 1.0, False, 100.0, "Unrest"),
        (100.0, 0.0, True, 100.0, "Unrest"),
        (200.0, 0.0, False, 200.0, "Golden age"),
    ],
)
def test_a_winner_without_losses_keeps_its_stability_within_0_to_200(
    db: Database,
    war: WarFactory,
    before: float,
    never_rises: float,
    random_counts: bool,
    after: float,
    text: str,
) -> None:
    """Seed 004, Stability reduction: Stability = (Stability*Innate Stability) - (...) + Random
    Number, "Random number varies from 0-5", on "a scale from 0-200", "reduced once per
    battle" (docs/rulings: never above the old score, ``stability_never_rises``; 0 takes the
    formula as written). William's Authority 10 brings Normandy's Innate Stability to 1; the
    Normans win without a casualty: 100 stays 100 (the random number 5 x the stream's first
    draw would raise it), or becomes 100 + 5 x that draw as written; 200 + it is held at 200.
    The result's text is its band (parameters.json, ``results``: 80 Unrest, 185 Golden age)."""
    _edit(db, "Leader", "William the Conqueror", authority=10.0)
    _edit(db, "Nation", "Normandy", stability=before)
    battle = duel(
        war(map_name="Plain", params=edited_parameters(stability_never_rises=never_rises))
    )
    assert battle.sides[0].vars.innate_stability.value == 1.0
    winner, _ = stability_changes(battle, 0, _no_occupation(), [], {}, np.random.default_rng(1))
    random_number = 5.0 * _first_draws(1, 1)[0]
    assert random_number > 0.0
    expected = after + (random_number if random_counts else 0.0)
    assert (winner.before, winner.after, winner.text) == (before, pytest.approx(expected), text)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("params", "ratio", "floor"),
    [({}, 2.0, 0.1), ({"casualty_ratio_cap": 3.0, "economy_floor": 0.9}, 2.5, 0.9)],
)
def test_a_losers_casualties_are_its_killed_and_captured_over_its_maximum_military(
    war: WarFactory, params: dict[str, float], ratio: float, floor: float
) -> None:
    """Seed 004, Stability reduction: ((Military Casualties/Maximum Military)/(Economy*2))
    *log(Occupation+1)*3, "Ratio of casualties is capped at 2", "Economy has a minimum value of
    0.1"; docs/rulings: casualties are killed plus captured. England lost 2 x and had 0.5 x its
    maximum military captured: 2.5, held at the cap of 2; a parameters file's cap of 3 and floor
    of 0.9 (above England's Economy 0.844) give 2.5 / (0.9 x 2). Occupation 999: log 3. The
    loser's random number is the stream's second draw x 5."""
    battle = duel(war(map_name="Plain", params=edited_parameters(**params)))
    english = battle.sides[1]
    maximum = english.vars.maximum_military
    english.killed, english.captured = 2.0 * maximum, 0.5 * maximum
    _, loser = stability_changes(battle, 0, _no_occupation(), [], {}, np.random.default_rng(1))
    economy = max(floor, english.vars.economy.value)
    expected = (
        120.0 * english.vars.innate_stability.value
        - ratio / (economy * 2.0) * 3.0 * 3.0
        + 5.0 * _first_draws(1, 2)[1]
    )
    assert loser.after == pytest.approx(expected, rel=1e-12)


@pytest.mark.found_by_mutation
def test_a_stability_that_would_fall_below_0_is_0(db: Database, war: WarFactory) -> None:
    """Seed 004, Stability reduction: "on a scale from 0-200, where 0 is in total anarchy".
    England at Stability 10 loses twice its maximum military to an occupation of 10^9:
    10 x 0.868 - (2/(2 x 0.844)) x 9 x 3 + at most 5 is below 0: 0, Anarchy."""
    _edit(db, "Nation", "England", stability=10.0)
    battle = duel(war(map_name="Plain"))
    english = battle.sides[1]
    english.killed = 2.0 * english.vars.maximum_military
    occupation = Occupation(1.0, 1e9, 9.0, "", 0, "")
    _, loser = stability_changes(battle, 0, occupation, [], {}, np.random.default_rng(1))
    assert (loser.after, loser.text) == (0.0, "Anarchy")


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("population", "params", "killed", "ratio"),
    [(10.0, edited_parameters(stability_never_rises=0.0), 0.0, 0.0), (None, None, 100.0, 2.0)],
)
def test_casualties_against_a_maximum_military_below_one_man(
    db: Database,
    war: WarFactory,
    population: float | None,
    params: Parameters | None,
    killed: float,
    ratio: float,
) -> None:
    """Seed 004, Maximum military and Stability reduction: a Medieval nation fields 7% of its
    population, and the casualties count as their ratio to that, capped at 2. England of 10
    souls: a maximum of 0.7, no casualties, ratio 0 (the loser's stability loses nothing for
    them); a parameters file that lets it field 0% (no maximum at all): 100 killed are
    infinitely many, the cap, 2. With Occupation 999 (log 3) and the formula as written
    (``stability_never_rises`` 0)."""
    if population is not None:
        _edit(db, "Nation", "England", population=population)
    battle = duel(war(map_name="Plain", params=params or _no_maximum_military()))
    english = battle.sides[1]
    assert english.vars.maximum_military == pytest.approx(0.07 * (population or 0.0))
    english.killed = killed
    _, loser = stability_changes(battle, 0, _no_occupation(), [], {}, np.random.default_rng(1))
    economy = max(0.1, english.vars.economy.value)
    expected = (
        120.0 * english.vars.innate_stability.value
        - ratio / (economy * 2.0) * 3.0 * 3.0
        + 5.0 * _first_draws(1, 2)[1]
    )
    assert loser.after == pytest.approx(expected, rel=1e-12)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(
    ("per_soldier", "local_population", "capacity", "size", "ratio"),
    [
        (20.0, 1000.0, 8.0 / 1.5, 8000.0, 1.5),
        (10.0, 1000.0, 8.0 / 1.5, 8000.0, 1.5),
        (20.0, 1000.0, 0.0, 8000.0, 2.0),
        (20.0, 1.0, 1.0, 1.5, 1.5),
    ],
)
def test_the_morale_an_occupation_attrition_takes_slows_the_next_round(
    war: WarFactory,
    per_soldier: float,
    local_population: float,
    capacity: float,
    size: float,
    ratio: float,
) -> None:
    """Seed 004, Occupation score: each round Morale = Morale - Morale^2/(Starting Military*20
    *Morale Bonus); an occupier above its carrying capacity "will continue to suffer natural
    attrition", (Attrition + Random) x Size x (L - 1) soldiers (Carrying capacity, L at most 2),
    which "will only affect the occupation morale" (20 a soldier, or a parameters file's
    ``morale_per_soldier``); then Efficiency = Efficiency*Morale/Morale at battle end, the rate
    of the next round. Two rounds: score = base x (1 + E0) x (1 + E0 x M1 / M0), M0 the morale
    at the battle's end, M1 = M0/2 - the attrition's morale. L: 1.5 times the carrying
    capacity; a capacity of 0 (nothing carried: L at its cap, 2); 1.5 men left on a carrying
    capacity of 1. Attrition none (0.01), the random number 0.5 x 0.05."""
    params = edited_parameters(occupation_max_rounds=2.0, morale_per_soldier=per_soldier)
    battle, efficiency, base = _occupiers(war, params)
    if size != 8000.0:
        battle.flanks[0].scale(size / 8000.0)
    assert battle.final_size(0) == pytest.approx(size, rel=1e-12)
    side = battle.sides[0]
    side.local_population, side.capacity = local_population, capacity
    end_morale = battle.morale(0)
    occupation = occupy(battle, 0, _stream(0.5, 0.99, 0.5, 0.99))
    lost = (0.01 + 0.5 * 0.05) * size * (ratio - 1.0) * per_soldier
    morale = end_morale / 2.0 - lost
    expected = base * (1.0 + efficiency) * (1.0 + efficiency * morale / end_morale)
    assert occupation.rounds == 2
    assert occupation.score == pytest.approx(expected, rel=1e-12)
    assert occupation.events[1] == (1, f"Occupation attrition: morale -{lost:.0f}")


@pytest.mark.found_by_mutation
def test_the_morale_an_occupation_outbreak_takes_slows_the_next_round(war: WarFactory) -> None:
    """Seed 004, Occupation score: an outbreak of the loser's disease costs the occupiers
    Log2(Infectivity*Reproduction*Deadliness+1)*Winner Medicine*Random Number*200 morale, "the
    random number can vary from 0-3". English Influenza (Infectivity 1, Reproduction 1.8,
    Deadliness 0.02) on the Normans (Classical Medicine, 0.6 against disease), the outbreak
    draw 0 and the random number 0.5 x 3: log2(1.036) x 0.6 x 1.5 x 200 = 9.18, told in the
    log; the next round's rate E0 x (M0/2 - 9.18)/M0."""
    battle, efficiency, base = _occupiers(war, edited_parameters(occupation_max_rounds=2.0))
    end_morale = battle.morale(0)
    occupation = occupy(battle, 0, _stream(0.0, 0.5, 0.99))
    loss = math.log2(1.0 * 1.8 * 0.02 + 1.0) * 0.6 * 1.5 * 200.0
    assert loss == pytest.approx(9.18, abs=0.01)
    morale = end_morale / 2.0 - loss
    expected = base * (1.0 + efficiency) * (1.0 + efficiency * morale / end_morale)
    assert occupation.rounds == 2
    assert occupation.score == pytest.approx(expected, rel=1e-12)
    assert occupation.events[1] == (1, "Outbreak of Influenza among the occupiers: morale -9")


@pytest.mark.found_by_mutation
@pytest.mark.parametrize(("own", "outbreak"), [("Influenza", False), ("Malaria", True)])
def test_an_occupation_outbreak_of_the_occupiers_own_disease_has_a_tenth_of_the_chance(
    db: Database, war: WarFactory, own: str, outbreak: bool
) -> None:
    """Seed 004, Occupation score: the chance of an outbreak each round is
    Outbreak/(Generation*Secular Cycle*Familiarity*4), from "the disease of the losing army",
    Familiarity 10 for the occupiers' own endemic disease (Diseases), else 1. English
    Influenza (Outbreak 0.05) on Normans of the austerity generation (1.4) and the stagnation
    phase (1.2): 0.05/67.2 if they carry Influenza too, 0.05/6.72 if they carry Malaria. A
    draw of twice the first chance: no outbreak among Normans with Influenza, one among
    Normans with Malaria (one round allowed)."""
    _edit(db, "Nation", "Normandy", disease=own)
    battle, _, _ = _occupiers(war, edited_parameters(occupation_max_rounds=1.0))
    familiar = 0.05 / (1.4 * 1.2 * 10.0 * 4.0)
    p = battle.params
    normans = battle.sides[0].vars
    assert p.ordered("Generation", normans.generation, "disease") == 1.4
    assert p.ordered("Secular cycle", normans.secular_cycle, "disease") == 1.2
    occupation = occupy(battle, 0, _stream(2.0 * familiar, 0.5))
    texts = [text for _, text in occupation.events]
    assert any(t.startswith("Outbreak of Influenza among the occupiers") for t in texts) is outbreak


@pytest.mark.found_by_mutation
def test_a_loser_without_a_disease_spreads_none_among_the_occupiers(
    db: Database, war: WarFactory
) -> None:
    """Seed 004, Occupation score: "diseases still wear down the morale of the occupier, but
    only taken from the disease of the losing army". England with no endemic disease ("none"):
    no outbreak is rolled, so each round's attrition (1.5 times the carrying capacity) takes
    the next draw of the stream: 0.2 in the first round, 0.8 in the second."""
    _edit(db, "Nation", "England", disease="none")
    battle, _, _ = _occupiers(war, edited_parameters(occupation_max_rounds=2.0))
    battle.sides[0].local_population, battle.sides[0].capacity = 1000.0, 8.0 / 1.5
    occupation = occupy(battle, 0, _stream(0.2, 0.8))
    lost = [(0.01 + r * 0.05) * 8000.0 * 0.5 * 20.0 for r in (0.2, 0.8)]
    assert occupation.events[1:3] == [
        (1, f"Occupation attrition: morale -{lost[0]:.0f}"),
        (2, f"Occupation attrition: morale -{lost[1]:.0f}"),
    ]


@pytest.mark.found_by_mutation
def test_an_occupier_at_exactly_its_carrying_capacity_suffers_no_attrition(
    war: WarFactory,
) -> None:
    """Seed 004, Occupation score: attrition strikes "if the occupation military exceeds the
    carrying capacity of the region". 8000 Normans on a local population of 1000 with Capacity
    8: exactly at it, no attrition (and no draw for it: the one draw is the outbreak's)."""
    battle, _, _ = _occupiers(war, edited_parameters(occupation_max_rounds=1.0))
    battle.sides[0].local_population, battle.sides[0].capacity = 1000.0, 8.0
    occupation = occupy(battle, 0, _stream(0.99))
    assert [text.split(":")[0] for _, text in occupation.events] == [
        "Occupation phase begins",
        "Occupation ends after 1 rounds",
    ]


@pytest.mark.found_by_mutation
def test_a_winner_without_morale_left_does_not_occupy(war: WarFactory) -> None:
    """Seed 004, Occupation score: the morale of the occupation falls each round and Efficiency
    = Efficiency*Morale/Morale at battle end. A winner with no morale left at the battle's end
    (as a defender holding the field when both sides rout with none) occupies for no round: the
    score is the base, 2.498 (log 0.398, below the 0.5 of a Raid), and no draw is made."""
    battle, _, base = _occupiers(war)
    battle.flanks[0].morale = 0.0
    occupation = occupy(battle, 0, _stream())
    assert (occupation.rounds, occupation.score) == (0, pytest.approx(base, rel=1e-12))
    assert occupation.result == pytest.approx(math.log10(base), rel=1e-12)
    assert occupation.text == "The victor cannot hold the region"


@pytest.mark.found_by_mutation
def test_an_occupation_score_below_1_is_a_negative_result(war: WarFactory) -> None:
    """Seed 004, Occupation score: "The final value of occupation, as a logarithm, is taken as
    the final occupation result"; the morale step of an army the battle left untouched takes
    its whole morale (Morale - Morale^2/(Starting Military*20*Morale Bonus) = 0 when Morale is
    all of it), so the occupation ends after its first round. The English winning at Hastings:
    base (England's Occupation Base / Normandy's) / (1.2 x 0.8) = 0.434, x (1 + the Huscarls'
    Efficiency 0.7023) = 0.740, result log 0.740 = -0.131: the victor cannot hold the region,
    as the log's last line tells."""
    battle = duel(war(map_name="Plain"))
    normans, english = (s.vars for s in battle.sides)
    base = english.occupation_base.value / normans.occupation_base.value / (1.2 * 0.8)
    score = base * (1.0 + english.units["infantry"].efficiency.value)
    occupation = occupy(battle, 1, np.random.default_rng(1))
    assert (occupation.rounds, occupation.unit) == (1, "Huscarl")
    assert occupation.score == pytest.approx(score, rel=1e-12)
    assert occupation.result == pytest.approx(math.log10(score), rel=1e-12)
    assert occupation.result == pytest.approx(-0.131, abs=1e-3)
    assert occupation.text == "The victor cannot hold the region"
    assert occupation.events[-1] == (
        1,
        f"Occupation ends after 1 rounds: score {score:.6g}, result {math.log10(score):.4g} "
        "(The victor cannot hold the region)",
    )


@pytest.mark.found_by_mutation
def test_the_occupation_goes_on_while_its_change_is_not_below_the_asymptote(
    war: WarFactory,
) -> None:
    """Seed 004, Occupation score: "Once the change of the occupation score is less than 0.01,
    then it is assumed to have reached an asymptote, and the occupation ends". With the
    asymptote (``occupation_asymptote``) set to exactly the first round's change, base x E0,
    that change is not less: a second round, whose change, base x (1 + E0) x E0/2, is less;
    set a hair above the first change, the occupation ends after one round."""
    first = occupy(
        _occupiers(war, edited_parameters(occupation_max_rounds=1.0))[0], 0, _stream(0.99)
    )
    change = first.score - first.base
    rounds = []
    for asymptote in (change, math.nextafter(change, math.inf)):
        params = edited_parameters(occupation_asymptote=asymptote, occupation_max_rounds=5.0)
        battle, _, _ = _occupiers(war, params)
        rounds.append(occupy(battle, 0, _stream(*[0.99] * 5)).rounds)
    assert rounds == [2, 1]


@pytest.mark.found_by_mutation
def test_on_land_the_occupation_takes_the_best_land_unit_even_below_the_ships(
    war: WarFactory,
) -> None:
    """Seed 004, Occupation score: "the values of efficiency and limitation are taken from
    whichever unit has the highest efficiency value. However, if climate is set to Ocean, then
    ... from the ship unit unconditionally" -- on land, from the land units: the Longships
    made the most efficient (0.9) still leave the occupation to the Knights (0.70975)."""
    battle, _, _ = _occupiers(war, edited_parameters(occupation_max_rounds=1.0))
    battle.sides[0].vars.units["ship"].efficiency.value = 0.9
    occupation = occupy(battle, 0, _stream(0.99))
    assert occupation.unit == "Norman Knight"
    assert occupation.events[0][1].endswith("efficiency 0.7098 (Norman Knight)")


@pytest.mark.found_by_mutation
def test_a_leader_whose_side_fielded_no_one_has_no_military_kept_in_his_chance(
    db: Database, war: WarFactory
) -> None:
    """Seed 004, Leader: P = (Random[0-10] - Martial*10 + Training/2 + Leader Age/10)/100 +
    (Final military size / Original military size). A Norman Host of 10 men may deploy none of
    them (Interface: the status stays "Good" while the flanks are "no more than 10 soldiers"
    off, and a ship off is allowed): nothing fielded, nothing kept, the ratio 0 (not 0/0).
    William's units' training is then the Longship's, his chance (R - 40 + Training/2 + 3.8)
    /100 below 0: he dies."""
    _edit(db, "Military", "Norman Host", size=10.0, ship_number=1.0)
    setup = war(map_name="Plain")
    nobody = [FlankSpec(200, 200, 0, 0, 0, 0)]
    host = setup.sides[0]
    status = validity(nobody, 10.0, setup.proportions(0), host.ship_number, setup.crew(0))
    assert (status.good, status.text) == (True, "Good (0/10)")
    battle = battle_of(setup, nobody, [FlankSpec(205, 200, 1050, 0, 2450, 0)])
    assert battle.sides[0].start_size == 0.0
    william = leader_fates(battle, 1066, np.random.default_rng(1))[0]
    training = battle.sides[0].vars.units["ship"].slot.unit.tactical_training
    r10 = _first_draws(1, 1)[0] * 10.0
    expected = (r10 - 40.0 + training / 2 + 3.8) / 100
    assert william.probability == pytest.approx(expected, abs=1e-12)
    assert (william.probability < 0.0, william.survived) == (True, False)


@pytest.mark.found_by_mutation
def test_an_occupation_score_of_0_is_a_result_of_minus_infinity(
    db: Database, war: WarFactory
) -> None:
    """Seed 004, Occupation Base: the product of its terms, each special term held at the
    occupation term floor (docs/rulings/flankbattle.md: 0.01, so that a negative logarithm
    cannot make the product negative). A parameters file with a floor of 0 lets a term of 0
    through: Normandy on Rice, its civilization begun in the war's year (the diet term
    log10(0.5249) < 0, held at 0), has an Occupation Base of 0; its occupation score is 0
    whatever the rounds, and its result log 0, minus infinity: the victor cannot hold the
    region."""
    _edit(db, "Nation", "Normandy", diet="Rice", age_of_civilization=1066.0)
    battle = duel(war(map_name="Plain", params=edited_parameters(occupation_term_floor=0.0)))
    assert battle.sides[0].vars.occupation_base.value == 0.0
    occupation = occupy(battle, 0, np.random.default_rng(1))
    assert (occupation.score, occupation.result, occupation.text) == (
        0.0,
        -math.inf,
        "The victor cannot hold the region",
    )
