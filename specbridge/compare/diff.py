"""Compare two specs on the same (input, output) pairs: generated inputs, an oracle's outputs and their mutants,
and the task's own tests. The precondition and the postcondition are compared apart.

For every input both preconditions are asked; where both admit it, both postconditions are asked on the same
candidate outputs (the oracle's correct output, the test's expected/unexpected outputs, structural mutants,
outputs for other inputs, values of the type). Disagreements are shrunk and reported smallest first.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from specbridge.compare.evaluator import DEFAULT_DIFF_SETTINGS, Evaluator, SpecError
from specbridge.compare.inputs import (
    UnsupportedType,
    generate_inputs,
    render_value,
    shrink,
    shrink_value,
    type_of,
    value_size,
)
from specbridge.compare.mutants import candidate_outputs
from specbridge.compare.oracles import ImplementationOracle, load_oracle
from specbridge.comparison import Counterexample, DiffResult, DiffVerdict
from specbridge.errors import SpecBridgeError
from specbridge.lean import types as ty
from specbridge.lean.program import Program, run_with_big_stack
from specbridge.settings import ComputableSettings
from specbridge.tasks import Task

__all__ = ["ExplicitPair", "diff_on_pairs", "diff_specs", "verdict_of"]

_KEEP_COUNTEREXAMPLES = 3  # per part and direction
_POOL_FACTOR = 8  # generated inputs tried per input wanted, when the preconditions reject many


@dataclass(frozen=True)
class ExplicitPair:
    """An (input, output) pair given as Lean literals; `output=None` compares the preconditions only."""

    inputs: dict[str, str]
    output: str | None = None


@dataclass
class _Case:
    args: tuple[Any, ...]
    correct: list[Any] = field(default_factory=list)  # outputs known right (oracle, test's expected)
    wrong: list[Any] = field(default_factory=list)  # outputs known wrong (test's unexpected)
    generated: bool = True


@dataclass
class _Tally:
    pre_decided: int = 0
    pre_undecided: int = 0
    post_decided: int = 0
    post_undecided: int = 0
    admitted: int = 0
    admitted_generated: int = 0
    # (part, a_holds) -> disagreements, each (size, args, output)
    found: dict[tuple[str, bool], list[tuple[int, tuple[Any, ...], Any]]] = field(default_factory=dict)

    def disagree(self, part: str, a_holds: bool, args: tuple[Any, ...], output: Any) -> None:
        size = sum(value_size(a) for a in args) + (value_size(output) if part == "postcond" else 0)
        self.found.setdefault((part, a_holds), []).append((size, args, output))

    def count(self, part: str, a_holds: bool) -> int:
        return len(self.found.get((part, a_holds), ()))


def verdict_of(a_rejects_more: int, b_rejects_more: int, decided: int) -> DiffVerdict:
    """`a_rejects_more`: decided pairs A rejects and B accepts (so A is the stronger there), and vice versa."""
    if a_rejects_more and b_rejects_more:
        return DiffVerdict.INCOMPARABLE
    if a_rejects_more:
        return DiffVerdict.A_STRONGER
    if b_rejects_more:
        return DiffVerdict.B_STRONGER
    return DiffVerdict.EQUIVALENT if decided else DiffVerdict.UNDECIDED


class _Engine:
    def __init__(self, task: Task, a: Evaluator, b: Evaluator, deadline: float):
        self.task = task
        self.sig = task.signature
        self.a, self.b = a, b
        self.tally = _Tally()
        self.deadline = deadline
        self.stopped = ""
        self.shrinking = True  # off for explicit pairs: the caller's pairs are reported as given

    def over(self) -> bool:
        if self.stopped:
            return True
        for ev in (self.a, self.b):
            if ev.exhausted:
                self.stopped = f"stopped early: {ev.what}'s evaluations keep hitting limits ({_top(ev)})"
                return True
        if time.perf_counter() > self.deadline:
            self.stopped = "stopped early: the time budget for this comparison ran out"
            return True
        return False

    def pre(self, args: tuple[Any, ...]) -> tuple[bool | None, bool | None]:
        key = _args_key(args)
        return self.a.pre(args, key), self.b.pre(args, key)

    def run_case(self, case: _Case, ret_t: ty.Type | None, rng: random.Random, others: list[Any]) -> None:
        pa, pb = self.pre(case.args)
        t = self.tally
        if pa is None or pb is None:
            t.pre_undecided += 1
            return
        t.pre_decided += 1
        if pa != pb:
            t.disagree("precond", pa, case.args, None)
            return
        if not pa:
            return
        t.admitted += 1
        if case.generated:
            t.admitted_generated += 1
        if ret_t is None:
            candidates = [*case.correct, *case.wrong]
        else:
            candidates = candidate_outputs(case.correct, ret_t, rng, others=others[-3:], extra=case.wrong)
        accepted_any: list[Any] = []
        for out in candidates:
            if self.over():
                return
            qa, qb = self.a.post(case.args, out), self.b.post(case.args, out)
            if qa is None or qb is None:
                t.post_undecided += 1
                continue
            t.post_decided += 1
            if qa != qb:
                t.disagree("postcond", qa, case.args, out)
            if qa or qb:
                accepted_any.append(out)
        if not case.correct and accepted_any and ret_t is not None:
            # no oracle: the outputs some spec accepts stand in for correct ones; their neighbours are the
            # near misses that tell two specs apart
            seen = {_value_key(c) for c in candidates}
            extra = [
                c
                for c in candidate_outputs(accepted_any[:2], ret_t, rng, randoms=0, limit=16)
                if _value_key(c) not in seen
            ]
            for out in extra:
                if self.over():
                    return
                qa, qb = self.a.post(case.args, out), self.b.post(case.args, out)
                if qa is None or qb is None:
                    t.post_undecided += 1
                    continue
                t.post_decided += 1
                if qa != qb:
                    t.disagree("postcond", qa, case.args, out)

    def counterexamples(self, types: Sequence[ty.Type] | None, ret_t: ty.Type | None) -> list[Counterexample]:
        out: list[tuple[int, Counterexample]] = []
        for (part, a_holds), found in sorted(
            self.tally.found.items(), key=lambda kv: (kv[0][0] != "precond", kv[0][1])
        ):
            found = sorted(found, key=lambda f: f[0])[:_KEEP_COUNTEREXAMPLES]
            for i, (_size, args, output) in enumerate(found):
                if (
                    i == 0 and types is not None and self.shrinking
                ):  # shrink the smallest of each kind; the others show variety
                    args, output = self._shrink(part, a_holds, args, output, types, ret_t)
                size = sum(value_size(x) for x in args) + (value_size(output) if output is not None else 0)
                names = [p.name for p in self.sig.params]
                ptypes = types or [None] * len(names)
                inputs = {n: _render(v, pt) for n, v, pt in zip(names, args, ptypes, strict=True)}
                rendered = _render(output, ret_t) if part == "postcond" else None
                ce = Counterexample(part=part, inputs=inputs, output=rendered, a_holds=a_holds, b_holds=not a_holds)
                out.append((size, ce))
        seen: set[tuple] = set()
        result = []
        for _size, ce in sorted(out, key=lambda sc: (sc[1].part != "precond", sc[0])):
            k = (ce.part, tuple(sorted(ce.inputs.items())), ce.output)
            if k not in seen:
                seen.add(k)
                result.append(ce)
        return result

    def _shrink(
        self,
        part: str,
        a_holds: bool,
        args: tuple[Any, ...],
        output: Any,
        types: Sequence[ty.Type],
        ret_t: ty.Type | None,
    ) -> tuple[tuple[Any, ...], Any]:
        if part == "precond":

            def pre_fails(cand: tuple[Any, ...]) -> bool:
                return self.pre(cand) == (a_holds, not a_holds)

            return shrink(args, types, pre_fails, max_tries=150), None

        def post_fails(cand: tuple[Any, ...]) -> bool:
            if self.pre(cand) != (True, True):
                return False
            return (self.a.post(cand, output), self.b.post(cand, output)) == (a_holds, not a_holds)

        args = shrink(args, types, post_fails, max_tries=150)
        if ret_t is not None:
            for _ in range(40):
                for s in shrink_value(output, ret_t):
                    if (self.a.post(args, s), self.b.post(args, s)) == (a_holds, not a_holds):
                        output = s
                        break
                else:
                    break
        return args, output

    def result(
        self, types: Sequence[ty.Type] | None, ret_t: ty.Type | None, generated: int, seconds: float, note: str
    ) -> DiffResult:
        t = self.tally
        pre_v = verdict_of(t.count("precond", False), t.count("precond", True), t.pre_decided)
        post_v = verdict_of(t.count("postcond", False), t.count("postcond", True), t.post_decided)
        a_more = t.count("precond", False) + t.count("postcond", False)
        b_more = t.count("precond", True) + t.count("postcond", True)
        decided = t.pre_decided + t.post_decided
        verdict = verdict_of(a_more, b_more, decided)
        messages = [m for m in (self.stopped, note) if m]
        if verdict is DiffVerdict.UNDECIDED and not messages:
            messages.append("no pair was decided by both specs")
        undecided = t.pre_undecided + t.post_undecided
        causes = {}
        for ev in (self.a, self.b):
            for cause, k in ev.causes.items():
                causes[f"{ev.what}: {cause}"] = k
        return DiffResult(
            verdict=verdict,
            pairs=decided,
            undecided_pairs=undecided,
            inputs_generated=generated,
            inputs_admitted=t.admitted,
            counterexamples=tuple(self.counterexamples(types, ret_t)),
            message="; ".join(m for m in messages if m),
            seconds=round(seconds, 3),
            precond_verdict=pre_v,
            postcond_verdict=post_v,
            details={
                "pre_inputs": t.pre_decided,
                "pre_undecided": t.pre_undecided,
                "post_pairs": t.post_decided,
                "post_undecided": t.post_undecided,
                "pre_a_only_rejects": t.count("precond", False),
                "pre_b_only_rejects": t.count("precond", True),
                "post_a_only_rejects": t.count("postcond", False),
                "post_b_only_rejects": t.count("postcond", True),
            },
            undecided_causes=causes,
        )


def _top(ev: Evaluator) -> str:
    return ", ".join(f"{c} ×{k}" for c, k in ev.causes.most_common(2))


def _args_key(args: tuple[Any, ...]) -> tuple:
    return tuple(_value_key(a) for a in args)


def _value_key(v: Any) -> Any:
    from specbridge.lean.values import render

    return (type(v).__name__, render(v))


def _render(v: Any, t: ty.Type | None) -> str:
    from specbridge.lean.values import render

    return render_value(v, t) if t is not None else render(v)


def _undecided(message: str, start: float) -> DiffResult:
    return DiffResult(
        verdict=DiffVerdict.UNDECIDED, pairs=0, message=message, seconds=round(time.perf_counter() - start, 3)
    )


def _evaluators(task: Task, spec_a: str, spec_b: str, settings: ComputableSettings) -> tuple[Evaluator, Evaluator]:
    a = Evaluator.from_text(spec_a, task.signature, settings, "spec A")
    b = Evaluator.from_text(spec_b, task.signature, settings, "spec B")
    return a, b


def _types(task: Task) -> tuple[list[ty.Type] | None, ty.Type | None, str]:
    try:
        types = [type_of(p.type) for p in task.signature.params]
    except UnsupportedType as exc:
        return None, None, f"inputs are not generated: {exc}"
    try:
        return types, type_of(task.signature.return_type), ""
    except UnsupportedType as exc:
        return types, None, f"outputs are not generated: {exc}"


def _literal(lit: Program, text: str, type_text: str) -> Any:
    return lit.value(text, type_text)


def _test_cases(task: Task, lit: Program) -> tuple[list[_Case], list[tuple[Any, ...]], int]:
    """The task's tests and reject inputs as runtime values; test values that do not evaluate are skipped."""
    sig = task.signature
    cases, rejects, skipped = [], [], 0
    for tc in task.tests:
        try:
            args = tuple(_literal(lit, tc.inputs[p.name], p.type) for p in sig.params)
            expected = _literal(lit, tc.expected, sig.return_type)
            wrong = [_literal(lit, u, sig.return_type) for u in tc.unexpected]
        except (SpecBridgeError, RecursionError, KeyError):
            skipped += 1
            continue
        cases.append(_Case(args, [expected], wrong, generated=False))
    for rj in task.reject_inputs:
        try:
            rejects.append(tuple(_literal(lit, rj.inputs[p.name], p.type) for p in sig.params))
        except (SpecBridgeError, RecursionError, KeyError):
            skipped += 1
    return cases, rejects, skipped


def diff_specs(
    task: Task,
    spec_a: str,
    spec_b: str,
    *,
    inputs: int = 200,
    seed: int = 0,
    settings: ComputableSettings | None = None,
    time_budget: float = 60.0,
) -> DiffResult:
    """Judge two full spec texts (aux defs + `<name>_precond` + `<name>_postcond`) on the same pairs.

    Inputs: the task's test and reject inputs, then `inputs` generated ones (seeded; boundary values first,
    neighbours of the test inputs, random). Outputs per admitted input: the reference implementation's (when the
    task has one) or the test's expected output, the test's unexpected outputs, mutants, values of the type.
    `pairs` counts decided precondition inputs plus decided postcondition pairs. Never raises for a bad spec:
    the verdict is then `undecided` and `message` says why.
    """
    start = time.perf_counter()
    settings = settings or DEFAULT_DIFF_SETTINGS
    try:
        a, b = _evaluators(task, spec_a, spec_b, settings)
    except SpecError as exc:
        return _undecided(str(exc), start)
    oracle, why_not = load_oracle(task, settings)

    def run() -> DiffResult:
        return _diff(task, a, b, oracle, why_not, inputs, seed, start, time_budget)

    return run_with_big_stack(run)


def _diff(
    task: Task,
    a: Evaluator,
    b: Evaluator,
    oracle: ImplementationOracle | None,
    why_not: str,
    n_inputs: int,
    seed: int,
    start: float,
    time_budget: float,
) -> DiffResult:
    engine = _Engine(task, a, b, start + time_budget)
    lit = Program.from_source("")
    types, ret_t, note = _types(task)
    cases, rejects, _skipped = _test_cases(task, lit)
    rng = random.Random(seed)
    generated: list[tuple[Any, ...]] = []
    if types is not None and n_inputs > 0:
        # restrictive preconditions reject most random inputs: draw from a larger pool until enough are admitted
        generated = generate_inputs(types, n_inputs * _POOL_FACTOR, seed, seeds=[c.args for c in cases])
    seen: set[tuple] = set()
    work: list[_Case] = []
    for c in cases:
        seen.add(_args_key(c.args))
        work.append(c)
    for args in [*rejects, *generated]:
        k = _args_key(args)
        if k not in seen:
            seen.add(k)
            work.append(_Case(args))
    others: list[Any] = []
    oracle_failures = 0
    tried = 0
    for case in work:
        if engine.over():
            break
        if case.generated:
            if engine.tally.admitted_generated >= n_inputs or tried >= n_inputs * _POOL_FACTOR:
                break
            tried += 1
        if oracle is not None and case.generated and not oracle.evaluator.exhausted:
            ok, value = oracle.output(case.args)
            if ok:
                case.correct = [value]
            else:
                oracle_failures += 1
        engine.run_case(case, ret_t, rng, others)
        if case.correct:
            others.append(case.correct[0])
    notes = [note] if note else []
    if oracle is None and task.reference is not None and task.reference.impl.strip():
        notes.append(why_not)
    res = engine.result(types, ret_t, tried, time.perf_counter() - start, "; ".join(notes))
    details = dict(res.details)
    details["oracle_failures"] = oracle_failures
    return res.model_copy(update={"details": details, "oracle": oracle.kind if oracle else "tests"})


def diff_on_pairs(
    task: Task,
    spec_a: str,
    spec_b: str,
    pairs: Sequence[ExplicitPair],
    *,
    settings: ComputableSettings | None = None,
) -> DiffResult:
    """Judge two specs on explicit (input, output) pairs only (Lean literals); `output=None` asks only the
    preconditions. Postconditions are asked where both preconditions admit the input."""
    start = time.perf_counter()
    settings = settings or DEFAULT_DIFF_SETTINGS
    try:
        a, b = _evaluators(task, spec_a, spec_b, settings)
    except SpecError as exc:
        return _undecided(str(exc), start)
    sig = task.signature

    def run() -> DiffResult:
        engine = _Engine(task, a, b, start + 3600.0)
        engine.shrinking = False
        lit = Program.from_source("")
        types, ret_t, _note = _types(task)
        grouped: dict[tuple, _Case] = {}
        for i, pair in enumerate(pairs):
            try:
                args = tuple(_literal(lit, pair.inputs[p.name], p.type) for p in sig.params)
                out = None if pair.output is None else _literal(lit, pair.output, sig.return_type)
            except KeyError as exc:
                raise SpecBridgeError(f"pair {i}: no value for parameter {exc}") from exc
            case = grouped.setdefault(_args_key(args), _Case(args, generated=False))
            if out is not None:
                case.correct.append(out)
        for case in grouped.values():
            # explicit outputs only: no mutants or generated values
            engine.run_case(case, None, random.Random(0), [])
        return engine.result(types, ret_t, 0, time.perf_counter() - start, "")

    return run_with_big_stack(run)
