"""What a simulation plays: the plan, the seed of each game, the bots by name, and one game's result.

A :class:`Plan` is plain data (names, rules, numbers), so it travels to worker processes and Ray tasks.
Game ``i`` of a plan is dealt from :func:`game_seed` ``(plan.seed, i)`` and its bots are seeded from that
game seed and their seat, so a game's result depends on the plan and ``i`` only: the same seed gives the
same results however the games are spread over processes or machines.

>>> plan = Plan(variant="railroad", rules=None, bots=("greedy", "random"), games=2, seed=1, max_rounds=1)
>>> result = play_one(plan, 0)
>>> result["game"], result["bots"], result["rounds"], len(result["scores"])
(0, ['greedy', 'random'], 1, 2)
>>> play_one(plan, 1)["bots"]  # seats rotate from game to game
['random', 'greedy']
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import itertools
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import Any, TypeVar

import attrs

from railroad_canasta.bots import BOT_NAMES, Bot, bot_named
from railroad_canasta.core.errors import RailroadCanastaError, did_you_mean
from railroad_canasta.core.variant import Variant, seat_scores
from railroad_canasta.variants import variant_named

__all__ = [
    "GameRecordLine",
    "Plan",
    "batch_spans",
    "check_bots",
    "game_seed",
    "in_flight",
    "make_bot",
    "play_batch",
    "play_one",
]

#: One game's result, as one line of the JSON Lines output.
GameRecordLine = dict[str, Any]

T = TypeVar("T")


@attrs.frozen
class Plan:
    """The games of a simulation."""

    #: The variant's name.
    variant: str
    #: The rules (of the variant), or ``None`` for its defaults with ``players`` and ``max_rounds``.
    rules: Any
    #: The bots, by name or import path; seat ``s`` of game ``i`` gets ``bots[(s + i) % len(bots)]``.
    bots: tuple[str, ...]
    #: How many games.
    games: int
    #: The seed of the whole run.
    seed: int
    #: Players, when ``rules`` is ``None`` (default: as many as bots).
    players: int | None = None
    #: Rounds after which a game stops, when ``rules`` is ``None``.
    max_rounds: int | None = None
    #: A game that takes more decisions than this is an error (a bot that never ends a game).
    max_decisions: int = 2_000_000

    def game_rules(self) -> Any:
        """The rules every game is played under."""
        if self.rules is not None:
            return self.rules
        players = self.players if self.players is not None else len(self.bots)
        return variant_named(self.variant).rules_for(players, self.max_rounds)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed`` (a 63-bit hash of both).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"railroad-canasta:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _import_bot(path: str) -> type[Any]:
    module_name, sep, name = path.partition(":")
    if not sep:
        module_name, _, name = path.rpartition(".")
    if not module_name or not name:
        raise RailroadCanastaError(
            f"unknown bot {path!r}: use a name ({', '.join(BOT_NAMES)}) "
            f"or an import path (package.module:Class){did_you_mean(path, BOT_NAMES)}"
        )
    try:
        found = getattr(importlib.import_module(module_name), name)
    except Exception as exc:  # whatever the module raises while it loads is the bot's mistake, in one line
        raise RailroadCanastaError(f"cannot import the bot {path!r}: {exc}") from None
    if not isinstance(found, type):
        raise RailroadCanastaError(f"the bot {path!r} is not a class")
    return found


def make_bot(spec: str, *, seed: int, variant: str) -> Bot[Any]:
    """The bot ``spec`` names: a registered name (``random``, ``greedy``, …) or an import path.

    An imported class is called with ``seed=seed`` when it takes a ``seed`` parameter, else with nothing.
    Raises :class:`~railroad_canasta.RailroadCanastaError` saying what is wrong.
    """
    if spec in BOT_NAMES:
        return bot_named(spec, seed=seed, variant=variant)
    found = _import_bot(spec)
    try:
        takes_seed = "seed" in inspect.signature(found).parameters
    except (TypeError, ValueError):
        takes_seed = False
    try:
        bot = found(seed=seed) if takes_seed else found()
    except Exception as exc:  # a class that cannot be made as a bot is: say so in one line
        raise RailroadCanastaError(f"cannot make the bot {spec!r}: {type(exc).__name__}: {exc}") from None
    if not callable(getattr(bot, "choose", None)):
        raise RailroadCanastaError(f"the bot {spec!r} has no choose(seen, moves) method")
    return bot  # type: ignore[no-any-return]


def check_bots(specs: Sequence[str], variant: str) -> None:
    """Raise :class:`~railroad_canasta.RailroadCanastaError` for a bot that cannot be made."""
    for spec in specs:
        make_bot(spec, seed=0, variant=variant)


def play_one(plan: Plan, index: int) -> GameRecordLine:
    """Play game ``index`` of ``plan`` and return its result line."""
    variant: Variant[Any, Any, Any] = variant_named(plan.variant)
    rules = plan.game_rules()
    seed = game_seed(plan.seed, index)
    players = rules.players
    names = [plan.bots[(seat + index) % len(plan.bots)] for seat in range(players)]
    bots = [
        make_bot(name, seed=game_seed(seed, seat), variant=plan.variant) for seat, name in enumerate(names)
    ]
    state = variant.new_game(rules, seed)
    decisions = 0
    while not variant.is_over(state):
        if decisions >= plan.max_decisions:
            raise RailroadCanastaError(f"game {index} did not end within {plan.max_decisions} decisions")
        mover = variant.player_to_move(state)
        moves = variant.legal_moves(state)
        state = variant.apply(state, bots[mover].choose(variant.view(state, mover), moves))
        decisions += 1
    scores = seat_scores(variant, rules, state)
    return {
        "game": index,
        "seed": seed,
        "bots": names,
        "scores": scores,
        "winners": list(variant.winners(state)),
        "rounds": len(variant.round_scores(state)),
        "endings": list(variant.round_endings(state)),
        "decisions": decisions,
    }


def batch_spans(
    games: int, jobs: int, batch_size: int | None = None, *, start: int = 0
) -> Iterator[tuple[int, int]]:
    """The ``(start, stop)`` of each batch of games ``start`` to ``games - 1``, one at a time: small
    enough to share the work and to stop soon on Ctrl-C.

    >>> list(batch_spans(40, 2))
    [(0, 5), (5, 10), (10, 15), (15, 20), (20, 25), (25, 30), (30, 35), (35, 40)]
    >>> list(batch_spans(5, 1, batch_size=2)), list(batch_spans(5, 1, batch_size=2, start=3))
    ([(0, 2), (2, 4), (4, 5)], [(3, 5)])
    """
    size = batch_size if batch_size is not None else max(1, min(10, (games - start) // (4 * jobs)))
    return ((first, min(first + size, games)) for first in range(start, games, size))


def in_flight(
    spans: Iterator[tuple[int, int]],
    window: int,
    submit: Callable[[int, int], T],
    wait: Callable[[list[T]], tuple[Sequence[T], list[T]]],
    cancel: Callable[[T], object],
) -> Generator[T, None, None]:
    """Keep at most ``window`` batches submitted and yield each as it finishes, submitting the next.

    ``submit(start, stop)`` starts a batch and returns its handle; ``wait(pending)`` blocks until one or
    more finish and returns those and the rest; ``cancel`` is called on the handles still pending when the
    caller stops early. Nothing but the window is ever held, however many games the run has.
    """
    pending = [submit(start, stop) for start, stop in itertools.islice(spans, window)]
    try:
        while pending:
            done, pending = wait(pending)
            pending += [submit(start, stop) for start, stop in itertools.islice(spans, len(done))]
            yield from done
    finally:
        for handle in pending:
            cancel(handle)


def play_batch(plan: Plan, start: int, stop: int) -> list[GameRecordLine]:
    """Play games ``start`` to ``stop - 1`` of ``plan``."""
    return [play_one(plan, index) for index in range(start, stop)]
