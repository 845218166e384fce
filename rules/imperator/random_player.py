"""A random player that really plays: it moves stacks, attacks, evades, retreats, sails, rallies,
chooses Reserve Fronts, forms and dissolves vexillations and names Caesars.

It proposes plausible commands and lets the engine judge them: a ``RuleError`` just means "try
something else" (the engine's ``apply`` changes nothing on a refusal). Anything else raised is a
bug, which is what the property tests look for.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core.command import Command, Outcome
from rules.core.errors import RuleError
from rules.imperator import combat, engine, fate, stratagems
from rules.imperator.game import ImperatorGame
from rules.imperator.model import FRONTS, ImperatorState, other


def _reachable(st: ImperatorState, start: str, steps: int) -> list[str]:
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for z in frontier:
            for n in st.board.land_neighbours(z):
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    seen.discard(start)
    return sorted(seen)


def _towards(st: ImperatorState, start: str, goals: set[str]) -> list[str]:
    """The land path (without ``start``) from ``start`` to the nearest of ``goals`` ([] if none)."""
    if start in goals:
        return []
    prev: dict[str, str] = {start: start}
    frontier = [start]
    while frontier:
        nxt = []
        for z in frontier:
            for n in st.board.land_neighbours(z):
                if n in prev:
                    continue
                prev[n] = z
                if n in goals:
                    path = [n]
                    while prev[path[-1]] != start:
                        path.append(prev[path[-1]])
                    return path[::-1]
                nxt.append(n)
        frontier = nxt
    return []


def _civil_war_commands(st: ImperatorState, role: str, rng: random.Random) -> list[Command]:
    """Press a civil war home (§4.5): the usurper's side marches on Rome or on an Augustus and
    rallies leaderless loyal units; the emperor's side marches on the usurpers."""
    if not st.usurpers():
        return []
    res: list[Command] = []
    own = {u.loc for u in st.units.values() if u.status == "map" and u.owner == role and u.loc and u.fleet is None and not u.mutiny}
    if role == "E":
        movers = [x for x, s in st.leaders.items() if s.rebel and s.status == "map" and s.owner == "E" and s.loc and s.fleet is None]
        goals = {st.board.rome} | {st.leaders[a].loc or "" for a in st.augusti()}
        # a lone rebel first looks for leaderless loyal Roman units to rally (§4.5 D/)
        lone_goals = {
            u.loc for uid, u in st.units.items()
            if u.status == "map" and u.owner == "R" and u.loc and u.fleet is None and st.udef(uid).people == "roman"
            and not st.leaders_in(u.loc, "R")
        }
    else:
        movers = [x for x in st.augusti() + st.caesars() if st.leaders[x].status == "map" and st.leaders[x].loc and st.leaders[x].fleet is None]
        goals = {st.leaders[u].loc or "" for u in st.usurpers()}
        lone_goals = own  # a lone emperor first joins an army
    for lid in movers:
        if lid in st.moved and "cont" not in st.moved[lid]:
            continue
        loc = st.leaders[lid].loc
        assert loc is not None
        alone = not st.units_in(loc, role)
        path = _towards(st, loc, {g for g in (lone_goals if alone else goals) if g and g != loc})
        if not path:
            continue
        here = [u for u in st.units_in(loc, role) if (u not in st.moved or "cont" in st.moved[u]) and not st.units[u].mutiny]
        units = sorted(here, key=lambda u: -st.udef(u).pf)[: st.ldef(lid).cc]
        for k in (3, 2, 1):
            if len(path) >= k:
                res.append(Command("move", {"leader": lid, "units": units, "to": path[k - 1]}))
    if role == "E":
        for ls in st.leaders.values():
            if ls.rebel and ls.status == "map" and ls.owner == "E" and ls.loc and st.units_in(ls.loc, "R"):
                res.insert(0, Command("rally", {"zone": ls.loc}))
    return res


def candidates(game: ImperatorGame, seat: str, rng: random.Random) -> list[Command]:
    st = game.state
    if st.game_over or seat not in game.to_move():
        return []
    role = st.role_of(seat)
    if st.pending:
        d = st.pending[0]
        choices = [c[0] for c in d["choices"]]
        rng.shuffle(choices)
        if d["kind"] == "favour" and rng.random() < 0.8:
            choices.remove("pass")  # Faveur divine is kept for a better moment most of the time
            choices.insert(0, "pass")
        return [Command("decide", {"id": d["id"], "choice": c}) for c in choices]
    cmds: list[Command] = []
    if st.phase == "C" and role == "R":
        if rng.random() < 0.5 and st.reserve_max:
            n = rng.randint(0, st.reserve_max)
            cmds.append(Command("reserve", {"fronts": rng.sample(list(FRONTS), min(n, len(FRONTS)))}))
        if rng.random() < 0.3:
            cmds.extend(_vexillation_commands(st, rng))
        cmds.append(Command("end"))
    elif st.phase == "C" and role == "E":
        cmds.extend(_stratagem_commands(st, seat, rng))
        cmds.append(Command("end"))
    elif st.phase == "D":
        opts = engine.designations(st)
        if opts and rng.random() < 0.3:
            leader, title = rng.choice(opts)
            cmds.append(Command("designate", {"leader": leader, "title": title}))
        holders = engine.custodes_holders(st)
        if len(holders) > 1 and rng.random() < 0.2:
            cmds.append(Command("custodes", {"leader": rng.choice(holders)}))
        cmds.append(Command("end"))
    elif st.phase == "E" and st.sub == "move":
        if rng.random() < 0.15:
            cmds.extend(_stratagem_commands(st, seat, rng))
        if rng.random() < 0.7:
            cmds.extend(_civil_war_commands(st, role, rng))
        cmds.extend(_move_commands(st, role, rng))
        if role == "R" and fate.agitation_idle_error(st):  # Event 6: an Augustus heads for Rome first
            cmds = [Command("move", {"leader": a, "path": fate.agitation_route(st, a)})
                    for a in fate.bound_augusti(st) if fate.agitation_route(st, a)]
        cmds.append(Command("end"))
    elif st.phase == "E" and st.sub == "combat":
        zones = combat.contested(st, role)
        cmds.extend(Command("attack", {"zone": z}) for z in zones)
        cmds.append(Command("end"))
    else:
        cmds.append(Command("end"))
    return cmds


def _stratagem_commands(st: ImperatorState, seat: str, rng: random.Random) -> list[Command]:
    """Plausible plays of the seat's own chits for the current phase (the engine judges)."""
    if not st.rules.get("stratagems"):
        return []
    role = st.role_of(seat)
    res: list[Command] = []
    for chit in st.hands.get(seat, []):
        t = stratagems.ctype(chit)
        if not stratagems.usable(st, seat, chit) or t.phase != st.phase:
            continue
        tid = t.id
        args: dict[str, Any] = {"id": tid}
        if tid.startswith("soulevement"):
            pool = stratagems.rising_targets(st, t.params.get("people_kind") == "major")
            if not pool:
                continue
            args["peoples"] = rng.sample(pool, min(len(pool), int(t.params.get("max_peoples", 1))))
        elif tid.startswith("usurpation"):
            cands = stratagems.usurpation_targets(st, tid)
            if not cands:
                continue
            res.append(Command("usurp", {"leader": rng.choice(cands)}))
            continue
        elif tid.startswith("pacification") or tid == "pax_romana":
            at_war = [p for p in st.at_war if p in st.board.peoples]
            if not at_war:
                continue
            if tid == "pacification_d_une_nationalite":
                args["nationality"] = st.board.peoples[rng.choice(at_war)].nationality
            elif tid != "pax_romana":
                major = t.params.get("people_kind") == "major"
                fit = [p for p in at_war if st.board.peoples[p].major == major]
                if not fit:
                    continue
                args["peoples"] = rng.sample(fit, min(len(fit), int(t.params.get("max_peoples", 1))))
        elif tid == "assassinat":
            foes = [x for x, s in st.leaders.items() if s.status == "map" and s.owner == other(role)]
            if not foes:
                continue
            args["leader"] = rng.choice(sorted(foes))
        elif tid in ("foyer_de_peste", "epidemie_de_peste"):
            zs = sorted({s.loc for s in st.units.values() if s.status == "map" and s.owner == other(role) and s.loc})
            if not zs:
                continue
            args["zone"] = rng.choice(zs)
        elif tid == "mutinerie":
            zs = stratagems.mutiny_targets(st, role)
            if not zs:
                continue
            args["zone"] = rng.choice(zs)
        elif tid == "desertion":
            zs = stratagems.desertion_targets(st, role)
            if not zs:
                continue
            args["zone"] = rng.choice(zs)
        elif tid == "fleche_du_parthe":
            us = sorted(u for u, s in st.units.items() if s.status == "map" and s.owner == "R" and st.udef(u).people == "roman")
            if not st.persian_battle or not us:
                continue
            args["unit"] = rng.choice(us)
        res.append(Command("stratagem", args))
    rng.shuffle(res)
    return res


def _vexillation_commands(st: ImperatorState, rng: random.Random) -> list[Command]:
    res = []
    for front in FRONTS:
        legs = sorted(
            u for u, s in st.units.items()
            if st.udef(u).kind == "legion" and st.udef(u).front == front and s.status == "map"
            and s.owner == "R" and not s.reduced and s.loc and st.front_of(s.loc) == front
        )
        if len(legs) >= 3:
            res.append(Command("vexillation", {"action": "create", "units": rng.sample(legs, 3)}))
    for u, s in st.units.items():
        if st.udef(u).kind == "vexillation" and s.status == "map":
            res.append(Command("vexillation", {"action": "dissolve", "vexillation": u}))
    rng.shuffle(res)
    return res[:3]


def _move_commands(st: ImperatorState, role: str, rng: random.Random) -> list[Command]:
    res: list[Command] = []
    leaders = sorted(
        x for x, s in st.leaders.items()
        if s.status == "map" and s.owner == role and not s.pax and s.loc and s.fleet is None
        and (x not in st.moved or "cont" in st.moved[x])
    )
    rng.shuffle(leaders)
    for lid in leaders[:4]:
        loc = st.leaders[lid].loc
        assert loc is not None
        here = [u for u in st.units_in(loc, role) if u not in st.moved or "cont" in st.moved[u]]
        top = min(len(here), st.ldef(lid).cc)
        k = rng.randint(1, top) if top and rng.random() < 0.85 else rng.randint(0, top)
        units = rng.sample(here, k)
        for dest in rng.sample(_reachable(st, loc, 3), min(3, len(_reachable(st, loc, 3)))):
            args: dict[str, Any] = {"leader": lid, "units": units, "to": dest}
            res.append(Command("move", args))
    units = sorted(u for u, s in st.units.items() if s.status == "map" and s.owner == role and s.loc and s.fleet is None and u not in st.moved)
    rng.shuffle(units)
    for uid in units[:3]:
        loc = st.units[uid].loc
        assert loc is not None
        nb = st.board.land_neighbours(loc)
        if nb:
            res.append(Command("move", {"unit": uid, "to": rng.choice(nb)}))
    if role == "E":
        for lid in leaders:
            loc = st.leaders[lid].loc
            if st.leaders[lid].rebel and loc and st.units_in(loc, "R"):
                res.insert(0, Command("rally", {"zone": loc}))
    if role == "R":
        for fid, fs in st.fleets.items():
            if fs.status != "map" or fs.moved:
                continue
            fd = st.board.fleets[fid]
            if fs.at == "port":
                cargo = [u for u in st.units_in(fd.home, "R") if u not in st.moved][:2]
                sea = rng.choice(fd.seas) if fd.seas else None
                if sea:
                    coasts = [z for z in st.board.neighbours(sea) if st.board.zones[z].kind == "land"]
                    land = rng.choice(coasts) if coasts and cargo else None
                    res.append(Command("sail", {"fleet": fid, "to": sea, "units": cargo, "land": land}))
            else:
                res.append(Command("sail", {"fleet": fid, "to": "port"}))
    rng.shuffle(res)
    return res


def step(game: ImperatorGame, rng: random.Random, tries: int = 12) -> tuple[Command, Outcome] | None:
    """Make one accepted command for the seat to move; None when the game is over."""
    seats = game.to_move()
    if not seats:
        return None
    seat = seats[0]
    cands = candidates(game, seat, rng)
    for cmd in cands[:tries] + [c for c in cands if c.name in ("end", "decide", "attack")]:
        try:
            return cmd, game.apply(seat, cmd)
        except RuleError:
            continue
    raise AssertionError(f"random player found no legal command for {seat} in {game.state.phase}/{game.state.step}")


def out_of_turn(game: ImperatorGame, rng: random.Random) -> tuple[str, Command, Outcome] | None:
    """Sometimes let the seat *not* to move play a phase E chit (§6: even in the other SMC)."""
    st = game.state
    if st.phase != "E" or st.pending or st.game_over:
        return None
    movers = game.to_move()
    for seat in st.roles:
        if seat in movers:
            continue
        for cmd in _stratagem_commands(st, seat, rng)[:2]:
            try:
                return seat, cmd, game.apply(seat, cmd)
            except RuleError:
                continue
    return None


def play(
    game: ImperatorGame, seed: int = 0, max_commands: int = 2000, stats: dict[str, int] | None = None,
    until_year: int | None = None,
) -> list[tuple[str, Command]]:
    """Play random legal commands until the game ends (or ``max_commands``, or the start of
    ``until_year``); return the log. ``stats`` (if given) counts what happened (see :func:`tally`)."""
    rng = random.Random(seed)
    log: list[tuple[str, Command]] = []
    for _ in range(max_commands):
        seats = game.to_move()
        if not seats or until_year is not None and game.state.year >= until_year:
            break
        if rng.random() < 0.05:
            extra = out_of_turn(game, rng)
            if extra is not None:
                log.append((extra[0], extra[1]))
                if stats is not None:
                    tally(stats, extra[1], extra[2])
                continue
        res = step(game, rng)
        if res is None:
            break
        log.append((seats[0], res[0]))
        if stats is not None:
            tally(stats, res[0], res[1])
    return log


STAT_KEYS = ("battles", "evasions", "naval_moves", "wars_declared", "usurpations", "stratagems", "role_changes", "vexillations")


def tally(stats: dict[str, int], cmd: Command, out: Outcome) -> None:
    """Count battles, evasion attempts, naval moves, wars, usurpations, stratagems, role changes."""
    for k in STAT_KEYS:
        stats.setdefault(k, 0)
    for line in out.public:
        if line.startswith("§8.2: battle in"):
            stats["battles"] += 1
        elif line.startswith("§8.1: the evasion") or line.startswith("§6.3: the force in"):
            stats["evasions"] += 1
        elif "go to war against Rome" in line:
            stats["wars_declared"] += 1
        elif "is proclaimed; civil war" in line:
            stats["usurpations"] += 1
        elif line.startswith("§6: ") and " plays " in line:
            stats["stratagems"] += 1
        elif line.startswith("§5: ") and " now plays Rome" in line:
            stats["role_changes"] += 1
        elif line.startswith("§3.4: ") and " formed in " in line:
            stats["vexillations"] += 1
    if cmd.name == "sail":
        stats["naval_moves"] += 1


def self_play(scenario: str = "campaign", seeds: range = range(20), until_year: int | None = None) -> list[dict[str, int]]:
    """Play one random game per seed and print, per game, what happened in it."""
    rows = []
    for seed in seeds:
        game = ImperatorGame.new(scenario, ["rome", "enemies"], f"self-play-{seed}", {})
        stats: dict[str, int] = {}
        play(game, seed=seed, max_commands=100_000, stats=stats, until_year=until_year)
        stats["year"] = game.state.year
        rows.append(stats)
        print(f"{scenario} seed {seed}: " + ", ".join(f"{k} {stats.get(k, 0)}" for k in STAT_KEYS) + f" (reached {stats['year']})")
    return rows


if __name__ == "__main__":  # pragma: no cover
    import sys

    self_play(sys.argv[1] if len(sys.argv) > 1 else "campaign", range(int(sys.argv[2]) if len(sys.argv) > 2 else 20))
