"""Run summaries: counts per layer and verdict, tasks sound and complete, generator accounting.

Pass rates are over hidden obligations only; obligations made visible as examples (`--examples K`) are counted
apart, so a generator is never graded on tests it could see.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from typing import Any

from pydantic import BaseModel, Field

from specbridge.evaluate.agreement import find_disagreements
from specbridge.evaluate.layers import LAYER_NAMES
from specbridge.obligations import Status
from specbridge.results import incomplete_note, run_state, unavailable_reasons
from specbridge.store import RunInfo, Store

STATUSES = [s.value for s in Status]


class LayerCounts(BaseModel):
    pass_: int = Field(0, alias="pass")
    fail: int = 0
    unknown: int = 0
    error: int = 0
    unavailable: int = 0

    model_config = {"populate_by_name": True}

    def as_dict(self) -> dict[str, int]:
        return self.model_dump(by_alias=True)


class RunReport(BaseModel):
    run: int
    generator: str
    model: str | None
    dataset: str
    git_revision: str | None
    protocol: str  # which tests the generator could see
    tasks: int
    generated: int
    generation_failed: int
    generation_unavailable: int  # no LLM configured for an LLM generator: its own status, not a failure
    sound_and_complete: int
    layers: dict[str, dict[str, int]]
    examples_layers: dict[str, dict[str, int]]  # verdicts on example obligations, reported apart
    unknown_causes: dict[str, int]
    generation_errors: dict[str, str]
    disagreements: list[dict[str, Any]]
    tokens: dict[str, int]
    latency_seconds: float
    repair_rounds_used: int
    seconds: float
    total_tasks: int | None = None  # tasks the run's last invocation meant to finish
    complete: bool = True
    retry_tasks: int = 0  # tasks with no final answer yet (lost connection, crashed layer): a rerun retries them
    incomplete: str | None = None  # "incomplete: 40 of 95 tasks; run again to resume", when it is not finished
    unavailable_reasons: dict[str, str] = Field(default_factory=dict)  # layer -> why it gave no verdicts
    amplified: dict[str, Any] | None = None  # `run --amplify N`: see amplified_summary

    def summary_json(self) -> dict[str, Any]:
        """The documented `report --json` object (plus extra keys a script may use)."""
        return self.model_dump()


def build_report(store: Store, run: RunInfo) -> RunReport:
    """Everything `specbridge report` prints about one run."""
    task_rows = store.task_rows(run.id)
    gen_rows = {r["task_id"]: r for r in store.generation_rows(run.id)}
    evals = store.evaluation_rows(run.id)

    layers = {name: Counter() for name in LAYER_NAMES}
    examples_layers = {name: Counter() for name in LAYER_NAMES}
    causes: Counter[str] = Counter()
    computable_by_task: dict[str, list[str]] = defaultdict(list)
    for row in evals:
        target = examples_layers if row["visibility"] == "example" else layers
        target.setdefault(row["layer"], Counter())[row["verdict"]] += 1
        if row["verdict"] == Status.UNKNOWN.value and row["layer"] == "computable":
            causes[row["cause"] or "unspecified"] += 1
        if row["layer"] == "computable" and row["visibility"] != "example":
            computable_by_task[row["task_id"]].append(row["verdict"])

    generated = [r for r in task_rows if r["status"] == "generated"]
    failed = [r for r in task_rows if r["status"] == "generation_failed"]
    unavailable = [r for r in task_rows if r["status"] == "generation_unavailable"]
    sound = sum(
        1
        for r in generated
        if computable_by_task.get(r["task_id"]) and all(v == "pass" for v in computable_by_task[r["task_id"]])
    )
    tokens = Counter()
    latency = 0.0
    rounds_used = 0
    for g in gen_rows.values():
        tokens["prompt"] += g["prompt_tokens"] or 0
        tokens["completion"] += g["completion_tokens"] or 0
        tokens["calls"] += g["calls"] or 0
        tokens["cached_calls"] += g["cached_calls"] or 0
        latency += g["latency"] or 0.0
        rounds_used += max(0, len(json.loads(g["rounds"] or "[]")) - 1)

    visible = sum(examples_layers["computable"].values())
    if run.examples:
        # tests marked `example` in the dataset stay visible too (beyond the first K, or reject inputs)
        marked = any(
            row["visibility"] == "example"
            and (row["kind"] == "pre_rejects" or int(row["obligation"].split("_")[2]) >= run.examples)
            for row in evals
            if row["layer"] == "computable" and row["obligation"]
        )
        protocol = (
            f"the first {run.examples} test case(s) of each task"
            + (", and the tests marked `example` in the dataset," if marked else "")
            + " were visible examples; pass rates count hidden tests only"
        )
    elif visible:
        protocol = (
            f"tests marked `example` in the dataset were visible to the generator ({visible} obligations, "
            "reported apart); pass rates count hidden tests only"
        )
    else:
        protocol = "no visible tests: every test is hidden from the generator"
    if run.generator == "reference":
        protocol = "reference specs (dataset self-check): no generator involved"
    retry = sum(1 for r in task_rows if r.get("transient"))
    return RunReport(
        run=run.id,
        generator=run.generator,
        model=run.model,
        dataset=run.dataset,
        git_revision=run.git_revision,
        protocol=protocol,
        tasks=len(task_rows),
        generated=len(generated),
        generation_failed=len(failed),
        generation_unavailable=len(unavailable),
        sound_and_complete=sound,
        layers={k: _counts(v) for k, v in layers.items()},
        examples_layers={k: _counts(v) for k, v in examples_layers.items() if sum(v.values())},
        unknown_causes=dict(causes.most_common()),
        generation_errors={r["task_id"]: gen_rows[r["task_id"]]["error"] for r in failed if r["task_id"] in gen_rows},
        disagreements=[
            {"task_id": d.task_id, "obligation": d.key, **{layer: st.value for layer, st in d.statuses}}
            for d in find_disagreements(
                {"task_id": r["task_id"], "key": r["obligation"], "layer": r["layer"], "status": r["verdict"]}
                for r in evals
            )
        ],
        tokens=dict(tokens),
        latency_seconds=round(latency, 3),
        repair_rounds_used=rounds_used,
        seconds=round(sum(r["seconds"] or 0.0 for r in task_rows), 3),
        total_tasks=run.total_tasks,
        complete=run_state(run, len(task_rows))[0],
        retry_tasks=retry,
        incomplete=incomplete_note(run, len(task_rows), retry),
        unavailable_reasons=unavailable_reasons(store, run),
        amplified=amplified_summary(store, run, computable_by_task),
    )


def amplified_summary(store: Store, run: RunInfo, computable_by_task: dict[str, list[str]]) -> dict[str, Any] | None:
    """`run --amplify N` beside the test-based figures: tasks sound & complete on the N generated inputs (no
    miss against the reference spec and its implementation), misses by kind, one counterexample per task."""
    checks = store.amplified_checks(run.id)
    if not checks:
        return None
    on_tests = {t for t, vs in computable_by_task.items() if vs and all(v == "pass" for v in vs)}
    sound = {t for t, c in checks.items() if c.sound_complete}
    kinds: Counter[str] = Counter()
    for c in checks.values():
        kinds.update(k for k, n in c.misses.items() if n)
    return {
        "inputs": max(c.inputs for c in checks.values()),
        "tasks_checked": len(checks),
        "sound_and_complete": len(sound),
        "sound_and_complete_on_tests_too": len(sound & on_tests),
        "pass_tests_but_miss": sorted(t for t in on_tests & set(checks) if t not in sound),
        "undecided": sum(c.verdict.value == "undecided" for c in checks.values()),
        "tasks_with_miss": dict(kinds),
        "pairs": sum(c.pairs for c in checks.values()),
        "counterexamples": {
            t: {k: ce.model_dump() for k, ce in c.counterexamples.items()}
            for t, c in checks.items()
            if c.counterexamples
        },
    }


def _counts(counter: Counter) -> dict[str, int]:
    return {s: int(counter.get(s, 0)) for s in STATUSES}


class RunComparison(BaseModel):
    """Two runs on the task ids they share (EVALUATION.md: comparisons are on the same task ids)."""

    runs: tuple[int, int]
    generators: tuple[str, str]
    common_tasks: int
    generated: tuple[int, int]  # common tasks whose spec was produced
    sound_and_complete: tuple[int, int]
    only_first: list[str]  # sound and complete in the first run only
    only_second: list[str]
    computable_pass_rate: tuple[float, float]  # hidden obligations passed / evaluated, over generated tasks
    judge_pass: tuple[int, int]
    proof_pass: tuple[int, int]
    # verdicts whose engine was missing (no LLM, no Lean): a 0 above is then no verdict, not a failure
    judge_unavailable: tuple[int, int] = (0, 0)
    proof_unavailable: tuple[int, int] = (0, 0)
    examples: tuple[int, int] = (0, 0)  # --examples K of each run: different K means different hidden tests


def compare_runs(store: Store, first: RunInfo, second: RunInfo) -> RunComparison:
    """Side-by-side figures of two runs, restricted to the tasks both finished."""
    tasks_a = {r["task_id"] for r in store.task_rows(first.id)}
    tasks_b = {r["task_id"] for r in store.task_rows(second.id)}
    common = tasks_a & tasks_b

    def figures(run: RunInfo) -> tuple[set[str], float, int, int, int, Counter]:
        status = {r["task_id"]: r["status"] for r in store.task_rows(run.id)}
        verdicts: dict[str, list[str]] = defaultdict(list)
        passed = total = judge = proof = 0
        unavailable: Counter[str] = Counter()
        for row in store.evaluation_rows(run.id):
            if row["task_id"] not in common or row["visibility"] == "example":
                continue
            if row["layer"] == "computable":
                verdicts[row["task_id"]].append(row["verdict"])
                total += 1
                passed += row["verdict"] == "pass"
            elif row["layer"] == "judge":
                judge += row["verdict"] == "pass"
            elif row["layer"] == "proof":
                proof += row["verdict"] == "pass"
            if row["verdict"] == Status.UNAVAILABLE.value:
                unavailable[row["layer"]] += 1
        sound = {
            t for t in common if status.get(t) == "generated" and verdicts[t] and all(v == "pass" for v in verdicts[t])
        }
        generated = sum(1 for t in common if status.get(t) == "generated")
        return sound, (passed / total if total else 0.0), judge, proof, generated, unavailable

    sound_a, rate_a, judge_a, proof_a, gen_a, unav_a = figures(first)
    sound_b, rate_b, judge_b, proof_b, gen_b, unav_b = figures(second)
    return RunComparison(
        runs=(first.id, second.id),
        generators=(first.generator, second.generator),
        common_tasks=len(common),
        generated=(gen_a, gen_b),
        sound_and_complete=(len(sound_a), len(sound_b)),
        only_first=sorted(sound_a - sound_b),
        only_second=sorted(sound_b - sound_a),
        computable_pass_rate=(round(rate_a, 4), round(rate_b, 4)),
        judge_pass=(judge_a, judge_b),
        proof_pass=(proof_a, proof_b),
        examples=(first.examples, second.examples),
        judge_unavailable=(unav_a["judge"], unav_b["judge"]),
        proof_unavailable=(unav_a["proof"], unav_b["proof"]),
    )
