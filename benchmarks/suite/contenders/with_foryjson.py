"""foryjson: the generated modules ``generated.media`` and ``generated.orders``.

The runtime's standard-library backend: the ``json`` module's C scanner reads, generated
encoder functions write. These modules are generated with Jackson's defaults, so the
documents are the expected ones byte for byte.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from benchmarks.suite.contender import Codec, Contender
from generated import media, orders

UTC = dt.timezone.utc
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)


def instant(millis: int) -> dt.datetime:
    """An aware UTC datetime from epoch milliseconds."""
    return EPOCH + dt.timedelta(milliseconds=millis)


def build_media(data: dict[str, Any]) -> media.MediaContent:
    m = data["media"]
    return media.MediaContent(
        media=media.Media(
            uri=m["uri"],
            title=m["title"],
            width=m["width"],
            height=m["height"],
            format=m["format"],
            duration=m["duration"],
            size=m["size"],
            bitrate=m["bitrate"],
            persons=list(m["persons"]),
            player=media.Player[m["player"]],
            copyright=m["copyright"],
        ),
        images=[
            media.Image(
                uri=i["uri"],
                title=i["title"],
                width=i["width"],
                height=i["height"],
                size=media.Size[i["size"]],
            )
            for i in data["images"]
        ],
    )


def _address(item: dict[str, Any]) -> orders.Address:
    return orders.Address(**item)


def _category(item: dict[str, Any] | None) -> orders.Category | None:
    if item is None:
        return None
    return orders.Category(
        id=item["id"], name=item["name"], parent=_category(item["parent"])
    )


def _product(item: dict[str, Any]) -> orders.Product:
    category = _category(item["category"])
    assert category is not None
    return orders.Product(
        sku=item["sku"],
        name=item["name"],
        description=item["description"],
        category=category,
        price=item["price"],
        weight_grams=item["weightGrams"],
        tags=list(item["tags"]),
        thumbnail=item["thumbnail"],
    )


def build_order(data: dict[str, Any]) -> orders.Order:
    """A generated Order from the workload's plain data (as tests/test_orders.py)."""
    customer = data["customer"]
    return orders.Order(
        id=data["id"],
        customer=orders.Customer(
            id=customer["id"],
            first_name=customer["firstName"],
            last_name=customer["lastName"],
            email=customer["email"],
            date_of_birth=instant(customer["dateOfBirth"]),
            vip=customer["vip"],
            addresses=[_address(item) for item in customer["addresses"]],
        ),
        lines=[
            orders.OrderLine(
                product=_product(line["product"]),
                quantity=line["quantity"],
                unit_price=line["unitPrice"],
                discount=line["discount"],
            )
            for line in data["lines"]
        ],
        status=orders.OrderStatus[data["status"]],
        created=instant(data["created"]),
        shipping_address=_address(data["shippingAddress"]),
        attributes=dict(data["attributes"]),
        notes=data["notes"],
    )


def _encode_media(value: media.MediaContent) -> bytes:
    return value.to_json_bytes()


def _encode_order(value: orders.Order) -> bytes:
    return value.to_json_bytes()


CONTENDER = Contender(
    name="foryjson",
    description="generated modules, standard-library backend",
    distributions=("foryjson",),
    codecs={
        "media": Codec(
            build=build_media,
            encode=_encode_media,
            decode=media.MediaContent.from_json,
            exact=True,
            reads_expected=True,
        ),
        "orders": Codec(
            build=build_order,
            encode=_encode_order,
            decode=orders.Order.from_json,
            exact=True,
            reads_expected=True,
        ),
    },
)
