"""JSON for rules, states, views, moves and game records; replay; the JSON Schemas.

- :mod:`~railroad_canasta.io.reader`: reading plain JSON with field paths, and :class:`RecordError`.
- :mod:`~railroad_canasta.io.codec`: rules, states, views and moves of every variant to and from JSON,
  checked on load; a document names its variant in a ``"variant"`` field (Railroad's when absent).
- :mod:`~railroad_canasta.io.railroad_codec`, :mod:`~railroad_canasta.io.classic_codec`: each variant's
  documents, called by the codec.
- :mod:`~railroad_canasta.io.records`: game records of every variant, :func:`record_game` and
  :func:`replay`.
- :mod:`~railroad_canasta.io.schemas`: the document kinds and their shipped JSON Schemas.

Anything malformed or inconsistent raises :class:`RecordError` with the ``path`` of the offending
value (e.g. ``players[1].hand[3]``) and a ``reason``; loading reads plain JSON only and never executes
anything from the input.
"""

from __future__ import annotations

from railroad_canasta.io.codec import (
    AnyResult,
    move_from_dict,
    move_from_json,
    move_to_dict,
    move_to_json,
    rules_from_dict,
    rules_to_dict,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
    view_from_dict,
    view_from_json,
    view_to_dict,
    view_to_json,
)
from railroad_canasta.io.reader import JSONObject, JSONValue, RecordError
from railroad_canasta.io.records import (
    GameRecord,
    ReplayError,
    record_from_dict,
    record_from_json,
    record_game,
    record_to_dict,
    record_to_json,
    replay,
)
from railroad_canasta.io.schemas import (
    MOVE_SCHEMA,
    RECORD_SCHEMA,
    SCHEMA_NAMES,
    STATE_SCHEMA,
    VIEW_SCHEMA,
    json_schema,
)

__all__ = [
    "MOVE_SCHEMA",
    "RECORD_SCHEMA",
    "SCHEMA_NAMES",
    "STATE_SCHEMA",
    "VIEW_SCHEMA",
    "AnyResult",
    "GameRecord",
    "JSONObject",
    "JSONValue",
    "RecordError",
    "ReplayError",
    "json_schema",
    "move_from_dict",
    "move_from_json",
    "move_to_dict",
    "move_to_json",
    "record_from_dict",
    "record_from_json",
    "record_game",
    "record_to_dict",
    "record_to_json",
    "replay",
    "rules_from_dict",
    "rules_to_dict",
    "state_from_dict",
    "state_from_json",
    "state_to_dict",
    "state_to_json",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
    "view_to_json",
]
