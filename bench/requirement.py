"""Worst cases of the requirement search (R-REQ-4): how long ``can_reach`` takes at the edge of a hand.

For random hands of 12 to 48 cards from a 6-player pack, under several option sets, the need is set at the
most the hand can meld (the hardest "yes") and one above it (the hardest "no"), where the exhaustive step
search used to run for minutes (issue 11). Prints, per option set, the CPU time per call (median, p99,
largest), and how the calls were decided: by the step search within its budget, by the knapsack, or by
the exhaustive search left for endings with one card or none.

    python bench/requirement.py [hands per option set, default 40]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from railroad_canasta.core.cards import Kind, counts_of, pack
from railroad_canasta.variants.railroad import requirement
from railroad_canasta.variants.railroad.requirement import SEARCH_BUDGET, best_gains, can_reach, search
from railroad_canasta.variants.railroad.rules import Rules

BASE = {"players": 6, "requirement_negative": 500, "hand_size": 12, "kitty_size": 37}
OPTION_SETS = {
    "default": {},
    "hand of 7s allowed (1.0)": {"allow_hand_of_sevens": True},
    "down to one card (R-DEC-19 alt)": {"keep_two_cards": False},
    "bonuses count": {"requirement_counts_bonuses": True},
    "no final discard": {"going_out_requires_discard": False},
    "mixed 7s, wild canasta whole": {"sevens_natural_only": False, "wild_melds": False},
    "every loosening at once": {
        "sevens_natural_only": False,
        "allow_hand_of_sevens": True,
        "keep_two_cards": False,
        "going_out_requires_discard": False,
    },
}


def _clear() -> None:
    """Forget every answer, so that each call is timed cold."""
    can_reach.cache_clear()
    requirement.best_gains.cache_clear()
    requirement._reach.cache_clear()


def main(hands: int) -> None:
    """Time the hardest needs of ``hands`` random hands under each option set."""
    cards = [c.kind for c in pack(6, 2, 2)]
    print(f"{'options':34} {'calls':>5} {'median µs':>10} {'p99 µs':>9} {'max ms':>8}  decided by")
    for name, options in OPTION_SETS.items():
        rules = Rules(**BASE, **options)  # type: ignore[arg-type]
        rng = random.Random(11)
        times: list[float] = []
        how = {"search": 0, "knapsack": 0, "exhaustive": 0}
        for _ in range(hands):
            size = rng.choice((12, 24, 36, 48))
            hand = tuple(
                0 if i == Kind.RED_THREE else n for i, n in enumerate(counts_of(rng.sample(cards, size)))
            )
            extra = rng.choice((0, 0, 1))
            top = best_gains(hand, (), 0, extra, False, rules).at_most
            for need in (top, top + 1):
                if need <= 0:
                    continue
                _clear()
                start = time.thread_time_ns()
                can_reach(hand, (), 0, need, extra, False, rules)
                times.append((time.thread_time_ns() - start) / 1000)
                _clear()
                if search(hand, (), 0, need, extra, False, rules, budget=SEARCH_BUDGET) is not None:
                    how["search"] += 1
                else:
                    gains = best_gains(hand, (), 0, extra, False, rules)
                    decided = gains.sure >= need or gains.at_most < need
                    how["knapsack" if decided else "exhaustive"] += 1
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(
            f"{name:34} {len(times):5} {statistics.median(times):10.0f} {p99:9.0f} {times[-1] / 1000:8.1f}  "
            + ", ".join(f"{k} {v}" for k, v in how.items())
        )


def constructed() -> None:
    """The worst case known: a 28-card hand that makes exactly the four canastas, under rules where melding
    the last card goes out (R-DEC-15's alternative). Melding every card would need the last step to leave
    no card while the step before leaves one, which the knapsack does not order by itself: the exhaustive
    search decides (it is "no")."""
    hand = [0] * 15
    for kind, count in ((Kind.JOKER, 4), (Kind.TWO, 5), (Kind.SEVEN, 7), (Kind.NINE, 7), (Kind.TEN, 5)):
        hand[kind] = count
    rules = Rules(**BASE, going_out_requires_discard=False)  # type: ignore[arg-type]
    gains = best_gains(tuple(hand), (), 0, 0, False, rules)
    for need in (gains.sure, gains.sure + 1, gains.at_most):
        _clear()
        start = time.thread_time_ns()
        answer = can_reach(tuple(hand), (), 0, need, 0, False, rules)
        took = (time.thread_time_ns() - start) / 1e6
        print(f"constructed 28-card hand, no final discard, need {need} ({gains}): {answer} in {took:.1f} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
    constructed()
