"""What a dissolving power leaves behind (§20.1, §20.2): a non-Roman major power becomes an
inactive neutral minor whose pieces outside its remaining provinces are placed back in them, with
no treasury and no accrued points; a player left with no major power loses his clients to the
nearest major power.

Readings (docs/rulings.md):

- IR-ENG-126: the engine places the pieces for the former controller (no window: he is most
  often leaving the game, 20.2): each unit and leader outside the power's remaining provinces,
  besieged ones included, goes to the nearest city of those provinces (ties: the city's id); a
  fleet goes to the nearest such city that is a port, and is eliminated if none is; troops
  aboard land with it. A power with no province left keeps its pieces where they stand.
- IR-ENG-127: the clients of a player who is out pass to the major power nearest to each client
  (5.3's measure: closest city or unit, ties by a d6 roll-off), Roman or not, keeping whether
  they are active or inactive.
"""

from __future__ import annotations

from rules.core.i18n import Text, _, _n
from rules.imperium_romanum import board as B
from rules.imperium_romanum import neutrals as N
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.world import data, hex_distance


def _homes(st: IRState, power: str) -> tuple[list[str], list[str]]:
    """Where the pieces go back: the hexes of the cities of its remaining provinces held by it or
    by nobody (else every land hex of those provinces), and those of them that are ports."""
    provinces = {p for p, owner in st.province_owner.items() if owner == power}
    cities = sorted({data().cities[c].hex for p in sorted(provinces) for c in B.cities_of(st, p)
                     if st.city_owner.get(c, "") in (power, "")})  # fmt: skip
    if not cities:
        cities = sorted(h for h, cell in data().hexes.items() if cell.province in provinces and cell.kind == "land")
    return cities, [h for h in cities if B.is_port(st, h)]


def _nearest(hex_id: str, targets: list[str]) -> str:
    return min(targets, key=lambda h: (hex_distance(hex_id, h), h)) if targets else ""


def place_back(st: IRState, power: str, lines: list[Text]) -> None:
    """20.1 (by 20.2): the pieces of ``power`` outside its remaining provinces go into them
    (IR-ENG-126); its accrued points and its treasury are lost (20.1, 20.2 #3)."""
    rec = st.powers[power]
    rec["points_halves"] = 0
    rec["treasury"] = 0
    cities, ports = _homes(st, power)
    if not cities:
        return
    home = {p for p, owner in st.province_owner.items() if owner == power}
    moved = 0
    for uid in sorted(st.units, key=lambda u: (st.units[u]["order"], u)):
        unit = st.units.get(uid)
        if unit is None or unit["power"] != power or data().hexes[unit["hex"]].province in home:
            continue
        if unit.get("aboard") and st.units.get(unit["aboard"], {}).get("power") == power:
            continue  # it travels with its fleet
        if B.is_fleet(unit):
            target = _nearest(unit["hex"], ports)
            cargo, leaders = B.cargo_of(st, uid)
            if not target:
                target = _nearest(unit["hex"], cities)
                for carried in cargo:
                    st.units[carried]["aboard"] = ""
                B.eliminate_unit(st, uid, lines, _("no port of its own to go back to (20.1)"))
                for carried in cargo:
                    _put(st, carried, target)
                for lid in leaders:
                    st.leaders[lid].update(hex=target, aboard="")
                moved += len(cargo)
                continue
            for carried in cargo:
                _put(st, carried, target, aboard=uid)
            for lid in leaders:
                st.leaders[lid]["hex"] = target
        else:
            target = _nearest(unit["hex"], cities)
        _put(st, uid, target)  # troops aboard another power's fleet land with the others
        moved += 1
    for lid in sorted(st.leaders):
        leader = st.leaders[lid]
        if leader["power"] == power and leader["status"] == "map" and data().hexes[leader["hex"]].province not in home:
            leader.update(hex=_nearest(leader["hex"], cities), aboard="")
            moved += 1
    if moved:
        lines.append(_n("{n} piece of {power} goes back into its provinces (20.1).",
                        "{n} pieces of {power} go back into its provinces (20.1).", moved, power=rec["name"]))  # fmt: skip
    from rules.imperium_romanum import siege

    siege.check_sieges(st, lines)  # a siege its pieces left is broken (17.1)


def _put(st: IRState, uid: str, hex_id: str, aboard: str = "") -> None:
    st.units[uid].update(hex=hex_id, besieged=False, aboard=aboard, mp=0, crossing="", must_attack=False)


def hand_over_clients(st: IRState, seat: str, lines: list[Text]) -> None:
    """20.2: a player whose major powers have all dissolved is out; each of his clients becomes
    a client of the nearest major power (IR-ENG-127)."""
    if any(st.powers[p]["major"] for p in B.powers_of(st, seat)):
        return
    majors = sorted(p for p, rec in st.powers.items() if rec["major"] and not rec["dissolved"] and rec.get("seat"))
    for power in sorted(st.powers):
        rec = st.powers[power]
        if rec["major"] or rec["dissolved"] or not rec["status"].endswith("client") or rec.get("seat") != seat:
            continue
        patron = _nearest_major(st, power, majors)
        if not patron:
            rec.update(seat="", status="inactive neutral", patron="")
            continue
        rec.update(seat=B.seat_of(st, patron), patron=patron)
        lines.append(_("{client} becomes a client state of {patron}, the nearest major power (20.2).",
                       client=rec["name"], patron=st.powers[patron]["name"]))  # fmt: skip


def _nearest_major(st: IRState, client: str, majors: list[str]) -> str:
    """The major power whose closest city or unit is nearest the client's (5.3's measure);
    ties by a d6 roll-off, high wins."""
    target = N.positions(st, [client])
    scored = [(N.nearest(N.positions(st, [m]), target), m) for m in majors if target and N.positions(st, [m])]
    if not scored:
        return ""
    best = min(d for d, _m in scored)
    tied = [m for d, m in scored if d == best]
    return N.roll_off(st, tied, lambda m: _("§20.2 nearest major power roll-off {power}", power=m))
