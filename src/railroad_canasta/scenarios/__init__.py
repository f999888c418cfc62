"""Scenario files: a position and questions about it in TOML, answered by the engine with the clauses.

A scenario file describes a position by what matters (hands, melds, the pile, the kitties...) and lets
the library fill in the rest so that the pack adds up; its ``[[expect]]`` entries state what the rules
say about it (a move is legal, a move breaks a clause, after some moves a hand or a score is so).

The package is in four parts, each a module:

* :mod:`~railroad_canasta.scenarios.model` and :mod:`~railroad_canasta.scenarios.reader`: the format, as
  typed values, and :func:`load_scenario` / :func:`parse_scenario`, which read and validate a file
  (:mod:`~railroad_canasta.scenarios.options` reads and layers its rules options);
* :mod:`~railroad_canasta.scenarios.builder`: :func:`build_position` makes the
  :class:`~railroad_canasta.GameState` the file describes, refusing one that cannot exist;
* :mod:`~railroad_canasta.scenarios.runner`: :func:`run_scenario` checks the expectations and returns a
  :class:`ScenarioReport`;
* :mod:`~railroad_canasta.scenarios.explain`: :func:`explain_scenario` gives the decision for one move
  with the engine's guard table.

The ``check`` and ``explain`` commands (:mod:`railroad_canasta.cli`) print what these return. The format
is documented in ``docs/scenarios.md``.

>>> text = '''
... title = "A natural pair takes a frozen pile"
... question = "May I take a frozen pile with a natural pair?"
... clauses = ["R-PIL-4", "R-DEC-1"]
... [position]
... phase = "draw"
... pile = "4 JK 9"
... [[players]]
... hand = "9 9 K K K 5"
... [[expect]]
... legal = "take-pile 9"
... [[expect]]
... rules = { frozen_pile_pair_pickup = false }
... illegal = "take-pile 9"
... clause = "R-DEC-1"
... '''
>>> scenario = parse_scenario(text, "pair.toml")
>>> [r.passed for r in run_scenario(scenario).results]
[True, True]
>>> build_position(scenario).pile_frozen
True
"""

from __future__ import annotations

from railroad_canasta.scenarios.builder import FILL_ORDER as FILL_ORDER
from railroad_canasta.scenarios.builder import build_position as build_position
from railroad_canasta.scenarios.explain import CLAUSE_EFFECTS as CLAUSE_EFFECTS
from railroad_canasta.scenarios.explain import Explanation as Explanation
from railroad_canasta.scenarios.explain import explain_scenario as explain_scenario
from railroad_canasta.scenarios.lab import ExampleSize as ExampleSize
from railroad_canasta.scenarios.lab import RulesDiff as RulesDiff
from railroad_canasta.scenarios.lab import rules_diff as rules_diff
from railroad_canasta.scenarios.model import Check as Check
from railroad_canasta.scenarios.model import DealSpec as DealSpec
from railroad_canasta.scenarios.model import Expectation as Expectation
from railroad_canasta.scenarios.model import PlayerSpec as PlayerSpec
from railroad_canasta.scenarios.model import PositionSpec as PositionSpec
from railroad_canasta.scenarios.model import RuleValue as RuleValue
from railroad_canasta.scenarios.model import Scenario as Scenario
from railroad_canasta.scenarios.model import ScenarioError as ScenarioError
from railroad_canasta.scenarios.model import ScenarioErrors as ScenarioErrors
from railroad_canasta.scenarios.options import parse_rules_override as parse_rules_override
from railroad_canasta.scenarios.options import rules_for as rules_for
from railroad_canasta.scenarios.reader import load_scenario as load_scenario
from railroad_canasta.scenarios.reader import parse_scenario as parse_scenario
from railroad_canasta.scenarios.runner import CheckResult as CheckResult
from railroad_canasta.scenarios.runner import ScenarioReport as ScenarioReport
from railroad_canasta.scenarios.runner import run_scenario as run_scenario
from railroad_canasta.scenarios.runner import scenario_files as scenario_files
