"""Tests of the volume walk (railroad_canasta.testing.volume) (tooling: no clause markers).

CI runs the walk itself over 100,000 steps (``nox -s tests``); these tests check that it plays what it
says and that it notices a broken state.
"""

from __future__ import annotations

import random

import pytest

from railroad_canasta.testing import volume
from railroad_canasta.variants import VARIANTS


def test_the_walk_plays_every_variant_and_player_count() -> None:
    """A short walk plays the steps asked, every player count of every variant, and repeats from a seed."""
    report = volume.walk(6000, seed=5, game_steps=500)
    assert report.steps == 6000
    counts = {n for v in VARIANTS.values() for n in range(v.metadata.min_players, v.metadata.max_players + 1)}
    assert set(report.by_players) == counts and set(report.by_variant) == set(VARIANTS)
    assert volume.walk(6000, seed=5, game_steps=500) == report
    assert "volume: 6000 steps" in report.summary()


def test_random_rules_vary_the_options() -> None:
    """Random rules draw both readings of the two-way options."""
    rng = random.Random(1)
    seen = {volume.random_rules("railroad", 4, rng).keep_two_cards for _ in range(20)}  # type: ignore[attr-defined]
    assert seen == {True, False}


def test_a_state_that_does_not_come_back_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loader that answers something else makes the walk fail, naming the game to replay."""
    monkeypatch.setattr(volume, "state_from_json", lambda text: text)
    with pytest.raises(volume.VolumeError, match=r"new_game\(.*the JSON round trip changed the state"):
        volume.walk(500, seed=1)


def test_the_command_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m railroad_canasta.testing.volume 300`` prints one summary line and exits 0."""
    assert volume.main(["300", "--seed", "2"]) == 0
    assert "volume: 300 steps" in capsys.readouterr().out
