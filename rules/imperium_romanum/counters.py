"""The counter manifest (5.7): the counters each faction colour has in each period.

The counter sheets are missing from the rules we hold, so the manifest is built from two data
files: the unit types of ``units.toml`` and, per colour, the Maximum Unit Build Chart of
``charts_build.toml`` (how many counters of each type; ``design``). Each counter has the id
``colour.type.number`` (``red.legion_20_10.03``). The legion counters of the Roman colours carry
the names of the legions of the period (``[counters]`` of the same file, ``history``), one list
per legion type; the counters beyond a list are only numbered.

A power recruits no unit of a type once every counter of its colours of that type is in play
(5.7); a scenario sets up no more (checked by the loader with :func:`over_the_mix`).

Units in play carry their counter (``counter_id`` on the unit's record, ruling IR-ENG-129): the
set-up hands out each colour's counters in order, a raise takes the lowest free number of its
colour and type, an eliminated counter goes back to the pool (a minor power's stays its own to
rebuild, 5.7), and a unit given to an ally, defecting with its colour or going over to a
usurper keeps its counter (5.8, 20.4, 44.2; IR-ENG-133). A usurper's faction shares the colour
of the faction it rose against (IR-ENG-132); the grain rebels and the minors of random events
wear no counter of the mix (IR-ENG-134). :func:`mix` (the count and the refusal of 5.7) and :func:`free_counter` (the id) read one
list of the numbers taken, :func:`_taken`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import _
from rules.imperium_romanum.chart_book import ChartBook
from rules.imperium_romanum.data_model import COLOURS, Deployment
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.validate_charts import LEGION_TYPES

UNCAPPED = 10**6
"""The cap of a type the colour's chart row does not list (or a power without a colour)."""


@dataclass(frozen=True)
class Counter:
    """One counter of the mix: its id, colour, unit type, the legion's name (or "") and where
    the name comes from (``history`` for a named legion, ``design`` for a numbered counter)."""

    id: str
    colour: str
    unit_type: str
    name: str
    src: str


def counter_id(colour: str, unit_type: str, number: int) -> str:
    """The id of a counter: ``colour.type.number``, the number on two digits (5.7)."""
    return f"{colour}.{unit_type}.{number:02d}"


def manifest(book: ChartBook, period: str, colour: str) -> tuple[Counter, ...]:
    """Every counter of ``colour`` in ``period``, legions first (24-10, 20-10, 16-10), each type
    numbered from 01 (5.7). A legion counter takes the name its type's list gives its number;
    a named counter's ``src`` is its list's (``history`` or ``design``), a numbered one's
    ``design``."""
    counts = book.max_build.get(colour, {})
    lists = book.legion_names.get((period, colour), {})
    named = book.legion_name_src.get((period, colour), "history")
    order = [*LEGION_TYPES, *sorted(t for t in counts if t not in LEGION_TYPES)]
    out: list[Counter] = []
    for unit_type in order:
        names = lists.get(unit_type, ())
        for number in range(1, int(counts.get(unit_type, 0)) + 1):
            name = names[number - 1] if number <= len(names) else ""
            out.append(Counter(counter_id(colour, unit_type, number), colour, unit_type, name, named if name else "design"))
    return tuple(out)


_BY_ID: dict[tuple[str, str], tuple[ChartBook, Mapping[str, Counter]]] = {}
"""(period, colour) -> the book it was built from and its manifest by id: built once per book,
not per command (the views name every unit after every command)."""


def by_id(book: ChartBook, period: str, colour: str) -> Mapping[str, Counter]:
    """The manifest of ``colour`` in ``period`` by counter id, built once per chart book."""
    cached = _BY_ID.get((period, colour))
    if cached is None or cached[0] is not book:
        cached = (book, {c.id: c for c in manifest(book, period, colour)})
        _BY_ID[(period, colour)] = cached
    return cached[1]


def named(book: ChartBook, period: str, colour: str, name: str) -> Counter | None:
    """The counter of ``colour`` in ``period`` that a scenario names (a ``[[deploy]]``'s
    ``legions``): by its legion name or by its id; ``None`` when the colour has none such."""
    return next((c for c in by_id(book, period, colour).values() if name in (c.id, c.name)), None) if name else None


def colours_naming(book: ChartBook, period: str, name: str) -> list[str]:
    """The colours with a counter of that name or id in ``period``, in colour order (to tell a
    scenario that names another colour's counter from one that names no counter, 5.7)."""
    return [colour for colour in COLOURS if named(book, period, colour, name)]


def set_up_ids(deployment: Deployment, unit_type: str) -> tuple[str, ...]:
    """The counters a deployment names for its units of ``unit_type``, in order (the loader has
    checked them: one colour, that type, each once in the scenario)."""
    return tuple(cid for cid in deployment.legions if cid.split(".")[1] == unit_type)


def legion_name(st: IRState, unit: Mapping[str, Any]) -> str:
    """The name printed on a unit's counter (5.7): a named legion's, else ""."""
    cid = str(unit.get("counter_id", ""))
    if not cid:
        return ""
    book = _data().tables
    if book is None:
        return ""
    counter = by_id(book, _data().scenarios[st.scenario].period, cid.partition(".")[0]).get(cid)
    return counter.name if counter else ""


def count(book: ChartBook, period: str, colour: str, unit_type: str) -> int:
    """How many counters of ``unit_type`` the colour has in the period (5.7): the chart's number,
    which is how many :func:`manifest` numbers for the type. Read from the chart, not by building
    the manifest: the build menu asks this for every city and type after every command."""
    return max(0, int(book.max_build.get(colour, {}).get(unit_type, 0)))


def over_the_mix(book: ChartBook, period: str, wanted: dict[tuple[str, str], int]) -> list[tuple[str, str, int, int]]:
    """(colour, unit type, wanted, counters) for each pair of ``wanted`` that needs more
    counters than the colour has in the period (5.7), in order."""
    out = []
    for (colour, unit_type), n in sorted(wanted.items()):
        most = count(book, period, colour, unit_type)
        if n > most:
            out.append((colour, unit_type, n, most))
    return out


# -- the counters in play (5.7; IR-ENG-129) --------------------------------------------------------
def _data() -> Any:
    from rules.imperium_romanum.world import data

    return data()


def colour_of(st: IRState, power: str) -> str:
    """The colour of ``power``'s counters (5.7): the one its scenario gives it, else the one its
    record carries (a usurper's faction shares the colour of the faction it rose against,
    IR-ENG-132); "" for a power no scenario colours and no rule gives one: the grain rebels
    (22.2.3) and the minors of random events (39.2 N, O, Q), whose units wear no counter of the
    mix and count against no colour (IR-ENG-134)."""
    scenario = next((p.colour for p in _data().scenarios[st.scenario].powers if p.id == power), "")
    return scenario or str(st.powers.get(power, {}).get("colour", ""))


def usurper_colour(st: IRState, old: str) -> str:
    """IR-ENG-132 (44.1, 20.4, 5.7): a usurper's new faction takes the colour of the faction he
    rose against (its army, its CER): the two share one counter mix, as a major and a minor
    sharing a colour do (5.7). The units going over keep their counters (IR-ENG-133)."""
    return colour_of(st, old)


def unit_colour(st: IRState, unit: Mapping[str, Any]) -> str:
    """The colour of a unit's counter: its ``counter_id``'s, else its ``counter`` power's (the
    colour kept on defecting, 20.4) or its power's."""
    cid = str(unit.get("counter_id", ""))
    return cid.partition(".")[0] if cid else colour_of(st, str(unit.get("counter") or unit["power"]))


def _taken(st: IRState, power: str, unit_type: str) -> tuple[str, int, int, set[int]]:
    """The colour of ``power``, its counters of ``unit_type`` in the period, how many are taken
    and the numbers taken (5.5, 5.7): the units in play, the fleets under construction (7.8)
    and, for a major power, the eliminated units of a minor power of its colour, which only that
    minor may rebuild (5.7). A unit without a counter id counts without a number."""
    colour = colour_of(st, power)
    book = _data().tables
    if not colour or book is None or unit_type not in book.max_build.get(colour, {}):
        return colour, UNCAPPED, 0, set()
    prefix = f"{colour}.{unit_type}."
    numbers: set[int] = set()
    taken = 0
    for unit in st.units.values():
        if unit["type"] == unit_type and unit_colour(st, unit) == colour:
            taken += 1
            cid = str(unit.get("counter_id", ""))
            if cid.startswith(prefix):
                numbers.add(int(cid[len(prefix):]))
    if unit_type.startswith("fleet"):
        for yard in st.shipyards:
            if colour_of(st, str(yard.get("counter") or yard["power"])) == colour:  # 20.4: a gained colour's fleet
                taken += 1
                cid = str(yard.get("counter_id", ""))
                if cid.startswith(prefix):
                    numbers.add(int(cid[len(prefix):]))
    if st.powers.get(power, {}).get("major"):
        for unit in st.eliminated.values():
            owner = st.powers.get(unit["power"], {})
            if unit["type"] == unit_type and not owner.get("major", True) and unit_colour(st, unit) == colour:
                taken += 1
                cid = str(unit.get("counter_id", ""))
                if cid.startswith(prefix):
                    numbers.add(int(cid[len(prefix):]))
    return colour, count(book, _data().scenarios[st.scenario].period, colour, unit_type), taken, numbers


def mix(st: IRState, power: str, unit_type: str) -> tuple[int, int]:
    """5.5, 5.7: the counters of ``power``'s colour and ``unit_type`` in the scenario's period
    and how many of them are taken (:func:`_taken`); without a chart row, no cap (a large
    number). A raise is refused when the second reaches the first."""
    _colour, most, taken, _numbers = _taken(st, power, unit_type)
    return most, taken


def free_counter(st: IRState, power: str, unit_type: str, reserved: Collection[str] = ()) -> str:
    """The counter a new unit of ``power`` and ``unit_type`` takes: the lowest free number of
    its colour, passing over the ``reserved`` ids (the counters a scenario names for units not
    yet set up); "" when every counter is taken or the type has no counters in the colour."""
    colour, most, taken, numbers = _taken(st, power, unit_type)
    if most == UNCAPPED or taken >= most:
        return ""
    free = [n for n in range(1, most + 1) if n not in numbers and counter_id(colour, unit_type, n) not in reserved]
    return counter_id(colour, unit_type, free[0]) if free else ""


def check_free(st: IRState, power: str, unit_type: str, shown: str) -> None:
    """5.7: refuse a new unit of ``unit_type`` (``shown`` as the chart prints it) when every
    counter of ``power``'s colour of that type is taken: the one refusal of a raise (7.4), a
    conversion (34) and a gained colour's raise (20.4)."""
    most, taken = mix(st, power, unit_type)
    if taken >= most:
        raise RuleError("§5.7", _("every {type} counter of this colour is in play", type=shown))


def hand_out(st: IRState, power: str, unit: dict[str, Any], reserved: Collection[str] = ()) -> None:
    """Give a unit about to enter play (a set-up, a raise, a rebuild, a launch; not yet in
    ``st.units``) its counter: the one it holds if no unit in play holds it (a minor's unit
    coming back, 8.3; a launched fleet's, reserved when begun), else the lowest free one of
    ``power``'s colour (none when every counter is taken: a unit the rules place beyond the
    mix, such as the rebels of 22.2.3 given to a besieger). ``reserved``: the counters the
    scenario names for units set up later, which a set-up unit it names none for passes over."""
    held = str(unit.get("counter_id", ""))
    if held and not any(u.get("counter_id") == held for u in st.units.values()):
        return
    unit.pop("counter_id", None)
    cid = free_counter(st, power, unit["type"], reserved)
    if cid:
        unit["counter_id"] = cid


def retype(st: IRState, unit: dict[str, Any], new_type: str) -> None:
    """A unit in play that becomes another type (15.2: a 20-10 made elite 24-10) changes its
    counter: the old one returns to the pool and it takes the lowest free one of the new type in
    its counter's colour (5.7). The free one is found before the type changes, so the unit does
    not count against the new type twice."""
    colour_power = str(unit.get("counter") or unit["power"])
    cid = free_counter(st, colour_power, new_type)
    unit.pop("counter_id", None)
    unit["type"] = new_type
    if cid:
        unit["counter_id"] = cid
