"""Map markers act when their condition is met, not only when phase F looks (§6.1 Coup d'état
parthe with D-17, §6.2 Intrigue au Sénat; docs/rulings.md, "Markers act when their condition is
met")."""

from __future__ import annotations

from imperator_builder import Pos, script

from rules.core.command import Command
from rules.imperator.game import ImperatorGame
from rules.imperator.model import LeaderDef, ZoneDef


def _hand(g: ImperatorGame, seat: str, *chits: str) -> None:
    st = g.state
    st.rules["stratagems"] = True
    for s in st.roles:
        st.hands.setdefault(s, [])
    st.hands[seat].extend(f"{c}#{90 + i}" for i, c in enumerate(chits))


def _markers(g: ImperatorGame) -> list[str]:
    return sorted(c.split("#")[0] for c in g.state.chits_on_map)


def _senate(praetorians_at: tuple[str, str] = ("italia", "italia")) -> ImperatorGame:
    p = Pos(175)
    p.leader("emperor", "italia", title="augustus")
    for i, z in enumerate(praetorians_at):
        p.unit(f"pr{i}", z, front="interior", kind="garrison", praetorian=True)
    g = p.game(phase="E", active="R", sub="move")
    _hand(g, "enemies", "intrigue_au_senat")
    g.apply("enemies", Command("stratagem", {"id": "intrigue_au_senat"}))
    assert _markers(g) == ["intrigue_au_senat"]
    return g


def test_intrigue_au_senat_leaves_when_the_augustus_and_the_cohorts_arrive() -> None:
    g = _senate()
    out = g.apply("rome", Command("move", {"leader": "emperor", "units": ["pr0", "pr1"], "to": "rome"}))
    assert _markers(g) == [] and g.state.phase == "E"
    assert any("leaves the map" in line for line in out.public)


def test_intrigue_au_senat_stays_while_a_cohort_is_missing() -> None:
    g = _senate()
    g.state.units["pr1"].loc = "noricum"
    g.apply("rome", Command("move", {"leader": "emperor", "units": ["pr0"], "to": "rome"}))
    assert _markers(g) == ["intrigue_au_senat"]  # one cohort in play is not in Rome


def test_intrigue_au_senat_leaves_when_the_missing_cohort_is_destroyed() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.unit("pr0", "rome", front="interior", kind="garrison", praetorian=True)
    p.unit("pr1", "vindobona", front="interior", kind="garrison", praetorian=True, pf=2)
    p.legions(3, "aquincum", prefix="keep")
    for i in range(4):
        p.unit(f"q{i}", "vindobona", "E", people="quadi", pf=10)
    p.kw["at_war"] = ["quadi"]
    g = p.game(phase="E", active="R", sub="combat", event=3)
    _hand(g, "enemies", "intrigue_au_senat")
    g.state.chits_on_map["intrigue_au_senat#1"] = "rome"
    script(g, 1)  # 2 PF against 40, 1 - 1 = 0: E/R, the cohort is eliminated
    g.apply("rome", Command("attack", {"zone": "vindobona"}))
    while (d := g.pending_decision()) is not None and d.kind == "bstrat":
        g.apply(d.seat, Command("decide", {"id": d.id, "choice": "pass"}))
    assert g.state.units["pr1"].status == "eliminated"
    assert _markers(g) == []


def test_intrigue_au_senat_placed_where_rome_already_stands_in_force_leaves_at_once() -> None:
    p = Pos(175)
    p.leader("emperor", "rome", title="augustus")
    p.unit("pr0", "rome", front="interior", kind="garrison", praetorian=True)
    g = p.game(phase="E", active="R", sub="move")
    _hand(g, "enemies", "intrigue_au_senat")
    g.apply("enemies", Command("stratagem", {"id": "intrigue_au_senat"}))
    assert _markers(g) == []


def _parthian_coup(leader_generic: bool, units: int) -> ImperatorGame:
    p = Pos(175)
    p.extra_zones.append(ZoneDef("ctes", "Ctesiphon", peoples=("parthians",), ctesiphon=True))
    p.extra_edges.append(("ctes", "parthia", 0))
    p.leader("vologese", "parthia", "E", people="parthians", cc=4)
    if leader_generic:
        d = p.leader_defs["vologese"]
        p.leader_defs["vologese"] = LeaderDef(d.id, d.name, d.people, d.cc, d.vs, d.bt, d.cp, generic=True)
    for i in range(units):
        p.unit(f"p{i}", "parthia", "E", people="parthians")
    p.kw["at_war"] = ["parthians"]
    g = p.game(phase="E", active="E", sub="move")
    _hand(g, "rome", "coup_d_etat_parthe")
    g.apply("rome", Command("stratagem", {"id": "coup_d_etat_parthe"}))
    assert _markers(g) == ["coup_d_etat_parthe"]
    g.apply("enemies", Command("move", {"leader": "vologese", "units": [f"p{i}" for i in range(units)], "to": "ctes"}))
    return g


def test_coup_d_etat_parthe_leaves_when_a_named_leader_and_three_units_arrive() -> None:  # D-17
    assert _markers(_parthian_coup(False, 3)) == []


def test_coup_d_etat_parthe_stays_with_two_units_or_a_generic_leader() -> None:
    assert _markers(_parthian_coup(False, 2)) == ["coup_d_etat_parthe"]
    assert _markers(_parthian_coup(True, 3)) == ["coup_d_etat_parthe"]
