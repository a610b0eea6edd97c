"""The ``attrs`` media classes that both cattrs contenders structure and unstructure."""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: disallow-untyped-decorators=False


import enum

import attrs  # type: ignore[import-not-found, unused-ignore]


class Player(enum.Enum):
    JAVA = "JAVA"
    FLASH = "FLASH"


class Size(enum.Enum):
    SMALL = "SMALL"
    LARGE = "LARGE"


@attrs.define
class Media:
    uri: str
    title: str | None
    width: int
    height: int
    format: str
    duration: int
    size: int
    bitrate: int
    persons: list[str]
    player: Player
    copyright: str | None


@attrs.define
class Image:
    uri: str
    title: str | None
    width: int
    height: int
    size: Size


@attrs.define
class MediaContent:
    media: Media
    images: list[Image]
