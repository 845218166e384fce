"""``/game status`` suggests every playable chit with the targets its rules name (issue 12):
two or three Peoples, a nationality, a Roman unit. The examples are built from the engine's
own target lists (``rules.imperator.queries.stratagem_targets``) and tried on a copy, like
every suggestion; each test reads the line back as the cogs read a typed command and plays it.
"""

from __future__ import annotations

import shlex

from test_status_imperator import campaign_until, offered

from cogs.imperator_operations import resolve_args
from cogs.play import split_names
from rules.core import Command
from rules.imperator.game import ImperatorGame

LIST_OPTIONS = {"units", "leaders", "peoples", "fronts", "path"}


def read_back(game: ImperatorGame, line: str) -> Command:
    """A suggested line as the cogs turn it into a command (lists through ``split_names``)."""
    words = shlex.split(line.split(" — ")[0])
    args: dict[str, object] = {}
    for word in words[1:]:
        key, value = word.split(":", 1)
        key = "id" if key == "chit" else key
        args[key] = split_names(value) if key in LIST_OPTIONS else value
    return Command(words[0].removeprefix("/"), resolve_args(game, args))


def phase_c_enemies() -> ImperatorGame:
    return campaign_until(lambda st: st.phase == "C" and st.active == "E")


def phase_e() -> ImperatorGame:
    return campaign_until(lambda st: st.phase == "E" and st.sub == "move" and st.active == "R")


def play_offer(game: ImperatorGame, seat: str, chit: str) -> tuple[str, list[str]]:
    """Put ``chit`` in ``seat``'s hand; the one line offered for it, and what playing it says."""
    game.state.hands[seat].append(f"{chit}#9")
    lines = offered(game, seat, "stratagem")
    assert len(lines) == 1, game.suggestions(seat)
    outcome = game.apply(seat, read_back(game, lines[0]))
    assert f"{chit}#9" not in game.state.hands[seat]
    return lines[0], [str(line) for line in outcome.public]


def test_two_minor_peoples_rise() -> None:
    game = phase_c_enemies()
    line, _said = play_offer(game, "enemies", "soulevement_de_deux_peuples_mineurs")
    assert line == (
        '/stratagem chit:soulevement_de_deux_peuples_mineurs peoples:"adiabene, bastarni" '
        "— play a stratagem (§6)"
    )
    assert {"adiabene", "bastarni"} <= set(game.state.at_war)


def test_three_minor_peoples_rise() -> None:
    game = phase_c_enemies()
    line, _said = play_offer(game, "enemies", "soulevement_de_trois_peuples_mineurs")
    assert 'peoples:"adiabene, bastarni, bructeri"' in line
    assert {"adiabene", "bastarni", "bructeri"} <= set(game.state.at_war)


def test_three_major_peoples_rise() -> None:
    game = phase_c_enemies()
    line, _said = play_offer(game, "enemies", "soulevement_de_trois_peuples_majeurs")
    assert 'peoples:"jazyges, maetae, marcomanni"' in line
    assert {"jazyges", "maetae", "marcomanni"} <= set(game.state.at_war)


def test_two_and_three_minor_peoples_are_pacified() -> None:
    for chit, count in (("pacification_de_deux_peuples_mineurs", 2),
                        ("pacification_de_trois_peuples_mineurs", 3)):
        game = phase_e()
        game.state.at_war += ["chatti", "cherusci", "frisii"]  # three minor Peoples at war
        line, said = play_offer(game, "rome", chit)
        named = ["chatti", "cherusci", "frisii"][:count]
        assert f'peoples:"{", ".join(named)}"' in line
        assert not set(named) & set(game.state.at_war)
        assert sum("make peace with Rome" in s for s in said) == count


def test_a_nationality_is_pacified() -> None:
    game = phase_e()
    game.state.at_war += ["chatti", "cherusci"]  # German Peoples at war (§6.1)
    line, said = play_offer(game, "rome", "pacification_d_une_nationalite")
    assert line.startswith("/stratagem chit:pacification_d_une_nationalite nationality:german ")
    assert not {"chatti", "cherusci"} & set(game.state.at_war)
    assert said[1:] == [
        "§6.1: the Chatti make peace with Rome.",
        "§6.1: the Cherusci make peace with Rome.",
    ]


def test_the_parthian_shot_names_a_roman_unit() -> None:
    game = phase_e()
    game.state.persian_battle = True  # a battle with a Persian unit was just fought (§6.2)
    line, said = play_offer(game, "enemies", "fleche_du_parthe")
    assert line.startswith("/stratagem chit:fleche_du_parthe unit:")
    unit = read_back(game, line).args["unit"]
    assert game.state.units[str(unit)].status == "eliminated"
    assert said[-1].startswith("§6.2: a Parthian shot: ") and said[-1].endswith(" is eliminated.")
