"""The fuzzers of issue 24 in CI, small: the public API, the command line and the web table given
arguments and requests of the wrong kinds answer only with the documented errors (``tools/fuzz_api.py``
runs them at 10⁵ calls and more and prints the report)."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from fuzzing import classify, fuzz_api, fuzz_cli, fuzz_web, public_callables

ROOT = Path(__file__).resolve().parents[2]


def test_the_public_api_lets_no_undocumented_error_escape() -> None:
    report = fuzz_api(3000, seed=0)
    assert report.escapes == [], "\n".join(report.escapes[:20])
    assert report.calls == 3000 and len(report.documented) > 50 and report.returned > 50


def test_every_public_function_is_fuzzed() -> None:
    import railroad_canasta as rc

    names = set(public_callables())
    assert {"apply", "new_game", "state_from_json", "parse_move", "Move.from_text", "Card.from_text"} <= names
    functions = [n for n in rc.__all__ if inspect.isfunction(getattr(rc, n))]
    assert len(functions) > 25 and set(functions) <= names


def test_the_sorter_tells_a_deliberate_error_from_an_escape() -> None:
    import railroad_canasta as rc

    with pytest.raises(TypeError) as deliberate:
        rc.parse_move(None)  # type: ignore[arg-type]
    assert classify(deliberate.value) is not None
    with pytest.raises(TypeError) as binding:
        rc.parse_move()  # type: ignore[call-arg]
    assert classify(binding.value) is not None
    for escape in (AttributeError("x"), KeyError("x")):
        assert classify(escape) is None
    from railroad_canasta.core.stock import as_stock

    with pytest.raises(TypeError) as deep:  # (an internal helper: tuple(None) deep in the package)
        as_stock(None)  # type: ignore[arg-type]
    assert classify(deep.value) is None


def test_the_command_line_answers_every_generated_argument_list_in_one_line() -> None:
    files = (
        str(ROOT / "spec" / "scenarios"),
        str(ROOT / "README.md"),
        "/nonexistent",
        str(ROOT / "pyproject.toml"),
    )
    report = fuzz_cli(60, seed=0, files=files)
    assert report.escapes == [], "\n".join(report.escapes[:20])
    assert any("status 2" in k for k in report.documented) and report.returned > 0


def test_the_web_table_answers_every_generated_request_below_500() -> None:
    report = fuzz_web(200, seed=0)
    assert report.escapes == [], "\n".join(report.escapes[:20])
    assert {"status 200", "status 303", "status 400", "status 403", "status 413"} <= set(report.documented)
