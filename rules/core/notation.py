"""Dice notation for ``/roll``: ``2d6+1``, ``d10``, ``4d6kh3``, ``3d6dl1 + 2d4 - 1``.

Terms are joined by ``+`` or ``-``; a term is a whole number or ``[N]dS`` with an optional keep
or drop suffix (``khN``/``klN`` keep the highest/lowest N, ``dhN``/``dlN`` drop them). ``d10``
here is an ordinary 1-10 die (the Imperator 0-9 convention applies only inside that game).
Rolls use the seeded ``Dice`` generator, so they are reproducible and can be recorded.

Why not a dice library: the well-kept one on PyPI (d20) draws from the module-level ``random``
generator and offers no way to hand it ours, so its rolls could be neither seeded per game nor
recorded; this grammar is small enough to keep here, with its limits (100 dice, 1000 sides,
numbers up to 1,000,000, 20 terms, 100 characters), so every total fits a 32-bit column.
Only the ASCII digits 0-9 are numbers (``int`` would also read ``١٢`` or ``1_000``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.core.dice import Dice
from rules.core.i18n import _

MAX_DICE = 100
MAX_SIDES = 1000
MAX_TERMS = 20
MAX_CONSTANT = 1_000_000
MAX_LENGTH = 100
MAX_TOTAL = MAX_TERMS * max(MAX_CONSTANT, MAX_DICE * MAX_SIDES)  # 20,000,000 < 2**31

_NUMBER = "[0-9]{1,12}"  # ASCII only; longer numbers are unreadable, shorter ones bounded below
_TERM = re.compile(
    rf"^(?:([0-9]{{0,12}})d({_NUMBER})(?:(kh|kl|dh|dl)({_NUMBER}))?|({_NUMBER}))$"
)


class NotationError(ValueError):
    """A roll expression that cannot be read or is too large."""


@dataclass(frozen=True)
class TermRoll:
    sign: int
    text: str
    rolled: tuple[int, ...]
    kept: tuple[int, ...]
    value: int


@dataclass(frozen=True)
class NotationRoll:
    expression: str
    terms: tuple[TermRoll, ...]
    total: int

    def detail(self) -> str:
        parts = []
        for i, term in enumerate(self.terms):
            sign = ("- " if term.sign < 0 else "+ ") if i else ("-" if term.sign < 0 else "")
            if term.rolled:
                parts.append(f"{sign}{term.text} ({_shown(term.rolled, term.kept)})")
            else:
                parts.append(f"{sign}{term.text}")
        return " ".join(parts) + f" = **{self.total}**"


def _shown(rolled: tuple[int, ...], kept: tuple[int, ...]) -> str:
    """The rolled values in order, dropped ones struck through."""
    remaining = list(kept)
    shown = []
    for value in rolled:
        if value in remaining:
            remaining.remove(value)
            shown.append(str(value))
        else:
            shown.append(f"~~{value}~~")
    return ", ".join(shown)


def parse(expression: str) -> list[tuple[int, str]]:
    """Split an expression into signed terms; raise ``NotationError`` naming the problem."""
    if len(expression) > MAX_LENGTH:
        raise NotationError(
            _("a roll is at most {limit} characters long", limit=MAX_LENGTH)
        )
    text = expression.replace(" ", "").lower()
    if not text:
        raise NotationError(_("empty roll: try 2d6+1, d10 or 4d6kh3"))
    pieces = re.split(r"([+-])", text)
    terms: list[tuple[int, str]] = []
    sign = 1
    expect_term = True
    for piece in pieces:
        if piece in ("+", "-"):
            if expect_term and terms:
                raise NotationError(_("two signs in a row in {expression}", expression=repr(expression)))
            sign = -1 if piece == "-" else 1
            expect_term = True
            continue
        if piece == "":
            continue
        if not _TERM.match(piece):
            raise NotationError(
                _(
                    "cannot read {piece}: use forms like 2d6, d10, 4d6kh3 or 5 "
                    "(numbers up to {limit}, digits 0-9)",
                    piece=repr(piece[:20]),
                    limit=MAX_CONSTANT,
                )
            )
        terms.append((sign, piece))
        sign = 1
        expect_term = False
    if expect_term:
        raise NotationError(_("{expression} ends with a sign", expression=repr(expression)))
    if len(terms) > MAX_TERMS:
        raise NotationError(_("too many terms (at most {limit})", limit=MAX_TERMS))
    dice_count = 0
    for _sign, term in terms:
        match = _TERM.match(term)
        assert match is not None
        if match.group(5) and int(match.group(5)) > MAX_CONSTANT:
            raise NotationError(
                _("{term}: numbers in a roll are at most {limit}", term=term, limit=MAX_CONSTANT)
            )
        if match.group(2):
            count = int(match.group(1) or 1)
            sides = int(match.group(2))
            if count < 1 or sides < 2:
                raise NotationError(_("{term}: roll at least one die of at least 2 sides", term=term))
            if sides > MAX_SIDES:
                raise NotationError(_("{term}: at most {limit} sides", term=term, limit=MAX_SIDES))
            if match.group(4) is not None and int(match.group(4)) > count:
                raise NotationError(
                    _("{term}: cannot keep or drop more dice than are rolled", term=term)
                )
            dice_count += count
    if dice_count > MAX_DICE:
        raise NotationError(
            _("that is {count} dice; at most {limit} in one roll", count=dice_count, limit=MAX_DICE)
        )
    return terms


def roll(expression: str, dice: Dice) -> NotationRoll:
    total = 0
    results = []
    for sign, term in parse(expression):
        match = _TERM.match(term)
        assert match is not None
        if match.group(5):
            value = int(match.group(5))
            results.append(TermRoll(sign, term, (), (), value))
        else:
            count, sides = int(match.group(1) or 1), int(match.group(2))
            rolled = tuple(dice.randint(1, sides) for _ in range(count))
            kept = _keep(rolled, match.group(3), int(match.group(4) or 0))
            value = sum(kept)
            results.append(TermRoll(sign, term, rolled, kept, value))
        total += sign * value
    return NotationRoll(expression, tuple(results), total)


def _keep(rolled: tuple[int, ...], mode: str | None, n: int) -> tuple[int, ...]:
    ordered = sorted(rolled)
    if mode is None:
        return rolled
    if mode == "kh":
        return tuple(ordered[len(ordered) - n :])
    if mode == "kl":
        return tuple(ordered[:n])
    if mode == "dh":
        return tuple(ordered[: len(ordered) - n])
    return tuple(ordered[n:])  # "dl"
