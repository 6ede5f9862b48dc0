"""Amplify every task of a dataset: each spec against the task's reference spec (and its implementation's
outputs) on N generated inputs, as `run --amplify N` does; print totals.

The specs: the reference specs themselves (default; a self-check of the machinery: every task should come out
equivalent), a JSONL file of {"id": ..., "spec": "<Lean text>"} (--specs), or the offline generator's, made
leave-one-out with the rest of the dataset as corpus (--offline).

    .venv/bin/python benchmarks/amplify_dataset.py [DATASET] [--inputs N] [--specs FILE | --offline] [--json]
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

from specbridge.compare.amplify import amplify_check  # noqa: E402
from specbridge.compare.evaluator import diff_settings  # noqa: E402
from specbridge.datasets import load_dataset  # noqa: E402
from specbridge.settings import Settings  # noqa: E402
from specbridge.tasks import render_spec_source  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dataset", nargs="?", default=str(REPO.parent / "shared" / "verina-dev"))
    parser.add_argument("--inputs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--specs", help='JSONL of {"id": ..., "spec": "<Lean text>"}')
    parser.add_argument("--offline", action="store_true", help="the offline generator's specs (leave-one-out)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    settings = Settings()
    tasks = [t for t in load_dataset(Path(args.dataset)).tasks if t.reference is not None]
    given: dict[str, str] = {}
    if args.specs:
        for line in Path(args.specs).read_text(encoding="utf-8").splitlines():
            if line.strip():
                obj = json.loads(line)
                given[str(obj["id"])] = str(obj["spec"])
    context = None
    if args.offline:
        from specbridge.generate.base import GenerationContext
        from specbridge.pipeline import generate_checked

        context = GenerationContext(settings=settings, corpus=tasks, repair_rounds=0)
    started = time.perf_counter()
    rows = []
    for task in tasks:
        if args.specs:
            spec = given.get(task.id)
        elif context is not None:
            gen = generate_checked(task, "offline", context)  # the generator sees task.visible_view() only
            spec = None if gen.error else gen.spec_text
        else:
            spec = render_spec_source(task.signature, task.reference)  # type: ignore[arg-type]
        if spec is None:
            rows.append({"task": task.id, "verdict": "no spec"})
            continue
        check = amplify_check(
            task, spec, inputs=args.inputs, seed=args.seed, settings=diff_settings(settings.computable)
        )
        assert check is not None
        rows.append(
            {
                "task": task.id,
                "verdict": check.verdict.value,
                "sound_complete": check.sound_complete,
                "pairs": check.pairs,
                "undecided": check.undecided,
                "oracle": check.oracle,
                "misses": {k: v for k, v in check.misses.items() if v},
                "stopped_early": check.message if "stopped early" in check.message else "",
                "seconds": check.seconds,
            }
        )
    total = time.perf_counter() - started
    checked = [r for r in rows if r["verdict"] != "no spec"]
    kinds: Counter[str] = Counter()
    for r in checked:
        kinds.update(r["misses"].keys())
    seconds = sorted(r["seconds"] for r in checked)
    summary = {
        "dataset": args.dataset,
        "specs": args.specs or ("offline (leave-one-out)" if args.offline else "reference"),
        "tasks": len(rows),
        "checked": len(checked),
        "with_implementation": sum(r["oracle"] == "implementation" for r in checked),
        "verdicts": dict(Counter(r["verdict"] for r in checked)),
        "sound_complete": sum(r["sound_complete"] for r in checked),
        "tasks_with_miss_by_kind": dict(kinds),
        "pairs": sum(r["pairs"] for r in checked),
        "undecided_pairs": sum(r["undecided"] for r in checked),
        "stopped_early": [r["task"] for r in checked if r["stopped_early"]],
        "inputs_per_task": args.inputs,
        "seconds": round(total, 1),
        "max_task_seconds": seconds[-1] if seconds else 0.0,
    }
    if args.json:
        print(json.dumps({"summary": summary, "tasks": rows}, ensure_ascii=False))
        return 0
    for r in checked:
        if not r["sound_complete"]:
            print(f"  {r['task']}: {r['verdict']} {r['misses']} {r['stopped_early']}")
    for k, v in summary.items():
        print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
