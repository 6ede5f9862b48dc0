"""Messages of the LLM reconstructor: `reconstruct` sees the spec, `decode` sees only requirement, signature, plan.

The templates are `prompts/reconstruct.md.j2` and `prompts/decode_plan.md.j2`, rendered like every other prompt
(`specbridge.generate.prompting.render_template`, strict undefined values) with the shared system message.
"""

from __future__ import annotations

from specbridge.generate.prompting import Message, render_template, skeleton
from specbridge.nlfp import Plan
from specbridge.retrieval import requirement_text
from specbridge.tasks import Task, render_spec_source


def _messages(user: str) -> list[Message]:
    return [{"role": "system", "content": render_template("system.md.j2")}, {"role": "user", "content": user}]


def reconstruct_messages(task: Task) -> list[Message]:
    """Ask for the plan the task's reference spec embodies (the spec is shown)."""
    assert task.reference is not None, "reconstruction needs the reference spec"
    return _messages(
        render_template(
            "reconstruct.md.j2",
            requirement=requirement_text(task).strip(),
            signature=task.signature.lean_header(),
            spec=render_spec_source(task.signature, task.reference).strip(),
            aux=bool(task.reference.aux.strip()),
        )
    )


def decode_plan_messages(task: Task, plan: Plan) -> list[Message]:
    """Ask for the Lean of a plan. Built from the requirement, the signature and the plan only: the reference
    spec is dropped from the task before anything is rendered."""
    blind = task.visible_view()
    return _messages(
        render_template(
            "decode_plan.md.j2",
            requirement=requirement_text(blind).strip(),
            signature=blind.signature.lean_header(),
            plan=plan.to_markdown().strip(),
            skeleton=skeleton(blind.signature).strip(),
        )
    )
