"""The turn sequence (7.0): the automated steps of each phase and the player steps between them.

``advance`` runs automatic steps until a player must act (a task, a consent, or the Unrest and
War player steps) or the game ends. The phase ends with the Fall check (12.2.1).
"""

from __future__ import annotations

from rules.core.i18n import Text, _
from rules.rome_iinc import battle as W
from rules.rome_iinc import board as B
from rules.rome_iinc import decisions
from rules.rome_iinc import enemy as X
from rules.rome_iinc import politics as P
from rules.rome_iinc.data import data, empire_name
from rules.rome_iinc.state import RomeState

EMPIRES = ("east", "west")


def active_empires(st: RomeState) -> list[str]:
    """Empires whose player still acts in the current player step (East first on odd turns)."""
    order = ["east", "west"] if st.turn % 2 else ["west", "east"]
    if st.step == "begin":
        return order
    if st.step == "appoint":  # the follow-on's appointments, West first, one at a time (13.3.5)
        return [e for e in ("west", "east") if not st.ended.get(e)][:1]
    return [e for e in order if not st.ended.get(e)]


def advance(st: RomeState, lines: list[Text]) -> None:
    """Run automatic steps until a player must act."""
    for _guard in range(50):
        prune_tasks(st)
        if st.result or st.phase == "over":
            st.phase = "over"
            return
        if st.tasks or st.pending or st.step == "begin":
            return
        if st.step == "bankrupt":
            if any(st.gold[e] < 0 and not st.ended.get(e) for e in EMPIRES):
                return
            _close_phase(st, lines)
            continue
        if st.step == "appoint":
            if active_empires(st):
                return
            st.step = "next"
            st.ended = {}
            continue
        if st.step in ("unrest", "war"):
            if active_empires(st):
                return
            if st.step == "war":
                _after_wars(st, lines)
            if st.step == "unrest":
                bread_and_circuses(st, lines)
            st.step = ""
            _end_phase(st, lines)
            continue
        if st.step == "next":
            st.step = ""
            _begin(st, lines)
            continue
        _begin(st, lines)


def task_choices(st: RomeState, task: dict[str, object]) -> list[str]:
    kind = task["kind"]
    if kind == "annex":
        return W.annex_choices(st, task)
    if kind == "loss":
        return W.loss_choices(st, task)
    if kind == "promote":
        return W.promote_choices(st, task)
    if kind == "emperor":
        return P.eligible_successors(st, str(task["empire"]))
    if kind in decisions.KINDS:
        return decisions.choices(st, task)
    return []


def prune_tasks(st: RomeState) -> None:
    """Drop tasks with no legal answer left (nothing to Annex, promote or lose); an Emperor
    choice with no candidate falls to the Senate (5.1.4g)."""
    keep = []
    for t in st.tasks:
        if int(t.get("count", 1)) <= 0 or not task_choices(st, t):
            if t["kind"] == "emperor" and st.emperors[t["empire"]] == "choosing":
                st.emperors[t["empire"]] = "generic"
            continue
        keep.append(t)
    st.tasks = keep


def _begin(st: RomeState, lines: list[Text]) -> None:
    """Run the automatic part of the current phase."""
    if st.phase == "event":
        event_phase(st, lines)
        _end_phase(st, lines)
    elif st.phase == "treasury":
        treasury_phase(st, lines)
        _end_phase(st, lines)
    elif st.phase == "unrest":
        unrest_phase(st, lines)
        st.bought = {}
        st.step = "unrest"
        st.ended = {e: False for e in EMPIRES}
    elif st.phase == "war":
        lines.append(_("War Phase: Revolts (11.1)."))
        W.revolts(st, lines)
        st.step = "war"
        st.ended = {e: False for e in EMPIRES}
    elif st.phase == "victory":
        victory_phase(st, lines)


def _end_phase(st: RomeState, lines: list[Text]) -> None:
    """A phase's automatic part is over: let a bankrupt Empire raise Extra Taxes first (9.1.4)."""
    if any(st.gold[e] < 0 for e in EMPIRES):
        st.step = "bankrupt"
        st.ended = {e: False for e in EMPIRES}
        lines.append(_("An Empire has negative Gold: raise Extra Taxes or receive Gold before "
                       "the phase ends, or it Falls (9.1.3)."))
        return
    _close_phase(st, lines)


_NEXT = {"event": "treasury", "treasury": "unrest", "unrest": "war", "war": "victory"}


def _close_phase(st: RomeState, lines: list[Text]) -> None:
    X.statesmen_turn_leader(st, lines)
    P.check_fall(st, lines)
    st.step = ""
    st.ended = {}
    if st.result:
        st.phase = "over"
        return
    if st.phase in _NEXT:
        st.phase = _NEXT[st.phase]
        st.step = "next"


# -- Event Phase (8.0) ----------------------------------------------------------------------

def event_phase(st: RomeState, lines: list[Text]) -> None:
    d = data()
    lines.append(_("Turn {turn}, Event Phase.", turn=st.turn))
    st.events = {}
    st.extra_draws = 0
    for key in ("pillaged", "fought_wars", "fought_commanders", "fought_provinces", "fought_rebels"):
        setattr(st, key, [])
    st.visited = {}
    fixed: list[str] = []
    for e in EMPIRES:
        if P.special(st.emperors[e]) == "persecution" and (e == "east" or st.emperors["west"] != st.emperors["east"]):
            fixed.append("persecution")
    for sid, loc in sorted(st.statesmen.items()):
        if loc in ("up", "governor", "emperor") and P.special(sid) in ("convert", "diplomat"):
            fixed.append(P.special(sid))
    for name in fixed:
        place_event(st, B.cell_of(name), lines)
    extra = sum(1 for sid, loc in st.statesmen.items()
                if loc in ("up", "governor", "emperor") and P.special(sid) == "event")
    mods: list[tuple[str, int]] = [(_("Event ability"), extra)] if extra else []
    if option(st, "events"):
        mods.append((_("optional rule 12.4.1"), option(st, "events")))
    count = st.dice.d6(_("Number of Events (8.1.5)"), mods).result
    counters = int(d.charts["events"]["counters"])
    for _i in range(count):
        for _tries in range(50):
            if len(st.events) >= counters:
                # all counters in play: a random single one flips to doubled (8.1.6)
                singles = [c for c, v in st.events.items() if v == 1]
                if singles:
                    place_event(st, X.pick(st, singles, _("Event counter flipped (8.1.6)")), lines)
                break
            white = st.dice.d6(_("Event Chart: white die (8.1.6)")).natural
            purple = X.d1d3(st, _("Event Chart: purple 1D3 (8.1.6)"))
            cell = f"{white}-{purple}"
            if st.events.get(cell) == 2:
                continue  # a doubled box is rolled again
            place_event(st, cell, lines)
            break
    mortality(st, lines)
    assassinations(st, lines)


def place_event(st: RomeState, cell: str, lines: list[Text]) -> None:
    level = st.events.get(cell, 0) + 1
    if level > 2:
        return
    st.events[cell] = level
    name = str(data().charts["events"]["cells"][cell])
    lines.append(_("Event {name} ({level}).", name=name.capitalize(),
                   level=_("doubled") if level == 2 else _("single")))
    resolve_event(st, name, level == 2, lines)


def resolve_event(st: RomeState, name: str, doubled: bool, lines: list[Text]) -> None:
    """What each Event does (Event Chart; most texts are design, docs/rome-iinc.md)."""
    if name in ("papacy", "hippodrome"):
        empire = "west" if name == "papacy" else "east"
        capital = "rome" if name == "papacy" else "constantinople"
        if doubled:
            if st.status[capital] == "roman":
                st.status[capital] = "insurgent"
            lines.append(_("{capital} becomes Insurgent.", capital=data().provinces[capital].name))
        else:
            n = st.dice.d6(_("{event} Unrest (8.1)", event=name.capitalize())).natural
            P.add_unrest(st, empire, n)
            lines.append(_("{empire} Unrest +{n}.", empire=empire_name(empire), n=n))
    elif name == "persecution" and not doubled:
        for e in EMPIRES:
            if st.fallen[e]:
                continue
            loss = W.half_up(P.emperor_stats(st, e)[3])
            st.prestige[e] -= loss
            lines.append(_("{empire} Prestige -{n}.", empire=empire_name(e), n=loss))
    elif name in ("convert", "diplomat"):
        empire = "west" if name == "convert" else "east"
        if doubled:
            wars = [w for w, loc in st.wars.items() if loc in st.status and B.province_empire(st, loc) == empire]
            if wars:
                top = max(data().wars[w].strength for w in wars)
                wid = X.pick(st, [w for w in wars if data().wars[w].strength == top],
                             "War removed by the Event (8.1)")
                X.release_leader(st, wid, lines)
                st.wars[wid] = "out"
                lines.append(_("{war} is removed from play.", war=X.war_name(wid)))
        else:
            P.add_task(st, empire, "annex", count=1, scope=None, section="10.2.4")
    elif name == "plague":
        if not doubled:
            for e in EMPIRES:
                vets = sorted(u for u, x in st.units.items() if (x["vet"] or x["type"] == "pseudo")
                              and x["loc"] in st.status and B.province_empire(st, x["loc"]) == e)
                if vets:
                    uid = X.pick(st, vets, _("Unit demoted by Plague"))
                    if st.units[uid]["type"] == "pseudo":
                        st.units[uid]["type"] = "fort"
                    else:
                        st.units[uid]["vet"] = False
                    lines.append(_("Plague: {unit} demoted.", unit=B.unit_label(st, uid)))
    elif name == "migration":
        st.extra_draws += 1
    elif name == "assassin":
        pass  # resolved with the Assassinations (8.3.2)
    elif name == "mutiny":
        if doubled:
            for cid in sorted(st.commands):
                cmd = st.commands[cid]
                if cmd["rebel"] or st.fallen[B.command_empire(st, cid)]:
                    continue
                if P.rebellion_roll(st, cid, _("Mutiny Rebellion (11.5.1)")) >= _limit("rebellion"):
                    P.governor_rebels(st, cid, lines)
        else:
            for e in EMPIRES:
                P.add_unrest(st, e, 1)
            lines.append(_("Unrest +1 in each Empire."))
    elif name == "usurper":
        if doubled:
            _usurper(st, lines)
    elif name in ("heresy", "orthodoxy", "synod", "famine", "bounty", "earthquake", "foederati"):
        _design_event(st, name, doubled, lines)


def tax(st: RomeState, cid: str) -> int:
    """Tax 2D6 for one Governor (all his Commands): 2D6 - his and his Emperor's Administration;
    0 or less doubles the Gold of his Loyal Roman Provinces (9.2.4)."""
    d = data()
    cmd = st.commands[cid]
    cids = [cid] if cmd["gov"] == "generic" else [c for c in st.commands if st.commands[c]["gov"] == cmd["gov"]]
    empire = B.command_empire(st, cid)
    base = sum(p.gold for p in d.provinces.values() if p.command in cids and st.status[p.id] == "roman")
    gov_adm = P.governor_stats(st, cid)[1]
    emp_adm = P.emperor_stats(st, empire)[1]
    first = st.dice.d6(_("Tax of {command} (9.2.4): first die", command=d.commands[cid]["name"]))
    mods: list[tuple[str, int]] = [(_("Governor's Administration"), -gov_adm), (_("Emperor's Administration"), -emp_adm)]
    if option(st, "taxes"):
        mods.append((_("optional rule 12.4.2"), option(st, "taxes")))
    second = st.dice.d6(_("Tax of {command} (9.2.4): second die", command=d.commands[cid]["name"]), mods)
    gold = base * 2 if first.natural + second.result <= 0 else base
    P.add_gold(st, empire, gold)
    return gold


def option(st: RomeState, key: str) -> int:
    """The value of an optional ±1 rule (12.4), 0 when unused."""
    return int(st.options.get(key, "0") or 0)


def _limit(key: str) -> int:
    return int(data().charts["limits"][key])


def _usurper(st: RomeState, lines: list[Text]) -> None:
    """Doubled Usurper: a random Emperor rolls for Rebellion unless there is a Sole or Rebel
    Emperor; a Fallen Empire ignores it (11.5.2)."""
    if st.sole or any(st.rebel_emperor.values()):
        return
    empire = X.pick(st, [e for e in EMPIRES if not st.fallen[e]], _("Emperor tested by Usurper"))
    sid = st.emperors[empire]
    if sid in ("generic", "choosing", ""):
        return
    mods: list[tuple[str, int]] = [(_("Unrest"), st.unrest[empire])]
    total = P.three_d6(st, _("Usurper Rebellion (11.5.2)"), mods)[3]
    if total >= _limit("rebellion"):
        P.make_rebel_emperor(st, empire, sid, lines)


def _design_event(st: RomeState, name: str, doubled: bool, lines: list[Text]) -> None:
    """Events whose text is not in the rules: our own effects (docs/rome-iinc.md, Events)."""
    d = data()
    for e in EMPIRES:
        if st.fallen[e]:
            continue
        pop = P.emperor_stats(st, e)[2] if st.emperors[e] not in ("choosing", "") else 2
        if name == "heresy" and (doubled or pop <= 2):
            P.add_unrest(st, e, 2 if doubled else 1)
        elif name == "orthodoxy" and pop >= 4:
            if doubled:
                st.prestige[e] += 1
            else:
                P.add_unrest(st, e, -1)
        elif name == "synod":
            if doubled:
                P.add_unrest(st, e, -1)
            else:
                st.prestige[e] += 1
        elif name == "famine":
            grain = sum(1 for p in st.status if "grain" in d.provinces[p].icons
                        and B.province_empire(st, p) == e and st.status[p] != "roman")
            P.add_unrest(st, e, grain * (2 if doubled else 1))
        elif name == "bounty":
            gain = st.dice.d6(_("Bounty Gold, {empire}", empire=empire_name(e))).natural * (2 if doubled else 1)
            P.add_gold(st, e, gain)
        elif name == "earthquake":
            loss = st.dice.d6(_("Earthquake damage, {empire}", empire=empire_name(e))).natural * (2 if doubled else 1)
            st.gold[e] -= loss
    # the Foederati Event's extra moves are made in the Treasury Phase (9.4.1)
    lines.append(_("{name} resolved for both Empires.", name=name.capitalize()))


def mortality(st: RomeState, lines: list[Text]) -> None:
    """Mortality 1D6 for every Leader, Generic Emperor, Generic Rebel and face-up Statesman,
    all at once; 6 dies (5 under a doubled Plague). Then the 286 Abdications (8.2)."""
    d = data()
    plague = st.events.get(B.cell_of("plague"), 0) == 2
    threshold = _limit("mortality") - (1 if plague else 0)
    dead_leaders = []
    for lid, loc in sorted(st.leaders.items()):
        if loc.startswith(("war:", "home:")):
            if st.dice.d6(_("Mortality of {name} (8.2)", name=B.leader_info(lid).name)).natural >= threshold:
                dead_leaders.append(lid)
    dead_statesmen = []
    for sid, loc in sorted(st.statesmen.items()):
        if loc in ("up", "governor", "emperor"):
            if st.dice.d6(_("Mortality of {name} (8.2)", name=d.statesmen[sid].name)).natural >= threshold:
                dead_statesmen.append(sid)
    dead_generic: list[str] = []
    for e in EMPIRES:
        if st.emperors[e] == "generic" and not (e == "west" and st.sole and st.emperors["east"] == "generic"):
            if st.dice.d6(_("Mortality of the Generic {empire} Emperor (8.2)", empire=empire_name(e))).natural >= threshold:
                dead_generic.append(f"emperor:{e}")
    for cid in sorted(st.commands):
        if st.commands[cid]["rebel"] and st.commands[cid]["gov"] == "generic":
            if st.dice.d6(_("Mortality of the Generic Rebel of {command} (8.2)", command=d.commands[cid]["name"])).natural >= threshold:
                dead_generic.append(cid)
    for lid in dead_leaders:
        st.leaders[lid] = "dead"
        if lid in d.statesmen:
            st.statesmen[lid] = "dead"
        lines.append(_("{leader} dies.", leader=B.leader_info(lid).name))
    for sid in dead_statesmen:
        lines.append(_("{name} dies.", name=d.statesmen[sid].name))
        _statesman_dies(st, sid, lines, "mortality")
    for key in dead_generic:
        if key.startswith("emperor:"):
            e = key.split(":")[1]
            lines.append(_("The Generic {empire} Emperor dies.", empire=empire_name(e)))
            if st.emperors[e] == "generic":
                P.emperor_dies(st, e, lines, "mortality")
        elif st.commands[key]["rebel"]:
            lines.append(_("The Generic Rebel of {command} dies.", command=d.commands[key]["name"]))
            P.rebel_dies(st, key, lines)
    abd = d.charts["scenario_modifiers"][st.scenario]["abdications"]
    if st.turn in abd and "constantinian" not in st.dynasties:
        lines.append(_("Both Emperors abdicate (8.2.5)."))
        for e in EMPIRES:
            if st.emperors[e] not in ("choosing", "") and not st.fallen[e]:
                P.emperor_dies(st, e, lines, "abdication")


def _statesman_dies(st: RomeState, sid: str, lines: list[Text], cause: str) -> None:
    for e in EMPIRES:
        if st.emperors[e] == sid:
            P.emperor_dies(st, e, lines, cause)
            return
    for cid in sorted(st.commands):
        if st.commands[cid]["gov"] == sid:
            if st.commands[cid]["rebel"]:
                P.rebel_dies(st, cid, lines)
                return
            st.commands[cid]["gov"] = "generic"
    P.kill_statesman(st, sid)


def assassinations(st: RomeState, lines: list[Text]) -> None:
    """Build the list of attempts, shuffle it, then resolve each one still valid (8.3)."""
    d = data()
    attempts: list[tuple[str, str, str]] = []
    level = st.events.get(B.cell_of("assassin"), 0)
    govs = [(c, st.commands[c]["gov"]) for c in sorted(st.commands)
            if st.commands[c]["gov"] in d.statesmen]
    if level == 1 and govs:
        cid = X.pick(st, [c for c, _ in govs], _("Governor drawn by the Assassin Event (8.3.2)"))
        attempts.append((st.commands[cid]["gov"], "governor", cid))
    if level == 2:
        emps = [e for e in EMPIRES if st.emperors[e] in d.statesmen]
        if emps:
            e = X.pick(st, emps, _("Emperor drawn by the doubled Assassin Event (8.3.2)"))
            attempts.append((st.emperors[e], "emperor", e))
    for cid, sid in govs:
        if P.special(sid) == "assassin" and (sid, "governor", cid) not in attempts:
            attempts.append((sid, "governor", cid))
    for e in EMPIRES:
        sid = st.emperors[e]
        if sid in d.statesmen and P.special(sid) == "assassin" and (sid, "emperor", e) not in attempts:
            if not (e == "west" and st.emperors["east"] == sid):
                attempts.append((sid, "emperor", e))
    st.dice.shuffle(attempts)
    for sid, role, place in attempts:
        P.assassination(st, sid, role, place, lines)


# -- Treasury Phase (9.0) -------------------------------------------------------------------

def treasury_phase(st: RomeState, lines: list[Text]) -> None:
    d = data()
    lines.append(_("Treasury Phase."))
    seen: list[str] = []
    for cid in sorted(st.commands):
        cmd = st.commands[cid]
        if cmd["rebel"]:
            continue
        key = cmd["gov"] if cmd["gov"] != "generic" else cid
        if key in seen:
            continue
        seen.append(key)
        empire = B.command_empire(st, cid)
        if st.rebel_emperor[empire]:
            continue
        gold = tax(st, cid)
        lines.append(_("Taxes of {command}: {gold} Gold.", command=d.commands[cid]["name"], gold=gold))
    for e in EMPIRES:
        due = B.pay(st, e)
        st.gold[e] -= due
        lines.append(_("{empire} pays {n} Gold to its Units.", empire=empire_name(e), n=due))
    X.move_all(st, lines)
    if st.events.get(B.cell_of("foederati"), 0):
        for wid in sorted(st.wars):
            loc = st.wars[wid]
            if loc in st.status and B.matches(st, loc, d.wars[wid].tribe):
                X.move_war(st, wid, lines)
    migration = st.events.get(B.cell_of("migration"), 0)
    st.extra_draws = migration
    X.draw_wars(st, lines)


# -- Unrest Phase (10.0) --------------------------------------------------------------------

def unrest_phase(st: RomeState, lines: list[Text]) -> None:
    d = data()
    lines.append(_("Unrest Phase."))
    for e in EMPIRES:
        if st.fallen[e]:
            continue
        added = unrest_due(st, e)
        P.add_unrest(st, e, added)
        lines.append(_("{empire} Unrest +{n} (10.1).", empire=empire_name(e), n=added))
    down = sorted(s for s, loc in st.statesmen.items() if loc == "down") + \
        [f"dynasty:{x}" for x in st.dynasties_down]
    if st.turn >= _limit("turns"):
        flips = len(down)
    else:
        flips = X.d1d3(st, _("Statesmen flipped (10.3.1)"),
                       int(d.charts["scenario_modifiers"][st.scenario]["flip_bonus"]))
    for _i in range(max(0, min(flips, len(down)))):
        index = st.dice._draw(0, len(down) - 1)
        item = down.pop(index)
        if item.startswith("dynasty:"):
            dyn = item.split(":")[1]
            st.dynasties_down.remove(dyn)
            st.dynasties.append(dyn)
            lines.append(_("{dynasty} enters play.", dynasty=d.dynasties[dyn]["name"]))
            dynasty_enters(st, dyn, lines)
        else:
            st.statesmen[item] = "up"
            lines.append(_("{name} is revealed.", name=d.statesmen[item].name))
    for e in EMPIRES:
        if st.fallen[e] or st.emperors[e] in ("choosing", ""):
            continue
        if P.special(st.emperors[e]) == "conquest":  # a Sole Emperor annexes in each Empire
            P.add_task(st, e, "annex", count=1, scope=None, section="6.3.2")
        if "justinian" in st.dynasties:
            P.add_task(st, e, "annex", count=1, scope=None, section="10.4")


def bread_and_circuses(st: RomeState, lines: list[Text]) -> None:
    """Prestige equal to the Emperor's Administration (+1 per Emperor or Governor with the
    Prestige ability) and Unrest less his Popularity (10.5), applied when both players have
    finished the Unrest step, so that this turn's appointments count (ruling ROME-28)."""
    for e in EMPIRES:
        if st.fallen[e] or st.emperors[e] in ("choosing", ""):
            continue
        adm, pop = P.emperor_stats(st, e)[1], P.emperor_stats(st, e)[2]
        bonus = sum(1 for c in P.empire_commands(st, e) if not st.commands[c]["rebel"]
                    and P.special(st.commands[c]["gov"]) == "prestige")
        if P.special(st.emperors[e]) == "prestige":
            bonus += 1
        st.prestige[e] += adm + bonus
        P.add_unrest(st, e, -pop)
        lines.append(_("Bread and Circuses: {empire} Prestige +{p}, Unrest -{u} (10.5).",
                       empire=empire_name(e), p=adm + bonus, u=pop))


def dynasty_enters(st: RomeState, dyn: str, lines: list[Text]) -> None:
    """Effects of a Dynasty entering play (10.4): Commands changing Empire split a Governor who
    now holds Commands in both (5.2.5, T07); the Leonid Dynasty demotes Veteran Legions and
    Auxilia."""
    d = data()
    if dyn in ("constantinian", "theodosian"):
        for sid in sorted({c["gov"] for c in st.commands.values() if c["gov"] in d.statesmen}):
            mine = [c for c in sorted(st.commands) if st.commands[c]["gov"] == sid]
            sides = sorted({B.command_empire(st, c) for c in mine})
            if len(sides) < 2:
                continue
            count = {e: sum(1 for c in mine if B.command_empire(st, c) == e) for e in sides}
            keep = max(sides, key=lambda e: (count[e], e == B.command_empire(st, mine[0])))
            for c in mine:
                if B.command_empire(st, c) != keep:
                    st.commands[c]["gov"] = "generic"
            lines.append(_("{name} keeps only his {empire} Commands (5.2.5).",
                           name=d.statesmen[sid].name, empire=empire_name(keep)))
            decisions.offer_side(st, sid, mine, keep)  # the player may keep the other side
    if dyn == "leonid":
        for u in st.units.values():
            if u["type"] in ("legion", "auxilia") and u["vet"]:
                u["vet"] = False


def unrest_due(st: RomeState, empire: str) -> int:
    """Unrest each Empire gains as its Unrest Phase begins (10.1)."""
    d = data()
    n = len(P.rebels_of(st, empire))
    n += sum(1 for w, loc in st.wars.items() if loc in st.status and B.province_empire(st, loc) == empire)
    for loc in st.leaders.values():
        if loc.startswith("home:"):
            home = loc.split(":")[1]
            if any(B.province_empire(st, nb) == empire for nb, _k in B.neighbours(home) if nb in st.status):
                n += 1
    valentinian = "valentinian" in st.dynasties
    for pid in st.status:
        if B.province_empire(st, pid) != empire:
            continue
        prov = d.provinces[pid]
        s = st.status[pid]
        kinds = [st.units[u]["type"] for u in B.units_in(st, pid)]
        if s in ("roman", "insurgent"):
            legion_ok = ("legion" in kinds or "pseudo" in kinds or
                         (valentinian and ("guards" in kinds or "fort" in kinds)))
            if "legion" in prov.icons and not legion_ok:
                n += 1
            if "fleet" in prov.icons and "fleet" not in kinds:
                n += 1
        if "grain" in prov.icons and not st.fallen[empire]:
            if s in ("barbarian", "insurgent") or B.is_rebel_province(st, pid):
                n += 1
    return n


# -- War Phase (11.0) and Victory (12.0) ----------------------------------------------------

def _after_wars(st: RomeState, lines: list[Text]) -> None:
    """Rebellion 3D6 for every Governor holding a War counter; the counter leaves (11.5.3)."""
    for cid in sorted(st.commands):
        for wid, loc in sorted(st.wars.items()):
            if loc != f"box:{cid}":
                continue
            st.wars[wid] = "out"
            cmd = st.commands[cid]
            if cmd["rebel"] or cmd["gov"] == "remp":
                continue
            if P.rebellion_roll(st, cid, _("Rebellion after a Triumph (11.5.3)")) >= _limit("rebellion"):
                P.governor_rebels(st, cid, lines)


def victory_phase(st: RomeState, lines: list[Text]) -> None:
    """Turn 10 ends the game (12.1); otherwise the Turn counter advances."""
    if st.turn >= _limit("turns") and st.next_scenarios:
        next_scenario(st, lines)
        return
    if st.turn >= _limit("turns"):
        st.result = victory_result(st)
        st.phase = "over"
        lines.append(_("The game ends: {summary}", summary=st.result["summary"]))
        return
    st.turn += 1
    st.phase = "event"
    st.step = "next"


def next_scenario(st: RomeState, lines: list[Text]) -> None:
    """Extended game (13.2): Turn 1 again, 75 Prestige less plus the new bonus, the new
    scenario's Statesmen and Dynasties face down, its Wars and Leaders in the Wars Box;
    everything else carries over."""
    d = data()
    sid = st.next_scenarios.pop(0)
    bonus = int(d.scenarios[sid].get("bonus_prestige", 0))
    for e in EMPIRES:
        st.prestige[e] += bonus - 75
    for s, st_ in d.statesmen.items():
        if st_.scenario == sid and st.statesmen[s] == "out":
            st.statesmen[s] = "down"
    for dyn, info in d.dynasties.items():
        if info["scenario"] == sid and dyn not in st.dynasties and dyn not in st.dynasties_down:
            st.dynasties_down.append(dyn)
    for w, war in d.wars.items():
        if war.scenario == sid and st.wars[w] == "out":
            st.wars[w] = "cup"
    for lid, leader in d.leaders.items():
        if leader.scenario == sid and st.leaders.get(lid) == "out":
            st.leaders[lid] = "cup"
    st.scenario = sid
    st.turn = 1
    st.phase = "event"
    st.step = "next"
    lines.append(_("The extended game goes on with the {scenario} CE scenario: Prestige -75 "
                   "{bonus} (13.2).", scenario=sid, bonus=f"+{bonus}" if bonus else ""))


def victory_level(prestige: int) -> str:
    if prestige > _limit("victory_minor"):
        return "minor_victory"
    if prestige >= _limit("draw_low"):
        return "draw"
    return "minor_defeat"


def victory_result(st: RomeState) -> dict[str, object]:
    levels = {e: victory_level(st.prestige[e]) for e in EMPIRES}
    if all(v == "minor_victory" for v in levels.values()):
        kind = "major_victory"
    else:
        kind = "split"
    summary = _("East {east} ({pe} Prestige), West {west} ({pw} Prestige).",
                east=_LEVEL_TEXT[levels["east"]], west=_LEVEL_TEXT[levels["west"]],
                pe=st.prestige["east"], pw=st.prestige["west"])
    if kind == "major_victory":
        summary = _("Major Victory for both players: {detail}", detail=summary)
    return {"kind": kind, "levels": levels, "summary": str(summary)}


_LEVEL_TEXT = {"minor_victory": _("Minor Victory"), "draw": _("Draw"),
               "minor_defeat": _("Minor Defeat")}
