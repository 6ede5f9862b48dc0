"""The generator interface: `generate(task, context) -> Generation`.

A generator sees only `task.visible_view()` material — the requirement, the signature and the example tests —
never hidden tests or the task's reference spec (EVALUATION.md, "Examples and hidden tests"). The pipeline hands
generators the visible view; the `reference` generator is the one deliberate exception (a dataset self-check).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel, Field

from specbridge.settings import Settings
from specbridge.tasks import Task


class Usage(BaseModel):
    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0
    cached_calls: int = 0
    latency: float = 0.0  # seconds spent waiting for the model


class Round(BaseModel):
    """One generation or repair round, stored for inspection."""

    index: int
    spec_text: str
    raw: str = ""
    feedback: str = ""  # what the round was told (parse errors, failing example obligations)


class Generation(BaseModel):
    """What a generator produced for one task. `error` set means no usable spec (the reason is stored)."""

    generator: str
    spec_text: str = ""
    plan: str = ""  # the NLFP (Markdown) when the generator writes one
    raw: str = ""  # raw model output of the final round
    usage: Usage = Field(default_factory=Usage)
    rounds: list[Round] = Field(default_factory=list)
    error: str | None = None
    notes: str = ""  # e.g. which corpus task an offline spec was adapted from
    unavailable: bool = False  # no engine to generate with (no LLM configured): neither a pass nor a fail
    transient: bool = False  # the error is no final answer (connection lost, time-out): a resumed run retries it


@dataclass
class GenerationContext:
    """Everything a generator may use besides the task itself. Passed explicitly, never read from globals."""

    settings: Settings
    corpus: list[Task] = field(default_factory=list)  # solved tasks for retrieval (never the task itself)
    repair_rounds: int = 0
    # Optional services, shared across the tasks of a batch (additive; None means "build the default"):
    llm: Any = None  # a specbridge.llm.LLMClient; LLM generators create one from settings.llm when None
    checker: Any = None  # check(task, spec_text) -> specbridge.generate.repair.CheckResult; default: layer 2
    patterns: Any = None  # a specbridge.mining.library.Library; default: the one mined from `corpus`


class Generator(Protocol):
    name: str

    def generate(self, task: Task, context: GenerationContext) -> Generation:
        """Produce a spec for `task`; failures are returned as `Generation.error`, not raised."""
        ...
