"""Reading a document's definitions into enums, models and roots."""

from __future__ import annotations

import re
from datetime import date, datetime, time
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from ..schema import enum_value_problem, type_name_problem
from .keywords import (
    ANNOTATIONS,
    EXPORTED,
    FORMATS,
    FORMS,
    HASHABLE_ITEMS,
    JAVA_FORMATS,
    LENGTH_RULES,
    NUMBER_RULES,
    NUMERIC,
    PLAIN,
    default_fits,
    escape_pointer,
    implied_type,
    whole_pattern,
)
from .parts import Definition, FieldOut, Mapped, ModelOut, Warning, expression
from .text import plain_text, type_name


def _strings(value: object) -> bool:
    """Whether ``value`` is a non-empty list of strings."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(item, str) for item in value)
    )


def _constant(schema: object) -> str | None:
    """The one string a property schema allows (``const`` or a one-value enum)."""
    if not isinstance(schema, dict):
        return None
    if isinstance(schema.get("const"), str):
        return str(schema["const"])
    values = schema.get("enum")
    if isinstance(values, list) and len(values) == 1 and isinstance(values[0], str):
        return values[0]
    return None


# Why a composition is read as any value where a field's type is.
_WHY = {
    "anyOf": "untagged unions are not mapped, only tables of subtypes told apart"
    " by a discriminator or a constant property",
    "oneOf": "untagged unions are not mapped, only tables of subtypes told apart"
    " by a discriminator or a constant property",
    "allOf": "only a model's allOf of one model reference and objects is mapped",
}


class Importer:
    """Collects the definitions of documents, then maps them."""

    def __init__(self, directions: bool, java: bool = False) -> None:
        self.directions = directions
        self.java = java
        self.warnings: list[Warning] = []
        self.definitions: dict[tuple[str, str], Definition] = {}
        self.by_key: dict[str, Definition] = {}
        self.discriminators: dict[str, str] = {}
        self.names: set[str] = set()
        self.enums: dict[str, tuple[list[str], str | None, list[str]]] = {}
        self.models: dict[str, ModelOut] = {}
        self.roots: dict[str, tuple[Mapped, str | None, list[str]]] = {}
        self.docs: list[str] = []
        self.file = ""
        self.subtype_of: dict[str, str] = {}
        self.resolving: set[str] = set()
        # Source names that became other type names, and roots that alias another.
        self.renamed: dict[str, str] = {}
        self.pointers: dict[str, str] = {}
        self.taken: dict[str, list[str]] = {}
        self.aliases: dict[str, str] = {}

    def name_table(self) -> list[tuple[str, str]]:
        """Each source name that is not its type's name, and what it became."""
        table = []
        source_of = {name: key for key, name in self.renamed.items()}
        for key, name in self.renamed.items():
            if name not in self.aliases:
                table.append((key, name))
        for name, same in self.aliases.items():
            mapped = self.roots[same][0]
            table.append(
                (source_of.get(name, name), f"{expression(mapped)}, as root {same}")
            )
        return table

    # -- warnings ---------------------------------------------------------------

    def warn(self, pointer: str, message: str, notes: list[str]) -> None:
        """Report a problem on standard error's list and as a comment in ``notes``."""
        self.warnings.append(Warning(self.file, pointer, message))
        notes.append(f"warning: {message} ({pointer})")

    # -- definitions ------------------------------------------------------------

    def add(self, file: str, document: object) -> None:
        """Collect the definitions of one source document."""
        self.file = file
        if not isinstance(document, dict):
            self.warnings.append(Warning(file, "", "the document is not an object"))
            return
        if "swagger" in document:
            found = document.get("definitions")
            self._collect(
                file, "/definitions", found if isinstance(found, dict) else {}
            )
            self._info(document)
            return
        if "openapi" in document:
            components = document.get("components")
            schemas = components.get("schemas") if isinstance(components, dict) else {}
            if not isinstance(schemas, dict):
                schemas = {}
            self._collect(file, "/components/schemas", schemas)
            self._info(document)
            return
        for key in ("$defs", "definitions"):
            found = document.get(key)
            if isinstance(found, dict):
                self._collect(file, "/" + key, found)
        if set(document) - ANNOTATIONS - {"$ref", "$defs", "definitions"}:
            title = document.get("title")
            name = title if isinstance(title, str) else Path(file).name.split(".")[0]
            self._define(file, "", document, name.split(".")[-1])

    def _info(self, document: dict[str, Any]) -> None:
        info = document.get("info")
        if isinstance(info, dict) and isinstance(info.get("description"), str):
            self.docs.append(info["description"])

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
            elif type_name_problem(parts[-1]) is None:
                name = parts[-1]  # a qualified name, such as the exporter's shop.Order
            else:
                name = str(key)  # checkout.session: CheckoutSession
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
        name = type_name(raw)
        base, number = name, 2
        while name in self.names:
            name, number = f"{base}{number}", number + 1
        self.names.add(name)
        if key and key != name:
            self.renamed[key] = name
        kind = "root"
        if isinstance(schema, dict):
            if self._enum_values(schema) is not None:
                kind = "enum"
            elif self._is_object(schema):
                kind = "model"
        definition = Definition(file, pointer, schema, name, kind)
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
        kind = schema.get("type", implied_type(schema))
        return kind == "object" and not isinstance(
            schema.get("additionalProperties"), dict
        )

    @classmethod
    def _enum_values(cls, schema: dict[str, Any]) -> list[str] | None:
        """The values of an enum the schema language can declare, if it can."""
        if cls._enum_refused(schema) is not None:
            return None
        return [value for value in schema["enum"] if value is not None]

    @staticmethod
    def _enum_refused(schema: dict[str, Any]) -> str | None:
        """Why an ``enum`` is not an enum of the schema language, if it is not."""
        values = schema.get("enum")
        if not isinstance(values, list) or not values:
            return "it lists no values"
        names = [value for value in values if value is not None]
        if not names:
            return "it lists only null"
        if not all(isinstance(value, str) for value in names):
            return "enums of the schema language hold strings only"
        if len(set(names)) != len(names):
            return "it lists a value twice"
        for value in names:
            problem = enum_value_problem(value)
            if problem is not None:
                return (
                    f"the value {plain_text(repr(value))} {problem}, and enum values"
                    " are the names of Python members"
                )
        return None

    def run(self) -> None:
        """Build every enum, model and root from the collected definitions."""
        unique = list({id(item): item for item in self.definitions.values()}.values())
        for definition in unique:
            if definition.kind == "model":
                self.file = definition.file
                table = self._table(definition.schema, definition.pointer, [])
                claimed = (
                    [name for _, name in table[1] if name in self.subtype_of]
                    if table
                    else []
                )
                if table and not claimed:
                    self.discriminators[definition.name] = table[0]
                    for _, name in table[1]:
                        self.subtype_of[name] = definition.name
                elif self._union(definition.schema):
                    definition.kind = "root"  # no table of subtypes decides it
                    if claimed:
                        self.taken[definition.name] = claimed
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
        self._break_cycles()
        by_type: dict[tuple[str, str | None], str] = {}
        for definition in unique:
            if definition.kind == "root":
                self.file = definition.file
                notes = []
                if definition.name in self.taken:
                    names = ", ".join(self.taken[definition.name])
                    self.warn(
                        definition.pointer,
                        f"read as any value: its branches {names} are subtypes of"
                        " another table already, and a model has one base",
                        notes,
                    )
                    mapped = Mapped("any")
                else:
                    mapped = self._type(
                        definition.schema, definition.pointer, notes, definition.name
                    )
                self._rules_dropped(mapped, definition.pointer, notes)
                same = by_type.setdefault(
                    (expression(mapped), mapped.format), definition.name
                )
                if same != definition.name:
                    # A schema declares each root type once: the first name stands
                    # for the type, and the file's table of names says so.
                    self.aliases[definition.name] = same
                    continue
                doc = self._doc(definition.schema, definition.name)
                self.roots[definition.name] = (mapped, doc, notes)
        for name, base in self.subtype_of.items():
            model = self.models.get(name)
            if model is not None and model.extends == base:
                model.extends = None  # the table makes it a subtype

    @staticmethod
    def _union(schema: object) -> bool:
        """Whether a schema is a ``oneOf``/``anyOf`` of more than one branch."""
        if not isinstance(schema, dict):
            return False
        return any(
            isinstance(schema.get(key), list) and len(schema[key]) > 1
            for key in ("oneOf", "anyOf")
        )

    def _break_cycles(self) -> None:
        """Refuse the ``allOf`` references that make a model extend itself."""
        for model in self.models.values():
            seen = [model.name]
            base = model.extends
            while base is not None and base not in seen and len(seen) < 1000:
                seen.append(base)
                found = self.models.get(base)
                base = found.extends if found is not None else None
            if base is not None and base in seen:
                chain = " -> ".join([*seen[seen.index(base) :], base])
                self.warn(
                    self.pointers.get(model.name, ""),
                    f"allOf makes {model.name} extend itself ({chain}); the"
                    f" reference to {model.extends} is refused and {model.name}"
                    " extends nothing",
                    model.notes,
                )
                model.extends = None

    def _untyped(self, pointer: str, kind: str, notes: list[str]) -> None:
        self.warn(
            pointer,
            f"no 'type': read as {kind} only, though the schema allows values of"
            " other JSON types",
            notes,
        )

    def _rules_dropped(self, mapped: Mapped, pointer: str, notes: list[str]) -> None:
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

    def resolve(self, ref: object) -> Definition | None:
        """The definition a local ``$ref`` names, if it names one."""
        if not isinstance(ref, str) or not ref.startswith("#/"):
            return None
        pointer = ref[1:]
        definition = self.definitions.get((self.file, pointer))
        if definition is None:
            definition = self.definitions.get((self.file, unquote(pointer)))
        return definition

    # -- models -----------------------------------------------------------------

    def _model(self, definition: Definition) -> ModelOut:
        schema: dict[str, Any] = definition.schema
        pointer = definition.pointer
        model = ModelOut(definition.name, self._doc(schema, definition.name))
        self.pointers[definition.name] = pointer
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
                FieldOut(
                    name,
                    name,
                    Mapped("dict[str, any]"),
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
                            (
                                item
                                for item in found
                                if item.name == type_name(str(ref))
                            ),
                            None,
                        )
                    if target is not None:
                        types.append((str(key), target.name))
            named = {name for _, name in types}
            for target in found:
                if target.name not in named:
                    types.append((target.pointer.rsplit("/", 1)[-1], target.name))
            return prop, types
        # Each branch's object pins one property to a constant (the exporter's form,
        # and Stripe's "object": {"enum": ["card"]}).
        common: dict[str, list[str]] | None = None
        for target in found:
            props = target.schema.get("properties")
            pinned = {
                key: constant
                for key, value in (props.items() if isinstance(props, dict) else [])
                if (constant := _constant(value)) is not None
            }
            if common is None:
                common = {key: [value] for key, value in pinned.items()}
            else:
                common = {
                    key: [*values, pinned[key]]
                    for key, values in common.items()
                    if key in pinned
                }
        tables = [
            (key, values)
            for key, values in (common or {}).items()
            if len(set(values)) == len(values)
        ]
        if len(tables) != 1:
            return None
        prop, values = tables[0]
        return prop, [
            (value, target.name) for value, target in zip(values, found, strict=True)
        ]

    def _subtypes(self, schema: dict[str, Any], pointer: str, model: ModelOut) -> bool:
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
        self, json_name: str, pointer: str, schema: Any, required: bool, model: ModelOut
    ) -> FieldOut:
        notes: list[str] = []
        hint = model.name + type_name(json_name)
        mapped = self._type(schema, pointer, notes, hint)
        item = FieldOut(
            json_name, json_name, mapped, doc=self._doc(schema), notes=notes
        )
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
        # Where the source says a member may be null, null is a value it writes:
        # such members are written when null too; members that are only optional
        # are left out when None.
        item.always = mapped.nullable and not item.has_default
        if (not required and not item.has_default) or item.read_only:
            mapped.nullable = mapped.nullable or not item.has_default
        return item

    def _default(self, item: FieldOut, value: object, pointer: str) -> None:
        kind = item.type.expr
        if isinstance(value, date | datetime | time):
            value = value.isoformat()
        allowed = default_fits(value, kind, item.type.nullable)
        if isinstance(value, str) and kind in self.enums:
            allowed = value in self.enums[kind][0]
        if allowed:
            item.default, item.has_default = value, True
        else:
            self.warn(
                pointer,
                f"the default {plain_text(repr(value))} is not kept",
                item.notes,
            )

    # -- types ------------------------------------------------------------------

    def _type(self, schema: Any, pointer: str, notes: list[str], hint: str) -> Mapped:
        """The type expression of a schema, with its constraints and nullability."""
        if schema is True or schema == {} or not isinstance(schema, dict):
            if schema is False:
                self.warn(pointer, "'false' (no value) is read as any value", notes)
            return Mapped("any")
        # OpenAPI 3.0's nullable and Swagger 2.0's x-nullable.
        nullable = schema.get("nullable") is True or schema.get("x-nullable") is True
        schema = {
            key: value
            for key, value in schema.items()
            if key not in ANNOTATIONS and not str(key).startswith("x-")
        }
        kinds = schema.get("type")
        if isinstance(kinds, list):
            if "null" in kinds:
                nullable = True
                kinds = [kind for kind in kinds if kind != "null"]
            schema = {**schema, "type": kinds[0] if len(kinds) == 1 else kinds}
            if not kinds:
                return Mapped("any", nullable=True)
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
        for keyword in ("allOf", "anyOf", "oneOf"):
            branches = schema.get(keyword)
            if isinstance(branches, list) and len(branches) == 1 and len(schema) == 1:
                # OpenAPI 3.0's nullable or described reference: {allOf: [$ref]}.
                if isinstance(branches[0], dict):
                    schema = branches[0]
                    break
        if isinstance(schema.get("enum"), list) and None in schema["enum"]:
            nullable = True
        mapped = self._non_null(schema, pointer, notes, hint)
        mapped.nullable = mapped.nullable or nullable
        return mapped

    def _non_null(
        self, schema: dict[str, Any], pointer: str, notes: list[str], hint: str
    ) -> Mapped:
        if "$ref" in schema:
            target = self.resolve(schema["$ref"])
            if target is None:
                self.warn(
                    f"{pointer}/$ref",
                    f"the reference {plain_text(schema['$ref'])} is not to a"
                    " definition of this document; read as any value",
                    notes,
                )
                return Mapped("any")
            mapped = self._reference(target, notes)
            return self._with_rules(mapped, schema, pointer, notes, {"$ref"})
        if self._enum_values(schema) is not None:
            name = self._inline_enum(schema, hint)
            return Mapped(name)
        kind = schema.get("type")
        if kind is None:
            kind = implied_type(schema)
            if kind is not None:
                self._untyped(pointer, kind, notes)
                schema = {**schema, "type": kind}
        for entry, expr, form in EXPORTED:
            if "format" in schema and "format" not in entry:
                continue
            if all(schema.get(key) == value for key, value in entry.items()):
                mapped = Mapped(expr, form)
                return self._with_rules(mapped, schema, pointer, notes, set(entry))
        if isinstance(kind, list):
            self.warn(
                pointer, f"a value of several types {kind} is read as any value", notes
            )
            return Mapped("any")
        if kind == "array" or ("items" in schema and kind is None):
            return self._array(schema, pointer, notes, hint)
        if kind == "object" or (kind is None and "properties" in schema):
            return self._object(schema, pointer, notes, hint)
        form_of = (str(kind), str(schema.get("format")))
        if form_of in FORMS:
            expr, form = FORMS[form_of]
            return self._with_rules(
                Mapped(expr, form), schema, pointer, notes, {"type", "format"}
            )
        if kind in PLAIN:
            form = schema.get("format")
            found = FORMATS.get((kind, form)) if isinstance(form, str) else None
            if self.java and isinstance(form, str):
                found = JAVA_FORMATS.get((kind, form), found)
            used = {"type", "format"}
            expr = PLAIN[kind] if found is None else found
            if found is None:
                if isinstance(form, str):
                    self.warn(
                        f"{pointer}/format",
                        f"the format '{plain_text(form)}' is not checked; read as"
                        f" {expr}",
                        notes,
                    )
            result = Mapped(
                expr, "string" if expr == "decimal" and kind == "string" else None
            )
            return self._with_rules(result, schema, pointer, notes, used)
        table = self._known_table(schema)
        if table is not None:
            return Mapped(table)
        if kind is None and not set(schema) - {"anyOf", "oneOf", "allOf"} - ANNOTATIONS:
            for keyword in ("anyOf", "oneOf", "allOf"):
                if keyword in schema:
                    self.warn(
                        f"{pointer}/{keyword}",
                        f"'{keyword}' here is read as any value: {_WHY[keyword]}",
                        notes,
                    )
                    return Mapped("any")
            return Mapped("any")
        if kind is None:
            self.warn(pointer, "a schema without a type is read as any value", notes)
            return Mapped("any")
        self.warn(pointer, f"the type {plain_text(kind)!r} is read as any value", notes)
        return Mapped("any")

    def _known_table(self, schema: dict[str, Any]) -> str | None:
        """The model whose table of subtypes has exactly the branches of a union."""
        for keyword in ("oneOf", "anyOf"):
            branches = schema.get(keyword)
            if not isinstance(branches, list) or len(branches) < 2:
                continue
            targets = {
                target.name
                for branch in branches
                if isinstance(branch, dict)
                and (target := self.resolve(branch.get("$ref"))) is not None
            }
            for base in self.discriminators:
                if {name for name, of in self.subtype_of.items() if of == base} == (
                    targets
                ) and len(targets) == len(branches):
                    return base
        return None

    def _reference(self, target: Definition, notes: list[str]) -> Mapped:
        if target.kind != "root":
            return Mapped(target.name)
        if target.name in self.resolving:
            self.warn(
                target.pointer,
                "a recursive non-object type is read as any value",
                notes,
            )
            return Mapped("any")
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
    ) -> Mapped:
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
        result = Mapped(f"list[{expr}]", inner.format)
        if schema.get("uniqueItems") is True:
            if HASHABLE_ITEMS.match(inner.expr) or inner.expr in self.enums:
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
    ) -> Mapped:
        extra = schema.get("additionalProperties", True)
        if "properties" in schema or "required" in schema:
            name, number = hint, 2
            while name in self.names:
                name, number = f"{hint}{number}", number + 1
            self.names.add(name)
            definition = Definition(self.file, pointer, schema, name, "model")
            self.models[name] = self._model(definition)
            return Mapped(name)
        inner = self._type(
            extra, f"{pointer}/additionalProperties", notes, hint + "Value"
        )
        self._rules_dropped(inner, f"{pointer}/additionalProperties", notes)
        expr = inner.expr + ("?" if inner.nullable else "")
        used = {"type", "additionalProperties"}
        if "propertyNames" in schema:
            self.warn(f"{pointer}/propertyNames", "propertyNames is not checked", notes)
            used.add("propertyNames")
        result = Mapped(f"dict[str, {expr}]", inner.format)
        return self._with_rules(result, schema, pointer, notes, used)

    def _with_rules(
        self,
        mapped: Mapped,
        schema: dict[str, Any],
        pointer: str,
        notes: list[str],
        used: set[str],
    ) -> Mapped:
        """Add the schema's constraints that fit the type; warn about the rest."""
        expr = mapped.expr
        container = expr.startswith(("list[", "dict["))
        for key, value in schema.items():
            if isinstance(value, float) and key in LENGTH_RULES and value.is_integer():
                value = int(value)
            if key in used or key in ANNOTATIONS or str(key).startswith("x-"):
                continue  # used, an annotation or a vendor extension
            where = f"{pointer}/{escape_pointer(str(key))}"
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if key in NUMBER_RULES and expr in NUMERIC and number:
                mapped.rules[NUMBER_RULES[key]] = value
            elif key in ("exclusiveMinimum", "exclusiveMaximum") and value is True:
                bound = "minimum" if key == "exclusiveMinimum" else "maximum"
                rule = NUMBER_RULES[bound]
                if rule in mapped.rules:
                    mapped.rules["exclusive_" + rule] = mapped.rules.pop(rule)
            elif key in ("exclusiveMinimum", "exclusiveMaximum") and value is False:
                continue
            elif (
                key in LENGTH_RULES
                and isinstance(value, int)
                and (
                    (key.endswith("Length") and expr == "str")
                    or (key.endswith("Items") and expr.startswith("list["))
                    or (key.endswith("Properties") and expr.startswith("dict["))
                )
            ):
                mapped.rules[LENGTH_RULES[key]] = value
            elif key == "pattern" and expr == "str" and isinstance(value, str):
                try:
                    re.compile(whole_pattern(value))
                except (re.error, RecursionError, OverflowError):
                    self.warn(
                        where,
                        "the pattern is not a regular expression Python reads; not"
                        " kept",
                        notes,
                    )
                else:
                    mapped.rules["pattern"] = whole_pattern(value)
            elif key == "const" and expr == "str" and isinstance(value, str):
                mapped.rules["pattern"] = re.escape(value)
            elif key in ("minProperties", "maxProperties") and not container:
                self.warn(where, f"{key} is not kept", notes)
            elif key == "enum" and expr == "str" and _strings(value):
                values = [item for item in value if item is not None]
                mapped.rules["pattern"] = "|".join(re.escape(item) for item in values)
            elif key == "enum":
                why = self._enum_refused(schema) or "it is not a list of strings"
                self.warn(where, f"'enum' is not checked for {expr}: {why}", notes)
            else:
                self.warn(where, f"'{plain_text(key)}' is not mapped for {expr}", notes)
        # An exclusive bound in the boolean form of Draft 4 and OpenAPI 3.0.
        for key in ("exclusiveMinimum", "exclusiveMaximum"):
            if schema.get(key) is True and key not in used:
                bound = "min" if key == "exclusiveMinimum" else "max"
                if bound in mapped.rules:
                    mapped.rules["exclusive_" + bound] = mapped.rules.pop(bound)
        return mapped
