"""The switches of classic Canasta: its declared restatements and its memos (``CACHES``), as
:mod:`railroad_canasta.core.restatements` describes them."""

from __future__ import annotations

from railroad_canasta.core.restatements import Switches

__all__ = ["CACHES", "SWITCHES"]

SWITCHES = Switches("classic")
CACHES = SWITCHES.caches
