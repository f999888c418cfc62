"""The opening counts the cards held aside (R-CL-REQ-2): restated cases of openings once refused.

A side that has not opened and takes the pile holds the rest of the pile aside until its melds meet the
requirement; those cards then join the hand, so the melds of the opening may use the whole hand. The
same opening is legal in every order of its steps.
"""

from __future__ import annotations

from itertools import permutations

import pytest

import railroad_canasta as rc
from railroad_canasta.core.cards import counts_of, parse_kinds
from railroad_canasta.testing.classic_opening import opening_position
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState, Phase


def _play(state: ClassicState, *moves: str) -> ClassicState:
    for text in moves:
        move = rc.Move.from_text(text)
        assert rc.why_illegal(state, move) is None, (text, rc.why_illegal(state, move))
        assert move in rc.legal_moves(state), text
        state = rc.apply(state, move)
    return state


@pytest.mark.clause("R-CL-REQ-2", "R-CL-REQ-1")
@pytest.mark.parametrize("ask_partner", [True, False])
def test_a_meld_that_leaves_only_the_rest_of_the_opening_is_legal(ask_partner: bool) -> None:
    """Need 120; the pile taken with K K JK (100 with the hand's K): 6 6 6 then J J J make 145 and
    leave no card in hand, the 16 cards aside joining it. Both orders are legal."""
    rules = ClassicRules(ask_partner=ask_partner)
    pile = parse_kinds("9 9 9 9 Q Q Q Q 4 4 4 4 A A A A K")
    state = opening_position(rules, parse_kinds("K K JK K K 6 6 6 J J J"), 3000, pile=pile, phase=Phase.DRAW)
    taken = _play(state, "take-pile K", "add K JK", "add K K", "add K K")
    assert taken.turn_points == 100 and taken.pending is not None and sum(taken.pending) == 16
    for order in permutations(["meld 6 6 6", "meld J J J"]):
        opened = _play(taken, *order)
        assert opened.mover_side.opened and opened.pending is None
        assert sum(opened.mover_hand) == 16


@pytest.mark.clause("R-CL-REQ-2")
def test_the_pile_is_taken_when_the_opening_then_uses_all_but_one_card() -> None:
    """Six players, need 120, hand 2 5 7 7 8 8 J J J J K K K, pile 9 Q J 7: 7 7 7, J J J J, K K K and
    8 8 2 make 125 and leave the 5 with the three cards held aside."""
    rules = ClassicRules(players=6)
    hand = parse_kinds("2 5 7 7 8 8 J J J J K K K")
    state = opening_position(rules, hand, 3000, pile=parse_kinds("9 Q J 7"), phase=Phase.DRAW)
    assert rc.why_illegal(state, rc.Move.from_text("take-pile 7")) is None
    taken = _play(state, "take-pile 7")
    for order in (
        ["meld J J J", "add J J", "meld K K K", "meld 8 8 2"],
        ["meld 8 8 2", "meld K K K", "meld J J J", "add J J"],
        ["meld K K K", "meld J J J", "meld 8 8 2", "add J J"],
    ):
        opened = _play(taken, *order)
        assert opened.mover_side.opened and opened.pending is None
        assert opened.mover_hand == counts_of(parse_kinds("5 9 Q J"))
        assert rc.Move.from_text("discard 5") in rc.legal_moves(opened)


@pytest.mark.clause("R-CL-REQ-1", "R-CL-REQ-2")
def test_without_cards_aside_the_opening_still_keeps_two_cards() -> None:
    """The same hand with nothing aside: a meld leaving the rest of the opening and no card is refused."""
    state = opening_position(ClassicRules(), parse_kinds("6 6 6 J J J"), 1500)
    assert rc.why_illegal(state, rc.Move.from_text("meld 6 6 6")) is not None
    aside = opening_position(ClassicRules(), parse_kinds("6 6 6 J J J A A A"), 1500, aside=parse_kinds("9 9"))
    for order in permutations(["meld 6 6 6", "meld J J J", "meld A A A"]):
        assert _play(aside, *order).mover_side.opened
