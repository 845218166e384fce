"""Stratagems (§6): the cup, the hidden hands, the phase A draw, the phase F return, and every
stratagem type of ``data/tables/stratagems.toml``.

Hidden information (docs/rulings.md, "Stratagem windows"): hands live in ``state.hands[seat]``
and appear only in ``seat_view(seat)``. Draws, plays and returns are announced publicly by
count; only the owner is told (``Outcome.tell``) which chit he drew. The sequence stops for a
stratagem only at fixed points that are offered to a seat *whatever it holds* (the loser of the
initiative roll in phase B; both sides before every battle roll): a seat with no playable chit
gets the same decision with "pass" as its only choice, so the presence of a decision never
reveals a hand. Choices are shown only to the deciding seat. Chits whose timing is "any time in
phase E" are played with the ``stratagem`` command by either seat, even during the other
side's SMC, whenever no decision is waiting.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules.core.command import Outcome
from rules.core.dice import DiceRoll
from rules.core.errors import NotYetSupported, RuleError
from rules.core.i18n import Text, _, _n
from rules.imperator import adjust, politics, scenario_rules, tables
from rules.imperator.adjust import people_home
from rules.imperator.model import MUTINEERS, ROMAN, ImperatorState, other
from rules.imperator.politics import name, typed

BATTLE_CHITS = ("roma_victor", "furor_germanicus")


@lru_cache(maxsize=1)
def types() -> dict[str, tables.StratagemType]:
    return {t.id: t for t in tables.stratagem_types()}


def ctype(chit: str) -> tables.StratagemType:
    return types()[chit.split("#")[0]]


def label(chit: str) -> str:
    return ctype(chit).name_fr


def setup_cup(st: ImperatorState, counts: dict[str, int] | None = None) -> None:
    """Fill the cup: ``counts`` maps type ids to how many chits (default: the table's counts)."""
    cup: list[str] = []
    for tid, t in types().items():
        n = (counts or {}).get(tid, t.count)
        cup.extend(f"{tid}#{i + 1}" for i in range(n))
    st.cup = cup
    st.hands = {seat: [] for seat in st.roles}
    st.rules["stratagems"] = True


def side_of(role: str) -> str:
    return "rome" if role == "R" else "eor"


def usable(st: ImperatorState, seat: str, chit: str) -> bool:
    return ctype(chit).usable_by(side_of(st.role_of(seat)))


def holding(st: ImperatorState, seat: str, tid: str) -> str | None:
    for c in st.hands.get(seat, []):
        if c.split("#")[0] == tid and usable(st, seat, c):
            return c
    return None


# --------------------------------------------------------------------------------------------
# Phase A draw, phase F return
# --------------------------------------------------------------------------------------------


def draw(st: ImperatorState, out: Outcome) -> None:
    """§2.A: each player draws one chit from the cup, Rome first (AMB-11)."""
    out.cite("§2.A")
    for role in ("R", "E"):
        seat = st.seat_of(role)
        hand = st.hands.setdefault(seat, [])
        if not st.cup:
            out.say(_("§2.A: the stratagem cup is empty; {seat} draws nothing.", seat=seat))
            continue
        chit = st.cup.pop(st.dice.randint(0, len(st.cup) - 1))
        hand.append(chit)
        out.commit_point = True
        out.say(_("§2.A: {seat} draws a stratagem ({count} held).", seat=seat, count=len(hand)))
        if usable(st, seat, chit):
            out.tell(seat, _("You drew {chit}.", chit=label(chit)))
        else:
            out.tell(seat, _("You drew {chit} (not usable by your side: it goes back in phase F).", chit=label(chit)))


def return_unusable(st: ImperatorState, out: Outcome) -> None:
    """§2.F, §6: chits a player cannot use go back to the cup (AMB-11)."""
    for seat, hand in st.hands.items():
        back = [c for c in hand if not usable(st, seat, c)]
        if back:
            for c in back:
                hand.remove(c)
                st.cup.append(c)
            out.say(
                _n(
                    "§2.F: {seat} returns {n} stratagem to the cup.",
                    "§2.F: {seat} returns {n} stratagems to the cup.",
                    len(back),
                    seat=seat,
                )
            )
            out.tell(seat, _("Returned to the cup: {list}.", list=", ".join(label(c) for c in back)))


def _spent(st: ImperatorState, chit: str, zone: str | None = None) -> None:
    t = ctype(chit)
    if t.after_play == "removed_from_game":
        st.gone_chits.append(chit)
    elif t.after_play in ("stays_on_map", "stays_until_end_of_phase_e") and zone is not None:
        st.chits_on_map[chit] = zone
    else:
        st.cup.append(chit)


def leave_map(st: ImperatorState, out: Outcome | None, chit: str) -> None:
    if chit in st.chits_on_map:
        del st.chits_on_map[chit]
        st.map_chit_side.pop(chit, None)
        st.cup.append(chit)
        if out is not None:
            out.say(_("§6: the {label} marker leaves the map and goes back to the cup.", label=label(chit)))


# --------------------------------------------------------------------------------------------
# Playing a chit with the ``stratagem`` command
# --------------------------------------------------------------------------------------------


TARGET_KEYS = ("peoples", "people", "nationality", "leader", "zone", "unit")


def play_refusal(st: ImperatorState, seat: str, tid: str, aimed: bool = False) -> RuleError | None:
    """Why ``seat`` may not play a chit of type ``tid`` with the ``stratagem`` command now (§6:
    its side, its hand, the phase printed on the chit and its finer timing, and at least one
    target, :func:`chit_targets`), or None. The one check :func:`play` makes and the menus and
    the hand's "playable now" read. When the player ``aimed`` the chit at a target, the effect
    checks that target against the same list and says why it is refused."""
    t = types()[tid]
    if not st.rules.get("stratagems"):
        return RuleError("§6", _("this scenario is played without stratagems"))
    role = st.role_of(seat)
    if not t.usable_by(side_of(role)):
        return RuleError(t.section, _("{name_fr} may not be played by your side", name_fr=t.name_fr))
    if holding(st, seat, tid) is None:
        return RuleError("§6", _("you hold no {name_fr} stratagem", name_fr=t.name_fr))
    if t.timing in ("before_battle_roll", "before_battle", "initiative_roll"):
        return RuleError(t.section, _("{name_fr} is played when the game offers it (before a battle roll or after the initiative roll)", name_fr=t.name_fr))
    if t.timing == "on_die_roll":
        return RuleError(t.section, _("{name_fr} is played when the game offers it, before a die roll of phase E", name_fr=t.name_fr))
    if t.phase != st.phase:
        return RuleError(t.section, _("{name_fr} is played in phase {phase} only", name_fr=t.name_fr, phase=t.phase))
    if t.phase == "C" and not (st.active == role == "E"):
        return RuleError(t.section, _("{name_fr} is played during the Enemies of Rome's phase C step", name_fr=t.name_fr))
    if t.timing == "after_battle" and not st.persian_battle:
        return RuleError("§6.2", _("La flèche du Parthe follows a battle in which a Persian unit fought"))
    found = None if aimed else chit_targets(st, role, tid)
    if found is not None and not found:
        return no_target(tid)
    return None


def chit_targets(st: ImperatorState, role: str, tid: str) -> list[str] | None:
    """What a chit of type ``tid`` played by ``role`` may be aimed at now (Peoples, leaders,
    zones, units), from the one list its effect checks; None for a chit that names no target
    (the plague chits, Alliance arménienne, the window chits). An empty list makes
    :func:`play_refusal` refuse the chit, so it is never marked "playable now" (AMB-93)."""
    t = types()[tid]
    if tid.startswith("pacification") or tid == "pax_romana":
        return pacification_targets(st, tid)
    if tid.startswith("soulevement"):
        return rising_targets(st, t.params.get("people_kind") == "major")
    if tid.startswith("usurpation"):
        return usurpation_targets(st, tid)
    if tid == "assassinat":
        return assassination_targets(st, role)
    if tid == "mutinerie":
        return mutiny_targets(st, role)
    if tid == "desertion":
        return desertion_targets(st, role)
    if tid == "fleche_du_parthe":
        return fleche_targets(st)
    if tid in ("coup_d_etat_parthe", "intrigue_au_senat"):
        return marker_zones(st, tid)
    return None


def no_target(tid: str) -> RuleError:
    """The refusal of a chit with nothing to aim at (:func:`chit_targets` is empty), citing the
    chit's section; the effect raises the same one."""
    t = types()[tid]
    if tid == "coup_d_etat_parthe":
        why = _("a Coup d'état parthe marker is already in Ctesiphon")
    elif tid == "intrigue_au_senat":
        why = _("an Intrigue au Sénat marker is already in Rome")
    elif tid.startswith("pacification") or tid == "pax_romana":
        why = _("no People at war that {name_fr} may pacify", name_fr=t.name_fr)
    elif tid.startswith("soulevement"):
        why = _("no People at peace that {name_fr} may raise now", name_fr=t.name_fr)
    elif tid.startswith("usurpation"):
        why = _("no general may claim the purple with {name_fr} now", name_fr=t.name_fr)
    elif tid == "assassinat":
        why = _("no enemy leader is in play")
    elif tid == "mutinerie":
        why = _("no zone where Mutinerie may be placed")
    elif tid == "desertion":
        why = _("no zone with enemy units that Désertion may strike")
    else:
        why = _("no Roman unit of the Roman player on the map")
    return RuleError(t.section.split(";")[0].strip(), why)


def playable_now(st: ImperatorState, seat: str, chit: str) -> bool:
    """Whether ``seat`` may play ``chit`` at this very moment: as a choice of the decision now
    waiting on it (the initiative and battle windows, Faveur divine before a roll), or, with no
    decision waiting, by the ``stratagem`` command (:func:`play_refusal` finds nothing)."""
    if st.game_over:
        return False
    tid = chit.split("#")[0]
    if st.pending:
        dec = st.pending[0]
        offered = {str(value).split("@")[0] for value, label in dec["choices"]}
        return st.seat_of(dec["role"]) == seat and tid in offered
    return play_refusal(st, seat, tid) is None


def play(st: ImperatorState, out: Outcome, seat: str, args: dict[str, Any]) -> None:
    key = str(args.get("id") or args.get("stratagem") or "")
    try:
        tid = tables.stratagem(key).id
    except KeyError as exc:
        raise RuleError("§6", _("unknown stratagem {key}", key=repr(key))) from exc
    t = types()[tid]
    refusal = play_refusal(st, seat, tid, aimed=any(args.get(k) for k in TARGET_KEYS))
    if refusal is not None:
        raise refusal
    role = st.role_of(seat)
    chit = holding(st, seat, tid)
    assert chit is not None  # play_refusal checked the hand
    fn = _EFFECTS.get(tid)
    if fn is None:  # pragma: no cover - every type has an effect
        raise NotYetSupported(t.section, t.name_fr)
    st.hands[seat].remove(chit)
    out.commit_point = True
    out.cite(t.section.split(";")[0].strip())
    out.say(_("§6: {seat} plays {name_fr}.", seat=seat, name_fr=t.name_fr))
    zone = fn(st, out, role, args)
    _spent(st, chit, zone)
    if chit in st.chits_on_map:
        st.map_chit_side[chit] = role
    fix_mutiny_ids(st, chit)
    check_markers(st, out)
    out.map_changed = True


def _need(args: dict[str, Any], key: str, section: str, what: str) -> Any:
    v = args.get(key)
    if v in (None, "", []):
        raise RuleError(section, _("name {what} ({key})", what=what, key=key))
    return v


def _list(args: dict[str, Any], key: str) -> list[str]:
    v = args.get(key)
    if v is None:
        single = args.get(key.rstrip("s"))
        return [str(single)] if single else []
    if isinstance(v, str):
        return [v]
    return [str(x) for x in v]


# -- peoples ---------------------------------------------------------------------------------


def deploy_people(st: ImperatorState, out: Outcome, pid: str) -> None:
    """§4.4: a People going to war puts its units not in play in its home zones, each on its full
    side and with its own line. With several home zones the Enemies of Rome, who control the
    People, pick each unit's zone (ruling AMB-96, an ``adjust.place`` decision); by default the
    units go to the home zones in turn, in map order."""
    home = people_home(st, pid)
    due = [uid for uid in sorted(st.units) if _due(st, uid, pid)]
    for i, uid in enumerate(due):
        us = st.units[uid]
        us.status, us.reduced = "map", False
        zone = adjust.place(st, "E", [uid], home, "§4.4", default=home[i % len(home)])
        out.say(_("§4.4: {unit} enters play in {zone}.", unit=name(st, uid), zone=name(st, str(zone))))
    for uid, us in st.units.items():  # those just placed and those already on the map
        if st.udef(uid).people == pid and us.status == "map":
            us.owner = "E"


def _due(st: ImperatorState, uid: str, pid: str) -> bool:
    """§4.4 with §9.2.4 and §4.1: a unit of ``pid`` that comes in when its People goes to war (not
    on the map, not out of the game, not locked out past this year, not a later reinforcement)."""
    us = st.units[uid]
    d = st.udef(uid)
    if d.people != pid or us.status in ("map", "gone"):
        return False
    if us.status == "locked" and us.back_year > st.year:
        return False
    return not (d.enters and d.enters > st.year)


def may_rise(st: ImperatorState, pid: str, major: bool) -> str | None:
    pd = st.board.peoples.get(pid)
    if pd is None or pid == "armenia":
        return _("unknown People {people}", people=repr(pid))
    if pd.major != major:
        return (_("the {people} are a Major People", people=pd.name) if pd.major
                else _("the {people} are a Minor People", people=pd.name))
    if pid in st.at_war:
        return _("the {people} are already at war", people=pd.name)
    if pid in ("osrhoene", "adiabene") and st.year >= 196:
        return _("the {people} left the game in 195 and can no longer go to war (§4.2)", people=pd.name)
    if st.locked.get(pid, 0) > st.year:
        return _("the {people} are bound to peace until {year} (§9.2.4)", people=pd.name, year=st.locked[pid])
    return scenario_rules.war_barred(st, pid)


def _rising(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> None:
    from rules.imperator import engine

    t = types()[tid]
    peoples = _list(args, "peoples")
    if not peoples:
        raise RuleError("§6.2", _("name the People(s) that rise (peoples)"))
    if len(set(peoples)) > int(t.params.get("max_peoples", 1)):
        raise RuleError("§6.2", _("at most {get} People(s)", get=t.params.get('max_peoples')))
    major = t.params.get("people_kind") == "major"
    for pid in peoples:
        err = may_rise(st, pid, major)
        if err:
            raise RuleError("§6.2", err)
    for pid in dict.fromkeys(peoples):
        engine.declare_war(st, out, pid)  # §4.4: which also brings the People's units in (deploy_people)


def rising_targets(st: ImperatorState, major: bool) -> list[str]:
    return [p for p in sorted(st.board.peoples) if may_rise(st, p, major) is None]


def pacification_targets(st: ImperatorState, tid: str) -> list[str]:
    """§6.1: the Peoples at war that chit ``tid`` may pacify: of the kind it names (minor or
    major), or of any kind for Pacification d'une nationalité and Pax Romana."""
    params = types()[tid].params
    major = params.get("people_kind") == "major"
    return [p for p in sorted(st.at_war) if p in st.board.peoples and p != "armenia"
            and (params.get("scope") is not None or st.board.peoples[p].major == major)]


def pacify(st: ImperatorState, out: Outcome, pid: str) -> None:
    """§6.1: peace by diplomacy: no lockout, no VP (§9.2.4 exception). A Major People's units
    and leaders go home, each move told (AMB-94); a Minor People's units leave the map."""
    pd = st.board.peoples[pid]
    if pid in st.at_war:
        st.at_war.remove(pid)
    before = adjust.snapshot(st)
    gone: list[Text] = []  # a Minor People's counters leaving the map, each told (AMB-97)
    if pd.major:
        adjust.redeploy_home(st, out, pid, "§6.1")
    else:
        for uid, us in sorted(st.units.items()):
            if st.udef(uid).people != pid:
                continue
            if us.status == "map" and us.loc:
                gone.append(_("§6.1: {unit} leaves the map from {zone}.", unit=name(st, uid), zone=name(st, us.loc)))
            us.status, us.loc, us.reduced, us.mutiny = "out", None, False, None
        for lid, ls in st.leaders.items():
            if st.ldef(lid).people == pid:
                ls.pax = True
    out.say(_("§6.1: the {name} make peace with Rome.", name=pd.name))
    for line in gone:
        out.say(line)
    adjust.tell(st, out, before, "§6.1")


def _pacification(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> None:
    t = types()[tid]
    peoples = list(dict.fromkeys(_list(args, "peoples")))
    scope = t.params.get("scope")
    if scope == "all_at_war" and not peoples:
        peoples = [p for p in st.at_war if p != "armenia"]
    elif scope == "nationality":
        nat = args.get("nationality")
        if nat:
            peoples = [p for p in st.at_war if st.board.peoples.get(p) and st.board.peoples[p].nationality == nat]
        elif len(peoples) != 1:
            raise RuleError("§6.1", _("name a nationality, or a single People"))
    elif scope == "all_at_war" and len(peoples) != 1:
        raise RuleError("§6.1", _("Pax Romana is aimed at all Peoples at war or at a single People"))
    if not peoples:
        raise RuleError("§6.1", _("no People to pacify"))
    if scope is None and len(peoples) > int(t.params.get("max_peoples", 1)):
        raise RuleError("§6.1", _("at most {get} People(s)", get=t.params.get('max_peoples')))
    targets = pacification_targets(st, tid)
    major = t.params.get("people_kind") == "major"
    for pid in peoples:  # outside the list: the wrong kind of People, or one at peace
        pd = st.board.peoples.get(pid)
        if pid in targets:
            continue
        if scope is None and (pd is None or pd.major != major):
            raise RuleError("§6.1", (_("{people} is not a Major People", people=typed(st, pid)) if major
                             else _("{people} is not a Minor People", people=typed(st, pid))))
        raise RuleError("§6.1", _("{pid} is not at war with Rome", pid=typed(st, pid)))
    for pid in peoples:
        pacify(st, out, pid)


# -- usurpation (§6.2, §4.5) ------------------------------------------------------------------


def usurpation_targets(st: ImperatorState, tid: str) -> list[str]:
    """§6.2 with §4.5 validation: who may claim the purple with chit ``tid``.

    Every usurpation chit names a general standing in a Front (not an interior province) where
    no other Augustus stands, and not in a standing usurper's Front; none once two usurpers
    stand (§3.6). Ruling "Title limits on every road"."""
    cands = set(politics.usurper_candidates(st, need_no_augustus=True))
    if tid == "usurpation_d_un_augustus":
        augs = st.augusti()
        if len(augs) < 2:
            return []
        low = min(st.ldef(a).cp for a in augs)
        return sorted(a for a in augs if st.ldef(a).cp == low and st.leaders[a].owner == "R" and a in cands)
    if tid == "usurpation_d_un_caesar":
        return sorted(c for c in st.caesars() if st.leaders[c].owner == "R" and c in cands)
    return sorted(x for x in cands if st.leaders[x].title is None)


def _usurpation(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> None:
    t = types()[tid]
    lid = str(_need(args, "leader", "§6.2", "the general who claims the purple"))
    if not politics.usurper_room(st):
        raise RuleError("§3.6", _("two usurpers already stand; no third usurpation may be tried"))
    if lid not in usurpation_targets(st, tid):
        raise RuleError("§6.2", _("{leader} may not be the usurper of {name_fr} now", leader=name(st, lid), name_fr=t.name_fr))
    cp = st.ldef(lid).cp
    roll = st.dice.d6(_("§6.2 {chit}: {leader} rebels on {cp} or less", chit=t.name_fr, leader=name(st, lid), cp=cp))
    if roll.result <= cp:
        politics.validate_usurpation(st, out, lid, bonus=int(t.params.get("civil_war_bonus", 0)))
    else:
        out.say(_("§6.2: {leader} stays loyal.", leader=name(st, lid)))


# -- phase E chits ----------------------------------------------------------------------------


def assassination_targets(st: ImperatorState, role: str) -> list[str]:
    """§6.3 Assassinat: the leaders of the other side in play."""
    return sorted(x for x, ls in st.leaders.items() if ls.status == "map" and ls.owner != role)


def assassinate(st: ImperatorState, out: Outcome, role: str, lid: str, why: str, fav: dict[str, Any] | None = None) -> None:
    ls = st.leaders.get(lid)
    if fav is not None and (ls is None or ls.status != "map"):
        return  # resumed after a Faveur divine window: the target died meanwhile
    if ls is None or lid not in assassination_targets(st, role):
        raise RuleError("§6.3", _("{lid} is not an enemy leader in play", lid=typed(st, lid)))
    mods: list[tuple[str, int]] = []
    # §3.6: the marker protects its holder and him alone, while he is Rome's Augustus or Caesar
    if st.custodes == lid and ls.owner == "R" and ls.title in ("augustus", "caesar"):
        mods.append(("Corporis Custodes", -1))
    data = fav or {"role": role, "leader": lid, "why": why}
    bonus = sum(v for _, v in mods)
    if favour_window(st, role, "assassinate", data, "d10", [f + bonus in (8, 9) for f in range(10)]):
        return
    roll = favour_roll(st, "d10", _("{why}: assassination of {leader} (8 or 9 kills)", why=why, leader=name(st, lid)), mods, data)
    if roll.result in (8, 9):
        politics.kill_leader(st, out, lid, politics.ASSASSINATION, killer=role, section="§6.3")
    else:
        out.say(_("§6.3: {leader} survives the attempt.", leader=name(st, lid)))


def _assassinat(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> None:
    assassinate(st, out, role, str(_need(args, "leader", "§6.3", "the target")), "§6.3")


def _plague_strike(st: ImperatorState, out: Outcome, zone: str, kind: str, only: set[str] | None = None) -> None:
    from rules.imperator import combat

    out.say(_("§6.3: the plague strikes {zone}.", zone=name(st, zone)))
    for uid in sorted(st.units_in(zone)):
        key = f"{uid}@{zone}"
        if key in st.plague_hit or only is not None and uid not in only:
            continue
        st.plague_hit.append(key)
        if st.units[uid].reduced and kind == "adjacent":
            continue
        if st.units[uid].reduced:  # each counter struck has its line (AMB-97)
            out.say(_("§6.3: {unit}, already reduced, leaves the map for the turn.", unit=name(st, uid)))
        else:
            out.say(_("§6.3: {unit} turns to its reduced side.", unit=name(st, uid)))
        combat.step_loss(st, uid, out)
        if st.units[uid].status != "map":
            st.units[uid].status = "removed"  # AMB-34: not a pacification by force
    for lid in sorted(x for x, s in st.leaders.items() if s.status == "map" and s.loc == zone and s.fleet is None):
        key = f"{lid}@{zone}"
        if key in st.plague_hit or only is not None and lid not in only:
            continue
        st.plague_hit.append(key)
        plague_death_roll(st, out, {"leader": lid})


def plague_death_roll(st: ImperatorState, out: Outcome, data: dict[str, Any]) -> None:
    """§6.3: a leader in an infested zone dies on a 9 (the roll of the leader's owner)."""
    lid = data["leader"]
    ls = st.leaders[lid]
    if ls.status != "map":
        return
    if favour_window(st, ls.owner, "plague", data, "d10", [f == 9 for f in range(10)]):
        return
    roll = favour_roll(st, "d10", _("§6.3 plague: {leader} dies on 9", leader=name(st, lid)), [], data)
    if roll.natural == 9:
        politics.kill_leader(st, out, lid, _("plague"), section="§6.3")


def _plague(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> str:
    zone = str(_need(args, "zone", "§6.3", "the zone"))
    if zone not in st.board.zones or st.board.zones[zone].kind != "land":
        raise RuleError("§6.3", _("{zone} is not a land zone", zone=typed(st, zone)))
    st.plague[zone] = "centre"
    _plague_strike(st, out, zone, "centre")
    if types()[tid].params.get("spreads_to_adjacent"):
        for n in st.board.land_neighbours(zone):
            if st.plague.get(n) != "centre":
                st.plague[n] = "adjacent"
                _plague_strike(st, out, n, "adjacent")
    return zone


def plague_entries(st: ImperatorState, out: Outcome) -> None:
    """§6.3: counters entering an infested zone this phase suffer the same fate."""
    if not st.plague:
        return
    for zone, kind in list(st.plague.items()):
        present = set(st.units_in(zone)) | {x for x, s in st.leaders.items() if s.status == "map" and s.loc == zone and s.fleet is None}
        new = {c for c in present if f"{c}@{zone}" not in st.plague_hit}
        if new:
            _plague_strike(st, out, zone, kind, only=new)


def end_phase_e(st: ImperatorState, out: Outcome) -> None:
    """§6.3: plague markers are taken off once phase E is over."""
    for chit in list(st.chits_on_map):
        if ctype(chit).after_play == "stays_until_end_of_phase_e":
            leave_map(st, out, chit)
    st.plague = {}
    st.plague_hit = []


def _is_parthian(st: ImperatorState, uid: str) -> bool:
    return st.udef(uid).people == "parthians"


def mutiny_targets(st: ImperatorState, role: str) -> list[str]:
    """Zones where ``role`` may place Mutinerie (§6.3, AMB-46)."""
    res = []
    for z in sorted(st.board.zones):
        if st.board.zones[z].kind != "land":
            continue
        foe = other(role)
        units = [u for u in st.units_in(z, foe) if st.units[u].mutiny is None]
        if not units or st.leaders_in(z, foe):
            continue
        if foe == "R" and st.in_empire(z) and any(st.udef(u).people == ROMAN for u in units):
            res.append(z)
        elif foe == "E" and "parthians" in st.board.zones[z].peoples and any(_is_parthian(st, u) for u in units):
            res.append(z)
    return res


def _mutinerie(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> str:
    zone = str(_need(args, "zone", "§6.3", "the zone"))
    if zone not in mutiny_targets(st, role):
        raise RuleError("§6.3", _("Mutinerie may not be placed in {zone}", zone=name(st, zone)))
    foe = other(role)
    chit = f"{tid}@pending"
    for u in st.units_in(zone, foe):
        ok = st.udef(u).people == ROMAN if foe == "R" else _is_parthian(st, u)
        if not ok:
            continue
        us = st.units[u]
        us.mutiny = chit
        us.mutineer_of = foe
        us.owner = MUTINEERS  # AMB-43: hostile to both sides; the placing side takes their decisions
    out.say(_("§6.3: the units in {zone} mutiny; {seat} loses 2 VP each phase F until they are beaten.", zone=name(st, zone), seat=st.seat_of(foe)))
    return zone


def fix_mutiny_ids(st: ImperatorState, chit: str) -> None:
    for us in st.units.values():
        if us.mutiny == f"{chit.split('#')[0]}@pending":
            us.mutiny = chit


def leave_mutiny(st: ImperatorState, out: Outcome | None, uid: str) -> None:
    """A mutinous unit has left the map: the marker goes when none of its units remain."""
    us = st.units[uid]
    chit = us.mutiny
    if chit is None:
        return
    us.mutiny = None
    if us.mutineer_of:
        us.owner = us.mutineer_of
    us.mutineer_of = None
    if not any(s.mutiny == chit and s.status == "map" for s in st.units.values()):
        leave_map(st, out, chit)


def mutiny_follow(st: ImperatorState, out: Outcome) -> None:
    """§6.3: the marker follows its units in their retreat (the zone of one of them), and the log
    says where it goes (ruling AMB-78)."""
    for chit in sorted(c for c in st.chits_on_map if c.startswith("mutinerie")):
        locs = sorted(str(s.loc) for s in st.units.values() if s.mutiny == chit and s.status == "map" and s.loc)
        if locs and st.chits_on_map[chit] not in locs:
            st.chits_on_map[chit] = locs[0]
            out.say(_("§6.3: the Mutinerie marker follows its units to {zone}.", zone=name(st, locs[0])))


def desertion_targets(st: ImperatorState, role: str) -> list[str]:
    foe = other(role)
    res = []
    for z in sorted(st.board.zones):
        units = st.units_in(z, foe)
        if foe == "R" and any(st.udef(u).people == ROMAN for u in units):
            res.append(z)
        elif foe == "E" and any(st.udef(u).people == ROMAN or _is_parthian(st, u) for u in units):
            res.append(z)
    return res


def _desertion(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> None:
    from rules.imperator import combat

    zone = str(_need(args, "zone", "§6.3", "the zone"))
    if zone not in desertion_targets(st, role):
        raise RuleError("§6.3", _("Désertion may not be played on {zone}", zone=name(st, zone)))
    out.say(_("§6.3: desertion in {zone}: every enemy unit there loses a step.", zone=name(st, zone)))
    for u in st.units_in(zone, other(role)):
        combat.lose_step(st, out, u, "§6.3")  # each unit its own line (AMB-109)


def _armenie(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> None:
    from rules.imperator import fate

    fate.flip_armenia(st, out)


def marker_zones(st: ImperatorState, tid: str) -> list[str]:
    """§6.1 Coup d'état parthe (the map's Ctesiphon zone) and §6.2 Intrigue au Sénat (Rome): the
    zone the marker goes to, or none while a marker of that type is already on the map."""
    if any(c.startswith(tid) for c in st.chits_on_map):
        return []
    if tid == "intrigue_au_senat":
        return [st.board.rome]
    return [next((z for z, zd in st.board.zones.items() if zd.ctesiphon), "ctesiphon")]


def _coup(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> str:
    zones = marker_zones(st, tid)
    if not zones:
        raise no_target(tid)
    zone = zones[0]
    out.say(_("§6.1: a Parthian coup: the marker is placed in {zone}.", zone=name(st, zone)))
    return zone


def _intrigue(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> str:
    zones = marker_zones(st, tid)
    if not zones:
        raise no_target(tid)
    out.say(_("§6.2: intrigue in the Senate: the marker is placed in Rome."))
    return zones[0]


def fleche_targets(st: ImperatorState) -> list[str]:
    """§6.2 La flèche du Parthe (AMB-44): the Roman units of the Roman player on the map."""
    return sorted(u for u, us in st.units.items()
                  if us.status == "map" and us.owner == "R" and st.udef(u).people == ROMAN)


def _fleche(st: ImperatorState, out: Outcome, role: str, args: dict[str, Any], tid: str) -> None:
    from rules.imperator import combat

    uid = str(_need(args, "unit", "§6.2", "the Roman unit to eliminate"))
    if uid not in fleche_targets(st):
        raise RuleError("§6.2", _("{uid} is not a Roman unit of the Roman player on the map (AMB-44)", uid=typed(st, uid)))
    st.persian_battle = False
    combat.eliminate(st, uid, out)
    out.say(_("§6.2: a Parthian shot: {name} is eliminated.", name=name(st, uid)))


def _wrap(fn: Any, tid: str) -> Any:
    return lambda st, out, role, args: fn(st, out, role, args, tid)


_EFFECTS: dict[str, Any] = {}
for _tid in (
    "pacification_d_un_peuple_mineur",
    "pacification_de_deux_peuples_mineurs",
    "pacification_de_trois_peuples_mineurs",
    "pacification_d_un_peuple_majeur",
    "pacification_d_une_nationalite",
    "pax_romana",
):
    _EFFECTS[_tid] = _wrap(_pacification, _tid)
for _tid in (
    "soulevement_d_un_peuple_mineur",
    "soulevement_de_deux_peuples_mineurs",
    "soulevement_de_trois_peuples_mineurs",
    "soulevement_d_un_peuple_majeur",
    "soulevement_de_trois_peuples_majeurs",
):
    _EFFECTS[_tid] = _wrap(_rising, _tid)
for _tid in ("usurpation_d_un_augustus", "usurpation_d_un_caesar", "usurpation"):
    _EFFECTS[_tid] = _wrap(_usurpation, _tid)
_EFFECTS["assassinat"] = _wrap(_assassinat, "assassinat")
_EFFECTS["foyer_de_peste"] = _wrap(_plague, "foyer_de_peste")
_EFFECTS["epidemie_de_peste"] = _wrap(_plague, "epidemie_de_peste")
_EFFECTS["mutinerie"] = _wrap(_mutinerie, "mutinerie")
_EFFECTS["desertion"] = _wrap(_desertion, "desertion")
_EFFECTS["alliance_armenienne"] = _wrap(_armenie, "alliance_armenienne")
_EFFECTS["coup_d_etat_parthe"] = _wrap(_coup, "coup_d_etat_parthe")
_EFFECTS["intrigue_au_senat"] = _wrap(_intrigue, "intrigue_au_senat")
_EFFECTS["fleche_du_parthe"] = _wrap(_fleche, "fleche_du_parthe")


def usurp(st: ImperatorState, out: Outcome, seat: str, args: dict[str, Any]) -> None:
    """``usurp`` {leader}: play the usurpation chit that fits the leader (§4.5, §6.2)."""
    lid = str(_need(args, "leader", "§4.5", "the general who claims the purple"))
    title = st.leaders[lid].title if lid in st.leaders else None
    tid = {"augustus": "usurpation_d_un_augustus", "caesar": "usurpation_d_un_caesar"}.get(title or "", "usurpation")
    play(st, out, seat, {"id": tid, "leader": lid})


def free_assassination(st: ImperatorState, out: Outcome, seat: str, args: dict[str, Any]) -> None:
    """§4.5 (Commode): while Didius Julianus lives, the EoR may try once a year on Pertinax."""
    role = st.role_of(seat)
    did = st.leaders.get(politics.DIDIUS)
    per = st.leaders.get(politics.PERTINAX)
    if role != "E" or did is None or did.status != "map" or did.title != "usurper":
        raise RuleError("§4.5", _("only the Enemies of Rome, while Didius Julianus is a usurper in play"))
    if per is None or per.status != "map":
        raise RuleError("§4.5", _("Pertinax is not in play"))
    if st.phase != "E":
        raise RuleError("§4.5", _("assassinations are attempted in phase E"))
    if st.free_murder_year == st.year:
        raise RuleError("§4.5", _("the free attempt has already been made this year"))
    st.free_murder_year = st.year
    out.commit_point = True
    assassinate(st, out, role, politics.PERTINAX, "§4.5 (free attempt)")


# --------------------------------------------------------------------------------------------
# Phase F: VP of the map-placed chits, and their removal
# --------------------------------------------------------------------------------------------


def check_markers(st: ImperatorState, out: Outcome) -> None:
    """Coup d'état parthe (§6.1, D-17) and Intrigue au Sénat (§6.2) leave the map as soon as the
    other side stands in their zone in force: checked when placed, after every move, landing,
    evasion, retreat and battle, and in phase F (ruling "Markers act when their condition is met")."""
    for chit, zone in list(st.chits_on_map.items()):
        tid = chit.split("#")[0]
        if tid == "coup_d_etat_parthe":
            named = [x for x in st.leaders_in(zone, "E") if not st.ldef(x).generic]
            if named and len(st.units_in(zone, "E")) >= 3:
                leave_map(st, out, chit)
        elif tid == "intrigue_au_senat":
            augs = [a for a in st.augusti() if st.leaders[a].loc == zone and st.leaders[a].owner == "R"]
            pr = [u for u, s in st.units.items() if st.udef(u).praetorian and s.status == "map"]
            if augs and all(st.units[u].loc == zone and st.units[u].owner == "R" for u in pr):
                leave_map(st, out, chit)


def phase_f_vp(st: ImperatorState, out: Outcome) -> None:
    check_markers(st, out)
    for chit in list(st.chits_on_map):
        tid = chit.split("#")[0]
        if tid == "coup_d_etat_parthe":
            st.add_vp("R", 3)
            out.say(_("§10: Coup d'état parthe in Ctesiphon: 3 VP to {seat}.", seat=st.seat_of('R')))
        elif tid == "intrigue_au_senat":
            st.add_vp("E", 2)
            out.say(_("§10: Intrigue au Sénat in Rome: 2 VP to {seat}.", seat=st.seat_of('E')))
        elif tid == "mutinerie":
            owners = {s.mutineer_of or "" for s in st.units.values() if s.mutiny == chit and s.status == "map"}
            for r in sorted(owners):
                if r:
                    st.add_vp(r, -2)
                    out.say(_("§10: mutiny: {seat} loses 2 VP.", seat=st.seat_of(r)))


# --------------------------------------------------------------------------------------------
# Decision windows: initiative (phase B) and the battle roll (phase E)
# --------------------------------------------------------------------------------------------


def open_initiative_window(st: ImperatorState, loser: str) -> None:
    seat = st.seat_of(loser)
    choices: list[tuple[str, str]] = [("pass", _("pass"))]
    if holding(st, seat, "initiative"):
        choices.append(("initiative", _("play Initiative: take the initiative")))
    politics.open_decision(
        st, loser, "initiative", _("§6.3: the initiative roll went against you. Play a stratagem?"), choices, "pass", "§2.B"
    )


def initiative_choice(st: ImperatorState, out: Outcome, role: str, choice: str) -> None:
    if choice == "initiative":
        seat = st.seat_of(role)
        chit = holding(st, seat, "initiative")
        if chit is None:  # pragma: no cover - the choice is offered only when held
            raise RuleError("§6.3", _("you hold no Initiative stratagem"))
        st.hands[seat].remove(chit)
        _spent(st, chit)
        st.initiative = role
        out.commit_point = True
        out.say(_("§6.3: {seat} plays Initiative and takes the initiative.", seat=seat))


def battle_facts(st: ImperatorState, zone: str) -> dict[str, bool]:
    """§6.2, §6.3: whether the battle in ``zone`` has German units (Furor Germanicus), Persian
    units (La flèche du Parthe) and a usurper's force (Roma Victor), the nationalities as the
    data spells them."""
    units = st.units_in(zone)
    nats = {st.board.peoples[st.udef(u).people].nationality for u in units if st.udef(u).people in st.board.peoples}
    usurper_force = any(st.udef(u).people == ROMAN and st.units[u].owner == "E" and st.units[u].mutiny is None for u in units)
    return {"german": "german" in nats, "persian": "persian" in nats, "usurper": usurper_force}


def _window_choices(st: ImperatorState, role: str, zone: str, stage: str, plays: dict[str, Any]) -> list[tuple[str, str]]:
    from rules.imperator import combat

    seat = st.seat_of(role)
    facts = battle_facts(st, zone)
    res: list[tuple[str, str]] = [("pass", _("pass"))]
    forcing = None
    if role == "R" and not facts["usurper"] and holding(st, seat, "roma_victor"):
        forcing = "roma_victor"
    if role == "E" and facts["german"] and holding(st, seat, "furor_germanicus"):
        forcing = "furor_germanicus"
    if stage == "response":
        if forcing:
            res.append((forcing, _("play {chit} to cancel", chit=types()[forcing].name_fr)))
        return res
    if forcing and not plays.get("forced"):
        res.append((forcing, _("play {chit}", chit=types()[forcing].name_fr)))
    elif forcing and plays.get("forced") != role and not plays.get("cancelled"):
        # §6.1/§6.2: the two chits cancel each other whichever is played first
        res.append((forcing, _("play {chit} to cancel", chit=types()[forcing].name_fr)))
    if stage == "defender" and holding(st, seat, "fuite_opportune"):
        for z in combat.fuite_zones(st, zone, role):
            res.append((f"fuite_opportune@{z}", _("play Fuite opportune: withdraw to {zone}", zone=name(st, z))))
    if holding(st, seat, "faveur_divine"):
        for face in range(1, 7):
            res.append((f"faveur_divine@{face}", _("play Faveur divine: the die shows {face}", face=face)))
    return res


def battle_choice_refusal(st: ImperatorState, role: str, data: dict[str, Any], choice: str) -> RuleError | None:
    """Why a chit named in a battle window may not be played there, citing the chit's own
    section (§6.1 Roma Victor against a usurper's force, for instance); None for anything else."""
    chit = choice.split("@", 1)[0]
    if chit not in types():
        return None
    t = types()[chit]
    if chit == "roma_victor" and battle_facts(st, data["zone"])["usurper"]:
        return RuleError(t.section, _("{chit} may not be played against a usurper's force in a civil war battle",
                                      chit=t.name_fr))
    return RuleError(t.section, _("{chit} may not be played in this battle now", chit=t.name_fr))


def open_battle_window(st: ImperatorState, zone: str, attacker: str, stage: str) -> None:
    plays = st.battle["plays"] if st.battle else {}
    if stage == "defender" and st.defender_in(zone, attacker) == MUTINEERS:
        stage = "attacker"  # AMB-43: mutineers play no stratagem
    role = st.defender_in(zone, attacker) if stage in ("defender", "response") else attacker
    choices = _window_choices(st, role, zone, stage, plays)
    prompt = {
        "defender": _("§6: a battle is about to be fought in {zone}; you defend. Play a stratagem?", zone=name(st, zone)),
        "attacker": _("§6: you are about to roll the battle in {zone}. Play a stratagem?", zone=name(st, zone)),
        "response": _("§6: your opponent forces the result in {zone}. Answer with a stratagem?", zone=name(st, zone)),
    }[stage]
    politics.open_decision(st, role, "bstrat", prompt, choices, "pass", "§6", {"zone": zone, "attacker": attacker, "stage": stage})


def battle_window_needed(st: ImperatorState, zone: str, attacker: str) -> bool:
    """Start the pre-roll windows for this battle; True when the battle must wait for them."""
    if not st.rules.get("stratagems"):
        return False
    if st.battle and st.battle.get("zone") == zone and st.battle.get("ready"):
        return False
    st.battle = {"zone": zone, "attacker": attacker, "plays": {}, "ready": False}
    open_battle_window(st, zone, attacker, "defender")
    return True


def battle_choice(st: ImperatorState, out: Outcome, role: str, data: dict[str, Any], choice: str) -> None:
    from rules.imperator import combat

    zone, attacker, stage = data["zone"], data["attacker"], data["stage"]
    if st.battle is None or st.battle.get("zone") != zone:
        st.battle = {"zone": zone, "attacker": attacker, "plays": {}, "ready": False}
    plays: dict[str, Any] = st.battle["plays"]
    seat = st.seat_of(role)
    if choice != "pass":
        tid, _sep, arg = choice.partition("@")
        chit = holding(st, seat, tid)
        if chit is None:  # pragma: no cover - offered only when held
            raise RuleError("§6", _("you hold no {tid}", tid=tid))
        st.hands[seat].remove(chit)
        _spent(st, chit)
        out.commit_point = True
        out.say(_("§6: {seat} plays {name_fr}.", seat=seat, name_fr=types()[tid].name_fr))
        if tid == "fuite_opportune":
            combat.fuite(st, out, zone, role, arg)
            st.battle = None
            return
        if tid in BATTLE_CHITS:
            if plays.get("forced"):
                plays["forced"] = None
                plays["cancelled"] = True
                out.say(_("§6: Roma Victor and Furor Germanicus cancel each other; the die is rolled."))
            else:
                plays["forced"] = role
        if tid == "faveur_divine":
            plays["face"] = int(arg)
            plays["face_by"] = role
    if stage == "defender":
        open_battle_window(st, zone, attacker, "attacker")
        return
    if stage == "attacker" and plays.get("forced") == attacker and not plays.get("cancelled") and st.defender_in(zone, attacker) != MUTINEERS:
        open_battle_window(st, zone, attacker, "response")
        return
    st.battle["ready"] = True
    combat.battle(st, out, attacker, zone)
    st.battle = None


# --------------------------------------------------------------------------------------------
# Faveur divine before the other rolls of phase E (§6.3, AMB-45; ruling "Faveur divine outside
# battle")
# --------------------------------------------------------------------------------------------

FAVOUR = "faveur_divine"


def favour_in_game(st: ImperatorState) -> bool:
    """Public knowledge: a Faveur divine chit is still in the cup or in some hand."""
    return any(c.startswith(FAVOUR) for c in st.cup) or any(c.startswith(FAVOUR) for h in st.hands.values() for c in h)


def favour_window(st: ImperatorState, roller: str, kind: str, data: dict[str, Any], die: str, outcomes: list[bool]) -> bool:
    """Before a roll of phase E other than the battle roll: offer Faveur divine to the roller,
    then to his opponent (each only if his hand is not empty, a public count), when the chit
    is still in play and the faces do not all give the same outcome. True when the roll waits;
    the roll is then made by the kind's resume function once the windows are answered."""
    if "favour_done" in data:
        return False
    if not st.rules.get("stratagems") or st.phase != "E" or not favour_in_game(st):
        return False
    if len(set(outcomes)) < 2:
        return False
    asked = [r for r in (roller, other(roller)) if st.hands.get(st.seat_of(r))]
    if not asked:
        return False
    payload = {"kind": kind, "data": data, "die": die, "roller": roller, "ask": asked[1:], "face": None, "by": None}
    _open_favour(st, asked[0], payload, front=False)
    return True


_FAVOUR_WHAT = {
    "evade": _("evasion roll (§8.1)"),
    "escape": _("lone leader's escape roll (§7)"),
    "assassinate": _("assassination roll (§6.3)"),
    "plague": _("plague roll for a leader (§6.3)"),
    "rally": _("rally roll (§4.5 D/)"),
    "loyalty": _("loyalty roll of the usurpation (§4.5 B/)"),
    "spread": _("spread roll of the usurpation (§4.5 C/)"),
}


def _open_favour(st: ImperatorState, role: str, payload: dict[str, Any], front: bool) -> None:
    seat = st.seat_of(role)
    choices: list[tuple[str, str]] = [("pass", _("pass"))]
    if holding(st, seat, FAVOUR):
        faces = range(10) if payload["die"] == "d10" else range(1, 7)
        choices += [(f"{FAVOUR}@{f}", _("play Faveur divine: the die shows {face}", face=f)) for f in faces]
    what = _FAVOUR_WHAT.get(payload["kind"], _("roll"))
    prompt = (
        _("§6.3: your {roll} is about to be made. Play a stratagem?", roll=what)
        if role == payload["roller"]
        else _("§6.3: your opponent's {roll} is about to be made. Play a stratagem?", roll=what)
    )
    politics.open_decision(st, role, "favour", prompt, choices, "pass", "§6.3", payload)
    if front:
        st.pending.insert(0, st.pending.pop())


def favour_choice(st: ImperatorState, out: Outcome, role: str, payload: dict[str, Any], choice: str) -> None:
    seat = st.seat_of(role)
    if choice != "pass":
        chit = holding(st, seat, FAVOUR)
        if chit is None:  # pragma: no cover - offered only when held
            raise RuleError("§6.3", _("you hold no Faveur divine"))
        st.hands[seat].remove(chit)
        _spent(st, chit)
        payload["face"], payload["by"] = int(choice.partition("@")[2]), role
        out.commit_point = True
        out.cite("§6.3")
        out.say(_("§6.3: {seat} plays Faveur divine: the die will show {payload} (modifiers still apply).", seat=seat, payload=payload['face']))
    if payload["ask"]:
        _open_favour(st, payload["ask"].pop(0), payload, front=True)
        return
    data = dict(payload["data"])
    data["favour_done"] = True
    data["favour_face"] = payload["face"]
    _resume(st, out, payload["kind"], data)


def _resume(st: ImperatorState, out: Outcome, kind: str, data: dict[str, Any]) -> None:
    from rules.imperator import combat, movement

    if kind == "evade":
        combat.evade(st, out, data, "evade")
    elif kind == "escape":
        movement.lone_leader_escape(st, out, data["leader"], data)
    elif kind == "assassinate":
        assassinate(st, out, data["role"], data["leader"], data["why"], data)
    elif kind == "plague":
        plague_death_roll(st, out, data)
    elif kind == "rally":
        movement.rally_roll(st, out, data)
    elif kind == "loyalty":
        politics.resume_loyalty(st, out, data)
    elif kind == "spread":
        politics.spread_roll(st, out, data)
    else:  # pragma: no cover - unknown kinds never get stored
        raise RuleError("§6.3", _("unknown roll {kind}", kind=kind))


def favour_roll(st: ImperatorState, die: str, purpose: str, mods: list[tuple[str, int]], data: dict[str, Any]) -> DiceRoll:
    """The roll itself: the face chosen with Faveur divine, if any, plus the modifiers (AMB-45)."""
    face = data.get("favour_face")
    if face is None:
        return st.dice.roll(die, purpose, mods)
    rec = DiceRoll(_("{purpose} (Faveur divine)", purpose=purpose), die, int(face), tuple(mods), int(face) + sum(v for _, v in mods))
    st.dice.rolls.append(rec)
    return rec


def hand_view(st: ImperatorState, seat: str) -> list[dict[str, Any]]:
    return [
        {"id": c, "type": c.split("#")[0], "name": label(c), "phase": ctype(c).phase, "usable": usable(st, seat, c),
         "playable": playable_now(st, seat, c)}
        for c in st.hands.get(seat, [])
    ]
