"""The LLM path end to end against a scripted OpenAI-compatible server on 127.0.0.1: `--reconstructor llm`
(plan with the spec visible, decode in a separate call without it), and the generators' use of the library."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from specbridge.generate.base import GenerationContext
from specbridge.generate.llm_generators import SpecBridgeGenerator
from specbridge.generate.loopback import Reply, ScriptedLLMServer
from specbridge.generate.repair import CheckResult
from specbridge.llm import LLMClient
from specbridge.mining.library import mine
from specbridge.mining.reconstruct import LLMReconstructor
from specbridge.settings import LLMSettings, Settings
from specbridge.tasks import Param, ReferenceSpec, Signature, Task

SENTINEL = "987654321"
SIG = Signature(name="smallest", params=(Param(name="ys", type="List Int"),), return_type="Int")
MIN = Task(
    id="corpus-min",
    requirement="Return the smallest element of a non-empty list of integers.",
    signature=SIG,
    # The sentinel clause is always true: a plan may leave it out and still round-trip, and it shows whether
    # the decode call ever saw the spec.
    reference=ReferenceSpec(precond="ys ≠ []", postcond=f"result ∈ ys ∧ (∀ y ∈ ys, result ≤ y) ∧ {SENTINEL} > 0"),
)
PLAN = """## Summary
The minimum.
## Inputs
- `ys : List Int` — non-empty
## Guards
- the list is non-empty — shape: `ys ≠ []`
## Result
1. the result is in the list — shape: `result ∈ ys`
2. nothing is smaller — shape: `∀ y ∈ ys, result ≤ y`
"""
LEAN = """```lean
def smallest_precond (ys : List Int) : Prop := ys ≠ []
def smallest_postcond (ys : List Int) (result : Int) : Prop := result ∈ ys ∧ ∀ y ∈ ys, result ≤ y
```"""


def responder(body: dict) -> Reply:
    user = body["messages"][-1]["content"]
    if "Natural-Language Formalization Plan this specification embodies" in user:
        return Reply(text=PLAN)
    if "write the Lean 4 specification that the plan describes" in user:
        return Reply(text=LEAN)
    if "write a Natural-Language Formalization Plan" in user:
        return Reply(text=PLAN.replace("smaller", "bigger").replace("result ≤ y", "y ≤ result"))
    return Reply(text=LEAN.replace("smallest", "largest").replace("result ≤ y", "y ≤ result"))


def _settings(server: ScriptedLLMServer, tmp_path: Path) -> LLMSettings:
    return LLMSettings(base_url=server.url, model="scripted", max_retries=1, cache_path=str(tmp_path / "c.db"))


def test_llm_reconstruction_round_trips_and_decodes_without_the_spec(tmp_path: Path) -> None:
    with ScriptedLLMServer(responder=responder) as server:
        client = LLMClient(_settings(server, tmp_path), backoff=0.001)
        report = mine([], tasks=[MIN], reconstructor=LLMReconstructor(client))
        client.close()
    lib = report.library
    assert lib.reconstructor == "llm" and lib.specs == 1 and lib.round_trip_ok == 1
    assert "nothing is smaller" in lib.plans["corpus-min"]
    assert {p.template for p in lib.patterns} >= {"{result} ∈ {s0}", "∀ x0 ∈ {s0}, {result} ≤ x0"}
    plan_call, decode_call = (r["messages"][-1]["content"] for r in server.requests)
    assert SENTINEL in plan_call  # the reconstruct call sees the spec
    assert SENTINEL not in decode_call and "result ∈ ys" in decode_call  # the decode call sees only the plan


def test_an_llm_plan_that_decodes_to_another_spec_is_stored_as_a_failure(tmp_path: Path) -> None:
    wrong = LEAN.replace("result ≤ y", "result ≥ y")
    with ScriptedLLMServer(
        responder=lambda body: Reply(text=PLAN if "embodies" in body["messages"][-1]["content"] else wrong)
    ) as server:
        client = LLMClient(_settings(server, tmp_path), backoff=0.001)
        lib = mine([], tasks=[MIN], reconstructor=LLMReconstructor(client)).library
        client.close()
    assert lib.round_trip_ok == 0 and lib.failures[0].cause == "pair-disagreement"
    assert lib.failures[0].counterexample is not None and not lib.patterns


def test_cli_mine_with_the_llm_reconstructor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from specbridge.cli import app
    from specbridge.datasets import dump_requirement_file

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "corpus-min.md").write_text(dump_requirement_file(MIN), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with ScriptedLLMServer(responder=responder) as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("SPECBRIDGE_MODEL", "scripted")
        monkeypatch.setenv("OPENAI_API_KEY", "unused")
        out = tmp_path / "lib.json"
        result = CliRunner().invoke(
            app, ["mine", str(corpus), "--out", str(out), "--reconstructor", "llm", "--json"], catch_exceptions=False
        )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["specs"] == 1 and summary["round_trip_ok"] == 1 and summary["patterns"] >= 2
    assert set(summary) == {"specs", "round_trip_ok", "patterns", "seconds", "failures"}
    shown = CliRunner().invoke(app, ["patterns", str(out), "--search", "∈", "--json"])
    assert shown.exit_code == 0 and json.loads(shown.stdout)["items"][0]["template"] == "{result} ∈ {s0}"


def test_the_nlfp_prompt_gets_fitting_patterns_and_round_tripped_plans(tmp_path: Path) -> None:
    target = Task(
        id="t-max",
        requirement="Return the largest element of a non-empty list of integers.",
        signature=Signature(name="largest", params=(Param(name="xs", type="List Int"),), return_type="Int"),
    )
    library = mine([], tasks=[MIN]).library
    with ScriptedLLMServer(responder=responder) as server:
        llm = _settings(server, tmp_path)
        context = GenerationContext(
            settings=Settings(llm=llm),
            corpus=[MIN],
            llm=LLMClient(llm, backoff=0.001),
            checker=lambda task, text: CheckResult(),
            patterns=library,
        )
        gen = SpecBridgeGenerator().generate(target, context)
        context.llm.close()
    assert gen.error is None, gen.error
    nlfp = server.requests[0]["messages"][-1]["content"]
    assert "## Formalization patterns of similar requirements" in nlfp
    assert "shape: `{result} ∈ {s0}`" in nlfp
    # The example carries its reconstructed plan (a round-tripped one), not a restatement of the spec.
    assert "membership: the result is an element of `ys`" in nlfp and "bounded ∀ over the elements" in nlfp
