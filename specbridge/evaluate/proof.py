"""Layer 3, proof validation: each obligation a named Lean theorem, closed (or refuted) by a tactic cascade.

One Lean process checks every obligation of a task (one file, one `import Mathlib`); `evaluate_many` runs
tasks in parallel (a thread pool of Lean subprocesses). Without a toolchain every verdict is `unavailable`
and nothing is spawned. Status mapping: obligation theorem proved → pass; its negation proved → fail;
neither → unknown (with the reason); spec or statement does not elaborate → error.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from specbridge.errors import SpecBridgeError, UntrustedSpecError
from specbridge.lean.render import render_obligations
from specbridge.lean.runner import Outcome, TaskProofResult, check_source, interpret
from specbridge.lean.sandbox import Trust
from specbridge.lean.toolchain import LeanStatus, lean_status
from specbridge.obligations import Obligation, Status, Verdict
from specbridge.settings import LeanSettings
from specbridge.tasks import Task

_STATUS = {
    Outcome.PROVED: Status.PASS,
    Outcome.DISPROVED: Status.FAIL,
    Outcome.UNKNOWN: Status.UNKNOWN,
    Outcome.ERROR: Status.ERROR,
}


@dataclass(frozen=True)
class ProofItem:
    """One unit of work for `evaluate_many`: a task, a spec's full Lean text, the obligations to prove."""

    task: Task
    spec_text: str
    obligations: Sequence[Obligation]
    trust: Trust = Trust.UNTRUSTED  # TRUSTED only for a dataset's own reference spec


def verdicts_from(result: TaskProofResult, obligations: Sequence[Obligation]) -> list[Verdict]:
    """Layer-3 results as `Verdict`s in the obligations' order; wall time is shared out evenly."""
    seconds = (result.run.seconds / max(len(obligations), 1)) if result.run else 0.0
    out = []
    for ob in obligations:
        r = result.results.get(ob.key)
        if r is None:
            out.append(Verdict(status=Status.ERROR, message="no result for this obligation", seconds=seconds))
            continue
        message = r.message or ("proved in Lean" if r.outcome is Outcome.PROVED else "")
        out.append(Verdict(status=_STATUS[r.outcome], message=message, seconds=seconds, cause=r.cause))
    return out


class ProofLayer:
    """The `Layer` for proof validation, configured by `LeanSettings`."""

    name = "proof"

    def __init__(self, settings: LeanSettings | None = None, *, status: LeanStatus | None = None) -> None:
        self.settings = settings or LeanSettings()
        self._status = status

    @property
    def status(self) -> LeanStatus:
        """The toolchain status, found once (probing `lean --version`) and then reused."""
        if self._status is None:
            self._status = lean_status(self.settings)
        return self._status

    def prove(
        self, task: Task, spec_text: str, obligations: Sequence[Obligation], *, trust: Trust = Trust.UNTRUSTED
    ) -> TaskProofResult | list[Verdict]:
        """The raw layer-3 result, or final verdicts when Lean is not consulted (refused spec, no toolchain).

        The gate is `render_obligations` (the sandbox with `trust`); it runs before the toolchain is probed, so a
        refused spec is refused the same way with or without Lean."""
        try:
            rendered = render_obligations(task, spec_text, obligations, self.settings, trust=trust)
        except UntrustedSpecError as exc:
            return [Verdict(status=Status.ERROR, message=str(exc), cause="untrusted") for _ in obligations]
        except SpecBridgeError as exc:
            return [Verdict(status=Status.ERROR, message=str(exc)) for _ in obligations]
        status = self.status
        if not status.available:
            msg = f"no Lean toolchain: {status.fix}"
            return [Verdict(status=Status.UNAVAILABLE, message=msg) for _ in obligations]
        if not obligations:
            return []
        safe_name = "".join(c if c.isalnum() else "_" for c in task.id) or "Task"
        run = check_source(rendered.source, status, timeout=self.settings.timeout, name=f"Obligations_{safe_name}")
        return interpret(rendered, run)

    def evaluate(
        self, task: Task, spec_text: str, obligations: list[Obligation], *, trust: Trust = Trust.UNTRUSTED
    ) -> list[Verdict]:
        """One verdict per obligation, in order; never raises for a bad spec or a missing toolchain."""
        result = self.prove(task, spec_text, obligations, trust=trust)
        if isinstance(result, list):
            return result
        return verdicts_from(result, obligations)

    def evaluate_many(self, items: Iterable[ProofItem], workers: int | None = None) -> list[list[Verdict]]:
        """`evaluate` over many tasks in parallel (one Lean process per task), results in input order.

        `workers` defaults to `settings.workers`, or the number of CPU cores when that is 0.
        """
        items = list(items)
        n = workers or self.settings.workers or os.cpu_count() or 1
        _ = self.status  # probe once, before the threads start
        with ThreadPoolExecutor(max_workers=max(1, min(n, len(items) or 1))) as pool:
            return list(
                pool.map(lambda it: self.evaluate(it.task, it.spec_text, list(it.obligations), trust=it.trust), items)
            )


def evaluate_many(
    items: Iterable[ProofItem], settings: LeanSettings | None = None, workers: int | None = None
) -> list[list[Verdict]]:
    """Layer 3 over many tasks in parallel; see `ProofLayer.evaluate_many`."""
    return ProofLayer(settings).evaluate_many(items, workers)
