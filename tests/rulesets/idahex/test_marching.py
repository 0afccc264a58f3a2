"""The marching of seed 000 §3 as the engine keeps it: what a change of status asks of its two
statuses alone (engine._Change), the next status of a status under an order and its §3.2 case
(Engine._after) and the delays (Engine._delays) are kept between events; a game whose engine
forgets all of them before every event is the same game."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hexwar.rulesets.idahex.engine import Engine

BENCHMARKS = Path(__file__).resolve().parents[3] / "benchmarks"


@pytest.fixture
def scale(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    return importlib.import_module("idahex_scale")


def test_a_theater_whose_engine_forgets_what_it_kept_is_the_same_game(
    scale: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """§3 and §4.1 on benchmarks/idahex_scale.py's theater (units marching back and forth,
    order after order, beside engagements): the same final state with every change of status
    worked out afresh."""
    scenario, places = scale.generated_design(100, 1)
    kept = scale.play(scenario, places, 1, by_phase=False)
    occur = Engine._occur
    forgot = []

    def forgetful(self: Engine, key: Any, number: int) -> None:
        if self._after or self._changes:
            forgot.append(number)
        self._after.clear()
        self._changes.clear()
        self._delays.clear()
        for tf in self.task_forces.values():
            tf.after = None
        occur(self, key, number)

    monkeypatch.setattr(Engine, "_occur", forgetful)
    afresh = scale.play(scenario, places, 1, by_phase=False)
    assert forgot  # (the memos were in use)
    assert (afresh["events"], afresh["state"]) == (kept["events"], kept["state"])
