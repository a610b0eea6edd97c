"""The standard library's ``json`` with mapping written by hand, without any checks.

The objects are foryjson's generated classes (plain classes with ``__slots__``), but
none of foryjson's code runs: each codec builds or reads dicts by hand around
``json.dumps`` / ``json.loads``, as :mod:`benchmarks.media_baseline` does.
"""

from __future__ import annotations

import binascii
import datetime as dt
import json
from decimal import Decimal
from typing import Any

from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders.with_foryjson import build_media, build_order
from benchmarks.suite.workloads import EPOCH, instant
from generated.media import Image, Media, MediaContent, Player, Size
from generated.orders import (
    Address,
    Category,
    Customer,
    Order,
    OrderLine,
    OrderStatus,
    Product,
)

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_loads = json.loads
_CENTS = Decimal("0.01")
_MILLISECOND = dt.timedelta(milliseconds=1)


def encode_media(value: MediaContent) -> bytes:
    m = value.media
    return _dumps(
        {
            "media": {
                "uri": m.uri,
                "title": m.title,
                "width": m.width,
                "height": m.height,
                "format": m.format,
                "duration": m.duration,
                "size": m.size,
                "bitrate": m.bitrate,
                "persons": m.persons,
                "player": m.player.value,
                "copyright": m.copyright,
            },
            "images": [
                {
                    "uri": i.uri,
                    "title": i.title,
                    "width": i.width,
                    "height": i.height,
                    "size": i.size.value,
                }
                for i in value.images
            ],
        }
    ).encode()


def decode_media(data: bytes) -> MediaContent:
    tree = _loads(data)
    m = tree["media"]
    return MediaContent(
        media=Media(
            uri=m["uri"],
            title=m.get("title"),
            width=m["width"],
            height=m["height"],
            format=m["format"],
            duration=m["duration"],
            size=m["size"],
            bitrate=m["bitrate"],
            persons=m["persons"],
            player=Player[m["player"]],
            copyright=m.get("copyright"),
        ),
        images=[
            Image(
                uri=i["uri"],
                title=i.get("title"),
                width=i["width"],
                height=i["height"],
                size=Size[i["size"]],
            )
            for i in tree["images"]
        ],
    )


def _millis(value: dt.datetime) -> int:
    return (value - EPOCH) // _MILLISECOND


def _address(a: Address) -> dict[str, Any]:
    return {"street": a.street, "city": a.city, "zip": a.zip, "country": a.country}


def _category(c: Category | None) -> dict[str, Any] | None:
    if c is None:
        return None
    return {"id": c.id, "name": c.name, "parent": _category(c.parent)}


def _product(p: Product) -> dict[str, Any]:
    return {
        "sku": p.sku,
        "name": p.name,
        "description": p.description,
        "category": _category(p.category),
        "price": float(p.price),
        "weightGrams": p.weight_grams,
        "tags": p.tags,
        "thumbnail": binascii.b2a_base64(p.thumbnail, newline=False).decode("ascii"),
    }


def encode_order(value: Order) -> bytes:
    c = value.customer
    return _dumps(
        {
            "id": value.id,
            "customer": {
                "id": c.id,
                "firstName": c.first_name,
                "lastName": c.last_name,
                "email": c.email,
                "dateOfBirth": _millis(c.date_of_birth),
                "vip": c.vip,
                "addresses": [_address(a) for a in c.addresses],
            },
            "lines": [
                {
                    "product": _product(line.product),
                    "quantity": line.quantity,
                    "unitPrice": float(line.unit_price),
                    "discount": line.discount,
                }
                for line in value.lines
            ],
            "status": value.status.value,
            "created": _millis(value.created),
            "shippingAddress": _address(value.shipping_address),
            "attributes": value.attributes,
            "notes": value.notes,
        }
    ).encode()


def _read_address(a: dict[str, Any]) -> Address:
    return Address(
        street=a["street"], city=a["city"], zip=a["zip"], country=a["country"]
    )


def _read_category(c: dict[str, Any] | None) -> Category | None:
    if c is None:
        return None
    return Category(id=c["id"], name=c["name"], parent=_read_category(c.get("parent")))


def _read_product(p: dict[str, Any]) -> Product:
    category = _read_category(p["category"])
    assert category is not None
    return Product(
        sku=p["sku"],
        name=p["name"],
        description=p["description"],
        category=category,
        price=Decimal(p["price"]).quantize(_CENTS),
        weight_grams=p["weightGrams"],
        tags=p["tags"],
        thumbnail=binascii.a2b_base64(p["thumbnail"]),
    )


def decode_order(data: bytes) -> Order:
    # Numbers with a fraction stay text-exact as Decimal; the discount becomes a float.
    tree = _loads(data, parse_float=Decimal)
    c = tree["customer"]
    return Order(
        id=tree["id"],
        customer=Customer(
            id=c["id"],
            first_name=c["firstName"],
            last_name=c["lastName"],
            email=c["email"],
            date_of_birth=instant(c["dateOfBirth"]),
            vip=c["vip"],
            addresses=[_read_address(a) for a in c["addresses"]],
        ),
        lines=[
            OrderLine(
                product=_read_product(line["product"]),
                quantity=line["quantity"],
                unit_price=Decimal(line["unitPrice"]).quantize(_CENTS),
                discount=float(line["discount"]),
            )
            for line in tree["lines"]
        ],
        status=OrderStatus[tree["status"]],
        created=instant(tree["created"]),
        shipping_address=_read_address(tree["shippingAddress"]),
        attributes=tree["attributes"],
        notes=tree.get("notes"),
    )


CONTENDER = Contender(
    name="stdlib",
    description="json module, mapping written by hand, no checks",
    distributions=(),
    codecs={
        "media": Codec(
            build=build_media,
            encode=encode_media,
            decode=decode_media,
            exact=True,
            reads_expected=True,
        ),
        "orders": Codec(
            build=build_order,
            encode=encode_order,
            decode=decode_order,
            exact=False,
            reads_expected=True,
            capabilities=(
                "json.dumps cannot write a Decimal as a number, so prices are written"
                " as floats: 12.30 becomes 12.3 (hand-written decode restores the two"
                " places); everything else, base64 thumbnails and epoch-millisecond"
                " dates included, is Jackson's bytes"
            ),
        ),
    },
)
