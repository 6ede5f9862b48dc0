"""`match`: pattern compilation for literals, constructors, tuples, lists, `n + k`, as-patterns."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from specbridge.errors import LeanRuntimeError, UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.lean.runtime import (
    Code,
    Scope,
)
from specbridge.lean.values import (
    Ctor,
    render,
)

_NO_CTOR = object()


class PatternsMixin:
    # pattern matching ----------------------------------------------------------------------------------------------
    def c_Match(self, node: A.Match, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        discr = [self.expr(d, scope) for d in node.discrs]
        sc = scope
        for h in node.hyps:
            if h:
                sc, _ = sc.bind(h, ty.PROP)
        return self._match_code_compiled(discr, node.alts, sc, expected, node)

    def _match_code(
        self,
        discr: list[tuple[Code, ty.Type]],
        alts: list[A.MatchAlt],
        scope: Scope,
        expected: ty.Type | None,
        node: A.Node,
    ) -> Code:
        code, rt = self._match_code_compiled(discr, alts, scope, expected, node)
        if expected is not None:
            ty.unify(expected, rt)
        return code

    def _match_code_compiled(
        self,
        discr: list[tuple[Code, ty.Type]],
        alts: list[A.MatchAlt],
        scope: Scope,
        expected: ty.Type | None,
        node: A.Node,
    ) -> tuple[Code, ty.Type]:
        compiled_alts: list[tuple[list[Callable[[Any, list], bool]], Code]] = []
        rt: ty.Type = expected if expected is not None else ty.TV()
        for alt in alts:
            if len(alt.patterns) != len(discr):
                raise UnsupportedConstruct("match alternative with a different number of patterns")
            sc = scope
            matchers = []
            for p, (_c, t) in zip(alt.patterns, discr, strict=True):
                m, sc = self.pattern(p, sc, t)
                matchers.append(m)
            rc, t2 = self.expr(alt.rhs, sc, rt)
            ty.unify(rt, t2)
            compiled_alts.append((matchers, rc))
        dcodes = [c for c, _ in discr]
        line = node.line
        if len(dcodes) == 1:
            d0 = dcodes[0]
            single = [(ms[0], rc) for ms, rc in compiled_alts]

            def match1(env: list) -> Any:
                v = d0(env)
                for m, rc in single:
                    if m(v, env):
                        return rc(env)
                raise LeanRuntimeError(f"line {line}: no match alternative for {render(v)}")

            return match1, rt

        def matchn(env: list) -> Any:
            vs = [d(env) for d in dcodes]
            for ms, rc in compiled_alts:
                if all(m(v, env) for m, v in zip(ms, vs, strict=True)):
                    return rc(env)
            raise LeanRuntimeError(f"line {line}: no match alternative")

        return matchn, rt

    def pattern(self, p: A.Node, scope: Scope, t: ty.Type) -> tuple[Callable[[Any, list], bool], Scope]:
        """Compile a pattern against a value of type `t`; binds variables in the current frame."""
        if isinstance(p, A.Hole):
            return (lambda v, env: True), scope
        if isinstance(p, A.Ascribe):
            if p.type is not None:
                ty.unify(t, ty.from_ast(p.type, {}))
            return self.pattern(p.expr, scope, t)
        if isinstance(p, A.Ident):
            c = self._ctor_const(p.name, t)
            if c is not _NO_CTOR:
                val = c
                if val is None:
                    return (lambda v, env: v is None), scope
                return (lambda v, env: v == val and type(v) is type(val)), scope
            if p.name.startswith(".") or "." in p.name:
                raise UnsupportedConstruct(f"constructor pattern {p.name}")
            sc, slot = scope.bind(p.name, t)

            def bind(v: Any, env: list) -> bool:
                env[slot] = v
                return True

            return bind, sc
        if isinstance(p, A.NumLit):
            val = p.value
            return (lambda v, env: v == val), scope
        if isinstance(p, A.UnOp) and p.op == "-" and isinstance(p.arg, A.NumLit):
            val = -p.arg.value
            return (lambda v, env: v == val), scope
        if isinstance(p, (A.StrLit, A.CharLit)):
            sval = p.value
            return (lambda v, env: v == sval), scope
        if isinstance(p, A.ListLit):
            et = ty.TV()
            ty.unify(t, ty.list_t(et))
            et = ty.arg(t) if ty.head(t) == "List" else et
            ms = []
            sc = scope
            for e in p.elems:
                m, sc = self.pattern(e, sc, et)
                ms.append(m)
            n = len(ms)

            def mlist(v: Any, env: list) -> bool:
                return len(v) == n and all(m(x, env) for m, x in zip(ms, v, strict=True))

            return mlist, sc
        if isinstance(p, A.ArrayLit):
            et = ty.TV()
            ty.unify(t, ty.array_t(et))
            ms = []
            sc = scope
            for e in p.elems:
                m, sc = self.pattern(e, sc, et)
                ms.append(m)
            n = len(ms)
            return (lambda v, env: len(v) == n and all(m(x, env) for m, x in zip(ms, v, strict=True))), sc
        if isinstance(p, A.BinOp) and p.op == "::":
            et = ty.TV()
            ty.unify(t, ty.list_t(et))
            et = ty.arg(t) if ty.head(t) == "List" else et
            mh, sc = self.pattern(p.lhs, scope, et)
            mt, sc = self.pattern(p.rhs, sc, t)

            def mcons(v: Any, env: list) -> bool:
                return len(v) > 0 and mh(v[0], env) and mt(v[1:], env)

            return mcons, sc
        if isinstance(p, A.BinOp) and p.op == "+" and isinstance(p.rhs, A.NumLit):
            k = p.rhs.value
            if ty.head(t) is None:
                ty.unify(t, ty.NAT)
            m, sc = self.pattern(p.lhs, scope, t)
            return (lambda v, env: v >= k and m(v - k, env)), sc
        if isinstance(p, (A.Anon, A.Tuple)) and ty.head(t) == "Subtype" and len(p.elems) == 2:
            # ⟨x, hx⟩ against an attached element: x is the value, hx its (unused) membership proof
            pt = ty.prune(t)
            assert isinstance(pt, ty.T)
            mv, sc = self.pattern(p.elems[0], scope, pt.args[0])
            mp, sc = self.pattern(p.elems[1], sc, ty.PROP)
            return (lambda v, env: mv(v, env) and mp(True, env)), sc
        if isinstance(p, A.Anon) and ty.head(t) in self.structs:
            sname = ty.head(t)
            assert sname is not None
            ftypes = self.field_types(sname, t)
            if len(p.elems) != len(ftypes):
                raise UnsupportedConstruct(f"pattern ⟨…⟩ for {sname} with {len(p.elems)} fields")
            ms = []
            sc = scope
            for e, ft in zip(p.elems, ftypes, strict=True):
                m, sc = self.pattern(e, sc, ft)
                ms.append(m)
            return (lambda v, env: all(m(x, env) for m, x in zip(ms, v.vals, strict=True))), sc
        if isinstance(p, (A.Tuple, A.Anon)):
            elems = p.elems
            if isinstance(p, A.Anon) and len(elems) != 2 and ty.head(t) != "Prod":
                if len(elems) >= 1:
                    return self.pattern(elems[0], scope, t)
            if len(elems) == 1:
                return self.pattern(elems[0], scope, t)
            a, b = ty.TV(), ty.TV()
            ty.unify(t, ty.prod_t(a, b))
            if ty.head(t) == "Prod":
                a, b = ty.arg(t, 0), ty.arg(t, 1)
            ma, sc = self.pattern(elems[0], scope, a)
            rest = elems[1] if len(elems) == 2 else A.Tuple(p.line, p.col, elems[1:])
            mb, sc = self.pattern(rest, sc, b)
            return (lambda v, env: ma(v.fst, env) and mb(v.snd, env)), sc
        if isinstance(p, A.App) and isinstance(p.fn, A.Ident):
            name = p.fn.name
            if name == "@as":
                var = p.args[0]
                assert isinstance(var, A.Ident)
                sc, slot = scope.bind(var.name, t)
                m, sc = self.pattern(p.args[1], sc, t)

                def mas(v: Any, env: list) -> bool:
                    env[slot] = v
                    return m(v, env)

                return mas, sc
            if name in ("some", ".some", "Option.some") and len(p.args) == 1:
                et = ty.TV()
                ty.unify(t, ty.option_t(et))
                et = ty.arg(t) if ty.head(t) == "Option" else et
                m, sc = self.pattern(p.args[0], scope, et)
                return (lambda v, env: v is not None and m(v.val, env)), sc
            if name in ("List.cons", ".cons") and len(p.args) == 2:
                return self.pattern(A.BinOp(p.line, p.col, "::", p.args[0], p.args[1]), scope, t)
            if name in ("Nat.succ", ".succ") and len(p.args) == 1:
                return self.pattern(A.BinOp(p.line, p.col, "+", p.args[0], A.NumLit(p.line, p.col, 1)), scope, t)
            if name in ("Prod.mk", ".mk") and len(p.args) == 2:
                return self.pattern(A.Tuple(p.line, p.col, p.args), scope, t)
            if name in ("Int.ofNat", ".ofNat") and len(p.args) == 1:
                m, sc = self.pattern(p.args[0], scope, ty.NAT)
                return (lambda v, env: v >= 0 and m(v, env)), sc
            if name in ("Int.negSucc", ".negSucc") and len(p.args) == 1:
                m, sc = self.pattern(p.args[0], scope, ty.NAT)
                return (lambda v, env: v < 0 and m(-v - 1, env)), sc
            full = self.ctor_name(name, t)
            if full is not None:
                ftypes, it = self.ctor_sig(full)
                ty.unify(t, it)
                if len(p.args) != len(ftypes):
                    raise UnsupportedConstruct(f"constructor pattern {name} with {len(p.args)} of {len(ftypes)} fields")
                ms = []
                sc = scope
                for e, ft in zip(p.args, ftypes, strict=True):
                    m, sc = self.pattern(e, sc, ft)
                    ms.append(m)
                cname = self.ctors[full][1]

                def mctor(v: Any, env: list) -> bool:
                    return (
                        isinstance(v, Ctor)
                        and v.ctor == cname
                        and all(m(x, env) for m, x in zip(ms, v.vals, strict=True))
                    )

                return mctor, sc
            raise UnsupportedConstruct(f"constructor pattern {name}")
        raise UnsupportedConstruct(f"pattern {type(p).__name__}")

    def _ctor_const(self, name: str, t: ty.Type) -> Any:
        if name in ("none", ".none", "Option.none"):
            ty.unify(t, ty.option_t(ty.TV()))
            return None
        if name in ("true", "Bool.true"):
            return True
        if name in ("false", "Bool.false"):
            return False
        if name in ("List.nil", ".nil"):
            return ()
        if name in ("Nat.zero", ".zero"):
            return 0
        if name in ("True",):
            return True
        if name in ("False",):
            return False
        full = self.ctor_name(name, t)
        if full is not None:
            ftypes, it = self.ctor_sig(full)
            if not ftypes:
                ty.unify(t, it)
                ind, cname, _a = self.ctors[full]
                return Ctor(ind.name, cname, ())
        for o in ("lt", "eq", "gt"):  # Ordering values are the strings "lt" / "eq" / "gt" (see stdlib.core)
            if name in (f"Ordering.{o}", f".{o}") and ty.head(t) in ("Ordering", None):
                ty.unify(t, ty.T("Ordering"))
                return o
        return _NO_CTOR
