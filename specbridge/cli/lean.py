"""`specbridge lean render|check`: layer 3 from the command line (thin wrappers over specbridge.lean)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from specbridge.cli.common import ConfigOption, JsonOption, console, err_console, fail, settings_or_exit
from specbridge.datasets import load_task
from specbridge.errors import SpecBridgeError
from specbridge.evaluate.proof import ProofLayer
from specbridge.lean.render import check_rendered, render_obligations
from specbridge.lean.runner import run_lean_file
from specbridge.lean.sandbox import Trust
from specbridge.lean.toolchain import lean_status
from specbridge.obligations import build_obligations
from specbridge.tasks import Task, render_spec_source

lean_app = typer.Typer(
    name="lean", help="Layer 3: render obligations as Lean theorems and check them.", no_args_is_help=True
)

SpecOption = Annotated[
    Path | None, typer.Option("--spec", help="A Lean file with the spec (default: the task's reference spec).")
]


def register(app: typer.Typer) -> None:
    app.add_typer(lean_app, name="lean")


def _task_and_spec(task_path: Path, spec: Path | None) -> tuple[Task, str, Trust]:
    """The task, the spec text and who wrote it: a `--spec` file is untrusted, the task's own reference trusted.

    The check itself is the gate inside `render_obligations` (so nothing here can skip it)."""
    task = load_task(task_path)
    if spec is not None:
        try:
            text = spec.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise SpecBridgeError(f"{spec}: cannot read the spec ({exc})") from exc
        return task, text, Trust.UNTRUSTED
    if task.reference is not None:
        return task, render_spec_source(task.signature, task.reference), Trust.TRUSTED
    raise SpecBridgeError(f"{task_path}: the task has no reference spec; pass --spec FILE")


@lean_app.command("render")
def render_command(
    task_path: Annotated[Path, typer.Argument(help="A task (VERINA folder or requirement file).")],
    out: Annotated[Path, typer.Option("--out", help="Where to write the .lean file.")],
    spec: SpecOption = None,
    config: ConfigOption = None,
) -> None:
    """Write one Lean file stating every obligation of the task (and its negation) as named theorems.

    A spec the sandbox refuses exits 2 with the reason, and nothing is written."""
    settings = settings_or_exit(config)
    try:
        task, text, trust = _task_and_spec(task_path, spec)
        rendered = render_obligations(task, text, build_obligations(task), settings.lean, trust=trust)
    except (SpecBridgeError, OSError) as exc:
        raise fail(exc) from exc
    try:
        out.write_text(rendered.source, encoding="utf-8")
    except OSError as exc:
        raise fail(SpecBridgeError(f"{out}: cannot write ({exc.strerror or exc})")) from exc
    console.print(f"wrote {len(rendered.obligations)} obligations of {task.id} to {out}")


@lean_app.command("check")
def check_command(
    path: Annotated[Path, typer.Argument(help="A .lean file to check, or a task to prove (with --spec).")],
    spec: SpecOption = None,
    config: ConfigOption = None,
    json_out: JsonOption = False,
) -> None:
    """Check a .lean file with Lean (printing its messages), or prove a task's obligations for a spec."""
    settings = settings_or_exit(config)
    if not path.exists():  # said before looking for Lean: a typo is not "Lean unavailable"
        raise fail(SpecBridgeError(f"{path}: no such file or task folder"))
    is_file = path.suffix == ".lean" and path.is_file()
    if is_file:  # the gate first: a refused file is refused with or without a toolchain
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise fail(SpecBridgeError(f"{path}: cannot read ({exc})")) from exc
        refused = check_rendered(source, settings.lean)
        if refused:
            lines = "\n".join(f"  {path}:{v}" for v in refused[:20])
            raise fail(SpecBridgeError(f"{path}: refused, not handed to Lean:\n{lines}"))
    status = lean_status(settings.lean)
    if not status.available:
        err_console.print(f"[yellow]unavailable:[/yellow] {escape(status.fix)}")
        if json_out:
            print(json.dumps({"status": "unavailable", "fix": status.fix}, ensure_ascii=False))
        raise typer.Exit(1)
    if is_file:
        run = run_lean_file(path.resolve(), status, timeout=settings.lean.timeout)
        if json_out:
            print(json.dumps(run.model_dump(mode="json", by_alias=True), ensure_ascii=False))
        else:
            for m in run.output.messages:
                console.print(m.short(limit=2000), markup=False, highlight=False, soft_wrap=True)
            for raw in run.output.raw:
                console.print(f"(not a message) {raw.text}", markup=False, highlight=False, soft_wrap=True)
            if run.timed_out:
                console.print(f"timed out after {settings.lean.timeout:g}s")
        raise typer.Exit(1 if run.timed_out or run.output.errors else 0)
    try:
        task, text, trust = _task_and_spec(path, spec)
    except (SpecBridgeError, OSError) as exc:
        raise fail(exc) from exc
    obligations = build_obligations(task)
    verdicts = ProofLayer(settings.lean, status=status).evaluate(task, text, obligations, trust=trust)
    if json_out:
        rows = [{"key": o.key, **v.model_dump(mode="json")} for o, v in zip(obligations, verdicts, strict=True)]
        print(json.dumps({"task": task.id, "verdicts": rows}, ensure_ascii=False))
        return
    table = Table(title=f"layer 3 on {task.id}")
    for col in ("obligation", "status", "message"):
        table.add_column(col)
    for o, v in zip(obligations, verdicts, strict=True):
        table.add_row(o.key, v.status.value, escape(v.message[:200]))
    console.print(table)
