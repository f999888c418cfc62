"""The PEP 316 contracts of the rule functions, sampled with Hypothesis.

CrossHair (``nox -s contracts``) proves most conditions over all paths; a few it cannot decide in CI time
(a loop over a table of unbounded length, a 15-kind hand, a tuple of melds). This test evaluates every
``pre:``/``post:`` line of every contract function in the contract modules on generated arguments, so
each condition, decided by CrossHair or not, is also run here; and it checks that the list below names
every contract function, so a new contract cannot go unsampled.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable, Mapping
from types import ModuleType

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from railroad_canasta.core.cards import Kind
from railroad_canasta.core.melds import Meld
from railroad_canasta.core.moves import AddToMeld, StartMeld
from railroad_canasta.variants.railroad.rules import CanastaKind, TableMeld

pytestmark = pytest.mark.clause(
    "R-CRD-1", "R-CRD-4", "R-REQ-2", "R-MLD-4", "R-CAN-1", "R-CAN-2", "R-CAN-5", "R-SCO-1", "R-SCO-5",
    "R-DEC-7", "R-DEC-15", "R-HND-1", "R-CL-MLD-1", "R-CL-CAN-2", "R-CL-SCO-1", "R-CL-SCO-2", "R-CL-SCO-3",
)  # fmt: skip

PACKAGE = "railroad_canasta"
_CONDITION = re.compile(r"^\s*(pre|post):\s*(.+)$", re.MULTILINE)

_counts = st.tuples(*[st.integers(0, 64)] * 15)
_small = st.integers(0, 9)
_amount = st.integers(0, 1000)
_meld_cards = st.tuples(st.sampled_from(Kind), st.integers(-1, 9), st.integers(-1, 4), st.integers(-1, 4))
_melds = _meld_cards.map(lambda c: Meld(*c))
_table_melds = st.tuples(st.sampled_from(Kind), _small, st.integers(0, 4), st.integers(0, 4)).map(
    lambda c: TableMeld(*c)
)
_kinds = st.sampled_from(Kind)
_moves: st.SearchStrategy[StartMeld | AddToMeld] = st.one_of(
    st.builds(StartMeld, _kinds, st.integers(0, 7), st.integers(0, 4), st.integers(0, 4)),
    st.builds(AddToMeld, _kinds, _kinds),
)


@st.composite
def _requirement_tables(draw: st.DrawFn) -> tuple[tuple[int, int], ...]:
    lows = sorted(draw(st.sets(st.integers(1, 10_000), max_size=6)))
    return tuple((low, draw(_amount)) for low in [0, *lows])


#: Each contract function (module, name) and a strategy for each of its parameters.
STRATEGIES: Mapping[tuple[str, str], Mapping[str, st.SearchStrategy[object]]] = {
    ("core.cards", "card_value"): {"kind": _kinds},
    ("core.cards", "pack_size"): {
        "players": st.integers(1, 16),
        "decks_per_player": st.integers(1, 4),
        "jokers_per_player": st.integers(0, 4),
    },
    ("variants.railroad.rules", "requirement_for_score"): {
        "score": st.integers(-5000, 20_000),
        "negative": _amount,
        "table": _requirement_tables(),
    },
    ("variants.railroad.scoring", "hand_value"): {"counts": _counts},
    ("variants.railroad.scoring", "score_parts"): {
        name: _amount for name in ("melded", "bonus", "red_threes", "red_bonus", "going_out", "hand", "kitty")
    }
    | {"kitty_reds": _small},
    ("variants.railroad.rules", "canasta_kind_of"): {"meld": _melds},
    ("variants.railroad.rules", "kind_bonus"): {
        "kind": st.sampled_from(CanastaKind),
        **{name: _amount for name in ("red", "black", "wild", "sevens")},
    },
    ("variants.railroad.rules", "meld_form_problem"): {
        "meld": _melds,
        "sevens_natural_only": st.booleans(),
        "wild_melds": st.booleans(),
        "black_three_needs_three": st.booleans(),
    },
    ("variants.railroad.floor", "cards_to_keep"): {
        name: st.booleans() for name in ("goes_out", "requires_discard", "keep_two_cards", "kitty_follows")
    },
    ("variants.railroad.steps", "step_result"): {
        "hand": st.tuples(*[st.integers(0, 8)] * 15),
        "melds": st.lists(_table_melds, max_size=5).map(tuple),
        "mask": st.integers(0, 15),
        "move": _moves,
    },
    ("variants.railroad.requirement", "_new_melds"): {"wild_ok": st.booleans()},
    ("variants.classic.arithmetic", "initial_requirement"): {"score": st.integers(-5000, 10_000)},
    ("variants.classic.arithmetic", "wild_room"): {"naturals": _small, "wilds": _small},
    ("variants.classic.arithmetic", "meld_wilds_problem"): {"naturals": _small, "wilds": _small},
    ("variants.classic.arithmetic", "canasta_kind_of"): {
        "size": st.integers(0, 12),
        "wilds": st.integers(0, 6),
    },
    ("variants.classic.arithmetic", "canasta_bonus_value"): {
        "size": st.integers(0, 12),
        "wilds": st.integers(0, 6),
        "natural_bonus": _amount,
        "mixed_bonus": _amount,
    },
    ("variants.classic.arithmetic", "red_three_value"): {
        "count": st.integers(0, 6),
        "all_red_threes": st.sampled_from((4, 6)),
        "bonus": _amount,
        "melded": st.booleans(),
    },
    ("variants.classic.arithmetic", "going_out_value"): {
        "went_out": st.booleans(),
        "concealed": st.booleans(),
        "bonus": _amount,
    },
    ("variants.classic.arithmetic", "side_parts"): {
        name: _amount
        for name in (
            "melded",
            "bonuses",
            "concealed",
            "extra",
            "red_threes",
            "going_out",
            "in_hands",
        )
    }
    | {"red_threes": st.integers(-1200, 1200)},
}


def conditions(function: Callable[..., object]) -> tuple[list[str], list[str]]:
    """The ``pre:`` and ``post:`` expressions of ``function``'s docstring."""
    found = _CONDITION.findall(inspect.getdoc(function) or "")
    return [e for kind, e in found if kind == "pre"], [e for kind, e in found if kind == "post"]


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def _contract_modules() -> list[str]:
    """The modules the contracts session checks (CONTRACT_MODULES in noxfile.py), as dotted names."""
    from pathlib import Path

    text = (Path(__file__).parents[2] / "noxfile.py").read_text(encoding="utf-8")
    block = re.search(r"CONTRACT_MODULES = \[(.*?)\]", text, re.DOTALL)
    assert block is not None
    return [p.removesuffix(".py").replace("/", ".") for p in re.findall(r'"([^"]+)"', block.group(1))]


def test_every_contract_function_is_sampled() -> None:
    """Every function with a contract in the contract modules has strategies here, and no other."""
    found = set()
    for name in _contract_modules():
        for attr, value in vars(_module(name)).items():
            if inspect.isfunction(value) and value.__module__.endswith(name) and any(conditions(value)):
                found.add((name, attr))
    assert found == set(STRATEGIES)
    assert all(sum(map(len, conditions(getattr(_module(m), f)))) for m, f in found)


@pytest.mark.parametrize("key", sorted(STRATEGIES), ids=lambda k: f"{k[0].rsplit('.', 1)[1]}.{k[1]}")
@given(data=st.data())
def test_contract_conditions_hold(key: tuple[str, str], data: st.DataObject) -> None:
    """On arguments meeting every ``pre:``, the function returns and meets every ``post:``."""
    module = _module(key[0])
    function = getattr(module, key[1])
    args = {name: data.draw(strategy, label=name) for name, strategy in STRATEGIES[key].items()}
    pre, post = conditions(function)
    # One namespace (the module's, then the arguments): a generator in a condition sees both.
    scope = {**vars(module), **args}
    assume(all(eval(e, scope) for e in pre))
    scope["__return__"] = function(**args)
    for expression in post:
        assert eval(expression, scope), expression
