"""Classic engine tests of what the text notation cannot write, so no scenario can ask about it.

Adding to black 3s (`add B3 B3` is not a move of the notation: a meld is named by its natural rank or
``wild``), and the meld table's wild-card row, which stands behind the three-card and two-naturals rows
(a three-card meld with two naturals holds one wild card at most), so only the row itself can be asked.
The guard ablation (``tools/ablate.py``) found that nothing noticed these rows switched off.
"""

from __future__ import annotations

import pytest

import railroad_canasta as rc
from classic_builders import position
from railroad_canasta.core.cards import Kind
from railroad_canasta.core.guards import Violation
from railroad_canasta.core.moves import AddToMeld, StartMeld
from railroad_canasta.variants.classic.guards import TABLES, Context
from railroad_canasta.variants.classic.guards import why_illegal as classic_why_illegal


@pytest.mark.clause("R-CL-MLD-2")
def test_nothing_is_added_to_black_threes() -> None:
    """A black 3 added to the side's black 3s is refused by R-CL-MLD-2, before asking for the meld."""
    state = position("B3 B3 4 5 6", melds=["K K K"])
    move = AddToMeld(Kind.BLACK_THREE, Kind.BLACK_THREE)
    assert rc.why_illegal(state, move) == Violation(
        "R-CL-MLD-2", "nothing is added to black 3s: they are melded last, whole"
    )
    assert move not in rc.legal_moves(state)


@pytest.mark.clause("R-CL-MLD-1")
@pytest.mark.parametrize(
    ("naturals", "jokers", "twos", "reason"),
    [
        (2, 1, 0, None),
        (3, 0, 0, None),
        (2, 0, 1, None),
        (1, 0, 2, "a meld never holds more wild cards than natural ones"),
        (1, 1, 1, "a meld never holds more wild cards than natural ones"),
        (4, 2, 2, "a meld holds at most three wild cards"),
    ],
)
def test_the_meld_table_limits_wild_cards(naturals: int, jokers: int, twos: int, reason: str | None) -> None:
    """The meld table's wild-card row, asked on its own: at most three wilds, never more than naturals."""
    (row,) = (g for g in TABLES["meld"] if g.rule == "at most three wild cards, never more than the naturals")
    assert row.clause == "R-CL-MLD-1"
    state = position("9 9 9 9 JK JK 2 2 4 5", melds=["K K K"])
    move = StartMeld(Kind.NINE, naturals, jokers, twos)
    assert row.check(Context(state, move)) == reason  # type: ignore[arg-type]


@pytest.mark.clause("R-CL-MLD-1")
@pytest.mark.parametrize(
    "move", [StartMeld(Kind.TWO, 3), StartMeld(Kind.TWO, 2, 1), StartMeld(Kind.JOKER, 0, 2, 1)]
)
def test_a_meld_of_wild_cards_is_refused_by_its_rank(move: StartMeld) -> None:
    """A meld whose rank is a wild kind (2s as the "naturals", which the notation cannot write) is refused.

    The generator never lists one; the table used to let a meld of 2s through, so that ``why_illegal``
    called legal a move that ``apply`` refused (found by comparing the generator with the tables).
    """
    state = position("2 2 2 JK 4 5 6 7", melds=["K K K"])
    assert rc.why_illegal(state, move) == Violation(
        "R-CL-MLD-1", "a meld is of a natural rank: wild cards alone make no meld"
    )
    with pytest.raises(rc.IllegalMoveError, match="wild cards alone make no meld"):
        rc.apply(state, move)


@pytest.mark.clause("R-CL-TRN-1")
def test_something_that_is_not_a_move_is_refused() -> None:
    """A text or any other object is not a move: classic's table says so, naming R-CL-TRN-1.

    (The public functions read a text as a move first; the table's own row is asked here.)
    """
    state = position("9 9 9 4 5", melds=["K K K"])
    for thing in ("discard 4", None, 4):
        problem = classic_why_illegal(state, thing)  # type: ignore[arg-type]
        assert problem == Violation("R-CL-TRN-1", f"{thing!r} is not a move")
