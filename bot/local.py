"""The local table: the real cogs and command tree, driven from text instead of Discord.

``LocalInteraction`` stands in for ``discord.Interaction`` and enforces Discord's response
rules (one initial response within 3 seconds, no follow-up before it, no ephemeral first
follow-up after a public defer, message and component limits), so the cogs behave here exactly
as they must in Discord. ``LocalTable`` parses lines such as ``/game new game:tiny
scenario:race`` or ``click Respond`` and records every output with who may see it.
"""

from __future__ import annotations

import io
import re
import shlex
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.clock import Clock
from bot.moderator import Moderator
from bot.publisher import ImageFile

LOCAL_GUILD = "local-guild"
LOCAL_CHANNEL = "local-channel"
INITIAL_RESPONSE_SECONDS = 3.0
MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_SELECT_OPTIONS = 25
MAX_LABEL = 80
MAX_CUSTOM_ID = 100


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

    def lines(self) -> list[str]:
        tag = "[public]" if self.audience == "public" else f"[to {self.audience}]"
        shown: list[str] = []
        if self.text:
            shown.extend(f"{tag} {line}" for line in readable(self.text).splitlines())
        if self.components:
            labels = " | ".join(c.label for c in self.components)
            shown.append(f"{tag} [components: {labels}]")
        if self.image is not None:
            shown.append(f"[image] {self.image}")
        return shown


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


def check_view(view: discord.ui.View | None) -> list[Component]:
    """Check a view against Discord's component limits; return its components."""
    if view is None:
        return []
    components: list[Component] = []
    rows: set[int] = set()
    for index, child in enumerate(view.children):
        item: Any = child.item if isinstance(child, discord.ui.DynamicItem) else child
        rows.add(child.row if child.row is not None else index // 5)
        custom_id = getattr(item, "custom_id", "") or ""
        if len(custom_id) > MAX_CUSTOM_ID:
            raise DiscordRuleViolation(f"custom_id longer than {MAX_CUSTOM_ID}: {custom_id!r}")
        if isinstance(item, discord.ui.Button):
            label = item.label or ""
            if len(label) > MAX_LABEL:
                raise DiscordRuleViolation(f"button label longer than {MAX_LABEL}")
            components.append(Component("button", label, custom_id, item=child))
        elif isinstance(item, discord.ui.Select):
            if len(item.options) > MAX_SELECT_OPTIONS:
                raise DiscordRuleViolation(f"select with more than {MAX_SELECT_OPTIONS} options")
            components.append(
                Component(
                    "select",
                    item.placeholder or "select",
                    custom_id,
                    [(o.label, o.value) for o in item.options],
                    item=child,
                )
            )
    if len(rows) > MAX_ROWS:
        raise DiscordRuleViolation(f"more than {MAX_ROWS} action rows")
    return components


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
        self.first_ephemeral: bool | None = None

    def is_done(self) -> bool:
        return self._done

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
        embed: discord.Embed | None = None,
        **_: Any,
    ) -> None:
        self._begin()
        self.first_ephemeral = ephemeral
        self.interaction.table.emit(
            self.interaction.user.name, content, ephemeral, view, file, embed
        )

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False, **_: Any) -> None:
        self._begin()
        self.deferred_public = not ephemeral
        self.first_ephemeral = ephemeral

    async def edit_message(
        self, *, content: str | None = None, view: discord.ui.View | None = None, **_: Any
    ) -> None:
        self._begin()
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
        embed: discord.Embed | None = None,
        **_: Any,
    ) -> None:
        response = self.interaction.response
        if not response.is_done():
            raise DiscordRuleViolation("follow-up sent before the initial response")
        if self.sent == 0 and response.deferred_public and ephemeral:
            raise DiscordRuleViolation(
                "ephemeral first follow-up after a public defer (Discord would make it public)"
            )
        self.sent += 1
        self.interaction.table.emit(
            self.interaction.user.name, content, ephemeral, view, file, embed
        )


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
        self.channel_id = table.channel_id
        self.permissions = LocalPermissions(user.name in table.admins)
        self.namespace = LocalNamespace(namespace or {})
        self.data = data or {}
        self.started = time.monotonic()
        self.response = LocalResponse(self)
        self.followup = LocalFollowup(self)


class LocalPublisher:
    def __init__(self, table: LocalTable) -> None:
        self.table = table

    async def send(
        self,
        channel_id: str,
        content: str | None = None,
        *,
        view: discord.ui.View | None = None,
        image: ImageFile | None = None,
        embed: discord.Embed | None = None,
    ) -> str | None:
        file = image.to_discord() if image is not None else None
        self.table.emit("public", content, False, view, file, embed)
        return f"local-{len(self.table.outputs)}"

    async def pin_status(self, channel_id: str, message_id: str | None, content: str) -> str | None:
        """The pinned status: printed once when pinned, then kept (silently) up to date."""
        check_content(content)
        if message_id is None:
            self.table.emit("public", "📌 " + content, False, None, None, None)
            message_id = f"local-pin-{len(self.table.outputs)}"
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
    ) -> None:
        from bot.client import PraetorBot

        self.moderator = moderator
        self.images_dir = images_dir
        self.channel_id = channel_id
        self.user = user
        self.admins = set(admins)
        self.outputs: list[Output] = []
        self.pinned: dict[str, str] = {}
        self.last_components: dict[str, list[Component]] = {}
        self.public_components: list[Component] = []
        self.image_count = 0
        self.bot = PraetorBot(moderator, publisher=LocalPublisher(self), run_scheduler=False)

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
        file: discord.File | None,
        embed: discord.Embed | None,
    ) -> None:
        text = check_content(content)
        if embed is not None:
            parts = [embed.title or "", embed.description or ""]
            parts += [f"{f.name}: {f.value}" for f in embed.fields]
            text = "\n".join(p for p in [text, *parts] if p)
        components = check_view(view)
        audience = who if ephemeral else "public"
        image = self._save(file) if file is not None else None
        refusal = ephemeral and text.startswith("❌")
        self.outputs.append(Output(audience, text, image, components, refusal))
        if components:
            if audience == "public":
                self.public_components = components
                self.last_components = {}
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
        return LocalInteraction(self, LocalUser(self.user, self.user), **kwargs)

    def find_command(self, words: list[str]) -> tuple[app_commands.Command[Any, Any, Any], int]:
        """The command named by the first words of a line, and how many words it used."""
        node: Any = self.bot.tree.get_command(words[0].lstrip("/"))
        used = 1
        while isinstance(node, app_commands.Group):
            if used >= len(words):
                raise LocalInputError(f"/{words[0].lstrip('/')} needs a subcommand")
            child = node.get_command(words[used])
            if child is None:
                names = ", ".join(c.name for c in node.commands)
                raise LocalInputError(f"no subcommand {words[used]!r} (try: {names})")
            node, used = child, used + 1
        if node is None:
            raise LocalInputError(f"unknown command {words[0]!r}")
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
                    f"/{command.qualified_name}: unknown option {word!r} (options: {known})"
                )
            param = params[name]
            values[param.name] = self._convert(param, raw)
        missing = [p.name for p in command.parameters if p.required and p.name not in values]
        if missing:
            raise LocalInputError(f"/{command.qualified_name}: missing {', '.join(missing)}")
        return values

    def _convert(self, param: app_commands.Parameter, raw: str) -> Any:
        kind = param.type
        if kind is discord.AppCommandOptionType.integer:
            try:
                return int(raw)
            except ValueError:
                raise LocalInputError(f"{param.name} must be a whole number") from None
        if kind is discord.AppCommandOptionType.number:
            return float(raw)
        if kind is discord.AppCommandOptionType.boolean:
            if raw.lower() not in ("true", "false", "yes", "no"):
                raise LocalInputError(f"{param.name} must be true or false")
            return raw.lower() in ("true", "yes")
        if kind is discord.AppCommandOptionType.user:
            name = raw.lstrip("@")
            return LocalUser(name, name)
        return raw

    async def run_slash(self, line: str) -> LocalInteraction:
        try:
            words = shlex.split(line)
        except ValueError as exc:
            raise LocalInputError(f"cannot read the line: {exc}") from None
        command, used = self.find_command(words)
        values = self.parse_options(command, words[used:])
        interaction = self.interaction(namespace=values)
        binding = command.binding
        if binding is not None:
            await command.callback(binding, interaction, **values)  # type: ignore[arg-type]
        else:
            await command.callback(interaction, **values)  # type: ignore[call-arg, arg-type]
        if not interaction.response.is_done():
            raise DiscordRuleViolation(f"/{command.qualified_name} never answered the interaction")
        return interaction

    def visible_components(self) -> list[Component]:
        return self.last_components.get(self.user) or self.public_components

    def find_component(self, kind: str, label: str) -> Component:
        for component in self.visible_components():
            if component.kind == kind and (kind == "select" or component.label == label):
                return component
        shown = ", ".join(c.label for c in self.visible_components()) or "nothing"
        raise LocalInputError(f"no {kind} {label!r} shown to {self.user} (shown: {shown})")

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
                offered = ", ".join(lbl for lbl, _ in component.options)
                raise LocalInputError(f"no option {choice!r} (offered: {offered})")
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
                item = await cls.from_custom_id(interaction, component.item, match)  # type: ignore[arg-type]
                await item.callback(interaction)  # type: ignore[arg-type]
                break
        else:
            await component.item.callback(interaction)
        if not interaction.response.is_done():
            raise DiscordRuleViolation("a component callback never answered the interaction")
