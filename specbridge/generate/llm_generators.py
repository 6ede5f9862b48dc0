"""The LLM generators: `specbridge` (requirement -> NLFP -> Lean, then repair) and `baseline` (few-shot + CoT).

Both retrieve the same examples from the corpus (other tasks only), check each candidate on the task's example
tests with the injected checker (default: refusal + parse + layer 2 on example obligations), and spend up to
`context.repair_rounds` repair rounds feeding back parse errors, refusals, evaluation errors and failing
example obligations with their values. Every round is stored in `Generation.rounds`; the plan in
`Generation.plan`. Without a configured model they return `Generation(unavailable=True)` — never a pass or fail.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from specbridge.errors import LLMError
from specbridge.generate.base import Generation, GenerationContext, Round, Usage
from specbridge.generate.extract import ExtractionError, extract_spec
from specbridge.generate.prompting import (
    Message,
    PromptExample,
    PromptPattern,
    baseline_messages,
    decode_messages,
    example_from_task,
    nlfp_messages,
    repair_messages,
)
from specbridge.generate.repair import CheckResult, ComputableChecker
from specbridge.llm import NOT_CONFIGURED_HINT, Completion, LLMClient, LLMNotConfigured
from specbridge.nlfp import PlanParseError, parse_plan
from specbridge.retrieval import Retriever
from specbridge.tasks import Task

N_EXAMPLES = 3
N_PATTERNS = 5  # mined patterns shown in the NLFP prompt
_SERVICES_LOCK = threading.Lock()


def llm_client(context: GenerationContext) -> LLMClient:
    """The context's shared client, created from `settings.llm` on first use; LLMNotConfigured without a model."""
    with _SERVICES_LOCK:
        if context.llm is None:
            context.llm = LLMClient(context.settings.llm)
        return context.llm


def checker(context: GenerationContext):  # noqa: ANN201 - a Checker
    """The context's checker, the computable-layer one by default."""
    with _SERVICES_LOCK:
        if context.checker is None:
            context.checker = ComputableChecker(context.settings)
        return context.checker


def retriever(context: GenerationContext) -> Retriever:
    """A retriever over the context's corpus, built once per corpus list."""
    with _SERVICES_LOCK:
        cached = getattr(context, "_retriever", None)
        if cached is None or cached[0] is not context.corpus:
            cached = (context.corpus, Retriever([t for t in context.corpus if t.reference is not None]))
            context._retriever = cached  # type: ignore[attr-defined]
        return cached[1]


@dataclass
class _Session:
    """Accounting for one task: usage summed over calls, rounds recorded in order."""

    client: LLMClient
    usage: Usage = field(default_factory=Usage)
    rounds: list[Round] = field(default_factory=list)
    patterns: list[PromptPattern] = field(default_factory=list)  # mined patterns fitting the task (NLFP prompt)

    def ask(self, messages: list[Message]) -> Completion:
        out = self.client.complete(messages)
        self.usage.calls += 1
        self.usage.cached_calls += int(out.cached)
        self.usage.prompt_tokens += out.prompt_tokens
        self.usage.completion_tokens += out.completion_tokens
        self.usage.latency += out.latency
        return out


@dataclass
class _Candidate:
    round: int
    spec_text: str
    raw: str
    check: CheckResult


def _library(context: GenerationContext):  # noqa: ANN202 - a Library or None
    from specbridge.mining.transfer import library_for

    with _SERVICES_LOCK:
        try:
            return library_for(context)
        except Exception:  # noqa: BLE001 - no library (unreadable corpus): prompts go without plans/patterns
            return None


def fitting_patterns(task: Task, context: GenerationContext, k: int = N_PATTERNS) -> list[PromptPattern]:
    """The top-k mined patterns fitting `task` (requirement phrases and signature), for the NLFP prompt."""
    from specbridge.mining.transfer import PatternIndex

    library = _library(context)
    if library is None:
        return []
    index = PatternIndex(library, [t for t in context.corpus if t.reference is not None])
    return [
        PromptPattern(f.pattern.kind, f.pattern.part, f.pattern.template, f.pattern.wording, f.pattern.support)
        for f in index.fitting(task, k=k)
    ]


class _LLMGenerator:
    name = "llm"
    uses_plan = False

    def generate(self, task: Task, context: GenerationContext) -> Generation:
        """Generate with the configured model; failures come back as `Generation.error`, never raised."""
        task = task.visible_view()  # defensive: hidden tests and the reference never reach a prompt
        try:
            client = llm_client(context)
        except LLMNotConfigured:
            return Generation(generator=self.name, error=f"unavailable: {NOT_CONFIGURED_HINT}", unavailable=True)
        session = _Session(client)
        library = _library(context)
        plans = library.plans if library is not None else {}
        examples = [
            example_from_task(r.task, plans.get(r.task.id, "")) for r in retriever(context).search(task, N_EXAMPLES)
        ]
        session.patterns = fitting_patterns(task, context) if self.uses_plan else []
        try:
            return self._run(task, context, session, examples)
        except LLMError as exc:
            return Generation(
                generator=self.name,
                error=f"model call failed: {exc}",
                transient=exc.transient,
                usage=session.usage,
                rounds=session.rounds,
            )

    def _first_round(self, task: Task, session: _Session, examples: list[PromptExample]) -> tuple[str, str, list[str]]:
        """(plan markdown, raw Lean answer, notes) of round 0."""
        raise NotImplementedError

    def _run(
        self, task: Task, context: GenerationContext, session: _Session, examples: list[PromptExample]
    ) -> Generation:
        check = checker(context)
        plan, raw, notes = self._first_round(task, session, examples)
        best: _Candidate | None = None
        last_error = ""
        previous_text = ""
        feedback = ""
        for index in range(max(0, context.repair_rounds) + 1):
            if index > 0:
                raw = session.ask(repair_messages(task, previous_text, feedback, plan)).text
            try:
                extracted = extract_spec(raw, task.signature)
            except ExtractionError as exc:
                last_error = f"round {index}: could not extract a spec: {exc}"
                session.rounds.append(Round(index=index, spec_text="", raw=raw, feedback=feedback))
                feedback = f"- {exc}"
                previous_text = raw
                continue
            result = check(task, extracted.spec_text)
            session.rounds.append(Round(index=index, spec_text=extracted.spec_text, raw=raw, feedback=feedback))
            if extracted.repairs:
                notes.append(f"round {index} extraction repairs: " + "; ".join(extracted.repairs))
            candidate = _Candidate(index, extracted.spec_text, raw, result)
            if best is None or result.score() >= best.check.score():
                best = candidate
            if result.ok:
                break
            feedback = result.feedback()
            previous_text = extracted.spec_text
        if best is None:
            return Generation(
                generator=self.name,
                plan=plan,
                raw=raw,
                usage=session.usage,
                rounds=session.rounds,
                error=last_error or "no spec produced",
                notes="\n".join(notes),
            )
        c = best.check
        summary = (
            f"final spec from round {best.round} of {len(session.rounds)}; "
            + (f"{c.passed}/{c.total} example obligations pass" if c.total else "no example tests to check")
            + ("" if c.ok else f"; {len(c.problems)} problem(s) left")
        )
        return Generation(
            generator=self.name,
            spec_text=best.spec_text,
            plan=plan,
            raw=best.raw,
            usage=session.usage,
            rounds=session.rounds,
            notes="\n".join([summary, *notes]),
        )


class SpecBridgeGenerator(_LLMGenerator):
    """Retrieve examples -> write the NLFP -> decode it to Lean -> check -> repair."""

    name = "specbridge"
    uses_plan = True

    def _first_round(self, task: Task, session: _Session, examples: list[PromptExample]) -> tuple[str, str, list[str]]:
        notes: list[str] = []
        patterns = session.patterns
        plan_raw = session.ask(nlfp_messages(task, examples, patterns)).text
        try:
            plan = parse_plan(plan_raw).to_markdown()
        except PlanParseError as exc:
            retry = nlfp_messages(task, examples, patterns) + [
                {"role": "assistant", "content": plan_raw},
                {
                    "role": "user",
                    "content": f"That plan could not be read: {exc}. Write it again with the sections "
                    "## Inputs, ## Guards, ## Result (numbered clauses with `shape:`), ## Edge cases, "
                    "## Lean vocabulary.",
                },
            ]
            plan_raw = session.ask(retry).text
            try:
                plan = parse_plan(plan_raw).to_markdown()
            except PlanParseError as exc2:
                plan = plan_raw.strip()
                notes.append(f"the plan did not follow the schema ({exc2}); its text was decoded as written")
        raw = session.ask(decode_messages(task, examples, plan)).text
        return plan, raw, notes


class BaselineGenerator(_LLMGenerator):
    """Few-shot + chain-of-thought straight to Lean: the comparison point (same retrieval, same repairs)."""

    name = "baseline"

    def _first_round(self, task: Task, session: _Session, examples: list[PromptExample]) -> tuple[str, str, list[str]]:
        return "", session.ask(baseline_messages(task, examples)).text, []


def generate_many(
    generator: _LLMGenerator | object, tasks: Iterable[Task], context: GenerationContext, *, workers: int | None = None
) -> list[Generation]:
    """Generate for many tasks concurrently (threads; the LLM client caps concurrent calls); order preserved."""
    tasks = list(tasks)
    n = workers or max(1, context.settings.llm.concurrency)
    with ThreadPoolExecutor(max_workers=n) as pool:
        return list(pool.map(lambda t: generator.generate(t, context), tasks))  # type: ignore[attr-defined]
