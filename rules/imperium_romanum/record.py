"""A power's record as ``/record`` shows it (§5.4 Power Record Form, §5.5 Unit Roster).

The Power Record Form is public (§5.4): treasury, morale, the provinces held with their tax
values and their total, and the power's CER. The Unit Roster (§5.5) lists every unit; the
rules do not say it is public, so Praetor shows it whole only to the seat that moves the power
and, to everyone else, how many units are in play and how many were eliminated (ruling
IR-DIS-1 in docs/rulings.md): what a stack holds stays hidden (§3.2). The units raised in a
Taxation & Mobilization Phase still open are counted for their own seat only (IR-ENG-60).
"""

from __future__ import annotations

from typing import Any

from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data


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
        "treasury": rec["treasury"], "morale": rec["morale"], "cer": rec["cer"],
        "provinces": provinces, "tax_base": sum(tax for _p, _n, tax in provinces),
        "in_play": len(in_play), "eliminated": len(lost), "whole": False, "roster": [],
    }  # fmt: skip
    if whole:
        out["whole"] = True
        out["roster"] = [(uid, B.name_of_type(st.units[uid]), st.units[uid]["hex"]) for uid in in_play]
        out["roster"] += [(uid, B.name_of_type(st.eliminated[uid]), "") for uid in lost]
    return out
