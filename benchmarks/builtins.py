"""Python data in and out, side by side: ``to_builtins`` and ``from_builtins`` against
pydantic v2 (``model_dump`` / ``model_validate``) and msgspec (``to_builtins`` /
``convert``), on the suite's workloads.

Run ``python -m benchmarks.builtins`` (peers that are not installed are left out).
Each row times foryjson and one peer in alternating rounds (``benchmarks.timing``)
and prints the medians and the median ratio, peer over foryjson: above 1, foryjson
is faster. "out" gives JSON-ready data (pydantic's ``mode="json"``); "in" reads the
data foryjson's own ``to_builtins`` gives, which every peer accepts.
"""

from __future__ import annotations

import argparse
import importlib.util
from collections.abc import Callable
from functools import partial
from typing import Any

from benchmarks.suite.contender import load
from benchmarks.suite.workloads import expected
from benchmarks.timing import paired, per_call

WORKLOADS = ("media", "users_10", "clients_10", "orders", "filetree")


def _peers() -> dict[str, tuple[Callable[[Any], Any], Callable[[Any, Any], Any]]]:
    """Each installed peer's (to builtins, from builtins) by contender name."""
    peers: dict[str, tuple[Callable[[Any], Any], Callable[[Any, Any], Any]]] = {}
    if importlib.util.find_spec("pydantic"):
        peers["pydantic"] = (
            lambda value: value.model_dump(mode="json", by_alias=True),
            lambda data, cls: cls.model_validate(data),
        )
    if importlib.util.find_spec("msgspec"):
        import msgspec  # type: ignore[import-not-found, unused-ignore]

        peers["msgspec"] = (msgspec.to_builtins, msgspec.convert)
    return peers


def _root(contender: str, workload: str) -> Any:
    """The contender's object of the workload's first document."""
    codec = load(contender).codecs[workload]
    return codec.decode(expected(workload)[0])


def _row(
    workload: str,
    peer: str,
    way: str,
    ours: Callable[[], Any],
    theirs: Callable[[], Any],
) -> str:
    # About 20 ms a round for the slower of the two.
    number = max(3, int(0.02 / max(per_call(ours, 3), per_call(theirs, 3))))
    timed = paired(ours, theirs, rounds=ROUNDS, number=number)
    return (
        f"| {workload} | {peer} | {way} | {timed.first * 1e6:.1f}"
        f" | {timed.second * 1e6:.1f} | {timed.ratio:.2f} |"
    )


ROUNDS = 31


def main(argv: list[str] | None = None) -> None:
    global ROUNDS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workloads", nargs="+", default=list(WORKLOADS))
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    options = parser.parse_args(argv)
    ROUNDS = options.rounds
    print("| workload | peer | way | foryjson µs | peer µs | peer / foryjson |")
    print("|---|---|---|---:|---:|---:|")
    for workload in options.workloads:
        ours = _root("foryjson", workload)
        data = ours.to_builtins()
        for peer, (dump, convert) in _peers().items():
            try:
                theirs = _root(peer, workload)
            except Exception as error:
                print(f"| {workload} | {peer} | - | - | - | n/a: {error} |")
                continue
            theirs_data = dump(theirs)
            print(_row(workload, peer, "out", ours.to_builtins, partial(dump, theirs)))
            print(
                _row(
                    workload,
                    peer,
                    "in",
                    partial(type(ours).from_builtins, data),
                    partial(convert, theirs_data, type(theirs)),
                )
            )


if __name__ == "__main__":
    main()
