"""Pipeline pieces: automatic parallelism, and generation that refuses untrusted specs before any layer."""

from __future__ import annotations

from types import SimpleNamespace

from specbridge.generate import GenerationContext
from specbridge.pipeline import auto_workers, generate_checked
from specbridge.settings import LeanSettings, LLMSettings, Settings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task


def proof_layer(available: bool):
    return SimpleNamespace(name="proof", status=SimpleNamespace(available=available))


def test_auto_workers():
    settings = Settings(lean=LeanSettings(workers=3), llm=LLMSettings(concurrency=5))
    assert auto_workers("reference", settings, [proof_layer(False)]) == 1
    assert auto_workers("reference", settings, [proof_layer(True)]) == 3
    assert auto_workers("specbridge", settings, [proof_layer(False)]) == 5


def test_untrusted_reference_spec_is_refused():
    task = Task(
        id="t",
        requirement="r",
        signature=Signature(name="f", params=(Param(name="x", type="Nat"),), return_type="Nat"),
        reference=ReferenceSpec(postcond="result = x", aux='#eval IO.println "hi"'),
    )
    generation = generate_checked(task, "reference", GenerationContext(settings=Settings()))
    assert generation.error is not None and generation.error.startswith("refused untrusted spec")
    assert "#eval" in generation.error
