"""mashumaro with ``DataClassJSONMixin``: the root over mashumaro-orjson's nested models.

As in the mashumaro-json contender, only the root has the ``json`` mixin
(``to_dict`` then a compact ``json.dumps``, ``json.loads`` then ``from_dict``); the
nested dataclasses are mashumaro-orjson's.
"""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-subclassing-any=False, warn-return-any=False


import functools
import json
from dataclasses import dataclass
from typing import Any

from mashumaro.mixins.json import DataClassJSONMixin  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite.media.with_mashumaro import Image, Media


@dataclass
class MediaContent(DataClassJSONMixin):
    media: Media
    images: list[Image]


_dumps = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))


def decode(data: bytes) -> MediaContent:
    return MediaContent.from_json(data)


def encode(value: Any) -> bytes:
    text: str = value.to_json(encoder=_dumps)
    return text.encode()
