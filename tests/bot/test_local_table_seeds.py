"""Fixed seeds at the local table, for tests only (bot/local.py ``SEED_VARIABLE``,
tests/conftest.py ``fixed_seeds``): a game started there plays the same dice at every run;
without the variable its seed is secret and new; the Discord bot never reads it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.local import SEED_VARIABLE, LocalTable
from bot.moderator import Moderator
from db.engine import make_engine
from db.migrate import upgrade

ROOT = Path(__file__).resolve().parents[2]
GAME = ("/game new game:barracks scenario:standard-2p", "/game join seat:p1", "/game join seat:p2", "/game start")


async def start_at_a_table(folder: Path, moderator_seed: str | None = None) -> tuple[str, str]:
    """A Barracks game started at a fresh local table: its seed and p1's hand."""
    folder.mkdir(parents=True, exist_ok=True)
    engine = make_engine(f"sqlite:///{folder / 'praetor.db'}")
    await upgrade(engine)
    source = (lambda: moderator_seed) if moderator_seed else None
    table = LocalTable(Moderator(engine, seed_source=source), folder / "images")
    await table.setup()
    try:
        for line in GAME:
            await table.run_slash(line)
            assert not table.outputs[-1].refusal, table.outputs[-1].text
        row = await table.moderator.channel_game(table.channel_id)
        assert row is not None
        game = await table.moderator.load(row)
        return row.secret_seed, str(game.state.hands["p1"])
    finally:
        await table.close()
        await engine.dispose()


async def test_games_at_the_table_get_the_fixed_seeds_in_order(tmp_path: Path, fixed_seeds: str) -> None:
    one = await start_at_a_table(tmp_path / "one")
    two = await start_at_a_table(tmp_path / "two")
    assert one[0] == f"{fixed_seeds}-1"
    assert one == two  # the same seed, the same deal, in two runs


async def test_a_moderator_given_its_own_seeds_keeps_them(tmp_path: Path, fixed_seeds: str) -> None:
    seed, _hand = await start_at_a_table(tmp_path, moderator_seed="replay-1-1")
    assert seed == "replay-1-1"


async def test_without_the_variable_seeds_are_secret_and_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SEED_VARIABLE, raising=False)
    one, _ = await start_at_a_table(tmp_path / "one")
    two, _ = await start_at_a_table(tmp_path / "two")
    assert re.fullmatch(r"[0-9a-f]{32}", one) and re.fullmatch(r"[0-9a-f]{32}", two)
    assert one != two


def test_only_the_local_table_reads_the_variable() -> None:
    readers = sorted(
        str(path.relative_to(ROOT))
        for folder in ("bot", "cogs", "db", "rules", "render")
        for path in (ROOT / folder).rglob("*.py")
        if SEED_VARIABLE in path.read_text(encoding="utf-8") or "SEED_VARIABLE" in path.read_text(encoding="utf-8")
    )
    assert readers == ["bot/local.py"]
