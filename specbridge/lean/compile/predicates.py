"""Inductive predicates (`inductive Ev : Nat → Prop where | zero : Ev 0 | step : Ev n → Ev (n + 2)`), decided by
inverting their constructors on concrete arguments.

`P v` holds iff some constructor's conclusion matches `v` and its premises hold (the least fixed point: a finite
derivation). Matching a conclusion `P (n + 2)` against a value solves the constructor's variables (`n = v - 2`);
premises are then evaluated, recursively for `P` itself. A goal that recurs on the current derivation path is not
needed by a finite derivation, so that branch fails instead of looping; a constructor variable that the
conclusion does not determine (`| trans : R a b → R b c → R a c`, `b` free) makes the predicate
`unknown: inductive predicate <name> …` rather than a guess.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from specbridge.errors import EvaluationLimit, UnsupportedConstruct
from specbridge.lean import ast as A
from specbridge.lean import types as ty
from specbridge.lean.runtime import Code, FrameInfo, GlobalFn, Scope, Undecided
from specbridge.lean.values import Pair


def is_predicate(ind: A.Inductive) -> bool:
    """Whether the declared type ends in `Prop` (`inductive P : α → Prop`, `inductive Q : Prop`)."""
    t = ind.type
    while True:
        if isinstance(t, A.BinOp) and t.op == "→":
            t = t.rhs
        elif isinstance(t, A.Pi):
            t = t.body
        elif isinstance(t, A.Quant) and t.kind == "forall":
            t = t.body
        else:
            break
    return isinstance(t, A.Ident) and t.name == "Prop"


def index_binders(ind: A.Inductive) -> list[A.Binder]:
    """The explicit parameters and then one binder per index of the declared type (`Nat → Prop`: `_i0 : Nat`)."""
    out = [b for b in ind.params if b.kind == "explicit"]
    t = ind.type
    k = 0
    while True:
        if isinstance(t, A.BinOp) and t.op == "→":
            out.append(A.Binder(t.line, t.col, f"_i{k}", t.lhs))
            t = t.rhs
        elif isinstance(t, A.Pi):
            out.append(A.Binder(t.line, t.col, t.binder.name or f"_i{k}", t.binder.type))
            t = t.body
        elif isinstance(t, A.Quant) and t.kind == "forall":
            out.extend(A.Binder(b.line, b.col, b.name or f"_i{k}", b.type) for b in t.binders)
            t = t.body
        else:
            return out
        k += 1


def synthetic_def(ind: A.Inductive) -> A.Def:
    """A `def` with the predicate's signature, so that calls to it elaborate like calls to any definition."""
    implicit = [b for b in ind.params if b.kind != "explicit"]
    return A.Def(
        ind.line,
        ind.col,
        "def",
        ind.name,
        [*implicit, *index_binders(ind)],
        A.Ident(ind.line, ind.col, "Prop"),
        A.Sorry(ind.line, ind.col),
    )


@dataclass
class _Ctor:
    name: str
    binders: dict[str, int]  # constructor variable -> slot
    patterns: list[A.Node]  # the conclusion's index arguments
    pattern_codes: list[Code]
    index_types: list[ty.Type]
    premises: list[Code] = field(default_factory=list)
    param_slots: list[int] = field(default_factory=list)
    types: dict[str, ty.Type] = field(default_factory=dict)  # constructor variable -> its type
    recursive: bool = False  # a premise mentions the predicate itself


def _flatten(typ: A.Node | None, binders: list[A.Binder]) -> tuple[list[A.Node], A.Node | None]:
    """Peel `∀ x, …`, `(h : P) → …` and `P → …` off a constructor type: its premises and conclusion."""
    premises: list[A.Node] = []
    t = typ
    while t is not None:
        if isinstance(t, A.Quant) and t.kind == "forall":
            binders.extend(t.binders)
            t = t.body
        elif isinstance(t, A.Pi):
            if t.binder.type is not None and _mentions_prop(t.binder.type):
                premises.append(t.binder.type)
            else:
                binders.append(t.binder)
            t = t.body
        elif isinstance(t, A.BinOp) and t.op == "→":
            premises.append(t.lhs)
            t = t.rhs
        else:
            break
    return premises, t


def _mentions_prop(node: A.Node) -> bool:
    # a `(h : P)` binder whose type is not a data type is a hypothesis
    return not ty.is_type_expr(node)


_PROP_OPS = frozenset(["=", "≠", "<", ">", "≤", "≥", "∧", "∨", "→", "↔", "∈", "∉", "∣", "⊆", "==", "!="])


def _is_hypothesis(c: Any, t: A.Node) -> bool:
    """Whether a constructor binder's type is a proposition (a premise) rather than a data type."""
    if isinstance(t, A.BinOp):
        return t.op in _PROP_OPS
    if isinstance(t, A.UnOp):
        return t.op == "¬"
    if isinstance(t, A.Quant):
        return True
    head = t.fn if isinstance(t, A.App) else t
    return isinstance(head, A.Ident) and (head.name in c.ind_preds or head.name in ("True", "False"))


def _bound_inside(node: A.Node) -> set[str]:
    """Names bound by a quantifier, lambda or set-builder somewhere inside `node`."""
    out: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Quant | A.Lam):
            out.update(b.name for b in n.binders if b.name)
        elif isinstance(n, A.SetComp):
            out.add(n.name)
        elif isinstance(n, A.BigOp):
            out.add(n.binder.name or "")
        for slot in getattr(type(n), "__slots__", ()):
            val = getattr(n, slot, None)
            if isinstance(val, A.Node):
                stack.append(val)
            elif isinstance(val, list):
                stack.extend(x for x in val if isinstance(x, A.Node))
    return out


def _unbound(c: Any, v: str, sc: Scope) -> bool:
    """Whether `v` names nothing in scope (so Lean's autoImplicit binds it in the constructor's type)."""
    from specbridge.lean.stdlib import ALIASES, REGISTRY

    return v not in sc.vars and v not in c.globals and v not in REGISTRY and v not in ALIASES


def _free(node: A.Node) -> set[str]:
    from specbridge.lean.quant import free_names

    return free_names(node)


def compile_predicate(c: Any, g: GlobalFn, ind: A.Inductive) -> Callable[..., bool]:
    """The run-time decision procedure of the inductive predicate `ind` (registered as the global `g`)."""
    name = ind.name
    nparams = len([b for b in ind.params if b.kind == "explicit"])
    frame = FrameInfo(0)
    base = Scope({}, frame, {})
    param_slots: list[int] = []
    for b, t in zip(index_binders(ind)[:nparams], g.params[:nparams], strict=True):
        base, slot = base.bind(b.name or "_", t)
        param_slots.append(slot)
    index_types = g.params[nparams:]
    ctors: list[_Ctor] = []
    problems: list[str] = []
    for sig in ind.ctor_sigs:
        binders = [b for b in sig.binders if b.name]
        premises, concl = _flatten(sig.type, binders)
        if concl is None:
            problems.append(f"constructor {sig.name} has no type")
            continue
        head, args = (concl.fn, concl.args) if isinstance(concl, A.App) else (concl, [])
        if not (isinstance(head, A.Ident) and head.name == name):
            problems.append(f"constructor {sig.name} does not conclude {name}")
            continue
        patterns = list(args[nparams:])
        if len(patterns) != len(index_types):
            problems.append(f"constructor {sig.name} gives {len(patterns)} of {len(index_types)} indices")
            continue
        sc = base
        slots: dict[str, int] = {}
        types: dict[str, ty.Type] = {}
        for b in list(binders):
            if b.kind == "inst" or b.name is None:
                continue
            if b.type is not None and _is_hypothesis(c, b.type):
                premises.insert(0, b.type)  # `(h : Ev n)`: a premise, not a variable
                continue
            bt = ty.from_ast(b.type, {}) if b.type is not None else ty.TV()
            sc, slot = sc.bind(b.name, bt)
            slots[b.name] = slot
            types[b.name] = bt
        # auto-bound variables of the conclusion (`| step : Ev n → Ev (n + 2)` binds `n` implicitly)
        declared = {b.name for b in ind.params if b.name}
        inner = set().union(*(_bound_inside(p) for p in premises)) if premises else set()
        for p in [*patterns, *premises]:
            for v in sorted(_free(p) - (inner if p in premises else set())):
                if v not in slots and v not in declared and v != name and v[:1].islower() and _unbound(c, v, sc):
                    tv = ty.TV()
                    sc, slot = sc.bind(v, tv)
                    slots[v] = slot
                    types[v] = tv
        codes = []
        for p, it in zip(patterns, index_types, strict=True):
            code, pt = c.expr(p, sc, it)
            ty.unify(pt, it)
            codes.append(code)
        prem_codes = [c.expr(p, sc, ty.PROP)[0] for p in premises]
        recursive = any(name in _free(p) for p in premises)
        ctors.append(
            _Ctor(sig.name, slots, patterns, codes, list(index_types), prem_codes, param_slots, types, recursive)
        )
    nslots = frame.nslots
    budget = c.budget
    in_progress: list[tuple] = []

    def holds(*args: Any) -> bool:
        if problems:
            raise UnsupportedConstruct(f"inductive predicate {name}: {problems[0]}")
        key = tuple(args)
        if key in in_progress:
            return False  # a finite derivation never needs its own goal again
        budget.depth += 1
        if budget.depth > budget.max_depth:
            budget.depth = 0
            raise EvaluationLimit("recursion depth", f"inductive predicate {name}: derivations deeper than allowed")
        in_progress.append(key)
        undecided: list[str] = []
        try:
            for ct in ctors:
                budget.n -= 1
                if budget.n <= 0:
                    budget.tick()
                env: list = [None] * nslots
                for s, v in zip(ct.param_slots, args[:nparams], strict=True):
                    env[s] = v
                assigned: set[str] = set()
                if not _match_all(ct, args[nparams:], env, assigned, name):
                    continue
                missing = [v for v in ct.binders if v not in assigned]
                if not missing:
                    try:
                        if all(p(env) for p in ct.premises):
                            return True
                    except Undecided as exc:
                        undecided.append(exc.detail)
                    continue
                domains = [_search_domain(ct.types[v], budget.search_bound) for v in missing]
                if ct.recursive or any(d is None for d in domains):
                    raise UnsupportedConstruct(
                        f"inductive predicate {name}: constructor {ct.name} has a variable ({missing[0]}) "
                        "that its conclusion does not determine"
                    )
                # a witness the conclusion leaves open (`| mk (k : Nat) : n = 2 * k → P n`): a bounded search
                # finds a derivation, but finding none proves nothing about the values beyond the bound
                for combo in itertools.product(*domains):  # type: ignore[arg-type]
                    budget.n -= 1
                    if budget.n <= 0:
                        budget.tick()
                    for v, x in zip(missing, combo, strict=True):
                        env[ct.binders[v]] = x
                    try:
                        if all(p(env) for p in ct.premises):
                            return True
                    except Undecided as exc:
                        undecided.append(exc.detail)
                undecided.append(
                    f"constructor {ct.name}: no {', '.join(missing)} below {budget.search_bound} gives a derivation"
                )
            if undecided:
                raise Undecided(f"inductive predicate {name}: {undecided[0]}")
            return False
        finally:
            in_progress.pop()
            budget.depth -= 1

    return holds


def _search_domain(t: ty.Type, bound: int) -> Iterable[Any] | None:
    """Values to try for a constructor variable of type `t`: Nats below the search bound, Ints around 0, Bools."""
    h = ty.head(t)
    if h in ("Nat", None):
        return range(bound)
    if h == "Int":
        return [x for k in range(bound) for x in ((k, -k) if k else (0,))]
    if h == "Bool":
        return (False, True)
    return None


def _match_all(ct: _Ctor, values: tuple, env: list, assigned: set[str], name: str) -> bool:
    pending = list(range(len(values)))
    while pending:
        progress = False
        for i in list(pending):
            r = _match(ct.patterns[i], ct.pattern_codes[i], values[i], ct.index_types[i], ct, env, assigned)
            if r is None:
                continue
            if not r:
                return False
            pending.remove(i)
            progress = True
        if not progress:
            raise UnsupportedConstruct(
                f"inductive predicate {name}: cannot invert the conclusion of constructor {ct.name}"
            )
    return True


def _match(p: A.Node, code: Code | None, v: Any, t: ty.Type, ct: _Ctor, env: list, assigned: set[str]) -> bool | None:
    """Match pattern `p` against value `v`, assigning constructor variables; None when not decidable yet."""
    while isinstance(p, A.Ascribe):
        p = p.expr
    vars_ = ct.binders
    if isinstance(p, A.NumLit | A.StrLit | A.CharLit):
        return v == p.value
    if isinstance(p, A.Ident) and p.name in vars_:
        if p.name in assigned:
            return env[vars_[p.name]] == v
        env[vars_[p.name]] = v
        assigned.add(p.name)
        return True
    free = {x for x in _free(p) if x in vars_ and x not in assigned}
    if not free and code is not None:
        return code(env) == v  # a ground index: evaluate and compare
    nat = ty.head(t) == "Nat"
    if isinstance(p, A.BinOp) and p.op in ("+", "-") and isinstance(v, int) and not isinstance(v, bool):
        # `n + k` / `k + n` with a literal k: n = v - k (a Nat v must be ≥ k); `n - k` is not invertible on Nat
        lit, var = (p.rhs, p.lhs) if isinstance(p.rhs, A.NumLit) else (p.lhs, p.rhs)
        if p.op == "+" and isinstance(lit, A.NumLit):
            k = lit.value
            if nat and v < k:
                return False
            return _match(var, None, v - k, t, ct, env, assigned)
        return None
    if isinstance(p, A.App) and isinstance(p.fn, A.Ident) and p.fn.name == "Nat.succ" and len(p.args) == 1:
        if not isinstance(v, int) or v < 1:
            return False
        return _match(p.args[0], None, v - 1, t, ct, env, assigned)
    if isinstance(p, A.BinOp) and p.op == "::":
        if not isinstance(v, tuple) or not v:
            return False
        et = ty.arg(t)
        a = _match(p.lhs, None, v[0], et, ct, env, assigned)
        if a is False:
            return False
        b = _match(p.rhs, None, v[1:], t, ct, env, assigned)
        if a is None or b is None:
            return None if a is not False and b is not False else False
        return a and b
    if isinstance(p, A.BinOp) and p.op == "++" and (isinstance(p.lhs, A.ListLit) or isinstance(p.rhs, A.ListLit)):
        # `l ++ [a]` / `[a] ++ l`: the literal side fixes where the value splits
        if not isinstance(v, tuple):
            return None
        k = len(p.rhs.elems) if isinstance(p.rhs, A.ListLit) else len(p.lhs.elems)  # type: ignore[union-attr]
        if len(v) < k:
            return False
        cut = len(v) - k if isinstance(p.rhs, A.ListLit) else k
        a = _match(p.lhs, None, v[:cut], t, ct, env, assigned)
        if a is False:
            return False
        b = _match(p.rhs, None, v[cut:], t, ct, env, assigned)
        if b is False:
            return False
        return None if a is None or b is None else True
    if isinstance(p, A.ListLit):
        if not isinstance(v, tuple) or len(v) != len(p.elems):
            return False
        et = ty.arg(t)
        results = [_match(e, None, x, et, ct, env, assigned) for e, x in zip(p.elems, v, strict=True)]
        if False in results:
            return False
        return None if None in results else True
    if isinstance(p, A.Tuple) and len(p.elems) == 2 and isinstance(v, Pair):
        ts = ty.prune(t)
        ta, tb = (ts.args[0], ts.args[1]) if isinstance(ts, ty.T) and len(ts.args) == 2 else (ty.TV(), ty.TV())
        a = _match(p.elems[0], None, v.fst, ta, ct, env, assigned)
        if a is False:
            return False
        b = _match(p.elems[1], None, v.snd, tb, ct, env, assigned)
        if b is False:
            return False
        return None if a is None or b is None else True
    return None
