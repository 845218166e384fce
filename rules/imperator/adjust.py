"""Phase F (§2.F, §9.2, §10): positional VP, adjustments 9.2.1-9.2.4, Corporis Custodes."""

from __future__ import annotations

from collections import deque

from rules.core.command import Outcome
from rules.imperator import fate, politics
from rules.imperator.model import INTERIOR, ROMAN, ImperatorState, other
from rules.imperator.politics import name


def distances(st: ImperatorState, start: str) -> dict[str, int]:
    seen = {start: 0}
    q = deque([start])
    while q:
        z = q.popleft()
        for n in st.board.land_neighbours(z):
            if n not in seen:
                seen[n] = seen[z] + 1
                q.append(n)
    return seen


def e_occupied(st: ImperatorState, zone: str) -> bool:
    return bool(st.units_in(zone, "E"))


def nearest_free_camp(st: ImperatorState, home: str) -> str | None:
    dist = distances(st, home)
    camps = [z for z in dist if st.has_camp(z) and st.in_empire(z) and not e_occupied(st, z)]
    if not camps:
        return None
    return min(camps, key=lambda z: (dist[z], z))


def interior_zone(st: ImperatorState, city: bool) -> str | None:
    zs = sorted(
        z for z, d in st.board.zones.items() if st.front_of(z) == INTERIOR and (d.city or not city) and not e_occupied(st, z)
    )
    return zs[0] if zs else None


def home_for(st: ImperatorState, uid: str) -> tuple[str | None, bool]:
    """Where a Roman unit of the Roman player goes home, and whether it arrives reduced."""
    d = st.udef(uid)
    home = d.home
    if home is None:
        return interior_zone(st, False), True
    if not e_occupied(st, home):
        return home, False
    if d.kind == "garrison" or d.front == INTERIOR:
        return interior_zone(st, True), True
    camp = nearest_free_camp(st, home)
    if camp is not None:
        return camp, True
    return interior_zone(st, False), True


def sheltered(st: ImperatorState, zone: str) -> tuple[bool, bool]:
    """(protects from reduction, restores): city/camp do both, a port only protects (AMB-40)."""
    z = st.board.zones[zone]
    good = z.city or st.has_camp(zone)
    return good or z.port, good


def threatened(st: ImperatorState, zone: str) -> bool:
    zones = [zone, *st.board.land_neighbours(zone)]
    for z in zones:
        for u in st.units_in(z, "E"):
            d = st.udef(u)
            if d.people == ROMAN or d.people in st.at_war:
                return True
    return False


def positional_vp(st: ImperatorState, out: Outcome) -> None:
    r: list[tuple[str, int]] = []
    e: list[tuple[str, int]] = []
    rome = st.board.rome
    if any(st.leaders[a].loc == rome for a in st.augusti()):
        r.append(("an Augustus in Rome", 1))
    if st.rules.get("armenia", True):
        if st.armenia == "roman":
            r.append(("Armenia is Roman", 1))
        else:
            e.append(("Armenia is Parthian", 1))
    if not st.usurpers():
        r.append(("no civil war", 1))
    else:
        e.append(("a usurpation in progress", 3))
    if st.pax_turn:
        r.append(("Pax Romana", 3))
        e.append(("Pax Romana", -1))
    if not any(st.udef(u).praetorian and st.units[u].loc == rome and st.units[u].status == "map" for u in st.units):
        e.append(("no Praetorian cohort in Rome", 1))
    for uid, us in st.units.items():
        d = st.udef(uid)
        if us.status != "map" or us.loc is None or d.people in (ROMAN, "armenia"):
            continue
        f = st.front_of(us.loc)
        if f == INTERIOR:
            e.append((f"{d.name} in an interior province", 3))
        elif f is not None:
            e.append((f"{d.name} in a Front", 1))
    # Reserve Front excess (AMB-38)
    out_fronts = set()
    for uid, us in st.units.items():
        d = st.udef(uid)
        if us.status != "map" or us.owner != "R" or d.people != ROMAN or us.loc is None:
            continue
        if d.kind in ("vexillation", "garrison") or d.front in (None, INTERIOR) or d.front in st.defected_fronts:
            continue
        if st.front_of(us.loc) != d.front:
            out_fronts.add(d.front)
    allowed = min(st.reserve_max, len(st.reserve_fronts))
    excess = max(0, len(out_fronts) - allowed)
    if excess:
        r.append((f"{excess} Front(s) over the Reserve Front limit", -3 * excess))
    for role, items in (("R", r), ("E", e)):
        total = sum(v for _, v in items)
        st.add_vp(role, total)
        if items:
            detail = ", ".join(f"{v:+d} {why}" for why, v in items)
            out.say(f"§10 (phase F): {st.seat_of(role)} {total:+d} VP ({detail}).")
    out.cite("§10")
    # Usurpation success A/: a rebel leader and a rebel unit hold Rome.
    if st.usurpers():
        rebels = [x for x in st.leaders_in(rome, "E") if st.ldef(x).people == ROMAN]
        runits = [u for u in st.units_in(rome, "E") if st.udef(u).people == ROMAN]
        if rebels and runits:
            politics.usurpation_succeeds(st, out, "§4.5 (success A/)")


GONE_IN_195 = ("osrhoene", "adiabene")


def armenia_conquest(st: ImperatorState, out: Outcome) -> None:
    """§4.2: the side that does not control Armenia and has driven every enemy unit (the Armenia
    unit included) out of the Armenia zone flips its status in phase F; the unit comes back in the
    adjustments (§9.2)."""
    if not st.rules.get("armenia", True):
        return
    holder = "R" if st.armenia == "roman" else "E"
    zones = [z for z, zd in st.board.zones.items() if "armenia" in zd.peoples]
    for z in zones:
        if st.units_in(z, other(holder)) and not st.units_in(z, holder):
            fate.flip_armenia(st, out)
            out.cite("§4.2")
            return


def remove_osrhoene_adiabene(st: ImperatorState, out: Outcome) -> None:
    """§4.2, D-07: in phase F of 195 the Osrhoene and Adiabene units leave the game for good; their
    zones belong to the Orient Front from 196 (``ZoneDef.empire_from``)."""
    if st.year < 195:
        return
    gone = False
    for uid, us in st.units.items():
        if st.udef(uid).people in GONE_IN_195 and us.status != "gone":
            us.status, us.loc, us.fleet, us.reduced, us.mutiny = "gone", None, None, False, None
            gone = True
    for lid, ls in st.leaders.items():
        if st.ldef(lid).people in GONE_IN_195 and ls.status != "dead":
            ls.status, ls.loc, ls.title = "dead", None, None
            gone = True
    for pid in GONE_IN_195:
        if pid in st.at_war:
            st.at_war.remove(pid)
            gone = True
    if gone:
        out.say("§4.2: Osrhoene and Adiabene leave the game; their zones join the Orient Front.")
        out.cite("§4.2")


def adjustments(st: ImperatorState, out: Outcome) -> None:
    before = {u: (us.status, us.reduced) for u, us in sorted(st.units.items())}
    _adjustments(st, out)
    from rules.imperator.views import adjustment_lines

    for line in adjustment_lines(st, before):
        out.say(line)


def _adjustments(st: ImperatorState, out: Outcome) -> None:
    out.cite("§9.2")
    remove_osrhoene_adiabene(st, out)
    # 9.2.1 fleets
    for fid, fs in st.fleets.items():
        if fs.status == "map" and fs.at != "port":
            fs.status = "lost"
            fs.back_year = st.year + 6
            out.say(f"§9.2.1: the {st.board.fleets[fid].name} is lost at sea; back in {fs.back_year}.")
            for us in st.units.values():
                if us.fleet == fid:
                    us.fleet = None
                    us.status = "eliminated"
                    us.loc = None
            for x, ls in st.leaders.items():
                if ls.fleet == fid:
                    ls.fleet = None
                    ls.status = "dead"
                    ls.loc = None
                    ls.title = None
                    out.say(f"§9.2.1: {name(st, x)} is lost with the fleet.")
    # 9.2.2 Roman units and leaders
    for uid in sorted(st.units):
        us = st.units[uid]
        d = st.udef(uid)
        if d.people != ROMAN:
            continue
        if d.kind == "vexillation":
            _adjust_vex(st, uid)
            continue
        if us.mutiny:
            continue  # §6.3, AMB-43: mutineers are not adjusted
        if us.status == "map" and us.loc is not None and us.owner == "R":
            if not st.in_empire(us.loc):
                dest, _ = home_for(st, uid)
                leaders_here = [x for x in st.leaders_in(us.loc, "R")]
                src = us.loc
                us.loc = dest
                us.reduced = True
                for x in leaders_here:
                    st.leaders[x].loc = dest
                if dest is None:
                    us.status = "eliminated"
                _ = src
                continue
            garrison = d.kind == "garrison" or d.front == INTERIOR
            own = st.front_of(us.loc) == (INTERIOR if garrison else d.front)
            if threatened(st, us.loc) or not own:
                pass
            elif garrison and d.home and e_occupied(st, d.home):
                pass
            else:
                dest, _ = home_for(st, uid)
                if dest is not None:
                    us.loc = dest
            _shelter(st, uid)
        elif us.status == "map" and us.loc is not None and us.owner == "E":
            _shelter(st, uid)
    for x, ls in st.leaders.items():
        if ls.status == "map" and ls.loc is not None and ls.owner == "R" and not st.in_empire(ls.loc):
            if st.ldef(x).people == ROMAN:
                politics.kill_leader(st, out, x, "stranded alone outside the Empire", section="§9.2.2")
    for uid in sorted(st.units):
        us = st.units[uid]
        d = st.udef(uid)
        if d.people != ROMAN or d.kind == "vexillation" or us.status not in ("eliminated", "removed"):
            continue
        if us.owner == "E" and us.usurper and st.leaders[us.usurper].status == "map" and st.leaders[us.usurper].loc:
            zone = st.leaders[us.usurper].loc
            assert zone is not None
            us.status = "map"
            us.loc = zone
            us.reduced = not sheltered(st, zone)[1]
            continue
        us.owner = "R"
        us.usurper = None
        dest, red = home_for(st, uid)
        if dest is not None:
            us.status = "map"
            us.loc = dest
            us.reduced = red
    # 9.2.3 vexillations need 3 reduced legions each
    for front in ("british", "rhine", "danube", "orient", "southern"):
        vex = [u for u, s in st.units.items() if st.udef(u).kind == "vexillation" and st.udef(u).front == front and s.status == "map"]
        if not vex:
            continue
        legions = [u for u, s in st.units.items() if st.udef(u).kind == "legion" and st.udef(u).front == front and s.status == "map" and s.owner == "R"]
        while vex and len(legions) < 3 * len(vex):
            gone = vex.pop()
            st.units[gone].status = "pool"
            st.units[gone].loc = None
            out.say(f"§9.2.3: {name(st, gone)} is withdrawn (too few legions).")
        need = 3 * len(vex) - sum(1 for u in legions if st.units[u].reduced)
        for u in sorted(legions):
            if need <= 0:
                break
            if not st.units[u].reduced:
                st.units[u].reduced = True
                need -= 1
    # 9.2.4 non-Roman Peoples
    for pid in list(st.at_war):
        pd = st.board.peoples.get(pid)
        if pd is None:
            continue
        units = [u for u in st.units if st.udef(u).people == pid]
        alive = [u for u in units if st.units[u].status in ("map", "removed")]  # AMB-34
        if not alive:
            st.at_war.remove(pid)
            st.locked[pid] = st.year + 6
            pts = 2 if pd.major else 1
            st.add_vp("R", pts)
            out.say(f"§9.2.4: the {pd.name} are pacified by force; {pts} VP to {st.seat_of('R')}.")
            home = sorted(z for z, zd in st.board.zones.items() if pid in zd.peoples)
            for u in units:
                us = st.units[u]
                if pd.major:
                    us.status, us.loc, us.reduced = "map", home[0] if home else None, False
                else:
                    us.status, us.loc, us.back_year = "locked", None, st.year + 6
            for x, ls in st.leaders.items():
                if st.ldef(x).people == pid:
                    ls.pax = True
                    if ls.status == "map" and home:
                        ls.loc = home[0]
            continue
        home = sorted(z for z, zd in st.board.zones.items() if pid in zd.peoples)
        for u in units:
            us = st.units[u]
            if us.status == "map" and us.loc and us.reduced:
                if us.loc in home or st.board.zones[us.loc].city:
                    us.reduced = False
            elif us.status in ("eliminated", "removed") and home:
                us.status, us.loc, us.reduced = "map", home[0], False
    for u, us in st.units.items():
        if st.udef(u).people == "armenia" and us.status in ("eliminated", "removed"):
            zs = [z for z, zd in st.board.zones.items() if "armenia" in zd.peoples]
            if zs:
                us.status, us.loc, us.reduced = "map", zs[0], False
                us.owner = "R" if st.armenia == "roman" else "E"
    politics.normalize(st, out)


def _adjust_vex(st: ImperatorState, uid: str) -> None:
    us = st.units[uid]
    if us.status in ("eliminated", "removed"):
        us.status = "pool"
        us.reduced = False
        us.owner = "R"
        return
    if us.status != "map" or us.loc is None:
        return
    if st.in_empire(us.loc):
        if not sheltered(st, us.loc)[1]:
            if us.reduced:
                us.status, us.loc = "pool", None
                us.reduced = False
            else:
                us.reduced = True
        return
    dist = distances(st, us.loc)
    camps = [z for z in dist if st.has_camp(z) and st.in_empire(z)]
    if camps:
        dest = min(camps, key=lambda z: (dist[z], z))
        for x in st.leaders_in(us.loc, us.owner):
            st.leaders[x].loc = dest
        us.loc = dest


def _shelter(st: ImperatorState, uid: str) -> None:
    us = st.units[uid]
    if us.loc is None:
        return
    protects, restores = sheltered(st, us.loc)
    if us.reduced and restores:
        us.reduced = False
    elif not us.reduced and not protects:
        us.reduced = True
