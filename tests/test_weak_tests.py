"""Tests that cannot fail are kept out (issue 11; `docs/rules-fidelity.md` T2).

An AST scan of every ``tests/**/test_*.py`` (no test is run). It fails, naming ``file:line``, on
four weak forms:

- ``no-check``: a test function (``test_*``, top level or in a class) with no ``assert``, no
  ``pytest.raises``/``warns``/``fail`` and no call of an *asserting helper*. A helper is any
  non-test, non-fixture function of a file under ``tests/`` (a test file, ``conftest.py``, a
  builder, ``*_helpers.py``, ``golden_compare.py``...) whose body asserts, calls
  ``pytest.raises``/``fail``, raises ``AssertionError``, calls ``self.assert*``, or calls
  another asserting helper it can reach (closed transitively). A test file reaches its own
  functions, the functions it imports by name from a file under ``tests/`` (an imported class
  brings its methods) and every function of such a file it imports whole; files are matched
  by their stem. A call is matched by its last name (``check_x(...)``, ``h.check_x(...)`` and
  ``p.check_x(...)`` all match ``check_x``). Fixtures are not helpers: pytest injects them,
  and an assert in their setup checks nothing the test did. ``CHECKING_CALLS`` adds the few
  functions outside ``tests/`` that fail a test themselves (the transcript runner), each with
  its reason.
- ``bare-raises``: ``pytest.raises(E)`` where ``E`` is ``RuleError`` or one of its subclasses
  in ``rules/core/errors.py``, with no ``match=``, and the ``as`` name never used afterwards in
  the same function: its ``.value`` is read in no ``assert`` and no ``return`` (also through a
  name it is stored in: ``x = err.value``, ``said.append(err.value.section)``), and the ``as``
  name is passed to no asserting helper. Without an ``as`` name the refusal's section is never
  looked at, so it is flagged. A helper that returns ``err.value`` hands the check to its
  callers: a test that calls such a *refusal getter* and throws the result away is flagged too.
- ``truthy-object``: ``assert NAME`` / ``assert not NAME`` where ``NAME`` is one of
  ``OBJECT_NAMES`` (the names the project gives to states, games, outcomes and views) and the
  function never binds it to a comparison, a ``bool(...)`` or a boolean constant. A bool
  variable under any other name is fine.
- ``either-outcome``: ``assert A or B`` where every side compares the same expression (``x ==
  1 or x == 2``, also ``2 == x``, ``is``, ``in``). Allowed when the assert's first line, or the line above it,
  carries a comment ``# either:`` naming the rule section (``§``) that makes both correct.

``ALLOWED`` lists the real exceptions, each ``(file under tests/, "kind:test_function",
reason)`` (no line number, so an edit above it does not break it); an entry that matches
nothing fails too, so the list cannot go stale. It is empty: the first full run (session 11)
found no weak form left.
"""
from __future__ import annotations

import ast
import functools
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
ERRORS = ROOT / "rules" / "core" / "errors.py"

OBJECT_NAMES = frozenset({
    "st", "state", "game", "g", "out", "outcome", "view", "result", "res", "board", "engine",
    "snapshot", "snap", "msg", "message", "reply", "card", "image", "img", "record", "row",
})
CHECK_CALLS = frozenset({"raises", "warns", "fail", "deprecated_call"})
# Functions outside tests/ that fail the test on a wrong outcome, so calling one is a check.
CHECKING_CALLS = {
    "run_step": "bot.transcript.TranscriptRunner.run_step raises TranscriptFailure when a '>' line "
                "is not in the output or a '!' command is not refused",
}

# (file relative to tests/, "kind:function", reason)
ALLOWED: list[tuple[str, str, str]] = [
]


@dataclass(frozen=True)
class Finding:
    """One weak form: where, what kind, in which function."""

    path: str
    line: int
    kind: str
    function: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.kind} in {self.function}"

    @property
    def key(self) -> str:
        return f"{self.kind}:{self.function}"


def error_names(source: str) -> frozenset[str]:
    """``RuleError`` and every class of ``source`` deriving from it (transitively)."""
    names = {"RuleError"}
    classes = [node for node in ast.parse(source).body if isinstance(node, ast.ClassDef)]
    changed = True
    while changed:
        changed = False
        for cls in classes:
            bases = {base.id for base in cls.bases if isinstance(base, ast.Name)}
            if cls.name not in names and bases & names:
                names.add(cls.name)
                changed = True
    return frozenset(names)


def call_name(call: ast.Call) -> str:
    """The last name of what is called: ``check`` for ``check()`` and ``h.check()``."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def is_pytest_call(node: ast.AST, names: frozenset[str] = CHECK_CALLS) -> bool:
    """``pytest.raises(...)`` and the like (also ``raises(...)`` imported bare)."""
    return isinstance(node, ast.Call) and call_name(node) in names


def checks_directly(func: ast.AST) -> bool:
    """The function asserts, calls pytest's checks, raises AssertionError or ``self.assert*``."""
    for node in ast.walk(func):
        if isinstance(node, ast.Assert) or is_pytest_call(node):
            return True
        if isinstance(node, ast.Raise) and node.exc is not None and "AssertionError" in ast.dump(node.exc):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr.startswith("assert"):
            return True
    return False


def calls(func: ast.AST) -> set[str]:
    return {call_name(node) for node in ast.walk(func) if isinstance(node, ast.Call)}


def is_fixture(func: ast.AST) -> bool:
    """A pytest fixture: injected by pytest, never called by the test, so never a helper."""
    return any("fixture" in ast.dump(dec) for dec in getattr(func, "decorator_list", []))


@dataclass
class Module:
    """One Python file under ``tests/``: what each of its helpers checks and calls, its classes'
    methods, what it imports, and (once closed) its asserting helpers."""

    path: Path
    tree: ast.Module
    asserting: set[str] = field(default_factory=set)
    helpers: dict[str, tuple[bool, set[str]]] = field(default_factory=dict)
    classes: dict[str, set[str]] = field(default_factory=dict)
    imports: list[tuple[str, str | None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for node in ast.walk(self.tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.name.startswith("test") \
                    and not is_fixture(node):
                direct, called = self.helpers.get(node.name, (False, set()))
                self.helpers[node.name] = (direct or checks_directly(node), called | calls(node))
            elif isinstance(node, ast.ClassDef):
                self.classes[node.name] = {item.name for item in node.body
                                           if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)}
            elif isinstance(node, ast.ImportFrom) and node.module:
                self.imports += [(node.module.rsplit(".", 1)[-1], alias.name) for alias in node.names]
            elif isinstance(node, ast.Import):
                self.imports += [(alias.name.rsplit(".", 1)[-1], None) for alias in node.names]

    def imported(self, modules: dict[str, list[Module]]) -> set[str]:
        """The asserting helpers it imports: ``from M import f`` (or class ``C``, its methods)
        and ``import M`` (every asserting function of M), M being a module under ``tests/``."""
        found: set[str] = set()
        for stem, name in self.imports:
            for other in modules.get(stem, []):
                if name is None:
                    found |= other.asserting
                else:
                    found |= ({name} | other.classes.get(name, set())) & other.asserting
        return found


def close(modules: dict[str, list[Module]]) -> dict[str, list[Module]]:
    """Mark every helper that checks, directly or through a helper it can reach, until stable."""
    changed = True
    while changed:
        changed = False
        for module in (m for group in modules.values() for m in group):
            known = module.asserting | module.imported(modules)
            for name, (direct, called) in module.helpers.items():
                if name not in module.asserting and (direct or called & known):
                    module.asserting.add(name)
                    known.add(name)
                    changed = True
    return modules


def load_modules(tests: Path) -> dict[str, list[Module]]:
    """Every ``.py`` under ``tests`` by stem, with its asserting helpers."""
    modules: dict[str, list[Module]] = {}
    for path in sorted(tests.rglob("*.py")):
        modules.setdefault(path.stem, []).append(Module(path, ast.parse(path.read_text(encoding="utf-8"))))
    return close(modules)


def asserting_helpers(source: str) -> set[str]:
    """The asserting helpers of one file on its own (no imports): for the snippets below."""
    return close({"x": [Module(Path("x.py"), ast.parse(source))]})["x"][0].asserting


def collect_test_functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Test functions at the top level or in a ``Test*`` class."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            found.append(node)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            found += [item for item in node.body if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                      and item.name.startswith("test")]
    return found


def raises_error(item: ast.withitem, errors: frozenset[str]) -> bool:
    """``pytest.raises(E)`` with E a rules error and no ``match=``."""
    call = item.context_expr
    if not (isinstance(call, ast.Call) and call_name(call) == "raises" and call.args):
        return False
    if any(keyword.arg == "match" for keyword in call.keywords):
        return False
    first = call.args[0]
    kinds = first.elts if isinstance(first, ast.Tuple) else [first]
    return any((isinstance(kind, ast.Name) and kind.id in errors)
               or (isinstance(kind, ast.Attribute) and kind.attr in errors) for kind in kinds)


def uses_name(node: ast.AST, name: str) -> bool:
    return any(isinstance(sub, ast.Name) and sub.id == name for sub in ast.walk(node))


def uses_value(node: ast.AST, name: str) -> bool:
    """``node`` reads ``name.value`` (the error a ``pytest.raises(...) as name`` caught)."""
    return any(isinstance(sub, ast.Attribute) and sub.attr == "value" and isinstance(sub.value, ast.Name)
               and sub.value.id == name for sub in ast.walk(node))


def carried(func: ast.AST, name: str, after: int) -> set[str]:
    """The names that take ``name.value`` after line ``after``: ``x = f(err.value)``,
    ``found.append(err.value.section)`` (so a refusal collected in a list is checked later)."""
    names: set[str] = set()

    def reads(node: ast.AST) -> bool:
        return uses_value(node, name) or any(uses_name(node, n) for n in names)

    changed = True
    while changed:
        changed = False
        for node in ast.walk(func):
            if getattr(node, "lineno", 0) <= after:
                continue
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign) and reads(node.value):
                targets = node.targets
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in {"append", "extend", "add"} and any(reads(arg) for arg in node.args):
                targets = [node.func.value]
            for target in targets:
                new = {sub.id for sub in ast.walk(target) if isinstance(sub, ast.Name)} - names
                if new:
                    names |= new
                    changed = True
    return names


def error_checked(func: ast.AST, name: str, after: int, helpers: set[str]) -> bool:
    """``name.value`` (or a name carrying it) is read after line ``after`` in an assert or a
    return; or ``name`` itself is passed to an asserting helper."""
    names = carried(func, name, after)

    def used(node: ast.AST) -> bool:
        return uses_value(node, name) or any(uses_name(node, n) for n in names)

    for node in ast.walk(func):
        if getattr(node, "lineno", 0) <= after:
            continue
        if isinstance(node, ast.Assert) and used(node.test):
            return True
        if isinstance(node, ast.Return) and node.value is not None and used(node.value):
            return True
        if isinstance(node, ast.Call) and (call_name(node) in helpers or call_name(node).startswith("assert")) \
                and any(used(arg) or uses_name(arg, name) for arg in [*node.args, *(k.value for k in node.keywords)]):
            return True
    return False


def bare_raises(func: ast.AST, errors: frozenset[str], helpers: set[str]) -> list[int]:
    """Lines of ``pytest.raises(RuleError)`` whose error is never looked at."""
    lines = []
    for node in ast.walk(func):
        if not isinstance(node, ast.With | ast.AsyncWith):
            continue
        for item in node.items:
            if not raises_error(item, errors):
                continue
            target = item.optional_vars
            end = node.end_lineno or node.lineno
            if not (isinstance(target, ast.Name) and error_checked(func, target.id, end, helpers)):
                lines.append(node.lineno)
    return lines


def functions_of(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]


def refusal_getters(tree: ast.AST, errors: frozenset[str]) -> set[str]:
    """Non-test functions holding a ``pytest.raises(RuleError)`` with no ``match=`` that return
    the error without asserting anything themselves: their callers must check what they return."""
    found = set()
    for func in functions_of(tree):
        if func.name.startswith("test") or any(isinstance(node, ast.Assert) for node in ast.walk(func)):
            continue
        if any(isinstance(node, ast.With | ast.AsyncWith) and any(raises_error(i, errors) for i in node.items)
               for node in ast.walk(func)):
            found.add(func.name)
    return found


def discarded(func: ast.AST, getters: set[str] | frozenset[str]) -> list[int]:
    """Lines where a test calls a refusal getter and throws the refusal away."""
    return [node.lineno for node in ast.walk(func) if isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Call) and call_name(node.value) in getters]


def bool_bound(func: ast.AST, name: str) -> bool:
    """The function binds ``name`` to a comparison, a boolean operation, ``bool()`` or True/False."""
    for node in ast.walk(func):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if not any(isinstance(t, ast.Name) and t.id == name for t in targets):
                continue
            value = node.value
            if isinstance(value, ast.Compare | ast.BoolOp) or (
                    isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not)) or (
                    isinstance(value, ast.Constant) and isinstance(value.value, bool)) or (
                    isinstance(value, ast.Call) and call_name(value) in {"bool", "all", "any", "isinstance"}):
                return True
            if isinstance(node, ast.AnnAssign) and isinstance(node.annotation, ast.Name) \
                    and node.annotation.id == "bool":
                return True
    return False


def truthy_objects(func: ast.AST) -> list[int]:
    """Lines of ``assert NAME`` / ``assert not NAME`` on an object name."""
    lines = []
    for node in ast.walk(func):
        if not isinstance(node, ast.Assert):
            continue
        test = node.test
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test = test.operand
        if isinstance(test, ast.Name) and test.id in OBJECT_NAMES and not bool_bound(func, test.id):
            lines.append(node.lineno)
    return lines


def compared(side: ast.AST) -> str | None:
    """The dump of the expression one comparison tests (``x`` in ``x == 1``), else None."""
    if not (isinstance(side, ast.Compare) and len(side.ops) == 1
            and isinstance(side.ops[0], ast.Eq | ast.Is | ast.In)):
        return None
    if isinstance(side.ops[0], ast.Eq | ast.Is) and isinstance(side.left, ast.Constant) \
            and not isinstance(side.comparators[0], ast.Constant):
        return ast.dump(side.comparators[0])  # written the other way round: 1 == x
    return ast.dump(side.left)


def either_outcomes(func: ast.AST, source_lines: list[str]) -> list[int]:
    """Lines of ``assert x == a or x == b`` without an ``# either: §...`` comment."""
    lines = []
    for node in ast.walk(func):
        if not (isinstance(node, ast.Assert) and isinstance(node.test, ast.BoolOp)
                and isinstance(node.test.op, ast.Or)):
            continue
        subjects = [compared(side) for side in node.test.values]
        if None in subjects or len(set(subjects)) != 1:
            continue
        nearby = source_lines[max(node.lineno - 2, 0):node.lineno]
        if any("# either:" in line and "§" in line.split("# either:", 1)[1] for line in nearby):
            continue
        lines.append(node.lineno)
    return lines


def scan_source(source: str, path: str, errors: frozenset[str], helpers: set[str],
                getter_names: frozenset[str] = frozenset(), tree: ast.Module | None = None) -> list[Finding]:
    """Every weak form in one test file's ``source``; ``helpers`` are the asserting helpers it
    may call (its own and those it imports), ``getter_names`` the refusal getters of other
    modules."""
    tree = tree or ast.parse(source)
    lines = source.splitlines()
    tests = collect_test_functions(tree)
    found = []
    for func in functions_of(tree):
        if func not in tests:
            found += [Finding(path, line, "bare-raises", func.name) for line in bare_raises(func, errors, helpers)]
    getters = (getter_names or refusal_getters(tree, errors)) & helpers
    for func in tests:
        found += [Finding(path, line, "bare-raises", func.name) for line in discarded(func, getters)]
    for func in tests:
        if not (checks_directly(func) or calls(func) & helpers):
            found.append(Finding(path, func.lineno, "no-check", func.name))
        found += [Finding(path, line, "bare-raises", func.name) for line in bare_raises(func, errors, helpers)]
        found += [Finding(path, line, "truthy-object", func.name) for line in truthy_objects(func)]
        found += [Finding(path, line, "either-outcome", func.name) for line in either_outcomes(func, lines)]
    return found


@functools.cache
def scan(tests: Path = TESTS) -> list[Finding]:
    """Every weak form in every ``tests/**/test_*.py``."""
    errors = error_names(ERRORS.read_text(encoding="utf-8"))
    modules = load_modules(tests)
    getters = frozenset(name for group in modules.values() for module in group
                        for name in refusal_getters(module.tree, errors))
    found = []
    for path in sorted(tests.rglob("test_*.py")):
        rel = path.relative_to(tests).as_posix()
        source = path.read_text(encoding="utf-8")
        module = next(m for m in modules[path.stem] if m.path == path)
        helpers = module.asserting | module.imported(modules) | set(CHECKING_CALLS)
        found += scan_source(source, rel, errors, helpers, getters, module.tree)
    return found


def allowed(finding: Finding) -> bool:
    return any(path == finding.path and key == finding.key for path, key, _ in ALLOWED)


def test_no_test_file_has_a_weak_form() -> None:
    weak = [str(finding) for finding in scan() if not allowed(finding)]
    assert weak == [], "tests that cannot fail:\n" + "\n".join(weak)


def test_every_allowed_entry_matches_a_finding_and_gives_a_reason() -> None:
    keys = {(finding.path, finding.key) for finding in scan()}
    stale = [(path, key) for path, key, reason in ALLOWED if (path, key) not in keys]
    assert stale == []
    assert [entry for entry in ALLOWED if len(entry[2]) < 10] == []


# --- the scan can fail: snippets it must flag and must not flag -------------------------------

ERRORS_HERE = frozenset({"RuleError", "NotYetSupported"})


def kinds(source: str) -> list[str]:
    return [finding.kind for finding in scan_source(source, "x.py", ERRORS_HERE, asserting_helpers(source))]


FLAGGED = [
    ("no-check", "def test_x():\n    play(1)\n"),
    ("no-check", "class TestA:\n    def test_x(self):\n        play(1)\n"),
    ("no-check", "def helper():\n    return 1\n\ndef test_x():\n    helper()\n"),
    ("bare-raises", "def test_x():\n    with pytest.raises(RuleError):\n        play()\n"),
    ("bare-raises", "def test_x():\n    with pytest.raises(NotYetSupported) as err:\n        play()\n"),
    ("bare-raises", "def test_x():\n    with pytest.raises(errors.RuleError) as err:\n        play()\n"
                    "    print(err.value)\n"),
    ("bare-raises", "def test_x():\n    said = []\n    with pytest.raises(RuleError) as err:\n        play()\n"
                    "    said.append(err.value.section)\n"),
    ("bare-raises", "def refused(g):\n    with pytest.raises(RuleError) as err:\n        g.play()\n"
                    "    return err.value\n\ndef test_x():\n    refused(1)\n"),
    ("bare-raises", "def refused(g):\n    with pytest.raises(RuleError):\n        g.play()\n\n"
                    "def test_x():\n    assert refused(1) is None\n"),
    ("bare-raises", "def test_x():\n    with pytest.raises(RuleError) as err:\n        play()\n"
                    "    assert err.type is RuleError\n"),
    ("truthy-object", "def test_x():\n    st = start()\n    assert st\n"),
    ("truthy-object", "def test_x(game):\n    assert not game\n"),
    ("either-outcome", "def test_x():\n    x = f()\n    assert x == 1 or x == 2\n"),
    ("either-outcome", "def test_x():\n    assert f().winner == 'a' or f().winner == 'b'\n"),
    ("either-outcome", "def test_x():\n    assert out.seat == 'rome' or 'enemies' == out.seat\n"),
    ("either-outcome", "def test_x():\n    assert x == 1 or x == 2 or x == 3  # either: no section\n"),
    ("either-outcome", "def test_x():\n    # either: both are fine\n    assert x is None or x is y\n"),
]

CLEAN = [
    "def test_x():\n    assert play(1) == 2\n",
    "def check(v):\n    assert v == 2\n\ndef test_x():\n    check(play(1))\n",
    "def check(v):\n    assert v\n\ndef deep(v):\n    check(v)\n\ndef test_x():\n    deep(1)\n",
    "def test_x():\n    with pytest.raises(ValueError):\n        play()\n",
    "def test_x():\n    with pytest.raises(RuleError, match='§6.1'):\n        play()\n",
    "def test_x():\n    with pytest.raises(RuleError) as err:\n        play()\n"
    "    assert err.value.section == '§6.1'\n",
    "def refused():\n    with pytest.raises(RuleError) as err:\n        play()\n    return err.value\n\n"
    "def test_x():\n    assert refused().section == '§6.1'\n",
    "def test_x():\n    said = []\n    for x in (1, 2):\n        with pytest.raises(RuleError) as err:\n"
    "            play(x)\n        said.append(err.value.section)\n    assert said == ['§1', '§2']\n",
    "def refused(g):\n    with pytest.raises(RuleError) as err:\n        g.play()\n    return err.value\n\n"
    "def test_x():\n    err = refused(1)\n    assert err.section == '§2'\n",
    "def test_x():\n    ok = is_legal()\n    assert ok\n",
    "def test_x():\n    with pytest.raises(RuleError) as err:\n        play()\n    check(err)\n\n"
    "def check(err):\n    assert err.value.section == '§1'\n",
    "def test_x():\n    st = a == b\n    assert st\n",
    "def test_x():\n    assert st.year == 3\n",
    "def test_x():\n    assert x == 1 or y == 2\n",
    "def test_x():\n    # either: §4.5 lets the enemies pick either\n    assert x == 1 or x == 2\n",
    "def test_x():\n    for cell in cells:\n        assert 'E' in cell or cell == ('N', 'N')\n",
    "def test_x():\n    assert x == 1 or x == 2  # either: §6.2, equal CP, both Augusti may be named\n",
    "class TestA:\n    def test_x(self):\n        self.assertEqual(1, 1)\n",
]


@pytest.mark.parametrize(("kind", "source"), FLAGGED)
def test_the_scan_flags(kind: str, source: str) -> None:
    assert kinds(source) == [kind]


@pytest.mark.parametrize("source", CLEAN)
def test_the_scan_passes(source: str) -> None:
    assert kinds(source) == []


def test_subclasses_of_rule_error_are_read_from_the_errors_module() -> None:
    source = "class RuleError(Exception): ...\nclass A(RuleError): ...\nclass B(A): ...\nclass C: ...\n"
    assert error_names(source) == {"RuleError", "A", "B"}
    assert error_names(ERRORS.read_text(encoding="utf-8")) >= {"RuleError", "NotYetSupported"}


def test_helpers_are_found_across_the_files_a_test_imports(tmp_path: Path) -> None:
    """A helper counts only where the test file can reach it (imported by name, or its module
    imported whole); a refusal getter's result thrown away is a bare refusal."""
    (tmp_path / "builder.py").write_text(
        "import pytest\n\n"
        "def check(x):\n    assert x == 1\n\n"
        "def indirect(x):\n    check(x)\n\n"
        "def refused(g):\n    with pytest.raises(RuleError) as err:\n        g.play()\n    return err.value\n\n"
        "class Pos:\n    def verify(self):\n        assert self.n == 2\n",
        encoding="utf-8")
    (tmp_path / "other.py").write_text("def unseen(x):\n    assert x\n", encoding="utf-8")
    (tmp_path / "test_a.py").write_text(
        "import builder\nfrom builder import Pos, indirect, refused\n\n"
        "def test_imported():\n    indirect(1)\n\n"
        "def test_module():\n    builder.check(1)\n\n"
        "def test_method():\n    Pos().verify()\n\n"
        "def test_not_imported():\n    unseen(1)\n\n"
        "def test_thrown_away():\n    refused(1)\n\n"
        "def test_kept():\n    assert refused(1).section == '§3'\n",
        encoding="utf-8")
    assert sorted((f.line, f.kind, f.function) for f in scan(tmp_path)) == [
        (13, "no-check", "test_not_imported"), (17, "bare-raises", "test_thrown_away")]
