"""How often states sampled from a view hold the cards a pile take is known to have put in a hand.

Run: ``python bench/pickup_agreement.py [--games 2] [--samples 20] [--seed 0]``. For each variant and
player count, heuristic bots play ``--games`` games; after every pile take (a Railroad ``TakePile``; a
classic ``TakePile``, ``TakePileMixed`` or ``TakeTop``) each other player's view of the next decision is
sampled ``--samples`` times with :func:`railroad_canasta.sample_state`. A sample agrees when the taker's
hand in it holds every card the take added to that hand (the kinds whose count grew): cards the whole
table saw go in. The table gives, per variant and player count, the takes seen and the samples that
agree (issue 23, items 1 and 3: 100% once views carry the known cards).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import railroad_canasta as rc
from railroad_canasta.bots.registry import heuristic_bot
from railroad_canasta.core.cards import Counts
from railroad_canasta.core.moves import TakePile, TakePileMixed, TakeTop

_TAKES = (TakePile, TakePileMixed, TakeTop)
_CASES: tuple[tuple[str, int], ...] = tuple(("railroad", n) for n in (2, 3, 4, 5, 6, 8)) + tuple(
    ("classic", n) for n in (2, 3, 4, 6)
)


def _hand(state: rc.GameState | rc.ClassicState, seat: int) -> Counts:
    if isinstance(state, rc.GameState):
        return state.players[seat].hand
    return state.hands[seat]


def measure(variant: str, players: int, games: int, samples: int, seed: int) -> tuple[int, int, int]:
    """(takes, samples drawn, samples agreeing) over ``games`` heuristic games."""
    rules: rc.Rules | rc.ClassicRules = (
        rc.Rules(players=players) if variant == "railroad" else rc.ClassicRules(players=players)
    )
    rng = random.Random(seed)
    takes = drawn = agree = 0
    for game in range(games):
        bots = [heuristic_bot(variant, seed + seat) for seat in range(players)]
        state = rc.new_game(rules, seed=seed * 1000 + game)
        decisions = 0
        while not state.is_over and decisions < 3000:
            decisions += 1
            moves: Sequence[rc.Move] = rc.legal_moves(state)
            mover = state.to_move
            move = bots[mover].choose(rc.view(state, mover), moves)  # type: ignore[arg-type]
            after = rc.apply(state, move)
            if isinstance(move, _TAKES) and after.round == state.round:
                gained = [
                    max(0, a - b) for a, b in zip(_hand(after, mover), _hand(state, mover), strict=True)
                ]
                if any(gained):
                    takes += 1
                    for seat in range(players):
                        if seat == mover:
                            continue
                        seen = rc.view(after, seat)
                        for _ in range(samples):
                            sample = rc.sample_state(seen, rng)
                            drawn += 1
                            held = _hand(sample, mover)
                            agree += all(h >= g for h, g in zip(held, gained, strict=True))
            state = after
    return takes, drawn, agree


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"{'variant':9} {'players':>7} {'takes':>6} {'samples':>8} {'agree':>6} {'share':>7}")
    for variant, players in _CASES:
        takes, drawn, agree = measure(variant, players, args.games, args.samples, args.seed)
        share = f"{agree / drawn:.1%}" if drawn else "-"
        print(f"{variant:9} {players:>7} {takes:>6} {drawn:>8} {agree:>6} {share:>7}", flush=True)


if __name__ == "__main__":
    main()
