#!/usr/bin/env python3
"""The exhaustive classic opening oracle, offline: many more examples than CI runs.

Usage: ``python tools/classic_opening_oracle.py [--examples N] [--max-hand K] [--seed S]``

Hypothesis draws positions of a side not yet opened (``opening_states``: meld phase with cards held aside
or not, draw phase with a pair of the pile's top card) and each is compared with the oracle
(``railroad_canasta.testing.classic_opening.compare``): the move generator, its fast paths and the guard
tables against every sequence of the turn's steps. Prints the examples, the sequences explored and every
disagreement; exit status 1 if there is one.
"""

from __future__ import annotations

import argparse
import sys

from hypothesis import HealthCheck, given, seed, settings

from railroad_canasta.core.cards import format_kinds
from railroad_canasta.scenarios.model import canon_counts
from railroad_canasta.testing.classic_opening import compare, opening_states
from railroad_canasta.variants.classic.state import ClassicState


def describe(state: ClassicState) -> str:
    """The position of an example, enough to rebuild it with ``opening_position``."""
    aside = canon_counts(state.pending) if state.pending is not None else "none"
    return (
        f"{state.rules.players} players, {state.phase.value} phase, score {state.mover_side.score}, hand "
        f"{canon_counts(state.mover_hand)}, held aside {aside}, pile {format_kinds(state.pile)}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000)
    parser.add_argument("--max-hand", type=int, default=11)
    parser.add_argument("--seed", type=int, default=0, help="Hypothesis's seed (the same seed, the same run)")
    args = parser.parse_args(argv)
    counts = {"examples": 0, "explored": 0, "meld": 0, "draw": 0}
    wrong: list[str] = []

    @seed(args.seed)
    @settings(
        max_examples=args.examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(opening_states(args.max_hand))
    def run(state: ClassicState) -> None:
        found, explored = compare(state)
        counts["examples"] += 1
        counts["explored"] += explored
        counts[state.phase.value] = counts.get(state.phase.value, 0) + 1
        wrong.extend(f"{line}  [{describe(state)}]" for line in found)

    run()
    print(
        f"examples {counts['examples']} (meld phase {counts['meld']}, draw phase {counts['draw']}), "
        f"sequences explored {counts['explored']}, disagreements {len(wrong)}"
    )
    for line in wrong[:20]:
        print("  " + line)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
