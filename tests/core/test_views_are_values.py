"""Views are values (issue 23, item 4): nothing mutable is reachable from a view, and no representation of
a view (``==``, ``hash``, ``attrs.asdict``, ``pickle``, ``deepcopy``, JSON) changes when the game it was
taken from is branched afterwards. A search bot's rollouts leave the real game's objects untouched.
"""

from __future__ import annotations

import copy
import enum
import pickle
import random
from collections.abc import Iterator

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

import railroad_canasta as rc
from railroad_canasta.bots.search import SearchBot
from railroad_canasta.io.codec import view_to_json

_IMMUTABLE_LEAVES = (int, float, str, bytes, bool, type(None), enum.Enum)


def _reachable(value: object, seen: set[int]) -> Iterator[object]:
    """Every object reachable from ``value`` through attrs fields and the items of tuples and frozensets."""
    if id(value) in seen:
        return
    seen.add(id(value))
    yield value
    if isinstance(value, _IMMUTABLE_LEAVES):
        return
    kind = type(value)
    if attrs.has(kind):
        for field in attrs.fields(kind):
            yield from _reachable(getattr(value, field.name), seen)
    elif isinstance(value, tuple | frozenset):
        for item in value:
            yield from _reachable(item, seen)


def _mutable_parts(value: object) -> list[str]:
    """The reachable objects that could change: anything not a frozen attrs record, tuple or leaf."""
    found = []
    for part in _reachable(value, set()):
        kind = type(part)
        if isinstance(part, (*_IMMUTABLE_LEAVES, tuple, frozenset)):
            continue
        params = getattr(kind, "__attrs_attrs__", None)
        if params is not None and getattr(kind, "__setattr__", None) is not object.__setattr__:
            try:
                object.__getattribute__(part, "__dict__")
            except AttributeError:
                continue  # a slotted frozen record
        found.append(kind.__name__)
    return found


@attrs.frozen
class _Shots:
    """Every representation of one view, taken when the view was made."""

    copy: object
    hash: int
    asdict: object
    pickled: bytes
    deep: object
    json: str


def _shots(seen: rc.PlayerView | rc.ClassicView) -> _Shots:
    return _Shots(
        copy.deepcopy(seen),
        hash(seen),
        attrs.asdict(seen),
        pickle.dumps(seen),
        copy.deepcopy(seen),
        view_to_json(seen),
    )


def _play(
    rules: rc.Rules | rc.ClassicRules, seed: int, moves: int
) -> Iterator[rc.GameState | rc.ClassicState]:
    """The states of a game played at random (``moves`` decisions at most), each branched by every move."""
    rng = random.Random(seed)
    state = rc.new_game(rules, seed=seed)
    for _ in range(moves):
        legal = rc.legal_moves(state)
        if not legal:
            return
        yield state
        chosen = rng.choice(legal)
        for trial in legal:  # a bot's trials: the branches not taken
            rc.apply(state, trial)
        state = rc.apply(state, chosen)


_RULES = st.one_of(
    st.sampled_from([2, 3, 4, 5, 6, 8]).map(lambda n: rc.Rules(players=n)),
    st.sampled_from([2, 3, 4, 6]).map(lambda n: rc.ClassicRules(players=n)),
)


@settings(max_examples=12, deadline=None)
@given(_RULES, st.integers(0, 2**32), st.integers(1, 60))
def test_branching_the_game_after_taking_views_changes_no_representation(
    rules: rc.Rules | rc.ClassicRules, seed: int, moves: int
) -> None:
    """Views of every seat at every step keep ==, hash, asdict, pickle, deepcopy and JSON as taken."""
    taken: list[tuple[rc.PlayerView | rc.ClassicView, _Shots]] = []
    for state in _play(rules, seed, moves):
        for seat in range(state.rules.players):
            seen = rc.view(state, seat)
            taken.append((seen, _shots(seen)))
    for seen, shots in taken:
        assert seen == shots.copy
        assert hash(seen) == shots.hash
        assert attrs.asdict(seen) == shots.asdict
        assert pickle.dumps(seen) == shots.pickled
        assert copy.deepcopy(seen) == shots.deep
        assert view_to_json(seen) == shots.json
        assert pickle.loads(shots.pickled) == seen


@settings(max_examples=8, deadline=None)
@given(_RULES, st.integers(0, 2**32), st.integers(1, 80))
def test_nothing_mutable_is_reachable_from_a_view(
    rules: rc.Rules | rc.ClassicRules, seed: int, moves: int
) -> None:
    """Every object reachable from a view is a frozen record, a tuple or an immutable leaf."""
    for state in _play(rules, seed, moves):
        seen = rc.view(state, state.to_move)
        assert _mutable_parts(seen) == []


def test_the_issue_example_no_longer_shows_a_later_trial() -> None:
    """The view taken before a bot's trial discard does not show that discard (issue 23's example)."""
    state = rc.apply(rc.new_game(rc.Rules(players=2), seed=7), "draw")
    before = rc.view(state, 1 - state.to_move)
    pile = attrs.asdict(before)["pile"]
    rc.apply(state, [m for m in rc.legal_moves(state) if str(m).startswith("discard")][-1])
    assert attrs.asdict(before)["pile"] == pile == tuple(state.pile)


def test_rollouts_leave_the_real_games_objects_untouched() -> None:
    """Play-outs of states sampled from a view, and a search bot's choice, leave the real state's shared
    pile list and every representation as they were."""
    state = rc.apply(rc.new_game(rc.Rules(players=2), seed=7), "draw")
    cards = list(state.pile.cards)
    pickled = pickle.dumps(state)
    seen = rc.view(state, state.to_move)
    rng = random.Random(5)
    for _ in range(5):
        sample = rc.sample_state(seen, rng)
        for move in rc.legal_moves(sample):
            if str(move).startswith("discard"):
                rc.apply(sample, move)
    SearchBot(seed=3, rollouts=6, seconds=None).choose(seen, rc.legal_moves(state))
    assert state.pile.cards == cards
    assert pickle.dumps(state) == pickled
