"""Sessions: a game together with its agents and (optionally) its place in the game store.

This is the glue the CLI and the conformance kit share: resolve a scenario argument, start or
resume a game, let agents take their decisions, and acknowledge human orders only once the store
has committed them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from hexwar.agents import agent_rng, make_agent
from hexwar.core import registry
from hexwar.core.errors import UnknownScenarioError
from hexwar.core.events import render_text
from hexwar.core.game import Agent, Game, Ruleset
from hexwar.core.orders import JsonValue, SubmittedOrder
from hexwar.scenarios import load_document, peek_ruleset, validate
from hexwar.store import GameStore

SNAPSHOT_EVERY = 50  # orders between stored snapshots; resume checks replay against the last


@dataclass(frozen=True, slots=True)
class ResolvedScenario:
    ruleset: Ruleset[Any, Any]
    scenario: BaseModel
    scenario_id: str


def _read(source: Path | Traversable, name: str) -> Any:
    if isinstance(source, Path):
        return load_document(source)
    text = source.read_text(encoding="utf-8")
    return load_document(text, fmt="json" if source.name.endswith(".json") else "toml", name=name)


def resolve_scenario(arg: str) -> ResolvedScenario:
    """A bundled scenario id (``aggressor/sector``) or a path to a scenario file, validated."""
    path = Path(arg)
    if path.suffix in {".toml", ".json"} or path.exists():
        if not path.is_file():
            raise UnknownScenarioError(f"{arg}: no such file")
        document = _read(path, arg)
        ruleset = registry.get(peek_ruleset(document))
        return ResolvedScenario(ruleset, validate(document, ruleset.scenario_model), arg)
    ruleset_id, _, _ = arg.partition("/")
    ruleset = registry.get(ruleset_id)
    bundled = ruleset.bundled_scenarios()
    if arg not in bundled:
        known = ", ".join(bundled) or "none"
        raise UnknownScenarioError(f"unknown scenario {arg!r} (bundled with {ruleset_id}: {known})")
    document = _read(bundled[arg], arg)
    return ResolvedScenario(ruleset, validate(document, ruleset.scenario_model), arg)


@dataclass
class Session:
    """A game in progress: who plays each side, and where acknowledged orders are kept."""

    game: Game[Any, Any]
    agent_names: dict[str, str]  # side -> agent name; sides without one are human
    store: GameStore | None = None
    game_id: str | None = None
    agents: dict[str, Agent] = field(default_factory=dict)

    def __post_init__(self) -> None:
        ruleset = self.game.ruleset
        self.agents = {s: make_agent(ruleset, s, n) for s, n in self.agent_names.items()}

    @classmethod
    def start(
        cls,
        resolved: ResolvedScenario,
        *,
        seed: int,
        agents: Mapping[str, str],
        store: GameStore | None = None,
        label: str | None = None,
    ) -> Session:
        """A new game; stored (and given an id) when a store is given."""
        game = resolved.ruleset.new_game(
            resolved.scenario, seed=seed, scenario_id=resolved.scenario_id
        )
        session = cls(game, dict(agents), store)
        if store is not None:
            session.game_id = store.create_game(game.record(session.agent_names), label=label)
        return session

    @classmethod
    def resume(cls, store: GameStore, game_id: str) -> Session:
        """Rebuild a stored game by replaying every acknowledged order."""
        full_id = store.resolve_id(game_id)
        record = store.load(full_id)
        snapshot = store.latest_snapshot(full_id)
        checkpoints = {snapshot.seq: snapshot.state_hash} if snapshot else {}
        game = registry.replay(record, checkpoints=checkpoints)
        return cls(game, dict(record.agents), store, full_id)

    @property
    def human_sides(self) -> list[str]:
        return [s for s in self.game.info.sides if s not in self.agent_names]

    def submit(self, side: str, order: JsonValue | str) -> SubmittedOrder:
        """Accept ``side``'s order; it is acknowledged (returned) only after the store commits."""
        submitted = self.game.submit(side, order)
        if self.store is not None and self.game_id is not None:
            self.store.append_order(self.game_id, submitted)
            outcome = self.game.outcome()
            n_orders = submitted.seq + 1
            if outcome is not None or n_orders % SNAPSHOT_EVERY == 0:
                game = self.game
                self.store.save_snapshot(
                    self.game_id, n_orders, game.state_hash(), game.state_json()
                )
            if outcome is not None:
                self.store.finish(self.game_id, outcome.to_json())
        return submitted

    def play_agents(self, *, max_steps: int | None = None) -> None:
        """Let agents decide until a human must act, the game ends or ``max_steps`` is reached."""
        while (decision := self.game.decision()) is not None:
            if max_steps is not None and self.game.step >= max_steps:
                return
            movers = sorted(decision.sides & self.agents.keys())
            if not movers:
                return
            for side in movers:
                if self.game.outcome() is not None:
                    return  # an agent conceded (a sealed decision's other movers have none)
                view = self.game.view(side)
                order = self.agents[side].act(view, agent_rng(self.game.seed, side, decision.step))
                self.submit(side, order.to_json())

    def run(
        self, *, max_steps: int | None = None, progress: Callable[[int], None] | None = None
    ) -> None:
        """Play agents against agents to the end (every side must have an agent)."""
        while self.game.decision() is not None:
            before = self.game.step
            self.play_agents(max_steps=max_steps)
            if progress is not None:
                progress(self.game.step)
            if self.game.step == before:
                return  # a human side must move, or the step limit is reached


def transcript(game: Game[Any, Any]) -> str:
    """What ``hexwar run`` prints: the umpire's log, then the verdict with the seed and state."""
    outcome = game.outcome()
    verdict = (
        f"{outcome.winner or 'nobody'} wins: {outcome.reason}"
        if outcome
        else f"unfinished after {game.step} decisions"
    )
    log = render_text(game.events(None))
    return f"{log}{verdict}  (seed {game.seed}, state {game.state_hash()[:12]})\n"
