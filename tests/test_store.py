"""The results store: per-task transactional writes, run lookup by fingerprint, queries for reports."""

from __future__ import annotations

import sqlite3

import pytest

from specbridge.generate import Generation, Usage
from specbridge.obligations import Obligation, ObligationKind, Status, Verdict
from specbridge.store import EvaluationRow, Store


def make_run(store: Store, fingerprint: str = "fp"):
    return store.create_run(
        generator="reference",
        model=None,
        dataset="/d",
        fingerprint=fingerprint,
        settings={"a": 1},
        git_revision="abc",
        examples=0,
    )


def obligation(i: int) -> Obligation:
    return Obligation(kind=ObligationKind.PRE_ACCEPTS, task_id="t", index=i, inputs={"x": str(i)})


def test_task_result_lands_whole(tmp_path):
    store = Store(tmp_path / "r.db")
    run = make_run(store)
    gen = Generation(generator="reference", spec_text="def f_precond := True", usage=Usage(prompt_tokens=3))
    rows = [EvaluationRow("computable", obligation(i), Verdict(status=Status.PASS)) for i in range(3)]
    store.write_task_result(
        run_id=run.id,
        task_id="t",
        source="s",
        signature="def f",
        requirement="r",
        generation=gen,
        evaluations=rows,
        seconds=0.1,
    )
    assert store.finished_task_ids(run.id) == {"t"}
    assert [r["obligation"] for r in store.evaluation_rows(run.id)] == [
        "pre_accepts_0",
        "pre_accepts_1",
        "pre_accepts_2",
    ]
    assert store.generation_rows(run.id)[0]["prompt_tokens"] == 3


def test_failed_write_leaves_nothing_behind(tmp_path, monkeypatch):
    store = Store(tmp_path / "r.db")
    run = make_run(store)
    gen = Generation(generator="reference", spec_text="x")
    rows = [EvaluationRow("computable", obligation(0), Verdict(status=Status.PASS))]
    table_class = type(store.db["evaluations"])
    real_insert_all = table_class.insert_all
    written = []

    def insert_all(self, *args, **kwargs):  # fails only for evaluations, after tasks and generations rows
        if self.name == "evaluations":
            raise RuntimeError("disk full")
        written.append(self.name)
        return real_insert_all(self, *args, **kwargs)

    monkeypatch.setattr(table_class, "insert_all", insert_all)
    with pytest.raises(RuntimeError):
        store.write_task_result(
            run_id=run.id,
            task_id="t",
            source="s",
            signature="",
            requirement="",
            generation=gen,
            evaluations=rows,
            seconds=0,
        )
    monkeypatch.undo()
    assert written == ["tasks", "generations"]  # the failure came after two inserts, which were rolled back
    assert store.finished_task_ids(run.id) == set()
    assert store.generation_rows(run.id) == []
    assert sqlite3.connect(tmp_path / "r.db").execute("select count(*) from tasks").fetchone() == (0,)


def test_latest_run_by_fingerprint(tmp_path):
    store = Store(tmp_path / "r.db")
    a = make_run(store, "one")
    b = make_run(store, "two")
    assert store.latest_run("one").id == a.id
    assert store.latest_run().id == b.id
    assert store.latest_run("none") is None
    store.finish_run(a.id)
    assert store.run(a.id).ended is not None


def test_open_existing_refuses_missing_and_foreign_files_without_writing(tmp_path):
    from specbridge.errors import SpecBridgeError

    with pytest.raises(SpecBridgeError, match="no results database"):
        Store.open_existing(tmp_path / "none.db")
    foreign = tmp_path / "other.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("create table notes (x text)")
    with pytest.raises(SpecBridgeError, match="not a SpecBridge results database"):
        Store.open_existing(foreign)
    with sqlite3.connect(foreign) as conn:
        assert {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")} == {"notes"}
    make_run(Store(tmp_path / "ours.db"))
    assert Store.open_existing(tmp_path / "ours.db").latest_run() is not None
