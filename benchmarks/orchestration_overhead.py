"""Orchestration overhead of the `specbridge` generator: time per task outside the model call and the checker.

Runs the NLFP generator over DATASET (default: ../shared/verina-dev, 95 tasks) against an instant scripted
loopback model (127.0.0.1, no network) with a fresh response cache, and the checker timed separately. Overhead
per task = wall time of `generate` − time waiting for the model (Usage.latency) − time in the checker: retrieval,
prompt rendering, plan parsing, Lean extraction, cache writes, bookkeeping.

    .venv/bin/python benchmarks/orchestration_overhead.py [DATASET] [--repair N] [--real-checker]

By default the checker is a no-op stand-in (so a missing layer 2 does not matter); --real-checker uses the
default one (refusal + parse + example obligations), still excluded from the overhead.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from specbridge.datasets import load_dataset  # noqa: E402
from specbridge.generate.base import GenerationContext  # noqa: E402
from specbridge.generate.llm_generators import SpecBridgeGenerator  # noqa: E402
from specbridge.generate.loopback import Reply, ScriptedLLMServer  # noqa: E402
from specbridge.generate.repair import CheckResult, ComputableChecker  # noqa: E402
from specbridge.llm import LLMClient  # noqa: E402
from specbridge.settings import LLMSettings, Settings  # noqa: E402

PLAN = "## Inputs\n- `x : T` — any\n## Guards\n- none\n## Result\n1. the result is right — shape: `True`\n"


def instant_model(body: dict) -> Reply:
    user = body["messages"][-1]["content"]
    if "Formalization Plan (no Lean" in user:
        return Reply(text=PLAN)
    skeletons = [b for b in re.findall(r"```lean\n(.*?)```", user, re.S) if "sorry" in b]
    return Reply(text="```lean\n" + skeletons[-1].replace("sorry", "True") + "```")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dataset", nargs="?", default=str(REPO.parent / "shared" / "verina-dev"))
    parser.add_argument("--repair", type=int, default=0)
    parser.add_argument("--real-checker", action="store_true")
    args = parser.parse_args(argv)

    tasks = load_dataset(Path(args.dataset)).tasks
    corpus = [t for t in tasks if t.reference is not None]
    checker_seconds = 0.0

    with tempfile.TemporaryDirectory() as tmp, ScriptedLLMServer(responder=instant_model) as server:
        llm = LLMSettings(base_url=server.url, model="instant", cache_path=str(Path(tmp) / "cache.db"))
        settings = Settings(llm=llm)
        inner = ComputableChecker(settings) if args.real_checker else (lambda task, text: CheckResult())

        def timed_checker(task, text):  # noqa: ANN001, ANN202
            nonlocal checker_seconds
            t0 = time.perf_counter()
            try:
                return inner(task, text)
            finally:
                checker_seconds += time.perf_counter() - t0

        client = LLMClient(llm, backoff=0.001)
        context = GenerationContext(
            settings=settings, corpus=corpus, repair_rounds=args.repair, llm=client, checker=timed_checker
        )
        gen = SpecBridgeGenerator()
        gen.generate(tasks[0].visible_view(), context)  # warm-up: imports, template compilation, index build
        overheads, model, checks, errors = [], [], [], 0
        for task in tasks:
            checker_seconds = 0.0
            t0 = time.perf_counter()
            out = gen.generate(task.visible_view(), context)
            wall = time.perf_counter() - t0
            errors += out.error is not None
            overheads.append(wall - out.usage.latency - checker_seconds)
            model.append(out.usage.latency)
            checks.append(checker_seconds)
        client.close()

    ms = sorted(1000 * o for o in overheads)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    print(f"{len(tasks)} tasks, specbridge generator, instant loopback model, repair rounds {args.repair}")
    print(f"generation errors: {errors}")
    print(
        f"model wait per task: {1000 * statistics.mean(model):.1f} ms mean; "
        f"checker per task: {1000 * statistics.mean(checks):.1f} ms mean"
    )
    print(
        f"orchestration overhead per task: {statistics.mean(ms):.1f} ms mean, {statistics.median(ms):.1f} ms "
        f"median, {p95:.1f} ms p95, {ms[-1]:.1f} ms max (target < 20 ms)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
