"""Layer 1: an LLM judge of spec/requirement alignment, one verdict per task."""

from __future__ import annotations

import threading

from specbridge.obligations import Obligation, Status, Verdict
from specbridge.settings import Settings
from specbridge.tasks import Task

NO_LLM = "no LLM configured: set OPENAI_API_KEY or OPENAI_BASE_URL, and SPECBRIDGE_MODEL (see `specbridge doctor`)"


class JudgeLayer:
    """Asks the configured model whether the spec says what the requirement says; `unavailable` without one."""

    name = "judge"
    per_task = True  # one verdict per task, not per obligation

    def __init__(self, settings: Settings):
        self.settings = settings
        self._client = None
        self._lock = threading.Lock()

    def _llm(self):
        from specbridge.llm import LLMClient

        with self._lock:  # tasks may be evaluated from several threads; they share one client
            if self._client is None:
                self._client = LLMClient(self.settings.llm)
            return self._client

    def evaluate(self, task: Task, spec_text: str, obligations: list[Obligation]) -> list[Verdict]:
        if not self.settings.llm.configured:
            return [Verdict(status=Status.UNAVAILABLE, message=NO_LLM)]
        from specbridge.evaluate.judge_llm import judge_spec

        return [judge_spec(task, spec_text, self._llm())]
