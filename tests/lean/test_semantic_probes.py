"""Semantic probe specs end to end: small tasks (tests/fixtures/semantic_probes) whose expected outputs follow from
Lean's, Batteries' and Mathlib's sources at the declared release; each task's body names the file it follows.

Layer 2 must give no wrong verdict (no `fail` of an expected output, no acceptance of an unexpected one) and no
error on them; the only unknowns are the `unknown_*` probes, and those name the construct that is undecidable.
"""

from __future__ import annotations

from pathlib import Path

from specbridge.datasets import load_dataset
from specbridge.evaluate.computable import validate_dataset
from specbridge.settings import ComputableSettings

PROBES = Path(__file__).resolve().parents[1] / "fixtures" / "semantic_probes"

# the probes that must stay unknown, and the words their message must contain
EXPECTED_UNKNOWN = {
    "unknown_path_inductive": "inductive predicate Path",
    "unknown_infinite_set": "set-builder",
}


def test_semantic_probes_give_no_wrong_verdict_and_name_every_unknown() -> None:
    loaded = load_dataset(PROBES)
    assert not loaded.invalid, [i.reason for i in loaded.invalid]
    assert len(loaded.tasks) >= 20
    summary = validate_dataset(loaded.tasks, settings=ComputableSettings(timeout=5.0))
    assert summary.failed == 0 and summary.error == 0, [
        (t, k, v.status.value, v.message) for t, k, v in summary.details if v.status.value in ("fail", "error")
    ]
    unknown_tasks = {t for t, _k, v in summary.details if v.status.value == "unknown"}
    assert unknown_tasks == set(EXPECTED_UNKNOWN)
    for task_id, _key, verdict in summary.details:
        assert EXPECTED_UNKNOWN[task_id] in verdict.message, verdict.message
    assert summary.passed == summary.obligations - summary.unknown
