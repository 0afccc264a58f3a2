"""``hexwar serve``: the web app on uvicorn (needs the ``[web]`` extra)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["serve"]

PASSWORD_ENV = "HEXWAR_PASSWORD"


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
    flank_db: Annotated[
        Path | None,
        typer.Option(
            "--flank-db",
            metavar="FILE",
            help="The flank battle database the moderator page (/moderator) works on, made by "
            "`hexwar flankbattle import` (default: the bundled example database, copied into "
            "the home directory).",
        ),
    ] = None,
) -> None:
    """Serve hexwar in the browser: a lobby, secret seat links, live maps, replays."""
    try:
        import uvicorn

        from hexwar.web.app import create_app
    except ImportError as e:  # the [web] extra is missing
        typer.echo(
            f"hexwar serve needs the web extra ({e.name} is missing): pip install 'hexwar[web]'",
            err=True,
        )
        raise typer.Exit(2) from None
    from hexwar.store.sqlite import default_path

    if home is not None:
        home = home.expanduser()
        home.mkdir(parents=True, exist_ok=True)
        os.environ["HEXWAR_HOME"] = str(home)
    directory = default_path().parent
    secret = password if password is not None else os.environ.get(PASSWORD_ENV) or None
    if host not in ("127.0.0.1", "localhost", "::1") and secret is None:
        typer.echo(
            f"warning: serving on {host} without --password: anyone on the network can "
            "create games and use the flank battle moderator page",
            err=True,
        )
    # The games run on a worker thread; a short GIL switch interval keeps the event loop (the
    # answers to other requests and the event streams) from waiting behind it for 5 ms a time.
    sys.setswitchinterval(0.0005)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"hexwar: games in {directory}; open http://{shown}:{port}/", err=True)
    sys.stdout.flush()
    uvicorn.run(
        create_app(directory, password=secret, flank_db=flank_db),
        host=host,
        port=port,
        log_level="warning",
        access_log=False,  # (not shown at this level, but formatted for every request)
    )
