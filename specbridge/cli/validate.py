"""`specbridge validate`: run layer 2 (the Lean interpreter) over a dataset's reference specs or given specs."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from specbridge.cli.common import (
    EXIT_INCOMPLETE,
    EXIT_OK,
    ConfigOption,
    JsonOption,
    console,
    err_console,
    fail,
    interrupted,
    print_json,
    settings_or_exit,
    task_progress,
)
from specbridge.errors import SpecBridgeError


def register(app: typer.Typer) -> None:
    app.command("validate")(validate_command)


def _read_specs(path: Path) -> tuple[dict[str, str], list[str]]:
    """The specs by task id, and one message per bad line (the other lines still count)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecBridgeError(f"{path}: cannot read the specs file ({exc})") from exc
    specs: dict[str, str] = {}
    bad: list[str] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            specs[str(obj["id"])] = str(obj["spec"])
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            bad.append(f'{path}:{n}: expected {{"id": ..., "spec": "<Lean text>"}} ({type(exc).__name__}: {exc})')
    return specs, bad


def validate_command(
    dataset: Annotated[Path, typer.Argument(help="A folder of tasks, a requirement file, a VERINA folder or .jsonl.")],
    specs: Annotated[
        Path | None,
        typer.Option("--specs", help='JSONL of {"id": ..., "spec": "<Lean text>"}; default: each task\'s reference.'),
    ] = None,
    json_out: JsonOption = False,
    config: ConfigOption = None,
    show: Annotated[int, typer.Option(help="Show at most N non-passing obligations.")] = 20,
) -> None:
    """Evaluate every obligation (tests, reject inputs) of each task against its spec with the interpreter.

    Exit 0 when every obligation passed, 1 when some did not (or tasks, spec lines or ids were bad), 2 on bad
    usage."""
    from specbridge.datasets import load_dataset
    from specbridge.evaluate.computable import validate_dataset

    settings = settings_or_exit(config)
    try:
        loaded = load_dataset(dataset)
        given, bad_specs = _read_specs(specs) if specs is not None else (None, [])
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    tasks = loaded.tasks if given is None else [t for t in loaded.tasks if t.id in given]
    known = {t.id for t in loaded.tasks}
    unknown_ids = sorted(set(given) - known) if given is not None else []
    with task_progress(quiet=json_out, transient=True) as bar:
        handle = bar.add_task("validating", total=len(tasks))

        def progress(task) -> None:  # noqa: ANN001 - a Task
            bar.update(handle, advance=1, description=f"validating {task.id}")

        try:
            summary = validate_dataset(tasks, specs=given, settings=settings.computable, progress=progress)
        except KeyboardInterrupt as exc:
            raise interrupted("validation stopped (it keeps no results: run it again)") from exc
    problems = bool(loaded.invalid or bad_specs or unknown_ids or summary.missing_specs)
    code = EXIT_OK if (summary.passed == summary.obligations and summary.tasks and not problems) else EXIT_INCOMPLETE
    if json_out:
        not_passing = [
            {"task": task_id, "obligation": key, "status": v.status.value, "cause": v.cause, "message": v.message}
            for task_id, key, v in summary.details
        ]
        print_json(
            {
                **summary.to_json(),
                "invalid_specs": bad_specs,
                "unknown_ids": unknown_ids,
                "missing_specs": summary.missing_specs,
                "invalid_tasks": [{"path": i.path, "reason": i.reason} for i in loaded.invalid],
                "not_passing": not_passing,
                "exit_code": code,
            }
        )
        raise typer.Exit(code)
    table = Table(title=f"layer 2 (computable) on {dataset}")
    for col in ("tasks", "obligations", "pass", "fail", "unknown", "error", "definite", "seconds"):
        table.add_column(col, justify="right")
    table.add_row(
        str(summary.tasks),
        str(summary.obligations),
        f"[green]{summary.passed}[/green]",
        f"[red]{summary.failed}[/red]",
        f"[yellow]{summary.unknown}[/yellow]",
        str(summary.error),
        f"{100 * summary.definite_rate:.1f}%",
        f"{summary.seconds:.2f}",
    )
    console.print(table)
    if summary.unsupported:
        console.print("unknown, by cause:")
        for cause, n in sorted(summary.unsupported.items(), key=lambda kv: -kv[1]):
            console.print(f"  {n:5d}  {escape(cause)}")
    lines = not_passing_lines(summary.details)
    for line in lines[:show]:
        console.print(line, highlight=False)
    if len(lines) > show:
        console.print(f"  … {len(lines) - show} more (use --show N, or --json for all of them)")
    for bad in loaded.invalid:
        err_console.print(f"[yellow]invalid task:[/yellow] {escape(bad.reason)}")
    for warning in loaded.warnings:
        err_console.print(f"[yellow]warning:[/yellow] {escape(warning.message)}")
    for line in bad_specs:
        err_console.print(f"[yellow]invalid spec line:[/yellow] {escape(line)}")
    if summary.missing_specs:
        err_console.print(f"[yellow]no spec for:[/yellow] {escape(', '.join(summary.missing_specs))}")
    if unknown_ids:
        err_console.print(
            f"[yellow]warning:[/yellow] {len(unknown_ids)} id(s) in {escape(str(specs))} match no task of "
            f"{escape(str(dataset))}, not validated: {escape(', '.join(unknown_ids[:20]))}"
        )
    raise typer.Exit(code)


_LOCATED = re.compile(r"^parse error \d+:\d+: .* \((in .+ at \d+:\d+: .*)\)$", re.DOTALL)


def _one_message(message: str) -> str:
    """A verdict message said once: a parse error located in the task file keeps only that position (the
    rendered spec's position means nothing to the reader), and a line repeated inside the message goes."""
    located = _LOCATED.match(message)
    if located:
        return f"parse error {located.group(1)}"
    kept: list[str] = []
    for line in message.splitlines():
        if not any(line.strip() and line.strip() in k for k in kept):
            kept.append(line)
    return "\n".join(kept)


def not_passing_lines(details: list) -> list[str]:
    """One printed line per non-passing obligation; a task whose obligations all fail for one reason (a spec that
    does not parse, a refused spec) gets one line for all of them, not one per obligation."""
    by_task: dict[str, list] = {}
    for task_id, key, verdict in details:
        by_task.setdefault(task_id, []).append((key, verdict))
    lines = []
    for task_id, rows in by_task.items():
        reasons = {(v.status.value, _one_message(v.message)) for _, v in rows}
        if len(rows) > 1 and len(reasons) == 1:
            status, message = reasons.pop()
            lines.append(f"  {escape(task_id)} (all {len(rows)} obligations): [bold]{status}[/bold] {escape(message)}")
            continue
        for key, v in rows:
            lines.append(f"  {escape(task_id)} {key}: [bold]{v.status.value}[/bold] {escape(_one_message(v.message))}")
    return lines
