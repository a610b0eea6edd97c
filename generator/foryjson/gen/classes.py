"""The plan of each model's class: its docstring, attributes and ``__init__``.

The class itself is plain: slots, keyword-only ``__init__``, ``__eq__`` and a
``__repr__`` safe for any value; ``templates/classes.jinja`` lays it out.
"""

from __future__ import annotations

import textwrap

from .defaults import may_hold_long_int
from .ir import Constraints, EnumRef, FieldDef, ModelDef, Nullable, spell
from .plan import ClassPlan, InitParam
from .scalars import IMPORTED_NAMES
from .scope import Scope


def plan_class(scope: Scope, model: ModelDef) -> ClassPlan:
    """The class of a generated model.

    A field named like an imported name (``date: date``) hides it inside the class
    body: there, annotations and defaults spell such names by a module-level alias
    (``_date``), which the module binds next to the import.
    """
    scope.hidden = frozenset(item.name for item in model.fields) & IMPORTED_NAMES
    try:
        params = [_param(scope, model, index) for index in range(len(model.fields))]
        annotations = [
            (item.name, scope.annotation(item.type))
            for item in model.fields[model.inherited :]
        ]
        any_name = scope.imported("Any")
    finally:
        scope.hidden = frozenset()
    long_ints = frozenset(
        item.name for item in model.fields if may_hold_long_int(item.type)
    )
    if long_ints:
        scope.uses.add("_represent")
    scope.uses.add("MISSING")  # replace() marks the fields it leaves as they are
    if not model.abstract:
        scope.uses.add("_new")  # replace() copies without __init__
    if model.frozen:
        scope.uses.add("_set")
    if model.abstract:
        scope.uses.add("_abc")
    base = model.base
    return ClassPlan(
        name=model.name,
        doc=class_doc(model, scope.module.name),
        base=None if base is None else scope.qualified(base.module, base.name),
        abstract=model.abstract,
        annotations=annotations,
        params=params,
        long_ints=long_ints,
        exact_type=model.subclassed,
        any_name=any_name,
        frozen=model.frozen,
        builtins_annotation=_builtins_annotation(model, any_name),
    )


def _builtins_annotation(model: ModelDef, any_name: str) -> str:
    """What the model's ``to_builtins`` returns: its JSON value as Python data."""
    if model.value_field is not None:
        return "str"
    if model.subtypes is not None and model.subtypes.representation == "wrapper_array":
        return f"list[{any_name}]"
    return f"dict[str, {any_name}]"


def _param(scope: Scope, model: ModelDef, index: int) -> InitParam:
    item = model.fields[index]
    annotation = scope.annotation(item.type)
    base = item.type.inner if isinstance(item.type, Nullable) else item.type
    # Fresh containers per object, and members of other modules' enums (which may
    # still be importing when this class is defined), are set at call time.
    late = isinstance(item.default, list | dict | set) or (
        isinstance(base, EnumRef)
        and base.module != scope.module.name
        and item.default is not None
    )
    if item.has_default:
        default = scope.value(item.default, item.type)
        if late:
            scope.uses.add("fresh")
        return InitParam(item.name, annotation, "late" if late else "default", default)
    if isinstance(item.type, Nullable):
        return InitParam(item.name, annotation, "none")
    return InitParam(item.name, annotation, "required")


def class_doc(model: ModelDef, module: str = "") -> str:
    """The class docstring: the model's doc, how its table writes it, then its
    documented fields (inherited ones are documented on the base)."""
    table = _table_doc(model)
    if model.abstract:
        default = table
    else:
        default = f"The {model.name} model." + (f" {table}" if table else "")
    lines = [model.doc.strip() if model.doc else default]
    if model.doc and table:
        lines += ["", table]
    own = model.fields[model.inherited :]
    if own and model.value_field is None:
        lines += ["", "Attributes:"]
        for field in own:
            lines.append(
                textwrap.fill(
                    _field_doc(field, module),
                    80,
                    initial_indent="    ",
                    subsequent_indent="        ",
                )
            )
    return "\n".join(lines)


def _field_doc(field: FieldDef, module: str) -> str:
    """One field in the docstring: its type, JSON name, default, rules, then its doc."""
    facts = [spell(field.type, module)]
    if field.unwrapped is not None:
        prefix, suffix = field.unwrapped
        facts.append(f"members flattened into this object as '{prefix}...{suffix}'")
    elif field.any_properties:
        facts.append("the members no other field reads")
    else:
        facts.append(f"JSON '{field.json_name}'")
    if field.has_default:
        facts.append(f"default {field.default!r}")
    facts += [
        word
        for flag, word in (
            (field.read_only, "read-only"),
            (field.write_only, "write-only"),
            (field.raw, "raw JSON text"),
        )
        if flag
    ]
    if field.constraints is not None:
        facts += _rules(field.constraints)
    text = f"{field.name}: {', '.join(facts)}."
    if field.doc:
        text += " " + " ".join(field.doc.split())
    return text


def _rules(rules: Constraints) -> list[str]:
    """The constraints of a field, in words."""
    words = [
        f"{label} {value}"
        for label, value in (
            ("min", rules.min),
            ("max", rules.max),
            ("above", rules.exclusive_min),
            ("below", rules.exclusive_max),
            ("a multiple of", rules.multiple_of),
            ("at least length", rules.min_length),
            ("at most length", rules.max_length),
        )
        if value is not None
    ]
    if rules.pattern is not None:
        words.append(f"matching {rules.pattern}")
    if rules.unique:
        words.append("no repeated items")
    return words


def _table_doc(model: ModelDef) -> str:
    """How a model of a subtype table is written ("" outside tables)."""
    if model.subtypes is None:
        return ""
    how = {
        "property": f"with the property {model.subtypes.property!r} first",
        "wrapper_object": "inside an object whose one member is its name",
        "wrapper_array": "as an array of its name and the object",
    }[model.subtypes.representation]
    table = ", ".join(
        f"{name} ({json_name})" for json_name, name in model.subtypes.types
    )
    if model.abstract:
        return f"One of {table}, written {how}."
    if len(model.subtypes.types) == 1:
        ((json_name, _),) = model.subtypes.types
        return f"Written as {json_name!r}, {how}."
    return f"One of {table}, written {how}."
