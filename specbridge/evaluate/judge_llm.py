"""The LLM side of layer 1: ask the model for a structured alignment verdict and parse it as data."""

from __future__ import annotations

import json
import re
import time

from pydantic import BaseModel, Field, ValidationError

from specbridge.errors import LLMError
from specbridge.generate.prompting import render_template
from specbridge.llm import LLMClient
from specbridge.obligations import Status, Verdict
from specbridge.tasks import Task

_JSON_OBJECT = re.compile(r"\{.*\}", re.DOTALL)


class JudgeAnswer(BaseModel):
    """The structured answer the judge prompt asks for."""

    aligned: bool
    precondition_ok: bool | None = None
    postcondition_ok: bool | None = None
    reasons: list[str] = Field(default_factory=list)


def parse_judge_answer(text: str) -> JudgeAnswer:
    """The first JSON object in the model's answer, validated; raises ValueError with what was wrong."""
    match = _JSON_OBJECT.search(text)
    if not match:
        raise ValueError("the judge's answer holds no JSON object")
    try:
        return JudgeAnswer.model_validate(json.loads(match.group(0)))
    except (json.JSONDecodeError, ValidationError) as exc:
        raise ValueError(f"the judge's answer is not the expected JSON: {exc}") from exc


def render_judge_prompt(task: Task, spec_text: str) -> str:
    return render_template(
        "judge.md.j2", requirement=task.requirement, signature=task.signature.lean_header(), spec=spec_text.strip()
    )


def judge_spec(task: Task, spec_text: str, client: LLMClient) -> Verdict:
    """pass when the model judges the spec aligned, fail when not, error when the call or its answer fails."""
    started = time.perf_counter()
    messages = [{"role": "user", "content": render_judge_prompt(task, spec_text)}]
    try:
        completion = client.complete(messages)
    except LLMError as exc:
        return Verdict(
            status=Status.ERROR,
            message=f"judge call failed: {exc}",
            seconds=time.perf_counter() - started,
            # no answer came (store.RETRY_CAUSES): a resumed run asks again
            cause="no answer from the model" if exc.transient else None,
        )
    try:
        answer = parse_judge_answer(completion.text)
    except ValueError as exc:
        return Verdict(status=Status.ERROR, message=str(exc), seconds=time.perf_counter() - started)
    return Verdict(
        status=Status.PASS if answer.aligned else Status.FAIL,
        message="; ".join(answer.reasons)[:2000],
        seconds=time.perf_counter() - started,
    )
