"""The uvicorn server of ``hexwar serve``, made to stop when asked.

uvicorn's own stop closes the port, then waits for every open connection to finish; an event
stream never finishes by itself, so a server with one page open never stopped. This server
tells the hub first (:meth:`Hub.begin_stop`): it refuses orders from then on and ends every
event stream (the pages reconnect to the next server by themselves), and uvicorn waits at most
:data:`GRACE` seconds for what is left.
"""

from __future__ import annotations

import socket
import sys

import uvicorn
from fastapi import FastAPI

from hexwar.web.hub import Hub

__all__ = ["GRACE", "KEEP_ALIVE", "HexwarServer", "server_config"]

GRACE = 3  # seconds a stop waits for the requests in flight
KEEP_ALIVE = 75  # seconds an idle keep-alive connection stays open (uvicorn's default: 5)


def server_config(app: FastAPI, host: str, port: int, **options: object) -> uvicorn.Config:
    """uvicorn's configuration of a hexwar server (logs: warnings and up)."""
    settings: dict[str, object] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "access_log": False,  # (not shown at this level, but formatted for every request)
        "timeout_graceful_shutdown": GRACE,
        "timeout_keep_alive": KEEP_ALIVE,
        "lifespan": "on",
    }
    settings.update(options)
    return uvicorn.Config(app, **settings)  # type: ignore[arg-type]


class HexwarServer(uvicorn.Server):
    """uvicorn's server, which ends the hub's event streams and refuses orders as its stop
    begins (a signal, or ``should_exit`` set)."""

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        hub = getattr(getattr(self.config.app, "state", None), "hub", None)
        if isinstance(hub, Hub):
            hub.begin_stop()
        await super().shutdown(sockets)
        if isinstance(hub, Hub):
            print("hexwar: stopped", file=sys.stderr, flush=True)
