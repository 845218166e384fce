"""Posting to a channel outside an interaction (timeouts, reminders, images after a move)."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Protocol

import discord


@dataclass(frozen=True)
class ImageFile:
    filename: str
    data: bytes

    def to_discord(self) -> discord.File:
        return discord.File(io.BytesIO(self.data), filename=self.filename)


class Publisher(Protocol):
    async def send(
        self,
        channel_id: str,
        content: str | None = None,
        *,
        view: discord.ui.View | None = None,
        image: ImageFile | None = None,
        embed: discord.Embed | None = None,
    ) -> str | None:
        """Post a message; return its id (None when it could not be posted)."""
        ...

    async def pin_status(self, channel_id: str, message_id: str | None, content: str) -> str | None:
        """Create (and pin) or edit the game's status message; return its id."""
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
        embed: discord.Embed | None = None,
    ) -> str | None:
        channel: Any = self.client.get_channel(int(channel_id))
        if channel is None:
            channel = await self.client.fetch_channel(int(channel_id))
        kwargs: dict[str, Any] = {"content": content}
        if view is not None:
            kwargs["view"] = view
        if image is not None:
            kwargs["file"] = image.to_discord()
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
        except discord.HTTPException:
            pass  # without Manage Messages the status is still posted and kept up to date
        return str(message.id)
