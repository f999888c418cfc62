"""The scripts in examples/ run and print what they promise."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_play_with_your_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """The custom-bot example plays two rounds and reports them."""
    runpy.run_path(str(EXAMPLES / "play_with_your_bot.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "round 1:" in out and "round 2:" in out and "truncated" in out


def test_drive_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    """The game-loop example refuses an illegal move with its clause and scores a round."""
    runpy.run_path(str(EXAMPLES / "drive_the_engine.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert "refused:" in out and "[R-TRN-2]" in out
    assert "round over after" in out and out.count("player ") == 3


def test_every_example_is_tested() -> None:
    """Each script in examples/ has a test here."""
    names = {p.stem for p in EXAMPLES.glob("*.py")}
    assert names == {"play_with_your_bot", "drive_the_engine"}
