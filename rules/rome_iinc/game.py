"""Rome, IInc. (Philip Jelley): Praetor's rules engine.

Seats: ``east`` and ``west``. Solo: one person holds both seats (option ``mode=solo``); co-op:
each seat acts only for its Empire, and a Unit Transfer into the other Empire waits for that
seat's consent (a pending decision). The enemy (Wars, Leaders, Events, Revolts, Assassinations,
Rebellions) runs itself; every die is recorded with its purpose.

Commands (arguments are strings unless noted):

``end``                       finish your Empire's current step (Unrest, War, Extra Taxes)
``appoint {statesman, command, also?: [..]}``  place a Statesman as Governor (10.3, 5.2.5)
``bread {points}`` / ``circus {points}``  buy Prestige / reduce Unrest at 10 Gold a point (10.5)
``build {unit, province}``    build from the Barracks (10.6); ``upgrade {unit}`` promotes with Gold
``transfer {unit, to}``       move a Unit to a Loyal Roman or Insurgent Province (10.7)
``give_gold {amount}``, ``extra_taxes``   Gold exchange (9.1.5), Extra Taxes (9.1.4)
``fight {war, commander, provinces: [..]}``  fight a War (11.2); commander ``emperor`` or a Command
``civil_war {rebel}``         fight a Rebel (a Command id) or ``emperor:<empire>`` (11.4)
``annex|loss|promote|emperor {choice}``  answer the first open task of your Empire
``decide {id, choice}``       answer a pending consent (``accept`` / ``decline``)
"""

from __future__ import annotations

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
from rules.core.i18n import Text, _, join
from rules.rome_iinc import battle as W
from rules.rome_iinc import board as B
from rules.rome_iinc import commands as C
from rules.rome_iinc import decisions as D
from rules.rome_iinc import follow_on
from rules.rome_iinc import phases as PH
from rules.rome_iinc import politics as P
from rules.rome_iinc.data import TASK_WORDS, data, data_hash, empire_name
from rules.rome_iinc.setup import new_state
from rules.rome_iinc.state import RomeState
from rules.rome_iinc.views import PHASE_NAMES, public_view, status_lines

SEATS = ("east", "west")
TASK_VERBS = ("annex", "loss", "promote", "emperor")
_SCENARIOS = {
    "286": (_("286 CE: Diocletian and the Tetrarchy"), _("Ten turns from the Tetrarchy (13.1).")),
    "363": (_("363 CE: Valentinian and Valens"), _("Ten turns from the brothers' accession (13.1).")),
    "425": (_("425 CE: Valentinian III and Theodosius II"), _("Ten turns of the Theodosian age (13.1).")),
    "497": (_("497 CE: Anastasius, Sole Emperor"), _("The West has Fallen; ten turns (13.1).")),
    "565": (_("565 CE: Justin II and the reconquered West"), _("Ten turns after Justinian (13.1).")),
}


class RomeGame(Game[RomeState]):
    KIND = "rome_iinc"
    TITLE = "Rome, IInc."
    RULES_VERSION = "rome_iinc-1"
    STATE_VERSION = 1

    @classmethod
    def scenarios(cls) -> list[ScenarioInfo]:
        # both seats are always played; in solo one person holds both (/game join seat:west)
        return [ScenarioInfo(k, t, SEATS, d) for k, (t, d) in _SCENARIOS.items()]

    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        return [
            OptionSpec("mode", _("solo: one person plays both Empires; coop: East and West seats (1.3)"),
                       "coop", ("coop", "solo")),
            OptionSpec("events", _("Optional rule: one Event more or fewer each turn (12.4.1)"), "0",
                       ("-1", "0", "+1")),
            OptionSpec("taxes", _("Optional rule: modifier to each Tax 2D6 (12.4.2)"), "0", ("-1", "0", "+1")),
            OptionSpec("wars", _("Optional rule: modifier to each War 3D6 (12.4.3)"), "0", ("-1", "0", "+1")),
            OptionSpec("extended", _("Extended game: the scenarios that follow this one, e.g. 363,425 (13.2)"), ""),
            OptionSpec("follow_on", _("Follow on from a Rome, Inc. position of the data (13.3), e.g. example or example:west"), ""),
            OptionSpec("harsh_losses", _("Optional rule: Dismiss three Auxilia, Tribute 15 Gold (12.4.4)"),
                       "no", ("no", "yes")),
        ]

    @classmethod
    def data_hash(cls) -> str:
        return data_hash()

    @classmethod
    def new(cls, scenario: str, seats: list[str], seed: str, options: dict[str, str]) -> RomeGame:
        if scenario not in _SCENARIOS:
            raise RuleError("13.1", _("unknown scenario {scenario} (286, 363, 425, 497, 565)",
                                      scenario=scenario))
        if scenario not in data().scenarios:
            raise NotYetSupported("13.1", _("the {scenario} CE set-up is not authored yet",
                                            scenario=scenario))
        if seats and sorted(seats) != sorted(SEATS):
            raise RuleError("1.3", _("the seats are east and west (one person may hold both)"))
        mode = options.get("mode", "coop")
        if mode not in ("solo", "coop"):
            raise RuleError("1.3", _("mode is solo or coop"))
        for key in ("events", "taxes", "wars"):
            if options.get(key, "0") not in ("-1", "0", "+1", "1"):
                raise RuleError("12.4", _("the optional rule {key} is -1, 0 or +1", key=key))
        chain = [c for c in options.get("extended", "").replace(",", " ").split() if c]
        order = list(_SCENARIOS)
        expected = order[order.index(scenario) + 1: order.index(scenario) + 1 + len(chain)]
        if chain and (chain != expected or len(chain) > 3):
            raise RuleError("13.2", _("an extended game chains the following scenarios in order, "
                                      "two to four in all: after {scenario} comes {next}",
                                      scenario=scenario, next=", ".join(expected) or "nothing"))
        inc = options.get("follow_on", "")
        if inc and scenario != "286":
            raise RuleError("13.3", _("a game of Rome, Inc. is followed by the 286 CE scenario"))
        if inc:
            follow_on.parse_option(inc)
        if options.get("harsh_losses", "no") not in ("no", "yes"):
            raise RuleError("12.4.4", _("harsh_losses is yes or no"))
        st = new_state(scenario, mode, Dice(seed), dict(options))
        st.next_scenarios = chain
        st.step = "begin"  # the first /end starts Turn 1, so the set-up is posted before it runs
        lines: list[Text] = [_("{title}: the Empires are set up. Either player starts Turn 1 with "
                               "/end.", title=_SCENARIOS[scenario][0])]
        if inc:
            lines = []
            follow_on.start(st, inc, lines)  # 13.3: ends in the appointments of 13.3.5
            lines.append(_("The other Emperor is chosen, then the Governors are placed, West "
                           "first; each player ends with /end and Turn 1 begins (13.3.5)."))
        st.last = [str(x) for x in lines]
        game = cls(st)
        opening = Outcome()
        for line in lines:
            opening.say(line)
        opening.rolls.extend(st.dice.take_rolls())
        game.opening = opening
        return game

    # -- play ---------------------------------------------------------------------------------
    @staticmethod
    def dice(state: RomeState) -> Dice:
        return state.dice

    def _apply(self, st: RomeState, seat: str, command: Command, outcome: Outcome) -> None:
        lines = PhaseLog(st)
        dispatch(st, seat, command, lines)
        PH.advance(st, lines)
        for block in lines.digest():
            outcome.say(block)
        outcome.rolls_in_lines = True
        st.last = [str(x) for x in lines]
        outcome.map_changed = map_drawn(st)

    def to_move(self) -> list[str]:
        return to_move(self.state)

    def pending_decision(self) -> PendingDecision | None:
        """A consent to a Transfer (10.7.4), or a choice the engine settled by default that its
        player may change (rules/rome_iinc/decisions.py)."""
        st = self.state
        p = st.pending
        if not p:
            task = open_decision(st)
            if task is None:
                return None
            return PendingDecision(
                id=task["id"], seat=task["empire"], kind=task["kind"],
                prompt=D.prompt(st, task),
                choices=tuple(Choice(c, D.choice_label(st, task, c)) for c in D.choices(st, task)),
                default=task["default"], section=task["section"])
        return PendingDecision(id=p["id"], seat=p["seat"], kind=p["kind"], prompt=p["prompt"],
                               choices=(Choice("accept", str(_("Accept"))),
                                        Choice("decline", str(_("Decline")))),
                               default="decline", section=p.get("section", ""))

    def legal_commands(self, seat: str) -> list[Command]:
        return legal_commands(self.state, seat)

    def actions(self, seat: str) -> list[ActionSpec]:
        specs = actions_from_commands(
            self.legal_commands(seat),
            lambda name: str(_ACTION_HELP.get(name, name)),
            lambda option, value: label(self.state, option, value),
        )
        return specs

    def result(self) -> GameResult | None:
        r = self.state.result
        if not r:
            return None
        if r["kind"] == "major_defeat":
            return GameResult((), str(_("Major Defeat for both players (12.2.3).")), "major_defeat",
                              tuple((e, self.state.prestige[e]) for e in SEATS))
        levels = r["levels"]
        winners = tuple(e for e in SEATS if levels[e] == "minor_victory")
        return GameResult(winners, str(r["summary"]), str(r["kind"]),
                          tuple((e, self.state.prestige[e]) for e in SEATS))

    def public_view(self) -> dict[str, Any]:
        return public_view(self.state)

    def seat_view(self, seat: str) -> dict[str, Any]:
        view = public_view(self.state)
        view["seat"] = seat
        view["legal"] = [c.to_json() for c in self.legal_commands(seat)]
        return view

    def private_lines(self, seat: str) -> list[str]:
        """``/game mine``: Rome, IInc. hides nothing from its players (the seat view is the
        public one and the seat's legal moves, offered by the menus)."""
        return []

    def status_lines(self) -> list[str]:
        return status_lines(self.state, to_move(self.state))

    @staticmethod
    def _state_to_json(state: RomeState) -> dict[str, Any]:
        return state.to_json()

    @staticmethod
    def _state_from_json(data_: dict[str, Any]) -> RomeState:
        return RomeState.from_json(data_)


class PhaseLog(list[Text]):
    """The lines of one command, each noted with the turn and phase it was written in and how
    many dice had been rolled by then: posted as one digest per phase, each roll under the line
    it decided (the automated phases are one readable block each, never a message per roll)."""

    def __init__(self, st: RomeState) -> None:
        super().__init__()
        self.st = st
        self.first_roll = len(st.dice.rolls)
        self.marks: list[tuple[int, str, int]] = []

    def append(self, line: Text) -> None:
        super().append(line)
        self.marks.append((self.st.turn, self.st.phase, len(self.st.dice.rolls)))

    def digest(self) -> list[Text]:
        """One Text per phase: its lines, each followed by the rolls made for it. Rolls made
        before a phase's first line belong to the phase before (its last line)."""
        rolls = self.st.dice.rolls
        blocks: list[list[Any]] = []
        start = self.first_roll
        for index, line in enumerate(self):
            turn, phase, made = self.marks[index]
            before = [join("", ["  🎲 ", r.describe()]) for r in rolls[start:made]]
            start = made
            new_phase = index == 0 or self.marks[index - 1][:2] != (turn, phase)
            if new_phase and blocks:
                blocks[-1].extend(before)
                blocks.append([line])
            elif new_phase:
                blocks.append([line, *before])
            else:
                blocks[-1].extend([line, *before])
        tail = [join("", ["  🎲 ", r.describe()]) for r in rolls[start:]]
        if tail:
            if blocks:
                blocks[-1].extend(tail)
            else:
                blocks.append(tail)
        return [join("\n", block) for block in blocks]


def map_drawn(st: RomeState) -> bool:
    """Whether the picture is posted now: a phase ended with the map changed since the last
    picture (Provinces, Units, Wars, Leaders, Commands), or the game is over."""
    mark = map_mark(st)
    if st.result or (st.phase, st.turn) != tuple(st.drawn_at) and mark != st.drawn:
        st.drawn, st.drawn_at = mark, [st.phase, st.turn]
        return True
    st.drawn_at = [st.phase, st.turn]
    return False


def map_mark(st: RomeState) -> str:
    """A short fingerprint of what the picture shows."""
    import hashlib
    import json

    drawn = [st.status, st.tribe, st.units, st.wars, st.leaders, st.commands, st.gold, st.unrest,
             st.prestige, st.emperors]
    return hashlib.sha1(json.dumps(drawn, sort_keys=True).encode()).hexdigest()[:16]


_ACTION_HELP: dict[str, Text] = {
    "end": _("Finish your Empire's step"),
    "appoint": _("Appoint a Statesman as Governor (10.3)"),
    "bread": _("Buy Prestige, 10 Gold a point (10.5.1)"),
    "circus": _("Reduce Unrest, 10 Gold a point (10.5.2)"),
    "build": _("Build a Unit from the Barracks (10.6)"),
    "upgrade": _("Promote a Fort or Auxilia with Gold (10.6.2)"),
    "transfer": _("Transfer a Unit (10.7)"),
    "give_gold": _("Give Gold to the other Empire (9.1.5)"),
    "extra_taxes": _("Raise Extra Taxes while in debt (9.1.4)"),
    "fight": _("Fight a War (11.2)"),
    "civil_war": _("Fight a Rebel (11.4)"),
    "annex": _("Choose a Province to Annex (10.2)"),
    "loss": _("Choose the next Loss (11.3)"),
    "promote": _("Choose a Unit to promote (11.2.3)"),
    "emperor": _("Choose the new Emperor (5.1.4f)"),
    "decide": _("Answer the pending decision"),
}


_UNIT_TYPES = ("cavalry", "guards", "legion", "pseudo", "fort", "auxilia", "fleet")
_CHOICE_VERBS: dict[str, Text] = {
    "destroy": _("Destroy"), "demote": _("Demote"), "dismiss": _("Dismiss"), "revolt": _("Revolt"),
    "disgrace": _("Disgrace (+1 Unrest)"), "tribute": _("Tribute (Gold)"),
    "accept": _("Accept"), "decline": _("Decline"),
}


def label(st: RomeState, key: str, value: str) -> str:
    d = data()
    if value in d.provinces:
        return d.provinces[value].name
    if value in d.statesmen:
        return d.statesmen[value].name
    if value in d.commands:
        return _("{command}: {governor}", command=d.commands[value]["name"],
                 governor=P.governor_name(st, value))
    if value in d.wars:
        return d.wars[value].label
    if value in st.units:
        return B.unit_label(st, value)
    if value.startswith("emperor:"):
        return _("the Rebel Emperor of the {empire}", empire=empire_name(value.split(":")[1]))
    if key == "unit" and value in _UNIT_TYPES:
        return str(d.charts["units"][value]["name"])
    if ":" in value:
        head, _sep, tail = value.partition(":")
        verb = _CHOICE_VERBS.get(head)
        if verb is not None:
            return _("{verb} {target}", verb=verb, target=label(st, key, tail))
        return _("{target} as {tribe} Foederati", target=label(st, key, head),
                 tribe=d.tribe_names.get(tail, tail))
    if value in _CHOICE_VERBS:
        return _CHOICE_VERBS[value]
    return value


def to_move(st: RomeState) -> list[str]:
    if st.phase == "over" or st.result:
        return []
    if st.pending:
        return [st.pending["seat"]]
    if st.tasks:
        return [st.tasks[0]["empire"]]
    if st.step == "bankrupt":
        return [e for e in SEATS if st.gold[e] < 0 and not st.ended.get(e)]
    if st.step in ("unrest", "war", "begin", "appoint"):
        return PH.active_empires(st)
    return []


def _need_step(st: RomeState, seat: str, steps: tuple[str, ...], section: str) -> None:
    if st.step not in steps or seat not in PH.active_empires(st):
        raise RuleError(section, _("this is not possible now ({phase})", phase=PHASE_NAMES.get(st.phase, st.phase)))


def dispatch(st: RomeState, seat: str, command: Command, lines: list[Text]) -> None:
    """Validate and apply one command for ``seat``; raise ``RuleError`` when illegal."""
    name, args = command.name, command.args
    if st.phase == "over":
        raise RuleError("12.1", _("the game is over"))
    if seat not in SEATS:
        raise RuleError("1.3", _("the seats are east and west"))
    if name == "decide":
        _decide(st, seat, str(args.get("id", "")), str(args.get("choice", "")), lines)
        return
    if st.pending:
        raise RuleError("10.7.4", _("waiting for the other player's consent"))
    if st.tasks:
        task = st.tasks[0]
        if task["kind"] in D.KINDS:
            raise RuleError(task["section"], _("first the {empire} player must answer the "
                                               "decision (the Respond button)",
                                               empire=empire_name(task["empire"])))
        if name not in TASK_VERBS or task["empire"] != seat:
            raise RuleError(task["section"], _("first the {empire} player must answer: {kind}",
                                               empire=empire_name(task["empire"]), kind=TASK_WORDS.get(task["kind"], task["kind"])))
        if name != task["kind"]:
            raise RuleError(task["section"], _("the open task is {kind}", kind=TASK_WORDS.get(task["kind"], task["kind"])))
        _answer(st, task, str(args.get("choice", "")), lines)
        return
    if name == "give_gold":
        C.give_gold(st, seat, args.get("amount", ""), lines)
        return
    if name == "extra_taxes":
        C.extra_taxes(st, seat, lines)
        return
    if name == "end":
        _end(st, seat, lines)
        return
    if name == "appoint" and st.step == "appoint":
        _need_step(st, seat, ("appoint",), "13.3.5")
    elif name in ("appoint", "bread", "circus", "build", "upgrade", "transfer"):
        _need_step(st, seat, ("unrest",), "10.0")
    if name in ("appoint", "bread", "circus", "build", "upgrade", "transfer"):
        if name == "appoint":
            also = args.get("also", [])
            if isinstance(also, str):
                also = [a for a in also.replace(",", " ").split() if a]
            C.appoint(st, seat, str(args.get("statesman", "")), str(args.get("command", "")), lines,
                      [str(a) for a in also])
        elif name == "bread":
            C.bread(st, seat, args.get("points", ""), lines)
        elif name == "circus":
            C.circus(st, seat, args.get("points", ""), lines)
        elif name == "build":
            C.build(st, seat, str(args.get("unit", "")), str(args.get("province", "")), lines)
        elif name == "upgrade":
            C.upgrade(st, seat, str(args.get("unit", "")), lines)
        else:
            _transfer(st, seat, str(args.get("unit", "")), str(args.get("to", "")), lines)
        return
    if name == "fight":
        _need_step(st, seat, ("war",), "11.2")
        provinces = args.get("provinces", [])
        if isinstance(provinces, str):
            provinces = [p for p in provinces.replace(",", " ").split() if p]
        W.fight(st, seat, str(args.get("war", "")), str(args.get("commander", "")),
                [str(p) for p in provinces], lines)
        return
    if name == "civil_war":
        _need_step(st, seat, ("war",), "11.4")
        W.civil_war(st, seat, str(args.get("rebel", "")), lines)
        return
    if name in TASK_VERBS:
        raise RuleError("7.0", _("there is no open {kind} choice", kind=name))
    raise RuleError("", _("unknown command {name}", name=name))


def _end(st: RomeState, seat: str, lines: list[Text]) -> None:
    if st.step == "begin":
        st.step = "next"
        lines.append(_("The {empire} player starts the game.", empire=empire_name(seat)))
        return
    if st.step == "bankrupt":
        if seat not in to_move(st):
            raise RuleError("9.1.3", _("your Treasury is not in debt"))
        st.ended[seat] = True
        lines.append(_("The {empire} accepts its debts.", empire=empire_name(seat)))
        return
    _need_step(st, seat, ("unrest", "war", "appoint"), "7.0")
    if st.step in ("unrest", "appoint"):
        waiting = C.unplaced_statesmen(st, seat)
        if waiting:
            raise RuleError("10.3", _("place the face-up Statesmen first: {names}",
                                      names=", ".join(data().statesmen[s].name for s in waiting)))
    if st.step == "war":
        due = W.compulsory_civil(st, seat)
        if due:
            raise RuleError("11.4", _("your Emperor must first fight: {rebels}", rebels=", ".join(due)))
    st.ended[seat] = True
    lines.append(_("The {empire} is done.", empire=empire_name(seat)))


def _transfer(st: RomeState, seat: str, uid: str, dest: str, lines: list[Text]) -> None:
    C.check_transfer(st, seat, uid, dest)
    receiver = B.province_empire(st, dest)
    if receiver != seat and st.mode == "coop":
        st.seq += 1
        st.pending = {"id": f"d{st.seq}", "seat": receiver, "kind": "transfer", "section": "10.7.4",
                      "unit": uid, "to": dest, "from_seat": seat,
                      "prompt": str(_("The {giver} offers {unit} to {province}: accept and pay "
                                      "the Transfer cost?", giver=empire_name(seat),
                                      unit=B.unit_label(st, uid),
                                      province=data().provinces[dest].name))}
        lines.append(_("Transfer offered; waiting for the {empire} player.", empire=empire_name(receiver)))
        return
    C.do_transfer(st, seat, uid, dest, lines)


def open_decision(st: RomeState) -> dict[str, Any] | None:
    """The first open task when it is a choice settled by default (decisions.KINDS)."""
    if st.tasks and st.tasks[0]["kind"] in D.KINDS:
        return st.tasks[0]
    return None


def _decide(st: RomeState, seat: str, did: str, choice: str, lines: list[Text]) -> None:
    p = st.pending
    task = open_decision(st) if not p else None
    if task is not None:
        if task["empire"] != seat or task["id"] != did:
            raise RuleError(task["section"], _("this decision is not yours to answer"))
        D.answer(st, task, choice, lines)
        st.tasks.remove(task)
        return
    if not p:
        raise RuleError("10.7.4", _("there is no pending decision"))
    if p["seat"] != seat or p["id"] != did:
        raise RuleError("10.7.4", _("this decision is not yours to answer"))
    if choice not in ("accept", "decline"):
        raise RuleError("10.7.4", _("answer accept or decline"))
    st.pending = {}
    if choice == "accept":
        C.do_transfer(st, p["from_seat"], p["unit"], p["to"], lines)
    else:
        lines.append(_("The {empire} declines the Transfer.", empire=empire_name(seat)))


def _answer(st: RomeState, task: dict[str, Any], choice: str, lines: list[Text]) -> None:
    kind = task["kind"]
    if kind == "annex":
        W.annex(st, task, choice, lines)
    elif kind == "loss":
        W.take_loss(st, task, choice, lines)
    elif kind == "promote":
        W.promote(st, task, choice, lines)
    elif kind == "emperor":
        if choice not in P.eligible_successors(st, task["empire"]):
            raise RuleError("5.1.4f", _("{choice} cannot become Emperor (in play, eligible, not "
                                        "the other Emperor)", choice=choice))
        P.install(st, task["empire"], choice, lines)
        lines.append(_("{name} becomes {empire} Emperor.", name=data().statesmen[choice].name,
                       empire=empire_name(task["empire"])))
        task["count"] = 0
    if task.get("count", 0) <= 0:
        st.tasks.remove(task)


def task_choices(st: RomeState, task: dict[str, Any]) -> list[str]:
    return PH.task_choices(st, task)


def legal_commands(st: RomeState, seat: str) -> list[Command]:
    """The legal commands for ``seat`` now, fully specified (menus, ``/game status``, random
    player). Fights list each War with each Commander and every eligible Province together.
    Transfers and Gifts of Gold are too many to list: the ones that matter are offered
    (``commands.transfer_offers``, ``commands.gift_amounts``; ruling ROME-35), and any other
    legal one may be typed."""
    if seat not in to_move(st):
        return []
    if st.pending:
        return [Command("decide", {"id": st.pending["id"], "choice": c}) for c in ("accept", "decline")]
    if st.tasks:
        task = st.tasks[0]
        if task["kind"] in D.KINDS:  # answered through the Respond button
            return [Command("decide", {"id": task["id"], "choice": c}) for c in D.choices(st, task)]
        return [Command(task["kind"], {"choice": c}) for c in task_choices(st, task)]
    cmds: list[Command] = []
    if st.gold[seat] < 0:
        cmds.append(Command("extra_taxes", {}))
    if st.step in ("bankrupt", "begin"):
        cmds += [Command("give_gold", {"amount": str(n)}) for n in C.gift_amounts(st, seat)]
        cmds.append(Command("end", {}))
        return cmds
    d = data()
    if st.step in ("unrest", "appoint"):
        for sid in C.unplaced_statesmen(st, seat) or [s for s, loc in sorted(st.statesmen.items()) if loc == "up"]:
            for cid in C.vacant_commands(st, seat):
                cmds.append(Command("appoint", {"statesman": sid, "command": cid}))
    if st.step == "unrest":
        cap = P.emperor_stats(st, seat)[1] - st.bought.get(seat, 0)
        for n in range(1, cap + 1):
            if st.gold[seat] >= 10 * n:
                cmds.append(Command("bread", {"points": str(n)}))
        for n in (1, 2, 3, 5):
            if st.gold[seat] >= 10 * n and st.unrest[seat] >= n:
                cmds.append(Command("circus", {"points": str(n)}))
        where = B.units_by_province(st)
        for kind in ("legion", "auxilia", "fleet", "pseudo", "fort", "cavalry", "guards"):
            cost = int(d.charts["units"][kind]["build"])
            if st.gold[seat] >= cost and C.barracks_unit(st, kind):
                for pid in C.build_targets(st, seat, kind, where):
                    cmds.append(Command("build", {"unit": kind, "province": pid}))
        for uid, u in sorted(st.units.items()):
            if u["loc"] in st.status and B.province_empire(st, u["loc"]) == seat and B.is_loyal(st, u["loc"]):
                if (u["type"] == "fort" and st.gold[seat] >= 10 and B.stacking_room(st, u["loc"], "pseudo", uid)) \
                        or (u["type"] == "auxilia" and not u["vet"] and st.gold[seat] >= 5
                            and "valentinian" not in st.dynasties):
                    cmds.append(Command("upgrade", {"unit": uid}))
    if st.step == "war":
        for wid in sorted(st.wars):
            loc = st.wars[wid]
            if loc not in d.provinces or wid in st.fought_wars:
                continue
            for cmdr in W.commanders(st, seat):
                provs = W.eligible_provinces(st, seat, cmdr, wid)
                if provs:
                    cmds.append(Command("fight", {"war": wid, "commander": cmdr, "provinces": provs}))
        for target in W.civil_targets(st, seat):
            cmds.append(Command("civil_war", {"rebel": target}))
    if st.step == "unrest":
        cmds += [Command("transfer", {"unit": u, "to": p}) for u, p in C.transfer_offers(st, seat)]
    cmds += [Command("give_gold", {"amount": str(n)}) for n in C.gift_amounts(st, seat)]
    if st.step in ("unrest", "war", "appoint"):
        try:
            _end_check(st, seat)
            cmds.append(Command("end", {}))
        except RuleError:
            pass
    return cmds


def _end_check(st: RomeState, seat: str) -> None:
    if st.step in ("unrest", "appoint") and C.unplaced_statesmen(st, seat):
        raise RuleError("10.3", _("place the face-up Statesmen first"))
    if st.step == "war" and W.compulsory_civil(st, seat):
        raise RuleError("11.4", _("fight the compulsory Civil Wars first"))
