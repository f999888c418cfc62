"""The web table: its page holds only the person's view; a round played by clicking in Chromium.

The browser is Debian's ``chromium`` (``nox -s ui`` installs it when missing), driven by Playwright.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Page, sync_playwright
from starlette.testclient import TestClient

from railroad_canasta import ClassicRules, ClassicState, Rules, render, view
from railroad_canasta.bots import GreedyBot
from railroad_canasta.game import AnyRules
from railroad_canasta.web import make_app
from railroad_canasta.web.app import Table, page

CHROMIUM = "/usr/bin/chromium"


def _problem(html: str) -> str:
    found = re.search(r"id=\"problem\"[^>]*>([^<]*)<", html)
    assert found is not None
    return found[1]


def test_the_page_draws_the_view_and_an_illegal_move_names_its_clause() -> None:
    app = make_app(Rules(players=3), seed=11)
    table: Table = app.state.table
    client = TestClient(app)
    html = client.get("/").text
    seen = table.session.seen()
    assert render.svg(seen, table.session.names) in html
    for move in table.session.legal():
        assert f"data-move='{move}'" in html
    html = client.post("/move", data={"move": "take-kitty"}).text
    assert _problem(html) == "take-kitty: illegal (R-TRN-2) it is the draw phase, not the kitty phase"
    html = client.post("/move", data={"move": "meld 9 9 banana"}).text
    assert "illegal (notation)" in _problem(html)
    before = len(table.session.moves)
    html = client.post("/move", data={"move": "draw"}).text
    assert _problem(html) == "" and str(table.session.moves[before]) == "draw"


def test_the_page_of_a_classic_table_names_the_sides_and_a_classic_clause() -> None:
    app = make_app(ClassicRules(players=4), seed=3)
    table: Table = app.state.table
    client = TestClient(app)
    html = client.get("/").text
    assert render.svg(table.session.seen(), table.session.names) in html
    assert "you &amp; bot 2: red 3s" in html and "bot 1 &amp; bot 3: red 3s" in html
    html = client.post("/move", data={"move": "take-pile 9 JK"}).text
    assert re.fullmatch(r"take-pile 9 JK: illegal \(R-CL-[A-Z]+-\d\) .+", _problem(html))


@pytest.mark.parametrize("rules", [Rules(players=2), ClassicRules(players=4)], ids=["railroad", "classic"])
def test_the_page_shows_nothing_the_view_does_not_hold(rules: AnyRules) -> None:
    """Two games that differ only in a hidden hand (a bot's; in classic, the partner's) and the stock
    give the same page."""
    table = Table(rules, 7, "greedy")
    state = table.session.state
    html = page(table)
    other = (*table.session.partners, 1)[0]
    hands = list(state.hands) if isinstance(state, ClassicState) else [p.hand for p in state.players]
    stock = list(state.stock)
    hand = list(hands[other])
    give = next(k for k, n in enumerate(hand) if n and k != stock[0])
    hand[give] -= 1
    hand[stock[0]] += 1
    stock[0] = type(stock[0])(give)
    hands[other] = tuple(hand)
    if isinstance(state, ClassicState):
        table.session.state = state.replace(hands=tuple(hands), stock=tuple(stock))
    else:
        players = tuple(p.replace(hand=h) for p, h in zip(state.players, hands, strict=True))
        table.session.state = state.replace(players=players, stock=tuple(stock))
    assert table.session.state != state
    assert view(table.session.state, 0) == view(state, 0)
    assert page(table) == html


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(
    params=[(Rules(players=2), 7, "web-table"), (ClassicRules(players=4), 3, "web-table-classic")],
    ids=["railroad-2p", "classic-4p"],
)
def served(request: pytest.FixtureRequest) -> Iterator[tuple[str, Table, str]]:
    """The web table served by Uvicorn on 127.0.0.1 in a thread, and the name of its screenshots."""
    rules, seed, shot = request.param
    app = make_app(rules, seed=seed)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.02)
    assert server.started
    yield f"http://127.0.0.1:{port}/", app.state.table, shot
    server.should_exit = True
    thread.join(5)


def _click(page_: Page, move: str) -> None:
    page_.locator(f"#moves button[data-move='{move}']").click()
    page_.wait_for_load_state()


def test_a_round_played_by_clicking_in_chromium(served: tuple[str, Table, str], artefacts: Path) -> None:
    url, table, shot = served
    session = table.session
    bot = GreedyBot()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page_ = browser.new_page(viewport={"width": 1280, "height": 900})
        page_.goto(url)
        # An illegal choice: a card of the hand clicked in the draw phase (a discard) names its clause.
        assert session.waiting
        page_.locator("#hand button").first.click()
        page_.wait_for_load_state()
        clause = "(R-CL-TRN-1)" if isinstance(table.rules, ClassicRules) else "(R-TRN-2)"
        assert clause in page_.locator("#problem").inner_text()
        clicks, asked = 0, False
        while not session.state.history:
            assert session.waiting
            legal = list(session.legal())
            move = str(bot.choose(session.seen(), legal))
            if not asked and "ask-out" in map(str, legal):  # classic: "may I go out?", once
                move, asked = "ask-out", True
            # The page lists exactly the legal moves of the person's view.
            listed = page_.locator("#moves button").evaluate_all("bs => bs.map(b => b.dataset.move)")
            assert listed == [str(m) for m in legal]
            _click(page_, move)
            clicks += 1
            assert page_.locator("#problem").inner_text() == ""
            if clicks == 40 or (clicks == 20 and isinstance(table.rules, ClassicRules)):
                page_.screenshot(path=str(artefacts / f"{shot}.png"), full_page=True)
        assert "Round 1 is over" in page_.locator("#log").inner_text()
        assert "melded" in page_.locator("#log").inner_text()
        if isinstance(table.rules, ClassicRules):
            assert asked and "bot 2: answer-out " in page_.locator("#log").inner_text()
        page_.screenshot(path=str(artefacts / f"{shot}-round-over.png"), full_page=True)
        browser.close()
    assert clicks > 10
