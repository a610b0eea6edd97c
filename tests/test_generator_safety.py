"""The generator facing hostile inputs and outputs: links in the output folder, YAML
aliases that multiply a schema, special files named like schemas, and schemas large
enough that formatting the generated code must not take time out of proportion."""

from __future__ import annotations

import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import black
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from foryjson.gen import formatting, render
from foryjson.gen.cli import main
from foryjson.gen.generate import find_schemas, generate
from foryjson.gen.schema import load_modules
from foryjson.gen.source import SchemaError

REPOSITORY = Path(__file__).resolve().parents[1]
SCHEMA = "models:\n  A:\n    fields:\n      x: int\n"
POSIX_ONLY = pytest.mark.skipif(os.name != "posix", reason="needs symlinks and FIFOs")


def run(capsys: pytest.CaptureFixture[str], *arguments: Path | str) -> tuple[int, str]:
    """Exit status and standard error of one run of the command."""
    status = main([str(argument) for argument in arguments])
    return status, capsys.readouterr().err


@pytest.fixture
def schema_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "schemas"
    (folder / "shop").mkdir(parents=True)
    (folder / "a.yaml").write_text(SCHEMA)
    (folder / "shop" / "events.yaml").write_text(SCHEMA)
    return folder


# ---------------------------------------------------------------- links in the output


@POSIX_ONLY
@pytest.mark.parametrize("target_exists", [False, True])
def test_a_linked_output_file_is_never_written_through(
    schema_folder: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    target_exists: bool,
) -> None:
    out, outside = tmp_path / "out", tmp_path / "outside"
    out.mkdir()
    outside.mkdir()
    target = outside / "victim.py"
    if target_exists:
        target.write_text("")  # empty, so it would count as replaceable
    (out / "a.py").symlink_to(target)
    status, error = run(capsys, schema_folder, "-o", out)
    assert status == 2
    assert error == (
        f"foryjson-gen: error: {(out / 'a.py').as_posix()} is a symbolic link;"
        " foryjson-gen never writes through links: replace it with a real file or"
        " remove it\n"
    )
    assert sorted(os.listdir(outside)) == (["victim.py"] if target_exists else [])
    assert not target_exists or target.read_text() == ""
    assert sorted(os.listdir(out)) == ["a.py"]  # nothing written before refusing


@POSIX_ONLY
def test_a_linked_package_folder_is_never_written_into(
    schema_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, outside = tmp_path / "out", tmp_path / "outside"
    out.mkdir()
    outside.mkdir()
    (out / "shop").symlink_to(outside, target_is_directory=True)
    status, error = run(capsys, schema_folder, "-o", out)
    assert status == 2
    assert error == (
        f"foryjson-gen: error: {(out / 'shop').as_posix()} is a symbolic link;"
        " foryjson-gen never writes through links: replace it with a real folder or"
        " remove it\n"
    )
    assert os.listdir(outside) == []


@POSIX_ONLY
def test_check_counts_a_link_as_a_difference_even_to_identical_bytes(
    schema_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert run(capsys, schema_folder, "-o", out)[0] == 0
    copy = tmp_path / "copy.py"
    shutil.copy(out / "a.py", copy)
    (out / "a.py").unlink()
    (out / "a.py").symlink_to(copy)
    status, error = run(capsys, schema_folder, "-o", out, "--check")
    assert status == 1
    assert error.splitlines() == [
        f"{(out / 'a.py').as_posix()} is a symbolic link; foryjson-gen never writes"
        " through links: replace it with a real file or remove it",
        "foryjson-gen: 1 file(s) out of date; run foryjson-gen without --check",
    ]


@POSIX_ONLY
def test_a_linked_vendored_runtime_folder_is_refused(
    schema_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, outside = tmp_path / "out", tmp_path / "outside"
    out.mkdir()
    outside.mkdir()
    (out / "_foryjson_runtime").symlink_to(outside, target_is_directory=True)
    status, error = run(capsys, schema_folder, "-o", out, "--vendor-runtime")
    assert status == 2
    assert f"{(out / '_foryjson_runtime').as_posix()} is a symbolic link" in error
    assert os.listdir(outside) == []


@POSIX_ONLY
def test_a_linked_json_schema_file_is_refused(
    schema_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported, outside = tmp_path / "jsonschema", tmp_path / "outside"
    assert run(capsys, schema_folder, "--jsonschema", exported)[0] == 0
    victim = next(exported.rglob("*.json"))
    outside.mkdir()
    victim.unlink()
    victim.symlink_to(outside / "victim.json")
    status, error = run(capsys, schema_folder, "--jsonschema", exported)
    assert status == 2
    assert f"{victim.as_posix()} is a symbolic link" in error
    assert os.listdir(outside) == []
    assert run(capsys, schema_folder, "--jsonschema", exported, "--check")[0] == 1


@POSIX_ONLY
def test_a_link_that_looks_like_an_orphan_is_neither_followed_nor_removed(
    schema_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert run(capsys, schema_folder, "-o", out)[0] == 0
    outside = tmp_path / "generated_elsewhere.py"
    outside.write_text("# Code generated by foryjson-gen. DO NOT EDIT.\n")
    (out / "gone.py").symlink_to(outside)
    assert run(capsys, schema_folder, "-o", out)[0] == 0
    assert (out / "gone.py").is_symlink()
    assert outside.read_text().startswith("# Code generated")


def test_files_are_replaced_not_rewritten_in_place(
    schema_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert run(capsys, schema_folder, "-o", out)[0] == 0
    stale = b"# Code generated by foryjson-gen. DO NOT EDIT.\nstale = True\n"
    (out / "a.py").write_bytes(stale)
    os.link(out / "a.py", tmp_path / "reader_view.py")  # a reader's open file
    assert run(capsys, schema_folder, "-o", out)[0] == 0
    # A rename replaced the entry; writing in place would have changed both names.
    assert (tmp_path / "reader_view.py").read_bytes() == stale
    assert (out / "a.py").read_bytes() != stale
    assert [name for name in os.listdir(out) if name.endswith(".tmp")] == []


# ------------------------------------------------------------------- YAML aliases


def amplifying_schema(values: int = 2000, aliases: int = 300) -> str:
    """One enum of many values, then the same list again through many aliases."""
    listed = ", ".join(f"V{index:04d}" for index in range(values))
    return f"enums:\n  E0: &v [{listed}]\n" + "".join(
        f"  E{index}: *v\n" for index in range(1, aliases + 1)
    )


def test_alias_amplification_is_refused_at_the_alias(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    text = amplifying_schema()
    path.write_text(text)
    assert 17_000 < len(text) < 18_000  # the size of the reported schema
    with pytest.raises(SchemaError) as caught:
        load_modules(find_schemas([path]))
    # Each alias repeats 2,001 nodes and 10,000 characters: the second one crosses.
    assert caught.value.location.line == 4
    assert caught.value.location.column == 7
    assert caught.value.message == (
        f"the aliases in this file expand to more than {len(text):,} nodes and"
        " characters (the file's own size, or 10,000 for a small file); write the"
        " values out, or alias smaller parts"
    )


def test_an_alias_inside_what_it_names_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "loop.yaml"
    path.write_text("enums:\n  E: &x [A, *x]\n")
    with pytest.raises(SchemaError) as caught:
        load_modules(find_schemas([path]))
    assert str(caught.value) == (
        f"{path.as_posix()}:2:13: error: the alias *x is inside the node it refers"
        " to; a schema cannot contain itself"
    )


def test_modest_aliases_still_work(tmp_path: Path) -> None:
    path = tmp_path / "shared.yaml"
    path.write_text(
        "enums:\n  Color: &colors [RED, GREEN, BLUE]\n  Paint: *colors\n"
        "models:\n  A:\n    fields:\n      c: Color\n      p: Paint\n"
    )
    (module,) = load_modules(find_schemas([path]))
    assert [enum.members for enum in module.enums] == [("RED", "GREEN", "BLUE")] * 2


# ---------------------------------------------------------- special files as schemas


def run_command(*arguments: Path | str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command in a subprocess that cannot hang the tests (timeout 60 s)."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(REPOSITORY / "generator"), str(REPOSITORY)]
    )
    return subprocess.run(
        [sys.executable, "-m", "foryjson.gen.cli", *map(str, arguments)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
        env=environment,
        check=False,
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_found_in_a_schema_folder_is_refused_without_blocking(
    schema_folder: Path, tmp_path: Path
) -> None:
    os.mkfifo(schema_folder / "x.yaml")
    result = run_command(schema_folder, "-o", tmp_path / "out", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        f"foryjson-gen: error: {schema_folder / 'x.yaml'}: not a regular file (a named"
        " pipe); schemas are read from regular files only\n"
    )
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("option", ["-o", "--jsonschema"])
def test_a_fifo_named_as_a_schema_is_refused_without_blocking(
    tmp_path: Path, option: str
) -> None:
    os.mkfifo(tmp_path / "x.yaml")
    result = run_command("x.yaml", option, "out", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "foryjson-gen: error: x.yaml: not a regular file (a named pipe); schemas are"
        " read from regular files only\n"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_loading_a_fifo_directly_fails_at_once(tmp_path: Path) -> None:
    from foryjson.gen.source import load

    os.mkfifo(tmp_path / "x.yaml")
    with pytest.raises(SchemaError) as caught:
        load(tmp_path / "x.yaml", "x.yaml")
    assert str(caught.value) == (
        "x.yaml:1:1: error: cannot read the file: it is a named pipe, not a regular"
        " file"
    )


# ------------------------------------------------------------------ formatting


def raw_sources() -> Iterator[tuple[str, str]]:
    """Every module of ``schemas/`` as the template writes it, by module name."""
    modules = load_modules(find_schemas([REPOSITORY / "schemas"]))
    by_name = {module.name: module for module in modules}
    for module in modules:
        yield module.name, render.render_source(module, by_name)


@pytest.mark.parametrize("name, source", list(raw_sources()))
def test_piecewise_formatting_is_black_on_the_whole_module(
    name: str, source: str
) -> None:
    assert formatting.format_source(source) == formatting.format_whole(source), name


def test_the_pieces_join_back_into_the_source() -> None:
    for _, source in raw_sources():
        assert "\n\n".join(formatting.split_top_level(source)) == source


def test_blank_lines_inside_strings_and_brackets_are_not_cuts() -> None:
    source = 'x = """\n\n\ny"""\n\n\nz = [\n\n\n1]\n\n\ndef f():\n    pass\n'
    assert formatting.split_top_level(source) == [
        'x = """\n\n\ny"""\n',
        "z = [\n\n\n1]\n",
        "def f():\n    pass\n",
    ]


def uniform_schema(models: int) -> str:
    return "enums:\n  Kind: [A, B]\nmodels:\n" + "".join(
        f"  M{index}:\n    fields:\n      id: int64\n      name: str?\n"
        f"      kind: Kind\n      parent: M{index // 2}?\n"
        for index in range(models)
    )


def test_black_sees_one_definition_at_a_time_and_each_shape_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "big.yaml").write_text(uniform_schema(300))
    calls: list[str] = []
    format_str = black.format_str

    def counting(source: str, *, mode: black.Mode) -> str:
        calls.append(source)
        return format_str(source, mode=mode)

    monkeypatch.setattr(black, "format_str", counting)
    monkeypatch.setattr(formatting, "PARALLEL_THRESHOLD", 10**9)
    files = generate([tmp_path])
    # Black's time grows faster than its input: it never gets the whole module...
    assert max(source.count("\nclass ") for source in calls) <= 1
    # ...and models alike but for their names are formatted once, not 300 times.
    assert len(calls) <= 40
    monkeypatch.setattr(black, "format_str", format_str)
    module = files[Path("big.py")]
    assert black.format_str(module, mode=formatting._MODE) == module


def test_formatting_in_processes_gives_the_same_bytes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    name, source = max(raw_sources(), key=lambda item: len(item[1]))
    expected = formatting.format_source(source)
    monkeypatch.setattr(formatting, "PARALLEL_THRESHOLD", 2)
    monkeypatch.setattr(formatting, "_workers", lambda: 2)
    assert formatting.format_source(source) == expected, name


IDENTIFIERS = st.sampled_from(
    [
        *("A", "x", "xx", "Order", "match", "type", "case", "Größe", "Ünïcode"),
        *(
            "print",
            "A" * 40,
            "very_long_field_name_that_forces_black_to_split_the_line",
        ),
    ]
)
TYPES = st.sampled_from(
    [
        *("int32", "str", "str?", "list[str]", "dict[str, int64]", "float", "bool"),
        *("decimal", "Kind", "list[Kind]?", "bytes", "date", "uuid", "any"),
    ]
)
MODEL_NAMES = st.sampled_from(
    ["A", "X", "Order", "Ab", "A" * 40, "VeryLongModelNameThatMakesBlackSplitLines"]
)
DOCS = st.text(
    st.characters(exclude_categories=["Cs", "Cc"], include_characters="\n\t"),
    max_size=120,
) | st.sampled_from(
    ['say "hi"', "a \\ b", "x\n\n\ny", '"""', "  padded  ", "'quoted'", "tab\there"]
)


@st.composite
def schemas(draw: st.DrawFn) -> str:
    """A schema of a few models with awkward names, types and docs."""
    models = draw(
        st.dictionaries(
            st.builds(lambda name, n: f"{name}{n}", MODEL_NAMES, st.integers(0, 3)),
            st.dictionaries(IDENTIFIERS, TYPES, min_size=1, max_size=6),
            min_size=1,
            max_size=4,
        )
    )
    data: dict[str, object] = {
        "doc": draw(DOCS),
        "enums": {"Kind": {"values": ["A", "B"], "doc": draw(DOCS)}},
        "models": {
            name: {
                "doc": draw(DOCS),
                "fields": {
                    field: {"type": kind, "doc": draw(DOCS)}
                    for field, kind in fields.items()
                },
            }
            for name, fields in models.items()
        },
    }
    return json.dumps(data, ensure_ascii=False)  # JSON is YAML


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(schemas())
def test_piecewise_formatting_is_black_on_generated_schemas(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        (module,) = load_modules(find_schemas([path]))
    except SchemaError:
        return  # not every drawn schema is valid; the valid ones are the point
    source = render.render_source(module, {module.name: module})
    assert formatting.format_source(source) == formatting.format_whole(source)


def test_formatting_falls_back_to_one_process_where_none_can_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(*arguments: object, **keywords: object) -> None:
        raise OSError(38, "Function not implemented")

    name, source = max(raw_sources(), key=lambda item: len(item[1]))
    expected = formatting.format_source(source)
    monkeypatch.setattr(formatting, "PARALLEL_THRESHOLD", 2)
    monkeypatch.setattr(formatting, "_workers", lambda: 2)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", refuse)
    assert formatting.format_source(source) == expected, name
