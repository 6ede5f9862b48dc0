"""Task records: --examples K makes the first K test cases visible; the visible view hides everything else."""

from __future__ import annotations

from specbridge.obligations import build_obligations, example_obligations
from specbridge.tasks import Param, ReferenceSpec, RejectInput, Signature, Task, TestCase, Visibility

TASK = Task(
    id="t",
    requirement="r",
    signature=Signature(name="f", params=(Param(name="x", type="Nat"),), return_type="Nat"),
    reference=ReferenceSpec(postcond="result = x"),
    tests=tuple(TestCase(inputs={"x": str(i)}, expected=str(i), unexpected=(str(i + 1),)) for i in range(3)),
    reject_inputs=(RejectInput(inputs={"x": "9"}),),
)


def test_with_examples_marks_first_k_tests_only():
    task = TASK.with_examples(2)
    assert [t.visibility for t in task.tests] == [Visibility.EXAMPLE, Visibility.EXAMPLE, Visibility.HIDDEN]
    assert task.reject_inputs[0].visibility is Visibility.HIDDEN


def test_visible_view_drops_hidden_tests_and_reference():
    view = TASK.with_examples(1).visible_view()
    assert view.reference is None
    assert [t.inputs for t in view.tests] == [{"x": "0"}]
    assert view.reject_inputs == ()


def test_obligations_order_and_example_filter():
    task = TASK.with_examples(1)
    kinds = [o.kind.value for o in build_obligations(task)]
    assert kinds == ["pre_accepts"] * 3 + ["pre_rejects"] + ["post_accepts"] * 3 + ["post_rejects"] * 3
    assert {o.key for o in example_obligations(task)} == {"pre_accepts_0", "post_accepts_0", "post_rejects_0_0"}
    assert len(build_obligations(task, include_examples=False)) == 10 - 3
