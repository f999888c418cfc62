"""What a picture of the table shows, read from a position (a game state or a player's view).

One :class:`Picture` describes the table of every variant: its sides (a Railroad player is a side of
one seat; classic partners share a side's melds, red 3s, score and opening), each side's seats with
their hands (every hand for a game state, only the viewer's for a view), the pile, the stock and the
last round's scores. :func:`picture` reads it with a small reader per variant (:data:`READERS`), and
the SVG, the text and the terminal table draw any picture the same way. A picture of a view is read
from the view alone, so it never holds what its player may not know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.core.melds import Meld
from railroad_canasta.variants.classic.state import ClassicState, canasta_kind, frozen_for_mover
from railroad_canasta.variants.classic.views import ClassicView
from railroad_canasta.variants.railroad.rules import TableMeld
from railroad_canasta.variants.railroad.state import GameState, PlayerState
from railroad_canasta.variants.railroad.views import PlayerView, PublicPlayer

__all__ = [
    "READERS",
    "MeldPicture",
    "Picture",
    "RoundPicture",
    "SeatPicture",
    "SidePicture",
    "picture",
]

#: Cards in a canasta, in both variants (R-MLD-2, R-CL-CAN-1).
_CANASTA = 7


@attrs.frozen
class MeldPicture:
    """One meld as drawn: its cards (naturals, then jokers, then 2s), whether complete, its canasta kind."""

    rank: Kind
    cards: tuple[Kind, ...]
    complete: bool
    #: The canasta's kind in words (Railroad "red", "black", "wild", "sevens"; classic "natural",
    #: "mixed"), or "" while unfinished.
    canasta: str
    #: Cards still missing to a canasta (0 once complete).
    to_go: int

    @property
    def label(self) -> str:
        """``9s 5/7`` or ``Ks red canasta``."""
        name = "wild" if self.rank is Kind.JOKER else f"{self.rank.notation}s"
        if self.complete:
            return f"{name} {self.canasta} canasta".replace("  ", " ")
        return f"{name} {len(self.cards)}/{len(self.cards) + self.to_go}"


@attrs.frozen
class SeatPicture:
    """One player as drawn: their hand (``None`` when the position does not hold it) and their kitty; for
    a hand a view hides, the cards of it the whole table knows (R-VIS-1, R-CL-VIS-1), drawn face up."""

    seat: int
    name: str
    hand: Counts | None
    hand_size: int
    kitty: Counts | None
    kitty_size: int
    kitty_taken: bool
    #: The known cards of a hidden hand (``None``: none known, or the hand is shown whole).
    known: Counts | None = None


@attrs.frozen
class SidePicture:
    """One side as drawn: its seats, and what they share (melds, red 3s, score, opening)."""

    index: int
    seats: tuple[SeatPicture, ...]
    melds: tuple[MeldPicture, ...]
    red_threes: int
    score: int
    opened: bool
    #: The points the side's first meld of the round needs, or ``None`` if the rules have none.
    requirement: int | None

    @property
    def name(self) -> str:
        """The seats' names: ``P1`` alone, ``P1 & P3`` for partners."""
        return " & ".join(seat.name for seat in self.seats)

    @property
    def need(self) -> str:
        """``opened`` once the requirement is met, else ``needs N`` (empty when the rules have none)."""
        if self.opened:
            return "opened"
        return f"needs {self.requirement}" if self.requirement is not None else ""

    @property
    def canastas(self) -> int:
        """Complete melds."""
        return sum(m.complete for m in self.melds)


@attrs.frozen
class RoundPicture:
    """The last scored round: how it ended and each side's score by source."""

    end: str
    #: The sources of a round score, in the order of :attr:`rows`.
    columns: tuple[str, ...]
    #: Each side's points by source.
    rows: tuple[tuple[int, ...], ...]
    #: Each side's round score and score after it.
    totals: tuple[int, ...]
    scores: tuple[int, ...]


@attrs.frozen
class Picture:
    """The whole table as drawn."""

    variant: str
    round: int
    phase: str
    to_move: int
    #: The player who sees the table, or ``None`` for a game state (every hand shown).
    viewer: int | None
    sides: tuple[SidePicture, ...]
    pile: tuple[Kind, ...]
    pile_frozen: bool
    pile_stopped: bool
    #: Frozen for the player to move only (classic: their side has not made its initial meld).
    pile_frozen_for_mover: bool
    stock_size: int
    #: The variant deals kitties (Railroad).
    kitties: bool
    #: The partner's question of the turn, in words (classic "may I go out?"), or "".
    question: str
    #: Cumulative scores, by side, after each round played.
    history: tuple[tuple[int, ...], ...]
    last_round: RoundPicture | None
    #: The winning sides of a finished game (none for a game cut short), or ``None`` while it goes on.
    winners: tuple[int, ...] | None

    @property
    def seats(self) -> tuple[SeatPicture, ...]:
        """Every seat, in seat order."""
        return tuple(sorted((s for side in self.sides for s in side.seats), key=lambda s: s.seat))

    def side_of(self, seat: int) -> SidePicture:
        """The side ``seat`` plays on."""
        return next(side for side in self.sides if any(s.seat == seat for s in side.seats))


def _meld(meld: Meld, canasta: str | None) -> MeldPicture:
    cards = (meld.rank,) * meld.naturals + (Kind.JOKER,) * meld.jokers + (Kind.TWO,) * meld.twos
    if meld.rank is Kind.JOKER:
        cards = (Kind.JOKER,) * (meld.naturals + meld.jokers) + (Kind.TWO,) * meld.twos
    complete = canasta is not None
    # A black-3 meld is never a canasta (R-MLD-5): nothing "to go".
    to_go = 0 if complete or meld.rank is Kind.BLACK_THREE else max(0, _CANASTA - meld.size)
    return MeldPicture(meld.rank, cards, complete, canasta or "", to_go)


def _railroad_meld(meld: TableMeld) -> MeldPicture:
    kind = meld.canasta_kind
    return _meld(meld, str(kind.name).lower() if meld.is_complete and kind is not None else None)


def _round(
    history: Sequence[object], columns: tuple[str, ...], fields: tuple[str, ...]
) -> RoundPicture | None:
    if not history:
        return None
    last = history[-1]
    end = getattr(last, "end", "")
    breakdowns: Sequence[object] = getattr(last, "breakdowns", ())
    return RoundPicture(
        end=str(getattr(end, "value", end)),
        columns=columns,
        rows=tuple(tuple(int(getattr(b, f)) for f in fields) for b in breakdowns),
        totals=tuple(int(getattr(b, "total", 0)) for b in breakdowns),
        scores=tuple(getattr(last, "scores", ())),
    )


_BREAKDOWN = ("melded", "canasta_bonus", "red_threes", "going_out", "hand_penalty")
_COLUMNS = ("melded", "bonus", "red 3", "out", "hand")


def _names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    return tuple(names) if names is not None else tuple(f"P{i + 1}" for i in range(players))


def _table(
    position: GameState | PlayerView | ClassicState | ClassicView,
    sides: tuple[SidePicture, ...],
    *,
    stock_size: int,
    kitties: bool,
    frozen_for_mover: bool,
    question: str,
    last_round: RoundPicture | None,
) -> Picture:
    """The picture of ``position`` with its ``sides`` and what its variant's reader says."""
    return Picture(
        variant=position.rules.variant,
        round=position.round,
        phase=position.phase.value,
        to_move=position.to_move,
        viewer=position.viewer if isinstance(position, (PlayerView, ClassicView)) else None,
        sides=sides,
        pile=tuple(position.pile),
        pile_frozen=position.pile_frozen,
        pile_stopped=position.pile_stopped,
        pile_frozen_for_mover=frozen_for_mover,
        stock_size=stock_size,
        kitties=kitties,
        question=question,
        history=tuple(tuple(r.scores) for r in position.history),
        last_round=last_round,
        winners=position.result.winners if position.result is not None else None,
    )


def _railroad(position: GameState | PlayerView, names: Sequence[str] | None) -> Picture:
    """Railroad: every player is a side of one seat, with a kitty."""
    rules = position.rules
    label = _names(names, len(position.players))
    sides = []
    players: Sequence[PlayerState | PublicPlayer] = position.players
    for i, player in enumerate(players):
        if isinstance(position, GameState):
            hand: Counts | None = position.players[i].hand
            kitty: Counts | None = position.players[i].kitty
        else:
            hand = position.hand if i == position.viewer else None
            kitty = position.kitty if i == position.viewer else None
        known = _known(hand, position.players[i].known if isinstance(position, PlayerView) else ())
        seat = SeatPicture(
            i, label[i], hand, player.hand_size, kitty, player.kitty_size, player.kitty_taken, known
        )
        melds = tuple(_railroad_meld(m) for m in player.melds)
        requirement = rules.requirement(player.score)
        sides.append(
            SidePicture(i, (seat,), melds, player.red_threes, player.score, player.opened, requirement)
        )
    return _table(
        position,
        tuple(sides),
        stock_size=len(position.stock) if isinstance(position, GameState) else position.stock_size,
        kitties=True,
        frozen_for_mover=False,
        question="",
        last_round=_round(position.history, (*_COLUMNS, "kitty"), (*_BREAKDOWN, "kitty_penalty")),
    )


def _known(hand: Counts | None, known: Counts) -> Counts | None:
    """The known cards to draw face up in a hidden hand (none for a hand drawn whole)."""
    return known if hand is None and any(known) else None


def _question(position: ClassicState | ClassicView, label: Sequence[str]) -> str:
    """The partner's question of the turn (R-CL-DEC-1), while it is asked or once answered."""
    # rule: R-CL-DEC-1
    if position.asker is not None:
        return f"{label[position.asker]} asks {label[position.to_move]}: may I go out?"
    if position.answer is not None:
        may = "may go out" if position.answer else "may not go out this turn"
        return f"{label[position.to_move]} asked to go out: {may}"
    return ""


def _classic(position: ClassicState | ClassicView, names: Sequence[str] | None) -> Picture:
    """Classic: partners share a side's melds, red 3s, score and opening; no kitty."""
    rules = position.rules
    label = _names(names, rules.players)
    sides = []
    for index, (seats, side) in enumerate(zip(rules.sides, position.sides, strict=True)):
        drawn = []
        for i in seats:
            if isinstance(position, ClassicState):
                hand: Counts | None = position.hands[i]
            else:
                hand = position.hand if i == position.viewer else None
            shown = position.known[i] if isinstance(position, ClassicView) and position.known else ()
            drawn.append(
                SeatPicture(i, label[i], hand, position.hand_size(i), None, 0, False, _known(hand, shown))
            )
        melds = tuple(_meld(m, canasta_kind(m)) for m in side.melds)
        requirement = rules.requirement(side.score)
        sides.append(
            SidePicture(index, tuple(drawn), melds, side.red_threes, side.score, side.opened, requirement)
        )
    # rule: R-CL-PIL-2
    mover_frozen = position.phase.value == "draw" and not position.pile_frozen and frozen_for_mover(position)
    return _table(
        position,
        tuple(sides),
        stock_size=position.stock_size,
        kitties=False,
        frozen_for_mover=mover_frozen,
        question=_question(position, label),
        last_round=_round(position.history, _COLUMNS, _BREAKDOWN),
    )


#: The reader of each variant's positions, by type: a state or a view to its :class:`Picture`.
#:
#: :meta hide-value:
READERS: dict[type, Callable[[object, Sequence[str] | None], Picture]] = {
    GameState: _railroad,  # type: ignore[dict-item]
    PlayerView: _railroad,  # type: ignore[dict-item]
    ClassicState: _classic,  # type: ignore[dict-item]
    ClassicView: _classic,  # type: ignore[dict-item]
}


def picture(position: object, names: Sequence[str] | None = None) -> Picture:
    """What a picture of ``position`` shows; ``names`` names the seats (default ``P1``, ``P2``, ...)."""
    reader = READERS.get(type(position))
    if reader is None:
        raise TypeError(
            f"a picture is drawn of a game state or a player's view, not {type(position).__name__}"
        )
    return reader(position, names)
