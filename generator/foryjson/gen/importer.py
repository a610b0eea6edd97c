"""``foryjson-gen import``: JSON Schema and OpenAPI documents as schema files.

A document's definitions (``components.schemas`` of OpenAPI 3.0 and 3.1, ``$defs`` and
``definitions`` of JSON Schema Draft 2020-12 and Draft 07, and a root schema that
is more than a ``$ref``) become the enums, models and roots of one schema file.
Whatever has no equivalent is reported as a warning, ``FILE:POINTER: warning:
MESSAGE``, and written as a comment where it applies. Text from the document reaches
the output only as quoted YAML scalars or escaped comments.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import Any
from uuid import UUID

import yaml

from ..numbers import INTEGER_RANGES
from . import naming
from .ir import BYTE_FORMATS, Scalar
from .jsonschema import scalar_schema
from .schema import field_name_problem, type_name_problem

__all__ = ["ImportResult", "Warning", "import_documents", "module_name"]

#: The first line of every imported file; files without it are never overwritten.
MARKER = "# Imported by foryjson-gen import"
_MODELINE = "# yaml-language-server: $schema=foryjson-schema.json"

# Keywords that only annotate, and are read where they mean something.
_ANNOTATIONS = frozenset(
    {"title", "description", "default", "readOnly", "writeOnly", "example"}
    | {"examples", "$comment", "deprecated", "nullable", "xml", "externalDocs"}
    | {"$schema", "$id", "$anchor", "discriminator", "x-nullable"}
    | {"$defs", "definitions"}
)
_NUMBER_RULES = {
    "minimum": "min",
    "maximum": "max",
    "exclusiveMinimum": "exclusive_min",
    "exclusiveMaximum": "exclusive_max",
    "multipleOf": "multiple_of",
}
_LENGTH_RULES = {
    "minLength": "min_length",
    "maxLength": "max_length",
    "minItems": "min_length",
    "maxItems": "max_length",
    "minProperties": "min_length",
    "maxProperties": "max_length",
}
_FORMATS = {
    ("string", "date-time"): "datetime",
    ("string", "date"): "date",
    ("string", "time"): "time",
    ("string", "duration"): "duration",
    ("string", "uuid"): "uuid",
    ("string", "byte"): "bytes",
    ("string", "decimal"): "decimal",
    ("string", "number"): "decimal",
    ("integer", "int8"): "int8",
    ("integer", "int16"): "int16",
    ("integer", "int32"): "int32",
    ("integer", "int64"): "int64",
    ("integer", "uint8"): "uint8",
    ("integer", "uint16"): "uint16",
    ("integer", "uint32"): "uint32",
    ("integer", "uint64"): "uint64",
    ("number", "float"): "float32",
    ("number", "double"): "float",
    ("number", "decimal"): "decimal",
}
# The plain JSON types; ``integer`` without a format is ``int``: any size, as JSON
# Schema allows (a sized type would refuse what the schema accepts).
_PLAIN = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}
_NUMERIC = frozenset({"int", "float", "float32", "decimal", *INTEGER_RANGES})
_HASHABLE_ITEMS = re.compile(r"(str|int\w*|uint\w*|bool|uuid|date|time|decimal)\Z")


def _exported_scalars() -> list[tuple[dict[str, object], str, str | None]]:
    """The exporter's schema of each scalar form, most specific first."""
    table: list[tuple[dict[str, object], str, str | None]] = []
    for name in ("bool", "int", *INTEGER_RANGES, "float", "float32", "str", "char"):
        table.append((scalar_schema(Scalar(name)), name, None))
    table.append((scalar_schema(Scalar("uuid")), "uuid", None))
    table.append((scalar_schema(Scalar("decimal", "string")), "decimal", "string"))
    for form in BYTE_FORMATS:
        table.append((scalar_schema(Scalar("bytes", form)), "bytes", form))
    for name in ("date", "time", "datetime", "local_datetime", "duration"):
        table.append((scalar_schema(Scalar(name)), name, None))
    for name in ("year_month", "month_day", "period", "zone_offset", "zone_id"):
        table.append((scalar_schema(Scalar(name)), name, None))
    for name in ("offset_time", "zoned_datetime", "year"):
        table.append((scalar_schema(Scalar(name)), name, None))
    table.sort(key=lambda entry: -len(entry[0]))
    return table


_EXPORTED = _exported_scalars()


@dataclass(frozen=True)
class Warning:
    """Something the importer could not map, at a JSON pointer of a source file."""

    file: str
    pointer: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.pointer}"
        return _plain_text(f"{where}: warning: {self.message}")


@dataclass
class ImportResult:
    """The text of one schema file, and what could not be mapped into it."""

    text: str
    warnings: list[Warning]


@dataclass
class _Type:
    expr: str
    format: str | None = None
    rules: dict[str, object] = field(default_factory=dict)
    nullable: bool = False


@dataclass
class _Field:
    name: str
    json_name: str
    type: _Type
    default: object = None
    has_default: bool = False
    doc: str | None = None
    read_only: bool = False
    write_only: bool = False
    any_properties: bool = False
    notes: list[str] = field(default_factory=list)


@dataclass
class _Model:
    name: str
    doc: str | None = None
    extends: str | None = None
    subtypes: tuple[str, list[tuple[str, str]]] | None = None
    fields: list[_Field] = field(default_factory=list)
    reject_unknown: bool = False
    notes: list[str] = field(default_factory=list)


@dataclass
class _Definition:
    """A named schema of the source: what it becomes and where it is."""

    file: str
    pointer: str
    schema: Any
    name: str
    kind: str  # "enum", "model" or "root"


def escape_pointer(token: str) -> str:
    """One JSON pointer reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


def module_name(path: Path) -> str:
    """The module an imported file becomes by default: its stem in snake_case."""
    stem = path.name.split(".")[0]
    name = "_".join(naming.words(stem)) or "imported"
    if not name.isidentifier() or not name.isascii():
        name = re.sub(r"\W", "_", name.encode("ascii", "replace").decode())
    return name if name[:1].isalpha() else f"m_{name}"


def _pascal(text: str) -> str:
    if type_name_problem(text) is None:
        return text
    words = [word for word in naming.words(text) if word.isascii()]
    name = "".join(word[:1].upper() + word[1:] for word in words)
    name = re.sub(r"[^A-Za-z0-9]", "", name)
    if not name[:1].isalpha():
        name = "Model" + name
    return name if type_name_problem(name) is None else name + "Model"


def _plain_text(text: str) -> str:
    """Text for a YAML comment: one line, every unprintable character escaped."""
    return "".join(
        char if char.isprintable() else ascii(char)[1:-1] for char in str(text)
    )


def quote(value: object) -> str:
    """A YAML scalar for ``value``: a double-quoted string, number, bool or null."""
    if isinstance(value, str):
        text = yaml.safe_dump(
            value, default_style='"', width=1_000_000, allow_unicode=True
        )
        return text.rstrip("\n")
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    return json.dumps(value)


class _Importer:
    def __init__(self, directions: bool) -> None:
        self.directions = directions
        self.warnings: list[Warning] = []
        self.definitions: dict[tuple[str, str], _Definition] = {}
        self.by_key: dict[str, _Definition] = {}
        self.discriminators: dict[str, str] = {}
        self.names: set[str] = set()
        self.enums: dict[str, tuple[list[str], str | None, list[str]]] = {}
        self.models: dict[str, _Model] = {}
        self.roots: dict[str, tuple[_Type, str | None, list[str]]] = {}
        self.docs: list[str] = []
        self.file = ""
        self.subtype_of: dict[str, str] = {}
        self.resolving: set[str] = set()

    # -- warnings ---------------------------------------------------------------

    def warn(self, pointer: str, message: str, notes: list[str]) -> None:
        self.warnings.append(Warning(self.file, pointer, message))
        notes.append(f"warning: {message} ({pointer})")

    # -- definitions ------------------------------------------------------------

    def add(self, file: str, document: object) -> None:
        """Collect the definitions of one source document."""
        self.file = file
        if not isinstance(document, dict):
            self.warnings.append(Warning(file, "", "the document is not an object"))
            return
        if "openapi" in document or "swagger" in document:
            components = document.get("components")
            schemas = components.get("schemas") if isinstance(components, dict) else {}
            if not isinstance(schemas, dict):
                schemas = {}
            self._collect(file, "/components/schemas", schemas)
            info = document.get("info")
            if isinstance(info, dict) and isinstance(info.get("description"), str):
                self.docs.append(info["description"])
            return
        for key in ("$defs", "definitions"):
            found = document.get(key)
            if isinstance(found, dict):
                self._collect(file, "/" + key, found)
        if set(document) - _ANNOTATIONS - {"$ref", "$defs", "definitions"}:
            title = document.get("title")
            name = title if isinstance(title, str) else Path(file).name.split(".")[0]
            self._define(file, "", document, name.split(".")[-1])

    def _collect(self, file: str, pointer: str, schemas: dict[str, Any]) -> None:
        tables: list[tuple[str, str]] = []
        for key, schema in schemas.items():
            here = f"{pointer}/{escape_pointer(str(key))}"
            parts = str(key).split(".")
            if parts[-1] == "fields" and len(parts) > 1:
                name = parts[-2]  # the exporter's object of a subtype
            elif f"{key}.fields" in schemas:
                # The exporter's part of a subtype's table: the object stands for it.
                tables.append((here, f"{here}.fields"))
                continue
            else:
                name = parts[-1]
            self._define(file, here, schema, name, str(key))
        for here, target in tables:
            self.definitions[(file, here)] = self.definitions[(file, target)]

    def _define(
        self, file: str, pointer: str, schema: object, raw: str, key: str = ""
    ) -> None:
        known = self.by_key.get(key) if key else None
        if known is not None and known.schema == schema:
            self.definitions[(file, pointer)] = known  # the same in another file
            return
        name = _pascal(raw)
        base, number = name, 2
        while name in self.names:
            name, number = f"{base}{number}", number + 1
        self.names.add(name)
        kind = "root"
        if isinstance(schema, dict):
            if self._enum_values(schema) is not None:
                kind = "enum"
            elif self._is_object(schema):
                kind = "model"
        definition = _Definition(file, pointer, schema, name, kind)
        self.definitions[(file, pointer)] = definition
        if key:
            self.by_key.setdefault(key, definition)

    @staticmethod
    def _is_object(schema: dict[str, Any]) -> bool:
        if "properties" in schema or "allOf" in schema or "discriminator" in schema:
            return True
        if isinstance(schema.get("oneOf") or schema.get("anyOf"), list):
            branches = schema.get("oneOf") or schema.get("anyOf") or []
            return all(
                isinstance(branch, dict) and "$ref" in branch for branch in branches
            ) and not any(branch == {"type": "null"} for branch in branches)
        kind = schema.get("type", _implied_type(schema))
        return kind == "object" and not isinstance(
            schema.get("additionalProperties"), dict
        )

    @staticmethod
    def _enum_values(schema: dict[str, Any]) -> list[str] | None:
        values = schema.get("enum")
        if not isinstance(values, list) or not values:
            return None
        names = [value for value in values if value is not None]
        if not names or not all(isinstance(value, str) for value in names):
            return None
        if len(set(names)) != len(names):
            return None
        if any(field_name_problem(value) or value == "mro" for value in names):
            return None
        return names

    def run(self) -> None:
        """Build every enum, model and root from the collected definitions."""
        unique = list({id(item): item for item in self.definitions.values()}.values())
        for definition in unique:
            if definition.kind == "model":
                self.file = definition.file
                table = self._table(definition.schema, definition.pointer, [])
                if table:
                    self.discriminators[definition.name] = table[0]
                for _, name in table[1] if table else ():
                    self.subtype_of.setdefault(name, definition.name)
        for definition in unique:
            self.file = definition.file
            if definition.kind == "enum":
                notes: list[str] = []
                values = self._enum_values(definition.schema) or []
                self.enums[definition.name] = (
                    values,
                    self._doc(definition.schema, definition.name),
                    notes,
                )
            elif definition.kind == "model":
                self.models[definition.name] = self._model(definition)
        for definition in unique:
            if definition.kind == "root":
                self.file = definition.file
                notes = []
                mapped = self._type(
                    definition.schema, definition.pointer, notes, definition.name
                )
                self._rules_dropped(mapped, definition.pointer, notes)
                doc = self._doc(definition.schema, definition.name)
                self.roots[definition.name] = (mapped, doc, notes)
        for name, base in self.subtype_of.items():
            model = self.models.get(name)
            if model is not None and model.extends == base:
                model.extends = None  # the table makes it a subtype

    def _untyped(self, pointer: str, kind: str, notes: list[str]) -> None:
        self.warn(
            pointer,
            f"no 'type': read as {kind} only, though the schema allows values of"
            " other JSON types",
            notes,
        )

    def _rules_dropped(self, mapped: _Type, pointer: str, notes: list[str]) -> None:
        if mapped.rules:
            rules = ", ".join(sorted(mapped.rules))
            self.warn(pointer, f"constraints here are not kept ({rules})", notes)
            mapped.rules = {}

    @staticmethod
    def _doc(schema: object, name: str = "") -> str | None:
        """The description, else a title that says more than the name."""
        if not isinstance(schema, dict):
            return None
        for key in ("description", "title"):
            text = schema.get(key)
            if not isinstance(text, str) or not text.strip():
                continue
            if not name or text.split(".")[-1] != name:  # the export's title
                return text
        return None

    # -- references -------------------------------------------------------------

    def resolve(self, ref: object) -> _Definition | None:
        if not isinstance(ref, str) or not ref.startswith("#/"):
            return None
        pointer = ref[1:]
        definition = self.definitions.get((self.file, pointer))
        if definition is None:
            from urllib.parse import unquote

            definition = self.definitions.get((self.file, unquote(pointer)))
        return definition

    # -- models -----------------------------------------------------------------

    def _model(self, definition: _Definition) -> _Model:
        schema: dict[str, Any] = definition.schema
        pointer = definition.pointer
        model = _Model(definition.name, self._doc(schema, definition.name))
        if self._subtypes(schema, pointer, model):
            return model
        if "type" not in schema and "allOf" not in schema:
            self._untyped(pointer, "object", model.notes)
        properties: list[tuple[str, str, Any]] = []
        required: set[str] = set()
        parts: list[tuple[str, Any]] = [(pointer, schema)]
        for index, part in enumerate(schema.get("allOf") or []):
            where = f"{pointer}/allOf/{index}"
            target = self.resolve(part.get("$ref")) if isinstance(part, dict) else None
            if target is not None and target.kind == "model" and model.extends is None:
                model.extends = target.name
            elif isinstance(part, dict) and "$ref" not in part:
                parts.append((where, part))
            else:
                self.warn(
                    where, "only one $ref to a model can be extended", model.notes
                )
        for where, part in parts:
            props = part.get("properties")
            if isinstance(props, dict):
                for key, value in props.items():
                    name = str(key)
                    inner = f"{where}/properties/{escape_pointer(name)}"
                    properties.append((name, inner, value))
            if isinstance(part.get("required"), list):
                required.update(str(item) for item in part["required"])
        extra = schema.get("additionalProperties")
        if extra is False:
            model.reject_unknown = True
        for keyword in ("patternProperties", "unevaluatedProperties", "not", "if"):
            if keyword in schema:
                self.warn(
                    f"{pointer}/{keyword}", f"'{keyword}' is not mapped", model.notes
                )
        named = {name for name, _, _ in properties} | self._inherited(schema)
        for name in sorted(required - named, key=list(required).index):
            properties.append((name, f"{pointer}/required", True))
        taken: set[str] = set()
        discriminator = self._discriminator_of(definition.name)
        for json_name, where, value in properties:
            if json_name == discriminator:
                continue  # written by the table of the base
            if not json_name:
                self.warn(
                    where,
                    "a property with an empty name is left out (read as an unknown"
                    " member)",
                    model.notes,
                )
                continue
            item = self._field(json_name, where, value, json_name in required, model)
            item.name = self._unique(item.name, taken)
            model.fields.append(item)
        if extra is True or (isinstance(extra, dict) and extra):
            notes: list[str] = []
            if isinstance(extra, dict):
                self.warn(
                    f"{pointer}/additionalProperties",
                    "the members beyond the properties are collected as any values;"
                    " their schema is not checked",
                    notes,
                )
            name = self._unique("additional_properties", taken)
            model.fields.append(
                _Field(
                    name,
                    name,
                    _Type("dict[str, any]"),
                    {},
                    True,
                    any_properties=True,
                    notes=notes,
                )
            )
        return model

    def _inherited(self, schema: dict[str, Any], depth: int = 0) -> set[str]:
        """The property names a model's ``allOf`` references bring in."""
        names: set[str] = set()
        for part in schema.get("allOf") or []:
            target = self.resolve(part.get("$ref")) if isinstance(part, dict) else None
            if target is None or not isinstance(target.schema, dict) or depth > 50:
                continue
            props = target.schema.get("properties")
            names.update(props if isinstance(props, dict) else ())
            names |= self._inherited(target.schema, depth + 1)
        return names

    def _discriminator_of(self, name: str) -> str | None:
        return self.discriminators.get(self.subtype_of.get(name, ""))

    def _table(
        self, schema: dict[str, Any], pointer: str, notes: list[str]
    ) -> tuple[str, list[tuple[str, str]]] | None:
        """The property and the subtypes of a ``oneOf``/``anyOf`` of references."""
        keyword = "oneOf" if "oneOf" in schema else "anyOf"
        branches = schema.get(keyword)
        if not isinstance(branches, list) or not branches:
            return None
        targets = [
            self.resolve(branch.get("$ref")) if isinstance(branch, dict) else None
            for branch in branches
        ]
        if not all(target is not None and target.kind == "model" for target in targets):
            return None
        found = [target for target in targets if target is not None]
        discriminator = schema.get("discriminator")
        if isinstance(discriminator, dict) and isinstance(
            discriminator.get("propertyName"), str
        ):
            prop = discriminator["propertyName"]
            mapping = discriminator.get("mapping")
            types: list[tuple[str, str]] = []
            if isinstance(mapping, dict):
                for key, ref in mapping.items():
                    target = self.resolve(ref)
                    if target is None:
                        target = next(
                            (item for item in found if item.name == _pascal(str(ref))),
                            None,
                        )
                    if target is not None:
                        types.append((str(key), target.name))
            named = {name for _, name in types}
            for target in found:
                if target.name not in named:
                    types.append((target.pointer.rsplit("/", 1)[-1], target.name))
            return prop, types
        # The exporter's form: each branch's object pins one property to a constant.
        common: set[str] | None = None
        for target in found:
            props = target.schema.get("properties")
            pinned = {
                key
                for key, value in (props.items() if isinstance(props, dict) else [])
                if isinstance(value, dict) and isinstance(value.get("const"), str)
            }
            common = pinned if common is None else common & pinned
        if not common or len(common) != 1:
            return None
        prop = next(iter(common))
        return prop, [
            (target.schema["properties"][prop]["const"], target.name)
            for target in found
        ]

    def _subtypes(self, schema: dict[str, Any], pointer: str, model: _Model) -> bool:
        table = self._table(schema, pointer, model.notes)
        if table is None:
            if "oneOf" in schema or "anyOf" in schema:
                keyword = "oneOf" if "oneOf" in schema else "anyOf"
                self.warn(
                    f"{pointer}/{keyword}",
                    f"'{keyword}' is mapped only as a table of subtypes: references"
                    " to object schemas with a discriminator",
                    model.notes,
                )
            return False
        prop, types = table
        kept = []
        for key, name in types:
            if name in self.subtype_of and self.subtype_of[name] != model.name:
                self.warn(pointer, f"{name} is in two tables of subtypes", model.notes)
                continue
            self.subtype_of[name] = model.name
            kept.append((key, name))
        model.subtypes = (prop, kept)
        return True

    @staticmethod
    def _unique(name: str, taken: set[str]) -> str:
        base, number = name, 2
        while name in taken:
            name, number = f"{base}_{number}", number + 1
        taken.add(name)
        return name

    def _field(
        self, json_name: str, pointer: str, schema: Any, required: bool, model: _Model
    ) -> _Field:
        notes: list[str] = []
        hint = model.name + _pascal(json_name)
        mapped = self._type(schema, pointer, notes, hint)
        item = _Field(json_name, json_name, mapped, doc=self._doc(schema), notes=notes)
        if not isinstance(schema, dict):
            schema = {}
        if self.directions:
            item.read_only = schema.get("readOnly") is True
            item.write_only = schema.get("writeOnly") is True and not item.read_only
        else:
            for key, said in (("readOnly", "read-only"), ("writeOnly", "write-only")):
                if schema.get(key) is True:
                    item.doc = (item.doc + "\n\n" if item.doc else "") + (
                        f"The source marks it {said}."
                    )
        if "default" in schema:
            self._default(item, schema["default"], f"{pointer}/default")
        if (not required and not item.has_default) or item.read_only:
            mapped.nullable = mapped.nullable or not item.has_default
        return item

    def _default(self, item: _Field, value: object, pointer: str) -> None:
        kind = item.type.expr
        if isinstance(value, date | datetime | time):
            value = value.isoformat()
        allowed = _default_fits(value, kind, item.type.nullable)
        if isinstance(value, str) and kind in self.enums:
            allowed = value in self.enums[kind][0]
        if allowed:
            item.default, item.has_default = value, True
        else:
            self.warn(
                pointer,
                f"the default {_plain_text(repr(value))} is not kept",
                item.notes,
            )

    # -- types ------------------------------------------------------------------

    def _type(self, schema: Any, pointer: str, notes: list[str], hint: str) -> _Type:
        """The type expression of a schema, with its constraints and nullability."""
        if schema is True or schema == {} or not isinstance(schema, dict):
            if schema is False:
                self.warn(pointer, "'false' (no value) is read as any value", notes)
            return _Type("any")
        schema = {
            key: value for key, value in schema.items() if key not in _ANNOTATIONS
        }
        nullable = bool(isinstance(schema, dict) and schema.get("nullable") is True)
        kinds = schema.get("type")
        if isinstance(kinds, list):
            if "null" in kinds:
                nullable = True
                kinds = [kind for kind in kinds if kind != "null"]
            schema = {**schema, "type": kinds[0] if len(kinds) == 1 else kinds}
            if not kinds:
                return _Type("any", nullable=True)
        for keyword in ("anyOf", "oneOf"):
            branches = schema.get(keyword)
            if isinstance(branches, list) and {"type": "null"} in branches:
                others = [branch for branch in branches if branch != {"type": "null"}]
                nullable = True
                rest = {key: value for key, value in schema.items() if key != keyword}
                if len(others) == 1 and isinstance(others[0], dict):
                    schema = {**others[0], **rest}
                else:
                    schema = {**rest, keyword: others}
        if isinstance(schema.get("enum"), list) and None in schema["enum"]:
            nullable = True
        mapped = self._non_null(schema, pointer, notes, hint)
        mapped.nullable = mapped.nullable or nullable
        return mapped

    def _non_null(
        self, schema: dict[str, Any], pointer: str, notes: list[str], hint: str
    ) -> _Type:
        if "$ref" in schema:
            target = self.resolve(schema["$ref"])
            if target is None:
                self.warn(
                    f"{pointer}/$ref",
                    f"the reference {_plain_text(schema['$ref'])} is not to a"
                    " definition of this document; read as any value",
                    notes,
                )
                return _Type("any")
            mapped = self._reference(target, notes)
            return self._with_rules(mapped, schema, pointer, notes, {"$ref"})
        if self._enum_values(schema) is not None:
            name = self._inline_enum(schema, hint)
            return _Type(name)
        kind = schema.get("type")
        if kind is None:
            kind = _implied_type(schema)
            if kind is not None:
                self._untyped(pointer, kind, notes)
                schema = {**schema, "type": kind}
        for entry, expr, form in _EXPORTED:
            if "format" in schema and "format" not in entry:
                continue
            if all(schema.get(key) == value for key, value in entry.items()):
                mapped = _Type(expr, form)
                return self._with_rules(mapped, schema, pointer, notes, set(entry))
        if isinstance(kind, list):
            self.warn(
                pointer, f"a value of several types {kind} is read as any value", notes
            )
            return _Type("any")
        if kind == "array" or ("items" in schema and kind is None):
            return self._array(schema, pointer, notes, hint)
        if kind == "object" or (kind is None and "properties" in schema):
            return self._object(schema, pointer, notes, hint)
        if kind in _PLAIN:
            form = schema.get("format")
            found = _FORMATS.get((kind, form)) if isinstance(form, str) else None
            used = {"type", "format"}
            expr = _PLAIN[kind] if found is None else found
            if found is None:
                if isinstance(form, str):
                    self.warn(
                        f"{pointer}/format",
                        f"the format '{_plain_text(form)}' is not checked; read as"
                        f" {expr}",
                        notes,
                    )
            result = _Type(
                expr, "string" if expr == "decimal" and kind == "string" else None
            )
            return self._with_rules(result, schema, pointer, notes, used)
        if (
            kind is None
            and not set(schema) - {"anyOf", "oneOf", "allOf"} - _ANNOTATIONS
        ):
            for keyword in ("anyOf", "oneOf", "allOf"):
                if keyword in schema:
                    self.warn(
                        f"{pointer}/{keyword}",
                        f"'{keyword}' here is read as any value",
                        notes,
                    )
                    return _Type("any")
            return _Type("any")
        if kind is None:
            self.warn(pointer, "a schema without a type is read as any value", notes)
            return _Type("any")
        self.warn(
            pointer, f"the type {_plain_text(kind)!r} is read as any value", notes
        )
        return _Type("any")

    def _reference(self, target: _Definition, notes: list[str]) -> _Type:
        if target.kind != "root":
            return _Type(target.name)
        if target.name in self.resolving:
            self.warn(
                target.pointer,
                "a recursive non-object type is read as any value",
                notes,
            )
            return _Type("any")
        self.resolving.add(target.name)
        try:
            mapped = self._type(target.schema, target.pointer, notes, target.name)
        finally:
            self.resolving.discard(target.name)
        return mapped

    def _inline_enum(self, schema: dict[str, Any], hint: str) -> str:
        values = self._enum_values(schema) or []
        for name, (known, _, _) in self.enums.items():
            if known == values:
                return name
        name, number = hint, 2
        while name in self.names:
            name, number = f"{hint}{number}", number + 1
        self.names.add(name)
        self.enums[name] = (values, self._doc(schema), [])
        return name

    def _array(
        self, schema: dict[str, Any], pointer: str, notes: list[str], hint: str
    ) -> _Type:
        items = schema.get("items", True)
        used = {"type", "items", "uniqueItems"}
        if "prefixItems" in schema or isinstance(items, list):
            self.warn(
                pointer, "tuples (prefixItems) are read as lists of any values", notes
            )
            items = True
            used |= {"prefixItems", "additionalItems"}
        inner = self._type(items, f"{pointer}/items", notes, hint + "Item")
        self._rules_dropped(inner, f"{pointer}/items", notes)
        expr = inner.expr + ("?" if inner.nullable else "")
        result = _Type(f"list[{expr}]", inner.format)
        if schema.get("uniqueItems") is True:
            if _HASHABLE_ITEMS.match(inner.expr) or inner.expr in self.enums:
                result.rules["unique"] = True
            else:
                self.warn(
                    f"{pointer}/uniqueItems",
                    f"uniqueItems is not checked for items of type {inner.expr}",
                    notes,
                )
        return self._with_rules(result, schema, pointer, notes, used)

    def _object(
        self, schema: dict[str, Any], pointer: str, notes: list[str], hint: str
    ) -> _Type:
        extra = schema.get("additionalProperties", True)
        if "properties" in schema or "required" in schema:
            name, number = hint, 2
            while name in self.names:
                name, number = f"{hint}{number}", number + 1
            self.names.add(name)
            definition = _Definition(self.file, pointer, schema, name, "model")
            self.models[name] = self._model(definition)
            return _Type(name)
        inner = self._type(
            extra, f"{pointer}/additionalProperties", notes, hint + "Value"
        )
        self._rules_dropped(inner, f"{pointer}/additionalProperties", notes)
        expr = inner.expr + ("?" if inner.nullable else "")
        used = {"type", "additionalProperties"}
        if "propertyNames" in schema:
            self.warn(f"{pointer}/propertyNames", "propertyNames is not checked", notes)
            used.add("propertyNames")
        result = _Type(f"dict[str, {expr}]", inner.format)
        return self._with_rules(result, schema, pointer, notes, used)

    def _with_rules(
        self,
        mapped: _Type,
        schema: dict[str, Any],
        pointer: str,
        notes: list[str],
        used: set[str],
    ) -> _Type:
        """Add the schema's constraints that fit the type; warn about the rest."""
        expr = mapped.expr
        container = expr.startswith(("list[", "dict["))
        for key, value in schema.items():
            if isinstance(value, float) and key in _LENGTH_RULES and value.is_integer():
                value = int(value)
            if key in used or key in _ANNOTATIONS:
                continue
            where = f"{pointer}/{escape_pointer(str(key))}"
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if key in _NUMBER_RULES and expr in _NUMERIC and number:
                mapped.rules[_NUMBER_RULES[key]] = value
            elif key in ("exclusiveMinimum", "exclusiveMaximum") and value is True:
                bound = "minimum" if key == "exclusiveMinimum" else "maximum"
                rule = _NUMBER_RULES[bound]
                if rule in mapped.rules:
                    mapped.rules["exclusive_" + rule] = mapped.rules.pop(rule)
            elif key in ("exclusiveMinimum", "exclusiveMaximum") and value is False:
                continue
            elif (
                key in _LENGTH_RULES
                and isinstance(value, int)
                and (
                    (key.endswith("Length") and expr == "str")
                    or (key.endswith("Items") and expr.startswith("list["))
                    or (key.endswith("Properties") and expr.startswith("dict["))
                )
            ):
                mapped.rules[_LENGTH_RULES[key]] = value
            elif key == "pattern" and expr == "str" and isinstance(value, str):
                mapped.rules["pattern"] = _whole(value)
            elif key == "const" and expr == "str" and isinstance(value, str):
                mapped.rules["pattern"] = re.escape(value)
            elif key in ("minProperties", "maxProperties") and not container:
                self.warn(where, f"{key} is not kept", notes)
            else:
                self.warn(
                    where, f"'{_plain_text(key)}' is not mapped for {expr}", notes
                )
        # An exclusive bound in the boolean form of Draft 4 and OpenAPI 3.0.
        for key in ("exclusiveMinimum", "exclusiveMaximum"):
            if schema.get(key) is True and key not in used:
                bound = "min" if key == "exclusiveMinimum" else "max"
                if bound in mapped.rules:
                    mapped.rules["exclusive_" + bound] = mapped.rules.pop(bound)
        return mapped

    # -- writing ----------------------------------------------------------------

    def text(self, sources: Sequence[str], directions_note: bool) -> str:
        lines = [
            f"{MARKER} from {', '.join(_plain_text(s) for s in sources)}.",
            _MODELINE,
        ]
        if self.docs:
            lines.append(f"doc: {quote(chr(10).join(self.docs))}")
        fields = [item for model in self.models.values() for item in model.fields]
        camel = bool(fields) and all(
            item.any_properties or _camel_name(item.json_name) is not None
            for item in fields
        )
        if camel:
            lines += ["options:", "  naming: camelCase"]
        if self.enums:
            lines.append("enums:")
            for name, (values, doc, notes) in self.enums.items():
                lines += _comments(notes, "  ")
                lines.append(f"  {name}:")
                if doc:
                    lines.append(f"    doc: {quote(doc)}")
                lines.append("    values:")
                lines += [f"      - {quote(value)}" for value in values]
        if self.models:
            lines.append("models:")
            for model in self.models.values():
                lines += self._model_lines(model, camel)
        if self.roots:
            lines.append("roots:")
            for name, (mapped, doc, notes) in self.roots.items():
                lines += _comments(notes, "  ")
                lines.append(f"  {name}:")
                lines.append(f"    type: {quote(_expr(mapped))}")
                if mapped.format:
                    lines.append(f"    format: {quote(mapped.format)}")
                if doc:
                    lines.append(f"    doc: {quote(doc)}")
        if not self.enums and not self.models and not self.roots:
            lines.append("models: {}")
        return "\n".join(lines) + "\n"

    def _model_lines(self, model: _Model, camel: bool) -> list[str]:
        lines = _comments(model.notes, "  ")
        lines.append(f"  {model.name}:")
        if model.doc:
            lines.append(f"    doc: {quote(model.doc)}")
        if model.extends:
            lines.append(f"    extends: {model.extends}")
        if model.reject_unknown:
            lines.append("    unknown_properties: reject")
        if model.subtypes is not None:
            prop, types = model.subtypes
            lines += ["    subtypes:", f"      property: {quote(prop)}", "      types:"]
            lines += [f"        {quote(key)}: {name}" for key, name in types]
            if not types:
                lines[-1] += " {}"
        if model.subtypes is None or model.fields:
            lines.append("    fields:" + ("" if model.fields else " {}"))
        taken = self._inherited_names(model, camel, 0)
        for item in model.fields:
            lines += self._field_lines(item, camel, taken)
        return lines

    def _inherited_names(self, model: _Model, camel: bool, depth: int) -> set[str]:
        base = self.models.get(model.extends or "")
        if base is None or depth > 50:
            return set()
        taken = self._inherited_names(base, camel, depth + 1)
        for item in base.fields:
            taken.add(self._field_name(item, camel, taken)[0])
        return taken

    @staticmethod
    def _field_name(item: _Field, camel: bool, taken: set[str]) -> tuple[str, bool]:
        """A field's name, and whether it needs ``json:`` to keep its JSON name."""
        name = _camel_name(item.json_name) if camel else None
        if item.any_properties:
            name = item.name
        elif name is None and field_name_problem(item.json_name) is None:
            name = item.json_name
        renamed = name is None
        base = _field_name(item.json_name) if name is None else name
        name, number = base, 2
        while name in taken:
            name, number, renamed = f"{base}_{number}", number + 1, True
        return name, renamed and not item.any_properties

    def _field_lines(self, item: _Field, camel: bool, taken: set[str]) -> list[str]:
        lines = _comments(item.notes, "      ")
        name, renamed = self._field_name(item, camel, taken)
        taken.add(name)
        json_name = item.json_name if renamed else None
        parts = [f"type: {quote(_expr(item.type))}"]
        if json_name is not None:
            parts.append(f"json: {quote(json_name)}")
        if item.type.format:
            parts.append(f"format: {quote(item.type.format)}")
        if item.has_default:
            parts.append(f"default: {quote(item.default)}")
        if item.read_only:
            parts.append("read_only: true")
        if item.write_only:
            parts.append("write_only: true")
        if item.any_properties:
            parts.append("any_properties: true")
        if item.type.rules:
            rules = ", ".join(
                f"{key}: {quote(value)}" for key, value in item.type.rules.items()
            )
            parts.append(f"constraints: {{{rules}}}")
        if item.doc:
            parts.append(f"doc: {quote(item.doc)}")
        lines.append(f"      {name}: {{{', '.join(parts)}}}")
        return lines


_IMPLIED = {
    "object": ("properties", "required", "additionalProperties", "minProperties"),
    "array": ("items", "prefixItems", "minItems", "maxItems", "uniqueItems"),
    "string": ("minLength", "maxLength", "pattern", "format"),
    "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"),
}


def _implied_type(schema: dict[str, Any]) -> str | None:
    """The one JSON type a schema without ``type`` constrains, if there is one."""
    kinds = [
        kind for kind, keys in _IMPLIED.items() if any(key in schema for key in keys)
    ]
    if "multipleOf" in schema and not kinds:
        kinds = ["number"]
    return kinds[0] if len(kinds) == 1 else None


def _one_char(text: str) -> None:
    if len(text) != 1 or ord(text) > 0xFFFF:
        raise ValueError(text)


# Scalars whose defaults are text, and a check that the text is one of them.
_TEXT_DEFAULTS: dict[str, Callable[[str], object]] = {
    "uuid": UUID,
    "date": date.fromisoformat,
    "time": time.fromisoformat,
    "datetime": datetime.fromisoformat,
    "char": _one_char,
}


def _default_fits(value: object, kind: str, nullable: bool) -> bool:
    """Whether a source default is one the schema language takes for the type."""
    if value is None:
        return nullable
    if isinstance(value, bool):
        return kind == "bool"
    if isinstance(value, int):
        return kind in _NUMERIC
    if isinstance(value, float):
        return math.isfinite(value) and kind in ("float", "float32", "decimal")
    if isinstance(value, str):
        check = _TEXT_DEFAULTS.get(kind)
        if check is None:
            return kind == "str"
        try:
            check(value)
        except ValueError:
            return False
        return True
    if value == []:
        return kind.startswith("list[")
    return value == {} and kind.startswith("dict[")


def _expr(mapped: _Type) -> str:
    return mapped.expr + ("?" if mapped.nullable else "")


def _camel_name(json_name: str) -> str | None:
    """The snake_case field name ``camelCase`` naming turns into ``json_name``."""
    name = "_".join(naming.words(json_name))
    if field_name_problem(name) is not None:
        return None
    return name if naming.apply("camelCase", name) == json_name else None


def _field_name(json_name: str) -> str:
    """A field name for a JSON name that is none (``json:`` keeps the JSON name)."""
    words = [re.sub(r"\W", "", word) for word in naming.words(json_name)]
    name = "_".join(word for word in words if word and word.isascii()) or "field"
    if not name[:1].isalpha():
        name = "field_" + name
    while field_name_problem(name) is not None:
        name += "_"
    return name


def _whole(pattern: str) -> str:
    """A JSON Schema pattern (which searches) as one the whole string must match."""
    exported = re.fullmatch(r"\^\(\?:(.*)\)\$", pattern, re.DOTALL)
    if exported and _balanced(exported.group(1)):
        return exported.group(1)
    anchored = re.fullmatch(r"\^(.*)\$", pattern, re.DOTALL)
    if (
        anchored
        and "|" not in anchored.group(1)
        and not anchored.group(1).endswith("\\")
    ):
        return anchored.group(1)
    start = "" if pattern.startswith("^") else "[\\s\\S]*"
    end = "" if pattern.endswith("$") and not pattern.endswith("\\$") else "[\\s\\S]*"
    inner = pattern.removeprefix("^")
    if end == "":
        inner = inner[:-1]
    return f"{start}(?:{inner}){end}"


def _balanced(text: str) -> bool:
    depth, escaped = 0, False
    for char in text:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _comments(notes: Iterable[str], indent: str) -> list[str]:
    return [f"{indent}# {_plain_text(note)}" for note in notes]


def import_documents(
    sources: Sequence[tuple[str, object]], *, directions: bool = False
) -> ImportResult:
    """One schema file's text from source documents, given as (file name, data).

    With ``directions``, ``readOnly`` and ``writeOnly`` become ``read_only`` and
    ``write_only`` (the serving side's view); otherwise they are noted in the docs
    and the codecs read and write every property.
    """
    importer = _Importer(directions)
    for file, document in sources:
        importer.add(file, document)
    importer.run()
    text = importer.text([file for file, _ in sources], directions)
    return ImportResult(text, importer.warnings)
