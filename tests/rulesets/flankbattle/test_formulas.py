"""Every formula seed 004 states, checked against hand computation.

Each test names the seed section (004_afaccbb657d76b46.txt) the formula comes from.
"""

from __future__ import annotations

import math

import pytest

from hexwar.rulesets.flankbattle.aftermath import (
    leader_survival_probability,
    occupation_base_ratio,
    occupation_morale_step,
    stability_after,
)
from hexwar.rulesets.flankbattle.engine import (
    UnitState,
    attrition_casualties,
    battalion,
    casualties,
    charge_probability,
    disease_casualties,
    morale_loss,
    outbreak_probability,
)
from hexwar.rulesets.flankbattle.params import UnitType, default_parameters
from hexwar.rulesets.flankbattle.variables import effectiveness, occupation_special


def test_effectiveness_is_one_plus_shock_times_soldier_type() -> None:
    """Mapping inputs to outputs: Effectiveness = (1+Shock)*Soldier Type."""
    assert effectiveness(0.3, 1.5, None) == pytest.approx(1.95)


def test_military_leader_multiplies_effectiveness_by_attack_plus_one() -> None:
    """Leader table: Effectiveness [* (attack + 1)]."""
    assert effectiveness(0.0, 1.0, 4.0) == pytest.approx(5.0)


def test_occupation_base_special_calculations() -> None:
    """Mapping inputs to outputs: the six special calculations of the Occupation Base."""
    diet = {"protein": 455.0, "population": 3.0, "domestication": 1.0, "diversity": 20.0}
    terms = dict(
        occupation_special(
            age=3066.0,
            population=1e6,
            urban=0.6,
            power_consumption=75e6,
            arable=7000.0,
            diet=diet | {"worth": 1.0},
        )
    )
    assert terms["Age^(1/log(2))/10^10"] == pytest.approx(3066 ** (1 / math.log10(2)) / 1e10)
    assert terms["Population^(1/3)"] == pytest.approx(100.0)
    assert terms["Urban Population^(1/log(8))*10"] == pytest.approx(0.6 ** (1 / math.log10(8)) * 10)
    assert terms["log((Power Consumption/8760)+1)"] == pytest.approx(math.log10(75e6 / 8760 + 1))
    assert terms["log(Arable land*Diet Protein*Diet Yield/Urban*Population)*2"] == pytest.approx(
        math.log10(7000 * 455 * 3 / (0.6 * 1e6)) * 2
    )
    assert terms[
        "log(Diet Yield*Diet Protein*(1-1/Diet Diversity)*Diet Domestication*(Age/3700))"
    ] == pytest.approx(math.log10(3 * 455 * (1 - 1 / 20) * 1 * (3066 / 3700)))


def test_battalion_is_square_root_above_one_hundred_soldiers() -> None:
    """Attacking: battalion = sqrt(Military Size*Unit Proportion*Limitation) above 100."""
    assert battalion(900.0, 0.5, 1000.0, 100) == pytest.approx(math.sqrt(450.0))


def test_battalion_square_root_is_waived_below_one_hundred() -> None:
    """Attacking: "this principle is waved if the military size is less than 100"."""
    assert battalion(60.0, 0.5, 80.0, 100) == pytest.approx(30.0)


def test_casualties_formula() -> None:
    """Attacking: Battalion*Effectiveness*Power*Efficiency*Random*Mercy*(1-Enemy Defense)."""
    assert casualties(30.0, 1.5, 0.5, 0.8, 2.0, 1.0, 0.25) == pytest.approx(
        30 * 1.5 * 0.5 * 0.8 * 2.0 * 1.0 * 0.75
    )


def test_mercy_cuts_casualties_of_a_routing_enemy_to_a_tenth() -> None:
    """Attacking: Mercy is 1, or 0.1 if the enemy is routing."""
    full = casualties(30.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0)
    assert casualties(30.0, 1.0, 1.0, 1.0, 1.0, 0.1, 0.0) == pytest.approx(full / 10)


def test_morale_loss_formula_with_flanking() -> None:
    """Attacking: Battalion*Effectiveness*Psychology*Power*(1+(flanking-1)/10)*Efficiency
    *Random*(1-Enemy Defense); no mercy."""
    assert morale_loss(30.0, 1.0, 2.0, 0.5, 3, 0.8, 2.0, 0.25) == pytest.approx(
        30 * 1.0 * 2.0 * 0.5 * 1.2 * 0.8 * 2.0 * 0.75
    )


def test_charge_probability() -> None:
    """Movement: (1-(units ready to attack/total size of flank))/2+shock."""
    assert charge_probability(250.0, 1000.0, 0.1) == pytest.approx(0.475)


def test_range_is_reduced_by_square_root_of_enemy_size_and_disabled_weapon_sets_minimum() -> None:
    """Movement and Unit (Range): a disabled weapon's range is the minimum of the next one."""
    falconet = UnitType(
        "Falconet", short_range=50, medium_range=200, long_range=400, power=(0.0, 2.0, 1.0)
    )
    u = UnitState("artillery", falconet, 10, 1, 1, 0, 1)
    assert u.weapon(30.0) == -1  # too close: no short-range weapon
    assert u.weapon(120.0) == 1
    assert u.weapon(300.0) == 2
    assert u.weapon(450.0) == -1


def test_attrition_nothing_at_or_below_capacity() -> None:
    """Carrying capacity: if L is less than one, no attrition is felt."""
    assert attrition_casualties(0.01, 0.02, 5000.0, 0.9) == 0.0


def test_attrition_logistic_formula_with_l_capped_at_two() -> None:
    """Carrying capacity: (Attrition+Random)*Military Size*(1-L), L capped at 2 (magnitude)."""
    assert attrition_casualties(0.01, 0.02, 5000.0, 1.5) == pytest.approx(0.03 * 5000 * 0.5)
    assert attrition_casualties(0.01, 0.02, 5000.0, 7.0) == pytest.approx(0.03 * 5000 * 1.0)


def test_outbreak_probability() -> None:
    """Diseases: Outbreak*(Military Size/Maximum Military)/(Generation*Secular*Familiarity*6)."""
    assert outbreak_probability(0.03, 5000, 100_000, 1.0, 1.2, False) == pytest.approx(
        0.03 * 0.05 / (1.2 * 6)
    )
    assert outbreak_probability(0.03, 5000, 100_000, 1.0, 1.2, True) == pytest.approx(
        0.03 * 0.05 / (1.2 * 10 * 6)
    )


def test_disease_casualties_use_log_base_two() -> None:
    """Diseases: Log2(Infectivity*Reproduction*Deadliness+1)*(Military Size/500)*Medicine
    *Random -- "the only equation in the algo using log base 2"."""
    assert disease_casualties(1.0, 5.0, 0.6, 5000.0, 0.6, 2.0) == pytest.approx(
        2.0 * 10 * 0.6 * 2.0
    )


def test_vaccinated_medicine_prevents_disease_casualties() -> None:
    """Diseases: "Vaccination has a value here of 0"."""
    p = default_parameters()
    assert p.ordered("Medicine", "Vaccinated", "disease") == 0.0


def test_leader_survival_probability() -> None:
    """Leader: P = (Random[0-10] - Martial*10 + Training/2 + Leader Age/10)/100
    + Final/Original military size."""
    p = leader_survival_probability(6.0, 2.0, 5.0, 40.0, 700.0, 1000.0)
    assert p == pytest.approx((6 - 20 + 2.5 + 4) / 100 + 0.7)


def test_occupation_base_ratio() -> None:
    """Occupation score: (Winner Base/Loser Base)/(Loser Disease Power*Winner Medicine)."""
    assert occupation_base_ratio(400.0, 100.0, 2.0, 0.5) == pytest.approx(4.0)


def test_occupation_morale_step() -> None:
    """Occupation score: Morale = Morale - Morale^2/(Starting Military*20*Morale Bonus)."""
    assert occupation_morale_step(10_000.0, 1000.0, 1.0) == pytest.approx(10_000 - 1e8 / 20_000)


def test_stability_formula_for_the_loser() -> None:
    """Stability reduction: (Stability*Innate) - ((Casualties/Max)/(Economy*2))
    *log(Occupation+1)*3 + Random."""
    value = stability_after(100.0, 0.8, 5000.0, 50_000.0, 0.5, 99.0, False, 1.0)
    assert value == pytest.approx(80 - (0.1 / 1.0) * 2.0 * 3 + 1.0)


def test_stability_drops_the_occupation_log_for_the_winner() -> None:
    """Stability reduction notes: "log(Occupation+1) is dropped for the winner"."""
    value = stability_after(100.0, 0.8, 5000.0, 50_000.0, 0.5, 99.0, True, 1.0)
    assert value == pytest.approx(80 - 0.1 * 3 + 1.0)


def test_stability_caps_casualty_ratio_at_two_and_economy_at_least_a_tenth() -> None:
    """Stability reduction notes: ratio of casualties capped at 2; Economy minimum 0.1."""
    value = stability_after(100.0, 1.0, 1e9, 1000.0, 0.0, 0.0, True, 0.0)
    assert value == pytest.approx(100 - (2.0 / 0.2) * 3)


def test_maximum_military_table() -> None:
    """Maximum military: 100% pre-urban, 7% pre-modern, 20% or 10% modern."""
    p = default_parameters()
    assert p.maximum_military_ratio("Nomadic", "Monarchy") == 1.0
    assert p.maximum_military_ratio("Medieval", "Dictatorship") == 0.07
    assert p.maximum_military_ratio("Industrial", "Proletariat") == 0.2
    assert p.maximum_military_ratio("Post-Industrial", "Republic") == 0.1


def test_secular_cycle_and_generation_phases() -> None:
    """Nation: Founded Year 0-40 developing, 40-150 growth, 150-220 stagnation, 220-250 crisis,
    beyond depression; Crisis Year 0-30 austerity, 30-60 awakening, 60-80 unraveling, crisis."""
    p = default_parameters()
    assert [p.phase("Secular cycle", a) for a in (10, 100, 200, 230, 300)] == [
        "developing",
        "growth",
        "stagnation",
        "crisis",
        "depression",
    ]
    assert [p.phase("Generation", a) for a in (10, 45, 70, 90)] == [
        "austerity",
        "awakening",
        "unraveling",
        "crisis",
    ]


def test_generation_times_secular_cycle_lies_between_half_and_two() -> None:
    """Diseases: "their multiplication varies between 0.5 and 2"."""
    p = default_parameters()
    products = [
        p.ordered("Generation", g, "disease") * p.ordered("Secular cycle", s, "disease")
        for g in p.data["ordered"]["Generation"]["values"]
        for s in p.data["ordered"]["Secular cycle"]["values"]
    ]
    assert min(products) >= 0.45
    assert max(products) <= 2.0


def test_occupation_outbreak_probability() -> None:
    """Occupation score: Outbreak/(Generation*Secular Cycle*Familiarity*4)."""
    from hexwar.rulesets.flankbattle.aftermath import occupation_outbreak_probability

    assert occupation_outbreak_probability(0.04, 1.0, 0.8, False) == pytest.approx(0.04 / 3.2)
    assert occupation_outbreak_probability(0.04, 1.0, 0.8, True) == pytest.approx(0.04 / 32)


def test_occupation_disease_morale_loss() -> None:
    """Occupation score: Log2(Infectivity*Reproduction*Deadliness+1)*Winner Medicine
    *Random*200."""
    from hexwar.rulesets.flankbattle.aftermath import occupation_disease_morale_loss

    assert occupation_disease_morale_loss(1.0, 7.0, 1.0, 0.5, 2.0) == pytest.approx(
        3.0 * 0.5 * 2.0 * 200
    )


def test_occupation_efficiency_decays_with_morale() -> None:
    """Occupation score: Efficiency = Efficiency*Morale/Morale at battle end."""
    from hexwar.rulesets.flankbattle.aftermath import efficiency_decay

    assert efficiency_decay(0.8, 750.0, 1000.0) == pytest.approx(0.6)


def test_innate_stability_reductions() -> None:
    """Stability reduction: -40% losing at the capital; national leader killed -45% under a
    Dictatorship or Proletariat, else -30%; the leader's death does not need a defeat."""
    from hexwar.rulesets.flankbattle.aftermath import innate_after

    kw = {"lost_at_capital": False, "national_leader_killed": False, "government": "Monarchy"}
    assert innate_after(1.0, **kw)[0] == 1.0  # type: ignore[arg-type]
    assert innate_after(1.0, **(kw | {"lost_at_capital": True}))[0] == pytest.approx(0.6)  # type: ignore[arg-type]
    killed = kw | {"national_leader_killed": True}
    assert innate_after(1.0, **killed)[0] == pytest.approx(0.7)  # type: ignore[arg-type]
    totalitarian = killed | {"government": "Dictatorship"}
    assert innate_after(1.0, **totalitarian)[0] == pytest.approx(0.55)  # type: ignore[arg-type]
    both = totalitarian | {"lost_at_capital": True}
    assert innate_after(1.0, **both)[0] == pytest.approx(0.6 * 0.55)  # type: ignore[arg-type]


def test_weighted_average_by_significance() -> None:
    """Mapping inputs to outputs: a weighted average by major/moderate/minor significance."""
    from hexwar.rulesets.flankbattle.variables import Term, weighted

    v = weighted(
        "x",
        [Term("a", 1.0, "major"), Term("b", 0.0, "moderate"), Term("c", 0.5, "minor")],
        default_parameters(),
    )
    assert v.value == pytest.approx((3 * 1.0 + 2 * 0.0 + 1 * 0.5) / 6)
