"""`praetor data check` covers Rome, IInc.: the summary of the shipped data, and a broken copy
named by ``--rome`` or ``PRAETOR_ROME_DATA_DIR`` refused with the rule it breaks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.cli import rome_data_check
from rules.rome_iinc.data import DATA_DIR


def _broken(tmp_path: Path) -> Path:
    folder = tmp_path / "rome"
    shutil.copytree(DATA_DIR, folder)
    map_file = folder / "map.toml"
    text = map_file.read_text()
    old = 'belgica = { name = "Belgica", command = "gallia", gold = 4'
    assert old in text
    map_file.write_text(text.replace(old, old[:-1] + "5"))
    return folder


def test_data_check_summarises_rome(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRAETOR_ROME_DATA_DIR", raising=False)
    assert rome_data_check(None) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "76 Rome, IInc. Provinces (16 Homelands besides)" in lines
    assert "67 Rome, IInc. Statesmen" in lines and "40 Rome, IInc. Wars" in lines
    assert all(line.split(" ", 1)[0].isdigit() for line in lines)


def test_data_check_refuses_a_broken_rome_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _broken(tmp_path)
    monkeypatch.delenv("PRAETOR_ROME_DATA_DIR", raising=False)
    assert rome_data_check(folder) == 1
    assert "Gallia's Command icon is 25 Gold (9.2.4), the map sums 26" in capsys.readouterr().err
    monkeypatch.setenv("PRAETOR_ROME_DATA_DIR", str(folder))  # the override the engine reads
    assert rome_data_check(None) == 1
    assert "(9.2.4)" in capsys.readouterr().err


def test_data_check_reports_a_missing_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "rome"
    shutil.copytree(DATA_DIR, folder)
    map_file = folder / "map.toml"
    map_file.write_text(map_file.read_text().replace(', lat = 51.6, lon = -2.6', '', 1))
    assert rome_data_check(folder) == 1
    assert "malformed record" in capsys.readouterr().err


@pytest.mark.parametrize(("old", "new", "message"), [
    ('"Lugdunensis" = { to = "lugdunensis_i"', '"Lugdunensis" = { to = "lugdunensis_ii"',
     "lugdunensis_ii is one of the new Provinces of 13.3.2, which take no Rome, Inc. Province"),
    ('"Gallia Narbonensis" = ["fleet"]', '"Gallia Transalpina" = ["fleet"]',
     "'Gallia Transalpina' is neither on the Provinces Chart nor the name of a Rome, IInc. "
     "Province (13.3.2)"),
    ('numerian = { name = "Numerian", mil = 1, adm = 2, pop = 1',
     'numerian = { name = "Numerian", mil = 1, adm = 2, pop = 3',
     "a Rome, Inc. Statesman has Popularity 1 (13.3.5)"),
    ('"Raetia" = { to = "rhaetia", year = 290, source = "history" }',
     '"Raetia" = { to = "rhaetia", year = 290, source = "legend" }',
     "provinces.'Raetia': source must be one of rules, inferred, history, design"),
    ('"Italia" = ["guards", "cavalry", "fleet"]', '"Italia" = ["guards", "elephant"]',
     "unknown Rome, Inc. Unit 'elephant'"),
])
def test_data_check_refuses_a_broken_follow_on_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, message: str
) -> None:
    """follow_on.toml (the Provinces Chart, the Rome, Inc. Statesmen and positions, 13.3) is under
    the validator like every Rome, IInc. data file."""
    folder = tmp_path / "rome"
    shutil.copytree(DATA_DIR, folder)
    path = folder / "follow_on.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    assert rome_data_check(folder) == 1
    err = capsys.readouterr().err
    assert "follow_on.toml" in err and message in err


def test_data_check_counts_the_provinces_chart(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PRAETOR_ROME_DATA_DIR", raising=False)
    assert rome_data_check(None) == 0
    out = capsys.readouterr().out
    assert "Rome, Inc. Provinces on the Provinces Chart (13.3.2)" in out
    assert "1 Rome, Inc. position to follow on from (13.3)" in out
