"""Types for the interpreter's light elaboration: constructor types, unification variables, and reading types from AST.

Lean decides `Nat` vs `Int` (truncating vs signed subtraction, `/`, `%`) statically, so the compiler carries a type
for every expression: declared binder types, the signatures of library functions, and unification through lambdas.
"""

from __future__ import annotations

from specbridge.lean import ast as A


class T:
    """A constructor type: `Nat`, `List Int`, `Prod Nat Int`, `→ a b` (functions are curried)."""

    __slots__ = ("name", "args")

    def __init__(self, name: str, args: tuple = ()):
        self.name = name
        self.args = args

    def __repr__(self) -> str:
        return show(self)


class TV:
    """A unification variable (an unknown type); `ref` is set when it is solved."""

    __slots__ = ("ref", "id")
    _next = 0

    def __init__(self) -> None:
        self.ref: T | TV | None = None
        TV._next += 1
        self.id = TV._next

    def __repr__(self) -> str:
        return show(self)


Type = T | TV

NAT, INT, BOOL, PROP, CHAR, STRING, FLOAT, UINT8, UNIT = (
    T("Nat"),
    T("Int"),
    T("Bool"),
    T("Prop"),
    T("Char"),
    T("String"),
    T("Float"),
    T("UInt8"),
    T("Unit"),
)
_ATOMS = {
    "Nat": NAT,
    "ℕ": NAT,
    "Int": INT,
    "ℤ": INT,
    "Bool": BOOL,
    "Prop": PROP,
    "Char": CHAR,
    "String": STRING,
    "Float": FLOAT,
    "UInt8": UINT8,
    "Unit": UNIT,
    "Rat": T("Rat"),
    "ℚ": T("Rat"),
    "UInt16": T("UInt16"),
    "UInt32": T("UInt32"),
    "UInt64": T("UInt64"),
    "USize": T("USize"),
    "Type": T("Type"),
}
_UNARY = frozenset(["List", "Array", "Option", "Multiset", "Finset", "Set", "Std.HashSet", "HashSet"])
NUMERIC = frozenset(["Nat", "Int", "Float", "UInt8", "UInt16", "UInt32", "UInt64", "USize", "Rat", "Fin"])


def list_t(a: Type) -> T:
    return T("List", (a,))


def array_t(a: Type) -> T:
    return T("Array", (a,))


def option_t(a: Type) -> T:
    return T("Option", (a,))


def prod_t(a: Type, b: Type) -> T:
    return T("Prod", (a, b))


def fun_t(args: list[Type], ret: Type) -> Type:
    out = ret
    for a in reversed(args):
        out = T("→", (a, out))
    return out


def prune(t: Type) -> Type:
    while isinstance(t, TV) and t.ref is not None:
        t = t.ref
    return t


def head(t: Type) -> str | None:
    t = prune(t)
    return t.name if isinstance(t, T) else None


def arg(t: Type, i: int = 0) -> Type:
    t = prune(t)
    if isinstance(t, T) and len(t.args) > i:
        return t.args[i]
    return TV()


def _occurs(v: TV, t: Type) -> bool:
    t = prune(t)
    if t is v:
        return True
    if isinstance(t, T):
        return any(_occurs(v, a) for a in t.args)
    return False


def unify(a: Type, b: Type) -> bool:
    """Make `a` and `b` equal where possible; a mismatch (e.g. Nat vs Int, a coercion in Lean) returns False."""
    a, b = prune(a), prune(b)
    if a is b:
        return True
    if isinstance(a, TV):
        if _occurs(a, b):
            return False
        a.ref = b
        return True
    if isinstance(b, TV):
        if _occurs(b, a):
            return False
        b.ref = a
        return True
    if a.name != b.name or len(a.args) != len(b.args):
        return False
    ok = True
    for x, y in zip(a.args, b.args, strict=True):
        ok = unify(x, y) and ok
    return ok


def show(t: Type) -> str:
    t = prune(t)
    if isinstance(t, TV):
        return f"?{t.id}"
    if t.name == "→":
        return f"({show(t.args[0])} → {show(t.args[1])})"
    if not t.args:
        return t.name
    return "(" + " ".join([t.name, *(show(a) for a in t.args)]) + ")"


def lean_text(t: Type) -> str | None:
    """Lean text of a ground data type (`List (Int × Nat)`); None for an unsolved or function type."""
    t = prune(t)
    if isinstance(t, TV) or t.name == "→":
        return None
    args = [lean_text(a) for a in t.args]
    if any(a is None for a in args):
        return None
    if t.name == "Prod" and len(args) == 2:
        return f"({args[0]} × {args[1]})"
    return " ".join([t.name, *(a if " " not in a or a.startswith("(") else f"({a})" for a in args)])


def instantiate(t: Type, mapping: dict[int, TV]) -> Type:
    """Copy `t`, replacing the unsolved variables listed (by id) in `mapping` keys with fresh ones."""
    t = prune(t)
    if isinstance(t, TV):
        if t.id in mapping:
            return mapping[t.id]
        return t
    if not t.args:
        return t
    return T(t.name, tuple(instantiate(a, mapping) for a in t.args))


def free_vars(t: Type, out: list[TV] | None = None) -> list[TV]:
    out = [] if out is None else out
    t = prune(t)
    if isinstance(t, TV):
        if t not in out:
            out.append(t)
    else:
        for a in t.args:
            free_vars(a, out)
    return out


def from_ast(node: A.Node | None, tvars: dict[str, TV] | None = None) -> Type:
    """The type a Lean type expression denotes; unknown or dependent parts become unification variables.

    `tvars` maps type-variable names (`α`, implicit binders) to their variables; unknown lowercase or Greek
    names are added to it (Lean's auto-bound implicits).
    """
    if node is None:
        return TV()
    tvars = {} if tvars is None else tvars
    if isinstance(node, A.Ident):
        name = node.name
        if name in _ATOMS:
            return _ATOMS[name]
        if name in tvars:
            return tvars[name]
        if name.startswith("Std.") or name.startswith("Lean."):
            return T(name.split(".")[-1])
        # auto-bound implicits: lowercase or Greek names, or one capital (`T`); `Pt` may be a declared structure
        if len(name) == 1 or name[0].islower() or "α" <= name[0] <= "ω":
            tv = TV()
            tvars[name] = tv
            return tv
        return T(name)
    if isinstance(node, A.App) and isinstance(node.fn, A.Ident):
        name = node.fn.name
        args = node.args
        if name in _UNARY and len(args) == 1:
            n = name.split(".")[-1]
            n = {"HashSet": "Finset"}.get(n, n)
            return T(n, (from_ast(args[0], tvars),))
        if name in ("Prod", "Std.HashMap", "HashMap") and len(args) == 2:
            return T("Prod" if name == "Prod" else "HashMap", (from_ast(args[0], tvars), from_ast(args[1], tvars)))
        if name == "Fin" and len(args) == 1:
            # `Fin k`: values are the Nats 0 … k-1 and arithmetic wraps modulo k (Init/Data/Fin/Basic.lean), so
            # a literal modulus rides along as a type argument; another modulus is an unknown one
            k = args[0]
            return T("Fin", (T(str(k.value)) if isinstance(k, A.NumLit) else TV(),))
        if name == "Subtype":
            # `Subtype α` (from `attach`): values are the α values themselves
            return T("Subtype", (from_ast(args[0], tvars),)) if len(args) == 1 else TV()
        return T(name, tuple(from_ast(a, tvars) for a in args))
    if isinstance(node, A.BinOp):
        if node.op == "×":
            return prod_t(from_ast(node.lhs, tvars), from_ast(node.rhs, tvars))
        if node.op == "→":
            return T("→", (from_ast(node.lhs, tvars), from_ast(node.rhs, tvars)))
    if isinstance(node, A.Pi):
        return T("→", (from_ast(node.binder.type, tvars), from_ast(node.body, tvars)))
    if isinstance(node, A.Ascribe):
        return from_ast(node.expr, tvars)
    if isinstance(node, A.Subtype):
        return from_ast(node.type, tvars)
    return TV()


def fin_modulus(t: Type) -> int | None:
    """The `k` of `Fin k` when it is a literal, else None."""
    t = prune(t)
    if isinstance(t, T) and t.name == "Fin" and t.args:
        m = prune(t.args[0])
        if isinstance(m, T) and m.name.isdigit():
            return int(m.name)
    return None


def is_type_expr(node: A.Node) -> bool:
    """Whether `node` syntactically denotes a data type (`Nat`, `List Int`, `α × β`), not a proposition."""
    if isinstance(node, A.Ident):
        return node.name in _ATOMS and node.name != "Prop"
    if isinstance(node, A.App) and isinstance(node.fn, A.Ident):
        return node.fn.name in ("List", "Array", "Option", "Prod", "Fin", "Finset", "Set")
    if isinstance(node, A.BinOp) and node.op == "×":
        return True
    return False
