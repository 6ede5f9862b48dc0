"""Obligations (one per test fact) and verdicts: the questions every evaluation layer answers.

Layers 2 (interpreter) and 3 (Lean proofs) answer the same `Obligation`s, so their verdicts compare row by row.
See docs/EVALUATION.md for the semantics of each kind.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from specbridge.tasks import Task, Visibility


class ObligationKind(StrEnum):
    PRE_ACCEPTS = "pre_accepts"  # precond holds on a test input
    PRE_REJECTS = "pre_rejects"  # precond fails on a reject input
    POST_ACCEPTS = "post_accepts"  # postcond holds on (input, expected)
    POST_REJECTS = "post_rejects"  # postcond fails on (input, unexpected)


class Obligation(BaseModel):
    """One test fact. `index` is the test case (or reject input) index; `sub` the unexpected-output index."""

    model_config = ConfigDict(frozen=True)

    kind: ObligationKind
    task_id: str
    index: int
    sub: int = 0
    inputs: dict[str, str]  # parameter name -> Lean literal
    output: str | None = None  # Lean literal of the result, for the post kinds
    visibility: Visibility = Visibility.HIDDEN

    @property
    def key(self) -> str:
        """A stable name, unique within a task: `post_rejects_2_1`; also the Lean theorem suffix."""
        suffix = f"_{self.sub}" if self.kind is ObligationKind.POST_REJECTS else ""
        return f"{self.kind.value}_{self.index}{suffix}"

    @property
    def expects_true(self) -> bool:
        """Whether the pre/postcondition must hold (accepts kinds) or must fail (rejects kinds)."""
        return self.kind in (ObligationKind.PRE_ACCEPTS, ObligationKind.POST_ACCEPTS)


class Status(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    UNKNOWN = "unknown"
    ERROR = "error"
    UNAVAILABLE = "unavailable"


class Verdict(BaseModel):
    """A layer's answer to one obligation. `unknown`, `error` and `unavailable` always carry a message."""

    model_config = ConfigDict(frozen=True)

    status: Status
    message: str = ""
    seconds: float = 0.0
    cause: str | None = None  # for unknown: the unsupported construct or the limit responsible, for reports


def build_obligations(task: Task, *, include_examples: bool = True) -> list[Obligation]:
    """Every obligation of a task, in a fixed order: pre_accepts, pre_rejects, post_accepts, post_rejects."""
    pre_acc, pre_rej, post_acc, post_rej = [], [], [], []
    for i, test in enumerate(task.tests):
        if not include_examples and test.visibility is Visibility.EXAMPLE:
            continue
        common = {"task_id": task.id, "index": i, "inputs": test.inputs, "visibility": test.visibility}
        pre_acc.append(Obligation(kind=ObligationKind.PRE_ACCEPTS, **common))
        post_acc.append(Obligation(kind=ObligationKind.POST_ACCEPTS, output=test.expected, **common))
        for j, wrong in enumerate(test.unexpected):
            post_rej.append(Obligation(kind=ObligationKind.POST_REJECTS, sub=j, output=wrong, **common))
    for i, reject in enumerate(task.reject_inputs):
        if not include_examples and reject.visibility is Visibility.EXAMPLE:
            continue
        pre_rej.append(
            Obligation(
                kind=ObligationKind.PRE_REJECTS,
                task_id=task.id,
                index=i,
                inputs=reject.inputs,
                visibility=reject.visibility,
            )
        )
    return pre_acc + pre_rej + post_acc + post_rej


def example_obligations(task: Task) -> list[Obligation]:
    """Only the obligations a generator may see (from example tests); used by repair loops and ranking."""
    return [o for o in build_obligations(task) if o.visibility is Visibility.EXAMPLE]
