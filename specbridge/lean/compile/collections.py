"""Collection literals, set comprehensions and indexing `xs[i]`, `xs[i]!`, `xs[i]?`."""

from __future__ import annotations

from typing import Any

from specbridge.errors import UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import typecheck as tcheck
from specbridge.lean import types as ty
from specbridge.lean.runtime import (
    Code,
    Scope,
    _const,
)
from specbridge.lean.values import (
    NONE,
    LArray,
    LHashMap,
    Some,
    default_of,
)


class CollectionsMixin:
    def c_SetComp(self, node: A.SetComp, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        if node.domain is None:
            from specbridge.lean.quant import set_builder_members

            finite = set_builder_members(self, node, scope)
            if finite is None:
                raise UnsupportedConstruct(
                    f"set-builder {{{node.name} | p}} with no finite bound on {node.name} (membership in it is decided)"
                )
            return finite
        # `{x ∈ s | p x}` is `s.filter p` (Mathlib's Finset/Set separation)
        dc, dt = self.expr(node.domain, scope)
        head = ty.head(dt)
        if head not in ("List", "Array", "Finset", "Set", "Multiset"):
            raise UnsupportedConstruct(f"separation {{x ∈ s | p}} over a {head}")
        sc, slot = scope.bind(node.name, ty.arg(dt))
        pc, _pt = self.expr(node.pred, sc, ty.PROP)

        def sep(env: list) -> tuple:
            out = []
            for x in dc(env):
                env[slot] = x
                if pc(env):
                    out.append(x)
            return tuple(out)

        return sep, ty.T("Finset" if head in ("List", "Array") else head, (ty.arg(dt),))

    def c_CollLit(self, node: A.CollLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        head = ty.head(expected) if expected is not None else None
        if head == "HashMap" and not node.elems:
            assert expected is not None
            return _const(LHashMap()), expected  # `{}` : EmptyCollection
        if head in self.structs and not node.elems:
            return self.c_StructInst(A.StructInst(node.line, node.col, []), scope, expected)  # `{}`: all defaults
        if head not in ("Finset", "Set", "Multiset", "List"):
            head = "Finset"
        el = ty.arg(expected) if expected is not None and ty.head(expected) == head else None
        codes, el = self._elems(node.elems, scope, el)

        def build(env: list) -> tuple:
            # `{a, b, c}` = insert a (insert b {c}); insert skips present elements except in a Multiset
            out: list = []
            for c in reversed(codes):
                x = c(env)
                if head == "Multiset" or x not in out:
                    out.insert(0, x)
            return tuple(out)

        return build, ty.T(head, (el,))

    def c_ListLit(self, node: A.ListLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        el = ty.arg(expected) if expected is not None and ty.head(expected) in ("List", "Finset") else None
        codes, el = self._elems(node.elems, scope, el)
        if not codes:
            return _const(()), ty.list_t(el)
        return (lambda env: tuple([c(env) for c in codes])), ty.list_t(el)

    def c_ArrayLit(self, node: A.ArrayLit, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        el = ty.arg(expected) if expected is not None and ty.head(expected) == "Array" else None
        codes, el = self._elems(node.elems, scope, el)
        return (lambda env: LArray([c(env) for c in codes])), ty.array_t(el)

    def _elems(self, elems: list[A.Node], scope: Scope, el: ty.Type | None) -> tuple[list[Code], ty.Type]:
        if el is None:
            # elaborate like a binop% tree so that `[1, -1]` is a List Int
            numeric = all(
                isinstance(e, (A.NumLit, A.FloatLit)) or (isinstance(e, A.UnOp) and e.op == "-") for e in elems
            )
            if numeric and elems:
                compiled, top = self._tree_type(list(elems), scope, None)
                return [compiled[id(e)][0] for e in elems], top
            el = ty.TV()
        codes = []
        for e in elems:
            c, t = self.expr(e, scope, el)
            self.check_type(e, t, el)  # `[true] : List Int` is an error, not a list of anything
            c = self.coerce(c, t, el)
            ty.unify(el, t)
            codes.append(c)
        return codes, el

    def c_Index(self, node: A.Index, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        cc, ct = self.expr(node.coll, scope)
        tcheck.check_indexable(node, ct)
        h = ty.head(ct)
        if h == "HashMap":
            from specbridge.lean.stdlib.hashes import _map_get_d, _map_get_opt

            pt = ty.prune(ct)
            assert isinstance(pt, ty.T)
            kt, vt = pt.args
            kc, _kt = self.expr(node.index, scope, kt)
            if node.mode == "?":
                return (lambda env: _map_get_opt(cc(env), kc(env))), ty.option_t(vt)
            return (lambda env: _map_get_d(cc(env), kc(env), default_of(vt))), vt
        if h in ("List", "Array"):
            el = ty.arg(ct)
        elif h is None:
            el = ty.TV()
        else:
            raise UnsupportedConstruct(f"indexing a {h}")
        ic, it = self.expr(node.index, scope, ty.NAT)
        self.check_type(node.index, it, ty.NAT, declared=self.written_type(node.index, scope))
        if node.mode == "?":
            if expected is not None:
                ty.unify(ty.option_t(el), expected)

            def get_opt(env: list) -> Any:
                c = cc(env)
                i = ic(env)
                if 0 <= i < len(c):
                    return Some(c[i])
                return NONE

            return get_opt, ty.option_t(el)
        if expected is not None:
            ty.unify(el, expected)
        elt = el

        def get(env: list) -> Any:
            c = cc(env)
            i = ic(env)
            if 0 <= i < len(c):
                return c[i]
            return default_of(elt)

        return get, el
