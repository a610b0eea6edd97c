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
    EnumRef,
    ModelDef,
    ModelRef,
    ModuleDef,
)
from .plaindata import PlainPlanner
from .plan import (
    ClassPlan,
    EnumDecoder,
    EnumEncoder,
    EnumPlan,
    Function,
    ModulePlan,
    PlainEnumEncoder,
    Table,
    Value,
)
from .reading import ReadFacts, read_facts
from .scope import Scope, model_functions


def plan_module(
    module: ModuleDef, all_modules: dict[str, ModuleDef], runtime: str = "foryjson"
) -> ModulePlan:
    """The plan of one module; ``runtime`` is the package its runtime imports name."""
    scope = Scope(module, all_modules, runtime)
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
    functions += flat
    functions += values.helpers.values()
    functions += values.pattern_functions()
    functions += values.codec_functions
    # The plain encoders, for orjson (see foryjson.fastwriter).
    plain = PlainPlanner(encoders)
    functions += [
        PlainEnumEncoder(f"_plain_{enum.name}", enum.name) for enum in module.enums
    ]
    for model in ordered:
        functions += model_functions(model, plain.base_encoder, plain.encoder)
    functions += plain.flat_functions
    functions += plain.helpers.values()
    bound = [model.name for model in ordered if model.python is not None]
    facts = {enum.name: ReadFacts(False, 0, (), False) for enum in module.enums}
    for model in ordered:
        facts[model.name] = read_facts(
            ModelRef(module.name, model.name), all_modules, scope.models
        )
    exports = sorted(
        [
            "CODECS",
            *(enum.name for enum in module.enums),
            *(model.name for model in ordered),
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
    )


def _lineage_depth(scope: Scope, model: ModelDef) -> int:
    """How many classes a model's class derives from."""
    depth = 0
    while model.base is not None:
        model, depth = scope.model(model.base), depth + 1
    return depth
