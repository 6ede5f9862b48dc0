"""The interface every evaluation layer implements."""

from __future__ import annotations

from typing import Protocol

from specbridge.obligations import Obligation, Verdict
from specbridge.tasks import Task


class Layer(Protocol):
    """An evaluation layer: answers each obligation of one task for one spec (full Lean source text)."""

    name: str  # "judge" | "computable" | "proof"

    def evaluate(self, task: Task, spec_text: str, obligations: list[Obligation]) -> list[Verdict]:
        """One verdict per obligation, in the same order; never raises for a bad spec (that is a verdict)."""
        ...
