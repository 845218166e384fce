"""The Barracks Emperors in Discord (cogs/barracks.py): hands stay private, menus offer only
what the engine allows, stale menus are refused."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.local import Output
from bot.transcript import (
    OK,
    TranscriptFailure,
    TranscriptRunner,
    parse_transcript,
    replay_file,
)
from rules.barracks.data import CARDS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from replays import replayed  # noqa: E402

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "transcripts"
CARD_ID = re.compile(r"(?<![\w-])(" + "|".join(re.escape(c) for c in CARDS) + r")(?![\w-])")


class Table:
    def __init__(self, runner: TranscriptRunner) -> None:
        self.runner = runner

    async def do(self, *lines: str) -> list[Output]:
        assert self.runner.table is not None
        start = len(self.runner.table.outputs)
        for step in parse_transcript("\n".join(lines)):
            await self.runner.run_step(step)
        return self.runner.table.outputs[start:]

    @property
    def outputs(self) -> list[Output]:
        assert self.runner.table is not None
        return self.runner.table.outputs

    async def game(self) -> tuple[Any, Any]:
        table = self.runner.table
        assert table is not None
        row = await table.moderator.channel_game(table.channel_id)
        assert row is not None
        return row, await table.moderator.load(row)

    def forget(self, user: str) -> None:
        """Forget the ephemeral menus shown to ``user`` (as if they dismissed them)."""
        assert self.runner.table is not None
        self.runner.table.last_components.pop(user, None)

    def shown(self) -> Any:
        assert self.runner.table is not None
        return self.runner.table.visible_components()


@pytest.fixture
async def four(tmp_path: Path) -> AsyncIterator[Table]:
    runner = TranscriptRunner(tmp_path / "t.db", 5, tmp_path / "images", io.StringIO())
    await runner.open()
    table = Table(runner)
    await table.do(
        "as alice",
        "/game new game:barracks scenario:standard-4p",
        "/game join",
        "as bob",
        "/game join",
        "as carol",
        "/game join",
        "as dave",
        "/game join",
        "/game start",
        "/table",
    )
    yield table
    await runner.close()


async def active_user(table: Table) -> tuple[str, str]:
    row, game = await table.game()
    seat = game.to_move()[0]
    return seat, row.seats[seat]


async def test_hand_shown_only_to_its_owner(four: Table) -> None:
    row, game = await four.game()
    for seat, user in row.seats.items():
        out = await four.do(f"as {user}", "click My hand")
        hand = [c["id"] for c in game.seat_view(seat)["hand"]]
        assert hand and all(o.audience == user for o in out)
        assert all(card in "\n".join(o.text for o in out) for card in hand)
    out = await four.do("as zoe", "! click My hand", "! /hand")
    assert all(o.audience == "zoe" and o.refusal for o in out)
    public = "\n".join(o.text for o in four.outputs if o.audience == "public")
    assert not CARD_ID.search(public)


async def test_menus_offer_only_legal_spaces(four: Table) -> None:
    seat, user = await active_user(four)
    await four.do(f"as {user}", "click Play a card")
    _, game = await four.game()
    legal = game.legal_commands(seat)
    cards = {c.args["card"] for c in legal if c.name in ("play", "move")}
    selects = [c for c in four.shown() if c.kind == "select"]
    offered = {value for s in selects for _, value in s.options}
    assert offered == cards
    for card in sorted(cards):
        four.forget(user)  # back to the public buttons
        await four.do(f"as {user}", "click Play a card", f"select {card}")
        spaces = {value for s in four.shown() if s.kind == "select" for _, value in s.options}
        wanted = {
            c.args["space"] if c.name == "play" else f"{c.args['from']}>{c.args['to']}"
            for c in legal
            if c.args.get("card") == card
        }
        assert spaces == wanted
        assert all(len(s.options) <= 25 and len(s.custom_id) <= 100 for s in four.shown())


async def test_other_seats_and_stale_menus_are_refused(four: Table) -> None:
    seat, user = await active_user(four)
    other = next(u for u in ("alice", "bob", "carol", "dave") if u != user)
    await four.do(f"as {other}", "! click Play a card")
    assert "not your turn" in four.outputs[-1].text
    await four.do(f"as {user}", "click Play a card")
    _, game = await four.game()
    command = next(c for c in game.legal_commands(seat) if c.name == "play")
    await four.do(f"select {command.args['card']}")
    stale_select = [c for c in four.shown() if c.kind == "select"][0]
    await four.do(f"select {command.args['space']}")
    assert four.outputs[-1].audience in ("public", user)
    # the same space menu again: the game has moved on
    table = four.runner.table
    assert table is not None
    table.last_components[user] = [stale_select]
    before = await four.runner.event_count()
    await four.do(f"! select {stale_select.options[0][1]}")
    assert "out of date" in four.outputs[-1].text
    assert await four.runner.event_count() == before


async def test_typed_verbs_refuse_out_of_phase(four: Table) -> None:
    seat, user = await active_user(four)
    out = await four.do(f"as {user}", "! /skip", "! /forum choice:1", "! /resolve emperor:D4")
    assert all(o.refusal and o.audience == user for o in out)
    with pytest.raises(TranscriptFailure):
        await four.do("as zoe", "/skip")


@pytest.mark.parametrize("name", ["barracks_solo.txt", "barracks_4p.txt"])
async def test_whole_games_never_show_a_card_id_in_public(name: str) -> None:
    # tests/replays.py: replayed once per session (test_transcripts.py replays it too)
    code, output = await replayed(TRANSCRIPTS / name)
    assert code == 0, output[-2000:]
    public = [line for line in output.splitlines() if line.startswith("[public]")]
    assert not [line for line in public if CARD_ID.search(line)]
    # the score sheet comes with the last move (the hook), then again with the spectator's /table
    assert sum("Final score sheet" in line for line in public) >= 2
    assert any("behind these buttons" in line for line in public)
    if name == "barracks_solo.txt":  # the rival's tie (BE-17) answered through Respond
        assert "is resolved first" in output and "(you break the tie)" in output


async def test_start_posts_the_first_turn_panel(four: Table) -> None:
    row, game = await four.game()
    seat = game.to_move()[0]
    panels = [
        o
        for o in four.outputs
        if o.audience == "public" and "behind these buttons" in o.text
    ]
    assert panels and f"<@{row.seats[seat]}>" in panels[0].text
    # one opening message: My secrets, and the first panel (issue 10's request budget)
    assert [c.label for c in panels[0].components] == ["My secrets", "My hand", "Play a card"]
    assert panels[0].image is not None and "Seats:" in panels[0].text


async def test_shared_play_verb_is_followed_by_the_next_step(four: Table) -> None:
    """/play is the shared verb (cogs/play.py): its one public message carries the panel
    (My hand: the player's next step), then the next player's panel once the turn passes."""
    seat, user = await active_user(four)
    _, game = await four.game()
    command = next(c for c in game.legal_commands(seat) if c.name == "play")
    start = len(four.outputs)
    await four.do(f"as {user}", f"/play card:{command.args['card']} space:{command.args['space']}")
    for _ in range(10):
        _, game = await four.game()
        if seat not in game.to_move():
            break
        said = [o for o in four.outputs[start:] if o.audience == "public" and o.components]
        labels = [c.label for c in said[-1].components] if said else []
        assert labels[:1] == ["My hand"] and set(labels[1:]) <= {"Why?"}  # Why? when rules were cited
        assert len([o for o in four.outputs[start:] if o.audience != "public"]) == 0
        await four.do("click My hand")  # the hand and the next step, to this player only
        start = len(four.outputs)
        await four.do("select 0")  # the first choice of the step menu
    assert seat not in game.to_move()
    last_public = [o for o in four.outputs if o.audience == "public" and o.components][-1]
    assert "behind these buttons" in last_public.text
    assert last_public.components[0].custom_id == f"praetor:hand:{(await four.game())[0].id}"


async def test_frumentarii_order_is_chosen_from_a_second_select(four: Table) -> None:
    seat, user = await active_user(four)
    row, game = await four.game()
    assert four.runner.table is not None
    four.runner.table.cold = False  # this test edits the cached game: keep the cache warm
    st = game.state  # the cached game: put this seat in the Frumentarii step
    st.seen, st.deck = st.deck[:4], st.deck[4:]
    st.phase = "frumentarii"
    await four.do(f"as {user}", "/hand")
    keep = st.seen[1]
    others = [c for c in game.legal_commands(seat) if c.name not in ("play", "move")]
    await four.do(f"select {others.index(next(c for c in others if c.args['choice'] == keep))}")
    orders = game.frumentarii_orders(seat, keep)
    assert len(orders) == 6 and orders[0] == [c for c in st.seen if c != keep]
    shown = [c for c in four.shown() if c.custom_id.startswith("praetor:border:")]
    assert shown and len(shown[0].options) == 6 and len(shown[0].custom_id) <= 100
    assert all(o.audience == user for o in four.outputs[-1:])  # the order menu is ephemeral
    await four.do("select 5")
    _, game = await four.game()
    assert game.state.phase != "frumentarii" and keep in game.state.hands[seat]
    assert not game.state.exhausted and game.state.deck[-3:] == orders[5]
    public = "\n".join(o.text for o in four.outputs if o.audience == "public")
    assert not CARD_ID.search(public)


def test_menus_are_persistent_items_with_short_ids() -> None:
    from cogs.barracks import (
        ActionSelect,
        CardSelect,
        HandButton,
        OrderSelect,
        PlayButton,
        SpaceSelect,
    )
    from cogs.common import DYNAMIC_ITEMS

    for cls in (HandButton, PlayButton, CardSelect, SpaceSelect, ActionSelect, OrderSelect):
        assert cls in DYNAMIC_ITEMS
    longest = max(CARDS, key=len)
    ids = [
        HandButton(10**9).item.custom_id,
        PlayButton(10**9, 10**6).item.custom_id,
        CardSelect(10**9, 10**6, 3).item.custom_id,
        SpaceSelect(10**9, 10**6, longest, 3).item.custom_id,
        ActionSelect(10**9, 10**6, 3).item.custom_id,
        OrderSelect(10**9, 10**6, longest).item.custom_id,
    ]
    assert all(i is not None and len(i) <= 100 for i in ids)


def typed(command: Any) -> str:
    """An engine command as a player types it (/play card:castra-3 space:C3 ...)."""
    parts = [f"/{command.name}"]
    for key, value in command.args.items():
        text = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        parts.append(f'{key}:"{text}"' if (" " in text or "," in text) else f"{key}:{text}")
    return " ".join(parts)


async def test_a_barracks_export_replays_to_the_same_end(tmp_path: Path) -> None:
    """A short two-player game played with typed commands, exported with /chronicle once over:
    the transcript types every play (no play left as a comment) and replays to the same end."""
    runner = TranscriptRunner(tmp_path / "t.db", 3, tmp_path / "images", io.StringIO())
    await runner.open()
    table = Table(runner)
    await table.do(
        "as alice", "/game new game:barracks scenario:short", "/game join seat:p1",
        "as bob", "/game join seat:p2", "/game start",
    )
    users = {"p1": "alice", "p2": "bob"}
    for _ in range(200):
        table_ = runner.table
        assert table_ is not None
        row = await table_.moderator.latest_game(table_.channel_id)
        assert row is not None
        if row.status != "active":
            break
        game = await table_.moderator.load(row)
        seat = game.to_move()[0]
        command = game.legal_commands(seat)[0]
        if command.name == "decide":
            await table.do(f"as {users[seat]}", "/respond", f"select {command.args['choice']}")
        else:
            await table.do(f"as {users[seat]}", typed(command))
    assert row.status == "finished"
    out = await table.do("as alice", "/chronicle")
    exported = [o.image for o in out if o.image and o.image.name.endswith("replay.txt")]
    assert exported and exported[-1] is not None
    script = exported[-1].read_text()
    assert "cannot be typed" not in script and "/play card:" in script
    (tmp_path / "replay.txt").write_text(script)
    await runner.close()
    shown = io.StringIO()
    assert await replay_file(tmp_path / "replay.txt", as_json=True, out=shown) == OK
    text = shown.getvalue()
    final = json.loads(text[text.rindex("\n{") + 1 :])
    assert final["status"] == "finished" and final["seq"] == row.seq
    assert final["result"] == row.result
