"""The Diplomacy Phase's agreements (§5.8, §6.0, §18.2.1): every change between players is an
offer by one seat that the other confirms in a window (default: decline)."""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum import segment_deadline as SD
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data


def _other(st: IRState, seat: str, args: dict[str, Any], key: str, section: str) -> str:
    if st.segment != "diplomacy":
        raise RuleError(section, _("agreements are made in the Diplomacy Phase"))
    other = str(args.get(key, ""))
    if other not in st.seats or other == seat or not B.powers_of(st, other):
        raise RuleError(section, _("{seat} is not another player of this game", seat=other or "?"))
    return other


def _offer(st: IRState, seat: str, other: str, kind: str, prompt: Text, section: str, **extra: Any) -> None:
    st.seq += 1
    st.pending = {"id": f"{kind}-{st.seq}", "seat": other, "kind": kind, "prompt": text_to_json(prompt),
                  "choices": [["decline", text_to_json(_("Decline"))], ["accept", text_to_json(_("Accept"))]],
                  "default": "decline", "section": section, "from": seat, **extra}  # fmt: skip


def told_to_both(lines: list[Text], a: str, b: str, say: Any) -> None:
    """A line for the two parties of an offer alone (issue 18: the public learns the month's
    agreements from the summary when the phase closes, 4.3)."""
    lines.append(B.secret(say(), a))
    lines.append(B.secret(say(), b))


def major_of(st: IRState, seat: str) -> str:
    """The seat's major power (its treasury, 6.0)."""
    majors = [p for p in B.powers_of(st, seat) if st.powers[p]["major"]]
    return majors[0] if majors else ""


def propose_alliance(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """5.8: a one-month alliance, confirmed by the other seat."""
    other = _other(st, seat, args, "with", "§5.8")
    if sorted((seat, other)) in st.alliances:
        raise RuleError("§5.8", _("you are already allied with {seat} this month", seat=other))
    _offer(st, seat, other, "alliance", _("{seat} offers you an alliance for this month (5.8).", seat=seat), "§5.8")
    told_to_both(lines, seat, other, lambda: _("{seat} offers an alliance to {other}.", seat=seat, other=other))


def give_talents(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """6.0: a major power may give talents to another in the Diplomacy Phase; the other accepts."""
    other = _other(st, seat, args, "to", "§6.0")
    amount = args.get("amount")
    giver = major_of(st, seat)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise RuleError("§6.0", _("give a whole number of talents, at least 1"))
    if not giver or st.powers[giver]["treasury"] < amount:
        raise RuleError("§6.0", _("your treasury holds fewer than {amount} talents", amount=amount))
    _offer(st, seat, other, "gift", _("{seat} offers you {amount} talents (6.0).", seat=seat, amount=amount), "§6.0",
           amount=amount)  # fmt: skip
    told_to_both(lines, seat, other, lambda: _("{seat} offers {amount} talents to {other}.", seat=seat,
                                               amount=amount, other=other))


def offer_ransom(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """18.2.1: a captured leader may be freed or ransomed in any Diplomacy Phase: the captor
    names the price in talents (0 frees him) and the leader's side accepts or not."""
    lid = str(args.get("leader", ""))
    rec = st.leaders.get(lid)
    if rec is None or rec["status"] != "captured" or B.seat_of(st, rec.get("captor", "")) != seat:
        raise RuleError("§18.2.1", _("{leader} is not a prisoner of yours", leader=lid or "?"))
    other = B.seat_of(st, rec["power"])
    if not other:
        raise RuleError("§18.2.1", _("nobody can pay for {leader}", leader=data().leaders[lid].name))
    _other(st, seat, {"with": other}, "with", "§18.2.1")
    price = args.get("talents", 0)
    if not isinstance(price, int) or isinstance(price, bool) or price < 0:
        raise RuleError("§18.2.1", _("the ransom is a whole number of talents"))
    _offer(st, seat, other, "ransom", _("{seat} will free {leader} for {price} talents (18.2.1).", seat=seat,
                                        leader=data().leaders[lid].name, price=price), "§18.2.1", leader=lid, price=price)  # fmt: skip
    told_to_both(lines, seat, other, lambda: _("{seat} offers to free {leader} for {price} talents.", seat=seat,
                                               leader=data().leaders[lid].name, price=price))


def answer(st: IRState, seat: str, choice: str, lines: list[Text]) -> None:
    """Carry out an accepted agreement; a declined one changes nothing."""
    p, st.pending = st.pending, {}
    kind, giver = p["kind"], str(p["from"])
    if choice != "accept":
        told_to_both(lines, giver, seat, lambda: _("{seat} declines the offer.", seat=seat))
        return
    if kind == "alliance":
        st.alliances.append(sorted((giver, seat)))
        SD.record(st, "alliance", giver, seat)
        told_to_both(lines, giver, seat, lambda: _("{a} and {b} are allied this month (5.8).", a=giver, b=seat))
    elif kind == "gift":
        source, target = major_of(st, giver), major_of(st, seat)
        amount = min(int(p["amount"]), st.powers[source]["treasury"])
        st.powers[source]["treasury"] -= amount
        st.powers[target]["treasury"] += amount
        SD.record(st, "gift", giver, seat, amount=amount)
        told_to_both(lines, giver, seat, lambda: _("{a} gives {amount} talents to {b} (6.0).", a=giver,
                                                   amount=amount, b=seat))
    elif kind == "ransom":
        lid, price = str(p["leader"]), int(p["price"])
        payer = major_of(st, seat)
        if price and (not payer or st.powers[payer]["treasury"] < price):
            told_to_both(lines, giver, seat, lambda: _("{seat} cannot pay the ransom.", seat=seat))
            return
        if price:
            st.powers[payer]["treasury"] -= price
            st.powers[major_of(st, giver)]["treasury"] += price
        SD.record(st, "ransom", giver, seat, amount=price)
        free_leader(st, lid, lines)


def free_leader(st: IRState, lid: str, lines: list[Text]) -> None:
    """A freed leader rejoins his power's strongest stack (IR-ENG-25)."""
    rec = st.leaders[lid]
    power = rec["power"]
    by: dict[str, int] = {}
    for unit in st.units.values():
        if unit["power"] == power and B.is_combat(unit):
            by[unit["hex"]] = by.get(unit["hex"], 0) + B.strength(unit)
    rec.update(status="map", captor="", hex=sorted(by, key=lambda h: (-by[h], h))[0] if by else rec["hex"])
    if not by:
        rec["status"] = "captured"
        lines.append(_("{leader} has no stack to rejoin and stays a prisoner.", leader=data().leaders[lid].name))
        return
    lines.append(_("{leader} is free and rejoins his army at {hex} (18.2.1).", leader=data().leaders[lid].name,
                   hex=rec["hex"]))  # fmt: skip
