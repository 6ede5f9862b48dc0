"""The specbridge and baseline generators against a scripted loopback model: plan, decode, check, repair."""

from __future__ import annotations

from pathlib import Path

from specbridge.generate.base import GenerationContext
from specbridge.generate.llm_generators import BaselineGenerator, SpecBridgeGenerator, generate_many
from specbridge.generate.loopback import Reply, ScriptedLLMServer
from specbridge.generate.repair import CheckResult
from specbridge.llm import LLMClient
from specbridge.settings import LLMSettings, Settings
from specbridge.tasks import Param, ReferenceSpec, RejectInput, Signature, Task, Visibility
from specbridge.tasks import TestCase as Case

SENTINEL = "987654321"

SIG = Signature(name="largest", params=(Param(name="xs", type="List Int"),), return_type="Int")
TASK = Task(
    id="t-largest",
    requirement="Return the largest element of a non-empty list of integers.",
    signature=SIG,
    reference=ReferenceSpec(precond="xs ≠ []", postcond=f"result ∈ xs ∧ ∀ x ∈ xs, x ≤ result ∧ {SENTINEL} > 0"),
    tests=(
        Case(inputs={"xs": "[1, 5, 3]"}, expected="5", unexpected=("3", "7"), visibility=Visibility.EXAMPLE),
        Case(inputs={"xs": f"[{SENTINEL}, 1]"}, expected=SENTINEL, unexpected=("1",)),
    ),
    reject_inputs=(RejectInput(inputs={"xs": f"[{SENTINEL}0]"}), RejectInput(inputs={"xs": "[]"})),
)
CORPUS = [
    Task(
        id="corpus-min",
        requirement="Return the smallest element of a non-empty list of integers.",
        signature=Signature(name="smallest", params=(Param(name="ys", type="List Int"),), return_type="Int"),
        reference=ReferenceSpec(precond="ys ≠ []", postcond="result ∈ ys ∧ ∀ y ∈ ys, result ≤ y"),
    )
]

PLAN = """## Inputs
- `xs : List Int` — non-empty
## Guards
- the list is non-empty — shape: `xs ≠ []`
## Result
1. the result is in the list — shape: `result ∈ xs`
2. nothing is bigger — shape: `∀ x ∈ xs, x ≤ result`
"""
WEAK = """Sure.
```lean
def largest_precond (xs : List Int) : Prop := xs ≠ []
def largest_postcond (xs : List Int) (result : Int) : Prop := result ∈ xs
```"""
GOOD = """```lean
def largest_precond (xs : List Int) : Prop := xs ≠ []
def largest_postcond (xs : List Int) (result : Int) : Prop := result ∈ xs ∧ ∀ x ∈ xs, x ≤ result
```"""


def responder(body: dict) -> Reply:
    user = body["messages"][-1]["content"]
    if "write a Natural-Language Formalization Plan" in user or "could not be read" in user:
        return Reply(text="Let me plan.\n" + PLAN)
    if "fix the specification" in user:
        return Reply(text=GOOD)
    return Reply(text=WEAK)


def fake_checker(task: Task, spec_text: str) -> CheckResult:
    """Layer 2 stand-in: the weak spec admits the wrong example result 3."""
    assert all(t.visibility is Visibility.EXAMPLE for t in task.tests)
    if "x ≤ result" in spec_text:
        return CheckResult(passed=4, total=4)
    return CheckResult(
        problems=["The postcondition holds for inputs xs := [1, 5, 3] with the wrong result `3`; it must be false"],
        passed=3,
        total=4,
    )


def _context(server: ScriptedLLMServer, tmp_path: Path, repair: int = 2) -> GenerationContext:
    llm = LLMSettings(base_url=server.url, model="scripted", max_retries=1, cache_path=str(tmp_path / "c.db"))
    settings = Settings(llm=llm)
    client = LLMClient(llm, backoff=0.001)
    return GenerationContext(settings=settings, corpus=CORPUS, repair_rounds=repair, llm=client, checker=fake_checker)


def test_specbridge_plans_decodes_repairs_and_never_shows_hidden_tests(tmp_path: Path) -> None:
    with ScriptedLLMServer(responder=responder) as server:
        context = _context(server, tmp_path)
        gen = SpecBridgeGenerator().generate(TASK, context)  # even given the full task, hidden tests stay hidden
        context.llm.close()
    assert gen.error is None, gen.error
    assert "x ≤ result" in gen.spec_text and "def largest_postcond (xs : List Int) (result : Int)" in gen.spec_text
    assert "## Result" in gen.plan and "`∀ x ∈ xs, x ≤ result`" in gen.plan
    assert [r.index for r in gen.rounds] == [0, 1]
    assert "wrong result `3`" in gen.rounds[1].feedback
    assert gen.usage.calls == 3 and gen.usage.prompt_tokens == 33 and gen.usage.cached_calls == 0
    prompts = "\n".join(server.prompts())
    assert SENTINEL not in prompts
    assert "[1, 5, 3]" in prompts  # the example test is shown
    assert "smallest element" in prompts and "result ≤ y" in prompts  # the retrieved example is shown
    assert "wrong result `3`" in server.requests[-1]["messages"][-1]["content"]
    assert "final spec from round 1" in gen.notes


def test_rerun_is_served_from_the_cache(tmp_path: Path) -> None:
    with ScriptedLLMServer(responder=responder) as server:
        SpecBridgeGenerator().generate(TASK, _context(server, tmp_path))
        before = len(server.requests)
        gen = SpecBridgeGenerator().generate(TASK, _context(server, tmp_path))
    assert len(server.requests) == before
    assert gen.usage.cached_calls == gen.usage.calls == 3 and gen.usage.prompt_tokens == 0


def test_baseline_same_retrieval_and_repair(tmp_path: Path) -> None:
    with ScriptedLLMServer(responder=responder) as server:
        gen = BaselineGenerator().generate(TASK, _context(server, tmp_path, repair=1))
    assert gen.error is None and gen.plan == ""
    assert len(gen.rounds) == 2 and "x ≤ result" in gen.spec_text
    assert "think step by step" in server.requests[0]["messages"][-1]["content"]
    assert SENTINEL not in "\n".join(server.prompts())


def test_no_repair_budget_keeps_the_first_spec(tmp_path: Path) -> None:
    with ScriptedLLMServer(responder=responder) as server:
        gen = BaselineGenerator().generate(TASK, _context(server, tmp_path, repair=0))
    assert len(gen.rounds) == 1 and "problem(s) left" in gen.notes and gen.error is None


def test_garbage_output_is_a_per_task_error(tmp_path: Path) -> None:
    with ScriptedLLMServer(responder=lambda body: Reply(text="I am not able to help with that.")) as server:
        gen = SpecBridgeGenerator().generate(TASK, _context(server, tmp_path, repair=1))
    assert gen.spec_text == ""
    assert gen.error is not None and "round 1: could not extract a spec: no `largest_postcond`" in gen.error
    assert "did not follow the schema" in gen.notes
    assert len(gen.rounds) == 2


def test_endpoint_failure_is_a_per_task_error(tmp_path: Path) -> None:
    with ScriptedLLMServer(responder=lambda body: Reply(status=503)) as server:
        gen = SpecBridgeGenerator().generate(TASK, _context(server, tmp_path))
    assert gen.error is not None and gen.error.startswith("model call failed") and "503" in gen.error


def test_no_llm_configured_is_unavailable() -> None:
    gen = SpecBridgeGenerator().generate(TASK, GenerationContext(settings=Settings()))
    assert gen.unavailable and gen.error is not None and "no LLM configured" in gen.error


def test_generate_many_preserves_order(tmp_path: Path) -> None:
    tasks = [TASK.model_copy(update={"id": f"t{i}", "requirement": TASK.requirement + f" ({i})"}) for i in range(5)]
    with ScriptedLLMServer(responder=responder) as server:
        gens = generate_many(SpecBridgeGenerator(), tasks, _context(server, tmp_path))
    assert all(g.error is None for g in gens) and len(gens) == 5


def test_parse_errors_are_fed_back(tmp_path: Path) -> None:
    from specbridge.generate.repair import check_spec

    broken = "```lean\ndef largest_postcond (xs : List Int) (result : Int) : Prop := result ∈ (xs\n```"

    def reply(body: dict) -> Reply:
        return Reply(text=GOOD if "fix the specification" in body["messages"][-1]["content"] else broken)

    with ScriptedLLMServer(responder=reply) as server:
        context = _context(server, tmp_path, repair=1)
        context.checker = lambda task, text: check_spec(task, text, None)
        gen = BaselineGenerator().generate(TASK, context)
    assert "Parse error at line" in gen.rounds[1].feedback
    assert gen.error is None and "x ≤ result" in gen.spec_text


def test_without_examples_evaluation_errors_on_made_up_inputs_are_feedback() -> None:
    from specbridge.generate.repair import check_spec
    from specbridge.obligations import Status, Verdict

    class Layer:
        def evaluate(self, task, spec_text, obligations):  # noqa: ANN001, ANN201
            assert all(o.task_id == task.id for o in obligations)
            return [Verdict(status=Status.ERROR, message="index out of bounds") for _ in obligations]

    task = TASK.visible_view().model_copy(update={"tests": ()})
    spec = "def largest_postcond (xs : List Int) (result : Int) : Prop := True"
    from specbridge.generate.extract import extract_spec

    result = check_spec(task, extract_spec(spec, SIG).spec_text, Layer())
    assert len(result.problems) == 1 and "made-up inputs" in result.problems[0]
    assert "index out of bounds" in result.problems[0]


def test_a_model_answer_the_sandbox_refuses_is_refused_and_the_refusal_is_fed_back(tmp_path: Path) -> None:
    from specbridge.generate.extract import extract_spec
    from specbridge.generate.repair import check_spec
    from specbridge.pipeline import generate_checked

    # top-level `#eval` commands and axioms are dropped by the extractor (never run, never trusted); inside a
    # definition the extractor keeps the text, so the sandbox must refuse it
    body = GOOD.split("```lean\n", 1)[1].rstrip("`\n")
    dropped = extract_spec('#eval IO.println "pwned"\naxiom cheat : False\n' + body, SIG)
    assert "pwned" not in dropped.spec_text and "cheat" not in dropped.spec_text
    assert dropped.repairs == [  # and the notes say what the model tried
        "dropped the command `#eval` (commands are never run)",
        "dropped `axiom cheat` (not part of a spec)",
    ]
    evil = "```lean\n" + body.replace(":= xs ≠ []", ":= by exact sorry") + "\n```"
    assert "sorry" in extract_spec(evil, SIG).spec_text

    def reply(body: dict) -> Reply:
        return Reply(text=GOOD if "fix the specification" in body["messages"][-1]["content"] else evil)

    for repair in (0, 1):
        with ScriptedLLMServer(responder=reply) as server:
            context = _context(server, tmp_path / str(repair), repair=repair)
            context.checker = lambda task, text: check_spec(task, text, None)
            gen = generate_checked(TASK, "baseline", context)
        if repair == 0:  # no repair round: the refused answer is an error, never handed to a layer
            assert gen.error is not None and "`sorry` is not allowed" in gen.error
        else:  # one repair round: the refusal was the feedback, and the repaired spec is clean
            assert "was refused" in gen.rounds[1].feedback and "sorry" in gen.rounds[1].feedback
            assert gen.error is None and "sorry" not in gen.spec_text
