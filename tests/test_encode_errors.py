"""Values the schema does not allow: EncodeError with the path of the value."""

from __future__ import annotations

from typing import Any

import pytest

from foryjson import EncodeError
from generated import catalog, common
from generated.media import Image, MediaContent, Player, Size
from generated.shop import events
from tests.media_fixture import media_1


def encode_error(value: Any) -> EncodeError:
    with pytest.raises(EncodeError) as raised:
        value.to_json()
    with pytest.raises(EncodeError):
        value.to_json_bytes()
    return raised.value


def broken_media(**changes: Any) -> MediaContent:
    value = media_1()
    for name, new in changes.items():
        setattr(value.media, name, new)
    return value


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        ({"width": "640"}, "$.media.width", "expected int32, got the string '640'"),
        ({"width": True}, "$.media.width", "expected int32, got true"),
        ({"width": 640.0}, "$.media.width", "expected int32, got the number 640.0"),
        (
            {"width": 2**31},
            "$.media.width",
            "expected int32, got the integer 2147483648",
        ),
        (
            {"duration": -(2**63) - 1},
            "$.media.duration",
            "expected int64, got the integer -9223372036854775809",
        ),
        ({"uri": None}, "$.media.uri", "expected str, got null"),
        ({"title": b"x"}, "$.media.title", "expected str, got a value of type bytes"),
        (
            {"player": "JAVA"},
            "$.media.player",
            "expected Player, got the string 'JAVA'",
        ),
        (
            {"player": Size.SMALL},
            "$.media.player",
            "expected Player, got a value of type Size",
        ),
        (
            {"persons": ("a",)},
            "$.media.persons",
            "expected list[str], got a value of type tuple",
        ),
        (
            {"persons": ["a", 3]},
            "$.media.persons[1]",
            "expected str, got the integer 3",
        ),
    ],
)
def test_wrong_values_name_their_path(
    changes: dict[str, Any], path: str, message: str
) -> None:
    error = encode_error(broken_media(**changes))
    assert (error.path, error.message) == (path, message)
    assert str(error) == f"{message} at {path}"


def test_wrong_model_in_a_list() -> None:
    value = media_1()
    value.images.append(value.media)  # type: ignore[arg-type]
    error = encode_error(value)
    assert (error.path, error.message) == (
        "$.images[2]",
        "expected Image, got a value of type Media",
    )


def test_dict_keys_must_be_strings() -> None:
    event = events.OrderPlaced(
        order_id="o", customer_id=1, total=common.Money(minor_units=1), labels={1: [1]}  # type: ignore[dict-item]
    )
    error = encode_error(event)
    assert error.path == "$.labels['1']"
    assert error.message == "expected a str key, got the integer 1"


def test_float_fields_accept_integers_and_write_them_as_floats() -> None:
    event = events.OrderPlaced(
        order_id="o", customer_id=1, total=common.Money(minor_units=1), discount_rate=3
    )
    assert '"discount-rate":3.0' in event.to_json()
    event.discount_rate = "3"  # type: ignore[assignment]
    assert encode_error(event).path == "$['discount-rate']"
    event.discount_rate = 10**400
    assert encode_error(event).message == "integer too large to convert to float"


def test_non_finite_floats_are_written_as_strings() -> None:
    event = events.OrderPlaced(
        order_id="o",
        customer_id=1,
        total=common.Money(minor_units=1),
        discount_rate=float("nan"),
    )
    assert '"discount-rate":"NaN"' in event.to_json()
    event.discount_rate = float("-inf")
    assert '"discount-rate":"-Infinity"' in event.to_json()
    assert events.OrderPlaced.from_json(event.to_json()).discount_rate == float("-inf")


def test_a_lone_surrogate_is_an_encode_error() -> None:
    image = Image(uri="a\ud800b", width=1, height=1, size=Size.SMALL)
    error = encode_error(image)
    assert error.message == (
        "a string holds the lone surrogate U+D800, which has no UTF-8 form"
        " (in value.uri)"
    )
    with pytest.raises(EncodeError):
        image.to_json(escape_non_ascii=True)


def test_a_cyclic_object_graph_is_an_encode_error() -> None:
    category = catalog.Category(id=1, name="loop")
    category.parent = category
    error = encode_error(category)
    assert error.message == "the object graph is cyclic: value.parent is value"


def test_encoding_the_wrong_root_class() -> None:
    with pytest.raises(
        EncodeError, match="expected Image, got a value of type MediaContent"
    ):
        Image.to_json(media_1())  # type: ignore[arg-type]


def test_player_enum_encodes_by_name() -> None:
    value = broken_media(player=Player.FLASH)
    assert '"player":"FLASH"' in value.to_json()
