"""Engine tests of red 3s: put down at once, no help for the requirement, replacement and kitty scoring.

Clauses: R-RED-1, R-RED-2, R-DEC-5, R-DEC-7.
"""

from __future__ import annotations

import pytest

from builders import card_total, clause_of, counts, make_state
from railroad_canasta import RAILROAD, Kind, Phase, RoundEnd, Rules, apply, new_game
from railroad_canasta.core.cards import pack_counts

#: The alternative reading of R-DEC-5 (the rules 1.0 default): no replacement.
NO_REPLACE = Rules(red_three_replacement=False)


@pytest.mark.clause("R-RED-1")
def test_drawn_red_three_goes_down() -> None:
    """A red 3 drawn from the stock is put down at once and never sits in the hand."""
    state = make_state(hands=["4 5", "6 6"], phase=Phase.DRAW, stock="K Q R3 9")
    after = apply(state, "draw")
    player = after.players[0]
    assert player.red_threes == 1
    assert player.hand[Kind.RED_THREE] == 0
    assert player.hand == counts("4 5 9 Q")


@pytest.mark.clause("R-RED-1")
def test_red_three_in_a_taken_pile_goes_down() -> None:
    """Red 3s found in a pile taken with a natural pair are put down, the other cards join the hand."""
    state = make_state(hands=["9 9 4 5", "6 6"], phase=Phase.DRAW, pile="R3 8 R3 9", opened=[True, False])
    after = apply(state, "take-pile 9")
    player = after.players[0]
    assert player.red_threes == 2
    assert player.hand == counts("4 5 8")


@pytest.mark.clause("R-RED-1")
def test_red_three_in_a_pile_taken_by_the_top_card_goes_down() -> None:
    """Default top-card pickup takes the rest of the pile, and its red 3 goes down."""
    state = make_state(hands=["4 5", "6 6"], melds={0: ["9 9 9"]}, phase=Phase.DRAW, pile="R3 8 9")
    after = apply(state, "take-top")
    player = after.players[0]
    assert player.red_threes == 1
    assert player.hand == counts("4 5 8")


@pytest.mark.clause("R-RED-1", "R-KIT-2")
def test_red_three_in_a_taken_kitty_goes_down() -> None:
    """Red 3s in a kitty go down when the kitty is taken; its other cards join the hand."""
    state = make_state(
        rules=NO_REPLACE,
        hands=["4 5", "6 6"],
        melds={0: ["K K K K K K K"]},
        phase=Phase.KITTY,
        kitties={0: "R3 R3 A J"},
    )
    after = apply(state, "take-kitty")
    player = after.players[0]
    assert player.red_threes == 2
    assert player.hand == counts("4 5 A J")
    assert player.kitty_taken and player.kitty_size == 0


@pytest.mark.clause("R-RED-2")
def test_red_threes_do_not_count_for_the_requirement() -> None:
    """A player with four red 3s down still needs 50 in melds: `meld 4 4 4` (15) alone is refused."""
    state = make_state(hands=["4 4 4 5 6 8", "6 6"], red_threes={0: 4})
    assert clause_of(state, "meld 4 4 4") == "R-REQ-4"
    drawn = apply(make_state(hands=["4 5", "6 6"], phase=Phase.DRAW, stock="K R3 R3"), "draw")
    assert drawn.turn_points == 0
    assert not drawn.players[0].opened


@pytest.mark.clause("R-DEC-5")
def test_no_replacement_for_a_drawn_red_three_in_the_alternative() -> None:
    """With red_three_replacement=False a draw of `R3 9` leaves the hand one card shorter."""
    state = make_state(rules=NO_REPLACE, hands=["4 5", "6 6"], phase=Phase.DRAW, stock="K Q R3 9")
    after = apply(state, "draw")
    assert after.stock == (Kind.KING, Kind.QUEEN)
    assert after.players[0].hand == counts("4 5 9")


@pytest.mark.clause("R-DEC-5")
def test_drawn_red_three_is_replaced_by_default() -> None:
    """By default a drawn red 3 is replaced from the stock, again if that is a red 3."""
    state = make_state(hands=["4 5", "6 6"], phase=Phase.DRAW, stock="K Q R3 R3 9")
    after = apply(state, "draw")
    assert after.players[0].red_threes == 2
    assert after.players[0].hand == counts("4 5 9 Q")
    assert after.stock == (Kind.KING,)


@pytest.mark.clause("R-DEC-5")
def test_kitty_red_three_is_replaced_by_default() -> None:
    """By default (red_three_replacement=True) a red 3 in a taken kitty is replaced from the stock."""
    state = make_state(
        hands=["4 5", "6 6"],
        melds={0: ["K K K K K K K"]},
        phase=Phase.KITTY,
        kitties={0: "R3 A"},
        stock="J Q",
    )
    after = apply(state, "take-kitty")
    assert after.players[0].red_threes == 1
    assert after.players[0].hand == counts("4 5 A Q")
    assert after.stock == (Kind.JACK,)


@pytest.mark.clause("R-DEC-5")
def test_red_three_taken_with_the_pile_is_not_replaced_by_default() -> None:
    """By default a red 3 in a pile taken with a pair still gets no replacement."""
    state = make_state(
        hands=["9 9 4 5", "6 6"],
        phase=Phase.DRAW,
        pile="R3 8 9",
        opened=[True, False],
        stock="J Q",
    )
    after = apply(state, "take-pile 9")
    assert after.players[0].red_threes == 1
    assert after.players[0].hand == counts("4 5 8")
    assert after.stock == (Kind.JACK, Kind.QUEEN)


@pytest.mark.clause("R-DEC-5", "R-DEC-2")
def test_red_three_taken_with_the_top_card_pickup_is_not_replaced_by_default() -> None:
    """By default a red 3 in a pile taken by the top-card pickup gets no replacement."""
    state = make_state(
        hands=["4 5", "6 6"],
        melds={0: ["9 9 9"]},
        phase=Phase.DRAW,
        pile="R3 8 9",
        stock="J Q",
    )
    after = apply(state, "take-top")
    assert after.players[0].red_threes == 1
    assert after.players[0].hand == counts("4 5 8")
    assert after.stock == (Kind.JACK, Kind.QUEEN)


def _end_with_kitty(rules: Rules) -> tuple[int, int]:
    """End a round by an empty-stock draw with seat 1's kitty `R3 R3 A` untaken: (kitty part, red-3 part)."""
    state = make_state(
        rules=rules,
        hands=["4 5", "6 6"],
        phase=Phase.DRAW,
        stock=0,
        kitties={1: "R3 R3 A"},
        red_threes={1: 1},
    )
    after = apply(state, "draw")
    assert after.history[-1].end is RoundEnd.STOCK_EMPTY
    part = after.history[-1].breakdowns[1]
    return part.kitty_penalty, part.red_threes


@pytest.mark.clause("R-DEC-7", "R-SCO-5")
def test_red_three_in_an_untaken_kitty_scores_nothing_by_default() -> None:
    """Default: the red 3s in an untaken kitty neither score 100 nor cost anything; the ace costs 20."""
    assert _end_with_kitty(RAILROAD) == (-20, 100)


@pytest.mark.clause("R-DEC-7")
def test_red_three_in_an_untaken_kitty_costs_100_in_the_alternative() -> None:
    """With kitty_red_three_penalty=True each red 3 in an untaken kitty costs 100."""
    assert _end_with_kitty(Rules(kitty_red_three_penalty=True)) == (-220, 100)


@pytest.mark.clause("R-DEC-7")
def test_red_three_in_a_taken_kitty_is_never_a_penalty() -> None:
    """Under the penalty option a kitty that was taken costs nothing at the end of the round."""
    rules = Rules(kitty_red_three_penalty=True)
    state = make_state(rules=rules, hands=["4 5", "6 6"], phase=Phase.DRAW, stock=0, kitty_taken={1: True})
    after = apply(state, "draw")
    assert after.history[-1].breakdowns[1].kitty_penalty == 0


@pytest.mark.clause("R-DEC-5", "R-SET-3")
def test_dealt_red_threes_are_replaced_by_default() -> None:
    """By default every dealt hand is topped up to 13 cards; with red_three_replacement=False it is not."""
    for seed in range(40):
        kept = new_game(NO_REPLACE, seed=seed)
        reds = sum(p.red_threes for p in kept.players)
        if reds == 0:
            continue
        replaced = new_game(RAILROAD, seed=seed)
        assert all(p.hand_size == 13 for p in replaced.players)
        assert any(p.hand_size < 13 for p in kept.players)
        assert len(replaced.stock) < len(kept.stock)
        assert card_total(replaced) == pack_counts(2)
        return
    raise AssertionError("no seed deals a red 3")
