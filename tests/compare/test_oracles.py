"""Reference implementations as oracles: VERINA's `code` section runs in the interpreter."""

from __future__ import annotations

from pathlib import Path

from specbridge.compare.evaluator import DEFAULT_DIFF_SETTINGS
from specbridge.compare.oracles import implementation_source, load_oracle
from specbridge.datasets import load_dataset
from specbridge.lean.program import Program, run_with_big_stack
from specbridge.tasks import Param, ReferenceSpec, Signature, Task

SIG = Signature(name="double", params=(Param(name="n", type="Nat"),), return_type="Nat")


def test_a_body_gets_the_signature_and_a_full_def_is_kept() -> None:
    body = implementation_source(SIG, ReferenceSpec(postcond="result = 2 * n", impl="2 * n"))
    assert "def double (n : Nat) (h_precond : double_precond (n)) : Nat :=\n  2 * n" in body
    full = implementation_source(SIG, ReferenceSpec(postcond="True", impl="def double (n : Nat) : Nat := n + n"))
    assert full.rstrip().endswith("def double (n : Nat) : Nat := n + n")


def test_oracle_runs_with_and_without_the_precondition_proof() -> None:
    for impl in ("2 * n", "def double (n : Nat) : Nat := n + n"):
        task = Task(id="d", requirement="", signature=SIG, reference=ReferenceSpec(postcond="True", impl=impl))
        oracle, why = load_oracle(task, DEFAULT_DIFF_SETTINGS)
        assert oracle is not None, why
        assert run_with_big_stack(lambda o=oracle: o.output((21,))) == (True, 42)


def test_no_or_broken_implementation_says_why() -> None:
    none = Task(id="d", requirement="", signature=SIG, reference=ReferenceSpec(postcond="True"))
    assert load_oracle(none, DEFAULT_DIFF_SETTINGS) == (None, "no reference implementation")
    bad = none.model_copy(update={"reference": ReferenceSpec(postcond="True", impl="def double (n : Nat :=")})
    oracle, why = load_oracle(bad, DEFAULT_DIFF_SETTINGS)
    assert oracle is None and "does not parse" in why


def test_verina_reference_implementations_reproduce_the_expected_outputs(verina_dev: Path) -> None:
    tasks = load_dataset(verina_dev).tasks
    lit = Program.from_source("")
    running = 0
    for task in tasks:
        assert task.reference is not None and task.reference.impl.strip(), task.id
        oracle, _why = load_oracle(task, DEFAULT_DIFF_SETTINGS)
        if oracle is None:
            continue

        def all_match(t: Task = task, o=oracle) -> bool:
            for tc in t.tests:
                args = tuple(lit.value(tc.inputs[p.name], p.type) for p in t.signature.params)
                ok, value = o.output(args)
                if not ok or value != lit.value(tc.expected, t.signature.return_type):
                    return False
            return True

        running += run_with_big_stack(all_match)
    assert running >= 0.95 * len(tasks)
