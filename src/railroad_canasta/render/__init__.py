"""Pictures of the table: SVG and a short text, from a game state or a player's view (no dependency).

>>> import railroad_canasta as rc
>>> state = rc.new_game(rc.Rules(players=2), seed=7)
>>> svg = rc.render.svg(rc.view(state, 0))        # what player 0 sees, as SVG text
>>> svg.startswith("<svg") and "class='seat'" in svg
True
>>> print(str(state).splitlines()[0])             # str of a state or view is rc.render.text
Railroad Canasta, round 1: P2 to move (draw); stock 160; pile 1, top 4

Importing the package registers :func:`text`, :func:`svg` and :func:`html` as the ``str``,
``_repr_svg_`` and ``_repr_html_`` of every position (:mod:`railroad_canasta.core.display`), so a state
or view shows itself as a picture in Jupyter. A view is drawn with only what its player may know: the
other hands as face-down stacks with their sizes.
"""

from __future__ import annotations

from collections.abc import Sequence

from railroad_canasta.core.display import register_renderer
from railroad_canasta.render.svg import table_svg
from railroad_canasta.render.table import (
    MeldPicture,
    Picture,
    RoundPicture,
    SeatPicture,
    SidePicture,
    picture,
)
from railroad_canasta.render.text import hand_text, score_table, table_text

__all__ = [
    "MeldPicture",
    "Picture",
    "RoundPicture",
    "SeatPicture",
    "SidePicture",
    "hand_text",
    "html",
    "picture",
    "score_table",
    "svg",
    "text",
]


def svg(position: object, names: Sequence[str] | None = None) -> str:
    """The SVG picture of a game state (every hand) or a player's view (their hand only)."""
    return table_svg(picture(position, names))


def text(position: object, names: Sequence[str] | None = None) -> str:
    """A short text of the table, one line a player (and one for their melds)."""
    return table_text(picture(position, names))


def html(position: object, names: Sequence[str] | None = None) -> str:
    """The SVG picture in a ``<div>`` that scrolls sideways when narrow (for Jupyter and web pages)."""
    return f"<div class='railroad-canasta-table' style='overflow-x:auto'>{svg(position, names)}</div>"


register_renderer("text", text)
register_renderer("svg", svg)
register_renderer("html", html)
