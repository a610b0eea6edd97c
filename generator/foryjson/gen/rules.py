"""A field's declared rules and a model's validator, for both directions.

The decoder checks each rule right after a value is read and type-checked; the
string encoder right after a value's text is made; the plain encoder folds the same
tests into its checks and leaves a broken rule to the string encoder, which names it.
Every rule's test and message come from here and from the ``constraint`` and
``validate`` macros of ``templates/statements.jinja``, so reading and writing refuse a
value in the same words.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from .ir import FieldDef, ListOf, ModelDef, Nullable, Scalar, TupleOf
from .plan import (
    Constraint,
    IfNotNone,
    PlainCheck,
    Segment,
    Stmt,
    Table,
    Validate,
    Value,
)
from .scope import Scope

# Each rule as the comparison that must hold: written negated, NaN fails every rule.
_COMPARISONS = (
    ("min", ">=", "is less than the minimum"),
    ("max", "<=", "is more than the maximum"),
    ("exclusive_min", ">", "is not more than the exclusive minimum"),
    ("exclusive_max", "<", "is not less than the exclusive maximum"),
)

Error = Literal["EncodeError", "DecodeError"]


def constraints(
    scope: Scope, item: FieldDef, var: str, segment: Segment, error: Error
) -> list[Constraint]:
    """The checks of a field's declared rules on ``var``, known to be of its type and
    not None, in the order of the table in docs/mapping/validation.md."""
    rules = item.constraints
    if rules is None:
        return []
    scope.uses.add(error)
    target = item.type.inner if isinstance(item.type, Nullable) else item.type
    checks: list[Constraint] = []
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
                    bound=_bound(scope, bound, target),
                    error=error,
                )
            )
    if rules.multiple_of is not None:
        scope.uses.add("_decimals")
        words = f"is not a multiple of {rules.multiple_of}"
        text = str(rules.multiple_of)
        checks.append(
            Constraint("multiple_of", var, segment, words, text=text, error=error)
        )
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
                    error=error,
                )
            )
    if rules.unique:
        assert isinstance(target, ListOf | TupleOf)  # the schema checker's rule
        words = "appears more than once; each item may appear only once"
        checks.append(Constraint("unique", var, segment, words, error=error))
        scope.uses.update(("_numbers", "_represent"))
    if rules.pattern is not None:
        table = _pattern_table(scope, rules.pattern)
        # The whole string must match, as Java's Pattern.matches and Bean
        # Validation's @Pattern: "$" alone would let "EUR\n" through.
        words = f"does not match the pattern {rules.pattern}"
        checks.append(
            Constraint("pattern", var, segment, words, table=table, error=error)
        )
    return checks


def when_present(item: FieldDef, var: str, checks: list[Stmt]) -> list[Stmt]:
    """Checks of a field that may hold None: a null is not checked."""
    if checks and isinstance(item.type, Nullable):
        return [IfNotNone(var, checks)]
    return checks


def encode_checks(
    scope: Scope, item: FieldDef, var: str, segment: Segment, null_written: bool
) -> list[Stmt]:
    """The string encoder's checks of a field's rules, after its text is made;
    ``null_written``: None may reach them."""
    checks: list[Stmt] = [*constraints(scope, item, var, segment, "EncodeError")]
    return when_present(item, var, checks) if null_written else checks


def plain_checks(scope: Scope, item: FieldDef, var: str) -> list[PlainCheck]:
    """A field's rules as plain encoder checks, true when one is broken: the string
    encoder then names it. A value of another type may make a test raise, which
    leaves the value to the string encoder too."""
    nullable = isinstance(item.type, Nullable)
    return [
        PlainCheck(check, nullable)
        for check in constraints(scope, item, var, Segment("member"), "EncodeError")
    ]


def validator(scope: Scope, model: ModelDef, var: str, error: Error) -> Validate | None:
    """The call of a model's validator on the object in ``var``, if it has one."""
    if model.validator is None:
        return None
    alias = f"_validate_{model.name}"
    scope.import_reference(model.validator, alias)
    scope.uses.update((error, "rejected_by"))
    return Validate(alias, model.validator, var, error)


def plain_validator(scope: Scope, model: ModelDef) -> list[PlainCheck]:
    """A plain encoder's check that its object passes the model's validator."""
    validate = validator(scope, model, "value", "EncodeError")
    if validate is None:
        return []
    scope.uses.add("_fastwriter")
    return [PlainCheck(validate)]


def _pattern_table(scope: Scope, pattern: str) -> str:
    """The name of the compiled pattern: one table per pattern in a module."""
    for table in scope.tables:
        if table.kind == "regex" and table.regex == pattern:
            return table.name
    name = f"_PATTERN_{len(scope.tables) + 1}"
    scope.stdlib_imports.add(("re", ""))
    scope.add_table(Table("regex", name, regex=pattern))
    return name


def _bound(scope: Scope, bound: Decimal, target: object) -> Value:
    """A numeric bound as the field's type compares it: exact, integral or float."""
    if isinstance(target, Scalar) and target.name == "decimal":
        return scope.value(bound, target)
    if bound == bound.to_integral_value() and not (
        isinstance(target, Scalar) and target.name in ("float", "float32")
    ):
        return Value(int(bound))
    return Value(float(bound))
