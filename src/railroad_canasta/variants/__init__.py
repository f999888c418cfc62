"""The rule sets the library plays, one folder each, and the registry that finds them by name or rules.

>>> variant_named("railroad").metadata.title
'Railroad Canasta'
>>> variant_named("bridge")
Traceback (most recent call last):
...
railroad_canasta.core.errors.RulesError: Rules.variant: unknown variant 'bridge' (known: railroad)
"""

from __future__ import annotations

from collections.abc import Mapping

from railroad_canasta.core.errors import RulesError
from railroad_canasta.variants.railroad.variant import RAILROAD_VARIANT, RailroadVariant

__all__ = ["VARIANTS", "variant_named", "variant_of"]

#: Every variant, by name.
VARIANTS: Mapping[str, RailroadVariant] = {RAILROAD_VARIANT.metadata.name: RAILROAD_VARIANT}


def variant_named(name: str) -> RailroadVariant:
    """The variant called ``name`` (``RulesError`` naming the known ones otherwise)."""
    variant = VARIANTS.get(name) if isinstance(name, str) else None
    if variant is None:
        raise RulesError("variant", f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")
    return variant


def variant_of(rules: object) -> RailroadVariant:
    """The variant whose rules ``rules`` are."""
    name = getattr(rules, "variant", None)
    variant = VARIANTS.get(name) if isinstance(name, str) else None
    if variant is None or type(rules) is not variant.rules_type:
        raise TypeError(f"expected the rules of a variant ({', '.join(VARIANTS)}), not {rules!r}")
    return variant
