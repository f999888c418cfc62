"""Whole seeded classic games against recorded vectors: every state of each game, pinned by a digest.

The vectors in ``tests/vectors/classic-games.json`` were recorded from this engine: greedy-bot games to
the end at every player count and side layout, and random-bot games of a few rounds (they ask their
partner, take frozen piles and reach the odd corners the greedy bot avoids). Each game is summarised by
its rounds, its winners and ``states_sha256``, a SHA-256 over every move played and the JSON of every
state after it, so a change in any state of any game shows. A change of behaviour under the default rules
means ``RULES_VERSION`` must change too; a deliberate change of the JSON codec changes the digests
without changing behaviour. Regenerate with ``python tests/classic/test_classic_regression.py --write``.

The vectors of classic-1.0 (``tests/vectors/classic-games-1.0.json``) are kept and replayed under the
option set that plays as classic-1.0 did (:data:`LEGACY_OPTIONS`, R-CL-DEC-7), the option added since
and the known cards (``"known"``, R-CL-VIS-1, recorded since) left out of the JSON digested, as it was then.

The current vectors were re-pinned when the state JSON gained ``"known"``: every game, digested with that
key left out, gave the digests pinned before it (moves and states unchanged), so the new digests differ
by the written known cards only.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from railroad_canasta import ClassicRules, ClassicState, Move, new_game
from railroad_canasta.bots import GreedyBot, RandomBot, play_game
from railroad_canasta.io.codec import state_to_dict, state_to_json
from railroad_canasta.variants.classic.rules import RULES_VERSION

VECTORS = Path(__file__).parents[1] / "vectors" / "classic-games.json"
LEGACY_VECTORS = Path(__file__).parents[1] / "vectors" / "classic-games-1.0.json"

#: The options that play as classic-1.0 (the black 3s only as the last cards of the hand, R-CL-DEC-7).
LEGACY_OPTIONS: dict[str, Any] = {"black_threes_last_cards": True}

#: Each game: its name, bot kind, seed and rules options (beyond the defaults).
GAMES: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("greedy-2", "greedy", 7, {"players": 2}),
    ("greedy-3", "greedy", 11, {"players": 3}),
    ("greedy-4", "greedy", 5, {"players": 4}),
    ("greedy-6x3", "greedy", 2, {"players": 6}),
    ("greedy-6x2", "greedy", 3, {"players": 6, "six_player_sides": 2}),
    ("random-2", "random", 17, {"players": 2, "max_rounds": 3}),
    ("random-4", "random", 19, {"players": 4, "max_rounds": 3}),
    ("random-6", "random", 23, {"players": 6, "max_rounds": 3, "concealed_canasta_bonus": True}),
)


def _legacy_json(state: ClassicState) -> str:
    """The JSON of ``state`` as classic-1.0 wrote it: without the options added since, nor the known cards."""
    data = state_to_dict(state)
    del data["known"]
    rules = data["rules"]
    assert isinstance(rules, dict)
    for name in LEGACY_OPTIONS:
        del rules[name]
    return json.dumps(data)


def record(bot: str, seed: int, options: dict[str, Any], legacy: bool = False) -> dict[str, object]:
    """Play one game and summarise it, with the digest of every move and every state after it;
    ``legacy``: under :data:`LEGACY_OPTIONS`, digested as classic-1.0 wrote its states."""
    rules = ClassicRules(**options, **(LEGACY_OPTIONS if legacy else {}))
    encode = _legacy_json if legacy else state_to_json
    digest = hashlib.sha256(encode(new_game(rules, seed=seed)).encode())
    decisions = [0]

    def note(before: ClassicState, move: Move, after: ClassicState) -> None:
        decisions[0] += 1
        digest.update(f"\n{move}\n".encode())
        digest.update(encode(after).encode())

    bots: list[GreedyBot | RandomBot] = [
        RandomBot(seed * 10 + seat) if bot == "random" else GreedyBot() for seat in range(rules.players)
    ]
    final = play_game(rules, seed, bots, on_move=note)
    assert final.result is not None
    return {
        "decisions": decisions[0],
        "rounds": [{"end": r.end, "went_out": r.went_out, "scores": list(r.scores)} for r in final.history],
        "winners": list(final.result.winners),
        "truncated": final.result.truncated,
        "states_sha256": digest.hexdigest(),
    }


def load(path: Path = VECTORS) -> dict[str, Any]:
    """The recorded vectors."""
    data: dict[str, Any] = json.loads(path.read_text())
    return data


@pytest.mark.clause("R-CL-GAM-1", "R-CL-DEA-1", "R-CL-TRN-1", "R-CL-SCO-1")
@pytest.mark.parametrize(("name", "bot", "seed", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_seeded_classic_game_matches_its_vector(
    name: str, bot: str, seed: int, options: dict[str, Any]
) -> None:
    """A seeded classic game passes through exactly the recorded states, and ends as recorded."""
    data = load()
    assert data["rules_version"] == RULES_VERSION
    expected = data["games"][name]
    assert expected["options"] == options and expected["seed"] == seed and expected["bot"] == bot
    got = record(bot, seed, options)
    assert got["states_sha256"] == expected["states_sha256"]
    assert got == {k: v for k, v in expected.items() if k not in ("options", "seed", "bot")}
    assert got["truncated"] or got["winners"]


@pytest.mark.clause("R-CL-DEC-7", "R-CL-GAM-1")
@pytest.mark.parametrize(("name", "bot", "seed", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_classic_1_0_game_replays_under_the_old_options(
    name: str, bot: str, seed: int, options: dict[str, Any]
) -> None:
    """A game pinned under classic-1.0 passes through the same states under the options that play as 1.0."""
    data = load(LEGACY_VECTORS)
    assert data["rules_version"] == "classic-1.0" != RULES_VERSION
    expected = data["games"][name]
    assert expected["options"] == options and expected["seed"] == seed and expected["bot"] == bot
    got = record(bot, seed, options, legacy=True)
    assert got == {k: v for k, v in expected.items() if k not in ("options", "seed", "bot")}


if __name__ == "__main__" and "--write" in sys.argv:
    games = {
        name: {"bot": bot, "seed": seed, "options": options, **record(bot, seed, options)}
        for name, bot, seed, options in GAMES
    }
    VECTORS.write_text(json.dumps({"rules_version": RULES_VERSION, "games": games}, indent=1) + "\n")
