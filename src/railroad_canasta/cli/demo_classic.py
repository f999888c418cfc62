"""The ``demo`` command for classic Canasta: a game between seeded bots, narrated turn by turn, by side."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TextIO

from railroad_canasta import __version__
from railroad_canasta.bots import Bot, play_game
from railroad_canasta.core.moves import Move, NextRound
from railroad_canasta.variants.classic.deal import new_game
from railroad_canasta.variants.classic.rules import RULES_VERSION, ClassicRules
from railroad_canasta.variants.classic.state import ClassicState, Phase
from railroad_canasta.variants.classic.views import ClassicView

__all__ = ["run_classic", "side_names"]


def side_names(rules: ClassicRules, names: Sequence[str]) -> list[str]:
    """Each side by its players: ``P1 & P3``."""
    return [" & ".join(names[seat] for seat in side) for side in rules.sides]


def _round_start(out: TextIO, state: ClassicState, names: Sequence[str], sides: Sequence[str]) -> None:
    need = ", ".join(f"{sides[i]} {state.rules.requirement(s.score)}" for i, s in enumerate(state.sides))
    out.write(
        f"\nRound {state.round}: {names[state.dealer]} deals; top of the pile {state.top}; "
        f"requirements {need}\n"
    )


def _round_end(out: TextIO, state: ClassicState, names: Sequence[str], sides: Sequence[str]) -> None:
    result = state.history[-1]
    how = {
        "went-out": f"{names[result.went_out]} went out" if result.went_out is not None else "",
        "stock-empty": "the stock ran out",
        "red-three-last": "the last card of the stock was a red 3",
    }[result.end]
    out.write(f"\nRound {result.round} ends: {how}.\n")
    header = f"{'side':>9} | {'melded':>7} {'bonus':>6} {'red 3':>6} {'out':>4} {'hand':>6} |"
    header += f" {'round':>6} | {'total':>6}"
    out.write(header + "\n" + "-" * len(header) + "\n")
    for i, b in enumerate(result.breakdowns):
        out.write(
            f"{sides[i]:>9} | {b.melded:7d} {b.canasta_bonus:6d} {b.red_threes:6d} {b.going_out:4d} "
            f"{b.hand_penalty:6d} | {b.total:6d} | {result.scores[i]:6d}\n"
        )


def run_classic(
    args: argparse.Namespace, rules: ClassicRules, bots: Sequence[Bot[ClassicView]], out: TextIO
) -> int:
    """Play and narrate a classic game; the last line names the winning side."""
    names = [f"P{i + 1}" for i in range(rules.players)]
    sides = side_names(rules, names)
    out.write(
        f"railroad-canasta {__version__} (rules {RULES_VERSION}): classic Canasta, "
        f"{rules.players} {args.bot} bots in sides {', '.join(sides)}, seed {args.seed}\n"
    )
    turn: list[str] = []
    # The deal is a function of the seed: the first round's opening line is written before any choice.
    _round_start(out, new_game(rules, seed=args.seed), names, sides)

    def on_move(before: ClassicState, move: Move, after: ClassicState) -> None:
        if isinstance(move, NextRound):
            _round_start(out, after, names, sides)
            return
        turn.append(str(move))
        if (
            after.phase in (Phase.DRAW, Phase.ROUND_OVER, Phase.GAME_OVER)
            and before.phase is not Phase.ROUND_OVER
        ):
            side = after.sides[before.side_of(before.to_move)]
            melds = " | ".join(str(m) for m in side.melds) or "-"
            out.write(
                f"  {names[before.to_move]:>4}: {'; '.join(turn)}\n"
                f"        hand {after.hand_size(before.to_move)}, side melds: {melds}; "
                f"pile {len(after.pile)}, stock {len(after.stock)}\n"
            )
            turn.clear()
        if after.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            _round_end(out, after, names, sides)

    final = play_game(rules, args.seed, bots, on_move=on_move)
    assert final.result is not None
    rounds = len(final.history)
    if final.result.truncated:
        out.write(f"\nGame cut short after {rounds} rounds (max_rounds): no winner.\n")
    else:
        winners = " and ".join(sides[i] for i in final.result.winners)
        out.write(f"\nSide {winners} wins after {rounds} rounds with {max(final.result.scores)} points.\n")
    return 0
