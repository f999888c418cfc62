"""Pictures of classic Canasta: sides with their partners, natural and mixed canastas, the partner's question.

The SVG of a view parses as XML and holds what the view holds (every side's melds, red 3s and score,
every hand's size, the viewer's own cards) and nothing it does not (the partner's hand stays a size).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs
import pytest

import railroad_canasta as rc
from pictures import matches_snapshot, positions, swap_with_stock
from railroad_canasta.bots import GreedyBot
from railroad_canasta.core.melds import Meld
from railroad_canasta.render import picture
from railroad_canasta.variants.classic.state import canasta_kind

POSITIONS: list[rc.ClassicState] = [
    s
    for rules, seed, steps in (
        (rc.ClassicRules(), 3, 110),
        (rc.ClassicRules(players=2), 5, 120),
        (rc.ClassicRules(players=6), 1, 200),
    )
    for s in positions(rules, seed, steps)
    if isinstance(s, rc.ClassicState)
]


def _groups(svg: str, cls: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(svg).iter() if e.get("class") == cls]


def _cards(element: ET.Element, cls: str) -> list[ET.Element]:
    return [c for g in element.iter() if g.get("class") == cls for c in g.iter() if c.get("class") == "card"]


def _bands(svg: str) -> list[ET.Element]:
    """One element a side: the ``side`` group of partners, or the ``seat`` group of a player alone."""
    root = ET.fromstring(svg)
    sides = [e for e in root if e.get("class") == "side"]
    return sides or [e for e in root if e.get("class") == "seat"]


@pytest.mark.clause("R-CL-PLY-1")
@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_svg_of_a_classic_view_holds_what_the_view_holds(index: int) -> None:
    state = POSITIONS[index]
    for player in range(state.rules.players):
        seen = rc.view(state, player)
        svg = rc.render.svg(seen)
        bands = _bands(svg)
        assert len(bands) == len(seen.sides) == len(state.rules.sides)
        for band, side, seats in zip(bands, seen.sides, state.rules.sides, strict=True):
            assert int(band.get("data-red-threes", -1)) == side.red_threes
            assert int(band.get("data-score", -1)) == side.score
            melds = [g for g in band.iter() if g.get("class") == "meld"]
            assert [int(m.get("data-size", 0)) for m in melds] == [m.size for m in side.melds]
            assert [m.get("data-canasta") for m in melds] == [canasta_kind(m) or "" for m in side.melds]
            drawn_seats = [e for e in band.iter() if e.get("class") == "seat"]
            assert [int(e.get("data-seat", -1)) for e in drawn_seats] == list(seats)
            for seat in drawn_seats:
                i = int(seat.get("data-seat", -1))
                assert int(seat.get("data-hand-size", -1)) == seen.hand_sizes[i]
                hand_cards = _cards(seat, "hand")
                if i == player:  # the viewer's own hand, kind by kind with counts
                    assert seat.get("data-hand") == " ".join(map(str, seen.hand))
                    drawn = {c.get("data-kind"): int(c.get("data-count", 0)) for c in hand_cards}
                    assert drawn == {rc.Kind(k).notation: n for k, n in enumerate(seen.hand) if n}
                else:  # a partner's or an opponent's hand: only its size
                    assert seat.get("data-hand") is None and hand_cards == []
        assert _groups(svg, "kitty") == []  # classic deals no kitty


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 3))
def test_svg_of_a_classic_state_shows_every_hand_and_the_pile(index: int) -> None:
    state = POSITIONS[index]
    svg = rc.render.svg(state)
    seats = sorted(_groups(svg, "seat"), key=lambda e: int(e.get("data-seat", -1)))
    assert [s.get("data-hand") for s in seats] == [" ".join(map(str, h)) for h in state.hands]
    pile = _groups(svg, "pile")[0]
    assert int(pile.get("data-size", -1)) == len(state.pile)
    assert pile.get("data-top") == (state.pile[-1].notation if state.pile else "")
    assert pile.get("data-frozen") == str(state.pile_frozen).lower()
    assert pile.get("data-stopped") == str(state.pile_stopped).lower()
    assert int(_groups(svg, "stock")[0].get("data-size", -1)) == len(state.stock)


def _swap_hidden(state: rc.ClassicState, viewer: int) -> rc.ClassicState:
    """The same game with one card of the viewer's partner's hand swapped with a different stock card."""
    seats = next(s for s in state.rules.sides if viewer in s)
    other = next((s for s in seats if s != viewer), (viewer + 1) % state.rules.players)
    hands = list(state.hands)
    hands[other], stock = swap_with_stock(hands[other], state.stock)
    return state.replace(hands=tuple(hands), stock=stock)


@pytest.mark.clause("R-CL-PLY-1")
@pytest.mark.parametrize("index", [1, 4, 8, 15])
def test_the_partners_hidden_cards_do_not_change_a_views_picture(index: int) -> None:
    """Two states that differ only in the partner's hand and the stock draw the same view."""
    state = POSITIONS[index]
    viewer = state.to_move
    changed = _swap_hidden(state, viewer)
    assert changed != state
    for draw in (rc.render.svg, rc.render.text, rc.render.html):
        assert draw(rc.view(changed, viewer)) == draw(rc.view(state, viewer))
    assert rc.render.svg(changed) != rc.render.svg(state)


@pytest.mark.clause("R-CL-CAN-1", "R-CL-CAN-2")
def test_canastas_are_natural_or_mixed_and_unfinished_melds_say_how_far() -> None:
    """Each meld's label is its canasta kind (no wild card: natural) or how many cards it has of 7."""
    state = POSITIONS[2]
    melds = (Meld(rc.Kind.NINE, 7), Meld(rc.Kind.KING, 5, 1, 1), Meld(rc.Kind.FIVE, 4, 0, 1))
    side = attrs.evolve(state.sides[0], melds=melds)
    drawn = picture(state.replace(sides=(side, *state.sides[1:])))
    assert [m.label for m in drawn.sides[0].melds] == ["9s natural canasta", "Ks mixed canasta", "5s 5/7"]
    assert [m.to_go for m in drawn.sides[0].melds] == [0, 0, 2]
    svg = rc.render.svg(state.replace(sides=(side, *state.sides[1:])))
    assert [g.get("data-canasta") for g in _groups(svg, "meld")][:3] == ["natural", "mixed", ""]
    bot = GreedyBot()  # and along a greedy round, every meld drawn as it stands
    while not state.history:
        view = rc.view(state, state.to_move)
        state = rc.apply(state, bot.choose(view, rc.legal_moves(view)))
        for drawn_side, real in zip(picture(state).sides, state.sides, strict=True):
            assert [m.canasta for m in drawn_side.melds] == [canasta_kind(m) or "" for m in real.melds]
            assert [m.to_go for m in drawn_side.melds] == [
                0 if m.rank is rc.Kind.BLACK_THREE else max(0, 7 - m.size) for m in real.melds
            ]


def test_str_of_a_classic_state_and_view_shows_sides() -> None:
    state = POSITIONS[3]
    text = str(state)
    assert len(text) < len(repr(state)) / 3
    lines = text.splitlines()
    assert lines[0].startswith("Canasta, round")
    assert " P1 & P3: red 3s" in text and " P2 & P4: red 3s" in text
    mine = rc.view(state, 0)
    assert "seen by P1" in str(mine)
    assert f"P1: hand {sum(mine.hand)}: {rc.render.hand_text(mine.hand)}" in str(mine)
    assert "P3: hand " in str(mine) and f"P3: hand {mine.hand_sizes[2]}\n" in str(mine) + "\n"
    assert state._repr_svg_() == rc.render.svg(state)
    html = mine._repr_html_()
    assert html is not None and rc.render.svg(mine) in html


def test_the_requirement_of_each_side_and_the_pile_frozen_for_an_unopened_side() -> None:
    state = rc.new_game(rc.ClassicRules(players=2), seed=3)
    drawn = picture(rc.view(state, state.to_move))
    assert [s.need for s in drawn.sides] == ["needs 50", "needs 50"]
    # R-CL-PIL-2: before its initial meld a side takes the pile only as if frozen.
    assert not state.pile_frozen and drawn.pile_frozen_for_mover
    assert rc.render.text(state).splitlines()[0].endswith(", frozen for P1")
    later = state.replace(sides=tuple(attrs.evolve(s, score=3000) for s in state.sides))
    assert picture(later).sides[0].requirement == state.rules.requirement(3000) == 120


def _asked(seed: int) -> rc.ClassicState:
    """A classic game played by greedy bots until a player may ask their partner "may I go out?"."""
    state, bot = rc.new_game(rc.ClassicRules(), seed=seed), GreedyBot()
    while True:
        moves = rc.legal_moves(state)
        if rc.Move.from_text("ask-out") in moves:
            return rc.apply(state, "ask-out")
        assert not state.history, "no question in the round"
        state = rc.apply(state, bot.choose(rc.view(state, state.to_move), moves))


@pytest.mark.clause("R-CL-DEC-1")
def test_the_partners_question_and_its_answer_are_shown() -> None:
    state = _asked(2)
    asker, partner = state.asker, state.to_move
    assert asker is not None and state.phase.value == "answer"
    names = [f"seat {i}" for i in range(4)]
    question = f"seat {asker} asks seat {partner}: may I go out?"
    assert question in rc.render.text(rc.view(state, partner), names).splitlines()
    svg = rc.render.svg(rc.view(state, asker), names)
    assert [e.text for e in _groups(svg, "question")] == [question]
    for answer, words in (("yes", "may go out"), ("no", "may not go out this turn")):
        after = rc.apply(state, f"answer-out {answer}")
        assert f"seat {asker} asked to go out: {words}" in rc.render.text(after, names)
    assert rc.render.text(rc.new_game(rc.ClassicRules(), seed=2)).count("go out") == 0


def test_the_score_table_is_by_side() -> None:
    state = rc.new_game(rc.ClassicRules(), seed=3)
    bot = GreedyBot()
    assert rc.render.score_table(state, ["a", "b", "c", "d"]) == ""
    while not state.history:
        view = rc.view(state, state.to_move)
        state = rc.apply(state, bot.choose(view, rc.legal_moves(view)))
    table = rc.render.score_table(state, ["you", "bot 1", "bot 2", "bot 3"]).splitlines()
    assert " ".join(table[0].split()) == "side | melded bonus red 3 out hand | round | total"
    last = state.history[-1]
    names = ("you & bot 2", "bot 1 & bot 3")
    for line, name, parts, score in zip(table[2:], names, last.breakdowns, last.scores, strict=True):
        cells = line.split("|")
        assert cells[0].strip() == name
        assert [int(n) for n in cells[1].split()] == [
            parts.melded,
            parts.canasta_bonus,
            parts.red_threes,
            parts.going_out,
            parts.hand_penalty,
        ]
        assert int(cells[2]) == parts.total and int(cells[3]) == score


@pytest.mark.parametrize(
    ("name", "make"),
    [
        ("classic-4p-seed3-view0.svg", lambda: rc.render.svg(rc.view(POSITIONS[3], 0))),
        ("classic-4p-seed3-view1.txt", lambda: str(rc.view(POSITIONS[5], 1))),
        ("classic-6p-seed1.txt", lambda: str(POSITIONS[-2])),
    ],
)
def test_snapshots(name: str, make: object) -> None:
    """Classic positions drawn as committed; UPDATE_SNAPSHOTS=1 rewrites them after a deliberate change."""
    assert callable(make)
    assert matches_snapshot(name, str(make()))
