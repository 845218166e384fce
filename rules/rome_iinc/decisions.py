"""Choices the rules leave to a player that the engine first settles by default, then offers
as a pending decision (the Respond button; the default stands when nobody answers):

- ``withdraw`` (2.3.2, 11.1.5): a Unit that must leave a Province goes to a Province of its
  Command with room, else of its Empire at +1 Unrest; the engine places it in the first by id
  (ruling ROME-8) and its player may send it to another of them instead;
- ``side`` (5.2.5, T07): a Governor left with Commands in both Empires by a Dynasty keeps one
  side; the engine keeps the side with more of his Commands (ruling ROME-20) and the player of
  that Empire may keep the other instead.

The default is applied at once, so the automated phase runs on; the answer only moves what the
default placed."""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.rome_iinc import board as B
from rules.rome_iinc import politics as P
from rules.rome_iinc.data import data, empire_name
from rules.rome_iinc.state import RomeState

KINDS = ("withdraw", "side")


def withdraw_options(st: RomeState, uid: str, origin: str, ignore: str = "") -> tuple[list[str], int]:
    """Where a Unit leaving ``origin`` may go (2.3.2): Provinces of its Command with room, else
    of its Empire (then at +1 Unrest); and that Unrest cost. ``ignore``: where the Unit stands
    now (its own room does not count against it)."""
    d = data()
    cid = d.provinces[origin].command
    empire = B.province_empire(st, origin)
    rebel = bool(st.commands[cid]["rebel"])
    kind = st.units[uid]["type"]
    same = sorted(p.id for p in d.provinces.values() if p.command == cid and p.id != origin)
    wide = sorted(p for p in st.status if B.province_empire(st, p) == empire
                  and d.provinces[p].command != cid and B.is_rebel_province(st, p) == rebel)
    for group, cost in ((same, 0), (wide, 1)):
        room = [p for p in group if st.status[p] in ("roman", "insurgent")
                and (p == ignore or B.stacking_room(st, p, kind)) and _fleet_ok(kind, origin, p)]
        if room:
            return room, cost
    return [], 0


def _fleet_ok(kind: str, origin: str, dest: str) -> bool:
    """No Fleet in a Mountain Province; a Fleet leaving a Desert Province stays in Deserts (2.3)."""
    d = data()
    if kind != "fleet":
        return True
    if d.provinces[dest].terrain == "mountain":
        return False
    return d.provinces[origin].terrain != "desert" or d.provinces[dest].terrain == "desert"


def offer_withdraw(st: RomeState, uid: str, origin: str, dest: str, options: list[str]) -> None:
    """After the default placement in ``dest``: let the player pick another of ``options``."""
    if len(options) > 1:
        P.add_task(st, B.province_empire(st, origin), "withdraw", section="2.3.2", unit=uid,
                   origin=origin, default=dest, count=1)


def offer_side(st: RomeState, sid: str, commands: list[str], keep: str) -> None:
    P.add_task(st, keep, "side", section="5.2.5", statesman=sid, commands=list(commands),
               default=keep, count=1)


def choices(st: RomeState, task: dict[str, Any]) -> list[str]:
    if task["kind"] == "withdraw":
        uid = task["unit"]
        if st.units[uid]["loc"] != task["default"]:
            return []
        return withdraw_options(st, uid, task["origin"], ignore=task["default"])[0]
    if task["kind"] == "side":
        return sorted({B.command_empire(st, c) for c in task["commands"]})
    return []


def answer(st: RomeState, task: dict[str, Any], choice: str, lines: list[Text]) -> None:
    """Apply the player's choice (the default changes nothing)."""
    d = data()
    if choice not in choices(st, task):
        raise RuleError(task["section"], _("{choice} is not one of the choices", choice=choice))
    task["count"] = 0
    if task["kind"] == "withdraw":
        uid = task["unit"]
        if choice == task["default"]:
            lines.append(_("{unit} stays in {province}.", unit=B.unit_label(st, uid),
                           province=d.provinces[choice].name))
            return
        st.units[uid]["loc"] = choice
        lines.append(_("{unit} withdraws to {province} instead.", unit=B.unit_label(st, uid),
                       province=d.provinces[choice].name))
        return
    sid, keep = task["statesman"], choice
    for c in task["commands"]:
        if B.command_empire(st, c) == keep:
            st.commands[c]["gov"] = sid
        elif st.commands[c]["gov"] == sid:
            st.commands[c]["gov"] = "generic"
    lines.append(_("{name} keeps his {empire} Commands (5.2.5).", name=d.statesmen[sid].name,
                   empire=empire_name(keep)))


def prompt(st: RomeState, task: dict[str, Any]) -> Text:
    d = data()
    if task["kind"] == "withdraw":
        return _("{unit} had to leave {origin} and was placed in {default}: keep it there or "
                 "choose another Province (2.3.2).", unit=B.unit_label(st, task["unit"]),
                 origin=d.provinces[task["origin"]].name,
                 default=d.provinces[task["default"]].name)
    return _("{name} governs Commands in both Empires now: he keeps the {default} ones unless "
             "you choose the other side (5.2.5).", name=d.statesmen[task["statesman"]].name,
             default=empire_name(str(task["default"])))


def choice_label(st: RomeState, task: dict[str, Any], value: str) -> str:
    d = data()
    if task["kind"] == "withdraw":
        name = d.provinces[value].name
        return _("{province} (as placed)", province=name) if value == task["default"] else name
    names = ", ".join(d.commands[c]["name"] for c in task["commands"]
                      if B.command_empire(st, c) == value)
    return _("Keep the {empire} Commands: {names}", empire=empire_name(value), names=names)
