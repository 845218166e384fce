"""Write tests/transcripts/barracks_status_turn.txt (issue 12): two players of The Barracks
Emperors who find every move in ``/game status`` alone and type the first example it gives
(after ``/respond``, the first answer of its menu).

The game is played through ``bot.transcript.TranscriptRunner`` (the seeds ``replay-1-<n>`` of
``praetor replay``), so the written lines replay exactly. Regenerate after a change of the
status lines or of the rules:

    .venv/bin/python scripts/make_status_transcripts.py
"""

from __future__ import annotations

import asyncio
import io
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.transcript import TranscriptRunner, parse_transcript  # noqa: E402

TARGET = ROOT / "tests" / "transcripts" / "barracks_status_turn.txt"
USERS = {"p1": "alice", "p2": "bob"}
TURNS = 8
"""Players' turns written (each: a card played, maybe its ability, a Forum card taken)."""

HEADER = [
    "# A newcomer finds each move of The Barracks Emperors in /game status and types it as",
    "# shown (issue 12). Written by scripts/make_status_transcripts.py: do not edit by hand.",
]
OPENING = [
    "as alice",
    "/game new game:barracks scenario:standard-2p",
    "/game join",
    "as bob",
    "/game join",
    "/game start",
    "as alice",
    "/help game:barracks",
    "> /game status",
]


async def write() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        runner = TranscriptRunner(Path(tmp) / "t.db", 1, Path(tmp) / "images", io.StringIO())
        await runner.open()
        table = runner.table
        assert table is not None
        lines = list(OPENING)
        for step in parse_transcript("\n".join(OPENING)):
            await runner.run_step(step)
        user = "alice"

        async def run(line: str) -> list[str]:
            before = len(table.outputs)
            for step in parse_transcript(line):
                await runner.run_step(step)
            lines.append(line)
            return [o.text for o in table.outputs[before:] if o.audience in (user, "public")]

        turns = 0
        while turns < TURNS:
            row = await table.moderator.latest_game(table.channel_id)
            assert row is not None
            game = await table.moderator.load(row)
            seat = game.to_move()[0]
            if USERS[seat] != user:
                user = USERS[seat]
                await run(f"as {user}")
            shown = "\n".join(await run("/game status")).splitlines()
            ready = [s.strip() for s in shown if s.startswith("  /")]
            assert ready, shown
            line = ready[0].split(" — ")[0]
            lines.append(f"> {ready[0].split(' (+')[0]}")
            said = await run(line)
            if line.startswith("/forum"):
                turns += 1
            if line == "/respond":
                menu = table.find_component("select", "")
                said = await run(f"select {menu.options[0][0]}")
            first = next((s.splitlines()[0] for s in said if s.strip()), "")
            if first and not first.startswith("<@"):
                lines.append(f"> {first.split(' from the Forum')[0]}")
        row = await table.moderator.latest_game(table.channel_id)
        assert row is not None
        user = USERS[(await table.moderator.load(row)).to_move()[0]]
        await run(f"as {user}")
        await run("/game status")
        lines.append("> may now type, for example:")
        await runner.close()
        return lines


def main() -> None:
    lines = HEADER + asyncio.run(write())
    TARGET.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{TARGET.name}: {len(lines)} lines")


if __name__ == "__main__":
    main()
