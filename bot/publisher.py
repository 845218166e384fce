"""Posting to a channel outside an interaction (timeouts, reminders, images after a move)."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord


@dataclass(frozen=True)
class ImageFile:
    filename: str
    data: bytes

    def to_discord(self) -> discord.File:
        return discord.File(io.BytesIO(self.data), filename=self.filename)


class PinFailed(Exception):
    """The status message was posted (``message_id``) but Discord refused to pin it (no Pin
    Messages permission, or the channel already holds 50 pins). The caller reports it."""

    def __init__(self, message_id: str, reason: str) -> None:
        super().__init__(reason)
        self.message_id = message_id
        self.reason = reason


class Publisher(Protocol):
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
        """Post a message (with ``image`` and ``images`` attached); return its id."""
        ...

    async def pin_status(self, channel_id: str, message_id: str | None, content: str) -> str | None:
        """Create (and pin) or edit the game's status message; return its id. Raises
        ``PinFailed`` when a new status was posted but could not be pinned."""
        ...


class DiscordPublisher:
    """Sends through a connected discord.py client."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

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
        channel: Any = self.client.get_channel(int(channel_id))
        if channel is None:
            channel = await self.client.fetch_channel(int(channel_id))
        kwargs: dict[str, Any] = {"content": content}
        if view is not None:
            kwargs["view"] = view
        attached = [*([image] if image is not None else []), *images]
        if attached:
            kwargs["files"] = [item.to_discord() for item in attached]
        if embed is not None:
            kwargs["embed"] = embed
        message = await channel.send(**kwargs)
        return str(message.id)

    async def pin_status(self, channel_id: str, message_id: str | None, content: str) -> str | None:
        channel: Any = self.client.get_channel(int(channel_id))
        if channel is None:
            channel = await self.client.fetch_channel(int(channel_id))
        if message_id is not None:
            try:
                message = channel.get_partial_message(int(message_id))
                await message.edit(content=content)
                return message_id
            except discord.HTTPException:
                pass  # deleted or not ours any more: post a new one
        message = await channel.send(content=content)
        try:
            await message.pin(reason="Praetor game status")
        except discord.HTTPException as error:  # no Pin Messages (403), or 50 pins already
            raise PinFailed(str(message.id), f"{error.status} {error.text or error}"[:200]) from error
        return str(message.id)
