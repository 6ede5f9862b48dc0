"""Parse, elaborate and validate every reference spec of ../shared/verina-dev; print total seconds (split into
parse / elaborate / evaluate), p50/p99 per task, rate.

Run: .venv/bin/python benchmarks/validate_speed.py [DATASET]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from specbridge.datasets import load_dataset
from specbridge.errors import SpecBridgeError
from specbridge.evaluate.computable import ComputableLayer, parse_spec, prepare_spec
from specbridge.obligations import Status, build_obligations
from specbridge.tasks import render_spec_source

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared" / "verina-dev"


def main(argv: list[str]) -> int:
    dataset = Path(argv[1]) if len(argv) > 1 else DEFAULT
    if not dataset.exists():
        print(f"dataset not found: {dataset}", file=sys.stderr)
        return 2
    tasks = [t for t in load_dataset(dataset).tasks if t.reference is not None]
    layer = ComputableLayer()
    per_task: list[float] = []
    counts = {s.value: 0 for s in Status}
    obligations = 0
    t0 = time.perf_counter()
    parse_seconds = 0.0
    elab_seconds = 0.0
    for task in tasks:
        start = time.perf_counter()
        text = render_spec_source(task.signature, task.reference)  # type: ignore[arg-type]
        p0 = time.perf_counter()
        parse_spec(text)
        parse_seconds += time.perf_counter() - p0
        e0 = time.perf_counter()
        try:
            prepare_spec(text, layer.settings)  # parse + elaborate once (cached): the evaluation below reuses it
        except SpecBridgeError:
            pass  # the layer reports it as the spec's verdicts
        elab_seconds += time.perf_counter() - e0  # includes a second parse, subtracted below
        obs = build_obligations(task)
        for v in layer.evaluate(task, text, obs):
            counts[v.status.value] += 1
        obligations += len(obs)
        per_task.append(time.perf_counter() - start)
    total = time.perf_counter() - t0
    per_task.sort()
    p50 = statistics.median(per_task) if per_task else 0.0
    p99 = per_task[min(len(per_task) - 1, int(0.99 * len(per_task)))] if per_task else 0.0
    print(f"dataset: {dataset} ({len(tasks)} tasks, {obligations} obligations)")
    evaluate_seconds = total - 2 * parse_seconds - (elab_seconds - parse_seconds)
    print(
        f"total seconds: {total:.3f} (parse {parse_seconds:.3f}, elaborate {elab_seconds - parse_seconds:.3f}, "
        f"evaluate {evaluate_seconds:.3f})"
    )
    worst = per_task[-1] if per_task else 0.0
    print(f"per task: p50 {1000 * p50:.1f} ms, p99 {1000 * p99:.1f} ms, max {1000 * worst:.1f} ms")
    print(f"obligations per second: {obligations / total:.0f}" if total else "obligations per second: n/a")
    print("verdicts: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
