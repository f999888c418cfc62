"""The seed of a game: an int of at most :data:`MAX_SEED_BITS` bits, checked alike by every variant.

>>> check_seed(7)
7
>>> check_seed(2**4000)
Traceback (most recent call last):
...
ValueError: seed must be an int of at most 256 bits, not one of 4001
"""

from __future__ import annotations

__all__ = ["MAX_SEED_BITS", "check_seed"]

#: The largest seed, in bits (a seed is written in decimal into the shuffle's key).
MAX_SEED_BITS = 256


def check_seed(seed: object) -> int:
    """``seed`` if an int of at most :data:`MAX_SEED_BITS` bits, else ``TypeError`` or ``ValueError``."""
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, not {seed!r}"[:200])
    if seed.bit_length() > MAX_SEED_BITS:
        raise ValueError(
            f"seed must be an int of at most {MAX_SEED_BITS} bits, not one of {seed.bit_length()}"
        )
    return seed
