"""The everyday Python API of generated classes: copies and pattern matching."""

from __future__ import annotations

import copy
import inspect
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from foryjson import DecodeError
from foryjson.gen.cli import main
from foryjson.limits import Limits
from generated import catalog, common, ledger, payments, types, users


def test_replace_changes_only_what_it_is_given() -> None:
    card = ledger.CardCharge(id="t1", amount=Decimal("1.50"), last_four="4242")
    changed = card.replace(amount=Decimal("2.00"))
    assert changed == ledger.CardCharge(
        id="t1", amount=Decimal("2.00"), last_four="4242"
    )
    assert card.amount == Decimal("1.50")
    assert card.replace() == card and card.replace() is not card


def test_replace_keeps_the_class_and_its_subtype_name() -> None:
    gold = ledger.PremiumCardCharge(
        id="t1", amount=Decimal(1), last_four="0005", lounge_access=True
    )
    copied = gold.replace(last_four="0006")
    assert type(copied) is ledger.PremiumCardCharge
    assert copied.to_json().startswith('{"type":"premium_card",')
    # Through the abstract base's type, the subtype's own replace runs.
    base: ledger.Transaction = gold
    assert base.replace(id="t9").id == "t9"


def test_replace_does_not_check_values_but_writing_does() -> None:
    from foryjson import EncodeError

    broken = payments.CardPayment(last_four="4242").replace(last_four=7)  # type: ignore[arg-type]
    with pytest.raises(EncodeError) as raised:
        broken.to_json()
    assert raised.value.path == "$.lastFour"


def test_dunder_replace_is_replace() -> None:
    card = payments.CardPayment(last_four="4242")
    assert card.__replace__(last_four="1111") == payments.CardPayment(last_four="1111")
    if sys.version_info >= (3, 13):
        replace = copy.replace
        assert replace(card, last_four="2222") == payments.CardPayment(last_four="2222")
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        card.__replace__(colour="red")


def test_match_args_follow_the_constructor() -> None:
    assert ledger.PremiumCardCharge.__match_args__ == (
        "id",
        "amount",
        "currency",
        "last_four",
        "lounge_access",
    )
    gold = ledger.PremiumCardCharge(id="t1", amount=Decimal(1), last_four="0005")
    matched: tuple[str, Decimal, str] | None = None
    match gold:
        case ledger.CardCharge(id, amount, "EUR", last_four):
            matched = (id, amount, last_four)
    assert matched == ("t1", Decimal(1), "0005")
    friend = users.Friend(id="f1", name="Ann")
    match friend:
        case users.Friend("f1", name):
            assert name == "Ann"
        case _:
            pytest.fail("no match")


def test_a_field_named_replace_is_a_schema_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "m.yaml").write_text("models:\n  A:\n    fields: {replace: str}\n")
    assert main([str(tmp_path / "m.yaml"), "-o", str(tmp_path / "out")]) == 2
    assert (
        "field name 'replace' is taken by a generated method; rename the field and"
        " set 'json: replace'" in capsys.readouterr().err
    )


# ------------------------------------------------------------------ frozen


def test_a_frozen_model_is_immutable_and_hashable() -> None:
    price = ledger.Money(amount=Decimal("9.90"), currency="EUR")
    with pytest.raises(AttributeError, match="Money is frozen; replace"):
        price.amount = Decimal(1)
    with pytest.raises(AttributeError, match="Money is frozen"):
        del price.currency
    same = ledger.Money(amount=Decimal("9.90"), currency="EUR")
    assert hash(price) == hash(same) and len({price, same}) == 1
    assert {price: "x"}[same] == "x"
    cheaper = price.replace(amount=Decimal("4.95"))
    assert cheaper == ledger.Money(amount=Decimal("4.95"), currency="EUR")
    assert price.amount == Decimal("9.90")
    read = ledger.Money.from_json(price.to_json())
    assert read == price and hash(read) == hash(price)
    with pytest.raises(AttributeError):
        read.currency = "USD"


FROZEN = """
models:
  Base:
    frozen: true
    fields: {id: str, tags: "tuple[str, ...]", at: "datetime?"}
  Child:
    extends: Base
    fields: {code: "Code?"}
  Code:
    value: true
    frozen: true
    fields: {text: str}
"""


def test_frozen_holds_for_the_whole_hierarchy(tmp_path: Path) -> None:
    from tests.schema_modules import generated_module

    module = next(generated_module(tmp_path, "frozen_tree", FROZEN))
    child = module.Child(id="a", tags=("x",), code=module.Code(text="c"))
    with pytest.raises(AttributeError, match="Child is frozen"):
        child.id = "b"
    assert hash(child) == hash(
        module.Child(id="a", tags=("x",), code=module.Code(text="c"))
    )
    assert module.Child.from_json(child.to_json()) == child


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "models:\n  A: {frozen: true, fields: {tags: 'list[str]'}}\n",
            "A is frozen, so its fields hold immutable values, but tags is list[str];"
            " use tuple[T, ...] for a sequence",
        ),
        (
            "models:\n  A: {frozen: true, fields: {b: B}}\n  B: {fields: {x: int}}\n",
            "A is frozen, so its fields hold immutable values, but b is B; make it"
            " frozen too",
        ),
        (
            "models:\n  A: {frozen: true, fields: {extra: any}}\n",
            "but extra is any",
        ),
        (
            "models:\n  A: {python: 'pkg.mod:A', frozen: true, fields: {x: int}}\n",
            "A is bound to an existing class, so the class decides whether it is frozen",
        ),
        (
            "models:\n  A: {fields: {x: int}}\n"
            "  B: {extends: A, frozen: true, fields: {y: int}}\n",
            "B derives from A, which is not frozen; a hierarchy is frozen from its"
            " root down",
        ),
        (
            "models:\n  A: {frozen: true, fields: {x: int}}\n"
            "  B: {extends: A, frozen: false, fields: {y: int}}\n",
            "B derives from A, which is frozen",
        ),
    ],
)
def test_frozen_mistakes_are_schema_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    (tmp_path / "m.yaml").write_text(text)
    assert main([str(tmp_path / "m.yaml"), "-o", str(tmp_path / "out")]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("value", "hint"),
    [
        ([payments.CardPayment(last_four="1")], "type=list[Payment]"),
        (
            {"a": ledger.CardCharge(id="x", amount=Decimal(1), last_four="1")},
            "type=dict[str, Transaction]",
        ),
        ([users.Friend(id="f", name="n")], "type=list[Friend]"),
        ({1: 2.5}, 'type="dict[int64, float]"'),
        ([1, 2], 'type="list[int64]"'),
        (5, 'type="int64"'),
    ],
)
def test_a_missing_type_names_what_the_value_holds(value: object, hint: str) -> None:
    from foryjson import EncodeError, ForyJson

    with pytest.raises(EncodeError) as raised:
        ForyJson(payments, ledger, users).to_json(value)
    assert raised.value.message.endswith(f"pass type= (for example {hint})")


def test_docstrings_give_the_wire_contract_of_each_field() -> None:
    doc = payments.Parcel.__doc__ or ""
    assert "weight_grams: int32, JSON 'weightGrams', min 1, max 31500." in doc
    assert "to: Address, members flattened into this object as 'to_...'." in doc
    order = payments.Order.__doc__ or ""
    assert "total_cents: int64, JSON 'totalCents', default 0, read-only." in order
    assert "extras: dict[str, any], the members no other field reads." in order
    closed = payments.Closed.__doc__ or ""
    assert (
        "reason: str, JSON 'reason', at least length 1, at most length 200." in closed
    )


def test_frozen_objects_copy_and_pickle() -> None:
    import pickle

    price = ledger.Money(amount=Decimal("9.90"), currency="EUR")
    for copied in (
        copy.copy(price),
        copy.deepcopy(price),
        pickle.loads(pickle.dumps(price)),
    ):
        assert copied == price and type(copied) is ledger.Money
        with pytest.raises(AttributeError, match="frozen"):
            copied.currency = "USD"


def test_help_shows_the_defaults_made_afresh_for_each_object() -> None:
    parameters = inspect.signature(catalog.Product).parameters
    assert repr(parameters["tags"].default) == "[]"
    assert str(parameters["tags"]) == "tags: 'list[str]' = []"
    fields: dict[str, Any] = {
        "sku": "a",
        "name": "n",
        "categoryPath": [],
        "price": common.Money(minor_units=100),
        "weightGrams": 1,
        "attributes": {},
    }
    first, second = catalog.Product(**fields), catalog.Product(**fields)
    first.tags.append("x")
    assert second.tags == []  # a list of its own, as the default promises
    assert repr(inspect.signature(types.Defaults).parameters["tags"].default) == "set()"


def test_a_codec_reads_a_document_with_the_python_decoder() -> None:
    codec = next(c for c in users.CODECS if c.type is users.Friend)
    friend = codec.decode_document(b'{"id":"7","name":"Ann"}')
    assert type(friend) is users.Friend and (friend.id, friend.name) == ("7", "Ann")
    with pytest.raises(DecodeError) as wrong:
        codec.decode_document('{"id":7,"name":"Ann"}')
    assert wrong.value.path == "$.id"
    assert str(wrong.value) == "expected str, got the integer 7 at $.id"
    with pytest.raises(DecodeError, match="max_input_bytes"):
        codec.decode_document(b'{"id":"7","name":"Ann"}', Limits(max_input_bytes=8))
