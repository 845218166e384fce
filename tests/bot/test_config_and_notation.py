"""Configuration errors, dice notation, durations, and the dice themselves."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.clock import parse_duration
from bot.config import ConfigError, load_config
from db.engine import database_url
from rules.core.dice import Dice, seed_hash
from rules.core.notation import NotationError, parse, roll


def test_defaults_use_sqlite_in_working_directory() -> None:
    config = load_config({})
    assert config.database_url == "sqlite+aiosqlite:///praetor.db"
    assert not config.has_token


def test_database_url_spellings() -> None:
    assert database_url({"DATABASE_URL": "postgres://u:p@h/db"}) == "postgresql+asyncpg://u:p@h/db"
    assert database_url({"PRAETOR_DB_PATH": "/data/x.db"}) == "sqlite+aiosqlite:////data/x.db"
    with pytest.raises(ValueError, match="DATABASE_URL"):
        database_url({"DATABASE_URL": "mysql://x"})


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DISCORD_TOKEN": "short"}, "DISCORD_TOKEN"),
        ({"DATABASE_URL": "oracle://x"}, "DATABASE_URL"),
        ({"PRAETOR_LOG_LEVEL": "chatty"}, "PRAETOR_LOG_LEVEL"),
        ({"PRAETOR_DATA_DIR": "/no/such/dir"}, "PRAETOR_DATA_DIR"),
        ({"PRAETOR_LOG_FORMAT": "xml"}, "PRAETOR_LOG_FORMAT"),
    ],
)
def test_bad_values_name_the_variable(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_config(env)


def test_data_dir_accepted(tmp_path: Path) -> None:
    assert load_config({"PRAETOR_DATA_DIR": str(tmp_path)}).data_dir == tmp_path


@pytest.mark.parametrize(
    ("text", "seconds"), [("90s", 90), ("10m", 600), ("2h", 7200), ("1d", 86400), ("1h30m", 5400)]
)
def test_durations(text: str, seconds: int) -> None:
    assert parse_duration(text) == timedelta(seconds=seconds)


@pytest.mark.parametrize("text", ["", "10", "m10", "3x", "0s"])
def test_bad_durations(text: str) -> None:
    with pytest.raises(ValueError):
        parse_duration(text)


def test_d6_and_d10_faces_and_recording() -> None:
    dice = Dice("seed")
    d6 = Counter(dice.d6("test").natural for _ in range(600))
    d10 = Counter(dice.d10("test").natural for _ in range(1000))
    assert set(d6) == {1, 2, 3, 4, 5, 6}
    assert set(d10) == set(range(10))  # §0.1: a 0 is zero
    roll_ = dice.d6("battle", [("BT", 2), ("outside", -1)])
    assert roll_.result == roll_.natural + 1 and roll_.purpose == "battle"
    assert len(dice.take_rolls()) == 1601 and dice.rolls == []


def test_dice_replay_from_seed_and_counter() -> None:
    first = Dice("abc")
    values = [first.d10("x").natural for _ in range(20)]
    again = Dice("abc")
    assert [again.d10("x").natural for _ in range(20)] == values
    resumed = Dice.from_json(Dice("abc", counter=first.counter).to_json())
    assert resumed.d6("y").natural == first.d6("y").natural
    assert seed_hash("abc") != seed_hash("abd") and len(seed_hash("abc")) == 64


@pytest.mark.parametrize(
    ("expression", "low", "high"),
    [("2d6+1", 3, 13), ("d10", 1, 10), ("4d6kh3", 3, 18), ("3d6dl1 + 2d4 - 1", 3, 19), ("5", 5, 5)],
)
def test_notation_ranges(expression: str, low: int, high: int) -> None:
    dice = Dice("n")
    for _ in range(50):
        assert low <= roll(expression, dice).total <= high


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("1000000d6", "at most 100"),
        ("d1", "at least 2 sides"),
        ("2d6+", "ends with a sign"),
        ("2x6", "cannot read"),
        ("3d6kh4", "more dice than"),
        ("d100000", "sides"),
        ("", "empty"),
    ],
)
def test_notation_refusals(expression: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse(expression)


@given(st.integers(1, 20), st.integers(2, 100), st.integers(0, 20))
def test_keep_highest_never_exceeds_plain_sum(count: int, sides: int, keep: int) -> None:
    keep = min(keep, count)
    kept = roll(f"{count}d{sides}kh{keep}", Dice(f"{count}-{sides}-{keep}"))
    assert len(kept.terms[0].kept) == keep
    assert kept.total <= sum(kept.terms[0].rolled)
