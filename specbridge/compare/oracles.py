"""Oracles of correct outputs: the task's reference implementation, else the tests' expected outputs only.

The implementation runs in the interpreter like a spec does. Its program is the reference spec's auxiliary
definitions and precondition (a VERINA implementation takes the precondition proof `h_precond` and may call
`solution_aux` helpers) followed by the implementation itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from specbridge.compare.evaluator import Evaluator, SpecError, compile_program
from specbridge.settings import ComputableSettings
from specbridge.tasks import ReferenceSpec, Signature, Task

__all__ = ["ImplementationOracle", "implementation_source", "load_oracle"]


def implementation_source(signature: Signature, ref: ReferenceSpec) -> str:
    """The Lean program that defines the reference implementation `signature.name` (empty when there is none)."""
    impl = ref.impl.strip("\n")
    if not impl.strip():
        return ""
    defines = re.search(rf"(?m)^\s*(?:@\[[^\]]*\]\s*)?(?:partial\s+)?def\s+{re.escape(signature.name)}\b", impl)
    if not defines:  # only a body: give it the signature (and VERINA's precondition proof)
        pre_app = " ".join([signature.precond_name, *(f"({p.name})" for p in signature.params)])
        head = " ".join(x for x in ("def", signature.name, signature.binders()) if x)
        body = "\n".join("  " + ln if ln.strip() else ln for ln in impl.splitlines())
        impl = f"{head} (h_precond : {pre_app}) : {signature.return_type} :=\n{body}"
    parts = []
    if ref.aux.strip():
        parts.append(ref.aux.strip("\n"))
    binders = signature.binders()
    pre_head = " ".join(x for x in (signature.precond_name, binders) if x)
    body = "\n".join("  " + ln for ln in (ref.precond.strip() or "True").splitlines())
    parts.append(f"@[reducible, simp]\ndef {pre_head} : Prop :=\n{body}")
    parts.append(impl)
    return "\n\n".join(parts) + "\n"


@dataclass
class ImplementationOracle:
    """The reference implementation, compiled once: `output(args)` is (True, value) or (False, why not)."""

    evaluator: Evaluator
    name: str
    takes_proof: bool
    kind: str = "implementation"

    def output(self, args: tuple[Any, ...]) -> tuple[bool, Any]:
        call = [*args, True] if self.takes_proof else list(args)
        return self.evaluator.value(self.name, call)


def load_oracle(task: Task, settings: ComputableSettings) -> tuple[ImplementationOracle | None, str]:
    """The task's implementation oracle, or None with the reason (no implementation, it does not compile)."""
    ref = task.reference
    if ref is None or not ref.impl.strip():
        return None, "no reference implementation"
    sig = task.signature
    text = implementation_source(sig, ref)
    try:
        prog = compile_program(text, settings, "reference implementation")
    except SpecError as exc:
        return None, str(exc)
    if not prog.has(sig.name):
        return None, f"reference implementation does not define `{sig.name}`"
    n = prog.arity(sig.name)
    k = len(sig.params)
    if n not in (k, k + 1):
        return None, f"reference implementation `{sig.name}` takes {n} arguments; expected {k}"
    return ImplementationOracle(Evaluator(prog, sig, "reference implementation"), sig.name, n == k + 1), ""
