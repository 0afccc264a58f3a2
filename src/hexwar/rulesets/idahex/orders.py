"""The players' commands (seed 000 §4): mission, transfer and delivery, as JSON and as text.

At the start of each period each player gives his commands (§4: 'At the start of each
period, the Red player and the Blue player input commands'); in hexwar a side's order for a
period is the list of its commands, :class:`Commands`. The text notation, one line, commands
separated by ``;``::

    mission 16,31,0 16,11,0 12,10,2.65 units 4,9 mode 0   create a mission (§4.1 example 1)
    mission tf 3 12,10                                     replace task force 3's orders
    cancel 3                                               cancel mission 3
    transfer 12 givers 5 takers 4,9 amounts 6=10,7=5       transfer in cell 12 (§4.2.1)
    deliver tf 3 12 size 0.5 to 4,9                        a delivery order (§4.2.2)
    undeliver 2                                            cancel delivery order 2
    cas 38 aircraft 4,0,2                                  close air support at cell 38 (§6)
    interdiction 49 priority 3,4,1,2 aircraft 0,6,0        air interdiction of cell 49 (§6)
    pass                                                   no commands this period

Orders are ``objective,posture[,start]`` (the mission command's lines, §4.1). Givers, takers,
amounts and recipients are optional (the defaults of §4.2.1 and §4.2.2 apply).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hexwar.core.errors import IllegalOrderError, InvalidInputError
from hexwar.core.orders import JsonValue
from hexwar.rulesets.idahex.postures import Order

__all__ = [
    "Cancel",
    "Command",
    "Commands",
    "Delivery",
    "Mission",
    "Strike",
    "Transfer",
    "Undeliver",
    "parse_commands",
]

_SYNTAX = "idahex command syntax (hexwar docs/idahex.md)"


@dataclass(frozen=True, slots=True)
class Mission:
    """Create a task force and its mission, or (``task_force``) replace a mission's orders."""

    orders: tuple[Order, ...]
    units: tuple[int, ...] = ()
    mode: int = 0
    task_force: int | None = None

    def to_json(self) -> dict[str, Any]:
        forms = _FORMS
        out: dict[str, Any] = {
            "orders": [(forms.get(id(o)) or _made_forms(o))[1] for o in self.orders]
        }
        if self.task_force is not None:
            out["task_force"] = self.task_force
        else:
            out["units"] = list(self.units)
            out["mode"] = self.mode
        return {"mission": out}

    def __str__(self) -> str:
        forms = _FORMS
        orders = " ".join([(forms.get(id(o)) or _made_forms(o))[2] for o in self.orders])
        if self.task_force is not None:
            return f"mission tf {self.task_force} {orders}"
        units = ",".join(map(str, self.units))
        return f"mission {orders} units {units} mode {self.mode}"


@dataclass(frozen=True, slots=True)
class Cancel:
    """Cancel a mission: the task force ceases to exist (§4.1)."""

    task_force: int

    def to_json(self) -> dict[str, Any]:
        return {"cancel": self.task_force}

    def __str__(self) -> str:
        return f"cancel {self.task_force}"


@dataclass(frozen=True, slots=True)
class Transfer:
    """A transfer command (§4.2.1); ``None`` lists and missing amounts take the defaults."""

    cell: int
    givers: tuple[int, ...] | None = None
    takers: tuple[int, ...] | None = None
    amounts: tuple[tuple[int, float], ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"cell": self.cell}
        if self.givers is not None:
            out["givers"] = list(self.givers)
        if self.takers is not None:
            out["takers"] = list(self.takers)
        if self.amounts:
            out["amounts"] = {str(i): a for i, a in self.amounts}
        return {"transfer": out}

    def __str__(self) -> str:
        text = f"transfer {self.cell}"
        if self.givers is not None:
            text += " givers " + ",".join(map(str, self.givers))
        if self.takers is not None:
            text += " takers " + ",".join(map(str, self.takers))
        if self.amounts:
            text += " amounts " + ",".join(f"{i}={a:g}" for i, a in self.amounts)
        return text


@dataclass(frozen=True, slots=True)
class Delivery:
    """A delivery command: a delivery order of §4.2.2."""

    task_force: int
    cell: int
    size: float = 1.0
    recipients: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "delivery": {
                "task_force": self.task_force,
                "cell": self.cell,
                "size": self.size,
                "recipients": list(self.recipients),
            }
        }

    def __str__(self) -> str:
        text = f"deliver tf {self.task_force} {self.cell} size {self.size:g}"
        if self.recipients:
            text += " to " + ",".join(map(str, self.recipients))
        return text


@dataclass(frozen=True, slots=True)
class Undeliver:
    """Cancel a delivery order (§4.2.2: 'continues to exist until the player cancels it')."""

    number: int

    def to_json(self) -> dict[str, Any]:
        return {"undeliver": self.number}

    def __str__(self) -> str:
        return f"undeliver {self.number}"


@dataclass(frozen=True, slots=True)
class Strike:
    """An air strike (§6), entered at the start of a cycle: close air support (``cas``) of the
    engagement at ``cell`` or interdiction of the units there, with ``aircraft`` of each type
    and, for interdiction, the four posture classes in order of ``priority``."""

    role: str
    cell: int
    aircraft: tuple[int, ...]
    priority: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "role": self.role,
            "cell": self.cell,
            "aircraft": list(self.aircraft),
        }
        if self.priority is not None:
            out["priority"] = list(self.priority)
        return {"strike": out}

    def __str__(self) -> str:
        aircraft = ",".join(map(str, self.aircraft))
        if self.priority is None:
            return f"{self.role} {self.cell} aircraft {aircraft}"
        priority = ",".join(map(str, self.priority))
        return f"{self.role} {self.cell} priority {priority} aircraft {aircraft}"


Command = Mission | Cancel | Transfer | Delivery | Undeliver | Strike


@dataclass(frozen=True, slots=True)
class Commands:
    """One side's commands for one period, in the order given."""

    commands: tuple[Command, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"commands": [c.to_json() for c in self.commands]}

    def __str__(self) -> str:
        return "; ".join(map(str, self.commands)) or "pass"


def _order_json(o: Order) -> list[float]:
    return [o.objective, o.posture] if o.start is None else [o.objective, o.posture, o.start]


_FORMS: dict[int, tuple[Order, list[float], str]] = {}
"""Each order's JSON and text by the order object's ``id`` (the order kept with them, so that
its ``id`` is never another's): a mission's orders are mostly the same few objects (read
orders are one object per text, :data:`_READ`), and a mission's JSON holds the one list of
each order, not a list per line. That JSON is data to read (a record's, a replay's), never
changed in place: at the scale benchmark's 1,000 units over 10 cycles the records held some
200,000 lists of two numbers, made at each order's submission and kept for the game."""
_FORMS_KEPT = 100_000


def _made_forms(o: Order) -> tuple[Order, list[float], str]:
    """The JSON and text of order ``o``, made and kept (:data:`_FORMS`)."""
    if len(_FORMS) >= _FORMS_KEPT:
        _FORMS.clear()
    made = _FORMS[id(o)] = (o, _order_json(o), _order_text(o))
    return made


_READ: dict[object, Order] = {}
"""Each order read (by its text, or its JSON fields as a tuple): an :class:`Order` is a value
(frozen, compared by its fields), so the one made for a text is handed out again at every
reading of that text. A long mission repeats a few orders hundreds of times; made anew, each
was one more object for the engine to keep and Python's collector to walk at every full
collection (some 200,000 at the scale benchmark's 1,000 units over 10 cycles)."""
_READ_KEPT = 100_000


def _order_text(o: Order) -> str:
    return f"{o.objective},{o.posture}" + ("" if o.start is None else f",{o.start:g}")


def _bad(message: str, order: object) -> IllegalOrderError:
    return IllegalOrderError(message, rule=_SYNTAX, order=order)


# -- JSON ---------------------------------------------------------------------------------


def parse_commands(data: JsonValue | str) -> Commands:
    """Commands from JSON (``{"commands": [...]}`` or the list) or from the text notation.

    Raises:
        IllegalOrderError: the commands are malformed; the message says which and how.
    """
    if isinstance(data, str):
        return _parse_text(data)
    items = data.get("commands") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise _bad('expected {"commands": [...]} or a list of commands', data)
    return Commands(tuple(_command_json(c, data) for c in items))


def _ints(value: object, what: str, order: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise _bad(f"{what} must be a list of integers, got {value!r}", order)
    return tuple(value)


def _int(value: object, what: str, order: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad(f"{what} must be an integer, got {value!r}", order)
    return value


def _number(value: object, what: str, order: object) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise _bad(f"{what} must be a number, got {value!r}", order)
    return float(value)


def _order(value: object, order: object) -> Order:
    if not isinstance(value, list) or len(value) not in (2, 3):
        raise _bad(
            f"an order is [objective, posture] or [objective, posture, start], got {value!r}", order
        )
    objective = _int(value[0], "an order's objective", order)
    posture = _int(value[1], "an order's posture", order)
    start = _number(value[2], "an order's start time", order) if len(value) == 3 else None
    # Kept by plain integers and the start's exact bits (0.0 and -0.0 are equal keys but
    # write differently); an int subclass's order is made as it is.
    key = None
    if type(objective) is int and type(posture) is int:
        key = (objective, posture, None if start is None else start.hex())
        found = _READ.get(key)
        if found is not None:
            return found
    try:
        made = Order(objective, posture, start)
    except InvalidInputError as e:
        raise _bad(f"order {value!r}: {e}", order) from None
    if key is not None and len(_READ) < _READ_KEPT:
        _READ[key] = made
    return made


def _command_json(c: object, order: object) -> Command:
    if not isinstance(c, dict) or len(c) != 1:
        raise _bad(f"each command is an object with one key, got {c!r}", order)
    ((kind, body),) = c.items()
    if kind == "cancel":
        return Cancel(_int(body, "cancel", order))
    if kind == "undeliver":
        return Undeliver(_int(body, "undeliver", order))
    if not isinstance(body, dict):
        raise _bad(f"{kind}: expected an object, got {body!r}", order)
    if kind == "mission":
        orders = body.get("orders")
        if not isinstance(orders, list):
            raise _bad("mission: orders must be a list", order)
        parsed = tuple(_order(o, order) for o in orders)
        if "task_force" in body:
            return Mission(parsed, task_force=_int(body["task_force"], "task_force", order))
        return Mission(
            parsed,
            _ints(body.get("units"), "mission: units", order),
            _int(body.get("mode", 0), "mission: mode", order),
        )
    if kind == "transfer":
        amounts = body.get("amounts", {})
        if not isinstance(amounts, dict):
            raise _bad("transfer: amounts must map resource type to amount", order)
        pairs = []
        for k, v in amounts.items():
            if not (str(k).isascii() and str(k).isdigit()):
                raise _bad(f"transfer: resource type {k!r} is not a number", order)
            pairs.append((int(k), _number(v, f"transfer: amount of type {k}", order)))
        return Transfer(
            _int(body.get("cell"), "transfer: cell", order),
            None if body.get("givers") is None else _ints(body["givers"], "givers", order),
            None if body.get("takers") is None else _ints(body["takers"], "takers", order),
            tuple(sorted(pairs)),
        )
    if kind == "delivery":
        return Delivery(
            _int(body.get("task_force"), "delivery: task_force", order),
            _int(body.get("cell"), "delivery: cell", order),
            _number(body.get("size", 1.0), "delivery: size", order),
            _ints(body.get("recipients", []), "delivery: recipients", order),
        )
    if kind == "strike":
        role = body.get("role")
        if role not in ("cas", "interdiction"):
            raise _bad(f"strike: role must be 'cas' or 'interdiction', got {role!r}", order)
        priority = body.get("priority")
        return Strike(
            str(role),
            _int(body.get("cell"), "strike: cell", order),
            _ints(body.get("aircraft"), "strike: aircraft", order),
            None if priority is None else _ints(priority, "strike: priority", order),
        )
    raise _bad(
        f"unknown command {kind!r}: mission, cancel, transfer, delivery, undeliver or strike",
        order,
    )


# -- text ---------------------------------------------------------------------------------

_LIST = re.compile(r"^\d+(,\d+)*$")


def _text_ints(word: str, what: str, line: str) -> tuple[int, ...]:
    if not _LIST.match(word):
        raise _bad(f"{what}: expected numbers separated by commas, got {word!r}", line)
    return tuple(int(x) for x in word.split(","))


def _text_int(word: str, what: str, line: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise _bad(f"{what}: expected an integer, got {word!r}", line) from None


def _text_float(word: str, what: str, line: str) -> float:
    try:
        return float(word)
    except ValueError:
        raise _bad(f"{what}: expected a number, got {word!r}", line) from None


def _text_order(word: str, line: str) -> Order:
    found = _READ.get(word)
    if found is not None:
        return found
    try:
        found = Order.from_str(word)
    except InvalidInputError as e:
        raise _bad(str(e), line) from None
    if len(_READ) < _READ_KEPT:
        _READ[word] = found
    return found


def _text_orders(words: list[str], line: str) -> tuple[Order, ...]:
    """The orders of ``words`` (:func:`_text_order` of each, an order read before taken
    straight from :data:`_READ`: an :class:`Order` is never false)."""
    read = _READ.get
    return tuple([read(w) or _text_order(w, line) for w in words])


def _keywords(words: list[str], keys: set[str], line: str) -> dict[str, str]:
    out: dict[str, str] = {}
    it = iter(words)
    for w in it:
        if w not in keys:
            raise _bad(f"unexpected {w!r}; expected one of {', '.join(sorted(keys))}", line)
        value = next(it, None)
        if value is None:
            raise _bad(f"{w!r} needs a value", line)
        out[w] = value
    return out


def _parse_text(text: str) -> Commands:
    commands: list[Command] = []
    for part in text.split(";"):
        words = part.split()
        if not words or words == ["pass"]:
            continue
        head, rest = words[0].lower(), words[1:]
        commands.append(_text_command(head, rest, part.strip()))
    return Commands(tuple(commands))


def _text_command(head: str, rest: list[str], line: str) -> Command:
    if head == "mission":
        if rest[:1] == ["tf"]:
            if len(rest) < 2:
                raise _bad("mission tf N ORDERS...: the task force number is missing", line)
            number = _text_int(rest[1], "task force", line)
            return Mission(_text_orders(rest[2:], line), task_force=number)
        if "units" not in rest:
            raise _bad("mission ORDERS... units U1,U2 [mode M]: 'units' is missing", line)
        cut = rest.index("units")
        orders = _text_orders(rest[:cut], line)
        kw = _keywords(rest[cut:], {"units", "mode"}, line)
        return Mission(
            orders,
            _text_ints(kw["units"], "units", line),
            _text_int(kw.get("mode", "0"), "mode", line),
        )
    if head in ("cancel", "undeliver"):
        if len(rest) != 1:
            raise _bad(f"{head} N: one number expected", line)
        n = _text_int(rest[0], head, line)
        return Cancel(n) if head == "cancel" else Undeliver(n)
    if head == "transfer":
        if not rest:
            raise _bad("transfer CELL [givers ..] [takers ..] [amounts i=a,..]", line)
        kw = _keywords(rest[1:], {"givers", "takers", "amounts"}, line)
        amounts = []
        if "amounts" in kw:
            for item in kw["amounts"].split(","):
                k, sep, v = item.partition("=")
                if not sep:
                    raise _bad(f"amounts: expected type=amount, got {item!r}", line)
                amounts.append(
                    (_text_int(k, "resource type", line), _text_float(v, "amount", line))
                )
        return Transfer(
            _text_int(rest[0], "cell", line),
            _text_ints(kw["givers"], "givers", line) if "givers" in kw else None,
            _text_ints(kw["takers"], "takers", line) if "takers" in kw else None,
            tuple(sorted(amounts)),
        )
    if head == "deliver":
        if len(rest) < 3 or rest[0] != "tf":
            raise _bad("deliver tf N CELL [size S] [to U1,U2]", line)
        kw = _keywords(rest[3:], {"size", "to"}, line)
        return Delivery(
            _text_int(rest[1], "task force", line),
            _text_int(rest[2], "cell", line),
            _text_float(kw.get("size", "1"), "size", line),
            _text_ints(kw["to"], "recipients", line) if "to" in kw else (),
        )
    if head in ("cas", "interdiction"):
        if not rest:
            raise _bad(f"{head} CELL [priority P1,P2,P3,P4] aircraft N1,N2,...", line)
        kw = _keywords(rest[1:], {"priority", "aircraft"}, line)
        if "aircraft" not in kw:
            raise _bad(f"{head} CELL ... aircraft N1,N2,...: 'aircraft' is missing", line)
        return Strike(
            head,
            _text_int(rest[0], "cell", line),
            _text_ints(kw["aircraft"], "aircraft", line),
            _text_ints(kw["priority"], "priority", line) if "priority" in kw else None,
        )
    raise _bad(
        f"unknown command {head!r}: mission, cancel, transfer, deliver, undeliver, cas, "
        "interdiction or pass",
        line,
    )
