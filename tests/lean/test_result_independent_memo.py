"""A postcondition's result-independent subterms are computed once per input, not once per candidate output."""

from __future__ import annotations

from specbridge.lean.program import Program, run_with_big_stack

SPEC = """
def f_precond (xs : List Nat) : Prop := True

def f_postcond (xs : List Nat) (result : Nat) (h_precond : f_precond xs) : Prop :=
  let total := (List.range 30000).foldl (fun acc i => acc + i % 3) 0 + xs.length
  let big := total + 1
  result + 1 = big ∧ (∀ i < xs.length, xs[i]! ≤ result + total)
"""


def _steps(prog: Program, args: list) -> tuple[bool, int]:
    value = prog.call("f_postcond", args)
    return value, prog.budget.steps


def test_second_candidate_output_skips_the_input_only_work() -> None:
    prog = Program.from_source(SPEC)
    xs = (1, 2, 3)
    total = sum(i % 3 for i in range(30000)) + 3

    def run() -> None:
        ok, first = _steps(prog, [xs, total, True])
        assert ok is True and first > 0
        ok, again = _steps(prog, [xs, total + 1, True])
        assert ok is False  # the result-dependent part is evaluated afresh
        assert again < first / 10
        ok, _ = _steps(prog, [xs, total, True])
        assert ok is True

    run_with_big_stack(run)


def test_a_different_input_is_recomputed_even_when_equal_by_value() -> None:
    prog = Program.from_source(SPEC)
    total0 = sum(i % 3 for i in range(30000))

    def run() -> None:
        assert prog.call("f_postcond", [(1,), total0 + 1, True]) is True
        assert prog.call("f_postcond", [(1, 1), total0 + 2, True]) is True  # longer list: a new total
        assert prog.call("f_postcond", [(1, 1), total0 + 1, True]) is False
        same_value = tuple([1])  # equal to (1,) but another object: still correct
        assert prog.call("f_postcond", [same_value, total0 + 1, True]) is True

    run_with_big_stack(run)


def test_quantifier_bound_variables_are_not_inputs() -> None:
    spec = """
def g_precond (xs : List Int) : Prop := True
def g_postcond (xs : List Int) (result : Int) (h_precond : g_precond xs) : Prop :=
  (∀ i < xs.length, xs[i]! ≤ result) ∧ (∃ i < xs.length, xs[i]! = result)
"""
    prog = Program.from_source(spec)
    xs = (3, -1, 7, 2)

    def run() -> None:
        got = [prog.call("g_postcond", [xs, r, True]) for r in (7, 3, 8, 7, -1)]
        assert got == [True, False, False, True, False]

    run_with_big_stack(run)
