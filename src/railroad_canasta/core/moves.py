"""Moves: the atomic decisions of a turn, a finite vocabulary with a text notation.

Every move has a text form (``str(move)``) that :meth:`Move.from_text` reads
back, and its ``repr`` is that call, so it can be pasted as Python.

>>> Move.from_text("meld 9 9 JK")
Move.from_text('meld 9 9 JK')
>>> Move.from_text("take-pile 9S 9H")
Move.from_text('take-pile 9')
>>> str(AddToMeld(Kind.JOKER, Kind.TWO))
'add wild 2'
"""

from __future__ import annotations

import functools

import attrs

from railroad_canasta.core.cards import Kind, format_kinds, pack_size, parse_kind
from railroad_canasta.core.errors import NotationError, need_text

__all__ = [
    "MAX_MOVE_TEXT",
    "MOST_CARDS",
    "AddToMeld",
    "AnswerGoOut",
    "AskGoOut",
    "Discard",
    "Draw",
    "EndRound",
    "EndTurn",
    "Move",
    "NextRound",
    "StartMeld",
    "TakeKitty",
    "TakePile",
    "TakePileMixed",
    "TakeTop",
    "parse_move",
]


#: The most cards any move can name: the largest pack the rules allow (8 players, 4 decks, 4 jokers each).
MOST_CARDS = pack_size(8, 4, 4)


def _kind(instance: Move, attribute: attrs.Attribute[Kind], value: object) -> None:
    if type(value) is not Kind:
        raise TypeError(
            f"{type(instance).__name__}.{attribute.name} must be a Kind (e.g. Kind.NINE), not {value!r}"[:200]
        )


def _count(instance: Move, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise TypeError(f"{type(instance).__name__}.{attribute.name} must be an int, not {value!r}"[:200])
    if not 0 <= value <= MOST_CARDS:
        raise ValueError(
            f"{type(instance).__name__}.{attribute.name} must be from 0 to {MOST_CARDS} cards, not {value}"[
                :200
            ]
        )


#: The longest move text: the black-3 meld of every card of the largest pack, in 2-character tokens.
MAX_MOVE_TEXT = 8 + 3 * MOST_CARDS


class Move:
    """Base class of all moves.

    The constructors check their fields: a card is a :class:`Kind` (``TypeError`` otherwise) and a count
    an ``int`` from 0 to :data:`MOST_CARDS` (``ValueError`` otherwise).
    """

    __slots__ = ()

    @property
    def text(self) -> str:
        """The move in move notation."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move.from_text({self.text!r})"

    @staticmethod
    def from_text(text: str) -> Move:
        """Read a move in move notation; raise :class:`NotationError` naming the bad token."""
        return parse_move(text)


@attrs.frozen(repr=False)
class Draw(Move):
    """Draw from the stock (R-TRN-3); from an empty stock it ends the round (R-END-2)."""

    @property
    def text(self) -> str:
        return "draw"


@attrs.frozen(repr=False)
class TakePile(Move):
    """Take the pile with a natural pair of ``rank`` matching its top card (R-PIL-4)."""

    rank: Kind = attrs.field(validator=_kind)

    @property
    def text(self) -> str:
        return f"take-pile {self.rank}"


@attrs.frozen(repr=False)
class TakePileMixed(Move):
    """Take an unfrozen pile with one natural card of ``rank`` and one ``wild`` card (R-CL-PIL-3)."""

    rank: Kind
    wild: Kind

    @property
    def text(self) -> str:
        return f"take-pile {self.rank} {self.wild}"


@attrs.frozen(repr=False)
class AskGoOut(Move):
    """Ask one's partner "may I go out?" (R-CL-DEC-1)."""

    @property
    def text(self) -> str:
        return "ask-out"


@attrs.frozen(repr=False)
class AnswerGoOut(Move):
    """The partner's answer to "may I go out?": ``yes`` binds the asker to go out, ``no`` forbids it."""

    allow: bool

    @property
    def text(self) -> str:
        return "answer-out yes" if self.allow else "answer-out no"


@attrs.frozen(repr=False)
class TakeTop(Move):
    """Take the top card of an unfrozen pile onto one's meld of its rank (R-PIL-5)."""

    @property
    def text(self) -> str:
        return "take-top"


@attrs.frozen(repr=False)
class StartMeld(Move):
    """Start a meld from hand (R-TRN-4): 3 cards, or the black 3s when going out (R-MLD-5).

    ``rank`` is the natural rank, :attr:`Kind.JOKER` for a wild meld or
    :attr:`Kind.BLACK_THREE`; ``naturals``, ``jokers`` and ``twos`` say which
    cards leave the hand.
    """

    rank: Kind = attrs.field(validator=_kind)
    naturals: int = attrs.field(validator=_count)
    jokers: int = attrs.field(default=0, validator=_count)
    twos: int = attrs.field(default=0, validator=_count)

    @property
    def card_count(self) -> int:
        """How many cards the move takes from the hand."""
        return self.naturals + self.jokers + self.twos

    @property
    def text(self) -> str:
        natural = () if self.rank is Kind.JOKER else (self.rank,) * self.naturals
        return "meld " + format_kinds(natural + (Kind.JOKER,) * self.jokers + (Kind.TWO,) * self.twos)


@attrs.frozen(repr=False)
class AddToMeld(Move):
    """Add one card from hand to one's unfinished meld of ``rank`` (R-TRN-4)."""

    rank: Kind = attrs.field(validator=_kind)
    card: Kind = attrs.field(validator=_kind)

    @property
    def card_count(self) -> int:
        """How many cards the move takes from the hand: one."""
        return 1

    @property
    def text(self) -> str:
        rank = "wild" if self.rank is Kind.JOKER else str(self.rank)
        return f"add {rank} {self.card}"


@attrs.frozen(repr=False)
class Discard(Move):
    """Discard one card, ending the turn (R-TRN-2); the last card goes out (R-OUT-2)."""

    card: Kind = attrs.field(validator=_kind)

    @property
    def text(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(repr=False)
class TakeKitty(Move):
    """Take the kitty into hand after discarding (R-KIT-2)."""

    @property
    def text(self) -> str:
        return "take-kitty"


@attrs.frozen(repr=False)
class EndTurn(Move):
    """End the turn without taking the kitty (R-KIT-2)."""

    @property
    def text(self) -> str:
        return "end-turn"


@attrs.frozen(repr=False)
class EndRound(Move):
    """End the round when no discard is legal (R-END-3)."""

    @property
    def text(self) -> str:
        return "end-round"


@attrs.frozen(repr=False)
class NextRound(Move):
    """Deal the next round after a round has been scored (R-SET-2)."""

    @property
    def text(self) -> str:
        return "next-round"


DRAW = Draw()
TAKE_TOP = TakeTop()
TAKE_KITTY = TakeKitty()
END_TURN = EndTurn()
END_ROUND = EndRound()
NEXT_ROUND = NextRound()
ASK_GO_OUT = AskGoOut()
ANSWER_YES = AnswerGoOut(True)
ANSWER_NO = AnswerGoOut(False)

_PLAIN: dict[str, Move] = {
    m.text: m
    for m in (DRAW, TAKE_TOP, TAKE_KITTY, END_TURN, END_ROUND, NEXT_ROUND, ASK_GO_OUT, ANSWER_YES, ANSWER_NO)
}


@functools.cache
def take_pile(rank: Kind) -> TakePile:
    """The shared :class:`TakePile` instance for ``rank``."""
    return TakePile(rank)


@functools.cache
def take_pile_mixed(rank: Kind, wild: Kind) -> TakePileMixed:
    """The shared :class:`TakePileMixed` instance."""
    return TakePileMixed(rank, wild)


def start_meld(rank: Kind, naturals: int, jokers: int = 0, twos: int = 0) -> StartMeld:
    """The shared :class:`StartMeld` instance for these cards: one instance however the counts are passed
    (``start_meld(rank, 2, 1)`` is ``start_meld(rank, 2, 1, 0)``)."""
    return _start_meld(rank, naturals, jokers, twos)


@functools.cache
def _start_meld(rank: Kind, naturals: int, jokers: int, twos: int) -> StartMeld:
    return StartMeld(rank, naturals, jokers, twos)


@functools.cache
def add_to_meld(rank: Kind, card: Kind) -> AddToMeld:
    """The shared :class:`AddToMeld` instance."""
    return AddToMeld(rank, card)


@functools.cache
def discard(card: Kind) -> Discard:
    """The shared :class:`Discard` instance for ``card``."""
    return Discard(card)


def _need(words: list[str], count: int, text: str, usage: str) -> None:
    if len(words) - 1 < count:
        raise NotationError(text, len(words) - 1, words[-1], f"missing card: use {usage!r}")
    if len(words) - 1 > count:
        raise NotationError(text, count + 1, words[count + 1], f"unexpected token: use {usage!r}")


def parse_move(text: str) -> Move:
    """Read a move in move notation.

    Forms: ``draw``, ``take-pile 9`` (or the pair ``take-pile 9S 9H``),
    ``take-pile 9 JK`` (a natural and a wild, classic), ``take-top``,
    ``meld 9 9 JK`` (cards by kind or as cards), ``add 9 2``, ``add wild JK``,
    ``discard 4``, ``take-kitty``, ``end-turn``, ``end-round``, ``next-round``,
    ``ask-out``, ``answer-out yes`` or ``answer-out no`` (classic).
    """
    need_text("parse_move", text)
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(text, 0, text[:12], f"a move is at most {MAX_MOVE_TEXT} characters long")
    words = text.split()
    if not words:
        raise NotationError(text, 0, "", "empty move")
    verb = words[0].lower()
    if verb == "answer-out":
        _need(words, 1, text, "answer-out yes")
        verb = f"answer-out {words[1].lower()}"
        if verb not in _PLAIN:
            raise NotationError(text, 1, words[1], "answer 'yes' or 'no'")
        return _PLAIN[verb]
    plain = _PLAIN.get(verb)
    if plain is not None:
        _need(words, 0, text, verb)
        return plain
    if verb == "take-pile":
        if len(words) not in (2, 3):
            _need(words, 1 if len(words) < 2 else 2, text, "take-pile 9")
        kinds = [parse_kind(w, text, i + 1) for i, w in enumerate(words[1:])]
        if not kinds[0].is_natural:
            raise NotationError(text, 1, words[1], "the pile is taken with a pair of a natural rank (4 to A)")
        if len(kinds) == 2 and kinds[1].is_wild:
            return take_pile_mixed(kinds[0], kinds[1])
        if len(kinds) == 2 and kinds[1] is not kinds[0]:
            raise NotationError(text, 2, words[2], "the two cards of the pair must be of one rank")
        return take_pile(kinds[0])
    if verb == "discard":
        _need(words, 1, text, "discard 4")
        return discard(parse_kind(words[1], text, 1))
    if verb == "add":
        _need(words, 2, text, "add 9 JK")
        if words[1].lower() == "wild":
            rank = Kind.JOKER
        else:
            rank = parse_kind(words[1], text, 1)
            if not (rank.is_natural):
                raise NotationError(text, 1, words[1], "name the meld by its natural rank, or 'wild'")
        return add_to_meld(rank, parse_kind(words[2], text, 2))
    if verb == "meld":
        if len(words) < 2:
            raise NotationError(text, 0, words[0], "name the cards: e.g. 'meld 9 9 JK'")
        kinds = [parse_kind(w, text, i + 1) for i, w in enumerate(words[1:])]
        naturals = [k for k in kinds if not k.is_wild]
        ranks = set(naturals)
        if len(ranks) > 1 and Kind.RED_THREE not in ranks:
            first = naturals[0]
            bad = next(i for i, k in enumerate(kinds) if not k.is_wild and k is not first)
            raise NotationError(text, bad + 1, words[bad + 1], "the natural cards of a meld are of one rank")
        if Kind.RED_THREE in ranks:
            i = kinds.index(Kind.RED_THREE)
            raise NotationError(text, i + 1, words[i + 1], "red 3s are never melded")
        jokers = kinds.count(Kind.JOKER)
        twos = kinds.count(Kind.TWO)
        rank = naturals[0] if naturals else Kind.JOKER
        return start_meld(rank, len(naturals), jokers, twos)
    raise NotationError(
        text,
        0,
        words[0],
        "unknown move: use draw, take-pile, take-top, meld, add, discard, take-kitty, end-turn, "
        "end-round, next-round, ask-out or answer-out",
    )
