"""What the runtime must know about a type's documents before it reads or writes one.

For each model and enum a generated module passes these facts along with its codec
functions: whether numbers need their exact text (a decimal is reachable), how deep the
type's documents can nest (``None`` when the schema puts no bound on it: recursion,
``any``, raw JSON, user codecs, catch-all properties), which property names choose
a subtype somewhere inside (a duplicate of one is an error, not "last wins"), and
whether a value is kept as it was read (``any``, raw JSON, catch-all properties, user
codecs). Where none is, every number lands in a typed field or nowhere, so the orjson
backend reads the type's documents without screening their integers. For a type that
holds decimals, each as the value of a member (not inside an array or a dict), the
JSON names of those members: the orjson backend finds the exact text of a decimal
by its member's name.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..depth import deepest, one_level_deeper
from .ir import (
    Custom,
    DictOf,
    EnumRef,
    ListOf,
    ModelDef,
    ModelRef,
    ModuleDef,
    Nullable,
    Scalar,
    SetOf,
    TupleOf,
    TypeRef,
)

__all__ = [
    "ModelIndex",
    "ReadFacts",
    "keeps_read_values",
    "model_index",
    "read_facts",
    "static_depth",
    "static_object_depth",
]


@dataclass(frozen=True)
class ReadFacts:
    """The runtime's arguments for one type."""

    exact: bool
    depth: int | None
    discriminators: tuple[str, ...]
    untyped: bool = True
    decimals: tuple[str, ...] = ()

    @property
    def counts_depth(self) -> bool:
        """Whether the type's plain encoder counts nesting levels itself (see
        ``plaindata.PlainPlanner.counts``): recursive, with no value kept as read."""
        return self.depth is None and not self.untyped


def read_facts(
    root: TypeRef,
    modules: dict[str, ModuleDef],
    index: ModelIndex | None = None,
) -> ReadFacts:
    """The facts for a root type.

    ``index`` is ``model_index(modules)``, to build once for many roots.
    """
    walker = _Walker(model_index(modules) if index is None else index)
    untyped = walker.untyped(root)
    exact = walker.exact(root)
    return ReadFacts(
        exact,
        walker.depth(root),
        tuple(sorted(walker.discriminators)),
        untyped,
        walker.decimal_members(root) if exact and not untyped else (),
    )


ModelIndex = dict[str, dict[str, ModelDef]]


def static_depth(type_ref: TypeRef, index: ModelIndex) -> int | None:
    """The deepest nesting of a document of this type (None: unbounded)."""
    return _Walker(index).depth(type_ref)


def static_object_depth(ref: ModelRef, index: ModelIndex) -> int | None:
    """The deepest nesting of a model's own object, without the subtype table a
    model of a hierarchy is read and written through."""
    walker = _Walker(index)
    walker._visiting.add(ref)
    return walker.object_depth(walker._model(ref))


def keeps_read_values(type_ref: TypeRef, index: ModelIndex) -> bool:
    """Whether a value of this type can hold plain values as they were read (``any``,
    raw JSON, catch-all members, user codecs)."""
    return _Walker(index).untyped(type_ref)


def model_index(modules: dict[str, ModuleDef]) -> ModelIndex:
    """The models of each module by name.

    Looking each model up in its module's list instead made a module's facts take
    time quadratic in its number of models.
    """
    return {
        name: {model.name: model for model in module.models}
        for name, module in modules.items()
    }


class _Walker:
    def __init__(self, models: ModelIndex) -> None:
        self._models = models
        self._visiting: set[ModelRef] = set()
        self.discriminators: set[str] = set()

    def _model(self, ref: ModelRef) -> ModelDef:
        return self._models[ref.module][ref.name]

    def depth(self, type_ref: TypeRef) -> int | None:
        """Deepest nesting of arrays and objects in a document of this type."""
        if isinstance(type_ref, Scalar):
            if type_ref.name == "any":
                return None
            return (
                1 if type_ref.name == "bytes" and "array" in str(type_ref.format) else 0
            )
        if isinstance(type_ref, Nullable):
            return self.depth(type_ref.inner)
        if isinstance(type_ref, ListOf | SetOf):
            return one_level_deeper(self.depth(type_ref.item))
        if isinstance(type_ref, TupleOf):
            return one_level_deeper(
                deepest([self.depth(item) for item in type_ref.items])
            )
        if isinstance(type_ref, DictOf):
            return one_level_deeper(self.depth(type_ref.value))
        if isinstance(type_ref, EnumRef):
            return 0
        if isinstance(type_ref, Custom):
            return None  # a user codec may write any JSON
        if type_ref in self._visiting:
            return None  # recursion: no bound
        self._visiting.add(type_ref)
        try:
            return self._model_depth(type_ref, self._model(type_ref))
        finally:
            self._visiting.discard(type_ref)

    def exact(self, type_ref: TypeRef) -> bool:
        """Whether a value of this type needs numbers' exact text: a decimal, or a raw
        field (which keeps the text it read), is reachable."""
        seen: set[ModelRef] = set()
        pending = [type_ref]
        while pending:
            current = pending.pop()
            if isinstance(current, Scalar):
                if current.name == "decimal":
                    return True
            elif isinstance(current, Nullable):
                pending.append(current.inner)
            elif isinstance(current, ListOf | SetOf):
                pending.append(current.item)
            elif isinstance(current, TupleOf):
                pending.extend(current.items)
            elif isinstance(current, DictOf):
                pending.append(current.value)
            elif isinstance(current, ModelRef) and current not in seen:
                seen.add(current)
                model = self._model(current)
                if model.subtypes is not None:
                    pending.extend(
                        ModelRef(current.module, name)
                        for _, name in model.subtypes.types
                    )
                for item in model.fields:
                    if item.raw:
                        return True
                    pending.append(item.type)
        return False

    def untyped(self, type_ref: TypeRef) -> bool:
        """Whether a value of this type can hold plain values as they were read."""
        seen: set[ModelRef] = set()
        pending = [type_ref]
        while pending:
            current = pending.pop()
            if isinstance(current, Scalar):
                if current.name == "any":
                    return True
            elif isinstance(current, Custom):
                return True  # a user codec sees the plain value
            elif isinstance(current, Nullable):
                pending.append(current.inner)
            elif isinstance(current, ListOf | SetOf):
                pending.append(current.item)
            elif isinstance(current, TupleOf):
                pending.extend(current.items)
            elif isinstance(current, DictOf):
                pending.append(current.value)  # keys are read from strings
            elif isinstance(current, ModelRef) and current not in seen:
                seen.add(current)
                model = self._model(current)
                if model.subtypes is not None:
                    pending.extend(
                        ModelRef(current.module, name)
                        for _, name in model.subtypes.types
                    )
                for item in model.fields:
                    if item.raw or item.any_properties:
                        return True
                    pending.append(item.type)
        return False

    def decimal_members(self, type_ref: TypeRef) -> tuple[str, ...]:
        """The JSON names of the members whose values are the decimals of this type,
        or none if some decimal is not a member's value (an item, a dict value)."""
        names: set[str] = set()
        seen: set[tuple[ModelRef, str, str]] = set()
        # Types to visit, each with the member name it is the value of (None: not a
        # member's value) and the affixes unwrapped fields add to member names.
        pending: list[tuple[TypeRef, str | None, str, str]] = [(type_ref, None, "", "")]
        while pending:
            current, member, prefix, suffix = pending.pop()
            if isinstance(current, Nullable):
                pending.append((current.inner, member, prefix, suffix))
            elif isinstance(current, Scalar):
                if current.name == "decimal" and current.format is None:
                    if member is None:
                        return ()
                    names.add(member)
            elif isinstance(current, ListOf | SetOf):
                pending.append((current.item, None, "", ""))
            elif isinstance(current, TupleOf):
                pending.extend((item, None, "", "") for item in current.items)
            elif isinstance(current, DictOf):
                pending.append((current.value, None, "", ""))
            elif isinstance(current, ModelRef):
                if (current, prefix, suffix) in seen:
                    continue
                seen.add((current, prefix, suffix))
                model = self._model(current)
                if model.subtypes is not None:
                    if prefix or suffix:
                        return ()  # an unwrapped base: not worth working out
                    pending.extend(
                        (ModelRef(current.module, name), None, prefix, suffix)
                        for _, name in model.subtypes.types
                    )
                for item in model.fields:
                    if item.unwrapped is not None:
                        inner_prefix, inner_suffix = item.unwrapped
                        pending.append(
                            (
                                item.type,
                                None,
                                prefix + inner_prefix,
                                inner_suffix + suffix,
                            )
                        )
                    else:
                        name = prefix + item.json_name + suffix
                        pending.append((item.type, name, "", ""))
        return tuple(sorted(names))

    def _model_depth(self, ref: ModelRef, model: ModelDef) -> int | None:
        if model.subtypes is None:
            return self.object_depth(model)
        if model.subtypes.property is not None:
            self.discriminators.add(model.subtypes.property)
        # Each subtype's own object: its table is the one being walked.
        inner = deepest(
            [
                self.object_depth(self._model(ModelRef(ref.module, name)))
                for _, name in model.subtypes.types
            ]
        )
        wrapped = model.subtypes.representation != "property"
        return one_level_deeper(inner) if wrapped else inner

    def object_depth(self, model: ModelDef) -> int | None:
        """Deepest nesting of a model's own object (of its fields)."""
        if model.value_field is not None:
            return 0
        depths: list[int | None] = []
        for item in model.fields:
            if item.raw or item.any_properties:
                depths.append(None)
            elif item.unwrapped is not None:
                inner = self.depth(item.type)
                depths.append(None if inner is None else inner - 1)
            else:
                depths.append(self.depth(item.type))
        return one_level_deeper(deepest(depths))
