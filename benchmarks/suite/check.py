"""The document checks behind ``--smoke``: no timing, only what each contender writes and reads.

For every document of a workload a contender must

- round-trip its own document: ``decode(encode(obj)) == obj``;
- write a document of the same shape as the expected one: the same property names in
  the same order, the same nesting and array lengths (values may be represented
  differently only where the codec's ``capabilities`` note says so);
- when the codec claims ``exact``, write the expected bytes; when it claims
  ``reads_expected``, decode the expected bytes to an object equal to the built one.

MediaContent media.1 must be exact for every contender. A contender without a codec for
a workload must say why (``Contender.unsupported``); the check then reports "n/a".
"""

from __future__ import annotations

import json
from typing import Any

from benchmarks.suite.contender import Contender
from benchmarks.suite.workloads import expected, plain


class CheckFailed(AssertionError):
    """A contender wrote or read a document it should not have."""


def shape(tree: Any) -> Any:
    """Property names, order and nesting of a JSON tree, with scalar values left out."""
    if isinstance(tree, dict):
        return [(key, shape(value)) for key, value in tree.items()]
    if isinstance(tree, list):
        return [shape(item) for item in tree]
    return None


def check(contender: Contender, workload: str) -> str:
    """Check one contender on one workload; a one-line summary, or ``CheckFailed``."""
    codec = contender.codecs.get(workload)
    if codec is None:
        if workload not in contender.unsupported:
            raise CheckFailed(f"{contender.name} {workload}: no codec and no reason")
        return f"n/a: {contender.unsupported[workload]}"
    if workload == "media" and not codec.exact:
        raise CheckFailed(f"{contender.name}: media.1 must be written exactly")
    documents = expected(workload)
    for index, (data, document) in enumerate(
        zip(plain(workload), documents, strict=True)
    ):
        where = f"{contender.name} {workload}[{index}]"
        value = codec.build(data)
        written = codec.encode(value)
        if not isinstance(written, bytes):
            raise CheckFailed(f"{where}: encode returned {type(written).__name__}")
        if codec.exact and written != document:
            raise CheckFailed(f"{where}: differs from the expected document")
        if shape(json.loads(written)) != shape(json.loads(document)):
            raise CheckFailed(f"{where}: not the expected document's shape")
        if codec.decode(written) != value:
            raise CheckFailed(f"{where}: its own document does not round-trip")
        if codec.reads_expected and codec.decode(document) != value:
            raise CheckFailed(f"{where}: the expected document decodes differently")
    form = "exact bytes" if codec.exact else "own documents"
    reads = ", reads expected" if codec.reads_expected and not codec.exact else ""
    return f"{len(documents)} document(s), {form}{reads}"
