"""Test support shipped with the library, for its own tests and for users'.

- :mod:`railroad_canasta.testing.invariants`: checks that hold in every reachable state (no dependency).
- :mod:`railroad_canasta.testing.strategies`: Hypothesis strategies (needs ``hypothesis``).
- :mod:`railroad_canasta.testing.stateful`: a Hypothesis state machine that plays random legal moves.
"""
