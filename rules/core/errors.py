"""Errors raised by the rules. A rejected command changes nothing."""

from __future__ import annotations


class RuleError(Exception):
    """A command broke a rule. ``section`` names the rule (``"§7.2"``); the message says why.

    The bot shows ``str(error)`` only to the person who sent the command.
    """

    def __init__(self, section: str, message: str) -> None:
        super().__init__(f"{section}: {message}" if section else message)
        self.section = section
        self.message = message


class NotYetSupported(RuleError):
    """A rule the engine does not implement yet. Listed in the README; its issue stays open."""

    def __init__(self, section: str, what: str) -> None:
        super().__init__(section, f"not yet supported ({section}): {what}")
