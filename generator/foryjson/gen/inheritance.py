"""Model inheritance: ``extends`` and subtype tables, across the files of one run.

A model's parent is the model it ``extends``, or else the base whose subtype table
lists it. Its fields are its parent's, then its own, as Java orders a subclass's
fields. A base with a subtype table is abstract, and the table is the one
discriminator table of its whole hierarchy: each model in it reads and writes through
the part of the table at or below it, so a subtype writes its name wherever it goes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from .ir import (
    DictOf,
    EnumRef,
    FieldDef,
    ListOf,
    ModelDef,
    ModelRef,
    ModuleDef,
    Nullable,
    SetOf,
    Subtypes,
    TupleOf,
    TypeRef,
)
from .objects import ordered_fields, written_names
from .source import Node, SchemaError

__all__ = ["MAX_LINEAGE", "Lineage", "apply", "check_discriminators"]

#: The most classes a model may derive from, one above the other. Deeper chains are
#: refused: each model's part of a table lists what derives from it, so a chain's
#: tables grow with the square of its length.
MAX_LINEAGE = 16


@dataclass
class Lineage:
    """Who derives from whom, read before any model is built (options inherit)."""

    parents: dict[ModelRef, ModelRef] = field(default_factory=dict)
    extends: dict[ModelRef, Node] = field(default_factory=dict)
    """The ``extends`` value of each model that has one, for messages."""
    tables: dict[ModelRef, Node] = field(default_factory=dict)
    """The ``subtypes`` node of each base with a table, for messages."""
    orders: dict[ModelRef, Node] = field(default_factory=dict)
    """The ``order`` node of each model that has one."""
    frozen: dict[ModelRef, Node] = field(default_factory=dict)
    """The ``frozen`` node of each model that has one."""

    def add_table(self, base: ModelRef, node: Node, members: Iterable[str]) -> None:
        """A base's table: each member's parent is the base unless it extends another."""
        self.tables[base] = node
        for name in members:
            member = ModelRef(base.module, name)
            if member not in self.extends and member != base:
                self.parents.setdefault(member, base)

    def add_extends(self, model: ModelRef, parent: ModelRef, node: Node) -> None:
        self.parents[model] = parent
        self.extends[model] = node

    def ancestors(self, model: ModelRef) -> list[ModelRef]:
        """The parent, its parent and so on; raises ``SchemaError`` on a loop or a
        chain longer than ``MAX_LINEAGE``."""
        chain: list[ModelRef] = []
        seen = {model}
        current = model
        while current in self.parents:
            current = self.parents[current]
            if current in seen:
                names = " -> ".join(ref.name for ref in [model, *chain, current])
                raise self.blame(model).error(f"inheritance loops: {names}")
            if len(chain) == MAX_LINEAGE:
                raise self.blame(model).error(
                    f"{model.name} derives from more than {MAX_LINEAGE} models, one"
                    f" above the other; hierarchies are at most {MAX_LINEAGE} deep"
                )
            seen.add(current)
            chain.append(current)
        return chain

    def blame(self, model: ModelRef) -> Node:
        """The node that made ``model`` derive from its parent."""
        return self.extends.get(model) or self.tables[self.parents[model]]


def apply(modules: list[ModuleDef], lineage: Lineage) -> list[ModuleDef]:
    """Give each model its inherited fields, its base and its part of the table."""
    models = {
        ModelRef(module.name, model.name): model
        for module in modules
        for model in module.models
    }
    for model in lineage.parents:
        lineage.ancestors(model)  # loops first: everything below walks the chains
    _check_parents(models, lineage)
    tables = _hierarchy_tables(models, lineage)
    subclassed = set(lineage.parents.values())
    done: dict[ModelRef, ModelDef] = {}

    def build(ref: ModelRef) -> ModelDef:
        if ref in done:
            return done[ref]
        model = models[ref]
        table = tables.get(ref)
        model = replace(
            model,
            subtypes=table,
            abstract=ref in lineage.tables,
            subclassed=ref in subclassed,
            discriminator=(
                table.property
                if table is not None and ref not in lineage.tables
                else None
            ),
        )
        parent_ref = lineage.parents.get(ref)
        if parent_ref is not None:
            parent = build(parent_ref)
            if model.value_field is not None and parent.fields:
                raise lineage.blame(ref).error(
                    f"{model.name} is a value model, written as one string, so it"
                    f" cannot inherit the fields of {parent.name}"
                )
            fields = _merged(parent.fields, model.fields, model, parent)
            if ref in lineage.frozen and parent.frozen != model.frozen:
                raise lineage.frozen[ref].error(
                    f"{model.name} derives from {parent.name}, which is"
                    f" {'frozen' if parent.frozen else 'not frozen'}; a hierarchy is"
                    " frozen from its root down, so set frozen on the root only"
                )
            model = replace(
                model,
                base=parent_ref,
                fields=fields,
                write_order=_write_order(ref, model.name, fields, lineage),
                inherited=len(parent.fields),
                validator=model.validator or parent.validator,
                frozen=parent.frozen,
            )
        done[ref] = model
        return model

    result = []
    for module in modules:
        built = tuple(
            build(ModelRef(module.name, model.name)) for model in module.models
        )
        imports = set(module.imports)
        for derived in built:
            if derived.base is not None:
                imports.add(derived.base.module)
                for item in derived.fields[: derived.inherited]:
                    imports.update(_modules_of(item.type))
        imports.discard(module.name)
        result.append(replace(module, models=built, imports=tuple(sorted(imports))))
    _check_import_order(result, lineage)
    return result


def _check_parents(models: dict[ModelRef, ModelDef], lineage: Lineage) -> None:
    """Only plain generated object models derive from one another."""
    for ref, parent_ref in lineage.parents.items():
        node = lineage.blame(ref)
        if ref not in models:
            continue  # an unknown subtype: the table's own check names it
        if parent_ref not in models:  # pragma: no cover - resolved names exist
            raise node.error(f"{parent_ref.name} is not a model")
        model, parent = models[ref], models[parent_ref]
        for who in (model, parent):
            if who.python is not None:
                raise node.error(
                    f"{who.name} is bound to {who.python}; only generated classes"
                    " derive from one another"
                )
        if parent.value_field is not None:
            raise node.error(
                f"{parent.name} is a value model, written as one string; no model"
                " derives from it"
            )


def _hierarchy_tables(
    models: dict[ModelRef, ModelDef], lineage: Lineage
) -> dict[ModelRef, Subtypes]:
    """Each hierarchy model's part of its base's table: itself and what derives from it."""
    tables: dict[ModelRef, Subtypes] = {}
    members_of: dict[ModelRef, ModelRef] = {}
    for base in lineage.tables:
        subtypes = models[base].subtypes
        assert subtypes is not None
        listed = [ModelRef(base.module, name) for _, name in subtypes.types]
        members = set(listed)
        for member in listed:
            members_of[member] = base
            chain = lineage.ancestors(member)
            inside = [ancestor in members for ancestor in chain]
            stop = inside.index(False) if False in inside else len(chain)
            if stop == len(chain) or chain[stop] != base:
                outside = chain[stop].name if stop < len(chain) else "nothing"
                raise lineage.blame(member).error(
                    f"{member.name} is a subtype of {base.name}, so it extends"
                    f" {base.name} or another of its subtypes, not {outside}"
                )
        # Each subtype goes into its own part and the part of each model above it,
        # in the table's order.
        parts: dict[ModelRef, list[tuple[str, str]]] = {base: []}
        parts.update((member, []) for member in listed)
        for (json_name, name), member in zip(subtypes.types, listed, strict=True):
            for holder in (member, *lineage.ancestors(member)):
                if holder in parts:
                    parts[holder].append((json_name, name))
        for ref, part in parts.items():
            tables[ref] = Subtypes(
                subtypes.representation, subtypes.property, tuple(part)
            )
    for base, node in lineage.tables.items():
        parent = lineage.parents.get(base)
        if parent is not None and parent in tables:
            raise node.error(
                f"{base.name} has subtypes and derives from {parent.name}, which is"
                " in a subtype table already; one table names every model of a"
                " hierarchy"
            )
    for ref, parent in lineage.parents.items():
        if parent in tables and ref not in members_of:
            base = members_of.get(parent, parent)
            raise lineage.blame(ref).error(
                f"{ref.name} extends {parent.name}, so the subtypes of {base.name}"
                f" must name it too: one table names every model of a hierarchy"
                " (and its models live in the base's file)"
            )
    return tables


def _merged(
    inherited: tuple[FieldDef, ...],
    own: tuple[FieldDef, ...],
    model: ModelDef,
    parent: ModelDef,
) -> tuple[FieldDef, ...]:
    """The parent's fields, then the model's own; no name may be declared twice."""
    names = {item.name: item for item in inherited}
    json_names = {item.json_name: item for item in inherited if not item.unwrapped}
    for item in own:
        clash = names.get(item.name) or (
            None if item.unwrapped else json_names.get(item.json_name)
        )
        if clash is not None:
            what = (
                f"field '{item.name}'"
                if clash.name == item.name
                else f"JSON name '{item.json_name}' (field '{item.name}')"
            )
            raise SchemaError(
                item.location,
                f"{model.name} declares the {what}, which it inherits from"
                f" {parent.name}; a subclass adds fields and cannot redeclare them",
            )
    catch_alls = [item for item in (*inherited, *own) if item.any_properties]
    if len(catch_alls) > 1:
        raise SchemaError(
            catch_alls[1].location,
            f"{model.name} has two any_properties fields ({catch_alls[0].name},"
            f" inherited, and {catch_alls[1].name}); one collects every unknown member",
        )
    return inherited + own


def _write_order(
    ref: ModelRef, name: str, fields: tuple[FieldDef, ...], lineage: Lineage
) -> tuple[FieldDef, ...]:
    """As Jackson orders a subclass: the nearest ``order`` in the lineage (the
    model's own, else its bases'), then the rest, inherited fields first."""
    for holder in (ref, *lineage.ancestors(ref)):
        if holder in lineage.orders:
            return ordered_fields(name, fields, lineage.orders[holder])
    return fields


def check_discriminators(modules: list[ModuleDef], lineage: Lineage) -> None:
    """No subtype writes a member named like the property its base writes first.

    Runs once flattened members are known to be sound (no unwrapping cycles)."""
    index = {
        ModelRef(module.name, model.name): model
        for module in modules
        for model in module.models
    }
    for model in index.values():
        if model.discriminator is None or model.discriminator not in written_names(
            model, index
        ):
            continue
        base = model.base
        while base not in lineage.tables:
            assert base is not None
            base = lineage.parents[base]
        raise lineage.tables[base].error(
            f"the discriminator '{model.discriminator}' of {base.name} is also a"
            f" property of its subtype {model.name}"
        )


def _modules_of(type_ref: TypeRef) -> set[str]:
    """The modules whose enums and models a type names."""
    if isinstance(type_ref, EnumRef | ModelRef):
        return {type_ref.module}
    if isinstance(type_ref, Nullable):
        return _modules_of(type_ref.inner)
    if isinstance(type_ref, ListOf | SetOf):
        return _modules_of(type_ref.item)
    if isinstance(type_ref, TupleOf):
        return set().union(*(_modules_of(item) for item in type_ref.items))
    if isinstance(type_ref, DictOf):
        return _modules_of(type_ref.key) | _modules_of(type_ref.value)
    return set()


def _check_import_order(modules: list[ModuleDef], lineage: Lineage) -> None:
    """A class statement needs its base class's module loaded: no import cycle."""
    imports = {module.name: module.imports for module in modules}
    for ref, parent in lineage.parents.items():
        if parent.module == ref.module:
            continue
        reached, pending = set(), [parent.module]
        while pending:
            current = pending.pop()
            for name in imports.get(current, ()):
                if name not in reached:
                    reached.add(name)
                    pending.append(name)
        if ref.module in reached:
            raise lineage.blame(ref).error(
                f"{ref.name} extends {parent.module}.{parent.name}, but"
                f" {parent.module} imports this file (directly or through others),"
                " so the base class would not be defined yet; move the base or the"
                " subclass so the two files do not import each other"
            )
