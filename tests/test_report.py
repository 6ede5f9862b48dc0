"""Report: hidden obligations counted apart from examples; disagreements between layers 2 and 3 are listed."""

from __future__ import annotations

from results_helpers import new_run, pre_accepts, record

from specbridge.obligations import Obligation, Status, Verdict
from specbridge.report import build_report
from specbridge.store import EvaluationRow, Store
from specbridge.tasks import Visibility


def ob(i: int, visibility: Visibility = Visibility.HIDDEN) -> Obligation:
    return pre_accepts("t", i, visibility)


def test_report_counts_and_disagreements(tmp_path):
    store = Store(tmp_path / "r.db")
    run = new_run(store, "offline", examples=1)
    rows = [
        EvaluationRow("computable", ob(0, Visibility.EXAMPLE), Verdict(status=Status.FAIL)),
        EvaluationRow("computable", ob(1), Verdict(status=Status.PASS)),
        EvaluationRow("computable", ob(2), Verdict(status=Status.UNKNOWN, cause="limit: steps")),
        EvaluationRow("proof", ob(1), Verdict(status=Status.FAIL)),
        EvaluationRow("proof", ob(2), Verdict(status=Status.PASS)),
    ]
    record(store, run, "t", rows)
    report = build_report(store, store.run(run.id))
    assert report.layers["computable"]["pass"] == 1 and report.layers["computable"]["fail"] == 0
    assert report.examples_layers["computable"]["fail"] == 1  # the visible example is reported apart
    assert report.unknown_causes == {"limit: steps": 1}
    assert report.sound_and_complete == 0  # an unknown is not a pass
    assert report.disagreements == [
        {"task_id": "t", "obligation": "pre_accepts_1", "computable": "pass", "proof": "fail"}
    ]
    assert "first 1 test case" in report.protocol


def test_protocol_names_dataset_examples(tmp_path):
    store = Store(tmp_path / "r.db")
    run = new_run(store, "offline")
    rows = [EvaluationRow("computable", ob(0, Visibility.EXAMPLE), Verdict(status=Status.PASS))]
    record(store, run, "t", rows)
    assert "marked `example` in the dataset" in build_report(store, store.run(run.id)).protocol


def test_compare_runs_on_common_tasks(tmp_path):
    from specbridge.report import compare_runs

    store = Store(tmp_path / "r.db")
    runs = [new_run(store, g) for g in ("baseline", "specbridge")]
    outcomes = {  # run index -> task -> verdict of its one obligation (None: generation failed)
        0: {"a": Status.PASS, "b": Status.FAIL, "c": None, "only_in_0": Status.PASS},
        1: {"a": Status.PASS, "b": Status.PASS, "c": Status.PASS},
    }
    for i, tasks in outcomes.items():
        for task_id, verdict in tasks.items():
            rows = [EvaluationRow("computable", pre_accepts(task_id), Verdict(status=verdict))] if verdict else []
            record(store, runs[i], task_id, rows, error=None if verdict else "boom")
    result = compare_runs(store, *runs)
    assert result.common_tasks == 3  # only_in_0 is left out
    assert result.generated == (2, 3)
    assert result.sound_and_complete == (1, 3)
    assert result.only_first == [] and result.only_second == ["b", "c"]
    assert result.computable_pass_rate == (0.5, 1.0)


def test_compare_counts_missing_engines_as_unavailable_not_as_zero_passes(tmp_path):
    from typer.testing import CliRunner

    from specbridge.cli import app
    from specbridge.report import compare_runs

    db = tmp_path / "r.db"
    store = Store(db)
    runs = [new_run(store, g) for g in ("offline", "reference")]
    judge = {0: Status.UNAVAILABLE, 1: Status.PASS}
    proof = {0: Status.UNAVAILABLE, 1: Status.FAIL}
    for i, run in enumerate(runs):
        o = pre_accepts("a")
        rows = [
            EvaluationRow("judge", None, Verdict(status=judge[i])),
            EvaluationRow("computable", o, Verdict(status=Status.PASS)),
            EvaluationRow("proof", o, Verdict(status=proof[i])),
        ]
        record(store, run, "a", rows)
    result = compare_runs(store, *runs)
    assert result.judge_pass == (0, 1) and result.judge_unavailable == (1, 0)
    assert result.proof_pass == (0, 0) and result.proof_unavailable == (1, 0)
    out = CliRunner().invoke(app, ["compare", str(runs[0].id), str(runs[1].id), "--db", str(db)])
    assert out.exit_code == 0, out.output
    judge_line = next(line for line in out.output.splitlines() if "judge: aligned" in line)
    assert "0 (1 unavailable)" in judge_line


def test_protocol_with_examples_k_also_names_tests_the_dataset_marks_example(tmp_path):
    store = Store(tmp_path / "r.db")

    def protocol(visible_indexes: list[int]) -> str:
        run = new_run(store, "offline", examples=1)
        rows = [
            EvaluationRow("computable", ob(i, Visibility.EXAMPLE), Verdict(status=Status.PASS)) for i in visible_indexes
        ]
        rows.append(EvaluationRow("computable", ob(5), Verdict(status=Status.PASS)))
        record(store, run, "t", rows)
        return build_report(store, store.run(run.id)).protocol

    only_first = protocol([0])
    assert "first 1 test case" in only_first and "marked `example`" not in only_first
    # test 2 was visible although --examples 1 covers test 0 only: the dataset marked it, and the report says so
    assert "the tests marked `example` in the dataset" in protocol([0, 2])


def test_compare_warns_when_the_runs_hid_different_tests(tmp_path):
    from typer.testing import CliRunner

    from specbridge.cli import app
    from specbridge.report import compare_runs

    db = tmp_path / "r.db"
    store = Store(db)
    runs = [new_run(store, "offline", examples=k, fingerprint=str(k)) for k in (0, 2)]
    assert compare_runs(store, *runs).examples == (0, 2)
    out = CliRunner().invoke(app, ["compare", str(runs[0].id), str(runs[1].id), "--db", str(db)])
    assert "--examples 0 vs 2" in out.output and "not like for like" in out.output
    # the runs share no finished task: every figure is 0, so it says so and exits 1 (it printed zeros silently)
    assert out.exit_code == 1 and "no finished task in common" in out.output
    same = CliRunner().invoke(app, ["compare", str(runs[0].id), str(runs[0].id), "--db", str(db)])
    assert "like for like" not in same.output
