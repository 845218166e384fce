"""Emperors, usurpers and leaders' fates: §3.6 (titles, succession), §4.5 (usurpation, civil
war), §8.4 (leader deaths) and the scenario's sudden-death conditions."""

from __future__ import annotations

from typing import Any

from rules.core.command import Outcome
from rules.core.i18n import Text, _, _n, join
from rules.imperator import scenario_rules
from rules.imperator.model import FRONT_NAMES, MUTINEERS, ROMAN, ImperatorState, other

#: §3.6 / §4.5: never more than two Augusti, two Caesars, two usurpers at any moment.
MAX_PER_TITLE = 2

COMMODE = "commode"
PERTINAX = "helvius_pertinax"
DIDIUS = "didius_julianus"
ASSASSINATION = _("assassination")
"""The cause of death that makes a usurpation succeed during a civil war (§4.5 success C/); each
cause is a marked word, shown in "{leader} is dead ({cause})" (issue 13)."""


def name(st: ImperatorState, cid: str) -> str:
    """What a player reads for the id ``cid``: a leader's, unit's, zone's or People's name, or a
    Front's (AMB-111); an id of none of these is returned as it is."""
    if cid in st.board.leaders:
        return st.board.leaders[cid].name
    if cid in st.board.units:
        return st.board.units[cid].name
    if cid in st.board.zones:
        return st.board.zones[cid].name
    if cid in st.board.peoples:
        return st.board.peoples[cid].name
    return FRONT_NAMES.get(cid, cid)


def piece_choices(st: ImperatorState, ids: list[str]) -> list[tuple[str, str]]:
    """The choices of a decision or menu among pieces (AMB-110): each by its name, and a unit
    whose name another of them shares with its zone and strength, so the player can tell which
    is which (two "Vexillatio (Danube Front)" in two zones)."""
    labels = [name(st, c) for c in ids]
    res: list[tuple[str, str]] = []
    for i, cid in enumerate(ids):
        label, us = labels[i], st.units.get(cid)
        if us is not None and labels.count(label) > 1:
            label = _("{unit} ({zone}, {pf} PF)", unit=label, zone=name(st, str(us.loc)), pf=st.unit_values(cid)[0])
        res.append((cid, label))
    return res


def typed(st: ImperatorState, cid: str) -> str:
    """A value a player gave a command, as a refusal shows it (AMB-111): the name of a known
    leader, unit, zone, People or Front (menus send their ids), else the text typed, quoted."""
    known = (st.board.leaders, st.board.units, st.board.zones, st.board.peoples, FRONT_NAMES)
    return name(st, cid) if any(cid in ids for ids in known) else repr(cid)


def names(st: ImperatorState, cids: list[str]) -> Text:
    """The names of ``cids`` as one list, each translated where it is a marked word."""
    return join(", ", [name(st, c) for c in cids])


def piece_name(st: ImperatorState, cid: str) -> str:
    """A piece's name on a line of its own (AMB-110): a unit sharing its name with another unit
    in its zone (two Osrhoene units of one People) carries its strength, so that the lines of
    the two can be told apart."""
    label = name(st, cid)
    us = st.units.get(cid)
    if us is None or us.status != "map":  # a unit on the map always has its zone
        return label
    twins = [u for u, o in st.units.items()
             if u != cid and o.status == "map" and o.loc == us.loc and name(st, u) == label]
    if not twins:
        return label
    return _("{unit} ({pf} PF)", unit=label, pf=st.unit_values(cid)[0])


def new_id(st: ImperatorState, prefix: str) -> str:
    st.next_id += 1
    return f"{prefix}-{st.next_id}"


def open_decision(
    st: ImperatorState,
    role: str,
    kind: str,
    prompt: str,
    choices: list[tuple[str, str]],
    default: str,
    section: str,
    data: dict[str, Any] | None = None,
) -> None:
    if role == MUTINEERS:
        # AMB-43: the side that placed the Mutinerie marker decides for the mutineers
        data = data if data is not None else {}
        data["side"] = MUTINEERS
        role = st.decider(role, data.get("zone"))
    st.pending.append(
        {
            "id": new_id(st, kind),
            "role": role,
            "kind": kind,
            "prompt": prompt,
            "choices": [list(c) for c in choices],
            "default": default,
            "section": section,
            "data": data or {},
        }
    )


def end_game(st: ImperatorState, out: Outcome, winner_role: str | None, summary: str) -> None:
    if st.game_over:
        return
    st.game_over = True
    st.phase = "over"
    winners = [st.seat_of(winner_role)] if winner_role else []
    st.result = {"winners": winners, "summary": summary, "level": "sudden death" if winner_role else ""}
    out.say(summary)
    out.game_over = True


# --------------------------------------------------------------------------------------------
# Leader deaths
# --------------------------------------------------------------------------------------------


def kill_leader(
    st: ImperatorState,
    out: Outcome,
    lid: str,
    cause: Text,
    killer: str | None = None,
    section: str = "§8.4",
) -> None:
    """Remove a leader for good (generic non-Roman leaders come back in phase C, §4.1).

    ``killer`` is the role that scores 1 VP for it (AMB-36: battle, failed escape, assassination).
    """
    kill_leaders(st, out, [lid], cause, killer=killer, section=section)


def kill_leaders(
    st: ImperatorState,
    out: Outcome,
    lids: list[str],
    cause: Text,
    killer: str | None = None,
    section: str = "§8.4",
) -> None:
    """Leaders who die at the same moment (AMB-31: every death of one phase D roll of the Leader
    table): all are removed first, then the titles they held are resolved once (succession,
    failed usurpation), so nobody inherits a title from a leader dying in the same instant."""
    lost: list[tuple[str, str | None]] = []
    for lid in lids:
        ls = st.leaders[lid]
        if ls.status != "map":
            continue
        d = st.ldef(lid)
        lost.append((lid, ls.title))
        victim_role = ls.owner
        ls.status = "returning" if d.generic else "dead"
        ls.loc = None
        ls.fleet = None
        ls.title = None
        out.say(_("{section}: {leader} is dead ({cause}).", section=section, leader=d.name, cause=cause))
        out.cite(section)
        out.map_changed = True
        if st.custodes == lid:
            st.custodes = None
        if killer is not None and killer not in (victim_role, MUTINEERS):  # mutineers score nothing
            st.add_vp(killer, 1)
            out.say(_("§10: 1 VP to {seat} for the death of {leader}.", seat=st.seat_of(killer), leader=d.name))
    for lid, _title in lost:
        if scenario_rules.on_leader_death(st, out, lid):  # a scenario's sudden death
            return
    for lid, title in lost:
        if title == "usurper":
            usurper_lost(st, out, lid)
    augusti = [lid for lid, title in lost if title == "augustus"]
    if augusti:
        # one succession for the Augusti who died together; Commode's case first (§4.5)
        augustus_lost(st, out, COMMODE if COMMODE in augusti else augusti[0], cause)
    if lost:
        normalize(st, out)


def augustus_lost(st: ImperatorState, out: Outcome, lid: str, cause: Text) -> None:
    """An Augustus died: usurpation success C/ (assassination in a civil war) or succession."""
    if st.usurpers() and cause == ASSASSINATION and not st.augusti():
        usurpation_succeeds(st, out, "§4.5 (success C/)")
        return
    if st.usurpation_success:
        return  # AMB-28: no succession once the usurpation has succeeded
    if st.augusti():
        out.say(_("§3.6 (1/): {leader} now reigns alone.", leader=name(st, st.augusti()[0])))
        return
    caesars = st.caesars()
    if lid == COMMODE and st.leaders.get(PERTINAX) and st.leaders[PERTINAX].status == "map":
        commode_succession(st, out)
        return
    didius = st.leaders.get(DIDIUS)
    if lid == COMMODE and st.leaders.get(PERTINAX) and st.leaders[PERTINAX].status == "dead" and didius and didius.status != "dead":
        # §4.5 note: succession as if there were no Caesar; Didius Julianus must be the usurper
        cands = [x for x, s in st.leaders.items() if s.status == "map" and st.ldef(x).people == ROMAN and s.owner == "R"]
        if cands:
            open_decision(
                st, "R", "successor", _("§3.6 (4/): choose the general who becomes Augustus."),
                [(c, name(st, c)) for c in cands], cands[0], "§4.5", {"didius": True},
            )
            return
    if caesars:
        for c in caesars:
            st.leaders[c].title = "augustus"
        out.say(_("§3.6: {leaders} promoted Augustus.", leaders=" & ".join(name(st, c) for c in caesars)))
        return
    candidates = [x for x, s in st.leaders.items() if s.status == "map" and st.ldef(x).people == ROMAN and s.owner == "R"]
    if not candidates:
        end_game(st, out, "E", _("§3.6: no Roman general is left to take the purple; the Enemies of Rome win."))
        return
    open_decision(
        st,
        "R",
        "successor",
        _("§3.6 (4/): choose the general who becomes Augustus."),
        [(c, name(st, c)) for c in candidates],
        candidates[0],
        "§3.6",
    )


def usurper_room(st: ImperatorState) -> bool:
    """§3.6, §4.5: a new usurpation may be validated only while fewer than two usurpers stand."""
    return len(st.usurpers()) < MAX_PER_TITLE


def _didius_blocked(st: ImperatorState, out: Outcome) -> bool:
    """§3.6 limit before Didius Julianus rises (ruling "Title limits on every road")."""
    if usurper_room(st):
        return False
    out.say(_("§3.6: two usurpers already stand; Didius Julianus is not raised."))
    out.cite("§3.6")
    return True


def commode_succession(st: ImperatorState, out: Outcome) -> None:
    """§4.5, special case: Pertinax becomes Augustus, Didius Julianus rises in Rome."""
    st.leaders[PERTINAX].title = "augustus"
    out.say(_("§4.5 (Commode): Pertinax becomes Augustus."))
    didius = st.leaders.get(DIDIUS)
    if didius is None or didius.status == "dead" or _didius_blocked(st, out):
        return
    _raise_didius(st, out)


def _raise_didius(st: ImperatorState, out: Outcome) -> None:
    """§4.5 (Commode): Didius Julianus enters play in Rome, with a line of his own (AMB-94), and
    claims the purple there at once."""
    didius = st.leaders[DIDIUS]
    didius.status, didius.loc = "map", st.board.rome
    out.say(_("§4.5: {leader} enters play in {zone}.", leader=name(st, DIDIUS), zone=name(st, st.board.rome)))
    validate_usurpation(st, out, DIDIUS, bonus=0, spread=False)


def assign_successor(st: ImperatorState, out: Outcome, lid: str, didius: bool = False) -> None:
    st.leaders[lid].title = "augustus"
    out.say(_("§3.6 (4/): {leader} is the new Augustus.", leader=name(st, lid)))
    dj = st.leaders.get(DIDIUS)
    if didius and dj is not None and dj.status != "dead" and not _didius_blocked(st, out):
        # §4.5 note (Commode dies after Pertinax): the usurper is Didius Julianus, in Rome
        _raise_didius(st, out)
        return
    # AMB-30: the EoR picks another general (never the Augustus Rome just named).
    cands = [c for c in usurper_candidates(st, need_no_augustus=False) if c != lid]
    if not cands:
        out.say(_("§4.5: no general stands in a free Front; no usurper can be named.") if usurper_room(st)
                else _("§4.5: two usurpers already stand (§3.6); no usurper can be named."))
        return
    open_decision(
        st,
        "E",
        "usurper",
        _("§3.6 (4/), §4.5: choose the general in a Front who claims the purple."),
        [(c, name(st, c)) for c in cands],
        cands[0],
        "§4.5",
    )


def usurper_candidates(st: ImperatorState, need_no_augustus: bool) -> list[str]:
    """§4.5 validation: generals of Rome's side standing in a Front (not an interior province),
    not in the Front of a standing usurper, and none at all once two usurpers stand (§3.6)."""
    if not usurper_room(st):
        return []
    res = []
    used_fronts = {st.front_of(st.leaders[u].loc or "") for u in st.usurpers() if st.leaders[u].loc}
    for x, s in st.leaders.items():
        if s.status != "map" or s.owner != "R" or s.loc is None or s.fleet:
            continue
        if st.ldef(x).people != ROMAN:
            continue
        front = st.front_of(s.loc)
        if front is None or front == "interior" or front in used_fronts:
            continue
        if need_no_augustus:
            augs = [a for a in st.augusti() if a != x and st.leaders[a].loc and st.front_of(st.leaders[a].loc or "") == front]
            if augs:
                continue
        res.append(x)
    return res


# --------------------------------------------------------------------------------------------
# Usurpation (§4.5)
# --------------------------------------------------------------------------------------------


def _join(st: ImperatorState, out: Outcome, zone: str, usurper: str) -> None:
    """Every loyal Roman leader and unit in ``zone`` joins ``usurper``."""
    for lid in st.leaders_in(zone, "R"):
        if st.ldef(lid).people != ROMAN:
            continue
        ls = st.leaders[lid]
        if lid != usurper:
            ls.title = None if ls.title != "usurper" else ls.title
            ls.follows = usurper
        ls.owner = "E"
        ls.rebel = True
    for uid in st.units_in(zone, "R"):
        d = st.udef(uid)
        if d.people != ROMAN:
            continue
        us = st.units[uid]
        us.owner = "E"
        us.usurper = usurper
        if d.front and d.front not in st.defected_fronts and d.kind != "vexillation":
            st.defected_fronts.append(d.front)
    out.map_changed = True


def validate_usurpation(st: ImperatorState, out: Outcome, lid: str, bonus: int, spread: bool = True) -> None:
    """§4.5: ``lid`` becomes a usurper. Every road here has checked :func:`usurper_room`; this
    last guard keeps the §3.6 limit whatever calls it."""
    if not usurper_room(st) and lid not in st.usurpers():
        out.say(_("§3.6: two usurpers already stand; {leader} cannot claim the purple.", leader=name(st, lid)))
        out.cite("§3.6")
        return
    ls = st.leaders[lid]
    ls.title = "usurper"
    ls.rebel = True
    ls.owner = "E"
    ls.follows = None
    st.civil_war = True
    st.usurper_bonus[lid] = bonus
    out.say(_("§4.5: the usurpation of {leader} is proclaimed; civil war.", leader=name(st, lid)))
    out.cite("§4.5")
    out.highlight = True
    zone = ls.loc
    if zone is None:
        return
    # A/ his own zone follows him.
    ls.owner = "R"  # so _join picks him up with the others
    _join(st, out, zone, lid)
    st.leaders[lid].title = "usurper"
    if not spread:
        return
    front = st.front_of(zone)
    if front is None or front == "interior":
        return
    # B/ the rest of his Front, then the C/ offer once every B/ roll is made.
    test_front(st, out, lid, front, exclude_zone=zone, then="offer")


def offer_spread(st: ImperatorState, out: Outcome, lid: str, front: str) -> None:
    """§4.5 C/: the EoR may name a neighbouring Front for the usurper to win over."""
    ls = st.leaders[lid]
    if ls.status != "map" or ls.title != "usurper":
        return
    fronts = [
        f
        for f in ("british", "rhine", "danube", "orient", "southern")
        if f != front and st.board.fronts_adjacent(front, f) and f not in st.c_fronts_used
    ]
    if fronts:
        open_decision(
            st,
            "E",
            "spread",
            _("§4.5 (C/): {leader} may try to win over a neighbouring Front.", leader=name(st, lid)),
            [(f, name(st, f)) for f in fronts] + [("none", str(_("do not try")))],
            fronts[0],
            "§4.5",
            {"usurper": lid},
        )


def _usurper_stands(st: ImperatorState, usurper: str) -> bool:
    ls = st.leaders[usurper]
    return ls.status == "map" and ls.title == "usurper"


def test_front(
    st: ImperatorState,
    out: Outcome,
    usurper: str,
    front: str,
    exclude_zone: str | None = None,
    then: str | None = None,
    zones: list[str] | None = None,
) -> None:
    """§4.5 B/: one loyalty test per zone of ``front`` holding a loyal Roman general.

    The tests run zone by zone; before each roll a Faveur divine window may stop the chain
    (AMB-45), which ``resume_loyalty`` takes up again with the zones left (``zones``). Once
    every zone is done, ``then`` says what follows: "offer" (the C/ choice after a
    proclamation), "normalize" (after a C/ spread) or nothing."""
    from rules.imperator import stratagems

    bonus = st.usurper_bonus.get(usurper, 0)
    if zones is None:
        zones = sorted(z for z in st.board.zones if st.front_of(z) == front and z != exclude_zone)
    left = list(zones)
    while left:
        if not _usurper_stands(st, usurper):
            return
        zone = left.pop(0)
        gens = [g for g in st.leaders_in(zone, "R") if st.ldef(g).people == ROMAN]
        if not gens:
            continue
        if any(st.leaders[g].title in ("augustus", "caesar") for g in gens):
            out.say(_("§4.5 (B/): {zone} holds an Augustus or Caesar and stays loyal.", zone=name(st, zone)))
            continue
        best = max(st.ldef(g).cp for g in gens)
        tops = sorted(g for g in gens if st.ldef(g).cp == best)
        g = tops[st.dice.randint(0, len(tops) - 1)] if len(tops) > 1 else tops[0]
        data: dict[str, Any] = {
            "usurper": usurper, "front": front, "zone": zone, "general": g, "best": best, "rest": left, "then": then,
        }
        if stratagems.favour_window(st, "E", "loyalty", data, "d6", [f + bonus >= best for f in range(1, 7)]):
            return
        loyalty_roll(st, out, data)
    _front_done(st, out, usurper, front, then)


def loyalty_roll(st: ImperatorState, out: Outcome, data: dict[str, Any]) -> None:
    """§4.5 B/: the loyalty roll of one zone's general, and its effect."""
    from rules.imperator import stratagems

    usurper, zone, g, best = data["usurper"], data["zone"], data["general"], int(data["best"])
    gs = st.leaders[g]
    if not _usurper_stands(st, usurper) or gs.status != "map" or gs.loc != zone or gs.owner != "R":
        return  # the situation changed while the roll waited for a window
    bonus = st.usurper_bonus.get(usurper, 0)
    mods: list[tuple[str, int]] = [(_("usurpation stratagem"), bonus)] if bonus else []
    roll = stratagems.favour_roll(st, "d6", _("§4.5 B/ loyalty of {leader} (joins on {best}+)", leader=name(st, g), best=best), mods, data)
    if roll.result >= best:
        out.say(_("§4.5 (B/): {leader} joins {usurper} with everything in {zone}.",
                      leader=name(st, g), usurper=name(st, usurper), zone=name(st, zone)))
        _join(st, out, zone, usurper)
    else:
        out.say(_("§4.5 (B/): {leader} stays loyal.", leader=name(st, g)))


def resume_loyalty(st: ImperatorState, out: Outcome, data: dict[str, Any]) -> None:
    """After a Faveur divine window: the waiting B/ roll, then the rest of the chain."""
    loyalty_roll(st, out, data)
    test_front(st, out, data["usurper"], data["front"], then=data.get("then"), zones=list(data["rest"]))


def _front_done(st: ImperatorState, out: Outcome, usurper: str, front: str, then: str | None) -> None:
    if then == "offer":
        offer_spread(st, out, usurper, front)
    elif then == "normalize":
        normalize(st, out)


def spread(st: ImperatorState, out: Outcome, usurper: str, front: str) -> None:
    """§4.5 C/: d10 (+2 Augustus / +1 Caesar in the target Front, minus the stratagem bonus) < CP.

    A Faveur divine window may stop the chain before the roll (AMB-45); ``spread_roll``
    makes it."""
    from rules.imperator import stratagems

    st.c_fronts_used.append(front)
    cp = st.ldef(usurper).cp
    mods: list[tuple[str, int]] = []
    in_front = [x for x in st.leaders if st.leaders[x].status == "map" and st.leaders[x].loc and st.front_of(st.leaders[x].loc or "") == front]
    if any(st.leaders[x].title == "augustus" for x in in_front):
        mods.append((_("Augustus in that Front"), 2))
    elif any(st.leaders[x].title == "caesar" for x in in_front):
        mods.append((_("Caesar in that Front"), 1))
    bonus = st.usurper_bonus.get(usurper, 0)
    if bonus:
        mods.append((_("usurpation stratagem"), -bonus))
    data: dict[str, Any] = {"usurper": usurper, "front": front, "cp": cp, "mods": [list(m) for m in mods]}
    total = sum(v for _, v in mods)
    if stratagems.favour_window(st, "E", "spread", data, "d10", [f + total < cp for f in range(10)]):
        return
    spread_roll(st, out, data)


def spread_roll(st: ImperatorState, out: Outcome, data: dict[str, Any]) -> None:
    """§4.5 C/: the spread roll and its effect (the B/ tests of the target Front)."""
    from rules.imperator import stratagems

    usurper, front, cp = data["usurper"], data["front"], int(data["cp"])
    if not _usurper_stands(st, usurper):
        return  # the usurper fell while the roll waited for a window
    mods = [(str(k), int(v)) for k, v in data["mods"]]
    roll = stratagems.favour_roll(st, "d10", _("§4.5 C/ spread to the {front} (needs less than {cp})", front=name(st, front), cp=cp), mods, data)
    if roll.result < cp:
        out.say(_("§4.5 (C/): the {front} is open to the appeal of {usurper}.", front=name(st, front),
                  usurper=name(st, usurper)))
        test_front(st, out, usurper, front, then="normalize")
    else:
        out.say(_("§4.5 (C/): the {front} does not listen.", front=name(st, front)))
        normalize(st, out)


def usurper_lost(st: ImperatorState, out: Outcome, lid: str) -> None:
    """§4.5: a dead usurper's followers return to the emperor (a double usurpation goes on); the
    leaders who go back are named while the other usurpation goes on (AMB-94)."""
    back = sorted(x for x, ls in st.leaders.items() if ls.follows == lid)
    for ls in st.leaders.values():
        if ls.follows == lid:
            ls.follows = None
            ls.rebel = False
            ls.owner = "R"
    troops = [u for u, us in st.units.items() if us.usurper == lid and us.status == "map"]
    for us in st.units.values():
        if us.usurper == lid:
            us.usurper = None
            us.owner = "R"
    st.usurper_bonus.pop(lid, None)
    if not st.usurpers():
        st.civil_war = False
        st.defected_fronts = []
        st.defeated_augusti = []
        st.c_fronts_used = []  # §4.5: the C/ Fronts are spent for this civil war only
        for s in st.leaders.values():
            if s.rebel:
                s.rebel = False
                s.owner = "R" if s.owner == "E" else s.owner
        out.say(_("§4.5: the usurpation has failed; its followers return to the emperor."))
    elif back:
        out.say(_("§4.5: the followers of {usurper} return to the emperor ({leaders} and their troops); the other "
                  "usurpation goes on.", usurper=name(st, lid), leaders=join(", ", [name(st, x) for x in back])))
    elif troops:
        out.say(_("§4.5: the troops of {usurper} return to the emperor; the other usurpation goes on.",
                  usurper=name(st, lid)))


def usurpation_succeeds(st: ImperatorState, out: Outcome, why: str) -> None:
    """§4.5: the usurper of highest CP takes the purple; on equal CP the Enemies of Rome pick."""
    if st.usurpation_success:
        return
    us = st.usurpers()
    if not us:
        return
    best = max(st.ldef(u).cp for u in us)
    tops = sorted(u for u in us if st.ldef(u).cp == best)
    crown_usurper(st, out, tops[0], why)
    if len(tops) > 1:
        open_decision(
            st, "E", "crown", _("{why}: the usurpers have equal CP; choose who becomes Augustus.", why=why),
            [(u, name(st, u)) for u in tops], tops[0], "§4.5", {"why": why},
        )


def crown_usurper(st: ImperatorState, out: Outcome, lid: str, why: str) -> None:
    st.usurpation_success = lid
    out.say(_("{why}: the usurpation of {leader} succeeds; the players change roles in phase A.",
              why=why, leader=name(st, lid)))


def role_swap(st: ImperatorState, out: Outcome) -> None:
    """§5: the successful usurper becomes Augustus; players swap roles; VP markers swap."""
    winner = st.usurpation_success
    st.usurpation_success = None
    if winner is None or st.leaders[winner].status != "map":
        return
    out.highlight = True
    for a in st.augusti():
        st.leaders[a].status = "dead"
        st.leaders[a].loc = None
        st.leaders[a].title = None
        out.say(_("§5: {leader}, the former emperor, is removed from the game.", leader=name(st, a)))
    stripped = sorted(x for x, s in st.leaders.items() if x != winner and s.status == "map" and st.ldef(x).people == ROMAN
                      and s.title in ("usurper", "caesar"))
    for lid, s in st.leaders.items():
        d = st.ldef(lid)
        if d.people == ROMAN:
            if lid in stripped:
                s.title = None
            s.rebel = False
            s.follows = None
            s.owner = "R"
        else:
            s.owner = "E"
    st.leaders[winner].title = "augustus"
    if stripped:  # AMB-94: the title markers taken off are told
        out.say(_n("§5: {leaders} loses his title.", "§5: {leaders} lose their titles.", len(stripped),
                   leaders=join(", ", [name(st, x) for x in stripped])))
    for uid, us in st.units.items():
        ud = st.udef(uid)
        if us.owner == MUTINEERS:
            continue  # AMB-43: mutineers stay in mutiny until beaten
        if ud.people == ROMAN:
            us.owner = "R"
            us.usurper = None
        elif ud.people == "armenia":
            us.owner = "R" if st.armenia == "roman" else "E"
        else:
            us.owner = "E"
    # The players swap roles; each keeps his own VP, so the markers swap (§5).
    st.roles = {seat: other(role) for seat, role in st.roles.items()}
    st.civil_war = False
    st.defected_fronts = []
    st.c_fronts_used = []
    st.defeated_augusti = []
    st.usurper_bonus = {}
    out.say(
        _("§5: {leader} is Augustus. Seat {rome} now plays Rome, seat {enemies} the Enemies of Rome.",
          leader=name(st, winner), rome=st.seat_of("R"), enemies=st.seat_of("E"))
    )
    st.custodes = winner  # §3.6 with §5: the guard goes to the new Augustus, told (AMB-94's class)
    out.say(_("§3.6: the Corporis Custodes go to {leader}.", leader=name(st, winner)))
    out.cite("§5")
    out.map_changed = True
    if winner == DIDIUS:
        # §4.5 (Didius Julianus): the new Enemies of Rome may at once raise a usurper of their
        # choice, validated without a roll; not Didius himself, now the Augustus (AMB-64).
        cands = [c for c in usurper_candidates(st, need_no_augustus=False) if c != winner]
        if cands:
            open_decision(
                st, "E", "usurper", _("§4.5: Didius Julianus reigns; choose a general to claim the purple at once, or none."),
                [("none", _("no usurpation")), *[(c, name(st, c)) for c in cands]], cands[0], "§4.5",
            )


def normalize(st: ImperatorState, out: Outcome | None = None) -> None:
    """§4.3: usurper units alone (no rebel leader with them) return to the emperor."""
    for uid, us in st.units.items():
        if us.status != "map" or us.owner != "E" or st.udef(uid).people != ROMAN or us.fleet or us.mutiny:
            continue
        if us.loc is None:
            continue
        rebels = [x for x in st.leaders_in(us.loc, "E") if st.ldef(x).people == ROMAN]
        if not rebels and scenario_rules.held(st, uid):
            continue
        if not rebels:
            us.owner = "R"
            us.usurper = None
            if out is not None:
                out.say(_("§4.3: {unit}, left without a rebel leader, returns to the emperor.", unit=name(st, uid)))
        elif us.usurper is None or st.leaders[us.usurper].status != "map":
            lead = st.leaders[rebels[0]]
            us.usurper = rebels[0] if lead.title == "usurper" else lead.follows
    st.civil_war = bool(st.usurpers())


def augusti_defeated(st: ImperatorState, out: Outcome, defeated: list[str]) -> None:
    """§4.5 success B/: every Augustus defeated in battle while a usurpation goes on."""
    if not st.usurpers():
        return
    for a in defeated:
        if a not in st.defeated_augusti:
            st.defeated_augusti.append(a)
    living = st.augusti()
    if all(a in st.defeated_augusti for a in living) and defeated:
        usurpation_succeeds(st, out, "§4.5 (success B/)")
