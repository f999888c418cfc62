"""R-CL-DEC-7: black 3s melded by a player going out, a final discard included (or only as last cards)."""

from __future__ import annotations

import pytest

import railroad_canasta as rc
from classic_builders import position
from railroad_canasta.variants.classic.legal import legal_by_tables
from railroad_canasta.variants.classic.rules import CLASSIC

_CANASTA = ["Q Q Q Q Q Q Q"]


def _clause(state: rc.ClassicState, text: str) -> str | None:
    problem = rc.why_illegal(state, rc.Move.from_text(text))
    return None if problem is None else problem.clause


@pytest.mark.clause("R-CL-DEC-7", "R-CL-MLD-2")
def test_by_default_black_threes_go_down_before_the_final_discard() -> None:
    """B3 B3 B3 4 with a canasta and no 4s on the table: meld the 3s, discard the 4, out (the source)."""
    state = position("B3 B3 B3 4", melds=_CANASTA)
    assert CLASSIC.black_threes_last_cards is False
    assert _clause(state, "meld B3 B3 B3") is None
    melded = rc.apply(state, "meld B3 B3 B3")
    assert [str(m) for m in rc.legal_moves(melded)] == ["discard 4"]
    out = rc.apply(melded, "discard 4")
    assert out.history[-1].went_out == 0
    # Two cards left would not be going out in that turn by a final discard.
    assert _clause(position("B3 B3 B3 4 5", melds=_CANASTA), "meld B3 B3 B3") == "R-CL-MLD-2"
    # The side must still be allowed to go out (R-CL-OUT-1).
    assert _clause(position("B3 B3 B3 4", melds=["Q Q Q"]), "meld B3 B3 B3") == "R-CL-OUT-1"


@pytest.mark.clause("R-CL-DEC-7", "R-CL-MLD-2")
def test_the_old_reading_wants_the_black_threes_last() -> None:
    """``black_threes_last_cards=True``: the same hand may not meld its 3s before the 4."""
    rules = CLASSIC.replace(black_threes_last_cards=True)
    state = position("B3 B3 B3 4", rules=rules, melds=_CANASTA)
    assert _clause(state, "meld B3 B3 B3") == "R-CL-MLD-2"
    assert rc.Move.from_text("meld B3 B3 B3") not in rc.legal_moves(state)
    assert _clause(position("B3 B3 B3", rules=rules, melds=_CANASTA), "meld B3 B3 B3") is None


@pytest.mark.clause("R-CL-DEC-7", "R-CL-DEC-1")
@pytest.mark.parametrize("last_cards", [False, True])
def test_after_a_no_black_threes_stay_in_hand(last_cards: bool) -> None:
    """After the partner's no the player does not go out, so black 3s are not melded; generator and
    tables agree under both readings."""
    rules = CLASSIC.replace(black_threes_last_cards=last_cards)
    asked = rc.apply(
        rc.apply(position("B3 B3 B3 4", rules=rules, melds=_CANASTA), "ask-out"), "answer-out no"
    )
    assert _clause(asked, "meld B3 B3 B3") in ("R-CL-DEC-1", "R-CL-MLD-2")
    assert tuple(rc.legal_moves(asked)) == legal_by_tables(asked)
    told_yes = rc.apply(
        rc.apply(position("B3 B3 B3 4", rules=rules, melds=_CANASTA), "ask-out"), "answer-out yes"
    )
    assert (rc.Move.from_text("meld B3 B3 B3") in rc.legal_moves(told_yes)) is not last_cards


@pytest.mark.clause("R-CL-DEC-7", "R-CL-MLD-2")
@pytest.mark.parametrize("last_cards", [False, True])
@pytest.mark.parametrize("threes", [5, 6])
@pytest.mark.parametrize("melds", [["Q Q Q Q Q Q Q", "K K K K K K K"], ["Q Q Q Q Q Q Q"]])
def test_five_or_six_black_threes_at_a_table_of_six(last_cards: bool, threes: int, melds: list[str]) -> None:
    """Six players hold twelve black 3s: with five, four go down and the fifth is the final discard (by
    default, the side having its two canastas); the generator lists what the tables allow (the referee
    found the generator leaving that start out)."""
    rules = rc.ClassicRules(players=6, black_threes_last_cards=last_cards)
    state = position(" ".join(["B3"] * threes), rules=rules, melds=melds)
    four = rc.Move.from_text("meld B3 B3 B3 B3")
    expected = threes == 5 and not last_cards and len(melds) == 2
    assert (four in rc.legal_moves(state)) is expected
    assert tuple(rc.legal_moves(state)) == legal_by_tables(state)
    if expected:
        assert [str(m) for m in rc.legal_moves(rc.apply(state, four))] == ["discard B3"]
