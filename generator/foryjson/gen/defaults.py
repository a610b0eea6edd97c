"""What a missing property reads back as, and which values a policy may leave out.

Encoders skip a member only when decoding its absence gives the same value back, so
the include policies and the defaults of decoding are decided together, here.
"""

from __future__ import annotations

from .ir import (
    Custom,
    DictOf,
    FieldDef,
    Include,
    ListOf,
    Nullable,
    Scalar,
    SetOf,
    TupleOf,
    TypeRef,
)


class _Nothing:
    pass


NOTHING: object = _Nothing()


def implicit_default(item: FieldDef) -> object:
    """The value a missing property decodes to, or ``NOTHING`` when it is required.

    Whatever an include policy leaves out must read back as the same value, so
    ``non_empty`` implies empty strings and containers, and ``non_default`` the zero
    value of the type, for fields without a declared default.
    """
    if item.has_default:
        return item.default
    if isinstance(item.type, Nullable):
        return None
    zero = zero_value(item.type)
    if item.include is Include.NON_EMPTY and can_be_empty(item.type):
        return zero
    if item.include is Include.NON_DEFAULT:
        return zero
    return NOTHING


def zero_value(type_ref: TypeRef) -> object:
    """The value ``non_default`` leaves out when a field declares no default."""
    if isinstance(type_ref, Scalar):
        if type_ref.name in (
            "int",
            "int8",
            "int16",
            "int32",
            "int64",
        ) or type_ref.name.startswith("uint"):
            return 0
        zeros: dict[str, object] = {
            "bool": False,
            "float": 0.0,
            "float32": 0.0,
            "str": "",
            "bytes": b"",
        }
        return zeros.get(type_ref.name, NOTHING)
    if isinstance(type_ref, ListOf):
        return []
    if isinstance(type_ref, SetOf):
        return set()
    if isinstance(type_ref, TupleOf):
        return () if type_ref.variadic else NOTHING
    if isinstance(type_ref, DictOf):
        return {}
    return NOTHING


def may_hold_long_int(type_ref: TypeRef) -> bool:
    """Whether a value of the type can hold an ``int`` too long for ``repr``, outside a model.

    Unbounded ``int``, ``any`` and values of user codecs can; models have their own
    safe ``__repr__``, and sized integers are short.
    """
    if isinstance(type_ref, Scalar):
        return type_ref.name in ("int", "any")
    if isinstance(type_ref, Nullable):
        return may_hold_long_int(type_ref.inner)
    if isinstance(type_ref, ListOf | SetOf):
        return may_hold_long_int(type_ref.item)
    if isinstance(type_ref, TupleOf):
        return any(may_hold_long_int(item) for item in type_ref.items)
    if isinstance(type_ref, DictOf):
        return may_hold_long_int(type_ref.key) or may_hold_long_int(type_ref.value)
    return isinstance(type_ref, Custom)


def can_be_empty(type_ref: TypeRef) -> bool:
    """Whether ``non_empty`` can leave a value of this type out (a zero-length value)."""
    if isinstance(type_ref, Scalar):
        return type_ref.name in ("str", "bytes")
    return isinstance(type_ref, ListOf | SetOf | DictOf) or (
        isinstance(type_ref, TupleOf) and type_ref.variadic
    )


def is_plain_json(value: object) -> bool:
    """Whether a default is the same value in Python and as read from JSON."""
    return value is None or type(value) in (bool, int, float, str)
