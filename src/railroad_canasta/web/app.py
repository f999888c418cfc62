"""The Starlette app of the web table: ``GET /`` the page, ``POST /move`` a move, ``POST /new`` a new game.

Plain HTML forms, no script: every choice is a button that posts a move in notation. The page shows
the table (SVG of the person's view), the legal moves, the hand as buttons (a click discards the card),
a field to type a move, why the last choice was illegal (its clause and reason, in ``#problem``), the
bots' moves and the score table of each round.
"""

from __future__ import annotations

from html import escape
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from railroad_canasta.core.cards import Kind
from railroad_canasta.core.errors import excerpt
from railroad_canasta.game import AnyRules, new_seed
from railroad_canasta.render import svg
from railroad_canasta.session import GameSession
from railroad_canasta.variants.railroad.rules import Rules
from railroad_canasta.web.guard import LOOPBACK_HOSTS, Guard

__all__ = ["Table", "make_app", "page"]

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 0; background: #f8fafc; color: #0f172a; }
header { background: #14532d; color: white; padding: 8px 16px; }
main { display: flex; flex-wrap: wrap; gap: 16px; padding: 12px; }
#table { flex: 3 1 600px; overflow-x: auto; }
#side { flex: 1 1 280px; }
#problem { color: #b91c1c; font-weight: bold; min-height: 1.2em; }
button.move { display: block; width: 100%; text-align: left; margin: 2px 0; font-family: monospace; }
button.card { font-family: monospace; font-weight: bold; min-width: 2.6em; margin: 1px; }
button.wild { background: #facc15; } button.red3 { background: #dc2626; color: white; }
button.black3 { background: #111827; color: white; }
#log { font-family: monospace; font-size: 12px; max-height: 16em; overflow-y: auto; white-space: pre; }
"""


class Table:
    """The one game this server holds, and the messages of the last request."""

    def __init__(self, rules: AnyRules, seed: int | None, bot: str) -> None:
        # No seed given: each game is dealt from a fresh secret seed, shown only once the game is over.
        self.rules, self.seed, self.bot, self.secret = (
            rules,
            new_seed() if seed is None else seed,
            bot,
            seed is None,
        )
        self.problem = ""
        self.log: list[str] = []
        self.session = self.new(self.seed)

    def next_seed(self) -> int:
        """The seed of the next game: a fresh secret one, or the one after a seed given for a demo."""
        return new_seed() if self.secret else self.seed + 1

    def new(self, seed: int) -> GameSession:
        """Deal a new game from ``seed``; the bots move until it is the person's turn."""
        self.seed = seed
        self.session = GameSession(self.rules, seed, human=0, bot=self.bot)
        self.problem = ""
        self.log = ["New game.", *self.session.run_bots()]
        return self.session

    def play(self, move: str) -> None:
        """Play the person's move, then the bots'; an illegal move leaves its clause in :attr:`problem`."""
        before = len(self.session.state.history)
        problem = self.session.play(move)
        if problem is not None:
            self.problem = f"{excerpt(move)}: illegal ({problem.clause}) {problem.reason}"
            return
        self.problem = ""
        self.log.append(f"you: {move}")
        self.log += self.session.round_lines(before)
        self.log += self.session.run_bots()


def _card_class(kind: Kind) -> str:
    if kind in (Kind.JOKER, Kind.TWO):
        return "card wild"
    return {Kind.RED_THREE: "card red3", Kind.BLACK_THREE: "card black3"}.get(kind, "card")


def _button(move: str, label: str, cls: str) -> str:
    return (
        f"<button class='{cls}' name='move' value='{escape(move, quote=True)}' "
        f"data-move='{escape(move, quote=True)}'>{escape(label)}</button>"
    )


def page(table: Table) -> str:
    """The HTML page of the table as the person sees it."""
    session = table.session
    seen = session.seen()
    legal = [str(m) for m in session.legal()]
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
    status = (
        f"The game is over (seed {table.seed})." if session.over else "Your move." if session.waiting else ""
    )
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>railroad-canasta: web table</title><style>{_STYLE}</style></head>
<body><header><b>railroad-canasta</b> web table · {escape(seen.rules.variant)} · {escape(status)}</header>
<main>
<section id="table">{svg(seen, session.names)}</section>
<section id="side">
<p id="problem" role="alert">{escape(table.problem)}</p>
<form method="post" action="/move" id="hand"><p>Your hand (click a card to discard it):</p>{hand}</form>
<form method="post" action="/move" id="moves"><p>Legal moves ({len(legal)}):</p>{moves}</form>
<form method="post" action="/move" id="typed"><input name="move" placeholder="type a move, e.g. meld 9 9 JK"
 list="legal" autocomplete="off"><datalist id="legal">{options}</datalist>
<button>Play</button></form>
<form method="post" action="/new"><button id="new-game">New game</button></form>
<h3>Table talk</h3><div id="log">{escape(chr(10).join(table.log[-200:]))}</div>
</section></main></body></html>"""


def make_app(rules: AnyRules | None = None, seed: int | None = None, bot: str = "greedy") -> Starlette:
    """The web table's app: one game (seat 0 against bots; classic partners are bots), dealt from ``seed``.

    Without a seed each game is dealt from a fresh secret one. Requests pass :class:`~.guard.Guard` first.
    """
    table = Table(rules if rules is not None else Rules(players=2), seed, bot)

    async def home(request: Request) -> Response:
        return HTMLResponse(page(table))

    async def move(request: Request) -> Response:
        # An HTML form's urlencoded body, read without the python-multipart package.
        form = parse_qs((await request.body()).decode("utf-8", "replace"))
        table.play(form.get("move", [""])[0])
        return RedirectResponse("/", status_code=303)

    async def new(request: Request) -> Response:
        table.new(table.next_seed())
        return RedirectResponse("/", status_code=303)

    app = Starlette(
        routes=[
            Route("/", home),
            Route("/move", move, methods=["POST"]),
            Route("/new", new, methods=["POST"]),
        ],
        middleware=[Middleware(Guard, hosts=(*LOOPBACK_HOSTS, "testserver"))],
    )
    app.state.table = table
    return app
