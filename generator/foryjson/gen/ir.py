"""The validated model IR: the only thing code emission and templates see.

Every object here is already checked: names are valid identifiers, references are
resolved, JSON names are unique, defaults fit their types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .source import Location


class Include(Enum):
    """When a property is written."""

    ALWAYS = "always"
    NON_NULL = "non_null"
    NON_EMPTY = "non_empty"
    NON_DEFAULT = "non_default"


class UnknownProperties(Enum):
    """What decoding does with members the model does not declare."""

    IGNORE = "ignore"
    REJECT = "reject"


INTEGER_RANGES: dict[str, tuple[int, int]] = {
    "int8": (-(2**7), 2**7 - 1),
    "int16": (-(2**15), 2**15 - 1),
    "int32": (-(2**31), 2**31 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint8": (0, 2**8 - 1),
    "uint16": (0, 2**16 - 1),
    "uint32": (0, 2**32 - 1),
    "uint64": (0, 2**64 - 1),
}

SCALARS = frozenset({"bool", "int", "float", "str", *INTEGER_RANGES})


@dataclass(frozen=True)
class Scalar:
    """bool, int (unbounded), a sized integer, float or str."""

    name: str


@dataclass(frozen=True)
class ListOf:
    item: TypeRef


@dataclass(frozen=True)
class DictOf:
    """A JSON object with string keys and values of one type."""

    value: TypeRef


@dataclass(frozen=True)
class Nullable:
    inner: TypeRef


@dataclass(frozen=True)
class EnumRef:
    module: str
    name: str


@dataclass(frozen=True)
class ModelRef:
    module: str
    name: str


TypeRef = Scalar | ListOf | DictOf | Nullable | EnumRef | ModelRef


def spell(type_ref: TypeRef, from_module: str = "") -> str:
    """The schema-language spelling of a type, as used in messages."""
    if isinstance(type_ref, Scalar):
        return type_ref.name
    if isinstance(type_ref, ListOf):
        return f"list[{spell(type_ref.item, from_module)}]"
    if isinstance(type_ref, DictOf):
        return f"dict[str, {spell(type_ref.value, from_module)}]"
    if isinstance(type_ref, Nullable):
        return f"{spell(type_ref.inner, from_module)}?"
    if type_ref.module == from_module:
        return type_ref.name
    return f"{type_ref.module}.{type_ref.name}"


@dataclass(frozen=True)
class EnumDef:
    name: str
    members: tuple[str, ...]
    doc: str | None
    location: Location


@dataclass(frozen=True)
class FieldDef:
    name: str
    """The Python attribute name."""
    json_name: str
    type: TypeRef
    include: Include
    default: object
    """The default value as plain data (enum members by name), or ``NO_DEFAULT``."""
    doc: str | None
    location: Location

    @property
    def has_default(self) -> bool:
        return self.default is not NO_DEFAULT

    @property
    def required(self) -> bool:
        """Whether decoding and construction need a value (no default, not nullable)."""
        return not self.has_default and not isinstance(self.type, Nullable)


@dataclass(frozen=True)
class ModelDef:
    name: str
    fields: tuple[FieldDef, ...]
    """In declaration order; the constructor and ``repr`` use this order."""
    write_order: tuple[FieldDef, ...]
    """In the order properties are written."""
    unknown_properties: UnknownProperties
    doc: str | None
    location: Location


@dataclass(frozen=True)
class ModuleDef:
    name: str
    """Dotted module path relative to the output folder, such as ``media`` or ``shop.orders``."""
    source: str
    """The schema file, relative to its input root, for the header line."""
    doc: str | None
    enums: tuple[EnumDef, ...]
    models: tuple[ModelDef, ...]
    imports: tuple[str, ...] = field(default=())
    """Other generated modules this one refers to, as dotted module paths."""


class _NoDefault:
    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT: object = _NoDefault()
