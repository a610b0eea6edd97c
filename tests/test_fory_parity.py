"""Documents a Fory JSON service writes that differ from Jackson's, read as Fory reads them.

Each text below is what Fory JSON writes (read off its codecs and writers); see
docs/wire-compatibility.md for the differences that remain, each with its reason.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from foryjson import DecodeError, ForyJson
from generated import ledger, payments

BACKENDS = ("stdlib", "orjson")

# --- a subtype declared as itself --------------------------------------------------
# Fory writes a value whose declared type is its concrete class without the subtype
# property ({"lastFour":"4242"}); foryjson writes the property, as Jackson does, and
# reads both.

FORY_CARD = '{"lastFour":"4242"}'
FORY_REFUND = '{"id":"t3","amount":-19.99,"original":"t2"}'


def refund() -> ledger.Refund:
    return ledger.Refund(id="t3", amount=Decimal("-19.99"), original="t2")


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_concrete_subtype_reads_without_its_name(backend: str) -> None:
    fory = ForyJson(payments, ledger, backend=backend)
    card = payments.CardPayment(last_four="4242")
    assert payments.CardPayment.from_json(FORY_CARD) == card
    assert fory.from_json(FORY_CARD, payments.CardPayment) == card
    assert fory.from_json(f"[{FORY_CARD}]", list[payments.CardPayment]) == [card]
    assert payments.CardPayment.from_builtins({"lastFour": "4242"}) == card
    assert ledger.Refund.from_json(FORY_REFUND) == refund()
    assert fory.from_json(FORY_REFUND, ledger.Refund) == refund()
    # Through a concrete model that others extend: the name picks the subtype, its
    # absence the model itself.
    charge = fory.from_json(
        '{"id":"c","amount":1,"lastFour":"0001"}', ledger.CardCharge
    )
    assert type(charge) is ledger.CardCharge
    premium = fory.from_json(
        '{"id":"c","amount":1,"lastFour":"0001","type":"premium_card"}',
        ledger.CardCharge,
    )
    assert type(premium) is ledger.PremiumCardCharge
    # A field declared as the concrete class.
    statement = ledger.Statement.from_json(
        '{"id":"s","entries":[],"largestCard":{"id":"c","amount":1,"lastFour":"0001"}}'
    )
    assert statement.largest_card == ledger.CardCharge(
        id="c", amount=Decimal("1"), last_four="0001"
    )


def test_the_compiled_decoder_reads_it_itself() -> None:
    """Where the C decoder is built, it takes the document without giving up."""
    if not ledger.NATIVE or ledger._native_read_Refund is None:
        pytest.skip("the compiled codecs of generated/ledger.py are not loaded")
    read: Any = ledger._native_read_Refund
    assert read(FORY_REFUND.encode()) == refund()
    assert read(b" { } ") is None  # the required members are missing: Python says why
    spaced = b'{ "id" : "t3", "amount": -19.99, "original": "t2" }'
    assert read(spaced) == refund()
    # The name after other members: the Python decoder checks it.
    late = b'{"id":"t3","type":"refund","amount":-19.99,"original":"t2"}'
    assert read(late) is None
    assert ledger.Refund.from_json(late) == refund()


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("model", "text", "path", "message"),
    [
        (
            payments.CardPayment,
            '{"kind":"bank_transfer","lastFour":"4242"}',
            "$.kind",
            "unknown subtype name 'bank_transfer'; expected one of card",
        ),
        (
            payments.CardPayment,
            '{"lastFour":"4242","kind":null}',
            "$.kind",
            "expected a subtype name (card), got null",
        ),
        (payments.Payment, FORY_CARD, "$", "missing the subtype property kind"),
        (
            ledger.Transaction,
            FORY_REFUND,
            "$",
            "missing the subtype property type",
        ),
        (
            ledger.PremiumCardCharge,
            '{"type":"card","id":"c","amount":1,"lastFour":"0001"}',
            "$.type",
            "unknown subtype name 'card'; expected one of premium_card",
        ),
        (ledger.Refund, '{"id":"t3","amount":1}', "$", "'original'"),
    ],
)
def test_a_wrong_or_missing_name_is_still_refused(
    backend: str, model: Any, text: str, path: str, message: str
) -> None:
    fory = ForyJson(payments, ledger, backend=backend)
    with pytest.raises(DecodeError) as through_facade:
        fory.from_json(text, model)
    with pytest.raises(DecodeError) as through_model:
        model.from_json(text)
    for raised in (through_facade, through_model):
        assert raised.value.path == path
        assert message in raised.value.message


def test_the_name_is_still_written() -> None:
    """Kept on write, as Jackson writes it; Fory ignores it when it reads a class."""
    assert payments.CardPayment(last_four="4242").to_json() == (
        '{"kind":"card","lastFour":"4242"}'
    )
