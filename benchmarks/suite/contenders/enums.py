"""The enums of the users, clients and file tree workloads, shared by the peer contenders.

Plain ``enum.Enum`` classes whose values are the names, as Jackson writes Java enums;
every peer library maps them by value.
"""

from __future__ import annotations

import enum


class EyeColor(enum.Enum):
    BROWN = "BROWN"
    BLUE = "BLUE"
    GREEN = "GREEN"


class Permissions(enum.Enum):
    READ = "READ"
    WRITE = "WRITE"
    READ_WRITE = "READ_WRITE"


BYTE_NOTES = {
    "array": "no form for bytes as a JSON array of signed integers",
    "base16": "no hex form for bytes",
    "base64": "bytes have no standard base64 form",
}
"""Default n/a reasons for the byte-array workloads; contenders refine them."""
