"""Audit a dataset's reference specs on generated inputs against their reference implementations.

Per task: is the spec complete (does it accept the implementation's output on every input its precondition
admits), does it admit outputs besides the implementation's (fine for a relational task, a smell for a functional
one), does its precondition admit inputs the implementation cannot handle; plus lint for any spec, with or without
an implementation: a precondition no generated input satisfies, a postcondition that accepts every candidate or
none, a spec the interpreter mostly cannot decide.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from specbridge.compare.cases import iter_cases, render_as, task_cases, task_types, value_key
from specbridge.compare.evaluator import DEFAULT_DIFF_SETTINGS, Evaluator, SpecError
from specbridge.compare.inputs import shrink, value_size
from specbridge.compare.mutants import candidate_outputs
from specbridge.compare.oracles import ImplementationOracle, load_oracle
from specbridge.comparison import AuditExample, AuditReport, AuditRow
from specbridge.lean import types as ty
from specbridge.lean.program import Program, run_with_big_stack
from specbridge.settings import ComputableSettings
from specbridge.tasks import Task, render_spec_source

__all__ = ["audit_dataset", "audit_task"]

_EXAMPLES_PER_KIND = 3
_CANDIDATES = 16


def audit_task(
    task: Task,
    *,
    inputs: int = 200,
    seed: int = 0,
    settings: ComputableSettings | None = None,
    spec: str | None = None,
    time_budget: float | None = None,
) -> AuditRow:
    """Audit `spec` (default: the task's reference spec) on the tests plus up to `inputs` admitted generated
    inputs; the implementation oracle is the task's `reference.impl` when it has one. The time budget defaults
    to 20 s per 200 inputs."""
    start = time.perf_counter()
    time_budget = time_budget if time_budget is not None else max(20.0, inputs / 10)
    settings = settings or DEFAULT_DIFF_SETTINGS
    if spec is None:
        if task.reference is None:
            return AuditRow(id=task.id, implementation_runs=False, implementation_note="no reference spec")
        spec = render_spec_source(task.signature, task.reference)
    oracle, why_not = load_oracle(task, settings)
    try:
        ev = Evaluator.from_text(spec, task.signature, settings, "reference spec")
    except SpecError as exc:
        return AuditRow(
            id=task.id,
            implementation_runs=False,
            implementation_note=why_not,
            lint=(str(exc),),
            seconds=round(time.perf_counter() - start, 3),
        )
    return run_with_big_stack(lambda: _Audit(task, ev, oracle, why_not, settings).run(inputs, seed, start, time_budget))


class _Audit:
    def __init__(
        self,
        task: Task,
        ev: Evaluator,
        oracle: ImplementationOracle | None,
        why_not: str,
        settings: ComputableSettings,
    ):
        self.task = task
        self.ev = ev
        self.oracle = oracle
        self.why_not = why_not
        self.found: dict[str, list[tuple[int, AuditExample]]] = {}
        self.counts: dict[str, int] = {}
        self.types: list[ty.Type] | None = None
        self.ret_t: ty.Type | None = None

    def bump(self, key: str, k: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + k

    def example(self, kind: str, args: tuple[Any, ...], output: Any = None, impl: Any = None, note: str = "") -> None:
        size = sum(value_size(a) for a in args) + (value_size(output) if output is not None else 0)
        names = [p.name for p in self.task.signature.params]
        ptypes = self.types or [None] * len(names)
        ex = AuditExample(
            kind=kind,
            inputs={n: render_as(v, t) for n, v, t in zip(names, args, ptypes, strict=True)},
            output=None if output is None else render_as(output, self.ret_t),
            implementation_output=None if impl is None else render_as(impl, self.ret_t),
            note=note,
        )
        self.found.setdefault(kind, []).append((size, ex))

    def impl_output(self, args: tuple[Any, ...]) -> tuple[bool, Any]:
        assert self.oracle is not None
        return self.oracle.output(args)

    def run(self, n_inputs: int, seed: int, start: float, time_budget: float) -> AuditRow:
        task, ev = self.task, self.ev
        lit = Program.from_source("")
        self.types, self.ret_t, note = task_types(task)
        cases, _rejects, _skipped = task_cases(task, lit)
        rng = random.Random(seed)
        work = iter_cases(cases, (), self.types, n_inputs, seed)
        deadline = start + time_budget
        stopped = ""
        impl_ran_on_tests = self.oracle is not None
        admitted_generated = tried = 0
        others: list[Any] = []
        accepts_any_input = rejects_all_inputs = 0
        all_accepted = True
        for case in work:
            if ev.exhausted or (self.oracle is not None and self.oracle.evaluator.exhausted):
                who = ev if ev.exhausted else self.oracle.evaluator  # type: ignore[union-attr]
                top = ", ".join(f"{c} ×{k}" for c, k in who.causes.most_common(2))
                stopped = f"stopped early: the {who.what}'s evaluations keep hitting limits ({top})"
                break
            if time.perf_counter() > deadline:
                stopped = f"stopped early: the time budget ({time_budget:g} s) ran out"
                break
            if case.generated:
                if admitted_generated >= n_inputs:
                    break
                tried += 1
            pre = ev.pre(case.args)
            if pre is None:
                self.bump("undecided")
                continue
            if not pre:
                self.bump("rejected")
                continue
            self.bump("admitted")
            if case.generated:
                admitted_generated += 1
            correct: list[Any] = []
            impl_value: Any = None
            if self.oracle is not None:
                ok, impl_value = self.impl_output(case.args)
                if not ok:
                    assert self.oracle is not None
                    if self.oracle.evaluator.last_was_limit:  # too big for the interpreter: undecided
                        self.bump("impl_limits")
                    else:  # the implementation cannot handle an input the precondition admits
                        self.bump("impl_failures")
                        self.example("implementation_failure", case.args, note=str(impl_value))
                    if not case.generated:
                        impl_ran_on_tests = False
                    impl_value = None
                else:
                    correct = [impl_value]
                    others.append(impl_value)
                    if not case.generated and case.correct and value_key(case.correct[0]) != value_key(impl_value):
                        self.bump("test_mismatches")
                        self.example("test_mismatch", case.args, case.correct[0], impl_value)
            if not case.generated and case.correct:
                correct = _distinct([*correct, *case.correct])
            correct_accepted = 0
            for c in correct:
                verdict = ev.post(case.args, c)
                if verdict is None:
                    self.bump("completeness_undecided")
                elif verdict:
                    correct_accepted += 1
                else:
                    self.bump("completeness_misses")
                    self.example("completeness_miss", case.args, c, impl_value)
            accepted = 0
            decided = 0
            if self.ret_t is not None:
                cands = candidate_outputs(
                    correct, self.ret_t, rng, others=others[-4:-1], extra=case.wrong, limit=_CANDIDATES
                )
                correct_keys = {value_key(c) for c in correct}
                wrong_keys = {value_key(w) for w in case.wrong}
                other_here = 0
                for out in cands:
                    if value_key(out) in correct_keys:
                        continue
                    self.bump("candidates")
                    verdict = ev.post(case.args, out)
                    if verdict is None:
                        self.bump("post_undecided")
                        continue
                    decided += 1
                    if verdict:
                        accepted += 1
                        if self.oracle is not None or value_key(out) in wrong_keys:
                            other_here += 1
                            self.example("other_output", case.args, out, impl_value)
                    else:
                        all_accepted = False
                if other_here:
                    self.bump("other_outputs", other_here)
                    self.bump("inputs_with_other")
                if decided:
                    accepts_any_input += accepted > 0 or correct_accepted > 0
                    rejects_all_inputs += accepted == 0 and correct_accepted == 0
        self._shrink_first_miss()
        lint = self._lint(tried, all_accepted, accepts_any_input, rejects_all_inputs)
        if note:
            lint.append(note)
        examples = []
        for kind in ("completeness_miss", "implementation_failure", "test_mismatch", "other_output"):
            found = sorted(self.found.get(kind, []), key=lambda f: (f[0], f[1].note != "shrunk"))
            examples += [ex for _s, ex in found[:_EXAMPLES_PER_KIND]]
        causes: dict[str, int] = {}
        for e in (ev, self.oracle.evaluator if self.oracle else None):
            if e is not None:
                for cause, k in e.causes.items():
                    causes[f"{e.what}: {cause}"] = k
        c = self.counts
        return AuditRow(
            id=task.id,
            implementation_runs=impl_ran_on_tests,
            implementation_note=self.why_not,
            inputs_generated=tried,
            inputs_admitted=c.get("admitted", 0),
            inputs_rejected=c.get("rejected", 0),
            inputs_undecided=c.get("undecided", 0),
            completeness_misses=c.get("completeness_misses", 0),
            completeness_undecided=c.get("completeness_undecided", 0),
            admits_other_outputs=c.get("other_outputs", 0),
            inputs_with_other_outputs=c.get("inputs_with_other", 0),
            implementation_failures=c.get("impl_failures", 0),
            implementation_limits=c.get("impl_limits", 0),
            test_mismatches=c.get("test_mismatches", 0),
            candidates_checked=c.get("candidates", 0),
            lint=tuple(lint),
            stopped_early=stopped,
            examples=tuple(examples),
            seconds=round(time.perf_counter() - start, 3),
            undecided_causes=causes,
        )

    def _lint(self, tried: int, all_accepted: bool, accepts_any: int, rejects_all: int) -> list[str]:
        c = self.counts
        out = []
        admitted, rejected, undecided = c.get("admitted", 0), c.get("rejected", 0), c.get("undecided", 0)
        if tried and admitted == 0 and rejected:
            out.append("precondition rejects every input (tests and generated)")
        total_pre = admitted + rejected + undecided
        if total_pre and undecided * 2 > total_pre:
            out.append(f"precondition undecided on {undecided} of {total_pre} inputs")
        cands = c.get("candidates", 0)
        post_undecided = c.get("post_undecided", 0)
        if cands >= 20 and all_accepted and cands > post_undecided:
            out.append("postcondition accepts every candidate output")
        if accepts_any == 0 and rejects_all > 0:
            out.append("postcondition accepts no candidate output on any admitted input")
        if cands and post_undecided * 2 > cands:
            out.append(f"postcondition undecided on {post_undecided} of {cands} candidate outputs")
        return out

    def _shrink_first_miss(self) -> None:
        """Shrink the smallest completeness miss: a small input makes an interpreter or spec bug easy to read."""
        misses = self.found.get("completeness_miss")
        if not misses or self.types is None or self.oracle is None:
            return
        _size, ex = min(misses, key=lambda f: f[0])
        lit = Program.from_source("")
        sig = self.task.signature
        args = tuple(lit.value(ex.inputs[p.name], p.type) for p in sig.params)

        def still_misses(cand: tuple[Any, ...]) -> bool:
            if self.ev.pre(cand) is not True:
                return False
            ok, out = self.impl_output(cand)
            return ok and self.ev.post(cand, out) is False

        small = shrink(args, self.types, still_misses, max_tries=150)
        if small != args:
            ok, out = self.impl_output(small)
            if ok:  # shown first (smallest), not counted again
                self.example("completeness_miss", small, out, out, note="shrunk")


def _distinct(values: Sequence[Any]) -> list[Any]:
    seen, out = set(), []
    for v in values:
        k = value_key(v)
        if k not in seen:
            seen.add(k)
            out.append(v)
    return out


def _audit_one(args: tuple[Task, int, int, ComputableSettings | None]) -> AuditRow:
    task, inputs, seed, settings = args
    return audit_task(task, inputs=inputs, seed=seed, settings=settings)


def audit_dataset(
    tasks: Iterable[Task],
    *,
    inputs: int = 200,
    seed: int = 0,
    settings: ComputableSettings | None = None,
    workers: int = 1,
    progress: Callable[[AuditRow], None] | None = None,
) -> AuditReport:
    """Audit every task; `workers > 1` audits tasks in that many processes (results keep the dataset's order)."""
    start = time.perf_counter()
    tasks = list(tasks)
    jobs = [(t, inputs, seed, settings) for t in tasks]
    rows: list[AuditRow] = []
    workers = max(1, min(workers, len(tasks), os.cpu_count() or 1))
    if workers == 1:
        for job in jobs:
            row = _audit_one(job)
            rows.append(row)
            if progress is not None:
                progress(row)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for row in pool.map(_audit_one, jobs, chunksize=1):
                rows.append(row)
                if progress is not None:
                    progress(row)
    return AuditReport(
        tasks=tuple(rows), seconds=round(time.perf_counter() - start, 3), inputs_per_task=inputs, seed=seed
    )
