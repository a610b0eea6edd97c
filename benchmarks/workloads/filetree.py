"""msgspec's File/Directory tree: the validation benchmark's workload, n nodes.

This follows ``benchmarks/generate_data.py`` of msgspec call for call on a
``random.Random(42)``, so the same n gives the same tree:

- a node draws ``name`` (``randint(4, 30)`` then that many ``choices`` of the ASCII
  letters), ``created_by`` (``choice`` of 26 names) and ``created_at`` (a ``randint``
  over the whole seconds from 2018-01-01 to 2023-01-01 UTC); then, when ``random()``
  exceeds 0.75, ``updated_by`` and ``updated_at`` (seconds from ``created_at`` to
  2023-01-01); then a file draws ``nbytes`` (``randint(0, 1_000_000)``) and
  ``permissions``, and a directory its child count ``min(randint(0, 30), capacity)``
  and, depth first and in order, each child: a directory when ``random() > 0.8``;
- the root is a directory (a lone file when n == 1) and the capacity starts at n - 1;
  while capacity is left after the root's subtree, more top-level nodes are appended
  to the root, one capacity each.

msgspec turns each timestamp into a datetime with ``fromtimestamp(ts)`` in the local
time zone and then labels it UTC, which is the true instant only on a machine set to
UTC (where its benchmark data is made). Here the timestamps are converted in UTC, so
the tree is the one msgspec makes under ``TZ=UTC`` on every machine. Keys are in
msgspec's order: ``type`` (the tag), ``name``, ``created_by``, ``created_at``, then
``updated_by``/``updated_at`` when present, then ``nbytes``/``permissions`` or
``contents``.
"""

from __future__ import annotations

import datetime
import json
import random
import string
from typing import Any

SEED = 42
UTC = datetime.timezone.utc
DATE_2018 = datetime.datetime(2018, 1, 1, tzinfo=UTC)
DATE_2023 = datetime.datetime(2023, 1, 1, tzinfo=UTC)
PERMISSIONS = ("READ", "WRITE", "READ_WRITE")
NAMES = (
    "alice ben carol daniel esther franklin genevieve harold ilana jerome katelyn"
    " leonard monique nathan ora patrick quinn ronald stephanie thomas uma vince wendy"
    " xavier yitzchak zahra"
).split()


class _Generator:
    def __init__(self, capacity: int, seed: int) -> None:
        self.capacity = capacity
        self.random = random.Random(seed)  # noqa: S311 - benchmark data, not secrets

    def datetime_between(
        self, low: datetime.datetime, high: datetime.datetime
    ) -> datetime.datetime:
        seconds = self.random.randint(int(low.timestamp()), int(high.timestamp()))
        return datetime.datetime.fromtimestamp(seconds, UTC)

    def node(self, is_dir: bool) -> dict[str, Any]:
        """A node's own fields; a directory's contents start empty."""
        name_length = self.random.randint(4, 30)
        name = "".join(self.random.choices(string.ascii_letters, k=name_length))
        created_by = self.random.choice(NAMES)
        created_at = self.datetime_between(DATE_2018, DATE_2023)
        node: dict[str, Any] = {
            "type": "directory" if is_dir else "file",
            "name": name,
            "created_by": created_by,
            "created_at": created_at,
        }
        if self.random.random() > 0.75:
            node["updated_by"] = self.random.choice(NAMES)
            node["updated_at"] = self.datetime_between(created_at, DATE_2023)
        if is_dir:
            node["contents"] = []
        else:
            node["nbytes"] = self.random.randint(0, 1_000_000)
            node["permissions"] = self.random.choice(PERMISSIONS)
        return node

    def children(self) -> int:
        count = min(self.random.randint(0, 30), self.capacity)
        self.capacity -= count
        return count

    def expand(self, root: dict[str, Any]) -> None:
        """Fills a directory depth first, as msgspec's recursion does, without
        recursing."""
        # Frames of (directory, children to make, children made so far).
        stack = [(root, self.children(), 0)]
        while stack:
            parent, total, made = stack.pop()
            if made == total:
                continue
            is_dir = self.random.random() > 0.8
            child = self.node(is_dir)
            parent["contents"].append(child)
            stack.append((parent, total, made + 1))
            if is_dir:
                stack.append((child, self.children(), 0))

    def make(self, is_dir: bool) -> dict[str, Any]:
        node = self.node(is_dir)
        if is_dir:
            self.expand(node)
        return node

    def generate(self) -> dict[str, Any]:
        self.capacity -= 1
        if self.capacity == 0:
            return self.make(False)
        root = self.make(True)
        while self.capacity:
            self.capacity -= 1
            root["contents"].append(self.make(self.random.random() > 0.8))
        return root


def file_tree(n: int = 1000, seed: int = SEED) -> dict[str, Any]:
    """msgspec's tree of ``n`` nodes: dicts, lists, str, int and aware UTC datetimes."""
    if n < 1:
        raise ValueError("a tree has at least one node")
    return _Generator(n, seed).generate()


def _isoformat(value: object) -> str:
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def file_tree_json(n: int = 1000, seed: int = SEED) -> str:
    """The JSON text msgspec's benchmark decodes: ``json.dumps`` of the tree, with
    datetimes as ``isoformat()`` (``2019-04-02T10:11:12+00:00``)."""
    return json.dumps(file_tree(n, seed), default=_isoformat)
