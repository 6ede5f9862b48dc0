"""Layer 1, the LLM judge: unavailable without an LLM; against a scripted loopback server, pass/fail/error."""

from __future__ import annotations

import pytest

from specbridge.evaluate.judge import JudgeLayer
from specbridge.evaluate.judge_llm import parse_judge_answer, render_judge_prompt
from specbridge.generate.loopback import Reply, ScriptedLLMServer
from specbridge.obligations import Status
from specbridge.settings import LLMSettings, Settings
from specbridge.tasks import Param, Signature, Task

TASK = Task(
    id="t",
    requirement="Return the larger of two integers.",
    signature=Signature(
        name="maxOf", params=(Param(name="a", type="Int"), Param(name="b", type="Int")), return_type="Int"
    ),
)
SPEC = "def maxOf_precond (a b : Int) : Prop := True\ndef maxOf_postcond (a b result : Int) : Prop := result = max a b"


def test_without_llm_the_judge_is_unavailable():
    verdicts = JudgeLayer(Settings()).evaluate(TASK, SPEC, [])
    assert [v.status for v in verdicts] == [Status.UNAVAILABLE]
    assert "no LLM configured" in verdicts[0].message


@pytest.mark.parametrize(
    ("reply", "status"),
    [
        ('Sure. {"aligned": true, "reasons": ["matches"]}', Status.PASS),
        ('```json\n{"aligned": false, "reasons": ["ignores ties"]}\n```', Status.FAIL),
        ("I think it is fine.", Status.ERROR),
        ('{"aligned": "perhaps"}', Status.ERROR),
    ],
)
def test_judge_against_loopback_server(tmp_path, reply, status):
    with ScriptedLLMServer(script=[Reply(text=reply)]) as server:
        llm = LLMSettings(base_url=server.url, api_key="k", model="m", cache_path=str(tmp_path / "c.db"), max_retries=0)
        layer = JudgeLayer(Settings(llm=llm))
        verdicts = layer.evaluate(TASK, SPEC, [])
        assert [v.status for v in verdicts] == [status]
        prompt = server.prompts()[0]
        assert "Return the larger of two integers." in prompt and "maxOf_postcond" in prompt


def test_judge_call_failure_is_an_error_not_a_verdict(tmp_path):
    with ScriptedLLMServer(script=[Reply(status=400)]) as server:
        llm = LLMSettings(base_url=server.url, api_key="k", model="m", cache_path=str(tmp_path / "c.db"), max_retries=0)
        verdicts = JudgeLayer(Settings(llm=llm)).evaluate(TASK, SPEC, [])
    assert verdicts[0].status is Status.ERROR and "judge call failed" in verdicts[0].message


def test_parse_and_render():
    assert parse_judge_answer('x {"aligned": true} y').aligned is True
    assert "def maxOf (a : Int) (b : Int) : Int" in render_judge_prompt(TASK, SPEC)
