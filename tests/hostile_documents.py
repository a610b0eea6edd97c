"""Typed documents that once got past a decoder's promises, with what they must give.

Each is decoded as one generated type, with both backends, as ``str`` and as bytes:
either a ``DecodeError`` with an exact message and path, or a value that re-encodes
and decodes back equal. ``tests/test_hostile_documents.py`` runs them, and the fuzz
harness (``tests/fuzz/fuzz_decode.py --write-seeds``) starts from them too. The
reader-level cases (syntax, nesting, bare constants) live in the conformance corpus.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from tests.media_fixture import MEDIA_1_JSON

__all__ = ["HOSTILE", "Hostile"]

_SHARED_HASH = 2**61 - 1  # k * this hashes to 0 for every integer k


@dataclass(frozen=True)
class Hostile:
    """A document, the type it is decoded as (``module.Type``) and its outcome.

    ``message`` and ``path`` are the ``DecodeError`` it must raise; ``None`` means the
    document must be accepted and round-trip.
    """

    name: str
    target: str
    document: str
    message: str | None = None
    path: str = "$"


def _dynamic(payload: str) -> str:
    return '{"payload":' + payload + ',"extras":{}}'


def _flooded_uuid_keys(count: int) -> str:
    members = ",".join(
        f'"{UUID(int=k * _SHARED_HASH)}":"2026-01-01"' for k in range(1, count + 1)
    )
    return (
        '{"tags":[],"codes":[],"pair":["a",1],"coordinates":[],"byId":{},'
        '"byColor":{},"byUuid":{' + members + '},"nested":[]}'
    )


_TOO_DEEP = "nesting deeper than the limit of 20 (raise max_depth for trusted data)"


_TREE_NODE = (
    '"name":"n","created_by":"a","created_at":"2020-01-01T00:00:00Z",'
    '"nbytes":1,"permissions":"READ","contents":[]'
)

HOSTILE: list[Hostile] = [
    Hostile(
        "uuid keys that share one hash",
        "types.Containers",
        _flooded_uuid_keys(17),
        "more than 16 distinct keys share one hash value, over the limit of 16"
        " (a hash-flooding pattern)",
        f"$.byUuid['{UUID(int=17 * _SHARED_HASH)}']",
    ),
    Hostile(
        "a subtype property given twice, the last not a name",
        "payments.Payment",
        '{"kind":"card","lastFour":"4242","kind":[1]}',
        "expected a subtype name (card, bank_transfer), got an array",
        "$.kind",
    ),
    Hostile(
        "a subtype property given twice, once through escapes",
        "filetree.Node",
        '{"type":"directory","\\u0074ype":"file",' + _TREE_NODE + "}",
        "expected a subtype name (file, directory), got 'type' more than once in one"
        " object",
        "$.type",
    ),
    Hostile(
        "a line break after a pattern's match",
        "payments.Amount",
        '{"value":1,"currency":"EUR\\n"}',
        "'EUR\\n' does not match the pattern [A-Z]{3}",
        "$.currency",
    ),
    Hostile(
        "text around a pattern's match",
        "payments.Amount",
        '{"value":1,"currency":"xEURx"}',
        "'xEURx' does not match the pattern [A-Z]{3}",
        "$.currency",
    ),
    *(
        Hostile(
            f"untyped values nested {levels} deep",
            "types.Dynamic",
            _dynamic("[" * levels + "]" * levels),
            _TOO_DEEP,
            "$.payload" + "[0]" * 19,
        )
        for levels in (995, 1023, 1025)
    ),
    Hostile(
        "an unknown member nested past the limit",
        "media.MediaContent",
        MEDIA_1_JSON[:-1] + ',"junk":' + "[" * 25 + "]" * 25 + "}",
        _TOO_DEEP,
        "$.junk" + "[0]" * 19,
    ),
    Hostile(
        "an integer beyond CPython's 4,300 digits in an untyped value",
        "types.Dynamic",
        _dynamic("[" + "7" * 5001 + "]"),
    ),
    Hostile(
        "a decimal whose plain text would pass the number limit",
        "payments.Amount",
        '{"value":' + "9" * 9998 + 'e5,"currency":"EUR"}',
    ),
    Hostile(
        "a decimal with 9,994 zeros and a negative exponent",
        "orders.Product",
        '{"sku":"s","name":"n","description":"d","category":{"id":1,"name":"c"},'
        '"price":1.' + "0" * 9994 + 'e-6,"weightGrams":1,"tags":[],"thumbnail":""}',
    ),
    Hostile(
        "a subtype property given twice inside catch-all members",
        "payments.Order",
        '{"id":"o1","start":1,"end":2,"billing_street":"s","billing_city":"c",'
        '"payment":{"kind":"card","lastFour":"4242"},"payments":[],"shipments":{},'
        '"history":[],"note":{"kind":"a","kind":"b"},"metadata":{"kind":"a","kind":"b"}}',
    ),
]
