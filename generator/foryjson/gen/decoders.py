"""The plan of each model's decoder: how members are read, checked and assembled.

For each field: where its value comes from (a required or optional member, a
flattened child, the catch-all members, a read-only default), the value planner's
checks, then the field's declared rules; then the object is built and validated.
Subtypes are read by the name the document gives.
"""

from __future__ import annotations

from . import rules
from .containers import ContainerPlanner
from .defaults import NOTHING, implicit_default, is_plain_json
from .ir import (
    EnumRef,
    FieldDef,
    ListOf,
    ModelDef,
    ModelRef,
    Nullable,
    TupleOf,
    UnknownProperties,
)
from .objects import needs_hash_guard
from .plan import (
    Assign,
    BaseDecoder,
    Call,
    Construct,
    Function,
    HashCheck,
    IfNotNone,
    ModelDecoder,
    ReadFlat,
    ReadMember,
    ReturnCall,
    Segment,
    Stmt,
    ValueDecoder,
)
from .scope import object_function, unwrapped_model


class DecoderPlanner:
    """Plans the decoders of the models of one module."""

    def __init__(
        self, values: ContainerPlanner, flat_functions: list[Function]
    ) -> None:
        self.values = values
        self.scope = values.scope
        self.flat_decoders: dict[tuple[str, str, str, str], str] = {}
        self.flat_functions = flat_functions
        """Where the decoders of flattened children go, in the order they are planned."""

    def decoder(self, model: ModelDef) -> Function:
        """The decoder of a model's own object: a value model's or an object's."""
        scope = self.scope
        name = object_function("decode", model)
        scope.uses.add("decode_mismatch")
        if model.value_field is not None:
            var = scope.local_names(model.fields)[model.value_field]
            return ValueDecoder(
                name, model.name, var, self.construct(model, model.name)
            )
        reads = self.reads(model, "", "")
        unknown = None
        catch_all = any(item.any_properties for item in model.fields)
        if model.unknown_properties is UnknownProperties.REJECT and not catch_all:
            scope.uses.add("unknown_property")
            unknown = scope.names_table(model, "", "")
        construct = self.construct(model, model.name)
        return ModelDecoder(name, model.name, reads, construct, unknown)

    # -------------------------------------------------------------------- fields

    def reads(self, model: ModelDef, prefix: str, suffix: str) -> list[Stmt]:
        """Statements that leave each field's decoded value in a local variable."""
        scope, values = self.scope, self.values
        locals_ = scope.local_names(model.fields)
        body: list[Stmt] = []
        for item in model.fields:
            var = locals_[item.name]
            if item.any_properties:
                scope.uses.add("_dynamic")
                known = scope.names_table(model, prefix, suffix)
                body.append(Call(var, "_dynamic.read_members", ("data", known)))
                continue
            if item.unwrapped is not None:
                body.append(self.flattened(item, var, prefix, suffix))
                continue
            default = implicit_default(item)
            if item.read_only:
                body.append(Assign(var, scope.value(default, item.type)))
                continue
            json_name = prefix + item.json_name + suffix
            segment = Segment("member", json_name)
            checks: list[Stmt]
            if item.raw:
                # Any JSON value, kept as its compact text; null stays None if allowed.
                scope.uses.add("_dynamic")
                raw = Call(var, "_dynamic.read_raw", (var,))
                checks = values.guarded("DecodeError", segment, [raw])
                if isinstance(item.type, Nullable):
                    checks = [IfNotNone(var, checks)]
            else:
                checks = values.read(item.type, var, segment)
            checks += self.constraints(item, var, segment)
            if default is NOTHING:
                scope.uses.add("missing_property")
                body.append(ReadMember(var, json_name, "required", None, checks))
            elif not is_plain_json(default) or (default is not None and _is_enum(item)):
                # Not a plain JSON value (an enum member, a date), or a container that
                # must be fresh for each object: built only when the key is absent.
                built = scope.value(default, item.type)
                body.append(ReadMember(var, json_name, "if_present", built, checks))
            else:
                plain = None if default is None else scope.value(default, item.type)
                body.append(ReadMember(var, json_name, "get", plain, checks))
        return body

    def constraints(self, item: FieldDef, var: str, segment: Segment) -> list[Stmt]:
        """Checks of a field's declared rules, after its value is decoded."""
        checks: list[Stmt] = []
        for check in rules.constraints(self.scope, item, var, segment, "DecodeError"):
            if check.rule == "unique":
                target = (
                    item.type.inner if isinstance(item.type, Nullable) else item.type
                )
                assert isinstance(target, ListOf | TupleOf)  # the schema checker's rule
                element = (
                    target.items[0] if isinstance(target, TupleOf) else target.item
                )
                if needs_hash_guard(element):
                    # Bound the work of the set below (see foryjson.hashing).
                    self.scope.uses.add("_hashing")
                    checks += self.values.guarded(
                        "DecodeError", segment, [HashCheck(var)]
                    )
            checks.append(check)
        return rules.when_present(item, var, checks)

    # --------------------------------------------------------- flattened children

    def flattened(self, item: FieldDef, var: str, prefix: str, suffix: str) -> ReadFlat:
        """Read an unwrapped child from the parent's members; it exists if any appears."""
        inner_prefix, inner_suffix = item.unwrapped or ("", "")
        ref = unwrapped_model(item)
        function = self.flat_decoder(ref, prefix + inner_prefix, inner_suffix + suffix)
        required = not isinstance(item.type, Nullable)
        if required:
            self.scope.uses.add("DecodeError")
        message = f"missing the members of {item.name} (unwrapped {ref.name})"
        return ReadFlat(var, function, required, message)

    def flat_decoder(self, ref: ModelRef, prefix: str, suffix: str) -> str:
        """The function reading a flattened child from its parent's members, or None."""
        key = (ref.module, ref.name, prefix, suffix)
        if key in self.flat_decoders:
            return self.flat_decoders[key]
        name = f"_decode_{ref.name}_members_{len(self.flat_decoders) + 1}"
        self.flat_decoders[key] = name
        model = self.scope.model(ref)
        table = self.scope.names_table(model, prefix, suffix)
        child = self.scope.qualified(ref.module, ref.name)
        reads = self.reads(model, prefix, suffix)
        construct = self.construct(model, child)
        self.flat_functions.append(
            ModelDecoder(name, child, reads, construct, flat_table=table)
        )
        return name

    # -------------------------------------------------------------- construction

    def construct(self, model: ModelDef, cls: str) -> Construct:
        """Build the object from the locals, then run its validator."""
        locals_ = self.scope.local_names(model.fields)
        assignments = [(item.name, locals_[item.name]) for item in model.fields]
        if model.python is None:
            self.scope.uses.add("_new")
        if model.frozen:
            self.scope.uses.add("_set")
        validator = rules.validator(self.scope, model, "result", "DecodeError")
        return Construct(
            cls, assignments, model.python is not None, validator, model.frozen
        )

    # ------------------------------------------------------------------ subtypes

    def base_decoder(self, model: ModelDef) -> BaseDecoder:
        """Read a subtype by the table's name: property, wrapper object or array."""
        subtypes = model.subtypes
        assert subtypes is not None
        self.scope.uses.update(("decode_mismatch", "DecodeError"))
        representation = subtypes.representation
        inner, segment = {
            "property": ("data", None),
            "wrapper_object": ("inner", Segment("subtype_name")),
            "wrapper_array": ("inner", Segment("position", "1")),
        }[representation]
        cases = []
        itself = None
        for json_name, subtype in subtypes.types:
            if subtype == model.name:
                itself = json_name
            function = object_function(
                "decode", self.scope.model(ModelRef(self.scope.module.name, subtype))
            )
            read: list[Stmt] = [ReturnCall(function, inner)]
            cases.append((json_name, self.values.guarded("DecodeError", segment, read)))
        return BaseDecoder(
            f"_decode_{model.name}",
            model.name,
            representation,
            subtypes.property or "",
            cases,
            itself if representation == "property" else None,
        )


def _is_enum(item: FieldDef) -> bool:
    type_ref = item.type
    return isinstance(
        type_ref.inner if isinstance(type_ref, Nullable) else type_ref, EnumRef
    )
