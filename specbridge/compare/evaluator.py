"""A spec (or a reference implementation) compiled once and asked many times: three-valued answers, limit counts.

Every call runs in the interpreter (layer 2's `Program`), never Python's eval/exec. An answer is True / False,
or None when the interpreter cannot decide (unsupported construct, resource limit, runtime error); the cause is
counted so a task whose evaluations keep hitting limits can stop early and say so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from specbridge.errors import (
    EvaluationLimit,
    LeanParseError,
    LeanRuntimeError,
    SpecBridgeError,
    UnsupportedConstruct,
    UntrustedSpecError,
)
from specbridge.lean.parser import parse_module
from specbridge.lean.program import Program
from specbridge.lean.sandbox import check_untrusted
from specbridge.settings import ComputableSettings
from specbridge.tasks import Signature

__all__ = ["DEFAULT_DIFF_SETTINGS", "Evaluator", "SpecError", "compile_program"]

# Generated inputs are many and small: a tighter per-call limit than layer 2's keeps one undecidable spec from
# eating the run; the early stop (Evaluator.exhausted) ends a task that keeps hitting it.
DEFAULT_DIFF_SETTINGS = ComputableSettings(max_steps=300_000, timeout=0.5)
_EARLY_STOP_LIMITS = 12


class SpecError(SpecBridgeError):
    """A spec that cannot be compared at all: it does not parse, the sandbox refuses it, a definition is missing."""


def compile_program(text: str, settings: ComputableSettings, what: str) -> Program:
    try:
        check_untrusted(text)
    except UntrustedSpecError as exc:
        raise SpecError(f"{what}: {exc}") from exc
    try:
        return Program(parse_module(text), settings)
    except LeanParseError as exc:
        raise SpecError(f"{what} does not parse: {exc}") from exc
    except RecursionError as exc:
        raise SpecError(f"{what} is nested too deeply") from exc
    except SpecBridgeError as exc:
        raise SpecError(f"{what}: {exc}") from exc


@dataclass
class Evaluator:
    """One compiled spec for one signature: `pre(args)`, `post(args, result)` with result-independent caching."""

    prog: Program
    signature: Signature
    what: str = "spec"
    causes: Counter = field(default_factory=Counter)
    limit_hits: int = 0
    calls: int = 0
    _pre_cache: dict[Any, bool | None] = field(default_factory=dict)

    @classmethod
    def from_text(cls, text: str, signature: Signature, settings: ComputableSettings, what: str) -> Evaluator:
        prog = compile_program(text, settings, what)
        for name in (signature.precond_name, signature.postcond_name):
            if not prog.has(name):
                raise SpecError(f"{what} does not define `{name}`")
        n = prog.arity(signature.postcond_name)
        k = len(signature.params) + 1
        if n not in (k, k + 1):
            raise SpecError(
                f"{what}: `{signature.postcond_name}` takes {n} explicit arguments; expected {k} "
                f"(the parameters and `result`, optionally `h_precond`)"
            )
        return cls(prog, signature, what)

    @property
    def exhausted(self) -> bool:
        """Evaluations keep hitting resource limits: further ones would only cost time."""
        return self.limit_hits >= _EARLY_STOP_LIMITS

    def pre(self, args: tuple[Any, ...], key: Any = None) -> bool | None:
        if key is not None and key in self._pre_cache:
            return self._pre_cache[key]
        v = self._ask(self.signature.precond_name, list(args))
        if key is not None:
            self._pre_cache[key] = v
        return v

    def post(self, args: tuple[Any, ...], result: Any) -> bool | None:
        call_args = [*args, result]
        if self.prog.arity(self.signature.postcond_name) == len(call_args) + 1:
            call_args.append(True)  # VERINA's `h_precond` proof argument
        return self._ask(self.signature.postcond_name, call_args)

    def _ask(self, name: str, args: list[Any]) -> bool | None:
        self.calls += 1
        try:
            return bool(self.prog.call(name, args))
        except UnsupportedConstruct as exc:
            self.causes[exc.construct] += 1
        except EvaluationLimit as exc:
            self.causes[exc.limit] += 1
            self.limit_hits += 1
        except LeanRuntimeError:
            self.causes["runtime error"] += 1
        except RecursionError:
            self.causes["recursion depth"] += 1
            self.limit_hits += 1
        except Exception as exc:  # noqa: BLE001 - an interpreter bug is an undecided answer, not a crash
            self.causes[f"interpreter error: {type(exc).__name__}"] += 1
        return None

    def value(self, name: str, args: list[Any]) -> tuple[bool, Any]:
        """Call a data-valued definition (a reference implementation): (True, value) or (False, cause)."""
        self.calls += 1
        try:
            return True, self.prog.call(name, args)
        except UnsupportedConstruct as exc:
            cause = exc.construct
        except EvaluationLimit as exc:
            cause = exc.limit
            self.limit_hits += 1
        except LeanRuntimeError as exc:
            cause = f"runtime error: {exc}"
        except RecursionError:
            cause = "recursion depth"
            self.limit_hits += 1
        except Exception as exc:  # noqa: BLE001 - see _ask
            cause = f"interpreter error: {type(exc).__name__}: {exc}"
        self.causes[cause.split(":")[0]] += 1
        return False, cause
