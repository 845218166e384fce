"""Our text is our own (the code, docs and catalogue we ship, and the tests): no run of 8 consecutive words copied from a rule book.

The rule books live outside the repository, in ../shared/seeds/*.txt (the ``shared`` fixture of
tests/conftest.py): without them the test is skipped locally and fails under CI=true. Words are lowercased runs of letters and digits (accented letters included);
8-word runs made mostly of numbers and single letters (fewer than 4 other words: table
rows such as "easy 7 8 9 normal 9 9 9") are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

RUN = 8
MIN_REAL_WORDS = 4  # a run with fewer words that are not numbers or single letters is a table row
REPO = Path(__file__).resolve().parents[1]
SHIPPED_DIRS = ("rules", "docs", "cogs", "bot", "render", "db", "tests")
SHIPPED_FILES = ("README.md",)
SUFFIXES = {".py", ".toml", ".md", ".po"}  # .po: the French catalogue is checked too
WORD = re.compile(r"[^\W_]+")  # letters (any script, accents included) and digits


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def is_table_noise(run: tuple[str, ...]) -> bool:
    """Mostly numbers and single letters: a row of a table (facts), not prose."""
    return sum(1 for w in run if len(w) > 1 and not w.isdigit()) < MIN_REAL_WORDS


def shingles(tokens: list[str]) -> Iterator[tuple[int, tuple[str, ...]]]:
    for i in range(len(tokens) - RUN + 1):
        run = tuple(tokens[i : i + RUN])
        if not is_table_noise(run):
            yield i, run


def seed_index(seed_files: list[Path]) -> dict[int, str]:
    """hash of each 8-word run of the rule books -> the book it comes from."""
    index: dict[int, str] = {}
    for path in seed_files:
        for _, run in shingles(words(path.read_text(encoding="utf-8", errors="replace"))):
            index.setdefault(hash(run), path.name)
    return index


def shipped_files() -> list[Path]:
    found = [REPO / name for name in SHIPPED_FILES if (REPO / name).is_file()]
    for top in SHIPPED_DIRS:
        for path in sorted((REPO / top).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and "__pycache__" not in path.parts:
                found.append(path)
    return found


def copied_runs(text: str, index: dict[int, str]) -> list[tuple[int, str, str]]:
    """(line, copied words, book) for each maximal run of >= 8 words shared with a book."""
    tokens: list[str] = []
    lines: list[int] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        found = words(line)
        tokens += found
        lines += [lineno] * len(found)
    spans: list[tuple[int, int, str]] = []  # (first token, end token, book)
    for i, run in shingles(tokens):
        book = index.get(hash(run))
        if book is None:
            continue
        if spans and i <= spans[-1][1]:  # overlaps or touches the previous run: extend it
            spans[-1] = (spans[-1][0], i + RUN, spans[-1][2])
        else:
            spans.append((i, i + RUN, book))
    return [(lines[start], " ".join(tokens[start:end]), book) for start, end, book in spans]


@pytest.fixture(scope="module")
def books(shared: Callable[..., Path]) -> list[Path]:
    found = sorted(shared("seeds").glob("*.txt"))
    assert found, "../shared/seeds holds no rule book (*.txt)"
    return found


@pytest.fixture(scope="module")
def index(books: list[Path]) -> dict[int, str]:
    return seed_index(books)


def test_detector_finds_a_copied_sentence(index: dict[int, str], books: list[Path]) -> None:
    book = books[0]
    _, run = next(shingles(words(book.read_text(encoding="utf-8"))))
    sample = "Our own words first.\n" + " ".join(run).upper() + " and ours again."
    assert copied_runs(sample, index) == [(2, " ".join(run), book.name)]
    assert not copied_runs("Praetor referees the game and rolls every die in public.", index)
    assert is_table_noise(tuple("easy 7 8 9 normal 9 9 9".split()))
    assert not is_table_noise(tuple("the army of 3 legions marches to rome".split()))


def test_shipped_text_shares_no_8_word_run_with_the_rule_books(index: dict[int, str]) -> None:
    problems = []
    for path in shipped_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for line, run, book in copied_runs(text, index):
            problems.append(f"{path.relative_to(REPO)}:{line}: shares with {book}: {run!r}")
    if problems:
        pytest.fail(
            f"{len(problems)} run(s) of {RUN}+ words copied from the rule books; "
            "rewrite them in our own words:\n" + "\n".join(problems),
            pytrace=False,
        )
