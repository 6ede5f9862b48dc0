"""Bottom-up enumeration of result terms over the corpus's operations, told apart by what they compute.

`term_candidates` offers mined terms filled for the task and one operation over them, chosen by words alone. A
task with a visible example can afford more: build terms bottom-up — the parameters and the requirement's
numbers, then the corpus's operations (`specbridge.mining.terms`) over them, then one more operation over the best
of those — run every term on the example inputs and on inputs made up from the signature, keep one term per
behaviour (the one the requirement accounts for best), and offer those that compute the example's expected
output. Observational equivalence is what makes two levels affordable: `xs.map (fun x0 => 2 * x0)` and its dozen
spellings are one behaviour, checked once.

The terms are the corpus's, the choice among behaviours the lexicon's (the `score` the caller passes); nothing
here knows any task. Terms are elaborated and run by the interpreter (`Program`), never by Python.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from specbridge.lean import types as ty
from specbridge.tasks import Task

MADE_UP_INPUTS = 12  # inputs made up from the signature, besides the examples, that tell behaviours apart
LEVEL2_OPERANDS = 20  # best level-1 terms (by score) that the second level composes over
LEVEL2_SUPPORT = 2  # the second level uses operations the corpus applies in at least this many tasks
LAMBDA_BODIES = 600  # lambda bodies tried for a hole, before keeping one per behaviour
HOLE_FILLS = 10  # distinct lambdas (by behaviour) offered to each kind of hole
LEVEL_COST = 0.05  # per operation level: of two terms computing the same, the simpler reads the requirement
MAX_TERMS = 10_000  # terms elaborated per task, at most (a bound on the time: about 0.4 ms each)


@dataclass(frozen=True)
class Found:
    text: str
    type_text: str  # the Lean type the term elaborates to
    level: int  # 0: a parameter or literal; 1: one operation; 2: an operation over an operation
    fit: float  # the caller's score, less the cost of nesting


class _Runner:
    """Elaborates each term once (`expression_program`) and runs it on fixed inputs."""

    def __init__(self, params: Sequence[tuple[str, str]], inputs: Sequence[tuple[Any, ...]]):
        self.params = list(params)
        self.inputs = inputs
        self.elaborated = 0

    def run(self, text: str) -> tuple[str, tuple] | None:
        """(the term's type, its outputs on the inputs: ("ok", value) or ("err", kind)); None if ill-typed or
        naming something nobody defines (never a verdict)."""
        from specbridge.lean.program import EXPRESSION, expression_program

        self.elaborated += 1
        got = expression_program(self.params, text)
        type_text = ty.lean_text(got[1]) if got is not None else None
        if got is None or not type_text:
            return None
        program = got[0]
        outputs = []
        for args in self.inputs:
            try:
                outputs.append(("ok", program.call(EXPRESSION, list(args))))
            except Exception as exc:  # noqa: BLE001 - a runtime error or a limit is part of the behaviour
                outputs.append(("err", type(exc).__name__))
        return type_text, tuple(outputs)


def example_values(task: Task) -> list[tuple[tuple[Any, ...], Any]] | None:
    """The visible examples as runtime values (inputs, expected output); None if one cannot be read."""
    from specbridge.lean.program import read_literal

    params = [(p.name, p.type) for p in task.signature.params]
    try:
        return [
            (
                tuple(read_literal(case.inputs[n], t) for n, t in params),
                read_literal(case.expected, task.signature.return_type),
            )
            for case in task.tests
        ]
    except Exception:  # noqa: BLE001 - an unreadable example: no enumeration rather than a wrong one
        return None


def enumerate_results(
    task: Task,
    terms: list,
    score: Callable[[str], float],
    holes: dict[str, list[str]],
    literals: Sequence[str],
    element: str | None = None,
) -> list[Found]:
    """Terms of the task's result type (or a Prop, for a Bool result) that compute every visible example's
    expected output, one per behaviour, best `score` first. [] when the task has no readable example.
    `element`: the element type of the task's sequence, a number type the literals may take."""
    from specbridge.compare.inputs import generate_inputs
    from specbridge.lean.program import parse_type
    from specbridge.mining.terms import instantiations, is_operation

    examples = example_values(task)
    if not examples:
        return []
    params = [(p.name, p.type) for p in task.signature.params]
    made_up = generate_inputs([parse_type(t) for _, t in params], MADE_UP_INPUTS, seed=0)
    runner = _Runner(params, [args for args, _ in examples] + list(made_up))
    best: dict[tuple[str, tuple], Found] = {}  # (type, outputs) -> its best-scored spelling

    def add(text: str, level: int, typed: str = "") -> None:
        """Run `text` (or its `typed` spelling) and keep it if it is a new behaviour or a better spelling."""
        if runner.elaborated >= MAX_TERMS:
            return
        got = runner.run(typed or text)
        if got is None or all(kind == "err" for kind, _ in got[1]):
            return
        fit = score(text) - LEVEL_COST * level
        old = best.get(got)
        if old is None or fit > old.fit:
            best[got] = Found(text, got[0], level, fit)

    for name, _ in params:
        add(name, 0)
    # a numeral alone has no type: it takes each number type of the signature (`1 : Int` for an Int fold)
    numbers = {t for _, t in params} | {task.signature.return_type, element}
    for lit in literals:
        for type_text in sorted(numbers & {"Nat", "Int"}):
            add(lit, 0, typed=f"({lit} : {type_text})")
    level0 = [(f.text, f.type_text) for f in best.values()]
    ops = [t for t in terms if is_operation(t)]
    for term in ops:
        for text in instantiations(term, task, holes.get(term.hole, []), limit=12, values=level0):
            add(text, 1)
    level1 = sorted((f for f in best.values() if f.level == 1), key=lambda f: (-f.fit, f.text))
    operands = [(f.text, f.type_text) for f in level1[:LEVEL2_OPERANDS]]
    required = {text for text, _ in operands}
    for term in ops:
        if len(term.tasks) < LEVEL2_SUPPORT:
            continue
        for text in instantiations(
            term, task, holes.get(term.hole, []), limit=12, values=level0 + operands, required=required
        ):
            add(text, 2)
    want = ty.lean_text(parse_type(task.signature.return_type))
    allowed = {want, "Prop"} if want == "Bool" else {want}
    out = [
        found
        for (type_text, outputs), found in best.items()
        if type_text in allowed
        and all(o == ("ok", expected) for o, (_, expected) in zip(outputs, examples, strict=False))
    ]
    return sorted(out, key=lambda f: (-f.fit, f.text))


def distinct_lambdas(task: Task, bodies: list[str], var_type: str, score: Callable[[str], float]) -> list[str]:
    """`bodies` (`fun x0 => …` over `x0 : var_type` and the parameters), one per behaviour on made-up values,
    best `score` first, at most HOLE_FILLS."""
    from specbridge.compare.inputs import generate_inputs
    from specbridge.lean.program import parse_type

    params = [("x0", var_type)] + [(p.name, p.type) for p in task.signature.params]
    inputs = generate_inputs([parse_type(t) for _, t in params], MADE_UP_INPUTS, seed=0)
    runner = _Runner(params, inputs)
    best: dict[tuple[str, tuple], tuple[float, str]] = {}
    for body in itertools.islice(sorted(bodies, key=lambda b: (-score(b), len(b), b)), LAMBDA_BODIES):
        got = runner.run(body.removeprefix("fun x0 => "))
        if got is None:
            continue
        s = score(body)
        if got not in best or s > best[got][0]:
            best[got] = (s, body)
    ranked = sorted(best.values(), key=lambda x: (-x[0], x[1]))
    return [body for _, body in ranked[:HOLE_FILLS]]


__all__ = ["Found", "distinct_lambdas", "enumerate_results", "example_values"]
