"""The variant protocol: what a rule set of the Canasta family supplies to the library.

A variant is a module-level object (``railroad_canasta.variants.railroad.RAILROAD_VARIANT``)
giving its rules class, its metadata as data, and the functions of the game:
deal, legal moves, transition, the guard tables that judge moves, views,
sampling a state from a view and validation. The public functions of :mod:`railroad_canasta` (``new_game``,
``legal_moves``, ``apply``, ``why_illegal``, ``view``) find the variant from
the rules of the game (``rules.variant``) and call it; the core knows no
variant, and one conformance harness (:mod:`railroad_canasta.testing.conformance`)
checks every variant against its own metadata.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Never, Protocol, TypeVar

import attrs

from railroad_canasta.core.actions import ActionSpace
from railroad_canasta.core.guards import Guard, GuardOutcome, Violation
from railroad_canasta.core.invariants import Scope
from railroad_canasta.core.moves import Move
from railroad_canasta.core.restatements import Caches, Switches

__all__ = ["Metadata", "Variant", "seat_scores", "seed_for_dealer"]

R = TypeVar("R")
S = TypeVar("S")
V = TypeVar("V")


@attrs.frozen
class Metadata:
    """A variant's facts as data, enforced for every variant by the conformance harness."""

    #: The name that selects the variant (``--variant``, the ``variant`` key of files).
    name: str
    #: Its name for people.
    title: str
    #: The behaviour of the default rules (changes when a rule changes, not with the package).
    rules_version: str
    #: Fewest and most players.
    min_players: int
    max_players: int
    #: How many players play as one side (1: each alone) with the default rules.
    players_per_side: int
    #: The score that ends a game under the default rules.
    target_score: int
    #: The player counts the rules accept, when not every count of the range (classic: 2, 3, 4, 6).
    player_counts: tuple[int, ...] = ()

    @property
    def allowed_players(self) -> tuple[int, ...]:
        """Every player count the rules accept."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))


class Variant(Protocol[R, S, V]):
    """What a rule set supplies. States, views and rules are the variant's own types."""

    @property
    def metadata(self) -> Metadata:
        """The variant's facts."""
        ...

    @property
    def rules_type(self) -> type[R]:
        """The class of the variant's rules options (``rules.variant`` names the variant)."""
        ...

    @property
    def state_type(self) -> type[S]:
        """The class of the variant's game states."""
        ...

    @property
    def view_type(self) -> type[V]:
        """The class of the variant's player views."""
        ...

    @property
    def tables(self) -> Mapping[str, Sequence[Guard[Never]]]:
        """The guard tables, by name, that judge every kind of move."""
        ...

    @property
    def actions(self) -> ActionSpace:
        """The variant's finite, versioned action space: every move numbered (for game frameworks)."""
        ...

    def rules_for(self, players: int, max_rounds: int | None = None) -> R:
        """The default rules for ``players`` players, the game stopped after ``max_rounds`` if given."""
        ...

    def new_game(self, rules: R, seed: int) -> S:
        """A new game, the first round dealt from ``seed``."""
        ...

    def legal_moves(self, position: S | V) -> Sequence[Move]:
        """The legal moves of a state or of the mover's view."""
        ...

    def legal_by_tables(self, position: S | V) -> Sequence[Move]:
        """The reference generator: every candidate its whole guard table lets through (no fast path).

        :meth:`legal_moves` lists the same moves (as a set); the conformance harness checks it.
        """
        ...

    @property
    def switches(self) -> Switches:
        """The variant's declared restatements and the switch of a clause (for ablation)."""
        ...

    @property
    def caches(self) -> Caches:
        """The variant's memos: ``caches.clear()`` forgets them all (what is safe across threads:
        :mod:`~railroad_canasta.core.restatements`)."""
        ...

    def apply(self, state: S, move: Move | str) -> S:
        """The state after a legal move (``IllegalMoveError`` otherwise)."""
        ...

    def why_illegal(self, position: S | V, move: Move) -> Violation | None:
        """The first guard the move fails, or ``None``."""
        ...

    def explain_move(self, position: S | V, move: Move) -> tuple[GuardOutcome, ...]:
        """Every guard of the move's table with what it says."""
        ...

    def view(self, state: S, player: int) -> V:
        """What one player may know."""
        ...

    def sample_state(self, seen: V, rng: random.Random) -> S:
        """A state drawn from ``rng`` among those ``seen`` is a view of (the hidden cards dealt at random)."""
        ...

    def observation_layout(self, players: int) -> tuple[tuple[str, int, str], ...]:
        """The segments ``(name, size, meaning)`` of :meth:`observe`'s vector for ``players`` players."""
        ...

    def observe(self, seen: V) -> list[int]:
        """What a player's view shows, as a flat vector laid out as :meth:`observation_layout` says."""
        ...

    def describe(self, seen: V) -> str:
        """What a player's view shows, as one line of text."""
        ...

    def validate(self, position: S | V, *, scope: Scope = "game") -> None:
        """Raise ``InvariantError`` (clause, field) if the rules reach no such state or no state shows it."""
        ...

    def check_entry(self, position: S | V) -> None:
        """Raise ``InvariantError`` for a position from outside the engine that it cannot act on.

        Seats off the table, negative counts, malformed melds, more cards of a kind than the pack: the
        public functions call it on a state or view they did not make (built by hand, with
        ``attrs.evolve``). Cheaper than :meth:`validate`, which checks every invariant.
        """
        ...

    def is_over(self, state: S) -> bool:
        """The game has ended."""
        ...

    def player_to_move(self, state: S) -> int:
        """The seat of the player to move."""
        ...

    def round_scores(self, state: S) -> tuple[tuple[int, ...], ...]:
        """Each scored round's score, by side."""
        ...

    def round_endings(self, state: S) -> tuple[str, ...]:
        """How each scored round ended, in words of the variant (``went-out``, ``stock-empty``, …)."""
        ...

    def winners(self, state: S) -> tuple[int, ...]:
        """The seats that won a finished game (none for a game cut short, or not over)."""
        ...

    def sides(self, rules: R) -> tuple[tuple[int, ...], ...]:
        """The seats of each side under ``rules``."""
        ...

    def max_decisions_per_round(self, rules: R) -> int:
        """An upper bound on the decisions of one round under ``rules``."""
        ...

    def round_score_bounds(self, rules: R) -> tuple[int, int]:
        """Bounds on one side's score for one round under ``rules``."""
        ...


def seat_scores(variant: Variant[R, S, V], rules: R, state: S) -> list[int]:
    """Each seat's score so far: the sum of its side's scored rounds (a partner shares the side's score)."""
    side_of = {seat: side for side, seats in enumerate(variant.sides(rules)) for seat in seats}
    rounds = variant.round_scores(state)
    return [sum(scores[side_of[seat]] for scores in rounds) for seat in sorted(side_of)]


def seed_for_dealer(
    first_dealer: Callable[[int, int], int], players: int, dealer: int, round_no: int, rng: random.Random
) -> int:
    """A seed drawn from ``rng`` among those whose game has ``dealer`` deal round ``round_no``.

    ``first_dealer(seed, players)`` is the variant's first dealer; the deal passes to the left each round.
    A sampled state (``sample_state``) takes such a seed, so the rounds after it are dealt from it.
    """
    first = (dealer - round_no + 1) % players
    while True:
        seed = rng.getrandbits(48)
        if first_dealer(seed, players) == first:
            return seed
