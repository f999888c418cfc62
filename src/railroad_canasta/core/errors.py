"""The typed errors of the library.

Every error the library raises on bad input is a :class:`RailroadCanastaError`
and also a :class:`ValueError`, so callers may catch either.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = [
    "CLOSE_ENOUGH",
    "IllegalMoveError",
    "NotationError",
    "RailroadCanastaError",
    "RulesError",
    "closest",
    "describe",
    "describe_type",
    "did_you_mean",
    "excerpt",
    "json_indent",
    "missing_extra",
    "need_text",
    "need_type",
]


def need_text(function: str, text: object) -> None:
    """Raise ``TypeError`` with a sentence unless ``text`` is a string (notation is read from text).

    >>> need_text("parse_move", None)
    Traceback (most recent call last):
    ...
    TypeError: parse_move reads notation from a string, not None
    """
    if not isinstance(text, str):
        raise TypeError(f"{function} reads notation from a string, not {describe_type(text)}")


def need_type(function: str, value: object, kind: type | tuple[type, ...], expected: str) -> None:
    """Raise ``TypeError`` with a sentence unless ``value`` is a ``kind`` (``expected`` says what)."""
    if not isinstance(value, kind):
        raise TypeError(f"{function} expects {expected}, not {describe_type(value)}")


#: The largest ``indent`` of the JSON writers (a larger one only wastes memory).
MAX_INDENT = 16


def json_indent(indent: object) -> int | None:
    """``indent`` if ``None`` or an int from 0 to :data:`MAX_INDENT`; else ``TypeError``/``ValueError``."""
    if indent is None:
        return None
    if type(indent) is not int:
        raise TypeError(f"indent must be an int or None, not {describe_type(indent)}")
    if not 0 <= indent <= MAX_INDENT:
        raise ValueError(f"indent must be from 0 to {MAX_INDENT}, not {indent}"[:80])
    return indent


def describe_type(value: object) -> str:
    """``None``, ``a list``, ``an int``...: what kind of value ``value`` is, for a ``TypeError``."""
    if value is None:
        return "None"
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def excerpt(text: str, most: int = 40) -> str:
    """``repr(text)``, cut to its first ``most`` characters when longer (for echoing input in errors).

    >>> excerpt("meld 9 9 JK"), excerpt("9 " * 100)
    ("'meld 9 9 JK'", "'9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 '... (200 characters)")
    """
    if len(text) <= most:
        return repr(text)
    return f"{text[:most]!r}... ({len(text)} characters)"


#: How alike a mistyped word and a known one must be to suggest it (difflib's ratio; its default, 0.6,
#: offered ``--players`` for ``--rules`` and ``--seed`` for ``--seat``).
CLOSE_ENOUGH = 0.75


def closest(word: str, known: Iterable[str]) -> str | None:
    """The ``known`` word a mistyped ``word`` was most probably meant to be, or ``None``.

    >>> closest("gredy", ["random", "greedy"]), closest("--seat", ["--seed"]), closest("zzz", ["greedy"])
    ('greedy', None, None)
    """
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=CLOSE_ENOUGH)
    return close[0] if close else None


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``"; did you mean X?"`` for the word :func:`closest` finds, or ``""``.

    >>> did_you_mean("gredy", ["random", "greedy"]), did_you_mean("zzz", ["random", "greedy"])
    ('; did you mean greedy?', '')
    """
    meant = closest(word, known)
    return f"; did you mean {meant}?" if meant else ""


def describe(value: object) -> str:
    """A short description of a value that may be anything, for an error message.

    >>> describe(None), describe(True), describe("a" * 30), describe([1]), describe(2**80)
    ('null', 'true', "'aaaaaaaaaaaaaaaaaaaaaaaa'...", 'a list', 'a large integer')
    """
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if value.bit_length() < 64 else "a large integer"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else repr(value[:24]) + "..."
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


class RailroadCanastaError(ValueError):
    """Base class of every error raised for bad input to the library."""


class NotationError(RailroadCanastaError):
    """Text in card or move notation could not be read.

    ``position`` is the 0-based index of the offending token in the text split
    on whitespace, ``token`` the token itself and ``reason`` a sentence.
    """

    def __init__(self, text: str, position: int, token: str, reason: str) -> None:
        self.text = text
        self.position = position
        self.token = token
        self.reason = reason
        super().__init__(f"token {position + 1} {excerpt(token)} of {excerpt(text)}: {reason}")


class RulesError(RailroadCanastaError):
    """A rules option (of :class:`~railroad_canasta.variants.railroad.rules.Rules`) has an invalid value.

    ``option`` is the option's name, ``reason`` a sentence, and ``path`` where the value was read
    (``"rules.hand_size"`` in a document; ``"Rules.hand_size"`` for a value given to the class).
    """

    def __init__(self, option: str, reason: str, *, path: str | None = None) -> None:
        self.option = option
        self.reason = reason
        self.path = f"Rules.{option}" if path is None else path
        super().__init__(f"{self.path}: {reason}" if self.path else reason)

    def __repr__(self) -> str:
        return f"RulesError({self.option!r}, {self.reason!r}, path={self.path!r})"


class IllegalMoveError(RailroadCanastaError):
    """A move was applied that the rules do not allow in that state.

    ``clause`` is the spec clause the move breaks (e.g. ``"R-PIL-4"``) and
    ``reason`` a sentence a player understands.
    """

    def __init__(self, move: object, clause: str, reason: str) -> None:
        self.move = move
        self.clause = clause
        self.reason = reason
        super().__init__(f"{move} is illegal [{clause}]: {reason}")


def missing_extra(module: str, framework: str, extra: str) -> ImportError:
    """The error a module raises when the framework of an optional extra is missing, naming the extra.

    >>> str(missing_extra("railroad_canasta.adapters.openspiel", "OpenSpiel (pyspiel)", "openspiel"))
    "railroad_canasta.adapters.openspiel needs OpenSpiel (pyspiel): pip install 'railroad-canasta[openspiel]'"
    """
    return ImportError(f"{module} needs {framework}: pip install 'railroad-canasta[{extra}]'")
