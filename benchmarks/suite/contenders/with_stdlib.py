"""The standard library's ``json`` with mapping written by hand, without any checks.

The objects are foryjson's generated classes (plain classes with ``__slots__``), but
none of foryjson's code runs: each codec builds or reads dicts by hand around
``json.dumps`` / ``json.loads``, as :mod:`benchmarks.media_baseline` does.
"""

from __future__ import annotations

import array
import binascii
import datetime as dt
import json
from decimal import Decimal
from typing import Any
from uuid import UUID

from benchmarks.suite.contender import Codec, Contender
from benchmarks.suite.contenders.with_foryjson import (
    build_clients,
    build_media,
    build_order,
    build_tree,
    build_users,
)
from benchmarks.suite.media.with_stdlib import decode as decode_media
from benchmarks.suite.media.with_stdlib import encode as encode_media
from benchmarks.suite.workloads import EPOCH, instant
from benchmarks.workloads import SIZES_KB
from generated import clients, filetree, users
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


_USER = (
    ("id", "id"),
    ("index", "index"),
    ("guid", "guid"),
    ("isActive", "is_active"),
    ("balance", "balance"),
    ("picture", "picture"),
    ("age", "age"),
    ("eyeColor", "eye_color"),
    ("name", "name"),
    ("gender", "gender"),
    ("company", "company"),
    ("email", "email"),
    ("phone", "phone"),
    ("address", "address"),
    ("about", "about"),
    ("registered", "registered"),
    ("latitude", "latitude"),
    ("longitude", "longitude"),
    ("tags", "tags"),
)
"""(JSON name, attribute) of the User fields copied as they are, in order."""


def encode_users(value: users.Users) -> bytes:
    out = []
    for u in value.users:
        item = {key: getattr(u, name) for key, name in _USER}
        item["friends"] = [{"id": f.id, "name": f.name} for f in u.friends]
        item["greeting"] = u.greeting
        item["favoriteFruit"] = u.favorite_fruit
        out.append(item)
    return _dumps({"users": out}).encode()


def decode_users(data: bytes) -> users.Users:
    result = []
    for u in _loads(data)["users"]:
        fields = {name: u[key] for key, name in _USER}
        result.append(
            users.User(
                **fields,
                friends=[
                    users.Friend(id=f["id"], name=f["name"]) for f in u["friends"]
                ],
                greeting=u["greeting"],
                favorite_fruit=u["favoriteFruit"],
            )
        )
    return users.Users(users=result)


def encode_clients(value: clients.Clients) -> bytes:
    out = [
        {
            "id": c.id,
            "index": c.index,
            "guid": str(c.guid),
            "isActive": c.is_active,
            "balance": float(c.balance),
            "picture": c.picture,
            "age": c.age,
            "eyeColor": c.eye_color.value,
            "name": c.name,
            "gender": c.gender,
            "company": c.company,
            "emails": c.emails,
            "phones": c.phones,
            "address": c.address,
            "about": c.about,
            "registered": c.registered.isoformat(),
            "latitude": c.latitude,
            "longitude": c.longitude,
            "tags": c.tags,
            "partners": [
                {"id": p.id, "name": p.name, "since": p.since} for p in c.partners
            ],
        }
        for c in value.clients
    ]
    return _dumps({"clients": out}).encode()


def decode_clients(data: bytes) -> clients.Clients:
    # Numbers with a fraction stay text-exact as Decimal; coordinates become floats.
    tree = _loads(data, parse_float=Decimal)
    return clients.Clients(
        clients=[
            clients.Client(
                id=c["id"],
                index=c["index"],
                guid=UUID(c["guid"]),
                is_active=c["isActive"],
                balance=c["balance"],
                picture=c["picture"],
                age=c["age"],
                eye_color=clients.EyeColor[c["eyeColor"]],
                name=c["name"],
                gender=c["gender"],
                company=c["company"],
                emails=c["emails"],
                phones=c["phones"],
                address=c["address"],
                about=c["about"],
                registered=dt.date.fromisoformat(c["registered"]),
                latitude=float(c["latitude"]),
                longitude=float(c["longitude"]),
                tags=c["tags"],
                partners=[
                    clients.Partner(id=p["id"], name=p["name"], since=p["since"])
                    for p in c["partners"]
                ],
            )
            for c in tree["clients"]
        ]
    )


def _node(node: filetree.Node) -> dict[str, Any]:
    is_file = isinstance(node, filetree.File)
    item: dict[str, Any] = {
        "type": "file" if is_file else "directory",
        "name": node.name,  # type: ignore[attr-defined]
        "created_by": node.created_by,  # type: ignore[attr-defined]
        "created_at": node.created_at.isoformat(),  # type: ignore[attr-defined]
    }
    if node.updated_by is not None:  # type: ignore[attr-defined]
        item["updated_by"] = node.updated_by  # type: ignore[attr-defined]
    if node.updated_at is not None:  # type: ignore[attr-defined]
        item["updated_at"] = node.updated_at.isoformat()  # type: ignore[attr-defined]
    if isinstance(node, filetree.File):
        item["nbytes"] = node.nbytes
        item["permissions"] = node.permissions.value
    elif isinstance(node, filetree.Directory):
        item["contents"] = [_node(child) for child in node.contents]
    return item


def encode_tree(value: filetree.Node) -> bytes:
    return _dumps(_node(value)).encode()


def _read_node(item: dict[str, Any]) -> filetree.Node:
    updated_at = item.get("updated_at")
    common: dict[str, Any] = {
        "name": item["name"],
        "created_by": item["created_by"],
        "created_at": dt.datetime.fromisoformat(item["created_at"]),
        "updated_by": item.get("updated_by"),
        "updated_at": (
            None if updated_at is None else dt.datetime.fromisoformat(updated_at)
        ),
    }
    if item["type"] == "file":
        return filetree.File(
            **common,
            nbytes=item["nbytes"],
            permissions=filetree.Permissions[item["permissions"]],
        )
    return filetree.Directory(
        **common, contents=[_read_node(child) for child in item["contents"]]
    )


def decode_tree(data: bytes) -> filetree.Node:
    return _read_node(_loads(data))


def _encode_array(value: bytes) -> bytes:
    return _dumps(memoryview(value).cast("b").tolist()).encode()


def _decode_array(data: bytes) -> bytes:
    return array.array("b", _loads(data)).tobytes()


def _encode_base16(value: bytes) -> bytes:
    return _dumps(value.hex()).encode()


def _decode_base16(data: bytes) -> bytes:
    return bytes.fromhex(_loads(data))


def _encode_base64(value: bytes) -> bytes:
    return _dumps(binascii.b2a_base64(value, newline=False).decode("ascii")).encode()


def _decode_base64(data: bytes) -> bytes:
    return binascii.a2b_base64(_loads(data))


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
        **{
            f"users_{size}": Codec(build_users, encode_users, decode_users, True, True)
            for size in SIZES_KB
        },
        **{
            f"clients_{size}": Codec(
                build_clients,
                encode_clients,
                decode_clients,
                exact=False,
                reads_expected=True,
                capabilities=(
                    "json.dumps cannot write a Decimal as a number: balances are"
                    " written as floats (a balance below 1e-4 then takes Python's"
                    " exponent form)"
                ),
            )
            for size in SIZES_KB
        },
        "bytes_array": Codec(bytes, _encode_array, _decode_array, True, True),
        "bytes_base16": Codec(bytes, _encode_base16, _decode_base16, True, True),
        "bytes_base64": Codec(bytes, _encode_base64, _decode_base64, True, True),
        "filetree": Codec(
            build_tree,
            encode_tree,
            decode_tree,
            exact=False,
            reads_expected=True,
            capabilities="compact separators, else msgspec's input text",
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
