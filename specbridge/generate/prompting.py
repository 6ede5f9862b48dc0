"""Prompts for the LLM generators: jinja2 templates in `specbridge/prompts/` (package data), rendered to messages.

Every prompt is given the requirement, the signature, the exact Lean skeleton to fill, the task's visible
example tests and retrieved examples from *other* tasks (their requirement and spec). Hidden tests are never
rendered: callers pass `task.visible_view()`, and `example_tests` below reads only example-visibility tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import jinja2

from specbridge import resources
from specbridge.retrieval import requirement_text
from specbridge.tasks import ReferenceSpec, Signature, Task, Visibility, render_spec_source

Message = dict[str, str]
MAX_EXAMPLE_REQUIREMENT = 1500


def prompts_dir() -> Path:
    """The templates: $SPECBRIDGE_PROMPTS, else `specbridge/prompts` (package data, also in a plain install)."""
    return resources.prompts_dir()


@lru_cache(maxsize=4)
def _environment(folder: str) -> jinja2.Environment:
    if not Path(folder).is_dir():
        raise FileNotFoundError(f"prompt templates not found in {folder}; set SPECBRIDGE_PROMPTS to the folder")
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )


def render_template(name: str, **values: object) -> str:
    """Render `specbridge/prompts/<name>` with `values`; a missing value is an error, not an empty string."""
    return _environment(str(prompts_dir())).get_template(name).render(**values).strip() + "\n"


def skeleton(signature: Signature) -> str:
    """The exact Lean skeleton the model fills: the two headers with `sorry` bodies."""
    text = render_spec_source(signature, ReferenceSpec(precond="sorry", postcond="sorry"))
    return "-- auxiliary definitions (optional) go here\n\n" + text


@dataclass(frozen=True)
class PromptExample:
    name: str
    requirement: str
    spec: str
    plan: str = ""  # the task's reconstructed plan that round-tripped (pattern library); "" when none did


@dataclass(frozen=True)
class PromptPattern:
    """A mined pattern shown to the model: its clause shape, template (slots `{s0}`, `{result}`) and wording."""

    kind: str
    part: str
    template: str
    wording: str
    support: int


def example_from_task(task: Task, plan: str = "") -> PromptExample:
    """A retrieved corpus task as a prompt example: its requirement, its reference spec and, when the miner
    kept one, its reconstructed plan (one whose decoding was checked equivalent to the spec)."""
    req = requirement_text(task).strip()
    if len(req) > MAX_EXAMPLE_REQUIREMENT:
        req = req[:MAX_EXAMPLE_REQUIREMENT].rsplit(" ", 1)[0] + " …"
    spec = render_spec_source(task.signature, task.reference) if task.reference else ""
    return PromptExample(name=task.signature.name, requirement=req, spec=spec.strip(), plan=plan.strip())


def example_tests(task: Task) -> list[str]:
    """The task's *example* tests (and reject inputs) as one line each; hidden ones are never included."""
    lines = []
    for t in task.tests:
        if t.visibility is not Visibility.EXAMPLE:
            continue
        args = ", ".join(f"{k} := {v}" for k, v in t.inputs.items())
        line = f"inputs {args}: expected result `{t.expected}`"
        if t.unexpected:
            line += "; wrong results: " + ", ".join(f"`{u}`" for u in t.unexpected)
        lines.append(line)
    for r in task.reject_inputs:
        if r.visibility is Visibility.EXAMPLE:
            args = ", ".join(f"{k} := {v}" for k, v in r.inputs.items())
            lines.append(f"inputs {args}: invalid — the precondition must reject them")
    return lines


def _common(task: Task, examples: list[PromptExample]) -> dict[str, object]:
    return {
        "requirement": requirement_text(task).strip(),
        "signature": task.signature.lean_header(),
        "skeleton": skeleton(task.signature).strip(),
        "example_tests": example_tests(task),
        "examples": examples,
    }


def _messages(user: str) -> list[Message]:
    return [{"role": "system", "content": render_template("system.md.j2")}, {"role": "user", "content": user}]


def nlfp_messages(
    task: Task, examples: list[PromptExample], patterns: list[PromptPattern] | None = None
) -> list[Message]:
    return _messages(render_template("nlfp.md.j2", show_plans=True, patterns=patterns or [], **_common(task, examples)))


def decode_messages(task: Task, examples: list[PromptExample], plan: str) -> list[Message]:
    return _messages(render_template("decode.md.j2", plan=plan.strip(), **_common(task, examples)))


def baseline_messages(task: Task, examples: list[PromptExample]) -> list[Message]:
    return _messages(render_template("baseline.md.j2", **_common(task, examples)))


def repair_messages(task: Task, previous: str, feedback: str, plan: str = "") -> list[Message]:
    values = _common(task, [])
    return _messages(
        render_template("repair.md.j2", previous=previous.strip(), feedback=feedback.strip(), plan=plan, **values)
    )
