"""The one reader of rules options from a mapping: JSON and TOML values, command-line text, errors."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given

from railroad_canasta import RAILROAD, KittyTiming, RailroadCanastaError, Rules, RulesError, UpcardRule
from railroad_canasta.core.options import option_names, read_option, rules_from_mapping, rules_to_mapping
from railroad_canasta.testing import strategies as strat


@given(strat.rules())
def test_property_rules_round_trip_through_a_plain_mapping(rules: Rules) -> None:
    """Rules -> plain JSON mapping -> Rules gives equal rules; typed values are read back as they are."""
    assert rules_from_mapping(Rules, json.loads(json.dumps(rules_to_mapping(rules)))) == rules
    assert rules_from_mapping(Rules, attrs.asdict(rules, recurse=False)) == rules


def test_every_option_is_written_and_a_missing_one_takes_its_default() -> None:
    """rules_to_mapping writes every option in field order; an empty mapping gives the defaults."""
    assert tuple(rules_to_mapping(RAILROAD)) == option_names(Rules)
    assert rules_from_mapping(Rules, {}) == RAILROAD


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("frozen_pile_pair_pickup", "false", False),
        ("frozen_pile_pair_pickup", " Yes ", True),
        ("wild_melds", "0", False),
        ("players", "4", 4),
        ("max_rounds", "none", None),
        ("max_rounds", "12", 12),
        ("kitty_timing", "same-turn", KittyTiming.SAME_TURN),
        ("kitty_timing", "SAME_TURN", KittyTiming.SAME_TURN),
        ("kitty_timing", "KittyTiming.SAME_TURN", KittyTiming.SAME_TURN),
        ("wild_upcard", "return", UpcardRule.RETURN),
    ],
)
def test_text_values_are_read_by_the_option_type(name: str, text: str, value: object) -> None:
    """With from_text, strings typed on a command line are read as booleans, integers, none or enums."""
    assert getattr(rules_from_mapping(Rules, {name: text}, from_text=True), name) == value
    assert read_option(Rules, name, text, from_text=True) == value


@pytest.mark.parametrize(
    ("data", "path", "words"),
    [
        ({"players": "4"}, "rules.players", "must be an integer"),
        ({"players": True}, "rules.players", "must be an integer"),
        ({"players": 9}, "rules.players", "from 2 to 8"),
        ({"hand_size": 2**9000}, "rules.hand_size", "too large"),
        ({"wild_melds": 1}, "rules.wild_melds", "true or false"),
        ({"wild_upcard": "RETURN"}, "rules.wild_upcard", "one of 'keep', 'return'"),
        ({"max_rounds": "none"}, "rules.max_rounds", "integer or null"),
        ({"requirement_table": [[0, 50, 1]]}, "rules.requirement_table[0]", "2 entries"),
        ({"requirement_table": [[0, "50"]]}, "rules.requirement_table[0][1]", "must be an integer"),
        ({"requirement_table": [[5, 50]]}, "rules.requirement_table", "score 0"),
        ({"requirement_table": "0 50"}, "rules.requirement_table", "list of rows"),
        ({"bogus": 1}, "rules.bogus", "unknown option"),
        ({"decks_per_player": 1, "hand_size": 40, "kitty_size": 40}, "rules.hand_size", "but the pack has"),
    ],
)
def test_unfit_values_raise_rules_errors_at_their_path(
    data: dict[str, object], path: str, words: str
) -> None:
    """Unknown options, wrong types and values the rules refuse name ``rules.<option>``; text is strict."""
    with pytest.raises(RulesError) as info:
        rules_from_mapping(Rules, data)
    assert info.value.path == path and words in info.value.reason
    assert str(info.value).startswith(path)
    assert isinstance(info.value, RailroadCanastaError) and isinstance(info.value, ValueError)


def test_text_errors_and_the_path_prefix() -> None:
    """A table cannot be typed as text; the path prefix is the caller's (``""``: the bare option)."""
    with pytest.raises(RulesError) as info:
        rules_from_mapping(Rules, {"requirement_table": "0:50"}, from_text=True)
    assert info.value.path == "rules.requirement_table"
    with pytest.raises(RulesError) as info:
        rules_from_mapping(Rules, {"players": "many"}, path="scenario.rules", from_text=True)
    assert (info.value.path, info.value.option) == ("scenario.rules.players", "players")
    with pytest.raises(RulesError) as info:
        rules_from_mapping(Rules, {"players": 1}, path="")
    assert str(info.value) == "players: must be from 2 to 8, not 1"


def test_rules_errors_from_the_class_keep_their_message() -> None:
    """A RulesError raised by Rules itself still reads ``Rules.<option>: ...``."""
    with pytest.raises(RulesError, match=r"^Rules\.players: must be from 2 to 8, not 9$"):
        Rules(players=9)
