"""The UI tests: run by ``nox -s ui`` with the ``play`` and ``web`` extras, Playwright and Chromium."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: Where the tests leave their screenshots (CI keeps the folder as an artefact).
ARTEFACTS = Path(
    os.environ.get("UI_ARTEFACTS", Path(__file__).resolve().parents[1] / "build" / "ui-artefacts")
)


@pytest.fixture
def artefacts() -> Path:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    return ARTEFACTS
