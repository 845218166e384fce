"""The solo game (§15): you play Sword against three automated rivals (Eagle, Pillar, Wreath).

Barbarians drawn from the deck invade along the current invasion path (§15.2.3) and you may
stop each one as it lands (Defeat or Citizenship, as a pending decision). The rivals draw and
place one card each using the selection criteria and tie-breakers of §15.2.5; they order their
resolutions as in §15.2.6. Choices the rules leave to you (tie-break 6, the #2 space when both
are equal, every rival placement under your Demagogue, which Emperor a rival resolves first when
its own preferences tie) are pending decisions too.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from rules.barracks import engine as E
from rules.barracks import flow
from rules.barracks.data import CARDS, EMPERORS, FACTION_NAMES
from rules.barracks.state import BarracksState
from rules.core.command import Command, GameResult, Outcome
from rules.core.errors import RuleError
from rules.core.i18n import Text, _, _n, join

RIVALS = ("eagle", "pillar", "wreath")
PLAYER = "sword"
TITLES = ((30, "Dominus et Deus"), (25, "Restitutor Orbis"), (20, "Dictator Perpetuo"),
          (15, "Princeps Civitatis"), (10, "Augustus"), (5, "Imperator"), (0, "Plebeian"))
DIFFICULTY_POINTS = {"easy": 0, "normal": 5, "hard": 10}
MAX_DEFEAT_OFFERS = 12


# -- invasion path -----------------------------------------------------------------------------
def _and(names: list[Text]) -> Text:
    """``A``, ``A and B``, ``A, B and C``: faction names in a sentence, translated."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}", names=join(", ", list(names[:-1])), last=names[-1])


def path_number(st: BarracksState, space: str) -> int:
    """Number of a space on the current invasion path (1, 2, 3; 0 when off the path)."""
    if st.path is None:
        return 0
    one, two, three = E.PATHS[st.path]
    if space == one:
        return 1
    if space in two:
        return 2
    if space == three:
        return 3
    return 0


def closest_barbarian(st: BarracksState) -> str | None:
    """The active Barbarian closest to Roma (highest path number)."""
    if not st.barbs:
        return None
    return max(sorted(st.barbs), key=lambda s: path_number(st, s))


def refresh_path(st: BarracksState) -> None:
    if not st.barbs:
        st.path = None


def defeat_limit(st: BarracksState, space: str) -> int:
    return E.DEFEAT_LIMIT[4 if space == "roma" else max(1, path_number(st, space))]


def defeat_offers(st: BarracksState, seat: str, limit: int) -> list[tuple[str, list[str]]]:
    hand = st.hands.get(seat, [])
    reds = sorted(c for c in hand if CARDS[c].suit == "R")
    yellows = sorted(c for c in hand if CARDS[c].suit == "Y")
    offers: list[tuple[str, list[str]]] = []
    for r in reds:
        need = max(0, -(-(CARDS[r].value - limit) // 2))
        if need > len(yellows):
            continue
        for combo in combinations(yellows, need):
            offers.append((r, list(combo)))
            if len(offers) >= MAX_DEFEAT_OFFERS:
                return offers
    return offers


def citizenship_slots(st: BarracksState) -> list[int]:
    influence = [i for i, c in enumerate(st.forum) if not CARDS[c].is_barbarian]
    if len(influence) < 2:
        return []  # the last Influence card of the Forum may not be replaced (§15.2.4)
    return [i for i in influence if CARDS[st.forum[i]].suit == "B"]


def _interrupt_choices(st: BarracksState, space: str) -> list[tuple[str, str]]:
    seat = st.seats[0]
    choices: list[tuple[str, str]] = [("pass", _("Let it be"))]
    for r, mil in defeat_offers(st, seat, defeat_limit(st, space)):
        label = (_n("Defeat it with {card} and {n} militia", "Defeat it with {card} and {n} militia", len(mil),
                    card=E.card_label(r)) if mil else _("Defeat it with {card}", card=E.card_label(r)))
        choices.append((f"defeat:{r}:{'+'.join(mil)}", label))
    for i in citizenship_slots(st):
        choices.append((f"citizenship:{i + 1}",
                        _("Grant Citizenship in place of {card}", card=E.card_label(st.forum[i]))))
    return choices


def _open(st: BarracksState, kind: str, prompt: str, choices: Sequence[tuple[str, str]], default: str,
          section: str, **extra: Any) -> None:
    st.decision_seq += 1
    st.pending = {"id": f"d{st.decision_seq}", "seat": st.seats[0], "kind": kind, "prompt": prompt,
                  "choices": [list(c) for c in choices], "default": default, "section": section, **extra}


def invade(st: BarracksState, bid: str, faction: str, out: Outcome) -> bool:
    """An invading Barbarian lands (§15.2.3). Returns True when a decision now pauses the game."""
    out.cite("§15.2.3")
    if not st.barbs:
        st.path = faction
        one = E.PATHS[faction][0]
        out.say(_("A Barbarian invades from the {faction} side: it lands at {space} (#1).",
                  faction=FACTION_NAMES[faction], space=one))
        return place_invader(st, bid, one, out)
    assert st.path is not None
    one, two, three = E.PATHS[st.path]
    if one not in st.barbs:
        out.say(_("A Barbarian invades at {space} (#1).", space=one))
        return place_invader(st, bid, one, out)
    if two[0] not in st.barbs and two[1] not in st.barbs:
        v = [E.card_value(st, c) if (c := E.uncovered_card(st, s)) else -1 for s in two]
        if v[0] != v[1]:
            cell = two[0] if v[0] > v[1] else two[1]
            out.say(_("A Barbarian invades at {space} (#2, over the higher card).", space=cell))
            return place_invader(st, bid, cell, out)
        _open(st, "path", _("A Barbarian reaches #2: choose {a} or {b}", a=two[0], b=two[1]),
              [(two[0], two[0]), (two[1], two[1])], two[0], "§15.2.3", barb=bid)
        out.say(_("A Barbarian reaches #2 of the invasion path: the player chooses {a} or {b}.", a=two[0], b=two[1]))
        return True
    if three not in st.barbs:
        out.say(_("A Barbarian invades at {space} (#3, next to Roma).", space=three))
        return place_invader(st, bid, three, out)
    out.say(_("A Barbarian marches on Roma!"))
    return place_invader(st, bid, "roma", out)


def place_invader(st: BarracksState, bid: str, space: str, out: Outcome) -> bool:
    out.map_changed = True
    if space != "roma":
        under = st.cards.get(space)
        if under is not None and E.is_castra(st, under):
            del st.cards[space]
            E.discard_card(st, under)
            st.box.append(bid)
            out.say(_("The Castra at {space} holds: it is discarded and the Barbarian goes back to the box.", space=space))
            out.cite("§15.1")
            refresh_path(st)
            return False
        st.barbs[space] = bid
    choices = _interrupt_choices(st, space)
    if len(choices) > 1:
        prompt = (_("A Barbarian is at the gates of Roma: stop it?") if space == "roma"
                  else _("A Barbarian is at {space}: stop it?", space=space))
        _open(st, "invasion", prompt, choices, "pass", "§15.2.4",
              barb=bid, space=space)
        return True
    if space == "roma":
        roma_hit(st, bid, out)
    return False


def roma_hit(st: BarracksState, bid: str, out: Outcome) -> None:
    if st.roma == "fortified":
        st.roma = "unfortified"
        st.box.append(bid)
        out.say(_("The Barbarians breach the walls of Roma: Roma is no longer fortified."))
    else:
        st.roma = "sacked"
        st.box.append(bid)
        st.lost = _("Roma was sacked")
        st.phase = "over"
        out.say(_("Roma is sacked: the game is lost."))
    out.cite("§15.2.3")


def _remove_barbarian(st: BarracksState, space: str) -> None:
    """The stopped invader leaves its space (one at the gates of Roma stands on none)."""
    st.barbs.pop(space, None)
    refresh_path(st)


def _apply_defeat(st: BarracksState, seat: str, red: str, militia: list[str], space: str, bid: str,
                  out: Outcome) -> None:
    hand = st.hands[seat]
    if red not in hand or CARDS[red].suit != "R":
        raise RuleError("§15.2.4", _("defeating a Barbarian takes a Red card from your hand"))
    if len(set(militia)) != len(militia) or any(m not in hand or CARDS[m].suit != "Y" for m in militia):
        raise RuleError("§15.2.4", _("militia are Yellow cards from your hand, each used once"))
    limit = defeat_limit(st, space)
    strength = CARDS[red].value - 2 * len(militia)
    if strength > limit:
        raise RuleError("§15.2.4", _("here the Red card must count {limit} or less after militia "
                                     "(yours counts {strength})", limit=limit, strength=strength))
    for c in [red, *militia]:
        hand.remove(c)
        E.discard_card(st, c)
    st.box.append(bid)
    _remove_barbarian(st, space)
    where = _("at the gates of Roma") if space == "roma" else _("at {space}", space=space)
    if militia:
        out.say(_n("The Barbarian {where} is defeated with {card} and {n} militia.",
                   "The Barbarian {where} is defeated with {card} and {n} militia.", len(militia),
                   where=where, card=E.card_label(red)))
    else:
        out.say(_("The Barbarian {where} is defeated with {card}.", where=where, card=E.card_label(red)))
    out.cite("§15.2.4")
    out.map_changed = True


def _apply_citizenship(st: BarracksState, slot: int, space: str, bid: str, out: Outcome) -> None:
    if slot not in citizenship_slots(st):
        raise RuleError("§15.2.4", _("Citizenship replaces a Blue Influence card of the Forum, "
                                     "never its last Influence card"))
    old = st.forum[slot]
    E.discard_card(st, old)
    st.forum[slot] = bid
    _remove_barbarian(st, space)
    out.say(_("Citizenship: {card} leaves the Forum and the Barbarian settles in its place.", card=E.card_label(old)))
    out.cite("§15.2.4")
    out.map_changed = True


# -- the player's turn -------------------------------------------------------------------------
def begin_player_turn(st: BarracksState, out: Outcome) -> None:
    seat = st.seats[0]
    if st.demagogue == seat:
        st.demagogue = None
        out.say(_("Your Demagogue window closes."))
    st.active, st.phase, st.played = seat, "play", {}
    if not st.hands.get(seat):
        st.lost = "your hand was empty at the start of your turn"
        st.phase = "over"
        out.say(_("Your hand is empty at the start of your turn: the game is lost."))
        out.cite("§15.3")


def player_commands(st: BarracksState, seat: str) -> list[Command]:
    cmds: list[Command] = []
    if not E.legal_plays(st, seat):
        for c in sorted(set(st.hands.get(seat, []))):
            cmds.append(Command("discard", {"card": c}))
    near = closest_barbarian(st)
    if near is not None:
        for r, mil in defeat_offers(st, seat, defeat_limit(st, near)):
            cmds.append(Command("defeat", {"card": r, "militia": mil}))
        for i in citizenship_slots(st):
            cmds.append(Command("citizenship", {"slot": str(i + 1)}))
    return cmds


def player_action(st: BarracksState, seat: str, name: str, args: dict[str, Any], out: Outcome) -> None:
    card = str(args.get("card", ""))
    if name == "discard":
        if E.legal_plays(st, seat):
            raise RuleError("§15.2.4", _("you may discard only when you have no legal play"))
        if card not in st.hands[seat]:
            raise RuleError("§15.2.4", _("{card} is not in your hand", card=repr(card)))
        st.hands[seat].remove(card)
        E.discard_card(st, card)
        out.say(_("You have no legal play and discard {card}; no Forum card this turn.", card=E.card_label(card)))
        out.cite("§15.2.4")
        st.played = {"card": card, "space": "", "value": 0, "how": "forced", "actor": seat, "abil": False}
        flow.end_turn(st, seat, out)
        return
    near = closest_barbarian(st)
    if near is None:
        raise RuleError("§15.2.4", _("there is no Barbarian on the board"))
    bid = st.barbs[near]
    if name == "defeat":
        mil = args.get("militia") or []
        if isinstance(mil, str):
            mil = [m for m in mil.replace("+", ",").split(",") if m]
        _apply_defeat(st, seat, card, [str(m) for m in mil], near, bid, out)
    else:
        slot = str(args.get("slot", ""))
        if not slot.isdigit():
            raise RuleError("§15.2.4", _("name the Forum slot (1-4) of a Blue card"))
        _apply_citizenship(st, int(slot) - 1, near, bid, out)
    st.played = {"card": card, "space": "", "value": 0, "how": name, "actor": seat, "abil": False}
    flow.after_ability(st, seat, out)


def player_draw(st: BarracksState, seat: str, why: str, out: Outcome) -> bool:
    """You draw (a Forum refill or Princeps): Barbarians invade and you draw again (§15.2.2).
    Returns False when a decision pauses the game (the rest runs after it)."""
    while st.deck:
        c = st.deck.pop(0)
        out.commit_point = True
        if CARDS[c].is_barbarian:
            out.say(_("A Barbarian is drawn!"))
            if invade(st, c, PLAYER, out) or resolve_completed(st, out):
                st.resume = [{"op": why, "actor": seat}]
                return False
            if st.lost:
                return False
            continue
        if why == "refill":
            st.forum.append(c)
            out.say(_("{card} is turned up into the Forum.", card=E.card_label(c)))
        else:
            st.hands[seat].append(c)
            out.tell(seat, _("Princeps Senatus: you draw {card}.", card=E.card_label(c)))
        return True
    return True


def resolve_completed(st: BarracksState, out: Outcome) -> bool:
    """§7.0 on your turn: Emperors an invader has just surrounded are resolved at once, in the
    order you choose (a pending decision when several wait). True when the game now waits."""
    while not st.lost:
        ready = E.resolvable(st)
        if not ready:
            return False
        if len(ready) == 1:
            E.resolve(st, ready[0], out)
            continue
        names = [(e, _("{space}: {emperor}", space=e, emperor=E.emperor_label(st.emperors[e]))) for e in ready]
        _open(st, "resolve_order", _("Several Emperors are surrounded: which is resolved first?"),
              names, ready[0], "§7.0")
        out.say(_("Several Emperors are surrounded: the player chooses which is resolved first (§7.0)."))
        out.cite("§7.0")
        return True
    return False


def after_player_turn(st: BarracksState, out: Outcome) -> None:
    if _round_over(st, out):
        return
    rival_turn(st, RIVALS[0], out)


def _round_over(st: BarracksState, out: Outcome) -> bool:
    if st.lost:
        st.phase = "over"
        return True
    if not st.emperors or not st.deck:
        why = _("every Emperor is resolved") if not st.emperors else _("the draw deck is exhausted")
        out.say(_("Round {round} ends: {why}.", round=st.round, why=why))
        out.cite("§15.2")
        flow.end_round(st, out)
        return True
    return False


# -- rivals ------------------------------------------------------------------------------------
def rival_turn(st: BarracksState, faction: str, out: Outcome) -> None:
    st.active, st.phase = faction, "rival"
    st.played = {}
    if st.demagogue == faction:
        st.demagogue = None
    c = st.deck.pop(0)
    out.commit_point = True
    name = FACTION_NAMES[faction]
    if CARDS[c].is_barbarian:
        out.say(_("{rival} draws a Barbarian.", rival=name))
        st.played = {"card": c, "space": "", "value": 0, "how": "rival", "actor": faction, "abil": False}
        if invade(st, c, faction, out):
            st.resume = [{"op": "rival_resolve", "faction": faction}]
            return
        if st.lost:
            return
        flow.continue_resolution(st, faction, out)
        return
    spaces = E.legal_spaces(st, faction)
    if not spaces:
        E.discard_card(st, c)
        out.say(_("{rival} draws {card} but has no legal space: it is discarded.", rival=name, card=E.card_label(c)))
        out.cite("§15.2.5")
        rival_turn_done(st, faction, out)
        return
    if st.demagogue == st.seats[0]:
        ai = choose_spaces(st, faction, c)
        _open(st, "rival_place", _("Your Demagogue: where does {card} of {rival} go?", card=E.card_label(c), rival=name),
              [(s, s) for s in spaces], ai[0], "§15.1", card=c, faction=faction)
        out.say(_("{rival} draws {card}; under the Demagogue the player places it.", rival=name, card=E.card_label(c)))
        return
    choice = choose_spaces(st, faction, c)
    if len(choice) > 1:
        _open(st, "rival_place", _("{card} of {rival}: tied spaces, you choose (tie-break 6)", card=E.card_label(c),
                                    rival=name),
              [(s, s) for s in choice], choice[0], "§15.2.5", card=c, faction=faction)
        out.say(_("{rival} draws {card}: the player breaks the tie between {spaces}.", rival=name,
                  card=E.card_label(c), spaces=", ".join(choice)))
        return
    rival_place(st, faction, c, choice[0], out)


def rival_place(st: BarracksState, faction: str, cid: str, space: str, out: Outcome) -> None:
    st.cards[space] = cid
    st.placed_by[cid] = faction
    st.played = {"card": cid, "space": space, "value": CARDS[cid].value, "how": "rival", "actor": faction,
                 "abil": False}
    out.say(_("{rival} plays {card} at {space}.", rival=FACTION_NAMES[faction], card=E.card_label(cid), space=space))
    out.cite("§15.2.5")
    out.map_changed = True
    flow.continue_resolution(st, faction, out)


def rival_turn_done(st: BarracksState, faction: str, out: Outcome) -> None:
    if _round_over(st, out):
        return
    i = RIVALS.index(faction)
    if i + 1 < len(RIVALS):
        rival_turn(st, RIVALS[i + 1], out)
    else:
        begin_player_turn(st, out)


def _simulate(st: BarracksState, faction: str, cid: str, space: str) -> tuple[dict[str, int], int]:
    """Captures by faction that ``faction`` putting ``cid`` at ``space`` brings about, and the
    number of Emperors then surrounded. Captures the board would give without the card (an
    Emperor already waiting) are not the placement's doing (§15.2.5) and are left out."""
    sim = copy.deepcopy(st)
    sim.cards[space] = cid
    surrounded = sum(1 for e in E.EMP_LABELS if E.surrounded(sim, e))
    wins = _resolve_all(sim, faction)
    if E.resolvable(st):
        before = _resolve_all(copy.deepcopy(st), faction)
        wins = {f: max(0, n - before[f]) for f, n in wins.items()}
    return wins, surrounded


def _resolve_all(sim: BarracksState, faction: str) -> dict[str, int]:
    wins = {f: 0 for f in E.FACTIONS_ALL}
    while True:
        ready = E.resolvable(sim)
        if not ready:
            return wins
        e = ready[0] if len(ready) == 1 else rival_resolution_choice(sim, faction, ready)
        v = E.resolve(sim, e, None)
        if v.kind == "capture":
            wins[v.faction] += 1


def rival_resolution_ranking(st: BarracksState, faction: str, ready: list[str]) -> list[tuple[str, tuple[Any, ...]]]:
    """§15.2.6 for a rival with several surrounded Emperors: the Emperors it may resolve first,
    each with what would follow (who captures which Emperor, the rest in its own order).

    The rival prefers the fewest Emperors for you and the other rivals, then its own wins first,
    then the other rivals', then yours. The list holds only the Emperors tied on those
    preferences, in board order (the first one is the default)."""
    ranked: list[tuple[tuple[int, int], int, str, tuple[Any, ...]]] = []
    for i, e in enumerate(ready):
        v = E.judge(st, e)
        cat = 0 if v.faction == faction else (2 if v.faction == PLAYER else 1)
        sim = copy.deepcopy(st)
        E.resolve(sim, e, None)
        wins = {f: 0 for f in E.FACTIONS_ALL}
        course: list[tuple[str, str, str]] = [(e, v.kind, v.faction)]
        if v.kind == "capture":
            wins[v.faction] += 1
        while True:  # the rest greedily in board order, own wins first
            rest = E.resolvable(sim)
            if not rest:
                break
            nxt = min(rest, key=lambda x: (0 if E.judge(sim, x).faction == faction else 1, rest.index(x)))
            w = E.resolve(sim, nxt, None)
            course.append((nxt, w.kind, w.faction))
            if w.kind == "capture":
                wins[w.faction] += 1
        others = sum(n for f, n in wins.items() if f != faction)
        ranked.append(((others, cat), i, e, tuple(course)))
    best = min(r[0] for r in ranked)
    return [(e, course) for key, _, e, course in sorted(ranked) if key == best]


def rival_resolution_choice(st: BarracksState, faction: str, ready: list[str]) -> str:
    """The Emperor the rival resolves next when nobody is asked: the first of its ranking."""
    return rival_resolution_ranking(st, faction, ready)[0][0]


def course_text(st: BarracksState, course: tuple[Any, ...]) -> str:
    """What a resolution order gives, in words: "Eagle takes Probus, Decius dies"."""
    parts = []
    for e, kind, faction in course:
        name = EMPERORS[st.emperors[e]].name if e in st.emperors else e
        parts.append(_("{faction} takes {emperor}", faction=FACTION_NAMES[faction], emperor=name)
                     if kind == "capture" else _("{emperor} dies", emperor=name))
    return join(", ", parts)  # marked: shown in the reader's language (issue 13)


def ask_rival_tie(st: BarracksState, faction: str, ready: list[str], out: Outcome) -> bool:
    """§15.2.6: when the rival's own preferences leave a tie that decides which of the other
    rivals captures what, the player chooses (a pending decision; the default is the
    board-order choice). Other ties go in board order. Returns True when the game now waits."""
    ranking = rival_resolution_ranking(st, faction, ready)

    def others_gain(course: tuple[Any, ...]) -> frozenset[tuple[str, str]]:
        return frozenset((e, f) for e, kind, f in course if kind == "capture" and f in RIVALS and f != faction)

    if len({others_gain(course) for _, course in ranking}) < 2:
        return False
    # the label stays a marked sentence (the menu cuts it at Discord's 100 characters)
    choices = [(e, _("{emperor} first: {course}", emperor=e, course=course_text(st, course)))
               for e, course in ranking]
    name = FACTION_NAMES[faction]
    _open(st, "rival_tie", _("{rival} resolves several Emperors: which goes first? (you break the tie)", rival=name),
          choices, ranking[0][0], "§15.2.6", faction=faction)
    out.say(_("{rival} must choose which other rival gains: the player decides which of {emperors} is "
              "resolved first.", rival=name, emperors=", ".join(e for e, _course in ranking)))
    out.cite("§15.2.6")
    return True


def _emperor_of(st: BarracksState, faction: str, space: str) -> str:
    for f, e in E.SPACE_SIDES_L[space]:
        if f == faction and (e in st.emperors or e == E.CENTRE_L):
            return e
    return ""


def choose_spaces(st: BarracksState, faction: str, cid: str) -> list[str]:
    """The rival's choice by the criteria and tie-breakers of §15.2.5 (several when tied to the end)."""
    spaces = E.legal_spaces(st, faction)
    if not spaces:
        return []
    suit = CARDS[cid].suit
    sims: dict[str, tuple[dict[str, int], int]] = {s: _simulate(st, faction, cid, s) for s in spaces}

    def self_wins(s: str) -> bool:
        return sims[s][0][faction] > 0

    def lets_player(s: str) -> bool:
        return sims[s][0][PLAYER] > 0

    def lets_rival(s: str) -> bool:
        return any(sims[s][0][g] > 0 for g in RIVALS if g != faction)

    def unsafe(s: str) -> bool:
        return (lets_player(s) or lets_rival(s)) and not self_wins(s)

    def leads(s: str, e: str) -> bool:
        trial = copy.copy(st)
        trial.cards = dict(st.cards)
        trial.cards[s] = cid
        win = E.leader(trial, e)
        return win is not None and win.space == s

    crits: list[list[str]] = [[s for s in spaces if self_wins(s)], [], [], [], list(spaces)]
    for s in spaces:
        e = _emperor_of(st, faction, s)
        if not e or e == E.CENTRE_L:
            continue
        colour = EMPERORS[st.emperors[e]].colour
        if suit == colour:
            crits[3].append(s)
            if leads(s, e):
                crits[1].append(s)
        else:
            has_trump = any(
                (c := E.uncovered_card(st, side)) is not None and E.card_suit(st, c) == colour
                for side in E.SIDES_OF[e].values()
            )
            if not has_trump and leads(s, e):
                crits[2].append(s)

    def cards_on(s: str) -> int:
        e = _emperor_of(st, faction, s)
        return sum(1 for side in E.SIDES_OF[e].values() if E.occupied(st, side)) if e else 0

    def trump_neighbours(s: str) -> int:
        return sum(1 for e in E.ADJ_L[s] if e in st.emperors and EMPERORS[st.emperors[e]].colour == suit)

    for k, cands in enumerate(crits, 1):
        if not cands:
            continue
        keys = [
            lambda s: lets_player(s),
            lambda s: lets_rival(s),
            (lambda s: -cards_on(s)) if k <= 3 else (lambda s: cards_on(s)),
            trump_neighbours,
            lambda s: sims[s][1],
        ]
        tied = list(cands)
        for key in keys:
            low = min(key(s) for s in tied)
            tied = [s for s in tied if key(s) == low]
            if len(tied) == 1:
                break
        if k < 5 and unsafe(tied[0]):
            continue  # the global override: on to the next criterion
        return tied
    return list(spaces)


# -- decisions ---------------------------------------------------------------------------------
def decide(st: BarracksState, seat: str, did: str, choice: str, out: Outcome) -> None:
    p = st.pending
    if not p:
        raise RuleError("", _("there is no pending decision"))
    if seat != p["seat"]:
        raise RuleError("", _("this decision is not yours"))
    if did != p["id"]:
        raise RuleError("", _("that decision ({id}) is no longer open", id=did))
    if choice not in [v for v, _ in p["choices"]]:
        raise RuleError(p.get("section", ""), _("choose one of: {choices}",
                                                 choices=", ".join(v for v, _label in p["choices"])))
    st.pending = {}
    kind = p["kind"]
    if kind == "invasion":
        space, bid = p["space"], p["barb"]
        if choice.startswith("defeat:"):
            _kind, red, mil = choice.split(":", 2)
            _apply_defeat(st, seat, red, [m for m in mil.split("+") if m], space, bid, out)
        elif choice.startswith("citizenship:"):
            _apply_citizenship(st, int(choice.split(":")[1]) - 1, space, bid, out)
        elif space == "roma":
            roma_hit(st, bid, out)
        if st.lost:
            st.resume = []
            return
    elif kind == "path":
        if place_invader(st, p["barb"], choice, out):  # a #2 space: Roma is not hit from there
            return
    elif kind == "rival_place":
        st.resume = []
        rival_place(st, p["faction"], p["card"], choice, out)
        return
    elif kind == "rival_tie":
        E.resolve(st, choice, out)
        flow.continue_resolution(st, p["faction"], out)
        return
    elif kind == "resolve_order":
        E.resolve(st, choice, out)
    _resume(st, out)


def _resume(st: BarracksState, out: Outcome) -> None:
    if not st.resume:
        return
    step = st.resume.pop()
    op = step["op"]
    if op in ("refill", "princeps") and resolve_completed(st, out):
        st.resume.append(step)  # your turn goes on once the order is chosen
        return
    if op == "refill":
        if player_draw(st, step["actor"], "refill", out):
            flow.finish_select(st, step["actor"], out)
    elif op == "princeps":
        if player_draw(st, step["actor"], "princeps", out):
            flow.offer_select(st, step["actor"], out)
    elif op == "rival_resolve":
        flow.continue_resolution(st, step["faction"], out)


# -- result and view ---------------------------------------------------------------------------
def victory_points(st: BarracksState) -> dict[str, int]:
    return {
        "difficulty": DIFFICULTY_POINTS[st.difficulty],
        "roma_unfortified_start": 5 if st.roma_start == "unfortified" else 0,
        "no_barbarians_on_map": 5 if not st.barbs else 0,
        "forum_free_of_barbarians": 2 * sum(1 for c in st.forum if not CARDS[c].is_barbarian)
        + 2 * max(0, 4 - len(st.forum)),
        "barbarians_captured": E.area_stats(st, PLAYER)["barbarians"],
    }


def title_for(points: int) -> str:
    for low, name in TITLES:
        if points >= low:
            return name
    return "Plebeian"


def result(st: BarracksState) -> GameResult:
    seat = st.seats[0]
    scores = tuple((f, E.area_stats(st, f)["score"]) for f in E.FACTIONS_ALL)
    if st.lost:
        return GameResult((), _("Defeat: {reason}.", reason=st.lost), "defeat", scores)
    ranks = E.ranking(st)
    mine = dict(ranks)[PLAYER]
    ahead = [a for a, k in ranks if k > mine]
    if ahead:
        names = _and([FACTION_NAMES[a] for a in ahead])
        return GameResult((), _("Defeat: {names} finished ahead of you.", names=names), "defeat", scores)
    pts = sum(victory_points(st).values())
    title = title_for(pts)
    # still tied after every tie-break of §3.0: the victory is shared, and still yours (§15.3)
    tied = [a for a, k in ranks if k == mine and a != PLAYER]
    if tied:
        names = _and([FACTION_NAMES[a] for a in tied])
        return GameResult((seat,), _("Victory shared with {names} at {points} Legacy points: level {level}, "
                                     "{title}.", names=names, points=mine[0], level=pts, title=title),
                          title, scores)
    return GameResult((seat,), _("Victory with {points} Legacy points: level {level}, {title}.",
                                 points=mine[0], level=pts, title=title), title, scores)


def public_info(st: BarracksState) -> dict[str, Any]:
    path = None
    if st.path is not None:
        one, two, three = E.PATHS[st.path]
        path = {"side": st.path, "spaces": {"1": [one], "2": list(two), "3": [three]}}
    return {
        "difficulty": st.difficulty, "roma": st.roma, "roma_start": st.roma_start, "path": path,
        "barbarian_box": len(st.box), "forum_barbarians": sum(1 for c in st.forum if CARDS[c].is_barbarian),
        "lost": st.lost, "victory_points": victory_points(st),
        "pending": ({"kind": st.pending["kind"], "prompt": st.pending["prompt"]} if st.pending else None),
    }
