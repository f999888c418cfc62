"""A game between one person and bots, for the front ends (the terminal game and the web table).

A :class:`GameSession` holds the game, the person's seat and the bots. It shows the person only their
view (:meth:`GameSession.seen`), lists their legal moves, plays a move given as an object or in move
notation (answering why it is illegal, with the clause, instead of raising), lets the bots move until it
is the person's turn again, and saves and resumes the game as a JSON game record. It plays every
variant through the public functions (:mod:`railroad_canasta.game`), which find the variant from the
rules: classic partners are bots, seated at the person's side (``ClassicRules(players=4)``: opposite).
Several people share one table with ``humans`` (their seats): each sees and plays only from their seat
(``seen(seat)``, ``legal(seat)``, ``play(move, seat)``) and the bots move until one of them is to move.

>>> from railroad_canasta import Rules
>>> game = GameSession(Rules(players=2), seed=7, human=0)
>>> lines = game.run_bots()           # seat 1 moves first in this deal
>>> game.waiting, len(lines) > 0
(True, True)
>>> game.play("take-kitty")
Violation(clause='R-TRN-2', reason='it is the draw phase, not the kitty phase')
>>> game.play("draw") is None
True
>>> from railroad_canasta import ClassicRules
>>> classic = GameSession(ClassicRules(players=4), seed=3)
>>> classic.partners
(2,)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import cast

from railroad_canasta.bots import Bot, GreedyBot, RandomBot
from railroad_canasta.bots.registry import heuristic_bot
from railroad_canasta.core.errors import NotationError
from railroad_canasta.core.guards import Violation
from railroad_canasta.core.moves import Move, parse_move
from railroad_canasta.game import AnyRules, AnyState, AnyView, apply, legal_moves, new_game, view, why_illegal
from railroad_canasta.io.records import GameRecord, ReplayError, record_from_json, record_to_json
from railroad_canasta.render.table import picture
from railroad_canasta.render.text import score_table
from railroad_canasta.variants.classic.rules import ClassicRules

__all__ = ["BOTS", "AnyRecord", "GameSession", "Replay", "make_bot", "read_record", "record_json"]

#: A game record of any variant.
AnyRecord = GameRecord[AnyRules]

#: The bots a person can play against, by name.
BOTS = ("greedy", "random", "heuristic")


def read_record(text: bytes | str) -> AnyRecord:
    """A saved game record of either variant (its ``variant`` field), every move checked on reading."""
    return record_from_json(text)


def record_json(record: AnyRecord) -> str:
    """A game record of either variant as JSON text, one field a line."""
    return record_to_json(record, indent=1)


def make_bot(name: str, seed: int, variant: str = "railroad") -> Bot[AnyView]:
    """The bot called ``name`` (one of :data:`BOTS`) for ``variant``; a random bot plays from ``seed``."""
    if name == "greedy":
        return GreedyBot()
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        # The variant's own bot: the session hands it only the views of its variant.
        return cast("Bot[AnyView]", heuristic_bot(variant, seed))
    raise ValueError(f"bot must be one of {', '.join(BOTS)}, not {name!r}")


class GameSession:
    """People (at seat ``human``, or at the seats ``humans``) against bots in a game dealt from ``rules``
    and ``seed``; the methods act for :attr:`human` (the first person) unless given a ``seat``."""

    def __init__(
        self,
        rules: AnyRules,
        seed: int,
        *,
        human: int = 0,
        humans: Sequence[int] | None = None,
        bot: str = "greedy",
        names: Sequence[str] | None = None,
        moves: Sequence[Move] = (),
    ) -> None:
        self.humans = tuple(sorted(set(humans))) if humans is not None else (human,)
        for seat in (*self.humans, human):
            if not 0 <= seat < rules.players:
                raise ValueError(f"seat must be from 0 to {rules.players - 1}, not {seat}")
        if not self.humans:
            raise ValueError("a table needs at least one person")
        self.rules = rules
        self.seed = seed
        self.human = self.humans[0]
        self.names = tuple(names) if names is not None else self.default_names(rules.players, *self.humans)
        self.bots = {
            i: make_bot(bot, seed * 100 + i, rules.variant)
            for i in range(rules.players)
            if i not in self.humans
        }
        self.moves: list[Move] = []
        self.state: AnyState = new_game(rules, seed=seed)
        for move in moves:
            self._apply(move)

    @staticmethod
    def default_names(players: int, *humans: int) -> tuple[str, ...]:
        """``you`` at the person's seat (``player 1``, ``player 2``... for several people), ``bot 1``,
        ``bot 2``... elsewhere."""
        out, people, bots = [], 0, 0
        for i in range(players):
            if i in humans:
                people += 1
                out.append("you" if len(humans) == 1 else f"player {people}")
            else:
                bots += 1
                out.append(f"bot {bots}")
        return tuple(out)

    @classmethod
    def resume(cls, path: Path, *, human: int = 0, bot: str = "greedy") -> GameSession:
        """The game saved in ``path`` (a JSON game record), to be played on."""
        record = read_record(path.read_bytes())  # every move checked; RecordError names the first bad one
        return cls(record.rules, record.seed, human=human, bot=bot, names=record.players, moves=record.moves)

    @property
    def partners(self) -> tuple[int, ...]:
        """The seats of the person's partners (bots; none when each plays alone)."""
        if not isinstance(self.rules, ClassicRules):
            return ()
        side = next(seats for seats in self.rules.sides if self.human in seats)
        return tuple(seat for seat in side if seat != self.human)

    def record(self) -> AnyRecord:
        """The game so far as a record (its result once it is over)."""
        state = self.state
        return GameRecord(state.rules, self.seed, self.names, tuple(self.moves), state.result)

    def save(self, path: Path) -> None:
        """Write the game so far to ``path`` as a JSON game record."""
        # Written beside it, then renamed: an interrupted save never leaves half a record.
        # An ``OSError`` (no such folder, a folder at ``path``, no permission) leaves no ``.part`` behind.
        part = path.with_name(path.name + ".part")
        try:
            part.write_text(record_json(self.record()) + "\n", encoding="utf-8")
            part.replace(path)
        except OSError:
            part.unlink(missing_ok=True)
            raise

    def seen(self, seat: int | None = None) -> AnyView:
        """What the person (at ``seat``) may know: their view (everything a front end shows comes from it)."""
        return view(self.state, self.human if seat is None else seat)

    @property
    def over(self) -> bool:
        """The game has ended."""
        return self.state.is_over

    @property
    def waiting(self) -> bool:
        """It is the person's move."""
        return self.waiting_for(self.human)

    def waiting_for(self, seat: int) -> bool:
        """It is the move of the person at ``seat``."""
        return not self.over and self.state.to_move == seat and seat in self.humans

    def legal(self, seat: int | None = None) -> Sequence[Move]:
        """The person's (at ``seat``) legal moves (none while it is not their turn)."""
        seat = self.human if seat is None else seat
        return legal_moves(self.seen(seat)) if self.waiting_for(seat) else ()

    def completions(self, prefix: str) -> list[str]:
        """The legal moves whose notation starts with ``prefix`` (for completion as the person types)."""
        words = " ".join(prefix.split())
        return [str(m) for m in self.legal() if str(m).startswith(words)]

    def play(self, move: Move | str, seat: int | None = None) -> Violation | None:
        """Play the person's (at ``seat``) ``move``; ``None`` when played, else why not (clause, reason)."""
        seat = self.human if seat is None else seat
        if not self.waiting_for(seat):
            # (each variant's clause of the turn: R-TRN-1, R-CL-TRN-1)
            turn = "R-CL-TRN-1" if isinstance(self.rules, ClassicRules) else "R-TRN-1"
            return Violation(turn, f"it is {self.names[self.state.to_move]}'s turn")
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except NotationError as exc:
                return Violation("notation", exc.reason)
        problem = why_illegal(self.seen(seat), move)
        if problem is not None:
            return problem
        self._apply(move)
        return None

    def _apply(self, move: Move) -> None:
        self.state = apply(self.state, move)
        self.moves.append(move)

    def run_bots(self) -> list[str]:
        """Let the bots move until it is the person's turn or the game is over; one line a move.

        A line says what every player sees: who moved and the move's notation (a draw names no card).
        """
        lines = []
        while not self.over and self.state.to_move not in self.humans:
            seat = self.state.to_move
            seen = view(self.state, seat)
            move = self.bots[seat].choose(seen, legal_moves(seen))
            before = len(self.state.history)
            self._apply(move)
            lines.append(f"{self.names[seat]}: {move}")
            lines += self.round_lines(before)
        return lines

    def round_lines(self, rounds_before: int) -> list[str]:
        """The score table's lines when a round ended since ``rounds_before`` rounds were scored."""
        if len(self.state.history) == rounds_before:
            return []
        table = picture(self.seen(), self.names)
        assert table.last_round is not None
        lines = [f"Round {self.state.history[-1].round} is over ({table.last_round.end})."]
        lines += score_table(self.seen(), self.names).splitlines()
        if table.winners is not None:
            winners = " and ".join(table.sides[i].name for i in table.winners) or "nobody"
            lines.append(f"Game over: {winners} won.")
        return lines


class Replay:
    """A saved game stepped through forwards and backwards: every state from the deal to the last move.

    An illegal move in the record raises :class:`~railroad_canasta.ReplayError` naming it and its clause.
    """

    def __init__(self, record: AnyRecord) -> None:
        self.record = record
        state = new_game(record.rules, seed=record.seed)
        self.states = [state]
        for move in record.moves:
            problem = why_illegal(state, move)
            if problem is not None:
                raise ReplayError(len(self.states) - 1, str(move), problem.clause, problem.reason)
            state = apply(state, move)
            self.states.append(state)
        self.index = 0

    @classmethod
    def load(cls, path: Path) -> Replay:
        """The record saved in ``path``."""
        return cls(read_record(path.read_bytes()))

    @property
    def state(self) -> AnyState:
        """The state after :attr:`index` moves."""
        return self.states[self.index]

    @property
    def last_move(self) -> Move | None:
        """The move that led to the current state."""
        return self.record.moves[self.index - 1] if self.index else None

    def go(self, index: int) -> AnyState:
        """Go to the state after ``index`` moves (clamped to the record)."""
        self.index = max(0, min(index, len(self.states) - 1))
        return self.state

    def forward(self, steps: int = 1) -> AnyState:
        """Step forwards."""
        return self.go(self.index + steps)

    def back(self, steps: int = 1) -> AnyState:
        """Step backwards."""
        return self.go(self.index - steps)
