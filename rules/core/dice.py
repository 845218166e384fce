"""Seeded, recorded dice (§0.1 of Imperator for the d10 convention).

The generator is a counter over SHA-256: roll number ``n`` of a game with seed ``s`` is drawn
from ``sha256(f"{s}:{n}")``. Its whole state is the seed and the counter, so it serialises to
JSON trivially, replays exactly, and anyone given the seed after the game can re-derive every
roll. ``d6`` gives 1-6; ``d10`` gives 0-9 (a 0 counts as zero).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.i18n import Text, _, join, lines_to_json, text_from_json

DIE_FACES: dict[str, tuple[int, int]] = {"d6": (1, 6), "d10": (0, 9)}


def seed_hash(seed: str) -> str:
    """The public commitment to a secret seed, posted when a game starts."""
    return hashlib.sha256(f"praetor-seed:{seed}".encode()).hexdigest()


@dataclass(frozen=True)
class DiceRoll:
    """One recorded roll: what it was for, the natural value, the modifiers and the result."""

    purpose: str
    die: str
    natural: int
    modifiers: tuple[tuple[str, int], ...] = ()
    result: int = 0

    def describe(self) -> str:
        """The roll in words (a translatable Text: ``"§8.1 evasion: d6 rolled 4"``)."""
        fields = {"purpose": self.purpose, "die": self.die, "natural": self.natural}
        if not self.modifiers:
            return _("{purpose}: {die} rolled {natural}", **fields)
        mods = join("", [join(" ", ["", f"{v:+d}", join("", ["(", label, ")"])]) for label, v in self.modifiers])
        return _("{purpose}: {die} rolled {natural}{mods} = {result}", mods=mods, result=self.result, **fields)

    def to_json(self) -> dict[str, Any]:
        """JSON; ``texts`` (when the purpose or a modifier is a marked sentence) keeps their
        message ids next to the English, so a stored roll is still translated."""
        data: dict[str, Any] = {
            "purpose": self.purpose,
            "die": self.die,
            "natural": self.natural,
            "modifiers": [list(m) for m in self.modifiers],
            "result": self.result,
        }
        marked: dict[str, Any] = {}
        if isinstance(self.purpose, Text):
            marked["purpose"] = self.purpose.to_json()
        labels = lines_to_json([label for label, value in self.modifiers])
        if labels is not None:
            marked["modifiers"] = labels
        if marked:
            data["texts"] = marked
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DiceRoll:
        texts = data.get("texts") or {}
        mods = data.get("modifiers", [])
        labels = texts.get("modifiers") or [m[0] for m in mods]
        return cls(
            purpose=text_from_json(texts["purpose"]) if "purpose" in texts else data["purpose"],
            die=data["die"],
            natural=data["natural"],
            modifiers=tuple(
                (text_from_json(label) if isinstance(label, dict) else str(label), int(m[1]))
                for label, m in zip(labels, mods, strict=True)
            ),
            result=data["result"],
        )


@dataclass
class Dice:
    """A game's random source. Every draw is recorded in ``rolls`` until ``take_rolls``."""

    seed: str
    counter: int = 0
    rolls: list[DiceRoll] = field(default_factory=list)

    def _draw(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], rejection-sampled so there is no modulo bias."""
        span = high - low + 1
        limit = (1 << 64) - ((1 << 64) % span)
        while True:
            digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
            self.counter += 1
            value = int.from_bytes(digest[:8], "big")
            if value < limit:
                return low + value % span

    def roll(
        self, die: str, purpose: str, modifiers: Sequence[tuple[str, int]] | None = None
    ) -> DiceRoll:
        """Roll ``die`` ("d6" or "d10") for ``purpose``; record and return the roll."""
        if die not in DIE_FACES:
            raise ValueError(f"unknown die {die!r}")
        low, high = DIE_FACES[die]
        natural = self._draw(low, high)
        mods = tuple(modifiers or ())
        record = DiceRoll(purpose, die, natural, mods, natural + sum(v for _, v in mods))
        self.rolls.append(record)
        return record

    def d6(self, purpose: str, modifiers: Sequence[tuple[str, int]] | None = None) -> DiceRoll:
        return self.roll("d6", purpose, modifiers)

    def d10(self, purpose: str, modifiers: Sequence[tuple[str, int]] | None = None) -> DiceRoll:
        return self.roll("d10", purpose, modifiers)

    def randint(self, low: int, high: int) -> int:
        """An unrecorded draw (shuffles, cup draws: record those as game events yourself)."""
        return self._draw(low, high)

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place with this game's generator."""
        for i in range(len(items) - 1, 0, -1):
            j = self._draw(0, i)
            items[i], items[j] = items[j], items[i]

    def take_rolls(self) -> list[DiceRoll]:
        rolls, self.rolls = self.rolls, []
        return rolls

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Dice:
        return cls(seed=data["seed"], counter=int(data["counter"]))
