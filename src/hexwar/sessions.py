"""Sessions: a game together with its agents and (optionally) its place in the game store.

This is the glue the CLI and the conformance kit share: resolve a scenario argument, start or
resume a game, let agents take their decisions, and acknowledge human orders only once the store
has committed them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hexwar.agents import AI, agent_rng, make_agent
from hexwar.core import registry
from hexwar.core.events import render_text
from hexwar.core.game import Agent, Game
from hexwar.core.orders import JsonValue, Order, SubmittedOrder, is_concession
from hexwar.scenarios.resolve import ResolvedScenario, bundled_scenario, resolve_scenario
from hexwar.store import GameStore

__all__ = [  # with the scenario resolution it re-exports (hexwar.scenarios.resolve)
    "SAVE_EVERY",
    "SNAPSHOT_EVERY",
    "ResolvedScenario",
    "Session",
    "bundled_scenario",
    "computer_order",
    "resolve_scenario",
    "transcript",
]

SNAPSHOT_EVERY = 50  # orders between stored snapshots; resume checks replay against the last
SAVE_EVERY = 50  # agents' orders kept in memory at most before they are committed together


@dataclass
class Session:
    """A game in progress: who plays each side, and where acknowledged orders are kept."""

    game: Game[Any, Any]
    agent_names: dict[str, str]  # side -> agent name; sides without one are human
    store: GameStore | None = None
    game_id: str | None = None
    agents: dict[str, Agent] = field(default_factory=dict)
    saved: int = 0  # how many of the game's orders the store holds
    snapshot_at: int = 0  # after how many orders the last snapshot was taken

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
            session.saved = game.order_count
        return session

    @classmethod
    def resume(cls, store: GameStore, game_id: str) -> Session:
        """Rebuild a stored game by replaying every acknowledged order.

        A game whose last order ended it but which is stored as active (a process killed
        between the two, before they were one transaction) is marked finished here.
        """
        full_id = store.resolve_id(game_id)
        record = store.load(full_id)
        snapshot = store.latest_snapshot(full_id)
        checkpoints = {snapshot.seq: snapshot.state_hash} if snapshot else {}
        game = registry.replay(record, checkpoints=checkpoints)
        outcome = game.outcome()
        if outcome is not None and store.status(full_id) == "active":
            store.finish(full_id, outcome.to_json())
        n = len(record.orders)
        return cls(game, dict(record.agents), store, full_id, saved=n, snapshot_at=n)

    @property
    def human_sides(self) -> list[str]:
        return [s for s in self.game.info.sides if s not in self.agent_names]

    def submit(
        self, side: str, order: Order | JsonValue | str, *, save: bool = True
    ) -> SubmittedOrder:
        """Accept ``side``'s order (an order object, as an agent gives it, or its JSON or
        text); it is acknowledged (returned) only after the store commits it (with every
        order before it), unless ``save`` is false. If the commit fails, the game is rolled
        back to what the store holds and the error raised."""
        submitted = self.game.submit(side, order)
        if save:
            self.save()
        return submitted

    def save(self, *, snapshot: bool = True) -> None:
        """Commit the orders the store does not hold yet, in one transaction with the snapshot
        due after them (unless ``snapshot`` is false: a batch in the middle of agents' play) and
        the game's finish if they ended it.

        On failure (disk full, a read-only file) the game in memory is rolled back to the
        orders the store holds, so the session is never ahead of its store.
        """
        if self.store is None or self.game_id is None:
            return
        game = self.game
        pending = game.orders[self.saved :]
        if not pending:
            return
        n = game.order_count
        outcome = game.outcome()
        due = outcome is not None or (snapshot and n - self.snapshot_at >= SNAPSHOT_EVERY)
        taken = (n, game.state_hash()) if due else None  # hashing the whole log: not each batch
        try:
            self.store.append_orders(
                self.game_id,
                pending,
                snapshot=taken,
                outcome=outcome.to_json() if outcome is not None else None,
            )
        except Exception:
            self.game = registry.replay(game.record(self.agent_names), upto=self.saved)
            raise
        self.saved = n
        if taken is not None:
            self.snapshot_at = n

    def play_agents(self, *, max_steps: int | None = None) -> None:
        """Let agents decide until a human must act, the game ends or ``max_steps`` is reached.

        Agents' orders are committed in batches (and always before returning): an agent's
        order lost with a killed process is simply decided again, identically, on resume.
        """
        try:
            while (decision := self.game.decision()) is not None:
                if max_steps is not None and self.game.step >= max_steps:
                    return
                movers = sorted(decision.sides & self.agents.keys())
                if not movers:
                    return
                for side in movers:
                    game = self.game
                    if game.outcome() is not None:
                        return  # an agent conceded (a sealed decision's other movers have none)
                    view = game.view(side)
                    order = self.agents[side].act(view, agent_rng(game.seed, side, decision.step))
                    self.submit(side, order, save=False)
                if self.game.order_count - self.saved >= SAVE_EVERY:
                    self.save(snapshot=False)
        finally:
            self.save()

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


def computer_order(session: Session, side: str) -> tuple[str, JsonValue] | None:
    """The order the ruleset's ``ai`` would give for ``side`` now, as notation and JSON, drawn
    from the stream that agent would use at this decision (the same suggestion every time);
    None if it would concede."""
    game = session.game
    decision = game.decision()
    assert decision is not None  # asked only while the game goes on
    agent = make_agent(game.ruleset, side, AI)
    order = agent.act(game.view(side), agent_rng(game.seed, side, decision.step))
    data = order.to_json()
    return None if is_concession(data) else (str(order), data)
