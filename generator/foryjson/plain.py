"""Plain values as the reader produces them, beyond the ``json`` module's own."""

from __future__ import annotations

from contextvars import ContextVar

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from decimal import Decimal
    from typing import Protocol

    class FloatTexts(Protocol):
        """The exact texts of the numbers of one document that orjson read as floats."""

        def decimal(self, value: float) -> Decimal:
            """The number read as ``value``, as ``read_decimal`` reads its exact text;
            ``InexactFloat`` where that text is not known for sure."""


__all__ = ["FLOAT_TEXTS", "DuplicateMember", "InexactFloat", "NumberText"]


class NumberText(str):
    """The exact text of a JSON number with a fraction or exponent.

    Documents whose types hold decimals are read with this in place of ``float``, so
    that no digit is lost before the decoder knows which type wants the number. It is a
    number, not a string: error messages and every decoder treat it as one.
    """

    __slots__ = ()


class DuplicateMember:
    """Stands in for a subtype property's name that an object holds twice.

    Fory's rule is that the last of duplicate members wins, except for the property
    that names a subtype: which subtype the object is must not depend on the reader.
    The reader cannot tell which objects are read as subtypes, so it marks every
    object whose last value of such a property is a string (a name a subtype dispatch
    could take); ``value`` is that last value. Subtype dispatches meet the marker where
    they expect a name and report it; every other reader takes ``value``, the last one.
    """

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: str) -> None:
        self.name = name
        self.value = value

    def __repr__(self) -> str:
        return f"DuplicateMember({self.name!r}, {self.value!r})"


class InexactFloat(Exception):
    """A decimal met a float of a document whose exact text is not known for sure.

    Raised only while the reader decodes orjson's values of a document (see
    ``FLOAT_TEXTS``); the reader then decodes the document again from the standard
    library's exact values, so this never escapes ``from_json``.
    """


#: While the reader decodes orjson's values of a document whose type holds decimals,
#: the exact texts of its floats (``decimals.decimal_from`` reads decimal fields
#: with them); None otherwise.
FLOAT_TEXTS: ContextVar[FloatTexts | None] = ContextVar(
    "foryjson_float_texts", default=None
)
