"""MediaContent encode and decode next to the standard library with hand-written mapping.

Run ``python -m benchmarks.media_baseline``. The hand-written mapping is the stdlib
contender's (``benchmarks.suite.media.with_stdlib``). Each pair is timed
in alternating order, many short rounds; medians of the per-operation times and of the
paired ratios are printed, so that a noisy machine moves both sides of a ratio alike.
"""

from __future__ import annotations

import json

from benchmarks.suite.media.with_stdlib import decode as decode_media
from benchmarks.suite.media.with_stdlib import encode as encode_media
from benchmarks.timing import paired
from generated.media import MediaContent
from tests.media_fixture import MEDIA_1_JSON, media_1

ROUNDS = 41
NUMBER = 2000


def main() -> None:
    value = media_1()
    document = MEDIA_1_JSON.encode()
    assert encode_media(value) == value.to_json_bytes() == document
    assert decode_media(document) == MediaContent.from_json(document) == value
    loads = json.loads
    rows = [
        ("encode to bytes", lambda: value.to_json_bytes(), lambda: encode_media(value)),
        (
            "decode from bytes",
            lambda: MediaContent.from_json(document),
            lambda: decode_media(document),
        ),
        (
            "decode (json.loads alone)",
            lambda: MediaContent.from_json(document),
            lambda: loads(document),
        ),
    ]
    print(
        f"MediaContent media.1 ({len(document)} bytes), "
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
