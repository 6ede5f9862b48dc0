"""A killed batch resumes: SIGKILL a running `specbridge run`, re-run it, nothing finished is redone or lost."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

TASKS = 40
# Each task's postcondition walks a long range, so a task takes long enough for the kill to land mid-run.
POSTCOND = "(List.range 20000).all (fun i => i + x ≥ 0) ∧ result = x + 1"


def write_dataset(path: Path) -> Path:
    lines = []
    for i in range(TASKS):
        lines.append(
            json.dumps(
                {
                    "id": f"slow_{i:02d}",
                    "requirement": "Return x plus one.",
                    "signature": {"name": "inc", "params": [{"name": "x", "type": "Nat"}], "return_type": "Nat"},
                    "reference": {"precond": "True", "postcond": POSTCOND},
                    "tests": [
                        {"inputs": {"x": str(k)}, "expected": str(k + 1), "unexpected": [str(k)]} for k in range(6)
                    ],
                }
            )
        )
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def command(dataset: Path, db: Path) -> list[str]:
    return [sys.executable, "-m", "specbridge", "run", str(dataset), "--generator", "reference", "--db", str(db)]


def finished_rows(db: Path) -> dict[str, float]:
    with sqlite3.connect(db) as conn:
        return dict(conn.execute("select task_id, finished from tasks"))


@pytest.mark.slow
def test_sigkill_then_resume(tmp_path):
    dataset = write_dataset(tmp_path / "slow.jsonl")
    db = tmp_path / "results.db"
    env = {**os.environ, "SPECBRIDGE_LEAN": str(tmp_path / "no-lean-here")}
    proc = subprocess.Popen(
        command(dataset, db), cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 120
    before: dict[str, float] = {}
    while time.monotonic() < deadline and proc.poll() is None:
        if db.exists():
            try:
                before = finished_rows(db)
            except sqlite3.OperationalError:  # schema not created yet
                before = {}
            if len(before) >= 3:
                break
        time.sleep(0.02)
    assert proc.poll() is None, "the batch finished before it could be killed; make the tasks slower"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    before = finished_rows(db)
    assert 3 <= len(before) < TASKS
    with sqlite3.connect(db) as conn:
        evaluations_before = conn.execute("select count(*) from evaluations").fetchone()[0]
        runs_before = conn.execute("select count(*) from runs").fetchone()[0]

    out = subprocess.run(
        command(dataset, db) + ["--json"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["resumed"] is True
    assert summary["skipped"] == len(before)
    after = finished_rows(db)
    assert len(after) == TASKS
    for task_id, finished in before.items():  # finished tasks were not redone
        assert after[task_id] == finished
    with sqlite3.connect(db) as conn:
        assert conn.execute("select count(*) from runs").fetchone()[0] == runs_before
        per_task = conn.execute(
            "select task_id, count(*) from evaluations where layer = 'computable' group by task_id"
        ).fetchall()
        assert conn.execute("select count(*) from evaluations").fetchone()[0] > evaluations_before
    assert len(per_task) == TASKS and all(n == 6 * 3 for _, n in per_task)  # 6 pre + 6 post + 6 rejects each
    assert summary["sound_and_complete"] == TASKS


def test_sigterm_stops_a_run_with_the_resume_message(tmp_path):
    dataset = write_dataset(tmp_path / "slow.jsonl")
    db = tmp_path / "results.db"
    env = {**os.environ, "SPECBRIDGE_LEAN": str(tmp_path / "no-lean-here")}
    proc = subprocess.Popen(
        command(dataset, db), cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if db.exists() and len(finished_rows(db)) >= 2:
                break
        except sqlite3.OperationalError:  # schema not created yet
            pass
        time.sleep(0.02)
    assert proc.poll() is None, "the batch finished before it could be stopped; make the tasks slower"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err[-2000:]
    assert f"of {TASKS} tasks finished" in err and "run again to resume" in err
