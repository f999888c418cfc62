"""The rules options of classic (partnership) Canasta: every number of the sources and every decision.

A :class:`ClassicRules` is frozen and validated when made; :data:`CLASSIC` is the
default (four players in two partnerships). :data:`RULES_VERSION` names the
behaviour of the engine under the default options.

>>> CLASSIC.requirement(-5), CLASSIC.requirement(1495), CLASSIC.requirement(3000)
(15, 50, 120)
>>> CLASSIC.sides
((0, 2), (1, 3))
>>> ClassicRules(players=6).sides, ClassicRules(players=6, six_player_sides=2).sides
(((0, 3), (1, 4), (2, 5)), ((0, 2, 4), (1, 3, 5)))
>>> ClassicRules(players=5)
Traceback (most recent call last):
...
railroad_canasta.core.errors.RulesError: Rules.players: must be 2, 3, 4 or 6, not 5
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

import attrs

from railroad_canasta.core.errors import RulesError
from railroad_canasta.variants.classic.arithmetic import initial_requirement

__all__ = ["CLASSIC", "RULES_VERSION", "ClassicRules"]

#: The version of the classic rules behaviour under the default options.
RULES_VERSION = "classic-1.1"

# rule: R-CL-PLY-1, R-CL-VAR-1
_HAND_SIZE = {2: 15, 3: 13, 4: 11, 6: 13}


def _typed(kind: type) -> Any:
    def check(instance: object, attribute: attrs.Attribute[object], value: object) -> None:
        if type(value) is not kind:
            raise RulesError(attribute.name, f"must be a {kind.__name__}, not {value!r}")

    return check


def _players(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value not in _HAND_SIZE:
        raise RulesError(attribute.name, f"must be 2, 3, 4 or 6, not {value!r}")


def _positive(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value <= 0:
        raise RulesError(attribute.name, f"must be a positive integer, not {value!r}")


def _non_negative(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise RulesError(attribute.name, f"must be a non-negative integer, not {value!r}")


def _side_count(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value not in (2, 3):
        raise RulesError(attribute.name, f"must be 2 or 3, not {value!r}")


@functools.cache
def _sides(players: int, six_player_sides: int) -> tuple[tuple[int, ...], ...]:
    # rule: R-CL-PLY-1, R-CL-DEC-4
    if players in (2, 3):
        return tuple((seat,) for seat in range(players))
    count = 2 if players == 4 else six_player_sides
    return tuple(tuple(range(first, players, count)) for first in range(count))


@attrs.frozen(kw_only=True, cache_hash=True)
class ClassicRules:
    """Every option of a game of classic Canasta, with the sources' defaults.

    The numeric options restate the sources; each boolean option below them is one decision, named by
    its interpretation clause (``R-CL-DEC-n``).
    """

    #: The variant these rules are for (see :mod:`railroad_canasta.variants`).
    variant: ClassVar[str] = "classic"

    # -- numbers of the sources -----------------------------------------------
    #: Number of players (R-CL-PLY-1): 2, 3, 4 or 6.
    players: int = attrs.field(default=4, validator=_players)
    #: Score that ends the game (R-CL-GAM-1); ``None``: by the players and sides (R-CL-DEC-3, R-CL-DEC-4).
    target_score: int | None = attrs.field(default=None, validator=attrs.validators.optional(_positive))
    #: Bonus of a natural canasta (R-CL-CAN-2).
    natural_canasta_bonus: int = attrs.field(default=500, validator=_non_negative)
    #: Bonus of a mixed canasta (R-CL-CAN-2).
    mixed_canasta_bonus: int = attrs.field(default=300, validator=_non_negative)
    #: Score of each red 3 (R-CL-SCO-2); doubled when one side has them all.
    red_three_bonus: int = attrs.field(default=100, validator=_non_negative)
    #: Bonus for going out (R-CL-SCO-3); twice as much when concealed (R-CL-OUT-3).
    going_out_bonus: int = attrs.field(default=100, validator=_non_negative)
    #: Rounds after which a game stops, marked truncated; ``None``: no limit.
    max_rounds: int | None = attrs.field(default=None, validator=attrs.validators.optional(_positive))

    # -- decisions -------------------------------------------------------------
    #: R-CL-DEC-1 — a player may ask their partner "may I go out?" and must abide by the answer.
    ask_partner: bool = attrs.field(default=True, validator=_typed(bool))
    #: R-CL-DEC-2 — the older concealed-canasta bonus (False: the standard rules, no such bonus).
    concealed_canasta_bonus: bool = attrs.field(default=False, validator=_typed(bool))
    #: R-CL-DEC-3 — three players play to 7,500 (False: to 5,000 like the others).
    three_player_target_7500: bool = attrs.field(default=False, validator=_typed(bool))
    #: R-CL-DEC-4 — six players play as 3 sides of two (game 7,500) or 2 sides of three (game 10,000).
    six_player_sides: int = attrs.field(default=3, validator=_side_count)
    #: R-CL-DEC-5 — a natural pair taking the pile may join the side's meld of that rank (False: only a
    #: rank the side has not melded).
    pair_joins_meld: bool = attrs.field(default=True, validator=_typed(bool))
    #: R-CL-DEC-6 — a tie at the top past the target is broken by extra rounds (False: a shared win).
    tie_extra_rounds: bool = attrs.field(default=True, validator=_typed(bool))
    #: R-CL-DEC-7 — black 3s are melded only as the last cards of the hand (False: by a player going out
    #: in that turn, a final discard included).
    black_threes_last_cards: bool = attrs.field(default=False, validator=_typed(bool))

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (R-CL-DEA-1, R-CL-VAR-1)."""
        return _HAND_SIZE[self.players]

    @property
    def decks(self) -> int:
        """Standard decks in the pack: two, three for six players (R-CL-MAT-1, R-CL-VAR-1)."""
        return 3 if self.players == 6 else 2

    @property
    def pack_size(self) -> int:
        """Cards in the pack: 54 per deck, jokers included (108; 162 for six players)."""
        return 54 * self.decks

    @property
    def draw_count(self) -> int:
        """Cards taken by a draw: two for two players, else one (R-CL-TRN-2, R-CL-VAR-1)."""
        # rule: R-CL-TRN-2, R-CL-VAR-1
        return 2 if self.players == 2 else 1

    @property
    def canastas_to_go_out(self) -> int:
        """Canastas a side needs before one of its players may go out (R-CL-OUT-1, R-CL-VAR-1)."""
        # rule: R-CL-OUT-1, R-CL-VAR-1
        return 2 if self.players in (2, 6) else 1

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, partners sitting alternately (R-CL-PLY-1, R-CL-DEC-4)."""
        return _sides(self.players, self.six_player_sides)

    @property
    def target(self) -> int:
        """The score that ends the game (R-CL-GAM-1, R-CL-DEC-3, R-CL-DEC-4)."""
        if self.target_score is not None:
            return self.target_score
        # rule: R-CL-DEC-3, R-CL-DEC-4
        if self.players == 3 and self.three_player_target_7500:
            return 7_500
        if self.players == 6:
            return 7_500 if self.six_player_sides == 3 else 10_000
        return 5_000

    def requirement(self, score: int) -> int:
        """The initial meld requirement for a side's cumulative score (R-CL-REQ-1)."""
        return initial_requirement(score)

    def replace(self, **changes: Any) -> ClassicRules:
        """A copy with some options changed (validated like new rules)."""
        return attrs.evolve(self, **changes)


#: The default rules of classic Canasta: four players in two partnerships.
CLASSIC = ClassicRules()
