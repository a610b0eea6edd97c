"""pydantic v2: ``BaseModel`` models, ``model_dump_json`` and ``model_validate_json``.

Property names come from ``alias_generator=to_camel`` (written by alias, populated by
name). ``model_dump_json`` returns ``str``; ``encode`` adds the UTF-8 encoding to bytes.
pydantic writes ``Decimal`` as a JSON string, ``datetime`` as ISO 8601 text, and its
``ser_json_bytes="base64"`` is the URL-safe alphabet: three differences from Jackson.
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-subclassing-any=False, warn-return-any=False

from __future__ import annotations

import datetime as dt
import enum
import sys
from decimal import Decimal
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter  # type: ignore[import-not-found, unused-ignore]
from pydantic.alias_generators import to_camel  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite import workloads
from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders.enums import EyeColor, Permissions
from benchmarks.suite.media.with_pydantic import MediaContent
from benchmarks.workloads import SIZES_KB


class OrderStatus(enum.Enum):
    NEW = "NEW"
    PAID = "PAID"
    PICKING = "PICKING"
    SHIPPED = "SHIPPED"
    DELIVERED = "DELIVERED"
    CANCELLED = "CANCELLED"


class _Camel(BaseModel):
    model_config = ConfigDict(
        alias_generator=to_camel,
        validate_by_name=True,
        validate_by_alias=True,
        serialize_by_alias=True,
        ser_json_bytes="base64",
        val_json_bytes="base64",
    )


class Address(_Camel):
    street: str
    city: str
    zip: str
    country: str


class Category(_Camel):
    id: int
    name: str
    parent: Category | None


class Product(_Camel):
    sku: str
    name: str
    description: str
    category: Category
    price: Decimal
    weight_grams: int
    tags: list[str]
    thumbnail: bytes


class Customer(_Camel):
    id: int
    first_name: str
    last_name: str
    email: str
    date_of_birth: dt.datetime
    vip: bool
    addresses: list[Address]


class OrderLine(_Camel):
    product: Product
    quantity: int
    unit_price: Decimal
    discount: float


class Order(_Camel):
    id: str
    customer: Customer
    lines: list[OrderLine]
    status: OrderStatus
    created: dt.datetime
    shipping_address: Address
    attributes: dict[str, str]
    notes: str | None


class Friend(_Camel):
    id: str
    name: str


class User(_Camel):
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


class Users(_Camel):
    users: list[User]


class Partner(_Camel):
    id: int
    name: str
    since: str


class Client(_Camel):
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


class Clients(_Camel):
    clients: list[Client]


class File(BaseModel):
    type: Literal["file"] = "file"
    name: str
    created_by: str
    created_at: dt.datetime
    updated_by: str | None = None
    updated_at: dt.datetime | None = None
    nbytes: int
    permissions: Permissions


class Directory(BaseModel):
    type: Literal["directory"] = "directory"
    name: str
    created_by: str
    created_at: dt.datetime
    updated_by: str | None = None
    updated_at: dt.datetime | None = None
    contents: list[Annotated[File | Directory, Field(discriminator="type")]]


def build_media(data: dict[str, Any]) -> MediaContent:
    return MediaContent.model_validate(data)


def build_order(data: dict[str, Any]) -> Order:
    order: Order = workloads.build_order(sys.modules[__name__], data)
    return order


def build_tree(data: dict[str, Any]) -> Directory:
    return Directory.model_validate(data)


def encode(value: BaseModel) -> bytes:
    return value.model_dump_json().encode()


def encode_tree(value: BaseModel) -> bytes:
    # Update fields are left out when absent, as in msgspec's documents.
    return value.model_dump_json(exclude_none=True).encode()


def _decoder(model: Any) -> Any:
    return model.model_validate_json


_hex = TypeAdapter(bytes, config=ConfigDict(ser_json_bytes="hex", val_json_bytes="hex"))


def encode_hex(value: bytes) -> bytes:
    data: bytes = _hex.dump_json(value)
    return data


def decode_media(data: bytes) -> MediaContent:
    return MediaContent.model_validate_json(data)


def decode_order(data: bytes) -> Order:
    return Order.model_validate_json(data)


CONTENDER = Contender(
    name="pydantic",
    description="BaseModel, model_dump_json / model_validate_json",
    distributions=("pydantic", "pydantic-core"),
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
                Users.model_validate, encode, _decoder(Users), True, True
            )
            for size in SIZES_KB
        },
        **{
            f"clients_{size}": Codec(
                Clients.model_validate,
                encode,
                _decoder(Clients),
                exact=False,
                reads_expected=True,
                capabilities='decimals as JSON strings ("0.57...")',
            )
            for size in SIZES_KB
        },
        "bytes_base16": Codec(bytes, encode_hex, _hex.validate_json, True, True),
        "filetree": Codec(
            build_tree,
            encode_tree,
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
            reads_expected=True,
            capabilities=(
                'decimals as JSON strings ("12.30"), dates as ISO 8601 text,'
                " thumbnails in URL-safe base64 (ser_json_bytes='base64');"
                " Jackson's forms would need a serializer function per field; it does read"
                " Jackson's documents (numbers, epoch ms, standard base64)"
            ),
        ),
    },
    unsupported={
        "bytes_array": "no form for bytes as a JSON array of signed integers",
        "bytes_base64": "ser_json_bytes='base64' writes the URL-safe alphabet",
    },
)
