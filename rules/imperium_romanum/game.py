"""Al Nofi's *Imperium Romanum*: Praetor's rules engine (issue 17).

Seats: one per major power, named after it, in the scenario's turn order; a seat also moves
its client states and the neutrals the Farthest Power rule hands it (5.2, 5.3).

Commands (arguments are strings or lists of strings):

``end``                               finish your part of the current segment
``move {units, to, path?, force_march?}``  move a group of units and leaders (12.0, 12.5)
``attack {hex, mode?, fleets?}``      attack in a hex; ``mode: besiege`` lays siege to an empty city (14.1, 17.1);
                                      ``fleets`` of yours in the hex join the attack (14.6)
``propose_alliance {with}``           offer a one-month alliance (5.8); the other seat confirms
``give_talents {to, amount}``         offer talents to another major power (6.0); the other seat confirms
``ransom {leader, talents}``          offer to free a prisoner for talents, 0 to free him (18.2.1)
``answer_offer {offer, choice}``      accept or decline an open offer made to you (diplomacy.py)
``standing {order, value}``           standing orders: intercept ask/never/always, combat ask/always_fight,
                                      assault ask/always
``decide {id, choice}``               answer the open response window
``build {type, city, colour?}``       raise a unit or a baggage train in the Taxation & Mobilization Phase (7.4);
                                      ``colour``: a dissolved faction whose colour was gained (20.4)
``fortify {units}``                   build field fortifications (21.1)
``demolish {units, power?}``          heavy infantry spends MP to destroy a fort in its hex (21.3)
``convert {fleet}``                   a fleet becomes an unseasoned legion (34, scenarios that name it)
``embark {fleets, units}``, ``sail {fleets, to, path?}``, ``debark {fleets, to, units?}``,
``naval_attack {fleets}``             naval operations in the seat's Naval Operations Segment (10.2-10.7)
``appeal``                            optional rule 42: appeal to the gods before your next eligible roll
``take_treasure {city}``              optional rule 43: take a treasure city's treasure in your player turn
``give {to, units | city | fort}``    offer units, a city or a fort to an ally of this month (5.8 #8,
                                      gifts.py); the ally confirms with ``answer_offer``
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

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
from rules.core.errors import NotYetSupported, RuleError
from rules.core.game import Game
from rules.core.i18n import Text, _, data_name, plain, text_from_json
from rules.imperium_romanum import allied_transport as AT
from rules.imperium_romanum import board as B
from rules.imperium_romanum import combat as C
from rules.imperium_romanum import deity as DEI
from rules.imperium_romanum import diplomacy as D
from rules.imperium_romanum import dissolution as DIS
from rules.imperium_romanum import fleet_support as FS
from rules.imperium_romanum import forts as F
from rules.imperium_romanum import gifts as GIFT
from rules.imperium_romanum import grain_rebels as GR
from rules.imperium_romanum import landing as LANDING
from rules.imperium_romanum import militia as MIL
from rules.imperium_romanum import mobilization as MOB
from rules.imperium_romanum import movement as M
from rules.imperium_romanum import naval as NAV
from rules.imperium_romanum import optional_rules as OPT
from rules.imperium_romanum import pirate_grain as PG
from rules.imperium_romanum import plunder as PL
from rules.imperium_romanum import port_defence as PD
from rules.imperium_romanum import random_events as RE
from rules.imperium_romanum import segment_deadline as SD
from rules.imperium_romanum import sequence as SEQ
from rules.imperium_romanum import special_rules as SR
from rules.imperium_romanum import supply as SUP
from rules.imperium_romanum import treasure as TR
from rules.imperium_romanum.legal import passes
from rules.imperium_romanum.naval_charts import naval_charts
from rules.imperium_romanum.pirates import PIRATE_POWERS
from rules.imperium_romanum.setup import new_state
from rules.imperium_romanum.state import IRState
from rules.imperium_romanum.views import private_lines, public_view, seat_view, status_lines
from rules.imperium_romanum.world import data

PLAYABLE = ("s12", "s01", "s02", "s24")
"""Scenarios the engine runs; the others need rules not yet supported."""
BLOCKERS: dict[str, tuple[str, Text]] = {}
"""Scenarios refused at /game new, with the special rule they still need (NotYetSupported)."""
STANDING = {"intercept": ("ask", "never", "always"), "combat": ("ask", "always_fight"), "assault": ("ask", "always"),
            "retreat": ("ask", "first"), "elite": ("ask", "never"), "donative": ("ask", "never"),
            "plunder": ("ask", "never"), "naval_port": ("ask", "inside", "outside"), "losses": ("ask", "weakest"),
            "seasoning": ("ask", "largest"), "supply": ("ask", "bt"), "shortfall": ("ask", "strongest"),
            "naval_order": ("ask", "first"), "carry": ("never", "allies"), "parting": ("ask", "peace")}
ORDER_WORDS: dict[str, Text] = {
    "intercept": _("interception"), "combat": _("land combat"), "assault": _("assault"), "retreat": _("retreat"),
    "elite": _("elite units"), "donative": _("donative"), "plunder": _("plunder"), "naval_port": _("naval combat in port"),
    "losses": _("losses"), "seasoning": _("seasoning"), "supply": _("supply"), "shortfall": _("supply shortfall"),
    "naval_order": _("naval order"), "carry": _("allies carrying my troops"), "parting": _("parting from a former ally at sea"),
}  # fmt: skip
"""Each standing order, and each of its answers, as readers see them (issue 13)."""
ANSWER_WORDS: dict[str, Text] = {
    "ask": _("ask me"), "never": _("never"), "always": _("always"), "always_fight": _("always fight"),
    "first": _("the first on offer"), "inside": _("inside"), "outside": _("outside"), "weakest": _("the weakest"),
    "largest": _("the largest"), "bt": _("the baggage train"), "strongest": _("the strongest"),
    "allies": _("allowed to my allies"), "peace": _("part peacefully"),
}  # fmt: skip
NAVAL = ("embark", "sail", "debark", "naval_attack")
COMMANDS: dict[str, Callable[[IRState, str, dict[str, Any], list[Text]], None]] = {
    "move": M.move, "attack": C.attack, "embark": NAV.embark, "sail": NAV.sail, "debark": NAV.debark,
    "naval_attack": NAV.naval_attack, "build": MOB.build, "militia_post": MIL.post, "militia": MIL.rebuild,
    "convert": NAV.convert, "fortify": F.fortify, "demolish": F.demolish,
    "appeal": DEI.appeal, "take_treasure": TR.take,  # optional rules 42 and 43
    "propose_alliance": D.propose_alliance, "give_talents": D.give_talents, "ransom": D.offer_ransom,
    "answer_offer": D.answer_offer, "interfere": PG.interfere, "give": GIFT.give,
}  # fmt: skip
"""The commands of a seat's turn and the rule module that carries each out (``end`` aside)."""
SEGMENT_OF: dict[str, tuple[str, str, Text]] = {
    "move": ("movement", "§12", _("units move in the Land Movement segment")),
    "attack": ("combat", "§14.1", _("attacks are made in the Land Combat segment")),
    **{name: ("naval", "§10.2", _("fleets act in the Naval Operations Phase")) for name in NAVAL},
    "build": ("taxation", "§7.4", _("units are raised in the Taxation & Mobilization Phase")),
    "militia_post": ("movement", "§29.3", _("militia is divided among forces in the owner's Land Movement segment")),
    "militia": ("taxation", "§29.4", _("militia is rebuilt in the Taxation & Mobilization Phase")),
    "convert": ("movement", "§34", _("a fleet becomes a legion in its owner's Land Movement segment")),
    "fortify": ("movement", "§21.1", _("fortifications are built in the Land Movement segment")),
    "demolish": ("movement", "§21.3", _("forts are demolished with movement points, in the Land Movement segment")),
    "interfere": ("diplomacy", "§27.1.4", _("the pirates interfere with grain in the Diplomacy Phase")),
}  # fmt: skip
"""The segment a command belongs to, and the refusal (with its rule) anywhere else; the other
commands check their own moment in their module (diplomacy offers, appeals, treasures)."""
NOT_YET: dict[str, tuple[str, Text]] = {}
"""Commands named by the rules that the engine refuses as not yet supported (none at present)."""


class ImperiumRomanumGame(Game[IRState]):
    KIND = "imperium_romanum"
    TITLE = "Imperium Romanum"
    RULES_VERSION = "imperium_romanum-12"
    """Raise it with every change that makes a recorded command resolve otherwise (a rule, a
    window, the dice drawn): a stored game of another version is replayed before it goes on
    and refused clearly when its log no longer gives the same game (bot/rules_version.py).
    2 (2026-11-26): the rules added since version 1, the first layers, among them the hexside
    barriers of §12 and the windows of 10.1, 13.2, 14.3.1 and 15.1.
    3 (2026-11-26): the shortfall (13.2) and combined-attack (14.3.1) windows, units outside a
    besieged city without its walls, maximum-level forts (21.4), fleets in land combat (14.6),
    clients by conquest (20.1), the capital's morale (19.2), the Iazyges' rate.
    4 (2026-11-26, impdata): Roman defections (20.3), barbarians going back to sleep (23.6),
    Persia's roll (37.5), allied transport and the parting at sea (5.8), plunder of cities
    (24.1), the pirates' grain interference (27.1.4), the supply windows of a group setting out
    (13.2), sieges behind a fort without a city (21.4), militia posts (29.3); the same version
    brings the optional rules 39-45 (each off unless chosen at /game new).
    5 (2026-11-26, impdata): grain rebels pass to the farthest player once another enters their
    capital (22.2.3, IR-ENG-124); gifts between allies (5.8 #8); a dissolved non-Roman major's
    pieces go home and a player who is out loses his clients to the nearest major (20.1, 20.2,
    IR-ENG-126, 127); raises in a colour gained by defection (20.4); an ally moving lent units
    by land (5.8, IR-ENG-128).
    5 (same version, iropt1): appeals (42) spent on supply, baggage-train, naval interception and
    naval order rolls; event S in a hex under siege (39.2); allied and client forces going over
    to a usurper (44.1); the Imperators one battle costs fall together (IR-ENG-142).
    6 (2026-11-26, irdata): units in play carry their counter (``counter_id``, 5.7, IR-ENG-129):
    set-ups hand them out, a raise takes the lowest free one of its colour, an eliminated one
    returns to the pool; views and the roster name a unit's legion; a game of an older version
    is replayed from its log, which gives every unit its counter.
    7 (2026-11-26, impdata, session 9): the allied stacks next to a usurper's province roll for
    defection too (44.1, IR-ENG-143); the former controller places a dissolved major's pieces
    (20.1, a ``place`` decision, IR-ENG-145); a dissolved non-Roman major wakes again as a
    minor power when invaded (20.2 #1-#5, IR-ENG-146); fleets built in a gained colour (20.4,
    IR-ENG-147).
    8 (2026-11-27, irdata, session 10): the scenarios name their legions and the set-up gives
    each legion that counter (IR-SCN-6; the name lists are one per legion type), so the set-up
    units of scenarios 1, 2, 12 and 24 wear other counters than in version 7; a usurper's
    faction shares the colour of the faction it rose against, so its raises wear that colour's
    counters and are limited by its mix (IR-ENG-132).
    9 (2026-11-27, impdata, session 10): fleets in a land defence (14.6: the ``port_fleets`` and
    ``fleet_retreat`` windows, IR-ENG-148 to 150), fleets next to the attacked hex join an attack
    (IR-ENG-160), amphibious landings in the Land Combat segment and the follow-up landing of
    10.5.1 (``debark`` in Land Combat, the ``follow_up`` window, IR-ENG-151, IR-ENG-161).
    10 (2026-11-27, iropt2, session 10): an armed appeal (42) is spent on roll-offs (IR-ENG-152),
    rule 44's rolls (IR-ENG-153), the stranded troops' roll (5.8) and the grain rebellion roll
    (22.2.2, IR-ENG-154); the option ``usurpation_named_only`` (44.2's note, IR-ENG-137).
    11 (2026-11-27, impdata, session 10): an armed appeal (42) is spent on the baggage-train roll
    of 13.4.5, the captured yard's dice of 7.8 and the plague's dice of 45 (IR-ENG-164); fleets
    that landed troops this turn may not ``debark`` again (10.4.3, IR-ENG-165).
    12 (2026-11-27, choixcheck, session 12): scenario 1 winters six legions at Agedincum and two
    among the Lingones, as the Gallic War counts them (IR-ENG-166), so its set-up differs."""
    STATE_VERSION = 1

    @classmethod
    def scenarios(cls) -> list[ScenarioInfo]:
        out = []
        for sid in sorted(data().scenarios, key=lambda s: data().scenarios[s].number):
            scen = data().scenarios[sid]
            out.append(ScenarioInfo(sid, _("Scenario {number}: {name}", number=scen.number, name=data_name(scen.name)),
                                    scen.turn_order, _("From {start} to {end}.", start=_date(scen.start),
                                                       end=_date(scen.end))))  # fmt: skip
        return out

    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        return [OptionSpec("random_events", _("Optional rule: random events (39.0)"), "no", ("no", "yes")),
                OptionSpec("plague", _("Optional rule: plague (45.0)"), "no", ("no", "yes")),
                *OPT.specs()]

    @classmethod
    def data_hash(cls) -> str:
        return data().data_hash + ":" + naval_charts().digest[:16]

    @classmethod
    def new(cls, scenario: str, seats: list[str], seed: str, options: dict[str, str]) -> ImperiumRomanumGame:
        if scenario not in data().scenarios:
            known = ", ".join(sorted(data().scenarios))
            raise RuleError("§2.5", _("unknown scenario {scenario} (known: {known})", scenario=scenario, known=known))
        if scenario in BLOCKERS:
            section, what = BLOCKERS[scenario]
            raise NotYetSupported(section, _("{what}, which this scenario needs", what=what))
        SR.check(data().scenarios[scenario].special_rules)  # special rules not modelled (31, 33, 36, 37.x, 38.1)
        expected = list(data().scenarios[scenario].turn_order)
        if seats and sorted(seats) != sorted(expected):
            raise RuleError("§5.1", _("the seats of this scenario are {seats}", seats=", ".join(expected)))
        if options.get("random_events", "no") not in ("no", "yes"):
            raise RuleError("§39", _("random_events is yes or no"))
        if options.get("plague", "no") not in ("no", "yes"):
            raise RuleError("§45", _("plague is yes or no"))
        OPT.check(options)  # optional rules 40-44
        st = new_state(scenario, Dice(seed), dict(options))
        lines: list[Text] = [_("{name}: the powers are set up.", name=data_name(data().scenarios[scenario].name))]
        SEQ.advance(st, lines)
        st.last = [plain(x) for x in lines]
        game = cls(st)
        opening = Outcome()
        for line in lines:
            opening.say(line)
        opening.rolls.extend(st.dice.take_rolls())
        game.opening = opening
        return game

    # -- play -------------------------------------------------------------------------------
    @staticmethod
    def dice(state: IRState) -> Dice:
        return state.dice

    def _apply(self, st: IRState, seat: str, command: Command, outcome: Outcome) -> None:
        lines: list[Text] = []
        dispatch(st, seat, command, lines)
        if st.rebel_capitals:
            GR.claim(st, lines)  # 22.2.3: grain rebels pass to the farthest player once another enters
        SEQ.advance(st, lines)
        public = [line for line in lines if not getattr(line, "private_to", "")]
        for line in lines:
            private_to = getattr(line, "private_to", "")
            if private_to:
                outcome.tell(private_to, line)
            else:
                outcome.say(line)
        st.last = [plain(x) for x in public]
        outcome.map_changed = True

    def to_move(self) -> list[str]:
        return SEQ.waiting(self.state)

    def pending_decision(self) -> PendingDecision | None:
        p = self.state.pending
        if not p:
            return SD.deadline_decision(self.state)  # a simultaneous segment's deadline (4.0)
        return PendingDecision(
            id=p["id"], seat=p["seat"], kind=p["kind"], prompt=text_from_json(p["prompt"]),
            choices=tuple(Choice(str(v), text_from_json(label)) for v, label in p["choices"]),
            default=p["default"], section=p.get("section", ""),
        )  # fmt: skip

    def legal_commands(self, seat: str) -> list[Command]:
        return legal_commands(self.state, seat)

    def actions(self, seat: str) -> list[ActionSpec]:
        return actions_from_commands(self.legal_commands(seat), lambda name: str(ACTION_HELP.get(name, name)))

    def result(self) -> GameResult | None:
        r = self.state.result
        if not r:
            return None
        return GameResult(tuple(r["winners"]), str(r["summary"]), str(r["kind"]),
                          tuple((s, int(self.state.powers[s]["morale"])) for s in self.state.seats))  # fmt: skip

    def public_view(self) -> dict[str, Any]:
        return public_view(self.state)

    def seat_view(self, seat: str) -> dict[str, Any]:
        return seat_view(self.state, seat)

    def private_lines(self, seat: str) -> list[str]:
        return private_lines(self.state, seat)

    def status_lines(self) -> list[str]:
        return status_lines(self.state)

    @staticmethod
    def _state_to_json(state: IRState) -> dict[str, Any]:
        return state.to_json()

    @staticmethod
    def _state_from_json(data_: dict[str, Any]) -> IRState:
        return IRState.from_json(data_)


def _date(value: tuple[int, int]) -> Text:
    """A scenario's month and year (``02/52 BC``), the era translated with the year."""
    return _("{month:02d}/{year}", month=value[1], year=SEQ.year_label(value[0]))


ACTION_HELP: dict[str, Text] = {
    "end": _("Finish your part of this segment"),
    "move": _("Move a group of units and leaders (12.0)"),
    "attack": _("Attack the enemy in a hex (14.1)"),
    "propose_alliance": _("Offer a one-month alliance (5.8)"),
    "fortify": _("Build field fortifications (21.1)"),
    "build": _("Raise a unit or a baggage train (7.4)"),
    "militia": _("Rebuild a province's militia (29.4)"),
    "militia_post": _("Divide a province's militia among your forces there (29.3)"),
    "decide": _("Answer the open decision"),
    "embark": _("Take troops aboard fleets (10.4.2)"),
    "sail": _("Sail fleets (10.3)"),
    "debark": _("Land troops, or invade from the sea (10.4.3, 10.5)"),
    "naval_attack": _("Attack the enemy fleets in the hex (10.7)"),
    "convert": _("Turn a fleet into a legion (34)"),
    "demolish": _("Demolish a fort with heavy infantry (21.3)"),
    "appeal": _("Appeal to the gods before your next roll (42.0, optional)"),
    "take_treasure": _("Take the treasure of a city your units hold (43.2, optional)"),
    "answer_offer": _("Accept or decline an offer made to you (4.3)"),
    "give": _("Give units, a city or a fort to an ally (5.8)"),
    "give_talents": _("Offer talents to another major power (6.0)"),
    "interfere": _("Set pirate fleets against a grain province (27.1.4)"),
}


def dispatch(st: IRState, seat: str, command: Command, lines: list[Text]) -> None:
    """Check who may act, then hand the command to its rule."""
    name, args = command.name, dict(command.args)
    if st.result:
        raise RuleError("§25", _("the game is over"))
    if seat not in st.seats:
        raise RuleError("§5.1", _("{seat} is not a seat of this game", seat=seat))
    if name == "standing":
        order, value = str(args.get("order", "")), str(args.get("value", ""))
        if order not in STANDING or value not in STANDING[order]:
            raise RuleError("§12.4", _("standing orders: intercept ask/never/always, combat ask/always_fight, "
                                       "assault ask/always, retreat ask/first, elite ask/never, donative ask/never, plunder ask/never, "
                                       "naval_port ask/inside/outside, losses ask/weakest, seasoning ask/largest, supply ask/bt, shortfall ask/strongest, "
                                       "naval_order ask/first, carry never/allies, parting ask/peace"))  # fmt: skip
        st.standing.setdefault(seat, {})[order] = value
        lines.append(_("{seat} sets a standing order: {order}, {value}.", seat=seat, order=ORDER_WORDS.get(order, order),
                       value=ANSWER_WORDS.get(value, value)))  # fmt: skip
        return
    if name == "decide":
        if SD.is_deadline(st, args):
            SD.answer(st, seat, str(args.get("choice", "")), lines)
            return
        answer(st, seat, args, lines)
        return
    if st.pending:
        raise RuleError(str(st.pending.get("section", "")), _("waiting for {seat} to answer a decision",
                                                              seat=st.pending["seat"]))  # fmt: skip
    if seat not in SEQ.waiting(st):
        raise RuleError("§4.0", _("it is not your turn (the {segment} segment waits for {seats})",
                                  segment=SEQ.SEGMENT_NAMES.get(st.segment, st.segment), seats=", ".join(SEQ.waiting(st)) or "-"))  # fmt: skip
    if name in NOT_YET:
        section, what = NOT_YET[name]
        raise NotYetSupported(section, what)
    if name == "end":
        end(st, seat, lines)
        return
    if name not in COMMANDS:
        raise RuleError("", _("unknown command {name}", name=name))
    if name == "debark" and st.segment == "combat":
        LANDING.land(st, seat, args, lines)  # 14.6: an amphibious landing to attack in Land Combat
        return
    if name in SEGMENT_OF:
        segment, section, reason = SEGMENT_OF[name]
        if st.segment != segment:
            raise RuleError(section, reason)
    COMMANDS[name](st, seat, args, lines)


def end(st: IRState, seat: str, lines: list[Text]) -> None:
    if st.segment == "naval":
        NAV.end_segment(st, seat, lines)
        st.naval_order.pop(0)
        return
    check_must_attack(st, seat)
    st.ended.append(seat)


def answer(st: IRState, seat: str, args: dict[str, Any], lines: list[Text]) -> None:
    p = st.pending
    if not p:
        raise RuleError("§4.0", _("there is no open decision"))  # a window is answered only while open
    if seat != p["seat"]:
        raise RuleError(str(p.get("section", "")), _("the open decision is {seat}'s", seat=p["seat"]))
    if args.get("id") not in (None, "", p["id"]):
        raise RuleError(str(p.get("section", "")), _("that decision is no longer open"))
    choice = str(args.get("choice", ""))
    if choice not in [c[0] for c in p["choices"]]:
        raise RuleError(str(p.get("section", "")), _("{choice} is not one of the choices", choice=choice or "?"))
    kind = p["kind"]
    if kind == "intercept":
        M.answer_interception(st, choice, lines)
    elif kind in ("battle", "assault", "combined"):
        C.answer_battle(st, choice, lines)
    elif kind == "retreat":
        C.answer_retreat(st, choice, lines)
    elif kind == "losses":
        C.answer_losses(st, choice, lines)
    elif kind == "season":
        C.answer_season(st, choice, lines)
    elif kind == "supply":
        SUP.answer_declaration(st, choice, lines)
    elif kind == "shortfall":
        SUP.answer_shortfall(st, choice, lines)
    elif kind == "naval_order":
        SEQ.answer_naval_order(st, choice, lines)
    elif kind == "elite":
        C.answer_elite(st, choice, lines)
    elif kind == "donative":
        C.answer_donative(st, choice, lines)
    elif kind == "plunder":
        PL.answer(st, choice, lines)
    elif kind == "naval_intercept":
        NAV.answer_interception(st, choice, lines)
    elif kind == "naval_port":
        NAV.answer_port(st, choice, lines)
    elif kind == "parting":
        AT.answer(st, choice, lines)
    elif kind == "intel":
        RE.answer_intelligence(st, choice, lines)
    elif kind == "disaster":
        RE.answer_disaster(st, choice, lines)
    elif kind == "extra_area":
        RE.answer_extra_area(st, choice, lines)
    elif kind == "place":
        DIS.answer_place(st, choice, lines)
    elif kind == "port_fleets":
        PD.answer(st, choice, lines)
    elif kind == "evacuate_pick":
        PD.answer_evacuation(st, choice, lines)
    elif kind == "withdraw_intercept":
        PD.answer_interception(st, choice, lines)
    elif kind == "fleet_retreat":
        PD.answer_retreat(st, choice, lines)
    elif kind == "follow_up":
        LANDING.answer(st, choice, lines)


def legal_commands(st: IRState, seat: str) -> list[Command]:
    """Every command ``seat`` may give now (moves of whole groups to every reachable hex)."""
    if st.result:
        return []
    if st.pending:
        if st.pending["seat"] != seat:
            return []
        return [Command("decide", {"id": st.pending["id"], "choice": c[0]}) for c in st.pending["choices"]]
    if seat not in SEQ.waiting(st):
        return []
    out: list[Command] = []
    if st.segment == "taxation":
        out += [Command("build", args) for args in MOB.build_commands(st, seat)]
        out += [Command("militia", args) for args in MIL.rebuild_options(st, seat)]
    if st.segment == "diplomacy":
        out += offer_commands(st, seat, "propose_alliance", [{"with": other} for other in SEQ.waiting(st) if other != seat])
        out += offer_commands(st, seat, "ransom", [{"leader": lid, "talents": 0} for lid, rec in sorted(st.leaders.items())
                                                   if rec["status"] == "captured"])  # fmt: skip
        for offer in D.open_offers(st, seat):
            out += [Command("answer_offer", {"offer": offer[D.ID], "choice": c}) for c in (D.ACCEPT, D.DECLINE)]
        out += [Command("interfere", args) for args in PG.commands(st, seat)]
        out += [Command("give_talents", args) for args in GIFT.talent_commands(st, seat)]  # 6.0
        out += [Command("give", args) for args in GIFT.commands(st, seat)]  # 5.8 #8
    if st.segment == "naval":
        out += [Command(name, args) for name, args in NAV.naval_commands(st, seat)]
    if st.segment == "movement":
        out += move_commands(st, seat)
        out += fort_commands(st, seat)
        out += demolish_commands(st, seat)
        out += convert_commands(st, seat)
        out += [Command("militia_post", args) for args in MIL.post_options(st, seat)]
    if st.segment == "combat":
        out += attack_commands(st, seat)
        out += [Command("debark", args) for args in LANDING.commands(st, seat)]  # 14.6, 10.5
    out += [Command("take_treasure", args) for args in TR.treasure_commands(st, seat)]  # optional rule 43
    out += [Command("appeal", args) for args in DEI.appeal_commands(st, seat)]  # optional rule 42
    if passes(check_must_attack, st, seat):
        out.append(Command("end"))
    return out


def offer_commands(st: IRState, seat: str, name: str, candidates: list[dict[str, Any]]) -> list[Command]:
    """The diplomacy offers of ``candidates`` that the rules accept now (tried on a copy: an
    offer's check and its opening are one function, diplomacy.py)."""
    return [Command(name, args) for args in candidates
            if passes(dispatch, copy.deepcopy(st), seat, Command(name, args), [])]


def check_must_attack(st: IRState, seat: str) -> None:
    """14.1: units that entered an enemy hex across a strait must attack it before the Land
    Combat segment ends."""
    if st.segment != "combat":
        return
    for rec in st.units.values():
        if (rec["must_attack"] or rec.get("amphibious") == st.turn) and B.seat_of(st, rec["power"]) == seat and rec["hex"] not in st.attacked \
                and B.hostile_land_at(st, seat, rec["hex"], None):  # fmt: skip
            raise RuleError("§14.1", _("units that crossed a strait into {hex} must attack it", hex=rec["hex"]))


def movable_groups(st: IRState, seat: str) -> dict[str, list[str]]:
    """Each hex with pieces of ``seat`` that may still move, and those pieces (one group per
    power for active neutrals, 5.2)."""
    groups: dict[str, list[str]] = {}
    for uid in sorted(st.units):
        rec = st.units[uid]
        own = B.seat_of(st, rec["power"]) == seat
        if not (own or AT.movable_by_ally(st, seat, rec)) or not B.can_act(st, rec["power"]) or rec["besieged"]:
            continue  # 5.8: an ally's units it lends (IR-ENG-128)
        if rec["type"].startswith("fleet") or (rec["activated"] and rec["mp"] <= 0):
            continue
        if rec.get("aboard") or rec.get("no_land_move") == st.turn or rec["power"] in PIRATE_POWERS:
            continue
        if rec.get("lent") == st.turn and rec.get("borrower") != seat:
            continue
        if int(rec.get("held_until", -1)) >= st.turn or RE.disloyal(st, rec):  # 39.2 S
            continue
        key = rec["hex"] + ("|" + rec["power"] if st.powers[rec["power"]]["status"] == "active neutral" else "")
        groups.setdefault(key, []).append(uid)
    for lid in sorted(st.leaders):
        rec = st.leaders[lid]
        if rec["status"] != "map" or B.seat_of(st, rec["power"]) != seat or not B.can_act(st, rec["power"]):
            continue
        if rec.get("aboard") or (rec["activated"] and rec["mp"] <= 0):
            continue
        if st.powers[rec["power"]]["status"] == "active neutral":
            continue
        if any(st.units[u]["besieged"] for u in B.units_at(st, rec["hex"]) if B.seat_of(st, st.units[u]["power"]) == seat):
            continue
        groups.setdefault(rec["hex"], []).append(lid)
    return groups


def group_reach(st: IRState, seat: str, pieces: list[str]) -> dict[str, tuple[int, str]]:
    units = [p for p in pieces if p in st.units]
    leaders = [p for p in pieces if p in st.leaders]
    origin = st.units[units[0]]["hex"] if units else st.leaders[leaders[0]]["hex"]
    budget = M.start_budget(st, units, leaders)
    best = M.reach(st, seat, units, leaders, origin, budget)
    best.pop(origin, None)
    return best


def move_commands(st: IRState, seat: str) -> list[Command]:
    out = []
    for _key, pieces in sorted(movable_groups(st, seat).items()):
        for dest in sorted(group_reach(st, seat, pieces)):
            out.append(Command("move", {"units": list(pieces), "to": dest}))
    return out


def fort_commands(st: IRState, seat: str) -> list[Command]:
    """One ``fortify`` per hex: every idle infantry unit of one power there, when affordable."""
    out = []
    by: dict[tuple[str, str], list[str]] = {}
    for uid in sorted(st.units):
        rec = st.units[uid]
        if (B.seat_of(st, rec["power"]) == seat and B.is_combat(rec) and not B.is_cavalry(rec) and not rec["activated"]
                and not rec["besieged"] and not F.is_builder(st, uid) and not rec.get("aboard")):  # fmt: skip
            by.setdefault((rec["hex"], rec["power"]), []).append(uid)
    for (hex_id, power), uids in sorted(by.items()):
        levels = sum(B.le_halves(st.units[u]) for u in uids) // 2
        room = F.fort_max_level(F.period(st)) - st.forts.get(hex_id, {}).get(power, 0)
        levels = min(levels, room)
        if levels < 1 or B.hostile_land_at(st, seat, hex_id):
            continue
        if not st.powers[power]["major"] or st.powers[power]["treasury"] < levels * F.fort_cost_per_level(F.period(st)):
            continue
        chosen, halves = [], 0
        for uid in sorted(uids, key=lambda u: (-B.le_halves(st.units[u]), u)):
            if halves // 2 >= levels:
                break
            chosen.append(uid)
            halves += B.le_halves(st.units[uid])
        if halves // 2 == levels and F.siege_works_allowed_here(st, seat, hex_id, power) \
                and f"{hex_id}|{power}" not in st.building:  # fmt: skip
            out.append(Command("fortify", {"units": chosen}))
    for uid in sorted(st.units):  # 21.1: the Roman legion's marching camp (level D)
        rec = st.units[uid]
        if (B.seat_of(st, rec["power"]) == seat and F.roman_camp(st, [uid]) and not st.forts.get(rec["hex"], {}).get(rec["power"])
                and not rec["besieged"] and not rec.get("aboard") and not F.is_builder(st, uid)
                and f"{rec['hex']}|{rec['power']}" not in st.building
                and passes(F.check_fortify, st, seat, {"units": [uid]})):  # fmt: skip
            out.append(Command("fortify", {"units": [uid]}))
    return out


def demolish_commands(st: IRState, seat: str) -> list[Command]:
    """21.3: for each fort in a hex where the seat has heavy infantry with MP, one ``demolish``
    by all of one power's heavy infantry there."""
    out = []
    for hex_id in sorted(st.forts):
        crews: dict[str, list[str]] = {}
        for uid in B.units_at(st, hex_id, False):
            rec = st.units[uid]
            if B.seat_of(st, rec["power"]) == seat and F.is_heavy_infantry(rec) and (not rec["activated"] or rec["mp"] > 0):
                crews.setdefault(rec["power"], []).append(uid)
        for power, uids in sorted(crews.items()):
            for target in sorted(st.forts[hex_id]):
                args: dict[str, Any] = {"units": uids} if target == power else {"units": uids, "power": target}
                if passes(F.check_demolish, st, seat, args):
                    out.append(Command("demolish", args))
    return out


def convert_commands(st: IRState, seat: str) -> list[Command]:
    """34: every fleet of the seat that may become a legion now."""
    out = []
    for fid in sorted(st.units):
        if st.units[fid]["type"].startswith("fleet") and B.seat_of(st, st.units[fid]["power"]) == seat \
                and passes(NAV.check_convert, st, seat, {"fleet": [fid]}):  # fmt: skip
            out.append(Command("convert", {"fleet": [fid]}))
    return out


def attack_commands(st: IRState, seat: str) -> list[Command]:
    out = []
    hexes = sorted({st.units[u]["hex"] for u in st.units if B.seat_of(st, st.units[u]["power"]) == seat})
    for hex_id in hexes:
        if hex_id in st.attacked or not C.attackers_at(st, seat, hex_id):
            continue
        side, defenders = C.defender_seat(st, seat, hex_id)
        if not side:
            continue
        out.append(Command("attack", {"hex": hex_id}))
        fleets = FS.nearby(st, seat, hex_id)
        if fleets:
            out.append(Command("attack", {"hex": hex_id, "fleets": fleets}))  # 14.6
        if C.enemy_city(st, seat, hex_id) and all(st.units[u]["besieged"] for u in defenders) and hex_id not in st.sieges:
            out.append(Command("attack", {"hex": hex_id, "mode": "besiege"}))
    return out


GAME = ImperiumRomanumGame
