"""Rendering: one named theorem (and its negation) per obligation, every line mapped back to one of them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from specbridge.datasets import load_dataset
from specbridge.lean.render import (
    Region,
    cascade,
    postcondition_takes_precondition,
    render_obligations,
    spec_definitions,
)
from specbridge.lean.sandbox import Trust
from specbridge.obligations import ObligationKind, build_obligations
from specbridge.settings import LeanSettings
from specbridge.tasks import Param, ReferenceSpec, RejectInput, Signature, Task, render_spec_source
from specbridge.tasks import TestCase as Case


def small_task() -> Task:
    sig = Signature(
        name="absDiff",
        params=(Param(name="a", type="Int"), Param(name="xs", type="List Nat")),
        return_type="Int",
    )
    return Task(
        id="t1",
        requirement="r",
        signature=sig,
        reference=ReferenceSpec(
            precond="xs ≠ []", postcond="result ≥ 0 ∧ result = a", aux="def helper (n : Nat) : Nat := n"
        ),
        tests=(
            Case(inputs={"a": "-5", "xs": "[1, 2]"}, expected="-5", unexpected=("3", "0")),
            Case(inputs={"a": "2", "xs": "[3]"}, expected="2"),
        ),
        reject_inputs=(RejectInput(inputs={"a": "1", "xs": "[]"}),),
    )


def theorem_names(source: str) -> list[str]:
    return re.findall(r"^theorem (\S+) :", source, re.MULTILINE)


def test_one_theorem_and_negation_per_obligation() -> None:
    task = small_task()
    obligations = build_obligations(task)
    spec = render_spec_source(task.signature, task.reference)
    rendered = render_obligations(task, spec, obligations)
    names = theorem_names(rendered.source)
    expected = [f"obl_{o.key}" for o in obligations]
    assert [n for n in names if not n.endswith("_neg")] == expected
    assert [n for n in names if n.endswith("_neg")] == [f"{n}_neg" for n in expected]
    assert len(set(names)) == len(names)
    assert (
        "obl_post_rejects_0_1 :\n    ¬ _root_.absDiff_postcond ((-5) : Int) (([1, 2]) : List Nat) ((0) : Int) "
        "obl_pre_accepts_0" in rendered.source
    )
    assert "obl_pre_rejects_0 :\n    ¬ _root_.absDiff_precond ((1) : Int) (([]) : List Nat)\n" in rendered.source
    assert rendered.source.count("import Mathlib") == 1
    assert "set_option maxHeartbeats 400000" in rendered.source


def test_line_map_regions() -> None:
    task = small_task()
    obligations = build_obligations(task)
    spec = render_spec_source(task.signature, task.reference)
    rendered = render_obligations(task, spec, obligations)
    lines = rendered.source.splitlines()
    # the spec's own lines are the SPEC region
    spec_line = next(i for i, t in enumerate(lines, 1) if t.startswith("def absDiff_precond"))
    assert rendered.locate(spec_line) == (None, None, Region.SPEC)
    # a statement line, a cascade line and the axioms line of obl_post_accepts_1
    start = lines.index("theorem obl_post_accepts_1 :") + 1
    assert rendered.locate(start + 1) == ("post_accepts_1", "obl_post_accepts_1", Region.STATEMENT)
    assert rendered.locate(start + 3) == ("post_accepts_1", "obl_post_accepts_1", Region.PROOF)
    axioms = lines.index("#print axioms _root_.SpecBridge.Obligations.obl_post_accepts_1") + 1
    assert rendered.locate(axioms) == ("post_accepts_1", "obl_post_accepts_1", Region.AXIOMS)
    neg = lines.index("theorem obl_post_accepts_1_neg :") + 1
    assert rendered.locate(neg + 3) == ("post_accepts_1", "obl_post_accepts_1_neg", Region.PROOF)
    assert rendered.locate(1)[2] is Region.HEADER


def test_helper_discharges_precondition_when_pre_obligation_absent() -> None:
    task = small_task()
    post_only = [o for o in build_obligations(task) if o.kind is ObligationKind.POST_ACCEPTS]
    rendered = render_obligations(task, render_spec_source(task.signature, task.reference), post_only)
    assert set(rendered.helpers) == {"pre_0", "pre_1"}
    assert "theorem pre_0 :\n    _root_.absDiff_precond ((-5) : Int) (([1, 2]) : List Nat)\n" in rendered.source
    assert rendered.obligations["post_accepts_0"].precondition_from == "pre_0"
    assert rendered.locate(rendered.helpers["pre_0"].proof_start)[:2] == (None, "pre_0")


def test_postcondition_without_precondition_argument() -> None:
    task = small_task()
    spec = (
        "def absDiff_precond (a : Int) (xs : List Nat) : Prop := xs ≠ []\n"
        "def absDiff_postcond (a : Int) (xs : List Nat) (result : Int) : Prop := result = a\n"
    )
    assert not postcondition_takes_precondition(spec, "absDiff_postcond", "absDiff_precond")
    rendered = render_obligations(task, spec, build_obligations(task))
    assert "((-5) : Int) obl_pre_accepts_0" not in rendered.source
    assert "_root_.absDiff_postcond ((-5) : Int) (([1, 2]) : List Nat) ((-5) : Int)\n" in rendered.source


def test_cascade_configurable_and_native_decide_opt_in() -> None:
    settings = LeanSettings(tactics=["decide", "omega", "simp_all", "linarith [foo]"])
    alts = cascade(settings, ["f_precond", "f_postcond"])
    assert alts[0] == "(decide; done)"
    assert any("simp_all [_root_.f_precond, _root_.f_postcond]" in a for a in alts)
    assert any("linarith [foo]" in a for a in alts)
    assert all("native_decide" not in a for a in alts)
    assert all(a.endswith("; done)") for a in alts)
    assert cascade(LeanSettings(tactics=["simp_arith"]), ["g"]) == ["(simp +arith [_root_.g]; done)"]
    opted = cascade(settings.model_copy(update={"native_decide": True}), ["f_precond"])
    assert any("native_decide" in a for a in opted)
    # listing native_decide among the tactics is not enough: the opt-in flag is
    sneaky = cascade(LeanSettings(tactics=["native_decide"]), [])
    assert sneaky == []


def test_spec_imports_hoisted_and_definitions_found() -> None:
    task = small_task()
    spec = "import Mathlib.Data.List.Basic\nimport Lean\n-- def notADef\n" + render_spec_source(
        task.signature, task.reference
    )
    assert spec_definitions(spec) == ["helper", "absDiff_precond", "absDiff_postcond"]
    rendered = render_obligations(task, spec, build_obligations(task), trust=Trust.TRUSTED)  # a reference
    head = rendered.source.split("-- SpecBridge: spec begins")[0]
    assert "import Mathlib.Data.List.Basic" in head
    assert "import Lean" not in rendered.source  # outside the allow-list: never rendered
    assert rendered.source.index("import Mathlib.Data.List.Basic") < rendered.source.index("set_option")


def test_missing_input_is_an_error() -> None:
    from specbridge.errors import TaskFormatError

    task = small_task()
    bad = [build_obligations(task)[0].model_copy(update={"inputs": {"a": "1"}})]
    with pytest.raises(TaskFormatError, match="no value for `xs`"):
        render_obligations(task, render_spec_source(task.signature, task.reference), bad)


def test_every_verina_dev_task_renders_one_theorem_per_obligation(verina_dev: Path) -> None:
    result = load_dataset(verina_dev)
    assert len(result.tasks) == 95
    for task in result.tasks:
        assert task.reference is not None
        obligations = build_obligations(task)
        rendered = render_obligations(task, render_spec_source(task.signature, task.reference), obligations)
        names = theorem_names(rendered.source)
        positives = [n for n in names if n.startswith("obl_") and not n.endswith("_neg")]
        assert positives == [f"obl_{o.key}" for o in obligations], task.id
        assert len(set(names)) == len(names), task.id
        assert len(rendered.obligations) == len(obligations)
        for o in obligations:
            thm = rendered.obligations[o.key].positive
            statement = "\n".join(rendered.source.splitlines()[thm.start - 1 : thm.proof_start - 1])
            for value in o.inputs.values():
                assert f"({value.strip()})" in statement, (task.id, o.key, value)
            if o.output is not None:
                assert f"({o.output.strip()})" in statement, (task.id, o.key)
            assert statement.lstrip().startswith(f"theorem obl_{o.key} :")
            if not o.expects_true:
                assert "¬ " in statement


def test_cli_render_writes_the_file(verina_dev: Path, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from specbridge.cli import app

    out = tmp_path / "basic_1.lean"
    result = CliRunner().invoke(app, ["lean", "render", str(verina_dev / "verina_basic_1"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    source = out.read_text(encoding="utf-8")
    assert "theorem obl_pre_accepts_0 :" in source and "hasOppositeSign_postcond" in source
    bad_spec = tmp_path / "bad.lean"
    bad_spec.write_text("#eval 1\n", encoding="utf-8")
    refused = CliRunner().invoke(
        app, ["lean", "render", str(verina_dev / "verina_basic_1"), "--spec", str(bad_spec), "--out", str(out)]
    )
    assert refused.exit_code == 2 and "#eval" in refused.output
