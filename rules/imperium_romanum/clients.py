"""Minor powers conquered (§20.1, IR-ENG-65): a minor power all of whose provinces are held by
others and whose forces are all eliminated is from then on a client of its conqueror, moved by
that conqueror's player; as a client it is no longer handed to a player each month (5.3).

The conqueror is the major power holding most of the minor power's starting provinces (ties:
the first by id). A conquered client holds no province, so it accrues no points (8.1) until a
province of its own is given back to it; its points in hand are lost (20.1)."""

from __future__ import annotations

from rules.core.i18n import Text, _
from rules.imperium_romanum import board as B
from rules.imperium_romanum.state import IRState


def conqueror(st: IRState, power: str) -> str:
    """The major power that conquered ``power`` (20.1.1), or "" while it is not conquered: a
    province of its own left, or a unit of it on the map."""
    rec = st.powers[power]
    provinces = list(rec.get("start_provinces", []))
    if rec["major"] or not provinces or any(u["power"] == power for u in st.units.values()):
        return ""
    holders = [st.province_owner.get(p, "") for p in provinces]
    if any(h == power or not h for h in holders):
        return ""
    majors = sorted({h for h in holders if st.powers[h]["major"] and not st.powers[h]["dissolved"]},
                    key=lambda h: (-holders.count(h), h))  # fmt: skip
    return majors[0] if majors else ""


def check_conquests(st: IRState, lines: list[Text]) -> None:
    """20.1: every minor power conquered since the last check becomes its conqueror's client."""
    for power in sorted(st.powers):
        rec = st.powers[power]
        winner = conqueror(st, power)
        if not winner or (rec["status"].endswith("client") and rec.get("patron") == winner):
            continue
        rec.update(status="active client", patron=winner, seat=B.seat_of(st, winner), points_halves=0)
        st.stat("clients_conquered")
        lines.append(_("{power} is conquered and becomes a client state of {winner} (20.1).", power=rec["name"],
                       winner=st.powers[winner]["name"]))  # fmt: skip
