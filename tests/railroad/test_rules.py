"""Tests of the Rules options: source defaults, decision defaults, the requirement table, validation."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from attrs.exceptions import FrozenInstanceError
from hypothesis import given
from hypothesis import strategies as st

import railroad_canasta
from railroad_canasta.core.cards import pack_size
from railroad_canasta.core.errors import RailroadCanastaError, RulesError
from railroad_canasta.variants.railroad.rules import (
    RAILROAD,
    RAILROAD_1_0,
    RULES_VERSION,
    KittyTiming,
    Rules,
    UpcardRule,
    requirement_for_score,
)

DEFAULT_TABLE = ((0, 50), (5_000, 90), (10_000, 120), (15_000, 150))


def source_requirement(score: int) -> int:
    """The requirement by cumulative score as SRC-REQ-2 states it."""
    if score < 0:
        return 15
    if score < 5_000:
        return 50
    if score < 10_000:
        return 90
    if score < 15_000:
        return 120
    return 150


# ------------------------------------------------------------------------------------------ defaults


@pytest.mark.parametrize(
    ("option", "value"),
    [
        pytest.param("players", 2, marks=pytest.mark.clause("R-DEC-14")),
        pytest.param("target_score", 20_000, marks=pytest.mark.clause("R-GAM-1")),
        pytest.param("hand_size", 13, marks=pytest.mark.clause("R-SET-3")),
        pytest.param("kitty_size", 11, marks=pytest.mark.clause("R-SET-3")),
        pytest.param("draw_count", 2, marks=pytest.mark.clause("R-TRN-3")),
        pytest.param("decks_per_player", 2, marks=pytest.mark.clause("R-CRD-1")),
        pytest.param("jokers_per_player", 2, marks=pytest.mark.clause("R-CRD-1")),
        pytest.param("requirement_negative", 15, marks=pytest.mark.clause("R-REQ-2")),
        pytest.param("requirement_table", DEFAULT_TABLE, marks=pytest.mark.clause("R-REQ-2")),
        pytest.param("red_canasta_bonus", 500, marks=pytest.mark.clause("R-CAN-2")),
        pytest.param("black_canasta_bonus", 300, marks=pytest.mark.clause("R-CAN-3")),
        pytest.param("wild_canasta_bonus", 1_000, marks=pytest.mark.clause("R-CAN-4")),
        pytest.param("sevens_canasta_bonus", 1_500, marks=pytest.mark.clause("R-CAN-5")),
        pytest.param("red_three_bonus", 100, marks=pytest.mark.clause("R-SCO-3")),
        pytest.param("going_out_bonus", 100, marks=pytest.mark.clause("R-SCO-4")),
        pytest.param("max_rounds", None, marks=pytest.mark.clause("R-GAM-2")),
    ],
)
def test_source_number_defaults(option: str, value: object) -> None:
    """Each numeric option defaults to the source's number, in Rules() and in RAILROAD."""
    assert getattr(Rules(), option) == value
    assert getattr(RAILROAD, option) == value
    assert type(getattr(RAILROAD, option)) is type(value)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        pytest.param("frozen_pile_pair_pickup", True, marks=pytest.mark.clause("R-DEC-1")),
        pytest.param("top_card_pickup_takes_pile", True, marks=pytest.mark.clause("R-DEC-2")),
        pytest.param("wild_upcard", UpcardRule.KEEP, marks=pytest.mark.clause("R-DEC-3")),
        pytest.param("black_three_upcard", UpcardRule.KEEP, marks=pytest.mark.clause("R-DEC-4")),
        pytest.param("red_three_replacement", True, marks=pytest.mark.clause("R-DEC-5")),
        pytest.param("red_threes_down_at_deal", True, marks=pytest.mark.clause("R-DEC-6")),
        pytest.param("kitty_red_three_penalty", False, marks=pytest.mark.clause("R-DEC-7")),
        pytest.param("sevens_natural_only", True, marks=pytest.mark.clause("R-DEC-8")),
        pytest.param("wild_melds", True, marks=pytest.mark.clause("R-DEC-9")),
        pytest.param("kitty_timing", KittyTiming.ANY_LATER_TURN, marks=pytest.mark.clause("R-DEC-10")),
        pytest.param("requirement_counts_bonuses", False, marks=pytest.mark.clause("R-DEC-11")),
        pytest.param("pile_counts_for_requirement", False, marks=pytest.mark.clause("R-DEC-12")),
        pytest.param("draw_single_last_card", True, marks=pytest.mark.clause("R-DEC-13")),
        pytest.param("going_out_requires_discard", True, marks=pytest.mark.clause("R-DEC-15")),
        pytest.param("allow_hand_of_sevens", False, marks=pytest.mark.clause("R-DEC-16")),
        pytest.param("tie_extra_rounds", True, marks=pytest.mark.clause("R-DEC-17")),
        pytest.param("pair_pickup_joins_meld", True, marks=pytest.mark.clause("R-DEC-18")),
        pytest.param("keep_two_cards", True, marks=pytest.mark.clause("R-DEC-19")),
        pytest.param("sevens_hand_needs_requirement", False, marks=pytest.mark.clause("R-DEC-20")),
        pytest.param("black_three_meld_needs_three", True, marks=pytest.mark.clause("R-DEC-21")),
        pytest.param("no_discard_ends_round", True, marks=pytest.mark.clause("R-DEC-22")),
    ],
)
def test_decision_defaults(option: str, value: object) -> None:
    """Each decision option defaults to the reading recorded in rules.py, and its alternative is accepted."""
    assert getattr(RAILROAD, option) is value
    alternative: object
    if isinstance(value, bool):
        alternative = not value
    else:
        alternative = next(member for member in type(value) if member is not value)
    changed = RAILROAD.replace(**{option: alternative})
    assert getattr(changed, option) is alternative
    assert changed != RAILROAD


def test_upcard_and_kitty_enums() -> None:
    """UpcardRule offers KEEP and RETURN; KittyTiming offers ANY_LATER_TURN and SAME_TURN; reprs eval back."""
    assert set(UpcardRule) == {UpcardRule.KEEP, UpcardRule.RETURN}
    assert set(KittyTiming) == {KittyTiming.ANY_LATER_TURN, KittyTiming.SAME_TURN}
    namespace: dict[str, object] = {"UpcardRule": UpcardRule, "KittyTiming": KittyTiming}
    for member in [*UpcardRule, *KittyTiming]:
        assert eval(repr(member), namespace) is member


def test_railroad_is_the_default_rules() -> None:
    """RAILROAD equals Rules(), and its repr evals back to an equal Rules."""
    assert Rules() == RAILROAD
    namespace: dict[str, object] = {"Rules": Rules, "UpcardRule": UpcardRule, "KittyTiming": KittyTiming}
    assert eval(repr(RAILROAD), namespace) == RAILROAD
    other = Rules(players=5, wild_upcard=UpcardRule.RETURN, kitty_timing=KittyTiming.SAME_TURN, max_rounds=3)
    assert eval(repr(other), namespace) == other


# ------------------------------------------------------------------------------------- requirement


@pytest.mark.clause("R-REQ-2")
@pytest.mark.parametrize(
    ("score", "requirement"),
    [
        (-(10**6), 15),
        (-5, 15),
        (-1, 15),
        (0, 50),
        (5, 50),
        (4_995, 50),
        (4_999, 50),
        (5_000, 90),
        (9_995, 90),
        (10_000, 120),
        (14_995, 120),
        (15_000, 150),
        (20_000, 150),
        (10**6, 150),
    ],
)
def test_requirement_by_score(score: int, requirement: int) -> None:
    """The requirement by cumulative score follows the source's table at every boundary."""
    assert RAILROAD.requirement(score) == requirement
    assert requirement_for_score(score, 15, DEFAULT_TABLE) == requirement


@pytest.mark.clause("R-REQ-2")
@given(st.integers(), st.integers())
def test_requirement_is_monotone(a: int, b: int) -> None:
    """A higher cumulative score never lowers the requirement under the default table."""
    low, high = min(a, b), max(a, b)
    assert RAILROAD.requirement(low) <= RAILROAD.requirement(high)


@pytest.mark.clause("R-REQ-2")
@given(st.integers(min_value=-(10**7), max_value=10**7))
def test_requirement_matches_source(score: int) -> None:
    """For any score, the requirement is the source's band value."""
    assert RAILROAD.requirement(score) == source_requirement(score)


@pytest.mark.clause("R-REQ-2")
def test_requirement_with_custom_table() -> None:
    """A custom table and negative value are used as given."""
    rules = Rules(requirement_negative=0, requirement_table=((0, 10), (100, 20)))
    assert [rules.requirement(s) for s in (-1, 0, 99, 100, 10**9)] == [0, 10, 10, 20, 20]
    assert requirement_for_score(7, 3, ((0, 1),)) == 1
    assert requirement_for_score(-7, 3, ((0, 1),)) == 3


# ---------------------------------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("changes", "option"),
    [
        pytest.param({"players": 1}, "players", marks=pytest.mark.clause("R-DEC-14")),
        pytest.param({"players": 9}, "players", marks=pytest.mark.clause("R-DEC-14")),
        pytest.param({"players": 0}, "players", marks=pytest.mark.clause("R-DEC-14")),
        pytest.param({"players": 2.0}, "players", marks=pytest.mark.clause("R-DEC-14")),
        pytest.param({"players": True}, "players", marks=pytest.mark.clause("R-DEC-14")),
        pytest.param({"players": "2"}, "players", marks=pytest.mark.clause("R-DEC-14")),
        ({"target_score": 0}, "target_score"),
        ({"target_score": -1}, "target_score"),
        ({"jokers_per_player": 5}, "jokers_per_player"),
        ({"jokers_per_player": -1}, "jokers_per_player"),
        ({"decks_per_player": 0}, "decks_per_player"),
        ({"hand_size": 0}, "hand_size"),
        ({"kitty_size": -1}, "kitty_size"),
        ({"draw_count": 0}, "draw_count"),
        ({"requirement_negative": -1}, "requirement_negative"),
        ({"red_canasta_bonus": -1}, "red_canasta_bonus"),
        ({"going_out_bonus": 1.5}, "going_out_bonus"),
        ({"max_rounds": 0}, "max_rounds"),
        ({"max_rounds": True}, "max_rounds"),
        pytest.param(
            {"requirement_table": ((5, 50),)}, "requirement_table", marks=pytest.mark.clause("R-REQ-2")
        ),
        pytest.param(
            {"requirement_table": ((0, 50), (5_000, 90), (5_000, 120))},
            "requirement_table",
            marks=pytest.mark.clause("R-REQ-2"),
        ),
        pytest.param(
            {"requirement_table": ((0, 50), (10_000, 90), (5_000, 120))},
            "requirement_table",
            marks=pytest.mark.clause("R-REQ-2"),
        ),
        ({"requirement_table": ()}, "requirement_table"),
        ({"requirement_table": [(0, 50)]}, "requirement_table"),
        ({"requirement_table": (0, 50)}, "requirement_table"),
        ({"requirement_table": ((0, 50, 1),)}, "requirement_table"),
        ({"requirement_table": ((0,),)}, "requirement_table"),
        ({"requirement_table": ([0, 50],)}, "requirement_table"),
        ({"requirement_table": ((0, 50.0),)}, "requirement_table"),
        ({"requirement_table": ((0, True),)}, "requirement_table"),
        ({"requirement_table": ((0, -1),)}, "requirement_table"),
        ({"decks_per_player": 1, "jokers_per_player": 0, "hand_size": 40, "kitty_size": 12}, "hand_size"),
        pytest.param({"wild_melds": 1}, "wild_melds", marks=pytest.mark.clause("R-DEC-9")),
        pytest.param({"keep_two_cards": None}, "keep_two_cards", marks=pytest.mark.clause("R-DEC-19")),
        pytest.param({"tie_extra_rounds": "yes"}, "tie_extra_rounds", marks=pytest.mark.clause("R-DEC-17")),
        pytest.param(
            {"wild_upcard": KittyTiming.SAME_TURN}, "wild_upcard", marks=pytest.mark.clause("R-DEC-3")
        ),
        pytest.param(
            {"black_three_upcard": "keep"}, "black_three_upcard", marks=pytest.mark.clause("R-DEC-4")
        ),
        pytest.param({"kitty_timing": UpcardRule.KEEP}, "kitty_timing", marks=pytest.mark.clause("R-DEC-10")),
    ],
)
def test_invalid_option_raises_rules_error(changes: dict[str, Any], option: str) -> None:
    """An invalid option value raises RulesError naming the option, from Rules() and from replace()."""
    with pytest.raises(RulesError) as info:
        Rules(**changes)
    assert info.value.option == option
    assert f"Rules.{option}:" in str(info.value)
    assert info.value.reason
    with pytest.raises(RulesError) as again:
        RAILROAD.replace(**changes)
    assert again.value.option == option


def test_rules_error_is_a_value_error() -> None:
    """RulesError is a RailroadCanastaError and a ValueError."""
    assert issubclass(RulesError, RailroadCanastaError)
    assert issubclass(RulesError, ValueError)
    with pytest.raises(ValueError, match=r"Rules\.players: must be from 2 to 8, not 9"):
        Rules(players=9)


@pytest.mark.clause("R-DEC-14")
def test_bool_is_not_an_int_option() -> None:
    """A bool is rejected for an int option since type(True) is not int, with a message saying so."""
    with pytest.raises(RulesError, match=r"Rules\.players: must be an? int, not True"):
        Rules(players=True)
    with pytest.raises(RulesError, match=r"Rules\.hand_size: must be an? int, not False"):
        Rules(hand_size=False)


@pytest.mark.clause("R-DEC-14", "R-CRD-1")
@pytest.mark.parametrize("players", range(2, 9))
def test_two_to_eight_players_are_valid(players: int) -> None:
    """Every player count from 2 to 8 is accepted, with a pack of 106 cards per player."""
    rules = Rules(players=players)
    assert rules.players == players
    assert rules.pack_size == pack_size(players) == 106 * players
    assert RAILROAD.replace(players=players) == rules


@pytest.mark.clause("R-CRD-1")
def test_deal_must_fit_the_pack() -> None:
    """Hands, kitties and the upcard must fit in the pack: exactly filling it is allowed, one more is not."""
    # 104 cards for 2 players (without red-3 replacements, which need cards of their own: test_hardening)
    small = RAILROAD.replace(decks_per_player=1, jokers_per_player=0, red_three_replacement=False)
    fits = small.replace(hand_size=40, kitty_size=11)  # 2 * 51 + 1 = 103 cards
    assert fits.pack_size == 104
    with pytest.raises(RulesError, match="need 105 cards but the pack has 104") as info:
        small.replace(hand_size=40, kitty_size=12)
    assert info.value.option == "hand_size"


def test_replace_returns_a_changed_copy() -> None:
    """replace changes only the named options and leaves the original untouched."""
    changed = RAILROAD.replace(players=3, target_score=5_000)
    assert (changed.players, changed.target_score) == (3, 5_000)
    assert changed.pack_size == 318
    assert changed.replace(players=2, target_score=20_000) == RAILROAD
    assert RAILROAD.players == 2
    assert RAILROAD.target_score == 20_000


def test_rules_is_frozen() -> None:
    """Assigning or deleting an option raises FrozenInstanceError."""
    with pytest.raises(FrozenInstanceError):
        RAILROAD.players = 3  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del RAILROAD.wild_melds
    assert RAILROAD.players == 2
    assert RAILROAD.wild_melds is True


def test_rules_is_hashable() -> None:
    """Equal Rules hash equal and work as dict keys; different Rules are different keys."""
    assert hash(Rules()) == hash(RAILROAD)
    table = {RAILROAD: "default", Rules(players=3): "three"}
    assert table[Rules()] == "default"
    assert table[Rules(players=3)] == "three"
    assert len({Rules(), RAILROAD, Rules(wild_melds=False)}) == 2


def test_rules_version() -> None:
    """RULES_VERSION is a non-empty string, independent of the package version."""
    assert isinstance(RULES_VERSION, str)
    assert RULES_VERSION.strip()
    assert railroad_canasta.__version__ != RULES_VERSION
    assert railroad_canasta.RULES_VERSION == RULES_VERSION
    assert railroad_canasta.RAILROAD is RAILROAD


@pytest.mark.clause("R-DEC-5", "R-DEC-16", "R-DEC-20")
def test_the_1_0_preset_differs_from_the_defaults_in_the_changed_decisions_only() -> None:
    """RAILROAD_1_0 differs from the defaults in the three options whose 1.0 reading changed."""
    changed = {
        name: getattr(RAILROAD_1_0, name)
        for name in attrs.fields_dict(Rules)
        if getattr(RAILROAD_1_0, name) != getattr(RAILROAD, name)
    }
    assert changed == {
        "red_three_replacement": False,
        "allow_hand_of_sevens": True,
        "sevens_hand_needs_requirement": True,
    }
    assert RULES_VERSION == "railroad-1.1"
