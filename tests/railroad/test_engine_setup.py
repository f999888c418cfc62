"""Engine tests of the deal: dealer, hands, kitties, stock, upcard and order of play (R-SET-*, R-TRN-1)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from builders import card_total, clause_of, make_state
from railroad_canasta import (
    RAILROAD,
    GameState,
    Kind,
    NextRound,
    Phase,
    Rules,
    RulesError,
    TakePile,
    TakeTop,
    UpcardRule,
    apply,
    legal_moves,
    new_game,
    why_illegal,
)
from railroad_canasta.core.cards import pack_counts


def _seed_where(rules: Rules, test: Callable[[GameState], bool], limit: int = 2000) -> int:
    """The first seed whose first deal under ``rules`` passes ``test``."""
    for seed in range(limit):
        if test(new_game(rules, seed=seed)):
            return seed
    raise AssertionError("no seed found")


@pytest.mark.clause("R-SET-1")
def test_first_dealer_is_drawn_from_the_seed() -> None:
    """The same seed always gives the same first dealer, and over many seeds every seat deals first."""
    for players in (2, 3):
        rules = Rules(players=players)
        dealers = [new_game(rules, seed=seed).dealer for seed in range(60)]
        assert dealers == [new_game(rules, seed=seed).dealer for seed in range(60)]
        assert set(dealers) == set(range(players))


@pytest.mark.clause("R-SET-2")
def test_next_round_is_dealt_by_the_next_seat() -> None:
    """`next-round` after a scored round deals round 2 with the dealer moved one seat left (wrapping)."""
    for players, dealer, new_dealer in ((2, 1, 0), (3, 0, 1), (3, 2, 0)):
        rules = Rules(players=players)
        state = make_state(
            rules=rules,
            hands=["4 5"] * players,
            phase=Phase.ROUND_OVER,
            dealer=dealer,
            to_move=dealer,
            scores=[100 * (i + 1) for i in range(players)],
            seed=11,
        )
        after = apply(state, "next-round")
        assert after.round == 2
        assert after.dealer == new_dealer
        assert after.to_move == (new_dealer + 1) % players
        assert after.scores == tuple(100 * (i + 1) for i in range(players))
        assert after.phase is Phase.DRAW


@pytest.mark.clause("R-SET-2")
def test_next_round_only_after_a_scored_round() -> None:
    """`next-round` is not a move during a round."""
    state = make_state(hands=["4 5 6", "8 8"], phase=Phase.MELD)
    assert clause_of(state, NextRound()) == "R-TRN-2"
    assert "next-round" not in {str(m) for m in legal_moves(state)}


@pytest.mark.clause("R-SET-3")
def test_each_player_gets_13_cards_and_an_11_card_kitty() -> None:
    """Every hand holds 13 cards (red 3s dealt are put down and replaced, R-DEC-5) and every kitty 11."""
    for seed in range(20):
        state = new_game(RAILROAD, seed=seed)
        for player in state.players:
            assert player.hand_size == 13
            assert player.kitty_size == 11
            assert not player.kitty_taken and not player.may_look_kitty
        kept = new_game(Rules(red_three_replacement=False), seed=seed)
        for player in kept.players:
            assert player.hand_size + player.red_threes == 13


@pytest.mark.clause("R-SET-3")
def test_the_shuffle_is_determined_by_the_seed() -> None:
    """The same seed deals the same cards; different seeds deal different hands."""
    assert new_game(RAILROAD, seed=5) == new_game(RAILROAD, seed=5)
    hands = {new_game(RAILROAD, seed=seed).players[0].hand for seed in range(10)}
    assert len(hands) > 1


@pytest.mark.clause("R-SET-4")
def test_stock_and_single_upcard() -> None:
    """After the deal the pile is one upcard and the stock holds the other 163 cards (2 players), less one
    replacement for each red 3 dealt (R-DEC-5)."""
    for seed in range(10):
        state = new_game(RAILROAD, seed=seed)
        reds = sum(p.red_threes for p in state.players)
        assert len(state.pile) == 1
        assert len(state.stock) == 212 - 2 * (13 + 11) - 1 - reds
        assert len(new_game(Rules(red_three_replacement=False), seed=seed).stock) == 163
        assert card_total(state) == pack_counts(2)
    three = new_game(Rules(players=3), seed=1)
    assert len(three.stock) == 318 - 3 * 24 - 1 - sum(p.red_threes for p in three.players)
    assert card_total(three) == pack_counts(3)


@pytest.mark.clause("R-SET-5")
def test_red_three_upcard_freezes_the_pile() -> None:
    """A red 3 turned up stays on the pile and freezes it."""
    seed = _seed_where(RAILROAD, lambda s: s.pile == (Kind.RED_THREE,))
    state = new_game(RAILROAD, seed=seed)
    assert state.pile_frozen
    assert state.pile == (Kind.RED_THREE,)


@pytest.mark.clause("R-SET-5", "R-RED-1")
def test_red_three_upcard_goes_down_for_whoever_takes_the_pile() -> None:
    """A frozen pile with the red-3 upcard at the bottom, taken with a pair, gives the taker the red 3."""
    state = make_state(
        hands=["9 9 4 5", "6 6"], phase=Phase.DRAW, pile="R3 K 9", pile_frozen=True, opened=[True, False]
    )
    assert why_illegal(state, TakeTop()) is not None
    after = apply(state, "take-pile 9")
    taker = after.players[0]
    assert taker.red_threes == 1
    assert taker.hand[Kind.RED_THREE] == 0
    assert taker.hand[Kind.KING] == 1
    assert after.pile == ()
    assert not after.pile_frozen


@pytest.mark.clause("R-TRN-1")
def test_player_left_of_dealer_moves_first() -> None:
    """The first turn belongs to the seat after the dealer, for 2 to 4 players."""
    for players in (2, 3, 4):
        for seed in range(15):
            state = new_game(Rules(players=players), seed=seed)
            assert state.to_move == (state.dealer + 1) % players
            assert state.phase is Phase.DRAW


@pytest.mark.clause("R-TRN-1")
def test_turn_passes_clockwise_and_wraps() -> None:
    """After a discard the next seat moves; in a 3-player game seat 2 is followed by seat 0."""
    rules = Rules(players=3)
    state = make_state(rules=rules, hands=["4 5 6", "8 8 K", "Q Q J"], to_move=1)
    after = apply(state, "discard 8")
    assert after.to_move == 2 and after.phase is Phase.DRAW
    state = make_state(rules=rules, hands=["4 5 6", "8 8 K", "Q Q J"], to_move=2)
    after = apply(state, "discard J")
    assert after.to_move == 0 and after.phase is Phase.DRAW


@pytest.mark.clause("R-DEC-3")
def test_wild_upcard_stays_and_freezes_by_default() -> None:
    """Default: a wild upcard stays on the pile and freezes it."""
    seed = _seed_where(RAILROAD, lambda s: s.pile[-1].is_wild)
    state = new_game(RAILROAD, seed=seed)
    assert len(state.pile) == 1 and state.pile[-1].is_wild
    assert state.pile_frozen


@pytest.mark.clause("R-DEC-3")
def test_wild_upcard_is_returned_under_the_stock_in_the_alternative() -> None:
    """With wild_upcard=RETURN the same deal turns up a non-wild card and the wild goes under the stock."""
    seed = _seed_where(RAILROAD, lambda s: s.pile[-1].is_wild)
    kept = new_game(RAILROAD, seed=seed)
    rules = Rules(wild_upcard=UpcardRule.RETURN)
    state = new_game(rules, seed=seed)
    assert len(state.pile) == 1
    assert not state.pile[-1].is_wild
    assert state.stock[0] is kept.pile[-1]
    assert len(state.stock) == len(kept.stock)
    assert state.pile_frozen is (state.pile[-1] is Kind.RED_THREE)
    assert card_total(state) == pack_counts(2)


@pytest.mark.clause("R-DEC-4", "R-PIL-3")
def test_black_three_upcard_stops_only_the_first_turn() -> None:
    """Default: a black-3 upcard stops the pile for the first player; their discard covers it."""
    seed = _seed_where(RAILROAD, lambda s: s.pile == (Kind.BLACK_THREE,))
    state = new_game(RAILROAD, seed=seed)
    assert state.pile_stopped and not state.pile_frozen
    assert [str(m) for m in legal_moves(state)] == ["draw"]
    for rank in (Kind.NINE, Kind.KING):
        problem = why_illegal(state, TakePile(rank))
        assert problem is not None and problem.clause == "R-PIL-3"
    state = apply(state, "draw")
    card = next(k for k in reversed(Kind) if state.mover.hand[k] and k.is_natural and k is not Kind.SEVEN)
    state = apply(state, f"discard {card}")
    assert state.pile == (Kind.BLACK_THREE, card)
    assert not state.pile_stopped
    problem = why_illegal(state, TakePile(card))
    assert problem is None or problem.clause != "R-PIL-3"


@pytest.mark.clause("R-DEC-4")
def test_black_three_upcard_is_returned_in_the_alternative() -> None:
    """With black_three_upcard=RETURN the black 3 goes under the stock and another card is turned up."""
    seed = _seed_where(RAILROAD, lambda s: s.pile == (Kind.BLACK_THREE,))
    state = new_game(Rules(black_three_upcard=UpcardRule.RETURN), seed=seed)
    assert state.pile[-1] is not Kind.BLACK_THREE
    assert state.stock[0] is Kind.BLACK_THREE
    assert not state.pile_stopped
    assert card_total(state) == pack_counts(2)


def _dealt_red_three_to_second(state: GameState) -> bool:
    second = (state.to_move + 1) % state.rules.players
    return state.players[second].hand[Kind.RED_THREE] > 0


@pytest.mark.clause("R-DEC-6", "R-RED-1")
def test_dealt_red_threes_go_down_at_the_deal_by_default() -> None:
    """Default: red 3s dealt to any hand are already down when the first turn starts."""
    alt = Rules(red_threes_down_at_deal=False)
    seed = _seed_where(alt, _dealt_red_three_to_second)
    state = new_game(RAILROAD, seed=seed)
    second = (state.to_move + 1) % 2
    assert state.players[second].red_threes > 0
    for player in state.players:
        assert player.hand[Kind.RED_THREE] == 0


@pytest.mark.clause("R-DEC-6")
def test_dealt_red_threes_go_down_at_the_owners_first_turn_in_the_alternative() -> None:
    """With red_threes_down_at_deal=False the second player keeps dealt red 3s until their first turn."""
    alt = Rules(red_threes_down_at_deal=False)
    seed = _seed_where(alt, _dealt_red_three_to_second)
    state = new_game(alt, seed=seed)
    second = (state.to_move + 1) % 2
    held = state.players[second].hand[Kind.RED_THREE]
    assert held > 0 and state.players[second].red_threes == 0
    assert state.mover.hand[Kind.RED_THREE] == 0
    state = apply(state, "draw")
    card = next(k for k in reversed(Kind) if state.mover.hand[k] and k.is_natural and k is not Kind.SEVEN)
    state = apply(state, f"discard {card}")
    assert state.to_move == second and state.phase is Phase.DRAW
    assert state.mover.hand[Kind.RED_THREE] == 0
    assert state.mover.red_threes == held


@pytest.mark.clause("R-DEC-14")
def test_player_counts_from_two_to_eight() -> None:
    """Games of 2 to 8 players are dealt with a pack of 106 cards a player; 1 or 9 players are refused."""
    for players in (2, 5, 8):
        state = new_game(RAILROAD, seed=3, players=players)
        assert len(state.players) == players
        assert card_total(state) == pack_counts(players)
        assert sum(card_total(state)) == 106 * players
    for bad in (1, 9):
        with pytest.raises(RulesError):
            Rules(players=bad)
        with pytest.raises(RulesError):
            new_game(RAILROAD, seed=3, players=bad)
