"""Regression tests of issue 24, finding 6: a public function given the wrong kind of thing says what is
wrong in a sentence (a ``TypeError``, or the library's error), never an ``AttributeError``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest

import railroad_canasta as rc


@pytest.mark.parametrize(
    "state",
    [
        attrs.evolve(cast("Any", rc.new_game(rc.Rules(players=3), seed=1)), rules=rc.ClassicRules(players=3)),
        attrs.evolve(cast("Any", rc.new_game(rc.ClassicRules(players=4), seed=1)), rules=rc.Rules(players=4)),
    ],
    ids=["railroad-with-classic-rules", "classic-with-railroad-rules"],
)
def test_a_state_carrying_the_other_games_rules_is_a_type_error_naming_both(state: rc.GameState) -> None:
    calls: list[Callable[[], object]] = [
        lambda: rc.legal_moves(state),
        lambda: rc.apply(state, "draw"),
        lambda: rc.why_illegal(state, "draw"),
        lambda: rc.explain_move(state, "draw"),
        lambda: rc.is_legal(state, "draw"),
        lambda: rc.view(state, 0),
        lambda: rc.validate(state),
        lambda: rc.state_to_json(state),
    ]
    for call in calls:
        with pytest.raises(TypeError, match=r"is played under (Classic)?Rules, but this one carries"):
            call()


#: The library, typed ``Any`` here: these calls pass what the annotations forbid, on purpose.
lib: Any = rc


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: lib.parse_move([]), "parse_move reads notation from a string, not a list"),
        (lambda: lib.parse_move(None), "parse_move reads notation from a string, not None"),
        (lambda: lib.Move.from_text({}), "parse_move reads notation from a string, not a dict"),
        (lambda: lib.parse_cards(5), "parse_cards reads notation from a string, not an int"),
        (lambda: lib.parse_kinds(b"9"), "parse_kinds reads notation from a string, not a bytes"),
        (lambda: lib.Card.from_text(9), "Card.from_text reads notation from a string, not an int"),
        (lambda: lib.format_cards([1]), "format_cards expects an iterable of Card"),
        (lambda: lib.format_kinds("x"), "format_kinds expects an iterable of Kind"),
        (lambda: lib.move_to_json("draw"), "move_to_dict expects a Move, not a str"),
        (lambda: lib.replay("x"), "replay expects a GameRecord, not a str"),
        (lambda: lib.record_to_json(None), "record_to_dict expects a GameRecord, not None"),
        (lambda: lib.record_game(lib.Rules(), 1, None), "record_game expects an iterable of moves"),
        (lambda: lib.state_to_json(lib.new_game(seed=1), indent=[]), "indent must be an int or None"),
    ],
)
def test_a_wrong_kind_of_argument_is_a_type_error_with_a_sentence(
    call: Callable[[], object], words: str
) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    assert str(caught.value).startswith(words)


def test_an_absurd_indent_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="indent must be from 0 to 16"):
        lib.view_to_json(lib.view(lib.new_game(seed=1), 0), indent=2**80)
