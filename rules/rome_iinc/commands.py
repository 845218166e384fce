"""The players' commands of the Unrest Phase and at any time: appointments, Bread and Circuses,
building, promoting, transferring, Gold exchanges and Extra Taxes (9.1, 10.3-10.7)."""

from __future__ import annotations

from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.rome_iinc import board as B
from rules.rome_iinc import politics as P
from rules.rome_iinc.data import data, empire_name
from rules.rome_iinc.state import RomeState


def _int(value: object, section: str, what: str) -> int:
    try:
        return int(str(value))
    except ValueError:
        raise RuleError(section, _("{what} must be a whole number", what=what)) from None


def appoint(st: RomeState, empire: str, sid: str, cid: str, lines: list[Text],
            also: list[str] | None = None) -> None:
    """Place a face-up Statesman (or move a Governor) into a Command of your Empire (10.3);
    ``also`` adds up to two more Commands for one Governor (5.2.5)."""
    d = data()
    extra = [c for c in (also or []) if c]
    if extra:
        _check_multiple(st, empire, sid, [cid, *extra])
    if sid not in d.statesmen:
        raise RuleError("10.3", _("unknown Statesman {name}", name=sid))
    if cid not in d.commands or B.command_empire(st, cid) != empire:
        raise RuleError("10.3", _("{command} is not a Command of your Empire", command=cid))
    cmd = st.commands[cid]
    if cmd["rebel"]:
        raise RuleError("10.3", _("{command} is held by a Rebel", command=d.commands[cid]["name"]))
    where = st.statesmen.get(sid)
    moving = where == "governor" and any(
        st.commands[c]["gov"] == sid and B.command_empire(st, c) == empire and not st.commands[c]["rebel"]
        for c in st.commands)
    if where != "up" and not moving:
        raise RuleError("10.3", _("{name} is neither face up in the Statesmen Box nor a Governor of "
                                  "your Empire (Emperors, Rebels and Leaders stay put)",
                                  name=d.statesmen[sid].name))
    if all(st.status[p.id] == "barbarian" for p in d.provinces.values() if p.command == cid):
        raise RuleError("6.2.5", _("a Statesman cannot govern a Command of Barbarian Provinces only"))
    if cmd["gov"] == sid:
        raise RuleError("10.3", _("{name} already governs {command}", name=d.statesmen[sid].name,
                                  command=d.commands[cid]["name"]))
    if moving:
        for c in st.commands.values():
            if c["gov"] == sid:
                c["gov"] = "generic"
    if cmd["gov"] != "generic":
        st.statesmen[cmd["gov"]] = "up"
    cmd["gov"] = sid
    st.statesmen[sid] = "governor"
    for other in extra:
        if st.commands[other]["gov"] not in ("generic", sid):
            st.statesmen[st.commands[other]["gov"]] = "up"
        st.commands[other]["gov"] = sid
    lines.append(_("{name} governs {command}.", name=d.statesmen[sid].name,
                   command=", ".join(d.commands[c]["name"] for c in [cid, *extra])))


def _check_multiple(st: RomeState, empire: str, sid: str, cids: list[str]) -> None:
    """1-3 Commands of one Empire, each with a Province connected to another of them, and only
    when no face-up Statesman waits to be placed (5.2.5)."""
    d = data()
    if len(cids) > 3 or len(set(cids)) != len(cids):
        raise RuleError("5.2.5", _("a Governor holds one to three different Commands"))
    for c in cids:
        if c not in d.commands or B.command_empire(st, c) != empire or st.commands[c]["rebel"]:
            raise RuleError("5.2.5", _("{command} is not a Loyal Command of your Empire", command=c))
    waiting = [s for s, loc in st.statesmen.items() if loc == "up" and s != sid]
    if waiting:
        raise RuleError("5.2.5", _("every face-up Statesman must be placed before one Governor "
                                   "takes several Commands"))
    if not commands_linked(cids):
        raise RuleError("5.2.5", _("each of his Commands needs a Province connected to another of "
                                   "his Commands"))


def commands_linked(cids: list[str]) -> bool:
    """Whether every Command of ``cids`` touches another one of them (5.2.5)."""
    d = data()
    if len(cids) < 2:
        return True
    for c in cids:
        mine = [p.id for p in d.provinces.values() if p.command == c]
        others = {p.id for p in d.provinces.values() if p.command in cids and p.command != c}
        if not any(n in others for pid in mine for n, _k in B.neighbours(pid)):
            return False
    return True


def vacant_commands(st: RomeState, empire: str) -> list[str]:
    """Loyal Commands of ``empire`` under a Generic Governor that a Statesman may take (6.2.5)."""
    d = data()
    return [c for c in P.empire_commands(st, empire) if not st.commands[c]["rebel"]
            and st.commands[c]["gov"] == "generic"
            and any(st.status[p.id] != "barbarian" for p in d.provinces.values() if p.command == c)]


def unplaced_statesmen(st: RomeState, empire: str) -> list[str]:
    """Face-up Statesmen who must still be placed while ``empire`` has a vacant Command (10.3)."""
    up = [s for s, loc in sorted(st.statesmen.items()) if loc == "up"]
    return up if vacant_commands(st, empire) else []


def bread(st: RomeState, empire: str, points: object, lines: list[Text]) -> None:
    """Buy Prestige at 10 Gold a point, up to the Emperor's Administration (10.5.1)."""
    n = _int(points, "10.5.1", "points")
    cap = P.emperor_stats(st, empire)[1]
    bought = st.bought.get(empire, 0)
    if n < 1 or bought + n > cap:
        raise RuleError("10.5.1", _("you may buy 1 to {cap} Prestige points this turn ({done} "
                                    "bought already)", cap=cap, done=bought))
    cost = n * _limit("bread_gold")
    if st.gold[empire] < cost:
        raise RuleError("10.5.1", _("{cost} Gold needed, the Treasury holds {gold}", cost=cost,
                                    gold=st.gold[empire]))
    st.gold[empire] -= cost
    st.prestige[empire] += n
    st.bought[empire] = bought + n
    lines.append(_("{empire} buys {n} Prestige for {cost} Gold.", empire=empire_name(empire), n=n,
                   cost=cost))


def circus(st: RomeState, empire: str, points: object, lines: list[Text]) -> None:
    """Buy 1 Unrest off at 10 Gold a point, without limit (10.5.2)."""
    n = _int(points, "10.5.2", "points")
    if n < 1:
        raise RuleError("10.5.2", _("buy at least one point"))
    cost = n * _limit("circus_gold")
    if st.gold[empire] < cost:
        raise RuleError("10.5.2", _("{cost} Gold needed, the Treasury holds {gold}", cost=cost,
                                    gold=st.gold[empire]))
    st.gold[empire] -= cost
    P.add_unrest(st, empire, -n)
    lines.append(_("{empire} spends {cost} Gold on games: Unrest -{n}.",
                   empire=empire_name(empire), cost=cost, n=n))


def _limit(key: str) -> int:
    return int(data().charts["limits"][key])


def build_targets(st: RomeState, empire: str, kind: str,
                  where: dict[str, list[str]] | None = None) -> list[str]:
    """Loyal Roman or Insurgent Provinces of ``empire`` with room for ``kind`` (10.6.1)."""
    where = B.units_by_province(st) if where is None else where
    out = []
    for pid in sorted(st.status):
        if st.status[pid] not in ("roman", "insurgent"):
            continue
        if B.province_empire(st, pid) != empire or not B.is_loyal(st, pid):
            continue
        if B.stacking_room(st, pid, kind, present=where.get(pid, [])):
            out.append(pid)
    return out


def barracks_unit(st: RomeState, kind: str) -> str:
    pool = "pseudo" if kind in ("pseudo", "fort") else kind
    for uid in sorted(st.units):
        u = st.units[uid]
        if u["loc"] == "barracks" and (u["type"] in ("pseudo", "fort") if pool == "pseudo" else u["type"] == kind):
            return uid
    return ""


def build(st: RomeState, empire: str, kind: str, pid: str, lines: list[Text]) -> None:
    """Build an Ordinary Unit from the Barracks in a Loyal Roman or Insurgent Province (10.6)."""
    d = data()
    costs = d.charts["units"]
    if kind not in costs or kind in ("source", "mix", "stacking", "promote_cost"):
        raise RuleError("10.6.1", _("unknown unit type {kind}", kind=kind))
    uid = barracks_unit(st, kind)
    if not uid:
        raise RuleError("10.6.1", _("no {kind} is left in the Barracks Box", kind=kind))
    if pid not in st.status or pid not in build_targets(st, empire, kind):
        raise RuleError("10.6.1", _("{province} cannot take this unit: Loyal Roman or Insurgent "
                                    "Provinces of your Empire, within the stacking limits, no Fleet "
                                    "in a Mountain Province (2.3)", province=pid))
    cost = int(costs[kind]["build"])
    if st.gold[empire] < cost:
        raise RuleError("10.6.1", _("{cost} Gold needed, the Treasury holds {gold}", cost=cost,
                                    gold=st.gold[empire]))
    st.gold[empire] -= cost
    st.units[uid] = {"type": kind, "vet": False, "loc": pid}
    lines.append(_("{empire} builds {unit} in {province} for {cost} Gold.",
                   empire=empire_name(empire), unit=B.unit_label(st, uid),
                   province=d.provinces[pid].name, cost=cost))


def upgrade(st: RomeState, empire: str, uid: str, lines: list[Text]) -> None:
    """Promote a Fort to a Pseudo Legion (10 Gold) or Auxilia to Veteran (5 Gold) (10.6.2)."""
    d = data()
    u = st.units.get(uid)
    if u is None or u["loc"] not in st.status or B.province_empire(st, u["loc"]) != empire \
            or not B.is_loyal(st, u["loc"]):
        raise RuleError("10.6.2", _("{unit} is not a Loyal unit of your Empire", unit=uid))
    if u["type"] == "fort":
        if not B.stacking_room(st, u["loc"], "pseudo", ignore=uid):
            raise RuleError("2.3", _("no room for another Legion in {province}",
                                     province=d.provinces[u["loc"]].name))
        cost = int(d.charts["units"]["promote_cost"]["fort"])
    elif u["type"] == "auxilia" and not u["vet"]:
        if "valentinian" in st.dynasties:
            raise RuleError("10.4", _("Auxilia cannot be promoted under the Valentinian Dynasty"))
        cost = int(d.charts["units"]["promote_cost"]["auxilia"])
    else:
        raise RuleError("10.6.2", _("only Forts and Ordinary Auxilia may be promoted with Gold"))
    if st.gold[empire] < cost:
        raise RuleError("10.6.2", _("{cost} Gold needed, the Treasury holds {gold}", cost=cost,
                                    gold=st.gold[empire]))
    st.gold[empire] -= cost
    if u["type"] == "fort":
        u["type"] = "pseudo"
    else:
        u["vet"] = True
    lines.append(_("{unit} promoted for {cost} Gold.", unit=B.unit_label(st, uid), cost=cost))


def transfer_cost(st: RomeState, uid: str, dest: str) -> int:
    """What the receiving Empire pays (10.7.2): nothing within a Command; Legions, Auxilia,
    Fleets pay to change Command; Cavalry and Guards pay only to change Empire."""
    d = data()
    u = st.units[uid]
    here = u["loc"]
    if d.provinces[here].command == d.provinces[dest].command:
        return 0
    same_empire = B.province_empire(st, here) == B.province_empire(st, dest)
    if u["type"] in ("cavalry", "guards") and same_empire:
        return 0
    return B.pay_of(st, uid)


def check_transfer(st: RomeState, empire: str, uid: str, dest: str) -> int:
    d = data()
    u = st.units.get(uid)
    if u is None or u["loc"] not in st.status or B.province_empire(st, u["loc"]) != empire \
            or not B.is_loyal(st, u["loc"]):
        raise RuleError("10.7", _("{unit} is not a Loyal unit of your Empire", unit=uid))
    if u["type"] == "fort":
        raise RuleError("2.2.5", _("Forts cannot Transfer"))
    if dest not in st.status or st.status[dest] not in ("roman", "insurgent") \
            or not B.is_loyal(st, dest) or dest == u["loc"]:
        raise RuleError("10.7.1", _("Units Transfer only to another Loyal Roman or Insurgent "
                                    "Province"))
    if not B.stacking_room(st, dest, u["type"]) or not _fleet_ok(st, uid, dest):
        raise RuleError("2.3", _("{province} has no room for this unit (stacking, no Fleet in "
                                 "Mountains, Desert Fleets stay in Deserts)",
                                 province=d.provinces[dest].name))
    cost = transfer_cost(st, uid, dest)
    payer = B.province_empire(st, dest)
    if st.gold[payer] < cost:
        raise RuleError("10.7.2", _("{cost} Gold needed from the receiving Treasury, it holds "
                                    "{gold}", cost=cost, gold=st.gold[payer]))
    return cost


def transfer_offers(st: RomeState, empire: str) -> list[tuple[str, str]]:
    """The Transfers (10.7) the menus offer, as (unit, Province): to each Province where a Unit
    fills an empty Legion or Fleet icon (10.1) or joins a War front (a Province holding or
    connected to a War, 11.2.7, with no Unit of that type yet), one Unit of each type and
    Veteran status: the cheapest (free within its Command, 10.7.2), then the first by id, among
    the Units whose leaving empties no icon and strips no front of its type (so that offers
    never send a Unit back and forth). Any other legal Transfer may be typed (ROME-35)."""
    d = data()
    where = B.units_by_province(st)
    fronts = {loc for _w, loc in sorted(st.wars.items()) if loc in d.provinces}
    kinds_of = {pid: [st.units[u]["type"] for u in where.get(pid, [])] for pid in st.status}

    def fills(kind: str, pid: str, kinds: list[str]) -> bool:
        icons = d.provinces[pid].icons
        if kind in ("legion", "pseudo"):
            return "legion" in icons and "legion" not in kinds and "pseudo" not in kinds
        return kind == "fleet" and "fleet" in icons and "fleet" not in kinds

    def needed(uid: str) -> bool:
        """Its leaving would empty an icon, or leave its front without a Unit of its type."""
        u = st.units[uid]
        rest = list(kinds_of[u["loc"]])
        rest.remove(u["type"])
        on_front = any(B.connected(u["loc"], loc) for loc in sorted(fronts))
        return fills(u["type"], u["loc"], rest) or (on_front and u["type"] not in rest)

    movable = [uid for uid, u in sorted(st.units.items())
               if u["loc"] in st.status and u["type"] != "fort" and B.is_loyal(st, u["loc"])
               and B.province_empire(st, u["loc"]) == empire and not needed(uid)]
    offers: list[tuple[str, str]] = []
    for dest in sorted(st.status):
        if st.status[dest] not in ("roman", "insurgent") or not B.is_loyal(st, dest):
            continue
        kinds = kinds_of[dest]
        front = any(B.connected(dest, loc) for loc in sorted(fronts))
        groups: dict[tuple[str, bool], list[str]] = {}
        for uid in movable:
            u = st.units[uid]
            if u["loc"] != dest and (fills(u["type"], dest, kinds) or (front and u["type"] not in kinds)):
                groups.setdefault((u["type"], bool(u["vet"])), []).append(uid)
        for _key, uids in sorted(groups.items()):
            for uid in sorted(uids, key=lambda x: (transfer_cost(st, x, dest), x)):
                try:
                    check_transfer(st, empire, uid, dest)
                except RuleError:
                    continue
                offers.append((uid, dest))
                break
    return offers


def gift_amounts(st: RomeState, empire: str) -> list[int]:
    """The Gifts of Gold (9.1.5) the menus offer: what the other Treasury needs to reach 0, 10
    (a point of Bread and Circuses, 10.5), 1, half and all of this Treasury. Any other amount
    may be typed. None while there is a Rebel Emperor or the Treasury is empty."""
    gold = st.gold[empire]
    if gold <= 0 or any(st.rebel_emperor.values()):
        return []
    wanted = [-st.gold[B.other(empire)], 10, 1, gold // 2, gold]  # the most useful first
    return [n for i, n in enumerate(wanted) if 1 <= n <= gold and n not in wanted[:i]]


def _fleet_ok(st: RomeState, uid: str, dest: str) -> bool:
    from rules.rome_iinc.battle import fleet_may_go

    return fleet_may_go(st, uid, dest)


def do_transfer(st: RomeState, empire: str, uid: str, dest: str, lines: list[Text]) -> None:
    d = data()
    cost = check_transfer(st, empire, uid, dest)
    payer = B.province_empire(st, dest)
    st.gold[payer] -= cost
    st.units[uid]["loc"] = dest
    lines.append(_("{unit} transfers to {province} ({cost} Gold).", unit=B.unit_label(st, uid),
                   province=d.provinces[dest].name, cost=cost))


def give_gold(st: RomeState, empire: str, amount: object, lines: list[Text]) -> None:
    """Give Gold to the other Treasury, never going negative, never with a Rebel Emperor (9.1.5)."""
    n = _int(amount, "9.1.5", "amount")
    if n < 1:
        raise RuleError("9.1.5", _("give at least 1 Gold"))
    if any(st.rebel_emperor.values()):
        raise RuleError("9.1.5", _("no Gold may be exchanged while there is a Rebel Emperor"))
    if st.gold[empire] - n < 0:
        raise RuleError("9.1.5", _("the giver may not go below 0 Gold (it holds {gold})",
                                   gold=st.gold[empire]))
    st.gold[empire] -= n
    P.add_gold(st, B.other(empire), n)
    lines.append(_("{giver} gives {n} Gold to the {taker}.", giver=empire_name(empire), n=n,
                   taker=empire_name(B.other(empire))))


def extra_taxes(st: RomeState, empire: str, lines: list[Text]) -> None:
    """While Gold is negative: +1 Unrest, -1 Prestige, +2D6 Gold (9.1.4)."""
    if st.gold[empire] >= 0:
        raise RuleError("9.1.4", _("Extra Taxes are raised only while the Treasury is negative"))
    a = st.dice.d6(_("Extra Taxes (9.1.4)")).natural
    b = st.dice.d6(_("Extra Taxes (9.1.4)")).natural
    P.add_unrest(st, empire, 1)
    st.prestige[empire] -= 1
    st.gold[empire] += a + b
    lines.append(_("{empire} raises Extra Taxes: +{gold} Gold, Unrest +1, Prestige -1.",
                   empire=empire_name(empire), gold=a + b))
