"""Research adapters (PettingZoo, Gymnasium, OpenSpiel), built on ``legal_orders(view)``.

They are clients of the game protocol: they see views, list legal orders and submit orders,
never a ruleset's state. Install them with ``pip install hexwar[research]``.
"""
