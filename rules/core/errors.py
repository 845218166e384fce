"""Errors raised by the rules. A rejected command changes nothing."""

from __future__ import annotations

from typing import Any

from rules.core.i18n import _, text_from_json, text_to_json


class RuleError(Exception):
    """A command broke a rule. ``section`` names the rule (``"§7.2"``); the message says why.

    The bot shows ``str(error)`` only to the person who sent the command. When ``message`` is a
    :class:`~rules.core.i18n.Text` (built with ``_``), ``str(error)`` is a Text too, so the bot
    translates it into the reader's language; the section number reads the same in both.
    """

    def __init__(self, section: str, message: str) -> None:
        full = _("{section}: {message}", section=section, message=message) if section else message
        super().__init__(full)
        self.section = section
        self.message = message

    @property
    def text(self) -> str:
        """The whole refusal (``"§7.2: ..."``), a Text when the message is one."""
        return self.args[0]  # type: ignore[no-any-return]

    def to_json(self) -> dict[str, Any]:
        return {"section": self.section, "message": text_to_json(self.message)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RuleError:
        return RuleError(str(data.get("section", "")), text_from_json(data["message"]))


class NotYetSupported(RuleError):
    """A rule the engine does not implement yet. Listed in the README; its issue stays open."""

    def __init__(self, section: str, what: str) -> None:
        super().__init__(
            section, _("not yet supported ({section}): {what}", section=section, what=what)
        )

