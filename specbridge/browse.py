"""Browse a results database in a web browser through Datasette, with canned queries for common questions."""

from __future__ import annotations

import importlib.util
import json
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

from specbridge.errors import SpecBridgeError

INSTALL_HINT = "Datasette is not installed: pip install -e '.[browse]' (or pip install datasette)"

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
        "title": "Obligations that failed, erred or stayed unknown, with the message",
        "sql": """
select run_id, task_id, layer, obligation, verdict, cause, message from evaluations
where verdict in ('fail', 'error', 'unknown') and (:run = '' or run_id = :run)
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
    """Datasette metadata: a title and the canned queries, attached to the results database."""
    return {"title": "SpecBridge results", "databases": {Path(db).stem: {"queries": CANNED_QUERIES}}}


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
    return [
        sys.executable,
        "-m",
        "datasette",
        "serve",
        "--immutable",
        str(db),
        "--metadata",
        str(metadata_path),
        "--host",
        host,
        "--port",
        str(port),
    ]


def write_metadata(db: Path, folder: Path) -> Path:
    path = Path(folder) / "specbridge-datasette.json"
    path.write_text(json.dumps(metadata(db), indent=2), encoding="utf-8")
    return path
