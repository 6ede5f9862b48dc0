"""Result-independent subterms of a postcondition, computed once per input and reused for every candidate output.

A postcondition `f_postcond xs result` is asked about many outputs for the same input (the tests' expected and
unexpected values, generated candidates). Its subterms that read only the inputs — `let subs := xs.sublists`,
`List.range xs.length`, a quantifier over the input alone — have the same value each time. While the body is
compiled, every variable read is recorded; a subterm whose free variables are all inputs (or `let`s bound to
such subterms) and that runs in the definition's own frame gets a one-entry cache keyed by the *identity* of the
input values (callers pass the same value objects for the same input; identity is cheap where hashing a long
list is not). Lean terms are pure, so a cached value is the value; a failed evaluation is never cached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.lean.runtime import Code, FrameInfo, GlobalFn, Scope, Var

__all__ = ["ResultIndependence", "memoize_on_inputs"]

# Not worth a cache: reading a variable or a literal costs less than the cache check; a lambda is a closure
_CHEAP = (A.Ident, A.NumLit, A.FloatLit, A.StrLit, A.CharLit, A.Hole, A.Cdot, A.Sorry, A.Lam)


class ResultIndependence:
    """The compile-time bookkeeping for one postcondition body."""

    __slots__ = ("frame", "pure", "slots", "reads", "last_pure")

    def __init__(self, frame: FrameInfo, pure: set[Var], slots: tuple[int, ...]):
        self.frame = frame
        self.pure = pure  # variables whose value depends only on the inputs
        self.slots = slots  # the input parameters' slots in the definition's frame
        self.reads: list[set[Var]] = []
        self.last_pure = False

    @classmethod
    def for_postcondition(
        cls, g: GlobalFn, scope: Scope, slots_binders: list[tuple[int, A.Binder | None, ty.Type]]
    ) -> ResultIndependence | None:
        """Bookkeeping for `g` when it is a postcondition (named `*_postcond`, a parameter named `result`)."""
        names = [b.name if b is not None else None for _s, b, _t in slots_binders]
        if not g.name.endswith("_postcond") or "result" not in names:
            return None
        inputs = [
            (s, scope.vars[n]) for (s, _b, _t), n in zip(slots_binders, names, strict=True) if n and n != "result"
        ]
        if not inputs:
            return None
        return cls(scope.frame, {v for _s, v in inputs}, tuple(s for s, _v in inputs))

    def read(self, v: Var) -> None:
        if self.reads:
            self.reads[-1].add(v)

    def bound(self, v: Var, scope: Scope) -> None:
        """A `let` just bound `v` to the subterm compiled last."""
        if self.last_pure and scope.frame is self.frame:
            self.pure.add(v)

    def compile(
        self,
        compile_: Callable[[A.Node, Scope, ty.Type | None], tuple[Code, ty.Type]],
        node: A.Node,
        scope: Scope,
        expected: ty.Type | None,
    ) -> tuple[Code, ty.Type]:
        self.reads.append(set())
        try:
            code, t = compile_(node, scope, expected)
        finally:
            reads = self.reads.pop()
            if self.reads:
                self.reads[-1] |= reads
        if reads:
            visible = set(scope.vars.values())  # variables bound inside the subterm are not free in it
            pure = all(v in self.pure for v in reads if v in visible)
        else:
            pure = True
        self.last_pure = pure
        if pure and scope.frame is self.frame and not isinstance(node, _CHEAP):
            code = memoize_on_inputs(code, self.slots)
        return code, t


_ENTRIES = 16  # inputs remembered per subterm: obligations come grouped by kind, not by input


def memoize_on_inputs(code: Code, slots: tuple[int, ...]) -> Code:
    """`code` with a small cache keyed by the identity of the values in `slots` (the values are kept alive by
    the cache, so their ids cannot be reused while an entry exists)."""
    cache: dict[tuple[int, ...], tuple[tuple[Any, ...], Any]] = {}

    def run(env: list) -> Any:
        objs = tuple(env[s] for s in slots)
        key = tuple(map(id, objs))
        hit = cache.get(key)
        if hit is not None:
            return hit[1]
        v = code(env)
        if len(cache) >= _ENTRIES:
            del cache[next(iter(cache))]
        cache[key] = (objs, v)
        return v

    return run
