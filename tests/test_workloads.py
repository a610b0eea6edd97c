"""The benchmark workloads reproduce the published bytes (workloads.md, 2, 4 and 5)."""

from __future__ import annotations

import datetime
import hashlib
import re
import uuid
from decimal import Decimal
from typing import Any

import pytest

from benchmarks.workloads import (
    SIZES_KB,
    JavaRandom,
    big_decimal_value_of,
    clients,
    file_tree,
    file_tree_json,
    java_double_to_string,
    orders,
    orders_json,
    users,
    write,
)


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# Values printed by java.util.Random on a JVM.
def test_java_random_matches_the_jvm() -> None:
    rnd = JavaRandom(42)
    assert rnd.next_int() == -1170105035
    assert rnd.next_int(10) == 3
    assert rnd.next_int(1 << 16) == 44775
    assert rnd.next_long() == 884324181205335268
    assert rnd.next_double() == 0.9420735430282128
    assert rnd.next_boolean() is True


def test_java_random_rejection_and_bytes_match_the_jvm() -> None:
    rnd = JavaRandom(-7)
    # A bound just past 2^30 rejects about half the draws: 18 draws for these 8.
    assert [rnd.next_int((1 << 30) + 1) for _ in range(8)] == [
        577934662,
        314447087,
        677675436,
        184135245,
        425474944,
        988357177,
        370061409,
        272470848,
    ]
    signed = [b - 256 if b > 127 else b for b in rnd.next_bytes(7)]
    assert signed == [-49, -82, 80, -111, -117, -118, -5]
    assert rnd.next_long() == 6544672467660488722


def test_random_strings_keep_only_the_asked_characters() -> None:
    rnd = JavaRandom(1)
    assert re.fullmatch(r"[0-9]{50}", rnd.numeric(50))
    assert re.fullmatch(r"[A-Za-z]{50}", rnd.alphabetic(50))
    assert re.fullmatch(r"[A-Za-z0-9]{50}", rnd.alphanumeric(50))
    assert rnd.alphanumeric(0) == ""
    assert rnd.next_int_between(5, 5) == 5
    assert rnd.next_double_between(2.0, 2.0) == 2.0


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.0, "0.0"),
        (-0.0, "-0.0"),
        (1.0, "1.0"),
        (0.5, "0.5"),
        (100.0, "100.0"),
        (0.001, "0.001"),
        (9.999999999999998e-4, "9.999999999999998E-4"),
        (1.234567e-8, "1.234567E-8"),
        (1e7, "1.0E7"),
        (9999999.0, "9999999.0"),
        (123456789.0, "1.23456789E8"),
        (-2.5e-5, "-2.5E-5"),
        (1.7976931348623157e308, "1.7976931348623157E308"),
        # A one-digit shortest decimal loses to a closer two-digit one (JDK 19+).
        (5e-324, "4.9E-324"),
        (float("nan"), "NaN"),
        (float("inf"), "Infinity"),
        (float("-inf"), "-Infinity"),
    ],
)
def test_double_to_string_follows_java(value: float, text: str) -> None:
    assert java_double_to_string(value) == text


def test_big_decimal_value_of_keeps_the_java_scale() -> None:
    small = big_decimal_value_of(1.0e-5)
    assert (str(small), format(small, "f")) == ("0.000010", "0.000010")
    tiny = big_decimal_value_of(1.234567e-8)
    assert (str(tiny), format(tiny, "f")) == ("1.234567E-8", "0.00000001234567")
    assert str(big_decimal_value_of(0.25)) == "0.25"


def test_writer_escapes_like_jackson() -> None:
    value = {"a\n": ['"\\', "\x01\x1f", "é\u2028"], "b": (None, True, 1, 2.5e-9)}
    assert write(value) == (
        '{"a\\n":["\\"\\\\","\\u0001\\u001F","é\u2028"],"b":[null,true,1,2.5E-9]}'
    )
    assert write([b"\x00\xff", uuid.UUID(int=1), datetime.date(1901, 2, 3)]) == (
        '["AP8=","00000000-0000-0000-0000-000000000001","1901-02-03"]'
    )
    with pytest.raises(TypeError):
        write(datetime.datetime(2020, 1, 1))


USERS = {
    1: (1, 1143, "287224ca37ceecc1e60c4b75d8d2a97781c784f95cd4a85aa4cded9b7e0b96c9"),
    10: (4, 10197, "6415b4db73ce7da7e536f995e7cdb766df2337aec514145e410b62ff929fc0db"),
    100: (
        46,
        101679,
        "002568c9773ead3e78b476e7e9fa92690aa7af03d343ae7281a9d861dd807807",
    ),
    1000: (
        448,
        1021685,
        "234fb1427b3716e26a70a8eacd0c83a89bcafbc3d8bdde63d40f4086c684d6da",
    ),
}
CLIENTS = {
    1: (1, 1085, "1d8b31eb1f8b22b3f1d3caff3a2b8a0c736ad2bc470dde3ea486a7377f5ebd8b"),
    10: (6, 10719, "74a9792363de61af2db2fdcdcb58520993662a3f352e8bb39f253f79246a8b9b"),
    100: (
        41,
        107910,
        "c8e5d5f7230d3779b47a3e168da380330bb0581038ac93ec2323036c2c3a5516",
    ),
    1000: (
        420,
        1070990,
        "1fdfb8a1ed2372e071ea6f2ac32f7abe595469675115bd7d3adacc2a6c7c5719",
    ),
}


@pytest.mark.parametrize("size_kb", SIZES_KB)
def test_users_payload_matches_the_reference(size_kb: int) -> None:
    records, size, digest = USERS[size_kb]
    payload = users(size_kb)
    text = write(payload)
    assert len(payload["users"]) == records
    assert len(text.encode()) == size
    assert sha256(text) == digest


@pytest.mark.parametrize("size_kb", SIZES_KB)
def test_clients_payload_matches_the_reference(size_kb: int) -> None:
    records, size, digest = CLIENTS[size_kb]
    payload = clients(size_kb)
    text = write(payload)
    assert len(payload["clients"]) == records
    assert len(text.encode()) == size
    assert sha256(text) == digest
    for client in payload["clients"]:
        # BigDecimal.toString (what is written) and Double.toString only differ in
        # [1e-6, 1e-3); no balance falls there, so the two readings agree.
        balance: Decimal = client["balance"]
        assert str(balance) == java_double_to_string(float(balance))


def test_payload_values_have_the_documented_types() -> None:
    user = users(10)["users"][0]
    assert list(user)[:3] == ["id", "index", "guid"]
    assert list(user)[-2:] == ["greeting", "favoriteFruit"]
    assert isinstance(user["latitude"], float) and 0 <= user["latitude"] < 90
    assert all(set(friend) == {"id", "name"} for friend in user["friends"])
    since = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d*[1-9])?Z")
    client = clients(10)["clients"][0]
    assert isinstance(client["guid"], uuid.UUID)
    assert isinstance(client["balance"], Decimal)
    assert isinstance(client["registered"], datetime.date)
    assert client["eyeColor"] in {"BROWN", "BLUE", "GREEN"}
    partners = [p for c in clients(1000)["clients"] for p in c["partners"]]
    assert all(since.fullmatch(p["since"]) for p in partners)
    assert any(len(p["since"]) == 30 for p in partners)  # all nine digits


def test_unknown_size_is_refused() -> None:
    with pytest.raises(ValueError, match="size_kb"):
        users(5)


def test_orders_match_the_reference() -> None:
    texts = orders_json()
    assert len(texts) == 200
    assert len(texts[0].encode()) == 13870
    assert (
        sha256(texts[0])
        == "0a85e8377224e4eb603b90e76525817eb377a94376e75cf7cf766d0fc720fecd"
    )
    joined = "\n".join(texts)
    assert len(joined.encode()) == 1963027
    assert (
        sha256(joined)
        == "115a4e1f4ee320784cbf402a4d4787b224c7152502298a34c772cb124b2a58bd"
    )
    sizes = [len(text) for text in texts]
    assert (min(sizes), max(sizes), round(sum(sizes) / len(sizes))) == (
        1698,
        21516,
        9814,
    )


def test_orders_share_objects_and_keep_types() -> None:
    data = orders()
    order = data[0]
    assert list(order) == [
        "id",
        "customer",
        "lines",
        "status",
        "created",
        "shippingAddress",
        "attributes",
        "notes",
    ]
    assert order["shippingAddress"] is order["customer"]["addresses"][0]
    products: dict[str, Any] = {}
    for line in (line for o in data for line in o["lines"]):
        product = line["product"]
        assert products.setdefault(product["sku"], product) is product
        assert line["unitPrice"] is product["price"]
        assert product["price"].as_tuple().exponent == -2
        assert len(set(product["tags"])) == len(product["tags"])
        assert 200 <= len(product["thumbnail"]) < 2000
    assert any(o["notes"] is None for o in data)
    assert {o["status"] for o in data} <= {
        "NEW",
        "PAID",
        "PICKING",
        "SHIPPED",
        "DELIVERED",
        "CANCELLED",
    }


def count_nodes(node: dict[str, Any]) -> int:
    return 1 + sum(count_nodes(child) for child in node.get("contents", ()))


def test_file_tree_has_n_nodes_in_utc() -> None:
    tree = file_tree()
    assert tree["type"] == "directory"
    assert count_nodes(tree) == 1000
    stack = [tree]
    low = datetime.datetime(2018, 1, 1, tzinfo=datetime.timezone.utc)
    high = datetime.datetime(2023, 1, 1, tzinfo=datetime.timezone.utc)
    while stack:
        node = stack.pop()
        assert 4 <= len(node["name"]) <= 30 and node["name"].isalpha()
        assert node["created_at"].utcoffset() == datetime.timedelta(0)
        assert low <= node["created_at"] <= high
        if "updated_at" in node:
            assert node["created_at"] <= node["updated_at"] <= high
        if node["type"] == "file":
            assert 0 <= node["nbytes"] <= 1_000_000
            assert node["permissions"] in {"READ", "WRITE", "READ_WRITE"}
        else:
            stack.extend(node["contents"])
    assert file_tree(1)["type"] == "file"
    assert count_nodes(file_tree(37)) == 37


def test_file_tree_text_is_stable() -> None:
    # Not published: computed here and checked equal to the text of msgspec's own
    # generate_data.py run with TZ=UTC (for n = 1, 2, 5, 31, 100, 1000 and 5000).
    text = file_tree_json()
    assert len(text) == 169277
    assert sha256(text) == (
        "ae3f65f58f33b9ea9e896ace81fdddb19415725756be7d8211ef25acc0646603"
    )
