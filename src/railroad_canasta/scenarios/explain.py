"""Explaining one move in a scenario's position: the verdict, and the engine's guard table for the move.

:func:`explain_scenario` builds the position, plays the moves before the one asked about, and returns
an :class:`Explanation`: whether the move is legal, the clause and reason ``why_illegal`` gives, and the
guards that decide the move as the engine itself evaluates them (:func:`~railroad_canasta.game.explain_move`,
which asks the variant: every guard of the move's table in order, ``ok`` up to the first that ``fails``,
then ``not reached``). Nothing here keeps its own copy of the guards, so what ``explain`` prints is what
the validator does. :meth:`Explanation.lines` writes it as the ``explain`` command prints it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import attrs

from railroad_canasta.core.errors import IllegalMoveError
from railroad_canasta.core.guards import GuardOutcome
from railroad_canasta.core.moves import Move
from railroad_canasta.game import apply, explain_move
from railroad_canasta.scenarios.builder import build_position
from railroad_canasta.scenarios.model import Expectation, Scenario, ScenarioError, canon_counts
from railroad_canasta.scenarios.runner import verdict
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import GameState

__all__ = ["CLAUSE_EFFECTS", "Explanation", "entry_moves", "explain_scenario"]

#: For each move verb, the clauses that say what the move does once it is legal.
CLAUSE_EFFECTS: Mapping[str, tuple[str, ...]] = {
    "draw": ("R-TRN-3", "R-RED-1", "R-DEC-5", "R-DEC-13", "R-END-2"),
    "take-pile": ("R-PIL-4", "R-PIL-6", "R-RED-1", "R-DEC-12", "R-DEC-18", "R-MLD-2", "R-KIT-1"),
    "take-top": ("R-PIL-5", "R-DEC-2", "R-PIL-6", "R-RED-1", "R-MLD-2", "R-KIT-1"),
    "meld": ("R-TRN-4", "R-MLD-2", "R-CAN-1", "R-KIT-1", "R-REQ-1", "R-REQ-3", "R-DEC-15"),
    "add": ("R-TRN-4", "R-MLD-2", "R-CAN-1", "R-KIT-1", "R-REQ-1", "R-REQ-3", "R-DEC-15"),
    "discard": ("R-PIL-2", "R-PIL-3", "R-OUT-2", "R-OUT-3", "R-KIT-2", "R-DEC-10", "R-TRN-1"),
    "take-kitty": ("R-KIT-2", "R-RED-1", "R-DEC-5", "R-TRN-1"),
    "end-turn": ("R-KIT-2", "R-DEC-22", "R-TRN-1"),
    "end-round": ("R-END-3", "R-SCO-6"),
    "next-round": ("R-SET-2", "R-SET-3", "R-SET-4"),
    "ask-out": ("R-CL-DEC-1",),
    "answer-out": ("R-CL-DEC-1",),
}


@attrs.frozen
class Explanation:
    """The decision for one move in a scenario's position, with the guards the engine consulted."""

    scenario: Scenario
    #: The moves played before the one explained.
    played: tuple[Move, ...]
    #: The position the move is played in.
    state: GameState | ClassicState
    move: Move
    legal: bool
    #: The clause and reason ``why_illegal`` gives (empty for a legal move).
    clause: str
    reason: str
    #: The move's guard table as the engine evaluates it, in the engine's order.
    guards: tuple[GuardOutcome, ...]

    @property
    def first_failure(self) -> GuardOutcome | None:
        """The first guard of the table that fails, or ``None``."""
        return next((g for g in self.guards if g.status == "fails"), None)

    def disagreements(self) -> list[str]:
        """What the guard table says that the verdict does not (empty when the engine is consistent)."""
        failing = self.first_failure
        if self.legal:
            if failing is not None:
                return [f"the move is legal, yet the guard of {failing.clause} fails"]
            return []
        if failing is None:
            return [f"no guard of the table fails, yet the move is illegal [{self.clause or 'no clause'}]"]
        if (failing.clause, failing.reason) != (self.clause, self.reason):
            return [
                f"the first failing guard says [{failing.clause}] {failing.reason}, "
                f"why_illegal says [{self.clause}] {self.reason}"
            ]
        return []

    def lines(self) -> list[str]:
        """The explanation as the ``explain`` command prints it."""
        out = [f"{self.scenario.file}: {self.scenario.title}"]
        out += [f"played: {m}" for m in self.played]
        out += [f"  {line}" for line in _position_summary(self.state)]
        verb = str(self.move).split()[0]
        if self.legal:
            out.append(f"{self.move}: legal")
        elif self.clause:
            out.append(f"{self.move}: illegal [{self.clause}]: {self.reason}")
        else:
            out.append(f"{self.move}: illegal: {self.reason}")
        if self.guards:
            out.append(f"guards of {verb}, in the engine's order:")
            width = max(len(g.clause) for g in self.guards)
            for g in self.guards:
                out.append(f"  {g.clause:<{width}}  {g.status:<11}  {g.rule}")
                if g.status == "fails":
                    out.append(f"  {'':<{width}}  {'':<11}  -> {g.reason}")
        else:
            out.append(f"guards of {verb}: none")
        out += [f"note: the engine disagrees with itself: {d}" for d in self.disagreements()]
        if self.legal:
            effects = CLAUSE_EFFECTS.get(verb, ())
            if effects:
                out.append(f"what the move does: {', '.join(effects)}")
            after = apply(self.state, self.move)
            out.append(f"after it: {after.phase.value} phase, player {after.to_move} to move")
        out.append(f"clauses named by the scenario: {', '.join(self.scenario.clauses)}")
        return out


def _position_summary(state: GameState | ClassicState) -> Iterator[str]:
    if isinstance(state, ClassicState):
        side = state.mover_side
        yield f"player {state.to_move} to move, {state.phase.value} phase, round {state.round}"
        melds = " | ".join(str(m) for m in side.melds) or "none"
        yield f"hand: {canon_counts(state.mover_hand)}; side's melds: {melds}; red 3s: {side.red_threes}"
        yield _pile_line(len(state.pile), state.top, " frozen" if state.pile_frozen else "", len(state.stock))
        return
    me = state.mover
    yield f"player {state.to_move} to move, {state.phase.value} phase, round {state.round}"
    melds = " | ".join(str(m) for m in me.melds) or "none"
    yield f"hand: {canon_counts(me.hand)}; melds: {melds}; red 3s: {me.red_threes}"
    status = (" frozen" if state.pile_frozen else "") + (" stopped" if state.pile_stopped else "")
    yield _pile_line(len(state.pile), state.top, status, len(state.stock))


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _pile_line(size: int, top: object, status: str, stock: int) -> str:
    """The pile and the stock, as the summary says them (an empty pile has no top card to name)."""
    pile = f"{_cards(size)}, top {top}{status}" if size else f"empty{status}"
    return f"pile: {pile}; stock: {_cards(stock)}"


def entry_moves(scenario: Scenario, entry: int) -> tuple[Expectation, tuple[Move, ...]]:
    """The ``[[expect]]`` entry numbered ``entry`` (from 1) and the moves its ``legal``/``illegal`` ask about.

    Raises :class:`ScenarioError` when the file has no such entry.
    """
    found = next((e for e in scenario.expectations if e.index == entry), None)
    if found is None:
        count = len(scenario.expectations)
        raise ScenarioError(scenario.file, "expect", f"there is no entry {entry} (the file has {count})")
    asked = tuple(c.move for c in found.checks if c.key in ("legal", "illegal") and c.move is not None)
    return found, asked


def explain_scenario(
    scenario: Scenario,
    moves: Sequence[Move],
    rules: Rules | ClassicRules | None = None,
    entry: Expectation | None = None,
) -> Explanation:
    """Explain the last of ``moves`` in the scenario's position, after playing the others.

    ``rules`` default to the scenario's own. With ``entry`` (one of the file's ``[[expect]]`` entries,
    see :func:`entry_moves`) the position is that entry's: its ``set`` table varies the file's position,
    and its ``after`` moves are played before ``moves``; its ``rules`` pins are the caller's to lay
    (:func:`~railroad_canasta.scenarios.options.rules_for`). Raises :class:`ScenarioError` when the
    position cannot exist, no move is given, or a move before the last is illegal.
    """
    if not moves:
        raise ScenarioError(scenario.file, "move", "no move given")
    if entry is not None:
        if entry.start is not None:
            scenario = attrs.evolve(scenario, start=entry.start)
        moves = (*entry.after, *moves)
    state = build_position(scenario, rules)
    for prior in moves[:-1]:
        try:
            state = apply(state, prior)
        except IllegalMoveError as exc:
            raise ScenarioError(
                scenario.file, "move", f"{prior} cannot be played first: illegal [{exc.clause}]: {exc.reason}"
            ) from None
    move = moves[-1]
    legal, clause, reason = verdict(state, move)
    return Explanation(
        scenario, tuple(moves[:-1]), state, move, legal, clause, reason, explain_move(state, move)
    )
