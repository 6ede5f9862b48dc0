"""Core commands: tasks, doctor, run, report, export."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from specbridge.cli.common import (
    EXIT_INCOMPLETE,
    EXIT_OK,
    ConfigOption,
    JsonOption,
    PatternsOption,
    console,
    err_console,
    fail,
    interrupted,
    print_json,
    settings_or_exit,
    task_progress,
)
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
    """List the tasks of a dataset, and the invalid ones with the reason (exit 1 when there are invalid ones)."""
    try:
        loaded = load_dataset(dataset)
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    code = EXIT_INCOMPLETE if loaded.invalid else EXIT_OK
    if json_out:
        print_json(
            {
                "tasks": len(loaded.tasks),
                "ids": [t.id for t in loaded.tasks],
                "invalid": [{"path": i.path, "reason": i.reason} for i in loaded.invalid],
                "warnings": [{"path": w.path, "message": w.message} for w in loaded.warnings],
            }
        )
        raise typer.Exit(code)
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
    for warning in loaded.warnings:
        err_console.print(f"[yellow]warning:[/yellow] {escape(warning.message)}")
    raise typer.Exit(code)


def doctor_command(
    config: ConfigOption = None,
    json_out: JsonOption = False,
    no_probe: Annotated[bool, typer.Option("--no-probe", help="Do not contact the LLM endpoint.")] = False,
    dataset: Annotated[
        list[Path] | None, typer.Option("--dataset", help="Also check the Lean release a dataset declares.")
    ] = None,
) -> None:
    """Check Python, the LLM configuration and the Lean toolchain; print the fix for what is missing.

    Exit 0 when everything is there, 1 when something is missing (each with its fix)."""
    from specbridge.doctor import doctor

    checks = doctor(settings_or_exit(config), probe_llm=not no_probe, datasets=tuple(map(str, dataset or ())))
    code = EXIT_OK if all(c.good for c in checks.values()) else EXIT_INCOMPLETE
    if json_out:
        print_json({k: {"status": c.status, **c.detail, "fix": c.fix} for k, c in checks.items()})
        raise typer.Exit(code)
    for name, check in checks.items():
        mark = "[green]✓[/green]" if check.good else "[yellow]![/yellow]"
        details = ", ".join(f"{k}={v}" for k, v in check.detail.items() if v not in (None, ""))
        console.print(f"{mark} [bold]{name}[/bold]: {check.status}  {details}")
        if check.fix:
            console.print(f"    fix: {check.fix}")
    raise typer.Exit(code)


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
    retry_failed: Annotated[
        bool,
        typer.Option(
            "--retry-failed",
            help="When resuming, also redo every task whose generation failed (transient failures always are).",
        ),
    ] = False,
    examples: Annotated[
        int | None,
        typer.Option(
            min=0,
            help="Make the first K tests of each task visible examples, left out of pass rates (default: settings).",
        ),
    ] = None,
    corpus: Annotated[
        list[Path] | None,
        typer.Option(
            help="Solved tasks for retrieval (default: the packaged datasets/examples)."
            " Repeat for several: --corpus A --corpus B."
        ),
    ] = None,
    repair: Annotated[
        int | None, typer.Option(min=0, help="Repair rounds for LLM generators (default from settings).")
    ] = None,
    workers: Annotated[
        int, typer.Option(min=0, help="Tasks in flight at once (0: CPU cores when Lean runs, LLM concurrency, else 1).")
    ] = 0,
    amplify: Annotated[
        int | None,
        typer.Option(
            min=0, help="Also check each spec against the reference on N generated inputs (default: settings)."
        ),
    ] = None,
    patterns: PatternsOption = None,
    config: ConfigOption = None,
    json_out: JsonOption = False,
) -> None:
    """The batch job: generate a spec for each task, evaluate it with every layer, store it, summarize.

    Exit 0 when every task got a final result, 1 when some did not (invalid tasks, lost model connection,
    crashed layer: run again to retry them), 2 on bad input, 130 when interrupted."""
    from specbridge.pipeline import RunInterrupted, RunOptions, execute_run, prepare_run
    from specbridge.report import build_report

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
        amplify=amplify,
        retry_failed=retry_failed,
        patterns=patterns,
    )
    try:
        prepared = prepare_run(options, settings)  # every usage error comes before the progress bar
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    except KeyboardInterrupt as exc:
        raise interrupted("nothing was run yet") from exc
    name = prepared.generator
    if not json_out:
        note = (
            " (no LLM configured: the offline generator retrieves and adapts specs of solved tasks)"
            if (name == "offline" and generator is None)
            else ""
        )
        console.print(f"generator: [bold]{name}[/bold]{note}")
        if prepared.resumed:
            skipped = len(prepared.tasks) - len(prepared.todo)
            console.print(f"resuming run {prepared.run.id}: {skipped} task(s) already finished are skipped")
    import signal

    def stop(signum: int, frame: object) -> None:  # SIGTERM (kill, a scheduler): stop as Ctrl-C does
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        with task_progress(quiet=json_out) as bar:
            handle = bar.add_task("tasks", total=None)

            def progress(task_id: str, done: int, total: int) -> None:
                bar.update(handle, completed=done, total=total, description=f"tasks {task_id}".strip())

            result = execute_run(prepared, progress=progress)
    except RunInterrupted as exc:
        raise interrupted(f"{exc.done} of {exc.total} tasks finished (run {exc.run.id}); run again to resume") from exc
    except SpecBridgeError as exc:
        raise fail(exc, EXIT_INCOMPLETE) from exc
    finally:
        signal.signal(signal.SIGTERM, previous)
    for bad in result.invalid:
        err_console.print(f"[yellow]skipped invalid task:[/yellow] {escape(bad.reason)}")
    report = build_report(prepared.store, result.run)
    code = EXIT_INCOMPLETE if (result.invalid or report.retry_tasks or report.generation_unavailable) else EXIT_OK
    if json_out:
        print_json(
            {
                **report.summary_json(),
                "resumed": result.resumed,
                "skipped": result.skipped,
                "invalid": [{"path": i.path, "reason": i.reason} for i in result.invalid],
                "exit_code": code,
            }
        )
        raise typer.Exit(code)
    print_report(report)
    raise typer.Exit(code)


def report_command(
    db: Annotated[Path | None, typer.Option(help="Results database (default from settings).")] = None,
    run: Annotated[int | None, typer.Option(help="Run id (default: the newest run).")] = None,
    failures: Annotated[
        bool, typer.Option("--failures", help="List the failing tasks, each with its first failing obligation.")
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Also draw the run (verdicts per layer, outcome per task) to FILE.png or .svg."),
    ] = None,
    config: ConfigOption = None,
    json_out: JsonOption = False,
) -> None:
    """Summarize a run: tasks, generation failures, verdicts per layer, sound-and-complete tasks."""
    from specbridge.report import build_report
    from specbridge.results import failing_tasks

    store, info = open_run(db, run, config)
    report = build_report(store, info)
    failing = failing_tasks(store, info) if failures else None
    if plot is not None:
        draw_plot(lambda: _plots().plot_run(store, info, plot), plot)
    if json_out:
        data = report.summary_json()
        if failing is not None:
            data["failures"] = [f.model_dump() for f in failing]
        print_json(data)
        return
    print_report(report)
    if failing is not None:
        console.print(f"[bold]{len(failing)} failing task(s)[/bold] (`specbridge show TASK_ID` for the details)")
        for f in failing:
            console.print(f"  [bold]{escape(f.task_id)}[/bold] {escape(f.first)}", highlight=False)
    if plot is not None:
        console.print(f"plot written to {plot}")


def _plots():  # noqa: ANN202 - the module, imported late: matplotlib is an optional extra
    from specbridge import plots

    return plots


def draw_plot(draw, path: Path) -> None:  # noqa: ANN001 - a no-argument callable
    """Draw with matplotlib; a missing extra or a bad file name is a clear error (exit 2), not a traceback."""
    try:
        draw()
    except SpecBridgeError as exc:
        raise fail(exc) from exc


def open_run(db: Path | None, run: int | None, config: Path | None):  # noqa: ANN201 - (Store, RunInfo)
    """The results database (existing, ours) and the run asked for (default: the newest), or exit 2."""
    from specbridge.store import Store

    settings = settings_or_exit(config)
    path = Path(db or settings.db)
    try:
        store = Store.open_existing(path)
        info = store.run(run) if run is not None else store.latest_run()
    except SpecBridgeError as exc:
        raise fail(exc) from exc
    except KeyError as exc:
        raise fail(SpecBridgeError(f"{path}: no run {exc.args[0]}")) from exc
    if info is None:
        raise fail(SpecBridgeError(f"{path}: the database holds no runs"))
    return store, info


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
    if report.amplified:  # `run --amplify N`
        from specbridge.cli.compare import print_amplified

        print_amplified(report.amplified)
    if report.incomplete:
        console.print(f"[yellow]{escape(report.incomplete)}[/yellow]", highlight=False)
    table = Table(title="verdicts per layer (hidden obligations; the judge answers per task)")
    table.add_column("layer")
    for status in ("pass", "fail", "unknown", "error", "unavailable"):
        table.add_column(status, justify="right")
    for layer, counts in report.layers.items():
        table.add_row(layer, *(str(counts[s]) for s in ("pass", "fail", "unknown", "error", "unavailable")))
    console.print(table)
    for layer, why in report.unavailable_reasons.items():
        console.print(f"{layer}: unavailable because {escape(why)}", highlight=False)
    if report.examples_layers:
        parts = []
        for layer, counts in report.examples_layers.items():
            shown = ", ".join(f"{n} {status}" for status, n in counts.items() if n)
            parts.append(f"{layer} {shown}")
        console.print("example obligations (visible to the generator, not counted above): " + "; ".join(parts))
    if report.unknown_causes:
        console.print("unknown verdicts by cause: " + ", ".join(f"{k} ({v})" for k, v in report.unknown_causes.items()))
    for task_id, error in list(report.generation_errors.items())[:10]:
        console.print(f"[yellow]generation failed[/yellow] {escape(task_id)}: {escape(str(error))}")
    if len(report.generation_errors) > 10:
        console.print(f"… {len(report.generation_errors) - 10} more (`specbridge report --failures`)")
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
    raise typer.Exit(EXIT_INCOMPLETE if loaded.invalid else EXIT_OK)


def browse_command(
    db: Annotated[Path | None, typer.Option(help="Results database (default from settings).")] = None,
    port: Annotated[int, typer.Option(help="Port to serve on (127.0.0.1).")] = 8001,
    config: ConfigOption = None,
) -> None:
    """Open the results database in a web browser (Datasette), with canned queries and a chart of a run.

    Served live and read-only: a run going on shows up on reload. Exit 2 when the port is taken."""
    import signal
    import subprocess
    import tempfile

    from specbridge.browse import datasette_command, port_free, write_metadata

    settings = settings_or_exit(config)
    path = Path(db or settings.db)
    with tempfile.TemporaryDirectory(prefix="specbridge-browse-") as folder:
        try:
            argv = datasette_command(path, write_metadata(path, Path(folder)), port=port)
        except SpecBridgeError as exc:
            raise fail(exc) from exc
        if not port_free(port):  # Datasette would die after we said "serving": say it first, and exit 2
            raise fail(SpecBridgeError(f"port {port} on 127.0.0.1 is in use; choose another with --port"))
        console.print(f"serving {path} at http://127.0.0.1:{port}/ (chart: /-/specbridge-chart; Ctrl-C to stop)")

        def stop(signum: int, frame: object) -> None:  # SIGTERM: stop Datasette with us and clean up
            raise KeyboardInterrupt

        previous = signal.signal(signal.SIGTERM, stop)
        child = subprocess.Popen(argv)
        try:
            code = child.wait()
        except KeyboardInterrupt as exc:
            child.terminate()
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
            raise interrupted("stopped the results browser") from exc
        finally:
            signal.signal(signal.SIGTERM, previous)
    if code != 0:
        err_console.print(f"[red]error:[/red] Datasette exited with code {code}")
        raise typer.Exit(EXIT_INCOMPLETE)


def compare_command(
    first: Annotated[int, typer.Argument(help="Run id (e.g. the baseline run).")],
    second: Annotated[int, typer.Argument(help="Run id to compare with (e.g. the specbridge run).")],
    db: Annotated[Path | None, typer.Option(help="Results database (default from settings).")] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Also draw the two runs side by side, per task, to FILE.png or .svg.")
    ] = None,
    config: ConfigOption = None,
    json_out: JsonOption = False,
) -> None:
    """Compare two runs side by side on the tasks both finished (e.g. --generator baseline vs specbridge).

    Exit 1 when the runs have no finished task in common."""
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
    if plot is not None:
        draw_plot(lambda: _plots().plot_comparison(store, runs[0], runs[1], plot), plot)
    if result.common_tasks == 0:  # every figure below would be a meaningless 0
        err_console.print(
            f"[yellow]warning:[/yellow] runs {first} and {second} have no finished task in common: nothing to "
            "compare (were they run on the same dataset?)"
        )
    code = EXIT_INCOMPLETE if result.common_tasks == 0 else EXIT_OK
    if json_out:
        print_json(result.model_dump())
        raise typer.Exit(code)
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
    if plot is not None:
        console.print(f"plot written to {plot}")
    raise typer.Exit(code)


def _with_unavailable(passed: int, unavailable: int) -> str:
    """A pass count, saying how many verdicts had no engine (a missing engine is not a failure)."""
    return f"{passed} ({unavailable} unavailable)" if unavailable else str(passed)
