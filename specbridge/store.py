"""The results store: one SQLite file through sqlite-utils.

Tables: runs, tasks (one row per finished task of a run), generations, evaluations, amplified (`--amplify`).
Everything for one task is written in one transaction, so a killed run loses at most the task in flight and a
re-run skips finished tasks.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from specbridge.comparison import AmplifiedCheck
from specbridge.errors import SpecBridgeError
from specbridge.generate.base import Generation
from specbridge.obligations import Obligation, Verdict

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class RunInfo:
    id: int
    generator: str
    model: str | None
    dataset: str
    fingerprint: str
    started: float
    ended: float | None
    settings: dict[str, Any]
    git_revision: str | None
    examples: int


@dataclass(frozen=True)
class EvaluationRow:
    """One layer's verdict on one obligation, as written to (and read from) the store."""

    layer: str
    obligation: Obligation | None  # None for per-task verdicts (the judge)
    verdict: Verdict


class Store:
    """Typed access to the results database. Create with a path; the schema is made on first use."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            if self.path.parent and not self.path.parent.exists():
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite_utils.Database(self.path)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA busy_timeout=10000")
            self._ensure_schema()
        except (sqlite3.DatabaseError, OSError) as exc:
            raise SpecBridgeError(f"{self.path}: cannot open the results database ({exc})") from exc

    @classmethod
    def open_existing(cls, path: str | Path) -> Store:
        """A results database that must already exist; a missing or foreign file is an error and is not written."""
        path = Path(path)
        if not path.is_file():
            raise SpecBridgeError(f"{path}: no results database (run `specbridge run DATASET` first)")
        try:
            with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
                tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
        except sqlite3.DatabaseError as exc:
            raise SpecBridgeError(f"{path}: cannot open the results database ({exc})") from exc
        if "runs" not in tables:
            raise SpecBridgeError(f"{path}: not a SpecBridge results database (it has no runs table)")
        return cls(path)

    def _ensure_schema(self) -> None:
        db = self.db
        if "runs" not in db.table_names():
            db["runs"].create(
                {
                    "id": int,
                    "generator": str,
                    "model": str,
                    "dataset": str,
                    "fingerprint": str,
                    "settings": str,
                    "git_revision": str,
                    "examples": int,
                    "started": float,
                    "ended": float,
                    "schema_version": int,
                },
                pk="id",
            )
        if "tasks" not in db.table_names():
            db["tasks"].create(
                {
                    "run_id": int,
                    "task_id": str,
                    "source": str,
                    "signature": str,
                    "requirement": str,
                    "status": str,  # generated | generation_failed | generation_unavailable
                    "finished": float,
                    "seconds": float,
                },
                pk=("run_id", "task_id"),
                foreign_keys=[("run_id", "runs", "id")],
            )
        if "generations" not in db.table_names():
            db["generations"].create(
                {
                    "run_id": int,
                    "task_id": str,
                    "generator": str,
                    "status": str,  # ok | error
                    "error": str,
                    "plan": str,
                    "spec_text": str,
                    "raw": str,
                    "notes": str,
                    "rounds": str,  # JSON list of rounds
                    "prompt_tokens": int,
                    "completion_tokens": int,
                    "calls": int,
                    "cached_calls": int,
                    "latency": float,
                },
                pk=("run_id", "task_id"),
                foreign_keys=[("run_id", "runs", "id")],
            )
        if "evaluations" not in db.table_names():
            db["evaluations"].create(
                {
                    "run_id": int,
                    "task_id": str,
                    "layer": str,
                    "obligation": str,  # key, e.g. post_rejects_2_1; "task" for per-task verdicts
                    "kind": str,
                    "test_index": int,
                    "sub": int,
                    "visibility": str,
                    "verdict": str,
                    "message": str,
                    "cause": str,
                    "seconds": float,
                },
                pk=("run_id", "task_id", "layer", "obligation"),
                foreign_keys=[("run_id", "runs", "id")],
            )
            db["evaluations"].create_index(["run_id", "layer", "verdict"])
        if "amplified" not in db.table_names():  # `run --amplify N`: one row per task with an oracle
            db["amplified"].create(
                {
                    "run_id": int,
                    "task_id": str,
                    "inputs": int,
                    "verdict": str,  # the generated spec against the reference (DiffVerdict)
                    "pairs": int,
                    "undecided": int,
                    "oracle": str,
                    "misses": str,  # JSON {kind: count}
                    "counterexamples": str,  # JSON {kind: Counterexample}
                    "message": str,
                    "seconds": float,
                },
                pk=("run_id", "task_id"),
                foreign_keys=[("run_id", "runs", "id")],
            )

    # --- runs -------------------------------------------------------------------------------------------
    def create_run(
        self,
        *,
        generator: str,
        model: str | None,
        dataset: str,
        fingerprint: str,
        settings: dict[str, Any],
        git_revision: str | None,
        examples: int,
    ) -> RunInfo:
        with self.db.atomic():
            row_id = (
                self.db["runs"]
                .insert(
                    {
                        "generator": generator,
                        "model": model,
                        "dataset": dataset,
                        "fingerprint": fingerprint,
                        "settings": json.dumps(settings, sort_keys=True, default=str),
                        "git_revision": git_revision,
                        "examples": examples,
                        "started": time.time(),
                        "ended": None,
                        "schema_version": SCHEMA_VERSION,
                    }
                )
                .last_pk
            )
        return self.run(int(row_id))

    def run(self, run_id: int) -> RunInfo:
        rows = list(self.db.query("select * from runs where id = ?", [run_id]))
        if not rows:
            raise KeyError(run_id)
        return _run_info(rows[0])

    def latest_run(self, fingerprint: str | None = None) -> RunInfo | None:
        """The newest run, or the newest with this fingerprint (same dataset, generator and settings)."""
        if fingerprint is None:
            rows = list(self.db.query("select * from runs order by id desc limit 1"))
        else:
            rows = list(
                self.db.query("select * from runs where fingerprint = ? order by id desc limit 1", [fingerprint])
            )
        return _run_info(rows[0]) if rows else None

    def runs(self) -> list[RunInfo]:
        return [_run_info(r) for r in self.db.query("select * from runs order by id")]

    def finish_run(self, run_id: int) -> None:
        with self.db.atomic():
            self.db["runs"].update(run_id, {"ended": time.time()})

    # --- per task -----------------------------------------------------------------------------------------
    def finished_task_ids(self, run_id: int) -> set[str]:
        return {r["task_id"] for r in self.db.query("select task_id from tasks where run_id = ?", [run_id])}

    def write_task_result(
        self,
        *,
        run_id: int,
        task_id: str,
        source: str,
        signature: str,
        requirement: str,
        generation: Generation,
        evaluations: list[EvaluationRow],
        seconds: float,
        amplified: AmplifiedCheck | None = None,
    ) -> None:
        """Everything for one task, in one transaction: all of it lands or none of it does."""
        if generation.unavailable:
            status = "generation_unavailable"  # no engine to generate with: neither a pass nor a fail
        elif generation.error:
            status = "generation_failed"
        else:
            status = "generated"
        with self.db.atomic():
            self.db["tasks"].insert(
                {
                    "run_id": run_id,
                    "task_id": task_id,
                    "source": source,
                    "signature": signature,
                    "requirement": requirement,
                    "status": status,
                    "finished": time.time(),
                    "seconds": seconds,
                },
                replace=True,
            )
            usage = generation.usage
            self.db["generations"].insert(
                {
                    "run_id": run_id,
                    "task_id": task_id,
                    "generator": generation.generator,
                    "status": "error" if generation.error else "ok",
                    "error": generation.error,
                    "plan": generation.plan,
                    "spec_text": generation.spec_text,
                    "raw": generation.raw,
                    "notes": generation.notes,
                    "rounds": json.dumps([r.model_dump() for r in generation.rounds]),
                    "prompt_tokens": usage.prompt_tokens,
                    "completion_tokens": usage.completion_tokens,
                    "calls": usage.calls,
                    "cached_calls": usage.cached_calls,
                    "latency": usage.latency,
                },
                replace=True,
            )
            rows = []
            for ev in evaluations:
                ob = ev.obligation
                rows.append(
                    {
                        "run_id": run_id,
                        "task_id": task_id,
                        "layer": ev.layer,
                        "obligation": ob.key if ob else "task",
                        "kind": ob.kind.value if ob else "task",
                        "test_index": ob.index if ob else None,
                        "sub": ob.sub if ob else None,
                        "visibility": ob.visibility.value if ob else None,
                        "verdict": ev.verdict.status.value,
                        "message": ev.verdict.message,
                        "cause": ev.verdict.cause,
                        "seconds": ev.verdict.seconds,
                    }
                )
            if rows:
                self.db["evaluations"].insert_all(rows, replace=True)
            if amplified is not None:
                self.db["amplified"].insert(_amplified_row(run_id, task_id, amplified), replace=True)

    # --- queries used by report and browser ------------------------------------------------------------------
    def task_rows(self, run_id: int) -> list[dict[str, Any]]:
        return list(self.db.query("select * from tasks where run_id = ? order by rowid", [run_id]))

    def generation_rows(self, run_id: int) -> list[dict[str, Any]]:
        return list(self.db.query("select * from generations where run_id = ? order by rowid", [run_id]))

    def amplified_checks(self, run_id: int) -> dict[str, AmplifiedCheck]:
        """The amplified checks of a run (`run --amplify N`), by task id."""
        out = {}
        for r in self.db.query("select * from amplified where run_id = ? order by rowid", [run_id]):
            out[r["task_id"]] = AmplifiedCheck(
                inputs=r["inputs"],
                verdict=r["verdict"],
                pairs=r["pairs"],
                undecided=r["undecided"] or 0,
                oracle=r["oracle"] or "",
                misses=json.loads(r["misses"] or "{}"),
                counterexamples=json.loads(r["counterexamples"] or "{}"),
                message=r["message"] or "",
                seconds=r["seconds"] or 0.0,
            )
        return out

    def evaluation_rows(self, run_id: int, layer: str | None = None) -> list[dict[str, Any]]:
        if layer is None:
            return list(self.db.query("select * from evaluations where run_id = ? order by rowid", [run_id]))
        return list(
            self.db.query("select * from evaluations where run_id = ? and layer = ? order by rowid", [run_id, layer])
        )


def _amplified_row(run_id: int, task_id: str, check: AmplifiedCheck) -> dict[str, Any]:
    return {
        "run_id": run_id,
        "task_id": task_id,
        "inputs": check.inputs,
        "verdict": check.verdict.value,
        "pairs": check.pairs,
        "undecided": check.undecided,
        "oracle": check.oracle,
        "misses": json.dumps(check.misses),
        "counterexamples": json.dumps({k: c.model_dump() for k, c in check.counterexamples.items()}),
        "message": check.message,
        "seconds": check.seconds,
    }


def _run_info(row: dict[str, Any]) -> RunInfo:
    return RunInfo(
        id=row["id"],
        generator=row["generator"],
        model=row["model"],
        dataset=row["dataset"],
        fingerprint=row["fingerprint"],
        started=row["started"],
        ended=row["ended"],
        settings=json.loads(row["settings"] or "{}"),
        git_revision=row["git_revision"],
        examples=row["examples"] or 0,
    )
