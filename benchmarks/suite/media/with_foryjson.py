"""foryjson: the generated ``media`` module alone, through its classes' own methods.

``from_json`` parses with the process's default backend: the cold start runs this
module with ``FORYJSON_BACKEND=stdlib`` (``foryjson``) and ``=orjson``
(``foryjson-orjson``).
"""

from generated.media import MediaContent


def decode(data: bytes) -> MediaContent:
    return MediaContent.from_json(data)


def encode(value: MediaContent) -> bytes:
    return value.to_json_bytes()
