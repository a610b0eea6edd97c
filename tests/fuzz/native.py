"""Fuzz the ``--native`` codecs under AddressSanitizer and UndefinedBehaviorSanitizer.

    python -m tests.fuzz.native --seconds 120
    python -m tests.fuzz.native --replay tests/fuzz/crashes/native/crash-0123abcd

The command generates ``schemas/`` with ``--native`` twice below ``--workdir``: once
as the package ``fj_fuzz_native``, whose C sources it compiles with
``-fsanitize=address,undefined`` (clang, with libFuzzer's coverage, where installed;
else gcc), and once as ``fj_fuzz_pure``, left unbuilt, so that it runs on the Python
codecs alone. It writes seeds, then runs atheris (libFuzzer) in a child interpreter
with the sanitizer runtime preloaded, for ``--seconds`` in all. The first byte of an
input picks one type of one module; the rest is the document. Each document is decoded
by both packages, as bytes and as text, and they must agree: the same value, or the same
``DecodeError`` (message, path and position). Whatever they accept is encoded again by
both (compact, and with ``escape_non_ascii``), to the same bytes or the same
``EncodeError``; nothing but ``DecodeError`` may come out of a decoder. Then one field
(or list item) of both values, picked by a hash of the input, is set to the same value
the schema does not allow (a wrong type, a subclass, an integer out of range, NaN, a lone
surrogate, a cycle, deep nesting), and both must encode it the same again.

A memory error, undefined behaviour or a crash of the child ends it: libFuzzer saves
the input as ``crash-*`` in ``--crashes``, and the command starts the child again for
the time left. A disagreement is saved as ``finding-*`` there, once per kind and type,
and the run goes on. The command prints the executions, the coverage and every file
saved, and exits with 1 if any was saved. Without atheris or a C compiler it says why
and exits with 0. See ``docs/fuzzing.md``.
"""

from __future__ import annotations

import argparse
import enum
import hashlib
import importlib
import os
import pkgutil
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from foryjson.native import include_dir

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parents[1]
NATIVE = "fj_fuzz_native"
PURE = "fj_fuzz_pure"
# Outside the repository, whose checks (mypy, pytest) would find the generated code.
WORKDIR = Path(tempfile.gettempdir()) / "foryjson-native-fuzz"
SANITIZE = "address,undefined"
FLAGS = [
    f"-fsanitize={SANITIZE}",
    "-fno-sanitize-recover=undefined",  # undefined behaviour aborts, as memory errors do
    "-fno-omit-frame-pointer",
    "-g",
    "-O1",
    "-fPIC",
]
# Workloads of benchmarks/ and the type their documents are.
WORKLOADS = {
    "media": "media.MediaContent",
    "users_1": "users.Users",
    "users_10": "users.Users",
    "clients_1": "clients.Clients",
    "clients_10": "clients.Clients",
    "orders": "orders.Order",
}


# --- the toolchain and the build --------------------------------------------------------


@dataclass(frozen=True)
class Toolchain:
    compiler: str
    flags: list[str]
    preload: str  # the sanitizer runtime (and libFuzzer), first in the process


def toolchain(choice: str) -> Toolchain | str:
    """The compiler and runtime to use, or why fuzzing cannot run here.

    Whatever the compiler, the runtime is the one atheris ships: LLVM's ASan, with
    UBSan's handlers and libFuzzer, which must be the only one in the process for
    libFuzzer to see coverage. The extensions are linked without a runtime of their
    own. clang also instruments them for coverage (``fuzzer-no-link``); with gcc only
    the Python code guides the fuzzer.
    """
    try:
        import atheris  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return "atheris is not installed (pip install atheris)"
    runtime = Path(atheris.path()) / "asan_with_fuzzer.so"
    if not runtime.is_file():
        return f"atheris has no sanitizer runtime ({runtime} is missing)"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"no Python headers ({headers} is missing)"
    if choice in ("auto", "clang") and shutil.which("clang"):
        return Toolchain("clang", [*FLAGS, "-fsanitize=fuzzer-no-link"], str(runtime))
    if choice in ("auto", "gcc") and shutil.which("gcc"):
        return Toolchain("gcc", FLAGS, str(runtime))
    return f"no C compiler (--compiler {choice}: clang or gcc)"


def compile_extension(tools: Toolchain, source: Path, target: Path) -> None:
    include = [f"-I{sysconfig.get_paths()['include']}", f"-I{include_dir()}"]
    objects = target.with_suffix(".o")
    compile_ = [tools.compiler, *tools.flags, *include, "-c", str(source)]
    subprocess.run([*compile_, "-o", str(objects)], check=True)
    link = [tools.compiler, "-shared", str(objects), "-o", str(target)]
    subprocess.run(link, check=True)
    objects.unlink()


def build(workdir: Path, tools: Toolchain) -> int:
    """Generate both packages below ``workdir`` and compile the native one's C where
    it changed since the last build; returns the number of extensions compiled."""
    from foryjson.gen.cli import main
    from foryjson.native.build import sources

    native, pure = workdir / NATIVE, workdir / PURE
    if main([str(REPOSITORY / "schemas"), "-o", str(native), "--native"]) != 0:
        sys.exit("foryjson-gen failed")
    shutil.rmtree(pure, ignore_errors=True)
    shutil.copytree(native, pure, ignore=shutil.ignore_patterns("*.c", "*.so"))
    stamp, flags = workdir / "build.flags", " ".join([tools.compiler, *tools.flags])
    if not stamp.is_file() or stamp.read_text(encoding="utf-8") != flags:
        for old in native.rglob("*.so"):
            old.unlink()
    header = max(path.stat().st_mtime for path in Path(include_dir()).glob("*.h"))
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    jobs = []
    for name, source in sources(native, NATIVE).items():
        target = workdir / (name.replace(".", "/") + suffix)
        changed = max(source.stat().st_mtime, header)
        if not target.is_file() or target.stat().st_mtime < changed:
            jobs.append((source, target))
    with ThreadPoolExecutor(os.cpu_count()) as pool:
        list(pool.map(lambda job: compile_extension(tools, *job), jobs))
    stamp.write_text(flags, encoding="utf-8")
    return len(jobs)


# --- seeds ------------------------------------------------------------------------------


def _codecs(package: str) -> dict[str, tuple[Any, Any]]:
    """``(facade, type)`` of every type of every module of ``package``, by
    ``module.Type``, in the order the first byte of an input picks them."""
    from foryjson import ForyJson

    root = importlib.import_module(package)
    found = {}
    names = sorted(
        info.name for info in pkgutil.walk_packages(root.__path__, package + ".")
    )
    for name in names:
        module = importlib.import_module(name)
        if hasattr(module, "CODECS"):
            short = name.removeprefix(package + ".")
            fory = ForyJson(module)
            for codec in module.CODECS:
                found[f"{short}.{codec.type.__name__}"] = (fory, codec.type)
    return found


def _seed_documents(per_model: int) -> Iterator[tuple[str, bytes]]:
    """``(module.Type, document)``: drawn, hostile, conformance and workload documents."""
    from hypothesis import strategies as st

    from benchmarks.suite import workloads
    from benchmarks.workloads import file_tree_json
    from tests.conformance.cases import CASES
    from tests.fuzz.fuzz_decode import _documents, targets
    from tests.hostile_documents import HOSTILE
    from tests.schema_strategies import all_models, for_model

    codecs = targets()
    strategies = {
        f"{module}.{model.name}": for_model(module, model)
        for module, model in all_models()
    }
    for name, (fory, type_) in codecs.items():
        values = strategies.get(name)
        if values is None:  # an enum
            values = st.sampled_from(list(type_))
        for document in _documents(fory, type_, values, per_model):
            yield name, document
    for hostile in HOSTILE:
        yield hostile.target, hostile.document.encode()
    for workload, name in WORKLOADS.items():
        for document in workloads.expected(workload)[:3]:
            yield name, document
    yield "filetree.Node", file_tree_json(12).encode()
    # Every RFC 8259 case, as one type after another: syntax before any model.
    names = list(codecs)
    for index, case in enumerate(CASES):
        text = case.document
        data = (
            text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
        )
        if len(data) <= 4096:
            yield names[index % len(names)], data


def write_seeds(folder: Path, names: list[str], per_model: int) -> int:
    """Write every seed into ``folder``, behind the byte that picks its type."""
    assert len(names) < 256, "the first byte picks the type"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    count = 0
    for name, document in _seed_documents(per_model):
        data = bytes([names.index(name)]) + document
        digest = hashlib.sha1(data).hexdigest()[:16]
        (folder / f"{name}-{digest}").write_bytes(data)
        count += 1
    return count


# --- the child: one libFuzzer process ---------------------------------------------------


def _plain(value: Any) -> Any:
    """A value of either package as plain data that ``same`` compares."""
    if isinstance(value, enum.Enum):
        return ("enum", type(value).__qualname__, value.name)
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_plain(item) for item in value)
    if isinstance(value, set | frozenset):
        return ("set", sorted(repr(_plain(item)) for item in value))
    if isinstance(value, dict):
        return ("dict", [(_plain(key), _plain(item)) for key, item in value.items()])
    module = type(value).__module__
    if module.startswith((NATIVE, PURE)):
        slots = [
            slot
            for cls in type(value).__mro__
            for slot in cls.__dict__.get("__slots__", ())
        ]
        fields = [(slot, _plain(getattr(value, slot, "<unset>"))) for slot in slots]
        return ("model", type(value).__qualname__, fields)
    if module.startswith("examples."):  # bound classes
        return ("bound", type(value).__qualname__, _plain(vars(value)))
    return value


def _decode(cls: Any, fory: Any, data: bytes | str) -> Any:
    from foryjson import DecodeError

    try:
        if hasattr(cls, "from_json"):
            return cls.from_json(data)
        return fory.from_json(data, cls)
    except DecodeError as error:
        return error


def _encodings(value: Any, cls: Any, fory: Any) -> list[Any]:
    """What each encoder gives the value: bytes, text, or the EncodeError's text."""
    from foryjson import EncodeError

    calls: list[Callable[[], Any]]
    if hasattr(value, "to_json_bytes"):
        calls = [
            value.to_json_bytes,
            value.to_json,
            lambda: value.to_json_bytes(escape_non_ascii=True),
        ]
    else:
        calls = [lambda: fory.to_json_bytes(value, cls)]
    found: list[Any] = []
    for call in calls:
        try:
            found.append(call())
        except EncodeError as error:
            found.append(("EncodeError", str(error)))
    return found


class _Str(str):
    pass


class _Int(int):
    pass


class _List(list[Any]):
    pass


def _nest(depth: int) -> list[Any]:
    nested: list[Any] = []
    for _ in range(depth):
        nested = [nested]
    return nested


#: Values the schemas do not allow, or that the compiled encoders leave to Python
#: (docs/native.md), each made for the value's root (for cycles).
TAMPERED: list[Callable[[Any], Any]] = [
    lambda root: None,
    lambda root: True,
    lambda root: -1,
    lambda root: 2**63,
    lambda root: -(2**63) - 1,
    lambda root: 2**64,
    lambda root: 10**40,
    lambda root: 1.5,
    lambda root: float("nan"),
    lambda root: float("-inf"),
    lambda root: -0.0,
    lambda root: "",
    lambda root: "\ud800",
    lambda root: '\u00e9\U0001f600\x00"',
    lambda root: _Str("x"),
    lambda root: _Int(7),
    lambda root: [],
    lambda root: [None, 1, "a"],
    lambda root: _List(["a"]),
    lambda root: ("a",),
    lambda root: {"a": 1},
    lambda root: b"x",
    lambda root: object(),
    lambda root: root,  # a cycle
    lambda root: [root],
    # Around the default max_depth (20), and past its ceiling (512).
    lambda root: _nest(18),
    lambda root: _nest(21),
    lambda root: _nest(600),
]


def _models(value: Any, found: list[Any]) -> list[Any]:
    """Every generated model object in a decoded value, outermost first."""
    if isinstance(value, list | tuple):
        for item in value:
            _models(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _models(item, found)
    elif type(value).__module__.startswith((NATIVE, PURE)) and hasattr(
        type(value), "__slots__"
    ):
        found.append(value)
        for cls in type(value).__mro__:
            for slot in cls.__dict__.get("__slots__", ()):
                _models(getattr(value, slot, None), found)
    return found


def tamper(native: Any, pure: Any, choice: int) -> bool:
    """Put the same unexpected value at the same place of two equal decoded values
    (a field, or an item of a list field), picked by ``choice``; False if there is
    no such place."""
    native_objects, pure_objects = _models(native, []), _models(pure, [])
    if not native_objects:
        return False
    choice, index = divmod(choice, len(native_objects))
    native_object, pure_object = native_objects[index], pure_objects[index]
    slots = [
        slot
        for cls in type(native_object).__mro__
        for slot in cls.__dict__.get("__slots__", ())
    ]
    if not slots:
        return False
    choice, index = divmod(choice, len(slots))
    slot = slots[index]
    choice, index = divmod(choice, len(TAMPERED))
    make = TAMPERED[index]
    items = getattr(native_object, slot, None)
    if isinstance(items, list) and items and choice % 2:
        position = (choice // 2) % len(items)
        items[position] = make(native)
        getattr(pure_object, slot)[position] = make(pure)
    else:  # past a frozen class's __setattr__ too
        object.__setattr__(native_object, slot, make(native))
        object.__setattr__(pure_object, slot, make(pure))
    return True


class Mismatch(AssertionError):
    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail[:4000]}")
        self.kind = kind


def check(data: bytes | str, native: tuple[Any, Any], pure: tuple[Any, Any]) -> None:
    """Decode and encode ``data`` with both packages; raise ``Mismatch`` where they differ."""
    from foryjson import DecodeError
    from tests.test_fuzz import same

    (native_fory, native_cls), (pure_fory, pure_cls) = native, pure
    got = _decode(native_cls, native_fory, data)
    expected = _decode(pure_cls, pure_fory, data)
    if isinstance(got, DecodeError) or isinstance(expected, DecodeError):
        if not (isinstance(got, DecodeError) and isinstance(expected, DecodeError)):
            raise Mismatch("accept-reject", f"native {got!r}, pure {expected!r}")
        ours = (str(got), got.position, got.line, got.column)
        theirs = (str(expected), expected.position, expected.line, expected.column)
        if ours != theirs:
            raise Mismatch("error", f"native {ours}, pure {theirs}")
        return
    if not same(_plain(got), _plain(expected)):
        raise Mismatch("value", f"native {got!r}, pure {expected!r}")
    ours_encoded = _encodings(got, native_cls, native_fory)
    theirs_encoded = _encodings(expected, pure_cls, pure_fory)
    if ours_encoded != theirs_encoded:
        raise Mismatch("encode", f"native {ours_encoded!r}, pure {theirs_encoded!r}")
    if isinstance(theirs_encoded[0], tuple):
        raise Mismatch("not-encodable", f"accepted, then {theirs_encoded[0][1]}")
    # The compiled encoders against values no decoder gives: they must write what
    # the Python encoders write, or leave the value to them.
    digest = hashlib.blake2b(repr(data).encode(), digest_size=8).digest()
    choice = int.from_bytes(digest, "big")
    if tamper(got, expected, choice):
        ours_encoded = _encodings(got, native_cls, native_fory)
        theirs_encoded = _encodings(expected, pure_cls, pure_fory)
        if ours_encoded != theirs_encoded:
            detail = f"native {ours_encoded!r}, pure {theirs_encoded!r}"
            raise Mismatch("tampered-encode", detail)


def child(argv: list[str], workdir: Path, crashes: Path, strict: bool) -> None:
    """Run libFuzzer in this process (the sanitizer runtime is already preloaded);
    ``strict`` lets the first finding end it, as a replay wants."""
    import atheris

    sys.path.insert(0, str(workdir))
    with atheris.instrument_imports(include=["foryjson", NATIVE, "examples"]):
        native = _codecs(NATIVE)
    pure = _codecs(PURE)
    names = list(native)
    assert names == list(pure)
    compiled = sorted(
        name.removeprefix(NATIVE + ".")
        for name, module in sys.modules.items()
        if name.startswith(NATIVE) and getattr(module, "NATIVE", False)
    )
    print(
        f"fuzzing {len(names)} types; compiled codecs in {', '.join(compiled)}",
        file=sys.stderr,
    )
    seen: set[tuple[str, str]] = set()

    def one_input(data: bytes) -> None:
        if len(data) < 1:
            return
        name = names[data[0] % len(names)]
        document = data[1:]
        for form in (document, document.decode("utf-8", "surrogateescape")):
            try:
                check(form, native[name], pure[name])
            except Exception as error:  # every finding is recorded, once
                if strict:
                    raise
                if isinstance(error, Mismatch):
                    kind = error.kind
                else:
                    frames = traceback.extract_tb(error.__traceback__)
                    where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}"
                    kind = f"{type(error).__name__}@{where}" if frames else "?"
                if (kind, name) in seen:
                    continue
                seen.add((kind, name))
                crashes.mkdir(parents=True, exist_ok=True)
                label = re.sub(r"[^\w.@-]", "_", f"{kind}-{name}")
                saved = (
                    crashes / f"finding-{label}-{hashlib.sha1(data).hexdigest()[:12]}"
                )
                saved.write_bytes(data)
                print(
                    f"\n=== finding {saved} ({form.__class__.__name__})",
                    file=sys.stderr,
                )
                traceback.print_exc()

    atheris.Setup([sys.argv[0], *argv], one_input)
    atheris.Fuzz()


# --- the command ------------------------------------------------------------------------


@dataclass
class Stats:
    executions: int = 0
    coverage: str = ""
    runs: int = 0


def _environment(tools: Toolchain, *path: Path) -> dict[str, str]:
    """The environment of a process that loads sanitized extensions."""
    environment = dict(os.environ)
    environment.update(
        LD_PRELOAD=tools.preload,
        # CPython does not free everything at exit: no leak reports.
        ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:symbolize=1",
        UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1",
        # Every allocation through malloc, where ASan sees it: CPython's small-object
        # allocator would hide the extension's small buffers in its own arenas.
        PYTHONMALLOC="malloc",
        PYTHONPATH=os.pathsep.join(
            [*map(str, path), str(REPOSITORY / "generator"), str(REPOSITORY)]
        ),
    )
    environment.pop("FORYJSON_PURE", None)
    symbolizer = shutil.which("llvm-symbolizer")
    if symbolizer:
        environment["ASAN_SYMBOLIZER_PATH"] = symbolizer
    return environment


PROBE = r"""
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Deliberate bugs, which the sanitizers must report. */
static PyObject *overflow(PyObject *self, PyObject *size) {
    Py_ssize_t count = PyLong_AsSsize_t(size);
    volatile char *buffer = PyMem_Malloc(8);
    for (Py_ssize_t i = 0; i < count; i++) buffer[i] = 'x';
    long last = buffer[count - 1];
    PyMem_Free((void *)buffer);
    return PyLong_FromLong(last);
}

static PyObject *shift(PyObject *self, PyObject *by) {
    volatile int bits = (int)PyLong_AsLong(by);
    return PyLong_FromLong(1 << bits);
}

static PyMethodDef methods[] = {
    {"overflow", overflow, METH_O, NULL},
    {"shift", shift, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "fj_fuzz_probe", NULL, -1, methods};
PyMODINIT_FUNC PyInit_fj_fuzz_probe(void) { return PyModule_Create(&module); }
"""


def self_test(workdir: Path, tools: Toolchain) -> str | None:
    """Build a module with a heap overflow and a bad shift, and check that the
    sanitizers stop each in a process set up as the fuzzer's; None if they do."""
    source = workdir / "fj_fuzz_probe.c"
    source.write_text(PROBE, encoding="utf-8")
    target = workdir / ("fj_fuzz_probe" + sysconfig.get_config_var("EXT_SUFFIX"))
    compile_extension(tools, source, target)
    environment = _environment(tools, workdir)
    cases = [
        ("overflow(8) + shift(3)", 0, ""),
        ("overflow(9)", 1, "AddressSanitizer: heap-buffer-overflow"),
        ("shift(40)", 1, "runtime error: shift exponent 40"),
    ]
    for call, failing, report in cases:
        script = f"import fj_fuzz_probe as p; p.{call.replace(' + ', '; p.')}"
        result = subprocess.run(
            [sys.executable, "-c", script],
            env=environment,
            capture_output=True,
            text=True,
            check=False,
        )
        if bool(result.returncode) != bool(failing) or report not in result.stderr:
            return f"{call}: exit status {result.returncode}\n{result.stderr[-2000:]}"
    return None


def _run_child(
    tools: Toolchain,
    workdir: Path,
    crashes: Path,
    arguments: list[str],
    log: Path,
    strict: bool = False,
) -> tuple[int, Stats]:
    environment = _environment(tools)
    command = [
        sys.executable,
        "-m",
        "tests.fuzz.native",
        "--child",
        "--workdir",
        str(workdir),
        "--crashes",
        str(crashes),
        *(["--strict"] if strict else []),
        "--",
        *arguments,
    ]
    stats = Stats()
    with log.open("a", encoding="utf-8") as out:
        process = subprocess.Popen(
            command,
            cwd=REPOSITORY,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
        )
        assert process.stdout is not None
        for line in process.stdout:
            out.write(line)
            if match := re.match(r"#(\d+)\s+\w+\s+(cov: \d+ ft: \d+ corp: \S+)", line):
                stats.executions = int(match.group(1))
                stats.coverage = match.group(2)
            if match := re.match(r"stat::number_of_executed_units: (\d+)", line):
                stats.executions = int(match.group(1))
            if re.match(
                r"#\d+\s+(pulse|DONE)|=== finding|==\d+== ?ERROR|.*runtime error:|=== Uncaught",
                line,
            ):
                print(line.rstrip(), flush=True)
            elif line.startswith(("fuzzing ", "Test unit written", "SUMMARY:")):
                print(line.rstrip(), flush=True)
        return process.wait(), stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.fuzz.native", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--seconds", type=int, default=120, help="fuzzing time in all")
    parser.add_argument("--workdir", type=Path, default=WORKDIR)
    parser.add_argument("--crashes", type=Path, default=HERE / "crashes" / "native")
    parser.add_argument("--compiler", choices=("auto", "clang", "gcc"), default="auto")
    parser.add_argument("--seeds-per-model", type=int, default=4)
    parser.add_argument(
        "--restarts", type=int, default=20, help="after crashes, at most"
    )
    parser.add_argument("--replay", type=Path, nargs="+", help="run these inputs once")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--strict", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("libfuzzer", nargs="*", help="after --: libFuzzer flags")
    options = parser.parse_args(argv)
    workdir, crashes = options.workdir.resolve(), options.crashes.resolve()
    if options.child:
        child(options.libfuzzer, workdir, crashes, options.strict)
        return 0

    tools = toolchain(options.compiler)
    if isinstance(tools, str):
        print(f"native fuzzing skipped: {tools}")
        return 0
    workdir.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    problem = self_test(workdir, tools)
    if problem is not None:
        print(f"the sanitizers did not report a deliberate bug: {problem}")
        return 1
    print("self-test: the sanitizers stop a heap overflow and a bad shift")
    built = build(workdir, tools)
    print(f"compiled {built} extension(s) with {tools.compiler} -fsanitize={SANITIZE}")
    log = workdir / "fuzz.log"
    log.write_text("", encoding="utf-8")
    if options.replay:
        inputs = [f"-artifact_prefix={workdir}/"]
        inputs += [str(path.resolve()) for path in options.replay]
        status, _ = _run_child(tools, workdir, crashes, inputs, log, strict=True)
        print(f"replay: exit status {status}; output in {log}")
        return 1 if status else 0

    # The names of both packages are the same; the sanitized one loads only where the
    # runtime is preloaded.
    sys.path.insert(0, str(workdir))
    names = list(_codecs(PURE))
    seeds, stamp = workdir / "seeds", workdir / "seeds.targets"
    if not stamp.is_file() or stamp.read_text(encoding="utf-8").split() != names:
        count = write_seeds(seeds, names, options.seeds_per_model)
        stamp.write_text("\n".join(names), encoding="utf-8")
        print(f"wrote {count} seeds of {len(names)} types to {seeds}")
    corpus = workdir / "corpus"
    corpus.mkdir(exist_ok=True)
    before = set(crashes.iterdir()) if crashes.is_dir() else set()
    deadline = time.monotonic() + options.seconds
    setup = deadline - started - options.seconds
    print(f"setup took {setup:.0f} s; fuzzing for {options.seconds} s")
    total = Stats()
    for _ in range(options.restarts + 1):
        left = int(deadline - time.monotonic())
        if left < 5:
            break
        flags = [
            f"-max_total_time={left}",
            "-timeout=30",
            "-rss_limit_mb=6000",
            "-max_len=16384",
            "-print_final_stats=1",
            f"-dict={HERE / 'json.dict'}",
            f"-artifact_prefix={crashes}/",
            str(corpus),
            str(seeds),
        ]
        crashes.mkdir(parents=True, exist_ok=True)
        status, stats = _run_child(tools, workdir, crashes, flags, log)
        total.executions += stats.executions
        total.coverage = stats.coverage or total.coverage
        total.runs += 1
        if status == 0:
            break
        print(f"the fuzzer stopped with status {status}; starting it again")
    saved = sorted(set(crashes.iterdir()) - before) if crashes.is_dir() else []
    # libFuzzer also notes inputs slower than 10 s, which sanitizers and coverage
    # make common; a timeout (-timeout) is a finding.
    slow = [path for path in saved if path.name.startswith("slow-unit-")]
    found = [path for path in saved if path not in slow]
    elapsed = time.monotonic() - started
    print(
        f"executions: {total.executions} in {total.runs} run(s), {elapsed:.0f} s in all;"
        f" last coverage: {total.coverage or 'n/a'};"
        f" corpus: {len(list(corpus.iterdir()))} inputs beyond the seeds in {corpus}"
    )
    print(f"log: {log}")
    for path in slow:
        print(f"slow, not a finding: {path}")
    for path in found:
        print(f"saved: {path}")
    print(f"findings: {len(found)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
