"""How each value is checked, written and read: the plan of one value of a type.

Plain scalars are checked inline (one condition, no call); every other type is written
and read by a function: the runtime's, a model's or enum's, a user codec's wrapper, a
compiled date pattern's, or a helper this module plans once per container type.
Calls to other functions sit in guards that add the value's path segment to errors on
the way out (free in CPython 3.11+ when nothing is raised).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Literal

from ..numbers import INTEGER_RANGES
from .ir import (
    Custom,
    DictOf,
    EnumRef,
    ListOf,
    ModelRef,
    Nullable,
    Scalar,
    SetOf,
    TupleOf,
    TypeRef,
    spell,
)
from .patterns import PatternPlan, plan_pattern
from .plan import (
    Call,
    CodecWrapper,
    Function,
    Guard,
    IfNotNone,
    PatternFunctions,
    ReadEnum,
    ReadFloat,
    Reject,
    Segment,
    Stmt,
    Table,
    Text,
    TypeTest,
    WriteBool,
    WriteNullable,
    Written,
)
from .scalars import runtime_codec
from .scope import Container, Scope

_DATETIME_NAMES = frozenset({"date", "time", "datetime", "timedelta", "timezone"})

# Scalars checked inline rather than by (or before) a runtime call.
_INLINE = frozenset({"bool", "str", "int", *INTEGER_RANGES})


class ValuePlanner(ABC):
    """Plans values of any type; a subclass plans the helpers containers need."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.patterns: dict[tuple[str, str], PatternPlan] = {}
        self.codecs: dict[str, str] = {}
        self.codec_functions: list[Function] = []

    # ------------------------------------------------------------------ writing

    def write(self, type_ref: TypeRef, var: str, segment: Segment | None) -> Written:
        """How to check ``var`` and write it as JSON; errors gain ``segment``."""
        if isinstance(type_ref, Nullable):
            inner = self.write(type_ref.inner, var, segment)
            test = self.encode_test(type_ref.inner, var)
            checks: list[Stmt] = []
            if test is not None:
                checks = [self.reject(type_ref.inner, test, "encode", segment, True)]
            text = None if inner.text == Text("local", f"{var}_json") else inner.text
            return Written(
                checks, [WriteNullable(var, inner.lines, text)], _json_local(var)
            )
        test = self.encode_test(type_ref, var)
        if test is None:
            call = Call(f"{var}_json", self.writer_function(type_ref), (var,))
            return Written(
                [], self.guarded("EncodeError", segment, [call]), _json_local(var)
            )
        checks = [self.reject(type_ref, test, "encode", segment)]
        if type_ref == Scalar("bool"):
            return Written(checks, [WriteBool(var)], _json_local(var))
        if type_ref == Scalar("str"):
            self.scope.uses.add("_escape")
            return Written(checks, [], Text("escape", var))
        if isinstance(type_ref, EnumRef):
            return Written(checks, [], Text("enum", var))
        if type_ref == Scalar("int"):
            # Checked inline; written by the runtime past CPython's digit limit.
            self.scope.uses.add("_numbers")
            call = Call(f"{var}_json", "_numbers.write_int", (var,))
            return Written(
                checks, self.guarded("EncodeError", segment, [call]), _json_local(var)
            )
        return Written(checks, [], Text("str", var))

    def writer_function(self, type_ref: TypeRef) -> str:
        """The function that writes a type which has no inline check."""
        if isinstance(type_ref, Custom):
            return f"_encode{self.custom_codec(type_ref)}"
        if isinstance(type_ref, Scalar):
            codec = runtime_codec(type_ref)
            if codec is None:
                return self.pattern(type_ref).format_name
            self.scope.uses.add(codec.module)
            return f"{codec.module}.{codec.write}"
        assert isinstance(type_ref, ModelRef | ListOf | SetOf | TupleOf | DictOf)
        return self.encoder_name(type_ref)

    def encode_test(self, type_ref: TypeRef, var: str) -> TypeTest | None:
        """The inline check of a value to write, for the types that have one."""
        if isinstance(type_ref, Scalar) and type_ref.name in _INLINE:
            if type_ref.name == "str":
                return TypeTest("isinstance", var, "str")
            if type_ref.name == "bool":
                return TypeTest("type", var, "bool")
            return int_test(type_ref.name, var)
        if isinstance(type_ref, EnumRef):
            return TypeTest(
                "type", var, self.scope.qualified(type_ref.module, type_ref.name)
            )
        return None

    def reject(
        self,
        type_ref: TypeRef,
        test: TypeTest,
        error: Literal["encode", "decode"],
        segment: Segment | None,
        unless_none: bool = False,
    ) -> Reject:
        """Raise the mismatch error when ``test`` holds, naming the type."""
        self.scope.uses.add(f"{error}_mismatch")
        label = spell(type_ref, self.scope.module.name)
        return Reject(test, label, error, segment, unless_none)

    def guarded(
        self,
        error: Literal["EncodeError", "DecodeError"],
        segment: Segment | None,
        body: list[Stmt],
    ) -> list[Stmt]:
        """Guard statements that call another function, so errors gain ``segment``."""
        if segment is None:
            return body
        self.scope.uses.add(error)
        return [Guard(error, segment, body)]

    # ------------------------------------------------------------------ reading

    def read(self, type_ref: TypeRef, var: str, segment: Segment | None) -> list[Stmt]:
        """Statements that check ``var`` and replace it by its decoded value."""
        if isinstance(type_ref, Nullable):
            test = decode_test(type_ref.inner, var)
            if test is not None:
                return [self.reject(type_ref.inner, test, "decode", segment, True)]
            return [IfNotNone(var, self.read(type_ref.inner, var, segment))]
        test = decode_test(type_ref, var)
        if test is not None:
            return [self.reject(type_ref, test, "decode", segment)]
        if isinstance(type_ref, Scalar) and type_ref.format == "java":
            type_ref = Scalar(type_ref.name)  # Java's spelling is read as any other
        if type_ref == Scalar("float"):
            self.scope.uses.add("_reader")
            call = Call(var, "_reader.float_from", (var,))
            return [ReadFloat(var, self.guarded("DecodeError", segment, [call]))]
        if isinstance(type_ref, EnumRef):
            # The member table, looked up in place: no call on the success path.
            self.scope.uses.add("decode_mismatch")
            table = self.scope.qualified(type_ref.module, f"_{type_ref.name}_BY_JSON")
            return [ReadEnum(var, table, self.enum_label(type_ref), segment)]
        read = self.reader_function(type_ref)
        if segment is None:
            return [Call(var, read, (var,))]
        # from_builtins may give the Python value itself: pyvalues.given reads it.
        self.scope.uses.update(("DecodeError", "_pyvalues"))
        given = (var, self.writer_function(type_ref), read)
        return [Guard("DecodeError", segment, [Call(var, read, (var,))], given)]

    def reader_function(self, type_ref: TypeRef) -> str:
        """The function that reads a type which has no inline check."""
        if isinstance(type_ref, Custom):
            return f"_decode{self.custom_codec(type_ref)}"
        if type_ref == Scalar("decimal"):
            # Knows the exact text of the numbers orjson made floats.
            self.scope.uses.add("_decimals")
            return "_decimals.decimal_from"
        if isinstance(type_ref, Scalar):
            codec = runtime_codec(type_ref)
            if codec is None:
                return self.pattern(type_ref).parse_name
            self.scope.uses.add(codec.module)
            return f"{codec.module}.{codec.read}"
        assert not isinstance(type_ref, Nullable)
        return self.decoder_name(type_ref)

    def enum_label(self, type_ref: EnumRef) -> str:
        """How a decode error names an enum: its name and its members."""
        enum = self.scope.enums[type_ref.module, type_ref.name]
        return f"{enum.name} (one of {', '.join(enum.members)})"

    # -------------------------------------------------------- named functions

    def encoder_name(self, type_ref: EnumRef | ModelRef | Container) -> str:
        if isinstance(type_ref, EnumRef | ModelRef):
            return self.scope.qualified(type_ref.module, f"_encode_{type_ref.name}")
        return f"_encode_{self.helper(type_ref)}"

    def decoder_name(self, type_ref: EnumRef | ModelRef | Container) -> str:
        if isinstance(type_ref, EnumRef | ModelRef):
            return self.scope.qualified(type_ref.module, f"_decode_{type_ref.name}")
        return f"_decode_{self.helper(type_ref)}"

    def pattern(self, scalar: Scalar) -> PatternPlan:
        """The plan of a date/time pattern's functions, made once per module."""
        assert scalar.format is not None
        key = (scalar.name, scalar.format)
        if key not in self.patterns:
            planned = plan_pattern(
                scalar.format, scalar.name, f"p{len(self.patterns) + 1}"
            )
            self.patterns[key] = planned
            for name in planned.imports:
                if name in _DATETIME_NAMES:
                    self.scope.stdlib_imports.add(("datetime", name))
                elif name == "re":
                    self.scope.stdlib_imports.add(("re", ""))
                else:
                    self.scope.uses.add(name)
            self.scope.add_table(
                Table("date_pattern", planned.table_name, pattern=planned)
            )
        return self.patterns[key]

    def pattern_functions(self) -> list[Function]:
        return [
            PatternFunctions(planned.format_name, planned)
            for planned in self.patterns.values()
        ]

    def custom_codec(self, type_ref: Custom) -> str:
        """The module-level name a user codec is imported as, its wrappers planned."""
        if type_ref.codec not in self.codecs:
            name = f"_codec_{len(self.codecs) + 1}"
            self.scope.import_reference(type_ref.codec, name)
            self.codecs[type_ref.codec] = name
            self.scope.uses.update(("EncodeError", "DecodeError"))
            self.codec_functions += [
                CodecWrapper(f"_{verb}{name}", verb, name, type_ref.codec)
                for verb in ("encode", "decode")
            ]
        return self.codecs[type_ref.codec]

    # ---------------------------------------------------------- container helpers

    def type_key(self, type_ref: TypeRef) -> str:
        """A readable name fragment for helpers: ``list_Image``, ``dict_list_int32``."""
        if isinstance(type_ref, Scalar):
            if type_ref.format is None:
                return type_ref.name
            if type_ref.format.isidentifier():
                return f"{type_ref.name}_{type_ref.format}"
            suffix = self.pattern(type_ref).format_name.removeprefix("_format_")
            return f"{type_ref.name}_{suffix}"
        if isinstance(type_ref, ListOf | SetOf):
            prefix = "list" if isinstance(type_ref, ListOf) else "set"
            return f"{prefix}_{self.type_key(type_ref.item)}"
        if isinstance(type_ref, TupleOf):
            items = "_".join(self.type_key(item) for item in type_ref.items)
            return f"tuple_{items}" + ("_etc" if type_ref.variadic else "")
        if isinstance(type_ref, DictOf):
            key = (
                ""
                if type_ref.key == Scalar("str")
                else self.type_key(type_ref.key) + "_"
            )
            return f"dict_{key}{self.type_key(type_ref.value)}"
        if isinstance(type_ref, Nullable):
            return f"opt_{self.type_key(type_ref.inner)}"
        if isinstance(type_ref, Custom):
            return self.custom_codec(type_ref).removeprefix("_")
        if type_ref.module == self.scope.module.name:
            return type_ref.name
        return f"{self.scope.module_alias(type_ref.module)}_{type_ref.name}"

    @abstractmethod
    def helper(self, type_ref: Container) -> str:
        """The name suffix of a container's helpers (``containers`` plans them)."""


def _json_local(var: str) -> Text:
    return Text("local", f"{var}_json")


def int_test(name: str, var: str) -> TypeTest:
    """The check that ``var`` is an integer of the named type."""
    if name == "int":
        return TypeTest("int", var)
    low, high = INTEGER_RANGES[name]
    return TypeTest("int", var, low=low, high=high)


def decode_test(type_ref: TypeRef, var: str) -> TypeTest | None:
    """The inline check of a plain value for the types taken as they are."""
    if isinstance(type_ref, Scalar) and type_ref.name in _INLINE:
        if type_ref.name in ("str", "bool"):
            return TypeTest("type", var, type_ref.name)
        return int_test(type_ref.name, var)
    return None


def converts(type_ref: TypeRef) -> bool:
    """Whether decoding builds a new value rather than accepting the plain one as it is."""
    if isinstance(type_ref, Nullable):
        return converts(type_ref.inner)
    if isinstance(type_ref, Scalar):
        return type_ref.name not in _INLINE
    if isinstance(type_ref, ListOf):
        return converts(type_ref.item)
    if isinstance(type_ref, DictOf):
        return type_ref.key != Scalar("str") or converts(type_ref.value)
    return True


def element_of(type_ref: ListOf | SetOf | TupleOf) -> TypeRef:
    return type_ref.items[0] if isinstance(type_ref, TupleOf) else type_ref.item
