"""The game protocol: the one shape every ruleset fits.

A ruleset subclasses :class:`Ruleset` (metadata in class variables, a scenario model, order
parsing, a random legal order drawn from a view) and :class:`Game` (private hooks). The public
path -- :meth:`Game.submit`, :meth:`Game.view`, :meth:`Game.decision` -- is written once, here:
it checks turn order and finished games, validates through the ruleset's hook, records the order
and advances, alike for every ruleset.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

import numpy as np
from pydantic import BaseModel

from hexwar.core.boards import Board
from hexwar.core.choices import SUBMIT, ChoiceMark
from hexwar.core.errors import (
    GameOverError,
    IllegalOrderError,
    Problem,
    ScenarioError,
    UnknownScenarioError,
)
from hexwar.core.events import ALL, Event, EventLog, render_text
from hexwar.core.orders import (
    AMEND_RULE,
    CONCEDE,
    UMPIRE,
    Amendment,
    JsonValue,
    Order,
    SubmittedOrder,
    check_order,
    is_concession,
    is_order,
)
from hexwar.core.records import (
    GameRecord,
    canonical_json,
    content_hash,
    decode_nonfinite,
    encode_nonfinite,
)
from hexwar.core.rng import Dice
from hexwar.core.search import SearchProfile
from hexwar.core.views import SharedJson, View, check_jsonable

if TYPE_CHECKING:  # the core never imports the CLI toolkit; only a ruleset's commands() does
    import typer


class TurnStructure(StrEnum):
    """How decisions are taken (OpenSpiel's "dynamics", in our words)."""

    ALTERNATING = "alternating"  # one side at a time
    SIMULTANEOUS = "simultaneous"  # sealed orders from every awaited side, then resolution
    EVENT_DRIVEN = "event-driven"  # a clock runs between decision points
    BATCH = "batch"  # inputs first, then resolution to the end


@dataclass(frozen=True, slots=True)
class RulesetInfo:
    """What tools need to know about a ruleset before they touch a game of it."""

    id: str
    version: str
    title: str
    sides: tuple[str, ...]
    turn_structure: TurnStructure
    hidden_information: bool
    stochastic: bool
    seed_document: str
    summary: str = ""


@dataclass(frozen=True, slots=True)
class Decision:
    """Whose orders the game waits for now, at decision ``step``."""

    step: int
    sides: frozenset[str]
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class TimeLimit:
    """How long a side has for its decision, and the order that stands for it if the time
    runs out (front ends that keep a clock submit ``late_order`` for a side that is late)."""

    seconds: float
    late_order: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (``None`` for a draw or no result) and why."""

    winner: str | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason}


OrderT = TypeVar("OrderT", bound=Order)
ScenarioT = TypeVar("ScenarioT", bound=BaseModel)
# The research adapters' observation of a view's data: planes (float32, shape (C, H, W)) and a
# vector (float32, shape (K,)), every entry >= 0 (Ruleset.observation_encoder).
ObservationEncoder = Callable[[Mapping[str, Any]], tuple[np.ndarray, np.ndarray]]


# Game.view and Game.submit make a View and a SubmittedOrder without calling the frozen
# dataclass's __init__, which sets each field through object.__setattr__ (about twice the
# cost, at every view and order): the fields' slot descriptors set them, in the same order, to
# the same values (neither class has a __post_init__). The objects are the same.
_new_view = object.__new__
_set_view_ruleset = View.__dict__["ruleset"].__set__
_set_view_side = View.__dict__["side"].__set__
_set_view_step = View.__dict__["step"].__set__
_set_view_data = View.__dict__["data"].__set__
_new_submitted = object.__new__
_set_submitted_seq = SubmittedOrder.__dict__["seq"].__set__
_set_submitted_step = SubmittedOrder.__dict__["step"].__set__
_set_submitted_side = SubmittedOrder.__dict__["side"].__set__
_set_submitted_order = SubmittedOrder.__dict__["order"].__set__


_EVENTS_HASHED = 4096
"""The events :meth:`Game.state_hash` writes at a time."""


class Game(ABC, Generic[ScenarioT, OrderT]):
    """One game of a ruleset. Subclasses implement the ``_hooks``; never the public path."""

    def __init__(
        self,
        ruleset: Ruleset[ScenarioT, OrderT],
        scenario: ScenarioT,
        *,
        seed: int,
        scenario_id: str,
    ):
        self.ruleset = ruleset
        self.scenario = scenario
        self.scenario_id = scenario_id
        self.seed = seed
        self.log = EventLog()
        self.dice = Dice.for_game(seed)
        self._orders: list[SubmittedOrder] = []
        self._sealed: dict[str, OrderT] = {}
        self._step = 0
        self._outcome: Outcome | None = None
        self._shared = SharedJson()
        """Parts of views that views share while their source is unchanged (``_view`` puts
        them in with ``self._shared.get``); checked once each."""

    # -- hooks ---------------------------------------------------------------------------------

    @abstractmethod
    def _awaiting(self) -> Decision:
        """The decision the game waits for (called only while the game is not over)."""

    @abstractmethod
    def _check(self, side: str, order: OrderT) -> None:
        """Raise :class:`IllegalOrderError` naming the rule if ``side`` may not give ``order``."""

    @abstractmethod
    def _resolve(self, orders: Mapping[str, OrderT]) -> None:
        """Carry out the orders of one decision and advance to the next decision or the end."""

    @abstractmethod
    def _view(self, side: str) -> dict[str, Any]:
        """What ``side`` may know now, JSON-able."""

    @abstractmethod
    def _state_json(self) -> dict[str, Any]:
        """The full state, JSON-able; it (with the log and the streams) defines the state hash."""

    def _summary(self) -> dict[str, Any]:
        """The umpire's account of the game now, JSON-able: every unit's status and holdings,
        scores, whatever the ruleset keeps (``run --json`` prints it). Default: nothing."""
        return {}

    def _report_sections(self) -> list[tuple[str, str]]:
        """The ruleset's sections of the designer's report after the log, as (title, text)."""
        return []

    def _series(self) -> dict[str, Any]:
        """Quantities over time that neither the log nor a summary taken after each decision
        holds (a batch ruleset's hour-by-hour battle), for plots; JSON-able::

            {"time": "hour", "series": [{"quantity": "men", "label": "Attacker flank 1",
                                         "side": "attacker", "t": [0, 1], "y": [2667, 2650]}]}

        Default: none."""
        return {}

    def _amend(self, amendment: Amendment) -> None:
        """Carry out an umpire's ``move``, ``remove`` or ``hold`` amendment (the kinds the
        ruleset lists in :attr:`Ruleset.amendments`; the core ends a game itself).

        Check everything first and raise :class:`IllegalOrderError` (rule ``umpire
        amendments``) naming what is wrong before changing anything; then change the state and
        log what each side may see of the change (the owner of a moved unit, the sides that
        knew of it), never more than the fog of war lets it know. The core logs the notice
        every side sees, with the reason. Default: refuses."""
        raise IllegalOrderError(
            f"the {self.info.id} ruleset takes no '{amendment.kind}' amendment",
            rule=AMEND_RULE,
            order=amendment.to_json(),
        )

    def _finish(self, winner: str | None, reason: str) -> None:
        """End the game (rulesets call this from ``_resolve``)."""
        self._outcome = Outcome(winner, reason)
        self.log.append(
            self._clock(),
            "game-over",
            f"Game over: {reason}",
            data=self._outcome.to_json(),
            visible_to=ALL,
        )

    def _clock(self) -> float | int:
        """The time stamp for the next core event: the last event's time, or 0."""
        return self.log[-1].time if self.log else 0

    # -- public protocol -----------------------------------------------------------------------

    @property
    def info(self) -> RulesetInfo:
        return self.ruleset.info

    def decision(self) -> Decision | None:
        """The pending decision, less the sides whose sealed orders are in; ``None`` when over."""
        if self._outcome is not None:
            return None
        d = self._awaiting()
        if self._sealed:
            return Decision(d.step, d.sides - self._sealed.keys(), d.prompt)
        return d

    def submit(self, side: str, order: OrderT | JsonValue | str | Amendment) -> SubmittedOrder:
        """Validate and accept ``side``'s order; resolve once every awaited side has ordered.

        Side :data:`~hexwar.core.orders.UMPIRE` gives amendments (:meth:`amend`)."""
        if side == UMPIRE:
            return self.amend(order)  # type: ignore[arg-type]  # a ruleset's order is refused
        if isinstance(order, Amendment):
            raise IllegalOrderError(
                f"{side} may not amend the game: only the umpire does", rule=AMEND_RULE
            )
        if side not in self.ruleset.info.sides:  # (_check_side, without two calls)
            self._check_side(side)
        if self._outcome is not None:
            raise GameOverError(f"the game is over ({self._outcome.reason}); no more orders")
        d = self._awaiting()
        # An order object's JSON, made once: what the concession check reads and the record
        # keeps.
        data = order.to_json() if is_order(order) else None
        if data is None:
            concedes = is_concession(order)
        else:
            # A dict without the concession's keys is not the concession (is_concession
            # compares whole dicts): settled without its copies of both.
            concedes = (type(data) is not dict or data.keys() == CONCEDE.keys()) and (
                is_concession(data)
            )
        if concedes:
            return self._concede(side)
        if side not in d.sides:
            raise IllegalOrderError(
                f"{side} has no decision to make now (waiting for {', '.join(sorted(d.sides))})",
                rule="turn order",
                order=order,
            )
        if side in self._sealed:
            raise IllegalOrderError(
                f"{side} has already given sealed orders for step {d.step}",
                rule="one order per decision",
                order=order,
            )
        parsed: OrderT
        if data is not None:
            parsed = cast(OrderT, order)
        else:
            check_order(order)  # the shared limits, whatever the ruleset's parser does
            parsed = self.ruleset.parse_order(side, cast("JsonValue | str", order))
            data = parsed.to_json()
        self._check(side, parsed)
        submitted = _new_submitted(SubmittedOrder)  # SubmittedOrder(seq, step, side, data)
        _set_submitted_seq(submitted, len(self._orders))
        _set_submitted_step(submitted, d.step)
        _set_submitted_side(submitted, side)
        _set_submitted_order(submitted, data)
        self._orders.append(submitted)
        self._sealed[side] = parsed
        if self._sealed.keys() >= d.sides:
            sealed, self._sealed = self._sealed, {}
            self._step += 1
            self._resolve(sealed)
        return submitted

    def amend(self, amendment: Amendment | JsonValue | str) -> SubmittedOrder:
        """The umpire's order: change the game (:class:`~hexwar.core.orders.Amendment`, as
        itself, its JSON or its text form), recorded as an order of side ``umpire`` at the
        pending decision's step, so that a replay repeats it. Every side is told that the
        umpire amended the game and why; what else each sees, the ruleset decides
        (:meth:`_amend`). Sealed orders already given for the pending decision are
        withdrawn (they were written for the game before the change): those sides order
        again. ``end`` finishes the game with the umpire's ruling.

        Raises:
            IllegalOrderError: a malformed amendment, a kind the ruleset does not take, or
                one its rules refuse (rule ``umpire amendments``).
            GameOverError: the game is over.
        """
        if self._outcome is not None:
            raise GameOverError(f"the game is over ({self._outcome.reason}); no more orders")
        if not isinstance(amendment, Amendment | str | Mapping):
            raise IllegalOrderError(
                "an amendment is text or a JSON object", rule=AMEND_RULE, order=amendment
            )
        parsed = Amendment.read(amendment)
        taken = self.ruleset.amendments
        if parsed.kind not in taken:
            raise IllegalOrderError(
                f"the {self.info.id} ruleset takes no '{parsed.kind}' amendment (it takes: "
                f"{', '.join(taken)})",
                rule=AMEND_RULE,
                order=parsed.to_json(),
            )
        step = self._awaiting().step
        if parsed.kind == "end":
            if parsed.side is not None and parsed.side not in self.info.sides:
                raise IllegalOrderError(
                    f"unknown side {parsed.side!r} to win; {self.info.id} has "
                    f"{', '.join(self.info.sides)} (or nobody)",
                    rule=AMEND_RULE,
                    order=parsed.to_json(),
                )
        else:
            self._amend(parsed)
        withdrawn = sorted(self._sealed)
        self._sealed = {}
        submitted = SubmittedOrder(len(self._orders), step, UMPIRE, parsed.to_json())
        self._orders.append(submitted)
        again = f" (the sealed orders of {', '.join(withdrawn)} are withdrawn: order again)"
        self.log.append(
            self._clock(),
            "amendment",
            f"The umpire amends the game: {parsed.reason}" + (again if withdrawn else ""),
            data={"reason": parsed.reason, "order": submitted.seq, "withdrawn": withdrawn},
            visible_to=ALL,
        )
        if parsed.kind == "end":
            self._finish(parsed.side, f"the umpire's ruling: {parsed.reason}")
        return submitted

    def _concede(self, side: str) -> SubmittedOrder:
        step = self._awaiting().step
        submitted = SubmittedOrder(len(self._orders), step, side, dict(CONCEDE))
        self._orders.append(submitted)
        others = [s for s in self.info.sides if s != side]
        self._finish(others[0] if len(others) == 1 else None, f"{side} concedes")
        return submitted

    def view(self, side: str) -> View:
        """Only what ``side`` may know; JSON-able."""
        info = self.ruleset.info  # (Game.info, without its property call)
        if side not in info.sides:
            self._check_side(side)
        data = self._view(side)
        check_jsonable(data, checked=self._shared.ids)
        # View(info.id, side, self._step, data), its fields set through their slots (see
        # _new_view): a game takes a view per side and decision.
        view = _new_view(View)
        _set_view_ruleset(view, info.id)
        _set_view_side(view, side)
        _set_view_step(view, self._step)
        _set_view_data(view, data)
        return view

    def events(self, side: str | None = None, after: int = -1) -> list[Event]:
        """The events ``side`` saw, in order; ``None`` for the umpire's full log. With
        ``after``, only those after sequence number ``after`` (what a reader that has the
        log up to it has not seen)."""
        if side is not None:
            self._check_side(side)
        return self.log.for_side(side, after)

    def outcome(self) -> Outcome | None:
        return self._outcome

    def summary(self) -> dict[str, Any]:
        """The umpire's account of the game now (not fog-limited), JSON-able."""
        data = self._summary()
        check_jsonable(data)
        return data

    def series(self) -> dict[str, Any]:
        """Quantities the ruleset kept over time for plots (see :meth:`_series`), JSON-able."""
        data = self._series()
        check_jsonable(data)
        return data

    def report(self) -> str:
        """The designer's report: the game, its outcome, the umpire's whole log and the
        ruleset's own sections, as plain text."""
        outcome = self._outcome
        head = [
            f"{self.info.title} ({self.info.id} {self.info.version}): designer's report",
            f"scenario: {self.scenario_id}",
            f"seed: {self.seed}",
            f"decisions: {self._step}",
            "outcome: "
            + (f"{outcome.winner or 'nobody'} wins: {outcome.reason}" if outcome else "unfinished"),
            f"state: {self.state_hash()}",
        ]
        sections = [("Log", render_text(self.log.for_side(None))), *self._report_sections()]
        body = [f"\n== {title} ==\n\n{text.rstrip()}\n" for title, text in sections]
        return "\n".join(head) + "\n" + "".join(body)

    @property
    def step(self) -> int:
        """How many decisions have been resolved."""
        return self._step

    @property
    def orders(self) -> tuple[SubmittedOrder, ...]:
        return tuple(self._orders)

    @property
    def order_count(self) -> int:
        """``len(orders)``, without copying them."""
        return len(self._orders)

    def record(self, agents: Mapping[str, str] | None = None) -> GameRecord:
        scenario = encode_nonfinite(self.scenario.model_dump(mode="json"))
        return GameRecord(
            ruleset=self.info.id,
            ruleset_version=self.info.version,
            scenario_id=self.scenario_id,
            scenario=scenario,
            scenario_hash=content_hash(scenario),
            seed=self.seed,
            orders=tuple(self._orders),
            agents=dict(agents or {}),
        )

    def state_json(self) -> dict[str, Any]:
        """Everything that defines the game now: state, log, streams, sealed orders, outcome."""
        return {
            "state": self._state_json(),
            "events": self.log.to_json(),
            "rng": self.dice.generator.bit_generator.state,
            "sealed": {s: o.to_json() for s, o in sorted(self._sealed.items())},
            "step": self._step,
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    def state_hash(self) -> str:
        """A hash of :meth:`state_json`: equal hashes mean equal games.

        The hash of the canonical JSON that :meth:`state_json` spells, fed to SHA-256 in
        pieces: the log's events a block at a time (:data:`_EVENTS_HASHED` of them), so that
        neither the whole log's JSON data nor its text is ever held at once (at the scale
        benchmark's 1,000 units over 4 cycles they took some 160 MB on top of a 70 MB game).
        The pieces are the very text :func:`~hexwar.core.records.canonical_json` writes for
        the whole: its keys sorted, an object written ``{"key":value,...}`` and an array
        ``[item,...]`` with each value's own canonical text (the same encoder, the same
        options), and UTF-8 of the pieces is UTF-8 of their concatenation. A game whose
        :meth:`state_json` is its own hashes that."""
        if type(self).state_json is not Game.state_json or "state_json" in vars(self):
            return content_hash(self.state_json())
        digest = hashlib.sha256()
        # state_json's parts, read in its order; written in the order of their sorted keys.
        state = canonical_json(self._state_json())
        log, n = self.log, len(self.log)
        digest.update(b'{"events":[')
        for start in range(0, n, _EVENTS_HASHED):
            if start:
                digest.update(b",")
            block = canonical_json(log.to_json(start, start + _EVENTS_HASHED))
            digest.update(block[1:-1].encode())  # (its items, without the brackets)
        rest = {
            "rng": self.dice.generator.bit_generator.state,
            "sealed": {s: o.to_json() for s, o in sorted(self._sealed.items())},
            "step": self._step,
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }
        digest.update(b"]")
        for key in sorted((*rest, "state")):
            text = state if key == "state" else canonical_json(rest[key])
            digest.update(f",{canonical_json(key)}:{text}".encode())
        digest.update(b"}")
        return digest.hexdigest()

    def _check_side(self, side: str) -> None:
        if side not in self.info.sides:
            raise IllegalOrderError(
                f"unknown side {side!r}; {self.info.id} has {', '.join(self.info.sides)}",
                rule="sides",
            )


class Agent(Protocol):
    """A player that sees only its side's view."""

    def act(self, view: View, rng: np.random.Generator) -> Order: ...


class AgentFactory(Protocol):
    def __call__(self, ruleset: Ruleset[Any, Any], side: str) -> Agent: ...


class TerminalUI(Protocol):
    """A ruleset's own terminal front end for one human side (its keys, its prompts).

    It keeps its own state between decisions (a selected unit, say) and sees only the view.
    """

    def next_order(
        self, view: View, read: Callable[[str], str], write: Callable[[str], None]
    ) -> str | None:
        """Interact until the player has chosen an order (returned as its text notation, which
        the ruleset's ``parse_order`` reads) or wants to stop (``None``). ``read(prompt)``
        returns a line and raises ``EOFError`` at the end of input; ``write`` prints text."""
        ...


class Ruleset(ABC, Generic[ScenarioT, OrderT]):
    """A ruleset: metadata, its scenario format, its orders and its games."""

    info: ClassVar[RulesetInfo]
    scenario_model: ClassVar[type[BaseModel]]
    scenario_dir: ClassVar[Traversable | None] = None  # where bundled scenarios live

    def bundled_scenarios(self) -> dict[str, Traversable]:
        """Bundled scenario files by id (``ruleset/stem``), sorted."""
        if self.scenario_dir is None or not self.scenario_dir.is_dir():
            return {}
        found = {
            f"{self.info.id}/{f.name.rsplit('.', 1)[0]}": f
            for f in self.scenario_dir.iterdir()
            if f.name.endswith((".toml", ".json"))
        }
        return dict(sorted(found.items()))

    def export_scenario(self, scenario_id: str) -> tuple[str, str]:
        """The bundled scenario ``scenario_id`` as an editable file in this ruleset's scenario
        format: its suffix (``.toml`` or ``.json``) and its text, which the scenario loader reads
        back as the same scenario (``hexwar scenarios export``).

        The default writes the bundled file as shipped, its comments (the sources, the
        readings) kept. A ruleset whose bundled scenarios live in another form (card decks, a
        database) writes them in its scenario format instead.

        Raises:
            UnknownScenarioError: ``scenario_id`` is not one of :meth:`bundled_scenarios`.
        """
        bundled = self.bundled_scenarios()
        if scenario_id not in bundled:
            known = ", ".join(bundled) or "none"
            raise UnknownScenarioError(
                f"unknown scenario {scenario_id!r} (bundled with {self.info.id}: {known})"
            )
        source = bundled[scenario_id]
        return "." + source.name.rsplit(".", 1)[-1], source.read_text(encoding="utf-8")

    @abstractmethod
    def new_game(
        self, scenario: ScenarioT, *, seed: int, scenario_id: str
    ) -> Game[ScenarioT, OrderT]:
        """A new game of ``scenario`` whose every draw comes from ``seed``."""

    @abstractmethod
    def parse_order(self, side: str, data: JsonValue | str) -> OrderT:
        """An order from its JSON form or its text notation; IllegalOrderError if malformed."""

    def random_order(self, view: View, rng: np.random.Generator) -> OrderT:
        """A legal order chosen at random from :meth:`legal_orders`, knowing only ``view``
        (the random agent's order): one uniform draw from ``rng`` per list. A stepwise list is
        followed until the draw picks its last entry (the plan as it stands), so each unit
        action added is uniform among the actions legal after the ones before it. The lists
        are read through :meth:`legal_choices`, which may build only the entry drawn."""
        stepwise = self.stepwise(view)
        plan: OrderT | None = None
        while True:
            orders = self.legal_choices(view, plan)
            if not orders:
                raise IllegalOrderError(
                    f"{view.side} has no legal order to choose from at step {view.step}",
                    rule="legal orders",
                )
            k = int(rng.integers(len(orders)))
            if not stepwise or k == len(orders) - 1:
                return orders[k]
            plan = orders[k]

    def legal_orders(self, view: View, plan: OrderT | None = None) -> list[OrderT]:
        """The orders the viewing side may give now, derived from ``view`` alone: a
        deterministic, finite list (equal views, equal lists), empty when the side has no
        decision. Every listed order is one :meth:`Game.submit` accepts.

        Where an order is a set of unit actions (:meth:`stepwise` views), the list is built one
        action at a time: each entry but the last is ``plan`` (``None``: no action yet) with one
        more legal action, and the last entry is ``plan`` itself as a complete order -- choose
        it to submit. Rulesets whose orders are too many to list (set-ups, free placements)
        offer a documented menu instead (docs/research.md). A ruleset without the hook refuses.
        """
        raise NotImplementedError(f"the {self.info.id} ruleset lists no legal orders")

    def legal_choices(self, view: View, plan: OrderT | None = None) -> Sequence[OrderT]:
        """:meth:`legal_orders` as a sequence: the same entries in the same order, which a
        ruleset whose lists are long may build only when read (a random draw reads one entry
        of each list). Default: the list itself."""
        return self.legal_orders(view, plan)

    def stepwise(self, view: View) -> bool:
        """Whether :meth:`legal_orders` builds the order for ``view`` one action at a time."""
        return False

    def placements(self, view: View, plan: OrderT | None = None) -> list[OrderT] | None:
        """A set-up that :meth:`legal_orders` offers as a menu, built one piece at a time
        instead (a player placing by pointing): a stepwise list -- ``plan`` plus each piece
        that may be placed next, then the plan to submit, its pieces not yet placed placed by
        the ruleset (so the last entry is always a legal order, and a plan complete offers only
        it). Every entry but the last leaves a plan that can still be completed. ``None``: the
        view has no set-up of that kind (default)."""
        return None

    def observation_encoder(self, views: Sequence[Mapping[str, Any]]) -> ObservationEncoder | None:
        """How the research adapters see a view of this ruleset as arrays: an encoder of a
        view's data whose shapes are fixed by ``views`` (the sides' first views of a game, for
        the scenario's sizes). Rulesets write theirs in their ``observe`` module. Default:
        ``None``, and the adapters use their generic encoder (``hexwar.rl.observe``: the
        view's numbers, counts of its lists)."""
        return None

    def summary_strengths(self, summary: Mapping[str, Any]) -> Mapping[tuple[str, str, str], float]:
        """Each side's strength in an umpire's summary (:meth:`Game.summary`), for the plot of
        a game over time: ``(quantity, line label, side) -> value``, e.g. ``("units", "1",
        "1") -> 44.0``. Rulesets write theirs in their ``timeline`` module. Default: none."""
        return {}

    def summary_losses(
        self, summary: Mapping[str, Any]
    ) -> tuple[str, Mapping[str, Mapping[str, float]]]:
        """What each side lost by the end, by type, read from the last summary, for the losses
        plot: (what is counted, ``{side: {type: amount}}``). Default: nothing counted."""
        return "", {}

    def describe_choices(
        self, view: View, orders: Sequence[OrderT], plan: OrderT | None = None
    ) -> list[ChoiceMark]:
        """What each of ``orders`` points at on the board ``describe_board(view)`` draws: one
        :class:`~hexwar.core.choices.ChoiceMark` per order, in order (the piece as its counter
        names it, the hexes to mark, the kind of the mark). ``orders`` is a list
        :meth:`legal_orders` gave for ``view`` and ``plan``, perhaps cut to its first entries
        and its last (:func:`hexwar.core.choices.list_choices`); in a stepwise list the last
        entry is the plan, to submit.

        Rulesets write it in their ``choices`` module, from the view alone. Default: no piece,
        no hexes, kind ``order``; ``submit`` for the last entry of a stepwise list."""
        marks = [ChoiceMark() for _ in orders]
        if marks and self.stepwise(view):
            marks[-1] = ChoiceMark(kind=SUBMIT)
        return marks

    def determinise(self, view: View, rng: np.random.Generator) -> Game[ScenarioT, OrderT] | None:
        """A game the viewing side cannot tell from the one it sees: the view's facts, and
        what the view hides drawn from ``rng`` (search agents sample worlds this way, never
        from the true state). The sides' sealed orders of the current decision are not part of
        it: every awaited side still has to order. Default: ``None``, the ruleset offers none.
        """
        return None

    def world(self, view: View, rng: np.random.Generator) -> Game[ScenarioT, OrderT] | None:
        """:meth:`determinise` at the view's decision step: the core sets the step (the
        decision count the view was taken at), so a world's views are the player's. What
        search agents and the research adapters call; rulesets write :meth:`determinise`."""
        game = self.determinise(view, rng)
        if game is not None:
            game._step = view.step
        return game

    def search_profile(self) -> SearchProfile:
        """What search agents (``mcts``) may know of the ruleset: rollout horizon, how
        candidates are weighed, the value of an unfinished world, and the priors its computer
        player lends (:class:`~hexwar.core.search.SearchProfile`). Rulesets write theirs in
        their ``search`` module. Default: plain search over :meth:`legal_orders`, a rollout
        scored by the outcome alone, no priors."""
        return SearchProfile()

    def render_view(self, view: View) -> str:
        """The view as text for terminal play (rulesets draw their board; default: JSON)."""
        return json.dumps(view.to_json()["data"], indent=2, ensure_ascii=False)

    def order_help(self, view: View) -> str:
        """How to write an order in terminal play, given what the side sees."""
        return "Enter an order as JSON."

    def describe_board(self, view: View) -> Board | None:
        """The map as ``view``'s side may see it, as data a front end draws (default: none).

        Rulesets build it in their ``drawing`` module from the view alone, so a board never
        shows what the side may not know.
        """
        return None

    def draws_board(self) -> bool:
        """Whether the ruleset draws a map (it overrides :meth:`describe_board`): the lobby
        says so without building a game."""
        return type(self).describe_board is not Ruleset.describe_board

    def web_extension(self) -> object | None:
        """The ruleset's own part of the web app (default: none): its routes, pages, templates,
        static files and game-page panel, as a ``hexwar.web.extensions.WebExtension`` built in
        the ruleset's ``web`` package (the core knows nothing of the web, hence ``object``).

        Called only when the web app is built (never at import time): import the ``web``
        package inside the method. The app mounts every ruleset's extension.
        """
        return None

    amendments: ClassVar[tuple[str, ...]] = ("end",)
    """The kinds of umpire amendment the ruleset takes (:class:`~hexwar.core.orders.Amendment`;
    ``end`` is the core's own, the others the ruleset's :meth:`Game._amend`)."""

    amendment_help: ClassVar[str] = "end SIDE           (the winner, or nobody)"
    """How to write the ruleset's amendments (units, hexes, places), for the umpire's page:
    the change alone, one example a line, without the reason (the page asks for it apart, and
    joins the two as ``CHANGE: REASON``)."""

    def time_limit(self, view: View) -> TimeLimit | None:
        """The time ``view``'s side has for the decision it faces, if the rules set one
        (default: none). Enforcing it is the front end's business: the game has no clock."""
        return None

    def side_names(self, scenario: ScenarioT) -> Mapping[str, str]:
        """A readable name of each side in ``scenario``, for menus (default: the side ids)."""
        return {side: side for side in self.info.sides}

    def computer_sides(self, scenario: ScenarioT) -> Sequence[str] | None:
        """The sides the computer plays when a terminal player names none (``hexwar play``
        without ``--side``): the humans play the others at one terminal, and no side at all
        means the computer plays itself. Default: ``None``, the player must choose."""
        return None

    def terminal_ui(self, side: str) -> TerminalUI | None:
        """The ruleset's own front end for terminal play of ``side`` (default: none, and
        terminal play reads orders in the ruleset's text notation line by line)."""
        return None

    def agents(self) -> Mapping[str, AgentFactory]:
        """The ruleset's own agents by name (the random agent is always available besides)."""
        return {}

    def commands(self) -> typer.Typer | None:
        """The ruleset's own commands, mounted as ``hexwar <id> ...`` (default: none).

        Called only when the command line needs them (never at import time). A command reports
        invalid input by raising :class:`~hexwar.core.errors.InvalidInputError`, or by printing
        its located problems and exiting with status 2; never with a traceback.
        """
        return None

    def claim_scenario_files(self, paths: Sequence[Path]) -> int:
        """How many of the leading ``paths`` hold one scenario in a format of the ruleset's own
        (a legacy deck, perhaps split over several files); 0 when the first is not one.

        Tools that meet files which are not TOML or JSON (those name their ruleset) offer each
        run of them to every ruleset, in id order, and read what is claimed with
        :meth:`read_scenario_files`. Decide from the content cheaply, never raise, and claim
        damaged files of the format too: reading them reports the damage. Default: none.
        """
        return 0

    def read_scenario_files(self, paths: Sequence[Path]) -> ScenarioT:
        """Read and validate one scenario from files in the ruleset's own format (those
        :meth:`claim_scenario_files` claimed, or files the user said are this ruleset's).

        Raises:
            ScenarioError: every problem, each located ``file:line: where: message``.
        """
        first = str(paths[0]) if paths else None
        raise ScenarioError(
            [Problem(f"the {self.info.id} ruleset reads scenarios from TOML or JSON only", first)]
        )

    def scenario_from_json(self, data: Mapping[str, Any]) -> ScenarioT:
        """Validate scenario data that came from a record or the store (already JSON, with
        infinities tagged as :func:`~hexwar.core.records.encode_nonfinite` spells them)."""
        text = json.dumps(decode_nonfinite(dict(data)), allow_nan=True)  # Infinity literals
        return self.scenario_model.model_validate_json(text)  # type: ignore[return-value]
