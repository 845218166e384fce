"""No English sentence reaches a person without ``_()`` (issue 13): a scan of the code.

The pseudo-locale test (tests/bot/test_i18n_pseudo.py) plays the games and looks at what comes
out; this scan complements it on paths no test plays. It reads every module of the packages and
reports a string literal (or f-string) with words in it given directly to something that shows
text: a message sent or edited, a refusal (``refuse``, ``ModeratorError``, ``RuleError``...), a
line of an outcome (``say``, ``tell``), a decision's prompt (``open_decision``), a label drawn
on an image (``draw.text``) or a component's label or placeholder, or a problem of a game's
data (``problems.append``, a loader's ``chk.add``/``r.fail``, ``DataError``), which
``praetor data check`` prints in ``PRAETOR_LOCALE``. Such a sentence must be marked with
``rules.core.i18n._`` (or ``_n``) so the catalogue translates it.

A sentence may also travel before it is shown: built in a variable (an f-string, a
``"...".format(...)``, a literal, or a list of them joined) and given to one of those callables
later in the same function, or returned by a function of the same module. The scan follows
such values through assignments, ``+=``, ``.append``/``.extend``, ``"sep".join(...)`` and the
return values of the module's own functions (issue 13 item 7).
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
    # the problems of a game's data (praetor data check, issue 13)
    "DataError": 0,
    "IRDataError": 0,
    "fail": 1,  # _Reader.fail(where, message) of the Imperium Romanum chart validator
    # a die's purpose, posted with its roll ("🎲 §13.3 forage: d6 rolled 4")
    "d6": 0,
    "d10": 0,
    "three_d6": 1,
    # the cause of an Imperator leader's death ("{leader} is dead ({cause})")
    "kill_leader": 3,
    "kill_leaders": 3,
}
DATA_PROBLEM_ADD = 3
"""``chk.add(file, entry, field, message)`` of the Imperator loader: the message."""
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
    if _is_format(node):
        return True
    return len(WORDS.findall(_wording(node))) >= 1 and " " in _wording(node).strip() or (
        isinstance(node, ast.JoinedStr) and bool(WORDS.search(_wording(node)))
    )


def _is_format(node: ast.AST) -> bool:
    """``"... words ...".format(...)``: an English sentence filled in, never translated."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "format"
        and isinstance(node.func.value, ast.Constant | ast.JoinedStr)
        and bool(WORDS.search(_wording(node.func.value)))
    )


class _Flow:
    """The names of one function that hold an unmarked sentence (or a list of them)."""

    def __init__(self, returning: frozenset[str] = frozenset()) -> None:
        self.tainted: dict[str, int] = {}  # name -> line where the sentence was built
        self.returning = returning  # functions of the module that return such a sentence

    def carries(self, node: ast.AST) -> bool:
        """``node`` is, or is built from, an unmarked sentence."""
        if _is_sentence(node):
            return True
        if isinstance(node, ast.Name):
            return node.id in self.tainted
        if isinstance(node, ast.BinOp):
            return self.carries(node.left) or self.carries(node.right)
        if isinstance(node, ast.List | ast.Tuple):
            return any(self.carries(item) for item in node.elts)
        if isinstance(node, ast.IfExp):
            return self.carries(node.body) or self.carries(node.orelse)
        if isinstance(node, ast.Call) and _called(node) in self.returning:
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "join" and node.args:  # "\n".join(lines)
                return self.carries(node.args[0])
            if node.func.attr in ("strip", "rstrip", "lstrip", "capitalize"):
                return self.carries(node.func.value)
        return False

    def learn(self, node: ast.AST) -> None:
        """Note what an assignment or a list method makes of a name."""
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    if self.carries(node.value):
                        self.tainted[target.id] = node.lineno
                    else:
                        self.tainted.pop(target.id, None)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            if self.carries(node.value):
                self.tainted[node.target.id] = node.lineno
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "extend", "insert")
            and isinstance(node.func.value, ast.Name)
            and node.args
            and self.carries(node.args[-1])
        ):
            self.tainted[node.func.value.id] = node.lineno


def _called(node: ast.Call) -> str:
    """The name of a function of the same module called by ``node`` (``f()``, ``self.f()``)."""
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in ("self", "cls"):
        return func.attr
    return ""


def _returning(functions: list[ast.FunctionDef | ast.AsyncFunctionDef]) -> frozenset[str]:
    """The functions that return an unmarked sentence (or a list of them), to a fixed point."""
    found: frozenset[str] = frozenset()
    while True:
        more = set(found)
        for function in functions:
            flow = _Flow(found)
            for node in _statements_in_order(function.body):
                if isinstance(node, ast.Return) and node.value is not None and flow.carries(node.value):
                    more.add(function.name)
                flow.learn(node)
        if more == found:
            return found
        found = frozenset(more)


def _statements_in_order(body: list[ast.stmt]) -> list[ast.AST]:
    """Every node of a function body in source order, not entering nested functions."""
    out: list[ast.AST] = []

    def visit(node: ast.AST) -> None:
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef):
                continue
            visit(child)

    for statement in body:
        visit(statement)
    return sorted(out, key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))


def _shown_values(node: ast.Call) -> tuple[str, list[ast.AST]]:
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    shown: list[ast.AST] = []
    index = MESSAGE_ARG.get(name)
    if index is not None and len(node.args) > index:
        shown.append(node.args[index])
    if name == "add" and len(node.args) == DATA_PROBLEM_ADD + 1:
        shown.append(node.args[DATA_PROBLEM_ADD])
    if (
        name == "append"
        and isinstance(func, ast.Attribute)
        and ast.unparse(func.value).endswith("problems")
        and node.args
    ):
        shown.append(node.args[0])
    shown += [k.value for k in node.keywords if k.arg in MESSAGE_KEYWORDS]
    return name, shown


def unmarked(source: str, filename: str) -> list[str]:
    """``file:line: callable: literal`` for every unmarked sentence shown to a person, given
    directly or through a variable of the same function."""
    found = []
    tree = ast.parse(source, filename)
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    returning = _returning(functions)
    scopes: list[list[ast.stmt]] = [tree.body] + [n.body for n in functions]
    for body in scopes:
        flow = _Flow(returning)
        for node in _statements_in_order(body):
            if isinstance(node, ast.Call):
                name, shown = _shown_values(node)
                for value in shown:
                    if flow.carries(value):
                        found.append(f"{filename}:{node.lineno}: {name}: {ast.unparse(value)[:80]}")
            flow.learn(node)
    return sorted(set(found), key=lambda line: (line.split(":")[0], int(line.split(":")[1])))


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


def test_the_scan_covers_the_problems_of_the_data() -> None:
    source = (
        "def f(problems, chk, r, where, pid):\n"
        "    problems.append(f'{where}: unknown province {pid!r}')\n"
        "    chk.add('peoples.toml', pid, 'zones', f'unknown zone {pid!r}')\n"
        "    r.fail(where, 'needs rows')\n"
        "    raise DataError(f'{where}: missing data file')\n"
        "    problems.append(_('{where}: unknown power', where=where))\n"
        "    chk.add('peoples.toml', pid, 'zones', _('duplicate id'))\n"
        "    seen.add(pid)\n"
        "    lines.append(f'{pid} here')\n"
    )
    assert [line.split(": ")[0] for line in unmarked(source, "x.py")] == [
        "x.py:2", "x.py:3", "x.py:4", "x.py:5",
    ]


def test_the_scan_follows_a_sentence_built_in_a_variable() -> None:
    source = (
        "async def f(interaction, out, name, rows):\n"
        "    message = f'{name} is not in this game'\n"
        "    await refuse(interaction, message)\n"
        "    note = 'the {} left'.format(name)\n"
        "    out.say(note)\n"
        "    lines = []\n"
        "    for row in rows:\n"
        "        lines.append(f'{row} waits for you')\n"
        "    await interaction.response.send_message('\\n'.join(lines))\n"
        "    marked = _('{name} is here', name=name)\n"
        "    out.say(marked)\n"
        "    message = localise(marked, 'fr')\n"
        "    await refuse(interaction, message)\n"
        "    button = Button(label=f'Play {name}')\n"
        "    await reply(interaction, waiting(name))\n"
        "def waiting(name):\n"
        "    return f'{name} is waiting'\n"
    )
    assert [line.split(": ")[0] for line in unmarked(source, "x.py")] == [
        "x.py:3",
        "x.py:5",
        "x.py:9",
        "x.py:14",
        "x.py:15",
    ]


def test_no_unmarked_sentence_is_shown() -> None:
    found: list[str] = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found += unmarked(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []
