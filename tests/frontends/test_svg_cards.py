"""The SVG table draws each side's red 3s as a card, and a meld's fan shows a "10" in full."""

from __future__ import annotations

import re

from railroad_canasta import Rules, apply, legal_moves, new_game, render, view
from railroad_canasta.bots import GreedyBot
from railroad_canasta.render.svg import CARD_W, FAN
from railroad_canasta.render.table import picture


def test_red_threes_are_drawn_as_cards_with_their_count() -> None:
    bot = GreedyBot()
    state = new_game(Rules(players=2), seed=7)
    while not any(side.red_threes for side in picture(view(state, 0)).sides):
        seen = view(state, state.to_move)
        state = apply(state, bot.choose(seen, legal_moves(seen)))
    drawn = render.svg(view(state, 0))
    shown = re.findall(r"<g class='red-threes' data-count='(\d+)'><g class='card' data-kind=\"R3\"", drawn)
    assert shown == [str(side.red_threes) for side in picture(view(state, 0)).sides if side.red_threes]


def test_a_fan_leaves_room_for_a_ten() -> None:
    # The corner label is bold 11 px at x + 2: "10" measures 15.3 px in Chromium (DejaVu Sans Bold) at the
    # desktop width and 16.7 px of the picture scaled to a 420 px phone (glyphs hinted wider at 4.8 px);
    # the next card's edge is half a pixel of stroke (the measured check: tests_ui/test_card_labels.py).
    assert 2 + 19 <= FAN < CARD_W
