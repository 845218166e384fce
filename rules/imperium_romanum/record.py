"""A power's record as ``/record`` shows it (§5.4 Power Record Form, §5.5 Unit Roster).

The Power Record Form is public (§5.4): treasury, morale, the provinces held with their tax
values and their total, and the power's CER. The Unit Roster (§5.5) lists every unit; the
rules do not say it is public, so Praetor shows it whole only to the seat that moves the power
and, to everyone else, how many units are in play and how many were eliminated (ruling
IR-DIS-1 in docs/rulings.md): what a stack holds stays hidden (§3.2). The units raised in a
Taxation & Mobilization Phase still open are counted for their own seat only (IR-ENG-60), and
while a simultaneous segment is open the others see each power's treasury as it stood when the
segment opened, so that what a power spends on its secret orders shows only in the summary
(IR-DIS-5).
"""

from __future__ import annotations

from typing import Any

from rules.imperium_romanum import board as B
from rules.imperium_romanum.counters import legion_name
from rules.imperium_romanum.sequence import SIMULTANEOUS
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data


def open_treasuries(st: IRState) -> None:
    """IR-DIS-5: a simultaneous segment opens (4.0): note every power's treasury, the figure the
    other seats and the public see until it closes."""
    st.treasury_at_open = {power: int(rec["treasury"]) for power, rec in sorted(st.powers.items())}


def treasury_held(st: IRState, power: str, seat: str = "") -> bool:
    """Does ``seat`` ("" for the public) see the treasury of ``power`` as it stood when the open
    simultaneous segment began (IR-DIS-5)? Never its own power's, and never outside such a
    segment. The answer does not depend on whether the power spent anything."""
    own = bool(seat) and B.seat_of(st, power) == seat
    return not own and st.segment in SIMULTANEOUS and power in st.treasury_at_open


def shown_treasury(st: IRState, power: str, seat: str = "") -> int:
    """The treasury of ``power`` as ``seat`` may know it (5.4 public; IR-DIS-5 while the orders of
    a simultaneous segment are secret)."""
    if treasury_held(st, power, seat):
        return st.treasury_at_open[power]
    return int(st.powers[power]["treasury"])


def power_record(st: IRState, power: str, seat: str = "") -> dict[str, Any]:
    """The record of ``power`` seen by ``seat`` ("" for a spectator); KeyError if no such power."""
    rec = st.powers[power]
    provinces = [(pid, data().provinces[pid].name, B.province_tax(st, pid))
                 for pid, owner in sorted(st.province_owner.items()) if owner == power]  # fmt: skip
    whole = bool(seat) and B.seat_of(st, power) == seat
    held = set() if whole else set(st.held_raises)  # IR-ENG-60: raises unseen until the phase closes
    in_play = sorted(uid for uid, u in st.units.items() if u["power"] == power and uid not in held)
    lost = sorted(uid for uid, u in st.eliminated.items() if u["power"] == power)
    out: dict[str, Any] = {
        "power": power, "name": rec["name"], "status": rec["status"], "major": rec["major"],
        "treasury": shown_treasury(st, power, seat if whole else ""),
        "treasury_held": treasury_held(st, power, seat if whole else ""), "morale": rec["morale"], "cer": rec["cer"],
        "provinces": provinces, "tax_base": sum(tax for _p, _n, tax in provinces),
        "in_play": len(in_play), "eliminated": len(lost), "whole": False, "roster": [],
        "counters": {}, "legions": {},
    }  # fmt: skip
    if whole:
        out["whole"] = True
        out["roster"] = [(uid, B.name_of_type(st.units[uid]), st.units[uid]["hex"]) for uid in in_play]
        out["roster"] += [(uid, B.name_of_type(st.eliminated[uid]), "") for uid in lost]
        # 5.5, 5.7: each unit's counter id and its legion's name where it has one (IR-ENG-129)
        out["counters"] = {uid: st.units[uid].get("counter_id", "") for uid in in_play}
        out["legions"] = {uid: name for uid in in_play if (name := legion_name(st, st.units[uid]))}
    return out
