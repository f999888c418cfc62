"""The position builder of classic Canasta: the state a classic scenario describes.

A classic file describes seats as ``[[players]]`` like a Railroad file: each
seat's ``hand`` (or ``hand_size``) is their own; the ``melds``, ``red_threes``,
``opened`` and ``score`` written under the seats of one side are that side's,
gathered (R-CL-PLY-1), and a seat that lists melds is one that melded in an
earlier turn (R-CL-OUT-3). The rest of the pack fills the hands not given, then
the stock (under ``stock_top``), in :data:`~railroad_canasta.scenarios.builder.FILL_ORDER`.
The built state is checked by the variant's position invariants.
"""

from __future__ import annotations

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind, counts_of
from railroad_canasta.core.invariants import InvariantError
from railroad_canasta.core.melds import Meld
from railroad_canasta.scenarios.model import PositionSpec, ScenarioError
from railroad_canasta.variants.classic.deal import pack_kinds
from railroad_canasta.variants.classic.invariants import validate
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState, Phase, Side

__all__ = ["build_classic_position"]

_PHASES = {"draw": Phase.DRAW, "meld": Phase.MELD}


def _meld_counts(meld: Meld) -> Counts:
    out = [0] * KIND_COUNT
    out[meld.rank] += meld.naturals
    out[Kind.JOKER] += meld.jokers
    out[Kind.TWO] += meld.twos
    return tuple(out)


def build_classic_position(
    file: str, spec: PositionSpec, rules: ClassicRules, fill: tuple[Kind, ...]
) -> ClassicState:
    """The classic state ``spec`` describes under ``rules`` (``ScenarioError`` at the field otherwise)."""
    n = rules.players
    if len(spec.players) > n:
        raise ScenarioError(file, "players", f"{len(spec.players)} seats given for {n} players")
    phase = _PHASES.get(spec.phase.value)
    if phase is None:
        raise ScenarioError(file, "position.phase", "a classic position starts in the draw or meld phase")
    if not 0 <= spec.to_move < n:
        raise ScenarioError(file, "position.to_move", f"there is no seat {spec.to_move}")
    left = list(counts_of(pack_kinds(rules)))

    def place(field: str, counts: Counts) -> None:
        for kind in range(KIND_COUNT):
            left[kind] -= counts[kind]
            if left[kind] < 0:
                raise ScenarioError(file, field, f"more {Kind(kind)} than the pack holds")

    seats = list(spec.players) + [None] * (n - len(spec.players))
    count = len(rules.sides)
    melds: list[list[Meld]] = [[] for _ in range(count)]
    reds = [0] * count
    opened: list[bool | None] = [None] * count
    scores = [0] * count
    melded_before = [False] * n
    hands: list[Counts | None] = [None] * n
    for seat, p in enumerate(seats):
        if p is None:
            continue
        side = seat % count
        for i, meld in enumerate(p.melds):
            core = Meld(meld.rank, meld.naturals, meld.jokers, meld.twos)
            place(f"players[{seat}].melds[{i}]", _meld_counts(core))
            melds[side].append(core)
        melded_before[seat] = bool(p.melds)
        reds[side] += p.red_threes
        place(
            f"players[{seat}].red_threes",
            tuple(p.red_threes if k == Kind.RED_THREE else 0 for k in range(KIND_COUNT)),
        )
        if p.opened is not None:
            opened[side] = p.opened
        if p.score:
            scores[side] = p.score
        if p.hand is not None:
            place(f"players[{seat}].hand", p.hand)
            hands[seat] = p.hand
    place("position.pile", counts_of(spec.pile))
    place("position.stock_top", counts_of(spec.stock_top))
    if spec.pending is not None:
        place("position.pending", spec.pending)
    order = [k for k in fill for _ in range(left[k])]
    order.reverse()

    def take(size: int, field: str, red_threes: bool) -> list[Kind]:
        out: list[Kind] = []
        while len(out) < size:
            if not order:
                raise ScenarioError(file, field, "the pack has no cards left to fill it")
            card = order.pop()
            if card is Kind.RED_THREE and not red_threes:
                order.insert(0, card)
                if all(k is Kind.RED_THREE for k in order):
                    raise ScenarioError(file, field, "only red 3s are left to fill it")
                continue
            out.append(card)
        return out

    for seat, p in enumerate(seats):
        if hands[seat] is None:
            size = rules.hand_size if p is None or p.hand_size is None else p.hand_size
            hands[seat] = counts_of(take(size, f"players[{seat}].hand_size", False))
    stock_rest = len(order) if spec.stock is None else max(0, spec.stock - len(spec.stock_top))
    rest = take(stock_rest, "position.stock", True)
    stock = tuple(reversed(rest)) + tuple(reversed(spec.stock_top))
    frozen = (
        spec.pile_frozen
        if spec.pile_frozen is not None
        else any(k.is_wild or k is Kind.RED_THREE for k in spec.pile)
    )
    sides = tuple(
        Side(
            tuple(melds[i]),
            reds[i],
            opened_i if (opened_i := opened[i]) is not None else bool(melds[i]),
            scores[i],
        )
        for i in range(count)
    )
    state = ClassicState(
        rules=rules,
        seed=spec.seed,
        round=spec.round,
        dealer=spec.dealer if spec.dealer is not None else (spec.to_move - 1) % n,
        to_move=spec.to_move,
        phase=phase,
        hands=tuple(h for h in hands if h is not None),
        sides=sides,
        stock=stock,
        pile=spec.pile,
        pile_frozen=frozen,
        pending=spec.pending,
        melded_before=tuple(melded_before),
    )
    try:
        validate(state, scope="position")
    except InvariantError as exc:
        raise ScenarioError(file, "position", f"{exc.tagged_reason} ({exc.path})") from None
    return state
