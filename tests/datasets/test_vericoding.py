"""The Vericoding YAML loader: one file -> a task without tests whose reference is the file's spec."""

from __future__ import annotations

from pathlib import Path

import pytest

from specbridge.datasets import load_dataset, load_task
from specbridge.errors import TaskFormatError

REPO = Path(__file__).resolve().parents[2]
VERICODING = REPO.parent / "shared" / "corpora" / "vericoding-apps"

FILE = """vc-description: |-
  Given n and a list, return the largest element.
vc-preamble: |-
  def Helper (xs : List Int) : Int :=
    xs.foldl max 0

  def ValidInput (n : Int) (xs : List Int) : Prop :=
    n > 0 ∧ xs.length = Int.natAbs n

  @[reducible, simp]
  def solve_precond (n : Int) (xs : List Int) : Prop :=
    ValidInput n xs
vc-helpers: |-
vc-definitions: |-
  def solve (n : Int) (xs : List Int) (h_precond : solve_precond n xs) : Int :=
    sorry
vc-theorems: |-
  @[reducible, simp]
  def solve_postcond (n : Int) (xs : List Int) (result : Int) (h_precond : solve_precond n xs) : Prop :=
    result ∈ xs ∧ ∀ x ∈ xs, x ≤ result

  theorem solve_spec_satisfied (n : Int) (xs : List Int) (h_precond : solve_precond n xs) :
      solve_postcond n xs (solve n xs h_precond) h_precond := by
    sorry
vc-postamble: |-
"""


def test_a_vericoding_file_loads_as_a_task(tmp_path: Path) -> None:
    path = tmp_path / "apps_test_1.yaml"
    path.write_text(FILE, encoding="utf-8")
    task = load_task(path)
    assert task.id == "apps_test_1" and task.tests == () and task.metadata["origin"] == "vericoding"
    assert task.signature.lean_header() == "def solve (n : Int) (xs : List Int) : Int"
    assert task.reference.precond == "ValidInput n xs"
    assert task.reference.postcond == "result ∈ xs ∧ ∀ x ∈ xs, x ≤ result"
    assert "def Helper" in task.reference.aux and "def ValidInput" in task.reference.aux
    assert "solve_precond" not in task.reference.aux and "theorem" not in task.reference.aux
    assert task.requirement.startswith("Given n and a list")
    assert [t.id for t in load_dataset(tmp_path).tasks] == ["apps_test_1"]  # and as part of a folder


def test_without_a_description_the_requirement_says_so_and_uses_the_names(tmp_path: Path) -> None:
    path = tmp_path / "apps_test_2.yaml"
    path.write_text(FILE.replace("vc-description: |-\n  Given n and a list, return the largest element.\n", ""))
    task = load_task(path)
    assert task.requirement.startswith("(no problem statement in the source file")
    assert "valid input" in task.requirement


def test_a_file_without_postcondition_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "apps_test_3.yaml"
    path.write_text(FILE.split("vc-theorems:")[0] + "vc-theorems: |-\n\nvc-postamble: |-\n", encoding="utf-8")
    with pytest.raises(TaskFormatError, match=r"apps_test_3.yaml \[vc-theorems\]: no `solve_postcond`"):
        load_task(path)
    result = load_dataset(tmp_path)
    assert not result.tasks and "solve_postcond" in result.invalid[0].reason


def test_the_shared_corpus_loads() -> None:
    if not VERICODING.is_dir():
        pytest.skip(f"the Vericoding corpus is not at {VERICODING} (../shared is absent)")
    result = load_dataset(VERICODING)
    assert len(result.tasks) >= 670 and all(t.reference is not None for t in result.tasks)
    assert all("h_precond" not in " ".join(p.name for p in t.signature.params) for t in result.tasks)
