"""Arithmetic, bit operations, relations and connectives: Lean's `binop%` typing and per-type semantics."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from specbridge.errors import EvaluationLimit, IllTyped, LeanRuntimeError, UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import typecheck as tcheck
from specbridge.lean import types as ty
from specbridge.lean.arith import (
    float_div,
    float_mod,
    int_ediv,
    int_emod,
    nat_div,
    nat_mod,
    nat_sub,
    rat,
    rat_div,
)
from specbridge.lean.limits import ELEMENTS_PER_STEP, build
from specbridge.lean.runtime import (
    Budget,
    Code,
    Scope,
)
from specbridge.lean.values import (
    Fn,
    LArray,
    Some,
    apply,
)

_UINT_BITS = {"UInt8": 8, "UInt16": 16, "UInt32": 32, "UInt64": 64, "USize": 64}


def _arith_fns(kind: str, budget: Budget) -> dict[str, Callable[[Any, Any], Any]]:
    check = budget.check_int

    def mul(a: Any, b: Any) -> Any:
        r = a * b
        if type(r) is int and r.bit_length() > 4096:
            check(r)
        return r

    def ipow(a: int, b: int) -> int:
        if b < 0:
            raise LeanRuntimeError("negative exponent")
        if abs(a) > 1 and b * max(1, abs(a).bit_length()) > budget.max_bits + 64:
            raise EvaluationLimit("integer size", f"{a} ^ {b}")
        return a**b

    if kind == "Nat":
        return {"+": lambda a, b: a + b, "-": nat_sub, "*": mul, "/": nat_div, "%": nat_mod, "^": ipow}
    if kind == "Int":
        return {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": mul, "/": int_ediv, "%": int_emod, "^": ipow}
    if kind == "Float":

        def fpow(a: float, b: float) -> float:
            try:
                return math.pow(a, b)
            except (OverflowError, ValueError):
                return math.inf if a > 0 else math.nan

        return {
            "+": lambda a, b: a + b,
            "-": lambda a, b: a - b,
            "*": lambda a, b: a * b,
            "/": float_div,
            "%": float_mod,
            "^": fpow,
        }
    if kind == "Rat":

        def qpow(a: Any, b: int) -> Fraction:
            # Monoid.npow (a Nat exponent) or Mathlib's zpow (an Int one); 0 ^ -k = 0⁻¹ ^ k = 0
            if b < 0 and a == 0:
                return Fraction(0)
            if abs(b) * max(1, rat(a).numerator.bit_length(), rat(a).denominator.bit_length()) > budget.max_bits + 64:
                raise EvaluationLimit("integer size", f"{a} ^ {b}")
            return rat(a) ** b

        return {
            "+": lambda a, b: rat(a) + b,
            "-": lambda a, b: rat(a) - b,
            "*": lambda a, b: rat(a) * b,
            "/": rat_div,
            "^": qpow,
        }
    if kind in _UINT_BITS:
        m = (1 << _UINT_BITS[kind]) - 1
        return {
            "+": lambda a, b: (a + b) & m,
            "-": lambda a, b: (a - b) & m,
            "*": lambda a, b: (a * b) & m,
            "/": nat_div,
            "%": nat_mod,
            "^": lambda a, b: pow(a, b, m + 1),
        }
    raise UnsupportedConstruct(f"arithmetic on {kind}")


ARITH = frozenset(["+", "-", "*", "/", "%"])


_BITOPS: dict[str, Callable[[int, int], int]] = {
    "&&&": lambda a, b: a & b,
    "|||": lambda a, b: a | b,
    "^^^": lambda a, b: a ^ b,
    "<<<": lambda a, b: a << b,
    ">>>": lambda a, b: a >> b,
}


# types whose `<`/`≤` Python's comparison of our values implements (numbers, strings and chars by code point)
_FAST_ORDERED = frozenset({int, float, str, Fraction})


def _scalar_kind(v: Any) -> str | None:
    """Which of Lean's ordered scalar types a run-time value can be (numbers compare across Nat/Int/Rat/Float)."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int | float | Fraction):
        return "number"
    if isinstance(v, str):
        return "string"
    return None


_ORDERED = frozenset(["Nat", "Int", "Float", "Rat", "String", "Char", "UInt8", "UInt16", "UInt32", "UInt64", "USize"])
RELS = frozenset(["=", "≠", "<", ">", "≤", "≥", "==", "!="])


PROP_OPS = frozenset(["∧", "∨", "→", "↔", "&&", "||"])


def _set_eq(x: Any, y: Any) -> bool:
    if isinstance(x, tuple) and isinstance(y, tuple):
        return all(v in y for v in x) and all(v in x for v in y)
    return x == y


def _perm_eq(x: Any, y: Any) -> bool:
    from specbridge.lean.stdlib.lists import is_perm

    if isinstance(x, tuple) and isinstance(y, tuple):
        return is_perm(x, y)
    return x == y


def _type_from_context(node: A.Node) -> bool:
    """Whether Lean elaborating `node` with no expected type leaves its type open (a `match` postpones until
    it has one; a numeral waits for its default), so a relation's other side decides it."""
    if isinstance(node, A.Match | A.FunMatch | A.NumLit):
        return True
    if isinstance(node, A.If):
        return _type_from_context(node.then) and _type_from_context(node.orelse)
    if isinstance(node, A.Let):
        return _type_from_context(node.body)
    return False


class OperatorsMixin:
    # operators ---------------------------------------------------------------------------------------------------
    def _leaves(self, node: A.Node, out: list[A.Node]) -> None:
        if isinstance(node, A.BinOp) and node.op in ARITH:
            self._leaves(node.lhs, out)
            self._leaves(node.rhs, out)
        elif isinstance(node, A.BinOp) and node.op == "^":
            self._leaves(node.lhs, out)
        elif isinstance(node, A.UnOp) and node.op == "-":
            self._leaves(node.arg, out)
        else:
            out.append(node)

    def _tree_type(
        self, leaves: list[A.Node], scope: Scope, expected: ty.Type | None
    ) -> tuple[dict[int, tuple[Code, ty.Type]], ty.Type]:
        """Lean's binop% elaboration: compile the leaves, find the maximal type, unify the unknown leaves."""
        compiled: dict[int, tuple[Code, ty.Type]] = {}
        heads: list[str] = []
        known: list[ty.Type] = []
        # a `match` leaf is postponed by Lean until the tree's type is known: elaborate it last, at that type
        deferred = [leaf for leaf in leaves if isinstance(leaf, A.Match | A.FunMatch)]
        # a scientific literal is `OfScientific ?α` until the tree's type is known (Float only by default), so
        # `(0.1 : ℚ) + 0.2` is exact: elaborate it at the tree's type too
        scientific = [leaf for leaf in leaves if isinstance(leaf, A.FloatLit)]
        for leaf in leaves:
            if isinstance(leaf, A.Match | A.FunMatch | A.FloatLit):
                continue
            c, t = self.expr(leaf, scope)
            compiled[id(leaf)] = (c, t)
            h = ty.head(t)
            if h is not None:
                heads.append(h)
                known.append(t)
        if any(h not in ty.NUMERIC for h in heads):
            # beside a non-number (`some 2 ≥ 0.0`) the literal is no Rat: elaborate it as before, a Float
            for leaf in scientific:
                c, t = self.expr(leaf, scope)
                compiled[id(leaf)] = (c, t)
                heads.append("Float")
                known.append(t)
            scientific = []
        # Lean's binop% starts the maximal type at a known expected type (`(n - 1 : Int)` is `↑n - 1`)
        eh = ty.head(expected) if expected is not None else None
        if eh in ("Nat", "Int", "Float", "Rat"):
            heads.append(eh)
            known.append(ty.prune(expected))
        if "Float" in heads or (scientific and not heads):
            top: ty.Type = ty.FLOAT
        elif "Rat" in heads:
            top = ty.T("Rat")
        elif "Int" in heads:
            top = ty.INT
        elif heads:
            top = ty.prune(known[0])
            for h, t in zip(heads, known, strict=True):
                if h != "Nat":
                    top = ty.prune(t)
                    break
        elif expected is not None and ty.head(expected) in ty.NUMERIC:
            top = expected
        elif any(isinstance(leaf, A.UnOp) and leaf.op == "-" for leaf in leaves):
            top = ty.INT
        else:
            top = ty.TV()
        if "Fin" in heads and any(h != "Fin" for h in heads):
            raise UnsupportedConstruct("arithmetic mixing Fin with another number type (which coercion Lean picks)")
        for leaf in deferred + scientific:
            compiled[id(leaf)] = self.expr(leaf, scope, top if ty.head(top) is not None else None)
        for _c, t in compiled.values():
            if isinstance(ty.prune(t), ty.TV):
                ty.unify(t, top)
        for leaf in leaves:
            c, t = compiled[id(leaf)]
            if isinstance(leaf, A.NumLit) and ty.head(top) in ("Float", "Rat", "Fin"):
                c, t = self.expr(leaf, scope, top)  # `[1.5, 2]`: the numeral is `(2 : Float)`, printed `2.000000`
            compiled[id(leaf)] = (self.coerce(c, t, top), t)
        return compiled, top

    def _build_tree(self, node: A.Node, compiled: dict[int, tuple[Code, ty.Type]], top: ty.Type, scope: Scope) -> Code:
        if id(node) in compiled:
            return compiled[id(node)][0]
        if self.node_types is not None:
            self.node_types[id(node)] = top  # an inner node of the tree has the tree's type
        if isinstance(node, A.UnOp) and node.op == "-":
            a = self._build_tree(node.arg, compiled, top, scope)
            return self._neg(a, top, node)
        assert isinstance(node, A.BinOp)
        lhs = self._build_tree(node.lhs, compiled, top, scope)
        if node.op == "^":
            rc, rt = self.expr(node.rhs, scope, ty.FLOAT if ty.head(top) == "Float" else None)
            if ty.head(rt) is None:
                ty.unify(rt, ty.NAT)
            rhs = rc
        else:
            rhs = self._build_tree(node.rhs, compiled, top, scope)
        return self._binop_code(node.op, lhs, rhs, top)

    def _bitop(self, node: A.BinOp, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        """`&&& ||| ^^^ <<< >>>` on Nat / Int / UIntN (Int shifts by a Nat; `>>>` on Int rounds down)."""
        a, at = self.expr(node.lhs, scope, expected)
        shift = node.op in ("<<<", ">>>")
        if ty.head(at) is None:
            ty.unify(at, ty.NAT)
        h = ty.head(at)
        b, bt = self.expr(node.rhs, scope, ty.NAT if shift and h == "Int" else at)
        if ty.head(bt) is None:
            ty.unify(bt, ty.NAT)
        if h not in ("Nat", "Int") and h not in _UINT_BITS:
            raise UnsupportedConstruct(f"{node.op} on {h}")
        f = _BITOPS[node.op]
        if h in _UINT_BITS:
            m = (1 << _UINT_BITS[h]) - 1
            bits = _UINT_BITS[h]
            if shift:  # UIntN shifts take the amount modulo N
                return (lambda env: f(a(env), b(env) % bits) & m), at
            return (lambda env: f(a(env), b(env)) & m), at
        if node.op == "<<<":
            check = self.budget.check_int

            def shl(env: list) -> int:
                k = b(env)
                if k > self.budget.max_bits + 64:
                    raise EvaluationLimit("integer size", f"_ <<< {k}")
                r = a(env) << k
                check(r)
                return r

            return shl, at
        return (lambda env: f(a(env), b(env))), at

    def _neg(self, a: Code, t: ty.Type, node: A.Node) -> Code:
        h = ty.head(t)
        if h == "Nat":
            raise UnsupportedConstruct("negation of a Nat (no `Neg Nat` instance)")
        if not isinstance(ty.prune(t), ty.TV) and h not in ty.NUMERIC:  # `- (· ≤ ·) xs`: a function, a Prop
            raise IllTyped(f"failed to synthesize Neg ({ty.show(t)})", node.line, node.col)
        if h in _UINT_BITS:
            m = (1 << _UINT_BITS[h]) - 1
            return lambda env: (-a(env)) & m
        return lambda env: -a(env)

    def _binop_code(self, op: str, lhs: Code, rhs: Code, t: ty.Type) -> Code:
        pt = ty.prune(t)
        if isinstance(pt, ty.TV):
            # decided at run time, once the whole module has been elaborated (default: Nat)
            cache: list = []
            arith = self.arith

            def late(env: list) -> Any:
                if not cache:
                    h = ty.head(pt) or "Nat"
                    cache.append(arith(h if h in ty.NUMERIC else "Nat")[op])
                return cache[0](lhs(env), rhs(env))

            return late
        h = pt.name
        if h == "Fin":
            return self._fin_binop(op, lhs, rhs, pt)
        if h not in ty.NUMERIC:
            if h == "String" and op == "+":
                return lambda env: lhs(env) + rhs(env)
            raise UnsupportedConstruct(f"`{op}` on {ty.show(pt)}")
        fns = self.arith(h)
        if op not in fns:
            raise UnsupportedConstruct(f"`{op}` on {ty.show(pt)}")
        f = fns[op]
        if op == "+" and h in ("Nat", "Int"):
            return lambda env: lhs(env) + rhs(env)
        if op == "-" and h == "Int":
            return lambda env: lhs(env) - rhs(env)
        if op == "-" and h == "Nat":
            return lambda env: nat_sub(lhs(env), rhs(env))
        return lambda env: f(lhs(env), rhs(env))

    def _fin_binop(self, op: str, lhs: Code, rhs: Code, t: ty.Type) -> Code:
        """Init/Data/Fin/Basic.lean: `add`/`mul` are `(a * b) % n`, `sub a b = (a + (n - b)) % n`, `div`/`mod`
        are Nat's (already below n); `^` is Mathlib's monoid power, also taken modulo n."""
        n = ty.fin_modulus(t)
        if n is None:
            raise UnsupportedConstruct(f"`{op}` on {ty.show(t)} (a modulus that is not a literal)")
        if n == 0:
            raise UnsupportedConstruct("arithmetic on Fin 0 (an empty type)")
        fns: dict[str, Callable[[int, int], int]] = {
            "+": lambda a, b: (a + b) % n,
            "*": lambda a, b: (a * b) % n,
            "-": lambda a, b: (a + (n - b)) % n,
            "/": nat_div,
            "%": nat_mod,
            "^": lambda a, b: pow(a, b, n),
        }
        f = fns[op]
        return lambda env: f(lhs(env), rhs(env))

    def arith_tree(self, node: A.Node, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        leaves: list[A.Node] = []
        self._leaves(node, leaves)
        compiled, top = self._tree_type(leaves, scope, expected)
        tcheck.check_mixed_tree(node, leaves, [t for _c, t in compiled.values()], arithmetic=True)
        code = self._build_tree(node, compiled, top, scope)
        if expected is not None:
            ty.unify(top, expected)
        return code, top

    def c_UnOp(self, node: A.UnOp, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        op = node.op
        if op in ("¬", "!"):
            a, at = self.expr(node.arg, scope, ty.BOOL if op == "!" else ty.PROP)
            self.check_type(node.arg, at, ty.BOOL if op == "!" else ty.PROP)
            return (lambda env: not a(env)), ty.BOOL if op == "!" else ty.PROP
        if op == "-":
            return self.arith_tree(node, scope, expected)
        if op == "↑":
            a, t = self.expr(node.arg, scope)
            if expected is not None:
                return self.coerce(a, t, expected), expected
            return a, ty.TV()
        raise UnsupportedConstruct(f"prefix operator {op}")

    def c_BinOp(self, node: A.BinOp, scope: Scope, expected: ty.Type | None) -> tuple[Code, ty.Type]:
        op = node.op
        if op in ARITH or op == "^":
            return self.arith_tree(node, scope, expected)
        if op in _BITOPS:
            return self._bitop(node, scope, expected)
        if op in RELS:
            return self.relation(node, scope)
        if op in PROP_OPS:
            want = ty.BOOL if op in ("&&", "||") else ty.PROP
            a, at = self.expr(node.lhs, scope, want)
            b, bt = self.expr(node.rhs, scope, want)
            self.check_type(node.lhs, at, want)
            self.check_type(node.rhs, bt, want)
            if op in ("∧", "&&"):
                return (lambda env: bool(a(env)) and bool(b(env))), want
            if op in ("∨", "||"):
                return (lambda env: bool(a(env)) or bool(b(env))), want
            if op == "→":
                return (lambda env: (not a(env)) or bool(b(env))), ty.PROP
            return (lambda env: bool(a(env)) == bool(b(env))), ty.PROP
        rhs_set = node.rhs
        set_t: ty.Type | None = None
        while isinstance(rhs_set, A.Ascribe) and rhs_set.type is not None:
            set_t = ty.from_ast(rhs_set.type, {})
            rhs_set = rhs_set.expr
        if op in ("∈", "∉") and isinstance(rhs_set, A.SetComp):
            # `a ∈ {x | p x}` is `p a` (and `a ∈ s` first for `{x ∈ s | p x}`)
            sb = rhs_set
            vt = ty.from_ast(sb.type, {}) if sb.type is not None else ty.TV()
            if set_t is not None and ty.head(set_t) in ("Set", "Finset"):
                ty.unify(vt, ty.arg(set_t))
            dc = None
            if sb.domain is not None:
                dc, dt = self.expr(sb.domain, scope)
                if ty.head(dt) in ("List", "Array", "Finset", "Set", "Multiset"):
                    ty.unify(vt, ty.arg(dt))
            xc, xt = self.expr(node.lhs, scope, vt if ty.head(vt) is not None else None)
            ty.unify(vt, xt)
            sc, slot = scope.bind(sb.name, vt)
            pc, _pt = self.expr(sb.pred, sc, ty.PROP)
            neg = op == "∉"

            def mem_set(env: list) -> bool:
                x = xc(env)
                if dc is not None and x not in dc(env):
                    return neg
                env[slot] = x
                return bool(pc(env)) != neg

            return mem_set, ty.PROP
        if op in ("∈", "∉"):
            cc, ct = self.expr(node.rhs, scope)
            tcheck.check_membership(node, ct)
            el = ty.arg(ct) if ty.head(ct) in ("List", "Array", "Finset", "Set", "Multiset", "Option") else None
            h = ty.head(ct)
            if h == "HashMap":
                pt = ty.prune(ct)
                assert isinstance(pt, ty.T)
                el = pt.args[0]
            xc, xt = self.expr(node.lhs, scope, el)
            if el is not None:
                ty.unify(el, xt)
            neg = op == "∉"
            if h == "HashMap":
                # `k ∈ m` for a HashMap is key membership
                return (lambda env: any(p.fst == xc(env) for p in cc(env)) != neg), ty.PROP
            if h == "Option":
                return (lambda env: (Some(xc(env)) == cc(env)) != neg), ty.PROP
            if h == "String":
                raise UnsupportedConstruct("membership in a String")

            if ty.prune(ct) is ty.prune(xt) and isinstance(ty.prune(ct), ty.TV):
                # `∀ xs ∈ xs, …` binds xs before reading the domain: `Membership α α` has no instance
                raise IllTyped(
                    f"failed to synthesize Membership ?α ?α: `{tcheck.show_expr(node)}` tests a value against itself",
                    node.line,
                    node.col,
                )

            def mem(env: list) -> bool:
                c = cc(env)
                return (xc(env) in c) != neg

            if h is not None:
                return mem, ty.PROP

            def mem_dyn(env: list) -> bool:  # the collection's type is only known at run time
                try:
                    return mem(env)
                except TypeError:
                    raise UnsupportedConstruct("membership in a value of unknown type") from None

            return mem_dyn, ty.PROP
        if op == "::":
            hc, ht = self.expr(node.lhs, scope, ty.arg(expected) if ty.head(expected) == "List" else None)
            tc, tt = self.expr(node.rhs, scope, ty.list_t(ht))
            self.check_type(node.rhs, tt, ty.list_t(ht))
            ty.unify(tt, ty.list_t(ht))

            budget = self.budget

            def cons(env: list) -> tuple:
                x, xs = hc(env), tc(env)
                if len(xs) >= ELEMENTS_PER_STEP:  # O(1) in Lean, a tuple copy here: charge the time it takes here
                    build(len(xs) + 1, "::", budget)
                return (x, *xs)

            return cons, tt
        if op == "++":
            a, at = self.expr(node.lhs, scope, expected)
            b, bt = self.expr(node.rhs, scope, at)
            ty.unify(at, bt)
            tcheck.check_append(node, at)
            h = ty.head(at) or ty.head(bt)
            # the result's size is checked before it is allocated, and the copying charged (lean/limits.py)
            budget = self.budget
            if h == "Array":

                def app_array(env: list) -> Any:
                    x, y = a(env), b(env)
                    build(len(x) + len(y), "++", budget)
                    return LArray(x + y)

                return app_array, at
            if h == "List":

                def app_list(env: list) -> Any:
                    x, y = a(env), b(env)
                    build(len(x) + len(y), "++", budget)
                    return x + tuple(y)

                return app_list, at

            def app(env: list) -> Any:
                x, y = a(env), b(env)
                if hasattr(x, "__len__") and hasattr(y, "__len__"):
                    build(len(x) + len(y), "++", budget)
                r = x + tuple(y) if isinstance(x, tuple) and not isinstance(y, str) else x + y
                return LArray(r) if isinstance(x, LArray) else r

            return app, at
        if op == "∣":
            leaves: list[A.Node] = [node.lhs, node.rhs]
            compiled, top = self._tree_type(leaves, scope, None)
            a = compiled[id(node.lhs)][0]
            b = compiled[id(node.rhs)][0]

            def dvd(env: list) -> bool:
                x, y = a(env), b(env)
                return y == 0 if x == 0 else y % x == 0

            return dvd, ty.PROP
        if op == "∘":
            f, ft = self.expr(node.lhs, scope)
            g, gt = self.expr(node.rhs, scope)

            def comp(env: list) -> Fn:
                fv, gv = f(env), g(env)
                return Fn(1, lambda x: apply(fv, (apply(gv, (x,)),)), "comp")

            return comp, ty.TV()
        if op == "~":
            from specbridge.lean.stdlib.lists import is_perm

            a, at = self.expr(node.lhs, scope)
            b, bt = self.expr(node.rhs, scope, at)
            return (lambda env: is_perm(a(env), b(env))), ty.PROP
        if op in ("<+", "<+:", "<:+", "<:+:"):
            # Sublist, IsPrefix, IsSuffix, IsInfix (Init/Data/List/Basic notation)
            from specbridge.lean.stdlib import lists as L

            a, at = self.expr(node.lhs, scope)
            b, bt = self.expr(node.rhs, scope, at)
            rel = {"<+": L.sublist, "<+:": L.is_prefix, "<:+": L.is_suffix, "<:+:": L.is_infix}[op]
            return (lambda env: rel(a(env), b(env))), ty.PROP
        if op in ("∪", "∩", "\\", "⊆"):
            from specbridge.lean.stdlib import lists as L

            a, at = self.expr(node.lhs, scope)
            b, bt = self.expr(node.rhs, scope, at)
            f2 = {"∪": L.list_union, "∩": L.list_inter, "\\": L.list_diff, "⊆": L.list_subset}[op]
            return (lambda env: f2(a(env), b(env))), (ty.PROP if op == "⊆" else at)
        if op == "×":
            raise UnsupportedConstruct("a type (`×`) used as a value")
        if op == "<|>":
            a, at = self.expr(node.lhs, scope, expected)
            b, bt = self.expr(node.rhs, scope, at)
            return (lambda env: a(env) if a(env) is not None else b(env)), at
        if op == ">>=":
            a, at = self.expr(node.lhs, scope)
            f, ft = self.expr(node.rhs, scope, ty.T("→", (ty.arg(at), ty.TV())))

            def bind(env: list) -> Any:
                v = a(env)
                return None if v is None else apply(f(env), (v.val,))

            return bind, ty.TV()
        raise UnsupportedConstruct(f"operator {op}")

    def relation(self, node: A.BinOp, scope: Scope) -> tuple[Code, ty.Type]:
        op = node.op
        leaves: list[A.Node] = []
        self._leaves(node.lhs, leaves)
        nl = len(leaves)
        self._leaves(node.rhs, leaves)
        numeric_side = (
            any(isinstance(x, (A.NumLit, A.FloatLit)) or (isinstance(x, A.UnOp) and x.op == "-") for x in leaves)
            or nl > 1
            or len(leaves) - nl > 1
        )
        if numeric_side:
            compiled, top = self._tree_type(leaves, scope, None)
            tcheck.check_mixed_tree(node, leaves, [t for _c, t in compiled.values()])
            for side, part in ((node.lhs, leaves[:nl]), (node.rhs, leaves[nl:])):
                if len(part) > 1:  # an arithmetic side: its leaves need arithmetic instances
                    tcheck.check_mixed_tree(side, part, [compiled[id(x)][1] for x in part], arithmetic=True)
            ordered = all(ty.head(t) in _ORDERED for _c, t in compiled.values())
            shown = sorted({ty.show(t) for _c, t in compiled.values()})
            a = self._build_tree(node.lhs, compiled, top, scope)
            b = self._build_tree(node.rhs, compiled, top, scope)
            at = bt = top
        else:
            ordered = True
            shown = []
            a, at = self.expr(node.lhs, scope)
            b = None
            if ty.head(at) in ("Nat", "Int", "Float") and not _type_from_context(node.rhs):
                # binrel% elaborates each side without an expected type, then coerces to the maximal type:
                # `r = if c then a - 10 else 0` (r : Int, a : Nat) compares r with ↑(a - 10), a Nat difference
                b, bt = self.expr(node.rhs, scope)
                if ty.head(bt) not in ("Nat", "Int", "Float"):
                    b = None
            if b is None:
                b, bt = self.expr(node.rhs, scope, at if ty.head(at) is not None else None)
            pa, pb = ty.prune(at), ty.prune(bt)
            ha, hb = ty.head(pa), ty.head(pb)
            if ha == "Option" and hb is not None and hb != "Option":
                tcheck.check_sides(node, at, bt, self.user_types)  # `↑b : Option β` needs `b : β`
                b = self.coerce(b, bt, at)
            elif hb == "Option" and ha is not None and ha != "Option":
                tcheck.check_sides(node, at, bt, self.user_types)
                a = self.coerce(a, at, bt)
            elif ha == "Float" and hb in ("Nat", "Int"):
                b = self.coerce(b, bt, at)
            elif hb == "Float" and ha in ("Nat", "Int"):
                a = self.coerce(a, at, bt)
            elif not (ha in ("Nat", "Int") and hb in ("Nat", "Int")):
                tcheck.check_sides(node, at, bt, self.user_types)
                ty.unify(at, bt)
        res_t = ty.BOOL if op in ("==", "!=") else ty.PROP
        if op in ("=", "==", "≠", "!="):
            heads = {ty.head(ty.prune(at)), ty.head(ty.prune(bt))}
            # Finset/Set values are duplicate-free tuples in no fixed order; a Multiset is a list up to permutation
            same = _set_eq if heads & {"Finset", "Set"} else _perm_eq if "Multiset" in heads else None
            if same is not None:
                if op in ("=", "=="):
                    return (lambda env: same(a(env), b(env))), res_t
                return (lambda env: not same(a(env), b(env))), res_t
        if op in ("=", "=="):
            return (lambda env: a(env) == b(env)), res_t
        if op in ("≠", "!="):
            return (lambda env: a(env) != b(env)), res_t
        if ordered and ty.head(at) in _ORDERED and ty.head(bt) in _ORDERED:
            if op == "<":
                return (lambda env: a(env) < b(env)), res_t
            if op == ">":
                return (lambda env: a(env) > b(env)), res_t
            if op == "≤":
                return (lambda env: a(env) <= b(env)), res_t
            return (lambda env: a(env) >= b(env)), res_t
        # an order whose instance we do not know statically (Option, a function, an unknown type): Python's
        # comparison of such values is no Lean verdict, so a clash is a named unknown, not an interpreter error
        what = f"`{op}` on {' and '.join(shown or [ty.show(at), ty.show(bt)])}"
        py_op = {"<": operator.lt, ">": operator.gt, "≤": operator.le, "≥": operator.ge}[op]

        def guarded(env: list) -> Any:
            x, y = a(env), b(env)
            # only scalars of one kind have an order we know to be Lean's; Python's order of anything else
            # (an Option, a tuple, a number against a wrapper) is no Lean verdict
            if type(x) is type(y) and type(x) in _FAST_ORDERED:  # the common case, checked cheaply
                return py_op(x, y)
            kind = _scalar_kind(x)
            if kind is None or kind != _scalar_kind(y):
                raise UnsupportedConstruct(what)
            return py_op(x, y)

        return guarded, res_t
