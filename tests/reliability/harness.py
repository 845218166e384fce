"""The probe's bench: the real bot and cogs on one Moderator, driven as Discord would drive them.

``Harness`` wraps a ``LocalTable`` (the local interaction layer that enforces Discord's rules)
and lets the probe send any interaction it likes — a slash command with any option values,
an autocomplete, a click on a shown or a forged component — as any person, in any channel;
it records what went wrong: the error handler's "Something went wrong", an error logged, a
cog breaking Discord's rules, a refusal shown in public.
"""

from __future__ import annotations

import logging
import re
import typing
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.local import Component, DiscordRuleViolation, LocalInteraction, LocalTable, LocalUser
from bot.moderator import Moderator

ADMIN = "root"  # a member with Manage Channels, seated nowhere
STRANGER = "zoe"  # no seat, not following
FAILURE_MARK = "Something went wrong"


KEEP_OF_EACH_KIND = 3
"""Examples kept in full of each kind of failure; every failure is counted by its kind."""
MOST_KINDS = 100
"""Kinds told apart; any further kind is counted under ``OTHER_KINDS``."""
OTHER_KINDS = "other kinds (beyond the first 100)"


def failure_kind(text: str) -> str:
    """The kind of a failure: its text with numbers blanked (``#``) and quoted words elided,
    so "initial response after 4.3 s" and "... after 8.9 s" are one kind."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "…", text)
    text = re.sub(r"\d+(?:[.,]\d+)*", "#", text)
    return text[:160]


@dataclass
class Findings:
    """What one probe did and what it found. Every failure is counted by its kind
    (``kinds``); ``failures`` keeps the first few examples in full of each kind, so a flood
    of one kind (late replies on a loaded machine) cannot hide another."""

    probe: str
    backend: str = "sqlite"
    counts: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    failure_count: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    """Failures counted by kind (:func:`failure_kind` of the ``kind`` given, else the text)."""
    examples: dict[str, list[str]] = field(default_factory=dict)
    """The first examples in full of each kind (the same texts as ``failures``, by kind)."""
    trail: str = ""
    """A digest of what the probe sent, in order (the same for a seed in any process)."""

    def fail(self, text: str, kind: str | None = None) -> None:
        """Note a failure. ``kind`` says what went wrong without where (the game, the
        interaction); without it the text itself, numbers blanked, is the kind."""
        self.failure_count += 1
        key = failure_kind(text if kind is None else kind)
        if key not in self.kinds and len(self.kinds) >= MOST_KINDS:
            key = OTHER_KINDS
        self.kinds[key] += 1
        if self.kinds[key] <= KEEP_OF_EACH_KIND:
            self.failures.append(text)
            self.examples.setdefault(key, []).append(text)

    def summary(self) -> str:
        counts = ", ".join(f"{k} {v:,}" for k, v in sorted(self.counts.items()))
        by_kind = "; ".join(f"{v:,} x {k}" for k, v in self.kinds.most_common())
        return (f"{self.probe} [{self.backend}]: {counts}; failures {self.failure_count}"
                + (f" ({by_kind})" if by_kind else ""))


class ErrorLog(logging.Handler):
    """Every record at ERROR or above, from any logger: the probe counts each as a failure."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def take(self) -> list[str]:
        found = []
        for record in self.records:
            text = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                text += f": {type(record.exc_info[1]).__name__}: {record.exc_info[1]}"
            found.append(f"{record.name}: {text}")
        self.records.clear()
        return found


def item_class(cls: type) -> type:
    """``discord.ui.Button`` or ``discord.ui.Select``: what a DynamicItem class wraps."""
    base = typing.get_args(cls.__orig_bases__[0])[0]  # type: ignore[attr-defined]
    return typing.get_origin(base) or base


TINY_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082"
)


class ViewRecorder:
    """Stands in for the renderers: keeps every view handed to them (the image input the
    secrets probe scans) and returns a 1-pixel PNG, so the probes spend no time drawing.
    Each view is kept with ``position()`` at the time it was drawn (the number of messages
    the table had shown), so the probe can tell which message carried the picture."""

    def __init__(self, position: Callable[[], int] = lambda: 0) -> None:
        self.views: list[tuple[str, dict[str, Any], int]] = []
        self.keep = True  # False: count only (a long run would hold every view)
        self.drawn = 0
        self.position = position

    def renderer(self, kind: str) -> Any:
        def draw(view: dict[str, Any], name: str) -> bytes:
            self.drawn += 1
            if self.keep:
                self.views.append((kind, view, self.position()))
            return TINY_PNG

        return draw


class Harness:
    """The bot on ``moderator``, with a local table whose channel and user the probe sets.
    With ``draw=False`` (the default) the renderers are replaced by a :class:`ViewRecorder`."""

    def __init__(self, moderator: Moderator, images: Path, draw: bool = False) -> None:
        self.moderator = moderator
        self.table = LocalTable(moderator, images, admins=(ADMIN,), cold=False)
        self.errors = ErrorLog()
        self.recorder = None if draw else ViewRecorder(lambda: len(self.table.outputs))
        self._renderers: dict[str, Any] = {}

    async def __aenter__(self) -> Harness:
        from bot import renderers

        await self.table.setup()
        logging.getLogger().addHandler(self.errors)
        if self.recorder is not None:
            self._renderers = dict(renderers._EXTRA)
            # every game's renderer, those the cogs registered as they loaded included
            for kind in sorted({*renderers.KNOWN, *renderers._EXTRA, "rome_iinc", "imperium_romanum"}):
                renderers.register_renderer(kind, self.recorder.renderer(kind))
        return self

    async def __aexit__(self, *exc: Any) -> None:
        from bot import renderers

        if self.recorder is not None:
            renderers._EXTRA.clear()
            renderers._EXTRA.update(self._renderers)
        logging.getLogger().removeHandler(self.errors)
        await self.table.close()

    # -- who, where ------------------------------------------------------------------------
    def at(self, channel: str, user: str) -> None:
        self.table.channel_id = channel
        self.table.user = user

    def commands(self) -> list[app_commands.Command[Any, Any, Any]]:
        return [
            c for c in self.table.bot.tree.walk_commands() if isinstance(c, app_commands.Command)
        ]

    def command(self, name: str) -> app_commands.Command[Any, Any, Any]:
        found = self.table.bot.tree.get_command(name.split()[0])
        for part in name.split()[1:]:
            found = found.get_command(part)  # type: ignore[union-attr]
        assert isinstance(found, app_commands.Command), name
        return found

    # -- interactions ------------------------------------------------------------------------
    async def slash(
        self, command: app_commands.Command[Any, Any, Any], values: dict[str, Any],
        interaction: LocalInteraction | None = None,
    ) -> LocalInteraction:
        """Run ``command`` with ``values`` (already of the option types, as Discord sends
        them) through the tree's error handler, as discord.py does."""
        interaction = interaction or self.table.interaction(namespace=values)
        interaction.command = command
        try:
            if command.binding is not None:
                await command.callback(command.binding, interaction, **values)  # type: ignore[arg-type]
            else:
                await command.callback(interaction, **values)  # type: ignore[call-arg, arg-type]
        except DiscordRuleViolation:
            raise
        except Exception as error:
            invoke_error = app_commands.CommandInvokeError(command, error)
            await self.table.bot.tree.on_error(interaction, invoke_error)  # type: ignore[arg-type]
        if not interaction.response.is_done():
            raise DiscordRuleViolation(f"/{command.qualified_name} never answered")
        return interaction

    async def autocomplete(
        self, command: app_commands.Command[Any, Any, Any], param: str, current: str,
        namespace: dict[str, Any] | None = None,
    ) -> list[app_commands.Choice[Any]]:
        callback = command._params[param].autocomplete
        assert callback is not None, (command.qualified_name, param, command._params[param].__dict__)
        interaction = self.table.interaction(namespace=namespace or {})
        interaction.command = command
        if getattr(callback, "pass_command_binding", False):
            found = await callback(command.binding, interaction, current)
        else:
            found = await callback(interaction, current)
        return list(found)

    async def press(
        self, custom_id: str, values: list[str] | None = None,
        interaction: LocalInteraction | None = None,
    ) -> LocalInteraction | None:
        """Deliver a click (``values`` None) or a select (``values``) on ``custom_id``, as
        discord.py routes it: to the persistent class whose template matches, else to the
        shown component's own callback. None when nothing would receive it."""
        from cogs.common import DYNAMIC_ITEMS

        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        interaction = interaction or self.table.interaction(data=data)
        interaction.data = data
        for cls in DYNAMIC_ITEMS:
            match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)  # type: ignore[attr-defined]
            if not match:
                continue
            kind = item_class(cls)
            item: Any
            if kind is discord.ui.Select:
                options = [discord.SelectOption(label=v[:100] or "-", value=v[:100] or "-")
                           for v in (values or ["-"])[:25]]
                item = discord.ui.Select(custom_id=custom_id, options=options)
            else:
                item = discord.ui.Button(custom_id=custom_id, label="?")
            try:
                dynamic = await cls.from_custom_id(interaction, item, match)  # type: ignore[arg-type]
            except DiscordRuleViolation:
                raise
            except Exception:  # the guard answered it (report_failure); discord.py drops it
                return interaction
            await dynamic.callback(interaction)  # type: ignore[arg-type]
            self._answered(interaction, custom_id)
            return interaction
        shown = self.shown_component(custom_id)
        if shown is None or shown.item is None:
            return None  # Discord would answer "This interaction failed": nobody listens
        if values is not None and hasattr(shown.item, "_refresh_state"):
            try:
                shown.item._refresh_state(interaction, data)
            except Exception:
                pass
        await shown.item.callback(interaction)
        self._answered(interaction, custom_id)
        return interaction

    @staticmethod
    def _answered(interaction: LocalInteraction, custom_id: str) -> None:
        if not interaction.response.is_done():
            raise DiscordRuleViolation(f"component {custom_id} never answered the interaction")

    def shown_components(self, user: str | None = None) -> list[Component]:
        table = self.table
        mine = table.last_components.get(user or table.user, [])
        return [*mine, *table.public_components]

    def shown_component(self, custom_id: str) -> Component | None:
        for component in self.shown_components():
            if component.custom_id == custom_id:
                return component
        for outputs in reversed(self.table.outputs[-40:]):
            for component in outputs.components:
                if component.custom_id == custom_id:
                    return component
        return None

    # -- what went wrong -----------------------------------------------------------------------
    def problems_since(self, start: int) -> list[str]:
        """Failures among the outputs from index ``start`` and the errors logged meanwhile."""
        found = [f"logged: {text}" for text in self.errors.take()]
        for output in self.table.outputs[start:]:
            if FAILURE_MARK in output.text:
                found.append(f"error handler: {output.text[:200]}")
            if output.audience == "public" and output.text.lstrip().startswith("❌"):
                found.append(f"public refusal: {output.text[:200]}")
        return found


def user_of(name: str) -> LocalUser:
    return LocalUser(name, name)
