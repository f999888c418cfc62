"""The typed errors of the library.

Every error the library raises on bad input is a :class:`RailroadCanastaError`
and also a :class:`ValueError`, so callers may catch either.
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "NotationError",
    "RailroadCanastaError",
    "RulesError",
]


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
        super().__init__(f"token {position + 1} {token!r} of {text!r}: {reason}")


class RulesError(RailroadCanastaError):
    """A :class:`~railroad_canasta.variants.railroad.rules.Rules` option has an invalid value."""

    def __init__(self, option: str, reason: str) -> None:
        self.option = option
        self.reason = reason
        super().__init__(f"Rules.{option}: {reason}")


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
