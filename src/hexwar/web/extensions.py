"""A ruleset's own part of the web app: routes, pages, templates, static files, a game-page panel.

A ruleset offers them through :meth:`hexwar.core.game.Ruleset.web_extension`, which returns a
:class:`WebExtension` built in the ruleset's ``web`` package (the one part of a ruleset that
imports :mod:`hexwar.web`). The app mounts every installed ruleset's extension when it is built,
as ``hexwar`` mounts a ruleset's own commands, and names no ruleset itself:

- each router factory is called with a :class:`WebContext` (the hub, the token helper, the
  templates, the ruleset's folder in the server's home, the password, the server's options);
- the package's ``templates/`` folder is reachable as ``<id>/<name>`` (a page of the ruleset
  extends ``base.html`` as the app's own pages do);
- the package's ``static/`` folder is served under ``/static/rulesets/<id>/``;
- each :class:`Panel` is included in the game page of the ruleset's games (and the spectator's),
  below the map or in the side column; ``lobby`` is included in the lobby's first panel (a line
  that links to the ruleset's own pages).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.templating import Jinja2Templates

from hexwar.core import registry
from hexwar.core.game import Ruleset
from hexwar.web.hub import Hub

__all__ = ["STATIC_ROOT", "Panel", "WebContext", "WebExtension", "installed_extensions"]

STATIC_ROOT = "/static/rulesets"  # a ruleset's static files: STATIC_ROOT/<id>/<file>


@dataclass(frozen=True)
class WebContext:
    """What the app gives a ruleset's router factories."""

    ruleset_id: str
    hub: Hub
    token_of: Callable[[Request, str], str]
    """The token a request presents for a game (Bearer header, else the game's cookie); 401
    without one, 404 for a malformed game id. ``hub.seat_game(token, game_id, side)`` checks it."""
    templates: Jinja2Templates
    home: Path
    """The ruleset's own folder in the server's home (``<home>/<id>``; not made until used)."""
    server_home: Path
    password: str | None
    """The server's password: a page that changes things asks for it as game creation does."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The server's options for rulesets (``hexwar serve --option NAME=VALUE``), by name."""

    def template(self, name: str) -> str:
        """The name the app's templates know the ruleset's template ``name`` by."""
        return f"{self.ruleset_id}/{name}"

    @property
    def static_url(self) -> str:
        """Where the ruleset's static files are served."""
        return f"{STATIC_ROOT}/{self.ruleset_id}"


@dataclass(frozen=True)
class Panel:
    """A template of the ruleset's included in the game page of its games.

    It sees the game page's context (``state``, ``game_id``, ``role``) and loads its own
    scripts and styles from ``/static/rulesets/<id>/``.
    """

    template: str
    place: Literal["map", "side"] = "side"
    """``map``: below the map; ``side``: in the side column, after the orders."""


@dataclass(frozen=True)
class WebExtension:
    """A ruleset's web extension: what :meth:`~hexwar.core.game.Ruleset.web_extension` returns.

    ``package`` is the importable package holding the ``templates/`` and ``static/`` folders
    (either may be absent); ship them as package data.
    """

    package: str
    routers: Sequence[Callable[[WebContext], APIRouter]] = ()
    panels: Sequence[Panel] = ()
    lobby: str | None = None
    """A template included in the lobby (a line linking to the ruleset's own pages)."""

    def folder(self, name: str) -> Path | None:
        """The package's folder ``name`` (``templates``, ``static``), if it has one."""
        path = resources.files(self.package) / name
        return Path(str(path)) if path.is_dir() else None


def installed_extensions() -> Iterator[tuple[Ruleset[Any, Any], WebExtension]]:
    """Every installed ruleset's web extension, in id order (rulesets without one left out)."""
    for ruleset in registry.all_rulesets():
        extension = ruleset.web_extension()
        if extension is None:
            continue
        if not isinstance(extension, WebExtension):
            raise TypeError(
                f"ruleset {ruleset.info.id!r}: web_extension() returned "
                f"{type(extension).__name__}, not a hexwar.web.extensions.WebExtension"
            )
        yield ruleset, extension
