"""Sentences kept in a game's state are translated after a save and reload too (issue 13).

A state goes to the database as JSON, which keeps only the English of a marked sentence
(``rules.core.i18n.Text``). ``Game.to_json`` stores every marked sentence of the state with its
message id (``texts``) and ``Game.from_json`` puts them back, so a reloaded game still shows its
history, its last battle, its result and its Barracks labels in each reader's language.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from bot.i18n import localise
from rules.barracks.game import BarracksGame
from rules.core.command import Outcome
from rules.core.i18n import Text, _, marked_texts, restore_texts
from rules.core.players import random_legal
from rules.imperator import politics
from rules.imperator.game import ImperatorGame
from rules.imperator.random_player import step


def reloaded(game: Any) -> Any:
    """``game`` saved as the database saves it (JSON) and read back."""
    return type(game).from_json(json.loads(json.dumps(game.to_json())))


def imperator_after_a_battle() -> ImperatorGame:
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "s0", {})
    assert isinstance(game, ImperatorGame)
    rng = random.Random(0)
    for _step in range(5):
        step(game, rng)
    assert game.state.last_battle, "seed s0 fights a battle in its first five commands"
    return game


def test_an_imperator_history_and_last_battle_are_french_after_a_reload() -> None:
    game = imperator_after_a_battle()
    again = reloaded(game)
    log = again.public_view()["log"]
    assert isinstance(log[1], Text) and log[1].msgid == "Year {year}: phase A."
    assert localise(log[1], "fr") == "Année 175 : phase A."
    assert [localise(x, "fr") for x in log] == [localise(x, "fr") for x in game.public_view()["log"]]
    shifts = again.public_view()["last_battle"]["shifts"]
    assert localise(shifts[0], "fr") == "§8.2 colonne c) qualité 2 contre 1 : +2"
    # the stored state itself stays readable English
    assert again.to_json()["state"]["history"][1] == "Year 175: phase A."


def test_an_imperator_result_summary_is_french_after_a_reload() -> None:
    game = imperator_after_a_battle()
    summary = _("§3.6: no Roman general is left to take the purple; the Enemies of Rome win.")
    politics.end_game(game.state, Outcome(), "E", summary)
    result = reloaded(game).result()
    assert result is not None and result.winners == ("enemies",)
    assert isinstance(result.summary, Text)
    assert localise(result.summary, "fr").startswith("§3.6 : ")
    assert localise(result.summary, "fr") != str(summary)


def test_barracks_labels_are_french_after_a_reload() -> None:
    """Issue 13 item 9 (seen by the issue 14 helper): the Barracks ``last`` plays and the
    ``lost`` line were plain English once saved."""
    game = BarracksGame.new("solo", ["p1"], "s1", {})
    rng = random.Random(1)
    while not game.state.last:
        pick = random_legal(game, rng)
        assert pick is not None
        game.apply(*pick)
    before = game.public_view()["last"]
    after = reloaded(game).public_view()["last"]
    assert all(isinstance(line, Text) for line in after)
    assert [line.msgid for line in after] == [line.msgid for line in before]
    french = [localise(line, "fr") for line in after]
    assert french == [localise(line, "fr") for line in before]
    assert french != [str(line) for line in after]


def test_a_sentence_whose_english_changed_stays_english() -> None:
    """A stored message id is put back only where the English still matches it."""
    state = {"history": [_("Year {year}: phase {phase}.", year=175, phase="A"), "plain"]}
    texts = marked_texts(state)
    assert texts == [[["history", 0], {"msgid": "Year {year}: phase {phase}.",
                                       "params": {"year": 175, "phase": "A"}}]]
    stored = json.loads(json.dumps(state))
    assert not isinstance(stored["history"][0], Text)
    back = restore_texts(stored, texts)
    assert isinstance(back["history"][0], Text)
    assert not isinstance(stored["history"][0], Text)  # the input is not changed
    stored["history"][0] = "Year 176: phase A."
    kept = restore_texts(stored, texts)
    assert kept["history"][0] == "Year 176: phase A." and not isinstance(kept["history"][0], Text)
    assert restore_texts(stored, [[["nowhere", 3], texts[0][1]]]) == stored


def test_a_barracks_rival_tie_label_is_french_after_a_reload() -> None:
    """The rival-tie choices (§15.2.6) were f-strings cut at 100 characters: plain English
    before and after a save. They are marked sentences now, translated after a reload too."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "barracks"))
    from test_barracks_cases import TIE_CARDS, _solo

    from rules.barracks import flow

    game = _solo(emperors={"F6": "decius", "E5": "gallus"}, cards=dict(TIE_CARDS))
    game.state.deck = []
    game.state.active, game.state.phase = "eagle", "rival"
    flow.continue_resolution(game.state, "eagle", Outcome())
    for shown in (game, reloaded(game)):
        pending = shown.pending_decision()
        assert pending is not None and pending.kind == "rival_tie" and pending.section == "§15.2.6"
        labels = [choice.label for choice in pending.choices]
        assert labels == ["E5 first: Wreath takes Trebonianus Gallus", "F6 first: Pillar takes Decius"]
        assert all(isinstance(label, Text) for label in labels)
        assert [localise(label, "fr") for label in labels] == [
            "E5 d'abord : Couronne prend Trebonianus Gallus",
            "F6 d'abord : Colonne prend Decius",
        ]


def _descriptions(game: Any, seats: list[str]) -> list[Any]:
    return [action.description for seat in seats for action in game.actions(seat)]


def test_action_descriptions_are_french_after_a_reload() -> None:
    """Issue 13 item 6: the menus' and ``/game status``' descriptions of what a seat may do
    (``Game.actions``), a waiting decision's prompt included, are marked sentences after a
    reload, each with its French."""
    imperator = reloaded(imperator_after_a_battle())
    barracks = BarracksGame.new("solo", ["p1"], "s1", {})
    rng = random.Random(1)
    while barracks.pending_decision() is None:
        pick = random_legal(barracks, rng)
        assert pick is not None
        barracks.apply(*pick)
    found = _descriptions(imperator, ["rome", "enemies"])
    found += _descriptions(reloaded(barracks), ["p1"])
    found += _descriptions(reloaded(BarracksGame.new("solo", ["p1"], "s2", {})), ["p1"])
    assert len(found) >= 3
    for description in found:
        assert isinstance(description, Text), description
        assert localise(description, "fr") != str(description), description


def test_the_public_views_phase_name_is_french() -> None:
    """The map's header reads the public view's ``phase_name``: a marked sentence."""
    view = reloaded(imperator_after_a_battle()).public_view()
    assert isinstance(view["phase_name"], Text)
    assert str(view["phase_name"]) == "Movements and combats"
    assert localise(view["phase_name"], "fr") != "Movements and combats"


def test_an_imperator_battle_card_drawn_after_a_restart_is_french(monkeypatch: Any) -> None:
    """The battle card of a reloaded game, stored as the outbox stores a picture (JSON with the
    message ids) and drawn later: every word drawn on it goes through the catalogue (pseudo
    language: a label drawn without the mark, or with a plain English word, fails)."""
    from PIL import ImageDraw

    import bot.i18n
    from rules.core.i18n import deep_from_json, deep_to_json
    from rules.imperator.views import battle_card
    from tests.bot.test_i18n_pseudo import MARK, PseudoCatalogue

    catalogue = PseudoCatalogue()
    monkeypatch.setattr(bot.i18n, "catalogue", lambda language: catalogue if language == "fr" else None)
    game = reloaded(imperator_after_a_battle())
    record = game.public_view()["last_battle"]
    card = {**battle_card(record, game.state), "language": "fr"}
    stored = deep_from_json(json.loads(json.dumps(deep_to_json(card))))
    drawn: list[str] = []
    original = ImageDraw.ImageDraw.text

    def record_text(self: Any, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record_text)
    from render.battle_card import render_battle_card

    assert render_battle_card(stored)[:4] == b"\x89PNG"
    words = [t for t in drawn if any(c.isascii() and c.isalpha() for c in t)]
    assert words, drawn
    # what may be drawn without the mark: the leaders' names and the counters' printed names
    names = [str(n) for side in ("attacker", "defender") for n in stored[side].get("leaders", [])]
    names += [str(c.get("label", "")) for side in ("attacker", "defender") for c in stored[side].get("counters", [])]
    plain = [t for t in words if MARK not in t and "⟧" not in t]
    left = [t for t in plain if any(c.isascii() and c.isalpha() for c in _without(t, names))
            and not re.fullmatch(r"[IVXLCDM]+", t.strip())]  # a legion's numeral on its counter
    assert left == [], (left, names)


def _without(text: str, names: list[str]) -> str:
    for name in sorted(filter(None, names), key=len, reverse=True):
        text = text.replace(name, "")
    return text
