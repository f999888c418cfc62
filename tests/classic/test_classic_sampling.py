"""Classic sample_state: a full state consistent with a player's view, the hidden cards dealt at random."""

from __future__ import annotations

import collections
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import railroad_canasta as rc
from placements import check_spread
from railroad_canasta import Kind
from railroad_canasta.bots import GreedyBot
from railroad_canasta.testing.strategies import classic_states
from railroad_canasta.variants.classic.rules import CLASSIC
from railroad_canasta.variants.classic.sampling import hidden_cards, hidden_places
from railroad_canasta.variants.classic.sampling import sample_state as classic_sample_state
from railroad_canasta.variants.classic.state import ClassicState, Phase
from railroad_canasta.variants.classic.views import ClassicView, ClassicViewError

_PLAYING = (Phase.DRAW, Phase.MELD, Phase.ANSWER)


@pytest.mark.clause("R-CL-PLY-1", "R-CL-RED-1", "R-CL-DEA-1")
@given(classic_states(max_moves=300), st.integers(min_value=0, max_value=7), st.integers(0, 2**32))
def test_a_sample_shows_the_same_view_and_passes_every_invariant(
    state: ClassicState, seat: int, seed: int
) -> None:
    """Random views of 2, 3, 4 and 6 players (any rules): view(sample, viewer) == view, validate passes."""
    seen = rc.view(state, seat % state.rules.players)
    if seen.phase not in _PLAYING:
        with pytest.raises(ClassicViewError, match="no round being played"):
            rc.sample_state(seen, random.Random(seed))
        return
    sample = rc.sample_state(seen, random.Random(seed))
    assert type(sample) is ClassicState
    assert rc.view(sample, seen.viewer) == seen
    rc.validate(sample)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_player_count_samples_every_seat(players: int) -> None:
    """At each player count, every seat's view of a game in play samples back to itself."""
    state = _played(players, decisions=40, seed=players)
    for seat in range(players):
        seen = rc.view(state, seat)
        sample = rc.sample_state(seen, random.Random(seat))
        assert rc.view(sample, seat) == seen
        rc.validate(sample)
        assert sample.hands != state.hands or sample.stock != state.stock


def _played(players: int, decisions: int, seed: int) -> ClassicState:
    state = rc.new_game(CLASSIC.replace(players=players), seed=seed)
    bot = GreedyBot()
    for _ in range(decisions):
        state = rc.apply(state, bot.choose(rc.view(state, state.to_move), rc.legal_moves(state)))
    assert state.phase in _PLAYING
    return state


def _placements(seen: ClassicView, samples: int, seed: int) -> dict[str, collections.Counter[Kind]]:
    """How many cards of each kind landed in each hidden place (the stock's top apart), over the samples."""
    rng = random.Random(seed)
    out: dict[str, collections.Counter[Kind]] = collections.defaultdict(collections.Counter)
    for _ in range(samples):
        state = rc.sample_state(seen, rng)
        for seat, hand in enumerate(state.hands):
            if seat != seen.viewer:
                known = seen.known[seat]
                # rule: R-CL-VIS-1 (every sample holds the known cards; only the rest is drawn)
                assert all(h >= k for h, k in zip(hand, known, strict=True))
                out[f"hand {seat}"].update(
                    {Kind(i): n - k for i, (n, k) in enumerate(zip(hand, known, strict=True))}
                )
        out["stock top"][state.stock[-1]] += 1
        out["stock rest"].update(state.stock[:-1])
    return out


@pytest.mark.clause("R-CL-PLY-1", "R-CL-RED-1", "R-CL-VIS-1")
@pytest.mark.parametrize(("decisions", "constrained"), [(1, False), (30, True)])
def test_hidden_cards_land_in_each_place_with_the_right_frequency(decisions: int, constrained: bool) -> None:
    """Chi-square, fixed seed: each kind is spread over the hidden places as a uniform deal spreads it.

    The red 3s go only to the stock (a hand never holds one, R-CL-RED-1); the other cards fill the other
    places uniformly: the partner's hand, both opponents' hands, the top of the stock and the rest. The
    same test refuses the frequencies of a deal that ignored the red-3 rule. In the constrained case
    another hand holds known cards (taken with the pile, R-CL-VIS-1): every sample deals them to it, and
    only the rest of that hand is drawn uniformly with the other hidden cards.
    """
    seen = rc.view(_played(4, decisions=decisions, seed=11), 0)
    assert any(any(k) for seat, k in enumerate(seen.known) if seat != seen.viewer) is constrained
    samples = 1500
    observed = _placements(seen, samples, seed=2024)
    kinds = [k for k in (Kind.RED_THREE, Kind.JOKER, Kind.TWO, Kind.KING, Kind.FOUR) if hidden_cards(seen)[k]]
    assert {name for name, _, _ in hidden_places(seen)} == {"hand 1", "hand 2", "hand 3", "stock"}
    check_spread(observed, hidden_cards(seen), hidden_places(seen), kinds, samples)


@pytest.mark.clause("R-CL-SCO-1")
def test_no_sample_between_rounds() -> None:
    """A scored round ties the hands left to the scores: sample_state refuses, naming the phase."""
    state = rc.new_game(CLASSIC.replace(max_rounds=1), seed=3)
    bot = GreedyBot()
    while state.phase in _PLAYING:
        state = rc.apply(state, bot.choose(rc.view(state, state.to_move), rc.legal_moves(state)))
    with pytest.raises(ClassicViewError, match="game-over phase"):
        rc.sample_state(rc.view(state, 0), random.Random(1))
    with pytest.raises(TypeError, match="sample_state expects a player's view"):
        rc.sample_state(state, random.Random(1))  # type: ignore[call-overload]


def test_the_same_generator_seed_gives_the_same_sample() -> None:
    """Sampling draws only from the generator it is given, and its seed deals the view's dealer."""
    seen = rc.view(_played(4, decisions=20, seed=5), 1)
    first = rc.sample_state(seen, random.Random(9))
    assert first == rc.sample_state(seen, random.Random(9))
    assert first != rc.sample_state(seen, random.Random(10))
    assert rc.new_game(CLASSIC, seed=first.seed).dealer == (seen.dealer - seen.round + 1) % 4


def test_a_view_that_hides_too_many_or_too_few_cards_is_refused() -> None:
    """A view whose hidden places do not match its unseen cards, or whose red 3s the stock cannot hold."""
    seen = rc.view(_played(4, decisions=20, seed=5), 1)
    more = attrs.evolve(seen, hand_sizes=tuple(n + (seat == 2) for seat, n in enumerate(seen.hand_sizes)))
    with pytest.raises(ClassicViewError, match=r"the view hides [0-9]+ places for [0-9]+ unseen cards"):
        rc.sample_state(more, random.Random(1))
    jokers = list(seen.hand)
    jokers[Kind.JOKER] += 5
    # The entry check of the public functions refuses it first (R-CL-MAT-1), the sampler's own check next.
    with pytest.raises(rc.InvariantError, match=r"cards of JK are seen but the pack has 4 \[R-CL-MAT-1\]"):
        rc.sample_state(attrs.evolve(seen, hand=tuple(jokers)), random.Random(1))
    with pytest.raises(ClassicViewError, match="more JK than the pack holds"):
        classic_sample_state(attrs.evolve(seen, hand=tuple(jokers)), random.Random(1))
    reds = hidden_cards(seen)[Kind.RED_THREE]
    assert reds >= 2
    # Move all the stock but one card into a hand: the red 3s left unseen no longer fit in the stock.
    sizes = list(seen.hand_sizes)
    sizes[2] += seen.stock_size - 1
    squeezed = attrs.evolve(seen, hand_sizes=tuple(sizes), stock_size=1)
    with pytest.raises(ClassicViewError, match="unseen red 3s but only 1 card"):
        rc.sample_state(squeezed, random.Random(1))
