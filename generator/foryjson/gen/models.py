"""The code of each model: its class, its encoder and decoder, and their variants.

Values inside a model are the value emitter's business (``Emitter.encode_value`` and
``decode_value``); this module decides the object around them: which members are
written and when, flattened children, catch-all members, subtypes, value models,
constraints and validators.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from .code import INDENT, Function, indent
from .ir import (
    Custom,
    DictOf,
    EnumRef,
    FieldDef,
    Include,
    ListOf,
    ModelDef,
    ModelRef,
    Nullable,
    Scalar,
    SetOf,
    TupleOf,
    TypeRef,
    UnknownProperties,
)
from .objects import needs_hash_guard
from .quoting import fstring_text, identifier, import_line, string_literal
from .reading import model_index
from .scalars import IMPORTED_NAMES, literal, literal_imports

if TYPE_CHECKING:
    from .emit import Emitter


@dataclass
class ClassCode:
    """Everything the template needs to lay out one model class."""

    model: ModelDef
    bases: str
    """The parenthesized base class list, or an empty string."""
    slots: list[str]
    annotations: list[tuple[str, str]]
    init_params: list[str]
    init_body: list[str]
    eq_terms: list[str]
    repr_lines: list[str]
    """The f-strings ``__repr__`` concatenates, one field a line."""
    encoder: str
    decoder: str
    exact: bool
    """Whether documents are read with exact numbers (a decimal is reachable)."""


@dataclass
class _Members:
    """The members of one object, grouped for writing."""

    body: list[str] = field(default_factory=list)
    # Consecutive members written unconditionally share one f-string; the rest are
    # (condition, lines, f-string pieces) or ready-made statements.
    groups: list[tuple[str | None, list[str], list[str]]] = field(default_factory=list)

    def always(self, piece: str) -> None:
        if self.groups and self.groups[-1][0] is None and self.groups[-1][1] == []:
            self.groups[-1][2].append(piece)
        else:
            self.groups.append((None, [], [piece]))


class ModelEmitter:
    """Builds classes and functions for the models of one module."""

    def __init__(self, values: Emitter) -> None:
        self.values = values
        self.module = values.module
        self.models = model_index(values.all_modules)
        self.flat_encoders: dict[tuple[str, str, str, str], str] = {}
        self.flat_decoders: dict[tuple[str, str, str, str], str] = {}
        self.name_tables: dict[tuple[str, str, str], str] = {}
        self.extra_functions: list[Function] = []

    # -------------------------------------------------------------- lookups

    def model(self, ref: ModelRef) -> ModelDef:
        return self.models[ref.module][ref.name]

    def json_names(self, model: ModelDef) -> list[str]:
        """Every member name an object of the model can hold, flattened ones included."""
        names = []
        for item in model.fields:
            if item.unwrapped is None:
                if not item.any_properties:
                    names.append(item.json_name)
                continue
            prefix, suffix = item.unwrapped
            child = self.model(_unwrapped(item))
            names += [prefix + name + suffix for name in self.json_names(child)]
        if model.discriminator is not None:
            names.append(model.discriminator)
        return names

    def literal(self, value: object, type_ref: TypeRef) -> str:
        """Python source for a default value of a type."""
        base = type_ref.inner if isinstance(type_ref, Nullable) else type_ref
        if value is not None and isinstance(base, EnumRef):
            assert isinstance(value, str)
            return (
                f"{self.values.qualified(base.module, base.name)}.{identifier(value)}"
            )
        self.values.stdlib_imports.update(literal_imports(value))
        return literal(value, self.values.imported)

    # -------------------------------------------------------------- encoding

    def member_condition(self, item: FieldDef, var: str) -> tuple[str | None, bool]:
        """When a property is written (None for always), and whether null is skipped.

        A property is left out only when its value equals what a missing property
        reads back as (``implicit_default``), so every policy round-trips, with one
        documented exception: ``non_empty`` on a nullable field leaves out empty values
        too, and they read back as null. Values of the wrong type are never skipped:
        inline checks run before the condition, and wrong types compare unequal.
        """
        base = item.type.inner if isinstance(item.type, Nullable) else item.type
        policy = item.include
        missing = implicit_default(item)
        if policy is Include.ALWAYS or missing is NOTHING:
            return None, False
        if missing is None:
            if policy is Include.NON_EMPTY and can_be_empty(base):
                empty = self.literal(zero_value(base), base)
                return f"{var} is not None and {var} != {empty}", True
            return f"{var} is not None", True
        if policy is Include.NON_NULL:
            return None, False
        if policy is Include.NON_EMPTY and missing != zero_value(base):
            return None, False
        literal_text = self.literal(missing, item.type)
        if isinstance(missing, float) and missing == 0.0:
            # -0.0 == 0.0, but only one of them is the default; False == 0.0 too.
            self.values.stdlib_imports.add("from math import copysign")
            sign = ">" if str(missing).startswith("-") else "<"
            return (
                f"{var} != {literal_text} or type({var}) is not float"
                f" or copysign(1.0, {var}) {sign} 0"
            ), False
        if isinstance(missing, bool):
            return f"{var} is not {literal_text}", False
        # A value of another type can equal the default (False == 0, "9.90" is not a
        # Decimal but prints as one): it is written, so that its encoder rejects it.
        other_type = (
            ""
            if self.values.encode_mismatch_condition(base, var)
            else (f" or type({var}) is not {type(missing).__name__}")
        )
        if isinstance(missing, Decimal):
            # Decimal("1.50") == Decimal("1.5"), but only one is written as the default.
            return f"str({var}) != {string_literal(str(missing))}{other_type}", False
        if isinstance(missing, dt.datetime) and missing.tzinfo is not None:
            same_offset = f"{var}.utcoffset() != {literal_text}.utcoffset()"
            return f"{var} != {literal_text} or {same_offset}", False
        if isinstance(missing, float | int | str | bytes):
            return f"{var} != {literal_text}{other_type}", False
        return f"{var} != {literal_text}", False

    def members(self, model: ModelDef, prefix: str, suffix: str) -> _Members:
        """The statements that write a model's members, names wrapped in prefix/suffix."""
        values = self.values
        locals_ = values.local_names(model.fields)
        result = _Members()
        catch_all = None
        for item in model.write_order:
            if item.write_only:
                continue
            var = locals_[item.name]
            result.body.append(f"{var} = value.{item.name}")
            if item.any_properties:
                catch_all = (item, var)
                continue
            if item.unwrapped is not None:
                self.flattened_member(item, var, prefix, suffix, result)
                continue
            json_name = prefix + item.json_name + suffix
            segment = string_literal(json_name)
            condition, skips_null = self.member_condition(item, var)
            if item.raw:
                values.uses.add("_dynamic")
                written = values.encode_value(item.type, var, segment)
                raw_call = f"_dynamic.write_raw({var})"
                lines = values.guarded(
                    "EncodeError", segment, [f"{var}_json = {raw_call}"]
                )
                if isinstance(item.type, Nullable) and not skips_null:
                    lines = [
                        f"if {var} is None:",
                        f'{INDENT}{var}_json = "null"',
                        "else:",
                        *indent(lines),
                    ]
                written.lines, written.piece = lines, f"{{{var}_json}}"
            else:
                written = values.encode_value(item.type, var, segment)
                if skips_null and isinstance(item.type, Nullable):
                    # Null is never written here: check the rest, then write the inner type.
                    inner = values.encode_value(item.type.inner, var, segment)
                    written.lines, written.piece = inner.lines, inner.piece
            # Inline checks run whether or not the property is written.
            result.body += written.checks
            piece = fstring_text(json_member_prefix(json_name)) + written.piece
            if condition is None:
                result.body += written.lines
                result.always(piece)
            else:
                result.groups.append((condition, written.lines, [piece]))
        if catch_all is not None:
            item, var = catch_all
            values.uses.add("_dynamic")
            known = self.names_table(model, prefix, suffix)
            result.groups.append(
                (
                    None,
                    values.guarded(
                        "EncodeError",
                        None,
                        [f"{var}_json = _dynamic.write_members({var}, {known})"],
                    ),
                    [],
                )
            )
            result.groups.append((f"{var}_json", [], [f"{{{var}_json}}"]))
        return result

    def flattened_member(
        self, item: FieldDef, var: str, prefix: str, suffix: str, result: _Members
    ) -> None:
        """Write an unwrapped child's members into the parent; nothing for null."""
        inner_prefix, inner_suffix = item.unwrapped or ("", "")
        ref = _unwrapped(item)
        function = self.flat_encoder(ref, prefix + inner_prefix, inner_suffix + suffix)
        self.values.uses.add("encode_mismatch")
        child = self.values.qualified(ref.module, ref.name)
        check = [
            (
                f"if {var} is not None and not isinstance({var}, {child}):"
                if isinstance(item.type, Nullable)
                else f"if not isinstance({var}, {child}):"
            ),
            f"{INDENT}raise encode_mismatch("
            f"{var}, {string_literal(f'{ref.name} (unwrapped {item.name})')})",
        ]
        result.body += check
        lines = [f"{var}_members = {function}({var})"]
        if isinstance(item.type, Nullable):
            lines = [f'{var}_members = "" if {var} is None else {function}({var})']
        result.groups.append((None, lines, []))
        result.groups.append((f"{var}_members", [], [f"{{{var}_members}}"]))

    def flat_encoder(self, ref: ModelRef, prefix: str, suffix: str) -> str:
        """The function writing a model's members (no braces) with wrapped names."""
        key = (ref.module, ref.name, prefix, suffix)
        if key not in self.flat_encoders:
            name = f"_encode_{ref.name}_members_{len(self.flat_encoders) + 1}"
            self.flat_encoders[key] = name
            model = self.model(ref)
            members = self.members(model, prefix, suffix)
            body = [
                *members.body,
                *self.assemble(members, braces=False),
            ]
            self.extra_functions.append(Function(name, "value: Any", "str", body))
        return self.flat_encoders[key]

    def assemble(self, members: _Members, braces: bool) -> list[str]:
        """Join the member groups into the object's text."""
        groups = members.groups
        plain = all(condition is None and not lines for condition, lines, _ in groups)
        if plain:
            pieces = groups[0][2] if groups else []
            if braces:
                return [object_return(pieces)]
            return [f"return f'{','.join(pieces)}'" if pieces else 'return ""']
        body = ["members: list[str] = []"]
        for condition, lines, pieces in groups:
            append = None
            if len(pieces) == 1 and re.fullmatch(r"\{\w+\}", pieces[0]):
                append = f"members.append({pieces[0][1:-1]})"
            elif pieces:
                append = f"members.append(f'{','.join(pieces)}')"
            if condition is None:
                body += lines
                if append:
                    body.append(append)
            else:
                body += [f"if {condition}:", *indent(lines)]
                if append:
                    body.append(INDENT + append)
        body.append(
            'return "{" + ",".join(members) + "}"'
            if braces
            else 'return ",".join(members)'
        )
        return body

    def encoder(self, model: ModelDef) -> Function:
        self.values.uses.add("encode_mismatch")
        body = [
            f"if not isinstance(value, {model.name}):",
            f"{INDENT}raise encode_mismatch(value, {string_literal(model.name)})",
        ]
        if model.subtypes is not None:
            return self.base_encoder(model)
        if model.value_field is not None:
            self.values.uses.add("_escape")
            body += [
                f"text = value.{model.value_field}",
                "if not isinstance(text, str):",
                f'{INDENT}raise encode_mismatch(text, "str")'
                f".within({string_literal(model.value_field)})",
                "return _escape(text)",
            ]
            return Function(f"_encode_{model.name}", "value: object", "str", body)
        members = self.members(model, "", "")
        body += members.body + self.assemble(members, braces=True)
        return Function(f"_encode_{model.name}", "value: object", "str", body)

    def base_encoder(self, model: ModelDef) -> Function:
        """Write a subtype through its base: the table's name, then the object."""
        subtypes = model.subtypes
        assert subtypes is not None
        self.values.uses.update(("encode_mismatch", "EncodeError"))
        body = []
        for json_name, subtype in subtypes.types:
            name_text = json.dumps(json_name, ensure_ascii=False)
            body.append(f"if type(value) is {subtype}:")
            if subtypes.representation == "property":
                head = "{" + json_member_prefix(subtypes.property or "") + name_text
                body += [
                    f"{INDENT}text = _encode_{subtype}(value)",
                    f'{INDENT}if text == "{{}}":',
                    f"{INDENT * 2}return {string_literal(head + '}')}",
                    f"{INDENT}return {string_literal(head + ',')} + text[1:]",
                ]
                continue
            segment = string_literal(json_name)
            if subtypes.representation == "wrapper_array":
                segment = "1"
            body += indent(
                self.values.guarded(
                    "EncodeError", segment, [f"text = _encode_{subtype}(value)"]
                )
            )
            if subtypes.representation == "wrapper_object":
                body.append(
                    f"{INDENT}return {string_literal('{' + name_text + ':')} + text + \"}}\""
                )
            else:
                body.append(
                    f"{INDENT}return {string_literal('[' + name_text + ',')} + text + \"]\""
                )
        choices = ", ".join(subtype for _, subtype in subtypes.types)
        expected = string_literal(f"{model.name} (one of {choices})")
        body.append(f"raise encode_mismatch(value, {expected})")
        return Function(f"_encode_{model.name}", "value: object", "str", body)

    # -------------------------------------------------------------- decoding

    def names_table(self, model: ModelDef, prefix: str, suffix: str) -> str:
        """A module-level frozenset of the member names an object holds."""
        key = (model.name, prefix, suffix)
        if key not in self.name_tables:
            table = f"_{model.name}_PROPERTIES"
            if prefix or suffix:
                table += f"_{len(self.name_tables) + 1}"
            names = [prefix + name + suffix for name in self.json_names(model)]
            text = ", ".join(string_literal(name) for name in names)
            self.values.tables.append(
                f"{table} = frozenset(({text},))"
                if names
                else f"{table}: frozenset[str] = frozenset()"
            )
            self.name_tables[key] = table
        return self.name_tables[key]

    def read_fields(self, model: ModelDef, prefix: str, suffix: str) -> list[str]:
        """Statements that leave each field's decoded value in a local variable."""
        values = self.values
        locals_ = values.local_names(model.fields)
        body: list[str] = []
        for item in model.fields:
            var = locals_[item.name]
            if item.any_properties:
                values.uses.add("_dynamic")
                known = self.names_table(model, prefix, suffix)
                body.append(f"{var} = _dynamic.read_members(data, {known})")
                continue
            if item.unwrapped is not None:
                body += self.flattened_read(item, var, prefix, suffix)
                continue
            default = implicit_default(item)
            if item.read_only:
                body.append(f"{var} = {self.literal(default, item.type)}")
                continue
            json_name = prefix + item.json_name + suffix
            key = string_literal(json_name)
            if item.raw:
                # Any JSON value, kept as its compact text; null stays None if allowed.
                values.uses.add("_dynamic")
                read = values.guarded(
                    "DecodeError", key, [f"{var} = _dynamic.read_raw({var})"]
                )
                checks = (
                    [f"if {var} is not None:", *indent(read)]
                    if isinstance(item.type, Nullable)
                    else read
                )
            else:
                checks = values.decode_value(item.type, var, key)
            checks += self.constraint_checks(item, var, key)
            if default is NOTHING:
                values.uses.add("missing_property")
                body += [
                    "try:",
                    f"{INDENT}{var} = data[{key}]",
                    "except KeyError:",
                    f"{INDENT}raise missing_property({key}) from None",
                    *checks,
                ]
            elif not is_plain_json(default) or (
                default is not None and _is_enum(item.type)
            ):
                # The default is not a plain JSON value (an enum member, a date), or must
                # be a fresh container for each object: set it only when the key is absent.
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
        return body

    def flattened_read(
        self, item: FieldDef, var: str, prefix: str, suffix: str
    ) -> list[str]:
        """Read an unwrapped child from the parent's members; it exists if any appears."""
        inner_prefix, inner_suffix = item.unwrapped or ("", "")
        ref = _unwrapped(item)
        function = self.flat_decoder(ref, prefix + inner_prefix, inner_suffix + suffix)
        lines = [f"{var} = {function}(data)"]
        if not isinstance(item.type, Nullable):
            self.values.uses.add("DecodeError")
            lines += [
                f"if {var} is None:",
                f"{INDENT}raise DecodeError(",
                INDENT * 2
                + string_literal(
                    f"missing the members of {item.name} (unwrapped {ref.name})"
                ),
                f"{INDENT})",
            ]
        return lines

    def flat_decoder(self, ref: ModelRef, prefix: str, suffix: str) -> str:
        """The function reading a flattened child from its parent's members, or None."""
        key = (ref.module, ref.name, prefix, suffix)
        if key in self.flat_decoders:
            return self.flat_decoders[key]
        name = f"_decode_{ref.name}_members_{len(self.flat_decoders) + 1}"
        self.flat_decoders[key] = name
        model = self.model(ref)
        table = self.names_table(model, prefix, suffix)
        child = self.values.qualified(ref.module, ref.name)
        body = [
            f"if {table}.isdisjoint(data):",
            f"{INDENT}return None",
            *self.read_fields(model, prefix, suffix),
            *self.construct(model, child),
        ]
        self.extra_functions.append(
            Function(name, "data: dict[str, Any]", f"{child} | None", body)
        )
        return name

    def construct(self, model: ModelDef, cls: str) -> list[str]:
        """Build the object from the locals, then run its validator."""
        locals_ = self.values.local_names(model.fields)
        if model.python is not None:
            # A bound class is built through its own constructor, by keyword.
            arguments = ", ".join(
                f"{item.name}={locals_[item.name]}" for item in model.fields
            )
            body = [f"result: {cls} = {cls}({arguments})"]
        else:
            self.values.uses.add("_new")
            body = [f"result: {cls} = _new({cls})"]
            body += [
                f"result.{item.name} = {locals_[item.name]}" for item in model.fields
            ]
        if model.validator is not None:
            alias = self.validator_alias(model)
            self.values.uses.add("DecodeError")
            body += [
                "try:",
                f"{INDENT}{alias}(result)",
                "except DecodeError:",
                f"{INDENT}raise",
                "except Exception as error:",
                f"{INDENT}raise DecodeError(",
                f"{INDENT * 2}f'rejected by {fstring_text(model.validator)}: {{error}}'",
                f"{INDENT}) from error",
            ]
        body.append("return result")
        return body

    def validator_alias(self, model: ModelDef) -> str:
        assert model.validator is not None
        alias = f"_validate_{model.name}"
        self.values.user_imports.add(import_line(model.validator, alias))
        return alias

    def decoder(self, model: ModelDef) -> Function:
        values = self.values
        if model.subtypes is not None:
            return self.base_decoder(model)
        if model.value_field is not None:
            values.uses.add("decode_mismatch")
            body = [
                "if type(data) is not str:",
                f'{INDENT}raise decode_mismatch(data, "a string")',
                f"{values.local_names(model.fields)[model.value_field]} = data",
                *self.construct(model, model.name),
            ]
            return Function(f"_decode_{model.name}", "data: object", model.name, body)
        values.uses.add("decode_mismatch")
        body = [
            "if type(data) is not dict:",
            f'{INDENT}raise decode_mismatch(data, "an object")',
            *self.read_fields(model, "", ""),
        ]
        catch_all = any(item.any_properties for item in model.fields)
        if model.unknown_properties is UnknownProperties.REJECT and not catch_all:
            values.uses.add("unknown_property")
            known = self.names_table(model, "", "")
            body += [
                f"if not {known}.issuperset(data):",
                f"{INDENT}raise unknown_property(data, {known})",
            ]
        body += self.construct(model, model.name)
        return Function(f"_decode_{model.name}", "data: object", model.name, body)

    def base_decoder(self, model: ModelDef) -> Function:
        """Read a subtype by the table's name: property, wrapper object or array."""
        subtypes = model.subtypes
        assert subtypes is not None
        values = self.values
        values.uses.update(("decode_mismatch", "DecodeError"))
        names = ", ".join(name for name, _ in subtypes.types)
        representation = subtypes.representation
        if representation == "property":
            key = string_literal(subtypes.property or "")
            body = [
                "if type(data) is not dict:",
                f'{INDENT}raise decode_mismatch(data, "an object")',
                f"name = data.get({key})",
            ]
            inner, segment = "data", None
        elif representation == "wrapper_object":
            body = [
                "if type(data) is not dict or len(data) != 1:",
                f'{INDENT}raise decode_mismatch(data, "an object with one member, the'
                ' subtype name")',
                "((name, inner),) = data.items()",
            ]
            inner, segment = "inner", "name"
        else:
            body = [
                "if type(data) is not list or len(data) != 2:",
                f'{INDENT}raise decode_mismatch(data, "an array of the subtype name and'
                ' the object")',
                "name, inner = data",
            ]
            inner, segment = "inner", "1"
        for json_name, subtype in subtypes.types:
            body.append(f"if name == {string_literal(json_name)}:")
            call = f"_decode_{subtype}({inner})"
            if segment is None:
                body.append(f"{INDENT}return {call}")
            else:
                body += indent(
                    values.guarded("DecodeError", segment, [f"return {call}"])
                )
        where = {
            "property": f".within({key})" if representation == "property" else ""
        }.get(representation, "")
        if representation == "property":
            body += [
                f"if name is None and {key} not in data:",
                f"{INDENT}raise DecodeError("
                f"{string_literal(f'missing the subtype property {subtypes.property}')})",
            ]
        elif representation == "wrapper_array":
            where = ".within(0)"
        expected = string_literal(f"a subtype name ({names})")
        unknown = fstring_text(f"; expected one of {names}")
        body += [
            "if type(name) is not str:",
            f"{INDENT}raise decode_mismatch(name, {expected}){where}",
            f"raise DecodeError(f'unknown subtype name {{name!r}}{unknown}'){where}",
        ]
        return Function(f"_decode_{model.name}", "data: object", model.name, body)

    def constraint_checks(self, item: FieldDef, var: str, key: str) -> list[str]:
        """Checks of a field's declared rules, after its value is decoded."""
        rules = item.constraints
        if rules is None:
            return []
        values = self.values
        values.uses.add("DecodeError")
        lines: list[str] = []
        target = item.type.inner if isinstance(item.type, Nullable) else item.type

        def fail(condition: str, value: str, words: str) -> None:
            # The message is an f-string: the value's expression, then literal words.
            text = "{" + value + "} " + fstring_text(words)
            lines.extend(
                [
                    f"if {condition}:",
                    f"{INDENT}raise DecodeError(f'{text}').within({key})",
                ]
            )

        def number(value: object) -> str:
            assert isinstance(value, Decimal)
            if isinstance(target, Scalar) and target.name == "decimal":
                values.stdlib_imports.add("from decimal import Decimal")
                return f"Decimal({string_literal(str(value))})"
            if value == value.to_integral_value() and not (
                isinstance(target, Scalar) and target.name in ("float", "float32")
            ):
                return str(int(value))
            return repr(float(value))

        for rule, operator, words in _COMPARISONS:
            bound = getattr(rules, rule)
            if bound is not None:
                values.uses.add("_numbers")
                fail(
                    f"not {var} {operator} {number(bound)}",
                    f"_numbers.number_text({var})",
                    f"{words} {bound}",
                )
        if rules.multiple_of is not None:
            values.uses.add("_numbers")
            fail(
                f"not _numbers.is_multiple({var}, {string_literal(str(rules.multiple_of))})",
                f"_numbers.number_text({var})",
                f"is not a multiple of {rules.multiple_of}",
            )
        if rules.min_length is not None:
            fail(
                f"len({var}) < {rules.min_length}",
                f"len({var})",
                f"is less than the minimum length {rules.min_length}",
            )
        if rules.max_length is not None:
            fail(
                f"len({var}) > {rules.max_length}",
                f"len({var})",
                f"is more than the maximum length {rules.max_length}",
            )
        if rules.unique:
            assert isinstance(target, ListOf | TupleOf)  # the schema checker's rule
            element = target.items[0] if isinstance(target, TupleOf) else target.item
            if needs_hash_guard(element):
                # Bound the work of the set below (see foryjson.hashing).
                values.uses.add("_hashing")
                lines.extend(
                    values.guarded(
                        "DecodeError", key, [f"_hashing.check_hashes({var})"]
                    )
                )
            fail(
                f"len(set({var})) != len({var})",
                f"_represent.safe_repr(_numbers.first_repeat({var}))",
                "appears more than once; each item may appear only once",
            )
            values.uses.update(("_numbers", "_represent"))
        if rules.pattern is not None:
            table = f"_PATTERN_{len(values.tables) + 1}"
            values.stdlib_imports.add("import re")
            values.tables.append(
                f"{table} = re.compile({string_literal(rules.pattern)})"
            )
            # The whole string must match, as Java's Pattern.matches and Bean
            # Validation's @Pattern: "$" alone would let "EUR\n" through.
            fail(
                f"{table}.fullmatch({var}) is None",
                f"{var}!r",
                f"does not match the pattern {rules.pattern}",
            )
        if isinstance(item.type, Nullable):
            return [f"if {var} is not None:", *indent(lines)]
        return lines

    # -------------------------------------------------------------- classes

    def class_code(self, model: ModelDef) -> ClassCode:
        values = self.values
        # A field named like an imported name (date: date) hides it inside the class
        # body: there, annotations and defaults spell such names by a module-level
        # alias (_date), which the module binds next to the import.
        values.hidden = frozenset(item.name for item in model.fields) & IMPORTED_NAMES
        try:
            return self._class_code(model)
        finally:
            values.hidden = frozenset()

    def _class_code(self, model: ModelDef) -> ClassCode:
        values = self.values
        params = []
        init_body = []
        for item in model.fields:
            annotation = values.annotation(item.type)
            base = item.type.inner if isinstance(item.type, Nullable) else item.type
            # Fresh containers per object, and members of other modules' enums (which
            # may still be importing when this class is defined), are set at call time.
            late = isinstance(item.default, list | dict | set) or (
                isinstance(base, EnumRef)
                and base.module != self.module.name
                and item.default is not None
            )
            if item.has_default and late:
                values.uses.add("MISSING")
                params.append(f"{item.name}: {annotation} = MISSING")
                empty = self.literal(item.default, item.type)
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
        annotations = [
            (item.name, values.annotation(item.type)) for item in model.fields
        ]
        long_ints = {item.name for item in model.fields if may_hold_long_int(item.type)}
        if long_ints:
            values.uses.add("_represent")
        return ClassCode(
            model=model,
            bases=f"({model.base})" if model.base else "",
            slots=[item.name for item in model.fields],
            annotations=annotations,
            init_params=params,
            init_body=init_body,
            eq_terms=[
                f"self.{item.name} == other.{item.name}" for item in model.fields
            ],
            repr_lines=repr_lines(model, long_ints),
            encoder=f"_encode_{model.name}",
            decoder=f"_decode_{model.name}",
            exact=self.needs_exact_numbers(ModelRef(self.module.name, model.name)),
        )

    def needs_exact_numbers(self, root: TypeRef) -> bool:
        """Whether a decimal is reachable from a type, so its documents are read exactly."""
        seen: set[ModelRef] = set()

        def reaches(type_ref: TypeRef) -> bool:
            if isinstance(type_ref, Scalar):
                return type_ref.name == "decimal"
            if isinstance(type_ref, Nullable):
                return reaches(type_ref.inner)
            if isinstance(type_ref, ListOf | SetOf):
                return reaches(type_ref.item)
            if isinstance(type_ref, TupleOf):
                return any(reaches(item) for item in type_ref.items)
            if isinstance(type_ref, DictOf):
                return reaches(type_ref.value)
            if isinstance(type_ref, EnumRef | Custom) or type_ref in seen:
                return False
            seen.add(type_ref)
            model = self.model(type_ref)
            if model.subtypes is not None:
                return any(
                    reaches(ModelRef(type_ref.module, name))
                    for _, name in model.subtypes.types
                )
            # Raw fields keep numbers' exact text too.
            return any(item.raw or reaches(item.type) for item in model.fields)

        return reaches(root)


# Each rule as the comparison that must hold: written negated, NaN fails every rule.
_COMPARISONS = (
    ("min", ">=", "is less than the minimum"),
    ("max", "<=", "is more than the maximum"),
    ("exclusive_min", ">", "is not more than the exclusive minimum"),
    ("exclusive_max", "<", "is not less than the exclusive maximum"),
)


def _unwrapped(item: FieldDef) -> ModelRef:
    target = item.type.inner if isinstance(item.type, Nullable) else item.type
    assert isinstance(target, ModelRef)
    return target


def _is_enum(type_ref: TypeRef) -> bool:
    return isinstance(
        type_ref.inner if isinstance(type_ref, Nullable) else type_ref, EnumRef
    )


def json_member_prefix(json_name: str) -> str:
    """The JSON text ``"name":`` for a property."""
    return json.dumps(json_name, ensure_ascii=False) + ":"


def repr_lines(model: ModelDef, long_ints: set[str]) -> list[str]:
    """``f"Name(a={self.a!r}, "`` ... ``f"z={self.z!r})"``: a repr split one field a line.

    Fields in ``long_ints`` may hold integers too long for CPython's ``repr``: they
    go through the runtime's ``safe_repr``.
    """
    fields = [
        (
            f"{item.name}={{_represent.safe_repr(self.{item.name})}}"
            if item.name in long_ints
            else f"{item.name}={{self.{item.name}!r}}"
        )
        for item in model.fields
    ]
    if not fields:
        return [f'"{model.name}()"']
    single = f'f"{model.name}(' + ", ".join(fields) + ')"'
    if len(single) <= 70 or len(fields) < 2:
        return [single]
    lines = [f'f"{model.name}({fields[0]}, "']
    lines += [f'f"{name}, "' for name in fields[1:-1]]
    lines.append(f'f"{fields[-1]})"')
    return lines


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
