"""The local table and ``praetor data check`` speak the reader's language (issue 13 item 8).

What the person at the local table is told about a line it cannot read (an unknown command or
option, a button not shown) goes through the catalogue and is printed in the keyboard user's
locale (``--locale fr``, ``locale fr``); the data loaders' problems are marked sentences,
printed by ``praetor data check`` in the language of ``PRAETOR_LOCALE``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import data_check, imperium_data_check


def test_the_local_table_tells_a_french_user_in_french(tmp_path: Path) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    environment.update(PRAETOR_DB_PATH=str(tmp_path / "cli.db"))
    lines = "/nosuch\n/roll nope:1\nclick Nowhere\nhello\nas bob\nlocale en\n/nosuch\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "local", "--locale", "fr"],
        input=lines, capture_output=True, text=True, env=environment, cwd=tmp_path, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    errors = [line for line in done.stderr.splitlines() if not line.startswith(("praetor", "INFO", "WARNING"))]
    assert errors[0] == "erreur : commande inconnue '/nosuch'"
    assert errors[1].startswith("erreur : /roll : option inconnue 'nope:1' (options : ")
    assert errors[2].startswith("erreur : aucun button 'Nowhere' montré à alice (montrés : ")
    assert errors[3].startswith("tapez une commande slash (/roll dice:2d6), `as <utilisateur>`")
    assert errors[4] == "error: unknown command '/nosuch'"  # bob reads English


def test_data_check_prints_the_problems_in_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PRAETOR_LOCALE", "fr")
    assert data_check(tmp_path) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("praetor data check: ") and err[0].endswith(
        " problème(s) dans les données d'Imperator :"
    )
    assert "  map/zones.toml: -: -: le fichier manque" in err
    assert imperium_data_check(tmp_path) == 1
    shown = capsys.readouterr().err.splitlines()
    assert shown[0].endswith(" problème(s) dans les données d'Imperium Romanum :")
    assert any(line.endswith(": fichier manquant") for line in shown[1:])


def test_data_check_stays_english_without_a_locale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PRAETOR_LOCALE", raising=False)
    assert data_check(tmp_path) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith(" problem(s) in the Imperator data:")
    assert "  map/zones.toml: -: -: file is missing" in err


def _broken_copy(source: Path, target: Path, file: str, old: str, new: str) -> Path:
    """A copy of a shipped data directory with one value of ``file`` changed."""
    shutil.copytree(source, target)
    path = target / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{file} no longer holds {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def test_imperium_romanum_data_check_prints_its_problems_in_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rules.imperium_romanum.loader import DATA_DIR

    monkeypatch.setenv("PRAETOR_LOCALE", "fr")
    broken = _broken_copy(
        DATA_DIR, tmp_path / "ir", "leaders.toml", "value = 3\nnote = \"Won both", "value = 7\nnote = \"Won both"
    )
    (broken / "charts_build.toml").write_text(
        (broken / "charts_build.toml").read_text(encoding="utf-8").replace(
            "baggage_train_cap = { value = 16,", "baggage_train_cap = { value = 160,", 1
        ),
        encoding="utf-8",
    )
    assert imperium_data_check(broken) == 1
    shown = capsys.readouterr().err.splitlines()
    assert shown[0].endswith(" problème(s) dans les données d'Imperium Romanum :")
    # loader.py (§18.0) and validate_charts.py: the file, the entry, then the French message
    assert "  leaders.toml: trajan: value doit aller de 0 à 3 (18.0)" in shown
    assert "  charts_build.toml: max_build.baggage_train_cap: demande un entier de 1 à 100" in shown
    assert not [line for line in shown if "must be" in line or " needs " in line]


def test_imperator_data_check_prints_its_problems_and_counts_in_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rules.imperator.loader import DATA_DIR

    monkeypatch.setenv("PRAETOR_LOCALE", "fr")
    monkeypatch.delenv("PRAETOR_DATA_DIR", raising=False)
    broken = _broken_copy(
        DATA_DIR, tmp_path / "imperator", "peoples.toml",
        'id = "parthians"\nname = "Parthes"\nnationality = "persian"\nmajor = true\nstacking = "E"\n'
        'zones = ["ctesiphon", "media", "atropatene", "mesene", "elymais", "persis"]\nentry_fronts = ["orient"]',
        'id = "parthians"\nname = "Parthes"\nnationality = "persian"\nmajor = true\nstacking = "E"\n'
        'zones = ["ctesiphon", "media", "atropatene", "mesene", "elymais", "persis"]\nentry_fronts = ["nowhere"]',
    )
    assert data_check(broken) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith(" problème(s) dans les données d'Imperator :")
    # file, entry and field, then the sentence the loader marked (it was an f-string)
    assert "  peoples.toml: parthians: entry_fronts: 'nowhere' n'est pas un Front" in err
    assert not [line for line in err if "is not" in line or "unknown" in line]
    assert data_check(DATA_DIR, rome=DATA_DIR.parent.parent / "rome_iinc" / "data") == 0
    counts = capsys.readouterr().out.splitlines()
    assert counts[0].endswith(" zones terrestres") and counts[0].split(" ", 1)[0].isdigit()
    assert any(line.endswith(" types de stratagème") for line in counts)
    assert "76 Provinces de Rome, IInc. (et 16 Patries)" in counts


def test_rome_data_check_prints_its_problem_in_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.cli import rome_data_check
    from rules.rome_iinc.data import DATA_DIR

    monkeypatch.setenv("PRAETOR_LOCALE", "fr")
    monkeypatch.delenv("PRAETOR_ROME_DATA_DIR", raising=False)
    old = 'belgica = { name = "Belgica", command = "gallia", gold = 4'
    broken = _broken_copy(DATA_DIR, tmp_path / "rome", "map.toml", old, old[:-1] + "5")
    assert rome_data_check(broken) == 1
    assert capsys.readouterr().err.splitlines() == [
        "praetor data check: map.toml: l'icône de Commandement de la Gaule vaut 25 Or (9.2.4), la carte fait 26"
    ]
