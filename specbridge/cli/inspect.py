"""`specbridge runs` and `specbridge show TASK_ID`: what is in a results database, and one task in full."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from specbridge.cli.common import ConfigOption, JsonOption, console, fail, print_json, settings_or_exit
from specbridge.errors import SpecBridgeError


def register(app: typer.Typer) -> None:
    app.command("runs")(runs_command)
    app.command("show")(show_command)


DbOption = Annotated[Path | None, typer.Option(help="Results database (default from settings).")]


def _when(seconds: float | None) -> str:
    return dt.datetime.fromtimestamp(seconds).strftime("%Y-%m-%d %H:%M") if seconds else "-"


def runs_command(db: DbOption = None, config: ConfigOption = None, json_out: JsonOption = False) -> None:
    """List the runs in the database: id, generator, model, dataset, started, tasks done/total, complete."""
    from specbridge.results import list_runs
    from specbridge.store import Store

    path = Path(db or settings_or_exit(config).db)
    try:
        rows = list_runs(Store.open_existing(path))
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    if json_out:
        print_json({"runs": [r.model_dump() for r in rows]})
        return
    table = Table(title=f"runs in {path}")
    for col in ("id", "generator", "model", "dataset", "started", "tasks", "state"):
        # a path is folded onto more lines rather than cut with an ellipsis: it must stay readable and copyable
        table.add_column(col, overflow="fold" if col == "dataset" else "ellipsis", no_wrap=col == "started")
    for r in rows:
        total = "?" if r.tasks_total is None else str(r.tasks_total)
        table.add_row(
            str(r.id),
            r.generator,
            r.model or "-",
            escape(r.dataset),
            _when(r.started),
            f"{r.tasks_done}/{total}",
            r.state,
        )
    console.print(table)


def show_command(
    task_id: Annotated[str, typer.Argument(help="The task id, as `specbridge report --failures` lists it.")],
    run: Annotated[int | None, typer.Option(help="Run id (default: the newest run).")] = None,
    db: DbOption = None,
    config: ConfigOption = None,
    json_out: JsonOption = False,
) -> None:
    """One task of a run in full: requirement, plan, spec, and every obligation that did not pass, per layer."""
    from specbridge.cli.main import open_run
    from specbridge.results import task_detail

    store, info = open_run(db, run, config)
    try:
        detail = task_detail(store, info, task_id)
    except KeyError as exc:
        raise fail(SpecBridgeError(f"run {info.id} has no task {task_id!r} (`specbridge report --failures`)")) from exc
    if json_out:
        print_json(detail.model_dump())
        return
    console.print(f"[bold]{escape(detail.task_id)}[/bold]  run {detail.run}  status: {detail.status}", highlight=False)
    if detail.transient:
        console.print("[yellow]no final answer yet (lost connection or crashed layer): a rerun retries it[/yellow]")
    console.rule("requirement")
    print(detail.signature)
    print(detail.requirement.strip())
    if detail.plan:
        console.rule("plan (NLFP)")
        print(detail.plan.strip())
    console.rule("spec")
    print(detail.spec.strip() if detail.spec else "(none)")  # verbatim: Lean text is never wrapped or cut
    if detail.error:
        console.print(f"[red]generation error:[/red] {escape(detail.error)}", highlight=False)
    if detail.issues:
        console.rule(f"{len(detail.issues)} obligation(s) that did not pass")
    for issue in detail.issues:
        values = ""
        if issue.inputs is not None:
            values = ", ".join(f"{k} := {v}" for k, v in issue.inputs.items())
            if issue.output is not None:
                values += f"; result := {issue.output}"
        console.print(
            f"[bold]{issue.layer}[/bold] {issue.obligation}: [bold]{issue.verdict}[/bold]"
            + (f" (cause: {escape(issue.cause)})" if issue.cause else ""),
            highlight=False,
        )
        if values:
            print(f"    values: {values}")
        if issue.message:
            print(f"    {issue.message}")
    for layer, why in detail.unavailable.items():
        console.print(f"{layer}: unavailable because {escape(why)}", highlight=False)
    if detail.amplified:
        console.rule("amplified counterexample(s)")
        for row in detail.amplified:
            print("    " + ", ".join(f"{k}: {v}" for k, v in row.items()))
