"""Offline generator's specs against the reference specs on generated inputs: which test-passing specs are wrong?

Leave-one-out as in offline_leave_one_out.py (each task generated with the rest of DATASET as corpus, no visible
tests), then every generated spec is (1) evaluated on the task's hidden tests and (2) compared with the task's
reference spec by `specbridge.compare.amplify_check` on N generated inputs, with the reference implementation's
outputs among the candidates. The interesting rows are specs that pass every hidden test but differ from the
reference on generated inputs: each is printed with its smallest counterexample.

    .venv/bin/python benchmarks/diff_offline_vs_reference.py [DATASET] [--inputs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from specbridge.compare.amplify import amplify_check  # noqa: E402
from specbridge.compare.evaluator import diff_settings  # noqa: E402
from specbridge.datasets import load_dataset  # noqa: E402
from specbridge.evaluate.computable import ComputableLayer  # noqa: E402
from specbridge.generate.base import GenerationContext  # noqa: E402
from specbridge.obligations import Status, build_obligations  # noqa: E402
from specbridge.pipeline import generate_checked  # noqa: E402
from specbridge.settings import Settings  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dataset", nargs="?", default=str(REPO.parent / "shared" / "verina-dev"))
    parser.add_argument("--inputs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    settings = Settings()
    tasks = load_dataset(Path(args.dataset)).tasks
    corpus = [t for t in tasks if t.reference is not None]
    context = GenerationContext(settings=settings, corpus=corpus, repair_rounds=0)
    layer = ComputableLayer(settings.computable)
    rows = []
    started = time.perf_counter()
    diff_seconds = 0.0
    for task in tasks:
        gen = generate_checked(task, "offline", context)  # the generator sees task.visible_view() only
        if gen.error:
            rows.append({"task": task.id, "tests": "generation_error", "verdict": None})
            continue
        hidden = build_obligations(task, include_examples=False)
        verdicts = layer.evaluate(task, gen.spec_text, hidden)
        passes = bool(hidden) and all(v.status is Status.PASS for v in verdicts)
        check = amplify_check(
            task, gen.spec_text, inputs=args.inputs, seed=args.seed, settings=diff_settings(settings.computable)
        )
        if check is None:
            rows.append({"task": task.id, "tests": "pass" if passes else "fail", "verdict": None})
            continue
        diff_seconds += check.seconds
        first = next(iter(check.counterexamples.items()), None)
        rows.append(
            {
                "task": task.id,
                "tests": "pass" if passes else "fail",
                "verdict": check.verdict.value,
                "pairs": check.pairs,
                "misses": {k: v for k, v in check.misses.items() if v},
                "counterexample": None if first is None else {"kind": first[0], **first[1].model_dump()},
                "message": check.message,
                "seconds": check.seconds,
            }
        )
    total = time.perf_counter() - started
    passing = [r for r in rows if r["tests"] == "pass"]
    flagged = [r for r in passing if r["verdict"] not in ("equivalent", None)]
    failing = [r for r in rows if r["tests"] == "fail"]
    summary = {
        "dataset": args.dataset,
        "tasks": len(rows),
        "pass_hidden_tests": len(passing),
        "pass_tests_but_differ": len(flagged),
        "pass_tests_and_equivalent": sum(r["verdict"] == "equivalent" for r in passing),
        "pass_tests_undecided": sum(r["verdict"] == "undecided" for r in passing),
        "fail_tests": len(failing),
        "fail_tests_and_differ": sum(r["verdict"] not in ("equivalent", None) for r in failing),
        "fail_tests_but_equivalent": sum(r["verdict"] == "equivalent" for r in failing),
        "inputs_per_task": args.inputs,
        "diff_seconds": round(diff_seconds, 1),
        "seconds": round(total, 1),
    }
    if args.json:
        print(json.dumps({"summary": summary, "tasks": rows}, ensure_ascii=False))
        return 0
    print("specs that pass every hidden test but differ from the reference on generated inputs:")
    for r in flagged:
        ce = r["counterexample"]
        where = ""
        if ce:
            args_ = ", ".join(f"{k} = {v}" for k, v in ce["inputs"].items())
            out = f", result = {ce['output']}" if ce["output"] is not None else ""
            where = f"{ce['kind']}: {args_}{out} (generated {'holds' if ce['a_holds'] else 'fails'})"
        print(f"  {r['task']}: {r['verdict']} {r['misses']} — {where}")
    for k, v in summary.items():
        print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
