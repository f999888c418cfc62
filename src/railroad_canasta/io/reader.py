"""Reading plain JSON with field paths: the primitives every loader of :mod:`railroad_canasta.io` uses.

A reader takes a value :func:`json.loads` gave and the path it was found at
(``players[1].hand``), and either returns it typed or raises
:class:`RecordError` naming that path. :func:`loads` reads plain JSON only:
no ``NaN`` or ``Infinity``, no duplicate keys, and no integer too long to print.

>>> read_kinds(["9", "JK"], "hand")
(Kind.NINE, Kind.JOKER)
>>> read_kinds(["9", "X"], "players[1].hand")
Traceback (most recent call last):
...
railroad_canasta.io.reader.RecordError: players[1].hand[1]: unknown card 'X': use one of JK 2 R3 B3 4 5 ...
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import NoReturn, TypeAlias, TypeVar, cast

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind
from railroad_canasta.core.errors import RailroadCanastaError, RulesError, describe
from railroad_canasta.core.invariants import InvariantError
from railroad_canasta.core.moves import MOST_CARDS
from railroad_canasta.core.options import MAX_INT_BITS, rules_from_mapping, rules_to_mapping
from railroad_canasta.variants import VARIANTS

__all__ = [
    "CARD_TOKENS",
    "MAX_DOCUMENT_BYTES",
    "MAX_MOVES",
    "MAX_ROUNDS",
    "JSONObject",
    "JSONValue",
    "RecordError",
    "at",
    "checked",
    "count_tokens",
    "fail",
    "loads",
    "read_bool",
    "read_counts",
    "read_document",
    "read_int",
    "read_ints",
    "read_kinds",
    "read_list",
    "read_object",
    "read_rules",
    "read_variant",
    "rules_json",
]

T = TypeVar("T")

#: A JSON value as :func:`json.loads` returns it.
JSONValue: TypeAlias = "bool | int | float | str | list[JSONValue] | dict[str, JSONValue] | None"
#: A JSON object.
JSONObject: TypeAlias = "dict[str, JSONValue]"

# Size limits, checked before anything is read (docs/json.md): a document that passes them is read in
# well under a second; anything larger is refused at once.
#: The largest document: room for a record of a game of :data:`MAX_MOVES` short moves, or a state with a
#: history of :data:`MAX_ROUNDS` rounds of 8 players.
MAX_DOCUMENT_BYTES = 8 * 1024 * 1024
#: The most rounds a history holds (a game lasts some dozens; the rules set no limit of their own).
MAX_ROUNDS = 10_000
#: The most moves a record holds.
MAX_MOVES = 200_000

#: The token of each kind of card, by kind: ``"JK"``, ``"2"``, ``"R3"``, ``"B3"``, ``"4"`` ... ``"A"``.
CARD_TOKENS: tuple[str, ...] = tuple(str(Kind(i)) for i in range(KIND_COUNT))
_TOKEN: dict[str, Kind] = {str(k): k for k in Kind}
_DOWN = tuple(range(KIND_COUNT - 1, -1, -1))


class RecordError(RailroadCanastaError):
    """A JSON document could not be read: it is malformed, or describes something the rules cannot reach.

    ``path`` locates the offending value (``"players[1].hand[3]"``, ``"rules.hand_size"``; ``""`` for the
    document itself) and ``reason`` says what is wrong, naming the clause broken when there is one.
    """

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}" if path else reason)

    def __repr__(self) -> str:
        return f"RecordError({self.path!r}, {self.reason!r})"


def fail(path: str, reason: str) -> NoReturn:
    """Raise :class:`RecordError` at ``path``."""
    raise RecordError(path, reason)


def at(path: str, key: str) -> str:
    """The path of ``key`` inside the object at ``path`` (a key past 40 characters is cut, marked ``...``)."""
    if len(key) > 40:
        key = key[:40] + "..."
    return f"{path}.{key}" if path else key


def read_object(
    data: object, path: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, object]:
    """An object holding every one of ``keys``, and nothing but them and ``optional``."""
    if not isinstance(data, dict):
        fail(path, f"must be an object, not {describe(data)}")
    for key in data:
        if key not in keys and key not in optional:
            fail(at(path, key) if isinstance(key, str) else path, f"unknown key {describe(key)}")
    for key in keys:
        if key not in data:
            fail(at(path, key), "missing")
    return data


def read_int(
    data: dict[str, object], key: str, path: str, low: int | None = 0, high: int | None = None
) -> int:
    """The integer at ``key``, from ``low`` to ``high`` (``None``: unbounded)."""
    value = data[key]
    if type(value) is not int:
        fail(at(path, key), f"must be an integer, not {describe(value)}")
    if value.bit_length() > MAX_INT_BITS:
        fail(at(path, key), "is too large")
    if low is not None and value < low:
        fail(at(path, key), f"must be at least {low}, not {describe(value)}")
    if high is not None and value > high:
        fail(at(path, key), f"must be at most {high}, not {describe(value)}")
    return value


def read_bool(data: dict[str, object], key: str, path: str) -> bool:
    """The ``true`` or ``false`` at ``key``."""
    value = data[key]
    if type(value) is not bool:
        fail(at(path, key), f"must be true or false, not {describe(value)}")
    return value


def read_list(value: object, path: str, most: int | None = None) -> list[object]:
    """A list, of at most ``most`` items (``None``: the length is checked by the caller)."""
    if not isinstance(value, list):
        fail(path, f"must be a list, not {describe(value)}")
    if most is not None and len(value) > most:
        fail(path, f"has {len(value)} entries, more than the {most} allowed")
    return value


def read_kinds(value: object, path: str) -> tuple[Kind, ...]:
    """A list of card tokens, as kinds in the same order: at most the largest pack (``MOST_CARDS``)."""
    items = read_list(value, path, MOST_CARDS)
    try:
        return tuple([_TOKEN[item] for item in items])  # type: ignore[index]
    except (KeyError, TypeError):
        for i, item in enumerate(items):
            if not isinstance(item, str) or item not in _TOKEN:
                fail(f"{path}[{i}]", f"unknown card {describe(item)}: use one of {' '.join(CARD_TOKENS)}")
        raise  # pragma: no cover - every failure of the fast path is found above


def read_counts(value: object, path: str) -> Counts:
    """A list of card tokens in any order, as counts by kind."""
    out = [0] * KIND_COUNT
    for kind in read_kinds(value, path):
        out[kind] += 1
    return tuple(out)


def read_ints(
    value: object, path: str, length: int, low: int | None = None, high: int | None = None
) -> tuple[int, ...]:
    """A list of ``length`` integers, each from ``low`` to ``high``."""
    items = read_list(value, path)
    if len(items) != length:
        fail(path, f"must have {length} entries, not {len(items)}")
    bounds = " and ".join(
        text
        for text in ("" if low is None else f"at least {low}", "" if high is None else f"at most {high}")
        if text
    )
    for i, item in enumerate(items):
        if type(item) is not int:
            fail(f"{path}[{i}]", f"must be an integer, not {describe(item)}")
        if item.bit_length() > MAX_INT_BITS:
            fail(f"{path}[{i}]", "is too large")
        if (low is not None and item < low) or (high is not None and item > high):
            fail(f"{path}[{i}]", f"must be {bounds}, not {describe(item)}")
    return tuple(items)  # type: ignore[arg-type]


def read_document(data: object, expected: str) -> dict[str, object]:
    """A document: an object whose ``"schema"`` field is ``expected``."""
    if not isinstance(data, dict):
        fail("", f"a document must be an object, not {describe(data)}")
    if "schema" not in data:
        fail("schema", f"missing: expected {expected!r}")
    if data["schema"] != expected:
        fail(
            "schema",
            f"unsupported document kind or version {describe(data['schema'])}: expected {expected!r}",
        )
    return data


def read_known(data: dict[str, object], key: str, path: str) -> Counts:
    """The known cards of a hand under ``key`` (R-VIS-1, R-CL-VIS-1): ``()`` for none, and for a document
    written before known cards were recorded (the key missing): it loads with none known."""
    if key not in data:
        return ()
    counts = read_counts(data[key], at(path, key))
    if max(counts) > 255:
        fail(at(path, key), "knows more cards of a kind than any pack holds")
    return counts if any(counts) else ()


def count_tokens(counts: Counts) -> list[JSONValue]:
    """Cards by kind as a list of tokens, high to low (a hand, a held pile)."""
    out: list[JSONValue] = []
    for i in _DOWN:
        n = counts[i]
        if n:
            out.extend([CARD_TOKENS[i]] * n)
    return out


def rules_json(rules: object) -> JSONObject:
    """Every option of ``rules`` (of any variant) as JSON: enums by value, tables as lists."""
    return cast(JSONObject, rules_to_mapping(rules))


def read_rules(rules_type: type[T], data: object, path: str = "rules") -> T:
    """Read the options of ``rules_type`` (see :func:`~railroad_canasta.core.options.rules_from_mapping`).

    A missing option takes its default. Errors name ``rules.<option>``.
    """
    if not isinstance(data, dict):
        fail(path, f"must be an object, not {describe(data)}")
    try:
        return rules_from_mapping(rules_type, data, path=path)
    except RulesError as exc:
        raise RecordError(exc.path, exc.reason) from None


def read_variant(data: object) -> str:
    """The variant a document is for: its ``"variant"`` field, ``"railroad"`` when it has none."""
    if not isinstance(data, dict) or "variant" not in data:
        return "railroad"
    name = data["variant"]
    if not isinstance(name, str) or name not in VARIANTS:
        fail("variant", f"unknown variant {describe(name)}: use one of {', '.join(VARIANTS)}")
    return name


def checked(validator: Callable[[T], None], value: T) -> T:
    """``value`` once ``validator`` finds it breaks no invariant; an invariant broken is a RecordError."""
    try:
        validator(value)
    except InvariantError as exc:
        raise RecordError(exc.path, exc.tagged_reason) from None
    return value


def _pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            fail("", f"duplicate key {describe(key)}")
        out[key] = value
    return out


def _reject_constant(name: str) -> NoReturn:
    fail("", f"{name} is not a JSON number")


def loads(text: str | bytes) -> object:
    """Plain JSON only: no NaN or Infinity, no duplicate keys, at most ``MAX_DOCUMENT_BYTES`` long."""
    if not isinstance(text, str | bytes | bytearray):
        fail("", f"JSON text must be a string, not {describe(text)}")
    if len(text) > MAX_DOCUMENT_BYTES:
        fail("", f"the document is {len(text)} long, more than the {MAX_DOCUMENT_BYTES} allowed")
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_reject_constant)
    except RecordError:
        raise
    except (ValueError, RecursionError) as exc:
        raise RecordError("", f"not valid JSON: {str(exc)[:200]}") from None
