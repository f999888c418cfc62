"""The exhaustive opening oracle of classic Canasta: every sequence of the turn's meld steps, tried.

Written from the rules (R-CL-REQ-1, R-CL-REQ-2, R-CL-OUT-1), not from the guard tables: a side that has
not opened may make a step when some sequence of steps starting with it opens the side, that is when the
card values melded in the turn reach the requirement; at that moment the cards held aside join the hand,
and the player then holds two cards or more (one to discard, one to keep), or goes out, their side having
the canastas to (melding the last card, or discarding it). Exponential in the size of the hand: the engine
never calls it; ``tests/classic/test_opening_oracle.py`` (Hypothesis, in CI) and
``tools/classic_opening_oracle.py`` (offline) compare it with the guard tables and the move generator's
fast paths on small hands.

Black-3 starts are left out: a side that has not opened has no canasta before the turn, and the black 3s
are asked of their own rows (R-CL-MLD-2, R-CL-DEC-7).
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from railroad_canasta.core.cards import Counts, Kind, counts_of
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import AddToMeld, Move, StartMeld, take_pile
from railroad_canasta.variants.classic.legal import legal_by_tables, legal_moves
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState, Phase, Side
from railroad_canasta.variants.classic.steps import candidates_of, stepped

__all__ = ["OpeningSearch", "compare", "opening_position", "opening_states", "opening_steps", "pickup_opens"]

_B3 = Kind.BLACK_THREE
_CANASTA = 7


class OpeningSearch:
    """Every sequence of meld steps of one opening turn, memoised by position (hand, melds, points).

    ``need``: the card values the side must still meld this turn; ``aside``: the cards held aside
    (R-CL-REQ-2); ``canastas_needed``: the canastas the side needs to go out; ``may_go_out``: the player
    may go out this turn at all.
    """

    def __init__(self, need: int, aside: int, canastas_needed: int, may_go_out: bool = True) -> None:
        self.need = need
        self.aside = aside
        self.canastas_needed = canastas_needed
        self.may_go_out = may_go_out
        self.seen: dict[tuple[Counts, tuple[Meld, ...], int], bool] = {}
        #: Sequences explored: each step tried from a position not seen before.
        self.explored = 0

    def opened_well(self, hand: Counts, melds: tuple[Meld, ...]) -> bool:
        """The side has just opened with ``hand`` left: the player can end the turn."""
        cards = sum(hand) + self.aside
        if cards >= 2:
            return True
        canastas = sum(1 for m in melds if m.size >= _CANASTA)
        return self.may_go_out and canastas >= self.canastas_needed

    def after(self, hand: Counts, melds: tuple[Meld, ...], points: int, move: StartMeld | AddToMeld) -> bool:
        """Some sequence starting with ``move`` opens the side well."""
        self.explored += 1
        after, after_melds, gained = stepped(hand, melds, (), move)
        points += gained
        if points >= self.need:
            return self.opened_well(after, after_melds)
        return self.reach(after, after_melds, points)

    def reach(self, hand: Counts, melds: tuple[Meld, ...], points: int) -> bool:
        """Some sequence of steps from here opens the side well."""
        key = (hand, melds, points)
        known = self.seen.get(key)
        if known is not None:
            return known
        self.seen[key] = False
        found = any(
            self.after(hand, melds, points, move)
            for move in candidates_of(hand, melds)
            if not (type(move) is StartMeld and move.rank is _B3)
        )
        self.seen[key] = found
        return found


def opening_steps(
    hand: Counts,
    melds: tuple[Meld, ...],
    need: int,
    aside: int,
    canastas_needed: int,
    may_go_out: bool = True,
) -> tuple[list[StartMeld | AddToMeld], int]:
    """The meld steps (black-3 starts left out) that begin an opening reaching ``need``, and the sequences
    explored to find them."""
    search = OpeningSearch(need, aside, canastas_needed, may_go_out)
    out = [
        move
        for move in candidates_of(hand, melds)
        if not (type(move) is StartMeld and move.rank is _B3) and search.after(hand, melds, 0, move)
    ]
    return out, search.explored


def pickup_opens(hand: Counts, pile: Sequence[Kind], need: int, canastas_needed: int) -> tuple[bool, int]:
    """Whether a side not yet opened may take ``pile`` with a natural pair of its top card from ``hand``:
    the top card and the pair are melded, the rest of the pile (red 3s go to the table) held aside, and
    some sequence of steps then opens the side well (R-CL-REQ-2); and the sequences explored."""
    top = pile[-1]
    if hand[top] < 2:
        return False, 0
    after, melds, gained = stepped(hand, (), pile, take_pile(top))
    aside = len(pile) - 1 - list(pile[:-1]).count(Kind.RED_THREE)
    search = OpeningSearch(need, aside, canastas_needed)
    search.explored += 1
    if gained >= need:
        return search.opened_well(after, melds), search.explored
    return search.reach(after, melds, gained), search.explored


def opening_position(
    rules: ClassicRules,
    hand: Sequence[Kind],
    score: int,
    *,
    aside: Sequence[Kind] = (),
    pile: Sequence[Kind] = (Kind.FIVE, Kind.SIX),
    phase: Phase = Phase.MELD,
) -> ClassicState:
    """Player 0 to move, their side not opened at ``score``, holding ``hand``, with ``aside`` held aside."""
    others = counts_of((Kind.EIGHT, Kind.EIGHT, Kind.TEN, Kind.TEN, Kind.JACK))
    sides = (Side((), 0, False, score), *(Side() for _ in rules.sides[1:]))
    return ClassicState(
        rules=rules,
        seed=0,
        round=1,
        dealer=rules.players - 1,
        to_move=0,
        phase=phase,
        hands=(counts_of(hand), *(others,) * (rules.players - 1)),
        sides=sides,
        stock=(Kind.SIX,) * 4,
        pile=tuple(pile),
        pile_frozen=False,
        melded_before=(True,) * rules.players,
        pending=counts_of(aside) if aside else None,
    )


def compare(state: ClassicState) -> tuple[list[str], int]:
    """The oracle against the engine at ``state`` (from :func:`opening_position`): the moves on which the
    oracle, the move generator (with its fast paths) and the guard tables do not all agree, and the
    sequences explored. In the meld phase, every meld step but black-3 starts; in the draw phase, the
    pair pickup."""
    rules = state.rules
    side = state.mover_side
    need = rules.requirement(side.score) - state.turn_points
    hand = state.mover_hand
    fast = set(legal_moves(state))
    tables = set(legal_by_tables(state))
    wrong: list[str] = []
    if state.phase is Phase.DRAW:
        opens, explored = pickup_opens(hand, state.pile, need, rules.canastas_to_go_out)
        move: Move = take_pile(state.pile[-1])
        if len({opens, move in fast, move in tables}) > 1:
            wrong.append(f"{move}: oracle {opens}, generator {move in fast}, tables {move in tables}")
        return wrong, explored
    aside = 0 if state.pending is None else sum(state.pending)
    found, explored = opening_steps(hand, side.melds, need, aside, rules.canastas_to_go_out)
    expected = set(found)
    for step in candidates_of(hand, side.melds):
        if type(step) is StartMeld and step.rank is _B3:
            continue
        verdicts = (step in expected, step in fast, step in tables)
        if len(set(verdicts)) > 1:
            wrong.append(f"{step}: oracle {verdicts[0]}, generator {verdicts[1]}, tables {verdicts[2]}")
    return wrong, explored


#: The kinds of the small hands: wild cards, high and low naturals, black 3s.
_KINDS = (Kind.JOKER, Kind.TWO, Kind.ACE, Kind.KING, Kind.EIGHT, Kind.SEVEN, Kind.FIVE, Kind.FOUR, _B3)
#: A score giving each requirement (R-CL-REQ-1): 15, 50, 90, 120.
_SCORES = (-10, 0, 1500, 3000)


@st.composite
def opening_states(draw: st.DrawFn, max_hand: int = 11) -> ClassicState:
    """A side not yet opened at the start of its meld phase (cards held aside or not) or its draw phase
    with a pile whose top card the hand pairs: small hands, some heavy in one rank (canastas, going out)."""
    rules = ClassicRules(players=draw(st.sampled_from([2, 3, 4, 6])))
    hand = draw(st.lists(st.sampled_from(_KINDS), min_size=1, max_size=max_hand))
    heavy = draw(st.integers(0, 7))
    if heavy:
        hand = [*hand, *[draw(st.sampled_from(_KINDS[2:6]))] * heavy][: max_hand + 4]
    score = draw(st.sampled_from(_SCORES))
    if draw(st.booleans()):
        top = draw(st.sampled_from(_KINDS[2:8]))
        below = draw(st.lists(st.sampled_from((Kind.NINE, Kind.QUEEN, Kind.RED_THREE)), max_size=5))
        return opening_position(rules, [*hand, top, top], score, pile=(*below, top), phase=Phase.DRAW)
    aside = draw(st.lists(st.sampled_from((Kind.NINE, Kind.QUEEN)), max_size=4))
    return opening_position(rules, hand, score, aside=aside)
