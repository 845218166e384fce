"""Memory at rest (issue 14, target <= 120 MB after a first Imperator game): the bot built with
every cog imports no game's rules it does not run yet, no renderer and no Pillow. Imperium
Romanum's cog imported its rules (~4 MB) and its renderer with Pillow (~3.6 MB) at start; they
now come with the first such game or picture (``benchmarks/bench_memory.py`` has the figures).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import asyncio, sys, tempfile
from pathlib import Path
from bot.clock import FakeClock
from bot.local import LocalTable
from bot.moderator import Moderator
from db.engine import make_engine
from db.migrate import upgrade

async def main():
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'rest.db'}")
        await upgrade(engine)
        table = LocalTable(Moderator(engine, clock=FakeClock()), Path(tmp) / "images", cold=False)
        await table.setup()
        cogs = sorted(table.bot.cogs)
        await table.close()
        await engine.dispose()
    print(len(cogs))
    print(" ".join(sorted(m for m in sys.modules
                          if m.split(".")[0] in ("PIL", "render")
                          or m.startswith("rules.imperium_romanum"))))

asyncio.run(main())
"""


def test_the_bot_at_rest_imports_no_renderer_and_no_imperium_romanum_rules() -> None:
    shown = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert int(shown[0]) >= 10  # every cog loaded, Imperium Romanum's included
    assert shown[1:] == [""]
