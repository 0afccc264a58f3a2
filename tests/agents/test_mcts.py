"""The ``mcts`` agent (issue 21, item 5): found by name, legal, reproducible, honest about the
rulesets it cannot search."""

from __future__ import annotations

import pytest

from hexwar.agents import agent_names, agent_rng, make_agent
from hexwar.agents.mcts import MctsAgent
from hexwar.core import registry
from hexwar.core.errors import HexwarError
from hexwar.testing import random_session


def _move_stage(seed: int = 1):  # the air war after both initial stages (seed 001 §2.1)
    session = random_session("airwar/small-three-cities", seed)
    session.run(max_steps=2)
    return session.game


def test_mcts_is_an_agent_name_where_the_ruleset_determinises() -> None:
    assert "mcts" in agent_names(registry.get("airwar"))
    assert "mcts" not in agent_names(registry.get("flankbattle"))


def test_mcts_refuses_a_ruleset_without_determinisation() -> None:
    with pytest.raises(HexwarError, match="determinisation"):
        MctsAgent(registry.get("flankbattle"), "attacker")


def test_mcts_orders_are_accepted_and_reproducible() -> None:
    """With an iteration budget the search is a function of the view and the stream: the same
    order twice, and the game accepts it (moves stage, then the aim-fire stage)."""
    game = _move_stage()
    for _ in range(2):
        view = game.view("1")
        a = MctsAgent(game.ruleset, "1", iterations=8).act(view, agent_rng(1, "1", game.step))
        b = MctsAgent(game.ruleset, "1", iterations=8).act(view, agent_rng(1, "1", game.step))
        assert a == b
        game.submit("1", a.to_json())
        game.submit(
            "2",
            make_agent(game.ruleset, "2", "ai").act(game.view("2"), agent_rng(1, "2", 0)).to_json(),
        )
        if game.decision() is None or "1" not in game.decision().sides:
            break


def test_mcts_plays_through_a_session() -> None:
    """``hexwar run --agent 1=mcts`` path: a session with the agent looked up by name."""
    session = random_session("airwar/small-three-cities", 3)
    session.agent_names["1"] = "mcts"
    session.agents["1"] = make_agent(session.game.ruleset, "1", "mcts")
    session.agents["1"].seconds = 0.05  # type: ignore[attr-defined]
    session.run(max_steps=4)
    assert session.game.step == 4


def test_paired_gains_keep_the_prior_within_two_standard_errors() -> None:
    """Candidates are compared on the same worlds (common random numbers): scores of three
    rounds, the prior 0, 0, 0 and the other 1, 1, 0, give the other a mean gain of 2/3 with a
    standard error of 1/3 (paired differences 1, 1, 0: sample variance 1/3, over 3 rounds) --
    exactly two standard errors, so the prior is not yet beaten (it must be beaten by more)."""
    import numpy as np

    from hexwar.agents.mcts import Z, _gains

    gain, se = _gains(np.array([[0.0, 1.0], [0.0, 1.0], [0.0, 0.0]]))
    assert gain[0] == -np.inf
    assert gain[1] == pytest.approx(2 / 3)
    assert se[1] == pytest.approx(1 / 3)
    assert Z == 2.0
    assert not gain[1] - Z * se[1] > 1e-12


def _aggressor_decisions(seed: int = 1):
    """West's decisions of an Aggressor game the computer plays on both sides (seed 003)."""
    session = random_session("aggressor/sector", seed)
    game = session.game
    ai = {s: make_agent(game.ruleset, s, "ai") for s in game.ruleset.info.sides}
    while (decision := game.decision()) is not None:
        for side in sorted(decision.sides):
            view = game.view(side)
            if side == "west" and not view.data["setup_due"] and view.data["phase"] == "turn":
                yield game, view
            order = ai[side].act(view, agent_rng(seed, side, decision.step))
            game.submit(side, order.to_json())


def test_aggressor_mcts_searches_the_computer_players_best_orders_only() -> None:
    """Progressive widening with the computer player's own order scores: at most the four
    best orders (its own choice first), each scored above zero, are searched -- never ending
    the turn (seed 003 TURN SEQUENCE E: key 0 ends the turn, forgoing every unit action still
    to come); a decision where it scores at most one order above zero costs no search -- its
    choice is played at once."""
    from hexwar.agents.mcts import WIDEN
    from hexwar.rulesets.aggressor.legal import legal_orders
    from hexwar.rulesets.aggressor.search import scores

    assert registry.get("aggressor").search_profile().scorer is scores
    instant = searched = 0
    for game, view in _aggressor_decisions():
        agent = MctsAgent(game.ruleset, "west", iterations=12)
        rng = agent_rng(1, "west", game.step)
        own = make_agent(game.ruleset, "west", "ai").act(view, agent_rng(1, "west", game.step))
        legal = legal_orders(view.data)
        worth = sum(s > 0 for s in scores(view.data, legal))
        cands = agent.candidates(view, rng)
        assert cands[0] == own
        if worth <= 1:
            assert cands == [own]
            assert agent.act(view, rng) == own
            assert agent.last_iterations == 0
            instant += 1
        else:
            assert 2 <= len(cands) <= WIDEN
            scored = dict(zip(legal, scores(view.data, legal), strict=True))
            assert all(scored[o] > 0 for o in cands)
            assert all(o.kind != "end" for o in cands)
            assert agent.act(view, rng) in cands
            assert agent.last_iterations > 0
            searched += 1
        if instant and searched >= 2:
            return
    raise AssertionError(f"the game ran out: {instant} instant, {searched} searched")


def test_tactical_mcts_weighs_the_computer_players_plan_against_variants() -> None:
    """Tactical candidates (seed 002 orders: a phase's actions): the prior first -- in the
    approach (turns 1-2) the careful variant's plan, the computer player's own right after
    it; later the computer player's plan -- variants after them, never doing nothing
    (the profile's never_idle: the short rollouts rate idleness too well; where the attacks-alone
    variant has no attack it is the empty plan, and it is left out as well); every one and
    the chosen order are accepted by the game."""
    assert registry.get("tactical").search_profile().never_idle
    checked = set()
    for game, side, view in _tactical_decisions():
        approach = view.data["turn"] <= 2
        rng = agent_rng(1, side, game.step)
        own = make_agent(game.ruleset, side, "ai").act(view, rng)
        careful = _careful(game.ruleset, side).act(view, agent_rng(1, side, game.step))
        if approach in checked or (approach and careful == own):
            continue
        agent = MctsAgent(game.ruleset, side, iterations=4)
        cands = agent.candidates(view, agent_rng(1, side, game.step))
        if len(cands) == 1:  # every variant the same plan: nothing to weigh
            continue
        if approach:
            assert cands[:2] == [careful, own]
        else:
            assert cands[0] == own
        assert own.actions != ()
        assert all(c.actions != () for c in cands)
        assert len(cands) >= 2
        assert len(set(cands)) == len(cands)
        order = agent.act(view, agent_rng(1, side, game.step))
        assert order in cands
        game.ruleset.world(view, agent_rng(1, side, 1)).submit(side, order.to_json())
        checked.add(approach)
        if len(checked) == 2:
            return
    raise AssertionError(f"the game ran out: checked {checked}")


def test_aggressor_mcts_sets_up_as_the_computer_player() -> None:
    """Set-up (seed 003 CONDUCT OF PLAY, SET UP: "the machine proceeds to select and position
    the 18 units it has decided to play with"): the legal list is a menu of random set-ups
    that does not hold the computer player's template, so mcts gives the computer player's
    own set-up without searching."""
    session = random_session("aggressor/sector", 3)
    game = session.game
    side = sorted(game.decision().sides)[0]
    view = game.view(side)
    assert view.data["setup_due"]
    own = make_agent(game.ruleset, side, "ai").act(view, agent_rng(3, side, 0))
    assert own not in game.ruleset.legal_orders(view)
    agent = MctsAgent(game.ruleset, side, iterations=8)
    assert agent.act(view, agent_rng(3, side, 0)) == own
    assert agent.last_iterations == 0


def _scripted(monkeypatch: pytest.MonkeyPatch, agent: MctsAgent, rows: list[list[float]]) -> None:
    """Make the agent's rollouts return ``rows`` (one row per round, one score per
    candidate, in the candidates' order)."""
    flat = iter(x for row in rows for x in row)
    monkeypatch.setattr(agent, "_simulate", lambda view, order, rng: next(flat))


def test_aggressor_mcts_keeps_its_prior_unless_clearly_beaten(monkeypatch) -> None:
    """The computer player's own order (the prior) is kept when no candidate beats it by
    more than two standard errors over at least four complete rounds (min_rounds): an
    Aggressor game is ~100 searched decisions, each a chance for noise to replace it."""
    assert registry.get("aggressor").search_profile().min_rounds == 4
    game, view = next(
        (g, v)
        for g, v in _aggressor_decisions()
        if len(MctsAgent(g.ruleset, "west", iterations=8).candidates(v, agent_rng(1, "west", 0)))
        >= 2
    )
    rng = agent_rng(1, "west", game.step)
    cands = MctsAgent(game.ruleset, "west", iterations=8).candidates(view, rng)
    k = len(cands)

    def choice(rows: list[list[float]]) -> object:
        agent = MctsAgent(game.ruleset, "west", iterations=k * len(rows))
        padded = [row[:2] + [-1.0] * (k - 2) for row in rows]
        _scripted(monkeypatch, agent, padded)
        return agent.act(view, agent_rng(1, "west", game.step))

    # The second candidate 0.1 better in every one of three rounds (standard error 0): too
    # few rounds to replace the prior.
    assert choice([[0.0, 0.1]] * 3) == cands[0]
    # Four rounds, better by 0.1 in each: replaced.
    assert choice([[0.0, 0.1]] * 4) == cands[1]
    # Eight rounds, better on average (+0.1) but by +0.5 and -0.3 in turn: paired differences
    # with a standard error of 0.4 / sqrt(8) * sqrt(8/7) = 0.151; 0.1 < 2 x 0.151: kept.
    assert choice([[0.0, 0.5], [0.0, -0.3]] * 4) == cands[0]


def test_aggressor_mcts_plays_the_computer_players_partisan_choice() -> None:
    """TURN SEQUENCE C: at the start of a turn the side with partisans chooses how many to
    use -- no unit's order, so nothing for the computer player's order scores to weigh: mcts
    gives the computer player's own choice (all of them, a side being declared), at once."""
    session = random_session("aggressor/sector", 1)
    game = session.game
    while game.decision() is not None:
        d = game.decision()
        side = sorted(d.sides)[0]
        if game.phase == "turn" and game.round >= 3:
            break
        game.submit(
            side,
            make_agent(game.ruleset, side, "ai").act(game.view(side), agent_rng(1, side, d.step)),
        )
    side = game.active  # its partisans act at the start of the enemy's turn
    game.partisans[side] = 2
    game.aggressor = "west"
    game._end_turn("the turn ends (test)")
    assert game.phase == "partisans"
    view = game.view(side)
    assert view.data["partisans_to_use"] == 2
    agent = MctsAgent(game.ruleset, side, iterations=8)
    order = agent.act(view, agent_rng(1, side, game.step))
    assert order.kind == "partisans"
    assert order.count == 2
    assert agent.last_iterations == 0


def _tactical_decisions(seed: int = 1):
    """Decisions of a tactical game the computer plays on both sides (seed 002)."""
    session = random_session("tactical/meeting1941", seed)
    game = session.game
    ai = {s: make_agent(game.ruleset, s, "ai") for s in game.ruleset.info.sides}
    while (decision := game.decision()) is not None:
        for side in sorted(decision.sides):
            view = game.view(side)
            yield game, side, view
            game.submit(side, ai[side].act(view, agent_rng(seed, side, decision.step)).to_json())


def _careful(ruleset, side):
    """The computer player with its weights shifted toward care (docs/research.md, the weights
    table: exposure and danger weighed 5, staying 3)."""
    from hexwar.rulesets.tactical.ai import TacticalAgent

    weights = {"exposure_weight": 5.0, "danger_weight": 5.0, "stay_weight": 3.0}
    return type("Careful", (TacticalAgent,), weights)(ruleset, side)


def test_tactical_mcts_with_no_time_gives_its_priors_orders() -> None:
    """The prior: in the approach (turns 1 and 2; care there won 64 % of meeting1941 games,
    docs/research.md) the careful variant's plan, from turn 3 on the computer player's own
    (seed 002 orders: a phase's actions). With no time to weigh another candidate (a budget
    of 0 s) mcts gives exactly the prior's orders, running no rollout -- so a game where mcts
    keeps its prior every time is the computer player's own game after the approach."""
    from hexwar.rulesets.tactical.search import TACTICAL_APPROACH_TURNS

    assert TACTICAL_APPROACH_TURNS == 2
    seen = {"careful differs": 0, "plan": 0}
    for game, side, view in _tactical_decisions():
        rng = agent_rng(1, side, game.step)
        own = make_agent(game.ruleset, side, "ai").act(view, rng)
        agent = MctsAgent(game.ruleset, side, seconds=0.0)
        order = agent.act(view, agent_rng(1, side, game.step))
        assert agent.last_iterations == 0
        if view.data["turn"] <= 2:
            careful = _careful(game.ruleset, side).act(view, agent_rng(1, side, game.step))
            assert order == careful
            seen["careful differs"] += careful != own
        else:
            assert order == own
            seen["plan"] += 1
            if seen["plan"] >= 2:
                break
    assert seen["careful differs"] > 0
    assert seen["plan"] == 2


def test_tactical_mcts_rollouts_play_the_enemys_reply(monkeypatch) -> None:
    """A tactical rollout plays the searched phase and then the enemy's phase, by the
    computer player (seed 002 sequence of play: the sides' phases alternate): the fire an
    advance brings down on the side comes in the enemy's phase, so a rollout that stopped
    after the searched phase rated every advance worse than holding."""
    game, side, view = next(iter(_tactical_decisions()))
    agent = MctsAgent(game.ruleset, side, iterations=4)
    assert agent.horizon == 1
    played: list[tuple[str, int]] = []
    real = agent._play

    def play(world, s, rng):
        played.append((s, world.decision().step))
        real(world, s, rng)

    monkeypatch.setattr(agent, "_play", play)
    order = make_agent(game.ruleset, side, "ai").act(view, agent_rng(1, side, 0))
    agent._simulate(view, order, agent_rng(1, side, 0))
    (enemy,) = set(game.ruleset.info.sides) - {side}
    assert played == [(enemy, view.step + 1)]


def test_tactical_mcts_rollouts_end_with_the_sides_next_fire(monkeypatch) -> None:
    """A tactical rollout ends with the side's own next phase, its attacks alone by the
    computer player (seed 002 sequence of play: the phases alternate, a unit fires in its own
    phase): an advance draws opportunity fire in the searched phase and the enemy's fire in
    its reply, and brings its own fire only in the side's next phase -- a rollout that ended
    with the enemy's reply weighed the fire an advance draws and never the fire it brings.
    Every one of the finishing phase's actions is an attack: where the units go next is left
    out (its moves, and the fire they would draw, are the same for every candidate)."""
    game, side, view = next(iter(_tactical_decisions()))
    agent = MctsAgent(game.ruleset, side, iterations=4)
    worlds = []
    real_determinise = agent.ruleset.determinise

    def determinise(v, rng):
        worlds.append(real_determinise(v, rng))
        return worlds[-1]

    finished = []
    real_finish = agent._finisher.act

    def finish(v, rng):
        assert v.data["side"] == side
        finished.append(real_finish(v, rng))
        return finished[-1]

    monkeypatch.setattr(agent.ruleset, "determinise", determinise)
    monkeypatch.setattr(agent._finisher, "act", finish)
    order = make_agent(game.ruleset, side, "ai").act(view, agent_rng(1, side, 0))
    agent._simulate(view, order, agent_rng(1, side, 0))
    (world,) = worlds
    assert world.step == view.step + 3  # the searched phase, the enemy's, the side's next
    (last,) = finished
    assert {a.verb for a in last.actions} <= {"fire", "assault"}


def test_tactical_attacks_alone_are_the_plans_attacks_before_any_move() -> None:
    """The computer player attacks before any unit moves (docs/tactical.md's ai: fire, then
    assault, then moves): its attacks alone -- the rollouts' last phase and a candidate of
    the search -- are exactly its plan's actions up to the first that is no attack, and a
    phase where it moves differs from its plan."""

    differ = 0
    for n, (game, side, view) in enumerate(_tactical_decisions(0)):
        plan = make_agent(game.ruleset, side, "ai").act(view, agent_rng(0, side, 0)).actions
        finisher = game.ruleset.search_profile().finisher
        alone = finisher(game.ruleset, side).act(view, agent_rng(0, side, 0))
        k = next((i for i, a in enumerate(plan) if a.verb not in ("fire", "assault")), len(plan))
        assert alone.actions == plan[:k]
        differ += alone.actions != plan
        if n >= 6:
            break
    assert differ > 0


def test_tactical_mcts_weighs_bolder_plans_late_or_behind() -> None:
    """docs/tactical.md, Winning: after the last turn the side with more VP wins, and every
    enemy SP eliminated is a VP -- in the last turn nothing is left to keep units for, and a
    rollout with the enemy's reply reaches the game's end. There the computer player's plan
    with its weights shifted toward boldness (more attacks) and speed (objectives) is weighed
    too, and in the two turns before it where the side does not lead on VP (level counts:
    a draw is no win); otherwise those variants propose nothing."""
    from hexwar.rulesets.tactical.search import (
        TACTICAL_BEHIND_TURNS,
        TACTICAL_LAST_TURN,
        TACTICAL_VARIANTS,
    )

    assert TACTICAL_BEHIND_TURNS == 2
    seen = {"early": 0, "late, not ahead": 0, "late, ahead": 0}
    first = len(TACTICAL_VARIANTS)  # after the variants searched in every turn
    for game, side, view in _tactical_decisions(0):
        proposers = game.ruleset.search_profile().proposers(game.ruleset, side)
        late = proposers[first : first + len(TACTICAL_LAST_TURN)]
        assert len(late) == len(TACTICAL_LAST_TURN)
        turn, turns = view.data["turn"], view.data["turns"]
        score = view.data["score"]
        (enemy,) = set(score) - {side}
        ahead = score[side] > score[enemy]
        if turn < turns:
            case = "early" if turn < turns - 2 else "late, ahead" if ahead else "late, not ahead"
            seen[case] += 1
            expected = case == "late, not ahead"
            assert all((p(view) is not None) == expected for p in late), (turn, score)
            continue
        orders = [p(view) for p in late]
        assert all(o is not None for o in orders)
        cands = MctsAgent(game.ruleset, side, iterations=4).candidates(view, agent_rng(0, side, 0))
        assert all(o in cands for o in orders)
        for o in orders:  # each one the game accepts
            world = game.ruleset.world(view, agent_rng(0, side, 1))
            world.submit(side, o.to_json())
        assert seen["early"] > 0
        assert seen["late, not ahead"] > 0
        return
    raise AssertionError("the game ended before its last turn")


def _airwar_decisions(seed: int = 1, scenario: str = "airwar/small-four-cities"):
    """Side 1's decisions of an air war game the computer plays on both sides (seed 001 §2:
    the initial stage's cities and units, then cycles of moves and aim fire)."""
    session = random_session(scenario, seed)
    game = session.game
    ai = {s: make_agent(game.ruleset, s, "ai") for s in game.ruleset.info.sides}
    while (decision := game.decision()) is not None:
        for side in sorted(decision.sides):
            view = game.view(side)
            if side == "1":
                yield game, view
            game.submit(side, ai[side].act(view, agent_rng(seed, side, decision.step)).to_json())


def test_airwar_mcts_places_as_the_computer_player_first() -> None:
    """Seed 001 §2.0, the initial stage: each player places the opponent's cities, then his
    own units. The legal list is a menu of random placements without the computer player's
    own; mcts searches the computer player's placement first (the prior), then the menu."""
    for game, view in _airwar_decisions():
        phase = view.data["phase"]
        if phase not in ("cities", "units"):
            return
        rng = agent_rng(1, "1", game.step)
        own = make_agent(game.ruleset, "1", "ai").act(view, agent_rng(1, "1", game.step))
        menu = game.ruleset.legal_orders(view)
        assert own not in menu
        cands = MctsAgent(game.ruleset, "1", iterations=8).candidates(view, rng)
        assert cands == [own, *menu]


def test_airwar_mcts_with_no_time_gives_the_computer_players_orders() -> None:
    """The computer player's order is the prior in every stage (§2.0 placements, §2.1 moves,
    §2.3 aim fire): with no time to weigh another candidate (a budget of 0 s) mcts gives
    exactly its order, running no rollout -- a game where mcts keeps its prior every time is
    the computer player's own game."""
    seen: set[str] = set()
    for game, view in _airwar_decisions():
        own = make_agent(game.ruleset, "1", "ai").act(view, agent_rng(1, "1", game.step))
        agent = MctsAgent(game.ruleset, "1", seconds=0.0)
        assert agent.act(view, agent_rng(1, "1", game.step)) == own
        assert agent.last_iterations == 0
        seen.add(view.data["phase"])
        if len(seen) == 4 and game.step >= 5:
            return
    raise AssertionError(f"the game ended with stages {sorted(seen)} seen")


def test_airwar_mcts_keeps_its_placement_unless_clearly_beaten(monkeypatch) -> None:
    """§2.0: the computer player's placement of the enemy's cities (spread apart, pushed to
    the front) is kept unless a menu placement beats it by more than two standard errors over
    at least four complete paired rounds (min_rounds): a rollout of four decisions sees only
    the first cycle's fire, and a random placement of the enemy's cities is far worse."""
    assert registry.get("airwar").search_profile().min_rounds == 4
    game, view = next(iter(_airwar_decisions()))
    assert view.data["phase"] == "cities"
    cands = MctsAgent(game.ruleset, "1", iterations=8).candidates(view, agent_rng(1, "1", 0))
    k = len(cands)
    assert k >= 2

    def choice(rows: list[list[float]]) -> object:
        agent = MctsAgent(game.ruleset, "1", iterations=k * len(rows))
        _scripted(monkeypatch, agent, [row[:2] + [-1.0] * (k - 2) for row in rows])
        return agent.act(view, agent_rng(1, "1", 0))

    assert choice([[0.0, 0.1]] * 3) == cands[0]  # better in each of three rounds: too few
    assert choice([[0.0, 0.1]] * 4) == cands[1]  # four rounds, standard error 0: replaced
    # Better on average (+0.1) by +0.5 and -0.3 in turn over eight rounds: standard error
    # 0.4 / sqrt(8) * sqrt(8/7) = 0.151, and 0.1 < 2 x 0.151: kept.
    assert choice([[0.0, 0.5], [0.0, -0.3]] * 4) == cands[0]


def _airwar_move_stage(seed: int = 1, after: int = 6):
    """Side 1's first move stage (seed 001 §2.1) at or after decision ``after``."""
    return next(
        (g, v) for g, v in _airwar_decisions(seed) if v.data["phase"] == "move" and g.step >= after
    )


def test_airwar_mcts_weighs_variants_of_the_computer_players_moves() -> None:
    """§2.1 moves: mcts weighs the computer player's moves (first), its moves planned with its
    judgement shifted -- no flights, another city to attack, none, stepping in where
    outnumbered (§4's principles, each shifted) -- and doing nothing (last); each one is
    accepted by the game. With its own options the variant is the computer player's plan."""
    from hexwar.rulesets.airwar.ai import move_variant
    from hexwar.rulesets.airwar.search import AIRWAR_VARIANTS

    game, view = _airwar_move_stage()
    own = make_agent(game.ruleset, "1", "ai").act(view, agent_rng(1, "1", game.step))
    assert move_variant(view.data) == own
    cands = MctsAgent(game.ruleset, "1", iterations=8).candidates(view, agent_rng(1, "1", 0))
    assert cands[0] == own
    assert cands[-1] == game.ruleset.legal_orders(view)[-1]  # the empty plan: every unit stays
    assert not cands[-1].moves
    assert not cands[-1].flights
    assert len(set(cands)) == len(cands)
    variants = [move_variant(view.data, **options) for _, options in AIRWAR_VARIANTS]
    assert set(cands[1:-1]) == {v for v in variants if v is not None and v != own} - {cands[-1]}
    assert len(cands) >= 3
    for order in cands:
        world = game.ruleset.world(view, agent_rng(1, "1", 1))
        world.submit("1", order.to_json())


def test_airwar_rollouts_from_a_move_stage_draw_nothing() -> None:
    """Seed 001 has no dice (§2.3-2.4: two directed units of fire kill one enemy unit) and the
    computer player draws only when it places (§2.0): from a move stage a rollout is the same
    game whatever the sampled world's seed -- so mcts plays one round per depth there."""
    import numpy as np

    game, view = _airwar_move_stage()
    assert game.ruleset.search_profile().draws_nothing(view)
    agent = MctsAgent(game.ruleset, "1", iterations=8)
    for order in agent.candidates(view, agent_rng(1, "1", 0)):
        values = {agent._simulate(view, order, np.random.default_rng(k), 8) for k in range(3)}
        assert len(values) == 1


def test_airwar_mcts_deepest_round_decides_and_ties_keep_the_prior(monkeypatch) -> None:
    """Where rollouts draw nothing, each round plays every candidate twice as far as the one
    before (4, then 8 decisions), and the deepest complete round decides: the computer
    player's moves are kept unless another candidate scores more there."""
    game, view = _airwar_move_stage()
    cands = MctsAgent(game.ruleset, "1", iterations=8).candidates(view, agent_rng(1, "1", 0))
    k = len(cands)

    def choice(rows: list[list[float]]) -> object:
        agent = MctsAgent(game.ruleset, "1", iterations=k * len(rows))
        flat = iter(x for row in rows for x in row)
        horizons: list[int] = []

        def scripted(view, order, rng, horizon=None):
            horizons.append(horizon)
            return next(flat)

        monkeypatch.setattr(agent, "_simulate", scripted)
        order = agent.act(view, agent_rng(1, "1", game.step))
        assert horizons == [4] * k + [8] * k * (len(rows) - 1)
        return order

    rest = [0.0] * (k - 2)
    assert choice([[0.0, 0.1, *rest]]) == cands[1]  # one round: the better one
    assert choice([[0.0, 0.0, *rest]]) == cands[0]  # a tie keeps the prior
    assert choice([[0.0, 0.1, *rest], [0.0, 0.0, *rest]]) == cands[0]  # the deeper round
    assert choice([[0.0, -0.1, *rest], [0.0, 0.05, *[0.05] * (k - 2)]]) == cands[1]


def test_tactical_mcts_weighs_the_plan_with_one_move_held_back() -> None:
    """Tactical candidates that differ from the computer player's plan in what matters: one
    unit's move left out (seed 002 orders: a phase's actions, each unit's carried out in
    turn) -- the move ending nearest the enemy units the side sees first. The unit stays (none
    of its actions from the move on), the plan's other actions are kept in their order, and
    the game accepts the orders."""
    from hexwar.core.hexes import Hex
    from hexwar.rulesets.tactical.search import TACTICAL_HOLDS
    from hexwar.rulesets.tactical.search import holds as tactical_holds

    for game, side, view in _tactical_decisions(0):
        plan = make_agent(game.ruleset, side, "ai").act(view, agent_rng(0, side, 0)).actions
        kinds = {u["id"]: u["kind"] for u in view.data["units"]}
        moves = [a for a in plan if a.verb == "move" and kinds[a.unit] != "hq"]
        if len(moves) < 2 or not view.data["enemy_units"]:
            continue
        enemies = [Hex.from_str(e["hex"]) for e in view.data["enemy_units"]]
        first = min(moves, key=lambda a: min(Hex.from_str(a.target).distance(e) for e in enemies))
        holds = tactical_holds(game.ruleset, side)
        assert len(holds) == TACTICAL_HOLDS
        held = holds[0](view)
        assert first not in held.actions
        assert [a for a in held.actions if a.unit == first.unit] == [
            a for a in plan[: plan.index(first)] if a.unit == first.unit
        ]
        it = iter(plan)
        assert all(a in it for a in held.actions)  # a subsequence of the plan
        others = [a for a in plan if a.unit != first.unit and kinds.get(a.unit) != "hq"]
        assert all(a in held.actions for a in others if a.verb == "fire")
        assert holds[1](view) != held
        game.ruleset.world(view, agent_rng(0, side, 1)).submit(side, held.to_json())
        return
    raise AssertionError("no phase with two moves and an enemy in sight")


def _hopeless_airwar_move_stage(seed: int = 1):
    """A session at the air war's first move stage (seed 001 §2.1) with half of player 2's
    units removed by the umpire: player 2 is hopelessly outnumbered (§4: "if the opponent has
    twice as many units"), and its computer player concedes (§2.5: "until one player concedes
    defeat")."""
    from hexwar.rulesets.airwar.ai import hopeless
    from hexwar.rulesets.airwar.placement import position_from_view

    session = random_session("airwar/small-three-cities", seed)
    session.run(max_steps=2)
    game = session.game
    for field, n in game.view("2").data["units"]["2"].items():
        if hopeless(position_from_view(game.view("2").data), "2"):
            break
        game.submit("umpire", f"remove 2 {field}x{n}: outnumbered (test)")
    return session


def test_airwar_mcts_scores_a_world_whose_drawn_enemy_order_concedes() -> None:
    """Issue 38 item 5: mcts against a computer player that concedes (§2.5) crashed -- in its
    sampled worlds the enemy's sealed order, drawn from the rollout policy, conceded, and the
    candidate's own order was then submitted into the finished game (GameOverError). A world
    whose game is decided is scored as it stands: player 2's concession is a won game for
    player 1 (+1), and the search plays on in the real game, which player 2 then concedes."""
    from hexwar.core.orders import is_concession

    session = _hopeless_airwar_move_stage()
    game = session.game
    assert is_concession(
        make_agent(game.ruleset, "2", "ai").act(game.view("2"), agent_rng(1, "2", game.step))
    )
    agent = MctsAgent(game.ruleset, "1", iterations=4)
    view = game.view("1")
    cands = agent.candidates(view, agent_rng(1, "1", game.step))
    assert agent._simulate(view, cands[0], agent_rng(1, "1", game.step)) == 1.0
    session.agents = {"1": agent, "2": make_agent(game.ruleset, "2", "ai")}
    session.play_agents()
    outcome = game.outcome()
    assert outcome is not None
    assert (outcome.winner, outcome.reason) == ("1", "2 concedes")


class _Concedes:
    """A rollout policy that concedes at every decision (the one order every ruleset knows)."""

    def act(self, view, rng):
        from hexwar.core.orders import CONCEDE

        return dict(CONCEDE)


def _determinising() -> list[str]:
    from hexwar.agents.mcts import has_determinisation

    return [r.info.id for r in registry.all_rulesets() if has_determinisation(r)]


@pytest.mark.parametrize("ruleset_id", _determinising())
def test_mcts_scores_a_world_an_enemy_concession_ends(ruleset_id: str) -> None:
    """Issue 38 item 5, for every ruleset mcts searches: where the enemy's orders drawn in a
    sampled world concede -- a sealed order of the searched decision (the air war's
    simultaneous stages) or the enemy's reply in the rollout (alternating rulesets) -- the
    search stops submitting into the finished world and scores it a won game (+1); one
    decision of the search ends with one of its candidates, which the game accepts."""
    ruleset = registry.get(ruleset_id)
    scenario = sorted(ruleset.bundled_scenarios())[0]
    game = random_session(scenario, 1).game
    side = sorted(game.decision().sides)[0]
    view = game.view(side)
    agent = MctsAgent(ruleset, side, iterations=4)
    for other in set(ruleset.info.sides) - {side}:
        agent._policy[other] = _Concedes()
    cands = agent.candidates(view, agent_rng(1, side, game.step))
    assert agent._simulate(view, cands[0], agent_rng(1, side, game.step)) == 1.0
    order = agent.act(view, agent_rng(1, side, game.step))
    assert order in cands
    game.submit(side, order.to_json())


def test_a_plug_in_ruleset_without_a_search_profile_is_searched_plainly() -> None:
    """Issue 40: a ruleset that samples worlds but writes no search profile gets the core's
    default (Ruleset.search_profile) -- plain search over its legal orders, no priors, the
    default horizon and rounds, an unfinished rollout worth 0 -- and mcts plays it legally."""
    from hexwar.agents.mcts import HORIZON
    from hexwar.core.search import SearchProfile
    from tests.fixtures.tiny import TinyScenario

    ruleset = _searchable()
    assert ruleset.search_profile() == SearchProfile()
    game = ruleset.new_game(TinyScenario(ruleset="tiny", title="duel"), seed=3, scenario_id="d")
    agent = MctsAgent(ruleset, "red", iterations=16)
    assert (agent.horizon, agent.min_rounds, agent.to_next_turn) == (HORIZON, 2, False)
    assert not agent._keeps_prior
    assert agent._finisher is None
    assert agent._proposers == []
    view = game.view("red")
    legal = ruleset.legal_orders(view)
    cands = agent.candidates(view, agent_rng(3, "red", 0))
    assert sorted(cands, key=str) == sorted(legal, key=str)  # every legal order, nothing else
    order = agent.act(view, agent_rng(3, "red", 0))
    assert order in legal
    assert agent.last_iterations == 16
    game.submit("red", order)


def _searchable():
    """The tiny plug-in ruleset (tests/fixtures/tiny.py) with a determinisation of its own and
    no search profile: mcts searches its legal orders plainly."""
    from tests.fixtures.tiny import SIDES, TinyGame, TinyRuleset, TinyScenario

    class Searchable(TinyRuleset):
        def determinise(self, view, rng):
            scenario = TinyScenario(ruleset="tiny", title="a world")
            world = TinyGame(self, scenario, seed=int(rng.integers(2**31)), scenario_id="w")
            enemy = SIDES[1 - SIDES.index(view.side)]
            world.hp = {view.side: view.data["hit_points"], enemy: view.data["enemy_hit_points"]}
            world.reserve = {view.side: view.data["reserve"], enemy: int(rng.integers(6))}
            world.round = view.data["round"]
            world.mover = SIDES.index(view.side)
            world._step = view.step
            return world

    return Searchable()


def _loaded_machine(monkeypatch):
    """The clocks of a loaded machine, as the mcts module reads them: each simulation costs
    the thinking thread 1/8 s of CPU (``time.thread_time``), and every look at the wall clock
    (``time.perf_counter``) finds 10 s more gone (other processes had the CPU meanwhile).
    The thread's CPU clock moves only with the simulations (the candidates cost nothing)."""
    import types

    from hexwar.agents import mcts

    cpu = [0.0]
    wall = [0.0]

    def perf_counter() -> float:
        wall[0] += 10.0
        return wall[0]

    def simulate(self, view, order, rng, horizon=None):
        cpu[0] += 0.125
        return 0.0

    clocks = types.SimpleNamespace(thread_time=lambda: cpu[0], perf_counter=perf_counter)
    monkeypatch.setattr(mcts, "time", clocks)
    monkeypatch.setattr(MctsAgent, "_simulate", simulate)


def test_mcts_budget_is_the_thinking_threads_cpu_time(monkeypatch) -> None:
    """Issue 42: a decision's ``seconds`` are CPU seconds of the thinking thread by default,
    so the search does the same work on a loaded machine. With 1 s at 1/8 s of CPU per
    simulation, the plain search (no prior) runs 8 simulations: after n of them the next would
    end at (n + 1)/8 s, past the bound from n = 8 on (the budget is a bound: 9/8 > 1); the
    80 s of wall time that pass meanwhile do not count. With ``wall=True`` the same decision
    counts wall time: 10 s have gone by its first look after the start, past the 1 s, so it
    gives its first candidate unsearched."""
    from tests.fixtures.tiny import TinyScenario

    _loaded_machine(monkeypatch)
    ruleset = _searchable()
    game = ruleset.new_game(TinyScenario(ruleset="tiny", title="duel"), seed=3, scenario_id="d")
    view = game.view("red")
    cpu_agent = MctsAgent(ruleset, "red", seconds=1.0)
    order = cpu_agent.act(view, agent_rng(3, "red", 0))
    assert cpu_agent.last_iterations == 8
    assert order in ruleset.legal_orders(view)

    wall_agent = MctsAgent(ruleset, "red", seconds=1.0, wall=True)
    first = wall_agent.candidates(view, agent_rng(3, "red", 0))[0]
    assert wall_agent.act(view, agent_rng(3, "red", 0)) == first
    assert wall_agent.last_iterations == 0
