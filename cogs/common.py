"""What every cog shares: refusals, announcing results, the Respond button and its choices.

Cogs translate: Discord in, Moderator call, Discord out. A refusal is always the ephemeral
initial response; accepted commands answer publicly. Buttons and selects are ``DynamicItem``s
whose custom_id carries the game id and the expected seq, so they keep working after a restart
and say so when they are out of date.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.bounds import component_number
from bot.i18n import DISCORD_TEXT, fit_words, localise, reader_language, server_language
from bot.memory import release_free_memory
from bot.moderator import ActResult, ModeratorError, answer_first_by, handling
from bot.present import private_lines
from bot.publisher import ImageFile
from bot.renderers import renderer_for
from rules.core import RuleError
from rules.core.i18n import _

if TYPE_CHECKING:
    from bot.client import PraetorBot
    from db.models import GameRow

log = logging.getLogger(__name__)

REFUSAL = "❌ "

Draw = Callable[[dict[str, Any]], Awaitable["ImageFile | None"]]


@dataclasses.dataclass
class Extras:
    """What a game adds to the ONE public message of an accepted command (or of ``/game
    start``): more lines, more pictures, a panel of buttons. Pure data, composed inside the
    event's transaction (``cogs.outbox.compose``) and stored in the outbox with the event."""

    lines: list[str] = dataclasses.field(default_factory=list)
    pictures: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    """Picture specs (``{"draw": name in DRAWERS, ...}``), drawn when the message is sent."""
    components: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    """Component payloads (``View.to_components()``) of persistent buttons and selects."""
    view_name: str | None = None
    """The view name of the game's own picture instead of ``AFTER_MOVE_VIEW``'s."""
    pictures_first: bool = False
    """These pictures come before the game's own picture (Imperator: the battle card leads a
    battle's message, the theatre map follows it when the battle changed the map)."""
    mentions: list[str] = dataclasses.field(default_factory=list)
    """Users the extra lines mean to ping."""


PublicExtras = Callable[["GameRow", Any, "ActResult | None", str], Extras]
PUBLIC_EXTRAS: dict[str, PublicExtras] = {}
"""Per game kind: ``(row, game, result or None for /game start, language) -> Extras``, called
inside the event's transaction for every accepted command whatever its path (a game's own
verbs, the shared verbs, the Respond select, a default applied by the scheduler) and for the
opening message. A game's cog registers it at import time (e.g. the next player's panel, the
final score sheet, a battle card). It must be pure: no I/O, no Discord calls."""
DRAWERS: dict[str, Draw] = {}
"""Picture makers by name: ``spec -> ImageFile or None``, run when an outbox row is sent (off
the event loop where it costs). ``view`` (a game's public view through its renderer) is built
in; games add theirs (Imperator's battle card)."""
TEXT_FILTER: dict[str, Callable[[Any, str], str]] = {}
"""Per game kind: ``(game, line) -> line`` applied to every public line, private line and
refusal of that game (Imperator: leaders' names in the form of the ``names`` option)."""
AFTER_MOVE_VIEW: dict[str, str] = {}
"""Per game kind: the view name of the picture posted after a move (default ``whole``);
Imperator uses ``theatre``, cropped around the last SMC's action."""


@dataclasses.dataclass(frozen=True)
class MapCommand:
    """A game's answer to the one ``/map`` (issue 18): ``draw(interaction, where)`` posts the
    map of ``where`` (a place typed in the ``zone`` option, or the ``view``; None: the
    overview); ``places(interaction, current)`` autocompletes it."""

    draw: Callable[[discord.Interaction, str | None], Awaitable[None]]
    places: Callable[[discord.Interaction, str], Awaitable[list[app_commands.Choice[str]]]]


MAP_COMMANDS: dict[str, MapCommand] = {}
"""Per game kind, when ``/map`` is not Imperator's own: the game's drawer and places."""


async def map_command(interaction: discord.Interaction) -> MapCommand | None:
    """The ``/map`` of the channel's game, when that game registered one."""
    try:
        row = await praetor(interaction).moderator.require_game(channel_key(interaction))
    except ModeratorError:
        return None
    return MAP_COMMANDS.get(row.kind)


def joined(value: Any) -> str:
    """A command's value as typed: a list comma-joined (``Game.actions`` words it so too)."""
    return ",".join(str(v) for v in value) if isinstance(value, list) else str(value)


def same_value(value: Any, typed: str, text: Callable[[Any], str] = joined) -> bool:
    """Does ``typed`` (as the autocomplete offered it, or a comma list, or one id in any case)
    name the command's ``value``?"""
    typed = typed.replace(" ", "")
    if isinstance(value, list):
        return typed in (text(value), joined(value))
    return typed.upper() == str(value).upper()


def typed_options(namespace: Any, names: dict[str, str] | None = None) -> dict[str, str]:
    """The options already typed in an interaction's namespace, by the engine's argument names
    (``names``: option -> argument, when they differ; by default every option as named)."""
    if names is None:
        return {k: str(v) for k, v in vars(namespace).items() if v not in (None, "")}
    out = {}
    for option, arg in names.items():
        value = getattr(namespace, option, None)
        if value not in (None, ""):
            out[arg] = str(value)
    return out


Labeller = Callable[[Any, str, str, Any], str]
"""``(game, verb, option, value) -> words``: a game's own wording of an autocompleted value."""


def legal_choices(
    game: Any,
    seats: list[str],
    verb: str,
    option: str,
    filled: dict[str, str],
    current: str,
    *,
    text: Callable[[Any], str] = joined,
    label: Labeller | None = None,
) -> list[app_commands.Choice[str]]:
    """THE autocomplete of every game's typed commands: the values of ``option`` in the
    ``verb`` commands ``seats`` may give now, matching what is being typed (``current``, in the
    value or its words).

    A game that lists its legal commands (``Game.legal_commands``) is read command by command,
    so the options already ``filled`` (engine argument -> typed value) narrow the others: only
    the hexes the chosen group reaches, only the cities where the chosen unit may be raised.
    When what was filled agrees with no legal command, every legal value is offered (the
    engine's refusal will name the problem). Values are ``text(value)`` (lists comma-joined by
    default) and worded by ``label``, else by the labels of ``Game.actions``. A game without
    legal commands is read from ``Game.actions`` alone."""
    needle = current.lower()
    found: dict[str, str] = {}
    for seat in seats:
        for value, words in _seat_choices(game, seat, verb, option, filled, text, label):
            if value not in found and (needle in value.lower() or needle in words.lower()):
                found[value] = words
    return [app_commands.Choice(name=words if len(words) <= DISCORD_TEXT else fit_words(words),
                                value=value[:DISCORD_TEXT])
            for value, words in found.items()]  # a Text that fits stays one: the reader's language at the end
    # the one guard (bot.client.cap_choices) caps them at 25, saying how many more


def _seat_choices(
    game: Any,
    seat: str,
    verb: str,
    option: str,
    filled: dict[str, str],
    text: Callable[[Any], str],
    label: Labeller | None,
) -> list[tuple[str, str]]:
    """(value, words) of ``option`` for one seat, see :func:`legal_choices`."""
    labels: dict[tuple[str, str, str], str] = {}
    for action in game.actions(seat):
        if action.name == verb:
            for arg in action.args:
                for choice in arg.choices or ():
                    labels[(verb, arg.name, choice.value)] = str(choice.label)
    finder = getattr(game, "legal_commands", None)
    if finder is None:
        return [(value, words) for (_verb, name, value), words in labels.items() if name == option]
    commands = [c for c in finder(seat) if c.name == verb and option in c.args]
    wanted = {k: v for k, v in filled.items() if v and k != option}
    agreeing = [c for c in commands
                if all(same_value(c.args[k], v, text) for k, v in wanted.items() if k in c.args)]
    pairs = []
    for command in agreeing or commands:
        value = command.args[option]
        words = label(game, verb, option, value) if label is not None else None
        pairs.append((text(value), words or labels.get((verb, option, joined(value)), text(value))))
    return pairs


def praetor(interaction: discord.Interaction) -> PraetorBot:
    """The bot; also notes which interaction this task handles, so that the Moderator lands
    each of its commands once however often Discord delivers it (``bot.moderator.handling``),
    and how to answer it at once when saving a command would pass Discord's 3 s
    (``bot.moderator.answer_first_by``, :func:`answer_early`)."""
    handling(getattr(interaction, "id", None))
    answer_first_by(lambda: answer_early(interaction))
    return interaction.client  # type: ignore[return-value]


def is_component(interaction: discord.Interaction) -> bool:
    """A click or a menu choice (not a command, not an autocomplete)."""
    data: Any = interaction.data or {}
    return "component_type" in data


async def answer_early(interaction: discord.Interaction) -> str | None:
    """Defer ``interaction`` now, before the slow part of its command (issue 14): a component's
    defer updates its own message later (no placeholder: the public post and any refusal follow
    as new messages, the refusal private); a command's is a private "thinking…" placeholder, so
    a late refusal stays private, and its public post goes to the channel. What it did, or None
    when the interaction was already answered."""
    if interaction.response.is_done():
        return None
    if is_component(interaction):
        await interaction.response.defer()
        return "update"
    await interaction.response.defer(ephemeral=True, thinking=True)
    return "thinking"


def channel_key(interaction: discord.Interaction) -> str:
    return str(interaction.channel_id)


def guild_key(interaction: discord.Interaction) -> str:
    """The server of the interaction; outside a server, a key of that channel alone (two DMs
    never share a key, so nothing of one is listed in another)."""
    if interaction.guild_id:
        return str(interaction.guild_id)
    return f"dm:{interaction.channel_id}"


def user_key(interaction: discord.Interaction) -> str:
    return str(interaction.user.id)


def is_admin(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_channels)


async def refuse(interaction: discord.Interaction, message: str) -> None:
    """Refuse a request: an ephemeral message to its sender only, in their language (a
    ``Text`` message, e.g. ``str(rule_error)``, is translated); nothing changed.

    A doubled delivery whose twin landed meanwhile ("out of date" because of it) gets the
    first one's answer instead (``bot.client.answered_again``)."""
    from bot.client import answered_again

    if await answered_again(interaction):
        return
    text = REFUSAL + localise(message, reader_language(interaction))
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True)


async def reply(
    interaction: discord.Interaction,
    content: str,
    *,
    ephemeral: bool = False,
    view: discord.ui.View | None = None,
) -> None:
    """Answer an interaction (initial response, or a follow-up once answered). A ``Text`` is
    translated: into the reader's language when ephemeral, else the server's."""
    language = reader_language(interaction) if ephemeral else server_language(interaction)
    content = localise(content, language)
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


def _draw(renderer: Callable[[dict[str, Any], str], bytes], view: dict[str, Any], name: str) -> bytes:
    """Draw in a worker thread, then hand the picture's scratch memory back (bot/memory.py)."""
    try:
        return renderer(view, name)
    finally:
        release_free_memory()


async def render_image(
    kind: str, view: dict[str, Any], name: str = "whole", language: str = "en"
) -> ImageFile | None:
    """Render a public view off the event loop, its labels in ``language`` (the game's);
    None when the game has no renderer."""
    renderer = renderer_for(kind)
    if renderer is None:
        return None
    if language != "en":
        view = {**view, "language": language}  # render/words.py
    try:
        data = await asyncio.to_thread(_draw, renderer, view, name)
    except Exception:  # a broken picture must never break the game
        log.exception("render failed for %s", kind)
        return None
    return ImageFile(f"{kind}-{name.replace(':', '-')}.png", data)


async def draw_view(spec: dict[str, Any]) -> ImageFile | None:
    """The built-in drawer: a game's public view through its renderer (``render_image``)."""
    return await render_image(
        str(spec.get("kind", "")),
        spec.get("view") or {},
        str(spec.get("name", "whole")),
        str(spec.get("language", "en")),
    )


DRAWERS["view"] = draw_view


async def announce(
    bot: PraetorBot, result: ActResult, interaction: discord.Interaction | None = None
) -> None:
    """Post an accepted command: everything it owes (public lines, dice, pictures, the game's
    panel, Respond ping, follower ping, status, private lines) was stored with the event in the
    outbox (``cogs.outbox.compose``); send it now, through the interaction when there is one."""
    from cogs.outbox import deliver_event

    await deliver_event(bot, result, interaction)


def follower_pings(user_ids: list[str], headline: str, limit: int = 2000) -> list[str]:
    """``📣 <@a> <@b> ...: headline`` split into messages of at most ``limit`` characters."""
    messages: list[str] = []
    tail = f": {headline}"
    current = "📣"
    for user in user_ids:
        mention_text = f" <@{user}>"
        if current != "📣" and len(current) + len(mention_text) + len(tail) > limit:
            messages.append(current + tail)
            current = "📣"
        current += mention_text
    if current != "📣":
        messages.append(current + tail)
    return messages


async def run_command(interaction: discord.Interaction, name: str, args: dict[str, Any]) -> None:
    """The path of every game verb: act through the Moderator, refuse or announce."""
    from rules.core import Command

    bot = praetor(interaction)
    try:
        result = await bot.moderator.act(
            channel_key(interaction), user_key(interaction), Command(name, args)
        )
    except (RuleError, ModeratorError) as error:
        await refuse(interaction, await shown_in_game(bot, channel_key(interaction), str(error)))
        return
    await announce(bot, result, interaction)


async def shown_in_game(bot: PraetorBot, channel: str, text: str) -> str:
    """``text`` through the ``TEXT_FILTER`` of the channel's game, if any."""
    try:
        row, game = await bot.moderator.game_for(channel)
    except ModeratorError:
        return text
    shown = TEXT_FILTER.get(row.kind)
    return shown(game, text) if shown is not None else text


# -- the Respond button and the decision select ---------------------------------------------
async def game_row(bot: PraetorBot, game_id: int, kind: str | None = None) -> GameRow:
    """The game a component names; ``0`` is what :func:`component_number` makes of a forged
    or impossible id. With ``kind``, a game of another kind is refused too: a game's own
    components (an Imperator march menu) never reach another game's rules (issue 14)."""
    if game_id <= 0:
        raise ModeratorError(_("This button belongs to no game."))
    row = await bot.moderator.get(game_id)
    if kind is not None and row.kind != kind:
        raise ModeratorError(_("This button belongs to no game."))
    return row


class RespondButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:respond:(?P<game>[0-9]+):(?P<seq>[0-9]+)",
):
    """One neutral button: it never names what the decision is about (that could reveal a
    hand). Only the seat that must decide gets the choices, ephemerally."""

    def __init__(self, game_id: int, seq: int, language: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=localise(_("Respond"), language),
                style=discord.ButtonStyle.primary,
                custom_id=f"praetor:respond:{game_id}:{seq}",
            )
        )
        self.game_id = game_id
        self.seq = seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RespondButton:
        return cls(component_number(match["game"]), component_number(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_decision(interaction, self.game_id, self.seq, 0)


async def show_decision(
    interaction: discord.Interaction, game_id: int, seq: int, page: int
) -> None:
    """The choices of the pending decision, page ``page``, to the seat that decides only
    (a new ephemeral message from Respond, the same message edited from a page button)."""
    bot = praetor(interaction)
    try:
        row = await game_row(bot, game_id)
        if row.status != "active" or row.seq != seq:
            raise ModeratorError(_("This button is out of date: that decision is settled."))
        game = await bot.moderator.load(row)
        pending = game.pending_decision()
        if pending is None:
            raise ModeratorError(_("This button is out of date: nothing is waiting now."))
        if all(row.seats.get(seat) != user_key(interaction) for seat in pending.waiting_on()):
            raise ModeratorError(_("This decision is not yours to make."))
    except ModeratorError as error:
        await refuse(interaction, str(error))
        return
    language = reader_language(interaction)  # only the deciding seat sees this
    named = TEXT_FILTER.get(row.kind)  # e.g. Imperator's names=en, in the labels too
    choices = [
        dataclasses.replace(c, label=named(game, c.label)) if named is not None else c
        for c in pending.choices
    ]
    view, shown = decision_view(game_id, seq, choices, page, language)
    section = f" ({pending.section})" if pending.section else ""
    default = dataclasses.replace(pending, choices=tuple(choices)).default_words()  # never the raw id
    prompt = named(game, pending.prompt) if named is not None else pending.prompt
    text = localise(
        _(
            "{prompt}{section} Default if you do not answer: {default}.",
            prompt=prompt,
            section=section,
            default=default,
        ),
        language,
    )
    if shown is not None:
        text += " " + localise(shown, language)
    if not _is_page_click(interaction):
        await interaction.response.send_message(text, view=view, ephemeral=True)
    else:
        await interaction.response.edit_message(content=text, view=view)


def _is_page_click(interaction: discord.Interaction) -> bool:
    data: Any = interaction.data or {}
    return str(data.get("custom_id", "")).startswith("praetor:decpage:")


DECISION_PAGE = 25
"""Options per page of a decision menu (Discord's limit for one select)."""


def decision_view(
    game_id: int, seq: int, choices: list[Any], page: int, language: str = "en"
) -> tuple[discord.ui.View, str | None]:
    """A select with one page of ``choices`` and, when there are more than fit, Previous and
    Next buttons; with a line saying which choices are shown (None when all are)."""
    pages = max(1, -(-len(choices) // DECISION_PAGE))
    page = min(max(page, 0), pages - 1)
    first = page * DECISION_PAGE
    view = discord.ui.View(timeout=None)
    view.add_item(DecisionSelect(game_id, seq, choices[first : first + DECISION_PAGE], language))
    if pages == 1:
        return view, None
    if page > 0:
        previous = localise(_("◀ Previous"), language)
        view.add_item(DecisionPageButton(game_id, seq, page - 1, previous))
    if page < pages - 1:
        view.add_item(DecisionPageButton(game_id, seq, page + 1, localise(_("Next ▶"), language)))
    shown = _(
        "Choices {first}-{last} of {total}: Next and Previous show the others.",
        first=first + 1,
        last=min(first + DECISION_PAGE, len(choices)),
        total=len(choices),
    )
    return view, shown


class DecisionPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:decpage:(?P<game>[0-9]+):(?P<seq>[0-9]+):(?P<page>[0-9]+)",
):
    """Another page of a decision's choices (more than 25 do not fit one select)."""

    def __init__(self, game_id: int, seq: int, page: int, label: str = "Next ▶") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"praetor:decpage:{game_id}:{seq}:{page}",
                row=1,
            )
        )
        self.game_id = game_id
        self.seq = seq
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DecisionPageButton:
        return cls(
            component_number(match["game"]),
            component_number(match["seq"]),
            component_number(match["page"]),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_decision(interaction, self.game_id, self.seq, self.page)


def choice_label(choices: Any, value: object) -> str:
    """What a choice is called in its menu (never the internal value when a label exists)."""
    for choice in choices or ():
        if str(getattr(choice, "value", "")) == str(value):
            return str(getattr(choice, "label", value))
    return str(value)


class DecisionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"praetor:decide:(?P<game>[0-9]+):(?P<seq>[0-9]+)",
):
    """The choices of a pending decision, shown only to the seat that decides."""

    def __init__(self, game_id: int, seq: int, choices: Any = (), language: str = "en") -> None:
        """``choices``: one page of them (at most 25, see :func:`decision_view`)."""
        options = [
            discord.SelectOption(label=localise(c.label, language)[:100], value=c.value[:100])
            for c in choices
        ]
        if len(options) > DECISION_PAGE:
            raise ValueError(f"{len(options)} options in one select: page them (decision_view)")
        super().__init__(
            discord.ui.Select(
                custom_id=f"praetor:decide:{game_id}:{seq}",
                placeholder=localise(_("Choose"), language),
                options=options or [discord.SelectOption(label="(reload)", value="-")],
                row=0,
            )
        )
        self.game_id = game_id
        self.seq = seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DecisionSelect:
        return cls(component_number(match["game"]), component_number(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        data: Any = interaction.data or {}
        values = data.get("values") or []
        choice = str(values[0]) if values else ""
        try:
            row = await game_row(bot, self.game_id)
            game = await bot.moderator.load(row)
            pending = game.pending_decision()
            if pending is None or row.seq != self.seq:
                raise ModeratorError(_("This choice is out of date: the decision is settled."))
            if choice not in {str(c.value) for c in pending.choices}:  # a forged value
                raise ModeratorError(_("That choice is not on offer any more."))
            result = await bot.moderator.decide(
                self.game_id, user_key(interaction), pending.id, choice, self.seq
            )
        except (ModeratorError, RuleError) as error:
            await refuse(interaction, str(error))
            return
        named = TEXT_FILTER.get(row.kind)
        label = choice_label(pending.choices, choice)
        chosen = _("You chose: {choice}.", choice=named(game, label) if named else label)
        content = localise(chosen, reader_language(interaction))
        if interaction.response.is_done():  # deferred while it was saved (answer_early)
            await interaction.edit_original_response(content=content, view=None)
        else:
            await interaction.response.edit_message(content=content, view=None)
        await announce(bot, result, interaction)  # its private lines reach the chooser


class MineButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:mine:(?P<game>[0-9]+)",
):
    """A persistent "My secrets" button: the seat's own view, ephemerally."""

    def __init__(self, game_id: int, label: str = "My secrets") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"praetor:mine:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MineButton:
        return cls(component_number(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_mine(interaction, self.game_id)


async def show_mine(interaction: discord.Interaction, game_id: int) -> None:
    """Send the caller their seat view and latest private lines, ephemerally."""
    from bot.moderator import seats_of

    bot = praetor(interaction)
    try:
        row = await game_row(bot, game_id)
        seats = seats_of(row, user_key(interaction))
        if not seats:
            raise ModeratorError(
                _("You hold no seat in this game, so there is nothing secret to show.")
            )
        game = await bot.moderator.load(row)
    except ModeratorError as error:
        await refuse(interaction, str(error))
        return
    language = reader_language(interaction)
    lines: list[str] = []
    for seat in seats:
        lines.append(f"**{seat}**")
        secrets = game.private_lines(seat) or [_("(nothing secret right now)")]
        lines.extend(localise(line, language) for line in secrets)
        recent = await bot.moderator.recent_private(game_id, seat)  # bounded in SQL
        lines.extend(private_lines(recent, language))
    await interaction.response.send_message("\n".join(lines)[:2000], ephemeral=True)


class WhyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:why:(?P<game>[0-9]+):(?P<seq>[0-9]+)",
):
    """A neutral "Why?" button under the public post of an action: whoever clicks gets, only
    for them, the rule sections the engine cited for that move and its lines that cite them
    (the same citations ``/game log`` lists). It reads the stored event, so it answers after a
    restart and for any earlier move."""

    def __init__(self, game_id: int, seq: int, language: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=localise(_("Why?"), language),
                style=discord.ButtonStyle.secondary,
                custom_id=f"praetor:why:{game_id}:{seq}",
            )
        )
        self.game_id = game_id
        self.seq = seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> WhyButton:
        return cls(component_number(match["game"]), component_number(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_why(interaction, self.game_id, self.seq)


async def show_why(interaction: discord.Interaction, game_id: int, seq: int) -> None:
    """The citations of move ``seq`` of game ``game_id``, ephemerally, in the reader's language."""
    from rules.core import Outcome

    bot = praetor(interaction)
    language = reader_language(interaction)
    found = await bot.moderator.events(game_id, after=seq - 1, limit=1)
    event = found[0] if found and found[0].seq == seq else None
    if event is None:
        await refuse(interaction, _("That move is not in this game's log."))
        return
    outcome = Outcome.from_json(event.outcome or {})
    if not outcome.citations:
        text = _("Move {seq} cites no rule section.", seq=seq)
        await reply(interaction, localise(text, language), ephemeral=True)
        return
    lines = [localise(_("Rules behind move {seq}: {sections}.", seq=seq,
                        sections=", ".join(outcome.citations)), language)]
    lines += [localise(line, language) for line in outcome.public if str(line).startswith("§")]
    if event.undone_by is not None:
        lines.append(localise(_("This move was taken back by an undo."), language))
    await reply(interaction, "\n".join(lines)[:2000], ephemeral=True)


def action_view(
    game_id: int, seq: int, language: str = "en", *, respond: bool = False, why: bool = False
) -> discord.ui.View | None:
    """The buttons under an action's public post: Respond when a decision waits, Why? when the
    move cited rules. None when neither."""
    if not (respond or why):
        return None
    view = discord.ui.View(timeout=None)
    if respond:
        view.add_item(RespondButton(game_id, seq, language))
    if why:
        view.add_item(WhyButton(game_id, seq, language))
    return view


DYNAMIC_ITEMS: list[type[discord.ui.DynamicItem[Any]]] = [
    RespondButton,
    WhyButton,
    DecisionSelect,
    DecisionPageButton,
    MineButton,
]
"""Persistent components, dispatched by custom_id after a restart. A game's cog appends its own
at import time (before the bot registers them)."""
