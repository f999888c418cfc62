"""Regression tests of issue 11 (hardening): each reproduces one report and checks the fix.

The findings are numbered as in the issue; the requirement search (1) is in ``test_requirement_search.py``,
the loaders (3, 4) in ``test_json_limits.py`` and the command line (7) in ``test_cli.py``.
"""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

import railroad_canasta as rc
from railroad_canasta import (
    AddToMeld,
    Discard,
    GameState,
    InvariantError,
    Kind,
    Phase,
    Rules,
    RulesError,
    StartMeld,
    TakePile,
)
from railroad_canasta.bots import GreedyBot, play_game
from railroad_canasta.core.frozen import is_stamped
from railroad_canasta.io import state_from_json, state_to_json

# ------------------------------------------------------------------------- (2) the deal runs dry


@pytest.mark.clause("R-DEC-5")
def test_rules_refuse_a_deal_whose_red_three_replacements_empty_the_stock() -> None:
    """The reported layout (104 cards, 103 dealt, 4 red 3s to replace) is refused, naming the options."""
    with pytest.raises(RulesError) as info:
        Rules(
            decks_per_player=1, jokers_per_player=0, hand_size=40, kitty_size=11, red_three_replacement=True
        )
    assert info.value.option == "hand_size"
    for name in ("red_three_replacement", "decks_per_player", "jokers_per_player", "kitties of 11"):
        assert name in info.value.reason


@pytest.mark.clause("R-DEC-5")
def test_every_accepted_tight_layout_deals_for_every_seed() -> None:
    """The tightest layouts the rules accept deal without running out, whatever the seed."""
    for players in (2, 5):
        pack = Rules(players=players, decks_per_player=1, jokers_per_player=0).pack_size
        reds = 2 * players
        hand = (pack - 1 - reds) // players - 11
        rules = Rules(players=players, decks_per_player=1, jokers_per_player=0, hand_size=hand)
        with pytest.raises(RulesError):
            rules.replace(hand_size=hand + 1)
        for seed in range(40):
            state = rc.new_game(rules, seed=seed)
            assert len(state.pile) == 1
            rc.validate(state)


# --------------------------------------------------------------------------------- (5) wrong types


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: Discard(9), TypeError),  # type: ignore[arg-type]
        (lambda: Discard(99), TypeError),  # type: ignore[arg-type]
        (lambda: Discard(None), TypeError),  # type: ignore[arg-type]
        (lambda: Discard(-1), TypeError),  # type: ignore[arg-type]
        (lambda: TakePile("9"), TypeError),  # type: ignore[arg-type]
        (lambda: AddToMeld(Kind.NINE, 2), TypeError),  # type: ignore[arg-type]
        (lambda: StartMeld(Kind.NINE, 2, -1, 0), ValueError),
        (lambda: StartMeld(Kind.NINE, 10**9), ValueError),
        (lambda: StartMeld(Kind.NINE, 3.0), TypeError),  # type: ignore[arg-type]
        (lambda: StartMeld(Kind.NINE, True), TypeError),
    ],
)
def test_move_constructors_check_their_fields(make: object, error: type[Exception]) -> None:
    """A move's card is a Kind and its counts are ints within a pack: anything else raises at once."""
    with pytest.raises(error, match="must be"):
        make()  # type: ignore[operator]


def test_public_functions_refuse_what_is_not_a_position_or_a_move() -> None:
    """Views, None and numbers get a TypeError that says what was expected; so does a move that is none."""
    state = rc.new_game(seed=1)
    with pytest.raises(TypeError, match="apply expects a game state, not a PlayerView"):
        rc.apply(rc.view(state, 0), "draw")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="apply expects a game state, not None"):
        rc.apply(None, "draw")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="legal_moves expects a game state or a player's view, not 42"):
        rc.legal_moves(42)  # type: ignore[arg-type]
    for function in (rc.apply, rc.why_illegal, rc.is_legal, rc.explain_move):
        with pytest.raises(TypeError, match="expects a Move or its text"):
            function(state, 42)  # type: ignore[call-overload, arg-type]
    assert rc.why_illegal(state, "draw") is None
    assert rc.why_illegal(state, "take-kitty") is not None


def test_seeds_are_ints_of_bounded_size() -> None:
    """A huge seed is refused with a sentence, not a bare ValueError from int-to-text conversion."""
    with pytest.raises(ValueError, match="seed must be an int of at most 256 bits"):
        rc.new_game(seed=10**5000)
    with pytest.raises(TypeError, match="seed must be an int"):
        rc.new_game(seed="7")  # type: ignore[call-overload]
    assert rc.new_game(seed=2**256 - 1).seed == 2**256 - 1


# ---------------------------------------------------------------------------- (6) hand-built states


def test_hand_built_states_the_engine_cannot_act_on_are_refused() -> None:
    """300 jokers, a negative count or a seat off the table raise InvariantError, not a crash."""
    state = rc.new_game(seed=3)
    hand = list(state.players[0].hand)
    hand[Kind.JOKER] = 300
    jokers = attrs.evolve(state, players=(state.players[0].replace(hand=tuple(hand)), state.players[1]))
    hand[Kind.JOKER] = -1
    negative = attrs.evolve(state, players=(state.players[0].replace(hand=tuple(hand)), state.players[1]))
    off_table = state.replace(to_move=9)
    for bad, clause in ((jokers, "R-CRD-1"), (negative, "R-CRD-1"), (off_table, "R-TRN-1")):
        with pytest.raises(InvariantError) as info:
            rc.apply(bad, "draw")
        assert info.value.clause == clause
        with pytest.raises(InvariantError):
            rc.legal_moves(bad)
        with pytest.raises(InvariantError):
            rc.view(bad, 0)
    with pytest.raises(InvariantError):
        state_to_json(negative)


def test_engine_states_are_not_checked_twice() -> None:
    """A state made by the engine passes straight through; an evolved copy is checked once and kept."""
    state = rc.new_game(seed=3)
    copy = attrs.evolve(state)
    assert rc.legal_moves(copy) == rc.legal_moves(state)
    assert rc.apply(copy, "draw") == rc.apply(state, "draw")


@pytest.mark.parametrize("rules", [rc.Rules(), rc.ClassicRules()], ids=["railroad", "classic"])
def test_only_the_engine_stamps_its_states(rules: rc.Rules | rc.ClassicRules) -> None:
    """The engine's turn states carry the stamp the public functions trust; no copy of one carries it."""
    state = rc.apply(rc.new_game(rules, seed=3), "draw")
    assert is_stamped(state)
    # A Railroad deal is stamped too; a classic deal is trusted by identity (game.py's list).
    assert is_stamped(rc.new_game(rules, seed=3)) == isinstance(rules, rc.Rules)
    copies = (
        attrs.evolve(state),
        state.replace(),
        copy.copy(state),
        copy.deepcopy(state),
        pickle.loads(pickle.dumps(state)),
    )
    for other in copies:
        assert other == state and not is_stamped(other)
        assert rc.legal_moves(other) == rc.legal_moves(state)
    bad = copy.copy(state.replace(to_move=9))
    with pytest.raises(InvariantError):
        rc.legal_moves(bad)


# ------------------------------------------------------------------- (8) a wild discarded to go out


@pytest.mark.clause("R-PIL-2", "R-OUT-3")
def test_going_out_with_a_wild_discard_leaves_the_pile_frozen_and_round_trips() -> None:
    """A greedy game that goes out with a wild discard (seed 44 today; the report's build: seed 1168).

    Every state of the game round-trips through JSON, and the state after going out keeps the pile frozen.
    """
    found: list[GameState] = []

    def check(before: GameState, move: rc.Move, after: GameState) -> None:
        assert state_from_json(state_to_json(after)) == after
        if isinstance(move, Discard) and move.card.is_wild and after.phase is not Phase.DRAW:
            found.append(after)

    play_game(Rules(players=2), 44, [GreedyBot()] * 2, on_move=check)
    went_out = [s for s in found if s.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)]
    assert went_out, "the game no longer goes out with a wild discard: find another seed"
    assert all(s.pile_frozen for s in went_out)


# ----------------------------------------------------------------------------- (9) seeds are secret


def test_a_game_without_a_seed_draws_a_secret_one() -> None:
    """Without a seed, new_game draws 128 random bits: two games differ, and each records its seed."""
    first, second = rc.new_game(), rc.new_game()
    assert first.seed != second.seed
    assert max(first.seed, second.seed).bit_length() > 64
    assert rc.new_game(seed=first.seed) == first
    assert rc.new_seed().bit_length() <= rc.SEED_BITS
