"""`specbridge generate REQUIREMENT_FILE`: one task, print the plan and the spec."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel

from specbridge.cli.common import (
    EXIT_INCOMPLETE,
    ConfigOption,
    PatternsOption,
    console,
    err_console,
    fail,
    settings_or_exit,
)
from specbridge.errors import SpecBridgeError


def register(app: typer.Typer) -> None:
    app.command("generate")(generate_command)


def generate_command(
    requirement_file: Annotated[
        Path, typer.Argument(help="A requirement file (Markdown + YAML front matter) or a VERINA task folder.")
    ],
    generator: Annotated[
        str | None,
        typer.Option(help="specbridge | baseline | offline (default: specbridge with an LLM, offline without)."),
    ] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Also write the spec (Lean) to this file.")] = None,
    corpus: Annotated[
        list[Path] | None,
        typer.Option(
            help="Solved tasks to retrieve examples from (default: datasets/examples)."
            " Repeat for several: --corpus A --corpus B."
        ),
    ] = None,
    repair: Annotated[int | None, typer.Option(help="Repair rounds (default from settings).")] = None,
    plain: Annotated[
        bool, typer.Option("--plain", help="No rules or colours: the plan and the Lean text only, as plain text.")
    ] = False,
    patterns: PatternsOption = None,
    config: ConfigOption = None,
) -> None:
    """Generate the spec of one requirement: prints the plan (NLFP) and the Lean spec.

    The Lean text is printed verbatim (never wrapped or cut, whatever the terminal width), so it can be copied.
    Exit 0 with a spec, 1 when the generator gave none, 2 on bad input."""
    from specbridge.generate.single import generate_for_file

    settings = settings_or_exit(config)
    try:
        task, gen = generate_for_file(
            requirement_file, settings, generator=generator, corpus_dir=corpus, repair_rounds=repair, patterns=patterns
        )
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    decorated = not plain and console.is_terminal
    # undecorated (a pipe, --plain): stdout carries the plan and the Lean text only, the rest goes to stderr
    info = console if decorated else err_console
    header = escape(task.signature.lean_header())
    info.print(f"[bold]{escape(task.id)}[/bold]  {header}  generator: [bold]{gen.generator}[/bold]")
    if gen.plan:
        if decorated:
            console.print(Panel(Markdown(gen.plan), title="plan (NLFP)", expand=False))
        else:
            print(f"-- plan (NLFP)\n{gen.plan.strip()}\n")
    if gen.spec_text:
        # Lean text goes out verbatim with print(): a rich Panel/Syntax crops or wraps lines at the terminal width
        # (an 80-column terminal lost the end of the postcondition header), and copied Lean must stay valid
        if decorated:
            console.rule("spec (Lean)", align="left")
        print(gen.spec_text.rstrip("\n"), flush=True)
        if decorated:
            console.rule()
    if gen.notes:
        if decorated:
            console.print(gen.notes, style="dim", markup=False, highlight=False)
        else:
            print("\n".join(f"-- {line}" for line in gen.notes.splitlines()))
    u = gen.usage
    if u.calls:
        info.print(
            f"model calls: {u.calls} ({u.cached_calls} cached), tokens: {u.prompt_tokens} in / "
            f"{u.completion_tokens} out, latency: {u.latency:.1f}s, rounds: {len(gen.rounds)}",
            style="dim",
        )
    if gen.error:
        label = "unavailable" if gen.unavailable else "error"
        err_console.print(f"[red]{label}:[/red] {escape(gen.error)}", markup=True, highlight=False)
        raise typer.Exit(EXIT_INCOMPLETE)
    if out is not None:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(gen.spec_text, encoding="utf-8")
        except OSError as exc:
            raise fail(SpecBridgeError(f"{out}: cannot write ({exc.strerror or exc})")) from exc
        err_console.print(f"spec written to {out}")
