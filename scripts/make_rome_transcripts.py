"""Write tests/transcripts/rome_iinc_solo.txt: the 286 scenario played solo through the cogs.

The game is played through ``bot.transcript.TranscriptRunner`` itself (seeds ``replay-<seed>-<n>``
as ``praetor replay``), so the written lines replay exactly. Each next command is chosen by the
heuristic player of ``rules/rome_iinc/players.py`` from the live game and typed as the ``/rome``
subcommand (or ``/end``) a person would type; pending decisions go through Respond.

    .venv/bin/python scripts/make_rome_transcripts.py
"""

from __future__ import annotations

import asyncio
import io
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.transcript import TranscriptRunner, parse_transcript  # noqa: E402
from rules.core import Command  # noqa: E402
from rules.rome_iinc.players import heuristic_choice  # noqa: E402


class Writer:
    def __init__(self, runner: TranscriptRunner) -> None:
        self.runner = runner
        self.lines: list[str] = []

    async def do(self, line: str) -> None:
        for step in parse_transcript(line):
            await self.runner.run_step(step)
        self.lines.append(line)


def slash(command: Command) -> str:
    """The ``/rome`` (or shared ``/end``) line that enters ``command``."""
    if command.name == "end":
        return "/end"
    parts = []
    for key, value in command.args.items():
        if isinstance(value, list):
            if not value:
                continue
            value = ",".join(value)
        parts.append(f"{key}:{value}")
    return " ".join([f"/rome {command.name}", *parts])


async def make(seed: int, max_commands: int) -> tuple[list[str], str]:
    with tempfile.TemporaryDirectory() as tmp:
        runner = TranscriptRunner(Path(tmp) / "g.db", 1, Path(tmp) / "images", io.StringIO())
        await runner.open()
        w = Writer(runner)
        rng = random.Random(seed)
        ending = "stopped"
        try:
            await w.do("as alice")
            await w.do("/game new game:rome_iinc scenario:286 options:mode=solo")
            await w.do("/game join seat:east")
            await w.do("/game join seat:west")
            await w.do("/game start")
            await w.do("as zoe")
            await w.do("! /end")
            await w.do("> no seat")
            await w.do("! /rome bread points:1")
            await w.do("> no seat")
            await w.do("as alice")
            await w.do("/end")  # Turn 1 begins
            await w.do("> Turn 1, Event Phase")
            await w.do("! /rome fight war:alamanni commander:emperor provinces:noricum")
            await w.do("> 11.2")  # a War is fought in the War step, not the Unrest step
            fought = False
            moderator = runner.table.moderator  # type: ignore[union-attr]
            for _step in range(max_commands):
                row = await moderator.channel_game(runner.table.channel_id)  # type: ignore[union-attr]
                if row is None or row.status != "active":
                    ending = "finished"
                    break
                game = await moderator.load(row)
                pick = heuristic_choice(game, rng)
                if pick is None:
                    break
                _seat, command = pick
                if command.name == "decide":
                    await w.do("click Respond")
                    await w.do(f"select {command.args['choice']}")
                else:
                    await w.do(slash(command))
                if command.name == "fight" and not fought:
                    await w.do("> War against")
                    fought = True
            if ending == "finished":
                await w.do("> Game over")
                await w.do("/game status")
                await w.do("> Turn 10 of 10")
        finally:
            await runner.close()
    return w.lines, ending


async def main() -> None:
    out = ROOT / "tests" / "transcripts" / "rome_iinc_solo.txt"
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    lines, ending = await make(seed, 3000)
    header = [
        "# Solo: the 286 scenario of Rome, IInc. through the cogs (/rome, /end),",
        f"# written by scripts/make_rome_transcripts.py (heuristic player, seed {seed}; {ending}).",
    ]
    out.write_text("\n".join([*header, *lines]) + "\n", encoding="utf-8")
    print(f"{out.name}: {len(lines)} lines, {ending}")


if __name__ == "__main__":
    asyncio.run(main())
