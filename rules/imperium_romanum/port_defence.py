"""Fleets in a land defence (§14.6, §10.7.1; IR-ENG-148, 149, 150, 162, 163).

When a hex is attacked in the Land Combat segment, the defending side's fleets in its own port
there choose (a ``port_fleets`` window for the defender, default ``inside``; the standing order
``naval_port`` answers for him):

- ``inside``: they stay in the port and defend with it, at a quarter of their strength, doubled
  or tripled when the city is assaulted (IR-ENG-148); the troops aboard stay aboard;
- ``land``: the same, and the troops aboard land to fight beside the defenders (14.6);
- ``outside:<sea hex>``: they put out to that sea hex with their troops and take no part; enemy
  fleets there are attacked at once (14.6, 10.7);
- ``evacuate:<sea hex>``: the same, taking the port's troops aboard first (``evacuate_pick``
  when not all fit, IR-ENG-162).

Fleets that put out may be intercepted (``withdraw_intercept``, 10.6, IR-ENG-163). A fleet of
the defence is lost at a quarter of its strength (14.6). When the defence loses and no unit is
left under siege, its fleets put out to a sea hex next to the port of the owner's choice
(``fleet_retreat``; 14.6: not necessarily where the land units go), or are lost when none is
open (IR-ENG-149).
"""

from __future__ import annotations

from typing import Any

from rules.core.i18n import Text, _, _n, text_to_json
from rules.imperium_romanum import blockade as BL
from rules.imperium_romanum import board as B
from rules.imperium_romanum import fleet_support as FS
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import world

INSIDE, LAND, OUTSIDE, EVACUATE = "inside", "land", "outside:", "evacuate:"
"""The answers of the ``port_fleets`` window (14.6)."""


def _side(st: IRState, power: str) -> str:
    return B.seat_of(st, power) or power


def port_fleets(st: IRState, side: str, hex_id: str) -> list[str]:
    """The fleets of the defending ``side`` in ``hex_id`` when it is their own port or city
    (14.6: "a friendly port hex"): not the besiegers' fleets, not an enemy's port."""
    owner = B.port_owner(st, hex_id)
    if not owner:
        return []
    return [u for u in B.units_at(st, hex_id) if B.is_fleet(st.units[u]) and _side(st, st.units[u]["power"]) == side
            and not B.hostile(st, owner, st.units[u]["power"]) and not BL.is_besieging_fleet(st, u)]  # fmt: skip


def sea_exits(st: IRState, side: str, hex_id: str) -> list[str]:
    """The sea hexes next to the port that the side's fleets may put out to (10.3), in id order."""
    from rules.imperium_romanum import naval as NAV

    seat = side if side in st.seats else ""
    return sorted(n for n, _mp in world(st.scenario).sea_steps(hex_id, False)
                  if NAV.is_sea(n) and (not seat or NAV.may_enter(st, seat, n)))  # fmt: skip


def open_window(st: IRState, attacker: str, side: str, hex_id: str, resume: dict[str, Any], lines: list[Text]) -> bool:
    """Before the defender's battle window (14.1): his fleets in the port choose to stay or put out
    (14.6). Returns True when a window is open (``resume`` is kept in it for ``combat``)."""
    fleets = port_fleets(st, side, hex_id)
    for fid in fleets:
        st.units[fid].pop("port_defence", None)
    if not fleets:
        return False
    exits = sea_exits(st, side, hex_id)
    under_siege = hex_id in st.sieges  # 17.2: a besieged port's fleets are already inside its walls
    cargo = [u for f in fleets for u in B.cargo_of(st, f)[0] if B.is_combat(st.units[u])]
    choices: list[list[Any]] = [[INSIDE, text_to_json(_("Stay in the port and defend with it"))]]
    if cargo:
        choices.append([LAND, text_to_json(_("Stay in the port and land the troops aboard to defend it"))])
    if not under_siege:
        choices += [[OUTSIDE + h, text_to_json(_("Put out to sea at {hex}", hex=h))] for h in exits]
        if embarkable(st, side, hex_id, fleets):  # 14.6: the port's troops may leave with them
            choices += [[EVACUATE + h, text_to_json(_("Take the port's troops aboard and put out to sea at {hex}", hex=h))]
                        for h in exits]  # fmt: skip
    order = st.standing.get(side, {}).get("naval_port", "ask") if side in st.seats else INSIDE
    if len(choices) == 1 or order != "ask":
        pick = INSIDE
        if order == "outside" and not under_siege and exits:
            pick = OUTSIDE + exits[0]  # the standing order takes the first sea hex on offer
        answer_choice(st, side, hex_id, fleets, pick, lines)
        return pick.startswith(OUTSIDE) and offer_interception(st, side, fleets, pick[len(OUTSIDE):], resume, lines)
    st.seq += 1
    prompt = _("{attacker} attacks {hex}: your fleets in its port stay and defend it, or put out to sea (14.6)?",
               attacker=attacker, hex=hex_id)  # fmt: skip
    st.pending = {"id": f"port-fleets-{st.seq}", "seat": side, "kind": "port_fleets", "prompt": text_to_json(prompt),
                  "choices": choices, "default": INSIDE, "section": "§14.6", "hex": hex_id, "fleets": fleets,
                  "resume": resume}  # fmt: skip
    return True


def answer_choice(st: IRState, side: str, hex_id: str, fleets: list[str], choice: str, lines: list[Text]) -> None:
    """Carry out the defender's answer (14.6)."""
    fleets = [f for f in fleets if f in st.units]
    power = st.powers[st.units[fleets[0]]["power"]]["name"] if fleets else side
    if choice.startswith(OUTSIDE):
        put_out(st, side, fleets, choice[len(OUTSIDE):], lines)
        return
    for fid in fleets:
        st.units[fid].update(in_port=True, port_defence=f"{st.turn}:{hex_id}")
    lines.append(_n("{power}: {n} fleet stays in the port of {hex} and defends it (14.6).",
                    "{power}: {n} fleets stay in the port of {hex} and defend it (14.6).", len(fleets),
                    power=power, hex=hex_id))  # fmt: skip
    if choice == LAND:
        landed = 0
        for fid in fleets:
            units, leaders = B.cargo_of(st, fid)
            for uid in units:
                st.units[uid].update(aboard="", besieged=hex_id in st.sieges)  # into a besieged city: inside with the rest
                landed += 1
            for lid in leaders:
                st.leaders[lid]["aboard"] = ""
        lines.append(_n("{power}: {n} unit aboard lands to defend {hex} (14.6).",
                        "{power}: {n} units aboard land to defend {hex} (14.6).", landed, power=power, hex=hex_id))  # fmt: skip


def put_out(st: IRState, side: str, fleets: list[str], sea: str, lines: list[Text]) -> None:
    """14.6: the fleets and their troops leave the port for ``sea``; enemy fleets there are
    attacked at once (10.7), the withdrawing fleets being the attackers."""
    from rules.imperium_romanum import naval as NAV

    if not fleets:
        return
    power = st.powers[st.units[fleets[0]]["power"]]["name"]
    for fid in fleets:
        st.units[fid].pop("port_defence", None)
    NAV._carry(st, fleets, sea)
    lines.append(_n("{power}: {n} fleet puts out of the attacked port to {hex} (14.6).",
                    "{power}: {n} fleets put out of the attacked port to {hex} (14.6).", len(fleets), power=power,
                    hex=sea))  # fmt: skip
    enemies = [u for u in B.units_at(st, sea) if B.is_fleet(st.units[u]) and B.hostile(st, st.units[fleets[0]]["power"],
                                                                                     st.units[u]["power"])]  # fmt: skip
    if enemies:
        first = _side(st, st.units[enemies[0]]["power"])
        enemies = [u for u in enemies if _side(st, st.units[u]["power"]) == first]
        NAV.naval_combat(st, side, fleets, enemies, sea, lines)  # 14.6: they must attack those fleets


def answer(st: IRState, choice: str, lines: list[Text]) -> None:
    """The defender answered the ``port_fleets`` window; the attack goes on (``combat``)."""
    from rules.imperium_romanum import combat as C

    pending, st.pending = st.pending, {}
    side, fleets = str(pending["seat"]), list(pending["fleets"])
    resume = dict(pending["resume"])
    if choice.startswith(EVACUATE):
        resume["sea"] = choice[len(EVACUATE):]
        if evacuate(st, side, str(pending["hex"]), fleets, resume, lines):
            return
        choice = OUTSIDE + resume["sea"]
    answer_choice(st, side, str(pending["hex"]), fleets, choice, lines)
    if choice.startswith(OUTSIDE) and offer_interception(st, side, fleets, choice[len(OUTSIDE):], resume, lines):
        return
    C.open_battle(st, str(resume["attacker"]), str(resume["hex"]), lines, bool(resume["intercepted"]),
                  str(resume["mode"]))  # fmt: skip


def offer_interception(st: IRState, side: str, fleets: list[str], sea: str, resume: dict[str, Any],
                       lines: list[Text]) -> bool:  # fmt: skip
    """14.6, 10.6: fleets leaving an attacked port may be intercepted. Each other seat hostile to
    them with fleets in reach gets the naval interception window (``withdraw_intercept``, default
    ``no``; the standing order ``intercept`` answers), in seat order. Returns True when a window
    is open (the attack goes on when the last one is answered)."""
    from rules.imperium_romanum import naval as NAV

    asked = resume.setdefault("asked", [])
    for seat in st.seats:
        leaving = [f for f in fleets if f in st.units and st.units[f]["hex"] == sea]
        if not leaving:
            return False
        if seat == side or seat in asked or not any(B.seat_hostile_to(st, seat, st.units[f]["power"]) for f in leaving):
            continue
        asked.append(seat)
        options = NAV.interception_options(st, seat, sea)
        order = st.standing.get(seat, {}).get("intercept", "ask")
        if not options or order == "never":
            continue
        if order == "always":
            intercept(st, side, leaving, seat, sorted(options, key=lambda h: (options[h], h))[0], lines)
            continue
        st.seq += 1
        prompt = _("{seat}'s fleets leave the attacked port of {port} for {hex}: intercept with fleets within 6 MP (14.6, 10.6)?",
                   seat=side, port=resume["hex"], hex=sea)  # fmt: skip
        st.pending = {"id": f"withdraw-intercept-{st.seq}", "seat": seat, "kind": "withdraw_intercept",
                      "prompt": text_to_json(prompt), "default": "no", "section": "§10.6",
                      "choices": [["no", text_to_json(_("Do not intercept"))]]
                      + [[h, text_to_json(_("Fleets at {hex} ({mp} MP away)", hex=h, mp=mp))] for h, mp in sorted(options.items())],
                      "side": side, "fleets": leaving, "sea": sea, "resume": resume}  # fmt: skip
        return True
    return False


def intercept(st: IRState, side: str, fleets: list[str], seat: str, from_hex: str, lines: list[Text]) -> None:
    """10.6: the interception roll and, on success, naval combat with the interceptors attacking
    (``naval.resolve_interception`` on the leaving fleets, which move no further)."""
    from rules.imperium_romanum import naval as NAV

    saved, st.moving = st.moving, {"naval": True, "seat": side, "fleets": list(fleets), "path": [], "asked": []}
    NAV.resolve_interception(st, seat, from_hex, lines)
    st.moving = saved


def answer_interception(st: IRState, choice: str, lines: list[Text]) -> None:
    """A seat answered the interception window of fleets leaving an attacked port; the next seat
    is asked, then the attack goes on."""
    from rules.imperium_romanum import combat as C

    pending, st.pending = st.pending, {}
    side, fleets, sea = str(pending["side"]), list(pending["fleets"]), str(pending["sea"])
    resume = dict(pending["resume"])
    if choice != "no":
        intercept(st, side, [f for f in fleets if f in st.units], str(pending["seat"]), choice, lines)
    if st.pending or offer_interception(st, side, fleets, sea, resume, lines):
        return
    C.open_battle(st, str(resume["attacker"]), str(resume["hex"]), lines, bool(resume["intercepted"]),
                  str(resume["mode"]))  # fmt: skip


def defending(st: IRState, side: str, hex_id: str) -> list[str]:
    """The fleets that stayed to defend ``hex_id`` this turn (14.6)."""
    mark = f"{st.turn}:{hex_id}"
    return [u for u in B.units_at(st, hex_id) if B.is_fleet(st.units[u]) and st.units[u].get("port_defence") == mark
            and _side(st, st.units[u]["power"]) == side]  # fmt: skip


def strength(st: IRState, fleets: list[str], multiplier: int) -> int:
    """IR-ENG-148: a quarter of the fleets' strength, rounded down (14.6's value for attacking
    fleets), times the siege multiplier when the city is assaulted (14.3: they accepted siege
    inside the port)."""
    return FS.ships_strength(st, fleets) * multiplier


def retreat_fleets(st: IRState, ctx: dict[str, Any], fleets: list[str], lines: list[Text]) -> bool:
    """IR-ENG-149: the beaten defence's fleets put out to a sea hex next to the port, the owner's
    choice when more than one is open (the ``fleet_retreat`` window, default the hex with the
    fewest enemy fleets, then by id; the standing order ``retreat first`` answers); with none
    open they are lost. Returns True when a window is open."""
    side, hex_id = str(ctx["side"]), str(ctx["hex"])
    fleets = [f for f in fleets if f in st.units]
    if not fleets:
        return False
    exits = sea_exits(st, side, hex_id)
    if not exits:
        by = str(ctx.get("att_power", ""))
        for fid in fleets:
            FS.lose(st, fid, [], lines, by)
        lines.append(_("The beaten defenders' fleets at {hex} have no open sea and are lost (14.6).", hex=hex_id))
        return False

    def enemy_fleets(h: str) -> int:
        return sum(1 for u in B.units_at(st, h) if B.is_fleet(st.units[u]) and B.seat_hostile_to(st, side, st.units[u]["power"]))

    exits.sort(key=lambda h: (enemy_fleets(h), h))
    order = st.standing.get(side, {}).get("retreat", "ask")
    if len(exits) > 1 and side in st.seats and order == "ask":
        st.seq += 1
        prompt = _("Your fleets at {hex} were part of the beaten defence and put out to sea (14.6): where to?", hex=hex_id)
        st.pending = {"id": f"fleet-retreat-{st.seq}", "seat": side, "kind": "fleet_retreat",
                      "prompt": text_to_json(prompt), "choices": [[h, text_to_json(_("Put out to {hex}", hex=h))]
                                                                  for h in exits],
                      "default": exits[0], "section": "§14.6", "fleets": fleets, "battle": ctx}  # fmt: skip
        return True
    put_out(st, side, fleets, exits[0], lines)
    return False


def answer_retreat(st: IRState, choice: str, lines: list[Text]) -> None:
    """The owner chose where the beaten defence's fleets go; the battle goes on."""
    from rules.imperium_romanum import combat as C

    pending, st.pending = st.pending, {}
    ctx = dict(pending["battle"])
    put_out(st, str(pending["seat"]), list(pending["fleets"]), choice, lines)
    ctx["fleets_done"] = True
    C.after_seasoning(st, ctx, lines)


def clear(st: IRState, hex_id: str) -> None:
    """The battle at ``hex_id`` is over: the fleets' marks are used up."""
    for uid in B.units_at(st, hex_id):
        st.units[uid].pop("port_defence", None)



def embarkable(st: IRState, side: str, hex_id: str, fleets: list[str]) -> list[str]:
    """The side's land combat units in the port, not aboard and not besieged, that still fit
    aboard the leaving fleets with those already taken (10.4.1), one of each kind, the
    strongest first (14.6)."""
    from rules.imperium_romanum import naval as NAV

    ashore = [u for u in B.units_at(st, hex_id, False) if _side(st, st.units[u]["power"]) == side
              and B.is_combat(st.units[u])]  # fmt: skip
    seen: dict[tuple[str, bool], str] = {}
    for uid in sorted(ashore, key=lambda u: (-B.strength(st.units[u]), u)):
        if NAV._stowage(st, fleets, [uid]) is not None:
            seen.setdefault((st.units[uid]["type"], bool(st.units[uid]["vet"])), uid)
    return list(seen.values())


def evacuate(st: IRState, side: str, hex_id: str, fleets: list[str], resume: dict[str, Any], lines: list[Text]) -> bool:
    """14.6 (IR-ENG-162): the port's troops embark on the leaving fleets. When they all fit they
    all go; else the owner picks them one at a time (``evacuate_pick``, default the strongest
    that fits; ``none`` stops). Returns True when a window is open."""
    fleets = [f for f in fleets if f in st.units]
    while True:
        options = embarkable(st, side, hex_id, fleets)
        ashore = [u for u in B.units_at(st, hex_id, False) if _side(st, st.units[u]["power"]) == side
                  and B.is_combat(st.units[u])]  # fmt: skip
        if not options:
            break
        from rules.imperium_romanum import naval as NAV

        if NAV._stowage(st, fleets, ashore) is not None or side not in st.seats:
            for uid in ashore if NAV._stowage(st, fleets, ashore) is not None else options[:1]:
                _embark_one(st, fleets, uid)
            continue
        st.seq += 1
        prompt = _("Not all your troops in {hex} fit aboard the leaving fleets (14.6): which one embarks next?", hex=hex_id)
        st.pending = {"id": f"evacuate-{st.seq}", "seat": side, "kind": "evacuate_pick", "prompt": text_to_json(prompt),
                      "choices": [[u, text_to_json(_("Embark {unit} ({sp} SP)", unit=B.name_of_type(st.units[u]),
                                                     sp=B.strength(st.units[u])))] for u in options]
                      + [["none", text_to_json(_("Embark no more units"))]],
                      "default": options[0], "section": "§14.6", "hex": hex_id, "fleets": fleets, "resume": resume}  # fmt: skip
        return True
    _embarked(st, side, hex_id, fleets, lines)
    return False


def _embarked(st: IRState, side: str, hex_id: str, fleets: list[str], lines: list[Text]) -> None:
    _leaders_follow(st, side, hex_id, fleets)
    aboard = sum(1 for f in fleets for _u in B.cargo_of(st, f)[0])
    lines.append(_n("{seat}: {n} unit is aboard the fleets leaving {hex} (14.6).",
                    "{seat}: {n} units are aboard the fleets leaving {hex} (14.6).", aboard, seat=side, hex=hex_id))  # fmt: skip


def _embark_one(st: IRState, fleets: list[str], uid: str) -> None:
    from rules.imperium_romanum import naval as NAV

    plan = NAV._stowage(st, fleets, [uid]) or {}
    st.units[uid].update(aboard=plan[uid], besieged=False)


def _leaders_follow(st: IRState, side: str, hex_id: str, fleets: list[str]) -> None:
    """IR-ENG-162: the side's leaders in the port go with the fleets when none of its land units
    is left ashore (14.2.1: leaders may leave with a fleet); else they stay with the troops."""
    if any(_side(st, st.units[u]["power"]) == side for u in B.units_at(st, hex_id) if B.is_combat(st.units[u])):
        return
    for lid in B.leaders_at(st, hex_id):
        if _side(st, st.leaders[lid]["power"]) == side:
            st.leaders[lid]["aboard"] = fleets[0]


def answer_evacuation(st: IRState, choice: str, lines: list[Text]) -> None:
    """The owner picked the next unit to embark, or none; the fleets then put out."""
    from rules.imperium_romanum import combat as C

    pending, st.pending = st.pending, {}
    side, hex_id, fleets = str(pending["seat"]), str(pending["hex"]), list(pending["fleets"])
    resume = dict(pending["resume"])
    if choice != "none":
        _embark_one(st, fleets, choice)
        if evacuate(st, side, hex_id, fleets, resume, lines):
            return
    else:
        _embarked(st, side, hex_id, fleets, lines)
    sea = str(resume["sea"])
    answer_choice(st, side, hex_id, fleets, OUTSIDE + sea, lines)
    if offer_interception(st, side, fleets, sea, resume, lines):
        return
    C.open_battle(st, str(resume["attacker"]), str(resume["hex"]), lines, bool(resume["intercepted"]),
                  str(resume["mode"]))  # fmt: skip
