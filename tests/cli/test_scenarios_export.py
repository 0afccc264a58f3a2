"""``hexwar scenarios export ID -o FILE`` (issue 41: "a command that writes a bundled scenario out
for editing"): every bundled scenario, of every ruleset, is written in its ruleset's scenario
format (``Ruleset.export_scenario``), and the file is the same scenario -- read back by the
normal scenario loader, a game of it plays as the bundled one does (equal state hashes after
the same orders from the same seed). Bad arguments exit 2 before anything is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexwar.core import registry
from hexwar.rl.driver import Driver
from hexwar.sessions import bundled_scenario, resolve_scenario

from .conftest import Cli

BUNDLED = [sid for r in registry.all_rulesets() for sid in r.bundled_scenarios()]


def _hashes(driver: Driver, steps: int) -> list[str]:
    """The state hash after each of ``steps`` decisions, every side waited for giving its
    choice number (step + side's index) modulo its list -- the same orders for equal games."""
    hashes = []
    for step in range(steps):
        if driver.over:
            break
        for i, side in enumerate(driver.awaiting()):
            choices = driver.choices(side)
            driver.game.submit(side, choices[(step + i) % len(choices)])
        hashes.append(driver.game.state_hash())
    return hashes


def test_every_bundled_ruleset_has_scenarios_to_export() -> None:
    """The five rulesets' scenarios are all among those exported below (IDAHEX's Sinai, the
    manual's sample game, among them)."""
    assert {"idahex/sinai", "idahex/duel", "aggressor/sector", "flankbattle/trafalgar"} <= set(
        BUNDLED
    )
    assert {sid.split("/")[0] for sid in BUNDLED} >= {
        "aggressor",
        "airwar",
        "flankbattle",
        "idahex",
        "tactical",
    }


@pytest.mark.parametrize("scenario_id", BUNDLED)
def test_an_exported_scenario_reads_back_and_plays_as_the_bundled_one(
    scenario_id: str, tmp_path: Path, cli: Cli
) -> None:
    out = tmp_path / f"{scenario_id.replace('/', '-')}.toml"
    result = cli("scenarios", "export", scenario_id, "-o", str(out))
    assert result.code == 0, result.err
    assert f"wrote {out}" in result.err
    from_file = resolve_scenario(str(out))  # the loader every SCENARIO argument goes through
    bundled = bundled_scenario(scenario_id)
    assert type(from_file.ruleset) is type(bundled.ruleset)
    assert from_file.scenario == bundled.scenario  # the validated model, field by field
    seed = 7
    a = Driver(from_file, seed=seed)
    b = Driver(bundled, seed=seed)
    assert a.game.state_hash() == b.game.state_hash()
    steps = _hashes(a, 3)
    assert steps  # at least one decision was played
    assert steps == _hashes(b, 3)
    assert cli("validate", str(out)).code == 0


def test_idahex_sinai_is_written_as_a_toml_design_that_validates(tmp_path: Path, cli: Cli) -> None:
    """Seed 000 §9: the manual's sample game, File 50 as [design] and File 60 as [maps], with
    its comments (the sources), and ``hexwar validate`` accepts it."""
    out = tmp_path / "sinai.toml"
    assert cli("scenarios", "export", "idahex/sinai", "-o", str(out)).code == 0
    text = out.read_text(encoding="utf-8")
    assert 'ruleset = "idahex"' in text
    assert "\n[design]\n" in text
    assert "\n[maps]\n" in text or "[[maps" in text
    assert text.startswith("# An IDAHEX game design")
    result = cli("validate", str(out))
    assert result.code == 0, result.err


def test_an_unknown_id_exits_2_naming_the_known_ones(tmp_path: Path, cli: Cli) -> None:
    out = tmp_path / "x.toml"
    result = cli("scenarios", "export", "flankbattle/waterloo", "-o", str(out))
    assert result.code == 2
    assert "unknown scenario 'flankbattle/waterloo'" in result.err
    for sid in ("flankbattle/hastings", "idahex/sinai", "tactical/hedgerows"):
        assert sid in result.err
    assert "Traceback" not in result.err
    assert not out.exists()


def test_an_existing_file_is_kept_unless_forced(tmp_path: Path, cli: Cli) -> None:
    out = tmp_path / "mine.toml"
    out.write_text("# my edits\n", encoding="utf-8")
    refused = cli("scenarios", "export", "flankbattle/hastings", "-o", str(out))
    assert refused.code == 2
    assert f"--output {out}: the file exists; --force overwrites it" in refused.err
    assert out.read_text(encoding="utf-8") == "# my edits\n"
    forced = cli("scenarios", "export", "flankbattle/hastings", "-o", str(out), "--force")
    assert forced.code == 0, forced.err
    assert 'title = "Battle of Hastings"' in out.read_text(encoding="utf-8")


def test_a_file_of_another_format_is_refused(tmp_path: Path, cli: Cli) -> None:
    out = tmp_path / "hastings.json"
    result = cli("scenarios", "export", "flankbattle/hastings", "-o", str(out))
    assert result.code == 2
    assert "is written as a .toml file" in result.err
    assert not out.exists()


def test_listing_is_still_the_default(cli: Cli) -> None:
    """``hexwar scenarios`` and ``hexwar scenarios RULESET`` list as before (the ``list``
    command); ``export`` is a command beside it."""
    every = cli("scenarios")
    assert every.code == 0
    assert "idahex/sinai" in every.out
    one = cli("scenarios", "flankbattle")
    assert one.code == 0
    assert "flankbattle/trafalgar" in one.out
    assert "idahex/sinai" not in one.out
    assert cli("scenarios", "list", "idahex").out == cli("scenarios", "idahex").out


def test_idahex_convert_reads_the_bundled_design_by_its_id(tmp_path: Path, cli: Cli) -> None:
    """``hexwar idahex convert idahex/sinai -o DIR`` (issue 41: it could not read the bundled
    design by id) writes the manual's card decks (seed 000 §9.1: File 50, File 60), and the
    decks read back as the bundled design and map changes."""
    from hexwar.rulesets.idahex.scenario import IdahexScenario, from_cards

    result = cli("idahex", "convert", "idahex/sinai", "-o", str(tmp_path / "decks"))
    assert result.code == 0, result.err
    decks = from_cards(
        tmp_path / "decks" / "file50.txt", tmp_path / "decks" / "file60.txt", title="Sinai"
    )
    bundled = bundled_scenario("idahex/sinai").scenario
    assert isinstance(bundled, IdahexScenario)
    assert decks.design == bundled.design
    assert decks.maps == bundled.maps
