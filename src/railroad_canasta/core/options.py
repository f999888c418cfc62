"""Rules options from and to plain mappings: one reader for JSON, TOML and ``name=value`` text.

A variant's rules are a frozen attrs class whose fields are its options, each
with a default and a type: ``bool``, ``int``, ``int | None``, an
:class:`enum.Enum`, or a table of integer rows (``tuple[tuple[int, int], ...]``).
:func:`rules_from_mapping` reads any such class from a mapping of option names
to values (what :func:`json.loads` or :mod:`tomllib` give, or strings typed on a
command line with ``from_text=True``); a missing option takes its default, and
anything unfit raises :class:`~railroad_canasta.core.errors.RulesError` whose
``path`` names the option (``rules.hand_size``). :func:`rules_to_mapping` gives
every option back as plain JSON values.

>>> import attrs, enum
>>> class Pace(enum.Enum):
...     SLOW = "slow"
...     FAST = "fast-ish"
>>> @attrs.frozen(kw_only=True)
... class Demo:
...     players: int = 2
...     limit: int | None = None
...     pace: Pace = Pace.SLOW
...     bonus: bool = True
...     table: tuple[tuple[int, int], ...] = ((0, 50),)
>>> rules_from_mapping(Demo, {"players": 4, "pace": "fast-ish", "table": [[0, 10], [5, 20]]})
Demo(players=4, limit=None, pace=<Pace.FAST: 'fast-ish'>, bonus=True, table=((0, 10), (5, 20)))
>>> rules_from_mapping(Demo, {"limit": "none", "bonus": "off", "pace": "FAST"}, from_text=True).bonus
False
>>> rules_from_mapping(Demo, {"players": "4"})
Traceback (most recent call last):
...
railroad_canasta.core.errors.RulesError: rules.players: must be an integer, not '4'
>>> rules_to_mapping(Demo())
{'players': 2, 'limit': None, 'pace': 'slow', 'bonus': True, 'table': [[0, 50]]}
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from railroad_canasta.core.errors import RulesError, describe, did_you_mean

__all__ = ["MAX_INT_BITS", "option_names", "read_option", "rules_from_mapping", "rules_to_mapping"]

R = TypeVar("R")

#: Integers longer than this (about 2,400 digits) are refused: they could not even be printed in a message.
MAX_INT_BITS = 8192

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


class _Unfit(Exception):
    """A value does not fit its option: ``reason``, at ``suffix`` below the option (``[1][0]``)."""

    def __init__(self, reason: str, suffix: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.suffix = suffix


def _integer(value: object, from_text: bool) -> int:
    if from_text and isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise _Unfit(f"must be an integer, not {describe(value)}") from None
    if type(value) is not int:
        raise _Unfit(f"must be an integer, not {describe(value)}")
    if value.bit_length() > MAX_INT_BITS:
        raise _Unfit("is too large")
    return value


def _boolean(value: object, from_text: bool) -> bool:
    if from_text and isinstance(value, str):
        word = value.strip().lower()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
    if type(value) is not bool:
        raise _Unfit(f"must be true or false, not {describe(value)}")
    return value


def _optional_integer(value: object, from_text: bool) -> int | None:
    if value is None or (from_text and isinstance(value, str) and value.strip().lower() in ("none", "null")):
        return None
    try:
        return _integer(value, from_text)
    except _Unfit as exc:
        if exc.reason.startswith("must be"):
            none = "none" if from_text else "null"
            raise _Unfit(f"must be an integer or {none}, not {describe(value)}") from None
        raise


def _enumerated(enum_type: type[enum.Enum]) -> Callable[[object, bool], object]:
    def read(value: object, from_text: bool) -> object:
        if isinstance(value, enum_type):
            return value
        if isinstance(value, str):
            for member in enum_type:
                if value == member.value:
                    return member
            if from_text:
                text = value.strip()
                prefix = enum_type.__name__ + "."
                text = text[len(prefix) :] if text.startswith(prefix) else text
                for member in enum_type:
                    if text == member.value or text.upper().replace("-", "_") == member.name:
                        return member
        choices = ", ".join(repr(member.value) for member in enum_type)
        raise _Unfit(f"must be one of {choices}, not {describe(value)}")

    return read


def _rows(width: int) -> Callable[[object, bool], object]:
    def read(value: object, from_text: bool) -> object:
        if from_text and isinstance(value, str):
            raise _Unfit("cannot be given as text: set it in a table of the file")
        if not isinstance(value, list | tuple):
            raise _Unfit(f"must be a list of rows of {width} integers, not {describe(value)}")
        rows: list[tuple[int, ...]] = []
        for i, row in enumerate(value):
            if not isinstance(row, list | tuple):
                raise _Unfit(f"must be a row of {width} integers, not {describe(row)}", f"[{i}]")
            if len(row) != width:
                raise _Unfit(f"must have {width} entries, not {len(row)}", f"[{i}]")
            items: list[int] = []
            for k, item in enumerate(row):
                try:
                    items.append(_integer(item, False))
                except _Unfit as exc:
                    raise _Unfit(exc.reason, f"[{i}][{k}]") from None
            rows.append(tuple(items))
        return tuple(rows)

    return read


def _as_is(value: object, from_text: bool) -> object:
    return value


def _reader(kind: object) -> Callable[[object, bool], object]:
    """How to read a value of option type ``kind``; a type not listed is passed on for the class to check."""
    if kind is bool:
        return _boolean
    if kind is int:
        return _integer
    if isinstance(kind, types.UnionType) and set(typing.get_args(kind)) == {int, type(None)}:
        return _optional_integer
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _enumerated(kind)
    if typing.get_origin(kind) is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis and typing.get_origin(args[0]) is tuple:
            inner = typing.get_args(args[0])
            if inner and all(arg is int for arg in inner):
                return _rows(len(inner))
    return _as_is


def _kind_of_default(default: object) -> object:
    """The option type a default value shows, for a class whose annotations cannot be resolved."""
    if default is None:
        return int | None
    if isinstance(default, tuple) and default and isinstance(default[0], tuple):
        return tuple[tuple[(int,) * len(default[0])], ...]  # type: ignore[misc]
    return type(default)


def _readers(rules_type: type[Any]) -> dict[str, Callable[[object, bool], object]]:
    return _readers_of(typing.cast(object, rules_type))


@functools.cache
def _readers_of(rules_type: Any) -> dict[str, Callable[[object, bool], object]]:
    try:
        hints = typing.get_type_hints(rules_type)
    except NameError:  # a class defined where its annotations' names cannot be found
        hints = {}
    return {
        field.name: _reader(hints[field.name] if field.name in hints else _kind_of_default(field.default))
        for field in attrs.fields(rules_type)
    }


def option_names(rules_type: type[Any]) -> tuple[str, ...]:
    """The options of a rules class, in the order of its fields."""
    return tuple(_readers(rules_type))


def _at(path: str, name: str) -> str:
    return f"{path}.{name}" if path else name


def read_option(
    rules_type: type[Any], name: str, value: object, *, path: str = "rules", from_text: bool = False
) -> object:
    """``value`` read as option ``name`` of ``rules_type``: its type only (the class checks ranges).

    Raises :class:`~railroad_canasta.core.errors.RulesError` at ``path.name`` for an unknown option or a
    value of the wrong type.
    """
    readers = _readers(rules_type)
    read = readers.get(name)
    if read is None:
        # (the option meant when one is close, else every option)
        said = did_you_mean(name, readers) or f" (known: {', '.join(readers)})"
        raise RulesError(name, f"unknown option{said}", path=_at(path, name))
    try:
        return read(value, from_text)
    except _Unfit as exc:
        raise RulesError(name, exc.reason, path=_at(path, name) + exc.suffix) from None


def rules_from_mapping(
    rules_type: type[R], data: Mapping[str, object], *, path: str = "rules", from_text: bool = False
) -> R:
    """The rules of ``rules_type`` whose options ``data`` gives; a missing option takes its default.

    Values are read by each option's type: ``bool``, ``int``, ``int | None``, an enum (by value), a table
    of integer rows (lists or tuples). ``from_text=True`` also reads strings, as typed on a command line:
    ``true``/``false`` (``yes``/``no``, ``on``/``off``, ``1``/``0``), integers, ``none``, and enum members
    by value or name (``same-turn``, ``SAME_TURN``, ``KittyTiming.SAME_TURN``). Values already of the
    option's type are taken as they are. Any unknown option or unfit value raises
    :class:`~railroad_canasta.core.errors.RulesError` whose ``path`` is ``path.option``.
    """
    values = {
        name: read_option(rules_type, name, value, path=path, from_text=from_text)
        for name, value in data.items()
    }
    try:
        return rules_type(**values)
    except RulesError as exc:
        raise RulesError(exc.option, exc.reason, path=_at(path, exc.option)) from None


def _plain(value: object) -> object:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def rules_to_mapping(rules: object) -> dict[str, object]:
    """Every option of ``rules`` (an attrs rules object) as plain JSON: enums by value, tables as lists."""
    return {name: _plain(getattr(rules, name)) for name in option_names(type(rules))}
