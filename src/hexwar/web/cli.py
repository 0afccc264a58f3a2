"""``hexwar serve``: the web app on uvicorn (needs the ``[web]`` extra)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["serve"]

PASSWORD_ENV = "HEXWAR_PASSWORD"
MAX_COMPUTER_GAMES = 4  # (hexwar.web.hub's; repeated here so --help needs no [web] extra)


def serve(
    host: Annotated[
        str,
        typer.Option(
            metavar="ADDRESS",
            help="Address to listen on; 0.0.0.0 lets other machines of your network in "
            "(then set --password).",
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="N", help="TCP port.")] = 8000,
    home: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help="Directory of the game store (default: $HEXWAR_HOME or the user data "
            "directory), shared with `hexwar play`.",
        ),
    ] = None,
    password: Annotated[
        str | None,
        typer.Option(
            metavar="TEXT",
            help=f"Ask for this password before creating a game (or set ${PASSWORD_ENV}).",
        ),
    ] = None,
    origin: Annotated[
        list[str] | None,
        typer.Option(
            "--origin",
            metavar="URL",
            help="Another origin whose pages may send orders here, e.g. "
            "https://games.example.org behind a reverse proxy that does not pass the Host "
            "header on (repeat for more).",
        ),
    ] = None,
    max_computer_games: Annotated[
        int,
        typer.Option(
            min=0,
            metavar="N",
            help="Computer-only games that may play at once (more are refused until one ends).",
        ),
    ] = MAX_COMPUTER_GAMES,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            metavar="NAME=VALUE",
            help="An option for the rulesets' own pages (repeat for more), e.g. "
            "flank-db=FILE: the database the flank battle moderator (/moderator) works on.",
        ),
    ] = None,
    flank_db: Annotated[
        Path | None,
        typer.Option("--flank-db", metavar="FILE", hidden=True, help="--option flank-db=FILE"),
    ] = None,
) -> None:
    """Serve hexwar in the browser: a lobby, secret seat links, live maps, replays."""
    try:
        import uvicorn

        from hexwar.web.app import create_app
        from hexwar.web.server import HexwarServer, server_config
    except ImportError as e:  # the [web] extra is missing
        typer.echo(
            f"hexwar serve needs the web extra ({e.name} is missing): pip install 'hexwar[web]'",
            err=True,
        )
        raise typer.Exit(2) from None
    from hexwar.store import StoreLockedError, default_path, hold

    if home is not None:
        home = home.expanduser()
        home.mkdir(parents=True, exist_ok=True)
        os.environ["HEXWAR_HOME"] = str(home)
    directory = default_path().parent
    try:  # one writer per store: held for the life of the server
        writer = hold(default_path())
    except StoreLockedError as e:
        typer.echo(f"hexwar serve: {e}", err=True)
        raise typer.Exit(2) from None
    options: dict[str, str] = {}
    for text in option or ():
        name, eq, value = text.partition("=")
        if not eq or not name.strip():
            typer.echo(f"hexwar serve: --option {text!r}: write NAME=VALUE", err=True)
            raise typer.Exit(2)
        options[name.strip()] = value
    if flank_db is not None:  # the older spelling of --option flank-db=FILE
        options["flank-db"] = str(flank_db)
    secret = password if password is not None else os.environ.get(PASSWORD_ENV) or None
    if host not in ("127.0.0.1", "localhost", "::1") and secret is None:
        typer.echo(
            f"warning: serving on {host} without --password: anyone on the network can "
            "create games and use the rulesets' own pages",
            err=True,
        )
    # The games run on worker threads; a short GIL switch interval keeps the event loop (the
    # answers to other requests and the event streams) from waiting behind them for 5 ms a time.
    sys.setswitchinterval(0.0005)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"hexwar: games in {directory}; open http://{shown}:{port}/", err=True)
    sys.stdout.flush()
    app = create_app(
        directory,
        password=secret,
        options=options,
        origins=origin or (),
        max_computer_games=max_computer_games,
    )
    try:
        HexwarServer(server_config(app, host, port)).run()
    finally:
        writer.release()
    del uvicorn  # (imported above only to say early that the extra is missing)
