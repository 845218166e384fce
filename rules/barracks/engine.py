"""The rules of The Barracks Emperors as functions on a ``BarracksState``.

Section numbers (§) are the rule book's. Spaces are labels ("D7"). Every function that changes
the state takes the ``Outcome`` it reports to. Nothing here knows about commands; ``game.py``
turns commands into calls and ``solo.py`` runs the automated rivals.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.barracks.data import (
    ADJ_EMPERORS,
    BARBARIAN_IDS,
    CARDS,
    CENTRE,
    DIAGONALS,
    EMPEROR_POSITIONS,
    EMPERORS,
    FACTION_NAMES,
    FACTIONS,
    HOMELAND_CENTRES,
    HOMELANDS,
    INFLUENCE_IDS,
    INVASION,
    LABEL,
    SIDE,
    SOLO_INFLUENCE_IDS,
    SPACE_SIDES,
    SUIT_NAMES,
)
from rules.barracks.state import BarracksState
from rules.core.command import Outcome
from rules.core.i18n import Text, _, join

# -- geometry by label -------------------------------------------------------------------------
EMP_LABELS: tuple[str, ...] = tuple(LABEL[p] for p in EMPEROR_POSITIONS)
CENTRE_L = LABEL[CENTRE]
SIDE_L: dict[tuple[str, str], str] = {(LABEL[e], f): LABEL[s] for (e, f), s in SIDE.items()}
SIDES_OF: dict[str, dict[str, str]] = {
    e: {f: SIDE_L[(e, f)] for f in FACTIONS} for e in EMP_LABELS
}
ADJ_L: dict[str, tuple[str, ...]] = {LABEL[s]: tuple(LABEL[e] for e in v) for s, v in ADJ_EMPERORS.items()}
DIAG_L: dict[str, tuple[str, ...]] = {LABEL[s]: tuple(LABEL[d] for d in v) for s, v in DIAGONALS.items()}
SPACE_SIDES_L: dict[str, tuple[tuple[str, str], ...]] = {
    LABEL[s]: tuple((f, LABEL[e]) for f, e in v) for s, v in SPACE_SIDES.items()
}
HOMELANDS_L: tuple[str, ...] = tuple(sorted(LABEL[p] for p in HOMELANDS))
HOMELAND_CENTRES_L: dict[str, str] = {f: LABEL[p] for f, p in HOMELAND_CENTRES.items()}
INFLUENCE_L: tuple[str, ...] = tuple(sorted(ADJ_L))
# solo invasion paths: faction -> (#1, (#2a, #2b), #3)
PATHS: dict[str, tuple[str, tuple[str, str], str]] = {
    f: (LABEL[a], (LABEL[b[0]], LABEL[b[1]]), LABEL[c]) for f, (a, b, c) in INVASION.items()
}

FORUM_REACH = {0: 4, 1: 4, 2: 4, 3: 3, 4: 3, 5: 2, 6: 2, 7: 1, 8: 1}  # §8.0
SOLO_BARBARIANS = {"easy": (7, 8, 9), "normal": (9, 9, 9), "hard": (9, 10, 11)}  # §15.1
DEFEAT_LIMIT = {1: 8, 2: 6, 3: 4, 4: 2}  # §15.2.4, by invasion-path number (4 = Roma)
FACTIONS_ALL = FACTIONS
TEAMS = {"sword": "sword+pillar", "pillar": "sword+pillar", "eagle": "eagle+wreath", "wreath": "eagle+wreath"}

# Named rulings for the ambiguous points (docs/rulings.md, "The Barracks Emperors").
ALL_OUTER_SPACES_ARE_HOMELANDS = True
EQUAL_CAVALRY_CANCEL = True
UNCLAIMED_PRETENDER_JOINS_EMPEROR_DECK = True  # BE-09
DEMAGOGUE_BLOCKS_END_OF_TURN = False  # BE-06
END_OF_TURN_ABILITIES = ("princeps", "frumentarii")  # §10.0: they act at the end of the turn


def card_label(cid: str) -> Text:
    return CARDS[cid].label()


def board_label(st: BarracksState, cid: str) -> str:
    """A card on the board as it counts now: counters added (§6.1), or face down (§10.0 Mob)."""
    if cid in st.flipped:
        return _("{card}, face down (0)", card=card_label(cid))
    bonus = sum(st.counters.get(cid, ()))
    if not bonus:
        return card_label(cid)
    return _("{card} (+{bonus}: {value})", card=card_label(cid), bonus=bonus, value=card_value(st, cid))


def emperor_label(eid: str) -> Text:
    e = EMPERORS[eid]
    return join("", [e.name, " (", SUIT_NAMES[e.colour], ")"])


# -- seats, factions, areas --------------------------------------------------------------------
_MODE_FACTIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "4p": (("sword",), ("eagle",), ("pillar",), ("wreath",)),
    "partnership": (("sword",), ("eagle",), ("pillar",), ("wreath",)),
    "3p": (("sword",), ("eagle",), ("pillar",)),
    "2p": (("sword", "pillar"), ("eagle", "wreath")),
    "solo": (("sword",),),
}


def seat_factions(st: BarracksState, actor: str) -> tuple[str, ...]:
    """The factions an actor (a seat, or a solo rival named by its faction) plays."""
    if actor in FACTIONS:
        return (actor,)
    return _MODE_FACTIONS[st.mode][st.seats.index(actor)]


def usable_factions(st: BarracksState, actor: str) -> tuple[str, ...]:
    """Factions whose sides the actor may play on: 3 players may also use Wreath's (§12.0)."""
    own = seat_factions(st, actor)
    if st.mode == "3p":
        return (*own, "wreath")
    return own


def faction_seat(st: BarracksState, faction: str) -> str | None:
    for i, facs in enumerate(_MODE_FACTIONS[st.mode]):
        if faction in facs:
            return st.seats[i]
    return None


def area_of_faction(st: BarracksState, faction: str) -> str | None:
    """Where an Emperor won on ``faction``'s side goes (None: discarded, Wreath in 3p, §12.0)."""
    if st.mode == "2p":
        return faction_seat(st, faction)
    if st.mode == "partnership":
        return TEAMS[faction]
    if st.mode == "3p" and faction == "wreath":
        return None
    return faction


def area_of_seat(st: BarracksState, actor: str) -> str:
    if actor in FACTIONS:
        return actor
    if st.mode == "2p":
        return actor
    if st.mode == "partnership":
        return TEAMS[seat_factions(st, actor)[0]]
    return seat_factions(st, actor)[0]


def area_names(st: BarracksState) -> list[str]:
    if st.mode == "2p":
        return list(st.seats)
    if st.mode == "partnership":
        return ["sword+pillar", "eagle+wreath"]
    if st.mode == "3p":
        return ["sword", "eagle", "pillar"]
    return list(FACTIONS)


def area_seats(st: BarracksState, area: str) -> list[str]:
    if st.mode == "solo":
        return [st.seats[0]] if area == "sword" else []
    return [s for s in st.seats if area_of_seat(st, s) == area]


def area_title(st: BarracksState, area: str) -> Text:
    if area in FACTION_NAMES:
        return FACTION_NAMES[area]
    if "+" in area:
        return join(" + ", [FACTION_NAMES[f] for f in area.split("+")])
    return join("", [area, " (", join(" + ", [FACTION_NAMES[f] for f in seat_factions(st, area)]), ")"])


def next_seat(st: BarracksState, seat: str) -> str:
    return st.seats[(st.seats.index(seat) + 1) % len(st.seats)]


# -- board queries -----------------------------------------------------------------------------
def emperor_spaces_present(st: BarracksState) -> list[str]:
    """Emperor spaces holding an Emperor, plus Roma in solo (it counts for adjacency, §15.2.1)."""
    present = [e for e in EMP_LABELS if e in st.emperors]
    if st.roma in ("fortified", "unfortified"):
        present.append(CENTRE_L)
    return present


def live(st: BarracksState, space: str) -> bool:
    """A space is in play while it borders a remaining Emperor (or Roma) (§9.0)."""
    for e in ADJ_L[space]:
        if e in st.emperors or (e == CENTRE_L and st.roma in ("fortified", "unfortified")):
            return True
    return False


def occupied(st: BarracksState, space: str) -> bool:
    return space in st.cards or space in st.barbs


def is_ongoing(st: BarracksState, cid: str, key: str) -> bool:
    return not st.learning and CARDS[cid].key == key and cid not in st.flipped


def is_castra(st: BarracksState, cid: str) -> bool:
    return is_ongoing(st, cid, "castra")


def card_value(st: BarracksState, cid: str) -> int:
    if cid in st.flipped:
        return 0
    return CARDS[cid].value + sum(st.counters.get(cid, ()))


def card_suit(st: BarracksState, cid: str) -> str | None:
    if cid in st.flipped:
        return None
    return CARDS[cid].suit


def uncovered_card(st: BarracksState, space: str) -> str | None:
    if space in st.barbs:
        return None
    return st.cards.get(space)


def own_sides(st: BarracksState, actor: str) -> list[str]:
    """Every side space of a present Emperor (or Roma) belonging to the actor's usable factions."""
    out: list[str] = []
    for e in emperor_spaces_present(st):
        for f in usable_factions(st, actor):
            out.append(SIDES_OF[e][f])
    return out


def legal_spaces(st: BarracksState, actor: str) -> list[str]:
    """Empty spaces on the actor's sides of Emperors in play (§9.0)."""
    return sorted({s for s in own_sides(st, actor) if not occupied(st, s)})


def ability_blocked(st: BarracksState, actor: str, key: str = "") -> bool:
    """Abilities are off in the learning game (§14.0); another player's Demagogue silences the
    abilities that act when a card is played, not those acting at the end of the turn (§10.0,
    BE-06). ``key`` is the card's ability (empty: a placement ability)."""
    if st.learning:
        return True
    if key in END_OF_TURN_ABILITIES and not DEMAGOGUE_BLOCKS_END_OF_TURN:
        return False
    return st.demagogue is not None and st.demagogue != actor


def barbarian_can_land(st: BarracksState, space: str) -> bool:
    if space in st.barbs or not live(st, space):
        return False
    under = st.cards.get(space)
    return not (under is not None and is_castra(st, under))


def barbarian_placements(st: BarracksState) -> list[str]:
    if st.learning:
        return []
    return [h for h in HOMELANDS_L if barbarian_can_land(st, h)]


def barbarian_moves(st: BarracksState) -> list[tuple[str, str]]:
    if st.learning:
        return []
    return [(b, d) for b in sorted(st.barbs) for d in DIAG_L[b] if barbarian_can_land(st, d)]


def placement_spaces(st: BarracksState, actor: str, cid: str) -> dict[str, str]:
    """Spaces where ``cid`` may be played, each with how: normal or a placement ability."""
    info = CARDS[cid]
    result: dict[str, str] = {}
    if info.is_barbarian:
        for s in barbarian_placements(st):
            result[s] = "barbarian"
        return result
    for s in legal_spaces(st, actor):
        result[s] = "normal"
    if ability_blocked(st, actor):
        return result
    if info.key == "forcemarch":
        for s in INFLUENCE_L:
            if s not in result and not occupied(st, s) and live(st, s):
                result[s] = "forcemarch"
    elif info.key == "praetorian":
        for s in own_sides(st, actor):
            c = uncovered_card(st, s)
            if c is not None and not is_castra(st, c):
                result[s] = "praetorian"
    elif info.key in ("foederati", "triumph"):
        for s in own_sides(st, actor):
            if s in st.barbs:
                result[s] = info.key
    return result


@dataclass(frozen=True)
class Play:
    """One legal play: ``play`` card at space, or ``move`` a Barbarian from ``origin`` to space."""

    verb: str
    card: str
    space: str
    origin: str = ""
    how: str = "normal"


def legal_plays(st: BarracksState, actor: str) -> list[Play]:
    hand = st.hands.get(actor, [])
    plays: list[Play] = []
    done: set[str] = set()
    for cid in hand:
        info = CARDS[cid]
        kind = "barbarian" if info.is_barbarian else cid
        if kind in done:
            continue
        done.add(kind)
        for s, how in sorted(placement_spaces(st, actor, cid).items()):
            plays.append(Play("play", cid, s, how=how))
        if info.is_barbarian:
            for b, d in barbarian_moves(st):
                plays.append(Play("move", cid, d, origin=b, how="move"))
    return plays


def can_play(st: BarracksState, actor: str) -> bool:
    hand = st.hands.get(actor, [])
    if not hand:
        return False
    has_barb = any(CARDS[c].is_barbarian for c in hand)
    if has_barb and (barbarian_placements(st) or barbarian_moves(st)):
        return True
    if any(not CARDS[c].is_barbarian for c in hand) and legal_spaces(st, actor):
        return True
    return any(placement_spaces(st, actor, c) for c in hand if not CARDS[c].is_barbarian)


# -- discards ----------------------------------------------------------------------------------
def discard_card(st: BarracksState, cid: str) -> None:
    """An Influence card goes to the discard pile, losing its counters and face-down state."""
    st.counters.pop(cid, None)
    if cid in st.flipped:
        st.flipped.remove(cid)
    st.discard.append(cid)


def discard_barbarian(st: BarracksState, bid: str) -> None:
    if st.mode == "solo":
        st.box.append(bid)  # solo Barbarians go back to the holding box (§15.2.4)
    else:
        st.discard.append(bid)


def clear_space_card(st: BarracksState, space: str) -> None:
    cid = st.cards.pop(space, None)
    if cid is not None:
        discard_card(st, cid)


def clear_space_barb(st: BarracksState, space: str) -> None:
    bid = st.barbs.pop(space, None)
    if bid is not None:
        discard_barbarian(st, bid)


def cleanup_orphans(st: BarracksState, out: Outcome | None) -> None:
    """Cards next to no remaining Emperor are discarded (§7.0); solo Barbarians stay (§15.2.6)."""
    for s in list(st.cards):
        if not live(st, s):
            clear_space_card(st, s)
            if out is not None:
                out.cite("§7.0")
    if st.mode != "solo":
        for s in list(st.barbs):
            if not live(st, s):
                clear_space_barb(st, s)


# -- resolution --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """What resolving an Emperor gives: ``capture`` (by ``faction``), ``died`` or ``stuck``."""

    kind: str
    faction: str = ""
    space: str = ""
    reason: str = ""


@dataclass(frozen=True)
class Entry:
    space: str
    faction: str
    suit: str | None
    value: int
    barbarian: bool
    cavalry: bool
    quaestor: bool
    ambitus: bool


def _entries(st: BarracksState, emp: str) -> list[Entry]:
    entries: list[Entry] = []
    for f in FACTIONS:
        s = SIDES_OF[emp][f]
        if s in st.barbs:
            entries.append(Entry(s, f, "G", 0, True, False, False, False))
        elif s in st.cards:
            c = st.cards[s]
            entries.append(Entry(s, f, card_suit(st, c), card_value(st, c), False,
                                 is_ongoing(st, c, "cavalry"), is_ongoing(st, c, "quaestor"),
                                 is_ongoing(st, c, "ambitus")))
    return entries


def surrounded(st: BarracksState, emp: str) -> bool:
    return emp in st.emperors and all(occupied(st, SIDES_OF[emp][f]) for f in FACTIONS)


def leader(st: BarracksState, emp: str) -> Entry | None:
    """The card that would take ``emp`` with the cards now around it (any number of sides)."""
    entries = _entries(st, emp)
    if not entries:
        return None
    colour = EMPERORS[st.emperors[emp]].colour
    uncancelled = []
    for e in entries:
        cancelled = False
        for o in entries:
            if o is e or o.value != e.value:
                continue
            if not e.cavalry or (EQUAL_CAVALRY_CANCEL and o.cavalry):
                cancelled = True
                break
        if not cancelled:
            uncancelled.append(e)
    if not uncancelled:
        return None
    trump = None if any(e.quaestor for e in entries) else colour
    trumps = [e for e in uncancelled if trump is not None and (e.suit == trump or e.ambitus)]
    pool = trumps or uncancelled
    return max(pool, key=lambda e: e.value)


def judge(st: BarracksState, emp: str) -> Verdict:
    """Resolve a surrounded Emperor as a trick (§7.0) without changing anything."""
    entries = _entries(st, emp)
    if all(e.barbarian for e in entries):
        return Verdict("died", reason=_("four Barbarians"))
    win = leader(st, emp)
    if win is None:
        return Verdict("stuck", reason=_("every card is cancelled"))
    if win.barbarian:
        return Verdict("died", space=win.space, reason=_("a Barbarian wins"))
    return Verdict("capture", faction=win.faction, space=win.space)


def resolvable(st: BarracksState) -> list[str]:
    """Surrounded Emperors whose resolution changes something (all-cancelled ones wait, §7.0)."""
    return [e for e in EMP_LABELS if surrounded(st, e) and judge(st, e).kind != "stuck"]


def resolve(st: BarracksState, emp: str, out: Outcome | None) -> Verdict:
    verdict = judge(st, emp)
    eid = st.emperors[emp]
    if verdict.kind == "stuck":
        return verdict
    del st.emperors[emp]
    if verdict.kind == "died":
        st.removed.append(eid)
        if out is not None:
            out.say(_("{emperor} at {space} dies in battle ({reason}): nobody captures him.",
                      emperor=emperor_label(eid), space=emp, reason=verdict.reason))
    else:
        area = area_of_faction(st, verdict.faction)
        winner = st.cards[verdict.space]
        if out is not None:
            who = FACTION_NAMES[verdict.faction]
            fields = {"emperor": emperor_label(eid), "space": emp, "card": board_label(st, winner), "side": who}
            if area is None:
                out.say(_("{emperor} at {space} is won by {card} on the {side} side: he is discarded "
                          "(Wreath is not played).", **fields))
            else:
                out.say(_("{emperor} at {space} is won by {card} on the {side} side: he goes to {area}.",
                          area=area_title(st, area), **fields))
        if area is None:
            st.removed.append(eid)
        else:
            st.areas[area].append(eid)
        del st.cards[verdict.space]
        discard_card(st, winner)
    cleanup_orphans(st, out)
    if out is not None:
        out.cite("§7.0")
        out.map_changed = True
    return verdict


# -- forum, deck -------------------------------------------------------------------------------
def forum_insert(st: BarracksState, cid: str) -> None:
    """A new Forum card goes after the cards of equal or lower printed value (§8.0)."""
    v = CARDS[cid].value
    i = 0
    while i < len(st.forum) and CARDS[st.forum[i]].value <= v:
        i += 1
    st.forum.insert(i, cid)


def forum_from_deal(dealt: list[str]) -> list[str]:
    """The starting Forum in ascending printed value; equal cards keep the dealing order (§4.0)."""
    return sorted(dealt, key=lambda c: CARDS[c].value)


def forum_options(st: BarracksState) -> list[int]:
    """Forum slots (0-based) the active player may take from."""
    if st.exhausted or not st.forum:
        return []
    if st.mode == "solo":
        return [i for i, c in enumerate(st.forum) if not CARDS[c].is_barbarian]
    reach = FORUM_REACH[int(st.played.get("value", 0))]
    return list(range(min(reach, len(st.forum))))


def exhaust_if_empty(st: BarracksState, out: Outcome) -> None:
    """With the deck empty, the Forum is discarded and no more cards are taken (§8.0)."""
    if st.deck or st.exhausted:
        return
    st.exhausted = True
    if st.mode != "solo":
        for c in st.forum:
            if CARDS[c].is_barbarian:
                st.discard.append(c)
            else:
                discard_card(st, c)
        st.forum = []
        out.say(_("The draw deck is empty: the Forum is discarded and no more cards are taken this round."))
        out.cite("§8.0")


# -- scoring -----------------------------------------------------------------------------------
def area_stats(st: BarracksState, area: str) -> dict[str, int]:
    items = st.areas.get(area, [])
    red = sum(1 for i in items if i in EMPERORS and EMPERORS[i].colour == "R")
    blue = sum(1 for i in items if i in EMPERORS and EMPERORS[i].colour == "B")
    yellow = sum(1 for i in items if i in EMPERORS and EMPERORS[i].colour == "Y")
    barbs = sum(1 for i in items if i in CARDS)
    sets = min(red, blue, yellow)
    return {
        "red": red, "blue": blue, "yellow": yellow, "emperors": red + blue + yellow,
        "barbarians": barbs, "sets": sets, "score": red + blue + yellow + barbs + 3 * sets,
    }


def score_key(stats: dict[str, int]) -> tuple[int, ...]:
    """Score, then the tie-breaks of §3.0: Emperors, Red, Blue, Yellow, Barbarians."""
    return (stats["score"], stats["emperors"], stats["red"], stats["blue"], stats["yellow"], stats["barbarians"])


def ranking(st: BarracksState) -> list[tuple[str, tuple[int, ...]]]:
    keys = [(a, score_key(area_stats(st, a))) for a in area_names(st)]
    return sorted(keys, key=lambda t: t[1], reverse=True)


# -- setup -------------------------------------------------------------------------------------
def shuffled(st: BarracksState, items: Iterable[str]) -> list[str]:
    lst = list(items)
    st.dice.shuffle(lst)
    return lst


def setup_game(st: BarracksState) -> None:
    yellows = shuffled(st, sorted(e for e, info in EMPERORS.items() if info.colour == "Y"))
    st.pretender_ids = sorted(yellows[:6])
    st.pretenders = list(st.pretender_ids)
    st.emperor_deck = sorted(e for e in EMPERORS if e not in st.pretender_ids)
    st.areas = {a: [] for a in area_names(st)}
    st.box = list(BARBARIAN_IDS)
    if st.mode == "solo":
        st.roma = st.roma_start


def setup_round(st: BarracksState, out: Outcome | None) -> None:
    """Deal a round (§4.0, §15.1): Emperors, Barbarians, hands, Forum and the draw deck."""
    # gather: every unclaimed Emperor on the board goes back into the Emperor deck, a played
    # Pretender too; only those still in the Pretenders box stay out (§4.0, BE-09)
    for eid in st.emperors.values():
        if eid in st.pretender_ids and not UNCLAIMED_PRETENDER_JOINS_EMPEROR_DECK:
            st.pretenders.append(eid)
        else:
            st.emperor_deck.append(eid)
    st.emperors = {}
    st.cards, st.counters, st.flipped, st.discard = {}, {}, [], []
    solo = st.mode == "solo"
    forum_barbs = [c for c in st.forum if CARDS[c].is_barbarian] if solo else []
    st.forum = []
    captured = {i for items in st.areas.values() for i in items}
    in_forum = set(forum_barbs)
    st.barbs = {}
    st.box = [b for b in BARBARIAN_IDS if b not in captured and b not in in_forum]
    st.hands = {s: [] for s in st.seats}
    st.deck = []
    st.demagogue, st.exhausted, st.played, st.princeps, st.seen = None, False, {}, False, []
    st.path = None
    st.revealed = {}
    # Emperors
    deck = shuffled(st, sorted(st.emperor_deck))
    spaces = [e for e in EMP_LABELS if not (solo and e == CENTRE_L)]
    for e in spaces:
        if deck:
            st.emperors[e] = deck.pop(0)
    st.emperor_deck = deck
    # Barbarians
    influence = list(SOLO_INFLUENCE_IDS if solo else INFLUENCE_IDS)
    barbs_in_deck: list[str] = []
    if solo:
        n = SOLO_BARBARIANS[st.difficulty][st.round - 1]
        barbs_in_deck = st.box[:n]
        st.box = st.box[n:]
    elif not st.learning:
        for f in FACTIONS:
            if st.box:
                st.barbs[HOMELAND_CENTRES_L[f]] = st.box.pop(0)
        barbs_in_deck = st.box[:10]
        st.box = st.box[10:]
    per_hand = 5 if st.mode == "2p" else 4
    if solo:
        # hand and Forum come from the Influence cards; the Barbarians go into the rest (§15.1)
        cards = shuffled(st, influence)
        seat = st.seats[0]
        st.hands[seat] = [cards.pop(0) for _ in range(4)]
        st.forum = list(forum_barbs)
        while len(st.forum) < 4 and cards:
            st.forum.append(cards.pop(0))
        st.deck = shuffled(st, cards + barbs_in_deck)
    else:
        cards = shuffled(st, influence + barbs_in_deck)
        for _round in range(per_hand):
            for s in st.seats:
                st.hands[s].append(cards.pop(0))
        dealt = [cards.pop(0) for _ in range(4)]
        st.forum = forum_from_deal(dealt)
        st.deck = cards
    if out is not None:
        out.say(_("Round {round} is dealt: {emperors} Emperors, {cards} cards in the draw deck.",
                  round=st.round, emperors=len(st.emperors), cards=len(st.deck)))
        out.commit_point = True
        out.map_changed = True


def start_player_for_round(st: BarracksState) -> str:
    """Round 1: random; later rounds: the lowest score, the tie-break loser first (§5.0)."""
    if st.mode == "solo":
        return st.seats[0]
    if st.round == 1:
        return st.seats[st.dice.randint(0, len(st.seats) - 1)]
    order = sorted(area_names(st), key=lambda a: score_key(area_stats(st, a)))
    for a in order:
        seats = area_seats(st, a)
        if seats:
            return seats[0]
    return st.seats[0]
