"""Emperors, Governors and Rebels: abilities, Mortality, Succession, Assassination, Rebellion,
Rebel Emperors, the Sole Emperor and the Fall of an Empire (5.0, 6.0, 8.2, 8.3, 11.5, 12.2)."""

from __future__ import annotations

from typing import Any

from rules.core.i18n import Text, _
from rules.rome_iinc import board as B
from rules.rome_iinc.data import data, empire_name
from rules.rome_iinc.enemy import pick
from rules.rome_iinc.state import RomeState

Stats = tuple[int, int, int, int]  # mil, adm, pop, int


def statesman_stats(sid: str) -> Stats:
    s = data().statesmen[sid]
    return (s.mil, s.adm, s.pop, s.int_)


def emperor_id(st: RomeState, empire: str) -> str:
    return st.emperors[empire]


def emperor_stats(st: RomeState, empire: str) -> Stats:
    sid = st.emperors[empire]
    if sid not in data().statesmen:  # Generic, or a successor still being chosen
        return tuple(data().generic["emperor"][empire])  # type: ignore[return-value]
    return statesman_stats(sid)


def governor_stats(st: RomeState, cid: str) -> Stats:
    cmd = st.commands[cid]
    if cmd["gov"] == "remp":
        return emperor_stats(st, command_empire_of(st, cid))
    if cmd["gov"] != "generic":
        return statesman_stats(cmd["gov"])
    if cmd["rebel"]:
        return tuple(data().generic["rebel"])  # type: ignore[return-value]
    return tuple(data().generic["governor"][cid])  # type: ignore[return-value]


def command_empire_of(st: RomeState, cid: str) -> str:
    return B.command_empire(st, cid)


def release_rebel_emperor(st: RomeState, empire: str) -> None:
    """The Commands held in a Rebel Emperor's box turn Loyal (5.1.4a-b, 8.2.4)."""
    for cid in empire_commands(st, empire):
        if st.commands[cid]["gov"] == "remp":
            st.commands[cid]["gov"] = "generic"
            st.commands[cid]["rebel"] = False
    st.rebel_emperor[empire] = False


def name_of(who: str) -> str:
    return data().statesmen[who].name if who in data().statesmen else "Generic"


def emperor_name(st: RomeState, empire: str) -> Text:
    sid = st.emperors[empire]
    if sid == "generic":
        return _("the Generic {empire} Emperor", empire=empire_name(empire))
    return _("{name}", name=name_of(sid))


def governor_name(st: RomeState, cid: str) -> Text:
    gov = st.commands[cid]["gov"]
    command = data().commands[cid]["name"]
    if gov == "generic":
        if st.commands[cid]["rebel"]:
            return _("the Generic Rebel of {command}", command=command)
        return _("the Generic Governor of {command}", command=command)
    return _("{name} of {command}", name=name_of(gov), command=command)


def special(sid: str) -> str:
    return data().statesmen[sid].special if sid in data().statesmen else ""


def empire_commands(st: RomeState, empire: str) -> list[str]:
    return [c for c in sorted(st.commands) if B.command_empire(st, c) == empire]


def add_unrest(st: RomeState, empire: str, n: int) -> None:
    st.unrest[empire] = max(0, st.unrest[empire] + n)


def add_gold(st: RomeState, empire: str, n: int) -> None:
    st.gold[empire] = min(int(data().charts["limits"]["gold_max"]), st.gold[empire] + n)


# -- death and succession ----------------------------------------------------------------

def kill_statesman(st: RomeState, sid: str) -> None:
    if sid in data().statesmen:  # "generic", "remp" and "choosing" are no counters
        st.statesmen[sid] = "dead"


def rebel_dies(st: RomeState, cid: str, lines: list[Text]) -> None:
    """A dead Rebel's Commands turn Loyal under a Generic Governor (8.2.4)."""
    who = st.commands[cid]["gov"]
    for c in sorted(st.commands):
        cmd = st.commands[c]
        if cmd["rebel"] and cmd["gov"] == who and (who != "generic" or c == cid):
            cmd["rebel"] = False
            cmd["gov"] = "generic"
            lines.append(_("{command} returns to loyalty.", command=data().commands[c]["name"]))
    if who != "generic":
        kill_statesman(st, who)


def emperor_dies(st: RomeState, empire: str, lines: list[Text], cause: str) -> None:
    """The Emperor of ``empire`` is dead: remove him and run Succession (5.1.4)."""
    sid = st.emperors[empire]
    if sid != "generic":
        kill_statesman(st, sid)
    release_rebel_emperor(st, empire)
    empires = [empire]
    if st.sole and st.emperors[B.other(empire)] == sid and sid != "generic":
        # A Sole Emperor dying by Mortality or Disaster takes the Viceroy counter with him
        # (5.1.3); a Fallen Empire keeps its Fall counter and follows the other Emperor.
        if st.fallen[B.other(empire)] or st.fallen[empire]:
            empires = [e for e in ("east", "west") if not st.fallen[e]] or [empire]
        elif cause in ("mortality", "disaster", "abdication"):
            st.sole = ""
            empires = ["east", "west"]
    for e in empires:
        st.emperors[e] = ""
    for e in empires:
        succession(st, e, lines)
    if st.sole:
        keeper = st.sole if not st.fallen.get(st.sole) else B.other(st.sole)
        st.emperors[B.other(keeper)] = st.emperors[keeper]


def in_play(st: RomeState, sid: str) -> bool:
    return st.statesmen.get(sid) in ("up", "governor")


def succession(st: RomeState, empire: str, lines: list[Text]) -> None:
    """Steps e, f and g of 5.1.4 (a-d are applied where the death happens)."""
    d = data()
    rival = st.emperors[B.other(empire)]
    ranked = sorted((s for s in d.statesmen.values() if s.imperial and s.imperial in st.dynasties
                     and in_play(st, s.id) and s.id != rival and not s.ineligible),
                    key=lambda s: s.rank)
    if ranked:
        install(st, empire, ranked[0].id, lines)
        lines.append(_("Succession (5.1.4e): the Imperial Statesman {name} becomes {empire} Emperor.",
                       name=ranked[0].name, empire=empire_name(empire)))
        return
    candidates = eligible_successors(st, empire)
    if candidates:
        st.emperors[empire] = "choosing"
        add_task(st, empire, "emperor", section="5.1.4f")
        lines.append(_("Succession (5.1.4f): the {empire} player chooses the new Emperor.",
                       empire=empire_name(empire)))
        return
    st.emperors[empire] = "generic"
    lines.append(_("Succession (5.1.4g): the Senate names the Generic {empire} Emperor.",
                   empire=empire_name(empire)))


def eligible_successors(st: RomeState, empire: str) -> list[str]:
    rival = st.emperors[B.other(empire)]
    return [s.id for s in data().statesmen.values() if in_play(st, s.id) and s.id != rival
            and not s.ineligible and s.id not in st.emperors.values()]


def install(st: RomeState, empire: str, sid: str, lines: list[Text]) -> None:
    """``sid`` becomes Emperor; his Commands (Rebel ones turn Loyal) get Generic Governors."""
    for cid in sorted(st.commands):
        cmd = st.commands[cid]
        if cmd["gov"] == sid:
            cmd["gov"] = "generic"
            if cmd["rebel"]:
                cmd["rebel"] = False
                lines.append(_("{command} returns to loyalty.", command=data().commands[cid]["name"]))
    st.statesmen[sid] = "emperor"
    st.emperors[empire] = sid


def add_task(st: RomeState, empire: str, kind: str, **fields: Any) -> dict[str, Any]:
    st.seq += 1
    task = {"id": f"t{st.seq}", "empire": empire, "kind": kind, **fields}
    st.tasks.append(task)
    return task


# -- rebels ---------------------------------------------------------------------------------

def rebels_of(st: RomeState, empire: str) -> list[str]:
    """The Rebels of ``empire`` as the first Command each holds (one entry per Rebel)."""
    seen: list[str] = []
    out: list[str] = []
    for cid in empire_commands(st, empire):
        cmd = st.commands[cid]
        if not cmd["rebel"] or cmd["gov"] == "remp":
            continue
        key = cmd["gov"] if cmd["gov"] != "generic" else cid
        if key not in seen:
            seen.append(key)
            out.append(cid)
    return out


def rebel_commands(st: RomeState, cid: str) -> list[str]:
    who = st.commands[cid]["gov"]
    if who == "generic":
        return [cid]
    return [c for c in sorted(st.commands) if st.commands[c]["rebel"] and st.commands[c]["gov"] == who]


def governor_rebels(st: RomeState, cid: str, lines: list[Text]) -> None:
    """A Governor becomes a Rebel with all his Commands (5.3.1)."""
    who = st.commands[cid]["gov"]
    targets = [cid] if who == "generic" else [c for c in sorted(st.commands) if st.commands[c]["gov"] == who]
    for c in targets:
        st.commands[c]["rebel"] = True
    lines.append(_("{governor} rebels!", governor=governor_name(st, cid)))


def make_rebel_emperor(st: RomeState, empire: str, sid: str, lines: list[Text]) -> None:
    """``sid`` seizes ``empire`` as Rebel Emperor: every Loyal Command there becomes his and its
    Statesmen go face up to the Statesmen Box (5.1.4d, 5.3.4)."""
    for cid in empire_commands(st, empire):
        cmd = st.commands[cid]
        if cmd["gov"] == sid:
            cmd["gov"] = "remp"
        elif not cmd["rebel"]:
            if cmd["gov"] != "generic":
                st.statesmen[cmd["gov"]] = "up"
            cmd["gov"] = "remp"
            cmd["rebel"] = True
    st.statesmen[sid] = "emperor"
    st.emperors[empire] = sid
    st.rebel_emperor[empire] = True
    lines.append(_("{name} proclaims himself Rebel Emperor of the {empire}.", name=name_of(sid),
                   empire=empire_name(empire)))


def rebellion_roll(st: RomeState, cid: str, purpose: str) -> int:
    """Rebellion 3D6 + |Popularity difference| + Unrest + Veterans in his Commands (11.5)."""
    d = data()
    chart = d.charts["rebellion"]
    empire = B.command_empire(st, cid)
    gov = governor_stats(st, cid)
    emp = emperor_stats(st, empire)
    mods: list[tuple[str, int]] = [(_("Popularity difference"), abs(gov[2] - emp[2])),
                                   (_("Unrest"), st.unrest[empire])]
    vets = 0
    for c in ([cid] if st.commands[cid]["gov"] == "generic"
              else [c for c in st.commands if st.commands[c]["gov"] == st.commands[cid]["gov"]]):
        for pid in sorted(p.id for p in d.provinces.values() if p.command == c):
            for uid in B.units_in(st, pid):
                u = st.units[uid]
                if u["vet"] and u["type"] in ("cavalry", "guards"):
                    vets += int(chart["veteran_cavalry_guards"])
                elif u["vet"] and u["type"] in ("legion", "fleet"):
                    vets += int(chart["veteran_legion_fleet"])
    if vets:
        mods.append((_("Veterans"), vets))
    return three_d6(st, purpose, mods)[3]


def three_d6(st: RomeState, purpose: str, mods: list[tuple[str, int]]) -> tuple[int, int, int, int]:
    """Roll two white dice and the purple die; return (white1, white2, purple, modified total)."""
    w1 = st.dice.d6(_("{purpose}: white die", purpose=purpose)).natural
    w2 = st.dice.d6(_("{purpose}: white die", purpose=purpose)).natural
    p = st.dice.d6(_("{purpose}: purple die", purpose=purpose), mods).natural
    return w1, w2, p, w1 + w2 + p + sum(v for _, v in mods)


# -- assassination --------------------------------------------------------------------------

def assassination(st: RomeState, assassin: str, role: str, place: str, lines: list[Text]) -> None:
    """One Assassination attempt (8.3). ``role`` is "governor" (``place`` = his Command) or
    "emperor" (``place`` = his Empire)."""
    d = data()
    chart = d.charts["assassination"]
    if role == "governor":
        if place not in st.commands or st.commands[place]["gov"] != assassin:
            return  # he no longer holds a Command: the attempt lapses (8.3.5)
        empire = B.command_empire(st, place)
        a_stats = governor_stats(st, place)
        target_kind, target = "emperor", empire
        t_stats = emperor_stats(st, empire)
        t_name: Text = emperor_name(st, empire)
    else:
        empire = place
        if st.emperors.get(empire) != assassin:
            return
        a_stats = emperor_stats(st, empire)
        pool = [s for s, loc in st.statesmen.items() if loc in ("up", "governor", "emperor")
                and s != assassin]
        if not pool:
            return
        target = pick(st, pool, _("Target of an Emperor's Assassin (8.3.3)"))
        target_kind = "statesman"
        t_stats = statesman_stats(target)
        t_name = _("{name}", name=name_of(target))
    mods: list[tuple[str, int]] = [(_("Assassin's Intrigue"), a_stats[3]), (_("target's Intrigue"), t_stats[3]),
            (_("Popularity difference"), abs(a_stats[2] - t_stats[2])),
            (_("Dynasties"), int(chart["dynasty"]) * len(st.dynasties))]
    target_empire = empire if target_kind == "emperor" else _empire_of_statesman(st, target) or empire
    vg = sum(1 for u in st.units.values() if u["type"] == "guards" and u["vet"]
             and u["loc"] in d.provinces and B.province_empire(st, u["loc"]) == target_empire)
    if vg:
        mods.append((_("Veteran Guards"), int(chart["veteran_guard"]) * vg))
    if target_kind == "statesman":
        # Cavalry guard a Governor: -1 for each in his Commands (design, docs/rome-iinc.md)
        cids = [c for c in st.commands if st.commands[c]["gov"] == target]
        cav = sum(1 for u in st.units.values() if u["type"] == "cavalry" and u["loc"] in d.provinces
                  and d.provinces[u["loc"]].command in cids)
        if cav:
            mods.append((_("Cavalry"), int(chart["cavalry_protects_governor"]) * cav))
    capital = "constantinople" if target_empire == "east" else "rome"
    cg = sum(1 for uid in B.units_in(st, capital) if st.units[uid]["type"] == "guards")
    if cg and target_kind == "emperor":
        mods.append((_("Guards in the Capital"), int(chart["capital_guard"]) * cg))
    roll = st.dice.d6(_("Assassination by {name} (8.3)", name=name_of(assassin)), mods)
    if roll.result < int(d.charts["limits"]["assassination"]):
        lines.append(_("{assassin} fails to kill {target} ({total}).", assassin=name_of(assassin),
                       target=t_name, total=roll.result))
        return
    lines.append(_("{assassin} kills {target} ({total})!", assassin=name_of(assassin),
                   target=t_name, total=roll.result))
    st.prestige[target_empire] -= t_stats[1]
    add_unrest(st, target_empire, t_stats[2])
    if target_kind == "statesman":
        _remove_statesman(st, target, lines)
        return
    was_sole = bool(st.sole) and st.emperors[B.other(empire)] == st.emperors[empire]
    ineligible = d.statesmen[assassin].ineligible
    if role == "emperor" or ineligible:
        emperor_dies(st, empire, lines, "assassination")
        return
    victim = st.emperors[empire]
    if victim != "generic":
        kill_statesman(st, victim)
    if was_sole:
        for c in sorted(st.commands):
            if st.commands[c]["gov"] == assassin:
                st.commands[c]["gov"] = "generic"
                st.commands[c]["rebel"] = False
        st.statesmen[assassin] = "emperor"
        for e in ("east", "west"):
            st.emperors[e] = assassin
        lines.append(_("{name} becomes Sole Emperor (5.1.4c).", name=name_of(assassin)))
        return
    make_rebel_emperor(st, empire, assassin, lines)


def _empire_of_statesman(st: RomeState, sid: str) -> str:
    for e, who in st.emperors.items():
        if who == sid:
            return e
    for cid, cmd in st.commands.items():
        if cmd["gov"] == sid:
            return B.command_empire(st, cid)
    return ""


def _remove_statesman(st: RomeState, sid: str, lines: list[Text]) -> None:
    for e in ("east", "west"):
        if st.emperors[e] == sid:
            emperor_dies(st, e, lines, "assassination")
            return
    for cid in sorted(st.commands):
        if st.commands[cid]["gov"] == sid:
            if st.commands[cid]["rebel"]:
                rebel_dies(st, cid, lines)
                return
            st.commands[cid]["gov"] = "generic"
    kill_statesman(st, sid)


# -- the Fall -------------------------------------------------------------------------------

def check_powerless(st: RomeState, lines: list[Text]) -> None:
    """An Emperor who controls no Foederati, Allied, Insurgent or Roman Province dies; a random
    Rebel of his Empire becomes Rebel Emperor, or Succession runs (5.1.2, 5.1.4d)."""
    d = data()
    for empire in ("east", "west"):
        sid = st.emperors[empire]
        if st.fallen[empire] or st.rebel_emperor[empire] or sid in ("choosing", ""):
            continue
        empires = ["east", "west"] if st.sole and st.emperors[B.other(empire)] == sid else [empire]
        if any(B.province_empire(st, p) in empires and B.is_loyal(st, p) and st.status[p] != "barbarian"
               for p in st.status):
            continue
        lines.append(_("{name} controls no Province and dies (5.1.2).", name=emperor_name(st, empire)))
        rebels = [c for c in rebels_of(st, empire) if st.commands[c]["gov"] in d.statesmen
                  and not d.statesmen[st.commands[c]["gov"]].ineligible]
        if rebels:
            cid = pick(st, rebels, _("Rebel who becomes Rebel Emperor (5.1.4d)"))
            if sid != "generic":
                kill_statesman(st, sid)
            make_rebel_emperor(st, empire, st.commands[cid]["gov"], lines)
        else:
            emperor_dies(st, empire, lines, "powerless")


def check_fall(st: RomeState, lines: list[Text]) -> None:
    """At the end of every phase: a Capital lost, Gold below 0 or Unrest above 25 (12.2)."""
    d = data()
    check_powerless(st, lines)
    limit = int(d.charts["limits"]["unrest_fall"])
    for empire in ("east", "west"):
        capital = "constantinople" if empire == "east" else "rome"
        lost = st.status[capital] in ("barbarian", "allied", "foederati")
        broke = st.gold[empire] < 0
        riot = st.unrest[empire] > limit
        if not (lost or broke or riot):
            continue
        if st.fallen[empire]:
            if broke or riot:
                st.result = {"kind": "major_defeat", "reason": f"fallen-{empire}"}
                lines.append(_("The Fallen {empire} is bankrupt or in revolution: Major Defeat "
                               "for both players (12.2.3).", empire=empire_name(empire)))
            continue
        why = _("its Capital is lost") if lost else (_("its Treasury is empty") if broke
                                                     else _("its Unrest is above 25"))
        lines.append(_("{empire}: {why}.", empire=empire_name(empire), why=why))
        fall(st, empire, lines)
    if st.fallen["east"] and st.fallen["west"] and not st.result:
        st.result = {"kind": "major_defeat", "reason": "both-fallen"}
        lines.append(_("Both Empires have Fallen: Major Defeat for both players (12.2.3)."))


def fall(st: RomeState, empire: str, lines: list[Text]) -> None:
    """The Fall of an Empire (12.2.2)."""
    lines.append(_("The {empire} Falls (12.2)!", empire=empire_name(empire)))
    st.fallen[empire] = True
    keeper = B.other(empire)
    sid = st.emperors[empire]
    if not (st.sole and st.emperors[keeper] == sid):
        if sid not in ("generic", "choosing", ""):
            kill_statesman(st, sid)
    st.sole = keeper
    st.emperors[empire] = st.emperors[keeper]
    st.gold[empire] = max(0, st.gold[empire])
    st.prestige[empire] = 0
    st.unrest[empire] = 0
    for cid in empire_commands(st, empire):
        st.commands[cid]["rebel"] = True
    lines.append(_("Every Governor of the {empire} becomes a Rebel; {name} is Sole Emperor.",
                   empire=empire_name(empire), name=emperor_name(st, keeper)))
