"""cattrs: ``attrs`` classes and the preconfigured JSON converter (``json`` underneath).

camelCase property names are per-field ``override(rename=...)`` hooks. The converter
writes with ``json.dumps(ensure_ascii=False, separators=(",", ":"))``. Its JSON
preconfiguration writes ``datetime`` as ISO 8601 text and ``bytes`` as base85 and has no
``Decimal`` support at all (two hooks here write it as a string): three differences from
Jackson's orders documents.
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any,
# and cannot check constructor arguments of classes built on it.
# mypy: disallow-subclassing-any=False, warn-return-any=False
# mypy: disallow-untyped-decorators=False, disallow-any-generics=False
# mypy: disable-error-code="call-arg"

from __future__ import annotations

import datetime as dt
import enum
import sys
from decimal import Decimal
from typing import Any
from uuid import UUID

import attrs  # type: ignore[import-not-found, unused-ignore]
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override  # type: ignore[import-not-found, unused-ignore]
from cattrs.preconf.json import make_converter  # type: ignore[import-not-found, unused-ignore]
from cattrs.strategies import configure_tagged_union  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite import workloads
from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders.enums import EyeColor, Permissions
from benchmarks.suite.media.attrs_models import Image, Media, MediaContent, Player, Size
from benchmarks.workloads import SIZES_KB


class OrderStatus(enum.Enum):
    NEW = "NEW"
    PAID = "PAID"
    PICKING = "PICKING"
    SHIPPED = "SHIPPED"
    DELIVERED = "DELIVERED"
    CANCELLED = "CANCELLED"


@attrs.define
class Address:
    street: str
    city: str
    zip: str
    country: str


@attrs.define
class Category:
    id: int
    name: str
    parent: Category | None


@attrs.define
class Product:
    sku: str
    name: str
    description: str
    category: Category
    price: Decimal
    weight_grams: int
    tags: list[str]
    thumbnail: bytes


@attrs.define
class Customer:
    id: int
    first_name: str
    last_name: str
    email: str
    date_of_birth: dt.datetime
    vip: bool
    addresses: list[Address]


@attrs.define
class OrderLine:
    product: Product
    quantity: int
    unit_price: Decimal
    discount: float


@attrs.define
class Order:
    id: str
    customer: Customer
    lines: list[OrderLine]
    status: OrderStatus
    created: dt.datetime
    shipping_address: Address
    attributes: dict[str, str]
    notes: str | None


@attrs.define
class Friend:
    id: str
    name: str


@attrs.define
class User:
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


@attrs.define
class Users:
    users: list[User]


@attrs.define
class Partner:
    id: int
    name: str
    since: str


@attrs.define
class Client:
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


@attrs.define
class Clients:
    clients: list[Client]


@attrs.define(kw_only=True)
class File:
    name: str
    created_by: str
    created_at: dt.datetime
    updated_by: str | None = None
    updated_at: dt.datetime | None = None
    nbytes: int
    permissions: Permissions


@attrs.define(kw_only=True)
class Directory:
    name: str
    created_by: str
    created_at: dt.datetime
    updated_by: str | None = None
    updated_at: dt.datetime | None = None
    contents: list[File | Directory]


Node = File | Directory

_CLASSES: tuple[type, ...] = (Media, Image, MediaContent, Address, Category)
_MORE = (Product, Customer, OrderLine, Order, Friend, User, Users, Partner, Client)
for _cls in (*_CLASSES, *_MORE, Clients, File, Directory):
    attrs.resolve_types(_cls)

_RENAMES: dict[type, dict[str, str]] = {
    Product: {"weight_grams": "weightGrams"},
    Customer: {
        "first_name": "firstName",
        "last_name": "lastName",
        "date_of_birth": "dateOfBirth",
    },
    OrderLine: {"unit_price": "unitPrice"},
    Order: {"shipping_address": "shippingAddress"},
    User: {
        "is_active": "isActive",
        "eye_color": "eyeColor",
        "favorite_fruit": "favoriteFruit",
    },
    Client: {"is_active": "isActive", "eye_color": "eyeColor"},
}


def _without_none(unstructure: Any) -> Any:
    def hook(value: Any) -> dict[str, Any]:
        return {k: v for k, v in unstructure(value).items() if v is not None}

    return hook


def configure(converter: Any) -> Any:
    """Register the suite's hooks on a cattrs converter (JSON or orjson preset)."""
    # The presets have no Decimal support: strings, as pydantic and mashumaro.
    converter.register_unstructure_hook(Decimal, str)
    converter.register_structure_hook(Decimal, lambda value, _: Decimal(value))
    # Nor UUIDs: their canonical text, both ways.
    converter.register_unstructure_hook(UUID, str)
    converter.register_structure_hook(UUID, lambda value, _: UUID(value))
    for cls, names in _RENAMES.items():
        overrides: dict[str, Any] = {
            name: override(rename=json) for name, json in names.items()
        }
        converter.register_unstructure_hook(
            cls, make_dict_unstructure_fn(cls, converter, **overrides)
        )
        converter.register_structure_hook(
            cls, make_dict_structure_fn(cls, converter, **overrides)
        )
    # Update fields are left out when unset, as in msgspec's documents (cattrs's own
    # omit_if_default would move them after the other fields), and the tag comes first
    # (the tagged-union strategy appends it). The node hook is registered before the
    # class hooks are made, so that Directory's contents use it too.
    hooks: dict[type, Any] = {}

    def unstructure_node(value: Any) -> dict[str, Any]:
        tag = "file" if type(value) is File else "directory"
        return {"type": tag, **hooks[type(value)](value)}

    converter.register_unstructure_hook(Node, unstructure_node)
    for cls in (File, Directory):
        hooks[cls] = _without_none(make_dict_unstructure_fn(cls, converter))
        converter.register_unstructure_hook(cls, hooks[cls])
    configure_tagged_union(
        Node, converter, tag_name="type", tag_generator=lambda cl: cl.__name__.lower()
    )
    converter.register_unstructure_hook(Node, unstructure_node)
    return converter


converter = configure(make_converter())


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


def encode(value: Any) -> bytes:
    text: str = converter.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.encode()


def encode_tree(value: Directory) -> bytes:
    # As the union, so that the root is written with its "type" tag.
    text: str = converter.dumps(
        value, unstructure_as=Node, ensure_ascii=False, separators=(",", ":")
    )
    return text.encode()


def decoder(root: Any) -> Any:
    def decode(data: bytes) -> Any:
        return converter.loads(data, root)

    return decode


decode_media = decoder(MediaContent)
decode_order = decoder(Order)


CONTENDER = Contender(
    name="cattrs-json",
    description="attrs classes + cattrs.preconf.json converter",
    distributions=("cattrs", "attrs"),
    codecs={
        "media": Codec(
            build=build_media,
            encode=encode,
            decode=decode_media,
            exact=True,
            reads_expected=True,
        ),
        **{
            f"users_{size}": Codec(build_users, encode, decoder(Users), True, True)
            for size in SIZES_KB
        },
        **{
            f"clients_{size}": Codec(
                build_clients,
                encode,
                decoder(Clients),
                exact=False,
                reads_expected=False,
                capabilities="decimals as JSON strings (the preset has no Decimal)",
            )
            for size in SIZES_KB
        },
        "filetree": Codec(
            build_tree,
            encode_tree,
            decoder(Node),
            exact=False,
            reads_expected=True,
            capabilities="UTC written as +00:00 (isoformat), compact separators",
        ),
        "orders": Codec(
            build=build_order,
            encode=encode,
            decode=decode_order,
            exact=False,
            reads_expected=False,
            capabilities=(
                "decimals as JSON strings (hand-registered hooks), dates as ISO 8601 text, thumbnails as"
                " base85; Jackson's forms would need structure/unstructure hooks."
                " base85 is pure Python (base64.b85encode/b85decode): about 0.4 ms"
                " to write and 0.65 ms to read an order's thumbnails, most of its time"
            ),
        ),
    },
    unsupported={
        "bytes_array": "the JSON preset writes bytes only as base85",
        "bytes_base16": "the JSON preset writes bytes only as base85",
        "bytes_base64": "the JSON preset writes bytes only as base85",
    },
)
