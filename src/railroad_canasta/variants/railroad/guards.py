"""The guard tables of Railroad Canasta: for each kind of move, the ordered checks that decide it.

Every row is a :class:`~railroad_canasta.core.guards.Guard`: the clause it
enforces, what must hold in a player's words, and the check. :func:`why_illegal`
answers the first row that fails, :func:`explain_move` prints the same rows in
the same order, the move generator (:mod:`~railroad_canasta.variants.railroad.legal`)
keeps exactly the candidates that pass them, and ``tools/trace.py`` reads
:data:`TABLES` to know which clause has a guard.

>>> from railroad_canasta import RAILROAD, Move, new_game
>>> state = new_game(RAILROAD, seed=7)
>>> why_illegal(state, Move.from_text("discard 9"))
Violation(clause='R-TRN-2', reason='it is the draw phase, not the meld phase')
>>> [(o.clause, o.status) for o in explain_move(state, Move.from_text("draw"))]
[('R-GAM-1', 'ok'), ('R-TRN-2', 'ok'), ('R-TRN-2', 'ok')]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Never, Protocol, cast

from railroad_canasta.core.cards import KIND_COUNT, KIND_POINTS, Counts, Kind
from railroad_canasta.core.guards import Guard, GuardOutcome, GuardTable, Violation, explain, first_violation
from railroad_canasta.core.moves import (
    AddToMeld,
    Discard,
    Draw,
    EndRound,
    EndTurn,
    Move,
    NextRound,
    StartMeld,
    TakeKitty,
    TakePile,
    TakeTop,
    discard,
)
from railroad_canasta.variants.railroad.floor import FLOOR_GUARDS
from railroad_canasta.variants.railroad.requirement import (
    opening_facts,
    opening_unfinished,
    pair_pickup_reaches,
    requirement_hand,
    requirement_shortfall,
    rest_of_pile,
)
from railroad_canasta.variants.railroad.rules import (
    CANASTA_SIZE,
    KITTY_READY,
    SEVENS_CANASTA,
    CanastaKind,
    Rules,
    TableMeld,
    kitty_after,
)
from railroad_canasta.variants.railroad.state import (
    Phase,
    Table,
    kitty_code,
    others_sevens,
    passes_turn,
    pickup_melds,
    sevens_hand_melds,
)
from railroad_canasta.variants.railroad.steps import (
    ADD,
    BLACK_THREE_MELD,
    NATURAL_MELD,
    NO_MELD,
    WILD_MELD,
    Step,
    StepContext,
    step_table,
)
from railroad_canasta.variants.railroad.switches import SWITCHES

__all__ = [
    "TABLES",
    "explain_move",
    "guard_table",
    "meld_violation",
    "pair_pickup_plain",
    "top_pickup_plain",
    "why_illegal",
]

_SEVEN = Kind.SEVEN
_B3 = Kind.BLACK_THREE

#: The phase in which each kind of move is played.
PHASE_OF: Mapping[type[Move], Phase] = {
    Draw: Phase.DRAW,
    TakePile: Phase.DRAW,
    TakeTop: Phase.DRAW,
    StartMeld: Phase.MELD,
    AddToMeld: Phase.MELD,
    Discard: Phase.MELD,
    EndRound: Phase.MELD,
    TakeKitty: Phase.KITTY,
    EndTurn: Phase.KITTY,
    NextRound: Phase.ROUND_OVER,
}


# ----------------------------------------------------------------------------------- shared facts


def _pending_size(state: Table) -> int:
    return sum(state.pending) if state.pending is not None else 0


# -------------------------------------------------------------------------------------- contexts


class MoveContext:
    """A move judged in a state."""

    __slots__ = ("move", "state")

    def __init__(self, state: Table, move: Move) -> None:
        self.state = state
        self.move = move


class _StateAndMove(Protocol):
    @property
    def state(self) -> Table: ...
    @property
    def move(self) -> object: ...


class MeldContext(StepContext):
    """A meld step judged in a state: the step's facts read from the mover."""

    __slots__ = ("state",)

    def __init__(
        self,
        state: Table,
        move: StartMeld | AddToMeld,
        others: bool | None = None,
        extra: int | None = None,
    ) -> None:
        player = state.mover
        super().__init__(
            state.mover_hand,
            player.melds,
            player.canastas,
            move,
            state.rules,
            others_sevens(state) if others is None else others,
            _pending_size(state) if extra is None else extra,
            state.pending,
            kitty_code(state),
        )
        self.state = state


class PickupContext(MoveContext):
    """A pickup judged in a state (taking the pile with a pair, or the top card onto a meld)."""

    __slots__ = ("_pickup", "pile", "player", "rank", "rules")

    def __init__(self, state: Table, move: Move) -> None:
        super().__init__(state, move)
        self.player = state.mover
        self.pile = pile = state.pile
        self.rules: Rules = state.rules
        #: The rank picked up: the pair's, or the top card's.
        self.rank: Kind = move.rank if isinstance(move, TakePile) else pile[-1] if pile else _B3
        self._pickup: tuple[Counts, int, int, CanastaKind | None, tuple[object, ...]] | None = None

    def _compute(self) -> tuple[Counts, int, int, CanastaKind | None, tuple[object, ...]]:
        pickup = self._pickup
        if pickup is None:
            state = self.state
            player = self.player
            rank = self.rank
            if isinstance(self.move, TakePile):
                melds, mask, completed = pickup_melds(player, rank, 3)
                hand = list(state.mover_hand)
                hand[rank] -= 2
                after: Counts = tuple(hand)
                extra = rest_of_pile(state.pile)
            else:
                melds, mask, completed = pickup_melds(player, rank, 1)
                after = state.mover_hand
                # rule: R-DEC-2
                extra = rest_of_pile(state.pile) if state.rules.top_card_pickup_takes_pile else 0
            pickup = self._pickup = (after, extra, mask, completed, melds)
        return pickup

    @property
    def after(self) -> Counts:
        return self._compute()[0]

    @property
    def extra(self) -> int:
        return self._compute()[1]

    @property
    def new_mask(self) -> int:
        return self._compute()[2]

    @property
    def sevens_ok_after(self) -> bool:
        return others_sevens(self.state) and bool(self.new_mask & SEVENS_CANASTA)

    @property
    def sevens_only_before(self) -> bool:
        return False

    @property
    def is_meld(self) -> bool:
        return False

    @property
    def kitty_after(self) -> int:
        return kitty_after(kitty_code(self.state), self._compute()[3])


# ------------------------------------------------------------------------------------ every move


def _game_not_over(c: _StateAndMove) -> str | None:
    return "the game is over" if c.state.phase is Phase.GAME_OVER else None


def _is_move(c: _StateAndMove) -> str | None:
    return None if isinstance(c.move, Move) else f"{c.move!r} is not a move"


def _in_phase(c: _StateAndMove) -> str | None:
    if (expected := PHASE_OF.get(type(c.move))) is None:  # type: ignore[arg-type]
        return f"{c.move} is not a move of Railroad Canasta"
    phase = c.state.phase
    if expected is phase:
        return None
    # rule: R-DEC-22
    if type(c.move) is EndTurn and passes_turn(c.state):
        return None
    return f"it is the {phase.value} phase, not the {expected.value} phase"


#: The guards every move passes first.
COMMON: tuple[Guard[_StateAndMove], ...] = (
    Guard("R-GAM-1", "the game is not over", _game_not_over),
    Guard("R-TRN-2", "it is a move", _is_move),
    Guard("R-TRN-2", "the move belongs to the phase of the turn", _in_phase),
)


# ------------------------------------------------------------------------------------ take-pile ...


def _pile_not_empty(c: PickupContext) -> str | None:
    return None if c.pile else "the discard pile is empty"


def _not_stopped(c: PickupContext) -> str | None:
    pile = c.pile
    if pile and pile[-1] is _B3:
        return "a black 3 on top stops the pile: nobody may take it this turn"
    return None


def _pair_matches(c: PickupContext) -> str | None:
    top, rank = c.pile[-1], c.rank
    return None if top is rank else f"the top card is {top}, not {rank}: the pair must match the top card"


def _pair_natural(c: PickupContext) -> str | None:
    return None if c.rank.is_natural else "only a natural pair (4 to A) can take the pile"


def _frozen_pile_takable(c: PickupContext) -> str | None:
    if c.state.pile_frozen and not c.rules.frozen_pile_pair_pickup:
        return "the pile is frozen and under these rules a frozen pile cannot be taken"
    return None


def _holds_pair(c: PickupContext) -> str | None:
    rank = c.rank
    if c.state.mover_hand[rank] >= 2:
        return None
    frozen = "the pile is frozen: " if c.state.pile_frozen else ""
    return f"{frozen}you need two natural {rank}s to take the pile"


def _pair_may_join(c: PickupContext) -> str | None:
    if c.rules.pair_pickup_joins_meld or c.player.unfinished_meld(c.rank) is None:
        return None
    return f"you already have an unfinished meld of {c.rank}; take the top card onto it instead"


def _joined_meld_fits(c: PickupContext) -> str | None:
    existing = c.player.unfinished_meld(c.rank)
    if existing is None or existing.size + 3 <= CANASTA_SIZE:
        return None
    return f"your meld of {c.rank} has {existing.size} cards: three more would pass 7"


def _pile_opening_reachable(c: PickupContext) -> str | None:
    state = c.state
    if state.mover.opened:
        return None
    rules = state.rules
    _after, _rest, mask, completed, melds = c._compute()
    hand, extra = requirement_hand(state, c.rank)
    step = Step(hand, melds, 3 * KIND_POINTS[c.rank], mask, completed)  # type: ignore[arg-type]
    reason = requirement_shortfall(state, step, extra, c.kitty_after)
    if reason is None or rules.pile_counts_for_requirement:
        return reason
    return reason + " (cards of the pile do not count)"


#: Taking the discard pile with a natural pair matching its top card.
TAKE_PILE_GUARDS: GuardTable[PickupContext] = (
    Guard("R-PIL-4", "the discard pile is not empty", _pile_not_empty),
    Guard("R-PIL-3", "no black 3 on top stops the pile", _not_stopped),
    Guard("R-PIL-4", "the pair matches the top card", _pair_matches),
    Guard("R-PIL-4", "the pair is of a natural rank (4 to A)", _pair_natural),
    Guard("R-DEC-1", "a frozen pile may be taken with a pair (under these rules)", _frozen_pile_takable),
    Guard("R-PIL-4", "the player holds two natural cards of the rank", _holds_pair),
    Guard("R-DEC-18", "the pair may join the player's unfinished meld (under these rules)", _pair_may_join),
    Guard("R-DEC-18", "the joined meld stays within 7 cards", _joined_meld_fits),
    *FLOOR_GUARDS,
    Guard(
        "R-DEC-12",
        "a player who has not opened reaches the requirement with the pickup",
        _pile_opening_reachable,
    ),
)


PAIR_FAST = SWITCHES.declare(
    "railroad.guards.pair_pickup_plain",
    *("R-DEC-1", "R-DEC-12", "R-DEC-16", "R-DEC-18", "R-REQ-4"),
    parts=("railroad.requirement.pair_pickup_reaches",),
)


def pair_pickup_plain(state: Table, rank: Kind, meld: TableMeld | None) -> bool | None:
    """Whether a pair pickup passes :data:`TAKE_PILE_GUARDS`, answered without most rows (``None``: ask the
    table). The caller has checked that ``rank`` is the natural, unstopped top card, held twice, and ``meld``
    is the mover's unfinished meld of it. A frozen pile these rules keep (R-DEC-1), or a pair that may not
    join ``meld`` within 7 cards (R-DEC-18), fails. Else a pickup that keeps two cards passes every floor row
    (a pickup is no meld, R-DEC-16), leaving only the requirement's row (R-DEC-12), which
    :func:`~railroad_canasta.variants.railroad.requirement.pair_pickup_reaches` answers where it can."""
    if not PAIR_FAST.on:
        return None
    rules = state.rules
    if state.pile_frozen and not rules.frozen_pile_pair_pickup:
        return False
    if meld is not None and not (rules.pair_pickup_joins_meld and meld.size + 3 <= CANASTA_SIZE):
        return False
    kept = sum(state.mover_hand) - 2  # (the rest of the pile joins the hand: counted only when needed)
    if kept < 2 and kept + rest_of_pile(state.pile) < 2:
        return None
    if state.players[state.to_move].opened:
        return True
    reaches = pair_pickup_reaches(state, rank)
    if reaches is None:
        return _pile_opening_reachable(PickupContext(state, TakePile(rank))) is None
    return reaches


TOP_FAST = SWITCHES.declare("railroad.guards.top_pickup_plain", "R-DEC-15", "R-DEC-16", "R-DEC-19", "R-HND-1")


def top_pickup_plain(state: Table, meld: TableMeld) -> bool:
    """A top-card pickup onto ``meld`` that plainly passes :data:`TAKE_TOP_GUARDS` (a fast pre-filter).

    The caller has checked that the top card is natural and unstopped, the pile not frozen, and ``meld``
    the mover's unfinished meld of its rank: only the floor rows are left, passed by keeping two cards
    (see :func:`pair_pickup_plain`; ``tests/railroad/test_oracle.py`` checks it against the table).
    """
    return sum(state.mover_hand) >= 2 and TOP_FAST.on


def _top_not_frozen(c: PickupContext) -> str | None:
    if c.state.pile_frozen:
        return "the pile is frozen: only a natural pair matching the top card can take it"
    return None


def _meld_for_top(c: PickupContext) -> str | None:
    top = c.rank
    if top.is_natural and c.player.unfinished_meld(top) is not None:
        return None
    return f"you have no unfinished meld of {top} to put the top card on"


#: Taking the top card of the pile onto one's unfinished meld of its rank.
TAKE_TOP_GUARDS: GuardTable[PickupContext] = (
    Guard("R-PIL-5", "the discard pile is not empty", _pile_not_empty),
    Guard("R-PIL-3", "no black 3 on top stops the pile", _not_stopped),
    Guard("R-PIL-5", "the pile is not frozen", _top_not_frozen),
    Guard("R-PIL-5", "the player has an unfinished meld of the top card's rank", _meld_for_top),
    *FLOOR_GUARDS,
)


# -------------------------------------------------------------------------------------- discard ...


def _card(c: MoveContext) -> Kind:
    move = c.move
    assert isinstance(move, Discard)
    return move.card


def _opening_done(c: MoveContext) -> str | None:
    if opening_unfinished(c.state):
        return "you have started your first meld of the round: reach the requirement before discarding"
    return None


def _holds_discard(c: MoveContext) -> str | None:
    card = _card(c)
    return None if c.state.mover_hand[card] >= 1 else f"you hold no {card} to discard"


def _sevens_discardable(c: MoveContext) -> str | None:
    if _card(c) is _SEVEN and not c.state.sevens_discardable():
        return "7s may not be discarded until every player has a sevens canasta"
    return None


def _last_card_goes_out(c: MoveContext) -> str | None:
    state = c.state
    player = state.mover
    if player.hand_size != 1 or player.may_go_out:
        return None
    # rule: R-DEC-19
    if kitty_code(state) == KITTY_READY:
        return None
    return "discarding your last card is going out, which needs a canasta of every kind"


def _final_discard_not_seven(c: MoveContext) -> str | None:
    player = c.state.mover
    if player.hand_size == 1 and player.may_go_out and _card(c) is _SEVEN:
        return "the final discard may not be a 7"
    return None


#: The discard guards after the common ones (also what R-END-3 asks of each card in hand).
_DISCARD_RULES: GuardTable[MoveContext] = (
    Guard("R-REQ-4", "an opening meld begun this turn has reached the requirement", _opening_done),
    Guard("R-TRN-2", "the player holds the card", _holds_discard),
    Guard("R-PIL-1", "7s are discarded only once every player has a sevens canasta", _sevens_discardable),
    Guard(
        "R-OUT-1",
        "the last card is discarded only by a player who may go out (or whose kitty follows, R-DEC-19)",
        _last_card_goes_out,
    ),
    Guard("R-OUT-2", "the final discard is not a 7", _final_discard_not_seven),
)


def _opening_done_first(c: MoveContext) -> str | None:
    state = c.state
    # rule: R-DEC-20
    if opening_unfinished(state) and not sevens_hand_melds(state):
        return "you have started your first meld of the round: reach the requirement first"
    return None


def _no_discard(c: MoveContext) -> str | None:
    state = c.state
    if state.phase is not Phase.MELD:
        return None
    hand = state.mover_hand
    for kind in range(KIND_COUNT):
        if hand[kind] and first_violation(_DISCARD_RULES, MoveContext(state, discard(Kind(kind)))) is None:
            return f"you can still discard (e.g. {Kind(kind)}): the round goes on"
    return None


def _round_not_turn(c: MoveContext) -> str | None:
    if passes_turn(c.state):
        return "under these rules a hand with no legal discard ends the turn (end-turn), not the round"
    return None


def _kitty_after_last_card(c: MoveContext) -> str | None:
    state = c.state
    if state.phase is Phase.KITTY and not state.mover.hand_size:
        return "you discarded your last card: take your kitty"
    return None


_OPENING_DONE_FIRST = Guard(
    "R-REQ-4", "an opening meld begun this turn has reached the requirement", _opening_done_first
)
_NO_DISCARD = Guard("R-END-3", "no card in hand may be discarded", _no_discard)

#: Ending the round because the mover has no legal discard.
_END_ROUND_RULES: GuardTable[MoveContext] = (
    _OPENING_DONE_FIRST,
    _NO_DISCARD,
    Guard("R-DEC-22", "a hand not all 7s ends the round (under these rules)", _round_not_turn),
)

#: Ending the turn: declining the kitty (R-KIT-2), or with no legal discard (R-DEC-22's alternative).
_END_TURN_RULES: GuardTable[MoveContext] = (
    Guard("R-DEC-19", "a player whose discard emptied their hand takes the kitty", _kitty_after_last_card),
    _OPENING_DONE_FIRST,
    _NO_DISCARD,
)


# ------------------------------------------------------------------------------------------ melds


def _opening_reachable(c: MeldContext) -> str | None:
    state = c.state
    # rule: R-DEC-20
    if opening_facts(state)[1]:
        return None
    return requirement_shortfall(state, c.step, c.extra, c.kitty_after, c.others_sevens)


# rule: R-REQ-4, R-MLD-6
# Melds are laid only as part of meeting the requirement or after it (R-MLD-6): this guard judges that.
_REACHABLE = Guard("R-REQ-4", "a player not yet opened can still reach the requirement", _opening_reachable)


#: The guards of each kind of move after the common ones, by table name.
_SPECIFIC: Mapping[str, tuple[Guard[Never], ...]] = {
    "draw": (),
    "take-pile": tuple(TAKE_PILE_GUARDS),
    "take-top": tuple(TAKE_TOP_GUARDS),
    "meld (natural rank)": (*NATURAL_MELD, _REACHABLE),
    "meld (wild cards)": (*WILD_MELD, _REACHABLE),
    "meld (black 3s)": (*BLACK_THREE_MELD, _REACHABLE),
    "meld (a rank never melded)": tuple(NO_MELD),
    "add": (*ADD, _REACHABLE),
    "discard": tuple(_DISCARD_RULES),
    "end-round": tuple(_END_ROUND_RULES),
    "take-kitty": (),
    "end-turn": tuple(_END_TURN_RULES),
    "next-round": (),
}

#: Every table, by name, with the common guards first: what ``explain`` prints and ``trace`` reads.
TABLES: Mapping[str, tuple[Guard[Never], ...]] = {name: (*COMMON, *rows) for name, rows in _SPECIFIC.items()}
SWITCHES.tables = TABLES

_STEP_TABLE_NAMES = {
    id(NATURAL_MELD): "meld (natural rank)",
    id(WILD_MELD): "meld (wild cards)",
    id(BLACK_THREE_MELD): "meld (black 3s)",
    id(NO_MELD): "meld (a rank never melded)",
    id(ADD): "add",
}
_BY_TYPE: Mapping[type[Move], str] = {
    Draw: "draw",
    TakePile: "take-pile",
    TakeTop: "take-top",
    Discard: "discard",
    EndRound: "end-round",
    TakeKitty: "take-kitty",
    EndTurn: "end-turn",
    NextRound: "next-round",
}
_CONTEXT: Mapping[type[Move], Callable[[Table, Any], object]] = {
    TakePile: PickupContext,
    TakeTop: PickupContext,
    StartMeld: MeldContext,
    AddToMeld: MeldContext,
}


def guard_table(move: Move) -> tuple[str, tuple[Guard[Never], ...]]:
    """The name and the guards of the table that judges ``move``."""
    if isinstance(move, StartMeld | AddToMeld):
        name = _STEP_TABLE_NAMES[id(step_table(move))]
    else:
        name = _BY_TYPE[type(move)]
    return name, TABLES[name]


def meld_violation(state: Table, move: StartMeld | AddToMeld, others: bool, extra: int) -> Violation | None:
    """The first guard after the common ones that a meld step fails (the generator's question).

    ``others`` and ``extra`` are :func:`others_sevens` and the size of the held pile, computed once per state.
    """
    rows = _SPECIFIC[_STEP_TABLE_NAMES[id(step_table(move))]]
    return first_violation(cast("GuardTable[MeldContext]", rows), MeldContext(state, move, others, extra))


def _judge(state: Table, move: Move) -> tuple[GuardTable[object], object]:
    """The table that judges ``move`` and the context its guards read."""
    given: object = move
    if type(given) not in PHASE_OF:
        return cast("GuardTable[object]", COMMON), MoveContext(state, move)
    table = guard_table(move)[1]
    return cast("GuardTable[object]", table), _CONTEXT.get(type(move), MoveContext)(state, move)


def why_illegal(state: Table, move: Move) -> Violation | None:
    """Why ``move`` is illegal in ``state``: the first guard of its table that fails; ``None`` if legal.

    Never raises for a :class:`~railroad_canasta.Move`, and never changes the state.
    """
    return first_violation(*_judge(state, move))


def explain_move(state: Table, move: Move) -> tuple[GuardOutcome, ...]:
    """Every guard of the table that judges ``move``, in order, with what it says in ``state``."""
    return explain(*_judge(state, move))
