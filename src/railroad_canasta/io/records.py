"""JSON for states, views and moves; game records and their replay; the JSON Schemas.

Every document is a plain JSON object with a ``"schema"`` field naming its kind
and version (``"railroad-canasta/state/1"``, ``.../view/1``, ``.../move/1``,
``.../record/1``). The ``*_to_dict`` functions give :func:`json.dumps`-able
dicts, the ``*_to_json`` functions strings; the ``*_from_dict`` and
``*_from_json`` functions read them back and check the whole input. Anything
malformed or inconsistent raises :class:`RecordError` with the ``path`` of the
offending value (e.g. ``players[1].hand[3]``) and a ``reason``; loading reads
plain JSON only and never executes anything from the input.

Cards are kind tokens (``"JK"``, ``"2"``, ``"R3"``, ``"B3"``, ``"4"`` to
``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``); a hand, a kitty or a held pile
is a list of tokens sorted high to low (any order is read), the stock and the
pile are lists in their order (the last card is the top). A meld is the list
of its cards, a move its text in move notation.

>>> from railroad_canasta import RAILROAD, apply, new_game
>>> state = apply(new_game(RAILROAD, seed=7), "draw")
>>> state_from_json(state_to_json(state)) == state
True
>>> move_from_json(move_to_json(Move.from_text("meld 9 9 JK")))
Move.from_text('meld 9 9 JK')
>>> record = record_game(RAILROAD, 7, ["draw"])
>>> replay(record_from_json(record_to_json(record))) == state
True
>>> state_from_dict({"schema": "railroad-canasta/state/0"})
Traceback (most recent call last):
...
railroad_canasta.io.records.RecordError: schema: unsupported document kind or version ...
"""

from __future__ import annotations

import enum
import functools
import importlib.resources
import json
from collections.abc import Iterable, Sequence
from typing import NoReturn, TypeAlias

import attrs

from railroad_canasta.core.cards import KIND_COUNT, Counts, Kind, pack_counts
from railroad_canasta.core.errors import IllegalMoveError, NotationError, RailroadCanastaError, RulesError
from railroad_canasta.core.moves import Move, parse_move
from railroad_canasta.variants.railroad.melds import (
    ALL_CANASTAS,
    CanastaKind,
    TableMeld,
    canasta_bonus,
    meld_problem,
)
from railroad_canasta.variants.railroad.rules import RULES_VERSION, KittyTiming, Rules, UpcardRule
from railroad_canasta.variants.railroad.scoring import hand_value, melds_value, score_player
from railroad_canasta.variants.railroad.state import (
    GameResult,
    GameState,
    Phase,
    PlayerState,
    RoundEnd,
    RoundResult,
    ScoreBreakdown,
)
from railroad_canasta.variants.railroad.transitions import apply, first_dealer, game_result, new_game
from railroad_canasta.variants.railroad.views import PlayerView, PublicPlayer, view

__all__ = [
    "MOVE_SCHEMA",
    "RECORD_SCHEMA",
    "SCHEMA_NAMES",
    "STATE_SCHEMA",
    "VIEW_SCHEMA",
    "GameRecord",
    "JSONObject",
    "JSONValue",
    "RecordError",
    "ReplayError",
    "card_census",
    "json_schema",
    "move_from_dict",
    "move_from_json",
    "move_to_dict",
    "move_to_json",
    "record_from_dict",
    "record_from_json",
    "record_game",
    "record_to_dict",
    "record_to_json",
    "replay",
    "rules_from_dict",
    "rules_to_dict",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
    "view_to_json",
]

#: A JSON value as :func:`json.loads` returns it.
JSONValue: TypeAlias = "bool | int | float | str | list[JSONValue] | dict[str, JSONValue] | None"
#: A JSON object.
JSONObject: TypeAlias = "dict[str, JSONValue]"

#: The ``"schema"`` field of a state document.
STATE_SCHEMA = "railroad-canasta/state/1"
#: The ``"schema"`` field of a view document.
VIEW_SCHEMA = "railroad-canasta/view/1"
#: The ``"schema"`` field of a move document.
MOVE_SCHEMA = "railroad-canasta/move/1"
#: The ``"schema"`` field of a game record.
RECORD_SCHEMA = "railroad-canasta/record/1"
#: The names of the JSON Schema documents shipped with the package, for :func:`json_schema`.
SCHEMA_NAMES = ("state", "view", "move", "record")


class RecordError(RailroadCanastaError):
    """A JSON document could not be read: it is malformed, or describes something the rules cannot reach.

    ``path`` locates the offending value (``"players[1].hand[3]"``, ``"rules.hand_size"``; ``""`` for the
    document itself) and ``reason`` says what is wrong, naming the clause broken when there is one.
    """

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}" if path else reason)

    def __repr__(self) -> str:
        return f"RecordError({self.path!r}, {self.reason!r})"


class ReplayError(RailroadCanastaError):
    """A game record does not replay: a move is illegal, or the game ends otherwise than recorded.

    ``index`` is the 0-based index of the move in the record (the number of moves when the recorded
    result differs), ``move`` its text (``""`` then), ``clause`` the clause the move breaks (``None`` for
    a result that differs) and ``reason`` a sentence.
    """

    def __init__(self, index: int, move: str, clause: str | None, reason: str) -> None:
        self.index = index
        self.move = move
        self.clause = clause
        self.reason = reason
        where = f"move {index} {move!r}" if move else f"after move {index}"
        tag = f" [{clause}]" if clause else ""
        super().__init__(f"{where}{tag}: {reason}")

    def __repr__(self) -> str:
        return f"ReplayError({self.index!r}, {self.move!r}, {self.clause!r}, {self.reason!r})"


# ---------------------------------------------------------------------------------------------- reading

_TEXT: tuple[str, ...] = tuple(str(Kind(i)) for i in range(KIND_COUNT))
_TOKEN: dict[str, Kind] = {str(k): k for k in Kind}
_DOWN = tuple(range(KIND_COUNT - 1, -1, -1))
_CANASTA_NAMES: tuple[tuple[str, int], ...] = (
    ("red", int(CanastaKind.RED)),
    ("black", int(CanastaKind.BLACK)),
    ("wild", int(CanastaKind.WILD)),
    ("sevens", int(CanastaKind.SEVENS)),
)
_CANASTA_BIT = dict(_CANASTA_NAMES)
_LOOKING = int(CanastaKind.RED | CanastaKind.WILD | CanastaKind.SEVENS)
_PHASES = {p.value: p for p in Phase}
_ENDS = {e.value: e for e in RoundEnd}
_ACTIVE = (Phase.DRAW, Phase.MELD, Phase.KITTY)
_R3 = Kind.RED_THREE


#: Integers longer than this (about 2,400 digits) are refused: they could not even be printed in a message.
_MAX_BITS = 8192


def _fail(path: str, reason: str) -> NoReturn:
    raise RecordError(path, reason)


def _key(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _show(value: object) -> str:
    """A short description of a value that may be anything, for error messages."""
    if value is None:
        return "null"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if value.bit_length() < 64 else "a large integer"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        return repr(value) if len(value) <= 24 else repr(value[:24]) + "..."
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def _object(
    data: object, path: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, object]:
    if not isinstance(data, dict):
        _fail(path, f"must be an object, not {_show(data)}")
    for key in data:
        if key not in keys and key not in optional:
            _fail(_key(path, key) if isinstance(key, str) else path, f"unknown key {_show(key)}")
    for key in keys:
        if key not in data:
            _fail(_key(path, key), "missing")
    return data


def _int(data: dict[str, object], key: str, path: str, low: int | None = 0, high: int | None = None) -> int:
    value = data[key]
    if type(value) is not int:
        _fail(_key(path, key), f"must be an integer, not {_show(value)}")
    if value.bit_length() > _MAX_BITS:
        _fail(_key(path, key), "is too large")
    if low is not None and value < low:
        _fail(_key(path, key), f"must be at least {low}, not {_show(value)}")
    if high is not None and value > high:
        _fail(_key(path, key), f"must be at most {high}, not {_show(value)}")
    return value


def _bool(data: dict[str, object], key: str, path: str) -> bool:
    value = data[key]
    if type(value) is not bool:
        _fail(_key(path, key), f"must be true or false, not {_show(value)}")
    return value


def _list(value: object, path: str) -> list[object]:
    if not isinstance(value, list):
        _fail(path, f"must be a list, not {_show(value)}")
    return value


def _kinds(value: object, path: str) -> tuple[Kind, ...]:
    items = _list(value, path)
    try:
        return tuple([_TOKEN[item] for item in items])  # type: ignore[index]
    except (KeyError, TypeError):
        for i, item in enumerate(items):
            if not isinstance(item, str) or item not in _TOKEN:
                _fail(f"{path}[{i}]", f"unknown card {_show(item)}: use one of {' '.join(_TEXT)}")
        raise  # pragma: no cover - every failure of the fast path is found above


def _counts(value: object, path: str) -> Counts:
    out = [0] * KIND_COUNT
    for kind in _kinds(value, path):
        out[kind] += 1
    return tuple(out)


def _ints(
    value: object, path: str, length: int, low: int | None = None, high: int | None = None
) -> tuple[int, ...]:
    items = _list(value, path)
    if len(items) != length:
        _fail(path, f"must have {length} entries, not {len(items)}")
    bounds = " and ".join(
        text
        for text in ("" if low is None else f"at least {low}", "" if high is None else f"at most {high}")
        if text
    )
    for i, item in enumerate(items):
        if type(item) is not int:
            _fail(f"{path}[{i}]", f"must be an integer, not {_show(item)}")
        if item.bit_length() > _MAX_BITS:
            _fail(f"{path}[{i}]", "is too large")
        if (low is not None and item < low) or (high is not None and item > high):
            _fail(f"{path}[{i}]", f"must be {bounds}, not {_show(item)}")
    return tuple(items)  # type: ignore[arg-type]


def _schema(data: object, expected: str) -> dict[str, object]:
    if not isinstance(data, dict):
        _fail("", f"a document must be an object, not {_show(data)}")
    if "schema" not in data:
        _fail("schema", f"missing: expected {expected!r}")
    if data["schema"] != expected:
        _fail(
            "schema", f"unsupported document kind or version {_show(data['schema'])}: expected {expected!r}"
        )
    return data


def _pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            _fail("", f"duplicate key {_show(key)}")
        out[key] = value
    return out


def _reject_constant(name: str) -> NoReturn:
    _fail("", f"{name} is not a JSON number")


def _loads(text: str | bytes) -> object:
    """Plain JSON only: no NaN or Infinity, no duplicate keys."""
    if not isinstance(text, str | bytes | bytearray):
        _fail("", f"JSON text must be a string, not {_show(text)}")
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_reject_constant)
    except RecordError:
        raise
    except (ValueError, RecursionError) as exc:
        raise RecordError("", f"not valid JSON: {exc}") from None


# ------------------------------------------------------------------------------------------------ rules

_RULE_NAMES: tuple[str, ...] = tuple(field.name for field in attrs.fields(Rules))
_ENUM_OPTIONS: dict[str, type[enum.Enum]] = {
    "wild_upcard": UpcardRule,
    "black_three_upcard": UpcardRule,
    "kitty_timing": KittyTiming,
}


def rules_to_dict(rules: Rules) -> JSONObject:
    """Every option of ``rules`` as JSON: enums by value, the requirement table as ``[score, need]`` rows."""
    out: JSONObject = {}
    for name in _RULE_NAMES:
        value = getattr(rules, name)
        if isinstance(value, enum.Enum):
            out[name] = value.value
        elif name == "requirement_table":
            out[name] = [[low, need] for low, need in value]
        else:
            out[name] = value
    return out


def rules_from_dict(data: object, path: str = "rules") -> Rules:
    """Read rules options; a missing option takes its default. Errors name ``rules.<option>``."""
    options = _object(data, path, (), _RULE_NAMES)
    items: list[tuple[str, object]] = []
    for name, value in options.items():
        if type(value) is int and value.bit_length() > _MAX_BITS:
            _fail(_key(path, name), "is too large")
        enum_type = _ENUM_OPTIONS.get(name)
        if enum_type is not None:
            choices = {member.value: member for member in enum_type}
            if not isinstance(value, str) or value not in choices:
                _fail(_key(path, name), f"must be one of {', '.join(map(repr, choices))}, not {_show(value)}")
            value = choices[value]
        elif name == "requirement_table" and isinstance(value, list):
            here = _key(path, name)
            value = tuple(_ints(row, f"{here}[{i}]", 2) for i, row in enumerate(value))
        elif isinstance(value, list | dict):
            _fail(_key(path, name), f"must not be {_show(value)}")
        items.append((name, value))
    try:
        return Rules(**dict(items))  # type: ignore[arg-type]
    except RulesError as exc:
        raise RecordError(_key(path, exc.option), exc.reason) from None


# ------------------------------------------------------------------------------------- pieces to JSON


def _tokens(counts: Counts) -> list[JSONValue]:
    out: list[JSONValue] = []
    for i in _DOWN:
        n = counts[i]
        if n:
            out.extend([_TEXT[i]] * n)
    return out


def _meld_tokens(meld: TableMeld) -> list[JSONValue]:
    out: list[JSONValue] = [] if meld.rank is Kind.JOKER else [_TEXT[meld.rank]] * meld.naturals
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


def _result_dict(result: GameResult | None) -> JSONValue:
    if result is None:
        return None
    return {"winners": list(result.winners), "truncated": result.truncated, "scores": list(result.scores)}


def _player_dict(p: PlayerState) -> JSONObject:
    return {
        "hand": _tokens(p.hand),
        "kitty": _tokens(p.kitty),
        "melds": [_meld_tokens(m) for m in p.melds],
        "red_threes": p.red_threes,
        "canastas": _canastas(p.canastas),
        "opened": p.opened,
        "kitty_taken": p.kitty_taken,
        "score": p.score,
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
    }


# ----------------------------------------------------------------------------------- pieces from JSON


def _meld(value: object, path: str, rules: Rules) -> TableMeld:
    kinds = _kinds(value, path)
    rank = Kind.JOKER
    naturals = jokers = twos = 0
    for i, k in enumerate(kinds):
        if k is Kind.JOKER:
            jokers += 1
        elif k is Kind.TWO:
            twos += 1
        elif naturals and k is not rank:
            _fail(f"{path}[{i}]", f"a meld holds one rank: {k} in a meld of {rank} [R-MLD-1]")
        else:
            rank = k
            naturals += 1
    meld = TableMeld(rank, naturals, jokers, twos)
    problem = meld_problem(meld, rules)
    if problem is not None:
        _fail(path, f"{problem[1]} [{problem[0]}]")
    return meld


def _melds(value: object, path: str, rules: Rules) -> tuple[TableMeld, ...]:
    return tuple(_meld(m, f"{path}[{j}]", rules) for j, m in enumerate(_list(value, path)))


def _mask(value: object, path: str) -> int:
    mask = 0
    for i, name in enumerate(_list(value, path)):
        bit = _CANASTA_BIT.get(name) if isinstance(name, str) else None
        if bit is None:
            _fail(f"{path}[{i}]", f"unknown canasta kind {_show(name)}: use red, black, wild or sevens")
        if mask & bit:
            _fail(f"{path}[{i}]", f"canasta kind {name!r} listed twice")
        mask |= bit
    return mask


def _phase(data: dict[str, object]) -> Phase:
    value = data["phase"]
    phase = _PHASES.get(value) if isinstance(value, str) else None
    if phase is None:
        _fail("phase", f"must be one of {', '.join(map(repr, _PHASES))}, not {_show(value)}")
    return phase


def _pending(value: object, path: str) -> Counts | None:
    return None if value is None else _counts(value, path)


_BREAKDOWN_KEYS = ("melded", "canasta_bonus", "red_threes", "going_out", "hand_penalty", "kitty_penalty")


def _breakdown(value: object, path: str) -> ScoreBreakdown:
    data = _object(value, path, _BREAKDOWN_KEYS)
    melded = _int(data, "melded", path, 0)
    bonus = _int(data, "canasta_bonus", path, 0)
    red = _int(data, "red_threes", path, 0)
    out = _int(data, "going_out", path, 0)
    hand = _int(data, "hand_penalty", path, None, 0)
    kitty = _int(data, "kitty_penalty", path, None, 0)
    return ScoreBreakdown(melded, bonus, red, out, hand, kitty)


def _history(value: object, path: str, players: int) -> tuple[RoundResult, ...]:
    out: list[RoundResult] = []
    for j, item in enumerate(_list(value, path)):
        here = f"{path}[{j}]"
        data = _object(item, here, ("round", "end", "went_out", "breakdowns", "scores"))
        number = _int(data, "round", here, 1)
        end_text = data["end"]
        end = _ENDS.get(end_text) if isinstance(end_text, str) else None
        if end is None:
            _fail(f"{here}.end", f"must be one of {', '.join(map(repr, _ENDS))}, not {_show(end_text)}")
        went_out = None if data["went_out"] is None else _int(data, "went_out", here, 0, players - 1)
        rows = _list(data["breakdowns"], f"{here}.breakdowns")
        if len(rows) != players:
            _fail(f"{here}.breakdowns", f"must have {players} entries, not {len(rows)}")
        breakdowns = tuple(_breakdown(b, f"{here}.breakdowns[{i}]") for i, b in enumerate(rows))
        scores = _ints(data["scores"], f"{here}.scores", players)
        out.append(RoundResult(number, end, went_out, breakdowns, scores))
    return tuple(out)


def _result(value: object, path: str, players: int) -> GameResult | None:
    if value is None:
        return None
    data = _object(value, path, ("winners", "truncated", "scores"))
    winners = _list(data["winners"], f"{path}.winners")
    seats = _ints(winners, f"{path}.winners", len(winners), 0, players - 1)
    if list(seats) != sorted(set(seats)):
        _fail(f"{path}.winners", "must list distinct seats in increasing order")
    truncated = _bool(data, "truncated", path)
    scores = _ints(data["scores"], f"{path}.scores", players)
    return GameResult(seats, truncated, scores)


# --------------------------------------------------------------------------------------------- checks


def card_census(state: GameState) -> Counts:
    """Every card of ``state`` by kind, wherever it is: hands, kitties, melds, red 3s, stock, pile, held pile.

    In every state the rules reach it equals
    :func:`~railroad_canasta.core.cards.pack_counts` of the rules (R-CRD-1).
    """
    out = [0] * KIND_COUNT
    for player in state.players:
        hand, kitty = player.hand, player.kitty
        for i in range(KIND_COUNT):
            out[i] += hand[i] + kitty[i]
        for meld in player.melds:
            if meld.rank is not Kind.JOKER:
                out[meld.rank] += meld.naturals
            out[Kind.JOKER] += meld.jokers
            out[Kind.TWO] += meld.twos
        out[_R3] += player.red_threes
    for kind in state.stock:
        out[kind] += 1
    for kind in state.pile:
        out[kind] += 1
    if state.pending is not None:
        for i in range(KIND_COUNT):
            out[i] += state.pending[i]
    return tuple(out)


def _census_text(have: Sequence[int], expected: Sequence[int]) -> str:
    parts = []
    for i in range(KIND_COUNT):
        if have[i] != expected[i]:
            diff = have[i] - expected[i]
            parts.append(f"{abs(diff)} {'more' if diff > 0 else 'fewer'} {_TEXT[i]}")
    return ", ".join(parts)


def _bonuses(melds: Iterable[TableMeld], rules: Rules) -> int:
    total = 0
    for meld in melds:
        kind = meld.canasta_kind
        if kind is not None:
            total += canasta_bonus(kind, rules)
    return total


@functools.lru_cache(maxsize=64)
def _pack(players: int, decks: int, jokers: int) -> Counts:
    return pack_counts(players, decks, jokers)


def _all_red(p: PublicPlayer, rules: Rules) -> bool:
    """Every card this player received this round was a red 3 (so their hand may be empty)."""
    return not p.opened and not p.melds and not p.kitty_taken and p.red_threes >= rules.hand_size


def _check_public(v: PlayerView, sizes: bool) -> None:
    """Check what every player sees: melds, canastas, pile, turn fields, history and result."""
    rules = v.rules
    n = rules.players
    hand_key, kitty_key, stock_key = (
        ("hand_size", "kitty_size", "stock_size") if sizes else ("hand", "kitty", "stock")
    )
    phase = v.phase
    active = phase in _ACTIVE
    mover = v.players[v.to_move]
    if rules.max_rounds is not None and v.round > rules.max_rounds:
        _fail("round", f"the game stops after round {rules.max_rounds} [R-GAM-2]")
    everyone_sevens = all(p.canastas & CanastaKind.SEVENS for p in v.players)
    for seat, p in enumerate(v.players):
        here = f"players[{seat}]"
        mask = 0
        unfinished: set[Kind] = set()
        for j, meld in enumerate(p.melds):
            completed = meld.canasta_kind
            if completed is not None:
                mask |= completed
            elif meld.rank is Kind.BLACK_THREE:
                # rule: R-MLD-5
                going_out = phase is Phase.MELD and seat == v.to_move and p.hand_size == 1
                if p.canastas != ALL_CANASTAS or not (going_out or not active):
                    _fail(f"{here}.melds[{j}]", "black 3s are melded only when going out [R-MLD-5]")
            else:
                if meld.rank in unfinished:
                    _fail(f"{here}.melds[{j}]", f"a second unfinished meld of {meld.rank} [R-MLD-3]")
                unfinished.add(meld.rank)
        if mask != p.canastas:
            _fail(f"{here}.canastas", f"does not match the complete melds {_canastas(mask)} [R-CAN-1]")
        opening = seat == v.to_move and phase is Phase.MELD and v.turn_points > 0
        if p.melds and not p.opened and not opening:
            _fail(f"{here}.opened", "a player with melds has met the requirement [R-MLD-6]")
        if p.kitty_taken:
            if p.kitty_size or not p.may_look_kitty or not rules.kitty_size:
                _fail(
                    f"{here}.kitty_taken",
                    "only a kitty a player may look at is taken, and it is then empty [R-KIT-2]",
                )
        elif p.kitty_size != rules.kitty_size:
            _fail(
                f"{here}.{kitty_key}", f"a kitty not taken holds the {rules.kitty_size} cards dealt [R-SET-3]"
            )
        if active and p.hand_size == 0 and not _all_red(p, rules):
            sevens_end = (
                seat == v.to_move
                and phase is Phase.MELD
                and (v.pending is not None or any(m.rank is Kind.SEVEN for m in p.melds))
            )
            if not sevens_end:
                _fail(f"{here}.{hand_key}", "a hand is never emptied but by going out [R-HND-1]")
    # The pile.
    pile = v.pile
    frozen = False
    for i, kind in enumerate(pile):
        if kind is _R3:
            if i:
                _fail(f"pile[{i}]", "a red 3 is never discarded: only the upcard may be one [R-RED-1]")
            frozen = True
        elif kind is Kind.JOKER or kind is Kind.TWO:
            frozen = True
        elif kind is Kind.SEVEN and i and not everyone_sevens:
            _fail(f"pile[{i}]", "no 7 is discarded before every player has a sevens canasta [R-PIL-1]")
    if frozen != v.pile_frozen:
        _fail(
            "pile_frozen", "a pile is frozen exactly when it holds a wild card or a red 3 [R-PIL-2, R-SET-5]"
        )
    if not pile and (phase is Phase.DRAW or phase is Phase.KITTY):
        _fail(
            "pile",
            f"the pile is never empty in the {phase.value} phase: a turn ends with a discard [R-TRN-2]",
        )
    # The turn.
    if not (phase is Phase.MELD or phase is Phase.KITTY):
        if v.turn_points:
            _fail("turn_points", f"must be 0 in the {phase.value} phase [R-REQ-1]")
        if v.pending is not None:
            _fail("pending", f"must be null in the {phase.value} phase [R-DEC-12]")
        if v.turn_canasta:
            _fail("turn_canasta", f"must be false in the {phase.value} phase [R-DEC-10]")
    if v.pending is not None:
        if phase is not Phase.MELD or mover.opened or rules.pile_counts_for_requirement or not mover.melds:
            _fail("pending", "a pile is held only in a meld phase before the requirement is met [R-DEC-12]")
        if v.pending[_R3]:
            _fail("pending", "red 3s of a taken pile go down at once [R-RED-1]")
    if v.turn_canasta and not mover.may_look_kitty:
        _fail("turn_canasta", "the player to move has completed no red, wild or sevens canasta [R-DEC-10]")
    if phase is Phase.MELD or phase is Phase.KITTY:
        requirement = rules.requirement(mover.score)
        made = melds_value(mover.melds)
        if rules.requirement_counts_bonuses:
            made += _bonuses(mover.melds, rules)
        if not mover.opened:
            if v.turn_points >= requirement or v.turn_points != made:
                _fail("turn_points", "must be the value melded this turn, short of the requirement [R-REQ-1]")
        elif v.turn_points and not requirement <= v.turn_points <= made:
            _fail("turn_points", "must be 0 or the value that met the requirement this turn [R-REQ-3]")
    if phase is Phase.KITTY:
        timing_ok = v.turn_canasta or rules.kitty_timing is KittyTiming.ANY_LATER_TURN
        if (
            not mover.may_look_kitty
            or mover.kitty_taken
            or not mover.kitty_size
            or not mover.hand_size
            or not timing_ok
        ):
            _fail("phase", "the kitty phase follows a discard by a player who may take their kitty [R-KIT-2]")
    # History, scores and result.
    history = v.history
    if len(history) != (v.round - 1 if active else v.round):
        _fail("history", f"must hold the {v.round - 1 if active else v.round} rounds played before [R-SCO-6]")
    running = [0] * n
    for j, r in enumerate(history):
        here = f"history[{j}]"
        if r.round != j + 1:
            _fail(f"{here}.round", f"must be {j + 1}")
        if (r.end is RoundEnd.WENT_OUT) != (r.went_out is not None):
            _fail(f"{here}.went_out", "a player went out exactly when the round ended by going out [R-END-1]")
        for i, b in enumerate(r.breakdowns):
            if b.going_out != (rules.going_out_bonus if i == r.went_out else 0):
                _fail(
                    f"{here}.breakdowns[{i}].going_out",
                    "only the player who went out scores the bonus [R-SCO-4]",
                )
            if rules.red_three_bonus and b.red_threes % rules.red_three_bonus:
                _fail(
                    f"{here}.breakdowns[{i}].red_threes", "must be a whole number of red-3 bonuses [R-SCO-3]"
                )
            running[i] += b.total
        if tuple(running) != r.scores:
            _fail(f"{here}.scores", "must be the running sums of the round scores [R-SCO-6]")
        last = j == len(history) - 1
        if (active or not last) and game_result(rules, r.round, r.scores) is not None:
            _fail(f"{here}.scores", "the game ended after this round [R-GAM-1]")
    for seat, p in enumerate(v.players):
        if p.score != running[seat]:
            _fail(f"players[{seat}].score", f"must be {running[seat]}, the cumulative score [R-SCO-6]")
    if (v.result is not None) != (phase is Phase.GAME_OVER):
        _fail("result", "a game has a result exactly when it is over [R-GAM-1]")
    if not active:
        last_round = history[-1]
        if phase is Phase.GAME_OVER and v.result != game_result(rules, v.round, last_round.scores):
            _fail("result", "does not follow from the scores and the rules [R-GAM-1, R-GAM-2, R-DEC-17]")
        if phase is Phase.ROUND_OVER and game_result(rules, v.round, last_round.scores) is not None:
            _fail("phase", "the game ended with this round [R-GAM-1]")
        for seat, (p, b) in enumerate(zip(v.players, last_round.breakdowns, strict=True)):
            here = f"history[{len(history) - 1}].breakdowns[{seat}]"
            if b.melded != melds_value(p.melds):
                _fail(f"{here}.melded", "must be the value of the player's melds [R-SCO-1]")
            if b.canasta_bonus != _bonuses(p.melds, rules):
                _fail(f"{here}.canasta_bonus", "must be the bonuses of the player's canastas [R-SCO-2]")
            if b.red_threes != rules.red_three_bonus * p.red_threes:
                _fail(f"{here}.red_threes", "must be the bonus of the player's red 3s [R-SCO-3]")
        if last_round.end is RoundEnd.WENT_OUT:
            assert last_round.went_out is not None
            out = v.players[last_round.went_out]
            if out.hand_size or out.canastas != ALL_CANASTAS:
                _fail(
                    f"history[{len(history) - 1}].went_out", "that player has not gone out [R-OUT-1, R-OUT-2]"
                )
        if last_round.end is RoundEnd.STOCK_EMPTY and not (
            v.stock_size == 0 or (v.stock_size < rules.draw_count and not rules.draw_single_last_card)
        ):
            _fail(stock_key, "the round ended on an empty stock that is not empty [R-END-2, R-DEC-13]")


def _check_hand_threes(seat: int, p: PublicPlayer, hand: Counts, v: PlayerView, path: str) -> None:
    """Red 3s stay in a hand only before its owner's first turn, when they do not go down at the deal."""
    if not hand[_R3]:
        return
    rules = v.rules
    # rule: R-RED-1, R-DEC-6
    untouched = (
        not rules.red_threes_down_at_deal
        and not (v.phase in _ACTIVE and seat == v.to_move)
        and not p.melds
        and not p.opened
        and not p.kitty_taken
        and not p.red_threes
        and p.hand_size == rules.hand_size
    )
    if not untouched:
        _fail(path, "red 3s go down at once: none is held here [R-RED-1, R-DEC-6]")


def _check_state(state: GameState) -> None:
    rules = state.rules
    if len(state.players) != rules.players:
        _fail("players", f"must have {rules.players} entries, not {len(state.players)}")
    public = view(state, 0)
    _check_public(public, sizes=False)
    census = card_census(state)
    expected = _pack(rules.players, rules.decks_per_player, rules.jokers_per_player)
    if census != expected:
        _fail("", f"the cards do not add up to the pack: {_census_text(census, expected)} [R-CRD-1]")
    for seat, p in enumerate(state.players):
        _check_hand_threes(seat, public.players[seat], p.hand, public, f"players[{seat}].hand")
    dealer = (first_dealer(state.seed, rules.players) + state.round - 1) % rules.players
    if state.dealer != dealer:
        _fail("dealer", f"round {state.round} of this seed is dealt by player {dealer} [R-SET-1, R-SET-2]")
    if state.phase not in _ACTIVE:
        last = state.history[-1]
        for seat, p in enumerate(state.players):
            if score_player(p, rules, seat == last.went_out) != last.breakdowns[seat]:
                _fail(
                    f"history[{len(state.history) - 1}].breakdowns[{seat}]",
                    "is not the round's score [R-SCO-5]",
                )


def _check_view(v: PlayerView) -> None:
    rules = v.rules
    _check_public(v, sizes=True)
    me = v.players[v.viewer]
    if sum(v.hand) != me.hand_size:
        _fail("hand", f"holds {sum(v.hand)} cards but players[{v.viewer}].hand_size is {me.hand_size}")
    if (v.kitty is not None) != me.may_look_kitty:
        _fail("kitty", "is shown exactly when the viewer may look at their kitty [R-KIT-1]")
    if v.kitty is not None and sum(v.kitty) != me.kitty_size:
        _fail("kitty", f"holds {sum(v.kitty)} cards but players[{v.viewer}].kitty_size is {me.kitty_size}")
    _check_hand_threes(v.viewer, me, v.hand, v, "hand")
    known = list(v.hand)
    if v.kitty is not None:
        known = [a + b for a, b in zip(known, v.kitty, strict=True)]
    if v.pending is not None:
        known = [a + b for a, b in zip(known, v.pending, strict=True)]
    for kind in v.pile:
        known[kind] += 1
    total = v.stock_size + len(v.pile) + (sum(v.pending) if v.pending is not None else 0)
    for p in v.players:
        total += p.hand_size + p.kitty_size + p.red_threes
        known[_R3] += p.red_threes
        for meld in p.melds:
            total += meld.size
            if meld.rank is not Kind.JOKER:
                known[meld.rank] += meld.naturals
            known[Kind.JOKER] += meld.jokers
            known[Kind.TWO] += meld.twos
    expected = _pack(rules.players, rules.decks_per_player, rules.jokers_per_player)
    if total != rules.pack_size:
        _fail("", f"the cards number {total}, not the {rules.pack_size} of the pack [R-CRD-1]")
    for i in range(KIND_COUNT):
        if known[i] > expected[i]:
            _fail("", f"{known[i]} cards of {_TEXT[i]} are seen but the pack has {expected[i]} [R-CRD-1]")
    if v.phase not in _ACTIVE:
        last = v.history[-1]
        b = last.breakdowns[v.viewer]
        here = f"history[{len(v.history) - 1}].breakdowns[{v.viewer}]"
        if b.hand_penalty != -hand_value(v.hand):
            _fail(f"{here}.hand_penalty", "must be minus the value of the viewer's hand [R-SCO-5]")
        if v.kitty is not None and not me.kitty_taken:
            kitty = -hand_value(v.kitty)
            if rules.kitty_red_three_penalty:
                kitty -= rules.red_three_bonus * v.kitty[_R3]
            if b.kitty_penalty != kitty:
                _fail(
                    f"{here}.kitty_penalty",
                    "must be minus the value of the viewer's kitty [R-SCO-5, R-DEC-7]",
                )


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
_PLAYER_KEYS = (
    "hand",
    "kitty",
    "melds",
    "red_threes",
    "canastas",
    "opened",
    "kitty_taken",
    "score",
)
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
    """``state`` as a JSON object (schema ``railroad-canasta/state/1``)."""
    rules = state.rules
    return {
        "schema": STATE_SCHEMA,
        "rules": rules_to_dict(rules),
        "seed": state.seed,
        "round": state.round,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "phase": state.phase.value,
        "players": [_player_dict(p) for p in state.players],
        "stock": [_TEXT[k] for k in state.stock],
        "pile": [_TEXT[k] for k in state.pile],
        "pile_frozen": state.pile_frozen,
        "turn_points": state.turn_points,
        "pending": None if state.pending is None else _tokens(state.pending),
        "turn_canasta": state.turn_canasta,
        "history": [_round_dict(r) for r in state.history],
        "result": _result_dict(state.result),
    }


def _player(value: object, path: str, rules: Rules) -> PlayerState:
    data = _object(value, path, _PLAYER_KEYS)
    return PlayerState(
        hand=_counts(data["hand"], f"{path}.hand"),
        kitty=_counts(data["kitty"], f"{path}.kitty"),
        melds=_melds(data["melds"], f"{path}.melds", rules),
        red_threes=_int(data, "red_threes", path, 0),
        canastas=_mask(data["canastas"], f"{path}.canastas"),
        opened=_bool(data, "opened", path),
        kitty_taken=_bool(data, "kitty_taken", path),
        score=_int(data, "score", path, None),
    )


def _players(value: object, rules: Rules) -> list[object]:
    items = _list(value, "players")
    if len(items) != rules.players:
        _fail("players", f"must have {rules.players} entries (rules.players), not {len(items)}")
    return items


def state_from_dict(data: object) -> GameState:
    """Read a state written by :func:`state_to_dict`; raise :class:`RecordError` for anything wrong.

    Besides the form of every value, it checks that the state is one the rules
    can reach, as far as a single state shows: the cards add up to the pack,
    melds are well formed, canasta masks and kitty rights match the melds, the
    phase fits the hands, the pile and the turn, and the history adds up.
    """
    doc = _object(_schema(data, STATE_SCHEMA), "", _STATE_KEYS)
    rules = rules_from_dict(doc["rules"])
    n = rules.players
    players = tuple(_player(p, f"players[{i}]", rules) for i, p in enumerate(_players(doc["players"], rules)))
    state = GameState(
        rules=rules,
        seed=_int(doc, "seed", "", None),
        round=_int(doc, "round", "", 1),
        dealer=_int(doc, "dealer", "", 0, n - 1),
        to_move=_int(doc, "to_move", "", 0, n - 1),
        phase=_phase(doc),
        players=players,
        stock=_kinds(doc["stock"], "stock"),
        pile=_kinds(doc["pile"], "pile"),
        pile_frozen=_bool(doc, "pile_frozen", ""),
        turn_points=_int(doc, "turn_points", "", 0),
        pending=_pending(doc["pending"], "pending"),
        turn_canasta=_bool(doc, "turn_canasta", ""),
        history=_history(doc["history"], "history", n),
        result=_result(doc["result"], "result", n),
    )
    _check_state(state)
    return state


def state_to_json(state: GameState, *, indent: int | None = None) -> str:
    """``state`` as JSON text."""
    return json.dumps(state_to_dict(state), indent=indent)


def state_from_json(text: str | bytes) -> GameState:
    """Read a state from JSON text (see :func:`state_from_dict`)."""
    return state_from_dict(_loads(text))


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
    """A player's view as a JSON object (schema ``railroad-canasta/view/1``)."""
    return {
        "schema": VIEW_SCHEMA,
        "rules": rules_to_dict(v.rules),
        "viewer": v.viewer,
        "round": v.round,
        "dealer": v.dealer,
        "to_move": v.to_move,
        "phase": v.phase.value,
        "hand": _tokens(v.hand),
        "kitty": None if v.kitty is None else _tokens(v.kitty),
        "players": [_public_dict(p) for p in v.players],
        "stock_size": v.stock_size,
        "pile": [_TEXT[k] for k in v.pile],
        "pile_frozen": v.pile_frozen,
        "pile_stopped": v.pile_stopped,
        "turn_points": v.turn_points,
        "pending": None if v.pending is None else _tokens(v.pending),
        "turn_canasta": v.turn_canasta,
        "history": [_round_dict(r) for r in v.history],
        "result": _result_dict(v.result),
    }


def _public_player(value: object, path: str, rules: Rules) -> PublicPlayer:
    data = _object(value, path, _PUBLIC_KEYS)
    return PublicPlayer(
        hand_size=_int(data, "hand_size", path, 0),
        kitty_size=_int(data, "kitty_size", path, 0),
        melds=_melds(data["melds"], f"{path}.melds", rules),
        red_threes=_int(data, "red_threes", path, 0),
        canastas=_mask(data["canastas"], f"{path}.canastas"),
        opened=_bool(data, "opened", path),
        kitty_taken=_bool(data, "kitty_taken", path),
        score=_int(data, "score", path, None),
    )


def view_from_dict(data: object) -> PlayerView:
    """Read a view written by :func:`view_to_dict`; raise :class:`RecordError` for anything wrong.

    It checks what the view shows as :func:`state_from_dict` checks a state;
    the cards the viewer sees never exceed the pack and, with the hidden ones,
    number exactly the pack.
    """
    doc = _object(_schema(data, VIEW_SCHEMA), "", _VIEW_KEYS)
    rules = rules_from_dict(doc["rules"])
    n = rules.players
    players = tuple(
        _public_player(p, f"players[{i}]", rules) for i, p in enumerate(_players(doc["players"], rules))
    )
    v = PlayerView(
        rules=rules,
        viewer=_int(doc, "viewer", "", 0, n - 1),
        round=_int(doc, "round", "", 1),
        dealer=_int(doc, "dealer", "", 0, n - 1),
        to_move=_int(doc, "to_move", "", 0, n - 1),
        phase=_phase(doc),
        hand=_counts(doc["hand"], "hand"),
        kitty=_pending(doc["kitty"], "kitty"),
        players=players,
        stock_size=_int(doc, "stock_size", "", 0),
        pile=_kinds(doc["pile"], "pile"),
        pile_frozen=_bool(doc, "pile_frozen", ""),
        turn_points=_int(doc, "turn_points", "", 0),
        pending=_pending(doc["pending"], "pending"),
        turn_canasta=_bool(doc, "turn_canasta", ""),
        history=_history(doc["history"], "history", n),
        result=_result(doc["result"], "result", n),
    )
    if _bool(doc, "pile_stopped", "") != v.pile_stopped:
        _fail("pile_stopped", "a pile is stopped exactly when a black 3 is on top [R-PIL-3]")
    _check_view(v)
    return v


def view_to_json(v: PlayerView, *, indent: int | None = None) -> str:
    """A player's view as JSON text."""
    return json.dumps(view_to_dict(v), indent=indent)


def view_from_json(text: str | bytes) -> PlayerView:
    """Read a view from JSON text (see :func:`view_from_dict`)."""
    return view_from_dict(_loads(text))


# ------------------------------------------------------------------------------------------------- moves


def move_to_dict(move: Move) -> JSONObject:
    """A move as a JSON object: ``{"schema": "railroad-canasta/move/1", "move": "<text>"}``."""
    return {"schema": MOVE_SCHEMA, "move": move.text}


def _move(value: object, path: str) -> Move:
    if not isinstance(value, str):
        _fail(path, f"must be a move in move notation, not {_show(value)}")
    try:
        return parse_move(value)
    except NotationError as exc:
        raise RecordError(path, str(exc)) from None


def move_from_dict(data: object) -> Move:
    """Read a move written by :func:`move_to_dict`; its text may be anything :func:`.parse_move` reads."""
    doc = _object(_schema(data, MOVE_SCHEMA), "", ("schema", "move"))
    return _move(doc["move"], "move")


def move_to_json(move: Move) -> str:
    """A move as JSON text."""
    return json.dumps(move_to_dict(move))


def move_from_json(text: str | bytes) -> Move:
    """Read a move from JSON text (see :func:`move_from_dict`)."""
    return move_from_dict(_loads(text))


# ----------------------------------------------------------------------------------------------- records


def _default_names(players: int) -> tuple[str, ...]:
    return tuple(f"player {i}" for i in range(players))


@attrs.frozen
class GameRecord:
    """A game as it was played: the rules, the seed, the players' names, the moves and the result.

    :func:`replay` deals the game from the rules and the seed and applies the
    moves; the result is ``None`` for a game not finished.
    """

    rules: Rules
    seed: int
    #: The players' names, by seat.
    players: tuple[str, ...]
    #: Every move of the game, in order.
    moves: tuple[Move, ...]
    #: The game's result, or ``None`` while it is not over.
    result: GameResult | None = None

    def __attrs_post_init__(self) -> None:
        if len(self.players) != self.rules.players:
            raise RecordError("players", f"must name {self.rules.players} players, not {len(self.players)}")


def replay(record: GameRecord, *, check_result: bool = True) -> GameState:
    """The state reached by replaying ``record`` from its deal.

    Every move is checked; the first illegal one raises :class:`ReplayError`
    with its index, its text and the clause it breaks. With ``check_result``
    the game must also end as recorded (or not be over for a record without
    result).
    """
    state = new_game(record.rules, seed=record.seed)
    for index, move in enumerate(record.moves):
        try:
            state = apply(state, move)
        except IllegalMoveError as exc:
            raise ReplayError(index, str(move), exc.clause, exc.reason) from exc
    if check_result and state.result != record.result:
        raise ReplayError(
            len(record.moves),
            "",
            None,
            f"the replayed game's result is {state.result!r}, but the record says {record.result!r}",
        )
    return state


def record_game(
    rules: Rules,
    seed: int,
    moves: Iterable[Move | str],
    *,
    players: Sequence[str] | None = None,
) -> GameRecord:
    """A record of the game dealt by ``rules`` and ``seed`` and played with ``moves`` (objects or text).

    The moves are replayed (an illegal or unreadable one raises
    :class:`ReplayError`) and the record's result is that of the last state.
    Players are named ``"player 0"``, ``"player 1"``... unless ``players`` names them.
    """
    state = new_game(rules, seed=seed)
    played: list[Move] = []
    for index, item in enumerate(moves):
        if isinstance(item, str):
            try:
                move = parse_move(item)
            except NotationError as exc:
                raise ReplayError(index, item, None, exc.reason) from exc
        else:
            move = item
        try:
            state = apply(state, move)
        except IllegalMoveError as exc:
            raise ReplayError(index, str(move), exc.clause, exc.reason) from exc
        played.append(move)
    names = tuple(players) if players is not None else _default_names(rules.players)
    return GameRecord(rules, seed, names, tuple(played), state.result)


def record_to_dict(record: GameRecord) -> JSONObject:
    """A game record as a JSON object (schema ``railroad-canasta/record/1``)."""
    return {
        "schema": RECORD_SCHEMA,
        "rules_version": RULES_VERSION,
        "rules": rules_to_dict(record.rules),
        "seed": record.seed,
        "players": list(record.players),
        "moves": [m.text for m in record.moves],
        "result": _result_dict(record.result),
    }


def record_from_dict(data: object) -> GameRecord:
    """Read a game record written by :func:`record_to_dict`; raise :class:`RecordError` for anything wrong.

    The record must have been written under this engine's rules version
    (:data:`~railroad_canasta.variants.railroad.rules.RULES_VERSION`), every move must be in move
    notation and the result must follow from its scores. The moves are not
    played: :func:`replay` does that.
    """
    doc = _object(
        _schema(data, RECORD_SCHEMA),
        "",
        ("schema", "rules_version", "rules", "seed", "players", "moves", "result"),
    )
    version = doc["rules_version"]
    if version != RULES_VERSION:
        _fail(
            "rules_version",
            f"the record was made under {_show(version)}; this engine plays {RULES_VERSION!r}",
        )
    rules = rules_from_dict(doc["rules"])
    seed = _int(doc, "seed", "", None)
    names = _list(doc["players"], "players")
    if len(names) != rules.players:
        _fail("players", f"must name {rules.players} players (rules.players), not {len(names)}")
    seats: list[str] = []
    for i, name in enumerate(names):
        if not isinstance(name, str):
            _fail(f"players[{i}]", f"must be a name, not {_show(name)}")
        seats.append(name)
    moves = tuple(_move(m, f"moves[{i}]") for i, m in enumerate(_list(doc["moves"], "moves")))
    result = _result(doc["result"], "result", rules.players)
    if result is not None:
        best = max(result.scores)
        if result.truncated:
            if result.winners or rules.max_rounds is None:
                _fail("result", "a truncated game has no winner and needs rules.max_rounds [R-GAM-2]")
        elif best < rules.target_score or result.winners != tuple(
            i for i, s in enumerate(result.scores) if s == best
        ):
            _fail(
                "result.winners", "the winners are the players with the best score past the target [R-GAM-1]"
            )
    return GameRecord(rules, seed, tuple(seats), moves, result)


def record_to_json(record: GameRecord, *, indent: int | None = None) -> str:
    """A game record as JSON text."""
    return json.dumps(record_to_dict(record), indent=indent)


def record_from_json(text: str | bytes) -> GameRecord:
    """Read a game record from JSON text (see :func:`record_from_dict`)."""
    return record_from_dict(_loads(text))


# ----------------------------------------------------------------------------------------------- schemas


@functools.cache
def _schema_text(name: str) -> str:
    return (importlib.resources.files("railroad_canasta.io") / "schemas" / f"{name}.schema.json").read_text(
        "utf-8"
    )


def json_schema(name: str) -> JSONObject:
    """The JSON Schema (draft 2020-12) of the documents of kind ``name``: one of :data:`SCHEMA_NAMES`.

    The schemas ship with the package. A fresh dict is returned on every call.
    """
    if name not in SCHEMA_NAMES:
        raise RecordError("", f"no schema named {_show(name)}: use one of {', '.join(SCHEMA_NAMES)}")
    schema = json.loads(_schema_text(name))
    assert isinstance(schema, dict)
    return schema
