"""``python -m benchmarks.report [results.json]``: regenerate ``docs/performance.md``.

The page is made entirely from a results file of ``python -m benchmarks`` (default
``benchmarks/results.json``) and two hand-written files rendered into it verbatim:
``benchmarks/notes.md`` (method, how to read the tables) and, when present,
``benchmarks/optimizations.md``. The chart ``docs/performance-chart.png`` (speed
relative to pydantic v2) is drawn with matplotlib (the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results.json"
PAGE = ROOT / "docs" / "performance.md"
CHART = ROOT / "docs" / "performance-chart.png"
NOTES = ROOT / "benchmarks" / "notes.md"
OPTIMIZATIONS = ROOT / "benchmarks" / "optimizations.md"
REFERENCE = "foryjson"
PEER = "msgspec"
BASELINE = "pydantic"
ALLOCATION_WORKLOADS = ("media", "users_10", "clients_10", "orders", "filetree")
PEAK_WORKLOADS = ("users_1000", "clients_1000")

Result = dict[str, Any]


def seconds(value: float) -> str:
    """A duration with a unit that keeps three significant digits or so."""
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.3g} ms"
    return f"{value * 1e6:.3g} µs"


def size(value: float) -> str:
    if abs(value) >= 1e6:
        return f"{value / 1e6:.2f} MB"
    if abs(value) >= 1e3:
        return f"{value / 1e3:.1f} kB"
    return f"{value:.0f} B"


def row(cells: Iterable[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def table(header: list[str], rows: list[list[str]], align: str = "") -> list[str]:
    aligns = align or "l" + "r" * (len(header) - 1)
    rule = ["---:" if a == "r" else "---" for a in aligns]
    return [row(header), row(rule), *(row(cells) for cells in rows), ""]


class Results:
    """Index of a results file by (workload, operation, contender)."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.items: dict[tuple[str, str, str], Result] = {
            (r["workload"], r["operation"], r["contender"]): r
            for r in document["results"]
        }
        self.contenders: list[str] = list(
            dict.fromkeys(r["contender"] for r in document["results"])
        )
        self.workloads: list[str] = list(
            dict.fromkeys(r["workload"] for r in document["results"])
        )

    def get(self, workload: str, operation: str, contender: str) -> Result | None:
        result = self.items.get((workload, operation, contender))
        return None if result is None or "na" in result else result

    def versus(self, workload: str, operation: str, contender: str, other: str) -> str:
        """The contender's time over ``other``'s, both paired against foryjson."""
        ours = self.get(workload, operation, contender)
        theirs = self.get(workload, operation, other)
        if ours is None or theirs is None:
            return "-"
        return f"{ours['ratio'] / theirs['ratio']:.2f}"


def environment(document: dict[str, Any]) -> list[str]:
    env = document["environment"]
    lines = [
        f"Measured with {env['implementation']} {env['python']} on {env['platform']}"
        f" ({env.get('cpus', '?')} CPUs), `{document['mode']}` mode"
        f" ({document.get('seconds', 0) / 60:.0f} minutes).",
        "",
    ]
    rows = [[name, version] for name, version in env["versions"].items()]
    lines += table(["distribution", "version"], rows, "ll")
    skipped = document.get("skipped") or {}
    if skipped:
        lines.append(
            "Not run: " + "; ".join(f"{k} ({v})" for k, v in skipped.items()) + "."
        )
        lines.append("")
    return lines


def workload_tables(results: Results) -> list[str]:
    lines: list[str] = []
    header = [
        "contender",
        "encode",
        "vs foryjson (range)",
        "vs msgspec",
        "decode",
        "vs foryjson (range)",
        "vs msgspec",
        "bytes",
        "same bytes",
    ]
    for workload in results.workloads:
        lines += [f"### {workload}", ""]
        rows = []
        for contender in results.contenders:
            cells = [contender]
            first = None
            for operation in ("encode", "decode"):
                item = results.items.get((workload, operation, contender))
                if item is None or "na" in item:
                    cells += ["n/a", "", ""]
                    continue
                first = first or item
                cells += [
                    seconds(item["seconds"]),
                    f"{item['ratio']:.2f} ({item['ratio_low']:.2f}-{item['ratio_high']:.2f})",
                    results.versus(workload, operation, contender, PEER),
                ]
            if first is None:
                item = results.items.get((workload, "encode", contender), {})
                rows.append([contender, f"n/a: {item.get('na', '')}", *[""] * 7])
                continue
            cells += [size(first["document_bytes"]), "yes" if first["exact"] else "no"]
            rows.append(cells)
        lines += table(header, rows, "lrrrrrrrl")
    return lines


def cold_table(document: dict[str, Any]) -> list[str]:
    """The media cold start: import, first decode and first encode per contender."""
    rows = [
        item
        for item in document.get("cold_start", [])
        if "import" in item or item.get("module") == "-"
    ]
    timed = [item for item in rows if "import" in item]
    if not timed:
        return ["No cold-start measurements of the media models in this file.", ""]
    bare = next((item for item in rows if "import" not in item), None)
    reference = next((i for i in timed if i["contender"] == REFERENCE), None)
    lines = [
        f"Median of {timed[0]['runs']} fresh processes per contender: importing its"
        " media models alone (its library and the models), the first decode of its"
        " media document and the first encode of the result, timed inside the process,"
        " so net of the interpreter's own start"
        + (f" ({seconds(bare['process'])} from launch to exit, median)" if bare else "")
        + ". The range is the total's lowest and highest run.",
        "",
    ]
    header = ["contender", "import", "first decode", "first encode", "total (range)"]
    if reference:
        header.append("vs foryjson")
    cells = []
    for item in timed:
        row = [
            item["contender"],
            seconds(item["import"]),
            seconds(item["decode"]),
            seconds(item["encode"]),
            f"{seconds(item['seconds'])} ({seconds(item['seconds_low'])}-"
            f"{seconds(item['seconds_high'])})",
        ]
        if reference:
            row.append(f"{item['seconds'] / reference['seconds']:.2f}")
        cells.append(row)
    return lines + table(header, cells)


def allocation_table(results: Results) -> list[str]:
    header = ["contender"]
    for workload in ALLOCATION_WORKLOADS:
        header += [f"{workload} encode", f"{workload} decode"]
    rows = []
    for contender in results.contenders:
        cells = [contender]
        for workload in ALLOCATION_WORKLOADS:
            for operation in ("encode", "decode"):
                item = results.get(workload, operation, contender)
                if item is None or "alloc_blocks" not in item:
                    cells.append("n/a")
                else:
                    cells.append(
                        f"{item['alloc_blocks']:.0f} / {size(item['alloc_bytes'])}"
                    )
        rows.append(cells)
    return table(header, rows)


def peak_table(results: Results) -> list[str]:
    header = ["contender"]
    for workload in PEAK_WORKLOADS:
        header += [f"{workload} encode", f"{workload} decode"]
    rows = []
    for contender in results.contenders:
        cells = [contender]
        for workload in PEAK_WORKLOADS:
            for operation in ("encode", "decode"):
                item = results.get(workload, operation, contender)
                cells.append(
                    "n/a"
                    if item is None or "peak_bytes" not in item
                    else size(item["peak_bytes"])
                )
        rows.append(cells)
    return table(header, rows)


def notes_table(results: Results, document: dict[str, Any]) -> list[str]:
    rows = []
    for contender in results.contenders:
        for workload in results.workloads:
            reasons = {
                item["na"]
                for operation in ("encode", "decode")
                if (item := results.items.get((workload, operation, contender)))
                and "na" in item
            }
            rows += [[contender, workload, f"n/a: {r}"] for r in sorted(reasons)]
        for workload, note in (
            document.get("capabilities", {}).get(contender, {}).items()
        ):
            rows.append([contender, workload, note])
    return table(
        ["contender", "workload", "where its documents differ, or why n/a"], rows, "lll"
    )


def chart(results: Results, path: Path) -> bool:
    """Bars of speed relative to pydantic v2 per workload and operation; False if
    pydantic or matplotlib is missing."""
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return False
    if BASELINE not in results.contenders:
        return False
    contenders = [c for c in results.contenders]
    figure, axes = plt.subplots(2, 1, figsize=(16, 10), sharey=True)
    palette = plt.get_cmap("tab20")
    # The strong shades first, so that neighbouring bars differ clearly.
    colours = [palette(i) for i in (*range(0, 20, 2), *range(1, 20, 2))]
    for axis, operation in zip(axes, ("encode", "decode"), strict=True):
        groups = [w for w in results.workloads if results.get(w, operation, BASELINE)]
        width = 0.8 / len(contenders)
        for index, contender in enumerate(contenders):
            xs, ys = [], []
            for position, workload in enumerate(groups):
                ours = results.get(workload, operation, contender)
                base = results.get(workload, operation, BASELINE)
                if ours is None or base is None:
                    continue
                xs.append(position - 0.4 + width * (index + 0.5))
                ys.append(base["ratio"] / ours["ratio"])
            axis.bar(xs, ys, width, label=contender, color=colours[index % 20])
        axis.set_yscale("log")
        axis.set_axisbelow(True)
        axis.axhline(1, color="black", linewidth=0.8)
        axis.set_xticks(range(len(groups)), groups, rotation=20)
        axis.set_ylabel("x pydantic v2 speed (log)")
        axis.set_title(f"{operation}: speed relative to pydantic v2 (higher is faster)")
        axis.grid(axis="y", which="both", alpha=0.3)
    axes[0].legend(ncol=6, fontsize=9, loc="upper left", bbox_to_anchor=(0, 1.35))
    figure.tight_layout()
    figure.savefig(path, dpi=80)
    plt.close(figure)
    return True


def page(document: dict[str, Any], chart_name: str | None) -> str:
    results = Results(document)
    lines = [
        "# Performance",
        "",
        "<!-- Generated by `python -m benchmarks.report` from a results file of"
        " `python -m benchmarks`; edit benchmarks/notes.md, not this page. -->",
        "",
    ]
    if NOTES.exists():
        lines += [NOTES.read_text().rstrip(), ""]
    lines += ["## Environment", "", *environment(document)]
    if chart_name:
        lines += [
            "## Speed relative to pydantic v2",
            "",
            f"![speed relative to pydantic v2, per workload and operation]({chart_name})",
            "",
        ]
    lines += ["## Results per workload", "", *workload_tables(results)]
    lines += ["## Cold start", "", *cold_table(document)]
    lines += [
        "## Allocations",
        "",
        "Blocks / bytes that one operation's result holds, per document"
        " (tracemalloc, separate pass).",
        "",
        *allocation_table(results),
        "## Peak memory on the 1000 KB payloads",
        "",
        "tracemalloc's peak during one encode and one decode, above what was"
        " allocated before.",
        "",
        *peak_table(results),
    ]
    lines += ["## Documents and capabilities", "", *notes_table(results, document)]
    if OPTIMIZATIONS.exists():
        lines += [OPTIMIZATIONS.read_text().rstrip(), ""]
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.report")
    parser.add_argument("results", nargs="?", type=Path, default=RESULTS)
    parser.add_argument("--page", type=Path, default=PAGE)
    parser.add_argument("--chart", type=Path, default=CHART)
    args = parser.parse_args(argv)
    document = json.loads(args.results.read_text())
    drawn = chart(Results(document), args.chart)
    name = args.chart.name if drawn else None
    args.page.write_text(page(document, name))
    print(f"wrote {args.page}" + (f" and {args.chart}" if drawn else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
