"""A full classic state consistent with a player's view: the hidden cards dealt at random (a determinization).

A :class:`~railroad_canasta.variants.classic.views.ClassicView` hides the other
players' hands (the partner's too, R-CL-PLY-1), the order of the stock and the
seed. The cards it does not account for (:func:`hidden_cards`) are dealt to
these hidden places uniformly at random, as a shuffle would, among the
arrangements the rules allow: a red 3 goes down as soon as it reaches a hand
(R-CL-RED-1), so the hidden red 3s are all in the stock, and the other cards are
shuffled into the places left. The cards the whole table knows are in a hand
(R-CL-VIS-1) are not hidden: each sample deals them to their holder, and only the
rest of that hand is drawn. The seed is drawn among those that choose the
view's dealer (R-CL-DEA-1), so the rounds after this one are dealt from it.

>>> import random
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> from railroad_canasta.variants.classic.deal import new_game
>>> from railroad_canasta.variants.classic.transitions import apply
>>> from railroad_canasta.variants.classic.views import view
>>> state = apply(new_game(CLASSIC, seed=7), "draw")
>>> mine = view(state, state.to_move)
>>> guess = sample_state(mine, random.Random(1))
>>> view(guess, mine.viewer) == mine, guess.hands[mine.viewer] == state.hands[mine.viewer]
(True, True)
>>> guess.stock == state.stock
False
"""

from __future__ import annotations

import operator
import random

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind, counts_of
from railroad_canasta.core.known import HAND_BITS, ZEROS, pack
from railroad_canasta.core.variant import seed_for_dealer
from railroad_canasta.variants.classic.deal import first_dealer
from railroad_canasta.variants.classic.invariants import pack_of, seen_cards
from railroad_canasta.variants.classic.state import ClassicState, Phase
from railroad_canasta.variants.classic.views import ClassicView, ClassicViewError

__all__ = ["hidden_cards", "hidden_places", "sample_state"]

_R3 = Kind.RED_THREE
_PLAYING = (Phase.DRAW, Phase.MELD, Phase.ANSWER)


def _others_known(seen: ClassicView) -> list[Counts]:
    """The known cards of the hands the viewer does not see (R-CL-VIS-1)."""
    return [k for seat, k in enumerate(seen.known) if seat != seen.viewer]


def hidden_cards(seen: ClassicView) -> Counts:
    """The cards of the pack that ``seen`` does not account for, by kind (the cards known in the other
    hands are accounted for, R-CL-VIS-1)."""
    out = [n - k for n, k in zip(pack_of(seen.rules), seen_cards(seen), strict=True)]
    # rule: R-CL-VIS-1
    for known in _others_known(seen):
        for kind, n in enumerate(known):
            out[kind] -= n
    return tuple(out)


def hidden_places(seen: ClassicView) -> tuple[tuple[str, int, bool], ...]:
    """The places holding hidden cards: (name, size, may hold a red 3), in the order they are dealt.

    Names are ``hand <seat>`` and ``stock``; a place of size 0 is left out. Only the stock may hold a
    red 3 (R-CL-RED-1). A hand's size leaves out its known cards (R-CL-VIS-1).
    """
    known = seen.known or (ZEROS,) * len(seen.hand_sizes)
    places = [
        (f"hand {seat}", size - sum(known[seat]), False)
        for seat, size in enumerate(seen.hand_sizes)
        if seat != seen.viewer and size - sum(known[seat])
    ]
    if seen.stock_size:
        places.append(("stock", seen.stock_size, True))
    return tuple(places)


def _deal_hidden(seen: ClassicView, rng: random.Random) -> dict[str, list[Kind]]:
    """The hidden cards dealt to the hidden places, uniformly among the arrangements the rules allow."""
    hidden = hidden_cards(seen)
    places = hidden_places(seen)
    over = [Kind(k) for k, n in enumerate(hidden) if n < 0]
    if over:
        raise ClassicViewError(f"the view shows more {over[0]} than the pack holds")
    slots = sum(size for _, size, _ in places)
    if slots != sum(hidden):
        raise ClassicViewError(f"the view hides {slots} places for {sum(hidden)} unseen cards")
    # rule: R-CL-RED-1
    if hidden[_R3] > seen.stock_size:
        raise ClassicViewError(f"{hidden[_R3]} unseen red 3s but only {seen.stock_size} cards in the stock")
    rest = [Kind(i) for i in range(KIND_COUNT) if i != _R3 for _ in range(hidden[i])]
    rng.shuffle(rest)
    dealt: dict[str, list[Kind]] = {}
    start = 0
    for name, size, _ in places:
        take = size - (hidden[_R3] if name == "stock" else 0)
        dealt[name] = rest[start : start + take]
        start += take
    if hidden[_R3]:
        stock = dealt["stock"] + [_R3] * hidden[_R3]
        rng.shuffle(stock)
        dealt["stock"] = stock
    return dealt


def sample_state(seen: ClassicView, rng: random.Random) -> ClassicState:
    """A state drawn at random among those ``seen`` is a view of, for a round being played.

    ``view(sample_state(seen, rng), seen.viewer) == seen`` and the state passes ``validate``. Between
    rounds (a scored round or a game over) the hands left are tied to the scores just recorded, so there
    is nothing to sample: :class:`ClassicViewError`.
    """
    if seen.phase not in _PLAYING:
        raise ClassicViewError(f"a view in the {seen.phase.value} phase has no round being played to sample")
    if type(seen.round) is not int or seen.round < 1:
        raise ClassicViewError(
            f"a view's round is numbered from 1, not {seen.round!r}: no deal to sample it from"
        )
    dealt = _deal_hidden(seen, rng)
    known = seen.known or (ZEROS,) * seen.rules.players
    # rule: R-CL-VIS-1
    hands = tuple(
        seen.hand
        if seat == seen.viewer
        else tuple(map(operator.add, counts_of(dealt.get(f"hand {seat}", ())), known[seat]))
        for seat in range(seen.rules.players)
    )
    return ClassicState(
        rules=seen.rules,
        seed=seed_for_dealer(first_dealer, seen.rules.players, seen.dealer, seen.round, rng),
        round=seen.round,
        dealer=seen.dealer,
        to_move=seen.to_move,
        phase=seen.phase,
        hands=hands,
        sides=seen.sides,
        stock=tuple(dealt.get("stock", ())),
        pile=seen.pile,
        pile_frozen=seen.pile_frozen,
        turn_points=seen.turn_points,
        pending=seen.pending,
        melded_before=seen.melded_before,
        turn_melds=seen.turn_melds,
        answer=seen.answer,
        asker=seen.asker,
        turn_started=seen.turn_started,
        history=seen.history,
        result=seen.result,
        known_bits=sum(pack(cards) << (HAND_BITS * seat) for seat, cards in enumerate(known)),
    )
