"""The amplified check of `run --amplify N`: a generated spec against the task's reference spec on N generated
inputs, with the reference implementation's outputs (when the task has one) among the candidate outputs.

Runs after generation and repair are over, on the full task (hidden tests, reference, implementation): its
results go to the store and the report only, never back to a generator.
"""

from __future__ import annotations

from specbridge.compare.diff import diff_specs
from specbridge.comparison import AmplifiedCheck, Counterexample
from specbridge.settings import ComputableSettings
from specbridge.tasks import Task, render_spec_source

__all__ = ["amplify_check"]

_KIND = {
    ("precond", False): "precond_too_strong",
    ("precond", True): "precond_too_weak",
    ("postcond", False): "rejects_correct",
    ("postcond", True): "accepts_wrong",
}


def amplify_check(
    task: Task,
    spec_text: str,
    *,
    inputs: int = 200,
    seed: int = 0,
    settings: ComputableSettings | None = None,
) -> AmplifiedCheck | None:
    """The generated spec `spec_text` against the task's reference on `inputs` generated inputs; None when
    the task has no reference spec to compare with (no oracle)."""
    if task.reference is None:
        return None
    reference = render_spec_source(task.signature, task.reference)
    r = diff_specs(task, spec_text, reference, inputs=inputs, seed=seed, settings=settings)
    d = r.details
    misses = {
        "precond_too_strong": d.get("pre_a_only_rejects", 0),
        "precond_too_weak": d.get("pre_b_only_rejects", 0),
        "rejects_correct": d.get("post_a_only_rejects", 0),
        "accepts_wrong": d.get("post_b_only_rejects", 0),
    }
    if r.oracle == "implementation":
        misses["rejects_implementation"] = d.get("a_rejects_correct", 0)
    firsts: dict[str, Counterexample] = {}
    for ce in r.counterexamples:  # smallest first
        firsts.setdefault(_KIND[(ce.part, ce.a_holds)], ce)
    return AmplifiedCheck(
        inputs=inputs,
        verdict=r.verdict,
        pairs=r.pairs,
        undecided=r.undecided_pairs,
        oracle=r.oracle,
        misses=misses,
        counterexamples=firsts,
        message=r.message,
        seconds=r.seconds,
    )
