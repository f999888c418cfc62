"""Engine tests of round scoring and the end of the game.

Clauses: R-SCO-1..6, R-GAM-1, R-GAM-2, R-DEC-17.
"""

from __future__ import annotations

import attrs
import pytest

from builders import FOUR_CANASTAS, make_state
from railroad_canasta import (
    GameState,
    Phase,
    RoundEnd,
    RoundResult,
    Rules,
    ScoreBreakdown,
    apply,
    legal_moves,
    new_game,
    why_illegal,
)
from railroad_canasta.core.cards import Kind
from railroad_canasta.variants.railroad.rules import TableMeld, canasta_bonus, table_meld
from railroad_canasta.variants.railroad.scoring import canasta_bonuses, melds_value


def _went_out(scores: tuple[int, int] = (1000, 2000)) -> GameState:
    """Seat 0 goes out holding the four canastas, 2 red 3s and an unfinished `A A A`; seat 1 is caught."""
    state = make_state(
        hands=["4", "A JK"],
        melds=[[*FOUR_CANASTAS, "A A A"], ["K K K"]],
        red_threes=[2, 0],
        kitties={1: "5 R3"},
        kitty_taken={0: True},
        scores=list(scores),
    )
    return apply(state, "discard 4")


@pytest.mark.clause("R-SCO-1")
def test_melded_cards_score_their_values() -> None:
    """All cards in melds, finished or not, score their values: 70 + 120 + 200 + 35 + 60 and 30."""
    result = _went_out().history[-1]
    assert result.breakdowns[0].melded == 70 + 120 + 200 + 35 + 60
    assert result.breakdowns[1].melded == 30


@pytest.mark.clause("R-SCO-2")
def test_each_canasta_adds_its_bonus() -> None:
    """Completed canastas add 500 + 300 + 1000 + 1500; unfinished melds add nothing."""
    result = _went_out().history[-1]
    assert result.breakdowns[0].canasta_bonus == 3300
    assert result.breakdowns[1].canasta_bonus == 0


@pytest.mark.clause("R-SCO-2")
def test_bonus_amounts_follow_the_rules() -> None:
    """The canasta bonuses come from the rules options."""
    rules = Rules(red_canasta_bonus=1, black_canasta_bonus=2, wild_canasta_bonus=4, sevens_canasta_bonus=8)
    state = make_state(rules=rules, hands=["4", "6 6"], melds={0: list(FOUR_CANASTAS)})
    assert apply(state, "discard 4").history[-1].breakdowns[0].canasta_bonus == 15


@pytest.mark.clause("R-SCO-3")
def test_each_red_three_scores_100() -> None:
    """Each red 3 put down scores 100."""
    result = _went_out().history[-1]
    assert result.breakdowns[0].red_threes == 200
    assert result.breakdowns[1].red_threes == 0


@pytest.mark.clause("R-SCO-4")
def test_going_out_scores_100() -> None:
    """The player who went out scores 100; the other player does not."""
    result = _went_out().history[-1]
    assert result.end is RoundEnd.WENT_OUT
    assert result.breakdowns[0].going_out == 100
    assert result.breakdowns[1].going_out == 0


@pytest.mark.clause("R-SCO-4")
def test_nobody_gets_the_going_out_bonus_without_going_out() -> None:
    """A round ended by an empty stock or by end-round gives nobody the 100."""
    stock = apply(
        make_state(hands=["4 5", "6 6"], melds={0: list(FOUR_CANASTAS)}, phase=Phase.DRAW, stock=0), "draw"
    )
    sevens = apply(make_state(hands=["7 7", "6 6"], melds={0: list(FOUR_CANASTAS)}), "end-round")
    for after in (stock, sevens):
        assert after.history[-1].went_out is None
        assert all(b.going_out == 0 for b in after.history[-1].breakdowns)


@pytest.mark.clause("R-SCO-5")
def test_hand_and_untaken_kitty_are_subtracted() -> None:
    """Seat 1's hand `A JK` costs 70 and their untaken kitty `5 R3` costs 5; a taken kitty costs nothing."""
    result = _went_out().history[-1]
    assert result.breakdowns[1].hand_penalty == -70
    assert result.breakdowns[1].kitty_penalty == -5
    assert result.breakdowns[0].hand_penalty == 0
    assert result.breakdowns[0].kitty_penalty == 0


@pytest.mark.clause("R-SCO-5")
def test_spec_example_of_cards_left_over() -> None:
    """A hand `7 K` costs 15; an untaken kitty `JK A 4` plus eight 5-point cards costs 115."""
    state = make_state(hands=["4 5", "7 K"], phase=Phase.DRAW, stock=0, kitties={1: "JK A 4 5 5 5 5 6 6 6 6"})
    part = apply(state, "draw").history[-1].breakdowns[1]
    assert (part.hand_penalty, part.kitty_penalty) == (-15, -115)


@pytest.mark.clause("R-SCO-6")
def test_round_score_adds_to_the_cumulative_score() -> None:
    """The round totals 4,085 and -45, added to cumulative scores of 1,000 and 2,000."""
    after = _went_out((1000, 2000))
    result = after.history[-1]
    assert result.breakdowns[0] == ScoreBreakdown(485, 3300, 200, 100, 0, 0)
    assert result.breakdowns[0].total == 4085
    assert result.breakdowns[1] == ScoreBreakdown(30, 0, 0, 0, -70, -5)
    assert result.breakdowns[1].total == -45
    assert after.scores == (5085, 1955)
    assert result.scores == (5085, 1955)
    assert result.round == 1


@pytest.mark.clause("R-SCO-6")
def test_breakdowns_are_kept_per_round() -> None:
    """Each round appends its result to the history, which the next round carries."""
    first = RoundResult(1, RoundEnd.STOCK_EMPTY, None, (ScoreBreakdown(0, 0, 0, 0, -5, 0),) * 2, (-5, -5))
    state = make_state(hands=["4 5", "6 6"], phase=Phase.DRAW, stock=0, scores=[-5, -5], round_no=2)
    state = attrs.evolve(state, history=(first,))
    after = apply(state, "draw")
    assert after.history[0] == first
    assert after.history[1].round == 2
    assert after.scores == (-5 - 10, -5 - 10)
    nxt = apply(after, "next-round")
    assert nxt.history == after.history
    assert nxt.round == 3


def _end_round(scores: list[int], rules: Rules | None = None) -> GameState:
    """End a round by an empty-stock draw where each player loses exactly 5 (a `4` in hand)."""
    n = len(scores)
    rules = rules or Rules(players=n)
    state = make_state(rules=rules, hands=["4"] * n, phase=Phase.DRAW, stock=0, scores=scores)
    return apply(state, "draw")


@pytest.mark.clause("R-GAM-1")
def test_game_ends_at_20000_with_the_highest_score_winning() -> None:
    """A round leaving 20,000 or more ends the game; the highest score wins."""
    after = _end_round([20005, 19000])
    assert after.phase is Phase.GAME_OVER and after.is_over
    assert after.result is not None
    assert after.result.winners == (0,) and not after.result.truncated
    assert after.result.scores == (20000, 18995)
    several = _end_round([21005, 22005])
    assert several.result is not None and several.result.winners == (1,)


@pytest.mark.clause("R-GAM-1")
def test_game_goes_on_below_20000_and_no_move_after_the_end() -> None:
    """Below the target the next round is dealt; after the end no move is legal."""
    below = _end_round([20000, 100])
    assert below.phase is Phase.ROUND_OVER and below.result is None
    assert below.scores == (19995, 95)
    over = _end_round([20005, 100])
    assert legal_moves(over) == ()
    problem = why_illegal(over, legal_moves(below)[0])
    assert problem is not None and problem.clause == "R-GAM-1"


@pytest.mark.clause("R-GAM-2")
def test_max_rounds_truncates_the_game() -> None:
    """With max_rounds=1 a game not won after round 1 ends, truncated and with no winner."""
    after = _end_round([100, 200], Rules(max_rounds=1))
    assert after.phase is Phase.GAME_OVER
    assert after.result is not None
    assert after.result.truncated and after.result.winners == ()
    won = _end_round([20005, 200], Rules(max_rounds=1))
    assert won.result is not None and won.result.winners == (0,) and not won.result.truncated


@pytest.mark.clause("R-GAM-2")
def test_no_truncation_by_default() -> None:
    """By default a game is never cut short: after round 1 below the target, round 2 is dealt."""
    assert Rules().max_rounds is None
    after = _end_round([100, 200])
    assert after.phase is Phase.ROUND_OVER
    assert apply(after, "next-round").round == 2
    seeded = new_game(Rules(max_rounds=2), seed=4)
    assert seeded.result is None


@pytest.mark.clause("R-DEC-17")
def test_tie_at_the_top_plays_extra_rounds_by_default() -> None:
    """Default: a tie for the highest score past 20,000 does not end the game; another round is dealt."""
    after = _end_round([20005, 20005])
    assert after.scores == (20000, 20000)
    assert after.phase is Phase.ROUND_OVER and after.result is None
    assert apply(after, "next-round").round == 2


@pytest.mark.clause("R-DEC-17")
def test_tie_below_a_unique_leader_is_no_tie() -> None:
    """Three players: two tied behind a unique leader past the target still ends the game."""
    after = _end_round([20105, 20005, 20005])
    assert after.result is not None and after.result.winners == (0,)


@pytest.mark.clause("R-DEC-17")
def test_tie_at_the_top_is_a_shared_win_in_the_alternative() -> None:
    """With tie_extra_rounds=False a tie for the highest score past 20,000 ends the game with both winning."""
    after = _end_round([20005, 20005], Rules(tie_extra_rounds=False))
    assert after.phase is Phase.GAME_OVER
    assert after.result is not None
    assert after.result.winners == (0, 1) and not after.result.truncated


@pytest.mark.clause("R-DEC-17", "R-GAM-2")
def test_a_tie_at_max_rounds_is_truncated() -> None:
    """Default tie rule with max_rounds reached: the game stops truncated, with no winner."""
    after = _end_round([20005, 20005], Rules(max_rounds=1))
    assert after.result is not None
    assert after.result.truncated and after.result.winners == ()


def _all_melds() -> list[tuple[Kind, int, int, int]]:
    """The values of every meld of 3 to 7 cards of every rank a meld may have (black 3s: naturals only)."""
    values: list[tuple[Kind, int, int, int]] = []
    for rank in Kind:
        if rank in (Kind.RED_THREE, Kind.TWO):
            continue
        for n in range(8):
            for j in range(4):
                for t in range(4):
                    black_three_ok = rank is not Kind.BLACK_THREE or j == t == 0
                    if 3 <= n + j + t <= 7 and black_three_ok and (rank is not Kind.JOKER or n == 0):
                        values.append((rank, n, j, t))
    return values


@pytest.mark.clause("R-SCO-1", "R-SCO-2")
def test_scoring_reads_shared_and_other_melds_alike() -> None:
    """The card values and bonuses scored from shared melds (kept by identity after the first reading)
    equal those of equal melds made by ``__init__`` and those computed meld by meld, read twice."""
    rules = Rules(
        red_canasta_bonus=1, black_canasta_bonus=20, wild_canasta_bonus=300, sevens_canasta_bonus=4000
    )
    for values in _all_melds():
        shared = table_meld(*values)
        own = TableMeld(*values)
        kind = own.canasta_kind
        bonus = 0 if kind is None else canasta_bonus(kind, rules)
        for meld in (shared, own, shared, own):
            assert melds_value((meld,)) == own.points, values
            assert canasta_bonuses((meld,), rules) == bonus, values
    melds = tuple(table_meld(*v) for v in _all_melds()[::7])
    mixed = tuple(TableMeld(*v) if i % 2 else table_meld(*v) for i, v in enumerate(_all_melds()[::7]))
    assert melds_value(melds) == melds_value(mixed) == sum(m.points for m in mixed)
    assert (
        canasta_bonuses(melds, rules)
        == canasta_bonuses(iter(mixed), rules)
        == sum(canasta_bonus(k, rules) for m in mixed if (k := m.canasta_kind) is not None)
    )
