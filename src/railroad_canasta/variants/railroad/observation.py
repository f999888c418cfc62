"""What one player sees, as a flat vector of numbers: the observation tensor of the game adapters.

The vector is built from the player's :class:`~railroad_canasta.PlayerView` only, so it holds exactly what
the player may know. Seats are counted from the viewer: block ``k`` of the players is the player ``k``
seats after the viewer (the viewer first). Counts are raw numbers (cards, points), flags are 0 or 1,
one-hot blocks have a single 1. :func:`layout` names every segment, in order; ``docs/observation.md``
prints it for the reader. :data:`LAYOUT_VERSION` numbers the layout: it changes whenever a segment is
added, removed or moved (version 2 added each player's ``known`` cards, R-VIS-1).

>>> from railroad_canasta import new_game, view
>>> state = new_game(seed=7)
>>> vector = observe(view(state, 0))
>>> len(vector) == observation_size(state.rules) == 88 + 79 * 2
True
>>> [name for name, _, _ in layout(2)][:3]
['phase', 'to_move', 'dealer']
"""

from __future__ import annotations

from railroad_canasta.core.cards import KIND_COUNT, Kind, format_kinds, kinds_of
from railroad_canasta.core.restatements import IdentityMemo
from railroad_canasta.variants.railroad.rules import CanastaKind, Rules, TableMeld
from railroad_canasta.variants.railroad.state import Phase
from railroad_canasta.variants.railroad.switches import CACHES
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = ["LAYOUT_VERSION", "MELD_RANKS", "describe", "layout", "observation_size", "observe"]

#: The version of the layout (:func:`layout`): 1 until each player's known cards were added, 2 since.
LAYOUT_VERSION = 2

_PHASES = tuple(Phase)
#: The ranks a meld may have, in the order of the meld segments: wild, black 3, then 4 to A.
MELD_RANKS = (Kind.JOKER, Kind.BLACK_THREE, *(k for k in Kind if k.is_natural))
_CANASTAS = tuple(CanastaKind)
# (Plain ints and dictionaries read by ``observe``: an enum's ``&`` and a tuple's ``index`` cost more.)
_CANASTA_BITS = tuple(int(kind) for kind in _CANASTAS)
_PHASE_AT = {phase: at for at, phase in enumerate(_PHASES)}
_MELD_AT = {rank: 4 * at for at, rank in enumerate(MELD_RANKS)}

#: (name, size, meaning) of the table block, then of one player's block.
_TABLE: tuple[tuple[str, int | None, str], ...] = (
    ("phase", len(_PHASES), "one-hot: draw, meld, kitty, round-over, game-over"),
    ("to_move", None, "one-hot, seats from the viewer: who moves"),
    ("dealer", None, "one-hot, seats from the viewer: who dealt"),
    ("round", 1, "the round number, from 1"),
    ("stock", 1, "cards in the stock"),
    ("pile_size", 1, "cards in the discard pile"),
    ("pile_frozen", 1, "1 if the pile is frozen"),
    ("pile_top", KIND_COUNT, "one-hot by kind (JK, 2, R3, B3, 4 … A): the top card; all 0 if empty"),
    ("pile_cards", KIND_COUNT, "the pile's cards by kind"),
    ("turn_points", 1, "card values melded this turn before the requirement was met"),
    ("turn_canasta", 1, "1 if a non-black canasta was completed this turn"),
    ("pending", 1, "1 if a pile taken before the requirement is held aside"),
    ("pending_cards", KIND_COUNT, "that pile's cards by kind"),
    ("hand", KIND_COUNT, "the viewer's hand by kind"),
    ("kitty_known", 1, "1 if the viewer may look at their kitty"),
    ("kitty", KIND_COUNT, "the viewer's kitty by kind when known, else 0"),
)
_PLAYER: tuple[tuple[str, int, str], ...] = (
    ("hand_size", 1, "cards in hand"),
    ("kitty_size", 1, "cards in the kitty (0 once taken)"),
    ("red_threes", 1, "red 3s put down"),
    ("canastas", len(_CANASTAS), "1 for each kind of canasta completed: red, black, wild, sevens"),
    ("opened", 1, "1 once the requirement is met"),
    ("kitty_taken", 1, "1 once the kitty is taken"),
    ("score", 1, "cumulative score before this round"),
    (
        "melds",
        4 * len(MELD_RANKS),
        "per meld rank (wild, B3, 4 … A): complete canastas, then the unfinished meld's naturals, jokers, 2s",
    ),
    ("known", KIND_COUNT, "the cards the whole table knows are in that hand, by kind (R-VIS-1)"),
)
_PLAYER_SIZE = sum(size for _, size, _ in _PLAYER)


def layout(players: int) -> tuple[tuple[str, int, str], ...]:
    """Every segment of the vector for ``players`` players: ``(name, size, meaning)`` in order.

    The table's segments come first, then one block of the player segments per seat from the viewer
    (named ``p0.hand_size`` … for the viewer, ``p1.…`` for the next seat).
    """
    table = tuple((name, players if size is None else size, meaning) for name, size, meaning in _TABLE)
    seats = tuple(
        (f"p{seat}.{name}", size, meaning) for seat in range(players) for name, size, meaning in _PLAYER
    )
    return table + seats


def observation_size(rules: Rules) -> int:
    """The length of the vector under ``rules``."""
    return sum(size for _, size, _ in layout(rules.players))


def _meld_segment(melds: tuple[TableMeld, ...]) -> tuple[int, ...]:
    """The ``melds`` segment of a player's block: per meld rank, complete canastas, then the unfinished
    meld's naturals, jokers and 2s."""
    out = [0] * (4 * len(MELD_RANKS))
    for meld in melds:
        at = _MELD_AT[meld.rank]
        if meld.is_complete:
            out[at] += 1
        else:
            out[at + 1 : at + 4] = [meld.naturals, meld.jokers, meld.twos]
    return tuple(out)


#: The meld segments of the players' meld tuples, by identity: a player's melds change only when they
#: meld, and a state's views share its players' tuples, so most observations read them from here.
_SEGMENTS: IdentityMemo[tuple[TableMeld, ...], tuple[int, ...]] = IdentityMemo()
CACHES.register("railroad.observation._SEGMENTS", _SEGMENTS.clear)


def _one_hot(index: int, size: int) -> list[int]:
    out = [0] * size
    out[index] = 1
    return out


def observe(seen: PlayerView) -> list[int]:
    """The vector of ``seen``, laid out as :func:`layout` says."""
    players = len(seen.players)
    me = seen.viewer
    out: list[int] = _one_hot(_PHASE_AT[seen.phase], len(_PHASES))
    out += _one_hot((seen.to_move - me) % players, players)
    out += _one_hot((seen.dealer - me) % players, players)
    out += [seen.round, seen.stock_size, len(seen.pile), int(seen.pile_frozen)]
    top = [0] * KIND_COUNT
    pile = [0] * KIND_COUNT
    for card in seen.pile:
        pile[card] += 1
    if seen.pile:
        top[seen.pile[-1]] = 1
    out += top + pile
    out += [seen.turn_points, int(seen.turn_canasta), int(seen.pending is not None)]
    out += list(seen.pending) if seen.pending is not None else [0] * KIND_COUNT
    out += list(seen.hand)
    out += [int(seen.kitty is not None)]
    out += list(seen.kitty) if seen.kitty is not None else [0] * KIND_COUNT
    for seat in range(players):
        p = seen.players[(me + seat) % players]
        out += [p.hand_size, p.kitty_size, p.red_threes]
        canastas = int(p.canastas)
        out += [1 if canastas & bit else 0 for bit in _CANASTA_BITS]
        out += [int(p.opened), int(p.kitty_taken), p.score]
        out += _SEGMENTS.get(p.melds, _meld_segment)
        # rule: R-VIS-1
        out += p.known
    return out


def describe(seen: PlayerView) -> str:
    """``seen`` as one line of text: the observation string of the game adapters.

    It holds what :func:`observe` holds, in words: the phase and the mover, the viewer's hand (and kitty
    when known), the pile, the stock, and each player's standing, melds and known cards, seats from the
    viewer.

    >>> from railroad_canasta import new_game, view
    >>> describe(view(new_game(seed=7), 0))  # doctest: +ELLIPSIS
    'round 1 draw, p... to move; hand ...; pile ...; stock ...; p0: hand 13 kitty 11 ...'
    """
    players = len(seen.players)
    me = seen.viewer
    parts = [
        f"round {seen.round} {seen.phase.value}, p{(seen.to_move - me) % players} to move",
        f"hand {format_kinds(kinds_of(seen.hand)) or '-'}",
    ]
    if seen.kitty is not None:
        parts.append(f"kitty {format_kinds(kinds_of(seen.kitty)) or '-'}")
    pile = format_kinds(seen.pile) or "-"
    parts.append(f"pile {pile}{' frozen' if seen.pile_frozen else ''}")
    parts.append(f"stock {seen.stock_size}")
    if seen.pending is not None:
        parts.append(f"pending {format_kinds(kinds_of(seen.pending)) or '-'}")
    for seat in range(players):
        p = seen.players[(me + seat) % players]
        melds = " | ".join(str(m) for m in p.melds) or "-"
        known = f" known {format_kinds(kinds_of(p.known))}" if any(p.known) else ""
        parts.append(
            f"p{seat}: hand {p.hand_size} kitty {p.kitty_size} red3 {p.red_threes} "
            f"{'open' if p.opened else 'closed'} score {p.score} melds {melds}{known}"
        )
    return "; ".join(parts)
