"""The monthly sequence of play (§4.0) and the automatic steps between the players' segments.

Each month: Random Events (§39, optional) and Taxation & Mobilization (§6-8) in March, June,
September and December; Diplomacy (§4.3, §5.3, §5.8, §9.1); Fortification (§21.1); Naval
Operations (§10.1); then each player's turn in the scenario's order: Land Movement (§12), Land
Combat (§14), Siege Resolution (§17.3), Supply (§13); and the month's end (§13.4.1). ``advance``
runs every automatic step until a seat must act or a response window is open.
"""

from __future__ import annotations

from rules.core.i18n import Text, _, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum import victory as V
from rules.imperium_romanum.state import IRState

SEGMENTS: tuple[tuple[str, str], ...] = (
    ("random_events", "§39"),
    ("taxation", "§6"),
    ("diplomacy", "§4.3"),
    ("fortification", "§21.1"),
    ("naval", "§10.1"),
    ("movement", "§12"),
    ("combat", "§14"),
    ("siege", "§17.3"),
    ("supply", "§13"),
    ("month_end", "§13.4.1"),
)
SECTION = dict(SEGMENTS)
SEGMENT_NAMES: dict[str, Text] = {
    "random_events": _("Random Events"), "taxation": _("Taxation & Mobilization"), "diplomacy": _("Diplomacy"),
    "fortification": _("Fortification"), "naval": _("Naval Operations"), "movement": _("Land Movement"),
    "combat": _("Land Combat"), "siege": _("Siege Resolution"), "supply": _("Supply"), "month_end": _("Month End"),
}  # fmt: skip
"""The segments (§4.0) as readers see them, the one table of their names (issue 13): the status
line, refusals and the deadline of a simultaneous segment all read it."""
TAX_MONTHS = (3, 6, 9, 12)
"""Random events and Taxation & Mobilization happen in these months only (§4.0)."""
SIMULTANEOUS = ("taxation", "diplomacy")
PLAYER_SEGMENTS = ("movement", "combat")
MONTH_NAMES: tuple[Text, ...] = (
    _("January"), _("February"), _("March"), _("April"), _("May"), _("June"), _("July"), _("August"),
    _("September"), _("October"), _("November"), _("December"),
)
WINTER_MONTHS = (12, 1, 2, 3)
SUMMER_MONTHS = (5, 6, 7, 8, 9, 10)
"""IR-ENG-3: the Month Track's tints are not in the text; December to March are winter, May to
October summer, April and November are rolled (9.1)."""


def month_season(month: int) -> str:
    """The season a month starts with; April and November keep last month's until rolled."""
    if month in WINTER_MONTHS or month == 4:
        return "winter"
    return "summer"


def live_seats(st: IRState) -> list[str]:
    return [s for s in st.seats if B.powers_of(st, s)]


def active_seat(st: IRState) -> str:
    return st.seats[st.active] if st.seats else ""


def waiting(st: IRState) -> list[str]:
    """The seats the sequence waits for now (empty when the next step is automatic)."""
    if st.result:
        return []
    if st.pending:
        return [str(st.pending["seat"])]
    if st.segment in SIMULTANEOUS:
        return [s for s in live_seats(st) if s not in st.ended]
    if st.segment == "naval":
        return st.naval_order[:1]
    if st.segment in PLAYER_SEGMENTS:
        seat = active_seat(st)
        return [] if seat in st.ended else [seat]
    return []


def advance(st: IRState, lines: list[Text]) -> None:
    """Run automatic steps until a seat must act, a window is open, or the game is over."""
    from rules.imperium_romanum import dissolution

    guard = 0
    while True:
        dissolution.open_next(st)  # 20.1: a dissolved power's former controller places its pieces (IR-ENG-145)
        if st.result or waiting(st):
            break
        guard += 1
        if guard > 200:  # pragma: no cover - a sequence bug, never a rule
            raise RuntimeError("the monthly sequence does not reach a player")
        _step(st, lines)


def _enter(st: IRState, segment: str, lines: list[Text]) -> None:
    st.segment = segment
    st.ended = []
    if segment == "random_events":
        from rules.imperium_romanum import random_events

        random_events.start_phase(st)  # 39.1
    elif segment == "taxation":
        if st.month not in TAX_MONTHS:
            st.ended = list(st.seats)
        else:
            st.tm_seen += 1
            st.phase_builds = {}
            collect_taxes(st, lines)
            from rules.imperium_romanum import accrual, forts

            accrual.accrue(st, lines)
            forts.upkeep(st, lines)
    elif segment == "fortification":
        from rules.imperium_romanum import allied_transport, forts

        forts.complete_construction(st, lines)
        allied_transport.open_next(st, lines)  # 5.8: troops aboard a former ally's fleets
    elif segment == "naval":
        roll_naval_order(st, lines)
    elif segment == "movement":
        start_player_turn(st, lines)
    elif segment == "combat":
        st.attacked = []
    elif segment == "siege":
        from rules.imperium_romanum import plunder, siege

        siege.siege_resolution(st, active_seat(st), lines)
        if not st.result:
            plunder.offer(st, active_seat(st))
    elif segment == "supply":
        from rules.imperium_romanum import supply

        no_attack_morale(st, active_seat(st), lines)
        if supply.supply_segment(st, active_seat(st), lines):
            supply.after_segment(st, active_seat(st), lines)
    elif segment == "month_end":
        from rules.imperium_romanum import random_events

        random_events.crisis_check(st, lines)  # 39.2 T, before the month marker moves
        end_month(st, lines)
    if segment in SIMULTANEOUS:
        from rules.imperium_romanum import record

        record.open_treasuries(st)  # IR-DIS-5: what the others see until the segment closes


def _step(st: IRState, lines: list[Text]) -> None:
    seg = st.segment
    if seg == "begin":
        start_month(st, lines)
        _enter(st, "random_events", lines)
    elif seg == "random_events":
        from rules.imperium_romanum import random_events

        if not random_events.step(st, lines):
            _enter(st, "taxation", lines)
    elif seg == "taxation":
        if st.month in TAX_MONTHS:
            from rules.imperium_romanum import accrual, mobilization

            mobilization.reveal_raises(st)
            mobilization.phase_summary(st, lines)
            accrual.lapse(st)
        _enter(st, "diplomacy", lines)
    elif seg == "diplomacy":
        close_diplomacy(st, lines)
        _enter(st, "fortification", lines)
    elif seg == "fortification":
        _enter(st, "naval", lines)
    elif seg == "naval":
        from rules.imperium_romanum import naval

        naval.end_phase(st, lines)
        st.active = 0
        _enter(st, "movement", lines)
    elif seg == "movement":
        _enter(st, "combat", lines)
    elif seg == "combat":
        _enter(st, "siege", lines)
    elif seg == "siege":
        _enter(st, "supply", lines)
    elif seg == "supply":
        from rules.imperium_romanum import civil_war

        civil_war.end_of_player_turn(st, active_seat(st), lines)  # 28.1
        if st.result:
            return
        if st.active + 1 < len(st.seats):
            st.active += 1
            _enter(st, "movement", lines)
        else:
            _enter(st, "month_end", lines)
    elif seg == "month_end":
        if not st.result:
            start_month(st, lines)
            _enter(st, "random_events", lines)


def start_month(st: IRState, lines: list[Text]) -> None:
    """A new month: alliances lapse (5.8), the season is that of the Month Track (9.1)."""
    st.alliances = []
    st.proposals = []
    st.agreements = []
    st.intercepted = []
    st.declared = []
    st.moving = {}
    st.grain_blocks = {}  # 27.1.4: a month's interference
    st.season = month_season(st.month)
    from rules.imperium_romanum import random_events

    random_events.lapse(st, lines)  # 39.2: markers whose lifetime is over
    if st.month == 1:
        st.had_summer = False
        st.mobilized = {}  # 7.5: the year's tick-marks are erased after December
    st.flooded = False
    for rec in st.units.values():
        rec["supplied"] = False
        rec["spent"] = False
        rec["moved"] = False
    lines.append(_("{month} {year}: {season}.", month=MONTH_NAMES[st.month - 1], year=year_label(st.year),
                   season=season_word(st.season)))  # fmt: skip
    if st.shipyards:
        from rules.imperium_romanum import mobilization

        mobilization.shipyards_month(st, lines)


def year_label(year: int) -> Text:
    return _("{year} BC", year=-year) if year < 0 else _("AD {year}", year=year)


def season_word(season: str) -> Text:
    return _("summer") if season == "summer" else _("winter")


def collect_taxes(st: IRState, lines: list[Text]) -> None:
    """6.0: each major power adds the tax value of the provinces it controls to its treasury
    (24.3: none from plundered ones, nor from plundered cities, IR-ENG-74; 27.1.3: one less per
    coastal hex the pirates hold); then a plunder marker goes from each province and city (24.2)."""
    from rules.imperium_romanum import plunder, random_events

    for power, rec in st.powers.items():
        if not rec["major"] or rec["dissolved"]:
            continue
        tax = tax_of(st, power) * random_events.tax_percent(st, power) // 100  # 39.2 U, V
        rec["treasury"] += tax
        lines.append(_("{power} collects {tax} talents (6.0): treasury {treasury}.", power=rec["name"], tax=tax,
                       treasury=rec["treasury"]))  # fmt: skip
    plunder.remove_markers(st, lines)


def tax_of(st: IRState, power: str) -> int:
    """6.0: the tax value of the provinces ``power`` controls (24.3 and IR-ENG-74: less their
    plundered cities; 27.1.3: one less per coastal hex the pirates hold; nothing from a province in
    revolt or plague, 39.2 Q, 45.2); by city in the city-centric game (41.2)."""
    from rules.imperium_romanum import city_centric, pirates, plague, plunder, random_events

    if city_centric.in_play(st):
        return city_centric.tax(st, power)
    return sum(max(0, plunder.tax_after_plunder(st, p, power, B.province_tax(st, p)) - plunder.city_tax_lost(st, p, power)
                   - (0 if pirates.is_pirate(power) else pirates.ports_held(st, p)))
               for p, owner in sorted(st.province_owner.items()) if owner == power
               and not random_events.in_revolt(st, p) and not plague.in_plague(st, p))  # fmt: skip


def close_diplomacy(st: IRState, lines: list[Text]) -> None:
    """After negotiation (4.3): the month's agreements in public (issue 18), the grain rebellion
    check (22.2.2), the neutral barbarians of 37.6 and Persia (37.5) may wake, neutral control by
    the Farthest Power rule (5.3, 23.5), and in April and November the season roll (9.1)."""
    from rules.imperium_romanum import (
        diplomacy,
        grain,
        neutrals,
        persia,
        plague,
        random_events,
        segment_deadline,
    )

    random_events.spread_plague(st, lines)  # 39.2 E
    plague.diplomacy_phase(st, lines)  # 45.1, 45.3
    diplomacy.lapse_offers(st, lines)
    segment_deadline.diplomacy_summary(st, lines)
    grain.rebellion_checks(st, lines)
    neutrals.barbarian_rolls(st, lines)
    persia.diplomacy_roll(st, lines)  # 37.5
    neutrals.assign_neutrals(st, lines)
    if st.month in (4, 11):
        roll = st.dice.d6(_("§9.1 season ({month})", month=MONTH_NAMES[st.month - 1]),
                          random_events.season_modifiers(st))  # 39.2 I, J
        winter = roll.result >= 5 if st.month == 4 else roll.result <= 4
        st.season = "winter" if winter else "summer"
        lines.append(_("Season roll {roll}: {month} is a {season} month (9.1).", roll=roll.result,
                       month=MONTH_NAMES[st.month - 1], season=season_word(st.season)))  # fmt: skip
    if st.season == "summer" and not st.had_summer:
        st.had_summer = True
        st.flooded = True
        lines.append(_("First summer month: the rivers are in flood (9.2)."))


def roll_naval_order(st: IRState, lines: list[Text]) -> None:
    """10.1: the seats with fleets roll a d6 each and take their segments from high to low
    (IR-ENG-7: the highest roller always takes the first segment; ties keep the turn order)."""
    from rules.imperium_romanum import deity, naval

    naval.start_phase(st)
    groups = [s for s in live_seats(st) if any(
        u["type"].startswith("fleet") and B.seat_of(st, u["power"]) == s for u in st.units.values())]  # fmt: skip
    rolls = []
    for seat in groups:
        roll = deity.roll(st, seat, "naval_order", 1, _("§10.1 naval order {seat}", seat=seat), [], lines)  # rule 42
        rolls.append((-roll.result, st.seats.index(seat), seat))
    st.naval_order = [seat for _r, _i, seat in sorted(rolls)]
    if st.naval_order:
        lines.append(_("Naval operations order (10.1): {order}.", order=", ".join(st.naval_order)))
    chooser = st.naval_order[0] if len(st.naval_order) > 1 else ""
    if chooser and st.standing.get(chooser, {}).get("naval_order", "ask") == "ask":
        st.seq += 1
        prompt = _("You rolled highest for the naval operations (10.1): take the first segment, or let the others go "
                   "first, the lowest roller leading?")  # fmt: skip
        st.pending = {"id": f"naval-order-{st.seq}", "seat": chooser, "kind": "naval_order",
                      "prompt": text_to_json(prompt), "default": "first", "section": "§10.1",
                      "choices": [["first", text_to_json(_("Go first"))],
                                  ["defer", text_to_json(_("Let the lowest roller go first"))]]}  # fmt: skip


def answer_naval_order(st: IRState, choice: str, lines: list[Text]) -> None:
    """10.1 (b), IR-ENG-7: the highest roller who defers goes last, the others from the lowest
    roll up."""
    st.pending = {}
    if choice == "defer":
        chooser, others = st.naval_order[0], st.naval_order[1:]
        st.naval_order = [*reversed(others), chooser]
        lines.append(_("{seat} lets the others sail first (10.1): {order}.", seat=chooser, order=", ".join(st.naval_order)))


def start_player_turn(st: IRState, lines: list[Text]) -> None:
    seat = active_seat(st)
    for rec in st.units.values():
        if B.seat_of(st, rec["power"]) == seat:
            rec.update(mp=0, activated=False, crossing="", must_attack=False, foraged=False, **{"from": ""})
    for rec in st.leaders.values():
        rec["activated"] = False
        rec["mp"] = 0
        rec["forced"] = False
    if seat not in live_seats(st):
        st.ended = [seat]
        return
    lines.append(_("{seat}'s player turn: land movement (12.0).", seat=seat))


def no_attack_morale(st: IRState, seat: str, lines: list[Text]) -> None:
    """19.1: an active power that declared no attack in a summer month loses 5 morale."""
    if st.season != "summer":
        return
    for power in B.powers_of(st, seat):
        if B.can_act(st, power) and power not in st.declared and st.powers[power]["major"]:
            B.change_morale(st, power, -5, _("no attack in a summer month"), lines)
            st.stat("no_attack_penalties")
    V.check_dissolution(st, lines)


def end_month(st: IRState, lines: list[Text]) -> None:
    """13.4.1: baggage trains replenish; barbarians with no unit left go back to sleep (23.6);
    then the end of the scenario is checked (25.0) and the month marker advances."""
    from rules.imperium_romanum import reversion, supply

    supply.replenish(st, lines)
    reversion.end_of_month(st, lines)  # 23.6, 37.6 note 2
    scen_end = V.scenario_end(st)
    if (st.year, st.month) >= scen_end:
        V.final_victory(st, lines)
        return
    st.month += 1
    if st.month > 12:
        st.month = 1
        st.year += 2 if st.year == -1 else 1  # there is no year 0
    st.turn += 1
