"""The browse command: Datasette with canned queries whose SQL runs against a real results database."""

from __future__ import annotations

import sqlite3

import pytest
from results_helpers import new_run, pre_accepts, record

from specbridge import browse
from specbridge.errors import SpecBridgeError
from specbridge.obligations import Status, Verdict
from specbridge.store import EvaluationRow, Store


def make_db(tmp_path):
    store = Store(tmp_path / "r.db")
    run = new_run(store)
    for task_id, verdict in (("good", Status.PASS), ("bad", Status.FAIL)):
        record(
            store,
            run,
            task_id,
            [EvaluationRow("computable", pre_accepts(task_id), Verdict(status=verdict, message="m"))],
        )
    return tmp_path / "r.db"


def test_canned_queries_run(tmp_path):
    db = make_db(tmp_path)
    conn = sqlite3.connect(db)
    summary = conn.execute(browse.CANNED_QUERIES["runs_summary"]["sql"]).fetchall()
    assert summary == [(1, "reference", None, 0, 2, 0, 1)]
    failing = conn.execute(browse.CANNED_QUERIES["failing_obligations"]["sql"], {"run": "", "task": ""}).fetchall()
    assert [row[1] for row in failing] == ["bad"]
    spec = conn.execute(browse.CANNED_QUERIES["spec_of_task"]["sql"], {"task_id": "good"}).fetchall()
    assert spec[0][6] == "x"


def test_command_and_missing_datasette(tmp_path, monkeypatch):
    db = make_db(tmp_path)
    meta = browse.write_metadata(db, tmp_path)
    monkeypatch.setattr(browse.importlib.util, "find_spec", lambda name: object())
    argv = browse.datasette_command(db, meta, port=9000)
    # live, not --immutable (which ignores the WAL: a running run showed "no such table"); read-only by the plugin
    assert argv[1:4] == ["-m", "datasette", "serve"] and "--immutable" not in argv and "9000" in argv
    assert "--plugins-dir" in argv
    with pytest.raises(SpecBridgeError, match="no results database"):
        browse.datasette_command(tmp_path / "none.db", meta)
    notdb = tmp_path / "notdb.db"
    notdb.write_text("hello", encoding="utf-8")  # Datasette itself died with a DatabaseError traceback on this
    with pytest.raises(SpecBridgeError, match="cannot open the results database"):
        browse.datasette_command(notdb, meta)
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("create table t (x)").connection.commit()
    with pytest.raises(SpecBridgeError, match="not a SpecBridge results database"):
        browse.datasette_command(other, meta)
    monkeypatch.setattr(browse.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(SpecBridgeError, match="pip install"):
        browse.datasette_command(db, meta)


def test_runs_summary_agrees_with_the_report_when_a_task_has_only_example_obligations(tmp_path):
    from specbridge.report import build_report
    from specbridge.tasks import Visibility

    db = make_db(tmp_path)  # run 1: "good" (sound and complete) and "bad"
    store = Store(db)
    run = store.run(1)
    # "seen" passes its one visible example and has no hidden test: nothing was evaluated
    ob = pre_accepts("seen", visibility=Visibility.EXAMPLE)
    record(store, run, "seen", [EvaluationRow("computable", ob, Verdict(status=Status.PASS))])
    report = build_report(store, run)
    (row,) = sqlite3.connect(db).execute(browse.CANNED_QUERIES["runs_summary"]["sql"]).fetchall()
    assert row[-1] == report.sound_and_complete == 1
