"""`specbridge browse` as a user meets it: a real Datasette on 127.0.0.1, loaded over HTTP and in headless Chromium.

Skipped, with the reason, when Datasette (the [browse] extra) or Chromium (Debian's `chromium`) is absent.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from specbridge.browse import port_free
from specbridge.cli import app

pytest.importorskip("datasette", reason="Datasette (the [browse] extra) is not installed")

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, method: str = "GET", data: bytes | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, method=method, data=data)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


@pytest.fixture
def served(tmp_path, monkeypatch):
    """A results database with one run, served by `python -m specbridge browse` in its own process."""
    from cli_datasets import two_task_dataset

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "no-lean"))
    folder = two_task_dataset(tmp_path)
    db = tmp_path / "r.db"
    assert CliRunner().invoke(app, ["run", str(folder), "--generator", "reference", "--db", str(db)]).exit_code == 0
    port = free_port()
    temp = tmp_path / "temp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "SPECBRIDGE_LEAN": str(tmp_path / "no-lean")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "specbridge", "browse", "--db", str(db), "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if get(base + "/")[0] == 200:
                break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"browse did not start: {proc.stdout.read() if proc.stdout else ''}")
        time.sleep(0.3)
    yield {"base": base, "db": db, "proc": proc, "port": port, "temp": temp, "folder": folder}
    if proc.poll() is None:
        # SIGTERM, as a user's `kill` would: browse stops its Datasette child (a SIGKILL would orphan it)
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_browse_serves_live_read_only_and_stops_on_sigterm(served):
    base, db, proc = served["base"], served["db"], served["proc"]
    status, body = get(f"{base}/r/runs.json?_shape=array")
    assert status == 200 and len(json.loads(body)) == 1
    # a run writing while the browser is open shows up on reload (--immutable showed a stale or empty database)
    assert (
        CliRunner().invoke(app, ["run", str(served["folder"]), "--generator", "offline", "--db", str(db)]).exit_code
        == 0
    )
    status, body = get(f"{base}/r/runs.json?_shape=array")
    assert status == 200 and [r["generator"] for r in json.loads(body)] == ["reference", "offline"]
    # the canned query filters by task; a POST to it is refused as a client error (it was a 500)
    status, body = get(f"{base}/r/failing_obligations.json?_shape=array&run=1&task=t1")
    assert status == 200 and {r["task_id"] for r in json.loads(body)} == {"t1"}
    status, _ = get(f"{base}/r/failing_obligations", method="POST", data=b"run=1&task=t1")
    assert 400 <= status < 500
    status, _ = get(f"{base}/r/runs", method="POST", data=b"")
    assert 400 <= status < 500
    status, page = get(f"{base}/-/specbridge-chart?run=1")
    assert status == 200 and page.count('class="task"') == 2
    # SIGTERM (a service manager, `kill`): Datasette stops with us and the temporary metadata is removed
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=20) == 130
    with pytest.raises(OSError):
        get(base + "/")
    assert port_free(served["port"])  # no Datasette left listening
    assert not any(p.name.startswith("specbridge-browse-") for p in served["temp"].iterdir())


def test_chart_page_in_headless_chromium(served, tmp_path):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium)")
    url = f"{served['base']}/-/specbridge-chart?run=1"
    with tempfile.TemporaryDirectory() as profile:
        dom = subprocess.run(
            [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert dom.returncode == 0, dom.stderr[-2000:]
    # the browser built the page: one bar segment per verdict of each layer, one square per task
    assert dom.stdout.count('class="task"') == 2
    assert (
        'data-outcome="sound &amp; complete"' in dom.stdout and 'data-outcome="not sound &amp; complete"' in dom.stdout
    )
    assert 'data-layer="computable"' in dom.stdout and 'data-layer="proof"' in dom.stdout
    shot = tmp_path / "chart.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                chromium,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={profile}",
                f"--screenshot={shot}",
                "--window-size=900,700",
                url,
            ],
            capture_output=True,
            timeout=120,
        )
    assert shot.is_file() and shot.read_bytes()[:4] == b"\x89PNG" and shot.stat().st_size > 5000


def test_sigterm_before_datasette_answers_still_cleans_up(tmp_path, monkeypatch):
    """The parent is stopped while Datasette is still starting: nothing is left running or on disk."""
    from results_helpers import new_run

    from specbridge.store import Store

    new_run(Store(tmp_path / "r.db"))
    temp = tmp_path / "temp"
    temp.mkdir()
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "specbridge", "browse", "--db", str(tmp_path / "r.db"), "--port", str(port)],
        env={**os.environ, "TMPDIR": str(temp)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while not any(p.name.startswith("specbridge-browse-") for p in temp.iterdir()):
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.05)
    time.sleep(0.5)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=20) == 130
    time.sleep(0.5)
    assert port_free(port)
    assert list(Path(temp).iterdir()) == []
