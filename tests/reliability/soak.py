"""The reliability probe of issue 14, at full size: ``scripts/soak`` runs this module.

Each probe runs on a fresh database (SQLite in a temporary folder, or the PostgreSQL server
of ``PRAETOR_TEST_DATABASE_URL``, whose ``public`` schema it empties first): fuzz,
duplicates, crashes, secrets, permissions, memory. It prints what each did and found and
exits with 1 when anything failed. ``tests/reliability/test_*.py`` run the same probes,
bounded, in the suite.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.clock import FakeClock
from bot.memory import rss_mb, tune_allocator
from bot.moderator import Moderator
from db.engine import make_engine
from db.migrate import upgrade

from .harness import Findings

PROBES = ("memory", "fuzz", "duplicates", "crashes", "secrets", "permissions")
"""In this order: memory first, in a process that has run nothing else yet."""


def database_url(backend: str, folder: Path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{folder / 'soak.db'}"
    url = os.environ.get("PRAETOR_TEST_DATABASE_URL", "")
    if not url.startswith("postgres"):
        raise SystemExit(
            "scripts/soak --db postgres needs PRAETOR_TEST_DATABASE_URL (a database it may "
            "empty), e.g. export PRAETOR_TEST_DATABASE_URL=\"$(scripts/start-postgres)\""
        )
    return url


async def fresh(url: str) -> AsyncEngine:
    engine = make_engine(url)
    if url.startswith("postgres"):
        async with engine.begin() as conn:
            await conn.execute(text("DROP SCHEMA public CASCADE"))
            await conn.execute(text("CREATE SCHEMA public"))
    await upgrade(engine)
    return engine


async def run_probe(
    name: str, args: argparse.Namespace, folder: Path
) -> tuple[Findings, list[tuple[int, float]]]:
    from .crashes import crashes
    from .duplicates import duplicates
    from .fuzz import fuzz
    from .memory_soak import memory
    from .permissions import permissions
    from .secrets_probe import secrets

    url = database_url(args.db, folder / name)
    (folder / name).mkdir(parents=True, exist_ok=True)
    engine = await fresh(url)
    clock = FakeClock(datetime.now(UTC))
    moderator = Moderator(engine, clock=clock)
    images = folder / name / "images"
    figures: list[tuple[int, float]] = []
    probes: dict[str, Callable[[], Awaitable[Any]]] = {
        "fuzz": lambda: fuzz(moderator, images, args.fuzz, args.seed, backend=args.db),
        "duplicates": lambda: duplicates(
            moderator, Moderator(engine, clock=clock), images, args.duplicates, args.races,
            args.seed, backend=args.db,
        ),
        "crashes": lambda: crashes(moderator, url, images, args.kills, args.seed, backend=args.db),
        "secrets": lambda: secrets(
            moderator, images, args.secret_games, args.seed, backend=args.db, echo=True
        ),
        "permissions": lambda: permissions(moderator, images, backend=args.db),
        "memory": lambda: memory(
            moderator, images, tuple(args.memory), seed=args.seed, backend=args.db, echo=True
        ),
    }
    try:
        found = await probes[name]()
    finally:
        await engine.dispose()
    if name == "memory":
        found, figures = found
    return found, figures


def main() -> int:
    tune_allocator()  # as the bot does (bot/memory.py)
    parser = argparse.ArgumentParser(prog="scripts/soak", description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--only", default=",".join(PROBES), help=f"comma list of {', '.join(PROBES)}")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--fuzz", type=int, default=20_000, help="fuzzed interactions (20000)")
    parser.add_argument("--duplicates", type=int, default=1000,
                        help="landed duplicate pairs of each kind (1000)")
    parser.add_argument("--races", type=int, default=200, help="answer-v.-timeout races (200)")
    parser.add_argument("--kills", type=int, default=100, help="kill -9 of the playing child (100)")
    parser.add_argument("--secret-games", type=int, default=3,
                        help="whole games of each setup scanned for secrets (3)")
    parser.add_argument("--memory", type=lambda s: [int(x) for x in s.split(",")],
                        default=[100, 1000, 10000], help="milestones of games played (100,1000,10000)")
    args = parser.parse_args()
    chosen = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = sorted(set(chosen) - set(PROBES))
    if unknown:
        parser.error(f"unknown probe(s): {', '.join(unknown)}")
    failures = 0
    print(f"soak on {args.db}, seed {args.seed}, start RSS {rss_mb():.0f} MB", flush=True)
    with tempfile.TemporaryDirectory(prefix="praetor-soak-") as tmp:
        for name in chosen:
            started = time.perf_counter()
            found, figures = asyncio.run(run_probe(name, args, Path(tmp)))
            seconds = time.perf_counter() - started
            print(f"{found.summary()} ({seconds:.0f} s)", flush=True)
            for games, mb in figures:
                print(f"  RSS after {games:>6,} games: {mb:.1f} MB", flush=True)
            for failure in found.failures:
                print(f"  FAILURE {failure}", flush=True)
            failures += found.failure_count
    print(f"soak: {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
