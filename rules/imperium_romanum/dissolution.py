"""What a dissolving power leaves behind (§20.1, §20.2): a non-Roman major power becomes an
inactive neutral minor whose pieces outside its remaining provinces are placed back in them, with
no treasury and no accrued points; a player left with no major power loses his clients to the
nearest major power.

Readings (docs/rulings.md):

- IR-ENG-126: each unit and leader outside the power's remaining provinces, besieged ones
  included, goes at once to the nearest city of those provinces (ties: the city's id); a fleet
  goes to the nearest such city that is a port, and is eliminated if none is; troops aboard
  go with it. A power with no province left keeps its pieces where they stand.
- IR-ENG-145 (amends IR-ENG-126): the text lets the former controller choose where; each group
  so placed (the pieces that stood in one hex, or a fleet with its cargo) is then offered to
  him as a ``place`` decision whose choices are every place it may go and whose default is
  where it stands, one group at a time, while no other window is open (``open_next``).
- IR-ENG-127: the clients of a player who is out pass to the major power nearest to each client
  (5.3's measure: closest city or unit, ties by a d6 roll-off), Roman or not, keeping whether
  they are active or inactive.
"""

from __future__ import annotations

from rules.core.i18n import Text, _, _n, text_to_json
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


def place_back(st: IRState, power: str, lines: list[Text], seat: str = "") -> None:
    """20.1 (by 20.2): the pieces of ``power`` outside its remaining provinces go into them
    (IR-ENG-126); its accrued points and its treasury are lost (20.1, 20.2 #3). Each group (the
    pieces that stood in one hex, or a fleet with its cargo) goes at once to the nearest place;
    where the rules leave a choice, the former controller ``seat`` may then send it elsewhere
    (a ``place`` decision, IR-ENG-145)."""
    rec = st.powers[power]
    rec["points_halves"] = 0
    rec["treasury"] = 0
    cities, ports = _homes(st, power)
    if not cities:
        return
    moved = 0
    for origin, fleet, pieces in _groups(st, power):
        if fleet and not ports:
            for piece in pieces:  # the troops aboard land at the nearest city
                (st.units.get(piece) or st.leaders[piece])["aboard"] = ""
            B.eliminate_unit(st, fleet, lines, _("no port of its own to go back to (20.1)"))
            fleet = ""
        targets = ports if fleet else cities
        target = _nearest(origin, targets)
        _place(st, fleet, pieces, target)
        moved += len(pieces) + (1 if fleet else 0)
        if seat and len(targets) > 1:
            st.placements.append({"power": power, "seat": seat, "fleet": fleet, "pieces": pieces, "at": target})
    if moved:
        lines.append(_n("{n} piece of {power} goes back into its provinces (20.1).",
                        "{n} pieces of {power} go back into its provinces (20.1).", moved, power=rec["name"]))  # fmt: skip
    from rules.imperium_romanum import siege

    siege.check_sieges(st, lines)  # a siege its pieces left is broken (17.1)


def _groups(st: IRState, power: str) -> list[tuple[str, str, list[str]]]:
    """The pieces of ``power`` outside its remaining provinces, as (hex, fleet, pieces): each of
    its fleets with the units and leaders aboard it; then, hex by hex, its other units and
    leaders (troops aboard another power's fleet land with them). ``pieces`` excludes the fleet."""
    home = {p for p, owner in st.province_owner.items() if owner == power}
    outside = [u for u in sorted(st.units, key=lambda u: (st.units[u]["order"], u))
               if st.units[u]["power"] == power and data().hexes[st.units[u]["hex"]].province not in home]  # fmt: skip
    fleets = [u for u in outside if B.is_fleet(st.units[u])]
    out: list[tuple[str, str, list[str]]] = []
    carried: set[str] = set()
    for fid in fleets:
        cargo, leaders = B.cargo_of(st, fid)
        carried |= set(cargo) | set(leaders)  # whoever is aboard travels with the fleet
        out.append((st.units[fid]["hex"], fid, [*cargo, *leaders]))
    by_hex: dict[str, list[str]] = {}
    for uid in outside:
        if uid not in carried and uid not in fleets:
            by_hex.setdefault(st.units[uid]["hex"], []).append(uid)
    for lid in sorted(st.leaders):
        leader = st.leaders[lid]
        if (leader["power"] == power and leader["status"] == "map" and lid not in carried
                and data().hexes[leader["hex"]].province not in home):  # fmt: skip
            by_hex.setdefault(leader["hex"], []).append(lid)
    out += [(hex_id, "", pieces) for hex_id, pieces in sorted(by_hex.items())]
    return out


def _place(st: IRState, fleet: str, pieces: list[str], hex_id: str) -> None:
    """Put a group at ``hex_id``: the fleet with its cargo aboard, or units and leaders ashore."""
    if fleet:
        _put(st, fleet, hex_id)
    for piece in pieces:
        if piece in st.units:
            _put(st, piece, hex_id, aboard=fleet)
        elif piece in st.leaders:
            st.leaders[piece].update(hex=hex_id, aboard=fleet)


def _put(st: IRState, uid: str, hex_id: str, aboard: str = "") -> None:
    st.units[uid].update(hex=hex_id, besieged=False, aboard=aboard, mp=0, crossing="", must_attack=False)


def open_next(st: IRState) -> None:
    """IR-ENG-145: open the former controller's ``place`` decision for the next group placed
    back, while no other window is open; a group that has moved on, or has a single place left
    to go, asks nothing."""
    while st.placements and not st.pending and not st.result:
        group = st.placements.pop(0)
        power, fleet, at = group["power"], group["fleet"], group["at"]
        pieces = [p for p in group["pieces"] if _where(st, p) == at]
        if fleet and (_where(st, fleet) != at or st.units[fleet]["power"] != power):
            continue
        if not fleet and not pieces:
            continue
        cities, ports = _homes(st, power)
        targets = ports if fleet else cities
        if len(targets) < 2 or at not in targets:
            continue
        st.seq += 1
        what = _n("{n} piece", "{n} pieces", len(pieces) + (1 if fleet else 0))
        prompt = _("{power} has dissolved (20.2) and its {what} went back to the nearest place of its provinces, "
                   "{hex}; as its former controller you choose where they go (20.1).",
                   power=st.powers[power]["name"], what=what, hex=_label(at))  # fmt: skip
        st.pending = {"id": f"place-{st.seq}", "seat": group["seat"], "kind": "place", "section": "§20.1",
                      "prompt": text_to_json(prompt), "default": at, "power": power, "fleet": fleet, "pieces": pieces,
                      "choices": [[h, text_to_json(_label(h))] for h in sorted(targets, key=lambda h: (hex_distance(at, h), h))]}  # fmt: skip


def answer_place(st: IRState, choice: str, lines: list[Text]) -> None:
    """20.1 (IR-ENG-145): the group goes where its former controller chose."""
    p = st.pending
    st.pending = {}
    if choice != p["default"]:
        _place(st, str(p["fleet"]), list(p["pieces"]), choice)
        lines.append(_("The pieces of {power} at {old} go to {new} instead (20.1).", power=st.powers[p["power"]]["name"],
                       old=_label(str(p["default"])), new=_label(choice)))  # fmt: skip
        from rules.imperium_romanum import siege

        siege.check_sieges(st, lines)
    open_next(st)


def _where(st: IRState, piece: str) -> str:
    """The hex of a unit or of a leader on the map, else ""."""
    rec = st.units.get(piece) or (st.leaders[piece] if piece in st.leaders and st.leaders[piece]["status"] == "map" else None)
    return str(rec["hex"]) if rec else ""


def _label(hex_id: str) -> Text:
    """A place as players read it: the city's name, else the hex."""
    city = next((c for c in sorted(data().cities) if data().cities[c].hex == hex_id), "")
    return _("{city} ({hex})", city=data().cities[city].name, hex=hex_id) if city else _("hex {hex}", hex=hex_id)


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
        patron = _nearest_major(st, power, majors, lines)
        if not patron:
            rec.update(seat="", status="inactive neutral", patron="")
            continue
        rec.update(seat=B.seat_of(st, patron), patron=patron)
        lines.append(_("{client} becomes a client state of {patron}, the nearest major power (20.2).",
                       client=rec["name"], patron=st.powers[patron]["name"]))  # fmt: skip


def _nearest_major(st: IRState, client: str, majors: list[str], lines: list[Text]) -> str:
    """The major power whose closest city or unit is nearest the client's (5.3's measure);
    ties by a d6 roll-off, high wins."""
    target = N.positions(st, [client])
    scored = [(N.nearest(N.positions(st, [m]), target), m) for m in majors if target and N.positions(st, [m])]
    if not scored:
        return ""
    best = min(d for d, _m in scored)
    tied = [m for d, m in scored if d == best]
    return N.roll_off(st, tied, lambda m: _("§20.2 nearest major power roll-off {power}", power=m), lines)
