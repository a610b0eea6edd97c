"""``ForyJson`` roots of type ``X | None``: a ``null`` document is None, and back.

Fory reads ``null`` for any object root; a generated ``Model.from_json`` returns a
model, so nullable roots are asked for through ``ForyJson`` with ``X | None`` (or
``Optional[X]``), alone or inside ``list[...]`` and ``dict[str, ...]``.
"""

from __future__ import annotations

from typing import Any, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, EncodeError, ForyJson
from generated import media, orders
from tests.schema_strategies import for_model, modules

IMAGE = next(model for model in modules()["media"].models if model.name == "Image")

BACKENDS = ["stdlib", "orjson"]
OPTIONAL_IMAGE = Optional[media.Image]  # noqa: UP045 - the spelling under test
IMAGE_JSON = '{"uri":"u","title":null,"width":1,"height":2,"size":"SMALL"}'


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("nullable", [media.Image | None, OPTIONAL_IMAGE])
def test_a_null_document_is_none_and_none_is_null(backend: str, nullable: Any) -> None:
    fory = ForyJson(media, backend=backend)
    assert fory.from_json("null", nullable) is None
    assert fory.from_json(b" null ", nullable) is None
    assert fory.to_json(None, nullable) == "null"
    assert fory.to_json_bytes(None, nullable) == b"null"
    assert fory.to_json(None, nullable, pretty=True) == "null"
    image = fory.from_json(IMAGE_JSON, nullable)
    assert image == media.Image.from_json(IMAGE_JSON)
    assert fory.to_json(image, nullable) == IMAGE_JSON


@pytest.mark.parametrize("backend", BACKENDS)
def test_nullable_elements_and_values(backend: str) -> None:
    fory = ForyJson(media, backend=backend)
    image = media.Image.from_json(IMAGE_JSON)
    items = f"[null,{IMAGE_JSON},null]"
    assert fory.from_json(items, list[media.Image | None]) == [None, image, None]
    assert fory.to_json([None, image, None], list[media.Image | None]) == items
    members = f'{{"a":null,"b":{IMAGE_JSON}}}'
    assert fory.from_json(members, dict[str, media.Image | None]) == {
        "a": None,
        "b": image,
    }
    assert fory.to_json({"a": None, "b": image}, dict[str, media.Image | None]) == (
        members
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_errors_keep_their_paths(backend: str) -> None:
    fory = ForyJson(media, backend=backend)
    with pytest.raises(DecodeError) as read:
        fory.from_json('[null,{"uri":"u"}]', list[media.Image | None])
    assert (read.value.message, read.value.path) == (
        "missing required property 'width'",
        "$[1]",
    )
    with pytest.raises(EncodeError) as written:
        fory.to_json([None, "image"], list[media.Image | None])
    assert (written.value.message, written.value.path) == (
        "expected Image, got the string 'image'",
        "$[1]",
    )
    with pytest.raises(DecodeError) as refused:
        fory.from_json("null", media.Image)
    assert refused.value.message == "expected an object, got null"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_recursive_nullable_root_counts_its_depth(backend: str) -> None:
    deep = None
    for number in range(6):
        deep = orders.Category(id=number, name="c", parent=deep)
    fory = ForyJson(orders, backend=backend, max_depth=5)
    with pytest.raises(EncodeError) as caught:
        fory.to_json(deep, orders.Category | None)
    assert caught.value.message == (
        "nesting deeper than the limit of 5 (raise max_depth for trusted data)"
    )
    assert deep is not None and deep.parent is not None
    text = fory.to_json(deep.parent, orders.Category | None)
    assert fory.from_json(text, orders.Category | None) == deep.parent


def test_other_unions_are_refused() -> None:
    fory = ForyJson(media)
    for root in (media.Image | int, media.Image | media.Media | None):
        with pytest.raises(TypeError) as caught:
            fory.to_json(None, root)
        assert str(caught.value) == (
            f"{root!r} is not a type of the modules given to ForyJson,"
            " nor list[...], dict[str, ...] or ... | None of one, nor a type"
            " expression (a str such as 'list[float]') or a root Codec"
        )


@settings(max_examples=60, deadline=None)
@given(value=st.none() | for_model("media", IMAGE))
def test_values_round_trip_through_a_nullable_root(value: media.Image | None) -> None:
    for backend in BACKENDS:
        fory = ForyJson(media, backend=backend)
        text = fory.to_json(value, media.Image | None)
        assert fory.from_json(text, media.Image | None) == value
