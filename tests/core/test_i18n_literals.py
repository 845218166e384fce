"""No English sentence reaches a person without ``_()`` (issue 13): a scan of the code.

The pseudo-locale test (tests/bot/test_i18n_pseudo.py) plays the games and looks at what comes
out; this scan complements it on paths no test plays. It reads every module of the packages and
reports a string literal (or f-string) with words in it given directly to something that shows
text: a message sent or edited, a refusal (``refuse``, ``ModeratorError``, ``RuleError``...), a
line of an outcome (``say``, ``tell``), a decision's prompt (``open_decision``), a label drawn
on an image (``draw.text``) or a component's label or placeholder. Such a sentence must be
marked with ``rules.core.i18n._`` (or ``_n``) so the catalogue translates it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "bot", "cogs", "render", "db")

MESSAGE_ARG = {
    # callable name -> index of the positional argument holding the sentence
    "send": 0,
    "send_message": 0,
    "reply": 1,
    "refuse": 1,
    "ModeratorError": 0,
    "StaleError": 0,
    "ConflictError": 0,
    "BoundsError": 0,
    "NotationError": 0,
    "RuleError": 1,
    "NotYetSupported": 1,
    "say": 0,
    "tell": 1,
    "open_decision": 3,
    "text": 1,  # ImageDraw.text((x, y), text, ...)
}
MESSAGE_KEYWORDS = ("content", "label", "placeholder", "prompt")
WORDS = re.compile(r"[A-Za-z]{3,}")


def _wording(node: ast.AST) -> str:
    """The literal words of a string expression (an f-string's fixed parts), else ''."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(v.value for v in node.values if isinstance(v, ast.Constant))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return f"{_wording(node.left)} {_wording(node.right)}"
    return ""


def _is_sentence(node: ast.AST) -> bool:
    return len(WORDS.findall(_wording(node))) >= 1 and " " in _wording(node).strip() or (
        isinstance(node, ast.JoinedStr) and bool(WORDS.search(_wording(node)))
    )


def unmarked(source: str, filename: str) -> list[str]:
    """``file:line: callable: literal`` for every unmarked sentence shown to a person."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        shown = []
        index = MESSAGE_ARG.get(name)
        if index is not None and len(node.args) > index:
            shown.append(node.args[index])
        shown += [k.value for k in node.keywords if k.arg in MESSAGE_KEYWORDS]
        for value in shown:
            if _is_sentence(value):
                found.append(f"{filename}:{node.lineno}: {name}: {ast.unparse(value)[:80]}")
    return found


def test_the_scan_finds_unmarked_sentences() -> None:
    source = (
        "def f(d, out, name):\n"
        "    out.say(f'{name} reaches Rome')\n"
        "    raise RuleError('§7.2', 'you may not leave')\n"
        "    d.text((0, 0), _('Legend'))\n"
        "    out.say(_('{name} reaches Rome', name=name))\n"
        "    raise ModeratorError('This menu is out of date.')\n"
    )
    assert [line.split(": ")[1] for line in unmarked(source, "x.py")] == [
        "say",
        "RuleError",
        "ModeratorError",
    ]


def test_no_unmarked_sentence_is_shown() -> None:
    found: list[str] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found += unmarked(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []
