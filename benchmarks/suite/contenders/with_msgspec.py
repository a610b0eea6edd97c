"""msgspec: ``msgspec.Struct`` models and its C JSON encoder and decoder.

Orders use ``rename="camel"`` for the property names and ``decimal_format="number"`` so
prices are bare numbers with their two places. msgspec writes ``datetime`` only as
RFC 3339 text (its ``enc_hook`` is not consulted for types it supports), so the two
epoch-millisecond dates differ from Jackson's.
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any,
# and cannot check constructor arguments of classes built on it.
# mypy: disallow-subclassing-any=False, warn-return-any=False
# mypy: disable-error-code="call-arg"

from __future__ import annotations

import datetime as dt
import enum
import sys
from decimal import Decimal
from typing import Any

import msgspec  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite import workloads
from benchmarks.suite.contender import Codec, Contender


class Player(enum.Enum):
    JAVA = "JAVA"
    FLASH = "FLASH"


class Size(enum.Enum):
    SMALL = "SMALL"
    LARGE = "LARGE"


class Media(msgspec.Struct):
    uri: str
    title: str | None
    width: int
    height: int
    format: str
    duration: int
    size: int
    bitrate: int
    persons: list[str]
    player: Player
    copyright: str | None


class Image(msgspec.Struct):
    uri: str
    title: str | None
    width: int
    height: int
    size: Size


class MediaContent(msgspec.Struct):
    media: Media
    images: list[Image]


class OrderStatus(enum.Enum):
    NEW = "NEW"
    PAID = "PAID"
    PICKING = "PICKING"
    SHIPPED = "SHIPPED"
    DELIVERED = "DELIVERED"
    CANCELLED = "CANCELLED"


class Address(msgspec.Struct):
    street: str
    city: str
    zip: str
    country: str


class Category(msgspec.Struct):
    id: int
    name: str
    parent: Category | None


class Product(msgspec.Struct, rename="camel"):
    sku: str
    name: str
    description: str
    category: Category
    price: Decimal
    weight_grams: int
    tags: list[str]
    thumbnail: bytes


class Customer(msgspec.Struct, rename="camel"):
    id: int
    first_name: str
    last_name: str
    email: str
    date_of_birth: dt.datetime
    vip: bool
    addresses: list[Address]


class OrderLine(msgspec.Struct, rename="camel"):
    product: Product
    quantity: int
    unit_price: Decimal
    discount: float


class Order(msgspec.Struct, rename="camel"):
    id: str
    customer: Customer
    lines: list[OrderLine]
    status: OrderStatus
    created: dt.datetime
    shipping_address: Address
    attributes: dict[str, str]
    notes: str | None


def build_media(data: dict[str, Any]) -> MediaContent:
    return msgspec.convert(data, MediaContent)


def build_order(data: dict[str, Any]) -> Order:
    order: Order = workloads.build_order(sys.modules[__name__], data)
    return order


_encoder = msgspec.json.Encoder(decimal_format="number")
_media_decoder = msgspec.json.Decoder(MediaContent)
_order_decoder = msgspec.json.Decoder(Order)


def encode(value: Any) -> bytes:
    return _encoder.encode(value)


def decode_media(data: bytes) -> MediaContent:
    return _media_decoder.decode(data)


def decode_order(data: bytes) -> Order:
    return _order_decoder.decode(data)


CONTENDER = Contender(
    name="msgspec",
    description="msgspec.Struct, msgspec.json Encoder/Decoder",
    distributions=("msgspec",),
    codecs={
        "media": Codec(
            build=build_media,
            encode=encode,
            decode=decode_media,
            exact=True,
            reads_expected=True,
        ),
        "orders": Codec(
            build=build_order,
            encode=encode,
            decode=decode_order,
            exact=False,
            reads_expected=False,
            capabilities=(
                "dates as RFC 3339 text, not epoch milliseconds (no hook for datetime);"
                " thumbnails standard padded base64 and two-place decimal numbers"
                " (decimal_format='number') match Jackson"
            ),
        ),
    },
)
