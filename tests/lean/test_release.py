"""One declared Lean release: the interpreter's, the Lake project's pins, and a dataset's own lean-toolchain."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from specbridge.cli import app
from specbridge.lean.release import (
    LEAN_RELEASE,
    LEAN_TOOLCHAIN,
    MATHLIB_REV,
    dataset_release,
    parse_toolchain,
    release_warnings,
)
from specbridge.settings import LeanSettings

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

TASK = """---
id: t0
signature:
  name: double
  params: [{name: n, type: Nat}]
  return_type: Nat
reference:
  precond: "True"
  postcond: "result = 2 * n"
tests:
  - {inputs: {n: "3"}, expected: "6", unexpected: ["5"]}
---
Double a natural number.
"""


def test_project_pins_the_declared_release() -> None:
    # layers 2 and 3 must judge the same language: lean-toolchain and the Mathlib tag follow release.py
    assert (ROOT / "lean-toolchain").read_text(encoding="utf-8").strip() == LEAN_TOOLCHAIN
    lakefile = (ROOT / "lakefile.lean").read_text(encoding="utf-8")
    tags = re.findall(r'mathlib4"\s*@\s*"([^"]+)"', lakefile)
    assert tags == [MATHLIB_REV]
    assert LEAN_RELEASE == "v4.18.0"  # VERINA's release; moving it is a decision (docs/lean.md), not an accident
    assert release_warnings(LeanSettings(project_dir=str(ROOT))) == []


def test_parse_toolchain() -> None:
    assert parse_toolchain("leanprover/lean4:v4.24.0\n") == "v4.24.0"
    assert parse_toolchain("4.18.0") == "v4.18.0"
    assert parse_toolchain("leanprover/lean4:nightly-2025-03-19") == "nightly-2025-03-19"
    assert parse_toolchain("") is None
    assert parse_toolchain("a b\nc d") is None


def test_dataset_release_beside_a_file_or_in_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "bench"
    folder.mkdir()
    assert dataset_release(folder) is None
    (folder / "lean-toolchain").write_text("leanprover/lean4:v4.24.0\n", encoding="utf-8")
    found = dataset_release(folder)
    assert found is not None and found.release == "v4.24.0" and found.differs
    assert "v4.24.0" in (found.warning() or "") and LEAN_RELEASE in (found.warning() or "")
    # a file inside the folder (a requirement file, a .jsonl) sees the toolchain beside it
    (folder / "tasks.jsonl").write_text("", encoding="utf-8")
    assert dataset_release(folder / "tasks.jsonl") == found
    (folder / "lean-toolchain").write_text(LEAN_TOOLCHAIN, encoding="utf-8")
    same = dataset_release(folder)
    assert same is not None and not same.differs and same.warning() is None
    (folder / "lean-toolchain").write_text("what\never is this", encoding="utf-8")
    bad = dataset_release(folder)
    assert bad is not None and bad.release == "<malformed>" and bad.differs


def test_release_warnings_name_each_disagreement(tmp_path: Path) -> None:
    (tmp_path / "lean-toolchain").write_text("leanprover/lean4:v4.29.0\n", encoding="utf-8")
    (tmp_path / "lakefile.lean").write_text(
        'require mathlib from git\n  "https://github.com/leanprover-community/mathlib4" @ "v4.29.0"\n',
        encoding="utf-8",
    )
    found = release_warnings(LeanSettings(project_dir=str(tmp_path)), "Lean (version 4.29.0, x86_64-unknown-linux)")
    assert len(found) == 3
    assert "pins Lean v4.29.0" in found[0] and "Mathlib v4.29.0" in found[1] and "installed Lean is 4.29.0" in found[2]


def test_validate_and_doctor_report_a_dataset_of_another_release(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    folder = tmp_path / "ds"
    folder.mkdir()
    (folder / "t0.md").write_text(TASK, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["lean_release"] == {"ours": LEAN_RELEASE, "declared": None, "warning": None}
    (folder / "lean-toolchain").write_text("leanprover/lean4:v4.24.0\n", encoding="utf-8")
    data = json.loads(runner.invoke(app, ["validate", str(folder), "--json"]).stdout)
    assert data["lean_release"]["declared"] == "v4.24.0" and "v4.24.0" in data["lean_release"]["warning"]
    assert data["passed"] == 3 and data["failed"] == 0  # a warning, not a refusal
    text = runner.invoke(app, ["validate", str(folder)])
    assert "declares Lean v4.24.0" in text.output

    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    monkeypatch.chdir(tmp_path)
    doc = runner.invoke(app, ["doctor", "--no-probe", "--json", "--dataset", str(folder)])
    assert doc.exit_code == 0, doc.output
    release = json.loads(doc.stdout)["release"]
    assert release["status"] == "differs" and release["release"] == LEAN_RELEASE
    assert any("v4.24.0" in w for w in release["warnings"])
    plain = json.loads(runner.invoke(app, ["doctor", "--no-probe", "--json"]).stdout)["release"]
    assert plain["status"] == "ok" and plain["fix"] is None
