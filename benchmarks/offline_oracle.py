"""Offline generator: where does a spec that is sound and complete on the hidden tests sit among its candidates?

Runs the offline generator as `offline_leave_one_out.py` does (same modes and flags), then — after the choice is
made, never feeding back into it — evaluates its candidates on the task's hidden obligations, in this order,
stopping at the first right one:

    chosen     the chosen spec is right
    tied       a right spec is among those tied best on the visible examples, but another was chosen
    filtered   a right spec scored best on the examples, but a tie filter (reads every input, decides) dropped it
    lower      a right spec was checked on the examples and scored lower there (e.g. a stated example it fails)
    unchecked  a right spec is among the candidates, never checked on the examples
    none       no candidate is right: the generator never built one
    error      no candidate at all (a generation error)

`chosen` is what `offline_leave_one_out.py` counts; `none` is a building failure, `tied`/`filtered`/`lower` are
choosing failures. --aggregate prints the totals only: use it for held-out sets whose tasks must stay unread.
With it, the totals are also split by the kind of the chosen candidate (`enumerated` term, mined `pattern` term,
adapted `corpus` spec) and, for a choosing failure, of the first right one passed over.

    .venv/bin/python benchmarks/offline_oracle.py --corpus ../shared/verina-dev \
        --corpus ../shared/corpora/vericoding-apps --tasks datasets/heldout5 --examples 1 --aggregate
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from offline_leave_one_out import exactly_first  # noqa: E402

from specbridge.datasets import load_dataset  # noqa: E402
from specbridge.generate.base import GenerationContext  # noqa: E402
from specbridge.obligations import Status, build_obligations  # noqa: E402
from specbridge.settings import Settings  # noqa: E402
from specbridge.tasks import render_spec_source  # noqa: E402

CATEGORIES = ("chosen", "tied", "filtered", "lower", "unchecked", "none", "error")


def kind(candidate) -> str:  # noqa: ANN001 - a Candidate
    """Where a candidate came from: an enumerated term, a mined pattern's term, or an adapted corpus spec."""
    from specbridge.generate.offline import ENUMERATED

    return "enumerated" if candidate.pattern == ENUMERATED else "pattern" if candidate.pattern else "corpus"


def place(task, generator, layer) -> tuple[str, str]:  # noqa: ANN001 - a Task, an OfflineGenerator, a ComputableLayer
    """The category (see the module docstring) of `task`, whose spec `generator` has just generated, with the kinds
    (`kind`) of the chosen candidate and of the first right one (`chosen -> right`; the chosen one's alone when it
    is right or none is)."""
    ranking = generator.last_ranking
    hidden = build_obligations(task, include_examples=False)
    if ranking is None or not hidden:
        return "error", ""
    verdicts: dict[int, bool] = {}

    def right(c) -> bool:  # noqa: ANN001 - a Candidate
        if id(c) not in verdicts:
            text = render_spec_source(task.signature, c.spec())
            try:
                got = layer.evaluate(task, text, hidden)
            except Exception:  # noqa: BLE001 - a candidate that does not evaluate is not right
                got = []
            verdicts[id(c)] = bool(got) and all(v.status is Status.PASS for v in got)
        return verdicts[id(c)]

    checked = [c for c in ranking.candidates if c.check is not None]
    top = max((c.check.score() for c in checked), default=None)
    best_scored = [c for c in checked if c.check.score() == top]
    tied_ids = {id(c) for c in ranking.tied}
    tiers = [
        ("chosen", [ranking.chosen]),
        ("tied", ranking.tied),
        ("filtered", [c for c in best_scored if id(c) not in tied_ids]),
        ("lower", [c for c in checked if c.check.score() != top]),
        ("unchecked", [c for c in ranking.candidates if c.check is None]),
    ]
    chosen = kind(ranking.chosen)
    for name, group in tiers:
        found = next((c for c in group if right(c)), None)
        if found is not None:
            return name, chosen if name == "chosen" else f"{chosen} -> {kind(found)}"
    return "none", chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dataset", nargs="?", default=str(REPO.parent / "shared" / "verina-dev"))
    parser.add_argument("--examples", type=int, default=1, help="first K tests of each task visible (default 1)")
    parser.add_argument("--corpus", action="append", help="retrieval/mining corpus, repeatable (default: DATASET)")
    parser.add_argument("--tasks", help="tasks to generate for (transfer mode): a dataset other than the corpus")
    parser.add_argument("--aggregate", action="store_true", help="totals only, no task ids (for unread sets)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    from specbridge.evaluate.computable import ComputableLayer
    from specbridge.generate.offline import OfflineGenerator

    settings = Settings()
    corpus_paths = args.corpus or [args.dataset]
    corpus = [t for p in corpus_paths for t in load_dataset(Path(p)).tasks if t.reference is not None]
    tasks = load_dataset(Path(args.tasks)).tasks if args.tasks else load_dataset(Path(args.dataset)).tasks
    context = GenerationContext(settings=settings, corpus=corpus, repair_rounds=0)
    layer = ComputableLayer(settings.computable)
    generator = OfflineGenerator()
    rows = []
    started = time.perf_counter()
    for full in tasks:
        task = exactly_first(full, args.examples)
        generator.last_ranking = None
        generation = generator.generate(task.visible_view(), context)
        category, kinds = ("error", "") if generation.error else place(task, generator, layer)
        rows.append({"task": task.id, "category": category, "kinds": kinds})
        if not args.json and not args.aggregate:
            print(f"{task.id:40s} {category}", flush=True)
    totals = Counter(r["category"] for r in rows)
    summary = {
        "dataset": args.tasks or args.dataset,
        "examples": args.examples,
        "tasks": len(rows),
        **{name: totals.get(name, 0) for name in CATEGORIES},
        "seconds": round(time.perf_counter() - started, 1),
    }
    by_kind = Counter(f"{r['category']} {r['kinds']}".strip() for r in rows)
    if args.json:
        detail = {"by_kind": dict(sorted(by_kind.items()))} if args.aggregate else {"tasks": rows}
        print(json.dumps({"summary": summary, **detail}, indent=2))
    else:
        print(" ".join(f"{k}={v}" for k, v in summary.items()))
        if args.aggregate:
            for key, n in sorted(by_kind.items()):
                print(f"  {n:3d} {key}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
