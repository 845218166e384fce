"""Fast copies of game states made of plain data (issue 14: every command copies its game's
state before applying, so the copy is on the hot path of the bot).

``copy.deepcopy`` handles any object graph, at the price of a memo and a ``__reduce_ex__`` per
object. A game state is mostly JSON-like data (dicts, lists, strings, numbers) and small
records whose fields are all immutable; these two functions copy exactly that, much faster.
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any, TypeVar

R = TypeVar("R")

_IMMUTABLE = (str, int, float, type(None))
"""Shared, never copied: strings (a translatable ``Text`` too: it is never changed once
built), numbers (booleans included) and None."""


def copy_plain(value: Any) -> Any:
    """A deep copy of JSON-like ``value``: every dict and list is copied at every level, the
    immutable leaves are shared; anything else (tuples, records, dice) goes to
    ``copy.deepcopy``. Unlike ``deepcopy`` it keeps no memo: an object reached twice is copied
    twice (a state read from JSON never shares one anyway)."""
    kind = type(value)
    if kind is dict:
        return {key: copy_plain(item) for key, item in value.items()}
    if kind is list:
        return [copy_plain(item) for item in value]
    if isinstance(value, _IMMUTABLE):
        return value
    return copy.deepcopy(value)


def copy_record(record: R) -> R:
    """A shallow copy of a plain object (a dataclass without slots): a new instance with the
    same attribute values. Only for records whose attributes are all immutable values, so that
    changing an attribute of the copy never reaches the original."""
    clone = object.__new__(type(record))
    clone.__dict__.update(record.__dict__)
    return clone


def copy_records(records: dict[str, R]) -> dict[str, R]:
    """``{key: copy_record(record)}`` for a dict of such records, in one loop (a state's
    hundred-odd counters at every command)."""
    new = object.__new__
    copied: dict[str, R] = {}
    for key, record in records.items():
        clone = new(type(record))
        clone.__dict__.update(record.__dict__)
        copied[key] = clone
    return copied


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind))
    return names


def record_to_json(record: Any) -> dict[str, Any]:
    """The fields of a dataclass record whose values are all immutable (strings, numbers,
    None), in field order: what ``dataclasses.asdict`` gives for it, without its deep copy of
    every value."""
    return {name: getattr(record, name) for name in _field_names(type(record))}
