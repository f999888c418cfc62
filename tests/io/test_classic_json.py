"""Classic Canasta through the generic JSON functions: states, views and records round-trip, fit their
schemas and replay; a tampered document is refused where it is wrong; Railroad documents load as before.
"""

from __future__ import annotations

import importlib
import io
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import railroad_canasta as rc
from railroad_canasta import CLASSIC, ClassicRules, ClassicState, ClassicView, GameRecord, GameState
from railroad_canasta.cli import main
from railroad_canasta.io import (
    JSONValue,
    RecordError,
    ReplayError,
    json_schema,
    record_from_dict,
    record_from_json,
    record_game,
    record_to_dict,
    record_to_json,
    replay,
    rules_from_dict,
    rules_to_dict,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
    view_from_dict,
    view_from_json,
    view_to_dict,
    view_to_json,
)
from railroad_canasta.io.codec import result_to_json
from railroad_canasta.session import GameSession, Replay, read_record, record_json
from railroad_canasta.testing import strategies as strat
from railroad_canasta.testing.strategies import classic_records, classic_states

pytestmark = pytest.mark.clause("R-CL-PLY-1", "R-CL-MAT-1")

#: The test group installs jsonschema (untyped): imported by name.
jsonschema = importlib.import_module("jsonschema")


@settings(max_examples=30, deadline=None)
@given(classic_states())
def test_property_states_and_views_round_trip(state: ClassicState) -> None:
    """Any reachable classic state, and each player's view of it, reads back equal and fits its schema."""
    text = state_to_json(state)
    back = state_from_json(text)
    assert type(back) is ClassicState and back == state
    assert state_from_json(text, variant="classic") == state
    doc = json.loads(text)
    assert doc["variant"] == "classic" and doc["schema"] == "railroad-canasta/state/1"
    jsonschema.validate(doc, json_schema("classic-state"))
    for seat in range(state.rules.players):
        seen = rc.view(state, seat)
        written = view_to_json(seen)
        read = view_from_json(written)
        assert type(read) is ClassicView and read == seen
        jsonschema.validate(json.loads(written), json_schema("classic-view"))


@settings(max_examples=15, deadline=None)
@given(classic_records(max_moves=250))
def test_property_records_round_trip_and_replay(record: GameRecord[ClassicRules]) -> None:
    """A classic record reads back equal (replayed on load) and fits its schema."""
    text = record_to_json(record)
    jsonschema.validate(json.loads(text), json_schema("classic-record"))
    assert record_from_json(text) == record
    final = replay(record)
    assert type(final) is ClassicState and final.result == record.result


def _played(seed: int, moves: int) -> tuple[ClassicState, list[str]]:
    state = rc.new_game(CLASSIC, seed=seed)
    rng = random.Random(seed)
    played = []
    for _ in range(moves):
        if state.is_over:
            break
        options = rc.legal_moves(state)
        move = options[rng.randrange(len(options))]
        played.append(str(move))
        state = rc.apply(state, move)
    return state, played


def test_a_record_replays_to_the_same_state() -> None:
    """A record written as JSON reads back, replays every move and ends where the game did."""
    state, moves = _played(4, 400)
    record = record_game(CLASSIC, 4, moves)
    text = record_to_json(record)
    assert record_to_dict(record)["variant"] == "classic"
    jsonschema.validate(json.loads(text), json_schema("classic-record"))
    assert record_from_json(text) == record
    assert replay(record) == state


def test_replay_stops_at_the_first_illegal_move() -> None:
    """An illegal move in a record is named by its index and clause; on load, by its path."""
    _, moves = _played(4, 5)
    with pytest.raises(ReplayError) as caught:
        record_game(CLASSIC, 4, [*moves, "take-kitty"])
    assert caught.value.index == len(moves) and caught.value.clause == "R-CL-TRN-1"
    doc = record_to_dict(record_game(CLASSIC, 4, moves))
    assert isinstance(doc["moves"], list)
    doc["moves"].append("take-kitty")
    with pytest.raises(RecordError) as loaded:
        record_from_json(json.dumps(doc))
    assert loaded.value.path == f"moves[{len(moves)}]" and "R-CL-TRN-1" in loaded.value.reason


def test_an_impossible_state_is_refused_at_its_field() -> None:
    """A meld of 5 2 2 is refused, naming the side's meld and the clause; so are a wrong kind or variant."""
    doc = state_to_dict(rc.new_game(CLASSIC, seed=2))
    sides = doc["sides"]
    assert isinstance(sides, list) and isinstance(sides[0], dict)
    sides[0]["melds"] = [["5", "2", "2"]]
    sides[0]["opened"] = True
    with pytest.raises(RecordError) as caught:
        state_from_json(json.dumps(doc))
    assert caught.value.path.startswith("sides[0].melds") and "R-CL-MLD-1" in caught.value.reason
    for key, value, path in (
        ("schema", "railroad-canasta/view/1", "schema"),
        ("variant", "bridge", "variant"),
        ("variant", 7, "variant"),
        ("variant", "railroad", "hands"),  # read as Railroad's: classic fields are unknown
    ):
        with pytest.raises(RecordError) as wrong:
            state_from_dict({**doc, key: value})
        assert wrong.value.path == path, (key, value)


def test_tampered_classic_documents_name_the_place() -> None:
    """Counts, seats, sides and the pack: each tampering is refused at the field, never loaded."""
    state = rc.apply(rc.new_game(CLASSIC, seed=8), "draw")
    good = state_to_dict(state)
    hands = good["hands"]
    assert isinstance(hands, list) and isinstance(hands[0], list)
    for change, path in (
        ({"to_move": 4}, "to_move"),
        ({"dealer": -1}, "dealer"),
        ({"hands": hands[:3]}, "hands"),
        ({"hands": [[*hands[0], "JK", "JK", "JK", "JK", "JK"], *hands[1:]]}, ""),
        ({"sides": good["sides"][:1]}, "sides"),  # type: ignore[index]
        ({"pile_frozen": not state.pile_frozen}, "pile_frozen"),
        ({"rules": {"players": 5}}, "rules.players"),
    ):
        with pytest.raises(RecordError) as info:
            state_from_dict({**good, **change})
        assert info.value.path == path, change


def test_a_railroad_document_without_the_key_loads_as_before() -> None:
    """Railroad documents are written without ``variant``, load without it, and load with ``railroad``."""
    state = rc.apply(rc.new_game(rc.RAILROAD, seed=7), "draw")
    doc = state_to_dict(state)
    assert "variant" not in doc
    assert state_from_dict(doc) == state
    assert state_from_dict({**doc, "variant": "railroad"}) == state
    back = state_from_json(json.dumps(doc), variant="railroad")
    assert type(back) is GameState
    with pytest.raises(RecordError) as info:
        state_from_json(json.dumps(doc), variant="classic")
    assert info.value.path == "variant"
    record = record_game(rc.RAILROAD, 7, ["draw"])
    assert "variant" not in record_to_dict(record)
    assert record_from_json(record_to_json(record)) == record


def test_rules_of_either_variant_round_trip() -> None:
    """Rules options come back as the variant's own rules."""
    rules = CLASSIC.replace(players=6, six_player_sides=2)
    assert rules_from_dict(rules_to_dict(rules), variant="classic") == rules
    assert rules_from_dict(rules_to_dict(rc.RAILROAD)) == rc.RAILROAD
    with pytest.raises(RecordError) as info:
        rules_from_dict({"players": 5}, variant="classic")
    assert info.value.path == "rules.players"


def test_the_replay_command_reads_a_classic_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``replay FILE --at N`` prints a classic record's table; a record that does not replay is refused."""
    _, moves = _played(6, 40)
    record = record_game(CLASSIC, 6, moves, players=["Ann", "Bob", "Cy", "Di"])
    path = tmp_path / "classic.json"
    path.write_text(record_to_json(record), encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path), "--at", "3"], out=out) == 0
    assert out.getvalue() == f"move 3 of {len(moves)}: {moves[2]}\n{Replay(record).go(3)}\n"
    doc = record_to_dict(record)
    path.write_text(json.dumps({**doc, "seed": 7}), encoding="utf-8")
    assert main(["replay", str(path), "--at", "1"], out=io.StringIO()) == 2
    assert "does not replay" in capsys.readouterr().err


def test_a_saved_classic_game_resumes(tmp_path: Path) -> None:
    """The terminal game's save of a classic game is a generic record, and resumes as the same game."""
    game = GameSession(rc.ClassicRules(players=4), seed=3)
    game.run_bots()
    path = tmp_path / "classic.json"
    game.save(path)
    assert json.loads(path.read_text(encoding="utf-8"))["variant"] == "classic"
    again = GameSession.resume(path)
    assert again.state == game.state and again.partners == (2,)
    assert read_record(path.read_bytes()) == game.record() == record_from_json(record_json(game.record()))


def test_the_codec_refuses_what_is_not_of_a_variant() -> None:
    """Writing something that is no state, view or rules is a TypeError; an unknown variant a ValueError."""
    with pytest.raises(TypeError, match="state_to_dict expects a game state, not int"):
        state_to_json(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="view_to_dict expects a player's view, not ClassicState"):
        view_to_json(rc.new_game(CLASSIC, seed=1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules_to_dict expects the rules of a variant, not dict"):
        rules_to_dict({})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown variant 'bridge'"):
        rules_from_dict({}, variant="bridge")
    assert result_to_json(None) is None


def _sound(loaded: object) -> None:
    """A classic document that loaded writes and reads back equal (a record replays on load)."""
    if isinstance(loaded, ClassicState):
        assert state_from_json(state_to_json(loaded)) == loaded
        assert isinstance(rc.legal_moves(loaded), tuple)
    elif isinstance(loaded, ClassicView):
        assert view_from_json(view_to_json(loaded)) == loaded
    else:
        assert isinstance(loaded, GameRecord) and record_from_json(record_to_json(loaded)) == loaded


@st.composite
def _mutated(draw: st.DrawFn) -> tuple[str, JSONValue]:
    state = draw(classic_states(max_moves=200), label="state")
    kind = draw(st.sampled_from(["state", "view", "record"]), label="kind")
    doc: JSONValue
    if kind == "state":
        doc = state_to_dict(state)
    elif kind == "view":
        doc = view_to_dict(rc.view(state, draw(st.integers(0, state.rules.players - 1))))
    else:
        doc = record_to_dict(draw(classic_records(max_moves=100)))
    return kind, draw(strat.mutated_json(doc), label="mutated")


@settings(max_examples=60, deadline=None)
@given(_mutated())
def test_fuzz_mutated_classic_documents_raise_only_record_errors(case: tuple[str, JSONValue]) -> None:
    """A classic document with random mutations loads soundly or raises RecordError, never anything else."""
    kind, doc = case
    loaders: dict[str, Callable[[object], object]] = {
        "state": state_from_dict,
        "view": view_from_dict,
        "record": record_from_dict,
    }
    load = loaders[kind]
    try:
        loaded = load(doc)
    except RecordError:
        return
    _sound(loaded)
