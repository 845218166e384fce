"""Unit tests for rules/imperator/tables.py and the TOML tables it loads.

Tests that compare with the rule books in ../shared get them from the ``shared`` fixture
(tests/conftest.py): skipped locally when absent, failing under CI=true.
"""

from __future__ import annotations

import re
import shutil
import unicodedata
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.imperator import combat_math as C
from rules.imperator import tables as T

FR_BOOK = "002_bea8673be4883741.txt"
EN_BOOK = "000_4b8f6740f81a3b33.txt"


@pytest.fixture(autouse=True)
def _parse_afresh() -> None:
    """Every test here reads the tables parsed anew (the loaders cache them per directory): so a
    change in the parsing is seen by these tests whatever ran before them (mutation testing)."""
    for cached in (T._battle_table, T._leader_table, T._events, T._stratagems):
        cached.cache_clear()


@pytest.fixture
def fr_rules(shared) -> Path:
    return shared("seeds", FR_BOOK)


@pytest.fixture
def en_rules(shared) -> Path:
    return shared("seeds", EN_BOOK)


# Order of cells, worst to best for the attacker (used for the monotonicity audit).
ORDER = ["E;R", "A;R", "A;1/4", "A;1/2", "A;3/4", "R;R", "3/4;A", "1/2;A", "1/4;A", "R;A", "R;E"]


# --------------------------------------------------------------------------------------------
# odds_column
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("att", "dfd", "col"),
    [
        (1, 4, "1/3"),
        (1, 3, "1/3"),
        (49, 100, "1/3"),
        (1, 2, "1/2"),
        (50, 100, "1/2"),
        (66, 100, "1/2"),
        (2, 3, "2/3"),
        (79, 100, "2/3"),
        (4, 5, "4/5"),
        (99, 100, "4/5"),
        (1, 1, "1/1"),
        (124, 100, "1/1"),
        (5, 4, "5/4"),
        (149, 100, "5/4"),
        (3, 2, "3/2"),
        (199, 100, "3/2"),
        (2, 1, "2/1"),
        (299, 100, "2/1"),
        (3, 1, "3/1"),
        (399, 100, "3/1"),
        (4, 1, "4/1"),
        (100, 1, "4/1"),
        (0, 5, "1/3"),
    ],
)
def test_odds_column_boundaries(att: int, dfd: int, col: str) -> None:
    assert T.odds_column(att, dfd) == col


def test_odds_column_matches_exact_fraction_everywhere() -> None:
    bounds = [Fraction(0), Fraction(1, 2), Fraction(2, 3), Fraction(4, 5), Fraction(1),
              Fraction(5, 4), Fraction(3, 2), Fraction(2), Fraction(3), Fraction(4)]
    for a in range(0, 121):
        for d in range(1, 61):
            ratio = Fraction(a, d)
            expected = max(i for i, b in enumerate(bounds) if ratio >= b)
            assert T.odds_column(a, d) == T.COLUMNS[expected], (a, d)


def test_odds_column_rejects_zero_defender_and_negative() -> None:
    with pytest.raises(ValueError):
        T.odds_column(10, 0)
    with pytest.raises(ValueError):
        T.odds_column(10, -3)
    with pytest.raises(ValueError):
        T.odds_column(-1, 3)
    with pytest.raises(TypeError):
        T.odds_column(1.5, 3)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# battle_result and the battle.toml grid
# --------------------------------------------------------------------------------------------


def test_battle_grid_shape_and_tokens() -> None:
    table = T.battle_table()
    assert table.columns == T.COLUMNS
    assert (table.row_min, table.row_max) == (-2, 9)
    assert table.die == "1d6"
    assert len(table.cells) == 12 * 10
    for att, dfd in table.cells.values():
        assert att in T.BATTLE_RESULTS and dfd in T.BATTLE_RESULTS


def test_winner_marks_follow_amb01() -> None:
    table = T.battle_table()
    rr = 0
    for key, (att, dfd) in table.cells.items():
        win = table.winners[key]
        if att in ("A", "E"):
            assert win == "defender", key
        elif dfd in ("A", "E"):
            assert win == "attacker", key
        else:
            assert (att, dfd) == ("R", "R"), key
            assert win == "defender", key
            rr += 1
        assert not (att in ("A", "E") and dfd in ("A", "E")), key
    assert rr == 20  # 20 R/R cells in the printed grid


def test_only_the_two_known_cells_break_monotonicity() -> None:
    """Row-wise and column-wise the table improves for the attacker, except two printed cells."""
    table = T.battle_table()
    breaks = set()
    for row in range(-2, 10):
        for col in range(10):
            here = ORDER.index(";".join(table.cell(row, col)))
            if col > 0 and ORDER.index(";".join(table.cell(row, col - 1))) > here:
                breaks.add((row, T.COLUMNS[col]))
            if row > -2 and ORDER.index(";".join(table.cell(row - 1, col))) > here:
                breaks.add((row, T.COLUMNS[col]))
    assert breaks <= {(-1, "2/1"), (8, "2/3"), (9, "2/3")}
    assert (-1, "2/1") in breaks and (8, "2/3") in breaks


def test_battle_result_fields_and_code() -> None:
    r = T.battle_result("1/1", 3)
    assert (r.attacker, r.defender, r.code, str(r)) == ("R", "R", "R/R", "R/R")
    assert r.winner == "defender" and r.loser == "attacker"
    r = T.battle_result("1/1", 6)
    assert (r.attacker, r.defender) == ("1/2", "A")
    assert r.attacker_wins and not r.defender_wins and r.loser == "defender"
    assert (r.column, r.row) == ("1/1", 6)


def test_battle_result_is_frozen() -> None:
    r = T.battle_result("1/1", 3)
    with pytest.raises(AttributeError):
        r.attacker = "E"  # type: ignore[misc]


@pytest.mark.parametrize("roll", [-2, -3, -10, -100])
def test_rows_below_minus_two_clamp(roll: int) -> None:
    r = T.battle_result("3/2", roll)
    assert (r.attacker, r.defender, r.row) == ("A", "1/4", -2)


@pytest.mark.parametrize("roll", [9, 10, 15, 100])
def test_rows_above_nine_clamp(roll: int) -> None:
    r = T.battle_result("1/3", roll)
    assert (r.attacker, r.defender, r.row) == ("1/4", "A", 9)


def test_column_shift_and_clamp() -> None:
    assert T.battle_result("1/1", 4, 1).column == "5/4"
    assert T.battle_result("1/1", 4, -2).column == "2/3"
    assert T.battle_result("3/1", 4, 5).column == "4/1"
    assert T.battle_result("1/2", 4, -3).column == "1/3"
    assert T.shift_column("4/1", 2) == "4/1"
    assert T.shift_column("1/3", -2) == "1/3"


@pytest.mark.parametrize(
    ("label", "canon"),
    [("1/3 and less", "1/3"), ("1/3 et -", "1/3"), ("1/3-", "1/3"), ("4/1 and more", "4/1"),
     ("4/1 et +", "4/1"), ("4/1+", "4/1"), (" 5/4 ", "5/4"), ("3:2", "3/2")],
)
def test_column_aliases(label: str, canon: str) -> None:
    assert T.normalize_column(label) == canon


def test_bad_column_rejected() -> None:
    with pytest.raises(ValueError):
        T.battle_result("6/1", 3)


def test_rr_stalemate_switch() -> None:
    r = T.battle_result("1/1", 3, rr_result="stalemate")
    assert r.winner is None and r.loser is None
    # Non-R/R cells are unaffected by the switch.
    assert T.battle_result("1/1", 6, rr_result="stalemate").winner == "attacker"
    with pytest.raises(ValueError):
        T.battle_result("1/1", 3, rr_result="draw")  # type: ignore[arg-type]


def _fr_battle_rows(fr_rules: Path) -> dict[int, list[str]]:
    text = fr_rules.read_text(encoding="utf-8")
    start = text.index("## Tables des combats")
    rows: dict[int, list[str]] = {}
    for line in text[start:].splitlines():
        m = re.match(r"<b>(-?\d+)[^<]*</b>\t(.*)$", line)
        if m:
            rows[int(m.group(1))] = [c.strip().replace(" / ", ";", 1) for c in m.group(2).split("\t")]
        if len(rows) == 12:
            break
    return rows


def test_battle_grid_matches_french_table(fr_rules: Path) -> None:
    """Every cell of battle.toml equals the cell printed in the French rules (D-xx: FR rules)."""
    fr = _fr_battle_rows(fr_rules)
    assert sorted(fr) == list(range(-2, 10))
    table = T.battle_table()
    for row, cells in fr.items():
        assert len(cells) == 10
        for col, cell in enumerate(cells):
            assert ";".join(table.cell(row, col)) == cell, (row, T.COLUMNS[col])


def test_alternate_data_dir(tmp_path: Path) -> None:
    """An erratum can be applied by pointing at another copy of the data."""
    for f in T.DEFAULT_DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / "battle.toml").read_text(encoding="utf-8")
    text = text.replace('cells = ["E;R", "E;R", "A;R", "A;1/4", "A;1/4", "A;1/4", "A;1/2", "A;1/4"',
                        'cells = ["E;R", "E;R", "A;R", "A;1/4", "A;1/4", "A;1/4", "A;1/2", "A;1/2"')
    (tmp_path / "battle.toml").write_text(text, encoding="utf-8")
    assert T.battle_result("2/1", -1, data_dir=tmp_path).code == "A/1/2"
    assert T.battle_result("2/1", -1).code == "A/1/4"


def test_broken_data_dir_raises(tmp_path: Path) -> None:
    (tmp_path / "battle.toml").write_text("[grid]\ncolumns = []\n", encoding="utf-8")
    with pytest.raises(T.TableDataError):
        T.battle_table(tmp_path)
    with pytest.raises(T.TableDataError):
        T.events(tmp_path / "nowhere")


# --------------------------------------------------------------------------------------------
# average_rating
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "avg"),
    [([1, 1, 3], 1), ([3], 3), ([2, 3], 2), ([0, 0, 1], 0), ([3, 3, 2], 2), ([0], 0), ([-1, 0], -1)],
)
def test_average_rating_rounds_down(values: list[int], avg: int) -> None:
    assert T.average_rating(values) == avg


def test_average_rating_empty() -> None:
    with pytest.raises(ValueError):
        T.average_rating([])


# --------------------------------------------------------------------------------------------
# Leader Arrival and Death table
# --------------------------------------------------------------------------------------------


def test_leader_table_has_35_rows_and_no_joke_row() -> None:
    rows = T.leader_rows()
    assert len(rows) == 35
    assert sum(r.side == "roman" for r in rows) == 30
    assert sum(r.side == "parthian" for r in rows) == 5
    assert not any("biggus" in T.normalize_name(" ".join((r.printed, *r.aliases))) for r in rows)
    with pytest.raises(KeyError):
        T.leader_row("Biggus Dickus")


def test_leader_checks_shape() -> None:
    for r in T.leader_rows():
        if r.death is not None:
            assert len(r.checks) == 9 and r.death == r.checks[-1] + 1, r.id
        assert all(p in T.PROVENANCE_TAGS for p in r.provenance.values())


@pytest.mark.parametrize(
    "name",
    ["Septime-Sévère", "Septime Sévère", "septime severe", "Septimius Severus", "septimius_severus",
     "SEPTIME-SEVERE"],
)
def test_leader_aliases(name: str) -> None:
    assert T.leader_row(name).id == "septime_severe"


@pytest.mark.parametrize(
    ("name", "lid"),
    [("Stadius Priscus", "statius_priscus"), ("Statius Priscus", "statius_priscus"),
     ("Tarrutienius Paternus", "tarrutienus_paternus"), ("Commode", "commode"),
     ("Commodus", "commode"), ("Géta", "geta"), ("Geta", "geta"), ("Vologèse III", "vologese_iii"),
     ("Vologese 111", "vologese_iii"), ("Vologases IV", "vologese_iv"),
     ("Artaban V", "artaban_v"), ("Marc-Auréle", "marc_aurele"),
     ("Marcus Aurelius", "marc_aurele"), ("Pertinax", "helvius_pertinax"),
     ("Opellius Macrinus", "opelius_macrinus"), ("Basseus Rufus", "basseus_rufus")],
)
def test_leader_name_forms(name: str, lid: str) -> None:
    assert T.leader_row(name).id == lid


def test_unknown_leader_and_bad_roll() -> None:
    with pytest.raises(KeyError):
        T.leader_dies("Marcomanni leader", 170, 0)
    with pytest.raises(ValueError):
        T.leader_dies("Lucius Verus", 170, 10)
    with pytest.raises(ValueError):
        T.leader_dies("Lucius Verus", 170, -1)


def test_leader_threshold_values() -> None:
    assert T.death_threshold("Lucius Verus", 164) is None
    assert T.death_threshold("Lucius Verus", 165) == 1
    assert T.death_threshold("Lucius Verus", 173) == 9
    assert T.death_threshold("Lucius Verus", 174) == 10
    assert T.death_threshold("Flavius Maternianus", 217) is None


def test_every_roll_in_every_check_year() -> None:
    for r in T.leader_rows():
        for k, year in enumerate(r.checks, start=1):
            for roll in range(10):
                assert T.leader_dies(r.id, year, roll) is (roll < k), (r.id, year, roll)
        if r.death is not None:
            assert all(T.leader_dies(r.id, r.death, roll) for roll in range(10))
        first = r.checks[0] if r.checks else 218
        assert not any(T.leader_dies(r.id, first - 1, roll) for roll in range(10))


def _fr_leader_rows(fr_rules: Path) -> dict[str, list[str]]:
    text = fr_rules.read_text(encoding="utf-8")
    heading = re.search(r"^## Table d.entr.e", text, re.M)
    assert heading, "leader table heading not found"
    start = heading.start()
    end = text.index("Dans cette table", start)
    rows: dict[str, list[str]] = {}
    for line in text[start:end].splitlines():
        parts = [p.strip() for p in line.split("\t")]
        if len(parts) >= 2 and (parts[1].isdigit() or parts[1].startswith("(")):
            rows[parts[0]] = [p for p in parts[1:] if p]
    return rows


def test_leader_table_matches_french_table(fr_rules: Path) -> None:
    fr = _fr_leader_rows(fr_rules)
    assert len(fr) == 35
    for name, values in fr.items():
        row = T.leader_row(name)
        assert row.printed == name
        entry = values[0]
        if entry.startswith("("):
            assert row.entry is None and row.entry_rule is not None
        else:
            assert row.entry == int(entry)
        years = [int(v) for v in values[1:]]
        expected = list(row.checks) + ([row.death] if row.death is not None else [])
        assert years == expected, name


# --------------------------------------------------------------------------------------------
# Events table
# --------------------------------------------------------------------------------------------


def test_events_numbering() -> None:
    evs = T.events()
    assert [e.number for e in evs] == list(range(1, 16))
    assert len({e.id for e in evs}) == 15
    for total in range(1, 16):
        e = T.event(total)
        assert e.number == total == e.total
        assert e.name and e.name_fr and e.description
        # every description cites its table entry
        assert re.search(rf"Events table, no\. {total}[);]", e.description)


@pytest.mark.parametrize("total", [0, 16, -1, 100])
def test_event_out_of_range(total: int) -> None:
    with pytest.raises(ValueError):
        T.event(total)


def test_event_for_dice() -> None:
    assert T.event_for_dice(1, 0).number == 1
    assert T.event_for_dice(6, 9).number == 15
    assert T.event_for_dice(3, 4).number == 7
    with pytest.raises(ValueError):
        T.event_for_dice(0, 4)
    with pytest.raises(ValueError):
        T.event_for_dice(3, 10)


def test_event_distribution() -> None:
    counts = {t: 0 for t in range(1, 16)}
    for d6 in range(1, 7):
        for d10 in range(10):
            counts[T.event_for_dice(d6, d10).number] += 1
    assert counts[1] == counts[15] == 1
    assert all(counts[t] == 6 for t in range(6, 11))


def test_event_french_names_match_table(fr_rules: Path) -> None:
    text = fr_rules.read_text(encoding="utf-8")
    for e in T.events():
        m = re.search(rf"^{e.number}\t<b>(.*?)\.?</b>", text, re.M)
        assert m, e.number
        fold = T.normalize_name
        assert fold(m.group(1)) == fold(e.name_fr), e.number


# --------------------------------------------------------------------------------------------
# Stratagems
# --------------------------------------------------------------------------------------------


def test_stratagem_counts_by_side() -> None:
    sts = T.stratagem_types()
    assert len(sts) == 28
    assert sum(s.side == "rome" for s in sts) == 8
    assert sum(s.side == "eor" for s in sts) == 11
    assert sum(s.side == "both" for s in sts) == 9
    assert len({s.id for s in sts}) == 28
    for s in sts:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", s.id), s.id
        assert s.keep_across_turns  # D-01 (FR): usable chits may be kept
        assert s.section.split(";")[0].strip().lstrip("§") in s.description
        assert all(part.strip().startswith("§") for part in s.section.split(";"))
        assert all(p in T.PROVENANCE_TAGS for p in s.provenance.values())


def test_named_stratagem_ids_exist() -> None:
    ids = {s.id for s in T.stratagem_types()}
    assert {"roma_victor", "furor_germanicus", "fleche_du_parthe", "fuite_opportune",
            "faveur_divine", "pax_romana", "assassinat", "mutinerie", "desertion"} <= ids


def test_once_per_scenario_flags() -> None:
    once = {s.id for s in T.stratagem_types() if s.once_per_scenario}
    assert once == {"pax_romana", "soulevement_de_trois_peuples_majeurs"}
    for sid in once:
        assert T.stratagem(sid).after_play == "removed_from_game"


def test_stratagem_lookup_and_usable_by() -> None:
    rv = T.stratagem("Roma Victor")
    assert rv.usable_by("rome") and rv.usable_by("Roman") and not rv.usable_by("eor")
    assert T.stratagem("la fleche du parthe").usable_by("eor")
    assert T.stratagem("Épidémie de peste").usable_by("rome")
    assert T.stratagem("Divine Favour").id == "faveur_divine"
    with pytest.raises(KeyError):
        T.stratagem("Biggus Stratagem")
    with pytest.raises(ValueError):
        rv.usable_by("parthians")


def test_map_placed_stratagems() -> None:
    on_map = {s.id for s in T.stratagem_types() if s.stays_on_map}
    assert on_map == {"coup_d_etat_parthe", "intrigue_au_senat", "mutinerie"}


def _fr_stratagem_names(fr_rules: Path) -> list[tuple[str, str]]:
    text = fr_rules.read_text(encoding="utf-8")
    start = text.index("## **6. Stratagèmes**")
    end = text.index("## 7. Mouvement")
    return re.findall(r"^\*([^*]+?) \(([BCE])\)\s*\*", text[start:end], re.M)


def test_stratagems_match_french_chapter_6(fr_rules: Path) -> None:
    found = _fr_stratagem_names(fr_rules)
    assert len(found) == 28
    ours = {T.normalize_name(s.name_fr): s for s in T.stratagem_types()}
    for name, phase in found:
        st = ours[T.normalize_name(name)]
        assert st.phase == phase, name


# --------------------------------------------------------------------------------------------
# Our own words: no run of 8 words shared with the rule books
# --------------------------------------------------------------------------------------------


def _words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return re.findall(r"[a-z0-9]+", text)


def _shingles(words: list[str], n: int = 8) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def _prose_of_data() -> list[str]:
    out = [e.description for e in T.events()]
    out += [s.description for s in T.stratagem_types()]
    return out


def _project_words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


def _not_table_noise(run: tuple[str, ...]) -> bool:
    return not all(w.isdigit() or len(w) == 1 for w in run)


def test_no_eight_word_run_copied_from_rule_books(fr_rules: Path, en_rules: Path) -> None:
    """Prose is checked word for word (accents folded); whole files the way the project-wide
    own-words check does it, which ignores runs made only of numbers and one-letter words
    (table values must equal the printed tables)."""
    books = [p.read_text(encoding="utf-8", errors="replace") for p in (fr_rules, en_rules)]
    book_all: set[tuple[str, ...]] = set()
    book_proj: set[tuple[str, ...]] = set()
    for text in books:
        book_all |= _shingles(_words(text))
        book_proj |= {r for r in _shingles(_project_words(text)) if _not_table_noise(r)}
    for prose in _prose_of_data():
        shared = _shingles(_words(prose)) & book_all
        assert not shared, (prose, sorted(shared)[:3])
    files = list(T.DEFAULT_DATA_DIR.glob("*.toml")) + [Path(T.__file__)]
    files.append(Path(T.__file__).with_name("combat_math.py"))
    files += [Path(__file__), Path(__file__).with_name("test_cases_tables.py")]
    rulings = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"
    if rulings.exists():
        files.append(rulings)
    for path in files:
        runs = {r for r in _shingles(_project_words(path.read_text(encoding="utf-8")))
                if _not_table_noise(r)}
        shared = runs & book_proj
        assert not shared, (path.name, sorted(shared)[:3])


def test_rulings_cite_existing_tests() -> None:
    """Every test named in docs/rulings.md exists somewhere under tests/."""
    rulings = Path(__file__).resolve().parents[2] / "docs" / "rulings.md"
    if not rulings.exists():
        pytest.skip("docs/rulings.md not present")
    text = rulings.read_text(encoding="utf-8")
    cited = set(re.findall(r"`(test_[A-Za-z0-9_]+)`", text))
    assert cited
    defined: set[str] = set()
    for path in Path(__file__).resolve().parents[1].rglob("test_*.py"):
        defined |= set(
            re.findall(r"^(?:async )?def (test_[A-Za-z0-9_]+)", path.read_text(encoding="utf-8"), re.M)
        )
    assert cited <= defined, sorted(cited - defined)


# --------------------------------------------------------------------------------------------
# combat_math (pure 8.x arithmetic, run by combat.battle); catalogue cases: test_rules_combat.py
# --------------------------------------------------------------------------------------------

@given(
    row=st.integers(-5, 12),
    col=st.sampled_from(T.COLUMNS),
    att_units=st.integers(0, 20),
    def_units=st.integers(0, 20),
)
def test_losses_never_exceed_the_force(row: int, col: str, att_units: int, def_units: int) -> None:
    res = T.battle_result(col, row)
    att, dfd = C.battle_losses(res, att_units, def_units)
    for loss, units, code in ((att, att_units, res.attacker), (dfd, def_units, res.defender)):
        assert 0 <= loss.steps <= units
        assert (loss.kind == "choose") is (code in C.FRACTIONS)
        assert (loss.kind == "none") is (code == "R")
        if loss.kind in ("all_step", "all_eliminated"):
            assert loss.steps == units


@given(a=st.integers(0, 12), d=st.integers(0, 12))
def test_quality_shift_is_antisymmetric_and_bounded(a: int, d: int) -> None:
    shift = C.quality_column_shift(a, d)
    assert shift == -C.quality_column_shift(d, a)
    assert shift in (-2, -1, 0, 1, 2)
    assert (shift > 0) is (a > d)


def test_combat_math_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        C.quality_column_shift(-1, 2)
    with pytest.raises(ValueError):
        C.winner_steps("2/3", 4, 4)
    with pytest.raises(ValueError):
        C.winner_steps("1/2", -1, 4)
    with pytest.raises(ValueError):
        C.evasion_succeeds(3, 7)
    assert not C.evasion_succeeds(None, 1)  # no leader: no evasion (§8.1)
    with pytest.raises(ValueError):
        C.resolve_battle(attacker_pf=10, defender_pf=10, attacker_quality=1, defender_quality=1,
                         roll=None)
    with pytest.raises(ValueError):
        C.battle_losses(("1/2", "1/4"), 3, 3)


def test_die_modifier_extra_and_side_bonus() -> None:
    assert C.side_bonus_to_die(2, beneficiary_attacks=True) == 2
    assert C.side_bonus_to_die(2, beneficiary_attacks=False) == -2
    assert C.side_bonus_to_die(-1, beneficiary_attacks=False) == 1
    assert C.battle_modifiers(attacker_bt=1, defender_bt=3) == [("§8.2 die a) attacker BT", 1), ("§8.2 die a) defender BT", -3)]


def test_stratagem_row_matches_table_edges() -> None:
    table = T.battle_table()
    assert C.stratagem_row(True) == table.row_max
    assert C.stratagem_row(False) == table.row_min
