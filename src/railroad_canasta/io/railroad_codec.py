"""JSON for Railroad Canasta: rules, states, views and game results.

The public functions of :mod:`~railroad_canasta.io.codec` call these for a
Railroad state or view, or a document without a ``"variant"`` key (or with
``"variant": "railroad"``; Railroad documents are written without it). The
``*_to_dict`` functions give :func:`json.dumps`-able dicts; the ``*_from_dict``
functions read them back and check the whole input: its form here, and then
that the rules can reach it, by the invariants of
:mod:`railroad_canasta.variants.railroad.invariants`. Anything malformed or
inconsistent raises :class:`~railroad_canasta.io.reader.RecordError` with the
``path`` of the offending value (``players[1].hand[3]``) and a ``reason``.

Cards are kind tokens (``"JK"``, ``"2"``, ``"R3"``, ``"B3"``, ``"4"`` to
``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``); a hand, a kitty or a held pile
is a list of tokens sorted high to low (any order is read), the stock and the
pile are lists in their order (the last card is the top). A meld is the list
of its cards, a move its text in move notation.

>>> from railroad_canasta import RAILROAD, apply, new_game
>>> state = apply(new_game(RAILROAD, seed=7), "draw")
>>> state_from_dict(state_to_dict(state)) == state
True
>>> state_from_dict({"schema": "railroad-canasta/state/0"})
Traceback (most recent call last):
...
railroad_canasta.io.reader.RecordError: schema: unsupported document kind or version ...
"""

from __future__ import annotations

from railroad_canasta.core.cards import Counts, Kind
from railroad_canasta.core.errors import describe
from railroad_canasta.core.known import ZEROS, pack
from railroad_canasta.core.moves import MOST_CARDS
from railroad_canasta.io.reader import (
    CARD_TOKENS,
    MAX_ROUNDS,
    JSONObject,
    JSONValue,
    checked,
    count_tokens,
    fail,
    read_bool,
    read_counts,
    read_document,
    read_int,
    read_ints,
    read_kinds,
    read_known,
    read_list,
    read_object,
    read_rules,
    rules_json,
)
from railroad_canasta.io.schemas import STATE_SCHEMA, VIEW_SCHEMA
from railroad_canasta.variants.railroad.invariants import check_entry, validate_saved, validate_view
from railroad_canasta.variants.railroad.rules import CanastaKind, Rules, TableMeld
from railroad_canasta.variants.railroad.state import (
    GameResult,
    GameState,
    Phase,
    PlayerState,
    RoundEnd,
    RoundResult,
    ScoreBreakdown,
)
from railroad_canasta.variants.railroad.views import PlayerView, PublicPlayer

__all__ = [
    "read_result",
    "result_to_json",
    "rules_from_dict",
    "rules_to_dict",
    "state_from_dict",
    "state_to_dict",
    "view_from_dict",
    "view_to_dict",
]


_CANASTA_NAMES: tuple[tuple[str, int], ...] = (
    ("red", int(CanastaKind.RED)),
    ("black", int(CanastaKind.BLACK)),
    ("wild", int(CanastaKind.WILD)),
    ("sevens", int(CanastaKind.SEVENS)),
)
_CANASTA_BIT = dict(_CANASTA_NAMES)
_PHASES = {p.value: p for p in Phase}
_ENDS = {e.value: e for e in RoundEnd}


# ------------------------------------------------------------------------------------------------ rules


def rules_to_dict(rules: Rules) -> JSONObject:
    """Every option of ``rules`` as JSON: enums by value, the requirement table as ``[score, need]`` rows."""
    return rules_json(rules)


def rules_from_dict(data: object, path: str = "rules") -> Rules:
    """Read rules options; a missing option takes its default. Errors name ``rules.<option>``."""
    return read_rules(Rules, data, path)


# ------------------------------------------------------------------------------------- pieces to JSON


def _meld_tokens(meld: TableMeld) -> list[JSONValue]:
    out: list[JSONValue] = [] if meld.rank is Kind.JOKER else [CARD_TOKENS[meld.rank]] * meld.naturals
    out.extend(["JK"] * meld.jokers)
    out.extend(["2"] * meld.twos)
    return out


def _canastas(mask: int) -> list[JSONValue]:
    return [name for name, bit in _CANASTA_NAMES if mask & bit]


def _breakdown_dict(b: ScoreBreakdown) -> JSONObject:
    return {
        "melded": b.melded,
        "canasta_bonus": b.canasta_bonus,
        "red_threes": b.red_threes,
        "going_out": b.going_out,
        "hand_penalty": b.hand_penalty,
        "kitty_penalty": b.kitty_penalty,
    }


def _round_dict(r: RoundResult) -> JSONObject:
    return {
        "round": r.round,
        "end": r.end.value,
        "went_out": r.went_out,
        "breakdowns": [_breakdown_dict(b) for b in r.breakdowns],
        "scores": list(r.scores),
    }


def result_to_json(result: GameResult | None) -> JSONValue:
    """A game's result as JSON (``null`` while the game goes on)."""
    if result is None:
        return None
    return {"winners": list(result.winners), "truncated": result.truncated, "scores": list(result.scores)}


def _player_dict(p: PlayerState) -> JSONObject:
    return {
        "hand": count_tokens(p.hand),
        "kitty": count_tokens(p.kitty),
        "melds": [_meld_tokens(m) for m in p.melds],
        "red_threes": p.red_threes,
        "canastas": _canastas(p.canastas),
        "opened": p.opened,
        "kitty_taken": p.kitty_taken,
        "score": p.score,
        "known": count_tokens(p.known),
    }


def _public_dict(p: PublicPlayer) -> JSONObject:
    return {
        "hand_size": p.hand_size,
        "kitty_size": p.kitty_size,
        "melds": [_meld_tokens(m) for m in p.melds],
        "red_threes": p.red_threes,
        "canastas": _canastas(p.canastas),
        "opened": p.opened,
        "kitty_taken": p.kitty_taken,
        "score": p.score,
        "known": count_tokens(p.known),
    }


# ----------------------------------------------------------------------------------- pieces from JSON


def _meld(value: object, path: str) -> TableMeld:
    kinds = read_kinds(value, path)
    rank = Kind.JOKER
    naturals = jokers = twos = 0
    for i, k in enumerate(kinds):
        if k is Kind.JOKER:
            jokers += 1
        elif k is Kind.TWO:
            twos += 1
        elif naturals and k is not rank:
            fail(f"{path}[{i}]", f"a meld holds one rank: {k} in a meld of {rank} [R-MLD-1]")
        else:
            rank = k
            naturals += 1
    return TableMeld(rank, naturals, jokers, twos)


def _melds(value: object, path: str) -> tuple[TableMeld, ...]:
    return tuple(_meld(m, f"{path}[{j}]") for j, m in enumerate(read_list(value, path, MOST_CARDS)))


def _mask(value: object, path: str) -> int:
    mask = 0
    for i, name in enumerate(read_list(value, path, 4)):
        bit = _CANASTA_BIT.get(name) if isinstance(name, str) else None
        if bit is None:
            fail(f"{path}[{i}]", f"unknown canasta kind {describe(name)}: use red, black, wild or sevens")
        if mask & bit:
            fail(f"{path}[{i}]", f"canasta kind {name!r} listed twice")
        mask |= bit
    return mask


def _phase(data: dict[str, object]) -> Phase:
    value = data["phase"]
    phase = _PHASES.get(value) if isinstance(value, str) else None
    if phase is None:
        fail("phase", f"must be one of {', '.join(map(repr, _PHASES))}, not {describe(value)}")
    return phase


def _optional_counts(value: object, path: str) -> Counts | None:
    return None if value is None else read_counts(value, path)


_BREAKDOWN_KEYS = ("melded", "canasta_bonus", "red_threes", "going_out", "hand_penalty", "kitty_penalty")


def _breakdown(value: object, path: str) -> ScoreBreakdown:
    data = read_object(value, path, _BREAKDOWN_KEYS)
    melded = read_int(data, "melded", path, 0)
    bonus = read_int(data, "canasta_bonus", path, 0)
    red = read_int(data, "red_threes", path, 0)
    out = read_int(data, "going_out", path, 0)
    hand = read_int(data, "hand_penalty", path, None, 0)
    kitty = read_int(data, "kitty_penalty", path, None, 0)
    return ScoreBreakdown(melded, bonus, red, out, hand, kitty)


def _history(value: object, path: str, players: int) -> tuple[RoundResult, ...]:
    out: list[RoundResult] = []
    for j, item in enumerate(read_list(value, path, MAX_ROUNDS)):
        here = f"{path}[{j}]"
        data = read_object(item, here, ("round", "end", "went_out", "breakdowns", "scores"))
        number = read_int(data, "round", here, 1)
        end_text = data["end"]
        end = _ENDS.get(end_text) if isinstance(end_text, str) else None
        if end is None:
            fail(f"{here}.end", f"must be one of {', '.join(map(repr, _ENDS))}, not {describe(end_text)}")
        went_out = None if data["went_out"] is None else read_int(data, "went_out", here, 0, players - 1)
        rows = read_list(data["breakdowns"], f"{here}.breakdowns")
        if len(rows) != players:
            fail(f"{here}.breakdowns", f"must have {players} entries, not {len(rows)}")
        breakdowns = tuple(_breakdown(b, f"{here}.breakdowns[{i}]") for i, b in enumerate(rows))
        scores = read_ints(data["scores"], f"{here}.scores", players)
        out.append(RoundResult(number, end, went_out, breakdowns, scores))
    return tuple(out)


def read_result(value: object, path: str, rules: Rules) -> GameResult | None:
    """A game's result (``None`` for ``null``): distinct winning seats in order, a flag, the scores."""
    if value is None:
        return None
    players = rules.players
    data = read_object(value, path, ("winners", "truncated", "scores"))
    winners = read_list(data["winners"], f"{path}.winners")
    seats = read_ints(winners, f"{path}.winners", len(winners), 0, players - 1)
    if list(seats) != sorted(set(seats)):
        fail(f"{path}.winners", "must list distinct seats in increasing order")
    truncated = read_bool(data, "truncated", path)
    scores = read_ints(data["scores"], f"{path}.scores", players)
    return GameResult(seats, truncated, scores)


def _players(value: object, rules: Rules) -> list[object]:
    items = read_list(value, "players")
    if len(items) != rules.players:
        fail("players", f"must have {rules.players} entries (rules.players), not {len(items)}")
    return items


# ------------------------------------------------------------------------------------------------ states

_STATE_KEYS = (
    "schema",
    "rules",
    "seed",
    "round",
    "dealer",
    "to_move",
    "phase",
    "players",
    "stock",
    "pile",
    "pile_frozen",
    "turn_points",
    "pending",
    "turn_canasta",
    "history",
    "result",
)
_PLAYER_KEYS = ("hand", "kitty", "melds", "red_threes", "canastas", "opened", "kitty_taken", "score")
_PUBLIC_KEYS = (
    "hand_size",
    "kitty_size",
    "melds",
    "red_threes",
    "canastas",
    "opened",
    "kitty_taken",
    "score",
)


def state_to_dict(state: GameState) -> JSONObject:
    """``state`` as a JSON object (schema ``railroad-canasta/state/1``).

    A state the engine cannot act on (a negative count, a seat off the table: built by hand) raises
    :class:`~railroad_canasta.InvariantError` rather than being written as some other state.
    """
    check_entry(state)
    return {
        "schema": STATE_SCHEMA,
        "rules": rules_to_dict(state.rules),
        "seed": state.seed,
        "round": state.round,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "phase": state.phase.value,
        "players": [_player_dict(p) for p in state.players],
        "stock": [CARD_TOKENS[k] for k in state.stock],
        "pile": [CARD_TOKENS[k] for k in state.pile],
        "pile_frozen": state.pile_frozen,
        "turn_points": state.turn_points,
        "pending": None if state.pending is None else count_tokens(state.pending),
        "turn_canasta": state.turn_canasta,
        "history": [_round_dict(r) for r in state.history],
        "result": result_to_json(state.result),
    }


def _player(value: object, path: str) -> PlayerState:
    data = read_object(value, path, _PLAYER_KEYS, ("known",))
    return PlayerState(
        hand=read_counts(data["hand"], f"{path}.hand"),
        kitty=read_counts(data["kitty"], f"{path}.kitty"),
        melds=_melds(data["melds"], f"{path}.melds"),
        red_threes=read_int(data, "red_threes", path, 0),
        canastas=_mask(data["canastas"], f"{path}.canastas"),
        opened=read_bool(data, "opened", path),
        kitty_taken=read_bool(data, "kitty_taken", path),
        score=read_int(data, "score", path, None),
        known_bits=pack(read_known(data, "known", path)),
    )


def state_from_dict(data: object) -> GameState:
    """Read a state written by :func:`state_to_dict`; raise :class:`RecordError` for anything wrong.

    Besides the form of every value, it checks that the state is one the rules
    can reach, as far as a single state shows
    (:func:`~railroad_canasta.variants.railroad.invariants.validate_saved`): the cards
    add up to the pack, melds are well formed, canasta masks and kitty rights
    match the melds, the phase fits the hands, the pile and the turn, and the
    history adds up.
    """
    doc = read_object(read_document(data, STATE_SCHEMA), "", _STATE_KEYS, ("variant",))
    rules = rules_from_dict(doc["rules"])
    n = rules.players
    players = tuple(_player(p, f"players[{i}]") for i, p in enumerate(_players(doc["players"], rules)))
    state = GameState(
        rules=rules,
        seed=read_int(doc, "seed", "", None),
        round=read_int(doc, "round", "", 1),
        dealer=read_int(doc, "dealer", "", 0, n - 1),
        to_move=read_int(doc, "to_move", "", 0, n - 1),
        phase=_phase(doc),
        players=players,
        stock=read_kinds(doc["stock"], "stock"),
        pile=read_kinds(doc["pile"], "pile"),
        pile_frozen=read_bool(doc, "pile_frozen", ""),
        turn_points=read_int(doc, "turn_points", "", 0),
        pending=_optional_counts(doc["pending"], "pending"),
        turn_canasta=read_bool(doc, "turn_canasta", ""),
        history=_history(doc["history"], "history", n),
        result=read_result(doc["result"], "result", rules),
    )
    return checked(validate_saved, state)


# ------------------------------------------------------------------------------------------------- views

_VIEW_KEYS = (
    "schema",
    "rules",
    "viewer",
    "round",
    "dealer",
    "to_move",
    "phase",
    "hand",
    "kitty",
    "players",
    "stock_size",
    "pile",
    "pile_frozen",
    "pile_stopped",
    "turn_points",
    "pending",
    "turn_canasta",
    "history",
    "result",
)


def view_to_dict(v: PlayerView) -> JSONObject:
    """A player's view as a JSON object (schema ``railroad-canasta/view/1``); checked as a state is."""
    check_entry(v)
    return {
        "schema": VIEW_SCHEMA,
        "rules": rules_to_dict(v.rules),
        "viewer": v.viewer,
        "round": v.round,
        "dealer": v.dealer,
        "to_move": v.to_move,
        "phase": v.phase.value,
        "hand": count_tokens(v.hand),
        "kitty": None if v.kitty is None else count_tokens(v.kitty),
        "players": [_public_dict(p) for p in v.players],
        "stock_size": v.stock_size,
        "pile": [CARD_TOKENS[k] for k in v.pile],
        "pile_frozen": v.pile_frozen,
        "pile_stopped": v.pile_stopped,
        "turn_points": v.turn_points,
        "pending": None if v.pending is None else count_tokens(v.pending),
        "turn_canasta": v.turn_canasta,
        "history": [_round_dict(r) for r in v.history],
        "result": result_to_json(v.result),
    }


def _public_player(value: object, path: str) -> PublicPlayer:
    data = read_object(value, path, _PUBLIC_KEYS, ("known",))
    return PublicPlayer(
        hand_size=read_int(data, "hand_size", path, 0),
        kitty_size=read_int(data, "kitty_size", path, 0),
        melds=_melds(data["melds"], f"{path}.melds"),
        red_threes=read_int(data, "red_threes", path, 0),
        canastas=_mask(data["canastas"], f"{path}.canastas"),
        opened=read_bool(data, "opened", path),
        kitty_taken=read_bool(data, "kitty_taken", path),
        score=read_int(data, "score", path, None),
        known=read_known(data, "known", path) or ZEROS,
    )


def view_from_dict(data: object) -> PlayerView:
    """Read a view written by :func:`view_to_dict`; raise :class:`RecordError` for anything wrong.

    It checks what the view shows as :func:`state_from_dict` checks a state
    (:func:`~railroad_canasta.variants.railroad.invariants.validate_view`); the
    cards the viewer sees never exceed the pack and, with the hidden ones,
    number exactly the pack. ``pile_stopped`` is written for readers' ease and
    must agree with the pile.
    """
    doc = read_object(read_document(data, VIEW_SCHEMA), "", _VIEW_KEYS, ("variant",))
    rules = rules_from_dict(doc["rules"])
    n = rules.players
    players = tuple(_public_player(p, f"players[{i}]") for i, p in enumerate(_players(doc["players"], rules)))
    v = PlayerView(
        rules=rules,
        viewer=read_int(doc, "viewer", "", 0, n - 1),
        round=read_int(doc, "round", "", 1),
        dealer=read_int(doc, "dealer", "", 0, n - 1),
        to_move=read_int(doc, "to_move", "", 0, n - 1),
        phase=_phase(doc),
        hand=read_counts(doc["hand"], "hand"),
        kitty=_optional_counts(doc["kitty"], "kitty"),
        players=players,
        stock_size=read_int(doc, "stock_size", "", 0),
        pile=read_kinds(doc["pile"], "pile"),
        pile_frozen=read_bool(doc, "pile_frozen", ""),
        turn_points=read_int(doc, "turn_points", "", 0),
        pending=_optional_counts(doc["pending"], "pending"),
        turn_canasta=read_bool(doc, "turn_canasta", ""),
        history=_history(doc["history"], "history", n),
        result=read_result(doc["result"], "result", rules),
    )
    if read_bool(doc, "pile_stopped", "") != v.pile_stopped:
        fail("pile_stopped", "a pile is stopped exactly when a black 3 is on top [R-PIL-3]")
    return checked(validate_view, v)
