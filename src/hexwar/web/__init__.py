"""hexwar in the browser: ``hexwar serve`` (FastAPI + uvicorn), seats and tokens, live updates
by Server-Sent Events, and one SVG renderer for every ruleset's board description.

A client of the game protocol, :mod:`hexwar.sessions` and :mod:`hexwar.store` only: it never
reaches into a ruleset's state. Needs the ``[web]`` extra.
"""
