"""Regression tests of issue 24, finding 2: a classic save is held to every game-level fact a Railroad
save is (the seed's bound, the dealer it chose, the rounds played, side scores against the history, the
result), by the same code (:mod:`railroad_canasta.core.game_facts`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import railroad_canasta as rc
from railroad_canasta.bots import bot_named

Doc = dict[str, Any]


def _round_one() -> rc.ClassicState:
    return rc.apply(rc.new_game(rc.ClassicRules(players=4), seed=3), "draw")


def _refused(state: rc.ClassicState, edit: Callable[[Doc], None], clause: str, path: str) -> None:
    doc = json.loads(rc.state_to_json(state))
    edit(doc)
    with pytest.raises(rc.RecordError) as caught:
        rc.state_from_json(json.dumps(doc))
    assert caught.value.path.startswith(path) and clause in str(caught.value)


@pytest.mark.parametrize(
    ("edit", "clause", "path"),
    [
        (
            lambda d: d.__setitem__("result", {"winners": [0], "truncated": False, "scores": [0, 0]}),
            "R-CL-GAM-1",
            "result",
        ),
        (lambda d: d["sides"][0].__setitem__("score", 100), "R-CL-SCO-1", "sides[0].score"),
        (lambda d: d.__setitem__("round", 5), "R-CL-SCO-1", "history"),
        (lambda d: d.__setitem__("dealer", (d["dealer"] + 1) % 4), "R-CL-DEA-1", "dealer"),
        (lambda d: d.__setitem__("seed", 2**4000), "R-CL-DEA-1", "seed"),
    ],
    ids=["result-mid-round", "side-score", "round", "dealer", "seed-bits"],
)
def test_the_issues_impossible_classic_facts_are_refused(
    edit: Callable[[Doc], None], clause: str, path: str
) -> None:
    state = _round_one()
    rc.validate(state)
    _refused(state, edit, clause, path)


@pytest.fixture(scope="module")
def later_round() -> rc.ClassicState:
    """A classic game after its first round was scored, in its second round."""
    state = rc.new_game(rc.ClassicRules(players=2, max_rounds=3), seed=11)
    bots = [bot_named("greedy", seed=i, variant="classic") for i in range(2)]
    while not state.history:
        state = rc.apply(
            state, bots[state.to_move].choose(rc.view(state, state.to_move), rc.legal_moves(state))
        )
    assert state.phase.value == "round-over"
    return rc.apply(state, "next-round")


def test_an_edited_history_score_is_refused(later_round: rc.ClassicState) -> None:
    rc.validate(later_round)
    assert later_round.round == 2 and len(later_round.history) == 1

    def edit(d: Doc) -> None:
        d["history"][0]["scores"][0] += 5

    _refused(later_round, edit, "R-CL-SCO-1", "history[0].scores")

    def both(d: Doc) -> None:  # (the side's score edited with it: the breakdown no longer sums to it)
        d["history"][0]["scores"][0] += 5
        d["sides"][0]["score"] += 5

    _refused(later_round, both, "R-CL-SCO-1", "history[0].scores")

    def renumbered(d: Doc) -> None:
        d["history"][0]["round"] = 2

    _refused(later_round, renumbered, "R-CL-SCO-1", "history[0].round")
