"""Gifts between allies (§5.8 #8): in the Diplomacy Phase a player may give an ally of this
month units, a city or a fortification; the ally accepts or declines, like every other offer
(diplomacy.py), and the engine then moves the ownership.

``give {to, units}``, ``give {to, city}`` or ``give {to, fort}`` (one of the three) opens an
offer of kind ``give``; its ``ITEMS`` field is ``units:u1,u2``, ``city:<city>`` or
``fort:<hex>``. Readings (docs/rulings.md):

- IR-ENG-120: only what the player's major powers own may be given, to the receiver's major
  power; a client's or a handed neutral's pieces are not the player's to give; leaders are not
  units.
- IR-ENG-121: a given city changes hands as a taken one does: its province may follow (5.6),
  with the morale of 19.1 and 19.2; a city or fort under siege cannot be given (17.1).
- IR-ENG-122: given units keep their counters (their colour and CER, 20.4's ``counter``); a
  given fort joins the receiver's in the hex at the higher of the two levels (21.2).
- IR-ENG-123: the offer is checked again when it is accepted; the change of owner is public at
  once (the map shows it), the units given are counted, not named (3.2).
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _, _n
from rules.imperium_romanum import board as B
from rules.imperium_romanum import diplomacy as D
from rules.imperium_romanum import segment_deadline as SD
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data

SECTION = "§5.8"
WHAT = ("units", "city", "fort")


def _majors(st: IRState, seat: str) -> list[str]:
    """IR-ENG-120: the seat's own major powers (what they own is the player's to give)."""
    return [p for p in B.powers_of(st, seat) if st.powers[p]["major"]]


def _items(args: dict[str, Any]) -> tuple[str, list[str]]:
    """The one kind of gift named in ``args`` and its ids."""
    named = [key for key in WHAT if args.get(key)]
    if len(named) != 1:
        raise RuleError(SECTION, _("give units, a city or a fort: exactly one of them"))
    kind = named[0]
    value = args[kind]
    ids = [str(v) for v in value] if isinstance(value, list) else [str(value)]
    if kind != "units" and len(ids) != 1:
        raise RuleError(SECTION, _("give one city or one fort at a time"))
    if len(set(ids)) != len(ids):
        raise RuleError(SECTION, _("a unit is named twice"))
    return kind, ids


def check(st: IRState, seat: str, other: str, kind: str, ids: list[str]) -> None:
    """Refuse, with its section, a gift the rules do not allow now; change nothing."""
    if not B.allied(st, seat, other):
        raise RuleError(SECTION, _("gifts are made only to an ally of this month ({seat} is not one)", seat=other))
    mine = _majors(st, seat)
    if not mine or not D.major_of(st, other):
        raise RuleError(SECTION, _("gifts pass between the major powers of two allies"))
    if kind == "units":
        for uid in ids:
            if uid not in st.units or st.units[uid]["power"] not in mine:
                raise RuleError(SECTION, _("{unit} is not a unit of yours", unit=uid))
    elif kind == "city":
        city = ids[0]
        if city not in data().cities or st.city_owner.get(city, "") not in mine:
            raise RuleError(SECTION, _("{city} is not a city of yours", city=city))
        if data().cities[city].hex in st.sieges:
            raise RuleError("§17.1", _("{city} is under siege and cannot be given", city=data().cities[city].name))
    else:
        hex_id = ids[0]
        if not any(p in mine for p in st.forts.get(hex_id, {})):
            raise RuleError(SECTION, _("you have no fortification at {hex}", hex=hex_id))
        if hex_id in st.sieges:
            raise RuleError("§17.1", _("the fortification at {hex} is under siege and cannot be given", hex=hex_id))


def give(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """5.8 #8: offer units, a city or a fort to an ally; the ally confirms (``answer_offer``)."""
    other = D.other_seat(st, seat, args, "to", SECTION)
    kind, ids = _items(args)
    check(st, seat, other, kind, ids)
    items = f"{kind}:{','.join(ids)}"
    if any(p[D.KIND] == "give" and p[D.GIVER] == seat and p[D.ITEMS] == items for p in st.proposals):
        raise RuleError(SECTION, _("the same gift already waits for its answer"))
    D.open_offer(st, seat, other, "give", SECTION, items=items)
    D.told_to_both(lines, seat, other, lambda: _("{seat} offers {gift} to {other}.", seat=seat,
                                                 gift=gift_words(st, kind, ids), other=other))  # fmt: skip


def gift_words(st: IRState, kind: str, ids: list[str]) -> Text:
    """A gift in words for its two parties (the units named by id)."""
    if kind == "units":
        return _n("the unit {units}", "the units {units}", len(ids), units=", ".join(ids))
    if kind == "city":
        return _("the city of {city}", city=data().cities[ids[0]].name if ids[0] in data().cities else ids[0])
    return _("the fortification at {hex}", hex=ids[0])


def parse(items: str) -> tuple[str, list[str]]:
    kind, _sep, ids = items.partition(":")
    return kind, ids.split(",") if ids else []


def settle(st: IRState, offer: list[str], lines: list[Text]) -> None:
    """The receiver accepted: check the gift again (IR-ENG-123) and move the ownership."""
    giver, receiver = offer[D.GIVER], offer[D.RECEIVER]
    kind, ids = parse(offer[D.ITEMS])
    try:
        check(st, giver, receiver, kind, ids)
    except RuleError as err:
        reason = str(err)
        D.told_to_both(lines, giver, receiver, lambda: _("The gift cannot be made any more: {reason}.", reason=reason))
        return
    target = D.major_of(st, receiver)
    if kind == "units":
        for uid in ids:
            unit = st.units[uid]
            unit["counter"] = unit.get("counter") or unit["power"]  # IR-ENG-122: its colour and CER stay
            unit["power"] = target
        lines.append(_n("{a} gives {n} unit to {b} (5.8).", "{a} gives {n} units to {b} (5.8).", len(ids),
                        a=giver, b=receiver))  # fmt: skip
        SD.record(st, "give_units", giver, receiver, amount=len(ids))  # the month's summary (IR-ENG-144)
    elif kind == "city":
        lines.append(_("{a} gives {city} to {b} (5.8).", a=giver, city=data().cities[ids[0]].name, b=receiver))
        B.take_city(st, ids[0], target, lines)  # IR-ENG-121: province and morale as 5.6, 19.1, 19.2
        SD.record(st, "give_city", giver, receiver, amount=ids[0])
    else:
        hex_id = ids[0]
        forts = dict(st.forts[hex_id])
        level = max(forts.pop(p) for p in _majors(st, giver) if p in st.forts[hex_id])
        forts[target] = max(level, forts.get(target, 0))
        st.forts[hex_id] = forts
        lines.append(_("{a} gives the fortification at {hex} to {b} (5.8).", a=giver, hex=hex_id, b=receiver))
        SD.record(st, "give_fort", giver, receiver, amount=hex_id)
    if kind == "units":
        D.told_to_both(lines, giver, receiver, lambda: _("{b} now owns {gift}.", b=receiver, gift=gift_words(st, kind, ids)))


def options(st: IRState, seat: str) -> dict[str, list[str]]:
    """What ``seat`` may give now, for a menu: its allies of this month and its units, cities
    and forts (a gift still needs one ally named, ``give {to, ...}``)."""
    if st.segment != "diplomacy":
        return {"to": [], "units": [], "city": [], "fort": []}
    mine = _majors(st, seat)
    allies = [s for s in st.seats if s != seat and B.allied(st, seat, s) and D.major_of(st, s)]
    return {
        "to": allies,
        "units": sorted(u for u, rec in st.units.items() if rec["power"] in mine) if allies else [],
        "city": sorted(c for c, owner in st.city_owner.items()
                       if owner in mine and data().cities[c].hex not in st.sieges) if allies else [],
        "fort": sorted(h for h, by in st.forts.items()
                       if any(p in mine for p in by) and h not in st.sieges) if allies else [],
    }  # fmt: skip
