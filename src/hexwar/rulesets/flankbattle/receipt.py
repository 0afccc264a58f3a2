"""The receipt and the Autoalgo log (seed 004, Output).

The receipt gives only the facts of the war's beginning and end, in wiki markup (or Markdown,
or JSON): name and date, motive and location, per belligerent the stability value and result,
the military result (killed in action, died, captured, ships sunk when there was naval
fighting) and the leader's fate, then the occupation score and result and the time interval.
It holds no clock time, so the same seed gives the same receipt byte for byte.

The log is a text file named ``Autoalgo log <timestamp>.txt``, written and flushed line by line
while the war runs (a crash leaves it up to that point): first how the inputs contributed to
the intermediate variables of each side, then the timeline of events.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import IO, Any

from hexwar.rulesets.flankbattle.engine import SIDE_NAMES, BattleEvent
from hexwar.rulesets.flankbattle.war import WarReport, WarSetup, report_json

__all__ = ["AutoalgoLog", "render_receipt", "wiki_text", "year_text"]


# Every character that can start or end wiki markup, as a numeric character reference.
_WIKI_ESCAPES = str.maketrans(
    {c: f"&#{ord(c)};" for c in "&[]{}|<>='~:_"} | {"\r": " ", "\n": " ", "\t": " "}
)


def wiki_text(name: object) -> str:
    """``name`` as wiki text that renders as itself and is never markup (seed 004, Interface:
    the war name "can be any name, including special characters, Unicode and Wiki markup";
    docs/flankbattle.md: "wiki markup stays text").

    Each character that can open or close markup within a line -- links ``[ ]``, templates
    ``{{ }}`` and ``|``, tags ``< >``, headings ``=``, bold and italics ``'``, signatures ``~``,
    magic words ``__``, addresses ``:`` -- becomes a numeric character reference, and ``&`` too
    so a name that holds an entity shows it as typed (list, table and rule marks such as ``*``
    or ``----`` act only at the start of a line, where no name is put). Entities
    rather than ``<nowiki>``: they work in every place a name is put (a heading, a list item,
    bold text) without a closing tag a name could forge, and the ``:`` of ``http://`` written
    as ``&#58;`` stops a bare address from becoming a live external link. Line breaks become
    spaces, since a new line would end the heading or item the name is in.
    """
    return str(name).translate(_WIKI_ESCAPES)


def year_text(year: int) -> str:
    """A war date as every command shows it (seed 004, Interface: "any integer from 3500 BC to
    2020 AD, BC negative"): -490 is 490 BC, 800 is 800 AD, 1066 is 1066."""
    return f"{-year} BC" if year < 0 else f"{year} AD" if year < 1000 else str(year)


def _interval(hours: int, per_day: int) -> str:
    days, rest = divmod(hours, per_day)
    parts = []
    if days:
        parts.append(f"{days} day{'s' if days != 1 else ''}")
    if rest or not days:
        parts.append(f"{rest} hour{'s' if rest != 1 else ''}")
    return ", ".join(parts) + f" ({hours} hours of battle, {per_day} to a day)"


def render_receipt(report: WarReport, fmt: str = "wiki") -> str:
    """The receipt in ``wiki`` (MediaWiki), ``markdown`` or ``json``."""
    data = report_json(report)
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    wiki = fmt == "wiki"
    b = "'''" if wiki else "**"

    def t(name: object) -> str:
        return wiki_text(name) if wiki else str(name)

    def h(level: int, text: str) -> str:
        return f"{'=' * level} {text} {'=' * level}" if wiki else f"{'#' * level} {text}"

    def item(depth: int, text: str) -> str:
        return ("*" * depth + " " + text) if wiki else ("  " * (depth - 1) + "- " + text)

    lines = [
        h(2, f"{t(data['war'])} ({year_text(data['year'])})"),
        f"{b}Start date:{b} {year_text(data['year'])}",
        "",
        f"{b}Motive:{b} {t(data['motive'])}",
        "",
        f"{b}Location:{b} {t(data['location'])}",
        "",
    ]
    for bel in data["belligerents"]:
        won = bel["side"] == data["winner"]
        lines.append(
            h(3, f"{t(bel['nation'])} ({bel['side']}, {'victorious' if won else 'defeated'})")
        )
        lines.append(
            item(
                1,
                f"{b}Stability:{b} {bel['stability_before']:g} → {bel['stability_after']:.1f} "
                f"({bel['stability_result']})",
            )
        )
        lines.append(
            item(
                1,
                f"{b}Military result:{b} {t(bel['military'])}, {bel['starting_size']:,} → "
                f"{bel['final_size']:,}",
            )
        )
        lines.append(item(2, f"Killed in action: {bel['killed']:,}"))
        lines.append(item(2, f"Died: {bel['died']:,}"))
        lines.append(item(2, f"Captured: {bel['captured']:,}"))
        if report.naval:
            lines.append(item(2, f"Ships sunk: {bel['ships_sunk']:,}"))
        leader = bel["leader"]
        status = (
            "none in command"
            if leader is None
            else f"{t(leader['name'])}, {'survived' if leader['survived'] else 'killed in battle'}"
        )
        lines.append(item(1, f"{b}Leader status:{b} {status}"))
        lines.append("")
    occ = data["occupation"]
    winner = next(x for x in data["belligerents"] if x["side"] == data["winner"])
    lines.append(
        f"{b}Occupation:{b} {t(winner['nation'])} — score {occ['score']:.4g}, result "
        f"{occ['result']:.2f} ({occ['text']})"
    )
    lines.append("")
    per_day = int(report.setup.params.battle["hours_per_day"])
    lines.append(f"{b}Time interval:{b} {_interval(data['hours'], per_day)}")
    return "\n".join(lines) + "\n"


class AutoalgoLog:
    """The log file, flushed after every line (seed 004: a crash still leaves the log)."""

    def __init__(self, directory: Path, now: datetime.datetime | None = None) -> None:
        directory.mkdir(parents=True, exist_ok=True)
        stamp = (now or datetime.datetime.now()).strftime("%Y-%m-%d %H-%M-%S")
        self.path = directory / f"Autoalgo log {stamp}.txt"
        n = 1
        while self.path.exists():
            n += 1
            self.path = directory / f"Autoalgo log {stamp} ({n}).txt"
        self._file: IO[str] = self.path.open("w", encoding="utf-8")

    def line(self, text: str = "") -> None:
        self._file.write(text + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> AutoalgoLog:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- sections ----------------------------------------------------------------------------

    def inputs(self, setup: WarSetup, seed: int) -> None:
        self.line(f"Autoalgo log: {setup.title} ({year_text(setup.year)}), seed {seed}")
        self.line(
            f"Motive: {setup.motive}; location: {setup.location.get('name')}; map: {setup.map_name}"
        )
        self.line(f"Parameters: {setup.params.source} (digest {setup.params.digest})")
        self.line()
        self.line("== Input contributions ==")
        for side in (0, 1):
            sv = setup.sides[side]
            self.line(f"{SIDE_NAMES[side]}: {sv.nation['name']}, military {sv.military['name']}")
            for text in sv.log_lines():
                self.line(text)
            self.line()
        self.line(
            "Maximum military ratio: "
            + ", ".join(f"{SIDE_NAMES[s]} {setup.sides[s].max_military_ratio:g}" for s in (0, 1))
        )
        self.line()
        self.line("== Timeline (hours since the battle started) ==")

    def event(self, event: BattleEvent) -> None:
        self.line(f"[{event.hour:>4}] {event.text}")

    def occupation(self, round_: int, text: str) -> None:
        self.line(f"[occupation {round_:>4}] {text}")

    def ending(self, receipt: str) -> None:
        self.line()
        self.line("== Receipt ==")
        for text in receipt.splitlines():
            self.line(text)
