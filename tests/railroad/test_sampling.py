"""sample_state: a full state consistent with a player's view, the hidden cards dealt uniformly at random."""

from __future__ import annotations

import collections
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import railroad_canasta as rc
from placements import check_spread
from railroad_canasta import RAILROAD, Kind, Phase, PlayerView, apply, new_game, view
from railroad_canasta.bots import RailroadHeuristicBot
from railroad_canasta.testing.strategies import player_views
from railroad_canasta.variants.railroad.sampling import hidden_cards, hidden_places

_PLAYING = (Phase.DRAW, Phase.MELD, Phase.KITTY)


@pytest.mark.clause("R-SET-3", "R-KIT-1", "R-RED-1", "R-DEC-6")
@given(player_views(max_moves=300), st.integers(min_value=0, max_value=2**32))
def test_a_sample_shows_the_same_view_and_passes_every_invariant(seen: PlayerView, seed: int) -> None:
    """For random views of rounds in play (any rules), view(sample, viewer) == view and validate passes."""
    if seen.phase not in _PLAYING:
        with pytest.raises(rc.ViewError, match="no round being played"):
            rc.sample_state(seen, random.Random(seed))
        return
    sample = rc.sample_state(seen, random.Random(seed))
    assert view(sample, seen.viewer) == seen
    rc.validate(sample)


def _position(seed: int = 11, decisions: int = 60, players: int = 3, **options: object) -> PlayerView:
    """The view of seat 0 after some heuristic play (hands, kitties and a stock all hidden from it)."""
    state = new_game(RAILROAD.replace(players=players, **options), seed=seed)
    bot = RailroadHeuristicBot()
    for _ in range(decisions):
        state = apply(state, bot.choose(view(state, state.to_move), rc.legal_moves(state)))
    return view(state, 0)


def _placements(seen: PlayerView, samples: int, seed: int) -> dict[str, collections.Counter[Kind]]:
    """How many cards of each kind landed in each hidden place (and on top of the stock), over the samples."""
    rng = random.Random(seed)
    out: dict[str, collections.Counter[Kind]] = collections.defaultdict(collections.Counter)
    for _ in range(samples):
        state = rc.sample_state(seen, rng)
        for seat, p in enumerate(state.players):
            if seat != seen.viewer:
                known = seen.players[seat].known
                # rule: R-VIS-1 (every sample holds the known cards; only the rest is drawn)
                assert all(h >= k for h, k in zip(p.hand, known, strict=True))
                out[f"hand {seat}"].update(
                    {Kind(i): n - k for i, (n, k) in enumerate(zip(p.hand, known, strict=True))}
                )
            if seat != seen.viewer or seen.kitty is None:
                out[f"kitty {seat}"].update({Kind(i): n for i, n in enumerate(p.kitty)})
        out["stock top"][state.stock[-1]] += 1
        out["stock rest"].update(state.stock[:-1])
    return out


@pytest.mark.clause("R-SET-3", "R-RED-1")
def test_hidden_cards_land_in_each_place_with_the_right_frequency() -> None:
    """Chi-square, fixed seed: each kind is spread over the hidden places as a uniform deal spreads it.

    The red 3s go only to the kitties and the stock (a hand never holds one under the default rules); the
    other cards fill the remaining places uniformly, the top of the stock included. The same test refuses
    the frequencies of a deal that ignored the red-3 rule.
    """
    seen = _position()
    assert not any(any(p.known) for seat, p in enumerate(seen.players) if seat != seen.viewer)
    samples = 1500
    observed = _placements(seen, samples, seed=2024)
    kinds = [
        k for k in (Kind.RED_THREE, Kind.JOKER, Kind.SEVEN, Kind.KING, Kind.FOUR) if hidden_cards(seen)[k]
    ]
    check_spread(observed, hidden_cards(seen), hidden_places(seen), kinds, samples)


@pytest.mark.clause("R-SET-3", "R-RED-1", "R-VIS-1")
def test_known_cards_go_to_their_holder_and_the_rest_spreads_uniformly() -> None:
    """Chi-square, fixed seed, a constrained view: another hand holds cards taken with the pile.

    Every sample deals them to that hand; the rest of that hand, the other hands, the kitties and the
    stock are drawn as a uniform deal of the cards left would draw them.
    """
    seen = _known_position()
    assert any(any(p.known) for seat, p in enumerate(seen.players) if seat != seen.viewer)
    samples = 1500
    observed = _placements(seen, samples, seed=2025)
    kinds = [
        k for k in (Kind.RED_THREE, Kind.JOKER, Kind.SEVEN, Kind.KING, Kind.FOUR) if hidden_cards(seen)[k]
    ]
    check_spread(observed, hidden_cards(seen), hidden_places(seen), kinds, samples)


def _known_position() -> PlayerView:
    """The first view of seat 0, in heuristic play, in which another hand holds known cards."""
    state = new_game(RAILROAD.replace(players=3), seed=11)
    bot = RailroadHeuristicBot()
    while True:
        state = apply(state, bot.choose(view(state, state.to_move), rc.legal_moves(state)))
        seen = view(state, 0)
        if seen.phase in _PLAYING and any(any(p.known) for p in seen.players[1:]):
            return seen


@pytest.mark.clause("R-DEC-6")
def test_red_threes_wait_in_the_hands_not_yet_played_under_the_alternative() -> None:
    """With red 3s kept until the first turn, a sample may deal one to a hand that has not played yet."""
    state = new_game(RAILROAD.replace(players=4, red_threes_down_at_deal=False), seed=5)
    seen = view(state, state.to_move)
    places = {name: ok for name, _, ok in hidden_places(seen)}
    assert any(ok for name, ok in places.items() if name.startswith("hand"))
    rng = random.Random(3)
    held = 0
    for _ in range(50):
        sample = rc.sample_state(seen, rng)
        rc.validate(sample)
        held += sum(p.hand[Kind.RED_THREE] for seat, p in enumerate(sample.players) if seat != seen.viewer)
    assert held > 0


@pytest.mark.clause("R-SCO-6")
def test_no_sample_between_rounds() -> None:
    """A scored round ties the hands left to the scores: sample_state refuses, naming the phase."""
    state = new_game(RAILROAD.replace(max_rounds=1), seed=3)
    bot = RailroadHeuristicBot()
    while state.phase in _PLAYING:
        state = apply(state, bot.choose(view(state, state.to_move), rc.legal_moves(state)))
    with pytest.raises(rc.ViewError, match="game-over phase"):
        rc.sample_state(view(state, 0), random.Random(1))
    with pytest.raises(TypeError, match="sample_state expects a player's view"):
        rc.sample_state(state, random.Random(1))  # type: ignore[call-overload]


def test_the_same_generator_seed_gives_the_same_sample() -> None:
    """Sampling draws only from the generator it is given."""
    seen = _position(decisions=20)
    assert rc.sample_state(seen, random.Random(9)) == rc.sample_state(seen, random.Random(9))
    assert rc.sample_state(seen, random.Random(9)) != rc.sample_state(seen, random.Random(10))
