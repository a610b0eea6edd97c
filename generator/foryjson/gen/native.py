"""Plan the native target: which models get a C encoder, and the shape of each.

``foryjson-gen --native`` renders, beside each module, a C source from
``templates/native/`` (see ``docs/native.md``). This module decides what that source
holds: the models whose every written value is a type the C writer knows (``str``,
``bool``, the integer types, ``float``, this module's enums, lists of these, nullable
versions, and models of the same kind), and for every other model the reason it is
left to the Python encoders. The C encoders only ever write what the Python ones
would write; anything they do not expect makes them give up, and the Python encoders
then write the value or raise its ``EncodeError``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from ..numbers import INTEGER_RANGES
from . import quoting
from .ir import (
    EnumRef,
    Include,
    ListOf,
    ModelDef,
    ModelRef,
    ModuleDef,
    Nullable,
    Scalar,
    TypeRef,
    spell,
)

__all__ = [
    "NativeEnum",
    "NativeField",
    "NativeList",
    "NativeModel",
    "NativeModule",
    "Writer",
    "extension_name",
    "plan_native",
]

_INT64 = INTEGER_RANGES["int64"]


@dataclass(frozen=True)
class Writer:
    """How the C code writes one value: ``kind`` and what that kind needs.

    Kinds: ``str``, ``bool``, ``float``, ``int`` (``low`` and ``high`` bound it: a
    value outside them, or beyond 64 bits, goes to the Python encoders), ``enum``,
    ``model`` and ``list`` (``index`` into the module's enums, models or lists), and
    ``nullable`` (``inner`` writes the value when it is not None).
    """

    kind: str
    index: int = 0
    low: int = 0
    high: int = 0
    inner: Writer | None = None


@dataclass(frozen=True)
class NativeField:
    """One written member: its attribute, its ``,"name":`` text, how it is written."""

    attribute: str
    member: str
    """The JSON text before the value: a comma, the quoted name, a colon."""
    writer: Writer
    skip_none: bool
    """Left out when None (``include: non_null`` on a nullable field)."""


@dataclass(frozen=True)
class NativeModel:
    name: str
    fields: tuple[NativeField, ...]


@dataclass(frozen=True)
class NativeEnum:
    name: str
    values: tuple[str, ...]
    """Each member's JSON text, quotes included, in the members' order."""
    members: tuple[str, ...]


@dataclass(frozen=True)
class NativeList:
    item: Writer


@dataclass(frozen=True)
class NativeModule:
    """Everything the C templates and the Python module's loader need."""

    module: str
    """The module's last name, which the extension's is made from."""
    extension: str
    models: tuple[NativeModel, ...]
    enums: tuple[NativeEnum, ...]
    lists: tuple[NativeList, ...]
    unsupported: tuple[tuple[str, str], ...]
    """(model, reason) for the models the Python encoders keep."""
    fingerprint: str = field(default="")
    """Identifies the plan, so that a module refuses a stale compiled extension."""


def extension_name(module: str) -> str:
    """The extension module beside a generated module: ``_media_native`` for ``media``."""
    return f"_{module.rpartition('.')[2]}_native"


_SCALAR_WRITERS = {"str": Writer("str"), "bool": Writer("bool")}
_SCALAR_WRITERS["float"] = Writer("float")
_SCALAR_WRITERS["int"] = Writer("int", low=_INT64[0], high=_INT64[1])
for _name, (_low, _high) in INTEGER_RANGES.items():
    # A uint64 beyond int64's range is left to the Python encoders.
    _SCALAR_WRITERS[_name] = Writer("int", low=_low, high=min(_high, _INT64[1]))


class _Planner:
    def __init__(self, module: ModuleDef) -> None:
        self.module = module
        self.enums = {enum.name: index for index, enum in enumerate(module.enums)}
        self.lists: dict[Writer, int] = {}

    def writer(self, type_ref: TypeRef, models: dict[str, int]) -> Writer | str:
        """The writer of a type, or why the C code cannot write it."""
        if isinstance(type_ref, Scalar):
            found = _SCALAR_WRITERS.get(type_ref.name)
            if found is None or type_ref.format is not None:
                spelled = spell(type_ref)
                if type_ref.format is not None:
                    spelled += f" (format {type_ref.format})"
                return f"{spelled} is written by Python only"
            return found
        if isinstance(type_ref, Nullable):
            inner = self.writer(type_ref.inner, models)
            return inner if isinstance(inner, str) else Writer("nullable", inner=inner)
        if isinstance(type_ref, ListOf):
            item = self.writer(type_ref.item, models)
            if isinstance(item, str):
                return item
            index = self.lists.setdefault(item, len(self.lists))
            return Writer("list", index=index)
        if isinstance(type_ref, EnumRef) and type_ref.module == self.module.name:
            return Writer("enum", index=self.enums[type_ref.name])
        if isinstance(type_ref, ModelRef) and type_ref.module == self.module.name:
            if type_ref.name not in models:
                return f"{type_ref.name} is written by Python only"
            return Writer("model", index=models[type_ref.name])
        return f"{spell(type_ref, self.module.name)} is written by Python only"


def _model_problem(model: ModelDef) -> str | None:
    """Why a model's own options keep it from the C encoder, whatever its fields."""
    if model.python is not None:
        return "bound to an existing class"
    if model.subtypes is not None or model.base is not None or model.subclassed:
        return "part of a class hierarchy"
    if model.validator is not None:
        return "has a validator"
    if model.frozen:
        return "frozen"
    if model.value_field is not None:
        return "a value model"
    for item in model.fields:
        where = f"field {item.name}"
        if item.raw or item.unwrapped or item.any_properties or item.write_only:
            return f"{where}: raw, flattened, catch-all or write-only"
        if item.constraints is not None:
            return f"{where}: has constraints"
        if item.include not in (Include.ALWAYS, Include.NON_NULL):
            return f"{where}: include {item.include.value}"
        try:
            quoting.json_string(item.json_name).encode("utf-8")
        except UnicodeEncodeError:
            return f"{where}: the JSON name has no UTF-8 form"
    return None


def plan_native(module: ModuleDef) -> NativeModule:
    """The native plan of one module: its C encoders and the models left out."""
    planner = _Planner(module)
    problems: dict[str, str] = {}
    ascii_name = extension_name(module.name).isascii()
    for model in module.models:
        problem = (
            _model_problem(model) if ascii_name else "the module name is not ASCII"
        )
        if problem is not None:
            problems[model.name] = problem
    # Leave out, until nothing changes, each model with a field the C code cannot
    # write (a model left out is such a field for the models that hold it).
    while True:
        candidates = [m for m in module.models if m.name not in problems]
        models = {m.name: index for index, m in enumerate(candidates)}
        changed = False
        for model in candidates:
            for item in model.write_order:
                found = planner.writer(item.type, models)
                if isinstance(found, str):
                    problems[model.name] = f"field {item.name}: {found}"
                    changed = True
                    break
        if not changed:
            break
    # Plan again from scratch, so that only the lists the kept models use are listed.
    planner = _Planner(module)
    native_models = []
    for model in candidates:
        fields = []
        for item in model.write_order:
            found = planner.writer(item.type, models)
            assert not isinstance(found, str)
            fields.append(
                NativeField(
                    item.name,
                    "," + quoting.json_string(item.json_name) + ":",
                    found,
                    isinstance(item.type, Nullable)
                    and item.include is Include.NON_NULL,
                )
            )
        native_models.append(NativeModel(model.name, tuple(fields)))
    enums = tuple(
        NativeEnum(
            enum.name,
            tuple(quoting.json_string(member) for member in enum.members),
            enum.members,
        )
        for enum in module.enums
    )
    lists = tuple(NativeList(item) for item in planner.lists)
    unsupported = tuple(
        (model.name, problems[model.name])
        for model in module.models
        if model.name in problems
    )
    plan = NativeModule(
        module.name.rpartition(".")[2],
        extension_name(module.name),
        tuple(native_models),
        enums,
        lists,
        unsupported,
    )
    digest = hashlib.sha256(repr(plan).encode("utf-8", "surrogatepass")).hexdigest()
    return NativeModule(**{**plan.__dict__, "fingerprint": digest[:16]})
