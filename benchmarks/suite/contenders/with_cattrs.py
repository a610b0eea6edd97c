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

import attrs  # type: ignore[import-not-found, unused-ignore]
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override  # type: ignore[import-not-found, unused-ignore]
from cattrs.preconf.json import make_converter  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite import workloads
from benchmarks.suite.contender import Codec, Contender


class Player(enum.Enum):
    JAVA = "JAVA"
    FLASH = "FLASH"


class Size(enum.Enum):
    SMALL = "SMALL"
    LARGE = "LARGE"


@attrs.define
class Media:
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


@attrs.define
class Image:
    uri: str
    title: str | None
    width: int
    height: int
    size: Size


@attrs.define
class MediaContent:
    media: Media
    images: list[Image]


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


_CLASSES: tuple[type, ...] = (Media, Image, MediaContent, Address, Category)
for _cls in (*_CLASSES, Product, Customer, OrderLine, Order):
    attrs.resolve_types(_cls)

converter = make_converter()
# The JSON preconfiguration has no Decimal support: strings, as pydantic and mashumaro.
converter.register_unstructure_hook(Decimal, str)
converter.register_structure_hook(Decimal, lambda value, _: Decimal(value))
_RENAMES: dict[type, dict[str, str]] = {
    Product: {"weight_grams": "weightGrams"},
    Customer: {
        "first_name": "firstName",
        "last_name": "lastName",
        "date_of_birth": "dateOfBirth",
    },
    OrderLine: {"unit_price": "unitPrice"},
    Order: {"shipping_address": "shippingAddress"},
}
for _cls, _names in _RENAMES.items():
    _overrides: dict[str, Any] = {
        name: override(rename=json) for name, json in _names.items()
    }
    converter.register_unstructure_hook(
        _cls, make_dict_unstructure_fn(_cls, converter, **_overrides)
    )
    converter.register_structure_hook(
        _cls, make_dict_structure_fn(_cls, converter, **_overrides)
    )


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


def decode_media(data: bytes) -> MediaContent:
    return converter.loads(data, MediaContent)


def decode_order(data: bytes) -> Order:
    return converter.loads(data, Order)


CONTENDER = Contender(
    name="cattrs",
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
)
