"""The runner: checks a scenario's expectations against the engine, and the report of what it found.

:func:`run_scenario` builds the position under each expectation's rules, plays its ``after`` moves and
checks its statements; a :class:`ScenarioReport` holds one :class:`CheckResult` per statement, each
with what was expected, what the engine did and the clauses consulted, and writes itself as the report
lines of the ``check`` command.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs

from railroad_canasta.core.cards import format_kinds
from railroad_canasta.core.errors import IllegalMoveError, RulesError
from railroad_canasta.core.moves import Move
from railroad_canasta.game import apply, legal_moves, why_illegal
from railroad_canasta.scenarios.builder import build_position
from railroad_canasta.scenarios.classic_checks import classic_actual
from railroad_canasta.scenarios.model import (
    PLAYER_CHECKS,
    Check,
    Expectation,
    RuleValue,
    Scenario,
    ScenarioError,
    ScenarioErrors,
    canon_bool,
    canon_counts,
    canon_ints,
    canon_mask,
    canon_melds,
    raise_all,
    value_text,
)
from railroad_canasta.scenarios.options import rules_for
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import GameState

#: A scenario's position: a state of either variant.
_State = GameState | ClassicState

__all__ = ["CheckResult", "ScenarioReport", "run_scenario", "scenario_files", "summary_line", "verdict"]


@attrs.frozen
class CheckResult:
    """The outcome of one check: what was expected, what the engine did, and the clauses consulted."""

    expectation: int
    passed: bool
    context: str
    expected: str
    outcome: str
    clauses: tuple[str, ...]

    def line(self) -> str:
        """The check as one report line: ``PASS [2] ...`` or ``FAIL [2] ...``."""
        consulted = f" [clauses: {', '.join(self.clauses)}]" if self.clauses else ""
        if self.passed:
            return f"PASS [{self.expectation}] {self.context}{self.outcome}{consulted}"
        expected = f"expected {self.expected}; engine: {self.outcome}"
        return f"FAIL [{self.expectation}] {self.context}{expected}{consulted}"


@attrs.frozen
class ScenarioReport:
    """Every check of one scenario, in file order."""

    scenario: Scenario
    results: tuple[CheckResult, ...]

    @property
    def passed(self) -> bool:
        """Every check passed."""
        return all(r.passed for r in self.results)

    @property
    def failures(self) -> tuple[CheckResult, ...]:
        """The checks that failed."""
        return tuple(r for r in self.results if not r.passed)

    def lines(self) -> list[str]:
        """The report of the scenario: its file and title, then one indented line per check."""
        return [f"{self.scenario.file}: {self.scenario.title}", *(f"  {r.line()}" for r in self.results)]


def _actual(state: GameState, key: str, seat: int) -> str:
    """The engine's value for a state check, in canonical text."""
    player = state.players[seat]
    last = state.history[-1] if state.history else None
    hand = player.hand
    if seat == state.to_move and state.pending is not None:
        # The rest of a pile taken before the requirement is in hand, though not meldable yet (R-DEC-12).
        hand = tuple(a + b for a, b in zip(hand, state.pending, strict=True))
    if key == "hand":
        return canon_counts(hand)
    if key == "hand_size":
        return str(sum(hand))
    if key == "known":
        return canon_counts(player.known)
    if key == "kitty":
        return "taken" if player.kitty_taken else canon_counts(player.kitty)
    if key == "kitty_size":
        return str(player.kitty_size)
    if key == "melds":
        return canon_melds(player.melds)
    if key == "canastas":
        return canon_mask(player.canastas)
    if key == "red_threes":
        return str(player.red_threes)
    if key == "opened":
        return canon_bool(player.opened)
    if key == "may_look":
        return canon_bool(player.may_look_kitty)
    if key == "phase":
        return state.phase.value
    if key == "to_move":
        return str(state.to_move)
    if key == "dealer":
        return str(state.dealer)
    if key == "round":
        return str(state.round)
    if key == "pile":
        return format_kinds(state.pile) or "(empty)"
    if key == "pile_size":
        return str(len(state.pile))
    if key == "pile_top":
        return str(state.top) if state.top is not None else "none"
    if key == "pile_frozen":
        return canon_bool(state.pile_frozen)
    if key == "pile_stopped":
        return canon_bool(state.pile_stopped)
    if key == "stock":
        return str(len(state.stock))
    if key == "scores":
        return canon_ints(state.scores)
    if key in ("pack_size", "hand_sizes"):
        return f"{key} is a check of classic Canasta"
    if key in ("winners", "truncated"):
        if state.result is None:
            return "the game is not over"
        return canon_ints(state.result.winners) if key == "winners" else canon_bool(state.result.truncated)
    if last is None:
        return "no round has ended"
    if key == "round_end":
        return last.end.value
    if key == "went_out":
        return "nobody" if last.went_out is None else str(last.went_out)
    assert key == "score"
    b = last.breakdowns[seat]
    values = {
        "melded": b.melded,
        "canasta_bonus": b.canasta_bonus,
        "red_threes": b.red_threes,
        "going_out": b.going_out,
        "hand_penalty": b.hand_penalty,
        "kitty_penalty": b.kitty_penalty,
        "total": b.total,
    }
    return ", ".join(f"{name} {value}" for name, value in values.items())


def _score_matches(expected: str, actual: str) -> bool:
    """A score check names some parts of the breakdown; those must agree."""
    have = dict(part.rsplit(" ", 1) for part in actual.split(", "))
    for part in expected.split(", "):
        name, value = part.rsplit(" ", 1)
        if have.get(name) != value:
            return False
    return True


def verdict(state: _State, move: Move) -> tuple[bool, str, str]:
    """``(legal, clause, reason)`` of a move; an engine whose two answers disagree is reported as such."""
    listed = move in legal_moves(state)
    problem = why_illegal(state, move)
    if listed and problem is None:
        return True, "", ""
    if problem is not None and not listed:
        return False, problem.clause, problem.reason
    if listed:
        assert problem is not None
        return (
            False,
            problem.clause,
            f"{problem.reason} (yet legal_moves lists the move: the engine disagrees with itself)",
        )
    return False, "", "not among the legal moves, yet why_illegal finds no broken clause"


def _run_check(
    state: _State, check: Check, seat: int, scenario: Scenario
) -> tuple[bool, str, str, tuple[str, ...]]:
    """``(passed, expected, outcome, clauses consulted)`` of one check; outcome says what the engine did."""
    named = scenario.clauses
    if check.key in ("legal", "illegal"):
        move = check.move
        assert move is not None
        legal, clause, reason = verdict(state, move)
        if legal:
            outcome = f"{move} is legal"
            consulted = named
        else:
            outcome = f"{move} is illegal [{clause}]: {reason}" if clause else f"{move} is illegal: {reason}"
            consulted = (clause,) if clause else ()
        if check.key == "legal":
            return legal, f"{move} legal", outcome, consulted
        want = f"{move} illegal [{check.clause}]" + (
            f" with a reason mentioning {check.reason!r}" if check.reason else ""
        )
        ok = (
            not legal
            and clause == check.clause
            and (check.reason is None or check.reason.lower() in reason.lower())
        )
        return ok, want, outcome, consulted
    if check.key in ("moves", "moves_include", "moves_exclude"):
        legal_list = list(legal_moves(state))
        listed = ", ".join(str(m) for m in legal_list) or "(none)"
        outcome = f"legal moves: {listed}"
        if check.key == "moves":
            missing = [m for m in check.moves if m not in legal_list]
            extra = [m for m in legal_list if m not in check.moves]
            ok = not missing and not extra
            if missing:
                outcome += "; missing: " + "; ".join(_why_text(state, m) for m in missing)
            if extra:
                outcome += "; not expected: " + ", ".join(str(m) for m in extra)
            return ok, f"legal moves exactly {check.expected}", outcome, named
        if check.key == "moves_include":
            missing = [m for m in check.moves if m not in legal_list]
            if missing:
                outcome += "; missing: " + "; ".join(_why_text(state, m) for m in missing)
            return not missing, f"legal moves including {check.expected}", outcome, named
        present = [str(m) for m in check.moves if m in legal_list]
        if present:
            outcome += f" (including {', '.join(present)})"
        return not present, f"legal moves excluding {check.expected}", outcome, named
    if isinstance(state, ClassicState):
        actual = classic_actual(state, check.key, seat)
    else:
        actual = _actual(state, check.key, seat)
    if check.key == "score" and state.history:
        ok = _score_matches(check.expected, actual)
    else:
        ok = actual == check.expected
    who = f"player {seat} " if check.key in PLAYER_CHECKS else ""
    return ok, f"{who}{check.key} {check.expected}", f"{who}{check.key} {actual}", named


def _why_text(state: _State, move: Move) -> str:
    problem = why_illegal(state, move)
    return f"{move}: illegal [{problem.clause}]: {problem.reason}" if problem else f"{move}: not listed"


def _context(expectation: Expectation) -> str:
    parts = []
    if expectation.rules:
        parts.append("with " + ", ".join(f"{k}={value_text(v)}" for k, v in expectation.rules))
    if expectation.after:
        parts.append("after " + "; ".join(str(m) for m in expectation.after))
    return (", ".join(parts) + ": ") if parts else ""


def run_scenario(scenario: Scenario, overrides: Sequence[tuple[str, RuleValue]] = ()) -> ScenarioReport:
    """Check every expectation of ``scenario``.

    Rules are layered: the defaults, the file's ``[rules]``, then ``overrides`` (the command line's
    ``--rules``), then the expectation's own ``rules`` pins. A move of ``after`` that the engine refuses
    fails every check of its expectation. Raises :class:`ScenarioError` for a position that cannot exist
    under some expectation's rules (or an entry naming no seat of the game); every entry is tried first,
    so a file with several such errors raises them all at once (:class:`ScenarioErrors`).
    """
    built: dict[tuple[Rules | ClassicRules, int], _State | ScenarioError] = {}
    results: list[CheckResult] = []
    errors: list[ScenarioError] = []
    for expectation in scenario.expectations:
        try:
            rules = rules_for(scenario, overrides, expectation.rules)
        except RulesError as exc:
            # The file's options were checked when it was read: the overrides make them invalid.
            raise ScenarioError(
                scenario.file,
                f"expect[{expectation.index}].rules",
                f"with the overrides, {exc.option}: {exc.reason}",
            ) from None
        key = (rules, expectation.index if expectation.start is not None else 0)
        if key not in built:
            varied = (
                scenario if expectation.start is None else attrs.evolve(scenario, start=expectation.start)
            )
            try:
                built[key] = build_position(varied, rules)
            except ScenarioError as exc:
                built[key] = _entry_error(exc, expectation)
        found = built[key]
        context = _context(expectation)
        refusals = [check for check in expectation.checks if check.key == "refused"]
        if refusals:
            results += [_refusal(found, check, context, expectation.index) for check in expectation.checks]
            continue
        if isinstance(found, ScenarioError):
            # Every entry is still checked, so that the file reports all its errors at once.
            if str(found) not in {str(e) for e in errors}:
                errors.append(found)
            continue
        state = found
        start_player = state.to_move
        failed_move: str | None = None
        for k, move in enumerate(expectation.after):
            try:
                state = apply(state, move)
            except IllegalMoveError as exc:
                failed_move = f"after[{k}] {move} is illegal [{exc.clause}]: {exc.reason}"
                break
        for check in expectation.checks:
            if failed_move is not None:
                results.append(
                    CheckResult(expectation.index, False, context, check.describe(), failed_move, ())
                )
                continue
            seat = start_player if expectation.player is None else expectation.player
            if seat >= state.rules.players:
                errors.append(
                    ScenarioError(
                        scenario.file,
                        f"expect[{expectation.index}].player",
                        f"there is no seat {seat} in this game",
                    )
                )
                break
            passed, expected, outcome, clauses = _run_check(state, check, seat, scenario)
            results.append(CheckResult(expectation.index, passed, context, expected, outcome, clauses))
    raise_all(errors)
    return ScenarioReport(scenario, tuple(results))


def _entry_error(exc: ScenarioError, expectation: Expectation) -> ScenarioError:
    """A building error of an entry whose ``set`` varies the position names the entry too."""
    if expectation.start is None or isinstance(exc, ScenarioErrors):
        return exc
    return ScenarioError(exc.file, f"expect[{expectation.index}].set: {exc.field}", exc.reason)


def _refusal(found: _State | ScenarioError, check: Check, context: str, index: int) -> CheckResult:
    """A ``refused`` check passes when the builder refused the position naming the clause expected."""
    if check.key != "refused":
        return CheckResult(
            index, False, context, check.describe(), "only refused goes with a refused check", ()
        )
    if not isinstance(found, ScenarioError):
        return CheckResult(index, False, context, check.describe(), "the position was built", ())
    tag = f"[{check.expected}"
    outcome = f"refused at {found.field}: {found.reason}"
    return CheckResult(index, tag in found.reason, context, check.describe(), outcome, (check.expected,))


def _hidden(relative: Path) -> bool:
    return any(part.startswith(".") for part in relative.parts)


def scenario_files(paths: Sequence[str | Path]) -> list[Path]:
    """The scenario files named by ``paths``: files as given, and every ``*.toml`` under directories.

    Hidden files and directories (a name starting with ``.``) under a directory are skipped.
    """
    out: list[Path] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.toml") if p.is_file())
            out.extend(p for p in found if not _hidden(p.relative_to(path)))
        else:
            out.append(path)
    return out


def summary_line(files: int, checks: int, failed: int, errors: int = 0) -> str:
    """The last line of a ``check`` report: ``96 files, 447 checks: 447 passed, 0 failed``."""
    return f"{files} file{'s' * (files != 1)}, {checks} checks: {checks - failed} passed, {failed} failed" + (
        f", {errors} in error" if errors else ""
    )


def overrides_line(overrides: Sequence[tuple[str, RuleValue]]) -> str:
    """The line of a ``check`` report naming the command line's rules overrides."""
    return "rules overrides: " + ", ".join(f"{k}={value_text(v)}" for k, v in overrides)
