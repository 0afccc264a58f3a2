"""The game store: acknowledged orders kept in an embedded SQLite database."""

from hexwar.store.errors import StoreError
from hexwar.store.lock import StoreLock, StoreLockedError, hold
from hexwar.store.sqlite import (
    SCHEMA_VERSION,
    AmbiguousGameIdError,
    DamagedStoreError,
    GameStore,
    GameSummary,
    OrderSequenceError,
    SchemaVersionError,
    Snapshot,
    SnapshotError,
    default_path,
    describe_failure,
)

__all__ = [
    "SCHEMA_VERSION",
    "AmbiguousGameIdError",
    "DamagedStoreError",
    "GameStore",
    "GameSummary",
    "OrderSequenceError",
    "SchemaVersionError",
    "Snapshot",
    "SnapshotError",
    "StoreError",
    "StoreLock",
    "StoreLockedError",
    "default_path",
    "describe_failure",
    "hold",
]
