"""Orders with product thumbnails: 200 orders drawn from ``java.util.Random(42)``.

Categories, products and customers are made first, then the orders pick from them;
shared objects (a product in several lines, a category as a parent, the customer's
first address as the shipping address) are the same dict, written in full wherever
it appears. Values: ids, quantities and grams are ``int``; prices are
``decimal.Decimal`` with two places; dates are epoch milliseconds (``int``); the
discount is a ``float``; thumbnails are ``bytes``; tags are a list of unique str in
first-drawn order (Java's ``LinkedHashSet``); attributes a dict in insertion order;
``notes`` and a root category's ``parent`` may be ``None``.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, TypeVar

from benchmarks.workloads import jackson
from benchmarks.workloads.javarandom import JavaRandom

SEED = 42
PRODUCTS = 200
CUSTOMERS = 50
ORDERS = 200

FIRST = "Alice Bruno Carla David Elena Frank Greta Henry Ingrid Jonas".split()
LAST = "Anderson Bergmann Costa Dubois Eriksen Ferrari Gruber Hansen Ivanov Jensen"
LAST_NAMES = LAST.split()
CITIES = "Berlin Munich Hamburg Cologne Vienna Zurich Amsterdam Prague".split()
STREETS = "Hauptstrasse Bahnhofstrasse Ringstrasse Parkallee Lindenweg Bergstrasse"
STREET_NAMES = STREETS.split()
ROOTS = "Electronics Clothing Books Garden".split()
SUBS = "Accessories Premium Budget".split()
PRODUCT_WORDS = "Ultra Pro Lite Max Eco Smart Classic Prime".split()
TAGS = "new sale bestseller limited organic imported clearance featured".split()
ATTRIBUTE_KEYS = "channel campaign salesRep priority giftWrap source".split()
LOREM = (
    "Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor"
    " incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud"
    " exercitation ullamco laboris nisi"
).split()
STATUS = ("NEW", "PAID", "PICKING", "SHIPPED", "DELIVERED", "CANCELLED")

_T = TypeVar("_T")


class _Draw:
    """The generator's helpers over one JavaRandom."""

    def __init__(self, seed: int) -> None:
        self.rnd = JavaRandom(seed)

    def pick(self, items: list[_T]) -> _T:
        return items[self.rnd.next_int(len(items))]

    def lorem(self, words: int) -> str:
        return " ".join(self.pick(LOREM) for _ in range(words))

    def address(self) -> dict[str, Any]:
        street = self.pick(STREET_NAMES) + " " + str(1 + self.rnd.next_int(150))
        city = self.pick(CITIES)
        zip_code = f"{self.rnd.next_int(100000):05d}"
        return {"street": street, "city": city, "zip": zip_code, "country": "Germany"}


def _categories() -> list[dict[str, Any]]:
    categories: list[dict[str, Any]] = []
    for root_name in ROOTS:
        root = {"id": len(categories) + 1, "name": root_name, "parent": None}
        categories.append(root)
        for sub in SUBS:
            child = {"id": len(categories) + 1, "name": f"{root_name} {sub}"}
            child["parent"] = root
            categories.append(child)
    return categories


def _product(draw: _Draw, i: int, categories: list[dict[str, Any]]) -> dict[str, Any]:
    rnd = draw.rnd
    name = f"{draw.pick(PRODUCT_WORDS)} {draw.pick(PRODUCT_WORDS)} {1000 + i}"
    tags: list[str] = []
    for _ in range(2 + rnd.next_int(4)):
        tag = draw.pick(TAGS)
        if tag not in tags:
            tags.append(tag)
    thumbnail = rnd.next_bytes(200 + rnd.next_int(1800))
    description = draw.lorem(20 + rnd.next_int(60))
    category = categories[rnd.next_int(16)]
    price = Decimal(199 + rnd.next_int(50000)).scaleb(-2)
    weight = 50 + rnd.next_int(20000)
    return {
        "sku": f"SKU-{100000 + i}",
        "name": name,
        "description": description,
        "category": category,
        "price": price,
        "weightGrams": weight,
        "tags": tags,
        "thumbnail": thumbnail,
    }


def _customer(draw: _Draw, i: int) -> dict[str, Any]:
    rnd = draw.rnd
    first = draw.pick(FIRST)
    last = draw.pick(LAST_NAMES)
    addresses = [draw.address()]
    if rnd.next_boolean():
        addresses.append(draw.address())
    # Long arithmetic: the product would overflow a Java int (the digests prove it).
    born = 500_000_000_000 + rnd.next_int(1_000_000_000) * 1000
    vip = rnd.next_int(5) == 0
    return {
        "id": 10000 + i,
        "firstName": first,
        "lastName": last,
        "email": f"{first.lower()}.{last.lower()}{i}@example.com",
        "dateOfBirth": born,
        "vip": vip,
        "addresses": addresses,
    }


def _order(
    draw: _Draw,
    idx: int,
    customers: list[dict[str, Any]],
    products: list[dict[str, Any]],
) -> dict[str, Any]:
    rnd = draw.rnd
    customer = customers[rnd.next_int(CUSTOMERS)]
    lines: list[dict[str, Any]] = []
    for _ in range(1 + rnd.next_int(8)):
        product = products[rnd.next_int(PRODUCTS)]
        quantity = 1 + rnd.next_int(5)
        discount = rnd.next_int(30) / 100.0 if rnd.next_int(4) == 0 else 0.0
        lines.append(
            {
                "product": product,
                "quantity": quantity,
                "unitPrice": product["price"],
                "discount": discount,
            }
        )
    attributes: dict[str, str] = {}
    for i in range(2 + rnd.next_int(5)):
        key = draw.pick(ATTRIBUTE_KEYS) + str(i)
        attributes[key] = draw.lorem(1 + rnd.next_int(3))
    status = STATUS[rnd.next_int(6)]
    created = 1_750_000_000_000 + rnd.next_int(30_000_000) * 1000
    notes = draw.lorem(10 + rnd.next_int(40)) if rnd.next_int(3) == 0 else None
    return {
        "id": f"ORD-2026-{idx:06d}",
        "customer": customer,
        "lines": lines,
        "status": status,
        "created": created,
        "shippingAddress": customer["addresses"][0],
        "attributes": attributes,
        "notes": notes,
    }


def orders(seed: int = SEED) -> list[dict[str, Any]]:
    """The 200 orders, as plain data in the listed field order (see the module doc)."""
    draw = _Draw(seed)
    categories = _categories()
    products = [_product(draw, i, categories) for i in range(PRODUCTS)]
    customers = [_customer(draw, i) for i in range(CUSTOMERS)]
    return [_order(draw, idx, customers, products) for idx in range(ORDERS)]


def orders_json(seed: int = SEED) -> list[str]:
    """Each order as Jackson's default compact JSON text, in order."""
    return [jackson.write(order) for order in orders(seed)]
