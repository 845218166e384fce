"""Allies carrying each other's troops (§5.8 #5) and the troops left aboard an ally's fleets
when the alliance is not renewed (§5.8, TC-70).

A seat lends its troops to its allies with the standing order ``carry allies`` (5.8: a power
agrees to let its units be moved by an ally): the ally may carry them on its fleets, or move
them by land in its own player turn (IR-ENG-128); a lent unit has not moved this month and,
once an ally carried or moved it, moves no more for its owner this month. When the Diplomacy Phase closes without the
alliance renewed, each group of troops aboard a former ally's fleets is a window: the fleet's
owner, then the troops' owner, may part peacefully (the default) or not (IR-ENG-73).
"""

from __future__ import annotations

from rules.core.errors import RuleError
from rules.core.i18n import Text, _, _n, text_to_json
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, hex_distance

BREAK_ROLL_SAFE = 4
"""5.8: in a deep-sea hex, a d6 of 4-6 puts the troops ashore; 1-3 eliminates them."""


# -- carrying (5.8 #5) ------------------------------------------------------------------------
def lends_to(st: IRState, owner_seat: str, seat: str) -> bool:
    """5.8: ``owner_seat`` lets its ally ``seat`` carry its troops this month."""
    return (owner_seat != seat and bool(owner_seat) and B.allied(st, owner_seat, seat)
            and st.standing.get(owner_seat, {}).get("carry", "never") == "allies")  # fmt: skip


def check_lent_unit(st: IRState, seat: str, uid: str) -> None:
    """5.8: a unit of another seat may board ``seat``'s fleets only when lent by an ally and not
    moved this month; otherwise the unit is not the seat's to move (5.1)."""
    rec = st.units[uid]
    owner = B.seat_of(st, rec["power"])
    if owner == seat:
        return
    if not lends_to(st, owner, seat) or not B.can_act(st, rec["power"]):
        raise RuleError("§5.8", _("{power} is not yours to move: an ally lends its troops with the standing order carry allies",
                                  power=st.powers[rec["power"]]["name"]))  # fmt: skip
    if rec["moved"] or rec["activated"]:
        raise RuleError("§5.8", _("{unit} has already moved this month: an ally may not carry it", unit=uid))


def check_lent_leader(st: IRState, seat: str, lid: str) -> None:
    owner = B.seat_of(st, st.leaders[lid]["power"])
    if owner != seat and not lends_to(st, owner, seat):
        raise RuleError("§5.8", _("{unit} cannot embark", unit=lid))


def mark_carried(st: IRState, seat: str, uid: str) -> None:
    """5.8: a unit an ally carries moves no more this month, even when its owner takes it back."""
    if B.seat_of(st, st.units[uid]["power"]) != seat:
        st.units[uid]["lent"] = st.turn


def lent_this_month(st: IRState, uid: str) -> bool:
    return st.units[uid].get("lent") == st.turn


# -- moving an ally's units by land (5.8, IR-ENG-128) -------------------------------------------
def check_land_loan(st: IRState, seat: str, uid: str) -> None:
    """5.8: ``seat`` moves by land a unit of another seat only when its ally lends it (``carry
    allies``) and it has not moved this month, or when ``seat`` itself began moving it this
    month and it has MP left (a later move of the same player turn)."""
    rec = st.units[uid]
    if rec.get("borrower") == seat and rec.get("lent") == st.turn:
        return
    check_lent_unit(st, seat, uid)


def mark_moved_by_ally(st: IRState, seat: str, units: list[str]) -> None:
    """5.8: a unit an ally moves by land moves no more this month for its owner (``lent``); the
    ally may go on moving it in the same player turn (``borrower``)."""
    for uid in units:
        if B.seat_of(st, st.units[uid]["power"]) != seat:
            st.units[uid].update(lent=st.turn, borrower=seat)


def movable_by_ally(st: IRState, seat: str, rec: dict[str, object]) -> bool:
    """The units of an ally that ``seat`` may move by land now (for the legal moves)."""
    owner = B.seat_of(st, str(rec["power"]))
    if owner == seat or not owner:
        return False
    if rec.get("borrower") == seat and rec.get("lent") == st.turn:
        return True
    return lends_to(st, owner, seat) and B.can_act(st, str(rec["power"])) and not rec["moved"] and not rec["activated"]


# -- the alliance not renewed (5.8, TC-70) ----------------------------------------------------
def stranded(st: IRState) -> list[tuple[str, str, str]]:
    """(fleet hex, fleet's seat, troops' seat) of every group of troops aboard the fleets of a
    seat that is no longer their ally, in hex order."""
    found: set[tuple[str, str, str]] = set()
    for rec in st.units.values():
        fid = rec.get("aboard")
        if not fid or fid not in st.units:
            continue
        mine, theirs = B.seat_of(st, st.units[fid]["power"]), B.seat_of(st, rec["power"])
        if mine and theirs and mine != theirs and not B.allied(st, mine, theirs):
            found.add((rec["hex"], mine, theirs))
    return sorted(found)


def open_next(st: IRState, lines: list[Text]) -> None:
    """Open the parting window of the next stranded group, or settle it at once by standing
    orders (``parting peace``); stops when a seat must answer. A settled group is aboard no
    more, so it is not found again."""
    while not st.pending:
        groups = stranded(st)
        if not groups:
            return
        hex_id, fleet_seat, troop_seat = groups[0]
        _ask(st, hex_id, fleet_seat, troop_seat, fleet_seat, lines)


def _ask(st: IRState, hex_id: str, fleet_seat: str, troop_seat: str, asked: str, lines: list[Text]) -> None:
    if st.standing.get(asked, {}).get("parting", "ask") == "peace":
        _answered(st, hex_id, fleet_seat, troop_seat, asked, "peace", lines)
        return
    st.seq += 1
    st.pending = {"id": f"parting-{st.seq}", "seat": asked, "kind": "parting", "section": "§5.8",
                  "prompt": text_to_json(_("The alliance of {a} and {b} is not renewed and {b}'s troops are aboard {a}'s fleets at {hex}: part peacefully (5.8)?",
                                           a=fleet_seat, b=troop_seat, hex=hex_id)),
                  "choices": [["peace", text_to_json(_("Part peacefully: the troops go ashore, the fleets stay"))],
                              ["fight", text_to_json(_("Do not agree: the fleets are destroyed (5.8)"))]],
                  "default": "peace", "hex": hex_id, "fleet_seat": fleet_seat, "troop_seat": troop_seat}  # fmt: skip


def answer(st: IRState, choice: str, lines: list[Text]) -> None:
    p = st.pending
    st.pending = {}
    _answered(st, p["hex"], p["fleet_seat"], p["troop_seat"], p["seat"], choice, lines)
    open_next(st, lines)


def _answered(st: IRState, hex_id: str, fleet_seat: str, troop_seat: str, asked: str, choice: str, lines: list[Text]) -> None:
    if choice == "peace" and asked == fleet_seat:
        _ask(st, hex_id, fleet_seat, troop_seat, troop_seat, lines)  # both must agree
        return
    part(st, hex_id, fleet_seat, troop_seat, choice == "peace", lines)


def part(st: IRState, hex_id: str, fleet_seat: str, troop_seat: str, peaceful: bool, lines: list[Text]) -> None:
    """5.8 (TC-70, IR-ENG-73): the troops of ``troop_seat`` leave ``fleet_seat``'s fleets at
    ``hex_id``. Peacefully, they go ashore and the fleets stay. Otherwise the fleets carrying
    them are destroyed; in a port the troops stay in the hex, in a coastal sea hex they land on
    the closest land hex, and neither may move this month; in a deep-sea hex a d6 of 1-3
    eliminates them and 4-6 lands them on the closest land hex."""
    troops = sorted(u for u, r in st.units.items() if r.get("aboard") and r["hex"] == hex_id and B.seat_of(st, r["power"]) == troop_seat
                    and B.seat_of(st, st.units[r["aboard"]]["power"]) == fleet_seat)  # fmt: skip
    fleets = sorted({st.units[u]["aboard"] for u in troops})
    leaders = sorted(lid for lid, r in st.leaders.items() if r["status"] == "map" and r.get("aboard") in fleets
                     and B.seat_of(st, r["power"]) == troop_seat)  # fmt: skip
    kind = data().hexes[hex_id].kind
    ashore = hex_id if kind == "land" else closest_land(st, hex_id, troop_seat)
    lost = False
    if not peaceful and kind == "deep":
        from rules.imperium_romanum import deity

        lost = deity.roll(st, troop_seat, "stranded", 1, _("§5.8 troops stranded at sea"), [],
                          lines).result < BREAK_ROLL_SAFE  # 42: the troops' seat, high saves them (IR-ENG-154)
    for uid in troops:
        if lost or not ashore:
            st.units[uid]["aboard"] = ""
            B.eliminate_unit(st, uid, lines, _("stranded at sea as the alliance ends (5.8)"))
            continue
        st.units[uid].update(hex=ashore, aboard="", moved=True)
        if not peaceful:
            st.units[uid]["no_land_move"] = st.turn
    for lid in leaders:
        if lost or not ashore:
            st.leaders[lid]["aboard"] = ""
            B.lose_leader(st, lid, "dead", lines)
        else:
            st.leaders[lid].update(hex=ashore, aboard="")
    if not peaceful:
        from rules.imperium_romanum.naval import sink

        others = sorted(f for f, r in st.units.items() if B.is_fleet(r) and r["hex"] == hex_id and f not in fleets
                        and B.seat_of(st, r["power"]) == fleet_seat)  # fmt: skip
        for fid in fleets:  # the fleet owner's own troops aboard move to his other fleets there, or drown
            sink(st, fid, others, lines, _("destroyed as the alliance ends with troops aboard (5.8)"))
    st.stat("partings")
    if peaceful:
        lines.append(_n("{a} and {b} part peacefully: {n} unit goes ashore at {hex} (5.8).",
                        "{a} and {b} part peacefully: {n} units go ashore at {hex} (5.8).", len(troops),
                        a=fleet_seat, b=troop_seat, hex=ashore or hex_id))  # fmt: skip
    elif lost or not ashore:
        lines.append(_("{b}'s troops aboard {a}'s lost fleets are lost at sea (5.8).", a=fleet_seat, b=troop_seat))
    else:
        lines.append(_("{b}'s troops leave {a}'s destroyed fleets at {hex} and cannot move this month (5.8).",
                       a=fleet_seat, b=troop_seat, hex=ashore))  # fmt: skip


def closest_land(st: IRState, hex_id: str, seat: str) -> str:
    """The land hex nearest ``hex_id`` with no unit hostile to ``seat``, the first by id on a tie
    (IR-ENG-73); "" when none is within 10 hexes."""
    best: tuple[int, str] | None = None
    for other, cell in data().hexes.items():
        if cell.kind != "land":
            continue
        dist = hex_distance(hex_id, other)
        if dist > 10 or (best is not None and (dist, other) >= best):
            continue
        if B.hostile_land_at(st, seat, other, None):
            continue
        best = (dist, other)
    return best[1] if best else ""
