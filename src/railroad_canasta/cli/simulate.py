"""The ``simulate`` command: many seeded games between named bots, locally or on Ray, and their summary.

``railroad-canasta simulate --games 1000 --bots greedy,random --jobs 2 --out games.jsonl`` plays 1,000
games, writes one JSON line per game to ``games.jsonl`` (in game order) and prints the summary: win rate
per bot with a 95% interval, mean score, rounds, how rounds end, games and decisions per second. A
progress bar (tqdm, the ``[simulate]`` extra, or a plain line without it) goes to stderr. Ctrl-C stops
the run and keeps, writes and summarises the first games, in order (status 130); ``SIGTERM`` does the
same (status 143: a job scheduler's or ``timeout``'s stop), and a second one ends the process at once;
``--resume`` completes the file of a stopped run, and ``simulate summarize FILE`` prints the summary of a
file. The same ``--seed`` gives the same lines whatever ``--jobs``, ``--backend`` and resuming are.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from types import FrameType
from typing import Any, TextIO

from railroad_canasta.bots import BOT_NAMES
from railroad_canasta.cli.options import add_rules_argument, rules_overrides, seed_argument
from railroad_canasta.cli.play import missing
from railroad_canasta.cli.status import INTERRUPTED, TERMINATED
from railroad_canasta.core.errors import RailroadCanastaError, did_you_mean
from railroad_canasta.core.options import rules_from_mapping
from railroad_canasta.simulation.lines import read_all, read_held
from railroad_canasta.simulation.plan import Plan, check_bots
from railroad_canasta.simulation.run import BACKENDS, simulate
from railroad_canasta.simulation.summary import Tally
from railroad_canasta.variants import VARIANTS, variant_named

__all__ = ["HELP", "configure", "run"]

#: The command's line in the command line's help.
HELP = "play many seeded games between bots (local processes or Ray) and summarise them"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``simulate`` command's arguments to its parser."""
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument(
        "--bots",
        default="greedy,random",
        help=f"comma-separated bots, by name ({', '.join(BOT_NAMES)}) or import path (package.module:Class); "
        "seats rotate from game to game (default greedy,random)",
    )
    parser.add_argument("--players", type=int, default=None, help="players a game (default: one per bot)")
    parser.add_argument(
        "--variant",
        choices=tuple(VARIANTS),
        default="railroad",
        help="the rule set played (default railroad)",
    )
    add_rules_argument(parser, "for every game")
    parser.add_argument("--max-rounds", type=int, default=None, help="stop each game after this many rounds")
    parser.add_argument("--seed", type=seed_argument, default=0, help="the seed of the run (default 0)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="worker processes (default 1); on Ray, batches at once (default: 1 on a Ray instance started "
        "here, every CPU of a cluster joined with --address)",
    )
    parser.add_argument(
        "--backend", choices=BACKENDS, default="local", help="where games run (default local)"
    )
    parser.add_argument(
        "--address", default=None, help="the Ray cluster to join (default: start a local one)"
    )
    parser.add_argument("--batch-size", type=int, default=None, help="games per task (default: automatic)")
    parser.add_argument(
        "--out", default=None, metavar="FILE", help="write one JSON line per game ('-': stdout)"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="complete the --out FILE of a run that was stopped: keep the games it holds, play the rest",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    # (words, not a subcommand: a subcommand's parser would take the value of a mistyped option,
    # ``--gmes 10``, for its name and report that instead of the option)
    parser.add_argument(
        "action",
        nargs="*",
        metavar="summarize FILE",
        help="print the summary of FILE, a file written by simulate --out, instead of playing",
    )


def _plan(args: argparse.Namespace) -> Plan:
    variant = variant_named(args.variant)
    bots = tuple(name.strip() for name in args.bots.split(",") if name.strip())
    if not bots:
        raise RailroadCanastaError("--bots: name at least one bot")
    for flag, value, least in (("--games", args.games, 0), ("--jobs", args.jobs, 1)):
        if value is not None and value < least:
            raise RailroadCanastaError(f"{flag} must be at least {least}, not {value}")
    if args.batch_size is not None and args.batch_size < 1:
        raise RailroadCanastaError(f"--batch-size must be at least 1, not {args.batch_size}")
    if args.address is not None and args.backend != "ray":
        raise RailroadCanastaError("--address joins a Ray cluster: add --backend ray")
    if args.resume and args.out is None:
        raise RailroadCanastaError("--resume completes a file: add --out FILE")
    if args.resume and args.out == "-":
        raise RailroadCanastaError("--resume completes a file: --out - (standard output) cannot be resumed")
    options = dict(rules_overrides(args.rules, variant.rules_type))
    players = args.players if args.players is not None else max(len(bots), variant.metadata.min_players)
    rules = rules_from_mapping(
        variant.rules_type, {"players": players, "max_rounds": args.max_rounds, **options}, path="rules"
    )
    try:
        check_bots(bots, args.variant)
    except ValueError as exc:
        raise RailroadCanastaError(f"--bots: {exc}") from None
    return Plan(variant=args.variant, rules=rules, bots=bots, games=args.games, seed=args.seed)


class _EmptiedAtFirstLine:
    """The ``--out`` file of a new run: emptied when the run writes its first line or ends without a game,
    not before, so that a run that cannot start (a Ray cluster it cannot join), or is stopped before its
    first line, leaves the file as it was."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.emptied = False

    def empty(self) -> None:
        """Empty the file, once (a pipe or a terminal has nothing to empty)."""
        if not self.emptied:
            self.emptied = True
            if stat.S_ISREG(os.fstat(self.stream.fileno()).st_mode):
                self.stream.truncate(0)

    def write(self, text: str) -> int:
        self.empty()
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()


class _PlainProgress:
    """A progress line on stderr when tqdm is not installed: games, games per second and the ETA."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream, self.done = total, stream, 0
        self.wrote = False
        self.started = self.shown = time.perf_counter()

    def update(self, n: int) -> None:
        self.done += n
        now = time.perf_counter()
        if now - self.shown < 0.5 and self.done < self.total:
            return
        self.shown = now
        rate = self.done / max(now - self.started, 1e-9)
        eta = (self.total - self.done) / rate if rate else 0.0
        self.stream.write(f"\r{self.done}/{self.total} games, {rate:.1f} games/s, ETA {eta:.0f} s")
        self.wrote = True
        self.stream.flush()

    def close(self) -> None:
        if self.wrote:  # (a run that failed or stopped before showing a line has none to end)
            self.stream.write("\n")


def _progress(total: int, enabled: bool) -> Any:
    if not enabled:
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return _PlainProgress(total, sys.stderr)
    return tqdm(total=total, unit="game", file=sys.stderr, smoothing=0.1)


#: What ``summarize`` may be given besides its words: an option that changes nothing in a summary.
_SUMMARY_OPTIONS = frozenset({"action", "no_progress"})

#: The value of an option not given (a re-parse of the command's words tells options given from defaults).
_NOT_GIVEN = object()


def _summarized(args: argparse.Namespace) -> str:
    """The file that ``summarize FILE`` names (a usage error for any other words, or for an option of a
    run given with it: the file's games were played already, so ``--games 10`` would be ignored)."""
    words: list[str] = args.action
    if words[0] not in ("summarize", "summarise"):  # (the tool writes "summarise": either spelling)
        hint = did_you_mean(words[0], ["summarize"])
        raise RailroadCanastaError(f"unexpected {words[0]!r}: the one action is summarize FILE{hint}")
    if len(words) != 2:
        raise RailroadCanastaError(
            "summarize needs one FILE, not " + (" ".join(map(repr, words[1:])) if words[1:] else "none")
        )
    parser: argparse.ArgumentParser = args.command_parser
    # argparse sets the default of an option only where the namespace lacks it: every option starts as
    # not given, and the options given, even at their default value, are the ones that changed.
    asked = argparse.Namespace(**dict.fromkeys(vars(args), _NOT_GIVEN))
    parser.parse_known_args(args.words, namespace=asked)
    given = [
        "--" + dest.replace("_", "-")
        for dest, value in vars(asked).items()
        if dest not in _SUMMARY_OPTIONS and value is not _NOT_GIVEN
    ]
    if given:
        raise RailroadCanastaError(f"summarize FILE reads a run and plays none: drop {', '.join(given)}")
    return words[1]


def _summarize(path: str, out: TextIO) -> int:
    try:
        with open(path, "rb") as stream:
            held = read_all(stream, name=path)
    except OSError as exc:
        raise RailroadCanastaError(f"summarize: cannot read {path}: {exc.strerror}") from None
    out.write(held.tally.summary(seconds=None).text() + "\n")
    if held.cut:
        out.write(f"{path}: the last line is cut short ({held.cut} bytes), not counted\n")
    return 0


def _held(path: str, plan: Plan) -> Tally:
    """The games the file already holds (none when it does not exist); a line cut short is cut off."""
    try:
        with open(path, "rb") as stream:
            held = read_held(stream, plan, name=path)
    except FileNotFoundError:
        return Tally()
    except OSError as exc:
        raise RailroadCanastaError(f"--resume: cannot read {path}: {exc.strerror}") from None
    if held.cut:
        os.truncate(path, held.size)
        sys.stderr.write(f"{path}: a last line cut short ({held.cut} bytes) was dropped\n")
    return held.tally


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[list[int]]:
    """While open, ``SIGTERM`` stops the run as Ctrl-C does (the workers stopped, the games written so far
    summarised); the list it gives holds the signal once one came. A second ``SIGTERM`` ends the process
    at once (its workers follow). Off the main thread (where no handler can be set) it changes nothing."""
    caught: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return

    def on_term(signum: int, frame: FrameType | None) -> None:
        caught.append(signum)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        yield caught
    finally:
        signal.signal(signal.SIGTERM, previous)


def run(args: argparse.Namespace, out: TextIO) -> int:
    """Run the ``simulate`` command the arguments describe; returns the exit status."""
    if args.action:
        return _summarize(_summarized(args), out)
    plan = _plan(args)
    if args.backend == "ray":
        from railroad_canasta.simulation.ray_backend import ensure_ray

        try:
            ensure_ray()
        except ImportError:
            # (said as the other commands say a missing extra, not by the module that needs it)
            raise missing("ray", "ray", "--backend ray") from None
    held = _held(args.out, plan) if args.resume else Tally()
    with ExitStack() as stack:
        lines: TextIO | _EmptiedAtFirstLine | None = None
        if args.out == "-":
            lines = out
        elif args.out is not None:
            try:
                # (opened to append, so a path that cannot be written is said before any game is played)
                stream = stack.enter_context(open(args.out, "a", encoding="utf-8", newline="\n"))
            except OSError as exc:
                raise RailroadCanastaError(f"--out: cannot write {args.out}: {exc.strerror}") from None
            lines = stream if args.resume else _EmptiedAtFirstLine(stream)
        bar = _progress(plan.games - held.games, not args.no_progress)
        update: Callable[[int], None] | None = None
        if bar is not None:
            stack.callback(bar.close)
            update = bar.update
        terminated = stack.enter_context(_terminate_as_interrupt())
        summary = simulate(
            plan,
            jobs=args.jobs,
            backend=args.backend,
            address=args.address,
            batch_size=args.batch_size,
            out=lines,
            progress=update,
            held=held,
        )
        if isinstance(lines, _EmptiedAtFirstLine) and not summary.interrupted:
            # (a run of no game replaces the file; one stopped before its first line leaves it: a
            # mistyped command stopped at once loses nothing, and --resume checks whose lines they are)
            lines.empty()
    report = sys.stderr if args.out == "-" else out
    report.write(summary.text() + "\n")
    if not summary.interrupted:
        return 0
    return TERMINATED if terminated else INTERRUPTED
