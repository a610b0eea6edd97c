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
from uuid import UUID

import msgspec  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite import workloads
from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders.enums import EyeColor, Permissions
from benchmarks.suite.media.with_msgspec import MediaContent
from benchmarks.workloads import SIZES_KB


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


class Friend(msgspec.Struct):
    id: str
    name: str


class User(msgspec.Struct, rename="camel"):
    id: str
    index: int
    guid: str
    is_active: bool
    balance: str
    picture: str
    age: int
    eye_color: str
    name: str
    gender: str
    company: str
    email: str
    phone: str
    address: str
    about: str
    registered: str
    latitude: float
    longitude: float
    tags: list[str]
    friends: list[Friend]
    greeting: str
    favorite_fruit: str


class Users(msgspec.Struct):
    users: list[User]


class Partner(msgspec.Struct):
    id: int
    name: str
    since: str


class Client(msgspec.Struct, rename="camel"):
    id: int
    index: int
    guid: UUID
    is_active: bool
    balance: Decimal
    picture: str
    age: int
    eye_color: EyeColor
    name: str
    gender: str
    company: str
    emails: list[str]
    phones: list[int]
    address: str
    about: str
    registered: dt.date
    latitude: float
    longitude: float
    tags: list[str]
    partners: list[Partner]


class Clients(msgspec.Struct):
    clients: list[Client]


# msgspec's own benchmark models: a tagged union, update fields omitted when unset.
class File(
    msgspec.Struct, tag="file", tag_field="type", omit_defaults=True, kw_only=True
):
    name: str
    created_by: str
    created_at: dt.datetime
    updated_by: str | None = None
    updated_at: dt.datetime | None = None
    nbytes: int
    permissions: Permissions


class Directory(
    msgspec.Struct, tag="directory", tag_field="type", omit_defaults=True, kw_only=True
):
    name: str
    created_by: str
    created_at: dt.datetime
    updated_by: str | None = None
    updated_at: dt.datetime | None = None
    contents: list[File | Directory]


def build_media(data: dict[str, Any]) -> MediaContent:
    return msgspec.convert(data, MediaContent)


def build_order(data: dict[str, Any]) -> Order:
    order: Order = workloads.build_order(sys.modules[__name__], data)
    return order


_encoder = msgspec.json.Encoder(decimal_format="number")
_media_decoder = msgspec.json.Decoder(MediaContent)
_order_decoder = msgspec.json.Decoder(Order)


def build_tree(data: dict[str, Any]) -> Directory:
    return msgspec.convert(data, Directory)


def _decoder(model: Any) -> Any:
    return msgspec.json.Decoder(model).decode


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
        **{
            f"users_{size}": Codec(
                lambda data: msgspec.convert(data, Users),
                encode,
                _decoder(Users),
                True,
                True,
            )
            for size in SIZES_KB
        },
        **{
            f"clients_{size}": Codec(
                lambda data: msgspec.convert(data, Clients),
                encode,
                _decoder(Clients),
                True,
                True,
            )
            for size in SIZES_KB
        },
        "bytes_base64": Codec(bytes, encode, _decoder(bytes), True, True),
        "filetree": Codec(
            build_tree,
            encode,
            _decoder(Directory),
            exact=False,
            reads_expected=True,
            capabilities="UTC written as Z and compact separators",
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
    unsupported={
        "bytes_array": "bytes are written only as base64",
        "bytes_base16": "no hex form for bytes",
    },
)
