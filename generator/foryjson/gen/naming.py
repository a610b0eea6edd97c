"""Naming strategies: how a Python attribute name becomes a JSON property name."""

from __future__ import annotations

import re

STRATEGIES = ("identity", "camelCase", "snake_case", "PascalCase", "kebab-case")


def words(name: str) -> list[str]:
    """Split ``has_bitrate``, ``hasBitrate`` or ``HTTPServer2`` into lower-case words.

    A word starts at an upper-case letter after a lower-case one or a digit, at the
    last capital of a run followed by a lower-case letter (``HTTPServer``), and at a
    letter after a digit. Any Unicode letter counts, so ``größe`` stays whole.
    """
    found: list[str] = []
    for chunk in re.split(r"[\W_]+", name):
        start = 0
        for index in range(1, len(chunk)):
            before, char = chunk[index - 1], chunk[index]
            after = chunk[index + 1 : index + 2]
            if (char.isupper() and (not before.isupper() or after.islower())) or (
                char.isalpha() and before.isdigit()
            ):
                found.append(chunk[start:index].lower())
                start = index
        if chunk:
            found.append(chunk[start:].lower())
    return found


def apply(strategy: str, name: str) -> str:
    """The JSON name for attribute ``name`` under a naming strategy."""
    if strategy == "identity":
        return name
    parts = words(name) or [name]
    if strategy == "camelCase":
        return parts[0] + "".join(part.capitalize() for part in parts[1:])
    if strategy == "PascalCase":
        return "".join(part.capitalize() for part in parts)
    if strategy == "snake_case":
        return "_".join(parts)
    if strategy == "kebab-case":
        return "-".join(parts)
    raise ValueError(f"unknown naming strategy {strategy!r}")
