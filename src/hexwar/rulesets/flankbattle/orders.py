"""A side's order in the flank battle: its deployment, the flanks of the Strategy tab (seed 004),
as JSON (``{"flanks": [...]}`` or ``{"flanks": "default"}``) and as text (the flanks as
``str()`` writes them, separated by ``;``, or ``default``)."""

from __future__ import annotations

from dataclasses import dataclass

from hexwar.core.errors import IllegalOrderError
from hexwar.core.orders import JsonValue, order_json
from hexwar.rulesets.flankbattle.flanks import FlankSpec, check_count

__all__ = ["Deployment"]


@dataclass(frozen=True, slots=True)
class Deployment:
    """A side's flanks; ``None`` means the default: three flanks, the military spread evenly
    (the Strategy tab's Reset)."""

    flanks: tuple[FlankSpec, ...] | None = None

    def to_json(self) -> JsonValue:
        if self.flanks is None:
            return {"flanks": "default"}
        return {"flanks": [f.to_json() for f in self.flanks]}

    def __str__(self) -> str:
        if self.flanks is None:
            return "default"
        return "; ".join(str(f) for f in self.flanks)

    @classmethod
    def parse(cls, data: JsonValue | str) -> Deployment:
        if isinstance(data, str):
            if data.strip().casefold() in ("default", "reset", ""):
                return cls()
            if not data.lstrip().startswith(("{", "[")):
                # the flanks as str() writes them, separated by ';'
                specs = tuple(
                    FlankSpec.parse_text(part, f"flank {i + 1}")
                    for i, part in enumerate(p for p in data.split(";") if p.strip())
                )
                check_count(specs)
                return cls(specs)
            data = order_json(data)
        if isinstance(data, list):
            data = {"flanks": data}
        if not isinstance(data, dict) or set(data) != {"flanks"}:
            raise IllegalOrderError(
                'a deployment is {"flanks": [...]} or {"flanks": "default"}', rule="syntax"
            )
        flanks = data["flanks"]
        if flanks == "default":
            return cls()
        if not isinstance(flanks, list):
            raise IllegalOrderError("flanks must be a list of flanks", rule="syntax")
        specs = tuple(
            FlankSpec.from_json(f, f"flanks[{i}]")  # type: ignore[arg-type]
            for i, f in enumerate(flanks)
        )
        check_count(specs)
        return cls(specs)
