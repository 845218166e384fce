"""Optional rule 44: Roman usurpation.

A Roman general who is not his power's Emperor and wins a battle against a stronger force
(adverse odds, 44.1; IR-ENG-100) rolls a d6; on 5 or 6 his troops proclaim him Emperor. A new
Roman faction is born with him as its Emperor, an empty treasury and 100 morale, run by the
Farthest Faction (44.1, IR-ENG-101). Then the defections of 44.1 and 44.2:
- every Roman unit and leader in his province joins him, except those stacked with another
  Emperor (44.1, 44.2);
- the Roman cities of the province held by his units join him; those without units pass to
  whichever faction then has more morale, a d6 deciding a tie (44.1, IR-ENG-102);
- a stack of the Roman or allied forces without a leader in a neighbouring province joins him
  on a d6 of 1-2 (44.1 names no power for it: the forces of its first sentence, IR-ENG-143), and
  a Roman city there joins him only when his units hold it (44.1);
- each unit that changes sides moves its morale value (19.1) from the old power to the new,
  and each city its province's and capital's morale when control changes (5.6, 19.2, 44.2);
- the new Emperor collects his taxes at once (44.1); his units and leaders move from the next
  month (44.2).
- each of these dice is thrown by the seat whose pieces are at stake (the general's, the
  stack's, the city's owner), through ``deity.roll``: an armed appeal of rule 42 is spent on it
  in that seat's favour (IR-ENG-153).
- the forces of the powers allied to the faction he rose against (its clients, and the powers of
  a seat allied to it, 5.8) in his province go over too, units and leaders, except those stacked
  with their own power's chief (44.1, 44.2; IR-ENG-141).
"""

from __future__ import annotations

from typing import Any

from rules.core.i18n import Text, _, _n, data_name
from rules.imperium_romanum import board as B
from rules.imperium_romanum import counters, deity
from rules.imperium_romanum import optional_rules as OPT
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

NAME = "roman_usurpation"
NAMED_ONLY = "usurpation_named_only"
"""44.2's note: the game option that lets only named leaders usurp (IR-ENG-137)."""
UNNAMED = "unnamed_"
"""The id prefix of the unnamed leader counters (leaders.toml, random event D, IR-ENG-81)."""
PROCLAIMED = 5
"""44.1: the troops proclaim their general on a d6 of 5 or more (an appeal of rule 42 may take
the roll past 6 or below 1)."""
ADJACENT_DEFECT = 2
"""44.1: a leaderless stack in a neighbouring province defects on a d6 of 2 or less."""
CITY_TIE_NEW = 4
"""IR-ENG-102: on a morale tie the d6 gives an unheld city of his province to the usurper on 4-6."""
NEW_MORALE = 100
"""44.1: the new faction's morale; its treasury starts at 0."""


def is_roman(st: IRState, power: str) -> bool:
    return power in st.powers and st.powers[power]["kind"] == "roman" and not st.powers[power]["dissolved"]


def emperors(st: IRState) -> dict[str, str]:
    """Leader -> Roman power for every Roman Emperor on the map."""
    out = {}
    for power, rec in st.powers.items():
        lid = str(rec.get("chief", ""))
        if is_roman(st, power) and lid in st.leaders and st.leaders[lid]["status"] == "map":
            out[lid] = power
    return out


def adverse_odds(battle: dict[str, Any]) -> bool:
    """IR-ENG-100: the winner's strength was less than the loser's (odds below 1:1)."""
    att, dfn = (int(x) for x in battle.get("odds", (0, 0)))
    return att < dfn if battle["attacker_won"] else dfn < att


def may_usurp(st: IRState, lid: str) -> bool:
    """44.1: a leader on the map of a Roman faction, not its Emperor; with 44.2's note chosen
    (``usurpation_named_only``), a named one only: an unnamed leader never rolls (IR-ENG-137)."""
    if lid not in st.leaders or st.leaders[lid]["status"] != "map":
        return False
    power = st.leaders[lid]["power"]
    if not is_roman(st, power) or st.powers[power].get("chief") == lid:
        return False
    return not (OPT.enabled(st, NAMED_ONLY) and lid.startswith(UNNAMED))


def after_battle(st: IRState, battle: dict[str, Any], lines: list[Text]) -> None:
    """44.1: the check after a battle (and the city it may have taken)."""
    lid = str(battle.get("winner_leader", ""))
    if not OPT.enabled(st, NAME) or not lid or not may_usurp(st, lid) or not adverse_odds(battle):
        return
    roll = deity.roll(st, B.seat_of(st, st.leaders[lid]["power"]), "usurpation", -1,  # 42: low keeps him loyal
                      _("§44.1 usurpation by {leader}", leader=data().leaders[lid].name), [], lines)  # fmt: skip
    if roll.result < PROCLAIMED:
        lines.append(_("{leader}'s troops do not proclaim him (44.1): roll {roll}.", leader=data().leaders[lid].name,
                       roll=roll.result))  # fmt: skip
        return
    proclaim(st, lid, lines)


def proclaim(st: IRState, lid: str, lines: list[Text]) -> str:
    """44.1, 44.2: the new faction and the defections; returns the new power's id."""
    old = st.leaders[lid]["power"]
    hex_id = st.leaders[lid]["hex"]
    w = world(st.scenario)
    province = w.province(hex_id)
    new = f"usurper_{lid}"
    while new in st.powers:
        new += "_"
    guarded = {st.leaders[e]["hex"] for e in emperors(st) if w.province(st.leaders[e]["hex"]) == province}
    guarded |= _allied_chiefs(st, old, province)
    st.powers[new] = {"name": data_name(data().leaders[lid].name), "kind": "roman", "major": True, "status": "major",
                      "patron": "", "seat": "", "cer": st.powers[old]["cer"], "treasury": 0, "morale": NEW_MORALE,
                      "chief": lid, "dissolved": False, "start_provinces": [],
                      "colour": counters.usurper_colour(st, old)}  # fmt: skip
    st.stat("usurpations")
    lines.append(_("{leader}'s troops proclaim him Emperor (44.1): a new Roman faction rises in {province}.",
                   leader=data().leaders[lid].name, province=data().provinces[province].name))  # fmt: skip
    joins = set(_allies(st, old)) | {p for p in st.powers if is_roman(st, p) and p != new}
    moved = [u for u, rec in sorted(st.units.items()) if w.province(rec["hex"]) == province
             and rec["power"] in joins and rec["hex"] not in guarded]  # fmt: skip
    for other in sorted(st.leaders):
        rec = st.leaders[other]
        if rec["status"] == "map" and rec["power"] in joins and w.province(rec["hex"]) == province \
                and rec["hex"] not in guarded and other not in emperors(st):  # fmt: skip
            _hold_leader(st, other, new)
    _hold_leader(st, lid, new)
    _defect_units(st, moved, new, lines)
    for stack in _neighbour_stacks(st, province, joins):
        uids = [u for u in B.units_at(st, stack, aboard=True) if st.units[u]["power"] in joins and st.units[u]["power"] != new]
        roll = deity.roll(st, B.seat_of(st, st.units[uids[0]]["power"]) if uids else "", "usurpation_defection", 1,
                          _("§44.1 defection of the stack at {hex}", hex=stack), [], lines)  # 42: high keeps it
        if roll.result <= ADJACENT_DEFECT:
            _defect_units(st, uids, new, lines)
    seat = _controller(st, new, B.seat_of(st, old), lines)
    st.powers[new]["seat"] = seat
    _cities(st, new, province, lines)
    tax = _taxes(st, new)
    lines.append(_("{power} is run by {seat} (44.1) and collects {tax} talents at once.", power=st.powers[new]["name"],
                   seat=seat, tax=tax))  # fmt: skip
    return new


def _allies(st: IRState, old: str) -> list[str]:
    """IR-ENG-141: the powers allied to the faction ``old``: the clients of its seat and every
    power of a seat allied to it this month (5.8); never a neutral its seat happens to move."""
    seat = B.seat_of(st, old)
    out = []
    for power, rec in sorted(st.powers.items()):
        if power == old or is_roman(st, power) or rec["dissolved"] or not seat:
            continue
        other = B.seat_of(st, power)
        if (rec["status"].endswith("client") and other == seat) or (other and other != seat and B.allied(st, seat, other)):
            out.append(power)
    return out


def _allied_chiefs(st: IRState, old: str, province: str) -> set[str]:
    """IR-ENG-141: the hexes of the province where an allied power's own chief stands; the
    forces stacked with him stay loyal, as those with another Emperor do (44.1)."""
    w = world(st.scenario)
    out = set()
    for power in _allies(st, old):
        chief = str(st.powers[power].get("chief", ""))
        rec = st.leaders.get(chief)
        if rec and rec["status"] == "map" and rec["power"] == power and w.province(rec["hex"]) == province:
            out.add(str(rec["hex"]))
    return out


def _hold_leader(st: IRState, lid: str, new: str) -> None:
    """44.2: the leader serves the new faction and moves from the next month."""
    st.leaders[lid]["power"] = new
    st.leaders[lid]["activated"] = True
    st.leaders[lid]["mp"] = 0


def _defect_units(st: IRState, uids: list[str], new: str, lines: list[Text]) -> None:
    """44.2: the units change sides with their morale value (19.1) and move from the next month."""
    lost: dict[str, int] = {}
    for uid in uids:
        rec = st.units[uid]
        value = B.unit_morale(rec) if B.is_combat(rec) else 0
        lost[rec["power"]] = lost.get(rec["power"], 0) + value
        rec["power"] = new
        rec["held_until"] = st.turn
    for power in sorted(lost):
        B.change_morale(st, power, -lost[power], _("units defect to a usurper"), lines)
        B.change_morale(st, new, lost[power], _("units defect to a usurper"), lines)
    if uids:
        lines.append(_n("{n} unit goes over to {power} (44.1).", "{n} units go over to {power} (44.1).", len(uids),
                        power=st.powers[new]["name"]))  # fmt: skip


def _neighbour_stacks(st: IRState, province: str, joins: set[str]) -> list[str]:
    """44.1 (IR-ENG-143): hexes of the neighbouring provinces with a stack of the Roman or
    allied forces (``joins``) and no leader of theirs with it."""
    w = world(st.scenario)
    near = sorted({w.province(e.to) for h in sorted(data().hexes) if w.province(h) == province
                   for e in w.edges.get(h, ()) if w.province(e.to) and w.province(e.to) != province})  # fmt: skip
    hexes = sorted({rec["hex"] for rec in st.units.values() if w.province(rec["hex"]) in near and rec["power"] in joins})
    led = {rec["hex"] for rec in st.leaders.values() if rec["status"] == "map" and rec["power"] in joins}
    return [h for h in hexes if h not in led]


def _cities(st: IRState, new: str, province: str, lines: list[Text]) -> None:
    """44.1 (IR-ENG-102): Roman cities held by the new faction's units join it; in its province
    the unheld ones pass to whichever faction now has more morale, a d6 deciding a tie (4-6: the new)."""
    for city in sorted(world(st.scenario).city_value):
        owner = st.city_owner.get(city, "")
        if not is_roman(st, owner) or owner == new:
            continue
        hex_id = data().cities[city].hex
        present = {st.units[u]["power"] for u in B.units_at(st, hex_id) if B.is_combat(st.units[u])}
        if present and present <= {new}:
            B.take_city(st, city, new, lines)
        elif not present and data().cities[city].province == province:
            mine, theirs = st.powers[new]["morale"], st.powers[owner]["morale"]
            if mine == theirs:
                roll = deity.roll(st, B.seat_of(st, owner), "usurpation_city", -1,  # 42: the owner's, low keeps it
                                  _("§44.1 tie for {city}", city=data().cities[city].name), [], lines)  # fmt: skip
                mine += 1 if roll.result >= CITY_TIE_NEW else -1
            if mine > theirs:
                B.take_city(st, city, new, lines)


def _controller(st: IRState, new: str, old_seat: str, lines: list[Text]) -> str:
    """IR-ENG-101: the Farthest Faction rule (5.3) among the seats other than the one he rose
    against; with no other seat able to, that seat."""
    from rules.imperium_romanum import neutrals

    seat = neutrals.farthest_seat(st, new, lines, exclude=(old_seat,))
    if not seat:
        seat = next((s for s in st.seats if s != old_seat and B.powers_of(st, s)), old_seat)
    return seat


def _taxes(st: IRState, new: str) -> int:
    """44.1: the new Emperor taxes his provinces (or cities, 41.2) at once."""
    from rules.imperium_romanum import sequence

    tax = sequence.tax_of(st, new)
    st.powers[new]["treasury"] += tax
    return tax
