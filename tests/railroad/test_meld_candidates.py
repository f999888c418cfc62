"""The meld-step candidates: their order, and the generator's moves-only reading of the same tables."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from railroad_canasta import RAILROAD, Kind, Phase
from railroad_canasta.core.cards import KIND_COUNT, Counts
from railroad_canasta.core.moves import AddToMeld, Move
from railroad_canasta.testing.strategies import reachable_states
from railroad_canasta.variants.railroad.candidates import step_candidates, step_moves
from railroad_canasta.variants.railroad.rules import TableMeld
from railroad_canasta.variants.railroad.state import GameState

_SOAK = settings().max_examples > 100


def _hand(**counts: int) -> Counts:
    hand = [0] * KIND_COUNT
    for name, count in counts.items():
        hand[Kind[name]] = count
    return tuple(hand)


# Three kings; one queen with an unfinished meld of queens; a pair of 9s; a pair of 7s; one 5 with an
# unfinished meld of 5s that holds 3 wild cards; a finished meld of aces; a joker and a 2.
_HAND = _hand(KING=3, QUEEN=1, NINE=2, SEVEN=2, FIVE=1, JOKER=1, TWO=1)
_MELDS = (TableMeld(Kind.QUEEN, 4), TableMeld(Kind.FIVE, 3, 2, 1), TableMeld(Kind.ACE, 7))


@pytest.mark.clause("R-TRN-4", "R-MLD-2", "R-MLD-4", "R-DEC-8")
@pytest.mark.parametrize(
    ("natural_sevens", "sevens"),
    [(True, []), (False, [("meld 7 7 JK", 3), ("meld 7 7 2", 3)])],
)
def test_candidates_come_high_rank_first_natural_then_joker_then_two(
    natural_sevens: bool, sevens: list[tuple[str, int]]
) -> None:
    """Ranks high first, each with its natural card, then a joker, then a 2; no wild joins a full meld or
    a meld of 7s where 7s are natural only, and none joins a canasta."""
    rules = RAILROAD.replace(sevens_natural_only=natural_sevens)
    listed = [(move.text, used) for move, used in step_candidates(_HAND, _MELDS, rules)]
    assert listed == [
        ("meld K K K", 3),
        ("meld K K JK", 3),
        ("meld K K 2", 3),
        ("add Q Q", 1),
        ("add Q JK", 1),
        ("add Q 2", 1),
        ("meld 9 9 JK", 3),
        ("meld 9 9 2", 3),
        *sevens,
        ("add 5 5", 1),
    ]


@pytest.mark.clause("R-DEC-9")
@pytest.mark.parametrize(
    ("wild_melds", "hand", "melds", "expected"),
    [
        (True, _hand(JOKER=2, TWO=1), (), ["meld JK JK 2"]),
        (True, _hand(JOKER=1, TWO=3), (), ["meld JK 2 2", "meld 2 2 2"]),
        (True, _hand(JOKER=1, TWO=1), (TableMeld(Kind.JOKER, 0, 2, 2),), ["add wild JK", "add wild 2"]),
        (True, _hand(JOKER=1, TWO=1), (), []),
        (False, _hand(JOKER=3, TWO=3), (), []),
        (False, _hand(JOKER=4, TWO=3), (), ["meld JK JK JK JK 2 2 2"]),
    ],
)
def test_the_wild_meld_candidates_come_last_most_jokers_first(
    wild_melds: bool, hand: Counts, melds: tuple[TableMeld, ...], expected: list[str]
) -> None:
    """A wild meld starts with 3 wild cards, or 7 where it is put down whole, most jokers first."""
    rules = RAILROAD.replace(wild_melds=wild_melds)
    assert [move.text for move, _used in step_candidates(hand, melds, rules)] == expected
    assert [move.text for move in step_moves(hand, melds, rules, [])] == expected


@pytest.mark.clause("R-TRN-4", "R-MLD-4", "R-DEC-8", "R-DEC-9")
@settings(max_examples=settings().max_examples if _SOAK else 60, deadline=None)
@given(reachable_states(max_moves=300))
def test_step_moves_are_the_moves_of_the_candidates(state: GameState) -> None:
    """``step_moves`` appends the moves of ``step_candidates``, the same shared instances in the same order,
    after what the list already holds: the generator's fast path lists exactly the candidates."""
    if state.phase is not Phase.MELD:
        return
    player = state.mover
    candidates = step_candidates(player.hand, player.melds, state.rules)
    head: list[Move] = [Move.from_text("draw")]
    moves = step_moves(player.hand, player.melds, state.rules, head)
    assert moves is head
    assert moves[0] == Move.from_text("draw")
    assert len(moves) == len(candidates) + 1
    assert all(move is candidate for move, (candidate, _used) in zip(moves[1:], candidates, strict=True))
    assert all(used == (1 if isinstance(move, AddToMeld) else move.card_count) for move, used in candidates)
