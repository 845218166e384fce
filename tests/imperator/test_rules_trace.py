"""docs/rules-trace.md: every paragraph of the French rules has at least one test (issue 11).

The paragraphs are cut from the French rules by ``scripts/make_rules_trace.py``; each one that
states a rule must be listed with tests that exist and, computed afresh, still cite it."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_rules_trace", ROOT / "scripts" / "make_rules_trace.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_rules_trace", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _trace() -> dict[str, str]:
    rows: dict[str, str] = {}
    for line in (ROOT / "docs" / "rules-trace.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("paragraph", "---"):
            rows[cells[0]] = cells[2]
    return rows


def test_every_paragraph_of_the_french_rules_has_a_test(shared: Callable[..., Path]) -> None:
    text = shared("seeds", "002_bea8673be4883741.txt").read_text(encoding="utf-8")
    make = _script()
    paras = list(make.paragraphs(text))
    assert len(paras) > 300  # the whole book, tables included
    ids = [p.pid for p in paras]
    assert len(ids) == len(set(ids)), "paragraph ids must be unique"
    index = make.tests_index()
    trace = _trace()
    missing_rows = [pid for pid in ids if pid not in trace]
    assert not missing_rows, f"regenerate docs/rules-trace.md (scripts/make_rules_trace.py): {missing_rows[:5]}"
    untested = [p.pid for p in paras if not p.commentary and not make.tests_for(p, index)]
    assert not untested, f"paragraphs with no test: {untested}"
    assert not [pid for pid, cell in trace.items() if cell == "**none**"]


def test_the_trace_names_only_tests_that_exist() -> None:
    defined: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        defined |= set(re.findall(r"^(?:async )?def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    named = {n for cell in _trace().values() for n in re.findall(r"`(test_\w+)`", cell)}
    assert named and named <= defined, sorted(named - defined)[:5]


def test_commentary_is_only_what_states_no_rule() -> None:
    cells = _trace()
    commentary = [pid for pid, cell in cells.items() if cell == "*commentary*"]
    assert commentary and len(commentary) < len(cells) // 10
    assert not [pid for pid in commentary if pid.startswith("Event") or " ¶" not in pid]  # no event, no stratagem
