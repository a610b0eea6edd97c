"""Keep an output folder equal to a set of generated files, or report how it differs.

Generated modules and exported JSON Schemas share the rules: only stale files are
written, files of ours that nothing produces any more are removed, and a file that is
not ours is never changed (one where a generated file belongs is an error).

Nothing is ever written through a symbolic link below the output folder, file or
folder: a link where a generated file or one of its folders belongs is an error (and a
difference for ``--check``), so a checked-out link cannot make a run write outside the
output folder. The output folder itself may be a link; it is the one the user named.
Files are written atomically: to a new file in the same folder, then renamed over the
old one, which replaces a directory entry and never follows a link.
"""

from __future__ import annotations

import os
import secrets
import stat
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
    owned: Callable[[bytes], bool]
    """Whether an existing file, given its bytes, was written by foryjson-gen."""
    replacement: str
    """What would take a foreign file's place: ``the generated file``."""
    orphaned: str
    """Why a file of ours is no longer produced."""


_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def read(path: Path) -> bytes | None:
    """A regular file's bytes; None if it is missing, a link, not a regular file or
    cannot be read. Never blocks: a FIFO is opened without waiting and refused."""
    try:
        descriptor = os.open(
            path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _NO_FOLLOW | _BINARY
        )
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as file:
        try:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return None
            return file.read()
        except OSError:
            return None


@dataclass(frozen=True)
class _Entry:
    """What is at a generated file's place in the output folder now."""

    data: bytes | None
    """The file's bytes, or None when there is no readable regular file."""
    blocked: str | None = None
    """Why the place cannot be written: ``out/a is a symbolic link``; else None."""


def _entry(output: Path, relative: Path) -> _Entry:
    """Look at ``output / relative`` without following any link below ``output``."""
    if relative.is_absolute() or ".." in relative.parts or not relative.parts:
        raise OutputError(f"refusing to write outside the output folder: {relative}")
    place = output
    for index, part in enumerate(relative.parts):
        place = place / part
        last = index == len(relative.parts) - 1
        try:
            mode = os.lstat(place).st_mode
        except (FileNotFoundError, NotADirectoryError):
            return _Entry(None)  # writing will say why, if it cannot create it
        except OSError as error:
            return _Entry(None, f"{place.as_posix()} cannot be read: {error.strerror}")
        if stat.S_ISLNK(mode):
            return _Entry(
                None,
                f"{place.as_posix()} is a symbolic link; foryjson-gen never writes"
                f" through links: replace it with a real {'file' if last else 'folder'}"
                " or remove it",
            )
        if not last and not stat.S_ISDIR(mode):
            return _Entry(None, f"{place.as_posix()} is not a folder")
        if last and not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
            return _Entry(None, f"{place.as_posix()} is {kind}; move it away")
    data = read(place)
    if data is None:
        return _Entry(None, f"{place.as_posix()} cannot be read")
    return _Entry(data)


def _orphans(output: Path, files: dict[Path, str], kind: OutputKind) -> list[Path]:
    """Our files (by their bytes) that ``files`` no longer holds; links are not ours."""
    if not output.is_dir():
        return []
    found = []
    for path in output.rglob(kind.pattern):
        relative = path.relative_to(output)
        if relative in files or path.is_symlink():
            continue
        # rglob does not descend into linked folders; check every folder anyway.
        entry = _entry(output, relative)
        if entry.blocked is None and entry.data is not None and kind.owned(entry.data):
            found.append(relative)
    return sorted(found)


def sync(files: dict[Path, str], output: Path, kind: OutputKind, *, check: bool) -> int:
    """Bring ``output`` up to date with ``files``, or with ``check`` only report.

    Returns the exit status: 1 when ``check`` found differences, else 0.
    """
    if output.exists() and not output.is_dir():
        raise OutputError(f"the {kind.folder} {output} is not a folder")
    entries = {path: _entry(output, path) for path in files}
    stale = [
        path for path, text in files.items() if entries[path].data != text.encode()
    ]
    orphans = _orphans(output, files, kind)
    if check:
        for path in stale:
            entry = entries[path]
            state = entry.blocked or (
                f"{(output / path).as_posix()}: "
                + ("stale" if entry.data is not None else "missing")
            )
            print(state, file=sys.stderr)
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
    for path in stale:
        entry = entries[path]
        if entry.blocked is not None:
            raise OutputError(entry.blocked)
        if entry.data and not kind.owned(entry.data):
            raise OutputError(
                f"{(output / path).as_posix()} was not written by foryjson-gen;"
                f" move it away so that {kind.replacement} can take its place"
            )
    for written, path in enumerate(stale):
        target = output / path
        try:
            _make_folders(output, path.parent)
            _write_atomically(target, files[path].encode())
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


def _make_folders(output: Path, relative: Path) -> None:
    """Create ``output / relative`` folder by folder, refusing links on the way."""
    output.mkdir(parents=True, exist_ok=True)
    place = output
    for part in relative.parts:
        place = place / part
        try:
            os.mkdir(place)
        except FileExistsError:
            if os.path.islink(place) or not place.is_dir():
                raise OutputError(
                    f"{place.as_posix()} is not a folder (or is a symbolic link)"
                ) from None


def _write_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to a new file beside ``target``, then rename it over ``target``.

    Readers see the old file or the new one, never a part; the new file is created
    exclusively (it cannot be a link planted in advance) and the rename replaces the
    directory entry itself.
    """
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    descriptor = os.open(
        temporary,
        os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_FOLLOW | _BINARY,
        0o666,
    )
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
