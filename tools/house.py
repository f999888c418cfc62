"""How walkable a variant's house is: its floors (import depth), the returns of the state through ``apply``.

``python tools/house.py [--variant railroad] [--games 6]`` prints two figures for the modules of
``railroad_canasta.variants.<variant>``:

* **floors**: the import depth inside the variant: a module importing no module of the variant is on floor 1,
  any other one floor above the highest module of the variant it imports (``tools/architecture.py`` reads
  the imports); the figure is the number of floors, with each module's floor.
* **returns**: the calls of one ``apply`` of each of a set of representative moves (every kind of move, from
  seeded games), traced with ``sys.setprofile``: the sequence of the variant's modules the call stack is in,
  and the count of times it comes back into a module it had already left during that ``apply`` (a reader
  following the state goes back to a room already visited). The figure is the sum over the moves traced.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import railroad_canasta as rc

sys.path.insert(0, str(Path(__file__).resolve().parent))
import architecture


def floors(variant: str) -> dict[str, int]:
    """Each module of the variant (its short name) with its floor, from 1."""
    prefix = f"railroad_canasta.variants.{variant}."
    inside = {m: {d for d in deps if d.startswith(prefix)} for m, deps in architecture.graph().items()}
    inside = {
        m.removeprefix(prefix): {d.removeprefix(prefix) for d in deps}
        for m, deps in inside.items()
        if m.startswith(prefix)
    }
    return {m: f + 1 for m, f in architecture.floors(inside).items()}


def representative_moves(variant: str, games: int) -> list[tuple[Any, rc.Move]]:
    """One (state, move) of each kind of move of each seeded game played by random legal moves."""
    out: list[tuple[Any, rc.Move]] = []
    for seed in range(games):
        rules = rc.variant_named(variant).rules_for(
            2 + seed % 3 if variant == "railroad" else 4, max_rounds=1
        )
        state = rc.new_game(rules, seed=seed)
        rng = random.Random(seed)
        seen: set[str] = set()
        while moves := rc.legal_moves(state):
            move = moves[rng.randrange(len(moves))]
            kind = type(move).__name__
            if kind not in seen:
                seen.add(kind)
                out.append((state, move))
            state = rc.apply(state, move)
    return out


def returns_of(
    apply: Callable[[Any, rc.Move], Any], state: Any, move: rc.Move, prefix: str
) -> tuple[int, list[str]]:
    """The returns into a module already left, during one ``apply``; the walk of modules it made."""
    walk: list[str] = []

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event not in ("call", "return"):
            return
        back = frame.f_back if event == "return" else frame
        if event == "return" and back is None:
            return
        here = (back or frame).f_globals.get("__name__", "")
        if here.startswith(prefix) and (not walk or walk[-1] != here):
            walk.append(here)

    sys.setprofile(profile)
    try:
        apply(state, move)
    finally:
        sys.setprofile(None)
    left: set[str] = set()
    count = 0
    for before, now in itertools.pairwise(walk):
        left.add(before)
        if now in left:
            count += 1
    return count, [w.removeprefix(prefix) for w in walk]


def main(argv: list[str] | None = None) -> int:
    """Print the floors and the returns of a variant."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="railroad")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--walks", action="store_true", help="print each apply's walk of modules")
    args = parser.parse_args(argv)
    levels = floors(args.variant)
    print(f"{args.variant}: {len(levels)} modules on {max(levels.values())} floors")
    for floor in sorted(set(levels.values()), reverse=True):
        print(f"  floor {floor:2d}: {' · '.join(sorted(m for m, f in levels.items() if f == floor))}")
    prefix = f"railroad_canasta.variants.{args.variant}."
    total = 0
    pairs = representative_moves(args.variant, args.games)
    for state, move in pairs:
        rc.legal_moves(state)  # (the memo filled, as a caller does before apply: the walk is apply's own)
        count, walk = returns_of(rc.apply, state, move, prefix)
        total += count
        if args.walks:
            print(f"  {type(move).__name__:10s} {count:3d} returns: {' > '.join(walk)}")
    print(f"returns through apply: {total} over {len(pairs)} moves ({total / len(pairs):.1f} a move)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
