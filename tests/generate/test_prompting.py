"""Prompt templates: found beside the package, given the requirement, signature, skeleton and examples."""

from __future__ import annotations

from specbridge.generate.prompting import (
    baseline_messages,
    decode_messages,
    example_from_task,
    example_tests,
    nlfp_messages,
    prompts_dir,
    repair_messages,
    skeleton,
)
from specbridge.tasks import Param, ReferenceSpec, RejectInput, Signature, Task, Visibility
from specbridge.tasks import TestCase as Case

SIG = Signature(name="f", params=(Param(name="n", type="Nat"),), return_type="Nat")
TASK = Task(
    id="t",
    requirement="Double a natural number.",
    signature=SIG,
    tests=(
        Case(inputs={"n": "2"}, expected="4", unexpected=("5",), visibility=Visibility.EXAMPLE),
        Case(inputs={"n": "31337"}, expected="62674"),
    ),
    reject_inputs=(RejectInput(inputs={"n": "777111"}),),
)
OTHER = Task(
    id="o",
    requirement="Triple a natural number.",
    signature=Signature(name="g", params=(Param(name="m", type="Nat"),), return_type="Nat"),
    reference=ReferenceSpec(postcond="result = 3 * m"),
)


def test_templates_live_in_the_repository_prompts_folder() -> None:
    folder = prompts_dir()
    assert (folder / "nlfp.md.j2").is_file() and (folder / "baseline.md.j2").is_file()


def test_skeleton_has_the_exact_headers() -> None:
    text = skeleton(SIG)
    assert "def f_precond (n : Nat) : Prop :=\n  sorry" in text
    assert "def f_postcond (n : Nat) (result : Nat) (h_precond : f_precond (n)) : Prop :=\n  sorry" in text


def test_every_prompt_has_requirement_signature_skeleton_examples_and_no_hidden_tests() -> None:
    ex = [example_from_task(OTHER)]
    prompts = {
        "nlfp": nlfp_messages(TASK, ex),
        "decode": decode_messages(TASK, ex, "## Result\n1. result = 2 * n"),
        "baseline": baseline_messages(TASK, ex),
        "repair": repair_messages(TASK, "def f_postcond ...", "- wrong"),
    }
    for name, messages in prompts.items():
        assert messages[0]["role"] == "system"
        user = messages[-1]["content"]
        assert "Double a natural number." in user and "def f (n : Nat) : Nat" in user, name
        assert "n := 2" in user and "`5`" in user, name
        assert "31337" not in user and "777111" not in user, name
        if name != "nlfp":
            assert "def f_postcond (n : Nat) (result : Nat)" in user, name
        if name != "repair":
            assert "Triple a natural number." in user and "result = 3 * m" in user, name
    assert "result = 2 * n" in prompts["decode"][-1]["content"]
    assert "- wrong" in prompts["repair"][-1]["content"]


def test_example_tests_lists_only_examples() -> None:
    assert example_tests(TASK) == ["inputs n := 2: expected result `4`; wrong results: `5`"]


def test_plan_prompt_shows_example_plans_in_the_requested_format() -> None:
    from specbridge.mining.reconstruct import rules_plan

    plan = rules_plan(OTHER)[0].to_markdown()  # what the miner keeps once it round-trips
    user = nlfp_messages(TASK, [example_from_task(OTHER, plan)])[-1]["content"]
    assert "#### Result" in user and "the result equals `3 * m`" in user
    assert "#### Result" not in baseline_messages(TASK, [example_from_task(OTHER, plan)])[-1]["content"]
    # Without a round-tripped plan the example shows no plan at all (no restatement of the spec).
    assert "#### Result" not in nlfp_messages(TASK, [example_from_task(OTHER)])[-1]["content"]
