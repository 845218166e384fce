"""`docs/rules-fidelity.md` (issue 11, line by line) names only tests that exist.

Every pytest command of the doc is parsed, never run: each test file it names must exist, each
`file::test_name` must be a test function of that file, and each word of a `-k` expression must
be part of a test name in the files of its command. A renamed or removed test then fails here.
"""
from __future__ import annotations

import ast
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules-fidelity.md"
PREFIX = ".venv/bin/python -m pytest -q -p no:cacheprovider "
COMMAND = re.compile(r"`(" + re.escape(PREFIX) + r"[^`]+)`")
K_WORDS = {"and", "or", "not"}


def commands(text: str) -> list[str]:
    """The pytest commands written in backquotes in ``text``."""
    return COMMAND.findall(text)


def defined_tests(path: Path) -> set[str]:
    """The names of the test functions (top level or in a class) of one test file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")}


def problems(command: str, root: Path = ROOT) -> list[str]:
    """What in one command names nothing: a missing file, test or ``-k`` word."""
    args = shlex.split(command[len(PREFIX):])
    found: list[str] = []
    files: list[Path] = []
    k_expr = ""
    it = iter(args)
    for arg in it:
        if arg == "-k":
            k_expr = next(it, "")
            continue
        name, _, test = arg.partition("::")
        path = root / name
        if not path.exists():
            found.append(f"no file {name}")
            continue
        if path.is_file():
            files.append(path)
            if test and test.split("[")[0] not in defined_tests(path):
                found.append(f"no test {name}::{test}")
        else:
            files.extend(sorted(path.rglob("test_*.py")))
    if not files:
        found.append("no test file")
    names = set().union(*(defined_tests(f) for f in files)) if files else set()
    for word in re.findall(r"[A-Za-z0-9_]+", k_expr):
        if word not in K_WORDS and not any(word.lower() in n.lower() for n in names):
            found.append(f"-k {word} selects nothing")
    return found


def test_the_doc_lists_commands_for_every_part_of_the_issue() -> None:
    text = DOC.read_text(encoding="utf-8")
    for heading in ("## Imperator: rules", "## Imperator: data, scenarios, map", "## The Barracks Emperors",
                    "## Tests that can fail", "## Done when", "## Open"):
        assert heading in text, heading
    assert len(commands(text)) >= 50


def test_every_named_test_file_and_function_exists() -> None:
    bad = {c: p for c in commands(DOC.read_text(encoding="utf-8")) if (p := problems(c))}
    assert bad == {}


def test_every_module_of_both_games_has_a_score_line() -> None:
    """The mutation row names every module of rules/imperator and rules/barracks (issue 11)."""
    text = DOC.read_text(encoding="utf-8")
    modules = [p for game in ("imperator", "barracks") for p in sorted((ROOT / "rules" / game).glob("*.py"))
               if p.name != "__init__.py"]
    missing = [m.name for m in modules if f"| `rules/{m.parent.name}/{m.name}` |" not in text]
    assert missing == []


@pytest.mark.parametrize(("command", "expected"), [
    (PREFIX + "tests/imperator/test_rules_titles.py::test_no_such_test", ["no test tests/imperator/test_rules_titles.py::test_no_such_test"]),
    (PREFIX + "tests/imperator/test_no_such_file.py", ["no file tests/imperator/test_no_such_file.py", "no test file"]),
    (PREFIX + 'tests/imperator/test_rules_events.py -k "event_4 or nowhere_at_all"', ["-k nowhere_at_all selects nothing"]),
    (PREFIX + "tests/imperator/test_rules_fronts.py::test_reserve_front_units_out_cost_nothing", []),
])
def test_the_checker_sees_a_renamed_test(command: str, expected: list[str]) -> None:
    assert problems(command) == expected
