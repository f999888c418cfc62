"""Adapters to game frameworks: each imports its framework lazily, only when the adapter is imported.

- :mod:`railroad_canasta.adapters.openspiel` registers every variant with OpenSpiel (extra ``[openspiel]``).
- :mod:`railroad_canasta.adapters.pettingzoo` is a PettingZoo AEC environment (extra ``[pettingzoo]``).

Both play any registered variant through its :class:`~railroad_canasta.Variant`: its action space
(``variant.actions``), its observation vector and text (``observe``, ``describe``) and its game functions.
The core library never imports this package.
"""

from __future__ import annotations
