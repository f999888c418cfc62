"""The guard tables of classic Canasta: for each kind of move, the ordered checks that decide it.

Every row is a :class:`~railroad_canasta.core.guards.Guard` naming its clause.
:func:`why_illegal` answers the first row that fails, :func:`explain_move` prints
the same rows in the same order, the move generator keeps exactly the candidates
that pass them, and ``tools/trace.py`` reads :data:`TABLES`.

>>> from railroad_canasta.variants.classic.deal import new_game
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> from railroad_canasta import Move
>>> why_illegal(new_game(CLASSIC, seed=3), Move.from_text("discard 9"))
Violation(clause='R-CL-TRN-1', reason='it is the draw phase, not the meld phase')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Never, cast

from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.core.guards import Guard, GuardOutcome, GuardTable, Violation, explain, first_violation
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import (
    AddToMeld,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    EndRound,
    Move,
    NextRound,
    StartMeld,
    TakePile,
    TakePileMixed,
    TakeTop,
)
from railroad_canasta.variants.classic.arithmetic import MIN_NATURALS, meld_wilds_problem
from railroad_canasta.variants.classic.requirement import best_points, opening_keep, opens_going_out
from railroad_canasta.variants.classic.state import (
    PHASE_OF,
    Phase,
    Position,
    Side,
    may_go_out,
    opening_unfinished,
)
from railroad_canasta.variants.classic.steps import candidates_of, stepped
from railroad_canasta.variants.classic.switches import SWITCHES

__all__ = [
    "TABLES",
    "Context",
    "explain_move",
    "guard_table",
    "meld_candidates",
    "step_result",
    "why_illegal",
]

_J = Kind.JOKER
_T = Kind.TWO
_B3 = Kind.BLACK_THREE
_R3 = Kind.RED_THREE


def meld_candidates(position: Position) -> list[StartMeld | AddToMeld]:
    """Every meld step worth asking the guards about: starts, then adds to the side's melds.

    A wild card is offered to a meld only while it has room for one (at most three wild cards, never
    more than the naturals, R-CL-MLD-1): the guards would refuse the others.
    """
    return candidates_of(position.mover_hand, position.mover_side.melds)


def step_result(position: Position, move: Move) -> tuple[Counts, tuple[Meld, ...], int]:
    """The mover's hand (pile cards left out), the side's melds and the card values melded, after ``move``
    (a meld step or a pickup whose cards are in hand: the guards before the floor rows say so)."""
    return stepped(position.mover_hand, position.mover_side.melds, position.pile, move)


class Context:
    """A position and a move, with what the guards derive from them (computed once)."""

    __slots__ = ("_side", "after_hand", "after_melds", "gained", "move", "position")

    def __init__(self, position: Position, move: object) -> None:
        self.position = position
        self.move = move
        self._side: Side | None = None
        self.after_hand: Counts | None = None
        self.after_melds: tuple[Meld, ...] | None = None
        self.gained = 0

    @property
    def side(self) -> Side:
        """The mover's side (read once: several guards ask)."""
        side = self._side
        if side is None:
            side = self._side = self.position.mover_side
        return side

    @property
    def hand(self) -> Counts:
        return self.position.mover_hand

    def step(self) -> tuple[Counts, tuple[Meld, ...], int]:
        """The hand and melds after a step or pickup (its cards well formed), and the points gained."""
        if self.after_hand is None:
            self.after_hand, self.after_melds, self.gained = step_result(
                self.position, cast("Move", self.move)
            )
        assert self.after_melds is not None
        return self.after_hand, self.after_melds, self.gained


# ----------------------------------------------------------------------------------- every move


def _game_not_over(c: Context) -> str | None:
    return "the game is over" if c.position.phase is Phase.GAME_OVER else None


def _is_move(c: Context) -> str | None:
    return None if isinstance(c.move, Move) else f"{c.move!r} is not a move"


def _in_phase(c: Context) -> str | None:
    expected = PHASE_OF.get(type(c.move)) if isinstance(c.move, Move) else None
    if expected is None:
        return f"{c.move} is not a move of classic Canasta"
    phase = c.position.phase
    if expected is phase:
        return None
    return f"it is the {phase.value} phase, not the {expected.value} phase"


#: The guards every move passes first.
COMMON: tuple[Guard[Context], ...] = (
    Guard("R-CL-GAM-1", "the game is not over", _game_not_over),
    Guard("R-CL-TRN-1", "it is a move", _is_move),
    Guard("R-CL-TRN-1", "the move belongs to the phase of the turn", _in_phase),
)


# ----------------------------------------------------------------------------------- draw, end-round


def _stock_not_empty(c: Context) -> str | None:
    return None if c.position.stock_size else "the stock is empty: take the pile or end the round"


def _stock_empty(c: Context) -> str | None:
    return None if not c.position.stock_size else "the stock is not empty: draw"


def _need_not_take(c: Context) -> str | None:
    # rule: R-CL-END-2
    if why_illegal(c.position, TAKE_TOP_MOVE) is None:
        return f"the top card {c.position.top} matches a meld of the side: the player must take the pile"
    return None


# ----------------------------------------------------------------------------------- pickups


def _pile_not_empty(c: Context) -> str | None:
    return None if c.position.pile else "the discard pile is empty"


def _not_stopped(c: Context) -> str | None:
    top = c.position.pile[-1]
    if top is _B3:
        return "a black 3 on top stops the pile"
    if top.is_wild:
        return f"a wild card ({top}) on top stops the pile"
    return None


def _pair_matches(c: Context) -> str | None:
    move = cast("TakePile | TakePileMixed", c.move)
    top = c.position.pile[-1]
    return None if move.rank is top else f"the top card is {top}, not {move.rank}"


def _holds_pair(c: Context) -> str | None:
    rank = cast("TakePile", c.move).rank
    held = c.hand[rank]
    return None if held >= 2 else f"the player holds {held} natural {rank}, not two"


def _pair_may_join(c: Context) -> str | None:
    rank = cast("TakePile", c.move).rank
    if c.side.meld(rank) is not None and not c.position.rules.pair_joins_meld:
        return f"the side has a meld of {rank}: take the pile onto it (take-top), not with a pair"
    return None


def _not_frozen(c: Context) -> str | None:
    position = c.position
    if position.pile_frozen:
        return "the pile is frozen: only a natural pair from the hand takes it"
    if not c.side.opened:
        return "the pile is frozen for a side that has not made its initial meld"
    return None


def _holds_mixed(c: Context) -> str | None:
    move = cast("TakePileMixed", c.move)
    if not move.wild.is_wild:
        return f"{move.wild} is not a wild card"
    hand = c.hand
    if hand[move.rank] < 1:
        return f"the player holds no natural {move.rank}"
    if hand[move.wild] < 1:
        return f"the player holds no {move.wild}"
    return None


def _no_meld_of_top(c: Context) -> str | None:
    top = c.position.pile[-1]
    if c.side.meld(top) is not None:
        return f"the side already has a meld of {top}: take the pile onto it (take-top)"
    return None


def _meld_for_top(c: Context) -> str | None:
    top = c.position.pile[-1]
    return None if c.side.meld(top) is not None else f"the side has no meld of {top}"


def held_aside(c: Context) -> int:
    """The cards held aside for a side not yet opened (R-CL-REQ-2): the pile taken this turn below its
    top card (red 3s go to the table), which joins the hand once the requirement is met."""
    position = c.position
    if c.side.opened:
        return 0
    if type(c.move) is TakePile:
        return len(position.pile) - 1 - position.pile[:-1].count(_R3)
    pending = position.pending
    return 0 if pending is None else sum(pending)


def _reaches(c: Context) -> str | None:
    """A side not yet opened can still meet the requirement this turn after the step or pickup."""
    # rule: R-CL-REQ-1, R-CL-REQ-2
    position = c.position
    side = c.side
    if side.opened:
        return None
    hand, melds, gained = c.step()
    need = position.rules.requirement(side.score) - position.turn_points - gained
    if need <= 0:
        return None
    reach = best_points(hand, melds, opening_keep(held_aside(c)))
    if reach >= need or _opens_going_out(c):
        return None
    return (
        f"the melds of the turn and the rest of the hand make at most "
        f"{position.turn_points + gained + reach} of the "
        f"{position.rules.requirement(side.score)} points the side needs to open"
    )


def _opens_going_out(c: Context) -> bool:
    """After the step the side can open as its player goes out, the partner not saying no (R-CL-DEC-1)."""
    hand, melds, gained = c.step()
    rules = c.position.rules
    need = rules.requirement(c.side.score) - c.position.turn_points - gained
    aside = held_aside(c)
    return c.position.answer is not False and opens_going_out(
        hand, melds, need, aside, rules.canastas_to_go_out
    )


def _pickup_keeps_card(c: Context) -> str | None:
    position = c.position
    hand, melds, _ = c.step()
    opens = _opens(c)
    rest = len(position.pile) - 1 - position.pile[:-1].count(_R3)
    return _floor(c, sum(hand) + (rest if opens else 0), melds, opens, rest)


def _opens(c: Context) -> bool:
    position = c.position
    side = c.side
    gained = c.step()[2]
    return side.opened or position.turn_points + gained >= position.rules.requirement(side.score)


# ----------------------------------------------------------------------------------- meld steps


def _b3_only_going_out(c: Context) -> str | None:
    # rule: R-CL-MLD-2, R-CL-DEC-7
    move = c.move
    if isinstance(move, StartMeld) and move.rank is _B3:
        if move.jokers or move.twos:
            return "a meld of black 3s takes no wild card"
        if move.naturals not in (3, 4):
            return "a meld of black 3s has three or four cards"
        left = sum(c.hand) - move.naturals
        if c.position.rules.black_threes_last_cards:
            if left:
                return "black 3s are melded only by a player going out, as their last cards"
        elif left > 1:
            return "black 3s are melded only by a player going out: at most one card is left to discard"
    return None


def _natural_rank(c: Context) -> str | None:
    move = cast("StartMeld | AddToMeld", c.move)
    if move.rank is _J or move.rank is _T:
        return "a meld is of a natural rank: wild cards alone make no meld"
    if move.rank is _R3:
        return "red 3s are never melded"
    return None


def _one_meld_per_rank(c: Context) -> str | None:
    rank = cast("StartMeld", c.move).rank
    return f"the side already has a meld of {rank}: add to it" if c.side.meld(rank) is not None else None


def _three_cards(c: Context) -> str | None:
    move = cast("StartMeld", c.move)
    if move.rank is _B3:
        return None
    size = move.naturals + move.jokers + move.twos
    return None if size == 3 else f"a meld is started with three cards, then grown card by card, not {size}"


def _two_naturals(c: Context) -> str | None:
    move = cast("StartMeld", c.move)
    return None if move.naturals >= MIN_NATURALS else "a meld holds at least two natural cards"


def _wild_limit(c: Context) -> str | None:
    move = c.move
    if isinstance(move, AddToMeld):
        meld = c.side.meld(move.rank)
        if meld is None:
            return None
        meld = meld.added(move.card)
    else:
        start = cast("StartMeld", move)
        meld = Meld(start.rank, start.naturals, start.jokers, start.twos)
    return meld_wilds_problem(meld.naturals, meld.wilds)


def _holds_cards(c: Context) -> str | None:
    move = c.move
    hand = c.hand
    need: tuple[tuple[Kind, int], ...]
    if isinstance(move, StartMeld):
        need = ((move.rank, move.naturals), (_J, move.jokers), (_T, move.twos))
    else:
        need = ((cast("AddToMeld", move).card, 1),)
    for kind, count in need:
        if count and hand[kind] < count:
            return f"the player holds {hand[kind]} {kind}, not {count}"
    return None


def _has_meld(c: Context) -> str | None:
    rank = cast("AddToMeld", c.move).rank
    return None if c.side.meld(rank) is not None else f"the side has no meld of {rank}"


def _card_fits(c: Context) -> str | None:
    move = cast("AddToMeld", c.move)
    if move.card.is_wild or move.card is move.rank:
        return None
    return f"{move.card} does not belong in a meld of {move.rank}"


def _not_black_threes(c: Context) -> str | None:
    rank = cast("AddToMeld", c.move).rank
    return "nothing is added to black 3s: they are melded last, whole" if rank is _B3 else None


def _keeps_card(c: Context) -> str | None:
    hand, melds, _ = c.step()
    cards = sum(hand)
    # Two cards kept hold whether or not the step opens (opening only adds the held pile).
    return None if cards >= 2 else _floor(c, cards, melds, _opens(c), held_aside(c))


def _going_out_after_no(c: Context) -> str | None:
    """After the partner's no, a step leaving fewer than two cards (it would go out) is refused."""
    # rule: R-CL-DEC-1
    if c.position.answer is not False:
        return None
    cards = sum(c.step()[0])
    if cards >= 2:
        return None
    return "the partner answered no: the player keeps two cards and does not go out this turn"


def _floor(c: Context, cards: int, melds: tuple[Meld, ...], opens: bool, aside: int) -> str | None:
    """A step leaving fewer than two cards in hand goes out or must: the side must be allowed to.

    Before the side has opened, cards held aside (R-CL-REQ-2) count with the hand: the requirement row
    then judges whether the rest of the hand still opens.
    """
    # rule: R-CL-OUT-1
    position = c.position
    if opens and position.pending is not None:
        cards += sum(position.pending)
    if cards >= 2:
        return None
    if not opens:
        if cards + aside >= 2 or _opens_going_out(c):
            return None
        return "the player keeps two cards until the side has reached its requirement, or opens going out"
    if not may_go_out(c.side, melds, position.rules.canastas_to_go_out):
        return (
            f"the player would keep {cards} card(s) and must then go out, and the side has not the "
            f"{position.rules.canastas_to_go_out} canasta(s) to go out"
        )
    return None


# ----------------------------------------------------------------------------------- discard, asking


def _opening_done(c: Context) -> str | None:
    if opening_unfinished(c.position):
        return "the side has begun its initial meld and not yet reached the requirement"
    return None


def _holds_discard(c: Context) -> str | None:
    card = cast("Discard", c.move).card
    return None if c.hand[card] else f"the player holds no {card}"


def _last_card(c: Context) -> str | None:
    position = c.position
    if sum(c.hand) != 1 or position.answer is False:
        return None
    if not may_go_out(c.side, None, position.rules.canastas_to_go_out):
        needed = position.rules.canastas_to_go_out
        return f"discarding the last card goes out, and the side has not {needed} canasta(s)"
    return None


def _last_card_after_no(c: Context) -> str | None:
    # rule: R-CL-DEC-1
    if sum(c.hand) == 1 and c.position.answer is False:
        return "the partner answered no: the player may not go out this turn"
    return None


def _abides_yes(c: Context) -> str | None:
    # rule: R-CL-DEC-1
    position = c.position
    if position.answer is not True or sum(c.hand) == 1:
        return None
    if any_meld_step(position):
        return "the partner answered yes: the player goes out, melding what they can before discarding"
    return None


def _asking_allowed(c: Context) -> str | None:
    return None if c.position.rules.ask_partner else "these rules do not let a player ask their partner"


def _has_partner(c: Context) -> str | None:
    position = c.position
    side = position.rules.sides[position.side_of(position.to_move)]
    return None if len(side) > 1 else "the player has no partner to ask"


def _not_asked(c: Context) -> str | None:
    return None if c.position.answer is None else "the player has already asked this turn"


def _two_cards(c: Context) -> str | None:
    held = sum(c.hand)
    return None if held >= 2 else "a player holding one card goes out: there is nothing to ask"


def _before_melding(c: Context) -> str | None:
    return None if c.position.turn_melds == 0 else "the player asks before melding in the turn"


def _side_may_go_out(c: Context) -> str | None:
    position = c.position
    if may_go_out(c.side, None, position.rules.canastas_to_go_out):
        return None
    return f"the side has not the {position.rules.canastas_to_go_out} canasta(s) to go out"


def any_meld_step(position: Position) -> bool:
    """Some meld step is legal for the mover (a partner's yes obliges them to make it)."""
    return any(first_after_common(position, m) is None for m in meld_candidates(position))


# ----------------------------------------------------------------------------------- the tables

TAKE_TOP_MOVE = TakeTop()

_PICKUP_FLOOR = Guard(
    "R-CL-OUT-1", "the player keeps two cards unless the side may go out", _pickup_keeps_card
)
STEP_NO = Guard("R-CL-DEC-1", "after the partner's no, the player does not go out", _going_out_after_no)
STEP_FLOOR = Guard("R-CL-OUT-1", "the player keeps two cards unless the side may go out", _keeps_card)
_NOT_FROZEN = Guard("R-CL-PIL-2", "the pile is not frozen for the side", _not_frozen)
REACH = Guard("R-CL-REQ-1", "a side not yet opened can still reach the requirement this turn", _reaches)
_NATURAL_RANK = Guard("R-CL-MLD-1", "the meld is of a natural rank or of black 3s", _natural_rank)

_PICKUP_COMMON: tuple[Guard[Context], ...] = (
    Guard("R-CL-PIL-1", "the discard pile is not empty", _pile_not_empty),
    Guard("R-CL-PIL-1", "no wild card or black 3 on top stops the pile", _not_stopped),
)

_SPECIFIC: Mapping[str, tuple[Guard[Context], ...]] = {
    "draw": (Guard("R-CL-TRN-2", "the stock is not empty", _stock_not_empty),),
    "end-round": (
        Guard("R-CL-END-1", "the stock is empty", _stock_empty),
        Guard(
            "R-CL-END-2",
            "the player need not take the pile (its top card fits no meld of the side)",
            _need_not_take,
        ),
    ),
    "take-pile": (
        *_PICKUP_COMMON,
        Guard("R-CL-PIL-3", "the pair matches the top card", _pair_matches),
        Guard("R-CL-PIL-3", "the player holds two natural cards of the rank", _holds_pair),
        Guard(
            "R-CL-DEC-5", "the pair may join the side's meld of the rank (under these rules)", _pair_may_join
        ),
        Guard(
            "R-CL-REQ-2",
            "a side not yet opened reaches the requirement with the top card and the hand",
            _reaches,
        ),
        _PICKUP_FLOOR,
    ),
    "take-pile (natural and wild)": (
        *_PICKUP_COMMON,
        _NOT_FROZEN,
        Guard("R-CL-PIL-3", "the natural card matches the top card", _pair_matches),
        Guard("R-CL-PIL-3", "the player holds the natural card and the wild card", _holds_mixed),
        Guard("R-CL-MLD-3", "the side has no meld of the top card's rank", _no_meld_of_top),
        _PICKUP_FLOOR,
    ),
    "take-top": (
        *_PICKUP_COMMON,
        _NOT_FROZEN,
        Guard("R-CL-PIL-3", "the side has a meld of the top card's rank", _meld_for_top),
        _PICKUP_FLOOR,
    ),
    "meld": (
        _NATURAL_RANK,
        Guard(
            "R-CL-MLD-2",
            "black 3s: three or four, no wild card, by a player going out",
            _b3_only_going_out,
        ),
        Guard("R-CL-MLD-3", "the side has no meld of the rank", _one_meld_per_rank),
        Guard("R-CL-MLD-4", "a meld is started with three cards", _three_cards),
        Guard("R-CL-MLD-1", "the meld holds at least two natural cards", _two_naturals),
        Guard("R-CL-MLD-1", "at most three wild cards, never more than the naturals", _wild_limit),
        Guard("R-CL-MLD-1", "the player holds the cards", _holds_cards),
        STEP_NO,
        STEP_FLOOR,
        REACH,
    ),
    "add": (
        _NATURAL_RANK,
        Guard("R-CL-MLD-2", "black 3s are not added to", _not_black_threes),
        Guard("R-CL-MLD-3", "the side has a meld of the rank (never the opponents')", _has_meld),
        Guard("R-CL-MLD-1", "the card is of the meld's rank or wild", _card_fits),
        Guard(
            "R-CL-MLD-1",
            "at most three wild cards, never more than the naturals (a canasta grows)",
            _wild_limit,
        ),
        Guard("R-CL-MLD-1", "the player holds the card", _holds_cards),
        STEP_NO,
        STEP_FLOOR,
        REACH,
    ),
    "discard": (
        Guard("R-CL-REQ-1", "the side's initial meld is complete", _opening_done),
        Guard("R-CL-TRN-1", "the player holds the card", _holds_discard),
        Guard("R-CL-DEC-1", "after the partner's no, the last card is not discarded", _last_card_after_no),
        Guard("R-CL-OUT-1", "the last card is discarded only by a player whose side may go out", _last_card),
        Guard("R-CL-DEC-1", "a player told yes melds what they can before discarding", _abides_yes),
    ),
    "ask-out": (
        Guard("R-CL-DEC-1", "the rules let a player ask their partner", _asking_allowed),
        Guard("R-CL-DEC-1", "the player has a partner", _has_partner),
        Guard("R-CL-DEC-1", "the player has not asked this turn", _not_asked),
        Guard("R-CL-DEC-1", "the player has not melded this turn", _before_melding),
        Guard("R-CL-DEC-1", "the player holds at least two cards", _two_cards),
        Guard("R-CL-OUT-1", "the side has the canastas to go out", _side_may_go_out),
    ),
    "answer-out": (),
    "next-round": (),
}

#: Every table, by name, with the common guards first: what ``explain`` prints and ``trace`` reads.
TABLES: Mapping[str, tuple[Guard[Never], ...]] = cast(
    "Mapping[str, tuple[Guard[Never], ...]]", {name: (*COMMON, *rows) for name, rows in _SPECIFIC.items()}
)
SWITCHES.tables = TABLES

_BY_TYPE: Mapping[type[Move], str] = {
    Draw: "draw",
    EndRound: "end-round",
    TakePile: "take-pile",
    TakePileMixed: "take-pile (natural and wild)",
    TakeTop: "take-top",
    StartMeld: "meld",
    AddToMeld: "add",
    Discard: "discard",
    AskGoOut: "ask-out",
    AnswerGoOut: "answer-out",
    NextRound: "next-round",
}


def guard_table(move: Move) -> tuple[str, tuple[Guard[Never], ...]]:
    """The name and the guards of the table that judges ``move``."""
    name = _BY_TYPE[type(move)]
    return name, TABLES[name]


def _table(move: object) -> GuardTable[Context]:
    name = _BY_TYPE.get(type(move)) if isinstance(move, Move) else None
    return COMMON if name is None else cast("GuardTable[Context]", TABLES[name])


def first_after_common(position: Position, move: Move) -> Violation | None:
    """The first guard after the common ones that ``move`` fails (its phase is the position's)."""
    return first_violation(_SPECIFIC[_BY_TYPE[type(move)]], Context(position, move))


def why_illegal(position: Position, move: Move) -> Violation | None:
    """Why ``move`` is illegal: the first guard of its table that fails; ``None`` if legal."""
    return first_violation(_table(move), Context(position, move))


def explain_move(position: Position, move: Move) -> tuple[GuardOutcome, ...]:
    """Every guard of the table that judges ``move``, in order, with what it says."""
    return explain(_table(move), Context(position, move))
