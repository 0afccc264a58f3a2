"""A page's live updates: one Server-Sent Events stream, for a seat's page and a spectator's.

The stream sends the events the page may see after the last one it had (``log``, each with its
sequence number as ``id``, so a reconnect with ``Last-Event-ID`` resumes after it), then the
page's state (``state``), and again after every change of the game; a comment every 15 s keeps
proxies from closing it. It ends when the server stops (the browser's EventSource reconnects by
itself, after ``retry`` ms, to the next server).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import orjson
from fastapi import Request
from fastapi.responses import StreamingResponse

from hexwar.web.hub import Hub

__all__ = ["event_stream", "resume_after"]

KEEP_ALIVE = 15.0  # seconds between comments on a quiet stream
_EVENT_ID = re.compile(r"-?[0-9]{1,18}")

News = Callable[[int], Awaitable[tuple[list[dict[str, Any]], dict[str, Any]]]]


def _dumps(data: Any) -> str:
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def resume_after(request: Request, last_event_id: int | None) -> int:
    """The sequence number a stream starts after: the ``Last-Event-ID`` header (1-18 digits:
    anything else is no header), else the ``last_event_id`` query, else -1 (every event)."""
    header = request.headers.get("last-event-id", "").strip()
    if _EVENT_ID.fullmatch(header):
        return int(header)
    return last_event_id if last_event_id is not None else -1


def event_stream(
    hub: Hub, request: Request, game_id: str, after: int, news: News
) -> StreamingResponse:
    """The stream of ``game_id`` from after event ``after``; ``news(last)`` gives the events
    after ``last`` the page may see and its state."""

    async def stream() -> AsyncIterator[str]:
        last = after
        yield "retry: 2000\n\n"
        while not hub.stopping:
            changed = hub.changed(game_id)  # taken first: no change slips between
            events, state = await news(last)
            for e in events:
                last = e["seq"]
                yield f"id: {last}\nevent: log\ndata: {_dumps(e)}\n\n"
            yield f"event: state\ndata: {_dumps(state)}\n\n"
            while not hub.stopping:
                try:
                    await asyncio.wait_for(changed.wait(), timeout=KEEP_ALIVE)
                    break
                except TimeoutError:
                    yield ": keep-alive\n\n"
                if await request.is_disconnected():
                    return

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
