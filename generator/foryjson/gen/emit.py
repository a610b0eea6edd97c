"""Decide the Python code for each model: checks, conversions and the JSON text layout.

This is where the generator thinks; the template only lays out what this module returns.
Code is produced as lists of source lines (before black formats them). Conventions in
the generated functions:

* an encoder takes a value and returns its compact JSON text, raising ``EncodeError``;
* a decoder takes the plain value the reader produced and returns the typed value,
  raising ``DecodeError``;
* checks that fit in one condition are written inline and name their path segment
  directly; calls to other encoders/decoders sit in ``try`` blocks that add the segment
  on the way out (free in CPython 3.11+ when nothing is raised).
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass

from ..numbers import INTEGER_RANGES
from .code import INDENT, Function, indent
from .ir import (
    Custom,
    DictOf,
    EnumDef,
    EnumRef,
    FieldDef,
    ListOf,
    ModelRef,
    ModuleDef,
    Nullable,
    Scalar,
    SetOf,
    TupleOf,
    TypeRef,
    spell,
)
from .models import ClassCode, ModelEmitter
from .objects import needs_hash_guard
from .patterns import CompiledPattern, compile_pattern
from .quoting import fstring_text, import_line, string_literal
from .scalars import (
    ANNOTATIONS,
    IMPORTED_NAMES,
    MODULE_LEVEL_NAMES,
    RUNTIME_IMPORTS,
    RUNTIME_MODULES,
    runtime_codec,
)

Container = ListOf | SetOf | TupleOf | DictOf

_DATETIME_NAMES = frozenset({"date", "time", "datetime", "timedelta", "timezone"})


def within(segment: str | None) -> str:
    """The ``.within(...)`` call that adds a path segment to an error, if there is one."""
    return "" if segment is None else f".within({segment})"


@dataclass
class Written:
    """How generated code writes one value: checks, conversions, then its JSON text.

    ``checks`` raise for a value the type does not allow and have no other effect;
    ``lines`` compute what the text needs. ``piece`` is the text for the inside of a
    single-quoted f-string (a replacement field, maybe with literal characters around
    it); ``expr`` is a ``str`` expression for the same text.
    """

    checks: list[str]
    lines: list[str]
    piece: str
    expr: str

    @classmethod
    def of_name(cls, checks: list[str], lines: list[str], name: str) -> Written:
        """A value whose JSON text the lines leave in local variable ``name``."""
        return cls(checks, lines, f"{{{name}}}", name)

    @property
    def all_lines(self) -> list[str]:
        return [*self.checks, *self.lines]


@dataclass
class EnumCode:
    enum: EnumDef
    encoder: str
    decoder: str


@dataclass
class ModuleCode:
    """The render context of one generated module."""

    module: ModuleDef
    import_lines: list[str]
    enums: list[EnumCode]
    classes: list[ClassCode]
    functions: list[Function]
    exports: list[str]
    bindings: list[str]
    """Runtime names the functions use."""
    tables: list[str]
    """Module-level lookup tables, as assignments."""
    bound: list[tuple[str, bool]]
    """Models bound to existing classes, with whether they read exact numbers."""


# Names generated functions use; a field whose name would shadow one gets a suffix.
_TAKEN_LOCALS = frozenset(
    {"data", "value", "result", "error", "index", "item", "key", "members", "parts"}
    | {"name", "inner", "text", "match", "member", "typed_key"}
    | set(dir(builtins))
    | MODULE_LEVEL_NAMES
    # Names ruff flags as ambiguous (E741).
    | {"l", "O", "I"}
)
# Suffixes of the locals that hold a field's JSON text or flattened members.
_DERIVED_SUFFIXES = ("_json", "_members")

# Scalars checked inline rather than by (or before) a runtime call.
_INLINE_ENCODED = frozenset({"bool", "str", "int", *INTEGER_RANGES})
_INLINE_DECODED = frozenset({"bool", "str", "int", *INTEGER_RANGES})

_TUPLE_LIMIT = 8  # fixed tuples are unpacked into one local per element


class Emitter:
    """Builds the ``ModuleCode`` of one module."""

    def __init__(
        self,
        module: ModuleDef,
        all_modules: dict[str, ModuleDef],
        runtime: str = "foryjson",
    ) -> None:
        self.module = module
        self.runtime = runtime
        """The package generated code imports the runtime from, maybe relative."""
        self.all_modules = all_modules
        self.uses: set[str] = set()
        self.stdlib_imports: set[str] = set()
        self.user_imports: set[str] = set()
        """Imports of the schema's own references (validators, bound classes, codecs)."""
        self.helpers: dict[TypeRef, tuple[Function, Function]] = {}
        self.helper_names: dict[TypeRef, str] = {}
        self.helper_order: list[TypeRef] = []
        self.patterns: dict[tuple[str, str], CompiledPattern] = {}
        self.module_names = {enum.name for enum in module.enums} | {
            model.name for model in module.models
        }
        self.reserved_locals: frozenset[str] | None = None
        """Names no local variable may take; see ``local_names``."""
        self.enums_by_name = {
            (name, enum.name): enum
            for name, other in all_modules.items()
            for enum in other.enums
        }
        self.tables: list[str] = []
        self.aliases: dict[str, str] = {}
        self.type_aliases: set[str] = set()
        """Imported names a class body reaches through ``_name`` (a field hides it)."""
        self.hidden: frozenset[str] = frozenset()
        """Imported names fields hide where code is being built: see ``imported``."""
        self.custom_codecs: dict[str, str] = {}
        self.custom_functions: list[Function] = []

    # ---------------------------------------------------------------- naming

    def module_alias(self, module: str) -> str:
        """The name another generated module is imported as: unique, shadowing nothing."""
        if not self.aliases:
            reserved = (
                set(_TAKEN_LOCALS)
                | self.module_names
                | {item.name for model in self.module.models for item in model.fields}
            )
            for name in sorted(self.module.imports):
                alias = name.replace(".", "_")
                while alias in reserved:
                    alias += "_"
                reserved.add(alias)
                self.aliases[name] = alias
        return self.aliases[module]

    def qualified(self, module: str, name: str) -> str:
        """How this module spells a class or function of ``module``."""
        if module == self.module.name:
            return name
        return f"{self.module_alias(module)}.{name}"

    def imported(self, name: str) -> str:
        """How code being built spells an imported name: ``_name`` where a field hides it."""
        if name in self.hidden:
            self.type_aliases.add(name)
            return f"_{name}"
        return name

    def annotation(self, type_ref: TypeRef) -> str:
        if isinstance(type_ref, Scalar):
            name, needs = ANNOTATIONS[type_ref.name]
            if needs is not None:
                self.stdlib_imports.add(needs)
            return self.imported(name) if name in IMPORTED_NAMES else name
        if isinstance(type_ref, ListOf):
            return f"list[{self.annotation(type_ref.item)}]"
        if isinstance(type_ref, SetOf):
            return f"set[{self.annotation(type_ref.item)}]"
        if isinstance(type_ref, TupleOf):
            items = ", ".join(self.annotation(item) for item in type_ref.items)
            return f"tuple[{items}, ...]" if type_ref.variadic else f"tuple[{items}]"
        if isinstance(type_ref, DictOf):
            key, value = self.annotation(type_ref.key), self.annotation(type_ref.value)
            return f"dict[{key}, {value}]"
        if isinstance(type_ref, Nullable):
            return f"{self.annotation(type_ref.inner)} | None"
        if isinstance(type_ref, Custom):
            return self.annotation(type_ref.inner)
        return self.qualified(type_ref.module, type_ref.name)

    def type_key(self, type_ref: TypeRef) -> str:
        """A readable name fragment for helpers: ``list_Image``, ``dict_list_int32``."""
        if isinstance(type_ref, Scalar):
            if type_ref.format is None:
                return type_ref.name
            if type_ref.format.isidentifier():
                return f"{type_ref.name}_{type_ref.format}"
            suffix = self.pattern(type_ref).format_function.name.removeprefix(
                "_format_"
            )
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
        if type_ref.module == self.module.name:
            return type_ref.name
        return f"{self.module_alias(type_ref.module)}_{type_ref.name}"

    def helper_name(self, type_ref: Container) -> str:
        """The unique suffix of a container's helper functions in this module."""
        if type_ref not in self.helper_names:
            base = self.type_key(type_ref)
            name, number = base, 2
            while name in self.helper_names.values():
                name, number = f"{base}_{number}", number + 1
            self.helper_names[type_ref] = name
        return self.helper_names[type_ref]

    def encoder_name(self, type_ref: EnumRef | ModelRef | Container) -> str:
        if isinstance(type_ref, EnumRef | ModelRef):
            return self.qualified(type_ref.module, f"_encode_{type_ref.name}")
        self.ensure_helpers(type_ref)
        return f"_encode_{self.helper_name(type_ref)}"

    def decoder_name(self, type_ref: EnumRef | ModelRef | Container) -> str:
        if isinstance(type_ref, EnumRef | ModelRef):
            return self.qualified(type_ref.module, f"_decode_{type_ref.name}")
        self.ensure_helpers(type_ref)
        return f"_decode_{self.helper_name(type_ref)}"

    def pattern(self, scalar: Scalar) -> CompiledPattern:
        """The compiled functions of a date/time pattern, made once per module."""
        assert scalar.format is not None
        key = (scalar.name, scalar.format)
        if key not in self.patterns:
            compiled = compile_pattern(
                scalar.format, scalar.name, f"p{len(self.patterns) + 1}"
            )
            self.patterns[key] = compiled
            for name in compiled.imports:
                if name in _DATETIME_NAMES:
                    self.stdlib_imports.add(f"from datetime import {name}")
                elif name == "re":
                    self.stdlib_imports.add("import re")
                else:
                    self.uses.add(name)
            self.tables.extend(compiled.constants)
        return self.patterns[key]

    def local_names(self, fields: tuple[FieldDef, ...]) -> dict[str, str]:
        """Local variable names for fields that shadow nothing the function uses."""
        if self.reserved_locals is None:  # the module's own names, gathered once
            self.reserved_locals = (
                _TAKEN_LOCALS
                | self.module_names
                | {self.module_alias(name) for name in self.module.imports}
            )
        reserved = self.reserved_locals
        taken = {item.name for item in fields if item.name.endswith(_DERIVED_SUFFIXES)}

        def is_taken(name: str) -> bool:
            return name in reserved or name in taken

        names: dict[str, str] = {}
        for item in fields:
            name = item.name
            while is_taken(name) or any(
                is_taken(name + end) for end in _DERIVED_SUFFIXES
            ):
                name += "_"
            taken.add(name)
            taken.update(name + end for end in _DERIVED_SUFFIXES)
            names[item.name] = name
        return names

    # --------------------------------------------------------------- encoding

    def encode_value(self, type_ref: TypeRef, var: str, segment: str | None) -> Written:
        """How to check ``var`` and write it as JSON; errors gain ``segment``."""
        if isinstance(type_ref, Nullable):
            inner = type_ref.inner
            written = self.encode_value(inner, var, segment)
            condition = self.encode_mismatch_condition(inner, var)
            checks = []
            if condition is not None:
                checks = [
                    f"if {var} is not None and {group(condition)}:",
                    self.encode_raise(inner, var, segment),
                ]
            if not written.lines:
                lines = [f'{var}_json = "null" if {var} is None else {written.expr}']
            else:
                lines = [
                    f"if {var} is None:",
                    f'{INDENT}{var}_json = "null"',
                    "else:",
                    *indent(written.lines),
                ]
                if written.expr != f"{var}_json":
                    lines.append(f"{INDENT}{var}_json = {written.expr}")
            return Written.of_name(checks, lines, f"{var}_json")
        condition = self.encode_mismatch_condition(type_ref, var)
        if condition is not None:
            checks = [f"if {condition}:", self.encode_raise(type_ref, var, segment)]
            if type_ref == Scalar("bool"):
                lines = [f'{var}_json = "true" if {var} else "false"']
                return Written.of_name(checks, lines, f"{var}_json")
            if type_ref == Scalar("str"):
                self.uses.add("_escape")
                return Written(checks, [], f"{{_escape({var})}}", f"_escape({var})")
            if isinstance(type_ref, EnumRef):
                piece = f'"{{{var}._value_}}"'
                return Written(checks, [], piece, f"f'{piece}'")
            if type_ref == Scalar("int"):
                # Checked inline; written by the runtime past CPython's digit limit.
                self.uses.add("_numbers")
                call = f"{var}_json = _numbers.write_int({var})"
                lines = self.guarded("EncodeError", segment, [call])
                return Written.of_name(checks, lines, f"{var}_json")
            return Written(checks, [], f"{{{var}}}", f"str({var})")
        call = f"{self.writer_function(type_ref)}({var})"
        lines = self.guarded("EncodeError", segment, [f"{var}_json = {call}"])
        return Written.of_name([], lines, f"{var}_json")

    def writer_function(self, type_ref: TypeRef) -> str:
        """The function that writes a type which has no inline check."""
        if isinstance(type_ref, Custom):
            return f"_encode{self.custom_codec(type_ref)}"
        if isinstance(type_ref, Scalar):
            codec = runtime_codec(type_ref)
            if codec is None:
                return self.pattern(type_ref).format_function.name
            self.uses.add(codec.module)
            return f"{codec.module}.{codec.write}"
        assert isinstance(type_ref, ModelRef | ListOf | SetOf | TupleOf | DictOf)
        return self.encoder_name(type_ref)

    def encode_mismatch_condition(self, type_ref: TypeRef, var: str) -> str | None:
        """A condition true when ``var`` cannot be written as the type, if one suffices."""
        if isinstance(type_ref, Scalar) and type_ref.name in _INLINE_ENCODED:
            if type_ref.name == "str":
                return f"not isinstance({var}, str)"
            if type_ref.name == "bool":
                return f"type({var}) is not bool"
            return int_mismatch(type_ref.name, var)
        if isinstance(type_ref, EnumRef):
            return (
                f"type({var}) is not {self.qualified(type_ref.module, type_ref.name)}"
            )
        return None

    def encode_raise(self, type_ref: TypeRef, var: str, segment: str | None) -> str:
        self.uses.add("encode_mismatch")
        label = string_literal(spell(type_ref, self.module.name))
        return f"{INDENT}raise encode_mismatch({var}, {label}){within(segment)}"

    def guarded(self, error: str, segment: str | None, lines: list[str]) -> list[str]:
        """Wrap lines that call another encoder or decoder so errors gain a path segment."""
        if segment is None:
            return lines
        self.uses.add(error)
        return [
            "try:",
            *indent(lines),
            f"except {error} as error:",
            f"{INDENT}error.within({segment})",
            f"{INDENT}raise",
        ]

    # --------------------------------------------------------------- decoding

    def decode_value(
        self, type_ref: TypeRef, var: str, segment: str | None
    ) -> list[str]:
        """Lines that check ``var`` and replace it by its decoded value."""
        if isinstance(type_ref, Nullable):
            condition = self.decode_mismatch_condition(type_ref.inner, var)
            if condition is not None:
                return [
                    f"if {var} is not None and {group(condition)}:",
                    self.decode_raise(type_ref.inner, var, segment),
                ]
            return [
                f"if {var} is not None:",
                *indent(self.decode_value(type_ref.inner, var, segment)),
            ]
        condition = self.decode_mismatch_condition(type_ref, var)
        if condition is not None:
            return [f"if {condition}:", self.decode_raise(type_ref, var, segment)]
        if type_ref == Scalar("float"):
            self.uses.add("_reader")
            return [
                f"if type({var}) is not float:",
                *indent(
                    self.guarded(
                        "DecodeError", segment, [f"{var} = _reader.float_from({var})"]
                    )
                ),
            ]
        if isinstance(type_ref, EnumRef):
            # The member table, looked up in place: no call on the success path.
            self.uses.add("decode_mismatch")
            table = self.qualified(type_ref.module, f"_{type_ref.name}_BY_JSON")
            return [
                "try:",
                f"{INDENT}{var} = {table}[{var}]",
                "except (KeyError, TypeError):  # not a name, or not even hashable",
                f"{INDENT}raise decode_mismatch(",
                f"{INDENT * 2}{var}, {string_literal(self.enum_label(type_ref))}",
                f"{INDENT}){within(segment)} from None",
            ]
        call = f"{self.reader_function(type_ref)}({var})"
        return self.guarded("DecodeError", segment, [f"{var} = {call}"])

    def enum_label(self, type_ref: EnumRef) -> str:
        """How a decode error names an enum: its name and its members."""
        enum = self.enums_by_name[type_ref.module, type_ref.name]
        return f"{enum.name} (one of {', '.join(enum.members)})"

    def custom_codec(self, type_ref: Custom) -> str:
        """The module-level name a user codec is imported as, and its wrappers made."""
        if type_ref.codec not in self.custom_codecs:
            name = f"_codec_{len(self.custom_codecs) + 1}"
            self.user_imports.add(import_line(type_ref.codec, name))
            self.custom_codecs[type_ref.codec] = name
            self.uses.update(("EncodeError", "DecodeError"))
            for verb, error, param in (
                ("encode", "EncodeError", "value: Any"),
                ("decode", "DecodeError", "data: Any"),
            ):
                argument = param.split(":")[0]
                self.custom_functions.append(
                    Function(
                        f"_{verb}{name}",
                        param,
                        "str" if verb == "encode" else "Any",
                        [
                            "try:",
                            f"{INDENT}result: {'str' if verb == 'encode' else 'Any'}"
                            f" = {name}.{verb}({argument})",
                            f"except {error}:",
                            f"{INDENT}raise",
                            "except Exception as error:",
                            f"{INDENT}raise {error}(",
                            f"{INDENT * 2}f'codec {fstring_text(type_ref.codec)}"
                            " failed: {error}'",
                            f"{INDENT}) from error",
                            "return result",
                        ],
                    )
                )
        return self.custom_codecs[type_ref.codec]

    def reader_function(self, type_ref: TypeRef) -> str:
        """The function that reads a type which has no inline check."""
        if isinstance(type_ref, Custom):
            return f"_decode{self.custom_codec(type_ref)}"
        if isinstance(type_ref, Scalar):
            codec = runtime_codec(type_ref)
            if codec is None:
                return self.pattern(type_ref).parse_function.name
            self.uses.add(codec.module)
            return f"{codec.module}.{codec.read}"
        assert not isinstance(type_ref, Nullable)
        return self.decoder_name(type_ref)

    @staticmethod
    def decode_mismatch_condition(type_ref: TypeRef, var: str) -> str | None:
        """A condition true when plain ``var`` does not fit a type taken as it is."""
        if isinstance(type_ref, Scalar) and type_ref.name in _INLINE_DECODED:
            if type_ref.name in ("str", "bool"):
                return f"type({var}) is not {type_ref.name}"
            return int_mismatch(type_ref.name, var)
        return None

    def decode_raise(self, type_ref: TypeRef, var: str, segment: str | None) -> str:
        self.uses.add("decode_mismatch")
        label = string_literal(spell(type_ref, self.module.name))
        return f"{INDENT}raise decode_mismatch({var}, {label}){within(segment)}"

    # ---------------------------------------------------------- helper functions

    def ensure_helpers(self, type_ref: Container) -> None:
        """Create the encoder/decoder pair of a container type, once per module."""
        if type_ref in self.helpers:
            return
        name = self.helper_name(type_ref)
        self.uses.update(("encode_mismatch", "decode_mismatch"))
        # Quoted once here: the bodies put it in their messages as it is.
        label = string_literal(spell(type_ref, self.module.name))
        if isinstance(type_ref, TupleOf) and not type_ref.variadic:
            encode_body, decode_body = self.fixed_tuple_bodies(type_ref, label)
        elif isinstance(type_ref, DictOf):
            encode_body, decode_body = self.dict_bodies(type_ref, label)
        else:
            encode_body, decode_body = self.sequence_bodies(type_ref, label)
        self.helpers[type_ref] = (
            Function(f"_encode_{name}", "value: object", "str", encode_body),
            Function(
                f"_decode_{name}",
                "data: object",
                self.annotation(type_ref),
                decode_body,
            ),
        )
        self.helper_order.append(type_ref)

    def sequence_bodies(
        self, type_ref: ListOf | SetOf | TupleOf, label: str
    ) -> tuple[list[str], list[str]]:
        """Lists, sets and ``tuple[T, ...]``: JSON arrays of one element type."""
        element = type_ref.items[0] if isinstance(type_ref, TupleOf) else type_ref.item
        is_set = isinstance(type_ref, SetOf)
        python_type = (
            "set | frozenset"
            if is_set
            else ("tuple" if isinstance(type_ref, TupleOf) else "list")
        )
        check = (
            f"not isinstance(value, {python_type})"
            if is_set
            else f"type(value) is not {python_type}"
        )
        # Set elements have no position to name in a path: the set is written sorted.
        # A list's loop keeps no counter: the index of a failing element is the count
        # of elements done so far, or (when nothing is collected) found once it failed.
        loop = "for item in {}:"
        written = self.encode_value(element, "item", None if is_set else "len(parts)")
        encode_body = [
            f"if {check}:",
            f"{INDENT}raise encode_mismatch(value, {label})",
        ]
        if element == Scalar("str") and not is_set:
            # One C loop escapes every string; a non-string stops it with TypeError,
            # and the loop below then names it.
            encode_body += [
                "try:",
                f'{INDENT}return "[" + ",".join(map(_escape, value)) + "]"',
                "except TypeError:",
                f"{INDENT}pass",
            ]
        encode_body += [
            "parts: list[str] = []",
            loop.format("value"),
            *indent(written.all_lines),
            f"{INDENT}parts.append({written.expr})",
        ]
        if is_set:
            encode_body.append("parts.sort()  # a stable order, whatever the hash seed")
        encode_body.append('return "[" + ",".join(parts) + "]"')

        decode_body = [
            "if type(data) is not list:",
            f'{INDENT}raise decode_mismatch(data, "an array")',
        ]
        annotation = self.annotation(type_ref)
        if not converts(element):
            # Plain values of the right kind are already what the caller gets.
            if not is_set:
                self.uses.add("index_of")
            element_decode = self.decode_value(
                element, "item", None if is_set else "index_of(data, item)"
            )
            finish = {"list": "data", "tuple": "tuple(data)"}.get(
                python_type, "set(data)"
            )
            decode_body += [
                loop.format("data"),
                *indent(element_decode),
                *self.hash_guard(element if is_set else None, "data"),
                f"return {finish}",
            ]
        else:
            element_decode = self.decode_value(
                element, "item", None if is_set else "len(result)"
            )
            guard = self.hash_guard(element if is_set else None, "result")
            # Elements whose hashes an attacker can choose are collected in a list and
            # checked before the set is built (see foryjson.hashing).
            empty, store = (
                ("set()", "result.add(item)")
                if is_set and not guard
                else ("[]", "result.append(item)")
            )
            finish = {"tuple": "tuple(result)", "set": "set(result)"}.get(
                "set" if guard else python_type, "result"
            )
            collected = (
                f"list[{self.annotation(element)}]"
                if python_type == "tuple" or guard
                else annotation
            )
            decode_body += [
                f"result: {collected} = {empty}",
                loop.format("data"),
                *indent(element_decode),
                f"{INDENT}{store}",
                *guard,
                f"return {finish}",
            ]
        return encode_body, decode_body

    def fixed_tuple_bodies(
        self, type_ref: TupleOf, label: str
    ) -> tuple[list[str], list[str]]:
        """``tuple[A, B]``: a JSON array of exactly that many elements, each its own type."""
        count = len(type_ref.items)
        names = [f"item{position}" for position in range(count)]
        encode_body = [
            f"if type(value) is not tuple or len(value) != {count}:",
            f"{INDENT}raise encode_mismatch(value, {label})",
            f"{', '.join(names)}{',' if count == 1 else ''} = value",
        ]
        pieces = []
        for position, (name, item) in enumerate(
            zip(names, type_ref.items, strict=True)
        ):
            written = self.encode_value(item, name, str(position))
            encode_body += written.all_lines
            pieces.append(written.piece)
        encode_body.append(f"return f'[{','.join(pieces)}]'")
        decode_body = [
            f"if type(data) is not list or len(data) != {count}:",
            f'{INDENT}raise decode_mismatch(data, "an array of {count} elements")',
            f"{', '.join(names)}{',' if count == 1 else ''} = data",
        ]
        for position, (name, item) in enumerate(
            zip(names, type_ref.items, strict=True)
        ):
            decode_body += self.decode_value(item, name, str(position))
        decode_body.append(f"return ({', '.join(names)}{',' if count == 1 else ''})")
        return encode_body, decode_body

    def dict_bodies(self, type_ref: DictOf, label: str) -> tuple[list[str], list[str]]:
        """JSON objects: keys are strings on the wire, ``key`` typed in Python."""
        key_type = type_ref.key
        string_keys = key_type == Scalar("str")
        segment = "key" if string_keys else "key_segment(key)"
        self.uses.add("key_segment")
        key_check, key_piece = self.key_writer(key_type)
        key_name = spell(key_type, self.module.name)
        key_label = string_literal(
            f"{'an' if key_name[0] in 'aeioAEIO' else 'a'} {key_name} key"
        )
        written = self.encode_value(type_ref.value, "item", segment)
        encode_body = [
            "if type(value) is not dict:",
            f"{INDENT}raise encode_mismatch(value, {label})",
            "parts: list[str] = []",
            "for key, item in value.items():",
            f"{INDENT}if {key_check}:",
            f"{INDENT * 2}raise encode_mismatch(key, {key_label})"
            ".within(key_segment(key))",
            *indent(written.all_lines),
            f"{INDENT}parts.append(f'{key_piece}:{written.piece}')",
            'return "{" + ",".join(parts) + "}"',
        ]
        value_decode = self.decode_value(type_ref.value, "item", "key")
        decode_body = [
            "if type(data) is not dict:",
            f'{INDENT}raise decode_mismatch(data, "an object")',
        ]
        if string_keys and not converts(type_ref.value):
            decode_body += [
                "for key, item in data.items():",
                *indent(value_decode),
                "return data",
            ]
            return encode_body, decode_body
        key_lines = (
            []
            if string_keys
            else self.guarded(
                "DecodeError", "key", [f"typed_key = {self.key_reader(key_type)}"]
            )
        )
        if needs_hash_guard(key_type):
            # Keys whose hashes an attacker can choose are checked before the dict
            # is built (see foryjson.hashing); equal keys keep the last value.
            self.uses.add("_hashing")
            decode_body += [
                f"keys: list[{self.annotation(key_type)}] = []",
                f"items: list[{self.annotation(type_ref.value)}] = []",
                "for key, item in data.items():",
                *indent(key_lines),
                *indent(value_decode),
                f"{INDENT}keys.append(typed_key)",
                f"{INDENT}items.append(item)",
                "_hashing.check_hashes(keys, data)",
                "return dict(zip(keys, items, strict=True))",
            ]
            return encode_body, decode_body
        decode_body += [
            f"result: {self.annotation(type_ref)} = {{}}",
            "for key, item in data.items():",
            *indent(key_lines),
            *indent(value_decode),
            f"{INDENT}result[{'key' if string_keys else 'typed_key'}] = item",
            "return result",
        ]
        return encode_body, decode_body

    def hash_guard(self, element: TypeRef | None, items: str) -> list[str]:
        """The hash-flooding check of a set's elements, where their type needs it."""
        if element is None or not needs_hash_guard(element):
            return []
        self.uses.add("_hashing")
        return [f"_hashing.check_hashes({items})"]

    def key_writer(self, key_type: TypeRef) -> tuple[str, str]:
        """The mismatch condition of a key and the f-string piece of its JSON text."""
        if key_type == Scalar("str"):
            self.uses.add("_escape")
            return "not isinstance(key, str)", "{_escape(key)}"
        if isinstance(key_type, EnumRef):
            enum_class = self.qualified(key_type.module, key_type.name)
            return f"type(key) is not {enum_class}", '"{key._value_}"'
        assert isinstance(key_type, Scalar)
        if key_type.name == "uuid":
            self.annotation(key_type)
            return "type(key) is not UUID", '"{key}"'
        if key_type.name == "int":
            self.uses.add("_numbers")
            return "type(key) is not int", '"{_numbers.write_int(key)}"'
        return int_mismatch(key_type.name, "key"), '"{key}"'

    def key_reader(self, key_type: TypeRef) -> str:
        """A call that reads the JSON key ``key`` as the key type."""
        if isinstance(key_type, EnumRef):
            return f"{self.decoder_name(key_type)}(key)"
        assert isinstance(key_type, Scalar)
        if key_type.name == "uuid":
            self.uses.add("_identifiers")
            return "_identifiers.read_uuid(key)"
        self.uses.add("_numbers")
        return f'_numbers.read_int_key(key, "{key_type.name}")'

    def enum_functions(self, enum: EnumDef) -> list[Function]:
        self.uses.add("encode_mismatch")
        self.uses.add("decode_mismatch")
        table = f"_{enum.name}_BY_JSON"
        label = self.enum_label(EnumRef(self.module.name, enum.name))
        return [
            Function(
                f"_encode_{enum.name}",
                "value: object",
                "str",
                [
                    f"if type(value) is not {enum.name}:",
                    f"{INDENT}raise encode_mismatch(value, {string_literal(enum.name)})",
                    "return f'\"{value._value_}\"'",
                ],
            ),
            Function(
                f"_decode_{enum.name}",
                "data: object",
                enum.name,
                [
                    "if type(data) is str:",
                    f"{INDENT}member = {table}.get(data)",
                    f"{INDENT}if member is not None:",
                    f"{INDENT * 2}return member",
                    f"raise decode_mismatch(data, {string_literal(label)})",
                ],
            ),
        ]

    def import_lines(self) -> list[str]:
        """Standard library, runtime and sibling-module imports, in isort's order."""
        standard = set(self.stdlib_imports) | {"from typing import Any"}
        if self.module.enums:
            standard.add("import enum")
        lines = sorted_imports(standard)
        lines.append("")
        self.uses.update(("_reader", "_writer", "Codec"))
        if self.module.limits:
            self.uses.add("Limits")
        project = set(self.user_imports)
        runtime = {
            f"from {self.runtime} import {module} as {alias}"
            for alias, module in RUNTIME_MODULES.items()
            if alias in self.uses
        }
        for module, names in RUNTIME_IMPORTS:
            runtime.update(
                f"from {self.runtime}{module.removeprefix('foryjson')} import {name}"
                for name in names
                if name in self.uses
            )
        vendored = self.runtime.startswith(".")
        absolute = project if vendored else project | runtime
        lines += sorted_imports(absolute)
        relative = relative_imports(
            self.module.name,
            {module: self.module_alias(module) for module in self.module.imports},
        )
        if vendored:
            # isort's order for relative imports: furthest package first.
            relative = sorted(
                [*relative, *sorted_imports(runtime)], key=_relative_import_key
            )
        if relative:
            lines += ["", *relative] if absolute else relative
        return lines

    def build(self) -> ModuleCode:
        functions: list[Function] = []
        enums = []
        for enum in self.module.enums:
            encoder, decoder = self.enum_functions(enum)
            functions += [encoder, decoder]
            enums.append(EnumCode(enum, encoder.name, decoder.name))
            self.tables.append(f"_{enum.name}_BY_JSON = dict({enum.name}.__members__)")
        models = ModelEmitter(self)
        classes = []
        # A base class comes before its subtypes, which derive from it.
        ordered = sorted(self.module.models, key=lambda model: model.base is not None)
        bound = []
        for model in ordered:
            if model.python is None:
                classes.append(models.class_code(model))
            else:
                self.user_imports.add(import_line(model.python, model.name))
                bound.append(
                    (
                        model.name,
                        models.needs_exact_numbers(
                            ModelRef(self.module.name, model.name)
                        ),
                    )
                )
            functions += [models.encoder(model), models.decoder(model)]
        functions += models.extra_functions
        for type_ref in self.helper_order:
            functions += list(self.helpers[type_ref])
        for compiled in self.patterns.values():
            functions += [compiled.format_function, compiled.parse_function]
        functions += self.custom_functions
        exports = sorted(
            [
                "CODECS",
                *(enum.name for enum in self.module.enums),
                *(model.name for model in self.module.models),
            ],
            key=_isort_key,
        )
        return ModuleCode(
            module=self.module,
            import_lines=self.import_lines(),
            enums=enums,
            classes=classes,
            functions=functions,
            exports=exports,
            bindings=sorted(self.uses)
            + [f"_{name}" for name in sorted(self.type_aliases)],
            tables=self.tables,
            bound=bound,
        )


def int_mismatch(name: str, var: str) -> str:
    """A condition true when ``var`` is not an integer of the named type."""
    if name == "int":
        return f"type({var}) is not int"
    low, high = INTEGER_RANGES[name]
    return f"type({var}) is not int or not {low} <= {var} <= {high}"


def converts(type_ref: TypeRef) -> bool:
    """Whether decoding builds a new value rather than accepting the plain one as it is."""
    if isinstance(type_ref, Nullable):
        return converts(type_ref.inner)
    if isinstance(type_ref, Scalar):
        return type_ref.name not in _INLINE_DECODED
    if isinstance(type_ref, ListOf):
        return converts(type_ref.item)
    if isinstance(type_ref, DictOf):
        return type_ref.key != Scalar("str") or converts(type_ref.value)
    return True


def group(condition: str) -> str:
    """Parenthesize a condition that holds ``or``, for use after ``and``."""
    return f"({condition})" if " or " in condition else condition


def _isort_key(name: str) -> tuple[int, str]:
    """isort's order of imported names: CONSTANTS, then Classes, then functions."""
    if name.isupper() and len(name) > 1:
        return 0, name
    return (1 if name[0].isupper() else 2), name


def sorted_imports(lines: set[str]) -> list[str]:
    """Import lines in isort's order: plain imports, then one line per module."""
    plain = sorted(line for line in lines if line.startswith("import "))
    by_module: dict[str, list[str]] = {}
    aliased = []
    for line in lines - set(plain):
        module, _, name = line[len("from ") :].partition(" import ")
        if " as " in name:
            aliased.append(
                (module, name)
            )  # isort keeps "as" imports on lines of their own
        else:
            by_module.setdefault(module, []).append(name)
    entries = [
        (module, ", ".join(sorted(names, key=_isort_key)))
        for module, names in by_module.items()
    ]
    entries += aliased
    return plain + [
        f"from {module} import {names}" for module, names in sorted(entries)
    ]


def _relative_import_key(line: str) -> tuple[int, str, str]:
    source = line[len("from ") :].partition(" ")[0]
    package = source.lstrip(".")
    return -(len(source) - len(package)), package.lower(), line


def relative_imports(from_module: str, targets: dict[str, str]) -> list[str]:
    """``from . import common`` lines that bring other generated modules in by alias."""
    dots = "." * (from_module.count(".") + 1)
    by_source: dict[str, list[str]] = {}
    for target, alias in sorted(targets.items()):
        package, _, name = target.rpartition(".")
        source = f"{dots}{package}" if package else dots
        by_source.setdefault(source, []).append(
            name if alias == name else f"{name} as {alias}"
        )
    return [
        f"from {source} import {', '.join(names)}"
        for source, names in by_source.items()
    ]
