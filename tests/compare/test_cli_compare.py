"""`specbridge diff` / `specbridge audit`: JSON shapes, exit codes, reference.impl in requirement files."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from specbridge.cli import app
from specbridge.datasets import load_dataset
from specbridge.datasets.reqfile import task_to_mapping

runner = CliRunner()

TASK = """---
id: {id}
signature:
  name: double
  params: [{{name: n, type: Nat}}]
  return_type: Nat
reference:
  precond: "n < 100"
  postcond: "{post}"
  impl: "2 * n"
tests:
  - {{inputs: {{n: "3"}}, expected: "6", unexpected: ["5", "7"]}}
---
Double a natural number below 100.
"""

WEAK = """def double_precond (n : Nat) : Prop := n < 100
def double_postcond (n : Nat) (result : Nat) (h_precond : double_precond n) : Prop :=
  result = 2 * n ∨ (n > 10 ∧ result = 0)
"""


def write(tmp_path: Path, post: str = "result = 2 * n", name: str = "double") -> Path:
    path = tmp_path / f"{name}.md"
    path.write_text(TASK.format(id=name, post=post), encoding="utf-8")
    return path


def test_requirement_file_reference_impl_is_loaded_and_exported(tmp_path: Path) -> None:
    task = load_dataset(write(tmp_path)).tasks[0]
    assert task.reference is not None and task.reference.impl == "2 * n"
    assert task_to_mapping(task)["reference"]["impl"] == "2 * n"
    assert task.visible_view().reference is None  # generators never see the implementation


def test_diff_json_shape_and_exit_codes(tmp_path: Path) -> None:
    task = write(tmp_path)
    same = runner.invoke(app, ["diff", str(task), "--a", "reference", "--b", "reference", "--json", "--inputs", "30"])
    assert same.exit_code == 0, same.output
    out = json.loads(same.stdout)
    assert out["verdict"] == "equivalent" and out["pairs"] > 30 and out["counterexamples"] == []
    spec = tmp_path / "weak.lean"
    spec.write_text(WEAK, encoding="utf-8")
    weak = runner.invoke(app, ["diff", str(task), "--a", "reference", "--b", str(spec), "--json", "--inputs", "30"])
    assert weak.exit_code == 1
    out = json.loads(weak.stdout)
    assert out["verdict"] == "a_stronger"
    first = out["counterexamples"][0]
    assert first == {"part": "postcond", "inputs": {"n": "11"}, "output": "0", "a_holds": False, "b_holds": True}


def test_diff_bad_input_exits_2(tmp_path: Path) -> None:
    task = write(tmp_path)
    missing = runner.invoke(app, ["diff", str(task), "--a", "reference", "--b", str(tmp_path / "none.lean")])
    assert missing.exit_code == 2 and "not a spec" in missing.output
    bad = tmp_path / "bad.lean"
    bad.write_text("def double_postcond (n : Nat :=", encoding="utf-8")
    broken = runner.invoke(app, ["diff", str(task), "--a", "reference", "--b", str(bad), "--json"])
    assert broken.exit_code == 2 and json.loads(broken.stdout)["error"]
    write(tmp_path, name="other")
    several = runner.invoke(app, ["diff", str(tmp_path), "--a", "reference", "--b", "reference"])
    assert several.exit_code == 2 and "--task" in several.output
    picked = runner.invoke(app, ["diff", str(tmp_path), "--task", "other", "--a", "reference", "--b", "reference"])
    assert picked.exit_code == 0, picked.output


def test_audit_json_shape_and_exit_codes(tmp_path: Path) -> None:
    folder = tmp_path / "ds"
    folder.mkdir()
    write(folder, name="exact")
    ok = runner.invoke(app, ["audit", str(folder), "--json", "--inputs", "20", "--workers", "1"])
    assert ok.exit_code == 0, ok.output
    out = json.loads(ok.stdout)
    row = out["tasks"][0]
    assert {"id", "implementation_runs", "completeness_misses", "admits_other_outputs", "examples"} <= set(row)
    assert row["implementation_runs"] is True and row["completeness_misses"] == 0
    assert isinstance(out["seconds"], float)
    write(folder, post="result = 2 * n ∧ n < 50", name="incomplete")
    found = runner.invoke(app, ["audit", str(folder), "--json", "--inputs", "40", "--workers", "1"])
    assert found.exit_code == 1
    rows = {r["id"]: r for r in json.loads(found.stdout)["tasks"]}
    assert rows["incomplete"]["completeness_misses"] > 0
    assert rows["incomplete"]["examples"][0]["inputs"] == {"n": "50"}
    text = runner.invoke(app, ["audit", str(folder), "--inputs", "40", "--workers", "1"])
    assert text.exit_code == 1 and "completeness misses" in text.output
    bad = runner.invoke(app, ["audit", str(tmp_path / "nothing")])
    assert bad.exit_code == 2


def test_run_amplify_and_report_show_the_generated_input_figures(tmp_path: Path) -> None:
    folder = tmp_path / "ds"
    folder.mkdir()
    write(folder, name="exact")
    db = tmp_path / "r.db"
    run = runner.invoke(app, ["run", str(folder), "--generator", "reference", "--amplify", "20", "--db", str(db)])
    assert run.exit_code == 0, run.output
    assert "sound & complete on 20 generated inputs 1 of 1 checked" in run.output
    report = runner.invoke(app, ["report", "--db", str(db), "--json"])
    amp = json.loads(report.stdout)["amplified"]
    assert amp["inputs"] == 20 and amp["sound_and_complete"] == 1 and amp["pass_tests_but_miss"] == []
