"""Test support shipped with the library, for its own tests and for users'.

- :mod:`railroad_canasta.testing.invariants`: the invariants of every reachable state, with those of
  the legal moves (no dependency).
- :mod:`railroad_canasta.testing.strategies`: Hypothesis strategies (needs ``hypothesis``).
- :mod:`railroad_canasta.testing.stateful`: a Hypothesis state machine that plays random legal moves.
"""
