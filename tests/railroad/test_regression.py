"""Whole seeded games to the end, against recorded results (one vector per player count).

The vectors in ``tests/vectors/games.json`` were recorded from this engine under the default rules; a
change in any of them means the behaviour under the default rules changed, and then ``RULES_VERSION`` must
change too. Regenerate with ``python tests/railroad/test_regression.py --write`` after a deliberate change.

``tests/vectors/games-1.0.json`` keeps the vectors of rules version railroad-1.0; they are replayed under
:data:`~railroad_canasta.RAILROAD_1_0`, so the 1.0 behaviour stays pinned as an option set.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from railroad_canasta import RAILROAD, RAILROAD_1_0, RULES_VERSION, GameState, Move, Rules
from railroad_canasta.bots import GreedyBot, play_game

VECTORS = Path(__file__).parents[1] / "vectors" / "games.json"
#: The vectors of each earlier rules version, and the option set that replays it.
EARLIER = {"railroad-1.0": (Path(__file__).parents[1] / "vectors" / "games-1.0.json", RAILROAD_1_0)}
SEEDS = {2: 7, 3: 11, 4: 5, 5: 3, 6: 2, 7: 13, 8: 1}


def record(players: int, seed: int, rules: Rules = RAILROAD) -> dict[str, object]:
    """Play one greedy-bot game and summarise it."""
    decisions = [0]

    def count(before: GameState, move: Move, after: GameState) -> None:
        decisions[0] += 1

    final = play_game(rules.replace(players=players), seed, [GreedyBot()] * players, on_move=count)
    assert final.result is not None
    return {
        "players": players,
        "seed": seed,
        "decisions": decisions[0],
        "rounds": [
            {"end": r.end.value, "went_out": r.went_out, "scores": list(r.scores)} for r in final.history
        ],
        "winners": list(final.result.winners),
        "truncated": final.result.truncated,
    }


def load(path: Path = VECTORS) -> dict[str, object]:
    """The recorded vectors."""
    data: dict[str, object] = json.loads(path.read_text())
    return data


def _check(data: dict[str, object], players: int, rules: Rules) -> None:
    games = data["games"]
    assert isinstance(games, list)
    expected = next(g for g in games if g["players"] == players)
    got = record(players, SEEDS[players], rules)
    assert got == expected
    assert got["winners"] and not got["truncated"]
    final_scores = got["rounds"][-1]["scores"]  # type: ignore[index]
    assert max(final_scores) >= rules.target_score


@pytest.mark.clause("R-GAM-1", "R-SCO-6", "R-SET-2", "R-TRN-1")
@pytest.mark.parametrize("players", sorted(SEEDS))
def test_seeded_game_matches_its_vector(players: int) -> None:
    """A greedy-bot game with a fixed seed ends exactly as recorded: rounds, scores, winner, decisions."""
    data = load()
    assert data["rules_version"] == RULES_VERSION
    _check(data, players, RAILROAD)


@pytest.mark.clause("R-DEC-5", "R-DEC-16", "R-DEC-20")
@pytest.mark.parametrize("version", sorted(EARLIER))
@pytest.mark.parametrize("players", sorted(SEEDS))
def test_earlier_rules_versions_replay_under_their_option_set(version: str, players: int) -> None:
    """The vectors of an earlier rules version still come out the same under that version's option set."""
    path, rules = EARLIER[version]
    data = load(path)
    assert data["rules_version"] == version != RULES_VERSION
    _check(data, players, rules)


if __name__ == "__main__" and "--write" in sys.argv:
    VECTORS.write_text(
        json.dumps(
            {"rules_version": RULES_VERSION, "games": [record(n, s) for n, s in sorted(SEEDS.items())]},
            indent=1,
        )
        + "\n"
    )
