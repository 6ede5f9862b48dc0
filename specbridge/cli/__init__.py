"""The `specbridge` command line: thin typer commands over functions of the package."""

from __future__ import annotations

import importlib
from typing import Annotated

import typer
import typer.core

import specbridge


def _flag_type(self: typer.core.TyperOption, ctx: object) -> str | None:
    # typer's help showed every flag as `--json <bool>`, as if it took a value; a flag has no value to show
    if self.is_flag:
        return None
    return _option_type(self, ctx)


def _usage_name(self: typer.core.TyperArgument) -> str:
    # typer's usage line read `{dataset}`; the convention (and our README) is DATASET, [OPTIONAL] for optional
    name = self.metavar or self.name.upper()
    name = name if self.required else f"[{name}]"
    return name + ("..." if self.nargs != 1 else "")


_option_type = typer.core.TyperOption.display_type_rich
typer.core.TyperOption.display_type_rich = _flag_type  # type: ignore[method-assign]
typer.core.TyperArgument._usage_display_name = _usage_name  # type: ignore[method-assign]
typer.core.TyperArgument.display_name_raw = property(  # type: ignore[method-assign,assignment]
    lambda self: self.metavar if self.metavar is not None else self.name.upper()
)

app = typer.Typer(
    name="specbridge",
    help="Turn natural-language requirements into Lean 4 specifications and evaluate them in three layers.",
    no_args_is_help=True,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        print(f"specbridge {specbridge.__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: Annotated[
        bool, typer.Option("--version", help="Print the version and exit.", is_eager=True, callback=_version)
    ] = False,
) -> None:
    """Turn natural-language requirements into Lean 4 specifications and evaluate them in three layers."""
    from specbridge.cli.common import _JsonMode

    _JsonMode.on = False  # set again by the command's own --json, parsed after this; never left from a previous run


# Each command group lives in its own module with a `register(app)` function.
_COMMAND_MODULES = ("main", "validate", "lean", "generate", "compare", "inspect", "mining")

for _name in _COMMAND_MODULES:
    try:
        _module = importlib.import_module(f"specbridge.cli.{_name}")
    except ModuleNotFoundError as _exc:  # a group not written yet
        if _exc.name != f"specbridge.cli.{_name}":
            raise
        continue
    _module.register(app)


def script() -> None:
    """The `specbridge` script: the app, with usage errors too as one JSON object on stdout under --json."""
    import sys

    try:  # typer vendors click in its newer releases; older ones use click itself
        from typer._click.exceptions import ClickException
    except ImportError:
        from click.exceptions import ClickException

    from specbridge.cli.common import print_json

    if "--json" not in sys.argv[1:]:
        app()
        return
    try:
        code = app(standalone_mode=False)
    except ClickException as exc:  # a bad option value: said on stderr as usual, and as JSON for the script
        exc.show()
        print_json({"error": exc.format_message(), "exit_code": exc.exit_code})
        sys.exit(exc.exit_code)
    sys.exit(code or 0)
