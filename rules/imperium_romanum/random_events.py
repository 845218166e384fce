"""Optional rule 39: random events (game option ``random_events``).

In March, June, September and December each major power rolls on the Random Events Table
(39.1); a letter is one of the events of 39.2, each its own function below. Events with a
lifetime leave a marker in ``st.events`` ({"code", "power", "until", ...}): the engine's rules
read them through the small queries at the end of this module, and ``lapse`` removes a marker
when the month of its ``until`` begins. Events that need a choice (A, L, X) open a window with
a default; the powers still to roll wait in ``st.event_queue``.
"""

from __future__ import annotations

from typing import Any

from rules.core.i18n import Text, _, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, hex_distance, world

SECTION = "§39.2"
MONTHS = (3, 6, 9, 12)
"""39.1: the quarterly Random Events Phase."""
MAX_CHOICES = 25
"""A window offers at most this many choices (design: a Discord menu's limit)."""


def enabled(st: IRState) -> bool:
    return st.options.get("random_events") == "yes"


def numbers(key: str) -> dict[str, Any]:
    """The numbers of one event as ``charts_events.toml`` gives them."""
    book = data().tables
    assert book is not None, "load_data sets the charts"
    return dict(book.events.numbers[key])


def _name(st: IRState, power: str) -> str:
    return str(st.powers[power]["name"])


def _province_name(province: str) -> str:
    return data().provinces[province].name


def _mark(st: IRState, code: str, power: str, until: int, **extra: Any) -> None:
    st.events.append({"code": code, "power": power, "until": until, **extra})


def markers(st: IRState, code: str, power: str = "") -> list[dict[str, Any]]:
    """The markers of event ``code`` in force (of ``power`` when given)."""
    return [m for m in st.events if m["code"] == code and (not power or m["power"] == power)]


def next_september(st: IRState) -> int:
    """The turn of the next September game turn (F, G, H: 'until the next September';
    IR-ENG-80: a September event lasts to the September a year later)."""
    return st.turn + ((9 - st.month) % 12 or 12)


# -- the phase (39.1) -----------------------------------------------------------------------
def start_phase(st: IRState) -> None:
    """39.1: in the quarterly months every major power of every seat rolls, in seat order."""
    st.event_queue = []
    if not enabled(st) or st.month not in MONTHS:
        return
    for seat in st.seats:
        st.event_queue += [p for p in B.powers_of(st, seat) if st.powers[p]["major"] and not st.powers[p]["dissolved"]]


def step(st: IRState, lines: list[Text]) -> bool:
    """Roll for the next power in the queue; False when every power has rolled."""
    if not st.event_queue:
        return False
    power = st.event_queue.pop(0)
    if power in st.powers and not st.powers[power]["dissolved"]:
        roll_for(st, power, lines)
    return True


def roll_for(st: IRState, power: str, lines: list[Text]) -> str:
    """39.1: a d6 plus the period number gives the row, a d6 plus the major powers the scenario
    began with the column; the cell is "-" or an event's letter."""
    scen = data().scenarios[st.scenario]
    period = int(scen.period.lstrip("P"))
    majors = sum(1 for p in scen.powers if p.major)
    row = st.dice.d6(_("§39.1 random event row, {power}", power=power), [(_("period"), period)])
    column = st.dice.d6(_("§39.1 random event column, {power}", power=power), [(_("major powers"), majors)])
    book = data().tables
    assert book is not None
    code = book.events.event(row.result, column.result)
    if code == "-":
        lines.append(_("Random events (39.1), {power}: {row} and {column}, nothing happens.", power=_name(st, power),
                       row=row.result, column=column.result))  # fmt: skip
        return code
    lines.append(_("Random events (39.1), {power}: {row} and {column}, event {code}.", power=_name(st, power),
                   row=row.result, column=column.result, code=code))  # fmt: skip
    st.stat("random_events")
    st.stat(f"event_{code}")
    EVENTS[code](st, power, lines)
    return code


# -- the events (39.2) ----------------------------------------------------------------------
def military_intelligence(st: IRState, power: str, lines: list[Text]) -> None:
    """A: the power's player looks at one enemy stack (or the stack under a leader) this turn;
    a window lists the stacks, the largest first, and what it holds is told to him alone."""
    seat = B.seat_of(st, power)
    sizes: dict[str, int] = {}
    for rec in st.units.values():
        if B.seat_of(st, rec["power"]) != seat and not rec.get("aboard"):
            sizes[rec["hex"]] = sizes.get(rec["hex"], 0) + 1
    stacks = sorted(sizes, key=lambda h: (-sizes[h], h))[:MAX_CHOICES]
    if not stacks or not seat:
        lines.append(_("Military intelligence (39.2 A): {power} finds no enemy stack to examine.", power=_name(st, power)))
        return
    st.seq += 1
    prompt = _("Military intelligence (39.2 A): which stack do you examine?")
    st.pending = {"id": f"intel-{st.seq}", "seat": seat, "kind": "intel", "prompt": text_to_json(prompt),
                  "default": stacks[0], "section": "§39.2", "power": power,
                  "choices": [[h, text_to_json(_("The stack at {hex} ({n} pieces)", hex=h, n=sizes[h]))] for h in stacks]}  # fmt: skip


def answer_intelligence(st: IRState, choice: str, lines: list[Text]) -> None:
    """A: the examined stack is shown whole to that seat alone, in its view, until the month ends."""
    pending, st.pending = st.pending, {}
    seat = str(pending["seat"])
    _mark(st, "A", str(pending["power"]), st.turn + 1, seat=seat, hex=choice)
    pieces = [B.name_of(st, u) for u in B.units_at(st, choice, None)] + [B.name_of(st, lid) for lid in B.leaders_at(st, choice)]
    lines.append(B.secret(_("Military intelligence (39.2 A): the stack at {hex} holds {pieces}.", hex=choice,
                            pieces=", ".join(pieces) or "-"), seat))  # fmt: skip


def examined_hexes(st: IRState, seat: str) -> list[str]:
    """A: the hexes whose stacks ``seat`` sees whole this month."""
    return [str(m["hex"]) for m in markers(st, "A") if m.get("seat") == seat]


def _chief(st: IRState, power: str) -> str:
    lid = str(st.powers[power].get("chief", ""))
    return lid if lid in st.leaders and st.leaders[lid]["status"] == "map" else ""


def emperor_death(st: IRState, power: str, lines: list[Text]) -> None:
    """B: on a 6 the Emperor or Rex dies (18.4 and dissolution follow from his loss); 1-5 is a
    false alarm."""
    roll = st.dice.d6(_("§39.2 B emperor's death"))
    chief = _chief(st, power)
    if roll.result < 6 or not chief:
        lines.append(_("Rumours of the ruler's death prove false (39.2 B, roll {roll}).", roll=roll.result))
        return
    B.lose_leader(st, chief, "dead", lines)


def leader_death(st: IRState, power: str, lines: list[Text]) -> None:
    """C: on a 6 one of the power's other leaders, picked at random, dies."""
    roll = st.dice.d6(_("§39.2 C leader's death"))
    chief = str(st.powers[power].get("chief", ""))
    others = sorted(lid for lid, rec in st.leaders.items() if rec["power"] == power and rec["status"] == "map" and lid != chief)
    if roll.result < 6 or not others:
        lines.append(_("A leader's death is a false alarm (39.2 C, roll {roll}).", roll=roll.result))
        return
    B.lose_leader(st, others[st.dice.randint(0, len(others) - 1)], "dead", lines)


def receive_leader(st: IRState, power: str, lines: list[Text]) -> None:
    """D: an unnamed leader of value 0 (1-3), +1 (4-5) or +2 (6) joins the power, taken from the
    common pool of unnamed counters (IR-ENG-81); none free of that value, none comes. He
    appears with the Emperor or Rex, else in the power's capital, else with its first unit."""
    roll = st.dice.d6(_("§39.2 D new leader's value"))
    value = 0 if roll.result <= 3 else 1 if roll.result <= 5 else 2
    free = sorted(lid for lid, leader in data().leaders.items()
                  if lid.startswith("unnamed_") and leader.value == value and lid not in st.leaders)  # fmt: skip
    where = _leader_home(st, power)
    if not free or not where:
        lines.append(_("No unnamed leader of value {value} is free: {power} receives none (39.2 D).", value=value,
                       power=_name(st, power)))  # fmt: skip
        return
    st.leaders[free[0]] = {"power": power, "hex": where, "status": "map", "captor": "", "mp": 0, "activated": False,
                           "forced": False}  # fmt: skip
    lines.append(_("{power} receives a new leader of value {value} at {hex} (39.2 D).", power=_name(st, power),
                   value=value, hex=where))  # fmt: skip


def _leader_home(st: IRState, power: str) -> str:
    chief = _chief(st, power)
    if chief and not st.leaders[chief].get("aboard"):
        return str(st.leaders[chief]["hex"])
    from rules.imperium_romanum.grain import capital_of

    capital = capital_of(st, power)
    if capital and st.city_owner.get(capital) == power:
        return data().cities[capital].hex
    mine = sorted(u for u, rec in st.units.items() if rec["power"] == power and not rec.get("aboard") and not B.is_fleet(rec))
    return str(st.units[mine[0]]["hex"]) if mine else ""


def random_province(st: IRState) -> str:
    """E, F (IR-ENG-82): the thrown counter becomes a draw among the map's land provinces."""
    provinces = sorted({cell.province for cell in data().hexes.values() if cell.kind == "land" and cell.province})
    return provinces[st.dice.randint(0, len(provinces) - 1)]


def plague_event(st: IRState, power: str, lines: list[Text]) -> None:
    """E: on a 6 plague strikes a random province: each stack there loses a third of its units
    and the province takes two plunder markers; next month it spreads (``spread_plague``).
    With rule 45 in play, E is no event (45.0)."""
    from rules.imperium_romanum import plague

    if plague.enabled(st):
        lines.append(_("Plague rule 45 is in play: event E is no event (45.0)."))
        return
    roll = st.dice.d6(_("§39.2 E plague"))
    if roll.result < 6:
        lines.append(_("No plague this time (39.2 E, roll {roll}).", roll=roll.result))
        return
    province = random_province(st)
    lines.append(_("Plague breaks out in {province} (39.2 E).", province=_province_name(province)))
    plague.strike(st, province, lines, "§39.2 E", by_le=False)
    _mark(st, "E", power, st.turn + 2, province=province, spreads=st.turn + 1)


def spread_plague(st: IRState, lines: list[Text]) -> None:
    """E, in the next month's Diplomacy Phase: the plague reaches every province next to the
    first by land or across a strait, wild ones too (IR-ENG-83), with the same losses; then
    it is over."""
    from rules.imperium_romanum import plague

    for marker in [m for m in markers(st, "E") if m.get("spreads") == st.turn]:
        st.events.remove(marker)
        for province in plague.adjacent_provinces(str(marker["province"])):
            lines.append(_("The plague spreads to {province} (39.2 E).", province=_province_name(province)))
            plague.strike(st, province, lines, "§39.2 E", by_le=False)


def famine(st: IRState, power: str, lines: list[Text]) -> None:
    """F: on a 6 famine in a random province until the next September: forage halved,
    mobilization there at double cost, and its wheat feeds no capital."""
    roll = st.dice.d6(_("§39.2 F famine"))
    if roll.result < 6:
        lines.append(_("No famine this time (39.2 F, roll {roll}).", roll=roll.result))
        return
    province = random_province(st)
    _mark(st, "F", power, next_september(st), province=province)
    lines.append(_("Famine in {province} until September (39.2 F).", province=_province_name(province)))


def _harvest_province(st: IRState, code: str) -> str:
    provinces = list(numbers("harvest_provinces")["d6"])
    roll = st.dice.d6(_("§39.2 {code} harvest province", code=code))
    return str(provinces[roll.result - 1])


def bad_harvest(st: IRState, power: str, lines: list[Text]) -> None:
    """G: a d6 names one of six grain provinces; its wheat counts half until the next September."""
    province = _harvest_province(st, "G")
    _mark(st, "G", power, next_september(st), province=province)
    lines.append(_("Bad harvest in {province}: half its grain until September (39.2 G).", province=_province_name(province)))


def bumper_harvest(st: IRState, power: str, lines: list[Text]) -> None:
    """H: as G, but the wheat counts one and a half times."""
    province = _harvest_province(st, "H")
    _mark(st, "H", power, next_september(st), province=province)
    lines.append(_("Bumper harvest in {province}: half as much grain again until September (39.2 H).",
                   province=_province_name(province)))  # fmt: skip


def _season_event(st: IRState, power: str, code: str, summer_key: str, lines: list[Text]) -> None:
    values = numbers(summer_key)
    if st.month in (6, 9):
        month, mod = 11, int(values["summer_quarter_november"])
    else:
        month, mod = 4, int(values["winter_quarter_april"])
    until = st.turn + ((month - st.month) % 12)
    _mark(st, code, power, until + 1, month=month, modifier=mod)
    lines.append(_("The coming season roll of {month} takes {modifier:+d} (39.2 {code}).",
                   month=_("April") if month == 4 else _("November"), modifier=mod, code=code))  # fmt: skip


def dry_year(st: IRState, power: str, lines: list[Text]) -> None:
    """I: from June or September, -1 to the coming November season roll; from December or
    March, +3 to the coming April roll (9.1)."""
    _season_event(st, power, "I", "dry_year", lines)


def mild_year(st: IRState, power: str, lines: list[Text]) -> None:
    """J: from June or September, +3 to November's roll; from December or March, -1 to April's."""
    _season_event(st, power, "J", "mild_year", lines)


def season_modifiers(st: IRState) -> list[tuple[str, int]]:
    """I, J: what the season roll of this month takes (markers of every power add up)."""
    return [(_("§39.2 {code}", code=m["code"]), int(m["modifier"])) for m in st.events
            if m["code"] in ("I", "J") and m.get("month") == st.month]  # fmt: skip


def storms(st: IRState, power: str, lines: list[Text]) -> None:
    """K: this month (IR-ENG-84) the seas are stormy: in summer fleets pay winter costs and roll
    attrition; in winter naval costs double and the attrition value rises by 1."""
    _mark(st, "K", power, st.turn + 1)
    lines.append(_("Storms at sea this month (39.2 K)."))


def storm(st: IRState) -> bool:
    return bool(markers(st, "K"))


def naval_winter(st: IRState) -> bool:
    """K: winter movement costs at sea in a stormy summer."""
    return st.season == "winter" or storm(st)


def naval_cost_factor(st: IRState) -> int:
    """K: naval movement costs double in a stormy winter."""
    return int(numbers("storm_winter_attrition")["winter_cost_factor"]) if storm(st) and st.season == "winter" else 1


def attrition_bonus(st: IRState) -> int:
    """K: one more on the attrition value in a stormy winter."""
    return int(numbers("storm_winter_attrition")["value"]) if storm(st) and st.season == "winter" else 0


def natural_disaster(st: IRState, power: str, lines: list[Text]) -> None:
    """L: on a 6 the player picks a city, not an imperial capital, and it is destroyed for good
    (a window; IR-ENG-85: the default is the first city of the list, enemies' first)."""
    roll = st.dice.d6(_("§39.2 L natural disaster"))
    seat = B.seat_of(st, power)
    if roll.result < 6 or not seat:
        lines.append(_("A natural disaster is a false alarm (39.2 L, roll {roll}).", roll=roll.result))
        return
    from rules.imperium_romanum.grain import capital_of

    capitals = {capital_of(st, p) for p in st.powers}
    cities = [c for c in sorted(world(st.scenario).city_value) if c not in capitals and c not in st.destroyed]
    cities.sort(key=lambda c: (B.seat_of(st, st.city_owner.get(c, "")) == seat, c))
    cities = cities[:MAX_CHOICES]
    if not cities:
        return
    st.seq += 1
    st.pending = {"id": f"disaster-{st.seq}", "seat": seat, "kind": "disaster", "section": "§39.2", "power": power,
                  "prompt": text_to_json(_("Natural disaster (39.2 L): which city is destroyed?")), "default": cities[0],
                  "choices": [[c, text_to_json(_("{city}", city=data().cities[c].name))] for c in cities]}  # fmt: skip


def answer_disaster(st: IRState, choice: str, lines: list[Text]) -> None:
    """L: the city no longer exists: it has no owner, no walls, no tax and raises nothing."""
    st.pending = {}
    st.destroyed.append(choice)
    st.city_owner.pop(choice, None)
    st.city_damage.pop(choice, None)
    hex_id = data().cities[choice].hex
    st.sieges.pop(hex_id, None)
    for uid in B.units_at(st, hex_id):
        st.units[uid]["besieged"] = False
    lines.append(_("{city} is destroyed by an earthquake (39.2 L).", city=data().cities[choice].name))


def quartermaster(st: IRState, power: str, lines: list[Text]) -> None:
    """M: each of the power's baggage trains loses one supply point."""
    loss = -int(numbers("quartermaster_sp")["value"])
    for uid in sorted(st.units):
        rec = st.units[uid]
        if rec["power"] == power and rec["type"] == B.BT and rec["sp"] > 0:
            rec["sp"] = max(0, rec["sp"] - loss)
    lines.append(_("Quartermasters' corruption: each baggage train of {power} loses {n} SP (39.2 M).",
                   power=_name(st, power), n=loss))  # fmt: skip


def debasement(st: IRState, power: str, lines: list[Text]) -> None:
    """N: every major power loses a third of its treasury (IR-ENG-86: the third rounded down)."""
    for other in sorted(st.powers):
        rec = st.powers[other]
        if rec["major"] and not rec["dissolved"]:
            lost = rec["treasury"] // 3
            rec["treasury"] -= lost
            lines.append(_("The currency is debased: {power} loses {lost} talents (39.2 N).", power=rec["name"], lost=lost))


def incursion(st: IRState, power: str, lines: list[Text]) -> None:
    """O: no event while a barbarian major power exists; otherwise an inactive barbarian minor
    power wakes (a draw among several), controlled by the farthest player (5.3); with none, a
    d6 names the land and a d6 the number of 20-8s (6-16s in Arabia Deserta) of a new barbarian
    minor power of CER C without replacements."""
    if any(rec["major"] and rec["kind"] == "barbarian" and not rec["dissolved"] for rec in st.powers.values()):
        lines.append(_("A barbarian major power is in play: no incursion (39.2 O)."))
        return
    sleeping = sorted(p for p, rec in st.powers.items() if rec["kind"] == "barbarian" and not rec["major"]
                      and rec["status"] == "inactive neutral" and not rec["dissolved"])  # fmt: skip
    if sleeping:
        _wake(st, sleeping[st.dice.randint(0, len(sleeping) - 1)], "O", lines)
        return
    values = numbers("incursion")
    province = str(list(values["d6"])[st.dice.d6(_("§39.2 O where the barbarians appear")).result - 1])
    count = st.dice.d6(_("§39.2 O how many barbarians")).result
    unit = str(values["desert_unit"] if province == values["desert"] else values["unit"])
    name = _("The barbarians of {province}", province=_province_name(province))
    place = _new_minor(st, f"barbarians_{province}", name, "barbarian", str(values["cer"]), province, unit, count, lines)
    if place:
        lines.append(_("Barbarians invade: {n} units appear in {province} at {hex} (39.2 O).", n=count,
                       province=_province_name(province), hex=place))  # fmt: skip


def _wake(st: IRState, neutral: str, code: str, lines: list[Text]) -> None:
    from rules.imperium_romanum import neutrals

    rec = st.powers[neutral]
    rec["status"] = "active neutral"
    rec["seat"] = neutrals.farthest_seat(st, neutral, lines)
    st.stat("activations")
    lines.append(_("{power} is activated (39.2 {code}); {seat} controls it (5.3).", power=rec["name"], code=code,
                   seat=rec["seat"] or "-"))  # fmt: skip


def persian_activation(st: IRState, power: str, lines: list[Text]) -> None:
    """P: the Parthians or Persians, an inactive minor power with units, wake under the farthest
    player; otherwise no event."""
    eastern = [p for p in sorted(st.powers) if p in ("parthia", "persia") and not st.powers[p]["major"]
               and st.powers[p]["status"] == "inactive neutral" and any(u["power"] == p for u in st.units.values())]  # fmt: skip
    if not eastern:
        lines.append(_("No Parthian or Persian minor power waits: no event (39.2 P)."))
        return
    _wake(st, eastern[0], "P", lines)


def revolt(st: IRState, power: str, lines: list[Text]) -> None:
    """Q: a d6 for each of the power's provinces in the order of its form (IR-ENG-86: by id);
    the first 6 revolts: a d6 of 4-12 rebels rise there, an active neutral of rate 0 run by the
    farthest player; nobody taxes or raises there while they live."""
    for province in sorted(p for p, owner in st.province_owner.items() if owner == power):
        roll = st.dice.d6(_("§39.2 Q revolt in {province}", province=province))
        if roll.result < 6:
            continue
        count = st.dice.d6(_("§39.2 Q rebels")).result
        place = _rebel_hex(st, province)
        if not place:
            continue
        rebels = f"rebels_{province}"
        name = _("The rebels of {province}", province=_province_name(province))
        _new_minor(st, rebels, name, "civilized", "C", province, str(numbers("revolt_on")["rebels"]), count, lines)
        _mark(st, "Q", power, 10**6, province=province, rebels=rebels)
        lines.append(_("{province} revolts against {power}: {n} rebel 4-12s rise at {hex} (39.2 Q).",
                       province=_province_name(province), power=_name(st, power), n=count, hex=place))  # fmt: skip
        return
    lines.append(_("No province of {power} revolts (39.2 Q).", power=_name(st, power)))


def _new_minor(st: IRState, pid: str, name: Text, kind: str, cer: str, province: str, unit: str, count: int,
               lines: list[Text]) -> str:
    """Q, O: a new active neutral minor power of ``count`` units, rate 0, handed to the
    farthest player (5.3) and set up for him on the province's first free hex (IR-ENG-86).
    Returns the hex ("" when the province has no free hex: nobody appears)."""
    from rules.imperium_romanum import mobilization as MOB
    from rules.imperium_romanum import neutrals

    place = _rebel_hex(st, province)
    if not place:
        return ""
    if pid not in st.powers:
        st.powers[pid] = {"name": str(name), "kind": kind, "major": False, "status": "active neutral", "patron": "",
                          "seat": "", "cer": cer, "treasury": 0, "morale": 0, "chief": "", "dissolved": False,
                          "start_provinces": [province], "replacement": 0}  # fmt: skip
    st.powers[pid].update(status="active neutral", dissolved=False)
    for _i in range(count):
        MOB._place(st, pid, unit, place)
    st.powers[pid]["seat"] = neutrals.farthest_seat(st, pid, lines)
    return place


def _rebel_hex(st: IRState, province: str) -> str:
    """IR-ENG-86: the rebels stand on the province's first hex (by id) with no unit and no city."""
    for hex_id in sorted(h for h, cell in data().hexes.items() if cell.kind == "land" and cell.province == province):
        if not B.units_at(st, hex_id, None) and not B.city_at(st, hex_id) and not B.leaders_at(st, hex_id):
            return hex_id
    return ""


def in_revolt(st: IRState, province: str) -> bool:
    """Q: no tax and no mobilization while the province's rebels have units on the map."""
    for marker in markers(st, "Q"):
        if marker["province"] == province and any(u["power"] == marker["rebels"] for u in st.units.values()):
            return True
    return False


def muttering(st: IRState, power: str, lines: list[Text]) -> None:
    """R: pay 2 talents for every full 10 combat SP on the map (IR-ENG-88); each talent
    missing costs a morale point."""
    per_ten = int(numbers("mutter_talents_per_10_strength")["value"])
    sp = sum(B.strength(u) for u in st.units.values() if u["power"] == power and B.is_combat(u))
    due = per_ten * (sp // 10)
    rec = st.powers[power]
    paid = min(due, rec["treasury"])
    rec["treasury"] -= paid
    lines.append(_("The troops of {power} mutter: {due} talents are due, {paid} paid (39.2 R).", power=rec["name"],
                   due=due, paid=paid))  # fmt: skip
    B.change_morale(st, power, -(due - paid), _("unpaid troops"), lines)


def disloyal_legions(st: IRState, power: str, lines: list[Text]) -> None:
    """S: this month only units stacked with one of the power's leaders may move, intercept or
    attack. Units over 12 hexes from every leader of the power defect to the closest other
    Roman faction (IR-ENG-87: a power that is no Roman faction, or the only one, keeps them)."""
    _mark(st, "S", power, st.turn + 1)
    lines.append(_("Disloyal legions: only units with a leader of {power} may move or fight this month (39.2 S).",
                   power=_name(st, power)))  # fmt: skip
    beyond = int(numbers("disloyal_beyond_hexes")["value"])
    leaders = [str(rec["hex"]) for rec in st.leaders.values() if rec["power"] == power and rec["status"] == "map"]
    far = [u for u, rec in sorted(st.units.items()) if rec["power"] == power
           and all(hex_distance(rec["hex"], h) > beyond for h in leaders)]  # fmt: skip
    others = sorted(p for p, rec in st.powers.items() if p != power and rec["kind"] == "roman" and rec["major"]
                    and not rec["dissolved"] and B.seat_of(st, p))  # fmt: skip
    if not far or not others or st.powers[power]["kind"] != "roman":
        return
    from rules.imperium_romanum import siege, victory

    for uid in far:
        rec = st.units[uid]
        hex_id = str(rec["hex"])
        to = _siege_side(st, uid, others) if hex_id in st.sieges else ""
        if hex_id in st.sieges and not to and rec.get("besieged"):
            lines.append(_("A besieged unit of {power} at {hex} cannot leave the walls to defect: it stays (39.2 S).",
                           power=_name(st, power), hex=hex_id))  # fmt: skip
            continue
        to = to or min(others, key=lambda p: (_distance_to(st, p, hex_id), p))
        rec["power"] = to
        st.stat("defections")
        lines.append(_("A unit of {power} at {hex} defects to {other} (39.2 S).", power=_name(st, power), hex=hex_id,
                       other=_name(st, to)))  # fmt: skip
        if hex_id in st.sieges:
            _change_sides_in_siege(st, uid, power, lines)
    if any(st.units[u]["hex"] in st.sieges for u in far):
        siege.check_sieges(st, lines)  # 17.1 (IR-ENG-140)
    victory.check_dissolution(st, lines)


def _siege_side(st: IRState, uid: str, factions: list[str]) -> str:
    """S in a hex under siege (IR-ENG-140): the Roman faction on the other side of the siege, the
    closest of all (it shares the hex): the besiegers' for a besieged unit, the besieged place's
    holder or garrison's for a besieger; "" when that side is no Roman faction in play."""
    from rules.imperium_romanum import siege

    rec = st.units[uid]
    hex_id = str(rec["hex"])
    state = st.sieges[hex_id]
    if rec.get("besieged"):
        front = [str(st.units[u]["power"]) for u in siege.besiegers(st, hex_id)]
    elif B.seat_of(st, str(rec["power"])) == state["besieger"]:
        front = [str(state["power"])] + [str(st.units[u]["power"]) for u in siege.besieged(st, hex_id)]
    else:
        return ""
    return min((p for p in front if p in factions), default="")


def _change_sides_in_siege(st: IRState, uid: str, old: str, lines: list[Text]) -> None:
    """IR-ENG-140: a besieged unit that goes over to the besiegers comes out and joins them; a
    besieger that goes over to the besieged side stands outside as a friend; a besieger that goes
    over to a third faction hostile to the besieged carries the siege on for it when no besieger
    of its old side is left. 17.1's check (``siege.check_sieges``) then decides whether it holds."""
    from rules.imperium_romanum import siege

    rec = st.units[uid]
    hex_id = str(rec["hex"])
    state = st.sieges[hex_id]
    new_seat = B.seat_of(st, str(rec["power"]))
    if rec.get("besieged"):
        rec["besieged"] = False
        return
    if new_seat == state["seat"] or B.seat_of(st, old) != state["besieger"] or siege.besiegers(st, hex_id):
        return
    holder = str(state["power"])
    if holder not in st.powers or B.seat_hostile_to(st, new_seat, holder):
        state["besieger"] = new_seat
        lines.append(_("{power} carries on the siege of {city} (39.2 S).", power=_name(st, str(rec["power"])),
                       city=siege.place_name(st, hex_id)))  # fmt: skip


def _distance_to(st: IRState, power: str, hex_id: str) -> int:
    """How far ``hex_id`` is from the nearest unit or leader of ``power`` on the map."""
    places = [str(r["hex"]) for r in st.units.values() if r["power"] == power]
    places += [str(r["hex"]) for r in st.leaders.values() if r["power"] == power and r["status"] == "map"]
    return min((hex_distance(hex_id, h) for h in places), default=10**6)


def disloyal(st: IRState, unit: dict[str, Any]) -> bool:
    """S: the unit may not move, intercept or attack this month: no leader of its power with it."""
    if not markers(st, "S", str(unit["power"])):
        return False
    return not any(rec["power"] == unit["power"] and rec["status"] == "map" and rec["hex"] == unit["hex"]
                   for rec in st.leaders.values())  # fmt: skip


def political_crisis(st: IRState, power: str, lines: list[Text]) -> None:
    """T: the holder of an imperial capital must bring his Emperor there within three game
    turns (IR-ENG-90: by the end of the second month after this one) or lose 10 morale."""
    from rules.imperium_romanum.grain import capital_of

    capital = capital_of(st, power)
    crisis = numbers("crisis")
    if not capital or st.city_owner.get(capital) != power or not st.powers[power].get("chief"):
        lines.append(_("{power} does not hold its imperial capital: no crisis (39.2 T).", power=_name(st, power)))
        return
    _mark(st, "T", power, st.turn + int(crisis["turns"]), city=capital)
    lines.append(_("Political crisis: the Emperor of {power} must reach {city} within {turns} months (39.2 T).",
                   power=_name(st, power), city=data().cities[capital].name, turns=int(crisis["turns"])))  # fmt: skip


def crisis_check(st: IRState, lines: list[Text]) -> None:
    """T, at the end of each month: the Emperor in the capital ends the crisis; at the end of
    its last month the power loses 10 morale."""
    for marker in list(markers(st, "T")):
        power = str(marker["power"])
        chief = _chief(st, power)
        if chief and st.leaders[chief]["hex"] == data().cities[str(marker["city"])].hex:
            st.events.remove(marker)
            lines.append(_("The Emperor of {power} is in the capital: the crisis ends (39.2 T).", power=_name(st, power)))
        elif st.turn + 1 >= int(marker["until"]):
            st.events.remove(marker)
            B.change_morale(st, power, int(numbers("crisis")["morale"]), _("political crisis"), lines)


def prosperity(st: IRState, power: str, lines: list[Text]) -> None:
    """U: this month's tax is raised by half."""
    _mark(st, "U", power, st.turn + 1)
    lines.append(_("Prosperity: {power} collects half as much tax again this month (39.2 U).", power=_name(st, power)))


def hard_times(st: IRState, power: str, lines: list[Text]) -> None:
    """V: this month's tax is halved."""
    _mark(st, "V", power, st.turn + 1)
    lines.append(_("Hard times: {power} collects half its tax this month (39.2 V).", power=_name(st, power)))


def tax_percent(st: IRState, power: str) -> int:
    """U, V: the percentage of its tax the power collects this month (IR-ENG-86: rounded down)."""
    percent = 100
    for _marker in markers(st, "U", power):
        percent = percent * int(numbers("prosperity_tax_percent")["value"]) // 100
    for _marker in markers(st, "V", power):
        percent = percent * int(numbers("hard_times_tax_percent")["value"]) // 100
    return percent


def devastation(st: IRState, power: str, lines: list[Text]) -> None:
    """W: no plunder marker is turned or removed in this month's Taxation & Mobilization
    Phase (IR-ENG-91: 'this phase' is the one that follows)."""
    _mark(st, "W", power, st.turn + 1)
    lines.append(_("Widespread devastation: no plunder marker goes this month (39.2 W)."))


def plunder_frozen(st: IRState) -> bool:
    return bool(markers(st, "W"))


def increased_mobilization(st: IRState, power: str, lines: list[Text]) -> None:
    """X: a power that accrues points gets double this month; one that mobilizes may raise one
    more of each type in one area of its choice this year (a window; default the first area
    of its Mobilization Form)."""
    from rules.imperium_romanum import mobilization as MOB

    _mark(st, "X", power, st.turn + 1)
    areas = MOB.form_lines(st, power)
    seat = B.seat_of(st, power)
    year_end = st.turn + (12 - st.month) + 1
    if len(areas) == 1 or (areas and not seat):
        _mark(st, "Xarea", power, year_end, area=areas[0])
    elif areas:
        st.seq += 1
        st.pending = {"id": f"mobilize-{st.seq}", "seat": seat, "kind": "extra_area", "section": "§39.2", "power": power,
                      "until": year_end, "default": areas[0],
                      "prompt": text_to_json(_("Increased mobilization (39.2 X): which area raises one more of each type this year?")),
                      "choices": [[a, text_to_json(_("{area}", area=_area_name(st, a)))] for a in areas[:MAX_CHOICES]]}  # fmt: skip
    lines.append(_("Increased mobilization for {power} (39.2 X).", power=_name(st, power)))


def answer_extra_area(st: IRState, choice: str, lines: list[Text]) -> None:
    pending, st.pending = st.pending, {}
    _mark(st, "Xarea", str(pending["power"]), int(pending["until"]), area=choice)
    lines.append(_("The {area} area raises one more of each type this year (39.2 X).", area=_area_name(st, choice)))


def _area_name(st: IRState, area: str) -> str:
    """The name a Mobilization Chart prints for one of its areas (7.2), as the player knows it."""
    from rules.imperium_romanum import mobilization as MOB
    from rules.imperium_romanum.engine_data import period_chart

    return next((a.name for a in period_chart(MOB.period(st)).areas if a.id == area), area)


def decreased_mobilization(st: IRState, power: str, lines: list[Text]) -> None:
    """Y: no accrual this month; one less of each type in every area this year."""
    _mark(st, "Y", power, st.turn + 1)
    _mark(st, "Yyear", power, st.turn + (12 - st.month) + 1)
    lines.append(_("Decreased mobilization for {power} (39.2 Y).", power=_name(st, power)))


def accrual_factor(st: IRState, power: str) -> int:
    """X, Y: the factor on this month's accrued points (2, 0 or 1)."""
    if markers(st, "Y", power):
        return 0
    return 2 if markers(st, "X", power) else 1


def limit_change(st: IRState, power: str, area: str) -> int:
    """X, Y: the change this year to each type's limit in ``area`` (the counter mix still holds)."""
    more = sum(1 for m in markers(st, "Xarea", power) if m["area"] == area)
    return more - len(markers(st, "Yyear", power))


def active_cadre(st: IRState, power: str, lines: list[Text]) -> None:
    """Z: with rule 35 in play, the power's new units need no training this month."""
    if "35" not in data().scenarios[st.scenario].special_rules:
        lines.append(_("Rule 35 is not in play: the active cadre is no event (39.2 Z)."))
        return
    _mark(st, "Z", power, st.turn + 1)
    lines.append(_("Active cadre: new units of {power} need no training this month (39.2 Z).", power=_name(st, power)))


def no_training(st: IRState, power: str) -> bool:
    return bool(markers(st, "Z", power))


def famine_in(st: IRState, province: str) -> bool:
    return any(m["province"] == province for m in markers(st, "F"))


def grain_factor(st: IRState, province: str) -> float:
    """F, G, H: the share of its wheat a province sends to a capital (0, half, one and a half)."""
    if famine_in(st, province):
        return 0.0
    factor = 1.0
    values = numbers("harvest_provinces")
    for marker in markers(st, "G"):
        if marker["province"] == province:
            factor *= float(values["bad"])
    for marker in markers(st, "H"):
        if marker["province"] == province:
            factor *= float(values["bumper"])
    return factor


def lapse(st: IRState, lines: list[Text]) -> None:
    """At the start of each month the markers whose lifetime is over go."""
    for marker in [m for m in st.events if int(m["until"]) <= st.turn]:
        st.events.remove(marker)
        if marker["code"] in ("F", "G", "H"):
            lines.append(_("The effect of event {code} on {province} is over (39.2).", code=marker["code"],
                           province=_province_name(str(marker["province"]))))  # fmt: skip


EVENTS = {
    "A": military_intelligence, "B": emperor_death, "C": leader_death, "D": receive_leader, "E": plague_event,
    "F": famine, "G": bad_harvest, "H": bumper_harvest, "I": dry_year, "J": mild_year, "K": storms,
    "L": natural_disaster, "M": quartermaster, "N": debasement, "O": incursion, "P": persian_activation,
    "Q": revolt, "R": muttering, "S": disloyal_legions, "T": political_crisis, "U": prosperity, "V": hard_times,
    "W": devastation, "X": increased_mobilization, "Y": decreased_mobilization, "Z": active_cadre,
}  # fmt: skip
"""39.2: each letter's event."""
