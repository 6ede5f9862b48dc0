"""Where a spec to compare comes from: a Lean file, the task's reference, or a run's generated spec."""

from __future__ import annotations

from pathlib import Path

from specbridge.errors import SpecBridgeError
from specbridge.tasks import Task, render_spec_source

__all__ = ["resolve_spec"]


def resolve_spec(source: str, task: Task, *, db: Path | None = None) -> str:
    """The full Lean text of a spec given as `reference`, `run` / `run:N` (the spec generated for this task by
    the latest run / run N in the results database `db`), or a path to a `.lean` file."""
    if source == "reference":
        if task.reference is None:
            raise SpecBridgeError(f"task {task.id} has no reference spec")
        return render_spec_source(task.signature, task.reference)
    if source == "run" or source.startswith("run:"):
        from specbridge.store import Store

        store = Store.open_existing(db or Path("specbridge.db"))
        if source == "run":
            info = store.latest_run()
            if info is None:
                raise SpecBridgeError(f"{store.path}: no runs yet")
            run_id = info.id
        else:
            try:
                run_id = int(source[4:])
            except ValueError as exc:
                raise SpecBridgeError(f"{source!r}: expected run:N with a run number") from exc
        rows = [r for r in store.generation_rows(run_id) if r["task_id"] == task.id]
        if not rows or not (rows[0].get("spec_text") or "").strip():
            raise SpecBridgeError(f"{store.path}: run {run_id} has no generated spec for task {task.id}")
        return str(rows[0]["spec_text"])
    path = Path(source)
    if not path.is_file():
        raise SpecBridgeError(f"{source}: not a spec (a .lean file, `reference`, `run` or `run:N`)")
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecBridgeError(f"{path}: cannot read the spec ({exc})") from exc
