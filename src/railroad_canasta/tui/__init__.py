"""The terminal game (``railroad-canasta play``) and the replay viewer (``railroad-canasta replay``).

Built with Textual, the optional extra ``play`` (``pip install 'railroad-canasta[play]'``); the
command line imports this package only when one of those commands runs.
"""

from __future__ import annotations

from railroad_canasta.tui.app import PlayApp, ReplayApp

__all__ = ["PlayApp", "ReplayApp"]
