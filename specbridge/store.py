"""The results store: one SQLite file through sqlite-utils.

Tables: runs, tasks (one row per finished task of a run), generations, evaluations, amplified (`--amplify`).
Everything for one task is written in one transaction, so a killed run loses at most the task in flight and a
re-run skips finished tasks (but for those marked `transient`: no final answer, done again). Writes take the lock
first and wait for another run's writes; a file that is not ours is refused before anything is written to it.
"""

from __future__ import annotations

import errno
import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from specbridge.comparison import AmplifiedCheck
from specbridge.errors import SpecBridgeError
from specbridge.generate.base import Generation
from specbridge.obligations import Obligation, Verdict

SCHEMA_VERSION = 1
BUSY_TIMEOUT_MS = 60_000  # another run writing to the same database: wait this long for its write to end

INTERNAL_ERROR = "internal error"  # Verdict.cause of a layer that crashed on a task (pipeline._evaluate_layer)
# Verdict causes that are no final answer: a task with one is done again by a resumed run
RETRY_CAUSES = (INTERNAL_ERROR, "no answer from the model")


class StoreError(SpecBridgeError):
    """The results database cannot be read or written (full disk, locked, not ours); the message says which."""


def describe_db_error(path: Path, exc: BaseException) -> str:
    """One sentence a user can act on, for an sqlite3 or OS error on the results database."""
    text = str(exc)
    if (isinstance(exc, OSError) and exc.errno == errno.ENOSPC) or "disk is full" in text or "SQLITE_FULL" in text:
        return (
            f"{path}: the disk is full ({text}); free some space and run the same command again "
            "(finished tasks are kept and skipped)"
        )
    if "locked" in text or "busy" in text:
        return (
            f"{path}: the database is locked by another process for more than {BUSY_TIMEOUT_MS // 1000}s "
            f"({text}); wait for the other `specbridge run` to finish or use another --db"
        )
    if isinstance(exc, OSError):
        return f"{path}: cannot use the results database ({exc.strerror or text})"
    return f"{path}: cannot open the results database ({text})"


def check_results_file(path: Path) -> None:
    """Refuse, without writing to it, a file that is not SQLite or is another program's SQLite database.

    A missing or empty file is fine (the schema will be made). Opened read-only, so that a foreign file keeps its
    journal mode and contents."""
    if not path.exists() or (path.is_file() and path.stat().st_size == 0):
        return
    if not path.is_file():
        raise StoreError(f"{path}: not a file; choose another --db")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
            run_columns = {row[1] for row in conn.execute("pragma table_info(runs)")} if "runs" in tables else set()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path}: cannot open the results database ({exc})") from exc
    if "runs" in tables and not {"generator", "fingerprint", "dataset"} <= run_columns:
        # another program's `runs` table: adding our columns to it would change that program's database
        raise StoreError(
            f"{path}: not a SpecBridge results database (its runs table has other columns); it was left "
            "untouched: choose another --db"
        )
    if tables and "runs" not in tables:
        shown = ", ".join(sorted(tables)[:5])
        raise StoreError(
            f"{path}: not a SpecBridge results database (it has other tables: {shown}; no runs table); "
            "it was left untouched: choose another --db"
        )


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
    total_tasks: int | None = None  # tasks the last invocation meant to finish; None in older databases


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
        check_results_file(self.path)  # before anything is written: a foreign file stays as it was
        try:
            if self.path.parent and not self.path.parent.exists():
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite_utils.Database(self.path)
            self.db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self.db.execute("PRAGMA journal_mode=WAL")
            with self._transaction():  # two runs starting together must not both create the tables
                self._ensure_schema()
        except (sqlite3.DatabaseError, OSError, sqlite_utils.db.AlterError) as exc:
            raise StoreError(describe_db_error(self.path, exc)) from exc

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction that takes the write lock first (BEGIN IMMEDIATE).

        A deferred transaction that reads and then writes fails at once with `database is locked` when another
        run wrote in between (SQLite cannot wait there); taking the lock up front makes it wait busy_timeout."""
        conn = self.db.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            with self.db.atomic():
                yield
        except BaseException:
            if conn.in_transaction:
                conn.rollback()
            raise
        conn.commit()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """A write transaction whose database errors (full disk, lock held too long) are StoreErrors."""
        try:
            with self._transaction():
                yield
        except (sqlite3.DatabaseError, OSError) as exc:
            raise StoreError(describe_db_error(self.path, exc)) from exc

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
                    "transient": int,  # 1: no final answer (connection lost, layer crashed): resume redoes it
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
                    "inputs": str,  # JSON {param: Lean literal}: what `specbridge show` prints
                    "output": str,  # the expected (post_accepts) or wrong (post_rejects) result
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
        # added after the first release: older databases get the columns on open
        if "total_tasks" not in db["runs"].columns_dict:
            db["runs"].add_column("total_tasks", int)
        if "transient" not in db["tasks"].columns_dict:
            db["tasks"].add_column("transient", int)
        for column in ("inputs", "output"):
            if column not in db["evaluations"].columns_dict:
                db["evaluations"].add_column(column, str)

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
        with self._writing():
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
        with self._writing():
            self.db["runs"].update(run_id, {"ended": time.time()})

    def start_run(self, run_id: int, total_tasks: int) -> None:
        """Record how many tasks this invocation means to finish (a resumed run may be given more), unfinished."""
        with self._writing():
            self.db["runs"].update(run_id, {"total_tasks": total_tasks, "ended": None})

    # --- per task -----------------------------------------------------------------------------------------
    def finished_task_ids(self, run_id: int, *, retry_failed: bool = False) -> set[str]:
        """Tasks a resumed run skips: all finished ones but those whose generation failed transiently (a lost
        connection, a time-out, 429/5xx after the retries, a crashed layer); with `retry_failed`, every failed
        generation is done again too. A final outcome (a spec that fails, a refusal) is kept."""
        sql = "select task_id from tasks where run_id = ? and not coalesce(transient, 0)"
        if retry_failed:
            sql += " and status not in ('generation_failed', 'generation_unavailable')"
        return {r["task_id"] for r in self.db.query(sql, [run_id])}

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
        """Everything for one task, in one transaction: all of it lands or none of it does.

        A task done again on resume replaces its earlier rows (its old verdicts are deleted first)."""
        if generation.unavailable:
            status = "generation_unavailable"  # no engine to generate with: neither a pass nor a fail
        elif generation.error:
            status = "generation_failed"
        else:
            status = "generated"
        # no final answer yet (a lost connection, a time-out, a crashed layer): a resumed run does it again
        transient = bool(generation.error and generation.transient) or any(
            ev.verdict.cause in RETRY_CAUSES for ev in evaluations
        )
        with self._writing():
            self.db.execute("delete from evaluations where run_id = ? and task_id = ?", [run_id, task_id])
            self.db.execute("delete from amplified where run_id = ? and task_id = ?", [run_id, task_id])
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
                    "transient": int(transient),
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
                        "inputs": json.dumps(dict(ob.inputs), ensure_ascii=False) if ob else None,
                        "output": ob.output if ob else None,
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
        total_tasks=row.get("total_tasks"),
    )
