"""What IDAHEX tells whom (§8, ``iprint``): the designer's report (file 51) describes every
engagement in full whatever ``iprint``; the players get losses from ``iprint`` 5, weapon values
from 9 and the average kill matrices from 15. The summary lists every unit's final status and
resources (``hexwar run --json``)."""

from __future__ import annotations

import numpy as np
import pytest

from hexwar.rulesets.idahex.game import IdahexGame
from hexwar.sessions import resolve_scenario
from tests.rulesets.idahex.sinai import BY_NUMBER, SINAI, game, play, unit


def fought(iprint: int) -> IdahexGame:
    g = game(unit(2, 27), unit(7, 27), unit(153, 39), iprint=iprint)
    play(g, "mission 39,10 units 2,7")
    while not any(e.kind == "combat" for e in g.events(None)):
        play(g)
    return g


@pytest.mark.parametrize(
    ("iprint", "seen"),
    [
        (0, set()),
        (5, {"combat"}),
        (9, {"combat", "combat-values"}),
        (15, {"combat", "combat-values", "combat-detail"}),
    ],
)
def test_8_players_learn_of_engagements_by_iprint(iprint: int, seen: set[str]) -> None:
    g = fought(iprint)
    kinds = {"combat", "combat-values", "combat-detail"}
    for side in ("red", "blue"):
        assert {e.kind for e in g.events(side)} & kinds == seen


def test_8_file_51_always_describes_every_engagement_in_full() -> None:
    g = fought(0)
    report = g.report()
    assert "engagement at cell 39 (attacking): FEBA" in report
    assert "engagement at cell 39: weapon values va [" in report
    assert "engagement at cell 39: A [" in report


def test_summary_lists_every_unit_with_its_status_and_resources() -> None:
    resolved = resolve_scenario("idahex/sinai")
    g = resolved.ruleset.new_game(resolved.scenario, seed=1, scenario_id="idahex/sinai")
    assert isinstance(g, IdahexGame)
    g.engine.eliminate(g.engine.units[2], "test")
    play(g)
    summary = g.summary()
    units = {u["number"]: u for side in summary["sides"].values() for u in side["units"]}
    assert set(units) == set(BY_NUMBER)
    assert units[2]["status"] == "destroyed"
    assert units[156]["status"] == "inactive"  # a reinforcement (posture class 0)
    red = summary["sides"]["red"]
    start = np.sum([u.resources for u in SINAI[0].units if u.number < 150], axis=0)
    assert red["resources_at_start"] == pytest.approx(start)
    assert red["resources_at_end"] == pytest.approx(
        np.sum([u["resources"] for u in red["units"]], axis=0)
    )
    assert all(len(u["resources"]) == len(red["resource_names"]) for u in red["units"])
    sections = dict(g._report_sections())
    assert "unit   2 7TH MDT RIFLE" in sections["Units at the end"]
    assert "small arms" in sections["Resources by side"]
