"""The local table: the real cogs and command tree, driven from text instead of Discord.

``LocalInteraction`` stands in for ``discord.Interaction`` and enforces Discord's response
rules (one initial response within 3 seconds, no follow-up before it, no ephemeral first
follow-up after a public defer, message and component limits), so the cogs behave here exactly
as they must in Discord. ``LocalTable`` parses lines such as ``/game new game:tiny
scenario:race`` or ``click Respond`` and records every output with who may see it.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.clock import Clock
from bot.moderator import Moderator
from bot.publisher import ImageFile, PinFailed
from bot.quoted import unbalanced_message, unquote_values
from rules.core.i18n import _

SEED_VARIABLE = "PRAETOR_TEST_SEED"
"""For tests only: when this environment variable is set, the local table's games get fixed
seeds (``VALUE-1``, ``VALUE-2``, ... in the order they are made) instead of secret ones, so a
test that starts a game here plays the same dice every run. Read by the local table alone
(never by the Discord bot); a Moderator given its own ``seed_source`` keeps it.
``tests/conftest.py``'s ``fixed_seeds`` fixture sets it (docs/development.md)."""
LOCAL_GUILD = "local-guild"
LOCAL_CHANNEL = "local-channel"
INITIAL_RESPONSE_SECONDS = 3.0
MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_ROW_WIDTH = 5  # buttons per action row; a select fills its row
MAX_SELECT_OPTIONS = 25
MAX_LABEL = 80  # a button's label
MAX_OPTION_TEXT = 100  # a select option's label, value and description
MAX_PLACEHOLDER = 150
MAX_CUSTOM_ID = 100
MAX_EMBEDS = 10
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_EMBED_FIELD_NAME = 256
MAX_EMBED_FIELD_VALUE = 1024
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
MAX_FILE_BYTES = 10 * 1024 * 1024  # a bot's upload limit without a server boost
FOLLOWUP_TOKEN_SECONDS = 15 * 60  # an interaction's token: follow-ups for 15 minutes


INTERACTION_IDS = itertools.count(10**17)


class DiscordRuleViolation(RuntimeError):
    """A cog did something Discord would reject; a bug in the cog, never the player's fault."""


class LocalInputError(ValueError):
    """A line the local table cannot read (unknown command, bad option, no such button)."""


@dataclass
class Component:
    kind: str  # "button" | "select"
    label: str
    custom_id: str
    options: list[tuple[str, str]] = field(default_factory=list)  # (label, value)
    item: Any = None


@dataclass
class Output:
    """One message as someone saw it. ``audience`` is "public" or the user it was for."""

    audience: str
    text: str = ""
    image: Path | None = None
    components: list[Component] = field(default_factory=list)
    refusal: bool = False
    pings: list[str] = field(default_factory=list)  # who Discord would notify (public only)
    more_images: list[Path] = field(default_factory=list)  # the 2nd... files of one message

    def lines(self) -> list[str]:
        tag = "[public]" if self.audience == "public" else f"[to {self.audience}]"
        shown: list[str] = []
        if self.text:
            shown.extend(f"{tag} {line}" for line in readable(self.text).splitlines())
        if self.components:
            labels = " | ".join(c.label for c in self.components)
            shown.append(f"{tag} [components: {labels}]")
            for component in self.components:  # every menu's options, as `select` accepts them
                if component.kind == "select":
                    offered = " | ".join(
                        label if label == value else f"{label} ({value})"
                        for label, value in component.options
                    )
                    shown.append(f"{tag} [menu {component.label}: {offered}]")
        for image in [*([self.image] if self.image is not None else []), *self.more_images]:
            shown.append(f"[image] {image}")
        return shown


def pinged(text: str, allowed: discord.AllowedMentions) -> list[str]:
    """Whom Discord would notify for ``text`` under ``allowed``: user ids, ``role:<id>``,
    ``@everyone``."""

    def permitted(rule: Any, value: str) -> bool:
        if rule is True:
            return True
        if not rule:
            return False
        return value in {str(getattr(item, "id", item)) for item in rule}

    found: list[str] = []
    if allowed.everyone and re.search(r"@(everyone|here)\b", text):
        found.append("@everyone")
    for role in re.findall(r"<@&([^>]+)>", text):
        if permitted(allowed.roles, role):
            found.append(f"role:{role}")
    for user in re.findall(r"<@!?([^&>][^>]*)>", text):
        if permitted(allowed.users, user) and user not in found:
            found.append(user)
    return found


def readable(text: str) -> str:
    """Discord markup made readable in a terminal: mentions and timestamps."""
    text = re.sub(r"<@!?([^>]+)>", r"@\1", text)
    text = re.sub(
        r"<t:(\d+):\w>",
        lambda m: time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(int(m.group(1)))),
        text,
    )
    return text


@dataclass(frozen=True)
class LocalUser:
    id: str  # type: ignore[assignment]
    name: str

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name


class LocalPermissions:
    def __init__(self, manage_channels: bool) -> None:
        self.manage_channels = manage_channels


SELECT_TYPES = (3, 5, 6, 7, 8)
"""Discord's component types of the select menus (string, user, role, mentionable, channel)."""


def check_view(view: discord.ui.View | None) -> list[Component]:
    """Check a view against Discord's component limits; return its components."""
    if view is None:
        return []
    components: list[Component] = []
    seen_ids: set[str] = set()
    for child in view.children:
        item: Any = child.item if isinstance(child, discord.ui.DynamicItem) else child
        custom_id = getattr(item, "custom_id", "") or ""
        if len(custom_id) > MAX_CUSTOM_ID:
            raise DiscordRuleViolation(f"custom_id longer than {MAX_CUSTOM_ID}: {custom_id!r}")
        if custom_id and custom_id in seen_ids:
            raise DiscordRuleViolation(f"two components with the custom_id {custom_id!r}")
        seen_ids.add(custom_id)
        if isinstance(item, discord.ui.Button):
            label = item.label or ""
            if len(label) > MAX_LABEL:
                raise DiscordRuleViolation(f"button label longer than {MAX_LABEL}: {label!r}")
            if not label and item.emoji is None:
                raise DiscordRuleViolation("a button needs a label or an emoji")
            components.append(Component("button", label, custom_id, item=child))
        elif isinstance(item, discord.ui.Select):
            check_select(item)
            components.append(
                Component(
                    "select",
                    item.placeholder or "select",
                    custom_id,
                    [(o.label, o.value) for o in item.options],
                    item=child,
                )
            )
    # The rows as discord.py lays them out (items without a row go to the first row with room).
    layout = view.to_components()
    if len(layout) > MAX_ROWS:
        raise DiscordRuleViolation(f"more than {MAX_ROWS} action rows")
    for number, action_row in enumerate(layout):
        kinds = [c.get("type") for c in action_row.get("components", [])]
        selects = [k for k in kinds if k in SELECT_TYPES]
        if len(kinds) > MAX_ROW_WIDTH or (selects and len(kinds) > 1):
            raise DiscordRuleViolation(
                f"action row {number} holds more than {MAX_ROW_WIDTH} buttons, or a select "
                "shares its row"
            )
    return components


def check_select(item: discord.ui.Select[Any]) -> None:
    """A string select: 1 to 25 options, texts within their limits, values unique."""
    options = item.options
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        raise DiscordRuleViolation(
            f"a select holds 1 to {MAX_SELECT_OPTIONS} options, not {len(options)}"
        )
    if len(item.placeholder or "") > MAX_PLACEHOLDER:
        raise DiscordRuleViolation(f"select placeholder longer than {MAX_PLACEHOLDER}")
    if not 0 <= item.min_values <= item.max_values <= min(len(options), MAX_SELECT_OPTIONS):
        raise DiscordRuleViolation(
            f"select min_values {item.min_values} / max_values {item.max_values} do not fit "
            f"its {len(options)} options"
        )
    values: set[str] = set()
    for option in options:
        for what, text in (
            ("label", option.label),
            ("value", option.value),
            ("description", option.description or ""),
        ):
            if len(text) > MAX_OPTION_TEXT:
                raise DiscordRuleViolation(
                    f"select option {what} longer than {MAX_OPTION_TEXT}: {text[:40]!r}..."
                )
        if not option.label or not option.value:
            raise DiscordRuleViolation("a select option needs a label and a value")
        if option.value in values:
            raise DiscordRuleViolation(f"two select options with the value {option.value!r}")
        values.add(option.value)


def check_embed(embed: discord.Embed | None) -> None:
    """An embed within Discord's limits (title, description, fields, 6,000 in all)."""
    if embed is None:
        return
    title, description = embed.title or "", embed.description or ""
    if len(title) > MAX_EMBED_TITLE:
        raise DiscordRuleViolation(f"embed title longer than {MAX_EMBED_TITLE}")
    if len(description) > MAX_EMBED_DESCRIPTION:
        raise DiscordRuleViolation(f"embed description longer than {MAX_EMBED_DESCRIPTION}")
    if len(embed.fields) > MAX_EMBED_FIELDS:
        raise DiscordRuleViolation(f"more than {MAX_EMBED_FIELDS} embed fields")
    for item in embed.fields:
        if len(item.name or "") > MAX_EMBED_FIELD_NAME:
            raise DiscordRuleViolation(f"embed field name longer than {MAX_EMBED_FIELD_NAME}")
        if len(item.value or "") > MAX_EMBED_FIELD_VALUE:
            raise DiscordRuleViolation(f"embed field value longer than {MAX_EMBED_FIELD_VALUE}")
    if len(embed) > MAX_EMBED_TOTAL:
        raise DiscordRuleViolation(f"embed of {len(embed)} characters (limit {MAX_EMBED_TOTAL})")


def check_file(file: discord.File | None) -> None:
    if file is None:
        return
    fp: Any = file.fp
    position = fp.tell()
    fp.seek(0, io.SEEK_END)
    size = fp.tell()
    fp.seek(position)
    if size > MAX_FILE_BYTES:
        raise DiscordRuleViolation(
            f"file {file.filename} of {size} bytes (a bot may upload {MAX_FILE_BYTES})"
        )


def attachments(
    file: discord.File | None, files: list[discord.File] | None
) -> list[discord.File]:
    """The files of one message (``file`` and ``files`` both given is refused, as discord.py
    does); at most 10, as Discord allows."""
    if file is not None and files:
        raise TypeError("cannot mix file and files keyword arguments")
    found = [file] if file is not None else list(files or [])
    if len(found) > MAX_FILES:
        raise DiscordRuleViolation(f"{len(found)} files in one message (limit {MAX_FILES})")
    return found


def check_content(content: str | None) -> str:
    text = content or ""
    if len(text) > MAX_CONTENT:
        raise DiscordRuleViolation(f"message of {len(text)} characters (limit {MAX_CONTENT})")
    return text


class LocalResponse:
    def __init__(self, interaction: LocalInteraction) -> None:
        self.interaction = interaction
        self._done = False
        self.deferred_public = False
        self.deferred = False
        self.first_ephemeral: bool | None = None
        self.kind: discord.InteractionResponseType | None = None

    def is_done(self) -> bool:
        return self._done

    @property
    def type(self) -> discord.InteractionResponseType | None:
        return self.kind

    def _begin(self) -> None:
        if self._done:
            raise DiscordRuleViolation("interaction already answered (one initial response)")
        elapsed = time.monotonic() - self.interaction.started
        if elapsed > INITIAL_RESPONSE_SECONDS:
            raise DiscordRuleViolation(
                f"initial response after {elapsed:.1f}s (Discord allows 3 s)"
            )
        self._done = True

    async def send_message(
        self,
        content: str | None = None,
        *,
        ephemeral: bool = False,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
        files: list[discord.File] | None = None,
        embed: discord.Embed | None = None,
        allowed_mentions: discord.AllowedMentions | None = None,
        **_: Any,
    ) -> None:
        self._begin()
        self.kind = discord.InteractionResponseType.channel_message
        self.first_ephemeral = ephemeral
        self.interaction.table.emit(
            self.interaction.user.name,
            content,
            ephemeral,
            view,
            attachments(file, files),
            embed,
            allowed_mentions,
        )

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False, **_: Any) -> None:
        """As discord.py: a command's defer shows a "thinking" placeholder (public, or
        ephemeral) that the first follow-up fills; a component's defer without ``thinking``
        is an update of its message, with no placeholder: every follow-up is a new message,
        public or ephemeral as asked, and ``edit_original_response`` edits the menu."""
        self._begin()
        if self.interaction.is_component() and not thinking:
            self.kind = discord.InteractionResponseType.deferred_message_update
            return
        self.kind = discord.InteractionResponseType.deferred_channel_message
        self.deferred = True
        self.deferred_public = not ephemeral
        self.first_ephemeral = ephemeral

    async def edit_message(
        self, *, content: str | None = None, view: discord.ui.View | None = None, **_: Any
    ) -> None:
        self._begin()
        self.kind = discord.InteractionResponseType.message_update
        self.interaction.table.emit(self.interaction.user.name, content, True, view, None, None)


class LocalFollowup:
    def __init__(self, interaction: LocalInteraction) -> None:
        self.interaction = interaction
        self.sent = 0

    async def send(
        self,
        content: str | None = None,
        *,
        ephemeral: bool = False,
        view: discord.ui.View | None = None,
        file: discord.File | None = None,
        files: list[discord.File] | None = None,
        embed: discord.Embed | None = None,
        allowed_mentions: discord.AllowedMentions | None = None,
        **_: Any,
    ) -> None:
        response = self.interaction.response
        if not response.is_done():
            raise DiscordRuleViolation("follow-up sent before the initial response")
        self.interaction.check_token()
        if self.sent == 0 and response.deferred_public and ephemeral:
            raise DiscordRuleViolation(
                "ephemeral first follow-up after a public defer (Discord would make it public)"
            )
        if self.sent == 0 and response.deferred:
            ephemeral = bool(response.first_ephemeral)  # it fills the placeholder, as it is
        self.sent += 1
        self.interaction.table.emit(
            self.interaction.user.name,
            content,
            ephemeral,
            view,
            attachments(file, files),
            embed,
            allowed_mentions,
        )


@dataclass
class LocalMessageFlags:
    loading: bool = False
    ephemeral: bool = False


@dataclass
class LocalMessage:
    flags: LocalMessageFlags


class LocalNamespace:
    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)

    def __getattr__(self, name: str) -> Any:
        return None


class LocalInteraction:
    """Duck-typed ``discord.Interaction`` for the cogs."""

    def __init__(
        self,
        table: LocalTable,
        user: LocalUser,
        namespace: dict[str, Any] | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.table = table
        self.user = user
        self.client = table.bot
        self.guild_id = LOCAL_GUILD
        self.locale = table.locale_of(user.name)  # the user's Discord language
        self.guild_locale = table.locale  # the server's preferred language
        self.channel_id = table.channel_id
        self.permissions = LocalPermissions(user.name in table.admins)
        self.app_permissions = table.bot_permissions()
        self.namespace = LocalNamespace(namespace or {})
        self.data = data or {}
        self.started = time.monotonic()
        self.id = next(INTERACTION_IDS)  # a fresh id per interaction, as Discord gives
        self.created_at = table.clock.now()
        self.command: Any = None
        self.response = LocalResponse(self)
        self.followup = LocalFollowup(self)

    def is_component(self) -> bool:
        """A click or a select (Discord's component interaction), not a command."""
        return "component_type" in self.data

    def check_token(self) -> None:
        """Follow-ups and edits need the interaction's token, valid for 15 minutes."""
        waited = max(
            time.monotonic() - self.started,
            (self.table.clock.now() - self.created_at).total_seconds(),
        )
        if waited > FOLLOWUP_TOKEN_SECONDS:
            raise DiscordRuleViolation(
                f"follow-up {waited / 60:.0f} minutes after the interaction (its token lasts 15)"
            )

    async def original_response(self) -> LocalMessage:
        response = self.response
        if not response.is_done():
            raise DiscordRuleViolation("no original response yet (Discord answers 404)")
        thinking = response.deferred and self.followup.sent == 0
        return LocalMessage(LocalMessageFlags(thinking, bool(response.first_ephemeral)))

    async def edit_original_response(
        self, *, content: str | None = None, view: discord.ui.View | None = None, **_: Any
    ) -> None:
        """Edit the original message; after a defer, this fills the "thinking" placeholder."""
        response = self.response
        if not response.is_done():
            raise DiscordRuleViolation("no original response to edit yet")
        self.check_token()
        if response.deferred and self.followup.sent == 0:
            self.followup.sent = 1  # the placeholder is now a message
        # after a component's update defer: its own message (as ``edit_message``, to its user)
        updating = response.kind == discord.InteractionResponseType.deferred_message_update
        ephemeral = updating or bool(response.first_ephemeral)
        self.table.emit(self.user.name, content, ephemeral, view, None, None)


@dataclass
class _HttpStatus:
    """What ``discord.HTTPException`` reads of an HTTP response."""

    status: int
    reason: str


class LocalPublisher:
    def __init__(self, table: LocalTable) -> None:
        self.table = table

    def _check_post(self, *needs: str) -> None:
        """Fail a post as Discord would: a ``fail post`` directive, or a denied permission."""
        table = self.table
        if table.failing_posts > 0:
            table.failing_posts -= 1
            raise discord.HTTPException(_HttpStatus(500, "Internal Server Error"), "post failed")
        for flag in ("view_channel", "send_messages", *needs):
            if flag in table.denied:
                raise discord.Forbidden(_HttpStatus(403, "Forbidden"), f"Missing Access ({flag})")

    async def send(
        self,
        channel_id: str,
        content: str | None = None,
        *,
        view: discord.ui.View | None = None,
        image: ImageFile | None = None,
        images: Sequence[ImageFile] = (),
        embed: discord.Embed | None = None,
    ) -> str | None:
        attached = [*([image] if image is not None else []), *images]
        self._check_post(
            *(["attach_files"] if attached else []),
            *(["embed_links"] if embed is not None else []),
        )
        files = [item.to_discord() for item in attached]
        self.table.emit("public", content, False, view, files, embed)
        return f"local-{len(self.table.outputs)}"

    async def pin_status(self, channel_id: str, message_id: str | None, content: str) -> str | None:
        """The pinned status: printed once when posted (``📌`` when pinned), then kept (silently)
        up to date. Without Pin Messages it is posted but not pinned, as in Discord, and
        ``PinFailed`` says so (as ``DiscordPublisher`` does)."""
        check_content(content)
        if message_id is None:
            self._check_post()
            pinned = "pin_messages" not in self.table.denied
            self.table.emit(
                "public", ("📌 " if pinned else "") + content, False, None, None, None
            )
            message_id = f"local-pin-{len(self.table.outputs)}"
            if not pinned:
                raise PinFailed(message_id, "403 Forbidden: Missing Permissions (pin_messages)")
        self.table.pinned[channel_id] = content
        return message_id


class LocalTable:
    """A text front end over the real bot: one channel, several people at one keyboard."""

    def __init__(
        self,
        moderator: Moderator,
        images_dir: Path,
        user: str = "alice",
        admins: tuple[str, ...] = (),
        channel_id: str = LOCAL_CHANNEL,
        locale: str = "en-US",
        cold: bool = True,
        components_file: Path | None = None,
    ) -> None:
        from bot.client import PraetorBot

        self.moderator = moderator
        fixed = os.environ.get(SEED_VARIABLE, "")
        if fixed and moderator.seeds_are_secret:
            numbers = itertools.count(1)
            moderator.new_seed = lambda: f"{fixed}-{next(numbers)}"
            moderator.seeds_are_secret = False
        self.images_dir = images_dir
        self.channel_id = channel_id
        self.user = user
        self.admins = set(admins)
        self.locale = locale
        """The server's preferred locale, and every user's until ``set_locale``."""
        self.user_locales: dict[str, str] = {}
        self.outputs: list[Output] = []
        self.pinned: dict[str, str] = {}
        self.last_components: dict[str, list[Component]] = {}
        self.denied: set[str] = set()  # the bot's permissions taken away (``deny <flag>``)
        self.failing_posts = 0  # the next N channel posts fail (``fail post``)
        self.public_components: list[Component] = []
        self.cold = cold
        self.components_file = components_file
        self._load_components()
        self.image_count = 0
        self.bot = PraetorBot(moderator, publisher=LocalPublisher(self), run_scheduler=False)
        self.bot.propagate_errors = (DiscordRuleViolation, LocalInputError)

    def bot_permissions(self) -> discord.Permissions:
        """What the bot may do in the table's channel: all it needs, less what was denied."""
        from bot.permissions import REQUIRED

        return discord.Permissions(**{flag: flag not in self.denied for flag in REQUIRED})

    def locale_of(self, user: str) -> str:
        return self.user_locales.get(user, self.locale)

    def set_locale(self, words: str) -> None:
        """``locale fr``: the user at the keyboard reads French from now on;
        ``locale server fr``: the server's preferred language (the default of new games)."""
        parts = words.split()
        if len(parts) == 2 and parts[0] == "server":
            self.locale = parts[1]
        elif len(parts) == 1:
            self.user_locales[self.user] = parts[0]
        else:
            raise LocalInputError(_("use `locale <code>` or `locale server <code>` (e.g. fr)"))

    @property
    def clock(self) -> Clock:
        return self.moderator.clock

    async def setup(self) -> None:
        await self.bot.load_praetor_cogs()

    async def close(self) -> None:
        for name in list(self.bot.cogs):
            await self.bot.remove_cog(name)

    # -- output ---------------------------------------------------------------------------
    def emit(
        self,
        who: str,
        content: str | None,
        ephemeral: bool,
        view: discord.ui.View | None,
        file: discord.File | list[discord.File] | None,
        embed: discord.Embed | None,
        allowed_mentions: discord.AllowedMentions | None = None,
    ) -> None:
        text = check_content(content)
        check_embed(embed)
        files = file if isinstance(file, list) else ([file] if file is not None else [])
        for item in files:
            check_file(item)
        if embed is not None:
            parts = [embed.title or "", embed.description or ""]
            parts += [f"{f.name}: {f.value}" for f in embed.fields]
            text = "\n".join(p for p in [text, *parts] if p)
        components = check_view(view)
        audience = who if ephemeral else "public"
        saved = [self._save(item) for item in files]
        image = saved[0] if saved else None
        refusal = ephemeral and text.startswith("❌")
        pings: list[str] = []
        if not ephemeral:  # an ephemeral message notifies nobody
            default = self.bot.allowed_mentions or discord.AllowedMentions.all()
            effective = default.merge(allowed_mentions) if allowed_mentions else default
            pings = pinged(text, effective)
        self.outputs.append(Output(audience, text, image, components, refusal, pings, saved[1:]))
        if components:
            if audience == "public":
                self.public_components = components
                self.last_components = {}
            else:
                self.last_components[audience] = components
            self._save_components()

    # -- components shown, kept across a restart of the table -----------------------------
    def _save_components(self) -> None:
        """Write the components now shown, so a table restarted on the same database (a
        transcript's ``restart``, a new ``praetor local``) can still press them."""
        if self.components_file is None:
            return
        shown = {"public": self.public_components, **self.last_components}
        data = {
            audience: [
                {"kind": c.kind, "label": c.label, "custom_id": c.custom_id, "options": c.options}
                for c in components
            ]
            for audience, components in shown.items()
        }
        self.components_file.parent.mkdir(parents=True, exist_ok=True)
        self.components_file.write_text(json.dumps(data), encoding="utf-8")

    def _load_components(self) -> None:
        if self.components_file is None or not self.components_file.exists():
            return
        data = json.loads(self.components_file.read_text(encoding="utf-8"))
        for audience, items in data.items():
            components = [
                Component(
                    c["kind"],
                    c["label"],
                    c["custom_id"],
                    [(label, value) for label, value in c["options"]],
                )
                for c in items
            ]
            if audience == "public":
                self.public_components = components
            else:
                self.last_components[audience] = components

    def _save(self, file: discord.File) -> Path:
        self.images_dir.mkdir(parents=True, exist_ok=True)
        if self.image_count == 0:  # never overwrite the images of an earlier run
            numbers = [
                int(p.name[:4]) for p in self.images_dir.glob("[0-9][0-9][0-9][0-9]-*")
            ]
            self.image_count = max(numbers, default=0)
        self.image_count += 1
        path = self.images_dir / f"{self.image_count:04d}-{file.filename}"
        fp: io.IOBase = file.fp  # type: ignore[assignment]
        fp.seek(0)
        path.write_bytes(fp.read())
        return path

    # -- input ----------------------------------------------------------------------------
    def interaction(self, **kwargs: Any) -> LocalInteraction:
        """A new incoming interaction; with ``cold`` (the default) the Moderator's game cache is
        emptied first, so the 3-second rule is measured as after a restart."""
        if self.cold:
            cache = getattr(self.moderator, "_cache", None)
            if isinstance(cache, dict):
                cache.clear()
        return LocalInteraction(self, LocalUser(self.user, self.user), **kwargs)

    def find_command(self, words: list[str]) -> tuple[app_commands.Command[Any, Any, Any], int]:
        """The command named by the first words of a line, and how many words it used."""
        node: Any = self.bot.tree.get_command(words[0].lstrip("/"))
        used = 1
        while isinstance(node, app_commands.Group):
            if used >= len(words):
                raise LocalInputError(_("/{command} needs a subcommand", command=words[0].lstrip("/")))
            child = node.get_command(words[used])
            if child is None:
                names = ", ".join(c.name for c in node.commands)
                raise LocalInputError(_("no subcommand {name} (try: {names})", name=repr(words[used]), names=names))
            node, used = child, used + 1
        if node is None:
            raise LocalInputError(_("unknown command {name}", name=repr(words[0])))
        return node, used

    def parse_options(
        self, command: app_commands.Command[Any, Any, Any], words: list[str]
    ) -> dict[str, Any]:
        params = {p.display_name: p for p in command.parameters}  # as typed (renamed)
        values: dict[str, Any] = {}
        for word in words:
            name, sep, raw = word.partition(":")
            if not sep or name not in params:
                known = ", ".join(params) or "none"
                raise LocalInputError(
                    _("/{command}: unknown option {word} (options: {known})",
                      command=command.qualified_name, word=repr(word), known=known)
                )
            param = params[name]
            values[param.name] = self._convert(param, raw)
        missing = [p.name for p in command.parameters if p.required and p.name not in values]
        if missing:
            raise LocalInputError(
                _("/{command}: missing {options}", command=command.qualified_name, options=", ".join(missing))
            )
        return values

    def _convert(self, param: app_commands.Parameter, raw: str) -> Any:
        """A typed option as Discord's client would send it: numbers within Discord's range
        and the option's own bounds, strings within their lengths, a choice among its choices."""
        kind = param.type
        if param.choices:
            allowed = {str(choice.value): choice.value for choice in param.choices}
            named = {choice.name: choice.value for choice in param.choices}
            if raw not in allowed and raw not in named:
                shown = ", ".join(allowed)
                raise LocalInputError(_("{option} must be one of: {shown}", option=param.name, shown=shown))
            return allowed.get(raw, named.get(raw))
        if kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
            pattern = r"-?[0-9]{1,16}" if kind is discord.AppCommandOptionType.integer else (
                r"-?[0-9]{1,16}(\.[0-9]{1,16})?"
            )
            if not re.fullmatch(pattern, raw, flags=re.ASCII):
                raise LocalInputError(_("{option} must be a number written with 0-9", option=param.name))
            value: Any = int(raw) if kind is discord.AppCommandOptionType.integer else float(raw)
            low = param.min_value if param.min_value is not None else -(2**53)
            high = param.max_value if param.max_value is not None else 2**53
            if not low <= value <= high:
                raise LocalInputError(
                    _("{option} must be between {low} and {high}", option=param.name, low=low, high=high)
                )
            return value
        if kind is discord.AppCommandOptionType.boolean:
            if raw.lower() not in ("true", "false", "yes", "no"):
                raise LocalInputError(_("{option} must be true or false", option=param.name))
            return raw.lower() in ("true", "yes")
        if kind is discord.AppCommandOptionType.user:
            name = raw.lstrip("@")
            return LocalUser(name, name)
        if kind is discord.AppCommandOptionType.string:
            shortest = param.min_value if param.min_value is not None else 0  # min_length
            longest = param.max_value if param.max_value is not None else 6000  # max_length
            if not shortest <= len(raw) <= longest:
                raise LocalInputError(
                    _("{option} takes {shortest} to {longest} characters, not {length}",
                      option=param.name, shortest=shortest, longest=longest, length=len(raw))
                )
        return raw

    async def run_slash(self, line: str) -> LocalInteraction:
        try:
            words = shlex.split(line)
        except ValueError as exc:
            raise LocalInputError(_("cannot read the line: {error}", error=str(exc))) from None
        command, used = self.find_command(words)
        values = self.parse_options(command, words[used:])
        strings = {p.name for p in command.parameters if p.type is discord.AppCommandOptionType.string}
        bad = unquote_values(values, strings)  # as PraetorTree.interaction_check does in Discord
        interaction = self.interaction(namespace=values)
        interaction.command = command
        if bad is not None:
            from cogs.common import refuse

            await refuse(interaction, unbalanced_message(bad))  # type: ignore[arg-type]
            return interaction
        binding = command.binding
        try:
            if binding is not None:
                await command.callback(binding, interaction, **values)  # type: ignore[arg-type]
            else:
                await command.callback(interaction, **values)  # type: ignore[call-arg, arg-type]
        except DiscordRuleViolation:
            raise
        except Exception as error:  # as discord.py does: the tree's one error handler
            invoke_error = app_commands.CommandInvokeError(command, error)
            await self.bot.tree.on_error(interaction, invoke_error)  # type: ignore[arg-type]
        if not interaction.response.is_done():
            raise DiscordRuleViolation(f"/{command.qualified_name} never answered the interaction")
        return interaction

    def visible_components(self) -> list[Component]:
        return self.last_components.get(self.user) or self.public_components

    def find_component(self, kind: str, label: str) -> Component:
        for component in self.visible_components():
            if component.kind == kind and (kind == "select" or component.label == label):
                return component
        shown = ", ".join(c.label for c in self.visible_components()) or _("nothing")
        raise LocalInputError(
            _("no {kind} {label} shown to {user} (shown: {shown})",
              kind=kind, label=repr(label), user=self.user, shown=shown)
        )

    async def click(self, label: str) -> LocalInteraction:
        component = self.find_component("button", label)
        data = {"custom_id": component.custom_id, "component_type": 2}
        interaction = self.interaction(data=data)
        await self._dispatch(component, interaction)
        return interaction

    async def select(self, wanted: list[str]) -> LocalInteraction:
        component = self.find_component("select", "")
        values = []
        for choice in wanted:
            match = [v for lbl, v in component.options if choice in (lbl, v)]
            if not match:
                offered = ", ".join(lbl for lbl, _value in component.options)
                raise LocalInputError(_("no option {choice} (offered: {offered})", choice=repr(choice), offered=offered))
            values.append(match[0])
        data = {"custom_id": component.custom_id, "component_type": 3, "values": values}
        interaction = self.interaction(data=data)
        item = component.item
        if hasattr(item, "_refresh_state"):
            try:
                item._refresh_state(interaction, data)
            except Exception:
                pass
        await self._dispatch(component, interaction)
        return interaction

    async def _dispatch(self, component: Component, interaction: LocalInteraction) -> None:
        """Route a click as discord.py would: dynamic items by their custom_id template."""
        from cogs.common import DYNAMIC_ITEMS

        for cls in DYNAMIC_ITEMS:
            template = cls.__discord_ui_compiled_template__  # type: ignore[attr-defined]
            match = template.fullmatch(component.custom_id)
            if match:
                try:
                    item = await cls.from_custom_id(interaction, component.item, match)  # type: ignore[arg-type]
                except DiscordRuleViolation:
                    raise
                except Exception:  # reported by the guard; discord.py logs and drops it
                    break
                await item.callback(interaction)  # type: ignore[arg-type]
                break
        else:
            if component.item is None:  # shown before a restart, and not persistent
                raise LocalInputError(
                    _("{label} was shown before the restart and does not survive it", label=repr(component.label))
                )
            await component.item.callback(interaction)
        if not interaction.response.is_done():
            raise DiscordRuleViolation("a component callback never answered the interaction")
