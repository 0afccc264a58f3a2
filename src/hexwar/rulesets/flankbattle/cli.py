"""``hexwar flankbattle ...``: the moderator's commands (seed 004, Interface).

``import`` loads the four tabs of the database from CSV files into the embedded SQLite file;
``resolve`` runs a war and prints its receipt, writing the Autoalgo log as it goes; ``maps``
writes the generic terrain maps as PNG files; ``example`` writes the bundled example database as
CSV files to start from. Invalid input exits with status 2 and every problem at its place
(file, row, tab and column), never with a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from pydantic import ValidationError

from hexwar.core.errors import IllegalOrderError, InvalidInputError, Problem, ScenarioError
from hexwar.core.records import decode_nonfinite
from hexwar.rulesets.flankbattle.database import (
    Database,
    default_db_path,
    example_csv_texts,
    import_csv_dir,
)
from hexwar.rulesets.flankbattle.game import FlankbattleGame
from hexwar.rulesets.flankbattle.orders import Deployment
from hexwar.rulesets.flankbattle.params import (
    PACKAGE,
    default_parameters,
    default_units,
    load_parameters,
    load_units,
)
from hexwar.rulesets.flankbattle.receipt import AutoalgoLog, render_receipt
from hexwar.rulesets.flankbattle.scenario import FlankbattleScenario
from hexwar.rulesets.flankbattle.schema import TABS, split_names
from hexwar.rulesets.flankbattle.terrain import (
    SIZE,
    generic_map,
    grid_to_png,
    grid_to_rows,
    image_suffixes,
    read_map,
)
from hexwar.scenarios import load_document

__all__ = ["app"]

EXIT_INVALID = 2

app = typer.Typer(
    name="flankbattle",
    help="The map-game flank battle algorithm: import the database, resolve a war, "
    "write the generic maps or the example database.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",
)


def _fail(problems: list[Problem]) -> NoReturn:
    for p in problems:
        typer.echo(f"hexwar: {p}", err=True)
    raise typer.Exit(EXIT_INVALID)


DbOption = Annotated[
    Path | None,
    typer.Option(
        "--db",
        metavar="FILE",
        help="The SQLite database (default: $HEXWAR_HOME/flankbattle.sqlite3).",
    ),
]
JsonDirOption = Annotated[
    Path | None,
    typer.Option(
        "--json-dir",
        metavar="DIR",
        help="A folder with edited parameters.json and/or Soldier.json (default: the bundled).",
    ),
]


def _json_files(json_dir: Path | None) -> tuple[Any, Any, Path | None, Path | None]:
    if json_dir is None:
        return default_parameters(), default_units(), None, None
    if not json_dir.is_dir():
        _fail(
            [
                Problem(
                    "--json-dir: not a folder (of parameters.json and Soldier.json)", str(json_dir)
                )
            ]
        )
    p_path = json_dir / "parameters.json"
    u_path = json_dir / "Soldier.json"
    params = load_parameters(p_path) if p_path.exists() else default_parameters()
    units = load_units(u_path, params) if u_path.exists() else default_units()
    return (
        params,
        units,
        p_path if p_path.exists() else None,
        u_path if u_path.exists() else None,
    )


@app.command("import")
def import_command(
    csv_dir: Annotated[
        Path,
        typer.Argument(
            metavar="DIR", help="Folder with Nation.csv, Military.csv, Location.csv, Leader.csv"
        ),
    ],
    db: DbOption = None,
    json_dir: JsonDirOption = None,
) -> None:
    """Import the four tabs of the map-game database from CSV files.

    Each file is a tab as a spreadsheet exports it: the heading row, the columns in the
    documented order, extra columns to the right ignored. Every cell is checked (required
    fields, ranges, list values, unit types in Soldier.json, references between tabs); if
    any is wrong, every problem is listed with file, row, tab and column, the command exits
    with status 2 and the database is left as it was.
    """
    params, units, _, _ = _json_files(json_dir)
    path = db or default_db_path()
    try:
        database = import_csv_dir(csv_dir, path, params, units)
    except InvalidInputError as e:
        _fail(list(e.problems))
        return
    counts = ", ".join(f"{len(rows)} {tab}" for tab, rows in database.tables.items())
    typer.echo(f"imported {counts} into {path}")


def _read_flanks(path: Path) -> dict[str, Deployment]:
    """A flanks file: TOML (or JSON) with arrays of tables ``attacker`` and ``defender``."""
    try:
        document = load_document(path)
    except OSError as e:
        raise ScenarioError(
            [Problem(f"cannot read the flanks file: {e.strerror}", str(path))]
        ) from None
    out: dict[str, Deployment] = {}
    problems: list[Problem] = []
    for key in set(document.data) - {"attacker", "defender"}:
        problems.append(document.problem("unknown key (use attacker and defender)", (key,)))
    for side in ("attacker", "defender"):
        flanks = document.data.get(side)
        if flanks is None:
            continue
        if not isinstance(flanks, list):
            problems.append(document.problem("a list of flanks ([[attacker]] tables)", (side,)))
            continue
        try:
            out[side] = Deployment.parse({"flanks": flanks})
        except IllegalOrderError as e:
            message = str(e)
            index = 0
            if message.startswith("flanks["):
                index = int(message[7 : message.index("]")])
                message = message.split(": ", 1)[-1] if ": " in message else message
            problems.append(document.problem(message, (side, index)))
    if problems:
        raise ScenarioError(problems)
    return out


def _embedded(database: Database, military_names: list[str], location: str) -> dict[str, Any]:
    """The rows a war uses, to embed in its scenario (so its record replays anywhere)."""
    wanted: dict[str, set[str]] = {tab: set() for tab in TABS}
    wanted["Location"].add(location)
    for name in military_names:
        wanted["Military"].add(name)
        row = database.military(name)
        nations = split_names(row.get("nation") or "")
        if nations:
            wanted["Nation"].add(nations[0])
            nation = database.nation(nations[0])
            if nation.get("leader"):
                wanted["Leader"].add(nation["leader"])
        if row.get("leader"):
            wanted["Leader"].add(row["leader"])
    return database.subset(wanted).to_json()


@app.command("resolve")
def resolve_command(
    attacker: Annotated[
        str | None, typer.Option(metavar="MILITARY", help="Attacking military (Military tab)")
    ] = None,
    defender: Annotated[
        str | None, typer.Option(metavar="MILITARY", help="Defending military (Military tab)")
    ] = None,
    location: Annotated[
        str | None, typer.Option(metavar="LOCATION", help="Location of the battle")
    ] = None,
    motive: Annotated[
        str | None,
        typer.Option(
            metavar="MOTIVE", help="Conquest, Ideological, Economic, Hegemony or Existential"
        ),
    ] = None,
    year: Annotated[
        int | None, typer.Option(metavar="YEAR", help="War date, -3500 to 2020 (BC negative)")
    ] = None,
    title: Annotated[str | None, typer.Option(metavar="TITLE", help="Name of the war")] = None,
    map_: Annotated[
        str | None,
        typer.Option(
            "--map",
            metavar="MAP",
            help="A terrain map image (PNG, GIF, BMP, JPEG, TIFF, WebP, PPM), or a generic "
            "map name (e.g. 'Hill')",
        ),
    ] = None,
    flanks: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="TOML file of attacker and defender flank tables (see docs/flankbattle.md)",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(metavar="N", help="Random seed: same seed, same war")] = 1,
    receipt: Annotated[
        str, typer.Option(metavar="FORMAT", help="Receipt format: wiki, markdown or json")
    ] = "wiki",
    log_dir: Annotated[
        Path,
        typer.Option(metavar="DIR", help="Folder for the log file (Autoalgo log TIMESTAMP.txt)"),
    ] = Path("Logs"),
    example: Annotated[
        bool, typer.Option("--example", help="Fight the bundled example war (Hastings, 1066)")
    ] = False,
    db: DbOption = None,
    json_dir: JsonDirOption = None,
    update_database: Annotated[
        bool,
        typer.Option(
            "--update-database",
            help="Write both nations' new Stability to the database's Nation tab (one "
            "transaction; not with --example)",
        ),
    ] = False,
) -> None:
    """Run one war and print its receipt; the Autoalgo log is written while it runs.

    With --example the bundled example database and the Battle of Hastings are used (the options
    given still apply). Otherwise --attacker, --defender, --location and --motive name rows
    of the imported database. Flanks default to three per side with the military spread
    evenly.
    """
    if receipt not in ("wiki", "markdown", "json"):
        _fail([Problem(f"unknown receipt format {receipt!r} (wiki, markdown or json)")])
    params, units, p_path, u_path = _json_files(json_dir)
    data: dict[str, Any]
    if example and update_database:
        _fail([Problem("--update-database writes to an imported database: not with --example")])
    if example:
        scenario_file = Path(str(_bundled("hastings.toml")))
        data = dict(load_document(scenario_file).data)
        data["attacker"], data["defender"] = dict(data["attacker"]), dict(data["defender"])
        if attacker:
            data["attacker"] = {"military": attacker}
        if defender:
            data["defender"] = {"military": defender}
        for key, value in (("location", location), ("motive", motive), ("year", year)):
            if value is not None:
                data[key] = value
        if title or location:  # another place is another battle: not "Battle of Hastings"
            data["title"] = title or f"Battle of {location}"
    else:
        missing = [
            f"--{n}"
            for n, v in (
                ("attacker", attacker),
                ("defender", defender),
                ("location", location),
                ("motive", motive),
            )
            if not v
        ]
        if missing:
            _fail([Problem(f"missing {', '.join(missing)} (or use --example)")])
        assert attacker is not None
        assert defender is not None
        assert location is not None
        database = Database.load(db or default_db_path())
        try:
            embedded = _embedded(database, [attacker, defender], location)
        except InvalidInputError as e:
            _fail(list(e.problems))
            return
        data = {
            "ruleset": "flankbattle",
            "title": title or f"Battle of {location}",
            "year": year if year is not None else 1066,
            "motive": motive,
            "attacker": {"military": attacker},
            "defender": {"military": defender},
            "location": location,
            "database": embedded,
        }
    if p_path is not None:
        data["parameters"] = json.loads(p_path.read_text(encoding="utf-8"))
    if u_path is not None:
        data["unit_types"] = json.loads(u_path.read_text(encoding="utf-8"))
    if map_ is not None:
        candidate = Path(map_)
        if candidate.suffix.lower() in image_suffixes():
            data["map_rows"] = grid_to_rows(read_map(candidate))
            data["map"] = candidate.stem
        else:
            data["map"] = map_
    scenario = _validate(data)
    deployments = _read_flanks(flanks) if flanks is not None else {}
    from hexwar.core import registry

    ruleset = registry.get("flankbattle")
    game = ruleset.new_game(scenario, seed=seed, scenario_id="flankbattle/resolve")
    assert isinstance(game, FlankbattleGame)
    with AutoalgoLog(log_dir) as log:
        log.inputs(game.setup, seed)
        game.on_event = log.event
        game.on_occupation = log.occupation
        for side in ("attacker", "defender"):
            order = deployments.get(side, Deployment())
            status = _status(game, side, order)
            log.line(f"{side} flanks: {status}")
            try:
                game.submit(side, order)
            except IllegalOrderError as e:
                where = str(flanks) if side in deployments else None
                log.line(f"refused: {e}")
                _fail([Problem(str(e), where, path=side if where else "")])
        assert game.war_report is not None
        text = render_receipt(game.war_report, receipt)
        log.ending(render_receipt(game.war_report, "wiki"))
    sys.stdout.write(text)
    typer.echo(f"log: {log.path}", err=True)
    if update_database:
        path = db or default_db_path()
        from hexwar.rulesets.flankbattle.war import new_stability

        scores = new_stability(game.war_report)
        try:
            Database.write_stability(path, scores)
        except InvalidInputError as e:
            _fail(list(e.problems))
        written = ", ".join(f"{n} {v:g}" for n, v in scores.items())
        typer.echo(f"Stability written to the Nation tab of {path}: {written}", err=True)
    del params, units  # checked above; the scenario embeds the files themselves


def _status(game: FlankbattleGame, side: str, order: Deployment) -> str:
    from hexwar.rulesets.flankbattle.flanks import validity

    index = ("attacker", "defender").index(side)
    sv = game.setup.sides[index]
    v = validity(
        game.flanks_of(side, order),
        float(sv.military["size"]),
        game.setup.proportions(index),
        sv.ship_number,
        game.setup.crew(index),
    )
    return v.text


def _validate(data: dict[str, Any]) -> FlankbattleScenario:
    try:
        return FlankbattleScenario.model_validate_json(json.dumps(decode_nonfinite(data)))
    except ValidationError as e:
        problems = []
        for err in e.errors():
            path = ".".join(str(p) for p in err["loc"])
            message = err["msg"].removeprefix("Value error, ")
            problems.append(Problem(message, path=path))
        raise InvalidInputError(problems) from None


def _bundled(name: str) -> Any:
    from importlib import resources

    return resources.files(PACKAGE) / "scenarios" / name


@app.command("maps")
def maps_command(
    out: Annotated[
        Path, typer.Option("--out", "-o", metavar="DIR", help="Folder to write the PNG maps into")
    ],
) -> None:
    """Write the generic terrain maps (one per Location terrain value) as 400x400 PNG files.

    Edit a copy in any paint program with the legend colours (white plain, blue water, green
    forest, grey cliffs, brown high ground) and pass it to resolve with --map FILE.png.
    """
    from hexwar.rulesets.flankbattle.schema import TERRAINS

    out.mkdir(parents=True, exist_ok=True)
    for name in TERRAINS:
        path = out / f"{name}.png"
        path.write_bytes(grid_to_png(generic_map(name)))
    typer.echo(f"wrote {len(TERRAINS)} maps of {SIZE}x{SIZE} into {out}")


@app.command("example")
def example_command(
    out: Annotated[
        Path, typer.Option("--out", "-o", metavar="DIR", help="Folder to write the CSV files into")
    ],
) -> None:
    """Write the bundled example database (Nation, Military, Location, Leader tabs) as CSV
    files, with Soldier.json and parameters.json, ready for 'hexwar flankbattle import'."""
    from importlib import resources

    out.mkdir(parents=True, exist_ok=True)
    for tab, text in example_csv_texts().items():
        (out / TABS[tab].file_name).write_text(text, encoding="utf-8")
    for name in ("Soldier.json", "parameters.json"):
        source = resources.files(PACKAGE) / "data" / name
        (out / name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    typer.echo(f"wrote the example database into {out}")
