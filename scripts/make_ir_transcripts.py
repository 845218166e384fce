"""Write tests/transcripts/ir_s12_six_months.txt: Imperium Romanum, scenario 12 (Trajan's
Dacia), alice Rome and bob Dacia, six months through the cogs, with battles, a siege and the
supply segments, and a spectator's look at what is public.

The game is played through ``bot.transcript.TranscriptRunner`` itself (seeds
``replay-<seed>-<n>`` as ``praetor replay``), so the written lines replay exactly. Each next
command is chosen from the live game by the engine's heuristic player
(``rules/imperium_romanum/players.py``), steered so that six months are played: Lusius
Quietus marches on Tyras (a siege), neither side risks Decebalus (his fall would end the
scenario at once, 25.0), and Rome does not fortify Dacia (its conquest would too). Commands are
typed as ``/game status`` suggests them (cogs/ready.py); decisions go through Respond, but the
second one is left to its deadline (``wait``), so its default applies.

    .venv/bin/python scripts/make_ir_transcripts.py          # every transcript
    .venv/bin/python scripts/make_ir_transcripts.py gifts    # ir_s12_gifts.txt alone (5.8 #8, 6.0)
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import io
import random
import sys
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cogs.imperium_romanum  # noqa: E402,F401  (registers the /imperium paths)
from bot.transcript import TranscriptRunner, parse_transcript  # noqa: E402
from cogs import ready  # noqa: E402
from db.models import GameRow  # noqa: E402
from rules.core import Command  # noqa: E402
from rules.imperium_romanum import board as B  # noqa: E402
from rules.imperium_romanum import players as P  # noqa: E402
from rules.imperium_romanum.game import ImperiumRomanumGame, group_reach, movable_groups  # noqa: E402
from rules.imperium_romanum.world import hex_distance  # noqa: E402

KIND = "imperium_romanum"
TYRAS = "B5108"
CHIEF = "decebalus"
USERS = {"rome": "alice", "dacia": "bob"}
MONTHS = 6
SEED = 10
MONTH_AFTER = "September AD 101"  # the month after the six played (March to August)


def chief_hex(game: ImperiumRomanumGame) -> str:
    rec = game.state.leaders[CHIEF]
    return str(rec["hex"]) if rec["status"] == "map" else ""


def touches_chief(game: ImperiumRomanumGame, command: Command) -> bool:
    where = chief_hex(game)
    return CHIEF in command.args["units"] or bool(where and hex_distance(str(command.args["to"]), where) <= 1)


def march_on_tyras(game: ImperiumRomanumGame) -> Command | None:
    st = game.state
    for _key, pieces in sorted(movable_groups(st, "rome").items()):
        if "lusius_quietus" not in pieces:
            continue
        units = [p for p in pieces if p in st.units]
        if any(st.units[u]["activated"] for u in units):
            continue
        origin = st.units[units[0]]["hex"] if units else st.leaders["lusius_quietus"]["hex"]
        best = group_reach(st, "rome", pieces)
        if best and origin != TYRAS:
            dest = min(best, key=lambda h: (hex_distance(h, TYRAS), best[h][0], h))
            if hex_distance(dest, TYRAS) < hex_distance(origin, TYRAS):
                return Command("move", {"units": pieces, "to": dest})
    return None


def choose(game: ImperiumRomanumGame, rng: random.Random) -> tuple[str, Command] | None:
    """The heuristic player, steered (see the module's docstring)."""
    st = game.state
    movers = game.to_move()
    if not movers:
        return None
    seat = movers[0]
    if st.pending:
        pick = P._decide(st, seat)
        if st.pending["kind"] == "intercept" and pick.args["choice"] == CHIEF:
            pick = Command("decide", {"id": st.pending["id"], "choice": "no"})
        return seat, pick
    if st.segment == "movement":
        command = march_on_tyras(game) if seat == "rome" else None
        command = command or P._heuristic_move(st, seat, rng)
        if command is not None and (command.name != "move" or not touches_chief(game, command)):
            return seat, command
        return seat, Command("end")
    pick = P.heuristic_choice(game, rng)
    if pick is not None and pick[1].name == "attack" and pick[1].args["hex"] == chief_hex(game):
        return seat, Command("end")
    return pick


class Writer:
    def __init__(self, runner: TranscriptRunner) -> None:
        self.runner = runner
        self.lines: list[str] = []
        self.user = ""

    async def do(self, line: str) -> list[str]:
        """Play ``line``; the public texts it produced."""
        table = self.runner.table
        assert table is not None
        start = len(table.outputs)
        for step in parse_transcript(line):
            await self.runner.run_step(step)
        self.lines.append(line)
        return [o.text for o in table.outputs[start:] if o.audience == "public"]

    async def as_user(self, name: str) -> None:
        if name != self.user:
            await self.do(f"as {name}")
            self.user = name


FIRSTS = (("raised", " unit this phase: "), ("battle", "Battle at "), ("siege", " besieges "), ("supply", "supply"),
          ("retreat", "retreat"), ("intercept", " intercepts at "))


def game_seed(seed: int) -> str:
    return f"replay-{seed}-1"


@contextlib.asynccontextmanager
async def table_of(seed: int) -> AsyncIterator[tuple[TranscriptRunner, Writer]]:
    """A transcript runner on a scratch database, its game dice seeded ``seed``, and its writer."""
    with tempfile.TemporaryDirectory() as tmp:
        runner = TranscriptRunner(Path(tmp) / "g.db", 1, Path(tmp) / "images", io.StringIO())
        await runner.open()
        runner.forced_seeds = [game_seed(seed)]
        try:
            yield runner, Writer(runner)
        finally:
            await runner.close()


async def live_game(runner: TranscriptRunner) -> tuple[GameRow, ImperiumRomanumGame]:
    """The channel's game as it stands now."""
    assert runner.table is not None
    row = await runner.table.moderator.channel_game(runner.table.channel_id)
    assert row is not None
    game = await runner.table.moderator.load(row)
    assert isinstance(game, ImperiumRomanumGame)
    return row, game


Pick = Callable[[ImperiumRomanumGame], "tuple[str, Command] | None"]


async def play_months(runner: TranscriptRunner, months: int, pick: Pick,
                      act: Callable[[str, Command], Awaitable[None]], steps: int) -> None:
    """Load the game and play ``pick``'s commands through ``act`` until the month after
    ``months`` begins, the game ends, or ``steps`` commands."""
    for _step in range(steps):
        row, game = await live_game(runner)
        if row.status != "active" or game.state.turn > months:
            return
        chosen = pick(game)
        if chosen is None:
            return
        await act(*chosen)


async def make(seed: int = SEED) -> list[str]:
    async with table_of(seed) as (runner, w):
        rng = random.Random(seed)
        seen: set[str] = set()
        shared = False
        decisions = 0
        await w.as_user("alice")
        await w.do("/game new game:imperium_romanum scenario:s12")
        await w.do("> Seats: rome, dacia")
        await w.do("/game join seat:rome")
        await w.as_user("bob")
        await w.do("/game join seat:dacia")
        await w.as_user("alice")
        await w.do("/game start")
        await w.do("> March AD 101")
        await w.as_user("zoe")  # a spectator: no seat, nothing to do, only what is public
        await w.do("! /end")
        await w.do("> no seat")
        await w.do("/record power:rome")
        await w.do("> tax base 21 talents")
        await w.do("/stack hex:B4415")
        await w.do("> on top")
        await w.as_user("bob")
        await w.do("! /imperium build type:light_infantry_4_12 city:aquincum")
        await w.do("> §7.4")
        await w.do("/imperium standing order:combat value:ask")
        await w.as_user("alice")
        await w.do("! /imperium build type:legion_24_10 city:aquincum")
        await w.do("> §15.2")
        await w.do("/imperium build type:light_infantry_4_12 city:aquincum")  # told to alice alone
        await w.do("/end")
        await w.as_user("bob")  # Dacia gives no order: the segment closes at its deadline (4.0)
        await w.do("wait 11m")
        await w.do("> Time is up for the Taxation & Mobilization segment")

        async def act(seat: str, command: Command) -> None:
            nonlocal shared, decisions
            await w.as_user(USERS[seat])
            if command.name == "decide" and decisions == 1:
                decisions += 1  # the second window is left to its deadline: the default
                await w.do("wait 11m")
                await w.do(f"> Time ran out for {seat}")
                return
            if command.name == "decide":
                decisions += 1
                await w.do("click Respond")
                said = await w.do(f"select {command.args['choice']}")
            elif command.name == "attack" and "mode" not in command.args and not shared:
                shared = True  # once through the shared verb: /attack zone: names the hex
                said = await w.do(f"/attack zone:{command.args['hex']}")
            else:
                said = await w.do(ready.typed(KIND, command))
            for key, needle in FIRSTS:
                line = next((t for t in said for part in t.splitlines() if needle in part), None)
                if key not in seen and line is not None:
                    seen.add(key)
                    part = next(p for p in line.splitlines() if needle in p)
                    await w.do(f"> {part.strip()[:120]}")

        await play_months(runner, MONTHS, lambda game: choose(game, rng), act, 2000)
        row, game = await live_game(runner)
        assert row.status == "active", "the game ended before six months"
        missing = {"battle", "siege", "supply"} - seen
        if missing or game.state.turn <= MONTHS:
            raise RuntimeError(f"missing {sorted(missing)}, month {game.state.turn}")
        await w.as_user("zoe")
        await w.do("/imperium map")
        await w.do("/game status")
        await w.do(f"> {MONTH_AFTER}")
    return w.lines


S02_SEED = 1
"""The dice of the scenario 2 transcript (1 since the pirates set up in their island boxes, 3.1.1)."""
S02_USERS = {"rome": "alice", "pirates": "bob"}
S02_FIRSTS = (("sail", "/imperium sail"), ("naval combat", "(10.7)"), ("intercept", "(10.6"),
              ("embark", "/imperium embark"), ("debark", "/imperium debark"))
TOLD = {"embark": "pieces embark at", "debark": "pieces land at"}
"""What the owner alone is told of a voyage (the public sees fleets, not what they carry, 3.2)."""


class Voyage:
    """Steers Rome's first naval segment into an embarkation: a group with a leader goes
    aboard (10.4.2), its fleets sail to a hex from which they may land (10.3), and the troops
    land there (10.4.3). The heuristic player makes none of its own."""

    def __init__(self) -> None:
        self.fleets: list[str] = []
        self.stage = "embark"

    def step(self, game: ImperiumRomanumGame) -> tuple[str, Command] | None:
        st = game.state
        if st.pending or st.segment != "naval" or game.to_move() != ["rome"] or self.stage == "done":
            return None
        legal = game.legal_commands("rome")
        if self.stage == "embark":
            for command in legal:
                if command.name == "embark" and any(u in st.leaders for u in command.args["units"]):
                    self.fleets, self.stage = list(command.args["fleets"]), "sail"
                    return "rome", command
            return None
        if self.stage == "sail":
            for command in legal:
                if command.name == "sail" and list(command.args["fleets"]) == self.fleets and self.lands_after(game, command):
                    self.stage = "debark"
                    return "rome", command
            return None
        for command in legal:
            if command.name == "debark" and list(command.args["fleets"]) == self.fleets:
                self.stage = "done"
                return "rome", command
        return None

    def lands_after(self, game: ImperiumRomanumGame, sail: Command) -> bool:
        """Would the fleets, once there, be offered a landing (no window opened on the way)?"""
        trial = ImperiumRomanumGame(copy.deepcopy(game.state))
        trial.apply("rome", sail)
        return not trial.state.pending and any(
            c.name == "debark" and list(c.args["fleets"]) == self.fleets for c in trial.legal_commands("rome"))


def no_truce(pick: tuple[str, Command] | None) -> tuple[str, Command] | None:
    """Steering: the heuristic player offers the other seat a winter truce when neither can
    strike the other (5.8, players.py); here the pirates keep the sea open instead, so that the
    voyage can be intercepted and fought."""
    if pick is not None and pick[1].name == "propose_alliance":
        return pick[0], Command("end")
    return pick


async def make_s02(seed: int = S02_SEED) -> list[str]:
    """Scenario 2 (Pompey and the pirates), two months of the heuristic player: fleets sail,
    intercept and fight at sea through the ``/imperium`` naval commands."""
    async with table_of(seed) as (runner, w):
        rng = random.Random(seed)
        seen: set[str] = set()
        voyage = Voyage()
        await w.as_user("alice")
        await w.do("/game new game:imperium_romanum scenario:s02")
        await w.do("> Seats: pirates, rome")
        await w.do("/game join seat:rome")
        await w.as_user("bob")
        await w.do("/game join seat:pirates")
        await w.as_user("alice")
        await w.do("/game start")

        async def act(seat: str, command: Command) -> None:
            await w.as_user(S02_USERS[seat])
            if command.name == "decide":
                await w.do("click Respond")
                said = await w.do(f"select {command.args['choice']}")
            else:
                line = ready.typed(KIND, command)
                said = [line, *await w.do(line)]
                if command.name in TOLD and command.name not in seen:
                    await w.do(f"> {TOLD[command.name]}")
            for key, needle in S02_FIRSTS:
                found = next((p for t in said for p in t.splitlines() if needle in p), None)
                if key not in seen and found is not None:
                    seen.add(key)
                    if not found.startswith("/"):
                        await w.do(f"> {found.strip()[:120]}")

        await play_months(runner, 2, lambda game: voyage.step(game) or no_truce(P.heuristic_choice(game, rng)), act, 1000)
        missing = {k for k, _n in S02_FIRSTS} - seen
        if missing:
            raise RuntimeError(f"scenario 2 transcript lacks {sorted(missing)}")
        await w.as_user("zoe")
        await w.do("/game status")
    return w.lines


GIFTS_SEED = SEED
"""The gifts transcript plays scenario 12's opening with the six-month transcript's dice."""


async def offer_id(runner: TranscriptRunner, kind: str) -> str:
    """The id of the newest open offer of ``kind`` (the engine numbers them as they come)."""
    _row, game = await live_game(runner)
    return [p[0] for p in game.state.proposals if p[1] == kind][-1]


async def make_gifts(seed: int = GIFTS_SEED) -> list[str]:
    """Scenario 12's first Diplomacy Phase, short: Rome and Dacia ally for the month (5.8), Rome
    offers two units and a city (5.8 #8, ``/imperium give``) and talents (6.0, ``/imperium
    gift``); Dacia takes the units and the talents and declines the city. The offers are told
    to the two parties alone; the change of owner of the units is public, counted and not named;
    the summary names the agreements; the spectator sees the status."""
    async with table_of(seed) as (runner, w):
        await w.as_user("alice")
        await w.do("/game new game:imperium_romanum scenario:s12")
        await w.do("/game join seat:rome")
        await w.as_user("bob")
        await w.do("/game join seat:dacia")
        await w.as_user("alice")
        await w.do("/game start")
        await w.do("/end")
        await w.as_user("bob")
        await w.do("/end")
        await w.as_user("alice")
        await w.do("! /imperium give to:dacia city:aquincum")
        await w.do("> §5.8")  # not an ally yet
        await w.do("/imperium ally with:dacia")
        await w.as_user("bob")
        await w.do(f"/imperium answer offer:{await offer_id(runner, 'alliance')} choice:accept")
        _row, game = await live_game(runner)
        gifts = [c.args for c in game.legal_commands("rome") if c.name == "give"]
        units = [a["units"][0] for a in gifts if "units" in a and B.is_combat(game.state.units[a["units"][0]])][:2]
        city = next(a["city"] for a in gifts if "city" in a)
        await w.as_user("alice")
        await w.do(f"/imperium give to:dacia units:{','.join(units)}")
        given = await offer_id(runner, "give")
        await w.do(f"/imperium give to:dacia city:{city}")
        declined = await offer_id(runner, "give")
        await w.do("/imperium gift to:dacia amount:5")
        talents = await offer_id(runner, "gift")
        await w.as_user("zoe")
        await w.do(f"! /imperium answer offer:{given} choice:accept")  # not hers to answer
        await w.as_user("bob")
        await w.do(f"/imperium answer offer:{given} choice:accept")
        await w.do("> rome gives 2 units to dacia (5.8).")
        await w.do(f"/imperium answer offer:{declined} choice:decline")
        await w.do(f"/imperium answer offer:{talents} choice:accept")
        await w.do("/end")
        await w.as_user("alice")
        await w.do("/end")
        await w.do("> Diplomacy this month:")
        await w.as_user("zoe")
        await w.do("/game status")
    return w.lines


async def write_gifts() -> None:
    lines = await make_gifts()
    head = [
        "# Imperium Romanum, scenario 12 (Trajan's Dacia): the first Diplomacy Phase, alice Rome, bob Dacia.",
        "# Written by scripts/make_ir_transcripts.py (gifts); the game's dice:",
        f"# seed: {game_seed(GIFTS_SEED)}",
        "# An alliance for the month (5.8), gifts of units and of a city (5.8 #8, /imperium give) and of",
        "# talents (6.0, /imperium gift), each answered with /imperium answer; the summary names them.",
    ]
    write_transcript("ir_s12_gifts.txt", head, lines)


def write_transcript(name: str, head: list[str], lines: list[str]) -> None:
    """``tests/transcripts/<name>``: the comment ``head`` then the played ``lines``."""
    out = ROOT / "tests" / "transcripts" / name
    out.write_text("\n".join(head + lines) + "\n", encoding="utf-8")
    print(f"{out}: {len(lines)} lines")


async def main() -> None:
    if sys.argv[1:] == ["gifts"]:  # the gifts transcript alone
        await write_gifts()
        return
    await write_gifts()
    s02 = await make_s02()
    head02 = [
        "# Imperium Romanum, scenario 2 (Pompey and the pirates): two months, alice Rome, bob the pirates.",
        "# Written by scripts/make_ir_transcripts.py; the game's dice:",
        f"# seed: {game_seed(S02_SEED)}",
        "# Fleets sail, intercept and fight at sea through /imperium sail and /imperium naval;",
        "# Pompey embarks with his legions, sails and lands (/imperium embark, sail, debark).",
    ]
    write_transcript("ir_s02_naval.txt", head02, s02)
    lines = await make()
    head = [
        "# Imperium Romanum, scenario 12 (Trajan's Dacia): six months, alice Rome, bob Dacia.",
        "# Written by scripts/make_ir_transcripts.py; the game's dice:",
        f"# seed: {game_seed(SEED)}",
        "# Battles, interceptions, a retreat, a window left to its deadline (its default applies),",
        "# a siege, the supply segments; the spectator zoe sees what is public.",
    ]
    write_transcript("ir_s12_six_months.txt", head, lines)


if __name__ == "__main__":
    asyncio.run(main())
