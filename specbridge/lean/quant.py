"""Quantifiers: bounded ones are decided exactly by enumeration; unbounded ones get a bounded search.

A bound is read wherever a Lean programmer writes it: binder predicates (`∀ i < n,`, `∃ x ∈ l,`), the
antecedents of `∀ i, i < a.size → …` (also `(h : i < n) → …` and `i < n ∧ j < m → …`), the conjuncts of
`∃ j, j < n ∧ …`, lower bounds `x ≤ i`, bounds through other bound variables (`∀ i j, i < j → j < n → …`),
Nat sums (`i + k ≤ n` bounds `i`), equations `x = e` (one value, any type: the one-point rule) and divisibility
`d ∣ n` (the divisors of n ≠ 0). The whole body is still evaluated for every value, so a bound only has to
contain the values where the body can matter. A quantifier over Nat/Int without a bound is searched up to
`search_bound` plus the solutions of equations on the variable (linear, `x * x`, `x ^ k`, `b ^ x`); it is decided
by a witness (∃) or a counterexample (∀), when the equation's solutions are all the values that matter, or when
the body is eventually constant in a Nat variable (every occurrence compares a growing term with a fixed one, or
divides a fixed number by one: `n / 10 ^ i`, `4 ^ m = n`, `k * k > c`) so that a finite prefix decides it —
otherwise `Undecided`.

A variable (Nat, Int, Char, String) that occurs only in membership / count / `contains` atoms (`x ∈ xs`,
`xs.count x`), in equations or order comparisons with fixed terms, as an index (`xs[x]!`) or squared against a
fixed term ranges over its support: the values it meets there, the thresholds (and ±√t) with their neighbours, and
one free value in every region between thresholds — every other value behaves like one of those, so
`∀ x, x ∈ xs ↔ x ∈ ys` is decided exactly. Proof binders (`∀ i (h : i < n), …`) are hypotheses.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from typing import Any

from specbridge.errors import UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.lean.runtime import Code, Undecided
from specbridge.lean.stdlib import REGISTRY
from specbridge.lean.stdlib.mathlib import divisor_list


def _free_names(node: A.Node, out: set[str]) -> None:
    if isinstance(node, A.Ident):
        out.add(node.name.split(".", 1)[0])
        return
    for slot in getattr(type(node), "__slots__", ()):
        val = getattr(node, slot, None)
        if isinstance(val, A.Node):
            _free_names(val, out)
        elif isinstance(val, list):
            for x in val:
                if isinstance(x, A.Node):
                    _free_names(x, out)
        elif isinstance(val, dict):
            for x in val.values():
                if isinstance(x, A.Node):
                    _free_names(x, out)


def free_names(node: A.Node) -> set[str]:
    out: set[str] = set()
    _free_names(node, out)
    return out


def _split_and(node: A.Node, out: list[A.Node]) -> None:
    if isinstance(node, A.BinOp) and node.op in ("∧", "&&"):
        _split_and(node.lhs, out)
        _split_and(node.rhs, out)
    elif (
        isinstance(node, A.Quant) and node.kind == "exists" and not isinstance(e := expand_prop_binders(node), A.Quant)
    ):
        _split_and(e, out)  # ∃ h : P, q  is  P ∧ q
    else:
        out.append(node)


def guards_of(kind: str, body: A.Node) -> tuple[list[A.Node], A.Node]:
    """The hypotheses that restrict the bound variables, and the remaining conclusion."""
    out: list[A.Node] = []
    if kind == "forall":
        cur = body
        while True:
            if isinstance(cur, A.BinOp) and cur.op == "→":
                _split_and(cur.lhs, out)
                cur = cur.rhs
            elif isinstance(cur, A.Pi) and cur.binder.type is not None and not ty.is_type_expr(cur.binder.type):
                _split_and(cur.binder.type, out)
                cur = cur.body
            elif isinstance(cur, A.Quant) and (e := expand_prop_binders(cur)) is not cur and not isinstance(e, A.Quant):
                cur = e
            else:
                return out, cur
    _split_and(body, out)
    return out, body


def _about(node: A.Node, v: str) -> tuple[str, A.Node | None] | None:
    """How `node` mentions `v` for an upper bound: 'v' (exactly), 'plus' (v + e, Nat), 'minus' (v - e), None."""
    if isinstance(node, A.Ascribe):
        return _about(node.expr, v)
    if isinstance(node, A.Ident) and node.name == v:
        return ("v", None)
    if isinstance(node, A.BinOp):
        lhs_v = isinstance(node.lhs, A.Ident) and node.lhs.name == v
        rhs_v = isinstance(node.rhs, A.Ident) and node.rhs.name == v
        if node.op == "+" and lhs_v and v not in free_names(node.rhs):
            return ("plus", node.rhs)
        if node.op == "+" and rhs_v and v not in free_names(node.lhs):
            return ("plus", node.lhs)
        if node.op == "-" and lhs_v and v not in free_names(node.rhs):
            return ("minus", node.rhs)
        if node.op == "*" and lhs_v and isinstance(node.rhs, A.NumLit) and node.rhs.value >= 1:
            return ("plus", None)
        if node.op == "*" and rhs_v and isinstance(node.lhs, A.NumLit) and node.lhs.value >= 1:
            return ("plus", None)
    return None


class Fact:
    __slots__ = ("var", "kind", "expr", "deps", "addend")

    def __init__(self, var: str, kind: str, expr: A.Node, deps: set[str], addend: A.Node | None = None):
        self.var = var
        self.kind = kind  # hi_lt | hi_le | hi_lt_nat | hi_le_nat | hi_dvd | lo_le | lo_lt | mem | eq | prefix | …
        self.expr = expr
        self.deps = deps
        self.addend = addend  # `e` in `v + e ≤ n`: a bound only when e is a Nat (never negative)


def _append_items(node: A.Node) -> list[tuple[str, A.Node]] | None:
    """`a ++ b`, `h :: t`, `[e₁, e₂]` flattened into ("list", piece) / ("elem", element) items."""
    if isinstance(node, A.BinOp) and node.op == "++":
        a, b = _append_items(node.lhs), _append_items(node.rhs)
        return None if a is None or b is None else a + b
    if isinstance(node, A.BinOp) and node.op == "::":
        t = _append_items(node.rhs)
        return None if t is None else [("elem", node.lhs), *t]
    if isinstance(node, A.ListLit):
        return [("elem", e) for e in node.elems]
    if isinstance(node, A.Ascribe):
        return _append_items(node.expr)
    return [("list", node)]


_LIST_RELS = {"<+": "sublist", "~": "perm", "<+:": "prefix", "<:+": "suffix", "<:+:": "infix"}
_LIST_REL_FNS = {
    "List.Sublist": "<+",
    "List.Perm": "~",
    "List.isPerm": "~",
    "List.IsPrefix": "<+:",
    "List.isPrefixOf": "<+:",
    "List.IsSuffix": "<:+",
    "List.isSuffixOf": "<:+",
    "List.IsInfix": "<:+:",
}


def _as_list_rel(g: A.Node) -> A.Node:
    """`List.Sublist a b` / `a.Perm b` written as a function: the same relation as its infix notation."""
    if isinstance(g, A.App) and len(g.args) >= 1:
        if isinstance(g.fn, A.Ident) and g.fn.name in _LIST_REL_FNS and len(g.args) == 2:
            return A.BinOp(g.line, g.col, _LIST_REL_FNS[g.fn.name], g.args[0], g.args[1])
        if isinstance(g.fn, A.Proj) and f"List.{g.fn.field}" in _LIST_REL_FNS and len(g.args) == 1:
            return A.BinOp(g.line, g.col, _LIST_REL_FNS[f"List.{g.fn.field}"], g.fn.expr, g.args[0])
        if isinstance(g.fn, A.Ident) and g.fn.name.count(".") == 1 and len(g.args) == 1:
            var, field = g.fn.name.split(".")  # `p.Perm xs` with p a variable
            if f"List.{field}" in _LIST_REL_FNS and var != "List":
                rel = _LIST_REL_FNS[f"List.{field}"]
                return A.BinOp(g.line, g.col, rel, A.Ident(g.fn.line, g.fn.col, var), g.args[0])
    return g


def extract_facts(guards: list[A.Node], names: list[str]) -> list[Fact]:
    facts: list[Fact] = []
    nameset = set(names)
    for g in guards:
        g = _as_list_rel(g)
        if not isinstance(g, A.BinOp):
            continue
        op = g.op
        if op in ("∈",):
            if isinstance(g.lhs, A.Ident) and g.lhs.name in nameset:
                deps = free_names(g.rhs) & nameset
                if g.lhs.name not in deps:
                    facts.append(Fact(g.lhs.name, "mem", g.rhs, deps))
            continue
        if op == "∣":
            # `v ∣ e` bounds v by |e| when e ≠ 0 (checked when the domain is built)
            if isinstance(g.rhs, A.Ident) or isinstance(g.rhs, (A.App, A.Proj, A.BinOp, A.NumLit)):
                if isinstance(g.lhs, A.Ident) and g.lhs.name in nameset:
                    deps = free_names(g.rhs) & nameset
                    if g.lhs.name not in deps:
                        facts.append(Fact(g.lhs.name, "hi_dvd", g.rhs, deps))
            continue
        if op in _LIST_RELS:
            # `l <+ e`, `l ~ e`, `l <+: e` …: l ranges over the sublists / permutations / prefixes … of e
            if isinstance(g.lhs, A.Ident) and g.lhs.name in nameset and not (free_names(g.rhs) & nameset):
                facts.append(Fact(g.lhs.name, _LIST_RELS[op], g.rhs, set()))
            continue
        if op in ("=", "=="):
            # `v = e` (either side): the one value that matters (one-point rule), for any type
            for side, other in ((g.lhs, g.rhs), (g.rhs, g.lhs)):
                if isinstance(side, A.Ident) and side.name in nameset:
                    deps = free_names(other) & nameset
                    if side.name not in deps:
                        facts.append(Fact(side.name, "eq", other, deps))
            # `e = l₁ ++ [x] ++ l₂` (e free of the bound variables): the pieces are slices / elements of e
            for side, other in ((g.lhs, g.rhs), (g.rhs, g.lhs)):
                if free_names(other) & nameset or not (free_names(side) & nameset):
                    continue
                items = _append_items(side)
                if items is None or len(items) < 2:
                    continue
                last = len(items) - 1
                for k, (kind, node) in enumerate(items):
                    if not (isinstance(node, A.Ident) and node.name in nameset):
                        continue
                    if kind == "elem":
                        facts.append(Fact(node.name, "mem", other, set()))
                    else:
                        piece = "prefix" if k == 0 else "suffix" if k == last else "infix"
                        facts.append(Fact(node.name, piece, other, set()))
            continue
        if op not in ("<", "≤", ">", "≥"):
            continue
        # normalise to `small (<|≤) big`
        if op in ("<", "≤"):
            small, big, strict = g.lhs, g.rhs, op == "<"
        else:
            small, big, strict = g.rhs, g.lhs, op == ">"
        for v in names:
            about = _about(small, v)
            if about is not None:
                deps = free_names(big) & nameset
                if v in deps:
                    continue
                form, extra = about
                expr = big
                if form == "minus" and extra is not None:
                    expr = A.BinOp(g.line, g.col, "+", big, extra)
                    deps = deps | (free_names(extra) & nameset)
                    if v in deps:
                        continue
                kind = "hi_lt" if strict else "hi_le"
                if form == "plus":
                    kind = "hi_le_nat" if not strict else "hi_lt_nat"
                facts.append(Fact(v, kind, expr, deps, extra if form == "plus" else None))
            if isinstance(big, A.Ident) and big.name == v:
                deps = free_names(small) & nameset
                if v not in deps:
                    facts.append(Fact(v, "lo_lt" if strict else "lo_le", small, deps))
    return facts


_PROP_OPS = frozenset(
    ["∧", "∨", "→", "↔", "=", "≠", "<", "≤", ">", "≥", "∣", "∈", "∉", "~", "⊆", "<+", "<+:", "<:+", "<:+:"]
)


def _is_prop_syntax(t: A.Node) -> bool:
    """Whether a binder's type is syntactically a proposition (`h : i < n`), i.e. the binder names a proof."""
    if isinstance(t, A.BinOp):
        return t.op in _PROP_OPS
    if isinstance(t, A.UnOp):
        return t.op == "¬"
    if isinstance(t, A.App) and isinstance(t.fn, A.Ident) and not ty.is_type_expr(t):
        # `h : isOdd i` (a lower-case predicate, Lean's naming convention) or a library predicate (`Nat.Prime p`)
        name = t.fn.name
        if name.rsplit(".", 1)[-1][:1].islower():
            return True
        b = REGISTRY.get(name)
        return b is not None and ty.head(b.instantiate()[1]) in ("Prop", "Bool")
    return isinstance(t, A.Quant)


def expand_prop_binders(node: A.Quant) -> A.Node:
    """`∀ i (h : i < n) j, p` = `∀ i, i < n → ∀ j, p`; `∃ i (h : i < n), p` = `∃ i, i < n ∧ p`.

    `node` itself when no binder names a proof."""
    binders = node.binders
    split = next((i for i, b in enumerate(binders) if b.type is not None and _is_prop_syntax(b.type)), None)
    if split is None:
        return node
    b = binders[split]
    assert b.type is not None
    rest: A.Node = node.body
    if split + 1 < len(binders):
        rest = expand_prop_binders(A.Quant(node.line, node.col, node.kind, binders[split + 1 :], rest))
    if node.kind == "forall":
        body: A.Node = A.Pi(b.line, b.col, b, rest)
    else:
        body = A.BinOp(b.line, b.col, "∧", b.type, rest)
    if split == 0:
        return body
    return A.Quant(node.line, node.col, node.kind, binders[:split], body)


def compile_quantifier(c: Any, node: A.Quant, scope: Any) -> tuple[Code, ty.Type]:
    kind = node.kind
    binders = node.binders
    expanded = expand_prop_binders(node)
    if expanded is not node:
        if not isinstance(expanded, A.Quant):
            return c.expr(expanded, scope, ty.PROP)
        node, binders = expanded, expanded.binders
    sc = scope
    infos: list[tuple[str, int, ty.Type]] = []
    for b in binders:
        if b.pattern is not None:
            raise UnsupportedConstruct("pattern binder in a quantifier")
        t = ty.from_ast(b.type, {}) if b.type is not None else ty.TV()
        name = b.name or f"_{len(infos)}"
        sc, slot = sc.bind(name, t)
        infos.append((name, slot, t))
    names = [n for n, _, _ in infos]
    guards, conclusion = guards_of(kind if kind == "forall" else "exists", node.body)
    facts = extract_facts(guards, names)
    # `i : Fin n` ranges over 0 … n-1
    nameset = set(names)
    for b, (name, _slot, _t) in zip(binders, infos, strict=True):
        bt = b.type
        if isinstance(bt, A.App) and isinstance(bt.fn, A.Ident) and bt.fn.name == "Fin" and len(bt.args) == 1:
            deps = free_names(bt.args[0]) & nameset
            if name not in deps:
                facts.insert(0, Fact(name, "hi_lt", bt.args[0], deps))
    # infer untyped binder types from their bounds (`i < a.size` makes `i : Nat`)
    for f in facts:
        _n, _slot, t = next(x for x in infos if x[0] == f.var)
        if ty.head(t) is None:
            _code, et = c.expr(f.expr, sc)
            if f.kind == "mem":
                if ty.head(et) in ("List", "Array", "Finset"):
                    ty.unify(t, ty.arg(et))
            elif f.kind == "eq":
                if ty.head(et) is not None:
                    ty.unify(t, et)
            elif f.kind in ("prefix", "suffix", "infix", "sublist", "perm"):
                if ty.head(et) in ("List", "String"):
                    ty.unify(t, et)
            elif ty.head(et) in ("Nat", "Int"):
                ty.unify(t, et)
    body, _ = c.expr(node.body, sc, ty.PROP)
    for _n, _slot, t in infos:
        if ty.head(t) is None:
            ty.unify(t, ty.NAT)
    types = {n: ty.head(t) for n, _s, t in infos}
    slots = {n: s for n, s, _t in infos}

    # choose an enumeration order and a domain for every variable
    chosen: list[str] = []
    domains: dict[str, tuple] = {}
    remaining = list(names)
    progress = True
    while remaining and progress:
        progress = False
        for v in list(remaining):
            avail = set(chosen)
            dom = _domain_for(c, v, types[v], [f for f in facts if f.var == v and f.deps <= avail], sc)
            if dom is not None:
                domains[v] = dom
                chosen.append(v)
                remaining.remove(v)
                progress = True
        if not progress and kind != "exists_unique":
            for v in list(remaining):
                dom = _support_domain(c, v, types[v], node.body, sc, nameset, set(chosen))
                if dom is not None:
                    domains[v] = dom
                    chosen.append(v)
                    remaining.remove(v)
                    progress = True
                    break
    unbounded = list(remaining)
    budget = c.budget
    is_forall = kind == "forall"

    def tick() -> None:
        budget.n -= 1
        if budget.n <= 0:
            budget.tick()

    order = chosen + unbounded

    def domain_iter(v: str, env: list) -> Iterable[Any]:
        d = domains[v]
        if d[0] == "mem":
            return _members(d[1](env))
        if d[0] in ("eq",):
            return (d[1](env),)
        if d[0] == "support":
            return d[1](env)
        if d[0] == "range":
            lo = d[1](env) if d[1] is not None else 0
            hi = d[2](env)
            return range(lo, hi)
        if d[0] == "divisors":
            n = d[1](env)
            if n == 0:
                if d[2] is None:
                    raise Undecided("every number divides 0: the quantifier has no bound")
                return domain_range(d[2], env)
            divs = divisor_list(abs(n))
            return [*divs, *(-x for x in divs)] if d[3] else divs
        return d[1]

    def domain_range(d: tuple, env: list) -> range:
        lo = d[1](env) if d[1] is not None else 0
        return range(lo, d[2](env))

    if not unbounded:
        if kind == "exists_unique":

            def ex_unique(env: list) -> bool:
                count = 0
                for _ in _enumerate(order, 0, env, domain_iter, slots):
                    tick()
                    if body(env):
                        count += 1
                        if count > 1:
                            return False
                return count == 1

            return ex_unique, ty.PROP

        if len(order) == 1:
            v0 = order[0]
            s0 = slots[v0]
            if is_forall:

                def forall1(env: list) -> bool:
                    for x in domain_iter(v0, env):
                        budget.n -= 1
                        if budget.n <= 0:
                            budget.tick()
                        env[s0] = x
                        if not body(env):
                            return False
                    return True

                return forall1, ty.PROP

            def exists1(env: list) -> bool:
                for x in domain_iter(v0, env):
                    budget.n -= 1
                    if budget.n <= 0:
                        budget.tick()
                    env[s0] = x
                    if body(env):
                        return True
                return False

            return exists1, ty.PROP

        def bounded(env: list) -> bool:
            for _ in _enumerate(order, 0, env, domain_iter, slots):
                tick()
                if bool(body(env)) != is_forall:
                    return not is_forall
            return is_forall

        return bounded, ty.PROP

    # -- unbounded variables: a bounded search, decided only by a witness / counterexample ------------------------
    for v in unbounded:
        if types[v] not in ("Nat", "Int"):
            raise UnsupportedConstruct(f"unbounded quantifier over {types[v]}")
    bound = budget.search_bound
    independent = [g for g in guards if not (free_names(g) & set(names))]
    indep_codes = [c.expr(g, scope, ty.PROP)[0] for g in independent]
    solver = None
    if len(names) == 1:
        solver = _equation_solver(c, kind, guards, conclusion, names[0], types[names[0]], sc, scope)

    def search_values(v: str) -> list[int]:
        if types[v] == "Nat":
            return list(range(bound + 1))
        vals = [0]
        for k in range(1, bound + 1):
            vals.extend((k, -k))
        return vals

    search_domains = {v: search_values(v) for v in unbounded}

    tails = _tail_plans(c, kind, node.body, guards, unbounded, types, sc)

    def tail_domains(env: list) -> dict[str, Callable[[list], Iterable[int]]] | None:
        """Complete finite domains for the unbounded Nat variables, when the body is eventually constant."""
        if tails is None:
            return None
        try:
            return tails(env)
        except _NoTail:
            return None

    def unbounded_eval(env: list) -> bool:
        for g in indep_codes:
            if not g(env):
                return is_forall  # ∀ with a false hypothesis holds; ∃ with a false conjunct fails
        complete = False
        if solver is not None:
            cands, complete = solver(env)
            seen: set[int] = set()
            for x in cands:
                if (types[names[0]] == "Nat" and x < 0) or x in seen:
                    continue
                seen.add(x)
                env[slots[names[0]]] = x
                tick()
                if kind == "exists_unique":
                    continue
                if bool(body(env)) != is_forall:
                    return not is_forall
            if kind == "exists_unique" and complete:
                count = 0
                for x in seen:
                    env[slots[names[0]]] = x
                    tick()
                    count += bool(body(env))
                return count == 1
            if complete:
                return is_forall
        tdoms = tail_domains(env)
        if tdoms is not None:
            # every unbounded variable ranges over a prefix beyond which the body no longer changes
            def dom(v: str, e: list) -> Iterable[Any]:
                return domain_iter(v, e) if v in domains else tdoms[v](e)

            try:
                if kind == "exists_unique":
                    count = 0
                    for _ in _enumerate(order, 0, env, dom, slots):
                        tick()
                        count += bool(body(env))
                        if count > 1:
                            return False
                    return count == 1
                for _ in _enumerate(order, 0, env, dom, slots):
                    tick()
                    if bool(body(env)) != is_forall:
                        return not is_forall
                return is_forall
            except _NoTail:
                pass  # a threshold that depends on a bounded variable failed there: search as before
        for _ in _enumerate(
            order, 0, env, lambda v, e: domain_iter(v, e) if v in domains else search_domains[v], slots
        ):
            tick()
            val = bool(body(env))
            if kind == "exists_unique":
                raise Undecided("∃! over an unbounded domain")
            if val != is_forall:
                return not is_forall
        what = "counterexample" if is_forall else "witness"
        q = "∀" if is_forall else "∃"
        raise Undecided(
            f"{q} {' '.join(unbounded)} over {'/'.join(types[v] or '?' for v in unbounded)} has no bound; "
            f"no {what} found up to {bound}"
        )

    return unbounded_eval, ty.PROP


# -- eventually constant bodies: a complete finite search for unbounded Nat variables -----------------------------

_TAIL_CAP = 100_000
_CMP = ("=", "==", "≠", "!=", "<", "≤", ">", "≥")


class _NoTail(Exception):
    """The runtime values do not give the body a constant tail (a base below 2, a negative modulus, ...)."""


def _growth(node: A.Node, v: str) -> tuple[str, list[A.Node], list[tuple[A.Node, int]]] | None:
    """A term that grows without bound with the Nat variable `v`: (kind, additive slack terms, runtime minimums).

    kind 'poly': the term is ≥ v − Σ|slack| (v, v + c, c * v with c ≥ 1, products and powers of such terms);
    kind 'exp': the term is ≥ 2^v − Σ|slack| (b ^ v or b ^ (v + c) with b ≥ 2, c ≥ 0, times or plus such terms).
    """
    if isinstance(node, A.Ascribe):
        return _growth(node.expr, v)
    if isinstance(node, A.Ident):
        return ("poly", [], []) if node.name == v else None
    if not isinstance(node, A.BinOp) or node.op not in ("+", "*", "^"):
        return None
    lv, rv = _mentions(node.lhs, v), _mentions(node.rhs, v)
    if node.op == "^":
        if lv and not rv:
            g = _growth(node.lhs, v)
            return None if g is None else (g[0], g[1], [*g[2], (node.rhs, 1)])
        if rv and not lv:
            e = node.rhs.expr if isinstance(node.rhs, A.Ascribe) else node.rhs
            checks: list[tuple[A.Node, int]] = [(node.lhs, 2)]
            if isinstance(e, A.Ident) and e.name == v:
                return ("exp", [], checks)
            if isinstance(e, A.BinOp) and e.op == "+":
                for x, k in ((e.lhs, e.rhs), (e.rhs, e.lhs)):
                    if isinstance(x, A.Ident) and x.name == v and not _mentions(k, v):
                        return ("exp", [], [*checks, (k, 0)])
        return None
    if lv and rv:
        g1, g2 = _growth(node.lhs, v), _growth(node.rhs, v)
        if g1 is None or g2 is None:
            return None
        kind = "exp" if "exp" in (g1[0], g2[0]) else "poly"
        return (kind, g1[1] + g2[1], g1[2] + g2[2])
    grow, const = (node.lhs, node.rhs) if lv else (node.rhs, node.lhs)
    g = _growth(grow, v)
    if g is None:
        return None
    if node.op == "+":
        return (g[0], [*g[1], const], g[2])
    return (g[0], g[1], [*g[2], (const, 1)])  # `*`: a factor ≥ 1 keeps the term growing


def _tail_parts(node: A.Node, v: str, out: list[tuple[tuple, A.Node, bool]]) -> bool:
    """Collect the places where `v` occurs; True when each is eventually constant in `v`.

    Eventually constant: a comparison of a growing term with a `v`-free one, `e / g` and `e % g` with `g`
    growing and `e` free of `v`, and any pure combination (operators, applications, projections, `if`) of
    those. Binding forms (fun, let, match, quantifiers) and a bare `v` are not analysed.
    """
    if not _mentions(node, v):
        return True
    if isinstance(node, A.Ascribe):
        return _tail_parts(node.expr, v, out)
    if isinstance(node, A.BinOp):
        lv, rv = _mentions(node.lhs, v), _mentions(node.rhs, v)
        if node.op in _CMP and lv != rv:
            grow, other = (node.lhs, node.rhs) if lv else (node.rhs, node.lhs)
            g = _growth(grow, v)
            if g is not None:
                out.append((g, other, False))
                return True
        if node.op in ("/", "%") and rv and not lv:
            g = _growth(node.rhs, v)
            if g is not None:
                out.append((g, node.lhs, node.op == "%"))
                return True
        return _tail_parts(node.lhs, v, out) and _tail_parts(node.rhs, v, out)
    if isinstance(node, A.UnOp):
        return _tail_parts(node.arg, v, out)
    if isinstance(node, A.App):
        parts = [node.fn, *node.args, *node.named.values()]
        return all(_tail_parts(x, v, out) for x in parts)
    if isinstance(node, A.Proj):
        return _tail_parts(node.expr, v, out)
    if isinstance(node, A.If):
        if node.let_pattern is not None:
            return False
        return all(_tail_parts(x, v, out) for x in (node.cond, node.then, node.orelse))
    if isinstance(node, (A.Tuple, A.ListLit, A.ArrayLit, A.Anon)):
        return all(_tail_parts(x, v, out) for x in node.elems)
    if isinstance(node, A.Index):
        return _tail_parts(node.coll, v, out) and _tail_parts(node.index, v, out)
    return False


def _threshold_code(c: Any, sc: Any, parts: list[tuple[tuple, A.Node, bool]]) -> Code:
    """T such that every collected part has its final value for all v ≥ T."""
    compiled = []
    for (kind, slacks, checks), other, is_mod in parts:
        oc = c.expr(other, sc)[0]
        scs = [c.expr(x, sc)[0] for x in slacks]
        ccs = [(c.expr(x, sc)[0], lo) for x, lo in checks]
        compiled.append((kind, oc, scs, ccs, is_mod))

    def threshold(env: list) -> int:
        t = 0
        for kind, oc, scs, ccs, is_mod in compiled:
            for cc, lo in ccs:
                x = cc(env)
                if not isinstance(x, int) or isinstance(x, bool) or x < lo:
                    raise _NoTail
            e = oc(env)
            if not isinstance(e, int) or isinstance(e, bool) or (is_mod and e < 0):
                raise _NoTail  # an Int `e % g` with e < 0 is e + g: it keeps growing
            m = abs(e)
            for x in scs:
                sv = x(env)
                if not isinstance(sv, int) or isinstance(sv, bool):
                    raise _NoTail
                m += abs(sv)
            t = max(t, m.bit_length() + 1 if kind == "exp" else m + 1)
        if t > _TAIL_CAP:
            raise _NoTail
        return t

    return threshold


def _tail_plans(
    c: Any, kind: str, body: A.Node, guards: list[A.Node], unbounded: list[str], types: dict, sc: Any
) -> Callable[[list], dict[str, Callable[[list], Iterable[int]]]] | None:
    """Finite complete domains for unbounded Nat variables whose body (or a decisive guard) is eventually constant.

    Whole body: if it takes the same value for all v ≥ T, searching 0 … T+1 decides the quantifier (T+1 also
    settles `∃!`). One variable, one guard (an `∃` conjunct, a `∀` hypothesis) that is false from T on: the body
    is false (∃) / vacuously true (∀) there, so 0 … T suffices.
    """
    if any(types[v] != "Nat" for v in unbounded):
        return None
    others = set(unbounded)
    whole: dict[str, Code] = {}
    for v in unbounded:
        parts: list[tuple[tuple, A.Node, bool]] = []
        if not _tail_parts(body, v, parts):
            whole = {}
            break
        deps: set[str] = set()
        for (_k, slacks, checks), other, _m in parts:
            for x in (other, *slacks, *(n for n, _lo in checks)):
                deps |= free_names(x)
        if deps & others:
            whole = {}
            break
        whole[v] = _threshold_code(c, sc, parts)
    if whole:
        wt = whole

        def whole_domains(env: list) -> dict[str, Callable[[list], Iterable[int]]]:
            # thresholds are computed where the enumeration reaches each variable (bounded ones set first)
            return {v: (lambda e, t=wt[v]: range(t(e) + 2)) for v in unbounded}

        return whole_domains
    if len(unbounded) != 1 or kind == "exists_unique":
        return None
    v = unbounded[0]
    cands: list[tuple[Code, Code, int]] = []
    for g in guards:
        parts = []
        if not _mentions(g, v) or not _tail_parts(g, v, parts):
            continue
        gc, _t = c.expr(g, sc, ty.PROP)
        cands.append((_threshold_code(c, sc, parts), gc, 0))
    if not cands:
        return None
    slot = sc.vars[v].slot

    def guard_domains(env: list) -> dict[str, Callable[[list], Iterable[int]]]:
        for thr, gc, _ in cands:
            try:
                t = thr(env)
                env[slot] = t
                if not gc(env):
                    return {v: (lambda e, t=t: range(t + 1))}
            except _NoTail:
                continue
            except Exception:  # noqa: BLE001 - a guard that does not evaluate at T gives no bound
                continue
        raise _NoTail

    return guard_domains


def _enumerate(order: list[str], i: int, env: list, domain_iter: Callable, slots: dict[str, int]) -> Iterable[None]:
    if i == len(order):
        yield None
        return
    v = order[i]
    s = slots[v]
    for x in domain_iter(v, env):
        env[s] = x
        yield from _enumerate(order, i + 1, env, domain_iter, slots)


# -- variables that only meet finitely many values: ∀ x, x ∈ xs ↔ x ∈ ys -------------------------------------------

_SUPPORT_TYPES = ("Nat", "Int", "Char", "String")
_MEMBER_FIELDS = ("count", "contains", "elem")  # xs.count x, xs.contains x, s.contains c


def _is_var(node: A.Node, v: str, cast: bool) -> bool:
    if isinstance(node, A.Ident):
        return node.name == v
    if cast and isinstance(node, A.Ascribe):
        return _is_var(node.expr, v, cast)
    if cast and isinstance(node, A.UnOp) and node.op == "↑":
        return _is_var(node.arg, v, cast)
    return False


def _pattern_names(node: A.Node | None) -> set[str]:
    return free_names(node) if node is not None else set()


def _introduced(node: A.Node) -> set[str]:
    """Names a node binds for its sub-terms (over-approximated)."""
    out: set[str] = set()
    for slot in getattr(type(node), "__slots__", ()):
        val = getattr(node, slot, None)
        for x in val if isinstance(val, list) else [val]:
            if isinstance(x, A.Binder):
                if x.name:
                    out.add(x.name)
                out |= _pattern_names(x.pattern)
            elif isinstance(x, A.Def):
                out.add(x.name)
    if isinstance(node, A.Let | A.DoStmt):
        if node.name:
            out.add(node.name)
        out |= _pattern_names(node.pattern)
    if isinstance(node, A.MatchAlt):
        for p in node.patterns:
            out |= _pattern_names(p)
    if isinstance(node, A.Match):
        out |= {h for h in node.hyps if h}
    if isinstance(node, A.If | A.DoStmt):
        if isinstance(node, A.If) and node.hyp:
            out.add(node.hyp)
        out |= _pattern_names(node.let_pattern)
    if isinstance(node, A.SetComp | A.Subtype):
        out.add(node.name)
    return out


def _support_plan(
    v: str, body: A.Node, numeric: bool
) -> tuple[list[A.Node], list[tuple[A.Node, bool]], list[tuple[A.Node, bool]], bool, list[A.Node], list[A.Node]] | None:
    """If `v` occurs in `body` only in `v ∈ L`, `L.count v`, `L.contains v`, `v = t` (and, for numbers, `v < t` …),
    with L and t free of names bound inside `body`: the collections, the equation terms and the order thresholds."""
    colls: list[A.Node] = []
    eqs: list[A.Node] = []
    ords: list[A.Node] = []
    as_int: set[int] = set()  # terms compared with `(v : Int)`: elaborated at Int like binrel% does
    indexed: list[A.Node] = []  # collections indexed by v
    squares: list[A.Node] = []  # terms compared with v * v
    defaults: list[A.Node] = []

    def outer(n: A.Node, bound: set[str]) -> bool:
        return not (free_names(n) & (bound | {v}))

    def walk(n: A.Node, bound: set[str], members: dict[str, A.Node]) -> bool:
        """`members`: the inner variables bound by `∃ y ∈ L` / `∀ y ∈ L` with L outer."""
        if v not in free_names(n):
            return True
        if isinstance(n, A.BinOp):
            if n.op in ("∈", "∉") and _is_var(n.lhs, v, False) and outer(n.rhs, bound):
                colls.append(n.rhs)
                return True
            for a, b in ((n.lhs, n.rhs), (n.rhs, n.lhs)):
                if _is_var(a, v, numeric) and n.op in ("=", "≠", "==", "!="):
                    if outer(b, bound):
                        eqs.append(b)
                        if _int_cast(a):
                            as_int.add(id(b))
                        return True
                    if isinstance(b, A.Ident) and b.name in members:
                        colls.append(members[b.name])  # y = v with y ∈ L: v meets the elements of L
                        return True
                    if isinstance(b, A.Index) and b.mode in ("!", "") and outer(b.coll, bound):
                        colls.append(b.coll)  # L[i]! = v: an element of L, or `default` out of range
                        defaults.append(b.coll)
                        return True
                if numeric and _is_square(a, v) and outer(b, bound) and n.op in _REL_OPS:
                    squares.append(b)  # v * v (or v ^ 2) against t: the truth flips only near ±√t
                    return True
                if _is_var(a, v, numeric) and outer(b, bound):
                    if numeric and n.op in ("<", "≤", ">", "≥"):
                        ords.append(b)
                        if _int_cast(a):
                            as_int.add(id(b))
                        return True
        if isinstance(n, A.Index) and numeric and _is_var(n.index, v, False) and outer(n.coll, bound):
            indexed.append(n.coll)  # L[v]! : one value per index below L.length, then `default` / none
            return True
        if isinstance(n, A.App) and len(n.args) == 1 and _is_var(n.args[0], v, False):
            f = n.fn
            if isinstance(f, A.Proj) and f.field in _MEMBER_FIELDS and outer(f.expr, bound):
                colls.append(f.expr)
                return True
        if isinstance(n, A.App) and isinstance(n.fn, A.Ident) and len(n.args) == 2:
            name = n.fn.name
            if name in ("List.count", "List.elem") and _is_var(n.args[0], v, False) and outer(n.args[1], bound):
                colls.append(n.args[1])
                return True
            if name in ("List.contains", "Array.contains") and _is_var(n.args[1], v, False) and outer(n.args[0], bound):
                colls.append(n.args[0])
                return True
        if isinstance(n, A.App) and isinstance(n.fn, A.Ident) and len(n.args) == 1 and _is_var(n.args[0], v, False):
            # `xs.count x` lexed as one dotted name: the receiver is the local `xs` (or `xs.toList`, …)
            recv, _, fld = n.fn.name.rpartition(".")
            if recv and fld in _MEMBER_FIELDS and recv.split(".", 1)[0] not in ("List", "Array", "String", "Multiset"):
                r = A.Ident(n.fn.line, n.fn.col, recv)
                if outer(r, bound):
                    colls.append(r)
                    return True
        if isinstance(n, A.Ident):
            return False  # v itself, outside an atom
        inner = bound | _introduced(n)
        if v in inner:
            return False  # shadowed: keep it simple
        intro = _introduced(n)
        members = {k: m for k, m in members.items() if k not in intro}
        if isinstance(n, A.Quant):
            members = dict(members)
            gs, _concl = guards_of("forall" if n.kind == "forall" else "exists", n.body)
            for g in gs:
                if (
                    isinstance(g, A.BinOp)
                    and g.op == "∈"
                    and isinstance(g.lhs, A.Ident)
                    and g.lhs.name in {b.name for b in n.binders}
                    and outer(g.rhs, bound)
                ):
                    members[g.lhs.name] = g.rhs
        for slot in getattr(type(n), "__slots__", ()):
            val = getattr(n, slot, None)
            items = val if isinstance(val, list) else list(val.values()) if isinstance(val, dict) else [val]
            for x in items:
                if isinstance(x, A.Node) and not walk(x, inner, members):
                    return False
        return True

    if not walk(body, set(), {}):
        return None
    return (
        colls,
        [(t, id(t) in as_int) for t in eqs],
        [(t, id(t) in as_int) for t in ords],
        bool(defaults),
        indexed,
        squares,
    )


_REL_OPS = frozenset(["<", "≤", ">", "≥", "=", "≠", "==", "!="])


def _is_square(node: A.Node, v: str) -> bool:
    """`v * v` or `v ^ 2`."""
    if not isinstance(node, A.BinOp):
        return False
    if node.op == "*":
        return _is_var(node.lhs, v, False) and _is_var(node.rhs, v, False)
    return node.op == "^" and _is_var(node.lhs, v, False) and isinstance(node.rhs, A.NumLit) and node.rhs.value == 2


def _int_cast(node: A.Node) -> bool:
    """`(v : Int)`: the variable side of a relation ascribed to Int."""
    return isinstance(node, A.Ascribe) and (
        (isinstance(node.type, A.Ident) and node.type.name == "Int") or _int_cast(node.expr)
    )


def _rel_term(c: Any, t: A.Node, sc: Any, at_int: bool) -> Code:
    """The other side of a relation with the variable; at Int when the relation is (binrel%: `k = n - 7` with
    k : Int compares with ↑n - 7, not the truncated Nat difference)."""
    code, tt = c.expr(t, sc)
    if at_int and ty.head(tt) != "Int":
        code, _ = c.expr(t, sc, ty.INT)
    return code


def _members(coll: Any) -> Iterable[Any]:
    """The values `x` with `x ∈ coll` (or counted / contained in it) for a collection value."""
    from specbridge.lean.values import LHashMap, Some

    if isinstance(coll, LHashMap):
        return [p.fst for p in coll]  # `k ∈ m` / `m.contains k`: the keys
    if isinstance(coll, Some):
        return [coll.val]  # `a ∈ some b ↔ a = b`
    if coll is None:
        return []
    if isinstance(coll, str | tuple | list):
        return coll
    raise UnsupportedConstruct(f"membership in {type(coll).__name__}")


def _support_domain(
    c: Any, v: str, tname: str | None, body: A.Node, sc: Any, qnames: set[str], avail: set[str]
) -> tuple | None:
    """A finite set of values of `v` that decides the body: every value `v` meets in a membership atom or an equation,
    the order thresholds (±1), and one value of each remaining region — all other values behave like those."""
    if tname not in _SUPPORT_TYPES:
        return None
    numeric = tname in ("Nat", "Int")
    plan = _support_plan(v, body, numeric)
    if plan is None:
        return None
    colls, eqs, ords, with_default, indexed, squares = plan
    terms = colls + [t for t, _i in eqs + ords] + indexed + squares
    if not terms or any(not (free_names(t) & qnames) <= avail for t in terms):
        return None
    try:
        coll_codes = [c.expr(t, sc)[0] for t in colls]
        eq_codes = [_rel_term(c, t, sc, tname == "Int" or to_int) for t, to_int in eqs]
        ord_codes = [_rel_term(c, t, sc, tname == "Int" or to_int) for t, to_int in ords]
        idx_codes = [c.expr(t, sc)[0] for t in indexed]
        sq_codes = [_rel_term(c, t, sc, tname == "Int") for t in squares]
    except Exception:  # noqa: BLE001 - a term we cannot compile here: no plan
        return None

    def values(env: list) -> list:
        special: set = set()
        for code in coll_codes:
            special.update(_members(code(env)))
        special.update(code(env) for code in eq_codes)
        if with_default:
            special.add({"Char": "A", "String": ""}.get(tname, 0))  # `L[i]!` out of range
        if not numeric:
            special = {x for x in special if isinstance(x, str)}
            k = 0
            while True:
                fresh = chr(k) if tname == "Char" else "a" * k
                if fresh not in special:
                    break
                k += 1
            return sorted(special) + [fresh]
        special = {x for x in special if isinstance(x, int) and not isinstance(x, bool)}
        lens = [len(code(env)) for code in idx_codes]
        if lens:
            special.update(range(max(lens)))  # every index of an indexed collection is its own case
        roots: set[int] = set()
        for code in sq_codes:
            r = math.isqrt(max(int(code(env)), 0))
            roots.update((r, -r, 0))  # with their neighbours below: every flip of v * v ⋚ t
        ts = sorted({int(code(env)) for code in ord_codes} | set(lens) | roots)
        out = set(special)
        for t in ts:
            out.update((t - 1, t, t + 1))
        lo = 0 if tname == "Nat" else None

        def first_free(start: int, step: int, stop: int | None) -> int | None:
            x = start
            while stop is None or (x < stop if step > 0 else x > stop):
                if x not in special:
                    return x
                x += step
            return None

        # one value not met elsewhere in every region the thresholds cut the line into (for a Nat, in [0, ∞))
        floor = 0 if lo is not None else None

        def region(a: int | None, b: int | None) -> None:
            """One free value in the open interval (a, b); None means unbounded on that side."""
            start = a + 1 if a is not None else None
            if floor is not None:
                start = floor if start is None else max(start, floor)
            if start is None:  # (-∞, b) over Int: walk down from b - 1 (the whole line: any free value)
                x = first_free(b - 1, -1, None) if b is not None else first_free(0, 1, None)
            else:
                x = first_free(start, 1, b)
            if x is not None:
                out.add(x)

        if not ts:
            region(None, None)
        else:
            region(None, ts[0])
            for i in range(len(ts) - 1):
                region(ts[i], ts[i + 1])
            region(ts[-1], None)
        return sorted(x for x in out if x is not None and (lo is None or x >= lo))

    return ("support", values)


def _domain_for(c: Any, v: str, tname: str | None, facts: list[Fact], sc: Any) -> tuple | None:
    for f in facts:
        if f.kind == "eq":
            code, et = c.expr(f.expr, sc)
            if tname in ("Nat", "Int") and ty.head(et) != tname:
                continue  # `(i : Nat) = x` with x : Int compares ↑i; x need not be a Nat
            return ("eq", code)
    for f in facts:
        if f.kind == "mem":
            code, _t = c.expr(f.expr, sc)
            return ("mem", code)
    for f in facts:
        if f.kind in ("prefix", "suffix", "infix", "sublist", "perm"):
            code, et = c.expr(f.expr, sc)
            if ty.head(et) not in ("List", "String"):
                continue
            return ("mem", _slices(code, f.kind))
    his = [f for f in facts if f.kind.startswith("hi") and f.kind != "hi_dvd"]
    dvds = [f for f in facts if f.kind == "hi_dvd"]
    los = [f for f in facts if f.kind.startswith("lo")]
    rng: tuple | None = None
    if tname == "Nat":
        for f in his:
            if f.kind.endswith("_nat") and f.addend is not None:
                _c, at = c.expr(f.addend, sc)
                if ty.head(at) != "Nat":
                    continue  # `i + d ≤ n` with d : Int does not bound i by n
            hc = _hi_code(c, f, sc)
            lo = _lo_code(c, los[0], sc) if los else None
            rng = ("range", lo, hc)
            break
    elif tname == "Int":
        his = [f for f in his if not f.kind.endswith("_nat")]
        if his and los:
            rng = ("range", _lo_code(c, los[0], sc, True), _hi_code(c, his[0], sc, True))
    if tname in ("Nat", "Int") and dvds:
        # `v ∣ n`: only the divisors of n matter (and all of their negatives for an Int v); n = 0 has them all
        dc, _t = c.expr(dvds[0].expr, sc)
        return ("divisors", dc, rng, tname == "Int")
    if tname in ("Nat", "Int"):
        return rng
    if tname == "Bool":
        return ("values", (False, True))
    if tname == "UInt8":
        return ("values", range(256))
    if tname in ("Unit",):
        return ("values", ((),))
    return None


def _slices(code: Code, kind: str) -> Code:
    """All prefixes / suffixes / contiguous sublists of a list value (the values a piece of it can take)."""

    def run(env: list) -> list:
        v = code(env)
        xs = v if isinstance(v, str) else tuple(v)
        n = len(xs)
        if kind == "prefix":
            return [xs[:k] for k in range(n + 1)]
        if kind == "suffix":
            return [xs[k:] for k in range(n + 1)]
        if kind == "sublist":
            subs = [xs[:0]]
            for x in xs:
                subs = subs + [s + (x,) if isinstance(s, tuple) else s + x for s in subs]
            return list(dict.fromkeys(subs))
        if kind == "perm":
            if n > 9:
                raise Undecided(f"permutations of a list of length {n}")
            perms = itertools.permutations(xs)
            return list(dict.fromkeys("".join(p) if isinstance(xs, str) else tuple(p) for p in perms))
        return [xs[i:j] for i in range(n + 1) for j in range(i, n + 1)]

    return run


def _hi_code(c: Any, f: Fact, sc: Any, at_int: bool = False) -> Code:
    code = _rel_term(c, f.expr, sc, at_int)
    if f.kind in ("hi_le", "hi_le_nat"):
        return lambda env: code(env) + 1
    if f.kind == "hi_lt_nat":
        return code
    return code


def _lo_code(c: Any, f: Fact, sc: Any, at_int: bool = False) -> Code:
    """The least value; for an Int variable the bound is elaborated at Int (`n - 7 ≤ i` is ↑n - 7 ≤ i)."""
    code = _rel_term(c, f.expr, sc, at_int)
    if f.kind == "lo_lt":
        if at_int:
            return lambda env: code(env) + 1
        return lambda env: max(code(env) + 1, 0)
    return code


# -- equation solving for unbounded quantifiers ------------------------------------------------------------------


def _mentions(node: A.Node, v: str) -> bool:
    return v in free_names(node)


def _equation_solver(
    c: Any, kind: str, guards: list[A.Node], conclusion: A.Node, v: str, tname: str | None, sc: Any, outer: Any
) -> Callable[[list], tuple[list[int], bool]] | None:
    """Candidate values for `v` from a linear equation; `complete` when they are the only values that matter."""
    eqs: list[tuple[A.Node, bool]] = []  # (equation, decisive)
    if kind == "exists":
        for g in guards:
            if isinstance(g, A.BinOp) and g.op in ("=", "==") and _mentions(g, v):
                eqs.append((g, True))
    else:
        concl = conclusion
        if isinstance(concl, A.UnOp) and concl.op == "¬" and isinstance(concl.arg, A.BinOp) and concl.arg.op == "=":
            eqs.append((concl.arg, not guards))
        elif isinstance(concl, A.BinOp) and concl.op == "≠":
            eqs.append((A.BinOp(concl.line, concl.col, "=", concl.lhs, concl.rhs), not guards))
        for g in guards:
            if isinstance(g, A.BinOp) and g.op == "=" and _mentions(g, v):
                eqs.append((g, True))
    if not eqs:
        return None
    solvers = []
    for eq, decisive in eqs:
        assert isinstance(eq, A.BinOp)
        lv, rv = _mentions(eq.lhs, v), _mentions(eq.rhs, v)
        if lv == rv:
            continue
        side, other = (eq.lhs, eq.rhs) if lv else (eq.rhs, eq.lhs)
        try:
            # binrel% elaborates both sides at their maximal type: `k = n - 7` with k : Int is `k = ↑n - 7`
            other_code, ot = c.expr(other, sc)
            _sc, st = c.expr(side, sc)
            rel = tname
            if "Int" in (ty.head(ot), ty.head(st)) and tname in ("Nat", "Int"):
                rel = "Int"
                if ty.head(ot) != "Int":
                    other_code, _ = c.expr(other, sc, ty.INT)
            plan = _linear_plan(c, side, v, sc, rel)
        except UnsupportedConstruct:
            continue
        if plan is None:
            continue
        solve, exact = plan
        solvers.append((other_code, solve, exact and decisive))
    if not solvers:
        return None

    def run(env: list) -> tuple[list[int], bool]:
        cands: list[int] = []
        complete = False
        for other_code, solve, exact in solvers:
            try:
                target = other_code(env)
            except Exception:  # noqa: BLE001 - a guard that does not evaluate gives no candidates
                continue
            if not isinstance(target, int) or isinstance(target, bool):
                continue
            res = solve(target, env)
            if res is None:
                continue
            cands.extend(res)
            if exact:
                complete = True
        return cands, complete

    return run


def _linear_plan(
    c: Any, side: A.Node, v: str, sc: Any, tname: str | None
) -> tuple[Callable[[int, list], list[int] | None], bool] | None:
    """A solver for `side = target` where `side` is linear in `v` (v appears once)."""
    if isinstance(side, A.Ascribe):
        return _linear_plan(c, side.expr, v, sc, tname)
    if isinstance(side, A.Ident) and side.name == v:
        return (lambda target, env: [target]), True
    if (
        isinstance(side, A.BinOp)
        and side.op == "*"
        and isinstance(side.lhs, A.Ident)
        and isinstance(side.rhs, A.Ident)
        and side.lhs.name == v == side.rhs.name
    ):
        return _root_plan(lambda env: 2, tname, (lambda target, env: [target]), True)
    if isinstance(side, A.BinOp) and side.op == "^":
        return _pow_plan(c, side, v, sc, tname)
    if not isinstance(side, A.BinOp) or side.op not in ("+", "-", "*"):
        return None
    lv, rv = _mentions(side.lhs, v), _mentions(side.rhs, v)
    if lv == rv:
        return None
    inner, const = (side.lhs, side.rhs) if lv else (side.rhs, side.lhs)
    sub = _linear_plan(c, inner, v, sc, tname)
    if sub is None:
        return None
    solve_inner, exact = sub
    kc, _ = c.expr(const, sc, ty.INT) if tname == "Int" else c.expr(const, sc)
    op = side.op
    if op == "+":
        return (lambda target, env: solve_inner(target - kc(env), env)), exact
    if op == "-":
        if tname == "Nat":
            return None
        if lv:
            return (lambda target, env: solve_inner(target + kc(env), env)), exact
        return (lambda target, env: solve_inner(kc(env) - target, env)), exact

    def mul(target: int, env: list) -> list[int] | None:
        k = kc(env)
        if k == 0:
            return None
        if target % k:
            return []
        return solve_inner(target // k, env)

    return mul, exact


def _iroot(x: int, k: int) -> int:
    """The integer k-th root of x ≥ 0 (the largest r with r^k ≤ x)."""
    if k == 2:
        return math.isqrt(x)
    lo, hi = 0, 1 << (x.bit_length() // k + 1)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid**k <= x:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _root_plan(
    kc: Code, tname: str | None, solve_inner: Callable[[int, list], list[int] | None], exact: bool
) -> tuple[Callable[[int, list], list[int] | None], bool]:
    """A solver for `inner ^ k = target` (also `x * x`): the integer k-th roots, fed to the inner solver."""

    def solve(target: int, env: list) -> list[int] | None:
        k = kc(env)
        if not isinstance(k, int) or k < 1:
            return None  # x ^ 0 = 1 for every x: no finite set of solutions
        if k == 1:
            return solve_inner(target, env)
        roots: list[int] = []
        if target >= 0:
            r = _iroot(target, k)
            if r**k == target:
                roots = [r] if r == 0 else [r, -r] if k % 2 == 0 else [r]
        elif k % 2 == 1:
            r = _iroot(-target, k)
            if r**k == -target:
                roots = [-r]
        out: list[int] = []
        for r in roots:
            if tname == "Nat" and r < 0:
                continue
            sub = solve_inner(r, env)
            if sub is None:
                return None
            out.extend(sub)
        return out

    return solve, exact


def _pow_plan(
    c: Any, side: A.BinOp, v: str, sc: Any, tname: str | None
) -> tuple[Callable[[int, list], list[int] | None], bool] | None:
    """`b ^ e = target` with `v` in exactly one of base / exponent (the exponent is a Nat)."""
    in_base, in_exp = _mentions(side.lhs, v), _mentions(side.rhs, v)
    if in_base == in_exp:
        return None
    if in_base:
        sub = _linear_plan(c, side.lhs, v, sc, tname)
        if sub is None:
            return None
        kc, _ = c.expr(side.rhs, sc)
        return _root_plan(kc, tname, sub[0], sub[1])
    sub = _linear_plan(c, side.rhs, v, sc, "Nat")
    if sub is None:
        return None
    solve_inner, exact = sub
    bc, _ = c.expr(side.lhs, sc)

    def solve(target: int, env: list) -> list[int] | None:
        b = bc(env)
        if not isinstance(b, int) or abs(b) < 2:
            return None  # 0 ^ k, 1 ^ k, (-1) ^ k take one value for infinitely many k
        out: list[int] = []
        k, p = 0, 1
        while abs(p) <= abs(target):
            if p == target:
                r = solve_inner(k, env)
                if r is None:
                    return None
                out.extend(r)
            k += 1
            p *= b
        return out

    return solve, exact


__all__ = ["compile_quantifier", "extract_facts", "guards_of", "itertools"]
