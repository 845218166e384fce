"""The Discord client: an ``AutoShardedBot`` that loads the cogs and owns the Moderator."""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import secrets
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.moderator import Moderator, ModeratorError
from bot.publisher import DiscordPublisher, Publisher
from bot.quoted import unbalanced_message, unquote_options
from rules.core import RuleError
from rules.core.i18n import Text, _

log = logging.getLogger(__name__)


# -- one error handler for commands, components and autocomplete ---------------------------
def new_reference() -> str:
    """A short reference a player can quote, found in the log next to the traceback."""
    return secrets.token_hex(4).upper()


def failure_text(reference: str) -> str:
    return _(
        "⚠️ Something went wrong, and nothing was changed. Reference: {reference} "
        "(quote it to whoever runs this bot).",
        reference=reference,
    )


async def _still_thinking(interaction: discord.Interaction) -> tuple[bool, bool]:
    """After a defer: (the "thinking…" placeholder is still there, it is ephemeral)."""
    if interaction.response.type not in (
        discord.InteractionResponseType.deferred_channel_message,
        discord.InteractionResponseType.deferred_message_update,
    ):
        return False, False
    original = await interaction.original_response()
    return bool(original.flags.loading), bool(original.flags.ephemeral)


async def answer_privately(interaction: discord.Interaction, text: str) -> None:
    """Send ``text`` to the interaction's user only, whatever was answered before.

    Before any response: an ephemeral response. After an ephemeral defer: the placeholder
    becomes the text. After a public defer Discord shows the first follow-up publicly, so the
    placeholder gets the (neutral) text publicly. After a follow-up: an ephemeral follow-up."""
    if not interaction.response.is_done():
        await interaction.response.send_message(text, ephemeral=True)
        return
    thinking, _ephemeral = await _still_thinking(interaction)
    if thinking:
        await interaction.edit_original_response(content=text)
    else:
        await interaction.followup.send(text, ephemeral=True)


async def report_failure(
    interaction: discord.Interaction, error: BaseException, where: str
) -> str | None:
    """THE error handler: answer an unexpected failure privately with a reference, log the
    reference with the traceback, and return the reference.

    Refusals that escaped a cog (``RuleError``, ``ModeratorError``) and Discord's own checks
    are shown as refusals, without a reference. Errors the local table must see (a cog
    breaking Discord's rules) are listed in ``client.propagate_errors`` and raised again."""
    original: BaseException = error
    if isinstance(original, app_commands.CommandInvokeError):
        original = original.original
    propagate: tuple[type[BaseException], ...] = tuple(
        getattr(interaction.client, "propagate_errors", ())
    )
    if propagate and isinstance(original, propagate):
        raise original
    reference: str | None = None
    text: Any
    if isinstance(original, RuleError | ModeratorError):
        text = "❌ " + str(original)
    elif isinstance(original, app_commands.TransformerError):
        text = "❌ " + _("That value cannot be used here: {value}.", value=str(original.value)[:100])
    elif isinstance(original, app_commands.CheckFailure):
        text = "❌ " + _("This command cannot be used here.")
    else:
        reference = new_reference()
        log.error(
            "unexpected error in %s (reference %s)",
            where,
            reference,
            exc_info=(type(original), original, original.__traceback__),
            extra={"reference": reference},
        )
        text = failure_text(reference)
    try:
        from bot.i18n import localise, reader_language

        shown = localise(text, reader_language(interaction))
        await answer_privately(interaction, shown[:2000])
    except discord.HTTPException:  # the token may have expired; the log keeps the reference
        log.warning("could not tell the user about failure %s", reference, exc_info=True)
    return reference


class PraetorTree(app_commands.CommandTree):  # type: ignore[type-arg]
    """The command tree, with the one error handler for every application command and the
    one place where typed string options lose their enclosing quotes (:mod:`bot.quoted`)."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Before discord.py reads the options: unquote every string option in place (commands
        and autocomplete); refuse privately a command whose option has an unbalanced quote."""

        data = interaction.data
        options = data.get("options") if isinstance(data, dict) else None
        if not isinstance(options, list):
            return True
        typing = interaction.type is discord.InteractionType.autocomplete
        bad = unquote_options(options, typing=typing)
        if bad is None:
            return True
        from cogs.common import refuse

        await refuse(interaction, unbalanced_message(bad))
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        command = interaction.command
        where = f"/{command.qualified_name}" if command is not None else "a command"
        await report_failure(interaction, error, where)


MAX_CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""


def cap_choices(choices: list[Any], current: str) -> list[Any]:
    """At most 25 choices; when there are more, the first 24 and a last one that says how many
    are left and to type to narrow them (never a silent cut)."""
    if len(choices) <= MAX_CHOICES:
        return choices
    hidden = len(choices) - (MAX_CHOICES - 1)
    hint = _(
        "… {n} more: type a few letters to narrow the list",
        n=hidden,
    )
    return [*choices[: MAX_CHOICES - 1], app_commands.Choice(name=hint, value=(current or "…")[:100])]


def reader_choices(choices: list[Any], interaction: Any) -> list[Any]:
    """Each marked choice name (a ``Text``) in the reader's language, cut in words to Discord's 100
    characters (issue 13: an autocomplete is read by the one person typing)."""
    from bot.i18n import fit_words, localise, reader_language

    language = reader_language(interaction)
    return [
        app_commands.Choice(name=fit_words(localise(c.name, language)), value=c.value)
        if isinstance(getattr(c, "name", None), Text) else c
        for c in choices
    ]


def guard_autocomplete(callback: Any) -> Any:
    """Wrap an autocomplete callback: at most 25 choices, the last one saying how many more there
    are (:func:`cap_choices`); on an unexpected error, log it with a reference and offer one
    choice that names the reference (an autocomplete can answer nothing else)."""
    if getattr(callback, "__praetor_guarded__", False):
        return callback
    with_binding = getattr(callback, "pass_command_binding", False)

    async def failed(interaction: discord.Interaction, current: str, error: Exception) -> Any:
        propagate = tuple(getattr(interaction.client, "propagate_errors", ()))
        if propagate and isinstance(error, propagate):
            raise error
        reference = new_reference()
        log.error(
            "unexpected error in autocomplete (reference %s)",
            reference,
            exc_info=error,
            extra={"reference": reference},
        )
        name = _("⚠️ Something went wrong; reference {reference}", reference=reference)
        return reader_choices([app_commands.Choice(name=name, value=(current or "-")[:100])], interaction)

    if with_binding:

        @functools.wraps(callback)
        async def guarded_bound(
            binding: Any, interaction: discord.Interaction, current: str
        ) -> Any:
            try:
                found = cap_choices(await callback(binding, interaction, current), current)
                return reader_choices(found, interaction)
            except Exception as error:
                return await failed(interaction, current, error)

        guarded: Any = guarded_bound
    else:

        @functools.wraps(callback)
        async def guarded_free(interaction: discord.Interaction, current: str) -> Any:
            try:
                return reader_choices(cap_choices(await callback(interaction, current), current), interaction)
            except Exception as error:
                return await failed(interaction, current, error)

        guarded = guarded_free
    guarded.pass_command_binding = with_binding
    guarded.__praetor_guarded__ = True
    return guarded


def guard_tree_autocompletes(tree: app_commands.CommandTree) -> int:  # type: ignore[type-arg]
    """Guard every autocomplete of every command in ``tree``; return how many."""
    count = 0
    for command in tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        for param in command._params.values():
            if param.autocomplete is not None:
                param.autocomplete = guard_autocomplete(param.autocomplete)
                count += 1
    return count


async def answered_again(interaction: discord.Interaction) -> bool:
    """A doubled delivery of a component (a menu select Discord sent twice): when the first
    delivery already landed its command, answer with the first one's result (privately, as a
    doubled typed command is answered) instead of "out of date", and return True."""
    from bot.moderator import handling

    moderator = getattr(interaction.client, "moderator", None)
    if moderator is None:
        return False
    handling(getattr(interaction, "id", None))
    first = await moderator.answered_before()
    if first is None:
        return False
    from cogs.outbox import deliver_event

    await deliver_event(interaction.client, first, interaction)  # type: ignore[arg-type]
    return True


def guard_components(classes: Iterable[type[discord.ui.DynamicItem[Any]]]) -> None:
    """Route the failures of persistent components (their ``from_custom_id`` and ``callback``)
    to :func:`report_failure`; discord.py would only log them, leaving the user with "This
    interaction failed". Safe to call again: a guarded class is left as it is."""
    for cls in classes:
        if cls.__dict__.get("__praetor_guarded__"):
            continue
        callback = cls.callback

        async def guarded_callback(
            self: Any, interaction: discord.Interaction, _original: Any = callback
        ) -> None:
            try:
                if await answered_again(interaction):
                    return
                await _original(self, interaction)
            except Exception as error:
                custom_id = getattr(self.item, "custom_id", "?")
                await report_failure(interaction, error, f"component {custom_id}")

        factory = cls.from_custom_id.__func__  # type: ignore[attr-defined]

        async def guarded_factory(
            kind: Any,
            interaction: discord.Interaction,
            item: Any,
            match: Any,
            _original: Any = factory,
        ) -> Any:
            try:
                return await _original(kind, interaction, item, match)
            except Exception as error:
                await report_failure(interaction, error, f"component {match.string}")
                raise

        cls.callback = functools.wraps(callback)(guarded_callback)  # type: ignore[method-assign]
        cls.from_custom_id = classmethod(  # type: ignore[method-assign, assignment]
            functools.wraps(factory)(guarded_factory)
        )
        cls.__praetor_guarded__ = True  # type: ignore[attr-defined]

CORE_COG_MODULES = ("cogs.lobby", "cogs.dice", "cogs.play", "cogs.scheduler")

EVERYWHERE_COMMANDS = frozenset({"roll"})
"""Top-level commands offered in DMs too; every other command opens or plays a game, and games
are played in server channels only (a DM has no server to list games in, nor spectators)."""

ALLOWED_MENTIONS = discord.AllowedMentions(
    everyone=False, roles=False, users=True, replied_user=False
)
"""What any message of the bot may ping: users only (the player who must act, the seats asked
to agree, the followers who opted in), never @everyone, @here or a role. A message that echoes
text typed by someone (``/roll reason:``) pings nobody (``AllowedMentions.none()``)."""


def restrict_games_to_servers(tree: app_commands.CommandTree) -> list[str]:  # type: ignore[type-arg]
    """Mark every top-level command but :data:`EVERYWHERE_COMMANDS` as usable in servers only,
    so Discord does not offer it in DMs; return their names."""
    servers_only = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
    marked = []
    for command in tree.get_commands():
        if command.name in EVERYWHERE_COMMANDS or not isinstance(
            command, app_commands.Command | app_commands.Group
        ):
            continue
        command.guild_only = True
        command.allowed_contexts = servers_only
        marked.append(command.name)
    return marked


def game_cog_modules() -> list[str]:
    """Every other module of the ``cogs`` package with a ``setup``: the games' own cogs."""
    import importlib
    import pkgutil

    import cogs

    found = []
    for info in sorted(pkgutil.iter_modules(cogs.__path__), key=lambda i: i.name):
        name = f"cogs.{info.name}"
        if name in CORE_COG_MODULES or info.name.startswith("_") or info.name == "common":
            continue
        if hasattr(importlib.import_module(name), "setup"):
            found.append(name)
    return found


class PraetorBot(commands.AutoShardedBot):
    def __init__(
        self,
        moderator: Moderator,
        publisher: Publisher | None = None,
        run_scheduler: bool = True,
        sync_state_file: Path | None = None,
        shard_ids: Iterable[int] | None = None,
        shard_count: int | None = None,
    ) -> None:
        """``shard_ids``/``shard_count``: the Discord shards this process runs when several
        processes share one PostgreSQL (README, deployment); None: all of them."""
        intents = discord.Intents.none()
        intents.guilds = True
        shards: dict[str, Any] = {}
        if shard_ids is not None:
            shards = {"shard_ids": list(shard_ids), "shard_count": shard_count}
        super().__init__(
            **shards,
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=PraetorTree,
            allowed_mentions=ALLOWED_MENTIONS,
        )
        self.propagate_errors: tuple[type[BaseException], ...] = ()
        self.moderator = moderator
        self.publisher: Publisher = publisher or DiscordPublisher(self)
        self.run_scheduler = run_scheduler
        self.sync_state_file = sync_state_file or Path(".praetor-commands.sha256")

    async def load_praetor_cogs(self) -> None:
        """Load every cog and register the persistent buttons (they work after a restart)."""
        from cogs.common import DYNAMIC_ITEMS
        from cogs.scheduler import SchedulerCog

        for module in [*CORE_COG_MODULES, *game_cog_modules()]:
            if module == "cogs.scheduler":
                await self.add_cog(SchedulerCog(self, run_loop=self.run_scheduler))
                continue
            await self.load_extension(module)
        # A game cog appends its classes each time its module is loaded (a new bot in the same
        # process loads them again): keep one class per custom_id template, the newest.
        newest = {cls.__discord_ui_compiled_template__.pattern: cls for cls in DYNAMIC_ITEMS}  # type: ignore[attr-defined]
        DYNAMIC_ITEMS[:] = list(newest.values())
        guard_components(DYNAMIC_ITEMS)
        guard_tree_autocompletes(self.tree)
        restrict_games_to_servers(self.tree)
        self.add_dynamic_items(*DYNAMIC_ITEMS)  # game cogs append theirs to DYNAMIC_ITEMS
        from bot.i18n import PraetorTranslator

        if self.tree.translator is None:
            await self.tree.set_translator(PraetorTranslator())  # French names (bot/i18n.py)

    async def setup_hook(self) -> None:
        await self.load_praetor_cogs()
        await self.sync_if_changed()

    def command_tree_payload(self) -> list[dict[str, Any]]:
        """The command definitions as Discord receives them."""
        return [command.to_dict(self.tree) for command in self.tree.get_commands()]

    async def translated_command_tree_payload(self) -> list[dict[str, Any]]:
        """The command definitions exactly as ``tree.sync()`` sends them: with the
        ``name_localizations``/``description_localizations`` of the translator."""
        translator = self.tree.translator
        if translator is None:
            return self.command_tree_payload()
        return [
            await command.get_translated_payload(self.tree, translator)
            for command in self.tree.get_commands()
        ]

    def command_tree_hash(self) -> str:
        payload = json.dumps(self.command_tree_payload(), sort_keys=True, default=str)
        return hashlib.sha256(payload.encode()).hexdigest()

    async def sync_if_changed(self, force: bool = False) -> bool:
        """Sync the slash commands only when their definition (translations included) changed
        (or when forced)."""
        payload = json.dumps(await self.translated_command_tree_payload(), sort_keys=True)
        digest = hashlib.sha256(payload.encode()).hexdigest()
        previous = self.sync_state_file.read_text().strip() if self.sync_state_file.exists() else ""
        if not force and previous == digest:
            log.info("slash commands unchanged; not syncing")
            return False
        await self.tree.sync()
        self.sync_state_file.write_text(digest)
        log.info("slash commands synced")
        return True
