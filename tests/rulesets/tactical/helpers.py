"""Helpers shared by the tactical rule tests: units and HQs on conftest.py's 8x6 open test
map (axial hexes: AHQ at 0,0, A1 at 2,1, X1 at 4,0, XHQ at 7,-3), scripted dice, and readers of
the events a side was told. Seed 002, the parameter sheet."""

from __future__ import annotations

from typing import Any

from hexwar.core.events import ALL
from hexwar.core.rng import Roll
from hexwar.rulesets.tactical.game import TacticalGame

from .conftest import make_scenario

EVERYONE = frozenset({ALL})


NO_EFFECT = 0.99  # a single attack's draw above every row's chances but 10:1's (105 %)


class _Scripted:
    """The game's dice with listed draws: ``uniform`` (one per single attack on the CRT) takes
    ``uniforms`` in order, ``chance`` takes the draw listed for its label (else 0.99: fails
    every chance below 99 %), ``die`` shows ``die`` if given; each is recorded for the receipt
    as the real dice record it."""

    def __init__(
        self,
        dice: Any,
        uniforms: list[float] | None = None,
        chances: dict[str, float] | None = None,
        die: int | None = None,
    ) -> None:
        self._dice = dice
        self._uniforms = list(uniforms or [])
        self._chances = chances or {}
        self._die = die

    def uniform(self, label: str, low: float = 0.0, high: float = 1.0) -> float:
        u = self._uniforms.pop(0) if self._uniforms else NO_EFFECT
        self._dice.pending.append(Roll(label, u))
        return u

    def chance(self, label: str, p: float) -> bool:
        u = self._chances.get(label, 0.99)
        ok = u < p
        self._dice.pending.append(Roll(label, u, chance=p, success=ok))
        return ok

    def die(self, label: str, sides: int = 6) -> int:
        if self._die is None:
            return int(self._dice.die(label, sides))
        self._dice.pending.append(Roll(label, self._die, sides=sides))
        return self._die

    def __getattr__(self, name: str) -> Any:
        return getattr(self._dice, name)


def _script(game: TacticalGame, **how: Any) -> None:
    game.dice = _Scripted(game.dice, **how)  # type: ignore[assignment]


def _events(game: TacticalGame, kind: str) -> list[Any]:
    return [e for e in game.events() if e.kind == kind]


BOTH = frozenset({"*"})


def _hq(uid: str, side: str, level: str, at: str | None, boss: str | None = None) -> dict[str, Any]:
    return {"id": uid, "side": side, "name": uid, "kind": "hq", "sp": 1, "morale": 5,
            "hq_level": level, **({"at": at} if at else {}),
            **({"hq": boss} if boss else {})}  # fmt: skip


class _Dice:
    """Listed draws in place of the game's stream: every uniform draw (the CRT's) is
    ``uniform``, every die ``die``, every yes/no roll draws ``chance`` (it succeeds below the
    roll's chance). Recorded as the game's dice record them, for the receipts."""

    def __init__(self, *, uniform: float = 0.99, die: int = 1, chance: float = 0.99) -> None:
        self._uniform, self._die, self._chance = uniform, die, chance
        self.pending: list[Roll] = []

    def uniform(self, label: str, low: float = 0.0, high: float = 1.0) -> float:
        self.pending.append(Roll(label, self._uniform))
        return self._uniform

    def die(self, label: str, sides: int = 6) -> int:
        self.pending.append(Roll(label, self._die, sides=sides))
        return self._die

    def chance(self, label: str, p: float) -> bool:
        p = min(1.0, max(0.0, p))
        ok = self._chance < p
        self.pending.append(Roll(label, self._chance, chance=p, success=ok))
        return ok

    def take(self) -> tuple[Roll, ...]:
        rolls, self.pending = tuple(self.pending), []
        return rolls


def _dice(game: TacticalGame, **draws: Any) -> None:
    game.dice = _Dice(**draws)  # type: ignore[assignment]


def _told(game: TacticalGame, kind: str, since: int = 0) -> list[tuple[str, frozenset[str]]]:
    return [(e.text, e.visible_to) for e in game.events()[since:] if e.kind == kind]


def _own(game: TacticalGame, side: str, uid: str) -> dict[str, Any]:
    return next(u for u in game.view(side).data["units"] if u["id"] == uid)


def _fire_and_break(game: TacticalGame, side: str = "allied") -> str:
    _dice(game, uniform=0.3, die=10)
    game.submit(side, "fire A1 X1")
    x1 = game.units["X1"]
    return str(x1.hex) if x1.alive else "eliminated"


BASE = make_scenario().model_dump(exclude_none=True)["units"]  # AHQ, A1, XHQ, X1


def _kinds(game: TacticalGame) -> list[str]:
    return [e.kind for e in game.events()]


class _Rolling:
    """The game's dice, but every die shows ``value``."""

    def __init__(self, dice: object, value: int) -> None:
        self._dice, self._value = dice, value

    def die(self, label: str, sides: int = 6) -> int:
        return self._value

    def __getattr__(self, name: str) -> Any:
        return getattr(self._dice, name)


def _rolling(game: TacticalGame, value: int) -> None:
    game.dice = _Rolling(game.dice, value)  # type: ignore[assignment]


def _unit(uid: str, side: str, kind: str, at: str, sp: int = 4, **more: Any) -> dict[str, Any]:
    hq = "AHQ" if side == "allied" else "XHQ"
    return {"id": uid, "side": side, "name": uid, "kind": kind, "at": at, "sp": sp, "morale": 6,
            "hq": hq, **more}  # fmt: skip


def _bn_hq(uid: str, side: str, at: str) -> dict[str, Any]:
    return {"id": uid, "side": side, "name": "HQ", "kind": "hq", "at": at, "sp": 1, "morale": 5,
            "hq_level": "battalion"}  # fmt: skip
