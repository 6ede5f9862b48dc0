"""Checking a candidate spec on what a generator may see, and turning the problems into repair feedback.

A `Checker` is `check(task, spec_text) -> CheckResult`. The default one refuses untrusted text, parses the spec,
and evaluates the task's *example* obligations with the computable layer (layer 2) — never hidden ones: it calls
`example_obligations(task)`, and generators hand it `task.visible_view()` anyway. Checkers are injected through
`GenerationContext.checker`, so tests and other layers can substitute their own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from specbridge.errors import LeanParseError, SpecBridgeError, UntrustedSpecError
from specbridge.obligations import Obligation, ObligationKind, Status, Verdict, example_obligations
from specbridge.settings import Settings
from specbridge.tasks import Task


@dataclass
class CheckResult:
    """What a check found. `problems` are feedback lines; no problems means nothing visible is wrong."""

    problems: list[str] = field(default_factory=list)
    parsed: bool = True  # False: refused or did not parse (no obligation could be evaluated)
    passed: int = 0  # example obligations that passed
    total: int = 0  # example obligations evaluated
    unclear: int = 0  # unknown or error verdicts among them

    @property
    def ok(self) -> bool:
        return not self.problems

    def score(self) -> tuple[int, int, int]:
        """Higher is better: parsed first, then passing obligations, then fewer unclear verdicts."""
        return (int(self.parsed), self.passed, -self.unclear)

    def feedback(self, limit: int = 12) -> str:
        lines = [f"- {p}" for p in self.problems[:limit]]
        if len(self.problems) > limit:
            lines.append(f"- … and {len(self.problems) - limit} more problem(s) of the same kinds")
        return "\n".join(lines)


Checker = Callable[[Task, str], CheckResult]


def _args(o: Obligation) -> str:
    return ", ".join(f"{k} := {v}" for k, v in o.inputs.items()) or "(no inputs)"


def describe(o: Obligation, v: Verdict) -> str | None:
    """One feedback line for a non-passing verdict, with the concrete values; None for pass/unavailable."""
    if v.status in (Status.PASS, Status.UNAVAILABLE):
        return None
    where = f"inputs {_args(o)}"
    if v.status is Status.FAIL:
        return {
            ObligationKind.PRE_ACCEPTS: f"The precondition is false for the valid example {where}; it must hold "
            "(the precondition is too strong).",
            ObligationKind.PRE_REJECTS: f"The precondition holds for the invalid example {where}; it must be false "
            "(the precondition is too weak).",
            ObligationKind.POST_ACCEPTS: f"The postcondition is false for {where} with the correct result "
            f"`{o.output}`; it must hold (too strong).",
            ObligationKind.POST_REJECTS: f"The postcondition holds for {where} with the wrong result `{o.output}`; "
            "it must be false (too weak).",
        }[o.kind]
    what = {
        ObligationKind.PRE_ACCEPTS: "the precondition",
        ObligationKind.PRE_REJECTS: "the precondition",
        ObligationKind.POST_ACCEPTS: f"the postcondition with result `{o.output}`",
        ObligationKind.POST_REJECTS: f"the postcondition with result `{o.output}`",
    }[o.kind]
    if v.status is Status.ERROR:
        return f"Evaluating {what} on {where} failed: {v.message}"
    cause = f" ({v.cause})" if v.cause else ""
    return (
        f"Evaluating {what} on {where} was inconclusive{cause}: {v.message}. Prefer a computable formulation "
        "(bounded quantifiers over indices or list members, decidable equalities)."
    )


def parse_spec(spec_text: str) -> None:
    """Parse with the computable layer's parser when present, else the Lean parser; LeanParseError on failure."""
    try:
        from specbridge.evaluate.computable import parse_spec as layer_parse
    except ImportError:
        from specbridge.lean.parser import parse_module as layer_parse
    layer_parse(spec_text)


def check_untrusted(spec_text: str) -> None:
    try:
        from specbridge.lean.sandbox import check_untrusted as sandbox_check
    except ImportError:  # pragma: no cover - the sandbox ships with the package
        return
    sandbox_check(spec_text)


class ComputableChecker:
    """The default checker: refusal, parse, then the example obligations in the computable layer."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._layer: object | None = None
        self._layer_missing = False

    def _get_layer(self) -> object | None:
        if self._layer is None and not self._layer_missing:
            try:
                from specbridge.evaluate.computable import ComputableLayer
            except ImportError:
                self._layer_missing = True
                return None
            self._layer = ComputableLayer(self.settings.computable)
        return self._layer

    def __call__(self, task: Task, spec_text: str) -> CheckResult:
        return check_spec(task, spec_text, self._get_layer())


def check_spec(task: Task, spec_text: str, layer: object | None) -> CheckResult:
    """Refuse, parse, then evaluate the example obligations of `task` with `layer` (skipped when None)."""
    try:
        check_untrusted(spec_text)
    except UntrustedSpecError as exc:
        return CheckResult(problems=[f"The specification was refused: {exc}"], parsed=False)
    try:
        parse_spec(spec_text)
    except LeanParseError as exc:
        token = f" near `{exc.token}`" if exc.token else ""
        return CheckResult(
            problems=[f"Parse error at line {exc.line}, column {exc.column}{token}: {exc.message}"], parsed=False
        )
    except SpecBridgeError as exc:
        return CheckResult(problems=[f"The specification could not be read: {exc}"], parsed=False)
    obligations = example_obligations(task)
    if layer is None:
        return CheckResult()
    if not obligations:
        return _probe_errors(task, spec_text, layer)
    try:
        verdicts: list[Verdict] = layer.evaluate(task, spec_text, obligations)  # type: ignore[attr-defined]
    except SpecBridgeError as exc:
        return CheckResult(problems=[f"Evaluating the specification failed: {exc}"], parsed=True)
    result = CheckResult(total=len(obligations))
    for o, v in zip(obligations, verdicts, strict=False):
        if v.status is Status.PASS:
            result.passed += 1
        elif v.status in (Status.UNKNOWN, Status.ERROR):
            result.unclear += 1
        line = describe(o, v)
        if line:
            result.problems.append(line)
    return result


def _probe_errors(task: Task, spec_text: str, layer: object) -> CheckResult:
    """Without example tests: evaluate on made-up inputs of the right types and report only errors (a spec that
    fails to evaluate on ordinary inputs is broken whatever the tests say); fail/unknown are not problems here."""
    from specbridge.generate.probes import probe_obligations

    probes = probe_obligations(task)
    if not probes:
        return CheckResult()
    try:
        verdicts: list[Verdict] = layer.evaluate(task, spec_text, probes)  # type: ignore[attr-defined]
    except SpecBridgeError as exc:
        return CheckResult(problems=[f"Evaluating the specification failed: {exc}"])
    problems = []
    seen: set[str] = set()
    for o, v in zip(probes, verdicts, strict=False):
        if v.status is Status.ERROR and v.message not in seen:
            seen.add(v.message)
            line = describe(o, v)
            if line:
                problems.append(line.replace("Evaluating", "Evaluating (on made-up inputs)", 1))
    return CheckResult(problems=problems)
