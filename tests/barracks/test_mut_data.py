"""Tests that kill the mutants of rules/barracks/data.py (issue 11, mutation testing).

The module builds its tables at import, before mutmut switches a mutant on; but mutmut switches
a mutant on whenever a test *calls* the function, so each builder (``data_dir``, ``_load``,
``_build_cards``, ``_build_emperors``, ``_pos``) is called here directly with small inputs, and
the runtime helpers (``label``, ``parse_label``, ``data_hash``, ``CardInfo``) as usual. Every
value is compared whole.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from rules.barracks import data
from rules.barracks.data import CardInfo, EmperorInfo

BARBARIAN_TEXT = "Place it in a free homeland or discard it to move a Barbarian one diagonal step (§6.2)."


# --- data_dir and _load ---------------------------------------------------------------------


def test_data_dir_without_override_is_the_package_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRAETOR_DATA_DIR", raising=False)
    assert data.data_dir() == Path(data.__file__).parent / "data"


def test_data_dir_override_with_a_barracks_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "barracks").mkdir()
    monkeypatch.setenv("PRAETOR_DATA_DIR", str(tmp_path))
    assert data.data_dir() == tmp_path / "barracks"


def test_data_dir_override_without_a_barracks_folder_falls_back(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "imperator").mkdir()
    monkeypatch.setenv("PRAETOR_DATA_DIR", str(tmp_path))
    assert data.data_dir() == Path(data.__file__).parent / "data"


def test_data_dir_empty_override_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRAETOR_DATA_DIR", "")
    assert data.data_dir() == Path(data.__file__).parent / "data"


def _override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "barracks"
    folder.mkdir()
    for name, body in files.items():
        (folder / name).write_text(body, encoding="utf-8")
    monkeypatch.setenv("PRAETOR_DATA_DIR", str(tmp_path))
    return folder


def test_load_reads_the_named_file_of_the_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _override(monkeypatch, tmp_path, {"small.toml": 'a = 1\n[b]\nc = "d"\n'})
    assert data._load("small.toml") == {"a": 1, "b": {"c": "d"}}


def test_load_of_a_malformed_file_names_the_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = _override(monkeypatch, tmp_path, {"bad.toml": "a = \n"})
    with pytest.raises(ValueError) as excinfo:
        data._load("bad.toml")
    message = str(excinfo.value)
    prefix = f"cannot read Barracks data file {folder / 'bad.toml'}: "
    assert message.startswith(prefix)
    assert message == prefix + str(excinfo.value.__cause__)


def test_load_of_a_missing_file_names_the_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = _override(monkeypatch, tmp_path, {})
    with pytest.raises(ValueError) as excinfo:
        data._load("none.toml")
    assert str(excinfo.value) == (
        f"cannot read Barracks data file {folder / 'none.toml'}: {excinfo.value.__cause__}"
    )
    assert isinstance(excinfo.value.__cause__, FileNotFoundError)


# --- _build_cards ---------------------------------------------------------------------------


def _card_entries(n: int) -> list[dict[str, Any]]:
    """``n`` card entries of two values each; the first one has a solo text."""
    entries: list[dict[str, Any]] = [
        {"key": f"k{i}", "name": f"Name {i}", "suit": "RBY"[i % 3], "values": [1, 2],
         "kind": "ongoing", "text": f"text {i}"}
        for i in range(n)
    ]
    entries[0]["solo_text"] = "solo 0"
    return entries


def test_build_cards_makes_one_card_per_value_then_eighteen_barbarians() -> None:
    cards = data._build_cards({"card": _card_entries(21)})
    influence = [f"k{i}-{v}" for i in range(21) for v in (1, 2)]
    barbarians = [f"barbarian-{i:02d}" for i in range(1, 19)]
    assert list(cards) == influence + barbarians
    assert barbarians[0] == "barbarian-01" and barbarians[-1] == "barbarian-18"
    assert cards["k0-1"] == CardInfo("k0-1", "k0", "Name 0", "R", 1, "ongoing", "text 0", "solo 0")
    assert cards["k0-2"] == CardInfo("k0-2", "k0", "Name 0", "R", 2, "ongoing", "text 0", "solo 0")
    assert cards["k4-2"] == CardInfo("k4-2", "k4", "Name 4", "B", 2, "ongoing", "text 4", "")
    assert cards["k4-2"].solo_text == ""
    for bid in barbarians:
        assert cards[bid] == CardInfo(bid, "barbarian", "Barbarian", "G", 0, "barbarian", BARBARIAN_TEXT, "")


def test_build_cards_reads_values_as_integers() -> None:
    entries = _card_entries(21)
    entries[1]["values"] = ["3", "4"]
    cards = data._build_cards({"card": entries})
    assert cards["k1-3"].value == 3
    assert cards["k1-4"].value == 4


@pytest.mark.parametrize("n, found", [(20, 40), (22, 44)])
def test_build_cards_refuses_another_count_than_42(n: int, found: int) -> None:
    with pytest.raises(ValueError) as excinfo:
        data._build_cards({"card": _card_entries(n)})
    assert str(excinfo.value) == f"Barracks data: expected 42 Influence cards, found {found}"


def test_build_cards_counts_one_value_entries() -> None:
    entries = _card_entries(21)
    entries[0]["values"] = [1]
    with pytest.raises(ValueError) as excinfo:
        data._build_cards({"card": entries})
    assert str(excinfo.value) == "Barracks data: expected 42 Influence cards, found 41"


# --- _build_emperors ------------------------------------------------------------------------


def _emperor_entries(red: int = 13, blue: int = 13, yellow: int = 19) -> list[dict[str, Any]]:
    colours = ["R"] * red + ["B"] * blue + ["Y"] * yellow
    entries: list[dict[str, Any]] = [
        {"id": f"e{i}", "name": f"Emperor {i}", "colour": c} for i, c in enumerate(colours)
    ]
    entries[0].update(reign="235-238", name_provenance="rules", colour_provenance="history")
    return entries


def test_build_emperors_keeps_every_field_and_the_defaults() -> None:
    emps = data._build_emperors({"emperor": _emperor_entries()})
    assert list(emps) == [f"e{i}" for i in range(45)]
    assert emps["e0"] == EmperorInfo("e0", "Emperor 0", "R", "235-238", "rules", "history")
    assert emps["e13"] == EmperorInfo("e13", "Emperor 13", "B", "", "design", "design")
    assert emps["e44"] == EmperorInfo("e44", "Emperor 44", "Y", "", "design", "design")


@pytest.mark.parametrize(
    "counts, shown",
    [
        ((14, 12, 19), "{'R': 14, 'B': 12, 'Y': 19}"),
        ((13, 13, 18), "{'R': 13, 'B': 13, 'Y': 18}"),
        ((13, 14, 19), "{'R': 13, 'B': 14, 'Y': 19}"),
        ((12, 13, 20), "{'R': 12, 'B': 13, 'Y': 20}"),
    ],
)
def test_build_emperors_refuses_other_counts(counts: tuple[int, int, int], shown: str) -> None:
    with pytest.raises(ValueError) as excinfo:
        data._build_emperors({"emperor": _emperor_entries(*counts)})
    assert str(excinfo.value) == f"Barracks data: need 45 Emperors (13 R, 13 B, 19 Y), got {shown}"


def test_build_emperors_refuses_a_46th_emperor_of_another_colour() -> None:
    entries = _emperor_entries()
    entries.append({"id": "grey", "name": "Grey", "colour": "G"})
    with pytest.raises(ValueError) as excinfo:
        data._build_emperors({"emperor": entries})
    assert str(excinfo.value) == (
        "Barracks data: need 45 Emperors (13 R, 13 B, 19 Y), got {'R': 13, 'B': 13, 'Y': 19}"
    )


# --- _pos, label, parse_label ---------------------------------------------------------------


def test_pos_reads_row_then_column_as_integers() -> None:
    assert data._pos(["3", "-1"]) == (3, -1)
    assert data._pos((0, 5, 9)) == (0, 5)


@pytest.mark.parametrize(
    "pos, text",
    [((2, 2), "D4"), ((-1, -1), "A1"), ((5, 5), "G7"), ((0, 3), "E2"), ((4, -1), "A6")],
)
def test_label_and_parse_label_are_inverse(pos: tuple[int, int], text: str) -> None:
    assert data.label(pos) == text
    assert data.parse_label(text) == pos
    assert data.parse_label(f"  {text.lower()} ") == pos


@pytest.mark.parametrize("text", ["D", "D44", "", "H4", "4D", "DX", "D 4", 44])
def test_parse_label_refuses_what_is_no_label(text: Any) -> None:
    assert data.parse_label(text) is None


def test_parse_label_reads_digits_outside_the_board() -> None:
    assert data.parse_label("b9") == (7, 0)
    assert data.parse_label("C0") == (-2, 1)


# --- CardInfo -------------------------------------------------------------------------------


def test_card_label_is_name_suit_and_value() -> None:
    card = CardInfo("castra-3", "castra", "Castra", "R", 3, "ongoing", "t")
    assert card.is_barbarian is False
    assert card.label() == "Castra Red 3"
    assert CardInfo("x-1", "x", "Xenia", "Y", 1, "on_play", "t").label() == "Xenia Yellow 1"
    assert CardInfo("x-2", "x", "Xenia", "B", 2, "on_play", "t").label() == "Xenia Blue 2"


def test_barbarian_label_has_no_suit() -> None:
    card = CardInfo("barbarian-01", "barbarian", "Barbarian", "G", 0, "barbarian", "t")
    assert card.is_barbarian is True
    assert card.label() == "Barbarian (0)"
    assert card.label().msgid == "Barbarian (0)"


# --- data_hash ------------------------------------------------------------------------------


def _expected_hash(folder: Path) -> str:
    h = hashlib.sha256()
    for name in ("influence.toml", "emperors.toml", "board.toml"):
        h.update(name.encode())
        h.update((folder / name).read_bytes())
    return h.hexdigest()[:16]


def test_data_hash_covers_each_data_file_and_its_name(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = _override(
        monkeypatch, tmp_path, {"influence.toml": "a = 1\n", "emperors.toml": "b = 2\n", "board.toml": "c = 3\n"}
    )
    first = data.data_hash()
    assert first == _expected_hash(folder)
    assert len(first) == 16
    (folder / "board.toml").write_text("c = 4\n", encoding="utf-8")
    second = data.data_hash()
    assert second == _expected_hash(folder)
    assert second != first


def test_data_hash_of_the_package_data(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRAETOR_DATA_DIR", raising=False)
    assert data.data_hash() == _expected_hash(Path(data.__file__).parent / "data")


# --- the tables built at import -------------------------------------------------------------


def _card(cid: str, suit: str, value: int) -> CardInfo:
    return CardInfo(cid, cid, cid, suit, value, "ongoing", "t")


def test_card_ids_split_influence_from_barbarians_in_data_order() -> None:
    cards = {c.id: c for c in (_card("a", "R", 1), _card("b", "G", 0), _card("c", "Y", 3), _card("d", "G", 0))}
    assert data._card_ids(cards, barbarian=False) == ("a", "c")
    assert data._card_ids(cards, barbarian=True) == ("b", "d")


def test_solo_ids_keep_values_three_and_up() -> None:
    cards = {c.id: c for c in (_card("a", "R", 2), _card("b", "B", 3), _card("c", "Y", 4), _card("d", "R", 1))}
    assert data._solo_ids(cards, ("a", "b", "c", "d")) == ("b", "c")
    assert data._solo_ids(cards, ("c", "a")) == ("c",)


def test_invasion_reads_each_path() -> None:
    raw = {"sword": {"one": [5, 2], "two": [[4, 1], [4, 3]], "three": ["3", "2"]},
           "eagle": {"one": [-1, 2], "two": [[0, 1], [0, 3]], "three": [1, 2]}}
    assert data._invasion(raw) == {
        "sword": ((5, 2), ((4, 1), (4, 3)), (3, 2)),
        "eagle": ((-1, 2), ((0, 1), (0, 3)), (1, 2)),
    }


def test_sides_add_each_offset_to_each_emperor_space() -> None:
    side = data._sides(((2, 2), (0, 4)), {"sword": (1, 0), "eagle": (0, -1)})
    assert side == {
        ((2, 2), "sword"): (3, 2), ((2, 2), "eagle"): (2, 1),
        ((0, 4), "sword"): (1, 4), ((0, 4), "eagle"): (0, 3),
    }


def test_adjacent_emperors_are_one_orthogonal_step_away() -> None:
    emperors = ((2, 2), (0, 2), (2, 4))
    spaces = ((1, 2), (2, 3), (3, 3), (2, 1), (1, 1))
    assert data._adjacent_emperors(spaces, emperors) == {
        (1, 2): ((2, 2), (0, 2)),
        (2, 3): ((2, 2), (2, 4)),
        (3, 3): (),
        (2, 1): ((2, 2),),
        (1, 1): (),
    }


def test_space_sides_list_each_side_of_a_space() -> None:
    side = {((2, 2), "sword"): (3, 2), ((4, 2), "pillar"): (3, 2), ((2, 2), "eagle"): (1, 2)}
    assert data._space_sides(((1, 2), (3, 2), (9, 9)), side) == {
        (1, 2): (("eagle", (2, 2)),),
        (3, 2): (("sword", (2, 2)), ("pillar", (4, 2))),
        (9, 9): (),
    }


def test_diagonals_stay_among_the_influence_spaces() -> None:
    spaces = ((1, 1), (0, 0), (0, 2), (2, 0), (2, 2), (1, 2), (3, 3))
    assert data._diagonals(spaces) == {
        (1, 1): ((0, 0), (0, 2), (2, 0), (2, 2)),
        (0, 0): ((1, 1),),
        (0, 2): ((1, 1),),
        (2, 0): ((1, 1),),
        (2, 2): ((1, 1), (3, 3)),
        (1, 2): (),
        (3, 3): ((2, 2),),
    }


def test_the_board_tables_of_the_package_data() -> None:
    assert data.CENTRE == (2, 2)
    assert data.INVASION["sword"] == ((5, 2), ((4, 1), (4, 3)), (3, 2))
    assert len(data.INFLUENCE_IDS) == 42 and len(data.BARBARIAN_IDS) == 18
    assert len(data.SOLO_INFLUENCE_IDS) == 36
    assert data.LABEL[data.CENTRE] == "D4" and data.POS["D4"] == (2, 2)


def test_positions_keep_the_file_order() -> None:
    assert data._positions([[0, 0], ["2", "-1"], [4, 5]]) == ((0, 0), (2, -1), (4, 5))
    assert data._positions([]) == ()


def test_named_positions_in_the_order_asked_or_the_file_order() -> None:
    raw = {"wreath": [0, 1], "pillar": [-1, 0], "sword": ["1", "0"]}
    by_file = data._named_positions(raw)
    assert list(by_file.items()) == [("wreath", (0, 1)), ("pillar", (-1, 0)), ("sword", (1, 0))]
    asked = data._named_positions(raw, ("sword", "wreath"))
    assert list(asked.items()) == [("sword", (1, 0)), ("wreath", (0, 1))]
    with pytest.raises(KeyError) as excinfo:
        data._named_positions(raw, ("eagle",))
    assert excinfo.value.args == ("eagle",)


def test_labels_and_their_inverse() -> None:
    labels = data._labels(((2, 2), (-1, 0), (0, 5)))
    assert list(labels.items()) == [((2, 2), "D4"), ((-1, 0), "B1"), ((0, 5), "G2")]
    assert data._by_label(labels) == {"D4": (2, 2), "B1": (-1, 0), "G2": (0, 5)}
    assert list(data._by_label(labels)) == ["D4", "B1", "G2"]
