"""MediaContent encode and decode next to the standard library with hand-written mapping.

Run ``python -m benchmarks.media_baseline``. Each contender is timed in alternating
order, many short rounds; medians of the per-operation times and of the paired ratios
are printed, so that a noisy machine moves both sides of a ratio alike.
"""

from __future__ import annotations

import json

from benchmarks.timing import paired
from generated.media import Image, Media, MediaContent, Player, Size
from tests.media_fixture import MEDIA_1_JSON, media_1

ROUNDS = 41
NUMBER = 2000


def hand_decode(text: str) -> MediaContent:
    """json.loads plus object construction written by hand, without any checks."""
    data = json.loads(text)
    m = data["media"]
    return MediaContent(
        media=Media(
            uri=m["uri"],
            title=m.get("title"),
            width=m["width"],
            height=m["height"],
            format=m["format"],
            duration=m["duration"],
            size=m["size"],
            bitrate=m["bitrate"],
            persons=m["persons"],
            player=Player[m["player"]],
            copyright=m.get("copyright"),
        ),
        images=[
            Image(
                uri=i["uri"],
                title=i.get("title"),
                width=i["width"],
                height=i["height"],
                size=Size[i["size"]],
            )
            for i in data["images"]
        ],
    )


def hand_encode(value: MediaContent) -> str:
    """A dict built by hand, then json.dumps, without any checks."""
    m = value.media
    return json.dumps(
        {
            "media": {
                "uri": m.uri,
                "title": m.title,
                "width": m.width,
                "height": m.height,
                "format": m.format,
                "duration": m.duration,
                "size": m.size,
                "bitrate": m.bitrate,
                "persons": m.persons,
                "player": m.player.value,
                "copyright": m.copyright,
            },
            "images": [
                {
                    "uri": i.uri,
                    "title": i.title,
                    "width": i.width,
                    "height": i.height,
                    "size": i.size.value,
                }
                for i in value.images
            ],
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def main() -> None:
    value = media_1()
    assert hand_encode(value) == value.to_json() == MEDIA_1_JSON
    assert hand_decode(MEDIA_1_JSON) == MediaContent.from_json(MEDIA_1_JSON) == value
    loads = json.loads
    rows = [
        ("encode", lambda: value.to_json(), lambda: hand_encode(value)),
        (
            "encode to bytes",
            lambda: value.to_json_bytes(),
            lambda: hand_encode(value).encode(),
        ),
        (
            "decode",
            lambda: MediaContent.from_json(MEDIA_1_JSON),
            lambda: hand_decode(MEDIA_1_JSON),
        ),
        (
            "decode (json.loads alone)",
            lambda: MediaContent.from_json(MEDIA_1_JSON),
            lambda: loads(MEDIA_1_JSON),
        ),
    ]
    print(
        f"MediaContent media.1 ({len(MEDIA_1_JSON.encode())} bytes), "
        f"median of {ROUNDS} alternating rounds of {NUMBER} calls"
    )
    print(f"{'operation':28} {'foryjson':>10} {'stdlib':>10} {'stdlib/foryjson':>16}")
    for name, ours, theirs in rows:
        result = paired(ours, theirs, ROUNDS, NUMBER)
        print(
            f"{name:28} {result.first * 1e6:8.2f}us {result.second * 1e6:8.2f}us"
            f" {result.ratio:15.2f}x  ({result.low:.2f}-{result.high:.2f})"
        )


if __name__ == "__main__":
    main()
