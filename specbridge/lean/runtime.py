"""Run-time and compile-time shared types of the interpreter: limits, frames, scopes, user functions.

The lowest module of the interpreter: the compiler mixins and quant.py import it, it imports neither.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from specbridge.errors import EvaluationLimit, LeanRuntimeError
from specbridge.lean import ast as A
from specbridge.lean import limits
from specbridge.lean import types as ty

Code = Callable[[list], Any]


CHUNK = 1024


class Undecided(EvaluationLimit):
    """A quantifier over an infinite domain whose bounded search found no witness / counterexample."""

    def __init__(self, detail: str):
        super().__init__("unbounded quantifier", detail)


class Budget:
    """Per-obligation resource limits: steps, recursion depth, wall-clock time, integer size."""

    __slots__ = (
        "n",
        "steps",
        "max_steps",
        "deadline",
        "timeout",
        "depth",
        "max_depth",
        "max_bits",
        "search_bound",
        "max_size",
    )

    def __init__(
        self,
        max_steps: int,
        max_depth: int,
        timeout: float,
        max_bits: int,
        search_bound: int,
        max_size: int = limits.DEFAULT_MAX_SIZE,
    ):
        self.max_steps = max_steps
        self.max_depth = max_depth
        self.timeout = timeout
        self.max_bits = max_bits
        self.search_bound = search_bound
        self.max_size = max_size  # elements/characters of one built value (specbridge.lean.limits)
        self.reset()

    def reset(self) -> None:
        self.n = CHUNK
        self.steps = 0
        self.depth = 0
        self.deadline = time.perf_counter() + self.timeout
        limits.activate(self)  # the built-ins evaluated from now on this thread charge this budget

    def tick(self) -> None:
        # `n` counts down from CHUNK; a built-in's bulk charge (limits.charge) can take it below zero
        self.steps += CHUNK - self.n
        self.n = CHUNK
        if self.steps > self.max_steps:
            raise EvaluationLimit("steps", f"more than {self.max_steps} evaluation steps")
        if time.perf_counter() > self.deadline:
            raise EvaluationLimit("time", f"more than {self.timeout:g} s")

    def check_int(self, v: int) -> int:
        if v.bit_length() > self.max_bits:
            raise EvaluationLimit("integer size", f"an integer above {self.max_bits} bits")
        return v


class FrameInfo:
    __slots__ = ("depth", "nslots")

    def __init__(self, depth: int):
        self.depth = depth
        self.nslots = 1  # slot 0 holds the parent frame

    def alloc(self) -> int:
        s = self.nslots
        self.nslots += 1
        return s


class Var:
    __slots__ = ("frame", "slot", "type", "written")

    def __init__(self, frame: FrameInfo, slot: int, type_: ty.Type, written: bool = False):
        self.frame = frame
        self.slot = slot
        self.type = type_
        self.written = written  # its type is in the source (`(n : Int)`), not inferred from its uses


class Scope:
    __slots__ = ("vars", "frame", "aliases")

    def __init__(self, vars_: dict[str, Var], frame: FrameInfo, aliases: dict[str, str] | None = None):
        self.vars = vars_
        self.frame = frame
        self.aliases = aliases or {}

    def bind(self, name: str, type_: ty.Type, *, written: bool = False) -> tuple[Scope, int]:
        slot = self.frame.alloc()
        v = dict(self.vars)
        v[name] = Var(self.frame, slot, type_, written)
        return Scope(v, self.frame, self.aliases), slot

    def child_frame(self) -> Scope:
        return Scope(dict(self.vars), FrameInfo(self.frame.depth + 1), self.aliases)


def _getter(depth: int, slot: int) -> Code:
    if depth == 0:
        return lambda env: env[slot]
    if depth == 1:
        return lambda env: env[0][slot]
    if depth == 2:
        return lambda env: env[0][0][slot]

    def get(env: list) -> Any:
        for _ in range(depth):
            env = env[0]
        return env[slot]

    return get


def _raiser(exc: Exception) -> Code:
    def run(env: list) -> Any:
        raise exc

    return run


def _const(v: Any) -> Code:
    return lambda env: v


class GlobalFn:
    """A user definition from the spec file (or a `where` helper)."""

    __slots__ = ("name", "defn", "arity", "params", "result", "generic", "call", "compiled", "namespace")

    def __init__(self, name: str, defn: A.Def):
        self.name = name
        self.defn = defn
        self.arity = 0
        self.params: list[ty.Type] = []
        self.result: ty.Type = ty.TV()
        self.generic: list[ty.TV] = []
        self.call: Callable[..., Any] = self._not_compiled
        self.compiled = False
        self.namespace = name.rsplit(".", 1)[0] if "." in name else ""

    def _not_compiled(self, *args: Any) -> Any:
        raise LeanRuntimeError(f"{self.name} was not compiled")

    def param_names(self) -> list[str | None]:
        return [b.name for b in self.defn.binders if b.kind == "explicit"]

    def instantiate(self) -> tuple[list[ty.Type], ty.Type]:
        mapping = {v.id: ty.TV() for v in self.generic}
        return [ty.instantiate(p, mapping) for p in self.params], ty.instantiate(self.result, mapping)

    def receiver_index(self, namespace: str) -> int:
        for i, p in enumerate(self.params):
            if ty.head(p) == namespace:
                return i
        return 0


def _setter(depth: int, slot: int) -> Callable[[list, Any], None]:
    def set_(env: list, v: Any) -> None:
        for _ in range(depth):
            env = env[0]
        env[slot] = v

    return set_


def mk_list_value(items: list) -> tuple:
    return tuple(items)
