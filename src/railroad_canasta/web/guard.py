"""What the web table asks of every request before the app sees it: a pure ASGI middleware.

The table listens on 127.0.0.1 only, but a page on another site can still reach it from the person's
browser: by DNS rebinding (its own name made to point at 127.0.0.1, so the request carries that name in
``Host``) or by a form posted across sites (its ``Origin`` is the other site). :class:`Guard` answers

* 400 to a request whose ``Host`` names no host of the table (by default the loopback names);
* 403 to a ``POST`` whose ``Origin`` (or, lacking one, ``Sec-Fetch-Site``) is not the table itself;
* 413 to a body longer than :data:`MAX_BODY` bytes (a form with one move is a few dozen).

It reads the body itself, at most the limit, and hands the app the same bytes: the app's routes need not
know. The checks are plain functions, tested alone.

>>> host_allowed(b"127.0.0.1:8000", LOOPBACK_HOSTS), host_allowed(b"evil.example:8000", LOOPBACK_HOSTS)
(True, False)
>>> here = b"127.0.0.1:8000"
>>> origin_allowed(b"http://127.0.0.1:8000", here), origin_allowed(b"https://evil.example", here)
(True, False)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, MutableMapping
from typing import Any

__all__ = ["LOOPBACK_HOSTS", "MAX_BODY", "Guard", "host_allowed", "origin_allowed"]

#: The host names the table answers to by default: the loopback address's (the table listens on no other).
LOOPBACK_HOSTS: tuple[str, ...] = ("127.0.0.1", "localhost", "[::1]")
#: The largest request body, in bytes (a move typed in the form is far shorter).
MAX_BODY = 4096

_Scope = MutableMapping[str, Any]
_Message = MutableMapping[str, Any]
_Receive = Callable[[], Awaitable[_Message]]
_Send = Callable[[_Message], Awaitable[None]]
_App = Callable[[_Scope, _Receive, _Send], Awaitable[None]]


def host_allowed(host: bytes | None, hosts: Collection[str]) -> bool:
    """Whether a ``Host`` header names one of ``hosts`` (any port): a missing or foreign name is not."""
    if host is None:
        return False
    text = host.decode("latin-1").strip().lower()
    name = text if text.endswith("]") else text.rpartition(":")[0] if ":" in text else text
    return name in hosts


def origin_allowed(origin: bytes, host: bytes) -> bool:
    """Whether an ``Origin`` header is the table's own (``http://`` and the request's ``Host``)."""
    return origin.decode("latin-1").strip().lower() == "http://" + host.decode("latin-1").strip().lower()


class Guard:
    """The middleware: ``Guard(app, hosts=LOOPBACK_HOSTS, max_body=MAX_BODY)`` in front of ``app``."""

    def __init__(
        self, app: _App, *, hosts: Collection[str] = LOOPBACK_HOSTS, max_body: int = MAX_BODY
    ) -> None:
        self.app, self.hosts, self.max_body = app, frozenset(h.lower() for h in hosts), max_body

    async def __call__(self, scope: _Scope, receive: _Receive, send: _Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, bytes] = {}
        for key, value in scope.get("headers", ()):
            headers.setdefault(bytes(key).lower(), bytes(value))
        host = headers.get(b"host")
        if not host_allowed(host, self.hosts):
            await _answer(send, 400, "This table answers only to its own address (127.0.0.1).")
            return
        assert host is not None
        if scope.get("method", "GET") not in ("GET", "HEAD"):
            origin = headers.get(b"origin")
            site = headers.get(b"sec-fetch-site", b"same-origin").lower()
            foreign = (
                not origin_allowed(origin, host)
                if origin is not None
                else site not in (b"same-origin", b"none")
            )
            if foreign:
                await _answer(send, 403, "Moves are taken only from the table's own page.")
                return
        length = headers.get(b"content-length")
        if length is not None and (not length.strip().isdigit() or int(length) > self.max_body):
            await _answer(send, 413, f"A request body holds at most {self.max_body} bytes.")
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay(b"", message, receive), send)
                return
            body += message.get("body", b"")
            more = bool(message.get("more_body", False))
            if len(body) > self.max_body:
                await _answer(send, 413, f"A request body holds at most {self.max_body} bytes.")
                return
        await self.app(scope, _replay(bytes(body), None, receive), send)


def _replay(body: bytes, first: _Message | None, receive: _Receive) -> _Receive:
    """A ``receive`` that gives ``body`` (or the message ``first`` read instead of a body) once, then the
    server's own messages: a stream that waits on a disconnect is told of the real one, not a false one."""
    sent = False

    async def replay() -> _Message:
        nonlocal sent
        if not sent:
            sent = True
            return first if first is not None else {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _answer(send: _Send, status: int, text: str) -> None:
    """Send a plain-text answer ``text`` with ``status``."""
    data = (text + "\n").encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(data)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})
