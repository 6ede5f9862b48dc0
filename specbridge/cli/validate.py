"""`specbridge validate`: run layer 2 (the Lean interpreter) over a dataset's reference specs or given specs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from specbridge.cli.common import ConfigOption, JsonOption, console, err_console, fail, settings_or_exit, task_progress
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
    """Evaluate every obligation (tests, reject inputs) of each task against its spec with the interpreter."""
    from specbridge.datasets import load_dataset
    from specbridge.evaluate.computable import validate_dataset
    from specbridge.lean.release import LEAN_RELEASE, dataset_release

    settings = settings_or_exit(config)
    try:
        loaded = load_dataset(dataset)
        given, bad_specs = _read_specs(specs) if specs is not None else (None, [])
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    declared = dataset_release(dataset)
    release_warning = declared.warning() if declared is not None else None
    tasks = loaded.tasks if given is None else [t for t in loaded.tasks if t.id in given]
    with task_progress(quiet=json_out, transient=True) as bar:
        handle = bar.add_task("validating", total=len(tasks))

        def progress(task) -> None:  # noqa: ANN001 - a Task
            bar.update(handle, advance=1, description=f"validating {task.id}")

        summary = validate_dataset(tasks, specs=given, settings=settings.computable, progress=progress)
    if json_out:
        release = {"ours": LEAN_RELEASE, "declared": declared.release if declared else None, "warning": release_warning}
        print(
            json.dumps({**summary.to_json(), "invalid_specs": bad_specs, "lean_release": release}, ensure_ascii=False)
        )
        return
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
    for task_id, key, verdict in summary.details[:show]:
        console.print(f"  {escape(task_id)} {key}: [bold]{verdict.status.value}[/bold] {escape(verdict.message)}")
    if len(summary.details) > show:
        console.print(f"  … {len(summary.details) - show} more (use --show N or --json)")
    if release_warning:
        err_console.print(f"[yellow]warning:[/yellow] {escape(release_warning)}")
    for bad in loaded.invalid:
        err_console.print(f"[yellow]invalid task:[/yellow] {escape(bad.reason)}")
    for line in bad_specs:
        err_console.print(f"[yellow]invalid spec line:[/yellow] {escape(line)}")
    if summary.missing_specs:
        err_console.print(f"[yellow]no spec for:[/yellow] {escape(', '.join(summary.missing_specs))}")
