"""Mutation fuzz: a mutated reference spec gets verdicts, elaboration errors or named unknowns, never a Python
exception (`unknown: interpreter error: TypeError …`). Plus one regression test per exception site found."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specbridge.datasets import load_dataset
from specbridge.errors import LeanParseError
from specbridge.evaluate.computable import check_spec_text
from specbridge.lean.lexer import EOF, IDENT, tokenize
from specbridge.lean.program import run_with_big_stack
from specbridge.obligations import Status, build_obligations
from specbridge.settings import ComputableSettings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, render_spec_source
from specbridge.tasks import TestCase as Case

LITERALS = ["0", "[]", '"a"', "true", "'c'", "(-1 : Int)", "#[1]", "none", "(some 2)", "(1, 2)", "2.5", "[1, 2]"]
OPERATORS = ["+", "-", "*", "/", "%", "=", "<", "≤", "∧", "∨", "++", "::", "∈", "∉", "!=", "==", "&&", "→", "^"]
FAST = ComputableSettings(timeout=0.2, max_steps=200_000)


def _mutate(text: str, pick: int, choice: int, how: int) -> str:
    toks = [t for t in tokenize(text) if t.kind != EOF]
    t = toks[pick % len(toks)]
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)
    pos = starts[t.line - 1] + t.col - 1
    idents = sorted({x.text for x in toks if x.kind == IDENT})
    pool = [idents + LITERALS, OPERATORS, LITERALS, [""], [t.text + " " + lit for lit in LITERALS]][how % 5]
    return text[:pos] + pool[choice % len(pool)] + text[pos + len(t.text) :]


def _no_python_exception(task: Task, spec: str) -> None:
    verdicts = check_spec_text(task, spec, build_obligations(task)[:4], FAST)
    leaked = [v.message for v in verdicts if v.cause == "interpreter error"]
    assert not leaked, (leaked[0], spec)


@pytest.fixture(scope="module")
def dev_tasks(verina_dev: Path) -> list[Task]:
    run_with_big_stack(lambda: None)  # the interpreter raises the recursion limit once, before hypothesis runs
    return [t for t in load_dataset(verina_dev).tasks if t.reference is not None]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    task_i=st.integers(0, 10_000),
    picks=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 100), st.integers(0, 4)), min_size=1, max_size=2),
)
def test_mutated_reference_specs_never_leak_a_python_exception(
    dev_tasks: list[Task], task_i: int, picks: list[tuple[int, int, int]]
) -> None:
    task = dev_tasks[task_i % len(dev_tasks)]
    spec = render_spec_source(task.signature, task.reference)  # type: ignore[arg-type]
    try:
        for pick, choice, how in picks:
            spec = _mutate(spec, pick, choice, how)
    except LeanParseError:
        return  # a mutant the lexer refuses is a parse error, tested elsewhere
    _no_python_exception(task, spec)


SIG = Signature(name="g", params=(Param(name="a", type="Array Int"), Param(name="x", type="Float")), return_type="Bool")
TASK = Task(
    id="t_fuzz",
    requirement="fuzz regressions",
    signature=SIG,
    reference=None,
    tests=(Case(inputs={"a": "#[1, 2]", "x": "0.5"}, expected="true", unexpected=("false",)),),
    reject_inputs=(),
)


@pytest.mark.parametrize(
    ("post", "status"),
    [
        ('"a" > 0', Status.ERROR),  # no OfNat String
        ("a ≥ 8", Status.ERROR),  # an Array compared with a numeral
        ("[] < 10", Status.ERROR),
        ("a.toList.all (fun (1, 2) => true)", Status.ERROR),  # a tuple pattern for an Int
        ("a.toList.any (fun (some 2) => true)", Status.ERROR),  # an Option pattern for an Int
        ("a.toList.all (fun y => ¬(y = 0) :: ¬(y = 1))", Status.ERROR),  # `::` onto a Prop
        ("a[2.5]! = 1", Status.ERROR),  # no OfScientific Nat
        ("(0 : Nat)[1]! = 1", Status.ERROR),  # a number cannot be indexed
        ("a.size % 2 ∉ 0", Status.ERROR),  # membership in a numeral
        ("Int.toNat g_precond < a.size", Status.ERROR),  # a function where an Int is expected
        ("(some 2) ≥ 0.0", Status.UNKNOWN),  # Option's order: not modelled, a named unknown
        ("∀ ys ∈ ys, ys = 1", Status.ERROR),  # the binder is in scope of its domain: `Membership α α`
        ("a.size % (some 2) ≠ 0", Status.ERROR),  # no arithmetic on an Option
        ("a.toList.all (· ≤ (-[] : Int))", Status.ERROR),  # negating a list
    ],
)
def test_former_exception_sites_are_errors_or_named_unknowns(post: str, status: Status) -> None:
    spec = (
        "def g_precond (a : Array Int) (x : Float) : Prop := True\n"
        f"def g_postcond (a : Array Int) (x : Float) (result : Bool) : Prop :=\n  {post}\n"
    )
    verdicts = check_spec_text(TASK, spec, [o for o in build_obligations(TASK) if o.kind.value.startswith("post")])
    assert {v.status for v in verdicts} == {status}, [(v.status, v.message) for v in verdicts]
    assert all(v.cause != "interpreter error" for v in verdicts)
    if status is Status.ERROR:
        assert all(v.message.startswith("ill-typed: ") for v in verdicts)


def test_a_precondition_with_extra_binders_is_an_error_not_none_arguments() -> None:
    # `(a xs Array Int)` declares four binders: applied to two arguments it is a function, not a Prop
    spec = (
        "def g_precond (a xs Array Int) (x : Float) : Prop := x ≥ 0.0\n"
        "def g_postcond (a : Array Int) (x : Float) (result : Bool) : Prop := result = true\n"
    )
    verdicts = check_spec_text(TASK, spec, build_obligations(TASK))
    pre = [v for o, v in zip(build_obligations(TASK), verdicts, strict=True) if o.kind.value.startswith("pre")]
    assert pre and {v.status for v in pre} == {Status.ERROR}
    assert "`g_precond` takes 5 explicit arguments; expected 2" in pre[0].message


def test_negating_a_function_is_ill_typed_not_a_python_error() -> None:
    # found by the fuzz above: `- (· ≤ ·) arr1` negates a partly applied comparison
    sig = Signature(name="f", params=(Param(name="xs", type="List Int"),), return_type="Bool")
    task = Task(id="neg", requirement="", signature=sig, tests=(Case(inputs={"xs": "[1]"}, expected="true"),))
    spec = render_spec_source(sig, ReferenceSpec(precond="- (· ≤ ·) xs", postcond="result = true"))
    verdicts = check_spec_text(task, spec, build_obligations(task), FAST)
    assert verdicts and all(v.status != Status.PASS for v in verdicts)
    assert not [v for v in verdicts if v.cause == "interpreter error"]
