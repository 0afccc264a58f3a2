"""Seed 004, disease: endemic outbreaks each hour, familiar diseases, vaccination, deaths."""

from __future__ import annotations

import itertools
import math

import pytest

from hexwar.rulesets.flankbattle.database import Database
from hexwar.rulesets.flankbattle.engine import Battle
from hexwar.rulesets.flankbattle.flanks import FlankSpec
from tests.rulesets.flankbattle.helpers import _draws_listed, _draws_then, _quiet_duel

from .conftest import (
    WarFactory,
    battle_of,
    duel,
)

# Seed 004, Diseases: Log2(Infectivity*Reproduction*Deadliness+1) of Influenza (parameters.json:
# infectivity 1, reproduction 1.8, deadliness 0.02), the Normans' and the English disease.
LOG2_INFLUENZA = math.log2(1.0 + 1.8 * 0.02)


def _outbreaks(battle: Battle) -> list[str]:
    return [e.data["side"] for e in battle.events if e.kind == "disease"]


@pytest.mark.found_by_mutation
def test_each_side_meets_both_endemic_diseases_but_none(db: Database, war: WarFactory) -> None:
    """Seed 004, Diseases: "the algo reads the disease from both sides, and then applies both
    diseases to each side once every round"; P = Outbreak*(Military Size/Maximum Military)/
    (Generation*Secular Cycle*Familiarity*6), Familiarity 10 for the nation's own disease. The
    Normans carry Influenza (outbreak 0.05, parameters.json); England has no endemic disease
    ("none": nothing to roll) and 20 people, a Medieval Monarchy's 7%: a Maximum Military of 1.4
    (not one whole soldier). Each side rolls Influenza once, the outbreak draws 0: the Normans
    (8,000 of 70,000; Normandy 155 years old, stagnation 1.2; its crisis 19 years ago, austerity
    1.4) P = 0.05 x 8000/70000 / (1.4 x 1.2 x 10 x 6) = 0.000057; the English (7,000 of 1.4;
    England 139 years old, growth 1.4; its crisis 50 years ago, awakening 1.15) P = 0.05 x
    5000 / (1.15 x 1.4 x 1 x 6) = 25.879917, so any draw breaks it out (0.99). Casualties =
    Log2(Infectivity*Reproduction*Deadliness+1)*(Military Size/500)*Medicine*Random, Influenza
    log2(1 x 1.8 x 0.02 + 1) = 0.051024, Classical Medicine 0.6, the draw 0.5 (Random 2.5):
    0.051024 x 16 x 0.6 x 2.5 = 1.225 Normans, 0.051024 x 14 x 0.6 x 2.5 = 1.072 English."""
    england = next(row for row in db.tables["Nation"] if row["name"] == "England")
    england.update(disease="none", population=20.0)
    battle = battle_of(
        war(map_name="Plain"),
        [FlankSpec(50, 200, 4000, 2000, 2000, 134)],
        [FlankSpec(350, 200, 2100, 0, 4900, 140)],
    )
    assert battle.sides[1].vars.maximum_military == pytest.approx(1.4)
    _draws_then(battle, [0.0, 0.5, 0.99, 0.5], 0.99)
    battle.disease(0)
    battle.disease(1)
    outbreaks = [
        (e.data["side"], e.data["disease"], e.data["probability"], e.data["casualties"])
        for e in battle.events
        if e.kind == "disease"
    ]
    normans = 0.05 * (8000 / 70000) / (1.4 * 1.2 * 10 * 6)
    english = 0.05 * 5000 / (1.15 * 1.4 * 6)
    assert outbreaks == [
        ("Attacker", "Influenza", pytest.approx(normans, abs=1e-6), 1.225),
        ("Defender", "Influenza", pytest.approx(english, abs=1e-6), 1.072),
    ]
    assert round(english, 6) == 25.879917


@pytest.mark.found_by_mutation
def test_a_vaccinated_army_loses_no_one_to_an_outbreak(war: WarFactory) -> None:
    """Seed 004, Diseases: Casualties = Log2(Infectivity*Reproduction*Deadliness+1)*(Military
    Size/500)*Medicine*Random; "Vaccination has a value here of 0". Influenza breaks out among
    vaccinated Normans (every outbreak draw 0, below any chance): the outbreak is told, with no
    casualties, and no one dies of it."""
    battle = duel(war(map_name="Plain"))
    draws = iter([0.0, 0.5] * 2)
    battle._random = lambda: next(draws)
    generation, secular, _, maximum = battle.disease_factors[0]
    battle.disease_factors[0] = (generation, secular, 0.0, maximum)
    battle.disease(0)
    kinds = [(e.kind, e.data.get("casualties")) for e in battle.events]
    assert kinds == [("disease", 0.0), ("disease", 0.0)]
    assert (battle.flanks[0].size, battle.flanks[0].died) == (8000.0, 0.0)


@pytest.mark.found_by_mutation
def test_a_flank_wiped_out_by_disease_has_no_morale_left(war: WarFactory) -> None:
    """Seed 004, Attrition: "it is possible for a flank to be entirely wiped out by
    attrition", logged as "A flank is wiped out completely by attrition" (Output); the morale
    of a dead soldier is zero (Attacking). Disease takes every one of the 8,000 Normans: no
    men, no morale, the flank Inactive."""
    battle = duel(war(map_name="Plain"))
    normans = battle.flanks[0]
    battle.natural_loss(normans, 8000.0, "disease")
    assert (normans.size, normans.morale, normans.status) == (0.0, 0.0, "Inactive")
    assert [(e.kind, e.text) for e in battle.events] == [
        ("disease-deaths", "Attacker flank 1 loses 8000 to disease"),
        ("wiped-out", "Attacker flank 1 is wiped out completely by disease"),
    ]


@pytest.mark.found_by_mutation
def test_deaths_to_disease_add_up_on_the_side(war: WarFactory) -> None:
    """Seed 004, Diseases: "casualty by diseases are tracked separately from any other type
    of attrition". Two outbreaks take 50 and then 30 Normans: the side's disease deaths are
    80."""
    battle = duel(war(map_name="Plain"))
    normans = battle.flanks[0]
    battle.natural_loss(normans, 50.0, "disease")
    battle.natural_loss(normans, 30.0, "disease")
    assert battle.sides[0].disease_deaths == 80.0


@pytest.mark.found_by_mutation
def test_each_endemic_disease_rolls_its_own_outbreak_every_hour(war: WarFactory) -> None:
    """Seed 004, Diseases: each hour each endemic disease of the two nations may break out
    among a side, with probability Outbreak*(Military Size/Maximum Military)/(Generation*
    Secular Cycle*Familiarity*6), and kills Log2(Infectivity*Reproduction*Deadliness+1)*
    (Military Size/500)*Medicine*Random. Both nations carry Influenza (outbreak 0.05), so each
    side rolls twice. The Normans (austerity: Generation 1.4; stagnation: Secular Cycle 1.2;
    Classical Medicine 0.6; maximum military 70,000; their own disease: Familiarity 10):
    P = 0.05 x (8000/70000) / (1.4 x 1.2 x 10 x 6) = 0.00005669. The first roll 0.9 misses, the
    second, 0.0000123456789, strikes; the random number 0.5 x 5: 0.051024 x 16 x 0.6 x 2.5 =
    1.2246 Normans. The outbreak is told with its side, disease, probability and roll to 6
    decimals and its casualties to 3."""
    battle = _quiet_duel(war)
    _draws_listed(battle, 0.9, 0.0000123456789, 0.5)
    battle.step()
    (outbreak,) = [e for e in battle.events if e.kind == "disease"]
    assert outbreak.text == "An outbreak of Influenza strikes the attacker"
    assert outbreak.data == {
        "side": "Attacker",
        "disease": "Influenza",
        "probability": 0.000057,
        "roll": 0.000012,
        "casualties": 1.225,
    }
    assert round(LOG2_INFLUENZA * 16 * 0.6 * 2.5, 4) == 1.2246
    assert battle.sides[0].disease_deaths == pytest.approx(LOG2_INFLUENZA * 24, rel=1e-12)


@pytest.mark.found_by_mutation
def test_an_army_of_one_soldier_falls_ill_twice_in_an_hour(war: WarFactory) -> None:
    """Seed 004, Diseases (as above): an army of one soldier still meets both outbreak chances
    (P = 0.05 x (1/70000)/100.8, above the draw 0), and an outbreak takes its share of him. The
    Normans cut down to one soldier: both rolls strike, the random number 0.5 x 5 each time;
    the first takes c = 0.051024 x (1/500) x 0.6 x 2.5 = 0.000153 of him, the second the same
    of the 1 - c left: c + c x (1 - c) in all, counted as deaths by disease."""
    battle = _quiet_duel(war)
    normans = battle.flanks[0]
    normans.scale(1.0 / 8000.0)
    assert normans.size == 1.0
    _draws_listed(battle, 0.0, 0.5, 0.0, 0.5)
    battle.step()
    assert _outbreaks(battle) == ["Attacker", "Attacker"]
    c = LOG2_INFLUENZA * (1.0 / 500.0) * 0.6 * 2.5
    assert battle.sides[0].disease_deaths == pytest.approx(c + c * (1.0 - c), rel=1e-9)
    assert normans.size == pytest.approx(1.0 - c - c * (1.0 - c), rel=1e-12)


@pytest.mark.found_by_mutation
@pytest.mark.parametrize("routed_before", [True, False])
def test_a_side_out_of_the_battle_rolls_no_more_disease(
    war: WarFactory, routed_before: bool
) -> None:
    """Seed 004, Diseases strike the flanks in the battle; a routed flank has dropped out of it
    "entirely" (Attacking), and every draw comes from the battle's one stream in a fixed order.
    The Normans routed before the hour roll nothing, so the English take the hour's first draw:
    0.0, an outbreak (P = 0.05 x (7000/119000)/(1.15 x 1.4 x 10 x 6), their Generation,
    Secular Cycle and maximum military). Or the Normans, held a morale point above the 10% at
    which a flank leaves the battle, are struck by their first outbreak (1.2246 men, 36.8
    morale): fully routed, they do not roll their second disease, and the English again take
    the next draw, 0.0, for their first."""
    battle = _quiet_duel(war)
    normans = battle.flanks[0]
    if routed_before:
        normans.routed = normans.routing = True
        _draws_listed(battle, 0.0, 0.5)
        expected = ["Defender"]
    else:
        normans.morale = 0.1 * normans.start_morale + 1.0
        _draws_listed(battle, 0.0, 0.5, 0.0, 0.5)
        expected = ["Attacker", "Defender"]
    battle.step()
    assert _outbreaks(battle) == expected
    assert normans.routed
    deaths = 0.0 if routed_before else LOG2_INFLUENZA * 24
    assert battle.sides[0].disease_deaths == pytest.approx(deaths, rel=1e-12)


@pytest.mark.found_by_mutation
def test_both_diseases_can_break_out_on_a_side_in_the_same_hour(war: WarFactory) -> None:
    """Seed 004, Diseases: "the algo reads the disease from both sides, and then applies both
    diseases to each side once every round ... each army has not one but two chances for a
    disease outbreak every round". At Hastings both sides carry Influenza; with every outbreak
    draw 0 (below any chance) and every random number 0.5, the attacker's flank suffers two
    outbreaks in the hour, the second on the soldiers the first left, and loses both tolls."""
    battle = duel(war(map_name="Plain"))
    draws = itertools.cycle([0.0, 0.5])
    battle._random = lambda: next(draws)
    flank = battle.flanks[0]
    before = flank.size
    battle.disease(0)
    outbreaks = [e for e in battle.events if e.kind == "disease"]
    assert [e.text for e in outbreaks] == ["An outbreak of Influenza strikes the attacker"] * 2
    first, second = (float(e.data["casualties"]) for e in outbreaks)
    assert second < first
    assert before - flank.size == pytest.approx(first + second, abs=2e-3)


@pytest.mark.found_by_mutation
def test_an_outbreak_of_a_familiar_disease_has_a_tenth_of_the_chance(war: WarFactory) -> None:
    """Seed 004, Diseases: P = Outbreak*(Military Size/Maximum Military)/(Generation*Secular
    Cycle*Familiarity*6), Familiarity 10 for the nation's own endemic disease. The Normans carry
    Influenza (Outbreak 0.05) and meet it in the English: familiar. 8000 Normans of a maximum
    of 70,000 (7% of Normandy's million): the event gives P to 6 decimals."""
    battle = duel(war(map_name="Plain"))
    draws = itertools.cycle([0.0, 0.5])
    battle._random = lambda: next(draws)
    sv = battle.sides[0].vars
    assert (sv.nation["disease"], sv.maximum_military) == ("Influenza", 70000.0)
    p = battle.params
    generation = p.ordered("Generation", sv.generation, "disease")
    secular = p.ordered("Secular cycle", sv.secular_cycle, "disease")
    expected = 0.05 * (8000.0 / 70000.0) / (generation * secular * 10.0 * 6.0)
    battle.disease(0)
    first = next(e for e in battle.events if e.kind == "disease")
    assert first.data["probability"] == pytest.approx(expected, abs=5e-7)
    assert first.data["probability"] > 0.0
