"""Drive the engine from your own game loop: deal, ask for moves, apply them, read scores.

Here the "user interface" types moves in move notation, as a human or a remote
client would, and an illegal one is answered with the clause it breaks.
Run: ``python examples/drive_the_engine.py``.
"""

from __future__ import annotations

import random

from railroad_canasta import IllegalMoveError, Phase, Rules, apply, legal_moves, new_game


def main() -> None:
    """Play one round of a 3-player game with moves given as text."""
    state = new_game(Rules(players=3, max_rounds=1), seed=11)
    rng = random.Random(5)
    # A move that is not legal at the start (the first player must draw or take the pile first):
    try:
        apply(state, "discard 9")
    except IllegalMoveError as error:
        print(f"refused: {error.reason} [{error.clause}]")
    turns = 0
    while state.phase is not Phase.GAME_OVER:
        moves = legal_moves(state)
        text = str(rng.choice(moves))  # what your UI or network client would send
        state = apply(state, text)
        turns += state.phase is Phase.DRAW
    last = state.history[-1]
    print(f"round over after {turns} turns: {last.end.value}")
    for seat, breakdown in enumerate(last.breakdowns):
        print(f"player {seat}: {breakdown.total:6d}  ({breakdown})")


if __name__ == "__main__":
    main()
