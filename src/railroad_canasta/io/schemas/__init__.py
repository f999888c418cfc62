"""The JSON Schemas (draft 2020-12) of the documents, shipped beside this module, and the document kinds.

Every document is a JSON object whose ``"schema"`` field names its kind and
version: :data:`STATE_SCHEMA`, :data:`VIEW_SCHEMA`, :data:`MOVE_SCHEMA`,
:data:`RECORD_SCHEMA`, and whose ``"variant"`` field names the game (``"classic"``;
Railroad's documents leave it out). :func:`json_schema` gives the schema of each
kind: ``"state"`` for a Railroad state, ``"classic-state"`` for a classic one.

>>> json_schema("move")["properties"]["schema"]
{'const': 'railroad-canasta/move/1'}
"""

from __future__ import annotations

import functools
import importlib.resources
import json

from railroad_canasta.core.errors import describe
from railroad_canasta.io.reader import JSONObject, RecordError

__all__ = ["MOVE_SCHEMA", "RECORD_SCHEMA", "SCHEMA_NAMES", "STATE_SCHEMA", "VIEW_SCHEMA", "json_schema"]

#: The ``"schema"`` field of a state document.
STATE_SCHEMA = "railroad-canasta/state/1"
#: The ``"schema"`` field of a view document.
VIEW_SCHEMA = "railroad-canasta/view/1"
#: The ``"schema"`` field of a move document.
MOVE_SCHEMA = "railroad-canasta/move/1"
#: The ``"schema"`` field of a game record.
RECORD_SCHEMA = "railroad-canasta/record/1"
#: The names of the JSON Schema documents shipped with the package, for :func:`json_schema` (the
#: ``classic-…`` ones are of classic Canasta's documents, which say ``"variant": "classic"``).
SCHEMA_NAMES = ("state", "view", "move", "record", "classic-state", "classic-view", "classic-record")


@functools.cache
def _schema_text(name: str) -> str:
    return (importlib.resources.files(__name__) / f"{name}.schema.json").read_text("utf-8")


def json_schema(name: str) -> JSONObject:
    """The JSON Schema (draft 2020-12) of the documents of kind ``name``: one of :data:`SCHEMA_NAMES`.

    The schemas ship with the package. A fresh dict is returned on every call.
    """
    if name not in SCHEMA_NAMES:
        raise RecordError("", f"no schema named {describe(name)}: use one of {', '.join(SCHEMA_NAMES)}")
    schema = json.loads(_schema_text(name))
    assert isinstance(schema, dict)
    return schema
