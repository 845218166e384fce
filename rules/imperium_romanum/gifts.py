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
from rules.imperium_romanum.legal import passes
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


def validated(st: IRState, seat: str, args: dict[str, Any]) -> tuple[str, str, list[str]]:
    """The receiving seat, the kind and the ids of a gift ``give {to, units|city|fort}`` the
    rules allow now, else a RuleError with its section; changes nothing. ``give`` and the
    legal listing (:func:`commands`) both ask it."""
    other = D.other_seat(st, seat, args, "to", SECTION)
    kind, ids = _items(args)
    check(st, seat, other, kind, ids)
    items = f"{kind}:{','.join(ids)}"
    if any(p[D.KIND] == "give" and p[D.GIVER] == seat and p[D.ITEMS] == items for p in st.proposals):
        raise RuleError(SECTION, _("the same gift already waits for its answer"))
    D.check_listening(st, other, SECTION)
    return other, kind, ids


def give(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """5.8 #8: offer units, a city or a fort to an ally; the ally confirms (``answer_offer``)."""
    other, kind, ids = validated(st, seat, args)
    D.open_offer(st, seat, other, "give", SECTION, items=f"{kind}:{','.join(ids)}")
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


def commands(st: IRState, seat: str) -> list[dict[str, Any]]:
    """The gifts ``seat`` may offer now, one thing each (a unit, a city or a fort, to one ally),
    for the legal commands: every candidate is kept only when :func:`validated` accepts it, so
    the menus and the refusals cannot disagree. A gift of several units is one ``units`` list
    the autocomplete builds from these, one unit at a time."""
    if st.segment != "diplomacy":
        return []
    mine = _majors(st, seat)
    out: list[dict[str, Any]] = []
    for other in st.seats:
        if other == seat or not B.allied(st, seat, other):
            continue  # a cheap first test; validated() below is the rule
        candidates: list[dict[str, Any]] = [{"to": other, "units": [u]} for u in sorted(st.units)
                                            if st.units[u]["power"] in mine]  # fmt: skip
        candidates += [{"to": other, "city": c} for c in sorted(st.city_owner) if st.city_owner[c] in mine]
        candidates += [{"to": other, "fort": h} for h in sorted(st.forts) if any(p in mine for p in st.forts[h])]
        out += [args for args in candidates if passes(validated, st, seat, args)]
    return out


def talent_commands(st: IRState, seat: str) -> list[dict[str, Any]]:
    """6.0: the gifts of talents ``seat`` may offer now, for the legal commands: to each other
    seat, all of the treasury, half of it and 1 talent (a design choice, IR-DIS-22: any other
    amount may still be typed), each kept only when ``diplomacy.check_talents`` (the check
    ``give_talents`` runs) accepts it."""
    if st.segment != "diplomacy":
        return []
    giver = D.major_of(st, seat)
    treasury = int(st.powers[giver]["treasury"]) if giver else 0
    amounts = list(dict.fromkeys(n for n in (treasury, treasury // 2, 1) if n >= 1))
    return [{"to": other, "amount": n} for other in st.seats if other != seat for n in amounts
            if passes(D.check_talents, st, seat, {"to": other, "amount": n})]
