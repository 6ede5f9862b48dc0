"""The offline benchmark's transfer mode (--corpus DIR --tasks DIR) on two tiny datasets."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import offline_leave_one_out as bench  # noqa: E402

CORPUS_TASK = """---
id: corpus_rev
signature:
  name: revArray
  params: [{name: a, type: Array Int}]
  return_type: Array Int
reference: {precond: "True", postcond: "result.toList = a.toList.reverse"}
---
Reverse an array of integers.
"""
CORPUS_MAX = """---
id: corpus_maxk
signature:
  name: largestIgnoring
  params: [{name: ys, type: List Int}, {name: k, type: Nat}]
  return_type: Int
reference: {precond: "ys ≠ []", postcond: "result ∈ ys ∧ ∀ y ∈ ys, y ≤ result"}
---
Return the largest element of a non-empty list of integers; the number k is ignored.
"""
NEW_TASK = """---
id: new_max
signature:
  name: biggest
  params: [{name: xs, type: List Int}]
  return_type: Int
tests:
  - {inputs: {xs: "[1, 7, 3]"}, expected: "7", unexpected: ["3", "8"]}
reject_inputs:
  - {inputs: {xs: "[]"}}
---
Return the largest element of a non-empty list.
"""


def _datasets(root: Path, **tasks: str) -> None:
    """root/corpus (a reversal and a maximum task) and root/tasks holding `tasks` (file stem -> task file text)."""
    (root / "corpus").mkdir()
    (root / "tasks").mkdir()
    (root / "corpus" / "rev.md").write_text(CORPUS_TASK, encoding="utf-8")
    # A maximum task with another arity: no corpus spec adapts to NEW_TASK, its mined clauses do.
    (root / "corpus" / "maxk.md").write_text(CORPUS_MAX, encoding="utf-8")
    for stem, text in tasks.items():
        (root / "tasks" / f"{stem}.md").write_text(text, encoding="utf-8")


def test_transfer_mode_reports_counts_and_sources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _datasets(tmp_path, max=NEW_TASK)
    assert bench.main(["--corpus", str(tmp_path / "corpus"), "--tasks", str(tmp_path / "tasks"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["tasks"] == 1 and out["summary"]["sound_complete"] == 1
    assert out["summary"]["protocol"].startswith("transfer:") and "0 example test(s)" in out["summary"]["protocol"]
    assert out["tasks"][0]["from"].startswith("pattern:p")
    assert out["summary"]["by_source"]["pattern"] == {"tasks": 1, "sound_complete": 1}


def test_source_is_read_from_the_notes() -> None:
    assert bench._source("Produced by the offline generator (no LLM): adapted from corpus task(s) a, b.") == "a, b"
    assert bench._source("... instantiated the mined pattern(s) `p01, p02` (specbridge/mining, ...); no corpus") == (
        "pattern:p01, p02"
    )
    mixed = "... instantiated the mined pattern(s) `p01` (...); with clause(s) from corpus task(s) x (see below)."
    assert bench._source(mixed) == "pattern:p01"


ODD_TASK = """---
id: odd_one
signature:
  name: oddOne
  params: [{name: xs, type: List Int}]
  return_type: Int
tests:
  - {inputs: {xs: "[1, 7, 3]"}, expected: "7", unexpected: ["3"]}
  - {inputs: {xs: "[2, 5]"}, expected: "99", unexpected: ["5"]}
---
Return the largest element of the list, except that some lists give 99.
"""


def test_the_oracle_says_where_a_right_spec_sits_and_keeps_unread_sets_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import offline_oracle as oracle

    _datasets(tmp_path, max=NEW_TASK, odd=ODD_TASK)
    args = ["--corpus", str(tmp_path / "corpus"), "--tasks", str(tmp_path / "tasks"), "--json"]
    assert oracle.main(args) == 0
    out = json.loads(capsys.readouterr().out)
    where = {row["task"]: row["category"] for row in out["tasks"]}
    assert where == {"new_max": "chosen", "odd_one": "none"}  # no spec of this corpus gives 99 for [2, 5]
    assert out["summary"]["chosen"] == 1 and out["summary"]["none"] == 1 and out["summary"]["tasks"] == 2
    assert oracle.main([*args, "--aggregate"]) == 0
    hidden = json.loads(capsys.readouterr().out)
    assert "tasks" not in hidden and hidden["summary"]["chosen"] == 1
    # split by where the chosen candidate came from, still without a task id
    assert sum(hidden["by_kind"].values()) == 2
    assert all(key.split()[0] in oracle.CATEGORIES for key in hidden["by_kind"])
    assert not [key for key in hidden["by_kind"] if "new_max" in key or "odd_one" in key]
