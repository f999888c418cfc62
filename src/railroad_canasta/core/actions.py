"""A finite, versioned action space: every move of a variant's vocabulary numbered once.

Game frameworks (OpenSpiel, PettingZoo) want each decision to be an integer in
``range(num_distinct_actions)``. A variant lists its whole move vocabulary once, in
a fixed order, under a version name (:attr:`ActionSpace.version`); the action of a
move is its place in that list. The numbering of a version never changes: a
vocabulary that grows gets a new version.

>>> from railroad_canasta.core.moves import DRAW, END_TURN, Move
>>> space = ActionSpace("demo-1", (DRAW, END_TURN))
>>> space.num_distinct_actions, space.action_of(END_TURN), space.move_of(0)
(2, 1, Move.from_text('draw'))
>>> space.mask((END_TURN,))
(0, 1)
>>> space.action_of(Move.from_text("discard 4"))
Traceback (most recent call last):
...
railroad_canasta.core.actions.ActionError: demo-1: the move 'discard 4' has no action
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.core.moves import Move

__all__ = ["ActionError", "ActionSpace"]


class ActionError(RailroadCanastaError, ValueError):
    """A move outside the vocabulary, or an integer that numbers no move."""


class ActionSpace:
    """The moves of a vocabulary, numbered from 0 in a fixed order under a version name."""

    __slots__ = ("_by_id", "_index", "moves", "version")

    def __init__(self, version: str, moves: Iterable[Move]) -> None:
        #: The name of this numbering (changes whenever a number would).
        self.version = version
        #: Every move of the vocabulary; ``moves[action]`` is the move of ``action``.
        self.moves: tuple[Move, ...] = tuple(moves)
        self._index: dict[Move, int] = {}
        for action, move in enumerate(self.moves):
            if move in self._index:
                raise ValueError(f"{version}: the move {str(move)!r} is listed twice")
            self._index[move] = action
        # The engines hand out shared move instances: looking them up by identity skips hashing the move.
        # The vocabulary holds its moves, so no other object can have one of these identities.
        self._by_id: dict[int, int] = {id(move): action for move, action in self._index.items()}

    @property
    def num_distinct_actions(self) -> int:
        """How many actions there are: every action is in ``range(num_distinct_actions)``."""
        return len(self.moves)

    def action_of(self, move: Move) -> int:
        """The integer of ``move`` (:class:`ActionError` if the vocabulary lacks it)."""
        action = self._by_id.get(id(move))
        if action is not None:
            return action
        action = self._index.get(move)
        if action is None:
            raise ActionError(f"{self.version}: the move {str(move)!r} has no action")
        return action

    def move_of(self, action: int) -> Move:
        """The move numbered ``action`` (:class:`ActionError` outside the range)."""
        if type(action) is not int or not 0 <= action < len(self.moves):
            raise ActionError(
                f"{self.version}: action {action!r} is not an integer from 0 to {len(self.moves) - 1}"
            )
        return self.moves[action]

    def actions_of(self, moves: Sequence[Move]) -> list[int]:
        """The integers of ``moves``, in increasing order (OpenSpiel lists legal actions sorted)."""
        actions = self.actions_in_order(moves)
        actions.sort()
        return actions

    def actions_in_order(self, moves: Sequence[Move]) -> list[int]:
        """The integers of ``moves``, in the order of ``moves``: the move generators' shared instances
        (the vocabulary's own) found by identity in one pass in C, any other move by value."""
        try:
            return list(map(self._by_id.__getitem__, map(id, moves)))
        except KeyError:
            return [self.action_of(move) for move in moves]

    def mask(self, moves: Sequence[Move]) -> tuple[int, ...]:
        """A 0/1 vector of length :attr:`num_distinct_actions`, 1 at the actions of ``moves``."""
        out = [0] * len(self.moves)
        for action in self.actions_of(moves):
            out[action] = 1
        return tuple(out)

    def table(self) -> str:
        """Every action and its move as a Markdown table (what ``docs/actions.md`` prints)."""
        rows = [f"| {action} | `{move}` |" for action, move in enumerate(self.moves)]
        return "\n".join(["| action | move |", "| --- | --- |", *rows])

    def __repr__(self) -> str:
        return f"ActionSpace({self.version!r}, {len(self.moves)} moves)"
