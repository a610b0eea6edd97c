"""mashumaro: dataclasses with ``DataClassORJSONMixin`` (``to_jsonb`` / ``from_json``).

Property names are field aliases, written by alias. mashumaro turns ``Decimal`` into a
string and ``bytes`` into MIME base64 (``base64.encodebytes``: a newline every 76
characters, escaped as ``\\n`` in the JSON text); orjson writes ``datetime`` as ISO 8601
text. Three differences from Jackson's orders documents.
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-subclassing-any=False, warn-return-any=False

from __future__ import annotations

import datetime as dt
import enum
import sys
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Annotated, Any, Literal
from uuid import UUID

from mashumaro.config import BaseConfig  # type: ignore[import-not-found, unused-ignore]
from mashumaro.mixins.orjson import DataClassORJSONMixin  # type: ignore[import-not-found, unused-ignore]
from mashumaro.types import Discriminator  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite import workloads
from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders.enums import EyeColor, Permissions
from benchmarks.suite.media.with_mashumaro import (
    Image,
    Media,
    MediaContent,
    Player,
    Size,
)
from benchmarks.workloads import SIZES_KB


class OrderStatus(enum.Enum):
    NEW = "NEW"
    PAID = "PAID"
    PICKING = "PICKING"
    SHIPPED = "SHIPPED"
    DELIVERED = "DELIVERED"
    CANCELLED = "CANCELLED"


class _ByAlias(BaseConfig):
    serialize_by_alias = True


@dataclass
class Address(DataClassORJSONMixin):
    street: str
    city: str
    zip: str
    country: str


@dataclass
class Category(DataClassORJSONMixin):
    id: int
    name: str
    parent: Category | None


@dataclass
class Product(DataClassORJSONMixin):
    sku: str
    name: str
    description: str
    category: Category
    price: Decimal
    weight_grams: int = field(metadata={"alias": "weightGrams"})
    tags: list[str]
    thumbnail: bytes

    Config = _ByAlias


@dataclass
class Customer(DataClassORJSONMixin):
    id: int
    first_name: str = field(metadata={"alias": "firstName"})
    last_name: str = field(metadata={"alias": "lastName"})
    email: str
    date_of_birth: dt.datetime = field(metadata={"alias": "dateOfBirth"})
    vip: bool
    addresses: list[Address]

    Config = _ByAlias


@dataclass
class OrderLine(DataClassORJSONMixin):
    product: Product
    quantity: int
    unit_price: Decimal = field(metadata={"alias": "unitPrice"})
    discount: float

    Config = _ByAlias


@dataclass
class Order(DataClassORJSONMixin):
    id: str
    customer: Customer
    lines: list[OrderLine]
    status: OrderStatus
    created: dt.datetime
    shipping_address: Address = field(metadata={"alias": "shippingAddress"})
    attributes: dict[str, str]
    notes: str | None

    Config = _ByAlias


@dataclass
class Friend(DataClassORJSONMixin):
    id: str
    name: str


@dataclass
class User(DataClassORJSONMixin):
    id: str
    index: int
    guid: str
    is_active: bool = field(metadata={"alias": "isActive"})
    balance: str
    picture: str
    age: int
    eye_color: str = field(metadata={"alias": "eyeColor"})
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
    favorite_fruit: str = field(metadata={"alias": "favoriteFruit"})

    Config = _ByAlias


@dataclass
class Users(DataClassORJSONMixin):
    users: list[User]


@dataclass
class Partner(DataClassORJSONMixin):
    id: int
    name: str
    since: str


@dataclass
class Client(DataClassORJSONMixin):
    id: int
    index: int
    guid: UUID
    is_active: bool = field(metadata={"alias": "isActive"})
    balance: Decimal
    picture: str
    age: int
    eye_color: EyeColor = field(metadata={"alias": "eyeColor"})
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

    Config = _ByAlias


@dataclass
class Clients(DataClassORJSONMixin):
    clients: list[Client]


class _OmitNone(BaseConfig):
    omit_none = True


@dataclass(kw_only=True)
class File(DataClassORJSONMixin):
    type: Literal["file"] = "file"
    name: str
    created_by: str
    created_at: dt.datetime
    updated_by: str | None = None
    updated_at: dt.datetime | None = None
    nbytes: int
    permissions: Permissions

    Config = _OmitNone


@dataclass(kw_only=True)
class Directory(DataClassORJSONMixin):
    type: Literal["directory"] = "directory"
    name: str
    created_by: str
    created_at: dt.datetime
    updated_by: str | None = None
    updated_at: dt.datetime | None = None
    contents: list[
        Annotated[
            File | Directory, Discriminator(field="type", include_supertypes=True)
        ]
    ]

    Config = _OmitNone


def build_users(data: dict[str, Any]) -> Users:
    built: Users = workloads.build_users(sys.modules[__name__], data)
    return built


def build_clients(data: dict[str, Any]) -> Clients:
    built: Clients = workloads.build_clients(sys.modules[__name__], data)
    return built


def build_tree(data: dict[str, Any]) -> Directory:
    built: Directory = workloads.build_node(sys.modules[__name__], data)
    return built


def build_media(data: dict[str, Any]) -> MediaContent:
    m = data["media"]
    return MediaContent(
        media=Media(**{**m, "player": Player[m["player"]]}),
        images=[Image(**{**i, "size": Size[i["size"]]}) for i in data["images"]],
    )


def build_order(data: dict[str, Any]) -> Order:
    order: Order = workloads.build_order(sys.modules[__name__], data)
    return order


def encode(value: DataClassORJSONMixin) -> bytes:
    return value.to_jsonb()


def decode_media(data: bytes) -> MediaContent:
    return MediaContent.from_json(data)


def decode_order(data: bytes) -> Order:
    return Order.from_json(data)


CONTENDER = Contender(
    name="mashumaro-orjson",
    description="dataclasses + DataClassORJSONMixin (to_jsonb / from_json)",
    distributions=("mashumaro", "orjson"),
    codecs={
        "media": Codec(
            build=build_media,
            encode=encode,
            decode=decode_media,
            exact=True,
            reads_expected=True,
        ),
        **{
            f"users_{size}": Codec(build_users, encode, Users.from_json, True, True)
            for size in SIZES_KB
        },
        **{
            f"clients_{size}": Codec(
                build_clients,
                encode,
                Clients.from_json,
                exact=False,
                reads_expected=False,
                capabilities=(
                    "decimals as JSON strings; reading a JSON number into a Decimal"
                    " goes through a float"
                ),
            )
            for size in SIZES_KB
        },
        "filetree": Codec(
            build_tree,
            encode,
            Directory.from_json,
            exact=False,
            reads_expected=True,
            capabilities="UTC written as +00:00 (orjson), compact separators",
        ),
        "orders": Codec(
            build=build_order,
            encode=encode,
            decode=decode_order,
            exact=False,
            reads_expected=False,
            capabilities=(
                "decimals as JSON strings, dates as ISO 8601 text, thumbnails as MIME"
                " base64 with a newline every 76 characters; Jackson's forms would"
                " need serialization_strategy per type"
            ),
        ),
    },
    unsupported={
        "bytes_array": "the mixins serialize dataclasses, not root values;"
        " bytes are MIME base64",
        "bytes_base16": "the mixins serialize dataclasses, not root values;"
        " no hex form for bytes",
        "bytes_base64": "the mixins serialize dataclasses, not root values;"
        " bytes are MIME base64 with newlines",
    },
)
