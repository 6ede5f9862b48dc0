"""The `reference` generator: the task's own reference spec — a dataset self-check."""

from __future__ import annotations

from specbridge.generate.base import Generation, GenerationContext
from specbridge.tasks import Task, render_spec_source


class ReferenceGenerator:
    """Returns the task's reference spec unchanged; the only generator that reads it."""

    name = "reference"

    def generate(self, task: Task, context: GenerationContext) -> Generation:
        if task.reference is None:
            return Generation(generator=self.name, error=f"task {task.id} has no reference spec")
        return Generation(generator=self.name, spec_text=render_spec_source(task.signature, task.reference))
