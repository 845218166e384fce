"""rules.core.i18n: marked sentences keep their message id and translate later."""

from __future__ import annotations

import json

from rules.core.command import Choice, Outcome, PendingDecision
from rules.core.errors import RuleError
from rules.core.i18n import Text, _, _n, plain, text_from_json, text_to_json, translate


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


def test_str_of_a_text_keeps_it_translatable() -> None:
    line = _("{leader} reaches {zone}", leader="Galba", zone=_("Danube"))
    assert isinstance(str(line), Text)
    assert plain(line) == "Galba reaches Danube" and type(plain(line)) is str


def test_rule_error_keeps_its_text_and_section() -> None:
    error = RuleError("§7.2", _("{leader} reaches {zone}", leader="Galba", zone=_("Danube")))
    assert str(error) == "§7.2: Galba reaches Danube"
    assert isinstance(str(error), Text)
    assert str(error).localise(FrenchCatalogue()) == "§7.2: Galba atteint le Danube"
    again = RuleError.from_json(json.loads(json.dumps(error.to_json())))
    assert again.section == "§7.2"
    assert again.text.localise(FrenchCatalogue()) == "§7.2: Galba atteint le Danube"


def test_outcome_lines_keep_their_text_through_json() -> None:
    outcome = Outcome()
    outcome.say(_("{leader} reaches {zone}", leader="Galba", zone=_("Danube")))
    outcome.say("a plain line")
    outcome.tell("Rome", _n("{n} card", "{n} cards", 2))
    data = json.loads(json.dumps(outcome.to_json()))
    assert data["public"] == ["Galba reaches Danube", "a plain line"]  # the readable log
    assert data["private"] == {"Rome": ["2 cards"]}
    again = Outcome.from_json(data)
    assert again.public[0].localise(FrenchCatalogue()) == "Galba atteint le Danube"  # type: ignore[attr-defined]
    assert again.public[1] == "a plain line" and not isinstance(again.public[1], Text)
    assert again.private["Rome"][0].localise(FrenchCatalogue()) == "2 cartes"  # type: ignore[attr-defined]
    assert "texts" not in Outcome.from_json({"public": ["old line"]}).to_json()
    assert "private" not in outcome.public_json().get("texts", {})


def test_pending_decision_keeps_prompt_and_labels() -> None:
    pending = PendingDecision(
        id="d1",
        seat="Rome",
        kind="evade",
        prompt=_("{leader} reaches {zone}", leader="Galba", zone=_("Danube")),
        choices=(Choice("yes", _("Danube")), Choice("no", "Rome")),
        default="no",
        section="§8.1",
    )
    data = json.loads(json.dumps(pending.to_json()))
    assert data["prompt"] == "Galba reaches Danube"
    assert data["choices"] == [["yes", "Danube"], ["no", "Rome"]]
    again = PendingDecision.from_json(data)
    assert again.prompt.localise(FrenchCatalogue()) == "Galba atteint le Danube"  # type: ignore[attr-defined]
    assert [translate(c.label, FrenchCatalogue()) for c in again.choices] == ["le Danube", "Rome"]
    assert again == pending


def test_a_stored_roll_keeps_its_purpose_and_modifiers_translatable() -> None:
    from rules.core.dice import DiceRoll

    roll = DiceRoll(_("{leader} reaches {zone}", leader="Galba", zone=_("Danube")), "d6", 4,
                    ((_("Danube"), 1), ("plain", -1)), 4)
    data = json.loads(json.dumps(roll.to_json()))
    assert data["purpose"] == "Galba reaches Danube" and data["modifiers"][0] == ["Danube", 1]
    again = DiceRoll.from_json(data)
    assert again == roll
    assert again.describe().localise(FrenchCatalogue()) == (  # type: ignore[attr-defined]
        "Galba atteint le Danube: d6 rolled 4 +1 (le Danube) -1 (plain) = 4"
    )
    bare = DiceRoll.from_json({k: v for k, v in data.items() if k != "texts"})
    assert not isinstance(bare.purpose, Text) and bare == roll
