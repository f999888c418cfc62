"""Guard ablation: switch one row of a guard table off, to see whether any test notices.

A tool of the project, not of the package: ``tools/ablate.py`` and the ``ablation`` nox session use it,
and tests import it with ``tools`` on the path.

Every row of every registered variant's guard tables (``variant.tables``) is a :class:`AblationRow`,
named by a key ``variant:table:index`` (the first table that holds the row; a row shared by several
tables, such as the common rows or the floor rows, is one row). Inside :func:`ablated` the row's check
always holds, and every restatement of its clause declared on the variant's switches
(``variant.switches``, see :mod:`railroad_canasta.core.restatements`) is off: the move generator then asks
the tables wherever the clause is concerned. :func:`generator_disagreements` checks that, under the
ablation, ``legal_moves`` still lists the moves of the tables (:func:`oracle_moves`: every plausible move
the weakened tables accept) over sampled positions: a restatement of the clause that is not declared
keeps refusing and is found.

``tools/ablate.py`` runs the conformance scenarios, and the tests citing the row's clause, under each
ablation; the tests run in a subprocess with this module as a pytest plugin::

    pytest -p ablation --ablate railroad:take-pile:4 --ablate-clause R-PIL-3   # (tools on PYTHONPATH)

>>> row = next(r for r in ablation_rows() if r.clause == "R-PIL-3")
>>> row.key, row.rule
('railroad:take-pile:4', 'no black 3 on top stops the pile')
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Never, Protocol

import attrs

from railroad_canasta.core.guards import Guard
from railroad_canasta.core.moves import Move
from railroad_canasta.core.variant import Variant
from railroad_canasta.variants import VARIANTS

if TYPE_CHECKING:
    import pytest

__all__ = [
    "PLANTED_CLAUSE",
    "AblationRow",
    "ablated",
    "ablation_rows",
    "find_row",
    "generator_disagreements",
    "oracle_moves",
    "plant",
    "sample_positions",
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


def _plausible(variant: str) -> Callable[[Any], Sequence[Move]]:
    """The variant's list of every move that could be legal, whatever the phase (the oracle's list)."""
    if variant == "classic":
        from railroad_canasta.variants.classic.legal import plausible_moves as classic_plausible

        return classic_plausible
    from railroad_canasta.variants.railroad.legal import plausible_moves

    return plausible_moves


def oracle_moves(variant: str, position: Any) -> set[Move]:
    """The moves of the variant's plausible list that its tables (as switched now) accept."""
    judge = VARIANTS[variant].why_illegal
    return {m for m in _plausible(variant)(position) if judge(position, m) is None}


def sample_positions(variant: str, games: int = 1, every: int = 15) -> list[Any]:
    """States of seeded random games of ``variant`` (one round each, every ``every``-th decision), at the
    fewest and the most players."""
    play: Variant[Any, Any, Any] = VARIANTS[variant]
    counts = play.metadata.allowed_players
    out: list[Any] = []
    for players in sorted({counts[0], counts[-1]}):
        for seed in range(games):
            state = play.new_game(play.rules_for(players, max_rounds=1), seed)
            rng = random.Random(seed)
            decisions = 0
            while not play.is_over(state):
                moves = play.legal_moves(state)
                if decisions % every == 0:
                    out.append(state)
                state = play.apply(state, moves[rng.randrange(len(moves))])
                decisions += 1
    return out


def generator_disagreements(row: AblationRow, positions: Sequence[Any]) -> list[str]:
    """Under ``row`` switched off, the positions where ``legal_moves`` and the tables disagree (a restatement
    of the row's clause that is not declared), each as one line. A position where the weakened tables raise
    (a later row reads what the row switched off guaranteed) is skipped."""
    play = VARIANTS[row.variant]
    out: list[str] = []
    with ablated(row):
        for position in positions:
            try:
                listed = set(play.legal_moves(position))
                judged = oracle_moves(row.variant, position)
            except Exception:  # the weakened tables break on it: the scenarios notice that, not this check
                continue
            if listed != judged:
                extra = sorted(map(str, listed - judged))
                missing = sorted(map(str, judged - listed))
                out.append(f"listed but refused {extra}, accepted but not listed {missing}")
    return out


@contextlib.contextmanager
def ablated(row: AblationRow) -> Iterator[None]:
    """Within the block, ``row`` always holds and every declared restatement of its clause is off."""
    with VARIANTS[row.variant].switches.off(row.clause, rows=(row.guard,)):
        yield


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
