"""Simulation at scale: many seeded games between named bots, on local processes or a Ray cluster.

- :mod:`~railroad_canasta.simulation.plan`: what a run plays (:class:`Plan`), each game's seed, bots by
  name or import path, one game's result line.
- :mod:`~railroad_canasta.simulation.run`: :func:`simulate` over a backend (``local`` processes or
  ``ray``), results written in game order, Ctrl-C keeping what finished.
- :mod:`~railroad_canasta.simulation.summary`: win rates with 95% intervals, scores, rounds, endings.
- :mod:`~railroad_canasta.simulation.ray_backend`: one Ray task per batch (the ``[ray]`` extra).

The command ``railroad-canasta simulate`` is the command-line face of :func:`simulate`.
"""

from __future__ import annotations

from railroad_canasta.simulation.plan import Plan, game_seed, make_bot, play_one
from railroad_canasta.simulation.run import BACKENDS, simulate
from railroad_canasta.simulation.summary import Summary, summarise

__all__ = ["BACKENDS", "Plan", "Summary", "game_seed", "make_bot", "play_one", "simulate", "summarise"]
