"""The (input, output) cases both `diff` and `audit` judge: the task's tests as runtime values, keys, rendering."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from specbridge.compare.inputs import UnsupportedType, iter_inputs, render_value, type_of
from specbridge.errors import SpecBridgeError
from specbridge.lean import types as ty
from specbridge.lean.program import Program
from specbridge.lean.values import render
from specbridge.tasks import Task

__all__ = ["Case", "args_key", "iter_cases", "literal", "render_as", "task_cases", "task_types", "value_key"]

POOL_FACTOR = 8  # generated inputs tried per input wanted, when a precondition rejects many


@dataclass
class Case:
    args: tuple[Any, ...]
    correct: list[Any] = field(default_factory=list)  # outputs known right (oracle, test's expected)
    wrong: list[Any] = field(default_factory=list)  # outputs known wrong (test's unexpected)
    generated: bool = True


def args_key(args: tuple[Any, ...]) -> tuple:
    return args


def value_key(v: Any) -> Any:
    """A dictionary key for a value: the value itself (values of one Lean type are one Python kind)."""
    return v


def render_as(v: Any, t: ty.Type | None) -> str:
    return render_value(v, t) if t is not None else render(v)


def task_types(task: Task) -> tuple[list[ty.Type] | None, ty.Type | None, str]:
    try:
        types = [type_of(p.type) for p in task.signature.params]
    except UnsupportedType as exc:
        return None, None, f"inputs are not generated: {exc}"
    try:
        return types, type_of(task.signature.return_type), ""
    except UnsupportedType as exc:
        return types, None, f"outputs are not generated: {exc}"


def literal(lit: Program, text: str, type_text: str) -> Any:
    return lit.value(text, type_text)


def task_cases(task: Task, lit: Program) -> tuple[list[Case], list[tuple[Any, ...]], int]:
    """The task's tests and reject inputs as runtime values; test values that do not evaluate are skipped."""
    sig = task.signature
    cases, rejects, skipped = [], [], 0
    for tc in task.tests:
        try:
            args = tuple(literal(lit, tc.inputs[p.name], p.type) for p in sig.params)
            expected = literal(lit, tc.expected, sig.return_type)
            wrong = [literal(lit, u, sig.return_type) for u in tc.unexpected]
        except (SpecBridgeError, RecursionError, KeyError):
            skipped += 1
            continue
        cases.append(Case(args, [expected], wrong, generated=False))
    for rj in task.reject_inputs:
        try:
            rejects.append(tuple(literal(lit, rj.inputs[p.name], p.type) for p in sig.params))
        except (SpecBridgeError, RecursionError, KeyError):
            skipped += 1
    return cases, rejects, skipped


def iter_cases(
    cases: Sequence[Case],
    rejects: Sequence[tuple[Any, ...]],
    types: Sequence[ty.Type] | None,
    n_inputs: int,
    seed: int,
) -> Iterator[Case]:
    """The task's tests, its reject inputs, then generated inputs (lazily, at most `POOL_FACTOR * n_inputs`;
    the caller stops once enough are admitted), each input once."""
    seen: set[tuple] = set()
    for c in cases:
        if c.args not in seen:
            seen.add(c.args)
            yield c
    for args in rejects:
        if args not in seen:
            seen.add(args)
            yield Case(args, generated=False)
    if types is None or n_inputs <= 0:
        return
    pool = iter_inputs(types, seed, [c.args for c in cases], max_tries=20 * n_inputs * POOL_FACTOR)
    produced = 0
    for args in pool:
        if produced >= n_inputs * POOL_FACTOR:
            return
        if args not in seen:
            seen.add(args)
            produced += 1
            yield Case(args)
