"""CrossHair canary: a function whose PEP 316 post-condition is deliberately wrong.

``crosshair check`` must find a counterexample here and exit 1. If it exits 0, CrossHair is not
checking anything (wrong flags, broken install, import failure), and a green contracts run means nothing.
"""


def canary_clamp(x: int, lo: int, hi: int) -> int:
    """Clamp ``x`` into ``[lo, hi]``.

    pre: lo <= hi
    post: lo <= __return__ < hi
    """
    return max(lo, min(x, hi))
