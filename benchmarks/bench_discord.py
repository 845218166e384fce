"""Imperator through the real cogs: time from an interaction to its first response, and memory.

Latency: plays scenario 1 openings and battles in many channels through the local table (the
real command tree and cogs, the Moderator on SQLite; Discord's network excluded) and prints
p50/p99 of the time from the interaction to its initial response, per kind of command, with
map rendering switched off; the map render is timed on its own. Target: p99 <= 50 ms without
render.

Memory: stores 1,000 started Imperator games in a fresh database and keeps 100 of them active
(loaded in the Moderator's cache), then prints the process's resident memory. Target: <= 300 MB.

Run: ``scripts/bench bench_discord`` or ``python -m benchmarks.bench_discord [--games N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.clock import FakeClock  # noqa: E402
from bot.local import LocalResponse, LocalTable  # noqa: E402
from bot.moderator import Moderator  # noqa: E402
from bot.renderers import register_renderer, renderer_for  # noqa: E402
from db.engine import make_engine  # noqa: E402
from db.migrate import upgrade  # noqa: E402
from db.models import GameRow, SnapshotRow  # noqa: E402

# One game: (user, line, kind). Out-of-turn decisions that open on the way (evasions, losses,
# retreats...) are answered through the Respond button with their first choice, whatever
# they are, so the benchmark does not depend on one exact story of the game.
SCRIPT: list[tuple[str, str, str]] = [
    ("alice", "/game new game:imperator scenario:avidius_cassius", "lobby"),
    ("alice", "/game join seat:rome", "lobby"),
    ("bob", "/game join seat:enemies", "lobby"),
    ("bob", "/game start", "start"),
    ("bob", "/reserve fronts:orient", "refusal"),
    ("alice", "/reserve fronts:orient,danube", "command"),
    ("alice", "/game status", "status"),
    ("alice", "/end", "command"),
    ("bob", "/zone zone:antiochia", "zone"),
    ("bob", "/standing", "standing"),
    ("bob", "/move leader:avidius_cassius units:iv_scythica to:cyrrhus", "move"),
    ("bob", "/end", "command"),
    ("bob", "/attack zone:cyrrhus", "battle"),
    ("alice", "/march leader:martius_verus", "menu"),
    ("alice", "/game status", "status"),
    ("alice", "/standing", "standing"),
]

AUTOCOMPLETE = [("move", "leader"), ("move", "units"), ("move", "to"), ("attack", "zone")]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def rss_mb() -> float:
    """Current resident memory (VmRSS), else the peak from getrusage."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def latency(games: int, tmp: Path) -> dict[str, list[float]]:

    timings: dict[str, list[float]] = defaultdict(list)
    first: dict[int, float] = {}
    original = LocalResponse._begin

    def timed_begin(self: LocalResponse) -> None:
        first.setdefault(id(self.interaction), time.monotonic())
        original(self)

    LocalResponse._begin = timed_begin  # type: ignore[method-assign]
    engine = make_engine(f"sqlite:///{tmp / 'latency.db'}")
    await upgrade(engine)
    counter = iter(range(10**9))
    moderator = Moderator(engine, clock=FakeClock(), seed_source=lambda: "replay-1-1")
    table = LocalTable(moderator, tmp / "images")
    await table.setup()
    try:
        for number in range(games):
            table.channel_id = f"bench-{number}-{next(counter)}"
            table.public_components = []
            table.last_components = {}
            for user, line, kind in SCRIPT:
                await run_line(table, timings, first, number, user, line, kind)
                await answer_decisions(table, timings, first, number)
            table.outputs.clear()
    finally:
        LocalResponse._begin = original  # type: ignore[method-assign]
        await table.close()
        await engine.dispose()
    return timings


async def run_line(
    table: LocalTable,
    timings: dict[str, list[float]],
    first: dict[int, float],
    number: int,
    user: str,
    line: str,
    kind: str,
) -> None:
    """Play one line and record the time from the interaction to its first response."""
    from cogs.play import complete

    table.user = user
    before = len(table.outputs)
    if line.startswith("click "):
        interaction: Any = await table.click(line[6:])
    elif line.startswith("select "):
        interaction = await table.select([line[7:]])
    else:
        interaction = await table.run_slash(line)
        if kind in ("move", "command", "battle"):
            for verb, option in AUTOCOMPLETE:
                probe: Any = table.interaction(namespace={"leader": "avidius_cassius"})
                started = time.monotonic()
                await complete(verb, option)(probe, "")
                timings["autocomplete"].append((time.monotonic() - started) * 1000)
    refused = any(o.refusal for o in table.outputs[before:])
    if refused != (kind == "refusal"):
        texts = [o.text for o in table.outputs[before:]]
        raise RuntimeError(f"game {number}: {line!r} did not behave: {texts}")
    answered = first.pop(id(interaction), None)
    if answered is not None:
        timings[kind].append((answered - interaction.started) * 1000)


async def answer_decisions(
    table: LocalTable, timings: dict[str, list[float]], first: dict[int, float], number: int
) -> None:
    """Answer every decision waiting on a player with its first choice, via Respond."""
    for _ in range(20):
        row = await table.moderator.channel_game(table.channel_id)
        if row is None or row.status != "active":
            return
        game = await table.moderator.load(row)
        pending = game.pending_decision()
        if pending is None:
            return
        user = row.seats[pending.seat]
        await run_line(table, timings, first, number, user, "click Respond", "respond")
        label = pending.choices[0].label[:100]
        await run_line(table, timings, first, number, user, f"select {label}", "decide")
    raise RuntimeError(f"game {number}: decisions kept coming")


def render_times(samples: int) -> list[float]:
    from rules.imperator.game import ImperatorGame

    renderer = renderer_for("imperator")
    if renderer is None:
        return []
    view = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "bench", {}).public_view()
    out = []
    for index in range(samples):
        name = ("whole", "front:orient", "zone:antiochia")[index % 3]
        started = time.monotonic()
        renderer(view, name)
        out.append((time.monotonic() - started) * 1000)
    return out


async def memory(stored: int, active: int, tmp: Path) -> tuple[float, float, float]:
    """RSS before, with ``stored`` games in the database, and with ``active`` loaded."""
    engine = make_engine(f"sqlite:///{tmp / 'memory.db'}")
    await upgrade(engine)
    moderator = Moderator(engine, clock=FakeClock())
    await moderator.create("g", "template", "alice", "imperator", "avidius_cassius")
    await moderator.join("template", "alice", "rome")
    await moderator.join("template", "bob", "enemies")
    template, _game = await moderator.start("template", "alice")
    async with moderator.sessions() as session:
        snap = await session.get(SnapshotRow, template.id)
        assert snap is not None
        state = snap.state
    moderator._cache.clear()
    base = rss_mb()
    # Copies of the started game (a real start loads the map data each time: about a second).
    async with moderator.sessions() as session:
        for number in range(stored - 1):
            row = GameRow(
                guild_id="g",
                channel_id=f"stored-{number}",
                kind="imperator",
                scenario="avidius_cassius",
                seats=dict(template.seats),
                status="active",
                rules_version=template.rules_version,
                data_hash=template.data_hash,
                secret_seed=f"seed-{number}",
                seed_hash=template.seed_hash,
            )
            session.add(row)
            await session.flush()
            session.add(SnapshotRow(game_id=row.id or 0, seq=0, state=state))
        await session.commit()
    with_stored = rss_mb()
    loaded: list[Any] = []
    for number in range(active):
        row = await moderator.get(number + 1)
        loaded.append(await moderator.load(row))
    with_active = rss_mb()
    await engine.dispose()
    return base, with_stored, with_active


def report(name: str, values: list[float], target: float | None = None) -> str:
    goal = f" (target p99 <= {target:.0f} ms)" if target else ""
    return (
        f"{name:<13} n={len(values):<5} p50 {statistics.median(values):7.2f} ms"
        f"   p99 {percentile(values, 0.99):7.2f} ms{goal}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games played for latency")
    parser.add_argument("--stored", type=int, default=1000)
    parser.add_argument("--active", type=int, default=100)
    parser.add_argument("--renders", type=int, default=9)
    args = parser.parse_args()
    real_renderer = renderer_for("imperator")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        register_renderer("imperator", lambda view, name: b"")  # render timed apart
        timings = asyncio.run(latency(args.games, tmp))
        if real_renderer is not None:
            register_renderer("imperator", real_renderer)
        renders = render_times(args.renders)
        base, stored, active = asyncio.run(memory(args.stored, args.active, tmp))
    print("Imperator through the cogs: interaction -> first response (no Discord network)")
    typical = [v for k, vs in timings.items() if k not in ("lobby", "start") for v in vs]
    print(report("typical", typical, 50))
    for kind in sorted(timings):
        print(report(kind, timings[kind]))
    if renders:
        print(report("map render", renders))
    print(
        f"resident memory: {base:.0f} MB at rest, {stored:.0f} MB with {args.stored} games "
        f"stored, {active:.0f} MB with {args.active} active (target <= 300 MB)"
    )


if __name__ == "__main__":
    main()
