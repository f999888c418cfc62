"""The scenario writer: a position, rules options and checks as the TOML of a scenario file.

What :mod:`railroad_canasta.scenarios.reader` reads, these write: :func:`position_lines` gives the
``[position]`` and ``[[players]]`` tables of a :class:`~railroad_canasta.scenarios.model.PositionSpec` (or
the ``[deal]`` table), :func:`check_lines` a check of an ``[[expect]]`` table stating the value a state
has, and :func:`inline_table` a ``rules`` pin. The rules lab (:mod:`railroad_canasta.scenarios.lab`)
writes its files with them.

>>> print(inline_table((("keep_two_cards", False), ("players", 3))))
{ keep_two_cards = false, players = 3 }
"""

from __future__ import annotations

from collections.abc import Sequence

from railroad_canasta.core.cards import Kind, format_kinds, kinds_of
from railroad_canasta.scenarios.classic_checks import classic_actual
from railroad_canasta.scenarios.model import DealSpec, PositionSpec, RuleValue, value_text
from railroad_canasta.scenarios.runner import _actual
from railroad_canasta.variants.classic.state import ClassicState
from railroad_canasta.variants.railroad.rules import TableMeld
from railroad_canasta.variants.railroad.state import GameState

__all__ = [
    "check_lines",
    "inline_table",
    "position_lines",
    "state_value",
    "toml_string",
    "toml_value",
    "writable",
]

_State = GameState | ClassicState


def state_value(state: _State, key: str, seat: int) -> str:
    """The value of the check ``key`` about ``seat`` in ``state``, as the runner compares it."""
    if isinstance(state, ClassicState):
        return classic_actual(state, key, seat)
    return _actual(state, key, seat)


def toml_string(text: str) -> str:
    """A TOML basic string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def toml_value(value: RuleValue) -> str:
    """A rules option value in TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if value is None:
        return '"none"'
    if isinstance(value, tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return toml_string(value_text(value))


def inline_table(options: Sequence[tuple[str, RuleValue]]) -> str:
    """Rules options as a TOML inline table."""
    return "{ " + ", ".join(f"{name} = {toml_value(value)}" for name, value in options) + " }"


def _meld_text(meld: TableMeld) -> str:
    kinds = [meld.rank] * (meld.naturals if meld.rank is not Kind.JOKER else 0)
    return format_kinds([*kinds, *[Kind.JOKER] * meld.jokers, *[Kind.TWO] * meld.twos])


def _entries(pairs: Sequence[tuple[str, str | None]]) -> list[str]:
    """``key = value`` lines of the pairs whose value is given (already in TOML)."""
    return [f"{key} = {value}" for key, value in pairs if value is not None]


def _cards(kinds: Sequence[Kind]) -> str | None:
    return toml_string(format_kinds(kinds)) if kinds else None


def position_lines(start: PositionSpec | DealSpec) -> list[str]:
    """The lines of the tables that describe ``start``."""
    if isinstance(start, DealSpec):
        return ["[deal]", f"seed = {start.seed}", ""]
    position = [
        ("phase", toml_string(start.phase.value)),
        ("pile", _cards(start.pile)),
        ("stock", None if start.stock is None else str(start.stock)),
        ("stock_top", _cards(start.stock_top)),
    ]
    lines = ["[position]", *_entries(position), ""]
    for p in start.players:
        kitty = None if p.kitty is None else _cards(kinds_of(p.kitty))
        melds = "[" + ", ".join(toml_string(_meld_text(m)) for m in p.melds) + "]"
        lines.append("[[players]]")
        lines += _entries(
            [
                ("hand", None if p.hand is None else toml_string(format_kinds(kinds_of(p.hand)))),
                ("kitty", '"taken"' if p.kitty_taken else kitty),
                ("kitty_size", "0" if p.kitty is not None and not p.kitty_taken and kitty is None else None),
                ("melds", melds if p.melds else None),
                ("red_threes", str(p.red_threes) if p.red_threes else None),
                ("opened", None if p.opened is None else ("true" if p.opened else "false")),
                ("score", str(p.score) if p.score else None),
            ]
        )
        lines.append("")
    return lines


def check_lines(state: _State, key: str, seat: int | None) -> list[str]:
    """The lines of a check stating the value ``key`` has in ``state`` (about ``seat``, or the mover)."""
    at = state.to_move if seat is None else seat
    value = state_value(state, key, at)
    lines = [] if seat is None else [f"player = {seat}"]
    if key in ("hand", "kitty", "phase", "pile_top", "round_end"):
        text = "" if value == "(none)" else value
        return [*lines, f"{key} = {toml_string(text)}"]
    if key == "pile":
        return [*lines, f"pile = {toml_string('' if value == '(empty)' else value)}"]
    if key in ("melds",):
        parts = [] if value == "(none)" else value.split(" | ")
        return [*lines, "melds = [" + ", ".join(toml_string(p.removesuffix(" (wild)")) for p in parts) + "]"]
    if key == "canastas":
        parts = [] if value == "(none)" else value.split(", ")
        return [*lines, "canastas = [" + ", ".join(toml_string(p) for p in parts) + "]"]
    if key in ("scores", "winners") and value.startswith("["):
        return [*lines, f"{key} = {value}"]
    if key == "went_out" and value != "nobody":
        return [*lines, f"went_out = {value}"]
    if key == "score" and "," in value:
        pairs = [part.rsplit(" ", 1) for part in value.split(", ")]
        return [*lines, "score = { " + ", ".join(f"{k} = {v}" for k, v in pairs) + " }"]
    if value in ("true", "false") or value.isdigit():
        return [*lines, f"{key} = {value}"]
    return [*lines, f"{key} = {toml_string(value)}"]


def writable(key: str, value: str) -> bool:
    """A value a check can state (not "the game is not over", "no round has ended")."""
    return not value.startswith(("the game", "no round"))
