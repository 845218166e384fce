"""Fighting Wars and Civil Wars, Losses, Promotions and Annexations (10.2, 11.2-11.5)."""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError
from rules.core.i18n import Text, _
from rules.rome_iinc import board as B
from rules.rome_iinc import politics as P
from rules.rome_iinc.data import STATUS_WORDS, data, empire_name
from rules.rome_iinc.enemy import release_leader, war_name
from rules.rome_iinc.state import RomeState

UNIT_WAR_VALUE = {"cavalry": 1, "guards": 1, "legion": 1, "auxilia": 1, "pseudo": 1, "fort": 1,
                  "fleet": 0}
CIVIL_TYPES = ("cavalry", "guards", "legion", "pseudo", "fleet")


def half_up(n: int) -> int:
    return (n + 1) // 2


# -- who commands what ---------------------------------------------------------------------

def commander_provinces(st: RomeState, empire: str, commander: str) -> list[str]:
    """The Provinces a Commander may use (11.2.4-11.2.6)."""
    d = data()
    if commander == "emperor":
        empires = ["east", "west"] if (st.sole and st.emperors["east"] == st.emperors["west"]) else [empire]
        return sorted(p for p in st.status if B.province_empire(st, p) in empires
                      and (B.is_loyal(st, p) or st.rebel_emperor[empire]))
    cmd = st.commands[commander]
    who = cmd["gov"]
    cids = [commander] if who == "generic" else [c for c in st.commands if st.commands[c]["gov"] == who]
    return sorted(p.id for p in d.provinces.values() if p.command in cids)


def commander_stats(st: RomeState, empire: str, commander: str) -> P.Stats:
    return P.emperor_stats(st, empire) if commander == "emperor" else P.governor_stats(st, commander)


def commander_special(st: RomeState, empire: str, commander: str) -> str:
    who = st.emperors[empire] if commander == "emperor" else st.commands[commander]["gov"]
    return P.special(who)


def commander_key(st: RomeState, empire: str, commander: str) -> str:
    if commander == "emperor":
        sid = st.emperors[empire]
        # a Sole Emperor is one man: he fights one War a turn for both Empires (5.1.3)
        return f"emperor:{sid}" if sid in data().statesmen else f"emperor:{sid}:{empire}"
    return f"gov:{st.commands[commander]['gov']}:{commander}"


def commanders(st: RomeState, empire: str) -> list[str]:
    """Commanders of ``empire`` who may still fight a War this turn."""
    out: list[str] = []
    emp = st.emperors[empire]
    theodosian = ("theodosian" in st.dynasties and emp in data().statesmen
                  and bool(data().statesmen[emp].imperial))
    if not theodosian and emp not in ("choosing", "") and not st.fallen[empire]:
        if commander_key(st, empire, "emperor") not in st.fought_commanders:
            out.append("emperor")
    seen: list[str] = []
    for cid in P.empire_commands(st, empire):
        who = st.commands[cid]["gov"]
        if who != "generic" and who in seen:
            continue
        seen.append(who)
        if commander_key(st, empire, cid) not in st.fought_commanders:
            out.append(cid)
    return out


def eligible_provinces(st: RomeState, empire: str, commander: str, wid: str) -> list[str]:
    """Provinces that may join the fight: in or connected to the War's Province (11.2.7), not
    yet used this turn, holding Units or able to fight as Allied / non-matching Foederati."""
    loc = st.wars[wid]
    tribe = data().wars[wid].tribe
    out = []
    for pid in commander_provinces(st, empire, commander):
        if pid in st.fought_provinces or not B.connected(pid, loc):
            continue
        s = st.status[pid]
        if s in ("roman", "insurgent") and B.units_in(st, pid):
            out.append(pid)
        elif s == "allied" or (s == "foederati" and st.tribe.get(pid) != tribe):
            out.append(pid)
    return out


# -- Wars -------------------------------------------------------------------------------------

def fight(st: RomeState, empire: str, wid: str, commander: str, provinces: list[str],
          lines: list[Text]) -> None:
    """Fight one War (11.2): checks, the 3D6 on the Wars Chart, and its results."""
    d = data()
    if wid not in d.wars or st.wars.get(wid) not in d.provinces:
        raise RuleError("11.2.1", _("{war} is not on the map", war=wid))
    if wid in st.fought_wars:
        raise RuleError("11.2.1", _("{war} has already been fought this turn", war=war_name(wid)))
    if commander not in commanders(st, empire):
        raise RuleError("11.2.2", _("{commander} may not fight a War now (one War per Commander "
                                    "per turn; Theodosian Emperors never fight Wars)",
                                    commander=commander))
    if not provinces:
        raise RuleError("11.2.7", _("choose at least one Province to fight with"))
    allowed = eligible_provinces(st, empire, commander, wid)
    for pid in provinces:
        if pid not in allowed:
            raise RuleError("11.2.7", _("{province} may not fight this War: it must be the War's "
                                        "Province or connected to it, under this Commander, and "
                                        "unused this turn", province=d.provinces[pid].name
                                        if pid in d.provinces else pid))
    if len(set(provinces)) != len(provinces):
        raise RuleError("11.2.7", _("a Province is listed twice"))
    war = d.wars[wid]
    _mil, adm, _pop, _int = commander_stats(st, empire, commander)
    spec = commander_special(st, empire, commander)
    matching = spec == f"war:{war.tribe}"
    units = [u for p in provinces for u in B.units_in(st, p)]
    mods, naval, cavalry = war_modifiers(st, empire, wid, commander, provinces)
    loc = st.wars[wid]
    w1, w2, purple, total = P.three_d6(st, _("War against {war} (11.2)", war=war.label), mods)
    chart = d.charts["wars_chart"]
    disaster = (w1 == w2 == purple) or (st.events.get(B.cell_of("persecution"), 0) == 2 and w1 == w2)
    if total <= int(chart["triumph_max"]):
        result = "triumph"
    elif total <= int(chart["draw_max"]):
        result = "draw"
    elif total <= int(chart["stalemate_max"]):
        result = "stalemate"
    else:
        result = "defeat"
    if disaster and not matching:
        result = "disaster"
    if spec == "stalemate" and result in ("disaster", "defeat"):
        result = "stalemate"
    if matching and result in ("stalemate", "defeat"):
        result = "draw"  # ruling ROME-7: a matching War ability turns both into a Draw
    if result == "triumph" and (naval < war.naval or cavalry < war.cavalry):
        lines.append(_("Not enough Fleets or Cavalry to match {war}: the Triumph is a Draw "
                       "(11.2.8, 11.2.9).", war=war_name(wid)))
        result = "draw"
    st.fought_wars.append(wid)
    st.fought_commanders.append(commander_key(st, empire, commander))
    st.fought_provinces.extend(provinces)
    rebel = commander != "emperor" and bool(st.commands[commander]["rebel"])
    lines.append(_("War against {war}: total {total}, {result}.", war=war_name(wid), total=total,
                   result=_RESULT_TEXT[result]))
    region = [p for p in st.status if B.connected(p, loc)]
    losses = 0
    forced = 0
    if result == "triumph":
        half = half_up(war.strength)
        if not rebel or st.rebel_emperor[empire]:
            st.prestige[empire] += half
            P.add_unrest(st, empire, -half)
            P.add_gold(st, empire, war.strength * adm)
            lines.append(_("{empire}: Prestige +{half}, Unrest -{half}, Gold +{gold}.",
                           empire=empire_name(empire), half=half, gold=war.strength * adm))
        release_leader(st, wid, lines)
        st.wars[wid] = f"box:{commander}" if commander != "emperor" else "out"
        annex = triumph_annexations(st, empire, commander, matching)
        if not rebel:
            tribe = war.tribe if war.tribe in d.foederati_tribes else ""
            P.add_task(st, empire, "annex", count=annex, scope=sorted(region), section="10.2.6",
                       foederati=tribe)
        promote = 2 if spec == "veteran" else 1
        P.add_task(st, empire, "promote", count=promote, units=units, section="11.2.3")
        losses = purple
    elif result == "draw":
        losses = half_up(purple)
    elif result == "stalemate":
        losses = purple
    elif result == "defeat":
        st.prestige[empire] -= int(chart["defeat_prestige"])
        P.add_unrest(st, empire, int(chart["defeat_unrest"]))
        losses = purple
        forced = half_up(purple)
    elif result == "disaster":
        P.add_unrest(st, empire, purple)
        st.prestige[empire] -= purple
        losses = purple
        forced = half_up(purple)
        _commander_dies(st, empire, commander, lines)
    if losses:
        P.add_task(st, empire, "loss", count=losses, forced=forced, units=units,
                   provinces=sorted(p for p in region if st.status[p] != "barbarian"),
                   taken={}, section="11.3.1")


def triumph_annexations(st: RomeState, empire: str, commander: str, matching: bool) -> int:
    """Annexations a Triumph earns (10.2.6): 1, +1 for a matching War ability, +1 for a Conquest
    Governor (+2 for a Conquest Emperor), +1 for any other Commander under a Conquest Emperor."""
    spec = commander_special(st, empire, commander)
    annex = 1 + (1 if matching else 0)
    if spec == "conquest":
        annex += 2 if commander == "emperor" else 1
    if commander != "emperor" and P.special(st.emperors[empire]) == "conquest":
        annex += 1
    return annex


def war_modifiers(st: RomeState, empire: str, wid: str, commander: str,
                  provinces: list[str]) -> tuple[list[tuple[str, int]], int, int]:
    """The Wars Chart modifiers of a fight (11.2) and the Fleet and Cavalry counts that must
    reach the War's Naval and Cavalry Strength (11.2.8, 11.2.9). Lower totals are better."""
    d = data()
    war = d.wars[wid]
    mil = commander_stats(st, empire, commander)[0]
    matching = commander_special(st, empire, commander) == f"war:{war.tribe}"
    units = [u for p in provinces for u in B.units_in(st, p)]
    mods: list[tuple[str, int]] = [(_("War Strength"), war.strength)]
    lid = B.leader_of(st, wid)
    if lid:
        mods.append((B.leader_info(lid).name, B.leader_info(lid).strength))
    loc = st.wars[wid]
    if B.status(st, loc) in ("homeland", "barbarian") or loc == "isauria":
        mods.append((_("Homeland/Barbarian/Isaurian"), int(d.charts["wars_chart"]["homeland_adjacent"])))
    mods.append((_("Military"), -mil))
    if matching:
        mods.append((_("War ability"), -1))
    unit_total = sum(UNIT_WAR_VALUE[st.units[u]["type"]] * (2 if st.units[u]["vet"] else 1) for u in units)
    if unit_total:
        mods.append((_("Units"), -unit_total))
    foed = [p for p in provinces if st.status[p] == "foederati"]
    allied = [p for p in provinces if st.status[p] == "allied"]
    if foed:
        mods.append((_("Foederati"), -int(d.charts["wars_chart"]["foederati"]) * len(foed)))
    if allied:
        mods.append((_("Allied"), -int(d.charts["wars_chart"]["allied"]) * len(allied)))
    if st.options.get("wars", "0") not in ("0", ""):
        mods.append((_("optional rule 12.4.3"), int(st.options["wars"])))
    naval = sum(2 if st.units[u]["vet"] else 1 for u in units if st.units[u]["type"] == "fleet") + len(foed)
    cavalry = sum(2 if st.units[u]["vet"] else 1 for u in units if st.units[u]["type"] == "cavalry") + len(foed)
    return mods, naval, cavalry


_RESULT_TEXT = {"triumph": _("Triumph"), "draw": _("Draw"), "stalemate": _("Stalemate"),
                "defeat": _("Defeat"), "disaster": _("Disaster")}


def _commander_dies(st: RomeState, empire: str, commander: str, lines: list[Text]) -> None:
    if commander == "emperor":
        lines.append(_("{name} dies in the Disaster.", name=P.emperor_name(st, empire)))
        P.emperor_dies(st, empire, lines, "disaster")
        return
    cmd = st.commands[commander]
    lines.append(_("{name} dies in the Disaster.", name=P.governor_name(st, commander)))
    if cmd["rebel"]:
        P.rebel_dies(st, commander, lines)
    elif cmd["gov"] != "generic":
        who = cmd["gov"]
        for c in st.commands.values():
            if c["gov"] == who:
                c["gov"] = "generic"
        P.kill_statesman(st, who)


# -- Losses, Promotions, Annexations ----------------------------------------------------------

def loss_choices(st: RomeState, task: dict[str, Any]) -> list[str]:
    """The legal next Loss (11.3.1): at most two of a kind, except Destroying Legions; Pseudo
    Legions only once no Legion that fought remains; forced Destroys first when needed."""
    cap = int(data().charts["losses"]["cap"])
    taken: dict[str, int] = task["taken"]
    fought = [u for u in task["units"] if st.units[u]["loc"] not in ("barracks", "removed")]
    legions = [u for u in fought if st.units[u]["type"] == "legion"]
    pseudos = [u for u in fought if st.units[u]["type"] == "pseudo"]
    destroy = [f"destroy:{u}" for u in (legions or pseudos)]
    out: list[str] = []
    if destroy and task["forced"] >= task["count"]:
        return destroy
    if taken.get("disgrace", 0) < cap:
        out.append("disgrace")
    if taken.get("tribute", 0) < cap:
        out.append("tribute")
    if taken.get("demote", 0) < cap:
        out += [f"demote:{u}" for u in fought if st.units[u]["vet"] or st.units[u]["type"] == "pseudo"]
    out += destroy
    if taken.get("dismiss", 0) < cap:
        out += [f"dismiss:{u}" for u in fought if st.units[u]["type"] not in ("legion",)]
    if taken.get("revolt", 0) < cap:
        out += [f"revolt:{p}" for p in task["provinces"]
                if st.status[p] in ("roman", "insurgent", "allied", "foederati")]
    return out


def take_loss(st: RomeState, task: dict[str, Any], choice: str, lines: list[Text]) -> None:
    d = data()
    empire = task["empire"]
    legal = loss_choices(st, task)
    if choice not in legal:
        raise RuleError("11.3.1", _("{choice} is not a legal Loss now (two of a kind at most; "
                                    "Pseudo Legions after every Legion; forced Destroys first)",
                                    choice=choice))
    kind, _sep, target = choice.partition(":")
    task["taken"][kind] = task["taken"].get(kind, 0) + 1
    if kind == "disgrace":
        P.add_unrest(st, empire, 1)
        lines.append(_("Loss: Disgrace, {empire} Unrest +1.", empire=empire_name(empire)))
    elif kind == "tribute":
        amount = int(d.charts["losses"]["tribute_hard" if st.options.get("harsh_losses") == "yes"
                                         else "tribute"])
        st.gold[empire] -= amount
        lines.append(_("Loss: Tribute, {empire} Gold -{amount}.", empire=empire_name(empire),
                       amount=amount))
    elif kind == "demote":
        u = st.units[target]
        if u["type"] == "pseudo":
            u["type"] = "fort"
        else:
            u["vet"] = False
        lines.append(_("Loss: {unit} demoted.", unit=B.unit_label(st, target)))
    elif kind == "destroy":
        st.units[target]["loc"] = "removed"
        st.units[target]["vet"] = False
        lines.append(_("Loss: {unit} destroyed.", unit=B.unit_label(st, target)))
        task["forced"] = max(0, task["forced"] - 1)
    elif kind == "dismiss":
        group = [target]
        if st.units[target]["type"] == "auxilia":
            # one Dismiss sends two Auxilia that fought to the Barracks, three with 12.4.4
            size = 3 if st.options.get("harsh_losses") == "yes" else 2
            others = [u for u in task["units"] if u != target and st.units[u]["type"] == "auxilia"
                      and st.units[u]["loc"] not in ("barracks", "removed")]
            group += others[: size - 1]
        for uid in group:
            lines.append(_("Loss: {unit} dismissed to the Barracks.", unit=B.unit_label(st, uid)))
            st.units[uid]["loc"] = "barracks"
            st.units[uid]["vet"] = False
    elif kind == "revolt":
        revolt_province(st, target, lines)
    task["count"] -= 1
    if task["count"] > 0 and not loss_choices(st, task):
        lines.append(_n_left(task["count"]))
        task["count"] = 0


def _n_left(n: int) -> Text:
    from rules.core.i18n import _n

    return _n("{n} Loss cannot be taken and lapses.", "{n} Losses cannot be taken and lapse.", n)


def promote_choices(st: RomeState, task: dict[str, Any]) -> list[str]:
    valentinian = "valentinian" in st.dynasties
    out = []
    for uid in task["units"]:
        u = st.units[uid]
        if u["loc"] in ("barracks", "removed") or u["vet"] or u["type"] in ("pseudo", "fort"):
            continue
        if valentinian and u["type"] in ("legion", "auxilia"):
            continue
        out.append(uid)
    return out


def promote(st: RomeState, task: dict[str, Any], uid: str, lines: list[Text]) -> None:
    if uid not in promote_choices(st, task):
        raise RuleError("11.2.3", _("{unit} cannot be promoted (it must have fought, be Ordinary "
                                    "and have a Veteran side)", unit=uid))
    st.units[uid]["vet"] = True
    task["count"] -= 1
    lines.append(_("{unit} becomes Veteran.", unit=B.unit_label(st, uid)))
    if task["count"] > 0 and not promote_choices(st, task):
        task["count"] = 0


def annex_choices(st: RomeState, task: dict[str, Any]) -> list[str]:
    """Annexable targets (10.2): Barbarian/Foederati -> Allied, Allied -> Insurgent; not under a
    War; next to a Province that is Allied, Insurgent or Roman; a Barbarian one may also become
    Foederati of a connected Foederati Province's tribe. Within ``scope`` if given."""
    d = data()
    empire = task["empire"]
    scope = task.get("scope")
    out: list[str] = []
    for pid in sorted(st.status):
        if scope is not None and pid not in scope:
            continue
        if scope is None and B.province_empire(st, pid) != empire:
            continue
        s = st.status[pid]
        if s not in ("barbarian", "foederati", "allied") or B.war_at(st, pid):
            continue
        near = [n for n, _k in B.neighbours(pid) if n in st.status]
        if any(st.status[n] in ("allied", "insurgent", "roman") for n in near):
            out.append(pid)
        if s == "barbarian":
            tribes = {st.tribe[n] for n in near if st.status[n] == "foederati"}
            if task.get("foederati"):
                tribes.add(task["foederati"])  # a Triumph over a Foederati War (3.2.5)
            out += [f"{pid}:{t}" for t in sorted(tribes)]
    del d
    return out


def annex(st: RomeState, task: dict[str, Any], choice: str, lines: list[Text]) -> None:
    d = data()
    if choice not in annex_choices(st, task):
        raise RuleError("10.2.3", _("{choice} cannot be Annexed now (it must be free of Wars, "
                                    "next to a Province that is Allied, Insurgent or Roman, and "
                                    "within reach)",
                                    choice=choice))
    pid, _sep, tribe = choice.partition(":")
    before = st.status[pid]
    if tribe:
        st.status[pid] = "foederati"
        st.tribe[pid] = tribe
    else:
        st.status[pid] = "allied" if before in ("barbarian", "foederati") else "insurgent"
        st.tribe.pop(pid, None)
    empire = B.province_empire(st, pid)
    st.prestige[empire] += 1
    task["count"] -= 1
    lines.append(_("{province} is Annexed: {before} to {after}, {empire} Prestige +1.",
                   province=d.provinces[pid].name, before=STATUS_WORDS[before], after=STATUS_WORDS[st.status[pid]],
                   empire=empire_name(empire)))
    if task["count"] > 0 and not annex_choices(st, task):
        task["count"] = 0


# -- Revolts --------------------------------------------------------------------------------

def revolt_province(st: RomeState, pid: str, lines: list[Text]) -> None:
    """A Province Revolts one step down the ladder (11.1.4)."""
    d = data()
    s = st.status[pid]
    empire = B.province_empire(st, pid)
    st.prestige[empire] -= 1
    foed = _foederati_war_near(st, pid) if s != "roman" else ""
    if foed:
        # 3.2.5: a revolting Province held by or next to a Foederati War joins that tribe
        st.status[pid] = "foederati"
        st.tribe[pid] = foed
    elif s == "roman":
        st.status[pid] = "insurgent"
        P.add_unrest(st, empire, 1)
    elif s == "insurgent":
        st.status[pid] = "allied"
    else:
        st.status[pid] = "barbarian"
        st.tribe.pop(pid, None)
    lines.append(_("{province} revolts: {before} to {after}, {empire} Prestige -1.",
                   province=d.provinces[pid].name, before=STATUS_WORDS[s], after=STATUS_WORDS[st.status[pid]],
                   empire=empire_name(empire)))
    if st.status[pid] not in ("roman", "insurgent"):
        overstack(st, pid, lines)


def _foederati_war_near(st: RomeState, pid: str) -> str:
    """The tribe of a Foederati War in or next to ``pid`` (none if another War holds it); with
    several, the first by counter id (ruling ROME-9)."""
    d = data()
    here = B.war_at(st, pid)
    if here and d.wars[here].tribe not in d.foederati_tribes:
        return ""
    for wid in sorted(st.wars):
        loc = st.wars[wid]
        tribe = d.wars[wid].tribe
        if loc in d.provinces and tribe in d.foederati_tribes and B.connected(loc, pid):
            if st.status[pid] == "foederati" and st.tribe.get(pid) == tribe:
                continue
            return tribe
    return ""


def overstack(st: RomeState, pid: str, lines: list[Text]) -> None:
    """Units that may not stay must Transfer (2.3.2): same Command free, else the same Empire at
    +1 Unrest each, else Legions are removed and others go to the Barracks. The engine places
    each in the first Province by id (ruling ROME-8); the player may then choose another
    (a pending decision, rules/rome_iinc/decisions.py)."""
    from rules.rome_iinc import decisions

    d = data()
    empire = B.province_empire(st, pid)
    for uid in B.units_in(st, pid):
        kind = st.units[uid]["type"]
        options, cost = ([], 0) if kind == "fort" else decisions.withdraw_options(st, uid, pid)
        if options:
            dest = options[0]
            st.units[uid]["loc"] = dest
            P.add_unrest(st, empire, cost)
            lines.append(_("{unit} withdraws to {province}.", unit=B.unit_label(st, uid),
                           province=d.provinces[dest].name))
            decisions.offer_withdraw(st, uid, pid, dest, options)
            continue
        st.units[uid]["loc"] = "removed" if kind == "legion" else "barracks"
        st.units[uid]["vet"] = False
        lines.append(_("{unit} has nowhere to go and leaves the map.", unit=B.unit_label(st, uid)))


def _fleet_ok(st: RomeState, uid: str, dest: str) -> bool:
    d = data()
    u = st.units[uid]
    if u["type"] != "fleet":
        return True
    if d.provinces[dest].terrain == "mountain":
        return False
    here = u["loc"]
    if here in d.provinces and d.provinces[here].terrain == "desert":
        return d.provinces[dest].terrain == "desert"
    return True


def fleet_may_go(st: RomeState, uid: str, dest: str) -> bool:
    return _fleet_ok(st, uid, dest)


def revolts(st: RomeState, lines: list[Text]) -> None:
    """Every Revolt 1D6 at once, then the results (11.1)."""
    d = data()
    table = B.revolt_modifiers(st)
    results: list[tuple[str, int]] = []
    foederati_event = st.events.get(B.cell_of("foederati"), 0) > 0
    for pid, mods in table.items():
        roll = st.dice.d6(_("Revolt of {province} (11.1)", province=d.provinces[pid].name), mods)
        results.append((pid, roll.result))
        wid = B.war_at(st, pid)
        if foederati_event and wid and d.wars[wid].tribe in d.foederati_tribes:
            # the Foederati Event: one more Revolt 1D6 under a Foederati War (11.1.3)
            extra = st.dice.d6(_("Extra Revolt of {province} (Foederati Event)",
                                 province=d.provinces[pid].name), mods)
            results.append((pid, extra.result))
    limit = int(d.charts["limits"]["revolt"])
    for pid, total in results:
        if st.status[pid] == "barbarian":
            continue  # an earlier roll of the same phase already took it to the bottom
        if total > limit:
            revolt_province(st, pid, lines)
        elif st.status[pid] == "insurgent" and not B.war_at(st, pid):
            cid = d.provinces[pid].command
            mil = P.governor_stats(st, cid)[0]
            if total <= mil:
                st.status[pid] = "roman"
                empire = B.province_empire(st, pid)
                if B.is_loyal(st, pid):
                    st.prestige[empire] += 1
                lines.append(_("{province} is Romanised ({total} against Military {mil}).",
                               province=d.provinces[pid].name, total=total, mil=mil))


# -- Civil Wars ------------------------------------------------------------------------------

def civil_targets(st: RomeState, empire: str) -> list[str]:
    """Rebels the Emperor of ``empire`` may fight now: those of his Empire (and of the other
    when he is Sole Emperor), and a Rebel Emperor of the other Empire (11.4)."""
    if st.emperors[empire] in ("choosing", ""):
        return []
    if st.rebel_emperor[empire]:
        return [c for c in P.rebels_of(st, empire) if c not in st.fought_rebels]
    empires = [empire]
    if st.sole and st.emperors["east"] == st.emperors["west"]:
        empires = ["east", "west"]
    out = [c for e in empires for c in P.rebels_of(st, e) if c not in st.fought_rebels]
    other = B.other(empire)
    if st.rebel_emperor[other] and f"emperor:{other}" not in st.fought_rebels:
        out.append(f"emperor:{other}")
    return out


def compulsory_civil(st: RomeState, empire: str) -> list[str]:
    """Civil Wars that must be fought before the phase ends (11.4; none in a Fallen Empire)."""
    if st.rebel_emperor[empire]:
        return []  # a Rebel Emperor may, but need not, fight the other Rebels (11.4)
    return [c for c in civil_targets(st, empire)
            if c.startswith("emperor:") or not st.fallen[B.command_empire(st, c)]]


def civil_war(st: RomeState, empire: str, target: str, lines: list[Text]) -> None:
    d = data()
    if target not in civil_targets(st, empire):
        raise RuleError("11.4", _("{target} is not a Rebel your Emperor may fight now (each Rebel "
                                  "once a turn)", target=target))
    if target.startswith("emperor:"):
        rival = target.split(":")[1]
        r_stats = P.emperor_stats(st, rival)
        r_provinces = _remp_provinces(st, rival)
        r_name: Text = P.emperor_name(st, rival)
    else:
        rival = ""
        r_stats = P.governor_stats(st, target)
        r_provinces = [p.id for p in d.provinces.values() if p.command in P.rebel_commands(st, target)]
        r_name = P.governor_name(st, target)
    if st.rebel_emperor[empire]:
        loyal = _remp_provinces(st, empire)
    else:
        loyal = [p for p in st.status if B.province_empire(st, p) in
                 (["east", "west"] if st.sole and st.emperors["east"] == st.emperors["west"] else [empire])
                 and B.is_loyal(st, p)]
    r_units = [u for p in r_provinces for u in B.units_in(st, p) if st.units[u]["type"] in CIVIL_TYPES]
    l_units = [u for p in loyal for u in B.units_in(st, p) if st.units[u]["type"] in CIVIL_TYPES]

    def weight(us: list[str]) -> int:
        return sum(2 if st.units[u]["vet"] else 1 for u in us)

    e_stats = P.emperor_stats(st, empire)
    mods: list[tuple[str, int]] = [(_("Rebel Military"), r_stats[0]), (_("Rebel Units"), weight(r_units)),
            (_("Emperor's Military"), -e_stats[0]), (_("Loyal Units"), -weight(l_units))]
    _w1, _w2, purple, total = P.three_d6(st, _("Civil War (11.4)"), mods)
    # one Civil War a turn against a Rebel and all his Commands, in either Empire (13.3.4,
    # ruling ROME-34): his Commands of the other Empire count as fought too
    st.fought_rebels.extend([target] if rival else
                            [c for c in P.rebel_commands(st, target) if c not in st.fought_rebels])
    chart = d.charts["civil_wars_chart"]
    forced = half_up(purple) if rival else 0
    units = l_units + r_units
    if total >= int(chart["rebel_victory_min"]):
        lines.append(_("Civil War against {rebel}: total {total}, Rebel Victory.", rebel=r_name,
                       total=total))
        P.add_unrest(st, empire, e_stats[2])
        st.prestige[empire] -= e_stats[1]
        P.add_task(st, empire, "loss", count=purple, forced=forced, units=units,
                   provinces=[], taken={}, section="11.3.1")
        P.add_task(st, empire, "promote", count=1, units=r_units, section="11.4")
        _rebel_victory(st, empire, target, rival, lines)
    elif total <= int(chart["rebel_defeat_max"]):
        lines.append(_("Civil War against {rebel}: total {total}, Rebel Defeat.", rebel=r_name,
                       total=total))
        P.add_task(st, empire, "loss", count=purple, forced=forced, units=units,
                   provinces=[], taken={}, section="11.3.1")
        P.add_task(st, empire, "promote", count=1, units=l_units, section="11.4")
        if rival:
            # 5.1.4a: the Viceroy counter replaces the Rebel Emperor; the victor is Sole Emperor.
            sid = st.emperors[rival]
            if sid not in ("generic", ""):
                P.kill_statesman(st, sid)
            P.release_rebel_emperor(st, rival)
            st.emperors[rival] = st.emperors[empire]
            st.sole = empire
            lines.append(_("{name} is now Sole Emperor (5.1.4a).", name=P.emperor_name(st, empire)))
        else:
            P.rebel_dies(st, target, lines)
    else:
        lines.append(_("Civil War against {rebel}: total {total}, Stalemate.", rebel=r_name,
                       total=total))
        P.add_task(st, empire, "loss", count=purple, forced=forced, units=units,
                   provinces=[], taken={}, section="11.3.1")


def _remp_provinces(st: RomeState, empire: str) -> list[str]:
    """The Provinces held in a Rebel Emperor's box (5.3.4)."""
    d = data()
    return [p for p in st.status if B.province_empire(st, p) == empire
            and st.commands[d.provinces[p].command]["gov"] == "remp"]


def _rebel_victory(st: RomeState, empire: str, target: str, rival: str, lines: list[Text]) -> None:
    d = data()
    if rival:
        # 5.1.4b: the winning Rebel Emperor's counters leave his box; he becomes Sole Emperor.
        winner = st.emperors[rival]
        P.release_rebel_emperor(st, rival)
        dead = st.emperors[empire]
        if dead not in ("generic", ""):
            P.kill_statesman(st, dead)
        st.emperors[empire] = winner
        st.sole = rival
        lines.append(_("{name} is now Sole Emperor (5.1.4b).", name=P.name_of(winner)))
        return
    who = st.commands[target]["gov"]
    victim = st.emperors[empire]
    if who == "generic" or d.statesmen[who].ineligible:
        # A Generic or Ineligible Rebel cannot take the purple: his Commands turn Loyal (6.2.4).
        for cid in P.rebel_commands(st, target):
            st.commands[cid]["rebel"] = False
        P.emperor_dies(st, empire, lines, "civil_war")
        return
    if victim not in ("generic", ""):
        P.kill_statesman(st, victim)
    sole = bool(st.sole) and st.emperors[B.other(empire)] == victim
    if sole:
        for cid in P.rebel_commands(st, target):
            st.commands[cid]["rebel"] = False
            st.commands[cid]["gov"] = "generic"
        st.statesmen[who] = "emperor"
        st.emperors["east"] = st.emperors["west"] = who
        lines.append(_("{name} becomes Sole Emperor.", name=P.name_of(who)))
        return
    P.make_rebel_emperor(st, empire, who, lines)
    st.fought_rebels.append(f"emperor:{empire}")
