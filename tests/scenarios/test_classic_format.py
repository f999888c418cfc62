"""The scenario format's classic keys and checks: canastas, refused, set, one builder for both variants."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from railroad_canasta import ClassicRules, ClassicState, GameState, Rules
from railroad_canasta.cli.check import check
from railroad_canasta.cli.explain import explain
from railroad_canasta.core.errors import RailroadCanastaError
from railroad_canasta.scenarios import (
    ScenarioError,
    ScenarioErrors,
    build_position,
    parse_scenario,
    run_scenario,
)

ROOT = Path(__file__).resolve().parents[2]

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


#: A meld-phase position and two rows of it that cannot exist: one card without a canasta, five jokers.
TWO_BAD_ROWS = (
    HEAD
    + '[position]\nphase = "meld"\n[[players]]\nhand = "4 5"\nmelds = ["Q Q Q"]\n'
    + '[[expect]]\nset = { "players[0].hand" = "4" }\nlegal = "discard 4"\n'
    + '[[expect]]\nset = { "players[0].hand" = "JK JK JK JK JK" }\nlegal = "discard JK"\n'
)


def test_a_file_reports_every_building_error_at_once() -> None:
    """Every entry is built before the file is refused: each position that cannot exist is one error."""
    text = TWO_BAD_ROWS + '[[expect]]\nplayer = 7\nhand_size = 2\n[[expect]]\nlegal = "discard 4"\n'
    with pytest.raises(ScenarioErrors) as caught:
        run_scenario(parse_scenario(text, "t.toml"))
    fields = [e.field for e in caught.value.errors]
    assert fields == ["expect[1].set: position", "expect[2].set: players[0].hand", "expect[3].player"]
    assert "[R-CL-OUT-1]" in caught.value.errors[0].reason


def test_check_writes_one_error_line_per_error(tmp_path: Path) -> None:
    path = tmp_path / "two.toml"
    path.write_text(TWO_BAD_ROWS, encoding="utf-8")
    out = io.StringIO()
    assert check([str(path)], [], out) == 2
    lines = [line for line in out.getvalue().splitlines() if line.startswith("ERROR")]
    assert [line.split(": ")[1] for line in lines] == ["expect[1].set", "expect[2].set"]


TABLE = ROOT / "spec" / "scenarios" / "classic" / "conformance" / "requirement-table.toml"


def test_explain_honours_an_entrys_set_and_rules() -> None:
    """The fourth row sets the score to 3,000 (requirement 120): after A A JK the 4 may not be discarded."""
    out = io.StringIO()
    assert explain(str(TABLE), "discard 4", out, (), entry=4) == 1
    assert "played: meld A A JK" in out.getvalue()
    assert "discard 4: illegal [R-CL-REQ-1]" in out.getvalue()
    out = io.StringIO()  # the file's own position (score 0, requirement 50): A A JK opens
    assert explain(str(TABLE), "meld A A JK; discard 4", out) == 0


def test_explain_takes_the_entrys_own_move(tmp_path: Path) -> None:
    path = tmp_path / "rows.toml"
    path.write_text(
        HEAD
        + '[position]\nphase = "meld"\n[[players]]\nhand = "K K K 4 5"\n'
        + '[[expect]]\nset = { "players[0].score" = 0 }\nillegal = "meld K K K"\nclause = "R-CL-REQ-1"\n'
        + '[[expect]]\nset = { "players[0].score" = -5 }\nlegal = "meld K K K"\n'
        + "[[expect]]\nhand_size = 5\n",
        encoding="utf-8",
    )
    out = io.StringIO()
    assert explain(str(path), "", out, (), entry=1) == 1
    assert "meld K K K: illegal [R-CL-REQ-1]" in out.getvalue()
    assert explain(str(path), "", io.StringIO(), (), entry=2) == 0
    with pytest.raises(RailroadCanastaError, match="no move given"):
        explain(str(path), "", io.StringIO(), (), entry=3)
    with pytest.raises(ScenarioError, match="there is no entry 4"):
        explain(str(path), "", io.StringIO(), (), entry=4)
