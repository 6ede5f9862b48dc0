"""Layer 3 end to end: unavailable without a toolchain, statuses through a fake `lean`, parallel tasks, real Lean."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from specbridge.evaluate.proof import ProofItem, ProofLayer, evaluate_many
from specbridge.lean.toolchain import lean_status
from specbridge.obligations import Status, build_obligations
from specbridge.settings import LeanSettings
from specbridge.tasks import Param, ReferenceSpec, RejectInput, Signature, Task, render_spec_source
from specbridge.tasks import TestCase as Case

FAKE = Path(__file__).resolve().parents[1] / "fixtures" / "lean" / "fake_lean.py"


def install_fake(directory: Path, plan: dict | None = None) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    exe = directory / "lean"
    exe.write_text(f"#!{sys.executable}\n" + FAKE.read_text(encoding="utf-8"), encoding="utf-8")
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    (directory / "plan.json").write_text(json.dumps(plan or {}), encoding="utf-8")
    return exe


def make_task(task_id: str = "inc") -> Task:
    sig = Signature(name="inc", params=(Param(name="n", type="Nat"),), return_type="Nat")
    return Task(
        id=task_id,
        requirement="Return n + 1 for positive n.",
        signature=sig,
        reference=ReferenceSpec(precond="n > 0", postcond="result = n + 1"),
        tests=(
            Case(inputs={"n": "1"}, expected="2", unexpected=("3", "1")),
            Case(inputs={"n": "5"}, expected="6"),
        ),
        reject_inputs=(RejectInput(inputs={"n": "0"}),),
    )


def spec_of(task: Task) -> str:
    assert task.reference is not None
    return render_spec_source(task.signature, task.reference)


def no_spawn(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process was spawned")

    monkeypatch.setattr(subprocess, "Popen", refuse)
    monkeypatch.setattr(subprocess, "run", refuse)


def test_no_toolchain_gives_unavailable_without_spawning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setenv("HOME", str(tmp_path))
    no_spawn(monkeypatch)
    layer = ProofLayer(LeanSettings(project_dir=str(tmp_path)))
    task = make_task()
    obligations = build_obligations(task)
    verdicts = layer.evaluate(task, spec_of(task), obligations)
    assert layer.name == "proof"
    assert len(verdicts) == len(obligations)
    assert {v.status for v in verdicts} == {Status.UNAVAILABLE}
    assert all("elan" in v.message for v in verdicts)


def test_untrusted_spec_is_refused_before_lean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install_fake(tmp_path / "bin")
    layer = ProofLayer(LeanSettings(lean=str(tmp_path / "bin" / "lean"), project_dir=str(tmp_path)))
    _ = layer.status
    no_spawn(monkeypatch)
    task = make_task()
    verdicts = layer.evaluate(task, spec_of(task) + "\ntheorem cheat : False := sorry\n", build_obligations(task))
    assert {v.status for v in verdicts} == {Status.ERROR}
    assert all("sorry" in v.message and v.cause == "untrusted" for v in verdicts)


def test_statuses_through_fake_lean(tmp_path: Path) -> None:
    task = make_task()
    obligations = build_obligations(task)
    keys = [o.key for o in obligations]
    assert keys == ["pre_accepts_0", "pre_accepts_1", "pre_rejects_0", "post_accepts_0", "post_accepts_1",
                    "post_rejects_0_0", "post_rejects_0_1"]  # fmt: skip
    proved = ["obl_pre_accepts_0", "obl_pre_accepts_1", "obl_pre_rejects_0", "obl_post_accepts_0",
              "obl_post_accepts_1_neg", "obl_post_rejects_0_0"]  # fmt: skip
    install_fake(tmp_path / "bin", {"proved": proved, "statement_error": ["obl_post_rejects_0_1"]})
    layer = ProofLayer(LeanSettings(lean=str(tmp_path / "bin" / "lean"), project_dir=str(tmp_path)))
    verdicts = layer.evaluate(task, spec_of(task), obligations)
    got = dict(zip(keys, [v.status for v in verdicts], strict=True))
    assert got == {
        "pre_accepts_0": Status.PASS,
        "pre_accepts_1": Status.PASS,
        "pre_rejects_0": Status.PASS,  # the obligation `¬ inc_precond 0` was proved
        "post_accepts_0": Status.PASS,
        "post_accepts_1": Status.FAIL,  # its negation was proved
        "post_rejects_0_0": Status.PASS,
        "post_rejects_0_1": Status.ERROR,  # statement does not elaborate
    }
    assert "type mismatch" in verdicts[-1].message
    assert all(v.seconds >= 0 for v in verdicts)


def test_spec_that_does_not_elaborate(tmp_path: Path) -> None:
    install_fake(tmp_path / "bin", {"spec_error": True})
    layer = ProofLayer(LeanSettings(lean=str(tmp_path / "bin" / "lean"), project_dir=str(tmp_path)))
    task = make_task()
    verdicts = layer.evaluate(task, spec_of(task), build_obligations(task))
    assert {v.status for v in verdicts} == {Status.ERROR}
    assert all("spec does not elaborate" in v.message for v in verdicts)


def test_timeout_is_unknown(tmp_path: Path) -> None:
    install_fake(tmp_path / "bin", {"sleep": 30})
    settings = LeanSettings(lean=str(tmp_path / "bin" / "lean"), project_dir=str(tmp_path), timeout=0.5)
    task = make_task()
    verdicts = ProofLayer(settings).evaluate(task, spec_of(task), build_obligations(task))
    assert {(v.status, v.cause) for v in verdicts} == {(Status.UNKNOWN, "timeout")}


def test_parallel_tasks(tmp_path: Path) -> None:
    install_fake(tmp_path / "bin", {"sleep": 1.0, "proved": ["obl_pre_accepts_0"]})
    settings = LeanSettings(lean=str(tmp_path / "bin" / "lean"), project_dir=str(tmp_path))
    tasks = [make_task(f"task{i}") for i in range(4)]
    items = [ProofItem(t, spec_of(t), build_obligations(t)) for t in tasks]
    start = time.monotonic()
    results = evaluate_many(items, settings, workers=4)
    elapsed = time.monotonic() - start
    assert len(results) == 4
    assert all(r[0].status is Status.PASS and r[1].status is Status.UNKNOWN for r in results)
    assert elapsed < 3.5  # the four 1 s runs overlapped (one after another would take 4 s and more)


def test_empty_obligations(tmp_path: Path) -> None:
    install_fake(tmp_path / "bin")
    layer = ProofLayer(LeanSettings(lean=str(tmp_path / "bin" / "lean"), project_dir=str(tmp_path)))
    assert layer.evaluate(make_task(), spec_of(make_task()), []) == []


# --- real Lean -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real_layer() -> ProofLayer:
    from specbridge.settings import load_settings

    settings = load_settings().lean
    status = lean_status(settings)
    if not status.available:
        pytest.skip(f"no Lean toolchain with Mathlib: {status.fix}")
    return ProofLayer(settings, status=status)


@pytest.mark.lean
def test_real_lean_reference_spec(real_layer: ProofLayer) -> None:
    task = make_task()
    obligations = build_obligations(task)
    verdicts = real_layer.evaluate(task, spec_of(task), obligations)
    assert [v.status for v in verdicts] == [Status.PASS] * len(obligations), [v.message for v in verdicts]


@pytest.mark.lean
def test_real_lean_wrong_spec_fails(real_layer: ProofLayer) -> None:
    task = make_task()
    wrong = render_spec_source(task.signature, ReferenceSpec(precond="True", postcond="result = n + 1"))
    obligations = build_obligations(task)
    verdicts = real_layer.evaluate(task, wrong, obligations)
    statuses = dict(zip([o.key for o in obligations], [v.status for v in verdicts], strict=True))
    assert statuses["pre_rejects_0"] is Status.FAIL  # `True` does not reject n = 0
    assert statuses["post_accepts_0"] is Status.PASS


@pytest.mark.lean
def test_real_lean_broken_spec_is_error(real_layer: ProofLayer) -> None:
    task = make_task()
    broken = render_spec_source(task.signature, ReferenceSpec(precond="n > undefinedThing", postcond="True"))
    verdicts = real_layer.evaluate(task, broken, build_obligations(task))
    assert {v.status for v in verdicts} == {Status.ERROR}
