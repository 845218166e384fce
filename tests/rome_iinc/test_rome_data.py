"""The authored data loads, validates and honours every map fact the rules text gives."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from rome_helpers import fresh

from rules.rome_iinc import board as B
from rules.rome_iinc.data import DATA_DIR, DataError, data, load


def test_counter_mix_and_rosters() -> None:
    d = data()
    # the Rome, Inc. Statesmen of follow_on.toml (13.3.5) join the roster in no scenario's pool
    iinc = [s for s in d.statesmen.values() if s.scenario != "222"]
    assert len(d.wars) == 40 and len(d.leaders) == 8 and len(iinc) == 67
    assert sorted(s.id for s in d.statesmen.values() if s.scenario == "222") == sorted(
        d.follow_on["inc_statesmen"])
    assert sum(1 for p in d.provinces.values() if not p.homeland) == 76
    assert sorted({p.command for p in d.provinces.values() if p.command}) == sorted(d.commands)


def test_T01_naval_war_counter() -> None:
    war = data().wars["saxon_6_3"]
    assert (war.strength, war.naval, war.cavalry) == (6, 3, 0)
    assert B.link_rank("sea", war.naval) == B.link_rank("river", 1) == 1
    assert B.link_rank("river", war.naval) == 0


def test_T04_attila() -> None:
    attila = data().leaders["attila"]
    assert (attila.strength, attila.pillage, attila.tribe) == (5, 4, "hun")
    assert sum(1 for w in data().wars.values() if w.tribe == "hun") == 3
    assert sum(1 for p in data().provinces.values() if "hun" in p.tribes) == 3


def test_T06_generic_gallia_governor() -> None:
    st = fresh()
    from rules.rome_iinc.politics import governor_stats

    assert governor_stats(st, "gallia") == (3, 2, 1, 2)
    st.commands["gallia"]["gov"] = "julian"
    assert governor_stats(st, "gallia") == (4, 5, 2, 2)


def test_T09_pope_leo() -> None:
    leo = data().statesmen["pope_leo"]
    assert (leo.mil, leo.adm, leo.pop, leo.int_, leo.special, leo.ineligible) == (1, 3, 5, 2, "convert", True)


def test_T32_two_theodosius_counters() -> None:
    names = [s.name for s in data().statesmen.values()]
    assert "Theodosius I" in names and "General Theodosius" in names and "Theodosius II" in names


def test_map_facts_from_the_text() -> None:
    d = data()
    assert d.link("rome", "neapolis") == "road"
    assert d.link("neapolis", "sicilia") == "river"
    assert d.link("sicilia", "achaea") == "sea"
    assert d.link("numidia", "baleares") == "sea"
    assert d.link("bosporus", "bulgar") == "river"
    assert d.link("carthaginensis", "mauretania_ii") is None
    assert sum(p.gold for p in d.provinces.values() if p.command == "gallia") == 25
    grain = sorted(p.id for p in d.provinces.values() if "grain" in p.icons)
    assert grain == ["africa", "alexandria", "arcadia", "baetica", "sicilia", "thebais"]


def test_every_record_is_tagged(tmp_path: Path) -> None:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    text = (target / "counters.toml").read_text()
    (target / "counters.toml").write_text(text.replace('source = "rules" }', 'source = "guess" }', 1))
    with pytest.raises(DataError, match="source must be one of"):
        load(target)


def test_T15_pay_of_the_286_west() -> None:
    st = fresh()
    assert B.pay(st, "west") == 62
    from rules.rome_iinc.politics import rebel_dies

    rebel_dies(st, "britannia", [])
    assert B.pay(st, "west") == 81
    assert st.commands["britannia"]["rebel"] is False


def test_T20_which_provinces_can_revolt_at_286() -> None:
    st = fresh()
    table = B.revolt_modifiers(st)
    thresholds = {pid: B.revolt_threshold(m) for pid, m in table.items()}
    can = {pid: t for pid, t in thresholds.items() if t is not None}
    assert can == {"lugdunensis_ii": 6, "bosporus": 5, "colchis": 5, "germania_ii": 5, "mesopotamia": 4}
    assert "belgica" in table and thresholds["belgica"] is None


def test_T32_prestige_ability_and_theodosian_emperor() -> None:
    from rules.rome_iinc import battle as W
    from rules.rome_iinc import phases as PH

    st = fresh([1])
    st.emperors["east"] = "theodosius_ii"
    st.statesmen["theodosius_ii"] = "emperor"
    st.dynasties = ["constantinian", "valentinian", "theodosian"]
    st.dynasties_down = []
    before = st.prestige["east"]
    for sid in st.statesmen:
        if st.statesmen[sid] == "down":
            st.statesmen[sid] = "out"
    PH.unrest_phase(st, [])
    assert st.prestige["east"] == before
    PH.bread_and_circuses(st, [])
    assert st.prestige["east"] == before + 2 + 1  # Administration 2, Prestige ability +1
    assert "emperor" not in W.commanders(st, "east")
    assert "emperor" in W.commanders(st, "west")
