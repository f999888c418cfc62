"""Players' views: what each player may know, leak-proof by property, and the legal moves of a view.

Clauses: R-KIT-1 (the kitty is shown to its owner once a non-black canasta is made), R-SET-3 (kitties and
the stock lie face down), R-PIL-2, R-PIL-3 (the pile's status is public), R-DEC-12 (a held pile is public).
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import railroad_canasta as rc
from builders import counts, make_state
from railroad_canasta import GameState, Kind, Phase, apply, legal_moves, new_game
from railroad_canasta.io import view_to_dict
from railroad_canasta.testing.strategies import hidden_variants, reachable_states, states_with_viewer
from railroad_canasta.variants.railroad.rules import TableMeld
from railroad_canasta.variants.railroad.views import (
    PlayerView,
    PublicPlayer,
    ViewError,
    view,
)


def _examples(n: int) -> int:
    """``n`` examples under the ci/dev profiles (100 examples), scaled up with the profile's own count."""
    return max(1, n * int(settings().max_examples) // 100)


@pytest.mark.clause("R-SET-3")
def test_view_shows_own_hand_and_only_sizes_of_hidden_parts() -> None:
    """A fresh deal: the viewer sees their hand; other hands, every kitty and the stock only by size."""
    state = new_game(rc.RAILROAD, seed=11)
    mine = view(state, 0)
    assert mine.hand == state.players[0].hand
    assert mine.kitty is None
    assert mine.players[1].hand_size == state.players[1].hand_size
    assert mine.players[0].kitty_size == mine.players[1].kitty_size == 11
    assert mine.stock_size == len(state.stock) == 163
    assert mine.pile == state.pile
    names = {a.name for a in PlayerView.__attrs_attrs__} | {a.name for a in PublicPlayer.__attrs_attrs__}
    assert not names & {"seed", "stock", "kitties", "hands"}


@pytest.mark.clause("R-KIT-1")
def test_kitty_is_shown_to_its_owner_once_a_red_canasta_is_completed() -> None:
    """Before the canasta the owner sees the kitty's size only; after it, its cards; the others never do."""
    state = make_state(hands=["Q 4 5", "6 6"], melds={0: ["Q Q Q Q Q Q"]}, kitties={0: "A K J", 1: "9 9"})
    assert view(state, 0).kitty is None
    after = apply(state, "add Q Q")
    assert view(after, 0).kitty == counts("A K J")
    assert view(after, 1).kitty is None
    assert view(after, 1).players[0].kitty_size == 3
    assert view(after, 1).players[0].may_look_kitty


@pytest.mark.clause("R-KIT-1")
def test_black_canasta_does_not_show_the_kitty() -> None:
    """Completing a black canasta gives no look: the kitty stays hidden from its owner."""
    state = make_state(hands=["Q 4 5", "6 6"], melds={0: ["Q Q Q Q Q 2"]}, kitties={0: "A K J"})
    after = apply(state, "add Q Q")
    assert after.players[0].canastas == rc.CanastaKind.BLACK
    assert view(after, 0).kitty is None


@pytest.mark.clause("R-KIT-2")
def test_a_taken_kitty_shows_as_empty() -> None:
    """Once taken, the owner's view shows an empty kitty and its cards in hand."""
    state = make_state(hands=["Q 4 5", "6 6"], melds={0: ["Q Q Q Q Q Q"]}, kitties={0: "A K J"})
    state = apply(apply(apply(state, "add Q Q"), "discard 4"), "take-kitty")
    mine = view(state, 0)
    assert mine.kitty == counts("")
    assert mine.hand == counts("5 A K J")
    assert mine.players[0].kitty_taken and mine.players[0].kitty_size == 0


@pytest.mark.clause("R-PIL-2", "R-PIL-3")
@pytest.mark.parametrize(("pile", "frozen", "stopped"), [("9 JK 5", True, False), ("9 5 B3", False, True)])
def test_view_shows_the_whole_pile_and_its_status(pile: str, frozen: bool, stopped: bool) -> None:
    """Every player sees the whole pile, whether it is frozen and whether a black 3 stops it."""
    state = make_state(hands=["Q 4 5", "6 6"], pile=pile, pile_frozen=frozen, phase=Phase.DRAW)
    for seat in (0, 1):
        seen = view(state, seat)
        assert seen.pile == state.pile
        assert (seen.pile_frozen, seen.pile_stopped) == (frozen, stopped)


@pytest.mark.clause("R-DEC-12")
def test_a_held_pile_is_public() -> None:
    """The pile held until the requirement is met was face up: every player sees it."""
    state = make_state(
        hands=["9 9 K K K 4 5", "6 6"], pile="Q J 9", phase=Phase.DRAW, opened={0: False}, melds={0: []}
    )
    state = apply(state, "take-pile 9")
    assert state.pending == counts("Q J")
    assert view(state, 1).pending == counts("Q J")
    assert view(state, 1).turn_points == state.turn_points == 30


def test_view_of_a_seat_not_at_the_table_is_refused() -> None:
    """A seat outside 0..players-1 (or not an int) raises ViewError."""
    state = new_game(rc.RAILROAD, seed=3)
    for seat in (-1, 2, True, "0"):
        with pytest.raises(ViewError):
            view(state, seat)  # type: ignore[arg-type]


def test_legal_moves_of_another_players_view_are_refused() -> None:
    """A player who is not to move cannot list the mover's moves: they do not see the mover's hand."""
    state = new_game(rc.RAILROAD, seed=3)
    for phase in (Phase.DRAW, Phase.MELD, Phase.KITTY):
        with pytest.raises(ViewError, match="do not see"):
            legal_moves(view(attrs.evolve(state, phase=phase), 1 - state.to_move))


def test_legal_moves_between_rounds_come_from_any_view() -> None:
    """Once a round is scored, every player's view lists the same moves as the state."""
    state = make_state(hands=["Q 4", "6 6"], stock=0, phase=Phase.DRAW)
    state = apply(state, "draw")
    assert state.phase is Phase.ROUND_OVER
    for seat in (0, 1):
        assert legal_moves(view(state, seat)) == legal_moves(state) == (rc.NextRound(),)


def test_legal_moves_of_a_view_build_no_state() -> None:
    """The moves of a view come from the view itself: no GameState is made while listing them."""
    state = apply(new_game(rc.RAILROAD, seed=5), "draw")
    seen = view(state, state.to_move)
    made: list[object] = []
    original = GameState.__init__

    def spy(self: GameState, *args: object, **kwargs: object) -> None:
        made.append(self)
        original(self, *args, **kwargs)  # type: ignore[arg-type]

    GameState.__init__ = spy  # type: ignore[method-assign]
    try:
        moves = legal_moves(seen)
    finally:
        GameState.__init__ = original  # type: ignore[method-assign]
    assert moves == legal_moves(state)
    assert made == []


def test_view_repr_is_python() -> None:
    """The repr of a view evaluates to an equal view."""
    state = make_state(hands=["Q 4 5", "6 6"], melds={0: ["Q Q Q Q Q Q"]}, kitties={0: "A K J"})
    seen = view(apply(state, "add Q Q"), 0)
    namespace = {name: getattr(rc, name) for name in rc.__all__}
    namespace.update(PlayerView=PlayerView, PublicPlayer=PublicPlayer, TableMeld=TableMeld)
    assert eval(repr(seen), namespace) == seen


@settings(max_examples=_examples(40))
@given(states_with_viewer())
def test_property_legal_moves_of_the_movers_view_are_the_states(case: tuple[rc.GameState, int]) -> None:
    """For any reachable state, the mover's view lists exactly legal_moves(state), in the same order."""
    state, _ = case
    assert legal_moves(view(state, state.to_move)) == legal_moves(state)


@pytest.mark.clause("R-KIT-1", "R-SET-3")
@pytest.mark.parametrize("players", range(2, 9))
@settings(max_examples=_examples(20))
@given(data=st.data())
def test_property_views_do_not_leak_hidden_cards(players: int, data: st.DataObject) -> None:
    """Shuffling what a player may not know (stock order, other hands, hidden kitties, seed): same view."""
    state, viewer = data.draw(states_with_viewer(st.just(players)), label="state, viewer")
    other = data.draw(hidden_variants(state, viewer), label="variant")
    assert other.players[viewer].hand == state.players[viewer].hand
    assert len(other.stock) == len(state.stock)
    assert view(other, viewer) == view(state, viewer)
    assert view_to_dict(view(other, viewer)) == view_to_dict(view(state, viewer))


@settings(max_examples=_examples(40))
@given(data=st.data())
def test_property_the_viewers_own_hand_changes_the_view(data: st.DataObject) -> None:
    """Swapping a card of the viewer's hand for a hidden card of another kind changes their view and JSON."""
    state, viewer = data.draw(states_with_viewer(), label="state, viewer")
    hand = state.players[viewer].hand
    give = data.draw(st.sampled_from([k for k in Kind if hand[k]] or [Kind.JOKER]), label="give")
    candidates = [i for i, k in enumerate(state.stock) if k is not give]
    assume(hand[give] > 0 and candidates)
    index = data.draw(st.sampled_from(candidates), label="stock index")
    new_hand = list(hand)
    new_hand[give] -= 1
    new_hand[state.stock[index]] += 1
    stock = list(state.stock)
    stock[index] = give
    players = list(state.players)
    players[viewer] = players[viewer].replace(hand=tuple(new_hand))
    changed = state.replace(players=tuple(players), stock=tuple(stock))
    assert view(changed, viewer) != view(state, viewer)
    assert view_to_dict(view(changed, viewer)) != view_to_dict(view(state, viewer))


@pytest.mark.clause("R-KIT-1")
@settings(max_examples=_examples(30))
@given(reachable_states(max_moves=400))
def test_property_an_open_kitty_is_part_of_its_owners_view(state: rc.GameState) -> None:
    """A player who may look at their kitty sees its cards: changing them changes their view."""
    for seat, p in enumerate(state.players):
        seen = view(state, seat)
        assert (seen.kitty is not None) == p.may_look_kitty
        if p.may_look_kitty and any(p.kitty):
            assert seen.kitty == p.kitty
            kitty = list(p.kitty)
            first = next(i for i, n in enumerate(kitty) if n)
            kitty[first] -= 1
            kitty[(first + 1) % len(kitty)] += 1
            players = list(state.players)
            players[seat] = p.replace(kitty=tuple(kitty))
            assert view(state.replace(players=tuple(players)), seat) != seen


def test_a_meld_on_the_table_is_seen_by_all() -> None:
    """Melds, red 3s, opened flags and canastas of every player are in every view."""
    state = make_state(hands=["Q 4 5", "6 6"], melds={1: ["9 9 9 9 9 9 9"]}, red_threes={1: 2})
    seen = view(state, 0)
    assert seen.players[1].melds == (TableMeld(Kind.NINE, 7),)
    assert seen.players[1].red_threes == 2
    assert seen.players[1].opened and seen.players[1].canastas == rc.CanastaKind.RED
