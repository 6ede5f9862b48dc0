"""Disagreements between layers 2 and 3 on definite verdicts."""

from __future__ import annotations

from specbridge.evaluate.agreement import find_disagreements
from specbridge.obligations import Status


def test_only_definite_disagreements_are_reported() -> None:
    rows = [
        ("t1", "pre_accepts_0", "computable", "pass"),
        ("t1", "pre_accepts_0", "proof", "pass"),  # agree
        ("t1", "post_rejects_0_1", "computable", "pass"),
        ("t1", "post_rejects_0_1", "proof", "fail"),  # disagree
        ("t1", "post_accepts_0", "computable", "pass"),
        ("t1", "post_accepts_0", "proof", "unknown"),  # not definite
        ("t2", "pre_rejects_0", "computable", "error"),
        ("t2", "pre_rejects_0", "proof", "fail"),  # not definite
        ("t2", "pre_accepts_0", "judge", "fail"),
        ("t2", "pre_accepts_0", "proof", "pass"),  # judge is not compared
        {"task_id": "t0", "key": "pre_accepts_1", "layer": "proof", "status": "fail"},
        {"task_id": "t0", "key": "pre_accepts_1", "layer": "computable", "status": "pass"},
    ]
    found = find_disagreements(rows)
    assert [(d.task_id, d.key) for d in found] == [("t0", "pre_accepts_1"), ("t1", "post_rejects_0_1")]
    assert dict(found[1].statuses) == {"computable": Status.PASS, "proof": Status.FAIL}
    assert str(found[1]) == "t1 post_rejects_0_1: computable=pass, proof=fail"


def test_one_layer_only_is_not_a_disagreement() -> None:
    assert find_disagreements([("t", "k", "proof", "fail"), ("t", "k", "proof", "pass")]) == []
