"""The Barracks Emperors in Discord: the verbs only this game has, the hand, the play menus.

- ``/hand`` and the persistent **My hand** button (``praetor:hand:<game>``) show the caller's
  hand ephemerally, with the controls for what that seat may do now.
- **Play a card** (``praetor:bplay:<game>:<seq>``) opens a select of the cards in hand that have
  a legal play; choosing one opens a select of the legal spaces for it
  (``praetor:bspace:<game>:<seq>:<card>``); the steps after a play (ability target or skip,
  which surrounded Emperor to resolve, the Forum choice, Frumentarii, the solo actions) are a
  select of the engine's legal commands (``praetor:bact:<game>:<seq>:<page>``). Keeping a
  Frumentarii card opens a second select, the order of the others under the deck
  (``praetor:border:<game>:<seq>:<card>``, from ``Game.frumentarii_orders``).
- After every accepted command, whatever path it took (these menus, the typed verbs, the shared
  ``/play`` ``/move`` ``/end``, the Respond select, a default), the ``PUBLIC_EXTRAS`` hook adds
  the turn panel (My hand / Play a card) to the command's one public message, or the final
  table and score sheet at the end; ``/game start``'s message carries the first panel, with a
  mention of who moves. The mover's next step is behind My hand (one message per command:
  issue 10's request budget).
- ``/forum``, ``/ability``, ``/skip``, ``/resolve``, ``/discard``, ``/defeat``,
  ``/citizenship`` are the same steps typed, with autocomplete from ``Game.actions``;
  ``/table`` posts the table (image, scores) and the public buttons.

Every option offered comes from the engine (``legal_commands`` / ``actions``); every custom id
carries the game id and the seq it was built for, and a stale one is refused. Hands never reach
a public message: only the seat's owner sees them, ephemerally.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.bounds import component_number, option_index
from bot.i18n import game_language, localise, reader_language
from bot.moderator import ActResult, ModeratorError, seats_of
from bot.present import mention
from bot.renderers import register_renderer
from cogs.common import (
    DYNAMIC_ITEMS,
    PUBLIC_EXTRAS,
    Extras,
    announce,
    channel_key,
    game_row,
    praetor,
    refuse,
    render_image,
    user_key,
)
from cogs.play import complete, split_list
from rules.barracks.game import PHASE_TEXT
from rules.core import Command, RuleError
from rules.core.i18n import Text, _, _n, join

if TYPE_CHECKING:
    from bot.client import PraetorBot
    from db.models import GameRow
    from rules.core.game import Game

KIND = "barracks"
MAX_OPTIONS = 25
MAX_SELECTS = 4  # one row is kept for a button

SUITS = {"R": _("Red"), "B": _("Blue"), "Y": _("Yellow"), "G": _("Barbarian")}
VERB_TEXT = {
    "ability": _("Use the ability on {what}"),
    "skip": _("Skip the ability"),
    "resolve": _("Resolve {what}"),
    "forum": _("Take {what}"),
    "discard": _("Discard {what}"),
    "defeat": _("Defeat with {what}"),
    "citizenship": _("Citizenship, Forum slot {what}"),
    "decide": _("Answer {what}"),
}
PHASE_PROMPT = {
    "play": _("Your turn: play a card."),
    "ability": _("Use the card's ability, or skip it."),
    "resolve": _("Several Emperors are surrounded: choose which to resolve next."),
    "select": _("Take a card from the Forum."),
    "frumentarii": _("Keep one of the cards you looked at."),
}


# -- reading the engine (no rule is decided here) ----------------------------------------------
def card_text(card: dict[str, Any], language: str = "en") -> str:
    """One card of a seat view as a line: name, suit, value, counters (in ``language``)."""
    value = str(card.get("value", ""))
    if card.get("effective") not in (None, card.get("value")):
        value += " " + localise(_("(now {value})", value=card["effective"]), language)
    suit = localise(SUITS.get(str(card.get("suit", "")), str(card.get("suit", ""))), language)
    name = localise(card.get("name", card.get("id")), language)
    return f"{name} {suit} {value}".strip()


def arg_label(game: Game[Any], seat: str, verb: str, key: str, value: str) -> str:
    """The engine's label for one argument value (from ``actions``), else the value."""
    for spec in game.actions(seat):
        if spec.name != verb:
            continue
        for arg in spec.args:
            if arg.name != key:
                continue
            for choice in arg.choices or ():
                if choice.value == value:
                    return choice.label
    return value


def command_label(game: Game[Any], seat: str, command: Command, language: str = "en") -> str:
    """A short human label for a legal command (a select option), in ``language``."""
    verb, args = command.name, command.args
    if verb == "skip":
        return localise(VERB_TEXT["skip"], language)
    if verb == "ability" and args.get("target") in ("draw", "on"):
        return localise(_("Use the ability ({target})", target=args["target"]), language)
    if verb == "forum" and args.get("choice") == "frumentarii":
        return localise(_("Look at the deck instead (Frumentarii)"), language)
    parts: list[Any] = []
    for key, value in args.items():
        if isinstance(value, list):
            parts.append(
                _("militia {cards}", cards=", ".join(str(v) for v in value)) if value
                else _("no militia")
            )
        elif key != "id":
            parts.append(arg_label(game, seat, verb, key, str(value)))
    what = join(" ", parts)
    verb_text = VERB_TEXT.get(verb)
    text = Text(verb_text.msgid, what=what) if verb_text is not None else join(" ", [verb, what])
    return localise(text, language).strip()[:100]


def legal(game: Game[Any], seat: str) -> list[Command]:
    finder = getattr(game, "legal_commands", None)
    return list(finder(seat)) if finder is not None else []


def placement_note(game: Game[Any], seat: str, card: str) -> dict[str, str]:
    finder = getattr(game, "spaces_for", None)
    return dict(finder(seat, card)) if finder is not None else {}


def placement_word(how: str) -> Text:
    """How a card is placed on a space, as readers see it: on a Barbarian, or by the ability
    of the card that allows it (Force March, Praetorian Guard...)."""
    from rules.barracks.data import CARDS
    from rules.core.i18n import data_name

    if how == "barbarian":
        return _("on a Barbarian")
    names = sorted({info.name for info in CARDS.values() if info.key == how})
    return data_name(names[0]) if names else Text(how)


def hand_lines(view: dict[str, Any], language: str = "en") -> list[str]:
    hand = view.get("hand") or []
    if not hand:
        return [localise(_("Your hand is empty."), language)]
    lines = [localise(_n("Your hand ({n} card):", "Your hand ({n} cards):", len(hand)), language)]
    for card in hand:
        text = localise(card.get("text") or "", language)
        shown = card_text(card, language)
        lines.append(f"- **{shown}** `{card.get('id')}`" + (f": {text}" if text else ""))
    return lines


def score_lines(view: dict[str, Any], language: str = "en") -> list[str]:
    """The score sheet: one line per scoring area, from the public view."""
    lines = [localise(_("**Scores** (Emperors R/B/Y, Barbarians, sets, Legacy points)"), language)]
    for area in (view.get("areas") or {}).values():
        seats = ", ".join(area.get("seats") or []) or localise(_("rival"), language)
        line = _(
            "{area} ({seats}): {red}/{blue}/{yellow}, {barbarians} Barbarians, {sets} sets: "
            "**{score}**",
            area=area.get("title"),
            seats=seats,
            red=area.get("red", 0),
            blue=area.get("blue", 0),
            yellow=area.get("yellow", 0),
            barbarians=area.get("barbarians", 0),
            sets=area.get("sets", 0),
            score=area.get("score", 0),
        )
        lines.append(localise(line, language))
    return lines


def table_lines(view: dict[str, Any], language: str = "en") -> list[str]:
    """The public table in words: Forum, deck, hand sizes, whose move (never a hand)."""
    cards = enumerate(view.get("forum") or [], 1)
    forum = ", ".join(f"{i}: {card_text(c, language)}" for i, c in cards)
    sizes = ", ".join(f"{s['seat']} {s['hand_size']}" for s in view.get("seats") or [])
    texts = [
        _(
            "Round {round} of {rounds}, phase {phase}.",
            round=view.get("round"),
            rounds=view.get("rounds"),
            phase=PHASE_TEXT.get(str(view.get("phase")), view.get("phase")),
        ),
        _(
            "Forum: {forum}. Deck: {deck} cards. Discard top: {discard}.",
            forum=forum or _("empty"),
            deck=view.get("deck_count"),
            discard=view.get("discard_top_label") or _("none"),
        ),
        _("Cards in hand: {sizes}.", sizes=sizes),
    ]
    if view.get("demagogue"):
        texts.append(_("Demagogue: {seat}.", seat=view["demagogue"]))
    return [localise(text, language) for text in texts]


# -- components ---------------------------------------------------------------------------------
def _options(pairs: list[tuple[str, str]]) -> list[list[discord.SelectOption]]:
    """(label, value) pairs in pages of 25 options (at most four pages)."""
    options = [discord.SelectOption(label=label[:100], value=value[:100]) for label, value in pairs]
    pages = [options[i : i + MAX_OPTIONS] for i in range(0, len(options), MAX_OPTIONS)]
    return pages[:MAX_SELECTS]


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:hand:(?P<game>\d+)",
):
    """The persistent "My hand" button: the clicker's hand, ephemerally, with its controls."""

    def __init__(self, game_id: int, language: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=localise(_("My hand"), language),
                style=discord.ButtonStyle.secondary,
                custom_id=f"praetor:hand:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HandButton:
        return cls(component_number(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction, self.game_id)


class PlayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"praetor:bplay:(?P<game>\d+):(?P<seq>\d+)",
):
    """The "Play a card" button: the cards in the clicker's hand that have a legal play."""

    def __init__(self, game_id: int, seq: int, language: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=localise(_("Play a card"), language),
                style=discord.ButtonStyle.primary,
                custom_id=f"praetor:bplay:{game_id}:{seq}",
            )
        )
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PlayButton:
        return cls(component_number(match["game"]), component_number(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            row, game, seat = await current(interaction, self.game_id, self.seq)
        except (ModeratorError, RuleError) as error:
            await refuse(interaction, str(error))
            return
        cards: list[str] = []
        for command in legal(game, seat):
            card = command.args.get("card")
            if command.name in ("play", "move") and isinstance(card, str) and card not in cards:
                cards.append(card)
        if not cards:
            await refuse(interaction, _("You have no card to play now."))
            return
        reader = reader_language(interaction)
        pairs = [(localise(arg_label(game, seat, "play", "card", c), reader), c) for c in cards]
        view = discord.ui.View(timeout=None)
        for page, options in enumerate(_options(pairs)):
            view.add_item(CardSelect(self.game_id, self.seq, page, options, reader))
        await interaction.response.send_message(
            localise(_("Which card?"), reader), view=view, ephemeral=True
        )


class CardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"praetor:bcard:(?P<game>\d+):(?P<seq>\d+):(?P<page>\d+)",
):
    """The cards with a legal play; choosing one shows the legal spaces for it."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        page: int = 0,
        options: list[discord.SelectOption] | None = None,
        language: str = "en",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"praetor:bcard:{game_id}:{seq}:{page}",
                placeholder=localise(_("Card to play"), language),
                options=options or [discord.SelectOption(label="(reload)", value="")],
            )
        )
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CardSelect:
        return cls(component_number(match["game"]), component_number(match["seq"]), component_number(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        card = chosen(interaction)
        try:
            row, game, seat = await current(interaction, self.game_id, self.seq)
        except (ModeratorError, RuleError) as error:
            await refuse(interaction, str(error))
            return
        notes = placement_note(game, seat, card)
        reader = reader_language(interaction)
        pairs: list[tuple[str, str]] = []
        for command in legal(game, seat):
            if command.args.get("card") != card:
                continue
            if command.name == "play":
                space = str(command.args.get("space", ""))
                how = notes.get(space, "normal")
                pairs.append((space if how == "normal" else localise(
                    _("{space} ({how})", space=space, how=placement_word(how)), reader), space))
            elif command.name == "move":
                origin, to = str(command.args.get("from", "")), str(command.args.get("to", ""))
                move = _("Move the Barbarian {origin} to {to}", origin=origin, to=to)
                pairs.append((localise(move, reader), f"{origin}>{to}"))
        if not pairs:
            await refuse(interaction, _("That card has no legal play now."))
            return
        label = arg_label(game, seat, "play", "card", card)
        view = discord.ui.View(timeout=None)
        for page, options in enumerate(_options(pairs)):
            view.add_item(SpaceSelect(self.game_id, self.seq, card, page, options, reader))
        # the card menu is always ephemeral: replace it with the spaces
        where = localise(_("Where does {card} go?", card=label), reader)
        await interaction.response.edit_message(content=where, view=view)


class SpaceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"praetor:bspace:(?P<game>\d+):(?P<seq>\d+):(?P<page>\d+):(?P<card>[\w-]+)",
):
    """The legal spaces for one card (or the Barbarian moves it pays for); choosing plays."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        card: str,
        page: int = 0,
        options: list[discord.SelectOption] | None = None,
        language: str = "en",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"praetor:bspace:{game_id}:{seq}:{page}:{card}",
                placeholder=localise(_("Space"), language),
                options=options or [discord.SelectOption(label="(reload)", value="")],
            )
        )
        self.game_id, self.seq, self.card = game_id, seq, card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SpaceSelect:
        return cls(component_number(match["game"]), component_number(match["seq"]), match["card"], component_number(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = chosen(interaction)
        if ">" in value:
            origin, _, to = value.partition(">")
            command = Command("move", {"card": self.card, "from": origin, "to": to})
        else:
            command = Command("play", {"card": self.card, "space": value})
        await act(interaction, self.game_id, self.seq, command)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"praetor:bact:(?P<game>\d+):(?P<seq>\d+):(?P<page>\d+)",
):
    """The engine's legal commands for the step after a play (ability, resolve, Forum ...).

    The value is the command's index in ``legal_commands`` at that seq: the seq check makes
    the index mean the same command it was offered as."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        page: int = 0,
        options: list[discord.SelectOption] | None = None,
        language: str = "en",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"praetor:bact:{game_id}:{seq}:{page}",
                placeholder=localise(_("Choose"), language),
                options=options or [discord.SelectOption(label="(reload)", value="")],
            ),
            row=min(page + 1, 4),  # a select fills a row: the Play button keeps row 0
        )
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionSelect:
        return cls(component_number(match["game"]), component_number(match["seq"]), component_number(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = chosen(interaction)
        try:
            row, game, seat = await current(interaction, self.game_id, self.seq)
            commands_now = [c for c in legal(game, seat) if c.name not in ("play", "move")]
            index = option_index(value, len(commands_now))
            if index is None:
                raise ModeratorError(_("That choice is not on offer any more."))
        except (ModeratorError, RuleError) as error:
            await refuse(interaction, str(error))
            return
        command = commands_now[index]
        card = str(command.args.get("choice", ""))
        orders = frumentarii_orders(game, seat, card) if command.name == "forum" else []
        if len(orders) > 1:  # keeping a Frumentarii card: now the order of the others
            reader = reader_language(interaction)
            options = [
                discord.SelectOption(label=order_label(order, i == 0, reader), value=str(i))
                for i, order in enumerate(orders)
            ][:MAX_OPTIONS]
            view = discord.ui.View(timeout=None)
            view.add_item(OrderSelect(self.game_id, self.seq, card, options, reader))
            label = arg_label(game, seat, "forum", "choice", card)
            question = _(
                "You keep {card}. In which order do the others go under the deck?", card=label
            )
            await interaction.response.edit_message(content=localise(question, reader), view=view)
            return
        await act(interaction, self.game_id, self.seq, command)


def frumentarii_orders(game: Game[Any], seat: str, card: str) -> list[list[str]]:
    finder = getattr(game, "frumentarii_orders", None)
    return [list(o) for o in finder(seat, card)] if finder is not None else []


def order_label(order: list[str], as_seen: bool, language: str = "en") -> str:
    """"Under the deck: Mob Yellow 5 then Castra Red 3" (first = nearer the top; no commas, so
    a transcript can name the option by its label)."""
    from rules.barracks.data import CARDS

    names = [CARDS[c].label() if c in CARDS else c for c in order]
    # TRANSLATORS: joins the cards of a Frumentarii order: "Mob Yellow 5 then Castra Red 3"
    then = localise(_("then"), language)
    cards = join(f" {then} ", names)
    text = (
        _("Under the deck: {cards} (as seen)", cards=cards) if as_seen
        else _("Under the deck: {cards}", cards=cards)
    )
    return localise(text, language)[:100]


class OrderSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"praetor:border:(?P<game>\d+):(?P<seq>\d+):(?P<card>[\w-]+)",
):
    """Frumentarii, after choosing the card to keep: the order of the others under the deck
    (the first listed goes nearest the top). The value is the order's index in
    ``Game.frumentarii_orders`` at that seq."""

    def __init__(
        self,
        game_id: int,
        seq: int,
        card: str,
        options: list[discord.SelectOption] | None = None,
        language: str = "en",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"praetor:border:{game_id}:{seq}:{card}",
                placeholder=localise(_("Order of the others under the deck"), language),
                options=options or [discord.SelectOption(label="(reload)", value="")],
            )
        )
        self.game_id, self.seq, self.card = game_id, seq, card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> OrderSelect:
        return cls(component_number(match["game"]), component_number(match["seq"]), match["card"])

    async def callback(self, interaction: discord.Interaction) -> None:
        value = chosen(interaction)
        try:
            row, game, seat = await current(interaction, self.game_id, self.seq)
            orders = frumentarii_orders(game, seat, self.card)
            index = option_index(value, len(orders))
            if index is None:
                raise ModeratorError(_("That order is not on offer any more."))
        except (ModeratorError, RuleError) as error:
            await refuse(interaction, str(error))
            return
        command = Command("forum", {"choice": self.card, "order": orders[index]})
        await act(interaction, self.game_id, self.seq, command)


DYNAMIC_ITEMS.extend([HandButton, PlayButton, CardSelect, SpaceSelect, ActionSelect, OrderSelect])


def render_barracks(view: dict[str, Any], name: str) -> bytes:
    """bot.renderers expects ``render_public_view(view, name)``; the table renderer is
    ``render.barracks.render_table(view)`` (one picture, whatever the name)."""
    from render import barracks

    named = getattr(barracks, "render_public_view", None)
    return named(view, name) if callable(named) else barracks.render_table(view)


register_renderer(KIND, render_barracks)


# -- flows --------------------------------------------------------------------------------------
def chosen(interaction: discord.Interaction) -> str:
    data: Any = interaction.data or {}
    values = data.get("values") or []
    return str(values[0]) if values else ""


async def current(
    interaction: discord.Interaction, game_id: int, seq: int
) -> tuple[GameRow, Game[Any], str]:
    """The game at ``seq`` and the clicker's seat to move, or a refusal."""
    bot = praetor(interaction)
    row = await game_row(bot, game_id, KIND)
    if row.status != "active":
        raise ModeratorError(_("This game is not in progress."))
    if row.seq != seq:
        raise ModeratorError(_("This menu is out of date: the game has moved on. Use /hand."))
    game = await bot.moderator.load(row)
    return row, game, bot.moderator.acting_seat(row, game, user_key(interaction))


def step_view(
    row: GameRow, game: Game[Any], seat: str, language: str = "en"
) -> tuple[str, discord.ui.View | None]:
    """What ``seat`` may do now as a prompt and components (none when it is not its move)."""
    if seat not in game.to_move() or game.pending_decision() is not None:
        return "", None
    game_id, seq = row.id or 0, row.seq or 0
    commands_now = legal(game, seat)
    view = discord.ui.View(timeout=None)
    if any(c.name in ("play", "move") for c in commands_now):
        view.add_item(PlayButton(game_id, seq, language))
    others = [c for c in commands_now if c.name not in ("play", "move")]
    pairs = [(command_label(game, seat, c, language), str(i)) for i, c in enumerate(others)]
    for page, options in enumerate(_options(pairs)):
        view.add_item(ActionSelect(game_id, seq, page, options, language))
    if not view.children:
        return "", None
    phase = str(game.public_view().get("phase", ""))
    prompt = localise(PHASE_PROMPT.get(phase, _("Your move.")), language)
    return f"**{seat}**: {prompt}", view


def table_view(game_id: int, seq: int, play: bool = True, language: str = "en") -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(game_id, language))
    if play:
        view.add_item(PlayButton(game_id, seq, language))
    return view


async def show_hand(interaction: discord.Interaction, game_id: int) -> None:
    """The caller's hand and controls, ephemerally; a refusal for a spectator."""
    bot = praetor(interaction)
    try:
        row = await bot.moderator.get(game_id)
        if row.kind != KIND:
            raise ModeratorError(_("The game here is not The Barracks Emperors."))
        seats = seats_of(row, user_key(interaction))
        if not seats:
            raise ModeratorError(_("You hold no seat in this game, so you have no hand to see."))
        if row.status != "active":
            raise ModeratorError(_("This game is not in progress."))
        game = await bot.moderator.load(row)
    except ModeratorError as error:
        await refuse(interaction, str(error))
        return
    language = reader_language(interaction)  # shown to its owner only
    lines: list[str] = []
    view: discord.ui.View | None = None
    for seat in seats:
        lines.append(f"**{seat}**")
        lines.extend(hand_lines(game.seat_view(seat), language))
        prompt, seat_controls = step_view(row, game, seat, language)
        if seat_controls is not None:
            lines.append(prompt)
            view = seat_controls
    if view is None and game.pending_decision() is not None:
        waiting = _("A decision is waiting: its Respond button is in the channel.")
        lines.append(localise(waiting, language))
    text = "\n".join(lines)
    if len(text) > 2000:
        text = text[:1990] + " …"
    if view is not None:
        await interaction.response.send_message(text, view=view, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def act(interaction: discord.Interaction, game_id: int, seq: int, command: Command) -> None:
    """Apply a command chosen from a menu: refuse ephemerally, or answer in public."""
    bot = praetor(interaction)
    try:
        result = await bot.moderator.act_in(game_id, user_key(interaction), command, seq)
    except (RuleError, ModeratorError) as error:
        await refuse(interaction, str(error))
        return
    await after(bot, result, interaction)


async def run(interaction: discord.Interaction, verb: str, args: dict[str, Any]) -> None:
    """A typed Barracks verb: the same path as the shared verbs, then the next controls."""
    bot = praetor(interaction)
    try:
        row = await bot.moderator.require_game(channel_key(interaction))
        if row.kind != KIND:
            raise ModeratorError(
                _("/{verb} belongs to The Barracks Emperors; the game here is not.", verb=verb)
            )
        result = await bot.moderator.act(
            channel_key(interaction), user_key(interaction), Command(verb, args)
        )
    except (RuleError, ModeratorError) as error:
        await refuse(interaction, str(error))
        return
    await after(bot, result, interaction)


async def after(bot: PraetorBot, result: ActResult, interaction: discord.Interaction) -> None:
    """Announce: the one public message carries the next step's panel (``public_extras``)."""
    await announce(bot, result, interaction)


def public_extras(
    row: GameRow, game: Game[Any], result: ActResult | None, language: str
) -> Extras:
    """``PUBLIC_EXTRAS`` hook (pure): at the end, the final table and the score sheet; while a
    decision waits, nothing (its Respond button is there); else the turn panel (My hand, and
    Play a card when the mover has a card to play), with a mention of who moves at the start
    (``result`` None). Buttons only: a hand is shown to its owner alone, when they click."""
    if result is not None and result.result is not None:
        title = localise(_("🏁 **Final score sheet**"), language)
        return Extras(
            lines=[title, *score_lines(game.public_view(), language)[1:]], view_name="final"
        )
    movers = game.to_move()
    if not movers or game.pending_decision() is not None:
        return Extras()
    plays = any(c.name in ("play", "move") for seat in movers for c in legal(game, seat))
    ping = result is None
    names = ", ".join(
        f"{seat} {mention(row.seats.get(seat))}" if ping else seat for seat in movers
    )
    text = (
        _("{names}: your hand and your play are behind these buttons.", names=names)
        if plays
        else _("{names}: your hand and your next step are behind these buttons.", names=names)
    )
    view = table_view(row.id or 0, row.seq or 0, play=plays, language=language)
    users = [str(row.seats.get(seat)) for seat in movers if ping and row.seats.get(seat)]
    return Extras(
        lines=[localise(text, language)], components=view.to_components(), mentions=users
    )


async def last_finished(bot: PraetorBot, channel_id: str) -> GameRow | None:
    """The most recent finished game of a channel (its score sheet stays on offer)."""
    from sqlmodel import col, select

    from db.models import GameRow

    async with bot.moderator.sessions() as session:
        found = await session.exec(
            select(GameRow)
            .where(GameRow.channel_id == channel_id)
            .where(GameRow.status == "finished")
            .order_by(col(GameRow.id).desc())
        )
        return found.first()


class BarracksCog(commands.Cog):
    """Barracks-only verbs and the hand."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="hand", description="Your hand, shown only to you (card games)")
    async def hand(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        row = await bot.moderator.channel_game(channel_key(interaction))
        if row is None:
            await refuse(interaction, _("There is no game in this channel."))
            return
        await show_hand(interaction, row.id or 0)

    @app_commands.command(name="table", description="The table: picture, Forum, scores, buttons")
    async def table(self, interaction: discord.Interaction) -> None:
        bot = praetor(interaction)
        row = await bot.moderator.channel_game(channel_key(interaction))
        if row is None:
            row = await last_finished(bot, channel_key(interaction))
        if row is None or row.kind != KIND or row.status == "lobby":
            await refuse(interaction, _("There is no game of The Barracks Emperors under way here."))
            return
        try:
            game = await bot.moderator.load(row)
        except ModeratorError as error:
            await refuse(interaction, str(error))
            return
        view = game.public_view()
        language = game_language(row)
        status = [localise(line, language) for line in game.status_lines()]
        kwargs: dict[str, Any] = {}
        if row.status != "active":
            title = localise(_("🏁 **Final score sheet**"), language)
            lines = [title, *score_lines(view, language)[1:], *status]
        else:
            lines = [*table_lines(view, language), *score_lines(view, language), *status]
            kwargs["view"] = table_view(row.id or 0, row.seq or 0, language=language)
        await interaction.response.defer()  # one message: the picture is drawn first
        image = await render_image(KIND, view, language=language)
        if image is not None:
            kwargs["file"] = image.to_discord()
        await interaction.followup.send("\n".join(lines)[:2000], **kwargs)

    @app_commands.command(name="forum", description="Take a Forum card, or look with Frumentarii")
    @app_commands.describe(
        choice="Forum slot 1-4, frumentarii, or the card to keep",
        order="Frumentarii: the others' order to the bottom, comma-separated",
    )
    @app_commands.autocomplete(choice=complete("forum", "choice"))
    async def forum(
        self, interaction: discord.Interaction, choice: str, order: str | None = None
    ) -> None:
        args: dict[str, Any] = {"choice": choice}
        if order:
            args["order"] = split_list(order)
        await run(interaction, "forum", args)

    @app_commands.command(name="ability", description="Use the ability of the card just played")
    @app_commands.describe(target="Space, Emperor space, draw or on")
    @app_commands.autocomplete(target=complete("ability", "target"))
    async def ability(self, interaction: discord.Interaction, target: str) -> None:
        await run(interaction, "ability", {"target": target})

    @app_commands.command(name="skip", description="Do not use the ability of the card just played")
    async def skip(self, interaction: discord.Interaction) -> None:
        await run(interaction, "skip", {})

    @app_commands.command(name="resolve", description="Resolve this surrounded Emperor next")
    @app_commands.describe(emperor="Emperor space")
    @app_commands.autocomplete(emperor=complete("resolve", "emperor"))
    async def resolve(self, interaction: discord.Interaction, emperor: str) -> None:
        await run(interaction, "resolve", {"emperor": emperor})

    @app_commands.command(name="discard", description="Solo: no legal play, discard a card")
    @app_commands.autocomplete(card=complete("discard", "card"))
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await run(interaction, "discard", {"card": card})

    @app_commands.command(name="defeat", description="Solo: defeat the Barbarian nearest Roma")
    @app_commands.describe(card="Red card", militia="Yellow cards as militia, comma-separated")
    @app_commands.autocomplete(
        card=complete("defeat", "card"), militia=complete("defeat", "militia")
    )
    async def defeat(
        self, interaction: discord.Interaction, card: str, militia: str | None = None
    ) -> None:
        await run(interaction, "defeat", {"card": card, "militia": split_list(militia or "")})

    @app_commands.command(name="citizenship", description="Solo: a Blue Forum card makes way")
    @app_commands.describe(slot="Forum slot")
    @app_commands.autocomplete(slot=complete("citizenship", "slot"))
    async def citizenship(self, interaction: discord.Interaction, slot: str) -> None:
        await run(interaction, "citizenship", {"slot": slot})


PUBLIC_EXTRAS[KIND] = public_extras


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(BarracksCog(bot))
