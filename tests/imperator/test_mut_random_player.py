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

import pytest
from imperator_builder import Pos

from rules.core.command import Command, Outcome
from rules.core.dice import Dice
from rules.imperator import adapter, random_player
from rules.imperator.game import ImperatorGame
from rules.imperator.model import ImperatorState


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
    ("severus_civil_wars", 2, 600, (341, 197, "over"),
     {"battles": 12, "evasions": 1, "naval_moves": 6, "wars_declared": 5, "usurpations": 1, "stratagems": 5,
      "vexillations": 1},
     {"vexillation": 2, "end": 31, "sail": 6, "move": 197, "attack": 12, "decide": 84, "reserve": 4,
      "stratagem": 4, "rally": 1},
     "d47e625687bbdc0019fd2277fac6a2cfa59ac55f184f51aa5ed9ede1de0e7a73"),
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
