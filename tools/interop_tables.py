"""Write docs/actions.md and docs/observation.md: every variant's action table and observation layout.

Run it after a new numbering or layout; the tests check that the pages match the code.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from railroad_canasta.variants import VARIANTS

DOCS = Path(__file__).resolve().parents[1] / "docs"

INTRO = """# Action spaces

Game frameworks number decisions: every move of a variant is an integer in
`range(num_distinct_actions)`, and back. Each variant lists its whole move vocabulary once, in a fixed
order, under a version name; the number of a move is its place in the list. A version's numbering never
changes: a new kind of move gets a new version. `variant.actions` is the action space
(`railroad_canasta.core.actions.ActionSpace`): `action_of(move)`, `move_of(action)`, `actions_of(moves)`
(sorted) and `mask(moves)`.

```pycon
>>> import railroad_canasta as rc
>>> space = rc.variant_named("railroad").actions
>>> state = rc.new_game(seed=7)
>>> space.actions_of(rc.legal_moves(state)), space.num_distinct_actions
([0], 176)
>>> space.move_of(21), space.action_of(rc.Move.from_text("meld 9 9 JK"))
(Move.from_text('discard 4'), 83)
```

This page is written by `python tools/interop_tables.py`; a test checks that it matches the code.
"""


OBSERVATION_INTRO = """# Observation vectors

The game adapters give each player a flat vector of numbers built from that player's view (what the player
may know, nothing more): OpenSpiel's `observation_tensor`, PettingZoo's `observation`. Each variant lays
its vector out as segments, in order; `variant.observation_layout(players)` lists them and
`variant.observe(view)` builds the vector. Seats are counted from the viewer: `p0` is the viewer, `p1` the
next seat, and so on. Counts are raw numbers (cards, points), flags are 0 or 1, one-hot segments have a
single 1.

```pycon
>>> import railroad_canasta as rc
>>> railroad = rc.variant_named("railroad")
>>> state = rc.new_game(seed=7)
>>> vector = railroad.observe(rc.view(state, 0))
>>> len(vector), railroad.observation_layout(2)[0]
(246, ('phase', 5, 'one-hot: draw, meld, kitty, round-over, game-over'))
```

Each layout has a version, `LAYOUT_VERSION` of the variant's `observation` module
(`railroad_canasta.variants.railroad.observation`, `railroad_canasta.variants.classic.observation`): it
changes whenever a segment is added, removed or moved, so a model trained on one layout can refuse another.
Version 2 added every player's `known` segment: the cards the whole table knows are in that hand
(R-VIS-1, R-CL-VIS-1), as the player's view shows them. Version 1 had no such segment.

This page is written by `python tools/interop_tables.py`; a test checks that it matches the code.
"""


def layout_table(segments: tuple[tuple[str, int, str], ...]) -> str:
    """The segments as a Markdown table with their offsets."""
    rows = ["| offset | segment | size | meaning |", "| --- | --- | --- | --- |"]
    at = 0
    for name, size, meaning in segments:
        rows.append(f"| {at} | `{name}` | {size} | {meaning} |")
        at += size
    return "\n".join(rows)


def observation_page() -> str:
    """The text of docs/observation.md."""
    parts = [OBSERVATION_INTRO]
    for name, variant in sorted(VARIANTS.items()):
        meta = variant.metadata
        sizes = ", ".join(
            f"{sum(size for _, size, _ in variant.observation_layout(p))} with {p} players"
            for p in meta.allowed_players
        )
        shown = meta.min_players * meta.players_per_side
        table = layout_table(variant.observation_layout(shown))
        version = importlib.import_module(f"railroad_canasta.variants.{name}.observation").LAYOUT_VERSION
        parts.append(
            f"\n## {meta.title}\n\n"
            f"Layout version {version}. Numbers: {sizes}. The layout with {shown} players (with other counts "
            f"the seat segments have one place per player, and one block follows per side or seat):\n\n"
            f"{table}\n"
        )
    return "".join(parts)


def _spans(actions: list[int]) -> str:
    """Action numbers as ranges: ``7-17, 40``."""
    spans: list[list[int]] = []
    for action in actions:
        if spans and action == spans[-1][1] + 1:
            spans[-1][1] = action
        else:
            spans.append([action, action])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


def actions_by_kind(moves: tuple[object, ...]) -> str:
    """The actions by kind of move (its first word): a summary, then each kind in a collapsed table."""
    kinds: dict[str, list[int]] = {}
    for action, move in enumerate(moves):
        kinds.setdefault(str(move).split()[0], []).append(action)
    out = ["| move | actions | how many |", "| --- | --- | --- |"]
    out += [f"| `{kind}` | {_spans(actions)} | {len(actions)} |" for kind, actions in kinds.items()]
    for kind, actions in ((k, a) for k, a in kinds.items() if len(a) > 1):  # one action: the summary says it
        rows = [f"| {action} | `{moves[action]}` |" for action in actions]
        out += ["", "<details>", f"<summary><code>{kind}</code>: {_spans(actions)}</summary>", ""]
        out += ["| action | move |", "| --- | --- |", *rows, "", "</details>"]
    return "\n".join(out)


def actions_page() -> str:
    """The text of docs/actions.md."""
    parts = [INTRO]
    for _, variant in sorted(VARIANTS.items()):
        space = variant.actions
        parts.append(
            f"\n## {variant.metadata.title}: `{space.version}`\n\n"
            f"{space.num_distinct_actions} actions, by kind of move (open a kind to see its actions):\n\n"
            f"{actions_by_kind(space.moves)}\n"
        )
    return "".join(parts)


def main() -> None:
    """Write both pages."""
    (DOCS / "actions.md").write_text(actions_page(), encoding="utf-8")
    (DOCS / "observation.md").write_text(observation_page(), encoding="utf-8")


if __name__ == "__main__":
    main()
