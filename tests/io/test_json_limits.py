"""Issue 11, findings 3 and 4: tampered saves do not load, and the loaders refuse by size before reading.

Every test reproduces one report: a fact a saved game carries that the rules cannot give (an opened player
without melds, impossible round scores, a record whose moves do not give its result), or a document so large
that rejecting it took seconds and echoed megabytes.
"""

from __future__ import annotations

import functools
import json

import pytest

import railroad_canasta as rc
from railroad_canasta import GameState, Rules
from railroad_canasta.bots import GreedyBot, play_game
from railroad_canasta.core.moves import MOST_CARDS
from railroad_canasta.io import (
    RecordError,
    record_from_json,
    record_game,
    record_to_json,
    state_from_json,
    state_to_json,
)
from railroad_canasta.io.reader import MAX_DOCUMENT_BYTES, MAX_MOVES, MAX_ROUNDS
from railroad_canasta.variants.railroad.scoring import breakdown_problem
from railroad_canasta.variants.railroad.state import ScoreBreakdown


@functools.cache
def _second_round() -> GameState:
    """The first state of round 2 of a greedy 2-player game: round 1 is history, not cards on the table."""
    found: list[GameState] = []

    def keep(before: GameState, move: rc.Move, after: GameState) -> None:
        if after.round == 2 and not found:
            found.append(after)

    play_game(Rules(), 7, [GreedyBot()] * 2, on_move=keep)
    return found[0]


def _tampered(change: dict[str, object], *path: str | int) -> str:
    doc = json.loads(state_to_json(_second_round()))
    target = doc
    for key in path:
        target = target[key]
    target.update(change)
    return json.dumps(doc)


def _refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        state_from_json(text)
    assert len(str(info.value)) < 400
    return info.value


# ------------------------------------------------------------------------------ (3) tampered saves


@pytest.mark.clause("R-MLD-6")
def test_an_opened_player_without_melds_does_not_load() -> None:
    """`players[0].opened = true` with no melds is refused (K K K would then open under a 50 requirement)."""
    doc = json.loads(state_to_json(rc.new_game(seed=5)))
    doc["players"][0]["opened"] = True
    assert _refused(json.dumps(doc)).path == "players[0].opened"


@pytest.mark.clause("R-SCO-1", "R-SCO-2", "R-SCO-3", "R-SCO-5")
@pytest.mark.parametrize(
    ("field", "value"),
    [("melded", 723), ("canasta_bonus", 7), ("red_threes", 4300), ("kitty_penalty", -1_000_000)],
)
def test_impossible_round_scores_in_the_history_do_not_load(field: str, value: int) -> None:
    """Melded +3, a bonus of 7, 43 red 3s in a pack of 8, a kitty penalty of -1,000,000: each is refused."""
    text = _tampered({field: value}, "history", 0, "breakdowns", 0)
    assert _refused(text).path == f"history[0].breakdowns[0].{field}"


@pytest.mark.clause("R-OUT-1")
def test_an_unbacked_going_out_does_not_load() -> None:
    """A round said to end by player 0 going out, without the canastas and the empty hand, is refused."""
    doc = json.loads(state_to_json(_second_round()))
    past = doc["history"][0]
    past["end"], past["went_out"] = "went-out", 0
    past["breakdowns"][0]["going_out"] = 100
    past["breakdowns"][0]["hand_penalty"] = -5
    assert _refused(json.dumps(doc)).path.startswith("history[0].")


def test_what_a_round_can_score() -> None:
    """The pure check of a breakdown: real scores pass, each impossible part is named."""
    rules = Rules()
    for round_ in _second_round().history:
        for seat, breakdown in enumerate(round_.breakdowns):
            assert breakdown_problem(breakdown, rules, seat == round_.went_out) is None
    ok = ScoreBreakdown(720, 2700, 300, 0, -5, 0)
    assert breakdown_problem(ok, rules, False) is None
    assert breakdown_problem(ScoreBreakdown(720, 2700, 300, 0, -5, 0), rules, True) == (
        "going_out",
        "a player who went out holds no card and has a canasta of every kind",
    )
    assert breakdown_problem(ScoreBreakdown(720, 2700, 300, 0, -3, 0), rules, False) is not None


def test_a_record_is_checked_by_replay() -> None:
    """A record whose moves are illegal, or whose result they do not give, is refused where it is wrong."""
    record = record_game(Rules(), 9, ["draw"])
    doc = json.loads(record_to_json(record))
    doc["moves"].append("draw")
    with pytest.raises(RecordError) as info:
        record_from_json(json.dumps(doc))
    assert info.value.path == "moves[1]"
    doc["moves"].pop()
    doc["result"] = {"winners": [0], "truncated": True, "scores": [0, 0]}
    doc["rules"]["max_rounds"] = 1
    with pytest.raises(RecordError):
        record_from_json(json.dumps(doc))
    assert record_from_json(record_to_json(record)) == record


# ------------------------------------------------------------------------------------- (4) sizes


def test_a_document_over_the_size_limit_is_refused_before_reading() -> None:
    """A 22 MB state of a million melds is refused by its length, and the message stays short."""
    meld = '["9","9","9"],'
    text = '{"schema": "railroad-canasta/state/1", "melds": [' + meld * 1_000_000 + "]}"
    assert len(text) > MAX_DOCUMENT_BYTES
    error = _refused(text)
    assert "more than the" in error.reason


def test_lists_longer_than_the_rules_allow_are_refused_by_length() -> None:
    """A pile of more cards than the largest pack, or more rounds than the limit, is refused at its field."""
    pile = _tampered({"pile": ["9"] * (MOST_CARDS + 1)})
    assert _refused(pile).path == "pile"
    history = _tampered({"history": [0] * (MAX_ROUNDS + 1)})
    assert _refused(history).path == "history"


def test_echoed_input_is_cut_to_an_excerpt() -> None:
    """A 1 MB unknown key and a million-token move are quoted in a few dozen characters."""
    big_key = _tampered({"k" * 1_000_000: 1})
    assert "unknown key" in _refused(big_key).reason
    state = rc.new_game(seed=1)
    with pytest.raises(rc.NotationError) as info:
        rc.apply(state, "draw " * 1_000_000)
    assert len(str(info.value)) < 200
    with pytest.raises(rc.NotationError) as info:
        rc.apply(state, "meld " + "9 " * 2000 + "X")
    assert len(str(info.value)) < 200


def test_a_record_of_more_moves_than_the_limit_is_refused_before_replay() -> None:
    """A record listing more than MAX_MOVES moves is refused at `moves` by its length, unplayed."""
    doc = json.loads(record_to_json(record_game(Rules(), 9, ["draw"])))
    doc["moves"] = ["draw"] * (MAX_MOVES + 1)
    with pytest.raises(RecordError) as info:
        record_from_json(json.dumps(doc))
    assert info.value.path == "moves"
    assert "more than the" in info.value.reason
