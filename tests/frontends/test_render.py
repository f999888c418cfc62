"""The pictures of the table: SVG that parses and holds what the position holds, and a readable ``str``."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import railroad_canasta as rc
from pictures import matches_snapshot, positions, swap_with_stock
from railroad_canasta.core.display import Displayable, register_renderer

POSITIONS: list[rc.GameState] = [
    s
    for s in positions(rc.Rules(players=2), 7, 240) + positions(rc.Rules(players=4), 3, 300)
    if isinstance(s, rc.GameState)
]


def _seats(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if e.get("class") == "seat"]


def _cards(element: ET.Element, cls: str) -> list[ET.Element]:
    return [c for g in element.iter() if g.get("class") == cls for c in g.iter() if c.get("class") == "card"]


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_svg_of_a_view_holds_what_the_view_holds(index: int) -> None:
    state = POSITIONS[index]
    for player in range(len(state.players)):
        seen = rc.view(state, player)
        seats = _seats(rc.render.svg(seen))
        assert len(seats) == len(seen.players)
        for i, (seat, public) in enumerate(zip(seats, seen.players, strict=True)):
            assert int(seat.get("data-hand-size", -1)) == public.hand_size
            assert int(seat.get("data-red-threes", -1)) == public.red_threes
            melds = [g for g in seat.iter() if g.get("class") == "meld"]
            assert [int(m.get("data-size", 0)) for m in melds] == [m.size for m in public.melds]
            assert [m.get("data-canasta") for m in melds] == [
                (m.canasta_kind.name or "").lower() if m.canasta_kind else "" for m in public.melds
            ]
            hand_cards = _cards(seat, "hand")
            if i == player:  # the viewer's own hand, card kind by card kind, with counts
                assert seat.get("data-hand") == " ".join(map(str, seen.hand))
                drawn = {c.get("data-kind"): int(c.get("data-count", 0)) for c in hand_cards}
                assert drawn == {rc.Kind(k).notation: n for k, n in enumerate(seen.hand) if n}
            else:  # nobody else's cards: only the size of the hand
                assert seat.get("data-hand") is None and hand_cards == []
            if public.may_look_kitty and i == player and seen.kitty is not None and not public.kitty_taken:
                assert sum(int(c.get("data-count", 0)) for c in _cards(seat, "kitty")) == sum(seen.kitty)
            elif i != player:
                assert _cards(seat, "kitty") == []


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_svg_of_a_state_shows_every_hand_and_the_pile(index: int) -> None:
    state = POSITIONS[index]
    root = ET.fromstring(rc.render.svg(state))
    seats = _seats(rc.render.svg(state))
    assert [s.get("data-hand") for s in seats] == [" ".join(map(str, p.hand)) for p in state.players]
    pile = next(e for e in root.iter() if e.get("class") == "pile")
    assert int(pile.get("data-size", -1)) == len(state.pile)
    assert pile.get("data-top") == (state.pile[-1].notation if state.pile else "")
    assert pile.get("data-frozen") == str(state.pile_frozen).lower()
    assert pile.get("data-stopped") == str(state.pile_stopped).lower()
    stock = next(e for e in root.iter() if e.get("class") == "stock")
    assert int(stock.get("data-size", -1)) == len(state.stock)


def test_hidden_cards_do_not_change_a_views_picture() -> None:
    """Two states that differ only in another player's hand and the stock draw the same view."""
    state = POSITIONS[3]
    other = 1 - state.to_move
    hand, stock = swap_with_stock(state.players[other].hand, state.stock)
    players = list(state.players)
    players[other] = players[other].replace(hand=hand)
    changed = state.replace(players=tuple(players), stock=stock)
    assert changed != state
    mine = state.to_move
    assert rc.render.svg(rc.view(changed, mine)) == rc.render.svg(rc.view(state, mine))
    assert rc.render.svg(changed) != rc.render.svg(state)


def test_wild_cards_and_threes_are_drawn_apart() -> None:
    """Every kind in one hand: jokers and 2s share the wild colour; red 3s, black 3s and naturals differ."""
    state = POSITIONS[0]
    players = list(state.players)
    players[0] = players[0].replace(hand=(1,) * 15)
    svg = rc.render.svg(state.replace(players=tuple(players)))
    hand = next(e for e in _seats(svg)[0].iter() if e.get("class") == "hand")
    fills = {c.get("data-kind"): next(r for r in c if r.tag.endswith("rect")).get("fill") for c in hand}
    assert list(fills) == [rc.Kind(k).notation for k in range(15)]
    assert fills["JK"] == fills["2"]
    assert len({fills["JK"], fills["R3"], fills["B3"], fills["4"]}) == 4
    assert {fills[k.notation] for k in rc.Kind if k >= rc.Kind.FOUR} == {fills["4"]}


def test_str_is_short_and_names_every_player() -> None:
    state = POSITIONS[-1]
    text = str(state)
    assert len(text) < len(repr(state)) / 3
    lines = text.splitlines()
    assert lines[0].startswith("Railroad Canasta, round")
    assert sum(line.lstrip("* ").startswith("P") for line in lines) == len(state.players)
    mine = rc.view(state, 0)
    assert "seen by P1" in str(mine)
    assert rc.render.hand_text(mine.hand) in str(mine)


def test_jupyter_hooks_are_the_renderer() -> None:
    state = POSITIONS[2]
    assert state._repr_svg_() == rc.render.svg(state)
    html = rc.view(state, 1)._repr_html_()
    assert html is not None and rc.render.svg(rc.view(state, 1)) in html and "overflow-x:auto" in html


def test_registering_an_unknown_renderer_fails() -> None:
    with pytest.raises(ValueError, match="'text', 'svg' or 'html'"):
        register_renderer("png", str)
    assert Displayable.__slots__ == ()


@pytest.mark.parametrize(
    ("name", "make"),
    [
        ("deal-2p-seed7-view0.svg", lambda: rc.render.svg(rc.view(POSITIONS[0], 0))),
        ("midgame-2p-seed7.txt", lambda: str(POSITIONS[4])),
        ("midgame-4p-seed3-view2.txt", lambda: str(rc.view(POSITIONS[-2], 2))),
    ],
)
def test_snapshots(name: str, make: object) -> None:
    """A few positions drawn as committed; UPDATE_SNAPSHOTS=1 rewrites them after a deliberate change."""
    assert callable(make)
    assert matches_snapshot(name, str(make()))
