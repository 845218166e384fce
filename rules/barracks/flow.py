"""The turn of The Barracks Emperors (§5.0): play, abilities, resolution, Forum; rounds.

A turn moves through phases stored in ``state.phase``:
``play`` -> (``ability``) -> (``resolve`` when the player must order several Emperors) ->
``select`` (or ``frumentarii``) -> the next turn. Steps with a single possibility run at once.
"""

from __future__ import annotations

from rules.barracks import engine as E
from rules.barracks.data import CARDS, FACTION_NAMES
from rules.barracks.state import BarracksState
from rules.core.command import Outcome
from rules.core.errors import RuleError
from rules.core.i18n import Text, _, _n, join


def who(st: BarracksState, actor: str) -> Text:
    if actor in FACTION_NAMES:
        return FACTION_NAMES[actor]
    facs = join(" + ", [FACTION_NAMES[f] for f in E.seat_factions(st, actor)])
    return join("", [actor, " (", facs, ")"])


# -- step 1: play ------------------------------------------------------------------------------
def do_play(st: BarracksState, actor: str, cid: str, space: str, origin: str, out: Outcome) -> None:
    hand = st.hands.get(actor, [])
    if cid not in hand:
        raise RuleError("§6.0", _("{card} is not a card in your hand", card=repr(cid)))
    info = CARDS[cid]
    if origin:
        if not info.is_barbarian:
            raise RuleError("§6.2", _("only a Barbarian card can be discarded to move a Barbarian"))
        if (origin, space) not in E.barbarian_moves(st):
            raise RuleError("§6.2", _("the Barbarian cannot move from {origin} to {space}: it moves one "
                                      "diagonal step to a space without a Barbarian, next to an Emperor, "
                                      "never onto a Castra", origin=origin, space=space))
        hand.remove(cid)
        st.barbs[space] = st.barbs.pop(origin)
        st.discard.append(cid)
        out.say(_("{who} discards a Barbarian card to move the Barbarian at {origin} to {space}.",
                  who=who(st, actor), origin=origin, space=space))
        out.cite("§6.2")
        st.played = {"card": cid, "space": space, "value": 0, "how": "move", "actor": actor, "abil": False}
        out.map_changed = True
        after_ability(st, actor, out)
        return
    spaces = E.placement_spaces(st, actor, cid)
    if space not in spaces:
        if info.is_barbarian:
            raise RuleError("§6.2", _("a Barbarian goes to a homeland space with no Barbarian, next to "
                                      "an Emperor and not onto a Castra; {space} is not one", space=space))
        if space in E.INFLUENCE_L and E.occupied(st, space):
            raise RuleError("§9.0", _("{space} is already occupied", space=space))
        raise RuleError("§9.0", _("{space} is not a legal space for {card} (an empty space on your "
                                  "faction's side of an Emperor in play)", space=space, card=card_label_short(cid)))
    how = spaces[space]
    hand.remove(cid)
    out.map_changed = True
    st.placed_by[cid] = actor  # public: who played it (the table image shows it)
    if info.is_barbarian:
        st.barbs[space] = cid
        covered = st.cards.get(space)
        if covered:
            out.say(_("{who} places a Barbarian at {space}, covering {card}.",
                      who=who(st, actor), space=space, card=E.card_label(covered)))
        else:
            out.say(_("{who} places a Barbarian at {space}.", who=who(st, actor), space=space))
        out.cite("§6.2")
    else:
        if how == "praetorian":
            old = st.cards.pop(space)
            E.discard_card(st, old)
            out.say(_("Praetorian Guard: {card} at {space} is discarded.", card=E.card_label(old), space=space))
        elif how in ("foederati", "triumph"):
            bid = st.barbs.pop(space)
            under = st.cards.pop(space, None)
            if under is not None:
                E.discard_card(st, under)
            if how == "triumph":
                area = E.area_of_seat(st, actor)
                st.areas[area].append(bid)
                out.say(_("Triumph: the Barbarian at {space} goes to the scoring area of {area}.",
                          space=space, area=E.area_title(st, area)))
            else:
                E.discard_barbarian(st, bid)
                out.say(_("Foederati: the Barbarian at {space} is discarded.", space=space))
        st.cards[space] = cid
        if how == "forcemarch":
            out.say(_("{who} plays {card} at {space} by Force March.",
                      who=who(st, actor), card=E.card_label(cid), space=space))
        else:
            out.say(_("{who} plays {card} at {space}.", who=who(st, actor), card=E.card_label(cid), space=space))
        out.cite("§6.1")
        if how != "normal":
            out.cite("§10.0")
    st.played = {"card": cid, "space": space, "value": info.value, "how": how, "actor": actor,
                 "abil": not E.ability_blocked(st, actor, info.key) and not info.is_barbarian}
    enter_ability(st, actor, out)


def card_label_short(cid: str) -> Text:
    return E.card_label(cid)


# -- abilities ---------------------------------------------------------------------------------
def played_on(st: BarracksState, actor: str, space: str) -> list[str]:
    """The Emperors a card was played on: those whose side for one of the actor's factions it is."""
    facs = E.usable_factions(st, actor)
    return [e for f, e in E.SPACE_SIDES_L[space] if f in facs and e in st.emperors]


def ability_targets(st: BarracksState, actor: str) -> list[str]:
    p = st.played
    if not p or not p.get("abil"):
        return []
    cid, space = p["card"], p["space"]
    info = CARDS[cid]
    key = info.key
    if key in ("reinforcements", "peddling", "popularity"):
        return sorted(
            s for s, c in st.cards.items()
            if c != cid and s not in st.barbs and c not in st.flipped and CARDS[c].suit == info.suit
            and not E.is_castra(st, c) and info.value not in st.counters.get(c, [])
        )
    if key == "flanking":
        return [d for d in E.DIAG_L[space] if (c := E.uncovered_card(st, d)) is not None and not E.is_castra(st, c)]
    if key in ("spiculum", "mob"):
        targets: set[str] = set()
        for e in played_on(st, actor, space):
            for s in E.SIDES_OF[e].values():
                if s == space:
                    continue
                if s in st.barbs:
                    if key == "spiculum":
                        targets.add(s)
                    continue
                c = st.cards.get(s)
                if c is None or E.is_castra(st, c):
                    continue
                if key == "mob" and c in st.flipped:
                    continue
                targets.add(s)
        return sorted(targets)
    if key == "vulgus":
        return sorted(s for s, c in st.cards.items() if c != cid and s not in st.barbs
                      and c not in st.flipped and CARDS[c].suit == "Y")
    if key == "tribute":
        if st.mode == "solo":
            from rules.barracks import solo

            near = solo.closest_barbarian(st)
            return [near] if near else []
        return sorted(st.barbs)
    if key == "princeps":
        return ["draw"] if st.deck and not st.exhausted else []
    if key == "damnatio":
        return [e for e in E.ADJ_L[space] if e in st.emperors]
    if key == "pretender":
        if not st.pretenders:
            return []
        return [e for e in E.EMP_LABELS if e not in st.emperors and not (st.mode == "solo" and e == E.CENTRE_L)]
    if key == "demagogue":
        return ["on"]
    return []


def enter_ability(st: BarracksState, actor: str, out: Outcome) -> None:
    if ability_targets(st, actor):
        st.phase = "ability"
        return
    after_ability(st, actor, out)


def do_ability(st: BarracksState, actor: str, target: str, out: Outcome) -> None:
    targets = ability_targets(st, actor)
    if target not in targets:
        raise RuleError("§10.0", _("{target} is not a target of {card} (choose from {targets})",
                                   target=repr(target), card=E.card_label(st.played["card"]),
                                   targets=", ".join(targets)))
    cid, space = st.played["card"], st.played["space"]
    info = CARDS[cid]
    key = info.key
    out.cite("§10.0")
    out.map_changed = True
    if key in ("reinforcements", "peddling", "popularity"):
        c = st.cards[target]
        st.counters.setdefault(c, []).append(info.value)
        out.say(_("{ability}: +{value} on {card} at {target} (now {total}).", ability=info.name,
                  value=info.value, card=E.card_label(c), target=target, total=E.card_value(st, c)))
    elif key == "flanking":
        st.cards[space], st.cards[target] = st.cards[target], st.cards[space]
        st.played["space"] = target
        out.say(_("Flanking Maneuver: it trades places with {card} ({space} <-> {target}).",
                  card=E.card_label(st.cards[space]), space=space, target=target))
    elif key == "spiculum":
        if target in st.barbs:
            E.clear_space_barb(st, target)
            out.say(_("Spiculum: the Barbarian at {target} is discarded.", target=target))
        else:
            c = st.cards[target]
            E.clear_space_card(st, target)
            out.say(_("Spiculum: {card} at {target} is discarded.", card=E.card_label(c), target=target))
    elif key == "mob":
        c = st.cards[target]
        st.counters.pop(c, None)
        st.flipped.append(c)
        out.say(_("Mob: {card} at {target} is turned face down (a blank 0).", card=E.card_label(c), target=target))
    elif key == "vulgus":
        c = st.cards[target]
        E.clear_space_card(st, target)
        out.say(_("Mobile Vulgus: {card} at {target} is discarded.", card=E.card_label(c), target=target))
    elif key == "tribute":
        if st.mode == "solo":
            bid = st.barbs.pop(target)
            st.deck.append(bid)
            st.dice.shuffle(st.deck)
            out.commit_point = True
            out.say(_("Tribute: the Barbarian at {target} is shuffled back into the draw deck.", target=target))
            from rules.barracks import solo

            solo.refresh_path(st)
        else:
            E.clear_space_barb(st, target)
            out.say(_("Tribute: the Barbarian at {target} is discarded.", target=target))
    elif key == "princeps":
        st.princeps = True
        out.say(_("Princeps Senatus: an extra card will be drawn at the end of the turn."))
    elif key == "damnatio":
        eid = st.emperors.pop(target)
        st.removed.append(eid)
        out.say(_("Damnatio Memoriae: {emperor} at {target} is struck from the game.",
                  emperor=E.emperor_label(eid), target=target))
        E.cleanup_orphans(st, out)
    elif key == "pretender":
        eid = st.pretenders.pop(st.dice.randint(0, len(st.pretenders) - 1))
        st.emperors[target] = eid
        out.commit_point = True
        out.say(_("Pretender: {emperor} claims the throne at {target}.", emperor=E.emperor_label(eid), target=target))
    elif key == "demagogue":
        st.demagogue = actor
        out.say(_("Demagogue: the other players' card abilities are silenced until the next turn of {who}.",
                  who=who(st, actor)))
    after_ability(st, actor, out)


def do_skip(st: BarracksState, actor: str, out: Outcome) -> None:
    out.say(_("{who} does not use the ability of {card}.", who=who(st, actor), card=E.card_label(st.played["card"])))
    after_ability(st, actor, out)


def after_ability(st: BarracksState, actor: str, out: Outcome) -> None:
    st.phase = "resolve"
    continue_resolution(st, actor, out)


# -- step 2: resolve ---------------------------------------------------------------------------
def continue_resolution(st: BarracksState, actor: str, out: Outcome) -> None:
    while True:
        ready = E.resolvable(st)
        if not ready:
            break
        if len(ready) == 1:
            E.resolve(st, ready[0], out)
            continue
        if actor in FACTION_NAMES:  # a solo rival orders its own resolutions (§15.2.6)
            from rules.barracks import solo

            if solo.ask_rival_tie(st, actor, ready, out):
                return  # the player breaks the rival's tie (§15.2.6); decide() goes on
            E.resolve(st, solo.rival_resolution_choice(st, actor, ready), out)
            continue
        st.phase = "resolve"
        return
    after_resolution(st, actor, out)


def do_resolve(st: BarracksState, actor: str, emp: str, out: Outcome) -> None:
    ready = E.resolvable(st)
    if emp not in ready:
        raise RuleError("§7.0", _("{emperor} is not a surrounded Emperor waiting to be resolved "
                                  "(choose from {ready})", emperor=emp, ready=", ".join(ready)))
    E.resolve(st, emp, out)
    continue_resolution(st, actor, out)


def after_resolution(st: BarracksState, actor: str, out: Outcome) -> None:
    if actor in FACTION_NAMES:
        from rules.barracks import solo

        solo.rival_turn_done(st, actor, out)
        return
    enter_select(st, actor, out)


# -- step 3: select ----------------------------------------------------------------------------
def frumentarii_available(st: BarracksState) -> bool:
    p = st.played
    return bool(p and p.get("abil") and CARDS[p["card"]].key == "frumentarii" and st.deck and not st.exhausted)


def enter_select(st: BarracksState, actor: str, out: Outcome) -> None:
    st.phase = "select"
    if st.princeps:
        st.princeps = False
        if st.deck and not st.exhausted:
            if st.mode == "solo":
                from rules.barracks import solo

                if not solo.player_draw(st, actor, "princeps", out):
                    return
            else:
                c = st.deck.pop(0)
                st.hands[actor].append(c)
                out.tell(actor, _("Princeps Senatus: you draw {card}.", card=E.card_label(c)))
                out.say(_("{who} draws the top card of the deck (Princeps Senatus).", who=who(st, actor)))
                out.commit_point = True
    offer_select(st, actor, out)


def offer_select(st: BarracksState, actor: str, out: Outcome) -> None:
    st.phase = "select"
    opts = E.forum_options(st)
    if not opts and not frumentarii_available(st):
        E.exhaust_if_empty(st, out)
        end_turn(st, actor, out)
        return
    if len(opts) == 1 and not frumentarii_available(st):
        take_forum(st, actor, opts[0], out)


def take_forum(st: BarracksState, actor: str, slot: int, out: Outcome) -> None:
    opts = E.forum_options(st)
    if slot not in opts:
        reach = ", ".join(str(i + 1) for i in opts) or _("none")
        raise RuleError("§8.0", _("Forum slot {slot} is out of reach after playing a {value} "
                                  "(slots you may take: {reach})", slot=slot + 1,
                                  value=st.played.get("value", 0), reach=reach))
    c = st.forum.pop(slot)
    st.hands[actor].append(c)
    out.say(_("{who} takes {card} from the Forum.", who=who(st, actor), card=E.card_label(c)))
    out.cite("§8.0")
    refill_forum(st, actor, out)


def refill_forum(st: BarracksState, actor: str, out: Outcome) -> None:
    if st.mode == "solo":
        from rules.barracks import solo

        if not solo.player_draw(st, actor, "refill", out):
            return
        finish_select(st, actor, out)
        return
    if st.deck:
        new = st.deck.pop(0)
        E.forum_insert(st, new)
        out.say(_("{card} is turned up into the Forum.", card=E.card_label(new)))
        out.commit_point = True
    finish_select(st, actor, out)


def finish_select(st: BarracksState, actor: str, out: Outcome) -> None:
    E.exhaust_if_empty(st, out)
    end_turn(st, actor, out)


def start_frumentarii(st: BarracksState, actor: str, out: Outcome) -> None:
    if not frumentarii_available(st):
        raise RuleError("§10.0", _("Frumentarii can be used only at the end of the turn it was played, "
                                   "with cards left in the deck"))
    st.seen = st.deck[:4]
    del st.deck[: len(st.seen)]
    st.phase = "frumentarii"
    out.say(_n("{who} uses Frumentarii and looks at {n} card of the deck.",
               "{who} uses Frumentarii and looks at {n} cards of the deck.", len(st.seen), who=who(st, actor)))
    out.tell(actor, _("Frumentarii: you see {cards}.",
                      cards=", ".join(f"{c} ({E.card_label(c)})" for c in st.seen)))
    out.commit_point = True
    out.cite("§10.0")
    if st.mode == "solo" and all(CARDS[c].is_barbarian for c in st.seen):
        st.deck.extend(st.seen)  # nothing to keep: the Barbarians go back under the deck
        st.seen = []
        out.say(_("Frumentarii finds only Barbarians: they go to the bottom of the deck."))
        finish_select(st, actor, out)


def frumentarii_keep(st: BarracksState, actor: str, cid: str, order: list[str] | None, out: Outcome) -> None:
    keepable = [c for c in st.seen if not (st.mode == "solo" and CARDS[c].is_barbarian)]
    if cid not in keepable:
        raise RuleError("§10.0", _("keep one of the cards you looked at: {cards}", cards=", ".join(keepable)))
    rest = [c for c in st.seen if c != cid]
    if order:
        if sorted(order) != sorted(rest):
            raise RuleError("§10.0", _("the order must list every other card you looked at exactly once"))
        rest = list(order)
    st.hands[actor].append(cid)
    st.deck.extend(rest)
    st.seen = []
    out.say(_n("{who} keeps one card and puts {n} at the bottom of the deck.",
               "{who} keeps one card and puts {n} at the bottom of the deck.", len(rest), who=who(st, actor)))
    out.tell(actor, _("You keep {card}.", card=E.card_label(cid)))
    finish_select(st, actor, out)


# -- turns and rounds --------------------------------------------------------------------------
def end_turn(st: BarracksState, actor: str, out: Outcome) -> None:
    st.turn += 1
    if st.mode == "solo":
        from rules.barracks import solo

        solo.after_player_turn(st, out)
        return
    begin_turn(st, E.next_seat(st, actor), out)


def begin_turn(st: BarracksState, seat: str, out: Outcome) -> None:
    if st.demagogue == seat:
        st.demagogue = None
        out.say(_("The Demagogue window of {who} closes.", who=who(st, seat)))
    st.active = seat
    st.phase = "play"
    st.played = {}
    if st.mode == "solo":
        return
    if not E.can_play(st, seat):
        hand = st.hands.get(seat, [])
        st.revealed = {seat: list(hand)}
        shown = join(", ", [E.card_label(c) for c in hand]) if hand else _("an empty hand")
        out.say(_("{who} cannot play and shows {shown}: round {round} ends.",
                  who=who(st, seat), shown=shown, round=st.round))
        out.cite("§5.0")
        end_round(st, out)


def end_round(st: BarracksState, out: Outcome) -> None:
    st.demagogue = None
    parts = []
    for a in E.area_names(st):
        stats = E.area_stats(st, a)
        parts.append(join(" ", [E.area_title(st, a), str(stats["score"])]))
    out.say(_("Scores after round {round}: {scores}.", round=st.round, scores=join(", ", parts)))
    out.map_changed = True
    if st.round >= st.rounds or st.lost:
        st.phase = "over"
        out.say(_("The game is over."))
        return
    st.round += 1
    revealed = st.revealed
    E.setup_round(st, out)
    st.revealed = revealed
    start = E.start_player_for_round(st)
    st.start_seat = start
    out.say(_("{who} starts round {round}.", who=who(st, start), round=st.round))
    if st.mode == "solo":
        from rules.barracks import solo

        solo.begin_player_turn(st, out)
        return
    begin_turn(st, start, out)
