"""One conformance harness run over every variant: the variant's metadata, enforced by play.

:func:`check_variant` plays seeded random games of a variant at every player
count its metadata allows and checks what any rule set of the family must
satisfy: the rules refuse player counts outside the metadata's range; the
sides partition the seats; the same seed and moves give equal states; every
state and the mover's view of it break no invariant of the variant; every
state short of the end has a legal move, each listed once, each accepted by
``why_illegal`` and by ``apply``; the mover's view lists the same moves; a
round never takes more decisions than the variant's bound; every round score
lies within the variant's bounds; every legal move has an action of the variant's
action space that numbers it back, is that action space's own instance of the move (not an equal
copy), and the mask of the legal moves marks exactly their actions; every player's observation vector
has the layout's length; a state sampled from a player's view (``sample_state``, each seat's view in
turn while a round is played, every 16th decision) shows that view again, passes the invariants, and is
the same for the same generator seed.
:func:`check_generator` plays a game under random options (every two-way and enumerated option of the
rules drawn at random) and checks, every few decisions, that ``legal_moves`` and the reference generator
``legal_by_tables`` (the guard tables alone) list the same moves, and that ``apply`` refuses a move outside
them naming the clause ``why_illegal`` names.
Anything else raises :class:`ConformanceError`.

>>> from railroad_canasta.variants import variant_named
>>> report = check_variant(variant_named("railroad"), players=2, seed=1, max_rounds=1)
>>> report.decisions > 0 and report.rounds == 1
True
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from railroad_canasta.core.errors import IllegalMoveError, RailroadCanastaError
from railroad_canasta.core.moves import Move, NextRound
from railroad_canasta.core.variant import Variant

R = TypeVar("R")
S = TypeVar("S")
V = TypeVar("V")

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "check_generator",
    "check_metadata",
    "check_sampling",
    "check_variant",
    "random_rules",
]


#: Sample a state from a view at every this many decisions (at every one, the harness took 13 s, not 4 s).
_SAMPLE_EVERY = 16


class ConformanceError(AssertionError):
    """A variant breaks what its metadata or the family's contract promises."""


@attrs.frozen
class ConformanceReport:
    """What one conformance run played."""

    variant: str
    players: int
    decisions: int
    rounds: int


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def check_metadata(variant: Variant[R, S, V]) -> None:
    """The metadata's player counts are what the rules accept, and the sides partition the seats."""
    meta = variant.metadata
    _require(1 <= meta.min_players <= meta.max_players, f"{meta.name}: empty player range")
    allowed = meta.allowed_players
    refused = [n for n in range(meta.min_players - 1, meta.max_players + 2) if n not in allowed]
    for players in refused:
        try:
            variant.rules_for(players)
        except RailroadCanastaError:
            continue
        raise ConformanceError(f"{meta.name}: rules accept {players} players, outside the metadata's counts")
    for players in allowed:
        sides = variant.sides(variant.rules_for(players))
        seats = sorted(seat for side in sides for seat in side)
        _require(
            seats == list(range(players)), f"{meta.name}: sides {sides} do not partition {players} seats"
        )
    default_sides = variant.sides(variant.rules_type())
    _require(
        all(len(side) == meta.players_per_side for side in default_sides),
        f"{meta.name}: sides {default_sides} are not of {meta.players_per_side}",
    )


def _check_actions(variant: Variant[R, S, V], moves: Sequence[Move]) -> None:
    """Every legal move numbers to an action and back, and is the action space's own instance; the mask is
    1 exactly at the legal actions."""
    space = variant.actions
    name = variant.metadata.name
    for move in moves:
        action = space.action_of(move)
        _require(0 <= action < space.num_distinct_actions, f"{name}: {move} has action {action} out of range")
        _require(space.move_of(action) == move, f"{name}: action {action} of {move} numbers another move")
        # (the adapters map moves to actions by identity, and apply finds an action's move the same way)
        own = space.move_of(action) is move
        _require(own, f"{name}: {move} is listed as a copy of the vocabulary's move")
    mask = space.mask(moves)
    legal = {space.action_of(m) for m in moves}
    _require(
        {a for a, bit in enumerate(mask) if bit} == legal and len(legal) == len(moves),
        f"{name}: the mask of the legal moves is not their actions",
    )


def check_sampling(variant: Variant[R, S, V], state: S, seat: int, seed: int) -> None:
    """A state sampled from ``seat``'s view of ``state`` (a round being played) shows the same view."""
    name = variant.metadata.name
    seen = variant.view(state, seat)
    sample = variant.sample_state(seen, random.Random(seed))
    _require(
        variant.view(sample, seat) == seen, f"{name}: a state sampled from seat {seat}'s view shows another"
    )
    variant.validate(sample)
    _require(
        variant.sample_state(seen, random.Random(seed)) == sample,
        f"{name}: the same generator seed sampled two different states",
    )


def check_variant(
    variant: Variant[R, S, V], *, players: int, seed: int, max_rounds: int = 2, max_decisions: int = 20_000
) -> ConformanceReport:
    """Play one seeded random game (stopped after ``max_rounds``) and check every state on the way."""
    name = variant.metadata.name
    rules = variant.rules_for(players, max_rounds=max_rounds)
    state = variant.new_game(rules, seed)
    _require(variant.new_game(rules, seed) == state, f"{name}: the same seed dealt two different games")
    bound = variant.max_decisions_per_round(rules)
    low, high = variant.round_score_bounds(rules)
    rng = random.Random(seed)
    size = sum(width for _, width, _ in variant.observation_layout(players))
    decisions = in_round = 0
    scored = 0
    while not variant.is_over(state):
        _require(decisions < max_decisions, f"{name}: no end after {max_decisions} decisions")
        moves = variant.legal_moves(state)
        _require(len(moves) > 0, f"{name}: dead end after {decisions} decisions")
        _require(len(set(moves)) == len(moves), f"{name}: a move is listed twice")
        variant.validate(state)
        mover = variant.player_to_move(state)
        seen = variant.view(state, mover)
        variant.validate(seen)
        _require(
            tuple(variant.legal_moves(seen)) == tuple(moves), f"{name}: the mover's view lists other moves"
        )
        _check_actions(variant, moves)
        _require(
            len(variant.observe(seen)) == size, f"{name}: an observation is not of the layout's length {size}"
        )
        if decisions % _SAMPLE_EVERY == 0 and not isinstance(moves[0], NextRound):
            check_sampling(variant, state, decisions // _SAMPLE_EVERY % players, seed + decisions)
        move = moves[rng.randrange(len(moves))]
        _require(
            variant.why_illegal(state, move) is None, f"{name}: {move} is listed but why_illegal refuses it"
        )
        after = variant.apply(state, move)
        _require(variant.apply(state, move) == after, f"{name}: {move} applied twice gave two states")
        state = after
        decisions += 1
        in_round += 1
        rounds = variant.round_scores(state)
        if len(rounds) > scored:
            _require(in_round <= bound, f"{name}: a round took {in_round} decisions, over the bound {bound}")
            for score in rounds[scored]:
                _require(low <= score <= high, f"{name}: a round score {score} is outside [{low}, {high}]")
            scored = len(rounds)
            in_round = 0
    _require(not variant.legal_moves(state), f"{name}: a finished game has legal moves")
    return ConformanceReport(name, players, decisions, scored)


#: Compare the generator with the tables at every this many decisions (the tables alone are slow).
_TABLES_EVERY = 5


def random_rules(variant: Variant[R, S, V], players: int, rng: random.Random, max_rounds: int = 1) -> R:
    """The variant's rules for ``players``, every bool and enum option drawn from ``rng`` (a draw the rules
    refuse is drawn again; the defaults after 20 refusals)."""
    base: Any = variant.rules_for(players, max_rounds=max_rounds)
    fields = [
        f
        for f in attrs.fields(type(base))
        if f.name != "players" and isinstance(getattr(base, f.name), bool | enum.Enum)
    ]
    for _ in range(20):
        changes: dict[str, Any] = {}
        for field in fields:
            value = getattr(base, field.name)
            kind: Any = type(value)
            choices: list[Any] = [False, True] if isinstance(value, bool) else list(kind)
            changes[field.name] = rng.choice(choices)
        try:
            drawn: R = attrs.evolve(base, **changes)
            return drawn
        except (RailroadCanastaError, ValueError, TypeError):
            continue
    fallback: R = base
    return fallback


def _check_refusal(variant: Variant[R, S, V], state: S, move: Move) -> None:
    name = variant.metadata.name
    problem = variant.why_illegal(state, move)
    _require(problem is not None, f"{name}: {move} is not listed but why_illegal accepts it")
    try:
        variant.apply(state, move)
    except IllegalMoveError as refused:
        _require(
            problem is not None and refused.clause == problem.clause,
            f"{name}: apply refuses {move} under {refused.clause}, why_illegal under {problem}",
        )
        return
    raise ConformanceError(f"{name}: apply accepts {move}, which is not listed")


def check_generator(
    variant: Variant[R, S, V], rules: R, seed: int, *, refusals: int = 3, max_decisions: int = 3000
) -> int:
    """Play a seeded random game under ``rules``; every few decisions ``legal_moves`` and ``legal_by_tables``
    agree as sets and ``refusals`` moves of the action space outside them are refused by ``apply`` under the
    clause ``why_illegal`` names. Answers the positions compared."""
    name = variant.metadata.name
    state = variant.new_game(rules, seed)
    rng = random.Random(seed)
    space = variant.actions
    compared = decisions = 0
    while not variant.is_over(state) and decisions < max_decisions:
        moves = variant.legal_moves(state)
        if decisions % _TABLES_EVERY == 0:
            judged = variant.legal_by_tables(state)
            _require(
                set(moves) == set(judged),
                f"{name}: legal_moves and legal_by_tables differ by {set(moves) ^ set(judged)} "
                f"after {decisions} decisions",
            )
            listed = set(moves)
            for _ in range(refusals):
                move = space.move_of(rng.randrange(space.num_distinct_actions))
                if move not in listed:
                    _check_refusal(variant, state, move)
            compared += 1
        state = variant.apply(state, moves[rng.randrange(len(moves))])
        decisions += 1
    return compared
