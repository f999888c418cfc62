"""Bots that play from the mover's view, and a loop to play a game between them.

- :class:`RandomBot` and :class:`GreedyBot` show the rules work;
- a heuristic bot per variant (:class:`RailroadHeuristicBot`, :class:`ClassicHeuristicBot`) plays toward
  the goal of the game and explains each choice;
- :class:`SearchBot` plays out states sampled from its view (:func:`railroad_canasta.sample_state`) with
  the heuristic bot, and plays the move that did best;
- :func:`bot_named` makes a bot from its name (``random``, ``greedy``, ``heuristic``, ``search``) for a
  variant, for the command line.

>>> from railroad_canasta import RAILROAD
>>> final = play_game(RAILROAD.replace(max_rounds=1), seed=3, bots=[bot_named("heuristic"), GreedyBot()])
>>> final.is_over
True
"""

from railroad_canasta.bots.base import Bot, ExplainingBot, PlanningBot, SeenPosition, play_game
from railroad_canasta.bots.classic import ClassicHeuristicBot
from railroad_canasta.bots.railroad import RailroadHeuristicBot
from railroad_canasta.bots.registry import BOT_NAMES, bot_named
from railroad_canasta.bots.search import SearchBot
from railroad_canasta.bots.simple import GreedyBot, RandomBot

__all__ = [
    "BOT_NAMES",
    "Bot",
    "ClassicHeuristicBot",
    "ExplainingBot",
    "GreedyBot",
    "PlanningBot",
    "RailroadHeuristicBot",
    "RandomBot",
    "SearchBot",
    "SeenPosition",
    "bot_named",
    "play_game",
]
