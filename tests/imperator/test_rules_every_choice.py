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
def defined_tests(path: str) -> frozenset[str]:
    """The test functions defined at the top of a test file (parsed, never imported)."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return frozenset(n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_"))


def missing_tests(names: list[str]) -> list[str]:
    """The ``file::test`` names among ``names`` that do not exist."""
    missing = []
    for ref in names:
        path, _, func = ref.partition("::")
        if not (ROOT / path).is_file() or func not in defined_tests(path):
            missing.append(ref)
    return missing


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
    bad = []
    for e in load_choices():
        tests = list(e.get("tests", []))  # type: ignore[call-overload]
        if "not_a_choice" in e:
            if not str(e["not_a_choice"]).strip():
                bad.append((e["line"], "empty reason"))
        elif e.get("who") not in WHO or not tests:
            bad.append((e["line"], "a choice needs who chooses and its tests"))
        if missing_tests(tests):
            bad.append((e["line"], missing_tests(tests)))
    assert bad == []


def test_a_wrong_test_name_is_noticed() -> None:
    assert missing_tests(["tests/imperator/test_rules_choices.py::test_no_such_test"]) == [
        "tests/imperator/test_rules_choices.py::test_no_such_test"]
    assert missing_tests(["tests/imperator/test_rules_choices.py::test_one_free_camp_no_decision"]) == []
