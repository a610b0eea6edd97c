"""The documentation's examples run and print exactly what the pages say they print.

Every page under ``docs/`` is read; pages that hold no schema block are not examined.
The format of an example:

- **Schema**: a fenced ``yaml`` block whose first line is ``# file: NAME.yaml`` (NAME
  may hold folders, as in ``# file: shop/orders.yaml``). The schemas of a page are
  written to ``schemas/`` in a fresh folder and generated together, as
  ``foryjson-gen schemas -o models`` run there, so examples import the generated code
  from the package ``models``: ``from models.payments import Payment``.
- **Helper module**: a fenced ``python`` block whose first line is ``# file: NAME.py``
  is written next to ``models``, so schemas (``validator: NAME:function``) and examples
  import it as ``NAME``. It is not run.
- **Example**: any other fenced ``python`` block. It runs in a fresh interpreter, in
  that folder, which is first on ``sys.path``. The next fenced block of the page must be
  a ``text`` block holding its exact standard output; the script must exit with 0.
- **Rejected schema**: a schema whose next fenced block is a ``text`` block. It is left
  out of the page's package and generated alone, the same way; the ``text`` block holds
  the generator's exact standard error, and the exit status must be 2.

Any other fenced block (``json``, ``text`` on its own, ``yaml`` without ``# file:``) is
prose. So is a ``py`` block: code of another library, shown for comparison on the
migration pages, which is highlighted as Python but not run. Relative links between pages, and their ``#anchors``, must also resolve.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

import foryjson
from foryjson.gen import cli
from foryjson.gen.cli import main

DOCS = Path(__file__).resolve().parents[1] / "docs"
PACKAGE = "models"
# The folder foryjson is imported from, for the examples' interpreters.
RUNTIME = str(Path(foryjson.__file__).resolve().parents[1])
FENCE = re.compile(r"^(`{3,})([\w-]*)[ \t]*$")
FILE_LINE = re.compile(r"#\s*file:\s*(\S+)\s*\Z")


@dataclass(frozen=True)
class Block:
    """One fenced block: its language, the line of its opening fence, its text."""

    language: str
    line: int
    text: str

    def file_name(self) -> str | None:
        """The NAME of a first line ``# file: NAME``, if the block has one."""
        first = self.text.partition("\n")[0]
        match = FILE_LINE.match(first.strip())
        return match.group(1) if match else None


@dataclass(frozen=True)
class Example:
    """A script and its output, a rejected schema and its errors, or a misplaced block."""

    page: Path
    line: int
    kind: str  # "run", "reject" or "malformed"
    code: str
    expected: str
    file_name: str = ""

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(DOCS).as_posix()}:{self.line}"


@dataclass
class Page:
    """What a page holds: schemas and helper modules by file name, and examples."""

    path: Path
    schemas: dict[str, str]
    helpers: dict[str, str]
    examples: list[Example]


def blocks(text: str) -> list[Block]:
    """The fenced blocks of a Markdown text, in order."""
    result = []
    lines = text.splitlines(keepends=True)
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index].rstrip("\n"))
        index += 1
        if opening is None:
            continue
        fence, language, start = opening.group(1), opening.group(2), index
        while index < len(lines) and lines[index].rstrip() != fence:
            index += 1
        result.append(Block(language, start, "".join(lines[start:index])))
        index += 1
    return result


def read_page(path: Path, text: str | None = None) -> Page:
    """Sort a page's blocks into schemas, helpers and examples (see the module doc)."""
    page = Page(path, {}, {}, [])
    found = blocks(path.read_text(encoding="utf-8") if text is None else text)
    if not any(b.language == "yaml" and b.file_name() for b in found):
        return page

    def malformed(block: Block, problem: str) -> None:
        page.examples.append(Example(path, block.line, "malformed", "", problem))

    for block, following in zip(found, [*found[1:], None], strict=True):
        answer = None
        if following is not None and following.language == "text":
            answer = following.text
        name = block.file_name()
        if block.language == "yaml" and name is not None:
            if not name.endswith(".yaml"):
                malformed(block, f"a schema's file name ends with .yaml: {name}")
            elif answer is not None:
                page.examples.append(
                    Example(path, block.line, "reject", block.text, answer, name)
                )
            elif name in page.schemas:
                malformed(block, f"two schemas of this page are named {name}")
            else:
                page.schemas[name] = block.text
        elif block.language == "python" and name is not None:
            page.helpers[name] = block.text
        elif block.language == "python":
            if answer is None:
                malformed(block, "an example must be followed by a text block")
            else:
                page.examples.append(
                    Example(path, block.line, "run", block.text, answer)
                )
    return page


PAGES = [read_page(path) for path in sorted(DOCS.rglob("*.md"))]
EXAMPLES = [example for page in PAGES for example in page.examples]


def write_files(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def generate(root: Path) -> tuple[int, str]:
    """Run ``foryjson-gen schemas -o models`` in ``root``: the status and stderr."""
    errors = io.StringIO()
    previous = Path.cwd()
    os.chdir(root)
    try:
        with (
            contextlib.redirect_stdout(io.StringIO()),
            contextlib.redirect_stderr(errors),
        ):
            status = main(["schemas", "-o", PACKAGE])
    finally:
        os.chdir(previous)
    return status, errors.getvalue()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Path], Path]:
    """The folder holding a page's generated package and helpers, made once a page."""
    roots: dict[Path, Path] = {}

    def root_of(page_path: Path) -> Path:
        if page_path not in roots:
            page = next(page for page in PAGES if page.path == page_path)
            root = tmp_path_factory.mktemp("docs")
            write_files(root / "schemas", page.schemas)
            write_files(root, page.helpers)
            status, errors = generate(root)
            assert status == 0, f"the schemas of {page_path.name} fail:\n{errors}"
            roots[page_path] = root
        return roots[page_path]

    return root_of


def run_script(root: Path, name: str, code: str) -> subprocess.CompletedProcess[str]:
    script = root / name
    script.write_text(code, encoding="utf-8")
    environment = dict(os.environ)
    environment["PYTHONPATH"] = RUNTIME
    environment["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, str(script)],
        cwd=root,
        env=environment,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.id for e in EXAMPLES])
def test_example_prints_what_the_page_says(
    example: Example,
    built: Callable[[Path], Path],
    tmp_path: Path,
) -> None:
    if example.kind == "malformed":
        pytest.fail(f"{example.id}: {example.expected}")
    if example.kind == "reject":
        write_files(tmp_path / "schemas", {example.file_name: example.code})
        status, errors = generate(tmp_path)
        assert errors == example.expected
        assert status == 2
        assert not (tmp_path / PACKAGE).exists()
        return
    root = built(example.page)
    result = run_script(root, f"_example_{example.line}.py", example.code)
    assert result.returncode == 0, result.stderr
    assert result.stdout == example.expected


def test_the_object_mapping_pages_have_examples() -> None:
    pages = {page.path.name: page for page in PAGES}
    for name in (
        "subtypes.md",
        "flattening.md",
        "catch-all.md",
        "fields.md",
        "validation.md",
        "fory-annotations.md",
        "python-data.md",
    ):
        page = pages[name]
        assert page.path.parent == DOCS / "mapping"
        assert any(example.kind == "run" for example in page.examples), name


def test_the_new_pages_have_examples() -> None:
    """Pages whose comparisons are only convincing if their examples run."""
    pages = {page.path.relative_to(DOCS).as_posix(): page for page in PAGES}
    for name in (
        "wire-compatibility.md",
        "migrating/pydantic.md",
        "migrating/mashumaro.md",
        "migrating/dataclasses.md",
        "migrating/everyday.md",
    ):
        assert any(example.kind == "run" for example in pages[name].examples), name


def test_the_cli_page_documents_every_option_and_config_key() -> None:
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    options = [
        option for action in cli._parser()._actions for option in action.option_strings
    ]
    assert "--vendor-runtime" in options
    missing = [option for option in options if f"`{option}" not in text]
    missing += [key for key in cli._CONFIG_KEYS if f"`{key}`" not in text]
    assert missing == []


def test_the_schema_reference_covers_every_key_type_option_and_format() -> None:
    """Each word of the schema language is in the reference and in some YAML example."""
    from foryjson.gen import ir, naming, objects, schema

    words = {
        *schema._MODULE_KEYS,
        *schema._OPTION_KEYS,
        *schema._MODEL_KEYS,
        *schema._FIELD_KEYS,
        *objects._SUBTYPE_KEYS,
        *objects.CONSTRAINT_KEYS,
        *objects.REPRESENTATIONS,
        *ir.SCALARS,
        *naming.STRATEGIES,
        *(policy.value for policy in ir.Include),
        *ir.BYTE_FORMATS,
        *schema.FLOAT_STYLES,
        *ir.DECIMAL_FORMATS,
        *ir.EPOCH_FORMATS,
        "ignore",
        "reject",
    }
    reference = (DOCS / "schema-reference.md").read_text(encoding="utf-8")
    examples = "\n".join(
        block.text
        for path in DOCS.rglob("*.md")
        for block in blocks(path.read_text(encoding="utf-8"))
        if block.language == "yaml"
    )
    missing = [
        word
        for word in sorted(words)
        if not re.search(rf"`{re.escape(word)}[`:\[]", reference)
        or not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", examples)
    ]
    assert missing == []


def test_py_blocks_are_prose() -> None:
    page = read_page(
        DOCS / "compare.md",
        "```py\nimport pydantic\n```\n```yaml\n# file: a.yaml\nmodels: {}\n```\n",
    )
    assert page.examples == []
    assert list(page.schemas) == ["a.yaml"]


def test_the_format_is_read_as_documented() -> None:
    text = (
        "```yaml\n# file: a.yaml\nmodels: {}\n```\n"
        "```python\n# file: helper.py\nX = 1\n```\n"
        "Prose.\n\n```python\nprint(1)\n```\n\n```text\n1\n```\n"
        "```yaml\n# file: b.yaml\nmodels: x\n```\n```text\nb: error\n```\n"
        "````json\n```python\n````\n"
        "```yaml\nnot: a schema\n```\n"
        "```python\nprint(2)\n```\n"
    )
    page = read_page(DOCS / "format.md", text)
    assert page.schemas == {"a.yaml": "# file: a.yaml\nmodels: {}\n"}
    assert page.helpers == {"helper.py": "# file: helper.py\nX = 1\n"}
    assert [(e.kind, e.line, e.code, e.expected) for e in page.examples] == [
        ("run", 11, "print(1)\n", "1\n"),
        ("reject", 18, "# file: b.yaml\nmodels: x\n", "b: error\n"),
        ("malformed", 31, "", "an example must be followed by a text block"),
    ]
    assert read_page(DOCS / "format.md", text.replace("a.yaml", "a.yml")).examples
    assert read_page(DOCS / "plain.md", "```python\nprint(1)\n```\n").examples == []


def prose(path: Path) -> list[str]:
    """The lines of a page outside its fenced blocks."""
    lines = path.read_text(encoding="utf-8").splitlines()
    inside = {line for block in blocks("\n".join(lines)) for line in block_lines(block)}
    return [line for number, line in enumerate(lines, 1) if number not in inside]


def block_lines(block: Block) -> range:
    """The line numbers a block takes, both fences included."""
    return range(block.line, block.line + block.text.count("\n") + 2)


def anchors(path: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them."""
    result: set[str] = set()
    for line in prose(path):
        if not line.startswith("#"):
            continue
        title = line.lstrip("#").strip().lower()
        slug = re.sub(r"[^\w\- ]", "", title).replace(" ", "-")
        anchor, count = slug, 1
        while anchor in result:
            anchor, count = f"{slug}-{count}", count + 1
        result.add(anchor)
    return result


LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_links_between_pages_resolve() -> None:
    broken = []
    for path in sorted(DOCS.rglob("*.md")):
        for target in LINK.findall("\n".join(prose(path))):
            if re.match(r"[a-z]+:", target):
                continue
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            if not linked.is_file() or (
                anchor and linked.suffix == ".md" and anchor not in anchors(linked)
            ):
                broken.append(f"{path.relative_to(DOCS).as_posix()}: {target}")
    assert broken == []
