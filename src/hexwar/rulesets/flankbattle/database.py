"""The embedded input database (seed 004, Inputs overview; Online database).

``hexwar flankbattle import CSV_DIR`` reads the four tabs (Nation.csv, Military.csv,
Location.csv, Leader.csv; names matched without regard to case), checks every cell and every
reference between tabs, and only then replaces the tables of the SQLite file in one
transaction: a bad file changes nothing.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from hexwar.core.errors import InvalidInputError, Problem
from hexwar.rulesets.flankbattle.params import PACKAGE, Parameters, UnitType
from hexwar.rulesets.flankbattle.schema import (
    TABS,
    Row,
    Tab,
    composition_problems,
    cross_check,
    parse_cell,
    parse_tab,
    split_names,
)

__all__ = ["Database", "DatabaseError", "default_db_path", "example_database", "import_csv_dir"]


class DatabaseError(InvalidInputError):
    """Input database rows that cannot be used; every problem names tab, row and column."""


def default_db_path() -> Path:
    """``$HEXWAR_HOME/flankbattle.sqlite3``, else beside the game store in the user data dir."""
    home = os.environ.get("HEXWAR_HOME")
    if home:
        return Path(home) / "flankbattle.sqlite3"
    from platformdirs import user_data_dir

    return Path(user_data_dir("hexwar")) / "flankbattle.sqlite3"


@dataclass
class Database:
    """The four tabs, each a list of parsed rows (``None`` for blank cells)."""

    tables: dict[str, list[Row]]

    def _find(self, tab: str, name: str) -> Row:
        for row in self.tables[tab]:
            if row.get("name") == name:
                return row
        known = ", ".join(sorted(str(r.get("name")) for r in self.tables[tab])) or "none"
        raise DatabaseError(
            [Problem(f"no {tab.lower()} named {name!r} in the {tab} tab (known: {known})")]
        )

    def nation(self, name: str) -> Row:
        return self._find("Nation", name)

    def military(self, name: str) -> Row:
        return self._find("Military", name)

    def location(self, name: str) -> Row:
        return self._find("Location", name)

    def leader(self, name: str) -> Row:
        return self._find("Leader", name)

    def nation_of(self, military: Row) -> Row:
        """The nation fielding ``military``: the first one its Nation cell lists."""
        names = split_names(military.get("nation") or "")
        if not names:
            raise DatabaseError([Problem(f"military {military['name']!r} names no nation")])
        return self.nation(names[0])

    def names(self, tab: str) -> list[str]:
        return [str(r["name"]) for r in self.tables[tab]]

    def subset(self, names: Mapping[str, Iterable[str]]) -> Database:
        """Only the named rows of each tab (what a scenario embeds)."""
        return Database(
            {
                tab: [r for r in self.tables[tab] if r.get("name") in set(names.get(tab, ()))]
                for tab in TABS
            }
        )

    def to_json(self) -> dict[str, list[dict[str, Any]]]:
        return {
            tab: [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows]
            for tab, rows in self.tables.items()
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Database:
        return cls({tab: [dict(r) for r in data.get(tab, [])] for tab in TABS})

    # -- SQLite ------------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Replace the tables in the SQLite file at ``path`` in one transaction: if anything
        fails on the way, the file keeps its old tables ("nothing is half-imported")."""
        path.parent.mkdir(parents=True, exist_ok=True)
        # Autocommit mode with an explicit BEGIN: the sqlite3 module would otherwise commit
        # each DROP and CREATE TABLE on its own, outside the transaction.
        con = sqlite3.connect(path, isolation_level=None)
        try:
            con.execute("BEGIN IMMEDIATE")
            try:
                for tab in TABS.values():
                    table = tab.name.lower()
                    cols = ", ".join(f'"{c.key}"' for c in tab.columns)
                    con.execute(f'DROP TABLE IF EXISTS "{table}"')
                    con.execute(f'CREATE TABLE "{table}" (line INTEGER, {cols})')
                    marks = ", ".join("?" for _ in range(len(tab.columns) + 1))
                    con.executemany(
                        f'INSERT INTO "{table}" VALUES ({marks})',
                        [
                            [r.get("_line")] + [r.get(c.key) for c in tab.columns]
                            for r in self.tables[tab.name]
                        ],
                    )
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
        finally:
            con.close()

    @staticmethod
    def write_stability(path: Path, scores: Mapping[str, float]) -> None:
        """Write each nation's new Stability to the Nation tab of the SQLite file at ``path``
        in one transaction (seed 004, Interface: "write the new stability to update the
        database Nations tab"): every nation is updated, or none is.

        Raises:
            DatabaseError: no database at ``path``, or a nation not in its Nation tab.
        """
        if not path.exists():
            raise DatabaseError([Problem("no flankbattle database to update here", str(path))])
        con = sqlite3.connect(path, isolation_level=None)
        try:
            con.execute("BEGIN IMMEDIATE")
            try:
                for name, score in scores.items():
                    cur = con.execute(
                        'UPDATE "nation" SET "stability" = ? WHERE "name" = ?', (score, name)
                    )
                    if cur.rowcount != 1:
                        raise DatabaseError(
                            [
                                Problem(
                                    f"Nation tab: {cur.rowcount} rows named {name!r}; "
                                    "no stability was written",
                                    str(path),
                                )
                            ]
                        )
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")
        except sqlite3.DatabaseError as e:
            raise DatabaseError([Problem(f"cannot update the database: {e}", str(path))]) from None
        finally:
            con.close()

    @classmethod
    def load(cls, path: Path) -> Database:
        if not path.exists():
            raise DatabaseError(
                [
                    Problem(
                        "no flankbattle database here; run 'hexwar flankbattle import CSV_DIR' "
                        "first (or use --example)",
                        str(path),
                    )
                ]
            )
        con = sqlite3.connect(path)
        try:
            tables: dict[str, list[Row]] = {}
            for tab in TABS.values():
                try:
                    cur = con.execute(f'SELECT * FROM "{tab.name.lower()}" ORDER BY line')
                except sqlite3.DatabaseError as e:
                    raise DatabaseError(
                        [Problem(f"not a flankbattle database: {e}", str(path))]
                    ) from None
                names = [d[0] for d in cur.description]
                tables[tab.name] = [
                    {("_line" if k == "line" else k): v for k, v in zip(names, rec, strict=True)}
                    for rec in cur.fetchall()
                ]
            return cls(tables)
        finally:
            con.close()


def _tab_file(directory: Path, tab: Tab) -> Path | None:
    wanted = {tab.file_name.casefold(), f"{tab.name.casefold()}s.csv"}
    for entry in sorted(directory.iterdir()):
        if entry.name.casefold() in wanted:
            return entry
    return None


_NEEDS_ROWS = {
    "Nation": "heading row only: an import needs at least one nation (rule: every war is "
    "fought between nations of this tab; docs/rulings/flankbattle.md)",
    "Military": "heading row only: an import needs at least one military (rule: every side of "
    "a war fields a military of this tab; docs/rulings/flankbattle.md)",
}
"""Tabs an import must fill: a database without a nation or a military can set up no war
(seed 004, Military: "At the minimum, you must specify the name and size of the military").
Locations (the ``default`` one) and leaders (optional) may be empty."""


def read_tabs(
    texts: Mapping[str, tuple[str, str]], params: Parameters, units: dict[str, UnitType]
) -> Database:
    """Parse and check the four tabs given as ``{tab: (file name, CSV text)}``.

    Raises:
        DatabaseError: every problem, each naming file, row (line), tab and column.
    """
    problems: list[Problem] = []
    tables: dict[str, list[Row]] = {}
    files: dict[str, str] = {}
    for tab in TABS.values():
        file, text = texts[tab.name]
        files[tab.name] = file
        rows, found = parse_tab(tab, text, file, params, units)
        tables[tab.name] = rows
        problems.extend(found)
        if not found and not rows and tab.name in _NEEDS_ROWS:
            problems.append(Problem(_NEEDS_ROWS[tab.name], file, 1, f"{tab.name} tab"))
    if not problems:
        problems.extend(cross_check(tables, files, units))
    if problems:
        raise DatabaseError(problems)
    return Database(tables)


def import_csv_dir(
    directory: Path, db_path: Path, params: Parameters, units: dict[str, UnitType]
) -> Database:
    """Read every tab from ``directory``, check them, then replace the database at ``db_path``.

    Nothing is written unless every tab is valid ("nothing is half-imported").
    """
    if not directory.is_dir():
        raise DatabaseError([Problem("not a directory of CSV files", str(directory))])
    texts: dict[str, tuple[str, str]] = {}
    missing: list[Problem] = []
    for tab in TABS.values():
        found = _tab_file(directory, tab)
        if found is None:
            missing.append(Problem(f"missing {tab.file_name} (the {tab.name} tab)", str(directory)))
            continue
        try:
            data = found.read_bytes()
        except OSError as e:
            missing.append(Problem(f"cannot read: {e.strerror or e}", str(found)))
            continue
        try:
            texts[tab.name] = (str(found), data.decode("utf-8-sig"))
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
            missing.append(
                Problem(
                    f"not UTF-8 text: byte 0x{data[e.start]:02x} at character {column} "
                    "(save the CSV as UTF-8)",
                    str(found),
                    line,
                )
            )
    if missing:
        raise DatabaseError(missing)
    db = read_tabs(texts, params, units)
    db.save(db_path)
    return db


def _cell_text(value: Any) -> str:
    """An embedded cell as the text a spreadsheet would hold, for :func:`parse_cell`."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return repr(value)
    return json.dumps(value, default=str)  # a list, table or boolean: no cell holds one


def embedded_problems(
    data: Mapping[str, Any], params: Parameters, units: dict[str, UnitType]
) -> tuple[Database | None, list[tuple[tuple[str | int, ...], str]]]:
    """An embedded database (rows by tab, as :meth:`Database.to_json` writes them; a scenario's
    ``database``) checked cell by cell as an import is: the database, or
    ``None`` and every problem as ``(key path, message)``, the path ``(tab, row, column key)``."""
    problems: list[tuple[tuple[str | int, ...], str]] = []
    tables: dict[str, list[Row]] = {}
    for tab in TABS.values():
        keys = {c.key for c in tab.columns}
        tables[tab.name] = []
        for i, raw in enumerate(data.get(tab.name, [])):
            problems.extend(
                ((tab.name, i, key), f"unknown column (the {tab.name} tab has {len(keys)})")
                for key in raw
                if key not in keys
            )
            row: Row = {}
            for column in tab.columns:
                text = _cell_text(raw.get(column.key))
                value, problem = parse_cell(tab, column, text, params, units, (tab.name, i))
                if problem is not None:
                    problems.append(((tab.name, i, column.key), problem.message))
                row[column.key] = value
            row["_line"] = i
            tables[tab.name].append(row)
    if problems:
        return None, problems
    # Only the rows a war uses are embedded (``resolve`` embeds them), so references to other
    # rows (a nation's capital) may be absent; each military's composition must still hold.
    headings = {(t.name, c.heading): c.key for t in TABS.values() for c in t.columns}
    for p in (
        q for row in tables["Military"] for q in composition_problems(row, "Military", units)
    ):
        heading = p.path.partition("column ")[2].strip("'")
        key = headings.get((p.file or "", heading))
        where: tuple[str | int, ...] = (p.file or "", p.line or 0)
        problems.append(((*where, key) if key else where, p.message))
    return (None, problems) if problems else (Database(tables), [])


def example_csv_texts() -> dict[str, str]:
    """The bundled example database as the CSV text of each tab."""
    data = json.loads(
        (resources.files(PACKAGE) / "data" / "example_database.json").read_text(encoding="utf-8")
    )
    out: dict[str, str] = {}
    for tab in TABS.values():
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow([c.heading for c in tab.columns])
        for row in data[tab.name]:
            writer.writerow([row.get(c.heading, "") for c in tab.columns])
        out[tab.name] = buffer.getvalue()
    return out


def example_database(params: Parameters, units: dict[str, UnitType]) -> Database:
    """The bundled example database (a few nations of different eras), checked like an import."""
    texts = {
        name: (f"example/{TABS[name].file_name}", text)
        for name, text in example_csv_texts().items()
    }
    return read_tabs(texts, params, units)
