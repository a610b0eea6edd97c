"""Nesting depth on hostile input: bounded before any parser runs, one message everywhere.

Every document is measured on its text before the standard library's recursive C
scanner or orjson sees it, so an application that raises the interpreter's recursion
limit cannot be crashed by deep input, and both backends, every entry point and every
input form give the same error: ``nesting deeper than the limit of N (raise max_depth
for trusted data)`` with the path of the container that crosses the limit.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from foryjson import DecodeError, ForyJson, depth, reader, stream
from foryjson.depth import check_text_depth, nests_deeper
from foryjson.gen.cli import main as generate
from foryjson.limits import MAX_DEPTH_CEILING, Limits
from generated import catalog, filetree, media, types
from tests.media_fixture import media_1

ROOT = Path(__file__).resolve().parent.parent
BACKENDS = ["stdlib", "orjson"]
DEPTHS = [21, 995, 1023, 1025, 5000, 200_000]


def message(limit: int) -> str:
    return (
        f"nesting deeper than the limit of {limit} (raise max_depth for trusted data)"
    )


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def dynamic_document(levels: int) -> str:
    """A ``types.Dynamic`` whose payload is ``levels`` arrays (``levels + 1`` in all)."""
    return '{"payload":' + nested(levels) + ',"extras":{}}'


def decode_error(run: Callable[..., Any], *args: Any, **kwargs: Any) -> DecodeError:
    with pytest.raises(DecodeError) as raised:
        run(*args, **kwargs)
    return raised.value


# --- 1. No crash when the application raises the recursion limit ----------------------

_CHILD = textwrap.dedent("""
    import io, json, sys, threading
    sys.setrecursionlimit(100_000)
    from foryjson import DecodeError, EncodeError, ForyJson
    from generated import types

    entry, backend = sys.argv[1], sys.argv[2]
    deep = "[" * 200_000 + "]" * 200_000
    document = '{"payload":' + deep + ',"extras":{}}'
    fory = ForyJson(types, backend=backend)

    def run():
        if entry == "from_json":
            return types.Dynamic.from_json(document)
        if entry == "facade":
            return fory.from_json(document.encode(), types.Dynamic)
        if entry == "iter_array":
            data = ("[" + document + "]").encode()
            return list(fory.iter_json(io.BytesIO(data), types.Dynamic))
        data = ('{"payload":1,"extras":{}}\\n' + document + "\\n").encode()
        return list(fory.iter_json(io.BytesIO(data), types.Dynamic, ndjson=True))

    def outcome(results):
        try:
            run()
        except DecodeError as error:
            results.append([type(error).__name__, error.message, error.path])
        else:
            results.append(["accepted"])

    main_thread, worker = [], []
    outcome(main_thread)
    thread = threading.Thread(target=outcome, args=(worker,))
    thread.start()
    thread.join()
    print(json.dumps(main_thread + worker))
    """)


def run_child(code: str, *args: str, backend: str) -> Any:
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "generator"), str(ROOT)]),
        "FORYJSON_BACKEND": backend,
    }
    result = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        timeout=600,
    )
    assert result.returncode == 0, (result.returncode, result.stderr[-2000:])
    return json.loads(result.stdout)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("entry", ["from_json", "facade", "iter_array", "ndjson"])
def test_deep_input_never_crashes_with_a_raised_recursion_limit(
    entry: str, backend: str
) -> None:
    outcomes = run_child(_CHILD, entry, backend, backend=backend)
    path = "$.payload" + "[0]" * 19
    if entry == "iter_array":
        path = "$[0]" + path[1:]
    elif entry == "ndjson":
        path = "$[1]" + path[1:]
    expected = ["DecodeError", message(20), path]
    assert outcomes == [expected, expected]  # the main thread, then a worker thread


_ENCODE_CHILD = textwrap.dedent("""
    import datetime, json, sys, threading
    sys.setrecursionlimit(100_000)
    from foryjson import EncodeError, ForyJson
    from generated import catalog, filetree

    moment = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
    category = catalog.Category(id=0, name="root")
    tree = filetree.File(
        name="f", created_by="a", created_at=moment, nbytes=1,
        permissions=filetree.Permissions.READ,
    )
    for number in range(200_000):
        category = catalog.Category(id=number, name="c", parent=category)
        tree = filetree.Directory(
            name="d", created_by="a", created_at=moment, contents=[tree]
        )
    encodings = [
        category.to_json,
        tree.to_json_bytes,
        lambda: ForyJson(catalog).to_json(category),
        lambda: ForyJson(filetree).to_json_bytes(tree, filetree.Node),
    ]

    def outcome(results):
        for encode in encodings:
            try:
                encode()
            except EncodeError as error:
                results.append([type(error).__name__, error.message])
            else:
                results.append(["accepted"])

    main_thread, worker = [], []
    outcome(main_thread)
    thread = threading.Thread(target=outcome, args=(worker,))
    thread.start()
    thread.join()
    print(json.dumps(main_thread + worker))
    """)


def test_a_deep_object_graph_is_an_encode_error_with_a_raised_recursion_limit() -> None:
    outcomes = run_child(_ENCODE_CHILD, backend="stdlib")
    expected = ["EncodeError", "the value is nested too deeply to encode"]
    assert outcomes == [expected] * 8


def _category_chain(levels: int) -> catalog.Category:
    category = catalog.Category(id=0, name="root")
    for number in range(1, levels):
        category = catalog.Category(id=number, name="c", parent=category)
    return category


@pytest.mark.parametrize("version", [(3, 10, 13), (3, 13, 0)])
@pytest.mark.parametrize("limit", [1000, 100_000])
def test_python_3_10_measures_deep_graphs_before_a_raised_limit_lets_them_recurse(
    version: tuple[int, int, int], limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # CPython 3.10 recurses on the C stack: with a raised limit, a graph deeper than
    # 1,100 containers is refused before an encoder recurses into it (the
    # subprocess test above crashes 3.10 without this). Elsewhere nothing is walked.
    monkeypatch.setattr(sys, "version_info", version)
    monkeypatch.setattr(sys, "getrecursionlimit", lambda: limit)
    guarded = version < (3, 11) and limit > 1000
    looped = catalog.Category(id=1, name="loop")
    looped.parent = looped
    too_deep: list[object] = [
        _category_chain(1101),
        looped,
        [[[_category_chain(1098)]]],
    ]
    within: list[object] = [_category_chain(1100), [_category_chain(1099)], "x", None]
    for value in too_deep:
        if guarded:
            with pytest.raises(RecursionError):
                depth.guard_c_stack(value)
        else:
            depth.guard_c_stack(value)
    for value in within:
        depth.guard_c_stack(value)


# --- 2. One message, whatever the backend, entry point, form and depth ---------------


def from_json_with(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make generated ``from_json`` methods use ``backend``, as FORYJSON_BACKEND does."""
    monkeypatch.setattr(reader, "_DEFAULT_ORJSON", backend == "orjson")


@pytest.mark.parametrize("levels", DEPTHS)
@pytest.mark.parametrize("form", [str, bytes])
@pytest.mark.parametrize("backend", BACKENDS)
def test_every_entry_point_gives_the_limit_message_at_every_depth(
    levels: int, form: type, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from_json_with(backend, monkeypatch)
    document = dynamic_document(levels)
    data = document if form is str else document.encode()
    fory = ForyJson(types, backend=backend)
    path = "$.payload" + "[0]" * 19
    for error in (
        decode_error(types.Dynamic.from_json, data),
        decode_error(fory.from_json, data, types.Dynamic),
        decode_error(fory.from_json, "[" + document + "]", list[types.Dynamic]),
    ):
        assert (error.message, error.position) == (message(20), None)
    assert decode_error(types.Dynamic.from_json, data).path == path
    assert decode_error(fory.from_json, data, types.Dynamic).path == path
    in_list = decode_error(fory.from_json, "[" + document + "]", list[types.Dynamic])
    # The list adds a level: its element's payload crosses one array earlier.
    assert in_list.path == "$[0].payload" + "[0]" * 18


@pytest.mark.parametrize("levels", DEPTHS)
@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("chunk_size", [7, 65536])
def test_streams_give_the_limit_message_for_the_deep_value(
    levels: int, backend: str, chunk_size: int
) -> None:
    fory = ForyJson(types, backend=backend)
    good = '{"payload":[[1]],"extras":{}}'
    deep = dynamic_document(levels)
    for ndjson, data in (
        (False, "[" + good + "," + deep + "," + good + "]"),
        (True, good + "\n" + deep + "\n" + good + "\n"),
    ):
        values = fory.iter_json(
            io.BytesIO(data.encode()),
            types.Dynamic,
            ndjson=ndjson,
            chunk_size=chunk_size,
        )
        assert next(values) == types.Dynamic(payload=[[1]], extras={})
        error = decode_error(next, values)
        assert error.message == message(20)
        assert error.path == "$[1].payload" + "[0]" * 19


@pytest.mark.parametrize("backend", BACKENDS)
def test_deep_junk_gets_the_limit_message_not_nested_too_deeply(backend: str) -> None:
    fory = ForyJson(types, backend=backend)
    for levels in (995, 1023):  # the stdlib scanner's own limit, under orjson's
        error = decode_error(fory.from_json, nested(levels), types.Dynamic)
        assert (error.message, error.path) == (message(20), "$" + "[0]" * 20)
    objects = '{"a":' * 3000 + "1" + "}" * 3000
    error = decode_error(fory.from_json, objects, types.Dynamic)
    assert (error.message, error.path) == (message(20), "$" + ".a" * 20)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_limit_is_exact_and_counted_from_the_root(backend: str) -> None:
    fory = ForyJson(types, backend=backend, max_depth=20)
    assert fory.from_json(dynamic_document(19), types.Dynamic).payload == json.loads(
        nested(19)
    )
    error = decode_error(fory.from_json, dynamic_document(20), types.Dynamic)
    assert (error.message, error.path) == (message(20), "$.payload" + "[0]" * 19)


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_path_names_keys_and_indexes_of_the_crossing_container(
    backend: str,
) -> None:
    fory = ForyJson(types, backend=backend, max_depth=4)
    document = (
        '{"payload":[1,"]]]",{"x":[]},{"k\\"ey":{"n\\u00e9":[[2]]}}],"extras":{}}'
    )
    error = decode_error(fory.from_json, document, types.Dynamic)
    assert (error.message, error.path) == (message(4), "$.payload[3]['k\"ey']['né']")


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    "document",
    [
        "[" * 30,  # unterminated and too deep
        "[" * 30 + '"',
        "]" * 30 + "[" * 30,
        "[]" + "[" * 30,  # content after the value
        "1" + "[" * 30,
        '"' + "[" * 30,  # an unterminated string holds the brackets
        "[" * 10 + "}" * 10,
        "[" * 19 + '"\\\\"' + "]" * 19,
        '["' + "\\" * 3 + '"' + "[" * 30 + '"]',
        '{"a":' + "[" * 25,
    ],
)
def test_invalid_deep_documents_fail_alike_on_both_backends(
    backend: str, document: str
) -> None:
    errors = [
        decode_error(ForyJson(types, backend=name).from_json, data, types.Dynamic)
        for name in BACKENDS
        for data in (document, document.encode())
    ]
    first = errors[0]
    for error in errors[1:]:
        assert (error.message, error.path) == (first.message, first.path)


# --- 3. Every member counts, for every type ------------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_unknown_members_count_for_fixed_depth_types(backend: str) -> None:
    fory = ForyJson(media, backend=backend)
    document = media_1().to_json()[:-1] + ',"junk":' + nested(25) + "}"
    error = decode_error(fory.from_json, document, media.MediaContent)
    assert (error.message, error.path) == (message(20), "$.junk" + "[0]" * 19)
    within = media_1().to_json()[:-1] + ',"junk":' + nested(19) + "}"
    assert fory.from_json(within, media.MediaContent) == media_1()


@pytest.mark.parametrize("backend", BACKENDS)
def test_unknown_members_count_for_recursive_types(backend: str) -> None:
    fory = ForyJson(catalog, backend=backend, max_depth=6)
    document = '{"id":1,"name":"a","junk":' + nested(6) + "}"
    error = decode_error(fory.from_json, document, catalog.Category)
    assert (error.message, error.path) == (message(6), "$.junk" + "[0]" * 5)


# --- The ceiling -----------------------------------------------------------------------


def test_max_depth_has_a_ceiling() -> None:
    assert Limits(max_depth=MAX_DEPTH_CEILING).max_depth == 512
    with pytest.raises(ValueError, match="max_depth must be at most 512, not 513"):
        Limits(max_depth=513)
    with pytest.raises(ValueError, match="max_depth must be at most 512, not 100000"):
        ForyJson(types, max_depth=100_000)


def test_a_schema_over_the_ceiling_fails_generation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    schemas = tmp_path / "schemas"
    schemas.mkdir()
    (schemas / "m.yaml").write_text(
        "limits:\n  max_depth: 100000\nmodels: {A: {fields: {x: int}}}\n"
    )
    assert generate([str(schemas), "-o", str(tmp_path / "out")]) == 2
    error = capsys.readouterr().err.splitlines()[0]
    assert error.endswith(
        "m.yaml:2:14: error: max_depth must be at most 512, not 100000"
    )


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_ceiling_reads_in_a_thread_at_the_default_recursion_limit(
    backend: str,
) -> None:
    fory = ForyJson(types, backend=backend, max_depth=MAX_DEPTH_CEILING)
    results: list[object] = []

    def read_both() -> None:
        results.append(fory.from_json(dynamic_document(511), types.Dynamic).payload)
        stream_data = io.BytesIO(("[" + dynamic_document(511) + "]").encode())
        results.append(next(fory.iter_json(stream_data, types.Dynamic)).payload)
        try:
            fory.from_json(dynamic_document(512), types.Dynamic)
        except DecodeError as error:
            results.append(error.message)

    thread = threading.Thread(target=read_both)
    thread.start()
    thread.join()
    expected = json.loads(nested(511))
    assert results == [expected, expected, message(512)]


# --- 4. A subtype property spelled with escapes ---------------------------------------

_DIRECTORY = (
    '"name":"n","created_by":"a","created_at":"2020-01-01T00:00:00Z",'
    '"nbytes":1,"permissions":"READ","contents":[]'
)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("form", [str, bytes])
def test_an_escaped_duplicate_subtype_property_is_refused_by_both_backends(
    backend: str, form: type
) -> None:
    document = '{"type":"directory","\\u0074ype":"file",' + _DIRECTORY + "}"
    data = document if form is str else document.encode()
    error = decode_error(
        ForyJson(filetree, backend=backend).from_json, data, filetree.Node
    )
    assert error.message == (
        "expected a subtype name (file, directory), got 'type' more than once in one object"
    )
    assert error.path == "$.type"


def spellings(name: str) -> st.SearchStrategy[str]:
    """The name as JSON string content, each character literal or escaped."""

    def spell(char: str) -> st.SearchStrategy[str]:
        forms = [char, f"\\u{ord(char):04x}", f"\\u{ord(char):04X}"]
        if char == "/":
            forms.append("\\/")
        return st.sampled_from(forms)

    return st.tuples(*(spell(char) for char in name)).map("".join)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    first=spellings("type"),
    second=spellings("type"),
    kinds=st.tuples(
        st.sampled_from(["file", "directory", "f\\u0069le", "x"]),
        st.sampled_from(["file", "directory", "d\\u0069rectory", "x"]),
    ),
    twice=st.booleans(),
    escaped_elsewhere=st.booleans(),
    as_bytes=st.booleans(),
)
def test_subtype_properties_spelled_with_escapes_decode_alike_on_both_backends(
    first: str,
    second: str,
    kinds: tuple[str, str],
    twice: bool,
    escaped_elsewhere: bool,
    as_bytes: bool,
) -> None:
    # filetree's Node has no decimals, so its documents may go to orjson.
    members = [f'"{first}":"{kinds[0]}"', _DIRECTORY]
    if twice:
        members.append(f'"{second}":"{kinds[1]}"')
    if escaped_elsewhere:
        members.append('"updated_by":"\\u0044ave"')
    document = "{" + ",".join(members) + "}"
    data: str | bytes = document.encode() if as_bytes else document
    outcomes = []
    for backend in BACKENDS:
        fory = ForyJson(filetree, backend=backend)
        try:
            outcomes.append(("value", fory.from_json(data, filetree.Node)))
        except DecodeError as error:
            outcomes.append(("error", (error.message, error.path)))
    assert outcomes[0] == outcomes[1]


def test_the_screen_sends_escaped_names_to_the_exact_reader() -> None:
    shape = reader._shape(b"{}")
    assert reader._orjson_may_differ(b'{"\\u0074ype":1}', shape, ("type",))
    assert reader._orjson_may_differ('{"a\\/b":1}', shape, ("a/b",))
    assert reader._orjson_may_differ(
        '{"t\u00ffpe":1,"t\u00ffpe":2}', shape, ("t\u00ffpe",)
    )
    assert not reader._orjson_may_differ(b'{"type":"a\\n"}', shape, ("type",))
    assert not reader._orjson_may_differ(b'{"a\\u0041":1}', shape, ())


# --- The text check itself -------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.integers()
    | st.text(alphabet=st.sampled_from('ab[]{}"\\\n/\u00e9'), max_size=6),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(
        st.text(alphabet=st.sampled_from('k[]{"\\'), max_size=3), children, max_size=3
    ),
    max_leaves=25,
)


def crossing(value: Any, limit: int) -> list[str | int] | None:
    """The path of the first container (in document order) deeper than ``limit``."""
    pending: list[tuple[Any, list[str | int]]] = [(value, [])]
    while pending:
        node, path = pending.pop()
        if type(node) is list or type(node) is dict:
            if len(path) == limit:
                return path
            items = list(node.items() if type(node) is dict else enumerate(node))
            pending.extend((item, [*path, key]) for key, item in reversed(items))
    return None


@settings(max_examples=300, deadline=None)
@given(
    value=json_values, limit=st.integers(min_value=1, max_value=6), indent=st.booleans()
)
def test_the_text_check_agrees_with_the_values(
    value: Any, limit: int, indent: bool
) -> None:
    text = json.dumps(value, indent=1 if indent else None, ensure_ascii=False)
    expected = crossing(value, limit)
    for data in (text, text.encode()):
        if expected is None:
            check_text_depth(data, limit)
            continue
        with pytest.raises(DecodeError) as raised:
            check_text_depth(data, limit)
        assert raised.value.message == message(limit)
        assert raised.value.path_segments == expected


def iter_pieces(text: str, size: int) -> Iterator[str]:
    for start in range(0, len(text), size):
        yield text[start : start + size]


@settings(max_examples=200, deadline=None)
@given(value=json_values, limit=st.integers(min_value=1, max_value=6))
def test_nests_deeper_never_misses_deep_text(value: Any, limit: int) -> None:
    text = json.dumps(value)
    if crossing(value, limit) is not None:
        assert nests_deeper(text, limit)
    for size in (1, 5):
        for piece in iter_pieces(text, size):
            if piece.count("[") + piece.count("{") <= limit:
                assert not nests_deeper(piece, limit)


def test_plain_reads_and_streams_default_to_the_ceiling() -> None:
    assert reader.read(nested(MAX_DEPTH_CEILING)) == json.loads(nested(512))
    error = decode_error(reader.read, nested(MAX_DEPTH_CEILING + 1))
    assert error.message == message(512)
    data = io.BytesIO(("[" + nested(512) + "]").encode())
    assert next(stream.iter_array(data, lambda plain: plain)) == json.loads(nested(512))
