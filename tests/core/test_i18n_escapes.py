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
