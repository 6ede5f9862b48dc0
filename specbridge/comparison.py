"""Typed records of comparing two specs on generated (input, output) pairs.

They sit between `specbridge.compare` (which produces them) and its users (the CLI, the pipeline's amplified
check, the pattern miner's round-trip check), so that neither side owns the other's types.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class DiffVerdict(StrEnum):
    """How spec A relates to spec B on the pairs both could decide."""

    EQUIVALENT = "equivalent"  # same verdict on every decided pair
    A_STRONGER = "a_stronger"  # A rejects some pair B accepts, never the reverse
    B_STRONGER = "b_stronger"
    INCOMPARABLE = "incomparable"  # each rejects a pair the other accepts
    UNDECIDED = "undecided"  # too few pairs decided by both to say anything


class Counterexample(BaseModel):
    """One (input, output) pair on which the two specs disagree; values are Lean literals."""

    model_config = ConfigDict(frozen=True)

    part: str  # "precond" or "postcond"
    inputs: dict[str, str]
    output: str | None = None  # None for a precondition counterexample
    a_holds: bool
    b_holds: bool


class DiffResult(BaseModel):
    """The outcome of `specbridge.compare.diff_specs`: a verdict, the evidence, and how much was decided."""

    model_config = ConfigDict(frozen=True)

    verdict: DiffVerdict
    pairs: int  # (input, output) pairs on which both specs gave a definite answer
    undecided_pairs: int = 0
    inputs_generated: int = 0
    inputs_admitted: int = 0  # generated inputs that the precondition(s) decided true
    counterexamples: tuple[Counterexample, ...] = ()  # smallest first, precondition and postcondition apart
    message: str = ""  # why a verdict is undecided, or which spec could not be evaluated
    seconds: float = 0.0
    details: dict[str, int] = Field(default_factory=dict)  # counts by kind, e.g. {"a_only": 3, "b_only": 0}
    # The two parts on their own (the overall verdict combines them): "A stronger" on the precondition means A
    # admits fewer inputs; on the postcondition, A accepts fewer outputs.
    precond_verdict: DiffVerdict = DiffVerdict.UNDECIDED
    postcond_verdict: DiffVerdict = DiffVerdict.UNDECIDED
    oracle: str = ""  # where correct outputs came from: "implementation" or "tests"
    undecided_causes: dict[str, int] = Field(default_factory=dict)  # "spec A: time" -> evaluations undecided
    error: str = ""  # a spec could not be evaluated at all (does not parse, refused, a definition missing)

    def summary(self) -> str:
        """One line: `equivalent on 812 pairs`, `A stronger (3 counterexamples)`, `undecided: why`."""
        if self.verdict is DiffVerdict.EQUIVALENT:
            return f"equivalent on {self.pairs} pairs"
        if self.verdict is DiffVerdict.UNDECIDED:
            return "undecided" + (f": {self.message}" if self.message else "")
        words = {
            DiffVerdict.A_STRONGER: "A stronger",
            DiffVerdict.B_STRONGER: "B stronger",
            DiffVerdict.INCOMPARABLE: "incomparable",
        }[self.verdict]
        return f"{words} ({len(self.counterexamples)} counterexamples on {self.pairs} pairs)"


class AuditExample(BaseModel):
    """One finding of `specbridge audit` on one input; values are Lean literals."""

    model_config = ConfigDict(frozen=True)

    kind: str  # "completeness_miss" | "other_output" | "implementation_failure" | "test_mismatch"
    inputs: dict[str, str]
    output: str | None = None  # the output the spec was asked about
    implementation_output: str | None = None
    note: str = ""


class AuditRow(BaseModel):
    """The audit of one task's reference spec on generated inputs, against its reference implementation."""

    model_config = ConfigDict(frozen=True)

    id: str
    implementation_runs: bool  # the implementation compiled and ran on every test input
    implementation_note: str = ""  # why it does not run, or "" (also "no reference implementation")
    inputs_generated: int = 0
    inputs_admitted: int = 0  # by the reference precondition (tests included)
    inputs_rejected: int = 0
    inputs_undecided: int = 0
    completeness_misses: int = 0  # admitted inputs whose implementation output the postcondition rejects
    completeness_undecided: int = 0
    admits_other_outputs: int = 0  # (input, output) pairs accepted besides the implementation's output
    inputs_with_other_outputs: int = 0
    implementation_failures: int = 0  # admitted inputs the implementation cannot handle (errors, unsupported)
    implementation_limits: int = 0  # admitted inputs on which the implementation hit a resource limit
    test_mismatches: int = 0  # test inputs where the implementation's output is not the expected one
    candidates_checked: int = 0
    lint: tuple[str, ...] = ()
    stopped_early: str = ""
    examples: tuple[AuditExample, ...] = ()
    seconds: float = 0.0
    undecided_causes: dict[str, int] = Field(default_factory=dict)


class AuditReport(BaseModel):
    model_config = ConfigDict(frozen=True)

    tasks: tuple[AuditRow, ...]
    seconds: float
    inputs_per_task: int
    seed: int = 0

    def totals(self) -> dict[str, int]:
        rows = self.tasks
        with_impl = [r for r in rows if r.implementation_note != "no reference implementation"]
        return {
            "tasks": len(rows),
            "with_implementation": len(with_impl),
            "implementation_runs": sum(r.implementation_runs for r in rows),
            "completeness_misses": sum(r.completeness_misses for r in rows),
            "tasks_with_completeness_misses": sum(r.completeness_misses > 0 for r in rows),
            "tasks_admitting_other_outputs": sum(r.admits_other_outputs > 0 for r in rows),
            "tasks_with_implementation_failures": sum(r.implementation_failures > 0 for r in rows),
            "tasks_with_implementation_limits": sum(r.implementation_limits > 0 for r in rows),
            "tasks_with_lint": sum(bool(r.lint) for r in rows),
            "tasks_stopped_early": sum(bool(r.stopped_early) for r in rows),
            "inputs_admitted": sum(r.inputs_admitted for r in rows),
            "candidates_checked": sum(r.candidates_checked for r in rows),
        }


AMPLIFIED_MISS_KINDS = (
    "precond_too_strong",  # the spec rejects an input the reference precondition admits
    "precond_too_weak",  # the spec admits an input the reference precondition rejects
    "rejects_correct",  # the spec rejects an output the reference postcondition accepts
    "accepts_wrong",  # the spec accepts an output the reference postcondition rejects
)


class AmplifiedCheck(BaseModel):
    """`run --amplify N`: a generated spec against the task's reference spec (and its implementation's outputs)
    on N generated inputs. Stored per task; never shown to generators or repair."""

    model_config = ConfigDict(frozen=True)

    inputs: int  # generated inputs asked for
    verdict: DiffVerdict  # the generated spec (A) against the reference (B)
    pairs: int
    undecided: int = 0
    oracle: str = ""  # "implementation" or "tests"
    misses: dict[str, int] = Field(default_factory=dict)  # by AMPLIFIED_MISS_KINDS, plus "rejects_implementation"
    counterexamples: dict[str, Counterexample] = Field(default_factory=dict)  # the smallest of each kind
    message: str = ""
    seconds: float = 0.0

    @property
    def sound_complete(self) -> bool:
        """No miss of any kind on the decided pairs (and some were decided)."""
        return self.verdict is DiffVerdict.EQUIVALENT and not any(self.misses.values())
