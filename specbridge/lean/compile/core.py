"""The compiler's core: registration and compilation of the module's definitions, dispatch, literals, `if`."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from specbridge.errors import EvaluationLimit, UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import typecheck as tcheck
from specbridge.lean import types as ty
from specbridge.lean.arith import rat_of_scientific
from specbridge.lean.compile.operators import (
    _arith_fns,
)
from specbridge.lean.compile.predicates import compile_predicate, is_predicate, synthetic_def
from specbridge.lean.compile.rewrite import (
    _expand_type_aliases,
    _inline_power_functions,
)
from specbridge.lean.runtime import (
    Budget,
    Code,
    FrameInfo,
    GlobalFn,
    Scope,
    _const,
    _getter,
    _raiser,
)
from specbridge.lean.stdlib import REGISTRY, Builtin


class CoreMixin:
    _memo: Any = None  # a compile.memo.ResultIndependence while a postcondition's body is compiled

    def __init__(self, module: A.Module, budget: Budget, *, record_types: bool = False):
        # the type elaborated for each expression node (by id), for tools that read a spec's terms (the miner)
        self.node_types: dict[int, ty.Type] | None = {} if record_types else None
        _expand_type_aliases(module)
        _inline_power_functions(module)
        self.module = module
        self.budget = budget
        self.globals: dict[str, GlobalFn] = {}
        self.opens = list(module.opens)
        self._arith_cache: dict[str, dict[str, Callable[[Any, Any], Any]]] = {}
        self.structs: dict[str, A.Structure] = {s.name: s for s in module.structures}
        # inductive predicates (`inductive Ev : Nat → Prop`) are decided like definitions (compile/predicates.py)
        self.ind_preds: dict[str, A.Inductive] = {i.name: i for i in module.inductives if is_predicate(i)}
        data = [i for i in module.inductives if i.name not in self.ind_preds]
        self.inductives: dict[str, A.Inductive] = {i.name: i for i in data}
        self.user_types = frozenset(self.structs) | frozenset(self.inductives)
        self.ctors: dict[str, tuple[A.Inductive, str, list[A.Node]]] = {
            f"{i.name}.{c}": (i, c, args) for i in data for c, args in i.ctors
        }
        for ind in self.ind_preds.values():
            self._register(ind.name, synthetic_def(ind))
        for d in module.defs:
            if d.kind in ("def", "abbrev") and d.name:
                self._register(d.name, d)
                for w in d.where:
                    self._register(f"{d.name}.{w.name}", w)
        for g in list(self.globals.values()):
            self._signature(g)
        for g in list(self.globals.values()):
            self._compile_global(g)

    # -- globals ---------------------------------------------------------------------------------------------------
    def _register(self, name: str, d: A.Def) -> None:
        self.globals[name] = GlobalFn(name, d)

    def _signature(self, g: GlobalFn) -> None:
        d = g.defn
        tvars: dict[str, ty.TV] = {}
        params: list[ty.Type] = []
        for b in d.binders:
            if b.kind != "explicit":
                if b.name and b.type is not None and isinstance(b.type, A.Ident) and b.type.name in ("Type", "Sort"):
                    tvars[b.name] = ty.TV()
                elif b.name and b.type is None and b.kind == "implicit":
                    tvars[b.name] = ty.TV()
                continue
            params.append(ty.from_ast(b.type, tvars))
        result = ty.from_ast(d.type, tvars)
        if d.alts:
            # `def f : A → B → C | pats => ...`: the arrows give the remaining parameters
            n = len(d.alts[0].patterns)
            for _ in range(n):
                r = ty.prune(result)
                if isinstance(r, ty.T) and r.name == "→":
                    params.append(r.args[0])
                    result = r.args[1]
                else:
                    params.append(ty.TV())
        g.params = params
        g.result = result
        g.arity = len(params)
        g.generic = ty.free_vars(ty.fun_t(params, result))

    def _compile_global(self, g: GlobalFn) -> None:
        if g.name in self.ind_preds:
            try:
                g.call = compile_predicate(self, g, self.ind_preds[g.name])
            except UnsupportedConstruct as exc:
                g.call = lambda *a, _e=exc: _raiser(_e)([])
            g.compiled = True
            return
        d = g.defn
        frame = FrameInfo(0)
        aliases = {}
        owner = g.name.rsplit(".", 1)[0] if g.name.count(".") else g.name
        for gname in self.globals:
            if gname.startswith(owner + ".") and gname != owner:
                aliases[gname[len(owner) + 1 :]] = gname
        if g.name in self.globals:
            for w in d.where:
                aliases[w.name] = f"{g.name}.{w.name}"
        scope = Scope({}, frame, aliases)
        slots_binders: list[tuple[int, A.Binder | None, ty.Type]] = []
        pi = 0
        for b in d.binders:
            if b.kind != "explicit":
                continue
            t = g.params[pi]
            pi += 1
            if b.name:
                scope, slot = scope.bind(b.name, t, written=b.type is not None)
            else:
                slot = frame.alloc()
            slots_binders.append((slot, b, t))
        from specbridge.lean.compile.memo import ResultIndependence  # a postcondition's input-only parts

        self._memo = None if d.alts else ResultIndependence.for_postcondition(g, scope, slots_binders)
        try:
            if d.alts:
                extra = g.params[pi:]
                eslots = [frame.alloc() for _ in extra]
                discr = [(_getter(0, s), t) for s, t in zip(eslots, extra, strict=True)]
                body = self._match_code(discr, d.alts, scope, g.result, d)
                arg_slots = [s for s, _, _ in slots_binders] + eslots
            else:
                assert d.body is not None
                body, bt = self.expr(d.body, scope, g.result)
                if d.type is not None:
                    self.check_type(d.body, bt, g.result)
                self._unify_result(g.result, bt)
                arg_slots = [s for s, _, _ in slots_binders]
                for _slot, b, _t in slots_binders:
                    if b is not None and b.pattern is not None:
                        raise UnsupportedConstruct("pattern binder in a def")
        except UnsupportedConstruct as exc:
            body = _raiser(exc)
            arg_slots = list(range(1, g.arity + 1))
        self._memo = None
        g.call = self._make_global_call(g, body, frame, arg_slots)
        g.compiled = True

    def check_type(self, node: A.Node, actual: ty.Type, expected: ty.Type | None, *, declared: bool = False) -> None:
        """Elaboration: reject `node : actual` where Lean certainly cannot use it at `expected` (`declared`: a
        type written in a signature, an index or an ascription, see `typecheck.compatible`)."""
        tcheck.check(node, actual, expected, self.user_types, declared=declared)

    @staticmethod
    def written_type(node: A.Node, scope: Scope) -> bool:
        """`node` is a variable whose type the source writes: Lean has no other type for it, whatever the order
        in which it elaborates the uses (ours differs, so an inferred type is never a verdict)."""
        var = scope.vars.get(node.name) if isinstance(node, A.Ident) else None
        return var is not None and var.written

    def _unify_result(self, expected: ty.Type, actual: ty.Type) -> None:
        ty.unify(expected, actual)

    def _make_global_call(self, g: GlobalFn, body: Code, frame: FrameInfo, arg_slots: list[int]) -> Callable:
        budget = self.budget
        n = frame.nslots
        name = g.name
        contiguous = arg_slots == list(range(1, len(arg_slots) + 1))

        def call(*args: Any) -> Any:
            if contiguous:
                env = [None, *args]
                if n > len(env):
                    env.extend([None] * (n - len(env)))
            else:
                env = [None] * n
                for s, a in zip(arg_slots, args, strict=False):
                    env[s] = a
            budget.depth += 1
            if budget.depth > budget.max_depth:
                budget.depth = 0
                raise EvaluationLimit("recursion depth", f"more than {budget.max_depth} nested calls ({name})")
            budget.n -= 1
            if budget.n <= 0:
                budget.tick()
            try:
                return body(env)
            finally:
                budget.depth -= 1

        return call

    def lookup_global(self, name: str, scope: Scope | None = None) -> GlobalFn | Builtin | None:
        if scope is not None and name in scope.aliases:
            return self.globals.get(scope.aliases[name])
        if name in self.globals:
            return self.globals[name]
        if name in REGISTRY:
            return REGISTRY[name]
        for ns in self.opens:
            full = f"{ns}.{name}"
            if full in self.globals:
                return self.globals[full]
            if full in REGISTRY:
                return REGISTRY[full]
        if name.startswith("Std.") or name.startswith("Mathlib."):
            return self.lookup_global(name.split(".", 1)[1], scope)
        return None

    def arith(self, kind: str) -> dict[str, Callable[[Any, Any], Any]]:
        fns = self._arith_cache.get(kind)
        if fns is None:
            fns = _arith_fns(kind, self.budget)
            self._arith_cache[kind] = fns
        return fns

    # -- expressions -----------------------------------------------------------------------------------------------
    def expr(self, node: A.Node, scope: Scope, expected: ty.Type | None = None) -> tuple[Code, ty.Type]:
        """Compile `node`; returns the code and its type. Unsupported parts compile to code that raises."""
        m = self._memo
        code, t = self._expr(node, scope, expected) if m is None else m.compile(self._expr, node, scope, expected)
        if self.node_types is not None:
            self.node_types[id(node)] = t
        return code, t

    def _expr(self, node: A.Node, scope: Scope, expected: ty.Type | None = None) -> tuple[Code, ty.Type]:
        try:
            method = getattr(self, "c_" + type(node).__name__)
            return method(node, scope, expected)
        except UnsupportedConstruct as exc:
            return _raiser(exc), expected if expected is not None else ty.TV()

    def c_NumLit(self, node: A.NumLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        tcheck.check_numeral(node, expected)
        h = ty.head(expected) if expected is not None else None
        if h == "Float":
            return _const(float(node.value)), ty.FLOAT
        if h == "Rat":
            return _const(Fraction(node.value)), expected  # type: ignore[return-value]
        if h == "Fin" and expected is not None:
            # `OfNat (Fin (n+1)) i` is `Fin.ofNat i` = i % (n+1)
            k = ty.fin_modulus(expected)
            if k is None:
                raise UnsupportedConstruct(f"numeral at {ty.show(expected)} (a modulus that is not a literal)")
            if k == 0:
                raise UnsupportedConstruct("numeral at Fin 0 (no OfNat instance)")
            return _const(node.value % k), ty.prune(expected)
        if h in ty.NUMERIC:
            return _const(node.value), expected  # type: ignore[return-value]
        if expected is not None and h is None:
            return _const(node.value), expected
        return _const(node.value), ty.TV()

    def c_FloatLit(self, node: A.FloatLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        # `OfScientific`: exact at Rat (Batteries' `Rat.ofScientific`), IEEE at Float (the default instance)
        if expected is not None and ty.head(expected) == "Rat":
            return _const(rat_of_scientific(node.text)), ty.prune(expected)
        tcheck.check_scientific(node, expected)
        return _const(float(node.text)), ty.FLOAT

    def c_StrLit(self, node: A.StrLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return _const(node.value), ty.STRING

    def c_CharLit(self, node: A.CharLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return _const(node.value), ty.CHAR

    def c_Hole(self, node: A.Hole, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        raise UnsupportedConstruct("hole `_` in a term")

    def c_Sorry(self, node: A.Sorry, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        raise UnsupportedConstruct("sorry / tactic proof used as a value")

    def c_SetBuilder(self, node: A.SetBuilder, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        raise UnsupportedConstruct("set-builder or structure instance `{...}`")

    def c_Subtype(self, node: A.Subtype, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        raise UnsupportedConstruct("subtype `{x // p}` as a value")

    def c_Cdot(self, node: A.Cdot, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        raise UnsupportedConstruct("`·` outside a section")

    def c_Ascribe(self, node: A.Ascribe, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        if node.type is None:
            return self.expr(node.expr, scope)
        t = ty.from_ast(node.type, {})
        c, ct = self.expr(node.expr, scope, t)
        self.check_type(node.expr, ct, t, declared=self.written_type(node.expr, scope))
        c = self.coerce(c, ct, t)
        ty.unify(t, ct)
        return c, t

    def c_If(self, node: A.If, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        if node.let_pattern is not None:
            alts = [
                A.MatchAlt(node.line, node.col, [node.let_pattern], node.then),
                A.MatchAlt(node.line, node.col, [A.Hole(node.line, node.col)], node.orelse),
            ]
            return self.c_Match(A.Match(node.line, node.col, [node.cond], alts), scope, expected)
        cond, ct = self.expr(node.cond, scope, ty.PROP)
        self.check_type(node.cond, ct, ty.PROP)
        sc = scope
        if node.hyp:
            sc, _slot = scope.bind(node.hyp, ty.PROP)
        a, at = self.expr(node.then, sc, expected)
        b, bt = self.expr(node.orelse, sc, expected if expected is not None else at)
        target = ty.prune(expected) if expected is not None else None
        if isinstance(target, ty.T) and target.name in ty.NUMERIC and ty.head(at) in ty.NUMERIC:
            # Lean elaborates both branches at the expected type, each cast up to it (`if c then n else -1`)
            self.check_type(node.then, at, target)
            self.check_type(node.orelse, bt, target)
            a, b = self.coerce(a, at, target), self.coerce(b, bt, target)
            return (lambda env: a(env) if cond(env) else b(env)), target
        self.check_type(node.orelse, bt, at)
        ty.unify(at, bt)
        return (lambda env: a(env) if cond(env) else b(env)), at
