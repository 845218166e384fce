"""Tests that kill the mutants of rules/imperator/model.py (issue 11, session 11): the board's
helpers, its serialisation, and the state's queries, each with exact values on a board built
here by hand (five zones, no game around it)."""

from __future__ import annotations

import copy

import pytest

from rules.core.dice import Dice
from rules.imperator.model import (
    MUTINEERS,
    Board,
    FleetDef,
    ImperatorState,
    LeaderDef,
    LeaderState,
    PeopleDef,
    UnitDef,
    UnitState,
    ZoneDef,
    hostile,
    other,
)


def _board() -> Board:
    """west (outside, the Franks' home) -- camp (rhine, camp from 180) -- town (interior, Rome)
    -- sea; east (outside, Empire from 190, orient; the Franks' second home) -- camp (river +1)."""
    zones = {
        "west": ZoneDef("west", "West", peoples=("franks", "franks")),
        "camp": ZoneDef("camp", "Camp", front="rhine", camp=True, camp_from=180),
        "town": ZoneDef("town", "Town", front="interior", city=True, port=True),
        "sea": ZoneDef("sea", "Sea", kind="sea"),
        "east": ZoneDef("east", "East", front="orient", empire_from=190, peoples=("franks", "goths")),
    }
    adj = {
        "west": {"camp": 0},
        "camp": {"west": 0, "town": 0, "east": 1},
        "town": {"camp": 0, "sea": 0},
        "sea": {"town": 0},
        "east": {"camp": 1},
    }
    leaders = {
        "aug": LeaderDef("aug", "Augustus", cc=3, vs=4, bt=1, cp=2),
        "rex": LeaderDef("rex", "Rex", people="franks", generic=True),
    }
    units = {
        "leg": UnitDef("leg", "Legio", front="rhine", home="camp", pf=10, qu=3, bt=1, pf_r=6, qu_r=2, bt_r=0),
        "band": UnitDef("band", "Band", people="franks", kind="people", pf=8, qu=2, bt=0, pf_r=4, qu_r=1, bt_r=0),
        "vex": UnitDef("vex", "Vexillatio", kind="vexillation", enters=185, praetorian=True),
    }
    peoples = {
        "franks": PeopleDef("franks", "Franks", "germanic", True, "west", front="rhine"),
        "goths": PeopleDef("goths", "Goths", "germanic", False, "east", fronts=("danube", "orient")),
    }
    fleets = {"classis": FleetDef("classis", "Classis", "town", ("sea",))}
    return Board(zones, adj, leaders, units, peoples, fleets, source="data:test")


def _state(**kw: object) -> ImperatorState:
    units = {
        "leg": UnitState(loc="camp"),
        "band": UnitState(loc="camp", owner="E"),
        "vex": UnitState(loc="town", reduced=True),
    }
    leaders = {"aug": LeaderState(loc="town", title="augustus"), "rex": LeaderState(loc="camp", owner="E")}
    st = ImperatorState(_board(), Dice("model"), "test", 185, 190, {}, {}, units, leaders)
    for key, value in kw.items():
        setattr(st, key, value)
    return st


# -- module functions ------------------------------------------------------------------------


def test_other_swaps_the_two_roles_and_sends_mutineers_to_rome() -> None:
    assert (other("R"), other("E"), other(MUTINEERS)) == ("E", "R", "R")


def test_hostile_is_any_two_different_owners() -> None:
    """AMB-43: mutineers are enemies of both sides; a side is never its own enemy."""
    assert [hostile("R", "E"), hostile("E", "R"), hostile("M", "R"), hostile("E", "M")] == [True] * 4
    assert [hostile("R", "R"), hostile("E", "E"), hostile("M", "M")] == [False] * 3


def test_people_entry_fronts() -> None:
    """§4.3: the Fronts a People's band may enter: its list, else its one Front, else none."""
    b = _board()
    assert b.peoples["goths"].entry_fronts() == ("danube", "orient")
    assert b.peoples["franks"].entry_fronts() == ("rhine",)
    assert PeopleDef("x", "X", "x", False, "east").entry_fronts() == ()


# -- Board -----------------------------------------------------------------------------------


def test_board_is_shared_by_deep_copies_and_hashed_by_identity() -> None:
    b = _board()
    assert copy.deepcopy(b) is b
    assert hash(b) == id(b)
    st = _state()
    assert copy.deepcopy(st).board is st.board


def test_neighbours_and_land_neighbours() -> None:
    b = _board()
    assert b.neighbours("camp") == {"west": 0, "town": 0, "east": 1}
    assert b.neighbours("nowhere") == {}
    assert b.land_neighbours("town") == ["camp"]
    assert b.land_neighbours("camp") == ["west", "town", "east"]
    assert b.land_neighbours("nowhere") == []


def test_people_zones_sorted_once_each() -> None:
    """§4.1: each People's starting zones, sorted, a zone listed once even if named twice."""
    b = _board()
    assert b.people_zones == {"franks": ["east", "west"], "goths": ["east"]}
    assert b.people_zones is b.people_zones


def test_people_distances_walk_land_steps_and_are_remembered() -> None:
    """AMB-20: land steps from the nearest starting zone; the sea is never reached by land."""
    b = _board()
    assert b.distance_memo == {}
    assert b.people_distances("franks") == {"west": 0, "east": 0, "camp": 1, "town": 2}
    assert b.people_distances("goths") == {"east": 0, "camp": 1, "west": 2, "town": 2}
    assert b.people_distances("nobody") == {}
    assert set(b.distance_memo) == {"franks", "goths", "nobody"}
    assert b.people_distances("goths") is b.distance_memo["goths"]
    b.distance_memo["franks"] = {"west": 7}
    assert b.people_distances("franks") == {"west": 7}


def test_counter_faces_is_one_memo_per_board() -> None:
    b = _board()
    assert b.counter_faces == {}
    b.counter_faces[("leg", False)] = ("x",)
    assert b.counter_faces == {("leg", False): ("x",)}
    assert _board().counter_faces == {}


def test_fronts_adjacent_both_ways() -> None:
    b = _board()
    assert (b.fronts_adjacent("rhine", "danube"), b.fronts_adjacent("danube", "rhine")) == (True, True)
    assert (b.fronts_adjacent("southern", "orient"), b.fronts_adjacent("british", "rhine")) == (True, True)
    assert (b.fronts_adjacent("british", "danube"), b.fronts_adjacent("rhine", "rhine")) == (False, False)


def test_board_to_json_exact() -> None:
    data = _board().to_json()
    assert list(data) == ["zones", "adj", "leaders", "units", "peoples", "fleets", "front_adjacency", "rome",
                          "source"]
    assert data["zones"][1] == {
        "id": "camp", "name": "Camp", "kind": "land", "front": "rhine", "camp": True, "camp_from": 180,
        "city": False, "port": False, "peoples": (), "limited": False, "empire_from": 0, "closed_sea": False,
        "ctesiphon": False,
    }
    assert [z["id"] for z in data["zones"]] == ["west", "camp", "town", "sea", "east"]
    assert data["adj"] == _board().adj
    assert data["leaders"][0] == {"id": "aug", "name": "Augustus", "people": "roman", "cc": 3, "vs": 4, "bt": 1,
                                  "cp": 2, "generic": False}
    assert [u["id"] for u in data["units"]] == ["leg", "band", "vex"]
    assert data["units"][2]["enters"] == 185
    assert data["peoples"][1] == {"id": "goths", "name": "Goths", "nationality": "germanic", "major": False,
                                  "category": "east", "front": None, "fronts": ("danube", "orient")}
    assert data["fleets"] == [{"id": "classis", "name": "Classis", "home": "town", "seas": ("sea",)}]
    assert data["front_adjacency"] == [["british", "rhine"], ["rhine", "danube"], ["orient", "southern"]]
    assert (data["rome"], data["source"]) == ("rome", "data:test")


def test_board_json_round_trip_through_lists() -> None:
    """The stored form has lists where the board has tuples; reading it back gives the board."""
    import json

    b = _board()
    back = Board.from_json(json.loads(json.dumps(b.to_json())))
    assert back == b
    assert back.zones["east"].peoples == ("franks", "goths")
    assert back.fleets["classis"].seas == ("sea",)
    assert back.peoples["goths"].fronts == ("danube", "orient")
    assert back.front_adjacency == b.front_adjacency
    b2 = Board(b.zones, b.adj, b.leaders, b.units, rome="town", front_adjacency=(("a", "b"),))
    assert Board.from_json(json.loads(json.dumps(b2.to_json()))) == b2


def test_board_from_json_fills_the_optional_parts() -> None:
    data = {
        "zones": [{"id": "a", "name": "A"}],
        "adj": {"a": {"b": "1"}},
        "leaders": [{"id": "l", "name": "L"}],
        "units": [{"id": "u", "name": "U"}],
        "fleets": [{"id": "f", "name": "F", "home": "a"}],
    }
    b = Board.from_json(data)
    assert b.zones == {"a": ZoneDef("a", "A")}
    assert b.adj == {"a": {"b": 1}}
    assert type(b.adj["a"]["b"]) is int
    assert b.leaders == {"l": LeaderDef("l", "L")}
    assert b.units == {"u": UnitDef("u", "U")}
    assert b.fleets == {"f": FleetDef("f", "F", "a", ())}
    assert (b.peoples, b.front_adjacency, b.rome, b.source) == ({}, (), "rome", "inline")
    people = Board.from_json({**data, "peoples": [{"id": "p", "name": "P", "nationality": "n", "major": True,
                                                   "category": "west"}]}).peoples
    assert people == {"p": PeopleDef("p", "P", "n", True, "west")}
    no_fleet = {k: v for k, v in data.items() if k != "fleets"}
    assert Board.from_json(no_fleet).fleets == {}


# -- ImperatorState queries ------------------------------------------------------------------


def test_seats_and_roles() -> None:
    st = _state()
    assert (st.seat_of("R"), st.seat_of("E"), st.seat_of(MUTINEERS)) == ("rome", "enemies", "the mutineers")
    assert (st.role_of("rome"), st.role_of("enemies")) == ("R", "E")
    st.roles = {"rome": "E", "enemies": "R"}
    assert (st.seat_of("R"), st.seat_of("E")) == ("enemies", "rome")
    with pytest.raises(KeyError) as excinfo:
        st.seat_of("X")
    assert excinfo.value.args == ("X",)


def test_udef_and_ldef() -> None:
    st = _state()
    assert st.udef("band").people == "franks"
    assert st.ldef("aug").cc == 3


def test_units_in_only_counts_counters_on_the_map_and_ashore() -> None:
    st = _state()
    st.units["afloat"] = UnitState(loc="camp", fleet="classis")
    st.units["dead"] = UnitState(loc="camp", status="eliminated")
    st.units["mut"] = UnitState(loc="camp", owner=MUTINEERS, mutineer_of="E")
    assert st.units_in("camp") == ["leg", "band", "mut"]
    assert st.units_in("camp", "R") == ["leg"]
    assert st.units_in("camp", "E") == ["band"]
    assert st.units_in("town", "E") == []
    assert st.hostile_units("camp", "R") == ["band", "mut"]
    assert st.hostile_units("camp", "E") == ["leg", "mut"]
    assert st.hostile_units("camp", MUTINEERS) == ["leg", "band"]
    assert st.hostile_units("town", "R") == []


def test_defender_is_the_other_player_else_the_mutineers() -> None:
    """AMB-43: an attack falls on the other player's force; on mutineers only when they are
    alone."""
    st = _state()
    assert st.defender_in("camp", "R") == "E"
    assert st.defender_in("town", "R") == "E"  # only Rome's own counters there
    st.units["mut"] = UnitState(loc="camp", owner=MUTINEERS, mutineer_of="E")
    assert st.defender_in("camp", "R") == "E"  # the player's force first, beside mutineers
    del st.units["mut"]
    st.units["band"].owner = MUTINEERS
    assert st.defender_in("camp", "R") == MUTINEERS
    assert st.defender_in("town", "E") == "R"
    assert st.defender_in("west", "R") == "E"


def test_decider_of_mutineers_is_the_side_that_placed_the_marker() -> None:
    st = _state()
    assert (st.decider("R"), st.decider("E", "camp")) == ("R", "E")
    assert st.decider(MUTINEERS) == "R"
    st.units["band"].owner, st.units["band"].mutineer_of = MUTINEERS, "E"
    assert st.decider(MUTINEERS) == "R"
    assert st.decider(MUTINEERS, "camp") == "R"
    st.units["band"].mutineer_of = "R"
    assert st.decider(MUTINEERS, "camp") == "E"
    assert st.decider(MUTINEERS) == "E"
    assert st.decider(MUTINEERS, "town") == "R"
    st.units["band"].status = "eliminated"
    assert st.decider(MUTINEERS) == "R"
    st.units["band"].status = "map"
    st.units["band"].owner = "E"
    assert st.decider(MUTINEERS) == "R"


def test_real_side_of_mutineers_is_their_owner() -> None:
    st = _state()
    assert st.real_side("E", ["band"]) == "E"
    assert st.real_side(MUTINEERS, ["leg"]) == MUTINEERS
    st.units["band"].mutineer_of = "E"
    assert st.real_side(MUTINEERS, ["leg", "band"]) == "E"
    st.units["leg"].mutineer_of = "R"
    assert st.real_side(MUTINEERS, ["leg", "band"]) == "R"


def test_leaders_in_and_titles() -> None:
    st = _state()
    st.leaders["pax"] = LeaderState(loc="camp", owner="E", pax=True)
    st.leaders["sail"] = LeaderState(loc="camp", fleet="classis")
    st.leaders["ghost"] = LeaderState(loc="camp", status="dead", title="caesar")
    st.leaders["cae"] = LeaderState(loc="camp", title="caesar")
    st.leaders["usu"] = LeaderState(loc="east", owner="E", title="usurper")
    st.leaders["old"] = LeaderState(status="dead", title="augustus")
    assert st.leaders_in("camp") == ["rex", "cae"]
    assert st.leaders_in("camp", "E") == ["rex"]
    assert st.leaders_in("camp", "R") == ["cae"]
    assert st.leaders_in("sea") == []
    assert (st.augusti(), st.caesars(), st.usurpers()) == (["aug"], ["cae"], ["usu"])


def test_empire_fronts_and_camps_follow_the_year() -> None:
    """§9.1: a camp counts from its year; a zone joins the Empire from its year."""
    st = _state(year=189)
    assert [st.in_empire(z) for z in ("west", "camp", "town", "sea", "east")] == [False, True, True, False, False]
    assert [st.front_of(z) for z in ("west", "camp", "town", "east")] == [None, "rhine", "interior", None]
    st.year = 190
    assert (st.in_empire("east"), st.front_of("east")) == (True, "orient")
    st.year = 179
    assert (st.has_camp("camp"), st.has_camp("town")) == (False, False)
    st.year = 180
    assert st.has_camp("camp") is True


def test_unit_values_full_and_reduced() -> None:
    st = _state()
    assert st.unit_values("leg") == (10, 3, 1)
    st.units["leg"].reduced = True
    assert st.unit_values("leg") == (6, 2, 0)
    assert st.unit_values("band") == (8, 2, 0)


def test_people_category() -> None:
    """§4.2 stacking: Romans, a People's own category, "west" for a People the board lacks."""
    st = _state()
    assert [st.people_category(p) for p in ("roman", "franks", "goths", "huns")] == ["roman", "west", "east",
                                                                                        "west"]


def test_victory_points_by_role() -> None:
    st = _state(roles={"rome": "E", "enemies": "R"}, vp={"rome": 3, "enemies": 5})
    assert (st.vp_of_role("R"), st.vp_of_role("E"), st.vp_of_role(MUTINEERS)) == (5, 3, 0)
    st.add_vp("R", 2)
    st.add_vp("E", 1)
    st.add_vp(MUTINEERS, 4)
    assert st.vp == {"rome": 4, "enemies": 7}
