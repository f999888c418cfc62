"""Write docs/actions.md: the action table of every registered variant (run after a new numbering)."""

from __future__ import annotations

from pathlib import Path

from railroad_canasta.variants import VARIANTS

OUT = Path(__file__).resolve().parents[1] / "docs" / "actions.md"

INTRO = """# Action spaces

Game frameworks number decisions: every move of a variant is an integer in
`range(num_distinct_actions)`, and back. Each variant lists its whole move vocabulary once, in a fixed
order, under a version name; the number of a move is its place in the list. A version's numbering never
changes: a new kind of move gets a new version. `variant.actions` is the action space
(`railroad_canasta.core.actions.ActionSpace`): `action_of(move)`, `move_of(action)`, `actions_of(moves)`
(sorted) and `mask(moves)`.

```python
>>> import railroad_canasta as rc
>>> space = rc.variant_named("railroad").actions
>>> state = rc.new_game(seed=7)
>>> space.actions_of(rc.legal_moves(state)), space.num_distinct_actions
([0], 176)
>>> space.move_of(21), space.action_of(rc.Move.from_text("meld 9 9 JK"))
(Move.from_text('discard 4'), 83)
```

This page is written by `python tools/action_table.py`; a test checks that it matches the code.
"""


def main() -> None:
    """Write the page."""
    parts = [INTRO]
    for _, variant in sorted(VARIANTS.items()):
        space = variant.actions
        parts.append(
            f"\n## {variant.metadata.title}: `{space.version}`\n\n"
            f"{space.num_distinct_actions} actions.\n\n{space.table()}\n"
        )
    OUT.write_text("".join(parts), encoding="utf-8")


if __name__ == "__main__":
    main()
