"""Known cards and the information-state property of views, in both variants (R-VIS-1, R-CL-VIS-1).

A view is a function of what its player observed: two games that show player ``p`` the same things give
equal views (a state sampled from ``p``'s view, played on by moves legal in both while ``p`` sees nothing
new of its own, keeps giving ``p`` the same view); games that show ``p`` different things give different
views (two different legal moves from one state give every player different views). The known cards are
public (every player's view shows the same), a part of the hand, forgotten at the round's end, written to
and read from JSON; a document without them loads with none known.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import railroad_canasta as rc
from railroad_canasta.core.known import ZEROS, folded, left_hand, pack, seat_bits, unpack, within
from railroad_canasta.io.codec import state_from_json, state_to_json, view_from_json, view_to_json
from railroad_canasta.render.svg import table_svg
from railroad_canasta.render.table import picture
from railroad_canasta.testing.strategies import classic_states, reachable_states

_PLAYING = {"draw", "meld", "kitty", "answer"}

AnyState = rc.GameState | rc.ClassicState


def _known(state: AnyState) -> tuple[tuple[int, ...], ...]:
    """Every hand's known cards, ``()`` for none, by seat."""
    if isinstance(state, rc.GameState):
        return tuple(p.known for p in state.players)
    return state.known or ((),) * state.rules.players


def _hands(state: AnyState) -> tuple[tuple[int, ...], ...]:
    if isinstance(state, rc.GameState):
        return tuple(p.hand for p in state.players)
    return state.hands


both_variants = st.one_of(reachable_states(max_moves=300), classic_states(max_moves=300))


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
@given(both_variants)
def test_known_cards_are_public_in_hand_and_survive_json(state: AnyState) -> None:
    """Every view shows the same known cards; they are a part of their hands; JSON keeps them."""
    known = _known(state)
    for cards, hand in zip(known, _hands(state), strict=True):
        assert within(cards, hand)
    if state.phase.value not in _PLAYING:
        assert not any(any(k) for k in known)  # the round's end forgets them
    views = [rc.view(state, seat) for seat in range(state.rules.players)]
    for v in views:
        assert v.known == views[0].known
        assert [tuple(k) for k in v.known] == [k or (0,) * 15 for k in known]
    assert state_from_json(state_to_json(state)) == state
    for v in views:
        assert view_from_json(view_to_json(v)) == v


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
@pytest.mark.parametrize("variant", ["railroad", "classic"])
def test_documents_without_known_cards_load_with_none_known(variant: str) -> None:
    """A state or view written before known cards were recorded (no "known") loads with none known."""
    state = _with_known(variant)
    document = json.loads(state_to_json(state))
    if variant == "railroad":
        for p in document["players"]:
            del p["known"]
    else:
        del document["known"]
    old = state_from_json(json.dumps(document))
    assert not any(any(k) for k in _known(old)) and _hands(old) == _hands(state)
    seen = json.loads(view_to_json(rc.view(state, 0)))
    if variant == "railroad":
        for p in seen["players"]:
            del p["known"]
    else:
        del seen["known"]
    assert not any(any(k) for k in view_from_json(json.dumps(seen)).known)


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
@pytest.mark.parametrize("variant", ["railroad", "classic"])
def test_a_state_knowing_a_card_its_hand_lacks_is_refused(variant: str) -> None:
    """validate_saved (the loaders) refuses known cards that are not a part of the hand, naming the clause."""
    state = _with_known(variant)
    document = json.loads(state_to_json(state))
    seat = next(i for i, k in enumerate(_known(state)) if any(k))
    absent = next(str(k) for k in rc.Kind if k.is_natural and not _hands(state)[seat][k])
    if variant == "railroad":
        document["players"][seat]["known"].append(absent)
    else:
        document["known"][seat].append(absent)
    with pytest.raises(rc.RecordError, match="VIS-1"):
        state_from_json(json.dumps(document))


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
@pytest.mark.parametrize("variant", ["railroad", "classic"])
def test_the_picture_of_a_view_shows_the_known_cards_face_up(variant: str) -> None:
    """A view's SVG draws the known cards of a hidden hand face up (class 'known'), not its other cards."""
    state = _with_known(variant)
    seat = next(i for i, k in enumerate(_known(state)) if any(k))
    viewer = (seat + 1) % state.rules.players
    svg = table_svg(picture(rc.view(state, viewer)))
    assert svg.count("class='known'") >= 1
    assert f'data-known="{" ".join(map(str, _known(state)[seat]))}"' in svg
    assert "class='known'" not in table_svg(picture(state))


def _with_known(variant: str) -> AnyState:
    """A state of heuristic play in which some hand holds known cards."""
    from railroad_canasta.bots.registry import heuristic_bot

    rules: rc.Rules | rc.ClassicRules = rc.Rules(players=3) if variant == "railroad" else rc.ClassicRules()
    state: AnyState = rc.new_game(rules, seed=4)
    bots = [heuristic_bot(variant, seat) for seat in range(rules.players)]
    while not any(any(k) for k in _known(state)):
        seen = rc.view(state, state.to_move)
        move = bots[state.to_move].choose(seen, rc.legal_moves(state))  # type: ignore[arg-type]
        state = rc.apply(state, move)
    return state


# ------------------------------------------------------------------- the information-state property


def _shown(state: AnyState, seat: int) -> tuple[object, ...]:
    """What a move's outcome shows ``seat`` beyond the move itself, read from the state directly (not from
    a view): its own hand and kitty once it may look, the red 3s that went down, every hand's, kitty's and
    the stock's size."""
    if isinstance(state, rc.GameState):
        me = state.players[seat]
        return (
            me.hand,
            me.kitty if me.may_look_kitty else None,
            tuple((p.red_threes, p.hand_size, p.kitty_size) for p in state.players),
            len(state.stock),
        )
    return (
        state.hands[seat],
        tuple(s.red_threes for s in state.sides),
        tuple(sum(h) for h in state.hands),
        len(state.stock),
    )


def _common_moves(a: AnyState, b: AnyState) -> list[rc.Move]:
    """The moves legal in both states, in ``a``'s order."""
    other = set(rc.legal_moves(b))
    return [m for m in rc.legal_moves(a) if m in other]


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
@given(both_variants, st.integers(0, 7), st.integers(0, 2**32 - 1), st.integers(1, 30))
def test_games_that_show_a_player_the_same_things_give_equal_views(
    state: AnyState, seat: int, seed: int, steps: int
) -> None:
    """A state sampled from p's view, and the game itself, played on by the same moves (legal in both)
    while only the other players move: while each move shows p the same outcome in both (the red 3s a
    draw puts down, the sizes: read from the states, not the views), p's views stay equal."""
    seat %= state.rules.players
    seen = rc.view(state, seat)
    if state.phase.value not in _PLAYING:
        return
    rng = random.Random(seed)
    other: AnyState = rc.sample_state(seen, rng)
    assert rc.view(other, seat) == seen
    compared = 0
    for _ in range(steps):
        if state.to_move == seat or state.phase.value not in _PLAYING:
            break
        moves = _common_moves(state, other)
        if not moves:
            break
        move = moves[rng.randrange(len(moves))]
        state, other = rc.apply(state, move), rc.apply(other, move)
        if state.phase.value not in _PLAYING:
            break  # (a round's end shows every hand in its scores)
        if _shown(state, seat) != _shown(other, seat):
            break  # (the two games showed p different things: a red 3 drawn in one only)
        assert rc.view(other, seat) == rc.view(state, seat)
        compared += 1
    event(f"{type(state).__name__}: views compared after {min(compared, 3)}+ common moves")


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
@given(both_variants)
def test_games_that_show_a_player_different_things_give_different_views(state: AnyState) -> None:
    """Two different legal moves from one state show every player something different: the views of the
    two states after them differ for every seat."""
    if state.is_over:
        return
    moves: Sequence[rc.Move] = rc.legal_moves(state)
    after = [rc.apply(state, m) for m in moves[:12]]
    pairs = 0
    for seat in range(state.rules.players):
        views = [rc.view(a, seat) for a in after]
        for i in range(len(views)):
            for j in range(i):
                assert views[i] != views[j], (moves[i], moves[j], seat)
                pairs += 1
    event(f"{type(state).__name__}: {'some' if pairs else 'no'} pairs of views told apart")


# ------------------------------------------------------------------- the known cards against a reference


def _reference_known(before: AnyState, move: rc.Move, after: AnyState) -> list[tuple[int, ...]]:
    """Every hand's known cards after ``move``, by the rule of R-VIS-1 / R-CL-VIS-1 read from the two
    states' hands, pending cards and pile alone (not from the move's kind of update, as the transitions do):
    the pile's cards that reached the mover's hand join its known cards; every card of a kind that left a
    hand takes one from that kind's count, never below zero; a round's end forgets them all."""
    players = before.rules.players
    if after.phase.value not in _PLAYING or after.round != before.round:
        return [ZEROS] * players
    # The pile's cards that reached the mover's hand: those under the top of a pile taken (red 3s go down),
    # with the cards held aside before, less those still held aside after.
    arrived = [0] * len(ZEROS)
    if len(after.pile) == 0 < len(before.pile) and type(move).__name__.startswith("Take"):
        for kind in list(before.pile)[:-1]:
            if kind is not rc.Kind.RED_THREE:
                arrived[kind] += 1
    for aside, sign in ((before.pending, 1), (after.pending, -1)):
        for index, count in enumerate(aside or ()):
            arrived[index] += sign * count
    hands_before, hands_after = _hands(before), _hands(after)
    expected = []
    for seat in range(players):
        known = _known_bits(before, seat)
        hand = hands_after[seat]
        if seat == before.to_move:
            hand = tuple(h - a for h, a in zip(hand, arrived, strict=True))
            known = left_hand(known, hands_before[seat], hand) + pack(arrived)
        else:
            known = left_hand(known, hands_before[seat], hand)
        expected.append(unpack(known))
    return expected


def _known_bits(state: AnyState, seat: int) -> int:
    """The packed known cards of ``seat``: the trail the transitions left, folded."""
    if isinstance(state, rc.GameState):
        return folded(state.players[seat].known_bits)
    return seat_bits(folded(state.known_bits), seat)


@pytest.mark.clause("R-VIS-1", "R-CL-VIS-1")
@pytest.mark.parametrize(
    ("variant", "players"),
    [("railroad", n) for n in (2, 3, 4, 6, 8)] + [("classic", n) for n in (2, 3, 4, 6)],
)
def test_every_transition_keeps_the_known_cards_the_rule_gives(variant: str, players: int) -> None:
    """Over random games (the moves drawn uniformly among the legal ones), after every move each hand's
    known cards are what the rule gives from the hands and the pile alone (:func:`_reference_known`): the
    trails the transitions leave, folded (``core.known.folded``), agree with it. Counts how many
    transitions changed some known count, so that the check is not vacuous."""
    rules: rc.Rules | rc.ClassicRules = (
        rc.Rules(players=players) if variant == "railroad" else rc.ClassicRules(players=players)
    )
    rng = random.Random(players)
    changed = checked = 0
    for game in range(6):
        state: AnyState = rc.new_game(rules, seed=900 + game)
        for _ in range(3000):
            if state.is_over:
                break
            moves = rc.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
            after = rc.apply(state, move)
            expected = _reference_known(state, move, after)
            assert [unpack(_known_bits(after, s)) for s in range(players)] == expected, (game, str(move))
            checked += 1
            changed += [unpack(_known_bits(state, s)) for s in range(players)] != expected
            state = after
    assert checked > 1000 and changed > 50, (checked, changed)
