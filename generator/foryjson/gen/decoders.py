"""The plan of each model's decoder: how members are read, checked and assembled.

For each field: where its value comes from (a required or optional member, a
flattened child, the catch-all members, a read-only default), the value planner's
checks, then the field's declared rules; then the object is built and validated.
Subtypes are read by the name the document gives.
"""

from __future__ import annotations

from decimal import Decimal

from .containers import ContainerPlanner
from .defaults import NOTHING, implicit_default, is_plain_json
from .ir import (
    EnumRef,
    FieldDef,
    ListOf,
    ModelDef,
    ModelRef,
    Nullable,
    Scalar,
    TupleOf,
    UnknownProperties,
)
from .objects import needs_hash_guard
from .plan import (
    Assign,
    BaseDecoder,
    Call,
    Constraint,
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
    Table,
    Value,
    ValueDecoder,
)
from .scope import object_function, unwrapped_model

# Each rule as the comparison that must hold: written negated, NaN fails every rule.
_COMPARISONS = (
    ("min", ">=", "is less than the minimum"),
    ("max", "<=", "is more than the maximum"),
    ("exclusive_min", ">", "is not more than the exclusive minimum"),
    ("exclusive_max", "<", "is not less than the exclusive maximum"),
)


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
        rules = item.constraints
        if rules is None:
            return []
        scope = self.scope
        scope.uses.add("DecodeError")
        target = item.type.inner if isinstance(item.type, Nullable) else item.type
        checks: list[Stmt] = []
        for rule, operator, words in _COMPARISONS:
            bound = getattr(rules, rule)
            if bound is not None:
                scope.uses.add("_numbers")
                checks.append(
                    Constraint(
                        "compare",
                        var,
                        segment,
                        f"{words} {bound}",
                        operator=operator,
                        bound=self.bound(bound, target),
                    )
                )
        if rules.multiple_of is not None:
            scope.uses.add("_decimals")
            words = f"is not a multiple of {rules.multiple_of}"
            text = str(rules.multiple_of)
            checks.append(Constraint("multiple_of", var, segment, words, text=text))
        for rule, length, words in (
            ("min_length", rules.min_length, "is less than the minimum length"),
            ("max_length", rules.max_length, "is more than the maximum length"),
        ):
            if length is not None:
                checks.append(
                    Constraint(
                        rule,  # type: ignore[arg-type]
                        var,
                        segment,
                        f"{words} {length}",
                        bound=Value(length),
                    )
                )
        if rules.unique:
            assert isinstance(target, ListOf | TupleOf)  # the schema checker's rule
            element = target.items[0] if isinstance(target, TupleOf) else target.item
            if needs_hash_guard(element):
                # Bound the work of the set below (see foryjson.hashing).
                scope.uses.add("_hashing")
                checks += self.values.guarded("DecodeError", segment, [HashCheck(var)])
            words = "appears more than once; each item may appear only once"
            checks.append(Constraint("unique", var, segment, words))
            scope.uses.update(("_numbers", "_represent"))
        if rules.pattern is not None:
            table = f"_PATTERN_{len(scope.tables) + 1}"
            scope.stdlib_imports.add(("re", ""))
            scope.add_table(Table("regex", table, regex=rules.pattern))
            # The whole string must match, as Java's Pattern.matches and Bean
            # Validation's @Pattern: "$" alone would let "EUR\n" through.
            words = f"does not match the pattern {rules.pattern}"
            checks.append(Constraint("pattern", var, segment, words, table=table))
        if isinstance(item.type, Nullable):
            return [IfNotNone(var, checks)]
        return checks

    def bound(self, bound: Decimal, target: object) -> Value:
        """A numeric bound as the field's type compares it: exact, integral or float."""
        if isinstance(target, Scalar) and target.name == "decimal":
            return self.scope.value(bound, target)
        if bound == bound.to_integral_value() and not (
            isinstance(target, Scalar) and target.name in ("float", "float32")
        ):
            return Value(int(bound))
        return Value(float(bound))

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
        validator = None
        if model.validator is not None:
            alias = f"_validate_{model.name}"
            self.scope.import_reference(model.validator, alias)
            self.scope.uses.add("DecodeError")
            validator = (alias, model.validator)
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
        for json_name, subtype in subtypes.types:
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
        )


def _is_enum(item: FieldDef) -> bool:
    type_ref = item.type
    return isinstance(
        type_ref.inner if isinstance(type_ref, Nullable) else type_ref, EnumRef
    )
