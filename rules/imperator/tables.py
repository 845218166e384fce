"""Imperator tables, loaded from TOML data, behind a small stable API.

The data lives in ``rules/imperator/data/tables/`` (battle.toml, leader_table.toml, events.toml,
stratagems.toml). Every public function accepts an optional ``data_dir`` so a test or a variant
(for example an erratum to the Battle table) can point at another copy of the files; loaded
tables are cached per directory with :func:`functools.lru_cache`.

Stable API (other modules rely on these names and signatures):

* :func:`odds_column` -- attacker PF / defender PF to a Battle-table column (8.2).
* :func:`battle_result` -- look up a cell, with column shift and row/column clamping.
* :func:`average_rating` -- the 8.5 average (quality, or BT of a leaderless force).
* :func:`leader_dies` -- the Leader Arrival and Death table.
* :func:`event` -- the Events table (1d6 + 1d10).
* :func:`stratagem_types` -- the stratagem types of chapter 6.

Rulings (AMB-xx) applied here are written up in ``docs/rulings.md``.
This module is pure: standard library only, no I/O besides reading the TOML files.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

__all__ = [
    "BATTLE_RESULTS",
    "COLUMNS",
    "DEFAULT_DATA_DIR",
    "PROVENANCE_TAGS",
    "BattleResult",
    "BattleTable",
    "Event",
    "LeaderRow",
    "StratagemType",
    "TableDataError",
    "average_rating",
    "battle_result",
    "battle_table",
    "column_index",
    "death_threshold",
    "event",
    "event_for_dice",
    "events",
    "leader_dies",
    "leader_row",
    "leader_rows",
    "normalize_column",
    "normalize_name",
    "odds_column",
    "shift_column",
    "stratagem",
    "stratagem_types",
]

DEFAULT_DATA_DIR = Path(__file__).resolve().parent / "data" / "tables"

#: The ten odds columns, worst to best for the attacker. "1/3" also stands for "1/3 and less",
#: "4/1" for "4/1 and more".
COLUMNS: tuple[str, ...] = ("1/3", "1/2", "2/3", "4/5", "1/1", "5/4", "3/2", "2/1", "3/1", "4/1")

#: Every result a side can get on the Battle table.
BATTLE_RESULTS: tuple[str, ...] = ("E", "A", "1/4", "1/2", "3/4", "R")

#: Provenance tags allowed in the data files.
PROVENANCE_TAGS = frozenset({"rules", "history", "design"})

Side = Literal["attacker", "defender"]
RRRule = Literal["defender", "stalemate"]


class TableDataError(ValueError):
    """A data file is missing, malformed or inconsistent."""


# ---------------------------------------------------------------------------------------------
# Loading helpers
# ---------------------------------------------------------------------------------------------


def _resolve_dir(data_dir: str | Path | None) -> str:
    return str(Path(data_dir).resolve() if data_dir is not None else DEFAULT_DATA_DIR)


def _read_toml(directory: str, name: str) -> dict[str, Any]:
    path = Path(directory) / name
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError as exc:
        raise TableDataError(f"missing table file: {path}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise TableDataError(f"cannot parse {path}: {exc}") from exc


def _check_prov(where: str, prov: Mapping[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, tag in prov.items():
        if tag not in PROVENANCE_TAGS:
            raise TableDataError(f"{where}: provenance of {key!r} is {tag!r}, not one of "
                                 f"{sorted(PROVENANCE_TAGS)}")
        out[str(key)] = str(tag)
    return out


def normalize_name(name: str) -> str:
    """Fold a printed name for lookups: no accents, no case, no punctuation, single spaces.

    ``"Septime-Sévère"``, ``"septime severe"`` and ``"septime_severe"`` all fold to the same key.
    """
    decomposed = unicodedata.normalize("NFKD", name)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    stripped = re.sub(r"[-_'’.,()]+", " ", stripped.casefold())
    return " ".join(stripped.split())


# ---------------------------------------------------------------------------------------------
# Battle table (8.2, 8.3, Table de Bataille)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BattleResult:
    """One cell of the Battle table.

    ``attacker`` / ``defender`` are each one of ``"E", "A", "1/4", "1/2", "3/4", "R"``.
    ``winner`` is ``"attacker"``, ``"defender"`` or ``None`` (only with the ``stalemate``
    switch on an R/R cell). ``column`` is the column actually read (after shift and clamp) and
    ``row`` the row actually read (after clamp, -2 .. 9).
    """

    attacker: str
    defender: str
    winner: Side | None
    column: str
    row: int

    @property
    def loser(self) -> Side | None:
        if self.winner is None:
            return None
        return "defender" if self.winner == "attacker" else "attacker"

    @property
    def attacker_wins(self) -> bool:
        """The attacker's half of the cell carries the (lost) bold winner mark."""
        return self.winner == "attacker"

    @property
    def defender_wins(self) -> bool:
        return self.winner == "defender"

    @property
    def code(self) -> str:
        """The cell as printed, attacker first: ``"A/1/4"``, ``"3/4/A"``, ``"R/R"``."""
        return f"{self.attacker}/{self.defender}"

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True)
class BattleTable:
    """The whole Battle table as loaded from ``battle.toml``."""

    columns: tuple[str, ...]
    thresholds: tuple[Fraction, ...]
    row_min: int
    row_max: int
    cells: Mapping[tuple[int, int], tuple[str, str]] = field(compare=False, hash=False)
    winners: Mapping[tuple[int, int], Side] = field(compare=False, hash=False)
    die: str = "1d6"
    rr_default: RRRule = "defender"

    def cell(self, row: int, col: int) -> tuple[str, str]:
        return self.cells[(row, col)]


def _parse_battle(raw: dict[str, Any]) -> BattleTable:
    meta = raw.get("meta", {})
    _check_prov("battle.meta", meta.get("provenance", {}))
    grid = raw.get("grid", {})
    columns = tuple(str(c) for c in grid.get("columns", ()))
    if columns != COLUMNS:
        raise TableDataError(f"battle.toml columns {columns} differ from {COLUMNS}")
    thresholds = tuple(Fraction(int(n), int(d)) for n, d in grid.get("thresholds", ()))
    if len(thresholds) != len(columns) or list(thresholds) != sorted(set(thresholds)):
        raise TableDataError("battle.toml thresholds must be strictly increasing, one per column")
    row_min, row_max = int(grid["row_min"]), int(grid["row_max"])
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    winners: dict[tuple[int, int], Side] = {}
    seen: list[int] = []
    for row in raw.get("rows", []):
        roll = int(row["roll"])
        seen.append(roll)
        row_cells, row_win = row["cells"], row["winner"]
        if len(row_cells) != len(columns) or len(row_win) != len(columns):
            raise TableDataError(f"battle.toml row {roll}: need {len(columns)} cells and marks")
        for ci, (text, mark) in enumerate(zip(row_cells, row_win, strict=True)):
            att, sep, dfd = str(text).partition(";")
            if not sep or att not in BATTLE_RESULTS or dfd not in BATTLE_RESULTS:
                raise TableDataError(f"battle.toml row {roll} column {columns[ci]}: bad cell {text!r}")
            if mark not in ("A", "D"):
                raise TableDataError(f"battle.toml row {roll}: bad winner mark {mark!r}")
            cells[(roll, ci)] = (att, dfd)
            winners[(roll, ci)] = "attacker" if mark == "A" else "defender"
    if seen != list(range(row_min, row_max + 1)):
        raise TableDataError(f"battle.toml rows must run {row_min}..{row_max} in order, got {seen}")
    rr_default = raw.get("winner_rules", {}).get("rr_default", "defender")
    if rr_default not in ("defender", "stalemate"):
        raise TableDataError(f"battle.toml: bad rr_default {rr_default!r}")
    return BattleTable(
        columns=columns,
        thresholds=thresholds,
        row_min=row_min,
        row_max=row_max,
        cells=MappingProxyType(cells),
        winners=MappingProxyType(winners),
        die=str(meta.get("die", "1d6")),
        rr_default=rr_default,
    )


@lru_cache(maxsize=8)
def _battle_table(directory: str) -> BattleTable:
    return _parse_battle(_read_toml(directory, "battle.toml"))


def battle_table(data_dir: str | Path | None = None) -> BattleTable:
    """The loaded Battle table (cached)."""
    return _battle_table(_resolve_dir(data_dir))


_COLUMN_SUFFIX = re.compile(r"\s*(and\s+less|and\s+more|et\s*-|et\s*\+|and\s*-|and\s*\+|-|\+|−)\s*$")


def normalize_column(column: str) -> str:
    """Return the canonical column label for ``column``.

    Accepts the ten labels of :data:`COLUMNS` and the printed edge forms such as
    ``"1/3 and less"``, ``"1/3 et -"``, ``"4/1+"``, ``"4/1 and more"``. Raises ``ValueError``
    for anything else.
    """
    text = _COLUMN_SUFFIX.sub("", str(column).strip()).replace(" ", "").replace(":", "/")
    if text in COLUMNS:
        return text
    raise ValueError(f"unknown Battle table column {column!r}; expected one of {COLUMNS}")


def column_index(column: str) -> int:
    """Index 0..9 of a column label (see :func:`normalize_column`)."""
    return COLUMNS.index(normalize_column(column))


def shift_column(column: str, shift: int) -> str:
    """Move ``shift`` columns right (positive, towards the attacker) or left, clamped (AMB-05)."""
    idx = column_index(column) + int(shift)
    return COLUMNS[max(0, min(len(COLUMNS) - 1, idx))]


def odds_column(attacker_pf: int, defender_pf: int, *, data_dir: str | Path | None = None) -> str:
    """Battle-table column for ``attacker_pf`` against ``defender_pf`` (8.2, AMB-04).

    The ratio is rounded in the defender's favour: the column is the rightmost one whose value
    is **at most** attacker/defender, compared exactly with integers (no floats), so 30 vs 20 is
    exactly "3/2" and 55 vs 37 (1.486) is "5/4". Any ratio below 1/2 reads "1/3" (the column
    "1/3 and less"); 4 or more reads "4/1" ("4/1 and more").

    Edge cases (our decision, see docs/rulings.md AMB-04):

    * ``defender_pf <= 0`` raises ``ValueError``. A battle needs enemy combat units, and every
      unit has at least 1 PF; a force with 0 PF (leaders only) never fights a battle -- lone
      leaders make the escape roll instead (AMB-54/55). The engine must not call this then.
    * ``attacker_pf < 0`` raises ``ValueError``; ``attacker_pf == 0`` reads "1/3".
    """
    if isinstance(attacker_pf, bool) or isinstance(defender_pf, bool):
        raise TypeError("PF totals must be integers")
    a, d = int(attacker_pf), int(defender_pf)
    if a != attacker_pf or d != defender_pf:
        raise TypeError("PF totals must be integers")
    if d <= 0:
        raise ValueError(f"defender PF must be positive, got {defender_pf}")
    if a < 0:
        raise ValueError(f"attacker PF must not be negative, got {attacker_pf}")
    table = battle_table(data_dir)
    chosen = 0
    for idx, bound in enumerate(table.thresholds):
        # a / d >= num / den  <=>  a * den >= num * d   (all positive integers)
        if a * bound.denominator >= bound.numerator * d:
            chosen = idx
    return table.columns[chosen]


def battle_result(
    column: str,
    modified_roll: int,
    column_shift: int = 0,
    *,
    rr_result: RRRule | None = None,
    data_dir: str | Path | None = None,
) -> BattleResult:
    """Read the Battle table.

    ``column`` is the odds column *before* shifts (any form accepted by
    :func:`normalize_column`); ``column_shift`` is the net column modifier (+ = right, towards
    the attacker). Shifts past either edge clamp to "1/3" / "4/1" (AMB-05). ``modified_roll``
    is the die roll after all die modifiers; below -2 reads the "-2 and less" row, above 9 the
    "9 and more" row (AMB-06).

    The winner comes from the winner marks stored in battle.toml (AMB-01: the side whose own
    result is A or E loses; on R/R the defender holds). ``rr_result="stalemate"`` is the
    alternative switch: R/R then has no winner (``winner is None``). When ``rr_result`` is
    ``None`` the data file's default applies.
    """
    table = battle_table(data_dir)
    col = column_index(shift_column(column, column_shift))
    roll = max(table.row_min, min(table.row_max, int(modified_roll)))
    att, dfd = table.cell(roll, col)
    winner: Side | None = table.winners[(roll, col)]
    rule = table.rr_default if rr_result is None else rr_result
    if rule not in ("defender", "stalemate"):
        raise ValueError(f"rr_result must be 'defender' or 'stalemate', got {rr_result!r}")
    if att == "R" and dfd == "R" and rule == "stalemate":
        winner = None
    return BattleResult(attacker=att, defender=dfd, winner=winner, column=COLUMNS[col], row=roll)


def average_rating(values: Iterable[int]) -> int:
    """The 8.5 average: mean of the ratings, always rounded down (toward minus infinity, AMB-07).

    Used for average quality (QT/QU) and for the BT of a force with no leader. Reduced units
    contribute their reduced values. An empty list raises ``ValueError`` (a force without
    combat units never fights).

    >>> average_rating([1, 1, 3])
    1
    """
    vals = [int(v) for v in values]
    if not vals:
        raise ValueError("average_rating needs at least one value")
    return sum(vals) // len(vals)


# ---------------------------------------------------------------------------------------------
# Leader Arrival and Death table
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LeaderRow:
    """One row of the Leader Arrival and Death table.

    ``checks[k-1]`` is the year whose d10 roll kills on a result strictly below ``k``.
    ``entry`` is the arrival year, or ``None`` when the table prints a footnote mark instead
    (then ``entry_rule`` says what triggers the arrival). ``death`` is the automatic-death
    year, ``None`` when the row has none.
    """

    id: str
    printed: str
    side: str
    entry: int | None
    entry_rule: str | None
    checks: tuple[int, ...]
    death: int | None
    aliases: tuple[str, ...]
    provenance: Mapping[str, str] = field(compare=False, hash=False)

    def threshold(self, year: int) -> int | None:
        """Kill threshold for ``year``: the leader dies on a d10 roll below it.

        Returns 10 in (and after) the automatic-death year -- every d10 face is below 10 --
        the column number k for a check year, and ``None`` when no check is made.
        """
        if self.death is not None and year >= self.death:
            return 10
        for k, check_year in enumerate(self.checks, start=1):
            if check_year == year:
                return k
        return None

    def dies(self, year: int, roll: int) -> bool:
        _check_d10(roll)
        limit = self.threshold(year)
        return limit is not None and roll < limit


def _check_d10(roll: int) -> None:
    if isinstance(roll, bool) or int(roll) != roll or not 0 <= int(roll) <= 9:
        raise ValueError(f"a d10 roll is 0..9 (0.1), got {roll!r}")


@dataclass(frozen=True)
class _LeaderTable:
    rows: tuple[LeaderRow, ...]
    index: Mapping[str, LeaderRow] = field(compare=False, hash=False)


def _parse_leaders(raw: dict[str, Any]) -> _LeaderTable:
    meta = raw.get("meta", {})
    _check_prov("leader_table.meta", meta.get("provenance", {}))
    rows: list[LeaderRow] = []
    index: dict[str, LeaderRow] = {}
    for item in raw.get("leaders", []):
        lid = str(item["id"])
        prov = _check_prov(f"leader {lid}", item.get("prov", {}))
        checks = tuple(int(y) for y in item.get("checks", []))
        if len(checks) > 9 or any(b != a + 1 for a, b in zip(checks, checks[1:], strict=False)):
            raise TableDataError(f"leader {lid}: checks must be at most 9 consecutive years")
        death = item.get("death")
        if death is not None and checks and int(death) <= checks[-1]:
            raise TableDataError(f"leader {lid}: death year must follow the last check")
        entry = item.get("entry")
        entry_rule = item.get("entry_rule")
        if (entry is None) == (entry_rule is None):
            raise TableDataError(f"leader {lid}: give exactly one of entry / entry_rule")
        aliases = tuple(
            str(a) for a in (*item.get("aliases_printed", []), *item.get("aliases_history", []))
        )
        row = LeaderRow(
            id=lid,
            printed=str(item["printed"]),
            side=str(item["side"]),
            entry=None if entry is None else int(entry),
            entry_rule=None if entry_rule is None else str(entry_rule),
            checks=checks,
            death=None if death is None else int(death),
            aliases=aliases,
            provenance=MappingProxyType(prov),
        )
        rows.append(row)
        for name in (lid, row.printed, *aliases):
            key = normalize_name(name)
            other = index.get(key)
            if other is not None and other is not row:
                raise TableDataError(f"leader name {name!r} is ambiguous ({other.id} / {lid})")
            index[key] = row
    return _LeaderTable(rows=tuple(rows), index=MappingProxyType(index))


@lru_cache(maxsize=8)
def _leader_table(directory: str) -> _LeaderTable:
    return _parse_leaders(_read_toml(directory, "leader_table.toml"))


def leader_rows(data_dir: str | Path | None = None) -> tuple[LeaderRow, ...]:
    """All rows of the Leader Arrival and Death table, in printed order."""
    return _leader_table(_resolve_dir(data_dir)).rows


def leader_row(leader: str, *, data_dir: str | Path | None = None) -> LeaderRow:
    """Find a row by id, printed name (FR), or any alias (EN spelling, Latin/English name).

    Raises ``KeyError`` for a name not in the table (generic leaders are not in it).
    """
    table = _leader_table(_resolve_dir(data_dir))
    try:
        return table.index[normalize_name(leader)]
    except KeyError:
        raise KeyError(f"{leader!r} is not in the Leader Arrival and Death table") from None


def death_threshold(leader: str, year: int, *, data_dir: str | Path | None = None) -> int | None:
    """See :meth:`LeaderRow.threshold`: ``None`` = no roll this year, 10 = automatic death."""
    return leader_row(leader, data_dir=data_dir).threshold(year)


def leader_dies(leader: str, year: int, roll: int, *, data_dir: str | Path | None = None) -> bool:
    """Does ``leader`` die in phase D of ``year`` with a d10 ``roll`` (0..9)?

    * In a year listed under column "<k", the leader dies when ``roll < k``.
    * In the Death year he dies whatever the roll. A leader still on the map in a later year
      (e.g. Didius Julianus entering in his death year, AMB-31) is also reported dead.
    * Any other year: no check, ``False``.

    The caller decides *whether* to roll (only leaders in play and on the map, FR; AMB-31).
    ``leader`` may be the id, the name printed in the table, or an alias; unknown names raise
    ``KeyError``. A roll outside 0..9 raises ``ValueError``.
    """
    return leader_row(leader, data_dir=data_dir).dies(year, roll)


# ---------------------------------------------------------------------------------------------
# Events table (1d6 + 1d10)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """One event of the Events table. ``number`` equals the 1d6 + 1d10 total."""

    number: int
    id: str
    name: str
    name_fr: str
    description: str
    duration: str
    effects: Mapping[str, Any] = field(compare=False, hash=False)
    provenance: Mapping[str, str] = field(compare=False, hash=False)

    @property
    def total(self) -> int:
        return self.number

    @property
    def battle_bonus_side(self) -> str | None:
        """``"rome"`` or ``"eor"`` for events that change battle dice, else ``None``."""
        side = self.effects.get("battle_bonus_side")
        return None if side is None else str(side)

    @property
    def battle_bonus(self) -> int:
        """Die bonus to :attr:`battle_bonus_side` (negative = a handicap); 0 if none."""
        return int(self.effects.get("battle_bonus", 0))

    @property
    def battle_bonus_condition(self) -> str | None:
        cond = self.effects.get("battle_bonus_condition")
        return None if cond is None else str(cond)


@lru_cache(maxsize=8)
def _events(directory: str) -> tuple[Event, ...]:
    raw = _read_toml(directory, "events.toml")
    _check_prov("events.meta", raw.get("meta", {}).get("provenance", {}))
    out: list[Event] = []
    for item in raw.get("events", []):
        num = int(item["number"])
        out.append(
            Event(
                number=num,
                id=str(item["id"]),
                name=str(item["name"]),
                name_fr=str(item["name_fr"]),
                description=str(item["description"]).strip(),
                duration=str(item.get("duration", "turn")),
                effects=MappingProxyType(dict(item.get("effects", {}))),
                provenance=MappingProxyType(_check_prov(f"event {num}", item.get("prov", {}))),
            )
        )
    if [e.number for e in out] != list(range(1, 16)):
        raise TableDataError("events.toml must list events 1..15 in order")
    return tuple(out)


def events(data_dir: str | Path | None = None) -> tuple[Event, ...]:
    """All 15 events, numbers 1..15."""
    return _events(_resolve_dir(data_dir))


def event(total: int, *, data_dir: str | Path | None = None) -> Event:
    """The event for a 1d6 + 1d10 total (1..15; the d10 reads 0..9). Else ``ValueError``."""
    if isinstance(total, bool) or int(total) != total or not 1 <= int(total) <= 15:
        raise ValueError(f"an Events table total is 1..15 (1d6 + 1d10), got {total!r}")
    return events(data_dir)[int(total) - 1]


def event_for_dice(d6: int, d10: int, *, data_dir: str | Path | None = None) -> Event:
    """The event for the two dice faces (d6 1..6, d10 0..9)."""
    if not 1 <= d6 <= 6:
        raise ValueError(f"a d6 roll is 1..6, got {d6!r}")
    _check_d10(d10)
    return event(d6 + d10, data_dir=data_dir)


# ---------------------------------------------------------------------------------------------
# Stratagems (chapter 6)
# ---------------------------------------------------------------------------------------------

_SIDES = frozenset({"rome", "eor", "both"})
_PHASES = frozenset({"B", "C", "E"})
_AFTER_PLAY = frozenset({"cup", "removed_from_game", "stays_on_map", "stays_until_end_of_phase_e"})
_TIMINGS = frozenset({
    "initiative_roll",
    "phase_c",
    "any_time_phase_e",
    "before_battle_roll",
    "before_battle",
    "after_battle",
    "on_die_roll",
})


@dataclass(frozen=True)
class StratagemType:
    """A stratagem type of chapter 6 (one kind of chit; ``count`` chits of it in the cup)."""

    id: str
    name_fr: str
    name_en: str
    side: str  # "rome" | "eor" | "both"
    phase: str  # "B" | "C" | "E"
    timing: str
    keep_across_turns: bool
    once_per_scenario: bool
    after_play: str
    section: str
    description: str
    count: int
    params: Mapping[str, Any] = field(compare=False, hash=False)
    provenance: Mapping[str, str] = field(compare=False, hash=False)

    def usable_by(self, side: str) -> bool:
        """Can the player on ``side`` ("rome"/"roman" or "eor") play this chit?"""
        who = {"roman": "rome", "rome": "rome", "eor": "eor"}.get(side.casefold())
        if who is None:
            raise ValueError(f"side must be 'rome' or 'eor', got {side!r}")
        return self.side in ("both", who)

    @property
    def stays_on_map(self) -> bool:
        return self.after_play == "stays_on_map"


@lru_cache(maxsize=8)
def _stratagems(directory: str) -> tuple[StratagemType, ...]:
    raw = _read_toml(directory, "stratagems.toml")
    out: list[StratagemType] = []
    seen: set[str] = set()
    for item in raw.get("stratagems", []):
        sid = str(item["id"])
        if sid in seen:
            raise TableDataError(f"stratagem id {sid!r} appears twice")
        seen.add(sid)
        st = StratagemType(
            id=sid,
            name_fr=str(item["name_fr"]),
            name_en=str(item["name_en"]),
            side=str(item["side"]),
            phase=str(item["phase"]),
            timing=str(item["timing"]),
            keep_across_turns=bool(item["keep_across_turns"]),
            once_per_scenario=bool(item["once_per_scenario"]),
            after_play=str(item["after_play"]),
            section=cite_sections(str(item["section"])),
            description=str(item["description"]).strip(),
            count=int(item.get("count", 1)),
            params=MappingProxyType(dict(item.get("params", {}))),
            provenance=MappingProxyType(_check_prov(f"stratagem {sid}", item.get("prov", {}))),
        )
        if st.side not in _SIDES or st.phase not in _PHASES:
            raise TableDataError(f"stratagem {sid}: bad side {st.side!r} or phase {st.phase!r}")
        if st.after_play not in _AFTER_PLAY or st.timing not in _TIMINGS:
            raise TableDataError(f"stratagem {sid}: bad after_play or timing")
        out.append(st)
    return tuple(out)


def stratagem_types(data_dir: str | Path | None = None) -> tuple[StratagemType, ...]:
    """The 28 stratagem types of chapter 6, Roman first (6.1), then EoR (6.2), then both (6.3)."""
    return _stratagems(_resolve_dir(data_dir))


def stratagem(key: str, *, data_dir: str | Path | None = None) -> StratagemType:
    """Look a stratagem type up by id, French name or English name (accents/case ignored)."""
    wanted = normalize_name(key)
    for st in stratagem_types(data_dir):
        if wanted in (normalize_name(st.id), normalize_name(st.name_fr), normalize_name(st.name_en)):
            return st
    raise KeyError(f"unknown stratagem {key!r}")


def cite_sections(text: str) -> str:
    """``"6.2; 4.5"`` -> ``"§6.2; §4.5"``: sections as the bot cites them."""
    parts = [part.strip() for part in text.split(";") if part.strip()]
    return "; ".join(part if part.startswith("§") else f"§{part}" for part in parts)
