"""Rules options in scenario files and on the command line: reading values, and layering them.

A scenario's ``[rules]`` table, an expectation's ``rules`` pins and the command line's ``--rules
option=value`` overrides each name some options of the variant's ``Rules``; :func:`rules_for` lays
them over the defaults in that order.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from railroad_canasta.core.errors import RulesError
from railroad_canasta.scenarios.model import RuleValue, Scenario, ScenarioError
from railroad_canasta.variants import variant_named
from railroad_canasta.variants.railroad.rules import Rules

__all__ = ["parse_rules_override", "rules_for", "rules_type"]


def rules_type(variant: str) -> type[Rules]:
    """The ``Rules`` type of ``variant`` (a name of :data:`~railroad_canasta.variants.VARIANTS`)."""
    return variant_named(variant).rules_type


#: The options of ``Rules`` by name.
OPTIONS: dict[str, attrs.Attribute[object]] = {a.name: a for a in attrs.fields(Rules)}


def _option_default(name: str) -> object:
    return OPTIONS[name].default


def rule_value(name: str, value: object, *, from_text: bool) -> RuleValue:
    """Convert a TOML value (or a command-line text) to the type of option ``name``; ValueError if unfit."""
    default = _option_default(name)
    if isinstance(default, bool):
        if from_text and isinstance(value, str):
            low = value.strip().lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
        if isinstance(value, bool):
            return value
        raise ValueError(f"must be true or false, not {value!r}")
    if isinstance(default, enum.Enum):
        enum_type = type(default)
        if isinstance(value, str):
            text = value.strip()
            if "." in text and text.split(".", 1)[0] == enum_type.__name__:
                text = text.split(".", 1)[1]
            for member in enum_type:
                if text == member.value or text.upper().replace("-", "_") == member.name:
                    return member
        values = ", ".join(repr(m.value) for m in enum_type)
        raise ValueError(f"must be one of {values}, not {value!r}")
    if isinstance(default, tuple):
        if from_text:
            raise ValueError("cannot be set from the command line: set it in the file's [rules] table")
        if not isinstance(value, list) or not all(
            isinstance(row, list) and len(row) == 2 and all(type(x) is int for x in row) for row in value
        ):
            raise ValueError("must be an array of [lowest score, requirement] pairs of integers")
        return tuple((int(row[0]), int(row[1])) for row in value)
    # int options, and max_rounds (int or none)
    if from_text and isinstance(value, str):
        text = value.strip()
        if default is None and text.lower() == "none":
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"must be an integer, not {value!r}") from None
    if type(value) is int:
        return value
    raise ValueError(f"must be an integer, not {value!r}")


def parse_rules_override(text: str) -> tuple[str, RuleValue]:
    """Read one ``option=value`` command-line override, e.g. ``kitty_timing=same-turn``.

    Values are read by the option's type: ``true``/``false``, an integer, ``none`` (``max_rounds``), or an
    enum value such as ``keep``, ``return``, ``any-later-turn`` or ``same-turn``. Raises
    :class:`~railroad_canasta.core.errors.RulesError` for an unknown option or an unfit value.

    >>> parse_rules_override("kitty_timing=same-turn")
    ('kitty_timing', KittyTiming.SAME_TURN)
    >>> parse_rules_override("frozen_pile_pair_pickup=false")
    ('frozen_pile_pair_pickup', False)
    """
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep:
        raise RulesError(name or text, "write an override as option=value, e.g. kitty_timing=same-turn")
    if name not in OPTIONS:
        raise RulesError(name, f"unknown option (known: {', '.join(OPTIONS)})")
    try:
        return name, rule_value(name, value, from_text=True)
    except ValueError as exc:
        raise RulesError(name, str(exc)) from None


def rules_for(scenario: Scenario, *layers: Sequence[tuple[str, RuleValue]]) -> Rules:
    """The rules of ``scenario``: the defaults, its ``[rules]`` table, then each layer of pins in turn."""
    options: dict[str, RuleValue] = dict(scenario.rules)
    for layer in layers:
        options.update(layer)
    return rules_type(scenario.variant)(**options)  # type: ignore[arg-type]


def rules_table(file: str, path: str, data: object) -> tuple[tuple[str, RuleValue], ...]:
    """The options of a TOML table of Rules options (``[rules]``, an expectation's ``rules``), typed."""
    if data is None:
        return ()
    if not isinstance(data, dict):
        raise ScenarioError(file, path, "must be a table of Rules options")
    out: list[tuple[str, RuleValue]] = []
    for name, value in data.items():
        if name not in OPTIONS:
            raise ScenarioError(file, f"{path}.{name}", f"unknown Rules option (known: {', '.join(OPTIONS)})")
        try:
            out.append((name, rule_value(name, value, from_text=False)))
        except ValueError as exc:
            raise ScenarioError(file, f"{path}.{name}", str(exc)) from None
    return tuple(out)
