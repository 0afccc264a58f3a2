"""Single-game plots: the flank battle's hourly series hook, the recorded run, the files."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.colors import to_hex

from hexwar.analysis.plots import game_figures, side_colours
from hexwar.analysis.timeline import feba_lines, hook_lines, losses_by_type, record_run
from hexwar.sessions import Session, resolve_scenario

PNG = b"\x89PNG\r\n\x1a\n"


def hastings(seed: int) -> Session:
    resolved = resolve_scenario("flankbattle/hastings")
    return Session.start(resolved, seed=seed, agents={"attacker": "random", "defender": "random"})


def test_flank_battle_series_give_each_flanks_men_and_morale_by_the_hour() -> None:
    """Seed 004, the battle loop: one iteration per hour, and a flank's size changes only by
    its losses; so hour 0 holds each flank's starting men and morale (the battle-start receipt),
    men never grow, and the last hour is the summary's final size of the flank."""
    session = hastings(5)
    session.run()
    game = session.game
    unit, lines = hook_lines(game)
    assert unit == "hour"
    start = {f["flank"]: f for f in game.events(None)[0].data["flanks"]}
    summary = game.summary()
    hours = summary["hours"]
    final = {f["flank"]: f for b in summary["belligerents"] for f in b["flanks"]}
    men = [ln for ln in lines if ln.quantity == "men"]
    morale = [ln for ln in lines if ln.quantity == "morale"]
    assert sorted(ln.label for ln in men) == sorted(start) == sorted(ln.label for ln in morale)
    for line in men:
        assert line.t == list(range(hours + 1))
        assert round(line.y[0]) == start[line.label]["start_size"]
        assert all(b <= a for a, b in zip(line.y, line.y[1:], strict=False))
        assert round(line.y[-1]) == final[line.label]["size"]
        assert line.side == ("attacker" if line.label.startswith("Attacker") else "defender")
    for line in morale:
        assert round(line.y[0]) == start[line.label]["start_morale"]
    what, losses = losses_by_type("flankbattle", summary)
    assert what == "men lost"
    assert losses["attacker"]["killed"] == summary["belligerents"][0]["killed"]
    assert feba_lines(game) == []  # a flank battle has no engagement FEBAs


def test_recording_a_run_plays_the_same_game_as_running_it() -> None:
    """The plots must show the game ``hexwar run`` plays: the same seed gives the same state."""
    resolved = resolve_scenario("tiny/duel")
    agents = {"red": "random", "blue": "random"}
    plain = Session.start(resolved, seed=9, agents=agents)
    plain.run()
    recorded = Session.start(resolved, seed=9, agents=agents)
    timeline = record_run(recorded)
    assert recorded.game.state_hash() == plain.game.state_hash()
    assert (
        len(timeline.snapshots) == plain.game.step + 1
    )  # before the first decision, and after each


def test_run_plots_option_writes_the_plots(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from hexwar.cli.main import app

    result = CliRunner().invoke(
        app, ["run", "flankbattle/hastings", "--seed", "4", "--plots", str(tmp_path / "p")]
    )
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in (tmp_path / "p").iterdir())
    assert written == [
        f"{stem}.{ext}"
        for stem in ("losses-by-type", "men-by-the-hour", "morale-by-the-hour")
        for ext in ("png", "svg")
    ]
    assert (tmp_path / "p" / "men-by-the-hour.png").read_bytes().startswith(PNG)


_MAPS = ["aggressor/sector", "airwar/small-four-cities", "tactical/hedgerows", "idahex/sinai"]


@pytest.mark.parametrize("scenario", _MAPS)
def test_a_side_has_one_colour_on_the_map_and_in_the_plots(scenario: str) -> None:
    """Issue 39 item 9: the plots take each side's colour from the map's side table (West is
    blue on both; the plots once had their own palette, West red), and the map's legend styles
    of a side's holdings (held sectors, cities and airports, owned cells) are in that colour."""
    resolved = resolve_scenario(scenario)
    game = resolved.ruleset.new_game(resolved.scenario, seed=1, scenario_id=scenario)
    colours = side_colours(game)
    assert sorted(colours) == sorted(game.info.sides)
    assert len(set(colours.values())) == len(colours)
    for side in game.info.sides:
        board = game.ruleset.describe_board(game.view(side))
        assert board is not None
        assert {s: style.colour for s, style in board.sides.items()} == colours
        legend = {**board.marker_styles, **board.highlight_styles}
        for key, style in legend.items():
            owner = key.rsplit("-", 1)[-1]
            if key.startswith(("held-", "owned-", "city-", "airport-")) and owner in colours:
                assert style.colour == colours[owner], key


def test_the_plots_draw_each_side_in_its_map_colour() -> None:
    """Issue 39 item 9: a strength plot's line of each side is drawn in the side's map colour."""
    resolved = resolve_scenario("aggressor/sector")
    session = Session.start(resolved, seed=4, agents={"west": "random", "east": "random"})
    timeline = record_run(session, max_steps=6)
    colours = side_colours(session.game)
    drawn = {
        str(line.get_label()): to_hex(line.get_color())
        for _name, fig in game_figures(session.game, timeline)
        for line in fig.axes[0].get_lines()
    }
    assert drawn == colours  # one strength line a side: west and east
