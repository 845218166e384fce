"""Imperator (Frédéric Bey): the rules engine behind ``GAME = ImperatorGame``.

Seats are ``"rome"`` and ``"enemies"``; they keep their names when the players change roles
(§5): the seat that plays Rome is ``state.seat_of("R")``. Commands (``Command(name, args)``):

``move``        {leader?, units?: [ids], unit?, path?: [zone ids] | to?: zone, drop?: {zone: [ids]}}
                E.1: a leader with up to CC units, or one unit alone one zone (§3.5, §4.3, §7).
``sail``        {fleet, to: sea zone | "port", units?: [ids], leaders?: [ids], land?: zone}
                E.1, Rome only: board in port, one sea step, land on an adjacent coast (§3.5).
``rally``       {zone}  E.1, usurper side: try to win over leaderless loyal units (§4.5 D/).
``attack``      {zone}  E.2: fight the battle in that zone (all contested zones must be fought).
``reserve``     {fronts: [front ids]}  phase C, Rome: choose Reserve Fronts (§3.2).
``vexillation`` {action: "create", units: [3 legion ids], zone?} |
                {action: "dissolve", vexillation: id, units?: [ids]}  phase C, Rome (§3.4).
``designate``   {leader, title: "augustus"|"caesar"}  phase D, Rome (§3.6).
``decide``      {id, choice}  answer the pending decision (evasion, retreat, escape, succession,
                usurper choice, spreading a usurpation, Event 4 patient, arriving leader's zone,
                ``losses``: which unit takes the next step loss of a fractional result, §8.3).
``evade`` / ``fight``  shortcuts answering a pending evasion decision (§8.1);
``retreat`` {to} answers a pending retreat decision (§8.3).
``end``         end the current step: phase C/D step, the movement of an SMC (then combat).
                With stratagems, the Enemies of Rome's phase C step (after the war draw) waits
                for their ``end`` every year, whatever they hold (AMB-11).
``stratagem``   {id: type id or name, leader?, peoples?, nationality?, zone?, unit?}  play a chit
                (§6): phase C chits in the EoR's C step; phase E chits by either seat at any
                moment of phase E with no decision waiting, even in the other side's SMC.
                Initiative and the battle chits (Roma Victor, Furor Germanicus, Fuite opportune,
                Faveur divine) are played by answering the ``initiative`` / ``bstrat`` decisions;
                Faveur divine on the other phase E rolls by answering ``favour`` decisions.
``usurp``       {leader}  play the usurpation chit that fits the leader (§4.5, §6.2).
``assassinate`` {leader}  Didius Julianus' yearly free attempt on Pertinax (§4.5, Commode).
``custodes``    {leader}  Rome, any time no decision waits (phases A-E): the Augustus or Caesar
                who gets the Corporis Custodes in the next phase F (§3.6).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from rules.core.command import (
    ActionSpec,
    ArgSpec,
    Choice,
    Command,
    GameResult,
    OptionSpec,
    Outcome,
    PendingDecision,
    ScenarioInfo,
)
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.game import Game
from rules.core.i18n import _, _n, data_name, join
from rules.core.plain_copy import copy_plain, copy_record, copy_records
from rules.imperator import combat, engine, movement, queries, stratagems, tables
from rules.imperator.model import (
    FRONTS,
    Board,
    FleetState,
    ImperatorState,
    LeaderState,
    UnitState,
)
from rules.imperator.politics import name, piece_choices
from rules.imperator.views import PHASE_NAMES

_PLAIN_FIELDS = tuple(
    f.name
    for f in dataclasses.fields(ImperatorState)
    if f.name not in ("board", "units", "leaders", "fleets", "history")
)
"""The fields of a state that ``copy_state`` copies as plain data (the others: see there)."""


STEP_NAMES = {
    "B-wait": _("initiative window"), "D-designate": _("designations"), "D-wait": _("decisions awaited"),
    "E-move": _("movements"), "E-combat": _("combats"), "F": "", "F-wait": _("players' choices"),
}  # fmt: skip
"""The engine's steps (``ImperatorState.step``) as the status line names them (issue 13)."""


def step_name(step: str) -> str:
    """A step in words: a geostrategy step ``C0``/``C1`` is the first or second side's turn (§3)."""
    if step in STEP_NAMES:
        return STEP_NAMES[step]
    if step in ("C0", "C1"):
        return _("side {n} of 2", n=int(step[1]) + 1)
    return step


class ImperatorGame(Game[ImperatorState]):
    KIND: ClassVar[str] = "imperator"
    TITLE: ClassVar[str] = "Imperator"
    RULES_VERSION: ClassVar[str] = "0.1"
    STATE_VERSION: ClassVar[int] = 1

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def scenarios(cls) -> list[ScenarioInfo]:
        from rules.imperator import scenarios

        return scenarios.scenario_infos()

    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        return [
            OptionSpec(
                "rr_result",
                "AMB-01: on an R/R battle result, the defender holds (attacker retreats) or nobody wins",
                "defender",
                ("defender", "stalemate"),
            ),
            OptionSpec(
                "names",
                "names shown in menus: fr (as printed in the rules), en or la (historical forms)",
                "fr",
                ("fr", "en", "la"),
            ),
        ]

    @classmethod
    def data_hash(cls) -> str:
        from rules.imperator import scenarios

        return scenarios.data_hash()

    @classmethod
    def new(cls, scenario: str, seats: list[str], seed: str, options: dict[str, str]) -> ImperatorGame:
        from rules.imperator import scenarios

        st = scenarios.build(scenario, seed, options)
        return cls.start(st)

    @classmethod
    def start(cls, st: ImperatorState) -> ImperatorGame:
        """Run the automatic opening steps of a freshly built state (its rolls go to history)."""
        out = Outcome()
        engine.start_turn(st, out)
        rolls = st.dice.take_rolls()
        st.history.extend(r.describe() for r in rolls)
        st.history.extend(out.public)
        game = cls(st)
        out.rolls.extend(rolls)
        game.opening = out
        return game

    # -- play -----------------------------------------------------------------------------
    def copy_state(self, state: ImperatorState) -> ImperatorState:
        """A structured copy, much faster than ``deepcopy`` (issue 14: it was a fifth of a
        command's round trip): the board is shared (never mutated), each counter's state is a
        record of immutable values (copied with ``copy_record``), the history is a list of
        strings; every other field is plain data copied by ``copy_plain``."""
        clone = copy_record(state)
        for field_name in _PLAIN_FIELDS:
            setattr(clone, field_name, copy_plain(getattr(state, field_name)))
        clone.units = copy_records(state.units)
        clone.leaders = copy_records(state.leaders)
        clone.fleets = copy_records(state.fleets)
        clone.history = list(state.history)
        return clone

    @staticmethod
    def dice(state: ImperatorState) -> Dice:
        return state.dice

    def _apply(self, state: ImperatorState, seat: str, command: Command, outcome: Outcome) -> None:
        st = state
        if st.game_over:
            raise RuleError("", _("the game is over"))
        if seat not in st.roles:
            raise RuleError("", _("unknown seat {seat}", seat=repr(seat)))
        role = st.role_of(seat)
        verb = command.name
        args = command.args
        if not _keeps_parthian_shot(verb, args):
            st.persian_battle = False  # §6.2: La flèche du Parthe is played right after the battle
        if verb == "decide":
            engine.decide(st, outcome, role, str(args.get("id", "")), str(args.get("choice", "")))
            return
        if verb in ("evade", "fight", "retreat") and st.pending:
            dec = st.pending[0]
            choice = {"evade": "evade", "fight": "fight"}.get(verb, str(args.get("to", "")))
            engine.decide(st, outcome, role, dec["id"], choice)
            return
        if st.pending:
            dec = st.pending[0]
            raise RuleError(dec["section"], _("waiting for {seat} to decide: {prompt}",
                                               seat=st.seat_of(dec["role"]), prompt=dec["prompt"]))
        if verb in ("stratagem", "play"):
            stratagems.play(st, outcome, seat, dict(args))
            engine.advance(st, outcome)
            return
        if verb == "usurp":
            stratagems.usurp(st, outcome, seat, dict(args))
            engine.advance(st, outcome)
            return
        if verb == "assassinate":
            stratagems.free_assassination(st, outcome, seat, dict(args))
            engine.advance(st, outcome)
            return
        if verb == "custodes":
            engine.order_custodes(st, outcome, role, str(args.get("leader") or ""))
            return
        if role != st.active:
            raise RuleError("§2", _("it is the turn of {seat}", seat=st.seat_of(st.active)))
        if verb == "end":
            self._end(st, outcome)
        elif verb == "reserve":
            engine.reserve(st, outcome, list(args.get("fronts") or []))
        elif verb == "vexillation":
            engine.vexillation(st, outcome, args)
        elif verb == "designate":
            engine.designate(st, outcome, str(args.get("leader")), str(args.get("title", "caesar")))
        elif verb in ("move", "sail", "rally"):
            phase_error = queries.movement_phase_error(st)
            if phase_error is not None:
                raise phase_error
            if verb == "move":
                movement.move(st, outcome, role, args)
            elif verb == "sail":
                movement.sail(st, outcome, role, args)
            else:
                movement.rally(st, outcome, role, args)
        elif verb == "attack":
            if st.phase != "E" or st.sub != "combat":
                raise RuleError("§2.E", _("battles are fought in phase E.2 (end your movement first)"))
            combat.attack(st, outcome, role, str(args.get("zone")))
            engine.advance(st, outcome)
        else:
            raise RuleError("", _("unknown command {command}", command=repr(verb)))

    def _end(self, st: ImperatorState, out: Outcome) -> None:
        if st.phase == "C":
            engine.end_c(st, out)
        elif st.phase == "D" and st.step == "D-designate":
            engine.end_designate(st, out)
        elif st.phase == "E" and st.sub == "move":
            engine.end_move(st, out)
        elif st.phase == "E" and st.sub == "combat":
            left = combat.contested(st, st.active)
            if left:
                raise RuleError("§8", _("battles remain to be fought in: {zones}",
                                        zones=", ".join(name(st, z) for z in left)))
            engine.maybe_finish_smc(st, out)
        else:
            raise RuleError("§2", _("nothing to end now"))

    def to_move(self) -> list[str]:
        st = self.state
        if st.game_over:
            return []
        if st.pending:
            return [st.seat_of(st.pending[0]["role"])]
        return [st.seat_of(st.active)]

    def pending_decision(self) -> PendingDecision | None:
        st = self.state
        if not st.pending:
            return None
        d = st.pending[0]
        return PendingDecision(
            id=d["id"],
            seat=st.seat_of(d["role"]),
            kind=d["kind"],
            prompt=d["prompt"],
            choices=tuple(Choice(str(v), str(lbl)) for v, lbl in d["choices"]),
            default=d["default"],
            section=d["section"],
        )

    def result(self) -> GameResult | None:
        st = self.state
        if not st.game_over or st.result is None:
            return None
        return GameResult(
            winners=tuple(st.result["winners"]),
            summary=st.result["summary"],
            level=st.result.get("level", ""),
            scores=(("rome", st.vp["rome"]), ("enemies", st.vp["enemies"])),
        )

    def actions(self, seat: str) -> list[ActionSpec]:
        st = self.state
        if st.game_over or seat not in st.roles:
            return []
        if seat not in self.to_move():
            return self._stratagem_actions(seat) + self._custodes_actions(seat) if st.phase == "E" and not st.pending else []
        role = st.role_of(seat)
        if st.pending:
            d = st.pending[0]
            return [
                ActionSpec(
                    "decide",
                    d["prompt"],
                    (
                        ArgSpec("id", "decision id", (Choice(d["id"], d["kind"]),)),
                        ArgSpec("choice", "your choice", tuple(Choice(str(v), str(lb)) for v, lb in d["choices"])),
                    ),
                )
            ]
        specs: list[ActionSpec] = []
        zones = lambda ids: tuple(Choice(z, name(st, z)) for z in ids)  # noqa: E731
        if st.phase == "C" and role == "R":
            specs.append(
                ActionSpec(
                    "reserve",
                    _n("choose up to {n} Reserve Front (§3.2)", "choose up to {n} Reserve Fronts (§3.2)", st.reserve_max),
                    (ArgSpec("fronts", "Front ids", tuple(Choice(f, name(st, f)) for f in FRONTS)),),
                )
            )
            specs.append(ActionSpec("vexillation", _("create or dissolve a vexillation (§3.4)"), (ArgSpec("action", "create|dissolve", (Choice("create", "create"), Choice("dissolve", "dissolve"))), ArgSpec("units", "legions"), ArgSpec("vexillation", "vexillation id", required=False))))
            specs.append(ActionSpec("end", _("end your geostrategy step")))
        elif st.phase == "C" and role == "E":
            specs.append(ActionSpec("end", _("end your geostrategy step (rising and usurpation stratagems are played before)")))
        elif st.phase == "D" and st.step == "D-designate":
            cands = engine.designations(st)
            specs.append(
                ActionSpec(
                    "designate",
                    _("name an Augustus or a Caesar (§3.6)"),
                    (
                        ArgSpec("leader", "leader", tuple(Choice(x, name(st, x)) for x in sorted({c for c, _ in cands}))),
                        ArgSpec("title", "title", (Choice("augustus", "Augustus"), Choice("caesar", "Caesar"))),
                    ),
                )
            )
            specs.append(ActionSpec("end", _("end your nominations")))
        elif st.phase == "E" and st.sub == "move":
            mine_l = sorted(x for x, s in st.leaders.items() if s.status == "map" and s.owner == role and not s.pax and s.loc
                            and (x not in st.moved or "cont" in st.moved[x]))  # fmt: skip
            mine_u = sorted(u for u, s in st.units.items() if s.status == "map" and s.owner == role and s.loc and u not in st.moved)
            specs.append(
                ActionSpec(
                    "move",
                    _("move a leader with units, or a unit alone (§3.5, §7)"),
                    (
                        ArgSpec("leader", "leader", tuple(Choice(x, name(st, x)) for x in mine_l), required=False),
                        ArgSpec("units", "units", tuple(Choice(u, label) for u, label in piece_choices(st, mine_u)), required=False),
                        ArgSpec("to", "destination zone", zones(sorted(st.board.zones))),
                    ),
                )
            )
            if role == "R" and st.fleets:
                specs.append(ActionSpec("sail", _("move a fleet (§3.5)"), (ArgSpec("fleet", "fleet", tuple(Choice(f, data_name(st.board.fleets[f].name)) for f in st.fleets)), ArgSpec("to", "sea zone or port"))))
            if role == "E" and st.usurpers():
                specs.append(ActionSpec("rally", _("win over leaderless loyal units (§4.5 D/)"), (ArgSpec("zone", "zone"),)))
            specs.append(ActionSpec("end", _("end your movement and go to combat")))
        elif st.phase == "E" and st.sub == "combat":
            specs.append(ActionSpec("attack", _("fight a battle (§8)"), (ArgSpec("zone", "zone", zones(combat.contested(st, role))),)))
            specs.append(ActionSpec("end", _("end your SMC")))
        if st.phase in ("C", "E"):
            specs.extend(self._stratagem_actions(seat))
        specs.extend(self._custodes_actions(seat))
        return specs

    def suggestions(self, seat: str) -> list[str]:
        """Ready-to-type commands ``seat`` may send now (``/game status``): the candidates of
        ``queries.candidate_commands`` that the engine accepts, tried on a copy."""
        from rules.imperator import queries

        st = self.state
        lines: list[str] = []
        if st.pending and st.seat_of(st.pending[0]["role"]) == seat:
            return [_("/respond — {prompt}", prompt=st.pending[0]["prompt"])]
        moved: set[str] = set()
        shown_groups: set[str] = set()
        candidates = queries.candidate_commands(st, seat)
        chits = [c.value for a in self._stratagem_actions(seat) for c in a.args[0].choices or ()]
        if chits and not st.pending:  # before /end: a chit is played during the step it ends
            at = next((i for i, c in enumerate(candidates) if c.verb == "end"), len(candidates))
            candidates[at:at] = queries.stratagem_candidates(st, chits, st.role_of(seat))
        for s in candidates:
            if s.verb == "march":
                if s.args["leader"] in moved:
                    lines.append(_("{command} — {note}", command=queries.typed(st, s), note=s.note))
                continue
            if s.group and s.group in shown_groups:
                continue
            try:
                self._apply(self.copy_state(st), seat, Command(s.verb, dict(s.args)), Outcome())
            except RuleError:
                continue
            if s.group:
                shown_groups.add(s.group)
            if s.verb == "move" and "leader" in s.args:
                moved.add(str(s.args["leader"]))
            lines.append(_("{command} — {note}", command=queries.typed(st, s), note=s.note))
        return lines

    def _custodes_actions(self, seat: str) -> list[ActionSpec]:
        """``custodes``, offered to Rome when another Augustus or Caesar could hold the marker."""
        st = self.state
        if st.role_of(seat) != "R" or st.phase not in ("A", "B", "C", "D", "E"):
            return []
        holders = engine.custodes_holders(st)
        if len(holders) < 2 and st.custodes in holders:
            return []
        if not holders:
            return []
        return [
            ActionSpec(
                "custodes",
                _("choose who holds the Corporis Custodes from the next phase F (§3.6)"),
                (ArgSpec("leader", "Augustus or Caesar", tuple(Choice(x, name(st, x)) for x in holders)),),
            )
        ]

    def _stratagem_actions(self, seat: str) -> list[ActionSpec]:
        """The ``stratagem`` action, listing the seat's own chits playable in this phase."""
        st = self.state
        if not st.rules.get("stratagems"):
            return []
        held = []
        for c in st.hands.get(seat, []):
            t = stratagems.ctype(c)
            if stratagems.play_refusal(st, seat, t.id) is None:  # the check ``stratagem`` makes
                held.append(Choice(t.id, t.name_fr))
        if not held:
            return []
        return [
            ActionSpec(
                "stratagem",
                _("play a stratagem (§6)"),
                (
                    ArgSpec("id", "stratagem", tuple(dict.fromkeys(held))),
                    ArgSpec("leader", "target leader", required=False),
                    ArgSpec("peoples", "People ids", required=False),
                    ArgSpec("zone", "zone", required=False),
                    ArgSpec("unit", "unit", required=False),
                    ArgSpec("nationality", "nationality", required=False),
                ),
            )
        ]

    # -- views ------------------------------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        from rules.imperator import views

        return views.public_view(self.state)

    def seat_view(self, seat: str) -> dict[str, Any]:
        from rules.imperator import views

        return views.seat_view(self.state, seat)

    def private_lines(self, seat: str) -> list[str]:
        """The seat's stratagem chits (and the decision waiting on it), in words."""
        view = self.seat_view(seat)
        hand = view.get("hand") or []
        chits = [
            _("{chit} (phase {phase}, playable now)", chit=chit["name"], phase=chit["phase"])
            if chit.get("playable")
            else _("{chit} (phase {phase})", chit=chit["name"], phase=chit["phase"])
            for chit in hand
        ]
        lines: list[str] = [
            _("You play Rome.") if view.get("role") == "R" else _("You play the Enemies of Rome.")
        ]
        if chits:
            lines.append(_("Stratagems in hand: {chits}", chits=join("; ", chits)))
        else:
            lines.append(_("Stratagems in hand: none"))
        decision = view.get("decision")
        if decision:
            lines.append(_("Waiting on you: {prompt} (use the Respond button)", prompt=decision["prompt"]))
        return lines

    def status_lines(self) -> list[str]:
        st = self.state
        movers = ", ".join(self.to_move())
        lines: list[str] = [
            _("{year}, phase {phase} ({name}) {step}", year=st.year, phase=st.phase,
              name=PHASE_NAMES.get(st.phase, ""), step=step_name(st.step)),
            _("VP: Rome {rome}, enemies {enemies}; Rome is played by {seat}", rome=st.vp["rome"],
              enemies=st.vp["enemies"], seat=st.seat_of("R")),
            _("To move: {seats}", seats=movers) if movers else _("To move: nobody"),
        ]
        return lines

    # -- persistence --------------------------------------------------------------------------
    @staticmethod
    def _state_to_json(state: ImperatorState) -> dict[str, Any]:
        from rules.imperator import views

        return views.state_to_json(state)

    @staticmethod
    def _state_from_json(data: dict[str, Any]) -> ImperatorState:
        from rules.imperator import views

        return views.state_from_json(data)


GAME = ImperatorGame

__all__ = ["GAME", "Board", "FleetState", "ImperatorGame", "LeaderState", "UnitState"]


def _keeps_parthian_shot(verb: str, args: dict[str, Any]) -> bool:
    """§6.2 (ruling "Flag lifetimes"): the window for La flèche du Parthe opened by a battle with
    a Persian unit stays open only through that battle's own decisions (losses, retreat) and
    the playing of the chit itself; any other command closes it."""
    if verb in ("decide", "evade", "fight", "retreat"):
        return True
    if verb not in ("stratagem", "play"):
        return False
    try:
        return tables.stratagem(str(args.get("id") or args.get("stratagem") or "")).id == "fleche_du_parthe"
    except KeyError:
        return False

