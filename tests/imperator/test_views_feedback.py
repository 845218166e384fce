"""Map feedback for spectators in ``public_view()``: the moves of the current SMC (arrows), the
zones where battles were fought, and the chits lying on the map (render/imperator_scene.py)."""

from __future__ import annotations

from imperator_builder import Pos, script

from render.imperator_scene import from_public_view
from rules.core.command import Command
from rules.imperator.game import ImperatorGame


def _game() -> ImperatorGame:
    p = Pos(175)
    p.leader("emperor", "italia", title="augustus", cp=4)  # not in Rome: Intrigue au Senat stays (§6.2)
    p.leader("general", "carnuntum")
    p.legions(2, "carnuntum")
    p.legions(2, "vindobona", prefix="stay")
    p.unit("q1", "quadi", "E", people="quadi", pf=4)
    p.unit("q2", "germ_n", "E", people="quadi", pf=4)
    p.rules["stratagems"] = True
    g = p.game(phase="E", active="R", sub="move", at_war=["quadi"], reserve_fronts=["danube"])
    g.state.hands = {"rome": [], "enemies": ["intrigue_au_senat#90"]}
    return g


def test_last_moves_battle_zones_and_reset_at_next_smc() -> None:
    g = _game()
    g.apply("rome", Command("move", {"leader": "general", "units": ["leg0", "leg1"], "to": "quadi"}))
    view = g.public_view()
    assert view["last_moves"] == [{"from": "carnuntum", "to": "quadi", "side": "R", "path": ["carnuntum", "quadi"]}]
    assert view["battle_zones"] == []
    g.apply("rome", Command("end"))
    script(g, 6, 6)
    g.apply("rome", Command("attack", {"zone": "quadi"}))
    while g.pending_decision() is not None:
        d = g.pending_decision()
        assert d is not None
        g.apply(d.seat, Command("decide", {"id": d.id, "choice": d.default}))
    view = g.public_view()
    if g.state.smc_index == 0:
        assert "quadi" in view["battle_zones"] and view["last_moves"]
        g.apply("rome", Command("end"))
    view = g.public_view()
    assert view["last_moves"] == [] and view["battle_zones"] == []  # the next SMC starts clean
    scene = from_public_view(g.public_view())
    assert scene.last_moves == ()


def test_map_stratagems_carry_name_zone_and_side() -> None:
    g = _game()
    g.apply("enemies", Command("stratagem", {"id": "intrigue_au_senat"}))
    view = g.public_view()
    assert view["map_stratagems"] == [{"id": "intrigue_au_senat", "name": "Intrigue au Sénat", "zone": "rome", "side": "E"}]
    scene = from_public_view(view)
    assert [(s.id, s.zone, s.side) for s in scene.map_stratagems] == [("intrigue_au_senat", "rome", "E")]



def test_battles_are_highlighted_for_spectators() -> None:
    """A battle is a big event: its outcome carries ``highlight`` (the bot then mentions the
    followers who asked for mentions); an ordinary move does not."""
    import random

    from rules.imperator import random_player

    game = ImperatorGame.new("avidius_cassius", ["rome", "enemies"], "highlight", {})
    rng = random.Random(3)
    quiet_moves = 0
    for _ in range(3000):
        result = random_player.step(game, rng)
        assert result is not None, "the game ended before any battle"
        command, outcome = result
        if any("§8.2: battle in" in line for line in outcome.public):
            assert outcome.highlight is True
            assert quiet_moves > 0
            return
        if command.name == "move" and not any("§4.5" in line for line in outcome.public):
            assert outcome.highlight is False
            quiet_moves += 1
    raise AssertionError("no battle in 3000 random commands")
