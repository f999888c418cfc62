"""A full state consistent with a player's view: the hidden cards dealt at random (a determinization).

A :class:`~railroad_canasta.PlayerView` hides the other players' hands, the
kitties its viewer may not look at, the order of the stock and the seed. The
cards it does not account for (:func:`hidden_cards`) are dealt to these hidden
places uniformly at random, as a shuffle would: every arrangement the rules
allow is equally likely. One rule limits the arrangements: a red 3 goes down as
soon as it reaches a hand (R-RED-1), so a hidden hand holds one only where the
invariants allow it (R-DEC-6's alternative, before its owner's first turn);
the red 3s are placed first, uniformly among the places that may hold them, and
the other cards are shuffled into the rest. The cards the whole table knows are in
a hand (R-VIS-1) are not hidden: each sample deals them to their holder, and only
the rest of that hand is drawn. The seed is drawn among those that
choose the view's dealer (R-SET-1), so the state passes every invariant, and the
rounds after this one are dealt from it.

This is what search bots need (information-set Monte Carlo, determinized
rollouts) and what OpenSpiel calls resampling from an information state.

>>> import random
>>> from railroad_canasta import RAILROAD, apply, new_game, view
>>> state = apply(new_game(RAILROAD, seed=7), "draw")
>>> mine = view(state, state.to_move)
>>> guess = sample_state(mine, random.Random(1))
>>> view(guess, mine.viewer) == mine, guess.mover.hand == state.mover.hand
(True, True)
>>> guess.stock == state.stock
False
"""

from __future__ import annotations

import operator
import random

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind, counts_of, empty_counts
from railroad_canasta.core.known import pack
from railroad_canasta.core.variant import seed_for_dealer
from railroad_canasta.variants.railroad.deal import first_dealer
from railroad_canasta.variants.railroad.invariant_checks import pack_of
from railroad_canasta.variants.railroad.invariants import may_hold_red_three, seen_cards
from railroad_canasta.variants.railroad.state import GameState, Phase, PlayerState
from railroad_canasta.variants.railroad.views import PlayerView, ViewError

__all__ = ["hidden_cards", "hidden_places", "sample_state"]

_R3 = Kind.RED_THREE
_PLAYING = (Phase.DRAW, Phase.MELD, Phase.KITTY)


def hidden_cards(seen: PlayerView) -> Counts:
    """The cards of the pack that ``seen`` does not account for, by kind (the cards known in the other
    hands are accounted for, R-VIS-1)."""
    shown = seen_cards(seen)[1]
    out = [n - k for n, k in zip(pack_of(seen.rules), shown, strict=True)]
    # rule: R-VIS-1
    for seat, p in enumerate(seen.players):
        if seat != seen.viewer:
            for kind, n in enumerate(p.known):
                out[kind] -= n
    return tuple(out)


def hidden_places(seen: PlayerView) -> tuple[tuple[str, int, bool], ...]:
    """The places holding hidden cards: (name, size, may hold a red 3), in the order they are dealt.

    Names are ``hand <seat>``, ``kitty <seat>`` and ``stock``; a place of size 0 is left out. A hand's
    size leaves out its known cards (R-VIS-1).
    """
    places: list[tuple[str, int, bool]] = []
    for seat, p in enumerate(seen.players):
        size = p.hand_size - sum(p.known)
        if seat != seen.viewer and size:
            places.append((f"hand {seat}", size, may_hold_red_three(seen, seat)))
    for seat, p in enumerate(seen.players):
        if (seat != seen.viewer or seen.kitty is None) and p.kitty_size:
            places.append((f"kitty {seat}", p.kitty_size, True))
    if seen.stock_size:
        places.append(("stock", seen.stock_size, True))
    return tuple(places)


def _deal_hidden(seen: PlayerView, rng: random.Random) -> dict[str, list[Kind]]:
    """The hidden cards dealt to the hidden places, uniformly among the arrangements the rules allow."""
    hidden = hidden_cards(seen)
    places = hidden_places(seen)
    slots = [name for name, size, _ in places for _ in range(size)]
    if len(slots) != sum(hidden):
        raise ViewError(f"the view hides {len(slots)} places for {sum(hidden)} unseen cards")
    red_ok = [i for i, ok in enumerate(ok for _, size, ok in places for _ in range(size)) if ok]
    reds = hidden[_R3]
    if reds > len(red_ok):
        raise ViewError(f"{reds} unseen red 3s but only {len(red_ok)} hidden places may hold one")
    # rule: R-RED-1
    red_slots = set(rng.sample(red_ok, reds))
    rest = [Kind(i) for i in range(KIND_COUNT) if i != _R3 for _ in range(hidden[i])]
    rng.shuffle(rest)
    dealt: dict[str, list[Kind]] = {name: [] for name, _, _ in places}
    cards = iter(rest)
    for i, name in enumerate(slots):
        dealt[name].append(_R3 if i in red_slots else next(cards))
    return dealt


def sample_state(seen: PlayerView, rng: random.Random) -> GameState:
    """A state drawn at random among those ``seen`` is a view of, for a round being played.

    ``view(sample_state(seen, rng), seen.viewer) == seen`` and the state passes
    :func:`~railroad_canasta.validate`. Between rounds (a scored round or a game over) the hands left
    are tied to the scores just recorded, so there is nothing to sample: :class:`ViewError`.
    """
    if seen.phase not in _PLAYING:
        raise ViewError(f"a view in the {seen.phase.value} phase has no round being played to sample")
    if type(seen.round) is not int or seen.round < 1:
        raise ViewError(f"a view's round is numbered from 1, not {seen.round!r}: no deal to sample it from")
    dealt = _deal_hidden(seen, rng)
    players = []
    for seat, p in enumerate(seen.players):
        mine = seat == seen.viewer
        # rule: R-VIS-1
        drawn = counts_of(dealt.get(f"hand {seat}", ()))
        hand = seen.hand if mine else tuple(map(operator.add, drawn, p.known))
        if mine and seen.kitty is not None:
            kitty = seen.kitty
        else:
            kitty = counts_of(dealt.get(f"kitty {seat}", ())) if p.kitty_size else empty_counts()
        players.append(
            PlayerState(
                hand,
                kitty,
                p.melds,
                p.red_threes,
                p.canastas,
                p.opened,
                p.kitty_taken,
                p.score,
                pack(p.known),
            )
        )
    return GameState(
        rules=seen.rules,
        seed=seed_for_dealer(first_dealer, seen.rules.players, seen.dealer, seen.round, rng),
        round=seen.round,
        dealer=seen.dealer,
        to_move=seen.to_move,
        phase=seen.phase,
        players=tuple(players),
        stock=tuple(dealt.get("stock", ())),
        pile=seen.pile,
        pile_frozen=seen.pile_frozen,
        turn_points=seen.turn_points,
        pending=seen.pending,
        turn_canasta=seen.turn_canasta,
        history=seen.history,
        result=seen.result,
    )
