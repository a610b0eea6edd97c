"""The plan of each type's plain encoder: plain data for one ``orjson.dumps`` call.

A plain encoder (``_plain_X``) mirrors the string encoder (``_encode_X``) the other
planners plan: the same members, under the same include conditions, in the same order,
after the same inline checks. Its output is what orjson writes byte for byte as the
string encoder would: strings, integers, booleans, None and enum members as they are;
floats where orjson spells them alike (see ``foryjson.fastwriter``); and, for every
other value, the string encoder's own text as a fragment. Errors need no paths here:
a failing check raises ``NotPlain`` and the string encoder writes the document, or the
error, again.
"""

from __future__ import annotations

from typing import Literal

from . import rules
from .encoders import EncoderPlanner
from .ir import (
    JAVA_TIMES,
    TEMPORALS,
    Custom,
    DictOf,
    EnumRef,
    ListOf,
    ModelDef,
    ModelRef,
    Nullable,
    Scalar,
    SetOf,
    TupleOf,
    TypeRef,
)
from .objects import java_floats
from .plan import (
    DictHelper,
    Function,
    Load,
    PlainBaseEncoder,
    PlainCheck,
    PlainDict,
    PlainEntry,
    PlainGroup,
    PlainModelEncoder,
    PlainSequence,
    PlainTuple,
    PlainValue,
    PlainValueEncoder,
    SkipTest,
    TypeTest,
)
from .reading import keeps_read_values, static_depth, static_object_depth
from .scope import Container, object_function, unwrapped_model
from .values import element_of

# Runtime functions that turn a value into plain data themselves.
_PLAIN_SCALARS = {
    Scalar("float"): "_fastwriter.plain_float",
    Scalar("any"): "_fastwriter.plain_any",
    Scalar("any", "java"): "_fastwriter.plain_any_java",
}

# Scalars orjson writes itself exactly as the string encoder does (lowercase UUIDs,
# ISO dates of years 1-9999): passed as they are when of exactly this class.
_NATIVE_SCALARS = frozenset({"uuid", "date"})
_UUID_MAX = 2**128 - 1

# The room a counting encoder gets from one that does not: the root's text is counted.
_UNCOUNTED = "_fastwriter.UNCOUNTED"


class PlainPlanner:
    """Plans the plain encoders of one module's models and containers.

    With ``builtins``, it plans the ``to_builtins`` functions instead (``_builtins_X``,
    see ``foryjson.pyvalues``): the same objects, members and checks, with every value
    as the Python data its JSON carries, and the ``options`` of the call passed along.
    """

    def __init__(self, encoders: EncoderPlanner, builtins: bool = False) -> None:
        self.builtins = builtins
        if builtins:
            encoders.scope.uses.add("_pyvalues")
        self.kind = "builtins" if builtins else "plain"
        self.prefix = f"_{self.kind}_"
        self.string_encoders = encoders
        self.values = encoders.values
        self.scope = encoders.scope
        self.helpers: dict[TypeRef, Function] = {}
        """Planned container helpers, in the order they are written: elements' first."""
        self.flat_functions: list[Function] = []
        self._flat: dict[tuple[str, str, str, str], str] = {}
        self._depths: dict[TypeRef, int | None] = {}
        self._counting: dict[TypeRef, bool] = {}

    # ------------------------------------------------------------------ depth

    def depth(self, type_ref: TypeRef) -> int | None:
        """The deepest nesting of a document of this type (None: unbounded)."""
        if type_ref not in self._depths:
            self._depths[type_ref] = static_depth(type_ref, self.scope.models)
        return self._depths[type_ref]

    def counts(self, type_ref: TypeRef) -> bool:
        """Whether the plain encoder of this type counts nesting levels itself: its
        nesting has no bound, and none of its values is kept as read (whose nesting
        only the written text tells)."""
        if type_ref not in self._counting:
            self._counting[type_ref] = self.depth(type_ref) is None and not (
                keeps_read_values(type_ref, self.scope.models)
            )
        return self._counting[type_ref]

    def need(self, depths: list[int | None]) -> int:
        """The room a container whose values nest this deep needs: its own level and
        its deepest bounded value's (an unbounded value counts for itself)."""
        return 1 + max((depth for depth in depths if depth is not None), default=0)

    # ------------------------------------------------------------------ values

    def value(
        self, type_ref: TypeRef, var: str, room: str = _UNCOUNTED
    ) -> tuple[list[PlainCheck], PlainValue]:
        """The checks of ``var`` and how it stands in plain data; ``room`` is the
        argument of a counting encoder of it."""
        scope = self.scope
        scope.uses.add("_fastwriter")
        if self.builtins:
            scope.uses.add("_pyvalues")
        if isinstance(type_ref, Nullable):
            checks, inner = self.value(type_ref.inner, var, room)
            checks = [PlainCheck(check.test, True, check.guard) for check in checks]
            if inner.kind == "as_is":
                return checks, inner
            return checks, PlainValue("nullable", var, inner=inner)
        test = self.values.encode_test(type_ref, var)
        if isinstance(type_ref, EnumRef):
            # By value: orjson would read each member's value through enum's property.
            assert test is not None
            return [PlainCheck(test)], PlainValue("enum", var)
        if test is not None:  # str, bool, integers
            return [PlainCheck(test)], PlainValue("as_is", var)
        if isinstance(type_ref, Scalar) and self.builtins:
            return [], self.builtin_scalar(type_ref, var)
        if isinstance(type_ref, Scalar):
            if type_ref.name in _NATIVE_SCALARS and type_ref.format is None:
                cls = scope.annotation(Scalar(type_ref.name))
                checks = [PlainCheck(TypeTest("type", var, cls))]
                if type_ref.name == "uuid":
                    # orjson reads the int slot as an int of 128 bits unchecked: a
                    # UUID whose slot was set to anything else is not plain.
                    checks.append(
                        PlainCheck(
                            TypeTest("int", f"{var}.int", low=0, high=_UUID_MAX),
                            guard=var,
                        )
                    )
                return checks, PlainValue("as_is", var)
            if type_ref in _PLAIN_SCALARS:
                return [], PlainValue("call", var, _PLAIN_SCALARS[type_ref])
            return [], PlainValue(
                "fragment", var, self.values.writer_function(type_ref)
            )
        if isinstance(type_ref, Custom):
            function = self.values.writer_function(type_ref)
            if self.builtins:
                return [], PlainValue("parsed", var, function, convert="parsed")
            return [], PlainValue("user_fragment", var, function)
        if isinstance(type_ref, SetOf):
            # Written sorted by the elements' text: the string helper's text it is.
            function = self.values.encoder_name(type_ref)
            if self.builtins:
                exact = type_ref.item == Scalar("decimal")
                convert = "parsed_exact" if exact else "parsed"
                return [], PlainValue("parsed", var, function, convert=convert)
            return [], PlainValue("fragment", var, function)
        room = room if self.counts(type_ref) else ""
        if isinstance(type_ref, ModelRef):
            name = scope.qualified(type_ref.module, f"{self.prefix}{type_ref.name}")
            return [], self.call(var, name, room)
        assert isinstance(type_ref, ListOf | TupleOf | DictOf)
        return [], self.call(var, self.helper(type_ref), room)

    def call(self, var: str, function: str, room: str) -> PlainValue:
        """A call to another function of this planner's kind."""
        return PlainValue("call", var, function, room=room, options=self.builtins)

    def builtin_scalar(self, scalar: Scalar, var: str) -> PlainValue:
        """A scalar without an inline check, as the Python data of its JSON value."""
        if scalar.name == "any":
            return PlainValue("convert", var, convert="any_value")
        if scalar.name == "decimal":
            function = self.values.writer_function(scalar)
            return PlainValue("decimal", var, function)
        if scalar == Scalar("float"):
            return PlainValue("convert", var, convert="float_value")
        function = self.values.writer_function(scalar)
        if scalar.name in TEMPORALS or scalar.name in JAVA_TIMES:
            return PlainValue("temporal", var, function)
        return PlainValue("scalar", var, function)

    # ------------------------------------------------------------------ models

    def base_encoder(self, model: ModelDef) -> Function:
        """Each subtype's name, then its plain object."""
        self.scope.uses.add("_fastwriter")
        subtypes = model.subtypes
        assert subtypes is not None
        module = self.scope.module.name
        counts = self.counts(ModelRef(module, model.name))
        # A wrapper object or array around the subtype's object takes a level.
        wrapped = subtypes.representation != "property"
        inner = "room - 1" if wrapped else "room"
        cases = []
        depths: list[int | None] = [0] if wrapped else []
        for json_name, subtype in subtypes.types:
            ref = ModelRef(module, subtype)
            room = ""
            if self.counts(ref):
                room = inner if counts else _UNCOUNTED
            depth = static_object_depth(ref, self.scope.models)
            depths.append(None if depth is None else depth - (0 if wrapped else 1))
            function = object_function(self.kind, self.scope.model(ref))
            cases.append((json_name, subtype, function, room))
        return PlainBaseEncoder(
            f"{self.prefix}{model.name}",
            model.name,
            subtypes.representation,
            subtypes.property or "",
            cases,
            self.need(depths) if counts else None,
            self.builtins,
        )

    def encoder(self, model: ModelDef) -> Function:
        """The plain encoder of a model's own object: a value model's or an object's."""
        name = object_function(self.kind, model)
        self.scope.uses.add("_fastwriter")
        counts = self.counts(ModelRef(self.scope.module.name, model.name))
        if model.value_field is not None:
            checks = rules.plain_validator(self.scope, model)
            return PlainValueEncoder(
                name, model.name, model.value_field, checks, self.builtins
            )
        return self.members(name, model.name, model, "", "", counts)

    def members(
        self,
        name: str,
        cls: str | None,
        model: ModelDef,
        prefix: str,
        suffix: str,
        counts: bool,
    ) -> PlainModelEncoder:
        """The members of a model as a plain dict, names wrapped in prefix/suffix;
        ``counts``: whether the encoder counts nesting levels."""
        scope = self.scope
        room = "room - 1" if counts else _UNCOUNTED
        depths: list[int | None] = []
        locals_ = scope.local_names(model.fields)
        loads: list[Load] = []
        checks: list[PlainCheck] = []
        groups: list[PlainGroup] = []
        catch_all = None
        for item in model.write_order:
            if item.write_only:
                continue
            var = locals_[item.name]
            loads.append(Load(var, item.name))
            if item.any_properties:
                catch_all = (item, var)
                continue
            if item.unwrapped is not None:
                ref = unwrapped_model(item)
                inner_prefix, inner_suffix = item.unwrapped
                function = self.flat_encoder(
                    ref, prefix + inner_prefix, inner_suffix + suffix
                )
                # Its members are this object's: at this level, with this room.
                flat_room = ""
                if self.counts(ref):
                    flat_room = "room" if counts else _UNCOUNTED
                depth = self.depth(ref)
                depths.append(None if depth is None else depth - 1)
                nullable = isinstance(item.type, Nullable)
                cls_name = scope.qualified(ref.module, ref.name)
                checks.append(
                    PlainCheck(TypeTest("isinstance", var, cls_name), nullable)
                )
                condition = SkipTest("not_none", var) if nullable else None
                value = self.call(var, function, flat_room)
                groups.append(PlainGroup(condition, [PlainEntry(None, value)]))
                continue
            condition, skips_null = self.string_encoders.condition(item, var)
            item_checks, value = self.value(item.type, var, room)
            depths.append(self.depth(item.type))
            if item.raw:
                scope.uses.add("_dynamic")
                if self.builtins:
                    value = PlainValue(
                        "parsed", var, "_dynamic.write_raw", convert="parsed"
                    )
                else:
                    value = PlainValue("user_fragment", var, "_dynamic.write_raw")
                if isinstance(item.type, Nullable) and not skips_null:
                    value = PlainValue("nullable", var, inner=value)
            elif skips_null and isinstance(item.type, Nullable):
                # Null is never written here: the value is the inner type's.
                value = self.value(item.type.inner, var, room)[1]
            checks += item_checks
            checks += rules.plain_checks(scope, item, var)
            entry = PlainEntry(prefix + item.json_name + suffix, value)
            last = groups[-1] if groups else None
            if (
                condition is None
                and last is not None
                and last.condition is None
                and last.entries[-1].json_name is not None
            ):
                last.entries.append(entry)
            else:
                groups.append(PlainGroup(condition, [entry]))
        checks += rules.plain_validator(scope, model)
        if catch_all is not None:
            item, var = catch_all
            known = scope.names_table(model, prefix, suffix)
            java = java_floats(item) and not self.builtins
            convert = "_fastwriter.plain_any_java" if java else ""
            members = PlainValue(
                "members", var, known, options=self.builtins, convert=convert
            )
            entry = PlainEntry(None, members)
            groups.append(PlainGroup(None, [entry]))
        head: list[PlainEntry] = []
        if groups and groups[0].condition is None:
            while groups[0].entries and groups[0].entries[0].json_name is not None:
                head.append(groups[0].entries.pop(0))
            if not groups[0].entries:
                groups.pop(0)
        need = self.need(depths) if counts else None
        return PlainModelEncoder(
            name, cls, loads, checks, head, groups, need, self.builtins
        )

    def flat_encoder(self, ref: ModelRef, prefix: str, suffix: str) -> str:
        """The function giving a model's members (a dict) with wrapped names."""
        key = (ref.module, ref.name, prefix, suffix)
        if key not in self._flat:
            name = f"{self.prefix}{ref.name}_members_{len(self._flat) + 1}"
            self._flat[key] = name
            model = self.scope.model(ref)
            planned = self.members(name, None, model, prefix, suffix, self.counts(ref))
            self.flat_functions.append(planned)
        return self._flat[key]

    # -------------------------------------------------------------- containers

    def helper(self, type_ref: Container) -> str:
        """The plain helper of a list, tuple or dict, planned once per type."""
        name = f"{self.prefix}{self.values.helper(type_ref)}"
        if type_ref in self.helpers:
            return name
        helper: Function
        counts = self.counts(type_ref)
        room = "room - 1" if counts else _UNCOUNTED
        if isinstance(type_ref, TupleOf) and not type_ref.variadic:
            names = [f"item{position}" for position in range(len(type_ref.items))]
            checks: list[PlainCheck] = []
            values = []
            for local, item in zip(names, type_ref.items, strict=True):
                item_checks, value = self.value(item, local, room)
                checks += item_checks
                values.append(value)
            need = self.need([self.depth(item) for item in type_ref.items])
            helper = PlainTuple(
                name, names, checks, values, need if counts else None, self.builtins
            )
        elif isinstance(type_ref, DictOf):
            strings = self.values.helpers[type_ref]
            assert isinstance(strings, DictHelper)
            checks, value = self.value(type_ref.value, "item", room)
            checks.insert(0, PlainCheck(strings.key_test))
            need = self.need([self.depth(type_ref.value)])
            helper = PlainDict(
                name,
                strings.key_text,
                checks,
                value,
                need if counts else None,
                self.builtins,
            )
        else:
            assert isinstance(type_ref, ListOf | TupleOf)
            element = element_of(type_ref)
            checks, value = self.value(element, "item", room)
            shape: Literal["list", "tuple"] = (
                "list" if isinstance(type_ref, ListOf) else "tuple"
            )
            need = self.need([self.depth(element)])
            helper = PlainSequence(
                name, shape, checks, value, need if counts else None, self.builtins
            )
        self.helpers[type_ref] = helper
        return name
