"""Land combat (§14): declaring an attack, the defender's response window (fight, retreat before
combat, accept siege), the attacker's choice against a besieged place (assault or besiege),
strengths, the CER and morale modifiers, the Land CRT, losses, retreats, captures and
seasoning (§15.1).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _, _n, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum import fleet_support as FS
from rules.imperium_romanum import ports as PORTS
from rules.imperium_romanum import random_events as RE
from rules.imperium_romanum.charts import CER_GRADES, cer_modifier, land_result
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, world

ELITE_PERIODS = ("P1", "P2", "P3")
ELITE_TYPE = "legion_24_10"  # 15.2
ELITE_COST = 2
ELITE_TARGET = 2
"""15.2: elite legions exist in periods 1-3; 2 talents; a modified d6 of 1-2 succeeds."""
DONATIVE_CAP_PERCENT = 20
"""19.3.1: donatives add at most 20% of a power's morale."""
MORALE_EDGE = 50
"""19.3: a side whose morale is at least 50 higher gets the die modifier."""
CITY_CER = "B"
"""16.1: cities and ports have CER B."""
CITY_CAPACITY_HALVES = 8
ROMA_CAPACITY_HALVES = 16
"""16.3: a charted city holds 4 LE, Roma and Constantinople 8 (in half LE)."""
RETREAT_BEFORE_COMBAT_MORALE = 5
BATTLE_MORALE = 2


# -- strengths and modifiers ----------------------------------------------------------------
def attack_strength(st: IRState, uid: str, assault: bool, split: bool = False) -> int:
    """14.4.1: halved after crossing a river or a strait, a third across a flooded river (3.0:
    rounded down, never below one); 10.5.2: halved again after an amphibious invasion; 14.3:
    cavalry assaulting a city is halved, rounded up."""
    rec = st.units[uid]
    value = B.strength(rec)
    crossing = rec.get("crossing", "")
    if crossing in ("river", "main_river"):
        value = max(1, value // 3) if st.flooded else max(1, value // 2)
    elif crossing == "strait":
        value = max(1, value // 2)
    if rec.get("amphibious") == st.turn:
        value = max(1, value // 2)  # 10.5.2: invaders from the sea attack at half strength, on top of the rest
    if assault and B.is_cavalry(rec) and not split:
        value = -(-value // 2)
    return value


def combined_attack_strength(st: IRState, uids: list[str]) -> int:
    """14.3.1, 14.3.2 (IR-ENG-67): attacking the units outside and assaulting the city at once,
    only half the attacking cavalry units are halved: half rounded up, the strongest first."""
    cavalry = sorted((u for u in uids if B.is_cavalry(st.units[u])), key=lambda u: (-B.strength(st.units[u]), u))
    halved = set(cavalry[: (len(cavalry) + 1) // 2])
    return sum(attack_strength(st, u, True, split=u not in halved) for u in uids)


def siege_multiplier(st: IRState, attacker_seat: str, city: str = "") -> int:
    """14.3: besieged defenders count double, triple against barbarians and in a deforested
    province (16.2, the ax of ``province_display.toml``; Parthians wait for the scenarios that
    need them)."""
    kinds = {st.powers[p]["kind"] for p in B.powers_of(st, attacker_seat)}
    deforested = bool(city) and world(st.scenario).deforested(data().cities[city].hex)
    return 3 if kinds == {"barbarian"} or deforested else 2


def defence_strength(st: IRState, uids: list[str], assault: bool, attacker_seat: str, city: str, fort: int = 0,
                     walled: bool = False) -> int:  # fmt: skip
    """14.3, 16.1, 21.4: the defenders (doubled or tripled under assault, or behind their side's
    maximum-level fort, ``walled``; cavalry excepted), then the city's intrinsic defence and the
    fort's strength added after the multiplier."""
    mult = siege_multiplier(st, attacker_seat, city) if assault or walled else 1
    total = sum(B.strength(st.units[u]) * (1 if B.is_cavalry(st.units[u]) else mult) for u in uids)
    if city:
        total += B.city_defence(st, city)
    return total + fort


def stack_cer(st: IRState, uids: list[str], city_strength: int = 0, militia: tuple[str, int] = ("B", 0)) -> str:
    """14.4.3: the CER giving a majority of the stack's strength, else B. Heavy units take their
    counter's CER (their power's, or the colour's they kept on defecting, 20.4); one light unit
    is attached to each heavy one of its arm and shares it; the rest are D; a city adds its strength as CER B (16.1), militia (grade, SP) its own (29.3)."""
    by: dict[str, int] = {g: 0 for g in CER_GRADES}
    recs = sorted((st.units[u] for u in uids), key=lambda r: (-B.strength(r), r["type"]))
    heavy_inf = [r for r in recs if B.utype(r).cer and not B.is_cavalry(r) and not B.is_fleet(r)]
    for fleet in (r for r in recs if B.is_fleet(r)):  # IR-ENG-150: a fleet weighs its land strength, a quarter
        by[B.unit_cer(st, fleet)] += FS.loss_value(fleet)
    heavy_cav = [r for r in recs if r["type"] in B.HEAVY_CAVALRY]
    for group, lights in ((heavy_inf, B.LIGHT_INFANTRY), (heavy_cav, B.LIGHT_CAVALRY)):
        attached = [r for r in recs if r["type"] in lights][: len(group)]
        for heavy in group:
            by[B.unit_cer(st, heavy)] += B.strength(heavy)
        for light, heavy in zip(attached, group, strict=False):
            by[B.unit_cer(st, heavy)] += B.strength(light)
            light["_attached"] = True
    for r in recs:
        if not B.utype(r).cer and not r.pop("_attached", False):
            by["D"] += B.strength(r)
    by[CITY_CER] += city_strength
    by[militia[0]] += militia[1]
    total = sum(by.values())
    for grade in CER_GRADES:
        if total and by[grade] * 2 > total:
            return grade
    return "B"


def column_for(attack: int, defence: int) -> str:
    """14.4.2: the ratio rounded down in the defender's favour to a Land CRT column
    (IR-ENG-14: below the first column, the first; above the last, the last)."""
    columns = data().charts.crt_columns
    ratio = Fraction(attack, max(1, defence))
    chosen = columns[0]
    for col in columns:
        num, den = (int(x) for x in col.split("/"))
        if ratio >= Fraction(num, den):
            chosen = col
    return chosen


def side_morale(st: IRState, uids: list[str], hex_id: str, seat: str) -> tuple[str, int]:
    """19.3.2: the morale of the power giving the most strength; an Emperor or Rex present
    imposes his power's."""
    for lid in B.leaders_at(st, hex_id):
        power = st.leaders[lid]["power"]
        if B.seat_of(st, power) == seat and st.powers[power].get("chief") == lid:
            return power, int(st.powers[power]["morale"])
    by: dict[str, int] = {}
    for uid in uids:
        by[st.units[uid]["power"]] = by.get(st.units[uid]["power"], 0) + B.strength(st.units[uid])
    if not by:
        powers = B.powers_of(st, seat)
        main = powers[0] if powers else ""
    else:
        main = sorted(by, key=lambda p: (-by[p], p))[0]
    return main, int(st.powers[main]["morale"]) if main else 0


def morale_modifier(attacker: int, defender: int) -> int:
    """19.3: +1 when the attacker's morale is 50 or more above the defender's; -1 the other way."""
    if attacker >= defender + MORALE_EDGE:
        return 1
    if defender >= attacker + MORALE_EDGE:
        return -1
    return 0


def best_leader(st: IRState, hex_id: str, seat: str) -> str:
    found = [lid for lid in B.leaders_at(st, hex_id) if B.seat_of(st, st.leaders[lid]["power"]) == seat]
    return sorted(found, key=lambda lid: (-B.leader_value(lid), lid))[0] if found else ""


# -- declaring ------------------------------------------------------------------------------
def attackers_at(st: IRState, seat: str, hex_id: str) -> list[str]:
    return [u for u in B.units_at(st, hex_id, False) if B.seat_of(st, st.units[u]["power"]) == seat
            and B.is_combat(st.units[u]) and B.can_act(st, st.units[u]["power"])
            and not RE.disloyal(st, st.units[u])]  # fmt: skip  # 39.2 S


def enemy_city(st: IRState, seat: str, hex_id: str) -> str:
    city = B.city_at(st, hex_id)
    owner = st.city_owner.get(city, "") if city else ""
    if city and owner and B.seat_of(st, owner) != seat and B.seat_hostile_to(st, seat, owner):
        return city
    return ""


def defender_seat(st: IRState, seat: str, hex_id: str) -> tuple[str, list[str]]:
    """The side attacked in a hex: the seat (or uncontrolled power) with the most strength
    there hostile to ``seat``, and its units (IR-ENG-15: a third side in the hex stays out)."""
    hostile = [u for u in B.units_at(st, hex_id) if not st.units[u]["type"].startswith("fleet")
               and B.seat_hostile_to(st, seat, st.units[u]["power"])]  # fmt: skip
    by: dict[str, int] = {}
    for uid in hostile:
        key = B.seat_of(st, st.units[uid]["power"]) or st.units[uid]["power"]
        by[key] = by.get(key, 0) + B.strength(st.units[uid]) + 1
    if not by:
        alone = [lid for lid in B.leaders_at(st, hex_id) if B.seat_hostile_to(st, seat, st.leaders[lid]["power"])]
        if alone:  # 18.1: a leader alone may be attacked
            power = st.leaders[alone[0]]["power"]
            return B.seat_of(st, power) or power, []
        forts = [p for p in sorted(st.forts.get(hex_id, {})) if B.seat_hostile_to(st, seat, p)]
        if forts:  # 21.4: a fort alone defends with its strength
            return B.seat_of(st, forts[0]) or forts[0], []
        port = PORTS.hostile_side(st, seat, hex_id)
        if port:  # 16.1: a non-city port alone defends with its strength (IR-ENG-110)
            return port, []
        city = enemy_city(st, seat, hex_id)
        owner = st.city_owner.get(city, "") if city else ""
        return (B.seat_of(st, owner) or owner) if owner else "", []
    side = sorted(by, key=lambda k: (-by[k], k))[0]
    return side, [u for u in hostile if (B.seat_of(st, st.units[u]["power"]) or st.units[u]["power"]) == side]


def attack(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """The ``attack`` command (14.1): ``hex``, ``mode`` "besiege" to lay siege to an empty
    enemy city instead of assaulting it, and ``fleets`` of the attacker in the hex that join
    the attack (14.6)."""
    hex_id = str(args.get("hex", ""))
    if hex_id not in data().hexes:
        raise RuleError("§14.1", _("{hex} is not a hex of the map", hex=hex_id or "?"))
    if hex_id in st.attacked:
        raise RuleError("§14.1", _("{hex} was already attacked this segment", hex=hex_id))
    if not attackers_at(st, seat, hex_id):
        raise RuleError("§14.1", _("you have no unit able to attack in {hex}", hex=hex_id))
    side, defenders = defender_seat(st, seat, hex_id)
    if not side:
        raise RuleError("§14.1", _("there is no enemy to attack in {hex}", hex=hex_id))
    mode = str(args.get("mode", "assault"))
    if mode not in ("assault", "besiege"):
        raise RuleError("§17.1", _("mode is assault or besiege"))
    if mode == "besiege" and (defenders and not all(st.units[u]["besieged"] for u in defenders)
                              or not enemy_city(st, seat, hex_id)):  # fmt: skip
        raise RuleError("§17.1", _("only an enemy city with no defenders outside can be besieged"))
    fleets = B.ids_of(args.get("fleets"))
    if fleets:
        if mode == "besiege":
            raise RuleError("§14.6", _("fleets join an attack, not a siege laid without combat"))
        FS.check(st, seat, hex_id, fleets)
        FS.commit(st, hex_id, fleets)
    declare(st, seat, hex_id, lines, mode=mode)


def declare(st: IRState, seat: str, hex_id: str, lines: list[Text], intercepted: bool = False, mode: str = "assault") -> None:
    """An attack is declared (14.1, 19.1): open the defender's window, or go straight on when
    it has no choice (a besieged place, an empty city)."""
    st.attacked.append(hex_id)
    from rules.imperium_romanum import forts

    forts.cancel_builders(st, attackers_at(st, seat, hex_id), lines)  # 21.1: builders who attack lose the work
    for power in B.powers_of(st, seat):
        if power not in st.declared:
            st.declared.append(power)
    side, _defenders = defender_seat(st, seat, hex_id)
    if mode != "besiege":
        from rules.imperium_romanum import port_defence as PD

        resume = {"attacker": seat, "hex": hex_id, "intercepted": intercepted, "mode": mode}
        if PD.open_window(st, seat, side, hex_id, resume, lines) or st.pending:  # 14.6: the defender's fleets in the port
            return
    open_battle(st, seat, hex_id, lines, intercepted, mode)


def open_battle(st: IRState, seat: str, hex_id: str, lines: list[Text], intercepted: bool = False,
                mode: str = "assault") -> None:  # fmt: skip
    """The defender's window (14.1), or the battle at once when it has no choice."""
    side, defenders = defender_seat(st, seat, hex_id)
    outside = [u for u in defenders if not st.units[u]["besieged"]]
    city = enemy_city(st, seat, hex_id)
    if not side:
        return  # 14.6: the fleets put out and nothing is left to attack
    if outside and not any(B.is_combat(st.units[u]) for u in outside) and not city:
        resolve(st, seat, hex_id, lines)  # IR-ENG-21: trains and leaders alone have no window
        return
    if not outside:
        if mode == "besiege":
            lay_siege(st, seat, hex_id, side, lines)
            return
        fight(st, seat, hex_id, lines, assault=bool(city) or bool(defenders))
        return
    choices: list[list[Any]] = [["fight", text_to_json(_("Fight"))]]
    if retreat_allowed(st, seat, hex_id, outside):
        for dest in retreat_hexes(st, side, hex_id, outside):
            choices.append([f"retreat:{dest}", text_to_json(_("Retreat before combat to {hex}", hex=dest))])
    if siege_possible(st, side, hex_id, outside):
        choices.append(["siege", text_to_json(_("Accept siege in the city") if city or B.city_at(st, hex_id)
                                              else _("Accept siege behind the fort"))])  # fmt: skip
    elif split_inside(st, side, hex_id, outside):
        choices.append(["split", text_to_json(_("Split: those the city holds accept siege, the others fight outside"))])
    order = st.standing.get(side, {}).get("combat", "ask")
    if len(choices) == 1 or order == "always_fight" or side not in st.seats:
        fight(st, seat, hex_id, lines)
        return
    st.seq += 1
    prompt = _("{attacker} attacks your force in {hex} (14.1): fight, retreat before combat or accept siege?",
               attacker=seat, hex=hex_id)  # fmt: skip
    st.pending = {"id": f"battle-{st.seq}", "seat": side, "kind": "battle", "prompt": text_to_json(prompt),
                  "choices": choices, "default": "fight", "section": "§14.1", "hex": hex_id, "attacker": seat,
                  "intercepted": intercepted}  # fmt: skip


def answer_battle(st: IRState, choice: str, lines: list[Text]) -> None:
    pending, st.pending = st.pending, {}
    hex_id, seat, side = str(pending["hex"]), str(pending["attacker"]), str(pending["seat"])
    if choice == "fight":
        fight(st, seat, hex_id, lines)
    elif choice.startswith("retreat:"):
        dest = choice.split(":", 1)[1]
        _side, defenders = defender_seat(st, seat, hex_id)
        outside = [u for u in defenders if not st.units[u]["besieged"]]
        move_stack(st, side, hex_id, dest, outside)
        main, _m = side_morale(st, outside, hex_id, side)
        B.change_morale(st, main, -RETREAT_BEFORE_COMBAT_MORALE, _("retreat before combat"), lines)
        lines.append(_("The defenders retreat before combat to {hex} (14.2).", hex=dest))
        st.stat("retreats_before_combat")
    elif choice == "siege":
        _side, defenders = defender_seat(st, seat, hex_id)
        for uid in defenders:
            st.units[uid]["besieged"] = True
        lay_siege(st, seat, hex_id, side, lines)
        order = st.standing.get(seat, {}).get("assault", "ask")
        if order == "always":
            fight(st, seat, hex_id, lines, assault=True)
            return
        st.seq += 1
        prompt = _("The defenders of {hex} accept siege (14.3): assault now or besiege?", hex=hex_id)
        st.pending = {"id": f"assault-{st.seq}", "seat": seat, "kind": "assault", "prompt": text_to_json(prompt),
                      "choices": [["besiege", text_to_json(_("Besiege"))], ["assault", text_to_json(_("Assault"))]],
                      "default": "besiege", "section": "§14.3", "hex": hex_id, "attacker": seat}  # fmt: skip
    elif choice == "assault":
        fight(st, seat, hex_id, lines, assault=True)
    elif choice == "split":
        _side, defenders = defender_seat(st, seat, hex_id)
        inside = split_inside(st, side, hex_id, [u for u in defenders if not st.units[u]["besieged"]])
        for uid in inside:
            st.units[uid]["besieged"] = True
        lay_siege(st, seat, hex_id, side, lines)
        lines.append(_n("{n} unit accepts siege in the city; the others fight outside (14.3.1).",
                        "{n} units accept siege in the city; the others fight outside (14.3.1).", len(inside)))  # fmt: skip
        offer_combined(st, seat, hex_id, lines)
    elif choice == "combined":
        fight(st, seat, hex_id, lines, combined=True)
    elif choice == "outside":
        fight(st, seat, hex_id, lines)
    # "besiege": the siege stands, nothing more this segment


def offer_combined(st: IRState, seat: str, hex_id: str, lines: list[Text]) -> None:
    """14.3.1 (IR-ENG-67): after a split defence the attacker strikes the units outside alone
    (the default) or them and the city at once; the standing order ``assault always`` picks
    the combined attack without asking."""
    order = st.standing.get(seat, {}).get("assault", "ask")
    if order == "always" or seat not in st.seats:
        fight(st, seat, hex_id, lines, combined=order == "always")
        return
    st.seq += 1
    prompt = _("The defenders of {hex} split (14.3.1): attack the units outside alone, or them and the city at once?",
               hex=hex_id)  # fmt: skip
    st.pending = {"id": f"combined-{st.seq}", "seat": seat, "kind": "combined", "prompt": text_to_json(prompt),
                  "choices": [["outside", text_to_json(_("The units outside alone"))],
                              ["combined", text_to_json(_("The units outside and an assault on the city"))]],
                  "default": "outside", "section": "§14.3.1", "hex": hex_id, "attacker": seat}  # fmt: skip


def lay_siege(st: IRState, seat: str, hex_id: str, side: str, lines: list[Text]) -> None:
    """17.1: a siege is laid; no attrition roll the month it begins (17.3)."""
    from rules.imperium_romanum import siege

    city = B.city_at(st, hex_id)
    owner = st.city_owner.get(city, "") if city else siege.fort_holder(st, hex_id, side)
    st.sieges[hex_id] = {"power": owner, "city": city, "since": st.turn, "besieger": seat, "seat": side,
                         "rolls": 0}  # fmt: skip
    st.stat("sieges")
    lines.append(_("{seat} besieges {city} (17.1).", seat=seat, city=siege.place_name(st, hex_id)))


def siege_possible(st: IRState, side: str, hex_id: str, uids: list[str]) -> bool:
    """14.3, 16.3: units may accept siege in their own city when they fit (when they do not, a
    split defence, 14.3.1: ``split_inside``); 21.4 a: in a hex without a city, behind their
    side's maximum-level fort, all of them (IR-ENG-77)."""
    city = B.city_at(st, hex_id)
    if hex_id in st.sieges or side not in st.seats:
        return False
    if not city:
        from rules.imperium_romanum import forts

        return forts.is_maximum(st, hex_id, side)  # 21.4 a (IR-ENG-77): behind the side's top-level fort, no limit
    owner = st.city_owner.get(city, "")
    if not owner or B.seat_of(st, owner) != side:
        return False
    capacity = capacity_at(st, hex_id, side)
    return sum(B.le_halves(st.units[u]) for u in uids if not st.units[u]["type"].startswith("fleet")) <= capacity


def city_capacity(city: str) -> int:
    """16.3: the half-LE a city holds."""
    return ROMA_CAPACITY_HALVES if city in ("roma", "constantinopolis") else CITY_CAPACITY_HALVES


def capacity_at(st: IRState, hex_id: str, side: str) -> int:
    """16.3, 21.4: the half-LE the side's city in the hex holds; no limit with the side's
    maximum-level fort there."""
    from rules.imperium_romanum import forts

    return UNLIMITED if forts.is_maximum(st, hex_id, side) else city_capacity(B.city_at(st, hex_id))


UNLIMITED = 10**6


def split_inside(st: IRState, side: str, hex_id: str, uids: list[str]) -> list[str]:
    """14.3.1 (IR-ENG-46): when the force is too big for its own city, the units that go in: the
    infantry first, the strongest first, while they fit (16.3); empty when no split is possible."""
    city = B.city_at(st, hex_id)
    if not city or hex_id in st.sieges or side not in st.seats:
        return []
    owner = st.city_owner.get(city, "")
    if not owner or B.seat_of(st, owner) != side:
        return []
    room = capacity_at(st, hex_id, side)
    land = [u for u in uids if not B.is_fleet(st.units[u]) and B.is_combat(st.units[u])]
    if sum(B.le_halves(st.units[u]) for u in land) <= room:
        return []  # everyone fits: a plain acceptance of siege (14.3)
    inside = []
    for uid in sorted(land, key=lambda u: (B.is_cavalry(st.units[u]), -B.strength(st.units[u]), u)):
        if B.le_halves(st.units[uid]) <= room:
            inside.append(uid)
            room -= B.le_halves(st.units[uid])
    return inside if len(inside) < len(land) else []


def cavalry_sp(st: IRState, uids: list[str], attacking: bool) -> int:
    """14.2: cavalry strength; an attacker's cavalry that crossed a river or strait counts half."""
    total = 0
    for uid in uids:
        rec = st.units[uid]
        if B.is_cavalry(rec):
            value = B.strength(rec)
            if attacking and rec.get("crossing"):
                value //= 2
            total += value
    return total


def retreat_allowed(st: IRState, seat: str, hex_id: str, defenders: list[str]) -> bool:
    """14.2: no retreat before combat against twice the defender's cavalry (IR-ENG-16: the test
    needs attacking cavalry), nor for besieged defenders."""
    attacking = cavalry_sp(st, attackers_at(st, seat, hex_id), True)
    return not (attacking > 0 and attacking >= 2 * cavalry_sp(st, defenders, False))


def retreat_hexes(st: IRState, side: str, hex_id: str, uids: list[str]) -> list[str]:
    """14.2.1: adjacent hexes a stack may retreat into: not across a river or strait, not into
    enemies of a quarter of its strength or more, not across a hexside such enemies came over.
    Friendly provinces first (the default retreat, IR-ENG-17)."""
    from rules.imperium_romanum import movement

    w = world(st.scenario)
    own = sum(B.strength(st.units[u]) for u in uids)
    quarter = Fraction(own, 4)
    powers = sorted({st.units[u]["power"] for u in uids})
    came: dict[str, int] = {}
    for uid in B.units_at(st, hex_id):
        rec = st.units[uid]
        if rec.get("from") and B.seat_of(st, rec["power"]) != side:
            came[rec["from"]] = came.get(rec["from"], 0) + B.strength(rec)
    out = []
    for edge in w.edges.get(hex_id, ()):
        if edge.crossing:
            continue
        dest = edge.to
        enemies = sum(B.strength(st.units[u]) for u in B.units_at(st, dest)
                      if B.seat_of(st, st.units[u]["power"]) != side and any(B.hostile(st, p, st.units[u]["power"]) for p in powers))  # fmt: skip
        if enemies and enemies >= quarter:
            continue
        if came.get(dest, 0) and came[dest] >= quarter:
            continue
        if side in st.seats and not movement.may_enter(st, powers, dest):
            continue
        out.append(dest)
    friendly = {p for p, owner in st.province_owner.items() if owner and B.seat_of(st, owner) == side}
    return sorted(out, key=lambda h: (w.province(h) not in friendly, h))


def move_stack(st: IRState, side: str, frm: str, to: str, uids: list[str]) -> None:
    for uid in uids:
        st.units[uid].update(hex=to, mp=0, crossing="", **{"from": frm})
        st.units[uid]["order"] = st.seq = st.seq + 1
    for uid in [u for u in B.units_at(st, frm, False) if u not in uids]:
        rec = st.units[uid]
        if rec["type"] == B.BT and (B.seat_of(st, rec["power"]) or rec["power"]) == side:
            rec.update(hex=to, **{"from": frm})
    for lid in B.leaders_at(st, frm):
        if (B.seat_of(st, st.leaders[lid]["power"]) or st.leaders[lid]["power"]) == side:
            st.leaders[lid]["hex"] = to


# -- resolution ---------------------------------------------------------------------------
def choose_losses(st: IRState, uids: list[str], required: int) -> list[str]:
    """The units that satisfy a loss of at least ``required`` SP (the owner's choice, 14.5;
    IR-ENG-18 default: weakest units first, multipliers never count, 14.5)."""
    chosen: list[str] = []
    total = 0
    for uid in sorted(uids, key=lambda u: (FS.loss_value(st.units[u]), u)):
        if total >= required:
            break
        chosen.append(uid)
        total += FS.loss_value(st.units[uid])
    return chosen


def relative_loss(code: str, other_loss: int) -> int:
    """14.5: A/D lose at least the other side's SP, 1/2, 1/4, 3/4 that fraction; rounded up."""
    if code in ("N", "E"):
        return 0
    frac = Fraction(1) if code in ("A", "D") else Fraction(code[:-1])
    return -(-(frac * other_loss).numerator // (frac * other_loss).denominator)


def battle_morale(st: IRState, seat: str, hex_id: str, assault: bool, combined: bool = False) -> tuple[str, int, str, int]:
    """19.3.2: the power whose morale each side uses, and that morale."""
    side, defenders = defender_seat(st, seat, hex_id)
    fighters = [u for u in defenders if B.is_combat(st.units[u]) and (combined or st.units[u]["besieged"] == assault)]
    att_power, att_morale = side_morale(st, attackers_at(st, seat, hex_id), hex_id, seat)
    def_power, def_morale = side_morale(st, fighters, hex_id, side) if side in st.seats or fighters else ("", 0)
    city = enemy_city(st, seat, hex_id)
    if not def_power and city:
        def_power = st.city_owner[city]
        def_morale = int(st.powers[def_power]["morale"])
    return att_power, att_morale, def_power, def_morale


def donative_cap(st: IRState, power: str) -> int:
    """19.3.1: at most a fifth of the power's morale, and what its treasury holds."""
    if not power or not st.powers[power]["major"]:
        return 0
    return max(0, min(st.powers[power]["treasury"], st.powers[power]["morale"] * DONATIVE_CAP_PERCENT // 100))


def fight(st: IRState, seat: str, hex_id: str, lines: list[Text], assault: bool = False, combined: bool = False) -> None:
    """Before the odds (19.3.1): when a donative could change the morale modifier, the attacker
    and then the defender may each promise talents (IR-ENG-29); then the battle is resolved.
    ``combined``: the outside units and the city at once (14.3.1, IR-ENG-67)."""
    att_power, att_m, def_power, def_m = battle_morale(st, seat, hex_id, assault, combined)
    side, _defenders = defender_seat(st, seat, hex_id)
    caps = (donative_cap(st, att_power) if st.standing.get(seat, {}).get("donative", "ask") == "ask" else 0,
            donative_cap(st, def_power) if side in st.seats and st.standing.get(side, {}).get("donative", "ask") == "ask"
            else 0)  # fmt: skip
    now = morale_modifier(att_m, def_m)
    if morale_modifier(att_m + caps[0], def_m) == now and morale_modifier(att_m, def_m + caps[1]) == now:
        resolve(st, seat, hex_id, lines, assault, combined=combined)
        return
    battle = {"hex": hex_id, "attacker": seat, "side": side, "assault": assault, "caps": list(caps), "bids": [0, 0],
              "powers": [att_power, def_power], "combined": combined}  # fmt: skip
    _ask_donative(st, battle, 0 if caps[0] else 1)


def _ask_donative(st: IRState, battle: dict[str, Any], stage: int) -> None:
    seat = battle["attacker"] if stage == 0 else battle["side"]
    st.seq += 1
    prompt = (_("Battle at {hex}: promise a donative to your troops, +1 morale a talent for this battle (19.3.1)?",
                hex=battle["hex"]) if stage == 0 else
              _("Battle at {hex}: the attacker promised {bid} talents; promise a donative of your own (19.3.1)?",
                hex=battle["hex"], bid=battle["bids"][0]))  # fmt: skip
    choices = [[str(n), text_to_json(_n("{n} talent", "{n} talents", n))] for n in range(battle["caps"][stage] + 1)]
    st.pending = {"id": f"donative-{st.seq}", "seat": seat, "kind": "donative", "prompt": text_to_json(prompt),
                  "choices": choices, "default": "0", "section": "§19.3.1", "stage": stage, **battle}  # fmt: skip


def answer_donative(st: IRState, choice: str, lines: list[Text]) -> None:
    p, st.pending = st.pending, {}
    battle = {k: p[k] for k in ("hex", "attacker", "side", "assault", "caps", "bids", "powers")}
    battle["combined"] = bool(p.get("combined"))
    battle["bids"] = list(battle["bids"])
    battle["bids"][p["stage"]] = int(choice)
    if p["stage"] == 0 and battle["caps"][1]:
        _ask_donative(st, battle, 1)
        return
    for power, bid in zip(battle["powers"], battle["bids"], strict=True):
        if bid:
            st.powers[power]["treasury"] -= bid
            lines.append(_("{power} pays a donative of {bid} talents (19.3.1).", power=st.powers[power]["name"], bid=bid))
    resolve(st, str(battle["attacker"]), str(battle["hex"]), lines, bool(battle["assault"]), (battle["bids"][0], battle["bids"][1]),
            bool(battle["combined"]))  # fmt: skip


def resolve(st: IRState, seat: str, hex_id: str, lines: list[Text], assault: bool = False,
            bids: tuple[int, int] = (0, 0), combined: bool = False) -> None:  # fmt: skip
    """Resolve a land combat (14.4, 14.5): the attacker rolls a d6 on the Land CRT column of the
    odds, with leaders, CER, terrain and morale modifiers (morale raised by donatives, 19.3.1).
    ``combined`` (14.3.1): the units outside and those besieged defend together."""
    side, defenders = defender_seat(st, seat, hex_id)
    if not combined:
        defenders = [u for u in defenders if bool(st.units[u]["besieged"]) == assault]
    fighters = [u for u in defenders if B.is_combat(st.units[u])]
    attackers = attackers_at(st, seat, hex_id)
    city = enemy_city(st, seat, hex_id)
    alone = [lid for lid in B.leaders_at(st, hex_id) if (B.seat_of(st, st.leaders[lid]["power"]) or st.leaders[lid]["power"]) == side]
    from rules.imperium_romanum import forts

    fort = forts.strength_of(st, hex_id, side) + PORTS.defence_for(st, hex_id, side)  # 16.1: a port as a fort (IR-ENG-110)
    if not fighters and not city and not alone and not fort:
        _catch_alone(st, seat, side, hex_id, defenders, lines)
        return
    fleets = FS.joined(st, seat, hex_id)  # 14.6: fleets that joined the attack
    if fleets:
        st.stat("fleets_in_land_combat")
    if combined:
        att = combined_attack_strength(st, attackers) + FS.land_strength(st, fleets)
    else:
        att = sum(attack_strength(st, u, assault) for u in attackers) + FS.land_strength(st, fleets)
    attackers = attackers + fleets
    walled = not assault and forts.is_maximum(st, hex_id, side)  # 21.4 b, c (IR-ENG-63)
    outside_a_siege = not assault and not combined and hex_id in st.sieges
    if combined:  # 14.3.1: the besieged multiplied, the others at their own strength
        inside = [u for u in fighters if st.units[u]["besieged"]]
        dfn = defence_strength(st, inside, True, seat, city, fort) + defence_strength(
            st, [u for u in fighters if u not in inside], False, seat, "", 0, walled)
    else:
        walls = "" if outside_a_siege else city  # 14.3.1: units outside a besieged city fight without its walls
        dfn = defence_strength(st, fighters, assault, seat, walls, fort, walled)
    if not fighters and not city and not fort:
        dfn = 1  # 18.1: a leader alone defends with 1
    from rules.imperium_romanum import port_defence as PD

    port_fleets = [] if outside_a_siege else PD.defending(st, side, hex_id)  # 14.6: fleets that stayed in the port
    if port_fleets:
        st.stat("fleets_in_land_defence")
        dfn += PD.strength(st, port_fleets, siege_multiplier(st, seat, city) if assault or combined else 1)
        fighters = fighters + port_fleets
    from rules.imperium_romanum import militia as MIL

    att_mil = MIL.for_side(st, B.powers_of(st, seat), hex_id)  # 29.3: the province's militia joins its owner
    def_mil = MIL.for_side(st, B.powers_of(st, side) or [side], hex_id) if fighters or city or fort else ("", 0)
    att += att_mil[1]
    dfn += def_mil[1] * (siege_multiplier(st, seat, city) if assault else 1)  # doubled or tripled under assault
    column = column_for(att, dfn)
    att_power, att_morale, def_power, def_morale = battle_morale(st, seat, hex_id, assault, combined)
    att_morale += bids[0]
    def_morale += bids[1]
    mods: list[tuple[str, int]] = []
    att_leader, def_leader = best_leader(st, hex_id, seat), best_leader(st, hex_id, side)
    if att_leader:
        mods.append((_("§14.4.2a attacking leader"), B.leader_value(att_leader)))
    if def_leader:
        mods.append((_("§14.4.2b defending leader"), -B.leader_value(def_leader)))
    city_strength = (B.city_defence(st, city) if city and not outside_a_siege else 0) + fort  # cities, ports and forts are CER B
    province = world(st.scenario).province(hex_id)
    cer = cer_modifier(data().charts, stack_cer(st, attackers, 0, (MIL.cer(st, province), att_mil[1])),
                       stack_cer(st, fighters, city_strength, (MIL.cer(st, province), def_mil[1])))  # fmt: skip
    if cer:
        mods.append((_("§14.4.3 CER"), cer))
    if world(st.scenario).terrain(hex_id) in ("rough", "marsh"):
        mods.append((_("§14.4.2d rough or marsh"), -1))
    edge = morale_modifier(att_morale, def_morale)
    if edge:
        mods.append((_("§19.3 morale"), edge))
    from rules.imperium_romanum import combat_advantage

    mods += combat_advantage.modifiers(st, attackers, fighters, assault or combined or bool(fort))  # optional rule 40
    from rules.imperium_romanum import deity

    roll = deity.roll(st, seat, "land_combat", 1, _("§14.4.2 land combat"), mods, lines)  # 42: the attacker's appeal
    cell = land_result(data().charts, column, roll.result)
    st.stat("battles")
    lines.append(_("Battle at {hex}: {att} against {dfn}, column {column}, roll {roll}: {a}/{d} (14.5).", hex=hex_id,
                   att=att, dfn=dfn, column=column, roll=roll.result, a=cell.attacker, d=cell.defender))  # fmt: skip
    ctx = {"hex": hex_id, "attacker": seat, "side": side, "assault": assault, "combined": combined, "attackers": attackers,
           "fighters": fighters, "defenders": defenders, "city": city, "fort": fort, "cell": [cell.attacker, cell.defender, cell.winner],
           "att_power": att_power, "def_power": def_power, "att_leader": att_leader, "def_leader": def_leader,
           "enemy_strength": {"att": sum(FS.loss_value(st.units[u]) for u in fighters),
                              "def": sum(FS.loss_value(st.units[u]) for u in attackers)},
           "step": 0, "e_att": 0, "e_def": 0, "lost": 0, "militia": [att_mil[0], def_mil[0]], "odds": [att, dfn]}  # fmt: skip
    run_losses(st, ctx, lines)


def unit_words(st: IRState, uid: str) -> Text | str:
    """A unit in a loss choice: a named legion by its name and type (5.7, IR-DIS-20), any other
    unit by its type."""
    from rules.imperium_romanum.counters import legion_name

    name = legion_name(st, st.units[uid])
    kind = B.name_of_type(st.units[uid])
    return _("{legion} ({unit})", legion=name, unit=kind) if name else kind


def run_losses(st: IRState, ctx: dict[str, Any], lines: list[Text]) -> None:
    """14.5: an E result first removes a whole side; then the attacker's, and then the defender's,
    relative loss (against the SP the other side lost to its E). Each unit lost is the owner's
    choice in a window (default: the weakest, IR-ENG-18; standing order ``losses weakest``),
    asked only when units of more than one kind could go."""
    att_code, def_code = ctx["cell"][0], ctx["cell"][1]
    if ctx["step"] == 0:
        if att_code == "E":
            ctx["e_att"] = _sp_lost(st, _apply(st, ctx["attackers"], "E", 0, ctx["def_power"], lines)) + _militia_loss(st, ctx, True, None, lines)
        if def_code == "E":
            ctx["e_def"] = _sp_lost(st, _apply(st, ctx["fighters"], "E", 0, ctx["att_power"], lines)) + _militia_loss(st, ctx, False, None, lines)
        ctx["step"], ctx["lost"] = 1, 0
    while ctx["step"] in (1, 2):
        attacking = ctx["step"] == 1
        code = att_code if attacking else def_code
        alive = [u for u in ctx["attackers" if attacking else "fighters"] if u in st.units]
        required = 0 if code in ("E", "N") else relative_loss(code, ctx["e_def"] if attacking else ctx["e_att"])
        if ctx["lost"] < required:  # 29.3: militia takes the losses first
            ctx["lost"] += _militia_loss(st, ctx, attacking, required - ctx["lost"], lines)
        if ctx["lost"] >= required or not alive:
            ctx["step"], ctx["lost"] = ctx["step"] + 1, 0
            continue
        options = loss_options(st, alive)
        owner = B.seat_of(st, st.units[alive[0]]["power"])
        if len(options) > 1 and owner in st.seats and st.standing.get(owner, {}).get("losses", "ask") == "ask":
            st.seq += 1
            prompt = _("{hex}: your force must still lose {sp} SP (14.5). Which unit goes?", hex=ctx["hex"],
                       sp=required - ctx["lost"])  # fmt: skip
            st.pending = {"id": f"losses-{st.seq}", "seat": owner, "kind": "losses", "prompt": text_to_json(prompt),
                          "choices": [[u, text_to_json(_("Lose {unit} ({sp} SP)", unit=unit_words(st, u),
                                                         sp=B.strength(st.units[u])))] for u in options],
                          "default": options[0], "section": "§14.5", "battle": ctx}  # fmt: skip
            return
        _lose_one(st, ctx, options[0], attacking, lines)
    after_losses(st, ctx, lines)


def _militia_loss(st: IRState, ctx: dict[str, Any], attacking: bool, sp: int | None, lines: list[Text]) -> int:
    """29.3: the militia SP a side loses (all of it when ``sp`` is None), counted in its losses."""
    from rules.imperium_romanum import militia as MIL

    power = str((ctx.get("militia") or ["", ""])[0 if attacking else 1])
    if not power:
        return 0
    return MIL.lose(st, power, str(ctx["hex"]), MIL.available(st, power, str(ctx["hex"])) if sp is None else sp, lines)


def loss_options(st: IRState, alive: list[str]) -> list[str]:
    """One unit of each kind (type and seasoning) that could be lost, the weakest first."""
    seen: dict[tuple[str, bool], str] = {}
    for uid in sorted(alive, key=lambda u: (FS.loss_value(st.units[u]), u)):
        seen.setdefault((st.units[uid]["type"], bool(st.units[uid]["vet"])), uid)
    return list(seen.values())


def _lose_one(st: IRState, ctx: dict[str, Any], uid: str, attacking: bool, lines: list[Text]) -> None:
    ctx["lost"] += FS.loss_value(st.units[uid])
    FS.lose(st, uid, list(ctx["attackers" if attacking else "fighters"]), lines,
            str(ctx["def_power"] if attacking else ctx["att_power"]))  # fmt: skip


def _sp_lost(st: IRState, uids: list[str]) -> int:
    return sum(FS.loss_value(st.eliminated[u]) for u in uids)


def answer_losses(st: IRState, choice: str, lines: list[Text]) -> None:
    """The owner picked the next unit to lose; the battle goes on."""
    pending, st.pending = st.pending, {}
    ctx = dict(pending["battle"])
    _lose_one(st, ctx, choice, ctx["step"] == 1, lines)
    run_losses(st, ctx, lines)


def after_losses(st: IRState, ctx: dict[str, Any], lines: list[Text]) -> None:
    """After the losses (14.5): battle morale (19.1), then seasoning (15.1) and the rest."""
    attackers, fighters = list(ctx["attackers"]), list(ctx["fighters"])
    att_power, def_power = str(ctx["att_power"]), str(ctx["def_power"])
    from rules.imperium_romanum import plague

    pieces = [(st.units.get(u) or st.eliminated[u], u in st.eliminated) for u in attackers + fighters if u in st.units or u in st.eliminated]
    plague.note_battle(st, str(ctx["hex"]), sum(B.strength(r) for r, _gone in pieces), sum(B.strength(r) for r, gone in pieces if gone))  # 45.0
    winner_is_attacker = ctx["cell"][2] == "attacker"
    if fighters:
        B.change_morale(st, att_power, BATTLE_MORALE if winner_is_attacker else -BATTLE_MORALE,
                        _("battle won") if winner_is_attacker else _("battle lost"), lines)  # fmt: skip
        if def_power:
            B.change_morale(st, def_power, -BATTLE_MORALE if winner_is_attacker else BATTLE_MORALE,
                            _("battle lost") if winner_is_attacker else _("battle won"), lines)  # fmt: skip
    ctx["seasoning"] = [[[u for u in attackers if u in st.units], int(ctx["enemy_strength"]["att"])],
                        [[u for u in fighters if u in st.units], int(ctx["enemy_strength"]["def"])]]
    run_seasoning(st, ctx, lines)


def run_seasoning(st: IRState, ctx: dict[str, Any], lines: list[Text]) -> None:
    """15.1: each side, the attacker's first, may season survivors up to the enemy's strength.
    When the budget cannot cover every candidate and units of more than one kind fit, the owner
    picks the next one in a window (default: the largest, IR-ENG-19; ``seasoning largest``);
    ``none`` stops that side's seasoning."""
    while ctx["seasoning"]:
        uids, budget = ctx["seasoning"][0]
        options = season_options(st, uids, budget)
        candidates = [u for u in uids if u in st.units and not st.units[u]["vet"] and B.is_combat(st.units[u])]
        owner = B.seat_of(st, st.units[options[0]]["power"]) if options else ""
        if not options:
            ctx["seasoning"].pop(0)
            continue
        if (len(options) > 1 and sum(B.strength(st.units[u]) for u in candidates) > budget and owner in st.seats
                and st.standing.get(owner, {}).get("seasoning", "ask") == "ask"):  # fmt: skip
            st.seq += 1
            prompt = _("{hex}: your force may season {sp} more SP of new units (15.1). Which one?", hex=ctx["hex"],
                       sp=budget)  # fmt: skip
            st.pending = {"id": f"season-{st.seq}", "seat": owner, "kind": "season", "prompt": text_to_json(prompt),
                          "choices": [[u, text_to_json(_("Season {unit} ({sp} SP)", unit=B.name_of_type(st.units[u]),
                                                         sp=B.strength(st.units[u])))] for u in options]
                          + [["none", text_to_json(_("Season no more units"))]],
                          "default": options[0], "section": "§15.1", "battle": ctx}  # fmt: skip
            return
        _season_one(st, options[0], ctx["seasoning"][0], lines)
    after_seasoning(st, ctx, lines)


def answer_season(st: IRState, choice: str, lines: list[Text]) -> None:
    """The owner picked the next unit to season, or none; the battle goes on."""
    pending, st.pending = st.pending, {}
    ctx = dict(pending["battle"])
    if choice == "none":
        ctx["seasoning"].pop(0)
    else:
        _season_one(st, choice, ctx["seasoning"][0], lines)
    run_seasoning(st, ctx, lines)


def after_seasoning(st: IRState, ctx: dict[str, Any], lines: list[Text]) -> None:
    """After seasoning: fort builders, leaders (18.2), the loser's retreat (14.5.1)."""
    from rules.imperium_romanum import forts

    seat, side, hex_id = str(ctx["attacker"]), str(ctx["side"]), str(ctx["hex"])
    attackers, fighters, city, fort = list(ctx["attackers"]), list(ctx["fighters"]), str(ctx["city"]), int(ctx["fort"])
    att_power, assault = str(ctx["att_power"]), bool(ctx["assault"])
    defender_code = ctx["cell"][1]
    winner_is_attacker = ctx["cell"][2] == "attacker"
    survivors_att = [u for u in attackers if u in st.units and not B.is_fleet(st.units[u])]  # 14.6: fleets stay
    survivors_def = [u for u in fighters if u in st.units and not B.is_fleet(st.units[u])]
    from rules.imperium_romanum import port_defence as PD

    port_fleets = [u for u in fighters if u in st.units and B.is_fleet(st.units[u])]
    if port_fleets and not ctx.get("fleets_done"):
        ctx["fleets_done"] = True
        beaten = winner_is_attacker and not any(st.units[u]["besieged"] for u in survivors_def)
        if beaten and PD.retreat_fleets(st, ctx, port_fleets, lines):  # 14.6: the fleets go their own way
            return
    PD.clear(st, hex_id)
    forts.cancel_builders(st, survivors_def if winner_is_attacker else survivors_att, lines)  # 21.1
    leader_alone_safe = not fighters and not city and not fort and defender_code == "N"  # 18.2a
    defenders = [u for u in ctx["defenders"] if u in st.units]
    _leaders_after(st, hex_id, seat, "" if leader_alone_safe else side, lines)
    if not fighters and not city and not fort and not leader_alone_safe:
        _catch_alone(st, seat, side, hex_id, defenders, lines)
    from rules.imperium_romanum import victory

    victory.settle_fallen(st, lines)  # IR-ENG-142: the chiefs this battle cost fall together
    winner_leader = ctx["att_leader"] if winner_is_attacker else ctx["def_leader"]
    battle = {"hex": hex_id, "attacker": seat, "side": side, "city": city, "att_power": att_power,
              "attacker_won": winner_is_attacker, "winners": survivors_att if winner_is_attacker else survivors_def,
              "great_leader": bool(winner_leader) and B.leader_value(winner_leader) >= 2,
              "winner_leader": winner_leader, "odds": list(ctx.get("odds", [0, 0]))}  # fmt: skip
    loser, losers = (side, survivors_def) if winner_is_attacker else (seat, survivors_att)
    if ctx.get("combined"):
        losers = [u for u in losers if not st.units[u]["besieged"]]  # 14.5.1: the besieged stay under siege
    if losers and not (assault and winner_is_attacker):
        dests = retreat_hexes(st, loser, hex_id, losers)
        order = st.standing.get(loser, {}).get("retreat", "ask")
        if len(dests) > 1 and loser in st.seats and order == "ask":
            st.seq += 1
            prompt = _("Your force in {hex} lost the battle and must retreat (14.5.1): where to?", hex=hex_id)
            st.pending = {"id": f"retreat-{st.seq}", "seat": loser, "kind": "retreat", "prompt": text_to_json(prompt),
                          "choices": [[d, text_to_json(_("Retreat to {hex}", hex=d))] for d in dests],
                          "default": dests[0], "section": "§14.5.1", "losers": losers, **battle}  # fmt: skip
            return
        _retreat_after(st, loser, hex_id, losers, dests[0] if dests else "", lines)
    conclude(st, battle, lines)


def answer_retreat(st: IRState, choice: str, lines: list[Text]) -> None:
    """The loser chose its retreat hex (14.5.1); the battle's consequences follow."""
    battle, st.pending = st.pending, {}
    losers = [u for u in battle["losers"] if u in st.units]
    _retreat_after(st, str(battle["seat"]), str(battle["hex"]), losers, choice, lines)
    conclude(st, battle, lines)


def conclude(st: IRState, battle: dict[str, Any], lines: list[Text]) -> None:
    """After the losers retreated: a side gone from the hex loses its forts (21.3) and its city
    (14.5.1); sieges, dissolution and victory are checked."""
    from rules.imperium_romanum import forts, siege, victory

    hex_id, seat, side, city = str(battle["hex"]), str(battle["attacker"]), str(battle["side"]), str(battle["city"])

    def present(who: str) -> list[str]:
        return [u for u in B.units_at(st, hex_id) if (B.seat_of(st, st.units[u]["power"]) or st.units[u]["power"]) == who
                and B.is_combat(st.units[u])]  # fmt: skip

    if battle["attacker_won"] and present(seat) and not present(side):
        forts.remove_forts(st, hex_id, side, lines)  # 21.3
        PORTS.capture(st, hex_id, side, str(battle["att_power"]), lines)  # 16.1 (IR-ENG-110)
        if city and st.city_owner.get(city, "") and (B.seat_of(st, st.city_owner[city]) or st.city_owner[city]) == side:
            _capture(st, seat, hex_id, city, str(battle["att_power"]), lines)
    siege.check_sieges(st, lines)
    if not st.result and not st.pending:
        from rules.imperium_romanum import usurpation

        usurpation.after_battle(st, battle, lines)  # optional rule 44
    victory.check_dissolution(st, lines)
    victory.check_early(st, lines)
    if not st.result and not st.pending:
        from rules.imperium_romanum import landing

        if landing.offer_follow_up(st, battle, lines):  # 10.5.1: cavalry and trains behind the invaders
            return
        offer_elite(st, battle)


def elite_candidates(st: IRState, winners: list[str]) -> list[str]:
    """15.2: in periods 1 to 3, one seasoned 20-10 legion of a battle's winners may become an
    elite 24-10 for 2 talents of its power."""
    if data().scenarios[st.scenario].period not in ELITE_PERIODS:
        return []
    from rules.imperium_romanum import counters

    def elite_counter_free(rec: dict[str, Any]) -> bool:  # 5.7: an elite counter of its colour
        most, taken = counters.mix(st, str(rec.get("counter") or rec["power"]), ELITE_TYPE)
        return taken < most

    return [u for u in winners if u in st.units and st.units[u]["type"] == "legion_20_10" and st.units[u]["vet"]
            and st.powers[st.units[u]["power"]]["treasury"] >= ELITE_COST
            and elite_counter_free(st.units[u])]  # fmt: skip


def offer_elite(st: IRState, battle: dict[str, Any]) -> None:
    candidates = elite_candidates(st, list(battle.get("winners", [])))
    if not candidates:
        return
    seat = B.seat_of(st, st.units[candidates[0]]["power"])
    if seat not in st.seats or st.standing.get(seat, {}).get("elite", "ask") == "never":
        return
    st.seq += 1
    prompt = _("Your legions won at {hex}: convert a seasoned 20-10 into an elite 24-10 for 2 talents (15.2)?",
               hex=battle["hex"])  # fmt: skip
    st.pending = {"id": f"elite-{st.seq}", "seat": seat, "kind": "elite", "prompt": text_to_json(prompt),
                  "choices": [["no", text_to_json(_("No conversion"))]] + [[u, text_to_json(_("Convert {unit}", unit=u))]
                                                                           for u in candidates],
                  "default": "no", "section": "§15.2", "great_leader": battle["great_leader"]}  # fmt: skip


def answer_elite(st: IRState, choice: str, lines: list[Text]) -> None:
    """15.2: pay 2 talents and roll a d6, -1 when a +2 or +3 leader fought: 1 or 2 succeeds;
    the talents are spent either way."""
    pending, st.pending = st.pending, {}
    if choice == "no":
        return
    rec = st.units[choice]
    st.powers[rec["power"]]["treasury"] -= ELITE_COST
    mods = [(_("§15.2 leader +2 or better"), -1)] if pending.get("great_leader") else []
    from rules.imperium_romanum import deity

    roll = deity.roll(st, str(pending["seat"]), "elite", -1, _("§15.2 elite legion"), mods, lines)  # 42: low rolls succeed
    if roll.result <= ELITE_TARGET:
        from rules.imperium_romanum import counters

        counters.retype(st, rec, ELITE_TYPE)  # 5.7: the elite counter replaces the 20-10's
        st.stat("elite_legions")
        lines.append(_("{power}: a legion of the battle becomes an elite legion (15.2).",
                       power=st.powers[rec["power"]]["name"]))
    else:  # issue 18: named by its power, not by a piece id (3.2: public posts name no piece)
        lines.append(_("{power}: the conversion of a legion to elite fails; the talents are spent (15.2).",
                       power=st.powers[rec["power"]]["name"]))


def _apply(st: IRState, uids: list[str], code: str, other_loss: int, by: str, lines: list[Text]) -> list[str]:
    alive = [u for u in uids if u in st.units]
    if code == "E":
        victims = alive
    else:
        victims = choose_losses(st, alive, relative_loss(code, other_loss))
    for uid in victims:
        if uid in st.units:  # a fleet's troops may have gone down with it
            FS.lose(st, uid, alive, lines, by)
    return victims


def season_options(st: IRState, uids: list[str], budget: int) -> list[str]:
    """15.1: one unseasoned combat unit of each type whose SP still fit the budget, the largest
    first (the default order of IR-ENG-19)."""
    seen: dict[str, str] = {}
    for uid in sorted((u for u in uids if u in st.units), key=lambda u: (-B.strength(st.units[u]), u)):
        rec = st.units[uid]
        if not rec["vet"] and B.is_combat(rec) and B.strength(rec) <= budget:
            seen.setdefault(rec["type"], uid)
    return list(seen.values())


def _season_one(st: IRState, uid: str, pool: list[Any], lines: list[Text]) -> None:
    """Flip one unit to its seasoned side and charge its SP to the side's budget ``pool``."""
    rec = st.units[uid]
    pool[1] -= B.strength(rec)
    rec["vet"] = True
    lines.append(B.secret(_("{unit} is seasoned (15.1).", unit=uid), B.seat_of(st, rec["power"])))


def _season(st: IRState, uids: list[str], budget: int, lines: list[Text]) -> None:
    """15.1 by default (IR-ENG-19): season the largest that fits until nothing fits."""
    pool: list[Any] = [list(uids), budget]
    while season_options(st, uids, pool[1]):
        _season_one(st, season_options(st, uids, pool[1])[0], pool, lines)


def _leaders_after(st: IRState, hex_id: str, seat: str, side: str, lines: list[Text]) -> None:
    """18.2: leaders left in the hex without a combat unit of their side are captured when the
    enemy holds the hex, killed otherwise (IR-ENG-20)."""

    def side_of(power: str) -> str:
        return B.seat_of(st, power) or power

    for lid in B.leaders_at(st, hex_id):
        owner = side_of(st.leaders[lid]["power"])
        if owner not in (seat, side):
            continue
        mine = [u for u in B.units_at(st, hex_id) if side_of(st.units[u]["power"]) == owner and B.is_combat(st.units[u])]
        if mine:
            continue
        other = seat if owner == side else side
        enemy = [u for u in B.units_at(st, hex_id) if side_of(st.units[u]["power"]) == other and B.is_combat(st.units[u])]
        by = st.units[enemy[0]]["power"] if enemy else ""
        B.lose_leader(st, lid, "captured" if enemy else "dead", lines, by=by, in_combat=True)


def _retreat_after(st: IRState, side: str, hex_id: str, uids: list[str], dest: str, lines: list[Text]) -> None:
    """14.5.1: the loser retreats to ``dest`` (cavalry superiority ignored); with no legal hex it
    loses at least half its remaining SP and stays."""
    if dest:
        move_stack(st, side, hex_id, dest, uids)
        lines.append(_("The losers retreat to {hex} (14.5.1).", hex=dest))
        return
    remaining = sum(B.strength(st.units[u]) for u in uids)
    victims = choose_losses(st, uids, -(-remaining // 2))
    lines.append(_("The losers cannot retreat and lose half their strength (14.5.1)."))
    for uid in victims:
        B.eliminate_unit(st, uid, lines, _("no retreat (14.5.1)"))


def _capture(st: IRState, seat: str, hex_id: str, city: str, power: str, lines: list[Text]) -> None:
    if hex_id in st.sieges:
        st.sieges.pop(hex_id)
    for uid in B.units_at(st, hex_id):
        st.units[uid]["besieged"] = False
    st.stat("cities_taken")
    B.take_city(st, city, power, lines)  # with the capital's morale (19.2)


def _catch_alone(st: IRState, seat: str, side: str, hex_id: str, defenders: list[str], lines: list[Text]) -> None:
    """13.4.5: baggage trains caught with no combat unit, fort or city are captured by a Roman
    power, destroyed by barbarians, and by a civilized power captured on a d6 of 1-4; leaders
    left alone are captured (18.2, IR-ENG-21)."""
    attackers = attackers_at(st, seat, hex_id)
    taker = st.units[attackers[0]]["power"]
    kind = st.powers[taker]["kind"]
    for uid in defenders:
        if st.units[uid]["type"] == B.BT:
            destroyed = kind == "barbarian"
            if kind == "civilized":  # 1-4 captured, 5-6 plundered and eliminated; the taker's die,
                from rules.imperium_romanum import deity  # low helping (IR-ENG-164)

                why = _("§13.4.5 baggage train taken by a civilized power")
                destroyed = deity.roll(st, seat, "baggage_capture", -1, why, [], lines).result >= 5
            if destroyed:
                B.eliminate_unit(st, uid, lines, _("baggage train destroyed (13.4.5)"), by=taker)
            else:
                st.units[uid].update(power=taker)
                lines.append(_("{power} captures a baggage train (13.4.5).", power=st.powers[taker]["name"]))
    for lid in B.leaders_at(st, hex_id):
        if (B.seat_of(st, st.leaders[lid]["power"]) or st.leaders[lid]["power"]) == side:
            B.lose_leader(st, lid, "captured", lines, by=taker, in_combat=True)
    from rules.imperium_romanum import victory

    victory.check_dissolution(st, lines)
    victory.check_early(st, lines)
