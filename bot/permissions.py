"""The permissions Praetor needs in a channel, defined once (DESIGN: ``praetor invite``).

The invite URL (``praetor invite``), the check of ``/game new`` and the README all come from
:data:`REQUIRED`. Pinning needs **Pin Messages** (``pin_messages``, bit 51): Discord split it
from Manage Messages, which no longer grants it.
"""

from __future__ import annotations

import re

import discord

from rules.core.i18n import Text, _

REQUIRED: dict[str, Text] = {
    "view_channel": _("View Channel"),
    "send_messages": _("Send Messages"),
    "send_messages_in_threads": _("Send Messages in Threads"),
    "create_public_threads": _("Create Public Threads"),
    "embed_links": _("Embed Links"),
    "attach_files": _("Attach Files"),
    "read_message_history": _("Read Message History"),
    "pin_messages": _("Pin Messages"),
}
"""Permission flag (as discord.py names it) -> the name Discord shows in its settings."""

SCOPES = ("bot", "applications.commands")


def required_permissions() -> discord.Permissions:
    return discord.Permissions(**dict.fromkeys(REQUIRED, True))


THREAD_ONLY = ("create_public_threads", "send_messages_in_threads")


def missing_permissions(granted: discord.Permissions | None, threads: bool = True) -> list[Text]:
    """The names of the required permissions ``granted`` lacks, in the order of REQUIRED.

    ``threads=False`` (a game played in the channel itself) leaves out the two thread
    permissions. ``granted=None`` (an interaction that carries no permissions) lacks nothing."""
    if granted is None:
        return []
    return [
        label
        for flag, label in REQUIRED.items()
        if (threads or flag not in THREAD_ONLY) and not getattr(granted, flag, False)
    ]


_SNOWFLAKE = re.compile(r"[0-9]{15,20}")


def invite_url(application_id: str) -> str:
    """The OAuth2 URL that adds the bot with exactly the permissions it needs."""
    cleaned = application_id.strip()
    if not _SNOWFLAKE.fullmatch(cleaned):
        raise ValueError(
            _(
                "the application id is the number (15 to 20 digits) shown on the General "
                "Information page of the application in the Discord Developer Portal, "
                "not '{value}'",
                value=cleaned[:40],
            )
        )
    return discord.utils.oauth_url(
        int(cleaned), permissions=required_permissions(), scopes=SCOPES
    )
