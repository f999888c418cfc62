"""What every reachable state of classic Canasta satisfies: an ordered table, one clause-tagged row a fact.

:func:`validate` raises :class:`~railroad_canasta.core.invariants.InvariantError`
naming the clause and the field of the first row broken.

>>> from railroad_canasta.variants.classic.transitions import new_game
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> validate(new_game(CLASSIC, seed=3)) is None
True
"""

from __future__ import annotations

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind, counts_of, empty_counts
from railroad_canasta.core.invariants import Invariant, Problem, Scope, check
from railroad_canasta.variants.classic.scoring import side_score
from railroad_canasta.variants.classic.state import CANASTA_SIZE, ClassicState, Phase, Position
from railroad_canasta.variants.classic.transitions import pack_kinds
from railroad_canasta.variants.classic.views import ClassicView

__all__ = ["POSITION_INVARIANTS", "STATE_INVARIANTS", "card_census", "validate", "validate_view"]


def card_census(state: ClassicState) -> Counts:
    """Every card of the game by kind: hands, melds, red 3s, stock, pile and the held pile."""
    out = list(empty_counts())
    for hand in state.hands:
        for kind, n in enumerate(hand):
            out[kind] += n
    for side in state.sides:
        out[Kind.RED_THREE] += side.red_threes
        for meld in side.melds:
            out[meld.rank] += meld.naturals
            out[Kind.JOKER] += meld.jokers
            out[Kind.TWO] += meld.twos
    for kind in (*state.stock, *state.pile):
        out[kind] += 1
    if state.pending is not None:
        for kind, n in enumerate(state.pending):
            out[kind] += n
    return tuple(out)


def _census(state: ClassicState) -> str | None:
    if state.phase is Phase.ROUND_OVER or state.phase is Phase.GAME_OVER:
        return None
    census = card_census(state)
    expected = counts_of(pack_kinds(state.rules))
    if census == expected:
        return None
    diff = [f"{census[k] - expected[k]:+d} {Kind(k)}" for k in range(KIND_COUNT) if census[k] != expected[k]]
    return f"the cards do not add up to the pack: {', '.join(diff)}"


def _melds(position: Position) -> Problem | None:
    for s, side in enumerate(position.sides):
        ranks = [m.rank for m in side.melds]
        if len(set(ranks)) != len(ranks):
            return Problem(f"sides[{s}].melds", "a side has one meld per rank", "R-CL-MLD-3")
        for i, meld in enumerate(side.melds):
            path = f"sides[{s}].melds[{i}]"
            if meld.rank is Kind.BLACK_THREE and meld.wilds:
                return Problem(path, "a meld of black 3s takes no wild card", "R-CL-MLD-2")
            if not (meld.rank.is_natural or meld.rank is Kind.BLACK_THREE):
                return Problem(path, "a meld is of a natural rank", "R-CL-MLD-1")
            if meld.size < 3 or meld.naturals < 2 or meld.wilds > min(3, meld.naturals):
                return Problem(
                    path,
                    "a meld: 3+ cards, 2+ naturals, at most 3 wilds, never more wilds than naturals",
                )
        opening = s == position.side_of(position.to_move) and (
            position.turn_points or position.pending is not None
        )
        if side.melds and not side.opened and not opening:
            return Problem(f"sides[{s}].opened", "a side with melds has opened", "R-CL-REQ-1")
    return None


def _no_red_threes_in_hand(position: Position) -> str | None:
    hand = position.hand if isinstance(position, ClassicView) else None
    hands = (hand,) if hand is not None else position.hands if isinstance(position, ClassicState) else ()
    for h in hands:
        if h[Kind.RED_THREE]:
            return "a red 3 is put down at once, never kept in hand"
    return None


def _hand_sizes(position: Position) -> str | None:
    if isinstance(position, ClassicView) and sum(position.hand) != position.hand_sizes[position.viewer]:
        return "the viewer's hand does not have the size shown"
    return None


def _round_scores(state: ClassicState) -> Problem | None:
    if (state.phase is not Phase.ROUND_OVER and state.phase is not Phase.GAME_OVER) or not state.history:
        return None
    last = state.history[-1]
    rules = state.rules
    for index, side in enumerate(state.sides):
        hands = tuple(state.hands[seat] for seat in rules.sides[index])
        out = last.went_out is not None and last.went_out % len(state.sides) == index
        expected = side_score(
            side,
            hands,
            out,
            last.breakdowns[index].going_out == 2 * rules.going_out_bonus and out,
            2 * rules.decks,
            rules,
        )
        if expected != last.breakdowns[index]:
            return Problem(
                f"history[{len(state.history) - 1}].breakdowns[{index}]", "is not the round's score"
            )
    return None


def _canasta_count(position: Position) -> str | None:
    for side in position.sides:
        if side.concealed_canastas > sum(1 for m in side.melds if m.size >= CANASTA_SIZE):
            return "more concealed canastas than canastas"
    return None


#: The rows that hold for states and views alike.
POSITION_INVARIANTS: tuple[Invariant[Position], ...] = (
    Invariant("R-CL-MLD-1", "every meld is well formed", _melds, "sides", also=("R-CL-MLD-2", "R-CL-MLD-3")),
    Invariant("R-CL-RED-1", "no red 3 is kept in hand", _no_red_threes_in_hand, "hands"),
    Invariant("R-CL-PLY-1", "a view's hand has the size it shows", _hand_sizes, "hand"),
    Invariant("R-CL-DEC-2", "concealed canastas are canastas", _canasta_count, "sides"),
)

#: The rows of a whole state.
STATE_INVARIANTS: tuple[Invariant[ClassicState], ...] = (
    Invariant("R-CL-MAT-1", "the cards add up to the pack", _census, "", scope="game"),
    Invariant(
        "R-CL-SCO-1", "the last round's scores follow from the table", _round_scores, "history", scope="game"
    ),
)


def validate(state: ClassicState, *, scope: Scope = "game") -> None:
    """Raise ``InvariantError`` for the first row ``state`` breaks."""
    check(POSITION_INVARIANTS, state, scope=scope)
    check(STATE_INVARIANTS, state, scope=scope)


def validate_view(v: ClassicView, *, scope: Scope = "game") -> None:
    """Raise ``InvariantError`` for the first row ``v`` breaks."""
    check(POSITION_INVARIANTS, v, scope=scope)
