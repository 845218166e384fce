"""scripts/mutate writes mutmut's time limit into the configuration it generates, so that slow
but passing runs on a loaded machine are not counted as kills (docs/development.md, "Mutation
testing")."""

from __future__ import annotations

import configparser
import importlib.machinery
import importlib.util
import json
import sys
from collections.abc import Callable
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


# --- a tiny project for the options below: one module, its test, mutmut's results faked ---------

TINY = '''
def total(xs):
    return sum(xs) + 1


class Tally:
    def add(self, x):
        return x * 2
'''
TINY_MODULE = "rules/barracks/tiny.py"
TOTAL = "rules.barracks.tiny.x_total"
ADD = "rules.barracks.tiny.xǁTallyǁadd"


def _tiny_root(tmp_path: Path, mutate: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working tree with rules/barracks/tiny.py and its test, as the script's ROOT."""
    root = tmp_path / "root"
    (root / "rules" / "barracks").mkdir(parents=True)
    (root / TINY_MODULE).write_text(TINY)
    (root / "tests" / "barracks").mkdir(parents=True)
    (root / "tests" / "barracks" / "test_tiny.py").write_text("def test_nothing():\n    pass\n")
    (root / "pyproject.toml").write_text("[project]\nname = 'tiny'\n")
    monkeypatch.setattr(mutate, "ROOT", root)
    return root


def _write_results(work: Path, codes: dict[str, int | None], hashes: dict[str, str] | None = None,
                   durations: dict[str, float] | None = None) -> Path:
    """mutmut's .meta file of tiny.py in ``work``, with these verdicts."""
    meta = work / "mutants" / (TINY_MODULE + ".meta")
    meta.parent.mkdir(parents=True, exist_ok=True)
    meta.write_text(json.dumps({
        "exit_code_by_key": codes,
        "hash_by_function_name": hashes or {"x_total": "aaa", "xǁTallyǁadd": "bbb"},
        "type_check_error_by_key": {},
        "durations_by_key": durations or {name: 0.5 for name in codes},
        "estimated_durations_by_key": {},
    }))
    return meta


def _codes(work: Path) -> dict[str, int | None]:
    data = json.loads((work / "mutants" / (TINY_MODULE + ".meta")).read_text())
    codes: dict[str, int | None] = data["exit_code_by_key"]
    return codes


def _spy_run(mutate: ModuleType, monkeypatch: pytest.MonkeyPatch,
             effect: Callable[[Path], None] | None = None) -> list[dict[str, object]]:
    """Replace ``run`` (no mutmut): record its arguments, then do ``effect`` in its directory."""
    calls: list[dict[str, object]] = []

    def fake_run(work: Path, max_children: int, names: list[str] | None = None, nice: int = 19) -> int:
        calls.append({"work": work, "names": names, "nice": nice})
        if effect is not None:
            effect(work)
        return 0

    monkeypatch.setattr(mutate, "run", fake_run)
    return calls


# --- --nice ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "expected"), [([], "19"), (["--nice", "10"], "10")])
def test_nice_sets_the_priority_of_the_mutmut_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], expected: str) -> None:
    mutate = _load_script()
    commands: list[list[str]] = []

    def call(cmd: list[str], **kwargs: object) -> int:
        commands.append(cmd)
        return 0

    monkeypatch.setattr(mutate, "prepare", lambda *a: None)
    monkeypatch.setattr(mutate.subprocess, "call", call)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(tmp_path), *argv, "rules/barracks/state.py"])
    assert mutate.main() == 0
    assert len(commands) == 1
    assert commands[0][:3] == ["nice", "-n", expected]
    assert commands[0][-3:] == ["run", "--max-children", "1"]


# --- --functions ------------------------------------------------------------------------------------

def test_functions_runs_only_the_mutants_of_the_named_functions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mutate = _load_script()
    _tiny_root(tmp_path, mutate, monkeypatch)
    calls = _spy_run(mutate, monkeypatch)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(tmp_path / "work"), TINY_MODULE,
                                      "--functions", "total", "Tally.add"])
    assert mutate.main() == 0
    assert [c["names"] for c in calls] == [[f"{TOTAL}__mutmut_*", f"{ADD}__mutmut_*"]]


def test_functions_takes_a_glob_of_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mutate = _load_script()
    _tiny_root(tmp_path, mutate, monkeypatch)
    calls = _spy_run(mutate, monkeypatch)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(tmp_path / "work"), TINY_MODULE,
                                      "--functions", "Tally.*"])
    assert mutate.main() == 0
    assert [c["names"] for c in calls] == [[f"{ADD}__mutmut_*"]]


def test_functions_with_recheck_reruns_only_those_functions_survivors(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mutate = _load_script()
    _tiny_root(tmp_path, mutate, monkeypatch)
    work = tmp_path / "work"
    _write_results(work, {f"{TOTAL}__mutmut_1": 0, f"{TOTAL}__mutmut_2": 1, f"{ADD}__mutmut_1": 0,
                          f"{ADD}__mutmut_2": 33})
    calls = _spy_run(mutate, monkeypatch)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(work), "--recheck", TINY_MODULE,
                                      "--functions", "Tally.add"])
    assert mutate.main() == 0
    assert [c["names"] for c in calls] == [[f"{ADD}__mutmut_1", f"{ADD}__mutmut_2"]]


def test_an_unknown_function_is_refused_with_the_close_matches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mutate = _load_script()
    _tiny_root(tmp_path, mutate, monkeypatch)
    calls = _spy_run(mutate, monkeypatch)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(tmp_path / "work"), TINY_MODULE,
                                      "--functions", "total", "ad"])
    with pytest.raises(SystemExit) as exit_:
        mutate.main()
    assert exit_.value.code == f"mutate: no function 'ad' in {TINY_MODULE}; close matches: Tally.add"
    assert calls == []


def test_function_names_are_mutmuts_own_for_every_rules_module() -> None:
    """The names ``--functions`` and the test-map check compute are the keys mutmut gives the
    functions it mutates (x_name, xǁClassǁmethod), on every module of both games."""
    file_mutation = pytest.importorskip("mutmut.mutation.file_mutation")
    mutate = _load_script()
    paths = mutate.target_files(["rules/imperator", "rules/barracks"])
    assert "rules/barracks/state.py" in paths
    for path in paths:
        source = (mutate.ROOT / path).read_text()
        assert sorted(mutate.functions_in(source).values()) == sorted(
            file_mutation.compute_function_hashes(source)), path
    state = mutate.functions_in((mutate.ROOT / "rules/barracks/state.py").read_text())
    assert state["BarracksState.to_json"] == "xǁBarracksStateǁto_json"


# --- --widen ---------------------------------------------------------------------------------------

def test_widen_goes_with_recheck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    mutate = _load_script()
    calls = _spy_run(mutate, monkeypatch)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(tmp_path), "rules/barracks/state.py",
                                      "--widen", "tests/barracks"])
    with pytest.raises(SystemExit) as exit_:
        mutate.main()
    assert (exit_.value.code, calls) == (2, [])
    assert "--widen re-runs the last run's survivors: give it with --recheck" in capsys.readouterr().err


def test_widen_merges_the_wider_kills_and_keeps_the_other_verdicts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The survivors run in <workdir>-widen; its kills are copied back when the function is the
    same (mutmut's hash), recorded beside the results, and counted by --report."""
    mutate = _load_script()
    _tiny_root(tmp_path, mutate, monkeypatch)
    work = tmp_path / "work"
    (work / "setup.cfg").parent.mkdir(parents=True)
    (work / "setup.cfg").write_text("[mutmut]\npytest_add_cli_args_test_selection =\n    tests/barracks/test_tiny.py\n")
    _write_results(work, {f"{TOTAL}__mutmut_1": 0, f"{TOTAL}__mutmut_2": 0, f"{TOTAL}__mutmut_3": 1,
                          f"{ADD}__mutmut_1": 33})

    def wider_run(wide: Path) -> None:  # what mutmut would leave in the sibling directory
        _write_results(wide, {f"{TOTAL}__mutmut_1": 1, f"{TOTAL}__mutmut_2": 0, f"{TOTAL}__mutmut_3": None,
                              f"{ADD}__mutmut_1": 1},
                       hashes={"x_total": "aaa", "xǁTallyǁadd": "changed"},
                       durations={f"{TOTAL}__mutmut_1": 2.25, f"{ADD}__mutmut_1": 1.0})

    calls = _spy_run(mutate, monkeypatch, wider_run)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(work), TINY_MODULE, "--recheck",
                                      "--widen", "tests/barracks"])
    assert mutate.main() == 0
    wide = tmp_path / "work-widen"
    assert calls == [{"work": wide, "names": [f"{TOTAL}__mutmut_1", f"{TOTAL}__mutmut_2", f"{ADD}__mutmut_1"],
                      "nice": 19}]
    assert _codes(work) == {f"{TOTAL}__mutmut_1": 1, f"{TOTAL}__mutmut_2": 0, f"{TOTAL}__mutmut_3": 1,
                            f"{ADD}__mutmut_1": 33}
    assert mutate.configured_tests(wide) == ["tests/barracks"]
    assert mutate.configured_tests(work) == ["tests/barracks/test_tiny.py"]
    record = json.loads((work / "mutants" / "mutate-widened.json").read_text())
    assert record["selection"] == ["tests/barracks/test_tiny.py"]
    assert {name: (e["tests"], e["exit_code"], e["duration"]) for name, e in record["widened"].items()} == {
        f"{TOTAL}__mutmut_1": (["tests/barracks"], 1, 2.25)}
    out = capsys.readouterr().out
    assert "mutate: 1 of the 3 re-checked mutants killed by tests/barracks;" in out
    assert "mutate: 1 kills not copied: their function changed since the run in" in out
    assert "mutate: 1 of these kills came from the wider selection tests/barracks (--widen)\n" in out
    assert "mutate: the other verdicts came from tests/barracks/test_tiny.py\n" in out

    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(work), TINY_MODULE, "--report"])
    assert mutate.main() == 0
    report = capsys.readouterr().out
    assert f"{TINY_MODULE:40} {4:8} {2:7} {1:9} {1:9} {50.0:6.1f}%" in report
    assert "mutate: 1 of these kills came from the wider selection tests/barracks (--widen)" in report


def test_a_widened_kill_rerun_by_mutmut_is_no_longer_counted_as_widened(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """mutmut rewrites a verdict (and its duration) when it runs the mutant again, e.g. after
    its function changed: that verdict is then the main selection's."""
    mutate = _load_script()
    work = tmp_path / "work"
    name = f"{TOTAL}__mutmut_1"
    _write_results(work, {name: 1}, durations={name: 2.25})
    entry = {"tests": ["tests/barracks"], "exit_code": 1, "duration": 2.25, "date": "2026-11-27"}
    (work / "mutants" / "mutate-widened.json").write_text(json.dumps({"selection": [], "widened": {name: entry}}))
    assert mutate.widened_kills(work, [TINY_MODULE]) == {"tests/barracks": 1}
    _write_results(work, {name: 1}, durations={name: 0.75})
    assert mutate.widened_kills(work, [TINY_MODULE]) == {}


# --- mutmut's test map, older than a function ---------------------------------------------------------

def _kept_work(tmp_path: Path, mapped: list[str] | None) -> Path:
    """A kept directory whose test map exists; ``mapped``: the functions the script noted when
    it was collected (None: not noted, an older directory)."""
    work = tmp_path / "work"
    (work / "mutants").mkdir(parents=True)
    (work / "mutants" / "mutmut-stats.json").write_text("{}")
    if mapped is not None:
        (work / "mutants" / "mutate-mapping.json").write_text(json.dumps({"functions": mapped}))
    return work


@pytest.mark.parametrize("option", ["--keep", "--recheck"])
def test_a_test_map_older_than_a_function_is_deleted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], option: str) -> None:
    """Tally.add was added after the map was collected: its mutants showed "no tests"; the map is
    deleted (mutmut collects it again), their verdicts go back to "not checked", and the
    functions noted for the new map are today's."""
    mutate = _load_script()
    _tiny_root(tmp_path, mutate, monkeypatch)
    work = _kept_work(tmp_path, [TOTAL])
    _write_results(work, {f"{TOTAL}__mutmut_1": 0, f"{ADD}__mutmut_1": 33, f"{ADD}__mutmut_2": 33})
    seen: list[bool] = []
    calls = _spy_run(mutate, monkeypatch, lambda w: seen.append((w / "mutants" / "mutmut-stats.json").exists()))
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(work), option, TINY_MODULE,
                                      "--tests", "tests/barracks/test_tiny.py"])
    assert mutate.main() == 0
    assert (len(calls), seen) == (1, [False])
    assert _codes(work) == {f"{TOTAL}__mutmut_1": 0, f"{ADD}__mutmut_1": None, f"{ADD}__mutmut_2": None}
    assert json.loads((work / "mutants" / "mutate-mapping.json").read_text()) == {"functions": [TOTAL, ADD]}
    out = capsys.readouterr().out
    assert "mutmut's map of which tests run which function): it predates 1 function(s) (Tally.add)" in out
    assert "mutmut collects it again; their 2 \"no tests\" mutant(s) are checked again" in out


def test_a_function_known_to_the_map_keeps_its_no_tests(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A function no selected test runs, already there when the map was collected, shows "no
    tests" rightly: the map stays (collecting it costs a run of the whole selection)."""
    mutate = _load_script()
    _tiny_root(tmp_path, mutate, monkeypatch)
    work = _kept_work(tmp_path, [TOTAL, ADD])
    _write_results(work, {f"{TOTAL}__mutmut_1": 0, f"{ADD}__mutmut_1": 33})
    _spy_run(mutate, monkeypatch)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(work), "--recheck", TINY_MODULE,
                                      "--tests", "tests/barracks/test_tiny.py"])
    assert mutate.main() == 0
    assert (work / "mutants" / "mutmut-stats.json").read_text() == "{}"
    assert _codes(work) == {f"{TOTAL}__mutmut_1": 0, f"{ADD}__mutmut_1": 33}
    assert "deleted" not in capsys.readouterr().out


def test_without_a_note_of_the_map_any_no_tests_deletes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A directory whose map this script did not see collected (made by hand, or by an older
    script): a "no tests" mutant may be a function newer than the map, so it is collected again."""
    mutate = _load_script()
    _tiny_root(tmp_path, mutate, monkeypatch)
    work = _kept_work(tmp_path, None)
    _write_results(work, {f"{TOTAL}__mutmut_1": 33, f"{ADD}__mutmut_1": 0})
    _spy_run(mutate, monkeypatch)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(work), "--keep", TINY_MODULE,
                                      "--tests", "tests/barracks/test_tiny.py"])
    assert mutate.main() == 0
    assert not (work / "mutants" / "mutmut-stats.json").exists()
    assert _codes(work) == {f"{TOTAL}__mutmut_1": None, f"{ADD}__mutmut_1": 0}
    assert "it predates 1 function(s) (total)" in capsys.readouterr().out


def test_a_changed_selection_is_announced_as_a_reset_of_verdicts_and_map(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """mutmut resets every verdict and collects its test map again when the tests change: said,
    the functions of the new map noted, and the record of --widen's kills dropped."""
    mutate = _load_script()
    _tiny_root(tmp_path, mutate, monkeypatch)
    work = tmp_path / "work"
    noted = work / "mutants" / "mutate-mapping.json"
    mutate.prepare(work, [TINY_MODULE], ["tests/barracks/test_tiny.py"], False)
    assert json.loads(noted.read_text()) == {"functions": [TOTAL, ADD]}
    (work / "mutants" / "mutmut-stats.json").write_text("{}")  # as mutmut leaves it
    noted.write_text(json.dumps({"functions": [TOTAL]}))
    mutate.prepare(work, [TINY_MODULE], ["tests/barracks/test_tiny.py"], True)
    assert "mutmut resets every verdict" not in capsys.readouterr().out
    assert json.loads(noted.read_text()) == {"functions": [TOTAL]}
    widened = work / "mutants" / "mutate-widened.json"
    widened.write_text(json.dumps({"selection": ["tests/barracks/test_tiny.py"], "widened": {}}))
    mutate.prepare(work, [TINY_MODULE], ["tests/barracks"], True)
    assert "the tests differ from the last run's in" in capsys.readouterr().out
    assert json.loads(noted.read_text()) == {"functions": [TOTAL, ADD]}
    assert not widened.exists()


@pytest.mark.parametrize("option", ["--widen", "--functions"])
def test_a_module_named_after_widen_or_functions_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], option: str) -> None:
    """Like --tests, these options take every word after them: a module written there would be
    taken for a test path or a function name."""
    mutate = _load_script()
    calls = _spy_run(mutate, monkeypatch)
    monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(tmp_path), "--recheck", option, "x",
                                      "rules/barracks/state.py"])
    with pytest.raises(SystemExit) as exit_:
        mutate.main()
    assert (exit_.value.code, calls) == (2, [])
    assert f"{option} takes every word after it; name the module(s) before it: rules/barracks/state.py" in (
        capsys.readouterr().err)


def test_widen_end_to_end_with_mutmut_on_a_tiny_module(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """mutmut itself, on a module of two functions (seconds): a weak test leaves survivors in
    ``total``; --widen with an exact test kills them in the sibling directory and the kills,
    copied back, stand through a later --recheck by mutmut in the main directory."""
    pytest.importorskip("mutmut")
    mutate = _load_script()
    root = _tiny_root(tmp_path, mutate, monkeypatch)
    for package in ("rules", "rules/barracks"):
        (root / package / "__init__.py").write_text("")
    (root / "tests" / "barracks" / "test_tiny.py").write_text(
        "from rules.barracks.tiny import Tally, total\n\n\n"
        "def test_weak():\n    assert total([1]) is not None\n    assert Tally().add(2) == 4\n")
    (root / "tests" / "barracks" / "test_tiny_exact.py").write_text(
        "from rules.barracks.tiny import total\n\n\ndef test_exact():\n    assert total([1, 2]) == 4\n")
    work = tmp_path / "work"
    weak, exact = "tests/barracks/test_tiny.py", "tests/barracks/test_tiny_exact.py"

    def main(*argv: str) -> str:
        monkeypatch.setattr(sys, "argv", ["mutate", "--workdir", str(work), TINY_MODULE, *argv])
        assert mutate.main() == 0
        return capsys.readouterr().out

    main("--tests", weak, "--functions", "total")
    first = _codes(work)
    survived = sorted(n for n, code in first.items() if code == 0)
    assert survived and all(n.startswith(TOTAL) for n in survived)
    assert {code for n, code in first.items() if n.startswith(ADD)} == {None}  # not chosen

    out = main("--recheck", "--widen", weak, exact)
    assert f"mutate: {len(survived)} of the {len(survived)} re-checked mutants killed by {weak} {exact}" in out
    assert {n: _codes(work)[n] for n in survived} == {n: 1 for n in survived}
    assert mutate.configured_tests(work) == [weak]

    out = main("--keep", "--tests", weak)  # mutmut checks Tally.add's mutants, keeps the rest
    assert {code for n, code in _codes(work).items() if n.startswith(ADD)} == {1}
    assert {n: _codes(work)[n] for n in survived} == {n: 1 for n in survived}
    assert f"mutate: {len(survived)} of these kills came from the wider selection {weak} {exact} (--widen)" in out


def test_a_kept_directory_gets_the_data_files_that_changed_since_mutmut_copied_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """mutmut copies rules/'s data files into mutants/ once; a kept run (``--keep``,
    ``--recheck``) would test every mutant against the old scenarios (found in session 11: a
    clean run failed on a scenario changed since). ``prepare`` copies the changed ones again and
    leaves the Python files, which mutmut itself regenerates, alone."""
    mutate = _load_script()
    root = tmp_path / "repo"
    (root / "rules" / "game" / "data").mkdir(parents=True)
    (root / "rules" / "game" / "data" / "s.toml").write_text("new = 1\n")
    (root / "rules" / "game" / "data" / "same.toml").write_text("same = 1\n")
    (root / "rules" / "game" / "data" / "added.toml").write_text("added = 1\n")
    (root / "rules" / "game" / "engine.py").write_text("X = 2\n")
    work = tmp_path / "work"
    kept = work / "mutants" / "rules" / "game"
    (kept / "data").mkdir(parents=True)
    (kept / "data" / "s.toml").write_text("old = 1\n")
    (kept / "data" / "same.toml").write_text("same = 1\n")
    (kept / "engine.py").write_text("X = 1  # mutated\n")
    monkeypatch.setattr(mutate, "ROOT", root)
    copied = mutate.refresh_data_files(work)
    assert sorted(p.relative_to(work).as_posix() for p in copied) == [
        "mutants/rules/game/data/added.toml", "mutants/rules/game/data/s.toml"]
    assert (kept / "data" / "s.toml").read_text() == "new = 1\n"
    assert (kept / "engine.py").read_text() == "X = 1  # mutated\n"
    assert capsys.readouterr().out == (
        "mutate: 2 data file(s) under rules/ changed since mutmut copied them; copied again\n")
    assert mutate.refresh_data_files(work) == []
    assert mutate.refresh_data_files(tmp_path / "fresh") == []  # no mutants/ yet: mutmut copies them
