"""Fleets in a land defence (§14.6, §10.7.1; IR-ENG-148 to IR-ENG-151).

When a hex is attacked in the Land Combat segment, the defending side's fleets in its own port
there choose (a ``port_fleets`` window for the defender, default ``inside``; the standing order
``naval_port`` answers for him):

- ``inside``: they stay in the port and defend with it, at a quarter of their strength, doubled
  or tripled when the city is assaulted (IR-ENG-148); the troops aboard stay aboard;
- ``land``: the same, and the troops aboard land to fight beside the defenders (14.6);
- ``outside:<sea hex>``: they put out to that sea hex with their troops and take no part; enemy
  fleets there are attacked at once (14.6, 10.7).

A fleet of the defence is lost at a quarter of its strength (14.6). When the defence loses and
its land units retreat, its fleets put out to a sea hex next to the port of the owner's choice
(14.6: not necessarily where the land units go), or are lost when none is open (IR-ENG-149).
"""

from __future__ import annotations

from typing import Any

from rules.core.i18n import Text, _, _n, text_to_json
from rules.imperium_romanum import blockade as BL
from rules.imperium_romanum import board as B
from rules.imperium_romanum import fleet_support as FS
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import world

INSIDE, LAND, OUTSIDE = "inside", "land", "outside:"
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
    order = st.standing.get(side, {}).get("naval_port", "ask") if side in st.seats else INSIDE
    if len(choices) == 1 or order != "ask":
        pick = INSIDE
        if order == "outside" and not under_siege and exits:
            pick = OUTSIDE + exits[0]  # the standing order takes the first sea hex on offer
        answer_choice(st, side, hex_id, fleets, pick, lines)
        return False
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
    answer_choice(st, str(pending["seat"]), str(pending["hex"]), list(pending["fleets"]), choice, lines)
    resume = dict(pending["resume"])
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
    return sum(B.strength(st.units[f]) for f in fleets) // FS.QUARTER * multiplier


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

