"""diff_specs / diff_on_pairs: two specs judged on the same generated pairs, counterexamples smallest first."""

from __future__ import annotations

from specbridge.compare import ExplicitPair, diff_on_pairs, diff_specs
from specbridge.comparison import DiffVerdict
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, TestCase, render_spec_source

SIG = Signature(name="total", params=(Param(name="xs", type="List Int"),), return_type="Int")
EXACT = ReferenceSpec(precond="True", postcond="result = xs.foldl (· + ·) 0", impl="xs.foldl (· + ·) 0")
TASK = Task(
    id="total",
    requirement="Sum the list.",
    signature=SIG,
    reference=EXACT,
    tests=(TestCase(inputs={"xs": "[1, 2]"}, expected="3", unexpected=("4",)),),
)


def spec(post: str, pre: str = "True", aux: str = "") -> str:
    return render_spec_source(SIG, ReferenceSpec(precond=pre, postcond=post, aux=aux))


def test_a_spec_is_equivalent_to_itself_on_many_pairs() -> None:
    r = diff_specs(TASK, spec(EXACT.postcond), spec(EXACT.postcond), inputs=50)
    assert r.verdict is DiffVerdict.EQUIVALENT
    assert r.pairs > 100
    assert r.inputs_admitted >= 50
    assert r.counterexamples == ()
    assert r.oracle == "implementation"
    assert r.summary() == f"equivalent on {r.pairs} pairs"


def test_same_verdict_written_differently_is_equivalent() -> None:
    other = spec("result = xs.sum")
    r = diff_specs(TASK, spec(EXACT.postcond), other, inputs=60)
    assert r.verdict is DiffVerdict.EQUIVALENT, r.counterexamples


def test_weaker_postcondition_that_passes_the_tests_gets_a_small_counterexample() -> None:
    # right on the test ([1, 2] -> 3, 4 rejected), but any nonnegative result is fine on the empty list
    weak = spec("(xs = [] ∧ result ≥ 0) ∨ (xs ≠ [] ∧ result = xs.sum)")
    r = diff_specs(TASK, spec(EXACT.postcond), weak, inputs=60)
    assert r.verdict is DiffVerdict.A_STRONGER
    assert r.postcond_verdict is DiffVerdict.A_STRONGER
    assert r.precond_verdict is DiffVerdict.EQUIVALENT
    first = r.counterexamples[0]
    assert first.part == "postcond"
    assert first.inputs == {"xs": "[]"}
    assert first.output is not None and int(first.output) > 0  # shrunk toward the smallest wrong output
    assert (first.a_holds, first.b_holds) == (False, True)
    assert r.details["post_a_only_rejects"] > 0 and r.details["post_b_only_rejects"] == 0


def test_precondition_differences_are_reported_apart_with_no_output() -> None:
    lost = spec(EXACT.postcond, pre="xs.length > 0")
    r = diff_specs(TASK, spec(EXACT.postcond), lost, inputs=40)
    assert r.verdict is DiffVerdict.B_STRONGER
    assert r.precond_verdict is DiffVerdict.B_STRONGER
    assert r.postcond_verdict is DiffVerdict.EQUIVALENT
    pre = [c for c in r.counterexamples if c.part == "precond"]
    assert pre and pre[0].inputs == {"xs": "[]"} and pre[0].output is None
    assert (pre[0].a_holds, pre[0].b_holds) == (True, False)


def test_incomparable_when_each_rejects_something_the_other_accepts() -> None:
    a = spec("result = xs.sum ∨ result = 1000")
    b = spec("result = xs.sum ∨ result = -1000")
    r = diff_on_pairs(TASK, a, b, [ExplicitPair({"xs": "[]"}, "1000"), ExplicitPair({"xs": "[]"}, "-1000")])
    assert r.verdict is DiffVerdict.INCOMPARABLE
    assert {(c.a_holds, c.b_holds) for c in r.counterexamples} == {(True, False), (False, True)}


def test_counterexamples_are_shrunk_to_small_inputs() -> None:
    # differs only on lists longer than 3: the shrunk input is a 4-element list of zeros
    a = spec("result = xs.sum")
    b = spec("result = xs.sum ∨ xs.length > 3")
    r = diff_specs(TASK, a, b, inputs=80)
    assert r.verdict is DiffVerdict.A_STRONGER
    assert r.counterexamples[0].inputs == {"xs": "[0, 0, 0, 0]"}


def test_explicit_pairs_only() -> None:
    r = diff_on_pairs(TASK, spec("result = xs.sum"), spec("result ≥ xs.sum"), [ExplicitPair({"xs": "[1]"}, "1")])
    assert r.verdict is DiffVerdict.EQUIVALENT and r.pairs == 2  # one precondition input, one output
    r = diff_on_pairs(TASK, spec("result = xs.sum"), spec("result ≥ xs.sum"), [ExplicitPair({"xs": "[1]"}, "2")])
    assert r.verdict is DiffVerdict.A_STRONGER
    assert r.counterexamples[0].output == "2"


def test_a_spec_that_does_not_parse_is_undecided_with_the_reason() -> None:
    r = diff_specs(TASK, spec(EXACT.postcond), "def total_postcond (xs : List Int :=", inputs=10)
    assert r.verdict is DiffVerdict.UNDECIDED
    assert "spec B" in r.message and "parse" in r.message


def test_a_spec_the_sandbox_refuses_is_undecided() -> None:
    r = diff_specs(TASK, spec(EXACT.postcond), spec("sorry"), inputs=10)
    assert r.verdict is DiffVerdict.UNDECIDED
    assert "spec B" in r.message


def test_the_same_seed_gives_the_same_result() -> None:
    weak = spec("result ≥ xs.sum")
    r1 = diff_specs(TASK, spec(EXACT.postcond), weak, inputs=30, seed=7)
    r2 = diff_specs(TASK, spec(EXACT.postcond), weak, inputs=30, seed=7)
    assert r1.counterexamples == r2.counterexamples and r1.pairs == r2.pairs


def test_without_an_oracle_accepted_outputs_neighbours_still_tell_specs_apart() -> None:
    task = TASK.model_copy(update={"reference": EXACT.model_copy(update={"impl": ""})})
    r = diff_specs(task, spec("result = xs.sum"), spec("result ≥ xs.sum"), inputs=30)
    assert r.oracle == "tests"
    assert r.verdict is DiffVerdict.A_STRONGER


def test_a_task_that_keeps_hitting_limits_stops_early_and_says_so() -> None:
    slow_aux = "def spin : Nat → Nat\n  | 0 => 0\n  | n + 1 => spin n\n"
    slow = spec("result = xs.sum ∧ spin 100000000 = 0", aux=slow_aux)
    r = diff_specs(TASK, spec(EXACT.postcond), slow, inputs=200)
    assert "stopped early" in r.message
    assert r.undecided_pairs >= 12
    assert r.seconds < 30


def test_hidden_isolation_visible_view_drops_the_implementation() -> None:
    view = TASK.visible_view()
    assert view.reference is None
    assert "foldl" not in view.model_dump_json()
