"""``/game status`` names every command a seat may use now with a ready-to-type example built
from the position, and a player who types only its first suggestion plays a whole round of The
Barracks Emperors (solo and two players) and a turn of Rome, IInc. (issue 12)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.transcript import TranscriptRunner, parse_transcript
from cogs.ready import ready_to_type, typed
from rules.core import Command


class Table:
    def __init__(self, runner: TranscriptRunner) -> None:
        self.runner = runner

    @property
    def local(self) -> Any:
        assert self.runner.table is not None
        return self.runner.table

    async def do(self, *lines: str) -> None:
        for step in parse_transcript("\n".join(lines)):
            await self.runner.run_step(step)

    async def game(self) -> tuple[Any, Any]:
        row = await self.local.moderator.latest_game(self.local.channel_id)
        assert row is not None
        return row, await self.local.moderator.load(row)

    async def suggested(self, user: str) -> list[str]:
        """The ready-to-type commands ``/game status`` shows ``user`` (the ``  /`` lines)."""
        self.local.user = user
        before = len(self.local.outputs)
        await self.local.run_slash("/game status")
        shown = [o.text for o in self.local.outputs[before:] if o.audience == user]
        lines = "\n".join(shown).splitlines()
        return [line.strip().split(" — ")[0] for line in lines if line.startswith("  /")]

    async def type(self, user: str, line: str) -> None:
        """Type ``line`` as ``user``; after ``/respond``, choose the first answer that is not
        the default (letting every Barbarian pass loses a solo game in its first round)."""
        self.local.user = user
        pending = (await self.game())[1].pending_decision()
        before = len(self.local.outputs)
        await self.local.run_slash(line)
        refused = [o.text for o in self.local.outputs[before:] if o.refusal]
        assert not refused, (line, refused)
        if line == "/respond":
            menu = self.local.find_component("select", "")
            values = [value for _label, value in menu.options]
            chosen = next((v for v in values if pending is None or v != pending.default), values[0])
            await self.local.select([chosen])


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    runner = TranscriptRunner(tmp_path / "t.db", 7, tmp_path / "images", io.StringIO())
    await runner.open()
    yield Table(runner)
    await runner.close()


async def play_a_round_from_status(table: Table, users: dict[str, str]) -> list[str]:
    """Each seat to move types the first suggestion of ``/game status`` until the round ends."""
    row, game = await table.game()
    start_round = game.state.round
    verbs: list[str] = []
    for _step in range(400):
        row, game = await table.game()
        if row.status != "active" or game.state.round != start_round:
            return verbs
        user = users[game.to_move()[0]]
        ready = await table.suggested(user)
        assert ready, f"/game status suggested nothing to {user} in phase {game.state.phase}"
        verbs.append(ready[0].split()[0])
        await table.type(user, ready[0])
    raise AssertionError(f"the round did not end in 400 commands: {verbs[-10:]}")


async def test_a_solo_barracks_round_is_played_from_game_status_alone(table: Table) -> None:
    """On the easy level (§15.1): always taking the first suggestion is no strategy, and on the
    normal level these dice sack Roma in the first round."""
    await table.do(
        "as alice", '/game new game:barracks scenario:solo options:"difficulty=easy"', "/game join",
        "/game start",
    )
    verbs = await play_a_round_from_status(table, {"p1": "alice"})
    row, game = await table.game()
    assert (row.status, game.state.round) == ("active", 2), verbs
    assert "/play" in verbs and "/respond" in verbs, verbs


async def test_a_two_player_barracks_round_is_played_from_game_status_alone(table: Table) -> None:
    await table.do(
        "as alice", "/game new game:barracks scenario:standard-2p", "/game join",
        "as bob", "/game join", "/game start",
    )
    verbs = await play_a_round_from_status(table, {"p1": "alice", "p2": "bob"})
    row, game = await table.game()
    assert (row.status, game.state.round) == ("active", 2), verbs
    assert {"/play", "/forum"} <= set(verbs), verbs


async def test_barracks_status_lists_every_legal_verb_with_an_example(table: Table) -> None:
    """Every verb of the engine's legal commands appears, each example being one of them."""
    await table.do("as alice", "/game new game:barracks scenario:solo", "/game join", "/game start")
    row, game = await table.game()
    legal = game.legal_commands("p1")
    lines = ready_to_type("barracks", game, "p1")
    examples = [line.split(" — ")[0] for line in lines]
    assert {f"/{c.name}" for c in legal} == {e.split()[0] for e in examples}
    assert set(examples) <= {typed("barracks", c) for c in legal}
    assert examples[0].startswith("/play card:") and " space:" in examples[0]
    assert "(+" in lines[-1] and "more choices in its menus" in lines[-1]


async def test_a_rome_turn_is_played_from_game_status_alone(table: Table) -> None:
    """Solo Rome, IInc. (alice holds both Empires): the first suggestion each time, a /rome
    subcommand or /end, until the next turn."""
    await table.do(
        "as alice", "/game new game:rome_iinc scenario:286 options:mode=solo",
        "/game join seat:east", "/game join seat:west", "/game start",
    )
    _row, game = await table.game()
    start = game.state.turn
    typed_lines: list[str] = []
    for _step in range(300):
        row, game = await table.game()
        if row.status != "active" or game.state.turn != start:
            break
        ready = await table.suggested("alice")
        assert ready, f"/game status suggested nothing in step {game.state.step}"
        typed_lines.append(ready[0])
        await table.type("alice", ready[0])
    row, game = await table.game()
    assert (row.status, game.state.turn) == ("active", start + 1), typed_lines[-10:]
    subcommands = {line.split()[1] for line in typed_lines if line.startswith("/rome ")}
    assert subcommands and subcommands <= set(ROME_SUBCOMMANDS), subcommands
    assert "/end" in {line.split()[0] for line in typed_lines}


ROME_SUBCOMMANDS = ("appoint", "bread", "circus", "build", "upgrade", "transfer", "gold", "taxes",
                    "fight", "civilwar", "annex", "loss", "promote", "emperor")


def test_typed_quotes_lists_and_maps_decisions_to_respond() -> None:
    fight = Command("fight", {"war": "goths", "commander": "emperor", "provinces": ["moesia", "dacia"]})
    assert typed("rome_iinc", fight) == '/rome fight war:goths commander:emperor provinces:"moesia, dacia"'
    assert typed("barracks", Command("decide", {"id": "d1", "choice": "B3"})) == "/respond"
    assert typed("barracks", Command("move", {"card": "goths-4", "from": "A1", "to": "B2"})) == (
        "/move card:goths-4 from:A1 to:B2"
    )


@pytest.mark.parametrize(
    ("new", "seats"),
    [
        ("/game new game:barracks scenario:standard-2p", ("", "")),
        ("/game new game:imperator scenario:avidius_cassius", (" seat:rome", " seat:enemies")),
        ("/game new game:rome_iinc scenario:286", (" seat:east", " seat:west")),
    ],
)
async def test_status_after_the_end_gives_the_result_not_whose_move(
    table: Table, new: str, seats: tuple[str, str]
) -> None:
    await table.do(
        "as alice", new, f"/game join{seats[0]}", "as bob", f"/game join{seats[1]}", "/game start",
        "/game concede", "click Concede",
    )
    before = len(table.local.outputs)
    await table.local.run_slash("/game status")
    text = "\n".join(o.text for o in table.local.outputs[before:] if o.audience == "bob")
    assert "🏁 Game over. Winner: " in text and "/game log shows every move" in text, text
    assert "To move" not in text and "may now type" not in text, text
