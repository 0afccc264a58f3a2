"""IDAHEX game design data: Files 50 and 60 (seed 000, §9) as models, card images and the
bundled Sinai sample (§9.2)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from hexwar.rulesets.idahex.design.cards import (
    CARD_WIDTH,
    check_design,
    format_real,
    read_file50,
    read_file60,
    write_file50,
    write_file60,
)
from hexwar.rulesets.idahex.design.model import (
    MAGNITUDE,
    BasicEnv,
    CellOwner,
    CellRoutes,
    CombatSupplies,
    CycleMaps,
    File50,
    File60,
    Label,
    MapChange,
    PoffOverride,
    PostureMap,
    Unit,
    VfebaEntry,
    consistency_problems,
    file60_problems,
    missing_routes,
)

__all__ = [
    "CARD_WIDTH",
    "MAGNITUDE",
    "BasicEnv",
    "CellOwner",
    "CellRoutes",
    "CombatSupplies",
    "CycleMaps",
    "File50",
    "File60",
    "Label",
    "MapChange",
    "PoffOverride",
    "PostureMap",
    "Unit",
    "VfebaEntry",
    "check_design",
    "consistency_problems",
    "file60_problems",
    "format_real",
    "load_sinai",
    "missing_routes",
    "read_file50",
    "read_file60",
    "sinai_dir",
    "write_file50",
    "write_file60",
]


def sinai_dir() -> Path:
    """The directory of the bundled Sinai sample deck (``file50.txt``, ``file60.txt``)."""
    return Path(str(resources.files("hexwar.rulesets.idahex") / "data" / "sinai"))


def load_sinai() -> tuple[File50, File60]:
    """The Sinai sample data of §9.2, as transcribed and repaired (docs/rulings/idahex.md)."""
    base = sinai_dir()
    file50 = read_file50(base / "file50.txt")
    return file50, read_file60(base / "file60.txt", file50=file50)
