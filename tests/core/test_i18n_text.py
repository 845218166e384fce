"""rules.core.i18n: marked sentences keep their message id and translate later."""

from __future__ import annotations

import json

from rules.core.i18n import Text, _, _n, text_from_json, text_to_json, translate


class FrenchCatalogue:
    """A two-entry stand-in for a compiled gettext catalogue."""

    messages = {
        "{leader} reaches {zone}": "{leader} atteint {zone}",
        "Rome": "Rome",
        "Danube": "le Danube",
    }

    def gettext(self, message: str) -> str:
        return self.messages.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return "{n} carte" if n <= 1 else "{n} cartes"


def test_english_is_the_string_value() -> None:
    line = _("{leader} reaches {zone}", leader="Galba", zone="Rome")
    assert line == "Galba reaches Rome"
    assert isinstance(line, str)
    assert line.msgid == "{leader} reaches {zone}"


def test_translation_translates_nested_names() -> None:
    line = _("{leader} reaches {zone}", leader="Galba", zone=_("Danube"))
    assert line.localise(FrenchCatalogue()) == "Galba atteint le Danube"
    assert translate(line, None) == "Galba reaches Danube"


def test_plural_forms_follow_the_count() -> None:
    assert _n("{n} card", "{n} cards", 1) == "1 card"
    assert _n("{n} card", "{n} cards", 3) == "3 cards"
    assert _n("{n} card", "{n} cards", 0).localise(FrenchCatalogue()) == "0 carte"
    assert _n("{n} card", "{n} cards", 2).localise(FrenchCatalogue()) == "2 cartes"


def test_json_round_trip_keeps_the_message_id() -> None:
    line = _("{leader} reaches {zone}", leader="Galba", zone=_("Danube"))
    stored = json.loads(json.dumps(text_to_json(line)))
    again = text_from_json(stored)
    assert isinstance(again, Text)
    assert again == "Galba reaches Danube"
    assert again.localise(FrenchCatalogue()) == "Galba atteint le Danube"
    assert text_from_json("plain line") == "plain line"
