"""The rules lab (``rules_diff``, ``diff-rules``): each decision's readings part on a small table.

For every decision option of both variants the search, on a small budget, finds a scenario on which the
default reading and the other one disagree, and that scenario passes ``check``; two equal rule sets give
none; the same seed gives the same file.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import railroad_canasta as rc
from railroad_canasta.cli import main
from railroad_canasta.scenarios import parse_scenario, run_scenario
from railroad_canasta.scenarios.lab import decision_options, differing_options, other_reading, rules_diff

#: Positions tried by the tests: a few seconds of CPU time for each option.
CI_BUDGET = 2500

DECISIONS = [
    pytest.param(rules_type, option, id=clause)
    for rules_type in (rc.Rules, rc.ClassicRules)
    for clause, option in decision_options(rules_type)
]


def test_every_decision_option_is_found() -> None:
    names = {p.id for p in DECISIONS}
    assert {f"R-DEC-{n}" for n in range(1, 23)} <= names
    assert {f"R-CL-DEC-{n}" for n in range(1, 7)} <= names


@pytest.mark.parametrize(("rules_type", "option"), DECISIONS)
def test_the_readings_part_and_the_file_passes_check(
    rules_type: type[rc.Rules] | type[rc.ClassicRules], option: str, tmp_path: Path
) -> None:
    defaults = rules_type()
    other = other_reading(defaults, option)
    found = rules_diff(defaults, other, budget=CI_BUDGET)
    assert found is not None, f"no difference for {option} within {CI_BUDGET} positions"
    scenario = parse_scenario(found.text, f"{option}.toml")
    report = run_scenario(scenario)
    assert report.passed, report.lines()
    # One expectation per reading, each pinning the option to its value there.
    assert [dict(e.rules)[option] for e in scenario.expectations] == [
        getattr(defaults, option),
        getattr(other, option),
    ]
    assert found.size.moves == len(scenario.expectations[0].after)


@pytest.mark.clause("R-DEC-1")
def test_diff_rules_writes_a_file_that_check_accepts(tmp_path: Path) -> None:
    path = tmp_path / "dec1.toml"
    out = io.StringIO()
    status = main(
        ["diff-rules", "--rules", "frozen_pile_pair_pickup=false", "--budget", "500", "--out", str(path)], out
    )
    assert status == 0, out.getvalue()
    assert "2 players" in out.getvalue()
    check = io.StringIO()
    assert main(["check", str(path)], check) == 0, check.getvalue()
    assert "2 checks: 2 passed" in check.getvalue()


@pytest.mark.clause("R-CL-DEC-5")
def test_diff_rules_symmetric_form_and_classic_print_the_file() -> None:
    out = io.StringIO()
    status = main(
        ["diff-rules", "--variant", "classic", "--a", "pair_joins_meld=true", "--b", "pair_joins_meld=false",
         "--budget", "800"],
        out,
    )  # fmt: skip
    assert status == 0
    scenario = parse_scenario(out.getvalue(), "printed.toml")
    assert scenario.variant == "classic"
    assert "R-CL-DEC-5" in scenario.clauses
    assert run_scenario(scenario).passed


def test_two_readings_neither_the_default_are_both_named() -> None:
    """``--a`` alone (b the defaults) or ``--a``/``--b`` away from the defaults: the title and the question
    name both readings, not "by default" for a reading that is not."""
    out = io.StringIO()
    assert main(["diff-rules", "--a", "kitty_timing=same-turn", "--budget", "300", "--seed", "1"], out) == 0
    scenario = parse_scenario(out.getvalue(), "printed.toml")
    assert scenario.title == "Where the readings part: kitty_timing=same-turn or kitty_timing=any-later-turn"
    assert "the same with kitty_timing=same-turn and with kitty_timing=any-later-turn?" in scenario.question
    assert run_scenario(scenario).passed


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--a", "kitty_timng=same-turn"], "--a kitty_timng: unknown option; did you mean kitty_timing?\n"),
        (["--rules", "players=9"], "--rules players: must be from 2 to 8, not 9"),
        (["--b", "players=9", "--a", "players=3"], "--b players: must be from 2 to 8, not 9"),
        (["--variant", "clasic"], "invalid choice: 'clasic'"),
    ],
)
def test_a_mistake_names_the_flag_it_was_given_with(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["diff-rules", *argv], io.StringIO()) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize("rules", [rc.Rules(), rc.Rules(players=3), rc.ClassicRules()])
def test_equal_rules_part_nowhere(rules: rc.Rules | rc.ClassicRules) -> None:
    assert rules_diff(rules, rules, budget=50) is None
    assert differing_options(rules, rules) == {}


def test_equal_rules_on_the_command_line_say_so_in_one_line() -> None:
    out = io.StringIO()
    status = main(["diff-rules", "--a", "keep_two_cards=true", "--b", "keep_two_cards=yes"], out)
    assert status == 1
    assert out.getvalue().count("\n") == 1
    assert out.getvalue().startswith("no difference found")


def test_no_difference_within_the_budget_is_one_line_with_the_count() -> None:
    # A limit of 50 rounds never shows in the first round, where every position of the search is.
    out = io.StringIO()
    status = main(["diff-rules", "--rules", "max_rounds=50", "--budget", "30"], out)
    assert status == 1
    assert out.getvalue().startswith("no difference found: 30 positions tried in ")
    assert out.getvalue().count("\n") == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["diff-rules"],
        ["diff-rules", "--rules", "no_such_option=1"],
        ["diff-rules", "--rules", "keep_two_cards=maybe"],
        ["diff-rules", "--rules", "keep_two_cards=false", "--a", "keep_two_cards=true"],
        ["diff-rules", "--rules", "keep_two_cards=false", "--budget", "0"],
        ["diff-rules", "--variant", "poker", "--rules", "keep_two_cards=false"],
        ["diff-rules", "--rules", "players=99"],
    ],
)
def test_command_line_mistakes_are_one_line_and_status_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv, io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("railroad-canasta: error: ")


@pytest.mark.clause("R-DEC-10")
def test_the_search_is_seeded_and_repeatable() -> None:
    other = rc.Rules(kitty_timing=rc.KittyTiming.SAME_TURN)
    first = rules_diff(rc.Rules(), other, budget=600, seed=3)
    again = rules_diff(rc.Rules(), other, budget=600, seed=3)
    assert first is not None and again is not None
    assert first.text == again.text
    assert first.size == again.size and first.tried == again.tried


def test_rules_of_two_variants_are_refused() -> None:
    with pytest.raises(rc.RailroadCanastaError, match="different variants"):
        rc.rules_diff(rc.Rules(), rc.ClassicRules(), budget=5)


def test_the_lab_needs_no_hook_for_a_new_option() -> None:
    # Any two rule sets will do, decision or not: the bonus of a red canasta shows in a round's score.
    found = rc.rules_diff(rc.Rules(), rc.Rules(red_canasta_bonus=400), budget=3000)
    assert found is not None
    scenario = parse_scenario(found.text, "bonus.toml")
    assert run_scenario(scenario).passed
    assert [dict(e.rules) for e in scenario.expectations] == [
        {"red_canasta_bonus": 500},
        {"red_canasta_bonus": 400},
    ]
