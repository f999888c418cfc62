"""Rules options in scenario files and on the command line, read by the one reader of the library.

A scenario's ``[rules]`` table, an expectation's ``rules`` pins and the command line's ``--rules
option=value`` overrides each name some options of the variant's rules; every value is read by
:func:`railroad_canasta.core.options.read_option` (its type, by the option), and :func:`rules_for` lays
the layers over the defaults in that order and makes the rules with
:func:`~railroad_canasta.core.options.rules_from_mapping` (which checks ranges and combinations).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from railroad_canasta.core.errors import RulesError
from railroad_canasta.core.options import read_option, rules_from_mapping
from railroad_canasta.scenarios.model import RuleValue, Scenario, ScenarioError
from railroad_canasta.variants import variant_named
from railroad_canasta.variants.classic.rules import ClassicRules
from railroad_canasta.variants.railroad.rules import Rules

__all__ = ["parse_rules_override", "rules_for", "rules_table", "rules_type"]


def rules_type(variant: str) -> type[Rules] | type[ClassicRules]:
    """The rules class of ``variant`` (a name of :data:`~railroad_canasta.variants.VARIANTS`)."""
    return variant_named(variant).rules_type


def parse_rules_override(text: str, rules_cls: type[Any] = Rules) -> tuple[str, RuleValue]:
    """Read one ``option=value`` command-line override of ``rules_cls``, e.g. ``kitty_timing=same-turn``.

    The value is read as text by the option's type (``true``/``false``, an integer, ``none``, an enum
    value or name). Raises :class:`~railroad_canasta.core.errors.RulesError` (its ``path`` the option) for
    an unknown option or an unfit value.

    >>> parse_rules_override("kitty_timing=same-turn")
    ('kitty_timing', KittyTiming.SAME_TURN)
    >>> parse_rules_override("frozen-pile-pair-pickup=no")
    ('frozen_pile_pair_pickup', False)
    """
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep:
        raise RulesError(
            name or text, "write an override as option=value, e.g. kitty_timing=same-turn", path=""
        )
    return name, read_option(rules_cls, name, value, path="", from_text=True)


def rules_table(
    file: str, path: str, data: object, rules_cls: type[Any]
) -> tuple[tuple[str, RuleValue], ...]:
    """The options of a TOML table of ``rules_cls`` options (``[rules]``, an expectation's ``rules``).

    Each value is read by its option's type; ranges are checked when the rules are made. Raises
    :class:`ScenarioError` at ``path.option`` for an unknown option or a value of the wrong type.
    """
    if data is None:
        return ()
    if not isinstance(data, dict):
        raise ScenarioError(file, path, "must be a table of rules options")
    try:
        return tuple((name, read_option(rules_cls, name, value, path=path)) for name, value in data.items())
    except RulesError as exc:
        raise ScenarioError(file, exc.path, exc.reason) from None


def rules_for(scenario: Scenario, *layers: Sequence[tuple[str, RuleValue]]) -> Rules | ClassicRules:
    """The rules of ``scenario``: the defaults, its ``[rules]`` table, then each layer of pins in turn.

    Raises :class:`~railroad_canasta.core.errors.RulesError` when the options together are invalid.
    """
    options: dict[str, RuleValue] = dict(scenario.rules)
    for layer in layers:
        options.update(layer)
    return rules_from_mapping(rules_type(scenario.variant), options)
