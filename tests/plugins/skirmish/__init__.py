"""Skirmish: a sixth ruleset written as a plug-in, outside ``src/`` (issue 40).

It is registered only through ``HEXWAR_RULESETS=tests.plugins.skirmish:SkirmishRuleset``
(with the repository on ``PYTHONPATH``), and nothing outside ``tests/plugins/`` names it.

Rules
-----
Two sides, red and blue, each with a few units (scenario: 3-4) on a small hex map (7x7,
flat-top, labels ``A1``..``G7``: column letter, row number). Every unit starts with the
scenario's strength (2). Sides alternate; on its turn a side gives one order: one unit
*moves* to an adjacent empty hex, or *fires* at an adjacent enemy unit, or the side *passes*.
Fire rolls a d6 from the game's seeded stream: 4 or more hits, 5 or more against a unit in
woods; a hit takes one strength, and a unit at 0 is eliminated. *Fog of war*: a side sees an
enemy unit only while one of its own units is within ``sight`` (2) hexes of it; eliminations
are announced. A side that loses its last unit loses. After the scenario's rounds (a round is
a turn of each side) the side with a unit on the objective hex wins; if nobody holds it, the
side with more strength left wins; else it is a draw.

Files (one role a module, as in every ruleset package)
------------------------------------------------------
- ``ruleset.py``: :class:`SkirmishRuleset`, the metadata and every hook.
- ``scenario.py``: the scenario model and the map's notation.
- ``orders.py``: :class:`SkirmishOrder` and its notation (``R1 move C4``, ``R1 fire C5``,
  ``pass``).
- ``game.py``: :class:`SkirmishGame`, state, resolution, the fog-limited view.
- ``legal.py``: legal orders from a view; ``choices.py``: what each points at.
- ``drawing.py``: the board a side sees; ``render.py``: the same as text for the terminal.
- ``determinise.py``: worlds drawn from a view, for ``mcts``.
- ``ai.py``: the computer player ``ai``.
- ``scenarios/``: ``skirmish/crossroads`` and ``skirmish/ridge``.
"""

from .ruleset import SkirmishRuleset

__all__ = ["SkirmishRuleset"]
