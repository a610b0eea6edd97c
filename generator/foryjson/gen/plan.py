"""The plan of a generated module: what its code does, with every decision made.

The planner (``planner`` and the modules it drives) turns the validated IR into these
objects; the templates under ``templates/`` lay them out as Python source. A plan holds
three kinds of values, and templates treat each one differently:

* **names** the planner chose (locals, functions, tables, classes, module aliases): all
  are identifiers made from checked schema names, and go into the source as they are;
* **schema text** (JSON names, enum values, subtype names, messages that quote them,
  docs, patterns, codec paths): always raw, and always passed through one quoting
  filter by the template (see ``quoting``);
* **values** (``Value``: defaults and bounds), written by the ``python_literal`` filter.

Statement and function nodes carry a ``kind``, which the ``statement`` macro of
``templates/statements.jinja`` and the ``function`` macro of
``templates/functions.jinja`` dispatch on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from .native import NativeModule
from .patterns import PatternPlan
from .reading import ReadFacts

# ------------------------------------------------------------------ leaf values


@dataclass(frozen=True)
class Value:
    """A Python value the code builds: a default, a bound, an enum member.

    ``spellings`` maps imported class names to the alias they go by where the value
    stands (``date`` is ``_date`` in a class with a field named ``date``);
    ``enum_class`` is set for an enum member, whose name ``value`` then is.
    """

    value: object
    spellings: tuple[tuple[str, str], ...] = ()
    enum_class: str | None = None


@dataclass(frozen=True)
class Text:
    """How code spells a value's JSON text, in an f-string or as an expression.

    ``local``: the text is in local ``name``; ``escape``: ``name`` is a ``str`` to
    escape; ``enum``: ``name`` is an enum member, written by value in quotes; ``str``:
    ``str(name)`` is the text; ``quoted``/``quoted_int``: a dict key written in quotes,
    as it prints or through the runtime's integer writer.
    """

    kind: Literal["local", "escape", "enum", "str", "quoted", "quoted_int"]
    name: str


@dataclass(frozen=True)
class TypeTest:
    """A condition true when ``var`` is not of a type: the check before a raise.

    ``isinstance``: ``not isinstance(var, cls)``; ``type``: ``type(var) is not cls``;
    ``int``: not an ``int`` in ``low..high`` (``cls`` unused; no bounds for ``int``).
    """

    kind: Literal["isinstance", "type", "int"]
    var: str
    cls: str = ""
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True)
class Segment:
    """The path segment an error gains where it passes: ``.within(...)``.

    ``member``: a JSON name (``text``); ``position``: an index (``text`` is digits);
    the other kinds name what the generated loop holds: the count of parts written or
    results read, the index of ``item`` in ``data``, the ``key`` (as it is, or turned
    into a segment), or the subtype ``name`` read from a wrapper object.
    """

    kind: Literal[
        "member",
        "position",
        "parts_count",
        "result_count",
        "index_of_item",
        "key",
        "key_segment",
        "subtype_name",
    ]
    text: str = ""


# ------------------------------------------------------------------ statements


@dataclass
class Stmt:
    """A statement (or block) of a generated function body."""

    kind: ClassVar[str]


@dataclass
class Reject(Stmt):
    """``if <test>: raise {encode,decode}_mismatch(var, label)``, maybe not for None."""

    kind = "reject"
    test: TypeTest
    label: str
    error: Literal["encode", "decode"]
    segment: Segment | None = None
    unless_none: bool = False


@dataclass
class Guard(Stmt):
    """Run ``body``; an ``error`` raised inside gains the path ``segment``."""

    kind = "guard"
    error: Literal["EncodeError", "DecodeError"]
    segment: Segment
    body: list[Stmt]
    given: tuple[str, str, str] | None = None
    """A read's local, writer and reader: a refused value that is a Python object, not
    JSON data, is read back from what the writer makes of it (``pyvalues.given``)."""


@dataclass
class Call(Stmt):
    """``target = function(*arguments, literal)``: arguments are locals or tables."""

    kind = "call"
    target: str
    function: str
    arguments: tuple[str, ...]
    literal: Value | None = None


@dataclass
class Load(Stmt):
    """``var = value.attribute``: a field read off the object being written."""

    kind = "load"
    var: str
    attribute: str


@dataclass
class WriteBool(Stmt):
    """``var_json = "true" if var else "false"``."""

    kind = "write_bool"
    var: str


@dataclass
class WriteNullable(Stmt):
    """``var_json`` is ``"null"`` for None, else what ``lines`` or ``text`` give.

    Lines leave the text in ``var_json`` themselves; without them, ``text`` is the
    value's text and this is one conditional expression.
    """

    kind = "write_nullable"
    var: str
    lines: list[Stmt]
    text: Text | None


@dataclass
class WriteFlat(Stmt):
    """``var_members = function(var)``: an unwrapped child's members, ``""`` for None."""

    kind = "write_flat"
    var: str
    function: str
    nullable: bool


@dataclass
class IfNotNone(Stmt):
    """``if var is not None:`` around ``body``."""

    kind = "if_not_none"
    var: str
    body: list[Stmt]


@dataclass
class ReadFloat(Stmt):
    """An integer read where a float is declared becomes a float (``body`` does it)."""

    kind = "read_float"
    var: str
    body: list[Stmt]


@dataclass
class ReadEnum(Stmt):
    """``var`` looked up in an enum's member table, in place; unknown names fail."""

    kind = "read_enum"
    var: str
    table: str
    label: str
    segment: Segment | None


@dataclass
class ReadMember(Stmt):
    """A property's value into ``var``, then ``checks`` run on it.

    ``required``: a missing property is an error; ``get``: ``data.get`` with the
    default (None when ``default`` is None); ``if_present``: the default is built only
    when the property is missing (it is not a plain JSON value).
    """

    kind = "read_member"
    var: str
    json_name: str
    style: Literal["required", "get", "if_present"]
    default: Value | None
    checks: list[Stmt]


@dataclass
class Assign(Stmt):
    """``var = <value>``: a read-only field's default."""

    kind = "assign"
    var: str
    value: Value


@dataclass
class ReadFlat(Stmt):
    """An unwrapped child read from the parent's members; None when none appear."""

    kind = "read_flat"
    var: str
    function: str
    required: bool
    message: str


@dataclass
class Constraint(Stmt):
    """A declared rule checked once a value is decoded or written; failing it raises
    ``error`` with ``words``.

    ``compare``: ``var <operator> bound``; ``multiple_of``: ``text`` is the divisor;
    ``min_length``/``max_length``: ``bound`` is the length; ``unique``: no repeats;
    ``pattern``: ``table`` holds the compiled pattern.
    """

    kind = "constraint"
    rule: Literal[
        "compare", "multiple_of", "min_length", "max_length", "unique", "pattern"
    ]
    var: str
    segment: Segment
    words: str
    operator: str = ""
    bound: Value | None = None
    text: str = ""
    table: str = ""
    error: Literal["EncodeError", "DecodeError"] = "DecodeError"
    """The error a broken rule raises: the same message when reading or writing."""


@dataclass
class Validate(Stmt):
    """Call a model's validator on the object in ``var``; what it raises becomes an
    ``error`` (see ``foryjson.errors.rejected_by``). ``path`` is the schema's
    ``module:function``."""

    kind = "validate"
    function: str
    path: str
    var: str
    error: Literal["EncodeError", "DecodeError"]


@dataclass
class Construct(Stmt):
    """Build the object from locals, run its validator, return it.

    A bound class is called with keywords; a generated one is made without
    ``__init__`` and its slots set.
    """

    kind = "construct"
    cls: str
    assignments: list[tuple[str, str]]
    by_keyword: bool
    validator: Validate | None
    frozen: bool = False
    """Set the slots through ``_set`` (``object.__setattr__``)."""


@dataclass
class ReturnCall(Stmt):
    """``return function(argument)``."""

    kind = "return_call"
    function: str
    argument: str


@dataclass
class HashCheck(Stmt):
    """``_hashing.check_hashes(items)``: bound the work a set or dict will do."""

    kind = "hash_check"
    items: str


# ----------------------------------------------------------- writing objects


@dataclass
class Written:
    """How one value is written: checks (always run), lines, then its ``text``."""

    checks: list[Stmt]
    lines: list[Stmt]
    text: Text

    @property
    def all_lines(self) -> list[Stmt]:
        return [*self.checks, *self.lines]


@dataclass(frozen=True)
class Piece:
    """One member's text in an object: ``"name":`` (when named), then ``text``."""

    json_name: str | None
    text: Text


@dataclass(frozen=True)
class SkipTest:
    """When a member is written: the condition of ``include`` policies and locals.

    ``not_none``; ``not_empty`` (not None and not ``value``); ``signed_zero``: not the
    default zero of that sign (``operator`` is ``<`` or ``>``); ``is_not``: identity
    with a bool default; ``decimal``: the text differs (``text``); ``aware``: the
    instant or the offset differs; ``differs``: not equal; ``truthy``: ``var`` holds
    text to write. ``other_type`` adds "or not exactly of this type".
    """

    kind: Literal[
        "not_none",
        "not_empty",
        "signed_zero",
        "is_not",
        "decimal",
        "aware",
        "differs",
        "truthy",
    ]
    var: str
    value: Value | None = None
    text: str = ""
    operator: str = ""
    other_type: str = ""


@dataclass
class MemberGroup:
    """Members written together: under ``condition`` (None: always), after ``lines``."""

    condition: SkipTest | None
    lines: list[Stmt]
    pieces: list[Piece]


@dataclass
class Members:
    """The members of one object: statements first, then the groups joined in order."""

    body: list[Stmt] = field(default_factory=list)
    groups: list[MemberGroup] = field(default_factory=list)

    def always(self, piece: Piece) -> None:
        """Add a member written unconditionally, to the previous group if it can."""
        last = self.groups[-1] if self.groups else None
        if last is not None and last.condition is None and not last.lines:
            last.pieces.append(piece)
        else:
            self.groups.append(MemberGroup(None, [], [piece]))

    @property
    def plain(self) -> bool:
        """Whether every member is always written: one f-string writes them all."""
        return all(group.condition is None and not group.lines for group in self.groups)


# ------------------------------------------------------------------ functions


@dataclass
class Function:
    """A module-level function; the ``function`` macro dispatches on ``kind``."""

    kind: ClassVar[str]
    name: str


@dataclass
class EnumEncoder(Function):
    kind = "enum_encoder"
    enum: str


@dataclass
class EnumDecoder(Function):
    kind = "enum_decoder"
    enum: str
    table: str
    label: str


@dataclass
class ModelEncoder(Function):
    """An object's encoder (``cls`` given) or a flattened child's members (no braces)."""

    kind = "model_encoder"
    cls: str | None
    members: Members
    validator: Validate | None = None
    """Run on the object once its members are checked, before its text is returned."""


@dataclass
class ValueEncoder(Function):
    """A value model: written as the string in one field."""

    kind = "value_encoder"
    cls: str
    attribute: str
    validator: Validate | None = None


@dataclass
class ModelDecoder(Function):
    """An object's decoder; ``flat_table`` for a flattened child read from its parent."""

    kind = "model_decoder"
    cls: str
    reads: list[Stmt]
    construct: Construct
    unknown_table: str | None = None
    flat_table: str | None = None


@dataclass
class ValueDecoder(Function):
    kind = "value_decoder"
    cls: str
    var: str
    construct: Construct


@dataclass
class BaseEncoder(Function):
    """A base model's encoder: the subtype's name, then its object."""

    kind = "base_encoder"
    cls: str
    representation: str
    property: str
    cases: list[tuple[str, str, list[Stmt]]]
    """Each subtype's JSON name, class, and the statements that leave its ``text``."""


@dataclass
class BaseDecoder(Function):
    """A base model's decoder: the subtype named in the document reads the rest."""

    kind = "base_decoder"
    cls: str
    representation: str
    property: str
    cases: list[tuple[str, list[Stmt]]]
    """Each subtype's JSON name, and the statements that return its value."""
    itself: str | None = None
    """The JSON name of the decoded model when it is concrete: a document without the
    subtype property reads as that model, as Fory reads a declared concrete class."""


@dataclass
class SequenceHelper(Function):
    """Encoder and decoder of a list, set or ``tuple[T, ...]`` (``name`` is the suffix).

    ``shape`` is ``list``, ``tuple`` or ``set``; ``converts``: decoding builds new
    elements (else the plain list is checked and kept); ``hash_guard``: the elements'
    hashes are checked before a set is built.
    """

    kind = "sequence_helper"
    label: str
    annotation: str
    element_annotation: str
    shape: Literal["list", "tuple", "set"]
    written: Written
    read: list[Stmt]
    converts: bool
    hash_guard: bool
    fast_strings: bool


@dataclass
class TupleHelper(Function):
    """Encoder and decoder of a fixed ``tuple[A, B]``: one local per element."""

    kind = "tuple_helper"
    label: str
    annotation: str
    names: list[str]
    written: list[Written]
    reads: list[list[Stmt]]


@dataclass
class DictHelper(Function):
    """Encoder and decoder of a JSON object as a ``dict`` with typed keys."""

    kind = "dict_helper"
    label: str
    annotation: str
    key_annotation: str
    value_annotation: str
    key_test: TypeTest
    key_label: str
    key_text: Text
    written: Written
    key_read: list[Stmt]
    """Statements that leave a key in ``typed_key``; none for ``str`` keys."""
    read: list[Stmt]
    string_keys: bool
    converts: bool
    hash_guard: bool


@dataclass
class CodecWrapper(Function):
    """A user codec's ``encode`` or ``decode``, with its failures made foryjson errors."""

    kind = "codec_wrapper"
    verb: Literal["encode", "decode"]
    codec: str
    path: str


@dataclass
class RootHelper(Function):
    """The encoder, decoder and plain encoder of a root type that has no functions of
    its own (a scalar, or a nullable type): ``name`` is the suffix."""

    kind = "root_helper"
    annotation: str
    written: Written
    read: list[Stmt]
    builtins: tuple[list[PlainCheck], PlainValue] | None = None
    """The checks and value of the root's ``to_builtins`` function."""


@dataclass(frozen=True)
class RootKey:
    """Source of a root's ``Codec.key``: a tuple of keys, a class or a literal."""

    kind: Literal["tuple", "ref", "literal"]
    items: tuple[RootKey, ...] = ()
    name: str = ""
    value: Value | None = None


@dataclass(frozen=True)
class RootPlan:
    """A named root codec: its functions, read facts and key."""

    name: str
    annotation: str
    cls: str
    encode: str
    decode: str
    plain: str
    builtins: str
    facts: ReadFacts
    key: RootKey
    doc: str | None
    counts_depth: bool
    """Whether the plain encoder takes the levels left (a recursive container's)."""


@dataclass
class PatternFunctions(Function):
    """A date/time pattern's format and parse functions (see ``patterns``)."""

    kind = "pattern_functions"
    pattern: PatternPlan


# ------------------------------------------------------ plain data for orjson


@dataclass(frozen=True)
class PlainCheck:
    """An inline check in a plain encoder: ``test``, skipped for None if ``unless_none``.

    A plain encoder folds its checks into one condition; when it holds, the value is
    left to the string encoder (``NotPlain``), which names the fault. A ``Constraint``
    holds when its rule is broken, a ``Validate`` when the validator refuses.
    """

    test: TypeTest | Constraint | Validate
    unless_none: bool = False
    guard: str = ""
    """The variable that is None when the check is skipped, where it is not the
    test's own (a UUID's ``int`` slot is checked only when the UUID is there)."""


@dataclass(frozen=True)
class PlainValue:
    """How a value stands in the plain data handed to ``orjson.dumps``.

    ``as_is``: ``var`` itself, checked already; ``enum``: an enum member's value (its
    JSON name), checked already; ``call``: ``function(var)``, a plain
    encoder; ``fragment``: the text ``function(var)`` writes, as an ``orjson.Fragment``;
    ``user_fragment``: the same for text from user code (a codec, a raw field), which
    must be exactly a ``str``; ``members``: catch-all members, none of them named in the
    table ``function``; ``nullable``: None for None, else ``inner``. ``room`` is the
    second argument of a ``call`` to a plain encoder that counts nesting levels (see
    ``PlainModelEncoder.need``), empty for one that does not.

    The ``to_builtins`` functions (see ``foryjson.pyvalues``) have kinds of their own:
    ``convert``, the ``pyvalues`` function ``convert`` of ``var``; ``scalar``, the
    value of the JSON text ``function(var)``; ``temporal``, a date or time written by
    ``function``; ``decimal``, a decimal written by ``function``; ``parsed``, the
    ``pyvalues`` function ``convert`` of the text ``function(var)`` (user codecs, raw
    fields, sets). ``options``: ``call`` and ``members`` pass the call's ``Options`` on.
    """

    kind: Literal[
        "as_is",
        "enum",
        "call",
        "fragment",
        "user_fragment",
        "members",
        "nullable",
        "convert",
        "scalar",
        "temporal",
        "decimal",
        "parsed",
    ]
    var: str
    function: str = ""
    inner: PlainValue | None = None
    room: str = ""
    options: bool = False
    convert: str = ""


@dataclass(frozen=True)
class PlainEntry:
    """A member of a plain object; without a name, ``value`` is a dict of members."""

    json_name: str | None
    value: PlainValue


@dataclass
class PlainGroup:
    """Members added together under ``condition`` (None: always)."""

    condition: SkipTest | None
    entries: list[PlainEntry]


@dataclass
class PlainModelEncoder(Function):
    """An object's plain encoder (``cls`` given) or a flattened child's members.

    ``head`` holds the leading members always written (a dict display), ``rest`` the
    groups added after them.

    ``need`` is set for the encoders of recursive types (their nesting has no bound,
    and no value of them is kept as read): such an encoder takes ``room``, the
    nesting levels its value may still use, passes what is left to the encoders of
    its recursive parts, and refuses (``NotPlain``) a room below ``need``, the levels
    its own container and its bounded parts may take. The string encoder then writes
    the value or names the limit, and no text is counted after orjson writes.
    """

    kind = "plain_model_encoder"
    cls: str | None
    loads: list[Load]
    checks: list[PlainCheck]
    head: list[PlainEntry]
    rest: list[PlainGroup]
    need: int | None = None
    builtins: bool = False
    """A ``to_builtins`` function (it takes the call's options); for every class here."""


@dataclass
class PlainEnumEncoder(Function):
    """An enum member: its value, the JSON name."""

    kind = "plain_enum_encoder"
    enum: str
    builtins: bool = False


@dataclass
class PlainValueEncoder(Function):
    """A value model: the string in its one field."""

    kind = "plain_value_encoder"
    cls: str
    attribute: str
    checks: list[PlainCheck] = field(default_factory=list)
    """The model's validator, if it has one."""
    builtins: bool = False


@dataclass
class PlainBaseEncoder(Function):
    """A base model's plain encoder: each subtype's name, then its plain object."""

    kind = "plain_base_encoder"
    cls: str
    representation: str
    property: str
    cases: list[tuple[str, str, str, str]]
    """Each subtype's JSON name, class, plain encoder and its ``room`` argument."""
    need: int | None = None
    """As for ``PlainModelEncoder``."""
    builtins: bool = False


@dataclass
class PlainSequence(Function):
    """A list's or ``tuple[T, ...]``'s plain encoder: a new list of plain elements."""

    kind = "plain_sequence"
    shape: Literal["list", "tuple"]
    checks: list[PlainCheck]
    value: PlainValue
    need: int | None = None  # as for PlainModelEncoder
    builtins: bool = False


@dataclass
class PlainTuple(Function):
    """A fixed ``tuple[A, B]``'s plain encoder: one local per element."""

    kind = "plain_tuple"
    names: list[str]
    checks: list[PlainCheck]
    values: list[PlainValue]
    need: int | None = None  # as for PlainModelEncoder
    builtins: bool = False


@dataclass
class PlainDict(Function):
    """A dict's plain encoder: keys as the string encoder spells them (``key_text``).

    ``checks`` start with the key's.
    """

    kind = "plain_dict"
    key_text: Text
    checks: list[PlainCheck]
    value: PlainValue
    need: int | None = None  # as for PlainModelEncoder
    builtins: bool = False


# ------------------------------------------------------------------ tables


@dataclass(frozen=True)
class Table:
    """A module-level constant generated code looks things up in.

    ``enum_members``: the members of the class ``enum`` by JSON value; ``names``: a
    frozenset of JSON ``names``; ``regex``: a schema's ``regex``, compiled;
    ``date_pattern``: the regular expression of a date/time ``pattern``.
    """

    kind: Literal["enum_members", "names", "regex", "date_pattern"]
    name: str
    enum: str = ""
    names: tuple[str, ...] = ()
    regex: str = ""
    pattern: PatternPlan | None = None


# ------------------------------------------------------------------ classes


@dataclass(frozen=True)
class InitParam:
    """A keyword of ``__init__``: required, defaulted, None, or set late.

    ``late`` defaults are built at call time (fresh containers, or members of another
    module's enum, which may still be importing when the class is defined).
    """

    name: str
    annotation: str
    style: Literal["required", "default", "none", "late"]
    default: Value | None = None


@dataclass
class ClassPlan:
    """Everything the template needs to lay out one model class.

    An ``abstract`` base of subtypes has slots, annotations and JSON methods, and an
    abstract ``__init__``: its subtypes hold the rest.
    """

    name: str
    doc: str
    base: str | None
    """The base class, as this module spells it."""
    abstract: bool
    annotations: list[tuple[str, str]]
    """The class's own attributes (a base class declares those it gives)."""
    params: list[InitParam]
    """Every attribute, inherited ones first."""
    long_ints: frozenset[str]
    """Fields that may hold an ``int`` too long for ``repr``."""
    exact_type: bool = False
    """Whether ``__eq__`` needs the very same class (other classes derive from it)."""
    any_name: str = "Any"
    """How the class body spells ``typing.Any`` (see ``Scope.imported``)."""
    frozen: bool = False
    """Immutable and hashable: slots are set through ``_set``."""
    builtins_annotation: str = "dict[str, Any]"
    """What ``to_builtins`` returns: an object's members, or any JSON value."""


@dataclass(frozen=True)
class EnumPlan:
    """An enum class: its members are their own JSON values."""

    name: str
    doc: str
    members: tuple[str, ...]


@dataclass(frozen=True)
class Import:
    """One import statement: ``import module``, or ``from module import`` names.

    ``names`` pairs each name with the alias it is imported as (empty for none).
    """

    module: str
    names: tuple[tuple[str, str], ...] = ()


@dataclass
class ModulePlan:
    """The whole of one generated module, in the order it is written."""

    source: str
    """The schema file, as the header names it."""
    doc: str
    imports: list[list[Import]]
    """Groups of imports in isort's order, a blank line between groups."""
    exports: list[str]
    uses: frozenset[str]
    """Runtime names the code uses; some are bound at module level."""
    aliases: list[str]
    """Imported names also bound as ``_name``, for class bodies that hide them
    (``Any`` aside: it is imported for type checkers only)."""
    any_alias: bool
    """Whether ``Any`` is bound as ``_Any`` too, for type checkers."""
    limits: list[tuple[str, Value]]
    enums: list[EnumPlan]
    classes: list[ClassPlan]
    tables: list[Table]
    functions: list[Function]
    codecs: list[str]
    """The types with a ``Codec`` in ``CODECS``."""
    facts: dict[str, ReadFacts]
    roots: list[RootPlan] = field(default_factory=list)
    """The module's named root codecs, in ``ROOTS``."""
    native: NativeModule | None = None
    """With ``--native``: the compiled codecs the module loads (see ``native``)."""
