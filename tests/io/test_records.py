"""JSON of states, views and moves; game records and replay; the shipped JSON Schemas.

Round trips are properties over reachable states; the loaders' checks are tested one by one on real
positions changed in one place, each naming the path of the bad value and, for a rule, its clause.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import railroad_canasta as rc
from railroad_canasta import RAILROAD, GameState, Phase, Rules, apply, legal_moves, new_game, parse_move
from railroad_canasta.core.cards import pack_counts
from railroad_canasta.io import (
    RECORD_SCHEMA,
    SCHEMA_NAMES,
    STATE_SCHEMA,
    GameRecord,
    JSONObject,
    JSONValue,
    RecordError,
    ReplayError,
    json_schema,
    move_from_dict,
    move_from_json,
    move_to_dict,
    move_to_json,
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
from railroad_canasta.testing import strategies as strat
from railroad_canasta.variants.railroad.invariants import card_census
from railroad_canasta.variants.railroad.views import PlayerView, view


def _examples(n: int) -> int:
    """``n`` examples under the ci/dev profiles (100 examples), scaled up with the profile's own count."""
    return max(1, n * int(settings().max_examples) // 100)


def _position(
    until: Callable[[GameState], bool], *, seed: int = 1, rules: Rules = RAILROAD, limit: int = 5000
) -> GameState:
    """The first state of a seeded random game that satisfies ``until``."""
    state = new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        if state.phase is Phase.GAME_OVER:
            state = new_game(rules, seed=rng.randrange(2**32))
            continue
        moves = legal_moves(state)
        state = apply(state, moves[rng.randrange(len(moves))])
    raise AssertionError("no such position in the random games")


def _doc(state: GameState) -> dict[str, JSONValue]:
    """A deep, mutable copy of the state's JSON object."""
    return copy.deepcopy(state_to_dict(state))


def _error(load: Callable[[object], object], doc: object) -> RecordError:
    """The RecordError that loading ``doc`` raises (fails if it loads)."""
    with pytest.raises(RecordError) as info:
        load(doc)
    return info.value


def _players(doc: dict[str, JSONValue]) -> list[dict[str, JSONValue]]:
    players = doc["players"]
    assert isinstance(players, list)
    return players  # type: ignore[return-value]


def _tokens(value: JSONValue) -> list[str]:
    assert isinstance(value, list)
    return value  # type: ignore[return-value]


MID_GAME = _position(lambda s: s.phase is Phase.MELD and sum(bool(p.melds) for p in s.players) == 2)


# ------------------------------------------------------------------------------------------ round trips


@settings(max_examples=_examples(60))
@given(strat.reachable_states())
def test_property_state_round_trips_through_json(state: GameState) -> None:
    """state -> JSON text -> state gives an equal state with the same legal moves."""
    text = state_to_json(state)
    back = state_from_json(text)
    assert back == state
    assert legal_moves(back) == legal_moves(state)
    assert state_to_json(back) == text
    assert state_from_dict(json.loads(text)) == state


@settings(max_examples=_examples(60))
@given(strat.player_views())
def test_property_view_round_trips_through_json(seen: PlayerView) -> None:
    """view -> JSON text -> view gives an equal view."""
    text = view_to_json(seen)
    assert view_from_json(text) == seen
    assert view_to_dict(view_from_json(text)) == json.loads(text)


@settings(max_examples=_examples(60))
@given(strat.reachable_states())
def test_property_moves_round_trip_through_text_and_json(state: GameState) -> None:
    """Every legal move: move -> text -> move and move -> JSON -> move give the same move."""
    for move in legal_moves(state):
        assert parse_move(str(move)) == move
        assert move_from_json(move_to_json(move)) == move
        assert move_from_dict(move_to_dict(move)) == move


@settings(max_examples=_examples(40))
@given(strat.games(), strat.seeds, st.integers(min_value=0, max_value=600))
def test_property_record_replays_to_the_identical_state(start: GameState, seed: int, steps: int) -> None:
    """A game played, recorded, saved as JSON and loaded replays to a state equal to the one played."""
    rng = random.Random(seed)
    state = start
    moves = []
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        legal = legal_moves(state)
        moves.append(legal[rng.randrange(len(legal))])
        state = apply(state, moves[-1])
    record = record_game(start.rules, start.seed, moves)
    assert record.result == state.result
    loaded = record_from_json(record_to_json(record))
    assert loaded == record
    assert replay(loaded) == state


def test_whole_games_round_trip_in_every_state() -> None:
    """Every state of whole random games (2, 4 and 8 players, varied options) loads back from its JSON."""
    cases = [
        Rules(players=2, decks_per_player=1, hand_size=7, kitty_size=5, target_score=2000),
        Rules(players=4, decks_per_player=1, target_score=500, red_threes_down_at_deal=False, max_rounds=2),
        Rules(players=8, decks_per_player=1, hand_size=5, kitty_size=3, target_score=500, wild_melds=False),
        Rules(
            players=3, pile_counts_for_requirement=True, kitty_timing=rc.KittyTiming.SAME_TURN, max_rounds=1
        ),
    ]
    seen = 0
    for i, rules in enumerate(cases):
        state = new_game(rules, seed=100 + i)
        rng = random.Random(i)
        for _ in range(4000):
            assert state_from_json(state_to_json(state)) == state
            seat = rng.randrange(rules.players)
            assert view_from_json(view_to_json(view(state, seat))) == view(state, seat)
            seen += 1
            if state.phase is Phase.GAME_OVER:
                break
            moves = legal_moves(state)
            state = apply(state, moves[rng.randrange(len(moves))])
    assert seen > 1000


@settings(max_examples=_examples(50))
@given(strat.rules())
def test_property_rules_round_trip_through_a_dict(rules: Rules) -> None:
    """Rules -> dict of options -> Rules gives equal rules; the dict is plain JSON."""
    options = rules_to_dict(rules)
    assert rules_from_dict(json.loads(json.dumps(options))) == rules


def test_missing_rules_options_take_their_defaults() -> None:
    """A rules object that names only some options gets the defaults for the rest."""
    assert rules_from_dict({"players": 4, "wild_upcard": "return"}) == Rules(
        players=4, wild_upcard=rc.UpcardRule.RETURN
    )
    assert rules_from_dict({}) == RAILROAD


@settings(max_examples=_examples(40))
@given(strat.reachable_states())
def test_property_card_census_adds_up_to_the_pack(state: GameState) -> None:
    """card_census of any reachable state equals the pack, kind by kind."""
    rules = state.rules
    assert card_census(state) == pack_counts(rules.players, rules.decks_per_player, rules.jokers_per_player)
    assert sum(card_census(state)) == rules.pack_size


def test_hands_are_sorted_kind_tokens_and_the_document_is_plain_json() -> None:
    """Hands are lists of kind tokens sorted high to low; the whole document survives json.dumps."""
    doc = state_to_dict(MID_GAME)
    assert doc["schema"] == STATE_SCHEMA
    order = {str(k): int(k) for k in rc.Kind}
    for player in _players(doc):
        hand = _tokens(player["hand"])
        assert [order[t] for t in hand] == sorted((order[t] for t in hand), reverse=True)
    assert json.loads(json.dumps(doc)) == doc


def test_hand_tokens_in_any_order_are_read() -> None:
    """A hand listed in another order is the same hand."""
    doc = _doc(MID_GAME)
    for player in _players(doc):
        _tokens(player["hand"]).reverse()
    assert state_from_dict(doc) == MID_GAME


def test_reprs_are_python() -> None:
    """The reprs of a record and of a loaded state evaluate to equal objects."""
    record = record_game(RAILROAD, 5, ["draw"], players=["ann", "bob"])
    namespace = {name: getattr(rc, name) for name in rc.__all__}
    namespace["GameRecord"] = GameRecord
    assert eval(repr(record), namespace) == record
    namespace.update(TableMeld=rc.TableMeld)
    assert eval(repr(MID_GAME), namespace) == MID_GAME


# ------------------------------------------------------------------------------------------------ replay


@pytest.mark.clause("R-TRN-2")
def test_replay_stops_at_the_first_illegal_move() -> None:
    """A record whose second move is a second draw fails at index 1 with the move's text and clause."""
    good = record_game(RAILROAD, 9, ["draw"])
    bad = GameRecord(
        good.rules, good.seed, good.players, (*good.moves, parse_move("draw"), parse_move("draw"))
    )
    with pytest.raises(ReplayError) as info:
        replay(bad)
    assert (info.value.index, info.value.move, info.value.clause) == (1, "draw", "R-TRN-2")
    assert isinstance(info.value, rc.RailroadCanastaError)


def test_replay_checks_the_recorded_result() -> None:
    """A record claiming a result its moves do not reach fails after the last move, with no clause."""
    good = record_game(RAILROAD, 9, ["draw"])
    claimed = rc.GameResult((0,), False, (20_000, 0))
    bad = GameRecord(good.rules, good.seed, good.players, good.moves, claimed)
    with pytest.raises(ReplayError) as info:
        replay(bad)
    assert (info.value.index, info.value.move, info.value.clause) == (1, "", None)
    assert replay(bad, check_result=False) == apply(new_game(RAILROAD, seed=9), "draw")


def test_record_game_names_an_unreadable_move() -> None:
    """record_game refuses a move it cannot read, naming its index and text."""
    with pytest.raises(ReplayError) as info:
        record_game(RAILROAD, 9, ["draw", "fly away"])
    assert (info.value.index, info.value.move) == (1, "fly away")


def test_record_names_and_player_count_agree() -> None:
    """A record names exactly one player per seat, else RecordError on 'players'."""
    with pytest.raises(RecordError) as info:
        GameRecord(RAILROAD, 1, ("solo",), ())
    assert info.value.path == "players"


def test_record_document_fields() -> None:
    """A record document holds the schema, rules version, rules options, seed, names, moves and result."""
    record = record_game(RAILROAD, 4, ["draw"], players=["ann", "bob"])
    doc = record_to_dict(record)
    assert doc["schema"] == RECORD_SCHEMA
    assert doc["rules_version"] == rc.RULES_VERSION
    assert doc["players"] == ["ann", "bob"]
    assert doc["moves"] == ["draw"]
    assert doc["result"] is None
    assert record_from_dict(doc) == record


# ------------------------------------------------------------------------------------------ load errors


def test_wrong_schema_version_is_refused() -> None:
    """A state document of another version (or a view given as a state) is refused on 'schema'."""
    doc = _doc(MID_GAME)
    doc["schema"] = "railroad-canasta/state/2"
    assert _error(state_from_dict, doc).path == "schema"
    assert _error(state_from_dict, view_to_dict(view(MID_GAME, 0))).path == "schema"
    del doc["schema"]
    assert _error(state_from_dict, doc).path == "schema"


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d.pop("pile"), "pile"),
        (lambda d: d.update(round="1"), "round"),
        (lambda d: d.update(pile_frozen=0), "pile_frozen"),
        (lambda d: d.update(turn_points=True), "turn_points"),
        (lambda d: d.update(to_move=2), "to_move"),
        (lambda d: d.update(phase="lunch"), "phase"),
        (lambda d: d.update(players={}), "players"),
        (lambda d: d["players"].pop(), "players"),
        (lambda d: d["players"][1]["hand"].__setitem__(3, "X"), "players[1].hand[3]"),
        (lambda d: d["players"][0]["hand"].__setitem__(0, 9), "players[0].hand[0]"),
        (lambda d: d["players"][0].update(red_threes=-1), "players[0].red_threes"),
        (lambda d: d["players"][0].update(canastas=["gold"]), "players[0].canastas[0]"),
        (lambda d: d["players"][0].pop("score"), "players[0].score"),
        (lambda d: d["stock"].append("3"), "stock[161]"),
        (lambda d: d.update(pending="Q"), "pending"),
        (lambda d: d.update(history=[{}]), "history[0].round"),
        (lambda d: d.update(result=[]), "result"),
        (lambda d: d["rules"].update(hand_size=0), "rules.hand_size"),
        (lambda d: d["rules"].update(hand_size="13"), "rules.hand_size"),
        (lambda d: d["rules"].update(wild_upcard="sometimes"), "rules.wild_upcard"),
        (lambda d: d["rules"].update(requirement_table=[[5, 50]]), "rules.requirement_table"),
        (lambda d: d["rules"].update(bogus=True), "rules.bogus"),
        (lambda d: d["rules"].update(players=3), "players"),
    ],
)
def test_malformed_values_are_refused_with_their_path(
    change: Callable[[JSONObject], object], path: str
) -> None:
    """Unknown or missing keys, wrong types, unknown cards and invalid rules options name their path."""
    doc = _doc(new_game(RAILROAD, seed=2))
    change(doc)
    error = _error(state_from_dict, doc)
    assert error.path == path
    assert str(error).startswith(path)


@pytest.mark.clause("R-CRD-1")
def test_cards_that_do_not_add_up_to_the_pack_are_refused() -> None:
    """A card changed into another kind leaves the pack one short and one over: refused at the top level."""
    doc = _doc(MID_GAME)
    hand = _tokens(_players(doc)[0]["hand"])
    hand[0] = "JK" if hand[0] != "JK" else "A"
    error = _error(state_from_dict, doc)
    assert error.path == ""
    assert "R-CRD-1" in error.reason and "1 more" in error.reason and "1 fewer" in error.reason


@pytest.mark.clause("R-MLD-4")
def test_a_meld_breaking_the_meld_rules_is_refused() -> None:
    """A meld with four wild cards is refused at its path, naming R-MLD-4."""
    doc = _doc(MID_GAME)
    seat = next(i for i, p in enumerate(MID_GAME.players) if p.melds)
    melds = _players(doc)[seat]["melds"]
    assert isinstance(melds, list)
    melds[0] = ["9", "9", "JK", "2", "JK", "2"]
    error = _error(state_from_dict, doc)
    assert error.path == f"players[{seat}].melds[0]"
    assert "R-MLD-4" in error.reason


@pytest.mark.clause("R-MLD-1")
def test_a_meld_of_two_ranks_is_refused() -> None:
    """A meld mixing natural ranks names the first card of another rank."""
    doc = _doc(MID_GAME)
    seat = next(i for i, p in enumerate(MID_GAME.players) if p.melds)
    melds = _players(doc)[seat]["melds"]
    assert isinstance(melds, list)
    melds[0] = ["9", "9", "8"]
    assert _error(state_from_dict, doc).path == f"players[{seat}].melds[0][2]"


@pytest.mark.clause("R-CAN-1")
def test_a_canasta_mask_that_does_not_match_the_melds_is_refused() -> None:
    """Claiming a red canasta without a complete natural meld is refused on the canastas."""
    state = _position(lambda s: s.phase is Phase.DRAW and s.players[0].canastas == 0)
    doc = _doc(state)
    _players(doc)[0]["canastas"] = ["red"]
    error = _error(state_from_dict, doc)
    assert error.path == "players[0].canastas" and "R-CAN-1" in error.reason


@pytest.mark.clause("R-KIT-1")
def test_the_kitty_look_is_derived_not_stored() -> None:
    """The right to look at the kitty follows from the canastas; a document cannot carry it."""
    state = _position(lambda s: s.phase is Phase.DRAW and s.players[0].canastas == 0)
    assert not state.players[0].may_look_kitty
    doc = _doc(state)
    assert "may_look_kitty" not in _players(doc)[0]
    _players(doc)[0]["may_look_kitty"] = True
    error = _error(state_from_dict, doc)
    assert error.path == "players[0].may_look_kitty" and "unknown key" in error.reason


@pytest.mark.clause("R-HND-1")
@pytest.mark.parametrize("phase", [Phase.DRAW, Phase.MELD])
def test_an_empty_hand_that_could_not_exist_is_refused(phase: Phase) -> None:
    """A draw or meld phase whose mover holds no card (cards moved to the stock) is refused."""
    state = _position(
        lambda s: (
            s.phase is phase and s.pending is None and not any(m.rank is rc.Kind.SEVEN for m in s.mover.melds)
        )
    )
    doc = _doc(state)
    mover = _players(doc)[state.to_move]
    _tokens(doc["stock"]).extend(_tokens(mover["hand"]))
    mover["hand"] = []
    error = _error(state_from_dict, doc)
    assert error.path == f"players[{state.to_move}].hand" and "R-HND-1" in error.reason


@pytest.mark.clause("R-RED-1")
def test_a_red_three_held_in_hand_is_refused() -> None:
    """A red 3 swapped from the stock into a hand is refused: red 3s go down at once."""
    state = _position(lambda s: s.phase is Phase.MELD and rc.Kind.RED_THREE in s.stock)
    doc = _doc(state)
    stock = _tokens(doc["stock"])
    hand = _tokens(_players(doc)[1]["hand"])
    i = stock.index("R3")
    stock[i], hand[0] = hand[0], "R3"
    error = _error(state_from_dict, doc)
    assert error.path == "players[1].hand" and "R-RED-1" in error.reason


def test_red_threes_may_wait_in_a_hand_not_yet_played_when_the_rules_say_so() -> None:
    """Under R-DEC-6's alternative, dealt red 3s stay in the hand of a player yet to move, and load back."""
    rules = Rules(red_threes_down_at_deal=False)
    state = _position(
        lambda s: any(p.hand[rc.Kind.RED_THREE] for i, p in enumerate(s.players) if i != s.to_move),
        rules=rules,
        limit=50_000,
    )
    assert state_from_json(state_to_json(state)) == state


@pytest.mark.clause("R-PIL-2")
def test_a_pile_status_that_does_not_match_the_pile_is_refused() -> None:
    """A pile without wild cards or red 3s marked frozen is refused."""
    state = _position(lambda s: s.phase is Phase.DRAW and not s.pile_frozen)
    doc = _doc(state)
    doc["pile_frozen"] = True
    assert _error(state_from_dict, doc).path == "pile_frozen"


@pytest.mark.clause("R-SET-1", "R-SET-2")
def test_a_dealer_the_seed_did_not_choose_is_refused() -> None:
    """The dealer follows from the seed and the round number."""
    doc = _doc(MID_GAME)
    doc["dealer"] = 1 - MID_GAME.dealer
    assert _error(state_from_dict, doc).path == "dealer"


@pytest.mark.clause("R-SCO-6")
def test_history_scores_that_do_not_add_up_are_refused() -> None:
    """In round 2, round 1's cumulative scores must be the sum of its breakdowns."""
    state = _position(lambda s: s.round == 2 and s.phase is Phase.DRAW, rules=Rules(decks_per_player=1))
    doc = _doc(state)
    history = doc["history"]
    assert isinstance(history, list) and isinstance(history[0], dict)
    scores = history[0]["scores"]
    assert isinstance(scores, list)
    scores[0] = 12345
    assert _error(state_from_dict, doc).path == "history[0].scores"


@pytest.mark.clause("R-REQ-1")
def test_turn_points_in_the_draw_phase_are_refused() -> None:
    """Turn points are 0 outside the meld and kitty phases."""
    state = _position(lambda s: s.phase is Phase.DRAW)
    doc = _doc(state)
    doc["turn_points"] = 10
    assert _error(state_from_dict, doc).path == "turn_points"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{", "not valid JSON"),
        ('{"schema": 1, "schema": 2}', "duplicate key"),
        ('{"a": NaN}', "not a JSON number"),
        ("[]", "must be an object"),
        ('"state"', "must be an object"),
        ("[" * 100_000, "not valid JSON"),
        ('{"schema": "railroad-canasta/state/1", "round": 1' + "0" * 5000 + "}", "not valid JSON"),
    ],
)
def test_text_that_is_not_a_plain_json_object_is_refused(text: str, reason: str) -> None:
    """Broken JSON, duplicate keys, NaN, non-objects, deep nesting and huge numbers raise RecordError."""
    for load in (state_from_json, view_from_json, move_from_json, record_from_json):
        with pytest.raises(RecordError, match=reason):
            load(text)


def test_bytes_are_read_as_json_text() -> None:
    """JSON given as UTF-8 bytes loads like text."""
    assert state_from_json(state_to_json(MID_GAME).encode()) == MID_GAME


def test_view_errors_name_their_path() -> None:
    """A view whose hand does not match its size, or shows a kitty its viewer may not see, is refused."""
    doc = copy.deepcopy(view_to_dict(view(MID_GAME, 0)))
    bad = copy.deepcopy(doc)
    _tokens(bad["hand"]).pop()
    assert _error(view_from_dict, bad).path == "hand"
    bad = copy.deepcopy(doc)
    bad["kitty"] = []
    assert _error(view_from_dict, bad).path == "kitty"
    bad = copy.deepcopy(doc)
    bad["pile_stopped"] = not bad["pile_stopped"]
    assert _error(view_from_dict, bad).path == "pile_stopped"
    bad = copy.deepcopy(doc)
    bad["stock_size"] = 1
    assert "R-CRD-1" in _error(view_from_dict, bad).reason
    bad = copy.deepcopy(doc)
    bad["viewer"] = 2
    assert _error(view_from_dict, bad).path == "viewer"


@pytest.mark.clause("R-CRD-1")
def test_a_view_seeing_more_cards_of_a_kind_than_the_pack_holds_is_refused() -> None:
    """Jokers added to the hand, hidden cards as many fewer: the sizes add up but the jokers do not."""
    doc = copy.deepcopy(view_to_dict(view(MID_GAME, 0)))
    hand = _tokens(doc["hand"])
    extra = 5 - sum(t == "JK" for t in hand)
    hand.extend(["JK"] * extra)
    me = _players(doc)[0]
    size = me["hand_size"]
    assert isinstance(size, int)
    me["hand_size"] = size + extra
    stock = doc["stock_size"]
    assert isinstance(stock, int)
    doc["stock_size"] = stock - extra
    error = _error(view_from_dict, doc)
    assert error.path == "" and "JK" in error.reason and "R-CRD-1" in error.reason


def test_move_errors_name_their_path() -> None:
    """A move that is not text, not notation, or missing is refused on 'move'."""
    for bad in ({"schema": "railroad-canasta/move/1"}, {"schema": "railroad-canasta/move/1", "move": 3}):
        assert _error(move_from_dict, bad).path == "move"
    error = _error(move_from_dict, {"schema": "railroad-canasta/move/1", "move": "meld 9 8 7"})
    assert error.path == "move" and "one rank" in error.reason
    assert move_from_dict({"schema": "railroad-canasta/move/1", "move": "take-pile 9S 9H"}) == parse_move(
        "take-pile 9"
    )


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(rules_version="railroad-0.1"), "rules_version"),
        (lambda d: d.update(players=["solo"]), "players"),
        (lambda d: d.update(players=["a", 2]), "players[1]"),
        (lambda d: d["moves"].append("jump"), "moves[1]"),
        (lambda d: d.update(seed=1.5), "seed"),
        (
            lambda d: d.update(result={"winners": [1], "truncated": False, "scores": [25000, 100]}),
            "result.winners",
        ),
        (lambda d: d.update(result={"winners": [], "truncated": True, "scores": [1, 2]}), "result"),
    ],
)
def test_record_errors_name_their_path(change: Callable[[JSONObject], object], path: str) -> None:
    """A record of another rules version, wrong names, bad notation or an impossible result is refused."""
    doc = copy.deepcopy(record_to_dict(record_game(RAILROAD, 4, ["draw"])))
    change(doc)
    assert _error(record_from_dict, doc).path == path


# ------------------------------------------------------------------------------------------------ schemas


def test_every_schema_ships_with_the_package() -> None:
    """json_schema loads each of the four shipped schemas (draft 2020-12); an unknown name is refused."""
    for name in SCHEMA_NAMES:
        schema = json_schema(name)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert json_schema(name) is not schema
    with pytest.raises(RecordError):
        json_schema("pickle")


@functools.cache
def _validator(name: str) -> Callable[[object], None]:
    jsonschema = pytest.importorskip("jsonschema", reason="the schema tests need jsonschema (test group)")
    schema = json_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    checker = jsonschema.Draft202012Validator(schema)

    def validate(doc: object) -> None:
        checker.validate(doc)

    return validate


@settings(max_examples=_examples(30))
@given(strat.reachable_states(), st.integers(min_value=0, max_value=7))
def test_property_emitted_json_validates_against_the_schemas(state: GameState, seat: int) -> None:
    """Every emitted state, view, move and record document validates against its shipped JSON Schema."""
    validate_state, validate_view = _validator("state"), _validator("view")
    validate_move, validate_record = _validator("move"), _validator("record")
    validate_state(json.loads(state_to_json(state)))
    validate_view(json.loads(view_to_json(view(state, seat % state.rules.players))))
    for move in legal_moves(state):
        validate_move(move_to_dict(move))
    first = legal_moves(new_game(state.rules, seed=state.seed))[:1]
    validate_record(
        record_to_dict(record_game(state.rules, state.seed, first, players=["a"] * state.rules.players))
    )


def test_the_schemas_reject_what_the_loaders_reject() -> None:
    """An unknown card token, an unknown key and a wrong version fail schema validation too."""
    jsonschema = pytest.importorskip("jsonschema", reason="the schema tests need jsonschema (test group)")
    validate_state = _validator("state")
    for change in (
        lambda d: _tokens(d["stock"]).__setitem__(0, "X"),
        lambda d: d.update(extra=1),
        lambda d: d.update(schema="railroad-canasta/state/2"),
    ):
        doc = _doc(MID_GAME)
        change(doc)
        with pytest.raises(jsonschema.ValidationError):
            validate_state(doc)
    with pytest.raises(jsonschema.ValidationError):
        _validator("move")({"schema": "railroad-canasta/move/1", "move": "meld 9 9 X"})


def test_error_reprs_are_python() -> None:
    """RecordError and ReplayError reprs evaluate to errors with the same fields."""
    record_error = RecordError("players[1].hand[3]", "unknown card 'X'")
    again = eval(repr(record_error), {"RecordError": RecordError})
    assert (again.path, again.reason, str(again)) == (
        record_error.path,
        record_error.reason,
        str(record_error),
    )
    replay_error = ReplayError(4, "draw", "R-TRN-2", "it is the meld phase")
    back = eval(repr(replay_error), {"ReplayError": ReplayError})
    assert (back.index, back.move, back.clause, str(back)) == (4, "draw", "R-TRN-2", str(replay_error))
