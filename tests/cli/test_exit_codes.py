"""The command line as a user meets it: exit codes (README "Exit codes"), resume, what failed, errors as JSON."""

from __future__ import annotations

import json
import socket
import sqlite3

import pytest
from cli_datasets import TASK
from typer.testing import CliRunner

from specbridge.cli import app
from specbridge.comparison import AmplifiedCheck, Counterexample, DiffVerdict

runner = CliRunner()


@pytest.fixture
def offline_env(tmp_path, monkeypatch):
    """No LLM, no Lean, a clean working directory."""
    monkeypatch.chdir(tmp_path)
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "SPECBRIDGE_MODEL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    return tmp_path


def dataset(tmp_path, posts=("result = 2 * n",) * 2, name="ds"):
    folder = tmp_path / name
    folder.mkdir()
    for i, post in enumerate(posts):
        (folder / f"t{i}.md").write_text(TASK.format(id=f"t{i}", post=post), encoding="utf-8")
    return folder


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- exit codes, command by command ------------------------------------------------------------------------------


def test_validate_exit_codes_pass_fail_and_specs_matching_no_task(offline_env):
    good = dataset(offline_env)
    assert runner.invoke(app, ["validate", str(good)]).exit_code == 0
    wrong = dataset(offline_env, ("result = 2 * n", "result = n"), name="wrong")
    result = runner.invoke(app, ["validate", str(wrong), "--json"])
    assert result.exit_code == 1  # it exited 0 with failing obligations
    data = json.loads(result.stdout)
    assert data["failed"] > 0 and {d["task"] for d in data["not_passing"]} == {"t1"}  # the details --json promised
    specs = offline_env / "specs.jsonl"
    specs.write_text(json.dumps({"id": "nope", "spec": "x"}) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(good), "--specs", str(specs)])
    assert result.exit_code == 1 and "1 id(s) in" in result.output and "match no task" in result.output
    assert "nope" in result.output


def test_run_exits_1_when_every_model_call_failed_and_resume_retries_them(offline_env):
    # an LLM endpoint that refuses connections: every generation fails transiently (it exited 0, and a rerun
    # skipped every task as finished)
    port = free_port()
    config = offline_env / "specbridge.toml"
    config.write_text(
        f'[llm]\nbase_url = "http://127.0.0.1:{port}/v1"\nmodel = "m"\nmax_retries = 0\ntimeout = 2.0\n'
        f'cache_path = "{offline_env / "cache.db"}"\n',
        encoding="utf-8",
    )
    folder = dataset(offline_env)
    db = offline_env / "r.db"
    args = ["run", str(folder), "--generator", "baseline", "--db", str(db), "--repair", "0", "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 1, first.output
    data = json.loads(first.stdout)
    assert data["generation_failed"] == 2 and data["retry_tasks"] == 2 and "run again to retry" in data["incomplete"]
    second = runner.invoke(app, args)
    again = json.loads(second.stdout)
    assert again["resumed"] is True and again["skipped"] == 0  # both were tried again, not skipped
    assert second.exit_code == 1


def test_final_generation_failures_are_kept_on_resume_unless_retry_failed(offline_env):
    folder = dataset(offline_env)
    text = (folder / "t1.md").read_text(encoding="utf-8")
    start, end = text.index("reference:"), text.index("tests:")
    (folder / "t1.md").write_text(text[:start] + text[end:], encoding="utf-8")  # no reference: a final failure
    db = offline_env / "r.db"
    args = ["run", str(folder), "--generator", "reference", "--db", str(db), "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0  # every task got its final outcome (one is "generation failed")
    assert json.loads(first.stdout)["generation_failed"] == 1
    assert json.loads(runner.invoke(app, args).stdout)["skipped"] == 2
    retried = json.loads(runner.invoke(app, [*args, "--retry-failed"]).stdout)
    assert retried["skipped"] == 1 and retried["generation_failed"] == 1  # t1 was done again


def test_a_crashed_layer_is_retried_on_resume(offline_env, monkeypatch):
    from specbridge.evaluate import computable

    folder = dataset(offline_env)
    db = offline_env / "r.db"
    args = ["run", str(folder), "--generator", "reference", "--db", str(db), "--json"]
    original = computable.ComputableLayer.evaluate

    def crash(self, task, spec_text, obligations):
        raise RuntimeError("boom")

    monkeypatch.setattr(computable.ComputableLayer, "evaluate", crash)
    first = runner.invoke(app, args)
    assert first.exit_code == 1 and json.loads(first.stdout)["retry_tasks"] == 2
    monkeypatch.setattr(computable.ComputableLayer, "evaluate", original)
    second = runner.invoke(app, args)
    data = json.loads(second.stdout)
    assert second.exit_code == 0 and data["skipped"] == 0 and data["retry_tasks"] == 0
    assert data["sound_and_complete"] == 2 and data["layers"]["computable"]["unknown"] == 0  # old verdicts replaced


def test_ctrl_c_exits_130_and_says_how_far_and_how_to_resume(offline_env, monkeypatch):
    from specbridge import pipeline

    folder = dataset(offline_env, ("result = 2 * n",) * 3)
    db = offline_env / "r.db"
    calls = []
    original = pipeline.generate_checked

    def interrupt_on_second(task, name, context):
        calls.append(task.id)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return original(task, name, context)

    monkeypatch.setattr(pipeline, "generate_checked", interrupt_on_second)
    args = ["run", str(folder), "--generator", "reference", "--db", str(db), "--workers", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 130, result.output
    assert "1 of 3 tasks finished" in result.output and "run again to resume" in result.output
    report = runner.invoke(app, ["report", "--db", str(db)])
    assert "incomplete: 1 of 3 tasks; run again to resume" in report.output
    runs = json.loads(runner.invoke(app, ["runs", "--db", str(db), "--json"]).stdout)["runs"]
    assert runs[0]["tasks_done"] == 1 and runs[0]["tasks_total"] == 3 and runs[0]["complete"] is False
    monkeypatch.setattr(pipeline, "generate_checked", original)
    assert runner.invoke(app, args).exit_code == 0
    runs = json.loads(runner.invoke(app, ["runs", "--db", str(db), "--json"]).stdout)["runs"]
    assert runs[0]["tasks_done"] == 3 and runs[0]["complete"] is True and runs[0]["state"] == "complete"


def test_tasks_generate_lean_and_doctor_exit_codes(offline_env, monkeypatch):
    folder = dataset(offline_env)
    assert runner.invoke(app, ["tasks", str(folder)]).exit_code == 0
    assert runner.invoke(app, ["tasks", str(offline_env / "nope")]).exit_code == 2
    assert runner.invoke(app, ["generate", str(folder / "t0.md"), "--generator", "reference"]).exit_code == 0
    assert runner.invoke(app, ["generate", str(folder / "t0.md"), "--generator", "nope"]).exit_code == 2
    # a missing file is said to be missing (it was reported as "Lean unavailable")
    missing = runner.invoke(app, ["lean", "check", str(offline_env / "Nope.lean")])
    assert missing.exit_code == 2 and "Nope.lean: no such file" in missing.output
    assert "unavailable" not in missing.output
    doctor = runner.invoke(app, ["doctor", "--no-probe"])
    assert doctor.exit_code == 1 and "fix:" in doctor.output


def test_doctor_says_a_binary_that_is_not_lean_is_not_lean(offline_env, monkeypatch, tmp_path):
    fake = tmp_path / "true-bin"
    fake.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")  # like SPECBRIDGE_LEAN=/usr/bin/true
    fake.chmod(0o755)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(fake))
    data = json.loads(runner.invoke(app, ["doctor", "--no-probe", "--json"]).stdout)
    assert data["lean"]["status"] == "unavailable"
    assert "not Lean's `Lean (version …)` line" in data["lean"]["fix"]


def test_doctor_fixes_name_absolute_paths(offline_env):
    data = json.loads(runner.invoke(app, ["doctor", "--no-probe", "--json"]).stdout)
    fix = data["llm"]["fix"] + data["lean"]["fix"]
    assert "see docs/" not in fix  # a relative path works only from the repository's root


def test_browse_with_the_port_taken_exits_2_before_saying_serving(offline_env, monkeypatch):
    from results_helpers import new_run

    from specbridge import browse
    from specbridge.store import Store

    new_run(Store(offline_env / "r.db"))
    monkeypatch.setattr(browse.importlib.util, "find_spec", lambda name: object())
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(app, ["browse", "--db", str(offline_env / "r.db"), "--port", str(port)])
    assert result.exit_code == 2 and f"port {port}" in result.output and "in use" in result.output
    assert "serving" not in result.output


def test_compare_and_report_exit_codes(offline_env):
    folder = dataset(offline_env)
    db = offline_env / "r.db"
    runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db)])
    runner.invoke(app, ["run", str(folder), "--generator", "offline", "--db", str(db)])
    assert runner.invoke(app, ["compare", "1", "2", "--db", str(db)]).exit_code == 0
    assert runner.invoke(app, ["compare", "1", "9", "--db", str(db)]).exit_code == 2
    assert runner.invoke(app, ["report", "--db", str(db)]).exit_code == 0
    assert runner.invoke(app, ["report", "--db", str(db), "--run", "9"]).exit_code == 2


# --- run refuses a foreign database, survives a busy one, explains a full disk --------------------------------------


def test_run_refuses_a_foreign_sqlite_file_and_leaves_it_untouched(offline_env):
    foreign = offline_env / "other.sqlite"
    conn = sqlite3.connect(foreign)
    conn.execute("create table notes (x text)")
    conn.execute("insert into notes values ('keep me')")
    conn.commit()
    conn.close()
    before = foreign.read_bytes()
    folder = dataset(offline_env)
    result = runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(foreign)])
    assert result.exit_code == 2 and "not a SpecBridge results database" in result.output
    assert foreign.read_bytes() == before  # no tables added, and not switched to WAL mode
    assert not (offline_env / "other.sqlite-wal").exists()
    # a foreign file that happens to have a `runs` table is not ours either (it was altered, or AlterError)
    other = offline_env / "other-runs.sqlite"
    conn = sqlite3.connect(other)
    conn.execute("create table runs (id integer primary key, started text)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    result = runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(other)])
    assert result.exit_code == 2 and "its runs table has other columns" in result.output
    assert other.read_bytes() == before and isinstance(result.exception, SystemExit)


def test_a_full_disk_is_a_clear_message_on_the_first_run_and_on_the_rerun(offline_env, monkeypatch):
    from specbridge.store import Store

    folder = dataset(offline_env)
    db = offline_env / "r.db"

    def full_disk(self, **kwargs):
        with self._writing():  # the write transaction the store opens, failing as SQLite does on a full disk
            raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Store, "write_task_result", full_disk)
    args = ["run", str(folder), "--generator", "reference", "--db", str(db)]
    for _ in range(2):
        result = runner.invoke(app, args)
        assert isinstance(result.exception, SystemExit), result.exception
        assert (
            result.exit_code == 1
            and "the disk is full" in result.output
            and "run the same command again" in (result.output)
        )
        assert "Traceback" not in result.output
    import errno

    def no_space(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("specbridge.store.sqlite_utils.Database", no_space)
    result = runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(offline_env / "n.db")])
    assert result.exit_code == 2 and "the disk is full" in result.output


def test_two_writers_on_one_database_wait_for_each_other(tmp_path):
    import threading
    import time

    from results_helpers import new_run, pre_accepts, record

    from specbridge.obligations import Status, Verdict
    from specbridge.store import EvaluationRow, Store

    first, second = Store(tmp_path / "r.db"), Store(tmp_path / "r.db")
    run = new_run(first)
    # another run is writing (it holds the write lock and commits a row after a while). A deferred transaction
    # that read before that commit cannot write after it: SQLite fails it at once with "database is locked"
    holder = sqlite3.connect(tmp_path / "r.db", isolation_level=None, check_same_thread=False)
    holder.execute("begin immediate")
    released = threading.Event()

    def release():
        time.sleep(0.5)
        holder.execute("insert into runs (generator, dataset, fingerprint) values ('other', 'd', 'f')")
        holder.execute("commit")
        released.set()

    threading.Thread(target=release).start()
    record(second, run, "t", [EvaluationRow("computable", pre_accepts("t"), Verdict(status=Status.PASS))])
    assert released.is_set()  # it waited for the other writer instead of failing
    assert first.finished_task_ids(run.id) == {"t"}


# --- what failed: runs, show, report --failures, the reasons a layer is unavailable --------------------------------


def test_show_report_failures_and_unavailable_reasons(offline_env):
    folder = dataset(offline_env, ("result = 2 * n", "result = n"))
    db = offline_env / "r.db"
    runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db)])
    report = runner.invoke(app, ["report", "--db", str(db), "--failures"])
    assert report.exit_code == 0
    assert "1 failing task(s)" in report.output and "t1 computable post_accepts_0: fail" in report.output
    assert "proof: unavailable because no Lean toolchain" in report.output
    assert "judge: unavailable because no LLM configured" in report.output
    shown = runner.invoke(app, ["show", "t1", "--db", str(db)])
    assert shown.exit_code == 0
    assert "Double a natural number below 100." in shown.output and "def double_postcond" in shown.output
    assert "computable post_accepts_0: fail" in shown.output and "values: n := 3; result := 6" in shown.output
    data = json.loads(runner.invoke(app, ["show", "t1", "--db", str(db), "--json"]).stdout)
    issue = next(i for i in data["issues"] if i["obligation"] == "post_accepts_0")
    assert issue["inputs"] == {"n": "3"} and issue["output"] == "6" and issue["verdict"] == "fail"
    assert data["amplified"] == [] and "no Lean toolchain" in data["unavailable"]["proof"]
    missing = runner.invoke(app, ["show", "zz", "--db", str(db)])
    assert missing.exit_code == 2 and "has no task 'zz'" in missing.output


def test_show_prints_amplified_counterexamples_when_the_store_has_them(offline_env):
    folder = dataset(offline_env)
    db = offline_env / "r.db"
    runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db)])
    counterexample = Counterexample(part="postcond", inputs={"n": "7"}, output="13", a_holds=True, b_holds=False)
    check = AmplifiedCheck(
        inputs=20,
        verdict=DiffVerdict.B_STRONGER,
        pairs=20,
        misses={"admits_wrong": 1},
        counterexamples={"admits_wrong": counterexample},
    )
    conn = sqlite3.connect(db)
    conn.execute(
        "insert into amplified (run_id, task_id, inputs, verdict, pairs, undecided, oracle, misses, counterexamples,"
        " message, seconds) values (1, 't0', 20, ?, 20, 0, 'implementation', ?, ?, '', 0.1)",
        [
            check.verdict.value,
            json.dumps(check.misses),
            json.dumps({k: v.model_dump() for k, v in check.counterexamples.items()}),
        ],
    )
    conn.commit()
    shown = runner.invoke(app, ["show", "t0", "--db", str(db)])
    assert "amplified counterexample" in shown.output and "admits_wrong" in shown.output and "13" in shown.output
    data = json.loads(runner.invoke(app, ["show", "t0", "--db", str(db), "--json"]).stdout)
    assert data["amplified"][0]["inputs"] == {"n": "7"} and data["amplified"][0]["a_holds"] is True


def test_json_errors_are_json_on_stdout(offline_env):
    for args in (
        ["report", "--db", str(offline_env / "none.db"), "--json"],
        ["runs", "--db", str(offline_env / "none.db"), "--json"],
        ["tasks", str(offline_env / "nope"), "--json"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        data = json.loads(result.stdout)
        assert "no results database" in data["error"] or "no such dataset" in data["error"], args


# --- polish ---------------------------------------------------------------------------------------------------------


def test_version_and_help_show_flags_as_flags():
    import specbridge

    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0 and version.output.strip() == f"specbridge {specbridge.__version__}"
    text = runner.invoke(app, ["run", "--help"], env={"COLUMNS": "200"}).output
    assert "DATASET" in text and "{dataset}" not in text
    assert "<bool>" not in text and "--fresh" in text and "--retry-failed" in text


def test_an_unknown_generator_is_an_error_before_the_progress_bar(offline_env, monkeypatch):
    import specbridge.cli.main as main

    started = []
    monkeypatch.setattr(main, "task_progress", lambda **kw: started.append(1))
    folder = dataset(offline_env)
    result = runner.invoke(app, ["run", str(folder), "--generator", "nope", "--db", str(offline_env / "r.db")])
    assert result.exit_code == 2 and "nope" in result.output and not started
    assert not (offline_env / "r.db").exists()


def test_a_config_file_with_several_mistakes_reports_all_of_them(offline_env):
    config = offline_env / "specbridge.toml"
    config.write_text('repair_rounds = "x"\n[llm]\ntemprature = 1\n[computable]\nsearch_bund = 3\n', encoding="utf-8")
    result = runner.invoke(app, ["doctor", "--no-probe", "--config", str(config)])
    assert result.exit_code == 2
    for field in ("repair_rounds", "llm.temprature", "computable.search_bund"):
        assert field in result.output, field


def test_run_summary_prints_no_python_dict(offline_env):
    folder = dataset(offline_env)
    text = (folder / "t0.md").read_text(encoding="utf-8").replace('expected: "6",', 'expected: "6", example: true,')
    (folder / "t0.md").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(offline_env / "r.db")])
    assert "example obligations" in result.output
    assert "{'" not in result.output and "'pass':" not in result.output


def test_validate_says_a_broken_spec_once_at_one_position(offline_env):
    folder = dataset(offline_env, ("result = 2 * * n",))
    result = runner.invoke(app, ["validate", str(folder)])
    assert result.exit_code == 1
    assert result.output.count("unexpected token") == 1  # it was printed once per obligation (8 times)
    assert "[reference.postcond] at 1:14" in result.output and "7:" not in result.output.split("parse error")[1]
    specs = offline_env / "s.jsonl"
    good = "def double_precond (n : Nat) : Prop := True\n" + (
        "def double_postcond (n : Nat) (result : Nat) (h : double_precond n) : Prop := result = 2 * n"
    )
    specs.write_text(json.dumps({"id": "t0", "spec": '#eval IO.println "hi"\n' + good}) + "\n", encoding="utf-8")
    refused = runner.invoke(app, ["validate", str(folder), "--specs", str(specs)])
    assert refused.output.count("`#eval` is not allowed") == 1


def test_5xx_after_the_retries_is_transient_and_a_4xx_refusal_is_final(tmp_path):
    from specbridge.generate import GenerationContext
    from specbridge.generate.llm_generators import BaselineGenerator
    from specbridge.generate.loopback import Reply, ScriptedLLMServer
    from specbridge.settings import LLMSettings, Settings
    from specbridge.tasks import Param, Signature, Task

    task = Task(
        id="t",
        requirement="Double n.",
        signature=Signature(name="f", params=(Param(name="n", type="Nat"),), return_type="Nat"),
    )
    outcomes = {}
    for status in (503, 429, 400):
        with ScriptedLLMServer(responder=lambda body, s=status: Reply(status=s)) as server:
            llm = LLMSettings(base_url=server.url, model="m", max_retries=0, cache_path=str(tmp_path / f"{status}.db"))
            context = GenerationContext(settings=Settings(llm=llm), repair_rounds=0)
            outcomes[status] = BaselineGenerator().generate(task, context)
    assert outcomes[503].error and outcomes[503].transient  # resume asks again
    assert outcomes[429].error and outcomes[429].transient
    assert outcomes[400].error and not outcomes[400].transient  # a refusal is a final outcome


def test_ctrl_c_in_validate_exits_130(offline_env, monkeypatch):
    from specbridge.evaluate import computable

    def stop(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(computable, "validate_dataset", stop)
    result = runner.invoke(app, ["validate", str(dataset(offline_env))])
    assert result.exit_code == 130 and "interrupted" in result.output


def test_a_really_full_disk_on_a_tiny_tmpfs(offline_env, verina_dev):
    """The same on a real full file system (a 200 KiB tmpfs), where the machine lets us mount one (root)."""
    import os
    import subprocess

    if os.geteuid() != 0 or not shutil_which("mount"):
        pytest.skip("mounting a tiny tmpfs needs root")
    point = offline_env / "tiny"
    point.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(point)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode(errors='replace').strip()}")
    try:
        args = ["run", str(verina_dev), "--generator", "reference", "--db", str(point / "r.db")]
        for _ in range(2):  # the first run, and the rerun that resumes it
            result = runner.invoke(app, args)
            assert isinstance(result.exception, SystemExit), result.exception
            assert result.exit_code == 1 and "the disk is full" in result.output, result.output[-500:]
    finally:
        import gc

        gc.collect()  # the runs' SQLite connections, so that the file system is not busy
        # lazy: detached now even if a connection is still open, freed when the last one closes
        subprocess.run(["umount", "-l", str(point)], check=False)


def shutil_which(name: str) -> str | None:
    import shutil

    return shutil.which(name)


def test_doctor_exits_0_when_everything_is_there(offline_env, monkeypatch):
    import sys
    from pathlib import Path

    fake = offline_env / "bin" / "lean"
    fake.parent.mkdir()
    source = Path(__file__).resolve().parents[1] / "fixtures" / "lean" / "fake_lean.py"
    fake.write_text(f"#!{sys.executable}\n" + source.read_text(encoding="utf-8"), encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(fake))
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("SPECBRIDGE_MODEL", "m")
    result = runner.invoke(app, ["doctor", "--no-probe", "--json"])
    data = json.loads(result.stdout)
    assert data["lean"]["status"] == "available" and data["lean"]["version"].startswith("Lean (version")
    assert data["llm"]["status"] == "configured"
    assert result.exit_code == 0, result.output


def test_the_script_prints_usage_errors_as_json_under_json(tmp_path):
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "specbridge", "report", "--json", "--run", "abc", "--db", str(tmp_path / "r.db")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert out.returncode == 2
    data = json.loads(out.stdout)  # a bad option value was a usage message only, with nothing on stdout
    assert "--run" in data["error"] and data["exit_code"] == 2
    assert "Invalid value" in out.stderr


def test_a_command_without_json_never_prints_json_left_from_an_earlier_one(offline_env):
    runner.invoke(app, ["report", "--db", str(offline_env / "none.db"), "--json"])  # JSON mode for that one only
    result = runner.invoke(app, ["generate", str(offline_env / "nope.md")])
    assert result.exit_code == 2 and '"error"' not in result.stdout
