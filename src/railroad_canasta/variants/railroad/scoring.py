"""Scoring a round (R-SCO-*) and the values used for the meld requirement.

>>> from railroad_canasta.core.cards import counts_of, parse_kinds
>>> hand_value(counts_of(parse_kinds("JK A 7 B3")))
80
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence

from railroad_canasta.core.cards import KIND_POINTS, Counts, Kind, pack_counts
from railroad_canasta.variants.railroad.rules import (
    CanastaKind,
    Rules,
    TableMeld,
    canasta_bonus,
    canasta_kind_of,
    table_meld,
)
from railroad_canasta.variants.railroad.state import (
    GameResult,
    PlayerState,
    ScoreBreakdown,
    new_breakdown,
    new_game_result,
)
from railroad_canasta.variants.railroad.switches import CACHES

__all__ = [
    "breakdown_problem",
    "canasta_bonuses",
    "game_result",
    "hand_value",
    "melds_value",
    "possible_bonus",
    "score_parts",
    "score_player",
    "score_players",
]


def hand_value(counts: Counts) -> int:
    """The card values of a multiset of cards (R-CRD-4); red 3s count 0.

    pre: len(counts) == 15
    pre: min(counts) >= 0
    post: __return__ >= 0
    post: __return__ >= 5 * (sum(counts) - counts[2])
    post: __return__ <= 50 * sum(counts)
    """
    return sum(map(operator.mul, counts, KIND_POINTS))  # (15 products, multiplied and added in C)


#: What scoring reads of a meld shared through :func:`table_meld`: ``(meld, card values, canasta kind
#: bit or 0)``, by the identity of the meld. The entry holds the meld, so no other object can take its id
#: while the entry lives, and only shared melds enter, a set bounded by what a pack can hold; a meld of
#: any other origin (a document, a test) is read by :func:`_facts` each time. Entries are only added,
#: each whole and true of its meld, so a race between threads at worst computes one twice.
_FACTS: dict[int, tuple[TableMeld, int, int]] = {}
CACHES.register("railroad.scoring._FACTS", _FACTS.clear)


def _facts(meld: TableMeld) -> tuple[TableMeld, int, int]:
    """A meld's entry of :data:`_FACTS`: its card values and canasta kind (R-SCO-1, R-CAN-1), kept when
    the meld is the shared one of its values.
    """
    kind = canasta_kind_of(meld)
    entry = (meld, meld.points, 0 if kind is None else kind.value)
    if table_meld(meld.rank, meld.naturals, meld.jokers, meld.twos) is meld:
        _FACTS[id(meld)] = entry
    return entry


def _melds_sums(melds: Iterable[TableMeld], bonuses: tuple[int, ...]) -> tuple[int, int]:
    """The card values and the canasta bonuses of ``melds`` (R-SCO-1, R-SCO-2), ``bonuses`` by kind bit.

    (A loop: ``map`` over ``tuple.__getitem__`` goes through a slot wrapper and costs twice as much.)
    """
    facts = _FACTS
    points = bonus = 0
    for meld in melds:
        entry = facts.get(id(meld)) or _facts(meld)
        points += entry[1]
        bonus += bonuses[entry[2]]
    return points, bonus


@functools.lru_cache(maxsize=64)
def _bonus_table(rules: Rules) -> tuple[int, ...]:
    """The bonus of a canasta indexed by its kind's bit, 0 at 0 and between (not a canasta; R-CAN-2..5)."""
    table = [0] * (max(CanastaKind) + 1)
    for kind in CanastaKind:
        table[kind] = canasta_bonus(kind, rules)
    return tuple(table)


#: No bonus for any kind (for the card values alone).
_NO_BONUSES = (0,) * (max(CanastaKind) + 1)


def melds_value(melds: tuple[TableMeld, ...]) -> int:
    """The card values of melds on the table (R-SCO-1)."""
    return _melds_sums(melds, _NO_BONUSES)[0]


def canasta_bonuses(melds: Iterable[TableMeld], rules: Rules) -> int:
    """The bonuses of the canastas among ``melds`` (R-CAN-2..5)."""
    # rule: R-CAN-2, R-CAN-3, R-CAN-4, R-CAN-5
    return _melds_sums(melds, _bonus_table(rules))[1]


def score_player(player: PlayerState, rules: Rules, went_out: bool) -> ScoreBreakdown:
    """One player's score for a round that has just ended."""
    return _score(player, rules, went_out, _bonus_table(rules))


def _score(player: PlayerState, rules: Rules, went_out: bool, bonuses: tuple[int, ...]) -> ScoreBreakdown:
    """:func:`score_player` with the bonus table of ``rules`` (read once for a round's players)."""
    melded, bonus = _melds_sums(player.melds, bonuses)
    kitty_taken = player.kitty_taken
    return new_breakdown(
        *score_parts(
            melded,
            bonus,
            player.red_threes,
            rules.red_three_bonus,
            rules.going_out_bonus if went_out else 0,
            hand_value(player.hand),
            0 if kitty_taken else hand_value(player.kitty),
            0 if kitty_taken or not rules.kitty_red_three_penalty else player.kitty[Kind.RED_THREE],
        )
    )


def score_players(
    players: Sequence[PlayerState], rules: Rules, went_out: int | None
) -> tuple[ScoreBreakdown, ...]:
    """The scores of a round that has just ended, by seat (``went_out``: the seat of who went out)."""
    bonuses = _bonus_table(rules)
    return tuple([_score(p, rules, seat == went_out, bonuses) for seat, p in enumerate(players)])


def score_parts(
    melded: int,
    bonus: int,
    red_threes: int,
    red_bonus: int,
    going_out: int,
    hand: int,
    kitty: int,
    kitty_reds: int,
) -> tuple[int, int, int, int, int, int]:
    """A player's round score by source (R-SCO-1..5): card values melded, canasta bonuses, red 3s put
    down, going out; less the card values of the hand and of a kitty not taken, in which each red 3 costs
    a red-3 bonus when ``kitty_reds`` counts them (R-DEC-7).

    pre: min(melded, bonus, red_threes, red_bonus, going_out, hand, kitty, kitty_reds) >= 0
    post: sum(__return__) == melded + bonus + going_out + red_bonus * (red_threes - kitty_reds) - hand - kitty
    post: __return__[2] == red_bonus * red_threes
    post: min(__return__[:4]) >= 0 and max(__return__[4:]) <= 0
    post: kitty or kitty_reds or __return__[5] == 0
    """
    # rule: R-SCO-1, R-SCO-2, R-SCO-3, R-SCO-4, R-SCO-5, R-DEC-7
    return (
        melded,
        bonus,
        red_bonus * red_threes,
        going_out,
        -hand,
        -kitty - red_bonus * kitty_reds,
    )


# ------------------------------------------------------------------------------ what a round can score


@functools.lru_cache(maxsize=64)
def _pack_facts(rules: Rules) -> tuple[int, int, int, int, int]:
    """The pack's card values, red 3s, and most canastas in all, of 7s, of wild cards."""
    counts = pack_counts(rules.players, rules.decks_per_player, rules.jokers_per_player)
    points = sum(n * KIND_POINTS[k] for k, n in enumerate(counts))
    wilds = counts[Kind.JOKER] + counts[Kind.TWO]
    return points, counts[Kind.RED_THREE], rules.pack_size // 7, counts[Kind.SEVEN] // 7, wilds // 7


@functools.lru_cache(maxsize=4096)
def possible_bonus(value: int, rules: Rules) -> bool:
    """Whether some canastas the pack can hold have bonuses adding up to ``value`` (R-CAN-2..5)."""
    _points, _reds, most, sevens_most, wild_most = _pack_facts(rules)
    red, black = rules.red_canasta_bonus, rules.black_canasta_bonus
    for wild in range(0, wild_most + 1):
        for sevens in range(0, min(sevens_most, most - wild) + 1):
            rest = value - wild * rules.wild_canasta_bonus - sevens * rules.sevens_canasta_bonus
            if rest < 0:
                break
            room = most - wild - sevens
            for blacks in range(0, room + 1):
                left = rest - blacks * black
                if left < 0:
                    break
                if (left == 0) or (red and left % red == 0 and left // red <= room - blacks):
                    return True
                if not black:
                    break
    return False


def breakdown_problem(b: ScoreBreakdown, rules: Rules, went_out: bool) -> tuple[str, str] | None:
    """Why no round under ``rules`` scores ``b`` for a player, as ``(field, reason)``; ``None`` if one can.

    Each part is checked against the pack: card values are multiples of 5 up to the whole pack's, the
    bonuses add up from canastas the pack can hold, red 3s are at most the pack's, a kitty penalty is at
    most its cards' worth, and whoever went out holds no card and has a canasta of every kind (R-OUT-1).
    """
    points, reds, _most, _sevens, _wilds = _pack_facts(rules)
    # rule: R-SCO-1
    if b.melded % 5 or not 0 <= b.melded <= points:
        return "melded", f"must be a multiple of 5 from 0 to {points}, the value of the pack"
    # rule: R-SCO-2
    if not possible_bonus(b.canasta_bonus, rules):
        return "canasta_bonus", "must add up from the bonuses of canastas the pack can hold"
    # rule: R-SCO-3
    if b.red_threes > reds * rules.red_three_bonus:
        return "red_threes", f"must be at most {reds} red-3 bonuses: the pack has {reds} red 3s"
    # rule: R-SCO-5
    if b.hand_penalty % 5 or not -points <= b.hand_penalty <= 0:
        return "hand_penalty", f"must be a multiple of 5 from -{points} to 0"
    worst = rules.kitty_size * (50 + (rules.red_three_bonus if rules.kitty_red_three_penalty else 0))
    if not -worst <= b.kitty_penalty <= 0:
        return "kitty_penalty", f"must be from -{worst} to 0: a kitty holds {rules.kitty_size} cards"
    if went_out:
        # rule: R-OUT-1
        every = sum(canasta_bonus(kind, rules) for kind in CanastaKind)
        if b.hand_penalty or b.canasta_bonus < every:
            return "going_out", "a player who went out holds no card and has a canasta of every kind"
    return None


def game_result(rules: Rules, round_no: int, scores: tuple[int, ...]) -> GameResult | None:
    """The game's result once round ``round_no`` ended with ``scores``, or ``None`` if play goes on."""
    best = max(scores)
    # rule: R-GAM-1
    if best >= rules.target_score:
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        # rule: R-DEC-17
        if len(winners) == 1 or not rules.tie_extra_rounds:
            return new_game_result(winners, False, scores)
    # rule: R-GAM-2
    if rules.max_rounds is not None and round_no >= rules.max_rounds:
        return new_game_result((), True, scores)
    return None
