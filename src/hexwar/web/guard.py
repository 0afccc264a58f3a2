"""What every request passes before a route sees it: the same-origin rule for changes, the
bound on its body, and JSON bodies read into a declared model.

- **Same origin for every change.** A request that may change something (any method but GET,
  HEAD and OPTIONS) is refused (403) when the browser says it comes from another site
  (``Sec-Fetch-Site: cross-site`` or ``same-site``: a page on another port of the same host is
  same-site) or from another origin (``Origin`` other than this server's own, or one of
  ``origins`` the host allows; ``Sec-Fetch-Site: same-origin`` is taken as the browser's
  word, since a form posted from a page sent with ``Referrer-Policy: no-referrer`` says
  ``Origin: null``), and when it is signed in by a seat's cookie alone with
  neither header (browsers send ``Origin`` with every POST; a cookie is the one credential a
  page of another site can make the browser send). Scripts sending a token
  (``Authorization: Bearer``) and no ``Origin`` pass.
- **Bodies are bounded before they are read** (:func:`body_limit`): 413 at once for a
  ``Content-Length`` beyond the bound, and a body sent in chunks is cut off there.
- **JSON bodies** (:func:`json_body`) need ``Content-Type: application/json`` (else 415), are
  read by orjson (which refuses nesting deeper than 1024 and text that is not UTF-8) and
  validated by a pydantic model whose schema the route declares
  (:func:`hexwar.web.api_schema.body_schema`), so
  every malformed body is a 422 naming its field.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TypeVar
from urllib.parse import urlsplit

import orjson
from fastapi import HTTPException, Request
from pydantic import BaseModel, ValidationError
from starlette.requests import ClientDisconnect
from starlette.types import Message, Receive, Scope

__all__ = [
    "MAX_BODY",
    "BodyTooLarge",
    "body_limit",
    "bounded_receive",
    "cross_origin",
    "declared_length",
    "json_body",
    "read_body",
]

log = logging.getLogger("hexwar.web")
M = TypeVar("M", bound=BaseModel)

MAX_BODY = 64 * 1024  # bytes of a request body where no larger bound is set
MAX_UPLOAD = 2_000_000  # bytes of a scenario file
# Larger bounds, by path prefix (the longest matching prefix decides).
_LIMITS = {
    "/api/games/": 1_000_000,  # an order (a whole set-up of a large board)
    "/api/games": MAX_UPLOAD + 64 * 1024,  # a new game with an uploaded scenario
    "/lobby": MAX_UPLOAD + 64 * 1024,
    "/api/moderator/": 256 * 1024,  # a war: two sides' flanks
    "/api/moderator/maps": 5_000_000 + 64 * 1024,  # a map image
    "/api/moderator/import": 20_000_000,  # a database's CSV files
}
_SAFE = frozenset({"GET", "HEAD", "OPTIONS"})


def body_limit(path: str) -> int:
    """The most bytes a request body to ``path`` may have."""
    best, limit = -1, MAX_BODY
    for prefix, n in _LIMITS.items():
        if path.startswith(prefix) and len(prefix) > best:
            best, limit = len(prefix), n
    return limit


class BodyTooLarge(ClientDisconnect):
    """A body cut off at its bound (a ClientDisconnect to Starlette, which stops reading)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(f"the body is too large ({limit} bytes at most)")


def bounded_receive(receive: Receive, limit: int) -> Receive:
    """``receive``, raising :class:`BodyTooLarge` once the body passes ``limit`` bytes."""
    size = 0

    async def bounded() -> Message:
        nonlocal size
        message = await receive()
        if message["type"] == "http.request":
            size += len(message.get("body", b""))
            if size > limit:
                raise BodyTooLarge(limit)
        return message

    return bounded


def declared_length(value: str | None) -> int:
    """A ``Content-Length`` header's bytes (0 when absent or not a number: the body is then
    bounded as it is read)."""
    return int(value) if value is not None and value.isascii() and value.isdigit() else 0


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def cross_origin(scope: Scope, origins: Iterable[str] = ()) -> str | None:
    """Why the request ``scope`` may not change anything here, or ``None`` when it may."""
    if scope["method"] in _SAFE:
        return None
    headers = _headers(scope)
    site = headers.get("sec-fetch-site")
    if site in ("cross-site", "same-site"):
        return f"a request from another site ({site}) may not change anything here"
    if site == "same-origin":  # the browser's own word: a page of this server (whose form
        return None  # posts say ``Origin: null``, as its pages send no referrer)
    origin = headers.get("origin")
    if origin is not None:
        host = headers.get("host", "").lower()
        given = urlsplit(origin)
        if origin != "null" and given.netloc.lower() == host and host:
            return None
        if origin.rstrip("/") in {o.rstrip("/") for o in origins}:
            return None
        return (
            f"a request from {origin} may not change anything on this server ({host or '?'}); "
            "use its own pages, or send a seat's token (Authorization: Bearer) without an "
            "Origin header"
        )
    signed_by_cookie = "hexwar_" in headers.get("cookie", "")
    if site is None and signed_by_cookie and "authorization" not in headers:
        return (
            "a request signed in by its cookie alone must come from this server's own pages "
            "(they send an Origin header); scripts send Authorization: Bearer <token>"
        )
    return None


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, refused with 413 beyond ``limit`` bytes."""
    if declared_length(request.headers.get("content-length")) > limit:
        raise HTTPException(413, f"the body is too large ({limit} bytes at most)")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPException(413, f"the body is too large ({limit} bytes at most)")
        chunks.append(chunk)
    return b"".join(chunks)


def _is_json(request: Request) -> bool:
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and "+json" in media)


def _where(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc if part != "body") or "body"


async def json_body(request: Request, model: type[M], limit: int | None = None) -> M:
    """The request's JSON body as ``model``: 415 for another content type, 413 beyond
    ``limit`` bytes (default: the path's :func:`body_limit`), 422 naming each field that is
    wrong."""
    if not _is_json(request):
        raise HTTPException(415, "the body must be JSON (Content-Type: application/json)")
    raw = await read_body(request, limit if limit is not None else body_limit(request.url.path))
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as e:
        raise HTTPException(422, f"the body is not JSON: {e}") from None
    try:
        return model.model_validate(data)
    except ValidationError as e:
        problems = [f"{_where(err['loc'])}: {err['msg']}" for err in e.errors()]
        raise HTTPException(422, {"message": "invalid request", "problems": problems}) from None
