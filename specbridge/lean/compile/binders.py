"""Binders: `let`, `let rec`, lambdas, `fun` with match alternatives, Pi types, quantifiers, big operators."""

from __future__ import annotations

from typing import Any

from specbridge.errors import EvaluationLimit, UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.lean.quant import compile_quantifier
from specbridge.lean.runtime import (
    Code,
    Scope,
    _const,
    _getter,
)
from specbridge.lean.values import (
    Fn,
)


class BindersMixin:
    def c_Let(self, node: A.Let, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        value = node.value
        if node.binders:
            value = A.Lam(node.line, node.col, node.binders, value)
            decl_t: ty.Type | None = None
            if node.type is not None:
                rt = ty.from_ast(node.type, {})
                ps = [ty.from_ast(b.type, {}) for b in node.binders if b.kind == "explicit"]
                decl_t = ty.fun_t(ps, rt)
        else:
            decl_t = ty.from_ast(node.type, {}) if node.type is not None else None
        vc, vt = self.expr(value, scope, decl_t)
        if decl_t is not None:
            vc = self.coerce(vc, vt, decl_t)
            ty.unify(decl_t, vt)
            vt = decl_t
        if node.pattern is not None:
            alts = [A.MatchAlt(node.line, node.col, [node.pattern], node.body)]
            return self._match_code_compiled([(vc, vt)], alts, scope, expected, node)
        if node.name is None:
            return self.expr(node.body, scope, expected)
        sc, slot = scope.bind(node.name, vt)
        if self._memo is not None:  # `let x := <result-independent>`: x is as good as an input
            self._memo.bound(sc.vars[node.name], scope)
        bc, bt = self.expr(node.body, sc, expected)

        def let(env: list) -> Any:
            env[slot] = vc(env)
            return bc(env)

        return let, bt

    def c_LetRec(self, node: A.LetRec, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        sc = scope
        slots = []
        types_ = []
        for d in node.defs:
            tvars: dict[str, ty.TV] = {}
            ps = [ty.from_ast(b.type, tvars) for b in d.binders if b.kind == "explicit"]
            rt = ty.from_ast(d.type, tvars)
            if d.alts:
                for _ in range(len(d.alts[0].patterns)):
                    r = ty.prune(rt)
                    if isinstance(r, ty.T) and r.name == "→":
                        ps.append(r.args[0])
                        rt = r.args[1]
                    else:
                        ps.append(ty.TV())
            ft = ty.fun_t(ps, rt)
            sc, slot = sc.bind(d.name, ft)
            slots.append(slot)
            types_.append(ft)
        makers = []
        for d, ft in zip(node.defs, types_, strict=True):
            explicit = [b for b in d.binders if b.kind == "explicit"]
            if d.alts:
                if explicit:
                    if any(b.name is None or b.pattern is not None for b in explicit):
                        raise UnsupportedConstruct("let rec with pattern binders and equations")
                    # `let rec f (a : T) : U → V | pats => …`: the binders become variable patterns
                    alts = [
                        A.MatchAlt(
                            alt.line,
                            alt.col,
                            [*(A.Ident(b.line, b.col, b.name or "_") for b in explicit), *alt.patterns],
                            alt.rhs,
                        )
                        for alt in d.alts
                    ]
                    lam: A.Node = A.FunMatch(d.line, d.col, alts)
                else:
                    lam = A.FunMatch(d.line, d.col, d.alts)
            else:
                assert d.body is not None
                if not explicit and not isinstance(d.body, (A.Lam, A.FunMatch)):
                    mc, _ = self.expr(d.body, sc, ft)
                    makers.append(mc)
                    continue
                lam = d.body if not explicit else A.Lam(d.line, d.col, explicit, d.body)
            assert isinstance(lam, (A.Lam, A.FunMatch))
            mc, _ = self.c_lambda(lam, sc, ft, counted=True)
            makers.append(mc)
        bc, bt = self.expr(node.body, sc, expected)

        def letrec(env: list) -> Any:
            for s, m in zip(slots, makers, strict=True):
                env[s] = m(env)
            return bc(env)

        return letrec, bt

    # functions ---------------------------------------------------------------------------------------------------
    def c_Lam(self, node: A.Lam, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return self.c_lambda(node, scope, expected)

    def c_FunMatch(self, node: A.FunMatch, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return self.c_lambda(node, scope, expected)

    def c_lambda(
        self, node: A.Lam | A.FunMatch, scope: Scope, expected: ty.Type | None, counted: bool = False
    ) -> tuple[Code, ty.Type]:
        inner = scope.child_frame()
        frame = inner.frame
        exp = ty.prune(expected) if expected is not None else None
        param_types: list[ty.Type] = []
        pattern_binders: list[tuple[int, A.Node, ty.Type]] = []
        if isinstance(node, A.Lam):
            binders = [b for b in node.binders if b.kind == "explicit"]
        else:
            binders = [A.Binder(node.line, node.col, None) for _ in node.alts[0].patterns]
        for b in binders:
            if isinstance(exp, ty.T) and exp.name == "→":
                pt: ty.Type = exp.args[0]
                exp = ty.prune(exp.args[1])
            else:
                pt = ty.TV()
                exp = None
            if b.type is not None:
                declared = ty.from_ast(b.type, {})
                ty.unify(pt, declared)
                pt = declared
            param_types.append(pt)
            if b.pattern is not None:
                slot = frame.alloc()
                pattern_binders.append((slot, b.pattern, pt))
            elif b.name:
                inner, _ = inner.bind(b.name, pt, written=b.type is not None)
            else:
                frame.alloc()
        ret_exp = exp
        k = len(binders)
        if isinstance(node, A.FunMatch):
            discr = [(_getter(0, i + 1), t) for i, t in enumerate(param_types)]
            body, rt = self._match_code_compiled(discr, node.alts, inner, ret_exp, node)
        elif pattern_binders:
            # fun (a, b) => body  ==  fun x => match x with | (a, b) => body
            discr = [(_getter(0, s), t) for s, _p, t in pattern_binders]
            alt = A.MatchAlt(node.line, node.col, [p for _s, p, _t in pattern_binders], node.body)
            body, rt = self._match_code_compiled(discr, [alt], inner, ret_exp, node)
        else:
            body, rt = self.expr(node.body, inner, ret_exp)
        if ret_exp is not None:
            # `xs.map (fun x => x = 2)` where a `List Int` is wanted: Lean rejects the body, so do we
            self.check_type(node.body if isinstance(node, A.Lam) else node, rt, ret_exp)
            ty.unify(ret_exp, rt)
        fun_type = ty.fun_t(param_types, rt)
        if self.node_types is not None:
            self.node_types[id(node)] = fun_type  # lambdas are compiled here directly, not always via `expr`
        budget = self.budget
        pad = frame.nslots - 1 - k

        if counted:

            def enter() -> None:
                budget.depth += 1
                if budget.depth > budget.max_depth:
                    budget.depth = 0
                    raise EvaluationLimit("recursion depth", f"more than {budget.max_depth} nested calls")

            def run(env: list) -> Any:
                enter()
                try:
                    return body(env)
                finally:
                    budget.depth -= 1

        else:
            run = body
        if k == 1:

            def mk1(env: list) -> Fn:
                def call(a: Any) -> Any:
                    budget.n -= 1
                    if budget.n <= 0:
                        budget.tick()
                    e = [env, a]
                    if pad:
                        e.extend([None] * pad)
                    return run(e)

                return Fn(1, call)

            return mk1, fun_type
        if k == 2:

            def mk2(env: list) -> Fn:
                def call(a: Any, b: Any) -> Any:
                    budget.n -= 1
                    if budget.n <= 0:
                        budget.tick()
                    e = [env, a, b]
                    if pad:
                        e.extend([None] * pad)
                    return run(e)

                return Fn(2, call)

            return mk2, fun_type

        def mkn(env: list) -> Fn:
            def call(*args: Any) -> Any:
                budget.n -= 1
                if budget.n <= 0:
                    budget.tick()
                e = [env, *args]
                if pad:
                    e.extend([None] * pad)
                return run(e)

            return Fn(k, call)

        if k == 0:
            return (lambda env: run([env] + [None] * pad)), rt
        return mkn, fun_type

    # quantifiers ---------------------------------------------------------------------------------------------------
    def c_Pi(self, node: A.Pi, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        b = node.binder
        if b.type is not None and ty.is_type_expr(b.type):
            q = A.Quant(node.line, node.col, "forall", [b], node.body)
            return self.c_Quant(q, scope, expected)
        hyp, _ = self.expr(b.type, scope, ty.PROP) if b.type is not None else (_const(True), ty.PROP)
        sc = scope
        if b.name:
            sc, _slot = scope.bind(b.name, ty.PROP)
        body, _ = self.expr(node.body, sc, ty.PROP)
        return (lambda env: (not hyp(env)) or bool(body(env))), ty.PROP

    def c_Quant(self, node: A.Quant, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        return compile_quantifier(self, node, scope)

    def c_BigOp(self, node: A.BigOp, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        b = node.binder
        bt = ty.from_ast(b.type, {}) if b.type is not None else ty.TV()
        if node.domain is not None:
            dc, dt = self.expr(node.domain, scope)
            ty.unify(bt, ty.arg(dt))
        elif node.bound is not None:
            ty.unify(bt, ty.NAT)
            bc, _ = self.expr(node.bound, scope, ty.NAT)
            incl = node.bound_op == "≤"
            dc = (lambda env: range(bc(env) + 1)) if incl else (lambda env: range(bc(env)))
        else:
            raise UnsupportedConstruct("big operator over a type")
        sc, slot = scope.bind(b.name or "_", bt)
        body, rt = self.expr(node.body, sc, expected)
        h = ty.head(rt)
        if h is None:
            ty.unify(rt, ty.NAT)
            h = "Nat"
        add = self.arith(h)["+"] if h in ty.NUMERIC else None
        mul = self.arith(h)["*"] if h in ty.NUMERIC else None
        if add is None or mul is None:
            raise UnsupportedConstruct(f"big operator over {h}")
        is_sum = node.op == "sum"
        budget = self.budget

        def big(env: list) -> Any:
            acc: Any = 0 if is_sum else 1
            if h == "Float":
                acc = float(acc)
            for x in dc(env):
                budget.n -= 1
                if budget.n <= 0:
                    budget.tick()
                env[slot] = x
                acc = add(acc, body(env)) if is_sum else mul(acc, body(env))
            return acc

        return big, rt
