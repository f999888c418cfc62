"""Fuzzing the loaders and parsers: arbitrary and mutated JSON, arbitrary text.

Whatever the input, the only exceptions that escape are the library's typed errors
(:class:`~railroad_canasta.core.errors.RailroadCanastaError` subclasses); a document that loads is sound
enough to serialize again, to list legal moves of, or to replay.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from railroad_canasta import GameState, RailroadCanastaError, legal_moves, parse_move
from railroad_canasta.io import (
    GameRecord,
    JSONValue,
    RecordError,
    ReplayError,
    move_from_dict,
    move_from_json,
    move_to_dict,
    record_from_dict,
    record_from_json,
    record_to_dict,
    replay,
    rules_from_dict,
    state_from_dict,
    state_from_json,
    state_to_dict,
    view_from_dict,
    view_from_json,
    view_to_dict,
)
from railroad_canasta.testing import strategies as strat
from railroad_canasta.variants.railroad.views import PlayerView, view

LOADERS: dict[str, Callable[[object], object]] = {
    "state": state_from_dict,
    "view": view_from_dict,
    "move": move_from_dict,
    "record": record_from_dict,
    "rules": rules_from_dict,
}
TEXT_LOADERS: tuple[Callable[[str], object], ...] = (
    state_from_json,
    view_from_json,
    move_from_json,
    record_from_json,
    parse_move,
)


def _examples(n: int) -> int:
    """``n`` examples under the ci/dev profiles (100 examples), scaled up with the profile's own count."""
    return max(1, n * int(settings().max_examples) // 100)


def _load(load: Callable[[object], object], doc: object) -> object | None:
    """``load(doc)``, or ``None`` when it raises one of the library's typed errors (others escape)."""
    try:
        return load(doc)
    except RailroadCanastaError:
        return None


def _check_loaded(loaded: object) -> None:
    """A loaded object serializes again and loads back equal; states and views list their moves."""
    if isinstance(loaded, GameState):
        assert state_from_dict(json.loads(json.dumps(state_to_dict(loaded)))) == loaded
        assert isinstance(legal_moves(loaded), tuple)
    elif isinstance(loaded, PlayerView):
        assert view_from_dict(view_to_dict(loaded)) == loaded
        if loaded.viewer == loaded.to_move:
            assert isinstance(legal_moves(loaded), tuple)
    elif isinstance(loaded, GameRecord):
        assert record_from_dict(record_to_dict(loaded)) == loaded
        try:
            replay(loaded)
        except ReplayError as error:
            assert 0 <= error.index <= len(loaded.moves)


@settings(max_examples=_examples(150))
@given(st.sampled_from(sorted(LOADERS)), strat.json_values(max_leaves=20))
def test_fuzz_arbitrary_json_values_raise_only_typed_errors(kind: str, value: JSONValue) -> None:
    """Any JSON value given to any loader loads or raises a RailroadCanastaError."""
    _check_loaded(_load(LOADERS[kind], value))


@settings(max_examples=_examples(150))
@given(
    st.sampled_from(TEXT_LOADERS),
    st.one_of(
        st.text(max_size=200),
        st.text(alphabet='{}[]",:0123456789.-eEtrufalsn \\"', max_size=80),
        strat.json_values(max_leaves=10).map(json.dumps),
    ),
)
def test_fuzz_arbitrary_text_raises_only_typed_errors(load: Callable[[str], object], text: str) -> None:
    """Any text given to the JSON loaders and to the move parser loads or raises a RailroadCanastaError."""
    _check_loaded(_load(load, text))  # type: ignore[arg-type]


@settings(max_examples=_examples(150))
@given(
    st.lists(
        st.one_of(strat.card_tokens, st.sampled_from(["draw", "meld", "add", "wild", "take-pile"])),
        max_size=5,
    )
)
def test_fuzz_move_like_text_parses_or_raises_notation_errors(words: list[str]) -> None:
    """Text of move verbs and card tokens parses to a move whose text parses back to it, or is refused."""
    text = " ".join(words)
    move = _load(parse_move, text)  # type: ignore[arg-type]
    if move is not None:
        assert parse_move(str(move)) == move
        assert move_from_dict(move_to_dict(move)) == move


@st.composite
def _mutated_states(draw: st.DrawFn) -> JSONValue:
    state = draw(strat.reachable_states(max_moves=300), label="state")
    return draw(strat.mutated_json(state_to_dict(state)), label="mutated")


@st.composite
def _mutated_views(draw: st.DrawFn) -> JSONValue:
    seen = draw(strat.player_views(max_moves=300), label="view")
    return draw(strat.mutated_json(view_to_dict(seen)), label="mutated")


@st.composite
def _mutated_records(draw: st.DrawFn) -> JSONValue:
    record = draw(strat.game_records(max_moves=150), label="record")
    return draw(strat.mutated_json(record_to_dict(record)), label="mutated")


@st.composite
def _mutated_moves(draw: st.DrawFn) -> JSONValue:
    state = draw(strat.reachable_states(max_moves=300), label="state")
    move = draw(st.sampled_from(legal_moves(state) or (parse_move("draw"),)), label="move")
    return draw(strat.mutated_json(move_to_dict(move)), label="mutated")


@settings(max_examples=_examples(150))
@given(_mutated_states())
def test_fuzz_mutated_states_raise_only_typed_errors(doc: JSONValue) -> None:
    """A valid state document with random mutations loads soundly or raises a RailroadCanastaError."""
    _check_loaded(_load(state_from_dict, doc))


@settings(max_examples=_examples(150))
@given(_mutated_views())
def test_fuzz_mutated_views_raise_only_typed_errors(doc: JSONValue) -> None:
    """A valid view document with random mutations loads soundly or raises a RailroadCanastaError."""
    _check_loaded(_load(view_from_dict, doc))


@settings(max_examples=_examples(100))
@given(_mutated_records())
def test_fuzz_mutated_records_raise_only_typed_errors(doc: JSONValue) -> None:
    """A valid record with random mutations loads and replays, or raises a RailroadCanastaError."""
    _check_loaded(_load(record_from_dict, doc))


@settings(max_examples=_examples(100))
@given(_mutated_moves())
def test_fuzz_mutated_moves_raise_only_typed_errors(doc: JSONValue) -> None:
    """A valid move document with random mutations loads or raises a RailroadCanastaError."""
    _check_loaded(_load(move_from_dict, doc))


@settings(max_examples=_examples(60))
@given(strat.reachable_states(max_moves=300), st.data())
def test_fuzz_one_changed_card_is_caught_or_harmless(state: GameState, data: st.DataObject) -> None:
    """Changing one card token anywhere in a state is refused (a typed error) or loads a sound state."""
    doc = state_to_dict(state)
    text = json.dumps(doc)
    tokens = [i for i in range(len(text)) if text.startswith('"', i)]
    start = data.draw(st.sampled_from(tokens), label="quote")
    end = text.find('"', start + 1)
    token = data.draw(strat.card_tokens, label="token")
    mutated = text[: start + 1] + token + text[end:]
    try:
        loaded = state_from_json(mutated)
    except RecordError as error:
        assert isinstance(error.path, str) and error.reason
        return
    _check_loaded(loaded)


@settings(max_examples=_examples(60))
@given(strat.reachable_states(max_moves=300), st.data())
def test_fuzz_views_of_mutated_states_are_never_built_from_bad_input(
    state: GameState, data: st.DataObject
) -> None:
    """Every view of a state that loads after mutation is itself a view that loads."""
    doc = data.draw(strat.mutated_json(state_to_dict(state)), label="mutated")
    loaded = _load(state_from_dict, doc)
    if isinstance(loaded, GameState):
        for seat in range(loaded.rules.players):
            assert view_from_dict(view_to_dict(view(loaded, seat))) == view(loaded, seat)
