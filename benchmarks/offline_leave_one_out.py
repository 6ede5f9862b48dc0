"""Offline generator: how many tasks get a spec that is sound and complete on the hidden tests?

Leave-one-out (default): every task of DATASET is generated with the rest of DATASET as the retrieval corpus
(the task itself is never retrieved: same id and identical requirement text are excluded).

Transfer (--tasks DIR): every task of DIR is generated with the corpus --corpus (default: DATASET, i.e. the dev
set); DIR's reference specs are never used for retrieval, and tasks whose id or requirement text also occurs in
the corpus are excluded by the retriever as in leave-one-out.

Either way the generator sees no examples unless --examples K (then exactly the first K tests: a dataset's own
`example: true` flags are ignored), and the spec is evaluated in the computable layer
on the task's hidden obligations. A task counts when every hidden obligation passes.

    .venv/bin/python benchmarks/offline_leave_one_out.py [DATASET] [--examples K] [--json]
    .venv/bin/python benchmarks/offline_leave_one_out.py --corpus ../shared/verina-dev --tasks /tmp/verina-even
    .venv/bin/python benchmarks/offline_leave_one_out.py --corpus ../shared/verina-dev \
        --corpus ../shared/corpora/vericoding-apps --tasks datasets/heldout [--patterns LIBRARY.json]

The offline generator's mined patterns come from the corpus (mined on first use and cached under
.specbridge/patterns/), or from --patterns. In leave-one-out, a pattern mined only from the task itself is never
offered, and the phrases of patterns the task supports are recomputed without it.

DATASET defaults to ../shared/verina-dev beside the repository.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from specbridge.datasets import load_dataset  # noqa: E402
from specbridge.generate.base import GenerationContext  # noqa: E402
from specbridge.obligations import Status, build_obligations  # noqa: E402
from specbridge.settings import Settings  # noqa: E402
from specbridge.tasks import Task, Visibility  # noqa: E402


def _source(notes: str) -> str:
    """Where the offline generator says its spec came from: corpus task id(s) or `pattern:<name>`."""
    first = notes.splitlines()[0] if notes else ""
    m = re.search(r"instantiated the mined pattern\(s\) `([^`]+)`", first)
    if m:
        return f"pattern:{m.group(1)}"
    m = re.search(r"corpus task\(s\) ([^.]+)\.", first)
    return m.group(1).strip() if m else ""


def _kind(row: dict) -> str:
    return "none" if not row["from"] else ("pattern" if row["from"].startswith("pattern:") else "corpus")


def exactly_first(task: Task, k: int) -> Task:
    """`task` with exactly its first `k` tests visible and no reject input: a dataset's own `example: true` flags
    (the requirement-file format marks one per task) would otherwise show the generator an example in a run
    reported as seeing none."""
    hidden = tuple(c.model_copy(update={"visibility": Visibility.HIDDEN}) for c in task.tests)
    rejects = tuple(r.model_copy(update={"visibility": Visibility.HIDDEN}) for r in task.reject_inputs)
    return task.model_copy(update={"tests": hidden, "reject_inputs": rejects}).with_examples(k)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dataset", nargs="?", default=str(REPO.parent / "shared" / "verina-dev"))
    parser.add_argument("--examples", type=int, default=0, help="first K tests of each task visible (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--corpus", action="append", help="retrieval/mining corpus, repeatable (transfer mode; default: DATASET)"
    )
    parser.add_argument("--tasks", help="tasks to generate for (transfer mode): a dataset other than the corpus")
    parser.add_argument("--patterns", help="a pattern library (specbridge mine) instead of mining the corpus")
    args = parser.parse_args(argv)

    try:
        from specbridge.evaluate.computable import ComputableLayer
    except ImportError as exc:
        print(f"the computable layer is not available ({exc}); cannot evaluate", file=sys.stderr)
        return 2
    from specbridge.pipeline import generate_checked

    settings = Settings()
    corpus_paths = args.corpus or [args.dataset]
    loaded = [load_dataset(Path(p)) for p in corpus_paths]
    corpus = [t for part in loaded for t in part.tasks if t.reference is not None]
    tasks = load_dataset(Path(args.tasks)).tasks if args.tasks else loaded[0].tasks
    tasks = [exactly_first(t, args.examples) for t in tasks]
    context = GenerationContext(settings=settings, corpus=corpus, repair_rounds=0)
    if args.patterns:
        from specbridge.mining.library import load_library

        context.patterns = load_library(args.patterns)
    layer = ComputableLayer(settings.computable)

    rows = []
    started = time.perf_counter()
    for task in tasks:
        t0 = time.perf_counter()
        gen = generate_checked(task, "offline", context)  # hands the generator task.visible_view()
        gen_s = time.perf_counter() - t0
        hidden = build_obligations(task, include_examples=False)
        if gen.error:
            outcome, counts = "generation_error", {}
        else:
            verdicts = layer.evaluate(task, gen.spec_text, hidden)
            counts = Counter(v.status.value for v in verdicts)
            ok = bool(hidden) and all(v.status is Status.PASS for v in verdicts)
            outcome = "sound_complete" if ok else "not"
        source = _source(gen.notes)
        rows.append(
            {
                "task": task.id,
                "outcome": outcome,
                "from": source,
                "obligations": len(hidden),
                **{k: counts.get(k, 0) for k in ("pass", "fail", "unknown", "error", "unavailable")},
                "seconds": round(gen_s, 3),
                "generation_error": gen.error,
            }
        )
    total = time.perf_counter() - started
    good = sum(r["outcome"] == "sound_complete" for r in rows)
    mode = (
        f"transfer: tasks {args.tasks}, corpus {' + '.join(corpus_paths)} ({len(corpus)} tasks)"
        if args.tasks
        else f"leave-one-out on {args.dataset}"
    )
    summary = {
        "dataset": args.tasks or args.dataset,
        "corpus": " + ".join(corpus_paths),
        "protocol": f"{mode}; generator saw {args.examples} example test(s) per task; hidden tests only",
        "tasks": len(rows),
        "sound_complete": good,
        "rate": round(good / len(rows), 4) if rows else 0.0,
        "by_source": {
            kind: {
                "tasks": sum(_kind(r) == kind for r in rows),
                "sound_complete": sum(_kind(r) == kind and r["outcome"] == "sound_complete" for r in rows),
            }
            for kind in ("pattern", "corpus", "none")
        },
        "seconds": round(total, 1),
    }
    if args.json:
        print(json.dumps({"summary": summary, "tasks": rows}, ensure_ascii=False))
        return 0
    width = max((len(r["task"]) for r in rows), default=10)
    for r in rows:
        mark = "OK " if r["outcome"] == "sound_complete" else ("ERR" if r["generation_error"] else " - ")
        detail = (
            r["generation_error"][:80]
            if r["generation_error"]
            else f"pass {r['pass']}/{r['obligations']} fail {r['fail']} unknown {r['unknown']} error {r['error']}"
        )
        print(f"{mark} {r['task']:<{width}}  from {r['from'] or '-':<28} {detail}")
    by = summary["by_source"]
    print(
        "\nby source: "
        + ", ".join(f"{k} {v['sound_complete']}/{v['tasks']}" for k, v in by.items())
        + " (sound and complete / chosen)"
    )
    print(
        f"{summary['protocol']}\nsound and complete on hidden tests: {good}/{len(rows)} "
        f"({100 * summary['rate']:.1f}%) in {summary['seconds']}s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
