"""JSON for classic Canasta: rules, states, views and game results, checked on load.

The documents are JSON objects like Railroad's (see :mod:`~railroad_canasta.io.railroad_codec`) with the
same ``"schema"`` kinds and ``"variant": "classic"``; the JSON Schemas are ``classic-state`` and
``classic-view`` of :func:`~railroad_canasta.io.schemas.json_schema`. The public functions of
:mod:`~railroad_canasta.io.codec` call these for a classic state or view, or a document whose
``variant`` is ``"classic"``. Anything malformed or inconsistent raises
:class:`~railroad_canasta.io.reader.RecordError` naming the field.

>>> from railroad_canasta.variants.classic.deal import new_game
>>> from railroad_canasta.variants.classic.rules import CLASSIC
>>> state = new_game(CLASSIC, seed=3)
>>> state_from_dict(state_to_dict(state)) == state
True
"""

from __future__ import annotations

from railroad_canasta.core.cards import Kind, counts_of
from railroad_canasta.core.errors import describe
from railroad_canasta.core.known import HAND_BITS, pack
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import MOST_CARDS
from railroad_canasta.io.reader import (
    CARD_TOKENS,
    MAX_ROUNDS,
    JSONObject,
    JSONValue,
    at,
    checked,
    count_tokens,
    fail,
    read_bool,
    read_counts,
    read_document,
    read_int,
    read_ints,
    read_kinds,
    read_list,
    read_object,
    read_rules,
    rules_json,
)
from railroad_canasta.io.schemas import STATE_SCHEMA, VIEW_SCHEMA
from railroad_canasta.variants.classic.invariants import check_entry, validate_saved, validate_view
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.classic.state import (
    ClassicGameResult,
    ClassicRoundResult,
    ClassicState,
    Phase,
    Side,
    SideScore,
)
from railroad_canasta.variants.classic.views import ClassicView, known_by_seat

__all__ = [
    "VARIANT",
    "read_result",
    "result_to_json",
    "rules_from_dict",
    "rules_to_dict",
    "state_from_dict",
    "state_to_dict",
    "view_from_dict",
    "view_to_dict",
]

#: The ``"variant"`` field of a classic document.
VARIANT = ClassicRules.variant

_PHASES = {p.value: p for p in Phase}
_ENDS = ("went-out", "stock-empty", "red-three-last")
_SCORE_KEYS = ("melded", "canasta_bonus", "red_threes", "going_out", "hand_penalty")
_SIDE_KEYS = ("melds", "red_threes", "opened", "score", "concealed_canastas")
_TURN_KEYS = (
    "turn_points",
    "pending",
    "melded_before",
    "turn_melds",
    "answer",
    "asker",
    "turn_started",
    "history",
    "result",
)
_STATE_KEYS = (
    "schema",
    "variant",
    "rules",
    "seed",
    "round",
    "dealer",
    "to_move",
    "phase",
    "hands",
    "sides",
    "stock",
    "pile",
    "pile_frozen",
    *_TURN_KEYS,
)
_VIEW_KEYS = (
    "schema",
    "variant",
    "rules",
    "viewer",
    "round",
    "dealer",
    "to_move",
    "phase",
    "hand",
    "hand_sizes",
    "sides",
    "stock_size",
    "pile",
    "pile_frozen",
    *_TURN_KEYS,
)


def _meld_tokens(meld: Meld) -> list[JSONValue]:
    out: list[JSONValue] = [CARD_TOKENS[meld.rank]] * meld.naturals
    return out + ["JK"] * meld.jokers + ["2"] * meld.twos


def _side_dict(side: Side) -> JSONObject:
    return {
        "melds": [_meld_tokens(m) for m in side.melds],
        "red_threes": side.red_threes,
        "opened": side.opened,
        "score": side.score,
        "concealed_canastas": side.concealed_canastas,
    }


def result_to_json(result: ClassicGameResult | None) -> JSONValue:
    """A classic game's result as JSON: the winning sides, whether cut short, the side scores."""
    if result is None:
        return None
    return {"winners": list(result.winners), "truncated": result.truncated, "scores": list(result.scores)}


def _round(r: ClassicRoundResult) -> JSONObject:
    breakdowns: list[JSONValue] = [{key: getattr(b, key) for key in _SCORE_KEYS} for b in r.breakdowns]
    return {
        "round": r.round,
        "end": r.end,
        "went_out": r.went_out,
        "breakdowns": breakdowns,
        "scores": list(r.scores),
    }


def _turn(position: ClassicState | ClassicView) -> JSONObject:
    return {
        "turn_points": position.turn_points,
        "pending": None if position.pending is None else count_tokens(position.pending),
        "melded_before": list(position.melded_before),
        "turn_melds": position.turn_melds,
        "answer": position.answer,
        "asker": position.asker,
        "turn_started": [CARD_TOKENS[k] for k in position.turn_started],
        "history": [_round(r) for r in position.history],
        "result": result_to_json(position.result),
    }


def state_to_dict(state: ClassicState) -> JSONObject:
    """A classic state as a JSON object (``railroad-canasta/state/1``, ``"variant": "classic"``).

    A state the engine cannot act on (built by hand) raises :class:`~railroad_canasta.InvariantError`.
    """
    check_entry(state)
    return {
        "schema": STATE_SCHEMA,
        "variant": VARIANT,
        "rules": rules_to_dict(state.rules),
        "seed": state.seed,
        "round": state.round,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "phase": state.phase.value,
        "hands": [count_tokens(h) for h in state.hands],
        "sides": [_side_dict(s) for s in state.sides],
        "stock": [CARD_TOKENS[k] for k in state.stock],
        "pile": [CARD_TOKENS[k] for k in state.pile],
        "pile_frozen": state.pile_frozen,
        **_turn(state),
        "known": [count_tokens(k) for k in state.known],
    }


def view_to_dict(v: ClassicView) -> JSONObject:
    """A classic view as a JSON object (``railroad-canasta/view/1``, ``"variant": "classic"``)."""
    check_entry(v)
    return {
        "schema": VIEW_SCHEMA,
        "variant": VARIANT,
        "rules": rules_to_dict(v.rules),
        "viewer": v.viewer,
        "round": v.round,
        "dealer": v.dealer,
        "to_move": v.to_move,
        "phase": v.phase.value,
        "hand": count_tokens(v.hand),
        "hand_sizes": list(v.hand_sizes),
        "sides": [_side_dict(s) for s in v.sides],
        "stock_size": v.stock_size,
        "pile": [CARD_TOKENS[k] for k in v.pile],
        "pile_frozen": v.pile_frozen,
        **_turn(v),
        "known": [count_tokens(k) for k in v.known],
    }


def rules_to_dict(rules: ClassicRules) -> JSONObject:
    """Every option of classic ``rules`` as JSON."""
    return rules_json(rules)


def rules_from_dict(data: object, path: str = "rules") -> ClassicRules:
    """Read classic rules options; a missing option takes its default. Errors name ``rules.<option>``."""
    return read_rules(ClassicRules, data, path)


def _meld(value: object, path: str) -> Meld:
    kinds = read_kinds(value, path)
    naturals = [k for k in kinds if not k.is_wild]
    if not naturals or any(k is not naturals[0] for k in naturals):
        fail(path, "a meld holds natural cards of one rank, and wild cards")
    return Meld(naturals[0], len(naturals), kinds.count(Kind.JOKER), kinds.count(Kind.TWO))


def _side(value: object, path: str) -> Side:
    data = read_object(value, path, _SIDE_KEYS)
    melds = tuple(
        _meld(m, f"{path}.melds[{i}]")
        for i, m in enumerate(read_list(data["melds"], at(path, "melds"), MOST_CARDS))
    )
    return Side(
        melds,
        read_int(data, "red_threes", path, 0, 6),
        read_bool(data, "opened", path),
        read_int(data, "score", path, None),
        read_int(data, "concealed_canastas", path, 0),
    )


def _optional_bool(value: object, path: str) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    fail(path, f"must be true, false or null, not {describe(value)}")


def _history(value: object, path: str, sides: int, players: int) -> tuple[ClassicRoundResult, ...]:
    out = []
    for i, item in enumerate(read_list(value, path, MAX_ROUNDS)):
        here = f"{path}[{i}]"
        data = read_object(item, here, ("round", "end", "went_out", "breakdowns", "scores"))
        end = data["end"]
        if end not in _ENDS:
            fail(at(here, "end"), f"must be one of {', '.join(_ENDS)}, not {describe(end)}")
        went = data["went_out"]
        went_out = None if went is None else read_int(data, "went_out", here, 0, players - 1)
        breakdowns = []
        for j, b in enumerate(read_list(data["breakdowns"], at(here, "breakdowns"), sides)):
            where = f"{here}.breakdowns[{j}]"
            parts = read_object(b, where, _SCORE_KEYS)
            breakdowns.append(SideScore(*(read_int(parts, key, where, None) for key in _SCORE_KEYS)))
        if len(breakdowns) != sides:
            fail(at(here, "breakdowns"), f"must have {sides} entries, not {len(breakdowns)}")
        scores = read_ints(data["scores"], at(here, "scores"), sides)
        out.append(
            ClassicRoundResult(
                read_int(data, "round", here, 1), str(end), went_out, tuple(breakdowns), scores
            )
        )
    return tuple(out)


def read_result(value: object, path: str, rules: ClassicRules) -> ClassicGameResult | None:
    """A classic game's result (``None`` for ``null``): the winning sides in order, a flag, the scores."""
    if value is None:
        return None
    sides = len(rules.sides)
    data = read_object(value, path, ("winners", "truncated", "scores"))
    winners = read_list(data["winners"], f"{path}.winners", sides)
    numbers = read_ints(winners, f"{path}.winners", len(winners), 0, sides - 1)
    if list(numbers) != sorted(set(numbers)):
        fail(f"{path}.winners", "must list distinct sides in increasing order")
    return ClassicGameResult(
        numbers, read_bool(data, "truncated", path), read_ints(data["scores"], f"{path}.scores", sides)
    )


def _turn_fields(doc: dict[str, object], rules: ClassicRules) -> dict[str, object]:
    n = rules.players
    sides = len(rules.sides)
    phase = doc["phase"]
    if not isinstance(phase, str) or phase not in _PHASES:
        fail("phase", f"must be one of {', '.join(_PHASES)}, not {describe(phase)}")
    melded = read_list(doc["melded_before"], "melded_before")
    if len(melded) != n or not all(isinstance(x, bool) for x in melded):
        fail("melded_before", f"must be {n} booleans")
    asker = doc["asker"]
    return {
        "rules": rules,
        "round": read_int(doc, "round", "", 1),
        "dealer": read_int(doc, "dealer", "", 0, n - 1),
        "to_move": read_int(doc, "to_move", "", 0, n - 1),
        "phase": _PHASES[str(phase)],
        "sides": _sides(doc["sides"], sides),
        "pile": read_kinds(doc["pile"], "pile"),
        "pile_frozen": read_bool(doc, "pile_frozen", ""),
        "turn_points": read_int(doc, "turn_points", "", 0),
        "pending": None if doc["pending"] is None else read_counts(doc["pending"], "pending"),
        "melded_before": tuple(bool(x) for x in melded),
        "turn_melds": read_int(doc, "turn_melds", "", 0),
        "answer": _optional_bool(doc["answer"], "answer"),
        "asker": None if asker is None else read_int(doc, "asker", "", 0, n - 1),
        "turn_started": read_kinds(doc["turn_started"], "turn_started"),
        "history": _history(doc["history"], "history", sides, n),
        "result": read_result(doc["result"], "result", rules),
    }


def _sides(value: object, count: int) -> tuple[Side, ...]:
    items = read_list(value, "sides")
    if len(items) != count:
        fail("sides", f"must have {count} entries, not {len(items)}")
    return tuple(_side(s, f"sides[{i}]") for i, s in enumerate(items))


def state_from_dict(data: object) -> ClassicState:
    """Read a classic state; raise :class:`RecordError` for anything malformed or unreachable."""
    doc = read_object(read_document(data, STATE_SCHEMA), "", _STATE_KEYS, ("known",))
    rules = rules_from_dict(doc["rules"])
    hands = read_list(doc["hands"], "hands")
    if len(hands) != rules.players:
        fail("hands", f"must have {rules.players} entries, not {len(hands)}")
    state = ClassicState(
        seed=read_int(doc, "seed", "", None),
        hands=tuple(counts_of(read_kinds(h, f"hands[{i}]")) for i, h in enumerate(hands)),
        stock=read_kinds(doc["stock"], "stock"),
        **_turn_fields(doc, rules),  # type: ignore[arg-type]
        known_bits=_known(doc, rules.players),
    )
    return checked(validate_saved, state)


def _known(doc: dict[str, object], players: int) -> int:
    """A document's known cards, one list a seat (R-CL-VIS-1), packed; ``0`` for none, and for a document
    written before they were recorded (no ``"known"``: it loads with none known)."""
    if "known" not in doc:
        return 0
    items = read_list(doc["known"], "known")
    if len(items) != players:
        fail("known", f"must have {players} entries (one a seat), not {len(items)}")
    bits = 0
    for seat, cards in enumerate(items):
        counts = read_counts(cards, f"known[{seat}]")
        if max(counts) > 255:
            fail(f"known[{seat}]", "knows more cards of a kind than any pack holds")
        bits |= pack(counts) << (HAND_BITS * seat)
    return bits


def view_from_dict(data: object) -> ClassicView:
    """Read a classic view; raise :class:`RecordError` for anything malformed or impossible."""
    doc = read_object(read_document(data, VIEW_SCHEMA), "", _VIEW_KEYS, ("known",))
    rules = rules_from_dict(doc["rules"])
    v = ClassicView(
        viewer=read_int(doc, "viewer", "", 0, rules.players - 1),
        hand=counts_of(read_kinds(doc["hand"], "hand")),
        hand_sizes=read_ints(doc["hand_sizes"], "hand_sizes", rules.players, 0),
        stock_size=read_int(doc, "stock_size", "", 0),
        **_turn_fields(doc, rules),  # type: ignore[arg-type]
        known=known_by_seat(_known(doc, rules.players), rules.players),
    )
    return checked(validate_view, v)
