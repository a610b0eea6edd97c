"""The helpers of container types: one encoder/decoder pair per type in a module.

Lists, sets and ``tuple[T, ...]`` are JSON arrays of one element type; a fixed
``tuple[A, B]`` is an array of exactly that many elements; a ``dict`` is a JSON object
whose keys are strings on the wire and typed in Python. What each helper does is
planned here; ``templates/containers.jinja`` lays it out.
"""

from __future__ import annotations

from typing import Literal

from .ir import DictOf, EnumRef, ListOf, Scalar, SetOf, TupleOf, TypeRef, spell
from .objects import needs_hash_guard
from .plan import (
    Call,
    DictHelper,
    Function,
    Segment,
    SequenceHelper,
    Stmt,
    Text,
    TupleHelper,
    TypeTest,
    Value,
)
from .scope import Container, Scope
from .values import ValuePlanner, converts, element_of, int_test


class ContainerPlanner(ValuePlanner):
    """A value planner that also plans the helpers of the containers it meets."""

    def __init__(self, scope: Scope) -> None:
        super().__init__(scope)
        self.helpers: dict[TypeRef, Function] = {}
        """Planned helpers, in the order they are written: elements' ones first."""
        self.helper_names: dict[TypeRef, str] = {}

    def helper(self, type_ref: Container) -> str:
        if type_ref in self.helper_names:
            return self.helper_names[type_ref]
        base = self.type_key(type_ref)
        name, number = base, 2
        while name in self.helper_names.values():
            name, number = f"{base}_{number}", number + 1
        self.helper_names[type_ref] = name
        self.scope.uses.update(("encode_mismatch", "decode_mismatch"))
        label = spell(type_ref, self.scope.module.name)
        helper: Function
        if isinstance(type_ref, TupleOf) and not type_ref.variadic:
            helper = self._fixed_tuple(type_ref, name, label)
        elif isinstance(type_ref, DictOf):
            helper = self._dict(type_ref, name, label)
        else:
            helper = self._sequence(type_ref, name, label)
        self.helpers[type_ref] = helper
        return name

    def _sequence(
        self, type_ref: ListOf | SetOf | TupleOf, name: str, label: str
    ) -> SequenceHelper:
        element = element_of(type_ref)
        is_set = isinstance(type_ref, SetOf)
        shape: Literal["list", "tuple", "set"] = (
            "set" if is_set else ("tuple" if isinstance(type_ref, TupleOf) else "list")
        )
        # Set elements have no position to name in a path: the set is written sorted.
        # A list's loop keeps no counter: the index of a failing element is the count
        # of elements done so far, or (when nothing is collected) found once it failed.
        written = self.write(
            element, "item", None if is_set else Segment("parts_count")
        )
        element_converts = converts(element)
        if element_converts:
            segment = None if is_set else Segment("result_count")
        else:
            segment = None if is_set else Segment("index_of_item")
            if not is_set:
                self.scope.uses.add("index_of")
        read = self.read(element, "item", segment)
        hash_guard = is_set and needs_hash_guard(element)
        if hash_guard:
            self.scope.uses.add("_hashing")
        if element == Scalar("str") and not is_set:
            self.scope.uses.add("_escape")
        return SequenceHelper(
            name=name,
            label=label,
            annotation=self.scope.annotation(type_ref),
            element_annotation=self.scope.annotation(element),
            shape=shape,
            written=written,
            read=read,
            converts=element_converts,
            hash_guard=hash_guard,
            fast_strings=element == Scalar("str") and not is_set,
        )

    def _fixed_tuple(self, type_ref: TupleOf, name: str, label: str) -> TupleHelper:
        names = [f"item{position}" for position in range(len(type_ref.items))]
        items = list(zip(names, type_ref.items, strict=True))
        written = [
            self.write(item, local, Segment("position", str(position)))
            for position, (local, item) in enumerate(items)
        ]
        reads = [
            self.read(item, local, Segment("position", str(position)))
            for position, (local, item) in enumerate(items)
        ]
        return TupleHelper(
            name=name,
            label=label,
            annotation=self.scope.annotation(type_ref),
            names=names,
            written=written,
            reads=reads,
        )

    def _dict(self, type_ref: DictOf, name: str, label: str) -> DictHelper:
        key_type = type_ref.key
        string_keys = key_type == Scalar("str")
        self.scope.uses.add("key_segment")
        key_test, key_text = self._key_writer(key_type)
        key_name = spell(key_type, self.scope.module.name)
        article = "an" if key_name[0] in "aeioAEIO" else "a"
        segment = Segment("key" if string_keys else "key_segment")
        written = self.write(type_ref.value, "item", segment)
        read = self.read(type_ref.value, "item", Segment("key"))
        value_converts = converts(type_ref.value)
        key_read: list[Stmt] = []
        if not string_keys:
            call = self._key_reader(key_type)
            key_read = self.guarded("DecodeError", Segment("key"), [call])
        hash_guard = needs_hash_guard(key_type)
        if hash_guard and (value_converts or not string_keys):
            self.scope.uses.add("_hashing")
        return DictHelper(
            name=name,
            label=label,
            annotation=self.scope.annotation(type_ref),
            key_annotation=self.scope.annotation(key_type),
            value_annotation=self.scope.annotation(type_ref.value),
            key_test=key_test,
            key_label=f"{article} {key_name} key",
            key_text=key_text,
            written=written,
            key_read=key_read,
            read=read,
            string_keys=string_keys,
            converts=value_converts,
            hash_guard=hash_guard,
        )

    def _key_writer(self, key_type: TypeRef) -> tuple[TypeTest, Text]:
        """The check of a key to write, and how its JSON text is spelled."""
        if key_type == Scalar("str"):
            self.scope.uses.add("_escape")
            return TypeTest("isinstance", "key", "str"), Text("escape", "key")
        if isinstance(key_type, EnumRef):
            enum_class = self.scope.qualified(key_type.module, key_type.name)
            return TypeTest("type", "key", enum_class), Text("enum", "key")
        assert isinstance(key_type, Scalar)
        if key_type.name == "uuid":
            self.scope.annotation(key_type)
            return TypeTest("type", "key", "UUID"), Text("quoted", "key")
        if key_type.name == "int":
            self.scope.uses.add("_numbers")
            return TypeTest("type", "key", "int"), Text("quoted_int", "key")
        return int_test(key_type.name, "key"), Text("quoted", "key")

    def _key_reader(self, key_type: TypeRef) -> Call:
        """The call that reads the JSON key ``key`` as the key type."""
        if isinstance(key_type, EnumRef):
            return Call("typed_key", self.decoder_name(key_type), ("key",))
        assert isinstance(key_type, Scalar)
        if key_type.name == "uuid":
            self.scope.uses.add("_identifiers")
            return Call("typed_key", "_identifiers.read_uuid", ("key",))
        self.scope.uses.add("_numbers")
        name = Value(key_type.name)
        return Call("typed_key", "_numbers.read_int_key", ("key",), name)
