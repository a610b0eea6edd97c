"""Keep an output folder equal to a set of generated files, or report how it differs.

Generated modules and exported JSON Schemas share the rules: only stale files are
written, files of ours that nothing produces any more are removed, and a file that is
not ours is never changed (one where a generated file belongs is an error).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["OutputError", "OutputKind", "read", "sync"]


class OutputError(Exception):
    """A problem with an output folder: not a folder, a foreign file, a failed write."""


@dataclass(frozen=True)
class OutputKind:
    """One kind of output: how its files are recognised and named in messages."""

    files: str
    """The files, counted in messages: ``file(s)``, ``JSON Schema file(s)``."""
    folder: str
    """The folder, in messages: ``output``, ``JSON Schema output``."""
    pattern: str
    """The glob of files that may be ours, for finding orphans."""
    owned: Callable[[Path], bool]
    """Whether an existing file was written by foryjson-gen."""
    replacement: str
    """What would take a foreign file's place: ``the generated file``."""
    orphaned: str
    """Why a file of ours is no longer produced."""


def read(path: Path) -> bytes | None:
    """A file's bytes, or None if it cannot be read."""
    try:
        return path.read_bytes()
    except OSError:
        return None


def sync(files: dict[Path, str], output: Path, kind: OutputKind, *, check: bool) -> int:
    """Bring ``output`` up to date with ``files``, or with ``check`` only report.

    Returns the exit status: 1 when ``check`` found differences, else 0.
    """
    if output.exists() and not output.is_dir():
        raise OutputError(f"the {kind.folder} {output} is not a folder")
    stale = [
        path for path, text in files.items() if read(output / path) != text.encode()
    ]
    for path in stale:
        if read(output / path) and not kind.owned(output / path):
            raise OutputError(
                f"{(output / path).as_posix()} was not written by foryjson-gen;"
                f" move it away so that {kind.replacement} can take its place"
            )
    orphans = sorted(
        path.relative_to(output)
        for path in (output.rglob(kind.pattern) if output.is_dir() else [])
        if path.relative_to(output) not in files and kind.owned(path)
    )
    if check:
        for path in stale:
            state = "stale" if (output / path).exists() else "missing"
            print(f"{(output / path).as_posix()}: {state}", file=sys.stderr)
        for path in orphans:
            print(f"{(output / path).as_posix()}: {kind.orphaned}", file=sys.stderr)
        if stale or orphans:
            print(
                f"foryjson-gen: {len(stale) + len(orphans)} {kind.files} out of date;"
                " run foryjson-gen without --check",
                file=sys.stderr,
            )
            return 1
        return 0
    for written, path in enumerate(stale):
        target = output / path
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(files[path].encode())
        except OSError as error:
            raise OutputError(
                f"cannot write {target.as_posix()}: {error.strerror or error};"
                f" {written} of {len(stale)} {kind.files} written before it"
            ) from None
    for path in orphans:
        (output / path).unlink()
    print(
        f"foryjson-gen: {len(files)} {kind.files} in {output.as_posix()},"
        f" {len(stale)} written, {len(orphans)} removed"
    )
    return 0
