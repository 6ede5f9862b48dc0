"""`run --amplify N`: the amplified check is stored per task and reported beside the test-based figures; the
generator never sees the reference implementation or any amplified result."""

from __future__ import annotations

from pathlib import Path

import pytest

from specbridge.compare.amplify import amplify_check
from specbridge.comparison import DiffVerdict
from specbridge.generate import Generation
from specbridge.pipeline import RunOptions, run_batch
from specbridge.report import build_report
from specbridge.settings import Settings
from specbridge.store import Store
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, TestCase

TASK = """---
id: double
signature:
  name: double
  params: [{name: n, type: Nat}]
  return_type: Nat
reference:
  precond: "n < 100"
  postcond: "result = 2 * n"
  impl: "n + n"
tests:
  - {inputs: {n: "3"}, expected: "6", unexpected: ["5", "7"]}
---
Double a natural number below 100.
"""

# passes the test (3 -> 6, rejects 5 and 7) but accepts 0 for every n above 10
WEAK = """def double_precond (n : Nat) : Prop := n < 100
def double_postcond (n : Nat) (result : Nat) (h_precond : double_precond n) : Prop :=
  result = 2 * n ∨ (n > 10 ∧ result = 0)
"""

SIG = Signature(name="double", params=(Param(name="n", type="Nat"),), return_type="Nat")


def test_amplify_check_names_the_kind_of_each_miss() -> None:
    task = Task(
        id="double",
        requirement="",
        signature=SIG,
        reference=ReferenceSpec(precond="n < 100", postcond="result = 2 * n", impl="n + n"),
        tests=(TestCase(inputs={"n": "3"}, expected="6"),),
    )
    check = amplify_check(task, WEAK, inputs=40)
    assert check is not None and check.verdict is DiffVerdict.B_STRONGER
    assert check.misses["accepts_wrong"] > 0 and check.misses["rejects_correct"] == 0
    assert check.misses["rejects_implementation"] == 0
    ce = check.counterexamples["accepts_wrong"]
    assert ce.inputs == {"n": "11"} and ce.output == "0"
    assert not check.sound_complete
    exact = amplify_check(task, WEAK.replace("∨ (n > 10 ∧ result = 0)", ""), inputs=40)
    assert exact is not None and exact.sound_complete and exact.oracle == "implementation"
    too_strong = amplify_check(task, WEAK.replace("n < 100", "n < 50").replace(" ∨ (n > 10 ∧ result = 0)", ""))
    assert too_strong is not None and too_strong.misses["precond_too_strong"] > 0
    assert too_strong.counterexamples["precond_too_strong"].inputs == {"n": "50"}
    assert amplify_check(task.model_copy(update={"reference": None}), WEAK) is None


@pytest.fixture
def dataset(tmp_path: Path) -> Path:
    folder = tmp_path / "ds"
    folder.mkdir()
    (folder / "double.md").write_text(TASK, encoding="utf-8")
    return folder


def test_run_amplify_stores_and_reports_and_the_generator_sees_no_implementation(
    dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Task] = []

    class Spy:
        name = "offline"

        def generate(self, task: Task, context: object) -> Generation:
            seen.append(task)
            return Generation(generator="offline", spec_text=WEAK)

    monkeypatch.setattr("specbridge.pipeline.get_generator", lambda name: Spy())
    db = tmp_path / "r.db"
    result = run_batch(RunOptions(dataset=dataset, generator="offline", db=db, amplify=30), Settings())
    (given,) = seen
    assert given.reference is None and "n + n" not in given.model_dump_json()  # no implementation, no reference
    store = Store(db)
    checks = store.amplified_checks(result.run.id)
    assert checks["double"].misses["accepts_wrong"] > 0
    report = build_report(store, result.run)
    assert report.sound_and_complete == 1  # on the tests
    amp = report.amplified
    assert amp is not None and amp["inputs"] == 30 and amp["sound_and_complete"] == 0
    assert amp["pass_tests_but_miss"] == ["double"]
    assert amp["counterexamples"]["double"]["accepts_wrong"]["inputs"] == {"n": "11"}
    # without --amplify nothing is checked or stored, and the run is a different one (fingerprint)
    plain = run_batch(RunOptions(dataset=dataset, generator="offline", db=db), Settings())
    assert plain.run.id != result.run.id and not plain.resumed
    assert build_report(store, plain.run).amplified is None
