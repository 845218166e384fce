"""Optional rule 42: divine intervention.

The book lets a player appeal to the gods just before he rolls a die. An asynchronous game
cannot stop before every roll, so the player arms an appeal in advance with the command
``appeal`` and it is spent on his next eligible roll (IR-ENG-97): his land combat roll as the
attacker, his elite-legion roll (15.2), his land interception roll (12.4.1), his forced march
roll (12.5), his naval combat roll as the attacker (10.7.3), his fleets' winter attrition roll
(10.3.1), his siege attrition roll as the besieger (17.3.1), his conquest roll (5.6.1), his
supply and forage rolls (13.2, 13.3), his baggage-train march roll (7.7), his naval interception
roll (10.6), his naval order roll (10.1), his die in a roll-off (5.3, 20.2, 20.3; IR-ENG-152),
his die in rule 44's rolls (the proclamation, a neighbouring stack's defection, a city's tie;
IR-ENG-153), his troops' roll when stranded at sea (5.8) or his capital's grain rebellion roll
(22.2.2; IR-ENG-154). An active neutral's rolls are thrown by the seat that moves it (5.3),
with that seat's appeal; a sleeping neutral's wake rolls (37.5, 37.6) are no player's and
spend none (IR-ENG-139). Every such roll is thrown by ``roll``, the one place that spends the
appeal. The appeal itself is a d6 on the Deity Appeal Table
(``charts_deity.toml``), in the polytheist or monotheist section by 42.2 (``faith``), +1 for Caesar and Sextus Pompeius
(38.3). Its morale change applies at once and its modifier goes on the coming roll, in the
player's favour (IR-ENG-98). Appeals never touch deity, season or random-event rolls (42.1):
none of those rolls spends one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.dice import DiceRoll
from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum import optional_rules as OPT
from rules.imperium_romanum.chart_book import DeityTable
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data

NAME = "divine_intervention"
ARMED = "appeal"
"""The key of a major power's record that holds its armed appeal (True) until it is spent."""
POLYTHEIST, MONOTHEIST = "polytheist", "monotheist"
ELIGIBLE = ("land_combat", "elite", "interception", "forced_march", "naval_combat", "naval_attrition", "siege_attrition",
            "conquest", "supply", "baggage_train", "naval_interception", "naval_order", "roll_off", "usurpation",
            "usurpation_defection", "usurpation_city", "stranded", "grain_rebellion")
"""The rolls that spend an armed appeal (IR-ENG-97); 42.1's deity, season and random-event
rolls are never among them."""


def table() -> DeityTable:
    book = data().tables
    assert book is not None, "load_data sets the charts"
    return book.deity


PEOPLES = {"goths": "goth", "vandals": "vandal"}
"""42.2 counts every kind of Goth: a power whose id holds the stem is one of them
(IR-ENG-99)."""


def _named(names: tuple[str, ...], ids: tuple[str, ...]) -> bool:
    """Whether a power (its id or its chief's) is one of ``names``."""
    return any(name in ids or (name in PEOPLES and any(PEOPLES[name] in i for i in ids)) for name in names)


def faith(st: IRState, power: str) -> str:
    """42.2: polytheists up to scenario 27, with the monotheists it names; from scenario 28 the
    Roman powers are monotheists and the others polytheists, with the exceptions it names. A
    power is named by its id or its chief's."""
    deity = table()
    rec = st.powers[power]
    ids = (power, str(rec.get("chief", "")))
    if data().scenarios[st.scenario].number <= deity.last_polytheist_scenario:
        return MONOTHEIST if _named(deity.monotheist_before, ids) else POLYTHEIST
    if rec["kind"] == "roman":
        return POLYTHEIST if _named(deity.polytheist_after, ids) else MONOTHEIST
    return MONOTHEIST if _named(deity.monotheist_non_romans, ids) else POLYTHEIST


def favoured(st: IRState, power: str) -> bool:
    """38.3: Caesar or Sextus Pompeius is on the map with the power."""
    return any(lid in st.leaders and st.leaders[lid]["status"] == "map" and st.leaders[lid]["power"] == power
               for lid in table().favoured_leaders)  # fmt: skip


def appellant(st: IRState, seat: str) -> str:
    """The seat's major power, who appeals for the rolls of every power the seat moves (its
    clients and the active neutrals it was handed, IR-ENG-139); none for "" (no seat rolls)."""
    if not seat:
        return ""
    majors = [p for p in B.powers_of(st, seat) if st.powers[p]["major"]]
    return majors[0] if majors else ""


def armed(st: IRState, seat: str) -> bool:
    power = appellant(st, seat)
    return bool(power and st.powers[power].get(ARMED))


def check_appeal(st: IRState, seat: str) -> None:
    if not OPT.enabled(st, NAME):
        raise RuleError("§42", _("this game does not play optional rule 42, divine intervention"))
    if not appellant(st, seat):
        raise RuleError("§42", _("only a major power appeals to the gods"))
    if armed(st, seat):
        raise RuleError("§42", _("your appeal is already made; it waits for your next roll"))


def appeal(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """The ``appeal`` command: arm an appeal for the seat's next eligible roll (IR-ENG-97)."""
    check_appeal(st, seat)
    power = appellant(st, seat)
    st.powers[power][ARMED] = True
    lines.append(_("{power} appeals to the gods before its next roll (42.0).", power=st.powers[power]["name"]))


def spend(st: IRState, seat: str, kind: str, favour: int, lines: list[Text]) -> list[tuple[Text, int]]:
    """Before an eligible roll of ``seat`` (``kind``, one of ``ELIGIBLE``): resolve its armed
    appeal, if any, and return the modifier for the coming roll. ``favour`` is +1 when a high
    roll helps the seat and -1 when a low one does (IR-ENG-98)."""
    assert kind in ELIGIBLE, kind
    if not OPT.enabled(st, NAME):
        return []
    power = appellant(st, seat)
    if not power or not st.powers[power].get(ARMED):
        return []
    st.powers[power][ARMED] = False
    deity = table()
    section = deity.polytheist if faith(st, power) == POLYTHEIST else deity.monotheist
    bonus = [(_("§38.3 divine favour"), deity.favour_bonus)] if favoured(st, power) else []
    roll = st.dice.d6(_("§42 deity appeal"), bonus)
    modifier, morale = section[roll.result]
    st.stat("deity_appeals")
    lines.append(_("{power}'s appeal to the gods (42.0), roll {roll} on the {faith} table: {modifier:+d} to the coming roll.",
                   power=st.powers[power]["name"], roll=roll.result, faith=_faith_word(faith(st, power)),
                   modifier=modifier))  # fmt: skip
    B.change_morale(st, power, morale, _("divine intervention"), lines)
    return [(_("§42 divine intervention"), favour * modifier)] if modifier else []


def roll(st: IRState, seat: str, kind: str, favour: int, purpose: str, modifiers: Sequence[tuple[str, int]],
         lines: list[Text]) -> DiceRoll:
    """An eligible roll of ``seat`` (IR-ENG-97): spend its armed appeal, if any (``spend``), and
    throw the d6 with ``modifiers`` and the appeal's. Every roll of ``ELIGIBLE`` is made here."""
    return st.dice.d6(purpose, [*modifiers, *spend(st, seat, kind, favour, lines)])


def _faith_word(value: str) -> Text:
    return _("polytheist") if value == POLYTHEIST else _("monotheist")


def appeal_commands(st: IRState, seat: str) -> list[dict[str, Any]]:
    """The ``appeal`` command when the seat may arm one now."""
    from rules.imperium_romanum.legal import passes

    return [{}] if OPT.enabled(st, NAME) and passes(check_appeal, st, seat) else []
