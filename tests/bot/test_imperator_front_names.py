"""A Front reaches an Imperator player by its name, never its id (AMB-111): the Reserve Fronts of
the status panel, the `/reserve` and `/map` menus, and `/reserve` typed with a Front's name."""

from __future__ import annotations

from types import SimpleNamespace

from bot.i18n import localise
from cogs.imperator_geostrategy import _front_choices, front_id
from cogs.imperator_names import status_lines
from rules.imperator.game import ImperatorGame


def test_the_status_panel_names_the_reserve_fronts() -> None:
    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "front-names", {})
    view = {**game.public_view(), "reserve_fronts": ["danube", "orient"]}
    line = next(x for x in status_lines(view, {}) if x.startswith("Reserve Fronts"))
    assert line == "Reserve Fronts: Danube Front, Orient Front"
    assert localise(line, "fr") == "Fronts de réserve : Front du Danube, Front d'Orient"


def test_the_reserve_menu_shows_each_front_by_its_name_in_the_readers_language() -> None:
    game = SimpleNamespace(state=SimpleNamespace(options={}))
    english = [(c.value, c.name) for c in _front_choices(game, "rome", None, "", reader="en")]
    assert english == [("british", "British Front"), ("rhine", "Rhine Front"), ("danube", "Danube Front"),
                       ("orient", "Orient Front"), ("southern", "Southern Front")]
    french = [c.name for c in _front_choices(game, "rome", None, "", reader="fr")]
    assert french == ["Front britannique", "Front du Rhin", "Front du Danube", "Front d'Orient", "Front sud"]


def test_reserve_takes_a_front_typed_by_its_id_or_its_english_or_french_name() -> None:
    assert [front_id(x) for x in ("danube", "Danube Front", "Front du Danube", "orient front", "Front d'Orient",
                                  "Front sud")] == ["danube", "danube", "danube", "orient", "orient", "southern"]
    assert front_id("Pannonia") == "pannonia"  # the engine refuses it, naming §3.2


def test_the_sail_menu_names_each_fleet_in_the_readers_language() -> None:
    """AMB-111: a fleet is offered by its name, kept a marked word so that the bot's guard
    (``bot.client.reader_choices``) writes it in the reader's language, not the data's English."""
    from bot.client import reader_choices
    from cogs.imperator_operations import _fleet_choices

    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "fleet-names", {})
    offered = _fleet_choices(game, "rome", None, "")
    assert [(c.value, c.name) for c in offered] == [("classis_misenensis", "Misenum fleet"),
                                                     ("classis_ravennas", "Ravenna fleet")]
    french_reader = SimpleNamespace(locale="fr", guild_locale="fr")
    assert [c.name for c in reader_choices(offered, french_reader)] == ["flotte de Misène", "flotte de Ravenne"]
