"""Amphibious landings in the Land Combat segment (§14.6, §10.5; IR-ENG-151, IR-ENG-160).

14.6 lets fleets carrying troops put them ashore in the Land Combat segment when they meet the
requirements of an amphibious invasion (10.5: a summer month, a +2 or +3 leader aboard, no
enemy fleet outside a port in the way). The active player gives ``debark {fleets, to, units?}``
in his Land Combat segment; the landing follows 10.5 exactly as in Naval Operations (the same
check, the same 6 MP from what the fleets have left this month), with two limits of its own:
the hex must hold an enemy to attack, not yet attacked this segment (the invaders must attack
it, 14.1, at half strength, 10.5.2).

After the battle, when some invaders are still in the hex, the cavalry and baggage trains left
aboard may land (10.5.1: a ``follow_up`` window for the invader, default ``land``); they cannot
move further this turn. When every invader is gone, they stay aboard, untouched.
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _, _n, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState

LAND, STAY = "land", "stay"
"""The answers of the ``follow_up`` window (10.5.1)."""


def check(st: IRState, seat: str, args: dict[str, Any]) -> dict[str, Any]:
    """Every condition of a landing in the Land Combat segment, changing nothing."""
    from rules.imperium_romanum import combat as C
    from rules.imperium_romanum import naval as NAV

    if st.segment != "combat":
        raise RuleError("§14.6", _("a landing to attack is made in the Land Combat segment"))
    plan = NAV.check_debark(st, seat, args)
    target = str(plan["to"])
    side, _defenders = C.defender_seat(st, seat, target)
    if not plan["amphibious"] or not side:
        raise RuleError("§14.6", _("in the Land Combat segment troops land only to attack an enemy in {hex} (10.5.1)",
                                   hex=target))  # fmt: skip
    if target in st.attacked:
        raise RuleError("§14.1", _("{hex} was already attacked this segment", hex=target))
    return plan


def land(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    """14.6, 10.5: the invaders land and must attack the hex this segment."""
    from rules.imperium_romanum import naval as NAV

    plan = check(st, seat, args)
    NAV.debark(st, seat, args, lines)
    st.stat("landings_in_land_combat")
    lines.append(_("{seat}'s invaders at {hex} came from the sea in the Land Combat segment and must attack now (14.6, 10.5.1).",
                   seat=seat, hex=plan["to"]))  # fmt: skip


def commands(st: IRState, seat: str) -> list[dict[str, Any]]:
    """The landings ``seat`` may make now: for each of its fleet groups with troops aboard, one
    ``debark`` to each enemy hex on its shore that the rules accept."""
    from rules.imperium_romanum import naval as NAV
    from rules.imperium_romanum.legal import passes
    from rules.imperium_romanum.world import shore

    groups: dict[str, list[str]] = {}
    for fid in sorted(st.units):
        rec = st.units[fid]
        if B.is_fleet(rec) and B.seat_of(st, rec["power"]) == seat and B.cargo_of(st, fid)[0] and NAV.is_sea(rec["hex"]):
            groups.setdefault(rec["hex"], []).append(fid)
    out = []
    for hex_id, fleets in sorted(groups.items()):
        for target in shore(hex_id):
            args = {"fleets": fleets, "to": target}
            if passes(check, st, seat, args):
                out.append(args)
    return out


def offer_follow_up(st: IRState, battle: dict[str, Any], lines: list[Text]) -> bool:
    """10.5.1: after the battle of a landing, when invaders remain in the hex, the cavalry and
    baggage trains still aboard the landing fleets may land. Returns True when a window is open."""
    seat, hex_id = str(battle["attacker"]), str(battle["hex"])
    mark = f"{st.turn}:{hex_id}"
    fleets = [f for f in sorted(st.units) if B.is_fleet(st.units[f]) and st.units[f].get("landed_at") == mark]
    for fid in fleets:
        st.units[fid].pop("landed_at", None)
    waiting = [u for f in fleets for u in B.cargo_of(st, f)[0]]
    invaders = [u for u in B.units_at(st, hex_id) if st.units[u].get("amphibious") == st.turn
                and B.seat_of(st, st.units[u]["power"]) == seat]  # fmt: skip
    if not waiting or not invaders:
        return False
    if seat not in st.seats:
        follow_up(st, seat, hex_id, waiting, lines)
        return False
    st.seq += 1
    prompt = _("Your invaders hold on at {hex}: land the cavalry and baggage trains still aboard (10.5.1)?", hex=hex_id)
    st.pending = {"id": f"follow-up-{st.seq}", "seat": seat, "kind": "follow_up", "prompt": text_to_json(prompt),
                  "choices": [[LAND, text_to_json(_("Land them"))], [STAY, text_to_json(_("Keep them aboard"))]],
                  "default": LAND, "section": "§10.5.1", "hex": hex_id, "units": waiting, "battle": battle}  # fmt: skip
    return True


def follow_up(st: IRState, seat: str, hex_id: str, units: list[str], lines: list[Text]) -> None:
    """The cavalry and baggage trains land; they move no further this turn (10.5.1)."""
    landed = [u for u in units if u in st.units and st.units[u].get("aboard")]
    for uid in landed:
        st.units[uid].update(hex=hex_id, aboard="", moved=True, no_land_move=st.turn)
    lines.append(_n("{seat}: {n} more unit lands at {hex} behind the invaders (10.5.1).",
                    "{seat}: {n} more units land at {hex} behind the invaders (10.5.1).", len(landed), seat=seat,
                    hex=hex_id))  # fmt: skip


def answer(st: IRState, choice: str, lines: list[Text]) -> None:
    """The invader chose; the battle's last steps follow (15.2)."""
    from rules.imperium_romanum import combat as C

    pending, st.pending = st.pending, {}
    if choice == LAND:
        follow_up(st, str(pending["seat"]), str(pending["hex"]), list(pending["units"]), lines)
    battle = dict(pending["battle"])
    if not st.result and not st.pending:
        C.offer_elite(st, battle)
