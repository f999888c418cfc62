"""Hypothesis strategies for rules, games and reachable states, of both variants (classic's at the end).

Every new feature extends this module rather than writing its own strategies.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from railroad_canasta.variants.classic import deal as classic_deal
from railroad_canasta.variants.classic import legal as classic_legal
from railroad_canasta.variants.classic import transitions as classic_transitions
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.classic.state import Phase as ClassicPhase
from railroad_canasta.variants.railroad.deal import new_game
from railroad_canasta.variants.railroad.legal import legal_moves
from railroad_canasta.variants.railroad.rules import KittyTiming, Rules, UpcardRule
from railroad_canasta.variants.railroad.state import GameState, Phase
from railroad_canasta.variants.railroad.transitions import apply

__all__ = [
    "classic_records",
    "classic_rules",
    "classic_states",
    "decision_options",
    "games",
    "reachable_states",
    "rules",
    "seeds",
]

#: Seeds of games.
seeds = st.integers(min_value=0, max_value=2**32 - 1)

_BOOLEAN_OPTIONS = (
    "frozen_pile_pair_pickup",
    "top_card_pickup_takes_pile",
    "red_three_replacement",
    "red_threes_down_at_deal",
    "kitty_red_three_penalty",
    "sevens_natural_only",
    "wild_melds",
    "requirement_counts_bonuses",
    "pile_counts_for_requirement",
    "draw_single_last_card",
    "going_out_requires_discard",
    "allow_hand_of_sevens",
    "tie_extra_rounds",
    "pair_pickup_joins_meld",
    "keep_two_cards",
    "sevens_hand_needs_requirement",
    "black_three_meld_needs_three",
    "no_discard_ends_round",
)


@st.composite
def decision_options(draw: st.DrawFn) -> dict[str, object]:
    """A random setting of every decision option (R-DEC-*)."""
    options: dict[str, object] = {name: draw(st.booleans()) for name in _BOOLEAN_OPTIONS}
    options["wild_upcard"] = draw(st.sampled_from(list(UpcardRule)))
    options["black_three_upcard"] = draw(st.sampled_from(list(UpcardRule)))
    options["kitty_timing"] = draw(st.sampled_from(list(KittyTiming)))
    return options


@st.composite
def rules(draw: st.DrawFn, players: st.SearchStrategy[int] | None = None, short: bool = True) -> Rules:
    """Rules with 2 to 8 players and any decision options.

    With ``short``, some games use one deck per player and a low target so
    that rounds and games end within a few hundred moves.
    """
    n = draw(players if players is not None else st.integers(min_value=2, max_value=8))
    options = draw(decision_options())
    if short and draw(st.booleans()):
        options.update(
            decks_per_player=1, hand_size=draw(st.integers(5, 13)), kitty_size=draw(st.integers(0, 11))
        )
        options.update(target_score=draw(st.sampled_from([500, 2000, 20_000])))
    return Rules(players=n, **options)  # type: ignore[arg-type]


@st.composite
def games(draw: st.DrawFn, players: st.SearchStrategy[int] | None = None) -> GameState:
    """A new game under random rules and seed."""
    return new_game(draw(rules(players)), seed=draw(seeds))


@st.composite
def reachable_states(
    draw: st.DrawFn, players: st.SearchStrategy[int] | None = None, max_moves: int = 400
) -> GameState:
    """A state reached from a new game by random legal moves (drawn from a seeded generator).

    The number of moves and the generator's seed are drawn, so shrinking
    moves towards short games.
    """
    state = draw(games(players))
    steps = draw(st.integers(min_value=0, max_value=max_moves))
    rng = random.Random(draw(seeds))
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        moves = legal_moves(state)
        state = apply(state, moves[rng.randrange(len(moves))])
    return state


# -- players' views, JSON documents and game records ------------------------------------------------------
# (Imported here, not at the top, so that this block is appended without touching the strategies above.)

import json  # noqa: E402

from railroad_canasta.core.cards import KIND_COUNT, Kind, counts_of  # noqa: E402
from railroad_canasta.core.moves import Move  # noqa: E402
from railroad_canasta.io import GameRecord, JSONValue, record_game  # noqa: E402
from railroad_canasta.variants.railroad.views import PlayerView, view  # noqa: E402

__all__ += [
    "card_tokens",
    "game_records",
    "hidden_variants",
    "json_values",
    "mutated_json",
    "player_views",
    "states_with_viewer",
]

#: Kind tokens as the JSON documents write them, and some tokens that are not.
card_tokens: st.SearchStrategy[str] = st.one_of(
    st.sampled_from([str(k) for k in Kind]),
    st.sampled_from(["T", "3", "9S", "jk", "r3", "", " 9", "11", "1", "JOKER", "Q\u0301"]),
)


@st.composite
def states_with_viewer(
    draw: st.DrawFn, players: st.SearchStrategy[int] | None = None, max_moves: int = 400
) -> tuple[GameState, int]:
    """A reachable state and a seat of it (the player who looks)."""
    state = draw(reachable_states(players, max_moves))
    return state, draw(st.integers(min_value=0, max_value=state.rules.players - 1))


@st.composite
def player_views(
    draw: st.DrawFn, players: st.SearchStrategy[int] | None = None, max_moves: int = 400
) -> PlayerView:
    """The view of one player of a reachable state."""
    state, seat = draw(states_with_viewer(players, max_moves))
    return view(state, seat)


@st.composite
def hidden_variants(draw: st.DrawFn, state: GameState, viewer: int) -> GameState:
    """``state`` changed only in what ``viewer`` may not know.

    The cards of the other hands, of every kitty the viewer may not look at
    and of the stock are pooled, shuffled and dealt back in the same sizes
    (so the stock's order changes too); the seed is replaced. The cards the whole
    table knows are in a hand (R-VIS-1) stay in it. The result need not be
    reachable: it is for checking what a view shows.
    """
    pool: list[Kind] = list(state.stock)
    for seat, p in enumerate(state.players):
        if seat != viewer:
            pool += _kinds_of(tuple(h - k for h, k in zip(p.hand, p.known or (0,) * KIND_COUNT, strict=True)))
        if seat != viewer or not p.may_look_kitty:
            pool += _kinds_of(p.kitty)
    draw(st.randoms(use_true_random=False)).shuffle(pool)
    players = []
    for seat, p in enumerate(state.players):
        hand, kitty = p.hand, p.kitty
        if seat != viewer:
            known = p.known or (0,) * KIND_COUNT
            drawn = counts_of(pool[: sum(hand) - sum(known)])
            del pool[: sum(hand) - sum(known)]
            hand = tuple(d + k for d, k in zip(drawn, known, strict=True))
        if seat != viewer or not p.may_look_kitty:
            kitty = counts_of(pool[: sum(p.kitty)])
            del pool[: sum(p.kitty)]
        players.append(p.replace(hand=hand, kitty=kitty))
    return state.replace(players=tuple(players), stock=tuple(pool), seed=draw(seeds))


def _kinds_of(counts: tuple[int, ...]) -> list[Kind]:
    return [Kind(i) for i in range(KIND_COUNT) for _ in range(counts[i])]


@st.composite
def game_records(
    draw: st.DrawFn, players: st.SearchStrategy[int] | None = None, max_moves: int = 300
) -> GameRecord[Rules]:
    """A record of a game under random rules, played by random legal moves (perhaps not finished)."""
    state = draw(games(players))
    rules_, seed = state.rules, state.seed
    steps = draw(st.integers(min_value=0, max_value=max_moves))
    rng = random.Random(draw(seeds))
    moves = []
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        legal = legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        moves.append(move)
        state = apply(state, move)
    names = draw(st.lists(st.text(max_size=8), min_size=rules_.players, max_size=rules_.players))
    return record_game(rules_, seed, moves, players=names)


def json_values(max_leaves: int = 12) -> st.SearchStrategy[JSONValue]:
    """Any JSON value: nulls, booleans, numbers, strings (card tokens among them), lists and objects."""
    scalars: st.SearchStrategy[JSONValue] = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
        card_tokens,
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)
        ),
        max_leaves=max_leaves,
    )


_Path = tuple[str | int, ...]
_MUTATIONS = ("delete", "replace", "token", "number", "retype", "truncate", "grow", "shuffle", "rename")


def _paths(value: JSONValue, here: _Path, out: list[_Path]) -> None:
    out.append(here)
    if isinstance(value, dict):
        for key, item in value.items():
            _paths(item, (*here, key), out)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _paths(item, (*here, i), out)


def _retype(value: JSONValue) -> JSONValue:
    """The same content under another JSON type."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return str(value) if abs(value) < 10**6 else float(value)
    if isinstance(value, float):
        return [value]
    if isinstance(value, str):
        return {"value": value}
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return False


@st.composite
def mutated_json(draw: st.DrawFn, document: JSONValue, max_mutations: int = 3) -> JSONValue:
    """``document`` (not changed) with 1 to ``max_mutations`` random mutations, for fuzzing loaders.

    A mutation picks any value in the document and deletes it, replaces it by
    random JSON, a card token or a near number, changes its JSON type, truncates,
    extends or reorders a list, or renames a key.
    """
    doc: JSONValue = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(min_value=1, max_value=max_mutations))):
        paths: list[_Path] = []
        _paths(doc, (), paths)
        path = draw(st.sampled_from(paths))
        parent: JSONValue = None
        target: JSONValue = doc
        for step in path:
            parent = target
            target = target[step]  # type: ignore[index]
        op = draw(st.sampled_from(_MUTATIONS))
        new: JSONValue
        if op == "replace":
            new = draw(json_values())
        elif op == "token":
            new = draw(card_tokens)
        elif op == "number":
            base = target if type(target) is int else 0
            new = base + draw(st.integers(min_value=-3, max_value=3))
        elif op == "retype":
            new = _retype(target)
        elif op == "truncate" and isinstance(target, list):
            new = target[: draw(st.integers(min_value=0, max_value=max(len(target) - 1, 0)))]
        elif op == "grow" and isinstance(target, list):
            extra = (
                draw(st.one_of(card_tokens, json_values(4))) if not target else draw(st.sampled_from(target))
            )
            new = [*target, extra]
        elif op == "shuffle" and isinstance(target, list):
            new = list(target)
            draw(st.randoms(use_true_random=False)).shuffle(new)
        elif op == "rename" and isinstance(target, dict) and target:
            key = draw(st.sampled_from(sorted(target)))
            new = dict(target)
            new[key + draw(st.sampled_from(["_", "s", "X"]))] = new.pop(key)
        elif op == "delete" and path:
            step = path[-1]
            if isinstance(parent, dict | list):
                del parent[step]  # type: ignore[arg-type]
            continue
        else:
            new = draw(json_values(4))
        if not path:
            doc = new
        else:
            parent[path[-1]] = new  # type: ignore[index]
    return doc


# Classic Canasta


@st.composite
def classic_rules(draw: st.DrawFn) -> ClassicRules:
    """Classic rules: 2, 3, 4 or 6 players, any decision options, sometimes a low target."""
    return ClassicRules(
        players=draw(st.sampled_from([2, 3, 4, 6])),
        ask_partner=draw(st.booleans()),
        concealed_canasta_bonus=draw(st.booleans()),
        three_player_target_7500=draw(st.booleans()),
        six_player_sides=draw(st.sampled_from([2, 3])),
        pair_joins_meld=draw(st.booleans()),
        tie_extra_rounds=draw(st.booleans()),
        black_threes_last_cards=draw(st.booleans()),
        target_score=draw(st.sampled_from([None, 500, 1500])),
    )


def _random_game(draw: st.DrawFn, max_moves: int) -> tuple[ClassicState, ClassicState, list[Move]]:
    """A new game, the state random legal moves from a seeded generator reach, and those moves."""
    start = state = classic_deal.new_game(draw(classic_rules()), seed=draw(st.integers(0, 2**32 - 1)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    played: list[Move] = []
    for _ in range(draw(st.integers(0, max_moves))):
        if state.phase is ClassicPhase.GAME_OVER:
            break
        moves = classic_legal.legal_moves(state)
        played.append(moves[rng.randrange(len(moves))])
        state = classic_transitions.apply(state, played[-1])
    return start, state, played


@st.composite
def classic_states(draw: st.DrawFn, max_moves: int = 300) -> ClassicState:
    """A classic state reached from a new game by random legal moves from a seeded generator."""
    return _random_game(draw, max_moves)[1]


@st.composite
def classic_records(draw: st.DrawFn, max_moves: int = 300) -> GameRecord[ClassicRules]:
    """A record of a classic game under random rules, played by random legal moves (perhaps not finished)."""
    start, _, moves = _random_game(draw, max_moves)
    names = draw(st.lists(st.text(max_size=8), min_size=start.rules.players, max_size=start.rules.players))
    return record_game(start.rules, start.seed, moves, players=names)
