"""The invariants of Railroad Canasta: what every state the rules reach satisfies, as ordered tables.

Each row of :data:`STATE_INVARIANTS` and :data:`VIEW_INVARIANTS` states one
fact, tagged by its clause, with the path of the field that breaks it. The
rows that hold for a player's view as for a whole state (melds, canastas, the
pile, the turn, the history) are written once, over either, and appear in both
tables. :func:`validate` and :func:`validate_view` raise
:class:`~railroad_canasta.core.invariants.InvariantError` for the first row
broken; the JSON loaders, the scenario position builder and the tests all call
them. With ``scope="position"`` only the rows that hold in any position the
rules act on are run, not those that tie a state to a game played from its deal
(the dealer the seed chose, the rounds scored so far, kitties as dealt, a pile
never empty after a discard).

>>> from railroad_canasta import RAILROAD, apply, new_game
>>> state = apply(new_game(RAILROAD, seed=7), "draw")
>>> validate(state)
>>> validate(state.replace(pile_frozen=not state.pile_frozen))
Traceback (most recent call last):
...
railroad_canasta.core.invariants.InvariantError: pile_frozen: a pile is frozen exactly when ... [R-PIL-2, ...]
"""

from __future__ import annotations

from collections.abc import Callable

from railroad_canasta.core import game_facts as facts
from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind
from railroad_canasta.core.invariants import Invariant, Problem, Scope, check
from railroad_canasta.variants.railroad import invariant_checks as c
from railroad_canasta.variants.railroad.deal import first_dealer, seed_deal
from railroad_canasta.variants.railroad.knowledge import state_known, state_trail, view_known
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.scoring import hand_value, score_player
from railroad_canasta.variants.railroad.state import GameResult, GameState
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = [
    "DEAL_INVARIANTS",
    "ENTRY_INVARIANTS",
    "ENTRY_VIEW_INVARIANTS",
    "PUBLIC_INVARIANTS",
    "RESULT_INVARIANTS",
    "STATE_INVARIANTS",
    "VIEW_INVARIANTS",
    "card_census",
    "check_entry",
    "may_hold_red_three",
    "seen_cards",
    "validate",
    "validate_result",
    "validate_saved",
    "validate_view",
]

_R3 = Kind.RED_THREE
_TEXT: tuple[str, ...] = tuple(str(Kind(i)) for i in range(KIND_COUNT))


# ------------------------------------------------------------------------------------------ facts


def card_census(state: GameState) -> Counts:
    """Every card of ``state`` by kind, wherever it is: hands, kitties, melds, red 3s, stock, pile, held pile.

    In every state the rules reach it equals
    :func:`~railroad_canasta.core.cards.pack_counts` of the rules (R-CRD-1).
    """
    out = [0] * KIND_COUNT
    for player in state.players:
        hand, kitty = player.hand, player.kitty
        for i in range(KIND_COUNT):
            out[i] += hand[i] + kitty[i]
        for meld in player.melds:
            if meld.rank is not Kind.JOKER:
                out[meld.rank] += meld.naturals
            out[Kind.JOKER] += meld.jokers
            out[Kind.TWO] += meld.twos
        out[_R3] += player.red_threes
    for kind in state.stock:
        out[kind] += 1
    for kind in state.pile:
        out[kind] += 1
    if state.pending is not None:
        for i in range(KIND_COUNT):
            out[i] += state.pending[i]
    return tuple(out)


# ------------------------------------------------------------------------------ red 3s in a hand

_HandTest = Callable[[c.Seen, int, Counts, str], "Problem | None"]

_RED_IN_HAND = "red 3s go down at once: none is held here"


def _red_threes_waiting(t: c.Seen, seat: int, hand: Counts, path: str) -> Problem | None:
    """A red 3 stays in a hand only under R-DEC-6's alternative, before its owner's first turn."""
    if not hand[_R3]:
        return None
    # rule: R-RED-1, R-DEC-6
    if t.rules.red_threes_down_at_deal or (t.phase in c.ACTIVE and seat == t.to_move):
        return Problem(path, _RED_IN_HAND)
    return None


def _red_threes_as_dealt(t: c.Seen, seat: int, hand: Counts, path: str) -> Problem | None:
    """A hand still holding a red 3 is as dealt: its owner has not played, nor put anything down."""
    if not hand[_R3]:
        return None
    p = t.players[seat]
    if p.melds or p.opened or p.kitty_taken or p.red_threes or p.hand_size != t.rules.hand_size:
        return Problem(path, _RED_IN_HAND)
    return None


def may_hold_red_three(t: c.Seen, seat: int) -> bool:
    """Whether the hand of ``seat`` may hold a red 3 in ``t`` (the two red-3 rows of the tables below)."""
    hand = tuple(1 if i == _R3 else 0 for i in range(KIND_COUNT))
    return _red_threes_waiting(t, seat, hand, "") is None and _red_threes_as_dealt(t, seat, hand, "") is None


def _in_state_hands(test: _HandTest) -> Callable[[GameState], Problem | None]:
    def run(state: GameState) -> Problem | None:
        for seat, p in enumerate(state.players):
            found = test(state, seat, p.hand, f"players[{seat}].hand")
            if found is not None:
                return found
        return None

    return run


def _in_view_hand(test: _HandTest) -> Callable[[PlayerView], Problem | None]:
    def run(v: PlayerView) -> Problem | None:
        return test(v, v.viewer, v.hand, "hand")

    return run


# ------------------------------------------------------------------------------- a whole state


def _census(state: GameState) -> str | None:
    census, expected = card_census(state), c.pack_of(state.rules)
    if census == expected:
        return None
    parts = []
    for i in range(KIND_COUNT):
        if census[i] != expected[i]:
            diff = census[i] - expected[i]
            parts.append(f"{abs(diff)} {'more' if diff > 0 else 'fewer'} {_TEXT[i]}")
    return f"the cards do not add up to the pack: {', '.join(parts)}"


def _census_within_pack(state: GameState) -> str | None:
    census, expected = card_census(state), c.pack_of(state.rules)
    for i in range(KIND_COUNT):
        if census[i] > expected[i]:
            return f"{census[i]} cards of {_TEXT[i]} are in play but the pack has {expected[i]}"
    return None


def _dealer(state: GameState) -> str | None:
    return facts.dealer_of_seed(state.dealer, state.seed, state.round, state.rules.players, first_dealer)


def _kitties_of_seed(state: GameState) -> Problem | None:
    dealt = seed_deal(state.rules, state.seed, state.round, state.dealer)
    for seat, (p, d) in enumerate(zip(state.players, dealt.players, strict=True)):
        if not p.kitty_taken and p.kitty != d.kitty:
            return Problem(f"players[{seat}].kitty", "is not the kitty the seed dealt")
    return None


def _stock_of_seed(state: GameState) -> str | None:
    return facts.stock_of_seed(
        state.stock, seed_deal(state.rules, state.seed, state.round, state.dealer).stock
    )


def _seed_bound(state: GameState) -> str | None:
    return facts.seed_bound(state.seed)


def _round_scores(state: GameState) -> Problem | None:
    last = c.last_round(state)
    if last is None:
        return None
    for seat, p in enumerate(state.players):
        if score_player(p, state.rules, seat == last.went_out) != last.breakdowns[seat]:
            return Problem(
                f"history[{len(state.history) - 1}].breakdowns[{seat}]", "is not the round's score"
            )
    return None


# ----------------------------------------------------------------------------- a player's view


def _hand_size(v: PlayerView) -> str | None:
    size = v.players[v.viewer].hand_size
    return (
        None
        if sum(v.hand) == size
        else f"holds {sum(v.hand)} cards but players[{v.viewer}].hand_size is {size}"
    )


def _kitty_shown(v: PlayerView) -> str | None:
    if (v.kitty is not None) == v.players[v.viewer].may_look_kitty:
        return None
    return "is shown exactly when the viewer may look at their kitty"


def _kitty_size(v: PlayerView) -> str | None:
    size = v.players[v.viewer].kitty_size
    if v.kitty is None or sum(v.kitty) == size:
        return None
    return f"holds {sum(v.kitty)} cards but players[{v.viewer}].kitty_size is {size}"


def seen_cards(v: PlayerView) -> tuple[int, list[int]]:
    """How many cards the view accounts for, and how many of each kind it shows."""
    known = list(v.hand)
    for counts in (v.kitty, v.pending):
        if counts is not None:
            known = [a + b for a, b in zip(known, counts, strict=True)]
    for kind in v.pile:
        known[kind] += 1
    total = v.stock_size + len(v.pile) + (sum(v.pending) if v.pending is not None else 0)
    for p in v.players:
        total += p.hand_size + p.kitty_size + p.red_threes
        known[_R3] += p.red_threes
        for meld in p.melds:
            total += meld.size
            if meld.rank is not Kind.JOKER:
                known[meld.rank] += meld.naturals
            known[Kind.JOKER] += meld.jokers
            known[Kind.TWO] += meld.twos
    return total, known


def _pack_size(v: PlayerView) -> str | None:
    total = seen_cards(v)[0]
    size = v.rules.pack_size
    return None if total == size else f"the cards number {total}, not the {size} of the pack"


def _kinds_seen(v: PlayerView) -> str | None:
    known, expected = seen_cards(v)[1], c.pack_of(v.rules)
    for i in range(KIND_COUNT):
        if known[i] > expected[i]:
            return f"{known[i]} cards of {_TEXT[i]} are seen but the pack has {expected[i]}"
    return None


def _hand_penalty(v: PlayerView) -> Problem | None:
    last = c.last_round(v)
    if last is None or last.breakdowns[v.viewer].hand_penalty == -hand_value(v.hand):
        return None
    here = f"history[{len(v.history) - 1}].breakdowns[{v.viewer}]"
    return Problem(f"{here}.hand_penalty", "must be minus the value of the viewer's hand")


def _kitty_penalty(v: PlayerView) -> Problem | None:
    last = c.last_round(v)
    if last is None or v.kitty is None or v.players[v.viewer].kitty_taken:
        return None
    rules = v.rules
    kitty = -hand_value(v.kitty)
    if rules.kitty_red_three_penalty:
        kitty -= rules.red_three_bonus * v.kitty[_R3]
    if last.breakdowns[v.viewer].kitty_penalty == kitty:
        return None
    here = f"history[{len(v.history) - 1}].breakdowns[{v.viewer}]"
    return Problem(f"{here}.kitty_penalty", "must be minus the value of the viewer's kitty")


# ------------------------------------------------------------------------------------ the tables

_MELD_CLAUSES = ("R-MLD-2", "R-MLD-4", "R-MLD-5", "R-CRD-5", "R-DEC-8", "R-DEC-9")

#: The rows that hold for a state and for any player's view of it, in order.
PUBLIC_INVARIANTS: tuple[Invariant[c.Seen], ...] = (
    Invariant("R-DEC-14", "there is one entry per player", c.player_count, "players"),
    Invariant("R-TRN-1", "the dealer, the player to move and the viewer are seats at the table", c.seats),
    Invariant("R-CRD-1", "no count of cards is negative", c.counts),
    Invariant("R-MLD-1", "every meld on the table is well formed", c.meld_forms, also=_MELD_CLAUSES),
    Invariant("R-GAM-2", "no round is played after the last one the rules allow", c.max_rounds, "round"),
    Invariant("R-MLD-5", "black 3s are melded only when going out", c.black_three_melds),
    Invariant("R-MLD-3", "a player has at most one unfinished meld of each rank", c.unfinished_melds),
    Invariant("R-CAN-1", "a player's canastas are the kinds of their complete melds", c.canasta_masks),
    Invariant(
        "R-MLD-6",
        "a player with melds has met the requirement (or is meeting it), and one who met it has melds",
        c.melds_need_requirement,
    ),
    Invariant(
        "R-KIT-2", "only a kitty its owner may look at is taken, and it is then empty", c.kitties_taken
    ),
    Invariant("R-SET-3", "a kitty not taken holds the cards dealt", c.kitties_dealt, scope="game"),
    Invariant("R-HND-1", "a hand is never emptied but by going out", c.empty_hands),
    Invariant("R-RED-1", "a red 3 is never discarded: only the upcard may be one", c.pile_red_threes),
    Invariant("R-PIL-1", "no 7 is discarded before every player has a sevens canasta", c.pile_sevens),
    Invariant(
        "R-PIL-2",
        "the pile is frozen exactly when it holds a wild card or a red 3",
        c.pile_frozen,
        "pile_frozen",
        also=("R-SET-5",),
    ),
    Invariant(
        "R-TRN-2",
        "a turn ends with a discard, so the pile is never empty at a draw",
        c.pile_after_discard,
        "pile",
        scope="game",
    ),
    Invariant(
        "R-REQ-1",
        "no points are melded toward the requirement between turns",
        c.no_turn_points,
        "turn_points",
    ),
    Invariant("R-DEC-12", "no pile is held between turns", c.no_pending, "pending"),
    Invariant("R-DEC-10", "no canasta is completed between turns", c.no_turn_canasta, "turn_canasta"),
    Invariant(
        "R-DEC-12",
        "a pile is held only in a meld phase before the requirement is met",
        c.pending_held,
        "pending",
    ),
    Invariant("R-RED-1", "a held pile holds no red 3", c.pending_red_threes, "pending"),
    Invariant(
        "R-DEC-10",
        "a canasta completed this turn lets the player to move look at their kitty",
        c.turn_canasta,
        "turn_canasta",
    ),
    Invariant(
        "R-REQ-1",
        "before the requirement is met, the turn's points are the melds' value, short of it",
        c.opening_points,
        "turn_points",
    ),
    Invariant(
        "R-REQ-3",
        "once the requirement is met, the turn's points are 0 or the value that met it",
        c.opened_points,
        "turn_points",
    ),
    Invariant(
        "R-KIT-2",
        "the kitty phase follows a discard by a player who may take their kitty",
        c.kitty_phase,
        "phase",
    ),
    Invariant(
        "R-SCO-6", "the history holds every round played before", c.rounds_played, "history", scope="game"
    ),
    Invariant("R-SCO-6", "a round that is over is the last of the history", c.round_over_recorded, "history"),
    Invariant(
        "R-SCO-6",
        "the rounds of the history are numbered from 1",
        c.round_numbers,
    ),
    Invariant(
        "R-END-1",
        "a player went out exactly when the round ended by going out",
        c.went_out_flags,
    ),
    Invariant(
        "R-SCO-4",
        "only the player who went out scores the going-out bonus",
        c.going_out_bonuses,
    ),
    Invariant("R-SCO-3", "red 3s score whole bonuses", c.red_three_bonuses),
    Invariant(
        "R-SCO-1",
        "each round's scores are ones a round under the rules can give",
        c.possible_round_scores,
        also=("R-SCO-2", "R-SCO-3", "R-SCO-5", "R-OUT-1"),
    ),
    Invariant(
        "R-SCO-6",
        "the cumulative scores are the running sums of the round scores",
        c.running_scores,
    ),
    Invariant("R-GAM-1", "no round is played after the game ended", c.game_not_ended),
    Invariant("R-SCO-6", "each player's score is their cumulative score", c.cumulative_scores, scope="game"),
    Invariant("R-GAM-1", "a game has a result exactly when it is over", c.result_when_over, "result"),
    Invariant(
        "R-GAM-1",
        "the result follows from the scores and the rules",
        c.result_follows,
        "result",
        also=("R-GAM-2", "R-DEC-17"),
    ),
    Invariant("R-GAM-1", "a round that ends the game ends it", c.round_over_goes_on, "phase"),
    Invariant(
        "R-SCO-1",
        "the round's melded points are the value of the melds",
        c.melded_points,
    ),
    Invariant(
        "R-SCO-2",
        "the round's canasta bonuses are those of the canastas",
        c.canasta_bonus_points,
    ),
    Invariant(
        "R-SCO-3",
        "the round's red-3 bonuses are those of the red 3s put down",
        c.red_three_points,
    ),
    Invariant(
        "R-OUT-1",
        "the player who went out holds every kind of canasta and no card",
        c.went_out,
        also=("R-OUT-2",),
    ),
    Invariant(
        "R-END-2", "a round that ended on an empty stock left it empty", c.stock_emptied, also=("R-DEC-13",)
    ),
)

#: The invariants of a whole state, in order.
STATE_INVARIANTS: tuple[Invariant[GameState], ...] = (
    *PUBLIC_INVARIANTS,
    Invariant("R-CRD-1", "the cards add up to the pack", _census),
    Invariant(
        "R-RED-1",
        "a red 3 is held only until its owner's first turn, when the rules say so",
        _in_state_hands(_red_threes_waiting),
        also=("R-DEC-6",),
    ),
    Invariant(
        "R-DEC-6",
        "a hand holding a red 3 is as dealt",
        _in_state_hands(_red_threes_as_dealt),
        also=("R-RED-1",),
        scope="game",
    ),
    Invariant("R-SET-1", "the seed is one new_game takes", _seed_bound, "seed"),
    Invariant(
        "R-SET-1",
        "the seed chose the dealer, and the deal passes left",
        _dealer,
        "dealer",
        also=("R-SET-2",),
        scope="game",
    ),
    Invariant("R-SCO-5", "the round just ended is scored from the cards", _round_scores),
    Invariant("R-VIS-1", "the cards known in a hand are a part of it", state_known),
)

#: The invariants of a player's view, in order.
VIEW_INVARIANTS: tuple[Invariant[PlayerView], ...] = (
    *PUBLIC_INVARIANTS,
    Invariant("R-CRD-1", "the viewer's hand holds as many cards as its size", _hand_size, "hand"),
    Invariant(
        "R-KIT-1", "the viewer sees their kitty exactly when they may look at it", _kitty_shown, "kitty"
    ),
    Invariant("R-CRD-1", "the viewer's kitty holds as many cards as its size", _kitty_size, "kitty"),
    Invariant(
        "R-RED-1",
        "a red 3 is held only until its owner's first turn, when the rules say so",
        _in_view_hand(_red_threes_waiting),
        also=("R-DEC-6",),
    ),
    Invariant(
        "R-DEC-6",
        "a hand holding a red 3 is as dealt",
        _in_view_hand(_red_threes_as_dealt),
        also=("R-RED-1",),
        scope="game",
    ),
    Invariant("R-CRD-1", "the view accounts for every card of the pack", _pack_size),
    Invariant("R-CRD-1", "the view shows no more cards of a kind than the pack holds", _kinds_seen),
    Invariant("R-SCO-5", "the viewer's hand penalty is the value of their hand", _hand_penalty),
    Invariant(
        "R-SCO-5", "the viewer's kitty penalty is the value of their kitty", _kitty_penalty, also=("R-DEC-7",)
    ),
    Invariant("R-VIS-1", "the cards known in a hand fit it", view_known),
)


def _truncation(context: tuple[Rules, GameResult]) -> str | None:
    rules, result = context
    if result.truncated and (result.winners or rules.max_rounds is None):
        return "a truncated game has no winner and needs rules.max_rounds"
    return None


def _winners(context: tuple[Rules, GameResult]) -> str | None:
    rules, result = context
    if result.truncated:
        return None
    best = max(result.scores)
    if best < rules.target_score or result.winners != tuple(
        i for i, s in enumerate(result.scores) if s == best
    ):
        return "the winners are the players with the best score past the target"
    return None


#: The invariants of a game's result on its own (as a record states it), given the rules.
RESULT_INVARIANTS: tuple[Invariant[tuple[Rules, GameResult]], ...] = (
    Invariant(
        "R-GAM-2", "a truncated game has no winner, and the rules limit the rounds", _truncation, "result"
    ),
    Invariant(
        "R-GAM-1",
        "the winners are the players with the best score past the target",
        _winners,
        "result.winners",
    ),
)


#: What the public functions check of a state they did not make (built by hand or with ``attrs.evolve``):
#: the rows without which the engine could not act on it at all (seats, counts, melds, the pack). A caller
#: who builds states by hand checks the rest with ``validate(state, scope="position")``.
ENTRY_INVARIANTS: tuple[Invariant[GameState], ...] = (
    *PUBLIC_INVARIANTS[:4],
    Invariant("R-CRD-1", "no kind has more cards in play than the pack holds", _census_within_pack),
    Invariant("R-VIS-1", "the known cards are a trail the engine can fold", state_trail),
)

#: The same for a view.
ENTRY_VIEW_INVARIANTS: tuple[Invariant[PlayerView], ...] = (
    *PUBLIC_INVARIANTS[:4],
    Invariant("R-CRD-1", "the view shows no more cards of a kind than the pack holds", _kinds_seen),
)


def check_entry(position: GameState | PlayerView) -> None:
    """Raise :class:`~railroad_canasta.core.invariants.InvariantError` for a position the engine cannot use.

    The rows of :data:`ENTRY_INVARIANTS` (of :data:`ENTRY_VIEW_INVARIANTS` for a view).
    """
    if isinstance(position, PlayerView):
        check(ENTRY_VIEW_INVARIANTS, position)
    else:
        check(ENTRY_INVARIANTS, position)


def validate(state: GameState, *, scope: Scope = "game") -> None:
    """Raise :class:`~railroad_canasta.core.invariants.InvariantError` if the rules cannot reach ``state``.

    The error names the clause broken and the path of the offending field. ``scope="position"`` checks
    only what any position the rules act on satisfies (see the module's documentation).
    """
    check(STATE_INVARIANTS, state, scope=scope)


#: What a saved state is checked for beyond :func:`validate`, when it is loaded: its deal is its seed's.
#: (Not part of ``validate``: a state drawn by ``sample_state`` deals the hidden cards anew, on purpose.)
DEAL_INVARIANTS: tuple[Invariant[GameState], ...] = (
    Invariant("R-SET-3", "a kitty not taken is the one the seed dealt", _kitties_of_seed, scope="game"),
    Invariant(
        "R-SET-4",
        "the stock is the seed's, less the cards drawn from its top",
        _stock_of_seed,
        "stock",
        also=("R-TRN-3",),
        scope="game",
    ),
)


def validate_saved(state: GameState) -> None:
    """:func:`validate`, then the :data:`DEAL_INVARIANTS`: what the JSON loaders check of a state."""
    validate(state)
    check(DEAL_INVARIANTS, state)


def validate_view(view: PlayerView, *, scope: Scope = "game") -> None:
    """Raise :class:`~railroad_canasta.core.invariants.InvariantError` if no reachable state shows ``view``.

    ``scope`` is as for :func:`validate`.
    """
    check(VIEW_INVARIANTS, view, scope=scope)


def validate_result(rules: Rules, result: GameResult) -> None:
    """Raise :class:`~railroad_canasta.core.invariants.InvariantError` if no game under ``rules`` ends so."""
    check(RESULT_INVARIANTS, (rules, result))
