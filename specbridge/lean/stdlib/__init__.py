"""The interpreter's standard library: Lean functions by full name, each with its Lean signature.

A builtin is registered with its signature in Lean binder syntax, e.g.
`@builtin("List.map", "(f : α → β) (l : List α) : List β")`; the signature gives the number of explicit
arguments, the receiver position for generalized field notation (`l.map f`), and the types used to elaborate
lambda arguments (so `xs.foldl (fun acc x => acc - x) 0` knows whether `-` is Nat or Int subtraction).
Modules in this package register their namespace when imported; `REGISTRY` holds them all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from specbridge.lean import types as ty


@dataclass
class Builtin:
    name: str
    sig: str
    impl: Callable[..., Any]
    wants_default: bool = False  # impl's first argument is a thunk giving `default` of the result type
    wants_types: bool = False  # impl's first argument is the list of instantiated parameter types + result
    _params: list[ty.Type] | None = field(default=None, repr=False)
    _result: ty.Type | None = field(default=None, repr=False)
    _generic: list[ty.TV] = field(default_factory=list, repr=False)
    _required: int = field(default=-1, repr=False)
    _names: list[str | None] = field(default_factory=list, repr=False)

    def _parse(self) -> None:
        if self._params is not None:
            return
        from specbridge.lean.parser import Parser

        p = Parser(self.sig)
        binders = p._binders(stop=(":",))
        p.expect_sym(":")
        result = p.parse_expr(0)
        p.finish()
        tvars: dict[str, ty.TV] = {}
        explicit = [b for b in binders if b.kind == "explicit"]
        params = [ty.from_ast(b.type, tvars) for b in explicit]
        self._required = sum(1 for b in explicit if b.default is None)
        self._names = [b.name for b in explicit]
        self._params = params
        self._result = ty.from_ast(result, tvars)
        self._generic = list(tvars.values())

    @property
    def arity(self) -> int:
        self._parse()
        assert self._params is not None
        return len(self._params)

    def param_names(self) -> list[str | None]:
        self._parse()
        return list(self._names)

    @property
    def required(self) -> int:
        """Explicit parameters without a default value (`(le : α → α → Bool := ...)` is optional)."""
        self._parse()
        return self._required

    def instantiate(self) -> tuple[list[ty.Type], ty.Type]:
        """Fresh copies of the parameter types and the result type."""
        self._parse()
        assert self._params is not None and self._result is not None
        mapping = {v.id: ty.TV() for v in self._generic}
        return [ty.instantiate(p, mapping) for p in self._params], ty.instantiate(self._result, mapping)

    def receiver_index(self, namespace: str) -> int:
        self._parse()
        assert self._params is not None
        for i, p in enumerate(self._params):
            if ty.head(p) == namespace:
                return i
        return 0


REGISTRY: dict[str, Builtin] = {}
# root-namespace names and aliases: `some` -> `Option.some`, `min` -> `min`, ...
ALIASES: dict[str, str] = {}


def builtin(
    name: str, sig: str, *, aliases: tuple[str, ...] = (), wants_default: bool = False, wants_types: bool = False
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a Python function as the Lean function `name` with the Lean signature `sig`."""

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        b = Builtin(name, sig, fn, wants_default, wants_types)
        REGISTRY[name] = b
        for a in aliases:
            REGISTRY[a] = b
        return fn

    return deco


def alias(new: str, old: str) -> None:
    """Make `new` another name of the registered builtin `old`."""
    REGISTRY[new] = REGISTRY[old]


def load_all() -> None:
    from specbridge.lean.stdlib import arrays, core, hashes, lists, mathlib, nat_int, option, rat, strings  # noqa: F401


load_all()
