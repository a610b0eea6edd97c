"""The validated model IR: what the planner and the JSON Schema export read.

Every object here is already checked: names are valid identifiers, references are
resolved, JSON names are unique, defaults fit their types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum

from .. import roots
from ..numbers import INTEGER_RANGES
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


#: The date and time types (the runtime's list, which its type expressions read).
TEMPORALS = frozenset(roots.TEMPORALS)

#: The java.time types ``foryjson.javatime`` writes and reads.
JAVA_TIMES = frozenset(roots.JAVA_TIMES)
#: The text identifiers ``foryjson.identifiers`` checks (``uri``, ``locale``, ``currency``).
IDENTIFIERS = frozenset(roots.IDENTIFIERS)

#: The types that take a Java DateTimeFormatter pattern as their ``format``.
PATTERN_TYPES = (
    "date",
    "time",
    "datetime",
    "local_datetime",
    "year_month",
    "month_day",
    "offset_time",
    "zoned_datetime",
)

#: The types whose ISO text may have nanoseconds, for the ``nanos`` option.
NANO_TYPES = (
    "time",
    "datetime",
    "local_datetime",
    "offset_time",
    "zoned_datetime",
    "instant",
)
#: What reading does with fraction digits past microseconds.
NANOS_CHOICES = ("reject", "truncate")

#: The scalar types: the runtime's type expressions know the same ones.
SCALARS = roots.SCALARS

BYTE_FORMATS = roots.FORMATS["bytes"]
DECIMAL_FORMATS = ("number", "string")
EPOCH_FORMATS = ("epoch_millis", "epoch_seconds")

#: Scalars that can be keys of a ``dict`` (written as JSON strings).
KEY_SCALARS = frozenset({"str", "uuid", *INTEGER_RANGES, "int"})


@dataclass(frozen=True)
class Scalar:
    """A built-in type; ``format`` picks its JSON form where there is a choice.

    ``format`` is a byte-array format for ``bytes`` (always set), ``"string"`` for a
    quoted decimal, an epoch format or a Java DateTimeFormatter pattern for temporal
    types, and None for the default form. ``truncate_nanos`` is set on a type of
    ``NANO_TYPES`` in its ISO form whose fraction digits past microseconds are dropped
    on read rather than refused (the ``nanos: truncate`` option).
    """

    name: str
    format: str | None = None
    truncate_nanos: bool = False


@dataclass(frozen=True)
class ListOf:
    item: TypeRef


@dataclass(frozen=True)
class SetOf:
    """A JSON array read into a ``set``; written sorted by each element's JSON text."""

    item: TypeRef


@dataclass(frozen=True)
class TupleOf:
    """``tuple[A, B]`` (a fixed-length array) or, when ``variadic``, ``tuple[T, ...]``."""

    items: tuple[TypeRef, ...]
    variadic: bool = False


@dataclass(frozen=True)
class DictOf:
    """A JSON object; keys are strings on the wire and ``key`` in Python."""

    key: TypeRef
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


@dataclass(frozen=True)
class Custom:
    """A value a user codec writes and reads; ``inner`` gives its Python annotation."""

    inner: TypeRef
    codec: str
    """``package.module:object`` with ``encode(value) -> str`` and ``decode(data)``."""


TypeRef = (
    Scalar | ListOf | SetOf | TupleOf | DictOf | Nullable | EnumRef | ModelRef | Custom
)


def spell(type_ref: TypeRef, from_module: str = "") -> str:
    """The schema-language spelling of a type, as used in messages."""
    if isinstance(type_ref, Scalar):
        return type_ref.name
    if isinstance(type_ref, ListOf):
        return f"list[{spell(type_ref.item, from_module)}]"
    if isinstance(type_ref, SetOf):
        return f"set[{spell(type_ref.item, from_module)}]"
    if isinstance(type_ref, TupleOf):
        items = ", ".join(spell(item, from_module) for item in type_ref.items)
        return f"tuple[{items}, ...]" if type_ref.variadic else f"tuple[{items}]"
    if isinstance(type_ref, DictOf):
        key, value = spell(type_ref.key, from_module), spell(
            type_ref.value, from_module
        )
        return f"dict[{key}, {value}]"
    if isinstance(type_ref, Nullable):
        return f"{spell(type_ref.inner, from_module)}?"
    if isinstance(type_ref, Custom):
        return f"{spell(type_ref.inner, from_module)} ({type_ref.codec})"
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
    read_only: bool = False
    """Written, never read: decoding leaves the default."""
    write_only: bool = False
    """Read, never written."""
    raw: bool = False
    """A ``str`` holding JSON text, written verbatim."""
    unwrapped: tuple[str, str] | None = None
    """For a model-typed field: (prefix, suffix) of its members written into the parent."""
    any_properties: bool = False
    """A ``dict[str, any]`` that collects unknown members and writes them back inline."""
    constraints: Constraints | None = None

    @property
    def has_default(self) -> bool:
        return self.default is not NO_DEFAULT

    @property
    def required(self) -> bool:
        """Whether decoding and construction need a value (no default, not nullable)."""
        return not self.has_default and not isinstance(self.type, Nullable)


@dataclass(frozen=True)
class Constraints:
    """Rules a decoded value must follow; None where a rule is not set."""

    min: Decimal | None = None
    max: Decimal | None = None
    exclusive_min: Decimal | None = None
    exclusive_max: Decimal | None = None
    multiple_of: Decimal | None = None
    min_length: int | None = None
    max_length: int | None = None
    pattern: str | None = None
    unique: bool = False
    """For a list or tuple of hashable items: no item twice (a set that keeps order)."""


@dataclass(frozen=True)
class Subtypes:
    """A closed table of subtypes: the base's JSON names for its concrete models."""

    representation: str
    """``property``, ``wrapper_object`` or ``wrapper_array``."""
    property: str | None
    """The discriminator's JSON name, for the ``property`` representation."""
    types: tuple[tuple[str, str], ...]
    """(JSON name, model name) pairs; the models live in the base's module."""


@dataclass(frozen=True)
class ModelDef:
    name: str
    fields: tuple[FieldDef, ...]
    """In declaration order, inherited ones first; the constructor and ``repr`` use
    this order."""
    write_order: tuple[FieldDef, ...]
    """In the order properties are written."""
    unknown_properties: UnknownProperties
    doc: str | None
    location: Location
    subtypes: Subtypes | None = None
    """Set on every model of a hierarchy with a subtype table: the part of the table a
    value of this type can be (this model, unless abstract, and those deriving from
    it), in the base's representation. Such a model reads and writes through it."""
    abstract: bool = False
    """A base with a subtype table: its values are always one of its subtypes."""
    base: ModelRef | None = None
    """The model this one derives from (``extends``, or the base whose table lists it)."""
    inherited: int = 0
    """How many of ``fields``, from the first, come from the base."""
    subclassed: bool = False
    """Whether another model derives from this one."""
    discriminator: str | None = None
    """Set on a subtype of a ``property`` base: the JSON name the base writes first."""
    validator: str | None = None
    """``package.module:function`` called with each decoded object."""
    frozen: bool = False
    """Immutable and hashable; every model that derives from it is frozen too."""
    python: str | None = None
    """``package.module:Class`` the codecs read and write instead of a generated class."""
    value_field: str | None = None
    """Set on a value model: the one ``str`` field the whole object is written as."""


@dataclass(frozen=True)
class RootDef:
    """A root type a module names (its ``roots``): a ``Codec`` of its own."""

    name: str
    type: TypeRef
    expression: str
    """The type as the schema spells it, for messages and docs."""
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
    limits: tuple[tuple[str, int], ...] = field(default=())
    """The module's own defaults for ``foryjson.limits.Limits``, as (name, value) pairs."""
    roots: tuple[RootDef, ...] = field(default=())
    written: dict[str, object] | None = field(default=None, compare=False)
    """The schema file as written (JSON data, comments left out), which the JSON
    Schema export carries in its ``x-foryjson`` annotations."""


class _NoDefault:
    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT: object = _NoDefault()
