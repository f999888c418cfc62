"""Engine tests of the turn: its parts, the draw, atomic meld moves and the hand floor.

Clauses: R-TRN-2, R-TRN-3, R-TRN-4, R-DEC-13, R-HND-1, R-DEC-19.
"""

from __future__ import annotations

import random

import attrs
import pytest

from builders import FOUR_CANASTAS, card_total, clause_of, counts, legal_texts, make_state
from railroad_canasta import (
    RAILROAD,
    Discard,
    Draw,
    EndRound,
    EndTurn,
    GameState,
    IllegalMoveError,
    Kind,
    Move,
    Phase,
    RoundEnd,
    Rules,
    StartMeld,
    TableMeld,
    apply,
    is_legal,
    legal_moves,
    new_game,
    why_illegal,
)
from railroad_canasta.core.cards import pack_counts


@pytest.mark.clause("R-TRN-2")
def test_draw_phase_allows_no_meld_or_discard() -> None:
    """Before drawing or taking the pile, a discard or a meld is refused under R-TRN-2."""
    state = make_state(hands=["9 9 9 4 5", "6 6"], phase=Phase.DRAW, opened=[True, False])
    assert clause_of(state, "discard 4") == "R-TRN-2"
    assert clause_of(state, "meld 9 9 9") == "R-TRN-2"
    assert legal_texts(state) == {"draw"}


@pytest.mark.clause("R-TRN-2")
def test_meld_phase_allows_no_second_draw_and_discard_ends_the_turn() -> None:
    """After the draw a second draw is refused; melds come next and one discard ends the turn."""
    state = make_state(hands=["9 9 9 4 5", "6 6"], phase=Phase.DRAW, opened=[True, False], stock="6 8")
    state = apply(state, "draw")
    assert state.phase is Phase.MELD
    assert clause_of(state, Draw()) == "R-TRN-2"
    state = apply(state, "meld 9 9 9")
    assert state.phase is Phase.MELD and state.to_move == 0
    state = apply(state, "discard 4")
    assert state.to_move == 1 and state.phase is Phase.DRAW
    assert state.pile[-1] is Kind.FOUR
    assert state.players[0].hand == counts("5 6 8")


@pytest.mark.clause("R-TRN-3")
def test_draw_takes_the_top_two_stock_cards() -> None:
    """A draw moves the last two cards of the stock into the hand and nothing else."""
    state = make_state(hands=["4 5", "6 6"], phase=Phase.DRAW, stock="4 5 K A")
    after = apply(state, "draw")
    assert after.stock == (Kind.FOUR, Kind.FIVE)
    assert after.players[0].hand == counts("4 5 K A")
    assert after.players[1] == state.players[1]
    assert after.pile == state.pile


@pytest.mark.clause("R-TRN-4")
def test_a_meld_starts_with_exactly_three_cards() -> None:
    """`meld` with 4 or 2 cards is refused under R-TRN-4; with 3 it is legal."""
    state = make_state(hands=["9 9 9 9 4 5", "6 6"], opened=[True, False])
    assert clause_of(state, "meld 9 9 9 9") == "R-TRN-4"
    assert why_illegal(state, StartMeld(Kind.NINE, 2)) is not None
    assert "meld 9 9 9" in legal_texts(state)


@pytest.mark.clause("R-TRN-4")
def test_a_meld_uses_only_cards_in_hand() -> None:
    """A meld of cards the player does not hold is refused under R-TRN-4."""
    state = make_state(hands=["K K 4 5 6", "6 6"], opened=[True, False])
    assert clause_of(state, "meld K K K") == "R-TRN-4"
    assert clause_of(state, "meld K K JK") == "R-TRN-4"
    assert clause_of(state, "add K K") == "R-MLD-1"


@pytest.mark.clause("R-TRN-4")
def test_longer_melds_are_built_one_add_at_a_time() -> None:
    """`9 9 9 9 2` is laid as `meld 9 9 2`, `add 9 9`, `add 9 9` (the spec example)."""
    state = make_state(hands=["9 9 9 9 2 4 5", "6 6"], opened=[True, False])
    for move in ("meld 9 9 2", "add 9 9", "add 9 9"):
        state = apply(state, move)
    assert state.players[0].melds == (TableMeld(Kind.NINE, 4, 0, 1),)
    assert state.players[0].hand == counts("4 5")


@pytest.mark.clause("R-DEC-13")
def test_single_last_stock_card_is_drawn_alone_by_default() -> None:
    """Default: a draw from a one-card stock takes that card and play goes on."""
    state = make_state(hands=["4 5", "6 6"], phase=Phase.DRAW, stock="K")
    after = apply(state, "draw")
    assert after.phase is Phase.MELD
    assert after.stock == ()
    assert after.players[0].hand == counts("4 5 K")
    assert after.history == ()


@pytest.mark.clause("R-DEC-13")
def test_single_last_stock_card_ends_the_round_in_the_alternative() -> None:
    """With draw_single_last_card=False a draw from a one-card stock ends the round; two cards still draw."""
    rules = Rules(draw_single_last_card=False)
    state = make_state(rules=rules, hands=["4 5", "6 6"], phase=Phase.DRAW, stock="K")
    after = apply(state, "draw")
    assert after.phase is Phase.ROUND_OVER
    assert after.history[-1].end is RoundEnd.STOCK_EMPTY
    assert after.history[-1].went_out is None
    state = make_state(rules=rules, hands=["4 5", "6 6"], phase=Phase.DRAW, stock="Q K")
    after = apply(state, "draw")
    assert after.phase is Phase.MELD and after.players[0].hand == counts("4 5 Q K")


@pytest.mark.clause("R-HND-1")
def test_a_meld_may_not_empty_the_hand_without_going_out() -> None:
    """A player without the four canastas may not meld their whole hand, under either R-DEC-19 reading."""
    for rules in (RAILROAD, Rules(keep_two_cards=False)):
        state = make_state(rules=rules, hands=["9 9 9", "6 6"], opened=[True, False])
        assert clause_of(state, "meld 9 9 9") == "R-HND-1"
        assert legal_moves(state)


@pytest.mark.clause("R-HND-1")
def test_a_pickup_may_not_empty_the_hand_without_going_out() -> None:
    """A natural-pair pickup of a one-card pile with the last two cards in hand is refused (R-HND-1)."""
    state = make_state(hands=["9 9", "6 6"], phase=Phase.DRAW, pile="9", opened=[True, False])
    assert clause_of(state, "take-pile 9") == "R-HND-1"


@pytest.mark.clause("R-HND-1", "R-OUT-1")
def test_last_card_may_not_be_discarded_without_going_out() -> None:
    """A player holding one card who cannot go out may not discard it, so their only move ends the round."""
    state = make_state(hands=["K", "6 6"], melds={0: ["Q Q Q"]})
    assert clause_of(state, "discard K") == "R-OUT-1"
    assert legal_texts(state) == {"end-round"}


@pytest.mark.clause("R-DEC-19")
def test_keep_two_cards_by_default() -> None:
    """Default: a meld that would leave a player who cannot go out one card is refused under R-DEC-19."""
    state = make_state(hands=["9 9 9 4", "6 6"], opened=[True, False])
    assert clause_of(state, "meld 9 9 9") == "R-DEC-19"
    state = make_state(hands=["9 9 4", "6 6"], phase=Phase.DRAW, pile="9", opened=[True, False])
    assert clause_of(state, "take-pile 9") == "R-DEC-19"


@pytest.mark.clause("R-DEC-19", "R-KIT-2")
def test_play_down_to_the_kitty_in_the_alternative() -> None:
    """With keep_two_cards=False a player whose kitty may follow the discard may meld down to one card,
    discard it, and must then take the kitty; without the kitty the two-card floor still holds."""
    rules = Rules(keep_two_cards=False)
    ready = {"melds": {0: ["K K K K K K K"]}, "kitties": {0: "A J 5"}}
    state = make_state(rules=rules, hands=["9 9 9 4", "6 6"], **ready)  # type: ignore[arg-type]
    state = apply(state, "meld 9 9 9")
    assert state.players[0].hand == counts("4")
    assert legal_texts(state) == {"discard 4"}
    state = apply(state, "discard 4")
    assert state.phase is Phase.KITTY and not any(state.players[0].hand)
    assert legal_texts(state) == {"take-kitty"}
    assert clause_of(state, "end-turn") == "R-DEC-19"
    state = apply(state, "take-kitty")
    assert state.players[0].hand == counts("A J 5") and state.to_move == 1
    pickup = make_state(
        rules=rules,
        hands=["9 9 4", "6 6"],
        phase=Phase.DRAW,
        pile="9",
        **ready,  # type: ignore[arg-type]
    )
    assert apply(pickup, "take-pile 9").players[0].hand == counts("4")
    no_kitty = make_state(rules=rules, hands=["9 9 9 4", "6 6"], opened=[True, False])
    assert clause_of(no_kitty, "meld 9 9 9") == "R-DEC-19"
    taken = make_state(
        rules=rules, hands=["9 9 9 4", "6 6"], melds={0: ["K K K K K K K"]}, kitty_taken={0: True}
    )
    assert clause_of(taken, "meld 9 9 9") == "R-DEC-19"


def _built_states() -> list[GameState]:
    return [
        make_state(hands=["4", "6 6"]),
        make_state(hands=["7 7", "6 6"], melds={0: ["K K K"]}),
        make_state(hands=["7 7 7 7", "6 6"]),
        make_state(hands=["9 9 4 5", "6 6"], phase=Phase.DRAW, pile="9 JK", pile_frozen=True),
        make_state(hands=["4 5", "6 6"], phase=Phase.DRAW, stock=0, pile=""),
        make_state(hands=["", "6 6"], melds={0: ["7 7 7"]}),
        make_state(hands=["K K K 4 5", "6 6"], melds={0: ["Q Q Q"]}, opened=[False, False], turn_points=30),
        make_state(hands=["4 5", "6 6"], melds={0: list(FOUR_CANASTAS)}, phase=Phase.KITTY),
        make_state(hands=["4 5", "6 6"], phase=Phase.ROUND_OVER),
    ]


@pytest.mark.clause("R-TRN-2")
@pytest.mark.parametrize("index", range(len(_built_states())))
def test_no_dead_end_on_built_states(index: int) -> None:
    """Every unfinished built state offers at least one legal move, and each is applicable."""
    state = _built_states()[index]
    moves = legal_moves(state)
    assert moves
    for move in moves:
        assert why_illegal(state, move) is None
        apply(state, move)


@pytest.mark.clause("R-TRN-2")
def test_discard_of_a_card_not_held_is_refused() -> None:
    """Discarding a kind the player does not hold is refused under R-TRN-2."""
    state = make_state(hands=["4 5", "6 6"])
    assert clause_of(state, Discard(Kind.ACE)) == "R-TRN-2"


@pytest.mark.clause("R-TRN-2")
@pytest.mark.parametrize(
    "rules",
    [RAILROAD, Rules(keep_two_cards=False), Rules(red_three_replacement=True), Rules(players=3)],
    ids=["default", "no-keep-two", "replacement", "three-players"],
)
def test_seeded_rounds_never_dead_end_and_keep_every_card(rules: Rules) -> None:
    """Random legal play through a seeded round always has a legal move and never loses or makes a card."""
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        for _ in range(400):
            if state.phase is Phase.ROUND_OVER or state.phase is Phase.GAME_OVER:
                break
            moves = legal_moves(state)
            assert moves
            melds = [m for m in moves if not isinstance(m, Discard | Draw | EndRound | EndTurn)]
            state = apply(state, rng.choice(melds if melds and rng.random() < 0.8 else list(moves)))
            assert card_total(state) == pack_counts(rules.players)
            assert all(p.hand[Kind.RED_THREE] == 0 for p in state.players)


@pytest.mark.clause("R-TRN-2")
def test_a_state_changed_by_evolve_gets_its_own_legal_moves() -> None:
    """A state made by ``attrs.evolve`` from one whose moves were listed never sees the old list."""
    state = new_game(Rules(players=2), seed=3)
    assert legal_moves(state) == (Move.from_text("draw"),)
    meld_phase = attrs.evolve(state, phase=Phase.MELD)
    moves = legal_moves(meld_phase)
    assert Move.from_text("draw") not in moves
    assert not is_legal(meld_phase, Move.from_text("draw"))
    assert why_illegal(meld_phase, Move.from_text("draw")) is not None
    with pytest.raises(IllegalMoveError):
        apply(meld_phase, "draw")
    # And the first state still answers with its own moves.
    assert legal_moves(state) == (Move.from_text("draw"),)
