"""The docs cite each source document by its title, for users whose clone has no seeds folder
(issue 43, "Docs"); the benchmarks' README names every script in benchmarks/."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

TITLES = {
    "idahex": "IDAHEX: A Maneuver-Oriented\nModel of Conventional Land Warfare",
    "airwar": "Some Air War Games",
    "tactical": "Parameter Data",
    "aggressor": "Aggressor",
    "flankbattle": "Domesday Game",
}


@pytest.mark.parametrize("ruleset", sorted(TITLES))
def test_each_rulesets_page_cites_its_source_by_title(ruleset: str) -> None:
    opening = (ROOT / "docs" / f"{ruleset}.md").read_text(encoding="utf-8")[:900]
    assert " ".join(TITLES[ruleset].split()) in " ".join(opening.split())


def test_the_readme_cites_every_source_and_keeps_the_seeds_path_for_contributors() -> None:
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for title in ("Game Designer's Manual", "Some Air War Games", "Parameter Data",
                  "Aggressor", "Domesday Game"):  # fmt: skip
        assert title in readme
    assert "Contributors with the project's workspace find their text in `../shared/seeds/`" in (
        readme
    )


def test_the_benchmarks_readme_names_every_script() -> None:
    text = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    missing = [p.name for p in sorted((ROOT / "benchmarks").glob("*.py")) if p.name not in text]
    assert not missing, f"benchmarks/README.md does not name {', '.join(missing)}"


def test_the_readmes_agents_table_lists_every_rulesets_agents() -> None:
    """README, "agents": each bundled ruleset's row names every agent ``agent_names`` offers
    (tactical's ``mcts`` was missing), and says mcts needs no extra."""
    from hexwar.agents import agent_names
    from hexwar.core import registry

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {
        line.split("|")[1].strip(" `"): line.split("|")[2]
        for line in readme.splitlines()
        if line.startswith("| `")
    }
    for ruleset in registry.all_rulesets():
        if ruleset.info.id not in TITLES:
            continue  # the test fixtures' rulesets
        for name in agent_names(ruleset):
            assert f"`{name}`" in rows[ruleset.info.id], (ruleset.info.id, name)
    assert "the `mcts` agent needs only the base" in " ".join(readme.split())
