"""Scenario files: the conformance suite of spec/scenarios/, and the format, loading and commands.

Each scenario file is one test, marked with the clauses it names. Where the engine disagrees with the
spec, the file's test is an expected failure (``ENGINE_DISAGREEMENTS``) until the engine is fixed.
"""

from __future__ import annotations

import io
import re
import tomllib
from pathlib import Path

import attrs
import pytest

from railroad_canasta import Kind, Phase, RailroadCanastaError, RulesError, game
from railroad_canasta.cli.check import check as check_command
from railroad_canasta.cli.explain import explain as explain_command
from railroad_canasta.core.cards import pack_counts
from railroad_canasta.core.guards import GuardOutcome, Violation
from railroad_canasta.core.moves import Move
from railroad_canasta.scenarios import (
    CLAUSE_EFFECTS,
    FILL_ORDER,
    RuleValue,
    Scenario,
    ScenarioError,
    build_position,
    explain_scenario,
    load_scenario,
    parse_rules_override,
    parse_scenario,
    rules_for,
    run_scenario,
    scenario_files,
)
from railroad_canasta.scenarios.explain import _pile_line
from railroad_canasta.testing.invariants import card_census
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.railroad.rules import KittyTiming, Rules, UpcardRule

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "spec" / "scenarios"
SPEC = ROOT / "spec"

#: Scenario files whose expectations follow the spec where the engine does not yet, with the reason.
ENGINE_DISAGREEMENTS: dict[str, str] = {}

# The trace tool (tools/trace.py) counts the clauses of the scenario files from their TOML `clauses`
# keys; its reader of test markers accepts string literals only, so the marker is applied through a name.
_clause_mark = pytest.mark.clause


def _scenario_params() -> list[object]:
    params: list[object] = []
    for path in scenario_files([SCENARIOS]):
        name = path.relative_to(SCENARIOS).as_posix()
        clauses = tomllib.loads(path.read_text(encoding="utf-8")).get("clauses", [])
        marks = [_clause_mark(*clauses)]
        if name in ENGINE_DISAGREEMENTS:
            marks.append(pytest.mark.xfail(strict=True, reason=ENGINE_DISAGREEMENTS[name]))
        params.append(pytest.param(path, marks=marks, id=name))
    return params


@pytest.mark.parametrize("path", _scenario_params())
def test_scenario(path: Path) -> None:
    """Every expectation of the scenario file holds for the engine."""
    report = run_scenario(load_scenario(path))
    assert report.results, f"{path} checks nothing"
    failures = "\n".join(r.line() for r in report.failures)
    assert report.passed, f"{path}:\n{failures}"


def _spec_clauses() -> dict[str, str]:
    """Live clause IDs of spec/*.md with their titles."""
    out: dict[str, str] = {}
    for path in sorted([*SPEC.glob("*.md"), *SPEC.glob("classic/*.md")]):
        if path.name in ("README.md", "sources.md"):
            continue
        for m in re.finditer(r"^### \[(R-(?:[A-Z]+-)+\d+)\] (.*)$", path.read_text(encoding="utf-8"), re.M):
            if not m[2].startswith("Withdrawn"):
                out[m[1]] = m[2]
    return out


def _all_scenarios() -> list[Scenario]:
    return [load_scenario(path) for path in scenario_files([SCENARIOS])]


def test_every_clause_has_a_scenario() -> None:
    """Each live clause of the spec is named by some scenario file, and no file names an unknown clause."""
    clauses = _spec_clauses()
    named = {c for s in _all_scenarios() for c in s.clauses}
    assert len(clauses) >= 74
    assert sorted(set(clauses) - named) == []
    assert sorted(named - set(clauses)) == []


def _decision_options() -> dict[str, str]:
    """R-DEC clause ID -> the Rules option named by its ``Option:`` line."""
    text = (SPEC / "interpretations.md").read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        head = re.match(r"\[(R-DEC-\d+)\]", block)
        option = re.search(r"^Option: `Rules\.(\w+)`", block, re.M)
        if head and option:
            out[head[1]] = option[1]
    return out


def test_every_decision_is_checked_under_both_readings() -> None:
    """Each R-DEC clause has scenario checks under the default value of its option and under another value."""
    options = _decision_options()
    assert len(options) == 22
    seen: dict[str, set[object]] = {clause: set() for clause in options}
    for scenario in _all_scenarios():
        for clause in set(scenario.clauses) & set(options):
            for expectation in scenario.expectations:
                rules = rules_for(scenario, (), expectation.rules)
                seen[clause].add(getattr(rules, options[clause]))
    default = Rules()
    for clause, option in options.items():
        values = seen[clause]
        assert getattr(default, option) in values, f"{clause}: no expectation under the default {option}"
        assert values - {getattr(default, option)}, f"{clause}: no expectation under another {option}"


def classic_decision_options() -> dict[str, str]:
    """R-CL-DEC clause ID -> the ClassicRules option named by its ``Option:`` line."""
    text = (SPEC / "classic" / "interpretations.md").read_text(encoding="utf-8")
    options: dict[str, str] = {}
    for block in re.split(r"^### ", text, flags=re.M)[1:]:
        head = re.match(r"\[(R-CL-DEC-\d+)\]", block)
        option = re.search(r"^Option: `ClassicRules\.(\w+)`", block, re.M)
        if head and option:
            options[head[1]] = option[1]
    return options


def test_every_classic_decision_is_checked_under_both_readings() -> None:
    """Each R-CL-DEC clause has classic scenario checks under the default of its option and another value."""
    options = classic_decision_options()
    assert len(options) == 7
    seen: dict[str, set[object]] = {clause: set() for clause in options}
    for scenario in _all_scenarios():
        for clause in set(scenario.clauses) & set(options):
            for expectation in scenario.expectations:
                seen[clause].add(getattr(rules_for(scenario, (), expectation.rules), options[clause]))
    default = ClassicRules()
    for clause, name in options.items():
        assert getattr(default, name) in seen[clause], f"{clause}: none under the default {name}"
        assert seen[clause] - {getattr(default, name)}, f"{clause}: no expectation under another {name}"


def _other_value(name: str) -> RuleValue:
    value = getattr(ClassicRules(), name)
    return (not value) if isinstance(value, bool) else {3: 2, 2: 3}[value]  # (six_player_sides)


@pytest.mark.parametrize("clause", sorted(classic_decision_options()))
def test_a_classic_decision_check_fails_under_the_other_reading(clause: str) -> None:
    """Some check of the classic files naming the decision passes as written and fails with its option
    flipped on the command line's layer (entries pinning the option keep their pin): the suite says which
    reading the engine plays."""
    option = classic_decision_options()[clause]
    flipped = ((option, _other_value(option)),)
    telling: list[str] = []
    for scenario in _all_scenarios():
        if clause not in scenario.clauses:
            continue
        as_written = run_scenario(scenario).results
        try:
            under_other = run_scenario(scenario, flipped).results
        except ScenarioError:
            continue  # the position cannot exist under the other reading: no check tells them apart
        pairs = zip(as_written, under_other, strict=True)
        telling += [f"{scenario.file} [{a.expectation}]" for a, b in pairs if a.passed and not b.passed]
    assert telling, f"{clause}: no scenario check fails with {option}={_other_value(option)}"


def _printed_guards(lines: list[str]) -> list[tuple[str, str, str, str | None]]:
    """The guard table as `explain` printed it: ``(clause, status, rule, reason)`` rows, in print order."""
    rows: list[tuple[str, str, str, str | None]] = []
    start = next(i for i, line in enumerate(lines) if line.startswith("guards of ")) + 1
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        if line.strip().startswith("-> "):
            clause, status, rule, _ = rows[-1]
            rows[-1] = (clause, status, rule, line.strip()[3:])
            continue
        match = re.match(r"^  (\S+) +(ok|fails|not reached)  +(.*)$", line)
        assert match, f"not a guard row: {line!r}"
        rows.append((match[1], match[2], match[3], None))
    return rows


def _refused_moves() -> list[object]:
    """Every ``illegal`` check of the suite: the scenario (in the entry's position, when its ``set`` varies
    the file's), the expectation's rules, and the moves to play."""
    params: list[object] = []
    for scenario in _all_scenarios():
        name = Path(scenario.file).relative_to(SCENARIOS).as_posix()
        if name in ENGINE_DISAGREEMENTS:
            continue
        for expectation in scenario.expectations:
            for check in expectation.checks:
                if check.key == "illegal":
                    assert check.move is not None and check.clause is not None
                    moves = (*expectation.after, check.move)
                    varied = (
                        scenario
                        if expectation.start is None
                        else attrs.evolve(scenario, start=expectation.start)
                    )
                    params.append(
                        pytest.param(
                            varied,
                            expectation.rules,
                            moves,
                            check.clause,
                            id=f"{name}[{expectation.index}]",
                        )
                    )
    return params


@pytest.mark.parametrize(("scenario", "pins", "moves", "clause"), _refused_moves())
def test_explain_prints_the_engine_guard_table_for_each_move_the_suite_refuses(
    scenario: Scenario, pins: tuple[tuple[str, RuleValue], ...], moves: tuple[Move, ...], clause: str
) -> None:
    """For each illegal move of the suite, `explain` prints the move's guard table as the engine evaluates it,
    in the table's order; the clause the suite expects is the first failing guard, which is what
    `why_illegal` answers."""
    rules = rules_for(scenario, (), pins)
    state = build_position(scenario, rules)
    for move in moves[:-1]:
        state = game.apply(state, move)
    table = game.explain_move(state, moves[-1])
    printed = _printed_guards(explain_scenario(scenario, moves, rules).lines())
    assert printed == [(g.clause, g.status, g.rule, g.reason) for g in table]
    failing = [row for row in printed if row[1] == "fails"]
    assert failing and failing[0][0] == clause
    assert Violation(failing[0][0], failing[0][3] or "") == game.why_illegal(state, moves[-1])
    assert clause in [row[0] for row in printed]


def test_explain_effects_name_spec_clauses() -> None:
    """The clauses `explain` names for what a legal move does are live clauses of the spec."""
    cited = {c for effects in CLAUSE_EFFECTS.values() for c in effects}
    assert sorted(cited - set(_spec_clauses())) == []


def test_check_command_passes_the_suite_but_for_known_disagreements() -> None:
    """`check` over spec/scenarios fails only in the files listed as engine disagreements."""
    out = io.StringIO()
    status = check_command([str(SCENARIOS)], [], out)
    text = out.getvalue()
    assert status == (1 if ENGINE_DISAGREEMENTS else 0), text
    failing: set[str] = set()
    current = ""
    for line in text.splitlines():
        if line.startswith(str(SCENARIOS)):
            current = Path(line.split(": ", 1)[0]).relative_to(SCENARIOS).as_posix()
        elif line.strip().startswith("FAIL"):
            failing.add(current)
    assert failing == set(ENGINE_DISAGREEMENTS)
    assert "ERROR" not in text


# ------------------------------------------------------------------------------------ format tests

POSITION = """\
title = "A natural pair takes a frozen pile"
question = "May I take a frozen pile with a natural pair?"
clauses = ["R-PIL-4", "R-DEC-1"]

[position]
phase = "draw"
pile = "4 JK K 9"

[[players]]
hand = "9 9 Q Q Q 5 4"
"""


def _scenario(expect: str, position: str = POSITION) -> Scenario:
    return parse_scenario(position + "\n" + expect, "test.toml")


def _error(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "bad.toml")
    return caught.value


def _build_error(text: str, rules: Rules | None = None) -> ScenarioError:
    scenario = parse_scenario(text, "bad.toml")
    with pytest.raises(ScenarioError) as caught:
        build_position(scenario, rules)
    return caught.value


def test_a_right_expectation_passes_and_names_the_clauses() -> None:
    """A legal move expected legal passes, listing the clauses the scenario names."""
    report = run_scenario(_scenario('[[expect]]\nlegal = "take-pile 9"\n'))
    assert report.passed
    assert report.results[0].clauses == ("R-PIL-4", "R-DEC-1")
    assert report.results[0].line().startswith("PASS [1] take-pile 9 is legal")


def test_a_wrong_legality_expectation_shows_what_the_engine_said() -> None:
    """Expecting an illegal move legal fails with the engine's clause and reason."""
    report = run_scenario(_scenario('[[expect]]\nlegal = "take-top"\n'))
    assert not report.passed
    line = report.failures[0].line()
    assert line.startswith("FAIL [1] expected take-top legal; engine: take-top is illegal [R-PIL-5]")
    assert "frozen" in line
    assert report.failures[0].clauses == ("R-PIL-5",)


def test_a_wrong_clause_expectation_shows_the_clause_broken() -> None:
    """Expecting the wrong clause for an illegal move fails, naming the clause the engine gives."""
    report = run_scenario(_scenario('[[expect]]\nillegal = "take-top"\nclause = "R-PIL-3"\n'))
    assert (
        "expected take-top illegal [R-PIL-3]; engine: take-top is illegal [R-PIL-5]"
        in report.failures[0].line()
    )


def test_a_wrong_state_expectation_shows_the_actual_state() -> None:
    """A wrong hand after some moves fails with the hand the engine has."""
    report = run_scenario(_scenario('[[expect]]\nafter = ["take-pile 9"]\nhand = "Q Q Q"\n'))
    line = report.failures[0].line()
    assert "after take-pile 9: expected player 0 hand Q Q Q; engine: player 0 hand K Q Q Q 5 4 4 JK" in line


def test_a_wrong_score_expectation_shows_the_breakdown() -> None:
    """A wrong score part fails and prints the whole breakdown of the engine."""
    position = POSITION.replace('phase = "draw"', 'phase = "meld"').replace("9 9 Q Q Q 5 4", "7")
    position = position.replace('pile = "4 JK K 9"', 'pile = "4"') + 'melds = ["A A A"]\nkitty = "4 4"\n'
    report = run_scenario(_scenario('[[expect]]\nafter = ["end-round"]\nscore = { total = 0 }\n', position))
    assert (
        "engine: player 0 score melded 60, canasta_bonus 0, red_threes 0, going_out 0, hand_penalty -5, "
        in (report.failures[0].line())
    )
    assert "total 45" in report.failures[0].line()


def test_an_illegal_move_in_after_fails_the_expectation() -> None:
    """A move of `after` the engine refuses fails every check of its entry, saying which move and why."""
    report = run_scenario(_scenario('[[expect]]\nafter = ["take-top"]\nphase = "meld"\n'))
    assert "engine: after[0] take-top is illegal [R-PIL-5]" in report.failures[0].line()


def test_moves_lists_exact_include_and_exclude() -> None:
    """The legal-move checks compare sets and explain a missing move by its clause."""
    report = run_scenario(
        _scenario(
            '[[expect]]\nmoves = ["draw", "take-pile 9"]\n'
            '[[expect]]\nmoves_include = ["take-top"]\n'
            '[[expect]]\nmoves_exclude = ["take-pile 9"]\n'
        )
    )
    passed = [r.passed for r in report.results]
    assert passed == [True, False, False]
    assert "missing: take-top: illegal [R-PIL-5]" in report.results[1].line()
    assert "(including take-pile 9)" in report.results[2].line()


def test_expectation_rules_pins_and_overrides_are_layered() -> None:
    """File rules < command-line overrides < an expectation's own pins."""
    scenario = _scenario(
        '[[expect]]\nlegal = "take-pile 9"\n'
        '[[expect]]\nrules = { frozen_pile_pair_pickup = true }\nlegal = "take-pile 9"\n'
    )
    report = run_scenario(scenario, [parse_rules_override("frozen_pile_pair_pickup=false")])
    assert [r.passed for r in report.results] == [False, True]
    assert "illegal [R-DEC-1]" in report.results[0].outcome
    assert report.results[1].context == "with frozen_pile_pair_pickup=true: "


def test_parse_rules_override_reads_each_type() -> None:
    """Overrides read booleans, integers, none and enum values; bad ones raise RulesError."""
    assert parse_rules_override("keep_two_cards=no") == ("keep_two_cards", False)
    assert parse_rules_override("players=4") == ("players", 4)
    assert parse_rules_override("max_rounds=none") == ("max_rounds", None)
    assert parse_rules_override("wild-upcard=return") == ("wild_upcard", UpcardRule.RETURN)
    assert parse_rules_override("kitty_timing=SAME_TURN") == ("kitty_timing", KittyTiming.SAME_TURN)
    for bad, words in [
        ("nope=1", "nope: unknown option"),
        ("players=two", "players: must be an integer"),
        ("kitty_timing=never", "kitty_timing: must be one of"),
        ("players", "write an override as option=value"),
        ("requirement_table=0:50", "requirement_table: cannot be given as text"),
    ]:
        with pytest.raises(RulesError, match=words):
            parse_rules_override(bad)


@pytest.mark.parametrize(
    ("text", "field", "reason"),
    [
        ("title = 'x'\nquestion = 'y'\nclauses = ['R-PIL-4']\ncolour = 'red'\n", "colour", "unknown key"),
        (POSITION + "\n[[expect]]\nlegal = 'draw'\nwhen = 'now'\n", "expect[1].when", "unknown key"),
        (POSITION + "stack = 3\n[[expect]]\nlegal = 'draw'\n", "players[0].stack", "unknown key"),
        (
            POSITION.replace("[position]", "[position]\ntop = '9'") + "[[expect]]\nlegal = 'draw'\n",
            "position.top",
            "unknown key",
        ),
        (
            POSITION + "[rules]\nfrozen = true\n[[expect]]\nlegal = 'draw'\n",
            "rules.frozen",
            "unknown option",
        ),
        (
            POSITION + "[rules]\nplayers = 'two'\n[[expect]]\nlegal = 'draw'\n",
            "rules.players",
            "must be an integer",
        ),
        (POSITION + "[rules]\nplayers = 9\n[[expect]]\nlegal = 'draw'\n", "rules.players", "from 2 to 8"),
        (
            POSITION + "[rules]\nkitty_timing = 'later'\n[[expect]]\nlegal = 'draw'\n",
            "rules.kitty_timing",
            "'any-later-turn', 'same-turn'",
        ),
        (POSITION.replace("9 9 Q", "9 9 X"), "players[0].hand", "'X' is not a card"),
        (POSITION + "[[expect]]\nillegal = 'take-top'\n", "expect[1].clause", "required with illegal"),
        (
            POSITION + "[[expect]]\nafter = ['draw 2']\nphase = 'meld'\n",
            "expect[1].after[0]",
            "is not a move",
        ),
        (POSITION + "[[expect]]\nafter = ['draw']\n", "expect[1]", "states nothing"),
        (POSITION, "expect", "at least one [[expect]]"),
        (
            POSITION.replace('clauses = ["R-PIL-4", "R-DEC-1"]', 'clauses = ["PIL-4"]')
            + "[[expect]]\nlegal = 'draw'\n",
            "clauses[0]",
            "not a clause ID",
        ),
        (
            POSITION.replace('title = "A natural pair takes a frozen pile"', "")
            + "[[expect]]\nlegal = 'draw'\n",
            "title",
            "is required",
        ),
        (POSITION + "[[expect]]\nlegal = 'draw'\nphase = 'later'\n", "expect[1].phase", "must be one of"),
        (
            POSITION + "[[expect]]\nlegal = 'draw'\nscore = { bonus = 1 }\n",
            "expect[1].score.bonus",
            "unknown part",
        ),
        (POSITION + "melds = ['9 9 K']\n[[expect]]\nlegal = 'draw'\n", "players[0].melds[0]", "one rank"),
        (POSITION + "[[expect]\n", "toml", "not valid TOML"),
        (POSITION + "[deal]\nseed = 1\n", "deal", "either dealt"),
        ("variant = 'bridge'\n" + POSITION + "[[expect]]\nlegal = 'draw'\n", "variant", "unknown variant"),
    ],
)
def test_malformed_files_name_file_field_and_reason(text: str, field: str, reason: str) -> None:
    """A malformed scenario raises ScenarioError with the file, the field path and a reason."""
    error = _error(text)
    assert error.file == "bad.toml"
    assert error.field == field
    assert reason in error.reason
    assert str(error).splitlines()[0] == f"bad.toml: {field}: {error.reason}"  # the first of all errors


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        (("9 9 Q Q Q 5 4", "A A A A A A A A A A A A A A A A A"), "players[0].hand", "too many A"),
        (("hand = ", "melds = ['A A A A A A A A A']\nhand = "), "players[0].melds[0]", "at most 7 cards"),
        (("hand = ", "melds = ['8 2 JK']\nhand = "), "players[0].melds[0]", "at least 2 natural"),
        (("hand = ", "melds = ['7 7 JK']\nhand = "), "players[0].melds[0]", "[R-DEC-8]"),
        (("hand = ", "melds = ['K K K', 'K K K 2']\nhand = "), "players[0].melds[1]", "[R-MLD-3]"),
        (("9 9 Q Q Q 5 4", "9 9 R3"), "players[0].hand", "red 3s go down at once"),
        (
            ("hand = ", "melds = ['Q Q Q Q Q Q Q']\ncanastas = ['black']\nhand = "),
            "players[0].canastas",
            "red",
        ),
        (("hand = ", "melds = ['Q Q Q']\nmay_look = true\nhand = "), "players[0].may_look", "[R-KIT-1]"),
        (("hand = ", "kitty = 'taken'\nhand = "), "players[0].kitty", "[R-KIT-2]"),
        (
            ('pile = "4 JK K 9"', 'pile = "4 K 9"\npile_frozen = true'),
            "position.pile_frozen",
            "list that card",
        ),
        (
            ('pile = "4 JK K 9"', 'pile = "4 JK K 9"\npile_frozen = false'),
            "position.pile_frozen",
            "frozen until",
        ),
        (('pile = "4 JK K 9"', 'pile = "4 R3 9"'), "position.pile", "never discarded"),
        (('phase = "draw"', 'phase = "draw"\nto_move = 2'), "position.to_move", "no seat 2"),
        (("hand = ", "opened = false\nmelds = ['K K K']\nhand = "), "players[0].opened", "[R-MLD-6]"),
        (('phase = "draw"', 'phase = "kitty"'), "position.phase", "kitty phase"),
        (('phase = "draw"', 'phase = "draw"\nstock = 0'), "position.stock", "nowhere to go"),
        (("hand = ", "melds = ['B3 B3 B3']\nhand = "), "players[0].melds[0]", "[R-MLD-5]"),
        (("hand = ", "opened = true\nhand = "), "players[0].opened", "[R-REQ-1]"),
        (
            ('phase = "draw"', 'phase = "meld"\npending = "K"'),
            "position.pending",
            "the pile is empty [R-DEC-12]",
        ),
        (('hand = "9 9 Q Q Q 5 4"', "hand_size = 0"), "players[0].hand_size", "[R-HND-1]"),
        (('phase = "draw"', 'phase = "draw"\nturn_canasta = true'), "position.turn_canasta", "[R-DEC-10]"),
        (('phase = "draw"', 'phase = "draw"\npending = "9"'), "position.pending", "[R-DEC-12]"),
    ],
)
def test_impossible_positions_are_refused(change: tuple[str, str], field: str, reason: str) -> None:
    """A position that cannot exist is refused when built, naming the field and the rule it breaks."""
    position = POSITION.replace(*change) + "\n[[players]]\nkitty = '4'\n"
    if field == "position.stock":
        position = POSITION.replace(*change) + "kitty = '4'\n[[players]]\nkitty = '4'\nhand = '5'\n"
    error = _build_error(position + "[[expect]]\nlegal = 'draw'\n")
    assert (error.file, error.field) == ("bad.toml", field)
    assert reason in error.reason


def test_an_opening_that_already_meets_the_requirement_is_refused() -> None:
    """Melds laid this turn (opened = false) that already meet the requirement break R-REQ-1, reported at
    the mover's opened."""
    text = POSITION.replace('phase = "draw"', 'phase = "meld"').replace(
        "hand = ", "opened = false\nmelds = ['A A A A']\nhand = "
    )
    error = _build_error(text + "[[players]]\nkitty = '4'\n[[expect]]\nlegal = 'discard 4'\n")
    assert (error.field, error.reason) == (
        "players[0].opened",
        "must be the value melded this turn, short of the requirement [R-REQ-1] (state field turn_points)",
    )


def test_a_position_impossible_under_one_reading_is_refused_only_there() -> None:
    """A mixed meld of 7s is a valid position when the alternative reading of R-DEC-8 is pinned."""
    text = POSITION.replace("hand = ", "melds = ['7 7 7 JK']\nhand = ") + "[[expect]]\nlegal = 'draw'\n"
    state = build_position(parse_scenario(text), Rules(sevens_natural_only=False))
    assert state.players[0].melds[0].wilds == 1
    assert "[R-DEC-8]" in _build_error(text).reason


def test_the_pack_adds_up_and_the_fill_order_is_followed() -> None:
    """Cards left out fill the unspecified hand, then the kitties, then the stock, plain naturals first."""
    state = build_position(_scenario("[[expect]]\nlegal = 'draw'\n"), Rules())
    rules = state.rules
    assert card_census(state) == pack_counts(rules.players, rules.decks_per_player, rules.jokers_per_player)
    assert state.players[1].hand_size == rules.hand_size
    assert state.players[1].hand[Kind.FOUR] == 13  # 13 of the 14 fours not placed
    assert [p.kitty_size for p in state.players] == [11, 11]
    assert state.stock[-1] is Kind.SIX and state.stock[0] is Kind.RED_THREE
    assert FILL_ORDER[-1] is Kind.RED_THREE
    assert state.pile_frozen and state.phase is Phase.DRAW and state.dealer == 1


def test_a_fixed_stock_sends_the_rest_to_the_unspecified_kitties() -> None:
    """With `stock` given, stock_top is on top and the kitties left unspecified share the leftover cards."""
    text = POSITION.replace('phase = "draw"', 'phase = "draw"\nstock = 5\nstock_top = "K A"')
    state = build_position(_scenario("[[expect]]\nlegal = 'draw'\n", text), Rules())
    assert len(state.stock) == 5 and state.stock[-2:] == (Kind.KING, Kind.ACE)
    total = 212 - 7 - 4 - 13 - 5
    assert sorted(p.kitty_size for p in state.players) == [total // 2, total - total // 2]


def test_dealt_scenarios_start_a_new_game() -> None:
    """A [deal] scenario is the new game dealt from its seed under the expectation's rules."""
    scenario = parse_scenario(
        "title = 't'\nquestion = 'q'\nclauses = ['R-SET-4']\n[deal]\nseed = 34\n"
        "[[expect]]\npile = '2'\n[[expect]]\nrules = { wild_upcard = 'return' }\npile = '8'\n"
    )
    assert run_scenario(scenario).passed


def test_check_command_prints_pass_and_fail_and_sets_the_status(tmp_path: Path) -> None:
    """`check` prints every check and returns 0 when all pass, 1 on a failure, 2 on a malformed file."""
    good = tmp_path / "good.toml"
    good.write_text(POSITION + '[[expect]]\nlegal = "take-pile 9"\n', encoding="utf-8")
    out = io.StringIO()
    assert check_command([str(good)], [], out) == 0
    assert "PASS [1] take-pile 9 is legal [clauses: R-PIL-4, R-DEC-1]" in out.getvalue()
    assert out.getvalue().endswith("1 file, 1 checks: 1 passed, 0 failed\n")
    out = io.StringIO()
    assert check_command([str(tmp_path)], ["frozen_pile_pair_pickup=false"], out) == 1
    assert "FAIL [1] expected take-pile 9 legal; engine: take-pile 9 is illegal [R-DEC-1]" in out.getvalue()
    assert "rules overrides: frozen_pile_pair_pickup=false" in out.getvalue()
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "bad.toml").write_text(POSITION + "[[expect]]\nlegal = 'fly'\n", encoding="utf-8")
    out = io.StringIO()
    assert check_command([str(tmp_path)], [], out) == 2
    assert f"ERROR {tmp_path / 'sub' / 'bad.toml'}: expect[1].legal: 'fly' is not a move" in out.getvalue()
    with pytest.raises(RailroadCanastaError, match=r"--rules nope: unknown option"):
        check_command([str(good)], ["nope=1"], io.StringIO())
    (tmp_path / "empty").mkdir()
    with pytest.raises(RailroadCanastaError, match="no scenario files"):
        check_command([str(tmp_path / "empty")], [], io.StringIO())


def test_explain_command_gives_the_decision_and_the_guard_table(tmp_path: Path) -> None:
    """`explain` prints the verdict and the move's guard table; it returns 0 for legal, 1 for illegal."""
    path = tmp_path / "s.toml"
    path.write_text(POSITION + '[[expect]]\nlegal = "take-pile 9"\n', encoding="utf-8")
    out = io.StringIO()
    assert explain_command(str(path), "take-pile 9", out) == 0
    text = out.getvalue()
    assert "take-pile 9: legal" in text and "clauses named by the scenario: R-PIL-4, R-DEC-1" in text
    assert " fails " not in text and "after it: meld phase, player 0 to move" in text
    out = io.StringIO()
    assert explain_command(str(path), "take-top", out) == 1
    lines = out.getvalue().splitlines()
    assert "take-top: illegal [R-PIL-5]: the pile is frozen" in "\n".join(lines)
    failing = [row for row in _printed_guards(lines) if row[1] == "fails"]
    assert len(failing) == 1 and failing[0][0] == "R-PIL-5" and "frozen" in (failing[0][3] or "")
    out = io.StringIO()
    assert explain_command(str(path), "take-pile 9; meld Q Q Q; discard 4", out) == 0
    assert "played: take-pile 9" in out.getvalue()
    out = io.StringIO()
    assert explain_command(str(path), "take-pile 9", out, ["frozen_pile_pair_pickup=false"]) == 1
    assert "take-pile 9: illegal [R-DEC-1]" in out.getvalue()


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("fly", "'fly' is not a move"),
        (" ; ", "no move given"),
        ("take-top; draw", "take-top cannot be played first: illegal [R-PIL-5]"),
    ],
)
def test_explain_command_refuses_what_it_cannot_explain(tmp_path: Path, moves: str, message: str) -> None:
    """A move that cannot be read, or an illegal move before the last, is an error (exit 2 in the CLI)."""
    path = tmp_path / "s.toml"
    path.write_text(POSITION + '[[expect]]\nlegal = "take-pile 9"\n', encoding="utf-8")
    with pytest.raises(RailroadCanastaError, match=re.escape(message)):
        explain_command(str(path), moves, io.StringIO())


def test_explain_notes_a_guard_table_that_disagrees_with_why_illegal() -> None:
    """If the engine's guard table and `why_illegal` ever disagree, `explain` says so rather than hide it."""
    scenario = _scenario('[[expect]]\nlegal = "take-pile 9"\n')
    illegal = explain_scenario(scenario, [Move.from_text("take-top")])
    legal = explain_scenario(scenario, [Move.from_text("take-pile 9")])
    assert illegal.disagreements() == [] and legal.disagreements() == []
    wrong = GuardOutcome("R-PIL-3", "no black 3 on top stops the pile", "fails", "stopped")
    assert (
        "the first failing guard says [R-PIL-3] stopped" in attrs.evolve(illegal, guards=(wrong,)).lines()[-2]
    )
    assert any("the move is legal, yet" in line for line in attrs.evolve(legal, guards=(wrong,)).lines())
    ok = GuardOutcome("R-PIL-5", "the pile is not frozen", "ok")
    assert "no guard of the table fails" in attrs.evolve(illegal, guards=(ok,)).disagreements()[0]


def test_scenario_files_skip_hidden_directories(tmp_path: Path) -> None:
    """Directories are searched recursively for .toml files, skipping hidden ones."""
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "a.toml").write_text("", encoding="utf-8")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "c.toml").write_text("", encoding="utf-8")
    assert scenario_files([tmp_path]) == [tmp_path / "b" / "c.toml"]


@pytest.mark.parametrize(
    ("size", "top", "status", "stock", "line"),
    [
        (0, None, "", 95, "pile: empty; stock: 95 cards"),
        (1, "4", "", 1, "pile: 1 card, top 4; stock: 1 card"),
        (4, "9", " frozen", 166, "pile: 4 cards, top 9 frozen; stock: 166 cards"),
    ],
)
def test_the_explained_position_counts_its_cards_in_words(
    size: int, top: str | None, status: str, stock: int, line: str
) -> None:
    """An empty pile names no top card (classic said "0 cards, top None"); one card is "1 card"."""
    assert _pile_line(size, top, status, stock) == line
