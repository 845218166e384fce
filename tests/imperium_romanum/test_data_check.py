"""`praetor data check --imperium DIR` (issue 16): an owner of the printed game checks his own
Imperium Romanum data directory; the shipped data passes and a broken copy is refused with the
file, the entry and the rule it breaks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.cli import imperium_data_check, main
from rules.imperium_romanum.loader import DATA_DIR, IRDataError, load_data
from tests.imperium_romanum.conftest import BrokenData


def test_the_shipped_data_passes_with_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert imperium_data_check(None) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "177 Imperium Romanum cities" in lines and "76 Imperium Romanum provinces" in lines
    assert "13 Imperium Romanum island boxes (9 lands off the mainland)" in lines
    assert all(line.split(" ", 1)[0].isdigit() for line in lines)


def test_a_broken_directory_is_refused_with_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "ir"
    shutil.copytree(DATA_DIR, folder)
    leaders = folder / "leaders.toml"
    text = leaders.read_text(encoding="utf-8")
    start = text.index("value = ", text.index('id = "caesar"'))
    leaders.write_text(text[:start] + "value = 5" + text[text.index("\n", start) :], encoding="utf-8")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["data", "check", "--imperium", str(folder)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("praetor data check: 2 problem(s) in the Imperium Romanum data:")
    assert "leaders.toml: caesar: value must be 0 to 3 (18.0)" in err
    assert imperium_data_check(tmp_path / "nowhere") == 1
    assert f"{tmp_path / 'nowhere'} is not a directory" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('columns = ["1-2", "2-3", "1-1", "5-4", "3-2", "2-1", "3-1"]', 'columns = ["1-2", "2-3", "1-1", "5-4", "3-2", "2-1"]',
         "charts_naval.toml: the naval charts are refused (ValueError: charts_naval.toml: each combat.table row needs one cell per column)"),
        ("[building]", "[building_]", "charts_naval.toml: the naval charts are refused (KeyError: 'building')"),
    ],
)
def test_the_naval_charts_of_a_directory_are_checked_too(broken_data: BrokenData, tmp_path: Path, old: str, new: str, problem: str) -> None:
    """Issue 16: every chart complete, charts_naval.toml (10.3-10.7) included, in an owner's directory."""
    assert broken_data("charts_naval.toml", old, new) == [problem]
    folder = tmp_path / "data"  # the copy broken_data loaded
    (folder / "charts_naval.toml").unlink()
    with pytest.raises(IRDataError) as missing:
        load_data(folder)
    assert missing.value.problems == ["charts_naval.toml: missing file"]
