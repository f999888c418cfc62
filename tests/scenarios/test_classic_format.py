"""The scenario format's classic keys and checks: canastas, refused, set, one builder for both variants."""

from __future__ import annotations

import pytest

from railroad_canasta import ClassicRules, ClassicState, GameState, Rules
from railroad_canasta.scenarios import (
    ScenarioError,
    ScenarioErrors,
    build_position,
    parse_scenario,
    run_scenario,
)

HEAD = """
variant = "classic"
title = "t"
question = "q"
clauses = ["R-CL-OUT-1"]
"""

ONE_CARD = (
    HEAD
    + """
[position]
phase = "meld"

[[players]]
hand = "4"
melds = ["Q Q Q"]
"""
)


def _passed(text: str) -> list[bool]:
    return [r.passed for r in run_scenario(parse_scenario(text, "t.toml")).results]


def test_one_builder_for_both_variants() -> None:
    classic = parse_scenario(HEAD + '[position]\nphase = "draw"\n[[expect]]\nlegal = "draw"\n', "c.toml")
    railroad = parse_scenario(
        'title = "t"\nquestion = "q"\nclauses = ["R-PIL-4"]\n[position]\nphase = "draw"\n'
        '[[expect]]\nlegal = "draw"\n',
        "r.toml",
    )
    assert isinstance(build_position(classic), ClassicState)
    assert isinstance(build_position(classic, ClassicRules(players=3)), ClassicState)
    assert isinstance(build_position(railroad), GameState)
    assert isinstance(build_position(railroad, Rules()), GameState)


def test_a_refused_check_names_the_invariant() -> None:
    assert _passed(ONE_CARD + '[[expect]]\nrefused = "R-CL-OUT-1"\n') == [True]
    assert _passed(ONE_CARD + '[[expect]]\nrefused = "R-CL-MLD-1"\n') == [False]
    built = (
        HEAD + '[position]\nphase = "draw"\n[[players]]\nhand = "4 5"\n[[expect]]\nrefused = "R-CL-OUT-1"\n'
    )
    results = run_scenario(parse_scenario(built, "t.toml")).results
    assert [r.passed for r in results] == [False] and "was built" in results[0].outcome


def test_a_refused_position_without_a_refused_check_is_an_error() -> None:
    with pytest.raises(ScenarioError, match=r"\[R-CL-OUT-1\]"):
        run_scenario(parse_scenario(ONE_CARD + '[[expect]]\nlegal = "discard 4"\n', "t.toml"))


def test_an_empty_hand_in_play_is_refused() -> None:
    text = HEAD + '[position]\nphase = "draw"\n[[players]]\nhand = "4 5"\n[[players]]\nhand_size = 0\n'
    with pytest.raises(ScenarioError, match=r"\[R-CL-OUT-2\]"):
        build_position(parse_scenario(text + '[[expect]]\nlegal = "draw"\n', "t.toml"))


def test_canastas_counts_the_sides_canastas() -> None:
    text = (
        HEAD + '[position]\nphase = "draw"\n[[players]]\nhand = "4 5"\nmelds = ["Q Q Q Q Q Q Q", "K K K"]\n'
    )
    assert _passed(text + "[[expect]]\ncanastas = 1\n") == [True]
    assert _passed(text + "[[expect]]\ncanastas = 2\n") == [False]


def test_set_varies_the_position_per_entry() -> None:
    text = (
        HEAD
        + '[position]\nphase = "meld"\n[[players]]\nhand = "K K K 4 5"\n'
        + '[[expect]]\nset = { "players[0].score" = -5 }\nafter = ["meld K K K"]\nopened = true\n'
        + '[[expect]]\nset = { "players[0].score" = 0 }\nillegal = "meld K K K"\nclause = "R-CL-REQ-1"\n'
        + '[[expect]]\nafter = ["meld K K K"]\nopened = true\n'
    )
    assert _passed(text) == [True, True, False]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ('"hand.0" = 1', 'is not "position.KEY"'),
        ("1", "must be a table"),
        ('"players[0].hand" = "X"', "players[0]"),
    ],
)
def test_set_refuses_what_it_cannot_read(changes: str, field: str) -> None:
    text = (
        HEAD
        + '[position]\nphase = "draw"\n[[expect]]\nlegal = "draw"\nset = '
        + ("{ " + changes + " }" if "=" in changes else changes)
    )
    with pytest.raises(ScenarioError, match=field.replace("[", r"\[").replace("]", r"\]")):
        parse_scenario(text + "\n", "t.toml")


def test_a_file_reports_every_error_at_once() -> None:
    text = HEAD + '[position]\nphase = "fly"\n[[expect]]\nlegal = "jump"\n[[expect]]\nillegal = "draw"\n'
    with pytest.raises(ScenarioErrors) as caught:
        parse_scenario(text, "t.toml")
    fields = [e.field for e in caught.value.errors]
    assert fields == ["position.phase", "expect[1].legal", "expect[2].clause"]
    assert str(caught.value).count("t.toml:") == 3
