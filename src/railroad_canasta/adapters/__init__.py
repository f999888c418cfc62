"""Adapters to game frameworks: each imports its framework lazily, only when the adapter is imported.

- :mod:`railroad_canasta.adapters.openspiel` registers every variant with OpenSpiel (extra ``[openspiel]``).
- :mod:`railroad_canasta.adapters.pettingzoo` is a PettingZoo AEC environment (extra ``[pettingzoo]``).

Both play any registered variant through its :class:`~railroad_canasta.Variant`: its action space
(``variant.actions``), its observation vector and text (``observe``, ``describe``) and its game functions.
The core library never imports this package.
"""

from __future__ import annotations

__all__ = ["missing_extra"]


def missing_extra(module: str, framework: str, extra: str) -> ImportError:
    """The error an adapter raises when its framework is not installed, naming the extra to install.

    >>> str(missing_extra("openspiel", "OpenSpiel (pyspiel)", "openspiel"))  # doctest: +ELLIPSIS
    "railroad_canasta.adapters.openspiel needs OpenSpiel (pyspiel): pip install 'railroad-canasta[openspiel]'"
    """
    return ImportError(
        f"railroad_canasta.adapters.{module} needs {framework}: pip install 'railroad-canasta[{extra}]'"
    )
