"""Sets, dict keys and unique lists of values with chosen hashes decode in linear time.

``int``, ``Decimal``, ``float`` and ``UUID`` hash the same in every process, so a
document can hold thousands of distinct values with one hash; building a set or dict of
them takes quadratic time. Decoders refuse more than ``MAX_SHARED_HASH`` of them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from types import ModuleType
from typing import Any
from uuid import UUID

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, ForyJson
from foryjson.gen.ir import EnumRef, ListOf, Nullable, Scalar, TupleOf
from foryjson.gen.objects import needs_hash_guard
from foryjson.hashing import MAX_SHARED_HASH, check_hashes
from generated import types
from tests.schema_modules import generated_module

#: Distinct integers that all hash to 0: multiples of the hash modulus.
MODULUS = 2**61 - 1
COUNT = 200  # enough to cross the limit; small enough to decode fast even unguarded

SCHEMA = """
enums:
  Color: [RED, GREEN]
models:
  Flood:
    fields:
      by_uuid: {type: "dict[uuid, int32]", default: {}}
      by_int: {type: "dict[int, str]", default: {}}
      by_int64: {type: "dict[int64, str]", default: {}}
      uuids: {type: "set[uuid]", default: []}
      decimals: {type: "set[decimal]", default: []}
      ints: {type: "set[int]", default: []}
      floats: {type: "set[float]", default: []}
      pairs: {type: "set[tuple[int, str]]", default: []}
      unique_ints: {type: "list[int]", default: [], constraints: {unique: true}}
      unique_uuids: {type: "tuple[uuid, ...]?", constraints: {unique: true}}
"""


@pytest.fixture(scope="module")
def flood(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    yield from generated_module(tmp_path_factory.mktemp("flood"), "flood", SCHEMA)


def colliding_ints(count: int = COUNT) -> list[int]:
    return [k * MODULUS for k in range(1, count + 1)]


def decode_error(module: ModuleType, document: dict[str, Any]) -> DecodeError:
    with pytest.raises(DecodeError) as caught:
        module.Flood.from_json(json.dumps(document))
    return caught.value


def over_the_limit(noun: str) -> str:
    return (
        f"more than {MAX_SHARED_HASH} distinct {noun} share one hash value,"
        f" over the limit of {MAX_SHARED_HASH} (a hash-flooding pattern)"
    )


FLOODS = [
    ("by_uuid", {str(UUID(int=k)): 1 for k in colliding_ints()}, "keys"),
    ("by_int", {str(k): "x" for k in colliding_ints()}, "keys"),
    ("uuids", [str(UUID(int=k)) for k in colliding_ints()], "items"),
    ("decimals", colliding_ints(), "items"),
    ("ints", colliding_ints(), "items"),
    ("floats", [2.0 ** (61 * k) for k in range(-16, 17)], "items"),
    ("pairs", [[k, "a"] for k in colliding_ints()], "items"),
    ("unique_ints", colliding_ints(), "items"),
    ("unique_uuids", [str(UUID(int=k)) for k in colliding_ints()], "items"),
]


@pytest.mark.parametrize(("field", "values", "noun"), FLOODS)
def test_values_sharing_one_hash_are_refused_with_the_limit_and_path(
    flood: ModuleType, field: str, values: Any, noun: str
) -> None:
    error = decode_error(flood, {field: values})
    assert error.message == over_the_limit(noun)
    first_over = (
        list(values)[MAX_SHARED_HASH] if isinstance(values, dict) else MAX_SHARED_HASH
    )
    assert error.path_segments == [field, first_over]


def test_a_dict_uuid_flood_in_a_committed_model_is_refused() -> None:
    document = json.loads(
        types.Containers(
            tags=set(),
            codes=set(),
            pair=("a", 1),
            coordinates=(),
            by_id={},
            by_color={},
            by_uuid={},
            nested=[],
        ).to_json()
    )
    document["byUuid"] = {str(UUID(int=k)): "2026-01-01" for k in colliding_ints()}
    for backend in ("stdlib", "orjson"):
        with pytest.raises(DecodeError) as caught:
            ForyJson(types, backend=backend).from_json(
                json.dumps(document), types.Containers
            )
        assert caught.value.message == over_the_limit("keys")
        key = str(UUID(int=colliding_ints()[MAX_SHARED_HASH]))
        assert caught.value.path == f"$.byUuid['{key}']"


def test_values_up_to_the_limit_that_share_a_hash_are_accepted(
    flood: ModuleType,
) -> None:
    shared = colliding_ints(MAX_SHARED_HASH)
    value = flood.Flood.from_json(
        json.dumps(
            {
                "ints": shared,
                "by_int": {str(k): str(k) for k in shared},
                "unique_ints": shared,
            }
        )
    )
    assert value.ints == set(shared)
    assert value.by_int == {k: str(k) for k in shared}
    assert value.unique_ints == shared


def test_equal_values_repeated_do_not_count_against_the_limit(
    flood: ModuleType,
) -> None:
    repeated = [MODULUS, 2 * MODULUS] * 5_000
    value = flood.Flood.from_json(json.dumps({"ints": repeated, "decimals": repeated}))
    assert value.ints == {MODULUS, 2 * MODULUS}
    assert value.decimals == {Decimal(MODULUS), Decimal(2 * MODULUS)}


def test_equal_uuid_keys_keep_the_last_value_in_first_place(
    flood: ModuleType,
) -> None:
    lower = "01234567-89ab-cdef-0123-456789abcdef"
    text = (
        f'{{"by_uuid": {{"{lower}": 1, "00000000-0000-0000-0000-000000000001": 2,'
        f' "{lower.upper()}": 3}}}}'
    )
    value = flood.Flood.from_json(text)
    assert list(value.by_uuid.items()) == [(UUID(lower), 3), (UUID(int=1), 2)]


def test_a_repeat_in_a_unique_list_is_still_named(flood: ModuleType) -> None:
    error = decode_error(flood, {"unique_ints": [1, MODULUS, 1]})
    assert error.message == "1 appears more than once; each item may appear only once"
    assert error.path == "$.unique_ints"


def test_sized_integer_keys_need_no_guard_their_collisions_are_few(
    flood: ModuleType,
) -> None:
    # Every int64 shares its hash with at most eight others: no flood is possible.
    keys = [k * MODULUS for k in range(-4, 5)]
    value = flood.Flood.from_json(json.dumps({"by_int64": {str(k): "x" for k in keys}}))
    assert set(value.by_int64) == set(keys)


@settings(max_examples=50, deadline=None)
@given(
    ints=st.lists(st.integers(-(2**70), 2**70), max_size=30),
    keys=st.dictionaries(st.uuids(), st.integers(0, 9), max_size=30),
)
def test_ordinary_sets_and_dicts_decode_as_built_in_python(
    flood: ModuleType, ints: list[int], keys: dict[UUID, int]
) -> None:
    value = flood.Flood.from_json(
        json.dumps(
            {
                "ints": ints,
                "decimals": ints,
                "by_uuid": {str(key): item for key, item in keys.items()},
            }
        )
    )
    assert value.ints == set(ints)
    assert value.decimals == {Decimal(item) for item in ints}
    assert value.by_uuid == keys
    assert flood.Flood.from_json(value.to_json()) == value


def test_check_hashes_names_the_json_key_of_a_dict() -> None:
    keys = colliding_ints(MAX_SHARED_HASH + 1)
    names = [f"k{index}" for index in range(len(keys))]
    with pytest.raises(DecodeError) as caught:
        check_hashes(keys, names)
    assert caught.value.path_segments == [f"k{MAX_SHARED_HASH}"]
    check_hashes(keys[:-1], names)  # at the limit: accepted


@pytest.mark.parametrize(
    ("type_ref", "guarded"),
    [
        (Scalar("int"), True),
        (Scalar("float"), True),
        (Scalar("float32"), True),
        (Scalar("decimal"), True),
        (Scalar("decimal", "string"), True),
        (Scalar("uuid"), True),
        (Scalar("datetime"), True),
        (Scalar("datetime", "epoch_millis"), True),
        (Scalar("duration"), True),
        (Nullable(Scalar("uuid")), True),
        (TupleOf((Scalar("int64"), Scalar("int64"))), True),
        (TupleOf((Scalar("str"), Scalar("int8"))), True),
        (TupleOf((Scalar("uuid"),), variadic=True), True),
        (Scalar("str"), False),
        (Scalar("char"), False),
        (Scalar("bytes", "base64"), False),
        (Scalar("date"), False),
        (Scalar("time"), False),
        (Scalar("local_datetime"), False),
        (Scalar("bool"), False),
        (Scalar("int64"), False),
        (Scalar("uint64"), False),
        (EnumRef("m", "Color"), False),
        (TupleOf((Scalar("str"), Nullable(Scalar("date")), EnumRef("m", "C"))), False),
        (ListOf(Scalar("int")), False),  # not hashable: never a set element
    ],
)
def test_hash_guard_covers_every_type_whose_hash_is_not_randomized(
    type_ref: Any, guarded: bool
) -> None:
    assert needs_hash_guard(type_ref) is guarded
