"""The rules lab: the smallest table on which two readings of the rules part.

:func:`rules_diff` compares two rule sets of one variant. It builds small positions with the scenario
builder, plays seeded random moves from them under both rule sets side by side, and stops at the first
place where the two disagree: a move legal under one and refused under the other, or the same moves
ending in a different state (any value a scenario check can state: a hand, a score, the round's end, the
pile...). It then shrinks what it found, one card, seat part or move at a time, keeping each step that
still shows a difference, and writes the result as a scenario file that ``check`` accepts, with one
``[[expect]]`` per reading.

Only public parts are used (the builder, ``legal_moves``, ``apply``, ``why_illegal``, the scenario reader
and runner), so the search works for any options of a rules class, a user's own included. The search is
seeded: the same rules, budget and seed give the same file.

>>> import railroad_canasta as rc
>>> found = rules_diff(rc.Rules(), rc.Rules(frozen_pile_pair_pickup=False), budget=200)
>>> found is not None and found.size.players == 2
True
>>> rules_diff(rc.Rules(), rc.Rules(), budget=20) is None
True
"""

from __future__ import annotations

import enum
import inspect
import random
import re
from collections.abc import Callable, Iterator, Sequence

import attrs

from railroad_canasta.core.cards import Kind, kinds_of
from railroad_canasta.core.errors import IllegalMoveError, RailroadCanastaError
from railroad_canasta.core.moves import Move
from railroad_canasta.core.options import option_names, rules_from_mapping
from railroad_canasta.game import apply, legal_moves
from railroad_canasta.scenarios.builder import build_position
from railroad_canasta.scenarios.lab_positions import chooser, counts, random_start
from railroad_canasta.scenarios.model import (
    PLAYER_CHECKS,
    STATE_CHECKS,
    DealSpec,
    PlayerSpec,
    PositionSpec,
    RuleValue,
    Scenario,
    value_text,
)
from railroad_canasta.scenarios.reader import parse_scenario
from railroad_canasta.scenarios.runner import run_scenario, verdict
from railroad_canasta.scenarios.writer import (
    check_lines,
    inline_table,
    position_lines,
    state_value,
    toml_string,
    writable,
)
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.railroad.rules import Rules, TableMeld
from railroad_canasta.variants.railroad.state import GameState, Phase

__all__ = [
    "DEFAULT_BUDGET",
    "ExampleSize",
    "RulesDiff",
    "decision_clause",
    "decision_options",
    "differing_options",
    "other_reading",
    "rules_diff",
]

#: Positions tried by default before the search gives up (well under a minute for each decision).
DEFAULT_BUDGET = 20_000

_State = GameState | ClassicState
_AnyRules = Rules | ClassicRules
_Start = PositionSpec | DealSpec
_Options = tuple[tuple[str, RuleValue], ...]
#: The most players a shared ``players`` option is set to.
_MOST_PLAYERS = 8
#: Moves played at most from a position before it is given up.
_WALK = 8
#: Steps of the shrinker at most (each step one rebuilt position and one replay).
_SHRINK_STEPS = 1500
#: Differences found and shrunk before the smallest is kept.
_FINDS = 4
#: Positions tried after the first difference, beyond as many again as it took to find it.
_MORE = 200
#: Of this many positions tried, one is a fresh deal (the readings that differ only at the deal).
_DEAL_EVERY = 8


@attrs.frozen(order=True)
class ExampleSize:
    """How big an example is: cards on the table and in hands, seats, and moves played; smaller first."""

    cards: int
    players: int
    moves: int

    def __str__(self) -> str:
        return f"{self.players} players, {self.cards} cards, {self.moves} moves"


@attrs.frozen
class RulesDiff:
    """Where two readings part: the scenario file (``text``), its size, and how long the search took."""

    #: The scenario file, in TOML; ``check`` accepts it.
    text: str
    size: ExampleSize
    #: Positions tried before the first difference was found.
    tried: int
    #: The clauses the file names.
    clauses: tuple[str, ...]
    #: What differs, in words (the file's question).
    question: str


# ------------------------------------------------------------------------------------------ options


def differing_options(rules_a: _AnyRules, rules_b: _AnyRules) -> dict[str, tuple[RuleValue, RuleValue]]:
    """The options whose values differ between two rule sets of one variant, as ``(a, b)`` pairs."""
    return {
        name: (getattr(rules_a, name), getattr(rules_b, name))
        for name in option_names(type(rules_a))
        if getattr(rules_a, name) != getattr(rules_b, name)
    }


def decision_clause(rules_type: type[object], option: str) -> str | None:
    """The clause a rules class names in the ``#:`` comment above ``option`` (``R-DEC-1``), if any."""
    try:
        source = inspect.getsource(rules_type)
    except (OSError, TypeError):
        return None
    comment: list[str] = []
    for line in source.splitlines():
        text = line.strip()
        if text.startswith("#:"):
            comment.append(text)
            continue
        if re.match(rf"^{re.escape(option)}\s*:", text):
            found = re.search(r"\bR-(?:[A-Z]+-)+\d+\b", " ".join(comment))
            return found.group(0) if found else None
        if not text.startswith("#"):
            comment = []
    return None


def decision_options(rules_type: type[object]) -> tuple[tuple[str, str], ...]:
    """``(clause, option)`` for every option of a rules class whose comment names a decision (``-DEC-``)."""
    out = []
    for name in option_names(rules_type):
        clause = decision_clause(rules_type, name)
        if clause is not None and "-DEC-" in clause:
            out.append((clause, name))
    return tuple(out)


def other_reading(rules: _AnyRules, option: str) -> _AnyRules:
    """``rules`` with ``option`` set to another value: a bool flipped, the next enum member, an int one less
    (or one more where one less is refused). Raises :class:`RailroadCanastaError` when none is valid."""
    value = getattr(rules, option)
    values: list[RuleValue]
    if isinstance(value, bool):
        values = [not value]
    elif isinstance(value, enum.Enum):
        members = list(type(value))
        values = [members[(members.index(value) + 1) % len(members)]]
    elif isinstance(value, int):
        values = [value - 1, value + 1]
    else:
        values = []
    for other in values:
        try:
            return _with(rules, ((option, other),))
        except RailroadCanastaError:
            continue
    raise RailroadCanastaError(f"{option}: no other value to compare with {value!r}")


# ------------------------------------------------------------------------------------- candidates


@attrs.frozen
class _Candidate:
    """A start (a described position or a deal), shared options of both readings, and moves to play."""

    start: _Start
    base: _Options
    moves: tuple[Move, ...]


@attrs.frozen
class _Found:
    """A difference after ``candidate.moves``: ``move`` legal under one reading only, or ``keys`` differ."""

    candidate: _Candidate
    move: Move | None
    legal_under_a: bool
    keys: tuple[tuple[str, int | None], ...]


def _rules_with(rules: _AnyRules, base: Sequence[tuple[str, RuleValue]]) -> _AnyRules:
    return _with(rules, base)


def _with(rules: _AnyRules, changes: Sequence[tuple[str, RuleValue]]) -> _AnyRules:
    """``rules`` with some options changed (RulesError, a RailroadCanastaError, if they are invalid)."""
    return rules_from_mapping(type(rules), {**_options(rules), **dict(changes)})


def _options(rules: _AnyRules) -> dict[str, RuleValue]:
    return {name: getattr(rules, name) for name in option_names(type(rules))}


def _scenario(start: _Start, variant: str) -> Scenario:
    return Scenario("<lab>", "", "", ("R-LAB-1",), (), start, (), variant)


def _build(start: _Start, rules: _AnyRules) -> _State | None:
    try:
        return build_position(_scenario(start, rules.variant), rules)
    except RailroadCanastaError:
        return None


#: The state checks a difference is stated by first: the end of a game or round, then the players' own.
_FIRST_CHECKS = ("winners", "round_end", "went_out", "scores")


def _keys(players: int) -> Iterator[tuple[str, int | None]]:
    for key in _FIRST_CHECKS:
        yield key, None
    for seat in range(players):
        for key in PLAYER_CHECKS:
            yield key, seat
    for key in STATE_CHECKS:
        if key not in _FIRST_CHECKS:
            yield key, None


def _differences(a: _State, b: _State) -> tuple[tuple[str, int | None], ...]:
    if a.rules.players != b.rules.players:
        return (("to_move", None),) if a.to_move != b.to_move else (("dealer", None),)
    return tuple(
        (key, seat)
        for key, seat in _keys(a.rules.players)
        if state_value(a, key, a.to_move if seat is None else seat)
        != state_value(b, key, b.to_move if seat is None else seat)
    )


def _first_difference(
    a: _State,
    b: _State,
    moves: Sequence[Move],
    choose: Callable[[list[Move]], Move] | None,
    scored: list[tuple[tuple[int, ...], tuple[Move, ...]]] | None = None,
) -> tuple[int, Move | None, bool, tuple[tuple[str, int | None], ...], tuple[Move, ...]] | None:
    """Play ``moves`` (then, with ``choose``, up to :data:`_WALK` chosen moves) under both readings.

    Returns ``(moves played, move, legal under a, differing keys, moves)`` at the first difference.
    Without one, a walk that changed the scores leaves what each side gained, and its moves, in ``scored``.
    """
    first = a.scores
    played: list[Move] = []
    pending = list(moves)
    while True:
        keys = _differences(a, b)
        if keys:
            return len(played), None, False, keys, tuple(played)
        legal_a, legal_b = legal_moves(a), legal_moves(b)
        set_a, set_b = set(legal_a), set(legal_b)
        if set_a != set_b:
            only_a = sorted((str(m), m) for m in set_a - set_b)
            only_b = sorted((str(m), m) for m in set_b - set_a)
            chosen = only_a[0][1] if only_a else only_b[0][1]
            return len(played), chosen, bool(only_a), (), tuple(played)
        if pending:
            move = pending.pop(0)
            if move not in set_a:
                return None
        elif choose is not None and len(played) < _WALK and legal_a:
            move = choose(list(legal_a))
        else:
            if scored is not None and a.scores != first:
                scored.append((tuple(y - x for x, y in zip(first, a.scores, strict=True)), tuple(played)))
            return None
        try:
            a, b = apply(a, move), apply(b, move)
        except IllegalMoveError:
            return None
        played.append(move)


def _probe(
    candidate: _Candidate,
    rules_a: _AnyRules,
    rules_b: _AnyRules,
    choose: Callable[[list[Move]], Move] | None,
    scored: list[tuple[tuple[int, ...], tuple[Move, ...]]] | None = None,
) -> _Found | None:
    ra, rb = _rules_with(rules_a, candidate.base), _rules_with(rules_b, candidate.base)
    a, b = _build(candidate.start, ra), _build(candidate.start, rb)
    if a is None or b is None:
        return None
    found = _first_difference(a, b, candidate.moves, choose, scored)
    if found is None:
        return None
    _, move, legal_a, keys, played = found
    return _Found(attrs.evolve(candidate, moves=played), move, legal_a, keys)


# ------------------------------------------------------------------------------------- generation


def _bases(rules_a: _AnyRules, rules_b: _AnyRules) -> tuple[list[_Options], list[_Options]]:
    """Shared options tried: fewer players first where neither reading sets them, then more players.

    The first list is tried in the first half of the budget, both in the second.
    """
    names = option_names(type(rules_a))
    if "players" not in names or "players" in differing_options(rules_a, rules_b):
        return [()], [()]
    fewer: list[_Options] = []
    more: list[_Options] = []
    for players in range(2, _MOST_PLAYERS + 1):
        if players == rules_a.players:
            continue
        try:
            _with(rules_a, (("players", players),))
            _with(rules_b, (("players", players),))
        except RailroadCanastaError:
            continue
        (fewer if players < rules_a.players else more).append((("players", players),))
    return [*fewer, ()], [*fewer, (), *more]


def _level(candidate: _Candidate, gains: tuple[int, ...], moves: tuple[Move, ...]) -> _Candidate:
    """The same start and moves, with scores before the round set so that the sides end it level (ties)."""
    start = candidate.start
    assert isinstance(start, PositionSpec)
    level = max(p.score for p in start.players[: len(gains)]) + max(gains)
    players = tuple(
        attrs.evolve(p, score=level - gains[seat] if seat < len(gains) else 0)
        for seat, p in enumerate(start.players)
    )
    return attrs.evolve(candidate, start=attrs.evolve(start, players=players), moves=moves)


# -------------------------------------------------------------------------------------- shrinking


def _size(candidate: _Candidate, rules: _AnyRules) -> ExampleSize:
    """The size of an example: the cards its start puts on the table and in hands (not the stock)."""
    state = _build(candidate.start, rules)
    cards = 0 if state is None else _table_cards(state)
    return ExampleSize(cards, rules.players, len(candidate.moves))


def _table_cards(state: _State) -> int:
    if isinstance(state, ClassicState):
        melded = sum(m.size for side in state.sides for m in side.melds)
        reds = sum(side.red_threes for side in state.sides)
        return sum(sum(h) for h in state.hands) + melded + reds + len(state.pile)
    return len(state.pile) + sum(
        sum(p.hand) + sum(p.kitty) + sum(m.size for m in p.melds) + p.red_threes for p in state.players
    )


def _plainness(candidate: _Candidate) -> int:
    """How much a start says beyond its cards (scores, flags, a fixed stock): less is plainer."""
    start = candidate.start
    if isinstance(start, DealSpec):
        return 0
    said = (start.stock is not None) + (start.phase is not Phase.DRAW) + len(candidate.base)
    for p in start.players:
        said += bool(p.score) + (p.opened is not None) + (p.kitty is not None)
    return said


def _rank(candidate: _Candidate, rules: _AnyRules) -> tuple[ExampleSize, int]:
    return _size(candidate, rules), _plainness(candidate)


def _without(kinds: Sequence[Kind]) -> Iterator[tuple[Kind, ...]]:
    seen: set[Kind] = set()
    for i, kind in enumerate(kinds):
        if kind not in seen:
            seen.add(kind)
            yield (*kinds[:i], *kinds[i + 1 :])


def _player_shrinks(p: PlayerSpec) -> Iterator[PlayerSpec]:
    if p.score:
        yield attrs.evolve(p, score=0)
    if p.hand is not None:
        for hand in _without(kinds_of(p.hand)):
            yield attrs.evolve(p, hand=counts(hand))
    if not p.kitty_taken:
        yield attrs.evolve(p, kitty=None, kitty_taken=True)
    if p.kitty is not None:
        for kitty in _without(kinds_of(p.kitty)):
            yield attrs.evolve(p, kitty=counts(kitty))
    for j, meld in enumerate(p.melds):
        yield attrs.evolve(p, melds=p.melds[:j] + p.melds[j + 1 :])
        for smaller in _meld_shrinks(meld):
            yield attrs.evolve(p, melds=(*p.melds[:j], smaller, *p.melds[j + 1 :]))
    if p.red_threes:
        yield attrs.evolve(p, red_threes=p.red_threes - 1)
    if p.opened is not None:
        yield attrs.evolve(p, opened=None)


def _meld_shrinks(meld: TableMeld) -> Iterator[TableMeld]:
    if meld.naturals:
        yield attrs.evolve(meld, naturals=meld.naturals - 1)
    if meld.jokers:
        yield attrs.evolve(meld, jokers=meld.jokers - 1)
    if meld.twos:
        yield attrs.evolve(meld, twos=meld.twos - 1)


def _shrinks(candidate: _Candidate) -> Iterator[_Candidate]:
    moves = candidate.moves
    for i in range(len(moves)):
        yield attrs.evolve(candidate, moves=moves[:i] + moves[i + 1 :])
    start = candidate.start
    if isinstance(start, DealSpec):
        return
    for seat, p in enumerate(start.players):
        for smaller in _player_shrinks(p):
            players = (*start.players[:seat], smaller, *start.players[seat + 1 :])
            yield attrs.evolve(candidate, start=attrs.evolve(start, players=players))
    for pile in _without(start.pile):
        yield attrs.evolve(candidate, start=attrs.evolve(start, pile=pile))
    for top in _without(start.stock_top):
        yield attrs.evolve(candidate, start=attrs.evolve(start, stock_top=top))
    if start.stock is not None:
        yield attrs.evolve(candidate, start=attrs.evolve(start, stock=None))
    if start.phase is not Phase.DRAW:
        yield attrs.evolve(candidate, start=attrs.evolve(start, phase=Phase.DRAW))


def _shrink(found: _Found, rules_a: _AnyRules, rules_b: _AnyRules) -> _Found:
    """Greedy shrinking: take any smaller candidate that still shows a difference, until none does."""
    best = found
    best_size = _rank(found.candidate, _rules_with(rules_a, found.candidate.base))
    steps = 0
    improved = True
    while improved and steps < _SHRINK_STEPS:
        improved = False
        for smaller in _shrinks(best.candidate):
            steps += 1
            if steps >= _SHRINK_STEPS:
                break
            again = _probe(smaller, rules_a, rules_b, None)
            if again is None:
                continue
            size = _rank(again.candidate, _rules_with(rules_a, again.candidate.base))
            if size < best_size:
                best, best_size, improved = again, size, True
                break
    return best


# ----------------------------------------------------------------------------------------- writing


def _write(
    found: _Found, rules_a: _AnyRules, rules_b: _AnyRules, names: dict[str, tuple[RuleValue, RuleValue]]
) -> tuple[str, tuple[str, ...], str] | None:
    candidate = found.candidate
    ra, rb = _rules_with(rules_a, candidate.base), _rules_with(rules_b, candidate.base)
    a, b = _build(candidate.start, ra), _build(candidate.start, rb)
    if a is None or b is None:
        return None
    for move in candidate.moves:
        a, b = apply(a, move), apply(b, move)
    pins_a = tuple((name, pair[0]) for name, pair in names.items())
    pins_b = tuple((name, pair[1]) for name, pair in names.items())
    clauses = [c for name in names if (c := decision_clause(type(rules_a), name)) is not None]
    after = ""
    if candidate.moves:
        after = "after = [" + ", ".join(toml_string(str(m)) for m in candidate.moves) + "]"
    options = ", ".join(f"{k}={value_text(v)}" for k, v in pins_b)
    # The readings compared: the defaults against the options of b, or two sets of options (--a/--b).
    defaults = type(rules_a)()
    if all(value == getattr(defaults, name) for name, value in pins_a):
        readings, title = f"by default and with {options}", options
    else:
        options_a = ", ".join(f"{k}={value_text(v)}" for k, v in pins_a)
        readings, title = f"with {options_a} and with {options}", f"{options_a} or {options}"
    checks: list[list[str]] = []
    if found.move is not None:
        move = found.move
        legal_state, illegal_state = (a, b) if found.legal_under_a else (b, a)
        _, clause, _ = verdict(illegal_state, move)
        if not clause:
            return None
        if clause not in clauses:
            clauses.append(clause)
        _ = legal_state
        legal_lines = [f"legal = {toml_string(str(move))}"]
        illegal_lines = [f"illegal = {toml_string(str(move))}", f"clause = {toml_string(clause)}"]
        checks = [legal_lines, illegal_lines] if found.legal_under_a else [illegal_lines, legal_lines]
        question = f"May the player to move play {move} here, {readings}?"
    else:
        keys = [
            (k, s) for k, s in found.keys if writable(k, state_value(a, k, a.to_move if s is None else s))
        ]
        keys = [(k, s) for k, s in keys if writable(k, state_value(b, k, b.to_move if s is None else s))]
        if not keys:
            return None
        key, seat = keys[0]
        checks = [check_lines(a, key, seat), check_lines(b, key, seat)]
        what = key.replace("_", " ") + ("" if seat is None else f" of player {seat}")
        moves = "; ".join(str(m) for m in candidate.moves)
        when = f"After {moves}" if moves else "Before any move"
        question = f"{when}, is the value of {what} the same {readings}?"
    if not clauses:
        return None
    variant = rules_a.variant
    lines = [
        f"title = {toml_string('Where the readings part: ' + title)}",
        f"question = {toml_string(question)}",
        "clauses = [" + ", ".join(toml_string(c) for c in clauses) + "]",
    ]
    if variant != Rules.variant:
        lines.append(f"variant = {toml_string(variant)}")
    if candidate.base:
        lines.append(f"rules = {inline_table(candidate.base)}")
    lines.append("")
    lines += position_lines(candidate.start)
    for pins, body, reading in ((pins_a, checks[0], "a"), (pins_b, checks[1], "b")):
        lines.append("[[expect]]")
        lines.append(f"rules = {inline_table(pins)}")
        lines.append(f'note = "reading {reading}"')
        if after:
            lines.append(after)
        lines += body
        lines.append("")
    text = "\n".join(lines)
    scenario = parse_scenario(text, "<diff-rules>")
    if not all(result.passed for result in run_scenario(scenario).results):
        return None
    return text, tuple(clauses), question


# -------------------------------------------------------------------------------------------- search


def rules_diff(
    rules_a: _AnyRules, rules_b: _AnyRules, *, budget: int = DEFAULT_BUDGET, seed: int = 0
) -> RulesDiff | None:
    """The smallest scenario found on which ``rules_a`` and ``rules_b`` disagree, or ``None``.

    Up to ``budget`` positions are tried, drawn from ``seed``: small positions made by the scenario
    builder (and now and then a fresh deal), each played on for a few seeded moves under both rule sets.
    The first difference found is shrunk (fewer cards, players, moves) and written as a scenario file
    with one ``[[expect]]`` per reading, each pinning the options that differ; the file passes ``check``.
    Raises :class:`~railroad_canasta.core.errors.RulesError` (a ``ValueError``) if the two rule sets are
    of different variants.
    """
    for name, rules in (("rules_a", rules_a), ("rules_b", rules_b)):
        if not isinstance(rules, (Rules, ClassicRules)):
            raise TypeError(f"rules_diff: {name} must be a Rules or ClassicRules, not {type(rules).__name__}")
    if type(budget) is not int or budget < 1 or type(seed) is not int:
        raise TypeError("rules_diff: budget must be a whole number of positions (at least 1), seed an int")
    if type(rules_a) is not type(rules_b):
        raise RailroadCanastaError(
            f"the two rule sets are of different variants: {rules_a.variant} and {rules_b.variant}"
        )
    names = differing_options(rules_a, rules_b)
    if not names:
        return None
    rng = random.Random(seed)
    bases = _bases(rules_a, rules_b)
    best: tuple[tuple[ExampleSize, int], _Found, int] | None = None
    finds = 0
    for tried in range(1, budget + 1):
        if best is not None and (finds >= _FINDS or tried > 2 * best[2] + _MORE):
            break
        deal = tried % _DEAL_EVERY == 0
        pool = bases[tried > budget // 2]
        base = () if deal else pool[(tried - 1) % len(pool)]
        shared = _rules_with(rules_a, base)
        start: _Start = DealSpec(rng.randrange(1 << 32)) if deal else random_start(rng, shared)
        scored: list[tuple[tuple[int, ...], tuple[Move, ...]]] = []
        candidate = _Candidate(start, base, ())
        # A deal is compared as dealt: a walk over full hands costs much and shrinks to nothing.
        choose = None if deal else chooser(random.Random(rng.randrange(1 << 32)))
        found = _probe(candidate, rules_a, rules_b, choose, scored)
        if found is None and scored and isinstance(start, PositionSpec):
            found = _probe(_level(candidate, *scored[0]), rules_a, rules_b, None)
        if found is None or _write(found, rules_a, rules_b, names) is None:
            continue
        finds += 1
        small = _shrink(found, rules_a, rules_b)
        if _write(small, rules_a, rules_b, names) is None:
            small = found
        rank = _rank(small.candidate, _rules_with(rules_a, small.candidate.base))
        if best is None or rank < best[0]:
            best = (rank, small, tried if best is None else best[2])
    if best is None:
        return None
    rank, example, tried = best
    written = _write(example, rules_a, rules_b, names)
    assert written is not None
    text, clauses, question = written
    return RulesDiff(text, rank[0], tried, clauses, question)
