"""The Users and Clients payloads of java-json-benchmark, at 1, 10, 100 and 1000 KB.

One ``JavaRandom(seed)`` drives a whole payload. Records are appended while the
generator's running size estimate is below the target (``size_kb * 1000``); the
estimate is the Java generator's own, which is not the true size of the JSON text:

- it starts at 12 for ``{"users":[]}`` (14 for ``{"clients":[]}``), and every record
  adds its own estimate plus 1 for the comma;
- a record's estimate starts at 2 for its braces, then adds, per field, a fixed
  allowance (the source's count of ``,'name':''``, quotes and all, which for several
  fields is larger than the field's real cost) plus the length of the value's text;
- a list field adds its allowance up front; then, before each element, the loop stops
  if the record's estimate so far exceeds the space that was left when the record
  began, and otherwise the element is drawn and its estimate added. Elements not
  reached are never drawn, so the random sequence depends on the estimate.

The allowances are in ``_user`` and ``_client``, next to each field.
"""

from __future__ import annotations

import datetime
import uuid
from typing import Any

from benchmarks.workloads import jackson
from benchmarks.workloads.javarandom import (
    JavaRandom,
    big_decimal_value_of,
    java_abs_int,
    java_abs_long,
    java_double_to_string,
)

SEED = 12345
SIZES_KB = (1, 10, 100, 1000)
_INT_MAX = (1 << 31) - 1
EYE_COLORS = ("BROWN", "BLUE", "GREEN")


def _user(rnd: JavaRandom, available: int) -> tuple[dict[str, Any], int]:
    """One user and its estimate, drawn in the Java generator's order."""
    size = 2
    user: dict[str, Any] = {}
    user["id"] = rnd.numeric(20)
    size += 9 + len(user["id"])
    user["index"] = rnd.next_int_between(0, _INT_MAX)
    size += 11 + len(str(user["index"]))
    user["guid"] = rnd.alphanumeric(20)
    size += 10 + 20
    user["isActive"] = rnd.next_int_between(0, 2) == 1
    size += 17 + (4 if user["isActive"] else 5)
    user["balance"] = rnd.alphanumeric(20)
    size += 16 + 20
    user["picture"] = rnd.alphanumeric(100)
    size += 16 + 100
    user["age"] = rnd.next_int_between(0, 100)
    size += 9 + len(str(user["age"]))
    # Each of these strings is alnum(20); the allowance is for ,'field':''.
    for field, allowance in (
        ("eyeColor", 17),
        ("name", 10),
        ("gender", 12),
        ("company", 13),
        ("email", 11),
        ("phone", 11),
        ("address", 13),
        ("about", 11),
        ("registered", 16),
    ):
        user[field] = rnd.alphanumeric(20)
        size += allowance + 20
    user["latitude"] = rnd.next_double_between(0, 90)
    size += 14 + len(java_double_to_string(user["latitude"]))
    user["longitude"] = rnd.next_double_between(0, 180)
    size += 15 + len(java_double_to_string(user["longitude"]))

    tags: list[str] = []
    size += 10
    for _ in range(rnd.next_int_between(0, 50)):
        if size > available:
            break
        tags.append(rnd.alphanumeric(10))
        size += 10
    user["tags"] = tags

    friends: list[dict[str, str]] = []
    count = rnd.next_int_between(0, 50)
    size += 13
    for _ in range(count):
        if size > available:
            break
        friend_id = str(rnd.next_int_between(0, 10000))
        name = rnd.alphabetic(30)
        friends.append({"id": friend_id, "name": name})
        size += len(friend_id) + 30 + 20
    user["friends"] = friends

    user["greeting"] = rnd.alphanumeric(20)
    size += 14 + 20
    user["favoriteFruit"] = rnd.alphanumeric(20)
    size += 19 + 20
    return user, size


def _since(rnd: JavaRandom) -> str:
    """``OffsetDateTime.of(..., nanos, UTC)`` as ISO_OFFSET_DATE_TIME text.

    The fraction keeps the nanoseconds with trailing zeros trimmed, and is left out when
    they are zero, which a Python datetime (microseconds) could not represent.
    """
    year = 1900 + rnd.next_int(110)
    month = 1 + rnd.next_int(12)
    day = 1 + rnd.next_int(28)
    hour = rnd.next_int(24)
    minute = rnd.next_int(60)
    second = rnd.next_int(60)
    nanos = rnd.next_int(1_000_000_000)
    fraction = f".{nanos:09d}".rstrip("0") if nanos else ""
    return (
        f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}"
        f"{fraction}Z"
    )


def _client(rnd: JavaRandom, available: int) -> tuple[dict[str, Any], int]:
    """One client and its estimate, drawn in the Java generator's order."""
    size = 2
    client: dict[str, Any] = {}
    client["id"] = java_abs_long(rnd.next_long())
    size += 9 + len(str(client["id"]))
    client["index"] = rnd.next_int_between(0, _INT_MAX)
    size += 11 + len(str(client["index"]))
    msb, lsb = rnd.next_long(), rnd.next_long()
    client["guid"] = uuid.UUID(
        int=((msb & (1 << 64) - 1) << 64) | (lsb & (1 << 64) - 1)
    )
    size += 10 + 36
    client["isActive"] = rnd.next_int_between(0, 2) == 1
    size += 17 + (4 if client["isActive"] else 5)
    balance = big_decimal_value_of(rnd.next_double())
    client["balance"] = balance
    # The estimate counts toPlainString(), which differs from the text written for
    # values below 1e-3 (0.000123 against 1.23E-4).
    size += 16 + len(format(balance, "f"))
    client["picture"] = rnd.alphanumeric(100)
    size += 16 + 100
    client["age"] = rnd.next_int_between(0, 100)
    size += 9 + len(str(client["age"]))
    client["eyeColor"] = EYE_COLORS[rnd.next_int(3)]
    size += 17 + len(client["eyeColor"])
    client["name"] = rnd.alphanumeric(20)
    size += 10 + 20
    client["gender"] = rnd.alphanumeric(20)
    size += 12 + 20
    client["company"] = rnd.alphanumeric(20)
    size += 13 + 20
    client["emails"] = [rnd.alphabetic(20) for _ in range(rnd.next_int(10))]
    size += 11 + sum(3 + 20 for _ in client["emails"])
    client["phones"] = [java_abs_int(rnd.next_int()) for _ in range(rnd.next_int(10))]
    size += 11 + sum(1 + len(str(phone)) for phone in client["phones"])
    client["address"] = rnd.alphanumeric(20)
    size += 13 + 20
    client["about"] = rnd.alphanumeric(20)
    size += 11 + 20
    year = 1900 + rnd.next_int(110)
    month = 1 + rnd.next_int(12)
    client["registered"] = datetime.date(year, month, 1 + rnd.next_int(28))
    size += 16 + 10
    client["latitude"] = rnd.next_double_between(0, 90)
    size += 14 + len(java_double_to_string(client["latitude"]))
    client["longitude"] = rnd.next_double_between(0, 180)
    size += 15 + len(java_double_to_string(client["longitude"]))

    tags: list[str] = []
    size += 10
    for _ in range(rnd.next_int_between(0, 50)):
        if size > available:
            break
        tags.append(rnd.alphanumeric(10))
        size += 10
    client["tags"] = tags

    partners: list[dict[str, Any]] = []
    count = rnd.next_int_between(0, 30)
    size += 13
    for _ in range(count):
        if size > available:
            break
        partner_id = rnd.next_long()
        name = rnd.alphabetic(30)
        partners.append({"id": partner_id, "name": name, "since": _since(rnd)})
        size += len(str(partner_id)) + 30 + 50
    client["partners"] = partners
    return client, size


def _check_size(size_kb: int) -> int:
    if size_kb not in SIZES_KB:
        raise ValueError(f"size_kb must be one of {SIZES_KB}, not {size_kb}")
    return size_kb * 1000


def users(size_kb: int, seed: int = SEED) -> dict[str, list[dict[str, Any]]]:
    """The Users payload of ``size_kb`` KB: ``{"users": [user, ...]}``.

    Each user is a dict in the Java field order (``id``, ``index``, ... ,
    ``favoriteFruit``) of ``str``, ``int``, ``bool`` and ``float`` values, with ``tags``
    a list of str and ``friends`` a list of ``{"id": str, "name": str}``.
    """
    target = _check_size(size_kb)
    rnd = JavaRandom(seed)
    records: list[dict[str, Any]] = []
    estimate = 12
    while estimate < target:
        record, size = _user(rnd, target - estimate)
        records.append(record)
        estimate += size + 1
    return {"users": records}


def clients(size_kb: int, seed: int = SEED) -> dict[str, list[dict[str, Any]]]:
    """The Clients payload of ``size_kb`` KB: ``{"clients": [client, ...]}``.

    Each client is a dict in the Java field order. Beyond str/int/bool/float: ``guid``
    is a ``uuid.UUID``; ``balance`` is ``BigDecimal.valueOf(double)`` as a
    ``decimal.Decimal`` that keeps its Java scale (``str()`` gives the text written);
    ``eyeColor`` is the enum's name; ``registered`` is a ``datetime.date``; each partner
    is ``{"id": int, "name": str, "since": str}`` where ``since`` is the exact
    ``YYYY-MM-DDTHH:MM:SS[.fraction]Z`` text, kept as text because it carries
    nanoseconds.
    """
    target = _check_size(size_kb)
    rnd = JavaRandom(seed)
    records: list[dict[str, Any]] = []
    estimate = 14
    while estimate < target:
        record, size = _client(rnd, target - estimate)
        records.append(record)
        estimate += size + 1
    return {"clients": records}


def users_json(size_kb: int, seed: int = SEED) -> str:
    """The Users payload as Jackson's compact JSON text."""
    return jackson.write(users(size_kb, seed))


def clients_json(size_kb: int, seed: int = SEED) -> str:
    """The Clients payload as Jackson's compact JSON text."""
    return jackson.write(clients(size_kb, seed))
