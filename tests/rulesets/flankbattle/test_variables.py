"""The mapping of inputs to intermediate variables and the leader bonuses, term by term.

Seed 004 (004_afaccbb657d76b46.txt), "Mapping inputs to outputs": the sub-list of major,
moderate and minor inputs with their special calculations; "Leader": the bonus table.
"""

from __future__ import annotations

import copy
import math
from typing import Any

import pytest

from hexwar.rulesets.flankbattle.params import (
    default_parameters,
    default_units,
    parameters_from_data,
)
from hexwar.rulesets.flankbattle.schema import TABS, with_defaults
from hexwar.rulesets.flankbattle.variables import SideVariables, Variable, compute_side

from .conftest import SKILLS, TESTLAND, side_of_testland

P = default_parameters()

ONES = dict.fromkeys(SKILLS, 1.0)


def _side(
    *,
    military_leader: bool = False,
    national_leader: bool = False,
    defender: bool = False,
    location: dict[str, Any] | None = None,
    motive: str = "Conquest",
) -> SideVariables:
    """A Soldier-infantry military of 10,000 (all other inputs at the seed's defaults) with a
    leader rated 1 in every skill where asked (conftest's :func:`side_of_testland`)."""
    return side_of_testland(
        military_leader=military_leader,
        national_leader=national_leader,
        defender=defender,
        location=location,
        motive=motive,
    )


def _terms(var: Variable) -> dict[str, float]:
    return {t.name: t.value for t in var.terms}


# Seed 004, Intermediate variables: "weighted average of the inputs ... major, moderate, or
# minor contribution"; the weights 3/2/1 are our ruling (parameters.json significance_weights).
WEIGHTS = {"major": 3.0, "moderate": 2.0, "minor": 1.0}


def _is_weighted_average(var: Variable, scale: float = 1.0) -> bool:
    """The variable is the 3/2/1-weighted mean of its inputs, worked here term by term."""
    inputs = [t for t in var.terms if t.significance in WEIGHTS]
    mean = sum(WEIGHTS[t.significance] * t.value for t in inputs) / sum(
        WEIGHTS[t.significance] for t in inputs
    )
    return var.value == pytest.approx(scale * mean)


def test_economy_terms() -> None:
    """Economy: major log(GDP*Trade/Urban*Pop)/6; moderate log(Arable Land*Diet Yield*Diet
    Worth)/7 and log(Animals*Arable Land)/7; minor Year Crisis; weighted 3/2/1."""
    sv = _side()
    trade = P.ordered("Trade", "Minor", "economy")
    wheat = P.diet("Wheat")
    herd = P.ordered("Domesticated animals", "Herd animals", "economy")
    terms = _terms(sv.economy)
    assert terms["log(GDP*Trade/Urban*Pop)/6"] == pytest.approx(math.log10(1e9 * trade / 2e5) / 6)
    assert terms["log(Arable Land*Diet Yield*Diet Worth)/7"] == pytest.approx(
        math.log10(1e6 * wheat["population"] * wheat["worth"]) / 7
    )
    assert terms["log(Animals*Arable Land)/7"] == pytest.approx(math.log10(herd * 1e6) / 7)
    assert _is_weighted_average(sv.economy)


def test_efficiency_terms() -> None:
    """Efficiency: major Tactical Training/10 and Attrition; moderate Steel Prod/(Military
    Size*Soldier Type*Power*10), Budget/(Military Size*Soldier Type*1000), Military
    Type-Soldier Type, Federal Gov-Military Type; minor Military Type-Religion/-Ethnicity."""
    eff = _side().units["infantry"].efficiency  # Soldier: training 5, power 0.5, Regular
    terms = _terms(eff)
    assert terms["Tactical Training/10"] == 0.5
    assert terms["Steel Prod/(Military Size*Soldier Type*Power*10)"] == pytest.approx(
        1000 / (1e4 * 1.0 * 0.5 * 10)
    )
    assert terms["Budget/(Military Size*Soldier Type*1000)"] == pytest.approx(1e6 / (1e4 * 1000))
    assert [t.significance for t in eff.terms] == ["major"] * 2 + ["moderate"] * 4 + ["minor"] * 2
    assert _is_weighted_average(eff)


def test_limitation_terms() -> None:
    """Limitation: major sqrt(Tactical Training/10) and Urbanization; moderate
    Budget*2.5/GDP; minor Military Type-Religion/-Ethnicity, Climate-Religion/-Ethnicity."""
    lim = _side().units["infantry"].limitation
    terms = _terms(lim)
    assert terms["sqrt(Tactical Training/10)"] == pytest.approx(math.sqrt(0.5))
    assert terms["Budget*2.5/GDP"] == pytest.approx(1e6 * 2.5 / 1e9)
    assert _is_weighted_average(lim)


def test_defense_terms_and_fortifications_for_the_defender_only() -> None:
    """Defense: major Mobile Defenses and Fortifications, moderate Defense and Tactical
    Training/10; Fortifications are "used by the defender of this region"."""
    castle = {"fortifications": "Castle"}
    attacker = _side(location=castle).units["infantry"].defense
    defender = _side(location=castle, defender=True).units["infantry"].defense
    assert _terms(attacker)["Tactical Training/10"] == 0.5
    assert _terms(attacker)["Fortifications (none)"] == P.ordered(
        "Fortifications", "none", "defense"
    )
    assert _terms(defender)["Fortifications (Castle)"] == P.ordered(
        "Fortifications", "Castle", "defense"
    )
    assert defender.value > attacker.value
    assert _is_weighted_average(attacker)


def test_capacity_is_scaled_so_neutral_inputs_give_a_tenth() -> None:
    """Carrying capacity: "Local Population*0.1" by convention -- Capacity is the weighted
    score times 0.2, so neutral inputs (0.5) give 0.1 (ruling). By hand for the test side:
    major Attrition 0.8, Fortifications 0.5, Road System 0.5, Urbanization-Logistics 0.1;
    minor Climate-Religion 0.65, Climate-Ethnicity 0.7 (parameters.json lists):
    (3 x 1.9 + 1.35) / 14 x 0.2 = 0.1007142857."""
    sv = _side()
    assert P.battle["capacity_scale"] * 0.5 == pytest.approx(0.1)
    terms = sv.capacity.terms
    assert [t.significance for t in terms] == ["major"] * 4 + ["minor"] * 2 + ["factor"]
    assert [t.value for t in terms] == pytest.approx([0.8, 0.5, 0.5, 0.1, 0.65, 0.7, 0.2])
    assert sv.capacity.value == pytest.approx((3 * 1.9 + 1.35) / 14 * 0.2)
    assert _is_weighted_average(sv.capacity, 0.2)


def test_morale_bonus_is_twice_the_weighted_score() -> None:
    """Morale Bonus 0-2: major Attrition, minor the motive, ideology, religion, ethnicity and
    government combinations (ruling: 2 x the weighted score). By hand for the test side: major
    Attrition 0.7; minor Motive-Ideology 0.65, Federal Gov-Motive 0.6 and seven neutral 0.5:
    2 x (3 x 0.7 + 0.65 + 0.6 + 7 x 0.5) / 12 = 1.1416666667."""
    sv = _side()
    minors = [t.value for t in sv.morale_bonus.terms if t.significance == "minor"]
    assert sorted(minors, reverse=True) == pytest.approx([0.65, 0.6] + [0.5] * 7)
    assert [t.value for t in sv.morale_bonus.terms if t.significance == "major"] == [0.7]
    assert sv.morale_bonus.value == pytest.approx(2 * (3 * 0.7 + 0.65 + 0.6 + 7 * 0.5) / 12)
    assert _is_weighted_average(sv.morale_bonus, 2.0)


def test_military_leader_bonuses() -> None:
    """Leader table, military leader: Defense + defense/10, Capacity + authority/10,
    Limitation + cunning/10, Morale bonus + (zeal+1)/10, Efficiency + martial/10, each bonus
    a share of the room left below the top of the variable's range (ruling: leader bonuses;
    Siege and Effectiveness: tests of their own); the nation's variables are untouched."""
    base, led = _side(), _side(military_leader=True)
    b, u = base.units["infantry"], led.units["infantry"]
    for name in ("efficiency", "limitation", "defense"):
        before = getattr(b, name).value
        assert getattr(u, name).value == pytest.approx(before + (1 - before) * 0.1)
    scale = P.battle["capacity_scale"]
    c0 = base.capacity.value / scale
    assert led.capacity.value == pytest.approx((c0 + (1 - c0) * 0.1) * scale)
    m0 = base.morale_bonus.value  # range 0-2: (zeal+1)/10 = 0.2 is a tenth of the range
    assert led.morale_bonus.value == pytest.approx(m0 + (2 - m0) * 0.1)
    assert led.economy.value == base.economy.value
    assert led.innate_stability.value == base.innate_stability.value
    assert led.occupation_base.value == base.occupation_base.value


def test_national_leader_bonuses() -> None:
    """Leader table, national leader: Occupation * (attack + 0.1) * 10, Innate stability +
    authority/10, Economy + cunning/10 (shares of the headroom); the battle's variables are
    untouched."""
    base, led = _side(), _side(national_leader=True)
    assert led.occupation_base.value == pytest.approx(base.occupation_base.value * 1.1 * 10)
    i0, e0 = base.innate_stability.value, base.economy.value
    assert led.innate_stability.value == pytest.approx(i0 + (1 - i0) * 0.1)
    assert led.economy.value == pytest.approx(e0 + (1 - e0) * 0.1)
    assert led.units["infantry"].efficiency.value == base.units["infantry"].efficiency.value
    assert led.capacity.value == base.capacity.value
    assert led.morale_bonus.value == base.morale_bonus.value


def test_leader_bonuses_do_not_saturate_the_zero_to_one_variables() -> None:
    """Leader table "+ cunning/10", "+ authority/10" on 0-1 variables: a leader rated 9 brings
    Innate Stability, Economy and Limitation most of the way to 1 but not to it (the issue:
    Normandy's three were all 1.0), and two nations differing only in revenue still differ."""
    nine = with_defaults(TABS["Leader"], {"name": "Nine"} | dict.fromkeys(ONES, 9.0), P)
    sides = []
    for revenue in ("High surplus", "Deficit"):
        sides.append(
            compute_side(
                "attacker",
                nation=with_defaults(TABS["Nation"], TESTLAND | {"revenue": revenue}, P),
                military=with_defaults(
                    TABS["Military"], {"nation": "Testland", "name": "M", "size": 1e4}, P
                ),
                national_leader=nine,
                military_leader=nine,
                location=with_defaults(TABS["Location"], {"name": "Here"}, P),
                year=1066,
                motive="Conquest",
                defender=False,
                units=default_units(),
                params=P,
            )
        )
    rich, poor = sides
    for sv in sides:
        for value in (
            sv.innate_stability.value,
            sv.economy.value,
            sv.units["infantry"].limitation.value,
            sv.units["infantry"].efficiency.value,
        ):
            assert 0.9 <= value < 1.0
    assert rich.innate_stability.value > poor.innate_stability.value


def test_leader_bonuses_as_written_when_asked() -> None:
    """leader_bonus_headroom = 0: the bonus is added as the seed writes it, then clamped."""
    data = copy.deepcopy(P.data)
    data["battle"]["leader_bonus_headroom"] = 0
    params = parameters_from_data(data, "test")
    leader = with_defaults(TABS["Leader"], {"name": "Tester"} | ONES, params)
    common: dict[str, Any] = {
        "nation": with_defaults(TABS["Nation"], TESTLAND, params),
        "military": with_defaults(
            TABS["Military"], {"nation": "Testland", "name": "M", "size": 1e4}, params
        ),
        "location": with_defaults(TABS["Location"], {"name": "Here"}, params),
        "year": 1066,
        "motive": "Conquest",
        "defender": False,
        "units": default_units(),
        "params": params,
    }
    base = compute_side("attacker", national_leader=None, military_leader=None, **common)
    led = compute_side("attacker", national_leader=leader, military_leader=leader, **common)
    assert led.economy.value == pytest.approx(min(1.0, base.economy.value + 0.1))
    lim0 = base.units["infantry"].limitation.value
    assert led.units["infantry"].limitation.value == pytest.approx(min(1.0, lim0 + 0.1))


def test_existential_motive_gives_the_largest_morale_bonus() -> None:
    """Inputs overview: Existential "is very rare, and gives the largest bonus"; motive works
    only through the morale bonus combinations."""
    bonus = {m: _side(motive=m).morale_bonus.value for m in P.values("Motive")}
    assert max(bonus, key=lambda m: bonus[m]) == "Existential"
    assert all(bonus["Existential"] > v for m, v in bonus.items() if m != "Existential")
    assert _side(motive="Hegemony").economy.value == _side().economy.value
