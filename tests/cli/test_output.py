"""What the commands print: Lean verbatim whatever the terminal, plots, the browser's queries."""

from __future__ import annotations

import json
import sqlite3

import pytest
from rich.console import Console
from typer.testing import CliRunner

from specbridge.cli import app

runner = CliRunner()

LONG_POST = " ∧ ".join(f"(n = {i} → result = {2 * i})" for i in range(12)) + " ∧ result = 2 * n"

TASK = f"""---
id: long
signature:
  name: doubleWithAVeryLongNameIndeed
  params: [{{name: someFairlyLongParameterName, type: Nat}}]
  return_type: Nat
reference:
  precond: "someFairlyLongParameterName < 100"
  postcond: "{LONG_POST.replace("n", "someFairlyLongParameterName")}"
tests:
  - {{inputs: {{someFairlyLongParameterName: "3"}}, expected: "6"}}
---
Double it.
"""


@pytest.fixture
def long_task(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    path = tmp_path / "long.md"
    path.write_text(TASK, encoding="utf-8")
    return path


def _spec_lines(path) -> list[str]:
    from specbridge.datasets import load_task
    from specbridge.tasks import render_spec_source

    task = load_task(path)
    return [line for line in render_spec_source(task.signature, task.reference).splitlines() if line.strip()]


def test_generate_prints_lean_verbatim_on_an_80_column_terminal(long_task, monkeypatch):
    import specbridge.cli.generate as generate

    # a real terminal of 80 columns: rich's Panel/Syntax cropped the postcondition header there
    monkeypatch.setattr(generate, "console", Console(force_terminal=True, width=80, soft_wrap=True))
    result = runner.invoke(app, ["generate", str(long_task), "--generator", "reference"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = _spec_lines(long_task)
    assert max(len(line) for line in lines) > 80  # the point of the test: lines wider than the terminal
    out = result.stdout.splitlines()
    for line in lines:
        assert line in out, line  # every line whole, on a line of its own: copyable Lean


def test_generate_through_a_pipe_and_plain_prints_only_lean_and_plan(long_task):
    for extra in ([], ["--plain"]):
        result = runner.invoke(app, ["generate", str(long_task), "--generator", "reference", *extra])
        assert result.exit_code == 0
        out = result.stdout.splitlines()
        for line in _spec_lines(long_task):
            assert line in out
        assert not any(ch in result.stdout for ch in "╭│╰─")  # no box drawing mixed into the Lean


def test_report_and_compare_plots(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib", reason="the [plot] extra (matplotlib) is not installed")
    from cli_datasets import two_task_dataset

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = two_task_dataset(tmp_path)
    db = tmp_path / "r.db"
    runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db)])
    runner.invoke(app, ["run", str(folder), "--generator", "offline", "--db", str(db)])
    png, svg = tmp_path / "run.png", tmp_path / "cmp.svg"
    result = runner.invoke(app, ["report", "--db", str(db), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
    result = runner.invoke(app, ["compare", "1", "2", "--db", str(db), "--plot", str(svg)])
    assert result.exit_code == 0, result.output
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    bad = runner.invoke(app, ["report", "--db", str(db), "--plot", str(tmp_path / "x.pdf")])
    assert bad.exit_code == 2 and ".png or .svg" in bad.output


def test_plot_without_matplotlib_is_a_clear_error(tmp_path, monkeypatch):
    import builtins

    from cli_datasets import two_task_dataset

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = two_task_dataset(tmp_path)
    db = tmp_path / "r.db"
    runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db)])
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError("No module named 'matplotlib'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    result = runner.invoke(app, ["report", "--db", str(db), "--plot", str(tmp_path / "x.png")])
    assert result.exit_code == 2 and "pip install 'specbridge[plot]'" in result.output
    assert not (tmp_path / "x.png").exists()


def test_failing_obligations_query_filters_by_task_and_fills_cause(tmp_path, monkeypatch):
    from cli_datasets import two_task_dataset

    from specbridge import browse

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = two_task_dataset(tmp_path, wrong=("t0", "t1"))
    db = tmp_path / "r.db"
    runner.invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db)])
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    sql = browse.CANNED_QUERIES["failing_obligations"]["sql"]
    every = conn.execute(sql, {"run": "", "task": ""}).fetchall()
    assert {r["task_id"] for r in every} == {"t0", "t1"}
    only = conn.execute(sql, {"run": "1", "task": "t1"}).fetchall()
    assert only and {r["task_id"] for r in only} == {"t1"}
    assert all(r["cause"] for r in every)  # it was empty for every fail
    row = next(r for r in only if r["obligation"] == "post_accepts_0")
    assert row["cause"] == "postcondition rejects the expected result" and json.loads(row["inputs"]) == {"n": "3"}


def test_chart_page_draws_each_layer_and_task():
    from specbridge.browse import chart_page

    layers = [
        {"layer": "computable", "verdict": "pass", "n": 6},
        {"layer": "computable", "verdict": "fail", "n": 2},
        {"layer": "proof", "verdict": "unavailable", "n": 8},
    ]
    tasks = [
        {"task_id": "a", "status": "generated", "evaluated": 1, "all_pass": 1},
        {"task_id": "b<", "status": "generated", "evaluated": 1, "all_pass": 0},
        {"task_id": "c", "status": "generation_failed", "evaluated": 0, "all_pass": 1},
    ]
    page = chart_page(3, layers, tasks)
    assert page.count('class="verdict"') == 3 and page.count('class="task"') == 3
    assert 'data-outcome="sound &amp; complete"' in page and 'data-task="b&lt;"' in page
    assert "generation failed (1)" in page and "<script" not in page
