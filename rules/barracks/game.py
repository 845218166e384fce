"""The Barracks Emperors (Brad Johnson & Wray Ferrell): Praetor's rules engine.

Scenarios (``scenarios()``): ``standard-4p``, ``standard-3p``, ``standard-2p``, ``partnership-4p``,
``learning`` (no Barbarians, no card abilities; 2-4 seats), ``short`` (1 round by default; 2-4
seats) and ``solo`` (one seat against the three automated rivals). Options: ``rounds`` (1, 2, 3),
``learning`` (yes/no), ``difficulty`` (easy/normal/hard, solo) and ``roma`` (fortified/unfortified,
solo). Seats are ``p1``..``p4`` in clockwise order: p1 Sword, p2 Eagle, p3 Pillar, p4 Wreath; with
2 players p1 holds Sword + Pillar and p2 Eagle + Wreath; in partnership p1 + p3 play against
p2 + p4; solo: p1 is Sword.

Spaces are labelled by column A..G (west to east) and row 1..7 (north to south): the centre
Emperor space is D4, the Sword centre homeland D7 (docs/barracks.md).

Commands (all arguments are strings unless noted):

``play {card, space}``
    Step 1: play a card from hand into a space; the space also selects a placement ability
    (Force March, Praetorian Guard, Foederati, Triumph). A Barbarian card goes to a homeland.
``move {card, from, to}``
    Step 1: discard a Barbarian card to move a Barbarian one diagonal step (§6.2).
``ability {target}`` / ``skip``
    After the play, use the card's on-play ability on a target (a space, an Emperor space,
    ``draw`` for Princeps Senatus, ``on`` for Demagogue) or decline it.
``resolve {emperor}``
    Step 2: when several Emperors are surrounded, the active player picks which to resolve next.
``forum {choice}``
    Step 3: take Forum slot ``"1"``..``"4"`` (1 = leftmost, the lowest card), or ``frumentarii``
    to look at the deck instead; then ``forum {choice: <card id>, order: [ids]}`` keeps one
    (``frumentarii_orders(seat, card)`` lists the orders for the others, first = nearer the top).
Solo only: ``discard {card}`` (no legal play), ``defeat {card, militia: [ids]}``,
``citizenship {slot}``, and ``decide {id, choice}`` for the pending decisions (an invading
Barbarian may be stopped, rival placements under your Demagogue, rival ties: ``rival_place``
for tie-break 6 and ``rival_tie`` when a rival's resolution order decides which other rival
gains, BE-17; ``resolve_order`` when an invader drawn on your turn surrounds several Emperors,
BE-15).

Hidden information: hands, the Princeps draw and the Frumentarii cards appear only in
``seat_view``; ``public_view`` holds the board, Forum, counts, scores (digest §5.1).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from rules.barracks import engine as E
from rules.barracks import flow
from rules.barracks.data import CARDS, EMPERORS, FACTION_NAMES, FACTIONS, SUIT_NAMES, data_hash
from rules.barracks.state import BarracksState
from rules.core.command import (
    ActionSpec,
    Choice,
    Command,
    GameResult,
    OptionSpec,
    Outcome,
    PendingDecision,
    ScenarioInfo,
    actions_from_commands,
)
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.game import Game
from rules.core.i18n import _, _n, data_name, join

SEATS4 = ("p1", "p2", "p3", "p4")
_SCENARIOS: dict[str, tuple[str, str, tuple[str, ...], int | None, str]] = {
    # id: (mode, title, seats, min_seats, description)
    "standard-4p": ("4p", "Four players", SEATS4, None, "Sword, Eagle, Pillar, Wreath; 3 rounds."),
    "standard-3p": ("3p", "Three players", SEATS4[:3], None, "Wreath is unplayed; anyone may use its sides (§12.0)."),
    "standard-2p": ("2p", "Two players", SEATS4[:2], None, "Each player holds two opposite factions (§11.0)."),
    "partnership-4p": ("partnership", "Four players in partnerships", SEATS4, None,
                       "Sword + Pillar against Eagle + Wreath (§13.0)."),
    "learning": ("auto", "Learning game", SEATS4, 2, "No Barbarians and no card abilities (§14.0)."),
    "short": ("auto", "Short game", SEATS4, 2, "One round unless the rounds option says 2 (§14.0)."),
    "solo": ("solo", "Solo against the rivals", ("p1",), None, "You are Sword against three rivals (§15.0)."),
}


class BarracksGame(Game[BarracksState]):
    KIND = "barracks"
    TITLE = "The Barracks Emperors"
    RULES_VERSION = "barracks-1"
    STATE_VERSION = 1

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def scenarios(cls) -> list[ScenarioInfo]:
        return [ScenarioInfo(k, v[1], v[2], v[4], v[3]) for k, v in _SCENARIOS.items()]

    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        return [
            OptionSpec("rounds", "Number of rounds (the short game plays 1 or 2, §14.0)", "", ("1", "2", "3")),
            OptionSpec("learning", "Learning game: no Barbarians, no abilities (§14.0)", "no", ("no", "yes")),
            OptionSpec("difficulty", "Solo difficulty (§15.1)", "normal", ("easy", "normal", "hard")),
            OptionSpec("roma", "Solo: Roma starts fortified or not (§15.1)", "fortified", ("fortified", "unfortified")),
        ]

    @classmethod
    def data_hash(cls) -> str:
        return data_hash()

    @classmethod
    def new(cls, scenario: str, seats: list[str], seed: str, options: dict[str, str]) -> BarracksGame:
        info = cls.scenario(scenario)
        mode = _SCENARIOS[scenario][0]
        seats = list(seats) if seats else list(info.seats)
        if mode == "auto":
            mode = {2: "2p", 3: "3p", 4: "4p"}.get(len(seats), "")
            if not mode:
                raise RuleError("§11.0", _("this variant is for 2 to 4 players"))
        expected = {"4p": 4, "partnership": 4, "3p": 3, "2p": 2, "solo": 1}[mode]
        if len(seats) != expected:
            raise RuleError("§11.0", _("{scenario} needs {expected} seats, not {count}",
                                       scenario=scenario, expected=expected, count=len(seats)))
        rounds_opt = options.get("rounds", "")
        rounds = int(rounds_opt) if rounds_opt in ("1", "2", "3") else (1 if scenario == "short" else 3)
        learning = scenario == "learning" or options.get("learning", "no") == "yes"
        if mode == "solo":
            learning = False
        difficulty = options.get("difficulty", "normal")
        if difficulty not in E.SOLO_BARBARIANS:
            raise RuleError("§15.1", _("difficulty must be easy, normal or hard, not {difficulty}",
                                       difficulty=repr(difficulty)))
        roma = options.get("roma", "fortified")
        if roma not in ("fortified", "unfortified"):
            raise RuleError("§15.1", _("Roma starts fortified or unfortified"))
        st = BarracksState(scenario=scenario, mode=mode, seats=seats, dice=Dice(seed), learning=learning,
                           rounds=rounds)
        if mode == "solo":
            st.difficulty, st.roma_start = difficulty, roma
        E.setup_game(st)
        E.setup_round(st, None)
        st.start_seat = E.start_player_for_round(st)
        out = Outcome()
        if mode == "solo":
            from rules.barracks import solo

            solo.begin_player_turn(st, out)
        else:
            flow.begin_turn(st, st.start_seat, out)
        st.last = list(out.public)
        st.dice.take_rolls()
        return cls(st)

    # -- play -----------------------------------------------------------------------------
    @staticmethod
    def dice(state: BarracksState) -> Dice:
        return state.dice

    def _apply(self, st: BarracksState, seat: str, command: Command, outcome: Outcome) -> None:
        if st.phase == "over":
            raise RuleError("§3.0", _("the game is over"))
        name = command.name
        args = command.args
        if name == "decide":
            from rules.barracks import solo

            solo.decide(st, seat, str(args.get("id", "")), str(args.get("choice", "")), outcome)
            st.last = list(outcome.public)
            return
        if st.pending:
            raise RuleError("§15.2.3", _("a decision is pending: answer it first"))
        if seat != st.active or seat not in st.seats:
            raise RuleError("§5.0", _("it is not your turn (it is the turn of {who})", who=flow.who(st, st.active)))
        phase = st.phase
        if name == "play":
            self._need(phase, "play")
            if "from" in args:
                flow.do_play(st, seat, str(args.get("card", "")), str(args.get("space", args.get("to", ""))).upper(),
                             str(args["from"]).upper(), outcome)
            else:
                flow.do_play(st, seat, str(args.get("card", "")), str(args.get("space", "")).upper(), "", outcome)
        elif name == "move":
            self._need(phase, "play")
            flow.do_play(st, seat, str(args.get("card", "")), str(args.get("to", "")).upper(),
                         str(args.get("from", "")).upper(), outcome)
        elif name == "ability":
            self._need(phase, "ability")
            target = str(args.get("target", ""))
            flow.do_ability(st, seat, target if target in ("draw", "on") else target.upper(), outcome)
        elif name == "skip":
            self._need(phase, "ability")
            flow.do_skip(st, seat, outcome)
        elif name == "resolve":
            self._need(phase, "resolve")
            flow.do_resolve(st, seat, str(args.get("emperor", "")).upper(), outcome)
        elif name == "forum":
            choice = str(args.get("choice", ""))
            if phase == "frumentarii":
                order = args.get("order")
                flow.frumentarii_keep(st, seat, choice, [str(o) for o in order] if order else None, outcome)
            else:
                self._need(phase, "select")
                if choice == "frumentarii":
                    flow.start_frumentarii(st, seat, outcome)
                else:
                    if not choice.isdigit():
                        raise RuleError("§8.0", _("choose a Forum slot 1-4 (1 is the leftmost card)"))
                    flow.take_forum(st, seat, int(choice) - 1, outcome)
        elif name in ("discard", "defeat", "citizenship"):
            if st.mode != "solo":
                raise RuleError("§15.2.4", _("{command} exists only in the solo game", command=name))
            from rules.barracks import solo

            self._need(phase, "play")
            solo.player_action(st, seat, name, args, outcome)
        else:
            raise RuleError("", _("unknown command {command} (play, move, ability, skip, resolve, forum)",
                                  command=repr(name)))
        st.last = list(outcome.public)

    @staticmethod
    def _need(phase: str, wanted: str) -> None:
        if phase != wanted:
            steps = {"play": _("now is the time to play a card"),
                     "ability": _("now is the time to use or skip the card's ability"),
                     "resolve": _("now is the time to choose the next Emperor to resolve"),
                     "select": _("now is the time to take a Forum card"),
                     "frumentarii": _("now is the time to keep one of the cards seen with Frumentarii")}
            raise RuleError("§5.0", steps.get(phase, phase))

    def to_move(self) -> list[str]:
        st = self.state
        if st.phase == "over":
            return []
        if st.pending:
            return [st.pending["seat"]]
        return [st.active] if st.active in st.seats else []

    def pending_decision(self) -> PendingDecision | None:
        p = self.state.pending
        if not p:
            return None
        return PendingDecision(
            id=p["id"], seat=p["seat"], kind=p["kind"], prompt=p["prompt"],
            choices=tuple(Choice(v, lbl) for v, lbl in p["choices"]), default=p["default"],
            section=p.get("section", ""),
        )

    # -- legal moves ----------------------------------------------------------------------
    def legal_commands(self, seat: str) -> list[Command]:
        """Every legal command for ``seat`` now, fully specified (random player, tests)."""
        st = self.state
        if st.phase == "over":
            return []
        if st.pending:
            if seat != st.pending["seat"]:
                return []
            return [Command("decide", {"id": st.pending["id"], "choice": v}) for v, _ in st.pending["choices"]]
        if seat != st.active:
            return []
        cmds: list[Command] = []
        if st.phase == "play":
            for p in E.legal_plays(st, seat):
                if p.verb == "move":
                    cmds.append(Command("move", {"card": p.card, "from": p.origin, "to": p.space}))
                else:
                    cmds.append(Command("play", {"card": p.card, "space": p.space}))
            if st.mode == "solo":
                from rules.barracks import solo

                cmds.extend(solo.player_commands(st, seat))
        elif st.phase == "ability":
            cmds = [Command("ability", {"target": t}) for t in flow.ability_targets(st, seat)]
            cmds.append(Command("skip", {}))
        elif st.phase == "resolve":
            cmds = [Command("resolve", {"emperor": e}) for e in E.resolvable(st)]
        elif st.phase == "select":
            cmds = [Command("forum", {"choice": str(i + 1)}) for i in E.forum_options(st)]
            if flow.frumentarii_available(st):
                cmds.append(Command("forum", {"choice": "frumentarii"}))
        elif st.phase == "frumentarii":
            cmds = [Command("forum", {"choice": c}) for c in st.seen
                    if not (st.mode == "solo" and CARDS[c].is_barbarian)]
        return cmds

    def spaces_for(self, seat: str, card: str) -> list[tuple[str, str]]:
        """Legal spaces for one card in ``seat``'s hand, each with how it is placed (for menus)."""
        st = self.state
        if seat != st.active or st.phase != "play" or card not in st.hands.get(seat, []):
            return []
        return sorted(E.placement_spaces(st, seat, card).items())

    def frumentarii_orders(self, seat: str, card: str) -> list[list[str]]:
        """Frumentarii: every order in which the cards not kept may go under the deck when
        ``seat`` keeps ``card`` (first listed = nearer the top); the order as seen comes first.
        Empty when that keep is not legal now. ``forum {choice: card, order: [...]}``."""
        st = self.state
        if st.pending or st.phase != "frumentarii" or seat != st.active:
            return []
        if Command("forum", {"choice": card}) not in self.legal_commands(seat):
            return []
        return [list(p) for p in permutations([c for c in st.seen if c != card])]

    def actions(self, seat: str) -> list[ActionSpec]:
        return actions_from_commands(
            self.legal_commands(seat),
            lambda name: _ACTION_HELP.get(name, name),
            self._choice_label,
            lambda option: _ARG_HELP.get(option, option),
        )

    def _choice_label(self, key: str, value: str) -> str:
        st = self.state
        if key == "card" and value in CARDS:
            return E.card_label(value)
        if key == "emperor" and value in st.emperors:
            return join(" ", [value, E.emperor_label(st.emperors[value])])
        if key == "choice" and value.isdigit() and st.phase == "select":
            i = int(value) - 1
            if i < len(st.forum):
                return join(": ", [value, E.card_label(st.forum[i])])
        if key == "choice" and value in CARDS:
            return E.card_label(value)
        if key == "target" and value in st.cards:
            return join(" ", [value, E.card_label(st.cards[value])])
        if key == "target" and value in st.emperors:
            return join(" ", [value, E.emperor_label(st.emperors[value])])
        return value

    # -- results --------------------------------------------------------------------------
    def result(self) -> GameResult | None:
        st = self.state
        if st.phase != "over":
            return None
        if st.mode == "solo":
            from rules.barracks import solo

            return solo.result(st)
        ranks = E.ranking(st)
        best = ranks[0][1]
        win_areas = [a for a, k in ranks if k == best]
        winners = tuple(s for a in win_areas for s in E.area_seats(st, a))
        scores = tuple((s, E.area_stats(st, E.area_of_seat(st, s))["score"]) for s in st.seats)
        if len(win_areas) > 1:
            names = ", ".join(E.area_title(st, a) for a in win_areas)
            summary = _("{names} share the victory with {points} Legacy points.", names=names, points=best[0])
        else:
            summary = _("{name} wins with {points} Legacy points.", name=E.area_title(st, win_areas[0]),
                        points=best[0])
        return GameResult(winners=winners, summary=summary, scores=scores)

    # -- views ----------------------------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        return public_view(self.state)

    def seat_view(self, seat: str) -> dict[str, Any]:
        st = self.state
        view = public_view(st)
        view["seat"] = seat
        view["hand"] = [card_json(st, c) for c in st.hands.get(seat, [])]
        if st.phase == "frumentarii" and st.active == seat:
            view["frumentarii_seen"] = [card_json(st, c) for c in st.seen]
        view["legal"] = [c.to_json() for c in self.legal_commands(seat)] if seat in self.to_move() else []
        return view

    def private_lines(self, seat: str) -> list[str]:
        """``/game mine``: the seat's hand (and the cards Frumentarii shows it), in words."""
        st = self.state
        hand = [CARDS[cid].label() for cid in st.hands.get(seat, [])]
        lines: list[str] = [
            _n("Your hand ({n} card): {cards}", "Your hand ({n} cards): {cards}", len(hand), cards=join(", ", hand))
            if hand else _("Your hand is empty.")
        ]
        if st.phase == "frumentarii" and st.active == seat:
            lines.append(_("Frumentarii: you see {cards}.", cards=join(", ", [CARDS[cid].label() for cid in st.seen])))
        return lines

    def status_lines(self) -> list[str]:
        st = self.state
        if st.phase == "over":
            res = self.result()
            return [res.summary if res else _("The game is over.")]
        lines: list[str] = [_("Round {round} of {rounds}, turn {turn}.", round=st.round, rounds=st.rounds,
                              turn=st.turn + 1)]
        if st.pending:
            lines.append(_("Waiting for {seat}: {prompt}", seat=st.pending["seat"], prompt=st.pending["prompt"]))
        else:
            lines.append(_("To move: {who} ({step}).", who=flow.who(st, st.active),
                           step=PHASE_TEXT.get(st.phase, st.phase)))
        if st.demagogue:
            lines.append(_("Demagogue window open for {who}.", who=flow.who(st, st.demagogue)))
        return lines

    # -- persistence ----------------------------------------------------------------------
    @staticmethod
    def _state_to_json(state: BarracksState) -> dict[str, Any]:
        return state.to_json()

    @staticmethod
    def _state_from_json(data: dict[str, Any]) -> BarracksState:
        return BarracksState.from_json(data)


PHASE_TEXT = {"play": _("play a card"), "ability": _("card ability"), "resolve": _("order of resolution"),
               "select": _("Forum choice"), "frumentarii": _("Frumentarii"), "over": _("game over")}
"""The name of each phase (``BarracksState.phase``) as readers see it."""
_ACTION_HELP = {
    "play": _("Play a card from your hand into a space (§6.0)"),
    "move": _("Discard a Barbarian card to move a Barbarian one diagonal step (§6.2)"),
    "ability": _("Use the ability of the card just played (§10.0)"),
    "skip": _("Do not use the ability (§10.0)"),
    "resolve": _("Resolve this surrounded Emperor next (§7.0)"),
    "forum": _("Take a Forum card (§8.0)"),
    "discard": _("No legal play: discard a card, take no Forum card (§15.2.4)"),
    "defeat": _("Defeat the Barbarian nearest Roma with a Red card and Yellow militia (§15.2.4)"),
    "citizenship": _("Grant Citizenship: a Blue Forum card makes way for the Barbarian nearest Roma (§15.2.4)"),
    "decide": _("Answer the pending decision"),
}
_ARG_HELP = {"card": _("card in hand"), "space": _("space label (e.g. D7)"), "from": _("Barbarian's space"),
             "to": _("destination space"), "target": _("ability target"), "emperor": _("Emperor space"),
             "choice": _("Forum slot or card"), "militia": _("Yellow cards discarded as militia"),
             "slot": _("Forum slot"), "id": _("decision id")}


def card_json(st: BarracksState, cid: str) -> dict[str, Any]:
    info = CARDS[cid]
    return {
        "id": cid, "name": data_name(info.name), "suit": info.suit, "value": info.value,
        "counters": list(st.counters.get(cid, [])), "effective": E.card_value(st, cid),
        "flipped": cid in st.flipped, "text": data_name(info.solo_text if (st.mode == "solo" and info.solo_text) else info.text),
    }


def public_view(st: BarracksState) -> dict[str, Any]:
    emperors = []
    for e in E.EMP_LABELS:
        if e in st.emperors:
            eid = st.emperors[e]
            lead = E.leader(st, e)
            emperors.append({
                "space": e, "id": eid, "name": EMPERORS[eid].name, "colour": EMPERORS[eid].colour,
                "pretender": eid in st.pretender_ids, "surrounded": E.surrounded(st, e),
                "leader": lead.faction if lead is not None and not lead.barbarian else None,
            })
    spaces = []
    for s in E.INFLUENCE_L:
        if s in st.cards or s in st.barbs:
            spaces.append({
                "space": s, "card": card_json(st, st.cards[s]) if s in st.cards else None,
                "barbarian": st.barbs.get(s), "live": E.live(st, s),
                "by": st.placed_by.get(st.cards[s]) if s in st.cards else None,
                "barbarian_by": st.placed_by.get(st.barbs[s]) if s in st.barbs else None,
                "sides": [[f, e] for f, e in E.SPACE_SIDES_L[s] if e in st.emperors or e == E.CENTRE_L],
            })
    areas = {}
    for a in E.area_names(st):
        stats = E.area_stats(st, a)
        # the score's counts (``emperors`` is their number, §3.0) and the Emperors captured, named
        areas[a] = {"title": E.area_title(st, a), "seats": E.area_seats(st, a), **stats,
                    "emperor_ids": [i for i in st.areas.get(a, []) if i in EMPERORS]}
    seats = [{"seat": s, "factions": list(E.seat_factions(st, s)), "hand_size": len(st.hands.get(s, [])),
              "area": E.area_of_seat(st, s)} for s in st.seats]
    view: dict[str, Any] = {
        "kind": "barracks", "scenario": st.scenario, "mode": st.mode, "learning": st.learning,
        "round": st.round, "rounds": st.rounds, "turn": st.turn, "phase": st.phase,
        "active": st.active, "start_seat": st.start_seat, "seats": seats,
        "emperors": emperors, "spaces": spaces,
        "forum": [card_json(st, c) for c in st.forum],
        "forum_reach": len(E.forum_options(st)) if st.phase == "select" else None,
        "deck_count": len(st.deck), "discard_top": st.discard[-1] if st.discard else None,
        "discard_top_label": E.card_label(st.discard[-1]) if st.discard else None,
        "emperor_deck_count": len(st.emperor_deck), "pretenders_left": len(st.pretenders),
        "demagogue": st.demagogue, "exhausted": st.exhausted, "areas": areas,
        "revealed": {k: [E.card_label(c) for c in v] for k, v in st.revealed.items()},
        "played": ({"card": card_json(st, st.played["card"])
                    if st.played.get("card") in CARDS and st.played["how"] not in ("move", "citizenship")
                    else None,
                    "space": st.played["space"], "actor": st.played["actor"]} if st.played else None),
        "last": list(st.last),
        "factions": {f: FACTION_NAMES[f] for f in FACTIONS}, "suits": dict(SUIT_NAMES),
    }
    if st.phase == "over":
        ranks = E.ranking(st)
        view["winners"] = [a for a, k in ranks if k == ranks[0][1]]
    if st.mode == "solo":
        from rules.barracks import solo

        view["solo"] = solo.public_info(st)
    return view
