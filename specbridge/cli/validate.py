"""`specbridge validate`: run layer 2 (the Lean interpreter) over a dataset's reference specs or given specs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from specbridge.errors import SpecBridgeError

console = Console(soft_wrap=True)
err_console = Console(stderr=True, soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command("validate")(validate_command)


def _read_specs(path: Path) -> dict[str, str]:
    specs: dict[str, str] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            specs[str(obj["id"])] = str(obj["spec"])
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise SpecBridgeError(f'{path}:{n}: expected {{"id": ..., "spec": "<Lean text>"}} ({exc})') from exc
    return specs


def validate_command(
    dataset: Annotated[Path, typer.Argument(help="A folder of tasks, a requirement file, a VERINA folder or .jsonl.")],
    specs: Annotated[
        Path | None,
        typer.Option("--specs", help='JSONL of {"id": ..., "spec": "<Lean text>"}; default: each task\'s reference.'),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object for scripts.")] = False,
    config: Annotated[Path | None, typer.Option("--config", help="Settings file (default: ./specbridge.toml).")] = None,
    show: Annotated[int, typer.Option(help="Show at most N non-passing obligations.")] = 20,
) -> None:
    """Evaluate every obligation (tests, reject inputs) of each task against its spec with the interpreter."""
    from specbridge.datasets import load_dataset
    from specbridge.evaluate.computable import validate_dataset
    from specbridge.settings import load_settings

    try:
        settings = load_settings(config)
        loaded = load_dataset(dataset)
        given = _read_specs(specs) if specs is not None else None
    except SpecBridgeError as exc:
        err_console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    tasks = loaded.tasks if given is None else [t for t in loaded.tasks if t.id in given]
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        disable=json_out,
        transient=True,
    ) as bar:
        handle = bar.add_task("validating", total=len(tasks))

        def progress(task) -> None:  # noqa: ANN001 - a Task
            bar.update(handle, advance=1, description=f"validating {task.id}")

        summary = validate_dataset(tasks, specs=given, settings=settings.computable, progress=progress)
    if json_out:
        print(json.dumps(summary.to_json(), ensure_ascii=False))
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
            console.print(f"  {n:5d}  {cause}")
    for task_id, key, verdict in summary.details[:show]:
        console.print(f"  {task_id} {key}: [bold]{verdict.status.value}[/bold] {verdict.message}")
    if len(summary.details) > show:
        console.print(f"  … {len(summary.details) - show} more (use --show N or --json)")
    for bad in loaded.invalid:
        err_console.print(f"[yellow]invalid task:[/yellow] {bad.reason}")
    if summary.missing_specs:
        err_console.print(f"[yellow]no spec for:[/yellow] {', '.join(summary.missing_specs)}")
