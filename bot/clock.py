"""Time, injectable: the real clock in production, a fake one in transcripts and tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class Clock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class FakeClock(Clock):
    """A clock that only moves when told to (``wait 10m`` in a transcript)."""

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self._now

    def advance(self, delta: timedelta) -> None:
        self._now += delta


def parse_duration(text: str) -> timedelta:
    """``90s``, ``10m``, ``2h``, ``1d`` or combinations like ``1h30m``."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    total = 0
    number = ""
    for char in text.strip().lower():
        if char.isdigit():
            number += char
        elif char in units and number:
            total += int(number) * units[char]
            number = ""
        else:
            raise ValueError(f"bad duration {text!r}: use forms like 90s, 10m, 2h, 1d")
    if number or total <= 0:
        raise ValueError(f"bad duration {text!r}: use forms like 90s, 10m, 2h, 1d")
    return timedelta(seconds=total)
