"""The plan of each model's encoder: which members are written, when, and how.

Values inside an object are the value planner's business; this module decides the
object around them: the include policy of each member, raw and catch-all members,
flattened children, value models and subtypes written through their base.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from . import rules
from .containers import ContainerPlanner
from .defaults import NOTHING, can_be_empty, implicit_default, zero_value
from .ir import FieldDef, Include, ModelDef, ModelRef, Nullable
from .objects import java_floats
from .plan import (
    BaseEncoder,
    Call,
    Function,
    Load,
    MemberGroup,
    Members,
    ModelEncoder,
    Piece,
    Reject,
    Segment,
    SkipTest,
    Stmt,
    Text,
    TypeTest,
    ValueEncoder,
    WriteFlat,
    WriteNullable,
)
from .scope import object_function, unwrapped_model


class EncoderPlanner:
    """Plans the encoders of the models of one module."""

    def __init__(
        self, values: ContainerPlanner, flat_functions: list[Function]
    ) -> None:
        self.values = values
        self.scope = values.scope
        self.flat_encoders: dict[tuple[str, str, str, str], str] = {}
        self.flat_functions = flat_functions
        """Where the encoders of flattened children go, in the order they are planned."""

    def encoder(self, model: ModelDef) -> Function:
        """The encoder of a model's own object: a value model's or an object's."""
        name = object_function("encode", model)
        self.scope.uses.add("encode_mismatch")
        validator = rules.validator(self.scope, model, "value", "EncodeError")
        if model.value_field is not None:
            self.scope.uses.add("_escape")
            return ValueEncoder(name, model.name, model.value_field, validator)
        return ModelEncoder(name, model.name, self.members(model, "", ""), validator)

    # ------------------------------------------------------------------ members

    def members(self, model: ModelDef, prefix: str, suffix: str) -> Members:
        """How a model's members are written, their names wrapped in prefix/suffix."""
        values, scope = self.values, self.scope
        locals_ = scope.local_names(model.fields)
        result = Members()
        catch_all = None
        for item in model.write_order:
            if item.write_only:
                continue
            var = locals_[item.name]
            result.body.append(Load(var, item.name))
            if item.any_properties:
                catch_all = (item, var)
                continue
            if item.unwrapped is not None:
                self.flattened(item, var, prefix, suffix, result)
                continue
            json_name = prefix + item.json_name + suffix
            segment = Segment("member", json_name)
            condition, skips_null = self.condition(item, var)
            written = values.write(item.type, var, segment)
            if item.raw:
                scope.uses.add("_dynamic")
                raw = Call(f"{var}_json", "_dynamic.write_raw", (var,))
                lines = values.guarded("EncodeError", segment, [raw])
                if isinstance(item.type, Nullable) and not skips_null:
                    lines = [WriteNullable(var, lines, None)]
                written.lines, written.text = lines, Text("local", f"{var}_json")
            elif skips_null and isinstance(item.type, Nullable):
                # Null is never written here: check the rest, then write the inner type.
                inner = values.write(item.type.inner, var, segment)
                written.lines, written.text = inner.lines, inner.text
            # Inline checks run whether or not the property is written; declared
            # rules once the value's text is made (its type checked), where it is
            # written: a value left out reads back as the default, which keeps them.
            result.body += written.checks
            lines = written.lines + rules.encode_checks(
                scope, item, var, segment, null_written=not skips_null
            )
            piece = Piece(json_name, written.text)
            if condition is None:
                result.body += lines
                result.always(piece)
            else:
                result.groups.append(MemberGroup(condition, lines, [piece]))
        if catch_all is not None:
            item, var = catch_all
            scope.uses.add("_dynamic")
            known = scope.names_table(model, prefix, suffix)
            writer = "write_members_java" if java_floats(item) else "write_members"
            write: Stmt = Call(f"{var}_json", f"_dynamic.{writer}", (var, known))
            result.groups.append(MemberGroup(None, [write], []))
            result.groups.append(_when_written(f"{var}_json"))
        return result

    def condition(self, item: FieldDef, var: str) -> tuple[SkipTest | None, bool]:
        """When a property is written (None for always), and whether null is skipped.

        A property is left out only when its value equals what a missing property
        reads back as (``implicit_default``), so every policy round-trips, with one
        documented exception: ``non_empty`` on a nullable field leaves out empty values
        too, and they read back as null. Values of the wrong type are never skipped:
        inline checks run before the condition, and wrong types compare unequal.
        """
        scope = self.scope
        base = item.type.inner if isinstance(item.type, Nullable) else item.type
        policy = item.include
        missing = implicit_default(item)
        if policy is Include.ALWAYS or missing is NOTHING:
            return None, False
        if missing is None:
            if policy is Include.NON_EMPTY and can_be_empty(base):
                empty = scope.value(zero_value(base), base)
                return SkipTest("not_empty", var, empty), True
            return SkipTest("not_none", var), True
        if policy is Include.NON_NULL:
            return None, False
        if policy is Include.NON_EMPTY and missing != zero_value(base):
            return None, False
        default = scope.value(missing, item.type)
        if isinstance(missing, float) and missing == 0.0:
            # -0.0 == 0.0, but only one of them is the default; False == 0.0 too.
            scope.stdlib_imports.add(("math", "copysign"))
            sign = ">" if str(missing).startswith("-") else "<"
            return SkipTest("signed_zero", var, default, operator=sign), False
        if isinstance(missing, bool):
            return SkipTest("is_not", var, default), False
        # A value of another type can equal the default (False == 0, "9.90" is not a
        # Decimal but prints as one): it is written, so that its encoder rejects it.
        other_type = (
            "" if self.values.encode_test(base, var) else type(missing).__name__
        )
        if isinstance(missing, Decimal):
            # Decimal("1.50") == Decimal("1.5"), but only one is written as the default.
            return (
                SkipTest("decimal", var, text=str(missing), other_type=other_type),
                False,
            )
        if isinstance(missing, dt.datetime) and missing.tzinfo is not None:
            return SkipTest("aware", var, default), False
        if not isinstance(missing, float | int | str | bytes):
            other_type = ""
        return SkipTest("differs", var, default, other_type=other_type), False

    # --------------------------------------------------------- flattened children

    def flattened(
        self, item: FieldDef, var: str, prefix: str, suffix: str, result: Members
    ) -> None:
        """Write an unwrapped child's members into the parent; nothing for null."""
        inner_prefix, inner_suffix = item.unwrapped or ("", "")
        ref = unwrapped_model(item)
        function = self.flat_encoder(ref, prefix + inner_prefix, inner_suffix + suffix)
        self.scope.uses.add("encode_mismatch")
        nullable = isinstance(item.type, Nullable)
        test = TypeTest("isinstance", var, self.scope.qualified(ref.module, ref.name))
        label = f"{ref.name} (unwrapped {item.name})"
        result.body.append(Reject(test, label, "encode", None, nullable))
        result.groups.append(
            MemberGroup(None, [WriteFlat(var, function, nullable)], [])
        )
        result.groups.append(_when_written(f"{var}_members"))

    def flat_encoder(self, ref: ModelRef, prefix: str, suffix: str) -> str:
        """The function writing a model's members (no braces) with wrapped names."""
        key = (ref.module, ref.name, prefix, suffix)
        if key not in self.flat_encoders:
            name = f"_encode_{ref.name}_members_{len(self.flat_encoders) + 1}"
            self.flat_encoders[key] = name
            model = self.scope.model(ref)
            members = self.members(model, prefix, suffix)
            validator = rules.validator(self.scope, model, "value", "EncodeError")
            self.flat_functions.append(ModelEncoder(name, None, members, validator))
        return self.flat_encoders[key]

    # ------------------------------------------------------------------ subtypes

    def base_encoder(self, model: ModelDef) -> BaseEncoder:
        """Write a subtype through its base: the table's name, then the object."""
        subtypes = model.subtypes
        assert subtypes is not None
        self.scope.uses.update(("encode_mismatch", "EncodeError"))
        cases = []
        for json_name, subtype in subtypes.types:
            function = object_function(
                "encode", self.scope.model(ModelRef(self.scope.module.name, subtype))
            )
            write: list[Stmt] = [Call("text", function, ("value",))]
            if subtypes.representation == "wrapper_object":
                segment = Segment("member", json_name)
                write = self.values.guarded("EncodeError", segment, write)
            elif subtypes.representation == "wrapper_array":
                segment = Segment("position", "1")
                write = self.values.guarded("EncodeError", segment, write)
            cases.append((json_name, subtype, write))
        return BaseEncoder(
            f"_encode_{model.name}",
            model.name,
            subtypes.representation,
            subtypes.property or "",
            cases,
        )


def _when_written(local: str) -> MemberGroup:
    """The group that adds the text in ``local`` when there is any."""
    return MemberGroup(
        SkipTest("truthy", local), [], [Piece(None, Text("local", local))]
    )
