"""Static data of The Barracks Emperors: cards, the Emperor roster and the board geometry.

Everything is read once from ``rules/barracks/data/*.toml`` (or ``$PRAETOR_DATA_DIR/barracks``)
and turned into plain lookup tables. Positions are ``(row, column)`` tuples; labels are the
players' names for spaces: column letters A..G for columns -1..5 and row numbers 1..7 for rows
-1..5, so the centre Emperor space (2, 2) is ``D4`` (docs/barracks.md).
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core.i18n import Text, _, data_name, join

Pos = tuple[int, int]

FACTIONS: tuple[str, ...] = ("sword", "eagle", "pillar", "wreath")  # clockwise turn order (§5.0)
FACTION_NAMES = {"sword": _("Sword"), "eagle": _("Eagle"), "pillar": _("Pillar"), "wreath": _("Wreath")}
SUIT_NAMES = {"R": _("Red"), "B": _("Blue"), "Y": _("Yellow"), "G": _("Gray")}
"""Marked: a faction or a suit reaches a reader in the reader's language (issue 13)."""
DATA_FILES = ("influence.toml", "emperors.toml", "board.toml")


def data_dir() -> Path:
    override = os.environ.get("PRAETOR_DATA_DIR")
    if override:
        candidate = Path(override) / "barracks"
        if candidate.is_dir():
            return candidate
    return Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    path = data_dir() / name
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:  # a clear message (tests/barracks/test_mut_data.py)
        raise ValueError(f"cannot read Barracks data file {path}: {exc}") from exc


@dataclass(frozen=True)
class CardInfo:
    id: str
    key: str  # ability key ("castra"), "barbarian" for Barbarians
    name: str
    suit: str  # R, B, Y or G
    value: int
    kind: str  # modifier, ongoing, on_play, placement, end_of_turn, barbarian
    text: str
    solo_text: str = ""

    @property
    def is_barbarian(self) -> bool:
        return self.suit == "G"

    def label(self) -> Text:
        if self.is_barbarian:
            return _("Barbarian (0)")
        return join(" ", [data_name(self.name), SUIT_NAMES[self.suit], str(self.value)])


@dataclass(frozen=True)
class EmperorInfo:
    id: str
    name: str
    colour: str
    reign: str
    name_provenance: str
    colour_provenance: str


def _build_cards(raw: dict[str, Any]) -> dict[str, CardInfo]:
    cards: dict[str, CardInfo] = {}
    for entry in raw["card"]:
        for value in entry["values"]:
            cid = f"{entry['key']}-{value}"
            cards[cid] = CardInfo(
                cid, entry["key"], entry["name"], entry["suit"], int(value), entry["kind"],
                entry["text"], entry.get("solo_text", ""),
            )
    if len(cards) != 42:
        raise ValueError(f"Barracks data: expected 42 Influence cards, found {len(cards)}")
    for i in range(1, 19):
        bid = f"barbarian-{i:02d}"
        cards[bid] = CardInfo(bid, "barbarian", "Barbarian", "G", 0, "barbarian",
                              _("Place it in a free homeland or discard it to move a Barbarian "
                                "one diagonal step (§6.2)."))
    return cards


def _build_emperors(raw: dict[str, Any]) -> dict[str, EmperorInfo]:
    emps = {
        e["id"]: EmperorInfo(e["id"], e["name"], e["colour"], e.get("reign", ""),
                             e.get("name_provenance", "design"), e.get("colour_provenance", "design"))
        for e in raw["emperor"]
    }
    counts = {c: sum(1 for e in emps.values() if e.colour == c) for c in "RBY"}
    if len(emps) != 45 or counts != {"R": 13, "B": 13, "Y": 19}:
        raise ValueError(f"Barracks data: need 45 Emperors (13 R, 13 B, 19 Y), got {counts}")
    return emps


def _pos(v: Any) -> Pos:
    return (int(v[0]), int(v[1]))


CARDS: dict[str, CardInfo] = _build_cards(_load("influence.toml"))
EMPERORS: dict[str, EmperorInfo] = _build_emperors(_load("emperors.toml"))
_BOARD = _load("board.toml")


def _positions(raw: list[Any]) -> tuple[Pos, ...]:
    """A list of ``[row, column]`` pairs of a data file as positions, in their order."""
    return tuple(_pos(p) for p in raw)


def _named_positions(raw: dict[str, Any], names: tuple[str, ...] | None = None) -> dict[str, Pos]:
    """The positions of a data file's table by name, in the order of ``names`` (every one of
    them required) or else in the file's order."""
    return {n: _pos(raw[n]) for n in (raw if names is None else names)}


def _card_ids(cards: dict[str, CardInfo], barbarian: bool) -> tuple[str, ...]:
    """The ids of the Barbarian cards (``barbarian``) or of the Influence cards, in data order."""
    return tuple(c for c in cards if cards[c].is_barbarian == barbarian)


def _solo_ids(cards: dict[str, CardInfo], influence_ids: tuple[str, ...]) -> tuple[str, ...]:
    """The Influence cards of the solo deck: values 3 and 4 only (§15.1)."""
    return tuple(c for c in influence_ids if cards[c].value >= 3)


def _invasion(raw: dict[str, Any]) -> dict[str, tuple[Pos, tuple[Pos, Pos], Pos]]:
    """Each faction's solo invasion path: its first space, the two spaces of its second step and
    its third space, next to the centre (§15.2.3)."""
    return {
        f: (_pos(v["one"]), (_pos(v["two"][0]), _pos(v["two"][1])), _pos(v["three"]))
        for f, v in raw.items()
    }


def _sides(emperors: tuple[Pos, ...], offsets: dict[str, Pos]) -> dict[tuple[Pos, str], Pos]:
    """The influence space on each faction's side of each Emperor space."""
    return {(e, f): (e[0] + d[0], e[1] + d[1]) for e in emperors for f, d in offsets.items()}


def _adjacent_emperors(spaces: tuple[Pos, ...], emperors: tuple[Pos, ...]) -> dict[Pos, tuple[Pos, ...]]:
    """The Emperor spaces orthogonally next to each influence space."""
    return {
        s: tuple(e for e in emperors if abs(e[0] - s[0]) + abs(e[1] - s[1]) == 1)
        for s in spaces
    }


def _space_sides(
    spaces: tuple[Pos, ...], side: dict[tuple[Pos, str], Pos]
) -> dict[Pos, tuple[tuple[str, Pos], ...]]:
    """The (faction of the side, Emperor space) pairs each influence space belongs to."""
    return {s: tuple((f, e) for (e, f), sp in side.items() if sp == s) for s in spaces}


def _diagonals(spaces: tuple[Pos, ...]) -> dict[Pos, tuple[Pos, ...]]:
    """The influence spaces one diagonal step from each influence space (§6.2)."""
    inside = frozenset(spaces)
    return {
        s: tuple(
            d for d in ((s[0] - 1, s[1] - 1), (s[0] - 1, s[1] + 1), (s[0] + 1, s[1] - 1), (s[0] + 1, s[1] + 1))
            if d in inside
        )
        for s in spaces
    }


INFLUENCE_IDS: tuple[str, ...] = _card_ids(CARDS, barbarian=False)
BARBARIAN_IDS: tuple[str, ...] = _card_ids(CARDS, barbarian=True)
SOLO_INFLUENCE_IDS: tuple[str, ...] = _solo_ids(CARDS, INFLUENCE_IDS)

EMPEROR_POSITIONS: tuple[Pos, ...] = _positions(_BOARD["emperor_spaces"])
CENTRE: Pos = _pos(_BOARD["centre"])
SIDE_OFFSETS: dict[str, Pos] = _named_positions(_BOARD["sides"], FACTIONS)
HOMELAND_CENTRES: dict[str, Pos] = _named_positions(_BOARD["homelands"]["centre"])
HOMELANDS: frozenset[Pos] = frozenset(_positions(_BOARD["homelands"]["outer"]))
INVASION: dict[str, tuple[Pos, tuple[Pos, Pos], Pos]] = _invasion(_BOARD["invasion"])

# side[(emperor position, faction)] -> influence space
SIDE: dict[tuple[Pos, str], Pos] = _sides(EMPEROR_POSITIONS, SIDE_OFFSETS)
INFLUENCE_SPACES: tuple[Pos, ...] = tuple(sorted(set(SIDE.values())))
ADJ_EMPERORS: dict[Pos, tuple[Pos, ...]] = _adjacent_emperors(INFLUENCE_SPACES, EMPEROR_POSITIONS)
SPACE_SIDES: dict[Pos, tuple[tuple[str, Pos], ...]] = _space_sides(INFLUENCE_SPACES, SIDE)
DIAGONALS: dict[Pos, tuple[Pos, ...]] = _diagonals(INFLUENCE_SPACES)

COLUMNS = "ABCDEFG"


def label(p: Pos) -> str:
    return f"{COLUMNS[p[1] + 1]}{p[0] + 2}"


def parse_label(text: str) -> Pos | None:
    text = str(text).strip().upper()
    if len(text) != 2 or text[0] not in COLUMNS or not text[1].isdigit():
        return None
    return (int(text[1]) - 2, COLUMNS.index(text[0]) - 1)


def _labels(positions: tuple[Pos, ...]) -> dict[Pos, str]:
    """Each position's label, in the order given."""
    return {p: label(p) for p in positions}


def _by_label(labels: dict[Pos, str]) -> dict[str, Pos]:
    """The position of each label (the inverse of :func:`_labels`)."""
    return {v: k for k, v in labels.items()}


LABEL: dict[Pos, str] = _labels((*INFLUENCE_SPACES, *EMPEROR_POSITIONS))
POS: dict[str, Pos] = _by_label(LABEL)


def data_hash() -> str:
    h = hashlib.sha256()
    for name in DATA_FILES:
        h.update(name.encode())
        h.update((data_dir() / name).read_bytes())
    return h.hexdigest()[:16]
