"""JSON for rules, states, views and moves, of every variant.

The ``*_to_dict`` functions give :func:`json.dumps`-able dicts, the ``*_to_json``
functions strings; the ``*_from_dict`` and ``*_from_json`` functions read them
back and check the whole input: its form, and then that the rules can reach
it, by the variant's invariants. Anything malformed or inconsistent raises
:class:`~railroad_canasta.io.reader.RecordError` with the ``path`` of the
offending value (``players[1].hand[3]``) and a ``reason``.

A state or view is written by its variant's codec
(:mod:`~railroad_canasta.io.railroad_codec`, :mod:`~railroad_canasta.io.classic_codec`), found from
its type; a document is read by the codec its ``"variant"`` field names. A document without one is
Railroad's, so that every Railroad document written before classic Canasta came still loads, and
Railroad documents are still written without it; a classic one says ``"variant": "classic"``.

Cards are kind tokens (``"JK"``, ``"2"``, ``"R3"``, ``"B3"``, ``"4"`` to
``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``); a hand or a held pile is a list
of tokens sorted high to low (any order is read), the stock and the pile are
lists in their order (the last card is the top). A meld is the list of its
cards, a move its text in move notation.

>>> from railroad_canasta import CLASSIC, RAILROAD, apply, new_game
>>> state = apply(new_game(RAILROAD, seed=7), "draw")
>>> state_from_json(state_to_json(state)) == state
True
>>> classic = new_game(CLASSIC, seed=7)
>>> state_to_dict(classic)["variant"]
'classic'
>>> state_from_json(state_to_json(classic)) == classic
True
>>> move_from_json(move_to_json(Move.from_text("meld 9 9 JK")))
Move.from_text('meld 9 9 JK')
>>> state_from_dict({"schema": "railroad-canasta/state/0"})
Traceback (most recent call last):
...
railroad_canasta.io.reader.RecordError: schema: unsupported document kind or version ...
>>> state_from_dict({"schema": "railroad-canasta/state/1", "variant": "bridge"})
Traceback (most recent call last):
...
railroad_canasta.io.reader.RecordError: variant: unknown variant 'bridge': use one of railroad, classic
"""

from __future__ import annotations

import json
from collections.abc import Callable
from types import ModuleType
from typing import Literal, NoReturn, cast, overload

import railroad_canasta.io.classic_codec as classic_codec
import railroad_canasta.io.railroad_codec as railroad_codec
from railroad_canasta.core.errors import NotationError, describe, json_indent, need_type
from railroad_canasta.core.moves import Move, parse_move
from railroad_canasta.game import AnyRules, AnyState, AnyView
from railroad_canasta.io.reader import (
    JSONObject,
    JSONValue,
    RecordError,
    fail,
    loads,
    read_document,
    read_object,
    read_variant,
)
from railroad_canasta.io.schemas import MOVE_SCHEMA
from railroad_canasta.variants import check_rules_type
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicGameResult, ClassicState
from railroad_canasta.variants.classic.views import ClassicView
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.variants.railroad.state import GameResult, GameState
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = [
    "AnyResult",
    "move_from_dict",
    "move_from_json",
    "move_to_dict",
    "move_to_json",
    "read_move",
    "read_result",
    "result_to_json",
    "rules_from_dict",
    "rules_to_dict",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
    "view_to_json",
]

#: The result of a game of any variant.
AnyResult = GameResult | ClassicGameResult


class _Codec:
    """A variant's codec with the union types of this module (each function is called on its own types)."""

    __slots__ = (
        "read_result",
        "result_to_json",
        "rules_from_dict",
        "rules_to_dict",
        "state_from_dict",
        "state_to_dict",
        "view_from_dict",
        "view_to_dict",
    )

    def __init__(self, module: ModuleType) -> None:
        def get(name: str) -> object:
            return getattr(module, name)

        self.rules_to_dict = cast("Callable[[AnyRules], JSONObject]", get("rules_to_dict"))
        self.rules_from_dict = cast("Callable[[object, str], AnyRules]", get("rules_from_dict"))
        self.state_to_dict = cast("Callable[[AnyState], JSONObject]", get("state_to_dict"))
        self.state_from_dict = cast("Callable[[object], AnyState]", get("state_from_dict"))
        self.view_to_dict = cast("Callable[[AnyView], JSONObject]", get("view_to_dict"))
        self.view_from_dict = cast("Callable[[object], AnyView]", get("view_from_dict"))
        self.result_to_json = cast("Callable[[AnyResult | None], JSONValue]", get("result_to_json"))
        self.read_result = cast("Callable[[object, str, AnyRules], AnyResult | None]", get("read_result"))


#: The codec of each variant, by name (the ``"variant"`` field of a document).
#:
#: :meta hide-value:
CODECS: dict[str, _Codec] = {
    Rules.variant: _Codec(railroad_codec),
    ClassicRules.variant: _Codec(classic_codec),
}
_BY_TYPE: dict[type, _Codec] = {
    Rules: CODECS[Rules.variant],
    GameState: CODECS[Rules.variant],
    PlayerView: CODECS[Rules.variant],
    ClassicRules: CODECS[ClassicRules.variant],
    ClassicState: CODECS[ClassicRules.variant],
    ClassicView: CODECS[ClassicRules.variant],
}


def _refuse(function: str, expected: str, given: object) -> NoReturn:
    raise TypeError(f"{function} expects {expected}, not {type(given).__name__}"[:300])


def _codec(function: str, expected: str, value: object, kinds: tuple[type, ...]) -> _Codec:
    if type(value) not in kinds:
        _refuse(function, expected, value)
    check_rules_type(function, value)
    return _BY_TYPE[type(value)]


# ------------------------------------------------------------------------------------------------ rules


def rules_to_dict(rules: AnyRules) -> JSONObject:
    """Every option of ``rules`` as JSON: enums by value, the requirement table as ``[score, need]`` rows.

    The variant is not written: a document names it once, in its ``"variant"`` field.
    """
    return _codec("rules_to_dict", "the rules of a variant", rules, (Rules, ClassicRules)).rules_to_dict(
        rules
    )


@overload
def rules_from_dict(
    data: object, path: str = "rules", *, variant: Literal["railroad"] = "railroad"
) -> Rules: ...
@overload
def rules_from_dict(data: object, path: str = "rules", *, variant: Literal["classic"]) -> ClassicRules: ...
@overload
def rules_from_dict(data: object, path: str = "rules", *, variant: str) -> AnyRules: ...
def rules_from_dict(data: object, path: str = "rules", *, variant: str = "railroad") -> AnyRules:
    """Read the rules options of ``variant`` (see :func:`~railroad_canasta.core.options.rules_from_mapping`).

    A missing option takes its default. Errors name ``rules.<option>``.
    """
    codec = CODECS.get(variant)
    if codec is None:
        raise ValueError(f"rules_from_dict: unknown variant {variant!r} (known: {', '.join(CODECS)})")
    return codec.rules_from_dict(data, path)


def result_to_json(result: AnyResult | None) -> JSONValue:
    """A game's result as JSON (``None`` for a game not over)."""
    if result is None:
        return None
    codec = CODECS[ClassicRules.variant if isinstance(result, ClassicGameResult) else Rules.variant]
    return codec.result_to_json(result)


def read_result(value: object, path: str, rules: AnyRules) -> AnyResult | None:
    """A game's result under ``rules`` (``None`` for ``null``)."""
    return _BY_TYPE[type(rules)].read_result(value, path, rules)


# ------------------------------------------------------------------------------------- states and views


def state_to_dict(state: AnyState) -> JSONObject:
    """``state`` as a JSON object (schema ``railroad-canasta/state/1``; a classic one with its variant).

    A state the engine cannot act on (a negative count, a seat off the table: built by hand) raises
    :class:`~railroad_canasta.InvariantError` rather than being written as some other state.
    """
    return _codec("state_to_dict", "a game state", state, (GameState, ClassicState)).state_to_dict(state)


@overload
def state_from_dict(data: object, *, variant: Literal["railroad"]) -> GameState: ...
@overload
def state_from_dict(data: object, *, variant: Literal["classic"]) -> ClassicState: ...
@overload
def state_from_dict(data: object, *, variant: None = None) -> AnyState: ...
def state_from_dict(data: object, *, variant: str | None = None) -> AnyState:
    """Read a state written by :func:`state_to_dict`; raise :class:`RecordError` for anything wrong.

    The document's ``"variant"`` field (``"railroad"`` when absent) chooses the reader; ``variant``, when
    given, is the one the caller expects (another raises :class:`RecordError` at ``variant``). Besides the
    form of every value, it checks that the state is one the rules can reach, as far as a single state
    shows (the variant's ``validate``): the cards add up to the pack, melds are well formed, the phase fits
    the hands, the pile and the turn, and the history adds up.
    """
    return _reader(data, variant).state_from_dict(data)


@overload
def state_from_json(text: str | bytes, *, variant: Literal["railroad"]) -> GameState: ...
@overload
def state_from_json(text: str | bytes, *, variant: Literal["classic"]) -> ClassicState: ...
@overload
def state_from_json(text: str | bytes, *, variant: None = None) -> AnyState: ...
def state_from_json(text: str | bytes, *, variant: str | None = None) -> AnyState:
    """Read a state from JSON text (see :func:`state_from_dict`)."""
    data = loads(text)
    return _reader(data, variant).state_from_dict(data)


def state_to_json(state: AnyState, *, indent: int | None = None) -> str:
    """``state`` as JSON text."""
    return json.dumps(state_to_dict(state), indent=json_indent(indent))


def view_to_dict(v: AnyView) -> JSONObject:
    """A player's view as a JSON object (schema ``railroad-canasta/view/1``); checked as a state is."""
    return _codec("view_to_dict", "a player's view", v, (PlayerView, ClassicView)).view_to_dict(v)


@overload
def view_from_dict(data: object, *, variant: Literal["railroad"]) -> PlayerView: ...
@overload
def view_from_dict(data: object, *, variant: Literal["classic"]) -> ClassicView: ...
@overload
def view_from_dict(data: object, *, variant: None = None) -> AnyView: ...
def view_from_dict(data: object, *, variant: str | None = None) -> AnyView:
    """Read a view written by :func:`view_to_dict`; raise :class:`RecordError` for anything wrong.

    The variant is chosen as for :func:`state_from_dict`. It checks what the view shows as a state is
    checked (the variant's ``validate`` of a view): the cards the viewer sees never exceed the pack.
    """
    return _reader(data, variant).view_from_dict(data)


@overload
def view_from_json(text: str | bytes, *, variant: Literal["railroad"]) -> PlayerView: ...
@overload
def view_from_json(text: str | bytes, *, variant: Literal["classic"]) -> ClassicView: ...
@overload
def view_from_json(text: str | bytes, *, variant: None = None) -> AnyView: ...
def view_from_json(text: str | bytes, *, variant: str | None = None) -> AnyView:
    """Read a view from JSON text (see :func:`view_from_dict`)."""
    data = loads(text)
    return _reader(data, variant).view_from_dict(data)


def view_to_json(v: AnyView, *, indent: int | None = None) -> str:
    """A player's view as JSON text."""
    return json.dumps(view_to_dict(v), indent=json_indent(indent))


def _reader(data: object, expected: str | None) -> _Codec:
    """The codec of the variant ``data`` names; ``expected``, when given, is the only one accepted."""
    name = read_variant(data)
    if expected is not None and name != expected:
        fail("variant", f"the document is for {name!r}, not {expected!r}")
    return CODECS[name]


# ------------------------------------------------------------------------------------------------- moves


def move_to_dict(move: Move) -> JSONObject:
    """A move as a JSON object: ``{"schema": "railroad-canasta/move/1", "move": "<text>"}``."""
    need_type("move_to_dict", move, Move, "a Move")
    return {"schema": MOVE_SCHEMA, "move": move.text}


def read_move(value: object, path: str) -> Move:
    """A move in move notation."""
    if not isinstance(value, str):
        fail(path, f"must be a move in move notation, not {describe(value)}")
    try:
        return parse_move(value)
    except NotationError as exc:
        raise RecordError(path, str(exc)) from None


def move_from_dict(data: object) -> Move:
    """Read a move written by :func:`move_to_dict`; its text may be anything :func:`.parse_move` reads."""
    doc = read_object(read_document(data, MOVE_SCHEMA), "", ("schema", "move"))
    return read_move(doc["move"], "move")


def move_to_json(move: Move) -> str:
    """A move as JSON text."""
    return json.dumps(move_to_dict(move))


def move_from_json(text: str | bytes) -> Move:
    """Read a move from JSON text (see :func:`move_from_dict`)."""
    return move_from_dict(loads(text))
