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
