"""Imperator through the cogs: menus, who may act, secrets, restarts, stale and double clicks."""

from __future__ import annotations

import asyncio
import io
import sqlite3
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import select

from bot.clock import FakeClock
from bot.local import Component, LocalTable
from bot.moderator import Moderator
from bot.transcript import OK, replay_file
from cogs import imperator_names as names
from cogs.play import complete
from db.engine import make_engine
from db.migrate import upgrade
from db.models import EventRow

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from replays import replayed  # noqa: E402

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "transcripts"

OPENING = [
    ("alice", "/game new game:imperator scenario:avidius_cassius"),
    ("alice", "/game join seat:rome"),
    ("bob", "/game join seat:enemies"),
    ("bob", "/game start"),
    ("alice", "/reserve fronts:orient"),
    ("alice", "/end"),
]


async def new_table(engine: AsyncEngine, tmp_path: Path, clock: FakeClock) -> LocalTable:
    moderator = Moderator(engine, clock=clock, seed_source=lambda: "replay-1-1")
    table = LocalTable(moderator, tmp_path / "images")
    await table.setup()
    return table


async def play(table: LocalTable, lines: list[tuple[str, str]]) -> None:
    for user, line in lines:
        table.user = user
        before = len(table.outputs)
        await table.run_slash(line)
        refused = [o.text for o in table.outputs[before:] if o.refusal]
        assert not refused, f"{line}: {refused}"


async def events(table: LocalTable) -> int:
    async with table.moderator.sessions() as session:
        return int((await session.exec(select(func.count()).select_from(EventRow))).one())


# -- the opening, played once per module (test speed, session 9) --------------------------------
# Most tests below start from the same opening (six commands, three theatre pictures). It is
# played once into a SQLite file; each test gets its own copy of that file and a new table on it
# (the bot restarting on that database), so what one test plays never reaches another
# (test_a_test_that_moves_on_leaves_the_opening_to_the_next).
@pytest.fixture(scope="module")
def openings() -> dict[tuple[tuple[str, str], ...], Path]:
    """The database file of each opening played so far in this module, by its lines."""
    return {}


async def table_after(
    lines: list[tuple[str, str]], openings: dict[tuple[tuple[str, str], ...], Path],
    where: Path, clock: FakeClock,
) -> LocalTable:
    """A table on a copy (in ``where``) of the database in which ``lines`` were played from a
    new game; the caller disposes of its engine."""
    key = tuple(lines)
    if key not in openings:
        folder = where / "opening"
        folder.mkdir(parents=True)
        engine = make_engine(f"sqlite:///{folder / 'praetor.db'}")
        await upgrade(engine)
        first = await new_table(engine, folder, FakeClock())
        await play(first, lines)
        await first.close()
        await engine.dispose()
        openings[key] = folder / "praetor.db"
    where.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(openings[key])) as source, closing(
        sqlite3.connect(where / "praetor.db")
    ) as copy:
        source.backup(copy)  # a consistent copy, with what is still in the write-ahead log
    return await new_table(make_engine(f"sqlite:///{where / 'praetor.db'}"), where, clock)


@pytest.fixture
async def tables(
    openings: dict[tuple[tuple[str, str], ...], Path], tmp_path: Path
) -> AsyncIterator[Callable[..., Awaitable[LocalTable]]]:
    """``await tables(lines)``: a new table after ``lines`` (``where=``: another folder)."""
    made: list[LocalTable] = []

    async def make(
        lines: list[tuple[str, str]], clock: FakeClock | None = None, where: Path | None = None
    ) -> LocalTable:
        made.append(await table_after(lines, openings, where or tmp_path, clock or FakeClock()))
        return made[-1]

    yield make
    for opened in made:
        await opened.moderator.engine.dispose()


@pytest.fixture
async def table(tables: Callable[..., Awaitable[LocalTable]]) -> LocalTable:
    return await tables(OPENING)


async def test_a_test_that_moves_on_leaves_the_opening_to_the_next(
    table: LocalTable, tables: Callable[..., Awaitable[LocalTable]], tmp_path: Path
) -> None:
    opened = await events(table)
    row, game = await table.moderator.game_for(str(table.channel_id))
    seq, position = row.seq, game.to_json()
    assert opened == seq > 0 and game.to_move() == ["enemies"]
    await play(table, [("bob", "/move leader:avidius_cassius units:iv_scythica to:cyrrhus")])
    assert await events(table) == opened + 1
    again = await tables(OPENING, where=tmp_path / "again")
    assert await events(again) == opened
    row_again, game_again = await again.moderator.game_for(str(again.channel_id))
    assert row_again.seq == seq and game_again.to_json() == position


async def menu(
    table: LocalTable, user: str, verb: str, option: str, current: str = "", **ns: Any
) -> list[tuple[str, str]]:
    table.user = user
    interaction = table.interaction(namespace=ns)
    found = await complete(verb, option)(interaction, current)  # type: ignore[arg-type]
    assert len(found) <= 25
    return [(c.name, c.value) for c in found]


# -- menus ------------------------------------------------------------------------------------
async def test_leader_menu_offers_only_the_acting_sides_leaders(table: LocalTable) -> None:
    offered = [v for _n, v in await menu(table, "bob", "move", "leader")]
    assert "avidius_cassius" in offered and "statius_priscus" in offered
    assert "marc_aurele" not in offered
    # Not Rome's SMC: nothing to offer Rome's player.
    assert await menu(table, "alice", "move", "leader") == []


async def test_menus_accept_other_spellings(table: LocalTable) -> None:
    assert [v for _n, v in await menu(table, "bob", "move", "leader", "gaius avid")] == [
        "avidius_cassius"
    ]
    assert [v for _n, v in await menu(table, "bob", "move", "leader", "Marcus Statius")] == [
        "statius_priscus"
    ]


async def test_units_menu_lists_the_leaders_zone_and_continues_a_list(table: LocalTable) -> None:
    offered = await menu(table, "bob", "move", "units", leader="avidius_cassius")
    assert [v for _n, v in offered] == ["iv_scythica"]
    again = await menu(table, "bob", "move", "units", "iv_scythica, ", leader="avidius_cassius")
    assert again == []


async def test_destination_menu_offers_reachable_zones_with_their_cost(table: LocalTable) -> None:
    offered = await menu(table, "bob", "move", "to", leader="avidius_cassius", units="iv_scythica")
    values = [v for _n, v in offered]
    assert "cyrrhus" in values and "roma" not in values
    assert all("PM)" in n for n, _v in offered)


async def test_attack_menu_names_only_contested_zones(table: LocalTable) -> None:
    await play(
        table,
        [
            ("bob", "/move leader:avidius_cassius units:iv_scythica to:cyrrhus"),
            ("bob", "/end"),
        ],
    )
    assert [v for _n, v in await menu(table, "bob", "attack", "zone")] == ["cyrrhus"]


def test_display_names_follow_the_language_option() -> None:
    assert names.display("marc_aurele", "Marc-Aurèle", "fr") == "Marc-Aurèle"
    assert names.display("marc_aurele", "Marc-Aurèle", "en") == "Marcus Aurelius"
    assert names.display("commode", "Commode", "en") == "Commodus"
    assert names.display("septime_severe", "Septime-Sévère", "en") == "Septimius Severus"
    items = [("septime_severe", "Septime-Sévère"), ("commode", "Commode")]
    assert names.resolve("Septimius Severus", items) == "septime_severe"
    assert names.resolve("septime severe", items) == "septime_severe"
    assert names.resolve("Commodus", items) == "commode"


# -- who may act ------------------------------------------------------------------------------
async def test_only_the_acting_seat_can_act(table: LocalTable) -> None:
    before = await events(table)
    for user, line in [
        ("alice", "/move leader:marc_aurele to:roma"),
        ("alice", "/march leader:marc_aurele"),
        ("carol", "/move leader:avidius_cassius units:iv_scythica to:cyrrhus"),
        ("carol", "/end"),
    ]:
        table.user = user
        await table.run_slash(line)
        assert table.outputs[-1].refusal and table.outputs[-1].audience == user
    # Bob's own menu, clicked by Alice: refused.
    table.user = "bob"
    await table.run_slash("/march leader:avidius_cassius")
    units_menu = table.last_components["bob"][0]
    table.last_components["alice"] = [units_menu]
    table.user = "alice"
    await table.select(["iv_scythica"])
    assert table.outputs[-1].refusal
    assert await events(table) == before


async def test_a_wrong_phase_command_names_its_phase(table: LocalTable) -> None:
    table.user = "bob"
    await table.run_slash("/attack zone:cyrrhus")
    assert table.outputs[-1].refusal and "E.2" in table.outputs[-1].text
    await table.run_slash("/reserve fronts:orient")
    assert table.outputs[-1].refusal and "phase C" in table.outputs[-1].text


# -- decisions: restart, stale, double clicks -------------------------------------------------
async def reach_retreat(table: LocalTable) -> Component:
    await play(
        table,
        [
            ("bob", "/move leader:avidius_cassius units:iv_scythica to:cyrrhus"),
            ("bob", "/end"),
            ("bob", "/attack zone:cyrrhus"),
        ],
    )
    button = table.public_components[0]
    assert button.label == "Respond"
    return button


async def test_restart_resumes_a_pending_decision(
    tables: Callable[..., Awaitable[LocalTable]], tmp_path: Path
) -> None:
    clock = FakeClock()
    first = await tables(OPENING, clock)
    button = await reach_retreat(first)
    await first.close()
    second = await new_table(first.moderator.engine, tmp_path, clock)
    # The message with the button is still in the channel: its custom_id is all that survives.
    second.public_components = [Component("button", "Respond", button.custom_id)]
    second.user = "alice"
    await second.click("Respond")
    assert "retreats" in second.outputs[-1].text and second.outputs[-1].audience == "alice"
    await second.select(["melitene"])
    assert any("retreats to Melitene" in o.text for o in second.outputs if o.audience == "public")


async def test_a_stale_button_is_refused(table: LocalTable) -> None:
    button = await reach_retreat(table)
    table.user = "alice"
    await table.click("Respond")
    await table.select(["melitene"])
    count = await events(table)
    table.public_components = [button]
    table.last_components.pop("alice", None)
    await table.click("Respond")
    assert table.outputs[-1].refusal and "out of date" in table.outputs[-1].text
    assert await events(table) == count


async def test_a_stale_march_menu_is_refused(table: LocalTable) -> None:
    table.user = "bob"
    await table.run_slash("/march leader:avidius_cassius")
    stale = table.last_components["bob"]
    await play(table, [("bob", "/move leader:statius_priscus units:vi_ferrata to:damascus")])
    count = await events(table)
    table.last_components["bob"] = stale
    await table.select(["iv_scythica"])
    assert table.outputs[-1].refusal and "out of date" in table.outputs[-1].text
    assert await events(table) == count


async def test_two_clicks_at_once_land_once(table: LocalTable) -> None:
    await reach_retreat(table)
    table.user = "alice"
    await table.click("Respond")
    choice = table.last_components["alice"][0]
    count = await events(table)
    first = table.select(["melitene"])
    table.last_components["alice"] = [choice]
    second = table.select(["cappadocia"])
    await asyncio.gather(first, second)
    assert await events(table) == count + 1
    refusals = [o for o in table.outputs if o.refusal and o.audience == "alice"]
    assert refusals and "out of date" in refusals[-1].text


# -- secrets -----------------------------------------------------------------------------------
async def test_spectators_and_the_channel_see_nothing_private() -> None:
    code, output = await replayed(TRANSCRIPTS / "imperator_s1_full.txt")  # tests/replays.py
    assert code == OK
    lines = output.splitlines()
    public = [line for line in lines if line.startswith("[public]")]
    assert not any("🔒" in line for line in public)
    carol = [line for line in lines if line.startswith("[to carol]")]
    assert carol, "the spectator was shown something"
    assert not any("🔒" in line or "my_" in line for line in carol)


async def test_my_stratagems_is_only_for_seats(table: LocalTable) -> None:
    table.user = "carol"
    await table.run_slash("/stratagems")
    assert table.outputs[-1].refusal and table.outputs[-1].audience == "carol"
    table.user = "bob"
    await table.run_slash("/stratagems")
    shown = table.outputs[-1]
    assert shown.audience == "bob" and not shown.refusal
    assert [c.label for c in shown.components] == ["My stratagems"]


async def test_stratagem_hands_stay_with_their_owners() -> None:
    """Chits named to their owner (hand listings, draws) reach the channel only when played:
    no public line, spectator's line or image names one before the line that plays it."""
    code, output = await replayed(TRANSCRIPTS / "imperator_campaign_year.txt")  # tests/replays.py
    assert code == OK
    lines = output.splitlines()
    secret: set[str] = set()
    for line in lines:
        if line.startswith(("[to alice] ", "[to bob] ")):
            text = line.split("] ", 1)[1]
            if text.startswith("• "):
                secret.add(text[2:].split(",")[0])
            if "You drew " in text:
                secret.add(text.split("You drew ", 1)[1].split(" (")[0].rstrip("."))
    secret.discard("Initiative")  # also the name of a phase step, printed in public
    # The story: Rome holds Roma Victor (played in a battle), the Enemies of Rome a Usurpation
    # (played in phase C); both hands are listed to their owners first.
    assert {"Roma Victor", "Usurpation"} <= secret
    others = ("[public]", "[to carol]", "[image]")
    for name in secret:
        played = next(
            (
                i
                for i, line in enumerate(lines)
                if line.startswith("[public]") and f"plays {name}" in line
            ),
            len(lines),
        )
        leaks = [line for line in lines[:played] if line.startswith(others) and name in line]
        assert not leaks, leaks
    assert any("plays Roma Victor" in line for line in lines)


NAMES_EN_OPENING = [
    ("alice", '/game new game:imperator scenario:avidius_cassius options:"names=en"'),
    *OPENING[1:],
]


async def test_the_names_option_chooses_the_shown_form(
    tables: Callable[..., Awaitable[LocalTable]],
) -> None:
    t = await tables(NAMES_EN_OPENING)
    shown = dict(await menu(t, "bob", "move", "leader", "cassius"))
    assert [v for v in shown.values()] == ["avidius_cassius"]
    assert next(iter(shown)).startswith("Gaius Avidius Cassius")


async def test_an_ended_game_exports_a_transcript_that_replays_it(
    table: LocalTable, tmp_path: Path
) -> None:
    await reach_retreat(table)
    await play(table, [("alice", "/respond")])
    await table.select(["melitene"])
    await play(
        table,
        [
            ("alice", '/move leader:martius_verus units:"xii_fulminata, xvi_flavia" to:cyrrhus'),
            ("alice", "/end"),
            ("alice", "/attack zone:cyrrhus"),
            ("bob", "/evade"),
        ],
    )
    assert any("Game over" in o.text for o in table.outputs[-8:])
    await play(table, [("alice", "/chronicle")])
    exported = [o.image for o in table.outputs if o.image and o.image.name.endswith("replay.txt")]
    assert exported and exported[-1] is not None
    script = tmp_path / "replay.txt"
    script.write_text(exported[-1].read_text())
    assert "# seed: replay-1-1" in script.read_text()
    out = io.StringIO()
    assert await replay_file(script, as_json=True, out=out) == OK, out.getvalue()[-2000:]
    assert "Avidius Cassius is dead" in out.getvalue()
    assert '"status": "finished"' in out.getvalue()


async def test_path_menu_continues_from_the_last_zone_typed(table: LocalTable) -> None:
    first = [v for _n, v in await menu(table, "bob", "move", "path", leader="avidius_cassius")]
    assert "cyrrhus" in first
    then = await menu(table, "bob", "move", "path", "cyrrhus, ", leader="avidius_cassius")
    assert then and all(v.startswith("cyrrhus, ") for _n, v in then)
    assert "cyrrhus, melitene" in [v for _n, v in then]
    assert await menu(table, "bob", "move", "path", "nowhere, ", leader="avidius_cassius") == []


# -- battles in words, with their card ---------------------------------------------------------
async def test_a_battle_is_reported_in_words_with_its_card(table: LocalTable) -> None:
    """Who attacked whom where, forces and odds, the shift and why, the roll, the table's
    result, the winner, the losses; then the theatre map and the battle card image."""
    await reach_retreat(table)
    public = [o for o in table.outputs if o.audience == "public"]
    text = "\n".join(o.text for o in public)
    assert "§8.2: battle in Cyrrhus; attacking: the Enemies of Rome under Avidius Cassius" in text
    assert "defending: Rome" in text
    assert "Odds: " in text and " PF against " in text and ", column " in text
    assert "Quality " in text
    assert "Roll: " in text and "Battle table, column " in text
    assert "Roll: 6, modified by §8.2 die a) attacker BT +2, §8.2 die d) attacker's better CP +1: row 9." in text
    assert "Battle table, column 1/1, row 9: R/A. Attacker R, defender A." in text
    assert "🏆 Winner: the Enemies of Rome." in text  # then Rome is asked where to retreat
    assert "Losses: the Enemies of Rome: no loss; Rome: each of its units takes a step loss" in text
    images = [o.image.name for o in public if o.image is not None]
    assert any(name.endswith("imperator-battle-cyrrhus.png") for name in images), images
    assert any("imperator-theatre" in name for name in images), images
    card = next(o.image for o in public if o.image and "battle-cyrrhus" in o.image.name)
    from PIL import Image

    with Image.open(card) as img:
        assert img.width == 760


def test_battle_report_plurals_and_no_fight_without_enemies() -> None:
    from rules.imperator.views import battle_report

    side = {"role": "R", "name": "Rome", "leaders": [], "units": 1, "strength": 10, "quality": 2}
    foe = {"role": "E", "name": "the Enemies of Rome", "leaders": ["Ariogaesus"], "units": 2,
           "strength": 12, "quality": 1}
    record = {
        "zone": "Carnuntum", "attacker": side, "defender": foe, "odds": "4/5", "column": "1/1",
        "shift": 1, "shifts": ["quality 2 against 1: +1"], "roll": 4, "row": 4,
        "result": {"attacker": "R", "defender": "A", "winner": "A"}, "winner": "R",
    }
    lines = [str(x) for x in battle_report(record)]
    assert "attacking: Rome (1 unit, 10 PF); defending: the Enemies of Rome under Ariogaesus (2 units, 12 PF)" in lines[0]
    assert lines[2] == "Quality 2 against 1: the column moves 1 step right, to 1/1."
    assert lines[3] == "Roll: 4, no modifier: row 4."
    assert "🏆 Winner: Rome." in lines
    assert lines[-1].startswith("Losses: Rome: no loss; the Enemies of Rome: each of its units")


# -- /game status: what to type now ------------------------------------------------------------
async def suggested(table: LocalTable, user: str) -> list[str]:
    """The ready-to-type lines /game status shows ``user`` (the "  /..." lines)."""
    table.user = user
    before = len(table.outputs)
    await table.run_slash("/game status")
    shown = [o.text for o in table.outputs[before:] if o.audience == user]
    lines = "\n".join(shown).splitlines()
    return [line.strip().split(" — ")[0] for line in lines if line.startswith("  /")]


async def test_a_whole_turn_played_from_game_status_alone(
    sqlite_engine: AsyncEngine, tmp_path: Path
) -> None:
    """From phase C of 175 to the next year, each player types only the first command that
    /game status suggests (answering a decision with /respond and the first choice)."""
    table = await new_table(sqlite_engine, tmp_path, FakeClock())
    await play(table, OPENING[:4])
    game = (await table.moderator.game_for(str(table.channel_id)))[1]
    start_year = game.state.year
    verbs: list[str] = []
    for _ in range(150):
        row, game = await table.moderator.game_for(str(table.channel_id))
        if game.state.year != start_year or row.status != "active":
            break
        users = [u for u, seats in (("alice", ["rome"]), ("bob", ["enemies"]))
                 if set(seats) & set(game.to_move())]
        assert users, f"nobody to move in phase {game.state.phase}"
        ready = await suggested(table, users[0])
        assert ready, f"/game status suggested nothing to {users[0]} in {game.state.step}"
        line = ready[0]
        verbs.append(line.split()[0])
        before = len(table.outputs)
        await table.run_slash(line)
        assert not [o.text for o in table.outputs[before:] if o.refusal], line
        if line == "/respond":
            component = table.find_component("select", "")
            await table.select([component.options[0][1]])
    row, game = await table.moderator.game_for(str(table.channel_id))
    assert game.state.year == start_year + 1 or row.status != "active", (verbs, game.state.step)
    assert {"/reserve", "/move", "/end"} <= set(verbs), verbs


async def test_names_en_reaches_lines_prompts_and_refusals(
    tables: Callable[..., Awaitable[LocalTable]],
) -> None:
    t = await tables(NAMES_EN_OPENING)
    await play(t, [("bob", "/move leader:avidius_cassius units:iv_scythica to:cyrrhus")])
    moved = "Gaius Avidius Cassius with IV Scythica moves to Cyrrhus"  # units in English too
    assert any(moved in o.text for o in t.outputs if o.audience == "public")
    t.user = "bob"
    await t.run_slash("/move leader:avidius_cassius to:roma")
    refusal = t.outputs[-1]
    assert refusal.refusal and "Gaius Avidius Cassius" in refusal.text, refusal.text
    await play(t, [("bob", "/end"), ("bob", "/attack zone:cyrrhus")])
    t.user = "alice"
    await t.click("Respond")
    prompt = t.outputs[-1]
    assert prompt.audience == "alice" and "Default if you do not answer: Cappadocia." in prompt.text
    await t.select(["melitene"])
    assert any("You chose: Melitene." in o.text for o in t.outputs)


async def test_local_images_never_overwrite_an_earlier_run(
    sqlite_engine: AsyncEngine, tmp_path: Path
) -> None:
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "0007-imperator-whole.png").write_bytes(b"earlier run")
    t = await new_table(sqlite_engine, tmp_path, FakeClock())
    await play(t, OPENING[:4])
    saved = [o.image for o in t.outputs if o.image is not None]
    assert saved and saved[0].name.startswith("0008-")
    assert (tmp_path / "images" / "0007-imperator-whole.png").read_bytes() == b"earlier run"


def test_rule_citations_are_not_a_line_after_every_action() -> None:
    from bot.present import outcome_lines
    from rules.core import Outcome

    outcome = Outcome(public=["§3.2: Reserve Fronts: orient."], citations=["§3.2"])
    assert outcome_lines(outcome) == ["§3.2: Reserve Fronts: orient."]
    assert outcome_lines(outcome, citations=True)[-1] == "Rules: §3.2"


async def test_a_battle_message_leads_with_its_card_and_then_the_changed_map(table: LocalTable) -> None:
    """§8.3 at the table: the result A flips Rome's legion in Cyrrhus, so the map changed even
    before Rome picks its retreat. The /attack message carries the battle card first and the
    theatre map after it; the /move message before it carries the theatre map alone (issue 11,
    the engine's ``map_changed`` and the cog's choice of pictures agree)."""
    before = len(table.outputs)
    await reach_retreat(table)
    public = [o for o in table.outputs[before:] if o.audience == "public"]

    def pictures(output: Any) -> list[str]:  # the files of one message, in order, without "0003-"
        return [p.name.split("-", 1)[1] for p in [output.image, *output.more_images] if p is not None]

    moved = next(o for o in public if "Avidius Cassius with IVe Scythica moves to Cyrrhus" in o.text)
    fought = next(o for o in public if "§8.2: battle in Cyrrhus" in o.text)
    assert pictures(moved) == ["imperator-theatre.png"]
    assert "Every unit of rome in Cyrrhus takes a loss." in fought.text
    assert pictures(fought) == ["imperator-battle-cyrrhus.png", "imperator-theatre.png"]
