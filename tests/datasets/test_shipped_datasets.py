"""The datasets shipped in the repository are valid and their reference specs agree with their own tests: the
examples (few-shot material and the default corpus) and the held-out sets the offline generator is measured
on. A held-out set whose reference rejected its own expected output would make every measurement on it wrong."""

from pathlib import Path

import pytest

from specbridge.datasets import load_dataset
from specbridge.evaluate.computable import validate_dataset

DATASETS = Path(__file__).resolve().parents[2] / "datasets"


HELD_OUT = ("heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6")


@pytest.mark.parametrize("name", ["examples", *HELD_OUT])
def test_shipped_dataset_loads_cleanly_and_its_references_pass_their_own_tests(name):
    dataset = load_dataset(DATASETS / name)
    assert not dataset.invalid, [str(x) for x in dataset.invalid]
    assert len(dataset.tasks) >= 16
    summary = validate_dataset(dataset.tasks)
    assert summary.tasks == len(dataset.tasks) and not summary.missing_specs
    assert summary.obligations > 3 * summary.tasks
    assert summary.passed == summary.obligations, summary.details[:3]


def test_held_out_sets_share_no_task_with_the_examples_corpus():
    """The held-out sets measure transfer: no id and no requirement of theirs may also be a corpus task."""
    corpus = load_dataset(DATASETS / "examples").tasks
    seen_ids = {t.id for t in corpus}
    seen_text = {t.requirement.strip() for t in corpus}
    for name in HELD_OUT:
        for task in load_dataset(DATASETS / name).tasks:
            assert task.id not in seen_ids and task.requirement.strip() not in seen_text, (name, task.id)
            seen_ids.add(task.id)
            seen_text.add(task.requirement.strip())
