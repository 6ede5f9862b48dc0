"""`specbridge mine CORPUS... --out FILE` and `specbridge patterns FILE`: the pattern miner's commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from specbridge.cli.common import ConfigOption, JsonOption, console, fail, settings_or_exit, task_progress
from specbridge.errors import SpecBridgeError


def register(app: typer.Typer) -> None:
    app.command("mine")(mine_command)
    app.command("patterns")(patterns_command)


def mine_command(
    corpus: Annotated[list[Path], typer.Argument(help="Corpus datasets (folders, requirement files, .jsonl, YAML).")],
    out: Annotated[Path, typer.Option("--out", help="Write the pattern library (JSON) here.")],
    reconstructor: Annotated[
        str, typer.Option(help="rules (no model) | llm (the configured model plans and decodes).")
    ] = "rules",
    workers: Annotated[int, typer.Option(min=0, help="Worker processes for `rules` (0: up to 2 CPU cores).")] = 0,
    config: ConfigOption = None,
    json_out: JsonOption = False,
) -> None:
    """Reconstruct every spec of the corpus as a plan, keep the plans that round-trip, mine their patterns."""
    from specbridge.mining.library import load_corpus, mine
    from specbridge.mining.reconstruct import LLMReconstructor, RulesReconstructor

    settings = settings_or_exit(config)
    if reconstructor not in ("rules", "llm"):
        raise fail(SpecBridgeError(f"--reconstructor: expected rules or llm, got {reconstructor!r}"))
    try:
        tasks, invalid = load_corpus(corpus)
        if reconstructor == "llm":
            from specbridge.llm import LLMClient

            rec = LLMReconstructor(LLMClient(settings.llm))
        else:
            rec = RulesReconstructor()
        with task_progress(quiet=json_out) as bar:
            job = bar.add_task("mining", total=len(tasks))
            report = mine(
                corpus,
                tasks=tasks,
                reconstructor=rec,
                workers=workers or None,
                progress=lambda done, total: bar.update(job, completed=done),
            )
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(report.library.to_json(), encoding="utf-8")
    except (SpecBridgeError, OSError) as exc:
        raise fail(exc) from exc
    summary = report.summary()
    if json_out:
        print(json.dumps(summary, ensure_ascii=False))
        return
    lib = report.library
    console.print(
        f"{summary['specs']} specs, {summary['round_trip_ok']} round-trip, {summary['patterns']} patterns "
        f"in {summary['seconds']}s -> {escape(str(out))}"
    )
    if invalid:
        console.print(f"{len(invalid)} invalid task(s) skipped (see `specbridge tasks`)", style="dim")
    for cause, n in sorted(lib.failure_counts.items(), key=lambda x: -x[1]):
        console.print(f"  failed: {cause}: {n}", markup=False)


def patterns_command(
    library: Annotated[Path, typer.Argument(help="A pattern library written by `specbridge mine`.")],
    search: Annotated[str | None, typer.Option("--search", help="Only patterns mentioning all these words.")] = None,
    limit: Annotated[int, typer.Option(min=1, help="Show at most N patterns.")] = 50,
    json_out: JsonOption = False,
) -> None:
    """Browse a pattern library: templates, kinds, support and requirement phrases."""
    from specbridge.mining.library import load_library

    try:
        lib = load_library(library)
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    found = lib.search(search) if search else list(lib.patterns)
    if json_out:
        print(
            json.dumps(
                {
                    "fingerprint": lib.fingerprint,
                    "patterns": len(found),
                    "items": [p.model_dump() for p in found[:limit]],
                },
                ensure_ascii=False,
            )
        )
        return
    table = Table(title=f"{len(found)} of {len(lib.patterns)} patterns in {library}")
    for col in ("id", "part", "kind", "template", "support", "phrases"):
        table.add_column(col, overflow="fold")
    for p in found[:limit]:
        table.add_row(p.id, p.part, p.kind, escape(p.template), str(p.support), escape(", ".join(p.phrases[:5])))
    console.print(table)
