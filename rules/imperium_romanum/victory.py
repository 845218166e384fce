"""Power dissolution (§20.0) and winning (§25.0)."""

from __future__ import annotations

from rules.core.i18n import Text, _, text_from_json, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data


def scenario_end(st: IRState) -> tuple[int, int]:
    return data().scenarios[st.scenario].end


def check_dissolution(st: IRState, lines: list[Text]) -> None:
    """20.0: a power whose morale is 0 or less dissolves. IR-ENG-8: a dissolved major power
    becomes an inactive neutral with its units (20.2), a Roman faction after its defections to
    the other Roman factions (20.3, IR-ENG-69); minor powers, to which the scenarios give no morale, do not dissolve by it
    (IR-ENG-8); a player whose major powers are all dissolved is out, and the last player left
    wins (25.0)."""
    settle_fallen(st, lines)
    if st.result:
        return
    from rules.imperium_romanum import clients

    clients.check_conquests(st, lines)  # 20.1: conquered minor powers become clients
    for power in sorted(st.powers):
        rec = st.powers[power]
        if rec["dissolved"] or rec["morale"] > 0 or not rec["major"]:
            continue
        # 20.3: a Roman faction dissolving beside another defects to it first (defection.py)
        dissolve(st, power, _("{power} dissolves: its morale is {morale} (20.0).", power=rec["name"], morale=rec["morale"]), lines)
    check_last_player(st, lines)


def dissolve(st: IRState, power: str, why: Text, lines: list[Text]) -> None:
    """20.3: a Roman faction beside other Roman factions defects to them (``defection.py``);
    20.2: the power becomes an inactive neutral with what is left (IR-ENG-8), a non-Roman one's
    pieces going back into its provinces (20.1, dissolution.py); the clients of a player left
    with no major power pass to the nearest major power, else they become inactive neutrals."""
    from rules.imperium_romanum import defection, dissolution, ex_major

    rec = st.powers[power]
    seat = str(rec.get("seat", ""))
    lines.append(why)
    if rec["kind"] == "roman" and rec["major"]:
        defection.defect(st, power, lines)
    rec["dissolved"] = True
    rec["seat"] = ""
    rec["status"] = "inactive neutral"
    if rec["kind"] != "roman" and rec["major"]:
        ex_major.mark(st, power)  # 20.2: an inactive neutral minor from now on, which may wake again
        dissolution.place_back(st, power, lines, seat)  # 20.2 -> 20.1: its pieces go home, its player choosing where (IR-ENG-126, 145)
        ex_major.wake_if_invaded(st, power, lines)  # 20.1: enemy units still in its provinces (IR-ENG-146)
    out = bool(seat) and not any(st.powers[p]["major"] for p in B.powers_of(st, seat))
    for other in st.powers.values():
        if other.get("patron") == power and other["status"].endswith("client") and not out:
            other["seat"] = ""
            other["status"] = "inactive neutral"
    if out:
        dissolution.hand_over_clients(st, seat, lines)  # 20.2: to the nearest major power (IR-ENG-127)


FALLEN = "fallen"
"""The key of a Roman faction's record that holds, until the battle's losses are settled, why it
dissolves (IR-ENG-142)."""


def fall(st: IRState, power: str, why: Text, lines: list[Text], at_once_with_others: bool) -> None:
    """28.1: a Roman faction whose Imperator and successors are all gone dissolves. In a battle
    (``at_once_with_others``) it is only marked: every leader the battle costs falls at the
    same moment, and ``settle_fallen`` dissolves the marked factions together (IR-ENG-142)."""
    if at_once_with_others:
        st.powers[power][FALLEN] = text_to_json(why)
        return
    dissolve(st, power, why, lines)
    check_last_player(st, lines)


def settle_fallen(st: IRState, lines: list[Text]) -> None:
    """IR-ENG-142: the factions that lost their last Imperator in one battle dissolve together:
    none of them receives the others' defections (20.3), and when no player is left everybody
    loses (25.2); when one is left, he wins (25.2)."""
    fallen = sorted(p for p, rec in st.powers.items() if FALLEN in rec)
    if not fallen:
        return
    for power in fallen:
        st.powers[power]["dissolved"] = True  # out of each other's 20.3 heirs
    for power in fallen:
        dissolve(st, power, text_from_json(st.powers[power].pop(FALLEN)), lines)
    check_last_player(st, lines)


def check_last_player(st: IRState, lines: list[Text]) -> None:
    """25.0: a player whose major powers are all dissolved is out; the last one left wins."""
    if st.result:
        return
    alive = [s for s in st.seats if any(st.powers[p]["major"] for p in B.powers_of(st, s))]
    if len(st.seats) > 1 and len(alive) <= 1:
        summary = (_("{seat} wins: every other player's powers have dissolved (25.0).", seat=alive[0])
                   if alive else _("Every power has dissolved: everybody loses (25.0)."))
        st.result = {"winners": alive, "summary": str(summary), "kind": "dissolution"}
        lines.append(summary)


def _met(st: IRState, power: str, kind: str, target: str, final: bool) -> bool:
    if kind == "conquer_province":
        return st.province_owner.get(target, "") == power
    if kind == "eliminate_leader":
        return st.leaders.get(target, {}).get("status") in ("dead", "captured")
    if kind == "hold_province_at_end":
        return final and st.province_owner.get(target, "") == power
    return False


EARLY_END_SCENARIOS = (10, 14, 18, 19)
"""25.1: the game ends after the historical end month unless the scenario says otherwise; the
text names scenarios 10, 14, 18 and 19 as those that end when a player meets his conditions
(IR-ENG-9)."""


def check_early(st: IRState, lines: list[Text]) -> None:
    """IR-ENG-9: in the scenarios of 25.1 that end early, a conquest or leader condition ends the
    game as soon as it is met; in every other scenario the conditions wait for the end month."""
    scen = data().scenarios[st.scenario]
    if st.result or scen.number not in EARLY_END_SCENARIOS:
        return
    winners = []
    for cond in scen.victory:
        if cond.kind != "hold_province_at_end" and _met(st, cond.power, cond.kind, cond.target, False):
            seat = B.seat_of(st, cond.power)
            if seat and seat not in winners:
                winners.append(seat)
    if winners:
        summary = _("{seats} won: a victory condition is met (25.0).", seats=", ".join(winners))
        st.result = {"winners": winners, "summary": str(summary), "kind": "early"}
        lines.append(summary)


def final_victory(st: IRState, lines: list[Text]) -> None:
    """25.0: after the end month every player checks his conditions; several may win; nobody
    meeting his conditions means everybody loses."""
    scen = data().scenarios[st.scenario]
    winners: list[str] = []
    for cond in scen.victory:
        seat = B.seat_of(st, cond.power)
        if seat and seat not in winners and _met(st, cond.power, cond.kind, cond.target, True):
            winners.append(seat)
    summary = (_("The scenario ends; {seats} won (25.0).", seats=", ".join(winners)) if winners
               else _("The scenario ends and nobody met his conditions: everybody loses (25.0)."))
    st.result = {"winners": winners, "summary": str(summary), "kind": "end"}
    lines.append(summary)
