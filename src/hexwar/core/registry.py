"""The ruleset registry and replay.

Rulesets are found through the ``hexwar.rulesets`` entry-point group (the built-in ones are
declared in ``pyproject.toml``, third-party packages add theirs the same way) and through the
``HEXWAR_RULESETS`` environment variable, a comma-separated list of ``module:Class`` for
rulesets that are not installed as packages (test fixtures, work in progress).
"""

from __future__ import annotations

import importlib
import os
import threading
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any

from hexwar.core.errors import HexwarError, RecordError, UnknownRulesetError
from hexwar.core.game import Game, Ruleset
from hexwar.core.records import GameRecord, content_hash

ENTRY_POINT_GROUP = "hexwar.rulesets"
ENV_VAR = "HEXWAR_RULESETS"

_registry: dict[str, Ruleset[Any, Any]] = {}
_discovered = False  # set only once every ruleset is in _registry
# Held while discovering: a thread that asks meanwhile (a web server's first requests) waits
# for the rulesets instead of finding none. Reentrant, so that a ruleset module looking one
# up as it is imported fails with "unknown ruleset" rather than deadlocking (the rulesets are
# registered together, once all have loaded).
_lock = threading.RLock()
_discovering = False


def register(ruleset: Ruleset[Any, Any]) -> Ruleset[Any, Any]:
    """Add ``ruleset`` under its id (replacing any earlier one of the same id)."""
    _registry[ruleset.info.id] = ruleset
    return ruleset


def _instance(obj: Any) -> Ruleset[Any, Any]:
    """A loaded ruleset: the object itself, or an instance where the class was named."""
    ruleset: Ruleset[Any, Any] = obj() if isinstance(obj, type) else obj
    return ruleset


def _load(spec: str) -> Ruleset[Any, Any]:
    module_name, _, attr = spec.strip().partition(":")
    if not module_name or not attr:
        raise UnknownRulesetError(f"{ENV_VAR} entry {spec!r} is not of the form module:Class")
    return _instance(getattr(importlib.import_module(module_name), attr))


def discover() -> None:
    """Load every ruleset from entry points and ``HEXWAR_RULESETS`` (once per process).

    Safe from several threads at once: the first loads, the others wait for it. A ruleset
    that fails to load fails discovery as a whole (none of the rulesets loaded before it is
    registered, and the next call tries again).
    """
    global _discovered, _discovering
    if _discovered:
        return
    with _lock:
        if _discovered or _discovering:
            return  # done while this thread waited, or asked from within the loading below
        _discovering = True
        try:
            loaded = [_instance(ep.load()) for ep in entry_points(group=ENTRY_POINT_GROUP)]
            loaded += [_load(spec) for spec in filter(None, os.environ.get(ENV_VAR, "").split(","))]
            for ruleset in loaded:
                register(ruleset)
            _discovered = True
        finally:
            _discovering = False


def get(ruleset_id: str) -> Ruleset[Any, Any]:
    """The ruleset registered as ``ruleset_id``."""
    discover()
    try:
        return _registry[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_registry)) or "none installed"
        raise UnknownRulesetError(f"unknown ruleset {ruleset_id!r} (known: {known})") from None


def all_rulesets() -> list[Ruleset[Any, Any]]:
    """Every registered ruleset, by id."""
    discover()
    return [_registry[k] for k in sorted(_registry)]


def replay(
    record: GameRecord,
    *,
    upto: int | None = None,
    checkpoints: Mapping[int, str] | None = None,
) -> Game[Any, Any]:
    """Rebuild a game from its record by resubmitting its orders (the first ``upto`` of them).

    ``checkpoints`` maps a number of orders to the state hash the game had after them (the
    store's snapshots); a replay that arrives at another hash raises instead of diverging
    silently. Raises :class:`RecordError` if the ruleset version or the scenario hash do not
    match, or a checkpoint fails.
    """
    ruleset = get(record.ruleset)
    if record.ruleset_version != ruleset.info.version:
        raise RecordError(
            f"record was made with {record.ruleset} {record.ruleset_version}, "
            f"this is {ruleset.info.version}"
        )
    if content_hash(dict(record.scenario)) != record.scenario_hash:
        raise RecordError(f"scenario {record.scenario_id!r} does not match its recorded hash")
    try:
        scenario = ruleset.scenario_from_json(record.scenario)
    except ValueError as exc:  # pydantic's ValidationError is one
        message = f"scenario {record.scenario_id!r} of the record is invalid: {exc}"
        raise RecordError(message) from exc
    game = ruleset.new_game(scenario, seed=record.seed, scenario_id=record.scenario_id)
    orders = record.orders if upto is None else record.orders[:upto]
    expected = dict(checkpoints or {})
    _check_checkpoint(game, 0, expected)
    for submitted in orders:
        try:
            accepted = game.submit(submitted.side, submitted.order)
        except HexwarError as exc:  # an illegal order, an order after the end
            raise RecordError(
                f"order {submitted.seq} ({submitted.side}, step {submitted.step}) cannot be "
                f"replayed: {exc}"
            ) from exc
        if accepted.seq != submitted.seq or accepted.step != submitted.step:
            raise RecordError(
                f"order {submitted.seq} replayed as {accepted.seq} at step {accepted.step} "
                f"(recorded at step {submitted.step})"
            )
        _check_checkpoint(game, submitted.seq + 1, expected)
    return game


def _check_checkpoint(game: Game[Any, Any], n_orders: int, expected: Mapping[int, str]) -> None:
    if n_orders in expected and game.state_hash() != expected[n_orders]:
        raise RecordError(
            f"replay diverged: after {n_orders} orders the state hash is {game.state_hash()}, "
            f"the stored snapshot says {expected[n_orders]}"
        )
