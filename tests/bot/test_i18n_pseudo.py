"""Pseudo-locale: no user-facing sentence escapes translation on the converted paths (issue 13).

A pseudo catalogue wraps every translated template in ⟦ ⟧ and swaps each ASCII letter of its
wording (not its {fields}) for a look-alike (``Sword`` becomes ``Şẇǿřḓ``). The lobby, a Barracks
game (refusals, plays, status, panel), an Imperator start, a Rome, IInc. turn and an Imperium
Romanum start are played on the local table in that "language":

- every line a person reads must carry the mark: a line without it is a sentence that reached
  Discord without going through ``_()`` and ``bot.i18n.localise``;
- no game word (a faction, suit, unit type or phase name of the four games, :data:`VOCABULARY`)
  may be left in plain ASCII: a word that went through the catalogue is swapped, so a plain
  one was passed into a sentence as an untranslated string ("⟦{who} ŧȧķḗş {card}⟧" with
  who="Wreath").
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

import bot.i18n
from bot.local import LocalTable, Output
from bot.moderator import Moderator

MARK = "⟦"
END = "⟧"
WORDS = re.compile(r"[^\W\d_]")
"""A label with a letter in it is words to translate (a bare "…" placeholder is not)."""


LOOK_ALIKES = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ",
)
FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """``message`` in the pseudo language: marked, its wording swapped, its {fields} kept."""
    parts = FIELD.split(message)
    return MARK + "".join(p if FIELD.fullmatch(p) else p.translate(LOOK_ALIKES) for p in parts) + END


class PseudoCatalogue:
    """Every message becomes ⟦message⟧ with its wording swapped (its {fields} kept)."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return message


@pytest.fixture
async def table(
    sqlite_engine: AsyncEngine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> LocalTable:
    pseudo = PseudoCatalogue()
    monkeypatch.setattr(bot.i18n, "catalogue", lambda language: pseudo if language == "fr" else None)
    t = LocalTable(Moderator(sqlite_engine), tmp_path / "images", locale="fr")
    await t.setup()
    return t


def escaped(outputs: list[Output]) -> list[str]:
    """Lines people read, and labels of buttons and menus, that carry no mark of translation;
    and the head of a text log attached to a message."""
    found = []
    for output in outputs:
        for line in output.text.splitlines():
            bare = line.strip().lstrip("❌🔒📌🎲🏁 ").strip()
            # a line that ends a marked sentence cut by a long message's split carries "⟧"
            if bare and not bare.startswith("**") and MARK not in bare and END not in bare:
                found.append(f"[{output.audience}] {line}")
        for component in output.components:
            if WORDS.search(component.label or "") and MARK not in component.label:
                found.append(f"[{output.audience}] {component.kind} {component.label!r}")
        if output.image is not None and output.image.suffix == ".txt":
            head = output.image.read_text(encoding="utf-8").splitlines()[:3]
            found += [f"[{output.audience}] {output.image.name}: {x}" for x in head if MARK not in x]
    return found


def vocabulary() -> frozenset[str]:
    """The game words of the four games, in English: Barracks factions, suits and phases;
    Imperator phases, unit kinds and battle sides; Rome, IInc. unit types and phases; Imperium
    Romanum unit types and segments. Each must reach a reader through the catalogue."""
    from rules.barracks.data import FACTION_NAMES, SUIT_NAMES
    from rules.core.i18n import plain
    from rules.imperator.views import PHASE_NAMES
    from rules.imperium_romanum.loader import load_data
    from rules.imperium_romanum.sequence import SEGMENTS
    from rules.rome_iinc.data import UNIT_TYPES

    words = {plain(w) for w in (*FACTION_NAMES.values(), *SUIT_NAMES.values(), *PHASE_NAMES.values())}
    words |= {"Barbarian", "play", "ability", "resolve", "frumentarii"}  # Barracks (§6-§10)
    words |= {"legion", "garrison", "vexillation", "attacker", "defender"}  # Imperator
    words |= {"B-wait", "D-designate", "D-wait", "E-move", "E-combat", "F-wait"}  # its engine steps
    words |= {u for u in UNIT_TYPES if u != "pseudo"} | {"treasury", "unrest"}  # Rome, IInc.
    words |= {u.name for u in load_data().units.values()}  # Imperium Romanum
    words |= {segment.replace("_", " ") for segment, _section in SEGMENTS}
    return frozenset(words)


def untranslated_words(outputs: list[Output], words: frozenset[str]) -> list[str]:
    """Lines and labels where a game word is left in plain English (not swapped by the
    catalogue), each as ``[audience] word: line``."""
    pattern = re.compile(
        r"(?<![\w/:.`-])(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")(?![\w`-]|:\S)",  # not an option typed in a command (fleet:x)
        re.IGNORECASE,
    )
    found = []
    for output in outputs:
        texts = output.text.splitlines() + [c.label or "" for c in output.components]
        texts += [label for c in output.components for label, _value in c.options]
        for text in texts:
            for hit in pattern.finditer(text):
                found.append(f"[{output.audience}] {hit.group(1)}: {text}")
    return found


async def run(table: LocalTable, user: str, line: str) -> list[Output]:
    table.user = user
    start = len(table.outputs)
    await table.run_slash(line)
    return table.outputs[start:]


async def test_lobby_and_barracks_speak_the_pseudo_locale(table: LocalTable) -> None:
    seen: list[Output] = []
    seen += await run(table, "alice", "/game new game:barracks scenario:standard-2p")
    assert seen[-1].text.startswith(MARK)  # the server's language became the game's
    seen += await run(table, "alice", "/game join")
    seen += await run(table, "alice", "/game status")
    seen += await run(table, "bob", "/game join")
    seen += await run(table, "bob", "/game join")  # refused: already seated
    assert seen[-1].refusal
    seen += await run(table, "alice", "/game start")
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None and row.options["language"] == "fr"
    game: Any = await table.moderator.load(row)
    mover = game.to_move()[0]
    other = next(s for s in row.seats if s != mover)
    user_of = {seat: ("alice" if row.seats[seat] == "alice" else "bob") for seat in row.seats}
    play = next(c for c in game.legal_commands(mover) if c.name == "play")
    seen += await run(table, user_of[other], "/skip")  # refused: not their turn
    assert seen[-1].refusal
    seen += await run(table, user_of[mover], "/play card:nonsense space:A1")  # refused (§6.0)
    assert seen[-1].refusal and "§6.0" in seen[-1].text
    after_play = await run(
        table, user_of[mover], f"/play card:{play.args['card']} space:{play.args['space']}"
    )
    seen += after_play
    # The play's public post (§6.1; a play whose ability asks a question posts the ping instead,
    # since each game gets a fresh random seed) is in the game's language.
    posted = [o for o in after_play if o.audience == "public"]
    assert posted and escaped(posted) == []
    seen += await run(table, user_of[mover], "/game status")
    assert escaped(seen) == []
    assert untranslated_words(seen, vocabulary()) == []


async def test_escaping_lines_are_caught(table: LocalTable) -> None:
    """The check itself can fail: a plain English line is reported."""
    await table.bot.publisher.send(table.channel_id, "An English sentence nobody marked.")
    assert escaped(table.outputs[-1:]) == ["[public] An English sentence nobody marked."]


async def _seat_users(table: LocalTable) -> tuple[Any, Any, dict[str, str]]:
    row = await table.moderator.channel_game(table.channel_id)
    assert row is not None
    game: Any = await table.moderator.load(row)
    return row, game, {seat: str(user) for seat, user in row.seats.items()}


async def test_imperator_cogs_speak_the_pseudo_locale(table: LocalTable) -> None:
    """/standing, /zone, /map, /march, /stratagems, /game status|mine|log and refusals of
    Imperator: every line is marked (issue 13)."""
    seen: list[Output] = []
    seen += await run(table, "alice", "/game new game:imperator scenario:avidius_cassius")
    seen += await run(table, "alice", "/game join")
    seen += await run(table, "bob", "/game join")
    seen += await run(table, "alice", "/game start")
    row, game, users = await _seat_users(table)
    mover = game.to_move()[0]
    other = next(s for s in row.seats if s != mover)
    zone = sorted(z for z, d in game.state.board.zones.items() if d.kind == "land")[0]
    for user, line in (
        ("alice", "/standing"),
        ("bob", "/standing post:true"),
        ("alice", f"/zone zone:{zone}"),
        ("alice", "/zone zone:nowhere"),  # refused: no such zone
        ("alice", "/map view:nowhere"),  # refused: no such view
        ("alice", "/stratagems"),
        ("carol", "/stratagems"),  # refused: a spectator
        ("alice", "/game status"),
        ("alice", "/game mine"),
        ("alice", "/game log"),
        ("alice", "/chronicle"),
        (users[other], "/end"),  # refused: not their turn
        (users[mover], "/march leader:nobody"),  # refused (§2.E or §3.5)
        ("alice", "/respond"),  # refused unless a decision waits
        ("alice", "/roll dice:2d6 reason:practice"),
        ("alice", "/roll dice:2d"),  # refused: bad notation
    ):
        seen += await run(table, user, line)
    assert any(o.refusal for o in seen)
    assert any(o.image is not None and o.image.suffix == ".txt" for o in seen)  # the text log
    # On to phase E (each seat ends its steps), then the /march menus.
    from rules.imperator import queries

    for _step in range(12):
        row, game, users = await _seat_users(table)
        st = game.state
        if st.phase == "E" and st.sub == "move" and not st.pending:
            break
        seat = game.to_move()[0]
        seen += await run(table, users[seat], "/respond" if st.pending else "/end")
        if st.pending:
            seen += await run(table, users[seat], "click " + pseudo("Respond"))
    assert (st.phase, st.sub) == ("E", "move")
    seat = game.to_move()[0]
    leader = queries.movable_leaders(st, st.role_of(seat))[0]
    menu = await run(table, users[seat], f"/march leader:{leader}")
    assert menu and menu[-1].components, menu
    seen += menu
    assert escaped(seen) == []
    assert untranslated_words(seen, vocabulary()) == []


async def test_rome_iinc_speaks_the_pseudo_locale(table: LocalTable) -> None:
    seen: list[Output] = []
    seen += await run(table, "alice", "/game new game:rome_iinc scenario:286 options:mode=solo")
    seen += await run(table, "alice", "/game join seat:east")
    seen += await run(table, "alice", "/game join seat:west")
    seen += await run(table, "alice", "/game start")
    seen += await run(table, "alice", "/game status")
    seen += await run(table, "bob", "/end")  # refused: no seat
    assert seen[-1].refusal
    seen += await run(table, "alice", "/end")
    assert escaped(seen) == []
    assert untranslated_words(seen, vocabulary()) == []


async def test_imperium_romanum_speaks_the_pseudo_locale(table: LocalTable) -> None:
    """Scenario 12 set up and its first segments, /record, /stack and a refusal (issue 13)."""
    seen: list[Output] = []
    for user, line in (
        ("alice", "/game new game:imperium_romanum scenario:s12"),
        ("alice", "/game join seat:rome"),
        ("bob", "/game join seat:dacia"),
        ("alice", "/game start"),
        ("alice", "/game status"),
        ("alice", "/record power:rome"),
        ("alice", "/stack hex:B4415"),
        ("bob", "/imperium build type:light_infantry_4_12 city:aquincum"),
        ("alice", "/imperium build type:legion_24_10 city:aquincum"),  # refused (15.2)
        ("alice", "/imperium build type:light_infantry_4_12 city:aquincum"),
        ("alice", "/end"),
        ("bob", "/end"),
        ("alice", "/game status"),
    ):
        seen += await run(table, user, line)
    assert any(o.refusal for o in seen)
    assert escaped(seen) == []
    assert untranslated_words(seen, vocabulary()) == []


async def test_an_untranslated_game_word_is_caught(table: LocalTable) -> None:
    """The vocabulary check itself can fail: a faction name passed as a plain string inside a
    marked sentence is reported; the same word through the catalogue is not."""
    from rules.core.i18n import _

    plain_word = _("{who} takes {card}.", who="Wreath", card="x")
    marked_word = _("{who} takes {card}.", who=_("Wreath"), card="x")
    shown = [Output("public", bot.i18n.localise(text, "fr")) for text in (plain_word, marked_word)]
    assert untranslated_words(shown, vocabulary()) == [
        f"[public] Wreath: {pseudo('{who} takes {card}.').format(who='Wreath', card='x')}"
    ]
