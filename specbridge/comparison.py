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
