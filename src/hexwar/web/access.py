"""Who may do what: the server's password for creating games, and the seat a request presents
(the Bearer token or the game's cookie)."""

from __future__ import annotations

import hmac
import re

from fastapi import HTTPException, Request

from hexwar.web.hub import Hub, SeatError
from hexwar.web.seats import Seat

__all__ = ["Access", "cookie_name", "http_error"]

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def cookie_name(game_id: str) -> str:
    return f"hexwar_{game_id}"


def http_error(e: SeatError) -> HTTPException:
    headers = {"WWW-Authenticate": "Bearer"} if e.status == 401 else None
    return HTTPException(e.status, str(e), headers=headers)


class Access:
    """The checks a route makes before it acts: the password to create a game (none asked
    when ``password`` is ``None``), and the seat a request presents for a game."""

    def __init__(self, hub: Hub, password: str | None) -> None:
        self.hub = hub
        self.password = password

    def check_password(self, given: str | None) -> None:
        if self.password is None:
            return
        if given is None or not hmac.compare_digest(given.encode(), self.password.encode()):
            raise HTTPException(401, "this server asks for a password to create games")

    def token_of(self, request: Request, game_id: str) -> str:
        """The token presented with the request (Bearer header, else the game's cookie)."""
        if not _GAME_ID.fullmatch(game_id):
            raise HTTPException(404, f"no game {game_id!r}")
        token = None
        header = request.headers.get("authorization", "")
        if header[:7].lower() == "bearer ":
            token = header[7:].strip()
        if not token:
            token = request.cookies.get(cookie_name(game_id))
        if not token:
            raise HTTPException(
                401,
                "not signed in: open your seat's link, or send Authorization: Bearer <token>",
                headers={"WWW-Authenticate": "Bearer"},
            )
        return token

    async def authorise(
        self, request: Request, game_id: str, side: str | None
    ) -> tuple[Seat, str | None]:
        """The seat presented with the request and the side it looks at (``None``: the umpire
        looks at everything)."""
        token = self.token_of(request, game_id)
        try:
            return await self.hub.call(self.hub.check_seat, token, game_id, side)
        except SeatError as e:
            raise http_error(e) from None
