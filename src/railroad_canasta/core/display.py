"""How positions show themselves: ``str``, and the ``_repr_svg_`` / ``_repr_html_`` hooks of Jupyter.

The core knows no picture. :class:`Displayable` is a slot-free mixin whose methods call the renderer
registered with :func:`register_renderer`; :mod:`railroad_canasta.render` registers itself when the
package is imported, so every state and view of every variant draws itself without the variants
importing the renderer (which is built on them). Without a renderer, ``str`` falls back to ``repr``.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["Displayable", "register_renderer"]

#: The registered functions: name ("text", "svg", "html") to a function of the position.
_RENDERERS: dict[str, Callable[[object], str]] = {}


def register_renderer(name: str, function: Callable[[object], str]) -> None:
    """Make ``function`` draw every :class:`Displayable` as ``name`` ("text", "svg" or "html")."""
    if name not in ("text", "svg", "html"):
        raise ValueError(f"a renderer is 'text', 'svg' or 'html', not {name!r}")
    _RENDERERS[name] = function


class Displayable:
    """Mixin of positions: a short readable ``str`` and the pictures of Jupyter, from the renderer."""

    __slots__ = ()

    def __str__(self) -> str:
        render = _RENDERERS.get("text")
        return render(self) if render is not None else repr(self)

    def _repr_svg_(self) -> str | None:
        render = _RENDERERS.get("svg")
        return render(self) if render is not None else None

    def _repr_html_(self) -> str | None:
        render = _RENDERERS.get("html")
        return render(self) if render is not None else None
