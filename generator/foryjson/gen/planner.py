"""IR to plan: everything one generated module holds, decided and named.

``plan_module`` walks a module's enums and models once. The value, encoder and
decoder planners decide each function; the scope names things and gathers what the
code uses; this module puts it all in the order the module is written: imports,
enums, classes, tables, then functions (enums', models', flattened children's,
containers', date patterns', user codecs'), then the plain encoders for orjson, then
``CODECS``.
"""

from __future__ import annotations

from .classes import plan_class
from .containers import ContainerPlanner
from .decoders import DecoderPlanner
from .encoders import EncoderPlanner
from .imports import isort_key, plan_imports
from .ir import (
    DictOf,
    EnumRef,
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
)
from .native import plan_native
from .plaindata import PlainPlanner
from .plan import (
    ClassPlan,
    EnumDecoder,
    EnumEncoder,
    EnumPlan,
    Function,
    ModulePlan,
    PlainEnumEncoder,
    RootHelper,
    RootKey,
    RootPlan,
    Table,
    Value,
)
from .reading import ReadFacts, read_facts
from .scope import Scope, model_functions


def plan_module(
    module: ModuleDef,
    all_modules: dict[str, ModuleDef],
    runtime: str = "foryjson",
    native: bool = False,
) -> ModulePlan:
    """The plan of one module; ``runtime`` is the package its runtime imports name.

    With ``native``, the module also loads the compiled codecs of its C source
    (see ``native``), where they are built.
    """
    scope = Scope(module, all_modules, runtime)
    native_plan = plan_native(module) if native else None
    if native_plan is not None and native_plan.models:
        scope.uses.add("_native")
    values = ContainerPlanner(scope)
    # Flattened children's functions, in the order encoders and decoders plan them.
    flat: list[Function] = []
    encoders, decoders = EncoderPlanner(values, flat), DecoderPlanner(values, flat)
    functions: list[Function] = []
    for enum in module.enums:
        scope.uses.update(("encode_mismatch", "decode_mismatch"))
        table = f"_{enum.name}_BY_JSON"
        label = values.enum_label(EnumRef(module.name, enum.name))
        functions += [
            EnumEncoder(f"_encode_{enum.name}", enum.name),
            EnumDecoder(f"_decode_{enum.name}", enum.name, table, label),
        ]
        scope.add_table(Table("enum_members", table, enum=enum.name))
    classes: list[ClassPlan] = []
    # A base class comes before the classes that derive from it.
    ordered = sorted(module.models, key=lambda model: _lineage_depth(scope, model))
    for model in ordered:
        if model.python is None:
            classes.append(plan_class(scope, model))
        else:
            scope.import_reference(model.python, model.name)
        functions += model_functions(model, encoders.base_encoder, encoders.encoder)
        functions += model_functions(model, decoders.base_decoder, decoders.decoder)
    # Each root's string encoder and decoder: a container's, a model's or an enum's,
    # or a helper of its own.
    root_functions: dict[str, tuple[str, str, RootHelper | None]] = {}
    for root in module.roots:
        if isinstance(root.type, _DIRECT):
            root_functions[root.name] = (
                values.encoder_name(root.type),
                values.decoder_name(root.type),
                None,
            )
        else:
            helper = RootHelper(
                f"root_{root.name}",
                scope.annotation(root.type),
                values.write(root.type, "value", None),
                values.read(root.type, "value", None),
            )
            scope.uses.add("_fastwriter")
            root_functions[root.name] = (
                f"_encode_{helper.name}",
                f"_decode_{helper.name}",
                helper,
            )
    functions += flat
    functions += values.helpers.values()
    functions += values.pattern_functions()
    functions += values.codec_functions
    # The plain encoders, for orjson (see foryjson.fastwriter), then the functions of
    # to_builtins, planned alike (see foryjson.pyvalues).
    plain = PlainPlanner(encoders)
    builtins = PlainPlanner(encoders, builtins=True)
    for planner in (plain, builtins):
        functions += [
            PlainEnumEncoder(
                f"{planner.prefix}{enum.name}", enum.name, planner.builtins
            )
            for enum in module.enums
        ]
        for model in ordered:
            functions += model_functions(model, planner.base_encoder, planner.encoder)
        functions += planner.flat_functions
    roots: list[RootPlan] = []
    for root in module.roots:
        encode, decode, own = root_functions[root.name]
        names = []
        for planner in (plain, builtins):
            if own is not None:
                names.append(f"{planner.prefix}{own.name}")
            elif isinstance(root.type, ModelRef | EnumRef):
                names.append(
                    scope.qualified(
                        root.type.module, f"{planner.prefix}{root.type.name}"
                    )
                )
            else:
                assert isinstance(root.type, ListOf | TupleOf | DictOf)
                names.append(planner.helper(root.type))
        if own is not None:
            own.builtins = builtins.value(root.type, "value")
            functions.append(own)
        roots.append(_root_plan(root, scope, encode, decode, names, all_modules))
    functions += plain.helpers.values()
    functions += builtins.helpers.values()
    bound = [model.name for model in ordered if model.python is not None]
    facts = {enum.name: ReadFacts(False, 0, (), False) for enum in module.enums}
    for model in ordered:
        facts[model.name] = read_facts(
            ModelRef(module.name, model.name), all_modules, scope.models
        )
    exports = sorted(
        [
            "CODECS",
            *(["NATIVE"] if native_plan is not None else []),
            *(enum.name for enum in module.enums),
            *(model.name for model in ordered),
            *(["ROOTS", *(root.name for root in module.roots)] if module.roots else []),
        ],
        key=isort_key,
    )
    imports = plan_imports(scope)
    return ModulePlan(
        source=module.source,
        doc=module.doc or f"Models and codecs generated from {module.source}.",
        imports=imports,
        exports=exports,
        uses=frozenset(scope.uses),
        aliases=sorted(scope.type_aliases - {"Any"}),
        any_alias="Any" in scope.type_aliases,
        limits=[(name, Value(value)) for name, value in module.limits],
        enums=[
            EnumPlan(
                enum.name,
                enum.doc or f"Values of {enum.name}, written by name.",
                enum.members,
            )
            for enum in module.enums
        ],
        classes=classes,
        tables=scope.tables,
        functions=functions,
        codecs=[enum.name for enum in module.enums]
        + [item.name for item in classes]
        + bound,
        facts=facts,
        roots=roots,
        native=native_plan,
    )


# Root types written and read by the functions their type already has.
_DIRECT = (ListOf, TupleOf, DictOf, ModelRef, EnumRef)
# The class a scalar's values are, by the name generated code imports it as.
_SCALAR_CLASSES = {
    "bool": "bool",
    "float": "float",
    "float32": "float",
    "str": "str",
    "char": "str",
    "uri": "str",
    "locale": "str",
    "currency": "str",
    "bytes": "bytes",
    "any": "object",
    "int": "int",
    **{name: "int" for name in ("int8", "int16", "int32", "int64")},
    **{name: "int" for name in ("uint8", "uint16", "uint32", "uint64")},
}


def _root_plan(
    root: RootDef,
    scope: Scope,
    encode: str,
    decode: str,
    plain_names: list[str],
    all_modules: dict[str, ModuleDef],
) -> RootPlan:
    facts = read_facts(root.type, all_modules, scope.models)
    return RootPlan(
        name=root.name,
        annotation=scope.annotation(root.type),
        cls=_root_class(root.type, scope),
        encode=encode,
        decode=decode,
        plain=plain_names[0],
        builtins=plain_names[1],
        facts=facts,
        key=_root_key(root.type, scope),
        doc=root.doc,
        counts_depth=facts.counts_depth and isinstance(root.type, _DIRECT),
    )


def _root_class(type_ref: TypeRef, scope: Scope) -> str:
    """The class of a root's values, as the ``Codec``'s ``type``."""
    if isinstance(type_ref, Nullable):
        return _root_class(type_ref.inner, scope)
    if isinstance(type_ref, Scalar):
        cls = _SCALAR_CLASSES.get(type_ref.name)
        return cls if cls is not None else scope.annotation(Scalar(type_ref.name))
    if isinstance(type_ref, ModelRef | EnumRef):
        return scope.qualified(type_ref.module, type_ref.name)
    if isinstance(type_ref, ListOf):
        return "list"
    if isinstance(type_ref, SetOf):
        return "set"
    if isinstance(type_ref, TupleOf):
        return "tuple"
    assert isinstance(type_ref, DictOf)
    return "dict"


def _literal(value: object) -> RootKey:
    return RootKey("literal", value=Value(value))


def _root_key(type_ref: TypeRef, scope: Scope) -> RootKey:
    """A root's key as ``foryjson.roots`` builds it from a type expression."""
    if isinstance(type_ref, Scalar):
        parts = (_literal("scalar"), _literal(type_ref.name), _literal(type_ref.format))
        return RootKey("tuple", parts)
    if isinstance(type_ref, ModelRef | EnumRef):
        cls = RootKey("ref", name=scope.qualified(type_ref.module, type_ref.name))
        return RootKey("tuple", (_literal("type"), cls))
    if isinstance(type_ref, Nullable):
        return RootKey(
            "tuple", (_literal("nullable"), _root_key(type_ref.inner, scope))
        )
    if isinstance(type_ref, ListOf | SetOf):
        kind = "list" if isinstance(type_ref, ListOf) else "set"
        return RootKey("tuple", (_literal(kind), _root_key(type_ref.item, scope)))
    if isinstance(type_ref, TupleOf):
        items = RootKey(
            "tuple", tuple(_root_key(item, scope) for item in type_ref.items)
        )
        return RootKey("tuple", (_literal("tuple"), items, _literal(type_ref.variadic)))
    assert isinstance(type_ref, DictOf)
    return RootKey(
        "tuple",
        (
            _literal("dict"),
            _root_key(type_ref.key, scope),
            _root_key(type_ref.value, scope),
        ),
    )


def _lineage_depth(scope: Scope, model: ModelDef) -> int:
    """How many classes a model's class derives from."""
    depth = 0
    while model.base is not None:
        model, depth = scope.model(model.base), depth + 1
    return depth
