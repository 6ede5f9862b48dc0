"""What every command shares: the consoles, the --config/--json options, error exits and the progress bar."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from specbridge.errors import SpecBridgeError
from specbridge.settings import Settings, load_settings

# soft_wrap: long paths and messages stay on one line, so they can be copied and grepped
console = Console(soft_wrap=True)
err_console = Console(stderr=True, soft_wrap=True)

ConfigOption = Annotated[
    Path | None, typer.Option("--config", help="Settings file (default: ./specbridge.toml when present).")
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object for scripts.")]


def fail(exc: Exception) -> typer.Exit:
    """Print the error and return the exit (code 2) for the caller to raise."""
    err_console.print(f"[red]error:[/red] {escape(str(exc))}", markup=True, highlight=False)
    return typer.Exit(2)


def settings_or_exit(config: Path | None) -> Settings:
    try:
        return load_settings(config)
    except SpecBridgeError as exc:
        raise fail(exc) from exc


def task_progress(*, quiet: bool, transient: bool = False) -> Progress:
    """The progress bar of long jobs, on stderr so that --json output on stdout stays clean."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        disable=quiet,
        transient=transient,
    )
