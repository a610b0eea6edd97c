"""The orders workload (workloads.md section 4) through schemas/orders.yaml."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from benchmarks.suite.workloads import build_order
from benchmarks.workloads import orders
from foryjson import DecodeError
from generated import orders as jackson
from generated import orders_fory as fory

ORDER_0_SHA256 = "0a85e8377224e4eb603b90e76525817eb377a94376e75cf7cf766d0fc720fecd"
ALL_SHA256 = "115a4e1f4ee320784cbf402a4d4787b224c7152502298a34c772cb124b2a58bd"


@pytest.fixture(scope="module")
def workload() -> list[dict[str, Any]]:
    return orders()


def test_jackson_configuration_reproduces_the_published_bytes(
    workload: list[dict[str, Any]],
) -> None:
    texts = [build_order(jackson, data).to_json_bytes() for data in workload]
    assert len(texts[0]) == 13_870
    assert hashlib.sha256(texts[0]).hexdigest() == ORDER_0_SHA256
    joined = b"\n".join(texts)
    assert len(joined) == 1_963_027
    assert hashlib.sha256(joined).hexdigest() == ALL_SHA256


def test_the_orders_decode_back_to_equal_objects(
    workload: list[dict[str, Any]],
) -> None:
    for data in workload[:50]:
        value = build_order(jackson, data)
        decoded = jackson.Order.from_json(value.to_json_bytes())
        assert decoded == value
        assert decoded.lines[0].product.price.as_tuple().exponent == -2


def test_fory_defaults_leave_nulls_out_and_round_trip(
    workload: list[dict[str, Any]],
) -> None:
    for data in workload:
        value = build_order(fory, data)
        text = value.to_json()
        assert "null" not in text
        assert fory.Order.from_json(text) == value
    with_notes = next(data for data in workload if data["notes"] is None)
    jackson_text = build_order(jackson, with_notes).to_json()
    assert '"notes":null' in jackson_text
    assert fory.Order.from_json(jackson_text) == build_order(fory, with_notes)


def test_tags_are_a_set_in_insertion_order(workload: list[dict[str, Any]]) -> None:
    value = build_order(jackson, workload[0])
    product = value.lines[0].product
    product.tags = ["sale", "new"]
    text = value.to_json()
    assert '"tags":["sale","new"]' in text
    with pytest.raises(DecodeError) as raised:
        jackson.Order.from_json(
            text.replace('"tags":["sale","new"]', '"tags":["sale","sale"]')
        )
    assert raised.value.path == "$.lines[0].product.tags"
    assert raised.value.message == (
        "'sale' appears more than once; each item may appear only once"
    )
