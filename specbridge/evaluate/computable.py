"""Layer 2, computable validation: evaluate every obligation of a task with SpecBridge's Lean interpreter.

`ComputableLayer(settings).evaluate(task, spec_text, obligations)` implements the `Layer` protocol;
`check_spec_text` is the same for generators (repair feedback); `parse_spec` is the cheap syntax check;
`validate_dataset` runs a whole dataset (reference specs or given ones) and summarises the verdicts.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from specbridge.errors import (
    EvaluationLimit,
    IllTyped,
    LeanParseError,
    LeanRuntimeError,
    TestValueError,
    UnsupportedConstruct,
    UntrustedSpecError,
)
from specbridge.lean import ast as A
from specbridge.lean.elab import signature_mismatch
from specbridge.lean.parser import parse_module
from specbridge.lean.program import Program, run_with_big_stack
from specbridge.lean.sandbox import check_untrusted
from specbridge.lean.values import render
from specbridge.obligations import Obligation, ObligationKind, Status, Verdict, build_obligations
from specbridge.settings import ComputableSettings
from specbridge.tasks import Task, render_spec_source

__all__ = [
    "ComputableLayer",
    "ValidationSummary",
    "check_spec_text",
    "parse_spec",
    "prepare_spec",
    "validate_dataset",
]


def parse_spec(spec_text: str) -> A.Module:
    """Parse a spec's full Lean text; returns the Module AST or raises LeanParseError (line:column, token)."""
    return parse_module(spec_text)


# a spec that fails to parse or to elaborate fails once: the error is cached like a program
_PROGRAM_CACHE: dict[tuple[str, str], Program | LeanParseError | IllTyped | UnsupportedConstruct] = {}
_CACHE_LIMIT = 256


def _program(spec_text: str, settings: ComputableSettings) -> Program:
    key = (spec_text, settings.model_dump_json())
    hit = _PROGRAM_CACHE.get(key)
    if isinstance(hit, LeanParseError | IllTyped | UnsupportedConstruct):
        raise hit
    if hit is not None:
        return hit
    try:
        prog = Program(parse_module(spec_text), settings)
    except (LeanParseError, IllTyped, UnsupportedConstruct) as exc:
        _PROGRAM_CACHE[key] = exc
        raise
    if len(_PROGRAM_CACHE) >= _CACHE_LIMIT:
        _PROGRAM_CACHE.clear()
    _PROGRAM_CACHE[key] = prog
    return prog


def prepare_spec(spec_text: str, settings: ComputableSettings | None = None) -> Program:
    """Parse and elaborate a spec once (cached); raises LeanParseError / IllTyped / UnsupportedConstruct."""
    return _program(spec_text, settings or ComputableSettings())


def _describe_inputs(task: Task, ob: Obligation) -> str:
    return ", ".join(f"{p.name} = {ob.inputs.get(p.name, '?')}" for p in task.signature.params)


# EvaluationLimit names (`time`, `size`) as the causes reports show, so that a time limit reads the same whether
# the interpreter's own clock or the worker's watchdog stopped the evaluation
_LIMIT_CAUSES = {"time": "time limit", "size": "size limit", "memory": "memory limit"}


def _unknown(message: str, cause: str, seconds: float) -> Verdict:
    return Verdict(status=Status.UNKNOWN, message=message, seconds=seconds, cause=cause)


def _evaluate_one(prog: Program, task: Task, ob: Obligation) -> Verdict:
    sig = task.signature
    start = time.perf_counter()
    pre_name, post_name = sig.precond_name, sig.postcond_name
    try:
        args = [prog.value(ob.inputs[p.name], p.type) for p in sig.params]
        if ob.kind in (ObligationKind.PRE_ACCEPTS, ObligationKind.PRE_REJECTS):
            if not prog.has(pre_name):
                return Verdict(status=Status.ERROR, message=f"the spec does not define `{pre_name}`")
            if prog.arity(pre_name) != len(args):  # Lean: a partial application is not a Prop
                return Verdict(
                    status=Status.ERROR,
                    message=f"`{pre_name}` takes {prog.arity(pre_name)} explicit arguments; expected {len(args)}",
                )
            clash = signature_mismatch(prog.compiler, pre_name, [p.type for p in sig.params])
            if clash:
                return Verdict(status=Status.ERROR, message=clash, cause="ill-typed")
            holds = bool(prog.call(pre_name, args))
        else:
            if not prog.has(post_name):
                return Verdict(status=Status.ERROR, message=f"the spec does not define `{post_name}`")
            assert ob.output is not None
            clash = signature_mismatch(prog.compiler, post_name, [*(p.type for p in sig.params), sig.return_type])
            if clash:
                return Verdict(status=Status.ERROR, message=clash, cause="ill-typed")
            result = prog.value(ob.output, sig.return_type)
            n = prog.arity(post_name)
            call_args = [*args, result]
            if n == len(call_args) + 1:  # VERINA style: the precondition proof `h_precond`
                call_args.append(True)
            elif n != len(call_args):
                return Verdict(
                    status=Status.ERROR,
                    message=f"`{post_name}` takes {n} explicit arguments; expected {len(call_args)} "
                    f"(the parameters and `result`, optionally `h_precond`)",
                )
            holds = bool(prog.call(post_name, call_args))
    except UnsupportedConstruct as exc:
        return _unknown(str(exc), exc.construct, time.perf_counter() - start)
    except EvaluationLimit as exc:
        return _unknown(str(exc), _LIMIT_CAUSES.get(exc.limit, exc.limit), time.perf_counter() - start)
    except LeanParseError as exc:
        return Verdict(status=Status.ERROR, message=f"test value does not parse: {exc}")
    except TestValueError as exc:
        return Verdict(status=Status.ERROR, message=str(exc), cause="test value type")
    except LeanRuntimeError as exc:
        return _unknown(f"runtime error: {exc}", "runtime error", time.perf_counter() - start)
    except RecursionError:
        return _unknown("Python recursion limit reached", "recursion depth", time.perf_counter() - start)
    except MemoryError:
        # the worker's address-space cap (ComputableSettings.max_memory_mb) refused an allocation
        return _unknown("limit reached: memory limit", "memory limit", time.perf_counter() - start)
    except Exception as exc:  # noqa: BLE001 - an interpreter bug must not crash the run; report it as unknown
        return _unknown(
            f"interpreter error: {type(exc).__name__}: {exc}", "interpreter error", time.perf_counter() - start
        )
    seconds = time.perf_counter() - start
    if holds == ob.expects_true:
        return Verdict(status=Status.PASS, seconds=seconds)
    inputs = _describe_inputs(task, ob)
    if ob.kind is ObligationKind.PRE_ACCEPTS:
        msg = f"precondition is false on test input {inputs}"
    elif ob.kind is ObligationKind.PRE_REJECTS:
        msg = f"precondition holds on reject input {inputs}"
    elif ob.kind is ObligationKind.POST_ACCEPTS:
        msg = f"postcondition rejects the expected output result = {ob.output} for {inputs}"
    else:
        msg = f"postcondition accepts the wrong output result = {ob.output} for {inputs}"
    return Verdict(status=Status.FAIL, message=msg, seconds=seconds)


def check_spec_text(
    task: Task, spec_text: str, obligations: list[Obligation], settings: ComputableSettings | None = None
) -> list[Verdict]:
    """One verdict per obligation for a spec given as full Lean text; never raises for a bad spec.

    Evaluates in a preemptible worker process (see specbridge.evaluate.worker), so an obligation that overruns
    ends as `unknown (time limit)` within twice the timeout and the others still get their verdicts; in-process
    when `settings.worker_process` is off or no worker process can be started here."""
    settings = settings or ComputableSettings()
    if settings.worker_process:
        from specbridge.evaluate.worker import WorkerUnavailable, evaluate_in_worker

        try:
            return evaluate_in_worker(task, spec_text, obligations, settings)
        except WorkerUnavailable:
            pass
    out: list[Verdict] = []

    def keep(msg: tuple) -> None:
        if msg[0] == "verdict":
            out.append(msg[1])

    run_with_big_stack(lambda: stream_verdicts(task, spec_text, obligations, settings, keep))
    return out


def stream_verdicts(
    task: Task,
    spec_text: str,
    obligations: list[Obligation],
    settings: ComputableSettings,
    send: Callable[[tuple], None],
) -> None:
    """Compile the spec, then decide each obligation in turn: `send(("compiled", None))` once the spec is
    compiled, then `send(("verdict", v))` per obligation, in order, as each is decided (what the worker streams
    to the parent). Runs on the big-stack thread; never raises for a bad spec."""
    shared: Verdict | None = None
    prog: Program | None = None
    try:
        prog = _program(spec_text, settings)
    except LeanParseError as exc:
        shared = Verdict(status=Status.ERROR, message=f"parse error {exc}")
    except IllTyped as exc:  # Lean rejects the spec: no obligation can be decided
        shared = Verdict(status=Status.ERROR, message=str(exc), cause="ill-typed")
    except UnsupportedConstruct as exc:  # e.g. an unsupported command: Lean would elaborate the file differently
        shared = _unknown(str(exc), exc.construct, 0.0)
    except RecursionError:
        shared = Verdict(status=Status.ERROR, message="spec nested too deeply")
    except MemoryError:
        shared = _unknown("limit reached: memory limit (compiling the spec)", "memory limit", 0.0)
    except Exception as exc:  # noqa: BLE001 - an interpreter bug must not crash the run; report it as unknown
        shared = _unknown(f"interpreter error: {type(exc).__name__}: {exc}", "interpreter error", 0.0)
    send(("compiled", None))
    for ob in obligations:
        if shared is not None or prog is None:
            send(("verdict", shared))
        else:
            send(("verdict", _evaluate_one(prog, task, ob)))


class ComputableLayer:
    """Layer 2: SpecBridge's interpreter of Lean semantics, as an evaluation layer."""

    name = "computable"

    def __init__(self, settings: ComputableSettings | None = None):
        self.settings = settings or ComputableSettings()
        if self.settings.worker_process:
            from specbridge.evaluate.worker import prestart_worker

            prestart_worker()

    def evaluate(self, task: Task, spec_text: str, obligations: list[Obligation]) -> list[Verdict]:
        """One verdict per obligation, in order; a spec that does not parse, or that the sandbox refuses
        (`#eval`, `axiom`, `sorry`, …), gives `error` everywhere, as in the proof layer."""
        try:
            check_untrusted(spec_text)
        except UntrustedSpecError as exc:
            return [Verdict(status=Status.ERROR, message=str(exc), cause="untrusted") for _ in obligations]
        return check_spec_text(task, spec_text, obligations, self.settings)


@dataclass
class ValidationSummary:
    tasks: int = 0
    obligations: int = 0
    passed: int = 0
    failed: int = 0
    unknown: int = 0
    error: int = 0
    unavailable: int = 0  # never from this layer's own interpreter, but never folded into `error` either
    seconds: float = 0.0
    unsupported: dict[str, int] = field(default_factory=dict)
    per_task: list[tuple[str, Counter]] = field(default_factory=list)
    details: list[tuple[str, str, Verdict]] = field(default_factory=list)  # (task id, obligation key, verdict)
    missing_specs: list[str] = field(default_factory=list)

    @property
    def definite_rate(self) -> float:
        return (self.passed + self.failed) / self.obligations if self.obligations else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "tasks": self.tasks,
            "obligations": self.obligations,
            "passed": self.passed,
            "failed": self.failed,
            "unknown": self.unknown,
            "error": self.error,
            "unavailable": self.unavailable,
            "seconds": round(self.seconds, 3),
            "unsupported": dict(sorted(self.unsupported.items(), key=lambda kv: -kv[1])),
        }


def validate_dataset(
    tasks: Iterable[Task],
    *,
    specs: dict[str, str] | None = None,
    settings: ComputableSettings | None = None,
    progress: Callable[[Task], None] | None = None,
) -> ValidationSummary:
    """Validate each task's reference spec (or `specs[task.id]`) against all its obligations."""
    layer = ComputableLayer(settings)
    summary = ValidationSummary()
    start = time.perf_counter()
    for task in tasks:
        if specs is not None:
            spec_text = specs.get(task.id)
        else:
            spec_text = render_spec_source(task.signature, task.reference) if task.reference else None
        if progress is not None:
            progress(task)
        if spec_text is None:
            summary.missing_specs.append(task.id)
            continue
        obligations = build_obligations(task)
        verdicts = layer.evaluate(task, spec_text, obligations)
        if specs is None and task.reference is not None and verdicts and verdicts[0].message.startswith("parse error"):
            where = locate_reference_parse_error(task)
            if where:
                verdicts = [v.model_copy(update={"message": f"{v.message} ({where})"}) for v in verdicts]
        counts: Counter = Counter()
        summary.tasks += 1
        for ob, v in zip(obligations, verdicts, strict=True):
            summary.obligations += 1
            counts[v.status.value] += 1
            if v.status is Status.PASS:
                summary.passed += 1
            elif v.status is Status.FAIL:
                summary.failed += 1
            elif v.status is Status.UNKNOWN:
                summary.unknown += 1
                cause = v.cause or "unknown"
                summary.unsupported[cause] = summary.unsupported.get(cause, 0) + 1
            elif v.status is Status.UNAVAILABLE:
                summary.unavailable += 1
            else:
                summary.error += 1
            if v.status is not Status.PASS:
                summary.details.append((task.id, ob.key, v))
        summary.per_task.append((task.id, counts))
    summary.seconds = time.perf_counter() - start
    return summary


def locate_reference_parse_error(task: Task) -> str | None:
    """Which field of the task's reference spec does not parse, at its own line:column (the rendered spec's
    positions mean nothing to someone reading the requirement file)."""
    from specbridge.lean.parser import parse_term

    ref = task.reference
    if ref is None:
        return None
    checks = [("reference.aux", ref.aux, parse_module), ("reference.precond", ref.precond, parse_term)]
    checks.append(("reference.postcond", ref.postcond, parse_term))
    for field_name, text, parse in checks:
        if not text.strip():
            continue
        try:
            parse(text.strip("\n"))
        except LeanParseError as exc:
            return f"in {task.source} [{field_name}] at {exc}"
        except Exception:  # noqa: BLE001 - only a hint; the verdict already says the spec does not parse
            return None
    return None


def describe_value(v: Any) -> str:
    """A runtime value as Lean text (for messages and debugging)."""
    return render(v)
