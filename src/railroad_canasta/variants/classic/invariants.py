"""What every reachable state of classic Canasta satisfies: an ordered table, one clause-tagged row a fact.

:func:`validate` raises :class:`~railroad_canasta.core.invariants.InvariantError`
naming the clause and the field of the first row broken.

>>> from railroad_canasta.variants.classic.deal import new_game
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> validate(new_game(CLASSIC, seed=3)) is None
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from railroad_canasta.core import game_facts as facts
from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind, counts_of, empty_counts
from railroad_canasta.core.invariants import Invariant, Problem, Scope, check, count_problem
from railroad_canasta.variants.classic.arithmetic import MIN_NATURALS, wild_room
from railroad_canasta.variants.classic.deal import first_dealer, pack_kinds, seed_deal
from railroad_canasta.variants.classic.knowledge import state_known, state_trail, view_known
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.scoring import game_result, side_score
from railroad_canasta.variants.classic.state import CANASTA_SIZE, ClassicState, Phase, Position
from railroad_canasta.variants.classic.views import ClassicView

__all__ = [
    "DEAL_INVARIANTS",
    "ENTRY_INVARIANTS",
    "ENTRY_VIEW_INVARIANTS",
    "POSITION_INVARIANTS",
    "STATE_INVARIANTS",
    "card_census",
    "check_entry",
    "pack_of",
    "seen_cards",
    "validate",
    "validate_saved",
    "validate_view",
]


def _shown(position: Position, out: list[int]) -> Counts:
    """``out`` plus the cards every player sees: melds, red 3s, the pile and the held pile."""
    for side in position.sides:
        out[Kind.RED_THREE] += side.red_threes
        for meld in side.melds:
            out[meld.rank] += meld.naturals
            out[Kind.JOKER] += meld.jokers
            out[Kind.TWO] += meld.twos
    for card in position.pile:
        out[card] += 1
    if position.pending is not None:
        for kind, n in enumerate(position.pending):
            out[kind] += n
    return tuple(out)


def card_census(state: ClassicState) -> Counts:
    """Every card of the game by kind: hands, melds, red 3s, stock, pile and the held pile."""
    out = list(empty_counts())
    for hand in state.hands:
        for kind, n in enumerate(hand):
            out[kind] += n
    for kind in state.stock:
        out[kind] += 1
    return _shown(state, out)


@functools.lru_cache(maxsize=16)
def pack_of(rules: ClassicRules) -> Counts:
    """The pack by kind."""
    return counts_of(pack_kinds(rules))


def _census(state: ClassicState) -> str | None:
    if state.phase is Phase.ROUND_OVER or state.phase is Phase.GAME_OVER:
        return None
    census = card_census(state)
    expected = pack_of(state.rules)
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
            # (a natural meld of 2+ naturals always has room: the wild-card rule is asked of mixed melds)
            wild = meld.wilds and wild_room(meld.naturals, meld.wilds) < 0
            if meld.size < 3 or meld.naturals < MIN_NATURALS or wild:
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


def _pile_frozen(position: Position) -> str | None:
    frozen = any(card.is_wild or card is Kind.RED_THREE for card in position.pile)
    if position.pile_frozen == frozen:
        return None
    return "the pile is frozen exactly when it holds a wild card or a red 3 (the upcard)"


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
    Invariant(
        "R-CL-PIL-2",
        "the pile is frozen exactly when it holds a wild card or a red 3",
        _pile_frozen,
        "pile_frozen",
    ),
)


def _hands_in_play(state: ClassicState) -> Problem | None:
    """While a round is played nobody holds no card: a player who has none has gone out (R-CL-OUT-2)."""
    if state.phase not in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
        return None
    for seat, hand in enumerate(state.hands):
        held = sum(hand) + (sum(state.pending) if seat == state.to_move and state.pending is not None else 0)
        if not held:
            return Problem(f"hands[{seat}]", "an empty hand in play: the player would have gone out")
    return None


def _cards_kept(state: ClassicState) -> Problem | None:
    """In the meld phase a player whose side may not go out keeps two cards, so that a discard leaves one."""
    if state.phase is not Phase.MELD:
        return None
    seat = state.to_move
    held = sum(state.hands[seat]) + (sum(state.pending) if state.pending is not None else 0)
    if held < 2 and state.mover_side.canastas < state.rules.canastas_to_go_out:
        return Problem(f"hands[{seat}]", f"{held} card in the meld phase without the canastas to go out")
    return None


def _over(state: ClassicState) -> bool:
    return state.phase is Phase.GAME_OVER


def _active(state: ClassicState) -> bool:
    return state.phase is not Phase.ROUND_OVER and state.phase is not Phase.GAME_OVER


def _result_of(state: ClassicState) -> Callable[[int, tuple[int, ...]], object]:
    return functools.partial(game_result, state.rules)


def _stock_of_seed(state: ClassicState) -> str | None:
    return facts.stock_of_seed(
        state.stock, seed_deal(state.rules, state.seed, state.round, state.dealer).stock
    )


def _max_rounds(state: ClassicState) -> str | None:
    return facts.within_round_limit(state.round, state.rules.max_rounds)


#: The rows of a whole state: the cards, then the game-level facts (the same as Railroad's, from
#: :mod:`railroad_canasta.core.game_facts`).
STATE_INVARIANTS: tuple[Invariant[ClassicState], ...] = (
    Invariant("R-CL-OUT-2", "nobody holds no card while the round is played", _hands_in_play, "hands"),
    Invariant("R-CL-OUT-1", "a player who may not go out keeps two cards", _cards_kept, "hands"),
    Invariant("R-CL-MAT-1", "the cards add up to the pack", _census, "", scope="game"),
    Invariant(
        "R-CL-SCO-1", "the last round's scores follow from the table", _round_scores, "history", scope="game"
    ),
    Invariant("R-CL-DEA-1", "the seed is one new_game takes", lambda s: facts.seed_bound(s.seed), "seed"),
    Invariant(
        "R-CL-DEA-1",
        "the seed chose the first dealer, and the deal passes clockwise",
        lambda s: facts.dealer_of_seed(s.dealer, s.seed, s.round, s.rules.players, first_dealer),
        "dealer",
        scope="game",
    ),
    Invariant("R-CL-GAM-1", "no round is played after the last one the rules allow", _max_rounds, "round"),
    Invariant(
        "R-CL-SCO-1",
        "the history holds every round played before",
        lambda s: facts.rounds_played(s.round, s.history, active=_active(s)),
        "history",
        scope="game",
    ),
    Invariant(
        "R-CL-SCO-1",
        "the rounds of the history are numbered from 1",
        lambda s: facts.round_numbers(s.history),
    ),
    Invariant(
        "R-CL-SCO-1",
        "the cumulative scores are the running sums of the round scores",
        lambda s: facts.running_scores(s.history, len(s.sides)),
    ),
    Invariant(
        "R-CL-SCO-1",
        "each side's score is its cumulative score",
        lambda s: facts.cumulative_scores(s.history, [side.score for side in s.sides], "sides"),
        scope="game",
    ),
    Invariant(
        "R-CL-GAM-1",
        "no round is played after the game ended",
        lambda s: facts.game_not_ended(s.history, active=not _over(s), game_result=_result_of(s)),
    ),
    Invariant(
        "R-CL-GAM-1",
        "a game has a result exactly when it is over",
        lambda s: facts.result_when_over(s.result, _over(s)),
        "result",
    ),
    Invariant(
        "R-CL-GAM-1",
        "the result follows from the scores and the rules",
        lambda s: facts.result_follows(s.result, _over(s), s.history, _result_of(s)),
        "result",
        scope="game",
    ),
    Invariant("R-CL-VIS-1", "the cards known in a hand are a part of it", state_known),
)


# ---------------------------------------------------------------------- what the engine needs to act


def _table(position: ClassicState | ClassicView) -> Problem | None:
    rules = position.rules
    n = rules.players
    seats = position.hand_sizes if isinstance(position, ClassicView) else position.hands
    key = "hand_sizes" if isinstance(position, ClassicView) else "hands"
    for path, items, count in (
        (key, seats, n),
        ("sides", position.sides, len(rules.sides)),
        ("melded_before", position.melded_before, n),
    ):
        if len(items) != count:
            return Problem(path, f"must have {count} entries, not {len(items)}")
    named = [("dealer", position.dealer), ("to_move", position.to_move), ("asker", position.asker)]
    if isinstance(position, ClassicView):
        named.append(("viewer", position.viewer))
    for path, seat in named:
        if seat is not None and not 0 <= seat < n:
            return Problem(path, f"must be a seat from 0 to {n - 1}, not {seat}")
    return None


def _counts(position: ClassicState | ClassicView) -> Problem | None:
    found: list[Problem | None] = [count_problem(position.pending, "pending")]
    if isinstance(position, ClassicView):
        found.append(count_problem(position.hand, "hand"))
        found += [
            Problem(f"hand_sizes[{seat}]", "holds a negative number of cards")
            for seat, size in enumerate(position.hand_sizes)
            if size < 0
        ]
        if position.stock_size < 0:
            found.append(Problem("stock_size", "holds a negative number of cards"))
    else:
        found += [count_problem(hand, f"hands[{seat}]") for seat, hand in enumerate(position.hands)]
    for s, side in enumerate(position.sides):
        if side.red_threes < 0:
            found.append(Problem(f"sides[{s}].red_threes", "holds a negative number of cards"))
        found += [
            Problem(f"sides[{s}].melds[{i}]", "holds a negative number of cards")
            for i, meld in enumerate(side.melds)
            if min(meld.naturals, meld.jokers, meld.twos) < 0
        ]
    return next((f for f in found if f is not None), None)


def _within_pack(counts: Counts, rules: ClassicRules, where: str) -> str | None:
    pack = pack_of(rules)
    for kind in range(KIND_COUNT):
        if counts[kind] > pack[kind]:
            return f"{counts[kind]} cards of {Kind(kind)} are {where} but the pack has {pack[kind]}"
    return None


def _census_within_pack(state: ClassicState) -> str | None:
    return _within_pack(card_census(state), state.rules, "in play")


def seen_cards(v: ClassicView) -> Counts:
    """Every card the view's player sees: their hand, the melds, red 3s, the pile and the held pile."""
    return _shown(v, list(v.hand))


def _seen_within_pack(v: ClassicView) -> str | None:
    return _within_pack(seen_cards(v), v.rules, "seen")


_TABLE_ROWS: tuple[Invariant[ClassicState | ClassicView], ...] = (
    Invariant("R-CL-PLY-1", "a hand per player, a side per side; the seats named are at the table", _table),
    Invariant("R-CL-MAT-1", "no count of cards is negative", _counts),
)

#: What the public functions check of a classic state they did not make (built by hand or with
#: ``attrs.evolve``): the rows without which the engine could not act on it (seats, counts, melds, the
#: pack). A caller who builds states by hand checks the rest with ``validate(state, scope="position")``.
ENTRY_INVARIANTS: tuple[Invariant[ClassicState], ...] = (
    *_TABLE_ROWS,
    POSITION_INVARIANTS[0],
    Invariant("R-CL-MAT-1", "no kind has more cards in play than the pack holds", _census_within_pack),
    Invariant("R-CL-VIS-1", "the known cards are a trail the engine can fold", state_trail),
)

#: The same for a view.
ENTRY_VIEW_INVARIANTS: tuple[Invariant[ClassicView], ...] = (
    *_TABLE_ROWS,
    POSITION_INVARIANTS[0],
    Invariant("R-CL-MAT-1", "the view shows no more cards of a kind than the pack holds", _seen_within_pack),
)


def check_entry(position: ClassicState | ClassicView) -> None:
    """Raise ``InvariantError`` for a position the engine cannot act on (the ``ENTRY_…`` rows)."""
    if isinstance(position, ClassicView):
        check(ENTRY_VIEW_INVARIANTS, position)
    else:
        check(ENTRY_INVARIANTS, position)


def validate(state: ClassicState, *, scope: Scope = "game") -> None:
    """Raise ``InvariantError`` for the first row ``state`` breaks."""
    check(ENTRY_INVARIANTS, state)
    check(POSITION_INVARIANTS, state, scope=scope)
    check(STATE_INVARIANTS, state, scope=scope)


#: What a saved state is checked for beyond :func:`validate`, when it is loaded: its deal is its seed's.
#: (Not part of ``validate``: a state drawn by ``sample_state`` deals the hidden cards anew, on purpose.)
DEAL_INVARIANTS: tuple[Invariant[ClassicState], ...] = (
    Invariant(
        "R-CL-DEA-1",
        "the stock is the seed's, less the cards drawn from its top",
        _stock_of_seed,
        "stock",
        also=("R-CL-TRN-1",),
        scope="game",
    ),
)


def validate_saved(state: ClassicState) -> None:
    """:func:`validate`, then the :data:`DEAL_INVARIANTS`: what the JSON loaders check of a state."""
    validate(state)
    check(DEAL_INVARIANTS, state)


def validate_view(v: ClassicView, *, scope: Scope = "game") -> None:
    """Raise ``InvariantError`` for the first row ``v`` breaks."""
    check(ENTRY_VIEW_INVARIANTS, v)
    check(POSITION_INVARIANTS, v, scope=scope)
    check(VIEW_INVARIANTS, v, scope=scope)


#: What a view is checked for beyond what a state shows: its known cards fit the hands.
VIEW_INVARIANTS: tuple[Invariant[ClassicView], ...] = (
    Invariant("R-CL-VIS-1", "the cards known in a hand fit it", view_known),
)
