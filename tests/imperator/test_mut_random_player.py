"""Tests that kill the mutants of rules/imperator/random_player.py (issue 11, session 11).

The random player only proposes commands: the engine accepts or refuses each one, so no change
to the player can get an illegal move played. What its tests must notice is any change of what
it does: its path helpers and its tally in exact values, and four seeded games pinned command by
command (a digest of the log, the commands by name, the tally), each replayed from its start to
the same final state (every logged command was accepted, nothing else changed the game)."""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from typing import Any

import pytest
from imperator_builder import Pos

from rules.core.command import Command, Outcome
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.imperator import adapter, engine, fate, random_player
from rules.imperator.game import ImperatorGame
from rules.imperator.model import FleetDef, ImperatorState


def test_reachable_zones_by_land_steps() -> None:
    st = Pos().state()
    assert random_player._reachable(st, "rome", 0) == []
    assert random_player._reachable(st, "rome", 1) == ["italia", "raetia", "ravenna"]
    assert random_player._reachable(st, "rome", 2) == ["italia", "jazyges", "noricum", "raetia", "ravenna",
                                                       "vindobona"]
    assert random_player._reachable(st, "rome", 3) == ["aquincum", "carnuntum", "italia", "jazyges", "noricum",
                                                       "raetia", "ravenna", "vindobona"]


def test_towards_the_nearest_goal() -> None:
    st = Pos().state()
    assert random_player._towards(st, "rome", {"carnuntum"}) == ["italia", "vindobona", "carnuntum"]
    assert random_player._towards(st, "rome", {"carnuntum", "raetia"}) == ["raetia"]
    assert random_player._towards(st, "rome", {"rome", "raetia"}) == []
    assert random_player._towards(st, "rome", {"mare"}) == []  # a sea zone: never by land
    assert random_player._towards(st, "quadi", {"parthia"}) == []


def test_tally_counts_each_kind_of_line() -> None:
    stats: dict[str, int] = {"battles": 5, "usurpations": 2, "role_changes": 3}
    lines = [
        "§8.2: battle in Raetia", "§8.1: the evasion of X", "§6.3: the force in Y evades",
        "the Quadi go to war against Rome", "Avidius is proclaimed; civil war", "§6: Rome plays Assassinat",
        "§5: enemies now plays Rome", "§3.4: vexillation formed in Z", "§8.2 battle in W", "§6: Rome passes",
        "enemies now plays Rome", "§5: the seats stay",
    ]
    random_player.tally(stats, Command("sail"), Outcome(public=lines))
    assert stats == {"battles": 6, "evasions": 2, "naval_moves": 1, "wars_declared": 1, "usurpations": 3,
                     "stratagems": 1, "role_changes": 4, "vexillations": 1}
    random_player.tally(stats, Command("move"), Outcome(public=[]))
    assert stats["naval_moves"] == 1


def test_vexillation_proposals_are_three_at_most() -> None:
    """§3.4: three full legions of one Front in their Front make a vexillation; of the four
    Fronts here that could, three are proposed."""
    p = Pos()
    for front, zone in (("danube", "vindobona"), ("rhine", "raetia"), ("orient", "antiochia"), ("southern", "cyrene")):
        p.legions(3, zone, front=front, prefix=f"{front}_")
    st = p.state(phase="C")
    cmds = random_player._vexillation_commands(st, random.Random(0))
    assert len(cmds) == 3
    assert {c.args["action"] for c in cmds} == {"create"}
    fronts = [{u.split("_")[0] for u in c.args["units"]} for c in cmds]
    assert all(len(f) == 1 for f in fronts) and len({f.pop() for f in fronts}) == 3


def _civil_war_pos() -> ImperatorState:
    """A usurper alone in Noricum, his general with a legion and a loyal one in Cyrrhus; the
    Augustus in the Jazyges' land with three legions (one moved, one under a Mutinerie marker)
    and a Caesar alone in Raetia; loyal leaderless legions in Aquincum, decoys that are no goal:
    an eliminated legion, an Enemy legion, a People's unit of Rome's and a legion aboard a fleet."""
    p = Pos()
    p.leader("gen", "cyrrhus", "E", rebel=True, follows="usu")
    p.leader("usu", "noricum", "E", title="usurper")
    p.leader("aug", "jazyges", "R", title="augustus")
    p.leader("cae", "raetia", "R", title="caesar", cc=2)
    p.unit("e1", "cyrrhus", "E", front="orient")
    p.unit("r1", "cyrrhus", "R", front="orient")
    p.unit("loyal", "aquincum", "R")
    p.unit("dead", "raetia", "R", status="eliminated")
    p.unit("foe", "carnuntum", "E")
    p.unit("pep", "italia", "R", people="quadi")
    p.unit("afloat", "ravenna", "R")
    for uid, pf in (("guard", 12), ("guard2", 8), ("guard3", 9), ("mut", 10)):
        p.unit(uid, "jazyges", "R", pf=pf)
    st = p.state()
    st.units["dead"].loc = "raetia"
    st.units["afloat"].fleet = "ravenna"
    st.units["mut"].mutiny = "mutinerie#1"
    st.moved = {"aug": {"cont": True}, "guard2": {"cont": True}, "guard3": {"from": "jazyges"}}
    return st


def test_civil_war_rebels_rally_then_march_on_loyal_legions() -> None:
    """§4.5: the rebel with a loyal legion beside him rallies first; the lone usurper heads for
    the nearest leaderless loyal legions (not the decoys), one to three zones along the way."""
    moves = random_player._civil_war_commands(_civil_war_pos(), "E", random.Random(0))
    assert moves == [Command("rally", {"zone": "cyrrhus"})] + [
        Command("move", {"leader": "usu", "units": [], "to": z}) for z in ("aquincum", "vindobona", "carnuntum")]


def test_civil_war_emperor_marches_on_the_usurper() -> None:
    """The Augustus takes the legions free to move (not the one moved, not the mutineers) to the
    usurper; the lone Caesar first joins the nearest Roman force."""
    moves = random_player._civil_war_commands(_civil_war_pos(), "R", random.Random(0))
    aug = {"leader": "aug", "units": ["guard", "guard2"]}
    assert moves == [Command("move", {**aug, "to": "noricum"}), Command("move", {**aug, "to": "italia"}),
                     Command("move", {"leader": "cae", "units": [], "to": "italia"}),
                     Command("move", {"leader": "cae", "units": [], "to": "noricum"})]
    st = _civil_war_pos()
    st.leaders["usu"].status = "dead"
    assert random_player._civil_war_commands(st, "R", random.Random(0)) == []


def _chit(tid: str, **args: object) -> Command:
    return Command("stratagem", {"id": tid, **args})


def test_stratagem_proposals_of_phase_c() -> None:
    """§6: in phase C the Enemies propose their phase C chits with targets (a rising of two Minor
    Peoples, a usurpation by a general); no target, another phase or Rome's chit: nothing."""
    st = adapter.initial_state("commode", Dice("strat"), {})
    st.phase = "C"
    st.hands = {"enemies": ["usurpation#1", "usurpation_d_un_caesar#1", "soulevement_de_deux_peuples_mineurs#1",
                            "roma_victor#1", "assassinat#1"]}
    assert random_player._stratagem_commands(st, "enemies", random.Random(1)) == [
        _chit("soulevement_de_deux_peuples_mineurs", peoples=["bructeri", "chatti"]),
        Command("usurp", {"leader": "helvius_pertinax"})]
    st.rules["stratagems"] = False
    assert random_player._stratagem_commands(st, "enemies", random.Random(1)) == []


def test_stratagem_proposals_of_phase_e() -> None:
    """Phase E chits with their targets: pacifications fitted to the Peoples at war (a Minor one
    for the Minor chit, a Major one for the Major chit, a nationality), Pax Romana, an enemy
    leader, zones of enemy units, a Roman unit after a battle with Persians."""
    st = adapter.initial_state("marcomannic_wars", Dice("strat"), {})
    st.phase = "E"
    st.persian_battle = True
    st.hands = {
        "rome": ["pacification_d_une_nationalite#1", "pacification_de_deux_peuples_mineurs#1",
                 "pacification_d_un_peuple_majeur#1", "pax_romana#1", "assassinat#1", "foyer_de_peste#1",
                 "mutinerie#1", "desertion#1", "usurpation#1"],
        "enemies": ["fleche_du_parthe#1", "epidemie_de_peste#1", "pacification_d_un_peuple_majeur#2"],
    }
    assert random_player._stratagem_commands(st, "rome", random.Random(2)) == [
        _chit("foyer_de_peste", zone="cotini"), _chit("pax_romana"), _chit("mutinerie", zone="persis"),
        _chit("pacification_d_une_nationalite", nationality="german"),
        _chit("pacification_de_deux_peuples_mineurs", peoples=["cotini"]), _chit("desertion", zone="persis"),
        _chit("pacification_d_un_peuple_majeur", peoples=["marcomanni"]),
        _chit("assassinat", leader="maetae_leader")]
    assert random_player._stratagem_commands(st, "enemies", random.Random(2)) == [
        _chit("epidemie_de_peste", zone="armenia"), _chit("fleche_du_parthe", unit="i_minervia")]
    st.persian_battle = False
    assert random_player._stratagem_commands(st, "enemies", random.Random(2)) == [
        _chit("epidemie_de_peste", zone="aquincum")]


# scenario, seed, commands at most -> commands played, year and phase reached, tally (non-zero),
# commands by name, sha256 of the log
GAMES = [
    ("campaign", 1, 600, (600, 168, "E"),  # re-pinned in session 11: dissolutions ask Rome (AMB-99)
     {"battles": 27, "evasions": 6, "naval_moves": 14, "wars_declared": 4, "stratagems": 6, "vexillations": 7},
     {"decide": 154, "vexillation": 9, "end": 52, "move": 333, "sail": 14, "reserve": 5, "stratagem": 4,
      "attack": 29},
     "d1b9b80de8447842f242d568a8d2c02447611e04c4e9cb9aa61448caf50dbe4d"),
    ("severus_civil_wars", 2, 600, (368, 197, "over"),  # session 11: AMB-96, 99 and generals_of
     {"battles": 15, "evasions": 7, "naval_moves": 6, "wars_declared": 4, "usurpations": 1, "stratagems": 6,
      "vexillations": 1},
     {"vexillation": 2, "end": 32, "move": 204, "sail": 6, "decide": 92, "attack": 18, "rally": 3, "reserve": 7,
      "stratagem": 4},
     "d87569a9bc8e33b593f224cd6339595015bdd6392aadb6610f8313a2c13c00e4"),
    ("commode", 3, 600, (600, 189, "E"),
     {"battles": 23, "evasions": 3, "naval_moves": 18, "wars_declared": 6, "stratagems": 10, "vexillations": 6},
     {"decide": 136, "end": 54, "move": 347, "attack": 25, "sail": 18, "stratagem": 7, "vexillation": 6,
      "reserve": 7},
     "26618600be04eb1f8d14e7248b7ebe755a40686513c0e41534222b1f74b61d63"),
    ("avidius_cassius", 5, 400, (71, 175, "over"),
     {"battles": 2, "naval_moves": 4},
     {"end": 6, "move": 57, "rally": 1, "sail": 4, "attack": 2, "decide": 1},
     "ece1c771805556958f9dc5a78b1403cc78dfc095cdd29a34440c452c3d3d60dd"),
]


@pytest.mark.parametrize(("scenario", "seed", "most", "reached", "tally", "names", "digest"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_seeded_games_are_pinned_and_replay(scenario: str, seed: int, most: int, reached: tuple[int, int, str],
                                            tally: dict[str, int], names: dict[str, int], digest: str) -> None:
    game = ImperatorGame.new(scenario, ["rome", "enemies"], "golden", {})
    start = game.to_json()
    stats: dict[str, int] = {}
    log = random_player.play(game, seed, max_commands=most, stats=stats)
    assert (len(log), game.state.year, game.state.phase) == reached
    assert {k: v for k, v in stats.items() if v} == tally
    assert set(stats) == set(random_player.STAT_KEYS)
    assert dict(Counter(c.name for _, c in log)) == names
    text = json.dumps([[seat, c.name, c.args] for seat, c in log], sort_keys=True)
    assert hashlib.sha256(text.encode()).hexdigest() == digest
    again = ImperatorGame.from_json(start)
    for seat, cmd in log:
        again.apply(seat, cmd)
    assert json.dumps(again.to_json(), sort_keys=True) == json.dumps(game.to_json(), sort_keys=True)


def test_play_stops_at_the_year_asked() -> None:
    game = ImperatorGame.new("campaign", ["rome", "enemies"], "golden", {})
    log = random_player.play(game, 1, max_commands=5000, until_year=163)
    assert (game.state.year, game.state.phase) == (163, "B")  # the first phase that waits for a seat
    assert len(log) == 85
    assert random_player.play(game, 1, until_year=163) == []


def test_step_refuses_to_invent_a_move() -> None:
    """When the engine refuses every command proposed, the player says so instead of playing."""
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "golden", {})

    def refuse(seat: str, cmd: Command) -> Outcome:
        from rules.core.errors import RuleError

        raise RuleError("§0", "no")

    game.apply = refuse  # type: ignore[method-assign,assignment]
    with pytest.raises(AssertionError) as excinfo:
        random_player.step(game, random.Random(0))
    assert str(excinfo.value) == "random player found no legal command for rome in C/C1"


def test_self_play_prints_one_line_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The self-play report (``python -m rules.imperator.random_player``): each seed's game
    played to the year asked, its tally printed and returned."""
    rows = random_player.self_play("campaign", range(1, 3), until_year=162)
    assert rows == [
        {"battles": 7, "evasions": 0, "naval_moves": 5, "wars_declared": 2, "usurpations": 0, "stratagems": 2,
         "role_changes": 0, "vexillations": 2, "year": 162},
        {"battles": 4, "evasions": 0, "naval_moves": 6, "wars_declared": 1, "usurpations": 0, "stratagems": 0,
         "role_changes": 0, "vexillations": 0, "year": 162},
    ]
    assert capsys.readouterr().out.splitlines() == [
        "campaign seed 1: battles 7, evasions 0, naval_moves 5, wars_declared 2, usurpations 0, stratagems 2, "
        "role_changes 0, vexillations 2 (reached 162)",
        "campaign seed 2: battles 4, evasions 0, naval_moves 6, wars_declared 1, usurpations 0, stratagems 0, "
        "role_changes 0, vexillations 0 (reached 162)",
    ]


class Draws:
    """A random source whose every draw the test dictates: ``random()`` returns the listed values
    in turn (an unplanned draw fails the test), ``choice()`` the last item, ``sample()`` the first
    ones, ``randint()`` the low end (or the high one); ``shuffle()`` keeps the order."""

    def __init__(self, *values: float, high: bool = False) -> None:
        self.values = list(values)
        self.high = high  # randint() returns the high end instead

    def random(self) -> float:
        return self.values.pop(0)

    def choice(self, seq: list[Any]) -> Any:
        return seq[-1]

    def sample(self, seq: list[Any], k: int) -> list[Any]:
        return list(seq)[:k]

    def randint(self, low: int, high: int) -> int:
        return high if self.high else low

    def shuffle(self, seq: list[Any]) -> None:
        return None


def _propose(game: ImperatorGame, seat: str, *values: float) -> list[Command]:
    rng = Draws(*values)
    cmds = random_player.candidates(game, seat, rng)  # type: ignore[arg-type]
    assert rng.values == []  # every planned draw was made, no more
    return cmds


END = Command("end")


def _titles_pos() -> Pos:
    """An Augustus and a Caesar of Rome, and a Roman general without a title: §3.6 lets Rome name
    him Augustus or Caesar, and either titled leader may hold the Corporis Custodes."""
    p = Pos()
    p.leader("aug", "rome", "R", title="augustus").leader("cae", "raetia", "R", title="caesar")
    p.leader("gen", "italia", "R")
    return p


def test_phase_d_proposes_a_title_and_the_custodes_below_their_odds() -> None:
    """Phase D (§3.6): with a draw under 0.3 a title is proposed (here the last pair offered), with
    one under 0.2 the Corporis Custodes for a holder (with two holders), then the end."""
    game = _titles_pos().game(phase="D")
    assert engine.designations(game.state) == [("gen", "augustus"), ("gen", "caesar")]
    assert _propose(game, "rome", 0.29, 0.19) == [
        Command("designate", {"leader": "gen", "title": "caesar"}), Command("custodes", {"leader": "cae"}), END]
    assert _propose(game, "rome", 0.3, 0.2) == [END]  # the odds are strict
    assert _propose(game, "enemies") == []  # not the Enemies' turn
    game.state.leaders["cae"].status = "dead"  # one holder left: nothing to choose
    assert _propose(game, "rome", 0.0) == [Command("designate", {"leader": "gen", "title": "caesar"}), END]


def test_phase_c_reserve_and_vexillations_below_their_odds() -> None:
    """Phase C: Rome proposes Reserve Fronts with a draw under 0.5 (when it has any), vexillations
    under 0.3; at exactly those odds only the end."""
    p = Pos()
    p.legions(3, "vindobona")
    game = p.game(phase="C", reserve_max=2)
    assert _propose(game, "rome", 0.5, 0.3) == [END]
    assert _propose(game, "rome", 0.49, 0.29) == [
        Command("reserve", {"fronts": []}),
        Command("vexillation", {"action": "create", "units": ["leg0", "leg1", "leg2"]}), END]


def test_favour_is_kept_below_its_odds() -> None:
    """§6.3 Faveur divine: under 0.8 the player first proposes to keep it; at 0.8 its order stays."""
    game = Pos().game(phase="E")
    game.state.pending = [{"id": 7, "role": "R", "kind": "favour", "prompt": "", "default": "pass",
                           "section": "§6.3", "choices": [["use", "use"], ["pass", "keep"]]}]
    use, keep = (Command("decide", {"id": 7, "choice": c}) for c in ("use", "pass"))
    assert _propose(game, "rome", 0.8) == [use, keep]
    assert _propose(game, "rome", 0.79) == [keep, use]


def _pax_civil_war_game() -> ImperatorGame:
    """A civil war: the Augustus (held by a Pax Romana marker, so no ordinary move) with a legion
    that has moved, the usurper two zones off; Rome holds an Assassinat chit."""
    p = Pos()
    p.leader("aug", "italia", "R", title="augustus").leader("usu", "raetia", "E", title="usurper")
    p.unit("r1", "italia", "R")
    p.rules = {**p.rules, "stratagems": True}
    game = p.game(phase="E")
    st = game.state
    st.leaders["aug"].pax = True
    st.moved = {"r1": {"from": "italia"}}
    st.hands = {"rome": ["assassinat#1"]}
    return game


def test_phase_e_stratagems_and_civil_war_below_their_odds() -> None:
    """Phase E movement: a chit with a draw under 0.15, the civil war marches under 0.7."""
    game = _pax_civil_war_game()
    assert _propose(game, "rome", 0.15, 0.7) == [END]
    assert _propose(game, "rome", 0.14, 0.69) == [
        Command("stratagem", {"id": "assassinat", "leader": "usu"}),
        Command("move", {"leader": "aug", "units": [], "to": "raetia"}),
        Command("move", {"leader": "aug", "units": [], "to": "noricum"}), END]


def test_event_6_forces_the_march_on_rome() -> None:
    """Event 6: while an Augustus bound by it stands outside Rome, Rome's only proposals are his
    march on Rome (none for an Augustus who cannot step: here one is ill) and the end."""
    p = Pos()
    p.leader("aug", "carnuntum", "R", title="augustus").leader("ill", "jazyges", "R", title="augustus")
    game = p.game(phase="E", event=6)
    game.state.leaders["ill"].ill = True
    route = fate.agitation_route(game.state, "aug")
    assert route == ["noricum", "italia", "rome"]
    assert _propose(game, "rome", 0.5, 0.9) == [Command("move", {"leader": "aug", "path": route}), END]
    game.state.roles = {"rome": "E", "enemies": "R"}  # the Enemies' side is never bound
    game.state.active = "E"
    assert Command("move", {"leader": "aug", "path": route}) not in _propose(game, "rome", 0.5, 0.9)


def test_combat_and_other_phases_propose_the_end() -> None:
    """Phase E combat with no contested zone, and any other phase waiting for a seat: the end."""
    assert _propose(Pos().game(phase="E", sub="combat"), "rome") == [END]
    assert _propose(Pos().game(phase="B"), "rome") == [END]


def _rebel_pos() -> ImperatorState:
    """A usurper in Vindobona with a unit of his, beside a loyal legion."""
    p = Pos()
    p.leader("usu", "vindobona", "E", title="usurper")
    p.unit("u1", "vindobona", "E", usurper="usu")
    p.unit("loyal", "vindobona", "R")
    return p.state()


def test_a_rebel_beside_loyal_units_first_proposes_a_rally() -> None:
    """§4.5 D/: the Enemies' rebel leader standing with Rome's units proposes to rally them before
    his moves; his moves take his own units only (high draws: all of them)."""
    st = _rebel_pos()
    dests = random_player._reachable(st, "vindobona", 3)[:3]
    last_nb = st.board.land_neighbours("vindobona")[-1]
    assert random_player._move_commands(st, "E", Draws(0.5, high=True)) == (  # type: ignore[arg-type]
        [Command("rally", {"zone": "vindobona"})]
        + [Command("move", {"leader": "usu", "units": ["u1"], "to": d}) for d in dests]
        + [Command("move", {"unit": "u1", "to": last_nb})])
    # a draw of 0.85 or more: any number of units, here the low end, none
    assert random_player._move_commands(st, "E", Draws(0.85))[1] == Command(  # type: ignore[arg-type]
        "move", {"leader": "usu", "units": [], "to": dests[0]})
    assert [c.name for c in random_player._move_commands(st, "R", Draws())] == ["move"]  # type: ignore[arg-type]


def test_fleets_sail_with_cargo_to_a_coast_or_back_to_port() -> None:
    """A fleet in port sails to one of its seas with two units of its home port and a coastal
    land zone to land them in; a fleet at sea returns to port; a fleet with no sea stays."""
    p = Pos()
    p.fleet = True
    p.unit("e", "ravenna", "E", people="quadi")  # not Rome's: never cargo
    for uid in ("a", "b", "c"):
        p.unit(uid, "ravenna", "R")
    st = p.state()
    by_land = [Command("move", {"unit": u, "to": "rome"}) for u in ("a", "b", "c")]
    sail = random_player._move_commands(st, "R", Draws())  # type: ignore[arg-type]
    assert sail == [*by_land,
                    Command("sail", {"fleet": "ravenna", "to": "mare", "units": ["a", "b"], "land": "cyrene"})]
    st.fleets["ravenna"].at = "mare"
    assert random_player._move_commands(st, "R", Draws()) == [  # type: ignore[arg-type]
        *by_land, Command("sail", {"fleet": "ravenna", "to": "port"})]
    st.fleets["ravenna"].at = "port"
    st.board.fleets["ravenna"] = FleetDef("ravenna", "Ravenna", "ravenna", ())
    assert random_player._move_commands(st, "R", Draws()) == by_land  # type: ignore[arg-type]


def test_civil_war_alone_counts_only_ones_own_units() -> None:
    """§4.5: an Augustus whose zone holds only enemy units is alone: he first joins his legion;
    with a legion of his he marches on the usurper with his own units only; one aboard a fleet
    does not march; a lone rebel heads for loyal units that no Roman leader leads, even where an
    enemy leader stands."""
    p = Pos()
    p.leader("aug", "vindobona", "R", title="augustus").leader("usu", "raetia", "E", title="usurper")
    p.unit("q", "vindobona", "E", people="quadi", pf=12)
    p.unit("leg", "aquincum", "R")
    st = p.state()
    assert random_player._civil_war_commands(st, "R", random.Random(0)) == [
        Command("move", {"leader": "aug", "units": [], "to": "aquincum"})]
    st.units["leg"].loc = "vindobona"
    assert random_player._civil_war_commands(st, "R", random.Random(0)) == [
        Command("move", {"leader": "aug", "units": ["leg"], "to": z}) for z in ("raetia", "noricum", "carnuntum")]
    st.leaders["aug"].fleet = "ravenna"
    assert random_player._civil_war_commands(st, "R", random.Random(0)) == []
    p2 = Pos()
    p2.leader("usu", "vindobona", "E", title="usurper").leader("chief", "aquincum", "E", people="quadi")
    p2.unit("leg", "aquincum", "R")
    assert random_player._civil_war_commands(p2.state(), "E", random.Random(0)) == [
        Command("move", {"leader": "usu", "units": [], "to": "aquincum"})]


def _chits(*hand: str, at_war: tuple[str, ...] = ()) -> list[Command]:
    """Rome's proposals in phase E with ``hand``, in an empty position (no enemy on the map)."""
    p = Pos()
    p.rules = {**p.rules, "stratagems": True}
    p.leader("gen", "rome", "R")
    st = p.state(at_war=list(at_war))
    st.hands = {"rome": list(hand)}
    return random_player._stratagem_commands(st, "rome", Draws())  # type: ignore[arg-type]


def test_a_chit_without_a_target_is_skipped_not_the_rest() -> None:
    """§6: a chit with nothing to aim at is not proposed; the chits after it still are."""
    victor = _chit("roma_victor")
    for chit in ("pax_romana#1", "pacification_d_un_peuple_majeur#1", "assassinat#1", "foyer_de_peste#1",
                 "mutinerie#1", "desertion#1"):
        assert _chits(chit, "roma_victor#1") == [victor]
    assert _chits("pacification_d_un_peuple_majeur#1", "roma_victor#1", at_war=("jazyges_minor",)) == [victor]
    p = Pos()
    p.rules = {**p.rules, "stratagems": True}
    st = p.state()
    st.hands = {}
    assert random_player._stratagem_commands(st, "rome", Draws()) == []  # type: ignore[arg-type]


def test_pacifications_name_as_many_peoples_as_the_chit_allows() -> None:
    """§6.1: the two-Minor-Peoples chit names two Minor Peoples at war, the Major one one."""
    p = Pos()
    p.people("cotini", "cotini_home").people("buri", "buri_home").people("marcomanni", "m_home", major=True)
    p.rules = {**p.rules, "stratagems": True}
    st = p.state(at_war=["cotini", "buri", "marcomanni", "quadi"])
    st.hands = {"rome": ["pacification_de_deux_peuples_mineurs#1", "pacification_d_un_peuple_majeur#1"]}
    assert random_player._stratagem_commands(st, "rome", Draws()) == [  # type: ignore[arg-type]
        _chit("pacification_de_deux_peuples_mineurs", peoples=["cotini", "buri"]),
        _chit("pacification_d_un_peuple_majeur", peoples=["marcomanni"])]


def _accepting(game: ImperatorGame, name: str) -> list[Command]:
    """Make ``game`` accept only commands called ``name`` (refusing the others); the list of
    commands it was asked to play."""
    asked: list[Command] = []

    def apply(seat: str, cmd: Command) -> Outcome:
        asked.append(cmd)
        if cmd.name != name:
            raise RuleError("§0", "no")
        return Outcome(public=["ok"])

    game.apply = apply  # type: ignore[method-assign,assignment]
    return asked


def test_step_falls_back_on_decisions_and_attacks() -> None:
    """When the first proposals are all refused, a decision or an attack is still tried."""
    p = Pos()
    p.unit("r", "vindobona", "R").unit("q", "vindobona", "E", people="quadi")
    game = p.game(phase="E", sub="combat", at_war=["quadi"])
    asked = _accepting(game, "attack")
    assert random_player.step(game, Draws(), tries=0) == (  # type: ignore[arg-type]
        Command("attack", {"zone": "vindobona"}), Outcome(public=["ok"]))
    assert asked == [Command("attack", {"zone": "vindobona"})]
    game = Pos().game(phase="E")
    game.state.pending = [{"id": 3, "role": "R", "kind": "favour", "prompt": "", "default": "pass",
                           "section": "§6.3", "choices": [["use", "use"], ["pass", "keep"]]}]
    _accepting(game, "decide")
    assert random_player.step(game, Draws(0.9), tries=0) == (  # type: ignore[arg-type]
        Command("decide", {"id": 3, "choice": "use"}), Outcome(public=["ok"]))


def test_out_of_turn_tries_two_chits_at_most() -> None:
    """The seat not to move tries its first two phase E chits, not a third."""
    p = Pos()
    p.rules = {**p.rules, "stratagems": True}
    p.leader("gen", "vindobona", "R").unit("r", "vindobona", "R")
    game = p.game(phase="E")
    game.state.hands = {"enemies": ["assassinat#1", "foyer_de_peste#1", "desertion#1"]}
    asked = _accepting(game, "none")
    assert random_player.out_of_turn(game, Draws()) is None  # type: ignore[arg-type]
    assert [c.args["id"] for c in asked] == ["assassinat", "foyer_de_peste"]


def test_self_play_of_no_command_prints_zeros(capsys: pytest.CaptureFixture[str]) -> None:
    """A self-play stopped before its first command still prints every count, at zero."""
    rows = random_player.self_play("campaign", range(1), until_year=100)
    assert rows == [{"year": 161}]
    assert capsys.readouterr().out == ("campaign seed 0: battles 0, evasions 0, naval_moves 0, wars_declared 0, "
                                       "usurpations 0, stratagems 0, role_changes 0, vexillations 0 (reached 161)\n")


def test_play_defaults_to_seed_0() -> None:
    one, two = (ImperatorGame.new("campaign", ["rome", "enemies"], "golden", {}) for _ in range(2))
    assert random_player.play(one, max_commands=30) == random_player.play(two, 0, max_commands=30)
    three = ImperatorGame.new("campaign", ["rome", "enemies"], "golden", {})
    assert random_player.play(three, 1, max_commands=30) != random_player.play(
        ImperatorGame.new("campaign", ["rome", "enemies"], "golden", {}), max_commands=30)


def test_a_rising_without_a_people_at_peace_is_skipped_not_the_rest() -> None:
    """§6.2: no Minor People at peace to raise, so the rising is not proposed; the usurpation
    after it still is (a Roman general not yet titled)."""
    p = Pos()
    p.rules = {**p.rules, "stratagems": True}
    p.leader("aug", "rome", "R", title="augustus").leader("gen", "vindobona", "R", cp=5)
    st = p.state(phase="C", active="E")
    st.hands = {"enemies": ["soulevement_de_deux_peuples_mineurs#1", "usurpation#1"]}
    assert random_player._stratagem_commands(st, "enemies", Draws()) == [  # type: ignore[arg-type]
        Command("usurp", {"leader": "gen"})]


def test_play_stops_at_2000_commands_by_default() -> None:
    game = ImperatorGame.new("campaign", ["rome", "enemies"], "golden", {})
    assert len(random_player.play(game)) == 2000
    assert game.state.game_over is False


def test_self_play_defaults_to_twenty_campaign_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert random_player.self_play(until_year=100) == [{"year": 161}] * 20
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [f"campaign seed {n}" for n in range(20)]


def test_self_play_goes_past_2000_commands() -> None:
    """A self-play game is not cut at ``play``'s 2000 commands: seed 0 needs more to reach 187."""
    assert random_player.self_play("campaign", range(1), until_year=187)[0]["year"] == 187
