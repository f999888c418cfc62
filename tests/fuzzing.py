"""A fuzzer of the public API: every function of ``railroad_canasta.__all__`` called with arguments of
the wrong kinds, and what came out of it.

:func:`fuzz_api` draws ``calls`` calls from a seeded :class:`random.Random`: a public function (or a
public class's ``from_text``) with 0 to 3 arguments from a pool of wrong and right things (``None``,
ints of every size, strings, lists, either variant's rules, states, views and moves, states carrying the
other game's rules, tampered JSON). An exception is *documented* when the library raised it on purpose
(its innermost frame is a ``raise`` statement of the package) as a ``TypeError`` or ``ValueError`` (the
library's errors are ``ValueError``\\ s), or when Python refused the call's arguments before it ran (a
``TypeError`` from the call itself). Anything else (``AttributeError``, ``KeyError``, a ``TypeError`` from
``len(None)`` deep inside...) is an *escape*. The CI test runs a few thousand calls; ``tools/fuzz_api.py``
runs 10⁵ and more and prints the report. (A helper of the tests, not of the package: it drives the
command line and the web table too.)
"""

from __future__ import annotations

import copy
import inspect
import json
import linecache
import random
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import attrs

import railroad_canasta

__all__ = ["FuzzReport", "argument_pool", "classify", "fuzz_api", "public_callables"]

_PACKAGE = str(Path(railroad_canasta.__file__).resolve().parent)


@attrs.define
class FuzzReport:
    """The calls made, the exceptions seen by type and message's start, and the escapes."""

    calls: int = 0
    returned: int = 0
    documented: Counter[str] = attrs.field(factory=Counter)
    escapes: list[str] = attrs.field(factory=list)

    def text(self) -> str:
        """The report as lines: counts, then each distinct documented exception, then the escapes."""
        lines = [
            f"{self.calls} calls: {self.returned} returned, {sum(self.documented.values())} documented "
            f"errors ({len(self.documented)} distinct), {len(self.escapes)} escapes"
        ]
        lines += [f"  {n:7d}  {kind}" for kind, n in self.documented.most_common()]
        lines += [f"  ESCAPE {e}" for e in self.escapes]
        return "\n".join(lines)


def public_callables() -> dict[str, Callable[..., object]]:
    """Every public function of ``railroad_canasta`` (its ``__all__``), and ``from_text`` of its classes."""
    import railroad_canasta as rc

    found: dict[str, Callable[..., object]] = {}
    for name in rc.__all__:
        value = getattr(rc, name)
        if inspect.isfunction(value):
            found[name] = value
        elif inspect.isclass(value) and callable(getattr(value, "from_text", None)):
            found[f"{name}.from_text"] = getattr(value, "from_text")  # noqa: B009
    return found


def argument_pool(rng: random.Random) -> list[object]:
    """Things to pass: wrong kinds and right ones of either variant, some tampered."""
    import railroad_canasta as rc

    railroad = rc.apply(rc.new_game(rc.Rules(players=3), seed=rng.randrange(1 << 64)), "draw")
    classic = rc.apply(rc.new_game(rc.ClassicRules(players=4), seed=rng.randrange(1 << 64)), "draw")
    pool: list[object] = [
        None, True, 0, 1, -1, 3, 2**31, 2**64, -(2**64), 2**4000, 0.5, float("nan"), float("inf"),
        "", " ", "draw", "meld 9 9 JK", "discard 4", "9S 9H JK", "x" * 5000, "\x00", "é", "{}", "[]",
        b"draw", [], [1], ["draw"], {}, {"schema": 1}, (), object(), rc.Kind.NINE, rc.Draw(),
        rc.Rules(), rc.Rules(players=8), rc.ClassicRules(), rc.ClassicRules(players=6),
        railroad, classic, rc.view(railroad, 0), rc.view(classic, 1), rc.view(railroad, railroad.to_move),
        attrs.evolve(cast("Any", railroad), rules=rc.ClassicRules(players=3)),
        attrs.evolve(cast("Any", classic), rules=rc.Rules(players=4)),
        rc.record_game(railroad.rules, railroad.seed, ["draw"]),
        rc.record_to_json(rc.record_game(classic.rules, classic.seed, ["draw"])),
        rc.state_to_json(railroad), rc.state_to_json(classic), rc.view_to_json(rc.view(classic, 0)),
        random.Random(1), "railroad", "classic", "position", "game",
    ]  # fmt: skip
    for text in (
        rc.state_to_json(railroad),
        rc.state_to_json(classic),
        rc.record_to_json(rc.record_game(railroad.rules, 7, ["draw"])),
    ):
        for _ in range(6):
            pool.append(json.dumps(_tamper(json.loads(text), rng)))
    return pool


def _tamper(doc: Any, rng: random.Random) -> Any:
    """``doc`` with one value somewhere replaced by a value of another kind."""
    doc = copy.deepcopy(doc)
    node = doc
    for _ in range(6):
        keys = (
            list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        )
        if not keys:
            break
        key = rng.choice(keys)
        child = node[key]
        if not isinstance(child, (dict, list)) or rng.random() < 0.3:
            node[key] = rng.choice([None, -1, 2**80, "x", [], {}, True, 1.5, 0, 10**6])
            return doc
        node = child
    return doc


def classify(exc: BaseException) -> str | None:
    """``None`` for an escape, else the documented error's type and first words."""
    frames = traceback.extract_tb(exc.__traceback__)
    own = [f for f in frames if f.filename.startswith(_PACKAGE)]
    kind = f"{type(exc).__name__}: {' '.join(str(exc).split()[:4])}"
    if not isinstance(exc, (TypeError, ValueError)):
        return None
    if not own:  # Python refused the arguments of the call itself (or of a lambda in the test)
        return kind
    last = frames[-1]
    line = (
        linecache.getline(last.filename, last.lineno or 0).strip()
        if last.filename.startswith(_PACKAGE)
        else ""
    )
    if line.startswith("raise") or (last.line or "").startswith("raise"):
        return kind
    return None


def fuzz_api(calls: int, *, seed: int = 0) -> FuzzReport:
    """Make ``calls`` calls drawn from ``seed``; the report of what came out."""
    rng = random.Random(seed)
    functions = sorted(public_callables().items())
    shapes = {name: _shape(function) for name, function in functions}
    pool = argument_pool(rng)
    report = FuzzReport()
    for _ in range(calls):
        name, function = rng.choice(functions)
        positional, keywords = shapes[name]
        # Mostly the arity the function takes (to reach its body), sometimes not.
        arity = positional if rng.random() < 0.85 else rng.randrange(4)
        args = [rng.choice(pool) for _ in range(arity)]
        kwargs: dict[str, object] = {}
        if keywords and rng.random() < 0.3:
            kwargs[rng.choice(keywords)] = rng.choice(pool)
        report.calls += 1
        try:
            function(*args, **kwargs)
        except Exception as exc:  # every exception is sorted: documented or escape
            kind = classify(exc)
            if kind is None:
                shown = ", ".join(_short(a) for a in args) + "".join(
                    f", {k}={_short(v)}" for k, v in kwargs.items()
                )
                where = traceback.extract_tb(exc.__traceback__)[-1]
                report.escapes.append(
                    f"{name}({shown}) -> {type(exc).__name__}: {str(exc)[:120]} "
                    f"[{Path(where.filename).name}:{where.lineno}]"
                )
            else:
                report.documented[kind] += 1
        else:
            report.returned += 1
    return report


def _shape(function: Callable[..., object]) -> tuple[int, list[str]]:
    """How many positional arguments ``function`` needs, and the names of its keyword arguments."""
    parameters = inspect.signature(function).parameters.values()
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    keywords = [p.name for p in parameters if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return sum(1 for p in positional if p.default is p.empty) or len(positional[:1]), keywords


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{type(value).__name__}(…)"


# ------------------------------------------------------------------------------------- the command line

#: Values given to options: wrong kinds, huge numbers, files that are not what they should be. Numbers
#: stay small where they count work (games, rounds), so that every command ends at once.
_CLI_VALUES = (
    "",
    "-1",
    "0",
    "1",
    "2",
    "x",
    "9" * 85,
    "9" * 5000,
    "-",
    "1e3",
    "draw",
    "meld 9 9 JK",
    "é",
    "\x00x",
)


def fuzz_cli(calls: int, *, seed: int = 0, files: tuple[str, ...] = ()) -> FuzzReport:
    """Run the command line ``calls`` times with argument lists drawn from ``seed`` (options of each
    subcommand, values of the wrong kinds, ``files``); an escape is an exception out of ``main``, an exit
    status other than 0, 1 and 2, or a status 2 that is not one line on stderr.

    ``play`` and ``serve`` are run up to the point where they would start their app (their ``run`` is
    replaced for the call); ``simulate`` gets ``--games`` of at most 2.
    """
    import contextlib
    import io

    from railroad_canasta import cli

    rng = random.Random(seed)
    parser = cli.build_parser()
    commands = _subcommands(parser)
    report = FuzzReport()
    for _ in range(calls):
        name = rng.choice(sorted(commands))
        options, positional = commands[name]
        argv = [name]
        argv += [
            rng.choice((*files, *_CLI_VALUES[:6])) for _ in range(rng.choice((0, positional, positional, 1)))
        ]
        for _ in range(rng.randrange(4)):
            option = rng.choice(options) if options else "--x"
            argv.append(option)
            if rng.random() < 0.9:
                small = option in ("--games", "--max-rounds", "--players", "--jobs", "--batch-size")
                argv.append(
                    rng.choice(("0", "1", "2", "-1", "x")) if small else rng.choice((*files, *_CLI_VALUES))
                )
        if name == "simulate" and "--games" not in argv:
            argv += ["--games", "1"]
        if name in ("play", "serve", "simulate"):
            argv += ["--max-rounds", "1"] if name == "simulate" else []
        report.calls += 1
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err), _no_apps():
                status = cli.main(argv, out=io.StringIO())
        except SystemExit as exc:  # --help and --version
            status = exc.code if isinstance(exc.code, int) else 2
        except Exception as exc:
            report.escapes.append(f"{argv!r}[:200] -> {type(exc).__name__}: {str(exc)[:120]}")
            continue
        lines = err.getvalue().strip().splitlines()
        # (check reports a file in error by its ERROR line on stdout, then status 2: stderr stays empty)
        one_line = len(lines) == 1 or (name == "check" and not lines)
        if status not in (0, 1, 2) or (status == 2 and not one_line):
            report.escapes.append(f"{argv!r}[:200] -> status {status}, stderr {err.getvalue()[:200]!r}")
            continue
        report.returned += status == 0
        report.documented[f"{name}: status {status}"] += 1
    return report


def _subcommands(parser: Any) -> dict[str, tuple[list[str], int]]:
    """Each subcommand's option strings and how many positional arguments it takes."""
    import argparse

    found: dict[str, tuple[list[str], int]] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                options = [s for a in sub._actions for s in a.option_strings if s not in ("-h", "--help")]
                positional = sum(1 for a in sub._actions if not a.option_strings)
                found[name] = (options, positional)
    return found


def _no_apps() -> Any:
    """A context where the terminal app and the web server return at once instead of running."""
    import contextlib
    from unittest import mock

    stack = contextlib.ExitStack()
    with contextlib.suppress(ImportError):
        import uvicorn

        stack.enter_context(mock.patch.object(uvicorn.Server, "run", lambda self, sockets=None: None))
    with contextlib.suppress(ImportError):
        from railroad_canasta.tui import PlayApp

        stack.enter_context(mock.patch.object(PlayApp, "run", lambda self: None))
    return stack


# ----------------------------------------------------------------------------------------- the web table


def fuzz_web(requests: int, *, seed: int = 0) -> FuzzReport:
    """Send ``requests`` requests drawn from ``seed`` to a web table (Starlette's test client); an
    escape is an exception out of the app or a status of 500 or more."""
    from starlette.testclient import TestClient

    import railroad_canasta as rc
    from railroad_canasta.web import make_app

    rng = random.Random(seed)
    report = FuzzReport()
    app = make_app(rc.Rules(players=2) if rng.random() < 0.5 else rc.ClassicRules(players=4), seed=seed)
    client = TestClient(app)
    hosts = ("testserver",) * 6 + ("127.0.0.1:8000", "localhost", "evil.example", "", "[::1]:1", "a" * 300)
    origins = (None, None, None, "http://testserver", "https://evil.example", "null", "http://127.0.0.1:8000")
    table = app.state.table
    for _ in range(requests):
        legal = [str(m) for m in table.session.legal()]
        method = rng.choice(("GET", "GET", "POST", "POST", "POST", "PUT", "HEAD", "DELETE"))
        # A seat's token, the spectators', or none; then a route of the table or something else.
        token = rng.choice((table.token_of(0), table.token_of(0), table.spectators, "not-a-token", ""))
        route = rng.choice(
            ("", "/move", "/move", "/new", "/part", "/record", "/x", "/%00", "/move?move=draw")
        )
        path = rng.choice((f"/t/{token}{route}", f"/t/{token}{route}", "/", "//", route or "/"))
        headers = {"host": rng.choice(hosts)}
        origin = rng.choice(origins)
        if origin is not None:
            headers["origin"] = origin
        move = rng.choice(
            (*legal, *legal, "", "x" * rng.choice((1, 50, 5000)), "discard 4", "\x00", "é" * 30)
        )
        body = rng.choice(
            (
                f"move={move}".encode(),
                b"move=" + bytes(rng.randrange(256) for _ in range(rng.randrange(64))),
                b"%%%", b"", b"move=a&move=b", b"x" * 5000,
            )
        )  # fmt: skip
        headers["content-type"] = "application/x-www-form-urlencoded"
        report.calls += 1
        try:
            answer = client.request(method, path, content=body, headers=headers, follow_redirects=False)
        except Exception as exc:
            report.escapes.append(f"{method} {path} {body[:40]!r} -> {type(exc).__name__}: {str(exc)[:120]}")
            continue
        if answer.status_code >= 500:
            report.escapes.append(f"{method} {path} {body[:40]!r} -> status {answer.status_code}")
            continue
        report.documented[f"status {answer.status_code}"] += 1
    return report
