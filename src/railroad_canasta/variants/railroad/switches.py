"""Railroad Canasta's declared restatements (:data:`SWITCHES`) and memos (:data:`CACHES`): see
:mod:`railroad_canasta.core.restatements`. Each fast path is declared beside its definition."""

from __future__ import annotations

from railroad_canasta.core.restatements import Switches

__all__ = ["CACHES", "SWITCHES"]

SWITCHES = Switches("railroad")
CACHES = SWITCHES.caches
