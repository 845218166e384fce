"""The Diplomacy Phase's agreements (§5.8, §6.0, §18.2.1): every change between players is an
offer by one seat that the other accepts or declines (issue 18).

Diplomacy is simultaneous (4.0): an offer does not stop the segment. It joins the month's open
offers (``IRState.proposals``), told only to the two parties; the receiver answers each one
with ``answer_offer {offer, choice}`` while it is still giving orders, in any order. An offer
still open when the segment closes lapses (declined). The segment keeps ONE deadline from its
start (segment_deadline.py): neither an offer nor an answer restarts it (IR-DIS-3).

An open offer is ``[id, kind, giver, receiver, leader, talents]`` (strings; ``leader`` only for
a ransom, ``talents`` the gift or the price); an offer of kind ``give`` (5.8 #8, gifts.py) has a
seventh field, ``items``, what it hands over."""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum import segment_deadline as SD
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data


def other_seat(st: IRState, seat: str, args: dict[str, Any], key: str, section: str) -> str:
    if st.segment != "diplomacy":
        raise RuleError(section, _("agreements are made in the Diplomacy Phase"))
    other = str(args.get(key, ""))
    if other not in st.seats or other == seat or not B.powers_of(st, other):
        raise RuleError(section, _("{seat} is not another player of this game", seat=other or "?"))
    return other


ACCEPT, DECLINE = "accept", "decline"
ID, KIND, GIVER, RECEIVER, LEADER, TALENTS, ITEMS = range(7)
"""The fields of an open offer (``IRState.proposals``)."""


def open_offer(st: IRState, seat: str, other: str, kind: str, section: str, leader: str = "", talents: int = 0,
               items: str = "") -> str:  # fmt: skip
    """Open an offer from ``seat`` to ``other``; its id. The receiver must still be giving
    orders (IR-DIS-3: a power that ended its part hears no more offers this month)."""
    check_listening(st, other, section)
    st.seq += 1
    offer_id = f"{kind}-{st.seq}"
    st.proposals.append([offer_id, kind, seat, other, leader, str(talents), *([items] if items else [])])
    return offer_id


def check_listening(st: IRState, other: str, section: str) -> None:
    """IR-DIS-3: an offer goes only to a seat still giving orders in this Diplomacy Phase."""
    from rules.imperium_romanum import sequence as SEQ

    if other not in SEQ.waiting(st):
        raise RuleError(section, _("{seat} has ended its part of the Diplomacy Phase", seat=other))


def open_offers(st: IRState, receiver: str) -> list[list[str]]:
    """The offers ``receiver`` may answer now, oldest first."""
    return [p for p in st.proposals if p[RECEIVER] == receiver]


def offer_words(st: IRState, offer: list[str]) -> Text:
    """An open offer in words, for its receiver's menus (the cog labels it with this)."""
    giver, talents = offer[GIVER], offer[TALENTS]
    if offer[KIND] == "alliance":
        return _("{seat}'s offer of an alliance for this month (5.8)", seat=giver)
    if offer[KIND] == "gift":
        return _("{seat}'s offer of {amount} talents (6.0)", seat=giver, amount=talents)
    if offer[KIND] == "give":
        from rules.imperium_romanum import gifts

        return _("{seat}'s offer of {gift} (5.8)", seat=giver, gift=gifts.gift_words(st, *gifts.parse(offer[ITEMS])))
    return _("{seat}'s offer to free {leader} for {price} talents (18.2.1)", seat=giver,
             leader=data().leaders[offer[LEADER]].name, price=talents)  # fmt: skip


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
    other = other_seat(st, seat, args, "with", "§5.8")
    if sorted((seat, other)) in st.alliances:
        raise RuleError("§5.8", _("you are already allied with {seat} this month", seat=other))
    if any(p[KIND] == "alliance" and sorted((p[GIVER], p[RECEIVER])) == sorted((seat, other)) for p in st.proposals):
        raise RuleError("§5.8", _("an alliance offer between you and {seat} waits for its answer", seat=other))
    open_offer(st, seat, other, "alliance", "§5.8")
    told_to_both(lines, seat, other, lambda: _("{seat} offers an alliance to {other}.", seat=seat, other=other))


def check_talents(st: IRState, seat: str, args: dict[str, Any]) -> tuple[str, int]:
    """6.0: the receiving seat and the amount of a gift of talents the rules allow now, else a
    RuleError with its section (``give_talents`` and its legal listing, gifts.py, share it)."""
    other = other_seat(st, seat, args, "to", "§6.0")
    amount = args.get("amount")
    giver = major_of(st, seat)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise RuleError("§6.0", _("give a whole number of talents, at least 1"))
    if not giver or st.powers[giver]["treasury"] < amount:
        raise RuleError("§6.0", _("your treasury holds fewer than {amount} talents", amount=amount))
    if not major_of(st, other):
        raise RuleError("§6.0", _("talents pass from one major power to another"))
    check_listening(st, other, "§6.0")
    return other, amount


def give_talents(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """6.0: a major power may give talents to another in the Diplomacy Phase; the other accepts."""
    other, amount = check_talents(st, seat, args)
    open_offer(st, seat, other, "gift", "§6.0", talents=amount)
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
    other_seat(st, seat, {"with": other}, "with", "§18.2.1")
    price = args.get("talents", 0)
    if not isinstance(price, int) or isinstance(price, bool) or price < 0:
        raise RuleError("§18.2.1", _("the ransom is a whole number of talents"))
    if any(p[KIND] == "ransom" and p[LEADER] == lid for p in st.proposals):
        raise RuleError("§18.2.1", _("an offer to free {leader} waits for its answer", leader=data().leaders[lid].name))
    open_offer(st, seat, other, "ransom", "§18.2.1", leader=lid, talents=price)
    told_to_both(lines, seat, other, lambda: _("{seat} offers to free {leader} for {price} talents.", seat=seat,
                                               leader=data().leaders[lid].name, price=price))


def answer_offer(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """``answer_offer {offer, choice}``: the receiver accepts or declines one open offer; the
    answer is told to the two parties alone and the segment's deadline runs on (IR-DIS-3)."""
    if st.segment != "diplomacy":
        raise RuleError("§4.3", _("agreements are made in the Diplomacy Phase"))
    offer_id, choice = str(args.get("offer", "")), str(args.get("choice", ""))
    offer = next((p for p in open_offers(st, seat) if p[ID] == offer_id), None)
    if offer is None:
        raise RuleError("§4.3", _("no offer {offer} waits for your answer", offer=offer_id or "?"))
    if choice not in (ACCEPT, DECLINE):
        raise RuleError("§4.3", _("answer an offer with accept or decline"))
    st.proposals.remove(offer)
    _settle(st, offer, seat, choice, lines)


def lapse_offers(st: IRState, lines: list[Text]) -> None:
    """When the Diplomacy Phase closes, every offer still open lapses, as declined (IR-DIS-3);
    its two parties alone are told."""
    for offer in st.proposals:
        told_to_both(lines, offer[GIVER], offer[RECEIVER], lambda offer=offer: _(
            "{seat}'s offer to {other} lapses unanswered.", seat=offer[GIVER], other=offer[RECEIVER]))
    st.proposals = []


def _settle(st: IRState, offer: list[str], seat: str, choice: str, lines: list[Text]) -> None:
    """Carry out an accepted agreement; a declined one changes nothing."""
    kind, giver = offer[KIND], offer[GIVER]
    if choice != ACCEPT:
        told_to_both(lines, giver, seat, lambda: _("{seat} declines the offer.", seat=seat))
        return
    if kind == "alliance":
        st.alliances.append(sorted((giver, seat)))
        SD.record(st, "alliance", giver, seat)
        told_to_both(lines, giver, seat, lambda: _("{a} and {b} are allied this month (5.8).", a=giver, b=seat))
    elif kind == "gift":
        source, target = major_of(st, giver), major_of(st, seat)
        amount = min(int(offer[TALENTS]), st.powers[source]["treasury"])
        st.powers[source]["treasury"] -= amount
        st.powers[target]["treasury"] += amount
        SD.record(st, "gift", giver, seat, amount=amount)
        told_to_both(lines, giver, seat, lambda: _("{a} gives {amount} talents to {b} (6.0).", a=giver,
                                                   amount=amount, b=seat))
    elif kind == "give":
        from rules.imperium_romanum import gifts

        gifts.settle(st, offer, lines)
    elif kind == "ransom":
        lid, price = offer[LEADER], int(offer[TALENTS])
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
