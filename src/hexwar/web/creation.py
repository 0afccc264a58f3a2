"""Creating a game: a bundled scenario by id or an uploaded scenario file's text, resolved
and checked, then stored with its seats (the lobby's form and ``POST /api/games``)."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from fastapi import HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from hexwar.core import registry
from hexwar.core.errors import HexwarError, InvalidInputError, UnknownScenarioError
from hexwar.core.rng import SEEDS
from hexwar.scenarios import load_document, peek_ruleset, validate
from hexwar.sessions import ResolvedScenario, bundled_scenario
from hexwar.web.access import http_error
from hexwar.web.guard import MAX_UPLOAD
from hexwar.web.hub import Hub, SeatError
from hexwar.web.seats import UMPIRE

__all__ = ["MAX_UPLOAD_ENTRIES", "CreateGame", "Creation", "resolve_text"]

# An uploaded scenario's keys, tables and arrays (counted as '=', ':', '[' and '{'), checked
# before it is parsed: its parse and validation cost grow with them (30,000 tables took 7 s);
# the largest bundled scenario has under 2,000.
MAX_UPLOAD_ENTRIES = 20_000


def resolve_text(text: str, name: str) -> ResolvedScenario:
    """A scenario from an uploaded file's text, validated (ScenarioError lists every problem
    at its line); refused unparsed beyond :data:`MAX_UPLOAD` bytes or
    :data:`MAX_UPLOAD_ENTRIES` entries."""
    if len(text) > MAX_UPLOAD:
        raise InvalidInputError(f"{name}: too large for an upload ({MAX_UPLOAD} bytes at most)")
    entries = sum(text.count(c) for c in "=:[{")
    if entries > MAX_UPLOAD_ENTRIES:
        raise InvalidInputError(
            f"{name}: {entries} keys, tables and arrays (counting '=', ':', '[' and '{{'); an "
            f"upload holds {MAX_UPLOAD_ENTRIES} at most: run larger scenarios with "
            "`hexwar run FILE` or `hexwar play FILE`"
        )
    fmt: Literal["json", "toml"] = (
        "json" if name.endswith(".json") or text.lstrip().startswith("{") else "toml"
    )
    document = load_document(text, fmt=fmt, name=name)
    ruleset = registry.get(peek_ruleset(document))
    return ResolvedScenario(ruleset, validate(document, ruleset.scenario_model), name)


class CreateGame(BaseModel):
    """The body of ``POST /api/games``: a bundled scenario's id or a scenario file's text."""

    model_config = ConfigDict(extra="forbid")
    scenario: StrictStr | None = Field(
        None,
        max_length=200,
        description="a bundled scenario's id (ruleset/name, as the lobby lists them)",
    )
    scenario_text: StrictStr | None = Field(
        None, max_length=MAX_UPLOAD, description="a scenario file's content (TOML or JSON)"
    )
    scenario_name: StrictStr | None = Field(None, max_length=200)
    seed: StrictInt | None = Field(None, ge=SEEDS.start, le=SEEDS.stop - 1)
    seats: dict[StrictStr, StrictStr] = Field(
        default_factory=dict, max_length=16, description="side -> 'human' or an agent's name"
    )
    password: StrictStr | None = Field(None, max_length=1000)


def _message(e: Exception) -> str:
    """An error's message (a KeyError's own ``str`` quotes it)."""
    return str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)


def _bundled(scenario: str) -> ResolvedScenario:
    """A bundled scenario by id; anything else is refused with one message, whatever the
    server's file system holds (a caller never learns whether a path exists)."""
    ruleset_id, slash, name = scenario.partition("/")
    if (
        not slash
        or not ruleset_id
        or not name
        or "/" in name
        or scenario.endswith((".toml", ".json"))
    ):
        raise UnknownScenarioError(
            f"scenario {scenario[:80]!r}: not a bundled scenario's id (ruleset/name, as the "
            "lobby lists them); send a scenario file's content as scenario_text"
        )
    return bundled_scenario(scenario)


class Creation:
    """Creates games in ``hub``; one uploaded scenario is parsed at a time (their memory adds
    up)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.uploads = asyncio.Semaphore(1)

    async def create(
        self,
        request: Request,
        scenario: str | None,
        text: str | None,
        name: str,
        seed: int | None,
        seats: dict[str, str],
    ) -> dict[str, Any]:
        """The new game's id, ruleset and scenario, its seats' links and tokens; a bad
        scenario, ruleset, seat or player is a 422 that lists the problems."""
        try:
            if text is not None:
                async with self.uploads:  # one upload parsed at a time: their memory adds up
                    resolved = await asyncio.to_thread(resolve_text, text, name)
            elif scenario:
                resolved = await asyncio.to_thread(_bundled, scenario)
            else:
                raise InvalidInputError("give a scenario (a bundled id) or a scenario file")
            created = await self.hub.create(resolved, seed, seats)
        except SeatError as e:
            raise http_error(e) from None
        except HexwarError as e:  # a bad scenario, ruleset, seat or player
            problems = [str(p) for p in getattr(e, "problems", [])] or [_message(e)]
            raise HTTPException(422, {"message": "invalid game", "problems": problems}) from None
        base = str(request.base_url).rstrip("/")
        links = {
            role: f"{base}/join/{created.game_id}?token={token}"
            for role, token in created.tokens.items()
        }
        return {
            "id": created.game_id,
            "ruleset": resolved.ruleset.info.id,
            "scenario": resolved.scenario_id,
            "links": {r: u for r, u in links.items() if r != UMPIRE},
            "umpire": links[UMPIRE],
            "tokens": created.tokens,
        }
