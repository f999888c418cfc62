"""Guard ablation: switch one row of a guard table off, to see whether any test notices.

Every row of every registered variant's guard tables (``variant.tables``) is a :class:`AblationRow`,
named by a key ``variant:table:index`` (the first table that holds the row; a row shared by several
tables, such as the common rows or the floor rows, is one row). Inside :func:`ablated` the row's check
always holds, everywhere the row is evaluated: ``why_illegal``, ``explain`` and the move generator. The
generator's fast pre-filters (candidates it never proposes because it knows a rule refuses them) would
hide the ablation, so the variant's :class:`GeneratorHook` also turns the generator into the tables
alone: the engine's own list (every move of it passes the weakened tables) followed by every plausible
move of the variant's oracle that the weakened tables accept.

``tools/ablate.py`` runs the conformance scenarios, and the tests citing the row's clause, under each
ablation; the tests run in a subprocess with this module as a pytest plugin::

    pytest -p railroad_canasta.testing.ablation --ablate railroad:take-pile:4 --ablate-clause R-PIL-3

>>> row = next(r for r in ablation_rows() if r.clause == "R-PIL-3")
>>> row.key, row.rule
('railroad:take-pile:4', 'no black 3 on top stops the pile')
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Never, Protocol

import attrs

from railroad_canasta.core.guards import Guard
from railroad_canasta.core.moves import Move
from railroad_canasta.variants import VARIANTS

if TYPE_CHECKING:
    import pytest

__all__ = [
    "HOOKS",
    "PLANTED_CLAUSE",
    "AblationRow",
    "GeneratorHook",
    "ablated",
    "ablation_rows",
    "find_row",
    "plant",
]

#: The clause of the planted row (:func:`plant`), which no test cites.
PLANTED_CLAUSE = "R-PLANTED-1"


class _Variant(Protocol):
    @property
    def tables(self) -> Mapping[str, Sequence[Guard[Never]]]: ...


@attrs.frozen
class AblationRow:
    """One distinct guard row of a variant: where it is first found, its clause and rule."""

    key: str
    variant: str
    table: str
    clause: str
    rule: str
    guard: Guard[Never] = attrs.field(repr=False, eq=False)


def ablation_rows(variants: Mapping[str, _Variant] | None = None) -> tuple[AblationRow, ...]:
    """Every distinct guard row of every variant (``VARIANTS`` by default), in table order."""
    out: list[AblationRow] = []
    for name, variant in (VARIANTS if variants is None else variants).items():
        seen: set[int] = set()
        for table, rows in variant.tables.items():
            for index, guard in enumerate(rows):
                if id(guard) in seen:
                    continue
                seen.add(id(guard))
                out.append(
                    AblationRow(f"{name}:{table}:{index}", name, table, guard.clause, guard.rule, guard)
                )
    return tuple(out)


def find_row(key: str, rows: Sequence[AblationRow] | None = None) -> AblationRow:
    """The row called ``key`` (``KeyError`` naming the key otherwise)."""
    for row in ablation_rows() if rows is None else rows:
        if row.key == key:
            return row
    raise KeyError(f"no guard row {key!r}")


#: A generator's candidate function: a position to the moves it proposes.
_Candidates = Callable[..., Sequence[Move]]
#: Install a wrap of a generator's candidate functions; answer what puts them back.
_Install = Callable[[Callable[[_Candidates], _Candidates]], Callable[[], None]]


def _planted(context: object) -> str | None:
    return "planted" if getattr(context, "planted", False) else None


def plant() -> AblationRow:
    """Add a row that refuses nothing real, citing a clause no test cites, to the largest table of the
    first variant: the ablation check must then fail (it proves the check is not vacuous)."""
    variant = next(iter(VARIANTS.values()))
    tables = variant.tables
    table = max(tables, key=lambda t: len(tables[t]))
    guard: Guard[Never] = Guard(PLANTED_CLAUSE, "a planted row that refuses nothing real", _planted)
    tables[table] = (*tables[table], guard)  # type: ignore[index]
    return next(r for r in ablation_rows() if r.guard is guard)


def _always_holds(context: object) -> None:
    return None


@attrs.frozen
class GeneratorHook:
    """How to make a variant's move generator answer from its guard tables alone.

    ``install(wrap)`` replaces the generator's candidate function ``f`` by ``wrap(f)`` and answers a
    function that puts ``f`` back; ``plausible(position)`` lists every move that could be legal in any
    position with the same hand sizes (the brute-force oracle's list); ``why_illegal`` is the variant's.
    """

    install: _Install
    plausible: Callable[..., Sequence[Move]]
    why_illegal: Callable[..., object]


def _set(module: ModuleType, values: Mapping[str, object]) -> None:
    """Set ``module``'s attributes to ``values`` and forget its memo of the last position (``_LAST``)."""
    for name, value in {**values, "_LAST": (None, ())}.items():
        setattr(module, name, value)


def _replacing(module: ModuleType, names: tuple[str, ...]) -> _Install:
    """An ``install`` (see :class:`GeneratorHook`) replacing the phase functions ``names`` of the generator
    ``module`` by their wraps, and clearing its memo of the last position (``_LAST``) both ways."""

    def install(wrap: Callable[[_Candidates], _Candidates]) -> Callable[[], None]:
        originals = {name: getattr(module, name) for name in names}
        _set(module, {name: wrap(function) for name, function in originals.items()})

        def restore() -> None:
            _set(module, originals)

        return restore

    return install


def _railroad_hook() -> GeneratorHook:
    from railroad_canasta.testing.oracle import plausible_moves
    from railroad_canasta.variants.railroad import legal

    phases = ("_meld_phase_moves", "_draw_phase_moves", "_other_phase_moves")
    return GeneratorHook(_replacing(legal, phases), plausible_moves, legal.why_illegal)


def _classic_hook() -> GeneratorHook:
    from railroad_canasta.testing.classic import plausible_moves
    from railroad_canasta.variants.classic import guards, legal

    return GeneratorHook(
        _replacing(legal, ("_meld_phase", "_draw_phase")), plausible_moves, guards.why_illegal
    )


#: The generator hook of each variant, by name: a variant without one cannot be ablated (the check fails).
#:
#: :meta hide-value:
HOOKS: Mapping[str, Callable[[], GeneratorHook]] = {"railroad": _railroad_hook, "classic": _classic_hook}


def _tables_only(hook: GeneratorHook) -> Callable[[_Candidates], _Candidates]:
    def wrap(candidates: _Candidates) -> _Candidates:
        def by_tables(position: object) -> tuple[Move, ...]:
            out = [m for m in candidates(position) if hook.why_illegal(position, m) is None]
            listed = set(out)
            out.extend(
                m
                for m in hook.plausible(position)
                if m not in listed and hook.why_illegal(position, m) is None
            )
            return tuple(out)

        return by_tables

    return wrap


@contextlib.contextmanager
def ablated(row: AblationRow) -> Iterator[None]:
    """Within the block, ``row`` always holds and the variant's generator answers from its tables."""
    make = HOOKS.get(row.variant)
    if make is None:
        raise LookupError(
            f"variant {row.variant!r} has no generator hook in railroad_canasta.testing.ablation"
        )
    guard = row.guard
    check = guard.check
    hook = make()
    restore = hook.install(_tables_only(hook))
    object.__setattr__(guard, "check", _always_holds)
    try:
        yield
    finally:
        object.__setattr__(guard, "check", check)
        restore()


# ------------------------------------------------------------------------------------- pytest plugin


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--ablate KEY``: run with that row off; ``--ablate-clause ID``: only the tests citing ``ID``."""
    group = parser.getgroup("ablation")
    group.addoption("--ablate", default=None, help="the key of the guard row to switch off")
    group.addoption("--ablate-clause", default=None, help="run only the tests marked with this clause")
    group.addoption("--ablate-plant", action="store_true", help="plant the uncited row first (see plant)")


_ACTIVE: list[contextlib.ExitStack] = []


def pytest_configure(config: pytest.Config) -> None:
    """Switch the row off for the whole run."""
    key = config.getoption("--ablate")
    if config.getoption("--ablate-plant"):
        plant()
    if key:
        stack = contextlib.ExitStack()
        stack.enter_context(ablated(find_row(key)))
        _ACTIVE.append(stack)


def pytest_unconfigure(config: pytest.Config) -> None:
    """Switch it back on."""
    while _ACTIVE:
        _ACTIVE.pop().close()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep only the tests whose ``clause`` markers name the clause given."""
    clause = config.getoption("--ablate-clause")
    if not clause:
        return
    keep = [item for item in items if any(clause in m.args for m in item.iter_markers("clause"))]
    dropped = [item for item in items if item not in keep]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = keep
