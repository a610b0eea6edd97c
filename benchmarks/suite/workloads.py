"""The suite's workloads as plain data, and the documents every contender must match.

Plain data is what :mod:`benchmarks.workloads` generates: dicts in the Java classes'
field order (``bytes`` for the byte arrays). Each contender builds its own objects from
it. The expected documents are Jackson's default compact output
(:func:`benchmarks.workloads.write`), the bytes whose sizes and SHA-256 values
``workloads.md`` publishes; for the file tree, the text msgspec's own benchmark decodes.

The driver generates the plain data once and hands it to the timing processes in a
pickle (``FORYJSON_BENCH_DATA``), so that a process does not spend a second drawing the
1000 KB payloads again.
"""

from __future__ import annotations

import base64
import datetime as dt
import functools
import hashlib
import os
import pickle
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks.workloads import (
    SIZES_KB,
    clients,
    file_tree,
    file_tree_json,
    orders,
    users,
    write,
)

BYTE_FORMS = ("array", "base16", "base64")
WORKLOADS = (
    "media",
    *(f"users_{size}" for size in SIZES_KB),
    *(f"clients_{size}" for size in SIZES_KB),
    *(f"bytes_{form}" for form in BYTE_FORMS),
    "orders",
    "filetree",
)
"""Workload names: ``media`` is MediaContent media.1; ``users_N`` and ``clients_N`` the
java-json-benchmark payloads of N KB; ``bytes_F`` the 512-byte array as a root value in
form F; ``orders`` the 200 orders; ``filetree`` msgspec's tree of 1000 nodes."""

SMALL = ("media", "users_1", "users_10", "clients_1", "clients_10")
"""The workloads the slowest contenders (dataclasses-json, marshmallow) run."""

LARGE = ("users_1000", "clients_1000")
"""The workloads whose peak memory is measured."""

QUICK = tuple(w for w in WORKLOADS if not w.endswith(("_100", "_1000")))
"""The workloads of ``--quick``: all but the 100 and 1000 KB payloads."""

MEMORY = ("media", "users_10", "clients_10", "orders", "filetree", *LARGE)
"""The workloads whose allocations the pages report (``--quick`` measures only these)."""

DATA_ENV = "FORYJSON_BENCH_DATA"
BYTE_ARRAY = bytes(i & 0xFF for i in range(1, 513))
BYTE_ARRAY_SHA256 = {
    "array": "7ca0dff9083a50de79d03067b020bb2fb7c6001fc595a922027c6bef47fe86e8",
    "base16": "2d4fe7c75106a24881c8821b7016ca7e0d516feba1305d0aee226e07495f5b64",
    "base64": "6cd546816c5b8ba97829adfcf4502231f2c969316e290b8d96db2d26c9d00a81",
}

MEDIA_1_BYTES = 488
ORDERS_JOINED_SHA256 = (
    "115a4e1f4ee320784cbf402a4d4787b224c7152502298a34c772cb124b2a58bd"
)


def media_1() -> dict[str, Any]:
    """MediaContent media.1 as plain data (enum values by name)."""
    return {
        "media": {
            "uri": "http://javaone.com/keynote.mpg",
            "title": "Javaone Keynote",
            "width": 640,
            "height": 480,
            "format": "video/mpg4",
            "duration": 18000000,
            "size": 58982400,
            "bitrate": 262144,
            "persons": ["Bill Gates", "Steve Jobs\uc2a4"],
            "player": "JAVA",
            "copyright": None,
        },
        "images": [
            {
                "uri": "http://javaone.com/keynote_large.jpg",
                "title": "Javaone Keynote",
                "width": 1024,
                "height": 768,
                "size": "LARGE",
            },
            {
                "uri": "http://javaone.com/keynote_small.jpg",
                "title": "Javaone Keynote",
                "width": 320,
                "height": 240,
                "size": "SMALL",
            },
        ],
    }


def generate(workload: str) -> tuple[Any, ...]:
    """Draw the workload's plain data (no cache)."""
    family, _, variant = workload.partition("_")
    if workload == "media":
        return (media_1(),)
    if workload == "orders":
        return tuple(orders())
    if workload == "filetree":
        return (file_tree(1000),)
    if family == "users" and variant.isdigit():
        return (users(int(variant)),)
    if family == "clients" and variant.isdigit():
        return (clients(int(variant)),)
    if family == "bytes" and variant in BYTE_FORMS:
        return (BYTE_ARRAY,)
    raise ValueError(f"unknown workload {workload!r}; expected one of {WORKLOADS}")


def save(workloads: list[str], path: Path) -> None:
    """Write the plain data of ``workloads`` for :func:`plain` in other processes."""
    path.write_bytes(pickle.dumps({name: generate(name) for name in workloads}))


@functools.cache
def _saved() -> dict[str, tuple[Any, ...]]:
    path = os.environ.get(DATA_ENV)
    if not path:
        return {}
    saved: dict[str, tuple[Any, ...]] = pickle.loads(  # noqa: S301 - see save()
        Path(path).read_bytes()
    )
    return saved


@functools.cache
def plain(workload: str) -> tuple[Any, ...]:
    """The workload's documents as plain data: one document, or 200 for ``orders``."""
    saved = _saved().get(workload)
    return saved if saved is not None else generate(workload)


@functools.cache
def expected(workload: str) -> tuple[bytes, ...]:
    """The expected bytes of each document of the workload, checked where
    workloads.md publishes a size or digest."""
    family, _, form = workload.partition("_")
    if family == "bytes":
        document = _byte_array_text(form).encode()
        assert hashlib.sha256(document).hexdigest() == BYTE_ARRAY_SHA256[form]
        return (document,)
    if workload == "filetree":
        return (file_tree_json(1000).encode(),)
    documents = tuple(write(item).encode() for item in plain(workload))
    if workload == "media":
        assert len(documents[0]) == MEDIA_1_BYTES
    elif workload == "orders":
        digest = hashlib.sha256(b"\n".join(documents)).hexdigest()
        assert digest == ORDERS_JOINED_SHA256
    return documents


def _byte_array_text(form: str) -> str:
    if form == "array":
        signed = memoryview(BYTE_ARRAY).cast("b").tolist()
        return "[" + ",".join(map(str, signed)) + "]"
    if form == "base16":
        return f'"{BYTE_ARRAY.hex()}"'
    return f'"{base64.b64encode(BYTE_ARRAY).decode()}"'


EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)


def instant(millis: int) -> dt.datetime:
    """An aware UTC datetime from epoch milliseconds."""
    return EPOCH + dt.timedelta(milliseconds=millis)


def build_media(models: ModuleType, data: dict[str, Any]) -> Any:
    """A MediaContent of ``models`` (``MediaContent``, ``Media``, ``Image``,
    ``Player``, ``Size`` with snake_case keyword constructors) from the plain data."""
    m = data["media"]
    return models.MediaContent(
        media=models.Media(
            uri=m["uri"],
            title=m["title"],
            width=m["width"],
            height=m["height"],
            format=m["format"],
            duration=m["duration"],
            size=m["size"],
            bitrate=m["bitrate"],
            persons=list(m["persons"]),
            player=models.Player[m["player"]],
            copyright=m["copyright"],
        ),
        images=[
            models.Image(
                uri=i["uri"],
                title=i["title"],
                width=i["width"],
                height=i["height"],
                size=models.Size[i["size"]],
            )
            for i in data["images"]
        ],
    )


def build_order(models: ModuleType, data: dict[str, Any]) -> Any:
    """An order of ``models`` from the workload's plain data.

    ``models`` is any module defining ``Order``, ``Customer``, ``Address``,
    ``Category``, ``Product``, ``OrderLine`` and ``OrderStatus`` with snake_case
    keyword constructors: the generated module and every contender's own classes.
    """

    def category(item: dict[str, Any] | None) -> Any:
        if item is None:
            return None
        return models.Category(
            id=item["id"], name=item["name"], parent=category(item["parent"])
        )

    def product(item: dict[str, Any]) -> Any:
        return models.Product(
            sku=item["sku"],
            name=item["name"],
            description=item["description"],
            category=category(item["category"]),
            price=item["price"],
            weight_grams=item["weightGrams"],
            tags=list(item["tags"]),
            thumbnail=item["thumbnail"],
        )

    customer = data["customer"]
    return models.Order(
        id=data["id"],
        customer=models.Customer(
            id=customer["id"],
            first_name=customer["firstName"],
            last_name=customer["lastName"],
            email=customer["email"],
            date_of_birth=instant(customer["dateOfBirth"]),
            vip=customer["vip"],
            addresses=[models.Address(**item) for item in customer["addresses"]],
        ),
        lines=[
            models.OrderLine(
                product=product(line["product"]),
                quantity=line["quantity"],
                unit_price=line["unitPrice"],
                discount=line["discount"],
            )
            for line in data["lines"]
        ],
        status=models.OrderStatus[data["status"]],
        created=instant(data["created"]),
        shipping_address=models.Address(**data["shippingAddress"]),
        attributes=dict(data["attributes"]),
        notes=data["notes"],
    )


def snake(name: str) -> str:
    """``eyeColor`` to ``eye_color``: the Python name of a Java property."""
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)


def build_users(models: ModuleType, data: dict[str, Any]) -> Any:
    """A Users payload of ``models`` (``Users``, ``User``, ``Friend`` with snake_case
    keyword constructors) from the workload's plain data."""
    return models.Users(
        users=[
            models.User(
                **{
                    snake(k): v for k, v in user.items() if k not in ("tags", "friends")
                },
                tags=list(user["tags"]),
                friends=[models.Friend(**friend) for friend in user["friends"]],
            )
            for user in data["users"]
        ]
    )


def build_clients(models: ModuleType, data: dict[str, Any]) -> Any:
    """A Clients payload of ``models`` (``Clients``, ``Client``, ``Partner``,
    ``EyeColor``) from the workload's plain data."""
    lists = ("emails", "phones", "tags", "partners", "eyeColor")
    return models.Clients(
        clients=[
            models.Client(
                **{snake(k): v for k, v in client.items() if k not in lists},
                eye_color=models.EyeColor[client["eyeColor"]],
                emails=list(client["emails"]),
                phones=list(client["phones"]),
                tags=list(client["tags"]),
                partners=[models.Partner(**partner) for partner in client["partners"]],
            )
            for client in data["clients"]
        ]
    )


def build_node(models: ModuleType, data: dict[str, Any]) -> Any:
    """A file tree node of ``models`` (``File``, ``Directory``, ``Permissions``) from the
    workload's plain data; update fields are passed only when present."""
    fields = {k: v for k, v in data.items() if k not in ("type", "contents")}
    if data["type"] == "file":
        fields["permissions"] = models.Permissions[data["permissions"]]
        return models.File(**fields)
    contents = [build_node(models, item) for item in data["contents"]]
    return models.Directory(**fields, contents=contents)
