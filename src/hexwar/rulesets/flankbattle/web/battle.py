"""The war the moderator's page prepares, checked (each side's status and every error) and
fought (the receipt, the log, the flanks hour by hour and the run kept for Commit stability)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import HTTPException
from pydantic import ValidationError

from hexwar.core import registry
from hexwar.core.errors import HexwarError
from hexwar.rulesets.flankbattle.engine import ROUTED
from hexwar.rulesets.flankbattle.flanks import can_add_flank, check_count, validity
from hexwar.rulesets.flankbattle.game import FlankbattleGame
from hexwar.rulesets.flankbattle.orders import Deployment
from hexwar.rulesets.flankbattle.receipt import AutoalgoLog, render_receipt
from hexwar.rulesets.flankbattle.scenario import FlankbattleScenario
from hexwar.rulesets.flankbattle.terrain import SIZE, grid_to_rows
from hexwar.rulesets.flankbattle.war import make_setup, new_stability
from hexwar.rulesets.flankbattle.web.moderation import (
    DEFAULT,
    MAX_PLOTTED,
    ROLES,
    Moderator,
    Run,
    belligerent,
    blank_grid,
    flank_specs,
    message,
    nation_arg,
    side_problems,
    war_year,
)
from hexwar.rulesets.flankbattle.web.schemas import War

__all__ = ["check_war", "run_war"]


def check_war(mod: Moderator, war: War) -> dict[str, Any]:
    db = mod.database()
    errors: list[str] = []
    status: list[dict[str, Any]] = []
    for i, key in enumerate(("attacker", "defender")):
        side = war.side(i)
        problems = side_problems(db, side, key)
        errors.extend(problems)
        entry: dict[str, Any] = {
            "text": "",
            "colour": "black",
            "good": False,
            "can_add": can_add_flank(len(war.side_flanks(i))),
        }
        status.append(entry)
        if problems:
            continue
        try:
            specs = flank_specs(war.side_flanks(i), f"{key} flanks")
            check_count(specs)
            size, proportions, ships, crew = mod.side_facts(
                db, str(side.military), nation_arg(side)
            )
        except HexwarError as e:
            errors.append(message(e))
            continue
        v = validity(specs, size, proportions, ships, crew)
        entry.update(text=v.text, colour=v.colour, good=v.good)
        if not v.good:
            errors.append(f"{key}: {v.text}")
    if not errors:
        try:
            make_setup(
                db,
                title=war.title or "",
                year=war_year(war.year),
                motive=war.motive or "",
                attacker=belligerent(war.side(0)),
                defender=belligerent(war.side(1)),
                location=war.location or DEFAULT,
                map_name=war.map or None,
                grid=blank_grid(),
                params=mod.params,
                units=mod.units,
            )
        except HexwarError as e:
            errors.append(message(e))
    else:  # the header's own errors, shown with the others
        if not -3500 <= war_year(war.year) <= 2020:
            errors.append(f"year: the war date {war.year!r} is not -3500 to 2020")
        motives = mod.params.values("Motive")
        if war.motive not in motives:
            errors.append(f"motive: unknown motive {war.motive!r} (one of {', '.join(motives)})")
    return {"errors": errors, "status": status}


def run_war(mod: Moderator, war: War) -> dict[str, Any]:
    checked = check_war(mod, war)
    if checked["errors"]:
        raise HTTPException(422, "; ".join(checked["errors"]))
    map_name = war.map or None
    scenario: dict[str, Any] = {
        "ruleset": "flankbattle",
        "title": war.title or "Untitled war",
        "year": war_year(war.year),
        "motive": war.motive,
        "location": war.location or DEFAULT,
        "database": mod.database().to_json(),
    }
    if mod.soldier.exists():
        scenario["unit_types"] = json.loads(mod.soldier.read_text(encoding="utf-8"))
    for i, key in enumerate(("attacker", "defender")):
        side = war.side(i)
        scenario[key] = {"military": side.military}
        if nation_arg(side) is not None:
            scenario[key]["nation"] = side.nation
    if map_name is not None:
        scenario["map"] = map_name
        if map_name in mod.map_files():
            scenario["map_rows"] = grid_to_rows(mod.grid(map_name))
    try:
        model = FlankbattleScenario.model_validate(scenario)
    except ValidationError as e:
        raise HTTPException(422, str(e)) from None
    game = registry.get("flankbattle").new_game(
        model, seed=war.seed, scenario_id="flankbattle/moderator"
    )
    assert isinstance(game, FlankbattleGame)
    with AutoalgoLog(mod.logs_dir) as log:
        log.inputs(game.setup, war.seed)
        game.on_event = log.event
        game.on_occupation = log.occupation
        for i, side_name in enumerate(("attacker", "defender")):
            specs = flank_specs(war.side_flanks(i), f"{side_name} flanks")
            log.line(f"{side_name} flanks: {checked['status'][i]['text']}")
            game.submit(side_name, Deployment.parse({"flanks": [f.to_json() for f in specs]}))
        report = game.war_report
        assert report is not None
        receipt = render_receipt(report, "wiki")
        log.ending(receipt)
    text = log.path.read_text(encoding="utf-8")
    run_id = mod.keep_run(Run(new_stability(report), log.path.name))
    with mod.plots_lock:  # the plots need the game: the last few, in memory
        mod.games[run_id] = game
        while len(mod.games) > MAX_PLOTTED:
            mod.games.popitem(last=False)
    after: list[list[dict[str, Any]]] = [[], []]
    for f in report.battle.flanks:
        js = f.to_json()
        after[f.side].append(
            {
                "x": min(js["x"], SIZE - 1),
                "y": min(js["y"], SIZE - 1),
                **{r: js["units"].get(r, 0) for r in ROLES},
                "ships": js["ships"],
                "maneuver": js["maneuver"],
                "status": js["status"],
                "size": js["size"],
                "morale": js["morale"],
                "routed": js["status"] == ROUTED or f.routed,
            }
        )
    sides = [f.side for f in report.battle.flanks]
    hours = [
        {
            "hour": h.hour,
            "flanks": [
                [
                    [
                        min(round(x, 1), SIZE - 1),
                        min(round(y, 1), SIZE - 1),
                        round(men),
                        round(morale),
                        status,
                    ]
                    for side, (x, y), men, morale, status in zip(
                        sides, h.places, h.men, h.morale, h.status, strict=True
                    )
                    if side == s
                ]
                for s in (0, 1)
            ],
        }
        for h in report.battle.hourly
    ]
    return {
        "run": run_id,
        "hours": hours,
        "receipt": receipt,
        "log": text,
        "log_name": log.path.name,
        "flanks": after,
        "stability": [
            {
                "nation": report.setup.sides[c.side].nation["name"],
                "before": round(c.before, 2),
                "after": round(c.after, 2),
                "result": c.text,
                "notes": list(c.notes),
            }
            for c in report.stability
        ],
        "occupation": {
            "score": round(report.occupation.score, 2),
            "value": round(report.occupation.result, 2),
            "result": report.occupation.text,
        },
    }
