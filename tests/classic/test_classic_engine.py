"""Classic Canasta, clause by clause: each test plays the rule through the public functions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import railroad_canasta as rc
from classic_builders import meld, position
from railroad_canasta.core.cards import Kind, counts_of, parse_kinds
from railroad_canasta.core.errors import RulesError
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import StartMeld
from railroad_canasta.variants.classic.deal import pack_kinds
from railroad_canasta.variants.classic.requirement import best_points
from railroad_canasta.variants.classic.rules import CLASSIC, ClassicRules
from railroad_canasta.variants.classic.scoring import canasta_bonus
from railroad_canasta.variants.classic.state import Phase, Side
from railroad_canasta.variants.classic.steps import start_candidates


def _clause(state: rc.ClassicState, text: str) -> str | None:
    problem = rc.why_illegal(state, rc.Move.from_text(text))
    return None if problem is None else problem.clause


def _legal(state: rc.ClassicState, text: str) -> bool:
    return rc.Move.from_text(text) in rc.legal_moves(state)


# ------------------------------------------------------------------------------------------ setup


@pytest.mark.clause("R-CL-PLY-1", "R-CL-VAR-1")
@pytest.mark.parametrize(
    ("players", "hand", "sides", "draw"),
    [
        (2, 15, ((0,), (1,)), 2),
        (3, 13, ((0,), (1,), (2,)), 1),
        (4, 11, ((0, 2), (1, 3)), 1),
        (6, 13, ((0, 3), (1, 4), (2, 5)), 1),
    ],
)
def test_players_hands_and_sides(
    players: int, hand: int, sides: tuple[tuple[int, ...], ...], draw: int
) -> None:
    """Each player count deals its hand size, seats its sides and draws its number of cards."""
    rules = ClassicRules(players=players)
    state = rc.new_game(rules, seed=5)
    assert all(state.hand_size(p) == hand for p in range(players))
    assert rules.sides == sides
    before = state.hand_size(state.to_move) + state.mover_side.red_threes
    after = rc.apply(state, "draw")
    assert (
        after.hand_size(state.to_move) + after.sides[state.side_of(state.to_move)].red_threes == before + draw
    )


@pytest.mark.clause("R-CL-PLY-1")
def test_five_players_are_refused() -> None:
    """Five players is no classic table."""
    with pytest.raises(RulesError):
        ClassicRules(players=5)


@pytest.mark.clause("R-CL-MAT-1")
def test_the_pack() -> None:
    """108 cards, four jokers and eight 2s; 162 for six players."""
    cards = pack_kinds(CLASSIC)
    assert len(cards) == 108 and cards.count(Kind.JOKER) == 4 and cards.count(Kind.TWO) == 8
    assert len(pack_kinds(ClassicRules(players=6))) == 162


@pytest.mark.clause("R-CL-VAL-1", "R-CL-SCO-1")
def test_card_values_in_the_hand_penalty() -> None:
    """A joker costs 50, an ace 20, a king 10, a 7 and a black 3 five each, left in hand."""
    state = position("4", melds=["Q Q Q Q Q Q Q"], hands=["JK A K 7 B3", "4", "4"])
    final = rc.apply(state, "discard 4")
    b0, b1 = final.history[-1].breakdowns
    assert b1.hand_penalty == -(50 + 20 + 10 + 5 + 5) - 5
    assert b0.melded == 70 and b0.hand_penalty == -5


@pytest.mark.clause("R-CL-DEA-1")
def test_the_deal_passes_clockwise() -> None:
    """The seed picks the first dealer; the next round is dealt by the next seat, left of it plays first."""
    state = rc.new_game(CLASSIC, seed=11)
    assert state.to_move == (state.dealer + 1) % 4
    assert rc.new_game(CLASSIC, seed=11) == state


@pytest.mark.clause("R-CL-DEA-2", "R-CL-PIL-2")
def test_red_three_or_wild_upcard_freezes() -> None:
    """Some seed turns a red 3 or wild first: more cards are turned and the pile is frozen."""
    seen = False
    for seed in range(200):
        state = rc.new_game(CLASSIC, seed=seed)
        top = state.pile[-1]
        assert top is not Kind.RED_THREE and not top.is_wild
        if len(state.pile) > 1:
            seen = True
            assert state.pile_frozen and all(k is Kind.RED_THREE or k.is_wild for k in state.pile[:-1])
        else:
            assert not state.pile_frozen
    assert seen


@pytest.mark.clause("R-CL-RED-1")
def test_red_threes_are_put_down_and_replaced() -> None:
    """A red 3 drawn goes to the side and the next card replaces it."""
    state = position("4 5 6", phase=Phase.DRAW, stock="9 R3")
    after = rc.apply(state, "draw")
    assert after.sides[0].red_threes == 1
    assert after.hands[0] == counts_of(parse_kinds("4 5 6 9"))
    for seed in range(20):
        dealt = rc.new_game(CLASSIC, seed=seed)
        assert all(h[Kind.RED_THREE] == 0 for h in dealt.hands)
        assert all(dealt.hand_size(p) == 11 for p in range(4))


@pytest.mark.clause("R-CL-RED-2", "R-CL-PIL-3")
def test_red_three_taken_with_the_pile_is_not_replaced() -> None:
    """The turned-up red 3 taken with the pile goes down, and no card replaces it."""
    state = position("9 9 4 5", phase=Phase.DRAW, pile="R3 9", frozen=True, melds=["K K K"], stock="7 7")
    after = rc.apply(state, "take-pile 9")
    assert after.sides[0].red_threes == 1
    assert after.hands[0] == counts_of(parse_kinds("4 5")) and len(after.stock) == 2


# ------------------------------------------------------------------------------------------ turn


@pytest.mark.clause("R-CL-TRN-1")
def test_the_turn_order() -> None:
    """Draw first, then meld and discard; the next seat clockwise then draws."""
    state = position("4 5 6 9 9 9", phase=Phase.DRAW)
    assert _clause(state, "discard 4") == "R-CL-TRN-1"
    after = rc.apply(rc.apply(state, "draw"), "discard 4")
    assert after.to_move == 1 and after.phase is Phase.DRAW
    assert _clause(rc.apply(state, "draw"), "discard 8") == "R-CL-TRN-1"


@pytest.mark.clause("R-CL-TRN-2", "R-CL-END-1")
def test_no_draw_from_an_empty_stock() -> None:
    """With the stock empty the player cannot draw, and may end the round."""
    state = position("4 5 6", phase=Phase.DRAW, stock="")
    assert _clause(state, "draw") == "R-CL-TRN-2"
    assert rc.apply(state, "end-round").history[-1].end == "stock-empty"
    assert _clause(position("4 5 6", phase=Phase.DRAW), "end-round") == "R-CL-END-1"


# ------------------------------------------------------------------------------------------ melds


@pytest.mark.clause("R-CL-MLD-1")
@pytest.mark.parametrize(
    ("melds", "hand", "move", "clause"),
    [
        ([], "5 5 2 4", "meld 5 5 2", None),
        (["9 9 9 2 2"], "JK 4", "add 9 JK", None),
        ([], "5 2 2 4", "meld 5 2 2", "R-CL-MLD-1"),
        (["9 9 2 JK"], "2 4", "add 9 2", "R-CL-MLD-1"),
        ([], "JK JK 2 4", "meld JK JK 2", "R-CL-MLD-1"),
        (["9 9 9 2 2 JK"], "2 4 4", "add 9 2", "R-CL-MLD-1"),
    ],
)
def test_what_a_meld_holds(melds: list[str], hand: str, move: str, clause: str | None) -> None:
    """Two naturals at least, never more wilds than naturals, three wilds at most."""
    state = position(hand + " 8 8", melds=melds or ["K K K"])
    assert _clause(state, move) == clause


@pytest.mark.clause("R-CL-MLD-2")
def test_black_threes_only_going_out() -> None:
    """Black 3s are melded as the last cards of a player whose side may go out, never with a wild."""
    can = ["Q Q Q Q Q Q Q"]
    assert _clause(position("B3 B3 B3", melds=can), "meld B3 B3 B3") is None
    assert rc.apply(position("B3 B3 B3", melds=can), "meld B3 B3 B3").history[-1].went_out == 0
    assert _clause(position("B3 B3 B3 4 5", melds=can), "meld B3 B3 B3") == "R-CL-MLD-2"
    assert _clause(position("B3 B3 JK", melds=can), "meld B3 B3 JK") == "R-CL-MLD-2"
    assert _clause(position("B3 B3 B3", melds=["Q Q Q"]), "meld B3 B3 B3") == "R-CL-OUT-1"


@pytest.mark.clause("R-CL-MLD-3")
def test_one_meld_per_rank() -> None:
    """A side with a meld of 9s adds to it; the opponents' 9s do not matter."""
    state = position("9 9 9 4 4", melds=["9 9 9"], others=["K K K"])
    assert _clause(state, "meld 9 9 9") == "R-CL-MLD-3"
    assert _clause(state, "add 9 9") is None
    assert _clause(state, "add K K") == "R-CL-MLD-3"


@pytest.mark.clause("R-CL-MLD-4")
def test_melds_go_down_three_cards_at_a_time() -> None:
    """A four-card meld is put down as three and an add."""
    state = position("9 9 9 9 4 4", melds=["K K K"])
    assert _clause(state, "meld 9 9 9 9") == "R-CL-MLD-4"
    after = rc.apply(rc.apply(state, "meld 9 9 9"), "add 9 9")
    assert str(after.sides[0].meld(Kind.NINE)) == "9 9 9 9"


@pytest.mark.clause("R-CL-CAN-1", "R-CL-CAN-2")
def test_a_natural_canasta_turns_mixed() -> None:
    """A canasta grows past seven; a 2 added to a natural canasta makes it mixed (500 to 300)."""
    state = position("2 9 4 4", melds=["9 9 9 9 9 9 9"])
    assert canasta_bonus(state.sides[0].melds[0], CLASSIC) == 500
    after = rc.apply(rc.apply(state, "add 9 9"), "add 9 2")
    grown = after.sides[0].meld(Kind.NINE)
    assert grown is not None and grown.size == 9 and canasta_bonus(grown, CLASSIC) == 300
    assert canasta_bonus(meld("9 9 9 9 9 9"), CLASSIC) == 0


# ------------------------------------------------------------------------------------------ requirement


@pytest.mark.clause("R-CL-REQ-1")
def test_the_requirement_by_score() -> None:
    """15, 50, 90, 120 by the side's score; melds of the turn count together, the player discards after."""
    assert [CLASSIC.requirement(s) for s in (-10, 0, 1495, 1500, 2995, 3000)] == [15, 50, 50, 90, 90, 120]
    state = position("K K K 9 9 9 4 5", opened=False)
    assert _clause(state, "meld 9 9 9") is None
    half = rc.apply(state, "meld K K K")
    assert not half.sides[0].opened and _clause(half, "discard 4") == "R-CL-REQ-1"
    done = rc.apply(half, "meld 9 9 9")
    assert done.sides[0].opened and _clause(done, "discard 4") is None
    assert _clause(position("K K K 4 5 6", opened=False), "meld K K K") == "R-CL-REQ-1"
    assert _clause(position("K K K 4 5 6", opened=False, score=-20), "meld K K K") is None


@pytest.mark.clause("R-CL-REQ-1")
def test_best_points_keeps_two_cards() -> None:
    """The reach of a hand keeps two cards: a pair of aces with a joker, less what must be kept."""
    hand = counts_of(parse_kinds("A A JK 4 4"))
    assert best_points(hand, ()) == 90
    assert best_points(counts_of(parse_kinds("A A JK")), ()) == 0


@pytest.mark.clause("R-CL-REQ-2")
def test_the_pile_for_the_initial_meld() -> None:
    """The top card and the pair count, the rest of the pile waits until the requirement is met."""
    state = position("K K Q Q Q 4 5", phase=Phase.DRAW, opened=False, pile="A A A K")
    after = rc.apply(state, "take-pile K")
    assert after.pending == counts_of(parse_kinds("A A A"))
    assert _clause(after, "discard 4") == "R-CL-REQ-1"
    opened = rc.apply(after, "meld Q Q Q")
    assert opened.sides[0].opened and opened.pending is None and opened.hands[0][Kind.ACE] == 3
    assert (
        _clause(position("K K 4 5 6", phase=Phase.DRAW, opened=False, pile="A A A K"), "take-pile K")
        == "R-CL-REQ-2"
    )


# ------------------------------------------------------------------------------------------ pile


@pytest.mark.clause("R-CL-PIL-1")
def test_the_pile_stopped() -> None:
    """A black 3 or a wild card on top: nobody takes the pile."""
    for top in ("B3", "2", "JK"):
        state = position("9 9 4", phase=Phase.DRAW, pile=f"9 {top}", melds=["9 9 9"])
        assert _clause(state, "take-top") == "R-CL-PIL-1"


@pytest.mark.clause("R-CL-PIL-2", "R-CL-PIL-3")
def test_frozen_only_with_a_natural_pair() -> None:
    """A frozen pile: 9 + joker fails, the natural pair takes it; an unopened side finds it frozen."""
    frozen = position("9 JK 9 4 5", phase=Phase.DRAW, pile="2 6 9", frozen=True, melds=["K K K"])
    assert _clause(frozen, "take-pile 9 JK") == "R-CL-PIL-2"
    assert _clause(frozen, "take-pile 9") is None
    unopened = position("9 JK 4 5", phase=Phase.DRAW, pile="6 9", opened=False)
    assert _clause(unopened, "take-pile 9 JK") == "R-CL-PIL-2"
    open_pile = position("9 JK 4 5", phase=Phase.DRAW, pile="6 9", melds=["K K K"])
    after = rc.apply(open_pile, "take-pile 9 JK")
    assert str(after.sides[0].meld(Kind.NINE)) == "9 9 JK" and after.hands[0][Kind.SIX] == 1


@pytest.mark.clause("R-CL-PIL-3")
def test_taking_onto_a_meld() -> None:
    """An unfrozen pile goes onto the side's meld of its top card; the rest to the hand."""
    state = position("4 5", phase=Phase.DRAW, pile="6 6 9", melds=["9 9 9"])
    after = rc.apply(state, "take-top")
    assert after.sides[0].meld(Kind.NINE) == meld("9 9 9 9") and after.hands[0][Kind.SIX] == 2
    assert _clause(position("4 5", phase=Phase.DRAW, pile="6 9", melds=["K K K"]), "take-top") == "R-CL-PIL-3"


# ------------------------------------------------------------------------------------------ going out


@pytest.mark.clause("R-CL-OUT-1", "R-CL-VAR-1")
def test_canastas_to_go_out() -> None:
    """One canasta with four players (a partner's counts: it is the side's), two with two players."""
    can = ["Q Q Q Q Q Q Q"]
    assert _clause(position("4", melds=can), "discard 4") is None
    assert _clause(position("4", melds=["Q Q Q"]), "discard 4") == "R-CL-OUT-1"
    two = ClassicRules(players=2)
    assert _clause(position("4", rules=two, melds=can), "discard 4") == "R-CL-OUT-1"
    assert _clause(position("4", rules=two, melds=[*can, "K K K K K K K"]), "discard 4") is None
    assert _clause(position("9 9 9 4 5", melds=["Q Q Q"]), "meld 9 9 9") is None
    assert _clause(position("9 9 9 4", melds=["Q Q Q"]), "meld 9 9 9") == "R-CL-OUT-1"


@pytest.mark.clause("R-CL-OUT-2", "R-CL-SCO-3")
def test_going_out_with_or_without_a_discard() -> None:
    """Melding the last card goes out; so does discarding it: 100 for going out."""
    can = ["Q Q Q Q Q Q Q"]
    by_meld = rc.apply(position("9 9 9", melds=can), "meld 9 9 9")
    by_discard = rc.apply(position("4", melds=can), "discard 4")
    for state in (by_meld, by_discard):
        last = state.history[-1]
        assert last.end == "went-out" and last.went_out == 0 and last.breakdowns[0].going_out == 100


@pytest.mark.clause("R-CL-OUT-3")
def test_going_out_concealed() -> None:
    """A player who had not melded, melding a canasta and the rest in one turn, scores 200."""
    state = position("9 9 9 9 9 9 9 K K K", melds=["Q Q Q"], melded_before=False)
    for move in ("meld 9 9 9", "add 9 9", "add 9 9", "add 9 9", "add 9 9", "meld K K K"):
        state = rc.apply(state, move)
    assert state.history[-1].breakdowns[0].going_out == 200
    open_state = position("9 9 9 9 9 9 9 K K K", melds=["Q Q Q"], melded_before=True)
    for move in ("meld 9 9 9", "add 9 9", "add 9 9", "add 9 9", "add 9 9", "meld K K K"):
        open_state = rc.apply(open_state, move)
    assert open_state.history[-1].breakdowns[0].going_out == 100


# ------------------------------------------------------------------------------------------ round end


@pytest.mark.clause("R-CL-END-2")
def test_must_take_a_pile_matching_a_meld() -> None:
    """With the stock empty, a top card fitting a side meld must be taken: no end-round."""
    state = position("4 5", phase=Phase.DRAW, pile="6 9", melds=["9 9 9"], stock="")
    assert _clause(state, "end-round") == "R-CL-END-2"
    assert rc.legal_moves(state) == (rc.Move.from_text("take-top"),)


@pytest.mark.clause("R-CL-END-3")
def test_red_three_as_the_last_card_ends_the_round() -> None:
    """The red 3 drawn last goes down and the round ends at once."""
    state = rc.apply(position("4 5", phase=Phase.DRAW, stock="R3"), "draw")
    assert state.history[-1].end == "red-three-last" and state.sides[0].red_threes == 1


@pytest.mark.clause("R-CL-SCO-1", "R-CL-SCO-2")
def test_red_threes_by_side() -> None:
    """100 a red 3, 800 for all four, and against a side that never melded."""
    can = ["Q Q Q Q Q Q Q"]
    base = position("4", melds=can)
    four = base.replace(sides=(Side(base.sides[0].melds, 4, True), Side((), 0, False)))
    assert rc.apply(four, "discard 4").history[-1].breakdowns[0].red_threes == 800
    against = base.replace(sides=(Side(base.sides[0].melds, 1, True), Side((), 2, False)))
    b0, b1 = rc.apply(against, "discard 4").history[-1].breakdowns
    assert b0.red_threes == 100 and b1.red_threes == -200


@pytest.mark.clause("R-CL-GAM-1")
def test_the_game_ends_at_the_target() -> None:
    """A side past 5,000 after the round wins; nothing is legal after."""
    state = position("4", melds=["Q Q Q Q Q Q Q"], score=4900)
    over = rc.apply(state, "discard 4")
    assert over.is_over and over.result is not None and over.result.winners == (0,)
    assert rc.legal_moves(over) == () and _clause(over, "next-round") == "R-CL-GAM-1"


# ------------------------------------------------------------------------------------------ decisions


@pytest.mark.clause("R-CL-DEC-1")
@pytest.mark.parametrize("ask", [True, False])
def test_may_i_go_out(ask: bool) -> None:
    """With the option the partner answers; no binds the asker; without it nobody asks."""
    rules = CLASSIC.replace(ask_partner=ask)
    state = position("9 9 9 4 5", rules=rules, melds=["Q Q Q Q Q Q Q"])
    assert _legal(state, "ask-out") is ask
    if not ask:
        assert _clause(state, "ask-out") == "R-CL-DEC-1"
        return
    asked = rc.apply(state, "ask-out")
    assert asked.phase is Phase.ANSWER and asked.to_move == 2
    told_no = rc.apply(asked, "answer-out no")
    assert told_no.to_move == 0 and _clause(rc.apply(told_no, "meld 9 9 9"), "discard 4") is None
    last = rc.apply(rc.apply(told_no, "meld 9 9 9"), "discard 4")
    assert _clause(last, "discard 5") == "R-CL-TRN-1"
    no_out = rc.apply(told_no, "meld 9 9 9")
    assert (
        _clause(no_out.replace(hands=(counts_of(parse_kinds("4")), *no_out.hands[1:])), "discard 4")
        == "R-CL-DEC-1"
    )
    # Every route out after the partner's no is refused under R-CL-DEC-1: a meld leaving one card too.
    four = no_out.replace(hands=(counts_of(parse_kinds("9 4")), *no_out.hands[1:]))
    assert _clause(four, "add 9 9") == "R-CL-DEC-1"
    told_yes = rc.apply(asked, "answer-out yes")
    assert _clause(told_yes, "discard 4") == "R-CL-DEC-1"


@pytest.mark.clause("R-CL-DEC-2")
@pytest.mark.parametrize(("option", "bonus"), [(False, 500), (True, 600)])
def test_concealed_canasta_bonus(option: bool, bonus: int) -> None:
    """The older rules give a canasta melded whole in one turn 100 more."""
    state = position(
        "9 9 9 9 9 9 9 K K K", rules=CLASSIC.replace(concealed_canasta_bonus=option), melds=["Q Q Q"]
    )
    for move in ("meld 9 9 9", "add 9 9", "add 9 9", "add 9 9", "add 9 9", "meld K K K"):
        state = rc.apply(state, move)
    assert state.history[-1].breakdowns[0].canasta_bonus == bonus


@pytest.mark.clause("R-CL-DEC-3")
def test_three_player_target() -> None:
    """5,000 by default, 7,500 with the option."""
    assert ClassicRules(players=3).target == 5_000
    assert ClassicRules(players=3, three_player_target_7500=True).target == 7_500


@pytest.mark.clause("R-CL-DEC-4")
def test_six_player_sides() -> None:
    """Three sides of two to 7,500, or two sides of three to 10,000."""
    three = ClassicRules(players=6)
    two = ClassicRules(players=6, six_player_sides=2)
    assert (three.sides, three.target) == (((0, 3), (1, 4), (2, 5)), 7_500)
    assert (two.sides, two.target) == (((0, 2, 4), (1, 3, 5)), 10_000)
    state = rc.new_game(two, seed=1)
    assert len(state.sides) == 2 and state.side_of(4) == 0


@pytest.mark.clause("R-CL-DEC-5")
@pytest.mark.parametrize("joins", [True, False])
def test_pair_pickup_onto_a_meld(joins: bool) -> None:
    """The pair and the top card join the side's 9s, or the pickup is refused."""
    rules = CLASSIC.replace(pair_joins_meld=joins)
    state = position("9 9 4 5", rules=rules, phase=Phase.DRAW, pile="6 9", melds=["9 9 9"], frozen=True)
    if joins:
        assert rc.apply(state, "take-pile 9").sides[0].meld(Kind.NINE) == meld("9 9 9 9 9 9")
    else:
        assert _clause(state, "take-pile 9") == "R-CL-DEC-5"


@pytest.mark.clause("R-CL-DEC-6")
@pytest.mark.parametrize("extra", [True, False])
def test_tie_at_the_top(extra: bool) -> None:
    """Two sides tied past the target: another round, or both win."""
    rules = CLASSIC.replace(tie_extra_rounds=extra)
    state = position("4", rules=rules, melds=["Q Q Q Q Q Q Q"], score=5000)
    state = state.replace(sides=(state.sides[0], Side((), 0, False, 5000 + 620 + 100)))
    after = rc.apply(state, "discard 4")
    scores = after.scores
    assert scores[0] == scores[1]
    assert after.is_over is not extra
    if not extra:
        assert after.result is not None and after.result.winners == (0, 1)


@pytest.mark.clause("R-CL-GAM-1", "R-CL-PLY-1")
def test_the_demo_names_the_winning_side() -> None:
    """`demo --variant classic --players 4` plays a whole game and names the winning side by its players."""
    import io

    from railroad_canasta.cli import main

    out = io.StringIO()
    assert main(["demo", "--variant", "classic", "--players", "4", "--seed", "7"], out=out) == 0
    last = out.getvalue().strip().splitlines()[-1]
    assert last.startswith("Side P1 & P3 wins") or last.startswith("Side P2 & P4 wins"), last


def _brute_force_best(hand: tuple[int, ...], melds: tuple[Meld, ...]) -> int:
    """The most card values meldable step by step (three-card starts, then adds) keeping two cards."""
    best = 0
    seen: set[tuple[tuple[int, ...], tuple[Meld, ...]]] = set()
    stack = [(hand, melds, 0)]
    while stack:
        here, table, points = stack.pop()
        key = (here, tuple(sorted(table, key=lambda m: (m.rank, m.naturals, m.jokers, m.twos))))
        if key in seen:
            continue
        seen.add(key)
        best = max(best, points)
        for move in start_candidates(here, table):
            assert isinstance(move, StartMeld)
            if move.rank is Kind.BLACK_THREE or sum(here) - 3 < 2:
                continue
            after = list(here)
            after[move.rank] -= move.naturals
            after[Kind.JOKER] -= move.jokers
            after[Kind.TWO] -= move.twos
            new = Meld(move.rank, move.naturals, move.jokers, move.twos)
            stack.append((tuple(after), (*table, new), points + new.points))
        for i, m in enumerate(table):
            for card in (m.rank, Kind.JOKER, Kind.TWO):
                grown = m.added(card)
                if here[card] and sum(here) - 1 >= 2 and grown.wilds <= min(3, grown.naturals):
                    after = list(here)
                    after[card] -= 1
                    stack.append((tuple(after), (*table[:i], grown, *table[i + 1 :]), points + card.points))
    return best


@pytest.mark.clause("R-CL-REQ-1")
@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from([Kind.JOKER, Kind.TWO, Kind.FIVE, Kind.NINE, Kind.KING, Kind.ACE]), max_size=9)
)
def test_best_points_is_what_the_steps_can_meld(cards: list[Kind]) -> None:
    """The reach of a hand is exactly the most a sequence of legal meld steps can put down, keeping two."""
    hand = counts_of(cards)
    assert best_points(hand, ()) == _brute_force_best(hand, ())
    table = (meld("9 9 2"),)
    assert best_points(hand, table) == _brute_force_best(hand, table)
