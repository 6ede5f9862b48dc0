"""The CLI is thin: each command's JSON output has the documented shape and bad input exits with a message."""

from __future__ import annotations

import json

from cli_datasets import TASK
from typer.testing import CliRunner

from specbridge.cli import app

runner = CliRunner()


def make_dataset(tmp_path, n=3, broken=True):
    folder = tmp_path / "ds"
    folder.mkdir()
    for i in range(n):
        (folder / f"t{i}.md").write_text(TASK.format(id=f"t{i}", post="result = 2 * n"), encoding="utf-8")
    if broken:
        (folder / "broken.md").write_text("---\nid: [\n---\nx\n", encoding="utf-8")
    return folder


def test_tasks_json(tmp_path):
    folder = make_dataset(tmp_path)
    result = runner.invoke(app, ["tasks", str(folder), "--json"])
    assert result.exit_code == 1, result.output  # an invalid task: done, but not everything was loaded
    data = json.loads(result.stdout)
    assert data["tasks"] == 3 and data["ids"] == ["t0", "t1", "t2"]
    assert data["invalid"][0]["path"].endswith("broken.md") and "YAML" in data["invalid"][0]["reason"]


def test_tasks_missing_dataset_is_a_clear_error(tmp_path):
    result = runner.invoke(app, ["tasks", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "no such dataset" in result.output


def test_run_and_report_json(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "SPECBRIDGE_MODEL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = make_dataset(tmp_path)
    db = tmp_path / "r.db"
    result = runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db), "--json"])
    assert result.exit_code == 1, result.output  # broken.md was skipped
    assert json.loads(result.stdout)["invalid"][0]["path"].endswith("broken.md")
    result = runner.invoke(app, ["report", "--db", str(db), "--json"])
    report = json.loads(result.stdout)
    assert report["generator"] == "reference"
    assert report["tasks"] == 3 and report["generated"] == 3 and report["generation_failed"] == 0
    assert report["sound_and_complete"] == 3
    assert report["layers"]["computable"]["pass"] == 3 * 8  # 2 pre + 1 reject + 2 post + 3 unexpected per task
    assert report["layers"]["computable"]["fail"] == 0
    assert report["layers"]["proof"]["unavailable"] == 3 * 8
    assert report["layers"]["proof"]["pass"] == 0 and report["layers"]["proof"]["fail"] == 0
    assert report["layers"]["judge"] == {"pass": 0, "fail": 0, "unknown": 0, "error": 0, "unavailable": 3}


def test_generation_failure_is_stored_and_batch_goes_on(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = make_dataset(tmp_path, broken=False)
    # t1 has no reference spec: the reference generator fails on it, the others still run
    text = (folder / "t1.md").read_text(encoding="utf-8")
    start, end = text.index("reference:"), text.index("tests:")
    (folder / "t1.md").write_text(text[:start] + text[end:], encoding="utf-8")
    db = tmp_path / "r.db"
    assert runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db)]).exit_code == 0
    report = json.loads(runner.invoke(app, ["report", "--db", str(db), "--json"]).stdout)
    assert report["generated"] == 2 and report["generation_failed"] == 1
    assert "no reference spec" in report["generation_errors"]["t1"]


def test_untrusted_spec_is_refused_as_generation_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = make_dataset(tmp_path, n=1, broken=False)
    text = (folder / "t0.md").read_text(encoding="utf-8")
    (folder / "t0.md").write_text(text.replace('postcond: "result = 2 * n"', 'postcond: "sorry"'), encoding="utf-8")
    db = tmp_path / "r.db"
    assert runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db)]).exit_code == 0
    report = json.loads(runner.invoke(app, ["report", "--db", str(db), "--json"]).stdout)
    assert report["generation_failed"] == 1
    assert "refused untrusted spec" in report["generation_errors"]["t0"]


def test_rerun_resumes_and_fresh_starts_anew(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = make_dataset(tmp_path, broken=False)
    db = tmp_path / "r.db"
    args = ["run", str(folder), "--generator", "reference", "--db", str(db), "--json"]
    first = json.loads(runner.invoke(app, args + ["--limit", "2"]).stdout)
    assert first["tasks"] == 2 and first["resumed"] is False
    second = json.loads(runner.invoke(app, args).stdout)
    assert second["run"] == first["run"] and second["resumed"] is True and second["skipped"] == 2
    assert second["tasks"] == 3
    third = json.loads(runner.invoke(app, args + ["--fresh"]).stdout)
    assert third["run"] != first["run"] and third["skipped"] == 0


def test_report_without_database(tmp_path):
    result = runner.invoke(app, ["report", "--db", str(tmp_path / "none.db")])
    assert result.exit_code == 2 and "no results database" in result.output


def test_doctor_json_without_engines(tmp_path, monkeypatch):
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "SPECBRIDGE_MODEL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["doctor", "--json"])
    assert result.exit_code == 1, result.output  # engines missing: each is reported with its fix
    data = json.loads(result.stdout)
    assert data["llm"]["status"] == "not configured" and data["llm"]["fix"]
    assert data["lean"]["status"] == "unavailable" and data["lean"]["fix"]
    assert data["python"]["status"] == "ok"


def test_export_jsonl(tmp_path):
    folder = make_dataset(tmp_path)
    out = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["export", str(folder), "--jsonl", str(out)])
    assert result.exit_code == 1  # broken.md was not exported
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3


def test_llm_generator_without_llm_is_a_clear_error(tmp_path, monkeypatch):
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "SPECBRIDGE_MODEL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.chdir(tmp_path)
    folder = make_dataset(tmp_path, broken=False)
    result = runner.invoke(app, ["run", str(folder), "--generator", "specbridge", "--db", str(tmp_path / "r.db")])
    assert result.exit_code == 2
    assert "needs an LLM and none is configured" in result.output


def test_unavailable_generation_is_its_own_status(tmp_path):
    from specbridge.generate import Generation
    from specbridge.report import build_report
    from specbridge.store import Store

    store = Store(tmp_path / "r.db")
    run = store.create_run(
        generator="specbridge", model="m", dataset="d", fingerprint="f", settings={}, git_revision=None, examples=0
    )
    gen = Generation(generator="specbridge", error="unavailable: no LLM configured", unavailable=True)
    store.write_task_result(
        run_id=run.id, task_id="t", source="", signature="", requirement="", generation=gen, evaluations=[], seconds=0
    )
    report = build_report(store, store.run(run.id))
    assert report.generation_unavailable == 1 and report.generation_failed == 0 and report.generated == 0


def test_invalid_task_reasons_are_printed_verbatim_not_as_rich_markup(tmp_path):
    # A field name in brackets ("[signature]") was swallowed as a markup tag, and a value like "[/x]" in a
    # reason crashed the command with a MarkupError traceback.
    folder = make_dataset(tmp_path, n=1, broken=False)
    text = (folder / "t0.md").read_text(encoding="utf-8")
    (folder / "closetag.md").write_text(
        text.replace("id: t0", "id: closetag").replace('expected: "6"', 'expected: "[/x]"'), encoding="utf-8"
    )
    (folder / "nosig.md").write_text("---\nid: nosig\ntests: []\n---\nNo signature.\n", encoding="utf-8")
    for command in (["tasks"], ["validate"], ["export", "--jsonl", str(tmp_path / "o.jsonl")]):
        result = runner.invoke(app, [command[0], str(folder), *command[1:]])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert result.exit_code == 1, result.output  # done, but two task files are invalid
        assert "nosig.md [signature]: missing" in result.output
        assert "closetag.md [tests[0].expected]: not a Lean literal: '[/x]'" in result.output


def test_validate_specs_file_bad_lines_untrusted_and_missing_file(tmp_path):
    folder = make_dataset(tmp_path, n=3, broken=False)
    good = "def double_precond (n : Nat) : Prop := n < 100\n" + (
        "def double_postcond (n : Nat) (result : Nat) (h : double_precond n) : Prop := result = 2 * n"
    )
    specs = tmp_path / "specs.jsonl"
    specs.write_text(
        "\n".join(
            [
                json.dumps({"id": "t0", "spec": good}),
                "not json",
                json.dumps({"id": "t1", "spec": '#eval IO.println "hi"\n' + good}),
                json.dumps({"id": "t2", "spec": good}),
            ]
        ),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["validate", str(folder), "--specs", str(specs), "--json"])
    assert result.exit_code == 1, result.output  # a bad line and a refused spec: validation did not pass
    data = json.loads(result.stdout)
    # a bad line is reported with file:line and the other specs are still evaluated
    assert len(data["invalid_specs"]) == 1 and data["invalid_specs"][0].startswith(f"{specs}:2:")
    assert data["tasks"] == 3 and data["obligations"] == 24
    # the untrusted spec is refused (every obligation of t1 is an error), never evaluated
    assert data["passed"] == 16 and data["error"] == 8 and data["failed"] == 0
    result = runner.invoke(app, ["validate", str(folder), "--specs", str(specs)])
    assert "`#eval` is not allowed" in result.output

    missing = runner.invoke(app, ["validate", str(folder), "--specs", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2 and not isinstance(missing.exception, FileNotFoundError)
    assert "nope.jsonl: cannot read the specs file" in missing.output


def test_bad_paths_and_arguments_are_clear_errors_not_tracebacks(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = make_dataset(tmp_path, n=2, broken=False)
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    unwritable = blocker / "sub" / "out"  # a path under a regular file: no directory can be made there
    notdb = tmp_path / "notdb.db"
    notdb.write_text("hello", encoding="utf-8")
    db = tmp_path / "r.db"
    assert runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db)]).exit_code == 0
    task = str(folder / "t0.md")
    cases = [
        (["report", "--db", str(db), "--run", "42"], f"{db}: no run 42"),
        (["report", "--db", str(notdb)], "cannot open the results database"),
        (["compare", "1", "2", "--db", str(notdb)], "cannot open the results database"),
        (["run", str(folder), "--generator", "reference", "--db", str(notdb)], "cannot open the results database"),
        (["export", str(folder), "--jsonl", str(unwritable)], "cannot write"),
        (["lean", "render", task, "--out", str(unwritable)], "cannot write"),
        (["lean", "render", task, "--spec", str(tmp_path / "nope.lean"), "--out", "x.lean"], "cannot read the spec"),
        (["generate", task, "--generator", "reference", "--out", str(unwritable)], "cannot write"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), (args, result.exception)
        assert message in result.output, (args, result.output)
    # a negative --limit silently dropped the last task (tasks[:-1]); negative counts are refused
    for option in ("--limit", "--examples", "--repair", "--workers"):
        result = runner.invoke(app, ["run", str(folder), "--db", str(db), option, "-1"])
        assert result.exit_code == 2 and "Invalid value" in result.output, (option, result.output)


def test_a_named_corpus_that_does_not_exist_is_an_error_not_an_empty_corpus(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = make_dataset(tmp_path, n=1, broken=False)
    nope = str(tmp_path / "nope")
    for args in (
        ["run", str(folder), "--generator", "offline", "--db", str(tmp_path / "r.db"), "--corpus", nope],
        ["generate", str(folder / "t0.md"), "--generator", "offline", "--corpus", nope],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert f"{nope}: no such corpus" in result.output
    assert not (tmp_path / "r.db").exists()  # refused before a run was recorded


def test_run_on_a_dataset_without_valid_tasks_is_an_error_naming_the_bad_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    empty = tmp_path / "empty"
    empty.mkdir()
    db = tmp_path / "r.db"
    result = runner.invoke(app, ["run", str(empty), "--generator", "reference", "--db", str(db)])
    assert result.exit_code == 2 and "no valid tasks to run" in result.output
    only_bad = make_dataset(tmp_path, n=0, broken=True)
    result = runner.invoke(app, ["run", str(only_bad), "--generator", "reference", "--db", str(db)])
    assert result.exit_code == 2 and "broken.md:2: invalid YAML front matter" in result.output
    assert not db.exists()  # no empty run was recorded


def test_a_misspelt_settings_key_is_an_error_naming_it(tmp_path, monkeypatch):
    # `search_bund` used to be ignored silently: the run went on with the default and looked configured
    monkeypatch.chdir(tmp_path)
    config = tmp_path / "specbridge.toml"
    config.write_text("[computable]\nsearch_bund = 10\n", encoding="utf-8")
    result = runner.invoke(app, ["doctor", "--no-probe", "--config", str(config)])
    assert result.exit_code == 2 and "field computable.search_bund: Extra inputs are not permitted" in result.output
    config.write_text('db = "x.db"\n[computable]\nsearch_bound = 10\n[llm]\nconcurrency = 2\n', encoding="utf-8")
    assert json.loads(runner.invoke(app, ["doctor", "--no-probe", "--config", str(config), "--json"]).stdout)["llm"]


def test_a_changed_corpus_starts_a_new_run_and_settings_give_the_examples_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = make_dataset(tmp_path, broken=False)
    other = tmp_path / "other_corpus"
    other.mkdir()
    (other / "t9.md").write_text(TASK.format(id="t9", post="result = 2 * n"), encoding="utf-8")
    db = tmp_path / "r.db"
    args = ["run", str(folder), "--generator", "offline", "--db", str(db), "--json"]
    first = json.loads(runner.invoke(app, args).stdout)
    again = json.loads(runner.invoke(app, args).stdout)
    assert again["run"] == first["run"] and again["resumed"] is True
    moved = json.loads(runner.invoke(app, args + ["--corpus", str(other)]).stdout)
    assert moved["run"] != first["run"] and moved["resumed"] is False
    (tmp_path / "specbridge.toml").write_text("examples = 1\n", encoding="utf-8")
    with_examples = json.loads(runner.invoke(app, args + ["--fresh"]).stdout)
    assert "first 1 test case" in with_examples["protocol"]
