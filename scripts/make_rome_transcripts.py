"""Write tests/transcripts/rome_iinc_solo.txt (the 286 scenario played solo to its end) and
rome_iinc_coop.txt (alice East, bob West, three turns, a Unit Transfer into the other Empire
accepted through Respond, 10.7.4) through the cogs.

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

import cogs.rome_iinc  # noqa: E402,F401  (registers the /rome paths)
from bot.transcript import TranscriptRunner, parse_transcript  # noqa: E402
from cogs import ready  # noqa: E402
from rules.core import Command, RuleError  # noqa: E402
from rules.rome_iinc import board as B  # noqa: E402
from rules.rome_iinc import commands as C  # noqa: E402
from rules.rome_iinc.game import RomeGame  # noqa: E402
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
    """The ``/rome`` (or shared ``/end``) line that enters ``command``: the form /game status
    suggests (cogs/ready.py)."""
    return ready.typed("rome_iinc", command)


def offer(game: RomeGame, seat: str) -> Command | None:
    """A Transfer of one of ``seat``'s Units into a Province of the other Empire (10.7.4), if
    one is legal and affordable now."""
    st = game.state
    if st.step != "unrest" or st.tasks or st.pending or seat not in game.to_move():
        return None
    units = [u for u, x in sorted(st.units.items()) if x["type"] in ("auxilia", "cavalry")
             and x["loc"] in st.status and B.province_empire(st, x["loc"]) == seat
             and B.is_loyal(st, x["loc"])]
    targets = [p for p in sorted(st.status) if st.status[p] in ("roman", "insurgent")
               and B.is_loyal(st, p) and B.province_empire(st, p) not in (seat, None)]
    for uid in units:
        for dest in targets:
            try:
                cost = C.check_transfer(st, seat, uid, dest)
            except RuleError:
                continue
            if cost <= st.gold[seat] - 20:
                return Command("transfer", {"unit": uid, "to": dest})
    return None


async def make(seed: int, mode: str, turns: int, game_seed: str = "") -> tuple[list[str], str]:
    """Play and write one transcript; ``game_seed`` fixes the game's dice (``# seed:``)."""
    users = {"east": "alice", "west": "alice" if mode == "solo" else "bob"}
    with tempfile.TemporaryDirectory() as tmp:
        runner = TranscriptRunner(Path(tmp) / "g.db", 1, Path(tmp) / "images", io.StringIO())
        await runner.open()
        if game_seed:
            runner.forced_seeds = [game_seed]
        w = Writer(runner)
        rng = random.Random(seed)
        ending = "stopped"
        user = "alice"

        async def as_user(name: str) -> None:
            nonlocal user
            if name != user:
                await w.do(f"as {name}")
                user = name

        try:
            await w.do("as alice")
            await w.do(f"/game new game:rome_iinc scenario:286 options:mode={mode}")
            await w.do("/game join seat:east")
            await as_user(users["west"])
            await w.do("/game join seat:west")
            await as_user("alice")
            await w.do("/game start")
            await as_user("zoe")
            await w.do("! /end")
            await w.do("> no seat")
            await w.do("! /rome bread points:1")
            await w.do("> no seat")
            await as_user("alice")
            await w.do("/end")  # Turn 1 begins
            await w.do("> Turn 1, Event Phase")
            await w.do("! /rome fight war:alamanni commander:emperor provinces:noricum")
            await w.do("> 11.2")  # a War is fought in the War step, not the Unrest step
            fought = False
            offered = mode == "solo"
            # the solo game also shows a Gift of Gold, Extra Taxes and a Civil War (issue 15):
            # the West hands its Treasury to the East at the end of its War steps (9.1.5) until
            # a Treasury leaves it in debt (Extra Taxes, 9.1.4); the first Rebel that may be
            # fought is fought (11.4)
            gifted = civil = taxed = mode != "solo"
            moderator = runner.table.moderator  # type: ignore[union-attr]
            for _step in range(3000):
                row = await moderator.channel_game(runner.table.channel_id)  # type: ignore[union-attr]
                if row is None or row.status != "active":
                    ending = "finished"
                    break
                game = await moderator.load(row)
                assert isinstance(game, RomeGame)
                if game.state.turn > turns:
                    ending = f"stopped after turn {turns}"
                    break
                pick = heuristic_choice(game, rng)
                if pick is None:
                    break
                seat, command = pick
                st = game.state
                if not civil and command.name not in ("decide", "civil_war"):
                    rebels = [c for c in game.legal_commands(seat) if c.name == "civil_war"]
                    if rebels:
                        command, civil = rebels[0], True
                        await as_user(users[seat])
                        await w.do(slash(command))
                        await w.do("> Civil War against")
                        continue
                if not taxed and st.step == "war" and seat == "west" and command.name == "end" \
                        and st.gold["west"] > 0 and not any(st.rebel_emperor.values()):
                    gifted = True
                    await as_user(users[seat])
                    await w.do(f"/rome gold amount:{st.gold['west']}")
                    await w.do(f"> West gives {st.gold['west']} Gold to the East")
                    continue
                if command.name == "civil_war" and not civil:
                    civil = True
                    await as_user(users[seat])
                    await w.do(slash(command))
                    await w.do("> Civil War against")
                    continue
                if command.name == "extra_taxes" and not taxed:
                    taxed = True
                    await as_user(users[seat])
                    await w.do(slash(command))
                    await w.do("> raises Extra Taxes")
                    continue
                if not offered and (gift := offer(game, seat)) is not None:
                    command, offered = gift, True
                    await as_user(users[seat])
                    await w.do(slash(command))
                    await w.do("> waiting for the")
                    other = "west" if seat == "east" else "east"
                    await as_user(users[seat])
                    await w.do("! /end")  # nothing moves while the consent waits
                    await w.do("> not your turn")
                    await as_user(users[other])
                    await w.do("click Respond")
                    await w.do("select accept")
                    await w.do("> transfers to")
                    continue
                if command.name == "decide":
                    await as_user(users[seat])
                    await w.do("click Respond")
                    await w.do(f"select {command.args['choice']}")
                else:
                    await as_user(users[seat])
                    await w.do(slash(command))
                if command.name == "fight" and not fought:
                    await w.do("> War against")
                    fought = True
            if not offered:
                raise RuntimeError("no Transfer into the other Empire was possible")
            if not (gifted and civil and taxed):
                raise RuntimeError(f"gift {gifted}, civil war {civil}, extra taxes {taxed}: missing")
            if ending == "finished":
                await w.do("> Game over")
            await w.do("/game status")  # after the end: the result, else whose move it is
            await w.do("> Game over" if ending == "finished" else f"> Turn {turns + 1} of 10")
        finally:
            await runner.close()
    return w.lines, ending


async def main() -> None:
    out = ROOT / "tests" / "transcripts"
    # the solo game's dice are replay-3-1: a Rebel to fight in Turn 1 (seed 1 has none in ten turns)
    for name, mode, turns, seed, game_seed, title in (
        ("rome_iinc_solo.txt", "solo", 10, 1, "replay-3-1", "Solo: the 286 scenario of Rome, IInc."),
        ("rome_iinc_coop.txt", "coop", 3, 1, "", "Co-op (alice East, bob West): the 286 scenario"),
    ):
        if len(sys.argv) > 1 and sys.argv[1] not in name:
            continue
        lines, ending = await make(seed, mode, turns, game_seed)
        header = [
            f"# {title} through the cogs (/rome, /end, Respond),",
            f"# written by scripts/make_rome_transcripts.py (heuristic player, seed {seed}; {ending}).",
        ]
        if game_seed:
            header.append(f"# seed: {game_seed}")
        (out / name).write_text("\n".join([*header, *lines]) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} lines, {ending}")


if __name__ == "__main__":
    asyncio.run(main())
