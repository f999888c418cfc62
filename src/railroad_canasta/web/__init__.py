"""The web table: one page where a person plays against bots (``railroad-canasta serve``).

A Starlette app (the optional extra ``web``), an example of another program built on the library: the
table is drawn by :mod:`railroad_canasta.render` from the person's view only, the moves are chosen from
the legal list (or typed), and clicking a card of the hand discards it, so an illegal choice shows its
clause. The command line imports this package only when ``serve`` runs.
"""

from __future__ import annotations

from railroad_canasta.web.app import make_app

__all__ = ["make_app"]
