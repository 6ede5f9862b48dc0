"""What every command shares: the consoles, the --config/--json options, exit codes, errors and the progress bar.

Exit codes, one convention for every command (README.md, "Exit codes"):
  0  done, and everything was processed (and, for `validate`, passed)
  1  done, but some tasks or obligations could not be processed (or, for `validate`, did not pass)
  2  bad usage or bad input: nothing (or nothing more) was done
  130 interrupted (Ctrl-C or SIGTERM)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from specbridge.errors import SpecBridgeError
from specbridge.settings import Settings, load_settings

EXIT_OK = 0
EXIT_INCOMPLETE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

# soft_wrap: long paths and messages stay on one line, so they can be copied and grepped
console = Console(soft_wrap=True)
err_console = Console(stderr=True, soft_wrap=True)


class _JsonMode:
    """Whether the running command was given --json: its errors then go to stdout as JSON too."""

    on = False


def _set_json_mode(value: bool) -> bool:
    _JsonMode.on = bool(value)
    return value


ConfigOption = Annotated[
    Path | None, typer.Option("--config", help="Settings file (default: ./specbridge.toml when present).")
]
PatternsOption = Annotated[
    Path | None,
    typer.Option(
        help="A pattern library (default: mined from the corpus). Without --corpus, the corpus it was "
        "mined from is the corpus, if still on disk."
    ),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print one JSON object on stdout for scripts.", callback=_set_json_mode)
]


def print_json(data: object) -> None:
    """The one JSON object of a --json command, on stdout."""
    print(json.dumps(data, ensure_ascii=False, default=str))


def fail(exc: Exception, code: int = EXIT_USAGE) -> typer.Exit:
    """Print the error (on stderr, and as {"error": ...} on stdout under --json); return the exit to raise."""
    err_console.print(f"[red]error:[/red] {escape(str(exc))}", markup=True, highlight=False)
    if _JsonMode.on:
        print_json({"error": str(exc), "exit_code": code})
    return typer.Exit(code)


def interrupted(message: str) -> typer.Exit:
    """Ctrl-C: say what was kept and how to go on; exit 130 as shells expect."""
    err_console.print(f"[yellow]interrupted:[/yellow] {escape(message)}", highlight=False)
    if _JsonMode.on:
        print_json({"error": f"interrupted: {message}", "exit_code": EXIT_INTERRUPTED})
    return typer.Exit(EXIT_INTERRUPTED)


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
