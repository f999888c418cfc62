"""The public functions of the game, for every variant: each finds the variant and calls it.

The variant is found from the type of what is passed: the rules for
:func:`new_game`, the state (or view) for the others. Anything else raises
:class:`TypeError` with a sentence saying what was expected.

>>> import railroad_canasta as rc
>>> rc.legal_moves(None)
Traceback (most recent call last):
...
TypeError: legal_moves expects a game state or a player's view, not None
>>> view = rc.view(rc.new_game(seed=1), 0)
>>> rc.apply(view, "draw")
Traceback (most recent call last):
...
TypeError: apply expects a game state, not a PlayerView: a view lacks the hidden cards a move may reveal
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import NoReturn, cast, overload

from railroad_canasta.core.frozen import STAMP
from railroad_canasta.core.guards import GuardOutcome, Violation
from railroad_canasta.core.invariants import Scope
from railroad_canasta.core.moves import Move, parse_move
from railroad_canasta.variants import VARIANTS, AnyVariant, check_rules_type
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.views import ClassicView
from railroad_canasta.variants.railroad.rules import RAILROAD, Rules
from railroad_canasta.variants.railroad.state import GameState
from railroad_canasta.variants.railroad.views import PlayerView

__all__ = [
    "SEED_BITS",
    "AnyRules",
    "AnyState",
    "AnyView",
    "Position",
    "apply",
    "explain_move",
    "is_legal",
    "legal_moves",
    "new_game",
    "new_seed",
    "sample_state",
    "validate",
    "view",
    "why_illegal",
]

#: The rules of any variant.
AnyRules = Rules | ClassicRules
#: A game state of any variant.
AnyState = GameState | ClassicState
#: A player's view of any variant.
AnyView = PlayerView | ClassicView
#: A game state or a player's view of one, of any variant.
Position = AnyState | AnyView


class _Functions:
    """A variant's functions with the union types of the public API (each is called on its own types)."""

    __slots__ = (
        "apply",
        "check_entry",
        "explain_move",
        "legal_moves",
        "new_game",
        "sample_state",
        "validate",
        "view",
        "why_illegal",
    )

    def __init__(self, variant: AnyVariant) -> None:
        self.new_game = cast("Callable[[AnyRules, int], AnyState]", variant.new_game)
        self.legal_moves = cast("Callable[[Position], Sequence[Move]]", variant.legal_moves)
        self.apply = cast("Callable[[AnyState, Move | str], AnyState]", variant.apply)
        self.why_illegal = cast("Callable[[Position, Move], Violation | None]", variant.why_illegal)
        self.explain_move = cast("Callable[[Position, Move], tuple[GuardOutcome, ...]]", variant.explain_move)
        self.view = cast("Callable[[AnyState, int], AnyView]", variant.view)
        self.validate = cast("Callable[..., None]", variant.validate)
        self.check_entry = cast("Callable[[Position], None]", variant.check_entry)
        self.sample_state = cast("Callable[[AnyView, random.Random], AnyState]", variant.sample_state)


_FUNCTIONS = {name: _Functions(v) for name, v in VARIANTS.items()}
_STATES: dict[type, _Functions] = {v.state_type: _FUNCTIONS[n] for n, v in VARIANTS.items()}
_VIEWS: dict[type, _Functions] = {v.view_type: _FUNCTIONS[n] for n, v in VARIANTS.items()}
_POSITIONS: dict[type, _Functions] = {**_STATES, **_VIEWS}
_RULES: dict[type, _Functions] = {v.rules_type: _FUNCTIONS[n] for n, v in VARIANTS.items()}
_LEGAL: dict[type, Callable[[Position], Sequence[Move]]] = {t: v.legal_moves for t, v in _POSITIONS.items()}
_APPLY: dict[type, Callable[[AnyState, Move | str], AnyState]] = {t: v.apply for t, v in _STATES.items()}


def _refuse(function: str, expected: str, given: object) -> NoReturn:
    what = type(given).__name__ if given is not None else None
    if type(given) in _VIEWS and "view" not in expected:
        raise TypeError(
            f"{function} expects {expected}, not a {what}: a view lacks the hidden cards a move may reveal"
        )
    raise TypeError(f"{function} expects {expected}, not {given!r}"[:300])


#: The bits of a seed drawn by :func:`new_seed`: a seed is the secret of a real game (see the docs).
SEED_BITS = 128

# A position the engine did not make (built by hand, by ``attrs.evolve``, ``replace`` or ``copy``) is
# checked when it comes in, for what the engine needs to act on it (the variant's ``check_entry``: seats,
# counts, melds, the pack); ``validate`` checks the rest. The engine's own states carry a stamp that no
# copy carries (``core.frozen.is_stamped``: one attribute read); the other positions this module made or
# checked (views, states of a variant that does not stamp them) are listed here by identity (held, so
# that an id is not reused while it is listed). A few dozen are kept: holding 256 states cost the garbage
# collector about 10% of the mean decision time (bench/compare_trees.py); an older position is checked
# again, once, when it comes back.
_TRUSTED: dict[int, object] = {}
_TRUSTED_MOST = 32
for _variant in VARIANTS.values():  # (every variant's ``switches.caches.clear()`` forgets it too)
    _variant.switches.caches.register("game._TRUSTED", _TRUSTED.clear)


def _trust(position: Position) -> None:
    if len(_TRUSTED) >= _TRUSTED_MOST:
        _TRUSTED.clear()
    _TRUSTED[id(position)] = position


def _checked(functions: _Functions, position: Position) -> None:
    """Check a position that did not come from this module (the variant's ``check_entry``)."""
    if getattr(position, "_stamp", None) is not STAMP and _TRUSTED.get(id(position)) is not position:
        check_rules_type("the engine", position)
        functions.check_entry(position)
        _trust(position)


def _as_move(function: str, move: object) -> Move:
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return parse_move(move)
    _refuse(function, "a Move or its text (e.g. 'draw')", move)


def new_seed() -> int:
    """A fresh seed of :data:`SEED_BITS` random bits from :mod:`secrets`, for a game nobody can predict."""
    return secrets.randbits(SEED_BITS)


@overload
def new_game(
    rules: Rules = RAILROAD, *, seed: int | None = None, players: int | None = None
) -> GameState: ...
@overload
def new_game(rules: ClassicRules, *, seed: int | None = None, players: int | None = None) -> ClassicState: ...
def new_game(rules: AnyRules = RAILROAD, *, seed: int | None = None, players: int | None = None) -> AnyState:
    """A new game under ``rules`` (the variant they are for), its first round dealt from ``seed``.

    ``players`` overrides ``rules.players``. Without ``seed``, one is drawn with :func:`new_seed`; it is
    ``state.seed``. Whoever knows the seed knows every hand, kitty and the stock: for real play keep it
    secret, and never use a small one (a seed below 2**40 is found from one hand by brute force).
    """
    variant = _RULES.get(type(rules))
    if variant is None:
        _refuse("new_game", "the rules of a variant (e.g. railroad_canasta.Rules())", rules)
    if players is not None and players != rules.players:
        rules = rules.replace(players=players)
    state = variant.new_game(rules, new_seed() if seed is None else seed)
    _trust(state)
    return state


def legal_moves(position: Position) -> Sequence[Move]:
    """Every legal move, each once, in a fixed order (simplest first), as a tuple.

    ``position`` is a state or the view of the player to move: the moves are the same.
    """
    # The engine's own states first, on one attribute read (their type is then one of the variants').
    try:
        if position._stamp is STAMP:  # type: ignore[union-attr]  # (a view has no stamp: AttributeError)
            return _LEGAL[type(position)](position)
    except AttributeError:
        pass
    function = _LEGAL.get(type(position))
    if function is None:
        _refuse("legal_moves", "a game state or a player's view", position)
    _checked(_POSITIONS[type(position)], position)
    return function(position)


@overload
def apply(state: GameState, move: Move | str) -> GameState: ...
@overload
def apply(state: ClassicState, move: Move | str) -> ClassicState: ...
def apply(state: AnyState, move: Move | str) -> AnyState:
    """The state after ``move`` (a :class:`~railroad_canasta.Move` or its text); ``state`` is unchanged.

    An illegal move raises :class:`~railroad_canasta.IllegalMoveError` naming the clause it breaks;
    unreadable text raises :class:`~railroad_canasta.NotationError`; a state the engine cannot act on
    (built by hand) raises :class:`~railroad_canasta.InvariantError`.
    """
    try:
        stamped = state._stamp is STAMP
    except AttributeError:
        stamped = False
    if stamped:
        after = _APPLY[type(state)](state, move if isinstance(move, Move) else _as_move("apply", move))
    else:
        function = _APPLY.get(type(state))
        if function is None:
            _refuse("apply", "a game state", state)
        _checked(_STATES[type(state)], state)
        after = function(state, move if isinstance(move, Move) else _as_move("apply", move))
    try:
        if after._stamp is STAMP:
            return after
    except AttributeError:
        pass
    _trust(after)
    return after


def why_illegal(position: Position, move: Move | str) -> Violation | None:
    """Why ``move`` is illegal: the first guard of its table that fails; ``None`` when it is legal."""
    variant = _POSITIONS.get(type(position))
    if variant is None:
        _refuse("why_illegal", "a game state or a player's view", position)
    _checked(variant, position)
    return variant.why_illegal(position, _as_move("why_illegal", move))


def is_legal(position: Position, move: Move | str) -> bool:
    """Whether ``move`` is legal."""
    return _as_move("is_legal", move) in legal_moves(position)


def explain_move(position: Position, move: Move | str) -> tuple[GuardOutcome, ...]:
    """Every guard of the table that judges ``move``, in order, with what it says (see ``explain``)."""
    variant = _POSITIONS.get(type(position))
    if variant is None:
        _refuse("explain_move", "a game state or a player's view", position)
    _checked(variant, position)
    return variant.explain_move(position, _as_move("explain_move", move))


@overload
def view(state: GameState, player: int) -> PlayerView: ...
@overload
def view(state: ClassicState, player: int) -> ClassicView: ...
def view(state: AnyState, player: int) -> AnyView:
    """What ``player`` (a seat, from 0) may know of ``state``."""
    variant = _STATES.get(type(state))
    if variant is None:
        _refuse("view", "a game state", state)
    _checked(variant, state)
    seen = variant.view(state, player)
    _trust(seen)
    return seen


@overload
def sample_state(view: PlayerView, rng: random.Random) -> GameState: ...
@overload
def sample_state(view: ClassicView, rng: random.Random) -> ClassicState: ...
def sample_state(view: AnyView, rng: random.Random) -> AnyState:
    """A state drawn from ``rng`` among those ``view`` is a view of: the cards ``view`` hides dealt at random.

    ``view(sample_state(v, rng), v.viewer) == v`` and the state passes :func:`validate`; a search bot
    plays out such states (a determinization). Only for a round being played (else the variant's view
    error: ``ViewError``, ``ClassicViewError``). A view the engine did not make is checked as it comes in
    (:class:`~railroad_canasta.InvariantError` for one the engine cannot act on); an ``rng`` that is not a
    :class:`random.Random` raises :class:`TypeError`.
    """
    variant = _VIEWS.get(type(view))
    if variant is None:
        _refuse("sample_state", "a player's view", view)
    if not isinstance(rng, random.Random):
        _refuse("sample_state", "a random.Random as rng (e.g. random.Random(seed))", rng)
    check_rules_type("sample_state", view)
    _checked(variant, view)
    # Not trusted on sight: the sample is checked, once, when it enters a public function.
    return variant.sample_state(view, rng)


def validate(position: Position, *, scope: Scope = "game") -> None:
    """Raise :class:`~railroad_canasta.InvariantError` if the rules reach no such state or view.

    The error names the clause broken and the path of the field (see
    :mod:`railroad_canasta.variants.railroad.invariants` for Railroad's invariants, in order).

    ``scope="position"`` checks only what any position the rules act on satisfies, leaving out what ties
    a state to the game played from its deal (the dealer the seed chose, the scored rounds, the kitties as
    dealt): a position set up by hand passes it.
    """
    variant = _POSITIONS.get(type(position))
    if variant is None:
        _refuse("validate", "a game state or a player's view", position)
    check_rules_type("validate", position)
    variant.validate(position, scope=scope)
    _trust(position)
