"""The ``demo`` command: a game between seeded bots, narrated turn by turn, with the score tables."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Generic, TextIO, TypeVar

from railroad_canasta import __version__
from railroad_canasta.bots import BOT_NAMES, Bot, ExplainingBot, bot_named, play_game
from railroad_canasta.cli.demo_classic import run_classic
from railroad_canasta.cli.options import seed_argument
from railroad_canasta.core.cards import format_kinds, kinds_of
from railroad_canasta.core.moves import Discard, Draw, Move, NextRound, TakeKitty, TakePile, TakeTop
from railroad_canasta.game import new_game
from railroad_canasta.render.text import score_table
from railroad_canasta.variants import VARIANTS, variant_named
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.views import ClassicView
from railroad_canasta.variants.railroad.rules import RULES_VERSION, Rules
from railroad_canasta.variants.railroad.state import GameState, Phase, RoundResult
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = ["HELP", "Narrator", "configure", "run", "score_table"]


def _pile_text(state: GameState) -> str:
    if not state.pile:
        return "pile empty"
    status = " frozen" if state.pile_frozen else ""
    status += " stopped" if state.pile_stopped else ""
    return f"pile {len(state.pile)} (top {state.pile[-1]}){status}"


class Narrator:
    """Writes one line per turn: what the player did, their melds and the pile."""

    def __init__(self, out: TextIO, names: Sequence[str]) -> None:
        self.out = out
        self.names = names
        self.turn: list[str] = []
        self.turns = 0

    def __call__(self, before: GameState, move: Move, after: GameState) -> None:
        player = before.to_move
        if isinstance(move, NextRound):
            self.round_start(after)
            return
        self.turn.append(self._describe(before, move, after))
        if (
            after.to_move != player
            or after.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
            or (after.phase is Phase.DRAW)
        ):
            self.turns += 1
            me = after.players[player]
            melds = " | ".join(str(m) for m in me.melds) or "-"
            self.out.write(
                f"  {self.turns:4d} {self.names[player]:>8}: {'; '.join(self.turn)}\n"
                f"       {'':>8}  hand {me.hand_size}, red 3s {me.red_threes}, melds: {melds}; "
                f"{_pile_text(after)}, stock {len(after.stock)}\n"
            )
            self.turn = []
        if after.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            self._round_end(after, after.history[-1])

    def _describe(self, before: GameState, move: Move, after: GameState) -> str:
        if isinstance(move, Draw):
            if after.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
                return "cannot draw: the stock is empty"
            got = [a - b for a, b in zip(after.mover.hand, before.mover.hand, strict=True)]
            red = after.mover.red_threes - before.mover.red_threes
            text = f"draws {format_kinds(kinds_of(tuple(max(0, g) for g in got)))}"
            return text + (f" (+{red} red 3 put down)" if red else "")
        if isinstance(move, TakePile | TakeTop):
            return f"{move} ({len(before.pile)} cards)"
        if isinstance(move, Discard):
            return f"discards {move.card}" + (
                " and goes out"
                if after.phase is not before.phase
                and after.history
                and after.history[-1].went_out is not None
                and len(after.history) > len(before.history)
                else ""
            )
        if isinstance(move, TakeKitty):
            return "takes the kitty"
        return str(move)

    def round_start(self, state: GameState) -> None:
        """Write the line that opens a round: the dealer, the pile and each requirement."""
        self.out.write(
            f"\nRound {state.round}: {self.names[state.dealer]} deals; "
            f"{_pile_text(state)}; requirements "
            + ", ".join(
                f"{self.names[i]} {state.rules.requirement(p.score)}" for i, p in enumerate(state.players)
            )
            + "\n"
        )

    def _round_end(self, state: GameState, result: RoundResult) -> None:
        how = {
            "went-out": f"{self.names[result.went_out]} went out" if result.went_out is not None else "",
            "stock-empty": "the stock ran out",
            "no-discard": "a player had no legal discard",
        }[result.end.value]
        self.out.write(f"\nRound {result.round} ends: {how}.\n")
        self.out.write(score_table(state, self.names))


V = TypeVar("V", PlayerView, ClassicView)


class Explained(Generic[V]):
    """A bot whose every choice is written to ``out`` with its one-line reason, before it is played."""

    def __init__(self, bot: ExplainingBot[V], name: str, out: TextIO) -> None:
        self.bot: ExplainingBot[V] = bot
        self.name, self.out = name, out

    def choose(self, seen: V, moves: Sequence[Move]) -> Move:
        move, why = self.bot.explain(seen, moves)
        self.out.write(f"       {self.name:>8}  why {why}\n")
        return move


def _explained(bots: list[Bot[V]], names: list[str], out: TextIO) -> list[Bot[V]]:
    """The bots, each that gives reasons writing them to ``out`` (``--explain``)."""
    return [
        Explained(b, n, out) if isinstance(b, ExplainingBot) else b for b, n in zip(bots, names, strict=True)
    ]


#: The command's line in the command line's help.
HELP = "play a narrated game between seeded bots"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``demo`` command's arguments to its parser."""
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        help="number of players: railroad 2 to 8, classic 2, 3, 4 or 6 (default 2)",
    )
    parser.add_argument("--seed", type=seed_argument, default=7, help="the game seed (default 7)")
    parser.add_argument("--bot", choices=BOT_NAMES, default="greedy", help="which bot plays (default greedy)")
    parser.add_argument(
        "--max-rounds", type=int, default=None, help="stop after this many rounds (truncated)"
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="write each choice's reason (bots that give one: heuristic, search)",
    )
    parser.add_argument(
        "--variant",
        choices=tuple(VARIANTS),
        default=Rules.variant,
        help=f"the rule set played (default {Rules.variant})",
    )


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Play the demo game the arguments describe, narrated to ``out``; returns the exit status."""
    rules = variant_named(args.variant).rules_for(args.players, args.max_rounds)
    names = [f"P{i + 1}" for i in range(args.players)]
    if isinstance(rules, ClassicRules):
        classic: list[Bot[ClassicView]] = [
            bot_named(args.bot, seed=args.seed * 100 + i, variant="classic") for i in range(args.players)
        ]
        return run_classic(args, rules, _explained(classic, names, out) if args.explain else classic, out)
    bots: list[Bot[PlayerView]] = [
        bot_named(args.bot, seed=args.seed * 100 + i, variant="railroad") for i in range(args.players)
    ]
    if args.explain:
        bots = _explained(bots, names, out)
    narrator = Narrator(out, names)
    out.write(
        f"railroad-canasta {__version__} (rules {RULES_VERSION}): "
        f"{args.players} {args.bot} bots, seed {args.seed}\n"
    )
    # The deal is a function of the seed: the first round's opening line is written before any choice.
    narrator.round_start(new_game(rules, seed=args.seed))
    final = play_game(rules, args.seed, bots, on_move=narrator)
    assert final.result is not None
    rounds = len(final.history)
    out.write("\nTotals by round:\n")
    out.write(f"{'round':>5} | " + " ".join(f"{n:>7}" for n in names) + "\n")
    for r in final.history:
        out.write(f"{r.round:5d} | " + " ".join(f"{s:7d}" for s in r.scores) + "\n")
    if final.result.truncated:
        out.write(f"\nGame cut short after {rounds} rounds (max_rounds): no winner.\n")
    else:
        winners = " and ".join(names[i] for i in final.result.winners)
        out.write(f"\n{winners} wins after {rounds} rounds with {max(final.result.scores)} points.\n")
    return 0
