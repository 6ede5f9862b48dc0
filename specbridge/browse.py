"""Browse a results database in a web browser through Datasette, with canned queries for common questions."""

from __future__ import annotations

import importlib.util
import json
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

from specbridge.errors import SpecBridgeError

INSTALL_HINT = (
    "Datasette is not installed: pip install datasette (or pip install -e '.[browse]' in a SpecBridge checkout)"
)

CANNED_QUERIES = {
    "runs_summary": {
        "title": "Runs: tasks, generation failures, sound & complete (computable layer, hidden tests)",
        "sql": """
select r.id as run, r.generator, r.model, r.examples,
  count(distinct t.task_id) as tasks,
  sum(t.status = 'generation_failed') as generation_failed,
  (select count(*) from tasks t2 where t2.run_id = r.id and t2.status = 'generated'
     and not exists (select 1 from evaluations e where e.run_id = r.id and e.task_id = t2.task_id
                     and e.layer = 'computable' and e.visibility = 'hidden' and e.verdict != 'pass')
     and exists (select 1 from evaluations e where e.run_id = r.id and e.task_id = t2.task_id
                 and e.layer = 'computable' and e.visibility = 'hidden')) as sound_and_complete
from runs r left join tasks t on t.run_id = r.id group by r.id order by r.id desc""",
    },
    "failing_obligations": {
        "title": "Obligations that failed, erred or stayed unknown, with the message (filter by run and task)",
        # `cause` is filled for every row: the layer's own cause (an unsupported construct, a limit) when it gave
        # one, else what the verdict means for that kind of obligation
        "sql": """
select run_id, task_id, layer, obligation, verdict,
  coalesce(nullif(cause, ''), case
    when verdict = 'fail' and kind = 'pre_accepts' then 'precondition rejects a valid test input'
    when verdict = 'fail' and kind = 'pre_rejects' then 'precondition accepts an input it should reject'
    when verdict = 'fail' and kind = 'post_accepts' then 'postcondition rejects the expected result'
    when verdict = 'fail' and kind = 'post_rejects' then 'postcondition accepts a wrong result'
    when verdict = 'fail' then 'judged not aligned with the requirement'
    when verdict = 'error' then 'the spec could not be evaluated (see message)'
    else 'no definite verdict (see message)' end) as cause,
  inputs, output, message from evaluations
where verdict in ('fail', 'error', 'unknown') and (:run = '' or run_id = :run)
  and (:task = '' or task_id = :task)
order by run_id, task_id, layer, obligation""",
    },
    "spec_of_task": {
        "title": "The generated spec, plan and raw output of one task",
        "sql": """
select run_id, task_id, generator, status, error, notes, spec_text, plan, raw from generations
where task_id = :task_id order by run_id desc""",
    },
}


def metadata(db: Path) -> dict:
    """Datasette metadata: a title, a link to the chart page and the canned queries of the results database."""
    return {
        "title": "SpecBridge results",
        "description_html": '<a href="/-/specbridge-chart">Chart of the newest run</a> (add ?run=N for another)',
        "databases": {Path(db).stem: {"queries": CANNED_QUERIES}},
    }


def plugins_dir() -> Path:
    """The Datasette plugin of the browser (chart page, read-only requests), shipped as package data."""
    from specbridge.resources import package_path

    return package_path("browse_files") / "plugins"


def port_free(port: int, host: str = "127.0.0.1") -> bool:
    """Whether a server can listen on host:port now (checked before saying "serving at …")."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        # as servers do: connections of an earlier server in TIME_WAIT do not hold the port, a listener does
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


# --- the chart page: one run's verdicts per layer and outcome per task, as inline SVG (no script, no network) ---

COLOURS = {
    "pass": "#2e7d32",
    "fail": "#c62828",
    "unknown": "#f9a825",
    "error": "#6a1b9a",
    "unavailable": "#9e9e9e",
    "sound & complete": "#2e7d32",
    "not sound & complete": "#c62828",
    "generation failed": "#6a1b9a",
    "generation unavailable": "#9e9e9e",
}

CHART_LAYERS_SQL = """
select layer, verdict, count(*) as n from evaluations
where run_id = :run and coalesce(visibility, 'hidden') != 'example' group by layer, verdict"""

CHART_TASKS_SQL = """
select t.task_id, t.status,
  exists (select 1 from evaluations e where e.run_id = t.run_id and e.task_id = t.task_id
          and e.layer = 'computable' and e.visibility = 'hidden') as evaluated,
  not exists (select 1 from evaluations e where e.run_id = t.run_id and e.task_id = t.task_id
              and e.layer = 'computable' and e.visibility = 'hidden' and e.verdict != 'pass') as all_pass
from tasks t where t.run_id = :run order by t.rowid"""


def task_outcome(status: str, evaluated: bool, all_pass: bool) -> str:
    """One task's outcome, as the report counts it (sound & complete: every hidden computable obligation passes)."""
    if status == "generation_failed":
        return "generation failed"
    if status == "generation_unavailable":
        return "generation unavailable"
    return "sound & complete" if (evaluated and all_pass) else "not sound & complete"


def chart_page(run: int | None, layers: list[dict], tasks: list[dict]) -> str:
    """A standalone HTML page: stacked bars of verdicts per layer and one square per task, coloured by outcome."""
    from html import escape

    if run is None:
        return "<!doctype html><title>SpecBridge chart</title><p>No runs in this database yet.</p>"
    counts: dict[str, dict[str, int]] = {}
    for row in layers:
        counts.setdefault(row["layer"], {})[row["verdict"]] = row["n"]
    width, bar_h, left = 640, 26, 110
    bars = [
        f'<svg id="layers" xmlns="http://www.w3.org/2000/svg" width="{width + left + 10}" '
        f'height="{(bar_h + 6) * len(counts) + 20}" role="img" aria-label="verdicts per layer">'
    ]
    for i, (layer, by_verdict) in enumerate(sorted(counts.items())):
        total = sum(by_verdict.values()) or 1
        y, x = 10 + i * (bar_h + 6), float(left)
        bars.append(f'<text x="4" y="{y + 17}" font-size="14">{escape(layer)}</text>')
        for verdict in ("pass", "fail", "unknown", "error", "unavailable"):
            n = by_verdict.get(verdict, 0)
            if not n:
                continue
            w = width * n / total
            bars.append(
                f'<rect class="verdict" data-layer="{escape(layer)}" data-verdict="{verdict}" data-count="{n}" '
                f'x="{x:.1f}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{COLOURS[verdict]}">'
                f"<title>{escape(layer)}: {n} {verdict}</title></rect>"
            )
            x += w
    bars.append("</svg>")
    size, per_row = 18, 32
    rows = max(1, (len(tasks) + per_row - 1) // per_row)
    squares = [
        f'<svg id="tasks" xmlns="http://www.w3.org/2000/svg" width="{per_row * (size + 2) + 10}" '
        f'height="{rows * (size + 2) + 10}" role="img" aria-label="outcome per task">'
    ]
    tally: dict[str, int] = {}
    for i, row in enumerate(tasks):
        outcome = task_outcome(row["status"], bool(row["evaluated"]), bool(row["all_pass"]))
        tally[outcome] = tally.get(outcome, 0) + 1
        x, y = 5 + (i % per_row) * (size + 2), 5 + (i // per_row) * (size + 2)
        squares.append(
            f'<rect class="task" data-task="{escape(row["task_id"])}" data-outcome="{escape(outcome)}" x="{x}" y="{y}" '
            f'width="{size}" height="{size}" fill="{COLOURS[outcome]}"><title>{escape(row["task_id"])}: '
            f"{escape(outcome)}</title></rect>"
        )
    squares.append("</svg>")
    legend = " · ".join(
        f'<span style="color:{COLOURS[k]}">■</span> {escape(k)} ({v})' for k, v in sorted(tally.items())
    )
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>SpecBridge run {run}</title></head>"
        f"<body style='font-family:sans-serif'><h1>SpecBridge run {run}</h1>"
        f"<h2>Verdicts per layer (hidden obligations)</h2>{''.join(bars)}"
        f"<h2>Outcome per task</h2><p id='legend'>{legend}</p>{''.join(squares)}"
        "<p><a href='/'>back to the database</a></p></body></html>"
    )


def datasette_command(db: Path, metadata_path: Path, *, port: int = 8001, host: str = "127.0.0.1") -> list[str]:
    """The command that serves `db` read-only with the canned queries; raises when Datasette is missing."""
    if importlib.util.find_spec("datasette") is None:
        raise SpecBridgeError(INSTALL_HINT)
    if not Path(db).is_file():
        raise SpecBridgeError(f"{db}: no results database (run `specbridge run DATASET` first)")
    try:  # read-only: a file that is not SQLite (or not ours) is our error message, not Datasette's traceback
        with closing(sqlite3.connect(f"file:{Path(db).resolve()}?mode=ro", uri=True)) as conn:
            tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
    except sqlite3.DatabaseError as exc:
        raise SpecBridgeError(f"{db}: cannot open the results database ({exc})") from exc
    if "runs" not in tables:
        raise SpecBridgeError(f"{db}: not a SpecBridge results database (no `runs` table)")
    # Served live, not --immutable: --immutable ignores the WAL, so during and after a run the browser showed "no
    # such table" or an empty database. Datasette reads a mutable file through mode=ro connections, and our plugin
    # answers 405 to anything but GET/HEAD, so the browser never writes.
    return [
        sys.executable,
        "-m",
        "datasette",
        "serve",
        str(db),
        "--metadata",
        str(metadata_path),
        "--plugins-dir",
        str(plugins_dir()),
        "--host",
        host,
        "--port",
        str(port),
    ]


def write_metadata(db: Path, folder: Path) -> Path:
    path = Path(folder) / "specbridge-datasette.json"
    path.write_text(json.dumps(metadata(db), indent=2), encoding="utf-8")
    return path
