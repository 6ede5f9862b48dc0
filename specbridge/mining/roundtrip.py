"""Round-trip check: is decode(plan) equivalent to the original spec?

Two checks, both must agree:

1. the task's tests (when it has any): the original and the decoded spec get the same verdict on every test
   obligation the original decides (pass/fail) in the computable layer;
2. generated (input, output) pairs: `specbridge.compare.diff_specs` must say `equivalent`. Until that module is
   importable, the fallback compares the two specs on inputs made up from the parameter types
   (`generate.probes`), so the miner runs either way; `equivalence_backend()` says which one was used.

Every failure comes back with a classified cause and, when there is one, a counterexample.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from specbridge.comparison import Counterexample, DiffVerdict
from specbridge.mining.reconstruct import Reconstruction
from specbridge.obligations import Obligation, Status, build_obligations
from specbridge.settings import Settings
from specbridge.tasks import Task, render_spec_source

# Causes of a failed round trip, for the failure report.
CAUSES = {
    "unreadable-spec": "the original spec could not be split or parsed into clauses",
    "plan-readback": "the plan's text could not be read back (Markdown/JSON)",
    "decode-error": "the decoded spec does not parse or errs where the original does not",
    "test-disagreement": "a different verdict on one of the task's tests",
    "pair-disagreement": "a different verdict on a generated (input, output) pair",
    "undecided": "too few generated pairs decided by both specs to say anything",
    "original-unevaluable": "the original spec is refused (axiom, sorry) or does not parse in layer 2",
    "no-generator": "no input generator for a parameter type, and no tests",
    "llm-failure": "the model call failed or its answer had no usable spec",
}


@dataclass
class RoundTrip:
    task_id: str
    ok: bool
    cause: str = ""
    message: str = ""
    counterexample: dict | None = None
    tests_compared: int = 0
    pairs_compared: int = 0
    details: dict[str, int] = field(default_factory=dict)


def _undecided_cause(message: str) -> str:
    if message.startswith("spec A"):
        return "original-unevaluable"
    if message.startswith("spec B"):
        return "decode-error"
    if "not generated" in message or "no value generator" in message:
        return "no-generator"
    return "undecided"


def equivalence_backend() -> str:
    try:
        from specbridge.compare import diff_specs  # noqa: F401
    except ImportError:
        return "probes"
    return "diff_specs"


def _verdicts(task: Task, spec_text: str, obligations: list[Obligation], settings: Settings) -> list[Status]:
    from specbridge.evaluate.computable import ComputableLayer

    return [v.status for v in ComputableLayer(settings.computable).evaluate(task, spec_text, obligations)]


def _cx(o: Obligation, a: Status, b: Status) -> dict:
    part = "precond" if o.kind.value.startswith("pre") else "postcond"
    # A verdict says whether the obligation is met; the spec holds when that matches what the kind expects.
    holds_a = (a is Status.PASS) == o.expects_true
    holds_b = (b is Status.PASS) == o.expects_true
    return Counterexample(part=part, inputs=o.inputs, output=o.output, a_holds=holds_a, b_holds=holds_b).model_dump()


def compare_on(
    task: Task, original: str, decoded: str, obligations: list[Obligation], settings: Settings
) -> tuple[int, Obligation | None, Status | None, Status | None, int]:
    """(obligations compared, first disagreement and both statuses, decoded errors where the original decides)."""
    a = _verdicts(task, original, obligations, settings)
    b = _verdicts(task, decoded, obligations, settings)
    compared, errors = 0, 0
    for o, x, y in zip(obligations, a, b, strict=True):
        if x not in (Status.PASS, Status.FAIL):
            continue
        if y not in (Status.PASS, Status.FAIL):
            errors += 1
            continue
        compared += 1
        if x is not y:
            return compared, o, x, y, errors
    return compared, None, None, None, errors


def _generated_pairs(task: Task, limit: int) -> list[Obligation]:
    from specbridge.generate.probes import probe_obligations

    return probe_obligations(task, limit=limit)


def check_round_trip(
    task: Task,
    rec: Reconstruction,
    *,
    settings: Settings | None = None,
    inputs: int = 200,
    seed: int = 0,
    time_budget: float = 60.0,
) -> RoundTrip:
    """Whether `rec.decoded` is equivalent to `task.reference`, on the tests and on generated pairs."""
    settings = settings or Settings()
    if rec.decoded is None or task.reference is None:
        cause = "llm-failure" if rec.error.startswith("llm") else "plan-readback" if rec.plan else "unreadable-spec"
        return RoundTrip(task.id, False, cause, rec.error)
    original = render_spec_source(task.signature, task.reference)
    decoded = render_spec_source(task.signature, rec.decoded)
    tests = build_obligations(task)
    tested = 0
    if tests:
        tested, o, x, y, errors = compare_on(task, original, decoded, tests, settings)
        if o is not None:
            return RoundTrip(
                task.id,
                False,
                "test-disagreement",
                f"{o.key}: obligation {x} with the original, {y} with the decoding",
                _cx(o, x, y),
                tested,
            )
        if errors and not tested:
            return RoundTrip(task.id, False, "decode-error", "the decoded spec errs on every test", None, tested)
    if equivalence_backend() == "diff_specs":
        from specbridge.compare import diff_specs

        result = diff_specs(
            task, original, decoded, inputs=inputs, seed=seed, settings=settings.computable, time_budget=time_budget
        )
        if result.verdict is DiffVerdict.EQUIVALENT:
            return RoundTrip(task.id, True, tests_compared=tested, pairs_compared=result.pairs)
        if result.verdict is DiffVerdict.UNDECIDED:
            if tested:  # the tests decided; the generated pairs could not add anything
                return RoundTrip(task.id, True, tests_compared=tested, message=result.message)
            return RoundTrip(task.id, False, _undecided_cause(result.message), result.message, None, tested)
        cx = result.counterexamples[0].model_dump() if result.counterexamples else None
        return RoundTrip(task.id, False, "pair-disagreement", result.verdict.value, cx, tested, result.pairs)
    pairs = _generated_pairs(task, limit=max(4, min(inputs, 12)))
    compared, o, x, y, errors = (
        compare_on(task, original, decoded, pairs, settings) if pairs else (0, None, None, None, 0)
    )
    if o is not None:
        return RoundTrip(
            task.id, False, "pair-disagreement", f"original {x}, decoded {y}", _cx(o, x, y), tested, compared
        )
    if errors and not compared and not tested:
        return RoundTrip(task.id, False, "decode-error", "the decoded spec errs where the original decides", None)
    if not compared and not tested:
        return RoundTrip(task.id, False, "undecided", "no generated pair was decided by the original spec")
    return RoundTrip(task.id, True, tests_compared=tested, pairs_compared=compared)
