"""Format generated source with black: black's output, fast for large modules.

Black's time grows faster than the module, and it is slow even on small input, so a
module is formatted a top-level statement at a time, pieces of one shape are
formatted once, and many distinct shapes are formatted in several processes.
"""

from __future__ import annotations

import concurrent.futures
import keyword
import os
import re

import black

_MODE = black.Mode(target_versions={black.mode.TargetVersion.PY310})

# What the splitter must look past: string literals (any quotes; a prefix changes
# nothing about where one ends) and comments, where brackets and blank lines mean
# nothing; brackets, inside which a statement goes on; and the two blank lines
# before a line that starts at the left margin.
_SCAN = re.compile(
    r"""
    (?P<string>
        \"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"
      | '''(?:[^'\\]|\\.|'(?!''))*'''
      | "(?:[^"\\\n]|\\.)*"
      | '(?:[^'\\\n]|\\.)*'
    )
    | (?P<comment>\#[^\n]*)
    | (?P<open>[(\[{])
    | (?P<close>[)\]}])
    | (?P<cut>\n\n\n(?=[^\s)\]}]))
    """,
    re.VERBOSE | re.DOTALL,
)

#: Modules with fewer top-level statements are formatted in this process.
PARALLEL_THRESHOLD = 400


def split_top_level(source: str) -> list[str]:
    """Cut a module before each top-level statement that two blank lines precede.

    Black formats top-level statements independently of one another and puts two
    blank lines between them, so the pieces can be formatted on their own and joined
    with two blank lines. ``tests/test_generator_safety.py`` checks that this gives
    black's output for the whole module, for every schema in ``schemas/`` and for
    generated schemas. Blank lines inside strings or brackets are not cuts. Joining
    the pieces with ``"\\n\\n"`` gives back ``source``.
    """
    pieces = []
    start = depth = 0
    for match in _SCAN.finditer(source):
        kind = match.lastgroup
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth -= 1
        elif kind == "cut" and depth == 0:
            pieces.append(source[start : match.start() + 1])
            start = match.end()
    pieces.append(source[start:])
    return pieces


def format_source(source: str) -> str:
    """Format Python source with black's stable style for Python 3.10+.

    Black's time grows faster than the module, and it is slow even on small input,
    so a module is formatted a top-level statement at a time, and pieces of one
    shape (the same text but for the spelling of names and plain strings, see
    ``_abstract``) are formatted once. Many distinct shapes are formatted in several
    processes. The bytes are black's for the whole module (see ``split_top_level``).
    """
    pieces = split_top_level(source)
    abstracted = [_abstract(piece) for piece in pieces]
    shapes = list(dict.fromkeys(shape for shape, _ in abstracted))
    if len(shapes) < PARALLEL_THRESHOLD or _workers() < 2:
        formatted = _format_batch(shapes)
    else:
        formatted = _format_in_processes(shapes)
    by_shape = {
        shape: _segments(text) for shape, text in zip(shapes, formatted, strict=True)
    }
    return "\n\n".join(
        _restore(by_shape[shape], spellings, piece)
        for piece, (shape, spellings) in zip(pieces, abstracted, strict=True)
    )


# The tokens whose spelling black never looks at, as long as their width stays:
# names that are not keywords, and plain strings (no prefix but f, no quote or
# backslash inside, on one line), which black writes in double quotes; triple-quoted
# ones, which may be docstrings, only in double quotes and without a space at either
# end. Comments and numbers are matched only to be stepped over.
_TOKEN = re.compile(
    r"""
    (?P<comment>\#[^\n]*)
    | (?P<prefix>[A-Za-z]{0,2})
      (?:
        (?P<triple>\"\"\"|''')(?P<long>(?:[^\\]|\\.)*?)(?P=triple)
        | (?P<quote>["'])(?P<short>(?:(?!(?P=quote))[^\\\n]|\\.)*)(?P=quote)
      )
    | (?P<number>\.?\d[\w.]*)
    | (?P<name>[^\W\d]\w*)
    """,
    re.VERBOSE | re.DOTALL,
)
_PLAIN = re.compile(r"[ !#-\[\]-~]*")  # printable ASCII but " and \
_KEYWORDS = frozenset([*keyword.kwlist, *keyword.softkwlist])


def _abstract(piece: str) -> tuple[str, list[str]]:
    """The piece's shape, with the spellings it abstracted, in order.

    Each name that is not a keyword becomes a run of ``x`` as wide, and so does the
    text of each plain string (see ``_TOKEN``): black's output for the shape is its
    output for the piece with those tokens renamed, since black decides by token
    kinds and widths, never by these spellings.
    """
    parts: list[str] = []
    spellings: list[str] = []
    position = 0
    for match in _TOKEN.finditer(piece):
        shape = _shape(match)
        if shape is None:
            continue
        parts += (piece[position : match.start()], shape)
        # black writes a plain single-quoted string with double quotes, as the shape
        spellings.append(
            _double_quoted(match) if match.group("quote") else match.group()
        )
        position = match.end()
    parts.append(piece[position:])
    return "".join(parts), spellings


def _shape(match: re.Match[str]) -> str | None:
    """What ``_abstract`` puts in a token's place, or None to keep it."""
    kind, text = match.lastgroup, match.group()
    if kind == "name":
        if not text.isascii() or text in _KEYWORDS:
            return None
        return "x" * len(text)
    if kind in ("comment", "number") or match.group("prefix") not in ("", "f"):
        return None
    prefix, triple = match.group("prefix"), match.group("triple")
    if triple is None:
        body = match.group("short")
        if not _PLAIN.fullmatch(body) or "'" in body:
            return None
        return f'{prefix}"{"x" * len(body)}"'
    body = match.group("long")
    if triple != '"""':
        return None
    if "\n" in body:
        return _docstring_shape(prefix, body)
    if not _PLAIN.fullmatch(body) or body != body.strip():
        return None
    return f'{prefix}"""{"x" * len(body)}"""'


def _docstring_shape(prefix: str, body: str) -> str | None:
    """A multi-line docstring's shape: its words become runs of ``x``, its spaces and
    line breaks stay. black only re-indents docstrings and strips trailing spaces,
    so a body already laid out (no line ending in a space, the closing quotes on a
    line of their own) comes back as it went."""
    lines = body.split("\n")
    closing = lines[-1]
    if (
        body[0].isspace()
        or closing.strip()
        or not all(_PLAIN.fullmatch(line) for line in lines)
        or any(line != line.rstrip() for line in lines[:-1])
    ):
        return None
    return f'{prefix}"""{_WORDS.sub(lambda word: "x" * len(word.group()), body)}"""'


_WORDS = re.compile(r"[^ \n]+")


def _double_quoted(match: re.Match[str]) -> str:
    """A plain short string as black spells it: in double quotes."""
    return f'{match.group("prefix")}"{match.group("short")}"'


def _segments(formatted: str) -> list[str]:
    """A formatted shape cut around the tokens that ``_abstract`` made."""
    segments = []
    position = 0
    for match in _TOKEN.finditer(formatted):
        if _shape(match) == match.group():
            segments.append(formatted[position : match.start()])
            position = match.end()
    segments.append(formatted[position:])
    return segments


def _restore(segments: list[str], spellings: list[str], piece: str) -> str:
    """A formatted shape (cut by ``_segments``) with its tokens spelled again.

    Should black's output not hold the abstracted tokens one for one, the piece
    itself is formatted instead.
    """
    if len(segments) != len(spellings) + 1:
        return _format_batch([piece])[0]
    spelled = [segments[0]]
    for spelling, segment in zip(spellings, segments[1:], strict=True):
        spelled += (spelling, segment)
    return "".join(spelled)


def format_whole(source: str) -> str:
    """Black's output for the whole module at once, which ``format_source`` equals."""
    return black.format_str(source, mode=_MODE)


def _format_batch(pieces: list[str]) -> list[str]:
    return [black.format_str(piece, mode=_MODE) for piece in pieces]


def _workers() -> int:
    """The processors this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _format_in_processes(pieces: list[str]) -> list[str]:
    """``_format_batch(pieces)``, computed by a pool of worker processes.

    The result is the same as in one process: each piece's formatting depends on the
    piece alone, and the results are joined in the pieces' order.
    """
    workers = _workers()
    size = max(1, len(pieces) // (workers * 8))  # few round trips, no idle worker
    batches = [pieces[index : index + size] for index in range(0, len(pieces), size)]
    try:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(_format_batch, batches))
    except (OSError, concurrent.futures.BrokenExecutor):
        # Where processes cannot be started (no semaphores, a sandbox), do it here.
        return _format_batch(pieces)
    return [text for batch in results for text in batch]
