"""``[tool.foryjson]`` in pyproject.toml, and the pre-commit hook that uses it."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from foryjson.gen.cli import _parser, _settings, _toml, find_pyproject, main

REPOSITORY = Path(__file__).resolve().parents[1]
SCHEMA = "models:\n  A:\n    fields:\n      x: int\n"
CONFIG = '[tool.foryjson]\nschemas = "schemas"\noutput = "generated"\n'
TOML: Any = _toml()  # tomllib, or tomli on Python 3.10 if it is installed


@pytest.fixture
def project(bare_project: Path) -> Path:
    """A project with a schema folder and a pyproject.toml; the current folder."""
    if TOML is None:
        pytest.skip("reading pyproject.toml needs Python 3.11+ or tomli")
    return bare_project


@pytest.fixture
def bare_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``project`` without the need for a TOML parser."""
    root = tmp_path / "project"
    (root / "schemas").mkdir(parents=True)
    (root / "schemas" / "shop.yaml").write_text(SCHEMA)
    (root / "pyproject.toml").write_text('[project]\nname = "shop"\n\n' + CONFIG)
    monkeypatch.chdir(root)
    return root


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    status = main(list(arguments))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def config_error(
    capsys: pytest.CaptureFixture[str], project: Path, table: str, *arguments: str
) -> str:
    """The one-line error for a ``[tool.foryjson]`` table, which must exit 2."""
    (project / "pyproject.toml").write_text(table)
    status, out, err = run(capsys, *arguments)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1
    assert not (project / "generated").exists()
    return err


def usage_error(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    """The last line of an argparse usage error, which must exit 2."""
    with pytest.raises(SystemExit) as exit_info:
        main(list(arguments))
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("usage: foryjson-gen")
    return captured.err.splitlines()[-1]


# -------------------------------------------------------------- using the config


def test_generates_from_the_config(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys)
    assert (status, err) == (0, "")
    assert out == "foryjson-gen: 2 file(s) in generated, 2 written, 0 removed\n"
    assert sorted(p.name for p in (project / "generated").iterdir()) == [
        "__init__.py",
        "shop.py",
    ]


def test_the_config_is_found_from_a_sub_folder(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    deep = project / "src" / "app"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    assert find_pyproject(deep) == project / "pyproject.toml"
    status, out, _ = run(capsys)
    assert status == 0
    assert out == "foryjson-gen: 2 file(s) in ../../generated, 2 written, 0 removed\n"
    assert (project / "generated" / "shop.py").is_file()
    assert not (deep / "generated").exists()


def test_the_nearest_pyproject_wins(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    inner = project / "inner"
    (inner / "defs").mkdir(parents=True)
    (inner / "defs" / "other.yaml").write_text(SCHEMA)
    (inner / "pyproject.toml").write_text(
        '[tool.foryjson]\nschemas = ["defs"]\noutput = "out"\n'
    )
    monkeypatch.chdir(inner)
    assert run(capsys)[0] == 0
    assert (inner / "out" / "other.py").is_file()
    assert not (project / "generated").exists()


def test_check_through_the_config(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "--check")
    assert (status, out) == (1, "")
    assert err == (
        "generated/__init__.py: missing\n"
        "generated/shop.py: missing\n"
        "foryjson-gen: 2 file(s) out of date; run foryjson-gen without --check\n"
    )
    assert not (project / "generated").exists()
    assert run(capsys)[0] == 0
    assert run(capsys, "--check") == (0, "", "")
    (project / "schemas" / "shop.yaml").write_text(SCHEMA + "      y: str\n")
    status, _, err = run(capsys, "--check")
    assert status == 1
    assert err.startswith("generated/shop.py: stale\n")


def test_the_config_gives_the_same_files_as_the_command_line(
    project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys)[0] == 0
    assert run(capsys, "schemas", "-o", str(tmp_path / "cli"))[0] == 0
    for name in ("__init__.py", "shop.py"):
        generated = (project / "generated" / name).read_bytes()
        assert generated == (tmp_path / "cli" / name).read_bytes()


def test_a_list_of_schema_paths(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "more").mkdir()
    (project / "more" / "extra.yml").write_text(SCHEMA)
    (project / "pyproject.toml").write_text(
        '[tool.foryjson]\nschemas = ["schemas", "more/extra.yml"]\noutput = "gen"\n'
    )
    assert run(capsys)[0] == 0
    assert (project / "gen" / "shop.py").is_file()
    assert (project / "gen" / "extra.py").is_file()


# -------------------------------------------------------------------- precedence


def test_command_line_paths_take_precedence(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "other").mkdir()
    (project / "other" / "billing.yaml").write_text(SCHEMA)
    assert run(capsys, "other")[0] == 0
    assert sorted(p.name for p in (project / "generated").iterdir()) == [
        "__init__.py",
        "billing.py",
    ]


def test_command_line_output_takes_precedence(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "-o", "elsewhere")[0] == 0
    assert (project / "elsewhere" / "shop.py").is_file()
    assert not (project / "generated").exists()


def test_with_both_on_the_command_line_the_config_is_not_read(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "pyproject.toml").write_text("[tool.foryjson]\nbogus = 1\n")
    assert run(capsys, "schemas", "-o", "out")[0] == 0
    assert (project / "out" / "shop.py").is_file()


def test_the_configured_folder_keeps_its_vendored_runtime(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "pyproject.toml").write_text(
        '[tool.foryjson]\nschemas = "schemas"\noutput = "out"\nvendor_runtime = true\n'
    )
    assert run(capsys, "--check")[0] == 1
    assert run(capsys)[0] == 0
    assert (project / "out" / "_foryjson_runtime" / "reader.py").is_file()
    # The documented command names the same folder: the runtime stays, --check agrees.
    assert run(capsys, "schemas", "-o", "out", "--check")[0] == 0
    assert run(capsys, "schemas", "-o", "out")[0] == 0
    assert (project / "out" / "_foryjson_runtime" / "reader.py").is_file()
    # Another folder, or the flag, is not the table's business.
    assert run(capsys, "schemas", "-o", "elsewhere")[0] == 0
    assert not (project / "elsewhere" / "_foryjson_runtime").exists()
    assert run(capsys, "schemas", "-o", "out", "--no-vendor-runtime")[0] == 0
    assert not (project / "out" / "_foryjson_runtime" / "reader.py").exists()


NATIVE_CONFIG = '[tool.foryjson]\nschemas = "schemas"\noutput = "out"\nnative = true\n'


def test_native_from_the_config(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "pyproject.toml").write_text(NATIVE_CONFIG)
    status, out, err = run(capsys)
    assert (status, err) == (0, "")
    assert out == (
        "foryjson-gen: 2 file(s) in out, 2 written, 0 removed\n"
        "foryjson-gen: 1 C source(s) in out, 1 written, 0 removed\n"
    )
    assert (project / "out" / "_shop_native.c").is_file()
    assert "NATIVE" in (project / "out" / "shop.py").read_text()
    assert run(capsys, "--check") == (0, "", "")
    # --no-native wins over the table: the C source goes.
    assert run(capsys, "--no-native")[0] == 0
    assert not (project / "out" / "_shop_native.c").exists()
    assert run(capsys, "--check")[0] == 1


def test_the_configured_folder_keeps_its_c_sources(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``foryjson-gen schemas/ -o out/`` on the table's folder writes them too."""
    (project / "pyproject.toml").write_text(NATIVE_CONFIG)
    assert run(capsys, "schemas", "-o", "out")[0] == 0
    assert (project / "out" / "_shop_native.c").is_file()
    assert run(capsys, "schemas", "-o", str(project / "out"), "--check")[0] == 0
    assert run(capsys)[0] == 0
    assert run(capsys, "schemas", "-o", "out", "--check") == (0, "", "")
    # Another folder is not the table's business; the flags win.
    assert run(capsys, "schemas", "-o", "elsewhere")[0] == 0
    assert not (project / "elsewhere" / "_shop_native.c").exists()
    assert run(capsys, "schemas", "-o", "elsewhere", "--native")[0] == 0
    assert (project / "elsewhere" / "_shop_native.c").is_file()
    assert run(capsys, "schemas", "-o", "out", "--no-native")[0] == 0
    assert not (project / "out" / "_shop_native.c").exists()


@pytest.mark.parametrize(
    ("config", "arguments", "message"),
    [
        (
            NATIVE_CONFIG,
            ["--vendor-runtime"],
            "native = true in [tool.foryjson] cannot be combined with"
            " --vendor-runtime (the C sources need foryjson installed); add"
            " --no-native",
        ),
        (
            NATIVE_CONFIG,
            ["schemas", "-o", "out", "--vendor-runtime"],
            "native = true in [tool.foryjson] cannot be combined with"
            " --vendor-runtime (the C sources need foryjson installed); add"
            " --no-native",
        ),
        (
            NATIVE_CONFIG.replace("native", "vendor_runtime"),
            ["--native"],
            "vendor_runtime = true in [tool.foryjson] cannot be combined with"
            " --native (the C sources need foryjson installed); add"
            " --no-vendor-runtime",
        ),
    ],
)
def test_native_and_a_vendored_runtime_from_the_config_and_a_flag(
    project: Path,
    capsys: pytest.CaptureFixture[str],
    config: str,
    arguments: list[str],
    message: str,
) -> None:
    (project / "pyproject.toml").write_text(config)
    status, out, err = run(capsys, *arguments)
    assert (status, out) == (2, "")
    assert err == f"foryjson-gen: error: pyproject.toml: {message}\n"
    assert not (project / "out").exists()
    # The flag that settles it.
    settle = "--no-native" if "add --no-native" in message else "--no-vendor-runtime"
    assert run(capsys, *arguments, settle)[0] == 0


# ---------------------------------------------------------------- config errors


def test_unknown_key_with_a_suggestion(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = '[tool.foryjson]\nschemas = "schemas"\noutptu = "generated"\n'
    assert config_error(capsys, project, table) == (
        "foryjson-gen: error: pyproject.toml: unknown key 'outptu' in"
        " [tool.foryjson] (did you mean 'output'?)\n"
    )


def test_unknown_key_without_a_suggestion(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = '[tool.foryjson]\nformat = "black"\n'
    assert config_error(capsys, project, table, "--check") == (
        "foryjson-gen: error: pyproject.toml: unknown key 'format' in"
        " [tool.foryjson] (the keys are 'schemas', 'output', 'jsonschema',"
        " 'vendor_runtime' and 'native')\n"
    )


def test_the_config_is_checked_even_when_one_setting_comes_from_the_command_line(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = '[tool.foryjson]\nschema = "schemas"\n'
    assert config_error(capsys, project, table, "schemas") == (
        "foryjson-gen: error: pyproject.toml: unknown key 'schema' in"
        " [tool.foryjson] (did you mean 'schemas'?)\n"
    )


@pytest.mark.parametrize(
    ("value", "kind"),
    [("3", "an integer"), ('["schemas", 3]', "an array"), ("{a = 1}", "a table")],
)
def test_schemas_of_the_wrong_type(
    project: Path, capsys: pytest.CaptureFixture[str], value: str, kind: str
) -> None:
    table = f'[tool.foryjson]\nschemas = {value}\noutput = "generated"\n'
    assert config_error(capsys, project, table) == (
        "foryjson-gen: error: pyproject.toml: [tool.foryjson] schemas must be a path"
        f" or a list of paths (strings), not {kind}\n"
    )


@pytest.mark.parametrize("value", ["[]", '""', '["schemas", ""]'])
def test_empty_schemas(
    project: Path, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    table = f'[tool.foryjson]\nschemas = {value}\noutput = "generated"\n'
    assert config_error(capsys, project, table) == (
        "foryjson-gen: error: pyproject.toml: [tool.foryjson] schemas must name at"
        " least one path, and no empty ones\n"
    )


def test_a_schema_folder_that_does_not_exist(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (project / "sub").mkdir()
    monkeypatch.chdir(project / "sub")
    table = '[tool.foryjson]\nschemas = ["schemas", "nowhere"]\noutput = "generated"\n'
    assert config_error(capsys, project, table) == (
        "foryjson-gen: error: ../pyproject.toml: [tool.foryjson] schemas: no such"
        " file or folder: 'nowhere' (../nowhere)\n"
    )


@pytest.mark.parametrize(
    ("value", "kind"),
    [("1", "an integer"), ('["generated"]', "an array"), ('""', "an empty string")],
)
def test_output_of_the_wrong_type(
    project: Path, capsys: pytest.CaptureFixture[str], value: str, kind: str
) -> None:
    table = f'[tool.foryjson]\nschemas = "schemas"\noutput = {value}\n'
    assert config_error(capsys, project, table) == (
        "foryjson-gen: error: pyproject.toml: [tool.foryjson] output must be a folder"
        f" path (a non-empty string), not {kind}\n"
    )


def test_an_output_that_is_a_file(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "out.txt").write_text("")
    table = '[tool.foryjson]\nschemas = "schemas"\noutput = "out.txt"\n'
    assert config_error(capsys, project, table) == (
        "foryjson-gen: error: pyproject.toml: [tool.foryjson] output: 'out.txt'"
        " (out.txt) is not a folder\n"
    )


def test_an_output_inside_a_folder_that_does_not_exist(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = '[tool.foryjson]\nschemas = "schemas"\noutput = "src/app/generated"\n'
    assert config_error(capsys, project, table) == (
        "foryjson-gen: error: pyproject.toml: [tool.foryjson] output: the folder that"
        " would hold 'src/app/generated' (src/app) does not exist\n"
    )


@pytest.mark.parametrize(
    ("value", "kind"), [('"yes"', "a string"), ("1", "an integer"), ("[]", "an array")]
)
def test_native_of_the_wrong_type(
    project: Path, capsys: pytest.CaptureFixture[str], value: str, kind: str
) -> None:
    table = f"{CONFIG}native = {value}\n"
    assert config_error(capsys, project, table) == (
        "foryjson-gen: error: pyproject.toml: [tool.foryjson] native must be true or"
        f" false, not {kind}\n"
    )


def test_native_and_vendor_runtime_both_true(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = f"{CONFIG}native = true\nvendor_runtime = true\n"
    assert config_error(capsys, project, table) == (
        "foryjson-gen: error: pyproject.toml: [tool.foryjson] native and"
        " vendor_runtime cannot both be true: the C sources need foryjson installed"
        " (its C header and loader); set one of them to false\n"
    )


def test_tool_foryjson_that_is_not_a_table(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert config_error(capsys, project, '[tool]\nforyjson = "schemas"\n') == (
        "foryjson-gen: error: pyproject.toml: [tool.foryjson] must be a table, not"
        " a string\n"
    )


def test_invalid_toml(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    error = config_error(capsys, project, "[tool.foryjson\n")
    # The rest is the TOML parser's own message, which names the line and column.
    assert error.startswith("foryjson-gen: error: pyproject.toml: not valid TOML: ")
    assert "line 1" in error


def test_without_tomllib_or_tomli(
    bare_project: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Python 3.10 has no tomllib: tomli is used if installed, else a clear error."""
    monkeypatch.setitem(sys.modules, "tomllib", None)
    monkeypatch.setitem(sys.modules, "tomli", None)
    assert config_error(capsys, bare_project, CONFIG) == (
        "foryjson-gen: error: pyproject.toml: reading [tool.foryjson] needs Python"
        " 3.11+ or the tomli package; or give PATH... and -o OUT instead\n"
    )
    assert run(capsys, "schemas", "-o", "out")[0] == 0  # no config needed


def test_tomli_is_used_without_tomllib(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "tomllib", None)
    monkeypatch.setitem(sys.modules, "tomli", TOML)  # stands in for tomli
    assert run(capsys)[0] == 0
    assert (project / "generated" / "shop.py").is_file()


# ------------------------------------------------------------------ usage errors


def test_no_paths_and_no_pyproject(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if find_pyproject(tmp_path) is not None:
        pytest.skip("a pyproject.toml above the temporary folder")
    monkeypatch.chdir(tmp_path)
    assert usage_error(capsys, "--check") == (
        "foryjson-gen: error: give PATH... or set schemas in [tool.foryjson] of"
        " pyproject.toml (no pyproject.toml in this folder or above)"
    )


def test_no_paths_and_no_table(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "pyproject.toml").write_text('[project]\nname = "shop"\n')
    assert usage_error(capsys, "-o", "generated") == (
        "foryjson-gen: error: give PATH... or set schemas in [tool.foryjson] of"
        " pyproject.toml (pyproject.toml has no [tool.foryjson] table)"
    )


def test_no_output_anywhere(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "pyproject.toml").write_text('[tool.foryjson]\nschemas = "schemas"\n')
    assert usage_error(capsys) == (
        "foryjson-gen: error: give -o/--output or set output in [tool.foryjson] of"
        " pyproject.toml (pyproject.toml sets no output)"
    )
    assert run(capsys, "-o", "out")[0] == 0


def test_no_schemas_in_the_table(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "pyproject.toml").write_text('[tool.foryjson]\noutput = "generated"\n')
    assert usage_error(capsys) == (
        "foryjson-gen: error: give PATH... or set schemas in [tool.foryjson] of"
        " pyproject.toml (pyproject.toml sets no schemas)"
    )
    assert run(capsys, "schemas")[0] == 0
    assert (project / "generated" / "shop.py").is_file()


# ------------------------------------------------------------- pre-commit hook


def test_the_pre_commit_hook() -> None:
    hooks = yaml.safe_load((REPOSITORY / ".pre-commit-hooks.yaml").read_text())
    assert [hook["id"] for hook in hooks] == ["foryjson-check"]
    (hook,) = hooks
    assert hook["entry"] == "foryjson-gen --check"
    assert hook["language"] == "python"
    assert hook["pass_filenames"] is False
    assert hook["files"] == r"\.(ya?ml)$"
    if TOML is None:
        pytest.skip("reading pyproject.toml needs Python 3.11+ or tomli")
    pyproject = TOML.loads((REPOSITORY / "pyproject.toml").read_text())
    gen_extra = pyproject["project"]["optional-dependencies"]["gen"]
    assert hook["additional_dependencies"] == gen_extra
    assert "foryjson-gen" in pyproject["project"]["scripts"]


def test_the_hook_command_works_in_a_project(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What pre-commit runs: the entry's arguments, with no file names."""
    (hook,) = yaml.safe_load((REPOSITORY / ".pre-commit-hooks.yaml").read_text())
    arguments = hook["entry"].split()[1:]
    assert run(capsys, *arguments)[0] == 1
    assert run(capsys)[0] == 0
    assert run(capsys, *arguments) == (0, "", "")


def test_the_repository_config_names_its_example_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The README's ``foryjson-gen schemas/ -o generated/`` writes the C sources of
    generated/ too (native = true), and so does plain ``foryjson-gen``."""
    if TOML is None:
        pytest.skip("reading pyproject.toml needs Python 3.11+ or tomli")
    pyproject = TOML.loads((REPOSITORY / "pyproject.toml").read_text())
    assert pyproject["tool"]["foryjson"] == {
        "schemas": "schemas",
        "output": "generated",
        "native": True,
    }
    assert sorted(REPOSITORY.glob("generated/**/_*_native.c"))
    # test_cli.py checks that generated/ is what schemas/ -o generated/ writes.
    monkeypatch.chdir(REPOSITORY)
    for arguments in ([], ["schemas/", "-o", "generated/"], ["--check"]):
        parser = _parser()
        settings = _settings(parser, parser.parse_args(arguments))
        assert settings.native and not settings.vendor_runtime
        assert settings.paths[0].resolve() == REPOSITORY / "schemas"
        assert settings.output is not None
        assert settings.output.resolve() == REPOSITORY / "generated"


def test_the_documented_pre_commit_configs_match_the_hook() -> None:
    """getting-started.md shows two configs; the local one repeats the hook's keys."""
    page = (REPOSITORY / "docs" / "getting-started.md").read_text(encoding="utf-8")
    section = page[page.index("## Check with pre-commit") :]
    snippets = re.findall(r"```yaml\n(repos:.*?)```", section, re.DOTALL)
    assert len(snippets) == 2
    (hook,) = yaml.safe_load((REPOSITORY / ".pre-commit-hooks.yaml").read_text())
    cloned, local = (yaml.safe_load(text)["repos"][0] for text in snippets)
    assert [item["id"] for item in cloned["hooks"]] == [hook["id"]]
    assert cloned["rev"] and cloned["repo"] != "local"
    (own,) = local["hooks"]
    assert local["repo"] == "local" and own["language"] == "system"
    for key in ("id", "entry", "pass_filenames", "files"):
        assert own[key] == hook[key], key
