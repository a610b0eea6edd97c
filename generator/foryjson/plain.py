"""Plain values as the reader produces them, beyond the ``json`` module's own."""

from __future__ import annotations

__all__ = ["NumberText"]


class NumberText(str):
    """The exact text of a JSON number with a fraction or exponent.

    Documents whose types hold decimals are read with this in place of ``float``, so
    that no digit is lost before the decoder knows which type wants the number. It is a
    number, not a string: error messages and every decoder treat it as one.
    """

    __slots__ = ()
