"""Small helpers for interpreter tests: evaluate a Lean term or call a definition."""

from __future__ import annotations

from typing import Any

from specbridge.lean.program import Program, run_with_big_stack
from specbridge.settings import ComputableSettings


def ev(term: str, type_text: str = "Bool", settings: ComputableSettings | None = None, defs: str = "") -> Any:
    """Evaluate `term` at `type_text` (with optional definitions in scope)."""
    prog = Program.from_source(defs, settings)
    return run_with_big_stack(lambda: prog.value(term, type_text))


def call(defs: str, name: str, *args: Any, settings: ComputableSettings | None = None) -> Any:
    prog = Program.from_source(defs, settings)
    return run_with_big_stack(lambda: prog.call(name, list(args)))


__all__ = ["Program", "call", "ev", "run_with_big_stack"]
