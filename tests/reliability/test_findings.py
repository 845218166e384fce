"""How the probe keeps what it found (issue 14): every failure counted by its kind, and the
first few examples of each kind kept in full, so a flood of late replies on a loaded machine
cannot hide a real defect found later in the same run."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from reliability.harness import KEEP_OF_EACH_KIND, MOST_KINDS, OTHER_KINDS, Findings, failure_kind
from reliability.soak import chunk_key, note, totals

LATE = "decision answer in game {n}: breaks Discord's rules: initial response after {s} s (Discord allows 3 s)"
LATE_KIND = "decision answer in game #: breaks Discord's rules: initial response after # s (Discord allows # s)"


def test_a_defect_after_a_flood_of_late_replies_is_kept_and_counted() -> None:
    found = Findings("duplicates")
    for n in range(60):
        found.fail(LATE.format(n=n, s=3 + n / 10))
    found.fail("typed command in game 7: landed 2 times")
    assert found.failure_count == 61
    assert found.kinds == {LATE_KIND: 60, "typed command in game #: landed # times": 1}
    assert "typed command in game 7: landed 2 times" in found.failures
    assert found.examples[LATE_KIND] == [LATE.format(n=n, s=3 + n / 10) for n in range(KEEP_OF_EACH_KIND)]
    assert found.examples["typed command in game #: landed # times"] == ["typed command in game 7: landed 2 times"]
    assert len(found.failures) == KEEP_OF_EACH_KIND + 1
    assert "60 x " + LATE_KIND in found.summary()


def test_a_kind_given_groups_failures_whose_texts_differ_by_their_values() -> None:
    found = Findings("fuzz")
    found.fail("c1 ann /roll {'dice': 'x'}: KeyError: 'n'", kind="/roll: KeyError: 'n'")
    found.fail("c2 bob /roll {'dice': '1d6+zz'}: KeyError: 'n'", kind="/roll: KeyError: 'n'")
    found.fail("c2 bob /game log {}: error handler: Something went wrong", kind="/game log: error handler")
    assert found.kinds == {"/roll: KeyError: …": 2, "/game log: error handler": 1}
    assert found.examples["/roll: KeyError: …"] == [
        "c1 ann /roll {'dice': 'x'}: KeyError: 'n'", "c2 bob /roll {'dice': '1d6+zz'}: KeyError: 'n'",
    ]


def test_kinds_beyond_the_bound_are_counted_together() -> None:
    found = Findings("fuzz")
    for n in range(MOST_KINDS + 5):
        found.fail(f"failure of sort {chr(0x4E00 + n)}")
    assert len(found.kinds) == MOST_KINDS + 1
    assert found.kinds[OTHER_KINDS] == 5
    assert found.failure_count == MOST_KINDS + 5
    assert len(found.examples[OTHER_KINDS]) == KEEP_OF_EACH_KIND


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("initial response after 4.3 s", "initial response after # s"),
        ("initial response after 12.25 s", "initial response after # s"),
        ("item 'Furor Germanicus' shown to 3", "item … shown to #"),
        ('item "La flèche du Parthe" shown to 12', "item … shown to #"),
    ],
)
def test_the_kind_of_a_failure_blanks_numbers_and_quoted_words(text: str, kind: str) -> None:
    assert failure_kind(text) == kind


def test_the_soak_sums_the_kinds_of_its_chunks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(db="postgres", seed=14, chunks=2, duplicates=10, races=2, kinds="")
    state = tmp_path / "moderator-state.jsonl"
    for number, late in ((0, 55), (1, 4)):
        found = Findings("duplicates", "postgres")
        found.counts["select: duplicate pairs"] = 5
        for n in range(late):
            found.fail(LATE.format(n=n, s=4))
        if number == 1:
            found.fail("select in game 2: landed 2 times")
        note(state, chunk_key(args, "duplicates", number), found, 10.0, [])
    assert totals(args, "duplicates", state) == 60
    printed = capsys.readouterr().out
    assert "total of chunks [1, 2] of 2" in printed
    assert f"59 x {LATE_KIND}" in printed
    assert "1 x select in game #: landed # times" in printed
