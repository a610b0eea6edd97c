"""From schema files to the validated IR.

Loading happens in two passes over all files: the first collects every declared enum and
model so that references across files (``common.Address``) and recursion resolve; the
second builds and checks each model. Every mistake is a ``SchemaError`` with the location
of the node at fault.
"""

from __future__ import annotations

import keyword
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from . import naming, typeexpr
from .ir import (
    INTEGER_RANGES,
    NO_DEFAULT,
    SCALARS,
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
from .source import Location, Node, SchemaError, load, suggest

_MODULE_KEYS = ("doc", "options", "enums", "models")
_OPTION_KEYS = ("naming", "include", "unknown_properties")
_MODEL_KEYS = ("doc", "fields", "order", *_OPTION_KEYS)
_FIELD_KEYS = ("type", "json", "default", "include", "doc")
_TYPE_NAME = re.compile(r"[A-Z][A-Za-z0-9]*\Z")
_RESERVED_ATTRIBUTES = frozenset({"to_json", "to_json_bytes", "from_json"})
_RESERVED_MODULE_NAMES = frozenset({"CODECS"})


@dataclass(frozen=True)
class SchemaFile:
    """One schema file to load: where it is and the module it becomes."""

    path: Path
    module: str
    """Dotted module path relative to the output folder."""
    display: str
    """How messages and the generated header name the file."""


@dataclass(frozen=True)
class _Options:
    naming: str = "identity"
    include: Include = Include.NON_NULL
    unknown_properties: UnknownProperties = UnknownProperties.IGNORE


@dataclass(frozen=True)
class _Declared:
    """A name declared in a file; enums are complete after the first pass."""

    node: Node
    enum: EnumDef | None = None


def load_modules(files: Sequence[SchemaFile]) -> list[ModuleDef]:
    """Load, resolve and validate schema files; raises ``SchemaError`` on the first mistake."""
    roots = [(file, load(file.path, file.display)) for file in files]
    declared: dict[str, dict[str, _Declared]] = {}
    for file, root in roots:
        declared[file.module] = _collect_declarations(root)
    modules = [_build_module(file, root, declared) for file, root in roots]
    _check_required_cycles(modules)
    return modules


def _collect_declarations(root: Node) -> dict[str, _Declared]:
    entries = root.mapping("a schema file", _MODULE_KEYS)
    names: dict[str, _Declared] = {}
    for section, kind in (("enums", "enum"), ("models", "model")):
        if section not in entries:
            continue
        for name, key, value in entries[section][1].items(section):
            if not _TYPE_NAME.match(name) or name in _RESERVED_MODULE_NAMES:
                raise key.error(
                    f"{kind} name '{name}' must start with an upper-case letter and hold only"
                    " letters and digits"
                )
            if name in names:
                raise key.error(f"'{name}' is declared twice in this file")
            names[name] = _Declared(
                key, _build_enum(name, key, value) if kind == "enum" else None
            )
    return names


def _build_module(
    file: SchemaFile, root: Node, declared: dict[str, dict[str, _Declared]]
) -> ModuleDef:
    entries = root.mapping("a schema file", _MODULE_KEYS)
    doc = entries["doc"][1].text("doc") if "doc" in entries else None
    options = (
        _read_options(entries["options"][1], _Options(), "options")
        if "options" in entries
        else _Options()
    )
    resolver = _Resolver(file.module, declared)
    enums = [
        item.enum for item in declared[file.module].values() if item.enum is not None
    ]
    models: list[ModelDef] = []
    if "models" in entries:
        for name, key, value in entries["models"][1].items("models"):
            models.append(_build_model(name, key, value, options, resolver))
    return ModuleDef(
        name=file.module,
        source=file.display,
        doc=doc,
        enums=tuple(enums),
        models=tuple(models),
        imports=tuple(sorted(resolver.used_modules)),
    )


def _read_options(node: Node, inherited: _Options, what: str) -> _Options:
    entries = node.mapping(what, _OPTION_KEYS)
    return _options_from(entries, inherited)


def _options_from(
    entries: dict[str, tuple[Node, Node]], inherited: _Options
) -> _Options:
    result = inherited
    if "naming" in entries:
        node = entries["naming"][1]
        value = node.text("naming")
        if value not in naming.STRATEGIES:
            raise node.error(
                f"unknown naming strategy '{value}'{suggest(value, naming.STRATEGIES)};"
                f" choose one of {', '.join(naming.STRATEGIES)}"
            )
        result = _Options(value, result.include, result.unknown_properties)
    if "include" in entries:
        result = _Options(
            result.naming,
            _read_include(entries["include"][1]),
            result.unknown_properties,
        )
    if "unknown_properties" in entries:
        node = entries["unknown_properties"][1]
        value = node.text("unknown_properties")
        choices = [policy.value for policy in UnknownProperties]
        if value not in choices:
            raise node.error(
                f"unknown_properties must be one of {', '.join(choices)}, not '{value}'"
                + suggest(value, choices)
            )
        result = _Options(result.naming, result.include, UnknownProperties(value))
    return result


def _read_include(node: Node) -> Include:
    value = node.text("include")
    choices = [policy.value for policy in Include]
    if value not in choices:
        raise node.error(
            f"include must be one of {', '.join(choices)}, not '{value}'{suggest(value, choices)}"
        )
    return Include(value)


def _build_enum(name: str, key: Node, value: Node) -> EnumDef:
    doc = None
    values_node = value
    if value.is_mapping:
        entries = value.mapping(f"enum {name}", ("values", "doc"))
        if "values" not in entries:
            raise value.error(f"enum {name} needs 'values'")
        values_node = entries["values"][1]
        doc = entries["doc"][1].text("doc") if "doc" in entries else None
    members: list[str] = []
    for member_node in values_node.sequence(f"the values of enum {name}"):
        member = member_node.text(f"a value of enum {name}")
        if (
            not member.isidentifier()
            or keyword.iskeyword(member)
            or member.startswith("_")
        ):
            raise member_node.error(
                f"enum value '{member}' must be a Python identifier that does not start with '_'"
            )
        if member in members:
            raise member_node.error(f"enum value '{member}' appears twice in {name}")
        members.append(member)
    if not members:
        raise values_node.error(f"enum {name} needs at least one value")
    return EnumDef(name, tuple(members), doc, key.location)


class _Resolver:
    """Turns parsed type expressions into IR types, from the point of view of one module."""

    def __init__(self, module: str, declared: dict[str, dict[str, _Declared]]) -> None:
        self.module = module
        self.declared = declared
        self.used_modules: set[str] = set()

    def resolve(self, node: Node) -> TypeRef:
        text = node.text("a type")
        try:
            expression = typeexpr.parse(text)
        except typeexpr.TypeSyntaxError as error:
            raise SchemaError(_shift(node.location, error.offset), str(error)) from None
        return self._resolve(expression, node)

    def _resolve(self, expression: typeexpr.TypeExpr, node: Node) -> TypeRef:
        if isinstance(expression, typeexpr.Optional):
            return Nullable(self._resolve(expression.inner, node))
        if isinstance(expression, typeexpr.Generic):
            arguments = [
                self._resolve(argument, node) for argument in expression.arguments
            ]
            if expression.constructor == "list":
                return ListOf(arguments[0])
            if arguments[0] != Scalar("str"):
                raise node.error(
                    f"dict keys must be str, not {spell(arguments[0], self.module)}"
                )
            return DictOf(arguments[1])
        return self._resolve_name(expression.name, node)

    def _resolve_name(self, name: str, node: Node) -> TypeRef:
        if name in SCALARS:
            return Scalar(name)
        module, _, local = name.rpartition(".")
        module = module or self.module
        if module not in self.declared:
            raise node.error(
                f"unknown module '{module}' in type '{name}'{suggest(module, self.declared)}"
            )
        declaration = self.declared[module].get(local)
        if declaration is None:
            candidates = list(self.declared[module])
            if module == self.module:
                candidates += sorted(SCALARS) + list(typeexpr.ARITY)
            where = "" if module == self.module else f" in module '{module}'"
            raise node.error(
                f"unknown type '{local}'{where}{suggest(local, candidates)}"
            )
        if module != self.module:
            self.used_modules.add(module)
        if declaration.enum is not None:
            return EnumRef(module, local)
        return ModelRef(module, local)

    def enum_members(self, target: EnumRef) -> tuple[str, ...]:
        enum = self.declared[target.module][target.name].enum
        assert enum is not None
        return enum.members


def _shift(location: Location, offset: int) -> Location:
    return Location(location.file, location.line, location.column + offset)


def _build_model(
    name: str, key: Node, node: Node, module_options: _Options, resolver: _Resolver
) -> ModelDef:
    entries = node.mapping(f"model {name}", _MODEL_KEYS)
    options = _options_from(entries, module_options)
    doc = entries["doc"][1].text("doc") if "doc" in entries else None
    if "fields" not in entries:
        raise node.error(f"model {name} needs 'fields'")
    fields: list[FieldDef] = []
    json_names: dict[str, FieldDef] = {}
    for field_name, field_key, field_node in entries["fields"][1].items(
        f"the fields of {name}"
    ):
        field = _build_field(field_name, field_key, field_node, options, resolver)
        if field.json_name in json_names:
            raise field_key.error(
                f"JSON name '{field.json_name}' of field '{field_name}' is already used by"
                f" field '{json_names[field.json_name].name}' of {name}"
            )
        json_names[field.json_name] = field
        fields.append(field)
    write_order = _write_order(name, fields, entries.get("order"))
    return ModelDef(
        name=name,
        fields=tuple(fields),
        write_order=write_order,
        unknown_properties=options.unknown_properties,
        doc=doc,
        location=key.location,
    )


def _write_order(
    model: str, fields: list[FieldDef], order_entry: tuple[Node, Node] | None
) -> tuple[FieldDef, ...]:
    if order_entry is None:
        return tuple(fields)
    by_name = {field.name: field for field in fields}
    listed: list[FieldDef] = []
    for item in order_entry[1].sequence(f"the order of {model}"):
        field_name = item.text("an order entry")
        if field_name not in by_name:
            raise item.error(
                f"order names '{field_name}', which is not a field of {model}"
                + suggest(field_name, by_name)
            )
        if by_name[field_name] in listed:
            raise item.error(f"order names '{field_name}' twice")
        listed.append(by_name[field_name])
    return (*listed, *(field for field in fields if field not in listed))


def _build_field(
    name: str, key: Node, node: Node, options: _Options, resolver: _Resolver
) -> FieldDef:
    if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
        raise key.error(
            f"field name '{name}' must be a Python identifier that does not start with '_';"
            " use 'json:' to choose any JSON name"
        )
    if name in _RESERVED_ATTRIBUTES:
        raise key.error(
            f"field name '{name}' is taken by a generated method; rename it and set 'json: {name}'"
        )
    if not node.is_mapping:
        return FieldDef(
            name=name,
            json_name=naming.apply(options.naming, name),
            type=resolver.resolve(node),
            include=options.include,
            default=NO_DEFAULT,
            doc=None,
            location=key.location,
        )
    entries = node.mapping(f"field {name}", _FIELD_KEYS)
    if "type" not in entries:
        raise node.error(f"field {name} needs 'type'")
    type_ref = resolver.resolve(entries["type"][1])
    json_name = naming.apply(options.naming, name)
    if "json" in entries:
        json_name = entries["json"][1].text("json")
        if not json_name:
            raise entries["json"][1].error("json must not be empty")
    default: object = NO_DEFAULT
    if "default" in entries:
        default_node = entries["default"][1]
        default = _read_default(default_node, type_ref, resolver)
    return FieldDef(
        name=name,
        json_name=json_name,
        type=type_ref,
        include=(
            _read_include(entries["include"][1])
            if "include" in entries
            else options.include
        ),
        default=default,
        doc=entries["doc"][1].text("doc") if "doc" in entries else None,
        location=key.location,
    )


def _read_default(node: Node, type_ref: TypeRef, resolver: _Resolver) -> object:
    """Check a default value against its type; returns it as plain data."""
    if node.is_mapping or node.is_sequence:
        if (
            isinstance(type_ref, ListOf)
            and node.is_sequence
            and not node.sequence("a default")
        ):
            return []
        if (
            isinstance(type_ref, DictOf)
            and node.is_mapping
            and not list(node.items("a default"))
        ):
            return {}
        raise node.error("a container default must be empty: write [] or {}")
    value = node.scalar()
    described = spell(type_ref, resolver.module)
    if value is None:
        if isinstance(type_ref, Nullable):
            return None
        raise node.error(f"default null does not fit the non-nullable type {described}")
    target = type_ref.inner if isinstance(type_ref, Nullable) else type_ref
    if isinstance(target, Scalar):
        if target.name == "bool" and isinstance(value, bool):
            return value
        if target.name == "str" and isinstance(value, str):
            return value
        if (
            target.name == "float"
            and isinstance(value, int | float)
            and not isinstance(value, bool)
        ):
            if isinstance(value, float) and not math.isfinite(value):
                raise node.error("a float default must be finite")
            return float(value)
        if isinstance(value, int) and not isinstance(value, bool):
            if target.name == "int":
                return value
            if target.name in INTEGER_RANGES:
                low, high = INTEGER_RANGES[target.name]
                if low <= value <= high:
                    return value
                raise node.error(f"default {value} is out of range for {target.name}")
    elif isinstance(target, EnumRef) and isinstance(value, str):
        members = resolver.enum_members(target)
        if value in members:
            return value
        raise node.error(
            f"default '{value}' is not a value of {target.name}{suggest(value, members)}"
        )
    raise node.error(f"default {value!r} does not fit the type {described}")


def _check_required_cycles(modules: list[ModuleDef]) -> None:
    """Reject models that need themselves: a chain of required model fields with no way out."""
    models = {
        (module.name, model.name): model
        for module in modules
        for model in module.models
    }
    state: dict[tuple[str, str], str] = {}

    def visit(key: tuple[str, str], trail: list[FieldDef]) -> None:
        state[key] = "active"
        for field in models[key].fields:
            if not field.required or not isinstance(field.type, ModelRef):
                continue
            target = (field.type.module, field.type.name)
            if state.get(target) == "active":
                chain = " -> ".join(f"{item.name}" for item in [*trail, field])
                raise SchemaError(
                    field.location,
                    f"model {key[1]} can never be built: the required field chain {chain}"
                    f" leads back to {target[1]}; make a field on the cycle nullable"
                    " (add '?') or give it a default",
                )
            if target not in state:
                visit(target, [*trail, field])
        state[key] = "done"

    for key in sorted(models):
        if key not in state:
            visit(key, [])
