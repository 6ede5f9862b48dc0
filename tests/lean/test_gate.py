"""One gate before Lean (issue 9): rendering refuses what the sandbox refuses, `lean check` re-checks a rendered
file, and the runner accepts a proof only with the trusted axioms (src/Lean/Elab/Print.lean `#print axioms`;
src/Lean/Meta/Native.lean: from Lean 4.29 native_decide adds one auxiliary axiom per computation)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from specbridge.cli import app
from specbridge.errors import UntrustedSpecError
from specbridge.lean.messages import LeanMessage, ParsedOutput, Position
from specbridge.lean.render import check_rendered, render_obligations
from specbridge.lean.runner import AxiomPolicy, LeanRun, Outcome, axioms_listed, interpret
from specbridge.lean.sandbox import Trust
from specbridge.obligations import build_obligations
from specbridge.settings import LeanSettings
from specbridge.tasks import render_spec_source
from tests.lean.test_render import small_task  # type: ignore[import-not-found]


def rendered_source(settings: LeanSettings | None = None) -> str:
    task = small_task()
    return render_obligations(
        task, render_spec_source(task.signature, task.reference), build_obligations(task), settings
    ).source


def test_rendering_refuses_a_refused_spec_and_a_refused_test_value() -> None:
    task = small_task()
    with pytest.raises(UntrustedSpecError, match="#eval"):
        render_obligations(task, "#eval 1\n", build_obligations(task))
    obligations = build_obligations(task)
    evil = obligations[0].model_copy(update={"inputs": {**obligations[0].inputs, "a": "(by native_decide : Int)"}})
    with pytest.raises(UntrustedSpecError, match="native_decide"):
        render_obligations(task, render_spec_source(task.signature, task.reference), [evil, *obligations[1:]])


def test_obligations_refer_to_the_specs_definitions_from_the_root_inside_a_closed_section() -> None:
    source = rendered_source()
    assert "_root_.absDiff_postcond" in source and "_root_.absDiff_precond" in source
    assert "section SpecBridgeSpec\n-- SpecBridge: spec begins" in source
    assert "-- SpecBridge: spec ends\nend SpecBridgeSpec" in source


def test_a_rendered_file_passes_its_recheck_and_any_edit_that_adds_code_does_not() -> None:
    source = rendered_source()
    assert check_rendered(source) == []
    assert check_rendered(rendered_source(LeanSettings(native_decide=True)), LeanSettings(native_decide=True)) == []
    assert check_rendered(rendered_source(LeanSettings(native_decide=True)))  # not opted in now
    edits = [
        source.replace("-- SpecBridge: spec ends", "#eval IO.Process.exit 1\n-- SpecBridge: spec ends"),
        source.replace("set_option maxHeartbeats", "set_option debug.skipKernelTC true\nset_option maxHeartbeats"),
        source.replace("  first\n", "  first\n  | (bv_decide; done)\n", 1),
        source.replace("end SpecBridge.Obligations", "#eval 1\nend SpecBridge.Obligations"),
        source + "\n#eval 1\n",
        "#eval 1\n",
        source.replace("import Mathlib", "import Lean"),
        source.replace("namespace SpecBridge.Obligations", "namespace SpecBridge.Obligations\naxiom cheat : False"),
    ]
    for edited in edits:
        assert check_rendered(edited), edited[:200]


def test_cli_render_of_a_refused_spec_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    folder = Path(__file__).resolve().parents[2] / "datasets" / "examples"
    task_file = next(folder.glob("*.md"))
    bad = tmp_path / "bad.lean"
    bad.write_text('def s := "\\q\n#eval IO.Process.exit 42\n-- "\n', encoding="utf-8")
    out = tmp_path / "out.lean"
    result = CliRunner().invoke(app, ["lean", "render", str(task_file), "--spec", str(bad), "--out", str(out)])
    assert result.exit_code == 2 and "lexical error" in result.output
    assert not out.exists()


def test_cli_check_refuses_an_edited_file_before_looking_for_lean(tmp_path: Path) -> None:
    evil = tmp_path / "evil.lean"
    evil.write_text("#eval IO.Process.exit 1\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["lean", "check", str(evil)])
    assert result.exit_code == 2 and "refused" in result.output


# --- the runner's axiom audit --------------------------------------------------------------------------------


def test_print_axioms_messages_are_read() -> None:
    assert axioms_listed("'A.b' does not depend on any axioms") == []
    assert axioms_listed("'A.b' depends on axioms: [propext,\n Classical.choice, Quot.sound]") == [
        "propext", "Classical.choice", "Quot.sound",
    ]  # fmt: skip
    assert axioms_listed("unsolved goals") is None


def test_only_the_standard_axioms_are_trusted_and_native_ones_only_when_opted_in() -> None:
    off, on = AxiomPolicy(False), AxiomPolicy(True)
    for name in ("propext", "Classical.choice", "Quot.sound"):
        assert off.allows(name) and on.allows(name)
    for name in ("sorryAx", "cheat", "Lean.ofReduceBool", "SpecBridge.Obligations.obl_x._native.native_decide.ax_1"):
        assert not off.allows(name)
    assert on.allows("Lean.ofReduceBool")
    assert on.allows("SpecBridge.Obligations.obl_pre_accepts_0._native.native_decide.ax_1_1")
    assert not on.allows("evil._native.native_decide.ax_1")  # outside SpecBridge's namespace: a spec's axiom
    assert not on.allows("sorryAx")


def _run(rendered, *axiom_lines: tuple[str, str]) -> LeanRun:  # type: ignore[no-untyped-def]
    msgs = []
    for name, axioms in axiom_lines:
        line = next(
            t.axioms_line for ob in rendered.obligations.values() for t in (ob.positive, ob.negative) if t.name == name
        )
        msgs.append(
            LeanMessage(
                fileName="f.lean",
                pos=Position(line=line, column=0),
                severity="information",
                data=f"'SpecBridge.Obligations.{name}' depends on axioms: [{axioms}]",
            )  # fmt: skip
        )
    return LeanRun(argv=["lean"], returncode=0, output=ParsedOutput(messages=tuple(msgs)))


def test_a_proof_with_an_untrusted_axiom_is_not_proved_and_the_axiom_is_named() -> None:
    task = small_task()
    obligations = [o for o in build_obligations(task) if o.key == "pre_accepts_0"]
    spec = render_spec_source(task.signature, task.reference)
    rendered = render_obligations(task, spec, obligations)
    ok = interpret(rendered, _run(rendered, ("obl_pre_accepts_0", "propext, Classical.choice, Quot.sound")))
    assert ok.results["pre_accepts_0"].outcome is Outcome.PROVED
    for axiom in ("cheat", "sorryAx", "Lean.ofReduceBool"):
        result = interpret(rendered, _run(rendered, ("obl_pre_accepts_0", f"propext, {axiom}")))
        r = result.results["pre_accepts_0"]
        assert r.outcome is Outcome.UNKNOWN and f"`{axiom}`" in r.message
    native = render_obligations(task, spec, obligations, LeanSettings(native_decide=True))
    aux = "SpecBridge.Obligations.obl_pre_accepts_0._native.native_decide.ax_1_1"
    assert (
        interpret(native, _run(native, ("obl_pre_accepts_0", aux))).results["pre_accepts_0"].outcome is Outcome.PROVED
    )


def test_trust_is_explicit_in_the_proof_layer() -> None:
    from specbridge.evaluate.proof import ProofItem, ProofLayer

    task = small_task()
    verdicts = ProofLayer().evaluate(task, "set_option maxRecDepth 100\n", build_obligations(task))
    assert all(v.cause == "untrusted" for v in verdicts)  # the default: untrusted
    assert ProofItem(task, "", []).trust is Trust.UNTRUSTED


def test_an_audit_of_a_namesake_is_not_an_audit_of_our_theorem() -> None:
    task = small_task()
    obligations = [o for o in build_obligations(task) if o.key == "pre_accepts_0"]
    rendered = render_obligations(task, render_spec_source(task.signature, task.reference), obligations)
    line = rendered.obligations["pre_accepts_0"].positive.axioms_line
    fake = LeanMessage(
        fileName="f.lean",
        pos=Position(line=line, column=0),
        severity="information",
        data="'obl_pre_accepts_0' does not depend on any axioms",  # a spec's root-level theorem of that name
    )
    run = LeanRun(argv=["lean"], returncode=0, output=ParsedOutput(messages=(fake,)))
    assert interpret(rendered, run).results["pre_accepts_0"].outcome is not Outcome.PROVED
