"""`do` notation in the Id monad: `let mut`, `for`, `while`, `return`, `break`, `continue`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from specbridge.errors import LeanRuntimeError, UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.lean.runtime import (
    Code,
    Scope,
    _const,
    _raiser,
    _setter,
)

_OTHER_MONADS = frozenset(
    ["Option", "Except", "IO", "EIO", "StateM", "StateT", "ReaderT", "ExceptT", "EStateM", "List"]
)


class _DoReturn(Exception):  # noqa: N818 - control flow, not an error
    def __init__(self, value: Any):
        super().__init__()
        self.value = value


class _DoBreak(Exception):  # noqa: N818
    pass


class _DoContinue(Exception):  # noqa: N818
    pass


def _unwrap_pure(e: A.Node) -> A.Node:
    """`pure e` / `return e` in the Id monad is `e`."""
    if (
        isinstance(e, A.App)
        and isinstance(e.fn, A.Ident)
        and e.fn.name in ("pure", "return", "Pure.pure")
        and len(e.args) == 1
    ):
        return e.args[0]
    return e


class DoMixin:
    # -- do-notation in the Id monad: statements run in order on the frame's slots -----------------------------------
    def c_Do(self, node: A.Do, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        # only the Id monad is modelled: a `do` whose type is Option/Except/IO/… binds and returns differently
        monad = ty.head(expected) if expected is not None else None
        if not node.in_id and monad in _OTHER_MONADS:
            raise UnsupportedConstruct(f"do-notation in the {monad} monad")
        rt: ty.Type = expected if expected is not None else ty.TV()
        code = self._do_seq(node.stmts, 0, scope, rt, True)

        def run(env: list) -> Any:
            try:
                return code(env)
            except _DoReturn as r:
                return r.value

        return run, rt

    def _do_seq(self, stmts: list[A.DoStmt], i: int, scope: Scope, rt: ty.Type, final: bool) -> Code:
        """Run stmts[i:]; the value is the last statement's (a `return` raises _DoReturn to the enclosing `do`)."""
        if i == len(stmts):
            return _const(())
        st = stmts[i]
        last = i == len(stmts) - 1
        k = st.kind
        if k in ("let", "let_mut"):
            decl = ty.from_ast(st.type, {}) if st.type is not None else None
            assert st.expr is not None
            vc, vt = self.expr(_unwrap_pure(st.expr), scope, decl)
            if decl is not None:
                vc = self.coerce(vc, vt, decl)
                ty.unify(decl, vt)
                vt = decl
            if st.pattern is not None:
                match, sc = self.pattern(st.pattern, scope, vt)
                rest = self._do_seq(stmts, i + 1, sc, rt, final)

                def let_pat(env: list) -> Any:
                    if not match(vc(env), env):
                        raise LeanRuntimeError("a `let` pattern in a do block did not match")
                    return rest(env)

                return let_pat
            if st.name is None or st.name == "_":
                rest = self._do_seq(stmts, i + 1, scope, rt, final)
                return lambda env: (vc(env), rest(env))[1]
            sc, slot = scope.bind(st.name, vt)
            rest = self._do_seq(stmts, i + 1, sc, rt, final)

            def let(env: list) -> Any:
                env[slot] = vc(env)
                return rest(env)

            return let
        if k == "assign":
            var = scope.vars.get(st.name or "")
            if var is None:
                raise UnsupportedConstruct(f"assignment to `{st.name}`, which is not a `let mut` variable")
            assert st.expr is not None
            vc, vt = self.expr(_unwrap_pure(st.expr), scope, var.type)
            vc = self.coerce(vc, vt, var.type)
            ty.unify(var.type, vt)
            setter = _setter(scope.frame.depth - var.frame.depth, var.slot)
            rest = self._do_seq(stmts, i + 1, scope, rt, final)

            def assign(env: list) -> Any:
                setter(env, vc(env))
                return rest(env)

            return assign
        if k == "for":
            assert st.expr is not None and st.body is not None
            cc, ct = self.expr(st.expr, scope)
            el = ty.arg(ct) if ty.head(ct) in ("List", "Array", "Finset", "Multiset") else ty.TV()
            if st.pattern is not None:
                match, bsc = self.pattern(st.pattern, scope, el)
                body = self._do_seq(st.body.stmts, 0, bsc, rt, False)

                def bind(env: list, x: Any) -> None:
                    if not match(x, env):
                        raise LeanRuntimeError("a `for` pattern did not match")

            else:
                bsc, slot = scope.bind(st.name or "_", el)
                body = self._do_seq(st.body.stmts, 0, bsc, rt, False)

                def bind(env: list, x: Any, slot: int = slot) -> None:
                    env[slot] = x

            rest = self._do_seq(stmts, i + 1, scope, rt, final)
            budget = self.budget

            def for_(env: list) -> Any:
                for x in cc(env):
                    budget.n -= 1  # one step per iteration (a full tick here charged 1,024)
                    if budget.n <= 0:
                        budget.tick()
                    bind(env, x)
                    try:
                        body(env)
                    except _DoContinue:
                        continue
                    except _DoBreak:
                        break
                return rest(env)

            return for_
        if k == "while":
            assert st.expr is not None and st.body is not None
            cond, _t = self.expr(st.expr, scope, ty.BOOL)
            body = self._do_seq(st.body.stmts, 0, scope, rt, False)
            rest = self._do_seq(stmts, i + 1, scope, rt, final)
            budget = self.budget

            def while_(env: list) -> Any:
                while cond(env):
                    budget.n -= 1
                    if budget.n <= 0:
                        budget.tick()
                    try:
                        body(env)
                    except _DoContinue:
                        continue
                    except _DoBreak:
                        break
                return rest(env)

            return while_
        if k == "if":
            assert st.expr is not None and st.body is not None
            value_here = last and final
            if st.let_pattern is not None:
                sc_val, svt = self.expr(st.expr, scope)
                match, tsc = self.pattern(st.let_pattern, scope, svt)
                then = self._do_seq(st.body.stmts, 0, tsc, rt, value_here)

                def test(env: list) -> bool:
                    return bool(match(sc_val(env), env))

            else:
                cond, _t = self.expr(st.expr, scope, ty.PROP)
                then = self._do_seq(st.body.stmts, 0, scope, rt, value_here)

                def test(env: list) -> bool:
                    return bool(cond(env))

            orelse = self._do_seq(st.orelse.stmts, 0, scope, rt, value_here) if st.orelse else _const(())
            if last:
                return lambda env: then(env) if test(env) else orelse(env)
            rest = self._do_seq(stmts, i + 1, scope, rt, final)

            def if_(env: list) -> Any:
                if test(env):
                    then(env)
                else:
                    orelse(env)
                return rest(env)

            return if_
        if k == "match":
            assert isinstance(st.expr, A.Match)
            value_here = last and final
            discr = [self.expr(d, scope) for d in st.expr.discrs]
            arms: list[tuple[list[Callable[[Any, list], bool]], Code]] = []
            for alt in st.expr.alts:
                if len(alt.patterns) != len(discr):
                    raise UnsupportedConstruct("match alternative with a different number of patterns")
                sc = scope
                matchers = []
                for pat, (_c, t) in zip(alt.patterns, discr, strict=True):
                    m, sc = self.pattern(pat, sc, t)
                    matchers.append(m)
                assert isinstance(alt.rhs, A.Do)
                arms.append((matchers, self._do_seq(alt.rhs.stmts, 0, sc, rt, value_here)))
            dcodes = [c for c, _ in discr]
            rest = None if last else self._do_seq(stmts, i + 1, scope, rt, final)
            line = st.line

            def match_(env: list) -> Any:
                vs = [d(env) for d in dcodes]
                for ms, body in arms:
                    if all(m(v, env) for m, v in zip(ms, vs, strict=True)):
                        out = body(env)
                        return out if rest is None else rest(env)
                raise LeanRuntimeError(f"line {line}: no match alternative")

            return match_
        if k == "return":
            assert st.expr is not None
            vc, vt = self.expr(_unwrap_pure(st.expr), scope, rt)
            vc = self.coerce(vc, vt, rt)
            ty.unify(rt, vt)

            def ret(env: list) -> Any:
                raise _DoReturn(vc(env))

            return ret
        if k == "break":
            return _raiser(_DoBreak())
        if k == "continue":
            return _raiser(_DoContinue())
        if k == "skip":
            return self._do_seq(stmts, i + 1, scope, rt, final)
        assert st.expr is not None
        if last and final:
            vc, vt = self.expr(_unwrap_pure(st.expr), scope, rt)
            vc = self.coerce(vc, vt, rt)
            ty.unify(rt, vt)
            return vc
        vc, _vt = self.expr(_unwrap_pure(st.expr), scope)
        if last:
            return vc
        rest = self._do_seq(stmts, i + 1, scope, rt, final)
        return lambda env: (vc(env), rest(env))[1]
