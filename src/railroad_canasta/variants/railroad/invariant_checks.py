"""The checks of the invariants that hold for a state and for a player's view alike.

Each function takes a :class:`~railroad_canasta.variants.railroad.state.GameState`
or a :class:`~railroad_canasta.variants.railroad.views.PlayerView` (the public
fields they share) and answers ``None`` when its fact holds, else the reason, or
a :class:`~railroad_canasta.core.invariants.Problem` naming the field. Their
order, clauses and words are in the tables of
:mod:`railroad_canasta.variants.railroad.invariants`; a check may rely on the
rows above its own there.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Literal

from railroad_canasta.core import game_facts as facts
from railroad_canasta.core.cards import Counts, Kind, pack_counts
from railroad_canasta.core.invariants import Problem, count_problem
from railroad_canasta.variants.railroad.rules import (
    ALL_CANASTAS,
    CanastaKind,
    KittyTiming,
    Rules,
    canasta_mask,
    meld_problem,
)
from railroad_canasta.variants.railroad.scoring import (
    breakdown_problem,
    canasta_bonuses,
    game_result,
    melds_value,
)
from railroad_canasta.variants.railroad.state import GameState, Phase, PlayerState, RoundEnd, RoundResult
from railroad_canasta.variants.railroad.views import PlayerView, PublicPlayer

#: A whole state or one player's view of it: what these checks read.
Seen = GameState | PlayerView

ACTIVE = (Phase.DRAW, Phase.MELD, Phase.KITTY)
_R3 = Kind.RED_THREE


def players(t: Seen) -> Sequence[PlayerState | PublicPlayer]:
    """Every player of ``t``: their full state, or what everyone sees of them."""
    return t.players


@functools.lru_cache(maxsize=64)
def _pack(players: int, decks: int, jokers: int) -> Counts:
    return pack_counts(players, decks, jokers)


def pack_of(rules: Rules) -> Counts:
    """The pack of ``rules`` by kind (R-CRD-1)."""
    return _pack(rules.players, rules.decks_per_player, rules.jokers_per_player)


def _canasta_names(mask: int) -> list[str]:
    return [kind.name.lower() for kind in CanastaKind if mask & kind]  # type: ignore[union-attr]


def _view(t: Seen) -> bool:
    return isinstance(t, PlayerView)


def _hand_key(t: Seen) -> str:
    return "hand_size" if _view(t) else "hand"


def _stock_size(t: Seen) -> int:
    return t.stock_size if isinstance(t, PlayerView) else len(t.stock)


def last_round(t: Seen) -> RoundResult | None:
    """The round just scored, between rounds and once the game is over."""
    return None if t.phase in ACTIVE or not t.history else t.history[-1]


def _all_red(p: PlayerState | PublicPlayer, rules: Rules) -> bool:
    """Every card this player received this round was a red 3 (so their hand may be empty)."""
    return not p.opened and not p.melds and not p.kitty_taken and p.red_threes >= rules.hand_size


# ------------------------------------------------------------------------------- shape and melds


def player_count(t: Seen) -> str | None:
    n = t.rules.players
    return None if len(t.players) == n else f"must have {n} entries, not {len(t.players)}"


def seats(t: Seen) -> Problem | None:
    n = t.rules.players
    seats = [("dealer", t.dealer), ("to_move", t.to_move)]
    if isinstance(t, PlayerView):
        seats.append(("viewer", t.viewer))
    for key, seat in seats:
        if not 0 <= seat < n:
            return Problem(key, f"must be a seat from 0 to {n - 1}, not {seat}")
    return None


def counts(t: Seen) -> Problem | None:
    found: list[Problem | None] = [count_problem(t.pending, "pending")]
    if isinstance(t, PlayerView):
        found += [count_problem(t.hand, "hand"), count_problem(t.kitty, "kitty")]
        if t.stock_size < 0:
            found.append(Problem("stock_size", "holds a negative number of cards"))
    for seat, p in enumerate(players(t)):
        here = f"players[{seat}]"
        if isinstance(p, PlayerState):
            found += [count_problem(p.hand, f"{here}.hand"), count_problem(p.kitty, f"{here}.kitty")]
        else:
            for key, size in (("hand_size", p.hand_size), ("kitty_size", p.kitty_size)):
                if size < 0:
                    found.append(Problem(f"{here}.{key}", "holds a negative number of cards"))
        if p.red_threes < 0:
            found.append(Problem(f"{here}.red_threes", "holds a negative number of cards"))
    return next((f for f in found if f is not None), None)


def meld_forms(t: Seen) -> Problem | None:
    for seat, p in enumerate(players(t)):
        for j, meld in enumerate(p.melds):
            problem = meld_problem(meld, t.rules)
            if problem is not None:
                return Problem(f"players[{seat}].melds[{j}]", problem[1], problem[0])
    return None


# ----------------------------------------------------------------------------------- each player


def max_rounds(t: Seen) -> str | None:
    return facts.within_round_limit(t.round, t.rules.max_rounds)


def black_three_melds(t: Seen) -> Problem | None:
    active = t.phase in ACTIVE
    for seat, p in enumerate(players(t)):
        for j, meld in enumerate(p.melds):
            if meld.rank is Kind.BLACK_THREE:
                # rule: R-MLD-5
                going_out = t.phase is Phase.MELD and seat == t.to_move and p.hand_size == 1
                if p.canastas != ALL_CANASTAS or not (going_out or not active):
                    return Problem(f"players[{seat}].melds[{j}]", "black 3s are melded only when going out")
    return None


def unfinished_melds(t: Seen) -> Problem | None:
    for seat, p in enumerate(players(t)):
        unfinished: set[Kind] = set()
        for j, meld in enumerate(p.melds):
            if meld.is_complete or meld.rank is Kind.BLACK_THREE:
                continue
            if meld.rank in unfinished:
                return Problem(f"players[{seat}].melds[{j}]", f"a second unfinished meld of {meld.rank}")
            unfinished.add(meld.rank)
    return None


def canasta_masks(t: Seen) -> Problem | None:
    for seat, p in enumerate(players(t)):
        mask = canasta_mask(p.melds)
        if mask != p.canastas:
            return Problem(
                f"players[{seat}].canastas", f"does not match the complete melds {_canasta_names(mask)}"
            )
    return None


def melds_need_requirement(t: Seen) -> Problem | None:
    for seat, p in enumerate(players(t)):
        opening = seat == t.to_move and t.phase is Phase.MELD and t.turn_points > 0
        if p.melds and not p.opened and not opening:
            return Problem(f"players[{seat}].opened", "a player with melds has met the requirement")
        if p.opened and not p.melds:
            return Problem(
                f"players[{seat}].opened", "a player who met the requirement has melds on the table"
            )
    return None


def kitties_taken(t: Seen) -> Problem | None:
    for seat, p in enumerate(players(t)):
        if p.kitty_taken and (p.kitty_size or not p.may_look_kitty or not t.rules.kitty_size):
            return Problem(
                f"players[{seat}].kitty_taken",
                "only a kitty a player may look at is taken, and it is then empty",
            )
    return None


def kitties_dealt(t: Seen) -> Problem | None:
    size = t.rules.kitty_size
    key = "kitty_size" if _view(t) else "kitty"
    for seat, p in enumerate(players(t)):
        if not p.kitty_taken and p.kitty_size != size:
            return Problem(f"players[{seat}].{key}", f"a kitty not taken holds the {size} cards dealt")
    return None


def empty_hands(t: Seen) -> Problem | None:
    if t.phase not in ACTIVE:
        return None
    for seat, p in enumerate(players(t)):
        if p.hand_size == 0 and not _all_red(p, t.rules):
            sevens_end = (
                seat == t.to_move
                and t.phase is Phase.MELD
                and (t.pending is not None or any(m.rank is Kind.SEVEN for m in p.melds))
            )
            # rule: R-DEC-19
            # Under its alternative reading a discard may empty the hand when the kitty follows it.
            kitty_next = seat == t.to_move and t.phase is Phase.KITTY and not t.rules.keep_two_cards
            if not sevens_end and not kitty_next:
                return Problem(f"players[{seat}].{_hand_key(t)}", "a hand is never emptied but by going out")
    return None


# -------------------------------------------------------------------------------------- the pile


def pile_red_threes(t: Seen) -> Problem | None:
    for i, kind in enumerate(t.pile):
        if kind is _R3 and i:
            return Problem(f"pile[{i}]", "a red 3 is never discarded: only the upcard may be one")
    return None


def pile_sevens(t: Seen) -> Problem | None:
    if all(p.has_sevens_canasta for p in players(t)):
        return None
    for i, kind in enumerate(t.pile):
        if kind is Kind.SEVEN and i:
            return Problem(f"pile[{i}]", "no 7 is discarded before every player has a sevens canasta")
    return None


def pile_frozen(t: Seen) -> str | None:
    frozen = any(kind is _R3 or kind is Kind.JOKER or kind is Kind.TWO for kind in t.pile)
    if frozen == t.pile_frozen:
        return None
    return "a pile is frozen exactly when it holds a wild card or a red 3"


def pile_after_discard(t: Seen) -> str | None:
    if t.pile or not (t.phase is Phase.DRAW or t.phase is Phase.KITTY):
        return None
    return f"the pile is never empty in the {t.phase.value} phase: a turn ends with a discard"


# -------------------------------------------------------------------------------------- the turn


def _between_turns(t: Seen) -> bool:
    return not (t.phase is Phase.MELD or t.phase is Phase.KITTY)


def no_turn_points(t: Seen) -> str | None:
    return f"must be 0 in the {t.phase.value} phase" if _between_turns(t) and t.turn_points else None


def no_pending(t: Seen) -> str | None:
    return (
        f"must be null in the {t.phase.value} phase" if _between_turns(t) and t.pending is not None else None
    )


def no_turn_canasta(t: Seen) -> str | None:
    return f"must be false in the {t.phase.value} phase" if _between_turns(t) and t.turn_canasta else None


def pending_held(t: Seen) -> str | None:
    if t.pending is None:
        return None
    mover, rules = t.players[t.to_move], t.rules
    if t.phase is not Phase.MELD or mover.opened or rules.pile_counts_for_requirement or not mover.melds:
        return "a pile is held only in a meld phase before the requirement is met"
    return None


def pending_red_threes(t: Seen) -> str | None:
    return "red 3s of a taken pile go down at once" if t.pending is not None and t.pending[_R3] else None


def turn_canasta(t: Seen) -> str | None:
    if t.turn_canasta and not t.players[t.to_move].may_look_kitty:
        return "the player to move has completed no red, wild or sevens canasta"
    return None


def _turn_made(t: Seen) -> tuple[int, int] | None:
    """The requirement of the player to move and the value of their melds, in a meld or kitty phase."""
    if _between_turns(t):
        return None
    mover, rules = t.players[t.to_move], t.rules
    made = melds_value(mover.melds)
    if rules.requirement_counts_bonuses:
        made += canasta_bonuses(mover.melds, rules)
    return rules.requirement(mover.score), made


def opening_points(t: Seen) -> str | None:
    turn = _turn_made(t)
    if turn is None or t.players[t.to_move].opened:
        return None
    requirement, made = turn
    if t.turn_points >= requirement or t.turn_points != made:
        return "must be the value melded this turn, short of the requirement"
    return None


def opened_points(t: Seen) -> str | None:
    turn = _turn_made(t)
    if turn is None or not t.players[t.to_move].opened:
        return None
    requirement, made = turn
    if t.turn_points and not requirement <= t.turn_points <= made:
        return "must be 0 or the value that met the requirement this turn"
    return None


def kitty_phase(t: Seen) -> str | None:
    if t.phase is not Phase.KITTY:
        return None
    mover = t.players[t.to_move]
    timing_ok = t.turn_canasta or t.rules.kitty_timing is KittyTiming.ANY_LATER_TURN
    if (
        not mover.may_look_kitty
        or mover.kitty_taken
        or not mover.kitty_size
        # rule: R-DEC-19
        or (not mover.hand_size and t.rules.keep_two_cards)
        or not timing_ok
    ):
        return "the kitty phase follows a discard by a player who may take their kitty"
    return None


# ------------------------------------------------------------------------------- history and result


def rounds_played(t: Seen) -> str | None:
    return facts.rounds_played(t.round, t.history, active=t.phase in ACTIVE)


def round_over_recorded(t: Seen) -> str | None:
    if t.phase in ACTIVE or (t.history and t.history[-1].round == t.round):
        return None
    return f"must end with round {t.round}, which is over"


def _history_rows(t: Seen, test: _HistoryFact) -> Problem | None:
    """The first round of the history that breaks ``test``: one of the per-round facts below."""
    rules, n, active = t.rules, len(t.players), t.phase in ACTIVE
    running = [0] * n
    for j, r in enumerate(t.history):
        here = f"history[{j}]"
        if test == "number" and r.round != j + 1:
            return Problem(f"{here}.round", f"must be {j + 1}")
        if test == "went_out" and (r.end is RoundEnd.WENT_OUT) != (r.went_out is not None):
            return Problem(f"{here}.went_out", "a player went out exactly when the round ended by going out")
        for i, b in enumerate(r.breakdowns):
            if test == "going_out" and b.going_out != (rules.going_out_bonus if i == r.went_out else 0):
                return Problem(
                    f"{here}.breakdowns[{i}].going_out", "only the player who went out scores the bonus"
                )
            if test == "red_threes" and rules.red_three_bonus and b.red_threes % rules.red_three_bonus:
                return Problem(
                    f"{here}.breakdowns[{i}].red_threes", "must be a whole number of red-3 bonuses"
                )
            running[i] += b.total
        if test == "running" and tuple(running) != r.scores:
            return Problem(f"{here}.scores", "must be the running sums of the round scores")
        last = j == len(t.history) - 1
        if test == "ended" and (active or not last) and game_result(rules, r.round, r.scores) is not None:
            return Problem(f"{here}.scores", "the game ended after this round")
    return None


def cumulative_scores(t: Seen) -> Problem | None:
    return facts.cumulative_scores(t.history, [p.score for p in players(t)], "players")


def result_when_over(t: Seen) -> str | None:
    return facts.result_when_over(t.result, t.phase is Phase.GAME_OVER)


def result_follows(t: Seen) -> str | None:
    return facts.result_follows(
        t.result, t.phase is Phase.GAME_OVER, t.history, functools.partial(game_result, t.rules)
    )


def round_over_goes_on(t: Seen) -> str | None:
    last = last_round(t)
    if last is None or t.phase is not Phase.ROUND_OVER or game_result(t.rules, t.round, last.scores) is None:
        return None
    return "the game ended with this round"


def _last_breakdowns(t: Seen, part: Literal["melded", "canasta_bonus", "red_threes"]) -> Problem | None:
    last = last_round(t)
    if last is None:
        return None
    rules = t.rules
    for seat, (p, b) in enumerate(zip(players(t), last.breakdowns, strict=True)):
        here = f"history[{len(t.history) - 1}].breakdowns[{seat}]"
        if part == "melded" and b.melded != melds_value(p.melds):
            return Problem(f"{here}.melded", "must be the value of the player's melds")
        if part == "canasta_bonus" and b.canasta_bonus != canasta_bonuses(p.melds, rules):
            return Problem(f"{here}.canasta_bonus", "must be the bonuses of the player's canastas")
        if part == "red_threes" and b.red_threes != rules.red_three_bonus * p.red_threes:
            return Problem(f"{here}.red_threes", "must be the bonus of the player's red 3s")
    return None


def went_out(t: Seen) -> Problem | None:
    last = last_round(t)
    if last is None or last.end is not RoundEnd.WENT_OUT or last.went_out is None:
        return None
    out = t.players[last.went_out]
    if out.hand_size or out.canastas != ALL_CANASTAS:
        return Problem(f"history[{len(t.history) - 1}].went_out", "that player has not gone out")
    return None


def stock_emptied(t: Seen) -> Problem | None:
    last = last_round(t)
    if last is None or last.end is not RoundEnd.STOCK_EMPTY:
        return None
    size, rules = _stock_size(t), t.rules
    if size == 0 or (size < rules.draw_count and not rules.draw_single_last_card):
        return None
    return Problem(
        "stock_size" if _view(t) else "stock", "the round ended on an empty stock that is not empty"
    )


_HistoryFact = Literal["number", "went_out", "going_out", "red_threes", "running", "ended"]


def round_numbers(t: Seen) -> Problem | None:
    """The rounds of the history are numbered from 1."""
    return _history_rows(t, "number")


def went_out_flags(t: Seen) -> Problem | None:
    """A player went out of a round exactly when it ended by going out."""
    return _history_rows(t, "went_out")


def going_out_bonuses(t: Seen) -> Problem | None:
    """Only the player who went out scored the going-out bonus."""
    return _history_rows(t, "going_out")


def red_three_bonuses(t: Seen) -> Problem | None:
    """Red 3s scored whole bonuses."""
    return _history_rows(t, "red_threes")


def possible_round_scores(t: Seen) -> Problem | None:
    """Every score of every round of the history is one a round under the rules can give."""
    for j, r in enumerate(t.history):
        for i, b in enumerate(r.breakdowns):
            found = breakdown_problem(b, t.rules, i == r.went_out)
            if found is not None:
                return Problem(f"history[{j}].breakdowns[{i}].{found[0]}", found[1])
    return None


def running_scores(t: Seen) -> Problem | None:
    """The cumulative scores are the running sums of the round scores."""
    return _history_rows(t, "running")


def game_not_ended(t: Seen) -> Problem | None:
    """No round of the history but the last ended the game, and none did while a round is played."""
    return _history_rows(t, "ended")


def melded_points(t: Seen) -> Problem | None:
    """The round just scored counts the value of each player's melds."""
    return _last_breakdowns(t, "melded")


def canasta_bonus_points(t: Seen) -> Problem | None:
    """The round just scored counts the bonuses of each player's canastas."""
    return _last_breakdowns(t, "canasta_bonus")


def red_three_points(t: Seen) -> Problem | None:
    """The round just scored counts the bonus of each player's red 3s."""
    return _last_breakdowns(t, "red_threes")
