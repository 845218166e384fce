"""The reliability probe of issue 14, at full size: ``scripts/soak`` runs this module.

Each probe runs on a fresh database (SQLite in a temporary folder, or the PostgreSQL server
of ``PRAETOR_TEST_DATABASE_URL``, whose ``public`` schema it empties first): fuzz,
duplicates, crashes, secrets, permissions, memory. It prints what each did and found and
exits with 1 when anything failed. ``tests/reliability/test_*.py`` run the same probes,
bounded, in the suite.

A long probe can run in chunks and resume: ``--chunks N`` splits the counts of fuzz,
duplicates, crashes and secrets into N runs (seeds ``seed``, ``seed + 1``, ...; each on a
fresh database), ``--chunk I`` runs only the I-th (so chunks can run side by side, each on a
database of its own), and ``--state FILE`` notes each chunk as it ends (one JSON line) and skips
the chunks it already holds; every run prints the totals of the chunks noted so far
(``--report`` prints only those).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
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
CHUNKED = {"fuzz": ("fuzz",), "duplicates": ("duplicates", "races"), "crashes": ("kills",),
           "secrets": ("secret_games",)}
"""The probes that run in chunks, and the counts a chunk divides."""


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
    from .players import SETUPS
    from .secrets_probe import secrets

    kinds = [k for k in args.kinds.split(",") if k] or [s.kind for s in SETUPS]
    setups = tuple(s for kind in dict.fromkeys(kinds) for s in SETUPS if s.kind == kind)  # in that order
    url = database_url(args.db, folder / name)
    (folder / name).mkdir(parents=True, exist_ok=True)
    engine = await fresh(url)
    clock = FakeClock(datetime.now(UTC))
    moderator = Moderator(engine, clock=clock)
    images = folder / name / "images"
    figures: list[tuple[int, float]] = []
    probes: dict[str, Callable[[], Awaitable[Any]]] = {
        "fuzz": lambda: fuzz(moderator, images, args.fuzz, args.seed, setups=setups, backend=args.db),
        "duplicates": lambda: duplicates(
            moderator, Moderator(engine, clock=clock), images, args.duplicates, args.races,
            args.seed, backend=args.db,
        ),
        "crashes": lambda: crashes(moderator, url, images, args.kills, args.seed, backend=args.db),
        "secrets": lambda: secrets(
            moderator, images, args.secret_games, args.seed, backend=args.db, echo=True,
            setups=setups, max_steps=args.secret_steps,
        ),
        "permissions": lambda: permissions(moderator, images, setups=setups, backend=args.db),
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


def chunk_args(args: argparse.Namespace, name: str, number: int) -> argparse.Namespace:
    """The arguments of chunk ``number`` (0-based) of probe ``name``: its share of the counts
    (rounded up) and its own seed."""
    if name not in CHUNKED or args.chunks == 1:
        return args
    part = argparse.Namespace(**vars(args))
    for count in CHUNKED[name]:
        setattr(part, count, math.ceil(getattr(args, count) / args.chunks))
    part.seed = args.seed + number
    return part


def chunk_key(args: argparse.Namespace, name: str, number: int) -> dict[str, object]:
    chunks = args.chunks if name in CHUNKED else 1
    return {"probe": name, "db": args.db, "seed": args.seed, "chunks": chunks, "chunk": number + 1,
            "sizes": {c: getattr(args, c) for c in CHUNKED.get(name, ())}, "kinds": args.kinds}


def noted(state: Path | None) -> list[dict[str, object]]:
    if state is None or not state.exists():
        return []
    return [json.loads(line) for line in state.read_text().splitlines() if line.strip()]


def note(state: Path | None, key: dict[str, object], found: Findings, seconds: float,
         figures: list[tuple[int, float]]) -> None:
    if state is None:
        return
    line = {**key, "counts": dict(found.counts), "failures": found.failures,
            "failure_count": found.failure_count, "failure_kinds": dict(found.kinds),
            "examples": found.examples, "seconds": round(seconds),
            "figures": figures, "ended": datetime.now(UTC).isoformat(timespec="seconds")}
    with state.open("a", encoding="utf-8") as out:  # one line: chunks side by side append
        out.write(json.dumps(line, ensure_ascii=False) + "\n")


def same_run(line: dict[str, object], key: dict[str, object]) -> bool:
    return all(line.get(k) == key[k] for k in ("probe", "db", "seed", "chunks", "sizes", "kinds"))


def totals(args: argparse.Namespace, name: str, state: Path | None) -> int:
    """Print the sum of the chunks of ``name`` noted in ``state``; the failures counted."""
    key = chunk_key(args, name, 0)
    lines = [line for line in noted(state) if same_run(line, key)]
    if not lines or key["chunks"] == 1:
        return 0
    total = Findings(name, args.db)
    for line in lines:
        total.counts.update(line["counts"])  # type: ignore[arg-type]
        total.failure_count += int(line["failure_count"])  # type: ignore[call-overload]
        total.kinds.update(line.get("failure_kinds") or {})  # type: ignore[arg-type]
    done = sorted({int(line["chunk"]) for line in lines})  # type: ignore[call-overload]
    seconds = sum(int(line["seconds"]) for line in lines)  # type: ignore[call-overload]
    print(f"total of chunks {done} of {key['chunks']}: {total.summary()} ({seconds} s)", flush=True)
    return total.failure_count


def print_failures(found: Findings) -> None:
    """Each kind of failure with its count, the most frequent first, and its kept examples."""
    for kind, count in found.kinds.most_common():
        print(f"  FAILURES {count:,} x {kind}", flush=True)
        for example in found.examples.get(kind, []):
            print(f"    e.g. {example}", flush=True)


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
    parser.add_argument("--secret-steps", type=int, default=2500,
                        help="steps after which a secrets game is stopped unfinished (2500)")
    parser.add_argument("--kills", type=int, default=100, help="kill -9 of the playing child (100)")
    parser.add_argument("--secret-games", type=int, default=3,
                        help="whole games of each setup scanned for secrets (3)")
    parser.add_argument("--memory", type=lambda s: [int(x) for x in s.split(",")],
                        default=[100, 1000, 10000], help="milestones of games played (100,1000,10000)")
    parser.add_argument("--kinds", default="",
                        help="fuzz, secrets and permissions: only these games (comma list of "
                             "imperator, barracks, rome_iinc, imperium_romanum); all by default")
    parser.add_argument("--chunks", type=int, default=1,
                        help="split fuzz, duplicates, crashes and secrets into N runs (1)")
    parser.add_argument("--chunk", type=int, default=0,
                        help="run only this chunk (1..N); 0: every chunk not yet noted")
    parser.add_argument("--state", type=Path, default=None,
                        help="a JSON-lines file noting each chunk as it ends; a rerun skips those")
    parser.add_argument("--report", action="store_true",
                        help="print the totals noted in --state and run nothing")
    args = parser.parse_args()
    if args.chunks < 1 or not 0 <= args.chunk <= args.chunks:
        parser.error("--chunks must be >= 1 and --chunk between 1 and --chunks (0: all)")
    chosen = [p.strip() for p in args.only.split(",") if p.strip()]
    unknown = sorted(set(chosen) - set(PROBES))
    if unknown:
        parser.error(f"unknown probe(s): {', '.join(unknown)}")
    failures = 0
    if args.report:
        for name in chosen:
            failures += totals(args, name, args.state)
        return 1 if failures else 0
    print(f"soak on {args.db}, seed {args.seed}, start RSS {rss_mb():.0f} MB", flush=True)
    with tempfile.TemporaryDirectory(prefix="praetor-soak-") as tmp:
        for name in chosen:
            chunks = args.chunks if name in CHUNKED else 1
            numbers = [args.chunk - 1] if args.chunk and name in CHUNKED else range(chunks)
            for number in numbers:
                key = chunk_key(args, name, number)
                if any(same_run(line, key) and line["chunk"] == key["chunk"] for line in noted(args.state)):
                    print(f"{name}: chunk {number + 1} of {chunks} already noted in {args.state}")
                    continue
                if chunks > 1:
                    print(f"{name}: chunk {number + 1} of {chunks}", flush=True)
                started = time.perf_counter()
                folder = Path(tmp) / f"chunk-{number + 1}"  # SQLite: a fresh file for each
                found, figures = asyncio.run(run_probe(name, chunk_args(args, name, number), folder))
                seconds = time.perf_counter() - started
                print(f"{found.summary()} ({seconds:.0f} s)", flush=True)
                for games, mb in figures:
                    print(f"  RSS after {games:>6,} games: {mb:.1f} MB", flush=True)
                print_failures(found)
                failures += found.failure_count
                note(args.state, key, found, seconds, figures)
            totals(args, name, args.state)
    print(f"soak: {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
