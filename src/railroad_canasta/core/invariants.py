"""Invariants: what holds in every state the rules can reach, written down as data.

An :class:`Invariant` is one fact of one clause: the clause it restates, what
must hold in a reader's words, and a check that answers ``None`` when it holds,
else the reason it does not (a string, or a :class:`Problem` that also names
the offending field). A variant lists its invariants as an ordered table;
:func:`check` runs a table in order and raises :class:`InvariantError` for the
first row that fails. A row's check may rely on every row above it holding,
so the order is part of the table.

Each row has a scope. ``"position"`` rows hold in any position the rules can
act on; ``"game"`` rows tie a state to its deal and its history (the dealer
the seed chose, the rounds scored so far, the kitties as dealt), which a
position set up by hand, as a scenario does, may leave aside.

>>> even = Invariant("X-1", "the number is even", lambda n: None if n % 2 == 0 else f"{n} is odd")
>>> small = Invariant("X-2", "the number is small", lambda n: None if n < 10 else "too big", scope="game")
>>> check((even, small), 4)
>>> check((even, small), 12)
Traceback (most recent call last):
...
railroad_canasta.core.invariants.InvariantError: too big [X-2]
>>> check((even, small), 12, scope="position")
>>> first_breach((even, small), 3)
InvariantError('X-1', '', '3 is odd', clauses=('X-1',))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Literal, TypeVar

import attrs

from railroad_canasta.core.cards import KIND_COUNT, Counts
from railroad_canasta.core.errors import RailroadCanastaError

__all__ = [
    "Invariant",
    "InvariantError",
    "InvariantTable",
    "Problem",
    "Scope",
    "check",
    "count_problem",
    "first_breach",
]

C = TypeVar("C", contravariant=True)

#: ``"position"``: holds in any position the rules act on; ``"game"``: ties a state to its deal and history.
Scope = Literal["position", "game"]


class InvariantError(RailroadCanastaError):
    """A state (or a player's view of one) breaks an invariant: the rules cannot reach it.

    ``clause`` is the spec clause broken (``"R-CAN-1"``), ``clauses`` every clause the invariant
    restates (``clause`` first), ``path`` the offending field (``"players[1].canastas"``; ``""`` for
    the whole) and ``reason`` a sentence.
    """

    def __init__(self, clause: str, path: str, reason: str, *, clauses: tuple[str, ...] = ()) -> None:
        self.clause = clause
        self.clauses = clauses or (clause,)
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {self.tagged_reason}" if path else self.tagged_reason)

    @property
    def tagged_reason(self) -> str:
        """The reason followed by the clauses, as messages show it: ``"... [R-PIL-2, R-SET-5]"``."""
        return f"{self.reason} [{', '.join(self.clauses)}]"

    def __repr__(self) -> str:
        return f"InvariantError({self.clause!r}, {self.path!r}, {self.reason!r}, clauses={self.clauses!r})"


@attrs.frozen
class Problem:
    """What a check found wrong: the offending field and the reason.

    ``clause`` is set only by a row that gathers several clauses (the form of a meld) to name the one
    broken; otherwise the row's clauses are reported.
    """

    path: str
    reason: str
    clause: str | None = None


def count_problem(counts: Counts | None, path: str) -> Problem | None:
    """What is wrong with ``counts`` as cards by kind (``None`` is no count): their number, a negative one."""
    if counts is None:
        return None
    if len(counts) != KIND_COUNT:
        return Problem(path, f"must count the {KIND_COUNT} kinds of card, not {len(counts)}")
    if min(counts) < 0:
        return Problem(path, "holds a negative number of cards")
    return None


@attrs.frozen
class Invariant(Generic[C]):
    """One row of an invariants table."""

    #: The spec clause this invariant restates (``R-CAN-1``).
    clause: str
    #: What must hold, in a reader's words.
    rule: str
    #: ``None`` when the invariant holds; else the reason, or a :class:`Problem` naming the field too.
    check: Callable[[C], str | Problem | None] = attrs.field(repr=False)
    #: The field a plain-string answer of ``check`` concerns (``""``: the whole).
    path: str = ""
    #: Further clauses the same fact restates, named with ``clause`` in messages.
    also: tuple[str, ...] = ()
    #: See the module's documentation.
    scope: Scope = "position"

    @property
    def clauses(self) -> tuple[str, ...]:
        """Every clause the invariant restates, ``clause`` first."""
        return (self.clause, *self.also)


#: An ordered table of invariants over one kind of context.
InvariantTable = Sequence[Invariant[C]]


def first_breach(table: InvariantTable[C], context: C, *, scope: Scope = "game") -> InvariantError | None:
    """The error for the first row of ``table`` that ``context`` breaks, or ``None``.

    ``scope="game"`` runs every row; ``scope="position"`` only the position rows.
    """
    every = scope == "game"
    for row in table:
        if not every and row.scope != "position":
            continue
        found = row.check(context)
        if found is None:
            continue
        if isinstance(found, Problem):
            if found.clause is not None:
                return InvariantError(found.clause, found.path, found.reason)
            return InvariantError(row.clause, found.path, found.reason, clauses=row.clauses)
        return InvariantError(row.clause, row.path, found, clauses=row.clauses)
    return None


def check(table: InvariantTable[C], context: C, *, scope: Scope = "game") -> None:
    """Raise :class:`InvariantError` for the first row of ``table`` that ``context`` breaks."""
    error = first_breach(table, context, scope=scope)
    if error is not None:
        raise error
