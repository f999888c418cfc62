"""Whole seeded games to the end, against recorded results (one vector per player count).

The vectors in ``tests/vectors/games.json`` were recorded from this engine; a
change in any of them means the behaviour under the default rules changed, and
then ``RULES_VERSION`` must change too. Regenerate with
``python tests/test_regression.py --write`` after a deliberate change.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from railroad_canasta import RAILROAD, RULES_VERSION, GameState, Move
from railroad_canasta.bots import GreedyBot, play_game

VECTORS = Path(__file__).parent / "vectors" / "games.json"
SEEDS = {2: 7, 3: 11, 4: 5, 5: 3, 6: 2, 7: 13, 8: 1}


def record(players: int, seed: int) -> dict[str, object]:
    """Play one greedy-bot game and summarise it."""
    decisions = [0]

    def count(before: GameState, move: Move, after: GameState) -> None:
        decisions[0] += 1

    final = play_game(RAILROAD.replace(players=players), seed, [GreedyBot()] * players, on_move=count)
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


def load() -> dict[str, object]:
    """The recorded vectors."""
    data: dict[str, object] = json.loads(VECTORS.read_text())
    return data


@pytest.mark.clause("R-GAM-1", "R-SCO-6", "R-SET-2", "R-TRN-1")
@pytest.mark.parametrize("players", sorted(SEEDS))
def test_seeded_game_matches_its_vector(players: int) -> None:
    """A greedy-bot game with a fixed seed ends exactly as recorded: rounds, scores, winner, decisions."""
    data = load()
    assert data["rules_version"] == RULES_VERSION
    games = data["games"]
    assert isinstance(games, list)
    expected = next(g for g in games if g["players"] == players)
    got = record(players, SEEDS[players])
    assert got == expected
    assert got["winners"] and not got["truncated"]
    final_scores = got["rounds"][-1]["scores"]  # type: ignore[index]
    assert max(final_scores) >= RAILROAD.target_score


if __name__ == "__main__" and "--write" in sys.argv:
    VECTORS.write_text(
        json.dumps(
            {"rules_version": RULES_VERSION, "games": [record(n, s) for n, s in sorted(SEEDS.items())]},
            indent=1,
        )
        + "\n"
    )
