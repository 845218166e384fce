"""Plunder (§24): offered at the end of the player's Siege Resolution Segment, with its effects
on tax, recruiting, forage, baggage trains and city defences."""

from __future__ import annotations

from rules.core.i18n import Text, _, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

MARKERS = 2
"""24.1: two plunder markers; one goes at each later Taxation & Mobilization Phase (24.2)."""
TALENTS_PER_TAX = 3


def heavy(unit: dict[str, object]) -> bool:
    return B.is_combat(unit) and B.le_halves(unit) >= 2  # heavy infantry or heavy cavalry


def options(st: IRState, seat: str) -> list[tuple[str, str]]:
    """24.1: (province, power) pairs the seat's major powers may plunder now: a non-besieged
    heavy unit in at least half the province's cities and no non-besieged enemy in the province
    (IR-ENG-30: whole provinces with cities only)."""
    w = world(st.scenario)
    out = []
    majors = [p for p in B.powers_of(st, seat) if st.powers[p]["major"]]
    for province in sorted(data().provinces):
        if province in st.plunder:
            continue
        cities = [c for c in w.city_value if data().cities[c].province == province]
        if not cities:
            continue
        hexes = {data().cities[c].hex for c in cities}
        enemies = any(w.province(u["hex"]) == province and not u["besieged"] and B.is_combat(u)
                      and B.seat_hostile_to(st, seat, u["power"]) for u in st.units.values())  # fmt: skip
        if enemies:
            continue
        for power in majors:
            held = sum(1 for h in hexes if any(u["hex"] == h and u["power"] == power and not u["besieged"] and heavy(u)
                                               for u in st.units.values()))  # fmt: skip
            if held * 2 >= len(hexes):
                out.append((province, power))
    return out


def offer(st: IRState, seat: str) -> None:
    """Open the plunder window of the active player when he may plunder (default: none)."""
    found = options(st, seat)
    if not found or st.standing.get(seat, {}).get("plunder", "ask") == "never":
        return
    choices = [["none", text_to_json(_("Do not plunder"))]]
    for province, power in found:
        name = data().provinces[province].name
        choices.append([f"talents:{province}:{power}", text_to_json(_("Plunder {province} for talents", province=name))])
        if any(u["type"] == B.BT and u["power"] == power and world(st.scenario).province(u["hex"]) == province
               for u in st.units.values()):  # fmt: skip
            choices.append([f"sp:{province}:{power}", text_to_json(_("Plunder {province} into a baggage train",
                                                                     province=name))])  # fmt: skip
    st.seq += 1
    st.pending = {"id": f"plunder-{st.seq}", "seat": seat, "kind": "plunder",
                  "prompt": text_to_json(_("You may plunder a province (24.1).")), "choices": choices,
                  "default": "none", "section": "§24.1"}  # fmt: skip


def answer(st: IRState, choice: str, lines: list[Text]) -> None:
    """24.1: two markers; 3 x tax value in talents, or half that (rounded up) in SP into one
    baggage train (6 at most); barbarian and minor powers gain morale equal to the tax value
    instead of talents. Plundering one's own province ends recruiting there (24.3)."""
    st.pending = {}
    if choice == "none":
        return
    how, province, power = choice.split(":")
    tax = B.province_tax(st, province)
    st.plunder[province] = MARKERS
    from rules.imperium_romanum import plague

    plague.note(st, province)  # 45.0
    if st.province_owner.get(province, "") == power:
        st.self_plundered[province] = power
    st.stat("plunders")
    name = data().provinces[province].name
    if how == "sp":
        trains = sorted(u for u, r in st.units.items() if r["type"] == B.BT and r["power"] == power
                        and world(st.scenario).province(r["hex"]) == province)  # fmt: skip
        rec = st.units[trains[0]]
        gain = -(-TALENTS_PER_TAX * tax // 2)
        rec["sp"] = min(B.BT_MAX_SP, rec["sp"] + gain)
        lines.append(_("{power} plunders {province}: its baggage train holds {sp} SP (24.1).",
                       power=st.powers[power]["name"], province=name, sp=rec["sp"]))  # fmt: skip
    elif st.powers[power]["kind"] == "barbarian" or not st.powers[power]["major"]:
        B.change_morale(st, power, tax, _("plunder"), lines)
    else:
        st.powers[power]["treasury"] += TALENTS_PER_TAX * tax
        lines.append(_("{power} plunders {province} for {talents} talents (24.1).", power=st.powers[power]["name"],
                       province=name, talents=TALENTS_PER_TAX * tax))  # fmt: skip


def remove_markers(st: IRState, lines: list[Text]) -> None:
    """24.2: one marker goes at each Taxation & Mobilization Phase, but not while a barbarian
    power controls the province; nor in a month of widespread devastation (39.2 W)."""
    from rules.imperium_romanum import random_events

    if random_events.plunder_frozen(st):
        return
    for province in sorted(st.plunder):
        owner = st.province_owner.get(province, "")
        if owner and st.powers[owner]["kind"] == "barbarian":
            continue
        st.plunder[province] -= 1
        if st.plunder[province] <= 0:
            del st.plunder[province]
            lines.append(_("{province} recovers from its plundering (24.2).", province=data().provinces[province].name))


def plundered(st: IRState, province: str) -> bool:
    return province in st.plunder


def tax_after_plunder(st: IRState, province: str, owner: str, tax: int) -> int:
    """24.3: no tax while marked; afterwards the owner who plundered it himself collects half,
    rounded up, and a conqueror the whole."""
    if province in st.plunder:
        return 0
    if st.self_plundered.get(province) == owner:
        return -(-tax // 2)
    return tax


def no_recruiting(st: IRState, province: str, power: str) -> bool:
    """24.1, 24.3: no recruiting while marked, nor ever again by an owner who plundered it."""
    return province in st.plunder or st.self_plundered.get(province) == power
