"""Plan the native target: which models get a C encoder and decoder, and their shape.

``foryjson-gen --native`` renders, beside each module, a C source from
``templates/native/`` (see ``docs/native.md``). This module decides what that source
holds. A model gets a C encoder when every written value is a type the C writer knows
(``str``, ``bool``, the integer types, ``float``, ``uuid``, ``decimal``, ``date``,
``time``, ``datetime`` in ISO and epoch formats, ``local_datetime``, ``bytes`` as
base64, base64url, base16 or arrays of bytes, this module's enums, lists, tuples, sets and
``str``-keyed dicts of these, nullable versions, and models of the same kind,
hierarchies written with a subtype property included), and a C decoder when every
read value is such a type (or one the Python decoder reads with a runtime function,
which the C decoder calls where it does not make the value itself) and every default
one the C reader can build; a field's only constraint may be ``unique``, on items the
C code compares as Python does. For every other model and direction, the plan keeps
the reason it is left to Python.

Both directions handle the common case only. The C encoders write what the Python
ones would write, and give up on anything else; the C decoders read documents the
Python decoders would accept to the same objects, and give up on anything else
(syntax faults, wrong types, missing members, limits): the Python codecs then write
the value, read the document, or raise the error with its message and path.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace

from ..numbers import INTEGER_RANGES
from . import quoting
from .defaults import NOTHING, implicit_default
from .ir import (
    EPOCH_FORMATS,
    Constraints,
    DictOf,
    EnumDef,
    EnumRef,
    FieldDef,
    Include,
    ListOf,
    ModelDef,
    ModelRef,
    ModuleDef,
    Nullable,
    Scalar,
    SetOf,
    TupleOf,
    TypeRef,
    UnknownProperties,
    spell,
)
from .objects import needs_hash_guard
from .reading import read_facts
from .scalars import runtime_codec

__all__ = [
    "SCALAR_KINDS",
    "Default",
    "NativeDict",
    "NativeEnum",
    "NativeField",
    "NativeList",
    "NativeMember",
    "NativeModel",
    "NativeModule",
    "NativeSubtype",
    "NativeTable",
    "NativeTuple",
    "Value",
    "extension_name",
    "plan_native",
]

_INT64 = INTEGER_RANGES["int64"]


@dataclass(frozen=True)
class Value:
    """How the C code writes or reads one value: ``kind`` and what that kind needs.

    Kinds: ``str``, ``bool``, ``float``, ``int`` (``low`` and ``high`` bound it: a
    value outside them, or beyond 64 bits, goes to the Python codecs), ``bigint``
    (read only: an ``int`` of any size), ``enum``, ``model`` and ``list`` (``index``
    into the module's enums, models or lists), and ``nullable`` (``inner`` handles the
    value when it is not None), and ``call`` (read only: the JSON value, a ``str``, an
    ``int`` or a ``NumberText`` as the Python reader makes it, is given to function
    ``index`` of the module's ``functions``, the one the Python decoder calls; ``low``
    is the kinds of JSON value it takes, ``STRING | INTEGER | FRACTION``),
    ``dict`` (``index`` into the module's dicts: a ``dict`` with ``str`` keys) and
    ``tuple`` (``index`` into the module's tuples: a fixed ``tuple[A, B]``;
    ``tuple[T, ...]`` and sets are ``list`` kinds).

    Read only, the common forms made in C and any other value given to function
    ``index``, as ``call`` does: ``date``, ``datetime``, ``uuid``, ``decimal``,
    ``base64`` and ``base16`` (see ``_FAST_READS``).

    Write only, each the text of the runtime function the Python encoder calls, for
    exactly the type the field holds: ``uuid`` (a ``UUID`` whose ``int`` is in
    range), ``decimal`` and ``decimal_string`` (a ``Decimal`` whose text has no
    exponent, or an ``int`` of 64 bits), ``date``, ``time`` (naive),
    ``datetime``, ``epoch_millis`` and ``epoch_seconds`` (in UTC, its tzinfo
    ``timezone.utc``), ``local_datetime`` (naive), ``base64``, ``base64url`` and
    ``base16``, and ``byte_array`` and ``uint8_array`` (``bytes`` as a JSON array
    of signed or unsigned bytes). See ``SCALAR_KINDS``.

    Read only, ``byte_array``: ``bytes`` as a JSON array of integers from ``low``
    (-128 or 0) to ``low + 255``; ``epoch``: a ``datetime`` in UTC from an integer
    count of units since 1970, ``low`` of them a second (1000 or 1).
    """

    kind: str
    index: int = 0
    low: int = 0
    high: int = 0
    inner: Value | None = None


@dataclass(frozen=True)
class NativeField:
    """One written member: the slot it comes from, its ``,"name":`` text, its writer."""

    slot: int
    member: str
    """The JSON text before the value: a comma, the quoted name, a colon."""
    writer: Value
    skip_none: bool
    """Left out when None (``include: non_null`` on a nullable field)."""


@dataclass(frozen=True)
class Default:
    """What a missing member reads as: ``kind`` ``none``, ``true``, ``false``,
    ``int`` or ``float`` (``text`` is its decimal text), ``str`` (``text``), ``enum``
    (member ``member`` of enum ``index``), ``list``, ``dict`` or ``set`` (a new
    empty one), or ``tuple`` (the empty tuple)."""

    kind: str
    text: str = ""
    index: int = 0
    """The enum's index, or for ``int``, ``float`` and ``str`` the constant's."""
    member: int = 0


@dataclass(frozen=True)
class NativeMember:
    """One slot as the decoder fills it: from the member named ``name`` with
    ``reader``, or ``default`` when the member is absent (None: required). A slot
    with no reader (a read-only field) always takes its default."""

    slot: int
    name: str
    reader: Value | None
    default: Default | None
    once: bool = False
    """Whether the member given twice makes the decoder give up: its name is a
    subtype property, whose repetition the Python reader marks."""

    @property
    def length(self) -> int:
        """The name's length in UTF-8 bytes (members are grouped by it)."""
        return quoting.c_length(self.name)

    @property
    def plain(self) -> bool:
        """Whether the name's bytes in a document are the name itself, with no
        escapes: no quote, backslash or control character (then a document's bytes
        can be compared with it as they are)."""
        return not any(char in '"\\' or char < " " for char in self.name)


@dataclass(frozen=True)
class NativeSubtype:
    """One entry of a subtype table: the model (its C index) and its JSON name."""

    model: int
    name: str


@dataclass(frozen=True)
class NativeTable:
    """The subtypes a model's value can be, named by the member ``name`` (the
    subtype property), which the codecs write and read first."""

    name: str
    subtypes: tuple[NativeSubtype, ...]


@dataclass(frozen=True)
class NativeModel:
    name: str
    slots: tuple[str, ...]
    """The attributes of the model's fields, in declaration order."""
    fields: tuple[NativeField, ...] | None
    """What the C encoder writes, in order; None where the Python encoder writes."""
    members: tuple[NativeMember, ...] | None
    """How the C decoder fills each slot, in the order the members are written (the
    order it expects them in); None where the Python decoder reads."""
    reject_unknown: bool = False
    """Whether a member the model does not read makes the decoder give up."""
    exact: bool = False
    """Whether the model's documents are read with numbers' exact text (a decimal
    is reachable), which the memory estimate counts."""
    table: NativeTable | None = None
    """Set on the models of a hierarchy: the codecs write and read a value of this
    type as one of these subtypes (this model's own fields being one, unless it is
    abstract)."""
    tag: str = ""
    """A subtype's first member, ``"property":"name"``, as JSON text."""


@dataclass(frozen=True)
class NativeEnum:
    name: str
    values: tuple[str, ...]
    """Each member's JSON text, quotes included, in the members' order."""
    members: tuple[str, ...]


@dataclass(frozen=True)
class NativeList:
    """A JSON array of one item type, read into and written from an exact
    ``shape``: ``list``, ``tuple`` (``tuple[T, ...]``) or ``set`` (an exact
    ``set`` or ``frozenset`` when written, its items sorted by their JSON text as
    the Python encoders sort them; a ``set`` when read)."""

    item: Value
    unique: bool = False
    """A field's ``unique`` rule: an item given twice (equal as Python compares
    them) makes the C codecs give up, for the Python ones to raise the error."""
    shape: str = "list"


@dataclass(frozen=True)
class NativeTuple:
    """A fixed ``tuple[A, B]``: an exact tuple of that many items, each its own
    type, as a JSON array of exactly that many values."""

    items: tuple[Value, ...]


@dataclass(frozen=True)
class NativeDict:
    """A JSON object as an exact ``dict`` with exact ``str`` keys, in the order of
    its members; ``value`` writes or reads each member's value."""

    value: Value


@dataclass(frozen=True)
class NativeModule:
    """Everything the C templates and the Python module's loader need."""

    module: str
    """The module's last name, which the extension's is made from."""
    extension: str
    models: tuple[NativeModel, ...]
    """Every model with a C encoder, a C decoder or both, in schema order."""
    enums: tuple[NativeEnum, ...]
    write_lists: tuple[NativeList, ...]
    read_lists: tuple[NativeList, ...]
    write_dicts: tuple[NativeDict, ...]
    read_dicts: tuple[NativeDict, ...]
    write_tuples: tuple[NativeTuple, ...]
    read_tuples: tuple[NativeTuple, ...]
    constants: tuple[Default, ...]
    """The ``int``, ``float`` and ``str`` defaults, made once when the extension loads."""
    functions: tuple[str, ...]
    """The runtime functions ``call`` readers give values to, as the Python module
    names them (``_temporal.read_date``)."""
    unsupported: tuple[tuple[str, str], ...]
    """(model, reason) for each model and direction the Python codecs keep."""
    apis: tuple[str, ...] = ()
    """The modules whose objects the C code makes or writes (``datetime``, ``uuid``,
    ``decimal``), imported when the extension loads."""
    scalars: tuple[str, ...] = ()
    """The kinds of ``SCALAR_KINDS`` the C encoders write, sorted."""
    discriminators: tuple[str, ...] = ()
    """The subtype properties of the module's hierarchies, sorted: the Python reader
    marks a member of these names given twice in one object, so the C decoders give
    up on it."""
    fingerprint: str = field(default="")
    """Identifies the plan, so that a module refuses a stale compiled extension."""

    @property
    def encoders(self) -> tuple[NativeModel, ...]:
        return tuple(model for model in self.models if model.fields is not None)

    @property
    def decoders(self) -> tuple[NativeModel, ...]:
        return tuple(model for model in self.models if model.members is not None)

    def _writes(self, group: str) -> bool:
        return any(SCALAR_KINDS[kind][0] == group for kind in self.scalars)

    @property
    def writes_decimals(self) -> bool:
        """Whether the encoders write decimals (of the class imported at load)."""
        return self._writes("decimals")

    @property
    def writes_dates(self) -> bool:
        """Whether the encoders write dates or times (with the datetime C API)."""
        return self._writes("dates")

    @property
    def writes_bytes(self) -> bool:
        """Whether the encoders write byte arrays (with tables made at load)."""
        return self._writes("bytes")


def extension_name(module: str) -> str:
    """The extension module beside a generated module: ``_media_native`` for ``media``."""
    return f"_{module.rpartition('.')[2]}_native"


#: The JSON values a ``call`` reader takes: strings, integers, other numbers.
STRING, INTEGER, FRACTION = 1, 2, 4


def _call(scalar: Scalar) -> tuple[str, int] | None:
    """The runtime function the Python decoder reads a scalar with (as it names it),
    and the JSON values the C decoder gives it; None for the scalars the C code reads
    itself or leaves to Python (those read from arrays, or any JSON value)."""
    if scalar.name in ("int", "float", "float32", "any") or scalar.format in (
        "array",
        "uint8_array",
    ):
        return None
    if scalar == Scalar("decimal"):
        return "_decimals.decimal_from", INTEGER | FRACTION
    codec = runtime_codec(scalar)
    if codec is None or not codec.read:
        return None
    function = f"{codec.module}.{codec.read}"
    if scalar.name == "decimal" and scalar.format != "string":
        return function, INTEGER | FRACTION
    return function, INTEGER if scalar.format in EPOCH_FORMATS else STRING


#: The scalars whose common forms the C decoders read themselves (the reader kind),
#: and the Python module whose objects they make (imported as the extension loads).
_FAST_READS = {
    Scalar("date"): ("date", "datetime"),
    Scalar("datetime"): ("datetime", "datetime"),
    Scalar("uuid"): ("uuid", "uuid"),
    Scalar("decimal"): ("decimal", "decimal"),
    Scalar("bytes", "base64"): ("base64", ""),
    Scalar("bytes", "base16"): ("base16", ""),
}
#: The scalars the C encoders write themselves besides ``_SCALARS``, by name and
#: format: each one's kind and the group of its writers (``uuid``, ``decimals``,
#: ``dates``, ``bytes``). The C decoders read them with the runtime functions.
SCALAR_KINDS: dict[str, tuple[str, tuple[str, str | None]]] = {
    "uuid": ("uuid", ("uuid", None)),
    "decimal": ("decimals", ("decimal", None)),
    "decimal_string": ("decimals", ("decimal", "string")),
    "date": ("dates", ("date", None)),
    "time": ("dates", ("time", None)),
    "datetime": ("dates", ("datetime", None)),
    "epoch_millis": ("dates", ("datetime", "epoch_millis")),
    "epoch_seconds": ("dates", ("datetime", "epoch_seconds")),
    "local_datetime": ("dates", ("local_datetime", None)),
    "instant": ("dates", ("instant", None)),
    "base64": ("bytes", ("bytes", "base64")),
    "base64url": ("bytes", ("bytes", "base64url")),
    "base16": ("bytes", ("bytes", "base16")),
    "byte_array": ("bytes", ("bytes", "array")),
    "uint8_array": ("bytes", ("bytes", "uint8_array")),
}
_WRITTEN = {scalar: kind for kind, (_, scalar) in SCALAR_KINDS.items()}
#: The epoch formats of datetimes the C decoders read themselves, with their unit
#: (the count of each in a second).
_EPOCH_READS = {
    Scalar("datetime", "epoch_millis"): 1000,
    Scalar("datetime", "epoch_seconds"): 1,
}
#: The byte arrays the C decoders read as JSON arrays, with their lowest byte.
_BYTE_ARRAYS = {Scalar("bytes", "array"): -128, Scalar("bytes", "uint8_array"): 0}
#: The module whose objects each group of writers compares with (bytes need none).
_GROUP_APIS = {"uuid": "uuid", "decimals": "decimal", "dates": "datetime"}

_SCALARS = {"str": Value("str"), "bool": Value("bool"), "float": Value("float")}
_SCALARS["int"] = Value("int", low=_INT64[0], high=_INT64[1])
for _name, (_low, _high) in INTEGER_RANGES.items():
    # A uint64 beyond int64's range is left to the Python codecs.
    _SCALARS[_name] = Value("int", low=_low, high=min(_high, _INT64[1]))


def _distinct(type_ref: TypeRef, module: str) -> bool:
    """Whether the C code can tell repeated items of a type apart as Python does,
    running no Python code: exact ``str`` by content, bounded integers by value,
    enum members and None by identity. (``int`` of any size is left out: the
    Python decoder guards its unique lists against hash flooding.)"""
    if isinstance(type_ref, Nullable):
        return _distinct(type_ref.inner, module)
    if isinstance(type_ref, EnumRef):
        return type_ref.module == module
    return isinstance(type_ref, Scalar) and (
        type_ref == Scalar("str")
        or (type_ref.format is None and type_ref.name in INTEGER_RANGES)
    )


class _Values:
    """The C writers or readers of types, with the list, tuple and dict types they
    need numbered."""

    def __init__(self, module: ModuleDef, reading: bool) -> None:
        self.module = module
        self.reading = reading
        self.enums = {enum.name: index for index, enum in enumerate(module.enums)}
        self.lists: dict[NativeList, int] = {}
        self.dicts: dict[NativeDict, int] = {}
        self.tuples: dict[NativeTuple, int] = {}
        self.functions: dict[str, int] = {}
        self.apis: set[str] = set()
        """The modules whose objects the C code makes or writes (see
        ``NativeModule.apis``)."""
        self.scalars: set[str] = set()
        """The kinds of ``SCALAR_KINDS`` written."""

    def of(
        self, type_ref: TypeRef, models: dict[str, int], unique: bool = False
    ) -> Value | str:
        """The C handling of a type, or why the C code cannot handle it; ``unique``:
        the list (a field's type, or the type inside its nullable) has no repeated
        items."""
        if self.reading and type_ref in _EPOCH_READS:
            self.apis.add("datetime")
            return Value("epoch", low=_EPOCH_READS[type_ref])
        call = _call(type_ref) if isinstance(type_ref, Scalar) else None
        if call is not None and self.reading:
            index = self.functions.setdefault(call[0], len(self.functions))
            if type_ref in _FAST_READS:
                fast, api = _FAST_READS[type_ref]
                self.apis.update({api} - {""})
                return Value(fast, index=index)
            return Value("call", index=index, low=call[1])
        if self.reading and type_ref in _BYTE_ARRAYS:
            return Value("byte_array", low=_BYTE_ARRAYS[type_ref])
        if isinstance(type_ref, Scalar):
            kind = _WRITTEN.get((type_ref.name, type_ref.format))
            if kind is not None and not self.reading:
                self.scalars.add(kind)
                module_name = _GROUP_APIS.get(SCALAR_KINDS[kind][0])
                if module_name is not None:
                    self.apis.add(module_name)
                return Value(kind)
            found = _SCALARS.get(type_ref.name)
            if found is None or type_ref.format is not None:
                spelled = spell(type_ref)
                if type_ref.format is not None:
                    spelled += f" (format {type_ref.format})"
                return f"{spelled} is handled by Python only"
            if self.reading and type_ref.name == "int":
                return Value("bigint")
            return found
        if isinstance(type_ref, Nullable):
            inner = self.of(type_ref.inner, models, unique)
            return inner if isinstance(inner, str) else Value("nullable", inner=inner)
        if isinstance(type_ref, TupleOf) and not type_ref.variadic:
            items = [self.of(item, models) for item in type_ref.items]
            problem = next((item for item in items if isinstance(item, str)), None)
            if problem is not None:
                return problem
            native_tuple = NativeTuple(tuple(i for i in items if isinstance(i, Value)))
            index = self.tuples.setdefault(native_tuple, len(self.tuples))
            return Value("tuple", index=index)
        if isinstance(type_ref, ListOf | SetOf | TupleOf):
            element = (
                type_ref.items[0] if isinstance(type_ref, TupleOf) else type_ref.item
            )
            item = self.of(element, models)
            if isinstance(item, str):
                return item
            spelled = spell(type_ref, self.module.name)
            if unique and not _distinct(element, self.module.name):
                return f"unique items of {spelled} are checked by Python only"
            if (
                isinstance(type_ref, SetOf)
                and self.reading
                and needs_hash_guard(element)
            ):
                # The Python decoder guards such sets against hash flooding.
                return f"{spelled} is read by Python only"
            shape = {ListOf: "list", SetOf: "set", TupleOf: "tuple"}[type(type_ref)]
            native = NativeList(item, unique, shape)
            return Value("list", index=self.lists.setdefault(native, len(self.lists)))
        if isinstance(type_ref, DictOf) and type_ref.key == Scalar("str"):
            value = self.of(type_ref.value, models)
            if isinstance(value, str):
                return value
            native_dict = NativeDict(value)
            index = self.dicts.setdefault(native_dict, len(self.dicts))
            return Value("dict", index=index)
        if isinstance(type_ref, EnumRef) and type_ref.module == self.module.name:
            return Value("enum", index=self.enums[type_ref.name])
        if isinstance(type_ref, ModelRef) and type_ref.module == self.module.name:
            if type_ref.name not in models:
                return f"{type_ref.name} is handled by Python only"
            return Value("model", index=models[type_ref.name])
        return f"{spell(type_ref, self.module.name)} is handled by Python only"


def _unique(item: FieldDef) -> bool:
    """Whether a field has the ``unique`` rule."""
    return item.constraints is not None and item.constraints.unique


def _model_problem(model: ModelDef, module: ModuleDef) -> str | None:
    """Why a model's own options keep it from the C codecs, whatever its fields."""
    if model.python is not None:
        return "bound to an existing class"
    if model.subtypes is not None:
        table = model.subtypes
        if table.representation != "property" or table.property is None:
            return f"subtypes written as {table.representation}"
        for text in (table.property, *(name for name, _ in table.types)):
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                return "a subtype name has no UTF-8 form"
    if model.base is not None and model.base.module != module.name:
        return "derives from a model of another module"
    if model.validator is not None:
        return "has a validator"
    if model.frozen:
        return "frozen"
    if model.value_field is not None:
        return "a value model"
    for item in model.fields:
        where = f"field {item.name}"
        if item.raw or item.unwrapped or item.any_properties:
            return f"{where}: raw, flattened or catch-all"
        if item.constraints is not None and replace(
            item.constraints, unique=False
        ) != Constraints(unique=False):
            # unique is checked by the C codecs where the items allow (_Values.of).
            return f"{where}: has constraints"
        try:
            quoting.json_string(item.json_name).encode("utf-8")
        except UnicodeEncodeError:
            return f"{where}: the JSON name has no UTF-8 form"
    return None


def _write_problem(model: ModelDef) -> str | None:
    for item in model.fields:
        where = f"field {item.name}"
        if item.write_only:
            return f"{where}: write-only"
        if item.include not in (Include.ALWAYS, Include.NON_NULL):
            return f"{where}: include {item.include.value}"
    return None


def _default(item: FieldDef, module: ModuleDef) -> Default | str | None:
    """What the C decoder stores when the member is absent: None when it is required,
    a string saying why when it cannot build the default."""
    value = implicit_default(item)
    if value is NOTHING:
        return None
    target = item.type.inner if isinstance(item.type, Nullable) else item.type
    if value is None:
        return Default("none")
    if isinstance(target, EnumRef) and target.module == module.name:
        enum: EnumDef = next(e for e in module.enums if e.name == target.name)
        if isinstance(value, str) and value in enum.members:
            index = module.enums.index(enum)
            return Default("enum", index=index, member=enum.members.index(value))
    elif isinstance(target, ListOf) and value == []:
        return Default("list")
    elif isinstance(target, DictOf) and value == {}:
        return Default("dict")
    elif (
        isinstance(target, SetOf | TupleOf)
        and type(value) in (list, tuple, set, frozenset)
        and not value
    ):
        return Default("set" if isinstance(target, SetOf) else "tuple")
    elif isinstance(target, Scalar) and target.format is None:
        name = target.name
        if name == "bool" and type(value) is bool:
            return Default("true" if value else "false")
        if name == "str" and type(value) is str:
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return f"field {item.name}: the default has no UTF-8 form"
            return Default("str", value)
        if name == "float" and type(value) is float and value == value:
            if abs(value) != float("inf"):
                return Default("float", repr(value))
        bounds = INTEGER_RANGES.get(name)
        if type(value) is int and (
            name == "int" or (bounds is not None and bounds[0] <= value <= bounds[1])
        ):
            return Default("int", str(value))
    return f"field {item.name}: the default {value!r} is built by Python only"


def _kept(
    module: ModuleDef,
    problems: dict[str, str],
    values: _Values,
    order: str,
) -> dict[str, int]:
    """The models left once each model with a field the C code cannot handle is left
    out, repeated until nothing changes (a model left out is such a field for the
    models that hold it): each kept model with its index among them."""
    while True:
        kept = [m for m in module.models if m.name not in problems]
        models = {m.name: index for index, m in enumerate(kept)}
        changed = False
        for model in kept:
            entries = () if model.subtypes is None else model.subtypes.types
            missing = [entry for _, entry in entries if entry not in models]
            if missing:
                problems[model.name] = f"subtype {missing[0]} is handled by Python only"
                changed = True
                continue
            for item in getattr(model, order):
                problem = None
                if not (values.reading and item.read_only):
                    found = values.of(item.type, models, _unique(item))
                    problem = found if isinstance(found, str) else None
                if values.reading and problem is None:
                    default = _default(item, module)
                    if isinstance(default, str):
                        problem = default
                    elif default is None and item.read_only:
                        problem = "read-only with no default"
                if problem is not None:
                    problems[model.name] = (
                        problem
                        if problem.startswith("field ")
                        else f"field {item.name}: {problem}"
                    )
                    changed = True
                    break
        if not changed:
            return models


def _table(model: ModelDef, index: dict[str, int]) -> tuple[NativeTable | None, str]:
    """A hierarchy model's subtype table, and its own first member when concrete."""
    if model.subtypes is None or model.subtypes.property is None:
        return None, ""
    name = model.subtypes.property
    entries = model.subtypes.types
    table = NativeTable(
        name, tuple(NativeSubtype(index[entry], json) for json, entry in entries)
    )
    own = [json for json, entry in entries if entry == model.name]
    tag = ""
    if own:
        tag = quoting.json_string(name) + ":" + quoting.json_string(own[0])
    return table, tag


def plan_native(module: ModuleDef) -> NativeModule:
    """The native plan of one module: its C codecs and the models left out."""
    common: dict[str, str] = {}
    if not extension_name(module.name).isascii():
        common = {model.name: "the module name is not ASCII" for model in module.models}
    else:
        for model in module.models:
            problem = _model_problem(model, module)
            if problem is not None:
                common[model.name] = problem
    write_problems = dict(common)
    for model in module.models:
        if model.name not in write_problems:
            problem = _write_problem(model)
            if problem is not None:
                write_problems[model.name] = problem
    read_problems = dict(common)
    writable = _kept(module, write_problems, _Values(module, False), "write_order")
    readable = _kept(module, read_problems, _Values(module, True), "fields")
    # The union of both, numbered in schema order: each model's C index.
    kept = [m for m in module.models if m.name in writable or m.name in readable]
    index = {m.name: number for number, m in enumerate(kept)}
    writers, readers = _Values(module, False), _Values(module, True)
    models = []
    modules = {module.name: module}  # a compiled decoder reads this module's models
    discriminators = {
        model.subtypes.property
        for model in module.models
        if model.subtypes is not None and model.subtypes.property is not None
    }
    constants: dict[Default, Default] = {}
    for model in kept:
        slots = {item.name: number for number, item in enumerate(model.fields)}
        fields = None
        if model.name in writable:
            fields = []
            for item in model.write_order:
                writer = writers.of(item.type, index, _unique(item))
                assert not isinstance(writer, str)
                skip_none = (
                    isinstance(item.type, Nullable) and item.include is Include.NON_NULL
                )
                member = "," + quoting.json_string(item.json_name) + ":"
                fields.append(NativeField(slots[item.name], member, writer, skip_none))
        members = None
        if model.name in readable:
            members = []
            written = [item.name for item in model.write_order]
            for item in sorted(
                model.fields,
                key=lambda item: (
                    written.index(item.name) if item.name in written else len(written)
                ),
            ):
                reader = (
                    None
                    if item.read_only
                    else readers.of(item.type, index, _unique(item))
                )
                default = _default(item, module)
                assert not isinstance(reader, str) and not isinstance(default, str)
                if default is not None and default.kind in ("int", "float", "str"):
                    default = constants.setdefault(
                        default, replace(default, index=len(constants))
                    )
                members.append(
                    NativeMember(
                        slots[item.name],
                        item.json_name,
                        reader,
                        default,
                        item.json_name in discriminators,
                    )
                )
        table, tag = _table(model, index)
        models.append(
            NativeModel(
                model.name,
                tuple(item.name for item in model.fields),
                None if fields is None else tuple(fields),
                None if members is None else tuple(members),
                model.unknown_properties is UnknownProperties.REJECT,
                members is not None
                and read_facts(ModelRef(module.name, model.name), modules).exact,
                table,
                tag,
            )
        )
    enums = tuple(
        NativeEnum(
            enum.name,
            tuple(quoting.json_string(member) for member in enum.members),
            enum.members,
        )
        for enum in module.enums
    )
    unsupported = tuple(
        (model.name, f"{way}: {problems[model.name]}")
        for model in module.models
        for way, problems in (("encoder", write_problems), ("decoder", read_problems))
        if model.name in problems
    )
    plan = NativeModule(
        module.name.rpartition(".")[2],
        extension_name(module.name),
        tuple(models),
        enums,
        tuple(writers.lists),
        tuple(readers.lists),
        tuple(writers.dicts),
        tuple(readers.dicts),
        tuple(writers.tuples),
        tuple(readers.tuples),
        tuple(constants.values()),
        tuple(readers.functions),
        unsupported,
        tuple(sorted(readers.apis | writers.apis)),
        tuple(sorted(writers.scalars)),
        tuple(sorted(discriminators)),
    )
    digest = hashlib.sha256(repr(plan).encode("utf-8", "surrogatepass")).hexdigest()
    return NativeModule(**{**plan.__dict__, "fingerprint": digest[:16]})
