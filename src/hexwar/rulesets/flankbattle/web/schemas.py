"""The moderator page's requests and answers: their shape and bounds (FastAPI answers 422
naming the field) and the schema's examples; the rules (flanks.py, war.py) still judge the
values and word the errors the page shows."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from hexwar.rulesets.flankbattle.flanks import MAX_FLANKS, FlankSpec
from hexwar.rulesets.flankbattle.terrain import SIZE

MAX_SOLDIERS = 10**9  # of one role in one flank: far beyond any army, within every sum
MAX_SEED = 2**63 - 1  # seeds are 64-bit signed integers where they are stored

# -- the requests: their shape and bounds (FastAPI answers 422 naming the field); the rules
# (flanks.py, war.py) still judge the values and word the errors the page shows ----------------

# The bundled example database's Hastings (seed 004's own example): the schema's examples.
_NORMANS = {"nation": "Normandy", "military": "Norman Host"}
_ENGLISH = {"nation": "England", "military": "Housecarls and Fyrd"}
_HASTINGS: dict[str, Any] = {
    "title": "Battle of Hastings",
    "year": 1066,
    "motive": "Conquest",
    "attacker": _NORMANS,
    "defender": _ENGLISH,
    "location": "Hastings",
    "map": "Hill",
    "seed": 1,
    "flanks": [
        [
            {"x": 50.0, "y": y, "infantry": 1333, "cavalry": 667, "artillery": 667, "ships": 45}
            for y in (100.0, 200.0, 300.0)
        ],
        [
            {"x": 350.0, "y": y, "infantry": 700, "cavalry": 0, "artillery": 1633, "ships": 47}
            for y in (100.0, 200.0, 300.0)
        ],
    ],
}

Name = Annotated[str, Field(max_length=200)]
Coordinate = Annotated[float, Field(ge=0, lt=SIZE, allow_inf_nan=False)]  # map pixels
Soldiers = Annotated[int, Field(ge=0, le=MAX_SOLDIERS)]


class Belligerent(BaseModel):
    """One side of the header: a nation and a military (left out or "default": none chosen)."""

    model_config = ConfigDict(strict=True)  # JSON as sent: no "1" for 1

    nation: Name | None = None
    military: Name | None = None


class Flank(BaseModel):
    """One flank as the Strategy tab sends it (:class:`FlankSpec`'s JSON; ``status`` is
    what the page shows and is ignored)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    x: Coordinate
    y: Coordinate
    infantry: Soldiers = 0
    cavalry: Soldiers = 0
    artillery: Soldiers = 0
    ships: Soldiers | None = Field(None, description="left out: the flank's share of the ships")
    maneuver: Annotated[str, Field(max_length=40)] = "Normal"
    status: Annotated[str, Field(max_length=40)] | None = None

    def spec(self, where: str) -> FlankSpec:
        return FlankSpec.from_json(self.model_dump(exclude={"status"}, exclude_none=True), where)


class SplitRequest(Belligerent):
    """``POST /api/moderator/split``: a side's military over flanks at ``positions`` (left out:
    Reset, three flanks)."""

    model_config = ConfigDict(
        strict=True,
        json_schema_extra={
            "examples": [
                {"side": "attacker", **_NORMANS, "positions": [[10.0, 20.0], [30.0, 40.0]]},
                {"side": "defender", **_ENGLISH},
            ]
        },
    )

    side: Literal["attacker", "defender"] = "attacker"
    positions: (
        Annotated[
            list[Annotated[list[Coordinate], Field(min_length=2, max_length=2)]],
            Field(max_length=MAX_FLANKS, description="each flank's [x, y]"),
        ]
        | None
    ) = None


class War(BaseModel):
    """The war being prepared (``POST /api/moderator/check`` and ``run``): the header and each
    side's flanks (attacker's, then defender's)."""

    model_config = ConfigDict(strict=True, json_schema_extra={"examples": [_HASTINGS]})

    title: Annotated[str, Field(max_length=1000)] | None = None
    year: int | Annotated[float, Field(allow_inf_nan=False)] | None = Field(
        None, description="-3500 to 2020 (the rules say so in the errors)"
    )
    motive: Name | None = None
    attacker: Belligerent | None = None
    defender: Belligerent | None = None
    location: Name | None = None
    map: Name | None = None
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] = 1
    flanks: (
        Annotated[list[Annotated[list[Flank], Field(max_length=MAX_FLANKS)]], Field(max_length=2)]
        | None
    ) = None

    def side(self, i: int) -> Belligerent:
        return (self.attacker if i == 0 else self.defender) or Belligerent()

    def side_flanks(self, i: int) -> list[Flank]:
        flanks = self.flanks or []
        return flanks[i] if i < len(flanks) else []


class CommitRequest(BaseModel):
    """``POST /api/moderator/commit``: the run whose new stability is written."""

    model_config = ConfigDict(strict=True)  # JSON as sent: no "1" for 1

    run: Annotated[str, Field(max_length=64)]


# -- the answers, as the schema declares them -------------------------------------------------


class FlankAnswer(BaseModel):
    x: float
    y: float
    infantry: int
    cavalry: int
    artillery: int
    ships: int | None = None
    maneuver: str
    status: str


class SplitAnswer(BaseModel):
    flanks: list[FlankAnswer]


class SideStatus(BaseModel):
    text: str
    colour: str
    good: bool
    can_add: bool


class CheckAnswer(BaseModel):
    errors: list[str]
    status: list[SideStatus]


class FlankAfter(BaseModel):
    x: float
    y: float
    infantry: float
    cavalry: float
    artillery: float
    ships: float
    maneuver: str
    status: str
    size: float
    morale: float
    routed: bool


class Hour(BaseModel):
    hour: int
    flanks: list[list[tuple[float, float, int, int, str]]] = Field(
        description="each side's flanks: x, y, men, morale, status"
    )


class StabilityChange(BaseModel):
    nation: str
    before: float
    after: float
    result: str
    notes: list[str]


class Occupation(BaseModel):
    score: float
    value: float
    result: str


class RunAnswer(BaseModel):
    run: str
    hours: list[Hour]
    receipt: str
    log: str
    log_name: str
    flanks: list[list[FlankAfter]]
    stability: list[StabilityChange]
    occupation: Occupation


class CommitAnswer(BaseModel):
    written: dict[str, float]


class ImportAnswer(BaseModel):
    imported: dict[str, int]


class MapAnswer(BaseModel):
    map: str
