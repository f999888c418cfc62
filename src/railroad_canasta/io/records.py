"""Game records: the rules, the seed, the players and the moves of a game; their replay and their JSON.

A record is a JSON object with ``"schema": "railroad-canasta/record/1"``; it
names the rules version it was played under, and :func:`replay` deals the game
again from its rules and seed and applies every move. A record of any variant
is a :class:`GameRecord` (its rules say the variant); a classic record's JSON
says ``"variant": "classic"``, and a record without the field is Railroad's.

>>> from railroad_canasta import CLASSIC, RAILROAD, apply, new_game
>>> record = record_game(RAILROAD, 7, ["draw"])
>>> replay(record_from_json(record_to_json(record))) == apply(new_game(RAILROAD, seed=7), "draw")
True
>>> classic = record_game(CLASSIC, 7, ["draw"])
>>> record_to_dict(classic)["variant"]
'classic'
>>> replay(record_from_json(record_to_json(classic))) == apply(new_game(CLASSIC, seed=7), "draw")
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar, cast, overload

import attrs

from railroad_canasta.core.errors import (
    IllegalMoveError,
    NotationError,
    RailroadCanastaError,
    describe,
    json_indent,
    need_type,
)
from railroad_canasta.core.moves import Move, parse_move
from railroad_canasta.core.seed import MAX_SEED_BITS
from railroad_canasta.game import AnyRules, AnyState, new_game
from railroad_canasta.io.codec import (
    AnyResult,
    read_move,
    read_result,
    result_to_json,
    rules_from_dict,
    rules_to_dict,
)
from railroad_canasta.io.reader import (
    MAX_MOVES,
    JSONObject,
    RecordError,
    checked,
    fail,
    loads,
    read_document,
    read_int,
    read_list,
    read_object,
    read_variant,
)
from railroad_canasta.io.schemas import RECORD_SCHEMA
from railroad_canasta.variants import VARIANTS, variant_of
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.railroad.invariants import validate_result
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import GameResult, GameState

__all__ = [
    "GameRecord",
    "ReplayError",
    "record_from_dict",
    "record_from_json",
    "record_game",
    "record_to_dict",
    "record_to_json",
    "replay",
]


class ReplayError(RailroadCanastaError):
    """A game record does not replay: a move is illegal, or the game ends otherwise than recorded.

    ``index`` is the 0-based index of the move in the record (the number of moves when the recorded
    result differs), ``move`` its text (``""`` then), ``clause`` the clause the move breaks (``None`` for
    a result that differs) and ``reason`` a sentence.
    """

    def __init__(self, index: int, move: str, clause: str | None, reason: str) -> None:
        self.index = index
        self.move = move
        self.clause = clause
        self.reason = reason
        where = f"move {index} {move!r}" if move else f"after move {index}"
        tag = f" [{clause}]" if clause else ""
        super().__init__(f"{where}{tag}: {reason}")

    def __repr__(self) -> str:
        return f"ReplayError({self.index!r}, {self.move!r}, {self.clause!r}, {self.reason!r})"


def _default_names(players: int) -> tuple[str, ...]:
    return tuple(f"player {i}" for i in range(players))


#: The rules of a record: of one variant or the other.
RulesT = TypeVar("RulesT", bound=AnyRules, covariant=True)


@attrs.frozen
class GameRecord(Generic[RulesT]):
    """A game as it was played: the rules, the seed, the players' names, the moves and the result.

    :func:`replay` deals the game from the rules and the seed and applies the
    moves; the result is ``None`` for a game not finished. The rules say the
    variant: ``GameRecord[Rules]`` is a Railroad game, ``GameRecord[ClassicRules]`` a classic one.
    """

    rules: RulesT
    seed: int
    #: The players' names, by seat.
    players: tuple[str, ...]
    #: Every move of the game, in order.
    moves: tuple[Move, ...]
    #: The game's result (a :class:`~railroad_canasta.GameResult` for Railroad, a
    #: ``ClassicGameResult`` for classic), or ``None`` while it is not over.
    result: AnyResult | None = None

    def __attrs_post_init__(self) -> None:
        if len(self.players) != self.rules.players:
            raise RecordError("players", f"must name {self.rules.players} players, not {len(self.players)}")


@overload
def replay(record: GameRecord[Rules], *, check_result: bool = True) -> GameState: ...
@overload
def replay(record: GameRecord[ClassicRules], *, check_result: bool = True) -> ClassicState: ...
@overload
def replay(record: GameRecord[AnyRules], *, check_result: bool = True) -> AnyState: ...
def replay(record: GameRecord[AnyRules], *, check_result: bool = True) -> AnyState:
    """The state reached by replaying ``record`` from its deal.

    Every move is checked; the first illegal one raises :class:`ReplayError`
    with its index, its text and the clause it breaks. With ``check_result``
    the game must also end as recorded (or not be over for a record without
    result).
    """
    need_type("replay", record, GameRecord, "a GameRecord")
    state, _ = _play(record.rules, record.seed, record.moves)
    if check_result and state.result != record.result:
        raise ReplayError(
            len(record.moves),
            "",
            None,
            f"the replayed game's result is {state.result!r}, but the record says {record.result!r}",
        )
    return state


def _play(rules: AnyRules, seed: int, moves: Iterable[Move | str]) -> tuple[AnyState, list[Move]]:
    """The state after dealing from ``seed`` and playing ``moves``, and the moves read."""
    state: AnyState = new_game(rules, seed=seed)
    # The variant's own apply: the states are the engine's, so the public function's checks are not needed.
    step = cast("Callable[[AnyState, Move], AnyState]", variant_of(rules).apply)
    played: list[Move] = []
    need_type("record_game", moves, Iterable, "an iterable of moves")
    for index, item in enumerate(moves):
        if isinstance(item, str):
            try:
                move = parse_move(item)
            except NotationError as exc:
                raise ReplayError(index, item, None, exc.reason) from exc
        else:
            move = item
        try:
            state = step(state, move)
        except IllegalMoveError as exc:
            raise ReplayError(index, str(move), exc.clause, exc.reason) from exc
        played.append(move)
    return state, played


@overload
def record_game(
    rules: Rules, seed: int, moves: Iterable[Move | str], *, players: Sequence[str] | None = None
) -> GameRecord[Rules]: ...
@overload
def record_game(
    rules: ClassicRules, seed: int, moves: Iterable[Move | str], *, players: Sequence[str] | None = None
) -> GameRecord[ClassicRules]: ...
def record_game(
    rules: AnyRules,
    seed: int,
    moves: Iterable[Move | str],
    *,
    players: Sequence[str] | None = None,
) -> GameRecord[AnyRules]:
    """A record of the game dealt by ``rules`` and ``seed`` and played with ``moves`` (objects or text).

    The moves are replayed (an illegal or unreadable one raises
    :class:`ReplayError`) and the record's result is that of the last state.
    Players are named ``"player 0"``, ``"player 1"``... unless ``players`` names them.
    """
    state, played = _play(rules, seed, moves)
    names = tuple(players) if players is not None else _default_names(rules.players)
    return GameRecord(rules, seed, names, tuple(played), state.result)


def record_to_dict(record: GameRecord[AnyRules]) -> JSONObject:
    """A game record as a JSON object (schema ``railroad-canasta/record/1``; classic adds its ``variant``)."""
    need_type("record_to_dict", record, GameRecord, "a GameRecord")
    variant = record.rules.variant
    named: JSONObject = {} if variant == Rules.variant else {"variant": variant}
    return {
        "schema": RECORD_SCHEMA,
        **named,
        "rules_version": VARIANTS[variant].metadata.rules_version,
        "rules": rules_to_dict(record.rules),
        "seed": record.seed,
        "players": list(record.players),
        "moves": [m.text for m in record.moves],
        "result": result_to_json(record.result),
    }


def record_from_dict(data: object, *, check: bool = True) -> GameRecord[AnyRules]:
    """Read a game record written by :func:`record_to_dict`; raise :class:`RecordError` for anything wrong.

    The ``"variant"`` field (``"railroad"`` when absent) names the game. The record must have been
    written under this engine's rules version of that game (its ``metadata.rules_version``), every move
    must be in move notation and a Railroad result must follow from its scores
    (:func:`~railroad_canasta.variants.railroad.invariants.validate_result`). With ``check`` (the
    default) the game is replayed (:func:`replay`): an illegal move raises :class:`RecordError` at
    ``moves[i]``, a result the moves do not reach at ``result``.
    """
    variant = read_variant(data)
    doc = read_object(
        read_document(data, RECORD_SCHEMA),
        "",
        ("schema", "rules_version", "rules", "seed", "players", "moves", "result"),
        ("variant",),
    )
    version = doc["rules_version"]
    expected = VARIANTS[variant].metadata.rules_version
    if version != expected:
        fail(
            "rules_version", f"the record was made under {describe(version)}; this engine plays {expected!r}"
        )
    rules = rules_from_dict(doc["rules"], variant=variant)
    seed = read_int(doc, "seed", "", None)
    names = read_list(doc["players"], "players")
    if len(names) != rules.players:
        fail("players", f"must name {rules.players} players (rules.players), not {len(names)}")
    seats: list[str] = []
    for i, name in enumerate(names):
        if not isinstance(name, str):
            fail(f"players[{i}]", f"must be a name, not {describe(name)}")
        seats.append(name)
    if seed.bit_length() > MAX_SEED_BITS:
        fail("seed", f"must be an integer of at most {MAX_SEED_BITS} bits")
    listed = read_list(doc["moves"], "moves", MAX_MOVES)
    moves = tuple(read_move(m, f"moves[{i}]") for i, m in enumerate(listed))
    result = read_result(doc["result"], "result", rules)
    if isinstance(result, GameResult) and isinstance(rules, Rules):
        checked(lambda r: validate_result(rules, r), result)
    record = GameRecord(rules, seed, tuple(seats), moves, result)
    if check:
        # A record carries nothing it does not prove: its moves are played and its result must follow.
        try:
            replay(record)
        except ReplayError as exc:
            where = "result" if exc.clause is None else f"moves[{exc.index}]"
            raise RecordError(where, f"does not replay: {exc}") from None
    return record


def record_to_json(record: GameRecord[AnyRules], *, indent: int | None = None) -> str:
    """A game record as JSON text."""
    return json.dumps(record_to_dict(record), indent=json_indent(indent))


def record_from_json(text: str | bytes, *, check: bool = True) -> GameRecord[AnyRules]:
    """Read a game record from JSON text (see :func:`record_from_dict`)."""
    return record_from_dict(loads(text), check=check)
