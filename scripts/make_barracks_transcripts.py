"""Write tests/transcripts/barracks_*.txt: whole games played by a seeded random legal player.

The games are played through ``bot.transcript.TranscriptRunner`` itself (the same seeds
``replay-<seed>-<n>`` as ``praetor replay``), so the written lines replay exactly. Each next
command is drawn from ``legal_commands`` of the live game and entered the way a person would:
sometimes typed as a slash command, sometimes through ``/hand`` and the menus (Play a card ->
card -> space; the select of the next step, then the Frumentarii order), and pending decisions
through Respond.

    .venv/bin/python scripts/make_barracks_transcripts.py
"""

from __future__ import annotations

import asyncio
import io
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.local import Component  # noqa: E402
from bot.transcript import TranscriptRunner, parse_transcript  # noqa: E402
from rules.core import Command  # noqa: E402

USERS = ["alice", "bob", "carol", "dave"]
SEEN_KINDS: set[str] = set()  # the kinds of pending decisions answered while writing


class Writer:
    def __init__(self, runner: TranscriptRunner) -> None:
        self.runner = runner
        self.lines: list[str] = []
        self.user = ""
        self.last_seat = ""  # the seat that made the last step (its panel is in the channel)

    async def do(self, line: str) -> None:
        for step in parse_transcript(line):
            await self.runner.run_step(step)
        self.lines.append(line)
        if line.startswith("as "):
            self.user = line[3:]

    async def expect(self, text: str) -> None:
        await self.do(f"> {text}")

    async def as_user(self, user: str) -> None:
        if user != self.user:
            await self.do(f"as {user}")

    def shown(self) -> list[Component]:
        table = self.runner.table
        assert table is not None
        return table.visible_components()


def pick(component: Component, value: str) -> str | None:
    """How to name ``value`` in a ``select`` line: its label when unambiguous, else the value."""
    labels = [label for label, v in component.options if v == value]
    if not labels:
        return None
    label = labels[0]
    same = [lbl for lbl, _ in component.options if lbl == label]
    if len(same) == 1 and "," not in label and label != value:
        return label
    return value


def slash(command: Command) -> str:
    args = command.args
    name = command.name
    if name == "move":
        return f"/move card:{args['card']} from:{args['from']} to:{args['to']}"
    parts = []
    for key, value in args.items():
        if isinstance(value, list):
            if not value:
                continue
            value = ",".join(value)
        parts.append(f"{key}:{value}")
    return " ".join([f"/{name}", *parts])


async def step(w: Writer, rng: random.Random, game: Any, row: Any) -> None:
    seat = game.to_move()[0]
    user = row.seats[seat]
    again, w.last_seat = w.last_seat == seat, seat
    command: Command = rng.choice(game.legal_commands(seat))
    await w.as_user(user)
    if command.name == "decide":
        await w.do("click Respond")
        pending = game.pending_decision()
        SEEN_KINDS.add(pending.kind)
        label = next(c.label for c in pending.choices if c.value == command.args["choice"])
        await w.do(f"select {label}" if "," not in label else f"select {command.args['choice']}")
        return
    if rng.random() < 0.35:
        await w.do(slash(command))
        return
    wanted = "bplay" if command.name in ("play", "move") else "bact"
    ready = [c for c in w.shown() if c.custom_id.startswith(f"praetor:{wanted}:{row.id}:{row.seq}")]
    if not ready and again:  # the same player again: the panel of their last move has My hand
        await w.do("click My hand")
    elif not ready:
        mine = any(c.custom_id.startswith("praetor:hand:") for c in w.shown())
        await w.do("click My hand" if mine and rng.random() < 0.5 else "/hand")
    if command.name in ("play", "move"):
        await w.do("click Play a card")
        card_select = next(c for c in w.shown() if c.kind == "select")
        name = pick(card_select, str(command.args["card"]))
        if name is None:  # on a later page of the menu: type it instead
            await w.do(slash(command))
            return
        await w.do(f"select {name}")
        space_select = next(c for c in w.shown() if c.kind == "select")
        value = (
            f"{command.args['from']}>{command.args['to']}"
            if command.name == "move"
            else str(command.args["space"])
        )
        name = pick(space_select, value)
        if name is None:
            await w.do(slash(command))
            return
        await w.do(f"select {name}")
        return
    others = [c for c in game.legal_commands(seat) if c.name not in ("play", "move")]
    index = str(others.index(command))
    selects = [c for c in w.shown() if c.kind == "select"]
    name = pick(selects[0], index) if selects else None
    await w.do(f"select {name}" if name is not None else slash(command))
    orders = [c for c in w.shown() if c.custom_id.startswith("praetor:border:")]
    if name is not None and orders:  # Frumentarii: the order of the others under the deck
        value = rng.choice([v for _, v in orders[0].options])
        await w.do(f"select {pick(orders[0], value) or value}")


async def make(scenario: str, players: int, seed: int, title: str) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        runner = TranscriptRunner(Path(tmp) / "g.db", 1, Path(tmp) / "images", io.StringIO())
        await runner.open()
        w = Writer(runner)
        rng = random.Random(seed)
        try:
            await w.do("as alice")
            await w.do(f"/game new game:barracks scenario:{scenario}")
            for user in USERS[:players]:
                await w.as_user(user)
                await w.do("/game join")
            await w.as_user("alice")
            await w.do("/game start")
            await w.do("/table")
            await w.expect("Forum:")
            await w.as_user("zoe")
            await w.do("! click My hand")
            await w.expect("no seat")
            await w.do("! /skip")
            moderator = runner.table.moderator  # type: ignore[union-attr]
            steps = 0
            while True:
                row = await moderator.channel_game(runner.table.channel_id)  # type: ignore[union-attr]
                if row is None or row.status != "active":
                    break
                game = await moderator.load(row)
                await step(w, rng, game, row)
                steps += 1
                if steps > 2000:
                    raise RuntimeError("the game does not end")
            await w.as_user("zoe")
            await w.do("/table")
            await w.expect("Final score sheet")
        finally:
            await runner.close()
    header = [
        f"# {title}: a whole game of The Barracks Emperors through the cogs,",
        f"# written by scripts/make_barracks_transcripts.py (random legal player, seed {seed}).",
        "# Plays are typed or chosen from the menus (/hand, Play a card, card, space, next step).",
    ]
    return [*header, *w.lines]


async def main() -> None:
    out = ROOT / "tests" / "transcripts"
    for name, scenario, players, seed, title in (
        ("barracks_solo.txt", "solo", 1, 23, "Solo"),
        ("barracks_4p.txt", "standard-4p", 4, 3, "Four players"),
    ):
        lines = await make(scenario, players, seed, title)
        (out / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} lines")


if __name__ == "__main__":
    asyncio.run(main())
