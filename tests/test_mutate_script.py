"""scripts/mutate writes mutmut's time limit into the configuration it generates, so that slow
but passing runs on a loaded machine are not counted as kills (docs/development.md, "Mutation
testing")."""

from __future__ import annotations

import configparser
import importlib.machinery
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "mutate"


def _load_script() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("praetor_mutate_script", str(SCRIPT))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


@pytest.mark.parametrize(("argv", "expected"), [([], "100"), (["--timeout-multiplier", "250"], "250"),
                                                (["--timeout-multiplier", "2.5"], "2.5")])
def test_the_timeout_multiplier_reaches_the_generated_setup_cfg(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], expected: str) -> None:
    mutate = _load_script()
    prepared: list[tuple[object, ...]] = []
    monkeypatch.setattr(mutate, "run", lambda *a, **k: 0)
    real_prepare = mutate.prepare

    def spy(*args: object) -> None:
        prepared.append(args)
        real_prepare(*args)

    monkeypatch.setattr(mutate, "prepare", spy)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(tmp_path), *argv,
                                      "rules/imperator/adjust.py", "--tests", "tests/imperator/test_queries.py"])
    assert mutate.main() == 0
    assert len(prepared) == 1
    cfg = configparser.ConfigParser()
    cfg.read(tmp_path / "setup.cfg")
    assert cfg["mutmut"]["timeout_multiplier"] == expected
    assert cfg["mutmut"]["only_mutate"].split() == ["rules/imperator/adjust.py"]
    assert cfg["mutmut"]["pytest_add_cli_args_test_selection"].split() == ["tests/imperator/test_queries.py"]
    assert cfg["mutmut"]["pytest_add_cli_args"].split() == ["-p", "no:cacheprovider", "--assert=plain", "--tb=no"]


def test_a_module_named_after_tests_is_refused_before_anything_is_reset(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``--tests`` takes every path after it; a module written there would become a test path,
    change the selection and make mutmut reset the directory's verdicts (session 9): refused."""
    mutate = _load_script()
    prepared: list[tuple[object, ...]] = []
    monkeypatch.setattr(mutate, "run", lambda *a, **k: 0)
    monkeypatch.setattr(mutate, "prepare", lambda *a: prepared.append(a))
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(tmp_path), "--keep", "--tests",
                                      "tests/imperator/test_queries.py", "rules/imperator/politics.py"])
    with pytest.raises(SystemExit) as exit_:
        mutate.main()
    assert (exit_.value.code, prepared) == (2, [])
    assert "name the module(s) before it: rules/imperator/politics.py" in capsys.readouterr().err
