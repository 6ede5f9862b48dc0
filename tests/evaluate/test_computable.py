"""Layer 2 (computable): verdicts per obligation, spec-level errors, VERINA-style specs, and the dev-set bar."""

from __future__ import annotations

from pathlib import Path

import pytest

from specbridge.errors import LeanParseError
from specbridge.evaluate.base import Layer
from specbridge.evaluate.computable import ComputableLayer, check_spec_text, parse_spec, validate_dataset
from specbridge.obligations import ObligationKind, Status, build_obligations
from specbridge.settings import ComputableSettings
from specbridge.tasks import Param, ReferenceSpec, RejectInput, Signature, Task, render_spec_source
from specbridge.tasks import TestCase as Case

SIG = Signature(name="maxOf", params=(Param(name="xs", type="List Int"),), return_type="Int")
TASK = Task(
    id="t_max",
    requirement="The maximum of a non-empty list.",
    signature=SIG,
    reference=ReferenceSpec(precond="xs ≠ []", postcond="result ∈ xs ∧ ∀ x ∈ xs, x ≤ result"),
    tests=(
        Case(inputs={"xs": "[1, -5, 3]"}, expected="3", unexpected=("1", "4")),
        Case(inputs={"xs": "[-2]"}, expected="-2", unexpected=("0",)),
    ),
    reject_inputs=(RejectInput(inputs={"xs": "[]"}),),
)


def test_reference_spec_passes_every_obligation() -> None:
    layer = ComputableLayer(ComputableSettings())
    typed: Layer = layer  # structural check of the Layer protocol
    assert typed.name == "computable"
    obs = build_obligations(TASK)
    verdicts = layer.evaluate(TASK, render_spec_source(SIG, TASK.reference), obs)  # type: ignore[arg-type]
    assert [v.status for v in verdicts] == [Status.PASS] * len(obs)


def test_a_wrong_spec_fails_with_the_values() -> None:
    spec = render_spec_source(SIG, ReferenceSpec(precond="True", postcond="result ∈ xs"))
    obs = build_obligations(TASK)
    verdicts = check_spec_text(TASK, spec, obs)
    by_key = {o.key: v for o, v in zip(obs, verdicts, strict=True)}
    assert by_key["pre_rejects_0"].status is Status.FAIL
    assert "xs = []" in by_key["pre_rejects_0"].message
    assert by_key["post_rejects_0_0"].status is Status.FAIL  # 1 ∈ [1, -5, 3] is accepted: too weak
    assert "result = 1" in by_key["post_rejects_0_0"].message
    assert by_key["post_accepts_0"].status is Status.PASS


def test_postcondition_without_h_precond_is_accepted() -> None:
    spec = """
def maxOf_precond (xs : List Int) : Prop := xs ≠ []
def maxOf_postcond (xs : List Int) (result : Int) : Prop := result ∈ xs ∧ xs.all (· ≤ result)
"""
    verdicts = check_spec_text(TASK, spec, build_obligations(TASK))
    assert all(v.status is Status.PASS for v in verdicts)


def test_parse_error_gives_error_everywhere_with_position() -> None:
    spec = "def maxOf_precond (xs : List Int) : Prop :=\n  xs ≠ [\n"
    with pytest.raises(LeanParseError):
        parse_spec(spec)
    verdicts = check_spec_text(TASK, spec, build_obligations(TASK))
    assert {v.status for v in verdicts} == {Status.ERROR}
    assert all(v.message.startswith("parse error 3:1: ") for v in verdicts)  # line:column of the bad token


def test_untrusted_spec_is_refused_not_evaluated() -> None:
    # `validate --specs` hands specs straight to the layer: it must refuse them as the proof layer does
    spec = '#eval IO.println "hi"\n' + render_spec_source(SIG, TASK.reference)  # type: ignore[arg-type]
    verdicts = ComputableLayer().evaluate(TASK, spec, build_obligations(TASK))
    assert {v.status for v in verdicts} == {Status.ERROR} and {v.cause for v in verdicts} == {"untrusted"}
    assert "`#eval` is not allowed" in verdicts[0].message


def test_unsupported_construct_is_unknown_with_cause() -> None:
    spec = render_spec_source(SIG, ReferenceSpec(precond="True", postcond="frobnicate result xs"))
    obs = [o for o in build_obligations(TASK) if o.kind is ObligationKind.POST_ACCEPTS]
    verdicts = check_spec_text(TASK, spec, obs)
    assert all(v.status is Status.UNKNOWN for v in verdicts)
    assert verdicts[0].cause is not None and "frobnicate" in verdicts[0].cause


def test_runaway_spec_hits_a_named_limit() -> None:
    spec = """
def spin (n : Nat) : Nat := spin (n + 1)
def maxOf_precond (xs : List Int) : Prop := spin 0 = 0
def maxOf_postcond (xs : List Int) (result : Int) (h : maxOf_precond xs) : Prop := True
"""
    obs = [o for o in build_obligations(TASK) if o.kind is ObligationKind.PRE_ACCEPTS]
    verdicts = check_spec_text(TASK, spec, obs, ComputableSettings(max_depth=300))
    assert verdicts[0].status is Status.UNKNOWN and verdicts[0].cause == "recursion depth"


def test_unbounded_quantifier_without_witness_is_unknown() -> None:
    spec = render_spec_source(SIG, ReferenceSpec(precond="∃ k : Nat, k % 1000 = 999", postcond="True"))
    obs = [o for o in build_obligations(TASK) if o.kind is ObligationKind.PRE_ACCEPTS]
    verdicts = check_spec_text(TASK, spec, obs)
    assert verdicts[0].status is Status.UNKNOWN and verdicts[0].cause == "unbounded quantifier"


def test_dev_set_reference_specs_meet_the_bar(verina_dev: Path) -> None:
    from specbridge.datasets import load_dataset

    tasks = load_dataset(verina_dev).tasks
    summary = validate_dataset(tasks)
    assert summary.obligations > 2000
    assert summary.failed == 0, summary.details[:5]
    assert summary.error == 0, summary.details[:5]
    assert summary.definite_rate >= 0.95, summary.unsupported


@pytest.mark.parametrize(("value", "reads_as"), [("3.5", "Float"), ('"7"', "String"), ("[3]", "List")])
def test_a_test_value_of_the_wrong_type_is_an_error_not_a_verdict_on_the_spec(value: str, reads_as: str) -> None:
    # Lean rejects `3.5 : Int`; the interpreter used to call it a `fail` of the spec (3.5 ≠ 3) or crash as unknown
    task = TASK.model_copy(update={"tests": (Case(inputs={"xs": "[1, -5, 3]"}, expected=value),), "reject_inputs": ()})
    obs = [o for o in build_obligations(task) if o.kind is ObligationKind.POST_ACCEPTS]
    (verdict,) = check_spec_text(task, render_spec_source(SIG, TASK.reference), obs)  # type: ignore[arg-type]
    assert verdict.status is Status.ERROR and verdict.cause == "test value type", verdict
    assert f"test value `{value}` is not a value of type `Int`" in verdict.message and reads_as in verdict.message
    bad_input = TASK.model_copy(update={"tests": (Case(inputs={"xs": "#[1, 2]"}, expected="2"),), "reject_inputs": ()})
    verdicts = check_spec_text(bad_input, render_spec_source(SIG, TASK.reference), build_obligations(bad_input))  # type: ignore[arg-type]
    assert {v.status for v in verdicts} == {Status.ERROR}  # an Array literal for a `List Int` parameter


def test_validate_dataset_counts_unavailable_apart_from_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from specbridge.obligations import Verdict

    def no_engine(self, task, spec_text, obligations):  # noqa: ANN001, ANN202
        return [Verdict(status=Status.UNAVAILABLE, message="no engine") for _ in obligations]

    monkeypatch.setattr(ComputableLayer, "evaluate", no_engine)
    summary = validate_dataset([TASK])
    assert summary.unavailable == summary.obligations == len(build_obligations(TASK))
    assert summary.error == summary.failed == summary.passed == 0 and summary.to_json()["unavailable"] > 0
