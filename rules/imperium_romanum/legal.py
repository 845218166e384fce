"""The one test the legal-command generators share: would a command's own check accept it?

Each rule module has a ``check_*`` function that raises a RuleError naming the rule a command
breaks; the lists of legal commands offer exactly what those checks accept, so the offer and
the refusal can never disagree (issue 17's review debt: five copies of try/skip/append)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core.errors import RuleError


def passes(check: Callable[..., object], *args: Any) -> bool:
    """True when ``check(*args)`` raises no RuleError (any other error is a bug and propagates)."""
    try:
        check(*args)
    except RuleError:
        return False
    return True
