"""Automatic players for tests, benchmarks and calibration: a random legal player and a
heuristic player that plays sensibly (docs/rome-iinc.md, "Calibration")."""

from __future__ import annotations

import random

from rules.core import players
from rules.core.command import Command
from rules.rome_iinc import board as B
from rules.rome_iinc.data import data
from rules.rome_iinc.game import RomeGame, legal_commands
from rules.rome_iinc.state import RomeState


def random_choice(game: RomeGame, rng: random.Random) -> tuple[str, Command] | None:
    """The random legal player (``rules.core.players``), ``end`` weighed up: it would
    otherwise be picked rarely among hundreds of builds."""
    return players.random_legal(game, rng, prefer="end", chance=0.3)


def heuristic_choice(game: RomeGame, rng: random.Random) -> tuple[str, Command] | None:
    """Fight Wars with the strongest force, keep Unrest low and Gold positive, garrison
    Legion and Fleet icons, take Tribute last and Annex whatever is offered."""
    st = game.state
    movers = game.to_move()
    if not movers:
        return None
    seat = movers[0]
    cmds = legal_commands(st, seat)
    if not cmds:
        return None
    by: dict[str, list[Command]] = {}
    for c in cmds:
        by.setdefault(c.name, []).append(c)
    if "decide" in by:  # consent to a Transfer; a choice settled by default keeps it
        task = st.tasks[0] if st.tasks and not st.pending else {}
        wanted = task.get("default", "accept")
        return seat, next((c for c in by["decide"] if c.args["choice"] == wanted), by["decide"][0])
    if "extra_taxes" in by:
        return seat, by["extra_taxes"][0]
    for kind in ("annex", "promote", "emperor"):
        if kind in by:
            return seat, by[kind][0]
    if "loss" in by:
        rich = st.gold[seat] > B.pay(st, seat) + 30
        calm = st.unrest[seat] < 10
        if rich:
            order: tuple[str, ...] = ("tribute", "demote", "dismiss", "disgrace", "destroy", "revolt")
        elif calm:
            order = ("demote", "dismiss", "disgrace", "destroy", "tribute", "revolt")
        else:
            order = ("demote", "dismiss", "tribute", "destroy", "disgrace", "revolt")
        ranked = sorted(by["loss"], key=lambda c: order.index(str(c.args["choice"]).split(":")[0]))
        return seat, ranked[0]
    if "appoint" in by:
        d = data()
        best = max(by["appoint"], key=lambda c: d.statesmen[c.args["statesman"]].adm
                   + d.statesmen[c.args["statesman"]].mil)
        return seat, best
    if "civil_war" in by:
        from rules.rome_iinc.battle import compulsory_civil

        due = compulsory_civil(st, seat)
        for c in by["civil_war"]:
            if c.args["rebel"] in due:
                return seat, c
    if "fight" in by:
        from rules.rome_iinc.battle import war_modifiers

        d = data()
        triumph = int(d.charts["wars_chart"]["triumph_max"])

        def force(c: Command) -> int:
            """How far below the Triumph band the average 3D6 lands; -99 when the War's
            Naval or Cavalry Strength cannot be matched (a Triumph would only be a Draw)."""
            war = d.wars[c.args["war"]]
            mods, naval, cavalry = war_modifiers(st, seat, c.args["war"], c.args["commander"],
                                                 c.args["provinces"])
            if naval < war.naval or cavalry < war.cavalry:
                return -99
            return triumph - (10 + sum(v for _, v in mods))

        def score(c: Command) -> tuple[int, int]:
            # with Unrest high, a Governor's Triumph risks a Rebellion (11.5.3): prefer the Emperor
            emperor = 1 if c.args["commander"] == "emperor" and st.unrest[seat] >= 8 else 0
            return force(c), emperor

        best = max(by["fight"], key=score)
        if force(best) >= -1:
            return seat, best
    if st.step == "unrest":
        move = _reinforce(game, seat)
        if move is not None:
            return seat, move
        reserve = 30
        if st.unrest[seat] >= 6 and "circus" in by and st.gold[seat] - 10 >= reserve:
            return seat, by["circus"][0]
        if "build" in by:
            d = data()
            for c in by["build"]:
                p = d.provinces[c.args["province"]]
                kinds = [st.units[u]["type"] for u in B.units_in(st, c.args["province"])]
                need = (c.args["unit"] == "cavalry" and _cavalry_short(st, seat)
                        and any(B.connected(c.args["province"], st.wars[w]) for w in _gated(st, seat))) or \
                    (c.args["unit"] == "legion" and "legion" in p.icons and "legion" not in kinds) or \
                    (c.args["unit"] == "fleet" and "fleet" in p.icons and "fleet" not in kinds) or \
                    (c.args["unit"] == "auxilia" and B.frontier(st, c.args["province"]))
                cost = int(d.charts["units"][c.args["unit"]]["build"])
                if need and st.gold[seat] - cost >= reserve + 20:
                    return seat, c
        if "bread" in by and st.gold[seat] - 10 >= reserve + 40:
            return seat, by["bread"][0]
    if "end" in by:
        return seat, by["end"][0]
    return seat, rng.choice(cmds)


def _gated(st: RomeState, seat: str) -> list[str]:
    d = data()
    return [w for w, loc in sorted(st.wars.items()) if loc in st.status
            and B.province_empire(st, loc) == seat and d.wars[w].cavalry]


def _cavalry_short(st: RomeState, seat: str) -> bool:
    d = data()
    need = max((d.wars[w].cavalry for w in _gated(st, seat)), default=0)
    have = sum(1 for u in st.units.values() if u["type"] == "cavalry" and u["loc"] in st.status
               and B.province_empire(st, u["loc"]) == seat)
    return have < need + 1


def _reinforce(game: RomeGame, seat: str) -> Command | None:
    """Send a free Cavalry (or an affordable Fleet) next to a War whose Cavalry or Naval
    Strength the nearby Units cannot match (11.2.8, 11.2.9)."""
    from rules.core.errors import RuleError
    from rules.rome_iinc import commands as C

    st = game.state
    d = data()
    wars = sorted((w for w, loc in st.wars.items() if loc in st.status
                   and B.province_empire(st, loc) == seat), key=lambda w: -d.wars[w].strength)
    committed: list[str] = []
    for wid in wars:
        loc = st.wars[wid]
        committed += [loc] + [n for n, _k in B.neighbours(loc) if n in st.status]
    for wid in wars:
        loc = st.wars[wid]
        war = d.wars[wid]
        near = [loc] + [n for n, _k in B.neighbours(loc) if n in st.status]
        for kind, need in (("cavalry", war.cavalry), ("fleet", war.naval)):
            if not need:
                continue
            have = sum(1 for p in near for u in B.units_in(st, p) if st.units[u]["type"] == kind
                       and B.province_empire(st, p) == seat)
            if have >= need:
                continue
            spare = [u for u, x in sorted(st.units.items()) if x["type"] == kind and x["loc"] in st.status
                     and x["loc"] not in committed and B.province_empire(st, x["loc"]) == seat
                     and B.is_loyal(st, x["loc"])]
            for uid in spare:
                for dest in near:
                    if st.status[dest] not in ("roman", "insurgent") or not B.is_loyal(st, dest) \
                            or B.province_empire(st, dest) != seat:
                        continue
                    try:
                        cost = C.check_transfer(st, seat, uid, dest)
                    except RuleError:
                        continue
                    if cost <= max(0, st.gold[seat] - B.pay(st, seat)):
                        return Command("transfer", {"unit": uid, "to": dest})
    return None


def play_out(game: RomeGame, rng: random.Random, player: str = "heuristic",
             max_steps: int = 5000) -> int:
    """Play until the game ends; return the number of commands."""
    choose = heuristic_choice if player == "heuristic" else random_choice
    return players.play_out(game, choose, rng, max_steps)
