"""Engine tests of melds and canastas.

Clauses: R-MLD-1..6, R-CAN-1..5, R-DEC-8, R-DEC-9.
"""

from __future__ import annotations

import pytest

from builders import FOUR_CANASTAS, clause_of, counts, legal_texts, make_state, parse_meld
from railroad_canasta import (
    RAILROAD,
    AddToMeld,
    CanastaKind,
    GameState,
    Kind,
    Phase,
    Rules,
    StartMeld,
    TableMeld,
    apply,
    parse_kinds,
    why_illegal,
)
from railroad_canasta.variants.railroad.rules import canasta_mask, meld_problem


def _complete(meld: str, card: str, hand_rest: str = "4 5") -> GameState:
    """Seat 0 adds ``card`` to an unfinished 6-card ``meld``; the state after the add."""
    state = make_state(hands=[f"{card} {hand_rest}", "6 6"], melds={0: [meld]})
    rank = parse_meld(meld).rank
    return apply(state, AddToMeld(rank, parse_kinds(card)[0]))


@pytest.mark.clause("R-MLD-1")
def test_only_the_owner_adds_to_a_meld() -> None:
    """A player may add to their own meld in a later turn but never to another player's meld."""
    state = make_state(hands=["9 4 5", "9 9 9"], melds={1: ["9 9 9"]})
    assert clause_of(state, "add 9 9") == "R-MLD-1"
    own = make_state(hands=["9 4 5", "6 6"], melds={0: ["9 9 9"]})
    after = apply(own, "add 9 9")
    assert after.players[0].melds == (TableMeld(Kind.NINE, 4),)


@pytest.mark.clause("R-MLD-1")
def test_a_meld_has_at_least_three_cards() -> None:
    """No move lays down fewer than 3 cards: a 2-card meld is refused and a table meld of 2 is invalid."""
    state = make_state(hands=["9 9 4 5", "6 6"], opened=[True, False])
    assert why_illegal(state, StartMeld(Kind.NINE, 2)) is not None
    assert meld_problem(TableMeld(Kind.NINE, 2), RAILROAD) == ("R-MLD-1", "a meld has at least 3 cards")
    assert not any(m.startswith("meld") for m in legal_texts(state))


@pytest.mark.clause("R-MLD-2", "R-CAN-1")
def test_seventh_card_completes_the_meld_and_nothing_more_joins() -> None:
    """The add bringing a meld to 7 makes it a canasta; afterwards no add or top-card pickup reaches it."""
    state = _complete("9 9 9 9 9 9", "9", "9 4 5")
    meld = state.players[0].melds[0]
    assert meld.size == 7 and meld.is_complete and meld.canasta_kind is CanastaKind.RED
    assert "add 9 9" not in legal_texts(state)
    assert why_illegal(state, AddToMeld(Kind.NINE, Kind.NINE)) is not None
    assert meld_problem(TableMeld(Kind.NINE, 8), RAILROAD) == ("R-MLD-2", "a meld has at most 7 cards")
    top = make_state(hands=["4 5", "6 6"], melds={0: ["9 9 9 9 9 9 9"]}, phase=Phase.DRAW, pile="4 9")
    assert clause_of(top, "take-top") == "R-PIL-5"


@pytest.mark.clause("R-MLD-2", "R-DEC-18")
def test_pair_pickup_may_not_push_a_meld_past_seven() -> None:
    """A natural-pair pickup onto an unfinished 5-card meld (5 + 3 = 8) is refused."""
    state = make_state(hands=["9 9 4 5", "6 6"], melds={0: ["9 9 9 9 JK"]}, phase=Phase.DRAW, pile="4 9")
    assert clause_of(state, "take-pile 9") == "R-DEC-18"
    assert "take-top" in legal_texts(state)


@pytest.mark.clause("R-MLD-3")
def test_one_unfinished_meld_per_rank() -> None:
    """With an unfinished `K K K 2` a player may not start `K K K`, but may once the K meld is a canasta."""
    state = make_state(hands=["K K K 4 5", "6 6"], melds={0: ["K K K 2"]})
    assert clause_of(state, "meld K K K") == "R-MLD-3"
    assert "meld K K K" not in legal_texts(state)
    done = make_state(hands=["K K K 4 5", "6 6"], melds={0: ["K K K K K K 2"]})
    after = apply(done, "meld K K K")
    assert [m.size for m in after.players[0].melds] == [7, 3]
    other = make_state(hands=["K K K 4 5", "6 6"], melds={0: ["Q Q Q"], 1: ["K K K"]})
    assert "meld K K K" in legal_texts(other)


@pytest.mark.clause("R-MLD-3", "R-DEC-9")
def test_one_unfinished_wild_meld() -> None:
    """A second wild meld may not start while one is unfinished."""
    state = make_state(hands=["JK 2 2 4 5", "6 6"], melds={0: ["JK 2 2"]})
    assert clause_of(state, "meld JK 2 2") == "R-MLD-3"


@pytest.mark.clause("R-MLD-4")
def test_mixed_melds_need_two_naturals() -> None:
    """`8 2 JK` is refused (one natural); `8 8 2` is legal."""
    state = make_state(hands=["8 8 2 JK 4 5", "6 6"], opened=[True, False])
    assert clause_of(state, "meld 8 2 JK") == "R-MLD-4"
    assert "meld 8 8 2" in legal_texts(state)
    assert "meld 8 8 JK" in legal_texts(state)


@pytest.mark.clause("R-MLD-4")
def test_mixed_melds_hold_at_most_three_wilds() -> None:
    """No fourth wild may join `8 8 8 2 2 JK`."""
    state = make_state(hands=["2 JK 8 4 5", "6 6"], melds={0: ["8 8 8 2 2 JK"]})
    assert clause_of(state, "add 8 2") == "R-MLD-4"
    assert clause_of(state, "add 8 JK") == "R-MLD-4"
    after = apply(state, "add 8 8")
    assert after.players[0].melds[0].canasta_kind is CanastaKind.BLACK


@pytest.mark.clause("R-MLD-5")
def test_black_threes_are_melded_only_when_going_out() -> None:
    """Without a canasta of every kind, a meld of black 3s is refused under R-MLD-5."""
    state = make_state(hands=["B3 B3 B3 4 5", "6 6"], melds={0: list(FOUR_CANASTAS[:3])})
    assert clause_of(state, "meld B3 B3 B3") == "R-MLD-5"


@pytest.mark.clause("R-MLD-5", "R-SCO-2")
def test_black_three_meld_may_exceed_seven_and_earns_no_bonus() -> None:
    """A going-out player melds eight black 3s in one move and discards the last card; no bonus for them."""
    state = make_state(hands=["B3 " * 8 + "4", "6 6"], melds={0: list(FOUR_CANASTAS)})
    assert "meld " + " ".join(["B3"] * 8) in legal_texts(state)
    state = apply(state, StartMeld(Kind.BLACK_THREE, 8))
    meld = state.players[0].melds[-1]
    assert meld == TableMeld(Kind.BLACK_THREE, 8)
    assert not meld.is_complete and meld.canasta_kind is None
    state = apply(state, "discard 4")
    part = state.history[-1].breakdowns[0]
    assert part.canasta_bonus == 500 + 300 + 1000 + 1500
    assert part.melded == 70 + 120 + 200 + 35 + 40


@pytest.mark.clause("R-MLD-5")
def test_black_three_meld_takes_no_wilds_and_leaves_exactly_one_card() -> None:
    """The black-3 meld refuses wilds and must leave exactly one card to discard."""
    state = make_state(hands=["B3 B3 B3 B3 JK 4", "6 6"], melds={0: list(FOUR_CANASTAS)})
    assert why_illegal(state, StartMeld(Kind.BLACK_THREE, 3, 1, 0)) is not None
    assert clause_of(state, StartMeld(Kind.BLACK_THREE, 4)) == "R-MLD-5"
    keep_b3 = make_state(hands=["B3 B3 B3 B3", "6 6"], melds={0: list(FOUR_CANASTAS)})
    after = apply(keep_b3, "meld B3 B3 B3")
    assert after.players[0].hand == counts("B3")
    assert clause_of(keep_b3, "meld B3 B3 B3 B3") == "R-MLD-5"


@pytest.mark.clause("R-MLD-6")
def test_melding_needs_the_requirement() -> None:
    """`meld 4 4 4` (15) is refused to a player who has not met 50, but legal once they have."""
    state = make_state(hands=["4 4 4 5 6 8", "6 6"])
    assert clause_of(state, "meld 4 4 4") == "R-REQ-4"
    assert "meld 4 4 4" not in legal_texts(state)
    opened = make_state(hands=["4 4 4 5 6 8", "6 6"], opened=[True, False])
    assert "meld 4 4 4" in legal_texts(opened)


@pytest.mark.clause("R-MLD-6")
def test_no_meld_to_add_to_or_take_onto_before_the_requirement() -> None:
    """A player who has not met the requirement owns no meld: no add and no top-card pickup."""
    state = make_state(hands=["9 4 5", "6 6"], phase=Phase.DRAW, pile="4 9")
    assert clause_of(state, "take-top") == "R-PIL-5"
    melding = make_state(hands=["9 4 5", "6 6"])
    assert clause_of(melding, "add 9 9") == "R-MLD-1"


@pytest.mark.clause("R-CAN-1")
@pytest.mark.parametrize(
    ("meld", "kind"),
    [
        ("Q Q Q Q Q Q Q", CanastaKind.RED),
        ("9 9 9 9 9 2 JK", CanastaKind.BLACK),
        ("JK JK 2 2 2 2 2", CanastaKind.WILD),
        ("7 7 7 7 7 7 7", CanastaKind.SEVENS),
        ("9 9 9 9 9 2", None),
        ("B3 B3 B3 B3 B3 B3 B3 B3", None),
    ],
)
def test_canasta_kind_is_read_from_the_content(meld: str, kind: CanastaKind | None) -> None:
    """A 7-card meld is exactly one kind of canasta; a shorter meld or the black-3 meld is none."""
    table = parse_meld(meld)
    assert table.canasta_kind is kind
    state = make_state(hands=["4 5", "6 6"], melds={0: [meld]})
    assert state.players[0].canastas == (0 if kind is None else int(kind))


@pytest.mark.clause("R-CAN-2")
def test_red_canasta() -> None:
    """Seven natural queens complete a red canasta worth a 500 bonus."""
    state = _complete("Q Q Q Q Q Q", "Q")
    assert state.players[0].canastas == CanastaKind.RED
    assert state.players[0].melds[0].canasta_kind is CanastaKind.RED
    assert apply(state, "discard 4").players[0].canastas == CanastaKind.RED
    scored = apply(
        make_state(hands=["4 5", "6 6"], melds={0: ["Q Q Q Q Q Q Q"]}, phase=Phase.DRAW, stock=0), "draw"
    )
    assert scored.history[-1].breakdowns[0].canasta_bonus == 500


@pytest.mark.clause("R-CAN-3")
def test_black_canasta() -> None:
    """Naturals and wilds of one rank complete a black canasta worth a 300 bonus."""
    state = _complete("9 9 9 9 9 2", "JK")
    assert state.players[0].canastas == CanastaKind.BLACK
    scored = apply(
        make_state(hands=["4 5", "6 6"], melds={0: ["9 9 9 9 9 2 JK"]}, phase=Phase.DRAW, stock=0), "draw"
    )
    assert scored.history[-1].breakdowns[0].canasta_bonus == 300


@pytest.mark.clause("R-CAN-4", "R-DEC-9")
def test_wild_canasta() -> None:
    """Seven wild cards complete a wild canasta worth a 1,000 bonus."""
    state = _complete("JK JK 2 2 2 2", "2")
    assert state.players[0].canastas == CanastaKind.WILD
    scored = apply(
        make_state(hands=["4 5", "6 6"], melds={0: ["JK JK 2 2 2 2 2"]}, phase=Phase.DRAW, stock=0), "draw"
    )
    assert scored.history[-1].breakdowns[0].canasta_bonus == 1000


@pytest.mark.clause("R-CAN-5")
def test_sevens_canasta() -> None:
    """Seven natural 7s complete a sevens canasta worth a 1,500 bonus."""
    state = _complete("7 7 7 7 7 7", "7")
    assert state.players[0].canastas == CanastaKind.SEVENS
    scored = apply(
        make_state(hands=["4 5", "6 6"], melds={0: ["7 7 7 7 7 7 7"]}, phase=Phase.DRAW, stock=0), "draw"
    )
    assert scored.history[-1].breakdowns[0].canasta_bonus == 1500


@pytest.mark.clause("R-DEC-8")
def test_sevens_take_no_wilds_by_default() -> None:
    """Default: `meld 7 7 JK` and adding a wild to a meld of 7s are refused under R-DEC-8."""
    state = make_state(hands=["7 7 JK 2 4 5", "6 6"], opened=[True, False])
    assert clause_of(state, "meld 7 7 JK") == "R-DEC-8"
    adding = make_state(hands=["JK 2 4 5", "6 6"], melds={0: ["7 7 7"]})
    assert clause_of(adding, "add 7 JK") == "R-DEC-8"
    assert clause_of(adding, "add 7 2") == "R-DEC-8"


@pytest.mark.clause("R-DEC-8", "R-CAN-3")
def test_mixed_sevens_complete_as_black_canasta_in_the_alternative() -> None:
    """With sevens_natural_only=False, `meld 7 7 JK` is legal and a mixed 7-card meld of 7s is black."""
    rules = Rules(sevens_natural_only=False)
    state = make_state(rules=rules, hands=["7 7 JK 4 5", "6 6"], opened=[True, False])
    assert "meld 7 7 JK" in legal_texts(state)
    state = make_state(rules=rules, hands=["2 4 5", "6 6"], melds={0: ["7 7 7 7 7 JK"]})
    after = apply(state, "add 7 2")
    assert after.players[0].canastas == CanastaKind.BLACK
    assert not after.players[0].may_look_kitty


@pytest.mark.clause("R-DEC-9")
def test_wild_melds_by_default() -> None:
    """Default: a meld of 3 wilds may start; it takes only wilds and no wild cap applies to it."""
    state = make_state(hands=["JK 2 2 2 9 4 5", "6 6"], opened=[True, False])
    assert "meld JK 2 2" in legal_texts(state)
    state = apply(state, "meld JK 2 2")
    assert state.players[0].melds == (TableMeld(Kind.JOKER, 0, 1, 2),)
    assert clause_of(state, AddToMeld(Kind.JOKER, Kind.NINE)) == "R-DEC-9"
    state = apply(state, "add wild 2")
    assert state.players[0].melds[0].wilds == 4


@pytest.mark.clause("R-DEC-9")
def test_no_wild_melds_in_the_alternative() -> None:
    """With wild_melds=False a meld of wild cards only is refused under R-DEC-9."""
    state = make_state(rules=Rules(wild_melds=False), hands=["JK 2 2 9 4 5", "6 6"], opened=[True, False])
    assert clause_of(state, "meld JK 2 2") == "R-DEC-9"
    assert not any(m.startswith("meld") for m in legal_texts(state))


@pytest.mark.clause("R-MLD-2")
def test_a_canasta_takes_no_more_cards() -> None:
    """Adding to a completed canasta is refused under R-MLD-2; a new meld of the rank may start (R-MLD-3)."""
    state = make_state(hands=["9 9 9 4 5", "6 6"], melds={0: ["9 9 9 9 9 9 9"]})
    assert clause_of(state, "add 9 9") == "R-MLD-2"
    assert "add 9 9" not in legal_texts(state)
    assert "meld 9 9 9" in legal_texts(state)


_T = TableMeld
_BAD_MELDS = [
    (_T(Kind.NINE, 4, -1, 0), RAILROAD, ("R-MLD-1", "a meld cannot hold a negative number of cards")),
    (_T(Kind.RED_THREE, 3), RAILROAD, ("R-CRD-5", "there is no meld of rank R3")),
    (_T(Kind.TWO, 3), RAILROAD, ("R-CRD-5", "there is no meld of rank 2")),
    (_T(Kind.BLACK_THREE, 3, 1), RAILROAD, ("R-MLD-5", "a meld of black 3s takes no wild cards")),
    (_T(Kind.BLACK_THREE, 3, 0, 1), RAILROAD, ("R-MLD-5", "a meld of black 3s takes no wild cards")),
    (_T(Kind.BLACK_THREE, 0), RAILROAD, ("R-MLD-1", "a meld holds at least one card")),
    (_T(Kind.BLACK_THREE, 2), RAILROAD, ("R-DEC-21", "a meld of black 3s has at least 3 cards")),
    (_T(Kind.NINE, 2), RAILROAD, ("R-MLD-1", "a meld has at least 3 cards")),
    (_T(Kind.NINE, 7, 1), RAILROAD, ("R-MLD-2", "a meld has at most 7 cards")),
    (_T(Kind.JOKER, 1, 2), RAILROAD, ("R-DEC-9", "a wild meld holds only wild cards")),
    (
        _T(Kind.JOKER, 0, 2, 1),
        RAILROAD.replace(wild_melds=False),
        ("R-DEC-9", "under these rules the wild canasta is put down whole, seven wild cards at once"),
    ),
    (_T(Kind.SEVEN, 2, 1), RAILROAD, ("R-DEC-8", "a meld of 7s takes no wild cards")),
    (_T(Kind.NINE, 1, 1, 1), RAILROAD, ("R-MLD-4", "a meld needs at least 2 natural cards")),
    (_T(Kind.NINE, 3, 2, 2), RAILROAD, ("R-MLD-4", "a meld holds at most 3 wild cards")),
]


@pytest.mark.clause("R-MLD-1", "R-MLD-2", "R-MLD-4", "R-MLD-5", "R-CRD-5", "R-DEC-8", "R-DEC-9", "R-DEC-21")
@pytest.mark.parametrize(("meld", "rules", "problem"), _BAD_MELDS)
def test_meld_problem_names_the_first_rule_a_table_meld_breaks(
    meld: TableMeld, rules: Rules, problem: tuple[str, str]
) -> None:
    """Each way a table meld can be wrong is named by its clause (mutation testing found these untested)."""
    assert meld_problem(meld, rules) == problem


@pytest.mark.clause("R-MLD-5", "R-DEC-21", "R-DEC-9", "R-DEC-8", "R-MLD-4")
def test_meld_problem_accepts_the_melds_each_reading_allows() -> None:
    """The same melds pass under the other reading, or when well formed."""
    assert meld_problem(_T(Kind.BLACK_THREE, 1), RAILROAD.replace(black_three_meld_needs_three=False)) is None
    assert meld_problem(_T(Kind.JOKER, 0, 4, 3), RAILROAD.replace(wild_melds=False)) is None
    assert meld_problem(_T(Kind.SEVEN, 2, 1), RAILROAD.replace(sevens_natural_only=False)) is None
    assert meld_problem(_T(Kind.NINE, 4, 2, 1), RAILROAD) is None


@pytest.mark.clause("R-CAN-1")
def test_the_canasta_mask_holds_every_kind_completed() -> None:
    """Two canastas of different kinds both show in the mask (mutation testing found it untested)."""
    red, black = _T(Kind.NINE, 7), _T(Kind.EIGHT, 5, 1, 1)
    assert canasta_mask([red, black, _T(Kind.TEN, 3)]) == CanastaKind.RED | CanastaKind.BLACK
