"""A small builder of classic positions for the tests: the mover's hand, the sides' melds, the pile."""

from __future__ import annotations

from collections.abc import Sequence

from railroad_canasta.core.cards import Kind, counts_of, parse_kinds
from railroad_canasta.core.melds import Meld
from railroad_canasta.variants.classic.rules import CLASSIC, ClassicRules
from railroad_canasta.variants.classic.state import ClassicState, Phase, Side


def meld(text: str) -> Meld:
    """A meld from kind notation: ``9 9 9 JK``."""
    kinds = parse_kinds(text)
    naturals = [k for k in kinds if not k.is_wild]
    return Meld(naturals[0], len(naturals), kinds.count(Kind.JOKER), kinds.count(Kind.TWO))


def position(
    hand: str,
    *,
    rules: ClassicRules = CLASSIC,
    phase: Phase = Phase.MELD,
    melds: Sequence[str] = (),
    others: Sequence[str] = (),
    opened: bool | None = None,
    score: int = 0,
    pile: str = "5 6",
    frozen: bool = False,
    stock: str = "6 6 6 6 4 4 4 4",
    hands: Sequence[str] = (),
    melded_before: bool = True,
) -> ClassicState:
    """Player 0 to move with ``hand``; their side has ``melds``, the next side ``others``."""
    n = rules.players
    side_melds = tuple(meld(m) for m in melds)
    sides = [Side(side_melds, 0, bool(side_melds) if opened is None else opened, score)]
    sides.append(Side(tuple(meld(m) for m in others), 0, bool(others)))
    while len(sides) < len(rules.sides):
        sides.append(Side())
    given = [hand, *hands]
    all_hands = tuple(counts_of(parse_kinds(given[i] if i < len(given) else "8 8 10 10 J")) for i in range(n))
    return ClassicState(
        rules=rules,
        seed=0,
        round=1,
        dealer=n - 1,
        to_move=0,
        phase=phase,
        hands=all_hands,
        sides=tuple(sides),
        stock=parse_kinds(stock),
        pile=parse_kinds(pile),
        pile_frozen=frozen,
        melded_before=(melded_before,) * n,
    )
