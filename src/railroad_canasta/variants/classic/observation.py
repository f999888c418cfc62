"""What one player of classic Canasta sees, as a flat vector of numbers and as one line of text.

Built from the player's :class:`~railroad_canasta.variants.classic.views.ClassicView` only. Seats are
counted from the viewer (``p0`` is the viewer), sides from the viewer's side (``s0`` is the viewer's).
``docs/observation.md`` prints the layout. :data:`LAYOUT_VERSION` numbers the layout: it changes whenever
a segment is added, removed or moved (version 2 added each seat's ``known`` cards, R-CL-VIS-1).

>>> from railroad_canasta.variants.classic.rules import ClassicRules
>>> from railroad_canasta.variants.classic.deal import new_game
>>> from railroad_canasta.variants.classic.views import view
>>> state = new_game(ClassicRules(players=4), seed=3)
>>> len(observe(view(state, 0))) == sum(size for _, size, _ in layout(4)) == 74 + 5 * 4 + 2 * 41 + 4 * 15
True
"""

from __future__ import annotations

from railroad_canasta.core.cards import KIND_COUNT, NATURAL_KINDS, Kind, format_kinds, kinds_of
from railroad_canasta.core.known import ZEROS
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.restatements import IdentityMemo
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import Phase
from railroad_canasta.variants.classic.switches import CACHES
from railroad_canasta.variants.classic.views import ClassicView

__all__ = ["LAYOUT_VERSION", "MELD_RANKS", "describe", "layout", "observe"]

#: The version of the layout (:func:`layout`): 1 until each seat's known cards were added, 2 since.
LAYOUT_VERSION = 2

_PHASES = tuple(Phase)
#: The ranks a classic meld may have, in the order of the meld segments: black 3, then 4 to A.
MELD_RANKS = (Kind.BLACK_THREE, *NATURAL_KINDS)
# (Dictionaries read by ``observe``: a tuple's ``index`` is a scan.)
_PHASE_AT = {phase: at for at, phase in enumerate(_PHASES)}
_MELD_AT = {rank: 3 * at for at, rank in enumerate(MELD_RANKS)}

_SEAT = ("seat", None, "")


def layout(players: int) -> tuple[tuple[str, int, str], ...]:
    """Every segment of the vector for ``players`` players: ``(name, size, meaning)`` in order."""
    sides = len(ClassicRules(players=players).sides)
    table: tuple[tuple[str, int, str], ...] = (
        ("phase", len(_PHASES), "one-hot: draw, meld, answer, round-over, game-over"),
        ("to_move", players, "one-hot, seats from the viewer: who moves"),
        ("dealer", players, "one-hot, seats from the viewer: who dealt"),
        ("asker", players, "one-hot, seats from the viewer: who asked to go out (all 0: nobody)"),
        ("hand_sizes", players, "cards in each hand, seats from the viewer"),
        ("melded_before", players, "1 for each seat (from the viewer) that melded in an earlier turn"),
        ("round", 1, "the round number, from 1"),
        ("stock", 1, "cards in the stock"),
        ("pile_size", 1, "cards in the discard pile"),
        ("pile_frozen", 1, "1 if the pile is frozen"),
        ("pile_top", KIND_COUNT, "one-hot by kind (JK, 2, R3, B3, 4 … A): the top card; all 0 if empty"),
        ("pile_cards", KIND_COUNT, "the pile's cards by kind"),
        ("turn_points", 1, "card values melded this turn before the side opened"),
        ("turn_melds", 1, "meld steps the mover made this turn"),
        ("answer", 2, "1, 0: the partner said yes; 0, 1: no; 0, 0: no answer"),
        ("pending", 1, "1 if a pile taken before the side opened is held aside"),
        ("pending_cards", KIND_COUNT, "that pile's cards by kind"),
        ("hand", KIND_COUNT, "the viewer's hand by kind"),
    )
    side: tuple[tuple[str, int, str], ...] = (
        ("red_threes", 1, "red 3s put down"),
        ("opened", 1, "1 once the side has made its initial meld"),
        ("score", 1, "cumulative score before this round"),
        ("canastas", 1, "canastas melded"),
        ("concealed_canastas", 1, "canastas melded whole from the hand in one turn"),
        ("melds", 3 * len(MELD_RANKS), "per meld rank (B3, 4 … A): the meld's naturals, jokers, 2s"),
    )
    seats = tuple(
        (f"p{k}.known", KIND_COUNT, "the cards the whole table knows are in that hand, by kind (R-CL-VIS-1)")
        for k in range(players)
    )
    return (
        table
        + tuple((f"s{s}.{name}", size, meaning) for s in range(sides) for name, size, meaning in side)
        + seats
    )


def _one_hot(index: int | None, size: int) -> list[int]:
    out = [0] * size
    if index is not None:
        out[index] = 1
    return out


def _side_order(seen: ClassicView) -> list[int]:
    sides = seen.rules.sides
    mine = next(i for i, seats in enumerate(sides) if seen.viewer in seats)
    return [(mine + k) % len(sides) for k in range(len(sides))]


def _meld_segment(melds: tuple[Meld, ...]) -> tuple[int, ...]:
    """The ``melds`` segment of a side's block: per meld rank, the meld's naturals, jokers and 2s."""
    out = [0] * (3 * len(MELD_RANKS))
    for meld in melds:
        at = _MELD_AT[meld.rank]
        out[at : at + 3] = [meld.naturals, meld.jokers, meld.twos]
    return tuple(out)


#: The meld segments of the sides' meld tuples, by identity: a side's melds change only when it melds,
#: and a state's views share its sides, so most observations read them from here.
_SEGMENTS: IdentityMemo[tuple[Meld, ...], tuple[int, ...]] = IdentityMemo()
CACHES.register("classic.observation._SEGMENTS", _SEGMENTS.clear)


def observe(seen: ClassicView) -> list[int]:
    """The vector of ``seen``, laid out as :func:`layout` says."""
    players = seen.rules.players
    me = seen.viewer

    def seat(s: int | None) -> int | None:
        return None if s is None else (s - me) % players

    out = _one_hot(_PHASE_AT[seen.phase], len(_PHASES))
    out += _one_hot(seat(seen.to_move), players) + _one_hot(seat(seen.dealer), players)
    out += _one_hot(seat(seen.asker), players)
    out += [seen.hand_sizes[(me + k) % players] for k in range(players)]
    melded = seen.melded_before or (False,) * players
    out += [int(melded[(me + k) % players]) for k in range(players)]
    out += [seen.round, seen.stock_size, len(seen.pile), int(seen.pile_frozen)]
    pile = [0] * KIND_COUNT
    for card in seen.pile:
        pile[card] += 1
    out += _one_hot(seen.pile[-1] if seen.pile else None, KIND_COUNT) + pile
    out += [seen.turn_points, seen.turn_melds, int(seen.answer is True), int(seen.answer is False)]
    out += [int(seen.pending is not None)]
    out += list(seen.pending) if seen.pending is not None else [0] * KIND_COUNT
    out += list(seen.hand)
    for index in _side_order(seen):
        side = seen.sides[index]
        out += [side.red_threes, int(side.opened), side.score, side.canastas, side.concealed_canastas]
        out += _SEGMENTS.get(side.melds, _meld_segment)
    # rule: R-CL-VIS-1
    known = seen.known or (ZEROS,) * players
    for k in range(players):
        out += known[(me + k) % players]
    return out


def describe(seen: ClassicView) -> str:
    """``seen`` as one line of text: the phase, the mover, the hand, the pile, the stock and each side."""
    players = seen.rules.players
    me = seen.viewer
    parts = [
        f"round {seen.round} {seen.phase.value}, p{(seen.to_move - me) % players} to move",
        f"hand {format_kinds(kinds_of(seen.hand)) or '-'}",
        f"pile {format_kinds(seen.pile) or '-'}{' frozen' if seen.pile_frozen else ''}",
        f"stock {seen.stock_size}",
        "hands " + " ".join(str(seen.hand_sizes[(me + k) % players]) for k in range(players)),
    ]
    if seen.pending is not None:
        parts.append(f"pending {format_kinds(kinds_of(seen.pending)) or '-'}")
    if seen.answer is not None:
        parts.append(f"answer {'yes' if seen.answer else 'no'}")
    for k, index in enumerate(_side_order(seen)):
        side = seen.sides[index]
        melds = " | ".join(str(m) for m in side.melds) or "-"
        parts.append(
            f"s{k}: red3 {side.red_threes} {'open' if side.opened else 'closed'} score {side.score} "
            f"melds {melds}"
        )
    for k in range(players):
        cards = seen.known[(me + k) % players] if seen.known else ()
        if any(cards):
            parts.append(f"p{k} known {format_kinds(kinds_of(cards))}")
    return "; ".join(parts)
