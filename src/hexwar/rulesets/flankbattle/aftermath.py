"""After the battle (seed 004, Leader; Stability and Occupation changes; Maximum military).

The winner's occupation phase, the survival of the military leaders, and each belligerent's
stability reduction. Every random draw comes from the stream the battle used, after it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from hexwar.core import exact
from hexwar.rulesets.flankbattle.engine import Battle, attrition_casualties
from hexwar.rulesets.flankbattle.params import Parameters
from hexwar.rulesets.flankbattle.variables import SideVariables

__all__ = [
    "LeaderFate",
    "Occupation",
    "StabilityChange",
    "leader_survival_probability",
    "occupation_base_ratio",
    "occupation_morale_step",
    "stability_after",
]


def leader_survival_probability(
    random_0_10: float,
    martial: float,
    training: float,
    age: float,
    final_size: float,
    original_size: float,
    martial_weight: float = 10.0,
) -> float:
    """Seed 004, Leader: P = (Random[0-10] - Martial*10 + Training/2 + Leader Age/10)/100
    + (Final military size / Original military size)."""
    ratio = final_size / original_size if original_size > 0 else 0.0
    return (random_0_10 - martial * martial_weight + training / 2 + age / 10) / 100 + ratio


def occupation_base_ratio(
    winner_base: float, loser_base: float, loser_disease_power: float, winner_medicine: float
) -> float:
    """Seed 004, Occupation score: (Winner Occupation Base/Loser Occupation Base)
    /(Loser Disease Power*Winner Medicine)."""
    return (winner_base / loser_base) / (loser_disease_power * winner_medicine)


def occupation_morale_step(
    morale: float, starting_military: float, morale_bonus: float, per_soldier: float = 20.0
) -> float:
    """Seed 004, Occupation score: Morale - Morale^2/(Starting Military*20*Morale Bonus)."""
    return morale - morale * morale / (starting_military * per_soldier * morale_bonus)


def occupation_outbreak_probability(
    outbreak: float, generation: float, secular: float, familiar: bool
) -> float:
    """Seed 004, Occupation score: Outbreak/(Generation*Secular Cycle*Familiarity*4)."""
    return outbreak / (generation * secular * (10.0 if familiar else 1.0) * 4.0)


def occupation_disease_morale_loss(
    infectivity: float, reproduction: float, deadliness: float, medicine: float, random: float
) -> float:
    """Seed 004, Occupation score: Log2(Infectivity*Reproduction*Deadliness+1)*Winner Medicine
    *Random Number*200 (the random number 0-3)."""
    return exact.log2(infectivity * reproduction * deadliness + 1.0) * medicine * random * 200.0


def efficiency_decay(efficiency: float, morale: float, morale_at_battle_end: float) -> float:
    """Seed 004, Occupation score: Efficiency = Efficiency*Morale/Morale at battle end."""
    return efficiency * morale / morale_at_battle_end


def innate_after(
    innate: float,
    *,
    lost_at_capital: bool,
    national_leader_killed: bool,
    government: str,
    factors: tuple[float, float, float] = (0.6, 0.55, 0.7),
) -> tuple[float, list[str]]:
    """Seed 004, Stability reduction: Innate Stability -40% for a lost battle at the capital;
    -45% if the national leader is killed under a Dictatorship or Proletariat, else -30%."""
    capital, totalitarian, other = factors
    notes: list[str] = []
    if lost_at_capital:
        innate *= capital
        notes.append(f"the capital was lost: Innate Stability -{1 - capital:.0%}")
    if national_leader_killed:
        if government in ("Dictatorship", "Proletariat"):
            innate *= totalitarian
            notes.append(f"the national leader was killed (totalitarian): -{1 - totalitarian:.0%}")
        else:
            innate *= other
            notes.append(f"the national leader was killed: Innate Stability -{1 - other:.0%}")
    return innate, notes


def stability_after(
    stability: float,
    innate: float,
    casualties: float,
    maximum_military: float,
    economy: float,
    occupation: float,
    winner: bool,
    random_number: float,
    *,
    ratio_cap: float = 2.0,
    economy_floor: float = 0.1,
    never_rises: bool = True,
) -> float:
    """Seed 004, Stability reduction: (Stability*Innate Stability) - ((Military Casualties/
    Maximum Military)/(Economy*2))*log(Occupation+1)*3 + Random, the ratio capped at 2, Economy
    at least 0.1, log(Occupation+1) dropped for the winner; the result kept in 0-200.

    Stability "is decreased once a battle" and "reduced once per battle": with ``never_rises``
    (parameter ``stability_never_rises``, the default) the result is at most the old score, so
    the random number 0-5 can soften a loss but never turn it into a gain."""
    ratio = min(ratio_cap, casualties / maximum_military if maximum_military > 0 else ratio_cap)
    econ = max(economy_floor, economy)
    occ = 1.0 if winner else exact.log10(max(occupation, 0.0) + 1.0)
    value = stability * innate - (ratio / (econ * 2.0)) * occ * 3.0 + random_number
    if never_rises:
        value = min(value, stability)
    return min(200.0, max(0.0, value))


@dataclass
class LeaderFate:
    side: int
    name: str
    national: bool
    probability: float
    roll: float
    survived: bool


@dataclass
class Occupation:
    base: float
    score: float
    result: float  # log10 of the score
    text: str
    rounds: int
    unit: str
    events: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class StabilityChange:
    side: int
    before: float
    after: float
    innate: float
    innate_after: float
    notes: list[str]
    text: str


def leader_fates(battle: Battle, year: int, rng: np.random.Generator) -> list[LeaderFate]:
    """Military leaders can die in battle; a national leader only if he also led the army."""
    b = battle.params.battle
    fates: list[LeaderFate] = []
    for side in (0, 1):
        sv = battle.sides[side].vars
        leader = sv.military_leader
        if leader is None:
            continue
        birth = leader.get("birth_year")
        age = year - float(birth) if birth is not None else b["leader_default_age"]
        if age <= 0:
            age = b["leader_default_age"]  # seed: entered incorrectly -> 30 years old
        r10 = float(rng.random()) * 10.0
        p = leader_survival_probability(
            r10,
            float(leader["martial"]),
            battle.leader_training(side),
            age,
            battle.final_size(side),
            battle.sides[side].start_size,
            b["martial_weight"],
        )
        u = float(rng.random())
        national = sv.national_leader is not None and sv.national_leader["name"] == leader["name"]
        fates.append(LeaderFate(side, str(leader["name"]), national, p, u, u < p))
    return fates


def occupy(
    battle: Battle,
    winner: int,
    rng: np.random.Generator,
    log: Callable[[int, str], None] | None = None,
) -> Occupation:
    """Seed 004, Occupation score: the winner's occupation phase, round by round."""
    p: Parameters = battle.params
    b = p.battle
    w, l_ = battle.sides[winner].vars, battle.sides[1 - winner].vars
    loser_disease = p.disease(l_.nation["disease"])
    winner_med = p.ordered("Medicine", w.nation["medicine"], "occupation_divisor")
    base = occupation_base_ratio(
        w.occupation_base.value, l_.occupation_base.value, loser_disease["power"], winner_med
    )
    if battle.location["climate"] == "Ocean":
        unit = w.units["ship"]
    else:
        unit = max((u for r, u in w.units.items() if r != "ship"), key=lambda u: u.efficiency.value)
    eff = unit.efficiency.value
    starting = battle.sides[winner].start_size
    morale = battle.morale(winner)
    end_morale = morale
    size = battle.final_size(winner)
    state = battle.sides[winner]
    carrying = state.local_population * state.capacity
    ratio = size / carrying if carrying > 0 else 2.0
    own = w.nation["disease"]
    source = l_.nation["disease"]
    gen = p.ordered("Generation", w.generation, "disease")
    sec = p.ordered("Secular cycle", w.secular_cycle, "disease")
    familiarity = 10.0 if source == own else 1.0
    medicine = p.ordered("Medicine", w.nation["medicine"], "disease")
    score = base
    rounds = 0
    events: list[tuple[int, str]] = []

    def note(text: str) -> None:
        events.append((rounds, text))
        if log is not None:
            log(rounds, text)

    note(f"Occupation phase begins: base {base:.6g}, efficiency {eff:.4f} ({unit.slot.unit.name})")
    while rounds < int(b["occupation_max_rounds"]) and morale > 0 and end_morale > 0:
        rounds += 1
        new = score * (1.0 + eff)
        change = new - score
        score = new
        morale = occupation_morale_step(
            morale, starting, w.morale_bonus.value, b["morale_per_soldier"]
        )
        if ratio > 1.0:
            r = float(rng.random()) * b["attrition_random_max"]
            lost = attrition_casualties(battle.attrition_constant, r, size, ratio)
            morale -= lost * b["morale_per_soldier"]
            note(f"Occupation attrition: morale -{lost * b['morale_per_soldier']:.0f}")
        if source != "none":
            chance = occupation_outbreak_probability(
                loser_disease["outbreak"], gen, sec, familiarity > 1
            )
            u = float(rng.random())
            if u < chance:
                r = float(rng.random()) * b["occupation_disease_random_max"]
                loss = occupation_disease_morale_loss(
                    loser_disease["infectivity"],
                    loser_disease["reproduction"],
                    loser_disease["deadliness"],
                    medicine,
                    r,
                )
                morale -= loss
                note(f"Outbreak of {source} among the occupiers: morale -{loss:.0f}")
        morale = max(0.0, morale)
        eff = efficiency_decay(eff, morale, end_morale)
        if abs(change) < b["occupation_asymptote"]:
            break
    result = exact.log10(score) if score > 0 else -math.inf
    text = p.result("occupation", result)
    note(f"Occupation ends after {rounds} rounds: score {score:.6g}, result {result:.4g} ({text})")
    return Occupation(base, score, result, text, rounds, unit.slot.unit.name, events)


def stability_changes(
    battle: Battle,
    winner: int,
    occupation: Occupation,
    fates: list[LeaderFate],
    capital_lost: dict[int, bool],
    rng: np.random.Generator,
) -> list[StabilityChange]:
    p = battle.params
    b = p.battle
    out: list[StabilityChange] = []
    for side in (0, 1):
        sv: SideVariables = battle.sides[side].vars
        innate, notes = innate_after(
            sv.innate_stability.value,
            lost_at_capital=side != winner and bool(capital_lost.get(side)),
            national_leader_killed=any(
                f.side == side and f.national and not f.survived for f in fates
            ),
            government=str(sv.nation["federal_government"]),
            factors=(
                b["capital_loss_factor"],
                b["leader_killed_totalitarian_factor"],
                b["leader_killed_factor"],
            ),
        )
        state = battle.sides[side]
        cas = state.killed + state.captured
        r = float(rng.random()) * b["stability_random_max"]
        before = float(sv.nation["stability"])
        after = stability_after(
            before,
            innate,
            cas,
            sv.maximum_military,
            sv.economy.value,
            occupation.score,
            side == winner,
            r,
            ratio_cap=b["casualty_ratio_cap"],
            economy_floor=b["economy_floor"],
            never_rises=bool(b.get("stability_never_rises", 1.0)),
        )
        out.append(
            StabilityChange(
                side,
                before,
                after,
                sv.innate_stability.value,
                innate,
                notes,
                p.result("stability", after),
            )
        )
    return out
