"""What a user asks of a results database after a run: the runs in it, what failed, and one task in full.

Library functions returning typed records; `specbridge runs`, `specbridge show` and `specbridge report
--failures` only print them.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from specbridge.store import RunInfo, Store

# The compare helper's amplified counterexamples (inputs on which a spec and the reference disagree) are stored
# in this table, one row per counterexample, with at least run_id and task_id; `show` prints every other column.
AMPLIFIED_TABLE = "amplified"


class RunRow(BaseModel):
    id: int
    generator: str
    model: str | None
    dataset: str
    started: float
    ended: float | None
    tasks_done: int
    tasks_total: int | None  # None: recorded by an older version that did not store it
    complete: bool
    state: str  # complete | interrupted | running or interrupted


def run_state(run: RunInfo, done: int) -> tuple[bool, str]:
    """(complete, state): a run is complete when its last invocation ended and every task it meant is done."""
    if run.ended is None:
        return False, "interrupted (or still running)"
    if run.total_tasks is not None and done < run.total_tasks:
        return False, "interrupted"
    return True, "complete"


def incomplete_note(run: RunInfo, done: int, retry: int = 0) -> str | None:
    """The sentence `report` and Ctrl-C print for a run that is not finished: how far, and how to go on."""
    complete, _ = run_state(run, done)
    parts = []
    if not complete:
        total = run.total_tasks if run.total_tasks is not None else "?"
        parts.append(f"incomplete: {done} of {total} tasks; run again to resume")
    if retry:
        parts.append(
            f"{retry} task(s) got no final answer (lost connection, time-out, crashed layer); run again to retry"
        )
    return "; ".join(parts) or None


def list_runs(store: Store) -> list[RunRow]:
    counts = {r["run_id"]: r["n"] for r in store.db.query("select run_id, count(*) as n from tasks group by run_id")}
    rows = []
    for run in store.runs():
        done = counts.get(run.id, 0)
        complete, state = run_state(run, done)
        rows.append(
            RunRow(
                id=run.id,
                generator=run.generator,
                model=run.model,
                dataset=run.dataset,
                started=run.started,
                ended=run.ended,
                tasks_done=done,
                tasks_total=run.total_tasks,
                complete=complete,
                state=state,
            )
        )
    return rows


class ObligationIssue(BaseModel):
    """One obligation that did not pass in one layer, with the values it was about."""

    layer: str
    obligation: str
    kind: str
    visibility: str | None
    verdict: str
    cause: str | None
    message: str
    inputs: dict[str, str] | None = None
    output: str | None = None  # the expected (post_accepts) or wrong (post_rejects) result


class TaskFailure(BaseModel):
    task_id: str
    status: str  # the task's status: generated | generation_failed | generation_unavailable
    first: str  # the generation error, or the first failing obligation with its verdict and message


class TaskDetail(BaseModel):
    run: int
    task_id: str
    status: str
    transient: bool
    signature: str
    requirement: str
    generator: str | None
    error: str | None
    plan: str
    spec: str
    notes: str
    issues: list[ObligationIssue]  # non-pass obligations, every layer (unavailable verdicts are left out)
    unavailable: dict[str, str]  # layer -> why it gave no verdict
    amplified: list[dict[str, Any]]  # counterexamples found by amplification (empty when none)


def task_detail(store: Store, run: RunInfo, task_id: str) -> TaskDetail:
    """Everything stored about one task of a run; raises KeyError when the run has no such task."""
    rows = list(store.db.query("select * from tasks where run_id = ? and task_id = ?", [run.id, task_id]))
    if not rows:
        raise KeyError(task_id)
    task_row = rows[0]
    gens = list(store.db.query("select * from generations where run_id = ? and task_id = ?", [run.id, task_id]))
    gen = gens[0] if gens else {}
    issues, unavailable = [], {}
    evals = store.db.query(
        "select * from evaluations where run_id = ? and task_id = ? order by rowid", [run.id, task_id]
    )
    for row in evals:
        if row["verdict"] == "pass":
            continue
        if row["verdict"] == "unavailable":
            unavailable.setdefault(row["layer"], row["message"] or "no engine")
            continue
        inputs = json.loads(row["inputs"]) if row.get("inputs") else None
        issues.append(
            ObligationIssue(
                layer=row["layer"],
                obligation=row["obligation"],
                kind=row["kind"],
                visibility=row["visibility"],
                verdict=row["verdict"],
                cause=row["cause"],
                message=row["message"] or "",
                inputs=inputs,
                output=row.get("output"),
            )
        )
    amplified: list[dict[str, Any]] = []
    if AMPLIFIED_TABLE in store.db.table_names():
        for row in store.db.query(
            f"select * from [{AMPLIFIED_TABLE}] where run_id = ? and task_id = ?", [run.id, task_id]
        ):
            amplified.append({k: v for k, v in row.items() if k not in ("run_id", "task_id")})
    return TaskDetail(
        run=run.id,
        task_id=task_id,
        status=task_row["status"],
        transient=bool(task_row.get("transient")),
        signature=task_row["signature"] or "",
        requirement=task_row["requirement"] or "",
        generator=gen.get("generator"),
        error=gen.get("error"),
        plan=gen.get("plan") or "",
        spec=gen.get("spec_text") or "",
        notes=gen.get("notes") or "",
        issues=issues,
        unavailable=unavailable,
        amplified=amplified,
    )


def failing_tasks(store: Store, run: RunInfo) -> list[TaskFailure]:
    """Tasks that are not sound and complete, each with the first reason: the generation error or the first
    hidden obligation that did not pass (computable layer first, then proof, then the judge)."""
    order = {"computable": 0, "proof": 1, "judge": 2}
    first: dict[str, tuple[int, int, str]] = {}
    for n, row in enumerate(store.evaluation_rows(run.id)):
        if row["verdict"] in ("pass", "unavailable") or row["visibility"] == "example":
            continue
        rank = (order.get(row["layer"], 3), n)
        text = f"{row['layer']} {row['obligation']}: {row['verdict']}" + (
            f" ({row['message']})" if row["message"] else ""
        )
        if row["task_id"] not in first or rank < first[row["task_id"]][:2]:
            first[row["task_id"]] = (*rank, text)
    gens = {g["task_id"]: g for g in store.generation_rows(run.id)}
    out = []
    for t in store.task_rows(run.id):
        if t["status"] != "generated":
            error = gens.get(t["task_id"], {}).get("error") or "no spec"
            label = t["status"].replace("_", " ")
            out.append(TaskFailure(task_id=t["task_id"], status=t["status"], first=f"{label}: {error}"))
        elif t["task_id"] in first:
            out.append(TaskFailure(task_id=t["task_id"], status=t["status"], first=first[t["task_id"]][2]))
    return out


def unavailable_reasons(store: Store, run: RunInfo) -> dict[str, str]:
    """Why each layer gave `unavailable`: its first such message (no LLM configured, no Lean toolchain, …)."""
    reasons: dict[str, str] = {}
    for row in store.db.query(
        "select layer, message from evaluations where run_id = ? and verdict = 'unavailable' group by layer",
        [run.id],
    ):
        reasons[row["layer"]] = row["message"] or "no engine"
    return reasons


def dumps(model: BaseModel) -> str:
    return json.dumps(model.model_dump(), ensure_ascii=False)
