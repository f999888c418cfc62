"""Chi-square helpers for the sampling tests: where a uniform deal puts each kind of hidden card.

Both variants' samplers deal the hidden cards to named places (``hand 1``, ``kitty 2``, ``stock``), some
of which may not hold a red 3; these helpers give the expected count of a kind in each place (the stock
split into its top card and the rest) and compare observed counts with it.
"""

from __future__ import annotations

import collections
import math
from collections.abc import Sequence

from railroad_canasta import Kind

Observed = dict[str, collections.Counter[Kind]]


def chi2_critical(df: int, z: float = 3.090232) -> float:
    """The 0.999 quantile of the chi-square distribution (Wilson-Hilferty)."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3


def expected_counts(
    hidden: Sequence[int],
    hidden_places: Sequence[tuple[str, int, bool]],
    kind: Kind,
    *,
    constrained: bool = True,
) -> dict[str, float]:
    """The expected cards of ``kind`` in each place of one sample, red 3s only where they may be."""
    places = {name: (size, ok or not constrained) for name, size, ok in hidden_places}
    size, _ = places.pop("stock")
    places["stock top"] = (1, True)
    places["stock rest"] = (size - 1, True)
    total = sum(s for s, _ in places.values())
    reds = hidden[Kind.RED_THREE]
    allowed = sum(s for s, ok in places.values() if ok)
    red_in = {name: reds * s / allowed if ok else 0.0 for name, (s, ok) in places.items()}
    if kind is Kind.RED_THREE:
        return red_in
    return {name: hidden[kind] * (s - red_in[name]) / (total - reds) for name, (s, _) in places.items()}


def chi2(observed: Observed, expect: dict[str, float], kind: Kind, n: int) -> float:
    """The chi-square statistic of ``kind``'s counts over ``n`` samples (inf for an impossible count)."""
    return sum(
        (observed[name][kind] - n * e) ** 2 / (n * e) if e else (math.inf if observed[name][kind] else 0.0)
        for name, e in expect.items()
    )


def check_spread(
    observed: Observed,
    hidden: Sequence[int],
    hidden_places: Sequence[tuple[str, int, bool]],
    kinds: Sequence[Kind],
    samples: int,
) -> None:
    """Each of ``kinds`` is spread as a uniform deal spreads it (chi-square at 0.999), and the red 3s are
    not spread as a deal ignoring the red-3 rule would spread them (the test can fail)."""
    assert Kind.RED_THREE in kinds and len(kinds) >= 4
    for kind in kinds:
        expect = expected_counts(hidden, hidden_places, kind)
        df = sum(1 for e in expect.values() if e) - 1
        assert chi2(observed, expect, kind, samples) < chi2_critical(df), kind
    naive = expected_counts(hidden, hidden_places, Kind.RED_THREE, constrained=False)
    assert chi2(observed, naive, Kind.RED_THREE, samples) > chi2_critical(len(naive) - 1)
