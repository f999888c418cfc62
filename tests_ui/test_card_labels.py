"""Every card's corner label can be read where the table's picture fans cards: measured in Chromium.

A meld is drawn as a fan, each card over the one before with only its left strip showing; the corner label
("10" the widest) must lie inside that strip. The picture is laid out by the browser at the web table's
desktop width and scaled to a 420 px phone, and each label's box is compared with its card's and the next
card's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

import railroad_canasta as rc
from railroad_canasta.bots import GreedyBot
from railroad_canasta.core.cards import Kind
from railroad_canasta.render import svg
from railroad_canasta.render.svg import CARD_W

CHROMIUM = "/usr/bin/chromium"

#: Per meld, per card: the corner label's box and the card's, and the left edge of the card drawn over it.
_MEASURE = """svg => [...svg.querySelectorAll('g.meld')].map(meld => {
    const cards = [...meld.querySelectorAll('g.card')];
    return cards.map((card, i) => {
        const label = card.querySelector('text').getBoundingClientRect();
        const face = card.querySelector('rect').getBoundingClientRect();
        const next = i + 1 < cards.length ? cards[i + 1].querySelector('rect').getBoundingClientRect() : null;
        return {kind: card.dataset.kind, left: label.left, right: label.right, top: label.top,
                bottom: label.bottom, faceLeft: face.left, faceRight: face.right, faceTop: face.top,
                nextLeft: next ? next.left : face.right};
    });
})"""


def _table_with_tens() -> str:
    """The picture of a seeded Railroad game once a meld of 10s of four cards or more is on the table."""
    state = rc.new_game(rc.Rules(players=2, max_rounds=1), seed=0)
    bot = GreedyBot()
    while not any(m.rank is Kind.TEN and m.size >= 4 for p in state.players for m in p.melds):
        state = rc.apply(state, bot.choose(rc.view(state, state.to_move), rc.legal_moves(state)))
    return svg(state)


@pytest.mark.parametrize("width", [1000, 420])
def test_each_card_label_shows_in_full_in_a_fan(width: int, artefacts: Path) -> None:
    drawn = _table_with_tens()
    page_html = f"<html><body style='margin:0'><div style='width:{width}px'>{drawn}</div></body></html>"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page_ = browser.new_page(viewport={"width": width, "height": 1200})
        page_.set_content(page_html.replace("<svg ", "<svg style='width:100%;height:auto' ", 1))
        melds = page_.locator("svg").first.evaluate(_MEASURE)
        page_.screenshot(path=str(artefacts / f"card-labels-{width}.png"), full_page=True)
        browser.close()
    cards = [card for meld in melds for card in meld]
    assert sum(1 for card in cards if card["kind"] == "10") >= 4
    for card in cards:
        where = f"{card['kind']} at {card['faceLeft']:.1f} ({width} px)"
        # Inside its own card (a glyph's box may start a little left of its pen: that side lies over the card
        # before, drawn on top of it), and left of the card drawn over it and of that card's border (1 px of
        # stroke on its edge, half of it outside): nothing of the label hidden.
        assert card["left"] >= card["faceLeft"] - 1, where
        assert card["top"] >= card["faceTop"], where
        stroke = 0.5 * (card["faceRight"] - card["faceLeft"]) / CARD_W  # (half a pixel of the picture's)
        assert card["right"] + stroke <= card["nextLeft"], f"{where}: label ends at {card['right']:.1f}"
