"""A guard against hash flooding, for sets and dicts built from a document's values.

Python randomizes the hashes of ``str``, ``bytes`` and naive dates and times, but not
those of ``int``, ``float``, ``Decimal``, ``UUID``, aware ``datetime``, ``timedelta``
and tuples of them: ``UUID(int=k * (2**61 - 1))`` hashes to 0 for every ``k``. A set
or dict of many distinct values that share one hash takes time quadratic in their
number to build, so a 1.7 MB document of such keys would keep a decoder busy for
seconds to minutes.

Generated decoders call ``check_hashes`` on the typed elements (or keys) of such a
container before they build it. When every hash is distinct, the usual case, that is
one pass in C. Otherwise the values are grouped by hash, comparing each with at most
``MAX_SHARED_HASH`` others, and more distinct values than that behind one hash is a
``DecodeError``. Equal values repeated are fine: they make one set element or one
key, the last value winning, as always. Once the check passed, building the container
costs at most ``MAX_SHARED_HASH`` comparisons per value.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import islice

from .errors import DecodeError

TYPE_CHECKING = False  # typing is for type checkers only (see foryjson.codec)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["MAX_SHARED_HASH", "check_hashes"]

#: The most distinct values of one set, dict or unique list that may share a hash.
#: Honest data rarely has two (``-1`` and ``-2`` do); a flood has thousands.
MAX_SHARED_HASH = 16


def check_hashes(items: Sequence[Any], keys: Collection[str] | None = None) -> None:
    """Refuse more than ``MAX_SHARED_HASH`` distinct ``items`` that share one hash.

    ``items`` are the typed values a set, a unique list or a dict's keys are made of,
    in document order. The error's path names the array index of the first value
    over the limit or, when ``keys`` (the JSON object the dict keys were read from,
    in the same order) is given, its JSON key.
    """
    if len(set(map(hash, items))) == len(items):
        return  # no two items share a hash: any container of them builds in linear time
    buckets: dict[int, list[Any]] = {}
    for index, item in enumerate(items):
        bucket = buckets.setdefault(hash(item), [])
        # ``in`` on a short list: at most MAX_SHARED_HASH comparisons per item.
        if item in bucket:
            continue
        if len(bucket) == MAX_SHARED_HASH:
            noun = "items" if keys is None else "keys"
            error = DecodeError(
                f"more than {MAX_SHARED_HASH} distinct {noun} share one hash value,"
                f" over the limit of {MAX_SHARED_HASH} (a hash-flooding pattern)"
            )
            if keys is None:
                raise error.within(index)
            raise error.within(next(islice(keys, index, None)))
        bucket.append(item)
