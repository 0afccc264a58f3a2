"""The base of the game store's errors, in a module of its own so that the database
(``sqlite.py``) and the writer's lock (``lock.py``) both build on it without importing each
other."""

from __future__ import annotations

from hexwar.core.errors import HexwarError


class StoreError(HexwarError):
    """Base of the game store's own errors; the message names the file, the cause and the cure."""
