"""The suite's workloads as plain data, and the documents every contender must match.

Plain data is what :mod:`benchmarks.workloads` generates: dicts in the Java classes'
field order. Each contender builds its own objects from it. The expected documents are
Jackson's default compact output (:func:`benchmarks.workloads.write`), the bytes whose
sizes and SHA-256 values ``workloads.md`` publishes.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
from types import ModuleType
from typing import Any

from benchmarks.workloads import orders, write

WORKLOADS = ("media", "orders")
"""Workload names: ``media`` is MediaContent media.1, ``orders`` the 200 orders."""

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


@functools.cache
def plain(workload: str) -> tuple[dict[str, Any], ...]:
    """The workload's documents as plain data: one for ``media``, 200 for ``orders``."""
    if workload == "media":
        return (media_1(),)
    if workload == "orders":
        return tuple(orders())
    raise ValueError(f"unknown workload {workload!r}; expected one of {WORKLOADS}")


@functools.cache
def expected(workload: str) -> tuple[bytes, ...]:
    """Jackson's bytes for each document of the workload, checked against workloads.md."""
    documents = tuple(write(item).encode() for item in plain(workload))
    if workload == "media":
        assert len(documents[0]) == MEDIA_1_BYTES
    else:
        digest = hashlib.sha256(b"\n".join(documents)).hexdigest()
        assert digest == ORDERS_JOINED_SHA256
    return documents


EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)


def instant(millis: int) -> dt.datetime:
    """An aware UTC datetime from epoch milliseconds."""
    return EPOCH + dt.timedelta(milliseconds=millis)


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
