"""The suite's workloads as plain data, and the documents every contender must match.

Plain data is what :mod:`benchmarks.workloads` generates: dicts in the Java classes'
field order. Each contender builds its own objects from it. The expected documents are
Jackson's default compact output (:func:`benchmarks.workloads.write`), the bytes whose
sizes and SHA-256 values ``workloads.md`` publishes.
"""

from __future__ import annotations

import functools
import hashlib
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
