"""Object-mapping options: subtypes, flattening, catch-all members, directions, rules.

These are Fory's annotations (JsonSubTypes, JsonUnwrapped, JsonAnyProperty, JsonIgnore,
JsonRawValue, JsonValue, JsonValidator) as schema keys. Reading happens per model and
field; the checks that need every model of a module (subtype tables, flattened names)
run once the module is built.
"""

from __future__ import annotations

import keyword
import math
import re
from collections.abc import Sequence
from decimal import Decimal

from ..numbers import INTEGER_RANGES
from .ir import (
    IDENTIFIERS,
    Constraints,
    Custom,
    DictOf,
    EnumRef,
    FieldDef,
    ListOf,
    ModelDef,
    ModelRef,
    ModuleDef,
    Nullable,
    Scalar,
    SetOf,
    Subtypes,
    TupleOf,
    TypeRef,
    spell,
)
from .source import Node, SchemaError, suggest

REPRESENTATIONS = ("property", "wrapper_object", "wrapper_array")
_SUBTYPE_KEYS = ("representation", "property", "types")
_IMPORT_PATH = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*\Z")
_NUMERIC_RULES = ("min", "max", "exclusive_min", "exclusive_max", "multiple_of")
_LENGTH_RULES = ("min_length", "max_length")
CONSTRAINT_KEYS = (*_NUMERIC_RULES, *_LENGTH_RULES, "pattern", "unique")


def read_subtypes(node: Node, model: str) -> Subtypes:
    """The subtype table of a base model, as written (models are checked later)."""
    entries = node.mapping(f"the subtypes of {model}", _SUBTYPE_KEYS)
    representation = "property"
    if "representation" in entries:
        value_node = entries["representation"][1]
        representation = value_node.text("representation")
        if representation not in REPRESENTATIONS:
            raise value_node.error(
                f"unknown representation '{representation}'"
                f"{suggest(representation, REPRESENTATIONS)};"
                f" choose one of {', '.join(REPRESENTATIONS)}"
            )
    discriminator = None
    if "property" in entries:
        property_node = entries["property"][1]
        discriminator = property_node.text("property")
        if representation != "property":
            raise property_node.error(
                f"'property' names the discriminator of the property representation,"
                f" not of {representation}"
            )
        if not discriminator:
            raise property_node.error("the discriminator property must have a name")
    elif representation == "property":
        raise node.error(
            f"the subtypes of {model} need 'property', the JSON name of the"
            " discriminator (as in property: kind)"
        )
    if "types" not in entries:
        raise node.error(
            f"the subtypes of {model} need 'types': a table of name: Model"
        )
    types: list[tuple[str, str]] = []
    for name, key, value in entries["types"][1].items(f"the subtypes of {model}"):
        if not name:
            raise key.error("a subtype name must not be empty")
        types.append((name, value.text(f"the model of subtype '{name}'")))
    if not types:
        raise entries["types"][1].error(f"the subtype table of {model} is empty")
    return Subtypes(representation, discriminator, tuple(types))


def check_subtypes(module: ModuleDef, locations: dict[str, Node]) -> None:
    """Check every subtype table of a module (``inheritance`` links the models).

    ``locations`` maps a base model's name to its ``subtypes`` node, for messages.
    """
    models = {model.name: model for model in module.models}
    bases: dict[str, str] = {}
    for base in module.models:
        if base.subtypes is None:
            continue
        node = locations[base.name]
        for json_name, model_name in base.subtypes.types:
            target = models.get(model_name)
            if target is None:
                raise node.error(
                    f"subtype '{json_name}' of {base.name} names '{model_name}', which"
                    f" is not a model of this file{suggest(model_name, models)}"
                    " (subtypes live in their base's file)"
                )
            if target.subtypes is not None or model_name == base.name:
                raise node.error(
                    f"subtype '{json_name}' of {base.name} is {model_name}, which has"
                    " subtypes itself; tables do not nest"
                )
            if target.python is not None:
                raise node.error(
                    f"subtype '{json_name}' of {base.name} is bound to {target.python};"
                    " subtypes are generated classes that derive from their base"
                )
            if bases.get(model_name) == base.name:
                raise node.error(
                    f"{model_name} is listed twice in the subtypes of {base.name}"
                )
            if model_name in bases:
                raise node.error(
                    f"{model_name} is a subtype of both {bases[model_name]} and"
                    f" {base.name}; a model has at most one base"
                )
            if (
                target.value_field is not None
                and base.subtypes.representation == "property"
            ):
                raise node.error(
                    f"{model_name} is a value model, written as one string, so it cannot"
                    f" carry the property '{base.subtypes.property}'; use the"
                    " wrapper_object or wrapper_array representation"
                )
            bases[model_name] = base.name
        names = [name for name, _ in base.subtypes.types]
        if len(set(names)) != len(names):  # pragma: no cover - YAML keys are unique
            raise node.error(f"the subtype names of {base.name} repeat")


def ordered_fields(
    model: str, fields: Sequence[FieldDef], order: Node
) -> tuple[FieldDef, ...]:
    """The fields ``order`` lists, in its order, then the rest in declaration order."""
    by_name = {field.name: field for field in fields}
    listed: list[FieldDef] = []
    for item in order.sequence(f"the order of {model}"):
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


def written_names(model: ModelDef, models: dict[ModelRef, ModelDef]) -> list[str]:
    """The JSON names a model's objects hold, members it unwraps included."""
    names = []
    for item in model.fields:
        if item.unwrapped is None:
            names.append(item.json_name)
            continue
        prefix, suffix = item.unwrapped
        child = models[_unwrapped_model(item)]
        if child is not model:
            names += [prefix + name + suffix for name in written_names(child, models)]
    return names


def _unwrapped_model(item: FieldDef) -> ModelRef:
    target = item.type.inner if isinstance(item.type, Nullable) else item.type
    assert isinstance(target, ModelRef)
    return target


def read_unwrapped(
    node: Node, field: str, type_ref: TypeRef, module: str
) -> tuple[str, str]:
    """``unwrapped: true`` or ``{prefix, suffix}`` on a model-typed field."""
    target = type_ref.inner if isinstance(type_ref, Nullable) else type_ref
    if not isinstance(target, ModelRef):
        raise node.error(
            f"only a model-typed field can be unwrapped; {field} is"
            f" {spell(type_ref, module)}"
        )
    if node.is_mapping:
        entries = node.mapping(f"unwrapped of {field}", ("prefix", "suffix"))
        prefix = entries["prefix"][1].text("prefix") if "prefix" in entries else ""
        suffix = entries["suffix"][1].text("suffix") if "suffix" in entries else ""
        return prefix, suffix
    if node.scalar() is True:
        return "", ""
    raise node.error("unwrapped takes true or a mapping with prefix and suffix")


def check_flattened_names(modules: list[ModuleDef]) -> None:
    """Flattened members must not collide, nor unwrap models with subtypes or cycles."""
    models = {
        (module.name, model.name): model
        for module in modules
        for model in module.models
    }

    def names(model: ModelDef, trail: tuple[str, ...]) -> list[tuple[str, FieldDef]]:
        result: list[tuple[str, FieldDef]] = []
        for item in model.fields:
            if (
                item.write_only and item.read_only
            ):  # pragma: no cover - rejected earlier
                continue
            if item.unwrapped is None:
                result.append((item.json_name, item))
                continue
            ref = _unwrapped_model(item)
            child = models[(ref.module, ref.name)]
            if child.subtypes is not None or child.value_field is not None:
                raise SchemaError(
                    item.location,
                    f"{item.name} unwraps {child.name}, which is written as"
                    f" {'one of its subtypes' if child.subtypes else 'a string'};"
                    " only plain models can be unwrapped",
                )
            if ref.name in trail:
                raise SchemaError(
                    item.location, f"{item.name} unwraps {child.name} inside itself"
                )
            prefix, suffix = item.unwrapped
            result += [
                (prefix + name + suffix, item)
                for name, _ in names(child, (*trail, ref.name))
            ]
        return result

    for model in models.values():
        seen: dict[str, FieldDef] = {}
        for name, item in names(model, (model.name,)):
            if name in seen and seen[name] is not item:
                raise SchemaError(
                    item.location,
                    f"{model.name} would hold the JSON name '{name}' twice: from"
                    f" '{seen[name].name}' and from '{item.name}'; change a prefix,"
                    " a suffix or a name",
                )
            seen[name] = item


def check_default(node: Node, field: str, default: object, rules: Constraints) -> None:
    """A declared default must itself follow the field's rules."""
    problems = []
    if isinstance(default, int | float | Decimal) and not isinstance(default, bool):
        number = (
            Decimal(repr(default)) if isinstance(default, float) else Decimal(default)
        )
        if rules.min is not None and not number >= rules.min:
            problems.append(f"min {rules.min}")
        if rules.max is not None and not number <= rules.max:
            problems.append(f"max {rules.max}")
        if rules.exclusive_min is not None and not number > rules.exclusive_min:
            problems.append(f"exclusive_min {rules.exclusive_min}")
        if rules.exclusive_max is not None and not number < rules.exclusive_max:
            problems.append(f"exclusive_max {rules.exclusive_max}")
        if rules.multiple_of is not None and number % rules.multiple_of != 0:
            problems.append(f"multiple_of {rules.multiple_of}")
    if isinstance(default, str | bytes | list | tuple | set | dict):
        if rules.min_length is not None and len(default) < rules.min_length:
            problems.append(f"min_length {rules.min_length}")
        if rules.max_length is not None and len(default) > rules.max_length:
            problems.append(f"max_length {rules.max_length}")
    if (
        isinstance(default, str)
        and rules.pattern
        and not re.fullmatch(rules.pattern, default)
    ):
        problems.append(f"pattern {rules.pattern}")
    if problems:
        raise node.error(
            f"the default of {field} breaks its own constraints ({', '.join(problems)}),"
            " so decoded objects would fail them"
        )


def check_frozen(modules: list[ModuleDef]) -> None:
    """A frozen model's fields hold immutable, hashable values: scalars (not
    ``any``), enums, tuples of them, and other frozen models."""
    index = {
        ModelRef(module.name, model.name): model
        for module in modules
        for model in module.models
    }

    def immutable(type_ref: TypeRef) -> bool:
        if isinstance(type_ref, Nullable | Custom):
            return immutable(type_ref.inner)
        if isinstance(type_ref, ModelRef):
            return index[type_ref].frozen
        return hashable(type_ref)

    for ref, model in index.items():
        if not model.frozen:
            continue
        for item in model.fields:
            if not immutable(item.type) or item.any_properties:
                hint = (
                    "; use tuple[T, ...] for a sequence"
                    if isinstance(item.type, ListOf)
                    else (
                        "; make it frozen too"
                        if isinstance(item.type, ModelRef)
                        else ""
                    )
                )
                raise SchemaError(
                    item.location,
                    f"{model.name} is frozen, so its fields hold immutable values, but"
                    f" {item.name} is {spell(item.type, ref.module)}{hint}",
                )


def hashable(type_ref: TypeRef) -> bool:
    """Whether values of a type can be set elements (or unique list items)."""
    if isinstance(type_ref, Nullable):
        return hashable(type_ref.inner)
    if isinstance(type_ref, Scalar):
        return type_ref.name != "any"
    if isinstance(type_ref, TupleOf):
        return all(hashable(item) for item in type_ref.items)
    return isinstance(type_ref, EnumRef)


# Scalars whose hashes Python randomizes (str, bytes, naive dates and times) or whose
# values share a hash only a few at a time (bool, integers of 64 bits or fewer).
_SAFE_HASHES = frozenset(
    {
        "bool",
        "str",
        "char",
        *IDENTIFIERS,
        "bytes",
        "date",
        "time",
        "local_datetime",
        *INTEGER_RANGES,
    }
)
# Scalars whose hashes are randomized: a tuple of them only is safe too. A tuple of
# integers is not: two of them give an attacker room to pick a common tuple hash.
_RANDOMIZED_HASHES = frozenset(
    {"str", "char", *IDENTIFIERS, "bytes", "date", "time", "local_datetime"}
)


def needs_hash_guard(type_ref: TypeRef) -> bool:
    """Whether many distinct values of a type can share one hash (see foryjson.hashing).

    ``int``, ``float``, ``Decimal``, ``UUID``, aware ``datetime`` and ``timedelta``
    hash the same in every process, and so do tuples holding them or integers.
    """
    if isinstance(type_ref, Nullable):
        return needs_hash_guard(type_ref.inner)
    if isinstance(type_ref, Scalar):
        return type_ref.name not in _SAFE_HASHES
    if isinstance(type_ref, TupleOf):
        return not all(
            isinstance(item, EnumRef)
            or (isinstance(item, Scalar) and item.name in _RANDOMIZED_HASHES)
            or (
                isinstance(item, Nullable)
                and isinstance(item.inner, Scalar)
                and item.inner.name in _RANDOMIZED_HASHES
            )
            for item in type_ref.items
        )
    return False  # enums: a few members, hashed by their randomized names


#: A catch-all field's type, its floats in either spelling (see ``float_style``).
_CATCH_ALL_TYPES = (
    DictOf(Scalar("str"), Scalar("any")),
    DictOf(Scalar("str"), Scalar("any", "java")),
)


def java_floats(item: FieldDef) -> bool:
    """Whether a catch-all field writes its floats as Java spells them."""
    return item.type == _CATCH_ALL_TYPES[1]


def check_any_properties(node: Node, field: str, type_ref: TypeRef) -> None:
    if type_ref not in _CATCH_ALL_TYPES:
        raise node.error(
            f"any_properties collects unknown members into a dict[str, any];"
            f" {field} must have that type"
        )


def read_import_path(node: Node, what: str) -> str:
    """A ``package.module:name`` reference."""
    text = node.text(what)
    module, _, name = text.partition(":")
    parts = [*module.split("."), name]
    if not _IMPORT_PATH.match(text) or not all(
        part.isidentifier() and not keyword.iskeyword(part) for part in parts
    ):
        raise node.error(
            f"{what} must be written package.module:name, each part a Python name"
            f" that is not a keyword, not {text!r}"
        )
    return text


def read_constraints(
    node: Node, field: str, type_ref: TypeRef, module: str
) -> Constraints:
    """Declarative rules checked on decode and encode, each fitting the field's type."""
    entries = node.mapping(f"the constraints of {field}", CONSTRAINT_KEYS)
    target = type_ref.inner if isinstance(type_ref, Nullable) else type_ref
    numeric = isinstance(target, Scalar) and target.name in _NUMERIC_SCALARS
    sized = isinstance(target, ListOf | SetOf | DictOf | TupleOf) or (
        isinstance(target, Scalar) and target.name in ("str", "bytes")
    )
    values: dict[str, object] = {}
    for key, (key_node, value_node) in entries.items():
        if key in _NUMERIC_RULES:
            if not numeric:
                raise key_node.error(
                    f"{key} applies to numbers; {field} is {spell(type_ref, module)}"
                )
            value = value_node.scalar()
            if isinstance(value, bool) or not isinstance(value, int | float | str):
                raise value_node.error(f"{key} must be a number")
            try:
                number = Decimal(value_node.written)
            except ArithmeticError:
                raise value_node.error(f"{key} must be a number") from None
            if not number.is_finite() or (
                number and abs(number.adjusted()) > _BOUND_EXPONENT
            ):
                # Generated code writes the bound as a literal: it must be one, and
                # turning it into an int must stay cheap and within CPython's limit.
                raise value_node.error(
                    f"{key} must be a finite number of magnitude between"
                    f" 1e-{_BOUND_EXPONENT} and 1e{_BOUND_EXPONENT}, or 0"
                )
            if (
                isinstance(target, Scalar)
                and target.name in ("float", "float32")
                and not math.isfinite(float(number))
            ):
                raise value_node.error(f"{key} {number} is beyond the range of float")
            if key == "multiple_of" and number <= 0:
                raise value_node.error("multiple_of must be positive")
            values[key] = number
        elif key in _LENGTH_RULES:
            if not sized:
                raise key_node.error(
                    f"{key} applies to strings, byte arrays and containers; {field} is"
                    f" {spell(type_ref, module)}"
                )
            value = value_node.scalar()
            if type(value) is not int or value < 0:
                raise value_node.error(f"{key} must be a whole number, 0 or more")
            values[key] = value
        elif key == "unique":
            items = (
                target.item
                if isinstance(target, ListOf)
                else (
                    target.items[0]
                    if isinstance(target, TupleOf) and target.variadic
                    else None
                )
            )
            if items is None or not hashable(items):
                raise key_node.error(
                    "unique applies to lists (and tuple[T, ...]) of hashable items, such"
                    " as str, numbers, dates or enums"
                )
            values[key] = value_node.flag("unique")
        else:
            if target != Scalar("str"):
                raise key_node.error(f"pattern applies to strings; {field} is not one")
            pattern = value_node.text("pattern")
            try:
                re.compile(pattern)
            except re.error as error:
                raise value_node.error(f"invalid pattern: {error}") from None
            values[key] = pattern
    low = values.get("min", values.get("exclusive_min"))
    high = values.get("max", values.get("exclusive_max"))
    if isinstance(low, Decimal) and isinstance(high, Decimal) and low > high:
        raise node.error(f"the constraints of {field} allow no value: {low} > {high}")
    shortest, longest = values.get("min_length"), values.get("max_length")
    if isinstance(shortest, int) and isinstance(longest, int) and shortest > longest:
        raise node.error(f"min_length {shortest} is more than max_length {longest}")
    return Constraints(**values)  # type: ignore[arg-type]


# The largest decimal exponent a numeric bound may have, in either direction.
_BOUND_EXPONENT = 4000

_NUMERIC_SCALARS = frozenset(
    {"int", "float", "float32", "decimal", "int8", "int16", "int32", "int64"}
    | {"uint8", "uint16", "uint32", "uint64"}
)
