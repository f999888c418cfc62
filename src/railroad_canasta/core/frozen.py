"""Cheap construction of frozen records: a constructor that skips the frozen ``__init__``.

An ``attrs`` frozen slotted class sets every field through ``object.__setattr__`` in ``__init__``, which
costs about 1.4 µs for 15 fields, and the engine builds a state or two per decision. :func:`builder`
answers a function taking every field positionally that fills a mutable twin of the class (same slots,
same layout) with plain attribute stores and then turns it into an instance of the class itself. The
object answered is an ordinary instance of the frozen class: assigning a field fails, equality, hashing,
``repr`` and ``attrs.evolve`` are the class's own. It costs about 0.2 µs.

A class that also derives from :class:`Stamped` may get a second builder, ``builder(cls, stamp=True)``,
whose records carry a private stamp: the engine builds its own states so and trusts them on sight
(:func:`is_stamped`, one attribute read), where a record from ``__init__``, ``attrs.evolve``, ``copy``
or ``pickle`` carries none (they set the fields only) and is checked when it enters a public function.

The class must be slotted, its fields declared in one class (itself, or a base of which it only adds
methods), have no ``__weakref__`` slot
(``weakref_slot=False``: CPython refuses the change of class otherwise), and no validators. The builder
runs no converter either: give it converted values. Only trusted code should build records this way: it
checks nothing.

>>> @attrs.frozen(weakref_slot=False)
... class Point:
...     x: int
...     y: int
>>> make = builder(Point)
>>> p = make(1, 2)
>>> p, type(p) is Point, p == Point(1, 2)
(Point(x=1, y=2), True, True)
>>> p.x = 3
Traceback (most recent call last):
...
attr.exceptions.FrozenInstanceError: can't set attribute
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs

__all__ = ["STAMP", "Stamped", "builder", "copier", "is_stamped", "replacer"]

T = TypeVar("T")


class _Marker:
    """A marker object, compared by identity and shown by its name (in signatures and in the docs)."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name


#: The stamp of the records a stamping builder makes (never a field: no copy of a record carries it).
STAMP: Final = _Marker("STAMP")


class Stamped:
    """A base class with the slot of the stamp (empty unless a stamping builder made the record)."""

    __slots__ = ("_stamp",)
    #: :data:`STAMP` when a stamping builder made the record; unset (reading it raises) otherwise.
    _stamp: object


def is_stamped(record: object) -> bool:
    """Whether a stamping :func:`builder` made ``record`` (the engine's own states).

    >>> @attrs.frozen(weakref_slot=False)
    ... class Mark(Stamped):
    ...     x: int
    >>> is_stamped(builder(Mark, stamp=True)(1)), is_stamped(builder(Mark)(1)), is_stamped(Mark(1))
    (True, False, False)
    """
    return getattr(record, "_stamp", None) is STAMP


def builder(cls: type[T], *, stamp: bool = False, checked: bool = True) -> Callable[..., T]:
    """A constructor of ``cls`` taking every field positionally, in order, that runs no ``__init__``.

    With ``stamp`` (``cls`` a :class:`Stamped`) the records it makes carry :data:`STAMP`. A class with
    validators is refused unless ``checked=False`` says that the caller vouches for the values.
    """
    return _generate(cls, None, stamp=stamp, checked=checked)


def copier(cls: type[T], changed: tuple[str, ...], *, stamp: bool = False) -> Callable[..., T]:
    """A function ``copy(old, *values)``: a record of ``cls`` with the fields named in ``changed`` set to
    ``values`` (in the order of ``changed``) and every other field read from the record ``old``, made as
    :func:`builder` makes records (no ``__init__``; ``stamp`` as there). Its callers pass the few fields
    a transition changes instead of every field: the others are read inside, without the argument passing.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Span:
    ...     start: int
    ...     end: int
    ...     label: str
    >>> moved = copier(Span, ("end", "start"))(Span(1, 2, "a"), 9, 8)
    >>> moved, type(moved) is Span
    (Span(start=8, end=9, label='a'), True)
    """
    return _generate(cls, changed, stamp=stamp, checked=True)


def replacer(cls: type[T], *, stamp: bool = False) -> Callable[..., T]:
    """A method ``replace(self, **changes)``: a copy of the record with the fields named as keywords
    changed, every other field read from ``self``, made as :func:`builder` makes records (no ``__init__``,
    no validator; ``stamp`` as there). A field with a converter gets its value converted. An unknown name
    raises ``TypeError``, as a call with an unknown keyword does. Set it on the class after the class
    (``Point.replace = replacer(Point)``), declared in its body as a ``ClassVar``.

    >>> @attrs.frozen(weakref_slot=False)
    ... class Pair:
    ...     left: int
    ...     right: tuple[int, ...] = attrs.field(converter=tuple)
    >>> replace = replacer(Pair)
    >>> replace(Pair(1, (2,)), right=[3, 4])
    Pair(left=1, right=(3, 4))
    """
    return _generate(cls, None, stamp=stamp, checked=True, keywords=True)


#: The default of a generated ``replace``'s keywords: keep the field as it is.
_KEEP: Final = _Marker("KEEP")


def _generate(
    cls: type[T], changed: tuple[str, ...] | None, *, stamp: bool, checked: bool, keywords: bool = False
) -> Callable[..., T]:
    """The source of a :func:`builder` (``changed`` is ``None``), of a :func:`copier` or of a
    :func:`replacer` (``keywords``), compiled.
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    names = tuple(f.name for f in fields)
    if checked and any(f.validator is not None for f in fields):
        raise TypeError(f"{cls.__name__} has validators: build it with its __init__")
    # The class whose slots hold the fields: ``cls``, or a base of it when ``cls`` (and every class
    # between) only adds methods (Railroad's ``TableMeld`` over the core's ``Meld``).
    owner: type = cls
    while owner.__dict__.get("__slots__") == () and len(owner.__bases__) == 1:
        owner = owner.__bases__[0]
    slots = owner.__dict__.get("__slots__")
    if slots is None or "__weakref__" in slots or "__dict__" in slots or not set(names) <= set(slots):
        raise TypeError(f"{cls.__name__} must be slotted, its fields in one class, with weakref_slot=False")
    if stamp and not issubclass(cls, Stamped):
        raise TypeError(f"{cls.__name__} has no slot for a stamp: derive it from Stamped")
    if changed is not None and (not set(changed) <= set(names) or len(set(changed)) != len(changed)):
        raise TypeError(f"{cls.__name__}: the fields changed must be distinct fields, not {changed!r}")
    twin = type(f"_Mutable{cls.__name__}", owner.__bases__, {"__slots__": slots})
    namespace: dict[str, Any] = {
        "new": object.__new__,
        "twin": twin,
        "cls": cls,
        "stamp": STAMP,
        "keep": _KEEP,
    }
    if set(names) & {*namespace, "old", "self"}:
        raise TypeError(f"{cls.__name__}: a field's name is one of the generated code's own names")
    if keywords:
        params = ", ".join(("old", "*", *(f"{n}=keep" for n in names)))
        body = ""
        for f in fields:
            value = f.name
            if f.converter is not None:
                namespace[f"convert_{f.name}"] = f.converter
                value = f"convert_{f.name}({f.name})"
            body += f"    self.{f.name} = old.{f.name} if {f.name} is keep else {value}\n"
    elif changed is None:
        params = ", ".join(names)
        body = "".join(f"    self.{n} = {n}\n" for n in names)
    else:
        params = ", ".join(("old", *changed))
        body = "".join(f"    self.{n} = {n if n in changed else 'old.' + n}\n" for n in names)
    if stamp:
        body += "    self._stamp = stamp\n"
    source = f"def make({params}):\n    self = new(twin)\n{body}    self.__class__ = cls\n    return self\n"
    exec(compile(source, f"<builder of {cls.__qualname__}>", "exec"), namespace)
    make: Callable[..., T] = namespace["make"]
    if keywords:
        make.__name__ = make.__qualname__ = "replace"
        make.__doc__ = (
            "A copy with the fields named as keywords changed (faster than ``attrs.evolve``; the values are"
            " not checked, a field's converter is run)."
        )
    else:
        what = (
            "from every field, in order"
            if changed is None
            else f"from a {cls.__name__} and {', '.join(changed)}"
        )
        make.__doc__ = f"Build a {cls.__name__} {what} (no checks)."
    make.__module__ = cls.__module__
    return make
