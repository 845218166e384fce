"""What the players read for Imperator (issue 11, session 12): a line for every piece a battle
reduces or a withdrawal moves (AMB-109), twin names told apart (AMB-110), a Front by its name and
never its id (AMB-111), the battle's modifiers each with its §8.2 letter, a seat named as a seat,
and the French of each through the catalogue, with elision before a vowel."""

from __future__ import annotations

from dataclasses import replace

import pytest
from imperator_builder import Pos, script

from bot.i18n import localise
from rules.core.command import Command, Outcome
from rules.core.i18n import Text, _, elide
from rules.imperator import combat, politics
from rules.imperator.game import ImperatorGame


def _answer_defaults(g: ImperatorGame) -> list[str]:
    """Answer every pending decision with its default; the public lines, in order."""
    lines: list[str] = []
    while (d := g.pending_decision()) is not None:
        lines += g.apply(d.seat, Command("decide", {"id": d.id, "choice": d.default})).public
    return lines


def _twin_quadi_beaten() -> tuple[ImperatorGame, Outcome]:
    """Rome's general with two legions attacks two Quadi counters of the same name in Vindobona,
    one full (4 PF) and one reduced (2 PF), no chief: column 4/1, row 5, the Quadi take an A;
    their one way out is the road home to Quadi."""
    p = Pos()
    p.leader("gen", "carnuntum", vs=1)
    p.legions(2, "carnuntum")
    p.unit("q0", "vindobona", "E", people="quadi", pf=4)
    p.unit("q1", "vindobona", "E", people="quadi", pf=4, reduced=True)
    for uid in ("q0", "q1"):
        p.unit_defs[uid] = replace(p.unit_defs[uid], name="Quadi")
    p.kw["at_war"] = ["quadi"]
    p.legions(3, "aquincum", prefix="k")
    p.extra_edges.append(("vindobona", "quadi", 0))
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "vindobona"}))
    g.apply("rome", Command("end"))
    script(g, 5)
    return g, g.apply("rome", Command("attack", {"zone": "vindobona"}))


def test_amb_109_an_a_result_names_the_seat_then_each_unit_and_amb_110_tells_twins_apart() -> None:
    """§8.3 A: the force's line names the seat ("every unit of" it, elided in French), then each unit has its line; the two
    Quadi counters carry their strength, so the player sees which one flipped and which left."""
    g, out = _twin_quadi_beaten()
    assert "Battle table, column 4/1, row 5: R/A. Attacker R, defender A." in out.public
    at = out.public.index("Every unit of enemies in Vindobona takes a loss.")
    assert out.public[at + 1:at + 3] == [
        "§8.3: Quadi (4 PF) in Vindobona turns to its reduced side.",
        "§8.3: Quadi (2 PF) in Vindobona, already reduced, is eliminated.",
    ]
    assert (g.state.units["q0"].reduced, g.state.units["q1"].status) == (True, "eliminated")
    french = [localise(line, "fr") for line in out.public[at:at + 3]]
    assert french == [
        "Chaque unité d'enemies en Vindobona subit une perte.",
        "§8.3 : Quadi (4 PF) passe sur sa face affaiblie en Vindobona.",
        "§8.3 : Quadi (2 PF), déjà affaiblie, est éliminée en Vindobona.",
    ]


def test_amb_109_a_whole_retreat_moves_each_piece_on_its_own_line() -> None:
    """§8.3: after the A result the one Quadi counter left retreats; the force's line, then the
    counter's own, from where to where (alone in its zone now, it needs no strength)."""
    g, out = _twin_quadi_beaten()
    assert g.pending_decision() is None
    at = out.public.index("§8.3: the beaten force retreats to Quadi.")
    assert out.public[at + 1] == "§8.3: Quadi retreats from Vindobona to Quadi."
    assert g.state.units["q0"].loc == "quadi"
    assert localise(out.public[at + 1], "fr") == "§8.3 : Quadi recule de Vindobona vers Quadi."


def _evasion_from_aquincum() -> tuple[ImperatorGame, list[str]]:
    """A Quadi chief (VS 3, CC 3) with two Quadi counters of one name in Aquincum is attacked by a
    Roman general coming from Vindobona and evades (d6 1); the only zone away from the attackers
    is Jazyges."""
    p = Pos()
    p.leader("gen", "vindobona", vs=1)
    p.legions(2, "vindobona")
    p.legions(3, "vindobona", prefix="k")
    p.leader("chief", "aquincum", "E", people="quadi", vs=3, cc=3)
    p.unit("q0", "aquincum", "E", people="quadi", pf=4)
    p.unit("q1", "aquincum", "E", people="quadi", pf=4)
    for uid in ("q0", "q1"):
        p.unit_defs[uid] = replace(p.unit_defs[uid], name="Quadi")
    p.kw["at_war"] = ["quadi", "jazyges"]
    g = p.game(reserve_fronts=["danube"])
    g.apply("rome", Command("move", {"leader": "gen", "units": ["leg0", "leg1"], "to": "aquincum"}))
    g.apply("rome", Command("end"))
    out = g.apply("rome", Command("attack", {"zone": "aquincum"}))
    d = g.pending_decision()
    assert d is not None and (d.kind, d.seat, d.section) == ("evade", "enemies", "§8.1")
    script(g, 1)
    out = g.apply("enemies", Command("decide", {"id": d.id, "choice": "evade"}))
    return g, out.public


def test_amb_109_an_evasion_moves_each_leader_and_unit_on_its_own_line() -> None:
    """§8.1: the evasion's line, then one for the chief and one for each counter, from Aquincum to
    Jazyges; the twin counters, both full, both show their 4 PF."""
    g, lines = _evasion_from_aquincum()
    at = lines.index("§8.1: the evasion succeeds; Chief slips away to Jazyges.")
    assert lines[at:at + 4] == [
        "§8.1: the evasion succeeds; Chief slips away to Jazyges.",
        "§8.1: Chief evades from Aquincum to Jazyges.",
        "§8.1: Quadi (4 PF) evades from Aquincum to Jazyges.",
        "§8.1: Quadi (4 PF) evades from Aquincum to Jazyges.",
    ]
    assert [g.state.units[u].loc for u in ("q0", "q1")] == ["jazyges", "jazyges"]
    assert g.state.leaders["chief"].loc == "jazyges"


def test_french_elides_de_before_a_vowel_in_the_lines_a_player_reads() -> None:
    """French: "de Aquincum" is written "d'Aquincum"; before a consonant "de" stays."""
    _g, lines = _evasion_from_aquincum()
    assert localise(lines[lines.index("§8.1: Chief evades from Aquincum to Jazyges.")], "fr") == "§8.1 : Chief s'échappe d'Aquincum vers Jazyges."
    assert elide("Toutes les unités de {seat} en {zone}", {"seat": "Alice", "zone": "Noricum"}) == (
        "Toutes les unités d'{seat} en {zone}")
    assert elide("Toutes les unités de {seat} en {zone}", {"seat": "Bob", "zone": "Noricum"}) == (
        "Toutes les unités de {seat} en {zone}")
    assert elide("il faut que {x} parte", {"x": "Avidius"}) == "il faut qu'{x} parte"
    assert elide("la réponse de {seat}", {"seat": "Hadrien"}) == "la réponse de {seat}"  # h: left alone
    assert localise(_("On behalf of {seat}.", seat="enemies"), None) == "On behalf of enemies."  # English untouched


def test_amb_111_a_front_is_named_never_its_id() -> None:
    """§3.3: every line that names a Front shows its name, in English and in French (before, the
    §9.2.3 and §3.4 prompts read "the danube Front")."""
    p = Pos()
    g = p.game()
    st = g.state
    fronts = ("british", "rhine", "danube", "orient", "southern")
    assert [politics.name(st, f) for f in fronts] == [f"{f.title()} Front" for f in fronts]
    front = politics.name(st, "danube")
    assert isinstance(front, Text)
    prompt = _n_legions_prompt(front)
    assert prompt == "§9.2.3: 2 legions of the Danube Front must turn to their reduced side; choose one."
    assert localise(prompt, "fr") == (
        "§9.2.3 : 2 légions du Front du Danube doivent passer sur leur face réduite ; choisissez-en une.")


def _n_legions_prompt(front: str) -> Text:
    """The §9.2.3 prompt as `adjust.reduce_legions` words it (read back from a real decision)."""
    from rules.imperator import adjust

    p = Pos()
    for uid in ("leg0", "leg1", "leg2"):
        p.unit(uid, "vindobona")
    g = p.game()
    adjust.reduce_legions(g.state, "danube", 2)
    prompt = g.state.pending[0]["prompt"]
    assert isinstance(prompt, Text) and prompt.params["front"] == front
    return prompt


def test_amb_111_the_reserve_fronts_line_names_each_front() -> None:
    """§3.2: Rome's Reserve Fronts are told by name, in both languages."""
    from rules.imperator import engine

    g = Pos().game(phase="C", active="R")
    g.state.reserve_max = 2
    out = Outcome()
    engine.reserve(g.state, out, ["orient", "danube"])
    line = next(x for x in out.public if x.startswith("§3.2"))
    assert line == "§3.2: Reserve Fronts: Danube Front, Orient Front."
    assert localise(line, "fr") == "§3.2 : Fronts de réserve : Front du Danube, Front d'Orient."


def test_the_battle_modifiers_carry_their_section_and_letter() -> None:
    """§8.2 (the Battle table's die modifiers a-e): each label names its letter, English and French."""
    from rules.imperator import combat_math as cm

    mods = cm.battle_modifiers(attacker_bt=2, defender_bt=1, eor_defends_outside_empire=True,
                               eor_attacks_outside_empire=True, civil_war=True, attacker_cp=4, defender_cp=3)
    assert [(str(label), value) for label, value in mods] == [
        ("§8.2 die a) attacker BT", 2), ("§8.2 die a) defender BT", -1),
        ("§8.2 die b) EoR defends outside the Empire", -1), ("§8.2 die c) EoR attacks outside the Empire", 1),
        ("§8.2 die d) attacker's better CP", 1)]
    assert str(cm.battle_modifiers(attacker_bt=0, defender_bt=0, civil_war=True, attacker_cp=1,
                                   defender_cp=3)[0][0]) == "§8.2 die e) defender's better CP"
    assert [localise(label, "fr") for label, _v in mods[:2]] == ["§8.2 dé a) BT de l'attaquant", "§8.2 dé a) BT du défenseur"]
    assert [cm.column_modifier_letter(s) for s in (1, -1, 2, -2, 0)] == ["a", "b", "c", "d", ""]


def test_amb_110_a_choice_among_twins_names_each_ones_zone_and_strength() -> None:
    """AMB-110: three vexillations of one Front share a name; where the player picks among them
    (§9.2.3 withdrawals, the move menu) each carries its zone and strength, in both languages; a
    name nobody else bears stays bare."""
    p = Pos()
    for uid, zone, reduced in (("v1", "vindobona", False), ("v2", "aquincum", True), ("v3", "carnuntum", False)):
        p.unit(uid, zone, kind="vexillation", reduced=reduced)
        p.unit_defs[uid] = replace(p.unit_defs[uid], name="Vexillatio (Danube Front)")
    p.unit_defs["v3"] = replace(p.unit_defs["v3"], name="Vexillatio (Orient Front)")
    p.unit("leg0", "vindobona")
    st = p.state()
    choices = politics.piece_choices(st, ["v1", "v2", "v3", "leg0"])
    assert choices == [("v1", "Vexillatio (Danube Front) (Vindobona, 10 PF)"),
                       ("v2", "Vexillatio (Danube Front) (Aquincum, 5 PF)"),
                       ("v3", "Vexillatio (Orient Front)"), ("leg0", "Leg0")]
    assert localise(choices[1][1], "fr") == "Vexillatio (Danube Front) (Aquincum, 5 PF)"
    assert politics.piece_choices(st, ["v1", "v3"]) == [("v1", "Vexillatio (Danube Front)"), ("v3", "Vexillatio (Orient Front)")]


def test_amb_111_a_refusal_names_what_the_player_picked_and_quotes_what_nobody_bears() -> None:
    """A refusal shows a known id by its name (the menus send ids) and quotes anything else."""
    p = Pos()
    p.leader("gen", "vindobona").unit("leg0", "vindobona")
    st = p.state()
    assert [politics.typed(st, x) for x in ("gen", "leg0", "aquincum", "quadi", "orient", "nowhere")] == [
        "Gen", "Leg0", "Aquincum", "Quadi", "Orient Front", "'nowhere'"]


def test_amb_109_a_withdrawal_moves_its_pieces_and_redraws_the_map() -> None:
    """§8.3 (`combat.withdraw_pieces`, the one move of every withdrawal): the pieces change zone,
    each told, and the outcome asks for a new map."""
    p = Pos()
    p.leader("gen", "vindobona").unit("leg0", "vindobona").unit("leg1", "vindobona")
    st = p.state()
    out = Outcome()
    combat.withdraw_pieces(st, out, "§8.3", ["gen", "leg0"], "vindobona", "aquincum")
    assert (st.leaders["gen"].loc, st.units["leg0"].loc, st.units["leg1"].loc) == ("aquincum", "aquincum", "vindobona")
    assert out.public == ["§8.3: Gen retreats from Vindobona to Aquincum.", "§8.3: Leg0 retreats from Vindobona to Aquincum."]
    assert out.map_changed is True


def test_amb_111_the_sail_menu_names_each_fleet() -> None:
    """§3.5: the fleets of the move menu are shown by their names, not their ids."""
    p = Pos()
    p.fleet = True
    g = p.game(phase="E", sub="move")
    g.state.moved = {"moved": {}, "done": {}}
    sail = next(a for a in g.actions("rome") if a.name == "sail")
    assert [(c.value, c.label) for c in sail.args[0].choices] == [("ravenna", "Ravenna")]


def test_a_withdrawal_under_no_known_section_is_a_programming_error() -> None:
    """`withdraw_pieces` words §8.1, §6.3 and §8.3 only; any other section is a caller's bug."""
    p = Pos()
    p.unit("leg0", "vindobona")
    st = p.state()
    with pytest.raises(ValueError, match=r"^no withdrawal under '§9\.2'$"):
        combat.withdraw_pieces(st, Outcome(), "§9.2", ["leg0"], "vindobona", "aquincum")
    assert st.units["leg0"].loc == "vindobona"
