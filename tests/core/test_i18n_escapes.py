"""Texts that once escaped translation, each caught in French at its source (issue 13).

Each test reads a sentence the way a French reader gets it (``bot.i18n.localise(..., "fr")``)
and names the English it replaced, so it fails if the text goes back to a plain string.
"""

from __future__ import annotations

from bot.i18n import localise


def test_imperium_romanum_scenario_titles_are_french() -> None:
    """Ruling I18N-1: a scenario's title is a data name, translated by the catalogue."""
    from rules.imperium_romanum.game import ImperiumRomanumGame

    titles = {info.id: localise(info.title, "fr") for info in ImperiumRomanumGame.scenarios()}
    assert titles["s01"] == "Scénario 1 : La révolte des Gaules"
    assert titles["s02"] == "Scénario 2 : Pompée contre les pirates"
    assert titles["s12"] == "Scénario 12 : La conquête de la Dacie par Trajan"
    assert titles["s24"] == "Scénario 24 : Dioclétien contre Carin"
    opening = ImperiumRomanumGame.new("s01", [], "i18n", {}).opening
    assert opening is not None
    assert localise(opening.public[0], "fr") == "La révolte des Gaules : les puissances sont en place."


def test_the_imperium_romanum_forage_line_counts_its_units_in_both_languages() -> None:
    """13.3: one foraging unit is "1 of 1 unit", not "1 of 1 units" (a plural form, ``_n``)."""
    from rules.imperium_romanum import supply
    from tests.imperium_romanum.builder import Position

    for count, english, french in (
        (1, "of 1 unit supplied (13.3).", "sur 1 unité ravitaillée (13.3)."),
        (3, "of 3 units supplied (13.3).", "sur 3 unités ravitaillées (13.3)."),
    ):
        pos = Position(month=6, segment="supply")
        legions = pos.units("rome", "legion_20_10", "B4406", count)
        pos.dice(3, 3)
        lines: list = []
        supply.check_group(pos.st, "rome", "B4406", legions, lines)
        forage = [line for line in lines if line.startswith("Forage at B4406")]
        assert len(forage) == 1 and forage[0].endswith(english), lines
        assert localise(forage[0], "fr").startswith("Fourrage en B4406 : ")
        assert localise(forage[0], "fr").endswith(french), localise(forage[0], "fr")


def test_imperium_romanum_scenario_dates_are_french() -> None:
    """A scenario's first and last months (the scenario menu): the era goes through the
    catalogue with the year, never frozen in English by an f-string."""
    from rules.imperium_romanum.game import ImperiumRomanumGame

    spans = {info.id: info.description for info in ImperiumRomanumGame.scenarios()}
    assert spans["s01"] == "From 02/52 BC to 10/51 BC."
    assert localise(spans["s01"], "fr") == "De 02/52 av. J.-C. à 10/51 av. J.-C."
    assert localise(spans["s12"], "fr").startswith("De 03/101 apr. J.-C. à ")


def test_imperium_romanum_segments_have_one_name_each() -> None:
    """§4.0: a segment is named the same wherever it is shown (the status line, a refusal, the
    deadline of a simultaneous segment): one table, ``sequence.SEGMENT_NAMES``."""
    from rules.core.i18n import plain
    from rules.imperium_romanum import segment_deadline, sequence
    from rules.imperium_romanum.game import ImperiumRomanumGame

    assert [segment for segment, _section in sequence.SEGMENTS] == list(sequence.SEGMENT_NAMES)
    assert not hasattr(segment_deadline, "SEGMENT_NAMES")
    assert plain(sequence.SEGMENT_NAMES["taxation"]) == "Taxation & Mobilization"
    assert localise(sequence.SEGMENT_NAMES["movement"], "fr") == "Mouvement terrestre"
    game = ImperiumRomanumGame.new("s12", [], "i18n", {})
    st = game.state
    assert st.segment == "taxation"
    decision = segment_deadline.deadline_decision(st)
    assert decision is not None
    from rules.imperium_romanum.views import status_lines

    first = status_lines(st)[0]
    assert plain(first).endswith(", Taxation & Mobilization segment.")
    assert "Taxation & Mobilization segment" in plain(decision.prompt)
    assert localise(first, "fr").endswith(", segment Fiscalité et mobilisation.")


def test_the_causes_of_a_leaders_death_are_marked() -> None:
    """Imperator: the cause in "{leader} is dead ({cause})" is a marked word (``_()``), never a
    bare string; every call of ``kill_leader(s)`` in the rules passes one."""
    import ast
    from pathlib import Path

    from rules.core.i18n import Text

    root = Path(__file__).resolve().parents[2]
    bare = []
    for path in sorted((root / "rules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute | ast.Name)
                and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
                in ("kill_leader", "kill_leaders")
                and len(node.args) > 3
                and isinstance(node.args[3], ast.Constant | ast.JoinedStr)
            ):
                bare.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node.args[3])}")
    assert bare == []
    from rules.imperator import politics

    assert isinstance(politics.ASSASSINATION, Text)
    assert localise(politics.ASSASSINATION, "fr") == "assassinat"


def test_rome_iinc_names_its_empires_and_phases_in_french() -> None:
    """Rome, IInc.: the Empires (``east``/``west``) and the phases are marked words, never an
    id made English with ``.capitalize()`` (the status line, the Generic Emperor...)."""
    from rules.rome_iinc.game import RomeGame
    from rules.rome_iinc.politics import emperor_name

    game = RomeGame.new("286", ["east", "west"], "i18n", {"mode": "solo"})
    lines = [localise(line, "fr") for line in game.status_lines()]
    assert lines[0].startswith("Tour 1 sur 10, Phase ")
    assert lines[1].startswith("Orient : Or ") and lines[2].startswith("Occident : Or ")
    state = game.state
    state.emperors["west"] = "generic"
    assert localise(emperor_name(state, "west"), "fr") == "l'Empereur générique de l'Empire d'Occident"


def test_every_imperium_romanum_standing_order_has_words() -> None:
    """"dacia sets a standing order: combat ask." named ids: every order and answer of
    ``STANDING`` has marked words, and the line reads them in French."""
    from rules.core.command import Command
    from rules.imperium_romanum import game as G

    assert set(G.STANDING) <= set(G.ORDER_WORDS)
    assert {answer for answers in G.STANDING.values() for answer in answers} <= set(G.ANSWER_WORDS)
    game = G.ImperiumRomanumGame.new("s12", [], "i18n", {})
    outcome = game.apply("dacia", Command("standing", {"order": "combat", "value": "always_fight"}))
    assert [localise(line, "fr") for line in outcome.public] == [
        "dacia fixe un ordre permanent : combat terrestre, toujours combattre."
    ]


def test_a_rome_iinc_decision_owed_is_named_in_words() -> None:
    """``/game status`` named the task owed by its id (``annex``): now in words, in French too."""
    from rules.rome_iinc import politics
    from rules.rome_iinc.game import RomeGame

    game = RomeGame.new("286", ["east", "west"], "i18n", {"mode": "solo"})
    politics.add_task(game.state, "east", "annex", section="11.1")
    waiting = [localise(line, "fr") for line in game.status_lines()][-1]
    assert waiting == "En attente du joueur de l'Empire d'Orient : une Province à annexer (11.1)."


def test_imperium_romanum_power_names_are_french_also_after_a_reload() -> None:
    """Ruling I18N-1: a power's name written in English by the scenario data ("The pirates") is a
    data name; the state keeps it as a marked word, so a reloaded game still shows it in French."""
    import json

    from rules.imperium_romanum.game import ImperiumRomanumGame

    game = ImperiumRomanumGame.new("s02", [], "i18n", {})
    again = type(game).from_json(json.loads(json.dumps(game.to_json())))
    for shown in (game, again):
        lines = [localise(line, "fr") for line in shown.status_lines()]
        assert any(line.startswith("Les pirates : trésor ") for line in lines), lines
        assert any(line.startswith("Rome (Pompée, lex Gabinia) : trésor ") for line in lines), lines
    assert again.to_json()["state"]["powers"]["pirates"]["name"] == "The pirates"
