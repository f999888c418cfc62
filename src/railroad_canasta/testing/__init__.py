"""Test support shipped with the library, for its own tests and for users', one module per concern and
each for both variants (Railroad's names plain, classic's prefixed ``classic_``/``Classic``):

- :mod:`railroad_canasta.testing.strategies`: Hypothesis strategies of rules, games, reachable states,
  views and records (needs ``hypothesis``).
- :mod:`railroad_canasta.testing.stateful`: the Hypothesis state machines that play random legal moves
  (``GameMachine``, ``ClassicGameMachine``; needs ``hypothesis``).
- :mod:`railroad_canasta.testing.oracle`: the brute-force oracle of each move generator.
- :mod:`railroad_canasta.testing.classic_opening`: the exhaustive oracle of classic's opening turn (every
  sequence of the turn's meld steps, cards held aside included).
- :mod:`railroad_canasta.testing.invariants`: ``check_state``, the invariants of every reachable state of
  either variant, with those of its legal moves (no dependency).
- :mod:`railroad_canasta.testing.conformance`: the conformance harness over every registered variant.
- :mod:`railroad_canasta.testing.volume`: the volume walk (``python -m railroad_canasta.testing.volume``).
"""
