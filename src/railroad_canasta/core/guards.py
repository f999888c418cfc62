"""Guards: the checks that decide whether a move is legal, written down as data.

A :class:`Guard` is one check of one clause: the clause it enforces, what must
hold in a player's words, and a function that answers ``None`` when it holds
or the reason it does not. A variant lists, for each kind of move, an ordered
tuple of guards (a guard table). A move is legal when every guard of its table
holds; :func:`first_violation` answers the first one that does not, and
:func:`explain` walks the same table in the same order, so what ``why_illegal``
says and what ``explain`` prints can never disagree.

>>> even = Guard("X-1", "the number is even", lambda n: None if n % 2 == 0 else f"{n} is odd")
>>> small = Guard("X-2", "the number is below 10", lambda n: None if n < 10 else f"{n} is too big")
>>> first_violation((even, small), 12)
Violation(clause='X-2', reason='12 is too big')
>>> first_violation((even, small), 4) is None
True
>>> [o.status for o in explain((even, small), 3)]
['fails', 'not reached']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, Literal, TypeVar

import attrs

__all__ = ["Guard", "GuardOutcome", "GuardTable", "Violation", "explain", "first_violation"]

C = TypeVar("C", contravariant=True)


@attrs.frozen
class Violation:
    """A broken rule: the clause and the reason, in words a player understands."""

    clause: str
    reason: str

    def __str__(self) -> str:
        return f"[{self.clause}] {self.reason}"


@attrs.frozen
class Guard(Generic[C]):
    """One check of a guard table.

    ``check`` takes the table's context (a state and a move, or what a variant
    derives from them) and answers ``None`` when the rule holds, else the
    reason it does not. A check that does not apply to the context holds.
    """

    #: The spec clause this guard enforces (``R-PIL-4``).
    clause: str
    #: What must hold, in a player's words ("the pair matches the top card").
    rule: str
    check: Callable[[C], str | None] = attrs.field(repr=False)


#: An ordered table of guards over one kind of context.
GuardTable = Sequence[Guard[C]]


@attrs.frozen
class GuardOutcome:
    """What one guard of a table said about a move (see :func:`explain`)."""

    clause: str
    rule: str
    #: ``ok`` (it holds), ``fails`` (the first that does not) or ``not reached`` (after the first failure).
    status: Literal["ok", "fails", "not reached"]
    #: Why it fails; ``None`` unless ``status`` is ``fails``.
    reason: str | None = None


def first_violation(table: GuardTable[C], context: C) -> Violation | None:
    """The first guard of ``table`` that does not hold for ``context``, or ``None``."""
    for guard in table:
        reason = guard.check(context)
        if reason is not None:
            return Violation(guard.clause, reason)
    return None


def explain(table: GuardTable[C], context: C) -> tuple[GuardOutcome, ...]:
    """Every guard of ``table`` in order, with what it says of ``context`` (none after the first failure)."""
    out: list[GuardOutcome] = []
    failed = False
    for guard in table:
        if failed:
            out.append(GuardOutcome(guard.clause, guard.rule, "not reached"))
            continue
        reason = guard.check(context)
        if reason is None:
            out.append(GuardOutcome(guard.clause, guard.rule, "ok"))
        else:
            out.append(GuardOutcome(guard.clause, guard.rule, "fails", reason))
            failed = True
    return tuple(out)
