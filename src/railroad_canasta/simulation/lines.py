"""A file of game lines: how a line is written, reading a file back, and what a half-written file holds.

A run writes one JSON line per game, in game order (:func:`encode`). A run that was stopped (Ctrl-C, a
lost machine, a killed process) leaves the first games of the run, perhaps with its last line cut short;
:func:`read_held` checks that they are the games of the plan, counts them, and says where the whole
lines end, so that the run can be completed to exactly the bytes of a run that was never stopped.

>>> import io
>>> from railroad_canasta.simulation.plan import Plan, play_one
>>> plan = Plan(variant="railroad", rules=None, bots=("greedy", "random"), games=3, seed=5, max_rounds=1)
>>> text = encode(play_one(plan, 0)) + encode(play_one(plan, 1))[:20]  # the second line cut short
>>> held = read_held(io.BytesIO(text.encode()), plan, name="games.jsonl")
>>> held.tally.games, held.size == len(encode(play_one(plan, 0))), held.cut
(1, True, 20)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import IO, Any

import attrs

from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.simulation.plan import GameRecordLine, Plan, game_seed, play_one
from railroad_canasta.simulation.summary import Tally

__all__ = ["Held", "encode", "read_all", "read_held", "read_lines"]


def encode(line: Mapping[str, Any]) -> str:
    """One game's line as it is written: compact JSON and a newline."""
    return json.dumps(line, separators=(",", ":")) + "\n"


def read_lines(stream: IO[bytes], tally: Tally, *, name: str) -> Iterator[tuple[int, GameRecordLine]]:
    """Count each whole line of ``stream`` into ``tally`` and yield it with the bytes up to its end.

    A last line without its newline is cut short: it is neither counted nor yielded. Raises
    :class:`~railroad_canasta.RailroadCanastaError` naming ``name`` and the line for a line that is not
    a game's.
    """
    size = 0
    for number, raw in enumerate(stream, start=1):
        if not raw.endswith(b"\n"):
            return
        size += len(raw)
        try:
            line = json.loads(raw)
            tally.add(line)
        except (ValueError, KeyError, TypeError):
            raise RailroadCanastaError(f"{name} line {number}: not a game's line") from None
        yield size, line


@attrs.frozen
class Held:
    """What a file of a plan's game lines holds."""

    #: The first games of the plan, counted.
    tally: Tally
    #: Bytes of the file up to the end of the last whole line.
    size: int
    #: Bytes after it: a line cut short (0 for none).
    cut: int


def read_held(stream: IO[bytes], plan: Plan, *, name: str) -> Held:
    """What a file written by a run of ``plan`` holds: its first games, checked to be those of the plan.

    Raises :class:`~railroad_canasta.RailroadCanastaError` naming ``name`` and the line when a line is
    not game ``i`` of the plan (another seed, other bots), when the last game played again gives another
    line (other rules), or when the file holds more games than the plan.
    """
    tally = Tally()
    players = plan.game_rules().players
    size = 0
    last: GameRecordLine | None = None
    for index, (end, line) in enumerate(read_lines(stream, tally, name=name)):
        size = end
        if index >= plan.games:
            raise RailroadCanastaError(f"{name} holds more than the {plan.games} games of the run")
        bots = [plan.bots[(seat + index) % len(plan.bots)] for seat in range(players)]
        if (
            line.get("game") != index
            or line.get("seed") != game_seed(plan.seed, index)
            or line["bots"] != bots
        ):
            raise RailroadCanastaError(
                f"{name} line {index + 1} is not game {index} of this run (another --seed, --bots or rules?)"
            )
        last = line
    # The last game is played again: the same line, or the file was written under other rules.
    if last is not None and play_one(plan, last["game"]) != last:
        raise RailroadCanastaError(f"{name}: game {last['game']} played again differs (other rules?)")
    return Held(tally, size, stream.seek(0, 2) - size)


def read_all(stream: IO[bytes], *, name: str) -> Held:
    """What a file of game lines holds, counted (``simulate summarize``); any run's, unchecked."""
    tally = Tally()
    size = 0
    for end, _ in read_lines(stream, tally, name=name):
        size = end
    return Held(tally, size, stream.seek(0, 2) - size)
