"""Plain values as the reader produces them, beyond the ``json`` module's own."""

from __future__ import annotations

__all__ = ["DuplicateMember", "NumberText"]


class NumberText(str):
    """The exact text of a JSON number with a fraction or exponent.

    Documents whose types hold decimals are read with this in place of ``float``, so
    that no digit is lost before the decoder knows which type wants the number. It is a
    number, not a string: error messages and every decoder treat it as one.
    """

    __slots__ = ()


class DuplicateMember:
    """Stands in for the value of a subtype property that an object holds twice.

    Fory's rule is that the last of duplicate members wins, except for the property
    that names a subtype: which subtype the object is must not depend on the reader.
    Decoders meet this value where they expect a subtype name and report it.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"DuplicateMember({self.name!r})"
