"""From schema files to the validated IR.

Loading happens in passes over all files: the first collects every declared enum and
model so that references across files (``common.Address``) and recursion resolve; the
second finds who derives from whom (``extends`` and subtype tables), since options
inherit; the third builds and checks each model, and the last hands down inherited
fields (see ``inheritance``). Every mistake is a ``SchemaError`` with the location
of the node at fault.
"""

from __future__ import annotations

import builtins
import keyword
import math
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from .. import binary, decimals, identifiers, numbers, temporal
from ..errors import DecodeError
from ..limits import MAX_DEPTH_CEILING
from ..numbers import INTEGER_RANGES
from . import inheritance, naming, objects, spellings, typeexpr
from .ir import (
    BYTE_FORMATS,
    DECIMAL_FORMATS,
    EPOCH_FORMATS,
    JAVA_TIMES,
    KEY_SCALARS,
    NANO_TYPES,
    NANOS_CHOICES,
    NO_DEFAULT,
    PATTERN_TYPES,
    SCALARS,
    TEMPORALS,
    Custom,
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
    RootDef,
    Scalar,
    SetOf,
    TupleOf,
    TypeRef,
    UnknownProperties,
    spell,
)
from .patterns import PatternError, plan_pattern
from .scalars import MODULE_LEVEL_NAMES
from .source import Node, SchemaError, load, suggest

_MODULE_KEYS = ("doc", "options", "limits", "enums", "models", "roots")
_ROOT_KEYS = ("type", "format", "float_style", "doc")
_LIMIT_KEYS = ("max_depth", "max_input_bytes", "max_graph_bytes")
_OPTION_KEYS = (
    "naming",
    "include",
    "unknown_properties",
    "byte_array_format",
    "float_style",
    "nanos",
)
#: How floats are spelled: as Python's repr, or as Java's Double/Float.toString.
FLOAT_STYLES = ("python", "java")
_MODEL_KEYS = (
    "doc",
    "fields",
    "order",
    "extends",
    "subtypes",
    "validator",
    "value",
    "python",
    "frozen",
    *_OPTION_KEYS,
)
_FIELD_KEYS = (
    "type",
    "json",
    "default",
    "include",
    "format",
    "doc",
    "read_only",
    "write_only",
    "raw",
    "unwrapped",
    "any_properties",
    "constraints",
    "codec",
    "float_style",
    "nanos",
)
_TYPE_NAME = re.compile(r"[A-Z][A-Za-z0-9]*\Z")
_RESERVED_ATTRIBUTES = {
    "to_json": "is taken by a generated method",
    "to_json_bytes": "is taken by a generated method",
    "from_json": "is taken by a generated method",
    "replace": "is taken by a generated method",
    "to_builtins": "is taken by a generated method",
    "from_builtins": "is taken by a generated method",
    "validate": "is taken by a generated method",
    "self": "is the first parameter of the generated methods",
    "MISSING": "marks the fields replace() leaves as they are",
    "fresh": "makes the defaults made afresh for each object",
    **{name: "reads like a digit (PEP 8, ruff E741)" for name in ("l", "O", "I")},
    **{
        name: "is a built-in type that generated classes name in their annotations"
        for name in (
            *("str", "bytes", "bytearray", "memoryview", "bool", "object"),
            *("int", "float", "list", "dict", "set", "tuple"),
        )
    },
}
# Names a generated module defines or may import, so no enum or model may take them.
_RESERVED_TYPE_NAMES = frozenset(
    {name for name in MODULE_LEVEL_NAMES if name[:1].isupper()}
    # Builtins generated code uses by name (KeyError, ValueError, None, ...).
    | {name for name in dir(builtins) if name[:1].isupper()}
)
_BUILTIN_TYPES = sorted(
    SCALARS, key=lambda name: (name.rstrip("0123456789"), len(name), name)
)


@dataclass(frozen=True)
class SchemaFile:
    """One schema file to load: where it is and the module it becomes."""

    path: Path
    module: str
    """Dotted module path relative to the output folder."""
    display: str
    """How messages name the file: as the command line did."""
    source: str
    """How the generated header names the file, the same from any folder."""


@dataclass(frozen=True)
class _Options:
    naming: str = "identity"
    include: Include = Include.NON_NULL
    unknown_properties: UnknownProperties = UnknownProperties.IGNORE
    byte_array_format: str = "base64"
    float_style: str = "python"
    nanos: str = "reject"


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
    lineage = inheritance.Lineage()
    models: dict[ModelRef, dict[str, tuple[Node, Node]]] = {}
    for file, root in roots:
        models.update(_read_lineage(file.module, root, declared, lineage))
    modules = [
        _build_module(file, root, declared, _Ancestry(lineage, models))
        for file, root in roots
    ]
    modules = inheritance.apply(modules, lineage)
    _check_required_cycles(modules)
    objects.check_flattened_names(modules)
    inheritance.check_discriminators(modules, lineage)
    objects.check_frozen(modules)
    return modules


def _collect_declarations(root: Node) -> dict[str, _Declared]:
    entries = root.mapping("a schema file", _MODULE_KEYS)
    names: dict[str, _Declared] = {}
    for section, kind in (("enums", "enum"), ("models", "model")):
        if section not in entries:
            continue
        for name, key, value in entries[section][1].items(section):
            if not _TYPE_NAME.match(name):
                # "qty: int" among the models is most often a field indented too little.
                field_like = section == "models" and not value.is_mapping
                raise key.error(
                    f"{kind} name '{name}' must start with an upper-case letter and hold"
                    " only letters and digits, as in PascalCase"
                    + (
                        f"; if '{name}' is a field, indent it under its model's"
                        " 'fields:'"
                        if field_like
                        else ""
                    )
                )
            if name in _RESERVED_TYPE_NAMES:
                raise key.error(
                    f"{kind} name '{name}' is taken by a name generated modules define"
                    " or import; choose another name"
                )
            if name in names:
                raise key.error(f"'{name}' is declared twice in this file")
            names[name] = _Declared(
                key, _build_enum(name, key, value) if kind == "enum" else None
            )
    return names


def _read_lineage(
    module: str,
    root: Node,
    declared: dict[str, dict[str, _Declared]],
    lineage: inheritance.Lineage,
) -> dict[ModelRef, dict[str, tuple[Node, Node]]]:
    """Note each model's parent in ``lineage``; return the models' entries by name."""
    entries = root.mapping("a schema file", _MODULE_KEYS)
    if "models" not in entries:
        return {}
    resolver = _Resolver(module, declared)
    result = {}
    for name, _, value in entries["models"][1].items("models"):
        ref = ModelRef(module, name)
        model = _model_entries(value, name)
        result[ref] = model
        if "order" in model:
            lineage.orders[ref] = model["order"][1]
        if "frozen" in model:
            lineage.frozen[ref] = model["frozen"][1]
        if "extends" in model:
            node = model["extends"][1]
            parent = resolver.resolve(node)
            if not isinstance(parent, ModelRef):
                raise node.error(
                    f"{name} extends {spell(parent, module)}; a model extends a model"
                )
            if parent == ref:
                raise node.error(f"{name} cannot extend itself")
            lineage.add_extends(ref, parent, node)
        if "subtypes" in model:
            subtypes = objects.read_subtypes(model["subtypes"][1], name)
            lineage.add_table(
                ref, model["subtypes"][1], [member for _, member in subtypes.types]
            )
    return result


@dataclass(frozen=True)
class _Ancestry:
    """What a model inherits its options from: its ancestors' own entries."""

    lineage: inheritance.Lineage
    models: dict[ModelRef, dict[str, tuple[Node, Node]]]

    def options(self, model: ModelRef, file_options: _Options) -> _Options:
        """The file's options, then each ancestor's from the farthest, then the model's."""
        result = file_options
        for ancestor in reversed(self.lineage.ancestors(model)):
            result = _options_from(self.models[ancestor], result)
        return _options_from(self.models[model], result)


def _build_module(
    file: SchemaFile,
    root: Node,
    declared: dict[str, dict[str, _Declared]],
    ancestry: _Ancestry,
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
    subtype_nodes: dict[str, Node] = {}
    if "models" in entries:
        for name, key, value in entries["models"][1].items("models"):
            ref = ModelRef(file.module, name)
            model_options = ancestry.options(ref, options)
            derived = ref in ancestry.lineage.parents
            models.append(
                _build_model(
                    name,
                    key,
                    value,
                    ancestry.models[ref],
                    model_options,
                    resolver,
                    derived,
                )
            )
            if models[-1].subtypes is not None:
                subtype_nodes[name] = ancestry.lineage.tables[ref]
    # Roots resolve their types before the imports they may add are read.
    roots = (
        _build_roots(entries["roots"][1], options, resolver, declared[file.module])
        if "roots" in entries
        else ()
    )
    module = ModuleDef(
        name=file.module,
        source=file.source,
        doc=doc,
        enums=tuple(enums),
        models=tuple(models),
        imports=tuple(sorted(resolver.used_modules)),
        limits=_read_limits(entries["limits"][1]) if "limits" in entries else (),
        roots=roots,
        written=_written_file(root),
    )
    objects.check_subtypes(module, subtype_nodes)
    return module


def _written_file(root: Node) -> dict[str, object]:
    data = root.data()
    assert isinstance(data, dict)
    return data


def _build_roots(
    node: Node, options: _Options, resolver: _Resolver, declared: dict[str, _Declared]
) -> tuple[RootDef, ...]:
    """The module's ``roots``: names for the root types it wants codecs of."""
    roots: list[RootDef] = []
    by_type: dict[TypeRef, str] = {}
    for name, key, value in node.items("roots"):
        if not _TYPE_NAME.match(name):
            raise key.error(
                f"root name '{name}' must start with an upper-case letter and hold"
                " only letters and digits, as in PascalCase"
            )
        if name in _RESERVED_TYPE_NAMES:
            raise key.error(
                f"root name '{name}' is taken by a name generated modules define"
                " or import; choose another name"
            )
        if name in declared:
            raise key.error(
                f"root name '{name}' is taken by an enum or model of this file;"
                " choose another name"
            )
        if value.is_null:
            raise value.error(f"root {name} needs a type, as in '{name}: list[str]'")
        doc = None
        float_style = options.float_style
        if value.is_mapping:
            entries = value.mapping(f"root {name}", _ROOT_KEYS)
            if "type" not in entries:
                raise value.error(f"root {name} needs 'type'")
            type_node = entries["type"][1]
            type_ref = resolver.resolve(type_node)
            if "format" in entries:
                type_ref = _with_format(type_ref, entries["format"][1], resolver.module)
            if "float_style" in entries:
                float_style = _read_float_style(entries["float_style"][1])
            doc = entries["doc"][1].text("doc") if "doc" in entries else None
        else:
            type_node = value
            type_ref = resolver.resolve(value)
        if isinstance(type_ref, Nullable) and isinstance(type_ref.inner, Nullable):
            raise value.error(f"root {name} is nullable twice")
        type_ref = _with_byte_format(type_ref, options.byte_array_format)
        type_ref = _with_float_style(type_ref, float_style)
        if type_ref in by_type:
            raise key.error(
                f"root {name} has the type of root {by_type[type_ref]}"
                f" ({spell(type_ref, resolver.module)}); declare each root type once"
            )
        by_type[type_ref] = name
        roots.append(
            RootDef(name, type_ref, type_node.text("a type"), doc, key.location)
        )
    return tuple(roots)


def _read_limits(node: Node) -> tuple[tuple[str, int], ...]:
    """The module's ``limits``: positive integers, in the order of ``_LIMIT_KEYS``."""
    entries = node.mapping("limits", _LIMIT_KEYS)
    result = []
    for name in _LIMIT_KEYS:
        if name in entries:
            value_node = entries[name][1]
            value = value_node.scalar()
            if type(value) is not int or value <= 0:
                raise value_node.error(
                    f"{name} must be a positive integer, not {value_node.written}"
                )
            if name == "max_depth" and value > MAX_DEPTH_CEILING:
                raise value_node.error(
                    f"max_depth must be at most {MAX_DEPTH_CEILING},"
                    f" not {value_node.written}"
                )
            result.append((name, value))
    return tuple(result)


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
        result = replace(result, naming=value)
    if "include" in entries:
        result = replace(result, include=_read_include(entries["include"][1]))
    if "byte_array_format" in entries:
        node = entries["byte_array_format"][1]
        value = node.text("byte_array_format")
        if value not in BYTE_FORMATS:
            raise node.error(
                f"unknown byte_array_format '{value}'{suggest(value, BYTE_FORMATS)};"
                f" choose one of {', '.join(BYTE_FORMATS)}"
            )
        result = replace(result, byte_array_format=value)
    if "float_style" in entries:
        result = replace(
            result, float_style=_read_float_style(entries["float_style"][1])
        )
    if "nanos" in entries:
        result = replace(result, nanos=_read_nanos(entries["nanos"][1]))
    if "unknown_properties" in entries:
        node = entries["unknown_properties"][1]
        value = node.text("unknown_properties")
        choices = [policy.value for policy in UnknownProperties]
        if value not in choices:
            raise node.error(
                f"unknown_properties must be one of {', '.join(choices)}, not '{value}'"
                + suggest(value, choices)
            )
        result = replace(result, unknown_properties=UnknownProperties(value))
    return result


def _read_float_style(node: Node) -> str:
    value = node.text("float_style")
    if value not in FLOAT_STYLES:
        raise node.error(
            f"float_style must be one of {', '.join(FLOAT_STYLES)}, not '{value}'"
            + suggest(value, FLOAT_STYLES)
        )
    return value


def _read_nanos(node: Node) -> str:
    value = node.text("nanos")
    if value not in NANOS_CHOICES:
        raise node.error(
            f"nanos must be one of {', '.join(NANOS_CHOICES)}, not '{value}'"
            + suggest(value, NANOS_CHOICES)
        )
    return value


def _read_include(node: Node) -> Include:
    value = node.text("include")
    choices = [policy.value for policy in Include]
    if value not in choices:
        raise node.error(
            f"include must be one of {', '.join(choices)}, not '{value}'{suggest(value, choices)}"
        )
    return Include(value)


def field_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a field name, if it cannot."""
    return _identifier_problem(name) or _RESERVED_ATTRIBUTES.get(name)


def enum_value_problem(value: str) -> str | None:
    """Why ``value`` cannot be an enum value (also a Python member name), if it cannot."""
    return _identifier_problem(value) or (
        "is taken by enum.Enum" if value == "mro" else None
    )


def type_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be the name of an enum, model or root, if it cannot."""
    if not _TYPE_NAME.match(name):
        return "is not PascalCase"
    if name in _RESERVED_TYPE_NAMES:
        return "is taken by generated modules"
    return None


def _identifier_problem(name: str) -> str | None:
    """Why ``name`` cannot be a Python attribute of generated code, if it cannot."""
    if not name.isidentifier():
        return "is not a Python identifier"
    if keyword.iskeyword(name):
        return "is a Python keyword"
    if name.startswith("_"):
        return "starts with '_', which generated code keeps for itself"
    normal = unicodedata.normalize("NFKC", name)
    if normal != name:
        return f"is read by Python as '{normal}' (NFKC); write it that way"
    return None


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
        problem = enum_value_problem(member)
        if problem:
            raise member_node.error(
                f"enum value '{member}' {problem}; enum values are also the names of"
                " the Python members"
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
            raise SchemaError(node.at(error.offset), str(error)) from None
        return self._resolve(expression, node)

    def _resolve(self, expression: typeexpr.TypeExpr, node: Node) -> TypeRef:
        if isinstance(expression, typeexpr.Optional):
            return Nullable(self._resolve(expression.inner, node))
        if isinstance(expression, typeexpr.Generic):
            arguments = [
                self._resolve(argument, node) for argument in expression.arguments
            ]
            first = arguments[0]
            if expression.constructor == "list":
                return ListOf(first)
            if expression.constructor == "tuple":
                if arguments[-1] == _ELLIPSIS:
                    return TupleOf((first,), variadic=True)
                return TupleOf(tuple(arguments))
            if expression.constructor == "set":
                if not objects.hashable(first):
                    raise SchemaError(
                        node.at(expression.arguments[0].offset),
                        f"set elements must be hashable values, not"
                        f" {spell(first, self.module)}; use a list instead",
                    )
                return SetOf(first)
            if not (
                isinstance(first, EnumRef)
                or (isinstance(first, Scalar) and first.name in KEY_SCALARS)
            ):
                raise SchemaError(
                    node.at(expression.arguments[0].offset),
                    f"dict keys must be str, an integer type, uuid or an enum, not"
                    f" {spell(first, self.module)}, because JSON object keys are strings",
                )
            return DictOf(first, arguments[1])
        if expression.name == typeexpr.ELLIPSIS:
            return _ELLIPSIS
        return self._resolve_name(expression, node)

    def _resolve_name(self, expression: typeexpr.Named, node: Node) -> TypeRef:
        name = expression.name
        if name in SCALARS:
            return Scalar(name)
        module, _, local = name.rpartition(".")
        module = module or self.module
        if module not in self.declared:
            raise SchemaError(
                node.at(expression.offset),
                f"unknown module '{module}' in type '{name}'"
                f"{suggest(module, self.declared)}; the schema files make the modules"
                f" {', '.join(sorted(self.declared))}",
            )
        declaration = self.declared[module].get(local)
        if declaration is None:
            raise SchemaError(
                node.at(expression.offset + len(name) - len(local)),
                self._unknown_type(module, local),
            )
        if module != self.module:
            self.used_modules.add(module)
        if declaration.enum is not None:
            return EnumRef(module, local)
        return ModelRef(module, local)

    def _unknown_type(self, module: str, name: str) -> str:
        declared = sorted(self.declared[module])
        if module != self.module:
            return f"unknown type '{name}' in module '{module}'" + (
                suggest(name, declared)
                or f"; it declares {', '.join(declared) or 'no enums or models'}"
            )
        foreign = spellings.meant(name)
        if foreign is not None:
            return f"unknown type '{name}'; {foreign}"
        elsewhere = sorted(
            other for other, names in self.declared.items() if name in names
        )
        if elsewhere:
            return (
                f"unknown type '{name}' in this file; did you mean"
                f" '{elsewhere[0]}.{name}'? Types of another file take its module name"
            )
        return f"unknown type '{name}'" + (
            suggest(name, [*declared, *_BUILTIN_TYPES, *typeexpr.ARITY])
            or f"; use a built-in type ({', '.join(_BUILTIN_TYPES)}, list[T], set[T],"
            " tuple[A, B], tuple[T, ...], dict[K, V]), an enum or model of this file,"
            " or module.Name for one"
            " of another schema file"
        )

    def enum_members(self, target: EnumRef) -> tuple[str, ...]:
        enum = self.declared[target.module][target.name].enum
        assert enum is not None
        return enum.members


# Marks the "..." of tuple[T, ...] while arguments are resolved.
_ELLIPSIS = Scalar(typeexpr.ELLIPSIS)


def _model_entries(node: Node, name: str) -> dict[str, tuple[Node, Node]]:
    """A model's keys; a field written among them is told where fields go."""
    if node.is_mapping:
        keys = {key_name for key_name, _, _ in node.items(f"model {name}")}
        for key_name, key, _ in node.items(f"model {name}"):
            if key_name in _MODEL_KEYS or suggest(key_name, _MODEL_KEYS):
                continue
            where = (
                "indent it one level deeper, under 'fields:'"
                if "fields" in keys
                else f"a model's fields go under 'fields:' (fields: {{{key_name}: ...}})"
            )
            raise key.error(
                f"unknown key '{key_name}' in model {name}; if it is a field, {where}"
            )
    return node.mapping(f"model {name}", _MODEL_KEYS)


def _build_model(
    name: str,
    key: Node,
    node: Node,
    entries: dict[str, tuple[Node, Node]],
    options: _Options,
    resolver: _Resolver,
    derived: bool = False,
) -> ModelDef:
    """A model with its own fields, from its ``entries`` (read by ``_read_lineage``);
    ``options`` hold what it inherits and sets, and a ``derived`` model's ``order``
    waits for its inherited fields."""
    doc = entries["doc"][1].text("doc") if "doc" in entries else None
    subtypes = None
    if "subtypes" in entries:
        subtypes = objects.read_subtypes(entries["subtypes"][1], name)
        for key_name in ("value", "python"):
            if key_name in entries:
                raise entries[key_name][0].error(
                    f"a model with subtypes is abstract, so it takes no '{key_name}'"
                )
    elif "fields" not in entries and "extends" not in entries:
        raise node.error(f"model {name} needs 'fields'")
    if "python" in entries and "frozen" in entries:
        raise entries["frozen"][0].error(
            f"{name} is bound to an existing class, so the class decides whether it"
            " is frozen; leave out 'frozen'"
        )
    fields: list[FieldDef] = []
    json_names: dict[str, FieldDef] = {}
    field_entries = (
        entries["fields"][1].items(f"the fields of {name}")
        if "fields" in entries
        else iter(())
    )
    for field_name, field_key, field_node in field_entries:
        field = _build_field(field_name, field_key, field_node, options, resolver)
        if field.json_name in json_names:
            strategy = (
                f" (naming: {options.naming})" if options.naming != "identity" else ""
            )
            raise field_key.error(
                f"fields '{json_names[field.json_name].name}' and '{field_name}' of"
                f" {name} both have the JSON name '{field.json_name}'{strategy};"
                " give one of them another with 'json:'"
            )
        json_names[field.json_name] = field
        fields.append(field)
    # A derived model's order may name inherited fields: see inheritance.apply.
    write_order = _write_order(name, fields, None if derived else entries.get("order"))
    catch_alls = [item for item in fields if item.any_properties]
    if len(catch_alls) > 1:
        raise SchemaError(
            catch_alls[1].location,
            f"{name} has two any_properties fields; one collects every unknown member",
        )
    return ModelDef(
        name=name,
        fields=tuple(fields),
        write_order=write_order,
        unknown_properties=options.unknown_properties,
        doc=doc,
        location=key.location,
        subtypes=subtypes,
        validator=(
            objects.read_import_path(entries["validator"][1], "validator")
            if "validator" in entries
            else None
        ),
        value_field=_value_field(name, entries.get("value"), fields),
        python=(
            objects.read_import_path(entries["python"][1], "python")
            if "python" in entries
            else None
        ),
        frozen="frozen" in entries and entries["frozen"][1].flag("frozen"),
    )


def _value_field(
    model: str, entry: tuple[Node, Node] | None, fields: list[FieldDef]
) -> str | None:
    """The field a value model is written as: ``value: true`` on a one-str-field model."""
    if entry is None:
        return None
    key, node = entry
    if node.scalar() is not True:
        raise node.error("value takes true: the model is written as its one str field")
    if len(fields) != 1 or fields[0].type != Scalar("str"):
        raise key.error(
            f"a value model is written as one JSON string, so {model} needs exactly one"
            " field, of type str"
        )
    only = fields[0]
    if (
        only.constraints
        or only.read_only
        or only.write_only
        or only.raw
        or only.has_default
    ):
        raise key.error(
            f"the field of value model {model} is the whole value: it takes no"
            " constraints, default, read_only, write_only or raw (use a validator)"
        )
    return fields[0].name


def _write_order(
    model: str, fields: list[FieldDef], order_entry: tuple[Node, Node] | None
) -> tuple[FieldDef, ...]:
    if order_entry is None:
        return tuple(fields)
    return objects.ordered_fields(model, fields, order_entry[1])


def _build_field(
    name: str, key: Node, node: Node, options: _Options, resolver: _Resolver
) -> FieldDef:
    problem = _identifier_problem(name) or _RESERVED_ATTRIBUTES.get(name)
    if problem:
        raise key.error(
            f"field name '{name}' {problem}; rename the field and set 'json: {name}'"
            " to keep the JSON name"
        )
    if node.is_null:
        raise node.error(f"field {name} needs a type, as in '{name}: str'")
    if not node.is_mapping:
        return FieldDef(
            name=name,
            json_name=naming.apply(options.naming, name),
            type=_with_nanos(
                _with_float_style(
                    _with_byte_format(
                        resolver.resolve(node), options.byte_array_format
                    ),
                    options.float_style,
                ),
                options.nanos,
            ),
            include=options.include,
            default=NO_DEFAULT,
            doc=None,
            location=key.location,
        )
    entries = node.mapping(f"field {name}", _FIELD_KEYS)
    if "type" not in entries:
        raise node.error(f"field {name} needs 'type'")
    type_ref = resolver.resolve(entries["type"][1])
    if "format" in entries:
        type_ref = _with_format(type_ref, entries["format"][1], resolver.module)
    type_ref = _with_byte_format(type_ref, options.byte_array_format)
    type_ref = _with_float_style(
        type_ref,
        (
            _read_float_style(entries["float_style"][1])
            if "float_style" in entries
            else options.float_style
        ),
    )
    if "nanos" in entries:
        nanos = _read_nanos(entries["nanos"][1])
        truncating = _with_nanos(type_ref, nanos)
        if nanos == "truncate" and truncating == type_ref:
            raise entries["nanos"][0].error(
                f"nanos applies to {', '.join(NANO_TYPES)} in their ISO form (also as"
                f" elements or values), not to {spell(type_ref, resolver.module)}"
                + (" with a pattern format" if "format" in entries else "")
            )
        type_ref = truncating
    else:
        type_ref = _with_nanos(type_ref, options.nanos)
    if "codec" in entries:
        codec = objects.read_import_path(entries["codec"][1], "codec")
        type_ref = _with_codec(type_ref, codec)
    json_name = naming.apply(options.naming, name)
    if "json" in entries:
        json_name = entries["json"][1].text("json")
        if not json_name:
            raise entries["json"][1].error("json must not be empty")
        if (
            not json_name.encode("utf-8", "surrogatepass").decode("utf-8", "ignore")
            == json_name
        ):
            raise entries["json"][1].error(
                "json holds a lone surrogate, which UTF-8 cannot carry"
            )
    default: object = NO_DEFAULT
    if "default" in entries:
        default_node = entries["default"][1]
        default = _read_default(default_node, type_ref, resolver)
    flags = {
        flag: entries[flag][1].flag(flag)
        for flag in ("read_only", "write_only", "raw", "any_properties")
        if flag in entries
    }
    field = FieldDef(
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
        unwrapped=(
            objects.read_unwrapped(
                entries["unwrapped"][1], name, type_ref, resolver.module
            )
            if "unwrapped" in entries
            else None
        ),
        constraints=(
            objects.read_constraints(
                entries["constraints"][1], name, type_ref, resolver.module
            )
            if "constraints" in entries
            else None
        ),
        **flags,
    )
    _check_field_options(field, entries)
    if (
        field.constraints is not None
        and field.has_default
        and field.default is not None
    ):
        objects.check_default(
            entries["default"][1], name, field.default, field.constraints
        )
    return field


def _check_field_options(
    field: FieldDef, entries: dict[str, tuple[Node, Node]]
) -> None:
    """Combinations of field options that cannot work together."""
    if field.read_only and field.write_only:
        raise entries["write_only"][0].error(
            "a field cannot be both read_only and write_only; leave it out of the schema"
        )
    if field.read_only and field.required:
        raise entries["read_only"][0].error(
            f"read_only field {field.name} is never read, so it needs a default or a"
            " nullable type for decoded objects"
        )
    if field.raw and field.type not in (Scalar("str"), Nullable(Scalar("str"))):
        raise entries["raw"][0].error("raw applies to str fields that hold JSON text")
    if field.any_properties:
        objects.check_any_properties(
            entries["any_properties"][0], field.name, field.type
        )
        if field.unwrapped or field.raw:
            raise entries["any_properties"][0].error(
                "any_properties does not combine with unwrapped or raw"
            )
    if field.unwrapped is not None and (field.raw or field.has_default):
        raise entries["unwrapped"][0].error(
            "an unwrapped field takes no raw or default"
        )


def _map_scalars(type_ref: TypeRef, change: Callable[[Scalar], Scalar]) -> TypeRef:
    """The type with ``change`` applied to every scalar in it."""
    if isinstance(type_ref, Scalar):
        return change(type_ref)
    if isinstance(type_ref, Nullable):
        return Nullable(_map_scalars(type_ref.inner, change))
    if isinstance(type_ref, ListOf):
        return ListOf(_map_scalars(type_ref.item, change))
    if isinstance(type_ref, SetOf):
        return SetOf(_map_scalars(type_ref.item, change))
    if isinstance(type_ref, TupleOf):
        items = tuple(_map_scalars(item, change) for item in type_ref.items)
        return TupleOf(items, type_ref.variadic)
    if isinstance(type_ref, DictOf):
        return DictOf(type_ref.key, _map_scalars(type_ref.value, change))
    return type_ref


def _with_codec(type_ref: TypeRef, codec: str) -> TypeRef:
    """Hand a field's value, or its elements or values, to a user codec."""
    if isinstance(type_ref, Nullable):
        return Nullable(_with_codec(type_ref.inner, codec))
    if isinstance(type_ref, ListOf):
        return ListOf(Custom(type_ref.item, codec))
    if isinstance(type_ref, SetOf):
        return SetOf(Custom(type_ref.item, codec))
    if isinstance(type_ref, TupleOf) and type_ref.variadic:
        return TupleOf((Custom(type_ref.items[0], codec),), variadic=True)
    if isinstance(type_ref, DictOf):
        return DictOf(type_ref.key, Custom(type_ref.value, codec))
    return Custom(type_ref, codec)


def _with_byte_format(type_ref: TypeRef, byte_format: str) -> TypeRef:
    """Give every byte array without a format of its own the option's format."""
    return _map_scalars(
        type_ref,
        lambda scalar: (
            Scalar("bytes", byte_format)
            if scalar.name == "bytes" and scalar.format is None
            else scalar
        ),
    )


def _with_float_style(type_ref: TypeRef, style: str) -> TypeRef:
    """Spell every float and float32 in the type, and the floats inside ``any``
    values, as ``style`` says (``java``: the scalar's format; Python's spelling has
    none)."""
    if style == "python":
        return type_ref
    return _map_scalars(
        type_ref,
        lambda scalar: (
            Scalar(scalar.name, style)
            if scalar.name in ("float", "float32", "any") and scalar.format is None
            else scalar
        ),
    )


def _with_nanos(type_ref: TypeRef, nanos: str) -> TypeRef:
    """With ``truncate``, read every time type in its ISO form dropping fraction
    digits past microseconds; ``reject`` (refuse them) has nothing to mark."""
    if nanos == "reject":
        return type_ref
    return _map_scalars(
        type_ref,
        lambda scalar: (
            replace(scalar, truncate_nanos=True)
            if scalar.name in NANO_TYPES and scalar.format is None
            else scalar
        ),
    )


def _format_target(type_ref: TypeRef) -> Scalar | None:
    """The scalar a field's ``format`` applies to: the field's own, or one level down."""
    if isinstance(type_ref, Nullable):
        return _format_target(type_ref.inner)
    if isinstance(type_ref, Scalar):
        return type_ref
    if isinstance(type_ref, ListOf | SetOf) or (
        isinstance(type_ref, TupleOf) and type_ref.variadic
    ):
        inner = (
            type_ref.item if isinstance(type_ref, ListOf | SetOf) else type_ref.items[0]
        )
        inner = inner.inner if isinstance(inner, Nullable) else inner
        return inner if isinstance(inner, Scalar) else None
    if isinstance(type_ref, DictOf):
        inner = (
            type_ref.value.inner
            if isinstance(type_ref.value, Nullable)
            else type_ref.value
        )
        return inner if isinstance(inner, Scalar) else None
    return None


def _with_format(type_ref: TypeRef, node: Node, module: str) -> TypeRef:
    """Apply a field's ``format`` to its scalar, checking that it fits."""
    text = node.text("format")
    target = _format_target(type_ref)
    if target is None or target.name not in (
        *TEMPORALS,
        *PATTERN_TYPES,
        "bytes",
        "decimal",
    ):
        raise node.error(
            f"format applies to bytes, decimal and date/time types (also as list"
            f" elements or dict values), not to {spell(type_ref, module)}"
        )
    if target.name == "bytes":
        choices: tuple[str, ...] = BYTE_FORMATS
    elif target.name == "decimal":
        choices = DECIMAL_FORMATS
    elif target.name == "datetime":
        choices = ("iso", *EPOCH_FORMATS)
    else:
        choices = ("iso",)
    if text in choices:
        form: str | None = None if text in ("iso", "number") else text
    elif text in EPOCH_FORMATS:
        raise node.error(
            f"{text} applies to datetime (an instant); {target.name} has no epoch form"
        )
    elif target.name in PATTERN_TYPES:
        try:
            plan_pattern(text, target.name, "check")
        except PatternError as error:
            raise SchemaError(
                node.at(error.offset), f"format pattern: {error}"
            ) from None
        form = text
    else:
        raise node.error(
            f"unknown format '{text}' for {target.name}{suggest(text, choices)};"
            f" choose one of {', '.join(choices)}"
            + (
                " or a pattern such as 'dd/MM/uuuu'"
                if target.name in PATTERN_TYPES
                else ""
            )
        )
    formatted = Scalar(target.name, form)
    return _map_scalars(
        type_ref, lambda scalar: formatted if scalar == target else scalar
    )


def _read_default(node: Node, type_ref: TypeRef, resolver: _Resolver) -> object:
    """Check a default value against its type; returns it as plain data."""
    described = spell(type_ref, resolver.module)
    target = type_ref.inner if isinstance(type_ref, Nullable) else type_ref
    if node.plain and node.scalar() in ("None", "none", "nil", "NIL"):
        # Python's and Ruby's spellings of null are plain strings to YAML.
        raise node.error(
            f"default: {node.scalar()} is the text '{node.scalar()}' in YAML; write"
            f" null (or ~) for no value, or quote it ('{node.scalar()}') for the text"
        )
    if isinstance(target, ModelRef) and not node.is_null:
        model = spell(target, resolver.module)
        raise node.error(
            f"a field of model type {model} can have no default but null; make the"
            f" type '{model}?', which defaults to null"
        )
    if node.is_mapping or node.is_sequence:
        spelled, empty = ("list", "[]") if node.is_sequence else ("dict", "{}")
        value = _empty_default(target, node.is_sequence)
        if value is None:
            raise node.error(f"a {spelled} default does not fit the type {described}")
        if not node.is_empty:
            raise node.error(f"a {spelled} default must be empty: write {empty}")
        return value
    value = node.scalar()
    if value is None:
        if isinstance(type_ref, Nullable):
            return None
        raise node.error(
            f"default null does not fit the type {described};"
            f" write '{described}?' to allow null"
        )
    if isinstance(target, Scalar) and target.name in JAVA_TIMES:
        raise node.error(
            f"a {target.name} field takes no default but null; make the type"
            f" '{target.name}?', which defaults to null"
        )
    if isinstance(target, Scalar) and target.name in _READ_DEFAULTS:
        return _runtime_default(node, target, described)
    if isinstance(target, Scalar):
        return _scalar_default(node, value, target.name, described)
    if isinstance(target, EnumRef) and isinstance(value, str):
        members = resolver.enum_members(target)
        if value in members:
            return value
        raise node.error(
            f"default '{value}' is not a value of {target.name}"
            + (suggest(value, members) or f"; choose one of {', '.join(members)}")
        )
    raise node.error(
        f"default {_written(node, value)} does not fit the type {described}"
    )


def _empty_default(target: TypeRef, sequence: bool) -> object:
    """The empty value a ``[]`` or ``{}`` default stands for, or None if it does not fit."""
    if sequence:
        if isinstance(target, ListOf):
            return []
        if isinstance(target, SetOf):
            return set()
        if isinstance(target, TupleOf) and target.variadic:
            return ()
        if target in (Scalar("bytes", "array"), Scalar("bytes", "uint8_array")):
            return b""
        return None
    return {} if isinstance(target, DictOf) else None


# Defaults of these types are read by the runtime from their JSON text, as written in
# the schema (ISO forms for dates and times, whatever the field's format).
_READ_DEFAULTS: dict[str, Callable[[object], object]] = {
    "decimal": decimals.read_decimal_string,
    "float32": lambda text: _finite(numbers.read_float32(float(str(text)))),
    "char": identifiers.read_char,
    "uri": identifiers.read_uri,
    "locale": identifiers.read_locale,
    "currency": identifiers.read_currency,
    "uuid": identifiers.read_uuid,
    "date": temporal.read_date,
    "time": temporal.read_time,
    "datetime": temporal.read_datetime,
    "local_datetime": temporal.read_local_datetime,
    "duration": temporal.read_duration,
    "bytes": lambda text: text,  # replaced per format below
}


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError("a float default must be finite, as JSON has no NaN")
    return value


def _runtime_default(node: Node, target: Scalar, described: str) -> object:
    if node.is_sequence or node.is_mapping:
        raise node.error(f"the default does not fit the type {described}")
    text = node.written
    read = _READ_DEFAULTS[target.name]
    if target.name == "bytes":
        if target.format in ("array", "uint8_array"):
            raise node.error("a byte-array default in an array format must be []")
        read = getattr(binary, f"read_{target.format}")
    try:
        return read(text)
    except (DecodeError, ValueError) as error:
        message = error.message if isinstance(error, DecodeError) else str(error)
        raise node.error(
            f"default {text!r} does not fit the type {described}: {message}"
        ) from None


def _scalar_default(node: Node, value: object, name: str, described: str) -> object:
    if name == "bool" and isinstance(value, bool):
        return value
    if name == "str" and isinstance(value, str):
        return value
    if name == "float":
        if isinstance(value, str) and node.plain and _FLOAT.match(value):
            value = float(value)  # YAML 1.1 reads 1e3, without a dot, as text
        if isinstance(value, int | float) and not isinstance(value, bool):
            if not math.isfinite(value):
                raise node.error("a float default must be finite, as JSON has no NaN")
            return float(value)
    elif (name == "int" or name in INTEGER_RANGES) and type(value) is int:
        low, high = INTEGER_RANGES.get(name, (value, value))
        if low <= value <= high:
            return value
        raise node.error(
            f"default {value} is out of range for {name} ({low} to {high})"
        )
    hint = node.why_not_text() if name == "str" else ""
    raise node.error(
        f"default {_written(node, value)} does not fit the type {described}{hint}"
    )


_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\Z")


def _written(node: Node, value: object) -> str:
    """A default as the schema spells it: ``true`` rather than ``True``."""
    return f"'{value}'" if isinstance(value, str) else node.written


def _check_required_cycles(modules: list[ModuleDef]) -> None:
    """Reject models that need themselves: a chain of required model fields with no way out."""
    models = {
        ModelRef(module.name, model.name): model
        for module in modules
        for model in module.models
    }
    done: set[ModelRef] = set()

    def visit(holder: ModelRef, path: list[tuple[ModelRef, FieldDef]]) -> None:
        for field in models[holder].fields:
            if not field.required or not isinstance(field.type, ModelRef):
                continue
            steps = [*path, (holder, field)]
            holders = [model for model, _ in steps]
            if field.type in holders:
                cycle = steps[holders.index(field.type) :]
                chain = " -> ".join(
                    f"{spell(model, holder.module)}.{item.name}"
                    for model, item in cycle
                )
                target = spell(field.type, holder.module)
                raise SchemaError(
                    field.location,
                    f"required fields form a cycle, so no {target} can ever be built:"
                    f" {chain} -> {target}; make one of these fields nullable (add '?')"
                    " or give it a default",
                )
            if field.type not in done:
                visit(field.type, steps)
        done.add(holder)

    for model in sorted(models, key=lambda ref: (ref.module, ref.name)):
        if model not in done:
            visit(model, [])
