"""Every choice the French Imperator book gives a player is left to that player (issue 11).

The book's wording of a choice ("choix", "choisit", "désigne", "n'importe quel", "librement",
...) is searched sentence by sentence (``choice_sentences``). ``tests/imperator/choices.toml``
has one entry per phrase: its line in the book, a short key (at most 6 words of the phrase), who
chooses and the tests proving the engine asks that player (a pending decision or a command
argument), or ``not_a_choice`` with the reason the words give nobody a choice.

The test fails when a sentence of the search has no entry, when an entry's key is not in its
line of the book (or is longer than 6 words), when an entry points at no phrase of the search,
or when a test it names does not exist (the test files are parsed, not run). The book is found
through ``../shared`` (the ``shared`` fixture): skipped locally without it, failed under CI=true.

What each named test asserts about the chooser is checked too (session 12): a choice entry's
``tests`` are records ``{ test = "file::name", asks = "R" }`` (the test asserts that a pending
decision is put to that player: its ``role`` or ``seat`` compared with "R"/"rome" or
"E"/"enemies") or ``{ test = ..., gives = "argument", by = "R" }`` (the test has that player
give a command or an answer carrying that argument, outside ``pytest.raises``, then asserts
something). The test function's source is read with ``ast``; a record it does not bear out
fails. The players of an entry's records must be its ``who``: "R" for Rome, "E" for the Enemies,
both for "both players". ``also`` lists tests of what may be chosen or what the choice does;
they are only checked to exist.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHOICES = Path(__file__).with_name("choices.toml")
BOOK = ("seeds", "002_bea8673be4883741.txt")
MAX_KEY_WORDS = 6
WHO = {"Rome", "the Enemies of Rome", "both players", "the player concerned"}

# The ways the book words a choice (the search of step 1, issue 11): the verb and noun
# ("choix", "choisit", "choisir", "choisissent", "choisi(e)s"), "désigner", "n'importe
# quel(le)/lequel", "librement", "s'il le désire/souhaite", Event 6's "au moins un des deux"
# and §9.2.2's leaders going "avec une des unités".
CHOICE_WORDS = re.compile(
    r"choi(?:x|s)|d[ée]sign|n'importe|librement|s'il le (?:d[ée]sire|souhaite)"
    r"|au moins un des deux|avec une des unit[ée]s",
    re.IGNORECASE,
)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
WORD = re.compile(r"[^\W_]+")


def sentences(line: str) -> list[str]:
    """A line of the book cut after each full stop, question or exclamation mark."""
    return [s for s in SENTENCE_END.split(line) if s.strip()]


def choice_sentences(text: str) -> Iterator[tuple[int, str]]:
    """(line number, sentence) for each sentence of ``text`` wording a choice."""
    for number, line in enumerate(text.splitlines(), start=1):
        for sentence in sentences(line):
            if CHOICE_WORDS.search(sentence):
                yield number, sentence


def load_choices() -> list[dict[str, object]]:
    entries = tomllib.loads(CHOICES.read_text(encoding="utf-8"))["phrase"]
    assert isinstance(entries, list)
    return entries


@cache
def functions_of(path: str) -> dict[str, ast.FunctionDef]:
    """The test functions defined at the top of a test file (parsed, never imported)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def defined_tests(path: str) -> frozenset[str]:
    return frozenset(functions_of(path))


def missing_tests(names: list[str]) -> list[str]:
    """The ``file::test`` names among ``names`` that do not exist."""
    missing = []
    for ref in names:
        path, _, func = ref.partition("::")
        if not (ROOT / path).is_file() or func not in defined_tests(path):
            missing.append(ref)
    return missing


# -- what a named test asserts about the chooser ------------------------------------------------

PLAYER = {"R": "R", "rome": "R", "E": "E", "enemies": "E"}  # roles and seats
ROLE_KEYS = ("role", "seat")  # a pending decision's player: d["role"], dec.seat
PLAYERS_OF = {"Rome": {"R"}, "the Enemies of Rome": {"E"}, "both players": {"R", "E"},
              "the player concerned": {"R", "E"}}
# The calls by which a test has a player act, and where the player stands among their arguments:
# game.apply(seat, Command), the builders' cmd/play/_decide(game, seat, ...), engine.decide(st,
# out, role, id, choice) and the stratagem handlers (st, out, role, args, chit).
ACTING_CALLS = {"apply": 0, "cmd": 1, "play": 1, "_decide": 1, "decide": 2, "usurp": 2,
                "_usurpation": 2, "_assassinat": 2, "_plague": 2, "_fleche": 2}
ANSWERS = {"decide", "_decide"}  # their positional answer is the "choice" argument


def _player(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return PLAYER.get(node.value)
    return None


def _is_role(node: ast.AST) -> bool:
    """``x["role"]``, ``x["seat"]``, ``x.role`` or ``x.seat``."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return node.slice.value in ROLE_KEYS
    return isinstance(node, ast.Attribute) and node.attr in ROLE_KEYS


def _paired(left: ast.AST, right: ast.AST) -> Iterator[str]:
    """The players a role is compared with in ``left == right``: element by element for tuples
    and lists, the element of a comprehension against each item of the list it equals."""
    if isinstance(left, ast.Tuple | ast.List) and isinstance(right, ast.Tuple | ast.List):
        if len(left.elts) == len(right.elts):
            for a, b in zip(left.elts, right.elts, strict=True):
                yield from _paired(a, b)
        return
    if isinstance(left, ast.ListComp) and isinstance(right, ast.List):
        for item in right.elts:
            yield from _paired(left.elt, item)
        return
    for role, value in ((left, right), (right, left)):
        player = _player(value)
        if _is_role(role) and player:
            yield player


def asserted_players(fn: ast.FunctionDef) -> set[str]:
    """The players an ``assert`` of ``fn`` says a decision is put to: a dict with ``"role": "R"``
    or a role compared with a player (``dec.seat == "rome"``, ``(d["kind"], d["role"]) == (..., "E")``)."""
    found: set[str] = set()
    for stmt in ast.walk(fn):
        if not isinstance(stmt, ast.Assert):
            continue
        for node in ast.walk(stmt.test):
            if isinstance(node, ast.Dict):
                found |= {p for k, v in zip(node.keys, node.values, strict=True)
                          if isinstance(k, ast.Constant) and k.value in ROLE_KEYS and (p := _player(v))}
            elif isinstance(node, ast.Compare) and [type(op) for op in node.ops] == [ast.Eq]:
                found |= set(_paired(node.left, node.comparators[0]))
    return found


def _arguments(call: ast.Call, name: str) -> set[str]:
    """The argument names a call carries: its keywords, the keys of a dict among its arguments
    (``Command("move", {"to": ...})``), and "choice" for an answer to a decision."""
    names = {k.arg for k in call.keywords if k.arg}
    for arg in call.args:
        for node in ast.walk(arg):
            if isinstance(node, ast.Dict):
                names |= {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
    return names | ({"choice"} if name in ANSWERS else set())


def given_arguments(fn: ast.FunctionDef) -> set[tuple[str, str]]:
    """(player, argument) for each command or answer ``fn`` has a player give outside
    ``pytest.raises`` with an ``assert`` after it (so its effect is looked at)."""
    refused = {id(node) for w in ast.walk(fn) if isinstance(w, ast.With)
               and any("raises" in ast.unparse(item.context_expr) for item in w.items)
               for node in ast.walk(w)}
    last_assert = max((n.lineno for n in ast.walk(fn) if isinstance(n, ast.Assert)), default=0)
    found: set[tuple[str, str]] = set()
    for call in ast.walk(fn):
        if not isinstance(call, ast.Call) or id(call) in refused or call.lineno >= last_assert:
            continue
        name = ast.unparse(call.func).rpartition(".")[2]
        at = ACTING_CALLS.get(name)
        player = _player(call.args[at]) if at is not None and len(call.args) > at else None
        if player:
            found |= {(player, arg) for arg in _arguments(call, name)}
    return found


def record_problems(record: dict[str, str], fn: ast.FunctionDef | None) -> list[str]:
    """What ``fn`` fails to assert of what ``record`` says it does."""
    if fn is None:
        return ["no such test"]
    if "asks" in record:
        if record["asks"] not in asserted_players(fn):
            return [f"no assert that a decision is put to {record['asks']}"]
        return []
    if "gives" in record:
        if (record.get("by"), record["gives"]) not in given_arguments(fn):
            return [f"{record.get('by')} gives no {record['gives']!r} that an assert then follows"]
        return []
    return ["the record says neither asks nor gives"]


def named_function(ref: str) -> ast.FunctionDef | None:
    path, _, func = ref.partition("::")
    if not (ROOT / path).is_file():
        return None
    return functions_of(path).get(func)


def covered(entries: list[dict[str, object]], number: int, sentence: str) -> bool:
    return any(e["line"] == number and str(e["key"]) in sentence for e in entries)


@pytest.fixture(scope="module")
def book(shared: Callable[..., Path]) -> str:
    return shared(*BOOK).read_text(encoding="utf-8")


def test_the_search_finds_each_way_the_book_words_a_choice() -> None:
    text = "\n".join([
        "Le joueur choisit une zone. Rien ici.",
        "Au choix du joueur romain.",
        "Ils choisissent chacun un chef.",
        "Sur n'importe quelle unité amie.",
        "Le Caesar de son choix.",
        "Il peut désigner un Caesar.",
        "Trois unités choisies librement.",
        "Il crée des vexillations s'il le désire.",
        "Une bataille perdue.",
    ])
    found = list(choice_sentences(text))
    assert [n for n, _ in found] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert found[0] == (1, "Le joueur choisit une zone.")


def test_every_choice_phrase_of_the_book_has_an_entry(book: str) -> None:
    entries = load_choices()
    found = list(choice_sentences(book))
    assert len(found) > 50  # the whole book, events table and stratagems included
    missing = [(n, s[:90]) for n, s in found if not covered(entries, n, s)]
    assert missing == []


def test_every_entry_names_a_phrase_of_the_search_by_a_short_key(book: str) -> None:
    lines = book.splitlines()
    found = list(choice_sentences(book))
    bad = []
    for e in load_choices():
        number, key = int(str(e["line"])), str(e["key"])
        if len(WORD.findall(key)) > MAX_KEY_WORDS or key not in lines[number - 1]:
            bad.append((number, key, "key"))
        elif not any(n == number and key in s for n, s in found):
            bad.append((number, key, "no choice phrase of the search around this key"))
    assert bad == []


def test_every_entry_is_a_tested_choice_or_says_why_it_is_none() -> None:
    bad: list[tuple[object, object]] = []
    for e in load_choices():
        tests = list(e.get("tests", []))  # type: ignore[call-overload]
        also = list(e.get("also", []))  # type: ignore[call-overload]
        if "not_a_choice" in e:
            if not str(e["not_a_choice"]).strip():
                bad.append((e["line"], "empty reason"))
            if missing_tests(tests):
                bad.append((e["line"], missing_tests(tests)))
        elif e.get("who") not in WHO or not tests:
            bad.append((e["line"], "a choice needs who chooses and its tests"))
        if missing_tests(also):
            bad.append((e["line"], missing_tests(also)))
    assert bad == []


def entry_problems(entry: dict[str, object]) -> list[tuple[str, str]]:
    """(test, problem) for each record of a choice entry its test does not bear out, and for
    records whose players are not the entry's ``who``."""
    records: list[dict[str, str]] = list(entry.get("tests", []))  # type: ignore[call-overload]
    bad = [(r.get("test", "?"), p) for r in records for p in record_problems(r, named_function(r.get("test", "")))]
    players = {r.get("asks") or r.get("by") for r in records}
    wanted = PLAYERS_OF.get(str(entry.get("who")), set())
    if entry.get("who") == "both players" and players != wanted or not players <= wanted:
        bad.append(("who", f"records for {sorted(map(str, players))}, the book's chooser is {entry.get('who')}"))
    return bad


def test_every_choice_s_tests_assert_that_its_player_chooses() -> None:
    """Each named test is read (ast): it must assert what its record says about the chooser."""
    bad = [(e["line"], e["key"], problem) for e in load_choices() if "not_a_choice" not in e
           for problem in entry_problems(e)]
    assert bad == []


SYNTHETIC = """
def test_asks_rome() -> None:
    d = st.pending[0]
    assert (d["kind"], d["role"], [c[0] for c in d["choices"]]) == ("place", "R", ["a", "b"])

def test_asks_nobody() -> None:
    d = st.pending[0]
    assert (d["kind"], [c[0] for c in d["choices"]]) == ("place", ["a", "b"])

def test_asks_the_enemies_by_seat() -> None:
    assert dec is not None and dec.seat == "enemies"

def test_listed_decisions() -> None:
    assert [(d["kind"], d["role"]) for d in st.pending] == [("ill", "R")]
    assert st.pending == [{"id": "x-1", "role": "E", "kind": "crown"}]

def test_rome_gives_fronts() -> None:
    cmd(g, "rome", "reserve", fronts=["danube"])
    assert g.state.reserve_fronts == ["danube"]

def test_rome_gives_fronts_refused() -> None:
    with pytest.raises(RuleError) as e:
        g.apply("rome", Command("reserve", {"fronts": ["danube"]}))
    assert e.value.section == "§3.2"

def test_rome_gives_fronts_unchecked() -> None:
    assert g.state.reserve_fronts == []
    cmd(g, "rome", "reserve", fronts=["danube"])

def test_the_enemies_answer() -> None:
    engine.decide(st, Outcome(), "E", st.pending[0]["id"], "quadi")
    assert st.leaders["chief"].loc == "quadi"
"""


def test_a_record_the_test_does_not_bear_out_is_noticed() -> None:
    """Must fail: a synthetic test file, each record checked against its function."""
    fns = {n.name: n for n in ast.parse(SYNTHETIC).body if isinstance(n, ast.FunctionDef)}
    assert record_problems({"asks": "R"}, fns["test_asks_rome"]) == []
    assert record_problems({"asks": "E"}, fns["test_asks_rome"]) == ["no assert that a decision is put to E"]
    assert record_problems({"asks": "R"}, fns["test_asks_nobody"]) == ["no assert that a decision is put to R"]
    assert asserted_players(fns["test_asks_the_enemies_by_seat"]) == {"E"}
    assert asserted_players(fns["test_listed_decisions"]) == {"R", "E"}
    assert given_arguments(fns["test_rome_gives_fronts"]) == {("R", "fronts")}
    assert record_problems({"gives": "fronts", "by": "E"}, fns["test_rome_gives_fronts"]) == [
        "E gives no 'fronts' that an assert then follows"]
    assert record_problems({"gives": "units", "by": "R"}, fns["test_rome_gives_fronts"]) == [
        "R gives no 'units' that an assert then follows"]
    assert given_arguments(fns["test_rome_gives_fronts_refused"]) == set()
    assert given_arguments(fns["test_rome_gives_fronts_unchecked"]) == set()
    assert given_arguments(fns["test_the_enemies_answer"]) == {("E", "choice")}
    assert record_problems({"test": "x"}, fns["test_asks_rome"]) == ["the record says neither asks nor gives"]
    assert record_problems({"asks": "R"}, None) == ["no such test"]


def test_an_entry_whose_records_name_another_chooser_is_noticed() -> None:
    """Must fail: Rome's choice proved only by a test of the Enemies' decision."""
    ref = "tests/imperator/test_rules_leader_table.py::test_leader_table_two_zones_are_a_choice"
    entry: dict[str, object] = {"who": "Rome", "tests": [{"test": ref, "asks": "E"}]}
    assert entry_problems(entry) == [("who", "records for ['E'], the book's chooser is Rome")]
    entry = {"who": "both players", "tests": [{"test": ref, "asks": "E"}]}
    assert entry_problems(entry) == [("who", "records for ['E'], the book's chooser is both players")]
    entry = {"who": "the Enemies of Rome", "tests": [{"test": ref, "asks": "R"}]}
    assert entry_problems(entry) == [(ref, "no assert that a decision is put to R"),
                                     ("who", "records for ['R'], the book's chooser is the Enemies of Rome")]


def test_a_wrong_test_name_is_noticed() -> None:
    assert missing_tests(["tests/imperator/test_rules_choices.py::test_no_such_test"]) == [
        "tests/imperator/test_rules_choices.py::test_no_such_test"]
    assert missing_tests(["tests/imperator/test_rules_choices.py::test_one_free_camp_no_decision"]) == []
