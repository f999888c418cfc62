"""The web table: each link holds only its seat's view; two people and bots play a round in Chromium.

The browser is Debian's ``chromium`` (``nox -s ui`` installs it when missing), driven by Playwright.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx
import pytest
import uvicorn
from playwright.sync_api import Browser, Page, Request, expect, sync_playwright
from starlette.applications import Starlette
from starlette.testclient import TestClient

from railroad_canasta import ClassicRules, ClassicState, Rules, render, view
from railroad_canasta.bots import GreedyBot
from railroad_canasta.game import AnyRules
from railroad_canasta.session import Replay, read_record
from railroad_canasta.web import app as web_app
from railroad_canasta.web import make_app
from railroad_canasta.web.app import Table, links, page

CHROMIUM = "/usr/bin/chromium"


def _problem(html: str) -> str:
    found = re.search(r"id=\"problem\"[^>]*>([^<]*)<", html)
    assert found is not None
    return found[1]


def test_the_page_draws_the_view_and_an_illegal_move_names_its_clause() -> None:
    app = make_app(Rules(players=3), seed=11)
    table: Table = app.state.table
    client = TestClient(app)
    link = f"/t/{table.token_of(0)}"
    html = client.get(link).text
    seen = table.session.seen()
    assert render.svg(seen, table.session.names) in html
    for move in table.session.legal():
        assert f"data-move='{move}'" in html
    html = client.post(f"{link}/move", data={"move": "take-kitty"}).text
    assert _problem(html) == "take-kitty: illegal (R-TRN-2) it is the draw phase, not the kitty phase"
    html = client.post(f"{link}/move", data={"move": "meld 9 9 banana"}).text
    assert "illegal (notation)" in _problem(html)
    before = len(table.session.moves)
    html = client.post(f"{link}/move", data={"move": "draw"}).text
    assert _problem(html) == "" and str(table.session.moves[before]) == "draw"


def test_the_page_of_a_classic_table_names_the_sides_and_a_classic_clause() -> None:
    app = make_app(ClassicRules(players=4), seed=3)
    table: Table = app.state.table
    client = TestClient(app)
    link = f"/t/{table.token_of(0)}"
    html = client.get(link).text
    assert render.svg(table.session.seen(), table.session.names) in html
    assert "you &amp; bot 2: red 3s" in html and "bot 1 &amp; bot 3: red 3s" in html
    html = client.post(f"{link}/move", data={"move": "take-pile 9 JK"}).text
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


def test_each_link_sees_its_own_seat_and_no_token_sees_nothing() -> None:
    """Two people and a bot: each link holds its seat's view and plays only for it; the spectators'
    link shows no hand and moves nothing; a request without a known token is refused and changes nothing."""
    app = make_app(Rules(players=3), seed=11, humans=2)
    table: Table = app.state.table
    session = table.session
    client = TestClient(app)
    first, second = f"/t/{table.token_of(0)}", f"/t/{table.token_of(1)}"
    watch = f"/t/{table.spectators}"
    assert len({table.token_of(0), table.token_of(1), table.spectators}) == 3
    assert all(len(token) >= 24 for token in table.tokens)
    for seat, link in ((0, first), (1, second)):
        html = client.get(link).text
        assert render.svg(session.seen(seat), session.names) in html
        hand = " ".join(map(str, session.seen(seat).hand))
        assert html.count("data-hand=") == 1 and f'data-hand="{hand}"' in html
    spectator = client.get(watch).text
    assert "data-hand=" not in spectator and 'id="moves"' not in spectator
    assert render.svg(session.seen(0), session.names) not in spectator
    moves = len(session.moves)
    for url in ("/", "/t/nobody", "/t/nobody/part", "/t/nobody/events", "/t/nobody/record"):
        answer = client.get(url)
        assert 400 <= answer.status_code < 500 and "data-hand" not in answer.text, url
    for url in ("/t/nobody/move", f"{watch}/move", f"{watch}/new", "/move"):
        assert 400 <= client.post(url, data={"move": "draw"}).status_code < 500, url
    assert len(session.moves) == moves and session.seed == 11
    # Seat 1 may not move for seat 0 (whose turn it is): its own problem line says so, seat 0 sees none.
    mover = session.state.to_move
    other = 1 - mover
    other_link = (first, second)[other]
    html = client.post(f"{other_link}/move", data={"move": "draw"}).text
    assert _problem(html).startswith("draw: illegal (R-TRN-1)")
    assert _problem(client.get((first, second)[mover]).text) == ""
    assert len(session.moves) == moves
    client.post(f"{(first, second)[mover]}/move", data={"move": "draw"})
    assert str(session.moves[moves]) == "draw"


def test_the_record_waits_for_the_end_and_replays() -> None:
    app = make_app(Rules(players=2), seed=5, humans=2)
    table: Table = app.state.table
    client = TestClient(app)
    link = f"/t/{table.token_of(0)}"
    assert client.get(f"{link}/record").status_code == 409
    bot = GreedyBot()
    while not table.session.over:
        seat = table.session.state.to_move
        table.play(str(bot.choose(table.session.seen(seat), table.session.legal(seat))), seat)
    answer = client.get(f"/t/{table.spectators}/record")
    assert answer.status_code == 200
    record = read_record(answer.content)
    assert record.moves == tuple(table.session.moves) and record.players == ("player 1", "player 2")
    assert Replay(record).go(len(record.moves)) == table.session.state


def test_a_form_posted_by_the_page_s_script_is_answered_with_the_live_part() -> None:
    """With ``X-Live-Part: 1`` (the page's script) a move or a new game is answered with the live part at
    the table's new version; without it (a browser without the script), with a redirect to the page."""
    app = make_app(Rules(players=2), 7, humans=2)
    table: Table = app.state.table
    client = TestClient(app)
    seat = f"/t/{table.token_of(table.session.state.to_move)}"
    plain = client.post(f"{seat}/move", data={"move": "draw"}, follow_redirects=False)
    assert plain.status_code == 303 and plain.headers["location"] == seat
    for path, data, shows in ((f"{seat}/move", {"move": "fly"}, "fly"), (f"{seat}/new", {}, "New game.")):
        answer = client.post(path, data=data, headers={"X-Live-Part": "1"}, follow_redirects=False)
        assert answer.status_code == 200
        assert answer.text.startswith(f'<div id="live" data-version="{table.version}">')
        assert shows in answer.text and answer.text == client.get(f"{seat}/part").text


def test_the_event_stream_tells_of_a_move() -> None:
    app = make_app(Rules(players=2), 7, humans=2)
    table: Table = app.state.table
    with (
        _served(app) as base,
        httpx.Client(base_url=base, timeout=10) as client,
        client.stream("GET", f"/t/{table.token_of(1)}/events") as stream,
    ):
        lines = stream.iter_lines()
        got = [next(lines) for _ in range(5)]
        mover = table.token_of(table.session.state.to_move)  # the move posted, so played in the server's loop
        assert client.post(f"/t/{mover}/move", data={"move": "draw"}).status_code == 303
        got += [next(lines) for _ in range(3)]
    assert got[0] == "retry: 1000" and got[2:4] == [f"id: {table.version - 1}", f"data: {table.version - 1}"]
    assert got[5:7] == [f"id: {table.version}", f"data: {table.version}"]


@pytest.mark.parametrize("header", [False, True], ids=["since", "last-event-id"])
def test_the_event_stream_starts_after_the_version_the_page_shows(header: bool) -> None:
    """A page that has just loaded (``?since=``) or a browser reconnecting (``Last-Event-ID``) is told only
    of later moves, so it does not fetch the part it already shows; a version the table has not reached,
    or not a number, gets the current version at once."""
    app = make_app(Rules(players=2), 7, humans=2)
    table: Table = app.state.table
    shown = table.version
    headers, params = ({"Last-Event-ID": str(shown)}, {}) if header else ({}, {"since": shown})
    bot = GreedyBot()
    with _served(app) as base, httpx.Client(base_url=base, timeout=10) as client:
        events = f"/t/{table.token_of(1)}/events"
        with client.stream("GET", events, headers=headers, params=params) as stream:
            lines = stream.iter_lines()
            assert [next(lines), next(lines)] == ["retry: 1000", ""]
            # One stream tells of every move, however many (it once ended after its fourth event).
            for n in range(1, 7):
                session = table.session
                seat = session.state.to_move
                move = str(bot.choose(session.seen(seat), session.legal(seat)))
                assert client.post(f"/t/{table.token_of(seat)}/move", data={"move": move}).status_code == 303
                assert [next(lines), next(lines), next(lines)] == [
                    f"id: {shown + n}",
                    f"data: {shown + n}",
                    "",
                ]
        for odd in (str(table.version + 5), "seven", "-3"):
            with client.stream("GET", events, params={"since": odd}) as stream:
                lines = stream.iter_lines()
                assert [next(lines) for _ in range(4)][2:] == [
                    f"id: {table.version}",
                    f"data: {table.version}",
                ]


def test_an_event_stream_ends_after_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stream that tells of nothing says it is still there, and ends when its time is up (the browser
    then reconnects), so a server never holds a stream open for long."""
    monkeypatch.setattr(web_app, "STREAM_SECONDS", 0.6)
    monkeypatch.setattr(web_app, "KEEP_ALIVE_SECONDS", 0.25)
    app = make_app(Rules(players=2), 7, humans=2)
    table: Table = app.state.table
    with _served(app) as base, httpx.Client(base_url=base, timeout=10) as client:
        started = time.monotonic()
        with client.stream(
            "GET", f"/t/{table.token_of(0)}/events", params={"since": table.version}
        ) as stream:
            lines = [line for line in stream.iter_lines() if line]
        lasted = time.monotonic() - started
    assert lines == ["retry: 1000", ": still here", ": still here", ": still here"]
    assert 0.5 < lasted < 5


def test_serve_prints_a_link_per_person_and_one_for_spectators(capsys: pytest.CaptureFixture[str]) -> None:
    app = make_app(ClassicRules(players=4), seed=3, humans=2)
    lines = links(app.state.table, "http://127.0.0.1:8000")
    assert [line.split(": ")[0] for line in lines] == ["player 1 (seat 0)", "player 2 (seat 1)", "spectators"]
    assert all(re.fullmatch(r"[^:]+: http://127\.0\.0\.1:8000/t/[A-Za-z0-9_-]{24}", line) for line in lines)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def _served(app: Starlette) -> Iterator[str]:
    """The app served by Uvicorn on 127.0.0.1 in a thread."""
    port = _free_port()
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.02)
    assert server.started
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(5)


def _caught_up(page_: Page, table: Table) -> None:
    """The page shows the table's current version, redrawn by the event stream (no reload)."""
    expect(page_.locator("#live")).to_have_attribute("data-version", str(table.version), timeout=10_000)


@pytest.mark.parametrize(
    ("rules", "seed", "shot"),
    [
        (Rules(players=3, decks_per_player=1), 2, "web-two-seats"),
        (ClassicRules(players=4), 3, "web-two-seats-classic"),
    ],
    ids=["railroad-3p", "classic-4p"],
)
def test_two_people_and_bots_play_a_round_in_chromium(
    rules: AnyRules, seed: int, shot: str, artefacts: Path
) -> None:
    """Two browser contexts (two people, each on their own link) play a round against bots; each page
    follows the other's moves without reloading, and an illegal click names its clause."""
    app = make_app(rules, seed=seed, humans=2)
    table: Table = app.state.table
    session = table.session
    bot = GreedyBot()
    with _served(app) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        pages = []
        for seat in (0, 1):
            context = browser.new_context(viewport={"width": 900, "height": 900})
            pages.append(context.new_page())
            pages[seat].goto(f"{base}/t/{table.token_of(seat)}")
        loads: list[Page] = []

        def loaded(page: Page) -> None:  # (a function of ours: Playwright marks its handlers)
            loads.append(page)

        for seat in (0, 1):
            pages[seat].on("load", loaded)
        # An illegal choice: a card of the hand clicked in the draw phase (a discard) names its clause.
        mover = session.state.to_move
        pages[mover].locator("#hand button").first.click()
        clause = "(R-CL-TRN-1)" if isinstance(rules, ClassicRules) else "(R-TRN-2)"
        expect(pages[mover].locator("#problem")).to_contain_text(clause)
        clicks, asked = 0, False
        while not session.state.history:
            seat = session.state.to_move
            assert seat in (0, 1)
            legal = list(session.legal(seat))
            move = str(bot.choose(session.seen(seat), legal))
            if not asked and "ask-out" in map(str, legal):  # classic: "may I go out?", once
                move, asked = "ask-out", True
            _caught_up(pages[seat], table)
            _caught_up(pages[1 - seat], table)  # (the other page too: it may still show its own last turn)
            listed = pages[seat].locator("#moves button").evaluate_all("bs => bs.map(b => b.dataset.move)")
            assert listed == [str(m) for m in legal]
            assert pages[1 - seat].locator("#moves button").count() == 0
            version = table.version
            pages[seat].locator(f"#moves button[data-move='{move}']").click()
            for _ in range(500):
                if table.version > version:
                    break
                time.sleep(0.01)
            assert table.version > version, f"{move} was not played"
            clicks += 1
            if clicks == 12:
                _side_by_side(browser, base, table, artefacts / f"{shot}.png")
        for seat in (0, 1):
            _caught_up(pages[seat], table)
            assert "Round 1 is over" in pages[seat].locator("#log").inner_text()
            assert pages[seat].locator("#problem").inner_text() == ""
            # The log follows its newest line.
            below = pages[seat].locator("#log").evaluate("l => l.scrollHeight - l.scrollTop - l.clientHeight")
            assert below < 2
        # The other seat's page was redrawn in place, never loaded again; a reopened link resumes its seat.
        assert loads == []
        pages[1].reload()
        expect(pages[1].locator("#who")).to_contain_text("player 2 (seat 1)")
        hand = " ".join(map(str, session.seen(1).hand))
        assert pages[1].locator(f"#table g.seat[data-hand='{hand}']").count() == 1
        browser.close()
    assert clicks > 10


def _side_by_side(browser: Browser, base: str, table: Table, path: Path) -> None:
    """A screenshot of both people's pages side by side (two frames in one page)."""
    page_ = browser.new_page(viewport={"width": 1840, "height": 1000})
    style = "width:900px;height:980px;border:1px solid #888"
    frames = "".join(f"<iframe src='{base}/t/{table.token_of(s)}' style='{style}'></iframe>" for s in (0, 1))
    page_.set_content(f"<body style='margin:0;display:flex;gap:8px'>{frames}</body>")
    for frame in page_.frames[1:]:
        frame.wait_for_selector("#live")
    page_.screenshot(path=str(path))
    page_.close()


def _recorder(requests: list[str], base: str) -> Callable[[Request], None]:
    """A handler that notes each request a page makes, as ``METHOD /path``."""

    def record(request: Request) -> None:
        requests.append(f"{request.method} {request.url.removeprefix(base)}")

    return record


def test_a_move_costs_each_page_one_redraw() -> None:
    """Per move, the mover's page posts it and nothing else (the answer is its live part; not the whole
    page a post without the script is redirected to, nor the part again when the stream tells of its own
    move); the other page fetches the part once; each page keeps one event stream open across the moves;
    and "New game" asks first while a game is in play."""
    app = make_app(Rules(players=2), seed=4, humans=2)
    table: Table = app.state.table
    bot = GreedyBot()
    with _served(app) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        pages: list[Page] = []
        asked: list[list[str]] = [[], []]
        for seat in (0, 1):
            pages.append(browser.new_page())
            with pages[seat].expect_response(lambda r: "/events" in r.url):
                pages[seat].goto(f"{base}/t/{table.token_of(seat)}")
            pages[seat].on("request", _recorder(asked[seat], base))
        for _ in range(6):
            session = table.session
            seat = session.state.to_move
            move = str(bot.choose(session.seen(seat), session.legal(seat)))
            for n in (0, 1):
                asked[n].clear()
            pages[seat].locator(f"#moves button[data-move='{move}']").click()
            for n in (0, 1):
                _caught_up(pages[n], table)
            pages[seat].wait_for_timeout(300)  # (time for a needless fetch to show)
            token = table.token_of(seat)
            assert asked[seat] == [f"POST /t/{token}/move"]
            assert asked[1 - seat] == [f"GET /t/{table.token_of(1 - seat)}/part"]
        # Dismissed, the question leaves the game as it was; accepted, a new game is dealt.
        version = table.version
        pages[0].once("dialog", lambda dialog: dialog.dismiss())
        pages[0].locator("#new-game").click()
        pages[0].wait_for_timeout(300)
        assert table.version == version
        pages[0].once("dialog", lambda dialog: dialog.accept())
        pages[0].locator("#new-game").click()
        _caught_up(pages[1], table)
        assert table.version == version + 1
        browser.close()


def test_the_page_fits_a_phone(artefacts: Path) -> None:
    """At 420 px the page does not scroll sideways, the hand wraps, and the log shows its newest line."""
    app = make_app(Rules(players=2), seed=7, humans=1)
    table: Table = app.state.table
    bot = GreedyBot()
    for _ in range(60):  # a hand of many kinds, and a long log
        session = table.session
        if session.over or session.state.history:
            break
        table.play(str(bot.choose(session.seen(), session.legal())), 0)
    with _served(app) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page_ = browser.new_page(viewport={"width": 420, "height": 900})
        fetched: list[str] = []
        page_.on("request", lambda r: fetched.append(r.url))
        with page_.expect_response(lambda r: "/events" in r.url):
            page_.goto(f"{base}/t/{table.token_of(0)}")
        # Nothing moved since the page was served: the stream tells of nothing, and the page is not redrawn
        # (before, the stream's first event redrew it at once, and a redraw could detach the hand measured
        # below).
        page_.wait_for_timeout(500)
        assert not [url for url in fetched if url.endswith("/part")]
        width = page_.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 420
        boxes = page_.locator("#hand button").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().top)")
        assert len(set(boxes)) > 1 or len(boxes) < 5
        for box in page_.locator("#side button, #table svg").evaluate_all(
            "es => es.map(e => e.getBoundingClientRect().right)"
        ):
            assert box <= 420
        log = page_.locator("#log")
        assert log.evaluate("l => l.scrollHeight - l.scrollTop - l.clientHeight") < 2
        page_.screenshot(path=str(artefacts / "web-phone-420.png"), full_page=True)
        browser.close()
