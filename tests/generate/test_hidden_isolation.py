"""Hidden tests never reach a generator: neither through the pipeline nor when a generator is handed a full task."""

from __future__ import annotations

from specbridge.generate.base import GenerationContext
from specbridge.generate.offline import OfflineGenerator
from specbridge.pipeline import generate_checked
from specbridge.settings import Settings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task, Visibility
from specbridge.tasks import TestCase as Case

MAX_LIST = Task(
    id="corpus-max",
    requirement="Return the maximum of a non-empty list of integers.",
    signature=Signature(name="maxList", params=(Param(name="l", type="List Int"),), return_type="Int"),
    reference=ReferenceSpec(precond="l ≠ []", postcond="result ∈ l ∧ ∀ x ∈ l, x ≤ result"),
)
MIN_LIST = Task(
    id="corpus-min",
    requirement="Return the minimum of a non-empty list of integers.",
    signature=Signature(name="minList", params=(Param(name="l", type="List Int"),), return_type="Int"),
    reference=ReferenceSpec(precond="l ≠ []", postcond="result ∈ l ∧ ∀ x ∈ l, result ≤ x"),
)
# The wording fits both corpus tasks equally and the one example cannot tell them apart ([5] -> 5); the hidden
# tests (the minimum) would decide for MIN_LIST if they leaked into the ranking.
TARGET = Task(
    id="target",
    requirement="Return the minimum or maximum of a non-empty list of integers.",
    signature=Signature(name="pick", params=(Param(name="ns", type="List Int"),), return_type="Int"),
    tests=(Case(inputs={"ns": "[5]"}, expected="5", visibility=Visibility.EXAMPLE),),
)
HIDDEN = tuple(
    Case(inputs={"ns": f"[1, {k}]"}, expected="1", unexpected=(str(k),), visibility=Visibility.HIDDEN)
    for k in (4, 7, 9)
)


def context(seen: list[Task]) -> GenerationContext:
    def checker(task, spec_text):  # records what the ranking was shown
        seen.append(task)
        from specbridge.generate.repair import CheckResult

        return CheckResult(passed=0, total=0, problems=[])

    return GenerationContext(settings=Settings(), corpus=[MAX_LIST, MIN_LIST], checker=checker)


def test_offline_generator_ignores_hidden_tests_it_is_handed():
    seen: list[Task] = []
    blind = OfflineGenerator().generate(TARGET, context(seen))
    handed = OfflineGenerator().generate(TARGET.model_copy(update={"tests": TARGET.tests + HIDDEN}), context(seen))
    assert handed.spec_text == blind.spec_text
    assert seen, "the example test was used for ranking"
    assert all(t.visibility is Visibility.EXAMPLE for task in seen for t in task.tests)


def test_pipeline_hands_generators_the_visible_view_only(monkeypatch):
    received: list[Task] = []

    class Spy:
        name = "offline"

        def generate(self, task, context):
            received.append(task)
            return OfflineGenerator().generate(task, context)

    monkeypatch.setattr("specbridge.pipeline.get_generator", lambda name: Spy())
    task = TARGET.model_copy(update={"tests": TARGET.tests + HIDDEN, "reference": MAX_LIST.reference})
    generation = generate_checked(task, "offline", context([]))
    assert generation.error is None
    (given,) = received
    assert given.reference is None and given.tests == TARGET.tests
