"""``rules.core.plain_copy``: the fast copies a command's state copy is made of (issue 14)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.dice import Dice
from rules.core.i18n import Text, _
from rules.core.plain_copy import copy_plain, copy_record, record_to_json


def test_copy_plain_copies_every_container_and_shares_the_immutable_leaves() -> None:
    sentence = _("{name} moves", name="Marcus")
    original = {"a": [1, {"b": [2, 3]}, "x"], "t": sentence, "n": None, "f": 1.5, "ok": True}
    clone = copy_plain(original)
    assert clone == original
    assert clone is not original
    assert clone["a"] is not original["a"]
    assert clone["a"][1] is not original["a"][1]
    assert clone["a"][1]["b"] is not original["a"][1]["b"]
    assert clone["t"] is sentence and isinstance(clone["t"], Text)  # a Text is never changed
    clone["a"][1]["b"].append(4)
    assert original["a"][1]["b"] == [2, 3]


def test_copy_plain_hands_anything_else_to_deepcopy() -> None:
    dice = Dice("seed")
    dice.d6("first")
    original = {"dice": dice, "pair": ([1], 2)}
    clone = copy_plain(original)
    assert clone["dice"] == dice and clone["dice"] is not dice
    assert clone["dice"].rolls is not dice.rolls
    assert clone["pair"] == ([1], 2)
    clone["pair"][0].append(5)  # the list inside the tuple was copied too
    assert original["pair"] == ([1], 2)


@dataclass
class Counter:
    loc: str | None = None
    reduced: bool = False


def test_copy_record_is_a_new_record_with_the_same_values() -> None:
    original = Counter("roma", True)
    clone = copy_record(original)
    assert clone == original and clone is not original and type(clone) is Counter
    clone.loc = "ostia"
    assert original.loc == "roma"


def test_record_to_json_is_what_asdict_gives_for_a_flat_record() -> None:
    from dataclasses import asdict

    record = Counter("roma", True)
    assert record_to_json(record) == asdict(record) == {"loc": "roma", "reduced": True}
    assert list(record_to_json(record)) == ["loc", "reduced"]  # field order
