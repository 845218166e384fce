"""A decision waiting inside a game's state is translated after a restart too (issue 13).

The rules store an Imperator decision (prompt and choices) in the state; the state goes to the
database as JSON. ``Game.to_json`` keeps the sentences' message ids next to the English
(``texts``), so a bot that reloads the game from the database (a restart, another process, an
evicted cache) still shows the prompt in each reader's language.
"""

from __future__ import annotations

import json

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.i18n import localise
from bot.moderator import Moderator
from db.models import SnapshotRow
from rules.core.i18n import Text, _
from rules.imperator import politics
from rules.imperator.game import ImperatorGame
from rules.imperator.politics import name

CHANNEL = "c1"


def _open_retreat(game: ImperatorGame) -> str:
    """Open the §8.3 retreat decision of the rules on ``game`` and return its zone."""
    st = game.state
    zone = sorted(z for z, d in st.board.zones.items() if d.kind == "land")[0]
    nearby = sorted(st.board.neighbours(zone))[:2]
    politics.open_decision(
        st,
        "R",
        "retreat",
        _("§8.3: your force in {zone} is beaten; choose where it retreats.", zone=name(st, zone)),
        [(z, name(st, z)) for z in nearby] + [("split", _("no retreat possible"))],
        nearby[0],
        "§8.3",
    )
    return zone


async def test_a_stored_prompt_is_translated_after_a_reload(sqlite_engine: AsyncEngine) -> None:
    moderator = Moderator(sqlite_engine)
    await moderator.create("g1", CHANNEL, "alice", "imperator", "avidius_cassius", {"language": "fr"})
    await moderator.join(CHANNEL, "alice")
    await moderator.join(CHANNEL, "bob")
    row, game = await moderator.start(CHANNEL, "alice")
    zone = _open_retreat(game)
    async with moderator.sessions() as session:  # the game as the Moderator stores it
        snapshot = await session.get(SnapshotRow, row.id)
        assert snapshot is not None
        snapshot.state = json.loads(json.dumps(game.to_json()))
        session.add(snapshot)
        await session.commit()

    restarted = Moderator(sqlite_engine)  # a new process: nothing cached
    again = await restarted.load(await restarted.get(row.id or 0))
    pending = again.pending_decision()
    assert pending is not None and pending.section == "§8.3"
    assert isinstance(pending.prompt, Text)
    shown = localise(pending.prompt, "fr")
    assert shown.startswith("§8.3 : votre force en ") and shown.endswith("fait retraite.")
    assert localise(pending.prompt, "en") == (
        f"§8.3: your force in {name(again.state, zone)} is beaten; choose where it retreats."
    )
    assert localise(pending.choices[-1].label, "fr") == "aucune retraite possible"
    # The stored state itself stays readable English; only ``texts`` carries the message ids.
    assert again.to_json()["state"]["pending"][0]["prompt"] == localise(pending.prompt, "en")


def test_without_the_message_ids_the_prompt_is_english_only() -> None:
    """The check can fail: a state stored without ``texts`` gives back a plain English prompt."""
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "seed-1", {})
    assert isinstance(game, ImperatorGame)
    _open_retreat(game)
    data = json.loads(json.dumps(game.to_json()))
    assert [path[:3] for path, _text in data["texts"]][:1] == [["pending", 0, "prompt"]]
    del data["texts"]
    bare = ImperatorGame.from_json(data).pending_decision()
    assert bare is not None and not isinstance(bare.prompt, Text)
    assert localise(bare.prompt, "fr").startswith("§8.3: your force in ")
