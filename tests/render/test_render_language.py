"""Images are drawn in the game's language (issue 13): the view's ``language`` picks the words."""

from __future__ import annotations

from render.barracks import render_table
from render.words import words
from rules.barracks.game import BarracksGame
from rules.core.i18n import _


def test_words_follow_the_view_language() -> None:
    label = _("Forum (1 = leftmost)")
    assert words({})(label) == "Forum (1 = leftmost)"
    assert words({"language": "fr"})(label) == "Forum (1 = à gauche)"


def test_barracks_table_is_drawn_in_french() -> None:
    view = BarracksGame.new("solo", [], "render", {}).public_view()
    english = render_table(view)
    assert render_table({**view, "language": "en"}) == english  # English is the default
    french = render_table({**view, "language": "fr"})
    assert french != english
    assert render_table({**view, "language": "fr"}) == french  # still deterministic


# -- the Imperator map and battle card (issue 13) ---------------------------------------------
import re  # noqa: E402
import sys  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from PIL import ImageDraw  # noqa: E402

import bot.i18n  # noqa: E402
from render import imperator  # noqa: E402
from render.imperator_scene import from_public_view  # noqa: E402

MAP_DIR = Path(__file__).resolve().parents[2] / "rules" / "imperator" / "data" / "map"
needs_map = pytest.mark.skipif(
    not (MAP_DIR / "zones.toml").exists(), reason="the Imperator map data is not there"
)
LABEL_FUNCTIONS = {
    "_draw_panel", "_smc_track", "_section", "_legend", "_draw_header", "_draw_legend_strip",
    "_result_banner", "render_battle_card",
}
"""The functions that draw an image's own words (the rest is the game's names and numbers)."""
MARKS = ("⟦", "⟧")
WORD = re.compile(r"[^\W\d_]{3,}")


class PseudoCatalogue:
    """Every sentence becomes ⟦sentence⟧ (tests/bot/test_i18n_pseudo.py)."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"⟦{singular if n == 1 else plural}⟧"


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The texts the label functions draw; "fr" is the pseudo language (French otherwise)."""
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: Any, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        frame = sys._getframe(1)
        if frame.f_code.co_name == "_draw_text_box" and frame.f_back is not None:
            frame = frame.f_back
        if frame.f_code.co_name in LABEL_FUNCTIONS:
            texts.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    yield texts


def untranslated(texts: list[str], names: set[str]) -> list[str]:
    """Drawn texts with words that are neither marked nor the game's own names."""
    found = []
    for text in texts:
        if any(mark in text for mark in MARKS):
            continue
        rest = text
        for known in sorted(names, key=len, reverse=True):
            rest = rest.replace(known, " ")
        if WORD.search(rest):
            found.append(text)
    return found


def _names(view: dict[str, Any], board: Any) -> set[str]:
    """The game's vocabulary on a map: zones, Peoples, fleets, the event, the scenario."""
    names = {z.name for z in board.zones.values()} | {"IMPERATOR", "Pax Romana"}
    names |= {str(p.get("name", "")) for p in (view.get("peoples") or {}).values()}
    names |= {str(f.get("name", "")) for f in view.get("fleets") or ()}
    names |= {str(s.get("name", "")) for s in view.get("map_stratagems") or ()}
    event = from_public_view(view).active_event
    if event is not None:
        names |= {f"{event.id}. {event.name}", event.name, *event.text.split()}
    names.add(str(view.get("scenario", "")))
    return {n for n in names if n}


@needs_map
@pytest.mark.parametrize("view_name", ["whole", "front:danube", "theatre", "zone:antiochia"])
def test_every_map_label_goes_through_the_catalogue(
    drawn: list[str], monkeypatch: pytest.MonkeyPatch, view_name: str
) -> None:
    import render_scenes as scenes

    from render.imperator_board import load_board

    pseudo = PseudoCatalogue()
    monkeypatch.setattr(bot.i18n, "catalogue", lambda language: pseudo if language == "fr" else None)
    board = load_board()
    view = {**scenes.civil_war(board), "language": "fr"}
    # the turn label as the rules write it (rules/imperator/views.py)
    view["turn_label"] = _("SMC {number} of {total} ({step})", number=2, total=6, step="move")
    imperator.render_map(view, view_name, board)
    assert drawn and any("⟦" in text for text in drawn)
    assert untranslated(drawn, _names(view, board)) == []


def test_the_label_check_can_fail() -> None:
    assert untranslated(["⟦Legend⟧", "Rhenus", "Victory points 3"], {"Rhenus"}) == [
        "Victory points 3"
    ]


@needs_map
def test_the_map_is_drawn_with_french_labels(drawn: list[str]) -> None:
    import render_scenes as scenes

    from render.imperator_board import load_board

    board = load_board()
    english_view = scenes.civil_war(board)
    imperator.render_map(english_view, "whole", board)
    english = list(drawn)
    drawn.clear()
    imperator.render_map({**english_view, "language": "fr"}, "whole", board)
    assert "Victory points" in english and "Points de victoire" in drawn
    assert "Peuples" in drawn and "Légende" in drawn
    drawn.clear()
    imperator.render_map({**english_view, "language": "fr"}, "front:danube", board)
    assert "mouvement de Rome" in drawn and "grand fleuve" in drawn


BATTLE = {
    "zone": "Vindobona",
    "year": 171,
    "smc": 2,
    "attacker": {"side": "R", "name": "Maximianus", "strength": 20, "counters": [],
                 "losses": [], "retreats": ["Maximianus → Carnuntum"], "deaths": []},
    "defender": {"side": "E", "name": "Quades", "strength": 6, "counters": [],
                 "losses": [_("{unit} (eliminated)", unit="Quades")], "deaths": ["Ballomar"]},
    "odds": "3/1",
    "column": "2/1",
    "shifts": [],
    "roll": 4,
    "modifier": 1,
    "total": 5,
    "result": {"attacker": "A", "defender": "1/2", "winner": "A"},
}


def test_the_battle_card_is_drawn_in_the_game_language(
    drawn: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    imperator.render_battle_card({**BATTLE, "language": "fr"})
    assert "Bataille de Vindobona" in drawn and "Rapport" in drawn
    assert "Attaquant · Rome" in drawn and "Défenseur · Ennemis de Rome" in drawn
    assert "Décalages : aucun" in drawn
    assert "Pertes : aucune" in drawn and "Pertes : Quades (éliminée)" in drawn
    drawn.clear()
    pseudo = PseudoCatalogue()
    monkeypatch.setattr(bot.i18n, "catalogue", lambda language: pseudo if language == "fr" else None)
    imperator.render_battle_card({**BATTLE, "language": "fr"})
    assert untranslated(drawn, {"Maximianus", "Quades", "Carnuntum", "Ballomar"}) == []


BARRACKS_LABEL_FUNCTIONS = {"render_table", "_legend", "_final_scores", "_text_centre", "_side_label"}


def test_every_barracks_table_label_goes_through_the_catalogue(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Barracks table's own words are marked; its cards, Emperors and seats are names."""
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: Any, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        if sys._getframe(1).f_code.co_name in BARRACKS_LABEL_FUNCTIONS:
            texts.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    pseudo = PseudoCatalogue()
    monkeypatch.setattr(bot.i18n, "catalogue", lambda language: pseudo if language == "fr" else None)
    game = BarracksGame.new("solo", [], "render", {})
    view = {**game.public_view(), "language": "fr"}
    render_table(view)
    names = {"ROMA"} | {str(a.get("title", "")) for a in (view.get("areas") or {}).values()}
    names |= {str(s.get("seat", "")) for s in view.get("seats") or ()}
    for emperor in view.get("emperors") or ():  # drawn on two lines when long
        names |= {emperor["name"], *str(emperor["name"]).split()}
    for card in [*(view.get("forum") or ()), *(view.get("spaces") or ())]:
        names |= {str(card.get("name", "")), *str(card.get("name", "")).split()}
    assert texts and untranslated(texts, {n for n in names if n}) == []


def test_every_rome_iinc_label_goes_through_the_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Rome, IInc. map's band and panels are marked; its Province cards and counter chips
    carry names and abbreviations."""
    from rules.rome_iinc.game import RomeGame

    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: Any, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        if sys._getframe(1).f_code.co_name in ("render_band", "render_panel"):
            texts.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    pseudo = PseudoCatalogue()
    monkeypatch.setattr(bot.i18n, "catalogue", lambda language: pseudo if language == "fr" else None)
    from render import rome_iinc

    game = RomeGame.new("286", ["east", "west"], "render", {"mode": "solo"})
    rome_iinc.render_public_view({**game.public_view(), "language": "fr"}, "whole")
    assert len(texts) > 5 and untranslated(texts, set()) == []


def test_the_event_in_force_is_drawn_in_the_games_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Events table's name and text on the map come from the catalogue (I18N-3): French
    in a French game, the data's English otherwise."""
    import render_scenes as scenes

    from render.imperator_board import load_board

    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self: Any, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        texts.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    board = load_board()
    from rules.imperator.views import event_view

    view = scenes.base_view(board, active_event=event_view(1))  # as the engine's public view has it
    imperator.render_map(view, "whole", board)
    english = " ".join(texts)
    texts.clear()
    imperator.render_map({**view, "language": "fr"}, "whole", board)
    french = " ".join(texts)
    assert "Sickness in Rome" in english and "An epidemic hits" in english
    assert "Insalubrité à Rome" in french and "Une épidémie frappe" in french
    assert "Sickness" not in french and "epidemic" not in french


# -- a view stored as JSON by an older version (its labels plain English) ---------------------
def test_a_view_stored_as_json_draws_its_header_in_the_readers_language() -> None:
    """Picture specs written before views were built when drawn hold their view as JSON
    (``cogs.outbox.views_of``): its phase name and SMC label are plain English, their message
    ids lost. The scene marks them again, so a French game draws them in French."""
    import json

    from rules.core.i18n import Text
    from rules.imperator.game import ImperatorGame

    view = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "seed-1", {}).public_view()
    stored = json.loads(json.dumps({**view, "phase": "E", "phase_name": _("Movements and combats"),
                                    "turn_label": _("SMC {number} of {total} ({step})", number=2, total=6,
                                                    step="move")}))  # fmt: skip
    assert stored["phase_name"] == "Movements and combats" and not isinstance(stored["phase_name"], Text)
    french = from_public_view({**stored, "language": "fr"})
    assert imperator._phase_text(french) == "Phase E · Mouvements et combats"
    assert words({"language": "fr"})(french.turn_label) == "SMC 2 sur 6 (move)"
    english = from_public_view(stored)
    assert imperator._phase_text(english) == "Phase E · Movements and combats"
    assert words({})(english.turn_label) == "SMC 2 of 6 (move)"
    odd = from_public_view({**stored, "phase_name": "Something {new}", "language": "fr"})
    assert odd.phase_name == "Something {new}"  # unknown words stay as they are
