"""Imperator, phase E (operations): movement, fleets, rallies, battles; the map and zones.

The shared verbs ``/move`` and ``/attack`` (``cogs/play.py``) get Imperator menus here: only
the acting side's leaders that may still move, only the units in the chosen leader's zone,
only the zones the group can reach this SMC, only the zones where a battle must be fought.
``/march`` is the menu way to move a stack: choose the leader, then his units from a select
menu, then the destination. ``/sail`` and ``/rally`` are Imperator's own verbs. ``/map`` and
``/zone`` show the public position (image or text) to anyone; they never reveal secrets.

Evasion is answered with the Respond button (``cogs/common.py``): the engine opens the
decision when a stack with a leader is attacked.

Cogs translate: every rule is checked by the engine (``rules/imperator``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.bounds import component_number
from bot.i18n import game_language, localise, reader_language
from bot.moderator import ModeratorError, seats_of
from bot.publisher import ImageFile
from cogs import imperator_names as names
from cogs.common import (
    AFTER_MOVE_VIEW,
    DECISION_PAGE,
    DRAWERS,
    DYNAMIC_ITEMS,
    PUBLIC_EXTRAS,
    TEXT_FILTER,
    Extras,
    RespondButton,
    announce,
    channel_key,
    game_row,
    map_command,
    praetor,
    refuse,
    render_image,
    reply,
    run_command,
    user_key,
)
from cogs.play import register_completer, register_resolver, split_names
from rules.core import Command, RuleError
from rules.core.i18n import Text, _, data_name, deep_from_json, deep_to_json, join
from rules.imperator.model import FRONT_NAMES

KIND = "imperator"
log = logging.getLogger(__name__)
# After a move the channel gets the theatre view (readable on a phone); /map shows the rest.
AFTER_MOVE_VIEW[KIND] = "theatre"


def fought_a_battle(outcome: Any) -> bool:
    """The outcome holds a battle report (``rules.imperator.views.battle_report``)."""
    from rules.imperator.views import BATTLE_HEADLINE

    return any(getattr(line, "msgid", None) == BATTLE_HEADLINE for line in outcome.public)


BATTLE_DECISIONS = ("losses", "retreat", "retreat_part")
"""The decisions a battle leaves to the loser (§8.3): which unit takes a step loss, where the
beaten force (or each of its pieces) retreats. While one is open the card says "Waiting"."""
AFTERMATH = (
    "§8.3: {seat} takes {n} step loss ({code} of {hit}).",
    "§8.3: the beaten force retreats to {zone}.",
    "§8.3: {piece} retreats to {zone}.",
    "§8.3: no retreat is possible from {zone}; the beaten force is destroyed.",
    "§10: a battle of {pf} PF: 1 VP to {seat}.",
)
"""Message ids of the lines that settle a battle's losses and retreat (rules/imperator/combat.py):
an answer to a battle decision says one of them."""


def battle_waiting(game: Any) -> bool:
    """A decision of the last battle (a loss or a retreat to choose) is still open."""
    pending = getattr(game.state, "pending", None) or []
    return bool(pending) and pending[0].get("kind") in BATTLE_DECISIONS


def settled_a_battle(outcome: Any) -> bool:
    """The outcome answers a battle's loss or retreat decision (no new battle report)."""
    return any(getattr(line, "msgid", None) in AFTERMATH for line in outcome.public)


def public_extras(row: Any, game: Any, result: Any, language: str) -> Extras:
    """``PUBLIC_EXTRAS`` hook (pure): after a battle, the battle card (forces, odds, roll,
    result) rides on the command's one public message, drawn when it is sent. When the loser
    still had to choose its losses or its retreat, the card posted then says "Waiting"; the
    message of the answer that settles the battle carries the final card, with the losses and
    the retreat (§8.3). The card leads the message's pictures; the theatre map follows it when
    the command changed the map (losses flip or remove counters, a retreat moves them: the
    engine's ``map_changed``). The card is stored as JSON with its sentences' message ids, so it is
    drawn in the game's language even when the post is sent by another process."""
    if result is None:
        return Extras()
    fought = fought_a_battle(result.outcome)
    if not fought and not (settled_a_battle(result.outcome) and not battle_waiting(game)):
        return Extras()
    from rules.imperator.views import battle_card

    record = game.public_view().get("last_battle")
    if not record:
        return Extras()
    card = {**battle_card(record, game.state), "language": language}  # with the aftermath
    if not battle_waiting(game):
        card.pop("waiting", None)  # another decision (a successor...) is not the battle's
    slug = str(record.get("zone_id", "battle"))
    spec = {"draw": "imperator.battle_card", "card": deep_to_json(card), "slug": slug}
    return Extras(pictures=[spec], pictures_first=True)  # the card first, then the map if it changed


async def draw_battle_card(spec: dict[str, Any]) -> ImageFile:
    """The ``imperator.battle_card`` drawer: the stored card of a battle, drawn off the loop
    (its sentences translated into the card's ``language``)."""
    import asyncio

    from render.battle_card import render_battle_card

    data = await asyncio.to_thread(render_battle_card, deep_from_json(spec["card"]))
    return ImageFile(f"imperator-battle-{spec.get('slug', 'battle')}.png", data)


PUBLIC_EXTRAS[KIND] = public_extras
DRAWERS["imperator.battle_card"] = draw_battle_card
# names=en / names=la: the names of leaders, zones, units, Peoples and stratagems in that form
# in every line, prompt and refusal.
TEXT_FILTER[KIND] = lambda game, text: names.localise(text, game.state.board, language(game))


# -- finding the game and the seat ----------------------------------------------------------
async def imperator_game(interaction: discord.Interaction) -> tuple[Any, Any]:
    """The Imperator game of this channel, or ModeratorError with a clear message."""
    row, game = await praetor(interaction).moderator.game_for(channel_key(interaction))
    if row.kind != KIND:
        raise ModeratorError(_("The game here is {kind}, not Imperator.", kind=row.kind))
    return row, game


def language(game: Any) -> str:
    return str(getattr(game.state, "options", {}).get("names", "fr"))


def role_of(game: Any, seat: str) -> str:
    return str(game.state.role_of(seat))


def acting_seat(row: Any, game: Any, user_id: str) -> str | None:
    """The caller's seat that is to move now, else their first seat, else None."""
    mine = seats_of(row, user_id)
    for seat in game.to_move():
        if seat in mine:
            return seat
    return mine[0] if mine else None


def label(st: Any, ident: str) -> str:
    from rules.imperator.politics import name

    return str(name(st, ident))


def pairs(st: Any, ids: list[str]) -> list[tuple[str, str]]:
    return [(i, label(st, i)) for i in ids]


def zone_pairs(st: Any) -> list[tuple[str, str]]:
    return [(z, d.name) for z, d in sorted(st.board.zones.items())]


def leader_pairs(st: Any) -> list[tuple[str, str]]:
    return [(x, d.name) for x, d in sorted(st.board.leaders.items())]


def unit_pairs(st: Any) -> list[tuple[str, str]]:
    return [(u, d.name) for u, d in sorted(st.board.units.items())]


def people_pairs(st: Any) -> list[tuple[str, str]]:
    return [(p, d.name) for p, d in sorted(st.board.peoples.items())]


def resolve_list(text: str | None, items: list[tuple[str, str]]) -> list[str] | None:
    """A typed list (comma-separated, or words) -> ids; names with spaces are read whole."""
    if text is None:
        return None
    return names.resolve_many(split_names(text), items)


# -- autocomplete for the shared /move and /attack --------------------------------------------
def _leader_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    from rules.imperator import queries

    st = game.state
    role = role_of(game, seat)
    ids = queries.movable_leaders(st, role)
    suffix: dict[str, str] = {x: _("— {zone} (CC {cc})", zone=label(st, st.leaders[x].loc or ''), cc=st.ldef(x).cc) for x in ids}
    return names.choices(pairs(st, ids), current, language(game), suffix)


def _group(game: Any, seat: str, ns: Any) -> tuple[str | None, list[str]]:
    st = game.state
    leader = names.resolve(getattr(ns, "leader", None), leader_pairs(st))
    units = resolve_list(getattr(ns, "units", None), unit_pairs(st)) or []
    unit = names.resolve(getattr(ns, "unit", None), unit_pairs(st))
    if unit:
        units.append(unit)
    return leader, units


def _units_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    """Units of the chosen leader's zone; a list typed as ``a, b, `` completes its last item."""
    from rules.imperator import queries

    st = game.state
    role = role_of(game, seat)
    leader = names.resolve(getattr(ns, "leader", None), leader_pairs(st))
    ids = (
        queries.followers(st, role, leader)
        if leader is not None and leader in st.leaders
        else queries.movable_units(st, role)
    )
    suffix = {u: f"— {label(st, st.units[u].loc or '')}" for u in ids}
    return names.list_choices(pairs(st, ids), current, language(game), suffix)


def _unit_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    from rules.imperator import queries

    st = game.state
    ids = queries.movable_units(st, role_of(game, seat))
    suffix = {u: f"— {label(st, st.units[u].loc or '')}" for u in ids}
    return names.choices(pairs(st, ids), current, language(game), suffix)


def _to_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    from rules.imperator import queries

    st = game.state
    leader, units = _group(game, seat, ns)
    if leader not in st.leaders:
        leader = None
    if leader is None and not units:
        return []
    costs = queries.reachable(st, role_of(game, seat), leader, units)
    ids = sorted(costs, key=lambda z: (costs[z], label(st, z)))
    suffix: dict[str, str] = {z: _("({pm} PM)", pm=costs[z]) for z in ids}
    return names.choices(pairs(st, ids), current, language(game), suffix)


def _path_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    """The next zone of a path: the neighbours of the last zone typed (or of the start)."""
    st = game.state
    leader, units = _group(game, seat, ns)
    start = None
    if leader in st.leaders:
        start = st.leaders[leader].loc
    elif units and units[0] in st.units:
        start = st.units[units[0]].loc
    if start is None:
        return []
    head, _, last = current.rpartition(",")
    typed = resolve_list(head, zone_pairs(st)) or []
    here = typed[-1] if typed else start
    prefix = ", ".join(typed) + ", " if typed else ""
    nbs = sorted(
        z for z, d in st.board.neighbours(here).items() if st.board.zones[z].kind == "land"
    )
    return names.choices(pairs(st, nbs), last.strip(), language(game), None, prefix)


def _attack_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    from rules.imperator import combat

    st = game.state
    ids = combat.contested(st, role_of(game, seat))
    return names.choices(pairs(st, ids), current, language(game))


def resolve_args(game: Any, args: dict[str, Any]) -> dict[str, Any]:
    """Names typed by hand (French, English, Latin, any case) -> the engine's ids."""
    st = game.state
    out = dict(args)
    kinds = {
        "leader": leader_pairs,
        "unit": unit_pairs,
        "to": zone_pairs,
        "zone": zone_pairs,
        "land": zone_pairs,
        "vexillation": unit_pairs,
    }
    for key, items in kinds.items():
        if isinstance(out.get(key), str) and out[key] != "port":
            out[key] = names.resolve(out[key], items(st))
    lists = (("units", unit_pairs), ("path", zone_pairs), ("leaders", leader_pairs),
             ("peoples", people_pairs))
    for key, items in lists:  # names with spaces ("IV Scythica, XII Fulminata") read whole
        if isinstance(out.get(key), list):
            out[key] = names.resolve_many([str(v) for v in out[key]], items(st))
    return out


async def run_imperator(interaction: discord.Interaction, verb: str, args: dict[str, Any]) -> None:
    """``run_command`` after turning typed names into ids (when the game here is Imperator)."""
    try:
        _row, game = await imperator_game(interaction)
        args = resolve_args(game, args)
    except ModeratorError:
        pass  # run_command gives the reason
    await run_command(interaction, verb, args)


def only_when_moving(make: Any) -> Any:
    """A menu for a seat that is to move now; nothing for the others (it is not their turn)."""

    def wrapped(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
        if seat not in game.to_move() or game.pending_decision() is not None:
            return []
        try:
            result: list[app_commands.Choice[str]] = make(game, seat, ns, current)
        except (KeyError, ValueError, AttributeError):  # a half-typed option: no menu
            log.debug("no menu for %r", current, exc_info=True)
            return []
        return result

    return wrapped


register_resolver(KIND, "move", resolve_args)
register_resolver(KIND, "attack", resolve_args)
register_completer(KIND, "move", "leader", only_when_moving(_leader_choices))
register_completer(KIND, "move", "units", only_when_moving(_units_choices))
register_completer(KIND, "move", "unit", only_when_moving(_unit_choices))
register_completer(KIND, "move", "to", only_when_moving(_to_choices))
register_completer(KIND, "move", "path", only_when_moving(_path_choices))
register_completer(KIND, "attack", "zone", only_when_moving(_attack_choices))


# -- completers for this cog's own commands ---------------------------------------------------
async def _complete(
    interaction: discord.Interaction, current: str, make: Any
) -> list[app_commands.Choice[str]]:
    try:
        row, game = await imperator_game(interaction)
    except ModeratorError:
        return []
    seat = acting_seat(row, game, user_key(interaction))
    if seat is None or seat not in game.to_move():
        return []
    try:
        result: list[app_commands.Choice[str]] = make(game, seat, interaction.namespace, current)
    except (KeyError, ValueError, AttributeError):  # a half-typed option: no menu
        log.debug("no menu for %r", current, exc_info=True)
        return []
    return result  # capped at 25 with a "N more" hint by the bot's autocomplete guard


async def leader_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _leader_choices)


def _fleet_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    st = game.state
    ids = [f for f, fs in sorted(st.fleets.items()) if fs.status == "map"]
    items = [(f, data_name(st.board.fleets[f].name)) for f in ids]  # a data name: the reader's language
    return names.choices(items, current, language(game))


async def fleet_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _fleet_choices)


def _sail_to_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    """One sea step: from port, the fleet's own seas; at sea, the next sea zones or port."""
    st = game.state
    fleet = getattr(ns, "fleet", None)
    fs = st.fleets.get(fleet) if fleet else None
    if fs is None:
        return []
    fd = st.board.fleets[fleet]
    if fs.at == "port":
        seas = list(fd.seas)
        items = pairs(st, sorted(seas))
    else:
        seas = [z for z in st.board.neighbours(fs.at) if st.board.zones[z].kind == "sea"]
        items = pairs(st, sorted(seas))
        if fs.at in fd.seas:
            items.insert(0, ("port", label(st, fd.home)))  # named in sail_to_autocomplete
    return names.choices(items, current, language(game))


async def sail_to_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    found = await _complete(interaction, current, _sail_to_choices)
    reader = reader_language(interaction)
    return [
        app_commands.Choice(
            name=localise(_("back to port ({zone})", zone=c.name), reader)[:100], value=c.value
        )
        if c.value == "port"
        else c
        for c in found
    ]


def _land_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    st = game.state
    to = getattr(ns, "to", None)
    if not to or to not in st.board.zones:
        return []
    coasts = sorted(z for z in st.board.neighbours(to) if st.board.zones[z].kind == "land")
    return names.choices(pairs(st, coasts), current, language(game))


async def land_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _land_choices)


def _cargo_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    """Units in the fleet's home port zone (or already aboard)."""
    from rules.imperator import queries

    st = game.state
    fleet = getattr(ns, "fleet", None)
    if fleet not in st.board.fleets:
        return _units_choices(game, seat, ns, current)
    home = st.board.fleets[fleet].home
    ids = [u for u, us in sorted(st.units.items()) if us.fleet == fleet]
    ids += queries.movable_units(st, role_of(game, seat), home)
    return names.list_choices(pairs(st, ids), current, language(game))


async def cargo_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _cargo_choices)


def _zone_any(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    st = game.state
    return names.choices(zone_pairs(st), current, language(game))


async def any_zone_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Every zone of the map (for /map and /zone, which anyone may use)."""
    try:
        _row, game = await imperator_game(interaction)
    except ModeratorError:
        return []
    return names.choices(zone_pairs(game.state), current, language(game))


def _rally_choices(game: Any, seat: str, ns: Any, current: str) -> list[app_commands.Choice[str]]:
    st = game.state
    zones = sorted(
        {ls.loc for x, ls in st.leaders.items() if ls.rebel and ls.status == "map" and ls.loc}
    )
    return names.choices(pairs(st, zones), current, language(game))


async def rally_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _complete(interaction, current, _rally_choices)


VIEW_FRONTS = ("british", "rhine", "danube", "orient", "southern")


async def _places_of_channel_game(
    interaction: discord.Interaction,
    current: str,
    imperator: Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]],
) -> list[app_commands.Choice[str]]:
    """The places of the channel's game when it is not Imperator's, else ``imperator``'s choices."""
    other = await map_command(interaction)
    if other is not None:
        return await other.places(interaction, current)
    return await imperator(interaction, current)


async def map_zone_or_game(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """``/map zone:``: the places of the channel's game (Imperator's zones, or another game's)."""
    return await _places_of_channel_game(interaction, current, any_zone_autocomplete)


async def map_view_or_game(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """``/map view:``: Imperator's views, or the places of the channel's other game."""
    return await _places_of_channel_game(interaction, current, map_view_autocomplete)


async def map_view_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    reader = reader_language(interaction)
    marked = [("whole", _("The whole map")), ("theatre", _("Around the last SMC's action"))] + [
        (f"front:{f}", FRONT_NAMES[f]) for f in VIEW_FRONTS
    ]
    options = [(value, localise(text, reader)) for value, text in marked]
    return [
        app_commands.Choice(name=lbl, value=val)
        for val, lbl in options
        if current.lower() in val or current.lower() in lbl.lower()
    ]  # seven at most; bot.client.cap_choices would say so beyond 25


# -- /march: leader, then units from a select menu, then the destination ------------------------
UNITS_IN_MENU = DECISION_PAGE - 1
"""Units listed in the /march menu: a select holds 25 options, the last is "he goes alone"."""


def _followers(game: Any, seat: str, leader: str) -> list[str]:
    """Every unit that may go with ``leader`` (the engine's order; the menu's mask indexes it)."""
    from rules.imperator import queries

    return list(queries.followers(game.state, role_of(game, seat), leader))


def _destinations_view(
    game: Any, game_id: int, seq: int, seat: str, leader: str, mask: int, reader: str = "en"
) -> tuple[Text, discord.ui.View | None]:
    """The destinations menu, its labels in ``reader``'s language, and its sentence (marked for
    translation: the caller writes it in its reader's language)."""
    from rules.imperator import queries

    st = game.state
    group = _followers(game, seat, leader)
    units = [u for i, u in enumerate(group) if mask >> i & 1]
    costs = queries.reachable(st, role_of(game, seat), leader, units)
    if not costs:
        return _("{leader} cannot reach any zone with that stack this SMC.", leader=label(st, leader)), None
    ids = sorted(costs, key=lambda z: (costs[z], label(st, z)))[:DECISION_PAGE]
    more = len(costs) - len(ids)  # a select holds 25: say so, and how to reach the others
    view = discord.ui.View(timeout=None)
    options = [
        discord.SelectOption(
            label=localise(_("{zone} ({pm} PM)", zone=names.display(z, label(st, z), language(game)),
                             pm=costs[z]), reader)[:100],
            value=z,
        )
        for z in ids
    ]
    view.add_item(MarchDestination(game_id, seq, leader, mask, options, reader))
    text = (
        _("{leader} with {units}: where to?", leader=label(st, leader),
          units=", ".join(label(st, u) for u in units))
        if units
        else _("{leader} with no units: where to?", leader=label(st, leader))
    )
    if more > 0:
        text = join(" ", [text, _(
            "The menu lists the 25 nearest of {total} zones; for one of the {more} others use "
            "/move with to: (type a few letters of the zone).",
            total=len(costs),
            more=more,
        )])
    return text, view


class MarchUnits(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"imp:mu:(?P<game>\d+):(?P<seq>\d+):(?P<leader>[a-z0-9_]+)",
):
    """Which units go with the leader (only his acting seat sees this menu)."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        leader: str,
        options: list[discord.SelectOption] | None = None,
        most: int = 1,
        reader: str = "en",
    ) -> None:
        opts = options or [discord.SelectOption(label="(reload)", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"imp:mu:{game_id}:{seq}:{leader}",
                placeholder=localise(_("Units that go with him"), reader),
                min_values=1,
                max_values=max(1, min(most, len(opts))),
                options=opts,
            )
        )
        self.game_id, self.seq, self.leader = game_id, seq, leader

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MarchUnits:
        return cls(component_number(match["game"]), component_number(match["seq"]), match["leader"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values") or []]
        try:
            row = await game_row(bot, self.game_id, KIND)
            if row.status != "active" or row.seq != self.seq:
                raise ModeratorError(_("This menu is out of date: the game has moved on."))
            game = await bot.moderator.load(row)
            seat = bot.moderator.acting_seat(row, game, user_key(interaction))
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        group = _followers(game, seat, self.leader)
        mask = 0
        for i, uid in enumerate(group):
            if uid in values:
                mask |= 1 << i
        reader = reader_language(interaction)
        marked, view = _destinations_view(game, self.game_id, self.seq, seat, self.leader, mask, reader)
        text = localise(marked, reader)
        if view is None:
            await interaction.response.edit_message(content="❌ " + text, view=None)
            return
        await interaction.response.edit_message(content=text, view=view)


class MarchDestination(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"imp:md:(?P<game>\d+):(?P<seq>\d+):(?P<leader>[a-z0-9_]+):(?P<mask>[0-9a-f]+)",
):
    """Where the stack goes; choosing applies the move (the engine checks it)."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        leader: str,
        mask: int,
        options: list[discord.SelectOption] | None = None,
        reader: str = "en",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"imp:md:{game_id}:{seq}:{leader}:{mask:x}",
                placeholder=localise(_("Destination"), reader),
                options=options or [discord.SelectOption(label="(reload)", value="-")],
            )
        )
        self.game_id, self.seq, self.leader, self.mask = game_id, seq, leader, mask

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MarchDestination:
        return cls(component_number(match["game"]), component_number(match["seq"]), match["leader"], int(match["mask"], 16))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values") or []]
        try:
            row = await game_row(bot, self.game_id, KIND)
            if row.status != "active" or row.seq != self.seq:
                raise ModeratorError(_("This menu is out of date: the game has moved on."))
            game = await bot.moderator.load(row)
            seat = bot.moderator.acting_seat(row, game, user_key(interaction))
            group = _followers(game, seat, self.leader)
            units = [u for i, u in enumerate(group) if self.mask >> i & 1]
            args: dict[str, Any] = {"leader": self.leader, "to": values[0] if values else ""}
            if units:
                args["units"] = units
            result = await bot.moderator.act_in(
                self.game_id, user_key(interaction), Command("move", args), expected_seq=self.seq
            )
        except (ModeratorError, RuleError) as error:
            await refuse(interaction, str(error))
            return
        await announce(bot, result, interaction)


for _item in (MarchUnits, MarchDestination):
    if _item not in DYNAMIC_ITEMS:
        DYNAMIC_ITEMS.append(_item)


class ImperatorOperationsCog(commands.Cog):
    """Phase E: movement (land and sea), rallies, and the map."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="march", description="Imperator: move a leader's stack with menus (units, then where)"
    )
    @app_commands.describe(leader="The leader who moves")
    @app_commands.autocomplete(leader=leader_autocomplete)
    async def march(self, interaction: discord.Interaction, leader: str) -> None:
        try:
            row, game = await imperator_game(interaction)
            seat = praetor(interaction).moderator.acting_seat(row, game, user_key(interaction))
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        from rules.imperator import queries

        st = game.state
        role = role_of(game, seat)
        lid = names.resolve(leader, leader_pairs(st)) or leader
        refusal = queries.march_error(st, role, lid)
        if refusal is not None:
            shown = localise(str(refusal), reader_language(interaction))
            await refuse(interaction, shown.replace(lid, label(st, lid)))
            return
        group = _followers(game, seat, lid)
        reader = reader_language(interaction)  # the menus are shown to the mover only
        text: str  # a Text, or the question and the hint already in the reader's language
        if not group:
            text, view = _destinations_view(game, row.id or 0, row.seq, seat, lid, 0, reader)
        else:
            alone = discord.SelectOption(
                label=localise(_("(no units: he goes alone)"), reader), value="-"
            )
            listed = group[:UNITS_IN_MENU]  # the others are named in the text below
            options = [
                discord.SelectOption(
                    label=f"{names.display(u, label(st, u), language(game))}"[:100],
                    value=u,
                    default=i < st.ldef(lid).cc,
                )
                for i, u in enumerate(listed)
            ]
            view = discord.ui.View(timeout=None)
            view.add_item(
                MarchUnits(row.id or 0, row.seq, lid, [*options, alone], st.ldef(lid).cc, reader)
            )
            text = _(
                "{leader} (CC {cc}) in {zone}: which units go with him?",
                leader=label(st, lid),
                cc=st.ldef(lid).cc,
                zone=label(st, st.leaders[lid].loc),
            )
            if len(group) > len(listed):  # never a silent cut (issue 10 item 5)
                text = join(
                    " ",
                    [text, _(
                        "The menu lists {shown} of the {total} units that may go with him; to "
                        "take others, type /move leader:{leader} units: to: (its autocomplete "
                        "lists them all).",
                        shown=len(listed),
                        total=len(group),
                        leader=lid,
                    )],
                )
        if view is None:
            await refuse(interaction, text)
            return
        await interaction.response.send_message(localise(text, reader), view=view, ephemeral=True)

    @app_commands.command(
        name="sail", description="Imperator: move a Roman fleet (board, sail, land)"
    )
    @app_commands.describe(
        fleet="The fleet",
        to="A sea zone, or port to return to its home port",
        units="Units to carry, comma-separated (they board in port)",
        leaders="Leaders to carry, comma-separated",
        land="The coastal zone where the troops land",
    )
    @app_commands.autocomplete(
        fleet=fleet_autocomplete,
        to=sail_to_autocomplete,
        units=cargo_autocomplete,
        leaders=leader_autocomplete,
        land=land_autocomplete,
    )
    async def sail(
        self,
        interaction: discord.Interaction,
        fleet: str,
        to: str,
        units: str | None = None,
        leaders: str | None = None,
        land: str | None = None,
    ) -> None:
        args: dict[str, Any] = {"fleet": fleet, "to": to}
        if units:
            args["units"] = split_names(units)
        if leaders:
            args["leaders"] = split_names(leaders)
        if land:
            args["land"] = land
        await run_imperator(interaction, "sail", args)

    @app_commands.command(
        name="rally", description="Imperator: a rebel leader tries to win over loyal units"
    )
    @app_commands.describe(zone="The zone where the rebel leader stands")
    @app_commands.autocomplete(zone=rally_autocomplete)
    async def rally(self, interaction: discord.Interaction, zone: str) -> None:
        await run_imperator(interaction, "rally", {"zone": zone})

    @app_commands.command(
        name="map", description="The map of this channel's game: a Front or zone, a hex, a province"
    )
    @app_commands.describe(view="whole, front:<name>", zone="Show the area around this zone")
    @app_commands.autocomplete(view=map_view_or_game, zone=map_zone_or_game)
    async def map(
        self, interaction: discord.Interaction, view: str | None = None, zone: str | None = None
    ) -> None:
        other = await map_command(interaction)  # another game's map: its own drawer (issue 18)
        if other is not None:
            await other.draw(interaction, zone or view)
            return
        try:
            row, game = await imperator_game(interaction)
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        st = game.state
        name = "whole"
        if zone:
            zid = names.resolve(zone, zone_pairs(st)) or zone
            if zid not in st.board.zones:
                await refuse(interaction, _("There is no zone {zone} on the map.", zone=repr(zone)))
                return
            name = f"zone:{zid}"
        elif view:
            if view not in ("whole", "theatre") and view.removeprefix("front:") not in VIEW_FRONTS:
                await refuse(
                    interaction,
                    _("Views: whole, theatre, or front: followed by {fronts}",
                      fronts=", ".join(VIEW_FRONTS)),
                )
                return
            name = view if view in ("whole", "theatre") else f"front:{view.removeprefix('front:')}"
        await interaction.response.defer()
        public = game_language(row)  # a public post: drawn and written in the game's language
        image: ImageFile | None = await render_image(row.kind, game.public_view(), name, public)
        if image is None:
            await interaction.followup.send(
                localise(_("The map cannot be drawn right now; try /zone."), public)
            )
            return
        await interaction.followup.send(
            localise(
                _("Map of game #{id} ({view}), {year} phase {phase}.", id=row.id, view=name,
                  year=st.year, phase=st.phase),
                public,
            ),
            file=image.to_discord(),
        )

    @app_commands.command(
        name="respond", description="Answer the decision waiting on you (evasion, retreat ...)"
    )
    async def respond(self, interaction: discord.Interaction) -> None:
        """The Respond button again, for when its message is far up the channel."""
        bot = praetor(interaction)
        try:
            row, game = await bot.moderator.game_for(channel_key(interaction))
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        if game.pending_decision() is None:
            await refuse(
                interaction, _("No decision is waiting: use /game status to see whose move it is.")
            )
            return
        await RespondButton(row.id or 0, row.seq).callback(interaction)

    @app_commands.command(
        name="evade", description="Imperator: your attacked stack tries to evade (§8.1)"
    )
    async def evade(self, interaction: discord.Interaction) -> None:
        """The same as choosing "try to evade" after the Respond button."""
        await run_command(interaction, "evade", {})

    @app_commands.command(name="zone", description="Imperator: what is in a zone, as text")
    @app_commands.describe(zone="The zone")
    @app_commands.autocomplete(zone=any_zone_autocomplete)
    async def zone(self, interaction: discord.Interaction, zone: str) -> None:
        try:
            _row, game = await imperator_game(interaction)
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        st = game.state
        zid = names.resolve(zone, zone_pairs(st)) or zone
        if zid not in st.board.zones:
            await refuse(interaction, _("There is no zone {zone} on the map.", zone=repr(zone)))
            return
        lines = names.zone_lines(game.public_view(), zid, label(st, zid))
        nbs = [label(st, z) for z in sorted(st.board.neighbours(zid))]
        lines.append(_("Next to: {zones}", zones=", ".join(nbs)))
        reader = reader_language(interaction)
        text = "\n".join(localise(line, reader) for line in lines)
        await reply(interaction, text[:2000], ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ImperatorOperationsCog(bot))
