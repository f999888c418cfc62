"""Classic Canasta's declared restatements and memos (see :mod:`railroad_canasta.core.restatements`).

Every function of the variant that decides legality without asking a guard row is declared on
:data:`SWITCHES` beside its definition, with the clauses it restates; every memo is registered on
:data:`CACHES`. The variant answers both (``CLASSIC_VARIANT.switches``).
"""

from __future__ import annotations

from railroad_canasta.core.restatements import Caches, Switches

__all__ = ["CACHES", "SWITCHES"]

#: The memos of the variant.
CACHES = Caches()
#: The declared restatements of the variant, and the switch of a clause.
SWITCHES = Switches("classic", CACHES)
