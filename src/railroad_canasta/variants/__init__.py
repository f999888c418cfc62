"""The rule sets the library plays, one folder each, and the registry that finds them by name or rules.

>>> variant_named("railroad").metadata.title
'Railroad Canasta'
>>> variant_named("classic").metadata.title
'Classic Canasta'
>>> variant_named("bridge")
Traceback (most recent call last):
...
railroad_canasta.core.errors.RulesError: Rules.variant: unknown variant 'bridge' (known: railroad, classic)
"""

from __future__ import annotations

from collections.abc import Mapping

from railroad_canasta.core.errors import RulesError
from railroad_canasta.variants.classic.variant import CLASSIC_VARIANT, ClassicVariant
from railroad_canasta.variants.railroad.variant import RAILROAD_VARIANT, RailroadVariant

__all__ = ["VARIANTS", "AnyVariant", "check_rules_type", "variant_named", "variant_of"]

#: A variant the library plays.
AnyVariant = RailroadVariant | ClassicVariant

#: Every variant, by name.
VARIANTS: Mapping[str, AnyVariant] = {
    RAILROAD_VARIANT.metadata.name: RAILROAD_VARIANT,
    CLASSIC_VARIANT.metadata.name: CLASSIC_VARIANT,
}


def variant_named(name: str) -> AnyVariant:
    """The variant called ``name`` (``RulesError`` naming the known ones otherwise)."""
    variant = VARIANTS.get(name) if isinstance(name, str) else None
    if variant is None:
        raise RulesError("variant", f"unknown variant {name!r} (known: {', '.join(VARIANTS)})")
    return variant


def variant_of(rules: object) -> AnyVariant:
    """The variant whose rules ``rules`` are."""
    name = getattr(rules, "variant", None)
    variant = VARIANTS.get(name) if isinstance(name, str) else None
    if variant is None or type(rules) is not variant.rules_type:
        raise TypeError(f"expected the rules of a variant ({', '.join(VARIANTS)}), not {rules!r}")
    return variant


#: The type of rules each variant's states and views carry.
_RULES_OF: dict[type, type] = {
    **{v.state_type: v.rules_type for v in VARIANTS.values()},
    **{v.view_type: v.rules_type for v in VARIANTS.values()},
}


def check_rules_type(function: str, position: object) -> None:
    """Raise ``TypeError`` when a variant's state or view carries rules that are not its variant's.

    (A state built with ``attrs.evolve(state, rules=...)`` can carry the other game's rules.)
    """
    expected = _RULES_OF.get(type(position))
    rules = getattr(position, "rules", None)
    if expected is not None and type(rules) is not expected:
        raise TypeError(
            f"{function}: a {type(position).__name__} is played under {expected.__name__}, "
            f"but this one carries {type(rules).__name__}"
        )
