"""The Starlette app of the web table: one game, a link per person's seat and one for spectators.

Each link carries an unguessable token (:func:`secrets.token_urlsafe`): ``GET /t/TOKEN`` is the page of
that seat, ``POST /t/TOKEN/move`` plays for that seat only, ``POST /t/TOKEN/new`` deals a new game,
``GET /t/TOKEN/events?since=VERSION`` is a stream of server-sent events (one each time anyone moves after
the version the page shows; at once without ``since``) and ``GET
/t/TOKEN/record`` the game record once the game is over (the record holds the seed, so it waits for the
end). The spectators' token shows only what every player sees: no hand at all, and it moves nothing. A
request without a known token is refused (403 or 404) and shows nothing of the game.

The page works as plain HTML forms (a post is answered with a redirect to the page); a small script posts
them in the background with ``X-Live-Part: 1``, which answers with the page's live part, and redraws that
part (``GET /t/TOKEN/part``) when the event stream tells of a version newer than the page shows. So every
page follows the game without reloading, and a reopened link carries on from the seat's current view.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Sequence
from html import escape
from pathlib import Path
from urllib.parse import parse_qs

import attrs
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from railroad_canasta.core.cards import Kind
from railroad_canasta.game import AnyRules, new_seed
from railroad_canasta.render import svg
from railroad_canasta.render.svg import table_svg
from railroad_canasta.render.table import Picture, picture
from railroad_canasta.session import AnyRecord, GameSession, record_json
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.web.guard import LOOPBACK_HOSTS, Guard

#: How long one event stream lasts before the browser is made to reconnect, and the longest silence in it.
STREAM_SECONDS = 60.0
KEEP_ALIVE_SECONDS = 15.0

#: The most characters of a refused move echoed on the page.
_ECHO = 40

__all__ = ["Table", "links", "make_app", "page", "public_picture"]

_STYLE = """
* { box-sizing: border-box; }
body { font-family: system-ui, sans-serif; margin: 0; background: #f8fafc; color: #0f172a; }
header { background: #14532d; color: white; padding: 8px 16px; overflow-wrap: anywhere; }
main { display: flex; flex-wrap: wrap; gap: 12px; padding: 8px; }
#table { flex: 3 1 560px; min-width: 0; }
#table svg { width: 100%; height: auto; display: block; }
#side { flex: 1 1 280px; min-width: 0; }
#problem { color: #b91c1c; font-weight: bold; min-height: 1.2em; overflow-wrap: anywhere; }
button.move { display: block; width: 100%; text-align: left; margin: 2px 0; font-family: monospace;
  overflow-wrap: anywhere; }
#hand { display: flex; flex-wrap: wrap; gap: 2px; }
#hand p { flex-basis: 100%; margin: 4px 0; }
button.card { font-family: monospace; font-weight: bold; min-width: 2.6em; }
button.wild { background: #facc15; } button.red3 { background: #dc2626; color: white; }
button.black3 { background: #111827; color: white; }
#typed { display: flex; gap: 4px; } #typed input { flex: 1 1 auto; min-width: 0; }
#log { font-family: monospace; font-size: 12px; max-height: 16em; overflow-y: auto; white-space: pre-wrap;
  overflow-wrap: anywhere; background: white; border: 1px solid #cbd5e1; padding: 4px; }
"""

# Posts the forms in the background, asking for the live part in answer (header ``X-Live-Part``; without
# the script a form's answer is a redirect to the whole page), and redraws the live part whenever the event
# stream tells of a version newer than the page shows: not while the page's own post is on its way, whose
# answer shows it. The log is kept scrolled to its newest line.
_SCRIPT = """
const base = location.pathname.replace(/\\/+$/, "");
let posting = 0, heard = 0;
function follow() { const log = document.getElementById("log"); if (log) log.scrollTop = log.scrollHeight; }
function shown() { return Number(document.getElementById("live").dataset.version); }
function place(html) {
  const box = document.createElement("div");
  box.innerHTML = html;
  const fresh = box.firstElementChild;
  if (!fresh || Number(fresh.dataset.version) < shown()) return;
  document.getElementById("live").replaceWith(fresh);
  follow();
}
async function redraw() {
  const answer = await fetch(base + "/part", {cache: "no-store"});
  if (answer.ok) place(await answer.text());
}
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (form.dataset.confirm && !confirm(form.dataset.confirm)) { event.preventDefault(); return; }
  if (!form.hasAttribute("data-live")) return;
  event.preventDefault();
  const body = new URLSearchParams(new FormData(form, event.submitter));
  posting += 1;
  try {
    const answer = await fetch(form.action, {method: "POST", body: body, headers: {"X-Live-Part": "1"}});
    if (answer.ok) place(await answer.text());
  } finally { posting -= 1; }
  if (heard > shown()) await redraw();
});
new EventSource(base + "/events?since=" + shown()).onmessage = (event) => {
  heard = Math.max(heard, Number(event.data));
  if (!posting && heard > shown()) redraw();
};
follow();
"""


def _since(request: Request, version: int) -> int:
    """The version the page already shows: the stream's last event id when the browser reconnects, else
    the page's ``?since=``. Without one (or with one the table has not reached, or not a number), -1: the
    first event then comes at once."""
    given = request.headers.get("last-event-id") or request.query_params.get("since", "")
    try:
        since = int(given)
    except ValueError:
        return -1
    return since if 0 <= since <= version else -1


class Table:
    """The one game this server holds, its links (a token per person's seat, one for spectators), the
    public log, each seat's last problem, and a version counted up whenever anyone moves."""

    def __init__(
        self,
        rules: AnyRules,
        seed: int | None,
        bot: str,
        humans: int = 1,
        *,
        save_to: Path | None = None,
        resume: AnyRecord | None = None,
    ) -> None:
        if resume is not None:
            rules, seed = resume.rules, resume.seed
        if not 1 <= humans <= rules.players:
            raise ValueError(f"humans must be from 1 to {rules.players}, not {humans}")
        # No seed given: each game is dealt from a fresh secret seed, shown only once the game is over.
        self.rules, self.bot, self.secret = rules, bot, seed is None
        self.seed = new_seed() if seed is None else seed
        self.humans = tuple(range(humans))
        #: The seat of each token; the spectators' token has ``None``.
        self.tokens: dict[str, int | None] = {secrets.token_urlsafe(18): seat for seat in self.humans}
        self.spectators = secrets.token_urlsafe(18)
        self.tokens[self.spectators] = None
        self.problems: dict[int, str] = {}
        self.log: list[str] = []
        self.version = 0
        self._moved = asyncio.Event()
        #: Where the game is saved as a JSON record each time it changes (``serve --save``).
        self.save_to = save_to
        if resume is None:
            self.session = self.new(self.seed)
        else:
            # A saved game played on: the same deal and moves, new links (the old ones are not kept).
            self.secret = True
            self.session = GameSession(rules, self.seed, humans=self.humans, bot=bot, moves=resume.moves)
            self.log = [f"Resumed after {len(resume.moves)} moves.", *self.session.run_bots()]
            self._changed()

    def next_seed(self) -> int:
        """The seed of the next game: a fresh secret one, or the one after a seed given for a demo."""
        return new_seed() if self.secret else self.seed + 1

    def token_of(self, seat: int) -> str:
        """The token of the person at ``seat``."""
        return next(token for token, s in self.tokens.items() if s == seat)

    def new(self, seed: int) -> GameSession:
        """Deal a new game from ``seed``; the bots move until it is a person's turn."""
        self.seed = seed
        self.session = GameSession(self.rules, seed, humans=self.humans, bot=self.bot)
        self.problems = {}
        self.log = ["New game.", *self.session.run_bots()]
        self._changed()
        return self.session

    def play(self, move: str, seat: int = 0) -> None:
        """Play the move of the person at ``seat``, then the bots'; an illegal move leaves its clause in
        that seat's problem (the others see nothing of it)."""
        session = self.session
        before = len(session.state.history)
        problem = session.play(move, seat)
        if problem is not None:
            # (a long move is echoed cut, as an excerpt: it could be anything a request carried)
            shown = move if len(move) <= _ECHO else f"{move[:_ECHO]}... ({len(move)} characters)"
            self.problems[seat] = f"{shown}: illegal ({problem.clause}) {problem.reason}"
            return
        self.problems.pop(seat, None)
        self.log.append(f"{session.names[seat]}: {move}")
        self.log += session.round_lines(before)
        self.log += session.run_bots()
        self._changed()

    def _changed(self) -> None:
        if self.save_to is not None:
            try:
                self.session.save(self.save_to)
            except OSError as exc:
                # (the game goes on; every page's log says the record is not kept)
                self.log.append(f"The game could not be saved: {exc.strerror or exc}.")
        self.version += 1
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()

    async def moved(self, version: int, timeout: float) -> None:
        """Wait until the version passes ``version`` (or ``timeout`` seconds)."""
        if self.version > version:
            return
        try:
            await asyncio.wait_for(self._moved.wait(), timeout)
        except TimeoutError:
            return


def public_picture(session: GameSession) -> Picture:
    """The table as every player sees it: a player's picture with no hand or kitty shown face up."""
    seen = picture(session.seen(), session.names)
    hidden = tuple(
        attrs.evolve(side, seats=tuple(attrs.evolve(s, hand=None, kitty=None) for s in side.seats))
        for side in seen.sides
    )
    return attrs.evolve(seen, sides=hidden, viewer=None)


def _card_class(kind: Kind) -> str:
    if kind in (Kind.JOKER, Kind.TWO):
        return "card wild"
    return {Kind.RED_THREE: "card red3", Kind.BLACK_THREE: "card black3"}.get(kind, "card")


def _button(move: str, label: str, cls: str) -> str:
    return (
        f"<button class='{cls}' name='move' value='{escape(move, quote=True)}' "
        f"data-move='{escape(move, quote=True)}'>{escape(label)}</button>"
    )


def _status(table: Table, seat: int | None) -> str:
    session = table.session
    if session.over:
        return f"The game is over (seed {table.seed})."
    mover = session.names[session.state.to_move]
    return "Your move." if seat is not None and session.waiting_for(seat) else f"{mover} to move."


def _controls(table: Table, seat: int, action: str) -> str:
    """The seat's hand (a click discards), its legal moves, the typed move and the new game button."""
    session = table.session
    seen = session.seen(seat)
    legal = [str(m) for m in session.legal(seat)]
    hand = "".join(
        _button(
            f"discard {Kind(k).notation}",
            f"{Kind(k).notation}" + (f" x{n}" if n > 1 else ""),
            _card_class(Kind(k)),
        )
        for k, n in enumerate(seen.hand)
        if n
    )
    moves = "".join(_button(m, m, "move") for m in legal) or "<p>Waiting.</p>"
    options = "".join(f"<option value='{escape(m, quote=True)}'>" for m in legal)
    post = f"method='post' action='{action}/move' data-live"
    # (a game in play is everyone's: the page asks before dealing a new one over it)
    confirm = "" if session.over else " data-confirm='Deal a new game for everyone at the table?'"
    return f"""<p id="problem" role="alert">{escape(table.problems.get(seat, ""))}</p>
<form {post} id="hand"><p>Your hand (click a card to discard it):</p>{hand}</form>
<form {post} id="moves"><p>Legal moves ({len(legal)}):</p>{moves}</form>
<form {post} id="typed"><input name="move" placeholder="type a move, e.g. meld 9 9 JK"
 list="legal" autocomplete="off" aria-label="move"><datalist id="legal">{options}</datalist>
<button>Play</button></form>
<form method="post" action="{action}/new" data-live{confirm}><button id="new-game">New game</button></form>
<p><a id="record" href="{action}/record">Game record</a> (once the game is over)</p>"""


def live(table: Table, seat: int | None, action: str) -> str:
    """The part of the page that follows the game: the table, the seat's controls and the log."""
    session = table.session
    drawn = table_svg(public_picture(session)) if seat is None else svg(session.seen(seat), session.names)
    who = "spectator" if seat is None else f"{session.names[seat]} (seat {seat})"
    controls = "" if seat is None else _controls(table, seat, action)
    return f"""<div id="live" data-version="{table.version}">
<header><b>railroad-canasta</b> · {escape(table.rules.variant)} · <span id="who">{escape(who)}</span>
· <span id="status">{escape(_status(table, seat))}</span></header>
<main><section id="table">{drawn}</section>
<section id="side">{controls}
<h3>Table talk</h3><div id="log" aria-live="polite">{escape(chr(10).join(table.log[-200:]))}</div>
</section></main></div>"""


def page(table: Table, seat: int | None = 0, action: str = "") -> str:
    """The HTML page of the table as the person at ``seat`` sees it (``None``: a spectator)."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>railroad-canasta: web table</title><link rel="icon" href="data:,"><style>{_STYLE}</style></head>
<body>{live(table, seat, action)}<script>{_SCRIPT}</script></body></html>"""


def _live_part(table: Table, found: tuple[str, int | None]) -> Response:
    """The live part of the page of a link (token, seat), never cached."""
    token, seat = found
    return HTMLResponse(live(table, seat, f"/t/{token}"), headers={"Cache-Control": "no-store"})


def _answer(request: Request, table: Table, found: tuple[str, int | None]) -> Response:
    """The answer to a form posted by a seat: the page's live part when its script asks for it (header
    ``X-Live-Part``), else a redirect to the seat's page (a browser without the script)."""
    if request.headers.get("x-live-part") == "1":
        return _live_part(table, found)
    return RedirectResponse(f"/t/{found[0]}", status_code=303)


def _refused() -> Response:
    return PlainTextResponse(
        "This table is private: open one of the links that railroad-canasta serve printed.\n", 403
    )


def make_app(
    rules: AnyRules | None = None,
    seed: int | None = None,
    bot: str = "greedy",
    humans: int = 1,
    *,
    save_to: Path | None = None,
    resume: AnyRecord | None = None,
) -> Starlette:
    """The web table's app: one game dealt from ``seed``, people at seats 0 to ``humans`` - 1 and bots
    at the others (classic: the seats alternate between the sides, so two people are opponents).

    ``save_to``: the game is written there as a JSON record each time it changes. ``resume``: a saved
    game's record, played on from its last move (its rules and seed hold; the links are new).

    Without a seed each game is dealt from a fresh secret one. Requests pass :class:`~.guard.Guard` first.
    """
    table = Table(
        rules if rules is not None else Rules(players=2), seed, bot, humans, save_to=save_to, resume=resume
    )

    def seat_of(request: Request) -> tuple[str, int | None] | None:
        token = str(request.path_params["token"])
        return (token, table.tokens[token]) if token in table.tokens else None

    async def home(request: Request) -> Response:
        return _refused()

    async def seat_page(request: Request) -> Response:
        found = seat_of(request)
        if found is None:
            return _refused()
        return HTMLResponse(page(table, found[1], f"/t/{found[0]}"))

    async def part(request: Request) -> Response:
        found = seat_of(request)
        if found is None:
            return _refused()
        return _live_part(table, found)

    async def move(request: Request) -> Response:
        found = seat_of(request)
        if found is None or found[1] is None:
            return _refused()
        # An HTML form's urlencoded body, read without the python-multipart package.
        form = parse_qs((await request.body()).decode("utf-8", "replace"))
        table.play(form.get("move", [""])[0], found[1])
        return _answer(request, table, found)

    async def new(request: Request) -> Response:
        found = seat_of(request)
        if found is None or found[1] is None:
            return _refused()
        table.new(table.next_seed())
        return _answer(request, table, found)

    async def record(request: Request) -> Response:
        if seat_of(request) is None:
            return _refused()
        if not table.session.over:
            return PlainTextResponse("The game record is given once the game is over.\n", 409)
        return Response(
            record_json(table.session.record()) + "\n",
            media_type="application/json",
            headers={"Content-Disposition": "attachment; filename=railroad-canasta-game.json"},
        )

    async def events(request: Request) -> Response:
        if seat_of(request) is None:
            return _refused()

        async def stream() -> AsyncIterator[str]:
            # Each event says the table's version; a comment line every 15 s keeps the stream open. The
            # stream ends after a minute however many moves it told of (the browser reconnects, its last
            # event's id saying where it was), so a server never waits on it long.
            seen = _since(request, table.version)
            clock = asyncio.get_running_loop().time
            end = clock() + STREAM_SECONDS
            yield "retry: 1000\n\n"
            while (left := end - clock()) > 0:
                await table.moved(seen, min(KEEP_ALIVE_SECONDS, left))
                if table.version > seen:
                    seen = table.version
                    yield f"id: {seen}\ndata: {seen}\n\n"
                else:
                    yield ": still here\n\n"
                if await request.is_disconnected():
                    return

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"}
        )

    app = Starlette(
        routes=[
            Route("/", home),
            Route("/t/{token}", seat_page),
            Route("/t/{token}/part", part),
            Route("/t/{token}/events", events),
            Route("/t/{token}/record", record),
            Route("/t/{token}/move", move, methods=["POST"]),
            Route("/t/{token}/new", new, methods=["POST"]),
        ],
        middleware=[Middleware(Guard, hosts=(*LOOPBACK_HOSTS, "testserver"))],
    )
    app.state.table = table
    return app


def links(table: Table, base: str) -> Sequence[str]:
    """One line per person's seat with its link, then the spectators' link."""
    lines = [f"{table.session.names[s]} (seat {s}): {base}/t/{table.token_of(s)}" for s in table.humans]
    return [*lines, f"spectators: {base}/t/{table.spectators}"]
