"""A function that marks text with ``_()`` must never assign ``_`` itself.

Python makes a name local to the whole function as soon as the function assigns it, so
``for _, value in pairs:`` or ``head, _, tail = text.partition(...)`` in a function that also
calls ``_("...")`` turns every such call into an UnboundLocalError, often on a rare path that no
test reaches. Comprehensions have their own scope and are allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "bot", "cogs", "render", "db")
OWN_SCOPE = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.Lambda,
    ast.ClassDef,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
)


def _assignments_of_underscore(function: ast.AST) -> list[int]:
    """Lines where ``function`` itself (not a nested scope) binds the name ``_``."""
    lines: list[int] = []
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, OWN_SCOPE):
            continue
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            lines.append(node.lineno)
        stack.extend(ast.iter_child_nodes(node))
    return lines


def _calls_underscore(function: ast.AST) -> bool:
    return any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
        for node in ast.walk(function)
    )


def shadowing(source: str, filename: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _calls_underscore(node):
            found += [f"{filename}:{line} in {node.name}" for line in _assignments_of_underscore(node)]
    return found


def test_the_check_finds_a_shadowing_loop() -> None:
    source = "def f(pairs):\n    for _, v in pairs:\n        pass\n    return _('x')\n"
    assert shadowing(source, "example.py") == ["example.py:2 in f"]
    fine = "def f(pairs):\n    return _('x'), sum(v for _, v in pairs)\n"
    assert shadowing(fine, "example.py") == []


def test_no_function_assigns_underscore_while_using_it_for_translation() -> None:
    found: list[str] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found += shadowing(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []
