"""Tests that kill the mutants of rules/imperator/tables.py (issue 11, mutation testing).

The tables are parsed afresh in every test (the loaders cache them per directory). Malformed
copies of the real data files are written to a temporary directory and read through the public
API with ``data_dir``; each refusal is checked for the exact problem it names (file or section,
row, field). The odds columns are checked at their exact bounds (§8.2, Table de Bataille).
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rules.imperator import tables as T


@pytest.fixture(autouse=True)
def _parse_afresh() -> None:
    for cached in (T._battle_table, T._leader_table, T._events, T._stratagems):
        cached.cache_clear()


# --------------------------------------------------------------------------------------------
# a tiny TOML writer for the shapes of our table files (tomllib only reads)
# --------------------------------------------------------------------------------------------


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def _dump(raw: dict[str, Any]) -> str:
    lines: list[str] = []
    for key, val in raw.items():
        if isinstance(val, dict):
            lines.append(f"[{json.dumps(key)}]")
            lines += [f"{json.dumps(str(k))} = {_value(x)}" for k, x in val.items()]
        elif isinstance(val, list) and val and all(isinstance(x, dict) for x in val):
            for item in val:
                lines.append(f"[[{json.dumps(key)}]]")
                lines += [f"{json.dumps(str(k))} = {_value(x)}" for k, x in item.items()]
        else:
            lines.insert(0, f"{json.dumps(key)} = {_value(val)}")
    return "\n".join(lines) + "\n"


def _real(name: str) -> dict[str, Any]:
    return tomllib.loads((T.DEFAULT_DATA_DIR / name).read_text(encoding="utf-8"))


def _write(tmp_path: Path, name: str, raw: dict[str, Any]) -> Path:
    (tmp_path / name).write_text(_dump(raw), encoding="utf-8")
    return tmp_path


def _edited(tmp_path: Path, name: str, edit: Callable[[dict[str, Any]], object]) -> Path:
    """A fresh directory holding ``name`` changed by ``edit`` (the loaders cache per directory)."""
    raw = copy.deepcopy(_real(name))
    edit(raw)
    fresh = tmp_path / f"copy{len(list(tmp_path.iterdir()))}"
    fresh.mkdir()
    return _write(fresh, name, raw)


def _refusal(call: Callable[[], object]) -> str:
    with pytest.raises(T.TableDataError) as info:
        call()
    return str(info.value)


def test_the_writer_round_trips_every_real_table(tmp_path: Path) -> None:
    for name in ("battle.toml", "leader_table.toml", "events.toml", "stratagems.toml"):
        assert tomllib.loads(_write(tmp_path, name, _real(name)).joinpath(name).read_text()) == _real(name)
    assert T.battle_table(tmp_path) == T.battle_table()
    assert dict(T.battle_table(tmp_path).cells) == dict(T.battle_table().cells)
    assert T.leader_rows(tmp_path) == T.leader_rows()
    assert T.events(tmp_path) == T.events()
    assert T.stratagem_types(tmp_path) == T.stratagem_types()


# --------------------------------------------------------------------------------------------
# reading the files
# --------------------------------------------------------------------------------------------


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    where = (tmp_path / "battle.toml").resolve()
    assert _refusal(lambda: T.battle_table(tmp_path)) == f"missing table file: {where}"


def test_a_file_that_is_not_toml_is_named_with_the_parser_error(tmp_path: Path) -> None:
    (tmp_path / "events.toml").write_text("[meta\n", encoding="utf-8")
    message = _refusal(lambda: T.events(tmp_path))
    assert message.startswith(f"cannot parse {(tmp_path / 'events.toml').resolve()}: ")
    assert "line 1" in message


def test_the_default_directory_is_the_package_data() -> None:
    assert T.DEFAULT_DATA_DIR == Path(T.__file__).resolve().parent / "data" / "tables"
    assert T._resolve_dir(None) == str(T.DEFAULT_DATA_DIR)
    assert T._resolve_dir(Path("x/../y")) == str(Path("y").resolve())


# --------------------------------------------------------------------------------------------
# provenance tags
# --------------------------------------------------------------------------------------------


def test_provenance_tags_are_the_three_of_the_design() -> None:
    assert T.PROVENANCE_TAGS == frozenset({"rules", "history", "design"})
    prov: dict[Any, str] = {"a": "rules", 3: "design"}
    assert T._check_prov("x", prov) == {"a": "rules", "3": "design"}


def test_a_bad_provenance_in_the_battle_meta_is_named(tmp_path: Path) -> None:
    path = _edited(tmp_path, "battle.toml", lambda r: r["meta"]["provenance"].update(die="guess"))
    assert _refusal(lambda: T.battle_table(path)) == (
        "battle.meta: provenance of 'die' is 'guess', not one of ['design', 'history', 'rules']")


def test_the_battle_table_needs_no_meta(tmp_path: Path) -> None:
    """Without [meta] the die defaults to the printed 1d6 (AMB-02); without provenance, none."""
    path = _edited(tmp_path, "battle.toml", lambda r: r.pop("meta"))
    assert T.battle_table(path).die == "1d6"
    path = _edited(tmp_path, "battle.toml", lambda r: r["meta"].pop("provenance"))
    assert T.battle_table(path).die == "1d6"
    path = _edited(tmp_path, "battle.toml", lambda r: r["meta"].update(die="2d6"))
    assert T.battle_table(path).die == "2d6"


# --------------------------------------------------------------------------------------------
# battle.toml (§8.2, §8.3)
# --------------------------------------------------------------------------------------------


def test_battle_columns_must_be_the_ten_printed(tmp_path: Path) -> None:
    path = _edited(tmp_path, "battle.toml", lambda r: r["grid"]["columns"].reverse())
    assert _refusal(lambda: T.battle_table(path)) == (
        f"battle.toml columns {tuple(reversed(T.COLUMNS))} differ from {T.COLUMNS}")
    path = _edited(tmp_path, "battle.toml", lambda r: r["grid"].pop("columns"))
    assert _refusal(lambda: T.battle_table(path)) == f"battle.toml columns () differ from {T.COLUMNS}"


@pytest.mark.parametrize(
    "thresholds",
    [
        [[0, 1], [1, 2], [2, 3], [4, 5], [1, 1], [5, 4], [3, 2], [2, 1], [3, 1]],  # one short
        [[0, 1], [1, 2], [2, 3], [4, 5], [1, 1], [5, 4], [3, 2], [2, 1], [3, 1], [3, 1]],  # twice
        [[0, 1], [1, 2], [4, 5], [2, 3], [1, 1], [5, 4], [3, 2], [2, 1], [3, 1], [4, 1]],  # order
        [[0, 1], [1, 2], [2, 3], [4, 5], [1, 1], [5, 4], [3, 2], [2, 1], [3, 1], [4, 1], [5, 1]],
    ],
)
def test_battle_thresholds_one_per_column_strictly_increasing(tmp_path: Path, thresholds: list) -> None:
    path = _edited(tmp_path, "battle.toml", lambda r: r["grid"].update(thresholds=thresholds))
    assert _refusal(lambda: T.battle_table(path)) == (
        "battle.toml thresholds must be strictly increasing, one per column")


def test_battle_thresholds_are_read_as_exact_fractions() -> None:
    table = T.battle_table()
    assert table.thresholds == (Fraction(0), Fraction(1, 2), Fraction(2, 3), Fraction(4, 5), Fraction(1),
                                Fraction(5, 4), Fraction(3, 2), Fraction(2), Fraction(3), Fraction(4))
    assert (table.row_min, table.row_max, table.rr_default) == (-2, 9, "defender")


def test_battle_rows_must_run_from_row_min_to_row_max_in_order(tmp_path: Path) -> None:
    def swap(raw: dict[str, Any]) -> None:
        raw["rows"][0], raw["rows"][1] = raw["rows"][1], raw["rows"][0]

    path = _edited(tmp_path, "battle.toml", swap)
    assert _refusal(lambda: T.battle_table(path)) == (
        "battle.toml rows must run -2..9 in order, got [-1, -2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]")
    path = _edited(tmp_path, "battle.toml", lambda r: r["rows"].pop())
    assert _refusal(lambda: T.battle_table(path)) == (
        "battle.toml rows must run -2..9 in order, got [-2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8]")
    path = _edited(tmp_path, "battle.toml", lambda r: r.pop("rows"))
    assert _refusal(lambda: T.battle_table(path)) == "battle.toml rows must run -2..9 in order, got []"


def test_battle_row_range_comes_from_the_grid(tmp_path: Path) -> None:
    """A table printed from -1 (row -2 dropped) is read as such; a roll of -5 reads row -1."""

    def drop_first(raw: dict[str, Any]) -> None:
        raw["rows"].pop(0)
        raw["grid"]["row_min"] = -1

    path = _edited(tmp_path, "battle.toml", drop_first)
    table = T.battle_table(path)
    assert (table.row_min, table.row_max, len(table.cells)) == (-1, 9, 110)
    result = T.battle_result("2/1", -5, data_dir=path)
    assert (result.row, result.code) == (-1, "A/1/4")


def test_a_battle_row_needs_ten_cells_and_ten_marks(tmp_path: Path) -> None:
    path = _edited(tmp_path, "battle.toml", lambda r: r["rows"][3]["cells"].pop())
    assert _refusal(lambda: T.battle_table(path)) == "battle.toml row 1: need 10 cells and marks"
    path = _edited(tmp_path, "battle.toml", lambda r: r["rows"][4]["winner"].append("D"))
    assert _refusal(lambda: T.battle_table(path)) == "battle.toml row 2: need 10 cells and marks"


@pytest.mark.parametrize(
    ("cell", "col"),
    [("E/R", 0), ("X;R", 3), ("A;X", 9), ("A;", 5), ("R", 2), ("1/3;A", 7)],
)
def test_a_bad_battle_cell_is_named_with_its_row_and_column(tmp_path: Path, cell: str, col: int) -> None:
    path = _edited(tmp_path, "battle.toml", lambda r: r["rows"][5]["cells"].__setitem__(col, cell))
    assert _refusal(lambda: T.battle_table(path)) == (
        f"battle.toml row 3 column {T.COLUMNS[col]}: bad cell {cell!r}")


@pytest.mark.parametrize("mark", ["a", "W", ""])
def test_a_bad_winner_mark_is_named_with_its_row(tmp_path: Path, mark: str) -> None:
    path = _edited(tmp_path, "battle.toml", lambda r: r["rows"][11]["winner"].__setitem__(4, mark))
    assert _refusal(lambda: T.battle_table(path)) == f"battle.toml row 9: bad winner mark {mark!r}"


def test_winner_marks_are_read_per_cell(tmp_path: Path) -> None:
    """The marks say who wins each cell (AMB-01): a changed mark changes the winner read."""

    def flip(raw: dict[str, Any]) -> None:
        raw["rows"][0]["winner"][0] = "A"   # row -2, column 1/3 (E/R): the defender's by AMB-01

    path = _edited(tmp_path, "battle.toml", flip)
    assert T.battle_result("1/3", -2, data_dir=path).winner == "attacker"
    assert T.battle_result("1/3", -2).winner == "defender"
    assert T.battle_result("4/1", 9).winner == "attacker"


def test_rr_default_stalemate_and_a_bad_one(tmp_path: Path) -> None:
    path = _edited(tmp_path, "battle.toml", lambda r: r["winner_rules"].update(rr_default="stalemate"))
    assert T.battle_table(path).rr_default == "stalemate"
    assert T.battle_result("1/1", 3, data_dir=path).winner is None
    assert T.battle_result("1/1", 3, rr_result="defender", data_dir=path).winner == "defender"
    path = _edited(tmp_path, "battle.toml", lambda r: r.pop("winner_rules"))
    assert T.battle_table(path).rr_default == "defender"
    path = _edited(tmp_path, "battle.toml", lambda r: r["winner_rules"].update(rr_default="draw"))
    assert _refusal(lambda: T.battle_table(path)) == "battle.toml: bad rr_default 'draw'"


def test_a_bad_rr_switch_names_the_value_given() -> None:
    with pytest.raises(ValueError) as info:
        T.battle_result("1/1", 3, rr_result="draw")  # type: ignore[arg-type]
    assert str(info.value) == "rr_result must be 'defender' or 'stalemate', got 'draw'"


def test_the_stalemate_switch_touches_only_r_r_cells() -> None:
    """R/A or A/R are not R/R: the stalemate switch leaves their winner (AMB-01)."""
    assert T.battle_result("4/1", 0, rr_result="stalemate").code == "3/4/A"
    assert T.battle_result("4/1", 0, rr_result="stalemate").winner == "attacker"
    assert T.battle_result("1/3", 3, rr_result="stalemate").code == "A/R"
    assert T.battle_result("1/3", 3, rr_result="stalemate").winner == "defender"
    assert T.battle_result("4/1", 5, rr_result="stalemate").code == "R/A"
    assert T.battle_result("4/1", 5, rr_result="stalemate").winner == "attacker"


# --------------------------------------------------------------------------------------------
# odds columns (§8.2: rounded in the defender's favour; Table de Bataille columns)
# --------------------------------------------------------------------------------------------

# each printed column with its lower bound (num, den); "1/3" stands for "1/3 et -"
BOUNDS = [("1/2", 1, 2), ("2/3", 2, 3), ("4/5", 4, 5), ("1/1", 1, 1), ("5/4", 5, 4),
          ("3/2", 3, 2), ("2/1", 2, 1), ("3/1", 3, 1), ("4/1", 4, 1)]


@pytest.mark.parametrize(("column", "num", "den"), BOUNDS)
def test_each_column_starts_exactly_at_its_printed_ratio(column: str, num: int, den: int) -> None:
    """At the exact ratio the column is reached; one PF less falls to the column on its left."""
    left = T.COLUMNS[T.COLUMNS.index(column) - 1]
    for k in (12, 20, 60):  # one PF is then less than the gap between two columns
        assert T.odds_column(num * k, den * k) == column, k
        assert T.odds_column(num * k - 1, den * k) == left, k
        assert T.odds_column(num * k, den * k + 1) == left, k


def test_the_printed_example_55_against_37_reads_5_4() -> None:
    """§8.2 example: 55 PF against 37 PF is 1.48, below 3/2, so the column is 5/4."""
    assert T.odds_column(55, 37) == "5/4"
    assert T.odds_column(56, 37) == "3/2"


def test_odds_column_edges() -> None:
    """Anything below 1/2 reads "1/3 et -", 4 or more reads "4/1 et +"; a 1-PF defender works."""
    assert T.odds_column(0, 1) == "1/3"
    assert T.odds_column(1, 1) == "1/1"
    assert T.odds_column(0, 7) == "1/3"
    assert T.odds_column(1, 3) == "1/3"
    assert T.odds_column(9, 1) == "4/1"
    assert T.odds_column(1000, 1) == "4/1"


def test_odds_column_refusals_name_the_value() -> None:
    with pytest.raises(ValueError) as info:
        T.odds_column(5, 0)
    assert str(info.value) == "defender PF must be positive, got 0"
    with pytest.raises(ValueError) as info:
        T.odds_column(-1, 1)
    assert str(info.value) == "attacker PF must not be negative, got -1"
    for att, dfd in ((True, 3), (3, True), (1.5, 3), (3, 2.5)):
        with pytest.raises(TypeError) as type_info:
            T.odds_column(att, dfd)  # type: ignore[arg-type]
        assert str(type_info.value) == "PF totals must be integers"
    assert T.odds_column(3.0, 2.0) == "3/2"  # type: ignore[arg-type]


def test_odds_column_reads_the_thresholds_of_the_data(tmp_path: Path) -> None:
    """An erratum moving the 3/2 column to 8/5 is followed (data, not code)."""

    def erratum(raw: dict[str, Any]) -> None:
        raw["grid"]["thresholds"][6] = [8, 5]

    path = _edited(tmp_path, "battle.toml", erratum)
    assert T.odds_column(3, 2, data_dir=path) == "5/4"
    assert T.odds_column(8, 5, data_dir=path) == "3/2"
    assert T.odds_column(3, 2) == "3/2"


# --------------------------------------------------------------------------------------------
# columns and shifts (AMB-05)
# --------------------------------------------------------------------------------------------


def test_a_bad_column_names_itself_and_the_columns() -> None:
    with pytest.raises(ValueError) as info:
        T.normalize_column("6/1")
    assert str(info.value) == f"unknown Battle table column '6/1'; expected one of {T.COLUMNS}"


@pytest.mark.parametrize(
    ("label", "canon"),
    [("1/3 and  less", "1/3"), ("1/3et-", "1/3"), ("4/1 and +", "4/1"), ("1/3 and -", "1/3"),
     ("4/1−", "4/1"), ("4 / 1 +", "4/1"), ("  2/1", "2/1")],
)
def test_printed_column_forms(label: str, canon: str) -> None:
    assert T.normalize_column(label) == canon


def test_shifts_move_one_column_each_and_clamp() -> None:
    assert [T.shift_column("1/1", s) for s in (-5, -4, -1, 0, 1, 4, 5, 6)] == [
        "1/3", "1/3", "4/5", "1/1", "5/4", "3/1", "4/1", "4/1"]
    assert T.column_index("4/1 et +") == 9
    assert T.column_index("1/3 et -") == 0


# --------------------------------------------------------------------------------------------
# leader_table.toml (Leader Arrival and Death table)
# --------------------------------------------------------------------------------------------


def _leader(raw: dict[str, Any], lid: str) -> dict[str, Any]:
    return next(item for item in raw["leaders"] if item["id"] == lid)


def test_a_bad_provenance_in_the_leader_meta_or_a_row_is_named(tmp_path: Path) -> None:
    path = _edited(tmp_path, "leader_table.toml", lambda r: r["meta"]["provenance"].update(die="dice"))
    assert _refusal(lambda: T.leader_rows(path)) == (
        "leader_table.meta: provenance of 'die' is 'dice', not one of ['design', 'history', 'rules']")
    path = _edited(tmp_path, "leader_table.toml", lambda r: _leader(r, "geta")["prov"].update(entry="myth"))
    assert _refusal(lambda: T.leader_rows(path)) == (
        "leader geta: provenance of 'entry' is 'myth', not one of ['design', 'history', 'rules']")


def test_the_leader_table_needs_no_meta_nor_prov(tmp_path: Path) -> None:
    def strip(raw: dict[str, Any]) -> None:
        raw.pop("meta")
        for item in raw["leaders"]:
            item.pop("prov")

    path = _edited(tmp_path, "leader_table.toml", strip)
    rows = T.leader_rows(path)
    assert len(rows) == 35 and all(dict(r.provenance) == {} for r in rows)
    path = _edited(tmp_path, "leader_table.toml", lambda r: r["meta"].pop("provenance"))
    assert len(T.leader_rows(path)) == 35


def test_a_row_is_read_field_by_field() -> None:
    row = T.leader_row("vologese_iv")
    assert (row.id, row.printed, row.side, row.entry, row.entry_rule, row.death) == (
        "vologese_iv", "Vologèse IV", "parthian", None, "after:vologese_iii", 200)
    assert row.checks == tuple(range(191, 200))
    assert row.aliases == ("Vologese IV", "Vologases IV", "Vologaeses IV")
    geta = T.leader_row("geta")
    assert (geta.entry, geta.entry_rule, geta.death, geta.checks) == (205, None, None, (213, 214, 215, 216, 217))
    assert dict(T.leader_row("lucius_verus").provenance) == {
        "printed": "rules", "entry": "rules", "checks": "rules", "death": "rules",
        "aliases_printed": "rules", "aliases_history": "history", "id": "design", "side": "rules"}


def test_a_row_without_checks_or_aliases(tmp_path: Path) -> None:
    def bare(raw: dict[str, Any]) -> None:
        item = _leader(raw, "flavius_maternianus")
        for key in ("checks", "aliases_printed", "aliases_history"):
            item.pop(key, None)

    path = _edited(tmp_path, "leader_table.toml", bare)
    row = T.leader_row("flavius_maternianus", data_dir=path)
    assert (row.checks, row.aliases, row.death) == ((), (), None)
    assert row.threshold(210) is None


def test_checks_are_at_most_nine_consecutive_years(tmp_path: Path) -> None:
    path = _edited(tmp_path, "leader_table.toml",
                   lambda r: _leader(r, "geta").update(checks=list(range(209, 219))))
    assert _refusal(lambda: T.leader_rows(path)) == "leader geta: checks must be at most 9 consecutive years"
    path = _edited(tmp_path, "leader_table.toml",
                   lambda r: _leader(r, "geta").update(checks=[213, 214, 216, 217]))
    assert _refusal(lambda: T.leader_rows(path)) == "leader geta: checks must be at most 9 consecutive years"
    path = _edited(tmp_path, "leader_table.toml",
                   lambda r: _leader(r, "geta").update(checks=[214, 213]))
    assert _refusal(lambda: T.leader_rows(path)) == "leader geta: checks must be at most 9 consecutive years"
    path = _edited(tmp_path, "leader_table.toml",
                   lambda r: _leader(r, "geta").update(checks=list(range(209, 218))))
    assert T.leader_row("geta", data_dir=path).checks == tuple(range(209, 218))
    assert T.leader_row("geta", data_dir=path).threshold(217) == 9


def test_the_death_year_follows_the_last_check(tmp_path: Path) -> None:
    path = _edited(tmp_path, "leader_table.toml", lambda r: _leader(r, "geta").update(death=217))
    assert _refusal(lambda: T.leader_rows(path)) == "leader geta: death year must follow the last check"
    path = _edited(tmp_path, "leader_table.toml", lambda r: _leader(r, "geta").update(death=218))
    assert T.leader_row("geta", data_dir=path).death == 218
    assert T.leader_row("geta", data_dir=path).threshold(218) == 10

    def no_checks(raw: dict[str, Any]) -> None:
        _leader(raw, "flavius_maternianus").update(death=211)

    path = _edited(tmp_path, "leader_table.toml", no_checks)
    assert T.leader_row("flavius_maternianus", data_dir=path).death == 211


def test_a_row_gives_exactly_one_of_entry_and_entry_rule(tmp_path: Path) -> None:
    path = _edited(tmp_path, "leader_table.toml", lambda r: _leader(r, "geta").update(entry_rule="after:x"))
    assert _refusal(lambda: T.leader_rows(path)) == "leader geta: give exactly one of entry / entry_rule"
    path = _edited(tmp_path, "leader_table.toml", lambda r: _leader(r, "geta").pop("entry"))
    assert _refusal(lambda: T.leader_rows(path)) == "leader geta: give exactly one of entry / entry_rule"


def test_a_name_shared_by_two_rows_is_refused(tmp_path: Path) -> None:
    path = _edited(tmp_path, "leader_table.toml",
                   lambda r: _leader(r, "geta")["aliases_history"].append("Carácalla"))
    assert _refusal(lambda: T.leader_rows(path)) == "leader name 'Carácalla' is ambiguous (caracalla / geta)"


def test_a_row_may_repeat_its_own_name() -> None:
    """Geta's alias "Geta" is his printed name: not ambiguous with himself."""
    assert T.leader_row("Geta").id == "geta"
    assert T.leader_row("Publius Septimius Geta").id == "geta"


def test_unknown_leader_names_itself() -> None:
    with pytest.raises(KeyError) as info:
        T.leader_row("Nero")
    assert info.value.args[0] == "'Nero' is not in the Leader Arrival and Death table"


def test_a_d10_roll_is_0_to_9() -> None:
    for roll in (-1, 10, 2.5, True):
        with pytest.raises(ValueError) as info:
            T.leader_dies("geta", 213, roll)  # type: ignore[arg-type]
        assert str(info.value) == f"a d10 roll is 0..9 (0.1), got {roll!r}"
    assert T.leader_dies("geta", 213, 0) is True
    assert T.leader_dies("geta", 213, 9) is False


# --------------------------------------------------------------------------------------------
# events.toml
# --------------------------------------------------------------------------------------------


def test_events_must_be_numbered_1_to_15(tmp_path: Path) -> None:
    path = _edited(tmp_path, "events.toml", lambda r: r["events"].pop())
    assert _refusal(lambda: T.events(path)) == "events.toml must list events 1..15 in order"
    path = _edited(tmp_path, "events.toml", lambda r: r["events"].reverse())
    assert _refusal(lambda: T.events(path)) == "events.toml must list events 1..15 in order"


def test_a_bad_event_provenance_is_named(tmp_path: Path) -> None:
    path = _edited(tmp_path, "events.toml", lambda r: r["meta"]["provenance"].update(names="folk"))
    assert _refusal(lambda: T.events(path)) == (
        "events.meta: provenance of 'names' is 'folk', not one of ['design', 'history', 'rules']")
    path = _edited(tmp_path, "events.toml", lambda r: r["events"][6].update(prov={"effects": "folk"}))
    assert _refusal(lambda: T.events(path)) == (
        "event 7: provenance of 'effects' is 'folk', not one of ['design', 'history', 'rules']")


def test_event_defaults_and_fields(tmp_path: Path) -> None:
    def bare(raw: dict[str, Any]) -> None:
        raw.pop("meta")
        item = raw["events"][2]
        for key in ("duration", "effects", "prov"):
            item.pop(key, None)
        item["description"] = "  spaced out \n"

    path = _edited(tmp_path, "events.toml", bare)
    third = T.events(path)[2]
    assert (third.number, third.total, third.duration, third.description) == (3, 3, "turn", "spaced out")
    assert dict(third.effects) == {} and dict(third.provenance) == {}
    assert (third.battle_bonus_side, third.battle_bonus, third.battle_bonus_condition) == (None, 0, None)
    real = T.events()[2]
    assert (third.id, third.name, third.name_fr) == (real.id, real.name, real.name_fr)


def test_event_battle_bonus_fields_are_read_from_effects(tmp_path: Path) -> None:
    def bonus(raw: dict[str, Any]) -> None:
        raw["events"][0]["effects"] = {"battle_bonus_side": "eor", "battle_bonus": -2,
                                       "battle_bonus_condition": "in_italia"}

    first = T.events(_edited(tmp_path, "events.toml", bonus))[0]
    assert (first.battle_bonus_side, first.battle_bonus, first.battle_bonus_condition) == ("eor", -2, "in_italia")


def test_event_totals_out_of_range_name_the_value() -> None:
    for total in (0, 16, 2.5, True):
        with pytest.raises(ValueError) as info:
            T.event(total)  # type: ignore[arg-type]
        assert str(info.value) == f"an Events table total is 1..15 (1d6 + 1d10), got {total!r}"
    for d6 in (0, 7):
        with pytest.raises(ValueError) as info:
            T.event_for_dice(d6, 3)
        assert str(info.value) == f"a d6 roll is 1..6, got {d6!r}"
    assert [T.event_for_dice(d6, d10).number for d6, d10 in ((1, 0), (6, 9), (1, 9), (6, 0))] == [1, 15, 10, 6]
    assert T.event(15).number == 15 and T.event(1).number == 1


# --------------------------------------------------------------------------------------------
# stratagems.toml (chapter 6)
# --------------------------------------------------------------------------------------------


def test_a_stratagem_id_given_twice_is_named(tmp_path: Path) -> None:
    path = _edited(tmp_path, "stratagems.toml", lambda r: r["stratagems"].append(dict(r["stratagems"][1])))
    assert _refusal(lambda: T.stratagem_types(path)) == (
        "stratagem id 'pacification_d_un_peuple_mineur' appears twice")


@pytest.mark.parametrize(("field", "value"), [("side", "gaul"), ("phase", "D"), ("side", "roman")])
def test_a_bad_side_or_phase_is_named(tmp_path: Path, field: str, value: str) -> None:
    path = _edited(tmp_path, "stratagems.toml", lambda r: r["stratagems"][0].update({field: value}))
    side = value if field == "side" else "rome"
    phase = value if field == "phase" else "E"
    assert _refusal(lambda: T.stratagem_types(path)) == (
        f"stratagem coup_d_etat_parthe: bad side {side!r} or phase {phase!r}")


@pytest.mark.parametrize(("field", "value"), [("after_play", "discard"), ("timing", "phase_d")])
def test_a_bad_after_play_or_timing_is_named(tmp_path: Path, field: str, value: str) -> None:
    path = _edited(tmp_path, "stratagems.toml", lambda r: r["stratagems"][0].update({field: value}))
    assert _refusal(lambda: T.stratagem_types(path)) == "stratagem coup_d_etat_parthe: bad after_play or timing"


def test_every_side_phase_timing_and_after_play_of_the_data_is_accepted() -> None:
    kinds = T.stratagem_types()
    assert {s.side for s in kinds} == {"rome", "eor", "both"}
    assert {s.phase for s in kinds} == {"B", "C", "E"}
    assert {s.after_play for s in kinds} == {"cup", "removed_from_game", "stays_on_map", "stays_until_end_of_phase_e"}
    assert {s.timing for s in kinds} == {"initiative_roll", "phase_c", "any_time_phase_e", "before_battle_roll",
                                         "before_battle", "after_battle", "on_die_roll"}


def test_stratagem_defaults_and_fields(tmp_path: Path) -> None:
    def bare(raw: dict[str, Any]) -> None:
        item = raw["stratagems"][0]
        for key in ("count", "params", "prov"):
            item.pop(key)
        item["description"] = " text \n"
        item["section"] = "6.1; §4.5;"

    first = T.stratagem_types(_edited(tmp_path, "stratagems.toml", bare))[0]
    assert (first.count, dict(first.params), dict(first.provenance), first.description) == (1, {}, {}, "text")
    assert first.section == "§6.1; §4.5"
    real = T.stratagem("coup_d_etat_parthe")
    assert (real.name_fr, real.name_en, real.side, real.phase, real.timing) == (
        "Coup d'état parthe", "Parthian Coup", "rome", "E", "any_time_phase_e")
    assert (real.keep_across_turns, real.once_per_scenario, real.after_play, real.count) == (
        True, False, "stays_on_map", 1)
    assert dict(real.params) == {"vp_per_phase_f": 3, "placed_in": "ctesiphon"}
    assert real.stays_on_map is True


def test_a_bad_stratagem_provenance_is_named(tmp_path: Path) -> None:
    path = _edited(tmp_path, "stratagems.toml", lambda r: r["stratagems"][0]["prov"].update(id="lore"))
    assert _refusal(lambda: T.stratagem_types(path)) == (
        "stratagem coup_d_etat_parthe: provenance of 'id' is 'lore', not one of ['design', 'history', 'rules']")


def test_stratagem_lookups_and_sides() -> None:
    assert T.stratagem("Parthian Coup").id == "coup_d_etat_parthe"
    assert T.stratagem("coup d'etat parthe").id == "coup_d_etat_parthe"
    with pytest.raises(KeyError) as info:
        T.stratagem("Trojan horse")
    assert info.value.args[0] == "unknown stratagem 'Trojan horse'"
    coup = T.stratagem("coup_d_etat_parthe")
    assert (coup.usable_by("Roman"), coup.usable_by("ROME"), coup.usable_by("eor")) == (True, True, False)
    with pytest.raises(ValueError) as value_info:
        coup.usable_by("gaul")
    assert str(value_info.value) == "side must be 'rome' or 'eor', got 'gaul'"


def test_cite_sections() -> None:
    assert T.cite_sections("6.2; 4.5") == "§6.2; §4.5"
    assert T.cite_sections("§6.1") == "§6.1"
    assert T.cite_sections(" ; 6.3 ;") == "§6.3"


def test_normalize_name_folds_punctuation() -> None:
    assert T.normalize_name("Septime-Sévère") == "septime severe"
    assert T.normalize_name("d’Osrhoène (roi), II.") == "d osrhoene roi ii"
    assert T.normalize_name("a_b'c") == "a b c"


# --------------------------------------------------------------------------------------------
# second pass: the survivors of the first mutation run
# --------------------------------------------------------------------------------------------


def test_a_battle_table_without_grid_or_thresholds_is_refused_by_name(tmp_path: Path) -> None:
    path = _edited(tmp_path, "battle.toml", lambda r: r.pop("grid"))
    assert _refusal(lambda: T.battle_table(path)) == f"battle.toml columns () differ from {T.COLUMNS}"
    path = _edited(tmp_path, "battle.toml", lambda r: r["grid"].pop("thresholds"))
    assert _refusal(lambda: T.battle_table(path)) == (
        "battle.toml thresholds must be strictly increasing, one per column")


def test_a_ratio_below_every_threshold_reads_the_first_column(tmp_path: Path) -> None:
    """If the first column's bound is printed as 1/3 (not 0), a ratio under it still reads the
    "1/3 et -" column: that column holds every ratio below the next one (Table de Bataille)."""
    path = _edited(tmp_path, "battle.toml", lambda r: r["grid"]["thresholds"].__setitem__(0, [1, 3]))
    assert T.odds_column(1, 4, data_dir=path) == "1/3"
    assert T.odds_column(0, 4, data_dir=path) == "1/3"
    assert T.odds_column(1, 3, data_dir=path) == "1/3"
    assert T.odds_column(1, 2, data_dir=path) == "1/2"


def test_average_rating_of_nothing_names_the_problem() -> None:
    with pytest.raises(ValueError) as info:
        T.average_rating([])
    assert str(info.value) == "average_rating needs at least one value"


def test_a_leader_table_without_leaders_is_empty(tmp_path: Path) -> None:
    path = _edited(tmp_path, "leader_table.toml", lambda r: r.pop("leaders"))
    assert T.leader_rows(path) == ()


def test_every_lookup_reads_the_data_dir_it_is_given(tmp_path: Path) -> None:
    """An erratum copy is read by every public lookup, not the package data."""

    def later_geta(raw: dict[str, Any]) -> None:
        _leader(raw, "geta").update(entry=206, checks=[214, 215, 216, 217, 218])

    leaders = _edited(tmp_path, "leader_table.toml", later_geta)
    assert T.death_threshold("geta", 213) == 1
    assert T.death_threshold("geta", 213, data_dir=leaders) is None
    assert T.death_threshold("geta", 218, data_dir=leaders) == 5
    assert T.leader_dies("geta", 213, 0) is True
    assert T.leader_dies("geta", 213, 0, data_dir=leaders) is False

    def renamed(raw: dict[str, Any]) -> None:
        raw["events"][7]["name"] = "Renamed eight"

    events = _edited(tmp_path, "events.toml", renamed)
    assert T.event(8, data_dir=events).name == "Renamed eight"
    assert T.event(8).name != "Renamed eight"
    assert T.event_for_dice(3, 5, data_dir=events).name == "Renamed eight"
    assert T.event_for_dice(3, 5).name != "Renamed eight"

    def english(raw: dict[str, Any]) -> None:
        raw["stratagems"][0]["name_en"] = "Coup in Ctesiphon"

    stratagems = _edited(tmp_path, "stratagems.toml", english)
    assert T.stratagem("Coup in Ctesiphon", data_dir=stratagems).id == "coup_d_etat_parthe"
    with pytest.raises(KeyError):
        T.stratagem("Coup in Ctesiphon")
