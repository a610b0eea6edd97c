"""The orjson backend decodes exactly as the standard library's: values and errors.

orjson reads what it can: documents of types that keep no value as read go to it
without the integer screen, and those of types with decimals too, their decimal
fields finding the exact text of each number by its member's name. Every failure is
decoded again by the standard library (see ``reader.decode``). These properties
decode hypothesis-drawn documents, hostile ones included (integers beyond 64 bits in
typed and untyped places, numbers over the length limit, lone surrogates, nesting
past the limit, repeated subtype properties, decimals with trailing zeros and
exponents), with both backends, as text and as UTF-8, and compare the outcomes: the
``repr`` of the value, which shows every digit of a decimal, or the error's type,
message, JSON path and position.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from decimal import Decimal
from types import ModuleType
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmarks.suite import workloads
from foryjson import DecodeError, ForyJson, decimals, reader
from generated import clients, filetree, media, orders, payments, types, users
from tests.schema_modules import generated_module

MODULES = (clients, filetree, media, orders, payments, types, users)
FAST = ForyJson(*MODULES, backend="orjson")
SLOW = ForyJson(*MODULES, backend="stdlib")

Outcome = tuple[Any, ...]


def outcome(fory: ForyJson, data: str | bytes, type_: Any) -> Outcome:
    try:
        value = fory.from_json(data, type_)
    except DecodeError as error:
        return (
            type(error),
            error.message,
            error.path,
            error.position,
            error.line,
            error.column,
        )
    return ("value", type(value), repr(value))


def assert_alike(
    document: str, type_: Any, fast: ForyJson = FAST, slow: ForyJson = SLOW
) -> Outcome:
    """Both backends give one outcome for ``document``, as text and as UTF-8."""
    forms: list[str | bytes] = [document]
    if not re.search("[\ud800-\udfff]", document):
        forms.append(document.encode())
    outcomes = []
    for data in forms:
        expected = outcome(slow, data, type_)
        assert outcome(fast, data, type_) == expected, data
        outcomes.append(expected)
    return outcomes[0]


# --- Number texts ----------------------------------------------------------------------

digits = st.text("0123456789", min_size=1, max_size=24)
int_part = st.one_of(st.just("0"), st.from_regex(r"[1-9][0-9]{0,22}", fullmatch=True))
signs = st.sampled_from(["", "-"])
exponents = st.builds(
    lambda marker, sign, value: marker + sign + value,
    st.sampled_from(["e", "E"]),
    st.sampled_from(["", "+", "-"]),
    st.from_regex(r"[0-9]{1,3}", fullmatch=True),
)
fractions = st.builds(
    lambda sign, whole, fraction, zeros, exponent: (
        f"{sign}{whole}.{fraction}{'0' * zeros}{exponent}"
    ),
    signs,
    int_part,
    digits,
    st.integers(0, 3),  # trailing zeros: 19.90
    st.one_of(st.just(""), exponents),
)
exponent_only = st.builds(lambda s, w, e: s + w + e, signs, int_part, exponents)
BOUNDARIES = [
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    -(2**63),
    -(2**63) - 1,
    10**20,
    -(10**19),
]
# Integers of up to 31 digits, drawn without filtering (decimal fields take these).
short_integers = st.one_of(
    st.integers(-(2**40), 2**40),
    st.sampled_from(BOUNDARIES),
    st.integers(-(10**30), 10**30),
).map(str)
integers = st.one_of(
    short_integers,
    st.integers(10**300, 10**320).map(str),  # too large for a float: orjson refuses it
)
LONG_NUMBERS = [
    "1" * 10_001,
    "0." + "0" * 9_999 + "1",
    "1" * 5_000 + "e-4990",
    "9" * 4_400,  # over CPython's 4,300 digits, within the 10,000 characters
    "1." + "0" * 9_997 + "5",  # 10,000 characters exactly
]
SPECIAL = ["-0.0", "0.0", "-0", "0E0", "-0e-0", "1e400", "-1e400", "1e-400", "-1e-400"]
number_texts = st.one_of(
    integers,
    fractions,
    exponent_only,
    st.sampled_from(SPECIAL),
    st.sampled_from(LONG_NUMBERS),
)
decimal_texts = st.one_of(
    fractions,
    exponent_only,
    st.sampled_from(SPECIAL),
    short_integers,
)


def in_range(low: int, high: int) -> st.SearchStrategy[str]:
    return st.one_of(st.integers(low, high).map(str), number_texts)


# --- Documents ---------------------------------------------------------------------------

INT_FIELDS = {
    "tiny": (-(2**7), 2**7 - 1),
    "small": (-(2**15), 2**15 - 1),
    "medium": (-(2**31), 2**31 - 1),
    "large": (-(2**63), 2**63 - 1),
    "byte": (0, 2**8 - 1),
    "word": (0, 2**16 - 1),
    "dword": (0, 2**32 - 1),
    "qword": (0, 2**64 - 1),
    "unbounded": (-(10**30), 10**30),
}


def nested(levels: int, inner: str) -> str:
    return "[" * levels + inner + "]" * levels


@st.composite
def extra_members(draw: Any, names: list[str]) -> str:
    """Members no field takes, or repeats of declared ones: numbers of every kind,
    some nested deep (past the limit of 20 from 18 levels in)."""
    members = []
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.sampled_from([*names, "extra", "unknown"]))
        value = draw(number_texts)
        levels = draw(st.one_of(st.just(0), st.integers(1, 3), st.integers(17, 22)))
        members.append(f"{json.dumps(name)}:{nested(levels, value)}")
    return "".join("," + member for member in members)


@st.composite
def numbers_documents(draw: Any) -> str:
    values = {name: draw(in_range(*bounds)) for name, bounds in INT_FIELDS.items()}
    values["ratio"] = draw(st.one_of(fractions, number_texts))
    values["single"] = draw(st.one_of(fractions, number_texts))
    values["price"] = draw(decimal_texts)
    values["quotedPrice"] = json.dumps(draw(st.one_of(fractions, decimal_texts)))
    values["maybe"] = draw(st.one_of(st.just("null"), fractions, number_texts))
    members = [f'"{name}":{value}' for name, value in values.items()]
    order: list[str] = draw(st.permutations(members))
    extra: str = draw(extra_members(list(values)))
    return "{" + ",".join(order) + extra + "}"


@settings(max_examples=300, deadline=None)
@given(numbers_documents())
@example('{"price":19.90,"extra":19.9}')
def test_numbers_decode_alike(document: str) -> None:
    assert_alike(document, types.Numbers)


CLIENTS = workloads.expected("clients_1")[0].decode()
CLIENT = CLIENTS[len('{"clients":[') : -len("]}")]


def client(balance: str, unknown: str | None = None) -> str:
    """The workload's client with this balance text, and an unknown member that holds
    a member named ``balance`` too."""
    text = re.sub(r'"balance":[^,]*', lambda _: f'"balance":{balance}', CLIENT)
    if unknown is not None:
        text = text[:-1] + f',"unknown":{{"balance":{unknown}}}}}'
    return text


def client_document(balance: str, unknown: str | None = None) -> str:
    return '{"clients":[' + client(balance, unknown) + "]}"


@settings(max_examples=200, deadline=None)
@given(
    decimal_texts,
    st.lists(st.tuples(st.booleans(), decimal_texts), max_size=3),
)
@example("19.90", [])
@example("1E+3", [])
@example("-0.0", [(True, "0.0")])
@example("19.90", [(True, "19.9")])
@example("19.90", [(False, "19.9")])
@example("0.10000000000000001", [(True, "0.1")])
@example("123456789012345678901234567890.5", [])
@example("1e-400", [(True, "0E0")])
def test_client_balances_decode_alike(
    balance: str, others: list[tuple[bool, str]]
) -> None:
    # Other clients, or objects no field takes, whose balances may spell the same
    # float another way.
    texts = [client(balance)]
    for separate, value in others:
        if separate:
            texts.append(client(value))
        else:
            texts[0] = client(balance, value)
    result = assert_alike('{"clients":[' + ",".join(texts) + "]}", clients.Clients)
    if not others and balance in ("19.90", "1E+3"):
        assert f"Decimal('{balance}')" in result[2]


ORDER = workloads.expected("orders")[0].decode()
PRICES = re.compile(r'"(price|unitPrice|discount)":([^,}]*)')


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_order_prices_decode_alike(data: st.DataObject) -> None:
    document = PRICES.sub(
        lambda match: f'"{match.group(1)}":{data.draw(decimal_texts)}', ORDER
    )
    assert_alike(document, orders.Order)


def test_every_order_and_client_workload_document_decodes_alike() -> None:
    for document in workloads.expected("orders"):
        assert_alike(document.decode(), orders.Order)
    for size in ("clients_1", "clients_10"):
        assert_alike(workloads.expected(size)[0].decode(), clients.Clients)


# --- Untyped values: integers beyond 64 bits are screened -------------------------------

json_values = st.recursive(
    st.one_of(number_texts, st.sampled_from(["true", "false", "null", '"a"'])),
    lambda children: st.one_of(
        st.lists(children, max_size=4).map(lambda items: "[" + ",".join(items) + "]"),
        st.dictionaries(
            st.sampled_from(["a", "b", "type", "kind"]), children, max_size=3
        ).map(
            lambda members: "{"
            + ",".join(f'"{key}":{value}' for key, value in members.items())
            + "}"
        ),
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(json_values, st.integers(0, 22))
def test_untyped_values_decode_alike(value: str, levels: int) -> None:
    assert_alike(
        f'{{"payload":{nested(levels, value)},"extras":{{"n":{value}}}}}', types.Dynamic
    )


# --- Strings: lone surrogates, escapes -----------------------------------------------------

string_texts = st.one_of(
    st.sampled_from(
        [
            '"\\ud800"',
            '"\\udc00"',
            '"\\udc00\\ud800"',
            '"\\ud83d\\ude00"',
            '"a\\\\ud800"',
            '"\\u0074ype"',
            '"\ud800"',  # a raw lone surrogate: only in str input
            '"\\n\\t\\/"',
        ]
    ),
    st.text(max_size=8).map(lambda text: json.dumps(text, ensure_ascii=False)),
)


@settings(max_examples=200, deadline=None)
@given(string_texts, string_texts, st.sampled_from(['"uri"', '"\\u0075ri"', '"extra"']))
def test_strings_decode_alike(title: str, uri: str, name: str) -> None:
    document = (
        '{"media":{' + name + ":" + uri + ',"title":' + title + ',"width":640,'
        '"height":480,"format":"video/mpg4","duration":18000000,"size":58982400,'
        '"bitrate":262144,"persons":["Bill Gates",' + title + '],"player":"JAVA",'
        '"copyright":null},"images":[]}'
    )
    assert_alike(document, media.MediaContent)


# --- Subtype properties: a repeat is an error, whatever its spelling ---------------------

type_names = st.sampled_from(['"type"', '"\\u0074ype"', '"typ\\u0065"', '"name"'])


@settings(max_examples=150, deadline=None)
@given(
    type_names, st.sampled_from(['"file"', '"directory"', "1", '"x"']), st.booleans()
)
def test_subtype_properties_decode_alike(name: str, kind: str, before: bool) -> None:
    file = (
        '"name":"a.txt","created_by":"me","created_at":"2024-01-01T00:00:00Z",'
        '"nbytes":12,"permissions":"READ"'
    )
    repeat = f"{name}:{kind}"
    members = (
        [repeat, '"type":"file"', file] if before else ['"type":"file"', file, repeat]
    )
    assert_alike("{" + ",".join(members) + "}", filetree.Node)
    transfer = (
        '"kind":"bank_transfer","iban":"DE89370400440532013000",'
        '"amount":{"value":1.50,"currency":"EUR"}'
    )
    assert_alike(
        "{" + transfer + "," + repeat.replace("type", "kind") + "}", payments.Payment
    )


# --- Depth -----------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(15, 30), st.sampled_from(["[", '{"a":']), st.booleans())
def test_deep_unknown_members_decode_alike(
    levels: int, opener: str, exact: bool
) -> None:
    closer = "]" if opener == "[" else "}"
    deep = opener * levels + "1.50" + closer * levels
    if exact:
        document = client_document("1.50", unknown=deep)
        assert_alike(document, clients.Clients)
    else:
        document = (
            workloads.expected("media")[0].decode()[:-1] + ',"unknown":' + deep + "}"
        )
        assert_alike(document, media.MediaContent)


# --- The fast path is taken where it is safe --------------------------------------------------


@pytest.fixture
def no_standard_library(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any) -> Any:
        raise AssertionError("read by the standard library")

    monkeypatch.setattr(reader, "_read_stdlib", refuse)


@pytest.mark.usefixtures("no_standard_library")
@pytest.mark.parametrize(
    ("workload", "type_"),
    [
        ("media", media.MediaContent),
        ("users_1", users.Users),
        ("users_10", users.Users),
        ("clients_1", clients.Clients),
        ("clients_10", clients.Clients),
        ("orders", orders.Order),
    ],
)
def test_the_workloads_are_read_by_orjson_alone(workload: str, type_: Any) -> None:
    for document in workloads.expected(workload)[:20]:
        assert FAST.from_json(document, type_) is not None


def test_decimals_keep_their_digits_on_the_fast_path(
    no_standard_library: None,
) -> None:
    value = FAST.from_json(client_document("19.90"), clients.Clients)
    assert str(value.clients[0].balance) == "19.90"
    value = FAST.from_json(client_document("-0.0"), clients.Clients)
    assert str(value.clients[0].balance) == "-0.0"
    value = FAST.from_json(client_document("1.5E+3"), clients.Clients)
    assert str(value.clients[0].balance) == "1.5E+3"


@pytest.mark.parametrize(
    "document",
    [
        # Two spellings of one float: the standard library reads the document.
        client_document("19.90", unknown="19.9"),
        # An escape could spell a member's name.
        client_document("19.90").replace('"name":"', '"name":"\\u0041'),
    ],
)
def test_an_uncertain_text_sends_the_document_to_the_standard_library(
    document: str,
) -> None:
    value = FAST.from_json(document, clients.Clients)
    assert str(value.clients[0].balance) == "19.90"


def test_read_decimal_refuses_a_float_while_orjson_values_are_decoded() -> None:
    # A decoder generated before decimal_from (or a validator) that reads a float as
    # a decimal: the document is decoded again from the exact values.
    def decoder(data: Any) -> Decimal:
        return decimals.read_decimal(data["price"])

    documents: list[str | bytes] = ['{"price":19.90}', b'{"price":19.90}']
    for document in documents:
        result = reader.decode(
            decoder,
            document,
            exact=True,
            fast=True,
            untyped=False,
            decimals=("price",),
        )
        assert str(result) == "19.90"
    assert decimals.read_decimal(19.9) == Decimal("19.9")  # outside a decode


# --- The generator's facts -------------------------------------------------------------


def test_the_generated_facts_name_decimal_members_and_untyped_types() -> None:
    codecs = {codec.type: codec for module in MODULES for codec in module.CODECS}
    assert codecs[media.MediaContent].untyped is False
    assert codecs[types.Dynamic].untyped is True
    assert codecs[clients.Clients].decimals == ("balance",)
    assert codecs[orders.Order].decimals == ("price", "unitPrice")
    assert codecs[media.MediaContent].decimals == ()


SCHEMA = """
models:
  Listed:
    fields:
      prices: list[decimal]
  Keyed:
    fields:
      prices: dict[str, decimal]
  Flat:
    fields:
      total: Amount
      line: {type: Amount, unwrapped: {prefix: line_, suffix: _x}}
  Amount:
    fields:
      value: decimal
      scale: int
"""


@pytest.fixture(scope="module")
def schema_module(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    yield from generated_module(tmp_path_factory.mktemp("fast"), "decimals", SCHEMA)


def test_decimals_outside_members_keep_the_standard_library(
    schema_module: ModuleType,
) -> None:
    codecs = {codec.type: codec for codec in schema_module.CODECS}
    assert codecs[schema_module.Listed].decimals == ()
    assert codecs[schema_module.Keyed].decimals == ()
    assert codecs[schema_module.Flat].decimals == ("line_value_x", "value")
    fast = ForyJson(schema_module, backend="orjson")
    slow = ForyJson(schema_module, backend="stdlib")
    for document, type_ in [
        ('{"prices":[19.90,1E+3,-0.0]}', schema_module.Listed),
        ('{"prices":{"a":19.90,"b":19.9}}', schema_module.Keyed),
        (
            '{"total":{"value":19.90,"scale":2},"line_value_x":1E+3,"line_scale_x":0}',
            schema_module.Flat,
        ),
    ]:
        result = assert_alike(document, type_, fast, slow)
        assert result[0] == "value"
        assert "19.90" in result[2] or "1E+3" in result[2]
