"""The names of one generated module: what each thing is called, and what is used.

A ``Scope`` answers the naming questions every planner asks (how this module spells
another module's class or an imported name, which local a field takes, what a table
of member names is called) and collects, as planning goes, the runtime names, imports
and module-level tables the code will need.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable

from .ir import (
    Custom,
    DictOf,
    EnumDef,
    EnumRef,
    FieldDef,
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
from .plan import Function, Table, Value
from .quoting import identifier, reference
from .reading import model_index
from .scalars import ANNOTATIONS, IMPORTED_NAMES, MODULE_LEVEL_NAMES, literal_imports

Container = ListOf | SetOf | TupleOf | DictOf
Imported = tuple[str, str, str]
"""``(module, name, alias)``: one imported name; no name for ``import module``."""

# Names generated functions use; a field whose name would shadow one gets a suffix.
_TAKEN_LOCALS = frozenset(
    {"data", "value", "result", "error", "index", "item", "key", "members", "parts"}
    | {"name", "inner", "text", "match", "member", "typed_key", "room"}
    | set(dir(builtins))
    | MODULE_LEVEL_NAMES
    # Names ruff flags as ambiguous (E741).
    | {"l", "O", "I"}
)
# Suffixes of the locals that hold a field's JSON text or flattened members.
_DERIVED_SUFFIXES = ("_json", "_members")


class Scope:
    """Names, uses and tables of the module being planned."""

    def __init__(
        self, module: ModuleDef, all_modules: dict[str, ModuleDef], runtime: str
    ) -> None:
        self.module = module
        self.runtime = runtime
        """The package generated code imports the runtime from, maybe relative."""
        self.models = model_index(all_modules)
        self.enums: dict[tuple[str, str], EnumDef] = {
            (name, enum.name): enum
            for name, other in all_modules.items()
            for enum in other.enums
        }
        self.uses: set[str] = set()
        """Runtime names the code uses (``_numbers``, ``encode_mismatch``...)."""
        self.stdlib_imports: set[tuple[str, str]] = set()
        """``(module, name)`` of the standard library; no name for ``import module``."""
        self.user_imports: set[Imported] = set()
        """Imports of the schema's own references (validators, bound classes, codecs)."""
        self.tables: list[Table] = []
        self.type_aliases: set[str] = set()
        """Imported names a class body reaches through ``_name`` (a field hides it)."""
        self.hidden: frozenset[str] = frozenset()
        """Imported names fields hide where code is being planned: see ``imported``."""
        self.module_names = {enum.name for enum in module.enums} | {
            model.name for model in module.models
        }
        self._aliases: dict[str, str] = {}
        self._reserved_locals: frozenset[str] | None = None
        self._name_tables: dict[tuple[str, str, str], str] = {}

    def model(self, ref: ModelRef) -> ModelDef:
        return self.models[ref.module][ref.name]

    # ------------------------------------------------------------ other modules

    def module_alias(self, module: str) -> str:
        """The name another generated module is imported as: unique, shadowing nothing."""
        if not self._aliases:
            reserved = (
                set(_TAKEN_LOCALS)
                | self.module_names
                | {item.name for model in self.module.models for item in model.fields}
            )
            for name in sorted(self.module.imports):
                alias = name.replace(".", "_")
                while alias in reserved:
                    alias += "_"
                reserved.add(alias)
                self._aliases[name] = alias
        return self._aliases[module]

    def qualified(self, module: str, name: str) -> str:
        """How this module spells a class or function of ``module``."""
        if module == self.module.name:
            return name
        return f"{self.module_alias(module)}.{name}"

    # ----------------------------------------------------------- imported names

    def imported(self, name: str) -> str:
        """How planned code spells an imported name: ``_name`` where a field hides it."""
        if name in self.hidden:
            self.type_aliases.add(name)
            return f"_{name}"
        return name

    def annotation(self, type_ref: TypeRef) -> str:
        """The Python annotation of a type, its imports noted."""
        if isinstance(type_ref, Scalar):
            name, source = ANNOTATIONS[type_ref.name]
            if source == "_javatime":  # a runtime class, through the module's alias
                self.uses.add(source)
                return f"{source}.{name}"
            if source is not None:
                self.stdlib_imports.add((source, name))
            return self.imported(name) if name in IMPORTED_NAMES else name
        if isinstance(type_ref, ListOf):
            return f"list[{self.annotation(type_ref.item)}]"
        if isinstance(type_ref, SetOf):
            return f"set[{self.annotation(type_ref.item)}]"
        if isinstance(type_ref, TupleOf):
            items = ", ".join(self.annotation(item) for item in type_ref.items)
            return f"tuple[{items}, ...]" if type_ref.variadic else f"tuple[{items}]"
        if isinstance(type_ref, DictOf):
            key, value = self.annotation(type_ref.key), self.annotation(type_ref.value)
            return f"dict[{key}, {value}]"
        if isinstance(type_ref, Nullable):
            return f"{self.annotation(type_ref.inner)} | None"
        if isinstance(type_ref, Custom):
            return self.annotation(type_ref.inner)
        return self.qualified(type_ref.module, type_ref.name)

    def value(self, value: object, type_ref: TypeRef) -> Value:
        """A default or bound of a type, its imports noted and its names spelled here."""
        base = type_ref.inner if isinstance(type_ref, Nullable) else type_ref
        if value is not None and isinstance(base, EnumRef):
            return Value(value, enum_class=self.qualified(base.module, base.name))
        needs = literal_imports(value)
        self.stdlib_imports.update(needs)
        names = sorted(name for _, name in needs)
        return Value(value, tuple((name, self.imported(name)) for name in names))

    def import_reference(self, path: str, alias: str) -> None:
        """Import what a schema's ``package.module:name`` names, as ``alias``."""
        module, name = reference(path)
        self.user_imports.add(
            (module, name, "" if alias == name else identifier(alias))
        )

    # ------------------------------------------------------------------- locals

    def local_names(self, fields: tuple[FieldDef, ...]) -> dict[str, str]:
        """Local variable names for fields that shadow nothing the function uses."""
        if self._reserved_locals is None:  # the module's own names, gathered once
            self._reserved_locals = (
                _TAKEN_LOCALS
                | self.module_names
                | {self.module_alias(name) for name in self.module.imports}
            )
        reserved = self._reserved_locals
        taken = {item.name for item in fields if item.name.endswith(_DERIVED_SUFFIXES)}

        def is_taken(name: str) -> bool:
            return name in reserved or name in taken

        names: dict[str, str] = {}
        for item in fields:
            name = item.name
            while is_taken(name) or any(
                is_taken(name + end) for end in _DERIVED_SUFFIXES
            ):
                name += "_"
            taken.add(name)
            taken.update(name + end for end in _DERIVED_SUFFIXES)
            names[item.name] = name
        return names

    # ------------------------------------------------------------------- tables

    def add_table(self, table: Table) -> str:
        self.tables.append(table)
        return table.name

    def json_names(self, model: ModelDef) -> list[str]:
        """Every member name an object of the model can hold, flattened ones included."""
        names = []
        for item in model.fields:
            if item.unwrapped is None:
                if not item.any_properties:
                    names.append(item.json_name)
                continue
            prefix, suffix = item.unwrapped
            child = self.model(unwrapped_model(item))
            names += [prefix + name + suffix for name in self.json_names(child)]
        if model.discriminator is not None:
            names.append(model.discriminator)
        return names

    def names_table(self, model: ModelDef, prefix: str, suffix: str) -> str:
        """A module-level frozenset of the member names an object holds."""
        key = (model.name, prefix, suffix)
        if key not in self._name_tables:
            table = f"_{model.name}_PROPERTIES"
            if prefix or suffix:
                table += f"_{len(self._name_tables) + 1}"
            names = tuple(prefix + name + suffix for name in self.json_names(model))
            self._name_tables[key] = self.add_table(Table("names", table, names=names))
        return self._name_tables[key]


def object_function(kind: str, model: ModelDef) -> str:
    """The name of the ``encode``, ``decode`` or ``plain`` function of a model's own
    object. Models of a subtype table read and write through the table under the
    usual name (``_encode_Card`` writes the name of the subtype), so their objects'
    functions take a prefix no other generated name has."""
    if model.subtypes is not None:
        return f"_fields_{kind}_{model.name}"
    return f"_{kind}_{model.name}"


def model_functions(
    model: ModelDef,
    through_table: Callable[[ModelDef], Function],
    own_object: Callable[[ModelDef], Function],
) -> list[Function]:
    """A model's encoders (or decoders): through its part of a subtype table, unless
    it has none, and of its own object, unless it is abstract."""
    functions: list[Function] = []
    if model.subtypes is not None:
        functions.append(through_table(model))
    if not model.abstract:
        functions.append(own_object(model))
    return functions


def unwrapped_model(item: FieldDef) -> ModelRef:
    """The model an unwrapped field flattens into its parent."""
    target = item.type.inner if isinstance(item.type, Nullable) else item.type
    assert isinstance(target, ModelRef)
    return target
