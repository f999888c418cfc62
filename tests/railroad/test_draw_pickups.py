"""The draw phase's pickups near the floor: where a pickup completes a canasta, even the last kind, and
leaves few cards, the generator lists exactly what the guard tables allow (its plain pre-filters skip
the tables there, so these positions, rare in random games, are built by hand)."""

from __future__ import annotations

import itertools

import pytest

from builders import make_state
from railroad_canasta import (
    RAILROAD,
    Draw,
    GameState,
    Move,
    Phase,
    Rules,
    TakePile,
    TakeTop,
    legal_moves,
    why_illegal,
)
from railroad_canasta.testing.oracle import plausible_moves

#: A red, a wild and a sevens canasta: the mover lacks only the black one; and a red canasta alone.
_THREE_KINDS = ("8 8 8 8 8 8 8", "JK JK 2 2 2 2 2", "7 7 7 7 7 7 7")
_ONE_KIND = ("8 8 8 8 8 8 8",)
#: An unfinished meld of 9s that the top 9 completes, and one that a pair of 9s completes (black: wild).
_SIX, _FOUR = "9 9 9 9 9 JK", "9 9 9 JK"
_RULES = (
    RAILROAD,
    RAILROAD.replace(keep_two_cards=False),
    RAILROAD.replace(top_card_pickup_takes_pile=False),
    RAILROAD.replace(going_out_requires_discard=False),
    RAILROAD.replace(pair_pickup_joins_meld=False, frozen_pile_pair_pickup=False),
)


def _allowed(state: GameState) -> set[Move]:
    """The oracle's moves of the draw phase (the others fail the phase row, as ``test_oracle.py`` checks)."""
    return {
        m
        for m in plausible_moves(state)
        if isinstance(m, Draw | TakePile | TakeTop) and why_illegal(state, m) is None
    }


@pytest.mark.clause("R-PIL-4", "R-PIL-5", "R-DEC-15", "R-DEC-18", "R-DEC-19", "R-HND-1")
@pytest.mark.parametrize("rules", _RULES, ids=range(len(_RULES)))
@pytest.mark.parametrize("canastas", [_THREE_KINDS, _ONE_KIND], ids=["last-kind", "one-kind"])
@pytest.mark.parametrize("meld", [_SIX, _FOUR])
@pytest.mark.parametrize("hand", ["9", "K", "9 9", "9 7", "9 9 7", "9 9 K", "9 9 K Q", "9 9 7 7"])
def test_pickups_completing_a_canasta_are_listed_as_the_tables_say(
    rules: Rules, canastas: tuple[str, ...], meld: str, hand: str
) -> None:
    for pile, frozen in itertools.product(["9", "5 9", "R3 9"], [False, True]):
        state = make_state(
            rules=rules,
            hands=[hand, "4 4 5 5"],
            phase=Phase.DRAW,
            pile=pile,
            pile_frozen=frozen,
            melds=[[*canastas, meld], []],
            kitties=["5 6", "6 5"],
        )
        assert set(legal_moves(state)) == _allowed(state), (pile, frozen)


@pytest.mark.clause("R-PIL-4", "R-DEC-12", "R-REQ-4")
@pytest.mark.parametrize(
    "rules", [RAILROAD, RAILROAD.replace(pile_counts_for_requirement=False)], ids=["pile", "hand"]
)
@pytest.mark.parametrize("hand", ["9 9", "9 9 K", "9 9 K K", "9 9 4 5 6", "9 9 K K K JK", "9 9 A A A JK 2"])
@pytest.mark.parametrize("score", [0, 3000, 6000])
def test_a_pair_pickup_before_opening_is_listed_as_the_tables_say(
    rules: Rules, hand: str, score: int
) -> None:
    for pile in ["9", "K 9", "A A A JK 9", "R3 9"]:
        state = make_state(
            rules=rules, hands=[hand, "4 4 5 5"], phase=Phase.DRAW, pile=pile, scores=[score, 0]
        )
        assert set(legal_moves(state)) == _allowed(state), pile
