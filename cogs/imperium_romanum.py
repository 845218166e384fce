"""Imperium Romanum in Discord (issue 18): seats for the powers, commands, menus and pictures.

Seats are the scenario's major powers (``/game new game:imperium_romanum scenario:s12``); one
person may hold several (``/game join seat:``). A seat also moves its client states and the
neutrals the Farthest Power rule hands it (5.2, 5.3): the engine decides that.

Commands: the shared verbs where they fit (``/move units: to:``, ``/attack zone:`` (a hex),
``/end``), the ``/imperium`` group for the game's own (``attack`` with a siege mode and fleets (14.6),
``build``, ``embark``, ``sail``, ``debark``, ``naval``, ``ally``, ``gift``, ``ransom``,
``answer`` (a diplomacy offer), ``militia`` (29.4), ``demolish`` (21.3), ``convert`` (34), ``interfere`` (27.1.4), ``appeal`` (42, optional), ``treasure`` (43, optional), ``fortify``, ``standing``, ``map``), and ``/record power:`` and ``/stack hex:``.
Every option autocompletes from the engine's legal commands for the caller's seats, narrowed
by the options already filled in (the hexes the chosen group can reach, the cities where the
chosen unit can be raised). Answers to response windows go through the neutral Respond button
(cogs/common.py) with the game's deadline and default; the Next step menus are the shared ones
(cogs/legal_menus.py).

Pictures: after each accepted command the public message carries a theatre crop around the
action drawn from the PUBLIC view (enemy stacks show their top unit and size only, §3.2);
``/map`` (the one map command of every game, dispatching here in this game's channels) and its
alias ``/imperium map`` draw any hex, province or city, or the overview, and with ``mine:true``
the caller's own view privately. The cog decides nothing: it reads views and legal commands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import DISCORD_TEXT, fit_words, game_language, localise, reader_language
from bot.moderator import ModeratorError, seats_of
from bot.renderers import KNOWN
from cogs.common import (
    AFTER_MOVE_VIEW,
    MAP_COMMANDS,
    PUBLIC_EXTRAS,
    MapCommand,
    announce,
    channel_key,
    legal_choices,
    praetor,
    refuse,
    render_image,
    reply,
    run_command,
    typed_options,
    user_key,
)
from cogs.legal_menus import panel_extras, register_menus
from cogs.play import register_completer, register_resolver, split_list
from cogs.ready import register_slash_path
from rules.core import Command, RuleError
from rules.core.i18n import Text, _, _n, data_name, join

if TYPE_CHECKING:
    from db.models import GameRow
    from rules.core.game import Game
    from rules.imperium_romanum.data_model import IRData

KIND = "imperium_romanum"


def data() -> IRData:
    """Imperium Romanum's data. Its rules are imported at their first use, not when the bot
    starts: a process that runs no such game does without them (issue 14: memory at rest)."""
    from rules.imperium_romanum.world import data as loaded

    return loaded()


def standing_orders() -> dict[str, tuple[str, ...]]:
    """The standing orders and their values (``rules.imperium_romanum.game.STANDING``)."""
    from rules.imperium_romanum.game import STANDING

    return STANDING

KNOWN[KIND] = "render.imperium_romanum:render_public_view"  # imported at the first picture
AFTER_MOVE_VIEW[KIND] = "theatre"  # the crop around the month's action after each command


# -- words for ids (presentation only) ----------------------------------------------------------
def hex_label(hex_id: str) -> str:
    """``B4821 (Actium)``: a hex with the city on it, if any."""
    for city in data().cities.values():
        if city.hex == hex_id:
            return f"{hex_id} ({city.name})"
    return hex_id


GROUP_NAMES = 56
"""How many characters of names a group's label spends before it counts the rest ("and 3
more"): a move's label then keeps its destination inside Discord's 100 (design, IR-DIS-24)."""


def pieces_label(game: Any, pieces: list[str]) -> Text:
    """A group in words: its leaders by name, its legions by their names (5.7, the name the
    views give), its other units by type and counted, where it stands; past
    :data:`GROUP_NAMES` characters the pieces left are counted (IR-DIS-24)."""
    st = game.state
    named: list[tuple[Any, int]] = [(data().leaders[p].name, 1) for p in pieces if p in st.leaders and p in data().leaders]
    unnamed: dict[str, int] = {}
    for uid in (p for p in pieces if p in st.units):
        legion = legion_of(game, st.units[uid])
        if legion:
            named.append((legion, 1))
        else:
            unnamed[st.units[uid]["type"]] = unnamed.get(st.units[uid]["type"], 0) + 1
    named += [(unit_type_label(t) if n == 1 else _("{n} × {unit}", n=n, unit=unit_type_label(t)), n)
              for t, n in unnamed.items()]
    shown = named[:1]
    for entry in named[1:]:
        if len(", ".join(str(name) for name, _count in [*shown, entry])) > GROUP_NAMES:
            break
        shown.append(entry)
    left = sum(count for _name, count in named[len(shown):])
    units = [p for p in pieces if p in st.units]
    where = st.units[units[0]]["hex"] if units else (st.leaders[pieces[0]]["hex"] if pieces and pieces[0] in st.leaders else "?")
    group: Text = join(", ", [name for name, _count in shown])
    if left:
        group = _n("{names} and {n} more", "{names} and {n} more", left, names=group)
    return _("{pieces} at {hex}", pieces=group, hex=where)


def unit_type_label(type_id: str) -> str:
    kind = data().units.get(type_id)
    return join(" ", [data_name(kind.name), f"{kind.strength}-{kind.ma}"]) if kind else type_id


def value_label(game: Any, verb: str, option: str, value: Any) -> str:
    """One argument's value in words, for menus and autocomplete."""
    if isinstance(value, list):
        if verb == "give" and len(value) == 1 and value[0] in game.state.units:  # one unit of a gift
            unit = game.state.units[value[0]]
            return _("{unit} at {hex}", unit=named_unit(legion_of(game, unit), unit["type"]), hex=unit["hex"])
        return str(pieces_label(game, [str(v) for v in value]))
    text = str(value)
    if option in ("to", "hex") and verb in ("move", "attack", "sail", "debark"):
        return hex_label(text)
    if option == "city" and text in data().cities:
        return data().cities[text].name
    if option == "province" and text in data().provinces:
        return data().provinces[text].name
    if option == "type":
        return unit_type_label(text)
    if option == "leader" and text in data().leaders:
        return data().leaders[text].name
    if option == "offer":
        return str(offer_label(game, text))
    if option == "choice" and verb == "answer_offer":
        from rules.imperium_romanum.diplomacy import ACCEPT

        return _("Accept") if text == ACCEPT else _("Decline")
    return text


def legion_of(game: Any, unit: dict[str, Any]) -> str:
    """The legion's name a unit of the caller's own carries (5.7, IR-ENG-129), "" when none."""
    from rules.imperium_romanum.counters import legion_name  # imported with the game (issue 14)

    return legion_name(game.state, unit)


def offer_label(game: Any, offer_id: str) -> str:
    """An open diplomacy offer in words (the engine's wording), or its id when none is open."""
    from rules.imperium_romanum import diplomacy as D  # imported with the game, not at start

    offer = next((p for p in game.state.proposals if p[D.ID] == offer_id), None)
    return str(D.offer_words(game.state, offer)) if offer is not None else offer_id


NAVAL_VERBS = ("embark", "sail", "debark", "naval_attack")
"""The engine's naval operations (10.2-10.7), each with its ``/imperium`` subcommand."""


def command_label(game: Game[Any], command: Command) -> str:
    """One legal command in words (the shared menus' labeller)."""
    args = command.args
    if command.name == "end":
        return _("End your part of this segment")
    if command.name == "decide":
        pending = game.pending_decision()
        choices = {c.value: c.label for c in (pending.choices if pending else ())}
        return str(choices.get(str(args.get("choice")), args.get("choice")))
    if command.name == "move":
        return _("{pieces} to {hex}", pieces=pieces_label(game, list(args["units"])),
                 hex=hex_label(str(args["to"])))
    if command.name == "attack":
        where = hex_label(str(args["hex"]))
        if args.get("mode") == "besiege":
            return _("Besiege {hex}", hex=where)
        if args.get("fleets"):  # 14.6: the fleets in reach join the attack
            fleets = join(", ", [pieces_label(game, [str(f)]) for f in args["fleets"]])  # each in its own hex
            return _("Attack at {hex} with {fleets}", hex=where, fleets=fleets)
        return _("Attack at {hex}", hex=where)
    if command.name == "build":
        return _("{unit} at {city}", unit=value_label(game, "build", "type", args["type"]),
                 city=value_label(game, "build", "city", args["city"]))
    if command.name == "fortify":
        return _("Fortify with {pieces}", pieces=pieces_label(game, list(args["units"])))
    if command.name == "demolish":
        pieces = list(args["units"])
        owner = f" ({args['power']})" if args.get("power") else ""
        return _("Demolish the fort{owner} with {pieces}", owner=owner, pieces=pieces_label(game, pieces))
    if command.name == "convert":
        return _("Turn {fleets} into a legion (34)", fleets=pieces_label(game, list(args["fleet"])))
    if command.name == "interfere":
        return _("{fleets} lie off {province} to seize its grain (27.1.4)", fleets=pieces_label(game, list(args["fleets"])),
                 province=value_label(game, "interfere", "province", args["province"]))
    if command.name == "appeal":
        return _("Appeal to the gods before your next roll (42.0)")
    if command.name == "take_treasure":
        return _("Take the treasure of {city} (43.2)", city=value_label(game, "take_treasure", "city", args["city"]))
    if command.name == "militia":
        return _("Rebuild {sp} militia SP in {province}", sp=args["sp"],
                 province=value_label(game, "militia", "province", args["province"]))
    if command.name in NAVAL_VERBS:
        fleets = pieces_label(game, list(args["fleets"]))
        if command.name == "embark":
            return _("{fleets} take aboard {pieces}", fleets=fleets, pieces=pieces_label(game, list(args["units"])))
        if command.name == "sail":
            return _("{fleets} sail to {hex}", fleets=fleets, hex=hex_label(str(args["to"])))
        if command.name == "debark":
            return _("{fleets} land their troops at {hex}", fleets=fleets, hex=hex_label(str(args["to"])))
        return _("{fleets} attack the enemy fleets there", fleets=fleets)
    if command.name == "give":
        from rules.imperium_romanum import gifts  # imported with the game, not at start (issue 14)

        kind = next(k for k in gifts.WHAT if k in args)
        ids = [str(v) for v in args[kind]] if isinstance(args[kind], list) else [str(args[kind])]
        return _("Give {gift} to {seat}", gift=gifts.gift_words(game.state, kind, ids), seat=args["to"])
    if command.name == "give_talents":
        return _("Offer {amount} talents to {seat}", amount=args["amount"], seat=args["to"])
    if command.name == "propose_alliance":
        return _("Offer an alliance to {seat}", seat=args["with"])
    if command.name == "ransom":
        return _("Offer to free {leader}", leader=value_label(game, "ransom", "leader", args["leader"]))
    if command.name == "answer_offer":
        from rules.imperium_romanum.diplomacy import ACCEPT

        offer = offer_label(game, str(args["offer"]))
        return _("Accept {offer}", offer=offer) if args["choice"] == ACCEPT else _("Decline {offer}", offer=offer)
    return " · ".join(value_label(game, command.name, k, v) for k, v in args.items()) or command.name


register_menus(KIND, command_label)
PUBLIC_EXTRAS[KIND] = panel_extras


# -- autocomplete: the legal values, narrowed by what is already filled in --------------------
GROUP = "group:"
"""An autocomplete value ``group:<first piece>`` stands for the whole group the engine moves
or fortifies with that piece first: a list of ten piece ids would pass Discord's 100
characters for a choice's value."""


def typed_text(value: Any) -> str:
    """A value as the autocomplete offers it (a group by its first piece)."""
    if isinstance(value, list):
        return GROUP + str(value[0]) if value else ""
    return str(value)


def expand_group(game: Any, verb: str, pieces: list[str], option: str = "units",
                 given: dict[str, Any] | None = None) -> list[str]:
    """``["group:X"]`` -> the pieces of the caller's legal ``verb`` whose group starts with X,
    the one whose other arguments are those ``given`` first (interfere's province), else any
    (unchanged when it names none: the engine's refusal then says why)."""
    if len(pieces) != 1 or not pieces[0].startswith(GROUP):
        return pieces
    first = pieces[0][len(GROUP):]
    for wanted in ([given, {}] if given else [{}]):
        for seat in game.to_move():
            for command in game.legal_commands(seat):
                units = command.args.get(option)
                if any(command.args.get(k) != v for k, v in wanted.items()):
                    continue
                if command.name == verb and isinstance(units, list) and units and units[0] == first:
                    return [str(u) for u in units]
    return pieces


def ir_choices(game: Any, seats: list[str], verb: str, option: str, filled: dict[str, str],
               current: str) -> list[app_commands.Choice[str]]:
    """The one autocomplete (``cogs.common.legal_choices``) with this game's words and groups."""
    return legal_choices(game, seats, verb, option, filled, current, text=typed_text,
                         label=lambda g, v, o, value: value_label(g, v, o, value))


def shared_completer(verb: str, arg: str, names: dict[str, str]) -> Callable[..., list[app_commands.Choice[str]]]:
    """A completer for a shared verb (cogs/play.py ``register_completer``)."""

    def complete(game: Any, seat: str, namespace: Any, current: str) -> list[app_commands.Choice[str]]:
        return ir_choices(game, [seat], verb, arg, typed_options(namespace, names), current)

    return complete


MOVE_OPTIONS = {"units": "units", "to": "to"}
register_completer(KIND, "move", "units", shared_completer("move", "units", MOVE_OPTIONS))
register_completer(KIND, "move", "to", shared_completer("move", "to", MOVE_OPTIONS))
register_completer(KIND, "attack", "zone", shared_completer("attack", "hex", {"zone": "hex"}))


def move_args(game: Any, args: dict[str, Any]) -> dict[str, Any]:
    """``/move``: a leader or a unit named alone joins the ``units`` list the engine takes."""
    out = {k: v for k, v in args.items() if k not in ("leader", "unit")}
    pieces = [str(args[k]) for k in ("leader", "unit") if args.get(k)]
    if pieces:
        out["units"] = pieces + [p for p in out.get("units", []) if p not in pieces]
    if "units" in out:
        out["units"] = expand_group(game, "move", list(out["units"]))
    return out


def attack_args(game: Any, args: dict[str, Any]) -> dict[str, Any]:
    """``/attack zone:`` names the hex attacked (the engine's ``hex``)."""
    out = {k: v for k, v in args.items() if k != "zone"}
    if args.get("zone"):
        out["hex"] = str(args["zone"]).upper()
    return out


register_resolver(KIND, "move", move_args)
register_resolver(KIND, "attack", attack_args)


async def ir_game(interaction: discord.Interaction, verb: str) -> tuple[GameRow, Any]:
    """The channel's game, when it is Imperium Romanum (else a refusal naming the command)."""
    bot = praetor(interaction)
    row, game = await bot.moderator.game_for(channel_key(interaction))
    if row.kind != KIND:
        raise ModeratorError(_("{command} belongs to Imperium Romanum; the game in this channel is "
                               "another game.", command=verb))
    return row, game


async def game_or_refuse(interaction: discord.Interaction, verb: str) -> Any | None:
    """The channel's Imperium Romanum game for ``/imperium <verb>``, or None once the caller has
    been told privately why not."""
    try:
        _row, game = await ir_game(interaction, f"/imperium {verb}")
    except ModeratorError as error:
        await refuse(interaction, str(error))
        return None
    return game


async def run(interaction: discord.Interaction, verb: str, args: dict[str, Any]) -> None:
    """An ``/imperium`` verb for the caller's seat that may give it now (a person holding
    several powers acts for the one whose legal commands hold it), else the common path,
    whose refusal names the rule."""
    try:
        row, game = await ir_game(interaction, f"/imperium {verb}")
    except ModeratorError as error:
        await refuse(interaction, str(error))
        return
    command = Command(verb, args)
    mine = seats_of(row, user_key(interaction))
    seat = next((s for s in game.to_move() if s in mine and command in game.legal_commands(s)), None)
    if seat is None:
        await run_command(interaction, verb, args)
        return
    bot = praetor(interaction)
    try:
        result = await bot.moderator.act_in(row.id or 0, user_key(interaction), command, seat=seat)
    except (RuleError, ModeratorError) as error:
        await refuse(interaction, str(error))
        return
    await announce(bot, result, interaction)


async def naval(interaction: discord.Interaction, verb: str, typed: dict[str, str]) -> None:
    """A naval operation: ``group:<first>`` values become the engine's lists, then :func:`run`."""
    game = await game_or_refuse(interaction, verb)
    if game is None:
        return
    args: dict[str, Any] = dict(typed)
    plain = {k: v for k, v in typed.items() if k not in ("fleets", "units")}  # e.g. interfere's province
    for option in ("fleets", "units"):
        if option in args:
            args[option] = expand_group(game, verb, split_list(str(args[option])), option, plain)
    await run(interaction, verb, args)


def completer(verb: str, arg: str, names: dict[str, str], many: bool = False) -> Callable[..., Any]:
    """Autocomplete of an ``/imperium`` option from the legal commands of the caller's seats;
    with ``many`` the option is a comma-separated list (``/imperium give units:``) and each
    choice is what is already typed plus one more legal value."""

    async def callback(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            row, game = await ir_game(interaction, verb)
        except ModeratorError:
            return []
        filled = typed_options(interaction.namespace, names)
        seats = seats_of(row, user_key(interaction))
        if not many:
            return ir_choices(game, seats, verb, arg, filled, current)
        return list_choices(game, seats, verb, arg, filled, current)

    return callback


def list_choices(game: Any, seats: list[str], verb: str, option: str, filled: dict[str, str],
                 current: str) -> list[app_commands.Choice[str]]:
    """The one autocomplete (``cogs.common.legal_choices``, each legal value one id) for a
    comma-separated list: the ids already typed stay, the last one being typed is completed."""
    typed = split_list(current)
    done, last = (typed, "") if current.rstrip().endswith(",") or not typed else (typed[:-1], typed[-1])
    head = ",".join(done) + ("," if done else "")
    found = legal_choices(game, seats, verb, option, filled, last,
                          label=lambda g, v, o, value: value_label(g, v, o, value))
    single: dict[str, str] = {}
    for c in found:  # a legal list of several ids (14.6: every fleet in reach) is offered id by id
        ids = split_list(c.value)
        for one in ids:
            if one not in single and (len(ids) == 1 or last.lower() in one.lower()):
                single[one] = c.name if len(ids) == 1 else value_label(game, verb, option, [one])
    return [app_commands.Choice(name=fit_words(f"{head}{value} · {words}"), value=head + value) for value, words in single.items()
            if value not in done and len(head + value) <= DISCORD_TEXT]  # capped by bot.client.cap_choices


async def order_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=o, value=o) for o in standing_orders() if current.lower() in o]


async def value_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    order = str(getattr(interaction.namespace, "order", "") or "")
    standing = standing_orders()
    values = standing.get(order, tuple(v for vs in standing.values() for v in vs))
    return [app_commands.Choice(name=v, value=v) for v in dict.fromkeys(values) if current.lower() in v]


async def power_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        _row, game = await ir_game(interaction, "/record")
    except ModeratorError:
        return []
    powers = game.public_view()["powers"]
    return [app_commands.Choice(name=str(rec["name"])[:100], value=pid) for pid, rec in powers.items()
            if current.lower() in pid or current.lower() in str(rec["name"]).lower()]


async def where_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Provinces and cities by name (a hex is typed as printed: B4821)."""
    needle = current.lower()
    d = data()
    found = [app_commands.Choice(name=p.name, value=pid) for pid, p in sorted(d.provinces.items())
             if needle in pid or needle in p.name.lower()]
    found += [app_commands.Choice(name=f"{c.name} ({c.hex})", value=cid) for cid, c in sorted(d.cities.items())
              if needle in cid or needle in c.name.lower()]
    return found


async def stack_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        _row, game = await ir_game(interaction, "/stack")
    except ModeratorError:
        return []
    hexes = sorted({s["hex"] for s in game.public_view()["stacks"]})
    return [app_commands.Choice(name=hex_label(h), value=h) for h in hexes
            if current.lower() in hex_label(h).lower()]


# -- what a caller may see ---------------------------------------------------------------------
def caller_view(game: Any, seats: list[str]) -> dict[str, Any]:
    """The public view, with the stacks the caller's seats see whole (3.2)."""
    view = game.public_view()
    if not seats:
        return view
    whole: dict[tuple[str, str, bool], dict[str, Any]] = {}
    for seat in seats:
        for stack in game.seat_view(seat)["stacks"]:
            if "units" in stack:
                whole[(stack["hex"], stack["side"], bool(stack["besieged"]))] = stack
    view["stacks"] = [whole.get((s["hex"], s["side"], bool(s["besieged"])), s) for s in view["stacks"]]
    return view


def named_unit(name: str, type_id: str) -> str:
    """A unit in words: its legion's name first where the view gives one (5.7, IR-DIS-20); the
    type's words stay translatable (a ``Text``)."""
    return _("{legion} ({unit})", legion=name, unit=unit_type_label(type_id)) if name else unit_type_label(type_id)


def stack_lines(view: dict[str, Any], hex_id: str) -> list[Text]:
    """Each stack at ``hex_id`` as the view shows it: whole, or its top unit and size (3.2)."""
    lines: list[Text] = []
    for stack in view["stacks"]:
        if stack["hex"] != hex_id:
            continue
        side = stack["side"]
        besieged = _(" (besieged)") if stack["besieged"] else ""
        if "units" in stack:
            pieces = [named_unit(u.get("name", ""), u["type"]) for u in stack["units"]]
            pieces += [f"{ldr['name']} ({ldr['value']})" for ldr in stack["leaders"]]
            lines.append(_("{side}{besieged}: {pieces}.", side=side, besieged=besieged, pieces=join(", ", pieces)))
        else:
            top = _("a leader") if stack["top"] == "leader" else named_unit(stack.get("top_name", ""), stack["top"])
            lines.append(_n("{side}{besieged}: {top} on top, {n} piece in all.",
                            "{side}{besieged}: {top} on top, {n} pieces in all.", int(stack["size"]),
                            side=side, besieged=besieged, top=top))
    return lines


def record_lines(record: dict[str, Any]) -> list[Text]:
    """A power's record in words (5.4; the roster 5.5 only for its own seat)."""
    lines = [_("**{name}** ({status}): treasury {treasury} talents, morale {morale}, CER {cer}.",
               name=record["name"], status=record["status"], treasury=record["treasury"],
               morale=record["morale"], cer=record["cer"] or "-")]
    if record["treasury_held"]:  # IR-DIS-5: the orders of the open segment stay secret
        lines.append(_("(The treasury as it stood when this segment opened: what was spent since shows at its "
                       "summary, 4.0.)"))
    provinces = ", ".join(f"{name} ({tax})" for _pid, name, tax in record["provinces"]) or "-"
    lines.append(_("Provinces: {provinces}; tax base {tax} talents.", provinces=provinces, tax=record["tax_base"]))
    lines.append(_("Units: {in_play} in play, {eliminated} eliminated.", in_play=record["in_play"],
                   eliminated=record["eliminated"]))
    if record["whole"]:  # counted by type and place, so a big roster fits one message
        counted: dict[tuple[str, str], int] = {}
        legions = record.get("legions", {})  # 5.7: a named legion is listed by its name
        for uid, name, where in record["roster"]:
            if uid in legions:
                lines.append(_("· {legion} ({name}) at {hex}", legion=legions[uid], name=name, hex=where) if where
                             else _("· {legion} ({name}), eliminated", legion=legions[uid], name=name))
                continue
            counted[(name, where)] = counted.get((name, where), 0) + 1
        for (name, where), n in counted.items():
            lines.append(_("· {n} × {name} at {hex}", n=n, name=name, hex=where) if where
                         else _("· {n} × {name}, eliminated", n=n, name=name))
    return lines


# -- the map -----------------------------------------------------------------------------------
async def draw_map(interaction: discord.Interaction, where: str | None, mine: bool = False) -> None:
    """The map of ``where`` (a hex, province or city; None: the provinces by control), drawn
    from the public view in the game's language, or with ``mine`` from the caller's own view
    (their stacks whole), to them alone. ``/map`` and ``/imperium map`` both call this."""
    from render.imperium_romanum import hexes_of

    try:
        row, game = await ir_game(interaction, "/map")
    except ModeratorError as error:
        await refuse(interaction, str(error))
        return
    if where and not hexes_of(where):
        await refuse(interaction, _("No hex, province or city is called {where}.", where=repr(where)))
        return
    seats = seats_of(row, user_key(interaction)) if mine else []
    if mine and not seats:
        await refuse(interaction, _("You hold no seat in this game, so there is nothing secret to show."))
        return
    view = caller_view(game, seats) if mine else game.public_view()
    language = reader_language(interaction) if mine else game_language(row)
    await interaction.response.defer(ephemeral=mine)
    image = await render_image(KIND, view, f"map:{where or ''}", language)
    text = localise(_("Map of game #{id}: {where}.", id=row.id, where=where or _("provinces by control")), language)
    if image is None:
        await interaction.followup.send(text, ephemeral=mine)
        return
    await interaction.followup.send(text, file=image.to_discord(), ephemeral=mine)


MAP_COMMANDS[KIND] = MapCommand(draw=draw_map, places=where_autocomplete)


# -- the commands ------------------------------------------------------------------------------
class ImperiumRomanumCog(commands.Cog):
    imperium = app_commands.Group(name="imperium", description="Imperium Romanum: the game's own commands")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @imperium.command(name="build", description="Raise a unit or a baggage train in a city (7.4)")
    @app_commands.describe(type="The kind of unit", city="The city where it appears",
                           colour="A dissolved faction's colour you gained, to raise it in (20.4)")
    @app_commands.autocomplete(type=completer("build", "type", {"city": "city"}),
                               city=completer("build", "city", {"type": "type"}),
                               colour=completer("build", "colour", {"type": "type", "city": "city"}))
    async def build(self, interaction: discord.Interaction, type: str, city: str, colour: str | None = None) -> None:
        args: dict[str, Any] = {"type": type, "city": city}
        if colour:
            args["colour"] = colour
        await run(interaction, "build", args)

    @imperium.command(name="militia", description="Rebuild a province's militia (29.4), in Taxation & Mobilization")
    @app_commands.describe(province="A province of yours below its militia value",
                           sp="How many strength points (1 if left out)")
    @app_commands.autocomplete(province=completer("militia", "province", {}))
    async def militia(self, interaction: discord.Interaction, province: str, sp: int = 1) -> None:
        await run(interaction, "militia", {"province": province.strip().lower(), "sp": sp})

    @imperium.command(name="attack", description="Attack in a hex, or besiege an empty enemy city (14.1, 17.1)")
    @app_commands.describe(hex="The hex attacked, as printed (B4512)", mode="besiege: lay siege instead",
                           fleets="Your fleets in the hex or a sea hex next to it that join the attack, comma-separated (14.6)")
    @app_commands.autocomplete(hex=completer("attack", "hex", {"mode": "mode"}),
                               mode=completer("attack", "mode", {"hex": "hex"}),
                               fleets=completer("attack", "fleets", {"hex": "hex"}, many=True))
    async def attack(self, interaction: discord.Interaction, hex: str, mode: str | None = None,
                     fleets: str | None = None) -> None:
        args: dict[str, Any] = {"hex": hex.strip().upper()}
        if mode:
            args["mode"] = mode
        if fleets:
            args["fleets"] = split_list(fleets)
        await run(interaction, "attack", args)

    @imperium.command(name="fortify", description="Build field fortifications where units stand (21.1)")
    @app_commands.describe(units="The infantry that builds, comma-separated")
    @app_commands.autocomplete(units=completer("fortify", "units", {}))
    async def fortify(self, interaction: discord.Interaction, units: str) -> None:
        game = await game_or_refuse(interaction, "fortify")
        if game is None:
            return
        await run(interaction, "fortify", {"units": expand_group(game, "fortify", split_list(units))})

    @imperium.command(name="demolish", description="Demolish a fort in its hex with heavy infantry (21.3)")
    @app_commands.describe(units="The heavy infantry (a group)", power="Whose fort, when not the units' own power's")
    @app_commands.autocomplete(units=completer("demolish", "units", {"power": "power"}),
                               power=completer("demolish", "power", {"units": "units"}))
    async def demolish(self, interaction: discord.Interaction, units: str, power: str | None = None) -> None:
        game = await game_or_refuse(interaction, "demolish")
        if game is None:
            return
        args: dict[str, Any] = {"units": expand_group(game, "demolish", split_list(units))}
        if power:
            args["power"] = power.strip().lower()
        await run(interaction, "demolish", args)

    @imperium.command(name="convert", description="Turn a fleet in a land hex into a legion (34)")
    @app_commands.describe(fleet="The fleet")
    @app_commands.autocomplete(fleet=completer("convert", "fleet", {}))
    async def convert(self, interaction: discord.Interaction, fleet: str) -> None:
        game = await game_or_refuse(interaction, "convert")
        if game is None:
            return
        await run(interaction, "convert", {"fleet": expand_group(game, "convert", split_list(fleet), "fleet")})

    @imperium.command(name="interfere", description="Pirates: lie off a grain province to seize its grain (27.1.4)")
    @app_commands.describe(fleets="The pirate fleets (a group)", province="The grain province")
    @app_commands.autocomplete(fleets=completer("interfere", "fleets", {"province": "province"}),
                               province=completer("interfere", "province", {"fleets": "fleets"}))
    async def interfere(self, interaction: discord.Interaction, fleets: str, province: str) -> None:
        await naval(interaction, "interfere", {"fleets": fleets, "province": province.strip().lower()})

    @imperium.command(name="appeal", description="Optional rule 42: appeal to the gods before your next roll")
    async def appeal(self, interaction: discord.Interaction) -> None:
        await run(interaction, "appeal", {})

    @imperium.command(name="treasure", description="Optional rule 43: take the treasure of a city your units hold")
    @app_commands.describe(city="The treasure city")
    @app_commands.autocomplete(city=completer("take_treasure", "city", {}))
    async def treasure(self, interaction: discord.Interaction, city: str) -> None:
        await run(interaction, "take_treasure", {"city": city.strip().lower()})

    @imperium.command(name="embark", description="Take a group aboard fleets (10.4.2)")
    @app_commands.describe(fleets="The fleets (a group)", units="The land group that embarks")
    @app_commands.autocomplete(fleets=completer("embark", "fleets", {"units": "units"}),
                               units=completer("embark", "units", {"fleets": "fleets"}))
    async def embark(self, interaction: discord.Interaction, fleets: str, units: str) -> None:
        await naval(interaction, "embark", {"fleets": fleets, "units": units})

    @imperium.command(name="sail", description="Sail fleets to a hex (10.3)")
    @app_commands.describe(fleets="The fleets (a group)", to="Where they sail")
    @app_commands.autocomplete(fleets=completer("sail", "fleets", {"to": "to"}),
                               to=completer("sail", "to", {"fleets": "fleets"}))
    async def sail(self, interaction: discord.Interaction, fleets: str, to: str) -> None:
        await naval(interaction, "sail", {"fleets": fleets, "to": to.strip().upper()})

    @imperium.command(name="debark", description="Land the troops aboard, or invade from the sea (10.4.3, 10.5)")
    @app_commands.describe(fleets="The fleets (a group)", to="The land hex")
    @app_commands.autocomplete(fleets=completer("debark", "fleets", {"to": "to"}),
                               to=completer("debark", "to", {"fleets": "fleets"}))
    async def debark(self, interaction: discord.Interaction, fleets: str, to: str) -> None:
        await naval(interaction, "debark", {"fleets": fleets, "to": to.strip().upper()})

    @imperium.command(name="naval", description="Attack the enemy fleets in your fleets' hex (10.7)")
    @app_commands.describe(fleets="The fleets (a group)")
    @app_commands.autocomplete(fleets=completer("naval_attack", "fleets", {}))
    async def naval_attack(self, interaction: discord.Interaction, fleets: str) -> None:
        await naval(interaction, "naval_attack", {"fleets": fleets})

    @imperium.command(name="ally", description="Offer a one-month alliance to another power (5.8)")
    @app_commands.describe(power="The seat you offer it to")
    @app_commands.rename(power="with")
    @app_commands.autocomplete(power=completer("propose_alliance", "with", {}))
    async def ally(self, interaction: discord.Interaction, power: str) -> None:
        await run(interaction, "propose_alliance", {"with": power})

    @imperium.command(name="gift", description="Offer talents to another major power (6.0)")
    @app_commands.describe(to="The seat that receives them", amount="How many talents")
    @app_commands.autocomplete(to=completer("give_talents", "to", {"amount": "amount"}))
    async def gift(self, interaction: discord.Interaction, to: str, amount: int) -> None:
        await run(interaction, "give_talents", {"to": to, "amount": amount})

    @imperium.command(name="give", description="Offer units, a city or a fort to an ally of this month (5.8)")
    @app_commands.describe(to="The allied seat that receives it", units="Your units, comma-separated",
                           city="One of your cities", fort="The hex of one of your forts")
    @app_commands.autocomplete(to=completer("give", "to", {}),
                               units=completer("give", "units", {"to": "to"}, many=True),
                               city=completer("give", "city", {"to": "to"}),
                               fort=completer("give", "fort", {"to": "to"}))
    async def give(self, interaction: discord.Interaction, to: str, units: str | None = None,
                   city: str | None = None, fort: str | None = None) -> None:
        args: dict[str, Any] = {"to": to}
        if units:
            args["units"] = split_list(units)
        if city:
            args["city"] = city
        if fort:
            args["fort"] = fort
        await run(interaction, "give", args)

    @imperium.command(name="ransom", description="Offer to free a prisoner for talents (18.2.1)")
    @app_commands.describe(leader="The captured leader", talents="The price (0 frees him)")
    @app_commands.autocomplete(leader=completer("ransom", "leader", {}))
    async def ransom(self, interaction: discord.Interaction, leader: str, talents: int = 0) -> None:
        await run(interaction, "ransom", {"leader": leader, "talents": talents})

    @imperium.command(name="answer", description="Accept or decline a diplomacy offer made to you (4.3)")
    @app_commands.describe(offer="The offer", choice="accept or decline")
    @app_commands.autocomplete(offer=completer("answer_offer", "offer", {"choice": "choice"}),
                               choice=completer("answer_offer", "choice", {"offer": "offer"}))
    async def answer(self, interaction: discord.Interaction, offer: str, choice: str) -> None:
        await run(interaction, "answer_offer", {"offer": offer, "choice": choice.strip().lower()})

    @imperium.command(name="standing", description="Set a standing order that answers a window for you")
    @app_commands.describe(order="The window it answers (listed as you type: intercept, losses, supply...)",
                           value="ask, or the answer to give (listed for the order chosen)")
    @app_commands.autocomplete(order=order_autocomplete, value=value_autocomplete)
    async def standing(self, interaction: discord.Interaction, order: str, value: str) -> None:
        await run(interaction, "standing", {"order": order, "value": value})

    @imperium.command(name="map", description="Imperium Romanum: the overview, or a hex, province or city")
    @app_commands.describe(where="A hex (B4821), a province or a city; empty: the overview",
                           mine="Only to you, with your own stacks shown whole")
    @app_commands.autocomplete(where=where_autocomplete)
    async def map(self, interaction: discord.Interaction, where: str | None = None, mine: bool = False) -> None:
        """The same drawer as ``/map`` in this game's channel, with ``mine`` for a private view."""
        await draw_map(interaction, where, mine)

    @app_commands.command(name="record", description="Imperium Romanum: a power's record (treasury, morale, provinces)")
    @app_commands.describe(power="The power")
    @app_commands.autocomplete(power=power_autocomplete)
    async def record(self, interaction: discord.Interaction, power: str) -> None:
        try:
            row, game = await ir_game(interaction, "/record")
            if power not in game.state.powers:
                raise ModeratorError(_("No power {power} in this game.", power=repr(power)))
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        from rules.imperium_romanum.record import power_record

        records = [power_record(game.state, power, seat) for seat in seats_of(row, user_key(interaction))]
        record = next((r for r in records if r["whole"]), None) or power_record(game.state, power)
        language = reader_language(interaction)
        await reply(interaction, "\n".join(localise(line, language) for line in record_lines(record))[:2000],
                    ephemeral=True)

    @app_commands.command(name="stack", description="Imperium Romanum: what you may see of the stacks in a hex")
    @app_commands.describe(hex="The hex, as printed (B4821)")
    @app_commands.autocomplete(hex=stack_autocomplete)
    async def stack(self, interaction: discord.Interaction, hex: str) -> None:
        try:
            row, game = await ir_game(interaction, "/stack")
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        hex_id = hex.strip().upper()
        view = caller_view(game, seats_of(row, user_key(interaction)))
        lines = stack_lines(view, hex_id)
        if not lines:
            await refuse(interaction, _("No stack stands in {hex}.", hex=hex_label(hex_id)))
            return
        language = reader_language(interaction)
        head = localise(_("Stacks in {hex}:", hex=hex_label(hex_id)), language)
        await reply(interaction, "\n".join([head, *(localise(line, language) for line in lines)])[:2000],
                    ephemeral=True)


for _verb, _path in (("attack", "/imperium attack"), ("build", "/imperium build"), ("embark", "/imperium embark"),
                     ("sail", "/imperium sail"), ("debark", "/imperium debark"), ("naval_attack", "/imperium naval"), ("fortify", "/imperium fortify"), ("militia", "/imperium militia"),
                     ("demolish", "/imperium demolish"), ("convert", "/imperium convert"),
                     ("appeal", "/imperium appeal"), ("take_treasure", "/imperium treasure"),
                     ("interfere", "/imperium interfere"),
                     ("propose_alliance", "/imperium ally"), ("give_talents", "/imperium gift"),
                     ("ransom", "/imperium ransom"), ("answer_offer", "/imperium answer"),
                     ("standing", "/imperium standing")):
    register_slash_path(KIND, _verb, _path)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ImperiumRomanumCog(bot))
