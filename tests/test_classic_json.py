"""Classic Canasta in JSON: states, views and records round-trip, validate against their schemas, replay."""

from __future__ import annotations

import importlib
import json
import random

import pytest
from hypothesis import given, settings

from railroad_canasta.io import RecordError, ReplayError, json_schema
from railroad_canasta.io.classic_codec import (
    classic_record_from_json,
    classic_record_game,
    classic_record_to_json,
    classic_replay,
    classic_state_from_json,
    classic_state_to_json,
    classic_view_from_json,
    classic_view_to_json,
)
from railroad_canasta.testing.classic import classic_states
from railroad_canasta.variants.classic.legal import legal_moves
from railroad_canasta.variants.classic.rules import CLASSIC
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.transitions import apply, new_game
from railroad_canasta.variants.classic.views import view

pytestmark = pytest.mark.clause("R-CL-PLY-1", "R-CL-MAT-1")

#: The test group installs jsonschema (untyped): imported by name.
jsonschema = importlib.import_module("jsonschema")


@settings(max_examples=30, deadline=None)
@given(classic_states())
def test_property_states_and_views_round_trip(state: ClassicState) -> None:
    """Any reachable classic state, and each player's view of it, reads back equal and fits its schema."""
    text = classic_state_to_json(state)
    assert classic_state_from_json(text) == state
    jsonschema.validate(json.loads(text), json_schema("classic-state"))
    for seat in range(state.rules.players):
        seen = view(state, seat)
        written = classic_view_to_json(seen)
        assert classic_view_from_json(written) == seen
        jsonschema.validate(json.loads(written), json_schema("classic-view"))


def _played(seed: int, moves: int) -> tuple[ClassicState, list[str]]:
    state = new_game(CLASSIC, seed=seed)
    rng = random.Random(seed)
    played = []
    for _ in range(moves):
        if state.is_over:
            break
        options = legal_moves(state)
        move = options[rng.randrange(len(options))]
        played.append(str(move))
        state = apply(state, move)
    return state, played


def test_a_record_replays_to_the_same_state() -> None:
    """A record written as JSON reads back, replays every move and ends where the game did."""
    state, moves = _played(4, 400)
    record = classic_record_game(CLASSIC, 4, moves)
    text = classic_record_to_json(record)
    jsonschema.validate(json.loads(text), json_schema("classic-record"))
    assert classic_record_from_json(text) == record
    assert classic_replay(record) == state


def test_replay_stops_at_the_first_illegal_move() -> None:
    """An illegal move in a record is named by its index and clause."""
    _, moves = _played(4, 5)
    with pytest.raises(ReplayError) as caught:
        classic_record_game(CLASSIC, 4, [*moves, "take-kitty"])
    assert caught.value.index == len(moves) and caught.value.clause == "R-CL-TRN-1"


def test_an_impossible_state_is_refused_at_its_field() -> None:
    """A meld of 5 2 2 is refused, naming the side's meld and the clause."""
    doc = json.loads(classic_state_to_json(new_game(CLASSIC, seed=2)))
    doc["sides"][0]["melds"] = [["5", "2", "2"]]
    doc["sides"][0]["opened"] = True
    with pytest.raises(RecordError) as caught:
        classic_state_from_json(json.dumps(doc))
    assert caught.value.path.startswith("sides[0].melds") and "R-CL-MLD-1" in caught.value.reason
    doc["schema"] = "railroad-canasta/state/1"
    with pytest.raises(RecordError) as wrong:
        classic_state_from_json(json.dumps(doc))
    assert wrong.value.path == "schema"
