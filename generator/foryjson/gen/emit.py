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
import json
from dataclasses import dataclass

from .ir import (
    INTEGER_RANGES,
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
    TypeRef,
    UnknownProperties,
    spell,
)

INDENT = "    "


def indent(lines: list[str], levels: int = 1) -> list[str]:
    return [INDENT * levels + line for line in lines]


def fstring_literal(text: str) -> str:
    """Escape literal text for the inside of a single-quoted f-string."""
    out = []
    for char in text:
        if char in "{}":
            out.append(char * 2)
        elif char in "\\'":
            out.append("\\" + char)
        elif char.isprintable():
            out.append(char)
        else:
            out.append(repr(char)[1:-1])
    return "".join(out)


def json_member_prefix(json_name: str) -> str:
    """The JSON text ``"name":`` for a property."""
    return json.dumps(json_name, ensure_ascii=False) + ":"


@dataclass
class Written:
    """How generated code writes one value: checks, then its JSON text.

    ``piece`` is the text for the inside of a single-quoted f-string (a replacement
    field, maybe with literal characters around it); ``expr`` is a ``str`` expression
    for the same text.
    """

    lines: list[str]
    piece: str
    expr: str

    @classmethod
    def of_name(cls, lines: list[str], name: str) -> Written:
        """A value whose JSON text the lines leave in local variable ``name``."""
        return cls(lines, f"{{{name}}}", name)


@dataclass
class Function:
    """A generated module-level function."""

    name: str
    params: str
    returns: str
    body: list[str]
    doc: str | None = None


@dataclass
class ClassCode:
    """Everything the template needs to lay out one model class."""

    model: ModelDef
    slots: list[str]
    annotations: list[tuple[str, str]]
    init_params: list[str]
    init_body: list[str]
    eq_terms: list[str]
    repr_lines: list[str]
    """The f-strings ``__repr__`` concatenates, one field a line."""
    encoder: str
    decoder: str


@dataclass
class EnumCode:
    enum: EnumDef
    encoder: str
    decoder: str


@dataclass
class ModuleCode:
    """The render context of one generated module."""

    module: ModuleDef
    imports: list[str]
    enums: list[EnumCode]
    classes: list[ClassCode]
    functions: list[Function]
    exports: list[str]
    bindings: list[str]
    """Runtime names the functions use."""
    tables: list[str]
    """Module-level lookup tables, as assignments."""


# Names generated functions use; a field whose name would shadow one gets a suffix.
_TAKEN_LOCALS = frozenset(
    {"data", "value", "result", "error", "index", "item", "key", "members", "text"}
    | set(dir(builtins))
)


class Emitter:
    """Builds the ``ModuleCode`` of one module."""

    def __init__(self, module: ModuleDef, all_modules: dict[str, ModuleDef]) -> None:
        self.module = module
        self.all_modules = all_modules
        self.uses: set[str] = set()
        self.helpers: dict[TypeRef, tuple[Function, Function]] = {}
        self.helper_order: list[TypeRef] = []
        self.module_names = {enum.name for enum in module.enums} | {
            model.name for model in module.models
        }
        self.tables: list[str] = []

    # ---------------------------------------------------------------- naming

    def module_alias(self, module: str) -> str:
        return module.replace(".", "_")

    def qualified(self, module: str, name: str) -> str:
        """How this module spells a class or function of ``module``."""
        if module == self.module.name:
            return name
        return f"{self.module_alias(module)}.{name}"

    def annotation(self, type_ref: TypeRef) -> str:
        if isinstance(type_ref, Scalar):
            if type_ref.name in ("bool", "float", "str"):
                return type_ref.name
            return "int"
        if isinstance(type_ref, ListOf):
            return f"list[{self.annotation(type_ref.item)}]"
        if isinstance(type_ref, DictOf):
            return f"dict[str, {self.annotation(type_ref.value)}]"
        if isinstance(type_ref, Nullable):
            return f"{self.annotation(type_ref.inner)} | None"
        return self.qualified(type_ref.module, type_ref.name)

    def type_key(self, type_ref: TypeRef) -> str:
        """A name fragment for helper functions: ``list_Image``, ``dict_list_int32``."""
        if isinstance(type_ref, Scalar):
            return type_ref.name
        if isinstance(type_ref, ListOf):
            return f"list_{self.type_key(type_ref.item)}"
        if isinstance(type_ref, DictOf):
            return f"dict_{self.type_key(type_ref.value)}"
        if isinstance(type_ref, Nullable):
            return f"opt_{self.type_key(type_ref.inner)}"
        if type_ref.module == self.module.name:
            return type_ref.name
        return f"{self.module_alias(type_ref.module)}_{type_ref.name}"

    def encoder_name(self, type_ref: EnumRef | ModelRef | ListOf | DictOf) -> str:
        if isinstance(type_ref, EnumRef | ModelRef):
            return self.qualified(type_ref.module, f"_encode_{type_ref.name}")
        self.ensure_helpers(type_ref)
        return f"_encode_{self.type_key(type_ref)}"

    def decoder_name(self, type_ref: EnumRef | ModelRef | ListOf | DictOf) -> str:
        if isinstance(type_ref, EnumRef | ModelRef):
            return self.qualified(type_ref.module, f"_decode_{type_ref.name}")
        self.ensure_helpers(type_ref)
        return f"_decode_{self.type_key(type_ref)}"

    def local_names(self, fields: tuple[FieldDef, ...]) -> dict[str, str]:
        """Local variable names for fields that shadow nothing the function uses."""
        taken = (
            set(_TAKEN_LOCALS)
            | self.module_names
            | {self.module_alias(name) for name in self.module.imports}
        )
        names: dict[str, str] = {}
        for item in fields:
            name = item.name
            while name in taken:
                name += "_"
            taken.add(name)
            names[item.name] = name
        return names

    # --------------------------------------------------------------- encoding

    def encode_value(self, type_ref: TypeRef, var: str, segment: str) -> Written:
        """How to check ``var`` and write it as JSON."""
        if isinstance(type_ref, Nullable):
            inner = type_ref.inner
            written = self.encode_value(inner, var, segment)
            condition = self.encode_mismatch_condition(inner, var)
            if condition is not None:
                checks = [
                    f"if {var} is not None and {group(condition)}:",
                    self.encode_raise(inner, var, segment),
                    f'{var}_json = "null" if {var} is None else {written.expr}',
                ]
            else:
                checks = [
                    f"if {var} is None:",
                    f'{INDENT}{var}_json = "null"',
                    "else:",
                    *indent(written.lines),
                    f"{INDENT}{var}_json = {written.expr}",
                ]
            return Written.of_name(checks, f"{var}_json")
        condition = self.encode_mismatch_condition(type_ref, var)
        if condition is not None:
            checks = [f"if {condition}:", self.encode_raise(type_ref, var, segment)]
            if type_ref == Scalar("bool"):
                checks.append(f'{var}_json = "true" if {var} else "false"')
                return Written.of_name(checks, f"{var}_json")
            if type_ref == Scalar("str"):
                self.uses.add("_escape")
                return Written(checks, f"{{_escape({var})}}", f"_escape({var})")
            if isinstance(type_ref, EnumRef):
                piece = f'"{{{var}._value_}}"'
                return Written(checks, piece, f"f'{piece}'")
            return Written(checks, f"{{{var}}}", f"str({var})")
        if type_ref == Scalar("float"):
            self.uses.add("_writer")
            call = f"_writer.write_float({var})"
        else:
            assert isinstance(type_ref, ModelRef | ListOf | DictOf)
            call = f"{self.encoder_name(type_ref)}({var})"
        lines = self.guarded("EncodeError", segment, [f"{var}_json = {call}"])
        return Written.of_name(lines, f"{var}_json")

    def encode_mismatch_condition(self, type_ref: TypeRef, var: str) -> str | None:
        """A condition true when ``var`` cannot be written as the type, if one suffices."""
        if isinstance(type_ref, Scalar):
            if type_ref.name == "str":
                return f"not isinstance({var}, str)"
            if type_ref.name == "bool":
                return f"type({var}) is not bool"
            if type_ref.name != "float":
                return int_mismatch(type_ref.name, var)
        if isinstance(type_ref, EnumRef):
            return (
                f"type({var}) is not {self.qualified(type_ref.module, type_ref.name)}"
            )
        return None

    def encode_raise(self, type_ref: TypeRef, var: str, segment: str) -> str:
        self.uses.add("encode_mismatch")
        label = spell(type_ref, self.module.name)
        return f'{INDENT}raise encode_mismatch({var}, "{label}").within({segment})'

    def guarded(self, error: str, segment: str, lines: list[str]) -> list[str]:
        """Wrap lines that call another encoder or decoder so errors gain a path segment."""
        self.uses.add(error)
        return [
            "try:",
            *indent(lines),
            f"except {error} as error:",
            f"{INDENT}error.within({segment})",
            f"{INDENT}raise",
        ]

    # --------------------------------------------------------------- decoding

    def decode_value(self, type_ref: TypeRef, var: str, segment: str) -> list[str]:
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
        assert isinstance(type_ref, EnumRef | ModelRef | ListOf | DictOf)
        return self.guarded(
            "DecodeError", segment, [f"{var} = {self.decoder_name(type_ref)}({var})"]
        )

    @staticmethod
    def decode_mismatch_condition(type_ref: TypeRef, var: str) -> str | None:
        """A condition true when plain value ``var`` does not fit a type it needs no conversion for."""
        if isinstance(type_ref, Scalar) and type_ref.name != "float":
            if type_ref.name in ("str", "bool"):
                return f"type({var}) is not {type_ref.name}"
            return int_mismatch(type_ref.name, var)
        return None

    def decode_raise(self, type_ref: TypeRef, var: str, segment: str) -> str:
        self.uses.add("decode_mismatch")
        label = spell(type_ref, self.module.name)
        return f'{INDENT}raise decode_mismatch({var}, "{label}").within({segment})'

    # ---------------------------------------------------------- helper functions

    def ensure_helpers(self, type_ref: ListOf | DictOf) -> None:
        """Create the encoder/decoder pair of a container type, once per module."""
        if type_ref in self.helpers:
            return
        key = self.type_key(type_ref)
        annotation = self.annotation(type_ref)
        is_list = isinstance(type_ref, ListOf)
        element = type_ref.item if isinstance(type_ref, ListOf) else type_ref.value
        container, json_kind, segment = (
            ("list", "an array", "index") if is_list else ("dict", "an object", "key")
        )
        loop = (
            "for index, item in enumerate({})"
            if is_list
            else "for key, item in {}.items()"
        )
        self.uses.update(("encode_mismatch", "decode_mismatch"))

        written = self.encode_value(element, "item", segment)
        append = written.expr
        if not is_list:
            self.uses.add("_escape")
            append = "f'{_escape(key)}:" + written.piece + "'"
        encode_body = [
            f"if type(value) is not {container}:",
            f'{INDENT}raise encode_mismatch(value, "{spell(type_ref, self.module.name)}")',
            "parts: list[str] = []",
            loop.format("value") + ":",
        ]
        if not is_list:
            encode_body += [
                f"{INDENT}if not isinstance(key, str):",
                f'{INDENT * 2}raise encode_mismatch(key, "a str key").within(str(key))',
            ]
        encode_body += [
            *indent(written.lines),
            f"{INDENT}parts.append({append})",
            f'return "{"[" if is_list else "{"}" + ",".join(parts) + "{"]" if is_list else "}"}"',
        ]

        element_decode = self.decode_value(element, "item", segment)
        decode_body = [
            f"if type(data) is not {container}:",
            f'{INDENT}raise decode_mismatch(data, "{json_kind}")',
        ]
        if not converts(element):
            # Plain values of the right kind are already what the caller gets.
            decode_body += [
                loop.format("data") + ":",
                *indent(element_decode),
                "return data",
            ]
        else:
            store = "result.append(item)" if is_list else "result[key] = item"
            decode_body += [
                f"result: {annotation} = {'[]' if is_list else '{}'}",
                loop.format("data") + ":",
                *indent(element_decode),
                f"{INDENT}{store}",
                "return result",
            ]
        self.helpers[type_ref] = (
            Function(f"_encode_{key}", "value: object", "str", encode_body),
            Function(f"_decode_{key}", "data: object", annotation, decode_body),
        )
        self.helper_order.append(type_ref)

    # -------------------------------------------------------------- models

    def member_condition(self, item: FieldDef, var: str) -> str | None:
        """The condition under which a property is written, or None for always."""
        nullable = isinstance(item.type, Nullable)
        base = item.type.inner if isinstance(item.type, Nullable) else item.type
        if item.include is Include.ALWAYS:
            return None
        if item.include is Include.NON_EMPTY and (
            isinstance(base, ListOf | DictOf) or base == Scalar("str")
        ):
            return var
        if item.include in (Include.NON_NULL, Include.NON_EMPTY):
            return f"{var} is not None" if nullable else None
        default = implicit_default(item)
        if default is NOTHING:
            return None
        if default is None:
            return f"{var} is not None"
        literal = self.literal(default, item.type)
        if isinstance(default, float) and default == 0.0:
            # -0.0 == 0.0, but only one of them is the default.
            self.uses.add("copysign")
            sign = ">" if str(default).startswith("-") else "<"
            return f"{var} != {literal} or copysign(1.0, {var}) {sign} 0"
        if isinstance(default, bool):
            return f"{var} is not {literal}"
        return f"{var} != {literal}"

    def literal(self, value: object, type_ref: TypeRef) -> str:
        """Python source for a default value of a type."""
        base = type_ref.inner if isinstance(type_ref, Nullable) else type_ref
        if value is not None and isinstance(base, EnumRef):
            return f"{self.qualified(base.module, base.name)}.{value}"
        return repr(value)

    def model_encoder(self, model: ModelDef) -> Function:
        locals_ = self.local_names(model.fields)
        self.uses.add("encode_mismatch")
        body = [
            f"if not isinstance(value, {model.name}):",
            f'{INDENT}raise encode_mismatch(value, "{model.name}")',
        ]
        # Consecutive members written unconditionally share one f-string.
        groups: list[tuple[str | None, list[str], list[str]]] = []
        for item in model.write_order:
            var = locals_[item.name]
            segment = json.dumps(item.json_name, ensure_ascii=False)
            condition = self.member_condition(item, var)
            value_type = item.type
            if isinstance(item.type, Nullable) and condition in (
                var,
                f"{var} is not None",
            ):
                value_type = item.type.inner  # null is never written here
            body.append(f"{var} = value.{item.name}")
            written = self.encode_value(value_type, var, segment)
            check_lines = written.lines
            piece = fstring_literal(json_member_prefix(item.json_name)) + written.piece
            if condition is None:
                body += check_lines
                if groups and groups[-1][0] is None:
                    groups[-1][2].append(piece)
                    continue
                groups.append((None, [], [piece]))
            else:
                groups.append((condition, check_lines, [piece]))
        if all(condition is None for condition, _, _ in groups):
            pieces = groups[0][2] if groups else []
            body.append(object_return(pieces))
        else:
            body.append("members: list[str] = []")
            for condition, check_lines, pieces in groups:
                append = f"members.append(f'{','.join(pieces)}')"
                if condition is None:
                    body.append(append)
                else:
                    body += [f"if {condition}:", *indent(check_lines), INDENT + append]
            body.append('return "{" + ",".join(members) + "}"')
        return Function(f"_encode_{model.name}", "value: object", "str", body)

    def model_decoder(self, model: ModelDef) -> Function:
        locals_ = self.local_names(model.fields)
        self.uses.add("decode_mismatch")
        body = [
            "if type(data) is not dict:",
            f'{INDENT}raise decode_mismatch(data, "an object")',
        ]
        for item in model.fields:
            var = locals_[item.name]
            key = json.dumps(item.json_name, ensure_ascii=False)
            default = implicit_default(item)
            checks = self.decode_value(item.type, var, key)
            if default is NOTHING:
                self.uses.add("missing_property")
                body += [
                    "try:",
                    f"{INDENT}{var} = data[{key}]",
                    "except KeyError:",
                    f"{INDENT}raise missing_property({key}) from None",
                    *checks,
                ]
            elif isinstance(default, list | dict) or isinstance(item.type, EnumRef):
                # The default is not a plain JSON value (an enum member), or must be a
                # fresh container for each object: set it only when the key is absent.
                body += [
                    f"if {key} in data:",
                    f"{INDENT}{var} = data[{key}]",
                    *indent(checks),
                    "else:",
                    f"{INDENT}{var} = {self.literal(default, item.type)}",
                ]
            else:
                getter = (
                    f"data.get({key})"
                    if default is None
                    else f"data.get({key}, {self.literal(default, item.type)})"
                )
                body += [f"{var} = {getter}", *checks]
        if model.unknown_properties is UnknownProperties.REJECT:
            self.uses.add("unknown_property")
            known = f"_{model.name}_PROPERTIES"
            names = ", ".join(
                json.dumps(item.json_name, ensure_ascii=False) for item in model.fields
            )
            self.tables.append(f"{known} = frozenset(({names},))")
            body += [
                f"if not {known}.issuperset(data):",
                f"{INDENT}raise unknown_property(data, {known})",
            ]
        self.uses.add("_new")
        body.append(f"result: {model.name} = _new({model.name})")
        body += [f"result.{item.name} = {locals_[item.name]}" for item in model.fields]
        body.append("return result")
        return Function(f"_decode_{model.name}", "data: object", model.name, body)

    def class_code(self, model: ModelDef) -> ClassCode:
        params = []
        init_body = []
        for item in model.fields:
            annotation = self.annotation(item.type)
            if item.has_default and isinstance(item.default, list | dict):
                self.uses.add("MISSING")
                params.append(f"{item.name}: {annotation} = MISSING")
                empty = "[]" if isinstance(item.default, list) else "{}"
                init_body.append(
                    f"self.{item.name} = {empty} if {item.name} is MISSING else {item.name}"
                )
                continue
            if item.has_default:
                params.append(
                    f"{item.name}: {annotation} = {self.literal(item.default, item.type)}"
                )
            elif isinstance(item.type, Nullable):
                params.append(f"{item.name}: {annotation} = None")
            else:
                params.append(f"{item.name}: {annotation}")
            init_body.append(f"self.{item.name} = {item.name}")
        return ClassCode(
            model=model,
            slots=[item.name for item in model.fields],
            annotations=[
                (item.name, self.annotation(item.type)) for item in model.fields
            ],
            init_params=params,
            init_body=init_body,
            eq_terms=[
                f"self.{item.name} == other.{item.name}" for item in model.fields
            ],
            repr_lines=repr_lines(model),
            encoder=f"_encode_{model.name}",
            decoder=f"_decode_{model.name}",
        )

    def enum_functions(self, enum: EnumDef) -> list[Function]:
        self.uses.add("encode_mismatch")
        self.uses.add("decode_mismatch")
        table = f"_{enum.name}_BY_JSON"
        choices = ", ".join(enum.members)
        return [
            Function(
                f"_encode_{enum.name}",
                "value: object",
                "str",
                [
                    f"if type(value) is not {enum.name}:",
                    f'{INDENT}raise encode_mismatch(value, "{enum.name}")',
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
                    f'raise decode_mismatch(data, "{enum.name} (one of {choices})")',
                ],
            ),
        ]

    def build(self) -> ModuleCode:
        functions: list[Function] = []
        enums = []
        for enum in self.module.enums:
            encoder, decoder = self.enum_functions(enum)
            functions += [encoder, decoder]
            enums.append(EnumCode(enum, encoder.name, decoder.name))
            self.tables.append(f"_{enum.name}_BY_JSON = dict({enum.name}.__members__)")
        classes = []
        for model in self.module.models:
            classes.append(self.class_code(model))
            functions += [self.model_encoder(model), self.model_decoder(model)]
        for type_ref in self.helper_order:
            functions += list(self.helpers[type_ref])
        exports = sorted(
            [
                "CODECS",
                *(enum.name for enum in self.module.enums),
                *(model.name for model in self.module.models),
            ],
            key=lambda name: (not name.isupper(), name),
        )
        imports = relative_imports(
            self.module.name,
            {module: self.module_alias(module) for module in self.module.imports},
        )
        return ModuleCode(
            module=self.module,
            imports=imports,
            enums=enums,
            classes=classes,
            functions=functions,
            exports=exports,
            bindings=sorted(self.uses),
            tables=self.tables,
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
        return type_ref.name == "float"
    if isinstance(type_ref, ListOf):
        return converts(type_ref.item)
    if isinstance(type_ref, DictOf):
        return converts(type_ref.value)
    return True


def repr_lines(model: ModelDef) -> list[str]:
    """``f"Name(a={self.a!r}, "`` ... ``f"z={self.z!r})"``: a repr split one field a line."""
    fields = [f"{item.name}={{self.{item.name}!r}}" for item in model.fields]
    single = f'f"{model.name}(' + ", ".join(fields) + ')"'
    if len(single) <= 70:
        return [single]
    lines = [f'f"{model.name}({fields[0]}, "']
    lines += [f'f"{field}, "' for field in fields[1:-1]]
    lines.append(f'f"{fields[-1]})"')
    return lines


def group(condition: str) -> str:
    """Parenthesize a condition that holds ``or``, for use after ``and``."""
    return f"({condition})" if " or " in condition else condition


def object_return(pieces: list[str]) -> str:
    """``return f'{{...}}'`` for members that are always written, one member a line."""
    if not pieces:
        return 'return "{}"'
    single = "return f'{{" + ",".join(pieces) + "}}'"
    if len(single) <= 72:
        return single
    lines = [piece + "," for piece in pieces[:-1]] + [pieces[-1]]
    lines[0] = "{{" + lines[0]
    lines[-1] += "}}"
    return "return (\n" + "\n".join(f"{INDENT}f'{line}'" for line in lines) + "\n)"


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
    if item.include is Include.NON_EMPTY and isinstance(zero, str | list | dict):
        return zero
    if item.include is Include.NON_DEFAULT:
        return zero
    return NOTHING


def zero_value(type_ref: TypeRef) -> object:
    if isinstance(type_ref, Scalar):
        return {"bool": False, "float": 0.0, "str": ""}.get(type_ref.name, 0)
    if isinstance(type_ref, ListOf):
        return []
    if isinstance(type_ref, DictOf):
        return {}
    return NOTHING


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
