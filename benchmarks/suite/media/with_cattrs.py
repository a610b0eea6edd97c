"""cattrs: the ``attrs`` media classes on the preconfigured JSON converter."""

# The peer may be absent (CI installs only the test extra): mypy then sees Any.
# mypy: warn-return-any=False


from cattrs.preconf.json import make_converter  # type: ignore[import-not-found, unused-ignore]

from benchmarks.suite.media.attrs_models import MediaContent

converter = make_converter()


def decode(data: bytes) -> MediaContent:
    return converter.loads(data, MediaContent)


def encode(value: MediaContent) -> bytes:
    text: str = converter.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.encode()
