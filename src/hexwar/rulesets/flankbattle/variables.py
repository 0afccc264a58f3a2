"""Mapping inputs to intermediate variables (seed 004, Mapping inputs to outputs).

Most variables are weighted averages of input scores in [0, 1], weighted by the significance
the seed gives each input (major, moderate, minor; the weights are in parameters.json). Leader
stats then add or multiply as the seed's Leader table says. Every term is kept as a
:class:`Term` so the log can show how each input contributed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from hexwar.core import exact
from hexwar.rulesets.flankbattle.params import Parameters, UnitType
from hexwar.rulesets.flankbattle.schema import ROLES, Row

__all__ = [
    "SideVariables",
    "Term",
    "UnitSlot",
    "UnitVariables",
    "compute_side",
    "effectiveness",
    "occupation_special",
]


def clamp(x: float, low: float = 0.0, high: float = 1.0) -> float:
    return low if x < low else high if x > high else x


def log10(x: float) -> float:
    return exact.log10(x) if x > 0 else -math.inf


@dataclass(frozen=True, slots=True)
class Term:
    """One input's contribution: its score, its significance, and how it was computed."""

    name: str
    value: float
    significance: str  # major | moderate | minor | leader | factor

    def line(self) -> str:
        return f"{self.name} = {self.value:.4g} ({self.significance})"


@dataclass
class Variable:
    name: str
    value: float = 0.0
    terms: list[Term] = field(default_factory=list)


def add_leader_bonus(
    var: Variable, bonus: float, label: str, params: Parameters, high: float = 1.0
) -> None:
    """A leader's "+ x/10" on a bounded variable (seed 004, Leader table).

    As written the bonus is added to the weighted average; a skill of 5 on an average of 0.5
    fills a 0-1 variable to its top, and every nation with a capable leader would share the
    same 1.0 (docs/rulings/flankbattle.md). With ``leader_bonus_headroom`` (the default) the
    bonus is that share of the room left below the top of the range (``high``; the range is
    0 to ``high``), so a leader rated 10 brings the variable to its top and a lesser one part of
    the way, and the nation's own inputs still tell nations apart. With it 0, the bonus is added
    as written (the caller clamps).
    """
    base = clamp(var.value, 0.0, high)
    if params.battle.get("leader_bonus_headroom", 1.0):
        share = min(1.0, max(0.0, bonus / high))
        added = (high - base) * share
        var.terms.append(
            Term(f"{label}: {share:.3g} of the headroom {high - base:.4g}", added, "leader")
        )
        var.value = base + added
    else:
        var.terms.append(Term(label, bonus, "leader"))
        var.value += bonus


def pair(params: Parameters, table: str, row: str, column: str, significance: str) -> Term:
    """The term of a combination table's cell, named ``table (row-column)``."""
    return Term(f"{table} ({row}-{column})", params.combination(table, row, column), significance)


def weighted(name: str, terms: list[Term], params: Parameters) -> Variable:
    """The weighted average of ``terms`` (seed 004: weights by major/moderate/minor)."""
    w = params.weights
    total = exact.sum_left(w[t.significance] for t in terms)
    value = exact.sum_left(w[t.significance] * t.value for t in terms) / total if total else 0.0
    return Variable(name, value, list(terms))


@dataclass(frozen=True, slots=True)
class UnitSlot:
    """A unit type in one role of a military: infantry, cavalry, artillery or ship."""

    role: str
    unit: UnitType
    proportion: float  # of the military's personnel (ships: the crew share)


@dataclass
class UnitVariables:
    slot: UnitSlot
    efficiency: Variable
    limitation: Variable
    defense: Variable
    effectiveness: Variable


@dataclass
class SideVariables:
    """Everything the battle needs of one belligerent, with the log of how it came about."""

    side: str
    nation: Row
    military: Row
    national_leader: Row | None
    military_leader: Row | None
    units: dict[str, UnitVariables]  # by role; "ship" always present
    ship_number: int
    occupation_base: Variable
    capacity: Variable
    economy: Variable
    innate_stability: Variable
    morale_bonus: Variable
    siege_rate: Variable
    maximum_military: float
    max_military_ratio: float
    generation: str
    secular_cycle: str

    def log_lines(self) -> list[str]:
        out: list[str] = []
        for role, uv in self.units.items():
            out.append(f"  {role} ({uv.slot.unit.name}, proportion {uv.slot.proportion:.3g}):")
            for var in (uv.efficiency, uv.limitation, uv.defense, uv.effectiveness):
                out.append(f"    {var.name} = {var.value:.4f}")
                out.extend(f"      {t.line()}" for t in var.terms)
        for var in (
            self.occupation_base,
            self.capacity,
            self.economy,
            self.innate_stability,
            self.morale_bonus,
            self.siege_rate,
        ):
            out.append(f"  {var.name} = {var.value:.6g}")
            out.extend(f"    {t.line()}" for t in var.terms)
        out.append(
            f"  Maximum military = {self.maximum_military:.0f} "
            f"(ratio {self.max_military_ratio:g} of the population)"
        )
        return out


def effectiveness(shock: float, soldier_type_value: float, leader_attack: float | None) -> float:
    """Seed 004: Effectiveness = (1+Shock) x Soldier Type; a military leader multiplies it
    by (attack + 1) (Leader table)."""
    value = (1.0 + shock) * soldier_type_value
    return value * (leader_attack + 1.0) if leader_attack is not None else value


def occupation_special(
    *,
    age: float,
    population: float,
    urban: float,
    power_consumption: float,
    arable: float,
    diet: dict[str, float],
) -> list[tuple[str, float]]:
    """Seed 004, the special calculations multiplied into the Occupation Base (log is base 10,
    the seed's "only equation using log base 2" being the disease casualties)."""
    urban_pop = max(urban * population, 1.0)
    return [
        ("Age^(1/log(2))/10^10", exact.pow(age, 1 / exact.log10(2)) / 1e10),
        ("Population^(1/3)", exact.pow(population, 1 / 3)),
        ("Urban Population^(1/log(8))*10", exact.pow(urban, 1 / exact.log10(8)) * 10),
        ("log((Power Consumption/8760)+1)", exact.log10(power_consumption / 8760 + 1)),
        (
            "log(Arable land*Diet Protein*Diet Yield/Urban*Population)*2",
            log10(arable * diet["protein"] * diet["population"] / urban_pop) * 2,
        ),
        (
            "log(Diet Yield*Diet Protein*(1-1/Diet Diversity)*Diet Domestication*(Age/3700))",
            log10(
                diet["population"]
                * diet["protein"]
                * (1 - 1 / diet["diversity"])
                * diet["domestication"]
                * (age / 3700)
            ),
        ),
    ]


def unit_slots(military: Row, units: dict[str, UnitType]) -> tuple[list[UnitSlot], UnitSlot]:
    """The military's land unit slots and its ship slot (seed 004, Military and Composition).

    Blank types and proportions everywhere: all Soldier infantry. Proportions all 0: a navy-only
    entry whose personnel are the crew. Otherwise the crew share is what the land units leave.
    """
    types = [military.get(f"{r}_type") for r in ROLES]
    props = [military.get(f"{r}_proportion") for r in ROLES]
    slots: list[UnitSlot] = []
    if all(t is None for t in types) and all(p is None for p in props):
        slots.append(UnitSlot("infantry", units["Soldier"], 1.0))
    else:
        for role, t, p in zip(ROLES, types, props, strict=True):
            p = p or 0.0
            if t is None and role == "infantry" and p > 0:
                t = "Soldier"
            if t is not None and p > 0:
                slots.append(UnitSlot(role, units[str(t)], float(p)))
    # below 0.001: the proportions' rounding
    left = 1.0 - exact.sum_left(s.proportion for s in slots)
    transport = units[str(military.get("transport") or "Barges")]
    ship = UnitSlot("ship", transport, left if left >= 0.001 else 0.0)
    return slots, ship


def ship_number(military: Row, transport: UnitType) -> int:
    """Seed 004, Military: Ship number, or if blank the military size over the ship capacity
    (rounded up, at most 500)."""
    given = military.get("ship_number")
    if given is not None:
        return round(float(given))
    if transport.capacity <= 0:
        return 0
    return int(min(500, math.ceil(float(military["size"]) / transport.capacity)))


def compute_side(
    side: str,
    *,
    nation: Row,
    military: Row,
    national_leader: Row | None,
    military_leader: Row | None,
    location: Row,
    year: int,
    motive: str,
    defender: bool,
    units: dict[str, UnitType],
    params: Parameters,
) -> SideVariables:
    """Every intermediate variable of one belligerent (rows already hold their defaults)."""
    p = params
    n, m, loc = nation, military, location
    fed, state = n["federal_government"], n["state_government"]
    religion, ethnicity, ideology = n["religion"], n["ethnicity"], n["ideology"]
    civ, climate = n["civilization"], loc["climate"]
    size = float(m["size"])
    gdp = float(n["gdp"])
    budget = float(m["budget"])
    steel = float(n["steel_production"])
    state_age = year - float(n["year_founded"])
    crisis_age = year - float(n["year_crisis"])
    secular = p.phase("Secular cycle", state_age)
    generation = p.phase("Generation", crisis_age)
    fort = loc["fortifications"] if defender else "none"
    road = loc["road_system"] if not defender else "none"
    ml, nl = military_leader, national_leader

    slots, ship = unit_slots(m, units)
    ships = ship_number(m, ship.unit)
    unit_vars: dict[str, UnitVariables] = {}
    for slot in [*slots, ship]:
        u = slot.unit
        st_eff = p.ordered("Soldier type", u.soldier_type, "efficiency")
        power = max(u.power)
        mt = u.military_type
        eff_terms = [
            Term("Tactical Training/10", clamp(u.tactical_training / 10), "major"),
            Term(
                f"Attrition ({loc['attrition']})",
                p.ordered("Attrition", loc["attrition"], "efficiency"),
                "major",
            ),
            Term(
                "Steel Prod/(Military Size*Soldier Type*Power*10)",
                clamp(steel / (size * st_eff * power * 10)) if power > 0 else 1.0,
                "moderate",
            ),
            Term(
                "Budget/(Military Size*Soldier Type*1000)",
                clamp(budget / (size * st_eff * 1000)),
                "moderate",
            ),
            pair(p, "Military Type-Soldier Type", mt, u.soldier_type, "moderate"),
            pair(p, "Federal Gov-Military Type", fed, mt, "moderate"),
            pair(p, "Military Type-Religion", mt, religion, "minor"),
            pair(p, "Military Type-Ethnicity", mt, ethnicity, "minor"),
        ]
        eff = weighted("Efficiency", eff_terms, p)
        lim_terms = [
            Term("sqrt(Tactical Training/10)", math.sqrt(clamp(u.tactical_training / 10)), "major"),
            Term(
                f"Urbanization ({loc['urbanization']})",
                p.ordered("Urbanization", loc["urbanization"], "limitation"),
                "major",
            ),
            Term("Budget*2.5/GDP", clamp(budget * 2.5 / gdp) if gdp > 0 else 1.0, "moderate"),
            pair(p, "Military Type-Religion", mt, religion, "minor"),
            pair(p, "Military Type-Ethnicity", mt, ethnicity, "minor"),
            pair(p, "Climate-Religion", climate, religion, "minor"),
            pair(p, "Climate-Ethnicity", climate, ethnicity, "minor"),
        ]
        lim = weighted("Limitation", lim_terms, p)
        def_terms = [
            Term(
                f"Mobile Defenses ({m['mobile_defenses']})",
                p.ordered("Mobile defenses", m["mobile_defenses"], "defense"),
                "major",
            ),
            Term(f"Fortifications ({fort})", p.ordered("Fortifications", fort, "defense"), "major"),
            Term("Defense", u.defense, "moderate"),
            Term("Tactical Training/10", clamp(u.tactical_training / 10), "moderate"),
        ]
        dfn = weighted("Defense", def_terms, p)
        st_fx = p.ordered("Soldier type", u.soldier_type, "effectiveness")
        fx = Variable(
            "Effectiveness",
            effectiveness(u.shock, st_fx, None if ml is None else float(ml["attack"])),
            [
                Term("Shock", u.shock, "factor"),
                Term(f"Soldier Type ({u.soldier_type})", st_fx, "factor"),
            ],
        )
        if ml is not None:
            name = ml["name"]
            add_leader_bonus(eff, float(ml["martial"]) / 10, f"+ martial/10 ({name})", p)
            add_leader_bonus(lim, float(ml["cunning"]) / 10, f"+ cunning/10 ({name})", p)
            add_leader_bonus(dfn, float(ml["defense"]) / 10, f"+ defense/10 ({name})", p)
            fx.terms.append(Term(f"* (attack+1) ({ml['name']})", float(ml["attack"]) + 1, "leader"))
        eff.value = clamp(eff.value)
        lim.value = clamp(lim.value)
        dfn.value = clamp(dfn.value, 0.0, p.battle["defense_cap"])
        unit_vars[slot.role] = UnitVariables(slot, eff, lim, dfn, fx)

    # -- per belligerent -----------------------------------------------------------------
    diet = p.diet(n["diet"])
    pop = float(n["population"])
    urban = float(n["urban_population"])
    arable = float(n["arable_land"])
    age = max(1.0, year - float(n["age_of_civilization"]))
    trade_econ = p.ordered("Trade", n["trade"], "economy")
    animals = p.ordered("Domesticated animals", n["animals"], "economy")
    econ_terms = [
        Term(
            "log(GDP*Trade/Urban*Pop)/6",
            clamp(log10(gdp * trade_econ / max(urban * pop, 1.0)) / 6),
            "major",
        ),
        Term(
            "log(Arable Land*Diet Yield*Diet Worth)/7",
            clamp(log10(arable * diet["population"] * diet["worth"]) / 7),
            "moderate",
        ),
        Term("log(Animals*Arable Land)/7", clamp(log10(animals * arable) / 7), "moderate"),
        Term(
            f"Year Crisis ({generation})", p.ordered("Generation", generation, "economy"), "minor"
        ),
    ]
    economy = weighted("Economy", econ_terms, p)
    if nl is not None:
        add_leader_bonus(economy, float(nl["cunning"]) / 10, f"+ cunning/10 ({nl['name']})", p)
    economy.value = clamp(economy.value)

    stab_terms = [
        Term(f"Revenue ({n['revenue']})", p.ordered("Revenue", n["revenue"], "stability"), "major"),
        pair(p, "Federal Gov-State Gov", fed, state, "major"),
        Term(f"Trade ({n['trade']})", p.ordered("Trade", n["trade"], "stability"), "moderate"),
        Term(
            f"Year Founded ({secular})",
            p.ordered("Secular cycle", secular, "stability"),
            "moderate",
        ),
        Term(
            f"Year Crisis ({generation})",
            p.ordered("Generation", generation, "stability"),
            "moderate",
        ),
        Term(
            f"Federal Gov-Civ ({fed}-{civ})",
            p.combination("Federal Gov-Civilization", fed, civ),
            "minor",
        ),
        Term(
            f"State Gov-Civ ({state}-{civ})",
            p.combination("State Gov-Civilization", state, civ),
            "minor",
        ),
        pair(p, "Federal Gov-Religion", fed, religion, "minor"),
        pair(p, "Federal Gov-Ethnicity", fed, ethnicity, "minor"),
        pair(p, "State Gov-Religion", state, religion, "minor"),
        pair(p, "State Gov-Ethnicity", state, ethnicity, "minor"),
    ]
    innate = weighted("Innate Stability", stab_terms, p)
    if nl is not None:
        label = f"+ authority/10 ({nl['name']})"
        add_leader_bonus(innate, float(nl["authority"]) / 10, label, p)
    innate.value = clamp(innate.value)

    logistics = max(
        (s.slot.unit.logistics for s in unit_vars.values()),
        key=lambda name: p.ordered("Logistics", name, "rank"),
    )
    urb = loc["urbanization"]
    cap_terms = [
        Term(
            f"Attrition ({loc['attrition']})",
            p.ordered("Attrition", loc["attrition"], "capacity"),
            "major",
        ),
        Term(f"Fortifications ({fort})", p.ordered("Fortifications", fort, "capacity"), "major"),
        Term(f"Road System ({road})", p.ordered("Road system", road, "capacity"), "major"),
        pair(p, "Urbanization-Logistics", urb, logistics, "major"),
        pair(p, "Climate-Religion", climate, religion, "minor"),
        pair(p, "Climate-Ethnicity", climate, ethnicity, "minor"),
    ]
    capacity = weighted("Capacity", cap_terms, p)
    if ml is not None:
        label = f"+ authority/10 ({ml['name']})"
        add_leader_bonus(capacity, float(ml["authority"]) / 10, label, p)
    scale = p.battle["capacity_scale"]
    capacity.value = clamp(capacity.value) * scale
    capacity.terms.append(
        Term("x capacity scale (0.5 -> 0.1 of the local population)", scale, "factor")
    )

    morale_terms = [
        Term(
            f"Attrition ({loc['attrition']})",
            p.ordered("Attrition", loc["attrition"], "morale"),
            "major",
        ),
        pair(p, "Motive-Ideology", motive, ideology, "minor"),
        pair(p, "Federal Gov-Motive", fed, motive, "minor"),
        pair(p, "Federal Gov-Ideology", fed, ideology, "minor"),
        pair(p, "Motive-Religion", motive, religion, "minor"),
        pair(p, "Motive-Ethnicity", motive, ethnicity, "minor"),
        pair(p, "Ideology-Religion", ideology, religion, "minor"),
        pair(p, "Ideology-Ethnicity", ideology, ethnicity, "minor"),
        pair(p, "Federal Gov-Religion", fed, religion, "minor"),
        pair(p, "Federal Gov-Ethnicity", fed, ethnicity, "minor"),
    ]
    morale = weighted("Morale Bonus", morale_terms, p)
    morale.value *= 2
    morale.terms.append(Term("x 2 (range 0-2)", 2.0, "factor"))
    if ml is not None:
        zeal = (float(ml["zeal"]) + 1) / 10
        add_leader_bonus(morale, zeal, f"+ (zeal+1)/10 ({ml['name']})", p, high=2.0)
    morale.value = clamp(morale.value, 0.0, 2.0)

    artillery = unit_vars.get("artillery")
    siege = Variable("Siege Rate")
    if artillery is not None:
        a_power = max(artillery.slot.unit.power) / 10
        att = p.ordered("Attrition", loc["attrition"], "siege")
        lead = float(ml["siege"]) / 10 if ml is not None else 0.0
        siege.terms = [
            Term(f"Location Attrition ({loc['attrition']})", att, "factor"),
            Term("Artillery Power/10", a_power, "factor"),
            Term("Leader Siege/10", lead, "factor"),
        ]
        siege.value = clamp(att + a_power + lead)
    else:
        siege.terms = [Term("no artillery unit type: no siege rate", 0.0, "factor")]

    special = occupation_special(
        age=age,
        population=pop,
        urban=urban,
        power_consumption=float(n["power_consumption"]),
        arable=arable,
        diet=diet,
    )
    floor = p.battle["occupation_term_floor"]
    occ_terms = [Term(name, max(floor, v), "factor") for name, v in special]
    occ_terms += [
        Term(
            f"Civilization Type ({civ})",
            p.ordered("Civilization Type", civ, "occupation"),
            "factor",
        ),
        Term(
            f"Domesticated animals ({n['animals']})",
            p.ordered("Domesticated animals", n["animals"], "occupation"),
            "factor",
        ),
        Term(
            f"Writing ({n['writing']})", p.ordered("Writing", n["writing"], "occupation"), "factor"
        ),
        Term(
            f"Medicine ({n['medicine']})",
            p.ordered("Medicine", n["medicine"], "occupation"),
            "factor",
        ),
        Term(f"Fortifications ({fort})", p.ordered("Fortifications", fort, "occupation"), "factor"),
        Term(f"Road system ({road})", p.ordered("Road system", road, "occupation"), "factor"),
    ]
    if nl is not None:
        occ_terms.append(
            Term(f"* (attack+0.1)*10 ({nl['name']})", (float(nl["attack"]) + 0.1) * 10, "leader")
        )
    occupation = Variable("Occupation Base", math.prod(t.value for t in occ_terms), occ_terms)

    ratio = p.maximum_military_ratio(civ, fed)
    return SideVariables(
        side=side,
        nation=n,
        military=m,
        national_leader=nl,
        military_leader=ml,
        units=unit_vars,
        ship_number=ships,
        occupation_base=occupation,
        capacity=capacity,
        economy=economy,
        innate_stability=innate,
        morale_bonus=morale,
        siege_rate=siege,
        maximum_military=pop * ratio,
        max_military_ratio=ratio,
        generation=generation,
        secular_cycle=secular,
    )
