"""audit: completeness against the implementation, other admitted outputs, implementation failures, lint."""

from __future__ import annotations

from pathlib import Path

from specbridge.compare.audit import audit_dataset, audit_task
from specbridge.datasets import load_dataset
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, TestCase

SIG = Signature(name="firstPos", params=(Param(name="xs", type="List Int"),), return_type="Nat")
IMPL = "(xs.findIdx? (· > 0)).getD xs.length"
EXACT = "result = (xs.findIdx? (· > 0)).getD xs.length"


def task(post: str, pre: str = "True", impl: str = IMPL) -> Task:
    return Task(
        id="firstPos",
        requirement="Index of the first positive element, or the length when there is none.",
        signature=SIG,
        reference=ReferenceSpec(precond=pre, postcond=post, impl=impl),
        tests=(TestCase(inputs={"xs": "[-1, 2]"}, expected="1", unexpected=("0",)),),
    )


def test_an_exact_reference_has_no_findings() -> None:
    row = audit_task(task(EXACT), inputs=60)
    assert row.implementation_runs
    assert row.inputs_admitted >= 60
    assert row.completeness_misses == 0 and row.admits_other_outputs == 0
    assert row.lint == () and row.examples == ()


def test_an_incomplete_reference_is_found_and_shrunk() -> None:
    # forgets the "none positive" case: rejects the implementation's output on lists without a positive element
    row = audit_task(task("result < xs.length ∧ xs[result]! > 0 ∧ ∀ i < result, xs[i]! ≤ 0"), inputs=60)
    assert row.completeness_misses > 0
    miss = [e for e in row.examples if e.kind == "completeness_miss"]
    assert miss[0].inputs == {"xs": "[]"} and miss[0].implementation_output == "0"


def test_a_weak_reference_admits_other_outputs_with_examples() -> None:
    row = audit_task(task("result ≤ xs.length"), inputs=40)
    assert row.completeness_misses == 0
    assert row.admits_other_outputs > 0 and row.inputs_with_other_outputs > 0
    other = [e for e in row.examples if e.kind == "other_output"]
    assert other and other[0].output != other[0].implementation_output


def test_a_precondition_admitting_inputs_the_implementation_cannot_handle() -> None:
    # the implementation only handles short lists (an unknown function elsewhere): long admitted inputs fail
    impl = "def firstPos (xs : List Int) : Nat := if xs.length > 3 then notDefinedAnywhere xs else 0"
    row = audit_task(task("True", impl=impl), inputs=30)
    assert row.implementation_failures > 0
    fail = [e for e in row.examples if e.kind == "implementation_failure"]
    assert fail and len(fail[0].inputs["xs"].split(",")) == 4  # the smallest failing input: 4 elements
    row = audit_task(task("True", pre="xs.length ≤ 3", impl=impl), inputs=30)
    assert row.implementation_failures == 0


def test_lint_precondition_unsatisfiable_and_postcondition_accepting_everything() -> None:
    row = audit_task(task("True", pre="xs.length > 100 ∧ xs.length < 50"), inputs=30)
    assert "precondition rejects every input (tests and generated)" in row.lint
    row = audit_task(task("True"), inputs=30)
    assert "postcondition accepts every candidate output" in row.lint


def test_lint_without_an_implementation() -> None:
    row = audit_task(task("False", impl=""), inputs=30)
    assert not row.implementation_runs and row.implementation_note == "no reference implementation"
    assert "postcondition accepts no candidate output on any admitted input" in row.lint


def test_a_spec_that_does_not_parse_is_a_lint_finding() -> None:
    row = audit_task(task("result = (("), inputs=10)
    assert row.lint and "does not parse" in row.lint[0]


def test_dataset_audit_keeps_order_and_counts(tmp_path: Path) -> None:
    tasks = [task(EXACT), task("result ≤ xs.length").model_copy(update={"id": "weak"})]
    report = audit_dataset(tasks, inputs=20)
    assert [r.id for r in report.tasks] == ["firstPos", "weak"]
    totals = report.totals()
    assert totals["tasks"] == 2 and totals["tasks_admitting_other_outputs"] == 1
    assert totals["completeness_misses"] == 0


def test_verina_dev_audit_finds_no_completeness_miss(verina_dev: Path) -> None:
    tasks = load_dataset(verina_dev).tasks[:12]
    report = audit_dataset(tasks, inputs=40)
    assert report.totals()["implementation_runs"] == len(tasks)
    assert report.totals()["completeness_misses"] == 0
