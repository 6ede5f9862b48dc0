"""`specbridge diff` and `specbridge audit`: compare two specs / audit reference specs on generated inputs.

Exit codes: 0 = done, nothing found (diff: equivalent; audit: no finding); 1 = done with findings (diff: the
specs differ or the comparison is undecided; audit: a completeness miss, an implementation failure, a lint
finding or a task stopped early); 2 = bad input (a task, dataset or spec that cannot be read).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from specbridge.cli.common import (
    EXIT_INCOMPLETE,
    EXIT_OK,
    EXIT_USAGE,
    ConfigOption,
    JsonOption,
    console,
    err_console,
    fail,
    settings_or_exit,
    task_progress,
)
from specbridge.errors import SpecBridgeError

_EXIT_HELP = "Exit codes: 0 nothing found, 1 findings (or undecided), 2 bad input."


def register(app: typer.Typer) -> None:
    app.command(
        "diff", help=f"Compare two specs of one task on the same generated (input, output) pairs. {_EXIT_HELP}"
    )(diff_command)
    app.command("audit", help=f"Audit a dataset's reference specs against their implementations. {_EXIT_HELP}")(
        audit_command
    )


def diff_command(
    task_path: Annotated[
        Path, typer.Argument(metavar="TASK", help="A task (folder or requirement file) or a dataset.")
    ],
    spec_a: Annotated[str, typer.Option("--a", help="Spec A: a .lean file, `reference`, `run` or `run:N`.")],
    spec_b: Annotated[str, typer.Option("--b", help="Spec B: a .lean file, `reference`, `run` or `run:N`.")],
    task_id: Annotated[str | None, typer.Option("--task", help="The task's id when TASK is a dataset.")] = None,
    inputs: Annotated[int, typer.Option("--inputs", min=0, help="Generated inputs admitted per comparison.")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the input generator.")] = 0,
    db: Annotated[Path | None, typer.Option("--db", help="Results database for `run` specs.")] = None,
    show: Annotated[int, typer.Option(help="Show at most N counterexamples.")] = 6,
    json_out: JsonOption = False,
    config: ConfigOption = None,
) -> None:
    """Compare two specs of one task on the same generated (input, output) pairs."""
    from specbridge.compare import diff_specs
    from specbridge.compare.evaluator import diff_settings
    from specbridge.compare.specs import resolve_spec

    settings = settings_or_exit(config)
    try:
        task = _one_task(task_path, task_id)
        text_a = resolve_spec(spec_a, task, db=db or Path(settings.db))
        text_b = resolve_spec(spec_b, task, db=db or Path(settings.db))
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    result = diff_specs(task, text_a, text_b, inputs=inputs, seed=seed, settings=diff_settings(settings.computable))
    if json_out:
        print(json.dumps({"task": task.id, **result.model_dump(mode="json")}, ensure_ascii=False))
    else:
        console.print(f"[bold]{escape(task.id)}[/bold]: {escape(result.summary())}")
        console.print(
            f"  precondition: {result.precond_verdict.value}, postcondition: {result.postcond_verdict.value}; "
            f"{result.inputs_generated} inputs generated, {result.inputs_admitted} admitted by both, "
            f"{result.undecided_pairs} undecided, outputs from the {result.oracle or 'tests'}, {result.seconds:.2f} s"
        )
        if result.message and result.verdict.value != "undecided":
            console.print(f"  [yellow]{escape(result.message)}[/yellow]")
        for ce in result.counterexamples[:show]:
            args = ", ".join(f"{k} = {v}" for k, v in ce.inputs.items())
            out = f"  result = {ce.output}" if ce.output is not None else ""
            console.print(
                f"  {ce.part}: {escape(args)}{escape(out)}  A {_holds(ce.a_holds)}, B {_holds(ce.b_holds)}",
                highlight=False,
            )
    if result.error:
        if not json_out:
            err_console.print(f"[red]error:[/red] {escape(result.error)}")
        raise typer.Exit(EXIT_USAGE)
    raise typer.Exit(EXIT_OK if result.verdict.value == "equivalent" else EXIT_INCOMPLETE)


def _holds(b: bool) -> str:
    return "holds" if b else "fails"


def _one_task(path: Path, task_id: str | None):  # noqa: ANN202 - a Task
    from specbridge.datasets import load_dataset

    loaded = load_dataset(path)
    if task_id is not None:
        for t in loaded.tasks:
            if t.id == task_id:
                return t
        raise SpecBridgeError(f"{path}: no task with id {task_id!r}")
    if len(loaded.tasks) != 1:
        reason = f" ({loaded.invalid[0].reason})" if loaded.invalid and not loaded.tasks else ""
        raise SpecBridgeError(f"{path}: holds {len(loaded.tasks)} tasks; name one with --task ID{reason}")
    return loaded.tasks[0]


def audit_command(
    dataset: Annotated[Path, typer.Argument(help="A folder of tasks, a requirement file, a VERINA folder or .jsonl.")],
    inputs: Annotated[int, typer.Option("--inputs", min=0, help="Generated inputs admitted per task.")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the input generator.")] = 0,
    workers: Annotated[int, typer.Option("--workers", min=0, help="Processes; 0 = number of CPU cores.")] = 0,
    show: Annotated[int, typer.Option(help="Show at most N examples per task.")] = 2,
    json_out: JsonOption = False,
    config: ConfigOption = None,
) -> None:
    """Audit each task's reference spec on generated inputs against its reference implementation."""
    from specbridge.compare.audit import audit_dataset
    from specbridge.compare.evaluator import diff_settings
    from specbridge.datasets import load_dataset

    settings = settings_or_exit(config)
    try:
        loaded = load_dataset(dataset)
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    with task_progress(quiet=json_out, transient=True) as bar:
        handle = bar.add_task("auditing", total=len(loaded.tasks))

        def progress(row) -> None:  # noqa: ANN001 - an AuditRow
            bar.update(handle, advance=1, description=f"auditing {row.id}")

        report = audit_dataset(
            loaded.tasks,
            inputs=inputs,
            seed=seed,
            settings=diff_settings(settings.computable),
            workers=workers or (os.cpu_count() or 1),
            progress=progress,
        )
    findings = any(
        r.completeness_misses or r.implementation_failures or r.lint or r.stopped_early or r.test_mismatches
        for r in report.tasks
    )
    if json_out:
        out = report.model_dump(mode="json")
        out["totals"] = report.totals()
        out["invalid"] = [{"path": i.path, "reason": i.reason} for i in loaded.invalid]
        print(json.dumps(out, ensure_ascii=False))
    else:
        _print_audit(report, show)
        for bad in loaded.invalid:
            err_console.print(f"[yellow]invalid task:[/yellow] {escape(bad.reason)}")
    raise typer.Exit(EXIT_INCOMPLETE if findings else EXIT_OK)


def _print_audit(report, show: int) -> None:  # noqa: ANN001 - an AuditReport
    table = Table(title=f"audit on {report.inputs_per_task} generated inputs per task (seed {report.seed})")
    for col in ("task", "impl runs", "admitted", "misses", "other outputs", "impl fails", "lint", "seconds"):
        table.add_column(col, justify="left" if col in ("task", "lint") else "right")
    for r in report.tasks:
        lint = "; ".join([*r.lint, *([r.stopped_early] if r.stopped_early else [])])
        table.add_row(
            escape(r.id),
            "yes" if r.implementation_runs else f"[yellow]no[/yellow] {escape(r.implementation_note)}",
            str(r.inputs_admitted),
            f"[red]{r.completeness_misses}[/red]" if r.completeness_misses else "0",
            f"[yellow]{r.admits_other_outputs}[/yellow]" if r.admits_other_outputs else "0",
            str(r.implementation_failures)
            + (f" (+{r.implementation_limits} limits)" if r.implementation_limits else ""),
            escape(lint),
            f"{r.seconds:.2f}",
        )
    console.print(table)
    for r in report.tasks:
        for ex in r.examples[:show]:
            args = ", ".join(f"{k} = {v}" for k, v in ex.inputs.items())
            extra = f" result = {ex.output}" if ex.output is not None else ""
            impl = f" (implementation: {ex.implementation_output})" if ex.implementation_output is not None else ""
            note = f" — {ex.note}" if ex.note else ""
            console.print(f"  {escape(r.id)} {ex.kind}: {escape(args)}{escape(extra + impl + note)}", highlight=False)
    t = report.totals()
    console.print(
        f"{t['implementation_runs']}/{t['with_implementation']} implementations run; "
        f"{t['completeness_misses']} completeness misses in {t['tasks_with_completeness_misses']} tasks; "
        f"{t['tasks_admitting_other_outputs']} tasks admit other outputs; {t['tasks_with_lint']} with lint; "
        f"{t['tasks_stopped_early']} stopped early; {report.seconds:.1f} s"
    )


def print_amplified(summary: dict) -> None:
    """The `run --amplify N` lines of `specbridge report`, beside the test-based figures."""
    kinds = ", ".join(f"{k} {n}" for k, n in summary["tasks_with_miss"].items()) or "none"
    console.print(
        f"[bold]sound & complete on {summary['inputs']} generated inputs {summary['sound_and_complete']}[/bold] "
        f"of {summary['tasks_checked']} checked against the reference ({summary['pairs']} pairs; "
        f"{summary['undecided']} undecided); tasks with misses by kind: {kinds}"
    )
    missed = summary["pass_tests_but_miss"]
    if missed:
        console.print(f"  sound & complete on the tests but not on generated inputs: {escape(', '.join(missed))}")
    for task_id, ces in list(summary["counterexamples"].items())[:10]:
        for kind, ce in list(ces.items())[:1]:
            args = ", ".join(f"{k} = {v}" for k, v in ce["inputs"].items())
            out = f", result = {ce['output']}" if ce.get("output") is not None else ""
            console.print(f"  {escape(task_id)} {kind}: {escape(args + out)}", highlight=False)
