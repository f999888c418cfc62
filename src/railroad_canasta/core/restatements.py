"""Declared restatements and the caches of a variant: one object of each per variant.

A rule is decided by one row of a guard table. Where speed needs a function that decides legality without
asking the row (a fast path of the move generator, a plain case answered early), the function is a
*restatement* and says so: it is declared with :meth:`Switches.declare`, naming the literal clause IDs it
restates, so that grepping a clause ID finds it beside its row. Each declaration answers a
:class:`Restatement` whose ``on`` flag the fast path reads before it answers; when the flag is off the
caller asks the guard tables instead.

:meth:`Switches.off` switches a clause off (for ablation: does any test notice?): its rows hold always, and
every restatement declaring it (or holding a part that does) is off, so the generator answers from the
tables for everything the clause touches. A restatement that is not declared stays on, and the move
generator then disagrees with its tables (``legal_moves`` against ``legal_by_tables``): the ablation check
sees it.

:class:`Caches` lists the memos of a variant (each a module's remembered last answer, by identity), so that
one ``clear()`` forgets them all. Each memo is read once into a local before it is tested and written in
one assignment of a fresh tuple, so a reader on another thread sees an old answer or a new one, never half
of each: under free-threaded Python the memos are safe to share (a miss only costs the work again).
Switching a clause off is not thread-safe: do it while no other thread plays.

>>> switches = Switches("demo")
>>> fast = switches.declare("demo.even_fast", "X-1")
>>> with switches.off("X-1"):
...     fast.on
False
>>> fast.on, switches.restated_in("X-1")
(True, ('demo.even_fast',))
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Generic, Never, TypeVar

from railroad_canasta.core.guards import Guard

__all__ = ["Caches", "IdentityMemo", "Restatement", "Switches"]


class Restatement:
    """One declared restatement: its name (module and function), the clauses it restates, the restatements
    it calls (``parts``: off when any of them is), and whether it may answer (``on``)."""

    __slots__ = ("clauses", "name", "on", "parts")

    def __init__(self, name: str, clauses: tuple[str, ...], parts: tuple[Restatement, ...]) -> None:
        self.name = name
        self.clauses = clauses
        self.parts = parts
        #: Read by the fast path before it answers: ``False`` while a clause it restates is switched off.
        self.on = True

    def restates(self, clause: str) -> bool:
        """Whether it restates ``clause``, itself or through one of its parts."""
        return clause in self.clauses or any(part.restates(clause) for part in self.parts)

    def __repr__(self) -> str:
        return f"Restatement({self.name!r}, {self.clauses!r})"


def _always_holds(context: object) -> None:
    return None


class Caches:
    """The memos of one variant, by name, each with the function that forgets it."""

    __slots__ = ("_clears",)

    def __init__(self) -> None:
        self._clears: dict[str, Callable[[], None]] = {}

    def register(self, name: str, clear: Callable[[], None]) -> None:
        """Add the memo ``name`` (``module._NAME``), forgotten by ``clear``."""
        self._clears[name] = clear

    @property
    def names(self) -> tuple[str, ...]:
        """Every memo, by name."""
        return tuple(self._clears)

    def clear(self) -> None:
        """Forget every memo."""
        for clear in self._clears.values():
            clear()


K = TypeVar("K")
V = TypeVar("V")


class IdentityMemo(Generic[K, V]):
    """Values computed from immutable objects, remembered by each object's identity: ``get(key, compute)``
    answers ``compute(key)``, computed once while the entry lives.

    An entry holds its key, so no other object can take the key's id while the entry lives. At most
    ``most`` entries are kept: the next one after that forgets them all. Entries are only added, each
    whole, so two threads at worst compute one twice. Register :meth:`clear` with the variant's
    :class:`Caches`.

    >>> memo: IdentityMemo[tuple[int, ...], int] = IdentityMemo(most=2)
    >>> key = (1, 2, 3)
    >>> memo.get(key, sum), memo.get(key, len)  # (the second answer is the first one's, remembered)
    (6, 6)
    >>> memo.get((1, 2, 3, 4), len), len(memo), memo.get((5,), len), len(memo)
    (4, 2, 1, 1)
    """

    __slots__ = ("_entries", "_most")

    def __init__(self, most: int = 1024) -> None:
        self._entries: dict[int, tuple[K, V]] = {}
        self._most = most

    def get(self, key: K, compute: Callable[[K], V]) -> V:
        """``compute(key)``, remembered by the identity of ``key``."""
        entry = self._entries.get(id(key))
        if entry is not None and entry[0] is key:
            return entry[1]
        value = compute(key)
        entries = self._entries
        if len(entries) >= self._most:
            entries.clear()
        entries[id(key)] = (key, value)
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every entry."""
        self._entries.clear()


class Switches:
    """The declared restatements of one variant, and the switch that turns a clause off everywhere."""

    __slots__ = ("caches", "name", "restatements", "tables")

    def __init__(self, name: str, caches: Caches | None = None) -> None:
        self.name = name
        self.caches = Caches() if caches is None else caches
        self.restatements: dict[str, Restatement] = {}
        #: The variant's guard tables (set by the module that defines them).
        self.tables: Mapping[str, Sequence[Guard[Never]]] = {}

    def declare(self, name: str, *clauses: str, parts: Sequence[Restatement | str] = ()) -> Restatement:
        """Declare the function ``name`` a restatement of ``clauses`` (literal IDs), calling ``parts`` (the
        restatements, or their names when declared already)."""
        if name in self.restatements:
            raise ValueError(f"{name} is declared twice")
        called = tuple(self.restatements[p] if isinstance(p, str) else p for p in parts)
        restatement = Restatement(name, clauses, called)
        self.restatements[name] = restatement
        return restatement

    def restated_in(self, clause: str) -> tuple[str, ...]:
        """The restatements that declare ``clause`` themselves (not through a part)."""
        return tuple(r.name for r in self.restatements.values() if clause in r.clauses)

    def rows(self, clause: str) -> tuple[Guard[Never], ...]:
        """Every distinct row of the tables that enforces ``clause``."""
        out: dict[int, Guard[Never]] = {}
        for table in self.tables.values():
            for guard in table:
                if guard.clause == clause:
                    out.setdefault(id(guard), guard)
        return tuple(out.values())

    @contextlib.contextmanager
    def off(self, clause: str, rows: Sequence[Guard[Never]] | None = None) -> Iterator[None]:
        """Within the block ``clause`` is off: its ``rows`` (every row citing it by default) always hold, and
        every restatement of it is off. The memos are forgotten on entry and on exit."""
        guards = self.rows(clause) if rows is None else tuple(rows)
        checks = [(guard, guard.check) for guard in guards]
        switched = [r for r in self.restatements.values() if r.on and r.restates(clause)]
        for guard, _check in checks:
            object.__setattr__(guard, "check", _always_holds)
        for restatement in switched:
            restatement.on = False
        self.caches.clear()
        try:
            yield
        finally:
            for guard, check in checks:
                object.__setattr__(guard, "check", check)
            for restatement in switched:
                restatement.on = True
            self.caches.clear()
