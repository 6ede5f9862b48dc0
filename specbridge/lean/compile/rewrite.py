"""Module-level AST rewrites run before compilation: type aliases expanded, power functions inlined."""

from __future__ import annotations

from specbridge.lean import ast as A
from specbridge.lean import types as ty


def _is_type_alias(d: A.Def, known: set[str]) -> bool:
    """`abbrev Matrix := List (List Nat)` / `def Grid : Type := Array (Array Char)`: a name for a type."""
    if d.kind not in ("def", "abbrev") or d.binders or d.body is None or d.alts:
        return False
    if isinstance(d.type, A.Ident) and d.type.name == "Type":
        return True
    if d.type is not None:
        return False
    b = d.body
    return ty.is_type_expr(b) or (isinstance(b, A.Ident) and b.name in known)


def _succ_var(p: A.Node) -> str | None:
    """`k + 1` / `Nat.succ k` / `.succ k` as a pattern: k."""
    if isinstance(p, A.BinOp) and p.op == "+" and isinstance(p.lhs, A.Ident) and isinstance(p.rhs, A.NumLit):
        return p.lhs.name if p.rhs.value == 1 else None
    if isinstance(p, A.App) and isinstance(p.fn, A.Ident) and p.fn.name in ("Nat.succ", ".succ", "succ"):
        if len(p.args) == 1 and isinstance(p.args[0], A.Ident):
            return p.args[0].name
    return None


def _is_zero(p: A.Node) -> bool:
    return (isinstance(p, A.NumLit) and p.value == 0) or (isinstance(p, A.Ident) and p.name in ("Nat.zero", ".zero"))


def _power_step(rhs: A.Node, f: str, b: str | None, k: str) -> bool:
    """`b * f b k` or `f b k * b` (b a name; None: any name, checked by the caller through the pattern)."""
    if not (isinstance(rhs, A.BinOp) and rhs.op == "*"):
        return False
    for base, rec in ((rhs.lhs, rhs.rhs), (rhs.rhs, rhs.lhs)):
        if (
            isinstance(base, A.Ident)
            and base.name == b
            and isinstance(rec, A.App)
            and isinstance(rec.fn, A.Ident)
            and rec.fn.name == f
            and len(rec.args) == 2
            and isinstance(rec.args[0], A.Ident)
            and rec.args[0].name == b
            and isinstance(rec.args[1], A.Ident)
            and rec.args[1].name == k
        ):
            return True
    return False


def _power_function(d: A.Def) -> A.Node | None:
    """The numeric type T when `d` is the textbook power `f (b : T) : Nat → T` (f b 0 = 1, f b (k+1) = b * f b k),
    which is `b ^ e` by induction on e; None otherwise."""
    zero_one = lambda alt, i: _is_zero(alt.patterns[i]) and isinstance(alt.rhs, A.NumLit) and alt.rhs.value == 1  # noqa: E731
    explicit = [b for b in d.binders if b.kind == "explicit"]
    if len(explicit) == 2 and isinstance(d.body, A.Match) and not d.alts:
        bb, eb = explicit
        t = d.type
        if not (isinstance(t, A.Ident) and t.name in ("Nat", "Int") and isinstance(bb.type, A.Ident)):
            return None
        if bb.type.name != t.name or not (isinstance(eb.type, A.Ident) and eb.type.name == "Nat"):
            return None
        m = d.body
        if len(m.discrs) != 1 or not (isinstance(m.discrs[0], A.Ident) and m.discrs[0].name == eb.name):
            return None
        if len(m.alts) != 2 or any(len(a.patterns) != 1 for a in m.alts):
            return None
        for z, s in ((m.alts[0], m.alts[1]), (m.alts[1], m.alts[0])):
            k = _succ_var(s.patterns[0])
            if zero_one(z, 0) and k is not None and k not in (bb.name, eb.name):
                if _power_step(s.rhs, d.name, bb.name, k):
                    return t
        return None
    if not d.binders and d.alts and len(d.alts) == 2 and isinstance(d.type, A.BinOp) and d.type.op == "→":
        t1, rest = d.type.lhs, d.type.rhs
        if not (isinstance(rest, A.BinOp) and rest.op == "→"):
            return None
        t2, t3 = rest.lhs, rest.rhs
        if not all(isinstance(x, A.Ident) for x in (t1, t2, t3)):
            return None
        assert isinstance(t1, A.Ident) and isinstance(t2, A.Ident) and isinstance(t3, A.Ident)
        if t1.name not in ("Nat", "Int") or t3.name != t1.name or t2.name != "Nat":
            return None
        if any(len(a.patterns) != 2 for a in d.alts):
            return None
        for z, s in ((d.alts[0], d.alts[1]), (d.alts[1], d.alts[0])):
            k = _succ_var(s.patterns[1])
            bp = s.patterns[0]
            if not (isinstance(z.patterns[0], A.Hole | A.Ident) and zero_one(z, 1) and isinstance(bp, A.Ident)):
                continue
            if k is not None and k != bp.name and _power_step(s.rhs, d.name, bp.name, k):
                return t1
    return None


def _inline_power_functions(module: A.Module) -> None:
    """Calls of a user-defined power function become `b ^ e`, so quantifiers can solve `pow 2 x = n`."""
    powers = {d.name: t for d in module.defs if d.kind in ("def", "abbrev") and (t := _power_function(d)) is not None}
    if not powers:
        return

    def sub(n: A.Node) -> A.Node:
        if (
            isinstance(n, A.App)
            and isinstance(n.fn, A.Ident)
            and n.fn.name in powers
            and len(n.args) == 2
            and not n.named
        ):
            t = powers[n.fn.name]
            base = A.Ascribe(n.line, n.col, sub(n.args[0]), t)
            return A.Ascribe(n.line, n.col, A.BinOp(n.line, n.col, "^", base, sub(n.args[1])), t)
        for slot in getattr(type(n), "__slots__", ()):
            val = getattr(n, slot, None)
            if isinstance(val, A.Node):
                setattr(n, slot, sub(val))
            elif isinstance(val, list):
                for i, x in enumerate(val):
                    if isinstance(x, A.Node):
                        val[i] = sub(x)
                    elif isinstance(x, tuple):
                        val[i] = tuple(sub(y) if isinstance(y, A.Node) else y for y in x)
            elif isinstance(val, dict):
                for key, x in val.items():
                    if isinstance(x, A.Node):
                        val[key] = sub(x)
        return n

    for d in module.defs:
        if d.name not in powers:
            sub(d)


def _expand_type_aliases(module: A.Module) -> None:
    """Replace every use of a type alias by the type it names (in place), so `m.length` finds `List.length`."""
    known = {s.name for s in module.structures} | {i.name for i in module.inductives}
    aliases: dict[str, A.Node] = {}
    for d in module.defs:
        if _is_type_alias(d, known | set(aliases)):
            assert d.body is not None
            aliases[d.name] = d.body
            known.add(d.name)
    if not aliases:
        return
    module.defs = [d for d in module.defs if d.name not in aliases]

    def sub(n: A.Node, depth: int = 0) -> A.Node:
        if isinstance(n, A.Ident) and n.name in aliases and depth < 20:
            return sub(aliases[n.name], depth + 1)
        for slot in getattr(type(n), "__slots__", ()):
            val = getattr(n, slot, None)
            if isinstance(val, A.Node):
                setattr(n, slot, sub(val, depth))
            elif isinstance(val, list):
                for i, x in enumerate(val):
                    if isinstance(x, A.Node):
                        val[i] = sub(x, depth)
                    elif isinstance(x, tuple):
                        val[i] = tuple(sub(y, depth) if isinstance(y, A.Node) else y for y in x)
            elif isinstance(val, dict):
                for k, x in val.items():
                    if isinstance(x, A.Node):
                        val[k] = sub(x, depth)
        return n

    for d in module.defs:
        sub(d)
    for st in module.structures:
        sub(st)
    for ind in module.inductives:
        sub(ind)
