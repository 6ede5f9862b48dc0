"""The `specbridge` command line: thin typer commands over functions of the package."""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="specbridge",
    help="Turn natural-language requirements into Lean 4 specifications and evaluate them in three layers.",
    no_args_is_help=True,
    add_completion=False,
)

# Each command group lives in its own module with a `register(app)` function.
_COMMAND_MODULES = ("main", "validate", "lean", "generate", "mining")

for _name in _COMMAND_MODULES:
    try:
        _module = importlib.import_module(f"specbridge.cli.{_name}")
    except ModuleNotFoundError as _exc:  # a group not written yet
        if _exc.name != f"specbridge.cli.{_name}":
            raise
        continue
    _module.register(app)
