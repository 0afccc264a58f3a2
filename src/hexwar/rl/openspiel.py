"""OpenSpiel games for hexwar scenarios (``pyspiel.register_game``).

``register(scenario)`` registers one scenario as a Python game called
``hexwar_<ruleset>_<scenario>`` (dashes become underscores) and returns that name;
``load(scenario, **params)`` registers it if need be and loads it. Importing this module
registers every bundled scenario of every installed ruleset (as OpenSpiel's own Python games
register on import), so ``pyspiel.load_game("hexwar_...")`` works once it is imported; a
game object pickles (it is loaded again by scenario and parameters). Parameters: ``seed`` (the
hexwar game's seed: its dice are a function of it and the actions, so the OpenSpiel game is
deterministic for a given seed -- vary ``seed`` to average over the dice; a ``clone()``, what
a search plays ahead in, rolls fresh dice: see :class:`FreshDice`), ``max_decisions``
(hexwar decisions before the game stops as a draw), ``max_actions`` (size of the action
space) and ``max_plan`` (unit actions in one stepwise order before only "submit" is left).

Every hexwar game is sequential here: the sides of a simultaneous decision move one after
the other and the game keeps the first side's order sealed, so all are games of imperfect
information. Actions are choice numbers into the ruleset's ``legal_orders`` (see
:mod:`hexwar.rl.driver`); observation tensors are the planes and vector of
:mod:`hexwar.rl.observe`, from the player's view only; the information state adds the
player's own past choices (a string: the game provides no information-state tensor).
Returns: +1 / -1 at the end, 0 each for a draw or a truncated game.

``resampler(state, player)`` is the determinisation the IS-MCTS bot needs
(``ISMCTSBot.set_resampler``): a state the player cannot tell from ``state``, sampled from
its view by the ruleset's ``determinise`` hook where one exists.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import numpy as np
import pyspiel

from hexwar.core import registry
from hexwar.core.game import Ruleset
from hexwar.core.rng import stream
from hexwar.rl.driver import Driver
from hexwar.rl.observe import Encoder
from hexwar.sessions import ResolvedScenario, resolve_scenario

__all__ = ["DEFAULTS", "game_name", "load", "register", "resampler"]

DEFAULTS: dict[str, int] = {"seed": 0, "max_decisions": 200, "max_actions": 512, "max_plan": 16}

_REGISTERED: dict[str, str] = {}


def game_name(scenario_id: str) -> str:
    return "hexwar_" + scenario_id.replace("/", "_").replace("-", "_").replace(".", "_")


def register(scenario: str) -> str:
    """Register ``scenario`` (a bundled id, or a scenario file) as an OpenSpiel game; returns
    its short name. The scenario itself is read when a game is first loaded."""
    if scenario in _REGISTERED:
        return _REGISTERED[scenario]
    ruleset = _bundled_ruleset(scenario) or resolve_scenario(scenario).ruleset
    name = game_name(scenario)
    n = len(ruleset.info.sides)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"hexwar {scenario} ({ruleset.info.title})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(DEFAULTS),
    )

    class Game(HexwarSpielGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(game_type, _resolved(scenario), params)

    pyspiel.register_game(game_type, Game)
    _REGISTERED[scenario] = name
    return name


def _bundled_ruleset(scenario: str) -> Ruleset[Any, Any] | None:
    """The ruleset of a bundled scenario id, found without reading the scenario."""
    for ruleset in registry.all_rulesets():
        if scenario in ruleset.bundled_scenarios():
            return ruleset
    return None


@functools.cache
def _resolved(scenario: str) -> ResolvedScenario:
    return resolve_scenario(scenario)


def _register_bundled() -> None:
    for ruleset in registry.all_rulesets():
        for scenario in ruleset.bundled_scenarios():
            register(scenario)


def load(scenario: str, **params: int) -> Any:
    """The OpenSpiel game of ``scenario`` with ``params`` (see :data:`DEFAULTS`)."""
    return pyspiel.load_game(register(scenario), params)


def _load_pickled(scenario: str, params: dict[str, int]) -> Any:
    return load(scenario, **params)


class HexwarSpielGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(
        self, game_type: Any, resolved: ResolvedScenario, params: dict[str, Any] | None
    ) -> None:
        p = {**DEFAULTS, **(params or {})}
        self.resolved = resolved
        self.settings = {k: int(p[k]) for k in DEFAULTS}
        n = len(resolved.ruleset.info.sides)
        plan = self.settings["max_plan"] + 1
        info = pyspiel.GameInfo(
            num_distinct_actions=self.settings["max_actions"],
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.settings["max_decisions"] * n * plan,
        )
        super().__init__(game_type, info, {k: self.settings[k] for k in DEFAULTS})
        probe = self.driver()
        views = [probe.game.view(s).data for s in probe.sides]
        self.encoder = Encoder(resolved.ruleset, views)

    def __reduce__(self) -> tuple[Any, ...]:
        # Loaded again by scenario and parameters: unpickling imports this module, which
        # registers the game first.
        return (_load_pickled, (self.resolved.scenario_id, dict(self.settings)))

    def driver(self) -> Driver:
        s = self.settings
        return Driver(
            self.resolved,
            s["seed"],
            max_actions=s["max_actions"],
            max_decisions=s["max_decisions"],
            max_plan=s["max_plan"],
        )

    def new_initial_state(self) -> HexwarSpielState:
        return HexwarSpielState(self, self.driver())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> HexwarObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return HexwarObserver(self.encoder, perfect_recall)


class FreshDice:
    """The state's driver, held so that a copy has fresh dice: OpenSpiel's ``clone()`` deep
    copies a Python state's attributes, and a deep copy of this forks the game and reseeds its
    adjudication stream (``game.dice``) in place. A clone -- what MCTS and any
    search play ahead in -- sees the same views and takes the same orders, but rolls dice of its
    own: it cannot foresee the real game's. Each copy's stream is the game seed's stream for
    a purpose named by the copy's lineage (which copy of which copy), never the adjudication
    stream itself, so searches stay reproducible. Pickling
    (``serialize``, ``deserialize_state``) keeps the stream: a deserialised state is the
    original, dice included."""

    __slots__ = ("copies", "driver", "lineage")

    def __init__(self, driver: Driver, lineage: tuple[int, ...] = ()) -> None:
        self.driver = driver
        self.lineage = lineage
        self.copies = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> FreshDice:
        self.copies += 1
        lineage = (*self.lineage, self.copies)
        driver = self.driver.fork()
        game = driver.game
        fresh = stream(game.seed, "openspiel clone " + ".".join(map(str, lineage)))
        game.dice.generator.bit_generator.state = fresh.bit_generator.state  # aliases follow
        return FreshDice(driver, lineage)


class HexwarSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: HexwarSpielGame, driver: Driver) -> None:
        super().__init__(game)
        self.held = FreshDice(driver)
        self.choices_made: list[tuple[int, int]] = []  # (player, choice), for information states

    @property
    def driver(self) -> Driver:
        return self.held.driver

    def current_player(self) -> int:
        if self.driver.over or self.driver.truncated:
            return int(pyspiel.PlayerId.TERMINAL)
        awaiting = self.driver.awaiting()
        return self.driver.sides.index(awaiting[0])

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self.driver.choices(self.driver.sides[player]))))

    def _apply_action(self, action: int) -> None:
        player = self.current_player()
        self.driver.act(self.driver.sides[player], int(action))
        self.choices_made.append((player, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        choices = self.driver.choices(self.driver.sides[player])
        return str(choices[action]) if 0 <= action < len(choices) else f"choice {action}"

    def is_terminal(self) -> bool:
        return self.driver.over or self.driver.truncated

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        raise pyspiel.SpielError(
            "hexwar games provide no information-state tensor (the game type says so): use "
            "information_state_string, or observation_tensor for the player's view"
        )

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.driver.sides)
        rewards = self.driver.rewards()
        return [rewards[s] for s in self.driver.sides]

    def __str__(self) -> str:
        # What a clone shares with its original after the same actions (OpenSpiel's tests
        # compare the two): the position by the actions taken, not what its dice decided
        # (returns() and the observation strings tell the outcome).
        g = self.driver.game
        return f"{g.scenario_id} seed {g.seed} step {g.step} after {len(self.choices_made)} actions"


class HexwarObserver:
    """Observation tensors and strings from a player's view (PyObserver interface). The
    information-state observer (``perfect_recall``) has a string only: the view's tensor
    holds none of the player's past choices, so it is no information state."""

    def __init__(self, encoder: Encoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not perfect_recall:
            size_p = int(np.prod(encoder.plane_shape))
            size_v = int(np.prod(encoder.vector_shape))
            self.tensor = np.zeros(size_p + size_v, np.float32)
            self.dict = {
                "planes": self.tensor[:size_p].reshape(encoder.plane_shape),
                "vector": self.tensor[size_p:],
            }

    def set_from(self, state: HexwarSpielState, player: int) -> None:
        if self.tensor is None:
            return
        view = state.driver.view(state.driver.sides[player]).data
        planes, vector = self.encoder.encode(view)
        self.dict["planes"][...] = planes
        self.dict["vector"][...] = vector

    def string_from(self, state: HexwarSpielState, player: int) -> str:
        d = state.driver
        side = d.sides[player]
        plan = d.plans[side]
        text = json.dumps(
            {"view": d.game.view(side).to_json(), "plan": None if plan is None else plan.to_json()},
            sort_keys=True,
        )
        if self.perfect_recall:
            own = [a for p, a in state.choices_made if p == player]
            text += " choices " + ",".join(map(str, own))
        return text


def resampler(state: HexwarSpielState, player: int) -> HexwarSpielState:
    """A state ``player`` cannot tell from ``state`` (for ``ISMCTSBot.set_resampler``): the
    ruleset's :meth:`~hexwar.core.game.Ruleset.determinise` of the player's view, the player's
    plan kept, and the sealed orders of sides that moved before it in this decision drawn
    from their random agent (the player never sees them)."""
    d = state.driver
    side = d.sides[player]
    view = d.game.view(side)
    rng = np.random.default_rng([d.seed, len(state.choices_made), _next_sample()])
    game = d.ruleset.world(view, rng)
    if game is None:
        raise ValueError(
            f"the {d.ruleset.info.id} ruleset offers no determinisation; use MCTSBot, or "
            "IS-MCTS on a ruleset that has one"
        )
    world = d.with_game(game)
    while (awaiting := world.awaiting()) and awaiting[0] != side:
        other = awaiting[0]
        world.game.submit(other, d.ruleset.random_order(world.game.view(other), rng))
    world.plans[side] = d.plans[side]
    sampled = HexwarSpielState(state.get_game(), world)
    sampled.choices_made = list(state.choices_made)
    return sampled


_samples = [0]


def _next_sample() -> int:
    _samples[0] += 1
    return _samples[0]


_register_bundled()
