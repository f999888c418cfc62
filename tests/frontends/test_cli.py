"""The command line: version, help, and the narrated demo game."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from railroad_canasta import RULES_VERSION, __version__
from railroad_canasta.cli import main


def test_version_names_package_and_rules_versions(capsys: pytest.CaptureFixture[str]) -> None:
    """--version prints the package version and the rules version, and exits 0."""
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert __version__ in out and RULES_VERSION in out


def test_no_command_prints_help() -> None:
    """With no command the CLI prints its usage and the demo command."""
    out = io.StringIO()
    assert main([], out=out) == 0
    assert "demo" in out.getvalue() and "usage" in out.getvalue()


@pytest.mark.clause("R-GAM-1", "R-SCO-6")
@pytest.mark.parametrize("players", [2, 4, 8])
def test_demo_plays_a_whole_game_to_a_winner(players: int) -> None:
    """demo plays a full greedy-bot game, narrates turns and rounds, and names a winner past 20,000."""
    out = io.StringIO()
    assert main(["demo", "--players", str(players), "--seed", "3"], out=out) == 0
    text = out.getvalue()
    assert "Round 1:" in text and "Round 1 ends" in text
    assert "Totals by round:" in text
    last = text.strip().splitlines()[-1]
    assert " wins after " in last
    points = int(last.split(" with ")[1].split()[0])
    assert points >= 20_000


@pytest.mark.clause("R-GAM-2")
def test_demo_cut_short_says_so() -> None:
    """A demo stopped by --max-rounds says plainly that it was cut short, with no winner."""
    out = io.StringIO()
    assert main(["demo", "--seed", "1", "--max-rounds", "1", "--bot", "random"], out=out) == 0
    assert "cut short after 1 rounds" in out.getvalue()
    assert " wins " not in out.getvalue()


def test_demo_explains_each_choice_of_the_heuristic_bot() -> None:
    """With --explain every choice of a bot that gives reasons is written with its one-line reason."""
    out = io.StringIO()
    assert main(["demo", "--seed", "3", "--max-rounds", "1", "--bot", "heuristic", "--explain"], out=out) == 0
    lines = out.getvalue().splitlines()
    whys = [line for line in lines if " why " in line]
    assert lines[2].startswith("Round 1:") and len(whys) > 50
    assert any("why draw: " in line for line in whys) and any("canasta" in line for line in whys)
    quiet = io.StringIO()
    assert main(["demo", "--seed", "3", "--max-rounds", "1", "--bot", "heuristic"], out=quiet) == 0
    assert [line for line in lines if " why " not in line] == quiet.getvalue().splitlines()


def test_demo_rejects_a_bad_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    """An invalid option value is reported as an error with exit status 2, not a traceback."""
    assert main(["demo", "--players", "9"], out=io.StringIO()) == 2
    assert "players" in capsys.readouterr().err


ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "spec" / "scenarios"


@pytest.mark.clause("R-DEC-12")
def test_check_and_explain_commands() -> None:
    """`check` passes the conformance suite; `explain` names the clause a move breaks and exits 1."""
    out = io.StringIO()
    assert main(["check", str(SCENARIOS)], out=out) == 0
    assert " 0 failed" in out.getvalue()
    out = io.StringIO()
    scenario = SCENARIOS / "interpretations" / "dec-12-pending.toml"
    assert main(["explain", str(scenario), "take-pile 9; meld J J J"], out=out) == 1
    assert "illegal [R-DEC-12]" in out.getvalue()


def test_demo_takes_a_variant() -> None:
    """--variant names the rule set the demo plays; railroad is the default."""
    out = io.StringIO()
    assert main(["demo", "--variant", "railroad", "--seed", "1", "--max-rounds", "1"], out=out) == 0
    assert "Round 1 ends" in out.getvalue()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["demo", "--variant", "bridge"], "demo: argument --variant: invalid choice: 'bridge'"),
        (["demo", "--players", "two"], "demo: argument --players: invalid int value: 'two'"),
        (["fly"], "invalid choice: 'fly'"),
        (["simulte"], "); did you mean simulate? (see railroad-canasta --help)"),
        (["demo", "--variant", "clasic"], "did you mean classic? (see railroad-canasta demo --help)"),
        (["play", "--bots", "gredy"], "did you mean greedy? (see railroad-canasta play --help)"),
        (["simulate", "--gmes", "3", "--sead", "2"], "did you mean --games, --seed? (see"),
        # A rules value is said of the flag it was given with (it said rules.players, or Rules.players).
        (["play", "--players", "9"], "error: --players: must be from 2 to 8, not 9\n"),
        (["demo", "--players=9"], "error: --players: must be from 2 to 8, not 9\n"),
        (["demo", "--max-rounds", "0"], "error: --max-rounds: must be positive, not 0\n"),
        (
            ["simulate", "--players", "3", "--rules", "players=9"],
            "error: --rules players: must be from 2 to 8",
        ),
        (["play", "--rules", "hand_size=0"], "error: --rules hand_size: must be from 1 to 40, not 0\n"),
        (["demo", "--seed", "9" * 90], "invalid seed '" + "9" * 40 + "'... (90 characters): a whole number"),
        # Nothing close enough: no guess (difflib's default cutoff offered --players and --seed here).
        (["demo", "--rules", "x=y"], "demo: unrecognized arguments: --rules x=y (see railroad-canasta demo"),
        (["serve", "--seat", "1"], "serve: unrecognized arguments: --seat 1 (see railroad-canasta serve"),
        (
            ["play", "--rules", "kitty_timng=same-turn"],
            "--rules kitty_timng: unknown option; did you mean kitty_timing?\n",
        ),
        (["explain", str(SCENARIOS / "pile" / "natural-pair.toml")], "no move given"),
        (["check", str(SCENARIOS), "--rules", "nope=1"], "--rules nope: unknown option"),
        (["explain", "missing.toml", "draw"], "missing.toml: file: cannot be read"),
        (["explain", str(SCENARIOS / "pile" / "natural-pair.toml"), "fly"], "'fly' is not a move"),
    ],
)
def test_a_command_line_mistake_is_one_line_and_status_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every mistake on the command line prints one line on stderr, nothing on stdout, and exits 2."""
    out = io.StringIO()
    assert main(argv, out=out) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("railroad-canasta: error: "), err
    assert words in err
    assert out.getvalue() == ""


def test_a_scenario_names_its_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A scenario's optional `variant` key picks the rule set; an unknown one is a one-line error."""
    text = (SCENARIOS / "pile" / "natural-pair.toml").read_text(encoding="utf-8")
    named = tmp_path / "named.toml"
    named.write_text('variant = "railroad"\n' + text, encoding="utf-8")
    assert main(["check", str(named)], out=io.StringIO()) == 0
    unknown = tmp_path / "unknown.toml"
    unknown.write_text('variant = "bridge"\n' + text, encoding="utf-8")
    out = io.StringIO()
    assert main(["check", str(unknown)], out=out) == 2
    assert f"ERROR {unknown}: variant: unknown variant 'bridge' (known: railroad, classic)" in out.getvalue()
    assert main(["explain", str(unknown), "draw"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    known = "(known: railroad, classic)"
    assert err == f"railroad-canasta: error: {unknown}: variant: unknown variant 'bridge' {known}\n"


def _console_examples(text: str) -> list[tuple[list[str], str]]:
    """The ``$ railroad-canasta ...`` commands of a page's console blocks, each with the output shown."""
    examples = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if line.startswith("$ railroad-canasta ") and "..." not in line:
                rest = lines[i + 1 :]
                end = next((j for j, later in enumerate(rest) if later.startswith("$ ")), len(rest))
                examples.append((shlex.split(line[2:])[1:], "\n".join(rest[:end])))
    return examples


def test_the_explain_examples_of_the_scenarios_page_are_what_explain_prints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/scenarios.md shows `explain` output (and its one-line error) exactly as the command prints it."""
    monkeypatch.chdir(ROOT)
    page = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    examples = [(argv, shown) for argv, shown in _console_examples(page) if argv[0] == "explain"]
    assert len(examples) >= 2
    for argv, shown in examples:
        out = io.StringIO()
        status = main(argv, out=out)
        printed = out.getvalue() if status != 2 else capsys.readouterr().err
        assert printed.rstrip("\n") == shown.rstrip("\n"), argv


# ------------------------------------------------------------------------------- issue 11, finding 7


class _ClosedPipe(io.StringIO):
    """An output whose reader went away after the first line, as ``| head -1`` does."""

    def write(self, text: str) -> int:
        if self.getvalue():
            raise BrokenPipeError(32, "Broken pipe")
        return super().write(text)


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--players", "2", "--seed", "7"],
        ["check", str(Path(__file__).parents[2] / "spec/scenarios")],
    ],
)
def test_output_cut_short_ends_quietly(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """`demo | head` and `check ... | head`: no traceback, nothing on stderr, status 141 (SIGPIPE)."""
    assert main(argv, out=_ClosedPipe()) == 141
    assert capsys.readouterr().err == ""


def test_a_scenario_file_that_is_not_utf8_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """check and explain name the file, the place and the problem of a file that is not UTF-8: status 2."""
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'title = "x"\n\xff\xfe')
    out = io.StringIO()
    assert main(["check", str(bad)], out=out) == 2
    assert f"ERROR {bad}: file: is not UTF-8 text: byte 12 (line 2) is 0xff" in out.getvalue()
    assert main(["explain", str(bad), "draw"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err and "not UTF-8" in err


def test_an_override_no_rules_accept_is_a_command_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    """`--rules players=99` is reported once, as the option's mistake, not at every file's expect[1].rules."""
    scenarios = str(Path(__file__).parents[2] / "spec/scenarios")
    assert main(["check", scenarios, "--rules", "players=99"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err == "railroad-canasta: error: --rules Rules.players: must be from 2 to 8, not 99\n"
