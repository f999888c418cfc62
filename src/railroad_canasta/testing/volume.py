"""Volume: many random legal moves over every variant, player count and option set, every state checked.

:func:`walk` plays seeded random games one after another until it has applied ``steps`` moves. Each game
picks a variant of :data:`~railroad_canasta.variants.VARIANTS`, a player count within the variant's
bounds (in turn, so every count is played), a random reading of every two-way option (the rules' fields
holding a bool or an enum member) and a cap of 1 to 3 rounds. After every move the state goes through
JSON and back (:mod:`railroad_canasta.io.codec`, which finds the variant); loading checks every invariant
of the game (the loader runs the variant's ``validate``), and the loaded state must equal the one played.
A move that ``apply`` refuses, a dead end, or a state that does not come back equal raises
:class:`VolumeError`.

Checks are kept cheap rather than steps few: the legal moves are listed once a step (``apply`` reuses
the list) and the round trip is the one check of the invariants.

>>> report = walk(300, seed=1)
>>> report.steps, report.games >= 1
(300, True)
"""

from __future__ import annotations

import argparse
import enum
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from railroad_canasta.core.errors import RulesError
from railroad_canasta.core.moves import Move
from railroad_canasta.core.options import rules_from_mapping
from railroad_canasta.io.codec import state_from_json, state_to_json
from railroad_canasta.variants import VARIANTS

__all__ = ["VolumeError", "VolumeReport", "main", "random_rules", "walk"]


class VolumeError(AssertionError):
    """A state reached by legal play broke a check; the message says how to replay it."""


@attrs.frozen
class VolumeReport:
    """What a :func:`walk` ran."""

    steps: int
    games: int
    #: Games played by variant name, and by player count.
    by_variant: Mapping[str, int]
    by_players: Mapping[int, int]
    #: Games that reached their end (the others stopped at the step budget).
    finished: int
    rounds: int

    def summary(self) -> str:
        """One line: the figures of the run."""
        variants = ", ".join(f"{k} {v}" for k, v in sorted(self.by_variant.items()))
        players = ", ".join(f"{k}p {v}" for k, v in sorted(self.by_players.items()))
        return (
            f"volume: {self.steps} steps in {self.games} games ({self.finished} finished, "
            f"{self.rounds} rounds scored); variants: {variants}; players: {players}"
        )


def random_rules(variant_name: str, players: int, rng: random.Random) -> object:
    """The variant's rules for ``players``, every bool and enum option drawn at random, 1 to 3 rounds."""
    variant = VARIANTS[variant_name]
    rules = variant.rules_for(players, rng.randint(1, 3))
    base = {f.name: getattr(rules, f.name) for f in attrs.fields(type(rules))}
    for _ in range(20):
        options = dict(base)
        for name, value in base.items():
            if isinstance(value, bool):
                options[name] = rng.random() < 0.5
            elif isinstance(value, enum.Enum):
                options[name] = rng.choice(list(type(value)))
        try:
            return rules_from_mapping(type(rules), options)
        except RulesError:
            continue
    return rules


def walk(
    steps: int,
    seed: int = 0,
    *,
    game_steps: int = 2000,
    progress: Callable[[int, int], None] | None = None,
) -> VolumeReport:
    """Play ``steps`` random legal moves from ``seed`` over every variant; check every state reached.

    A game stops at its end or after ``game_steps`` moves, so that many games, player counts and option
    sets share the steps. ``progress(steps_done, games)`` is called every 10,000 steps.
    """
    rng = random.Random(seed)
    names = sorted(VARIANTS)
    counts = [(name, n) for name in names for n in VARIANTS[name].metadata.allowed_players]
    done = games = finished = rounds = 0
    by_variant: dict[str, int] = {}
    by_players: dict[int, int] = {}
    while done < steps:
        name, players = counts[games % len(counts)]
        variant = VARIANTS[name]
        rules = random_rules(name, players, rng)
        game_seed = rng.getrandbits(32)
        state: Any = variant.new_game(rules, game_seed)  # type: ignore[arg-type]
        games += 1
        by_variant[name] = by_variant.get(name, 0) + 1
        by_players[players] = by_players.get(players, 0) + 1
        played: list[Move] = []
        while done < steps and len(played) < game_steps:
            if variant.is_over(state):
                finished += 1
                break
            moves = variant.legal_moves(state)
            if not moves:
                raise VolumeError(f"{_where(name, rules, game_seed, played)}: dead end, no legal move")
            move = moves[rng.randrange(len(moves))]
            played.append(move)
            try:
                state = variant.apply(state, move)
                back = state_from_json(state_to_json(state))
            except Exception as exc:
                raise VolumeError(
                    f"{_where(name, rules, game_seed, played)}: {type(exc).__name__}: {exc}"
                ) from exc
            if back != state:
                raise VolumeError(
                    f"{_where(name, rules, game_seed, played)}: the JSON round trip changed the state"
                )
            done += 1
            if progress is not None and done % 10_000 == 0:
                progress(done, games)
        rounds += len(variant.round_scores(state))
    return VolumeReport(done, games, by_variant, by_players, finished, rounds)


def _where(name: str, rules: object, seed: int, played: list[Move]) -> str:
    moves = "; ".join(str(m) for m in played[-5:])
    return f"{name} game new_game({rules!r}, seed={seed}) after {len(played)} moves (last: {moves})"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m railroad_canasta.testing.volume STEPS [--seed N]``: walk, print progress and figures."""
    parser = argparse.ArgumentParser(
        prog="python -m railroad_canasta.testing.volume", description=walk.__doc__
    )
    parser.add_argument("steps", type=int)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()

    def progress(done: int, games: int) -> None:
        if done % 100_000 == 0:
            rate = done / (time.perf_counter() - start)
            print(f"  {done:,} steps, {games} games, {rate:,.0f} steps/s", flush=True)

    try:
        report = walk(args.steps, args.seed, progress=progress)
    except VolumeError as exc:
        print(f"volume: FAILED: {exc}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - start
    print(f"{report.summary()}; {elapsed:.1f} s, {report.steps / elapsed:,.0f} steps/s (seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
