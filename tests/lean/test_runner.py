"""The runner: Lean's messages -> proved / disproved / unknown / error per obligation; timeouts; discovery."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path

import pytest

from specbridge.lean.messages import LeanMessage, ParsedOutput
from specbridge.lean.render import RenderedFile, render_obligations
from specbridge.lean.runner import LeanRun, Outcome, interpret, run_lean_file
from specbridge.lean.toolchain import lean_status
from specbridge.obligations import build_obligations
from specbridge.settings import LeanSettings
from specbridge.tasks import Param, ReferenceSpec, RejectInput, Signature, Task, render_spec_source
from specbridge.tasks import TestCase as Case

FAKE = Path(__file__).resolve().parents[1] / "fixtures" / "lean" / "fake_lean.py"


def install_fake(directory: Path, plan: dict | None = None, name: str = "lean") -> Path:
    """Copy the fake `lean` into `directory` as an executable named `name`, with its plan."""
    directory.mkdir(parents=True, exist_ok=True)
    exe = directory / name
    exe.write_text(f"#!{sys.executable}\n" + FAKE.read_text(encoding="utf-8"), encoding="utf-8")
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    (directory / "plan.json").write_text(json.dumps(plan or {}), encoding="utf-8")
    return exe


def task() -> Task:
    sig = Signature(name="f", params=(Param(name="n", type="Nat"),), return_type="Nat")
    return Task(
        id="t",
        requirement="r",
        signature=sig,
        reference=ReferenceSpec(precond="n > 0", postcond="result = n + 1"),
        tests=(Case(inputs={"n": "1"}, expected="2", unexpected=("3",)),),
        reject_inputs=(RejectInput(inputs={"n": "0"}),),
    )


def rendered() -> RenderedFile:
    t = task()
    return render_obligations(t, render_spec_source(t.signature, t.reference), build_obligations(t))


def msg(line: int, data: str, severity: str = "error", column: int = 2) -> LeanMessage:
    return LeanMessage.model_validate(
        {
            "fileName": "X.lean",
            "pos": {"line": line, "column": column},
            "endPos": None,
            "keepFullRange": False,
            "severity": severity,
            "isSilent": False,
            "caption": "",
            "data": data,
            "kind": "[anonymous]",
        }
    )


def axioms(r: RenderedFile, name: str, sorry: bool = False) -> LeanMessage:
    line = next(t.axioms_line for ob in r.obligations.values() for t in (ob.positive, ob.negative) if t.name == name)
    return msg(
        line,
        f"'SpecBridge.Obligations.{name}' depends on axioms: [propext{', sorryAx' if sorry else ''}]",
        "information",
        0,
    )


def proof_error(r: RenderedFile, name: str, data: str = "unsolved goals\n⊢ False") -> LeanMessage:
    thm = next(t for ob in r.obligations.values() for t in (ob.positive, ob.negative) if t.name == name)
    return msg(thm.proof_start + 1, data)


def run_of(*messages: LeanMessage, returncode: int | None = 1, timed_out: bool = False) -> LeanRun:
    return LeanRun(argv=["lean"], returncode=returncode, timed_out=timed_out, output=ParsedOutput(messages=messages))


def all_keys(r: RenderedFile) -> list[str]:
    return list(r.obligations)


def test_proved_disproved_unknown() -> None:
    r = rendered()
    # pre_accepts_0 proved; pre_rejects_0 disproved (negation proved); post_accepts_0 unknown
    ms = [
        axioms(r, "obl_pre_accepts_0"),
        proof_error(r, "obl_pre_accepts_0_neg"),
        axioms(r, "obl_pre_accepts_0_neg", sorry=True),
        proof_error(r, "obl_pre_rejects_0"),
        axioms(r, "obl_pre_rejects_0", sorry=True),
        axioms(r, "obl_pre_rejects_0_neg"),
        proof_error(r, "obl_post_accepts_0", "linarith failed"),
        proof_error(r, "obl_post_accepts_0_neg"),
    ]
    result = interpret(r, run_of(*ms))
    assert result.spec_elaborates is True
    assert result.results["pre_accepts_0"].outcome is Outcome.PROVED
    assert result.results["pre_rejects_0"].outcome is Outcome.DISPROVED
    post = result.results["post_accepts_0"]
    assert post.outcome is Outcome.UNKNOWN and "linarith failed" in post.message
    assert post.cause == "no tactic closed the goal"


def test_sorry_dependency_is_never_proved() -> None:
    r = rendered()
    result = interpret(r, run_of(axioms(r, "obl_pre_accepts_0", sorry=True), returncode=0))
    assert result.results["pre_accepts_0"].outcome is not Outcome.PROVED


def test_spec_error_makes_every_obligation_error() -> None:
    r = rendered()
    result = interpret(r, run_of(msg(r.spec_start, "unknown identifier 'foo'"), axioms(r, "obl_pre_accepts_0")))
    assert result.spec_elaborates is False
    assert {x.outcome for x in result.results.values()} == {Outcome.ERROR}
    assert all("unknown identifier 'foo'" in x.message for x in result.results.values())
    assert result.spec_errors and result.spec_errors[0].startswith(f"{r.spec_start}:2: error")


def test_statement_error_is_error_for_that_obligation_only() -> None:
    r = rendered()
    thm = r.obligations["post_rejects_0_0"].positive
    result = interpret(r, run_of(msg(thm.start + 1, "type mismatch"), axioms(r, "obl_pre_accepts_0")))
    assert result.results["post_rejects_0_0"].outcome is Outcome.ERROR
    assert "type mismatch" in result.results["post_rejects_0_0"].message
    assert result.results["pre_accepts_0"].outcome is Outcome.PROVED


def test_kernel_error_on_statement_line_is_a_failed_proof() -> None:
    r = rendered()
    thm = r.obligations["pre_accepts_0"].positive
    result = interpret(r, run_of(msg(thm.start, "(kernel) deep recursion detected", column=0)))
    assert result.results["pre_accepts_0"].outcome is Outcome.UNKNOWN


def test_heartbeats_are_a_named_cause() -> None:
    r = rendered()
    text = "(deterministic) timeout at `whnf`, maximum number of heartbeats (400000) has been reached"
    result = interpret(r, run_of(proof_error(r, "obl_pre_accepts_0", text)))
    assert result.results["pre_accepts_0"].cause == "heartbeats"


def test_header_error_is_setup_error() -> None:
    r = rendered()
    result = interpret(r, run_of(msg(1, "unknown module prefix 'Mathlib'", column=0)))
    assert {x.outcome for x in result.results.values()} == {Outcome.ERROR}
    assert {x.cause for x in result.results.values()} == {"setup"}


def test_unproved_precondition_argument_makes_post_unknown() -> None:
    r = rendered()
    assert r.obligations["post_accepts_0"].precondition_from == "obl_pre_accepts_0"
    ms = [
        proof_error(r, "obl_pre_accepts_0"),
        axioms(r, "obl_pre_accepts_0", sorry=True),
        axioms(r, "obl_post_accepts_0", sorry=True),  # depends on the unproved precondition
    ]
    result = interpret(r, run_of(*ms))
    post = result.results["post_accepts_0"]
    assert post.outcome is Outcome.UNKNOWN and post.cause == "precondition"


def test_both_proved_is_an_error() -> None:
    r = rendered()
    result = interpret(r, run_of(axioms(r, "obl_pre_accepts_0"), axioms(r, "obl_pre_accepts_0_neg")))
    assert result.results["pre_accepts_0"].outcome is Outcome.ERROR


def test_timeout_keeps_finished_obligations() -> None:
    r = rendered()
    result = interpret(r, run_of(axioms(r, "obl_pre_accepts_0"), returncode=None, timed_out=True))
    assert result.results["pre_accepts_0"].outcome is Outcome.PROVED
    assert result.results["post_rejects_0_0"].outcome is Outcome.UNKNOWN
    assert result.results["post_rejects_0_0"].cause == "timeout"


def test_crash_without_messages_is_error() -> None:
    r = rendered()
    run = LeanRun(argv=["lean"], returncode=134, stderr="INTERNAL PANIC: out of memory\n")
    result = interpret(r, run)
    assert {x.cause for x in result.results.values()} == {"crash"}
    assert "out of memory" in result.results["pre_accepts_0"].message


# --- with the fake `lean` executable ---------------------------------------------------------------


def test_fake_lean_end_to_end(tmp_path: Path) -> None:
    r = rendered()
    install_fake(tmp_path / "bin", {"proved": ["obl_pre_accepts_0", "obl_pre_rejects_0_neg", "obl_post_accepts_0"]})
    status = lean_status(LeanSettings(lean=str(tmp_path / "bin" / "lean"), project_dir=str(tmp_path)))
    assert status.available and status.mode == "lean" and "4.18.0" in (status.version or "")
    path = tmp_path / "Obl.lean"
    path.write_text(r.source, encoding="utf-8")
    run = run_lean_file(path, status, timeout=30)
    assert run.returncode == 1 and not run.timed_out and run.output.raw == ()
    result = interpret(r, run)
    outcomes = {k: v.outcome for k, v in result.results.items()}
    assert outcomes == {
        "pre_accepts_0": Outcome.PROVED,
        "pre_rejects_0": Outcome.DISPROVED,
        "post_accepts_0": Outcome.PROVED,
        "post_rejects_0_0": Outcome.UNKNOWN,
    }


def test_timeout_kills_the_process(tmp_path: Path) -> None:
    install_fake(tmp_path / "bin", {"sleep": 30})
    status = lean_status(LeanSettings(lean=str(tmp_path / "bin" / "lean"), project_dir=str(tmp_path)))
    path = tmp_path / "Obl.lean"
    path.write_text(rendered().source, encoding="utf-8")
    start = time.monotonic()
    run = run_lean_file(path, status, timeout=0.5)
    assert run.timed_out and run.returncode is None
    assert time.monotonic() - start < 10
    result = interpret(rendered(), run)
    assert {x.cause for x in result.results.values()} == {"timeout"}


# --- toolchain discovery ------------------------------------------------------------------------------


def test_missing_configured_binary_is_unavailable(tmp_path: Path) -> None:
    status = lean_status(LeanSettings(lean=str(tmp_path / "nope" / "lean"), project_dir=str(tmp_path)))
    assert status.status == "unavailable" and "not an executable" in status.fix


def test_nothing_found_is_unavailable_with_fix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setenv("HOME", str(tmp_path))
    status = lean_status(LeanSettings(project_dir=str(tmp_path)))
    assert status.status == "unavailable"
    assert "elan" in status.fix and "lake exe cache get" in status.fix


def test_lake_without_mathlib_is_unavailable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install_fake(tmp_path / "bin", name="lake")
    monkeypatch.setenv("PATH", str(tmp_path / "bin") + os.pathsep + os.environ.get("PATH", ""))
    (tmp_path / "lakefile.lean").write_text("-- project\n", encoding="utf-8")
    status = lean_status(LeanSettings(project_dir=str(tmp_path)))
    assert status.mode == "lake" and status.status == "unavailable" and not status.mathlib
    assert "lake exe cache get" in status.fix
    (tmp_path / ".lake" / "packages" / "mathlib").mkdir(parents=True)
    status = lean_status(LeanSettings(project_dir=str(tmp_path)), probe_version=False)
    assert status.available and status.mathlib
    assert status.command("X.lean")[1:] == ["env", "lean", "--json", "X.lean"]


def test_cli_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from specbridge.cli import app

    monkeypatch.chdir(tmp_path)
    lean_file = tmp_path / "Obl.lean"
    lean_file.write_text(rendered().source, encoding="utf-8")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("SPECBRIDGE_LEAN", raising=False)
    unavailable = CliRunner().invoke(app, ["lean", "check", str(lean_file)])
    assert unavailable.exit_code == 1 and "unavailable" in unavailable.output  # README: 1, done but not checked
    install_fake(tmp_path / "bin", {"proved": ["obl_pre_accepts_0"]})
    monkeypatch.setenv("SPECBRIDGE_LEAN", str(tmp_path / "bin" / "lean"))
    checked = CliRunner().invoke(app, ["lean", "check", str(lean_file)])
    assert checked.exit_code == 1  # the fake reports unsolved goals for the other theorems
    assert "depends on axioms: [propext]" in checked.output and "unsolved goals" in checked.output


def test_error_after_the_spec_outside_theorems_blames_the_spec() -> None:
    r = rendered()
    end_line = r.source.splitlines().index("end SpecBridge.Obligations") + 1
    result = interpret(r, run_of(msg(end_line, "invalid 'end', name mismatch", column=0)))
    assert result.spec_elaborates is False
    assert {(x.outcome, x.cause) for x in result.results.values()} == {(Outcome.ERROR, None)}
