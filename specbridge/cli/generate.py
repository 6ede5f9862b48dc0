"""`specbridge generate REQUIREMENT_FILE`: one task, print the plan and the spec."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.syntax import Syntax

from specbridge.cli.common import ConfigOption, console, err_console, fail, settings_or_exit
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
        Path | None, typer.Option(help="Solved tasks to retrieve examples from (default: datasets/examples).")
    ] = None,
    repair: Annotated[int | None, typer.Option(help="Repair rounds (default from settings).")] = None,
    patterns: Annotated[Path | None, typer.Option(help="A pattern library (default: mined from the corpus).")] = None,
    config: ConfigOption = None,
) -> None:
    """Generate the spec of one requirement: prints the plan (NLFP) and the Lean spec."""
    from specbridge.generate.single import generate_for_file

    settings = settings_or_exit(config)
    try:
        task, gen = generate_for_file(
            requirement_file, settings, generator=generator, corpus_dir=corpus, repair_rounds=repair, patterns=patterns
        )
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    header = escape(task.signature.lean_header())
    console.print(f"[bold]{escape(task.id)}[/bold]  {header}  generator: [bold]{gen.generator}[/bold]")
    if gen.plan:
        console.print(Panel(Markdown(gen.plan), title="plan (NLFP)", expand=False))
    if gen.spec_text:
        console.print(Panel(Syntax(gen.spec_text, "lean", word_wrap=True), title="spec", expand=False))
    if gen.notes:
        console.print(gen.notes, style="dim", markup=False, highlight=False)
    u = gen.usage
    if u.calls:
        console.print(
            f"model calls: {u.calls} ({u.cached_calls} cached), tokens: {u.prompt_tokens} in / "
            f"{u.completion_tokens} out, latency: {u.latency:.1f}s, rounds: {len(gen.rounds)}",
            style="dim",
        )
    if gen.error:
        label = "unavailable" if gen.unavailable else "error"
        err_console.print(f"[red]{label}:[/red] {escape(gen.error)}", markup=True, highlight=False)
        raise typer.Exit(3 if gen.unavailable else 1)
    if out is not None:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(gen.spec_text, encoding="utf-8")
        except OSError as exc:
            raise fail(SpecBridgeError(f"{out}: cannot write ({exc.strerror or exc})")) from exc
        console.print(f"spec written to {out}")
