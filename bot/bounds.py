"""Numbers typed or sent by users: parsed strictly (ASCII digits only) and bounded.

``str.isdigit`` and ``int`` accept far more than a person means: superscripts (``¹²³``),
other scripts' digits, underscores, and numbers too large for a database column (PostgreSQL's
``integer`` is 32-bit; SQLite's is 64-bit). Every number that comes from a user goes through
:func:`parse_bounded`, which names the problem in a sentence the user can act on.
"""

from __future__ import annotations

import re

from rules.core.i18n import _

DB_INT_MAX = 2**31 - 1
"""The largest value of a PostgreSQL ``integer`` column (game ids, seqs, roll totals)."""

MINUTE = 60
DAY = 24 * 3600
TIMING_BOUNDS: dict[str, tuple[int, int]] = {
    "decision_seconds": (MINUTE, 30 * DAY),
    "reminder_seconds": (MINUTE, 30 * DAY),
}
"""Game options in seconds: at least a minute, at most 30 days (design: a deadline further
away than a month is no deadline, and a timestamp past the year 9999 breaks ``datetime``)."""

_ASCII_WHOLE = re.compile(r"[0-9]{1,12}")


class BoundsError(ValueError):
    """A number from a user that cannot be used; the message says what is allowed."""


def parse_bounded(text: str, low: int, high: int, what: str) -> int:
    """``text`` as a whole number in ``[low, high]``, written with ASCII digits only."""
    cleaned = text.strip()
    if not _ASCII_WHOLE.fullmatch(cleaned):
        raise BoundsError(
            _(
                "{what} must be a whole number written with the digits 0-9 "
                "(between {low} and {high}), not '{value}'.",
                what=what,
                low=low,
                high=high,
                value=cleaned[:20],
            )
        )
    value = int(cleaned)
    if not low <= value <= high:
        raise BoundsError(
            _(
                "{what} must be between {low} and {high} (got {value}).",
                what=what,
                low=low,
                high=high,
                value=value,
            )
        )
    return value


def parse_timing_option(name: str, text: str) -> int:
    """A game's ``decision_seconds`` or ``reminder_seconds`` option, within its bounds."""
    low, high = TIMING_BOUNDS[name]
    return parse_bounded(text, low, high, _("Option {name} (seconds)", name=name))


def component_number(text: str) -> int:
    """A number carried by a component's custom_id (a game id, a seq, a page); 0 when it is
    not one our database could hold (a forged id), which names no game and no current seq."""
    if not _ASCII_WHOLE.fullmatch(text):
        return 0
    value = int(text)
    return value if value <= DB_INT_MAX else 0


def option_index(text: str, count: int) -> int | None:
    """A select option's value that is a position in a list of ``count`` items (ASCII digits,
    below ``count``), or None: ``"²".isdigit()`` is true, but ``int("²")`` raises."""
    if not _ASCII_WHOLE.fullmatch(text):
        return None
    value = int(text)
    return value if value < count else None
