"""Small builders for tests that write runs and task results straight into a results store."""

from __future__ import annotations

from specbridge.generate import Generation
from specbridge.obligations import Obligation, ObligationKind
from specbridge.store import EvaluationRow, RunInfo, Store
from specbridge.tasks import Visibility


def new_run(
    store: Store, generator: str = "reference", *, examples: int = 0, fingerprint: str | None = None
) -> RunInfo:
    """A run with placeholder metadata; the fingerprint defaults to the generator's name."""
    return store.create_run(
        generator=generator,
        model=None,
        dataset="d",
        fingerprint=fingerprint or generator,
        settings={},
        git_revision=None,
        examples=examples,
    )


def pre_accepts(task_id: str, index: int = 0, visibility: Visibility = Visibility.HIDDEN) -> Obligation:
    return Obligation(kind=ObligationKind.PRE_ACCEPTS, task_id=task_id, index=index, inputs={}, visibility=visibility)


def record(store: Store, run: RunInfo, task_id: str, rows: list[EvaluationRow], *, error: str | None = None) -> None:
    """One finished task of `run` with the given verdict rows (a failed generation when `error` is set)."""
    store.write_task_result(
        run_id=run.id,
        task_id=task_id,
        source="",
        signature="",
        requirement="",
        generation=Generation(generator=run.generator, spec_text="x", error=error),
        evaluations=rows,
        seconds=0,
    )
