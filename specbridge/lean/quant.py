"""Quantifiers: bounded ones are decided exactly by enumeration; unbounded ones get a bounded search.

A bound is read wherever a Lean programmer writes it: binder predicates (`∀ i < n,`, `∃ x ∈ l,`), the
antecedents of `∀ i, i < a.size → …` (also `(h : i < n) → …` and `i < n ∧ j < m → …`), the conjuncts of
`∃ j, j < n ∧ …`, lower bounds `x ≤ i`, bounds through other bound variables (`∀ i j, i < j → j < n → …`),
and Nat sums (`i + k ≤ n` bounds `i`). The whole body is still evaluated for every value, so a bound only has to
contain the values where the body can matter. A quantifier over Nat/Int without a bound is searched up to
`search_bound` (plus the solutions of linear equations on the variable); it is decided only by a witness (∃) or a
counterexample (∀) — or when the equation's solutions are all the values that matter — otherwise `Undecided`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

from specbridge.errors import UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty

Code = Callable[[list], Any]


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
        self.kind = kind  # hi_lt | hi_le | hi_lt_nat | hi_le_nat | hi_dvd | lo_le | lo_lt | mem
        self.expr = expr
        self.deps = deps
        self.addend = addend  # `e` in `v + e ≤ n`: a bound only when e is a Nat (never negative)


def extract_facts(guards: list[A.Node], names: list[str]) -> list[Fact]:
    facts: list[Fact] = []
    nameset = set(names)
    for g in guards:
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


def compile_quantifier(c: Any, node: A.Quant, scope: Any) -> tuple[Code, ty.Type]:
    from specbridge.lean.interp import Undecided

    kind = node.kind
    binders = node.binders
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
            coll = d[1](env)
            return coll
        if d[0] == "range":
            lo = d[1](env) if d[1] is not None else 0
            hi = d[2](env)
            return range(lo, hi)
        return d[1]

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

    def unbounded_eval(env: list) -> bool:
        for g in indep_codes:
            if not g(env):
                return is_forall  # ∀ with a false hypothesis holds; ∃ with a false conjunct fails
        complete = False
        if solver is not None:
            cands, complete = solver(env)
            for x in cands:
                if types[names[0]] == "Nat" and x < 0:
                    continue
                env[slots[names[0]]] = x
                tick()
                if bool(body(env)) != is_forall:
                    return not is_forall
            if complete:
                return is_forall
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


def _enumerate(order: list[str], i: int, env: list, domain_iter: Callable, slots: dict[str, int]) -> Iterable[None]:
    if i == len(order):
        yield None
        return
    v = order[i]
    s = slots[v]
    for x in domain_iter(v, env):
        env[s] = x
        yield from _enumerate(order, i + 1, env, domain_iter, slots)


def _domain_for(c: Any, v: str, tname: str | None, facts: list[Fact], sc: Any) -> tuple | None:
    for f in facts:
        if f.kind == "mem":
            code, _t = c.expr(f.expr, sc)
            return ("mem", code)
    his = sorted((f for f in facts if f.kind.startswith("hi")), key=lambda f: f.kind == "hi_dvd")
    los = [f for f in facts if f.kind.startswith("lo")]
    if tname == "Nat":
        for f in his:
            if f.kind.endswith("_nat") and f.addend is not None:
                _c, at = c.expr(f.addend, sc)
                if ty.head(at) != "Nat":
                    continue  # `i + d ≤ n` with d : Int does not bound i by n
            hc = _hi_code(c, f, sc)
            lo = _lo_code(c, los[0], sc) if los else None
            return ("range", lo, hc)
        return None
    if tname == "Int":
        his = [f for f in his if not f.kind.endswith("_nat") and f.kind != "hi_dvd"]
        if his and los:
            return ("range", _lo_code(c, los[0], sc), _hi_code(c, his[0], sc))
        return None
    if tname == "Bool":
        return ("values", (False, True))
    if tname == "UInt8":
        return ("values", range(256))
    if tname in ("Unit",):
        return ("values", ((),))
    return None


def _hi_code(c: Any, f: Fact, sc: Any) -> Code:
    code, _t = c.expr(f.expr, sc, None)
    if f.kind == "hi_dvd":
        from specbridge.lean.interp import Undecided

        def dvd_bound(env: list) -> int:
            x = code(env)
            if x == 0:
                raise Undecided("a divisor of 0 is unbounded")
            return abs(x) + 1

        return dvd_bound
    if f.kind in ("hi_le", "hi_le_nat"):
        return lambda env: code(env) + 1
    if f.kind == "hi_lt_nat":
        return code
    return code


def _lo_code(c: Any, f: Fact, sc: Any) -> Code:
    code, _t = c.expr(f.expr, sc, None)
    if f.kind == "lo_lt":
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
            other_code, _ = c.expr(other, sc)
            plan = _linear_plan(c, side, v, sc, tname)
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
    kc, _ = c.expr(const, sc)
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


__all__ = ["compile_quantifier", "extract_facts", "guards_of", "itertools"]
