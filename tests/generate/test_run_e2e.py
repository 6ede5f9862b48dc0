"""`specbridge run DATASET --generator specbridge` end to end against the scripted loopback model."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from specbridge.generate.loopback import Reply, ScriptedLLMServer

SENTINEL = "424242421"

PLAN = """## Inputs
- `xs : List Int` — any list
## Guards
- none
## Result
1. the result is the sum — shape: `result = xs.foldl (· + ·) 0`
"""


def _requirement(task_id: str, name: str, sentinel: str) -> str:
    return f"""---
id: {task_id}
signature:
  name: {name}
  params:
    - {{name: xs, type: List Int}}
  return_type: Int
tests:
  - inputs: {{xs: "[1, 2]"}}
    expected: "3"
    unexpected: ["4"]
    example: true
  - inputs: {{xs: "[{sentinel}]"}}
    expected: "{sentinel}"
    unexpected: ["0"]
---
Return the sum of the integers of the list ({name}).
"""


def fill_skeleton(body: dict) -> Reply:
    """Answer like a model would: a plan for plan prompts, else the prompt's own skeleton filled in."""
    user = body["messages"][-1]["content"]
    if '"aligned"' in user:  # layer 1, the judge, asks the same endpoint
        return Reply(text='{"aligned": true, "precondition_ok": true, "postcondition_ok": true, "reasons": []}')
    if "Formalization Plan (no Lean" in user:
        return Reply(text=PLAN)
    skeletons = [b for b in re.findall(r"```lean\n(.*?)```", user, re.S) if "sorry" in b]
    text = skeletons[-1].replace("sorry", "True", 1).replace("sorry", "result = xs.foldl (· + ·) 0")
    return Reply(text=f"Here it is:\n```lean\n{text}```")


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "a.md").write_text(_requirement("sum_a", "sumA", SENTINEL), encoding="utf-8")
    (folder / "b.md").write_text(_requirement("sum_b", "sumB", SENTINEL), encoding="utf-8")
    return folder


def test_run_specbridge_generator_end_to_end(tmp_path: Path, dataset: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from specbridge.cli import app

    monkeypatch.chdir(tmp_path)  # the response cache and the results DB land here
    with ScriptedLLMServer(responder=fill_skeleton) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("SPECBRIDGE_MODEL", "scripted")
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        result = CliRunner().invoke(
            app,
            ["run", str(dataset), "--generator", "specbridge", "--db", str(tmp_path / "r.db"), "--repair", "1"],
        )
        assert result.exit_code == 0, result.output
        requests = len(server.requests)
    assert requests >= 4  # plan + decode for each of the two tasks
    assert SENTINEL not in "\n".join(server.prompts())  # hidden tests never reach the model
    assert "[1, 2]" in "\n".join(server.prompts())  # example tests do

    db = sqlite3.connect(tmp_path / "r.db")
    db.row_factory = sqlite3.Row
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    gen_table = next(t for t in tables if "generation" in t)
    rows = [dict(r) for r in db.execute(f"SELECT * FROM {gen_table}")]
    assert len(rows) == 2
    for row in rows:
        assert row["error"] is None, row["error"]
        assert "result = xs.foldl" in row["spec_text"] and "## Result" in row["plan"]
        assert json.loads(row["rounds"])[0]["index"] == 0
        assert row["calls"] >= 2 and row["prompt_tokens"] > 0
    computable = [r["verdict"] for r in db.execute("SELECT verdict FROM evaluations WHERE layer = 'computable'")]
    assert computable and set(computable) == {"pass"}  # the scripted spec is right, hidden tests included


def test_generate_command_prints_plan_and_spec(tmp_path: Path, dataset: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from specbridge.cli import app

    monkeypatch.chdir(tmp_path)
    out = tmp_path / "spec.lean"
    with ScriptedLLMServer(responder=fill_skeleton) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("SPECBRIDGE_MODEL", "scripted")
        result = CliRunner().invoke(app, ["generate", str(dataset / "a.md"), "--out", str(out), "--repair", "0"])
    assert result.exit_code == 0, result.output
    assert "plan (NLFP)" in result.output and "the result is the sum" in result.output
    assert "generator: specbridge" in result.output and "model calls: 2" in result.output
    assert "def sumA_postcond (xs : List Int) (result : Int)" in out.read_text(encoding="utf-8")
    assert SENTINEL not in "\n".join(server.prompts())


def test_generate_command_without_a_model_is_unavailable(
    tmp_path: Path, dataset: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from specbridge.cli import app

    monkeypatch.chdir(tmp_path)
    for var in ("OPENAI_BASE_URL", "SPECBRIDGE_MODEL", "OPENAI_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    result = CliRunner().invoke(app, ["generate", str(dataset / "a.md"), "--generator", "baseline"])
    assert result.exit_code == 1  # done, but no spec: the README's exit-code convention
    assert "unavailable" in result.output and "no LLM configured" in result.output
