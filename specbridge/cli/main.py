"""Core commands: tasks, doctor, run, report, export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from specbridge.cli.common import ConfigOption, JsonOption, console, err_console, fail, settings_or_exit, task_progress
from specbridge.datasets import export_jsonl, load_dataset
from specbridge.errors import SpecBridgeError


def register(app: typer.Typer) -> None:
    app.command("tasks")(tasks_command)
    app.command("doctor")(doctor_command)
    app.command("run")(run_command)
    app.command("report")(report_command)
    app.command("export")(export_command)
    app.command("browse")(browse_command)
    app.command("compare")(compare_command)


def tasks_command(
    dataset: Annotated[Path, typer.Argument(help="A folder of tasks, a requirement file, a VERINA folder or .jsonl.")],
    json_out: JsonOption = False,
) -> None:
    """List the tasks of a dataset, and the invalid ones with the reason."""
    try:
        loaded = load_dataset(dataset)
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    if json_out:
        print(
            json.dumps(
                {
                    "tasks": len(loaded.tasks),
                    "ids": [t.id for t in loaded.tasks],
                    "invalid": [{"path": i.path, "reason": i.reason} for i in loaded.invalid],
                },
                ensure_ascii=False,
            )
        )
        return
    table = Table(title=f"{len(loaded.tasks)} tasks in {dataset}")
    for col in ("id", "signature", "tests", "rejects", "reference"):
        table.add_column(col)
    for t in loaded.tasks:
        table.add_row(
            escape(t.id),
            escape(t.signature.lean_header()),
            str(len(t.tests)),
            str(len(t.reject_inputs)),
            "yes" if t.reference else "no",
        )
    console.print(table)
    for bad in loaded.invalid:
        err_console.print(f"[yellow]invalid:[/yellow] {escape(bad.reason)}")


def doctor_command(
    config: ConfigOption = None,
    json_out: JsonOption = False,
    no_probe: Annotated[bool, typer.Option("--no-probe", help="Do not contact the LLM endpoint.")] = False,
) -> None:
    """Check Python, the LLM configuration and the Lean toolchain; print the fix for what is missing."""
    from specbridge.doctor import doctor

    checks = doctor(settings_or_exit(config), probe_llm=not no_probe)
    if json_out:
        print(json.dumps({k: {"status": c.status, **c.detail, "fix": c.fix} for k, c in checks.items()}, default=str))
        return
    for name, check in checks.items():
        good = check.status in ("ok", "available", "reachable", "configured")
        mark = "[green]✓[/green]" if good else "[yellow]![/yellow]"
        details = ", ".join(f"{k}={v}" for k, v in check.detail.items() if v not in (None, ""))
        console.print(f"{mark} [bold]{name}[/bold]: {check.status}  {details}")
        if check.fix:
            console.print(f"    fix: {check.fix}")


def run_command(
    dataset: Annotated[Path, typer.Argument(help="The tasks to run: a folder, requirement file or .jsonl.")],
    generator: Annotated[
        str | None,
        typer.Option(
            help="reference | offline | baseline | specbridge (default: specbridge with an LLM, else offline)."
        ),
    ] = None,
    db: Annotated[Path | None, typer.Option(help="Results database (default from settings: specbridge.db).")] = None,
    limit: Annotated[int | None, typer.Option(min=0, help="Only the first N tasks.")] = None,
    fresh: Annotated[bool, typer.Option("--fresh", help="Start a new run instead of resuming the last one.")] = False,
    examples: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="Make the first K tests of each task visible examples, left out of pass rates (default: settings).",
        ),
    ] = None,
    corpus: Annotated[
        Path | None, typer.Option(help="Solved tasks for retrieval (default: datasets/examples).")
    ] = None,
    repair: Annotated[
        int | None, typer.Option(min=0, help="Repair rounds for LLM generators (default from settings).")
    ] = None,
    workers: Annotated[
        int, typer.Option(min=0, help="Tasks in flight at once (0: CPU cores when Lean runs, LLM concurrency, else 1).")
    ] = 0,
    patterns: Annotated[Path | None, typer.Option(help="A pattern library (default: mined from the corpus).")] = None,
    config: ConfigOption = None,
    json_out: JsonOption = False,
) -> None:
    """The batch job: generate a spec for each task, evaluate it with every layer, store it, summarize."""
    from specbridge.pipeline import RunOptions, run_batch
    from specbridge.report import build_report
    from specbridge.store import Store

    settings = settings_or_exit(config)
    options = RunOptions(
        dataset=dataset,
        generator=generator,
        db=db,
        limit=limit,
        fresh=fresh,
        examples=settings.examples if examples is None else examples,
        corpus=corpus,
        repair_rounds=repair,
        workers=workers,
        patterns=patterns,
    )
    name = generator or settings.default_generator
    if not json_out:
        note = (
            " (no LLM configured: the offline generator retrieves and adapts specs of solved tasks)"
            if (name == "offline" and generator is None)
            else ""
        )
        console.print(f"generator: [bold]{name}[/bold]{note}")
    try:
        with task_progress(quiet=json_out) as bar:
            handle = bar.add_task("tasks", total=None)

            def progress(task_id: str, done: int, total: int) -> None:
                bar.update(handle, completed=done, total=total, description=f"tasks {task_id}".strip())

            result = run_batch(options, settings, progress=progress)
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    for bad in result.invalid:
        err_console.print(f"[yellow]skipped invalid task:[/yellow] {escape(bad.reason)}")
    report = build_report(Store(options.db or settings.db), result.run)
    if json_out:
        print(json.dumps({**report.summary_json(), "resumed": result.resumed, "skipped": result.skipped}))
        return
    if result.resumed:
        console.print(f"resumed run {result.run.id}: {result.skipped} task(s) already finished were skipped")
    print_report(report)


def report_command(
    db: Annotated[Path | None, typer.Option(help="Results database (default from settings).")] = None,
    run: Annotated[int | None, typer.Option(help="Run id (default: the newest run).")] = None,
    config: ConfigOption = None,
    json_out: JsonOption = False,
) -> None:
    """Summarize a run: tasks, generation failures, verdicts per layer, sound-and-complete tasks."""
    from specbridge.report import build_report
    from specbridge.store import Store

    settings = settings_or_exit(config)
    path = db or Path(settings.db)
    try:
        store = Store.open_existing(path)
        info = store.run(run) if run is not None else store.latest_run()
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    except KeyError as exc:
        raise fail(SpecBridgeError(f"{path}: no run {exc.args[0]}")) from exc
    if info is None:
        raise fail(SpecBridgeError(f"{path}: the database holds no runs"))
    report = build_report(store, info)
    if json_out:
        print(json.dumps(report.summary_json()))
        return
    print_report(report)


def print_report(report) -> None:
    console.print(
        f"[bold]run {report.run}[/bold]  generator={report.generator}"
        + (f"  model={report.model}" if report.model else "")
    )
    console.print(f"protocol: {report.protocol}")
    console.print(
        f"tasks {report.tasks}: generated {report.generated}, generation failed {report.generation_failed}, "
        + (f"generation unavailable {report.generation_unavailable}, " if report.generation_unavailable else "")
        + f"[bold]sound & complete {report.sound_and_complete}[/bold] (all hidden computable obligations pass)"
    )
    table = Table(title="verdicts per layer (hidden obligations; the judge answers per task)")
    table.add_column("layer")
    for status in ("pass", "fail", "unknown", "error", "unavailable"):
        table.add_column(status, justify="right")
    for layer, counts in report.layers.items():
        table.add_row(layer, *(str(counts[s]) for s in ("pass", "fail", "unknown", "error", "unavailable")))
    console.print(table)
    if report.examples_layers:
        console.print(f"example obligations (visible to the generator, not counted above): {report.examples_layers}")
    if report.unknown_causes:
        console.print("unknown verdicts by cause: " + ", ".join(f"{k} ({v})" for k, v in report.unknown_causes.items()))
    for task_id, error in list(report.generation_errors.items())[:10]:
        console.print(f"[yellow]generation failed[/yellow] {escape(task_id)}: {escape(str(error))}")
    if report.disagreements:
        console.print(f"[red]{len(report.disagreements)} disagreement(s) between layers 2 and 3 (a bug in one):[/red]")
        for d in report.disagreements[:20]:
            verdicts = f"computable={d['computable']} proof={d['proof']}"
            console.print(f"  {escape(d['task_id'])} {d['obligation']}: {verdicts}")


def export_command(
    dataset: Annotated[Path, typer.Argument(help="The dataset to export.")],
    jsonl: Annotated[Path, typer.Option("--jsonl", help="Output file, one task per line.")],
) -> None:
    """Export a dataset as JSONL (one task per line, in the requirement-file fields)."""
    try:
        loaded = load_dataset(dataset)
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    try:
        count = export_jsonl(loaded.tasks, jsonl)
    except OSError as exc:
        raise fail(SpecBridgeError(f"{jsonl}: cannot write ({exc.strerror or exc})")) from exc
    console.print(f"wrote {count} task(s) to {jsonl}")
    for bad in loaded.invalid:
        err_console.print(f"[yellow]invalid, not exported:[/yellow] {escape(bad.reason)}")


def browse_command(
    db: Annotated[Path | None, typer.Option(help="Results database (default from settings).")] = None,
    port: Annotated[int, typer.Option(help="Port to serve on (127.0.0.1).")] = 8001,
    config: ConfigOption = None,
) -> None:
    """Open the results database in a web browser (Datasette), with canned queries for runs and failures."""
    import subprocess
    import tempfile

    from specbridge.browse import datasette_command, write_metadata

    settings = settings_or_exit(config)
    path = Path(db or settings.db)
    with tempfile.TemporaryDirectory() as folder:
        try:
            argv = datasette_command(path, write_metadata(path, Path(folder)), port=port)
        except SpecBridgeError as exc:
            raise fail(exc) from exc
        console.print(f"serving {path} at http://127.0.0.1:{port}/ (Ctrl-C to stop)")
        try:
            subprocess.run(argv, check=False)
        except KeyboardInterrupt:
            pass


def compare_command(
    first: Annotated[int, typer.Argument(help="Run id (e.g. the baseline run).")],
    second: Annotated[int, typer.Argument(help="Run id to compare with (e.g. the specbridge run).")],
    db: Annotated[Path | None, typer.Option(help="Results database (default from settings).")] = None,
    config: ConfigOption = None,
    json_out: JsonOption = False,
) -> None:
    """Compare two runs side by side on the tasks both finished (e.g. --generator baseline vs specbridge)."""
    from specbridge.report import compare_runs
    from specbridge.store import Store

    settings = settings_or_exit(config)
    path = Path(db or settings.db)
    try:
        store = Store.open_existing(path)
        runs = store.run(first), store.run(second)
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    except KeyError as exc:
        raise fail(SpecBridgeError(f"{path}: no run {exc.args[0]}")) from exc
    result = compare_runs(store, *runs)
    if json_out:
        print(json.dumps(result.model_dump()))
        return
    table = Table(title=f"run {first} vs run {second} on {result.common_tasks} common task(s)")
    table.add_column("")
    table.add_column(f"run {first} ({result.generators[0]})", justify="right")
    table.add_column(f"run {second} ({result.generators[1]})", justify="right")
    table.add_row("generated", *map(str, result.generated))
    table.add_row("sound & complete", *map(str, result.sound_and_complete))
    table.add_row("computable pass rate (generated tasks)", *(f"{r:.1%}" for r in result.computable_pass_rate))
    table.add_row("judge: aligned", *map(_with_unavailable, result.judge_pass, result.judge_unavailable))
    table.add_row("proof: proved", *map(_with_unavailable, result.proof_pass, result.proof_unavailable))
    console.print(table)
    if result.examples[0] != result.examples[1]:
        err_console.print(
            f"[yellow]warning:[/yellow] the runs made different numbers of tests visible (--examples "
            f"{result.examples[0]} vs {result.examples[1]}), so their hidden tests differ; the figures are not "
            "like for like"
        )
    if result.only_first:
        console.print(f"sound & complete only in run {first}: {', '.join(result.only_first)}")
    if result.only_second:
        console.print(f"sound & complete only in run {second}: {', '.join(result.only_second)}")


def _with_unavailable(passed: int, unavailable: int) -> str:
    """A pass count, saying how many verdicts had no engine (a missing engine is not a failure)."""
    return f"{passed} ({unavailable} unavailable)" if unavailable else str(passed)
